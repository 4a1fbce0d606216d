// Kingdom of Heaven: the board drawn in SVG from the title's board description (GET
// /api/titles/kingdom-of-heaven/board: each space and box as a card placed from the map pack's
// latitude and longitude, with its terrain, stronghold site and VP; the links by kind; the province
// hulls; the names of Powers, leaders and cards) and a seat's view (every stack, open to both
// players, §10.5.1; castles and walled cities with their holders; sieges; the political status
// track; VP, turn, phase; the hands as far as the viewer may see them). Loaded by the generic game
// page, which calls
//   draw(svg, view, onPick, ctx)   ctx = {board, pickable: Set, picked: Set}: the map;
//   panel(view, ctx)               ctx = {board, pickable, picked, onPick, log}: the turn, the
//                                  procedure under way (battle, siege, response window), the
//                                  siege events laid in a siege's exchange, the choices named in words, the hand, the political status track,
//                                  the stack opened from the map, the key.
// Clicking a space or box the legal actions name, a card of the hand or a choice calls onPick with
// the id the legal actions name; the page narrows the legal actions. The opponent's hand arrives as
// its size and the cards of it the viewer knows (§13.6): nothing here knows more than the view.
//
// The board's contract (docs/writing-a-title.md section 10): the map is in map units at one CSS px
// per unit or more, every text at least FONT units; each space's card carries data-location, its
// name data-location-label; each stack chip data-piece and data-at, inside its own card; what may
// be picked data-pick and an aria-label; the key data-board-key. The sides are told apart by
// colour and by a mark: a cross and a square chip for the Christian, a crescent and a round chip
// for the Muslim, a circle for a neutral Power. Named for tests too (tests/e2e/test_kingdom_of_heaven.py):
// a province's hull data-province, the owner's bar on a card data-owner, a siege marker data-siege,
// a row of the political status track data-marker.

import { h as hel, svg as el } from "/static/api.js";

const FONT = 12; // map units: the smallest text (12 CSS px at the first scale)
const PAD = 6;
const SIDES = {
  christian: { fill: "#1f4e9a", ink: "#fff", mark: "\u271D", word: "Christian", round: false },
  muslim: { fill: "#2e6b34", ink: "#fff", mark: "\u262A", word: "Muslim", round: true },
  neutral: { fill: "#6b6259", ink: "#fff", mark: "\u25CB", word: "neutral", round: true },
};
const LINKS = {
  normal: { stroke: "#8c7b63", dash: null, width: 2.5, word: "a link" },
  pass: { stroke: "#7a3b12", dash: "10 6", width: 3.5, word: "a pass" },
  desert: { stroke: "#d08a1c", dash: "3 5", width: 3.5, word: "a desert link" },
};
const CASTLE = "\u265C";
const CITY = "\u25A3";
const ANCHOR = "\u2693";
const SWORDS = "\u2694";
const WORDS = {
  full: "full strength", reduced: "reduced", leader: "leader", field: "outside", inside: "inside the stronghold",
  done: "done", pass: "pass", advantage: "the Diplomatic Advantage", christian: "the Christian", muslim: "the Muslim",
};
const FRAMES = {
  battle: "Battle", siege: "Siege", assault: "Assault", response: "Response window", event: "Event",
  activation: "Activation", march: "March", naval: "Naval move", reactions: "Interception and avoidance",
  stronghold_entry: "Entering a stronghold", retreat: "Retreat", besiege: "Laying siege", call: "Call for Surrender",
  diplomacy: "Diplomacy", realign: "Realignment", ransom: "Ransom", replacement: "Replacement",
  muster: "Muster", reinforce: "Reinforcements", leader_loss: "Leader loss", forage: "Foraging",
  demobilize: "Demobilization", crusade: "Crusade", advantage: "Diplomatic Advantage", shadow: "Shadowing",
};
const QUIET = new Set(["turn", "strategy", "round"]);

const STYLE = `
.koh-panel { display: flex; flex-direction: column; gap: .45rem; font-size: .85rem; }
.koh-panel h2 { font-size: .95rem; margin: .15rem 0; }
.koh-row { display: flex; flex-wrap: wrap; gap: .35rem; align-items: stretch; }
.koh-status { display: flex; flex-wrap: wrap; gap: .2rem .9rem; }
.koh-box { border: 1px solid #8a7a5a; border-radius: 6px; padding: .3rem .5rem; background: #fffaf0; }
.koh-window { border: 2px solid #3b2f1e; background: #fbf3e2; }
.koh-card { display: flex; flex-direction: column; gap: .1rem; width: 10.5rem; max-width: 100%; padding: .3rem .4rem;
  border: 1px solid #8a7a5a; border-radius: 6px; background: #fff; color: inherit; font: inherit; font-size: .8rem; text-align: left; }
button.koh-card, .koh-pick { cursor: pointer; }
.koh-pick { font: inherit; font-size: .8rem; color: #2a1d10; border: 1px solid #8a7a5a; border-radius: 4px; background: #fff; padding: .1rem .4rem; }
.koh-card.pickable, .koh-pick.pickable { border-color: var(--pick, #f2b705); box-shadow: 0 0 0 2px #f2b70566; background: #fff6d8; }
.koh-card.picked, .koh-pick.picked { border-color: var(--picked, #c2008a); box-shadow: 0 0 0 2px #c2008a66; }
.koh-muted { color: #5b4a35; }
.koh-track { border-collapse: collapse; }
.koh-track td, .koh-track th { border: 1px solid #cbbd9c; padding: .05rem .35rem; font-size: .8rem; font-weight: normal; text-align: center; }
.koh-track th { text-align: left; }
.koh-track td.at { font-weight: bold; color: #fff; }
.koh-chip { display: inline-block; min-width: 1.6rem; padding: 0 .25rem; border: 1px solid #222; font-weight: bold; text-align: center; }
.koh-key ul { list-style: none; margin: .2rem 0; padding: 0; display: flex; flex-direction: column; gap: .15rem; }
.koh-stack ul, .koh-laid { margin: .2rem 0; padding-left: 1.1rem; }
.koh-laid .koh-cancelled strong { text-decoration: line-through; }
svg .koh-pickable { stroke: var(--pick, #f2b705) !important; stroke-width: 5 !important; }
svg .koh-picked { stroke: var(--picked, #c2008a) !important; stroke-width: 5 !important; }
svg [data-pick], svg [data-piece] { cursor: pointer; }
svg [data-pick]:focus-visible, svg [data-piece]:focus-visible { outline: 3px solid #1a5fb4; }
`;

function addStyle() {
  if (document.getElementById("koh-board-style")) return;
  document.head.append(hel("style", { id: "koh-board-style" }, STYLE));
}

let keyOpen = false;
let openStack = null; // the chip whose stack is listed in the panel: "space|side|place"
let last = { view: null, board: null };

// -- words -----------------------------------------------------------------------------------------
function words(id) {
  return String(id).replace(/_/g, " ");
}

function placeOf(board, id) {
  return board.spaces.find((s) => s.id === id) || board.boxes.find((b) => b.id === id) || null;
}

function placeName(board, id) {
  return placeOf(board, id)?.name || words(id);
}

function powerName(board, id) {
  return board.powers[id]?.title || words(id);
}

function leaderName(board, id) {
  return board.leaders[id]?.title || words(id);
}

function cardName(board, id) {
  const c = board.cards[id];
  return c ? `#${c.number} ${c.title}` : `card ${id}`;
}

function sideOf(view, board, power) {
  const m = board.powers[power]?.marker || power;
  return view.political?.[m] || "neutral";
}

function tokenName(board, t) {
  if (placeOf(board, t)) return placeName(board, t);
  if (board.leaders[t]) return `${leaderName(board, t)} (${board.leaders[t].ratings})`;
  if (board.powers[t]) return powerName(board, t);
  if (board.cards[t]) return cardName(board, t);
  if (WORDS[t]) return WORDS[t];
  if (/^\d-\d$/.test(t)) return `a ${t} unit`;
  return words(t);
}

function viewerOf(view) {
  const open = Object.entries(view.hands || {}).filter(([, hd]) => Array.isArray(hd.cards)).map(([p]) => p);
  return open.length === 1 ? open[0] : null;
}

function pieces(force) {
  const n = (o) => Object.values(o || {}).reduce((a, b) => a + b, 0);
  return n(force.full) + n(force.reduced) + (force.leaders || []).length;
}

function forceWords(board, power, force) {
  const units = [
    ...Object.entries(force.full || {}).filter(([, n]) => n).map(([t, n]) => `${n} \u00D7 ${t}`),
    ...Object.entries(force.reduced || {}).filter(([, n]) => n).map(([t, n]) => `${n} \u00D7 ${t} reduced`),
  ];
  const leaders = (force.leaders || []).map((l) => `${leaderName(board, l)} (${board.leaders[l]?.ratings || "?"})`);
  return `${powerName(board, power)}: ${units.length ? units.join(", ") : "no units"}${leaders.length ? `; leaders ${leaders.join(", ")}` : ""}`;
}

// The stacks in a place by side: [{side, place: "field" | "inside", forces: [[power, force]], n}].
function stacksAt(view, board, id) {
  const out = [];
  for (const place of ["field", "inside"]) {
    const here = view[place]?.[id] || {};
    const bySide = {};
    for (const [power, force] of Object.entries(here)) {
      if (!pieces(force)) continue;
      const side = sideOf(view, board, power);
      if (!bySide[side]) bySide[side] = [];
      bySide[side].push([power, force]);
    }
    for (const side of ["christian", "muslim", "neutral"]) {
      if (bySide[side]) out.push({ side, place, forces: bySide[side], n: bySide[side].reduce((a, [, f]) => a + pieces(f), 0) });
    }
  }
  return out;
}

function stackWords(board, id, s) {
  const where = s.place === "inside" ? `inside the stronghold of ${placeName(board, id)}` : `in ${placeName(board, id)}`;
  return `${SIDES[s.side].word} stack ${where}: ${s.n} piece${s.n === 1 ? "" : "s"}`;
}

// -- picks -----------------------------------------------------------------------------------------
function live(c, t) {
  return c.pickable.has(t) || c.picked.has(t);
}

function makePick(node, token, label, c, onPick, outline) {
  if (!onPick || !live(c, token)) return false;
  node.dataset.pick = token;
  node.setAttribute("aria-label", label);
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  if (outline) outline.classList.add(c.picked.has(token) ? "koh-picked" : "koh-pickable");
  node.addEventListener("click", (e) => { e.stopPropagation(); onPick(token); });
  return true;
}

function pickButton(token, label, text, c, cls = "koh-pick") {
  if (!c.onPick || !live(c, token)) return null;
  return hel("button", {
    type: "button", class: `${cls} ${c.picked.has(token) ? "picked" : "pickable"}`, "data-pick": token, "aria-label": label,
    onclick: () => c.onPick(token),
  }, text);
}

// -- the map ---------------------------------------------------------------------------------------
function chip(board, id, s, x, y, w) {
  const side = SIDES[s.side];
  const key = `${id}|${s.side}|${s.place}`;
  const inside = s.place === "inside";
  const g = el("g", {
    class: `stack side-${s.side}${inside ? " inside" : ""}`, transform: `translate(${x},${y})`, "data-piece": `stack:${key}`,
    "data-at": id, role: "button", tabindex: "0", "aria-expanded": String(openStack === key),
    "aria-label": `${stackWords(board, id, s)}; open the list`,
  });
  g.append(el("rect", {
    width: w, height: 18, rx: side.round ? 9 : 2, fill: inside ? "#fff" : side.fill, stroke: side.fill,
    "stroke-width": inside ? 2.5 : 1.2, "stroke-dasharray": inside ? "4 2" : null,
  }));
  g.append(el("text", {
    x: w / 2, y: 13.5, "font-size": FONT, "font-weight": "bold", "text-anchor": "middle", fill: inside ? side.fill : side.ink,
  }, `${inside ? CASTLE : side.mark}${s.n}`));
  g.append(el("title", {}, stackWords(board, id, s)));
  const toggle = (e) => {
    e.stopPropagation();
    openStack = openStack === key ? null : key;
    g.setAttribute("aria-expanded", String(openStack === key));
    fillStack();
  };
  g.addEventListener("click", toggle);
  g.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); toggle(e); }
    if (e.key === "Escape" && openStack === key) { openStack = null; g.setAttribute("aria-expanded", "false"); fillStack(); }
  });
  return g;
}

// A name cut to ``n`` characters with an ellipsis; the full name goes in the title.
function cut(text, n) {
  return text.length > n ? `${text.slice(0, n - 1)}\u2026` : text;
}

function strongholdWords(view, board, s, room) {
  const castle = view.castles?.[s.id];
  if (castle) return { text: `${CASTLE} ${cut(powerName(board, castle.power), castle.low ? room - 5 : room)}${castle.low ? " (Low)" : ""}`, side: sideOf(view, board, castle.power),
    title: `a castle of the ${powerName(board, castle.power)}, ${castle.low ? "Low" : "Full"}` };
  if (view.cities && s.id in view.cities) {
    const holder = view.cities[s.id];
    return { text: `${CITY} ${holder ? cut(powerName(board, holder), room) : "no holder"}`, side: holder ? sideOf(view, board, holder) : "neutral",
      title: `a walled city${holder ? ` held by the ${powerName(board, holder)}` : ", held by no Power"}` };
  }
  return null;
}

function cell(layer, view, board, c, onPick, place, isBox) {
  const W = board.layout.cell_w;
  const H = board.layout.cell_h;
  const x0 = place.x - W / 2;
  const y0 = place.y - H / 2;
  const g = el("g", { class: isBox ? "box" : "space" });
  const owner = isBox ? view.owners?.[place.id] : view.owners?.[place.province];
  const ownerSide = owner ? SIDES[sideOf(view, board, owner)] : null;
  const back = el("rect", {
    x: x0, y: y0, width: W, height: H, rx: isBox ? 12 : 5, fill: isBox ? "#efe6cf" : "#fffdf6", stroke: "#5b4630",
    "stroke-width": isBox ? 2.5 : 1.5, "data-location": place.id, class: "cell",
  });
  g.append(back);
  if (ownerSide) g.append(el("rect", { x: x0 + 1, y: y0 + 1, width: 5, height: H - 2, fill: ownerSide.fill, "data-owner": owner }));
  const province = isBox ? "a box beside the map" : `${board.provinces[place.province]?.title || ""}`;
  const attrs = [];
  const vp = isBox ? 0 : place.vp?.[view.scenario] || 0;
  if (!isBox) {
    if (place.port) attrs.push(`${ANCHOR}${place.port === "red" ? " Red Sea" : " port"}`);
    if (place.harsh) attrs.push("Harsh");
    if (place.nile) attrs.push("Nile");
    if (vp) attrs.push(`${vp} VP`);
  } else {
    attrs.push("box");
  }
  const capital = !isBox && board.provinces[place.province]?.capitals.includes(place.id);
  back.append(el("title", {}, `${place.name}: ${province}${capital ? " (its capital)" : ""}${attrs.length ? `; ${attrs.join(", ")}` : ""}`));
  const name = el("text", { x: x0 + PAD + 4, y: y0 + 15, "font-size": FONT + 1, "font-weight": "bold", fill: "#2a1d10", "data-location-label": place.id },
    `${capital ? "\u2605" : ""}${place.name}`);
  g.append(name);
  if (attrs.length) g.append(el("text", { x: x0 + PAD + 4, y: y0 + 31, "font-size": FONT, fill: "#4a3a28" }, attrs.join(" \u00B7 ")));
  const siege = view.sieges?.[place.id];
  const hold = isBox ? null : strongholdWords(view, board, place, siege ? 9 : 17);
  if (hold) {
    const t = el("text", { x: x0 + PAD + 4, y: y0 + 47, "font-size": FONT, "font-weight": "bold", fill: SIDES[hold.side].fill }, hold.text);
    t.append(el("title", {}, hold.title));
    g.append(t);
  }
  if (siege) {
    const bx = x0 + W - 62;
    g.append(el("rect", { x: bx, y: y0 + 36, width: 58, height: 15, rx: 2, fill: "#7a1010" }));
    const t = el("text", { x: bx + 29, y: y0 + 48, "font-size": FONT, "font-weight": "bold", "text-anchor": "middle", fill: "#fff", "data-siege": place.id },
      `RF${siege.rf}${siege.blockade ? " B" : ""}`);
    t.append(el("title", {}, `besieged by the ${siege.besieger === "christian" ? "Christian" : "Muslim"}: Resource Factor ${siege.rf}${siege.blockade ? ", blockaded" : ""}`));
    g.append(t);
  }
  makePick(g, place.id, `${place.name}${isBox ? " (box)" : ""}`, c, onPick, back);
  layer.append(g);
  // The leaders here that may be picked now, by the first letters of their names, in the room the
  // stronghold's holder and the siege marker leave on the third row; the rest in the panel.
  const from = x0 + PAD + 4 + (hold ? hold.text.length * 7.5 + 6 : 0);
  const to = siege ? x0 + W - 66 : x0 + W - PAD;
  const leaders = stacksAt(view, board, place.id).flatMap((st) => st.forces.flatMap(([, f]) => f.leaders || []));
  let lx = from;
  for (const id of leaders.filter((l) => live(c, l))) {
    if (lx + 32 > to) break;
    const b = el("g", { class: "leader-pick" });
    const frame = el("rect", { x: lx, y: y0 + 36, width: 32, height: 16, rx: 3, fill: "#fff", stroke: "#5b4630" });
    b.append(frame, el("text", { x: lx + 16, y: y0 + 48, "font-size": FONT, "text-anchor": "middle", fill: "#2a1d10" },
      leaderName(board, id).slice(0, 3)));
    b.append(el("title", {}, `${leaderName(board, id)} (${board.leaders[id]?.ratings || ""})`));
    makePick(b, id, `${leaderName(board, id)}, leader in ${place.name}`, c, onPick, frame);
    layer.append(b);
    lx += 36;
  }
  const stacks = stacksAt(view, board, place.id);
  if (stacks.length) {
    const gap = 4;
    const w = Math.min(46, (W - 2 * PAD - 4 - (stacks.length - 1) * gap) / stacks.length);
    stacks.forEach((s, i) => {
      layer.append(chip(board, place.id, s, x0 + PAD + 4 + i * (w + gap), y0 + H - 23, w));
    });
  }
}

function drawLinks(layer, board) {
  for (const link of board.links) {
    const a = placeOf(board, link.a);
    const b = placeOf(board, link.b);
    if (!a || !b) continue;
    const k = LINKS[link.kind] || LINKS.normal;
    const line = el("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, stroke: k.stroke, "stroke-width": k.width, "stroke-dasharray": k.dash });
    line.append(el("title", {}, `${a.name} to ${b.name}: ${k.word}, ${link.mp} MP`));
    layer.append(line);
  }
}

function drawProvinces(layer, view, board) {
  for (const [id, p] of Object.entries(board.provinces)) {
    if (p.hull.length < 3) continue;
    const owner = view.owners?.[id];
    const side = owner ? SIDES[sideOf(view, board, owner)] : null;
    const poly = el("polygon", {
      points: p.hull.map((q) => q.join(",")).join(" "), fill: side ? side.fill : "#9b8f80", "fill-opacity": 0.08, "data-province": id,
      stroke: side ? side.fill : "#6b6259", "stroke-width": 2, "stroke-dasharray": "12 6", "stroke-opacity": 0.6,
    });
    poly.append(el("title", {}, `${p.title}${owner ? `: owned by the ${powerName(board, owner)}` : ""}`));
    layer.append(poly);
    // The province's name just inside its hull's highest corner, over the room left between cards.
    const top = p.hull.reduce((a, q) => (q[1] < a[1] ? q : a));
    layer.append(el("text", {
      x: top[0], y: top[1] + 6, "font-size": FONT, "font-style": "italic", "text-anchor": top[0] > board.layout.width / 2 ? "end" : "start",
      fill: side ? side.fill : "#4a4036", stroke: "#f4ecd8", "stroke-width": 3, "paint-order": "stroke", class: "province-name",
    }, p.title));
  }
}

function focusOf(view, board) {
  const frames = view.stack || [];
  for (let i = frames.length - 1; i >= 0; i -= 1) {
    const f = frames[i];
    const id = f.space || f.at;
    const p = id ? placeOf(board, id) : null;
    if (p) return `${p.x - 450} ${p.y - 300} 900 600`;
  }
  const jerusalem = placeOf(board, "jerusalem") || board.spaces[0];
  return `${jerusalem.x - 600} ${jerusalem.y - 700} 1200 1000`;
}

export function draw(svg, view, onPick, ctx) {
  addStyle();
  const board = ctx.board;
  last = { view, board };
  const c = { pickable: new Set(), picked: new Set(), ...ctx };
  svg.replaceChildren();
  const { width, height } = board.layout;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
  svg.setAttribute("aria-label", "The map of Outremer, north at the top: the spaces with their strongholds and stacks, and the boxes");
  svg.dataset.minScale = "1";
  svg.dataset.focus = focusOf(view, board);
  svg.append(el("rect", { x: 0, y: 0, width, height, fill: "#f4ecd8" }));
  const provinces = el("g", { class: "provinces" });
  const links = el("g", { class: "links" });
  const cells = el("g", { class: "cells" });
  svg.append(provinces, links, cells);
  drawProvinces(provinces, view, board);
  drawLinks(links, board);
  for (const s of board.spaces) cell(cells, view, board, c, onPick, s, false);
  for (const b of board.boxes) cell(cells, view, board, c, onPick, b, true);
}

// -- the panel -------------------------------------------------------------------------------------
function status(view, board) {
  const adv = view.advantage;
  const bits = [
    `${board.scenarios[view.scenario]?.title || `Scenario ${view.scenario}`}`,
    `Turn ${view.turn}`,
    view.phase_name,
    view.first ? `first player: ${WORDS[view.first]}` : null,
    `VP: Christian ${view.vp?.christian ?? 0}, Muslim ${view.vp?.muslim ?? 0}`,
    `Diplomatic Advantage: ${adv ? WORDS[adv] : "no one"}`,
    `deck ${view.deck}`, `discard pile ${(view.discard || []).length}`,
  ].filter(Boolean);
  return hel("div", { class: "koh-status" }, bits.map((b) => hel("span", {}, b)));
}

function frameWords(board, f) {
  const bits = [FRAMES[f.kind] || words(f.kind)];
  const at = f.space || f.at;
  if (at) bits.push(`in ${placeName(board, at)}`);
  if (f.attacker && f.defender) bits.push(`: ${WORDS[f.attacker]} attacks ${WORDS[f.defender]}`);
  if (f.leader && board.leaders[f.leader]) bits.push(`led by ${leaderName(board, f.leader)}`);
  if (f.card && board.cards[f.card]) bits.push(`(card ${cardName(board, f.card)})`);
  if (f.drm) bits.push(`; DRM Christian ${f.drm.christian ?? 0}, Muslim ${f.drm.muslim ?? 0}`);
  return bits.join(" ").replace(/ ([:;])/g, "$1");
}

// What a battle or response window holds so far: the strengths and the cards each side played (all
// public once played); a siege's events have their own panel (exchange).
function windowDetails(board, f) {
  const sides = (o, fmt) => ["christian", "muslim"].filter((p) => o?.[p] !== undefined).map((p) => `${SIDES[p].word} ${fmt(o[p])}`).join(", ");
  const cards = (ids) => (ids?.length ? ids.map((id) => cardName(board, id)).join(", ") : "none");
  const bits = [
    f.strength ? `Strength: ${sides(f.strength, String)}` : null,
    f.played ? `Cards played: ${sides(f.played, cards)}` : null,
    f.trigger ? `Answering: ${FRAMES[f.trigger] || words(f.trigger)}${f.actor && board.leaders[f.actor] ? ` by ${leaderName(board, f.actor)}` : ""}` : null,
  ].filter(Boolean);
  return bits.length ? hel("ul", {}, bits.map((b) => hel("li", {}, b))) : null;
}

function underWay(view, board) {
  const frames = (view.stack || []).filter((f) => !QUIET.has(f.kind));
  if (!frames.length) return null;
  const top = frames[frames.length - 1];
  const siege = Object.entries(view.sieges || {});
  return hel("section", { class: "koh-box koh-window", "aria-label": "Under way" },
    hel("h2", {}, `${["battle", "siege", "assault"].includes(top.kind) ? `${SWORDS} ` : ""}${frameWords(board, top)}`),
    frames.length > 1 ? hel("div", { class: "koh-muted" }, `Within: ${frames.slice(0, -1).map((f) => frameWords(board, f)).join(" \u203A ")}`) : null,
    view.prompt ? hel("div", {}, view.prompt) : null,
    windowDetails(board, top),
    siege.length ? hel("div", {}, `Sieges: ${siege.map(([s, g]) => `${placeName(board, s)} (by ${WORDS[g.besieger]}, RF ${g.rf}${g.blockade ? ", blockaded" : ""})`).join("; ")}`) : null);
}

// -- the siege-event exchange (§17.6.5, §17.6.6, §17.7) ----------------------------------------------
// Built from the siege frame (and the assault's, for its blue events): the events laid so far in
// order, each with who laid it as besieger (A) or besieged (D), its card's A/D/B, MAN and what it
// cancels, what it cancelled or whether it was cancelled; the manpower used of each side's; whose
// turn. Only laid cards are shown: they are public; of the hands only the viewer's own siege events.
const USERS = { A: "besieger", D: "besieged", B: "either side" };
const STEPS = {
  choose: ({ a }) => `${a} chooses how to use the round's card: its siege event, starvation, Fortunes of War or an assault.`,
  respond: ({ d, chance }) => `${d} may answer with a siege event${chance ? " that cancels it" : ""}, or pass.`,
  counter: ({ a }) => `${a} may cancel that answer with a siege event, or pass.`,
  more: ({ a }) => `${a} may lay another siege event, assault, or end the siege action.`,
  after: ({ a }) => `${a} may assault or end the siege action.`,
};

function eventWords(board, id) {
  const e = board.cards[id]?.siege;
  if (!e) return "no siege event";
  const bits = [`${e.title}: ${e.user} (${USERS[e.user] || e.user})`, `MAN ${e.man}`];
  if (e.blue) bits.push("blue");
  if (e.blockaded) bits.push("needs a blockade");
  if (e.cancels.length) bits.push(`cancels ${e.cancels.join(", ")}`);
  return bits.join(" \u00B7 ");
}

function laidItem(board, e, laid) {
  const who = `${SIDES[e.player]?.word || e.player} (${USERS[e.as]})`;
  const status = [];
  if (e.fortune) status.push("drawn by Fortunes of War");
  if (e.cancels) status.push(`cancelled ${cardName(board, e.cancels)}`);
  if (e.cancelled) {
    const by = laid.find((x) => x.cancels === e.card);
    status.push(`cancelled${by ? ` by ${cardName(board, by.card)}` : ""}`);
  }
  return hel("li", { class: e.cancelled ? "koh-cancelled" : "" },
    hel("strong", {}, `${who}: ${cardName(board, e.card)}`), ` \u2014 ${eventWords(board, e.card)}`,
    status.length ? hel("span", { class: "koh-muted" }, ` (${status.join("; ")})`) : null);
}

function exchange(view, board) {
  const frames = view.stack || [];
  const siege = [...frames].reverse().find((f) => f.kind === "siege" && f.man);
  const assault = [...frames].reverse().find((f) => f.kind === "assault" && f.side);
  const top = assault || siege;
  if (!top) return null;
  const space = top.space;
  const besieger = view.sieges?.[space]?.besieger || top.player;
  const besieged = besieger === "christian" ? "muslim" : "christian";
  const name = (p) => `The ${SIDES[p].word} (${p === besieger ? "besieger" : "besieged"})`;
  const laid = [...(siege?.laid || []), ...(assault?.laid || [])];
  let turn = "The events laid take effect.";
  if (assault && top === assault && assault.asks) {
    turn = assault.side === "A" ? `${name(besieger)} may lay blue siege events for the assault, or pass.`
      : `${name(besieged)} may lay blue siege events or cancel one of the besieger's, or pass.`;
  } else if (siege?.asks && STEPS[siege.step]) {
    turn = STEPS[siege.step]({ a: name(besieger), d: name(besieged), chance: siege.chance });
  }
  const man = siege?.man || {};
  const most = siege?.manpower || {};
  const me = viewerOf(view);
  const mine = me ? (view.hands[me].cards || []).filter((id) => board.cards[id]?.siege) : [];
  const role = me === besieger ? "A" : "D";
  const usable = mine.filter((id) => ["B", role].includes(board.cards[id].siege.user));
  const other = me ? (me === "christian" ? "muslim" : "christian") : null;
  return hel("section", { class: "koh-box koh-window", "aria-label": "Siege events" },
    hel("h2", {}, `${CASTLE} Siege events at ${placeName(board, space)}${assault ? ": the assault" : ""} (\u00A717.6.6)`),
    hel("div", { "data-turn": top.asks || "" }, hel("strong", {}, "Now: "), turn),
    siege ? hel("div", {}, `Manpower used this round: besieger ${man.A ?? 0}${most.A !== undefined ? ` of ${most.A}` : ""}, besieged ${man.D ?? 0}${most.D !== undefined ? ` of ${most.D}` : ""}`) : null,
    laid.length ? hel("ol", { class: "koh-laid" }, laid.map((e) => laidItem(board, e, laid)))
      : hel("div", { class: "koh-muted" }, "No siege event laid yet this round."),
    me ? hel("div", { class: "koh-muted" }, usable.length ? `Siege events in your hand you may lay as ${USERS[role]}: ${usable.map((id) => `${cardName(board, id)} (${eventWords(board, id)})`).join("; ")}`
      : `No siege event in your hand for the ${USERS[role]}.`) : null,
    me ? hel("div", { class: "koh-muted" }, `The ${SIDES[other].word} hand holds ${view.hands[other]?.size ?? 0} cards (§8.1).`) : null);
}

function choices(view, board, c) {
  const hand = new Set(view.hands?.[viewerOf(view)]?.cards || []);
  const shown = [];
  for (const t of [...c.pickable, ...c.picked]) {
    if (placeOf(board, t) || hand.has(t) || shown.includes(t)) continue;
    shown.push(t);
  }
  const buttons = shown.map((t) => pickButton(t, `Choose ${tokenName(board, t)}`, tokenName(board, t), c)).filter(Boolean);
  const places = [...c.pickable, ...c.picked].filter((t) => placeOf(board, t));
  if (!buttons.length && !places.length) return null;
  return hel("section", { class: "koh-box", "aria-label": "Choices" },
    hel("h2", {}, "Choices"),
    places.length ? hel("div", { class: "koh-muted" }, `On the map (gold outline): ${[...new Set(places)].map((t) => placeName(board, t)).join(", ")}`) : null,
    buttons.length ? hel("div", { class: "koh-row" }, buttons) : null);
}

function cardFace(board, id, c) {
  const k = board.cards[id] || { number: id, title: `card ${id}`, ov: "?", kind: "", side: "" };
  const body = [hel("strong", {}, `#${k.number} ${k.title}`), hel("span", { class: "koh-muted" }, `OV ${k.ov} \u00B7 ${words(k.kind)} \u00B7 ${k.side === "both" ? "either side" : SIDES[k.side]?.word || k.side}`)];
  return pickButton(id, `Card ${k.number}, ${k.title} (OV ${k.ov})`, body, c, "koh-card") || hel("div", { class: "koh-card" }, body);
}

function hands(view, board, c) {
  const me = viewerOf(view);
  const parts = [];
  for (const p of ["christian", "muslim"]) {
    const hd = view.hands?.[p];
    if (!hd) continue;
    if (p === me) {
      parts.push(hel("div", {}, hel("h2", {}, `Your hand (${hd.size} card${hd.size === 1 ? "" : "s"})`),
        hel("div", { class: "koh-row" }, hd.cards.map((id) => cardFace(board, id, c)))));
    } else {
      parts.push(hel("div", {}, `The ${SIDES[p].word} hand: ${hd.size} card${hd.size === 1 ? "" : "s"}`,
        hd.known?.length ? `; known to you: ${hd.known.map((id) => cardName(board, id)).join(", ")}` : ""));
    }
  }
  return hel("section", { class: "koh-box", "aria-label": "Hands" }, parts);
}

function track(view, board) {
  const markers = Object.keys(view.political || {});
  const sides = ["christian", "neutral", "muslim"];
  const rows = markers.map((m) => {
    // §17.11: a dissolved Power leaves the row; the Kingdom's marker stays for the Orders (§9.1.1)
    const live = view.in_play || Object.keys(board.powers);
    const powers = Object.entries(board.powers).filter(([id, p]) => p.marker === m && live.includes(id)).map(([id]) => powerName(board, id));
    const at = view.political[m];
    return hel("tr", { "data-marker": m }, hel("th", {}, powers.join(", ")),
      sides.map((s) => hel("td", { class: s === at ? "at" : "", style: s === at ? `background:${SIDES[s].fill}` : "" }, s === at ? `${SIDES[s].mark} here` : "")),
      hel("td", {}, view.rates?.[m] ?? ""));
  });
  return hel("details", { class: "koh-box" }, hel("summary", {}, "Political status track (\u00A79.1)"),
    hel("table", { class: "koh-track" }, hel("thead", {}, hel("tr", {}, hel("th", {}, "Power"), sides.map((s) => hel("th", {}, SIDES[s].word)), hel("th", {}, "Rate"))),
      hel("tbody", {}, rows)));
}

function stackList() {
  const { view, board } = last;
  if (!openStack || !view) return [];
  const [id, side, place] = openStack.split("|");
  const s = stacksAt(view, board, id).find((x) => x.side === side && x.place === place);
  if (!s) return [];
  return [hel("h2", {}, stackWords(board, id, s)), hel("ul", {}, s.forces.map(([p, f]) => hel("li", {}, forceWords(board, p, f))))];
}

function fillStack() {
  const box = document.getElementById("koh-stack");
  if (!box) return;
  const list = stackList();
  box.replaceChildren(...(list.length ? list : [hel("span", { class: "koh-muted" }, "Click a stack on the map to list its pieces.")]));
  if (list.length) box.scrollIntoView({ block: "nearest" });
}

function legend() {
  const rows = [
    `${SIDES.christian.mark} square chip: a Christian stack; ${SIDES.muslim.mark} round chip: a Muslim stack; ${SIDES.neutral.mark} a neutral Power's; the number counts units and leaders. A dashed white chip with ${CASTLE}: the stack inside the stronghold.`,
    `${CASTLE} a castle, ${CITY} a walled city, with the Power holding it (its side's colour); "(Low)" a Low castle, else Full.`,
    "RF: a siege marker with the besieged stronghold's Resource Factor; B: blockaded.",
    `${ANCHOR} port: a Mediterranean port; ${ANCHOR} Red Sea: a Red Sea port. Harsh: harsh terrain. Nile: a Nile space. "2 VP": the space's VP. \u2605 a province capital.`,
    "Lines: solid a link, long dashes a pass, short orange dashes a desert link.",
    "Dashed outline around spaces: a province, tinted by its owner's side; the bar at a card's left: the same.",
    "Gold outline: may be picked now; magenta: picked.",
  ];
  const details = hel("details", { class: "koh-box koh-key", open: keyOpen, "data-board-key": "" }, hel("summary", {}, "Key to the board"),
    hel("ul", {}, rows.map((r) => hel("li", {}, r))));
  details.addEventListener("toggle", () => { keyOpen = details.open; });
  return details;
}

export function panel(view, ctx) {
  if (!view || !ctx?.board) return null;
  addStyle();
  const board = ctx.board;
  last = { view, board };
  const c = { pickable: new Set(), picked: new Set(), ...ctx };
  const list = stackList();
  return hel("div", { class: "koh-panel" },
    status(view, board),
    underWay(view, board),
    exchange(view, board),
    choices(view, board, c),
    hands(view, board, c),
    hel("section", { class: "koh-box koh-stack", id: "koh-stack", "aria-live": "polite" },
      list.length ? list : hel("span", { class: "koh-muted" }, "Click a stack on the map to list its pieces.")),
    track(view, board),
    legend());
}
