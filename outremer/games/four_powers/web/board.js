// Four Powers (working name): the board drawn in SVG from the title's board description (GET
// /api/titles/four-powers/board: the Location cards with their grid places and City values, the
// roads, the Fortress spaces, the card catalogue, the factions, the Upgrade tracks, the die) and a
// seat's view (who holds each City level, Support, Churches and Mosques, Citadels, Fortresses, the
// action columns, each faction's board, the Conflict under way). Loaded by the generic game page,
// which calls
//   draw(svg, view, onPick, ctx)   ctx = {board, pickable: Set, picked: Set}: the Location cards,
//                                  the roads and Fortress spaces, Damascus and Aleppo beside the
//                                  board until the 2nd Crusade, the four action columns;
//   panel(view, ctx)               ctx = {board, pickable, picked, onPick, log}: the round, the
//                                  Conflict under way, the viewer's screen (its own Gold and Faith)
//                                  and hand, every faction's player board, the key.
// Clicking a Location card, a City level, a Fortress space, a column, a card in hand or a faction
// calls onPick with the id the legal actions name (a City level picks its Location and its level);
// the page narrows the legal actions. Another faction's Gold, Faith and hand arrive as null and are
// drawn "hidden"; a sealed card or commitment of another arrives as true and is drawn "committed":
// nothing here knows more than the view.
//
// The board's contract (docs/writing-a-title.md section 10): the map is drawn in map units at one
// CSS px per unit or more (svg.dataset.minScale), every text at least FONT units; each Location card
// carries data-location, its name data-location-label; each marker on it data-piece and data-at,
// inside its own card; what may be picked data-pick and an aria-label; the key data-board-key.
// Factions are told apart by colour, by the first letters of their name on every marker, and by
// shape: Christian markers square, Muslim markers round.

import { h as hel, svg as el } from "/static/api.js";

const FONT = 12; // map units: the smallest text (12 CSS px at the first scale)
const PAD = 8; // inside a Location card
const COL_W = 212; // an action column
const COL_GAP = 12;
const STRIP = 40; // the part of a card showing under the next one in a column
const SEATS = ["Crusaders", "Byzantines", "Caliphate", "Seljuk"];
const PAINT = {
  red: { fill: "#b3241d", ink: "#fff" },
  purple: { fill: "#6b3f8f", ink: "#fff" },
  yellow: { fill: "#f0c419", ink: "#2b2100" },
  green: { fill: "#2e7d32", ink: "#fff" },
  blue: { fill: "#1f5fa8", ink: "#fff" },
  black: { fill: "#2b2b2b", ink: "#fff" },
};
const UNITS = ["footman", "tower", "knight"];
const UNIT_NAMES = { footman: ["Footman", "Footmen"], tower: ["Siege Tower", "Siege Towers"], knight: ["Knight", "Knights"] };
const BUILDINGS = ["church", "fortress", "citadel"];
const CROWN = "\u265B";
const CASTLE = "\u265C";
const CROSS = "\u271D";
const CRESCENT = "\u262A";

const STYLE = `
.fp-panel { display: flex; flex-direction: column; gap: .5rem; font-size: .85rem; }
.fp-panel .fp-status { display: flex; flex-wrap: wrap; gap: .2rem .8rem; }
.fp-panel h2 { font-size: .95rem; margin: .2rem 0; }
.fp-panel .fp-row { display: flex; flex-wrap: wrap; gap: .4rem; align-items: stretch; }
.fp-card { display: flex; flex-direction: column; gap: .1rem; width: 11.5rem; max-width: 100%; padding: .35rem .45rem; border: 1px solid #8a7a5a;
  border-radius: 6px; background: #fffaf0; color: inherit; font: inherit; font-size: .8rem; text-align: left; }
button.fp-card { cursor: pointer; }
button.fp-card.pickable, button.fp-pick.pickable { border-color: var(--pick, #f2b705); box-shadow: 0 0 0 2px #f2b70566; background: #fff6d8; }
.fp-card.picked, .fp-pick.picked { border-color: var(--picked, #c2008a); box-shadow: 0 0 0 2px #c2008a66; }
.fp-card .fp-name { font-weight: bold; }
.fp-card .fp-muted, .fp-panel .fp-muted { color: #5b4a35; }
.fp-boards { display: grid; grid-template-columns: repeat(auto-fill, minmax(15.5rem, 1fr)); gap: .5rem; }
.fp-board { border: 1px solid #8a7a5a; border-radius: 6px; padding: .35rem .5rem; background: #fffdf6; min-width: 0; }
.fp-board header { display: flex; align-items: center; gap: .4rem; flex-wrap: wrap; }
.fp-board table { border-collapse: collapse; margin-top: .2rem; }
.fp-board td, .fp-board th { border: 1px solid #cbbd9c; padding: .05rem .3rem; font-size: .8rem; text-align: center; font-weight: normal; }
.fp-board th { text-align: left; }
.fp-board td.at { background: #3b2f1e; color: #fff; font-weight: bold; }
.fp-pick { font: inherit; font-size: .8rem; color: #2a1d10; border: 1px solid #8a7a5a; border-radius: 4px; background: #fff; padding: .05rem .35rem; cursor: pointer; }
.fp-swatch { display: inline-block; min-width: 2.1rem; padding: 0 .2rem; text-align: center; font-weight: bold; font-size: .8rem; border: 1px solid #222; }
.fp-swatch.christians { border-radius: 2px; }
.fp-swatch.muslims { border-radius: 1rem; }
.fp-screen { border: 2px solid #3b2f1e; border-radius: 6px; padding: .3rem .5rem; background: #f3ead2; }
.fp-conflict { border: 2px solid #3b2f1e; border-radius: 6px; padding: .4rem .5rem; background: #fbf3e2; }
.fp-conflict .fp-sides { display: grid; grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr)); gap: .4rem; }
.fp-conflict .fp-side { border: 1px solid #8a7a5a; border-radius: 5px; padding: .25rem .4rem; background: #fff; }
.fp-conflict .fp-side.won { border-width: 3px; }
.fp-die { display: inline-block; min-width: 2.2rem; margin: 0 .15rem; padding: 0 .2rem; border: 1px solid #333; border-radius: 4px;
  background: #fff; text-align: center; font-weight: bold; }
.fp-key ul { list-style: none; margin: .2rem 0; padding: 0; display: flex; flex-direction: column; gap: .15rem; }
.fp-key li { display: flex; align-items: center; gap: .4rem; }
.fp-key svg { flex: none; }
svg .fp-pickable { stroke: var(--pick, #f2b705) !important; stroke-width: 5 !important; }
svg .fp-picked { stroke: var(--picked, #c2008a) !important; stroke-width: 5 !important; }
svg [data-pick] { cursor: pointer; }
svg [data-pick]:focus-visible { outline: 3px solid #1a5fb4; }
`;

function addStyle() {
  if (document.getElementById("fp-board-style")) return;
  document.head.append(hel("style", { id: "fp-board-style" }, STYLE));
}

let keyOpen = false;

// -- words --------------------------------------------------------------------------------------
function paint(board, role) {
  return PAINT[board?.factions?.[role]?.colour] || PAINT.black;
}

function faithOf(board, role) {
  return board?.factions?.[role]?.faith || "christians";
}

function abbr(role) {
  return String(role).slice(0, 3);
}

function possessive(role) {
  return role.endsWith("s") ? `${role}'` : `${role}'s`;
}

function count(n, kind) {
  const [one, many] = UNIT_NAMES[kind] || [kind, kind];
  return `${n} ${n === 1 ? one : many}`;
}

function buildingName(board, role, kind) {
  if (kind === "church") return board?.factions?.[role]?.building === "mosque" ? "Mosque" : "Church";
  return kind === "fortress" ? "Fortress" : "Citadel";
}

function locName(board, id) {
  const loc = board.locations.find((l) => l.id === id);
  return loc ? loc.name : String(id);
}

function spaceName(board, id) {
  const s = board.fortress_spaces.find((f) => f.id === id);
  if (!s) return locName(board, id);
  return `the Fortress space between ${locName(board, s.between[0])} and ${locName(board, s.between[1])}`;
}

function cardOf(board, id) {
  if (id === "bluff") return board.bluff;
  return board.cards[id] || { name: String(id), cost: 0, benefits: [], strength: 0, affiliation: "", action: null, conflict: null };
}

function cardWords(card) {
  const parts = [`${card.name}: ${card.affiliation ? `${card.affiliation}, ` : ""}Cost ${card.cost} Gold`,
    card.benefits.length ? `Benefits ${card.benefits.join(" over ")}` : "no Benefit", `Strength ${card.strength}`];
  if (card.action) parts.push(`Action: ${card.action}`);
  if (card.conflict) parts.push(`Conflict: ${card.conflict}`);
  return parts.join("; ");
}

function levelName(i, n) {
  return i === n - 1 ? "the control level" : ["the first level", "the second level", "the third level"][i] || `level ${i + 1}`;
}

// The role whose screen and hand the view shows: the one faction with its hand open (none once the
// game is over, when every screen opens).
function viewerOf(view) {
  const open = Object.entries(view.factions || {}).filter(([, f]) => Array.isArray(f.hand)).map(([r]) => r);
  return open.length === 1 ? open[0] : null;
}

function legalHas(view, pred) {
  return (view.legal || []).some(pred);
}

// -- geometry -----------------------------------------------------------------------------------
function where(loc, view) {
  const inPlay = view.cities?.[loc.id]?.in_play !== false;
  if (!inPlay && loc.beside) return { x: loc.beside.x, y: loc.beside.y, waiting: true };
  return { x: loc.x, y: loc.y, waiting: !inPlay };
}

// A faction's marker: a square (Christians) or a rounded one (Muslims) in its colour, with the first
// letters of its name and an optional glyph or number.
function marker(board, role, w, h, text, attrs = {}) {
  const p = paint(board, role);
  const round = faithOf(board, role) === "muslims";
  const g = el("g", { class: `marker faction-${String(role).toLowerCase()}`, ...attrs });
  g.append(el("rect", { width: w, height: h, rx: round ? h / 2 : 2, fill: p.fill, stroke: "#1b140c", "stroke-width": 1.2 }));
  g.append(el("text", { x: w / 2, y: h / 2 + FONT * 0.36, "font-size": FONT, "font-weight": "bold", "text-anchor": "middle", fill: p.ink }, text));
  return g;
}

function piece(node, id, at, x, y, title) {
  node.setAttribute("transform", `translate(${x},${y})`);
  node.dataset.piece = id;
  node.dataset.at = at;
  node.append(el("title", {}, title));
  return node;
}

// Make ``node`` a pick of ``tokens`` (all picked on a click, in order, those not picked yet); the
// click handler, for what lies over the pick (a name, a marker) to pass its clicks on, or null.
function pickable(node, tokens, label, c, onPick, outline) {
  const key = tokens.join(":");
  const live = tokens.every((t) => c.pickable.has(t) || c.picked.has(t));
  if (!live) return null;
  node.dataset.pick = key;
  node.setAttribute("aria-label", label);
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  const all = tokens.every((t) => c.picked.has(t));
  if (outline) outline.classList.add(all ? "fp-picked" : "fp-pickable");
  const fire = (e) => {
    e.stopPropagation();
    if (all) { onPick(tokens[tokens.length - 1]); return; }
    for (const t of tokens) if (!c.picked.has(t)) onPick(t);
  };
  node.addEventListener("click", fire);
  return fire;
}

// -- a Location card ------------------------------------------------------------------------------
function drawLocation(layer, loc, view, c, onPick, conflictAt) {
  const { board } = c;
  const W = board.layout.card_w;
  const H = board.layout.card_h;
  const at = where(loc, view);
  const x0 = at.x - W / 2;
  const y0 = at.y - H / 2;
  const city = view.cities?.[loc.id] || { levels: [], support: {}, churches: [] };
  const side = loc.sides[view.side] || loc.sides.four;
  const g = el("g", { class: `location${at.waiting ? " waiting" : ""}` });
  const back = el("rect", {
    x: x0, y: y0, width: W, height: H, rx: 8, fill: at.waiting ? "#ece6d6" : "#fbf4e1", stroke: "#5b4630", "stroke-width": 2,
    "stroke-dasharray": at.waiting ? "8 5" : null, "data-location": loc.id, class: "card-face",
  });
  g.append(back);
  const titled = `${loc.name}: City levels cost ${side.costs.join(", ")} Gold, income ${side.income.join(", ")}; ransack ${side.ransack} Gold${at.waiting ? "; beside the board until the 2nd Crusade" : ""}`;
  back.append(el("title", {}, titled));
  if (conflictAt === loc.id) {
    g.append(el("rect", { x: x0 - 5, y: y0 - 5, width: W + 10, height: H + 10, rx: 10, fill: "none", stroke: "#111", "stroke-width": 3, "stroke-dasharray": "10 5", class: "conflict-ring" }));
  }
  // The card's pick is its name's band; a click anywhere else on the card but a City level that may
  // be picked (which takes its own clicks, its Influence marker's too) picks the card as well.
  const citX = x0 + W - PAD - 46;
  const head = el("g", { class: "card-head" });
  head.append(el("rect", { x: x0, y: y0, width: citX - 52 - x0 - 4, height: 30, fill: "transparent" }));
  head.append(el("text", { x: x0 + PAD, y: y0 + 21, "font-size": 17, "font-weight": "bold", fill: "#2a1d10", "data-location-label": loc.id }, loc.name));
  g.append(head);
  const fire = pickable(head, [loc.id], `${loc.name}${at.waiting ? " (beside the board)" : ""}`, c, onPick, back);
  if (fire) g.addEventListener("click", fire);

  // The Control marker and the Citadel space, top right.
  g.append(el("rect", { x: citX, y: y0 + 6, width: 46, height: 22, rx: 3, fill: "#fff", stroke: "#7a6a4a", "stroke-dasharray": "3 2" },));
  if (city.citadel) {
    g.append(piece(marker(board, city.citadel, 46, 22, `${CASTLE}${abbr(city.citadel)}`), `citadel:${loc.id}`, loc.id, citX, y0 + 6,
      `the ${possessive(city.citadel)} Citadel in ${loc.name}`));
  } else {
    g.append(el("text", { x: citX + 23, y: y0 + 21, "font-size": FONT, "text-anchor": "middle", fill: "#7a6a4a" }, CASTLE, el("title", {}, `${loc.name}: Citadel space, empty`)));
  }
  if (city.control) {
    g.append(piece(marker(board, city.control, 46, 22, `${CROWN}${abbr(city.control)}`), `control:${loc.id}`, loc.id, citX - 52, y0 + 6,
      `${loc.name}: City Control marker of the ${city.control}`));
  }

  // The City levels, first level first; the last controls the City.
  const n = side.costs.length;
  const top = y0 + 34;
  const bw = (W - 2 * PAD - (n - 1) * 6) / n;
  for (let i = 0; i < n; i += 1) {
    const bx = x0 + PAD + i * (bw + 6);
    const holder = (city.levels || [])[i] || null;
    const control = i === n - 1;
    const box = el("g", { class: "level" });
    const frame = el("rect", { x: bx, y: top, width: bw, height: 62, rx: 4, fill: control ? "#f1e2b8" : "#fffdf6", stroke: "#7a6a4a", "stroke-width": control ? 2.4 : 1.2 });
    box.append(frame);
    box.append(el("text", { x: bx + bw / 2, y: top + 14, "font-size": FONT, "text-anchor": "middle", fill: "#2a1d10" }, `${control ? `${CROWN} ` : ""}${side.costs[i]} Gold`));
    box.append(el("text", { x: bx + bw / 2, y: top + 57, "font-size": FONT, "text-anchor": "middle", fill: "#5b4a35" }, `+${side.income[i]}`));
    const words = `${loc.name}, ${levelName(i, n)}: cost ${side.costs[i]} Gold, income ${side.income[i]} Gold; ${holder ? `Influence of the ${holder}` : "empty"}`;
    box.append(el("title", {}, words));
    if (legalHas(view, (a) => a[0] === "influence" && a[1] === loc.id && a[2] === i)) {
      const verb = holder ? "raise your Influence to" : "place Influence on";
      pickable(box, [loc.id, String(i)], `${loc.name}: ${verb} ${levelName(i, n)} (${side.costs[i]} Gold)`, c, onPick, frame);
    }
    g.append(box);
    if (holder) {
      const mw = Math.min(bw - 10, 46);
      box.append(piece(marker(board, holder, mw, 22, abbr(holder)), `influence:${loc.id}:${i}`, loc.id, bx + (bw - mw) / 2, top + 19,
        `${loc.name}, ${levelName(i, n)}: Influence of the ${holder}`));
    }
  }

  // The Region: Support of each faction, then the Church and Mosque spaces.
  const ry = top + 68;
  g.append(el("line", { x1: x0 + PAD, y1: ry, x2: x0 + W - PAD, y2: ry, stroke: "#b9a77f", "stroke-width": 1 }));
  g.append(el("text", { x: x0 + PAD, y: ry + 19, "font-size": FONT, fill: "#5b4a35" }, "Support"));
  const roles = SEATS.filter((r) => city.support?.[r] > 0);
  roles.forEach((r, i) => {
    const sx = x0 + PAD + 54 + i * 41;
    g.append(piece(marker(board, r, 38, 22, `${abbr(r)[0]}${abbr(r)[1]} ${city.support[r]}`), `support:${loc.id}:${r}`, loc.id, sx, ry + 5,
      `${loc.name}: ${city.support[r]} Support of the ${r}`));
  });
  if (!roles.length) g.append(el("text", { x: x0 + PAD + 54, y: ry + 19, "font-size": FONT, fill: "#8a7a5a" }, "none"));
  const cy = ry + 32;
  g.append(el("text", { x: x0 + PAD, y: cy + 15, "font-size": FONT, fill: "#5b4a35" }, `${CROSS} ${CRESCENT}`,
    el("title", {}, "Church and Mosque spaces")));
  const churches = city.churches || [];
  for (let i = 0; i < loc.church_spaces; i += 1) {
    const sx = x0 + PAD + 54 + i * 56;
    g.append(el("rect", { x: sx, y: cy, width: 52, height: 22, rx: 3, fill: "#fff", stroke: "#7a6a4a", "stroke-dasharray": "3 2" }));
    const owner = churches[i];
    if (owner) {
      const what = buildingName(board, owner, "church");
      g.append(piece(marker(board, owner, 52, 22, `${what === "Mosque" ? CRESCENT : CROSS}${abbr(owner)}`), `church:${loc.id}:${i}`, loc.id, sx, cy,
        `${loc.name}: a ${what} of the ${owner}`));
    }
  }
  layer.append(g);
}

// -- roads and Fortress spaces ----------------------------------------------------------------------
function drawRoads(layer, board, view) {
  const byId = new Map(board.locations.map((l) => [l.id, l]));
  for (const e of board.connections) {
    const a = byId.get(e.a);
    const b = byId.get(e.b);
    if (!a || !b || view.cities?.[e.a]?.in_play === false || view.cities?.[e.b]?.in_play === false) continue;
    // A road that would run over another card goes round it by the bends the description gives.
    const points = [[a.x, a.y], ...(e.via || []), [b.x, b.y]].map((p) => p.join(",")).join(" ");
    layer.append(el("polyline", { points, fill: "none", stroke: "#8a5a2b", "stroke-width": 4, "stroke-linecap": "round", "stroke-linejoin": "round" },
      el("title", {}, `road between ${a.name} and ${b.name}`)));
  }
}

function drawFortressSpaces(layer, board, view, c, onPick) {
  for (const s of board.fortress_spaces) {
    if (s.between.some((l) => view.cities?.[l]?.in_play === false)) continue;
    const name = spaceName(board, s.id);
    const g = el("g", { class: "fortress-space" });
    const hit = el("circle", { cx: s.x, cy: s.y, r: 17, fill: "#fbf4e1", stroke: "#5b4630", "stroke-width": 1.5 });
    g.append(hit);
    g.append(el("path", { d: `M${s.x},${s.y - 10}L${s.x + 10},${s.y}L${s.x},${s.y + 10}L${s.x - 10},${s.y}Z`, fill: "none", stroke: "#5b4630", "stroke-width": 1.5, "data-location": s.id }));
    g.append(el("title", {}, `${name[0].toUpperCase()}${name.slice(1)}`));
    pickable(g, [s.id], `Build a Fortress on ${name}`, c, onPick, hit);
    layer.append(g);
    const owner = view.fortresses?.[s.id];
    if (owner) {
      const node = marker(board, owner, 40, 24, `${CASTLE}${abbr(owner)}`);
      g.append(piece(node, `fortress:${s.id}`, s.id, s.x - 20, s.y - 12, `a Fortress of the ${owner} on ${name}`));
    }
  }
}

// -- the action columns ----------------------------------------------------------------------------
function showing(board, cards) {
  const got = new Map();
  cards.forEach((id, i) => {
    const benefits = cardOf(board, id).benefits;
    for (const b of i === cards.length - 1 ? benefits : benefits.slice(0, 1)) got.set(b, (got.get(b) || 0) + 1);
  });
  return [...got].map(([b, n]) => `${n} ${b}`);
}

function lines(items, width) {
  const out = [];
  let line = "";
  for (const item of items) {
    const next = line ? `${line} \u00B7 ${item}` : item;
    if (line && next.length * FONT * 0.58 > width) { out.push(line); line = item; } else line = next;
  }
  if (line) out.push(line);
  return out;
}

function shorten(text, width, size = FONT) {
  const most = Math.floor(width / (size * 0.6));
  return text.length <= most ? text : `${text.slice(0, most - 1)}\u2026`;
}

// One owner's four columns at (x, y): a header each (its name, the Cost to pay or the Benefits
// showing), then its cards oldest first, each covering the lower part of the one before it.
function drawColumns(layer, board, view, owner, x, y, c, onPick, playable) {
  let bottom = y;
  const names = Object.keys(board.columns);
  names.forEach((col, i) => {
    const meta = board.columns[col];
    const cx = x + i * (COL_W + COL_GAP);
    const cards = view.columns?.[owner]?.[col] || [];
    const id = `${owner}:${col}`;
    const total = meta.cost
      ? [`Cost ${cards.reduce((t, k) => t + cardOf(board, k).cost, 0)} Gold + the new card's`]
      : (cards.length ? showing(board, cards) : ["no Benefit showing"]);
    const text = lines(total, COL_W - 16);
    const hh = 30 + text.length * 16;
    const head = el("g", { class: "column-head" });
    const frame = el("rect", { x: cx, y, width: COL_W, height: hh, rx: 5, fill: meta.cost ? "#e9d9b0" : "#d9e4c8", stroke: "#5b4630", "stroke-width": 1.6, "data-location": id });
    head.append(frame);
    head.append(el("text", { x: cx + 8, y: y + 19, "font-size": 15, "font-weight": "bold", fill: "#2a1d10", "data-location-label": id }, meta.name));
    text.forEach((t, k) => { head.append(el("text", { x: cx + 8, y: y + 38 + k * 16, "font-size": FONT, fill: "#3b2f1e" }, t)); });
    head.append(el("title", {}, `${meta.name} column: ${meta.cost ? "pay the Cost of every card in it" : "gain every Benefit showing"}`));
    if (playable) pickable(head, [col], `the ${meta.name} column`, c, onPick, frame);
    layer.append(head);
    let cy = y + hh + 6;
    cards.forEach((k, j) => {
      const card = cardOf(board, k);
      const newest = j === cards.length - 1;
      const tall = newest && !meta.cost;
      const h = tall ? STRIP + 18 : STRIP;
      const g = el("g", { class: "column-card" });
      g.append(el("rect", { width: COL_W, height: h, rx: 4, fill: "#fffaf0", stroke: "#7a6a4a", "stroke-width": 1.2 }));
      g.append(el("text", { x: 8, y: 16, "font-size": FONT, "font-weight": "bold", fill: "#2a1d10" }, shorten(card.name, COL_W - 16)));
      const upper = meta.cost ? `Cost ${card.cost} Gold` : (card.benefits[0] ? `Benefit: ${card.benefits[0]}` : "no Benefit");
      g.append(el("text", { x: 8, y: 33, "font-size": FONT, fill: "#3b2f1e" }, upper));
      if (tall) {
        g.append(el("text", { x: 8, y: 51, "font-size": FONT, fill: "#3b2f1e" }, card.benefits[1] ? `lower Benefit: ${card.benefits[1]}` : "no lower Benefit"));
      }
      layer.append(piece(g, `column:${id}:${j}`, id, cx, cy, cardWords(card)));
      cy += h + 2;
    });
    bottom = Math.max(bottom, cy);
  });
  return bottom;
}

// The viewer's hand (or the cards of the opening draft to keep from) in rows under the map, each
// card a pick of its id: name, Cost, Strength, Benefits; everything else in its title and the panel.
function drawHand(layer, board, view, viewer, x, y, c, onPick) {
  const draft = view.draft?.hand?.length ? view.draft : null;
  const cards = draft ? draft.hand : (viewer ? view.factions[viewer].hand || [] : []);
  if (!cards.length) return y;
  const title = draft ? `The opening draft, pick ${draft.pick}: keep one card` : `${possessive(viewer)} hand`;
  layer.append(el("text", { x, y: y + 16, "font-size": 16, "font-weight": "bold", fill: "#2a1d10" }, title));
  const top = y + 26;
  cards.forEach((id, i) => {
    const card = cardOf(board, id);
    const cx = x + (i % 4) * (COL_W + COL_GAP);
    const cy = top + Math.floor(i / 4) * 70;
    const g = el("g", { class: "hand-card", transform: `translate(${cx},${cy})` });
    const frame = el("rect", { width: COL_W, height: 62, rx: 5, fill: id === "bluff" ? "#ece6d6" : "#fffaf0", stroke: "#5b4630", "stroke-width": 1.4 });
    g.append(frame);
    g.append(el("text", { x: 8, y: 17, "font-size": 13, "font-weight": "bold", fill: "#2a1d10" }, shorten(card.name, COL_W - 16, 13)));
    g.append(el("text", { x: 8, y: 34, "font-size": FONT, fill: "#3b2f1e" }, `Cost ${card.cost} \u00B7 Strength ${card.strength}`));
    g.append(el("text", { x: 8, y: 51, "font-size": FONT, fill: "#3b2f1e" }, shorten(card.benefits.length ? `Benefits: ${card.benefits.join(" over ")}` : "No Benefit", COL_W - 16)));
    g.append(el("title", {}, cardWords(card)));
    pickable(g, [id], `${draft ? "Keep " : ""}${cardWords(card)}`, c, onPick, frame);
    layer.append(g);
  });
  return top + Math.ceil(cards.length / 4) * 70;
}

// -- draw ---------------------------------------------------------------------------------------
export function draw(svg, view, onPick, ctx) {
  const board = ctx?.board;
  if (!board || !view) return;
  addStyle();
  const c = { pickable: new Set(), picked: new Set(), ...ctx };
  svg.textContent = "";
  const { width: mapW, height: mapH } = board.layout;
  const viewer = viewerOf(view);
  const owners = Object.keys(view.columns || {});
  const width = Math.max(mapW, 4 * COL_W + 3 * COL_GAP + 48);
  const conflict = [...(view.procedures || [])].reverse().find((f) => f.kind === "battle" || f.kind === "siege");

  const ground = el("g", { class: "ground" });
  const roads = el("g", { class: "roads" });
  const cards = el("g", { class: "locations" });
  const marks = el("g", { class: "fortresses" });
  const cols = el("g", { class: "columns" });
  drawRoads(roads, board, view);
  const waiting = board.locations.filter((l) => view.cities?.[l.id]?.in_play === false && l.beside);
  if (waiting.length) {
    const W = board.layout.card_w;
    const H = board.layout.card_h;
    const xs = waiting.map((l) => l.beside.x);
    const ys = waiting.map((l) => l.beside.y);
    const bx = Math.min(...xs) - W / 2 - 12;
    const by = Math.min(...ys) - H / 2 - 30;
    ground.append(el("rect", { x: bx, y: by, width: Math.max(...xs) - Math.min(...xs) + W + 24, height: Math.max(...ys) - Math.min(...ys) + H + 42, rx: 10, fill: "#e4dcc6", stroke: "#8a7a5a", "stroke-dasharray": "6 4" }));
    ground.append(el("text", { x: bx + 10, y: by + 19, "font-size": FONT + 1, "font-style": "italic", fill: "#3b2f1e" }, "Beside the board: 2nd Crusade"));
  }
  for (const loc of board.locations) drawLocation(cards, loc, view, c, onPick, conflict?.location);
  drawFortressSpaces(marks, board, view, c, onPick);

  let y = drawHand(cols, board, view, viewer, 24, mapH + 8, c, onPick) + 8;
  cols.append(el("text", { x: 24, y: y + 16, "font-size": 16, "font-weight": "bold", fill: "#2a1d10" }, "The action columns"));
  y += 28;
  for (const owner of owners) {
    if (owner !== "board") {
      cols.append(el("text", { x: 24, y: y + 15, "font-size": 14, "font-weight": "bold", fill: "#2a1d10" }, `${possessive(owner)} columns`));
      y += 22;
    }
    const playable = owner === "board" || owner === viewer;
    y = drawColumns(cols, board, view, owner, 24, y, c, onPick, playable) + 16;
  }
  const height = Math.max(y + 8, mapH);
  svg.prepend(el("rect", { x: 0, y: 0, width, height, fill: "#efe6cf", class: "land" }));
  svg.append(ground, roads, cards, marks, cols);
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
  svg.setAttribute("aria-label", "The Location cards (north at the top) and the action columns");
  svg.dataset.minScale = "1";
  const there = conflict && board.locations.find((l) => l.id === conflict.location);
  const W = board.layout.card_w;
  const H = board.layout.card_h;
  svg.dataset.focus = there ? `${there.x - W} ${there.y - H} ${2 * W} ${2 * H}` : `0 0 ${mapW} ${Math.min(mapH, 2.5 * H)}`;
}

// -- the panel ------------------------------------------------------------------------------------
function swatch(board, role) {
  const p = paint(board, role);
  return hel("span", { class: `fp-swatch ${faithOf(board, role)}`, style: `background:${p.fill};color:${p.ink}`, "aria-hidden": "true" }, abbr(role));
}

// A button picking ``tokens`` (one id, or several picked in order: a faction and its Unit), or null
// when they may not be picked now.
function pickButton(tokens, label, text, c, extra = "") {
  const all = [tokens].flat();
  const live = c.onPick && all.every((t) => c.pickable.has(t) || c.picked.has(t));
  if (!live) return null;
  const done = all.every((t) => c.picked.has(t));
  return hel("button", {
    type: "button", class: `fp-pick ${done ? "picked" : "pickable"} ${extra}`, "data-pick": all.join(":"), "aria-label": label,
    onclick: () => {
      if (done) { c.onPick(all[all.length - 1]); return; }
      for (const t of all) if (!c.picked.has(t)) c.onPick(t);
    },
  }, text);
}

function cardFace(board, id, c, verb) {
  const card = cardOf(board, id);
  const live = c.onPick && (c.pickable.has(id) || c.picked.has(id));
  const body = [
    hel("span", { class: "fp-name" }, card.name),
    hel("span", { class: "fp-muted" }, `${card.affiliation || "Bluff"} \u00B7 Cost ${card.cost} \u00B7 Strength ${card.strength}`),
    hel("span", {}, card.benefits.length ? `Benefits: ${card.benefits.join(" over ")}` : "No Benefit"),
    card.action ? hel("span", {}, `Action: ${card.action}`) : null,
    card.conflict ? hel("span", {}, `Conflict: ${card.conflict}`) : null,
    id === "bluff" ? hel("span", { class: "fp-muted" }, "Laid face down in a Conflict only; Strength 0") : null,
  ];
  if (!live) return hel("div", { class: "fp-card", title: cardWords(card) }, body);
  return hel("button", {
    type: "button", class: `fp-card ${c.picked.has(id) ? "picked" : "pickable"}`, "data-pick": id, "aria-label": `${verb} ${card.name}`,
    onclick: () => c.onPick(id),
  }, body);
}

function status(view, board) {
  const round = view.round_card ? board.rounds?.[view.round_card] || "a Round card" : null;
  const bits = [
    `${view.crusade === 2 ? "2nd" : "1st"} Crusade`,
    view.round ? `round ${view.round}${round ? ` (${round})` : ""}` : "before the first round",
    view.first ? `first player: ${view.first}` : null,
    `Action deck ${view.deck}`, `Round deck ${view.round_deck}`, `discard pile ${(view.discard || []).length}`,
    view.last_conflict ? `latest Conflict: ${locName(board, view.last_conflict)}` : null,
    view.side === "two" ? "Location cards on their two-column side" : null,
  ].filter(Boolean);
  return hel("div", { class: "fp-status" }, bits.map((b) => hel("span", {}, b)));
}

function screen(view, viewer) {
  if (!viewer) return null;
  const f = view.factions[viewer];
  return hel("section", { class: "fp-screen", "aria-label": "Behind your screen" },
    hel("strong", {}, "Behind your screen: "), `${f.gold} Gold, ${f.faith} Faith`,
    hel("span", { class: "fp-muted" }, " (the other factions see neither)"));
}

function handSection(view, board, viewer, c) {
  const draft = view.draft;
  if (draft?.hand?.length) {
    return hel("section", {}, hel("h2", {}, `The opening draft, pick ${draft.pick}: keep one card`),
      hel("div", { class: "fp-row" }, draft.hand.map((id) => cardFace(board, id, c, "Keep"))),
      draft.kept?.length ? hel("div", { class: "fp-muted" }, `Kept: ${draft.kept.map((id) => cardOf(board, id).name).join(", ")}`) : null);
  }
  if (!viewer) return null;
  const hand = view.factions[viewer].hand || [];
  if (!hand.length) return null;
  return hel("section", {}, hel("h2", {}, "Your hand"), hel("div", { class: "fp-row" }, hand.map((id) => cardFace(board, id, c, "Choose"))));
}

function trackTable(board, role, f, viewer, c) {
  const rows = BUILDINGS.map((kind) => {
    const t = board.tracks[kind];
    const name = buildingName(board, role, kind);
    const cells = t.values.map((v, i) => hel("td", { class: f.tracks[kind] === i ? "at" : "", title: `${name} track space ${i + 1}: ${v}${t.stars.includes(i) ? ", a star (1 VP on reaching it)" : ""}${f.tracks[kind] === i ? "; the Upgrade marker is here" : ""}` },
      `${v}${t.stars.includes(i) ? "\u2605" : ""}`));
    const mine = role === viewer;
    const label = mine ? pickButton(kind, `${name}: build, or upgrade its track`, name, c) : null;
    return hel("tr", {}, hel("th", {}, label || name), cells, hel("td", { title: `${name}s left to build` }, `${f.stock[kind]} left`));
  });
  return hel("table", { "aria-label": `${possessive(role)} Upgrade tracks` }, hel("tbody", {}, rows));
}

// A Unit (or the Support) a leader may wound is a pick of the faction and the kind (Battle.13);
// the viewer's own Units are picks of their kind (recruiting, buying back).
function unitPick(view, role, viewer, k, text, c) {
  if (legalHas(view, (a) => a[0] === "wound" && a[1] === role && a[2] === k)) {
    return pickButton([role, k], `Wound: one ${k === "support" ? "Support" : UNIT_NAMES[k][0]} of the ${role}`, text, c);
  }
  return role === viewer ? pickButton(k, text, text, c) : null;
}

function playerBoard(view, board, role, viewer, c) {
  const f = view.factions[role];
  const units = UNITS.map((k) => {
    const text = count(f.units[k] || 0, k);
    return unitPick(view, role, viewer, k, text, c) || hel("span", {}, text);
  });
  const support = unitPick(view, role, viewer, "support", "Support", c);
  if (support) units.push(support);
  const name = pickButton(role, `the ${role}`, role, c) || hel("strong", {}, role);
  const hidden = f.gold === null || f.gold === undefined;
  return hel("section", { class: "fp-board", "data-role": role },
    hel("header", {}, swatch(board, role), name, role === view.first ? hel("span", { class: "fp-muted" }, "(first player)") : null,
      hel("span", {}, `${f.vp} VP`)),
    hel("div", {}, hidden ? "Gold and Faith: hidden" : `Gold ${f.gold}, Faith ${f.faith}`, ` \u00B7 hand: ${f.hand_size} card${f.hand_size === 1 ? "" : "s"} and the Bluff`),
    hel("div", {}, "Units: ", units.flatMap((u, i) => (i ? [", ", u] : [u]))),
    hel("div", {}, `Presence markers left: ${f.presence}`,
      f.control.length ? ` \u00B7 controls ${f.control.map((l) => locName(board, l)).join(", ")}` : ""),
    trackTable(board, role, f, viewer, c));
}

// -- the Conflict panel ----------------------------------------------------------------------------
const STEPS = {
  reinforce: "Reinforcement: 1 Support from each adjacent Location (Battle.1, 3, 4, 6)",
  invite: "Allies: an invitation (Battle.2, 5)",
  answer: "Allies: the invited player answers (Battle.2, 5)",
  card: "Cards laid face down by the two leaders (Battle.7)",
  commit: "Units and Faith sealed in a closed hand (Battle.8)",
  extra: "The reveal: another card (Battle.9)",
  reroll: "Dice and rerolls, the attacker's side first (Battle.10)",
  wound: "Wounds, shared by each side's leader (Battle.13)",
  buy_back: "Units bought back (Battle.14)",
  spoils: "The Siege won: take the City or ransack it (Siege.12)",
};

function stepOf(frame) {
  const kind = String(frame.kind);
  const cut = kind.indexOf("_");
  return cut < 0 ? null : kind.slice(cut + 1);
}

// A die by its face (an index into the description's die): its Strength, then a cross per Wound; one
// of the viewer's own that may be rerolled now is a pick of its place among its dice (R9c).
function dieFace(board, face, place, reroll, c) {
  const f = board.die?.[face] || { strength: 0, wounds: 0 };
  const words = `${f.strength} Strength, ${f.wounds} Wound${f.wounds === 1 ? "" : "s"}`;
  const text = `${f.strength}${f.wounds ? ` ${"\u2716".repeat(f.wounds)}` : ""}`;
  const token = String(place);
  if (reroll && c.onPick && (c.pickable.has(token) || c.picked.has(token))) {
    return hel("button", { type: "button", class: `fp-die fp-pick ${c.picked.has(token) ? "picked" : "pickable"}`, "data-pick": token,
      "aria-label": `Reroll your die number ${place + 1} (${words})`, onclick: () => c.onPick(token) }, text);
  }
  return hel("span", { class: "fp-die", title: words }, text);
}

function sealedWords(board, action) {
  if (!Array.isArray(action)) return "committed";
  if (action[0] === "commit_card" || action[0] === "add_card") return `you laid ${cardOf(board, action[1]).name} face down`;
  if (action[0] === "commit") {
    return `you sealed ${count(action[1], "footman")}, ${action[2]} Knights or Siege Towers and ${action[3]} Faith`;
  }
  return "committed";
}

function participant(view, board, f, role, windows, c) {
  const bits = [];
  for (const w of windows) {
    const sealed = w.sealed || {};
    if (role in sealed) bits.push(sealed[role] === true ? `${stepOf(w) === "card" ? "card laid face down" : "committed"}` : sealedWords(board, sealed[role]));
    else if ((w.leaders || w.participants || []).includes(role)) bits.push("deciding");
  }
  const cards = (f.cards?.[role] || []).map((id) => cardOf(board, id));
  const units = f.units?.[role];
  const dice = f.dice?.[role] || [];
  return hel("div", {},
    hel("div", {}, swatch(board, role), " ", hel("strong", {}, role), bits.length ? ` \u00B7 ${bits.join(", ")}` : ""),
    cards.length ? hel("div", {}, `Cards: ${cards.map((k) => `${k.name} (Strength ${k.strength})`).join(", ")}`) : null,
    units ? hel("div", {}, "Units: ", Object.entries(units).flatMap(([k, n], i) => {
      const text = count(n, k);
      const shown = legalHas(view, (a) => a[0] === "wound" && a[1] === role && a[2] === k) ? unitPick(view, role, null, k, text, c) : text;
      return i ? [", ", shown] : [shown];
    }), f.faith?.[role] ? `, ${f.faith[role]} Faith` : "") : null,
    dice.length ? hel("div", {}, "Dice: ", dice.map((d, i) => dieFace(board, d, i, role === viewerOf(view) && legalHas(view, (a) => a[0] === "reroll" && a[1] === i), c)), f.rerolls?.[role] ? ` \u00B7 ${f.rerolls[role]} reroll${f.rerolls[role] === 1 ? "" : "s"} left` : "") : null);
}

function conflictPanel(view, board, c) {
  const frames = view.procedures || [];
  let at = -1;
  frames.forEach((fr, i) => { if (fr.kind === "battle" || fr.kind === "siege") at = i; });
  if (at < 0) return null;
  const f = frames[at];
  const windows = frames.slice(at + 1);
  const top = windows[windows.length - 1];
  const siege = f.kind === "siege";
  const place = locName(board, f.location);
  const step = top ? STEPS[stepOf(top)] : null;
  const sideBox = (which) => {
    const leader = f[which];
    const ally = f.allies?.[which];
    const won = f.winner === which;
    return hel("div", { class: `fp-side${won ? " won" : ""}` },
      hel("div", {}, hel("strong", {}, which === "attacker" ? "Attacker" : "Defender"),
        f.strength?.[which] !== undefined ? ` \u00B7 Strength ${f.strength[which]}` : "",
        f.wounds?.[which] !== undefined ? ` \u00B7 Wounds to take ${f.wounds[which]}` : "", won ? " \u00B7 wins" : ""),
      [leader, ally].filter(Boolean).map((r) => participant(view, board, f, r, windows, c)));
  };
  let invitation = null;
  if (top && stepOf(top) === "answer") {
    invitation = hel("div", {}, `${(top.roles || []).join(", ")} invited by the ${top.inviter} to join the ${top.side}.`);
  } else if (top && stepOf(top) === "invite" && top.asked?.length) {
    invitation = hel("div", {}, `Already asked: ${top.asked.join(", ")}.`);
  }
  return hel("section", { class: "fp-conflict", "aria-label": "The Conflict under way" },
    hel("h2", {}, `\u2694 ${siege ? `Siege of ${place}` : `Battle in ${place}`}: the ${f.attacker} against the ${f.defender}`),
    step ? hel("div", {}, `Now: ${step}`) : null,
    invitation,
    hel("div", { class: "fp-sides" }, sideBox("attacker"), sideBox("defender")));
}

// -- the key ----------------------------------------------------------------------------------------
function keyGlyph(node, w, h) {
  const s = el("svg", { viewBox: `-2 -2 ${w + 4} ${h + 4}`, width: w + 4, height: h + 4, "aria-hidden": "true" });
  s.append(node);
  return s;
}

function legend(board, view) {
  const roles = (view.players || SEATS).filter((r) => board.factions?.[r]);
  const rows = [
    ...roles.map((r) => hel("li", {}, keyGlyph(marker(board, r, 44, 22, abbr(r)), 44, 22),
      hel("span", {}, `${r} (${faithOf(board, r) === "muslims" ? "Muslim: round markers" : "Christian: square markers"})`))),
    hel("li", {}, hel("span", {}, `A City level: "2 Gold" its cost, "+1" the Gold it yields at Income; a marker on it: that faction's Influence. ${CROWN} marks the control level and the City Control marker beside the name.`)),
    hel("li", {}, hel("span", {}, `${CASTLE} on a card: a Citadel (dashed box: its empty space). ${CASTLE} on a road: a Fortress; \u25C7 an empty Fortress space.`)),
    hel("li", {}, hel("span", {}, `${CROSS} a Church, ${CRESCENT} a Mosque, in the Region's spaces. "Cr 3": 3 Support of that faction in the Region.`)),
    hel("li", {}, hel("span", {}, "Dashed card: waiting beside the board until the 2nd Crusade. Dashed black frame: the Conflict under way.")),
    hel("li", {}, hel("span", {}, "Columns: Development and Presence charge the Cost of every card in them; Movement and Income give every Benefit showing (a new card covers the lower Benefit of the one below).")),
    hel("li", {}, hel("span", {}, "Player boards: each Upgrade track's spaces with their values (a Church's or Mosque's income, a Fortress's or a Citadel's Strength), the Upgrade marker's space dark, \u2605 a star space; then the buildings left to build.")),
    hel("li", {}, hel("span", {}, "Gold outline: may be picked now; magenta: picked. A die shows its Strength, then \u2716 for each Wound.")),
  ];
  const details = hel("details", { class: "fp-key", open: keyOpen, "data-board-key": "" }, hel("summary", {}, "Key to the board"), hel("ul", {}, rows));
  details.addEventListener("toggle", () => { keyOpen = details.open; });
  return details;
}

export function panel(view, ctx) {
  if (!view || !ctx?.board) return null;
  addStyle();
  const board = ctx.board;
  const c = { pickable: new Set(), picked: new Set(), ...ctx };
  const viewer = viewerOf(view);
  return hel("div", { class: "fp-panel" },
    status(view, board),
    conflictPanel(view, board, c),
    screen(view, viewer),
    handSection(view, board, viewer, c),
    hel("div", { class: "fp-boards" }, (view.players || []).map((r) => playerBoard(view, board, r, viewer, c))),
    legend(board, view));
}
