/* Small enhancements; every page reads fine without them. */
(function () {
  "use strict";
  var root = document.documentElement;
  /* The page's language: the scripts' words translated (base.html, generator/site/i18n.py SCRIPT_WORDS), by their
     English; "%(n)s" and "%(shown)s" stand for numbers. */
  var wordsElement = document.getElementById("script-words");
  var WORDS = wordsElement ? JSON.parse(wordsElement.textContent) : {};
  function t(text, values) {
    var out = WORDS[text] || text;
    Object.keys(values || {}).forEach(function (k) { out = out.split("%(" + k + ")s").join(String(values[k])); });
    return out;
  }

  /* Theme toggle: automatic (system) -> light -> dark -> automatic. */
  var order = ["auto", "light", "dark"];
  var names = { auto: "Colour theme: automatic", light: "Colour theme: light", dark: "Colour theme: dark" };
  function current() { return root.getAttribute("data-theme") || "auto"; }
  function apply(theme) {
    if (theme === "auto") root.removeAttribute("data-theme"); else root.setAttribute("data-theme", theme);
    try { if (theme === "auto") localStorage.removeItem("atlas-theme"); else localStorage.setItem("atlas-theme", theme); }
    catch (e) { /* ignore */ }
    document.querySelectorAll(".theme-toggle").forEach(function (b) {
      b.setAttribute("aria-label", t(names[theme]));
    });
  }
  document.querySelectorAll(".theme-toggle").forEach(function (b) {
    b.setAttribute("aria-label", t(names[current()]));
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
    if (path.charAt(0) === "/" && /^https?:$/.test(location.protocol)) el.textContent = location.origin + path;
  });

  /* Compatibility matrix: answer any pair in one line, with its evidence, from the table's own cells (touch
     screens cannot hover a mark). */
  var picker = document.getElementById("pair-picker");
  var matrix = document.querySelector("table.matrix");
  if (picker && matrix) {
    var pickA = document.getElementById("pick-a"), pickB = document.getElementById("pick-b");
    var answer = document.getElementById("pick-answer");
    var say = function () {
      var a = parseInt(pickA.value, 10), b = parseInt(pickB.value, 10);
      answer.textContent = "";
      if (a === b) { answer.textContent = t("Pick two different patterns."); return; }
      var cell = matrix.tBodies[0].rows[a - 1].cells[b];
      var link = cell.querySelector("a");
      var mark = link || cell.querySelector("[aria-label]");
      var text = ((mark && mark.getAttribute("aria-label")) || "").replace(/^\d+ × \d+: /, "");
      answer.appendChild(document.createTextNode(text + (link ? " — " : ".")));
      if (link) {
        var a2 = document.createElement("a");
        a2.href = link.getAttribute("href");
        a2.textContent = t("see the witness hand");
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
  /* ---------------------------------------------------------------- hands index filter
     The rows of /hands/ carry the words they match (data-f: "rs", "rs/pattern", "kind", "rs|kind", "rs/pattern|kind"),
     so one choice of rule set or pattern, with or without a kind, is one word to look for. The choices live in
     the query (?rs=&p=&kind=) so a filtered list can be linked to. No server takes part: the page filters itself. */
  var filter = document.getElementById("hand-filter");
  var handsTable = document.getElementById("hands-table");
  if (filter && handsTable) {
    var fields = { rs: filter.elements.rs, p: filter.elements.p, kind: filter.elements.kind };
    var rows = Array.prototype.slice.call(handsTable.tBodies[0].rows);
    var count = document.getElementById("hf-count");
    var empty = document.getElementById("hf-empty");
    var words = rows.map(function (row) { return " " + row.getAttribute("data-f") + " "; });
    var offerPatterns = function () {  /* the pattern list shows the chosen rule set's patterns only */
      var rs = fields.rs.value;
      Array.prototype.forEach.call(fields.p.getElementsByTagName("optgroup"), function (g) {
        var off = rs !== "" && g.getAttribute("data-rs") !== rs;
        g.hidden = off; g.disabled = off;
      });
      if (rs && fields.p.value && fields.p.value.split("/")[0] !== rs) fields.p.value = "";
    };
    var run = function (save) {
      if (fields.p.value && !fields.rs.value) fields.rs.value = fields.p.value.split("/")[0];
      offerPatterns();
      var what = fields.p.value || fields.rs.value, kind = fields.kind.value, shown = 0;
      var word = " " + (what && kind ? what + "|" + kind : what || kind) + " ";
      rows.forEach(function (row, i) {
        var ok = word === "  " || words[i].indexOf(word) >= 0;
        row.hidden = !ok;
        if (ok) shown += 1;
      });
      count.textContent = shown === rows.length ? t("%(n)s hands", { n: rows.length })
        : t("%(shown)s of %(n)s hands", { shown: shown, n: rows.length });
      empty.hidden = shown > 0;
      if (save) {
        var q = [];
        ["rs", "p", "kind"].forEach(function (k) { if (fields[k].value) q.push(k + "=" + encodeURIComponent(fields[k].value)); });
        try { history.replaceState(null, "", location.pathname + (q.length ? "?" + q.join("&") : "")); }
        catch (e) { /* a file: page may refuse a new address; the filter still works */ }
      }
    };
    var known = function (select, value) {
      return Array.prototype.some.call(select.options, function (o) { return o.value === value; });
    };
    location.search.replace(/^\?/, "").split("&").forEach(function (part) {
      var kv = part.split("="), k = kv[0], v = decodeURIComponent((kv[1] || "").replace(/\+/g, " "));
      if (fields[k] && known(fields[k], v)) fields[k].value = v;
    });
    filter.addEventListener("change", function () { run(true); });
    filter.addEventListener("reset", function () { setTimeout(function () { run(true); }, 0); });
    filter.addEventListener("submit", function (ev) { ev.preventDefault(); });
    filter.hidden = false;
    run(false);
  }

  /* ---------------------------------------------------------------- copy buttons
     A button with data-copy="ID" copies the text of element ID (a hand page's permalink and citations). */
  function copyText(text, done) {
    var fallback = function () {
      var area = document.createElement("textarea");
      area.value = text; area.setAttribute("readonly", ""); area.style.position = "fixed"; area.style.opacity = "0";
      document.body.appendChild(area); area.select();
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
      document.body.removeChild(area);
      done(ok);
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(function () { done(true); }, fallback);
    } else {
      fallback();
    }
  }
  document.querySelectorAll("button.copy-button[data-copy]").forEach(function (b) {
    var target = document.getElementById(b.getAttribute("data-copy"));
    if (!target) return;
    var label = b.textContent;
    var status = document.createElement("span");
    status.className = "copy-status visually-hidden";
    status.setAttribute("role", "status");
    b.insertAdjacentElement("afterend", status);
    b.hidden = false;
    b.addEventListener("click", function () {
      copyText(target.textContent.replace(/\s+/g, " ").trim(), function (ok) {
        b.textContent = ok ? t("Copied") : t("Copy failed: select the text");
        status.textContent = ok ? t("Copied to the clipboard") : t("Could not copy; select the text and copy it");
        setTimeout(function () { b.textContent = label; }, 2000);
      });
    });
  });
})();
