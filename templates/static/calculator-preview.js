/* The calculator's picture of the hand being built: its tiles (from the palette's own drawings), its melds, the
   winning tile, the flowers, and Riichi's indicators apart from the hand, each a button that removes it.
   Imported by calculator.js, which owns the state; this module only draws it. */
import { sortTiles, meldTiles, INDICATORS } from "./calculator-notation.js";
import { el, t as say } from "./calculator-dom.js";

const preview = document.getElementById("calc-preview");
const previewText = document.getElementById("calc-preview-text");
const indicators = document.getElementById("calc-indicators");
const tileSvg = {};
document.querySelectorAll("#palette .pick[data-tile]").forEach((b) => { tileSvg[b.dataset.tile] = b.querySelector("svg"); });
const backSvg = document.getElementById("tile-back").content.querySelector("svg");
const INDICATOR_NAMES = { dora: "Dora indicators", ura: "Ura-dora indicators" };
const REMOVE = { dora: "Remove dora indicator %(tile)s", ura: "Remove ura-dora indicator %(tile)s" };

/* A tile's drawing (a red five has its own; null: a tile back), optionally with an extra class. */
export function copyTile(t, extra) {
  const svg = (t ? tileSvg[t] || tileSvg["5" + t[1]] : backSvg).cloneNode(true);
  if (extra) svg.classList.add(extra);
  return svg;
}

export function tileCount(st) {
  return st.standing.length + 3 * st.melds.length + (st.win ? 1 : 0);
}

export function showPreview(st) {
  preview.replaceChildren();
  showIndicators(st);
  if (!st) { previewText.textContent = say("The picker cannot show this text; the engine's verdict is below."); return; }
  const count = tileCount(st);
  const implied = !st.win && count === 14 ? st.standing[st.standing.length - 1] : null;  // the last tile tapped
  const shown = implied ? st.standing.slice(0, -1) : st.standing;
  if (shown.length) preview.append(el("span", { class: "standing tiles" }, ...sortTiles(shown).map((t) => copyTile(t))));
  for (const m of st.melds) {
    const tiles = meldTiles(m).map((t, k) => copyTile(m.concealed && (k === 0 || k === 3) ? null : t));
    preview.append(el("span", { class: "meld " + (m.concealed ? "concealed-kong" : "exposed") }, ...tiles));
  }
  if (st.win || implied) preview.append(el("span", { class: "win" }, copyTile(st.win || implied, "win")));
  if (st.flags.flowers) preview.append(el("span", { class: "flowers", text: "✿ × " + st.flags.flowers }));
  previewText.textContent = !count ? say("No tiles yet.")
    : count === 13 && !st.win ? say("13 tiles: a waiting hand (what it waits on is shown below)")
    : implied ? say("14 tiles; the last one tapped (%(tile)s) wins, unless you choose a “Winning tile”", { tile: implied })
    : say("%(n)s of 14 tiles (a kong counts as three)", { n: count });
}

/* The indicators, each a button: pressing one takes it away (data-remove names the flag, data-index the tile). */
function showIndicators(st) {
  indicators.replaceChildren();
  const kinds = st ? INDICATORS.filter((f) => st[f].length) : [];
  indicators.hidden = !kinds.length;
  kinds.forEach((f, k) => {
    indicators.append(el("span", { class: "label", text: say(INDICATOR_NAMES[f]) + say(": ").trimEnd() }), " ",
      ...st[f].map((t, i) => el("button", { type: "button", class: "indicator", "data-remove": f, "data-index": i,
        "aria-label": say(REMOVE[f], { tile: t }), title: say("Remove %(tile)s", { tile: t }) },
        copyTile(t))));
    if (k < kinds.length - 1) indicators.append(" ");
  });
}
