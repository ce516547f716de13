/* The calculator's engine (a module Web Worker): loads Pyodide and the engine once, then answers hands.

   Messages in:  {type: "init", runtime: "/pyodide/<version>-<hash>/", bundle: "/calculator/engine-<hash>.zip",
                  snapshot: "/calculator/snapshot-<hash>.bin" or null, lock: the lock file's "info" or null}
                 {type: "words", json}   (the page's #calculator-words: the engine says its answers in the page's language)
                 {type: "hand", id, text}
   Messages out: {type: "ready", info: {engine, rulesets: [...], phases, resources}, ms}   or {type: "failed", message}
                 {type: "answer", id, text, json, ms}   (json: generator/site/calculator_engine.py answer())

   Three ways to start, fastest first:
   1. the build's memory snapshot (generator/site/calculator_snapshot.py): the interpreter with the engine imported
      and the rule sets loaded, restored instead of booting Python; under a content-hashed name, so a later visit
      reads it from the HTTP cache;
   2. without one (a build with no Node), a snapshot this browser saved after an earlier full start, in Cache
      Storage, keyed by the runtime's and the bundle's hashed names;
   3. the full start: boot Python, unpack the bundle, import the engine, load the rule sets.
   Any failure of 1 or 2 falls back to 3. */
let ready = null;
let answerFn = null;
let wordsFn = null;
let words = {};  /* the page's words (the "words" message): what the worker says itself, in the page's language */

function t(template, values) {
  const text = words[template] || template;
  return text.replace(/%\((\w+)\)s/g, (_, name) => String(values[name]));
}

const SNAPSHOTS = "atlas-calculator-snapshots";
/* After a restore the generator of `random` would replay the snapshot's state on every visit: reseed it. */
const AFTER_RESTORE = "import sys\nif 'random' in sys.modules: sys.modules['random'].seed()";

function snapshotKey(runtime, bundle) {
  return new URL(bundle, self.location.href).href + "?snapshot-of=" + encodeURIComponent(runtime);
}

async function savedSnapshot(key) {
  try {
    const cache = await caches.open(SNAPSHOTS);
    const hit = await cache.match(key);
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch (e) {
    return null;
  }
}

async function saveSnapshot(pyodide, key) {
  try {
    const snapshot = pyodide.makeMemorySnapshot();
    const cache = await caches.open(SNAPSHOTS);
    for (const old of await cache.keys()) if (old.url !== key) await cache.delete(old);
    await cache.put(key, new Response(snapshot, { headers: { "Content-Type": "application/octet-stream" } }));
    self.postMessage({ type: "snapshot", saved: true, bytes: snapshot.length });
  } catch (e) {
    /* no snapshot: the next visit starts in full, as this one did */
    self.postMessage({ type: "snapshot", saved: false, message: String(e && e.message ? e.message : e) });
  }
}

function fetchBytes(url, what) {
  return fetch(url).then((r) => {
    if (!r.ok) throw new Error("cannot fetch the " + what + " (" + r.status + ")");
    return r.arrayBuffer();
  });
}

/* The lock file lists Pyodide's optional packages, none of which the engine uses: given its "info" alone, the
   runtime does not fetch it (116 KiB). */
function options(runtime, lock) {
  const o = { indexURL: runtime, packages: [] };
  if (lock) o.lockFileContents = JSON.stringify({ info: lock, packages: {} });
  return o;
}

async function restore(loadPyodide, runtime, lock, snapshot) {
  const pyodide = await loadPyodide({ ...options(runtime, lock), _loadSnapshot: snapshot });
  pyodide.runPython(AFTER_RESTORE);
  return pyodide.pyimport("atlas_calc");
}

async function start(runtime, bundle, snapshotUrl, lock) {
  const t0 = performance.now();
  const phases = { began: performance.timeOrigin + t0 };  // wall-clock ms, for the page to place the start
  const mark = (name, since) => { phases[name] = Math.round(performance.now() - since); };
  /* The snapshot's download starts before the loader's, so the two overlap. */
  const built = snapshotUrl ? fetchBytes(snapshotUrl, "engine snapshot") : null;
  if (built) built.catch(() => {});  // awaited below; a failure there means the full start
  const { loadPyodide } = await import(new URL("pyodide.mjs", new URL(runtime, self.location.href)).href);
  mark("loader", t0);
  const attempt = async (bytes, name) => {  // a restore, timed; null (and the reason noted) if it fails
    const t1 = performance.now();
    try {
      const restored = await restore(loadPyodide, runtime, lock, bytes);
      mark("restore", t1);
      phases.snapshot = name;
      return restored;
    } catch (e) {
      phases[name + "Failed"] = String(e && e.message ? e.message : e);
      return null;
    }
  };
  let calc = built ? await attempt(built, "built") : null;
  const key = snapshotKey(runtime, bundle);
  const saved = calc || built ? null : await savedSnapshot(key);
  if (saved) {
    calc = await attempt(saved, "restored");
    if (!calc) try { await (await caches.open(SNAPSHOTS)).delete(key); } catch (e) { /* ignore */ }
  }
  if (!calc) {
    const archiveP = fetchBytes(bundle, "engine bundle").then((b) => { mark("bundle", t0); return b; });
    const t1 = performance.now();
    const pyodide = await loadPyodide({ ...options(runtime, lock), _makeSnapshot: !built });
    mark("runtime", t1);
    const archive = await archiveP;
    const t2 = performance.now();
    pyodide.unpackArchive(new Uint8Array(archive), "zip", { extractDir: "/home/pyodide/atlas" });
    pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/atlas'); import atlas_calc");
    mark("import", t2);
    const t3 = performance.now();
    pyodide.runPython("atlas_calc.setup()");
    mark("rules", t3);
    calc = pyodide.pyimport("atlas_calc");
    phases.snapshot = "none";
    if (!built) setTimeout(() => saveSnapshot(pyodide, key), 300);  // after the first answer, off its path
  }
  const info = JSON.parse(calc.setup());
  answerFn = calc.answer;
  wordsFn = calc.set_words;
  info.phases = phases;
  info.resources = performance.getEntriesByType("resource").map((e) => ({
    name: e.name.split("/").pop(), start: Math.round(e.startTime), end: Math.round(e.responseEnd),
    bytes: e.transferSize, size: e.decodedBodySize }));
  return { info, ms: performance.now() - t0 };
}

self.onmessage = async (event) => {
  const msg = event.data || {};
  if (msg.type === "init") {
    if (!ready) ready = start(msg.runtime, msg.bundle, msg.snapshot || null, msg.lock || null);
    try {
      const r = await ready;
      self.postMessage({ type: "ready", info: r.info, ms: r.ms });
    } catch (e) {
      self.postMessage({ type: "failed", message: String(e && e.message ? e.message : e) });
    }
    return;
  }
  if (msg.type === "words") {  // handled before any hand sent after it: both wait for the same start, in order
    try { words = JSON.parse(String(msg.json)); } catch (e) { words = {}; }
    try {
      await ready;
      wordsFn(String(msg.json));
    } catch (e) { /* the start failed, which "init" reports; the answers would have been English */ }
    return;
  }
  if (msg.type === "hand") {
    try {
      await ready;
      const t0 = performance.now();
      const json = answerFn(String(msg.text));
      self.postMessage({ type: "answer", id: msg.id, text: msg.text, json, ms: performance.now() - t0 });
    } catch (e) {
      self.postMessage({ type: "answer", id: msg.id, text: msg.text, ms: 0,
        json: JSON.stringify({ error: t("error: %(reason)s", { reason: t("the engine failed: %(why)s",
          { why: String(e && e.message ? e.message : e) }) }) }) });
    }
  }
};
