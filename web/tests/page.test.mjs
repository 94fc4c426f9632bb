// The referee's page in a real browser, from file:// (where module scripts and fetching a
// .wasm are blocked): open a corpus case and read its verdict; type a position and moves and
// read the labels; enter a move by clicking; a rejected input clears the ruling; read a case
// and a pasted game on a phone's width; Chinese glyphs drawn, not boxes. Needs web/dist
// (web/build.sh), chromium and a CJK font (web/setup.sh installs them).
// A failing test leaves a screenshot in web/test-output/.
import { test, before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { launch, fileUrl } from "../tools/browser.mjs";

const PAGE = fileUrl("web/dist/index.html");
const OUTPUT = join(import.meta.dirname, "..", "test-output");
let browser, page;
const errors = [];

before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

// A new tab on `url`, its script errors collected.
async function open(url) {
  page = await browser.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(url);
}

// The referee's page, once the engine has started.
async function fresh(hash = "") {
  await open(PAGE + hash);
  await page.waitForSelector("body[data-ready=true]", { timeout: 20000 });
}

afterEach(async (t) => {
  if (page && t.passed === false) {
    mkdirSync(OUTPUT, { recursive: true });
    const name = t.name.replace(/[^a-z0-9]+/gi, "-");
    await page.screenshot({ path: join(OUTPUT, `${name}.png`), fullPage: true });
  }
  await page?.close();
  page = null;
});

test("a corpus case opens with its verdict and the published labels beside qili's", async () => {
  await fresh();
  await page.fill("#case-id", "cxa2011-ref08 [cxa2011]");
  await page.click("#open-case");
  await page.waitForSelector("#verdict");
  assert.match(await page.textContent("#verdict"), /结论：.*红方/);
  assert.equal(await page.inputValue("#rules"), "cxa2011");
  const published = await page.$$eval("td.published", (tds) => tds.map((t) => t.textContent));
  const qili = await page.$$eval("td.qili", (tds) => tds.map((t) => t.textContent));
  assert.ok(published.length > 0 && published.length === qili.length);
  assert.ok(qili.every((l) => l !== "—"), qili.join(" "));
  assert.match(await page.textContent("#case-source"), /参考图8/);
  assert.match(await page.textContent(".compare"), /原书/);
  // The board shows the last ply with its arrows; stepping back to the start moves the pieces.
  assert.equal(await page.textContent("#step-label"), `${qili.length} / ${qili.length}`);
  await page.click("#first");
  assert.equal(await page.textContent("#step-label"), `0 / ${qili.length}`);
  assert.equal(await page.$$eval("line.arrow", (a) => a.length), 0);
  assert.deepEqual(errors, []);
});

test("a typed position and moves in three notations get their labels and verdict", async () => {
  await fresh();
  await page.fill("#position", "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w");
  await page.fill("#moves", "车四平五 將5平6 R5.4 f8e8");
  await page.click("#judge");
  await page.waitForSelector("#verdict");
  const labels = await page.$$eval("td.qili", (tds) => tds.map((t) => t.textContent));
  assert.deepEqual(labels, ["将", "闲", "将", "闲"]);
  assert.match(await page.textContent("#verdict"), /红方作负/);
  assert.match(await page.textContent("#ruling"), /红方：禁止着法（长将）/);
  // The check drawn as an arrow from the rook to the king, on ply 1.
  await page.click("tr[data-ply='1']");
  const arrows = await page.$$eval("line.arrow", (a) => a.map((l) => `${l.dataset.from}${l.dataset.to} ${l.classList[1]}`));
  assert.deepEqual(arrows, ["e0e8 check"]);
  // The rook's square in the evidence, ringed on the board under the pointer.
  await page.hover("tr[data-ply='1'] .sq[data-sq='e0']");
  assert.deepEqual(await page.$$eval("#board .ring", (r) => r.map((c) => [c.getAttribute("cx"), c.getAttribute("cy")])), [["196", "396"]]);
  assert.deepEqual(errors, []);
});

test("a move entered by clicking on the board is read and ruled", async () => {
  await fresh();
  for (const sq of ["h2", "e2"]) {
    const p = await pointOf(sq);
    await page.mouse.click(p.x, p.y);
  }
  await page.waitForFunction(() => document.querySelector("#moves").value.includes("炮二平五"));
  assert.equal(await page.textContent("#step-label"), "1 / 1");
  assert.match(await page.textContent("#ruling"), /未形成循环重复/);
  assert.deepEqual(errors, []);
});

// The centre of a point on the page, in CSS pixels.
async function pointOf(sq) {
  const box = await page.locator("#board").boundingBox();
  const f = "abcdefghi".indexOf(sq[0]), r = +sq[1];
  return { x: box.x + ((36 + 40 * f) * box.width) / 392, y: box.y + ((36 + 40 * (9 - r)) * box.height) / 448 };
}

test("a position clicked onto the board is read and ruled", async () => {
  await fresh();
  await page.click("#edit-toggle");
  await page.click("#clear-board");
  const placed = { b: ["c9"], k: ["e8"], p: ["c1"], K: ["d0"], R: ["f0"], B: ["g0"], c: ["h0"] };
  for (const [piece, squares] of Object.entries(placed)) {
    await page.click(`#palette button[data-piece='${piece}']`);
    for (const sq of squares) {
      const p = await pointOf(sq);
      await page.mouse.click(p.x, p.y);
    }
  }
  assert.equal(await page.inputValue("#position"), "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w");
  await page.click("#edit-toggle");
  await page.fill("#moves", "f0e0 e8f8 e0f0 f8e8");
  await page.click("#judge");
  await page.waitForSelector("#verdict");
  assert.deepEqual(await page.$$eval("td.qili", (tds) => tds.map((t) => t.textContent)), ["将", "闲", "将", "闲"]);
  assert.deepEqual(errors, []);
});

test("a pasted game record and a DhtmlXQ binit set up their own positions", async () => {
  await fresh();
  await page.fill("#moves", '[Event "t"]\n[FEN "4k4/9/9/9/5R3/9/9/9/9/3K5 w"]\n\n1. R4.5 K5.6 2. R5.4 K6.5 *\n');
  await page.click("#judge");
  await page.waitForSelector("#verdict");
  assert.equal(await page.inputValue("#position"), "4k4/9/9/9/5R3/9/9/9/9/3K5 w");
  assert.deepEqual(await page.$$eval("td.qili", (tds) => tds.map((t) => t.textContent)), ["将", "闲", "将", "闲"]);
  await page.fill("#position", "9999075947398799999999999999999999999950403099414899499999996323");
  await page.selectOption("#side", "w");
  await page.fill("#moves", "帅五退一");
  await page.click("#judge");
  await page.waitForSelector("#verdict");
  assert.equal(await page.inputValue("#position"), "3aka3/4n4/9/2p3p2/9/9/9/B3K3B/4r4/3AcA3 w");
  assert.match(await page.textContent("#ruling"), /帅五退一/);
  assert.deepEqual(errors, []);
});

// Nothing of a previous ruling may stay on screen once an input is rejected: a referee would
// read it as the answer to what was just typed.
test("a rejected input clears the ruling, the table and the board's marks, and says which input and why", async () => {
  await fresh();
  const openRef08 = async () => {
    await page.fill("#case-id", "cxa2011-ref08 [cxa2011]");
    await page.click("#open-case");
    await page.waitForSelector("#verdict");
    assert.ok((await page.$$eval("#board line.arrow", (a) => a.length)) > 0);
    assert.ok((await page.$$eval("#board .last-move", (a) => a.length)) > 0);
  };
  const cleared = async (field) => {
    assert.equal(await page.$("#verdict"), null);
    assert.equal(await page.$$eval("#ruling *", (e) => e.length), 0);
    assert.equal(await page.$$eval("#board line.arrow, #board .last-move, #board .ring", (e) => e.length), 0);
    assert.equal(await page.textContent("#case-source"), "");
    assert.equal(await page.textContent("#step-label"), "0 / 0");
    assert.ok(await page.$("#board-wrap.rejected"), "the board is greyed");
    assert.equal(await page.isVisible("#error"), true);
    // Only the rejected input is marked.
    const invalid = await page.$$eval("[aria-invalid=true]", (e) => e.map((x) => x.id));
    assert.deepEqual(invalid, [field]);
  };
  await openRef08();
  await page.fill("#position", "startpos");
  await page.fill("#moves", "h2e2 h9g7 炮五进九");
  await page.click("#judge");
  await cleared("moves");
  assert.match(await page.textContent("#error"), /^着法 Moves: ply 3 \(炮五进九, red to move\)/);
  assert.match(await page.textContent("#error"), /input rejected, nothing ruled/);
  // The position was read: the board shows it (the start position), without moves.
  assert.equal(await page.$$eval("#board g.piece", (g) => g.length), 32);
  // What was typed is kept, to be corrected; the greyed board takes no moves meanwhile.
  assert.equal(await page.inputValue("#moves"), "h2e2 h9g7 炮五进九");
  const p = await pointOf("h2");
  await page.mouse.click(p.x, p.y);
  assert.equal(await page.inputValue("#moves"), "h2e2 h9g7 炮五进九");

  await openRef08();
  await page.fill("#position", "9/9 w");
  await page.click("#judge");
  await cleared("position");
  assert.match(await page.textContent("#error"), /^局面 Position \(FEN\): /);

  await openRef08();
  await page.fill("#case-id", "no-such-case");
  await page.click("#open-case");
  await cleared("case-id");
  assert.match(await page.textContent("#error"), /^判例 Corpus case: case 'no-such-case': no such case id/);

  // Corrected, the input is ruled again and nothing is marked.
  await page.fill("#position", "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w");
  await page.fill("#moves", "f0e0 e8f8 e0f0 f8e8");
  await page.click("#judge");
  await page.waitForSelector("#verdict");
  assert.match(await page.textContent("#verdict"), /红方作负/);
  assert.equal(await page.isVisible("#error"), false);
  assert.equal(await page.$$eval("[aria-invalid=true]", (e) => e.length), 0);
  assert.equal(await page.$("#board-wrap.rejected"), null);
  assert.deepEqual(errors, []);
});

test("the report steps through a case's moves on its board", async () => {
  await open(fileUrl("reports/report.html") + "#cxa2011-ref37");
  assert.ok(await page.$("meta[name=viewport]"));
  const section = page.locator("#cxa2011-ref37");
  const rook = section.locator("g.piece[data-square='g5']");
  assert.equal(await rook.getAttribute("transform"), null);
  // Ply 1 of the final edition is 车三退一 (g5g4): the rook drawn one rank lower.
  await section.locator("#cxa2011-ref37--cxa2011 tr[data-ply='1']").click();
  assert.equal(await rook.getAttribute("transform"), "translate(0 40)");
  assert.match(await section.locator(".step-label").textContent(), /1 \/ 4/);
  await section.locator("button[data-go=last]").click();
  assert.match(await section.locator(".step-label").textContent(), /4 \/ 4/);
  await section.locator("button[data-go=first]").click();
  assert.equal(await rook.getAttribute("transform"), null);
  // A square the evidence names is ringed on the board under the pointer.
  await section.locator("#cxa2011-ref37--cxa2011 .sq[data-sq='i4']").first().hover();
  const ring = section.locator("svg.board circle[r='21']");
  assert.deepEqual([await ring.getAttribute("cx"), await ring.getAttribute("cy")], ["356", "236"]);
  assert.deepEqual(errors, []);
});

test("on a phone's width the page reads without sideways scrolling", async () => {
  await fresh();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.fill("#case-id", "axf-orange-617 [axf]");
  await page.click("#open-case");
  await page.waitForSelector("#verdict");
  assert.match(await page.textContent("#verdict"), /结论：红方变着/);
  // The page is no wider than the screen (tables scroll inside their own boxes).
  const [scroll, inner] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  assert.ok(scroll <= inner, `page ${scroll} px wide on a ${inner} px screen`);
  // The board is on the screen and not squeezed away.
  const board = await page.$eval("svg", (s) => s.getBoundingClientRect().width);
  assert.ok(board > 200 && board <= inner, `board ${board} px`);
  assert.deepEqual(errors, []);
});

test("on a phone, choosing a ply in the table brings the board into view", async () => {
  await fresh();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.fill("#case-id", "cxa2011-ref37 [cxa2011]");
  await page.click("#open-case");
  await page.waitForSelector("#verdict");
  // The table is below the board and the fields: its last row in view, the board is not.
  const row = page.locator("#ruling tr[data-ply='4']");
  await row.scrollIntoViewIfNeeded();
  const inView = () => page.$eval("#board-wrap", (e) => {
    const b = e.getBoundingClientRect();
    return b.top >= 0 && b.bottom <= window.innerHeight;
  });
  assert.equal(await inView(), false);
  await row.click();
  assert.equal(await inView(), true);
  assert.equal(await page.textContent("#step-label"), "4 / 4");
  assert.deepEqual(errors, []);
});

// A real game (象甲联赛, CC BY 4.0, games/records/ccpd) of 126 plies ending in a repetition.
test("after a pasted game the verdict comes first and the plies before the cycle are folded", async () => {
  const game = new TextDecoder("big5").decode(readFileSync(join(import.meta.dirname, "..", "..", "games", "records", "ccpd", "00000287.pgn")));
  await fresh();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.fill("#moves", game);
  await page.click("#judge");
  await page.waitForSelector("#verdict");
  assert.match(await page.textContent("#verdict"), /作和/);
  const box = (sel) => page.$eval(sel, (e) => e.getBoundingClientRect().toJSON());
  const verdict = await box("#verdict");
  assert.ok(verdict.top >= 0 && verdict.bottom <= 844, `verdict at ${verdict.top}–${verdict.bottom} px on an 844 px screen`);
  assert.ok(verdict.bottom <= (await box("#ruling table.plies")).top, "the verdict above the table");
  // The plies before the cycle are one row; the cycle's plies are shown.
  const shown = () => page.$$eval("#ruling tbody tr[data-ply]", (rows) => rows.filter((r) => r.offsetParent !== null).length);
  const judged = await page.$$eval("#ruling tbody tr[data-ply]:not(.not-judged)", (rows) => rows.length);
  assert.ok(judged > 0 && (await shown()) === judged, `${await shown()} rows shown, ${judged} judged`);
  assert.match(await page.textContent("#ruling tr.fold"), /循环之前/);
  await page.click("#unfold");
  assert.equal(await shown(), 126);
  assert.deepEqual(errors, []);
});

// Without a CJK font every Chinese character is the same missing-glyph box (tofu), and a test
// reading text passes anyway. Drawn in the page's font: 将 must differ from 士, from a
// character no font has, and from nothing.
test("Chinese characters are drawn with a CJK font, not as boxes", async () => {
  await fresh();
  const drawn = await page.evaluate(() => {
    const font = getComputedStyle(document.querySelector("#board g.piece text")).fontFamily;
    const draw = (ch) => {
      const c = document.createElement("canvas");
      c.width = c.height = 48;
      const g = c.getContext("2d");
      g.font = `36px ${font}`;
      g.textBaseline = "top";
      g.fillText(ch, 4, 4);
      return g.getImageData(0, 0, 48, 48).data.join(",");
    };
    const king = draw("将");
    return { font, blank: king === draw(" "), missing: king === draw("\u{10FFFD}"), advisor: king === draw("士") };
  });
  const hint = `(font-family ${drawn.font}: is a CJK font installed? web/setup.sh installs fonts-noto-cjk)`;
  assert.ok(!drawn.blank, `将 draws nothing ${hint}`);
  assert.ok(!drawn.missing, `将 draws as the missing-glyph box ${hint}`);
  assert.ok(!drawn.advisor, `将 and 士 draw alike ${hint}`);
  assert.deepEqual(errors, []);
});

test("on a phone the report's evidence has the screen's width", async () => {
  await open(fileUrl("reports/report.html") + "#cxa2011-ref37");
  await page.setViewportSize({ width: 390, height: 844 });
  const width = await page.$eval("#cxa2011-ref37--cxa2011 td.evidence", (td) => td.getBoundingClientRect().width);
  assert.ok(width >= 300, `the evidence column is ${width} px wide on a 390 px screen`);
  const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  assert.ok(scroll <= inner, `page ${scroll} px wide on a ${inner} px screen`);
  assert.deepEqual(errors, []);
});

// One board script, one ruling-table script, one stylesheet: the files the page loads are the
// very text the report inlines (view/static/, include_str! in the report), not copies.
test("the page and the report share the view's board script, ruling-table script and stylesheet", async () => {
  const report = readFileSync(join(import.meta.dirname, "..", "..", "reports", "report.html"), "utf8");
  for (const f of ["board.js", "ruling.js", "view.css"]) {
    const text = readFileSync(join(import.meta.dirname, "..", "dist", f), "utf8");
    assert.ok(text.length > 200 && report.includes(text), `${f} is not the report's`);
  }
  const index = readFileSync(join(import.meta.dirname, "..", "dist", "index.html"), "utf8");
  for (const f of ["board.js", "ruling.js", "view.css"]) assert.ok(index.includes(`"${f}"`), f);
  // The page draws no board of its own: its script has no geometry, no FEN reading.
  const app = readFileSync(join(import.meta.dirname, "..", "dist", "app.js"), "utf8");
  assert.doesNotMatch(app, /CELL|MARGIN|parseFen|writeFen|createElementNS/);
});
