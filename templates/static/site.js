/* Small enhancements; every page reads fine without them. */
(function () {
  "use strict";
  var root = document.documentElement;

  /* Theme toggle: automatic (system) -> light -> dark -> automatic. */
  var order = ["auto", "light", "dark"];
  var names = { auto: "automatic", light: "light", dark: "dark" };
  function current() { return root.getAttribute("data-theme") || "auto"; }
  function apply(theme) {
    if (theme === "auto") root.removeAttribute("data-theme"); else root.setAttribute("data-theme", theme);
    try { if (theme === "auto") localStorage.removeItem("atlas-theme"); else localStorage.setItem("atlas-theme", theme); }
    catch (e) { /* ignore */ }
    document.querySelectorAll(".theme-toggle").forEach(function (b) {
      b.setAttribute("aria-label", "Colour theme: " + names[theme]);
    });
  }
  document.querySelectorAll(".theme-toggle").forEach(function (b) {
    b.setAttribute("aria-label", "Colour theme: " + names[current()]);
    b.addEventListener("click", function () { apply(order[(order.indexOf(current()) + 1) % order.length]); });
  });

  /* Sortable tables: a button in each heading; numbers sort by data-sort or their text. */
  function key(cell, numeric) {
    var raw = cell.getAttribute("data-sort");
    var text = raw !== null ? raw : cell.textContent.trim();
    if (numeric) { var n = parseFloat(text.replace(/[^0-9.\-]/g, "")); return isNaN(n) ? -Infinity : n; }
    return text.toLowerCase();
  }
  document.querySelectorAll("table.sortable").forEach(function (table) {
    var heads = table.tHead ? table.tHead.rows[0].cells : [];
    Array.prototype.forEach.call(heads, function (th, col) {
      var label = th.textContent;
      var button = document.createElement("button");
      button.type = "button";
      button.className = "sort";
      button.textContent = label;
      th.textContent = "";
      th.appendChild(button);
      th.setAttribute("aria-sort", "none");
      button.addEventListener("click", function () {
        var numeric = th.getAttribute("data-type") === "number";
        var dir = th.getAttribute("aria-sort") === "ascending" ? -1 : 1;
        Array.prototype.forEach.call(heads, function (h) { h.setAttribute("aria-sort", "none"); });
        th.setAttribute("aria-sort", dir === 1 ? "ascending" : "descending");
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows).map(function (r, i) { return [key(r.cells[col], numeric), i, r]; });
        rows.sort(function (a, b) { return a[0] < b[0] ? -dir : a[0] > b[0] ? dir : a[1] - b[1]; });
        rows.forEach(function (r) { body.appendChild(r[2]); });
      });
    });
  });

  /* Permalinks and citation lines show the full address the reader is using. */
  document.querySelectorAll(".permalink, .permalink-text").forEach(function (el) {
    var path = el.getAttribute("href") || el.textContent;
    if (path.charAt(0) === "/") el.textContent = location.origin + path;
  });

  /* Compatibility matrix: answer any pair in one line, with its evidence, from the table's own cells (touch
     screens cannot hover a mark). */
  var picker = document.getElementById("pair-picker");
  var matrix = document.querySelector("table.matrix");
  if (picker && matrix) {
    var pickA = document.getElementById("pick-a"), pickB = document.getElementById("pick-b");
    var answer = document.getElementById("pick-answer");
    var name = function (n) { return pickA.options[n - 1].textContent.replace(/^\d+\. /, ""); };
    var say = function () {
      var a = parseInt(pickA.value, 10), b = parseInt(pickB.value, 10);
      answer.textContent = "";
      if (a === b) { answer.textContent = "Pick two different patterns."; return; }
      var cell = matrix.tBodies[0].rows[a - 1].cells[b];
      var link = cell.querySelector("a");
      var title = (link || cell).getAttribute("title") || "";
      var status = (cell.className.match(/m-([a-z-]+)/) || [])[1];
      var text = name(a) + " and " + name(b) + ": ";
      var excl = title.match(/^(\d+) excludes (\d+) \((.*)\)$/);
      if (status === "both") text += "both count in one hand on this site";
      else if (excl) text += name(+excl[1]) + " removes " + name(+excl[2]) + " (" + excl[3] + ")";
      else text += title;
      answer.appendChild(document.createTextNode(text + (link ? " — " : ".")));
      if (link) {
        var a2 = document.createElement("a");
        a2.href = link.getAttribute("href");
        a2.textContent = "see the hand";
        answer.appendChild(a2);
        answer.appendChild(document.createTextNode("."));
      }
    };
    pickA.addEventListener("change", say);
    pickB.addEventListener("change", say);
    picker.addEventListener("submit", function (e) { e.preventDefault(); });
    picker.hidden = false;
    say();
  }

  document.querySelectorAll(".print-button").forEach(function (b) {
    b.addEventListener("click", function () { window.print(); });
  });
})();
