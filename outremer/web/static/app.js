// The single-page client: sign in, lobby, new game, invitations, import, and the game page.
// Routes live in the URL's fragment: #/, #/login, #/new, #/invite/TOKEN, #/game/ID[?role=R].
// Nothing here knows any title's rules: titles come from GET /api/titles.
// The tab's title says when it is your turn in any of your games (issue 15): from the listing of
// your games under way (polled while signed in, and at every page change) and from the
// "outremer:turn" event the game page sends whenever its game changes.

import { ApiError, clearError, get, h, post, roleName, showError } from "./api.js";
import { gamePage } from "./game.js";

let me = null; // {name} once signed in
let leave = null; // cleanup of the page shown (closes a game's websocket)
let pageName = "Lobby"; // what the tab's title names when it is nobody's turn of yours
const turns = new Map(); // game id -> {title, yourTurn}: your games under way, as last listed or seen
let shown = null; // the game the page shows: {game, title, yourTurn} (from the listing or its page)
const POLL_MS = 25000; // how often the listing of your games is asked for while you are signed in

function go(hash) {
  if (location.hash === hash) route();
  else location.hash = hash;
}

// GET /api/me answers {name: null} to a visitor: not being signed in is no error.
async function whoAmI() {
  const answer = await get("/api/me");
  me = answer.name ? { name: answer.name } : null;
}

// -- whose turn: the tab's title ---------------------------------------------------------------
const gameName = (g) => `${g.title} #${g.game}`;

function drawTitle() {
  let count = 0;
  for (const [id, t] of turns) if (t.yourTurn && shown?.game !== id) count += 1;
  if (shown?.yourTurn) count += 1;
  const waiting = count ? `(${count}) Your turn · ` : "";
  if (shown?.yourTurn) document.title = `Your turn: ${gameName(shown)} · Outremer`;
  else if (shown) document.title = `${waiting}${gameName(shown)} · Outremer`;
  else document.title = `${waiting || `${pageName} · `}Outremer`;
}

// The listing of your games under way: each game's title name and whether a seat of yours must act.
function takeTurns(games) {
  turns.clear();
  for (const g of games) turns.set(g.id, { title: g.title_name, yourTurn: g.your_turn });
  const here = shownGameId();
  if (here !== null && turns.has(here) && !shown?.fromPage) {
    shown = { game: here, ...turns.get(here) };
  }
  drawTitle();
}

async function pollTurns() {
  if (!me) {
    turns.clear();
    drawTitle();
    return;
  }
  try {
    takeTurns(await get("/api/games?status=active&mine=true&limit=200"));
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    // A missed poll changes nothing: the next one asks again. A session that ended (signed out
    // elsewhere, expired) stops the polling; the next page the user opens asks them to sign in.
    if (err.status === 401) {
      me = null;
      turns.clear();
      drawNav();
      drawTitle();
    }
  }
}

function shownGameId() {
  const { parts } = parseHash();
  return parts[0] === "game" && parts[1] ? Number(parts[1]) : null;
}

// The game page tells every change of its game: {game, title, yourTurn}.
document.addEventListener("outremer:turn", (e) => {
  const { game, title, yourTurn } = e.detail || {};
  if (game !== shownGameId()) return;
  shown = { game, title, yourTurn: Boolean(yourTurn), fromPage: true };
  if (turns.has(game)) turns.set(game, { title, yourTurn: Boolean(yourTurn) });
  drawTitle();
});

function drawNav() {
  const nav = document.getElementById("nav");
  nav.textContent = "";
  if (me) {
    nav.append(
      h("a", { href: "#/" }, "Lobby"),
      h("a", { href: "#/new", id: "nav-new" }, "New game"),
      h("span", { class: "who" }, me.name),
      h("button", { type: "button", class: "link", id: "logout", onclick: logout }, "Sign out"),
    );
  } else {
    nav.append(h("a", { href: "#/login" }, "Sign in"));
  }
}

async function logout() {
  try {
    await post("/api/logout");
  } catch (err) {
    showError(err);
  }
  me = null;
  turns.clear();
  go("#/login");
}

function parseHash() {
  const raw = location.hash.replace(/^#/, "") || "/";
  const [path, query] = raw.split("?");
  return { parts: path.split("/").filter(Boolean), params: new URLSearchParams(query || "") };
}

async function route() {
  if (leave) {
    leave();
    leave = null;
  }
  clearError();
  const main = document.getElementById("main");
  main.textContent = "";
  main.className = "";
  const { parts, params } = parseHash();
  drawNav();
  shown = null;
  if (parts[0] === "game") pageName = `Game #${parts[1] || ""}`;
  else if (!me || parts[0] === "login") pageName = "Sign in";
  else pageName = { new: "New game", invite: "Invitation" }[parts[0]] || "Lobby";
  drawTitle();
  pollTurns();
  try {
    if (parts[0] === "game" && parts[1]) {
      // Anyone may watch a game; a seat's view needs its player signed in.
      main.className = "wide";
      leave = await gamePage(main, Number(parts[1]), params.get("role"), me);
      return;
    }
    if (!me || parts[0] === "login") {
      loginPage(main, parts[0] === "login" ? params.get("next") : location.hash);
      return;
    }
    if (parts[0] === "new") await newGamePage(main);
    else if (parts[0] === "invite" && parts[1]) await invitePage(main, parts[1]);
    else await lobbyPage(main);
  } catch (err) {
    showError(err);
  }
}

// -- sign in / register -----------------------------------------------------------------------
function loginPage(main, next) {
  const name = h("input", { name: "name", id: "name", autocomplete: "username", required: true, maxlength: 32 });
  const password = h("input", {
    name: "password", id: "password", type: "password", autocomplete: "current-password", required: true, minlength: 8,
  });
  async function submit(kind) {
    clearError();
    try {
      me = await post(kind === "register" ? "/api/register" : "/api/login", {
        name: name.value.trim(), password: password.value,
      });
      const target = next && !next.startsWith("#/login") ? next : "#/";
      go(target);
    } catch (err) {
      showError(err);
    }
  }
  const form = h("form", { class: "card narrow", id: "login-form", onsubmit: (e) => { e.preventDefault(); submit("login"); } },
    h("h1", {}, "Sign in"),
    h("p", { class: "muted" }, "Play the board wargames of the Crusades, every rule enforced."),
    h("label", { for: "name" }, "Name"), name,
    h("label", { for: "password" }, "Password (at least 8 characters)"), password,
    h("div", { class: "row" },
      h("button", { type: "submit", id: "login" }, "Sign in"),
      h("button", { type: "button", id: "register", class: "secondary", onclick: () => submit("register") }, "Register"),
    ),
  );
  main.append(form);
}

// -- lobby --------------------------------------------------------------------------------------
const holder = (seat) => (seat.bot ? `bot: ${seat.bot}` : seat.player || "open seat");
const STATUS = { open: "waiting for players", active: "under way", over: "finished" };

function seatsText(game) {
  return game.seats.map((s) => `${roleName(game.role_names, s.role)}: ${holder(s)}`).join(" · ");
}

// Whose turn it is (public: every view shows it): "Your turn", or who the game waits for.
function turnText(game) {
  if (game.your_turn) return h("strong", { class: "your-turn" }, "Your turn");
  if (!game.to_act?.length) return null;
  const who = game.to_act.map((s) => `${roleName(game.role_names, s.role)} (${holder(s)})`).join(" and ");
  return h("span", { class: "waiting" }, `Waiting for ${who}`);
}

function gameRow(game, extra) {
  const name = `${game.title_name} #${game.id}`;
  return h("li", { class: game.your_turn ? "game-row your-turn" : "game-row", "data-game": game.id },
    h("a", { href: `#/game/${game.id}` }, name),
    turnText(game),
    h("span", { class: "muted" }, ` ${game.scenario_name || game.scenario || ""} · ${STATUS[game.status] || game.status} · ${seatsText(game)}`),
    extra || null,
  );
}

async function lobbyPage(main) {
  const [open, mineOpen, mineActive, mineOver, active, over] = await Promise.all([
    get("/api/games?status=open"),
    get("/api/games?status=open&mine=true"),
    get("/api/games?status=active&mine=true"),
    get("/api/games?status=over&mine=true&limit=20"),
    get("/api/games?status=active&limit=20"),
    get("/api/games?status=over&limit=20"),
  ]);
  takeTurns(mineActive);
  // Your games where a seat of yours must act first, then the others under way, open, finished.
  const mine = [...mineActive.filter((g) => g.your_turn), ...mineActive.filter((g) => !g.your_turn), ...mineOpen, ...mineOver];
  const list = (games, empty, extra) =>
    games.length ? h("ul", { class: "games" }, games.map((g) => gameRow(g, extra?.(g)))) : h("p", { class: "muted" }, empty);
  const joinButtons = (game) => {
    if (game.your_roles.length) return null;
    return game.seats.filter((s) => s.open).map((s) =>
      h("button", {
        type: "button", class: "small", "data-join": s.role,
        onclick: async () => {
          try {
            await post(`/api/games/${game.id}/join`, { role: s.role });
            go(`#/game/${game.id}`);
          } catch (err) {
            showError(err);
          }
        },
        "aria-label": `Join ${game.title_name} #${game.id} as ${roleName(game.role_names, s.role)}`,
      }, `Join as ${roleName(game.role_names, s.role)}`));
  };
  main.append(
    h("h1", { class: "page-title" }, "Lobby"),
    h("section", { class: "card", id: "my-games", "aria-labelledby": "my-games-h" }, h("h2", { id: "my-games-h" }, "My games"),
      list(mine, "No games yet."),
      h("p", {}, h("a", { href: "#/new", class: "button", id: "new-game" }, "New game"))),
    h("section", { class: "card", id: "open-games", "aria-labelledby": "open-games-h" }, h("h2", { id: "open-games-h" }, "Open games"),
      list(open, "No game is waiting for players.", joinButtons)),
    h("section", { class: "card", id: "watch-games", "aria-labelledby": "watch-games-h" }, h("h2", { id: "watch-games-h" }, "Games under way (watch)"),
      list(active, "None.")),
    h("section", { class: "card", id: "over-games", "aria-labelledby": "over-games-h" }, h("h2", { id: "over-games-h" }, "Finished games (replay)"),
      list(over, "None.")),
    importForm(),
  );
}

function importForm() {
  const file = h("input", { type: "file", id: "import-file", name: "save", accept: ".json,application/json" });
  async function submit(e) {
    e.preventDefault();
    try {
      if (!file.files.length) throw new Error("Choose a save file first.");
      const save = JSON.parse(await file.files[0].text());
      const game = await post("/api/games/import", { save });
      go(`#/game/${game.id}`);
    } catch (err) {
      showError(err instanceof SyntaxError ? new Error("That file is not a save file (not JSON).") : err);
    }
  }
  return h("form", { class: "card", id: "import-form", onsubmit: submit, "aria-labelledby": "import-h" },
    h("h2", { id: "import-h" }, "Import a save"),
    h("label", { for: "import-file" }, "Save file (.json)"), file,
    h("button", { type: "submit" }, "Import"));
}

// -- new game -----------------------------------------------------------------------------------
async function newGamePage(main) {
  const titles = (await get("/api/titles")).filter((t) => !t.error);
  if (!titles.length) throw new Error("No titles are installed on this server.");
  const titleSel = h("select", { id: "title", name: "title" }, titles.map((t) => h("option", { value: t.slug }, t.title)));
  const details = h("div", { id: "title-details" });
  // A number the browser holds exactly (the server takes seeds up to 2**128 - 1 from other clients).
  const seed = h("input", { id: "seed", type: "number", min: 0, max: Number.MAX_SAFE_INTEGER, step: 1, placeholder: "random" });
  const pub = h("input", { id: "public", type: "checkbox", checked: true });

  const seatBox = h("fieldset", { id: "seats" });

  function drawSeats(t, roles, names) {
    const rows = roles.map((role, i) => {
      const sel = h("select", { "data-role": role, id: `seat-${role}` },
        h("option", { value: "me" }, "me"),
        h("option", { value: "invite" }, "a person (invite link)"),
        t.bots.map((b) => h("option", { value: `bot:${b}` }, `bot: ${b}`)));
      sel.value = i === 0 ? "me" : `bot:${t.default_bot}`;
      return h("div", { class: "seat-row" }, h("label", { for: `seat-${role}` }, roleName(names, role)), sel);
    });
    seatBox.replaceChildren(h("legend", {}, "Seats"), ...rows);
    seatBox.dataset.title = t.slug; // the title whose seats these are (tests wait for it)
  }

  function chosenOptions() {
    const options = {};
    for (const box of details.querySelectorAll("[data-option]")) options[box.dataset.option] = box.checked;
    return options;
  }

  // The seats follow the scenario and options: a team variant or a count of players changes them.
  async function reseat() {
    const t = titles.find((x) => x.slug === titleSel.value);
    const scenario = details.querySelector("#scenario").value;
    const query = `scenario=${encodeURIComponent(scenario)}&options=${encodeURIComponent(JSON.stringify(chosenOptions()))}`;
    try {
      const answer = await get(`/api/titles/${encodeURIComponent(t.slug)}/roles?${query}`);
      if (titleSel.value === t.slug) drawSeats(t, answer.roles, answer.role_names);
    } catch (err) {
      showError(err);
    }
  }

  function fill() {
    const t = titles.find((x) => x.slug === titleSel.value);
    details.textContent = "";
    details.append(
      h("label", { for: "scenario" }, "Scenario"),
      h("select", { id: "scenario", onchange: reseat }, t.scenarios.map((s) => h("option", { value: s }, t.scenario_names?.[s] || s))),
    );
    if (t.options.length) {
      details.append(h("fieldset", {}, h("legend", {}, "Options"),
        t.options.map((o) => h("label", { class: "check" },
          h("input", { type: "checkbox", "data-option": o.name, checked: o.default, onchange: reseat }),
          ` ${o.help}`, o.rule ? h("span", { class: "muted" }, ` (${o.rule})`) : null))));
    }
    drawSeats(t, t.roles, t.role_names);
    details.append(seatBox);
  }
  titleSel.addEventListener("change", fill);
  fill();

  async function submit(e) {
    e.preventDefault();
    clearError();
    const options = chosenOptions();
    const seats = [...details.querySelectorAll("[data-role]")].map((sel) => {
      if (sel.value.startsWith("bot:")) return { role: sel.dataset.role, kind: "bot", bot: sel.value.slice(4) };
      return { role: sel.dataset.role, kind: sel.value };
    });
    const body = { title: titleSel.value, scenario: details.querySelector("#scenario").value, options, seats, public: pub.checked };
    if (seed.value !== "") body.seed = Number(seed.value);
    try {
      const game = await post("/api/games", body);
      go(`#/game/${game.id}`);
    } catch (err) {
      showError(err);
    }
  }
  main.append(h("form", { class: "card narrow", id: "new-game-form", onsubmit: submit },
    h("h1", {}, "New game"),
    h("label", { for: "title" }, "Title"), titleSel,
    details,
    h("label", { class: "check" }, pub, " listed in the lobby (anyone may join an open seat or watch)"),
    h("details", {}, h("summary", {}, "Advanced"), h("label", { for: "seed" }, "Seed (only if every seat is yours or a bot's: it decides every card and die)"), seed),
    h("button", { type: "submit", id: "create" }, "Create game"),
  ));
}

// -- invitations --------------------------------------------------------------------------------
async function invitePage(main, token) {
  main.append(h("h1", {}, "Invitation"), h("p", {}, "Taking your seat…"));
  const game = await post(`/api/invites/${encodeURIComponent(token)}`);
  go(`#/game/${game.id}`);
}

// -- start --------------------------------------------------------------------------------------
window.addEventListener("hashchange", route);
window.addEventListener("unhandledrejection", (e) => showError(e.reason));
(async () => {
  try {
    await whoAmI();
  } catch (err) {
    showError(err);
  }
  await route();
  setInterval(pollTurns, POLL_MS);
})();
