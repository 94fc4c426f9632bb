// The referee's page: a board (SVG), the position and moves fields, the ruling table. The
// engine (qili.js: wasm-bindgen's no-modules glue with the wasm embedded) reads every text and
// rules; this script only draws and keeps the state. No framework, works from file://.
"use strict";

// The geometry of the report's boards (harness/src/report/svg.rs).
const CELL = 40, MARGIN = 36, BOTTOM = 52, RADIUS = 17;
const WIDTH = 2 * MARGIN + 8 * CELL, HEIGHT = MARGIN + 9 * CELL + BOTTOM;
const FILES = "abcdefghi";
const RED_NUMBERS = ["九", "八", "七", "六", "五", "四", "三", "二", "一"];
const GLYPHS = { K: "帅", A: "仕", B: "相", N: "马", R: "车", C: "炮", P: "兵", k: "将", a: "士", b: "象", n: "马", r: "车", c: "炮", p: "卒" };
const ARROW_COLOURS = { check: "#d00", chase: "#e07000", kept: "#e07000", exchange: "#1a5fb4", offer: "#1a8a5a", block: "#7a3fb4", follow: "#555", stood: "#999" };
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

// FEN ⇄ board: board[rank][file], rank 0 red's back rank.
function parseFen(fen) {
  const [placement, side] = fen.trim().split(/\s+/);
  const board = Array.from({ length: 10 }, () => Array(9).fill(""));
  placement.split("/").forEach((row, i) => {
    let f = 0;
    for (const ch of row) {
      if (/\d/.test(ch)) f += +ch;
      else board[9 - i][f++] = ch;
    }
  });
  return { board, side: side === "b" ? "b" : "w" };
}

function writeFen(board, side) {
  const rows = [];
  for (let r = 9; r >= 0; r--) {
    let s = "", empty = 0;
    for (let f = 0; f < 9; f++) {
      const p = board[r][f];
      if (!p) { empty++; continue; }
      if (empty) { s += empty; empty = 0; }
      s += p;
    }
    rows.push(empty ? s + empty : s);
  }
  return rows.join("/") + " " + side;
}

const sq = (s) => ({ f: FILES.indexOf(s[0]), r: +s[1] });
const point = (s) => { const { f, r } = sq(s); return [MARGIN + CELL * f, MARGIN + CELL * (9 - r)]; };

function playOn(board, iccs) {
  const a = sq(iccs.slice(0, 2)), b = sq(iccs.slice(2, 4));
  board[b.r][b.f] = board[a.r][a.f];
  board[a.r][a.f] = "";
}

// The board after `n` plies and, when stepping through a line, its first `k` moves.
function boardAt(n, line) {
  const { board, side } = parseFen(state.fen);
  state.moves.slice(0, n).forEach((m) => playOn(board, m.iccs));
  if (line) line.forEach((m) => playOn(board, m));
  const turn = (n + (line ? line.length : 0)) % 2 === 0 ? side : side === "w" ? "b" : "w";
  return { board, side: turn };
}

function svg(tag, attrs, text) {
  const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = text;
  return e;
}

function drawGrid(g) {
  const left = MARGIN, right = MARGIN + 8 * CELL, top = MARGIN, bottom = MARGIN + 9 * CELL;
  const lines = svg("g", { stroke: "#5a3b1c", "stroke-width": 1, fill: "none" });
  lines.append(svg("rect", { x: left, y: top, width: 8 * CELL, height: 9 * CELL, "stroke-width": 2 }));
  for (let r = 1; r < 9; r++) lines.append(svg("line", { x1: left, y1: top + r * CELL, x2: right, y2: top + r * CELL }));
  for (let f = 1; f < 8; f++) {
    const x = left + f * CELL;
    lines.append(svg("line", { x1: x, y1: top, x2: x, y2: top + 4 * CELL }));
    lines.append(svg("line", { x1: x, y1: top + 5 * CELL, x2: x, y2: bottom }));
  }
  for (const [y0, y1] of [[top, top + 2 * CELL], [bottom - 2 * CELL, bottom]]) {
    lines.append(svg("line", { x1: left + 3 * CELL, y1: y0, x2: left + 5 * CELL, y2: y1 }));
    lines.append(svg("line", { x1: left + 5 * CELL, y1: y0, x2: left + 3 * CELL, y2: y1 }));
  }
  g.append(lines);
  const mid = top + 4.5 * CELL + 7;
  g.append(svg("text", { x: left + 2 * CELL, y: mid, "font-size": 20, fill: "#5a3b1c", "text-anchor": "middle" }, "楚 河"));
  g.append(svg("text", { x: left + 6 * CELL, y: mid, "font-size": 20, fill: "#5a3b1c", "text-anchor": "middle" }, "汉 界"));
  // Coordinates: black's 1–9 on top, red's 九–一 below, ICCS letters a–i and ranks 0–9.
  for (let f = 0; f < 9; f++) {
    const x = left + f * CELL;
    g.append(svg("text", { x, y: top - 22, "font-size": 12, fill: "#333", "text-anchor": "middle" }, String(f + 1)));
    g.append(svg("text", { x, y: bottom + 33, "font-size": 12, fill: "#b00", "text-anchor": "middle" }, RED_NUMBERS[f]));
    g.append(svg("text", { x, y: bottom + 46, "font-size": 10, fill: "#777", "text-anchor": "middle", class: "iccs" }, FILES[f]));
  }
  for (let r = 0; r < 10; r++) {
    g.append(svg("text", { x: left - 24, y: MARGIN + CELL * (9 - r) + 4, "font-size": 10, fill: "#777", "text-anchor": "middle", class: "iccs" }, String(r)));
  }
}

function drawArrow(g, from, to, kind) {
  const [x1, y1] = point(from), [x2, y2] = point(to);
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  const ux = (x2 - x1) / len, uy = (y2 - y1) / len;
  const colour = ARROW_COLOURS[kind] || "#e07000";
  g.append(svg("line", {
    x1: x1 + ux * 10, y1: y1 + uy * 10, x2: x2 - ux * (RADIUS + 2), y2: y2 - uy * (RADIUS + 2),
    stroke: colour, "stroke-width": 5, "stroke-opacity": 0.8, "marker-end": `url(#head-${kind})`,
    "stroke-dasharray": kind === "kept" || kind === "stood" ? "8 5" : "none", class: `arrow ${kind}`,
    "data-from": from, "data-to": to,
  }));
}

function render() {
  const board = $("board");
  board.replaceChildren();
  $("board-wrap").classList.toggle("rejected", state.rejected);
  const defs = svg("defs", {});
  for (const kind in ARROW_COLOURS) {
    const m = svg("marker", { id: `head-${kind}`, viewBox: "0 0 10 10", refX: 5, refY: 5, markerWidth: 3, markerHeight: 3, orient: "auto-start-reverse" });
    m.append(svg("path", { d: "M0,0 L10,5 L0,10 z", fill: ARROW_COLOURS[kind] }));
    defs.append(m);
  }
  board.append(defs);
  board.setAttribute("viewBox", `0 0 ${WIDTH} ${HEIGHT}`);
  board.append(svg("rect", { x: 0, y: 0, width: WIDTH, height: HEIGHT, fill: "#f3d9a4" }));
  drawGrid(board);
  const line = lineMoves();
  const { board: b } = boardAt(state.step, line);
  // The last move: its from and to points marked.
  const last = line && line.length ? line[line.length - 1] : state.step > 0 ? state.moves[state.step - 1].iccs : null;
  if (last) {
    for (const s of [last.slice(0, 2), last.slice(2, 4)]) {
      const [x, y] = point(s);
      board.append(svg("rect", { x: x - 20, y: y - 20, width: 40, height: 40, fill: "none", stroke: "#1a5fb4", "stroke-width": 2, "stroke-dasharray": "4 3", class: "last-move" }));
    }
  }
  for (let r = 0; r < 10; r++) for (let f = 0; f < 9; f++) {
    const p = b[r][f];
    if (!p) continue;
    const s = FILES[f] + r, [x, y] = point(s);
    const red = p === p.toUpperCase(), colour = red ? "#c00" : "#111";
    const g = svg("g", { class: `piece ${red ? "red" : "black"}`, "data-square": s });
    g.append(svg("circle", { cx: x, cy: y, r: RADIUS, fill: state.selected === s ? "#cfe0ff" : "#fdf3dc", stroke: colour, "stroke-width": 2 }));
    g.append(svg("text", { x, y: y + 7, "font-size": 20, fill: colour, "text-anchor": "middle" }, GLYPHS[p]));
    board.append(g);
  }
  const ply = currentPly();
  if (ply && !line) for (const a of ply.arrows) drawArrow(board, a.from, a.to, a.kind);
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

const SIDE = { red: "红", black: "黑" };

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
  let h = `<p class="verdict" id="verdict">结论：<strong>${esc(r.verdict_chinese)}</strong>${r.reason ? `（${esc(r.reason)}）` : ""}</p>`;
  if (pub) {
    const agrees = pub.published_verdict === null ? "" : pub.published_verdict === r.verdict ? "（一致 agrees）" : "（不一致 differs）";
    h += `<table class="compare"><tr><td>原书 published</td><td><strong>${esc(pub.published_verdict_chinese || "未公布 not published")}</strong>${pub.published_text ? " — " + esc(pub.published_text) : ""}</td></tr>`;
    h += `<tr><td>qili</td><td><strong>${esc(r.verdict_chinese)}</strong> ${agrees}</td></tr></table>`;
  }
  if (r.cycle) {
    for (const [name, s] of [["红方", r.cycle.red], ["黑方", r.cycle.black]]) {
      h += `<p class="side-class">${name}：${esc(s.class_chinese)}${s.summary ? `（${esc(s.summary)}）` : ""}</p>`;
    }
    h += `<p class="cycle">循环：${esc(r.cycle.note)}</p>`;
  } else {
    h += `<p class="cycle">循环：无（着法末尾未形成循环重复${r.plies.length ? "；各着性质仅供参考" : "，未判任何一着"}）</p>`;
  }
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
    const side = p ? SIDE[p.side] : "";
    h += `<tr data-ply="${n}" class="${cls}"><td class="num">${p && !p.judged ? `(${n})` : n}</td><td class="side">${side}</td><td class="move">${esc(m.chinese)}</td>`;
    if (pub) h += `<td class="label published">${esc(published)}</td>`;
    h += `<td class="label qili">${esc(label)}</td><td class="evidence">${p ? markSquares(esc(p.line)) : ""}</td></tr>`;
  });
  h += "</tbody></table>";
  out.innerHTML = h;
  const unfold = $("unfold");
  if (unfold) unfold.addEventListener("click", () => {
    out.querySelector("tbody").classList.remove("folded");
    unfold.closest("tr").remove();
  });
  // A ply chosen in the table: the board shows it, scrolled into view on a small screen.
  out.querySelectorAll("tbody tr[data-ply]").forEach((tr) => tr.addEventListener("click", () => {
    go(+tr.dataset.ply);
    reveal($("board-wrap"));
  }));
  out.querySelectorAll(".sq").forEach((el) => {
    el.addEventListener("mouseenter", () => ring(el.dataset.sq));
    el.addEventListener("mouseleave", () => ring(null));
  });
}

// The squares the evidence names pieces by (红车(e0)), marked to be ringed on the board.
function markSquares(html) {
  return html.replace(/\(([a-i]\d)\)/g, '(<span class="sq" data-sq="$1">$1</span>)');
}

function ring(sq) {
  document.querySelectorAll("#board .ring").forEach((r) => r.remove());
  if (!sq) return;
  const [x, y] = point(sq);
  $("board").append(svg("circle", { cx: x, cy: y, r: 21, fill: "none", stroke: "#1a5fb4", "stroke-width": 3, class: "ring" }));
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
function squareAt(evt) {
  const box = $("board").getBoundingClientRect();
  const x = (evt.clientX - box.left) * WIDTH / box.width, y = (evt.clientY - box.top) * HEIGHT / box.height;
  const f = Math.round((x - MARGIN) / CELL), r = 9 - Math.round((y - MARGIN) / CELL);
  return f >= 0 && f < 9 && r >= 0 && r < 10 ? FILES[f] + r : null;
}

function clickBoard(evt) {
  const s = squareAt(evt);
  if (!s) return;
  if (state.editing) { placePiece(s); return; }
  // The greyed board of a rejected input takes no moves (they would replace what was typed in
  // the moves field); the error above stays as it is.
  if (state.rejected) return;
  state.line = null;
  const { board, side } = boardAt(state.step, null);
  const { f, r } = sq(s);
  const p = board[r][f];
  const own = p && (p === p.toUpperCase()) === (side === "w");
  if (state.selected && !own) {
    const legal = call(wasm_bindgen.legal_moves, writeFen(board, side));
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
  const { board, side } = parseFen(state.fen);
  const { f, r } = sq(s);
  board[r][f] = board[r][f] === state.piece ? "" : state.piece;
  state.fen = writeFen(board, side);
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
    const { board, side } = boardAt(state.step, null);
    state.fen = writeFen(board, side);
    state.moves = [];
    state.ruling = null;
    state.published = null;
    $("moves").value = "";
    $("position").value = state.fen;
    renderRuling();
    go(0);
  } else {
    const side = $("side").value || parseFen(state.fen).side;
    $("position").value = writeFen(parseFen(state.fen).board, side);
    $("side").value = "";
    loadPosition();
  }
}

function buildPalette() {
  const pal = $("palette");
  for (const p of ["K", "A", "B", "N", "R", "C", "P", "k", "a", "b", "n", "r", "c", "p", ""]) {
    const b = document.createElement("button");
    b.textContent = p ? GLYPHS[p] : "✕";
    b.title = p ? `${p === p.toUpperCase() ? "红" : "黑"}${GLYPHS[p]} (${p})` : "remove 移除";
    b.dataset.piece = p;
    if (p && p === p.toUpperCase()) b.classList.add("red");
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
  $("board").addEventListener("click", clickBoard);
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
  $("clear-board").onclick = () => { state.fen = "9/9/9/9/9/9/9/9/9/9 " + parseFen(state.fen).side; $("position").value = state.fen; render(); };
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
