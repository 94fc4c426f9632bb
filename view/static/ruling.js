// The ruling table's behaviour, shared by the reports and the referee's page (the reports
// inline this file, the page loads it): a square the evidence names (<span class="sq">, marked
// in Rust) ringed on its board while the pointer is over it, a row chosen, and the reports'
// stepping through an edition's moves on its case's board. Needs board.js.
var QiliRuling = (function () {
  "use strict";
  // Ring on `board()` the square under the pointer inside `container`.
  function ringSquares(container, board) {
    container.addEventListener("mouseover", function (ev) {
      var sq = ev.target.dataset && ev.target.dataset.sq;
      if (sq && board()) QiliBoard.ring(board(), sq);
    });
    container.addEventListener("mouseout", function (ev) {
      if (ev.target.dataset && ev.target.dataset.sq && board()) QiliBoard.ring(board(), null);
    });
  }
  // `choose(ply, row)` when a row of a ply is clicked.
  function chooseRows(container, choose) {
    container.querySelectorAll("tr[data-ply]").forEach(function (row) {
      row.addEventListener("click", function () { choose(+row.dataset.ply, row); });
    });
  }
  // A report's case sections: each steps through its editions' moves (the rows' data-iccs) on
  // its board with first, previous, next, last; a row clicked shows the board after it and
  // makes its edition the one the buttons step through.
  function stepReport(root) {
    root.querySelectorAll("section.case").forEach(function (section) {
      var board = section.querySelector("svg.board"), steps = section.querySelector(".steps");
      var editions = Array.prototype.slice.call(section.querySelectorAll("article.edition"));
      if (!board || !steps || !editions.length) return;
      var active = editions[0], at = 0;
      function rows(e) { return Array.prototype.slice.call(e.querySelectorAll("tr[data-iccs]")); }
      function show(e, n) {
        var r = rows(e);
        active = e; at = Math.max(0, Math.min(r.length, n));
        QiliBoard.play(board, r.slice(0, at).map(function (row) { return row.dataset.iccs; }));
        editions.forEach(function (x) { rows(x).forEach(function (row, i) { row.classList.toggle("current", x === e && i + 1 === at); }); });
        var label = steps.querySelector(".step-label"), head = e.querySelector("h3");
        label.textContent = (editions.length > 1 && head ? head.firstChild.textContent.trim() + ": " : "") + at + " / " + r.length;
      }
      steps.hidden = false;
      steps.addEventListener("click", function (ev) {
        var go = ev.target.dataset.go, n = rows(active).length;
        if (go) show(active, go === "first" ? 0 : go === "prev" ? at - 1 : go === "next" ? at + 1 : n);
      });
      editions.forEach(function (e) { rows(e).forEach(function (row, i) { row.addEventListener("click", function () { show(e, i + 1); }); }); });
      ringSquares(section, function () { return board; });
      show(active, 0);
    });
  }
  return { ringSquares: ringSquares, chooseRows: chooseRows, stepReport: stepReport };
})();
