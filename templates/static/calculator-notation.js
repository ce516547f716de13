/* The calculator's picker reads and writes the atlas notation (README: Hand notation) well enough to show a hand
   as tiles and to add to it; the engine, not this reader, is the judge of a hand: its message is what the page
   shows for a bad one. Imported by calculator.js. */
/* The bare flags in the notation's canonical order (README: Hand notation), Riichi's declarations last. */
export const BOOL_FLAGS = ["tsumo", "last-tile", "after-kong", "robbing-kong", "last-copy", "first-turn", "dealer",
  "riichi", "double-riichi", "ippatsu"];
/* The indicator flags, each a list of tiles picked in its own mode. */
export const INDICATORS = ["dora", "ura"];
export const WINDS = ["E", "S", "W", "N"];
export const HONOUR_LETTERS = { E: 1, S: 2, W: 3, N: 4, P: 5, F: 6, C: 7, G: 8 };
export const SUITS = "mpsz";

/* A red five is written 0 (Riichi) and counts as a five everywhere. */
export function rank(t) { return t[0] === "0" ? 5 : Number(t[0]); }
export function tileIndex(t) { return SUITS.indexOf(t[1]) * 9 + (rank(t) - 1) + (t[0] === "0" ? 0.5 : 0); }
export function sortTiles(ts) { return ts.slice().sort((a, b) => tileIndex(a) - tileIndex(b)); }
/* 8z is a ghost (Guangdong 2023's wild tile, also written G): a standing or winning tile, never in a meld. */
export function validTile(t) { return /^[0-9][mps]$|^[1-8]z$/.test(t); }

export function emptyState() {
  return { standing: [], melds: [], win: null, flags: { seat: "E", round: "E", flowers: 0, "wild-kongs": 0 },
    dora: [], ura: [], other: [] };
}

/* Reads the notation well enough to show it in the picker; null if it cannot. The engine is the judge: its
   message, not this reader's, is what the page shows for a bad hand. */
export function readHand(text) {
  const st = emptyState();
  const tileWords = [];
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    const m = /^([a-z-]+)(?:=(.*))?$/.exec(word);
    if (m && (BOOL_FLAGS.includes(m[1]) && m[2] === undefined)) { st.flags[m[1]] = true; continue; }
    if (m && INDICATORS.includes(m[1]) && m[2] !== undefined) {
      const tiles = tilesOf(m[2]);
      if (!tiles) return null;
      st[m[1]].push(...tiles); continue;
    }
    if (m && (m[1] === "seat" || m[1] === "round") && m[2] !== undefined) {
      if (!WINDS.includes(m[2])) return null;
      st.flags[m[1]] = m[2]; continue;
    }
    if (m && (m[1] === "flowers" || m[1] === "wild-kongs") && m[2] !== undefined) {
      if (!/^\d$/.test(m[2])) return null;
      st.flags[m[1]] = Number(m[2]); continue;
    }
    /* A flag this reader has no control for (a rule set's own, e.g. one added after this script) is kept as
       written, so adding a tile never drops it; the engine judges it. */
    if (m && m[2] !== undefined) { st.other.push(word); continue; }
    tileWords.push(word);
  }
  const s = tileWords.join("");
  let i = 0;
  const run = (stop) => {  // tiles up to `stop` (or the end / a bracket / '+')
    const out = [];
    let digits = "";
    while (i < s.length && !stop.includes(s[i])) {
      const c = s[i];
      if (/[0-9]/.test(c)) digits += c;
      else if (SUITS.includes(c)) {
        if (!digits) return null;
        for (const d of digits) out.push(d + c);
        digits = "";
      } else if (HONOUR_LETTERS[c]) {
        if (digits) return null;
        out.push(HONOUR_LETTERS[c] + "z");
      } else return null;
      i++;
    }
    return digits ? null : out;
  };
  while (i < s.length) {
    const c = s[i];
    if (c === "[" || c === "{") {
      i++;
      const tiles = run(c === "[" ? "]" : "}");
      if (!tiles || s[i] !== (c === "[" ? "]" : "}") || !tiles.every(validTile)) return null;
      i++;
      const meld = meldOf(tiles, c === "{");
      if (!meld) return null;
      st.melds.push(meld);
    } else if (c === "+") {
      let t = null;
      if (HONOUR_LETTERS[s[i + 1]]) { t = HONOUR_LETTERS[s[i + 1]] + "z"; i += 2; }
      else { t = s.slice(i + 1, i + 3); i += 3; }
      if (!validTile(t)) return null;
      st.win = t;
    } else {
      const tiles = run("[{+");
      if (!tiles || !tiles.every(validTile)) return null;
      st.standing.push(...tiles);
    }
  }
  return st;
}

/* A run of tiles with nothing else ("3m7z", "35p"), as an indicator's value is written; null if it is not one. */
export function tilesOf(text) {
  const st = readHand(text);
  return st && !st.melds.length && !st.win && st.standing.length ? st.standing : null;
}

export function meldOf(tiles, concealed) {
  const [a, b, c] = tiles;
  if (tiles.length === 3 && !concealed && a[1] !== "z" && a[1] === b[1] && b[1] === c[1]
      && rank(b) === rank(a) + 1 && rank(c) === rank(b) + 1) return { kind: "chow", tile: a, concealed: false, tiles };
  if (tiles.every((t) => t === a)) {
    if (tiles.length === 3 && !concealed) return { kind: "pung", tile: a, concealed: false };
    if (tiles.length === 4) return { kind: "kong", tile: a, concealed };
  }
  return null;
}

export function meldTiles(m) {
  if (m.kind === "chow") {
    if (m.tiles) return m.tiles;  // as written: a red five stays red
    const r = rank(m.tile);
    return [r, r + 1, r + 2].map((x) => x + m.tile[1]);
  }
  return Array(m.kind === "kong" ? 4 : 3).fill(m.tile);
}

export function groupText(tiles) {
  let out = "";
  for (const suit of SUITS) {
    const digits = sortTiles(tiles).filter((t) => t[1] === suit).map((t) => t[0]).join("");
    if (digits) out += digits + suit;
  }
  return out;
}

/* Without a winning tile chosen, the notation's winning tile is the last standing tile written: the picker writes
   the tile tapped last at the end (after the others, sorted), so the last tile tapped is the winning tile. */
export function writeHand(st) {
  const parts = [];
  if (st.standing.length && !st.win && st.standing.length > 1) {
    parts.push(groupText(st.standing.slice(0, -1)) + groupText(st.standing.slice(-1)));
  } else if (st.standing.length) parts.push(groupText(st.standing));
  for (const m of st.melds) {
    const body = groupText(meldTiles(m));
    parts.push(m.concealed ? "{" + body + "}" : "[" + body + "]");
  }
  if (st.win) {
    if (parts.length && !st.melds.length) parts[parts.length - 1] += "+" + st.win;
    else parts.push("+" + st.win);
  }
  for (const f of BOOL_FLAGS) if (st.flags[f]) parts.push(f);
  for (const f of ["seat", "round"]) if (st.flags[f] && st.flags[f] !== "E") parts.push(f + "=" + st.flags[f]);
  for (const f of ["flowers", "wild-kongs"]) if (st.flags[f]) parts.push(f + "=" + st.flags[f]);
  for (const f of INDICATORS) if (st[f].length) parts.push(f + "=" + st[f].join(""));
  parts.push(...st.other);
  return parts.join(" ");
}
