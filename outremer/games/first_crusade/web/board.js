// The First Crusade: the map drawn in SVG from the title's board description (GET
// /api/titles/first-crusade/board: spaces with kind, fortress class, port, lat/lon; paths by kind)
// and the player's view (units per space, Camps, Castles, Monasteries, the indexes and boxes).
// Loaded by the generic game page, which calls
//   draw(svg, view, onPick, ctx)   ctx = {board, pickable: Set, picked: Set}: the map;
//   panel(view, ctx)               ctx = {board, pickable, picked, onPick, log}: the battle under
//                                  way, the indexes, the Available markers and the map key.
// Clicking a space, a unit or a marker that may be picked now calls onPick with its id; the page
// narrows the legal actions. A face-down Muslim arrives as {hidden, contingent} only and is drawn as
// a blank counter of its contingent's colour: nothing here knows more than the view.
//
// The board's contract (docs/writing-a-title.md): the map is drawn in map units at a first scale
// of at least one CSS px per unit (svg.dataset.minScale), every text at least FONT units; each
// space's dot carries data-location, its name data-location-label; each counter or stack
// data-piece and data-at, placed where it covers no other space's dot or name; what may be picked
// data-pick and an aria-label. North is up: spaces sit at their latitude and longitude (longitude
// shortened by the cosine of the mean latitude), then close spaces are pushed apart.

import { h as hel, svg as el } from "/static/api.js";

const SCALE = 120; // map units per degree of latitude
const FONT = 12; // map units: the smallest text (12 CSS px at the first scale)
const TOKEN = 36; // a counter's side
const GAP = 4;
const CHIP = 24; // a stack chip's height
const PAD = 70; // room around the outermost spaces for their stacks
const SIDES = ["crusader", "mercenary", "byzantine", "armenian", "seljuk", "fatimid", "assassin"];
const MUSLIMS = new Set(["seljuk", "fatimid", "assassin"]);
const COLORS = {
  crusader: { fill: "#fbf7ee", ink: "#9e1118", edge: "#9e1118", label: "Crusader", abbr: "Cru" },
  mercenary: { fill: "#fbf7ee", ink: "#9e1118", edge: "#5c0a0e", label: "Mercenary", abbr: "Mer", band: "#b3121b" },
  byzantine: { fill: "#6b3f8f", ink: "#fff", edge: "#3d1f57", label: "Byzantine", abbr: "Byz" },
  armenian: { fill: "#e8892b", ink: "#2b1600", edge: "#8a4a0c", label: "Armenian", abbr: "Arm" },
  seljuk: { fill: "#74879b", ink: "#fff", edge: "#3c4a5a", label: "Seljuk", abbr: "Sel" },
  fatimid: { fill: "#a9d49a", ink: "#1c3a12", edge: "#4f7d3f", label: "Fatimid", abbr: "Fat" },
  assassin: { fill: "#2b2b2b", ink: "#eee", edge: "#000", label: "Assassin", abbr: "Asn" },
};
const TYPES = {
  heavy_cavalry: "HC", light_cavalry: "LC", horse_archer: "HA", heavy_infantry: "HI", light_infantry: "LI",
  pilgrims: "Pil", militia: "Mil", fleet: "Flt", emir: "Emir", assassin: "Asn",
};
const TYPE_NAMES = {
  heavy_cavalry: "heavy cavalry", light_cavalry: "light cavalry", horse_archer: "horse archers",
  heavy_infantry: "heavy infantry", light_infantry: "light infantry", pilgrims: "pilgrims", militia: "militia",
  fleet: "fleet", emir: "emir", assassin: "the Assassin",
};
// A fortress's square by its class: the colour of the side it matters to (red the Crusaders' goals,
// purple the Byzantines', orange the Armenians', black the Assassins'), white any other.
const FORTRESS = {
  pilgrimage: { fill: "#9e1118", label: "Crusader Pilgrimage Fortress" },
  byzantine_objective: { fill: "#6b3f8f", label: "Byzantine Objective fortress" },
  armenian: { fill: "#e8892b", label: "Armenian fortress" },
  assassin: { fill: "#2b2b2b", label: "Assassin fortress (Masyaf)" },
  other: { fill: "#fff", label: "other fortress" },
};
const PATHS = {
  road: { stroke: "#8a5a2b", "stroke-width": 2.6, label: "road (land route)" },
  pass: { stroke: "#8a5a2b", "stroke-width": 2.2, "stroke-dasharray": "1 5", "stroke-linecap": "round", label: "pass" },
  sea: { stroke: "#2a6fb0", "stroke-width": 1.8, "stroke-dasharray": "7 5", label: "sea path" },
};
const SHIELD = { military: "#1d1d1d", diplomatic: "#d8c49a" };
const KINDS = { constantinople: "Constantinople", town: "town", open: "open ground", desert: "desert", port: "harbour", sea: "sea space" };

// The title's own styles: the panel's texts at 11 px or more, the stack list, the key's glyphs.
const STYLE = `
.fc-panel .map-key .kglyph { width: 44px; height: 44px; }
.fc-panel .map-key .kglyph.wide { width: 56px; height: 36px; }
.fc-battle .pblock { width: 4.8rem; }
.fc-battle .pblock .pglyph { width: 44px; height: 44px; }
.fc-battle .pblock .pname, .fc-battle .pblock .ptags, .fc-battle .plabel { font-size: .75rem; }
.fc-stack-list { position: fixed; inset: auto .5rem .5rem auto; margin: 0; z-index: 30; max-width: min(26rem, calc(100vw - 1rem));
  max-height: 60vh; overflow: auto; padding: .5rem .7rem; border: 2px solid #5b4630; border-radius: 8px; background: #fffdf5;
  box-shadow: 0 4px 18px #0005; font-size: .95rem; }
.fc-stack-list header { display: flex; align-items: center; gap: .5rem; justify-content: space-between; margin-bottom: .3rem; }
.fc-stack-list h3 { font-size: 1rem; margin: 0; }
.fc-stack-list h4 { font-size: .9rem; margin: .4rem 0 .2rem; color: #5b4630; }
.fc-stack-list ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: .2rem; }
.fc-stack-list .unit { display: flex; align-items: center; gap: .5rem; width: 100%; text-align: left; padding: .15rem .3rem;
  border: 1px solid transparent; border-radius: 4px; background: none; color: inherit; font: inherit; }
.fc-stack-list button.unit { border-color: #f2b705; background: #fff6d8; cursor: pointer; }
.fc-stack-list .unit.picked { border-color: #c2008a; }
.fc-stack-list .unit svg { width: 40px; height: 40px; flex: none; }
svg .chip.pickable > rect, svg .chip.pickable > path { stroke: #f2b705; stroke-width: 3.5; }
svg .chip.picked > rect, svg .chip.picked > path { stroke: #c2008a; stroke-width: 3.5; }
svg .chip:focus-visible, svg .block:focus-visible { outline: 3px solid #1a5fb4; }
`;

function addStyle() {
  if (document.getElementById("fc-board-style")) return;
  document.head.append(hel("style", { id: "fc-board-style" }, STYLE));
}

let layoutCache = null;
let lastDraw = null;
let keyOpen = false;
let listFor = null; // the space whose stack list is open
let listBox = null;

function pathStyle(kind) {
  const { label, ...style } = PATHS[kind] || PATHS.road;
  return style;
}

// -- geometry -----------------------------------------------------------------------------------
const box = (x, y, w, h) => ({ x, y, w, h });
const hits = (a, b, m = 1) => a.x < b.x + b.w + m && b.x < a.x + a.w + m && a.y < b.y + b.h + m && b.y < a.y + a.h + m;

let measurer = null;
const widths = new Map();
// A text's width in map units: measured in the page's font when the svg is in the document,
// else a generous estimate.
function textWidth(text, size = FONT, weight = "normal") {
  const key = `${size}|${weight}|${text}`;
  if (widths.has(key)) return widths.get(key);
  let w = 0;
  if (measurer?.isConnected) {
    const t = el("text", { "font-size": size, "font-weight": weight, x: -9999, y: -9999 }, text);
    measurer.append(t);
    w = t.getComputedTextLength();
    t.remove();
  }
  if (!(w > 0)) w = text.length * size * (weight === "normal" ? 0.6 : 0.66);
  widths.set(key, w);
  return w;
}

// How far a space's dot reaches from its centre.
function radius(s) {
  if (s.kind === "constantinople") return 17;
  if (s.port && s.kind !== "sea") return 11.5;
  if (s.kind === "fortress") return 11;
  if (s.kind === "sea" || s.kind === "desert") return 8;
  return 6.5;
}

// A space's name: beside its dot, on the first side where it covers no other dot or name.
function placeLabel(s, p, r, taken) {
  const w = textWidth(s.name);
  const h = FONT * 1.2;
  const up = FONT * 0.95; // from the box's top to the baseline
  const c = [
    [p.x + r + 3, p.y - h / 2], [p.x - r - 3 - w, p.y - h / 2], [p.x - w / 2, p.y - r - 2 - h],
    [p.x - w / 2, p.y + r + 2], [p.x + r - 2, p.y - r - h + 2], [p.x - r + 2 - w, p.y - r - h + 2],
    [p.x + r - 2, p.y + r - 2], [p.x - r + 2 - w, p.y + r - 2],
  ];
  let best = null;
  for (const [x, y] of c) {
    const b = box(x, y, w, h);
    const clash = taken.filter((t) => hits(b, t, t.room ?? 2)).length;
    if (!best || clash < best.clash) best = { b, clash };
    if (!clash) break;
  }
  return { ...best.b, base: best.b.y + up };
}

function layout(board) {
  if (layoutCache && layoutCache.board === board) return layoutCache;
  const lats = board.spaces.map((s) => s.lat);
  const lons = board.spaces.map((s) => s.lon);
  const latMax = Math.max(...lats);
  const lonMin = Math.min(...lons);
  const k = Math.cos(((latMax + Math.min(...lats)) / 2) * Math.PI / 180);
  const pos = new Map(board.spaces.map((s) => [s.id, { x: (s.lon - lonMin) * k * SCALE, y: (latMax - s.lat) * SCALE }]));
  spread(pos, 96, 80);
  const spaces = new Map(board.spaces.map((s) => [s.id, s]));
  const dots = new Map(board.spaces.map((s) => {
    const p = pos.get(s.id);
    const r = radius(s);
    return [s.id, box(p.x - r, p.y - r, 2 * r, 2 * r)];
  }));
  // Names: the most crowded spaces choose first.
  const near = (id) => [...pos.values()].filter((q) => Math.hypot(q.x - pos.get(id).x, q.y - pos.get(id).y) < 160).length;
  const labels = new Map();
  // Clear of every other dot's click area, and of the names placed before.
  const taken = [...dots].map(([id, d]) => ({ ...d, room: 6, id }));
  for (const s of [...board.spaces].sort((a, b) => near(b.id) - near(a.id))) {
    const others = taken.filter((t) => t.id !== s.id);
    const label = placeLabel(s, pos.get(s.id), radius(s), others);
    labels.set(s.id, label);
    taken.push(label);
  }
  const all = [...dots.values(), ...labels.values()];
  const left = Math.min(...all.map((b) => b.x)) - PAD;
  const top = Math.min(...all.map((b) => b.y)) - PAD;
  for (const p of pos.values()) { p.x -= left; p.y -= top; }
  for (const b of all) { b.x -= left; b.y -= top; }
  for (const l of labels.values()) l.base -= top;
  const width = Math.ceil(Math.max(...all.map((b) => b.x + b.w)) + PAD);
  const height = Math.ceil(Math.max(...all.map((b) => b.y + b.h)) + PAD);
  layoutCache = { board, pos, dots, labels, width, height, spaces };
  return layoutCache;
}

// Push apart spaces closer than an ellipse of rx by ry (a few dozen gentle rounds).
function spread(pos, rx, ry) {
  const ids = [...pos.keys()];
  for (let round = 0; round < 120; round += 1) {
    for (let i = 0; i < ids.length; i += 1) {
      for (let j = i + 1; j < ids.length; j += 1) {
        const a = pos.get(ids[i]);
        const b = pos.get(ids[j]);
        const dx = (b.x - a.x) / rx;
        const dy = (b.y - a.y) / ry;
        const d = Math.hypot(dx, dy) || 0.01;
        if (d >= 1) continue;
        const push = (1 - d) / 2;
        a.x -= (dx / d) * push * rx; a.y -= (dy / d) * push * ry;
        b.x += (dx / d) * push * rx; b.y += (dy / d) * push * ry;
      }
    }
  }
}

// -- spaces -------------------------------------------------------------------------------------
// The dot of a space by its kind: Constantinople a double square, a fortress a square of its class's
// colour, a town a white disc, open ground a small pale disc, a desert a sandy diamond, a harbour a
// pale blue disc, a sea space a blue disc; a blue ring around a port.
function spaceGlyph(space, x, y) {
  const g = el("g", { class: "dot-group" });
  switch (space.kind) {
    case "constantinople":
      g.append(el("rect", { x: x - 12, y: y - 12, width: 24, height: 24, fill: "#6b3f8f", stroke: "#2a1d10", "stroke-width": 2, class: "dot" }));
      g.append(el("rect", { x: x - 6, y: y - 6, width: 12, height: 12, fill: "#fff", stroke: "none" }));
      break;
    case "fortress": {
      const f = FORTRESS[space.fortress] || FORTRESS.other;
      g.append(el("rect", { x: x - 8, y: y - 8, width: 16, height: 16, fill: f.fill, stroke: "#222", "stroke-width": 1.6, class: "dot" }));
      break;
    }
    case "town":
      g.append(el("circle", { cx: x, cy: y, r: 6.5, fill: "#fff", stroke: "#333", "stroke-width": 1.4, class: "dot" }));
      break;
    case "desert":
      g.append(el("path", { d: `M${x},${y - 8}L${x + 8},${y}L${x},${y + 8}L${x - 8},${y}Z`, fill: "#e2c27a", stroke: "#8a6a2b", "stroke-width": 1.2, class: "dot" }));
      break;
    case "port":
      g.append(el("circle", { cx: x, cy: y, r: 6, fill: "#cfe3f3", stroke: "#2a6fb0", "stroke-width": 1.6, class: "dot" }));
      break;
    case "sea":
      g.append(el("circle", { cx: x, cy: y, r: 8, fill: "#8fb8dc", stroke: "#2a6fb0", "stroke-width": 1.2, class: "dot" }));
      break;
    default: // open
      g.append(el("circle", { cx: x, cy: y, r: 5, fill: "#e9efd6", stroke: "#6b7a4a", "stroke-width": 1.2, class: "dot" }));
  }
  if (space.port && space.kind !== "sea") {
    g.append(el("circle", { cx: x, cy: y, r: space.kind === "constantinople" ? 17 : 11.5, fill: "none", stroke: "#2a6fb0", "stroke-width": 1.4 }));
  }
  return g;
}

const ROUTES = { mediterranean: "Mediterranean", coastal: "Coastal", central: "Central", eastern: "Eastern" };

function spaceTitle(space) {
  const what = space.kind === "fortress" ? (FORTRESS[space.fortress] || FORTRESS.other).label : KINDS[space.kind] || "space";
  const routes = (space.routes || []).length ? `; ${space.routes.map((r) => ROUTES[r] || r).join(", ")} route` : "";
  return `${space.name}: ${what}${space.port && space.kind !== "port" && space.kind !== "sea" ? ", port" : ""}${space.armenia ? ", Armenia" : ""}${routes}`;
}

const BUILDINGS = [
  ["camps", "\u25B2", "Camp"], ["castles", "\u265C", "Castle"], ["monasteries", "\u271D", "Monastery"],
  ["sieges", "\u2694", "Siege"], ["massacres", "\u2620", "Massacre"],
];

// Camps, Castles, Monasteries, Siege and Massacre markers of a space, as [glyph, name].
function buildingsAt(view, id) {
  const flags = view.flags || {};
  return BUILDINGS.filter(([key]) => ((view[key] || flags[key]) || []).includes(id)).map(([, glyph, title]) => [glyph, title]);
}

// The markers as small squares in a row at (x, y).
function buildingBadges(marks, x, y) {
  const g = el("g", { class: "buildings" });
  marks.forEach(([glyph, title], i) => {
    const b = el("g", { class: `building building-${title.toLowerCase()}`, transform: `translate(${x + i * 19},${y})` });
    b.append(el("rect", { width: 17, height: 17, rx: 3, fill: "#fffdf5", stroke: "#5b4630", "stroke-width": 1 }));
    b.append(el("text", { x: 8.5, y: 13, "font-size": FONT, "text-anchor": "middle", fill: title === "Massacre" ? "#8b0000" : "#3a2a18" }, glyph));
    b.append(el("title", {}, title));
    g.append(b);
  });
  return g;
}

// -- counters -----------------------------------------------------------------------------------
function unitTitle(u) {
  if (u.hidden) return `${(COLORS[u.contingent] || COLORS.seljuk).label} unit (face down)`;
  const what = u.leader ? `${u.leader} leader` : TYPE_NAMES[u.type] || "unit";
  const factor = u.factor === null || u.factor === undefined ? "a die roll" : u.factor;
  return `${u.name}: ${COLORS[u.contingent]?.label || "Muslim"} ${what}, combat ${factor}${u.reduced ? ", reduced" : ""}`;
}

function shortName(name) {
  return name.split(" ")[0].slice(0, 4);
}

// A counter's outline: a Christian's square, a Muslim's with its corners cut (the sides by shape).
function outline(contingent, w, h, attrs) {
  if (!MUSLIMS.has(contingent)) return el("rect", { width: w, height: h, rx: 2.5, ...attrs });
  const c = Math.min(7, h / 3);
  return el("path", { d: `M${c},0H${w - c}L${w},${c}V${h - c}L${w - c},${h}H${c}L0,${h - c}V${c}Z`, ...attrs });
}

// One counter at the origin: its contingent's colours and shape; a leader his shield (black military,
// beige diplomatic) and the start of his name; other units their type; the combat factor below
// ("d6" when rolled); a reduced unit a dark corner; a mercenary a red band on top; a face-down
// Muslim is blank.
function tokenGlyph(u) {
  const c = COLORS[u.contingent] || COLORS.seljuk;
  const g = el("g", { class: `block ${u.hidden ? "hidden" : "known"} side-${u.contingent}${u.leader ? " leader" : ""}` });
  g.append(outline(u.contingent, TOKEN, TOKEN, { class: "face", fill: c.fill, stroke: c.edge, "stroke-width": 1.4 }));
  g.append(el("title", {}, unitTitle(u)));
  if (u.hidden) {
    g.append(el("text", { x: TOKEN / 2, y: TOKEN / 2 + 5, "font-size": 15, "text-anchor": "middle", fill: c.ink, opacity: 0.45 }, "?"));
    return g;
  }
  if (c.band) g.append(el("rect", { x: 1, y: 1, width: TOKEN - 2, height: 3.5, fill: c.band }));
  g.append(el("text", { x: TOKEN / 2, y: 16, "font-size": FONT, "text-anchor": "middle", fill: c.ink, "font-weight": 600 },
    u.leader ? shortName(u.name) : TYPES[u.type] || ""));
  if (u.leader) {
    g.append(el("path", { d: "M3,21h7v5c0,3-2,4.6-3.5,5.4C5,30.6,3,29,3,26Z", fill: SHIELD[u.leader] || SHIELD.military, stroke: "#3a2a18", "stroke-width": 0.8 }));
  }
  const factor = u.factor === null || u.factor === undefined ? "d6" : String(u.factor);
  g.append(el("text", { x: TOKEN / 2, y: TOKEN - 5, "font-size": 14, "text-anchor": "middle", fill: c.ink, "font-weight": "bold" }, factor));
  if (u.reduced) {
    g.append(el("path", { d: `M${TOKEN - 10},${TOKEN - 1}L${TOKEN - 1},${TOKEN - 1}L${TOKEN - 1},${TOKEN - 10}Z`, fill: c.edge, opacity: 0.85 }));
  }
  return g;
}

function pickable(u, ctx) {
  return !u.hidden && (ctx.pickable.has(u.id) || ctx.picked.has(u.id));
}

// A counter on the map at (x, y): a piece of ``space``. One that may be picked is a pick; a click
// on a face-down one picks its space when that may be picked; any other opens the list of the
// space's units (the details, in words), also by Enter or Space.
function placeToken(u, x, y, ctx, onPick, space, n) {
  const g = tokenGlyph(u);
  g.setAttribute("transform", `translate(${x},${y})`);
  g.dataset.piece = u.hidden ? `${space}:${u.contingent}:${n}` : u.id;
  g.dataset.at = space;
  if (!u.hidden) g.dataset.token = u.id;
  if (!u.hidden && ctx.pickable.has(u.id)) g.classList.add("pickable");
  if (!u.hidden && ctx.picked.has(u.id)) g.classList.add("picked");
  g.setAttribute("tabindex", "0");
  g.setAttribute("role", "button");
  if (pickable(u, ctx)) {
    g.dataset.pick = u.id;
    g.setAttribute("aria-label", unitTitle(u));
    g.addEventListener("click", (e) => { e.stopPropagation(); pickIf(u.id, ctx, onPick); });
    return g;
  }
  g.setAttribute("aria-label", `${unitTitle(u)}; show the units here`);
  const act = () => {
    if (u.hidden && (ctx.pickable.has(space) || ctx.picked.has(space))) onPick(space);
    else openList(space, g);
  };
  g.addEventListener("click", (e) => { e.stopPropagation(); act(); });
  g.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    e.preventDefault();
    e.stopPropagation();
    act();
  });
  return g;
}

function pickIf(id, ctx, onPick) {
  if (ctx.pickable.has(id) || ctx.picked.has(id)) onPick(id);
}

function order(units) {
  const rank = (u) => SIDES.indexOf(u.contingent) * 4 + (u.hidden ? 3 : u.leader ? 0 : 1);
  return [...units].sort((a, b) => rank(a) - rank(b));
}

function groups(units) {
  return SIDES.map((c) => [c, units.filter((u) => u.contingent === c)]).filter(([, us]) => us.length);
}

// -- stacks ---------------------------------------------------------------------------------------
// The forms a space's units may take, most detailed first, each with its size: up to four counters
// side by side or two by two; one chip per contingent with its count, in a row or a column; one
// badge with the total. A chip or badge opens the stack's list.
function forms(units) {
  const n = units.length;
  const out = [];
  const step = TOKEN + GAP;
  if (n <= 2) out.push({ kind: "tokens", cols: n, w: n * step - GAP, h: TOKEN });
  if (n > 2 && n <= 4) out.push({ kind: "tokens", cols: 2, w: 2 * step - GAP, h: Math.ceil(n / 2) * step - GAP });
  const chips = groups(units).map(([c, us]) => ({ c, n: us.length, w: textWidth(`${COLORS[c].abbr} ${us.length}`, FONT, "bold") + 12 }));
  out.push({ kind: "row", chips, w: chips.reduce((t, c) => t + c.w + GAP, -GAP), h: CHIP });
  const widest = Math.max(...chips.map((c) => c.w));
  out.push({ kind: "column", chips, w: widest, h: chips.length * (CHIP + GAP) - GAP });
  out.push({ kind: "badge", w: Math.max(CHIP + 4, textWidth(`\u2630 ${n}`, FONT, "bold") + 12), h: CHIP });
  return out;
}

// Where a box of w by h may go around a space's dot: below, above, right, left, then the corners,
// a little further out each ring.
function spots(p, r, w, h) {
  const out = [];
  for (const d of [r + 3, r + 14, r + 28]) {
    out.push([p.x - w / 2, p.y + d], [p.x - w / 2, p.y - d - h], [p.x + d, p.y - h / 2], [p.x - d - w, p.y - h / 2],
      [p.x + d * 0.4, p.y + d], [p.x - d * 0.4 - w, p.y + d], [p.x + d * 0.4, p.y - d - h], [p.x - d * 0.4 - w, p.y - d - h]);
  }
  return out;
}

// Every stack's form and place: the largest stacks choose first; a place must lie in the map and
// cover no dot, name, marker or other stack (its own space's dot neither); when nothing fits, a
// badge on its own dot.
function placeStacks(L, view, marks) {
  const obstacles = [...L.dots.values(), ...L.labels.values(), ...marks];
  const placed = new Map();
  const entries = Object.entries(view.spaces || {}).filter(([id, us]) => us.length && L.pos.has(id));
  entries.sort((a, b) => b[1].length - a[1].length);
  const map = box(2, 2, L.width - 4, L.height - 4);
  for (const [id, units] of entries) {
    const p = L.pos.get(id);
    const r = radius(L.spaces.get(id)) + (id === view.battle?.space ? 9 : 0);
    let chosen = null;
    for (const f of forms(units)) {
      for (const [x, y] of spots(p, r, f.w, f.h)) {
        const b = box(x, y, f.w, f.h);
        if (b.x < map.x || b.y < map.y || b.x + b.w > map.x + map.w || b.y + b.h > map.y + map.h) continue;
        if (obstacles.some((o) => hits(b, o, 2))) continue;
        chosen = { ...f, x, y };
        break;
      }
      if (chosen) break;
    }
    if (!chosen) {
      const f = forms(units).at(-1);
      chosen = { ...f, x: p.x - f.w / 2, y: p.y - f.h / 2 };
    }
    placed.set(id, chosen);
    obstacles.push(box(chosen.x, chosen.y, chosen.w, chosen.h));
  }
  return placed;
}

function chipGlyph(contingent, text, w, extra) {
  const c = COLORS[contingent] || { fill: "#fffdf5", ink: "#2a1d10", edge: "#5b4630" };
  const g = el("g", { class: `chip side-${contingent}${extra ? ` ${extra}` : ""}` });
  g.append(outline(contingent, w, CHIP, { fill: c.fill, stroke: c.edge, "stroke-width": 1.4 }));
  if (c.band) g.append(el("rect", { x: 1, y: 1, width: w - 2, height: 3, fill: c.band }));
  g.append(el("text", { x: w / 2, y: CHIP / 2 + FONT * 0.36, "font-size": FONT, "font-weight": "bold", "text-anchor": "middle", fill: c.ink }, text));
  return g;
}

function stackWords(space, units) {
  const parts = groups(units).map(([c, us]) => `${us.length} ${COLORS[c].label}`);
  return `${space.name}: ${units.length} unit${units.length === 1 ? "" : "s"} (${parts.join(", ")}); open the list`;
}

// A chip or badge: a piece that opens the stack's list on a click, Enter or Space.
function opener(g, id, words) {
  g.dataset.at = id;
  g.setAttribute("tabindex", "0");
  g.setAttribute("role", "button");
  g.setAttribute("aria-label", words);
  g.append(el("title", {}, words));
  g.addEventListener("click", (e) => { e.stopPropagation(); openList(id, g); });
  g.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    e.preventDefault();
    e.stopPropagation();
    openList(id, g);
  });
  return g;
}

// A thin line from a space's dot to its stack, so that a stack beside two spaces tells whose it is.
function tie(at, p) {
  const x = Math.min(Math.max(p.x, at.x), at.x + at.w);
  const y = Math.min(Math.max(p.y, at.y), at.y + at.h);
  return el("line", { x1: p.x, y1: p.y, x2: x, y2: y, stroke: "#3a2a18", "stroke-width": 1.6, class: "stack-tie" });
}

function drawStack(layer, ties, id, units, at, L, ctx, onPick) {
  const all = order(units);
  const space = L.spaces.get(id);
  const busy = all.filter((u) => pickable(u, ctx));
  const g = el("g", { class: "stack", "data-space": id });
  ties.append(tie(at, L.pos.get(id)));
  if (at.kind === "tokens") {
    const step = TOKEN + GAP;
    all.forEach((u, i) => {
      g.append(placeToken(u, at.x + (i % at.cols) * step, at.y + Math.floor(i / at.cols) * step, ctx, onPick, id, i));
    });
  } else if (at.kind === "badge") {
    const mark = busy.some((u) => ctx.picked.has(u.id)) ? "picked" : busy.length ? "pickable" : "";
    const b = chipGlyph("stack", `\u2630 ${all.length}`, at.w, `stack-count ${mark}`.trim());
    b.setAttribute("transform", `translate(${at.x},${at.y})`);
    b.dataset.piece = `${id}:stack`;
    g.append(opener(b, id, stackWords(space, all)));
  } else {
    let x = at.x;
    let y = at.y;
    for (const chip of at.chips) {
      const us = all.filter((u) => u.contingent === chip.c);
      const mark = us.some((u) => ctx.picked.has(u.id)) ? "picked" : us.some((u) => pickable(u, ctx)) ? "pickable" : "";
      const b = chipGlyph(chip.c, `${COLORS[chip.c].abbr} ${chip.n}`, chip.w, mark);
      b.setAttribute("transform", `translate(${x},${y})`);
      b.dataset.piece = `${id}:${chip.c}`;
      g.append(opener(b, id, `${stackWords(space, all)} (${chip.n} ${COLORS[chip.c].label})`));
      if (at.kind === "row") x += chip.w + GAP;
      else y += CHIP + GAP;
    }
  }
  layer.append(g);
}

// -- the stack's list: every unit of a space, in words, the ones that may be picked as buttons ---
function openList(id, from) {
  listFor = id;
  renderList(from);
}

// Closed: the focus goes back to the chip that opened the list (drawn anew since, maybe).
function closeList() {
  const back = listBox?.returnTo;
  listFor = null;
  if (listBox) { listBox.close(); listBox.remove(); listBox = null; }
  const svg = lastDraw?.[0];
  const chip = back && svg ? svg.querySelector(`[data-piece="${CSS.escape(back)}"]`) : null;
  chip?.focus({ preventScroll: true });
}

function renderList(from) {
  if (!listFor || !lastDraw) return;
  const [svg, view, onPick, ctx] = lastDraw;
  const c = { pickable: new Set(), picked: new Set(), ...ctx };
  const units = order(view.spaces?.[listFor] || []);
  const space = layout(ctx.board).spaces.get(listFor);
  if (!units.length || !space) { closeList(); return; }
  const returnTo = from?.dataset.piece || listBox?.returnTo;
  const focused = listBox?.contains(document.activeElement) ? document.activeElement.dataset.pick || "close" : null;
  if (listBox) { listBox.close(); listBox.remove(); }
  const item = (u) => {
    const glyph = el("svg", { viewBox: `-2 -2 ${TOKEN + 4} ${TOKEN + 4}`, "aria-hidden": "true" });
    glyph.append(tokenGlyph(u));
    const words = unitTitle(u);
    if (!pickable(u, c)) return hel("li", {}, hel("div", { class: "unit" }, glyph, hel("span", {}, words)));
    return hel("li", {}, hel("button", {
      type: "button", class: `unit${c.picked.has(u.id) ? " picked" : ""}`, "data-pick": u.id, "aria-label": words,
      onclick: () => onPick(u.id),
    }, glyph, hel("span", {}, words)));
  };
  const close = hel("button", { type: "button", class: "small", "data-close": "", onclick: closeList }, "Close");
  listBox = hel("dialog", { class: "fc-stack-list", "aria-label": `Units in ${space.name}`, "data-space": listFor },
    hel("header", {}, hel("h3", {}, `${space.name}: ${units.length} unit${units.length === 1 ? "" : "s"}`), close),
    groups(units).flatMap(([k, us]) => [hel("h4", {}, `${COLORS[k].label} \u00D7${us.length}`), hel("ul", {}, us.map(item))]));
  listBox.returnTo = returnTo;
  listBox.addEventListener("keydown", (e) => { if (e.key === "Escape") { e.preventDefault(); e.stopPropagation(); closeList(); } });
  (svg.closest("#game") || document.body).append(listBox);
  listBox.show();
  placeList(listBox, svg);
  if (!from && !focused) return; // drawn anew: the focus stays where the player has it
  const again = focused && focused !== "close" ? listBox.querySelector(`[data-pick="${CSS.escape(focused)}"]`) : null;
  (again || listBox.querySelector("button.unit") || close).focus({ preventScroll: true });
}

// The list over the board's area where enough of it is in the window (so that it leaves the prompt
// and the buttons free), else at the window's bottom right.
function placeList(box, svg) {
  const area = (svg.closest(".board-wrap") || svg.parentElement).getBoundingClientRect();
  const top = Math.max(8, area.top + 4);
  const bottom = Math.min(window.innerHeight - 8, area.bottom - 4);
  const left = Math.max(8, area.left + 4);
  const right = Math.min(window.innerWidth - 8, area.right - 4);
  if (bottom - top < 180 || right - left < 240) return;
  Object.assign(box.style, {
    inset: "auto", top: `${top}px`, right: `${window.innerWidth - right}px`,
    maxHeight: `${bottom - top}px`, maxWidth: `${Math.min(416, right - left)}px`,
  });
}

// The area in play: the battle's space; else the spaces that may be picked now or hold a unit that
// may; else those holding Christian units; with room around them.
function focusBox(L, view, ctx) {
  const spaces = Object.entries(view.spaces || {});
  let ids = view.battle ? [view.battle.space] : [];
  if (!ids.length) {
    ids = [...L.spaces.keys()].filter((id) => ctx.pickable.has(id) || ctx.picked.has(id));
    for (const [id, us] of spaces) if (us.some((u) => pickable(u, ctx))) ids.push(id);
  }
  if (!ids.length) ids = spaces.filter(([, us]) => us.some((u) => !MUSLIMS.has(u.contingent))).map(([id]) => id);
  const pts = ids.map((id) => L.pos.get(id)).filter(Boolean);
  if (!pts.length) return `0 0 ${L.width} ${L.height}`;
  const x = Math.max(0, Math.min(...pts.map((p) => p.x)) - 120);
  const y = Math.max(0, Math.min(...pts.map((p) => p.y)) - 90);
  const x1 = Math.min(L.width, Math.max(...pts.map((p) => p.x)) + 120);
  const y1 = Math.min(L.height, Math.max(...pts.map((p) => p.y)) + 90);
  return `${Math.round(x)} ${Math.round(y)} ${Math.round(x1 - x)} ${Math.round(y1 - y)}`;
}

// -- the map --------------------------------------------------------------------------------------
export function draw(svg, view, onPick, ctx) {
  const board = ctx?.board;
  if (!board || !view) return;
  addStyle();
  measurer = svg;
  const c = { pickable: new Set(), picked: new Set(), ...ctx };
  if (!listBox?.isConnected || lastDraw?.[0] !== svg) { listFor = null; listBox = null; } // a new page
  lastDraw = [svg, view, onPick, ctx];
  const L = layout(board);
  svg.textContent = "";
  svg.setAttribute("viewBox", `0 0 ${L.width} ${L.height}`);
  svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
  svg.setAttribute("aria-label", "Map of Asia Minor and the Holy Land (north at the top)");
  svg.dataset.minScale = "1";
  svg.dataset.focus = focusBox(L, view, c);
  svg.append(el("rect", { x: 0, y: 0, width: L.width, height: L.height, fill: "#efe6cf", class: "land" }));

  // The sea: a wash of blue around every sea space.
  const sea = el("g", { class: "sea" });
  for (const s of board.spaces) {
    if (s.kind !== "sea") continue;
    const p = L.pos.get(s.id);
    sea.append(el("circle", { cx: p.x, cy: p.y, r: 64, fill: "#b9d3e6", opacity: 0.8 }));
  }
  svg.append(sea);

  const paths = el("g", { class: "paths" });
  for (const path of board.paths) {
    const a = L.pos.get(path.a);
    const b = L.pos.get(path.b);
    if (!a || !b) continue;
    const line = el("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: `path path-${path.kind}`, ...pathStyle(path.kind) });
    if (path.name) line.append(el("title", {}, `${path.name} (${path.kind})`));
    paths.append(line);
  }
  svg.append(paths);

  // Markers first (beside the dot, where no name or other marker is), then the stacks around them.
  const marks = [];
  const markLayer = el("g", { class: "markers" });
  const fixed = [...L.dots.values(), ...L.labels.values()];
  for (const s of board.spaces) {
    const here = buildingsAt(view, s.id);
    if (!here.length) continue;
    const p = L.pos.get(s.id);
    const w = here.length * 19 - 2;
    const free = spots(p, radius(s), w, 17).find(([x, y]) => ![...fixed, ...marks].some((o) => hits(box(x, y, w, 17), o, 2)));
    const [x, y] = free || [p.x - radius(s) - 2 - w, p.y - 8.5];
    marks.push(box(x, y, w, 17));
    markLayer.append(buildingBadges(here, x, y));
  }
  const placed = placeStacks(L, view, marks);

  const battleAt = view.battle ? view.battle.space : null;
  const spaces = el("g", { class: "spaces" });
  const stacks = el("g", { class: "stacks" });
  const ties = el("g", { class: "stack-ties" });
  for (const s of board.spaces) {
    const p = L.pos.get(s.id);
    const g = el("g", { class: `town space kind-${s.kind}`, "data-token": s.id, "data-space": s.id });
    g.append(el("circle", { cx: p.x, cy: p.y, r: Math.max(11, radius(s) + 4), fill: "transparent", class: "hit" }));
    g.append(el("circle", { cx: p.x, cy: p.y, r: radius(s) + 4, fill: "none", class: "halo" }));
    if (s.id === battleAt) {
      g.classList.add("battle");
      g.append(el("circle", { cx: p.x, cy: p.y, r: radius(s) + 6, fill: "none", stroke: "#111", "stroke-width": 3, "stroke-dasharray": "5 3", class: "battle-ring" }));
    }
    const dot = spaceGlyph(s, p.x, p.y);
    dot.dataset.location = s.id;
    g.append(dot);
    const sea = s.kind === "sea";
    const lab = L.labels.get(s.id);
    g.append(el("text", {
      x: lab.x, y: lab.base, "font-size": FONT, "font-style": sea ? "italic" : null, fill: sea ? "#1d4e7a" : "#2a1d10",
      class: "tname", "paint-order": "stroke", stroke: "#fffdf5", "stroke-width": 3, "data-location-label": s.id,
    }, s.name));
    g.append(el("title", {}, spaceTitle(s)));
    if (c.pickable.has(s.id)) g.classList.add("pickable");
    if (c.picked.has(s.id)) g.classList.add("picked");
    if (c.pickable.has(s.id) || c.picked.has(s.id)) {
      g.dataset.pick = s.id;
      g.setAttribute("aria-label", spaceTitle(s));
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
    }
    g.addEventListener("click", () => pickIf(s.id, c, onPick));
    spaces.append(g);
    const units = view.spaces?.[s.id];
    if (units?.length) drawStack(stacks, ties, s.id, units, placed.get(s.id), L, c, onPick);
  }
  svg.append(ties, spaces, markLayer, stacks);
  if (listFor) renderList();
}

// -- the panel --------------------------------------------------------------------------------------
const LEVELS = ["", "I Low", "II Medium", "III High"];
const BINS = ["pilgrimage", "crusader", "byzantine", "armenian", "seljuk", "fatimid"];

function row(label, value) {
  return hel("div", { class: "fc-row" }, hel("span", { class: "muted" }, `${label}: `), value);
}

function markerButton(id, ctx) {
  const label = id.replace(/_\d+$/, "").split("_").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");
  if (ctx.onPick && (ctx.pickable.has(id) || ctx.picked.has(id))) {
    return hel("button", { type: "button", class: `action marker${ctx.picked.has(id) ? " picked" : ""}`, "data-token": id, onclick: () => ctx.onPick(id) }, label);
  }
  return hel("span", { class: "marker", "data-token": id }, label);
}

// The team game (37.0): whose Action is under way, who has passed at this step; a marker's holder.
function team(view) {
  const t = view.team;
  if (!t) return null;
  const parts = [t.action ? `${t.action}' Action under way` : "any player may act",
    t.passed.length ? `passed: ${t.passed.join(", ")}` : null].filter(Boolean);
  return row("Team", parts.join(" \u00B7 "));
}

function held(m, view, ctx) {
  const holder = view.team?.holders[m];
  const button = markerButton(m, ctx);
  return holder ? hel("span", { class: "held" }, button, hel("span", { class: "muted" }, ` (${holder})`)) : button;
}

function indexes(view, ctx) {
  const flags = view.flags || {};
  const notes = [
    flags.armenia ? "Armenia activated" : "Armenia neutral",
    flags.fatimid_jerusalem ? "Fatimids hold Jerusalem" : null,
    flags.alexios_dead ? "Alexios dead: no Byzantine actions" : null,
    flags.infighting ? "Christian Infighting: Crusader actions only" : null,
  ].filter(Boolean);
  const available = view.available || [];
  const bins = view.bins || {};
  return hel("section", { class: "fc-indexes" },
    hel("div", { class: "fc-turn" }, hel("strong", {}, view.turn || "after the last turn"), view.phase_name ? ` \u00B7 ${view.phase_name}` : null),
    row("Muslim Reaction", LEVELS[view.reaction] || String(view.reaction)),
    row("Special Actions", String(view.special)),
    row("Actions left", String(view.actions)),
    row("Available", available.length ? hel("span", {}, available.map((m) => held(m, view, ctx)).flatMap((b, i) => (i ? [", ", b] : [b]))) : "none"),
    team(view),
    row("Bins", BINS.filter((b) => b in bins).map((b) => `${b} ${bins[b]}`).join(", ")),
    (view.eliminated || []).length ? row("Eliminated leaders", String(view.eliminated.length)) : null,
    hel("div", { class: "fc-row muted" }, notes.join(" \u00B7 ")));
}

// -- the battle panel -------------------------------------------------------------------------------
// The innermost battle under way (view.battle): each side's units grouped by contingent (a face-down
// Muslim blank in its contingent's colour), round x of y, the Tactical Edge, the hits to place, the
// last roll and the battle's own part of the log.
const SIDE_NAMES = { christian: "Christians", muslim: "Muslims" };
const FACES = ["", "\u2680", "\u2681", "\u2682", "\u2683", "\u2684", "\u2685"];
let battleLogOpen = false;

function spaceName(id, ctx) {
  const s = ctx.board && (ctx.board.spaces || []).find((x) => x.id === id);
  return s ? s.name : id;
}

function battleTitle(b, ctx) {
  const where = spaceName(b.space, ctx);
  if (b.siege === "attack") return `Siege attack on ${where}`;
  if (b.siege === "relief") return `Relief of ${where}`;
  return `Battle in ${where}`;
}

function roundText(b) {
  return b.rounds ? `round ${Math.max(b.round, 1)} of ${b.rounds}` : "before the first round";
}

// The battle's own log: from its opening entry (23.0) on, if the log given reaches back to it.
function battleLog(log, b) {
  if (!Array.isArray(log) || !log[b.log_from] || log[b.log_from].rule !== "23.0") return null;
  return log.slice(b.log_from);
}

function steps(u) {
  if (u.hidden) return "";
  return u.steps > 1 ? (u.reduced ? "\u25CF\u25CB" : "\u25CF\u25CF") : "\u25CF";
}

// A unit as on the map, larger, with its name and steps under it (blank when face down); one that
// may be picked now is a button that picks it like a click on the map.
function panelUnit(u, b, ctx) {
  const shown = u.id === "assassin" && b.assassin ? { ...u, factor: b.assassin } : u;
  const svg = el("svg", { viewBox: `-2 -2 ${TOKEN + 4} ${TOKEN + 4}`, class: "pglyph", "aria-hidden": "true" });
  svg.append(tokenGlyph(shown));
  const pickable = !u.hidden && ctx.pickable.has(u.id);
  const attrs = {
    class: ["pblock", u.hidden ? "hidden" : "known", `side-${u.contingent}`, pickable ? "pickable" : null,
      !u.hidden && ctx.picked.has(u.id) ? "picked" : null].filter(Boolean).join(" "),
    title: unitTitle(shown),
    "data-token": u.hidden ? null : u.id,
  };
  const caption = [hel("span", { class: "pname" }, hel("span", {}, u.hidden ? "" : u.name)), hel("span", { class: "ptags" }, steps(u))];
  if (pickable && ctx.onPick) return hel("button", { type: "button", ...attrs, onclick: () => ctx.onPick(u.id) }, svg, caption);
  return hel("div", attrs, svg, caption);
}

function contingentGroups(units, b, ctx) {
  const groups = SIDES.map((c) => [c, units.filter((u) => u.contingent === c)]).filter(([, us]) => us.length);
  return groups.map(([c, us]) => hel("div", { class: "pgroup" },
    hel("div", { class: "plabel" }, `${COLORS[c].label} \u00D7${us.length}`),
    hel("div", { class: "pblocks" }, us.map((u) => panelUnit(u, b, ctx)))));
}

// "8 units, 15 steps"; face-down units count as units only (their steps are not known).
function sideCount(units) {
  const down = units.filter((u) => u.hidden).length;
  const known = units.filter((u) => !u.hidden).reduce((n, u) => n + (u.reduced ? 1 : u.steps || 1), 0);
  const parts = [`${units.length} unit${units.length === 1 ? "" : "s"}`];
  if (known) parts.push(`${known}${down ? " known" : ""} step${known === 1 ? "" : "s"}`);
  if (down) parts.push(`${down} face down`);
  return parts.join(", ");
}

function sideBox(b, side, ctx) {
  const units = b.units?.[side] || [];
  const taking = b.hits && b.hits_on === side;
  const tags = [b.attacker === side ? "attacker" : "defender", b.edge === side ? "Tactical Edge" : null, sideCount(units)].filter(Boolean);
  return hel("div", { class: `pside side-${side}${taking ? " acting" : ""}`, "data-side": side },
    hel("div", { class: "pside-head" }, hel("strong", {}, SIDE_NAMES[side]), hel("span", { class: "muted" }, ` ${tags.join(" \u00B7 ")}`),
      taking ? hel("span", { class: "fc-hits" }, ` \u2716 ${b.hits} hit${b.hits === 1 ? "" : "s"} to take`) : null),
    units.length ? contingentGroups(units, b, ctx) : hel("div", { class: "muted" }, "no unit left"));
}

// What is happening now, in the battle's terms (the page shows the prompt itself below).
function nowText(b, ctx) {
  const stage = b.stage_words || b.stage;
  if (b.hits) {
    const picking = (b.units?.[b.hits_on] || []).some((u) => !u.hidden && ctx.pickable.has(u.id));
    return `Hits: the ${SIDE_NAMES[b.hits_on]} take ${b.hits}${picking ? " \u2014 pick the unit in the panel or on the map" : ""}.`;
  }
  return `Now: ${stage}.`;
}

function battleRoll(b, entries) {
  if (!(b.dice || []).length) return null;
  const last = entries ? [...entries].reverse().find((e) => e.dice?.length) : null;
  return hel("div", { class: "battle-roll" },
    hel("span", { class: "dice", title: b.dice.join(" ") }, b.dice.map((d) => FACES[d] || String(d)).join("")),
    last ? ` ${last.text}` : null);
}

function battleLogBox(entries) {
  if (!entries || entries.length < 2) return null;
  const details = hel("details", { class: "battle-log", open: battleLogOpen },
    hel("summary", {}, `This battle so far (${entries.length - 1} ${entries.length === 2 ? "entry" : "entries"})`),
    hel("ol", {}, entries.slice(1).map((e) => hel("li", {}, hel("span", { class: "rule" }, e.rule || ""), " ", e.text))));
  details.addEventListener("toggle", () => { battleLogOpen = details.open; });
  return details;
}

function battle(view, ctx) {
  const b = view.battle;
  if (!b) return null;
  const entries = battleLog(ctx.log, b);
  const sides = b.attacker === "muslim" ? ["muslim", "christian"] : ["christian", "muslim"];
  const facts = [`the ${SIDE_NAMES[b.attacker]} attack${b.cause ? ` (${b.cause})` : ""}`, roundText(b),
    b.edge ? `Edge: ${SIDE_NAMES[b.edge]}` : null, b.fortress ? "fortress" : null].filter(Boolean).join(" \u00B7 ");
  return hel("section", { class: "battle-panel fc-battle", id: "battle-panel", "data-space": b.space, "data-round": b.round, "data-stage": b.stage },
    hel("div", { class: "battle-head" },
      hel("strong", { class: "battle-title" }, `\u2694 ${battleTitle(b, ctx)}`),
      hel("span", { class: "muted" }, ` ${facts}`)),
    hel("div", { class: "battle-sides" }, sides.map((side) => sideBox(b, side, ctx))),
    hel("div", { class: "battle-now" }, nowText(b, ctx)),
    battleRoll(b, entries),
    battleLogBox(entries));
}

function keyGlyph(node, box) {
  const svg = el("svg", { viewBox: box || "-12 -12 24 24", class: "kglyph", width: 26, height: 26, "aria-hidden": "true" });
  svg.append(node);
  return svg;
}

function keyRow(glyph, text) {
  return hel("li", {}, glyph, hel("span", {}, ` ${text}`));
}

// The key: every colour, shape and mark of the map, one meaning each (data-board-key).
export function legend() {
  const space = (kind, fortress, port) => keyGlyph(spaceGlyph({ kind, fortress, port }, 0, 0), "-18 -18 36 36");
  const token = (u) => keyGlyph(tokenGlyph(u), `-2 -2 ${TOKEN + 4} ${TOKEN + 4}`);
  const chip = (contingent, text, extra) => {
    const w = 46;
    const g = chipGlyph(contingent, text, w, extra);
    g.setAttribute("transform", `translate(${-w / 2},${-CHIP / 2})`);
    const glyph = keyGlyph(g, "-25 -16 50 32");
    glyph.classList.add("wide");
    return glyph;
  };
  const ring = (stroke, dash) => keyGlyph(el("circle", { r: 7, fill: "#fff", stroke, "stroke-width": 3, "stroke-dasharray": dash }));
  const line = (kind) => {
    const svg = el("svg", { viewBox: "0 0 40 10", class: "kline", width: 40, height: 10, "aria-hidden": "true" });
    svg.append(el("line", { x1: 2, y1: 5, x2: 38, y2: 5, ...pathStyle(kind) }));
    return svg;
  };
  const details = hel("details", { class: "map-key", id: "map-key", open: keyOpen, "data-board-key": "" },
    hel("summary", {}, "Map key"),
    hel("ul", {},
      keyRow(space("constantinople", null, true), "Constantinople (a fortress and a port)"),
      Object.entries(FORTRESS).map(([cls, f]) => keyRow(space("fortress", cls, false), `square: ${f.label}`)),
      keyRow(space("town"), "white disc: town"),
      keyRow(space("open"), "pale green disc: open ground"),
      keyRow(space("desert"), "sandy diamond: desert"),
      keyRow(space("port", null, true), "pale blue disc: harbour (a port, not a town)"),
      keyRow(space("town", null, true), "blue ring: a port"),
      keyRow(space("sea"), "blue disc: sea space"),
      Object.keys(PATHS).map((kind) => keyRow(line(kind), PATHS[kind].label)),
      keyRow(token({ contingent: "crusader", leader: "military", name: "Leader", factor: 3 }), "leader: start of his name; black shield military, beige diplomatic"),
      keyRow(token({ contingent: "byzantine", type: "heavy_cavalry", factor: 2, reduced: true }), "unit: type (HC heavy cavalry, LC light cavalry, HA horse archers, HI heavy infantry, LI light infantry, Pil pilgrims, Mil militia, Flt fleet) and combat factor (d6: rolled); dark corner: reduced"),
      keyRow(token({ contingent: "mercenary", type: "fleet", factor: 2 }), "Mercenary (red band)"),
      ["crusader", "byzantine", "armenian"].map((s) => keyRow(token({ contingent: s, type: "light_infantry", factor: 1 }), `${COLORS[s].label}: Christian, square corners`)),
      [...MUSLIMS].map((s) => keyRow(token({ contingent: s, hidden: true }), `${COLORS[s].label}: Muslim, cut corners (blank while face down)`)),
      keyRow(chip("crusader", "Cru 9"), "a stack: one chip per contingent with its count (Cru Crusader, Mer Mercenary, Byz Byzantine, Arm Armenian, Sel Seljuk, Fat Fatimid, Asn Assassin); click or Enter lists its units"),
      keyRow(chip("stack", "\u2630 12"), "a stack with no room for its chips: the number of units; click or Enter lists them"),
      keyRow(ring("#f2b705"), "gold: may be picked now"),
      keyRow(ring("#c2008a"), "magenta outline: picked"),
      keyRow(ring("#111", "5 3"), "dashed black ring: the battle being fought"),
      keyRow(keyGlyph(el("text", { y: 5, "font-size": 14, "text-anchor": "middle" }, "\u25B2")), "Camp; \u265C Castle; \u271D Monastery; \u2694 Siege; \u2620 Massacre"),
    ));
  details.addEventListener("toggle", () => { keyOpen = details.open; });
  return details;
}

// What the page shows above the prompt: the indexes and boxes, the battle (if any), the key.
export function panel(view, ctx) {
  if (!view) return null;
  const c = { pickable: new Set(), picked: new Set(), ...(ctx || {}) };
  return hel("div", { class: "fc-panel" }, battle(view, c), indexes(view, c), legend());
}
