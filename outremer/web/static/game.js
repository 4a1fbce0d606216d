// The generic game page: prompt, legal actions as buttons, the hand, the log, live updates over the
// websocket, spectating, the replay stepper and export. It knows no title's rules: a title's own
// drawing code (GET /api/titles/{slug}/web/board.js, exporting draw(svg, view, onPick, ctx)) draws
// the board; a title without it gets buttons only.
//
// Picking on the board: the board calls onPick(token) with a town, block, card id... The page keeps
// the picked tokens and narrows the legal actions to those whose arguments mention all of them; one
// left is offered as "Confirm: <action>" (#confirm-pick; sent at once if the player turned
// confirmation off, #confirm-moves), several are offered as buttons, and the board highlights what
// may be picked next. Every [data-pick] of the board and the title's panel is focusable, Enter or
// Space clicks it (issue 15: every action reachable by keyboard).
//
// The board is shown at a scale of its own, panned and zoomed (zoom.js). On every update the page
// says whose turn it is: document gets an "outremer:turn" event {game, title, yourTurn}. A finished
// game shows its summary (#summary: the result, the points over time from
// GET /api/games/{id}/summary, chart.js, and links to the replay and the save).

import { ApiError, clearError, get, h, post, roleName, showError } from "./api.js";
import { pointsChart } from "./chart.js";
import { boardViewport } from "./zoom.js";

const BUTTON_LIMIT = 12;
const FACES = ["", "\u2680", "\u2681", "\u2682", "\u2683", "\u2684", "\u2685"];
const boards = new Map(); // title slug -> Promise<{module, board} | null>
const CONFIRM_KEY = "outremer.confirmMoves"; // localStorage: "false" once the player turned it off
const STATUS = { open: "Waiting for players", active: "Under way", over: "Game over" };

function confirmMoves() {
  try {
    return localStorage.getItem(CONFIRM_KEY) !== "false";
  } catch {
    return true;
  }
}

function loadBoard(slug) {
  if (!boards.has(slug)) {
    boards.set(slug, (async () => {
      const titles = await get("/api/titles");
      const title = titles.find((t) => t.slug === slug);
      if (!title?.web) return null;
      const module = await import(`/api/titles/${encodeURIComponent(slug)}/web/board.js`);
      let board = null;
      try {
        board = await get(`/api/titles/${encodeURIComponent(slug)}/board`);
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 404)) throw err;
      }
      return { module, board };
    })().catch((err) => {
      boards.delete(slug);
      showError(new Error(`The board of ${slug} could not be loaded: ${err.message}`));
      return null;
    }));
  }
  return boards.get(slug);
}

// -- grouping long lists of actions (like the terminal's menus) --------------------------------
function sharedWords(texts) {
  let words = texts[0].split(/\s+/);
  for (const text of texts.slice(1)) {
    const other = text.split(/\s+/);
    let n = 0;
    while (n < words.length && n < other.length && words[n] === other[n]) n += 1;
    words = words.slice(0, n);
  }
  return words.join(" ");
}

const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

export function groupActions(legal, prefix) {
  let depth = prefix.length;
  const narrowed = legal.filter((la) => same(la.action.slice(0, depth), prefix));
  let groups;
  for (;;) {
    if (narrowed.length <= BUTTON_LIMIT) return narrowed.map((la) => ({ label: la.text, item: la }));
    groups = new Map();
    for (const la of narrowed) {
      const key = la.action.length > depth ? JSON.stringify(la.action[depth]) : "";
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(la);
    }
    if (groups.size > 1) break;
    depth += 1;
  }
  const out = [];
  for (const [key, members] of groups) {
    if (members.length === 1 || key === "") out.push(...members.map((la) => ({ label: la.text, item: la })));
    else {
      const shared = sharedWords(members.map((m) => m.text));
      out.push({ label: `${shared || JSON.parse(key)} … (${members.length} choices)`, prefix: members[0].action.slice(0, depth + 1) });
    }
  }
  return out;
}

// -- the page ------------------------------------------------------------------------------------
export async function gamePage(root, gameId, requestedRole, _me) {
  const page = {
    game: null, role: requestedRole, socket: null, closed: false, retry: 0, timer: null,
    picked: [], prefix: [], busy: false, replay: null, drawer: null,
    pending: null, // a legal action the title warns of, shown for confirmation before it is sent
    confirming: null, // the one legal action picks on the board narrowed to, until confirmed
    summary: null, // the end-of-game summary, once fetched
    log: [], logKey: null, // the seat's log so far, and the point of the game it was read at
  };
  const el = {
    head: h("div", { class: "game-head" }),
    svg: document.createElementNS("http://www.w3.org/2000/svg", "svg"),
    prompt: h("div", { class: "prompt", id: "prompt", "aria-live": "polite" }),
    offered: h("div", { class: "offered", id: "offered" }),
    actions: h("div", { class: "actions", id: "actions" }),
    undo: h("div", { class: "undo", id: "undo-box" }),
    hand: h("div", { class: "hand", id: "hand" }),
    extra: h("div", { class: "extra", id: "extra" }),
    replay: h("div", { class: "replay", id: "replay" }),
    log: h("ol", { class: "log", id: "log", tabindex: 0, "aria-label": "Log of the game" }), // scrolls: focusable
    dice: h("div", { class: "dice-tray", id: "dice", "aria-live": "polite" }),
    status: h("span", { class: "conn", id: "conn" }),
  };
  el.svg.setAttribute("id", "board");
  el.svg.setAttribute("role", "group"); // a map holding buttons (the pieces), not an image
  // The board in its own scrolling area, under a bar of its own: no control covers the map, the
  // status or the prompt.
  // Focusable, so that the keyboard scrolls the map too (arrow keys) when nothing on it is to pick.
  const scroller = h("div", { class: "board-scroll", id: "board-scroll", tabindex: 0, role: "region", "aria-label": "The board (it scrolls)" }, el.svg);
  const viewport = boardViewport(scroller, el.svg);
  const bar = h("div", { class: "board-bar", id: "board-bar" },
    h("span", { class: "muted hint" }, "Drag to pan; pinch", h("span", { class: "wide" }, " or ctrl+wheel"), " to zoom"),
    h("button", { type: "button", class: "small secondary", id: "zoom-out", "aria-label": "Zoom out", title: "zoom out", onclick: () => viewport.zoomOut() }, "−"),
    h("button", { type: "button", class: "small secondary", id: "zoom-in", "aria-label": "Zoom in", title: "zoom in", onclick: () => viewport.zoomIn() }, "+"),
    h("button", { type: "button", class: "small secondary", id: "zoom-fit", title: "show the whole map", onclick: () => viewport.fit() }, "Fit"));
  const boardWrap = h("div", { class: "board-wrap", id: "board-wrap" }, bar, scroller);
  const confirmBox = h("input", { type: "checkbox", id: "confirm-moves", checked: confirmMoves(),
    onchange: (e) => { try { localStorage.setItem(CONFIRM_KEY, String(e.target.checked)); } catch { /* private mode: this page only */ } } });
  el.settings = h("div", { class: "settings", id: "settings" },
    h("label", { class: "check", for: "confirm-moves" }, confirmBox, "Confirm moves picked on the board"));
  el.summary = h("section", { class: "summary", id: "summary", "aria-labelledby": "summary-head", hidden: true });
  const container = h("div", { class: "game", id: "game", "data-game": gameId },
    el.head,
    h("div", { class: "game-body" },
      boardWrap,
      h("div", { class: "panels" },
        el.prompt, el.summary, el.dice, el.offered, el.actions, el.undo, el.hand, el.replay, el.extra, el.settings,
        h("details", { class: "log-box", open: true }, h("summary", {}, "Log"), el.log))));
  root.append(container);
  // Enter or Space on a focused pick of the board or the panel clicks it (buttons do so themselves).
  container.addEventListener("keydown", (e) => {
    if ((e.key !== "Enter" && e.key !== " ") || e.ctrlKey || e.metaKey || e.altKey) return;
    const target = e.target;
    if (!(target instanceof Element) || !target.hasAttribute("data-pick") || target instanceof HTMLButtonElement) return;
    e.preventDefault();
    e.stopPropagation();
    target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, view: window }));
  });

  // What the page holds of the seat's log: the server then sends only the entries after it.
  const logQuery = () => (page.logKey && page.role
    ? `&log_from=${page.log.length}&log_key=${encodeURIComponent(page.logKey)}` : "");
  const fetchGame = () => get(`/api/games/${gameId}${page.role ? `?role=${encodeURIComponent(page.role)}${logQuery()}` : ""}`);
  const first = await fetchGame();
  page.role = first.role;
  const loaded = await loadBoard(first.title);
  if (!loaded) {
    boardWrap.hidden = true;
    el.settings.hidden = true;
  }
  page.drawer = loaded;
  update(first);
  connect();
  document.addEventListener("keydown", onKey);

  // -- the keyboard: 1-9 press the buttons of the actions in order, u undoes, Escape clears picks.
  function onKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey || /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName || "")) return;
    if (e.key === "Escape") {
      page.picked = [];
      page.prefix = [];
      page.pending = null;
      page.confirming = null;
      render();
    } else if (e.key === "u" && page.game && page.game.can_undo) {
      undo();
    } else if (/^[1-9]$/.test(e.key)) {
      const buttons = [...el.offered.querySelectorAll("button.action"), ...el.actions.querySelectorAll("button")];
      const button = buttons[Number(e.key) - 1];
      if (button) button.click();
    } else return;
    e.preventDefault();
  }

  // -- live updates ------------------------------------------------------------------------------
  function connect() {
    if (page.closed || page.game.status === "over") return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = page.role ? `?role=${encodeURIComponent(page.role)}${logQuery()}` : "";
    const socket = new WebSocket(`${scheme}://${location.host}/api/games/${gameId}/ws${query}`);
    page.socket = socket;
    setConn("connecting");
    socket.addEventListener("open", () => { page.retry = 0; setConn("live"); });
    socket.addEventListener("message", (e) => {
      let msg;
      try { msg = JSON.parse(e.data); } catch { return; }
      if (msg.type === "changed" && msg.game && msg.game.role === page.role) update(msg.game);
    });
    socket.addEventListener("close", (e) => {
      if (page.socket !== socket) return;
      page.socket = null;
      if (page.closed) return;
      if (e.code >= 4400 && e.code < 4500) {
        setConn("closed");
        showError(new Error(e.reason || "The live connection was refused."));
        return;
      }
      setConn("reconnecting");
      const delay = Math.min(10000, 500 * 2 ** page.retry);
      page.retry += 1;
      page.timer = setTimeout(async () => {
        try {
          update(await fetchGame());
        } catch { /* the socket's retry will try again */ }
        connect();
      }, delay);
    });
  }
  function setConn(text) {
    el.status.textContent = text;
    el.status.dataset.state = text;
  }
  function switchRole(role) {
    if (role === page.role) return;
    page.role = role;
    page.picked = [];
    page.prefix = [];
    page.log = [];
    page.logKey = null;
    const old = page.socket;
    page.socket = null;
    if (old) old.close();
    history.replaceState(null, "", `#/game/${gameId}?role=${encodeURIComponent(role)}`);
    get(`/api/games/${gameId}?role=${encodeURIComponent(role)}`).then(update, showError);
    connect();
  }

  // -- acting ----------------------------------------------------------------------------------
  async function act(action, confirmed = false) {
    if (page.busy) return;
    // The title warns of this action (Game.warning: say, an elimination it forces): the warning is
    // shown with a confirm button, and only that sends it.
    const offered = page.game.legal_actions.find((la) => same(la.action, action));
    if (offered?.warning && !confirmed) {
      page.pending = offered;
      page.picked = [];
      render();
      return;
    }
    page.pending = null;
    page.confirming = null;
    page.busy = true;
    container.classList.add("busy");
    clearError();
    const send = (version) => post(`/api/games/${gameId}/action`,
      { role: page.role, action, version, log_from: page.log.length, log_key: page.logKey });
    try {
      let answer;
      try {
        answer = await send(page.game.version);
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 409)) throw err;
        // The game moved on meanwhile (say the other player chose a card at the same time): send
        // the action again only if the seat still faces the same question and may still take it.
        const seen = page.game.view?.prompt;
        const now = await fetchGame();
        const still = now.legal_actions.some((la) => same(la.action, action));
        if (!still || (now.view?.prompt) !== seen) {
          update(now);
          throw err;
        }
        answer = await send(now.version);
      }
      page.picked = [];
      page.prefix = [];
      update(answer.game);
    } catch (err) {
      showError(err);
    } finally {
      page.busy = false;
      container.classList.remove("busy");
    }
  }

  // Take back this seat's last action (offered when the server says ``can_undo``).
  async function undo() {
    if (page.busy) return;
    page.busy = true;
    container.classList.add("busy");
    clearError();
    try {
      const answer = await post(`/api/games/${gameId}/undo`,
        { role: page.role, version: page.game.version, log_from: page.log.length, log_key: page.logKey });
      update(answer.game, true);
    } catch (err) {
      showError(err);
    } finally {
      page.busy = false;
      container.classList.remove("busy");
    }
  }

  const mentions = (la, tokens) => tokens.every((t) => la.action.slice(1).some((arg) => String(arg) === t));

  // ``explicit``: a pick that names its action itself (a card's button "play ..."), sent at once.
  function pick(token, explicit = false) {
    if (page.replay) return;
    token = String(token);
    const legal = page.game.legal_actions;
    if (!legal.length) return;
    let picked = page.picked.includes(token) ? page.picked.filter((t) => t !== token) : [...page.picked, token];
    let matching = legal.filter((la) => mentions(la, picked));
    if (!matching.length) {
      picked = [token];
      matching = legal.filter((la) => mentions(la, picked));
    }
    if (!matching.length) {
      page.picked = [];
      showError(new Error(`Nothing to do with ${token} now.`));
      render();
      return;
    }
    clearError();
    page.picked = picked;
    page.confirming = null;
    if (matching.length === 1 && picked.length) {
      const only = matching[0];
      // A move picked on the board is confirmed first (issue 15), unless the player turned that
      // off; an action the title warns of gets its own confirmation (act).
      if (explicit || only.warning || !confirmMoves()) {
        act(only.action);
        return;
      }
      page.confirming = only;
      page.focusConfirm = true;
    }
    render();
  }

  function cancelPick() {
    page.confirming = null;
    page.picked = [];
    render();
  }

  // Every pick of the board or the panel is a keyboard stop, a button to assistive technology.
  function keyboardPicks(root) {
    for (const node of root.querySelectorAll("[data-pick]")) {
      if (node instanceof HTMLButtonElement) continue;
      if (!node.hasAttribute("tabindex")) node.setAttribute("tabindex", "0");
      if (!node.hasAttribute("role")) node.setAttribute("role", "button");
    }
  }

  // The pick focused before a redraw, to focus again after it (the board draws new elements).
  function focusedPick() {
    const node = document.activeElement;
    return node && node !== document.body && container.contains(node) && node.hasAttribute("data-pick")
      ? node.getAttribute("data-pick") : null;
  }
  function refocus(token) {
    if (page.focusConfirm) {
      page.focusConfirm = false;
      const button = el.actions.querySelector("#confirm-pick");
      if (button) { button.focus(); return; }
    }
    if (token === null || (document.activeElement && document.activeElement !== document.body)) return;
    const again = container.querySelector(`[data-pick="${CSS.escape(token)}"]`);
    if (again) again.focus({ preventScroll: true });
  }

  // Whose turn it is, for the tab's title (app.js): on every update. The server's your_turn counts
  // every seat the viewer holds (at a hotseat, also those not shown now).
  function announceTurn() {
    const game = page.game;
    const mine = game.your_turn ?? game.legal_actions.length > 0;
    document.dispatchEvent(new CustomEvent("outremer:turn", {
      detail: { game: game.id, title: game.title_name || game.title, yourTurn: !page.replay && mine },
    }));
  }

  // -- drawing ---------------------------------------------------------------------------------
  function update(game, force) {
    // An answer for a seat no longer shown (an action's answer arriving after a hotseat followed
    // the next seat to act) is ignored: the shown seat's own answer brings the game.
    if (page.role && game.role !== page.role) return;
    // An older page arriving late is ignored; a lower version that is newer (an undo) is not.
    if (!force && page.game && game.version < page.game.version && game.status === page.game.status
        && !(Date.parse(game.updated) > Date.parse(page.game.updated))) return;
    if (!mergeLog(game)) return;
    // The same page again (the live connection's first message repeats what was fetched) draws
    // nothing anew: a board's open list or the focus stay as they are.
    const shown = JSON.stringify({ ...game, log: page.log.length, log_from: null, log_key: null });
    if (!force && page.game && shown === page.shown) {
      page.game = game;
      return;
    }
    page.shown = shown;
    const changed = !page.game || page.game.version !== game.version;
    page.game = game;
    if (changed) {
      page.picked = [];
      page.prefix = [];
      page.pending = null;
      page.confirming = null;
    }
    // At a hotseat, follow the seat that must act when the game moves on (a seat chosen by hand
    // stays shown until then).
    const held = game.your_roles || [];
    if (changed && held.length > 1 && game.role && !game.active_roles.includes(game.role)) {
      const next = held.find((r) => game.active_roles.includes(r));
      if (next) { switchRole(next); return; }
    }
    container.dataset.version = game.version;
    container.dataset.role = game.role || "observer";
    container.dataset.status = game.status;
    render();
    announceTurn();
  }

  // The answer's log continues the page's (log_from > 0; it may overlap what an action's answer
  // brought already) or replaces it (log_from 0); one that starts past the page's end asks again
  // for the whole of it.
  function mergeLog(game) {
    const from = game.log_from || 0;
    const entries = game.log || [];
    if (from === 0) page.log = entries;
    else if (from <= page.log.length) page.log.push(...entries.slice(page.log.length - from));  // overlap: new tail only
    else {
      page.logKey = null;
      fetchGame().then(update, showError);
      return false;
    }
    page.logKey = game.log_key || null;
    game.log = page.log;
    return true;
  }

  function render() {
    const game = page.game;
    const focused = focusedPick();
    renderHead(game);
    const view = page.replay ? page.replay.view : game.view;
    const legal = page.replay ? [] : game.legal_actions;
    const matching = page.picked.length ? legal.filter((la) => mentions(la, page.picked)) : [];
    // Tokens the board may offer: the arguments of the actions still possible.
    const pickable = new Set();
    for (const la of page.picked.length ? matching : legal) for (const arg of la.action.slice(1)) pickable.add(String(arg));
    for (const t of page.picked) pickable.delete(t);
    if (page.drawer) {
      try {
        page.drawer.module.draw(el.svg, view, pick, { board: page.drawer.board, pickable, picked: new Set(page.picked) });
      } catch (err) {
        showError(new Error(`The board could not be drawn: ${err.message}`));
      }
      if (!el.svg.getAttribute("aria-label")) el.svg.setAttribute("aria-label", `The board of ${game.title_name || game.title}`);
      viewport.afterDraw();
      keyboardPicks(el.svg);
    }
    renderPrompt(game, view);
    renderSummary(game);
    // What the picks on the board narrowed the actions to (when more than one is left).
    el.offered.textContent = "";
    if (page.picked.length && !page.confirming) {
      el.offered.append(
        h("div", { class: "muted" }, `Picked ${page.picked.join(", ")}: choose one`,
          h("button", { type: "button", class: "link", onclick: () => { page.picked = []; render(); } }, "clear")),
        h("div", { class: "buttons" }, matching.map((la) =>
          h("button", { type: "button", class: la.warning ? "action warned" : "action", title: la.warning, "data-action": JSON.stringify(la.action), onclick: () => act(la.action) }, la.text))),
      );
    }
    renderActions(legal);
    el.undo.textContent = "";
    if (!page.replay && game.can_undo) {
      el.undo.append(h("button", { type: "button", class: "secondary", id: "undo", title: "take back your last action", onclick: undo }, "Undo"));
    }
    renderHand(view, legal);
    renderExtra(game);
    el.settings.hidden = !page.drawer || Boolean(page.replay) || game.status === "over";
    renderLog(page.replay ? page.replay.log : game.log);
    refocus(focused);
  }

  function renderHead(game) {
    const named = (role) => roleName(game.role_names, role);
    el.head.textContent = "";
    const seats = game.seats.map((s) => {
      const who = s.kind === "bot" ? `bot (${s.bot})` : s.player || "open seat";
      const acting = game.active_roles.includes(s.role) ? " acting" : "";
      return h("span", { class: `seat${acting}`, "data-seat": s.role }, `${named(s.role)}: ${who}`);
    });
    const mineText = game.role ? `You play ${named(game.role)}` : "Watching";
    // The step of play by its rulebook name (views' phase_name), never the title's internal id.
    const view = page.replay ? page.replay.view : game.view;
    const phase = view?.phase_name;
    el.head.append(
      h("h1", {}, `${game.title_name || game.title} #${game.id}`),
      h("span", { class: "badge", id: "status" }, STATUS[game.status] || game.status),
      ...(phase ? [h("span", { class: "badge phase", id: "phase" }, phase)] : []),
      h("span", { class: "badge", id: "you" }, mineText),
      el.status,
      h("div", { class: "seats" }, seats),
    );
    const held = game.your_roles || [];
    if (held.length > 1) {
      const sel = h("select", { id: "role-select", onchange: (e) => switchRole(e.target.value) },
        held.map((r) => h("option", { value: r, selected: r === game.role }, named(r))));
      el.head.append(h("label", { class: "check" }, "Seat ", sel));
    }
    const invites = game.seats.filter((s) => s.invite);
    for (const s of invites) {
      const url = `${location.origin}/#/invite/${s.invite}`;
      el.head.append(h("div", { class: "invite", "data-role": s.role },
        `Invite a player to ${named(s.role)}: `, h("a", { href: url, class: "invite-link" }, url),
        h("button", { type: "button", class: "small secondary", onclick: () => navigator.clipboard?.writeText(url) }, "copy")));
    }
  }

  function renderPrompt(game, view) {
    el.prompt.textContent = "";
    let text;
    if (page.replay) text = `Replay: after ${page.replay.upto} of ${page.replay.total} actions.`;
    else if (game.status === "open") text = "Waiting for players to take their seats.";
    else text = (view?.prompt) || (game.legal_actions.length ? "Your move." : `Waiting for ${game.active_roles.map((r) => roleName(game.role_names, r)).join(", ")}.`);
    el.prompt.append(h("strong", {}, text));
    const outcome = page.replay ? page.replay.outcome : game.outcome;
    if (outcome) {
      const winners = (outcome.winners || []).join(", ") || "nobody";
      el.prompt.append(h("div", { class: "outcome", id: "outcome" }, `Game over: ${winners} won${outcome.reason ? `: ${outcome.reason}` : "."}`));
    }
    if (game.bot_error) el.prompt.append(h("div", { class: "warn" }, `A bot failed: ${game.bot_error}`));
  }

  function renderActions(legal) {
    el.actions.textContent = "";
    if (!legal.length) return;
    const confirming = page.confirming;
    if (confirming && legal.some((la) => same(la.action, confirming.action))) {
      el.actions.append(h("div", { class: "confirm-pick", id: "confirm-box" },
        h("div", { class: "buttons" },
          h("button", { type: "button", class: "action", id: "confirm-pick", "data-action": JSON.stringify(confirming.action), onclick: () => act(confirming.action) }, `Confirm: ${confirming.text}`),
          h("button", { type: "button", class: "secondary", id: "cancel-pick", onclick: cancelPick }, "Cancel")),
        h("p", { class: "muted hint" }, "Enter confirms, Escape cancels.")));
      return;
    }
    const pending = page.pending;
    if (pending && legal.some((la) => same(la.action, pending.action))) {
      el.actions.append(h("div", { class: "confirm", id: "confirm" },
        h("p", { class: "warn", id: "warning", role: "alert" }, `⚠ ${pending.warning}`),
        h("div", { class: "buttons" },
          h("button", { type: "button", class: "action danger", id: "confirm-action", "data-action": JSON.stringify(pending.action), onclick: () => act(pending.action, true) }, `Confirm: ${pending.text}`),
          h("button", { type: "button", class: "secondary", id: "cancel-action", onclick: () => { page.pending = null; render(); } }, "Cancel"))));
      return;
    }
    const entries = groupActions(legal, page.prefix);
    const buttons = entries.map((entry) => entry.item
      ? h("button", { type: "button", class: entry.item.warning ? "action warned" : "action", title: entry.item.warning, "data-action": JSON.stringify(entry.item.action), onclick: () => act(entry.item.action) }, entry.label)
      : h("button", { type: "button", class: "group", "data-prefix": JSON.stringify(entry.prefix), onclick: () => { page.prefix = entry.prefix; render(); } }, entry.label));
    if (page.prefix.length) {
      buttons.unshift(h("button", { type: "button", class: "secondary back", onclick: () => { page.prefix = []; render(); } }, "◂ all choices"));
    }
    el.actions.append(h("div", { class: "buttons" }, buttons));
  }

  // The title's optional panel(view, ctx) (say the battle being fought), in #title-panel above the
  // prompt; clicks in it pick like clicks on the board.
  function renderTitlePanel(view, legal) {
    const module = page.drawer?.module;
    let box = container.querySelector("#title-panel");
    if (!module?.panel) { if (box) box.remove(); return; }
    if (!box) { box = h("section", { class: "title-panel", id: "title-panel" }); el.prompt.before(box); }
    const now = page.picked.length ? legal.filter((la) => mentions(la, page.picked)) : legal;
    const pickable = new Set(now.flatMap((la) => la.action.slice(1).map(String)).filter((t) => !page.picked.includes(t)));
    let shown = null;
    try {
      shown = module.panel(view, { board: page.drawer.board, pickable, picked: new Set(page.picked), onPick: pick,
        log: page.replay ? page.replay.log : page.game.log });
    } catch (err) {
      showError(new Error(`The title's panel could not be drawn: ${err.message}`));
    }
    box.replaceChildren(...(shown ? [shown] : []));
    box.hidden = !shown;
    keyboardPicks(box);
  }

  function renderHand(view, legal) {
    renderTitlePanel(view, legal);
    el.hand.textContent = "";
    const hand = page.drawer?.module.hand ? page.drawer.module.hand(view) : view?.hand;
    if (!Array.isArray(hand) || !hand.length) return;
    const playable = new Set(legal.flatMap((la) => la.action.slice(1).map(String)));
    el.hand.append(h("div", { class: "label" }, "Your hand"),
      h("div", { class: "cards" }, hand.map((card) => {
        const id = String(card.id);
        const ok = playable.has(id);
        return h("button", {
          type: "button", class: `card-in-hand${ok ? " playable" : ""}`, "data-card": id, disabled: !ok,
          title: ok ? `play ${card.name}` : card.name, onclick: () => pick(id, true),
        }, card.name);
      })));
  }

  function renderExtra(game) {
    el.extra.textContent = "";
    const buttons = [];
    const people = game.seats.filter((s) => s.kind !== "bot");
    const mayExport = game.status === "over" || (game.your_roles.length && people.every((s) => (game.your_roles || []).includes(s.role)));
    if (mayExport) buttons.push(h("button", { type: "button", class: "secondary", id: "export", onclick: exportSave }, "Export save"));
    if (game.status === "over") buttons.push(h("button", { type: "button", class: "secondary", id: "replay-open", onclick: () => openReplay(0) }, page.replay ? "Restart replay" : "Replay"));
    if (buttons.length) el.extra.append(h("div", { class: "buttons" }, buttons));
    el.replay.textContent = "";
    if (page.replay) {
      const r = page.replay;
      const slider = h("input", { type: "range", min: 0, max: r.total, value: r.upto, id: "replay-slider", "aria-label": "Actions replayed", onchange: (e) => openReplay(Number(e.target.value)) });
      el.replay.append(h("div", { class: "buttons stepper" },
        h("button", { type: "button", title: "first", "aria-label": "To the start", onclick: () => openReplay(0) }, "«"),
        h("button", { type: "button", title: "back", "aria-label": "One action back", id: "replay-back", onclick: () => openReplay(Math.max(0, r.upto - 1)) }, "◀"),
        h("span", { id: "replay-at" }, `${r.upto} / ${r.total}`),
        h("button", { type: "button", title: "forward", "aria-label": "One action forward", id: "replay-next", onclick: () => openReplay(Math.min(r.total, r.upto + 1)) }, "▶"),
        h("button", { type: "button", title: "last", "aria-label": "To the end", onclick: () => openReplay(r.total) }, "»"),
        h("button", { type: "button", class: "secondary", onclick: () => { page.replay = null; render(); announceTurn(); } }, "Close replay"),
      ), slider);
    }
  }

  async function openReplay(upto) {
    try {
      page.replay = await get(`/api/games/${gameId}/replay?upto=${upto}`);
      render();
      announceTurn();
    } catch (err) {
      showError(err);
    }
  }

  // -- the end of the game: the result, the points over time, the replay and the save ------------
  function renderSummary(game) {
    if (game.status !== "over" || page.replay) {
      el.summary.hidden = true;
      return;
    }
    el.summary.hidden = false;
    if (!page.summary) {
      if (!page.summaryAsked) {
        page.summaryAsked = true;
        get(`/api/games/${gameId}/summary`).then((summary) => { page.summary = summary; render(); }, showError);
      }
      el.summary.replaceChildren(h("h2", { id: "summary-head" }, "Game over"), h("p", { class: "muted" }, "Counting the points…"));
      return;
    }
    const { outcome, points } = page.summary;
    const winners = outcome?.winners.length ? `${outcome.winners.map((r) => roleName(game.role_names, r)).join(" and ")} won` : "A draw";
    const scores = outcome?.scores ? Object.entries(outcome.scores) : [];
    el.summary.replaceChildren(
      h("h2", { id: "summary-head" }, "Game over"),
      h("p", { class: "result", id: "summary-result" }, h("strong", {}, winners), outcome?.reason ? `: ${outcome.reason}` : "."),
      scores.length ? h("p", { id: "summary-scores" }, `Scores: ${scores.map(([role, v]) => `${roleName(game.role_names, role)} ${v}`).join(", ")}.`) : null,
      points ? pointsChart(points) : h("p", { class: "muted", id: "summary-no-points" }, "This game counts no points over its course, so there is no chart."),
      h("p", { class: "summary-links" },
        h("button", { type: "button", class: "link", id: "summary-replay", onclick: () => openReplay(0) }, "Watch the replay"),
        " · ",
        h("a", { href: `/api/games/${gameId}/save`, id: "summary-save", download: `outremer-${game.title}-${gameId}.json` }, "Download the save")),
    );
  }

  async function exportSave() {
    try {
      const save = await get(`/api/games/${gameId}/save`);
      const blob = new Blob([JSON.stringify(save, null, 1)], { type: "application/json" });
      const a = h("a", { href: URL.createObjectURL(blob), download: `outremer-${page.game.title}-${gameId}.json` });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    } catch (err) {
      showError(err);
    }
  }

  function diceFaces(dice) {
    return h("span", { class: "dice", title: dice.join(" ") }, dice.map((d) => FACES[d] || String(d)).join(""));
  }

  // The list is drawn again only when it is another log (a replay, another seat); new entries of the
  // same log are added at its end.
  function renderLog(entries) {
    entries = entries || [];
    const atBottom = el.log.scrollHeight - el.log.scrollTop - el.log.clientHeight < 40;
    let from = el.log.childElementCount;
    if (page.logShown !== entries || from > entries.length) {
      el.log.textContent = "";
      from = 0;
    }
    page.logShown = entries;
    for (const entry of entries.slice(from)) {
      el.log.append(h("li", {}, entry.rule ? h("span", { class: "rule" }, entry.rule) : null, " ", entry.text,
        entry.dice ? diceFaces(entry.dice) : null));
    }
    if (atBottom || !page.logSeen) el.log.scrollTop = el.log.scrollHeight;
    page.logSeen = true;
    renderDice(entries || []);
  }

  // Dice as they fall: the rolls logged since this page last looked, shown in a tray that rolls in.
  function renderDice(entries) {
    const seen = page.diceSeen ?? entries.length;
    const fresh = entries.slice(Math.min(seen, entries.length)).filter((e) => e.dice);
    page.diceSeen = entries.length;
    if (!fresh.length) return;
    el.dice.textContent = "";
    for (const entry of fresh.slice(-4)) {
      el.dice.append(h("div", { class: "roll" }, diceFaces(entry.dice), " ", entry.text));
    }
    el.dice.classList.remove("rolling");
    void el.dice.offsetWidth;  // restart the animation
    el.dice.classList.add("rolling");
  }

  return () => {
    page.closed = true;
    viewport.destroy();
    document.removeEventListener("keydown", onKey);
    clearTimeout(page.timer);
    if (page.socket) page.socket.close();
    page.socket = null;
  };
}
