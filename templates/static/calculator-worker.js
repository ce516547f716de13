/* The calculator's engine (a module Web Worker): loads Pyodide and the engine bundle once, then answers hands.

   Messages in:  {type: "init", runtime: "/pyodide/<version>-<hash>/", bundle: "/calculator/engine-<hash>.zip"}
                 {type: "hand", id, text}
   Messages out: {type: "ready", info: {engine, rulesets: [...]}, ms}   or {type: "failed", message}
                 {type: "answer", id, text, json, ms}   (json: generator/site/calculator_engine.py answer())
*/
let ready = null;
let answerFn = null;

async function start(runtime, bundle) {
  const t0 = performance.now();
  const { loadPyodide } = await import(new URL("pyodide.mjs", new URL(runtime, self.location.href)).href);
  const [pyodide, archive] = await Promise.all([
    loadPyodide({ indexURL: runtime, packages: [] }),
    fetch(bundle).then((r) => {
      if (!r.ok) throw new Error("cannot fetch the engine bundle (" + r.status + ")");
      return r.arrayBuffer();
    }),
  ]);
  pyodide.unpackArchive(new Uint8Array(archive), "zip", { extractDir: "/home/pyodide/atlas" });
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/atlas'); sys.dont_write_bytecode = False");
  const calc = pyodide.pyimport("atlas_calc");
  const info = JSON.parse(calc.setup());
  answerFn = calc.answer;
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
