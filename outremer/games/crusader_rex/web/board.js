// Crusader Rex: the map drawn in SVG from the title's board description (GET
// /api/titles/crusader-rex/board: towns with lat/lon, roads by type) and a seat's view (blocks per
// town in field and castle, staging boxes, pools, cards, the battle being fought). Loaded by the
// generic game page, which calls
//   draw(svg, view, onPick, ctx)   ctx = {board, pickable: Set, picked: Set}: the map;
//   panel(view, ctx)               ctx = {board, pickable, picked, onPick, log}: an element shown
//                                  above the prompt (the battle or siege being fought, the map key);
//   hand(view)                     the cards in the viewer's hand.
// Clicking a town, a block or a staging box calls onPick with its name or id; the page narrows the
// legal actions. Blocks hidden from the viewer arrive as {"side"} only and are drawn blank: nothing
// here knows more than the view.
//
// The map is drawn as the Frank player sees the board (1.0: the Frank player sits at its western
// edge): east at the top, the sea below, Antioch on the left and Egypt on the right. A wide map
// suits a desktop window: the whole of it fits beside the panels.

import { h as hel, svg as el } from "/static/api.js";

const SX = 190; // map units per degree of latitude (north to south runs left to right)
const SY = 280; // map units per degree of longitude (times the cosine of the latitude)
const BLOCK = 32; // a block's side
const GAP = 3;
const ROW = 3; // blocks of one side shown side by side in a stack before it folds into a count
const WIDE_ROW = 4; // blocks per row of an unfolded stack
const COLORS = {
  Franks: { fill: "#f3ead2", ink: "#1c2f5e", edge: "#1c2f5e" },
  Saracens: { fill: "#1f6b3a", ink: "#fff8e0", edge: "#0d3a1d" },
  Assassins: { fill: "#2b2b2b", ink: "#f0f0f0", edge: "#000" },
};
const SIDE_ORDER = ["Franks", "Saracens", "Assassins"];
const KINGDOM_TINT = { Franks: "#e9dcc0", Saracens: "#d4e3c9", Assassins: "#d0d0d0" };
const ROAD_STYLE = {
  major: { stroke: "#8a5a2b", "stroke-width": 3.4 },
  minor: { stroke: "#a0805a", "stroke-width": 1.8, "stroke-dasharray": "6 4" },
  "iron-bridge": { stroke: "#3b4d75", "stroke-width": 4, "stroke-dasharray": "8 3" },
  off_map: { stroke: "#7b6a4f", "stroke-width": 1.4, "stroke-dasharray": "2 5", opacity: 0.7 },
};
const FACES = ["", "\u2680", "\u2681", "\u2682", "\u2683", "\u2684", "\u2685"];

let layoutCache = null;
const unfolded = new Set(); // towns whose stacks the viewer opened (a click on a count badge)
let lastDraw = null; // the arguments of the last draw, to draw again when a stack is opened
let keyOpen = false; // whether the map key is open (kept across redraws)
let logOpen = false; // whether the battle's log is open



// -- layout -----------------------------------------------------------------------------------
// Town positions: lat/lon turned a quarter (east up), longitude stretched a little so that stacks
// above and below the towns have room, a town far out to the west (Egypt) drawn at the edge next
// to its neighbours, then towns pushed apart where they crowd.
function layout(board) {
  if (layoutCache && layoutCache.board === board) return layoutCache;
  const towns = board.towns.filter((t) => t.lat !== null && t.lon !== null);
  const lons = towns.map((t) => t.lon).sort((a, b) => a - b);
  const floorLon = lons.length > 1 && lons[1] - lons[0] > 0.8 ? lons[1] - 0.3 : lons[0];
  const lats = towns.map((t) => t.lat);
  const latMax = Math.max(...lats);
  const lonMax = lons[lons.length - 1];
  const k = Math.cos(((latMax + Math.min(...lats)) / 2) * Math.PI / 180);
  const pos = new Map();
  for (const t of towns) pos.set(t.name, { x: (latMax - t.lat) * SX, y: (lonMax - Math.max(t.lon, floorLon)) * k * SY });
  const RX = 70;
  const RY = 60;
  const names = [...pos.keys()];
  for (let round = 0; round < 60; round += 1) {
    for (let i = 0; i < names.length; i += 1) {
      for (let j = i + 1; j < names.length; j += 1) {
        const a = pos.get(names[i]);
        const b = pos.get(names[j]);
        const dx = (b.x - a.x) / RX;
        const dy = (b.y - a.y) / RY;
        const d = Math.hypot(dx, dy) || 0.01;
        if (d < 1) {
          const push = (1 - d) / 2;
          a.x -= (dx / d) * push * RX; a.y -= (dy / d) * push * RY;
          b.x += (dx / d) * push * RX; b.y += (dy / d) * push * RY;
        }
      }
    }
  }
  const minX = Math.min(...[...pos.values()].map((p) => p.x));
  const minY = Math.min(...[...pos.values()].map((p) => p.y));
  for (const p of pos.values()) { p.x += 70 - minX; p.y += 60 - minY; }
  const width = Math.max(...[...pos.values()].map((p) => p.x)) + 95;
  const height = Math.max(...[...pos.values()].map((p) => p.y)) + 75;
  // Staging boxes (7.21) in the sea, bottom left: "off the west edge" as the Franks see it.
  const staging = new Map();
  const boxH = 62;
  const linked = new Set(board.roads.filter((r) => r.off_map).flatMap((r) => [r.a, r.b]));
  const boxes = [...board.staging].sort((a, b) => Number(linked.has(b.name)) - Number(linked.has(a.name)));
  boxes.forEach((s, i) => {
    staging.set(s.name, { x: 12, y: height - 12 - (boxes.length - i) * (boxH + 8) + 8, w: 250, h: boxH });
  });
  // A town's name goes on its right, or on its left where that covers fewer other towns' dots,
  // names and likely stacks (a few passes, each town taking the better side given the others).
  const side = new Map([...pos.keys()].map((name) => [name, 1]));
  const boxOf = (name, p, s) => {
    const t = board.towns.find((x) => x.name === name);
    const w = (name.length + 1 + (t.rating || 0)) * 7 + 4;
    return s > 0 ? { x0: p.x + 8, x1: p.x + 8 + w, y0: p.y - 9, y1: p.y + 7 } : { x0: p.x - 8 - w, x1: p.x - 8, y0: p.y - 9, y1: p.y + 7 };
  };
  const overlaps = (a, b) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
  const cost = (name, box) => {
    let c = 0;
    for (const [other, q] of pos) {
      if (other === name) continue;
      if (q.x > box.x0 - 9 && q.x < box.x1 + 9 && Math.abs(q.y - (box.y0 + box.y1) / 2) < 15) c += 2; // a dot
      if (overlaps(box, boxOf(other, q, side.get(other)))) c += 5; // a name
      if (overlaps(box, { x0: q.x - 52, x1: q.x + 52, y0: q.y + 8, y1: q.y + 44 })) c += 1; // a field stack
    }
    return c;
  };
  for (let pass = 0; pass < 4; pass += 1) {
    for (const [name, p] of pos) {
      side.set(name, cost(name, boxOf(name, p, -1)) < cost(name, boxOf(name, p, 1)) ? -1 : 1);
    }
  }
  const labelLeft = new Set([...side].filter(([, s]) => s < 0).map(([name]) => name));
  layoutCache = { board, pos, staging, width, height, labelLeft, towns: new Map(board.towns.map((t) => [t.name, t])) };
  return layoutCache;
}

// -- blocks -----------------------------------------------------------------------------------
function shortName(name) {
  const base = name.replace(/\s*\(.*\)$/, "");
  return base.length > 7 ? `${base.slice(0, 6)}.` : base;
}

function blockTitle(block, where) {
  const place = where === "castle" ? ", in the castle" : "";
  if (!("id" in block)) return `${block.side} block (hidden)${place}`;
  return `${block.name}: ${block.steps}/${block.max_steps} steps, combat ${block.combat}, move ${block.move}`
    + `${block.revealed ? " (revealed)" : ""}${place}`;
}

// One block at the origin, as on the map: the name on top, steps (left) and combat rating (right),
// a pip per step along the bottom (filled: steps left); blank when hidden; a gold inner rim in a
// castle.
function blockGlyph(block, where) {
  const colors = COLORS[block.side] || COLORS.Assassins;
  const known = "id" in block;
  const g = el("g", { class: `block ${known ? "known" : "hidden"} side-${block.side}${where === "castle" ? " in-castle" : ""}` });
  g.append(el("rect", { class: "face", width: BLOCK, height: BLOCK, rx: 4, fill: colors.fill, stroke: colors.edge, "stroke-width": 1.2 }));
  if (where === "castle") {
    g.append(el("rect", { x: 2.5, y: 2.5, width: BLOCK - 5, height: BLOCK - 5, rx: 2.5, fill: "none", stroke: "#c9a227", "stroke-width": 1.6 }));
  }
  g.append(el("title", {}, blockTitle(block, where)));
  if (!known) {
    g.append(el("circle", { cx: BLOCK / 2, cy: BLOCK / 2, r: 4, fill: colors.edge, opacity: 0.3 }));
    return g;
  }
  const label = shortName(block.name);
  const name = el("text", { x: BLOCK / 2, y: 10.5, "font-size": 9.6, "font-weight": 600, "text-anchor": "middle", fill: colors.ink, class: "bname" }, label);
  if (label.length * 0.6 * 9.6 > BLOCK - 3) {
    name.setAttribute("textLength", BLOCK - 3);
    name.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
  g.append(name);
  g.append(el("text", { x: 3, y: 24, "font-size": 13.5, "font-weight": "bold", fill: colors.ink, class: "bsteps" }, String(block.steps)));
  g.append(el("text", { x: BLOCK - 2.5, y: 24, "font-size": 11, "font-weight": 600, "text-anchor": "end", fill: colors.ink, class: "bcombat" }, block.combat));
  const max = block.max_steps || block.steps;
  const x0 = BLOCK / 2 - ((max - 1) * 4.4) / 2;
  for (let i = 0; i < max; i += 1) {
    g.append(el("circle", {
      cx: x0 + i * 4.4, cy: BLOCK - 3.6, r: 1.45, fill: i < block.steps ? colors.ink : "none", stroke: colors.ink, "stroke-width": 0.6,
    }));
  }
  return g;
}

function mapBlock(block, x, y, where, ctx, onPick, town) {
  const g = blockGlyph(block, where);
  g.setAttribute("transform", `translate(${x},${y})`);
  if ("id" in block) {
    g.dataset.token = block.id;
    g.dataset.block = block.id;
    if (ctx.pickable.has(block.id)) g.classList.add("pickable");
    if (ctx.picked.has(block.id)) g.classList.add("picked");
    g.addEventListener("click", (e) => { e.stopPropagation(); onPick(block.id); });
  } else if (town) {
    g.addEventListener("click", (e) => { e.stopPropagation(); onPick(town); });
  }
  return g;
}

// A count standing for the blocks of a folded stack; a click unfolds the town's stacks.
function countBadge(side, blocks, x, y, town) {
  const colors = COLORS[side] || COLORS.Assassins;
  const g = el("g", { class: `stack-count side-${side}`, transform: `translate(${x},${y})`, "data-town": town, "data-count": blocks.length });
  g.append(el("rect", { width: BLOCK, height: BLOCK, rx: 4, fill: colors.fill, stroke: colors.edge, "stroke-width": 1.2, "stroke-dasharray": "3 2" }));
  g.append(el("text", { x: BLOCK / 2, y: BLOCK / 2 + 5, "font-size": 14, "font-weight": "bold", "text-anchor": "middle", fill: colors.ink }, `+${blocks.length}`));
  const known = blocks.filter((b) => "id" in b).map((b) => b.name);
  const hidden = blocks.length - known.length;
  g.append(el("title", {}, `${blocks.length} more ${side} block(s)${known.length ? `: ${known.join(", ")}` : ""}${hidden && known.length ? ` and ${hidden} hidden` : ""} (click to show them)`));
  g.addEventListener("click", (e) => { e.stopPropagation(); unfolded.add(town); redraw(); });
  return g;
}

function redraw() {
  if (lastDraw) draw(...lastDraw);
}

function bySide(blocks) {
  const rows = [];
  for (const side of SIDE_ORDER) {
    const mine = blocks.filter((b) => b.side === side);
    if (mine.length) rows.push([side, mine]);
  }
  const other = blocks.filter((b) => !SIDE_ORDER.includes(b.side));
  if (other.length) rows.push([other[0].side, other]);
  return rows;
}

// The blocks at a town: a row per side, field below the dot and castle above. A side with more
// than ROW blocks shows ROW - 1 of them and a count, unless the stack is open (the viewer clicked
// the count, or a block in it may be picked now), in which case it is drawn whole on top.
function drawStack(layer, overlay, town, spot, p, r, ctx, onPick) {
  const field = spot.field || [];
  const castle = spot.castle || [];
  const all = [...field, ...castle];
  const busy = all.some((b) => "id" in b && (ctx.pickable.has(b.id) || ctx.picked.has(b.id)));
  const crowded = bySide(field).some(([, bs]) => bs.length > ROW) || bySide(castle).some(([, bs]) => bs.length > ROW);
  const open = crowded && (busy || unfolded.has(town));
  const g = el("g", { class: `stack${open ? " open" : ""}`, "data-town": town });
  const perRow = open ? WIDE_ROW : ROW;
  const step = BLOCK + GAP;
  const rows = (where) => {
    const out = [];
    for (const [side, blocks] of bySide(where === "field" ? field : castle)) {
      if (!open && blocks.length > ROW) out.push({ side, blocks: blocks.slice(0, ROW - 1), more: blocks.slice(ROW - 1) });
      else for (let i = 0; i < blocks.length; i += perRow) out.push({ side, blocks: blocks.slice(i, i + perRow), more: null });
    }
    return out;
  };
  let minX = Infinity; let maxX = -Infinity; let minY = Infinity; let maxY = -Infinity;
  const place = (where) => {
    rows(where).forEach((row, i) => {
      const n = row.blocks.length + (row.more ? 1 : 0);
      const x0 = p.x - (n * step - GAP) / 2;
      const y = where === "castle" ? p.y - r - 4 - (i + 1) * step + GAP : p.y + r + 4 + i * step;
      row.blocks.forEach((block, j) => g.append(mapBlock(block, x0 + j * step, y, where, ctx, onPick, town)));
      if (row.more) g.append(countBadge(row.side, row.more, x0 + row.blocks.length * step, y, town));
      minX = Math.min(minX, x0); maxX = Math.max(maxX, x0 + n * step - GAP);
      minY = Math.min(minY, y); maxY = Math.max(maxY, y + BLOCK);
    });
  };
  place("field");
  place("castle");
  if (!all.length) return;
  if (open) {
    g.prepend(el("rect", { class: "stack-back", x: minX - 5, y: minY - 5, width: maxX - minX + 10, height: maxY - minY + 10, rx: 6 }));
    if (!busy) {
      const close = el("g", { class: "stack-close", transform: `translate(${maxX + 3},${minY - 3})` });
      close.append(el("circle", { r: 8, fill: "#fff", stroke: "#555" }), el("text", { y: 4, "font-size": 12, "text-anchor": "middle" }, "×"), el("title", {}, "fold the stack"));
      close.addEventListener("click", (e) => { e.stopPropagation(); unfolded.delete(town); redraw(); });
      g.append(close);
    }
    overlay.append(g);
  } else {
    // The stack under the pointer comes on top of its neighbours'.
    g.addEventListener("mouseenter", () => { if (g.parentNode && g.parentNode.lastChild !== g) g.parentNode.append(g); });
    layer.append(g);
  }
}

// -- the map ----------------------------------------------------------------------------------
export function draw(svg, view, onPick, ctx) {
  const board = ctx && ctx.board;
  if (!board || !view) return;
  lastDraw = [svg, view, onPick, ctx];
  const L = layout(board);
  svg.textContent = "";
  svg.setAttribute("viewBox", `0 0 ${Math.ceil(L.width)} ${Math.ceil(L.height)}`);
  svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
  svg.setAttribute("aria-label", "Map of the Crusader States (east at the top)");
  svg.append(el("rect", { x: 0, y: 0, width: L.width, height: L.height, fill: "#b9d3df", class: "sea" }));

  // Land: a soft disc under every town, tinted by the kingdom's side.
  const land = el("g", { class: "land" });
  for (const [name, p] of L.pos) {
    const t = L.towns.get(name);
    land.append(el("circle", { cx: p.x, cy: p.y, r: 66, fill: KINGDOM_TINT[t.side] || "#e4dcc8" }));
  }
  svg.append(land);

  // Roads by type; roads to the staging boxes run off the map edge.
  const roads = el("g", { class: "roads" });
  const stagePoint = (name) => {
    const s = L.staging.get(name);
    return s ? { x: s.x + s.w / 2, y: s.y } : null;
  };
  for (const r of board.roads) {
    const a = L.pos.get(r.a) || stagePoint(r.a);
    const b = L.pos.get(r.b) || stagePoint(r.b);
    if (!a || !b) continue;
    const style = r.off_map ? ROAD_STYLE.off_map : ROAD_STYLE[r.type] || ROAD_STYLE.minor;
    roads.append(el("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: `road road-${r.type}`, ...style }));
  }
  svg.append(roads);

  // Towns: name, shields (rating), victory cities and ports; a ring where a battle is fought.
  const battleTown = view.battle ? view.battle.town : null;
  const towns = el("g", { class: "towns" });
  const stacks = el("g", { class: "stacks" });
  const overlay = el("g", { class: "stacks-open" });
  for (const [name, p] of L.pos) {
    const t = L.towns.get(name);
    const g = el("g", { class: "town", "data-token": name, "data-town": name });
    const r = t.victory ? 9 : 6.5;
    g.append(el("circle", { cx: p.x, cy: p.y, r: r + 10, fill: "transparent", class: "hit" }));
    g.append(el("circle", { cx: p.x, cy: p.y, r: r + 6, class: "halo" }));
    if (name === battleTown) {
      g.classList.add("battle");
      g.append(el("circle", { cx: p.x, cy: p.y, r: r + 11, fill: "none", stroke: "#b3121b", "stroke-width": 3, "stroke-dasharray": "5 3", class: "battle-ring" }));
      g.append(el("text", { x: p.x - r - 6, y: p.y + 6, "font-size": 17, "text-anchor": "end", fill: "#b3121b", class: "battle-mark" }, "\u2694"));
    }
    g.append(el("circle", { cx: p.x, cy: p.y, r, fill: t.victory ? "#b22" : t.rating ? "#fff" : "#ddd", stroke: "#333", "stroke-width": t.port ? 2.5 : 1.2, class: "dot" }));
    if (t.port) g.append(el("circle", { cx: p.x, cy: p.y, r: r + 3, fill: "none", stroke: "#2a5d8a", "stroke-width": 1.2 }));
    const label = t.rating ? `${name} ${"\u25AE".repeat(t.rating)}` : name;
    const left = L.labelLeft.has(name);
    g.append(el("text", {
      x: left ? p.x - r - 4 : p.x + r + 4, y: p.y + 4.5, "font-size": 12.5, "text-anchor": left ? "end" : "start",
      class: "tname", "paint-order": "stroke", stroke: "#fffdf5", "stroke-width": 3.2,
    }, label));
    g.append(el("title", {}, `${name} (${t.kingdom}): rating ${t.rating}${t.port ? ", port" : ""}${t.victory ? ", victory city" : ""}`));
    if (ctx.pickable.has(name)) g.classList.add("pickable");
    if (ctx.picked.has(name)) g.classList.add("picked");
    g.addEventListener("click", () => onPick(name));
    towns.append(g);
    const spot = (view.towns || {})[name];
    if (spot) drawStack(stacks, overlay, name, spot, p, r, ctx, onPick);
  }
  svg.append(towns, stacks);

  // Staging boxes (7.21), in the sea.
  for (const [name, box] of L.staging) {
    const g = el("g", { class: "staging", "data-token": name, "data-town": name });
    g.append(el("rect", { x: box.x, y: box.y, width: box.w, height: box.h, rx: 6, fill: "#f6f1e3", stroke: "#555", "stroke-dasharray": "4 3" }));
    g.append(el("text", { x: box.x + 8, y: box.y + 14, "font-size": 11.5, "font-weight": "bold" }, `${name} (staging)`));
    if (ctx.pickable.has(name)) g.classList.add("pickable");
    if (ctx.picked.has(name)) g.classList.add("picked");
    g.addEventListener("click", () => onPick(name));
    svg.append(g);
    const blocks = (view.staging || {})[name] || [];
    const fit = Math.floor((box.w - 12) / (BLOCK + GAP));
    const shown = blocks.length > fit ? blocks.slice(0, fit - 1) : blocks;
    shown.forEach((block, i) => svg.append(mapBlock(block, box.x + 8 + i * (BLOCK + GAP), box.y + 20, "field", ctx, onPick, null)));
    if (blocks.length > shown.length) {
      svg.append(countBadge(blocks[0].side, blocks.slice(shown.length), box.x + 8 + shown.length * (BLOCK + GAP), box.y + 20, name));
    }
  }
  svg.append(overlay);

  // Status, top right (the desert east of the Jordan): year, turn, cards, victory cities, pools.
  const info = el("g", { class: "status", "font-size": 13 });
  const x = L.width - 330;
  let y = 26;
  info.append(el("text", { x, y, "font-size": 20, "font-weight": "bold" },
    `${view.year}${view.winter_turn ? ", winter turn" : `, game turn ${view.turn}`}`));
  y += 19;
  const line = (text, attrs) => {
    for (const part of wrap(text, 46)) { info.append(el("text", { x, y, ...attrs }, part)); y += 16; }
  };
  line(`phase: ${view.phase}${view.player1 ? ` · player 1: ${view.player1}` : ""}`, { "font-size": 12 });
  const vc = view.victory_cities || {};
  line(`Victory cities: ${Object.entries(vc).map(([side, n]) => `${side} ${n}`).join(", ")}`);
  for (const [side, c] of Object.entries(view.cards || {})) {
    line(`${side}: ${c.in_hand} card(s) in hand${c.card ? `, played ${c.card.name}` : c.played ? ", played a card face down" : ""}`);
  }
  for (const [side, pool] of Object.entries(view.pools || {})) {
    line(`${side} pool: ${pool.face_down} face down${pool.face_up.length ? `, face up: ${pool.face_up.join(", ")}` : ""}`);
    const dead = [...(pool.eliminated || []), ...(pool.eliminated_unseen ? [`${pool.eliminated_unseen} unseen`] : [])];
    if (dead.length) line(`  eliminated: ${dead.join(", ")}`, { "font-size": 11 });
  }
  if (view.battle) line(`\u2694 ${battleTitle(view)}, ${roundText(view.battle)}`, { "font-weight": "bold", fill: "#8b0000" });
  if (view.drawn) line(`Drawn: ${view.drawn.name}`, { "font-weight": "bold" });
  svg.append(info);
}

function wrap(text, width) {
  const out = [];
  let cur = "";
  for (const word of text.split(" ")) {
    if (cur && (cur + " " + word).length > width) { out.push(cur); cur = `  ${word}`; } else cur = cur ? `${cur} ${word}` : word;
  }
  if (cur) out.push(cur);
  return out;
}

// -- the battle panel ---------------------------------------------------------------------------
function roundText(battle) {
  return battle.round ? `round ${battle.round} of 3` : "deployment";
}

function battleTitle(view) {
  const b = view.battle;
  const spot = (view.towns || {})[b.town] || {};
  return (spot.castle || []).length ? `Siege of ${b.town}` : `Battle of ${b.town}`;
}

// The battle's own part of the log: the entries since the last one opening a battle or siege at
// its town (6.0, 6.5). None when the log given does not reach back to that opening.
function battleLog(log, town) {
  if (!Array.isArray(log)) return null;
  for (let i = log.length - 1; i >= 0; i -= 1) {
    const e = log[i];
    if ((e.rule === "6.0" || e.rule === "6.5") && e.text.includes(` of ${town}`)) return log.slice(i);
  }
  return null;
}

const INITIATIVE = (b) => ("combat" in b ? b.combat[0] : "?");

// A block as on the map, larger, with its full name under it (blank when hidden); picking it calls
// onPick like a click on the map.
function panelBlock(block, where, ctx, marks) {
  const known = "id" in block;
  const svg = el("svg", { viewBox: `-2 -2 ${BLOCK + 4} ${BLOCK + 4}`, class: "pglyph", "aria-hidden": "true" });
  svg.append(blockGlyph(block, where));
  const pickable = known && ctx.pickable && ctx.pickable.has(block.id);
  const classes = ["pblock", known ? "known" : "hidden", `side-${block.side}`, ...marks];
  if (pickable) classes.push("pickable");
  if (known && ctx.picked && ctx.picked.has(block.id)) classes.push("picked");
  const attrs = { class: classes.join(" "), title: blockTitle(block, where) };
  if (known) attrs["data-block"] = block.id;
  // The full name: the name, then its place (if any) on a line of its own.
  const [base, where2] = known ? [block.name.replace(/\s*\(.*\)$/, ""), (block.name.match(/\(.*\)$/) || [""])[0]] : ["", ""];
  const caption = hel("span", { class: "pname" }, hel("span", {}, base), where2 ? hel("span", {}, where2) : null);
  const tags = Object.keys(MARK_TEXT).filter((m) => marks.includes(m) && !(m === "acted" && marks.includes("fired")));
  const extra = hel("span", { class: "ptags" }, tags.map((m) => MARK_TEXT[m]).join(" "));
  if (pickable && ctx.onPick) {
    return hel("button", { type: "button", ...attrs, onclick: () => ctx.onPick(block.id) }, svg, caption, extra);
  }
  return hel("div", attrs, svg, caption, extra);
}

const MARK_TEXT = { up: "\u25B6 to act", fired: "\u2737 fired", acted: "\u2713 acted", round2: "round 2", round3: "round 3" };

function group(label, blocks, where, ctx, marksOf, note) {
  if (!blocks.length && !note) return null;
  return hel("div", { class: `pgroup pgroup-${where}` },
    hel("div", { class: "plabel" }, label, note ? hel("span", { class: "muted" }, ` ${note}`) : null),
    hel("div", { class: "pblocks" }, blocks.map((b) => panelBlock(b, where, ctx, marksOf(b)))));
}

// The battle or siege being fought, as the viewer may see it: each side's blocks grouped as in the
// rulebook (main force and reserves 6.4, castle and besiegers 6.5, stormers 6.54, sallies 6.55,
// relief 6.56), who acts now, and the battle's log so far with its last roll.
function battlePanel(view, ctx) {
  const b = view.battle;
  const spot = (view.towns || {})[b.town] || { field: [], castle: [] };
  const field = spot.field || [];
  const castle = spot.castle || [];
  const besieged = castle.length ? castle[0].side : null;
  const storming = new Set(b.storming || []);
  const sallying = new Set(b.sallying || []);
  const acted = new Set(b.acted || []);
  const active = view.active || [];
  const entries = battleLog(ctx.log, b.town);
  const lastRoll = entries ? [...entries].reverse().find((e) => e.dice && e.dice.length) : null;
  const firedName = lastRoll ? lastRoll.text.split(" fires")[0] : null;
  const inFight = (x) => "id" in x;

  // Who is up now in a combat turn (6.2): the acting side's blocks of the lowest initiative letter
  // that have not acted, as far as the viewer knows them; the acting seat sees its choices instead.
  let up = new Set();
  const choosing = view.phase === "combat_turn" && active.length === 1;
  if (choosing) {
    const reserves = ((b.reserves || {})[active[0]] || {}).blocks || {};
    const eligible = [...field, ...castle].filter((x) => x.side === active[0] && inFight(x) && !acted.has(x.id) && !(x.id in reserves)
      && (b.mode !== "storm" || storming.has(x.id) || castle.includes(x)));
    const letter = eligible.map(INITIATIVE).sort()[0];
    up = new Set(eligible.filter((x) => INITIATIVE(x) === letter).map((x) => x.id));
  }
  const marksOf = (x) => {
    const marks = [];
    if (!inFight(x)) return marks;
    if (acted.has(x.id)) marks.push("acted");
    else if (up.has(x.id) || (ctx.pickable && ctx.pickable.has(x.id) && view.phase === "combat_turn")) marks.push("up");
    if (firedName && x.name === firedName) marks.push("fired");
    return marks;
  };

  const sideBox = (side) => {
    if (!side) return null;
    const attacking = side === b.attacker;
    const mineField = field.filter((x) => x.side === side);
    const mineCastle = castle.filter((x) => x.side === side);
    const res = (b.reserves || {})[side] || { count: 0 };
    const groups = [];
    let rest = mineField;
    // Reserves not yet arrived (6.4): the owner knows which; the enemy sees only how many.
    let reserveGroup = null;
    if (res.blocks) {
      const due = rest.filter((x) => inFight(x) && x.id in res.blocks);
      rest = rest.filter((x) => !due.includes(x));
      if (due.length) {
        reserveGroup = group("Reserves", due, "field", ctx, (x) => [...marksOf(x), `round${res.blocks[x.id]}`], "(not yet in the battle, 6.4)");
      }
    } else if (res.count) {
      const hidden = rest.filter((x) => !inFight(x));
      const due = hidden.slice(hidden.length - Math.min(res.count, hidden.length));
      rest = rest.filter((x) => !due.includes(x));
      reserveGroup = group(`Reserves: ${res.count}`, due, "field", ctx, () => [], "due in a later round (6.4)");
    }
    const stormers = rest.filter((x) => inFight(x) && storming.has(x.id));
    const sallies = rest.filter((x) => inFight(x) && sallying.has(x.id));
    rest = rest.filter((x) => !stormers.includes(x) && !sallies.includes(x));
    let fieldLabel;
    if (besieged && side === besieged) fieldLabel = "Relief force, in the field (6.56)";
    else if (besieged) fieldLabel = b.mode === "storm" && stormers.length ? "Besiegers, not storming" : "Besiegers, in the field";
    else fieldLabel = attacking ? (reserveGroup ? "Main attack" : "In the field") : (reserveGroup ? "Main defence" : "In the field");
    groups.push(group("In the castle (besieged)", mineCastle, "castle", ctx, marksOf));
    groups.push(group("Storming the castle (6.54)", stormers, "field", ctx, marksOf));
    groups.push(group("Sallying (6.55)", sallies, "field", ctx, marksOf));
    groups.push(group(fieldLabel, rest, "field", ctx, marksOf));
    groups.push(reserveGroup);
    const role = besieged ? (side === besieged ? "besieged" : "besiegers") : null;
    const tags = [attacking ? "attacker" : "defender", role, side === view.role ? "you" : null, active.includes(side) ? "to act" : null].filter(Boolean);
    return hel("div", { class: `pside side-${side}${active.includes(side) ? " acting" : ""}`, "data-side": side },
      hel("div", { class: "pside-head" }, hel("strong", {}, side), hel("span", { class: "muted" }, ` ${tags.join(" · ")}`)),
      groups.filter(Boolean).length ? groups : hel("div", { class: "muted" }, "no block left"));
  };

  const town = ctx.board ? (ctx.board.towns || []).find((t) => t.name === b.town) : null;
  const mode = b.mode === "storm" ? "the castle is stormed" : b.mode === "field" ? "field battle" : null;
  const facts = [roundText(b), mode, town && town.rating ? `castle holds ${town.rating}` : null].filter(Boolean).join(" · ");
  const parts = [
    hel("div", { class: "battle-head" },
      hel("strong", { class: "battle-title" }, `\u2694 ${battleTitle(view)}`),
      hel("span", { class: "muted" }, ` ${facts}`)),
    hel("div", { class: "battle-sides" }, sideBox(b.attacker), sideBox(b.defender)),
    hel("div", { class: "battle-now" }, nowText(view, choosing && up.size ? up : null, field, castle)),
  ];
  if (lastRoll) {
    parts.push(hel("div", { class: "battle-roll" },
      hel("span", { class: "dice", title: lastRoll.dice.join(" ") }, lastRoll.dice.map((d) => FACES[d] || String(d)).join("")),
      " ", lastRoll.text));
  }
  if (entries && entries.length > 1) {
    const details = hel("details", { class: "battle-log", open: logOpen },
      hel("summary", {}, `This battle so far (${entries.length - 1} ${entries.length === 2 ? "entry" : "entries"})`),
      hel("ol", {}, entries.slice(1).map((e) => hel("li", {}, hel("span", { class: "rule" }, e.rule || ""), " ", e.text))));
    details.addEventListener("toggle", () => { logOpen = details.open; });
    parts.push(details);
  }
  return hel("section", { class: "battle-panel", id: "battle-panel", "data-town": b.town, "data-round": b.round }, parts);
}

function nowText(view, up, field, castle) {
  const who = (view.active || []).join(", ");
  const you = (view.active || []).includes(view.role);
  const subject = you ? "You" : `The ${who}`;
  switch (view.phase) {
    case "combat_deploy": return `${subject}: deploy blocks in the castle or keep them in the field (6.1).`;
    case "siege_storm": return `${subject}: choose blocks to storm the castle, or none (6.53).`;
    case "siege_sally": return `${subject}: sally from the castle, or stay in (6.55).`;
    case "combat_turn": {
      if (!up) return `${subject}: a block fires, retreats or withdraws (6.2).`;
      const names = [...field, ...castle].filter((x) => up.has(x.id)).map((x) => `${x.name} (${x.combat})`);
      return `${you ? "Your turn" : `The ${who} to act`}: ${names.join(", ")}${you ? " (click a block or a button)" : ""}.`;
    }
    case "combat_hit": return `${subject}: choose which of the strongest blocks takes the hit (6.31).`;
    case "combat_retreat": return `${subject}: retreat from the field (6.6).`;
    case "siege_end": return `${subject}: stay on siege or lift it (6.2).`;
    case "regroup": return `${subject}: regroup blocks to adjacent towns (6.7).`;
    default: return who ? `Waiting for ${who}.` : "";
  }
}

// -- the map key -------------------------------------------------------------------------------
function keyGlyph(block, where) {
  const svg = el("svg", { viewBox: `-2 -2 ${BLOCK + 4} ${BLOCK + 4}`, class: "kglyph", "aria-hidden": "true" });
  svg.append(blockGlyph(block, where));
  return svg;
}

function keyRow(glyph, text) {
  return hel("li", {}, glyph, hel("span", {}, text));
}

function lineGlyph(style) {
  const svg = el("svg", { viewBox: "0 0 40 10", class: "kline", "aria-hidden": "true" });
  svg.append(el("line", { x1: 2, y1: 5, x2: 38, y2: 5, ...style }));
  return svg;
}

function dotGlyph(attrs, ring) {
  const svg = el("svg", { viewBox: "-12 -12 24 24", class: "kdot", "aria-hidden": "true" });
  svg.append(el("circle", { cx: 0, cy: 0, stroke: "#333", ...attrs }));
  if (ring) svg.append(el("circle", { cx: 0, cy: 0, r: attrs.r + 3, fill: "none", stroke: "#2a5d8a", "stroke-width": 1.2 }));
  return svg;
}

// The symbols of the map, as a collapsible key (the generic page shows it with the panel).
export function legend() {
  const sample = { id: "", name: "Name", side: "Saracens", steps: 3, max_steps: 4, combat: "A3", move: 3 };
  const frank = { id: "", name: "Name", side: "Franks", steps: 4, max_steps: 4, combat: "B3", move: 2 };
  const count = el("svg", { viewBox: `-2 -2 ${BLOCK + 4} ${BLOCK + 4}`, class: "kglyph", "aria-hidden": "true" });
  count.append(el("rect", { width: BLOCK, height: BLOCK, rx: 4, fill: COLORS.Franks.fill, stroke: COLORS.Franks.edge, "stroke-dasharray": "3 2" }),
    el("text", { x: BLOCK / 2, y: BLOCK / 2 + 5, "font-size": 14, "font-weight": "bold", "text-anchor": "middle", fill: COLORS.Franks.ink }, "+3"));
  const details = hel("details", { class: "map-key", id: "map-key", open: keyOpen },
    hel("summary", {}, "Map key"),
    hel("ul", {},
      keyRow(keyGlyph(frank, "field"), "Frank block: name, steps (left), combat rating: initiative A-C and firepower (right), a pip per step"),
      keyRow(keyGlyph(sample, "field"), "Saracen block (the empty pips are steps lost)"),
      keyRow(keyGlyph({ side: "Franks" }, "field"), "hidden block: only its side is known"),
      keyRow(keyGlyph({ side: "Assassins", id: "", name: "Assassins", steps: 3, max_steps: 3, combat: "A3" }, "field"), "Assassin block (Masyaf)"),
      keyRow(keyGlyph(frank, "castle"), "gold rim: in the castle (stacks above the town; the field below)"),
      keyRow(count, "more blocks of that side: click to show them all"),
      keyRow(dotGlyph({ r: 9, fill: "#b22" }), "victory city"),
      keyRow(dotGlyph({ r: 6.5, fill: "#fff", "stroke-width": 2.5 }, true), "port (blue ring); \u25AE per shield of the town's rating"),
      keyRow(dotGlyph({ r: 6.5, fill: "#ddd" }), "unrated town (no castle)"),
      keyRow(lineGlyph(ROAD_STYLE.major), "major road"),
      keyRow(lineGlyph(ROAD_STYLE.minor), "minor road"),
      keyRow(lineGlyph(ROAD_STYLE["iron-bridge"]), "iron bridge"),
      keyRow(lineGlyph(ROAD_STYLE.off_map), "off the map, to a staging box"),
      keyRow(dotGlyph({ r: 7, fill: "#fff", stroke: "#f2b705", "stroke-width": 4 }), "gold: may be picked now (red: picked)"),
      keyRow(dotGlyph({ r: 7, fill: "none", stroke: "#b3121b", "stroke-width": 3, "stroke-dasharray": "4 2" }), "\u2694 the battle being fought"),
    ));
  details.addEventListener("toggle", () => { keyOpen = details.open; });
  return details;
}

// What the page shows above the prompt: the battle or siege being fought (if any), then the key.
export function panel(view, ctx) {
  if (!view) return null;
  const c = { pickable: new Set(), picked: new Set(), ...(ctx || {}) };
  const box = hel("div", { class: "cr-panel" });
  if (view.battle && view.battle.town) box.append(battlePanel(view, c));
  box.append(legend(c.board));
  return box;
}

// The cards in the viewer's hand, for the page's hand panel.
export function hand(view) {
  const mine = view && view.role && view.cards ? view.cards[view.role] : null;
  return mine && Array.isArray(mine.hand) ? mine.hand : [];
}
