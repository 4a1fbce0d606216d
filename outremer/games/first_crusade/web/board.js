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
// North is up: spaces sit at their latitude and longitude (longitude shortened by the cosine of the
// mean latitude), then crowded spaces are pushed apart so that their stacks have room.

import { h as hel, svg as el } from "/static/api.js";

const SCALE = 110; // map units per degree of latitude
const TOKEN = 24; // a counter's side
const GAP = 2;
const ROW = 4; // counters shown under a space before the rest fold into a "+n" badge
const WIDE_ROW = 6; // counters per row of an opened stack
const SIDES = ["crusader", "mercenary", "byzantine", "armenian", "seljuk", "fatimid", "assassin"];
const COLORS = {
  crusader: { fill: "#fbf7ee", ink: "#9e1118", edge: "#9e1118", label: "Crusader" },
  mercenary: { fill: "#fbf7ee", ink: "#9e1118", edge: "#5c0a0e", label: "Mercenary", band: "#b3121b" },
  byzantine: { fill: "#6b3f8f", ink: "#fff", edge: "#3d1f57", label: "Byzantine" },
  armenian: { fill: "#e8892b", ink: "#2b1600", edge: "#8a4a0c", label: "Armenian" },
  seljuk: { fill: "#74879b", ink: "#fff", edge: "#3c4a5a", label: "Seljuk" },
  fatimid: { fill: "#a9d49a", ink: "#1c3a12", edge: "#4f7d3f", label: "Fatimid" },
  assassin: { fill: "#2b2b2b", ink: "#eee", edge: "#000", label: "Assassin" },
};
const TYPES = {
  heavy_cavalry: "HC", light_cavalry: "LC", horse_archer: "HA", heavy_infantry: "HI", light_infantry: "LI",
  pilgrims: "Pil", militia: "Mil", fleet: "Fleet", emir: "Emir", assassin: "Asn",
};
const FORTRESS = {
  pilgrimage: { fill: "#d4a017", label: "Crusader Pilgrimage Fortress" },
  byzantine_objective: { fill: "#6b3f8f", label: "Byzantine Objective" },
  armenian: { fill: "#e8892b", label: "Armenian fortress" },
  assassin: { fill: "#2b2b2b", label: "Assassin fortress (Masyaf)" },
  other: { fill: "#9a9a9a", label: "other fortress" },
};
const PATHS = {
  road: { stroke: "#8a5a2b", "stroke-width": 2.6, label: "road (land route)" },
  pass: { stroke: "#8a5a2b", "stroke-width": 2.2, "stroke-dasharray": "1 5", "stroke-linecap": "round", label: "pass" },
  sea: { stroke: "#2a6fb0", "stroke-width": 1.8, "stroke-dasharray": "7 5", label: "sea path" },
};
const SHIELD = { military: "#b3121b", diplomatic: "#d8c49a" };

let layoutCache = null;
const opened = new Set(); // spaces whose stacks the viewer opened
let lastDraw = null;
let keyOpen = false;



function pathStyle(kind) {
  const { label, ...style } = PATHS[kind] || PATHS.road;
  return style;
}

// -- layout -------------------------------------------------------------------------------------
function layout(board) {
  if (layoutCache && layoutCache.board === board) return layoutCache;
  const lats = board.spaces.map((s) => s.lat);
  const lons = board.spaces.map((s) => s.lon);
  const latMax = Math.max(...lats);
  const lonMin = Math.min(...lons);
  const k = Math.cos(((latMax + Math.min(...lats)) / 2) * Math.PI / 180);
  const pos = new Map(board.spaces.map((s) => [s.id, { x: (s.lon - lonMin) * k * SCALE, y: (latMax - s.lat) * SCALE }]));
  spread(pos, 74, 60);
  const xs = [...pos.values()].map((p) => p.x);
  const ys = [...pos.values()].map((p) => p.y);
  const left = Math.min(...xs) - 60;
  const top = Math.min(...ys) - 50;
  for (const p of pos.values()) { p.x -= left; p.y -= top; }
  const width = Math.max(...xs) - left + 110;
  const height = Math.max(...ys) - top + 80;
  layoutCache = { board, pos, width, height, spaces: new Map(board.spaces.map((s) => [s.id, s])) };
  return layoutCache;
}

// Push apart spaces closer than an ellipse of rx by ry (a few dozen gentle rounds).
function spread(pos, rx, ry) {
  const ids = [...pos.keys()];
  for (let round = 0; round < 80; round += 1) {
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
// pale blue disc, a sea space a blue disc.
function spaceGlyph(space, x, y) {
  const g = el("g", { class: "dot-group" });
  switch (space.kind) {
    case "constantinople":
      g.append(el("rect", { x: x - 12, y: y - 12, width: 24, height: 24, fill: "#6b3f8f", stroke: "#d4a017", "stroke-width": 3, class: "dot" }));
      g.append(el("rect", { x: x - 6, y: y - 6, width: 12, height: 12, fill: "#d4a017", stroke: "none" }));
      break;
    case "fortress": {
      const f = FORTRESS[space.fortress] || FORTRESS.other;
      g.append(el("rect", { x: x - 8, y: y - 8, width: 16, height: 16, fill: f.fill, stroke: "#222", "stroke-width": 1.4, class: "dot" }));
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

function spaceTitle(space) {
  const what = space.kind === "fortress" ? (FORTRESS[space.fortress] || FORTRESS.other).label : space.kind;
  const routes = (space.routes || []).length ? `; ${space.routes.join(", ")} route` : "";
  return `${space.name}: ${what}${space.port && space.kind !== "port" ? ", port" : ""}${space.armenia ? ", Armenia" : ""}${routes}`;
}

// Camps, Castles, Monasteries, Siege and Massacre markers: small badges left of the space.
function buildingBadges(view, id, p) {
  const flags = view.flags || {};
  const marks = [
    [(view.camps || []).includes(id), "\u25B2", "Camp"],
    [(view.castles || []).includes(id), "\u265C", "Castle"],
    [(view.monasteries || []).includes(id), "\u271D", "Monastery"],
    [(flags.sieges || []).includes(id), "\u2694", "Siege"],
    [(flags.massacres || []).includes(id), "\u2620", "Massacre"],
  ].filter(([on]) => on);
  const g = el("g", { class: "buildings" });
  marks.forEach(([, glyph, title], i) => {
    const x = p.x - 30 - i * 16;
    const b = el("g", { class: `building building-${title.toLowerCase()}` });
    b.append(el("rect", { x: x - 7, y: p.y - 20, width: 15, height: 15, rx: 3, fill: "#fffdf5", stroke: "#5b4630", "stroke-width": 1 }));
    b.append(el("text", { x: x + 0.5, y: p.y - 8.5, "font-size": 11, "text-anchor": "middle", fill: title === "Massacre" ? "#8b0000" : "#3a2a18" }, glyph));
    b.append(el("title", {}, title));
    g.append(b);
  });
  return g;
}

// -- counters -----------------------------------------------------------------------------------
function unitTitle(u) {
  if (u.hidden) return `${(COLORS[u.contingent] || COLORS.seljuk).label} unit (face down)`;
  const what = u.leader ? `${u.leader} leader` : (u.type || "").replace(/_/g, " ");
  const factor = u.factor === null || u.factor === undefined ? "1d6" : u.factor;
  return `${u.name}: ${(COLORS[u.contingent] || {}).label || u.contingent} ${what}, combat ${factor}${u.reduced ? ", reduced" : ""}`;
}

function shortName(name) {
  return name.split(" ")[0].slice(0, 4);
}

// One counter at the origin: its contingent's colours; a leader has a shield (red military, beige
// diplomatic) and his name; other units their type; the combat factor below; a reduced unit a dark
// corner; a mercenary a red band on top; a face-down Muslim is blank.
function tokenGlyph(u) {
  const c = COLORS[u.contingent] || COLORS.seljuk;
  const g = el("g", { class: `block ${u.hidden ? "hidden" : "known"} side-${u.contingent}${u.leader ? " leader" : ""}` });
  g.append(el("rect", { class: "face", width: TOKEN, height: TOKEN, rx: 2.5, fill: c.fill, stroke: c.edge, "stroke-width": 1.2 }));
  g.append(el("title", {}, unitTitle(u)));
  if (u.hidden) {
    g.append(el("text", { x: TOKEN / 2, y: TOKEN / 2 + 4, "font-size": 11, "text-anchor": "middle", fill: c.ink, opacity: 0.35 }, "?"));
    return g;
  }
  if (c.band) g.append(el("rect", { x: 1, y: 1, width: TOKEN - 2, height: 3.5, fill: c.band }));
  if (u.leader) {
    g.append(el("path", { d: "M2,3.5h5v3.5c0,2-1.3,3.2-2.5,3.8C3.3,10.2,2,9,2,7Z", fill: SHIELD[u.leader] || SHIELD.military, stroke: "#3a2a18", "stroke-width": 0.6 }));
    g.append(el("text", { x: TOKEN - 1.5, y: 9.5, "font-size": 6.3, "text-anchor": "end", fill: c.ink, "font-weight": 600 }, shortName(u.name)));
  } else {
    g.append(el("text", { x: TOKEN / 2, y: 9, "font-size": 6.4, "text-anchor": "middle", fill: c.ink, "font-weight": 600 }, TYPES[u.type] || ""));
  }
  const factor = u.factor === null || u.factor === undefined ? "d6" : String(u.factor);
  g.append(el("text", { x: TOKEN / 2, y: TOKEN - 3.5, "font-size": 9.5, "text-anchor": "middle", fill: c.ink, "font-weight": "bold" }, factor));
  if (u.reduced) {
    g.append(el("path", { d: `M${TOKEN - 8},${TOKEN - 1}L${TOKEN - 1},${TOKEN - 1}L${TOKEN - 1},${TOKEN - 8}Z`, fill: c.edge, opacity: 0.85 }));
  }
  return g;
}

function placeToken(u, x, y, ctx, onPick, space) {
  const g = tokenGlyph(u);
  g.setAttribute("transform", `translate(${x},${y})`);
  const id = u.hidden ? space : u.id;
  if (!u.hidden) g.dataset.token = u.id;
  if (!u.hidden && ctx.pickable.has(u.id)) g.classList.add("pickable");
  if (!u.hidden && ctx.picked.has(u.id)) g.classList.add("picked");
  g.addEventListener("click", (e) => { e.stopPropagation(); pickIf(id, ctx, onPick); });
  return g;
}

function pickIf(id, ctx, onPick) {
  if (ctx.pickable.has(id) || ctx.picked.has(id)) onPick(id);
}

function order(units) {
  const rank = (u) => SIDES.indexOf(u.contingent) * 4 + (u.hidden ? 3 : u.leader ? 0 : 1);
  return [...units].sort((a, b) => rank(a) - rank(b));
}

// The units of a space under its dot: up to ROW counters, then a "+n" badge that opens the stack; a
// stack holding a counter that may be picked is drawn open, on top of the map.
function drawStack(layer, overlay, id, units, p, ctx, onPick) {
  const all = order(units);
  const busy = all.some((u) => !u.hidden && (ctx.pickable.has(u.id) || ctx.picked.has(u.id)));
  const open = all.length > ROW && (busy || opened.has(id));
  const step = TOKEN + GAP;
  const perRow = open ? WIDE_ROW : ROW;
  const shown = open || all.length <= ROW ? all : all.slice(0, ROW - 1);
  const rows = Math.ceil((shown.length + (shown.length < all.length ? 1 : 0)) / perRow);
  const across = Math.min(perRow, shown.length + (shown.length < all.length ? 1 : 0));
  const x0 = p.x - (across * step - GAP) / 2;
  const y0 = p.y + 15;
  const g = el("g", { class: `stack${open ? " open" : ""}`, "data-space": id });
  if (open) {
    g.append(el("rect", { class: "stack-back", x: x0 - 4, y: y0 - 4, width: across * step - GAP + 8, height: rows * step - GAP + 8, rx: 5 }));
  }
  shown.forEach((u, i) => g.append(placeToken(u, x0 + (i % perRow) * step, y0 + Math.floor(i / perRow) * step, ctx, onPick, id)));
  if (shown.length < all.length) {
    const i = shown.length;
    g.append(countBadge(all.length - shown.length, x0 + (i % perRow) * step, y0 + Math.floor(i / perRow) * step, id));
  }
  if (open && !busy) {
    const close = el("g", { class: "stack-close", transform: `translate(${x0 + across * step + 2},${y0 - 4})` });
    close.append(el("circle", { r: 7, fill: "#fff", stroke: "#555" }), el("text", { y: 4, "font-size": 11, "text-anchor": "middle" }, "\u00D7"), el("title", {}, "fold the stack"));
    close.addEventListener("click", (e) => { e.stopPropagation(); opened.delete(id); redraw(); });
    g.append(close);
  }
  (open ? overlay : layer).append(g);
}

function countBadge(n, x, y, id) {
  const g = el("g", { class: "stack-count", transform: `translate(${x},${y})`, "data-count": n });
  g.append(el("rect", { width: TOKEN, height: TOKEN, rx: 2.5, fill: "#fffdf5", stroke: "#5b4630", "stroke-dasharray": "3 2" }));
  g.append(el("text", { x: TOKEN / 2, y: TOKEN / 2 + 4, "font-size": 10, "font-weight": "bold", "text-anchor": "middle" }, `+${n}`));
  g.append(el("title", {}, `${n} more unit(s): click to show them all`));
  g.addEventListener("click", (e) => { e.stopPropagation(); opened.add(id); redraw(); });
  return g;
}

function redraw() {
  if (lastDraw) draw(...lastDraw);
}

// -- the map --------------------------------------------------------------------------------------
export function draw(svg, view, onPick, ctx) {
  const board = ctx && ctx.board;
  if (!board || !view) return;
  const c = { pickable: new Set(), picked: new Set(), ...ctx };
  lastDraw = [svg, view, onPick, ctx];
  const L = layout(board);
  svg.textContent = "";
  svg.setAttribute("viewBox", `0 0 ${Math.ceil(L.width)} ${Math.ceil(L.height)}`);
  svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
  svg.setAttribute("aria-label", "Map of Asia Minor and the Holy Land (north at the top)");
  svg.append(el("rect", { x: 0, y: 0, width: L.width, height: L.height, fill: "#efe6cf", class: "land" }));

  // The sea: a wash of blue around every sea space.
  const sea = el("g", { class: "sea" });
  for (const s of board.spaces) {
    if (s.kind !== "sea") continue;
    const p = L.pos.get(s.id);
    sea.append(el("circle", { cx: p.x, cy: p.y, r: 58, fill: "#b9d3e6", opacity: 0.8 }));
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

  const battleAt = view.battle ? view.battle.space : null;
  const spaces = el("g", { class: "spaces" });
  const stacks = el("g", { class: "stacks" });
  const overlay = el("g", { class: "stacks-open" });
  for (const s of board.spaces) {
    const p = L.pos.get(s.id);
    const g = el("g", { class: `town space kind-${s.kind}`, "data-token": s.id, "data-space": s.id });
    g.append(el("circle", { cx: p.x, cy: p.y, r: 18, fill: "transparent", class: "hit" }));
    g.append(el("circle", { cx: p.x, cy: p.y, r: 15, fill: "none", class: "halo" }));
    if (s.id === battleAt) {
      g.classList.add("battle");
      g.append(el("circle", { cx: p.x, cy: p.y, r: 20, fill: "none", stroke: "#b3121b", "stroke-width": 3, "stroke-dasharray": "5 3", class: "battle-ring" }));
    }
    g.append(spaceGlyph(s, p.x, p.y));
    const sea = s.kind === "sea";
    g.append(el("text", {
      x: p.x + 13, y: p.y - 6, "font-size": sea ? 11 : 11.5, "font-style": sea ? "italic" : null, fill: sea ? "#1d4e7a" : "#2a1d10",
      class: "tname", "paint-order": "stroke", stroke: "#fffdf5", "stroke-width": 3,
    }, s.name));
    g.append(el("title", {}, spaceTitle(s)));
    if (c.pickable.has(s.id)) g.classList.add("pickable");
    if (c.picked.has(s.id)) g.classList.add("picked");
    g.addEventListener("click", () => pickIf(s.id, c, onPick));
    g.append(buildingBadges(view, s.id, p));
    spaces.append(g);
    const units = (view.spaces || {})[s.id];
    if (units && units.length) drawStack(stacks, overlay, s.id, units, p, c, onPick);
  }
  svg.append(spaces, stacks, overlay);
}

// -- the panel --------------------------------------------------------------------------------------
const STEPS = {
  event: "Event Step", standard: "Standard Actions", special_boons: "Special Actions Determination",
  determination: "Special Actions Determination", special: "Special Actions", reaction: "Muslim Reaction",
  winter: "Winter Supply", end: "end of the turn", over: "game over",
};
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
  const holder = view.team && view.team.holders[m];
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
    hel("div", { class: "fc-turn" }, hel("strong", {}, view.turn || "after the last turn"), ` \u00B7 ${STEPS[view.stage] || view.stage}`),
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
  const units = (b.units || {})[side] || [];
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
    const picking = ((b.units || {})[b.hits_on] || []).some((u) => !u.hidden && ctx.pickable.has(u.id));
    return `Hits: the ${SIDE_NAMES[b.hits_on]} take ${b.hits}${picking ? " \u2014 pick the unit in the panel or on the map" : ""}.`;
  }
  return `Now: ${stage}.`;
}

function battleRoll(b, entries) {
  if (!(b.dice || []).length) return null;
  const last = entries ? [...entries].reverse().find((e) => e.dice && e.dice.length) : null;
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

export function legend() {
  const space = (kind, fortress, port) => keyGlyph(spaceGlyph({ kind, fortress, port }, 0, 0), "-18 -18 36 36");
  const token = (u) => keyGlyph(tokenGlyph(u), `-2 -2 ${TOKEN + 4} ${TOKEN + 4}`);
  const line = (kind) => {
    const svg = el("svg", { viewBox: "0 0 40 10", class: "kline", width: 40, height: 10, "aria-hidden": "true" });
    svg.append(el("line", { x1: 2, y1: 5, x2: 38, y2: 5, ...pathStyle(kind) }));
    return svg;
  };
  const details = hel("details", { class: "map-key", id: "map-key", open: keyOpen },
    hel("summary", {}, "Map key"),
    hel("ul", {},
      keyRow(space("constantinople", null, true), "Constantinople (a fortress and a port)"),
      Object.entries(FORTRESS).map(([cls, f]) => keyRow(space("fortress", cls, false), f.label)),
      keyRow(space("town"), "town"),
      keyRow(space("open"), "open"),
      keyRow(space("desert"), "desert"),
      keyRow(space("port", null, true), "harbour (a port, not a town)"),
      keyRow(space("town", null, true), "blue ring: a port"),
      keyRow(space("sea"), "sea space"),
      Object.keys(PATHS).map((kind) => keyRow(line(kind), PATHS[kind].label)),
      keyRow(token({ contingent: "crusader", leader: "military", name: "Leader", factor: 3 }), "leader: red shield military, beige diplomatic"),
      keyRow(token({ contingent: "byzantine", type: "heavy_cavalry", factor: 2, reduced: true }), "unit: type and combat factor; dark corner: reduced"),
      keyRow(token({ contingent: "mercenary", type: "fleet", factor: 2 }), "mercenary (red band)"),
      SIDES.filter((s) => s !== "mercenary").map((s) => keyRow(token({ contingent: s, hidden: true }), `${COLORS[s].label}${["seljuk", "fatimid", "assassin"].includes(s) ? " (face down)" : ""}`)),
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
