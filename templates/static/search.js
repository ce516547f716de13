/* Search over the Pagefind index (Chinese-segmented, holding English too), built in shards that
   /pagefind/shards.json lists (generator/site/search.py); mergeIndex ranks all shards' results together.
   Pagefind needs HTTP: opened from file:// the index cannot load, and the page says so.

   A query that is exactly a rule set's, pattern's or concept's name, in either script (the `name` filter
   of generator/site/search_terms.py), lists those pages first, rule sets before concepts before patterns
   (a reader typing "Riichi" wants the rules before the riichi declaration); the ranked full-text results
   follow. The kind and rule-set choices of the form are Pagefind filters too, and
   the address keeps them (?q=…&kind=…&ruleset=…), so a narrowed search can be linked. */
const form = document.getElementById("search-form");
const input = document.getElementById("search-input");
const kindSelect = document.getElementById("search-kind");
const rulesetSelect = document.getElementById("search-ruleset");
const status = document.getElementById("search-status");
const list = document.getElementById("search-results");
const more = document.getElementById("search-more");
const PAGE = 20;
/* The page's language (base.html's script-words, generator/site/i18n.py SCRIPT_WORDS): words by their English. */
const wordsElement = document.getElementById("script-words");
const WORDS = wordsElement ? JSON.parse(wordsElement.textContent) : {};
const t = (text, n) => (WORDS[text] || text).split("%(n)s").join(String(n));
/* Where the site is published (`build --base-url`): the bundles live under it, and Pagefind takes the result
   addresses' base from each bundle's own path. */
const BASE = document.documentElement.dataset.base || "/";
/* Pagefind's additive boosts for metadata matches: the `names` of rule set, pattern and concept pages, high
   enough that a page named by the query's words outranks the short example hands that only mention it in
   their title; the `keywords` a page is looked for by ("cheat sheet", "what changed"), a little lower, so a
   page that is named by the query still comes first. */
const RANKING = { metaWeights: { names: 30, keywords: 20 } };
const KIND_FIRST = ["rule set", "concept", "pattern"];
let pagefind = null;
let results = [];
let shown = 0;

async function load() {
  if (!pagefind) {
    const listing = await (await fetch(BASE + "pagefind/shards.json")).json();
    /* one index per language: the bundles of this page's own language (its <html lang>) */
    const bundles = listing.bundles[document.documentElement.lang] || listing.bundles.en;
    const [first, ...rest] = bundles.map((b) => BASE + b.replace(/^\//, ""));
    const pf = await import(first + "pagefind.js");
    await pf.options({ ranking: RANKING });
    await pf.init();
    for (const bundle of rest) await pf.mergeIndex(bundle, { ranking: RANKING });
    pagefind = pf;
  }
  return pagefind;
}

/* As generator/site/search_terms.py `name_key` writes the `name` filter values. */
function nameKey(text) {
  return text.trim().split(/\s+/).join(" ").toLowerCase();
}

function chosenFilters() {
  const filters = {};
  if (kindSelect.value) filters.kind = kindSelect.value;
  if (rulesetSelect.value) filters.ruleset = rulesetSelect.value;
  return filters;
}

function capitalized(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function item(data) {
  const li = document.createElement("li");
  const a = document.createElement("a");
  a.className = "result-title";
  a.href = data.url;
  a.textContent = (data.meta && data.meta.title) || data.url;
  li.appendChild(a);
  const kind = (data.meta && data.meta.kind) || "page";
  const what = document.createElement("span");
  what.className = "result-kind";
  /* the kind in the page's language, as the form's kind filter offers it */
  const option = kindSelect.querySelector(`option[value="${CSS.escape(kind)}"]`);
  what.textContent = " · " + capitalized(option ? option.textContent : kind);
  li.appendChild(what);
  const rulesets = [...new Set((data.filters && data.filters.ruleset) || [])];
  if (rulesets.length) {
    const tag = document.createElement("span");
    tag.className = "rs-id";
    tag.textContent = " " + rulesets.join(" ");
    li.appendChild(tag);
  }
  const p = document.createElement("p");
  p.className = "excerpt";
  p.innerHTML = data.excerpt; /* Pagefind's excerpt: our own page text, with <mark> around the hits */
  li.appendChild(p);
  return li;
}

async function showMore() {
  const batch = results.slice(shown, shown + PAGE);
  shown += batch.length;
  const datas = await Promise.all(batch.map((r) => r.data()));
  datas.forEach((d) => list.appendChild(item(d)));
  more.hidden = shown >= results.length;
}

/* The pages named exactly by the query, concepts first, then by address; then the ranked results not among them. */
async function ordered(pf, query, filters) {
  const [named, found] = await Promise.all([
    pf.search(null, { filters: { ...filters, name: nameKey(query) } }),
    pf.search(query, { filters }),
  ]);
  const exact = await Promise.all(named.results.map(async (r) => ({ r, d: await r.data() })));
  const rank = (d) => { const i = KIND_FIRST.indexOf(d.meta.kind); return i < 0 ? KIND_FIRST.length : i; };
  exact.sort((x, y) => rank(x.d) - rank(y.d) || (x.d.url < y.d.url ? -1 : x.d.url > y.d.url ? 1 : 0));
  const ids = new Set(exact.map((x) => x.r.id));
  return [...exact.map((x) => x.r), ...found.results.filter((r) => !ids.has(r.id))];
}

async function run(query, focus) {
  list.textContent = "";
  more.hidden = true;
  results = [];
  shown = 0;
  if (!query.trim()) { status.textContent = ""; return; }
  status.textContent = t("Searching…");
  try {
    const pf = await load();
    results = await ordered(pf, query, chosenFilters());
    await showMore();  /* the first results are on the page before the status says they are */
    status.textContent = results.length === 1 ? t("1 page found.") : t("%(n)s pages found.", results.length);
    if (focus && results.length) list.focus();
  } catch (err) {
    status.textContent = location.protocol === "file:"
      ? t("Search needs the site served over HTTP (run: mahjong-atlas serve).")
      : t("Search is unavailable: the index could not be loaded.");
  }
}

function address() {
  const params = new URLSearchParams();
  if (input.value) params.set("q", input.value);
  if (kindSelect.value) params.set("kind", kindSelect.value);
  if (rulesetSelect.value) params.set("ruleset", rulesetSelect.value);
  const query = params.toString();
  return query ? `?${query}` : location.pathname;
}

form.addEventListener("submit", (ev) => {
  ev.preventDefault();
  history.replaceState(null, "", address());
  run(input.value, true);
});
for (const select of [kindSelect, rulesetSelect]) {
  select.addEventListener("change", () => {
    history.replaceState(null, "", address());
    if (input.value.trim()) run(input.value, false);
  });
}
more.addEventListener("click", showMore);
const params = new URLSearchParams(location.search);
const initial = params.get("q") || "";
for (const [select, key] of [[kindSelect, "kind"], [rulesetSelect, "ruleset"]]) {
  const value = params.get(key) || "";
  if ([...select.options].some((o) => o.value === value)) select.value = value;
}
if (initial) { input.value = initial; run(initial, true); }
