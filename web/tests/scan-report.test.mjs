// `qili scan --report` on a phone's width (issue 29): the index and every page of games read
// without sideways scrolling at 390 px, and the index's links lead to the games they name. The
// report is written here from the committed records of games/records and two records of the
// test's own that a page must fold: a file name of 150 characters and a header of 300
// characters without a space, read with an error. Needs the qili binary (built by
// `cargo run --release`, as CI's report check has done before) and chromium (web/setup.sh).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { launch } from "../tools/browser.mjs";

const ROOT = resolve(import.meta.dirname, "..", "..");
let browser, dir;

before(async () => {
  const scratch = mkdtempSync(join(tmpdir(), "qili-scan-report-"));
  const own = join(scratch, "records");
  mkdirSync(own);
  // A real game (象甲联赛, CC BY 4.0) whose recorded draw disagrees with qili's verdict.
  copyFileSync(join(ROOT, "games/records/ccpd/00001215.pgn"), join(own, `${"长".repeat(30)}${"x".repeat(120)}.pgn`));
  writeFileSync(
    join(own, "long-header.pgn"),
    `[Event "${"赛".repeat(100)}${"y".repeat(200)}"]\n[Result "1-0"]\n\n1. h2e2 h9g7 2. h0g2 g7h9 3. g2h0 h9g7 4. h0g2 g7h9 5. g2h0 h9g7 6. h0g2 z9z9 1-0\n`,
  );
  dir = join(scratch, "report");
  execFileSync(
    "cargo",
    ["run", "--release", "--locked", "-q", "-p", "qili-cli", "--", "scan", join(ROOT, "games/records"), own, "--report", dir, "--out", join(scratch, "scan.jsonl")],
    { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] },
  );
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test("the scan report's index and pages fit a phone's width, and the index links its games", async () => {
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.setViewportSize({ width: 390, height: 844 });
  const names = readdirSync(dir).filter((n) => n.endsWith(".html")).sort();
  assert.ok(names.includes("scan.html") && names.includes("games-0001.html"), names.join(" "));
  for (const name of names) {
    await page.goto(pathToFileURL(join(dir, name)).href);
    const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    assert.ok(scroll <= inner, `${name} is ${scroll} px wide on a ${inner} px screen`);
    // A header's name keeps a readable width beside a long value (it was squeezed to a letter
    // a line).
    const narrowest = await page.$$eval(".headers th", (ths) => Math.min(...ths.map((t) => t.getBoundingClientRect().width)));
    assert.ok(narrowest >= 60, `${name}: a header's name is ${narrowest} px wide`);
  }
  // The disagreement and the error are linked from the index to their games' sections.
  await page.goto(pathToFileURL(join(dir, "scan.html")).href);
  for (const [section, file] of [["disagreements", "xxx.pgn"], ["errors", "long-header.pgn"]]) {
    const link = page.locator(`#${section} li a`, { hasText: file });
    assert.equal(await link.count(), 1, `${section}: ${await page.textContent(`#${section}`)}`);
    const [href, id] = (await link.getAttribute("href")).split("#");
    await link.click();
    await page.waitForURL((u) => u.pathname.endsWith(href));
    const target = page.locator(`[id="${id}"]`);
    assert.equal(await target.count(), 1, `${href}#${id}`);
    assert.match(await target.textContent(), new RegExp(file.replace(".", "\\.")));
    await page.goto(pathToFileURL(join(dir, "scan.html")).href);
  }
  assert.deepEqual(errors, []);
  await page.close();
});
