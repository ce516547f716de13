/* Makes the calculator's memory snapshot under Node: Pyodide started, the engine bundle unpacked and every module
   of it imported, the rule sets loaded (atlas_calc.setup()); then the interpreter's memory, written to OUT.
   The page's worker restores it instead of booting Python (calculator-worker.js).

       node calculator_snapshot.mjs RUNTIME_DIR BUNDLE_ZIP OUT

   The same inputs must give the same bytes (the build is reproducible), so everything the interpreter could read
   from the outside while it starts is fixed here: the clock, the monotonic timer, the random bytes of
   /dev/urandom and getentropy, the hash seed and the program's name (a browser's is "./this.program"). */
import { readFileSync, writeFileSync } from "node:fs";
import nodeCrypto from "node:crypto";

const [runtime, bundle, out] = process.argv.slice(2);
process.argv = [process.argv[0], "./this.program"];

const EPOCH = Date.UTC(2020, 0, 1);
Date.now = () => EPOCH;
let ticks = 0;
performance.now = () => (ticks += 0.01);  // advances, as a monotonic clock must, by the same steps every run
let seed = 0x2545f491;
function fill(view) {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let i = 0; i < bytes.length; i++) {  // xorshift32: the bytes need only be the same every run
    seed ^= seed << 13; seed ^= seed >>> 17; seed ^= seed << 5;
    bytes[i] = seed & 255;
  }
  return view;
}
nodeCrypto.randomFillSync = fill;  // what Emscripten asks under Node
Object.defineProperty(globalThis.crypto, "getRandomValues", { value: fill, configurable: true });

const { loadPyodide } = await import(new URL("pyodide.mjs", "file://" + runtime.replace(/\/?$/, "/")).href);
const pyodide = await loadPyodide({ indexURL: runtime.replace(/\/?$/, "/"), packages: [], _makeSnapshot: true,
                                    env: { PYTHONHASHSEED: "0" } });
pyodide.unpackArchive(new Uint8Array(readFileSync(bundle)), "zip", { extractDir: "/home/pyodide/atlas" });
/* Every module of the bundle is imported now: the restored interpreter's file system does not hold the bundle, so
   a module first imported after the restore would not be found. */
pyodide.runPython(`
import importlib, pathlib, sys
sys.path.insert(0, "/home/pyodide/atlas")
import atlas_calc
atlas_calc.setup()
root = pathlib.Path("/home/pyodide/atlas")
for path in sorted(root.joinpath("generator").rglob("*.py")):
    parts = path.relative_to(root).with_suffix("").parts
    importlib.import_module(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
`);
writeFileSync(out, pyodide.makeMemorySnapshot());
