"""The First Crusade in the browser: the generic page plays a second title through the game contract
alone, with its own map drawing; face-down Muslim counters are drawn blank and never named."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from outremer.bots.registry import make_bot
from outremer.engine.record import Record
from outremer.engine.registry import get_game
from outremer.games.first_crusade import combat
from outremer.games.first_crusade.board import load_board
from outremer.games.first_crusade.positions import battle_fought, position
from outremer.games.first_crusade.state import PLAYER

from .conftest import errors_of, new_game_form, register, settled_boxes, shot
from .test_play import DESKTOP, PHONE, game_json, version, wait_version_above

B = load_board()
BATTLE_SEED = 1
BATTLE_VIEWPORT = {"width": 1280, "height": 800}
OUTSIDE_THE_LOG = (
    "() => { const c = document.body.cloneNode(true);"
    " c.querySelectorAll('#log, .battle-log').forEach((e) => e.remove()); return c.innerHTML; }"
)
MUSLIM_NAMES = sorted({c.name for c in B.counters.values() if c.side == "muslim" and c.is_leader})


def revealed_names(game: dict[str, Any]) -> set[str]:
    return {u["name"] for units in game["view"]["spaces"].values() for u in units if not u.get("hidden")}


def assert_no_concealed_names(page: Any, game: dict[str, Any]) -> None:
    """No Muslim leader's name is on the map or the panels unless the player's view shows him face
    up (the log, and the battle panel's part of it, may name units revealed in a battle; the log
    itself is checked by tests/first_crusade/test_hidden.py)."""
    html = page.evaluate(OUTSIDE_THE_LOG)
    shown = revealed_names(game)
    for name in MUSLIM_NAMES:
        if name not in shown:
            assert name not in html, f"the page names the concealed {name!r}"


def test_the_first_crusade_is_played_by_clicking(server: str, browser: Any) -> None:
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    errors = errors_of(page)
    new_game_form(page, server, "urban", "first-crusade")
    page.select_option("#seat-Christians", "me")
    page.click("#new-game-form details summary")
    page.fill("#seed", "3")
    page.click("#create")
    page.wait_for_selector("#game[data-role='Christians'][data-status='active'] svg .space")
    game_id = int(page.get_attribute("#game", "data-game"))
    # The map: every space drawn, the garrisons face down (7.0) in their contingent's colour.
    assert page.locator("svg .space").count() == len(B.spaces)
    assert page.locator("svg .block.hidden.side-seljuk").count() >= 1
    game = game_json(page, server, game_id)
    assert_no_concealed_names(page, game)
    shot(page, "first-crusade-start")

    # The keyboard: "1" presses the first button (opening groups of choices), until an action is
    # taken; Escape and a key with no button do nothing.
    page.keyboard.press("Escape")
    page.keyboard.press("9")
    v = version(page)
    for _ in range(4):
        page.keyboard.press("1")
        page.wait_for_timeout(300)
        if version(page) > v:
            break
    assert version(page) > v, "the key 1 took no action"

    clicks = 0
    for _ in range(300):
        game = game_json(page, server, game_id)
        if game["outcome"] is not None or clicks >= 40:
            break
        buttons = page.locator("#actions button.action")
        if buttons.count() == 0:
            groups = page.locator("#actions button.group")
            if groups.count():
                groups.first.click()
                continue
            page.wait_for_timeout(50)
            continue
        # Go on once a force is formed, march now and then (the map changes), else the first choice.
        go = page.locator("#actions button.action", has_text=re.compile(r"^(go|stop|attack)$"))
        marches = page.locator("#actions button.action", has_text=re.compile(r"^(leader )?march"))
        if go.count():
            target = go.first
        elif marches.count() and clicks % 3 == 0:
            target = marches.first
        else:
            target = buttons.first
        v = version(page)
        try:
            target.click(timeout=2000)
            if page.locator("#confirm-action").count():
                page.click("#confirm-action", timeout=2000)  # a warned action, confirmed (ruling MV-21)
        except PlaywrightTimeout:
            continue
        clicks += 1
        wait_version_above(page, v)
        assert_no_concealed_names(page, game_json(page, server, game_id))
    assert clicks >= 20, f"only {clicks} actions were clicked"
    game = game_json(page, server, game_id)
    assert len(page.locator("#log li").all()) == len(game["log"])
    shot(page, "first-crusade-played")

    # A reload keeps the game where it was; a phone-sized page stacks the map above the panels.
    page.reload()
    page.wait_for_selector(f"#game[data-version='{game['version']}'] svg .space")
    phone = browser.new_context(viewport=PHONE)
    p2 = phone.new_page()
    p2.goto(server + "/")
    p2.context.add_cookies(ctx.cookies())
    p2.goto(f"{server}/#/game/{game_id}")
    p2.wait_for_selector("#game svg .space")
    board_box, prompt_box = settled_boxes(p2, "#board-wrap", "#prompt")
    assert board_box["y"] < prompt_box["y"]
    shot(p2, "first-crusade-phone")
    assert not errors, errors


def test_the_battle_panel_shows_both_sides_and_no_concealed_unit(server: str, browser: Any) -> None:
    # A game played by the scripted bot to a battle, imported from its record (the importer holds
    # the seat), then seen and clicked in the page.
    game = get_game("first-crusade")
    state = game.setup(BATTLE_SEED)
    bot = make_bot("scripted", game, BATTLE_SEED)
    record = Record(game.slug, BATTLE_SEED, "1097", dict(state.options), [])
    while not battle_fought(game.view(state, PLAYER)):
        assert game.outcome(state) is None and len(record.actions) < 400, "no battle reached"
        action = bot.choose(game, state, PLAYER)
        game.perform(state, PLAYER, action)
        record.actions.append((PLAYER, action))
    view = game.view(state, PLAYER)
    b = view["battle"]

    ctx = browser.new_context(viewport=BATTLE_VIEWPORT)
    page = ctx.new_page()
    errors = errors_of(page)
    register(page, server, "adhemar")
    created = page.request.post(f"{server}/api/games/import", data={"save": record.to_json()})
    assert created.ok, created.text()
    game_id = created.json()["id"]
    page.goto(f"{server}/#/game/{game_id}")
    panel = page.locator("#battle-panel")
    page.wait_for_selector(f"#battle-panel[data-space='{b['space']}']")
    text = panel.inner_text()
    assert B.spaces[b["space"]].name in text and f"round {b['round']} of {b['rounds']}" in text
    # Both sides, every unit of each; the Muslims are face up in battle (23.1(2)), so named.
    for side in ("christian", "muslim"):
        units = b["units"][side]
        assert panel.locator(f".pside[data-side='{side}'] .pblock").count() == len(units)
        for u in units:
            assert u["name"] in text
    assert page.locator(f"svg .space.battle[data-space='{b['space']}']").count() == 1
    # No concealed Muslim is named or identified anywhere on the page outside the log (11.0).
    html = page.evaluate(OUTSIDE_THE_LOG)
    for unit, where in state.loc.items():
        counter = B.counters[unit]
        if counter.side == "muslim" and where in B.spaces and unit not in state.revealed:
            assert f'data-token="{unit}"' not in html
            if counter.is_leader:
                assert counter.name not in html, counter.name
    # The last roll and the hits to take; a Christian unit is picked in the panel like on the map.
    assert panel.locator(".battle-roll .dice").count() == 1
    assert f"take {b['hits']}" in text
    shot(page, "first-crusade-battle")
    pick = panel.locator(".pside[data-side='christian'] button.pblock.pickable").first
    before = version(page)
    pick.click()
    page.click("#confirm-pick")  # issue 15: a move picked on the board is confirmed first
    wait_version_above(page, before)

    # Before 23.1(2) the Muslims in a battle are face down (11.0): the page's own drawing of a view
    # built for it shows them blank in their contingent's colour, with neither id nor name.
    built = position({"godfrey": "nicaea", "kilij_arslan": "nicaea", "seljuk_militia_1": "nicaea"})
    combat.start_battle(built, "nicaea", "christian", reinforce=True)
    drawn = page.evaluate(DRAW_PANEL, game.view(built, PLAYER))
    assert drawn["hidden"] == 2 and drawn["tokens"] == ["godfrey"]
    assert "Kilij" not in drawn["html"] and "kilij_arslan" not in drawn["html"]
    assert "Battle in Nicaea" in drawn["html"]
    assert not errors, errors


DRAW_PANEL = """async (view) => {
  const m = await import('/api/titles/first-crusade/web/board.js');
  const board = await (await fetch('/api/titles/first-crusade/board')).json();
  const box = m.panel(view, { board, log: [] }).querySelector('#battle-panel');
  return {
    hidden: box.querySelectorAll(".pside[data-side='muslim'] .pblock.hidden.side-seljuk").length,
    tokens: [...box.querySelectorAll('[data-token]')].map((e) => e.dataset.token),
    html: box.outerHTML,
  };
}"""


def test_the_team_game_is_set_up_from_the_form(server: str, browser: Any) -> None:
    # 37.0: ticking the team option turns the one seat into three; a person holding two seats
    # switches between them, and the panel says whose Action is under way and who holds a marker.
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    errors = errors_of(page)
    new_game_form(page, server, "godfrey", "first-crusade")
    page.check("[data-option='teams']")
    page.wait_for_selector("#seat-Armenians")
    assert page.locator("#seat-Christians").count() == 0
    page.select_option("#seat-Crusaders", "me")
    page.select_option("#seat-Byzantines", "me")
    page.select_option("#seat-Armenians", "bot:scripted")
    page.uncheck("[data-option='teams']")
    page.wait_for_selector("#seat-Christians")
    page.check("[data-option='teams']")
    page.wait_for_selector("#seat-Byzantines")
    page.select_option("#seat-Byzantines", "me")
    page.click("#create")
    page.wait_for_selector("#game[data-status='active'] svg .space")
    game_id = int(page.get_attribute("#game", "data-game"))
    game = game_json(page, server, game_id)
    assert game["roles"] == ["Crusaders", "Byzantines", "Armenians"]
    assert set(game["your_roles"]) == {"Crusaders", "Byzantines"}
    page.wait_for_selector(".fc-indexes >> text=Team")
    shot(page, "first-crusade-teams")
    assert not errors, errors


def test_an_action_the_game_warns_of_is_sent_only_once_confirmed(server: str, browser: Any) -> None:
    # 10.1(1), ruling MV-21: the march from Constantinople takes Byzantines and Crusaders alike;
    # its `go` is marked, shows the warning with a confirm button, and only that sends it.
    seed = next(n for n in range(1, 50) if ["march", "constantinople"] in first_actions(n))
    page = browser.new_context(viewport=DESKTOP).new_page()
    errors = errors_of(page)
    new_game_form(page, server, "peter", "first-crusade")
    page.select_option("#seat-Christians", "me")
    page.click("#new-game-form details summary")
    page.fill("#seed", str(seed))
    page.click("#create")
    page.wait_for_selector("#game[data-role='Christians'][data-status='active'] svg .space")
    v = version(page)
    page.click(action_button(["march", "constantinople"]))
    wait_version_above(page, v)
    go = page.locator(action_button(["go"]))
    assert "warned" in (go.get_attribute("class") or "")
    v = version(page)
    go.click()
    assert "10.1(1)" in page.inner_text("#warning")
    page.click("#cancel-action")
    assert page.locator("#warning").count() == 0 and version(page) == v
    page.click(action_button(["go"]))
    page.click("#confirm-action")
    wait_version_above(page, v)
    assert (
        game_json(page, server, int(page.get_attribute("#game", "data-game")))["view"]["procedure"] == "march"
    )
    assert not errors, errors


def action_button(action: list[Any]) -> str:
    """The button of ``action`` as the page writes it (JSON without spaces)."""
    return f"#actions button[data-action='{json.dumps(action, separators=(',', ':'))}']"


def first_actions(seed: int) -> list[list[Any]]:
    """The actions offered first in a game set up with ``seed``, as the page receives them."""
    game = get_game("first-crusade")
    state = game.setup(seed)
    return [list(a) for a in game.legal_actions(state, PLAYER)]


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["laptop", "phone"])
def test_a_large_stack_opens_into_a_list_inside_the_window(
    server: str, browser: Any, size: dict[str, int]
) -> None:
    # Issue 15: the 33 units in Constantinople at the start (7.0) are drawn compact, one chip per
    # contingent, covering no other space; Enter on a chip opens every unit in words inside the
    # window, Escape closes it; a unit that may be picked is picked from the list (then confirmed).
    game = get_game("first-crusade")
    state = game.setup(1)
    march = ("march", "constantinople")
    game.perform(state, PLAYER, march)  # 18.1: the force forms; a unit may leave it
    units = game.view(state, PLAYER)["spaces"]["constantinople"]
    leaving = {a[1] for a in game.legal_actions(state, PLAYER) if a[0] == "leave"}
    record = Record(game.slug, 1, "1097", dict(state.options), [(PLAYER, march)])
    page = browser.new_context(viewport=size).new_page()
    errors = errors_of(page)
    register(page, server, f"bohemond-{size['width']}")
    created = page.request.post(f"{server}/api/games/import", data={"save": record.to_json()})
    assert created.ok, created.text()
    page.goto(f"{server}/#/game/{created.json()['id']}")
    chip = page.locator("svg [data-piece='constantinople:crusader']")
    chip.wait_for()
    assert page.locator("svg [data-at='constantinople']").count() == len({u["contingent"] for u in units})
    assert "pickable" in (chip.get_attribute("class") or "")

    chip.focus()
    page.keyboard.press("Enter")
    listed = page.locator(".fc-stack-list[data-space='constantinople']")
    listed.wait_for()
    assert listed.locator(".unit").count() == len(units) == 33
    box = listed.bounding_box()
    assert box is not None and box["x"] >= 0 and box["y"] >= 0
    assert box["x"] + box["width"] <= size["width"] and box["y"] + box["height"] <= size["height"]
    text = listed.inner_text()
    for u in units:
        assert u["name"] in text
    smallest = page.evaluate(
        "() => Math.min(...[...document.querySelectorAll('.fc-stack-list .unit span')]"
        ".map((e) => parseFloat(getComputedStyle(e).fontSize)))"
    )
    assert smallest >= 11
    shot(page, f"first-crusade-stack-list-{size['width']}")
    page.keyboard.press("Escape")
    assert listed.count() == 0
    assert page.evaluate("() => document.activeElement?.dataset.piece") == "constantinople:crusader"

    # A face-down counter opens its space's list too, which names no Muslim unit (11.0).
    garrison = list(game.view(state, PLAYER)["spaces"]["nicaea"])
    assert garrison and all(u.get("hidden") for u in garrison)
    page.click("svg [data-piece='nicaea:seljuk:0']")
    nicaea = page.locator(".fc-stack-list[data-space='nicaea']")
    nicaea.wait_for()
    assert nicaea.locator(".unit span").all_inner_texts() == ["Seljuk unit (face down)"] * len(garrison)
    page.keyboard.press("Escape")

    # Picked from the list: only the units that may leave the force are buttons.
    chip.click()
    buttons = listed.locator("button.unit[data-pick]")
    assert {buttons.nth(i).get_attribute("data-pick") for i in range(buttons.count())} == leaving
    before = version(page)
    buttons.first.click()
    page.click("#confirm-pick")
    wait_version_above(page, before)

    # The key, opened, names every colour and mark in text of 11 px or more (issue 15).
    page.click("[data-board-key] summary")
    assert page.evaluate(SMALLEST_KEY_TEXT) >= 11
    assert not errors, errors


SMALLEST_KEY_TEXT = """() => Math.min(...[
  ...document.querySelectorAll('[data-board-key] span, [data-board-key] text')]
  .filter((e) => e.textContent.trim() && e.getClientRects().length)
  .map((e) => {
    const size = parseFloat(getComputedStyle(e).fontSize);
    if (!(e instanceof SVGElement)) return size;
    const m = e.getScreenCTM();
    return size * Math.min(Math.hypot(m.a, m.b), Math.hypot(m.c, m.d));
  }))"""
