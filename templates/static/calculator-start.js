/* Starts the calculator's engine worker as soon as the page's head is read, before the body (a large tile picker)
   is parsed and calculator.js runs: the engine's start is most of the wait for the first answer. calculator.js
   takes the worker over, with the messages it sent meanwhile (window.atlasEngine). The addresses are this script
   tag's data attributes (the page's #calculator carries the same ones). */
(function () {
  const own = document.currentScript;
  const d = own.dataset;
  if (!d.runtime || typeof Worker === "undefined") return;
  const here = (path) => new URL(path, location.href).href;
  const worker = new Worker(new URL("calculator-worker.js", own.src), { type: "module" });
  const engine = { worker, started: performance.now(), early: [] };
  worker.onmessage = (event) => { engine.early.push(event.data); };
  worker.postMessage({ type: "init", runtime: here(d.runtime), bundle: here(d.bundle),
    snapshot: d.engineSnapshot ? here(d.engineSnapshot) : null, lock: d.lock ? JSON.parse(d.lock) : null });
  window.atlasEngine = engine;
})();
