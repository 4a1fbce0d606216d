// The points over a finished game as a small chart (issue 15), from GET /api/games/{id}/summary:
// one line per role (its colour, its dash and its marker, so that roles differ without colour),
// axes with their labels, a legend, and the same figures as a table for a screen reader.

import { SVG_NS, h, svg } from "./api.js";

const W = 340;
const H = 190;
const PAD = { left: 46, right: 12, top: 10, bottom: 40 };
const STYLES = [
  { colour: "#8b2c1c", dash: "", marker: "circle" },
  { colour: "#1f4e9c", dash: "7 4", marker: "square" },
  { colour: "#2a6e35", dash: "2 3", marker: "triangle" },
  { colour: "#6b3fa0", dash: "10 3 2 3", marker: "diamond" },
];
const TABLE_ROWS = 24; // the table's rows at most (evenly spread, the last always among them)

const styleOf = (i) => STYLES[i % STYLES.length];

function marker(kind, x, y, colour) {
  const r = 4;
  if (kind === "circle") return svg("circle", { cx: x, cy: y, r, fill: colour });
  if (kind === "square") return svg("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, fill: colour });
  if (kind === "triangle") return svg("path", { d: `M${x} ${y - r - 1}L${x + r + 1} ${y + r}L${x - r - 1} ${y + r}Z`, fill: colour });
  return svg("path", { d: `M${x} ${y - r - 1}L${x + r + 1} ${y}L${x} ${y + r + 1}L${x - r - 1} ${y}Z`, fill: colour });
}

const number = (v) => (Number.isInteger(v) ? String(v) : v.toFixed(1));

// Round steps for an axis from ``low`` to ``high`` (about four of them).
function ticks(low, high) {
  const span = high - low || 1;
  const raw = span / 4;
  const unit = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * unit).find((s) => s >= raw) || raw;
  const out = [];
  for (let v = Math.ceil(low / step) * step; v <= high + 1e-9; v += step) out.push(Number(v.toFixed(6)));
  return out;
}

export function pointsChart(points, roleName = (r) => r) {
  const { roles, series } = points;
  const last = series[series.length - 1];
  const maxPly = Math.max(1, last.ply);
  const values = series.flatMap((s) => roles.map((r) => Number(s.points[r]) || 0));
  const low = Math.min(0, ...values);
  const high = Math.max(1, ...values);
  const x = (ply) => PAD.left + (ply / maxPly) * (W - PAD.left - PAD.right);
  const y = (v) => H - PAD.bottom - ((v - low) / (high - low)) * (H - PAD.top - PAD.bottom);
  const ended = roles.map((r) => `${roleName(r)} ${number(Number(last.points[r]) || 0)}`).join(", ");

  const chart = document.createElementNS(SVG_NS, "svg");
  chart.setAttribute("viewBox", `0 0 ${W} ${H}`);
  chart.setAttribute("width", W);
  chart.setAttribute("height", H);
  chart.setAttribute("class", "points-chart");
  chart.setAttribute("role", "img");
  chart.setAttribute("aria-label", `Points over the game, by action; at the end: ${ended}. The table below gives the figures.`);
  const axes = svg("g", { class: "axes" });
  for (const v of ticks(low, high)) {
    axes.append(svg("line", { x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v), class: "grid" }));
    axes.append(svg("text", { x: PAD.left - 6, y: y(v) + 4, "text-anchor": "end" }, number(v)));
  }
  for (const t of ticks(0, maxPly)) {
    axes.append(svg("text", { x: x(t), y: H - PAD.bottom + 15, "text-anchor": "middle" }, number(t)));
  }
  axes.append(svg("line", { x1: PAD.left, x2: PAD.left, y1: PAD.top, y2: H - PAD.bottom, class: "axis" }));
  axes.append(svg("line", { x1: PAD.left, x2: W - PAD.right, y1: H - PAD.bottom, y2: H - PAD.bottom, class: "axis" }));
  axes.append(svg("text", { x: (PAD.left + W - PAD.right) / 2, y: H - 6, "text-anchor": "middle", class: "label" }, "Actions taken"));
  axes.append(svg("text", { x: 12, y: (PAD.top + H - PAD.bottom) / 2, "text-anchor": "middle", class: "label",
    transform: `rotate(-90 12 ${(PAD.top + H - PAD.bottom) / 2})` }, "Points"));
  chart.append(axes);
  // Markers at most every few samples, so that a line of 200 points stays a line.
  const every = Math.max(1, Math.ceil(series.length / 12));
  roles.forEach((role, i) => {
    const { colour, dash, marker: kind } = styleOf(i);
    const line = svg("g", { class: "series", "data-role": role });
    const pts = series.map((s) => `${x(s.ply).toFixed(1)},${y(Number(s.points[role]) || 0).toFixed(1)}`).join(" ");
    line.append(svg("polyline", { points: pts, fill: "none", stroke: colour, "stroke-width": 2.5, "stroke-dasharray": dash || undefined }));
    series.forEach((s, n) => {
      if (n % every === 0 || n === series.length - 1) line.append(marker(kind, x(s.ply), y(Number(s.points[role]) || 0), colour));
    });
    chart.append(line);
  });

  const legend = h("ul", { class: "chart-legend" }, roles.map((role, i) => {
    const { colour, dash, marker: kind } = styleOf(i);
    const key = document.createElementNS(SVG_NS, "svg");
    key.setAttribute("viewBox", "0 0 36 12");
    key.setAttribute("width", 36);
    key.setAttribute("height", 12);
    key.setAttribute("aria-hidden", "true");
    key.append(svg("line", { x1: 1, x2: 35, y1: 6, y2: 6, stroke: colour, "stroke-width": 2.5, "stroke-dasharray": dash || undefined }),
      marker(kind, 18, 6, colour));
    return h("li", { "data-role": role }, key, " ", roleName(role));
  }));

  const step = Math.max(1, Math.ceil(series.length / TABLE_ROWS));
  const rows = series.filter((_s, n) => n % step === 0 || n === series.length - 1);
  const table = h("table", { class: "points-table" },
    h("caption", {}, "Points after each number of actions"),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Actions"), roles.map((r) => h("th", { scope: "col" }, roleName(r))))),
    h("tbody", {}, rows.map((s) => h("tr", {}, h("th", { scope: "row" }, String(s.ply)),
      roles.map((r) => h("td", {}, number(Number(s.points[r]) || 0)))))));
  return h("figure", { class: "points", id: "points-chart" }, chart, legend,
    h("details", { class: "points-figures" }, h("summary", {}, "The figures"), table));
}
