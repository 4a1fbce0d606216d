"""Four Powers in the browser: a two-player game made from the lobby's form and played by clicking
against the scripted bot, a hotseat Battle's sealed steps and its reveal in the Conflict panel,
and the keyboard path to a pick. The page never shows another faction's Gold, Faith, hand or
sealed choice (PlayerSetup.6, Draft.2, Battle.7-8)."""

from __future__ import annotations

import json
import re
import time
from typing import Any

from outremer.engine.record import Record, replay
from outremer.engine.registry import get_game
from outremer.games.four_powers.common import data
from outremer.games.four_powers.state import BLUFF, State
from outremer.games.four_powers.words import count

from .conftest import errors_of, new_game_form, register, save_of, shot
from .test_play import DESKTOP, game_json, version, wait_version_above

SLUG = "four-powers"
OUTSIDE_THE_LOG = (
    "() => { const c = document.body.cloneNode(true);"
    " c.querySelectorAll('#log').forEach((e) => e.remove()); return c.innerText || c.textContent; }"
)


def console_errors(page: Any) -> list[str]:
    """Uncaught page errors and the console's error messages."""
    found = errors_of(page)
    page.on("console", lambda msg: found.append(msg.text) if msg.type == "error" else None)
    return found


def server_state(page: Any, base: str, game_id: int) -> State:
    """The game's whole state, replayed from its save (the user plays every non-bot seat)."""
    record = Record.from_json(save(page, base, game_id))
    state: State = replay(get_game(SLUG), record)
    return state


def caught_up(page: Any, base: str, game_id: int) -> dict[str, Any]:
    """The game once only the page's seats are to act (the bots have moved) and the page shows
    that version, as the page's seat sees it: nothing arrives to redraw the page under a pick."""
    deadline = time.monotonic() + 60
    while True:
        game = game_json(page, base, game_id)
        if game["outcome"] is not None:
            break
        if game["legal_actions"] and set(game["active_roles"]) <= set(game["your_roles"]):
            break
        assert time.monotonic() < deadline, f"still waiting for {game['active_roles']}"
        page.wait_for_timeout(50)
    page.wait_for_selector(f"#game[data-version='{game['version']}']")
    return game


def public_names(state: State, viewer: str) -> set[str]:
    """The card names ``viewer`` may see: its own hand and draft, the columns, the discard pile."""
    pack = data(state)
    ids = [*state.hands[viewer], *state.discard]
    ids += [c for cols in state.columns.values() for cards in cols.values() for c in cards]
    if state.draft:
        ids += state.draft.get("hands", {}).get(viewer, []) + state.draft.get("kept", {}).get(viewer, [])
    return {pack.cards[c].name for c in ids if c != BLUFF}


def assert_hand_unseen(page: Any, state: State, owner: str, viewer: str) -> None:
    """No card ``owner`` holds (or holds in the draft) is named on the page outside the log,
    unless ``viewer`` sees a card of that name itself (Round.3, Draft.2)."""
    pack = data(state)
    secret = [c for c in state.hands[owner] if c != BLUFF]
    if state.draft:
        secret += state.draft.get("hands", {}).get(owner, []) + state.draft.get("kept", {}).get(owner, [])
    assert secret, "the test needs a hand to hide"
    text = page.evaluate(OUTSIDE_THE_LOG)
    shown = public_names(state, viewer)
    for c in secret:
        name = pack.cards[c].name
        if name not in shown:
            assert name not in text, f"the {viewer}' page names the {owner}' card {name!r}"


def test_a_two_player_game_from_the_form_against_the_bot(server: str, browser: Any) -> None:
    page = browser.new_context(viewport=DESKTOP).new_page()
    errors = console_errors(page)
    new_game_form(page, server, "raymond", SLUG)
    # Players.3-4: the two-player scenarios seat only a Christian and a Muslim faction.
    assert page.locator("#seat-Byzantines").count() == 1
    page.select_option("#scenario", "two-crusaders-seljuk")
    page.wait_for_selector("#seat-Byzantines", state="detached")
    seats = page.locator("#seats [data-role]")
    assert [seats.nth(i).get_attribute("data-role") for i in range(seats.count())] == ["Crusaders", "Seljuk"]
    page.select_option("#seat-Crusaders", "me")
    page.select_option("#seat-Seljuk", "bot:scripted")
    page.click("#new-game-form details summary")
    page.fill("#seed", "3")
    page.click("#create")
    page.wait_for_selector("#game[data-role='Crusaders'][data-status='active'] svg .location")
    game_id = int(page.get_attribute("#game", "data-game"))
    assert game_json(page, server, game_id)["roles"] == ["Crusaders", "Seljuk"]

    # The draft (Draft.1-3): each pick a card of the hand clicked on the board, then confirmed.
    picks = 0
    while True:
        game = caught_up(page, server, game_id)
        legal = [la["action"] for la in game["legal_actions"]]
        if legal[0][0] != "keep":
            break
        assert_hand_unseen(page, server_state(page, server, game_id), "Seljuk", "Crusaders")
        card = legal[0][1]
        v = version(page)
        page.click(f"svg g.hand-card[data-pick='{card}']")
        assert page.inner_text("#confirm-pick").startswith("Confirm: keep ")
        assert version(page) == v  # nothing sent before the confirmation
        page.click("#confirm-pick")
        wait_version_above(page, v)
        picks += 1
    assert picks >= 2
    shot(page, "four-powers-drafted")

    # Round.3: a card of the hand played to a column: the card, then the column, then confirmed.
    plays = [a for a in legal if a[0] == "play"]
    assert plays, legal
    card = plays[0][1]
    column = next((a[2] for a in plays if a[1] == card and a[2] == "income"), None) or next(
        a[2] for a in plays if a[1] == card
    )
    before = len(server_state(page, server, game_id).columns["board"][column])
    v = version(page)
    page.click(f"svg g.hand-card[data-pick='{card}']")
    assert page.locator("#confirm-pick").count() == 0  # the card alone may go to several columns
    page.click(f"svg .column-head[data-pick='{column}']")
    assert page.inner_text("#confirm-pick").startswith("Confirm: play ")
    page.click("#confirm-pick")
    wait_version_above(page, v)
    state = server_state(page, server, game_id)
    assert state.columns["board"][column][-1] == card and len(state.columns["board"][column]) == before + 1

    # The rest of the action by the API, until the bot has answered with an action of its own.
    record = Record.from_json(save(page, server, game_id))
    played_at = len(record.actions)
    for _ in range(40):
        record = Record.from_json(save(page, server, game_id))
        if any(role == "Seljuk" for role, _ in record.actions[played_at:]):
            break
        game = caught_up(page, server, game_id)
        legal = [la["action"] for la in game["legal_actions"]]
        ending = [a for a in legal if a[0] in ("done", "end")]
        act = page.request.post(
            f"{server}/api/games/{game_id}/action",
            data={"role": "Crusaders", "action": (ending or legal)[0], "version": game["version"]},
        )
        assert act.ok, act.text()
    else:
        raise AssertionError("the bot never answered")
    game = caught_up(page, server, game_id)
    state = server_state(page, server, game_id)

    # PlayerSetup.6: the viewer's own Gold and Faith as numbers; the Seljuk's hidden.
    mine = page.locator(".fp-board[data-role='Crusaders']").inner_text()
    assert f"Gold {state.gold['Crusaders']}, Faith {state.faith['Crusaders']}" in mine
    assert f"{state.gold['Crusaders']} Gold, {state.faith['Crusaders']} Faith" in page.inner_text(
        ".fp-screen"
    )
    theirs = page.locator(".fp-board[data-role='Seljuk']").inner_text()
    assert "Gold and Faith: hidden" in theirs and "Gold " + str(state.gold["Seljuk"]) not in theirs
    # Round.3: the bot's hand is never named outside the log.
    assert_hand_unseen(page, state, "Seljuk", "Crusaders")
    shot(page, "four-powers-two-players")
    assert not errors, errors


def post(page: Any, base: str, game_id: int, role: str, action: Any) -> None:
    answer = page.request.post(
        f"{base}/api/games/{game_id}/action", data={"role": role, "action": list(action)}
    )
    assert answer.ok, answer.text()


def conflict_frame(state: State) -> dict[str, Any]:
    return next(f for f in reversed(state.stack) if f["kind"] in ("battle", "siege"))


def test_the_conflict_panel_keeps_sealed_choices_until_the_reveal(server: str, browser: Any) -> None:
    game = get_game(SLUG)
    position = game.positions()["battle"]
    page = browser.new_context(viewport=DESKTOP).new_page()
    errors = console_errors(page)
    register(page, server, "tancred")
    created = page.request.post(f"{server}/api/games/import", data={"save": save_of(game, position)})
    assert created.ok, created.text()
    game_id = created.json()["id"]
    state = server_state(page, server, game_id)
    conflict = conflict_frame(state)
    leaders = [conflict["attacker"], conflict["defender"]]
    laid = next(f for f in state.stack if f["kind"] == conflict["kind"] + "_card")["sealed"]
    committing = state.stack[-1]
    assert committing["kind"] == conflict["kind"] + "_commit"
    ally = next(r for r in committing["participants"] if r not in leaders)
    pack = data(state)
    laid_names = {r: (pack.bluff.name if a[1] == BLUFF else pack.cards[a[1]].name) for r, a in laid.items()}

    # Battle.8: every participant but one Ally closes its hand; the page follows that Ally.
    others = [r for r in committing["participants"] if r != ally]
    for role in others:
        post(page, server, game_id, role, game.legal_actions(state, role)[-1])
    page.goto(f"{server}/#/game/{game_id}?role={ally}")
    page.wait_for_selector(f"#game[data-version='{len(position.actions) + len(others)}']")
    if page.get_attribute("#game", "data-role") != ally:
        page.select_option("#role-select", ally)
        page.wait_for_selector(f"#game[data-role='{ally}']")
    panel = page.locator(".fp-conflict")
    text = panel.inner_text()
    # Battle.7-8: the leaders' cards face down and their closed hands, only as laid and committed.
    for role in others:
        line = panel.locator("div", has_text=role).last.inner_text()
        assert "committed" in line and ("card laid face down" in line) == (role in leaders), line
    assert "deciding" in panel.locator("div", has_text=ally).last.inner_text()
    for role in leaders:
        assert laid_names[role] not in text
    assert "Units:" not in text and "Cards:" not in text and "Dice:" not in text
    assert page.locator(".fp-conflict .fp-die").count() == 0
    outside = page.evaluate(OUTSIDE_THE_LOG)
    for role, name in laid_names.items():
        if laid[role][1] != BLUFF:
            assert name not in outside, name
    shot(page, "four-powers-battle-sealed")

    # Battle.9-10: the Ally closes its hand by clicking; all is revealed and the dice are rolled.
    state = server_state(page, server, game_id)
    mine = game.legal_actions(state, ally)[-1]
    v = version(page)
    click_action(page, mine)
    wait_version_above(page, v)
    state = server_state(page, server, game_id)
    while state.stack[-1]["kind"].endswith("_extra"):  # R17: another card, declined
        post(page, server, game_id, state.stack[-1]["role"], ("no_card",))
        state = server_state(page, server, game_id)
    conflict = conflict_frame(state)
    assert conflict["dice"], state.stack[-1]
    page.wait_for_selector(
        f"#game[data-version='{len(Record.from_json(save(page, server, game_id)).actions)}']"
    )
    panel = page.locator(".fp-conflict")
    text = panel.inner_text()
    # Battle.9: each leader's card by name, each participant's Units and Faith under its name.
    for role in committing["participants"]:
        units = ", ".join(count(n, kind) for kind, n in conflict["units"][role].items())
        faith = f", {conflict['faith'][role]} Faith" if conflict["faith"].get(role) else ""
        cards = rf"Cards: {re.escape(laid_names[role])} \(Strength \d+\)\n" if role in leaders else ""
        assert re.search(rf"{role}[^\n]*\n{cards}Units: {re.escape(units + faith)}(?:\n|$)", text), (
            role,
            text,
        )
    assert "Units:" in text and "Dice:" in text
    dice = sum(len(d) for d in conflict["dice"].values())
    assert page.locator(".fp-conflict .fp-die").count() == dice
    shot(page, "four-powers-battle-revealed")
    assert not errors, errors


def save(page: Any, base: str, game_id: int) -> dict[str, Any]:
    answer = page.request.get(f"{base}/api/games/{game_id}/save")
    assert answer.ok, answer.text()
    saved: dict[str, Any] = answer.json()
    return saved


def json_action(action: Any) -> str:
    """An action as the page writes it in data-action (JSON without spaces)."""
    return json.dumps(list(action), separators=(",", ":"))


def click_action(page: Any, action: Any) -> None:
    """Click ``action``'s button, opening the groups of choices that lead to it."""
    button = page.locator(f"#actions button[data-action='{json_action(action)}']")
    for _ in range(len(action) + 1):
        if button.count():
            break
        groups = page.locator("#actions button.group")
        for i in range(groups.count()):
            prefix = json.loads(groups.nth(i).get_attribute("data-prefix") or "[]")
            if list(action[: len(prefix)]) == prefix:
                groups.nth(i).click()
                break
    button.click()


FOCUSED_HAND_CARD = """() => {
  const node = document.activeElement;
  return node?.closest?.('svg') && node.classList.contains('hand-card') ? node.dataset.pick : null;
}"""


def test_the_keyboard_reaches_a_card_of_the_hand_and_picks_it(server: str, browser: Any) -> None:
    # Issue 15 on this board: Tab reaches a card of the draft's hand (Draft.1), Enter picks it and
    # the confirmation takes the focus, Enter again keeps the card.
    page = browser.new_context(viewport=DESKTOP).new_page()
    errors = console_errors(page)
    register(page, server, "baldwin")
    seats = [{"role": "Crusaders", "kind": "me"}] + [
        {"role": r, "kind": "bot", "bot": "scripted"} for r in ("Byzantines", "Caliphate", "Seljuk")
    ]
    created = page.request.post(
        f"{server}/api/games", data={"title": SLUG, "scenario": "four", "seats": seats, "seed": 5}
    )
    assert created.ok, created.text()
    game_id = created.json()["id"]
    page.goto(f"{server}/#/game/{game_id}")
    game = caught_up(page, server, game_id)
    hand = {la["action"][1] for la in game["legal_actions"]}
    page.wait_for_selector("svg g.hand-card[data-pick]")
    focused = None
    for _ in range(200):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED_HAND_CARD)
        if focused in hand:
            break
    assert focused in hand, "Tab never reached a card of the hand on the board"
    v = version(page)
    page.keyboard.press("Enter")
    page.wait_for_selector("#confirm-pick")
    assert page.evaluate("() => document.activeElement?.id") == "confirm-pick"
    assert version(page) == v
    page.keyboard.press("Enter")
    wait_version_above(page, v)
    mine = [a for r, a in Record.from_json(save(page, server, game_id)).actions if r == "Crusaders"]
    assert mine == [("keep", focused)]
    assert not errors, errors
