"""The First Crusade in the browser: the generic page plays a second title through the game contract
alone, with its own map drawing; face-down Muslim counters are drawn blank and never named."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from outremer.games.first_crusade.board import load_board

from .conftest import errors_of, register, shot
from .test_play import DESKTOP, PHONE, game_json, version, wait_version_above

B = load_board()
MUSLIM_NAMES = sorted({c.name for c in B.counters.values() if c.side == "muslim" and c.is_leader})


def revealed_names(game: dict[str, Any]) -> set[str]:
    return {u["name"] for units in game["view"]["spaces"].values() for u in units if not u.get("hidden")}


def assert_no_concealed_names(page: Any, game: dict[str, Any]) -> None:
    """No Muslim leader's name is on the map or the panels unless the player's view shows him face
    up (the log may name units revealed in a battle that is over; the log itself is checked by
    tests/first_crusade/test_hidden.py)."""
    html = page.evaluate(
        "() => { const c = document.body.cloneNode(true); c.querySelector('#log')?.remove();"
        " return c.innerHTML; }"
    )
    shown = revealed_names(game)
    for name in MUSLIM_NAMES:
        if name not in shown:
            assert name not in html, f"the page names the concealed {name!r}"


def test_the_first_crusade_is_played_by_clicking(server: str, browser: Any) -> None:
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    errors = errors_of(page)
    register(page, server, "urban")
    page.click("#new-game")
    page.wait_for_selector("#new-game-form")
    page.select_option("#title", "first-crusade")
    page.wait_for_selector("#seat-Christians")
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
    board_box = p2.locator("#board-wrap").bounding_box()
    prompt_box = p2.locator("#prompt").bounding_box()
    assert board_box is not None and prompt_box is not None and board_box["y"] < prompt_box["y"]
    shot(p2, "first-crusade-phone")
    assert not errors, errors
