/* The calculator's engine (a module Web Worker): loads Pyodide and the engine bundle once, then answers hands.

   Messages in:  {type: "init", runtime: "/pyodide/<version>-<hash>/", bundle: "/calculator/engine-<hash>.zip"}
                 {type: "hand", id, text}
   Messages out: {type: "ready", info: {engine, rulesets: [...]}, ms}   or {type: "failed", message}
                 {type: "answer", id, text, json, ms}   (json: generator/site/calculator_engine.py answer())
*/
let ready = null;
let answerFn = null;

/* A warm start: after a full start the worker saves a memory snapshot of the interpreter (the engine imported,
   the rule sets loaded) in the browser's Cache Storage, keyed by the runtime's and the bundle's hashed names; the
   next visit restores it instead of booting Python again. Any failure falls back to the full start. */
const SNAPSHOTS = "atlas-calculator-snapshots";

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

async function start(runtime, bundle) {
  const t0 = performance.now();
  const phases = {};
  const mark = (name, since) => { phases[name] = Math.round(performance.now() - since); };
  const { loadPyodide } = await import(new URL("pyodide.mjs", new URL(runtime, self.location.href)).href);
  mark("loader", t0);
  const key = snapshotKey(runtime, bundle);
  const snapshot = await savedSnapshot(key);
  let calc = null;
  if (snapshot) {
    const t1 = performance.now();
    try {
      const pyodide = await loadPyodide({ indexURL: runtime, packages: [], _loadSnapshot: snapshot });
      calc = pyodide.pyimport("atlas_calc");
      mark("restore", t1);
      phases.snapshot = "restored";
    } catch (e) {
      calc = null;
      try { await (await caches.open(SNAPSHOTS)).delete(key); } catch (e2) { /* ignore */ }
    }
  }
  if (!calc) {
    const archiveP = fetch(bundle).then((r) => {
      if (!r.ok) throw new Error("cannot fetch the engine bundle (" + r.status + ")");
      return r.arrayBuffer();
    }).then((b) => { mark("bundle", t0); return b; });
    const t1 = performance.now();
    const pyodide = await loadPyodide({ indexURL: runtime, packages: [], _makeSnapshot: true });
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
    phases.snapshot = "made";
    setTimeout(() => saveSnapshot(pyodide, key), 300);  // after the first answer, off its path
  }
  const info = JSON.parse(calc.setup());
  answerFn = calc.answer;
  info.phases = phases;
  info.resources = performance.getEntriesByType("resource").map((e) => ({
    name: e.name.split("/").pop(), start: Math.round(e.startTime), end: Math.round(e.responseEnd),
    bytes: e.transferSize, size: e.decodedBodySize }));
  return { info, ms: performance.now() - t0 };
}

self.onmessage = async (event) => {
  const msg = event.data || {};
  if (msg.type === "init") {
    if (!ready) ready = start(msg.runtime, msg.bundle);
    try {
      const r = await ready;
      self.postMessage({ type: "ready", info: r.info, ms: r.ms });
    } catch (e) {
      self.postMessage({ type: "failed", message: String(e && e.message ? e.message : e) });
    }
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
        json: JSON.stringify({ error: "error: the engine failed: " + String(e && e.message ? e.message : e) }) });
    }
  }
};
