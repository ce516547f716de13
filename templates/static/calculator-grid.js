/* The calculator's tile grid as one Tab stop (a roving tabindex): the tile last moved to keeps tabindex 0, the
   others -1; arrow keys move within a row and between rows (to the nearest column), Home and End to a row's ends;
   Enter or Space press the tile (it is a button). Reaching a tile by click or focus() moves the stop too, so Tab
   comes back to where the reader was. Imported by calculator.js. */
export function rovingGrid(container) {
  const rows = [...container.querySelectorAll(".palette-row")].map((row) => [...row.querySelectorAll(".pick")]);
  const all = rows.flat();
  const rove = (button) => all.forEach((b) => b.setAttribute("tabindex", b === button ? "0" : "-1"));
  all.forEach((b) => b.addEventListener("focus", () => rove(b)));
  container.addEventListener("keydown", (e) => {
    const r = rows.findIndex((row) => row.includes(e.target));
    if (r < 0) return;
    const row = rows[r];
    const c = row.indexOf(e.target);
    const near = (k) => rows[k][Math.min(rows[k].length - 1, c)];
    let to = null;
    if (e.key === "ArrowRight") to = row[Math.min(row.length - 1, c + 1)];
    else if (e.key === "ArrowLeft") to = row[Math.max(0, c - 1)];
    else if (e.key === "ArrowDown" && r < rows.length - 1) to = near(r + 1);
    else if (e.key === "ArrowUp" && r > 0) to = near(r - 1);
    else if (e.key === "Home") to = row[0];
    else if (e.key === "End") to = row[row.length - 1];
    if (!to) return;
    e.preventDefault();
    rove(to);
    to.focus();
  });
}
