// Crusader Rex: the map drawn in SVG from the title's board description (GET
// /api/titles/crusader-rex/board: towns with lat/lon, roads by type) and a seat's view (blocks per
// town in field and castle, staging boxes, pools, cards). Loaded by the generic game page, which
// calls draw(svg, view, onPick, ctx); ctx = {board, pickable: Set, picked: Set}. Clicking a town,
// a block or a staging box calls onPick with its name or id; the page narrows the legal actions.
// Blocks hidden from the viewer arrive as {"side"} only and are drawn blank.

const NS = "http://www.w3.org/2000/svg";
const S = 270; // pixels per degree of latitude
const BLOCK = 22;
const GAP = 2;
const COLORS = {
  Franks: { fill: "#f3ead2", ink: "#1c2f5e", edge: "#1c2f5e" },
  Saracens: { fill: "#1f6b3a", ink: "#fff8e0", edge: "#0d3a1d" },
  Assassins: { fill: "#2b2b2b", ink: "#f0f0f0", edge: "#000" },
};
const KINGDOM_TINT = { Franks: "#e9dcc0", Saracens: "#d4e3c9", Assassins: "#d0d0d0" };

let layoutCache = null;

function el(tag, attrs, text) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) if (v !== undefined && v !== null) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

// Town positions: lat/lon projected (equirectangular, scaled by the cosine of the mean latitude),
// then pushed apart a little where towns crowd so that their blocks stay readable.
function layout(board) {
  if (layoutCache && layoutCache.board === board) return layoutCache;
  const towns = board.towns.filter((t) => t.lat !== null && t.lon !== null);
  const lats = towns.map((t) => t.lat);
  const lons = towns.map((t) => t.lon);
  const lat0 = Math.max(...lats) + 0.12;
  const lon0 = Math.min(...lons) - 0.12;
  const k = Math.cos(((Math.max(...lats) + Math.min(...lats)) / 2) * Math.PI / 180);
  const pos = new Map();
  for (const t of towns) pos.set(t.name, { x: (t.lon - lon0) * k * S, y: (lat0 - t.lat) * S });
  const minDist = 58;
  const names = [...pos.keys()];
  for (let round = 0; round < 40; round += 1) {
    for (let i = 0; i < names.length; i += 1) {
      for (let j = i + 1; j < names.length; j += 1) {
        const a = pos.get(names[i]);
        const b = pos.get(names[j]);
        const dx = b.x - a.x;
        const dy = b.y - a.y;
        const d = Math.hypot(dx, dy) || 0.01;
        if (d < minDist) {
          const push = (minDist - d) / 2;
          a.x -= (dx / d) * push; a.y -= (dy / d) * push;
          b.x += (dx / d) * push; b.y += (dy / d) * push;
        }
      }
    }
  }
  const xs = [...pos.values()].map((p) => p.x);
  const ys = [...pos.values()].map((p) => p.y);
  const width = Math.max(...xs) + 110;
  const height = Math.max(...ys) + 70;
  const staging = new Map();
  board.staging.forEach((s, i) => staging.set(s.name, { x: 16, y: 70 + i * 96, w: 230, h: 84 }));
  layoutCache = { board, pos, staging, width, height, towns: new Map(board.towns.map((t) => [t.name, t])) };
  return layoutCache;
}

function shortName(name) {
  const base = name.replace(/\s*\(.*\)$/, "");
  return base.length > 8 ? `${base.slice(0, 7)}.` : base;
}

function blockNode(block, x, y, where, ctx, onPick) {
  const colors = COLORS[block.side] || COLORS.Assassins;
  const known = "id" in block;
  const g = el("g", { class: `block ${known ? "known" : "hidden"} side-${block.side}`, transform: `translate(${x},${y})` });
  g.append(el("rect", { width: BLOCK, height: BLOCK, rx: 3, fill: colors.fill, stroke: colors.edge, "stroke-width": where === "castle" ? 2.5 : 1 }));
  if (where === "castle") g.append(el("rect", { x: 2.5, y: 2.5, width: BLOCK - 5, height: BLOCK - 5, rx: 2, fill: "none", stroke: "#c9a227", "stroke-width": 1.2 }));
  if (known) {
    g.dataset.token = block.id;
    g.dataset.block = block.id;
    g.append(el("title", {}, `${block.name}: ${block.steps}/${block.max_steps} steps, combat ${block.combat}, move ${block.move}${block.revealed ? " (revealed)" : ""}${where === "castle" ? ", in the castle" : ""}`));
    g.append(el("text", { x: BLOCK / 2, y: 8, "font-size": 6.2, "text-anchor": "middle", fill: colors.ink, class: "bname" }, shortName(block.name)));
    g.append(el("text", { x: 3, y: BLOCK - 4, "font-size": 7.5, fill: colors.ink, "font-weight": "bold" }, String(block.steps)));
    g.append(el("text", { x: BLOCK - 3, y: BLOCK - 4, "font-size": 7, fill: colors.ink, "text-anchor": "end" }, block.combat));
    if (ctx.pickable.has(block.id)) g.classList.add("pickable");
    if (ctx.picked.has(block.id)) g.classList.add("picked");
    g.addEventListener("click", (e) => { e.stopPropagation(); onPick(block.id); });
  } else {
    g.append(el("title", {}, `${block.side} block (hidden)${where === "castle" ? ", in the castle" : ""}`));
    g.append(el("circle", { cx: BLOCK / 2, cy: BLOCK / 2, r: 3, fill: colors.edge, opacity: 0.35 }));
  }
  return g;
}

function stackAt(parent, blocks, cx, top, where, ctx, onPick, town) {
  const perRow = 4;
  blocks.forEach((block, i) => {
    const row = Math.floor(i / perRow);
    const inRow = Math.min(perRow, blocks.length - row * perRow);
    const col = i % perRow;
    const x = cx - (inRow * (BLOCK + GAP)) / 2 + col * (BLOCK + GAP);
    const y = where === "castle" ? top - (row + 1) * (BLOCK + GAP) : top + row * (BLOCK + GAP);
    const node = blockNode(block, x, y, where, ctx, onPick);
    if (!("id" in block)) node.addEventListener("click", (e) => { e.stopPropagation(); onPick(town); });
    parent.append(node);
  });
}

export function draw(svg, view, onPick, ctx) {
  const board = ctx && ctx.board;
  if (!board) return;
  const L = layout(board);
  svg.textContent = "";
  svg.setAttribute("viewBox", `0 0 ${Math.ceil(L.width)} ${Math.ceil(L.height)}`);
  svg.setAttribute("aria-label", "Map of the Crusader States");
  svg.append(el("rect", { x: 0, y: 0, width: L.width, height: L.height, fill: "#b9d3df", class: "sea" }));

  // Land: a soft disc under every town, tinted by the kingdom's side.
  const land = el("g", { class: "land" });
  for (const [name, p] of L.pos) {
    const t = L.towns.get(name);
    land.append(el("circle", { cx: p.x, cy: p.y, r: 62, fill: KINGDOM_TINT[t.side] || "#e4dcc8" }));
  }
  svg.append(land);

  // Roads by type; roads to the staging boxes run off the map edge.
  const roads = el("g", { class: "roads" });
  const stagePoint = (name) => {
    const s = L.staging.get(name);
    return s ? { x: s.x + s.w, y: s.y + s.h / 2 } : null;
  };
  for (const r of board.roads) {
    const a = L.pos.get(r.a) || stagePoint(r.a);
    const b = L.pos.get(r.b) || stagePoint(r.b);
    if (!a || !b) continue;
    const style = r.off_map
      ? { stroke: "#7b6a4f", "stroke-width": 1.2, "stroke-dasharray": "2 5", opacity: 0.6 }
      : r.type === "major"
        ? { stroke: "#8a5a2b", "stroke-width": 3.2 }
        : r.type === "iron-bridge"
          ? { stroke: "#3b4d75", "stroke-width": 4, "stroke-dasharray": "8 3" }
          : { stroke: "#a0805a", "stroke-width": 1.6, "stroke-dasharray": "6 4" };
    roads.append(el("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: `road road-${r.type}`, ...style }));
  }
  svg.append(roads);

  // Towns: name, shields (rating), victory cities and ports.
  const towns = el("g", { class: "towns" });
  const stacks = el("g", { class: "stacks" });
  for (const [name, p] of L.pos) {
    const t = L.towns.get(name);
    const g = el("g", { class: "town", "data-token": name, "data-town": name });
    const r = t.victory ? 9 : 6;
    g.append(el("circle", { cx: p.x, cy: p.y, r: r + 8, fill: "transparent", class: "hit" }));
    g.append(el("circle", { cx: p.x, cy: p.y, r, fill: t.victory ? "#b22" : t.rating ? "#fff" : "#ddd", stroke: "#333", "stroke-width": t.port ? 2.5 : 1.2, class: "dot" }));
    if (t.port) g.append(el("circle", { cx: p.x, cy: p.y, r: r + 3, fill: "none", stroke: "#2a5d8a", "stroke-width": 1 }));
    const label = t.rating ? `${name} ${"▮".repeat(t.rating)}` : name;
    g.append(el("text", { x: p.x + r + 3, y: p.y + 3.5, "font-size": 10, class: "tname", "paint-order": "stroke", stroke: "#fffdf5", "stroke-width": 3 }, label));
    g.append(el("title", {}, `${name} (${t.kingdom}): rating ${t.rating}${t.port ? ", port" : ""}${t.victory ? ", victory city" : ""}`));
    if (ctx.pickable.has(name)) g.classList.add("pickable");
    if (ctx.picked.has(name)) g.classList.add("picked");
    g.addEventListener("click", () => onPick(name));
    towns.append(g);
    const spot = (view.towns || {})[name];
    if (spot) {
      stackAt(stacks, spot.field || [], p.x, p.y + r + 3, "field", ctx, onPick, name);
      stackAt(stacks, spot.castle || [], p.x, p.y - r - 3, "castle", ctx, onPick, name);
    }
  }
  svg.append(towns, stacks);

  // Staging boxes (7.21), off the map's western edge.
  for (const [name, box] of L.staging) {
    const g = el("g", { class: "staging", "data-token": name, "data-town": name });
    g.append(el("rect", { x: box.x, y: box.y, width: box.w, height: box.h, rx: 6, fill: "#f6f1e3", stroke: "#555", "stroke-dasharray": "4 3" }));
    g.append(el("text", { x: box.x + 8, y: box.y + 15, "font-size": 11, "font-weight": "bold" }, `${name} (staging)`));
    if (ctx.pickable.has(name)) g.classList.add("pickable");
    g.addEventListener("click", () => onPick(name));
    svg.append(g);
    const blocks = (view.staging || {})[name] || [];
    blocks.forEach((block, i) => svg.append(blockNode(block, box.x + 8 + i * (BLOCK + GAP), box.y + 24, "field", ctx, onPick)));
  }

  // Status: year, game turn, cards played, victory cities, draw pools.
  const info = el("g", { class: "status", "font-size": 12 });
  let y = L.staging.size ? 70 + L.staging.size * 96 + 16 : 30;
  const line = (text, attrs) => { info.append(el("text", { x: 16, y, ...attrs }, text)); y += 16; };
  info.append(el("text", { x: 16, y: 28, "font-size": 18, "font-weight": "bold" },
    `${view.year}${view.winter_turn ? ", winter turn" : `, game turn ${view.turn}`}`));
  info.append(el("text", { x: 16, y: 48, "font-size": 11 }, `phase: ${view.phase}${view.player1 ? ` · player 1: ${view.player1}` : ""}`));
  const vc = view.victory_cities || {};
  line(`Victory cities: ${Object.entries(vc).map(([side, n]) => `${side} ${n}`).join(", ")}`);
  for (const [side, c] of Object.entries(view.cards || {})) {
    line(`${side}: ${c.in_hand} card(s) in hand${c.card ? `, played ${c.card.name}` : c.played ? ", played a card face down" : ""}`);
  }
  for (const [side, pool] of Object.entries(view.pools || {})) {
    line(`${side} pool: ${pool.face_down} face down${pool.face_up.length ? `, face up: ${pool.face_up.join(", ")}` : ""}`);
    if (pool.eliminated && pool.eliminated.length) line(`  eliminated: ${pool.eliminated.join(", ")}`, { "font-size": 10 });
  }
  if (view.battle) line(`Battle at ${view.battle.town}, round ${view.battle.round}`, { "font-weight": "bold", fill: "#8b0000" });
  if (view.drawn) line(`Drawn: ${view.drawn.name}`, { "font-weight": "bold" });
  svg.append(info);

  // A legend of the roads.
  const lg = el("g", { class: "legend", "font-size": 10, transform: `translate(16, ${L.height - 60})` });
  [["major road", { stroke: "#8a5a2b", "stroke-width": 3.2 }], ["minor road", { stroke: "#a0805a", "stroke-width": 1.6, "stroke-dasharray": "6 4" }], ["iron bridge", { stroke: "#3b4d75", "stroke-width": 4, "stroke-dasharray": "8 3" }]]
    .forEach(([label, style], i) => {
      lg.append(el("line", { x1: 0, y1: i * 15, x2: 30, y2: i * 15, ...style }));
      lg.append(el("text", { x: 36, y: i * 15 + 3.5 }, label));
    });
  svg.append(lg);
}

// The cards in the viewer's hand, for the page's hand panel.
export function hand(view) {
  const mine = view && view.role && view.cards ? view.cards[view.role] : null;
  return mine && Array.isArray(mine.hand) ? mine.hand : [];
}
