/* What the calculator's page draws with: elements built from plain values (every text goes in by textContent or an
   attribute, never as markup), figures written as the site's receipts write them, and the page's words (t: its
   language's, the verdicts and what a hand being built needs). Imported by calculator.js. */

/* The page's words: on a page of another language the catalogue's translations by their English
   (#calculator-words, generator/site/calculator_words.py), which the engine's worker is given too; "%(name)s" stands
   for a value. The English page has none, and its words are the keys themselves. */
const wordsElement = document.getElementById("calculator-words");
export const WORDS = wordsElement ? JSON.parse(wordsElement.textContent) : {};
export function t(text, values) {
  const said = Object.prototype.hasOwnProperty.call(WORDS, text) ? WORDS[text] : text;
  return values ? said.replace(/%\((\w+)\)s/g, (m, k) => String(values[k])) : said;
}

/* An element with attributes ("text" is its text content; null, undefined and false leave an attribute out). */
export function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") e.textContent = v; else e.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

/* Figures as every receipt prints them (generator/receipt.py: figure): plain below 10,000, else grouped by thin
   spaces. */
export function num(value) {
  return Math.abs(value) >= 10000 && Number.isInteger(value) ? String(value).replace(/\B(?=(\d{3})+(?!\d))/g, "\u202f") : String(value);
}
export function unitLabel(unit, value) { return t(unit === "points" && value === 1 ? "point" : unit); }
export function amount(value, unit) { return num(value) + " " + unitLabel(unit, value); }

export function tableWrap(label, table) {
  return el("div", { class: "table-wrap", role: "region", "aria-label": label, tabindex: "0" }, table);
}

/* A rule set's verdict in its own words: a refused shape says what is left over, 团圆 that its dragons are wilds
   (the receipt's why_not, generator/leftover.py). */
export function verdict(s, why) {
  if (!s.complete) {
    const said = why || s.notes.join(t("; "));
    return said ? t("not a winning shape: %(why)s", { why: said }) : t("not a winning shape");
  }
  if (!s.legal) return s.notes.length ? t("not a legal win: %(why)s", { why: s.notes.join(t("; ")) }) : t("not a legal win");
  return t("legal win");
}

export function needsText(a) {
  const n = a.to_complete;
  return t(a.tiles === 1 ? "1 tile so far: %(more)s more for a complete hand" : "%(n)s tiles so far: %(more)s more for a complete hand", { n: a.tiles, more: n })
    + (a.to_waiting > 0 ? t(" (%(n)s more shows what it waits on)", { n: a.to_waiting }) : "") + t(". A kong counts as three.");
}
