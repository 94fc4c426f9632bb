// The referee's page: a board (SVG), the position and moves fields, the ruling table. The
// engine (qili.js: wasm-bindgen's no-modules glue with the wasm embedded) reads every text and
// rules, and draws the board (view/src/svg.rs); this script lays out the fields and the
// table and keeps the state, with the view's shared board.js and ruling.js. No framework,
// works from file://.
"use strict";

const $ = (id) => document.getElementById(id);

const state = {
  fen: "", // start position
  moves: [], // [{iccs, chinese}]
  step: 0, // plies played on the board
  ruling: null, // judge() result
  published: null, // the corpus edition shown, if any
  line: null, // {ply, index, k}: stepping through an evidence line
  selected: null, // square picked to move from
  editing: false,
  piece: "R", // the piece the set-up palette places ("" removes)
  rejected: false, // the last input was rejected: the board is greyed, nothing is ruled
};

// The inputs an error can be in: the element holding each and its name on the page.
// (`word`: how the engine's messages name the field, replaced by the page's name.)
const FIELDS = {
  position: { id: "position", name: "局面 Position", word: "position" },
  side: { id: "side", name: "行棋方 Side to move", word: "side to move" },
  moves: { id: "moves", name: "着法 Moves", word: "moves" },
  rules: { id: "rules", name: "规则 Rules" },
  case: { id: "case-id", name: "判例 Corpus case" },
  board: { id: "board", name: "棋盘 Board" },
};

// The error line: `msg`, the field it is about marked (aria-invalid) and named; none clears it.
function showError(msg, field) {
  const e = $("error");
  e.hidden = !msg;
  for (const f of Object.values(FIELDS)) $(f.id).removeAttribute("aria-invalid");
  const f = field && FIELDS[field];
  if (f) $(f.id).setAttribute("aria-invalid", "true");
  let text = msg || "";
  if (msg && f) {
    const named = f.word && msg.startsWith(f.word) && /^[:\s(]/.test(msg.slice(f.word.length));
    text = named ? f.name + msg.slice(f.word.length) : `${f.name}: ${msg}`;
  }
  e.textContent = text;
}

// Call the engine: `{ok}` with the parsed JSON, or `{err, field}` with the message and the
// input it rejected (the engine's errors are JSON `{field, message}`).
function call(f, ...args) {
  try {
    return { ok: JSON.parse(f(...args)) };
  } catch (e) {
    const text = String(e && e.message ? e.message : e);
    try {
      const parsed = JSON.parse(text);
      if (parsed && typeof parsed.message === "string") return { err: parsed.message, field: parsed.field };
    } catch (_) {
      // Not the engine's JSON: shown as it is.
    }
    return { err: text };
  }
}

// An input was rejected: nothing that answered the inputs before may stay on screen, where it
// would read as the answer to these. The ruling, its table and the book's verdict go, the
// board keeps only the last position read (greyed, without moves, arrows or marks), and the
// error says which input and why. `start`, when given, is the position that was read.
function reject(field, msg, start) {
  if (start) state.fen = start;
  state.moves = [];
  state.step = 0;
  state.ruling = null;
  state.published = null;
  state.line = null;
  state.selected = null;
  state.rejected = true;
  $("case-source").textContent = "";
  renderRuling();
  render();
  showError(`${msg}\n输入有误，未判定：上次的判定已清除，棋盘显示上次读入的局面；改正后再判定 (input rejected, nothing ruled: the previous ruling is cleared, the board shows the last position read; correct the input and judge again)`, field);
}

// Bring `el` into view (a phone's screen holds the board or the ruling, not both).
function reveal(el) {
  if (!el) return;
  const box = el.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) el.scrollIntoView({ block: box.height > window.innerHeight ? "start" : "nearest" });
}

// The board after `n` plies and, when stepping through a line, its moves: asked of the engine,
// which draws it (view/src/svg.rs) and says its pieces, side to move and FEN.
function boardAt(n, line, arrows) {
  const moves = state.moves.slice(0, n).map((m) => m.iccs).concat(line || []);
  const b = call(wasm_bindgen.board, state.fen, moves.join(" "), state.selected || "", JSON.stringify(arrows || []));
  return b.ok || { svg: "", fen: state.fen, turn: "w", pieces: [] };
}

function render() {
  const wrap = $("board-wrap");
  wrap.classList.toggle("rejected", state.rejected);
  const line = lineMoves();
  const ply = currentPly();
  wrap.innerHTML = boardAt(state.step, line, ply && !line ? ply.arrows : null).svg;
  const board = wrap.querySelector("svg");
  if (board) {
    board.id = "board";
    board.setAttribute("aria-label", "棋盘 board");
  }
  renderSteps(ply, line);
  renderTableCursor();
}

// The ruling of the ply just played (the last on the board), if judged.
function currentPly() {
  if (!state.ruling || state.step === 0) return null;
  return state.ruling.plies.find((p) => p.ply === state.step) || null;
}

function lineMoves() {
  const l = state.line;
  if (!l || l.ply !== state.step) return null;
  const p = currentPly();
  return p && p.lines[l.index] ? p.lines[l.index].moves.slice(0, l.k) : null;
}

function renderSteps(ply, line) {
  $("step-label").textContent = `${state.step} / ${state.moves.length}`;
  const ls = $("line-steps");
  const text = $("step-text");
  if (ply && ply.lines.length) {
    const l = state.line && state.line.ply === state.step ? state.line : { ply: state.step, index: 0, k: 0 };
    state.line = l;
    const moves = ply.lines[l.index].moves;
    ls.hidden = false;
    $("line-label").textContent = `伏着 ${ply.lines[l.index].shows === "杀" ? "杀" : "得" + ply.lines[l.index].shows}: ${l.k} / ${moves.length}`;
    $("line-prev").disabled = l.k === 0;
    $("line-next").disabled = l.k >= moves.length;
  } else {
    ls.hidden = true;
  }
  if (ply) {
    text.textContent = `第${ply.ply}着 ${ply.chinese}：${ply.label} — ${ply.line}` + (line && line.length ? `（伏着 ${line.join(" ")}）` : "");
  } else if (state.rejected) {
    text.textContent = "输入有误，未判定 (input rejected)";
  } else if (state.step > 0) {
    const m = state.moves[state.step - 1];
    text.textContent = `第${state.step}着 ${m.chinese}` + (state.ruling ? "（未判）" : "");
  } else {
    text.textContent = "";
  }
}

function renderTableCursor() {
  document.querySelectorAll("#ruling tbody tr").forEach((tr) => tr.classList.toggle("current", +tr.dataset.ply === state.step));
}

function go(step) {
  state.step = Math.max(0, Math.min(state.moves.length, step));
  state.selected = null;
  render();
}

function stepLine(delta) {
  const p = currentPly();
  if (!p || !state.line) return;
  const n = p.lines[state.line.index].moves.length;
  state.line.k = Math.max(0, Math.min(n, state.line.k + delta));
  render();
}

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

// The plies before the judged cycle folded into one row when there are at least this many (a
// pasted game's opening and middlegame, each "—").
const FOLD_AT = 8;

// The ruling as `qili judge` prints it, the verdict first: the verdict with its reason (and,
// with a corpus case, the book's beside it), each side and the cycle, then one row per ply
// with the published label beside qili's. The plies before the cycle, when there are many,
// are one row that opens on a click.
function renderRuling() {
  const out = $("ruling");
  const r = state.ruling;
  if (!r) { out.replaceChildren(); return; }
  const pub = state.published;
  // The sentences (verdict, sides, cycle) are the engine's (view/src/ruling.rs), as HTML.
  let h = r.verdict_html;
  if (pub) {
    const agrees = pub.published_verdict === null ? "" : pub.published_verdict === r.verdict ? "（一致 agrees）" : "（不一致 differs）";
    h += `<table class="compare"><tr><td>原书 published</td><td><strong>${esc(pub.published_verdict_chinese || "未公布 not published")}</strong>${pub.published_text ? " — " + esc(pub.published_text) : ""}</td></tr>`;
    h += `<tr><td>qili</td><td><strong>${esc(r.verdict_chinese)}</strong> ${agrees}</td></tr></table>`;
  }
  h += r.sides_html;
  const pubByPly = new Map(pub ? pub.plies.map((p) => [p.ply, p]) : []);
  const byPly = new Map(r.plies.map((p) => [p.ply, p]));
  const columns = pub ? 6 : 5;
  // The plies before the first judged one (none judged: all of them).
  const firstJudged = r.plies.find((p) => p.judged);
  const before = firstJudged ? firstJudged.ply - 1 : state.moves.length;
  const fold = before >= FOLD_AT && !pub;
  h += `<table class="plies"><thead><tr><th>着</th><th>方</th><th>着法</th>${pub ? "<th>原书 published</th>" : ""}<th>性质 qili</th><th>依据 evidence</th></tr></thead><tbody${fold ? ' class="folded"' : ""}>`;
  if (fold) {
    const what = firstJudged ? `循环之前的着法，未判 (${before} plies before the cycle, not judged)` : `未形成循环，各着未判 (no cycle at the end: ${before} plies, none judged)`;
    h += `<tr class="fold"><td colspan="${columns}"><button type="button" id="unfold">第1–${before}着 ▸</button> ${what}</td></tr>`;
  }
  state.moves.forEach((m, i) => {
    const n = i + 1, p = byPly.get(n), pp = pubByPly.get(n);
    const published = pp && pp.published ? pp.published : "—";
    const label = p ? p.label : "—";
    const differs = pp && pp.published && p && pp.published !== p.label;
    const cls = [differs ? "differs" : "", !p || !p.judged ? "not-judged" : "", fold && n <= before ? "before" : ""].join(" ").trim();
    h += `<tr data-ply="${n}" class="${cls}"><td class="num">${p ? esc(p.row.number) : n}</td><td class="side">${p ? esc(p.row.side) : ""}</td><td class="move">${esc(m.chinese)}</td>`;
    if (pub) h += `<td class="label published">${esc(published)}</td>`;
    h += `<td class="label qili">${esc(label)}</td><td class="evidence">${p ? p.evidence_html : ""}</td></tr>`;
  });
  h += "</tbody></table>";
  out.innerHTML = h;
  const unfold = $("unfold");
  if (unfold) unfold.addEventListener("click", () => {
    out.querySelector("tbody").classList.remove("folded");
    unfold.closest("tr").remove();
  });
  // A ply chosen in the table: the board shows it, scrolled into view on a small screen.
  QiliRuling.chooseRows(out, (ply) => {
    go(ply);
    reveal($("board-wrap"));
  });
}

function movesText() {
  return state.moves.map((m) => m.chinese).join(" ");
}

// Read the fields, rule the moves, show everything at the last ply. A rejected input clears
// what was shown (`reject`).
function judgeNow() {
  showError("");
  const read = call(wasm_bindgen.read, $("position").value, $("side").value, $("moves").value);
  if (read.err) {
    // The position alone, when it is the moves that were rejected: the board shows it.
    const position = read.field === "moves" ? call(wasm_bindgen.read, $("position").value, $("side").value, "") : {};
    reject(read.field || "moves", read.err, position.ok ? position.ok.fen : null);
    return false;
  }
  state.fen = read.ok.fen;
  state.moves = read.ok.moves;
  $("position").value = state.fen;
  $("side").value = "";
  state.line = null;
  state.ruling = null;
  state.rejected = false;
  if (state.moves.length) {
    const iccs = state.moves.map((m) => m.iccs).join(" ");
    const j = call(wasm_bindgen.judge, state.fen, iccs, $("rules").value, $("all-plies").checked);
    if (j.err) { reject(j.field || "moves", j.err, state.fen); return false; }
    state.ruling = j.ok;
  }
  renderRuling();
  go(state.moves.length);
  return true;
}

function loadPosition() {
  showError("");
  const read = call(wasm_bindgen.read, $("position").value, $("side").value, "");
  if (read.err) { reject(read.field || "position", read.err); return; }
  state.fen = read.ok.fen;
  state.rejected = false;
  $("position").value = state.fen;
  $("side").value = "";
  state.moves = [];
  $("moves").value = "";
  state.ruling = null;
  state.published = null;
  $("case-source").textContent = "";
  renderRuling();
  go(0);
}

// Clicking the board: in play, pick a piece of the side to move, then its destination (the
// moves after the current ply are dropped, as a game editor does); in set-up, place a piece.
function clickBoard(evt) {
  const board = $("board");
  const s = board && QiliBoard.squareAt(board, evt);
  if (!s) return;
  if (state.editing) { placePiece(s); return; }
  // The greyed board of a rejected input takes no moves (they would replace what was typed in
  // the moves field); the error above stays as it is.
  if (state.rejected) return;
  state.line = null;
  const at = boardAt(state.step, null);
  const p = at.pieces.find((x) => x.square === s);
  const own = p && p.red === (at.turn === "w");
  if (state.selected && !own) {
    const legal = call(wasm_bindgen.legal_moves, at.fen);
    const from = state.selected;
    const m = legal.ok && legal.ok.find((m) => m.iccs === from + s);
    state.selected = null;
    // Nothing changed: the moves and their ruling on screen still agree.
    if (!m) { showError(`${from}${s}: not a legal move here 不是合法着法; the moves are as they were`, "board"); render(); return; }
    state.moves = state.moves.slice(0, state.step).concat([{ iccs: m.iccs, chinese: m.chinese }]);
    $("moves").value = movesText();
    state.published = null;
    $("case-source").textContent = "";
    judgeNow();
    return;
  }
  state.selected = own && state.selected !== s ? s : null;
  render();
}

function placePiece(s) {
  const placed = call(wasm_bindgen.place, state.fen, "", s, state.piece);
  if (placed.ok === undefined) return;
  state.fen = placed.ok;
  $("position").value = state.fen;
  render();
}

function toggleEdit() {
  state.editing = !state.editing;
  $("palette").hidden = !state.editing;
  $("clear-board").hidden = !state.editing;
  $("edit-toggle").textContent = state.editing ? "完成 Done" : "摆棋 Set up";
  if (state.editing) {
    // Set up from the position on the board now, without moves.
    state.fen = boardAt(state.step, null).fen;
    state.moves = [];
    state.ruling = null;
    state.published = null;
    $("moves").value = "";
    $("position").value = state.fen;
    renderRuling();
    go(0);
  } else {
    const placed = call(wasm_bindgen.place, state.fen, $("side").value, "", "");
    $("position").value = placed.ok !== undefined ? placed.ok : state.fen;
    $("side").value = "";
    loadPosition();
  }
}

function buildPalette() {
  const pal = $("palette");
  const pieces = JSON.parse(wasm_bindgen.palette()).concat([{ piece: "", glyph: "✕", red: false }]);
  for (const { piece: p, glyph, red } of pieces) {
    const b = document.createElement("button");
    b.textContent = glyph;
    b.title = p ? `${red ? "红" : "黑"}${glyph} (${p})` : "remove 移除";
    b.dataset.piece = p;
    if (red) b.classList.add("red");
    b.addEventListener("click", () => {
      state.piece = p;
      pal.querySelectorAll("button").forEach((x) => x.classList.toggle("selected", x === b));
    });
    if (p === state.piece) b.classList.add("selected");
    pal.append(b);
  }
}

// A corpus case × edition from corpus.js (built from reports/results.json).
function findCase(text) {
  const key = text.trim();
  const cases = (window.QILI_CORPUS || { cases: [] }).cases;
  for (const c of cases) for (const e of c.editions) {
    if (key === `${c.id} [${e.edition}]` || key === e.anchor) return { c, e };
  }
  const c = cases.find((c) => c.id === key);
  return c ? { c, e: c.editions[0] } : null;
}

function openCase() {
  const found = findCase($("case-id").value);
  if (!found) { reject("case", `case '${$("case-id").value.trim()}': no such case id in the bundled corpus (expected e.g. cxa2011-ref08)`); return; }
  const { c, e } = found;
  $("position").value = c.fen;
  $("side").value = "";
  $("moves").value = e.plies.map((p) => p.iccs).join(" ");
  $("rules").value = e.rule_book;
  $("all-plies").checked = true;
  $("case-source").textContent = `${c.id} — ${c.title} · ${e.edition}${e.figure ? " " + e.figure : ""} · ${e.work}`;
  if (judgeNow()) {
    state.published = e;
    renderRuling();
    render();
    return true;
  }
  return false;
}

function fillCorpus() {
  const list = $("case-list");
  for (const c of (window.QILI_CORPUS || { cases: [] }).cases) for (const e of c.editions) {
    const o = document.createElement("option");
    o.value = c.editions.length > 1 ? `${c.id} [${e.edition}]` : c.id;
    o.label = `${c.title} (${e.edition})`;
    list.append(o);
  }
}

async function start() {
  const bytes = Uint8Array.from(atob(QILI_WASM_BASE64), (c) => c.charCodeAt(0));
  await wasm_bindgen({ module_or_path: bytes });
  for (const b of JSON.parse(wasm_bindgen.rule_books())) {
    const o = document.createElement("option");
    o.value = b.id;
    o.textContent = b.id;
    o.title = b.description;
    $("rules").append(o);
  }
  buildPalette();
  fillCorpus();
  $("board-wrap").addEventListener("click", clickBoard);
  // A square the evidence names, ringed on the board under the pointer.
  QiliRuling.ringSquares($("ruling"), () => $("board"));
  $("first").onclick = () => go(0);
  $("prev").onclick = () => go(state.step - 1);
  $("next").onclick = () => go(state.step + 1);
  $("last").onclick = () => go(state.moves.length);
  $("line-prev").onclick = () => stepLine(-1);
  $("line-next").onclick = () => stepLine(1);
  // After 判定 or 打开 the verdict (or the error) is brought into view: on a phone it is below
  // the board and the fields.
  $("judge").onclick = () => {
    state.published = null;
    $("case-source").textContent = "";
    reveal(judgeNow() ? $("verdict") : $("error"));
  };
  $("load-position").onclick = loadPosition;
  $("edit-toggle").onclick = toggleEdit;
  $("clear-board").onclick = () => { state.fen = "9/9/9/9/9/9/9/9/9/9 " + boardAt(0, null).turn; $("position").value = state.fen; render(); };
  const open = () => reveal(openCase() ? $("verdict") : $("error"));
  $("open-case").onclick = open;
  $("case-id").addEventListener("keydown", (e) => { if (e.key === "Enter") open(); });
  document.addEventListener("keydown", (e) => {
    if (e.target.closest("input, textarea, select")) return;
    if (e.key === "ArrowLeft") go(state.step - 1);
    if (e.key === "ArrowRight") go(state.step + 1);
  });
  // A case named in the URL (index.html#cxa2011-ref08) opens, at the start and when it changes.
  const fromHash = () => {
    const hash = decodeURIComponent(location.hash.slice(1));
    if (hash) { $("case-id").value = hash; openCase(); }
    return hash;
  };
  window.addEventListener("hashchange", fromHash);
  if (!fromHash()) loadPosition();
  document.body.dataset.ready = "true";
}

start().catch((e) => showError("qili could not start: " + e));
