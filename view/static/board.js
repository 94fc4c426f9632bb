// The board's behaviour, shared by the reports, the scan pages and the referee's page (the
// reports inline this file, the page loads it). The board itself is drawn once, in Rust
// (view/src/svg.rs: the reports write it, the page gets it from the engine); its <svg> carries
// its geometry (data-cell, data-margin), read here rather than copied.
var QiliBoard = (function () {
  "use strict";
  function geometry(svg) {
    return { cell: +svg.dataset.cell, margin: +svg.dataset.margin };
  }
  // The centre of an ICCS point (e0) on `svg`.
  function point(svg, sq) {
    var g = geometry(svg);
    return [g.margin + g.cell * (sq.charCodeAt(0) - 97), g.margin + g.cell * (9 - +sq[1])];
  }
  // The point under a click, or null off the grid.
  function squareAt(svg, evt) {
    var g = geometry(svg), box = svg.getBoundingClientRect(), view = svg.viewBox.baseVal;
    var x = (evt.clientX - box.left) * view.width / box.width, y = (evt.clientY - box.top) * view.height / box.height;
    var f = Math.round((x - g.margin) / g.cell), r = 9 - Math.round((y - g.margin) / g.cell);
    return f >= 0 && f < 9 && r >= 0 && r < 10 ? "abcdefghi"[f] + r : null;
  }
  // Ring a point (none: take the ring away).
  function ring(svg, sq) {
    svg.querySelectorAll(".ring").forEach(function (r) { r.remove(); });
    if (!sq) return;
    var c = point(svg, sq), e = document.createElementNS(svg.namespaceURI, "circle");
    var attrs = { cx: c[0], cy: c[1], r: 21, fill: "none", stroke: "#1a5fb4", "stroke-width": 3, class: "ring" };
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    svg.appendChild(e);
  }
  // The board as drawn, then `moves` (ICCS) played on it: a piece moved by translating its
  // group from the point it was drawn at, a captured one hidden.
  function play(svg, moves) {
    var on = {};
    svg.querySelectorAll("g.piece").forEach(function (p) {
      p.removeAttribute("transform"); p.style.display = ""; on[p.dataset.square] = p;
    });
    moves.forEach(function (m) {
      var from = m.slice(0, 2), to = m.slice(2, 4), p = on[from];
      if (!p) return;
      if (on[to]) on[to].style.display = "none";
      var a = point(svg, p.dataset.square), b = point(svg, to);
      p.setAttribute("transform", "translate(" + (b[0] - a[0]) + " " + (b[1] - a[1]) + ")");
      delete on[from]; on[to] = p;
    });
  }
  return { point: point, squareAt: squareAt, ring: ring, play: play };
})();
