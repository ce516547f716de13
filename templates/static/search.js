/* Search over the Pagefind index (Chinese-segmented, holding English too), built in shards that
   /pagefind/shards.json lists (generator/site/search.py); mergeIndex ranks all shards' results together.
   Pagefind needs HTTP: opened from file:// the index cannot load, and the page says so. */
const form = document.getElementById("search-form");
const input = document.getElementById("search-input");
const status = document.getElementById("search-status");
const list = document.getElementById("search-results");
const more = document.getElementById("search-more");
const PAGE = 20;
/* Where the site is published (`build --base-url`): the bundles live under it, and Pagefind takes the result
   addresses' base from each bundle's own path. */
const BASE = document.documentElement.dataset.base || "/";
let pagefind = null;
let results = [];
let shown = 0;

async function load() {
  if (!pagefind) {
    const listing = await (await fetch(BASE + "pagefind/shards.json")).json();
    const [first, ...rest] = listing.bundles.map((b) => BASE + b.replace(/^\//, ""));
    const pf = await import(first + "pagefind.js");
    await pf.init();
    for (const bundle of rest) await pf.mergeIndex(bundle);
    pagefind = pf;
  }
  return pagefind;
}

function item(data) {
  const li = document.createElement("li");
  const a = document.createElement("a");
  a.className = "result-title";
  a.href = data.url;
  a.textContent = (data.meta && data.meta.title) || data.url;
  li.appendChild(a);
  if (data.meta && data.meta.ruleset) {
    const tag = document.createElement("span");
    tag.className = "rs-id";
    tag.textContent = " " + data.meta.ruleset;
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

async function run(query) {
  list.textContent = "";
  more.hidden = true;
  results = [];
  shown = 0;
  if (!query.trim()) { status.textContent = ""; return; }
  status.textContent = "Searching…";
  try {
    const pf = await load();
    const found = await pf.search(query);
    results = found.results;
    await showMore();  /* the first results are on the page before the status says they are */
    status.textContent = results.length === 1 ? "1 page found." : `${results.length} pages found.`;
  } catch (err) {
    status.textContent = location.protocol === "file:"
      ? "Search needs the site served over HTTP (run: mahjong-atlas serve)."
      : "Search is unavailable: the index could not be loaded.";
  }
}

form.addEventListener("submit", (ev) => {
  ev.preventDefault();
  const q = input.value;
  history.replaceState(null, "", q ? `?q=${encodeURIComponent(q)}` : location.pathname);
  run(q);
});
more.addEventListener("click", showMore);
const initial = new URLSearchParams(location.search).get("q") || "";
if (initial) { input.value = initial; run(initial); }
