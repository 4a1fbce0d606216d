"""Kingdom of Heaven's browser board (web/board.js) in Debian's Chromium, beyond the board's contract
and axe-core that tests/e2e/test_boards.py and test_a11y.py check on every registered title: a
stack opened from the map lists its pieces by Power (every stack is open to both players,
§10.5.1); the hand shows the viewer's own cards and only the size of the opponent's (§8.1); the
siege-events panel shows the events both sides laid in a siege's exchange and whose turn it is
(§17.6.6), and nothing of the other's hand; the status line, the political status track, the siege
markers and the provinces' owners show what the game's view holds (read through the API)."""

from __future__ import annotations

from typing import Any

from outremer.engine import get_game
from outremer.games.kingdom_of_heaven.common import data

from . import test_boards
from .conftest import new_game_form

SLUG = "kingdom-of-heaven"


def test_a_stack_lists_its_pieces_and_the_hand_only_the_viewers_cards(
    server: str, module_browser: Any, signed_in: dict[str, Any]
) -> None:
    game = get_game(SLUG)
    page, errors = test_boards.open_position(
        module_browser, server, signed_in, SLUG, game.positions()["start"], (1280, 800)
    )
    try:
        # §10.5.1: every stack is open to both players; the Crusaders in the Constantinople box.
        chip = page.locator("#board [data-piece='stack:constantinople|christian|field']")
        chip.click()
        listed = page.locator("#koh-stack").inner_text()
        assert "Crusaders: 18 \u00d7 3-4" in listed and "Godfrey" in listed, listed
        assert chip.get_attribute("aria-expanded") == "true"
        # §8.1: the seat's own hand as cards, the other's as its size only.
        hands = page.locator("[aria-label='Hands']").inner_text()
        assert "Your hand (7 cards)" in hands and "hand: 7 cards" in hands, hands
        assert page.locator("[aria-label='Hands'] .koh-card").count() == 7
    finally:
        page.context.close()
    assert not errors, errors


def test_the_siege_events_panel_shows_the_exchange_laid_so_far_and_no_hidden_card(
    server: str, module_browser: Any, signed_in: dict[str, Any]
) -> None:
    game = get_game(SLUG)
    position = game.positions()["siege-events"]
    state = game.setup(position.seed, position.scenario, position.options)
    for role, action in position.actions:
        game.perform(state, role, tuple(action))
    cards = data(state).cards.cards
    siege = state.stack[-1]
    besieger = state.sieges[siege["space"]]["besieger"]
    page, errors = test_boards.open_position(module_browser, server, signed_in, SLUG, position, (1280, 800))
    try:
        panel = page.locator("[aria-label='Siege events']")
        text = panel.inner_text()
        turn = panel.locator("[data-turn]").get_attribute("data-turn")
        hands = page.locator("[aria-label='Hands']").inner_text()
    finally:
        page.context.close()
    assert not errors, errors
    viewer = "muslim" if "The Christian hand" in hands else "christian"
    other = "muslim" if viewer == "christian" else "christian"
    frame = game.view(state, viewer)["stack"][-1]
    # §17.6.6: every event laid so far, by whom as besieger or besieged, with its MAN; whose turn.
    for e in siege["laid"]:
        card = cards[e["card"]]
        side = f"{e['player'].capitalize()} ({'besieger' if e['player'] == besieger else 'besieged'})"
        assert f"{side}: #{card.number} {card.title}" in text, text
        event = card.siege_event
        assert event is not None and f"{event.title}: {event.user}" in text and f"MAN {event.man}" in text
    assert {e["as"] for e in siege["laid"]} == {"A", "D"}
    assert turn == siege["asks"]
    man, most = frame["man"], frame["manpower"]
    assert f"besieger {man['A']} of {most['A']}, besieged {man['D']} of {most['D']}" in text, text
    # §8.1: of the other's hand only its size; none of its cards is named.
    assert f"{other.capitalize()} hand holds {len(state.hands[other])} cards" in text, text
    for c in state.hands[other]:
        assert f"#{cards[c].number} {cards[c].title}" not in text, (c, text)


def test_the_new_game_form_lists_the_scenarios_and_seats_by_name(server: str, module_browser: Any) -> None:
    # Issue 18: the nine scenarios A to J by their letters, years and names, the letter the value.
    game = get_game(SLUG)
    page = module_browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    try:
        new_game_form(page, server, "baldwin", SLUG)
        options = page.locator("#scenario option")
        shown = [
            (options.nth(i).get_attribute("value"), options.nth(i).inner_text())
            for i in range(options.count())
        ]
        page.select_option("#scenario", "D")
        chosen = page.locator("#scenario option:checked").inner_text()
        seats = page.locator("#seats label").all_inner_texts()
        page.select_option("#seat-christian", "me")
        page.click("#create")
        page.wait_for_selector("#game[data-role='christian'][data-status='active']")
        you = page.inner_text("#you")
        head = page.inner_text(".seats")
    finally:
        page.context.close()
    assert shown == [(s, game.scenario_name(s)) for s in game.scenarios]
    assert shown[0][1].startswith("A 1097-99 ") and chosen.startswith("D 1187-92 ")
    # §2: the seats by the sides' names, on the form and at the head of the game's page.
    assert seats == ["Christian", "Muslim"]
    assert you == "You play Christian" and "Muslim: bot" in head and "christian" not in head


SHOWN = """() => {
  const all = (q) => [...document.querySelectorAll(q)];
  const title = (e) => e.querySelector("title")?.textContent;
  const row = (r) => {
    const cells = [...r.children];
    const at = cells.findIndex((c) => c.classList.contains("at"));
    const heads = [...r.closest("table").querySelectorAll("thead th")].map((h) => h.textContent);
    return [r.dataset.marker, cells[0].textContent, heads[at] ?? null, cells[at]?.textContent ?? null];
  };
  const card = (b) => b.closest("g").querySelector("[data-location]").dataset.location;
  const chip = (s) => document.querySelector(`#board .stack.side-${s}:not(.inside) rect`);
  return {
    status: document.querySelector(".koh-status")?.textContent,
    track: all("tr[data-marker]").map(row),
    sieges: all("#board [data-siege]").map((s) => [s.dataset.siege, s.firstChild.nodeValue, title(s)]),
    provinces: all("#board [data-province]").map((p) => [p.dataset.province, p.getAttribute("stroke"),
      title(p)]),
    bars: all("#board [data-owner]").map((b) => [card(b), b.dataset.owner, b.getAttribute("fill")]),
    chips: Object.fromEntries(["christian", "muslim"].map((s) => [s, chip(s)?.getAttribute("fill")])),
  };
}"""
"""What the board shows of the status line, the track, the siege markers and the owners, with the
fill of each side's stack chips (the colours the owners' marks must share)."""


def test_the_board_shows_the_vp_the_track_the_sieges_and_the_owners_the_view_holds(
    server: str, module_browser: Any, signed_in: dict[str, Any]
) -> None:
    game = get_game(SLUG)
    page, errors = test_boards.open_position(
        module_browser, server, signed_in, SLUG, game.positions()["siege-events"], (1280, 800)
    )
    try:
        got = page.evaluate(SHOWN)
        answer = page.request.get(f"{server}/api/games/{page.url.rsplit('/', 1)[1]}").json()
        board = page.request.get(f"{server}/api/titles/{SLUG}/board").json()
    finally:
        page.context.close()
    assert not errors, errors
    view = answer["view"]
    powers = board["powers"]

    def side(power: str) -> str:
        return view["political"].get(powers[power]["marker"], "neutral")

    # §20.1: the VP of each player, as the view holds them.
    vp = view["vp"]
    assert f"VP: Christian {vp['christian']}, Muslim {vp['muslim']}" in got["status"], got["status"]
    # §9.1: each status marker in the column of its orientation, named by its Powers in play.
    words = {"christian": "Christian", "neutral": "neutral", "muslim": "Muslim"}
    assert sorted(m for m, *_ in got["track"]) == sorted(view["political"])
    for marker, names, column, cell in got["track"]:
        assert column == words[view["political"][marker]] and cell.endswith("here"), (marker, column)
        listed = [p["title"] for i, p in powers.items() if p["marker"] == marker and i in view["in_play"]]
        assert names == ", ".join(listed), (marker, names)
    # §17.4, §17.6: a marker on each besieged stronghold and on no other, its RF and blockade.
    assert sorted(s for s, *_ in got["sieges"]) == sorted(view["sieges"]) != []
    for space, text, title in got["sieges"]:
        siege = view["sieges"][space]
        assert text == f"RF{siege['rf']}{' B' if siege['blockade'] else ''}", (space, text)
        assert title.startswith(f"besieged by the {words[siege['besieger']]}: Resource Factor {siege['rf']}")
    # §3.Control: each province outlined in its owner's side's colour, named in its title; every
    # card of a province (or box) owned carries the owner's bar in that colour.
    chips = got["chips"]
    assert chips["christian"] and chips["muslim"] and chips["christian"] != chips["muslim"]
    owners = view["owners"]
    owned = [(p, o) for p, o in owners.items() if o is not None]
    assert {side(o) for _, o in owned} >= {"christian", "muslim"}
    hulls = {p: (stroke, title) for p, stroke, title in got["provinces"]}
    assert sum(p in hulls for p, _ in owned) > 5
    for province, owner in owned:
        if province not in hulls:
            continue  # a box (Constantinople, the Mediterranean) has no hull: its card's bar shows it
        stroke, title = hulls[province]
        assert title.endswith(f": owned by the {powers[owner]['title']}"), (province, title)
        if side(owner) in chips:
            assert stroke == chips[side(owner)], (province, stroke)
    for province, owner in owners.items():
        if owner is None and province in hulls:
            assert "owned by" not in hulls[province][1] and hulls[province][0] not in chips.values()
    places = {s["id"]: s for s in board["spaces"]} | {b["id"]: b for b in board.get("boxes", [])}
    bars = {at: (owner, fill) for at, owner, fill in got["bars"]}
    for at, place in places.items():
        owner = owners.get(place.get("province") or at)
        assert bars.get(at, (None, None))[0] == owner, (at, owner, bars.get(at))
        if owner is not None and side(owner) in chips:
            assert bars[at][1] == chips[side(owner)], (at, bars[at])
