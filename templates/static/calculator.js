/* The hand calculator (/calculator/): the page side. The engine runs in a Web Worker (calculator-worker.js) under
   Pyodide; this script keeps the text box, the tile picker, the context toggles and the address (#hand=…) in step,
   asks the worker and prints its answers.

   Nothing typed reaches the page as markup: every text goes in by textContent or an attribute value.
   Contract for outside checks: #results gets data-for = the hand text it answered; each rule set's row has
   data-ruleset and data-total (a 13-tile hand: data-waits on #results and on each rule set's column head);
   a malformed hand gives an element with data-error and no totals. */
import { readHand, writeHand } from "./calculator-notation.js";
import { copyTile, showPreview, tileCount } from "./calculator-preview.js";
import { WORDS, amount, el, needsText, num, t, tableWrap, verdict } from "./calculator-dom.js";
import { rovingGrid } from "./calculator-grid.js";

const MAX_INPUT = 200;
/* Where the site is published (`build --base-url`); the engine's answers name root-absolute site addresses. */
const BASE = document.documentElement.dataset.base || "/";
/* Pages of the page's own language: the Chinese twin's links lead to Chinese pages (generator/site/i18n.py) */
const PAGES = BASE + (document.documentElement.lang === "en" ? "" : document.documentElement.lang + "/");
function siteUrl(path) { return path.charAt(0) === "/" ? PAGES + path.slice(1) : path; }

const root = document.getElementById("calculator");
const input = document.getElementById("calc-hand");
const form = document.getElementById("calc-form");
const statusLine = document.getElementById("calc-status");
const results = document.getElementById("results");
const cite = document.getElementById("cite");
let mode = "tile";

/* ---------------------------------------------------------------- the picker */

function syncControls(st) {
  document.querySelectorAll("[data-flag]").forEach((c) => {
    const f = c.dataset.flag;
    const v = st ? st.flags[f] : undefined;
    if (c.type === "checkbox") c.checked = Boolean(v);
    else if (c.tagName === "SELECT") c.value = v || "E";
    else c.value = String(v || 0);
  });
}

function currentState() {
  const st = readHand(input.value);
  if (!st) {
    statusLine.textContent = t("The picker cannot read the text in the box; fix it or press Clear.");
    return null;
  }
  return st;
}

function setText(text, how) {
  input.value = text;
  const st = readHand(text);
  showPreview(st);
  if (st) syncControls(st);
  ask(text, how);
}

function changeState(fn) {
  const st = currentState();
  if (!st) return;
  fn(st);
  setText(writeHand(st), "picked");
}

document.querySelectorAll(".modes .mode").forEach((b) => {
  b.addEventListener("click", () => {
    mode = b.dataset.mode;
    document.querySelectorAll(".modes .mode").forEach((o) => o.setAttribute("aria-pressed", String(o === b)));
  });
});

document.querySelectorAll("#palette .pick[data-tile]").forEach((b) => {
  b.addEventListener("click", () => changeState((st) => {
    const t = b.dataset.tile;
    if (t === "8z" && mode !== "tile" && mode !== "win") {
      statusLine.textContent = "A ghost stands in the hand or wins; it is never part of a meld or an indicator.";
      return;
    }
    if (mode === "tile") st.standing.push(t);
    else if (mode === "win") {
      /* A full hand's winning tile chosen among its own tiles: that copy moves to the winning place (otherwise the
         last tile tapped was the winner, and the chosen one would make fifteen tiles). */
      const k = st.standing.lastIndexOf(t);
      if (!st.win && tileCount(st) >= 14 && k >= 0) st.standing.splice(k, 1);
      st.win = t;
    }
    else if (mode === "dora" || mode === "ura") st[mode].push(t);
    else if (mode === "chow") {
      if (t[1] === "z" || Number(t[0]) > 7) { statusLine.textContent = "A chow starts at a suited tile from 1 to 7."; return; }
      st.melds.push({ kind: "chow", tile: t, concealed: false });
    } else if (mode === "pung") st.melds.push({ kind: "pung", tile: t, concealed: false });
    else if (mode === "kong") st.melds.push({ kind: "kong", tile: t, concealed: false });
    else if (mode === "ckong") st.melds.push({ kind: "kong", tile: t, concealed: true });
  }));
});

rovingGrid(document.getElementById("palette"));

document.querySelectorAll("#palette .pick[data-flower]").forEach((b) => {
  b.addEventListener("click", () => changeState((st) => { st.flags.flowers = Math.min(8, (st.flags.flowers || 0) + 1); }));
});

document.getElementById("calc-undo").addEventListener("click", () => changeState((st) => {
  if ((mode === "dora" || mode === "ura") && st[mode].length) st[mode].pop();  // in an indicator mode: its last one
  else if (st.win) st.win = null;
  else if (st.melds.length) st.melds.pop();
  else if (st.standing.length) st.standing.pop();
  else if (st.flags.flowers) st.flags.flowers -= 1;
}));

document.getElementById("calc-clear").addEventListener("click", () => { setText("", "cleared"); input.focus(); });

document.getElementById("calc-indicators").addEventListener("click", (e) => {
  const b = e.target.closest("button[data-remove]");
  if (b) changeState((st) => { st[b.dataset.remove].splice(Number(b.dataset.index), 1); });
});

/* Riichi's declarations as the notation has them: riichi or double riichi, not both; ippatsu only after one. */
function riichiRules(st, f) {
  if (f === "riichi" && st.flags.riichi) st.flags["double-riichi"] = false;
  if (f === "double-riichi" && st.flags["double-riichi"]) st.flags.riichi = false;
  if (f === "ippatsu" && st.flags.ippatsu && !st.flags["double-riichi"]) st.flags.riichi = true;
  if (!st.flags.riichi && !st.flags["double-riichi"]) st.flags.ippatsu = false;
}

document.querySelectorAll("[data-flag]").forEach((c) => {
  c.addEventListener("change", () => changeState((st) => {
    const f = c.dataset.flag;
    if (c.type === "checkbox") { st.flags[f] = c.checked; riichiRules(st, f); }
    else if (c.tagName === "SELECT") st.flags[f] = c.value;
    else st.flags[f] = Math.max(0, Math.min(Number(c.max), Math.trunc(Number(c.value) || 0)));
  }));
});

let typing = 0;
input.addEventListener("input", () => {
  const st = readHand(input.value);
  showPreview(st);
  if (st) syncControls(st);
  clearTimeout(typing);
  typing = setTimeout(() => ask(input.value, "typed"), 150);
});
form.addEventListener("submit", (e) => { e.preventDefault(); clearTimeout(typing); ask(input.value, "typed"); });

/* ---------------------------------------------------------------- the address */

function handFromHash() {
  const m = /^#hand=(.*)$/.exec(location.hash);
  if (!m) return null;
  try { return decodeURIComponent(m[1].replace(/\+/g, "%20")); } catch (e) { return ""; }
}

function linkFor(text) { return PAGES + "calculator/#hand=" + encodeURIComponent(text); }

window.addEventListener("hashchange", () => {
  const text = handFromHash();
  if (text !== null && text !== input.value) setText(text, "address");
  else if (text !== null) ask(text, "address");
});

/* ---------------------------------------------------------------- the worker */

let worker = null;
let engine = null;  // {engine, rulesets} once ready
let nextId = 0;
let latest = -1;
let pending = null;  // the hand asked before the engine was ready
let lastAsked = null;

function ask(text, how) {
  if (how !== "address") {
    const url = text ? "#hand=" + encodeURIComponent(text) : location.pathname;
    if (location.hash !== (text ? url : "")) history.replaceState(null, "", url);
  }
  if (!text.trim()) { results.removeAttribute("data-for"); showEmpty(); return; }
  if (text.length > MAX_INPUT) {
    render({ error: t("error: %(reason)s", { reason: t("the hand is too long (%(n)s characters; a hand has at most %(most)s)", { n: text.length, most: MAX_INPUT }) }) }, text);
    return;
  }
  if (!engine) { pending = text; return; }
  lastAsked = text;
  latest = nextId++;
  worker.postMessage({ type: "hand", id: latest, text });
}

function startWorker() {
  const runtime = root.dataset.runtime;
  if (!runtime) return;
  const early = window.atlasEngine;  // started by calculator-start.js in the page's head
  worker = early ? early.worker : new Worker(new URL("calculator-worker.js", import.meta.url), { type: "module" });
  const t0 = early ? early.started : performance.now();
  root.dataset.workerAt = String(Math.round(t0));  // since navigation (benchmarks)
  const receive = (msg) => {
    if (msg.type === "ready") {
      engine = msg.info;
      window.calcEngine = msg.info;
      root.dataset.ready = "true";
      root.dataset.readyAt = String(Math.round(performance.now()));  // since navigation (benchmarks)
      root.dataset.startAt = String(Math.round(msg.info.phases.began - performance.timeOrigin));  // the worker's start()
      /* "built" or "restored": no snapshot is saved after this start (the "snapshot" message says so otherwise) */
      if (msg.info.phases.snapshot !== "none") root.dataset.snapshot = msg.info.phases.snapshot;
      statusLine.textContent = t("Engine %(version)s ready (loaded in %(s)s s): %(n)s rule sets.",
        { version: engine.engine, s: ((performance.now() - t0) / 1000).toFixed(1), n: engine.rulesets.length });
      if (pending !== null) { const p = pending; pending = null; ask(p, "address"); }
    } else if (msg.type === "snapshot") {
      root.dataset.snapshot = msg.saved ? "saved" : "none";
    } else if (msg.type === "failed") {
      statusLine.textContent = t("The engine could not start: %(why)s", { why: msg.message });
      root.dataset.ready = "failed";
    } else if (msg.type === "answer" && msg.id === latest) {
      root.dataset.engineMs = String(Math.round(msg.ms));  // the engine's own time for the answer (benchmarks)
      render(JSON.parse(msg.json), msg.text, msg.ms);
      if (!root.dataset.answeredAt) root.dataset.answeredAt = String(Math.round(performance.now()));
    }
  };
  worker.onmessage = (event) => receive(event.data);
  worker.onerror = (e) => { statusLine.textContent = t("The engine could not start: %(why)s", { why: e.message || t("worker error") }); };
  if (!early) worker.postMessage({ type: "init", runtime: new URL(runtime, location.href).href,
    bundle: new URL(root.dataset.bundle, location.href).href, snapshot: null, lock: null });
  /* after "init" and before any hand (an early "ready" below may send one): the worker takes them in that order */
  if (Object.keys(WORDS).length) worker.postMessage({ type: "words", json: JSON.stringify(WORDS) });
  if (early) early.early.splice(0).forEach(receive);
}

/* ---------------------------------------------------------------- results */

const rulesetInfo = {};
document.querySelectorAll("#cite-list [data-cite]").forEach((li) => {
  rulesetInfo[li.dataset.cite] = { accent: li.dataset.accent, name: li.dataset.name };
});

function showEmpty() {
  results.replaceChildren(el("h2", { id: "results-h", text: t("Scores") }), el("p", { class: "empty", text: t("No hand yet.") }));
  results.removeAttribute("data-needs");
  const box = document.getElementById("answer");
  box.removeAttribute("data-for");
  box.replaceChildren(el("p", { class: "empty", text: t("Tap tiles or type a hand: its score under every rule set appears here.") }));
  results.removeAttribute("data-waits");
  results.removeAttribute("data-formal");
  cite.hidden = true;
}

function rsName(id) { return (rulesetInfo[id] && rulesetInfo[id].name) || id; }

function patternCell(x) {
  const label = [el("span", { lang: "zh", text: x.zh }), " " + x.en];
  return x.url ? el("a", { href: siteUrl(x.url) }, ...label) : el("span", {}, ...label);
}

function receiptOf(r) {
  const s = r.score;
  const p = r.receipt;
  const cls = "receipt" + (!s.complete ? " incomplete" : !s.legal ? " illegal" : "");
  const sec = el("section", { class: cls, id: "calc-score-" + s.ruleset, style: rulesetInfo[s.ruleset] && rulesetInfo[s.ruleset].accent });
  sec.append(el("h3", { class: "receipt-head" }, el("span", { class: "rs-id", text: s.ruleset }), " " + rsName(s.ruleset)));
  if (!s.complete) {
    sec.append(el("p", { class: "verdict", text: t("Not a winning hand under these rules") + (s.notes.length ? t(": ") + s.notes.join(t("; ")) : "")
      + (p.why_not ? t(": ") + p.why_not : "") + t(".") }));
    return sec;
  }
  const body = el("tbody");
  for (const l of p.lines) {
    const first = el("td", {}, patternCell(l));
    if (l.sets) first.append(" ", el("span", { class: "sets", title: t("sets of the reading used"), text: l.sets }));
    body.append(el("tr", { "data-pattern": l.id }, first,
      el("td", { class: "num", text: (l.words || num(l.value)) + (l.count > 1 ? " × " + l.count : "") }),
      el("td", { class: "num", text: l.running_words || num(l.running) })));
  }
  for (const x of p.struck) {
    const why = el("span", { class: "why", text: t("not counted:") + " " + x.rule + (x.by ? t(", by") + " " : "") });
    if (x.by) why.append(x.by_url ? el("a", { href: siteUrl(x.by_url), text: x.by }) : x.by);
    body.append(el("tr", { class: "struck", "data-excluded": x.id }, el("td", { colspan: "3" }, el("s", {}, patternCell(x)), " ", why)));
  }
  const foot = el("tfoot");
  const adjusted = s.total !== p.subtotal;
  /* Riichi's receipt ends in han and fu (and the fu part by part) instead of a sum: templates/_macros.html */
  if (p.grade) {
    foot.append(el("tr", { class: "grade" }, el("th", { scope: "row", text: t("Han and fu") }), el("td", { colspan: "2", class: "num", text: p.grade })));
    if (p.fu.length) foot.append(el("tr", { class: "fu-parts" }, el("th", { scope: "row", text: t("Fu") }),
      el("td", { colspan: "2", text: p.fu.map(([why, n]) => why + " " + n).join(t("; ")) })));
  } else if (adjusted) foot.append(el("tr", { class: "adjust" }, el("th", { scope: "row", text: t("Sum") + " " + num(p.subtotal) }),
    el("td", { colspan: "2", class: "num", text: s.notes.join(t("; ")) })));
  const totalHead = el("th", { scope: "row", text: t("Total") });
  if (!s.legal) totalHead.append(" ", el("span", { class: "flag", text: t("not a legal win") }));
  foot.append(el("tr", { class: "total" }, totalHead, el("td", { colspan: "2", class: "num", text: amount(s.total, s.unit) })));
  if (p.base !== null && p.base !== undefined) {  // Guangdong: the basic points the payments are multiples of
    foot.append(el("tr", { class: "base" }, el("th", { scope: "row" }, t("Basic points") + " ", el("span", { lang: "zh", text: "基本分" })),
      el("td", { colspan: "2", class: "num", text: num(p.base) })));
  }
  const table = el("table", { class: "receipt-table" },
    el("thead", {}, el("tr", {}, el("th", { scope: "col", text: t("Pattern") }), el("th", { scope: "col", class: "num", text: t("Value") }),
      el("th", { scope: "col", class: "num", text: t("Running") }))), body, foot);
  sec.append(table);
  if (p.reading) {
    const para = el("p", { class: "reading" }, el("span", { class: "label", text: t("Read as") }), " " + p.reading.form + ": ");
    p.reading.sets.forEach((x, k) => {
      const marks = x.marks.split(" ");
      para.append(el("span", { class: "set" + (marks.includes("exposed") ? " exposed" : "") + (marks.includes("win") ? " has-win" : "") },
        el("span", { class: "n", text: x.n }), " " + x.marks + " ", el("code", { text: x.tiles })));
      if (k < p.reading.sets.length - 1) para.append(" ");
    });
    sec.append(para);
  }
  if (s.notes.length && (p.grade || !adjusted)) sec.append(el("ul", { class: "notes" }, ...s.notes.map((n) => el("li", { text: n }))));
  if (p.payments.length) sec.append(paymentsPara(p.payments, t("Payments")));
  /* No seat in the hand: it is East's, the dealer's; what a non-dealer would receive stands beside it, both named,
     until the reader names a seat (generator/site/calculator_engine.py). */
  if (r.non_dealer) {
    const nd = r.non_dealer;
    sec.append(el("p", { class: "seat-unsaid", "data-dealer": s.total, "data-non-dealer": nd.total },
      el("strong", { text: t("No seat given.") }), " " + t("As written the winner sits East, the dealer, and receives "
      + "%(dealer)s; a non-dealer (seat=%(seat)s) would receive %(other)s. Add seat=S, W or N (or dealer) to the hand to "
      + "settle it.", { dealer: amount(s.total, s.unit), seat: nd.seat, other: amount(nd.total, s.unit) })));
    if (nd.payments.length) sec.append(paymentsPara(nd.payments, t("A non-dealer's payments")));
  }
  return sec;
}

function paymentsPara(payments, label) {
  const para = el("p", { class: "payments" }, el("span", { class: "label", text: label }), " ");
  payments.forEach(([scheme, parts], k) => {
    para.append(el("span", { class: "pay", text: scheme + t(": ") + parts.map(([payer, amt]) => payer + " " + num(amt)).join(t(", ")) }));
    if (k < payments.length - 1) para.append(t("; "));
  });
  return para;
}

/* A total as the brief answer and the summary give it: with a non-dealer's beside the dealer's when no seat is given. */
function totalText(r) {
  const s = r.score;
  if (!r.non_dealer) return amount(s.total, s.unit);
  return t("dealer %(dealer)s · non-dealer %(other)s", { dealer: amount(s.total, s.unit), other: amount(r.non_dealer.total, s.unit) });
}

function renderScores(a) {
  const body = el("tbody");
  for (const r of a.results) {
    const s = r.score;
    body.append(el("tr", { "data-ruleset": s.ruleset, "data-total": s.total, "data-legal": String(s.legal), "data-complete": String(s.complete) },
      el("th", { scope: "row" }, el("a", { href: "#calc-score-" + s.ruleset, text: rsName(s.ruleset) + " " + s.ruleset })),
      r.non_dealer ? el("td", { class: "num" }, t("dealer %(amount)s", { amount: amount(s.total, s.unit) }), el("br"),
        t("non-dealer %(amount)s", { amount: amount(r.non_dealer.total, s.unit) })) : el("td", { class: "num", text: totalText(r) }),
      el("td", { text: verdict(s, r.receipt.why_not) }),
      el("td", { class: "num", text: String(r.receipt.lines.length) })));
  }
  const table = el("table", { class: "summary" },
    el("thead", {}, el("tr", {}, ...["Rule set", "Total", "Verdict", "Patterns"].map((h, k) =>
      el("th", { scope: "col", class: k === 1 || k === 3 ? "num" : null, text: t(h) })))), body);
  const out = [tableWrap(t("Scores at a glance"), table), el("h2", { text: t("Breakdown under every rule set") }), ...a.results.map(receiptOf)];
  const shape = noShape(a);
  if (shape) out.unshift(el("p", { class: "no-shape", "data-why-not": shape, text: t("Not a winning shape: %(why)s.", { why: shape }) }));
  return out;
}

/* When no rule set finds a winning shape: what is left over, as the rule sets without wilds see it. */
function noShape(a) {
  if (a.results.some((r) => r.score.complete)) return null;
  const plain = a.results.filter((r) => !r.receipt.wilds).map((r) => r.receipt.why_not)
    .filter((w) => w && !w.startsWith("here the dragons"));
  return plain[0] || null;
}

/* The answer in brief, under the picker (#answer): each rule set's total, or what the hand still needs. */
function showAnswer(a, text) {
  const box = document.getElementById("answer");
  box.setAttribute("data-for", text);
  if (a.error) { box.replaceChildren(el("p", { class: "calc-error", text: a.error })); return; }
  if (a.mode === "incomplete") { box.replaceChildren(el("p", { class: "needs", text: needsText(a) })); return; }
  if (a.mode === "waits") {
    const union = a.rows.filter((r) => r.winning).map((r) => r.tile);
    const [before, after] = t("Waits on %(tiles)s (each tile's score: %(below)s).", { tiles: union.join(" "), below: "\u0000" }).split("\u0000");
    box.replaceChildren(union.length
      ? el("p", {}, before, el("a", { href: "#results", text: t("below") }), after)
      : el("p", { text: t("This hand waits on no tile.") }));
    return;
  }
  const shape = noShape(a);
  const list = el("ul", { class: "answer-list" }, ...a.results.map((r) => {
    const s = r.score;
    return el("li", { class: !s.complete ? "incomplete" : !s.legal ? "illegal" : null, "data-ruleset": s.ruleset },
      el("a", { href: "#calc-score-" + s.ruleset, title: rsName(s.ruleset), text: s.ruleset }), " ",
      el("strong", { text: s.complete ? totalText(r) : "—" }), s.complete && !s.legal ? t(" (not legal)") : "");
  }));
  box.replaceChildren(...(shape ? [el("p", { class: "no-shape", text: t("Not a winning shape: %(why)s.", { why: shape }) })] : []), list);
}

function renderWaits(a) {
  const union = a.rows.filter((r) => r.winning).map((r) => r.tile);
  const formal = a.rows.filter((r) => Object.values(r.cells).some((c) => c && c.formal)).map((r) => r.tile);
  results.setAttribute("data-waits", union.join(" "));
  if (formal.length) results.setAttribute("data-formal", formal.join(" "));
  const out = [];
  if (!a.rows.length) {
    out.push(el("p", { class: "no-waits", text: t("This 13-tile hand waits on no tile under any rule set.") }));
  }
  const head = el("tr", {}, el("th", { scope: "col", text: t("Winning tile") }));
  for (const w of a.rulesets) {
    head.append(el("th", { scope: "col", class: "num", "data-ruleset": w.ruleset, "data-waits": w.waits.join(" "),
      "data-formal": w.formal.join(" "), title: rsName(w.ruleset), text: w.ruleset }));
  }
  const body = el("tbody");
  for (const row of a.rows) {
    const th = el("th", { scope: "row" }, row.winning
      ? el("a", { href: linkFor(row.hand), title: t("Score %(hand)s", { hand: row.hand }) }, copyTile(row.tile), " " + row.tile)
      : el("span", {}, copyTile(row.tile), " " + row.tile));
    const tr = el("tr", { "data-tile": row.tile }, th);
    for (const w of a.rulesets) {
      const c = row.cells[w.ruleset];
      if (!c) { tr.append(el("td", { class: "num none", "data-ruleset": w.ruleset, text: "—" })); continue; }
      if (c.formal) {
        tr.append(el("td", { class: "num formal", "data-ruleset": w.ruleset, "data-formal": "true" },
          el("abbr", { class: "formal-mark", title: t("formal wait: the shape waits on it, but all four copies are already in the hand"), text: t("formal") })));
        continue;
      }
      const td = el("td", { class: "num", "data-ruleset": w.ruleset, "data-total": c.total }, amount(c.total, c.unit));
      if (!c.legal) td.append(el("span", { class: "flag", text: t(" (not legal)") }));
      tr.append(td);
    }
    body.append(tr);
  }
  if (a.rows.length) {
    out.push(el("p", {}, (union.length ? t("Waits on %(tiles)s.", { tiles: union.join(" ") }) : t("No tile wins."))
      + (formal.length ? t(" Formal waits: %(tiles)s (the shape waits on them, but all four copies are already in the hand).", { tiles: formal.join(" ") }) : "")
      + t(" Each cell is that winning tile's score; “—”: that rule set does not count the tile as a win.")));
    out.push(tableWrap(t("Waits and their scores"), el("table", { class: "summary waits-table" }, el("thead", {}, head), body)));
  }
  return out;
}

function render(a, text, ms) {
  const head = el("h2", { id: "results-h", text: t("Scores") });
  results.removeAttribute("data-waits");
  results.removeAttribute("data-formal");
  showAnswer(a, text);
  results.removeAttribute("data-needs");
  if (a.error) {
    results.replaceChildren(head, el("p", { class: "calc-error", role: "alert", "data-error": a.error, text: a.error }));
    cite.hidden = true;
    results.setAttribute("data-for", text);
    statusLine.textContent = t("Not a hand the engine can read.");
    return;
  }
  if (a.mode === "incomplete") {  // a hand being built: how many tiles it still needs, not an error
    results.replaceChildren(head, el("p", { class: "needs", text: needsText(a) }));
    results.setAttribute("data-needs", String(a.to_complete));
    results.setAttribute("data-for", text);
    cite.hidden = true;
    statusLine.textContent = t("Still building the hand.");
    return;
  }
  if (a.mode === "waits") head.textContent = t("Waits");
  const canon = el("p", { class: "calc-canonical" }, el("span", { class: "label", text: t("Read as") + " " }), el("code", { text: a.hand }));
  const parts = a.mode === "waits" ? renderWaits(a) : renderScores(a);
  results.replaceChildren(head, canon, ...parts);
  results.setAttribute("data-for", text);
  if (ms !== undefined) {
    statusLine.textContent = a.mode === "waits" ? t("Waits table in %(ms)s ms.", { ms: Math.round(ms) })
      : t("Scored under %(n)s rule sets in %(ms)s ms.", { n: a.results.length, ms: Math.round(ms) });
  }
  showCite(a, text);
}

function showCite(a, text) {
  const link = document.getElementById("cite-link");
  const url = linkFor(text);
  link.setAttribute("href", url);
  link.textContent = new URL(url, location.href).href;  /* the full address, as the site's permalinks show it */
  document.getElementById("cite-hand").textContent = a.hand;
  const stamps = {};
  if (a.mode === "waits") for (const w of a.rulesets) stamps[w.ruleset] = w.stamp;
  else for (const r of a.results) stamps[r.score.ruleset] = r.stamp;
  document.querySelectorAll("#cite-list [data-cite]").forEach((li) => {
    const id = li.dataset.cite;
    li.hidden = !(id in stamps);
    li.querySelector(".c-hand").textContent = a.hand;
    li.querySelector(".c-stamp").textContent = (stamps[id] || "") + (a.mode === "waits" ? t(" (waits)") : "");
    li.querySelector(".c-link").textContent = new URL(url, location.href).href;
  });
  cite.hidden = false;
}

/* ---------------------------------------------------------------- start */

const first = handFromHash();
if (first !== null) { input.value = first; }
const st0 = readHand(input.value);
showPreview(st0);
if (st0) syncControls(st0);
startWorker();
if (input.value) ask(input.value, "address");
