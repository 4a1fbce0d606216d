// The pile title's board (tests/e2e/pile.py), drawn to the conventions of issue 15: a map of
// 1600 x 1000 units (larger than a laptop's board area at the first scale, so that it scrolls),
// the counters left in a "pile" location, and two picks ("1", "2") in the area in play, which
// svg.dataset.focus names. Only for the browser checks of the generic page.

import { svg as el } from "/static/api.js";

export function draw(svg, view, onPick, ctx) {
  svg.textContent = "";
  svg.setAttribute("viewBox", "0 0 1600 1000");
  svg.setAttribute("aria-label", "The pile of counters");
  svg.dataset.minScale = "1";
  svg.dataset.focus = "1150 650 400 250";
  svg.append(el("rect", { x: 0, y: 0, width: 1600, height: 1000, fill: "#e8dcc0" }));
  const pile = el("g", {});
  pile.append(el("rect", { x: 60, y: 60, width: 420, height: 160, fill: "#fffdf5", stroke: "#5b4630", "data-location": "pile" }));
  pile.append(el("text", { x: 80, y: 250, "font-size": 16, "data-location-label": "pile" }, `The pile: ${view.left} left`));
  for (let i = 0; i < view.left; i += 1) {
    pile.append(el("circle", { cx: 100 + i * 50, cy: 140, r: 20, fill: "#8b2c1c", "data-piece": `counter-${i}`, "data-at": "pile" }));
  }
  svg.append(pile);
  for (const n of [1, 2]) {
    const token = String(n);
    const g = el("g", { class: ctx.pickable.has(token) ? "take pickable" : "take" });
    g.append(el("circle", { cx: 1250 + (n - 1) * 200, cy: 775, r: 60, fill: ctx.picked.has(token) ? "#d0021b" : "#fff6d8", stroke: "#5b4630", "stroke-width": 3 }));
    g.append(el("text", { x: 1250 + (n - 1) * 200, y: 782, "font-size": 18, "text-anchor": "middle" }, `Take ${n}`));
    if (ctx.pickable.has(token)) {
      g.setAttribute("data-pick", token);
      g.setAttribute("aria-label", `Take ${n} counter${n === 1 ? "" : "s"}`);
      g.addEventListener("click", () => onPick(token));
    }
    svg.append(g);
  }
  const key = el("g", { "data-board-key": "" });
  key.append(el("text", { x: 60, y: 960, "font-size": 14 }, "Red: a counter in the pile; a ringed disc: a number of counters to take"));
  svg.append(key);
}
