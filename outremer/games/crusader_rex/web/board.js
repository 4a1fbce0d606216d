// Crusader Rex: the map drawn in SVG from the title's board description (GET
// /api/titles/crusader-rex/board: towns with lat/lon, roads by type) and a seat's view (blocks per
// town in field and castle, staging boxes, pools, cards, the battle being fought). Loaded by the
// generic game page, which calls
//   draw(svg, view, onPick, ctx)   ctx = {board, pickable: Set, picked: Set}: the map;
//   panel(view, ctx)               ctx = {board, pickable, picked, onPick, log}: an element shown
//                                  above the prompt (the year, turn, cards and pools, the battle
//                                  or siege being fought, the block under the pointer or picked,
//                                  the map key);
//   hand(view)                     the cards in the viewer's hand.
// Clicking a town, a block or a staging box calls onPick with its name or id; the page narrows the
// legal actions. Blocks hidden from the viewer arrive as {"side"} only and are drawn blank but for
// their side's mark: nothing here knows more than the view.
//
// The board keeps the contract of docs/writing-a-title.md (issue 15): towns and staging boxes carry
// data-location (the dot, the box) and data-location-label (the name); each block, or each count
// standing for a folded group of blocks, carries data-piece and data-at; what may be picked carries
// data-pick and an aria-label; the key carries data-board-key. The map is drawn at one CSS px per
// map unit or more (svg.dataset.minScale), so every text of 11.5 units or more is legible, and the
// page pans it; svg.dataset.focus is the area in play.
//
// The map is drawn as the Frank player sees the board (1.0: the Frank player sits at its western
// edge): east at the top, the sea below, Antioch on the left and Egypt on the right.

import { h as hel, svg as el } from "/static/api.js";

const GROW = 1.5; // the map's spread over the old 190 x 280 units per degree: room for stacks
const SX = 190 * GROW; // map units per degree of latitude (north to south runs left to right)
const SY = 280 * GROW; // map units per degree of longitude (times the cosine of the latitude)
const BLOCK = 40; // a block's side
const GAP = 4;
const STEP = BLOCK + GAP;
const ROW_LENGTHS = [3, 4, 2, 5]; // blocks of one side side by side in a stack, the likelier first
const PAD = 4; // the margin of a stack's backing
const NARROW = "'Arial Narrow', 'Liberation Sans Narrow', 'DejaVu Sans Condensed', sans-serif";
const COLORS = {
  Franks: { fill: "#f3ead2", ink: "#1c2f5e", edge: "#1c2f5e", mark: "\u2720", rx: 1.5, adj: "Frank" },
  Saracens: { fill: "#1f6b3a", ink: "#fff8e0", edge: "#0d3a1d", mark: "\u263E", rx: 11, adj: "Saracen" },
  Assassins: { fill: "#2b2b2b", ink: "#f0f0f0", edge: "#000", mark: "\u2020", rx: 5, adj: "Assassin" },
};
const SIDE_ORDER = ["Franks", "Saracens", "Assassins"];
const KINGDOM_TINT = { Franks: "#e9dcc0", Saracens: "#d4e3c9", Assassins: "#d0d0d0" };
const CASTLE = { fill: "#d9d4cb", edge: "#5f5a52" }; // the castle frame round blocks inside it
const ROAD_STYLE = {
  major: { stroke: "#8a5a2b", "stroke-width": 3.4 },
  minor: { stroke: "#a0805a", "stroke-width": 1.8, "stroke-dasharray": "6 4" },
  "iron-bridge": { stroke: "#3b4d75", "stroke-width": 4, "stroke-dasharray": "8 3" },
  off_map: { stroke: "#7b6a4f", "stroke-width": 1.4, "stroke-dasharray": "2 5", opacity: 0.7 },
};
const FACES = ["", "\u2680", "\u2681", "\u2682", "\u2683", "\u2684", "\u2685"];

let layoutCache = null;
let listOpen = null; // the dialog listing a folded stack's blocks, while it is open
let lastDraw = null; // the arguments of the last draw: the view an open list shows
let keyOpen = false; // whether the map key is open (kept across redraws)
let logOpen = false; // whether the battle's log is open
let details = null; // the panel's box telling the block under the pointer, focused or picked
let detailsDefault = null; // what it tells when no block is under the pointer

// -- layout -----------------------------------------------------------------------------------
// Town positions: lat/lon turned a quarter (east up), a town far out to the west (Egypt) drawn at
// the edge next to its neighbours, then towns pushed apart where they crowd.
function layout(board) {
  if (layoutCache && layoutCache.board === board) return layoutCache;
  const towns = board.towns.filter((t) => t.lat !== null && t.lon !== null);
  const lons = towns.map((t) => t.lon).sort((a, b) => a - b);
  const floorLon = lons.length > 1 && lons[1] - lons[0] > 0.8 ? lons[1] - 0.3 : lons[0];
  const lats = towns.map((t) => t.lat);
  const latMax = Math.max(...lats);
  const lonMax = lons[lons.length - 1];
  const k = Math.cos((((latMax + Math.min(...lats)) / 2) * Math.PI) / 180);
  const pos = new Map();
  for (const t of towns) pos.set(t.name, { x: (latMax - t.lat) * SX, y: (lonMax - Math.max(t.lon, floorLon)) * k * SY });
  const RX = 70 * GROW;
  const RY = 60 * GROW;
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
          a.x -= (dx / d) * push * RX;
          a.y -= (dy / d) * push * RY;
          b.x += (dx / d) * push * RX;
          b.y += (dy / d) * push * RY;
        }
      }
    }
  }
  const minX = Math.min(...[...pos.values()].map((p) => p.x));
  const minY = Math.min(...[...pos.values()].map((p) => p.y));
  for (const p of pos.values()) {
    p.x += 150 - minX;
    p.y += 150 - minY;
  }
  const width = Math.max(...[...pos.values()].map((p) => p.x)) + 170;
  const height = Math.max(...[...pos.values()].map((p) => p.y)) + 150;
  // Staging boxes (7.21) in the sea, bottom left: "off the west edge" as the Franks see it.
  const staging = new Map();
  const boxW = 16 + 3 * STEP;
  const boxH = BLOCK + 30;
  const linked = new Set(board.roads.filter((r) => r.off_map).flatMap((r) => [r.a, r.b]));
  const boxes = [...board.staging].sort((a, b) => Number(linked.has(b.name)) - Number(linked.has(a.name)));
  boxes.forEach((s, i) => {
    staging.set(s.name, { x: 12, y: height - 12 - (boxes.length - i) * (boxH + 8) + 8, w: boxW, h: boxH });
  });
  // A town's name goes on its right, or on its left where that covers fewer other towns' dots
  // and names (a few passes, each town taking the better side given the others).
  const side = new Map([...pos.keys()].map((name) => [name, 1]));
  const byName = new Map(board.towns.map((t) => [t.name, t]));
  const boxOf = (name, p, s) => {
    const t = byName.get(name);
    const w = (name.length + 1 + (t.rating || 0)) * 7.4 + 4;
    return s > 0 ? { x0: p.x + 10, x1: p.x + 10 + w, y0: p.y - 10, y1: p.y + 8 } : { x0: p.x - 10 - w, x1: p.x - 10, y0: p.y - 10, y1: p.y + 8 };
  };
  const cost = (name, box) => {
    let c = 0;
    for (const [other, q] of pos) {
      if (other === name) continue;
      if (q.x > box.x0 - 12 && q.x < box.x1 + 12 && Math.abs(q.y - (box.y0 + box.y1) / 2) < 18) c += 2; // a dot
      if (overlaps(box, boxOf(other, q, side.get(other)))) c += 5; // a name
    }
    return c;
  };
  for (let pass = 0; pass < 4; pass += 1) {
    for (const [name, p] of pos) {
      side.set(name, cost(name, boxOf(name, p, -1)) < cost(name, boxOf(name, p, 1)) ? -1 : 1);
    }
  }
  const labelLeft = new Set([...side].filter(([, s]) => s < 0).map(([name]) => name));
  layoutCache = { board, pos, staging, width, height, labelLeft, towns: byName };
  return layoutCache;
}

function overlaps(a, b) {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

function boxOfElement(node, margin = 0) {
  const b = node.getBBox();
  return { x0: b.x - margin, y0: b.y - margin, x1: b.x + b.width + margin, y1: b.y + b.height + margin };
}

// -- blocks -----------------------------------------------------------------------------------
// A block's short form, at most about eight letters, each block's its own: "Templars (Gaza)" is
// "Tmp Gaz", "Kurds (2)" "Kurds 2", a long name cut with a dot; the full name is in its <title>,
// its aria-label and the details panel.
const SHORT_BASE = { Templars: "Tmp", Hospitallers: "Hsp", Turcopoles: "Tcp", Pilgrims: "Plg", Reynald: "Reyn", Raymond: "Raym" };
const SHORT = { Assassins: "Assassin", Barbarossa: "Barbaros", Crossbows: "Crossbow" };

export function shortName(name) {
  const m = name.match(/^(.*?)\s*\((.*)\)$/);
  if (m) {
    const [, base, where] = m;
    if (/^\d+$/.test(where)) return `${base} ${where}`;
    return `${SHORT_BASE[base] || base.slice(0, 4)} ${where.slice(0, where.startsWith("Tri") ? 4 : 3)}`;
  }
  if (name.length <= 8) return name;
  if (SHORT[name]) return SHORT[name];
  const words = name.replace(/^al-/, "").split(/[\s-]/);
  const first = name.startsWith("al-") ? name.slice(3) : words[0];
  return first.length <= 8 ? first : `${first.slice(0, 6)}.`;
}

function sideWord(side) {
  return (COLORS[side] || COLORS.Assassins).adj;
}

function blockWords(block, where, town) {
  const place = `${town ? ` at ${town}` : ""}${where === "castle" ? ", in the castle" : ""}`;
  if (!("id" in block)) return `a ${sideWord(block.side)} block, hidden${place}`;
  return `${block.name} (${sideWord(block.side)}): ${block.steps} of ${block.max_steps} steps, combat ${block.combat}, move ${block.move}`
    + `${block.revealed ? ", revealed" : ""}${place}`;
}

// One block at the origin: its short name on top, steps (left) and combat rating (right), a pip per
// step along the bottom (filled: steps left); a hidden block shows only its side's mark. Franks are
// square, Saracens round-cornered, the Assassins between.
function blockGlyph(block, where) {
  const colors = COLORS[block.side] || COLORS.Assassins;
  const known = "id" in block;
  const g = el("g", { class: `block ${known ? "known" : "hidden"} side-${block.side}${where === "castle" ? " in-castle" : ""}` });
  g.append(el("rect", { class: "face", width: BLOCK, height: BLOCK, rx: colors.rx, fill: colors.fill, stroke: colors.edge, "stroke-width": 1.4 }));
  g.append(el("title", {}, blockWords(block, where)));
  if (!known) {
    g.append(el("text", { x: BLOCK / 2, y: BLOCK / 2 + 7, "font-size": 20, "text-anchor": "middle", fill: colors.ink, opacity: 0.55, class: "bmark" }, colors.mark));
    return g;
  }
  const label = shortName(block.name);
  const name = el("text", { x: BLOCK / 2, y: 13, "font-size": 12, "font-family": NARROW, "font-weight": 700, "text-anchor": "middle", fill: colors.ink, class: "bname" }, label);
  if (label.length * 0.5 * 12 > BLOCK - 4) {
    name.setAttribute("textLength", BLOCK - 4);
    name.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
  g.append(name);
  g.append(el("text", { x: 3.5, y: 29, "font-size": 14, "font-weight": "bold", fill: colors.ink, class: "bsteps" }, String(block.steps)));
  g.append(el("text", { x: BLOCK - 3, y: 29, "font-size": 12, "font-weight": 600, "text-anchor": "end", fill: colors.ink, class: "bcombat" }, block.combat));
  const max = block.max_steps || block.steps;
  const x0 = BLOCK / 2 - ((max - 1) * 5) / 2;
  for (let i = 0; i < max; i += 1) {
    g.append(el("circle", { cx: x0 + i * 5, cy: BLOCK - 4.5, r: 1.7, fill: i < block.steps ? colors.ink : "none", stroke: colors.ink, "stroke-width": 0.7 }));
  }
  return g;
}

let detailsKept = false; // a block tapped or clicked stays told until the pointer leaves another

function showDetails(text, keep = false) {
  if (!details) return;
  if (!text && detailsKept) return;
  detailsKept = keep;
  details.textContent = text || detailsDefault || "";
}

function mapBlock(block, x, y, where, ctx, onPick, town, index) {
  const g = blockGlyph(block, where);
  g.setAttribute("transform", `translate(${x},${y})`);
  const words = blockWords(block, where, town);
  if ("id" in block) {
    g.dataset.piece = block.id;
    g.dataset.token = block.id;
    g.dataset.block = block.id;
    if (ctx.pickable.has(block.id) || ctx.picked.has(block.id)) {
      g.dataset.pick = block.id;
      g.setAttribute("aria-label", words);
    }
    if (ctx.pickable.has(block.id)) g.classList.add("pickable");
    if (ctx.picked.has(block.id)) g.classList.add("picked");
  } else {
    g.dataset.piece = `${town}:${block.side}:${where}:${index}`;
  }
  // A click picks the block, or its town for a hidden one; else it tells the block in the panel.
  const token = "id" in block && (ctx.pickable.has(block.id) || ctx.picked.has(block.id)) ? block.id : ctx.pickable.has(town) ? town : null;
  g.addEventListener("click", (e) => {
    e.stopPropagation();
    if (token) onPick(token);
    else showDetails(words, true);
  });
  g.dataset.at = town;
  g.addEventListener("mouseenter", () => showDetails(words));
  g.addEventListener("mouseleave", () => showDetails(null));
  g.addEventListener("focus", () => showDetails(words));
  return g;
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

// -- stacks -----------------------------------------------------------------------------------
// The blocks at a town, as rows: the castle's (inside a castle frame) above the field's, a row per
// side of up to ``perRow`` blocks. Folded, each side in the castle or the field is one count instead.
function stackShape(spot, folded, perRow = 3) {
  const rows = [];
  for (const where of ["castle", "field"]) {
    for (const [side, blocks] of bySide(spot[where] || [])) {
      if (folded) rows.push({ where, side, blocks, count: true });
      else for (let i = 0; i < blocks.length; i += perRow) rows.push({ where, side, blocks: blocks.slice(i, i + perRow), from: i });
    }
  }
  if (folded) {
    // The counts of the castle side by side on one row, those of the field on another.
    const merged = [];
    for (const where of ["castle", "field"]) {
      const mine = rows.filter((r) => r.where === where);
      if (mine.length) merged.push({ where, counts: mine });
    }
    return shapeSize(merged.map((r) => ({ ...r, n: r.counts.length })));
  }
  return shapeSize(rows.map((r) => ({ ...r, n: r.blocks.length })));
}

function shapeSize(rows) {
  const castleRows = rows.filter((r) => r.where === "castle").length;
  const w = Math.max(...rows.map((r) => r.n * STEP - GAP)) + 2 * PAD + (castleRows ? 6 : 0);
  const h = rows.length * STEP - GAP + 2 * PAD + (castleRows ? 14 : 0);
  return { rows, w, h, castleRows };
}

// Places beside a town for a box of w x h, nearest first: below, above, the sides, the corners,
// then the same further out.
function candidates(p, r, w, h, label) {
  const out = [];
  const near = r + 5;
  for (const d of [0, 14, 30, 50, 75, 105, 140, 180, 230]) {
    out.push([p.x - w / 2, p.y + near + d]);
    out.push([p.x - w / 2, p.y - near - d - h]);
    out.push([Math.max(p.x + near, label.x1 + 4) + d, p.y - h / 2]);
    out.push([Math.min(p.x - near, label.x0 - 4) - d - w, p.y - h / 2]);
    out.push([p.x + near + d * 0.7, p.y + near + d * 0.7]);
    out.push([p.x - near - d * 0.7 - w, p.y + near + d * 0.7]);
    out.push([p.x + near + d * 0.7, p.y - near - d * 0.7 - h]);
    out.push([p.x - near - d * 0.7 - w, p.y - near - d * 0.7 - h]);
    out.push([p.x - w * 0.15, p.y + near + d]);
    out.push([p.x - w * 0.85, p.y + near + d]);
    out.push([p.x - w * 0.15, p.y - near - d - h]);
    out.push([p.x - w * 0.85, p.y - near - d - h]);
  }
  return out;
}

// Where each town's stack goes: the battle's town first, then stacks holding a pick, then the
// largest; each in the nearest free place beside its town (no other town's dot or name, no other
// stack, inside the map), drawn whole if it fits there, else folded into counts.
function placeStacks(L, view, ctx, obstacles, ownBoxes) {
  const spots = Object.entries(view.towns || {}).filter(([name]) => L.pos.has(name));
  const busy = (spot) => [...(spot.field || []), ...(spot.castle || [])].some((b) => "id" in b && (ctx.pickable.has(b.id) || ctx.picked.has(b.id)));
  const size = (spot) => (spot.field || []).length + (spot.castle || []).length;
  const battle = view.battle ? view.battle.town : null;
  spots.sort((a, b) => Number(b[0] === battle) - Number(a[0] === battle) || Number(busy(b[1])) - Number(busy(a[1])) || size(b[1]) - size(a[1]));
  const placed = [];
  const out = new Map();
  const free = (box, town) => {
    if (box.x0 < 2 || box.y0 < 2 || box.x1 > L.width - 2 || box.y1 > L.height - 2) return false;
    for (const o of obstacles) if (o.town !== town && overlaps(box, o)) return false;
    for (const o of ownBoxes.get(town) || []) if (overlaps(box, o)) return false;
    for (const o of placed) if (overlaps(box, o)) return false;
    return true;
  };
  for (const [town, spot] of spots) {
    if (!size(spot)) continue;
    const p = L.pos.get(town);
    const t = L.towns.get(town);
    const r = t.victory ? 9 : 6.5;
    const label = (ownBoxes.get(town) || [])[1] || { x0: p.x, x1: p.x, y0: p.y, y1: p.y };
    // Whole, in the row length that finds a free place nearest the town; else folded.
    let choice = null;
    const shapes = [...ROW_LENGTHS.map((n) => [stackShape(spot, false, n), false]), [stackShape(spot, true), true]];
    for (const [shape, folded] of shapes) {
      if (folded && choice) break;
      const found = candidates(p, r, shape.w, shape.h, label).findIndex(([x, y]) => free({ x0: x - 2, y0: y - 2, x1: x + shape.w + 2, y1: y + shape.h + 2 }, town));
      if (found < 0 || (choice && Math.floor(found / 12) >= Math.floor(choice.rank / 12))) continue;
      const [x, y] = candidates(p, r, shape.w, shape.h, label)[found];
      choice = { shape, x, y, folded, rank: found };
    }
    if (!choice) {
      // Nowhere free: folded, at the least crowded place inside the map.
      const shape = stackShape(spot, true);
      let best = null;
      for (const [x0, y0] of candidates(p, r, shape.w, shape.h, label)) {
        const x = Math.min(Math.max(x0, 3), L.width - shape.w - 3);
        const y = Math.min(Math.max(y0, 3), L.height - shape.h - 3);
        const box = { x0: x, y0: y, x1: x + shape.w, y1: y + shape.h };
        const cost = obstacles.filter((o) => o.town !== town && overlaps(box, o)).length * 10 + placed.filter((o) => overlaps(box, o)).length;
        if (!best || cost < best.cost) best = { cost, x, y };
      }
      choice = { shape, x: best.x, y: best.y, folded: true };
    }
    placed.push({ x0: choice.x, y0: choice.y, x1: choice.x + choice.shape.w, y1: choice.y + choice.shape.h });
    out.set(town, choice);
  }
  return out;
}

function countFace(side, n) {
  const colors = COLORS[side] || COLORS.Assassins;
  return [
    el("rect", { width: BLOCK, height: BLOCK, rx: colors.rx, fill: colors.fill, stroke: colors.edge, "stroke-width": 1.4 }),
    el("rect", { x: 3, y: 3, width: BLOCK - 6, height: BLOCK - 6, rx: Math.max(colors.rx - 3, 1), fill: "none", stroke: colors.ink, "stroke-width": 1, "stroke-dasharray": "3 2" }),
    el("text", { x: BLOCK / 2, y: 20, "font-size": 17, "font-weight": "bold", "text-anchor": "middle", fill: colors.ink }, `${n}`),
    el("text", { x: BLOCK / 2, y: 33, "font-size": 11.5, "font-family": NARROW, "text-anchor": "middle", fill: colors.ink }, "list"),
  ];
}

// A count standing for the blocks of one side in a town's castle or field; a click, Enter or Space
// opens the town's list.
function countBadge(town, row, x, y) {
  const { side, blocks, where } = row;
  const words = `${blocks.length} ${sideWord(side)} blocks at ${town}${where === "castle" ? ", in the castle" : ""}: show the list`;
  const g = el("g", {
    class: `stack-count side-${side}`, transform: `translate(${x},${y})`, "data-town": town, "data-count": blocks.length,
    "data-piece": `${town}:${side}:${where}`, "data-at": town, tabindex: 0, role: "button", "aria-label": words, "aria-expanded": "false",
  });
  g.append(...countFace(side, blocks.length), el("title", {}, words));
  const open = (e) => {
    e.stopPropagation();
    e.preventDefault();
    openList(town);
  };
  g.addEventListener("click", open);
  g.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") open(e);
  });
  return g;
}

// A castle's frame round the blocks inside it: grey stone with battlements on top.
function castleFrame(x, y, w, h) {
  const g = el("g", { class: "castle-frame" });
  const merlons = [];
  const n = Math.max(3, Math.round(w / 14));
  for (let i = 0; i < n; i += 1) {
    const mx = x + 3 + (i * (w - 12)) / (n - 1);
    merlons.push(el("rect", { x: mx, y: y - 5, width: 6, height: 6, fill: CASTLE.fill, stroke: CASTLE.edge, "stroke-width": 1 }));
  }
  g.append(...merlons, el("rect", { x, y, width: w, height: h, fill: CASTLE.fill, stroke: CASTLE.edge, "stroke-width": 1.4 }));
  return g;
}

function drawStack(layer, town, choice, ctx, onPick) {
  const { shape, x, y, folded } = choice;
  const g = el("g", { class: `stack${folded ? " folded" : ""}`, "data-town": town });
  g.append(el("rect", { class: "stack-back", x, y, width: shape.w, height: shape.h, rx: 5 }));
  let cy = y + PAD;
  const castleRows = shape.rows.filter((r) => r.where === "castle");
  if (castleRows.length) {
    cy += 5;
    g.append(castleFrame(x + PAD - 1, cy - 3, shape.w - 2 * PAD + 2, castleRows.length * STEP - GAP + 6));
  }
  const counters = {};
  for (const row of shape.rows) {
    const rowW = row.n * STEP - GAP;
    const x0 = x + (shape.w - rowW) / 2;
    if (row.where === "field" && castleRows.length && row === shape.rows[castleRows.length]) cy += 8;
    if (row.counts) {
      row.counts.forEach((c, j) => {
        g.append(countBadge(town, c, x0 + j * STEP, cy));
      });
    } else {
      row.blocks.forEach((block, j) => {
        const key = `${row.where}:${row.side}`;
        counters[key] = (counters[key] || 0) + 1;
        g.append(mapBlock(block, x0 + j * STEP, cy, row.where, ctx, onPick, town, counters[key]));
      });
    }
    cy += STEP;
  }
  layer.append(g);
}

// A folded town's blocks opened into a list, in a dialog that fits the window (scrolling when
// long): each block with its full name and figures; a block that may be picked is picked from here
// as from the map, which closes the list. Escape or the close button closes it.
function openList(town) {
  if (listOpen) listOpen.close();
  const dialog = hel("dialog", {
    class: "stack-list", "data-town": town, "aria-label": `The blocks at ${town}`,
    style: "max-width:min(92vw,28rem);max-height:85vh;overflow:auto;padding:.6rem .8rem;border:1px solid #5b4630;border-radius:8px;background:#fffdf5;color:#2b2118",
  });
  dialog.addEventListener("close", () => {
    dialog.remove();
    if (listOpen === dialog) listOpen = null;
  });
  listOpen = dialog;
  fillList();
  document.body.append(dialog);
  dialog.showModal();
}

// The open list's blocks, as the last view drawn has them (drawn again on every update).
function fillList() {
  if (!listOpen || !lastDraw) return;
  const [, view, onPick, ctx] = lastDraw;
  const town = listOpen.dataset.town;
  const spot = view.towns?.[town] || {};
  const entries = [...(spot.castle || []).map((b) => [b, "castle"]), ...(spot.field || []).map((b) => [b, "field"])];
  const close = hel("button", { type: "button", class: "stack-close secondary", "aria-label": `Close the list of ${town}`, onclick: () => listOpen?.close() }, "\u00D7");
  const rows = entries.map(([block, where]) => {
    const glyph = el("svg", { viewBox: `-1 -1 ${BLOCK + 2} ${BLOCK + 2}`, "aria-hidden": "true", style: `width:${BLOCK + 2}px;height:${BLOCK + 2}px;flex:none` });
    const g = blockGlyph(block, where);
    glyph.append(g);
    const known = "id" in block;
    const line1 = known ? block.name : `${sideWord(block.side)} block (hidden)`;
    const line2 = known
      ? `${block.steps}/${block.max_steps} steps \u00B7 ${block.combat} \u00B7 move ${block.move}${where === "castle" ? " \u00B7 in the castle" : ""}`
      : where === "castle" ? "in the castle" : "in the field";
    const text = hel("span", { style: "display:flex;flex-direction:column;font-size:14px;line-height:1.25" }, hel("strong", {}, line1), hel("span", {}, line2));
    const style = "display:flex;gap:.6rem;align-items:center;width:100%;text-align:left;padding:.15rem .3rem;color:inherit;background:none;border:2px solid transparent;border-radius:6px";
    if (known && (ctx.pickable.has(block.id) || ctx.picked.has(block.id))) {
      g.classList.add(ctx.picked.has(block.id) ? "picked" : "pickable");
      const pick = () => {
        listOpen?.close();
        onPick(block.id);
      };
      return hel("button", { type: "button", class: "stack-entry", "data-pick": block.id, "aria-label": blockWords(block, where, town), style: `${style};border-color:#f2b705;cursor:pointer`, onclick: pick }, glyph, text);
    }
    return hel("div", { class: "stack-entry", style }, glyph, text);
  });
  listOpen.replaceChildren(
    hel("div", { style: "display:flex;justify-content:space-between;align-items:center;gap:1rem" },
      hel("strong", { style: "font-size:16px" }, `${town}: ${entries.length} blocks`), close),
    hel("div", { style: "display:flex;flex-direction:column;gap:.2rem;margin-top:.4rem" }, rows),
  );
}

// -- the map ----------------------------------------------------------------------------------
export function draw(svg, view, onPick, ctx) {
  const board = ctx?.board;
  if (!board || !view) return;
  lastDraw = [svg, view, onPick, ctx];
  const L = layout(board);
  svg.textContent = "";
  svg.setAttribute("viewBox", `0 0 ${Math.ceil(L.width)} ${Math.ceil(L.height)}`);
  svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
  svg.setAttribute("aria-label", "Map of the Crusader States (east at the top)");
  svg.dataset.minScale = "1";
  svg.append(el("rect", { x: 0, y: 0, width: L.width, height: L.height, fill: "#b9d3df", class: "sea" }));

  // Land: a soft disc under every town, tinted by the kingdom's side.
  const land = el("g", { class: "land" });
  for (const [name, p] of L.pos) {
    const t = L.towns.get(name);
    land.append(el("circle", { cx: p.x, cy: p.y, r: 66 * GROW, fill: KINGDOM_TINT[t.side] || "#e4dcc8" }));
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
  const links = el("g", { class: "stack-links" });
  svg.append(links);

  // Towns: the dot (victory cities red and larger, ports ringed), the name with a bar per point of
  // the town's rating, a ring where a battle is fought.
  const battleTown = view.battle ? view.battle.town : null;
  const towns = el("g", { class: "towns" });
  const obstacles = [];
  const ownBoxes = new Map();
  for (const [name, p] of L.pos) {
    const t = L.towns.get(name);
    const g = el("g", { class: "town", "data-token": name, "data-town": name });
    const r = t.victory ? 9 : 6.5;
    g.append(el("circle", { cx: p.x, cy: p.y, r: r + 10, fill: "transparent", class: "hit" }));
    g.append(el("circle", { cx: p.x, cy: p.y, r: r + 6, class: "halo" }));
    if (name === battleTown) {
      g.classList.add("battle");
      g.append(el("circle", { cx: p.x, cy: p.y, r: r + 11, fill: "none", stroke: "#6a1b9a", "stroke-width": 3, "stroke-dasharray": "5 3", class: "battle-ring" }));
    }
    g.append(el("circle", { cx: p.x, cy: p.y, r, fill: t.victory ? "#b22" : t.rating ? "#fff" : "#ddd", stroke: "#333", "stroke-width": t.port ? 2.5 : 1.2, class: "dot", "data-location": name }));
    if (t.port) g.append(el("circle", { cx: p.x, cy: p.y, r: r + 3, fill: "none", stroke: "#2a5d8a", "stroke-width": 1.2 }));
    const text = t.rating ? `${name} ${"\u25AE".repeat(t.rating)}` : name;
    const left = L.labelLeft.has(name);
    const label = el("text", {
      x: left ? p.x - r - 5 : p.x + r + 5, y: p.y + 4.5, "font-size": 13, "text-anchor": left ? "end" : "start",
      class: "tname", "paint-order": "stroke", stroke: "#fffdf5", "stroke-width": 3.2, "data-location-label": name,
    }, text);
    g.append(label);
    const words = `${name} (${t.kingdom}): ${t.rating ? `castle rating ${t.rating}` : "no castle"}${t.port ? ", port" : ""}${t.victory ? ", victory city" : ""}${name === battleTown ? ", the battle being fought" : ""}`;
    g.append(el("title", {}, words));
    if (ctx.pickable.has(name) || ctx.picked.has(name)) {
      g.dataset.pick = name;
      g.setAttribute("aria-label", words);
    }
    if (ctx.pickable.has(name)) g.classList.add("pickable");
    if (ctx.picked.has(name)) g.classList.add("picked");
    g.addEventListener("click", () => onPick(name));
    towns.append(g);
  }
  svg.append(towns);
  for (const [name, p] of L.pos) {
    const t = L.towns.get(name);
    const r = t.victory ? 9 : 6.5;
    const dot = { x0: p.x - r - 5, y0: p.y - r - 5, x1: p.x + r + 5, y1: p.y + r + 5, town: name };
    const label = { ...boxOfElement(towns.querySelector(`[data-location-label="${CSS.escape(name)}"]`), 2), town: name };
    obstacles.push(dot, label);
    ownBoxes.set(name, [dot, label]);
  }

  // Staging boxes (7.21), in the sea.
  const stagingLayer = el("g", { class: "staging-boxes" });
  for (const [name, box] of L.staging) {
    const g = el("g", { class: "staging", "data-token": name, "data-town": name });
    g.append(el("rect", { x: box.x, y: box.y, width: box.w, height: box.h, rx: 6, fill: "#f6f1e3", stroke: "#555", "stroke-dasharray": "4 3", "data-location": name }));
    g.append(el("text", { x: box.x + 8, y: box.y + 16, "font-size": 12.5, "font-weight": "bold", "data-location-label": name }, `${name} (staging)`));
    const words = `${name}: staging box (7.21)`;
    g.append(el("title", {}, words));
    if (ctx.pickable.has(name) || ctx.picked.has(name)) {
      g.dataset.pick = name;
      g.setAttribute("aria-label", words);
    }
    if (ctx.pickable.has(name)) g.classList.add("pickable");
    if (ctx.picked.has(name)) g.classList.add("picked");
    g.addEventListener("click", () => onPick(name));
    stagingLayer.append(g);
    const blocks = view.staging?.[name] || [];
    blocks.slice(0, 3).forEach((block, i) => {
      g.append(mapBlock(block, box.x + 8 + i * STEP, box.y + 24, "field", ctx, onPick, name, i + 1));
    });
    obstacles.push({ x0: box.x - 4, y0: box.y - 4, x1: box.x + box.w + 4, y1: box.y + box.h + 4, town: name });
  }
  svg.append(stagingLayer);

  // The stacks, each beside its town and joined to its dot by a line.
  const stacks = el("g", { class: "stacks" });
  const places = placeStacks(L, view, ctx, obstacles, ownBoxes);
  for (const [town, choice] of places) {
    const p = L.pos.get(town);
    const cx = Math.min(Math.max(p.x, choice.x), choice.x + choice.shape.w);
    const cy = Math.min(Math.max(p.y, choice.y), choice.y + choice.shape.h);
    links.append(el("line", { x1: p.x, y1: p.y, x2: cx, y2: cy, stroke: "#3d3326", "stroke-width": 1.6, class: "stack-link" }));
    drawStack(stacks, town, choice, ctx, onPick);
  }
  svg.append(stacks);
  fillList();

  // The area in play, which the page scrolls into view when the game opens: the battle's town, or
  // the towns holding what may be picked, or the viewer's blocks.
  svg.dataset.focus = focusArea(L, view, ctx, places);
}

function focusArea(L, view, ctx, places) {
  let towns = [];
  if (view.battle?.town) towns = [view.battle.town];
  if (!towns.length) {
    for (const [name, spot] of Object.entries(view.towns || {})) {
      const blocks = [...(spot.field || []), ...(spot.castle || [])];
      if (ctx.pickable.has(name) || blocks.some((b) => "id" in b && ctx.pickable.has(b.id))) towns.push(name);
    }
  }
  if (!towns.length && view.move) {
    // The mover's move under way: where the group comes from or the muster goes.
    towns = [view.move.origin, view.move.target].filter(Boolean);
  }
  if (!towns.length && view.role) {
    for (const [name, spot] of Object.entries(view.towns || {})) {
      if ([...(spot.field || []), ...(spot.castle || [])].some((b) => b.side === view.role)) towns.push(name);
    }
  }
  // Of towns spread over the map, the largest cluster: those near the town with most others near.
  const near = (a, b) => {
    const p = L.pos.get(a);
    const q = L.pos.get(b);
    return p && q && Math.abs(p.x - q.x) < 420 && Math.abs(p.y - q.y) < 300;
  };
  const centre = [...towns].sort((a, b) => towns.filter((t) => near(b, t)).length - towns.filter((t) => near(a, t)).length)[0];
  towns = towns.filter((t) => near(centre, t));
  const boxes = [];
  for (const name of towns) {
    const p = L.pos.get(name);
    if (!p) continue;
    boxes.push({ x0: p.x - 60, y0: p.y - 60, x1: p.x + 60, y1: p.y + 60 });
    const c = places.get(name);
    if (c) boxes.push({ x0: c.x - 20, y0: c.y - 20, x1: c.x + c.shape.w + 20, y1: c.y + c.shape.h + 20 });
  }
  if (!boxes.length) return `0 0 ${Math.ceil(L.width)} ${Math.ceil(L.height)}`;
  const x0 = Math.max(0, Math.min(...boxes.map((b) => b.x0)));
  const y0 = Math.max(0, Math.min(...boxes.map((b) => b.y0)));
  const x1 = Math.min(L.width, Math.max(...boxes.map((b) => b.x1)));
  const y1 = Math.min(L.height, Math.max(...boxes.map((b) => b.y1)));
  return `${Math.round(x0)} ${Math.round(y0)} ${Math.round(x1 - x0)} ${Math.round(y1 - y0)}`;
}

// Year, turn, victory cities (and the block drawn) on a line of the panel; opened, the step of
// play by its rulebook name, Player 1, the cards and the pools.
let statusOpen = false;

function statusBox(view) {
  const when = view.winter_turn ? "Winter Turn" : view.turn ? `Game Turn ${view.turn}` : "set-up";
  const vc = Object.entries(view.victory_cities || {}).map(([side, n]) => `${side} ${n}`).join(", ");
  const head = `${view.year}, ${when} \u00B7 Victory Cities: ${vc}${view.drawn ? ` \u00B7 Drawn: ${view.drawn.name}` : ""}`;
  const lines = [`${view.phase_name || ""}${view.player1 ? ` \u00B7 Player 1: ${view.player1}` : ""}`];
  for (const [side, c] of Object.entries(view.cards || {})) {
    lines.push(`${side}: ${c.in_hand} card(s) in hand${c.card ? `, played ${c.card.name}` : c.played ? ", played a card face down" : ""}`);
  }
  for (const [side, pool] of Object.entries(view.pools || {})) {
    lines.push(`${side} pool: ${pool.face_down} face down${pool.face_up.length ? `, face up: ${pool.face_up.join(", ")}` : ""}`);
    const dead = [...(pool.eliminated || []), ...(pool.eliminated_unseen ? [`${pool.eliminated_unseen} unseen`] : [])];
    if (dead.length) lines.push(`${side} eliminated: ${dead.join(", ")}`);
  }
  const box = hel("details", { class: "map-key cr-status", id: "cr-status", open: statusOpen },
    hel("summary", {}, head), hel("ul", {}, lines.map((line) => hel("li", {}, line))));
  box.addEventListener("toggle", () => {
    statusOpen = box.open;
  });
  return box;
}

// -- the battle panel ---------------------------------------------------------------------------
function roundText(battle) {
  return battle.round ? `round ${battle.round} of 3` : "deployment";
}

function battleTitle(view) {
  const b = view.battle;
  const spot = view.towns?.[b.town] || {};
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
  const svg = el("svg", { viewBox: `-1 -1 ${BLOCK + 2} ${BLOCK + 2}`, class: "pglyph", "aria-hidden": "true", style: `width:${BLOCK + 2}px;height:${BLOCK + 2}px` });
  svg.append(blockGlyph(block, where));
  const pickable = known && ctx.pickable?.has(block.id);
  const classes = ["pblock", known ? "known" : "hidden", `side-${block.side}`, ...marks];
  if (pickable) classes.push("pickable");
  if (known && ctx.picked?.has(block.id)) classes.push("picked");
  // Wide enough for "Hospitallers" and "(Jerusalem)" on lines of their own, uncut.
  const attrs = { class: classes.join(" "), title: blockWords(block, where), style: "width:4.6rem" };
  if (known) attrs["data-block"] = block.id;
  // The full name: the name, then its place (if any) on a line of its own.
  const [base, where2] = known ? [block.name.replace(/\s*\(.*\)$/, ""), (block.name.match(/\(.*\)$/) || [""])[0]] : ["", ""];
  const whole = { style: "white-space:normal;overflow-wrap:anywhere" };
  const caption = hel("span", { class: "pname" }, hel("span", whole, base), where2 ? hel("span", whole, where2) : null);
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
  const spot = view.towns?.[b.town] || { field: [], castle: [] };
  const field = spot.field || [];
  const castle = spot.castle || [];
  const besieged = castle.length ? castle[0].side : null;
  const storming = new Set(b.storming || []);
  const sallying = new Set(b.sallying || []);
  const acted = new Set(b.acted || []);
  const active = view.active || [];
  const entries = battleLog(ctx.log, b.town);
  const lastRoll = entries ? [...entries].reverse().find((e) => e.dice?.length) : null;
  const firedName = lastRoll ? lastRoll.text.split(" fires")[0] : null;
  const inFight = (x) => "id" in x;

  // Who is up now in a combat turn (6.2): the acting side's blocks of the lowest initiative letter
  // that have not acted, as far as the viewer knows them; the acting seat sees its choices instead.
  let up = new Set();
  const choosing = view.phase === "combat_turn" && active.length === 1;
  if (choosing) {
    const reserves = b.reserves?.[active[0]]?.blocks || {};
    const eligible = [...field, ...castle].filter((x) => x.side === active[0] && inFight(x) && !acted.has(x.id) && !(x.id in reserves)
      && (b.mode !== "storm" || storming.has(x.id) || castle.includes(x)));
    const letter = eligible.map(INITIATIVE).sort()[0];
    up = new Set(eligible.filter((x) => INITIATIVE(x) === letter).map((x) => x.id));
  }
  const marksOf = (x) => {
    const marks = [];
    if (!inFight(x)) return marks;
    if (acted.has(x.id)) marks.push("acted");
    else if (up.has(x.id) || (ctx.pickable?.has(x.id) && view.phase === "combat_turn")) marks.push("up");
    if (firedName && x.name === firedName) marks.push("fired");
    return marks;
  };

  const sideBox = (side) => {
    if (!side) return null;
    const attacking = side === b.attacker;
    const mineField = field.filter((x) => x.side === side);
    const mineCastle = castle.filter((x) => x.side === side);
    const res = b.reserves?.[side] || { count: 0 };
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
  const facts = [roundText(b), mode, town?.rating ? `castle holds ${town.rating}` : null].filter(Boolean).join(" · ");
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
// Each colour and mark of the map with its one meaning. The samples are drawn with the map's own
// classes, so that the page's colours for "may be picked" and "picked" show as on the map.
function keySvg(width, height, ...children) {
  const svg = el("svg", { viewBox: `0 0 ${width} ${height}`, class: "kglyph", "aria-hidden": "true", style: `width:${width}px;height:${height}px` });
  svg.append(...children);
  return svg;
}

function keyBlock(block, where, extra) {
  const g = blockGlyph(block, where);
  g.setAttribute("transform", "translate(3,3)");
  if (extra) g.classList.add(extra);
  return keySvg(BLOCK + 6, BLOCK + 6, g);
}

function keyRow(glyph, text) {
  return hel("li", {}, glyph, hel("span", {}, text));
}

function lineGlyph(style) {
  return keySvg(46, 12, el("line", { x1: 2, y1: 6, x2: 44, y2: 6, ...style }));
}

function dotGlyph(attrs, ring, extra) {
  const g = el("g", { class: `town${extra ? ` ${extra}` : ""}`, transform: "translate(23,14)" });
  g.append(el("circle", { r: 14, class: "halo" }), el("circle", { cx: 0, cy: 0, stroke: "#333", class: "dot", ...attrs }));
  if (ring) g.append(el("circle", { cx: 0, cy: 0, r: attrs.r + 3, fill: "none", stroke: "#2a5d8a", "stroke-width": 1.2 }));
  return keySvg(46, 28, g);
}

export function legend() {
  const frank = { id: "key", name: "Baron", side: "Franks", steps: 3, max_steps: 4, combat: "B3", move: 2 };
  const saracen = { id: "key", name: "Emir", side: "Saracens", steps: 4, max_steps: 4, combat: "A3", move: 3 };
  const assassin = { id: "key", name: "Assassins", side: "Assassins", steps: 3, max_steps: 3, combat: "A3", move: 0 };
  const castle = el("g", {});
  castle.append(castleFrame(1, 7, BLOCK + 4, BLOCK + 4));
  const inCastle = blockGlyph(frank, "castle");
  inCastle.setAttribute("transform", "translate(3,9)");
  const count = el("g", { transform: "translate(3,3)" });
  count.append(...countFace("Saracens", 5));
  const link = el("g", {});
  link.append(el("circle", { cx: 6, cy: 20, r: 5, fill: "#fff", stroke: "#333" }), el("line", { x1: 6, y1: 20, x2: 30, y2: 8, stroke: "#3d3326", "stroke-width": 1.6 }),
    el("rect", { x: 28, y: 2, width: 16, height: 12, fill: COLORS.Franks.fill, stroke: COLORS.Franks.edge }));
  const details = hel("details", { class: "map-key", id: "map-key", open: keyOpen, "data-board-key": "" },
    hel("summary", {}, "Map key"),
    hel("ul", {},
      keyRow(keyBlock(frank, "field"), "Frank block (square corners): short name; steps left (left) and combat rating, initiative A-C and firepower (right); a pip per step, filled while the step is left"),
      keyRow(keyBlock(saracen, "field"), "Saracen block (round corners), the same figures"),
      keyRow(keyBlock(assassin, "field"), "Assassin block (Masyaf)"),
      keyRow(keyBlock({ side: "Franks" }, "field"), "a block you cannot see: only its side, \u2720 Frank, \u263E Saracen"),
      keyRow(keySvg(BLOCK + 6, BLOCK + 12, castle, inCastle), "grey battlements: blocks inside the town's castle; the field's blocks stand below them"),
      keyRow(keySvg(BLOCK + 6, BLOCK + 6, count), "a number: that many blocks of a side, folded where the map has no room; click or press Enter for the list"),
      keyRow(keySvg(46, 24, link), "a line joins a stack to its town's dot"),
      keyRow(keyBlock(saracen, "field", "pickable"), "outlined in gold: may be picked now (a town: a gold halo)"),
      keyRow(keyBlock(saracen, "field", "picked"), "outlined in magenta: picked"),
      keyRow(dotGlyph({ r: 9, fill: "#b22" }), "red dot: victory city (1.2)"),
      keyRow(dotGlyph({ r: 6.5, fill: "#fff", "stroke-width": 2.5 }, true), "blue ring: port (1.14); \u25AE after a name: a point of its castle rating (1.11)"),
      keyRow(dotGlyph({ r: 6.5, fill: "#ddd" }), "grey dot: town without a castle"),
      keyRow(dotGlyph({ r: 7, fill: "#fff", stroke: "#6a1b9a", "stroke-width": 3, "stroke-dasharray": "4 2" }), "purple dashed ring: the battle being fought"),
      keyRow(lineGlyph(ROAD_STYLE.major), "major road (5.1)"),
      keyRow(lineGlyph(ROAD_STYLE.minor), "minor road (5.1)"),
      keyRow(lineGlyph(ROAD_STYLE["iron-bridge"]), "iron bridge"),
      keyRow(lineGlyph(ROAD_STYLE.off_map), "off the map, to a staging box (7.21)"),
    ));
  details.addEventListener("toggle", () => {
    keyOpen = details.open;
  });
  return details;
}

// The block under the pointer or focused on the map, else the one picked: its full name and figures.
function detailsBox(view, ctx) {
  let picked = null;
  for (const [town, spot] of Object.entries(view.towns || {})) {
    for (const where of ["castle", "field"]) {
      for (const b of spot[where] || []) if ("id" in b && ctx.picked.has(b.id)) picked = blockWords(b, where, town);
    }
  }
  for (const [box, blocks] of Object.entries(view.staging || {})) {
    for (const b of blocks) if ("id" in b && ctx.picked.has(b.id)) picked = blockWords(b, "field", box);
  }
  detailsDefault = picked ? `Picked: ${picked}` : "Point at a block or tap it for its full name and figures.";
  detailsKept = false;
  details = hel("div", { class: "block-details muted", id: "block-details", "aria-live": "polite" }, detailsDefault);
  return details;
}

// What the page shows above the prompt: the year and turn, the battle or siege being fought (if
// any), the block details, then the key.
export function panel(view, ctx) {
  if (!view) return null;
  const c = { pickable: new Set(), picked: new Set(), ...(ctx || {}) };
  const box = hel("div", { class: "cr-panel" });
  box.append(statusBox(view));
  if (view.battle?.town) box.append(battlePanel(view, c));
  box.append(detailsBox(view, c));
  box.append(legend(c.board));
  return box;
}

// The cards in the viewer's hand, for the page's hand panel.
export function hand(view) {
  const mine = view?.role && view.cards ? view.cards[view.role] : null;
  return mine && Array.isArray(mine.hand) ? mine.hand : [];
}
