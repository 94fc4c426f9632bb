// The screenshots under docs/screenshots/: the page (a corpus case with its threat drawn, an
// input rejected, a pasted game) and the report (its top, and a case stepped to a ply), each
// at a desktop and a phone width. Needs web/dist (web/build.sh), reports/report.html,
// chromium and a CJK font (web/setup.sh). Usage: npm run screenshots
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { launch, fileUrl } from "./browser.mjs";

const OUT = join(import.meta.dirname, "..", "..", "docs", "screenshots");
const WIDTHS = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } };
mkdirSync(OUT, { recursive: true });
const browser = await launch();
for (const [name, viewport] of Object.entries(WIDTHS)) {
  const page = await browser.newPage();
  await page.setViewportSize(viewport);
  // A chase (捉) with its arrow: the case opened by its id in the URL, stepped to ply 1.
  await page.goto(fileUrl("web/dist/index.html") + "#cxa2011-ref37 [cxa2011]");
  await page.waitForSelector("body[data-ready=true]");
  await page.waitForSelector("#verdict");
  await page.click("tr[data-ply='1']");
  await page.screenshot({ path: join(OUT, `page-${name}.png`), fullPage: true });
  // An input rejected: the error names it, nothing of the case's ruling is left.
  await page.fill("#moves", "h2e2 h9g7 炮五进九");
  await page.click("#judge");
  await page.screenshot({ path: join(OUT, `page-rejected-${name}.png`) });
  // A real game pasted (象甲联赛, games/records/ccpd, CC BY 4.0): the verdict first.
  const game = new TextDecoder("big5").decode(readFileSync(join(import.meta.dirname, "..", "..", "games", "records", "ccpd", "00000287.pgn")));
  await page.fill("#moves", game);
  await page.click("#judge");
  await page.waitForSelector("#verdict");
  await page.screenshot({ path: join(OUT, `page-game-${name}.png`) });
  await page.goto(fileUrl("reports/report.html"));
  await page.screenshot({ path: join(OUT, `report-${name}.png`) });
  await page.goto(fileUrl("reports/report.html") + "#cxa2011-ref37");
  await page.click("#cxa2011-ref37--cxa2011 tr[data-ply='2']");
  await page.locator("#cxa2011-ref37").screenshot({ path: join(OUT, `report-case-${name}.png`) });
  await page.close();
}
await browser.close();
console.log(`screenshots in ${OUT}`);
