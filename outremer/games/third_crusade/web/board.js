// Third Crusade: the map boards drawn in SVG from the title's board description (GET
// /api/titles/third-crusade/board: each Region's box and its nine slots with their printed icons,
// the Roads, the map boards, the names of Armies, Leaders, Orders, cards and diplomacy spaces) and a
// seat's view (the pieces in every slot, Sabotage, Resource tokens, Destroyed Ports, Bandits, the
// Orders on the map, the tracks, the bidding and diplomacy boards, the variable set-up's shown
// Objective Cards, points and Deserts, and the viewer's own dealt cards). Loaded by the generic game page,
// which calls
//   draw(svg, view, onPick, ctx)   ctx = {board, pickable: Set, picked: Set}: the map boards;
//   panel(view, ctx)               ctx = {board, pickable, picked, onPick, log}: the round and step,
//                                  Glory, initiative, Faith and Mercantile, the Mission and Diplomacy
//                                  Cards, the bidding board, the diplomacy board, each Army's board,
//                                  the viewer's cards and Orders, the key.
// With the option refill_chosen_section each Army's board lists its Units by Section (R13).
// Clicking a Region, a piece, a slot, a card, an Order, a bidding slot, a diplomacy space or a
// Section that may be picked now calls onPick with the id the legal actions name; the page narrows
// the legal actions.
// Another Army's cards and Orders arrive as counts, a face-down Order of the other Alliance as its
// Army alone (Planning.Facing), another Army's dealt Objective Cards and the one it lays face down
// as a count and whether it has chosen (VariableSetup.Decks): nothing here knows more than the view.
//
// The board's contract (docs/writing-a-title.md section 10): the map is drawn in map units at one
// CSS px per unit or more (svg.dataset.minScale), every text at least FONT units; each Region's box
// carries data-location, its name data-location-label; each piece, token and Order in it data-piece
// and data-at, inside its own box; a Bandit on its Road data-at one end; what may be picked data-pick
// and an aria-label; the key data-board-key. Armies are told apart by colour and by the letter on
// every piece; Unit types by the slot's shape (Glossary.Slots); Leaders by their initials and a gold
// rim.

import { h as hel, svg as el } from "/static/api.js";

const FONT = 12; // map units: the smallest text (12 CSS px at the first scale)
const PAINT = {
  angevin: { fill: "#b3202a", ink: "#fff", letter: "A" },
  hre: { fill: "#e3b52b", ink: "#1b140c", letter: "H" },
  ayyubid: { fill: "#2e7d32", ink: "#fff", letter: "Y" },
  turkoman: { fill: "#1f5f8b", ink: "#fff", letter: "T" },
  neutral: { fill: "#fdfdf8", ink: "#1b140c", letter: "N" },
};
const UNITS = { infantry: "Infantry", cavalry: "Cavalry", siege_engine: "Siege Engine" };
const ICONS = {
  command_point: { glyph: "\u2605", words: "command point" },
  crown: { glyph: "\u265B", words: "crown" },
  supply: { glyph: "\u25B2", words: "supply" },
  gold: { glyph: "\u25CF", words: "gold" },
  glory: { glyph: "\u271A", words: "Glory" },
};
const ALLIANCE = { crusader: "Crusader", muslim: "Muslim" };
const STAGES = {
  react: "Reaction Orders asked (Battle.Reaction)",
  lose: "losses being taken (Battle.Losses)",
  move: "retreats and advances (Battle.Retreat)",
};
const PORT = "\u2693";
const MERCANTILE = "\u2696";
const SABOTAGE = "\u2716";

const STYLE = `
.tc-panel { display: flex; flex-direction: column; gap: .5rem; font-size: .85rem; }
.tc-panel h2 { font-size: .95rem; margin: .2rem 0; }
.tc-panel .tc-status { display: flex; flex-wrap: wrap; gap: .2rem .8rem; }
.tc-panel .tc-row { display: flex; flex-wrap: wrap; gap: .35rem; align-items: center; }
.tc-panel .tc-muted { color: #5b4a35; }
.tc-boards { display: grid; grid-template-columns: repeat(auto-fill, minmax(15.5rem, 1fr)); gap: .5rem; }
.tc-board { border: 1px solid #8a7a5a; border-radius: 6px; padding: .35rem .5rem; background: #fffdf6; min-width: 0; }
.tc-board header { display: flex; align-items: center; gap: .4rem; flex-wrap: wrap; font-weight: bold; }
.tc-board table { border-collapse: collapse; margin: .2rem 0; }
.tc-board td, .tc-board th { border: 1px solid #cbbd9c; padding: .05rem .3rem; font-size: .8rem; text-align: center; font-weight: normal; }
.tc-pick, .tc-chip { font: inherit; font-size: .8rem; color: #2a1d10; border: 1px solid #8a7a5a; border-radius: 4px; background: #fff;
  padding: .05rem .35rem; }
.tc-pick { cursor: pointer; }
.tc-pick.pickable { border-color: var(--pick, #f2b705); box-shadow: 0 0 0 2px #f2b70566; background: #fff6d8; }
.tc-pick.picked { border-color: var(--picked, #c2008a); box-shadow: 0 0 0 2px #c2008a66; }
.tc-swatch { display: inline-block; min-width: 1.4rem; text-align: center; font-weight: bold; font-size: .8rem; border: 1px solid #222; border-radius: 3px; }
.tc-bidding table, .tc-diplomacy table { border-collapse: collapse; }
.tc-bidding td, .tc-bidding th, .tc-diplomacy td, .tc-diplomacy th { border: 1px solid #cbbd9c; padding: .1rem .3rem; font-size: .8rem; vertical-align: top; text-align: left; }
.tc-key ul { list-style: none; margin: .2rem 0; padding: 0; display: flex; flex-direction: column; gap: .15rem; }
.tc-key li { display: flex; align-items: center; gap: .4rem; }
svg .tc-pickable { stroke: var(--pick, #f2b705) !important; stroke-width: 4 !important; }
svg .tc-picked { stroke: var(--picked, #c2008a) !important; stroke-width: 4 !important; }
svg [data-pick] { cursor: pointer; }
svg [data-pick]:focus-visible { outline: 3px solid #1a5fb4; }
`;

function addStyle() {
  if (document.getElementById("tc-board-style")) return;
  document.head.append(hel("style", { id: "tc-board-style" }, STYLE));
}

let keyOpen = false;

// -- words ----------------------------------------------------------------------------------------
function armyName(board, army) {
  return army === "neutral" ? "Neutral" : board.armies[army]?.title || "an Army";
}

function regionOf(board, id) {
  return board.regions.find((r) => r.id === id);
}

function leaderName(board, id) {
  return board.leaders[id]?.title || "a Leader";
}

function initials(name) {
  const words = name.split(/[\s-]+/).filter((w) => /^[A-Z]/.test(w) && !/^[IVX]+$/.test(w));
  return (words.length > 1 ? words[0][0] + words[1][0] : name.slice(0, 2)).toUpperCase();
}

function orderName(board, id) {
  return board.orders[id]?.title || "an Order";
}

function cardName(board, id) {
  return board.cards[id]?.title || "an Event Card";
}

function roundName(year) {
  return String(year).replace("_", " ").replace(/\b\w/g, (x) => x.toUpperCase());
}

// A piece in a slot: its owner, what it is in words, and its letters.
function pieceOf(board, piece) {
  if (piece.includes(":")) {
    const [owner, kind] = piece.split(":");
    return { owner, words: `${armyName(board, owner)} ${UNITS[kind] || "Unit"}`, text: PAINT[owner]?.letter || "?", leader: false };
  }
  const leader = board.leaders[piece] || { title: "a Leader", army: "neutral" };
  return { owner: leader.army, words: `${leader.title}, Leader of the ${armyName(board, leader.army)}`, text: initials(leader.title), leader: true };
}

// The role whose screen the view opens: the one Army with its Orders listed (none for an observer).
function viewerOf(view) {
  const open = Object.entries(view.armies || {}).filter(([, a]) => Array.isArray(a.order_box)).map(([r]) => r);
  return open.length === 1 ? open[0] : null;
}

function legal(view) {
  return (view.legal || []).map((a) => a.map(String));
}

// -- picks ----------------------------------------------------------------------------------------
// Make ``node`` a pick of ``token``; ``outline`` shows that it may be picked (or is picked).
function pickable(node, token, label, c, onPick, outline) {
  const picked = c.picked.has(token);
  if (!picked && !c.pickable.has(token)) return false;
  node.dataset.pick = token;
  node.setAttribute("aria-label", label);
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  if (outline) outline.classList.add(picked ? "tc-picked" : "tc-pickable");
  node.addEventListener("click", (e) => {
    e.stopPropagation();
    onPick(token);
  });
  return true;
}

// The Region whose slots the step under way asks for (a muster's empty slot, the pieces a March
// takes): the innermost procedure's Region, or the Region picked already.
function slotRegion(view, c) {
  const stack = view.stack || [];
  const top = stack[stack.length - 1] || {};
  const picked = [...c.picked].find((t) => view.regions?.[t]);
  return picked || top.region || null;
}

// Tokens the legal actions name only as an Objective Card laid face down (VariableSetup.Decks): a card
// bears its main City's id, but the pick is the card beside the map, not the Region.
function cardOnly(view) {
  const cards = new Set();
  const other = new Set();
  for (const a of legal(view)) for (const t of a.slice(1)) (a[0] === "discard" ? cards : other).add(t);
  return new Set([...cards].filter((t) => !other.has(t)));
}

// Tokens the legal actions name as pieces on the map (a Leader), not as diplomacy spaces.
function piecePicks(view) {
  const out = new Set();
  for (const a of legal(view)) if (a[0] !== "move") for (const t of a.slice(1)) out.add(t);
  return out;
}

// -- shapes ---------------------------------------------------------------------------------------
function slotShape(shape, x, y, s, attrs) {
  if (shape === "hexagon") {
    const q = s / 4;
    const pts = [[x + q, y], [x + s - q, y], [x + s, y + s / 2], [x + s - q, y + s], [x + q, y + s], [x, y + s / 2]];
    return el("polygon", { points: pts.map((p) => p.join(",")).join(" "), ...attrs });
  }
  if (shape === "trapezoid") {
    const q = s / 5;
    const pts = [[x + q, y], [x + s - q, y], [x + s, y + s], [x, y + s]];
    return el("polygon", { points: pts.map((p) => p.join(",")).join(" "), ...attrs });
  }
  return el("rect", { x, y, width: s, height: s, rx: 2, ...attrs });
}

function centred(x, y, text, attrs = {}) {
  return el("text", { x, y: y + FONT * 0.36, "font-size": FONT, "text-anchor": "middle", ...attrs }, text);
}

// -- a Region -------------------------------------------------------------------------------------
function drawRegion(layer, r, view, c, onPick, picks, slotsOf) {
  const { board } = c;
  const box = board.box;
  const here = view.regions?.[r.id];
  const inPlay = Boolean(here);
  const g = el("g", { class: `region ${r.kind}${inPlay ? "" : " out"}` });
  const frame = el("rect", {
    x: r.x, y: r.y, width: box.w, height: box.h, rx: r.kind === "city" ? 6 : 14,
    fill: !inPlay ? "#e2dccb" : r.kind === "city" ? "#f6ead0" : "#f3dc9e", stroke: r.jerusalem ? "#7a1f1f" : "#5b4630",
    "stroke-width": r.jerusalem ? 3 : 1.6, "stroke-dasharray": inPlay ? null : "6 4", "data-location": r.id,
  });
  const destroyed = here?.destroyed_ports ? `(${here.destroyed_ports}${SABOTAGE})` : "";
  const marks = [r.ports ? `${PORT}${r.ports > 1 ? r.ports : ""}${destroyed}` : "", r.mercantile ? MERCANTILE : ""].filter(Boolean).join(" ");
  const about = [r.kind === "city" ? "City" : "Desert", r.jerusalem ? "Jerusalem" : "", r.ports ? `${r.ports} Port${r.ports > 1 ? "s" : ""}` : "",
    here?.destroyed_ports ? `${here.destroyed_ports} Destroyed` : "", r.mercantile ? "Mercantile City" : "", inPlay ? "" : "not in play"]
    .filter(Boolean).join(", ");
  frame.append(el("title", {}, `${r.name} (${about})`));
  g.append(frame);
  const label = el("text", {
    x: r.x + box.w / 2, y: r.y + box.pad + 13, "font-size": FONT, "font-weight": "bold", "text-anchor": "middle",
    fill: "#2a1d10", "data-location-label": r.id,
  }, `${r.name}${marks ? ` ${marks}` : ""}`);
  g.append(label);
  if (inPlay && !c.cardOnly.has(r.id)) {
    const orders = Object.keys(here.orders || {}).map((side) => ALLIANCE[side]);
    pickable(frame, r.id, `${r.name}${orders.length ? ` (Orders of the ${orders.join(" and ")} side)` : ""}`, c, onPick, frame);
    label.addEventListener("click", () => frame.dispatchEvent(new MouseEvent("click")));
  }
  r.slots.forEach((slot, i) => {
    drawSlot(g, r, slot, i, here, c, onPick, picks, slotsOf === r.id);
  });
  if (inPlay) drawOrders(g, r, here, c);
  layer.append(g);
}

function drawSlot(g, r, slot, i, here, c, onPick, picks, asked) {
  const { board } = c;
  const s = board.box.slot;
  const piece = here?.slots?.[i] ?? null;
  const token = (here?.resources || []).find((t) => t[0] === i);
  const outline = slotShape(slot.shape, slot.x, slot.y, s, { fill: "#fffdf6", stroke: "#8a7a5a", "stroke-width": 1 });
  const shapeWords = { square: "square slot", hexagon: "hexagonal slot", trapezoid: "Siege Engine slot" }[slot.shape];
  const iconWords = slot.icon ? `, printed ${ICONS[slot.icon].words}` : "";
  outline.append(el("title", {}, `${r.name}: ${shapeWords}${iconWords}`));
  g.append(outline);
  if (slot.icon && !piece) g.append(centred(slot.x + s / 2, slot.y + s / 2, ICONS[slot.icon].glyph, { fill: "#8a6d3b", "aria-hidden": "true", "pointer-events": "none" }));
  let node = null;
  if (piece === "sabotage") {
    node = el("g", { class: "sabotage" });
    node.append(slotShape(slot.shape, slot.x, slot.y, s, { fill: "#3b2f1e", stroke: "#000", "stroke-width": 1 }));
    node.append(centred(slot.x + s / 2, slot.y + s / 2, SABOTAGE, { fill: "#ff8a80" }));
    node.append(el("title", {}, `${r.name}: a Sabotage token; no piece may use this slot`));
    node.dataset.piece = `sabotage:${r.id}:${i}`;
  } else if (piece) {
    const p = pieceOf(board, piece);
    const paint = PAINT[p.owner] || PAINT.neutral;
    node = el("g", { class: `piece army-${p.owner}` });
    const body = slotShape(slot.shape, slot.x + 1, slot.y + 1, s - 2, {
      fill: paint.fill, stroke: p.leader ? "#c99a06" : "#1b140c", "stroke-width": p.leader ? 3 : 1.2,
    });
    node.append(body, centred(slot.x + s / 2, slot.y + s / 2, p.text, { fill: paint.ink, "font-weight": "bold" }));
    node.append(el("title", {}, `${r.name}: ${p.words}`));
    node.dataset.piece = `${r.id}:${i}`;
    const kind = piece.split(":")[1];
    if (p.leader && picks.has(piece)) pickable(node, piece, `${p.words} in ${r.name}`, c, onPick, body);
    else if (asked && c.pickable.has(String(i))) pickable(node, String(i), `${p.words} in ${r.name}`, c, onPick, body);
    else if (asked && kind && p.owner === c.viewer) pickable(node, kind, `one ${p.words} in ${r.name}`, c, onPick, body);
  } else if (token) {
    node = el("g", { class: "token" });
    const body = el("circle", { cx: slot.x + s / 2, cy: slot.y + s / 2, r: s / 2 - 1, fill: "#fff3c4", stroke: "#7a5c12", "stroke-width": 1.5 });
    node.append(body, centred(slot.x + s / 2, slot.y + s / 2, ICONS[token[1]]?.glyph || "?", { fill: "#5b3d00" }));
    node.append(el("title", {}, `${r.name}: a ${ICONS[token[1]]?.words || "Resource"} token`));
    node.dataset.piece = `token:${r.id}:${i}`;
    if (asked) pickable(node, String(i), `the ${ICONS[token[1]]?.words || "Resource"} token in ${r.name}`, c, onPick, body);
  } else if (asked) {
    pickable(outline, String(i), `${r.name}: the empty ${shapeWords}${iconWords}`, c, onPick, outline);
  }
  if (node) {
    node.dataset.at = r.id;
    g.append(node);
  }
}

// The Orders on a Region: the Crusader side's left, the Muslim side's right (Planning.Sides).
function drawOrders(g, r, here, c) {
  const { board } = c;
  const box = board.box;
  const w = (box.w - 2 * box.pad - 4) / 2;
  const y = r.y + box.h - box.pad - box.orders;
  ["crusader", "muslim"].forEach((side, k) => {
    const o = here.orders?.[side];
    if (!o) return;
    const x = r.x + box.pad + k * (w + 4);
    const paint = PAINT[o.army] || PAINT.neutral;
    const node = el("g", { class: "order", "data-piece": `order:${r.id}:${side}`, "data-at": r.id });
    node.append(el("rect", { x, y, width: w, height: box.orders, rx: 3, fill: o.order ? paint.fill : "#4a3b28", stroke: paint.fill, "stroke-width": 2 }));
    const name = o.order ? orderName(board, o.order) : null;
    const text = name ? `${paint.letter} ${name.slice(0, 4)}` : `${paint.letter} ?`;
    node.append(centred(x + w / 2, y + box.orders / 2, text, { fill: o.order ? paint.ink : "#fff" }));
    const facing = o.up ? "face up" : "face down";
    node.append(el("title", {}, `${r.name}: the ${armyName(board, o.army)} Order${name ? ` ${name}` : ""}, ${facing}`));
    g.append(node);
  });
}

function battleOf(view) {
  return [...(view.stack || [])].reverse().find((f) => f.kind === "battle" && f.region) || null;
}

// -- Roads and Bandits ----------------------------------------------------------------------------
function drawRoads(layer, board, view, bandits) {
  for (const road of board.roads) {
    const a = regionOf(board, road.a);
    const b = regionOf(board, road.b);
    if (!a || !b) continue;
    const live = view.regions?.[a.id] && view.regions?.[b.id];
    layer.append(el("line", {
      x1: a.cx, y1: a.cy, x2: b.cx, y2: b.cy, stroke: live ? "#8a5a2b" : "#c4b89c", "stroke-width": 4, "stroke-linecap": "round",
    }));
    const n = view.bandits?.[[a.id, b.id].sort().join("|")] || 0;
    if (n) {
      const x = (a.cx + b.cx) / 2;
      const y = (a.cy + b.cy) / 2;
      const node = el("g", { class: "bandit", "data-piece": `bandit:${a.id}:${b.id}`, "data-at": a.id });
      node.append(el("rect", { x: x - 14, y: y - 11, width: 28, height: 22, rx: 4, fill: "#1b140c", stroke: "#fff", "stroke-width": 1.5 }));
      node.append(centred(x, y, `B${n > 1 ? n : ""}`, { fill: "#fff", "font-weight": "bold" }));
      node.append(el("title", {}, `${n} Bandit${n > 1 ? "s" : ""} on the Road between ${a.name} and ${b.name}`));
      bandits.append(node);
    }
  }
}

// -- beside the map: the Glory track, the bidding board, the viewer's drawn cards -------------------
const SIDE_W = 860;
const CELL_H = 30;

function shorten(text, most) {
  return text.length > most ? `${text.slice(0, most - 1)}\u2026` : text;
}

function chip(x, y, w, text, attrs, title) {
  const g = el("g", {});
  const body = el("rect", { x, y, width: w, height: CELL_H - 4, rx: 4, ...attrs });
  g.append(body, el("text", { x: x + 6, y: y + 17, "font-size": FONT, fill: attrs.ink || "#2a1d10" }, text));
  if (title) g.append(el("title", {}, title));
  return { g, body };
}

// The Glory track: -13 (the Muslim end) to +13 (the Crusader end), the marker on its space (R19).
function drawGlory(layer, view, x0, y0) {
  const step = SIDE_W / 27;
  layer.append(el("text", { x: x0, y: y0, "font-size": 14, "font-weight": "bold", fill: "#2a1d10" }, "Glory track"));
  for (let i = -13; i <= 13; i += 1) {
    const x = x0 + (i + 13) * step;
    const here = i === (view.glory || 0);
    layer.append(el("rect", { x, y: y0 + 8, width: step - 2, height: 24, fill: here ? "#2a1d10" : i < 0 ? "#d7e8d0" : i > 0 ? "#f3d6d3" : "#fff", stroke: "#8a7a5a" }));
    if (here || i % 5 === 0) {
      layer.append(centred(x + step / 2 - 1, y0 + 20, here ? "\u25C6" : String(Math.abs(i)), { fill: here ? "#fff" : "#5b4a35" }));
    }
  }
  const words = view.glory ? `${Math.abs(view.glory)} towards the ${view.glory > 0 ? "Crusaders" : "Muslims"}` : "at the centre";
  layer.append(el("text", { x: x0, y: y0 + 50, "font-size": FONT, fill: "#2a1d10" }, `Muslim end left, Crusader end right; the marker (\u25C6) ${words}`));
  return y0 + 70;
}

function drawBidding(layer, view, c, onPick, x0, y0) {
  const { board } = c;
  const slots = board.bid_slots;
  const nameW = 150;
  const w = (SIDE_W - nameW) / slots.length;
  layer.append(el("text", { x: x0, y: y0, "font-size": 14, "font-weight": "bold", fill: "#2a1d10" }, "Bidding board (Strategy.Pick)"));
  let y = y0 + 10;
  slots.forEach((n, i) => {
    layer.append(el("text", { x: x0 + nameW + i * w + 4, y: y + 16, "font-size": FONT, fill: "#5b4a35" }, `${n} command points`));
  });
  y += CELL_H;
  const legalPicks = (view.legal || []).filter((a) => a[0] === "pick");
  for (const [army, row] of Object.entries(view.bidding || {})) {
    const paint = PAINT[army] || PAINT.neutral;
    const { g: tag } = chip(x0, y, nameW - 8, shorten(armyName(board, army), 18), { fill: paint.fill, stroke: "#1b140c", ink: paint.ink });
    layer.append(tag);
    if (!row.length) {
      layer.append(el("text", { x: x0 + nameW + 4, y: y + 17, "font-size": FONT, fill: "#5b4a35" }, "no cards laid yet"));
    }
    row.forEach((card, i) => {
      const x = x0 + nameW + i * w;
      const title = card === null ? `${armyName(board, army)} row, ${slots[i]} command points: taken` : `${armyName(board, army)} row, ${slots[i]} command points: ${cardName(board, card)}`;
      const { g, body } = chip(x, y, w - 6, card === null ? "taken" : shorten(cardName(board, card), 24), { fill: card === null ? "#e7e0cf" : "#fffdf6", stroke: "#8a7a5a" }, title);
      if (card !== null && legalPicks.some((a) => a[1] === army && a[2] === slots[i])) {
        g.dataset.pick = `${army}:${slots[i]}`;
        g.setAttribute("aria-label", `pick ${cardName(board, card)} from the ${armyName(board, army)} row for ${slots[i]} command points`);
        g.setAttribute("tabindex", "0");
        g.setAttribute("role", "button");
        body.classList.add("tc-pickable");
        g.addEventListener("click", (e) => {
          e.stopPropagation();
          for (const t of [army, String(slots[i])]) if (!c.picked.has(t)) onPick(t);
        });
      }
      layer.append(g);
    });
    y += CELL_H;
  }
  return y + 10;
}

// The viewer's drawn Event Cards, to lay one under each slot in the order picked (Strategy.Place).
function drawDrawn(layer, view, c, onPick, x0, y0) {
  const { board } = c;
  const viewer = viewerOf(view);
  const drawn = viewer ? view.armies[viewer].drawn : [];
  if (!Array.isArray(drawn) || !drawn.length) return y0;
  layer.append(el("text", { x: x0, y: y0, "font-size": 14, "font-weight": "bold", fill: "#2a1d10" }, "Your drawn Event Cards, to lay face down under the slots 2 to 5"));
  const w = SIDE_W / 2;
  drawn.forEach((id, i) => {
    const x = x0 + (i % 2) * w;
    const y = y0 + 10 + Math.floor(i / 2) * CELL_H;
    const { g, body } = chip(x, y, w - 6, shorten(cardName(board, id), 40), { fill: "#fffdf6", stroke: "#8a7a5a" }, cardName(board, id));
    pickable(g, id, `lay ${cardName(board, id)}`, c, onPick, body);
    layer.append(g);
  });
  return y0 + 10 + Math.ceil(drawn.length / 2) * CELL_H + 10;
}

// -- the variable set-up (VariableSetup) -----------------------------------------------------------
// The Objective Card ``view``'s viewer has laid face down: sealed on the stack until every player has
// chosen, then in the view's variable key (VariableSetup.Decks).
function laidDown(view, viewer) {
  const top = (view.stack || [])[(view.stack || []).length - 1] || {};
  const sealed = top.kind === "variable_discard" ? top.sealed?.[viewer] : null;
  if (Array.isArray(sealed)) return { card: String(sealed[1]), sealed: true };
  const laid = view.variable?.discarded?.[viewer];
  return typeof laid === "string" ? { card: laid, sealed: false } : null;
}

// Whether ``army`` has laid a card face down, as anyone may know it (VariableSetup.Decks).
function hasLaid(view, army) {
  const top = (view.stack || [])[(view.stack || []).length - 1] || {};
  return Boolean(view.variable?.discarded?.[army]) || Boolean(top.kind === "variable_discard" && top.sealed?.[army]);
}

// The pieces the legal deployments name (VariableSetup.Forces): a Unit type or a Leader.
function deployPieces(view) {
  return [...new Set((view.legal || []).filter((a) => a[0] === "deploy").map((a) => String(a[1])))];
}

// Beside the map while the variable set-up is under way: each Army's row (its shown Objectives, or
// how many it holds and whether it has laid one down; its points left; its Desert), then the
// viewer's dealt cards (a pick while it lays one face down) and the pieces it may deploy.
function drawVariable(layer, view, c, onPick, x0, y0) {
  const v = view.variable;
  if (!v?.points) return y0;
  const { board } = c;
  const viewer = viewerOf(view);
  const nameW = 150;
  const cardW = 150;
  layer.append(el("text", { x: x0, y: y0 + 10, "font-size": 14, "font-weight": "bold", fill: "#2a1d10" }, "Variable set-up: Objective Cards shown, points, Desert (VariableSetup)"));
  let y = y0 + 20;
  for (const [army, points] of Object.entries(v.points)) {
    const paint = PAINT[army] || PAINT.neutral;
    const row = el("g", { class: "variable-row", "data-army": army });
    row.append(chip(x0, y, nameW - 8, shorten(armyName(board, army), 18), { fill: paint.fill, stroke: "#1b140c", ink: paint.ink }).g);
    const shown = v.revealed?.[army] || [];
    shown.forEach((card, i) => {
      const name = board.objectives[card] || "a City";
      row.append(chip(x0 + nameW + i * cardW, y, cardW - 6, shorten(name, 18), { fill: "#fffdf6", stroke: "#8a7a5a" }, `${armyName(board, army)} shows the ${name} Objective`).g);
    });
    const held = v.hands?.[army];
    const count = Array.isArray(held) ? held.length : held || 0;
    const hidden = shown.length ? "" : `${count} dealt, ${hasLaid(view, army) ? "one laid face down" : "choosing one to lay face down"}`;
    const desert = v.deserts?.[army] ? regionOf(board, v.deserts[army])?.name || "a Desert" : "none yet";
    const words = `${hidden}${hidden ? "; " : ""}${points} point${points === 1 ? "" : "s"} left; Desert: ${desert}`;
    row.append(el("text", { x: x0 + nameW + (shown.length ? shown.length * cardW : 0) + 4, y: y + 17, "font-size": FONT, fill: "#2a1d10" }, words));
    layer.append(row);
    y += CELL_H;
  }
  const mine = viewer && Array.isArray(v.hands?.[viewer]) ? v.hands[viewer] : [];
  const laid = viewer ? laidDown(view, viewer) : null;
  if (mine.length || laid) {
    layer.append(el("text", { x: x0, y: y + 16, "font-size": FONT, "font-weight": "bold", fill: "#2a1d10" }, "Dealt to you:"));
    const cards = mine.length ? mine : [laid.card];
    cards.forEach((card, i) => {
      const name = board.objectives[card] || "a City";
      const down = laid?.card === card;
      const text = down ? `${shorten(name, 12)} (face down)` : shorten(name, 18);
      const title = down ? `the ${name} Objective, laid face down${laid.sealed ? " (sealed until every player has chosen)" : ""}` : `the ${name} Objective, dealt to you`;
      const { g, body } = chip(x0 + nameW + i * cardW, y, cardW - 6, text, { fill: down ? "#4a3b28" : "#fffdf6", stroke: "#8a7a5a", ink: down ? "#fff" : "#2a1d10" }, title);
      g.classList.add("dealt-card");
      g.dataset.card = card;
      pickable(g, card, `lay the ${name} Objective face down`, c, onPick, body);
      layer.append(g);
    });
    y += CELL_H;
  }
  const pieces = deployPieces(view);
  if (pieces.length) {
    layer.append(el("text", { x: x0, y: y + 16, "font-size": FONT, "font-weight": "bold", fill: "#2a1d10" }, "You may deploy:"));
    const w = (SIDE_W - nameW) / 3;
    pieces.forEach((piece, i) => {
      const words = board.variable?.pieces?.[piece] || piece;
      const x = x0 + nameW + (i % 3) * w;
      const { g, body } = chip(x, y + Math.floor(i / 3) * CELL_H, w - 6, shorten(words, 30), { fill: "#fffdf6", stroke: "#8a7a5a" }, words);
      g.classList.add("deploy-piece");
      pickable(g, piece, `deploy ${words}`, c, onPick, body);
      layer.append(g);
    });
    y += Math.ceil(pieces.length / 3) * CELL_H;
  }
  return y + 10;
}

// A dashed ring in its Army's colour round the Desert each Army deploys into (VariableSetup.Deploy.2).
function drawDeserts(layer, view, board) {
  Object.entries(view.variable?.deserts || {}).filter(([, d]) => d).forEach(([army, id], k) => {
    const r = regionOf(board, id);
    if (!r) return;
    const ring = el("rect", {
      x: r.x - 3 - 3 * k, y: r.y - 3 - 3 * k, width: board.box.w + 6 + 6 * k, height: board.box.h + 6 + 6 * k, rx: 16, fill: "none",
      stroke: (PAINT[army] || PAINT.neutral).fill, "stroke-width": 3, "stroke-dasharray": "8 4", class: "desert-ring", "data-army": army, "pointer-events": "none",
    });
    ring.append(el("title", {}, `${r.name}: the Desert the ${armyName(board, army)} deploys into`));
    layer.append(ring);
  });
}

export function draw(svg, view, onPick, ctx) {
  const board = ctx?.board;
  if (!board || !view) return;
  addStyle();
  const c = { pickable: new Set(), picked: new Set(), ...ctx };
  svg.textContent = "";
  const ground = el("g", { class: "ground" });
  const roads = el("g", { class: "roads" });
  const regions = el("g", { class: "regions" });
  const bandits = el("g", { class: "bandits" });
  const north = board.regions.some((r) => r.board === "north" && view.regions?.[r.id]);
  for (const [id, b] of Object.entries(board.boards)) {
    const live = id === "south" || north;
    ground.append(el("rect", { x: 8, y: b.top, width: board.width - 16, height: b.bottom - b.top, rx: 12, fill: live ? "#efe3c4" : "#ddd6c4", stroke: "#8a7a5a", "stroke-width": 2 }));
    ground.append(el("text", { x: 20, y: b.top + 22, "font-size": 16, "font-weight": "bold", fill: "#3b2f1e" }, `${b.title}${live ? "" : ": not in play"}`));
  }
  drawRoads(roads, board, view, bandits);
  const picks = piecePicks(view);
  const slotsOf = slotRegion(view, c);
  c.viewer = viewerOf(view);
  c.cardOnly = cardOnly(view);
  for (const r of board.regions) drawRegion(regions, r, view, c, onPick, picks, slotsOf);
  const battle = battleOf(view);
  const fought = battle && regionOf(board, battle.region);
  if (fought) {
    regions.append(el("rect", {
      x: fought.x - 5, y: fought.y - 5, width: board.box.w + 10, height: board.box.h + 10, rx: 10, fill: "none", stroke: "#111",
      "stroke-width": 3, "stroke-dasharray": "10 5", class: "battle-ring", "pointer-events": "none",
    }));
  }
  drawDeserts(regions, view, board);
  const side = el("g", { class: "beside" });
  const x0 = board.width + 10;
  const south = board.boards.south;
  let y = drawGlory(side, view, x0, south.top + 24);
  const setUp = drawVariable(side, view, c, onPick, x0, y + 10);
  y = drawBidding(side, view, c, onPick, x0, setUp + 10);
  const bottom = drawDrawn(side, view, c, onPick, x0, y + 10);
  side.prepend(el("rect", { x: x0 - 8, y: south.top, width: SIDE_W + 20, height: bottom - south.top, rx: 12, fill: "#efe3c4", stroke: "#8a7a5a", "stroke-width": 2 }));
  const width = board.width + SIDE_W + 30;
  svg.append(el("rect", { x: 0, y: 0, width, height: board.height, fill: "#d8ccb0", class: "land" }), ground, roads, regions, bandits, side);
  svg.setAttribute("viewBox", `0 0 ${width} ${board.height}`);
  svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
  svg.setAttribute("aria-label", north ? "The north and south map boards" : "The south map board");
  svg.dataset.minScale = "1";
  const area = north ? `0 0 ${width} ${board.height}` : `0 ${south.top} ${width} ${south.bottom - south.top}`;
  const bidding = (view.legal || []).some((a) => (a[0] === "place" && a.length > 2) || a[0] === "pick" || a[0] === "discard");
  const beside = `${x0 - 10} ${south.top} ${SIDE_W + 30} ${bottom - south.top + 10}`;
  svg.dataset.focus = bidding ? beside : fought ? `${Math.max(0, fought.x - 200)} ${Math.max(0, fought.y - 150)} ${board.box.w + 400} ${board.box.h + 300}` : area;
}

// -- the panel ------------------------------------------------------------------------------------
function swatch(army) {
  const p = PAINT[army] || PAINT.neutral;
  return hel("span", { class: "tc-swatch", style: `background:${p.fill};color:${p.ink}`, "aria-hidden": "true" }, p.letter);
}

// A button picking ``token``, or a plain chip when it may not be picked now.
function pickButton(token, label, text, c) {
  const live = c.onPick && (c.pickable.has(token) || c.picked.has(token));
  if (!live) return hel("span", { class: "tc-chip" }, text);
  const done = c.picked.has(token);
  return hel("button", {
    type: "button", class: `tc-pick ${done ? "picked" : "pickable"}`, "data-pick": token, "aria-label": label, onclick: () => c.onPick(token),
  }, text);
}

function status(view, board) {
  const glory = view.glory || 0;
  const towards = glory === 0 ? "at the centre" : `${Math.abs(glory)} towards the ${glory > 0 ? "Crusaders" : "Muslims"}`;
  const marker = (m) => (!m ? null : m[0] === null || m[1] === 0 ? "at the centre" : `${m[1]} towards the ${armyName(board, m[0])}`);
  const bits = [
    hel("strong", {}, `Round ${roundName(view.round)}: ${view.phase_name}`),
    `Glory ${towards}`,
    `Initiative: ${(view.initiative || []).map((a) => armyName(board, a)).join(" > ")}`,
    ...Object.entries(view.faith || {}).map(([side, m]) => `${ALLIANCE[side]} Faith ${marker(m)}`),
    ...Object.entries(view.mercantile || {}).filter(([, m]) => m).map(([side, m]) => `${ALLIANCE[side]} Mercantile ${marker(m)}`),
    view.solo ? `Bots played by the rules: ${view.solo.bots.map((a) => `${armyName(board, a)}${view.solo.column[a] ? ` (column ${view.solo.column[a]})` : ""}`).join(", ")}` : null,
    view.mission ? `Mission: ${board.missions[view.mission] || "a Mission"}` : null,
    view.next_mission ? `next Mission: ${board.missions[view.next_mission] || "a Mission"}` : null,
    view.diplomacy_card ? `Diplomacy Card: ${board.diplomacy_cards[view.diplomacy_card] || "a card"}` : null,
    view.result ? `The game is over: ${(view.result.winners || []).map((a) => armyName(board, a)).join(" and ")} won` : null,
  ].filter(Boolean);
  return hel("div", { class: "tc-status" }, bits.map((b) => hel("span", {}, b)));
}

// The viewer's own cards and Orders: what it may play, lay, place or buy is a pick.
function screen(view, board, viewer, c) {
  if (!viewer) return null;
  const a = view.armies[viewer];
  const rows = [];
  if (Array.isArray(a.drawn) && a.drawn.length) {
    rows.push(hel("div", {}, `Drawn, to lay on the bidding board (beside the map): ${a.drawn.map((id) => cardName(board, id)).join(", ")}`));
  }
  rows.push(hel("div", { class: "tc-row" }, hel("span", {}, "Event Cards to play:"),
    a.event_cards.length ? a.event_cards.map((id) => pickButton(id, `play ${cardName(board, id)}`, cardName(board, id), c)) : hel("span", { class: "tc-muted" }, "none")));
  rows.push(hel("div", { class: "tc-row" }, hel("span", {}, "Orders behind your screen:"),
    a.order_box.map((id) => pickButton(id, `place ${orderName(board, id)}`, orderName(board, id), c))));
  const buy = a.advanced.filter((id) => c.pickable.has(id) || c.picked.has(id));
  if (buy.length) rows.push(hel("div", { class: "tc-row" }, hel("span", {}, "Advanced Orders:"), buy.map((id) => pickButton(id, `buy ${orderName(board, id)}`, orderName(board, id), c))));
  if (Array.isArray(a.objectives)) rows.push(hel("div", {}, `Your Objectives: ${a.objectives.map((o) => board.objectives[o] || "a City").join(", ") || "none"}`));
  return hel("section", { class: "tc-board", "aria-label": "Behind your screen" }, hel("header", {}, swatch(viewer), `Behind your screen (${armyName(board, viewer)})`), rows);
}

// The variable set-up in words: each Army's shown Objectives, points left and Desert; the viewer's
// dealt cards and the one it laid face down; what it may deploy and where (VariableSetup).
function variablePanel(view, board, viewer, c) {
  const v = view.variable;
  if (!v) return null;
  const objective = (o) => board.objectives[o] || "a City";
  const rows = Object.entries(v.revealed || {}).map(([army, shown]) => {
    const held = v.hands?.[army];
    const count = Array.isArray(held) ? held.length : held || 0;
    const cards = shown.length ? `shows ${shown.map(objective).join(", ")}`
      : `${count} Objective Cards dealt, ${hasLaid(view, army) ? "one laid face down" : "choosing one to lay face down"}`;
    const points = v.points ? `; ${v.points[army]} deployment point${v.points[army] === 1 ? "" : "s"} left` : "";
    const desert = v.points ? `; Desert: ${v.deserts?.[army] ? regionOf(board, v.deserts[army])?.name || "a Desert" : "none yet"}` : "";
    return hel("div", { "data-army": army }, swatch(army), ` ${armyName(board, army)}: ${cards}${points}${desert}`);
  });
  const mine = viewer && Array.isArray(v.hands?.[viewer]) ? v.hands[viewer] : [];
  if (mine.length) {
    rows.push(hel("div", { class: "tc-row" }, hel("span", {}, "Dealt to you:"),
      mine.map((o) => pickButton(o, `lay the ${objective(o)} Objective face down`, objective(o), c))));
  }
  const laid = viewer ? laidDown(view, viewer) : null;
  if (laid) rows.push(hel("div", {}, `You laid the ${objective(laid.card)} Objective face down${laid.sealed ? " (sealed until every player has chosen)" : ""}.`));
  const pieces = deployPieces(view);
  if (pieces.length) {
    rows.push(hel("div", { class: "tc-row" }, hel("span", {}, "Deploy:"),
      pieces.map((p) => pickButton(p, `deploy ${board.variable?.pieces?.[p] || p}`, board.variable?.pieces?.[p] || p, c))));
    const places = [...new Set((view.legal || []).filter((a) => a[0] === "deploy").map((a) => String(a[2])))];
    rows.push(hel("div", { class: "tc-row" }, hel("span", {}, "Into (or pick the Region on the map):"),
      places.map((r) => pickButton(r, `deploy into ${regionOf(board, r)?.name || "a Region"}`, regionOf(board, r)?.name || "a Region", c))));
  }
  const title = v.points ? "The variable set-up (VariableSetup)" : "Objectives shown at the variable set-up (VariableSetup.Deploy)";
  return hel("section", { class: "tc-board tc-variable", "aria-label": "The variable set-up" }, hel("header", {}, title), rows);
}

// The bidding board: each Army's row of Event Cards under the slots worth 2 to 5 command points.
function bidding(view, board, c) {
  const rows = Object.entries(view.bidding || {}).filter(([, row]) => row.length);
  if (!rows.length) return null;
  const slots = board.bid_slots;
  return hel("section", { class: "tc-bidding", "aria-label": "The bidding board" }, hel("h2", {}, "The bidding board (Strategy.Pick)"),
    hel("table", {}, hel("tr", {}, hel("th", {}, "Row"), slots.map((n) => hel("th", {}, `${n} command points`))),
      rows.map(([army, row]) => hel("tr", {}, hel("th", {}, swatch(army), ` ${armyName(board, army)}`),
        slots.map((n, i) => {
          const card = row[i];
          if (card === undefined) return hel("td", {}, "");
          if (card === null) return hel("td", { class: "tc-muted" }, "taken");
          const mine = c.pickable.has(army) && c.pickable.has(String(n));
          const live = mine && (view.legal || []).some((a) => a[0] === "pick" && a[1] === army && a[2] === n);
          return hel("td", {}, live
            ? hel("button", { type: "button", class: "tc-pick pickable", "data-pick": `${army}:${n}`, "aria-label": `pick ${cardName(board, card)} for ${n} command points`,
              onclick: () => { c.onPick(army); c.onPick(String(n)); } }, cardName(board, card))
            : cardName(board, card));
        })))));
}

// The diplomacy board: its spaces by row, the pawns on them, the marked ones (Diplomacy.Board).
function diplomacy(view, board, c) {
  const at = {};
  for (const [army, a] of Object.entries(view.armies || {})) {
    at[a.diplomacy_at] = [...(at[a.diplomacy_at] || []), army];
  }
  const byRow = {};
  for (const [id, s] of Object.entries(board.spaces)) byRow[s.row] = [...(byRow[s.row] || []), [id, s]];
  const cell = ([id, s]) => {
    const mark = view.diplomacy_marks?.[id];
    const label = `${s.words}${mark ? `, marked by the ${armyName(board, mark)}` : ""}`;
    return hel("td", {}, pickButton(id, `move to ${label}`, s.words.replace(/^row \d+ /, ""), c),
      mark ? hel("span", {}, " ", swatch(mark), " marked") : null,
      (at[id] || []).map((a) => hel("span", {}, " ", swatch(a), ` ${armyName(board, a)}`)));
  };
  const start = (at.start || []).map((a) => armyName(board, a)).join(", ");
  return hel("section", { class: "tc-diplomacy", "aria-label": "The diplomacy board" }, hel("h2", {}, "The diplomacy board (Diplomacy.Board)"),
    hel("table", {}, Object.keys(byRow).sort((a, b) => b - a).map((row) => hel("tr", {}, hel("th", {}, `Row ${row}`),
      byRow[row].sort((a, b) => a[1].x - b[1].x).map(cell)))),
    start ? hel("div", { class: "tc-muted" }, `At the start: ${start}`) : null);
}

// The Battle under way: where, who attacks whom, the step (Battle).
function battlePanel(view, board) {
  const f = battleOf(view);
  if (!f) return null;
  const where = regionOf(board, f.region)?.name || "a Region";
  const from = f.origin ? ` from ${regionOf(board, f.origin)?.name || "a Region"}` : "";
  const step = STAGES[f.stage] || "about to be fought";
  return hel("section", { class: "tc-board", "aria-label": "The Battle under way" },
    hel("header", {}, `\u2694 Battle in ${where} (dashed black frame on the map)`),
    hel("div", {}, `The ${armyName(board, f.attacker)} attacks${from}; the ${armyName(board, f.defender)} defends; now: ${step}.`));
}

// With the option refill_chosen_section (R13): the Units each Section holds, left to right, the
// supply a Section not full asks at upkeep (Upkeep.4.A) and the Units waiting for their owner to
// choose a Section; the viewer's own Sections are picks when it is asked that choice.
function sectionsLine(view, board, army, c) {
  const a = view.armies[army];
  const mine = army === viewerOf(view) && a.sections.returning.length > 0;
  const cells = (board.sections || []).map((s, i) => {
    const held = a.sections.held[i];
    const text = `${UNITS[s.unit]} ${held}/${s.size}${held < s.size ? ` (supply ${s.supply})` : ""}`;
    return mine ? pickButton(s.id, `put the returned Unit into the Section ${text}`, text, c) : hel("span", { class: "tc-chip" }, text);
  });
  const waiting = a.sections.returning.map((k) => UNITS[k]).join(", ");
  return hel("div", { class: "tc-sections" }, "Units by Section: ", cells, waiting ? ` Waiting for a Section: ${waiting}` : null);
}

function armyBoard(view, board, army, c) {
  const a = view.armies[army];
  const t = a.tracks;
  const count = (x) => (Array.isArray(x) ? x.length : x);
  return hel("section", { class: "tc-board", "aria-label": `${a.name}'s board` },
    hel("header", {}, swatch(army), `${a.name} (${ALLIANCE[a.alliance]})`),
    hel("table", {}, hel("tr", {}, ["Base", "Current", "Crowns", "Supply", "Gold"].map((k) => hel("th", {}, k))),
      hel("tr", {}, [t.base, t.current, t.crowns, t.supply, t.gold].map((v) => hel("td", {}, String(v))))),
    a.sections ? hel("div", {}, `Gold chits ${a.gold}`) : hel("div", {}, `Gold chits ${a.gold}; on its board: ${Object.entries(a.board_units).map(([k, n]) => `${n} ${UNITS[k]}`).join(", ")}`),
    a.sections ? sectionsLine(view, board, army, c) : null,
    a.leaders_beside.length ? hel("div", {}, `Leaders beside the board: ${a.leaders_beside.map((x) => leaderName(board, x)).join(", ")}`) : null,
    hel("div", { class: "tc-muted" }, `Event deck ${a.event_deck}; Event Cards to play ${count(a.event_cards)}; Orders behind the screen ${count(a.order_box)}; Objectives ${count(a.objectives)}; diplomacy markers ${a.markers}`),
    a.executed.length ? hel("div", {}, `Executed: ${a.executed.map((o) => orderName(board, o)).join(", ")}`) : null);
}

function keyGlyph(node) {
  const s = el("svg", { viewBox: "-2 -2 30 30", width: 30, height: 30, "aria-hidden": "true" });
  s.append(node);
  return s;
}

function legend(view, board) {
  const armies = Object.keys(view.armies || {});
  const piece = (army) => {
    const g = el("g", {});
    g.append(el("rect", { x: 0, y: 0, width: 26, height: 26, rx: 2, fill: PAINT[army].fill, stroke: "#1b140c" }), centred(13, 13, PAINT[army].letter, { fill: PAINT[army].ink, "font-weight": "bold" }));
    return g;
  };
  const icons = Object.values(ICONS).map((i) => `${i.glyph} ${i.words}`).join(", ");
  const rows = [
    ...[...armies, "neutral"].map((a) => hel("li", {}, keyGlyph(piece(a)), hel("span", {}, a === "neutral" ? "Neutral pieces (white, N)" : `${view.armies[a].name} pieces (letter ${PAINT[a].letter})`))),
    hel("li", {}, hel("span", {}, "Slot shapes (Glossary.Slots): square for Infantry and square Leaders, hexagon for Cavalry and hexagonal Leaders, trapezoid for a Siege Engine. A piece with two initials and a gold rim is a Leader.")),
    hel("li", {}, hel("span", {}, `Icons printed on empty slots: ${icons}; a round yellow chip is a Resource token placed there.`)),
    hel("li", {}, hel("span", {}, `${SABOTAGE} on a dark slot: Sabotage. ${PORT} a Port (a number: how many; (1${SABOTAGE}): one Destroyed Port on it), ${MERCANTILE} a Mercantile City; red frame: Jerusalem; rounded sandy boxes are Deserts.`)),
    hel("li", {}, hel("span", {}, "Bottom of a Region: the Orders placed there, the Crusader side's left, the Muslim side's right; a dark chip with ? is face down. B on a Road: Bandits (a number: how many).")),
    hel("li", {}, hel("span", {}, "Gold outline: may be picked now; magenta: picked. Dashed grey: not in play in this game. Dashed black frame: the Battle under way.")),
    view.variable && board.variable ? hel("li", {}, hel("span", {}, board.variable.key)) : null,
  ];
  const details = hel("details", { class: "tc-key", open: keyOpen, "data-board-key": "" }, hel("summary", {}, "Key to the board"), hel("ul", {}, rows));
  details.addEventListener("toggle", () => { keyOpen = details.open; });
  return details;
}

export function panel(view, ctx) {
  if (!view || !ctx?.board) return null;
  addStyle();
  const board = ctx.board;
  const c = { pickable: new Set(), picked: new Set(), ...ctx };
  const viewer = viewerOf(view);
  return hel("div", { class: "tc-panel" },
    status(view, board),
    battlePanel(view, board),
    screen(view, board, viewer, c),
    variablePanel(view, board, viewer, c),
    bidding(view, board, c),
    hel("div", { class: "tc-boards" }, Object.keys(view.armies || {}).map((a) => armyBoard(view, board, a, c))),
    diplomacy(view, board, c),
    legend(view, board));
}
