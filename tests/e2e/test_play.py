"""Two people in two browsers, and a person against a bot, playing Crusader Rex by clicking."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from outremer.games.crusader_rex.common import BLOCKS, TOWNS

from .conftest import PASSWORD, errors_of, new_game_form, register, settled_boxes, shot

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
# Frank blocks on the map at the start (not the staging boxes, whose blocks stand revealed: 7.21).
FRANK_SECRETS = ["Templars (Gaza)", "King Guy", "Balian", "Hospitallers (Acre)", "Reynald (Kerak)"]
FRANK_IDS = ["templars_gaza", "king_guy", "balian", "hospitallers_acre", "reynald_kerak"]


def action_button(action: list[Any]) -> str:
    return f"#actions button[data-action='{json.dumps(action)}']"


def version(page: Any) -> int:
    return int(page.get_attribute("#game", "data-version"))


def wait_version_above(page: Any, v: int) -> None:
    page.wait_for_function(
        "v => Number(document.querySelector('#game')?.dataset.version) > v", arg=v, timeout=15000
    )


def game_json(page: Any, base: str, game_id: int, role: str | None = None) -> dict[str, Any]:
    url = f"{base}/api/games/{game_id}" + (f"?role={role}" if role else "")
    data: dict[str, Any] = page.request.get(url).json()
    return data


def assert_no_frank_secrets(page: Any) -> None:
    html = page.content()
    for secret in [*FRANK_SECRETS, *FRANK_IDS]:
        assert secret not in html, f"the Saracen page shows {secret!r}"
    # Frank blocks on the map are drawn blank for the Saracen player.
    assert page.locator("svg .town ~ * .block.side-Franks.known").count() == 0
    assert page.locator("svg .stacks .block.side-Franks.known").count() == 0
    assert page.locator("svg .stacks .block.side-Franks.hidden").count() > 0


def test_two_people_create_join_and_play_by_clicking(server: str, browser: Any) -> None:
    alice_ctx = browser.new_context(viewport=DESKTOP)
    bob_ctx = browser.new_context(viewport=DESKTOP)
    a, b = alice_ctx.new_page(), bob_ctx.new_page()
    a_errors, b_errors = errors_of(a), errors_of(b)

    register(a, server, "alice")
    register(b, server, "bob")
    shot(a, "lobby")

    # Alice creates a game: she plays the Franks and invites someone to the Saracens.
    a.click("#new-game")
    a.wait_for_selector("#new-game-form")
    a.select_option("#title", "crusader-rex")
    a.select_option("#seat-Franks", "me")
    a.select_option("#seat-Saracens", "invite")
    a.click("#new-game-form details summary")
    a.fill("#seed", "11")  # the Franks are dealt move3_6, the Saracens move3_3 (test_seeds: see conftest)
    shot(a, "new-game")
    a.click("#create")
    a.wait_for_selector(".invite-link")
    link = a.get_attribute(".invite-link", "href")
    assert link and "#/invite/" in link
    game_id = int(a.get_attribute("#game", "data-game"))

    # Bob sees the open game in the lobby, then joins by the link.
    b.reload()
    b.wait_for_selector(f"#open-games [data-game='{game_id}'] [data-join='Saracens']")
    b.goto(link)
    b.wait_for_selector("#game[data-role='Saracens'][data-status='active']")
    a.wait_for_selector("#game[data-status='active']")  # over the websocket
    a.wait_for_selector("#conn[data-state='live']")
    b.wait_for_selector("#conn[data-state='live']")
    assert_no_frank_secrets(b)

    # Deployment: a Frank block takes another seat, and Alice takes it back with Undo.
    a.wait_for_selector("svg .town")
    assert a.locator("#undo").count() == 0
    seat = "#actions button.action[data-action^='[\"seat\"']"
    while a.locator(seat).count() == 0:
        a.locator("#actions button.group").first.click()
    a.locator(seat).first.click()
    a.wait_for_selector("#game[data-version='1'] #undo")
    b.wait_for_selector("#game[data-version='1']")
    assert b.locator("#undo").count() == 0  # not Bob's action
    a.click("#undo")
    a.wait_for_selector("#game[data-version='0']")
    assert a.locator("#undo").count() == 0
    b.wait_for_selector("#game[data-version='0']")  # Bob's page followed the undo live

    # The Franks keep their seats ("done"), then the Saracens.
    a.click(action_button(["done"]))
    b.wait_for_selector(action_button(["done"]))
    b.click(action_button(["done"]))

    # Card play from the hand, at the same time.
    a.wait_for_selector("#hand [data-card='move3_6'].playable")
    b.wait_for_selector("#hand [data-card='move3_3'].playable")
    a.click("#hand [data-card='move3_6']")
    b.click("#hand [data-card='move3_3']")
    b.wait_for_selector("#game[data-role='Saracens'] svg .town.pickable[data-town='Damascus']")
    shot(a, "game-franks")

    # The Saracens (Player 1) start a group move by clicking Damascus on the map...
    # A pick on the board that leaves one action waits for its confirmation (issue 15).
    v = version(b)
    b.click("svg .town[data-town='Damascus'] .dot")
    assert b.inner_text("#confirm-pick").startswith("Confirm: ") and version(b) == v
    b.click("#confirm-pick")
    wait_version_above(b, v)
    assert "Group move from Damascus" in b.inner_text("#prompt")
    # ...then a block, then the town it marches to.
    block = b.locator("svg .block.known.pickable").first
    block_id = block.get_attribute("data-block")
    block.click()
    b.wait_for_selector(f"svg .block.picked[data-block='{block_id}']")
    target = b.locator("svg .town.pickable").first
    town = target.get_attribute("data-town")
    assert town in TOWNS
    v = version(b)
    target.locator(".dot").click()
    b.click("#confirm-pick")
    wait_version_above(b, v)
    view = game_json(b, server, game_id)["view"]
    assert any(x.get("id") == block_id for x in view["towns"][town]["field"]), (block_id, town)
    shot(b, "game-saracens")
    v = version(b)
    b.click(action_button(["end"]))
    wait_version_above(b, v)
    assert_no_frank_secrets(b)
    # Alice's page followed the move live: a blank Saracen block now stands at that town.
    a.wait_for_function("v => Number(document.querySelector('#game').dataset.version) >= v", arg=version(b))
    assert a.locator(f"svg .stacks .block.side-Saracens[data-block='{block_id}']").count() == 0
    assert BLOCKS[block_id].side == "Saracens"

    # A reload keeps the game, the seat and the position.
    v = version(b)
    b.reload()
    b.wait_for_selector("#game[data-role='Saracens']")
    b.wait_for_selector("svg .town")
    assert version(b) == v
    assert_no_frank_secrets(b)

    # The same game on a phone-sized screen: map above the panels.
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    p = phone.new_page()
    p.goto(server + "/#/login")
    p.fill("#name", "bob")
    p.fill("#password", PASSWORD)
    p.click("#login")
    p.wait_for_selector("#my-games")
    p.goto(f"{server}/#/game/{game_id}")
    p.wait_for_selector("#game[data-role='Saracens'] svg .town")
    board_box, prompt_box = settled_boxes(p, "#board-wrap", "#prompt")
    assert prompt_box["y"] >= board_box["y"] + board_box["height"] - 1
    assert board_box["width"] <= PHONE["width"]
    shot(p, "game-phone")

    # A spectator sees the game without any seat and without hidden blocks.
    watcher = browser.new_context(viewport=DESKTOP).new_page()
    watcher.goto(f"{server}/#/game/{game_id}")
    watcher.wait_for_selector("#game[data-role='observer'] svg .town")
    assert watcher.locator("#actions button").count() == 0
    assert (
        watcher.locator(
            "svg .stacks .block.known.side-Franks, svg .stacks .block.known.side-Saracens"
        ).count()
        == 0
    )
    assert not a_errors and not b_errors, a_errors + b_errors


def test_a_game_against_a_bot_runs_to_the_end_of_1187(server: str, browser: Any) -> None:
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    errors = errors_of(page)
    new_game_form(page, server, "carol")
    page.select_option("#seat-Franks", "me")
    page.click("#new-game-form details summary")
    page.fill("#seed", "7")
    page.click("#create")
    page.wait_for_selector("#game[data-role='Franks'][data-status='active'] svg .town")
    game_id = int(page.get_attribute("#game", "data-game"))
    finishing = re.compile(r"^(done|end)$")
    clicks = 0
    dice_seen = False
    for _ in range(1500):
        if not dice_seen and page.locator("#dice .roll .dice").count():
            dice_seen = True  # dice as they fall: the battles of 1187 roll some
            shot(page, "dice")
        game = game_json(page, server, game_id)
        if game["outcome"] is not None or game["view"]["year"] > 1187:
            break
        if game["bot_error"]:
            raise AssertionError(game["bot_error"])
        buttons = page.locator("#actions button:not(.back)")
        if buttons.count() == 0:
            page.wait_for_timeout(50)
            continue
        preferred = page.locator("#actions button.action", has_text=finishing)
        target = preferred.first if preferred.count() else buttons.first
        v = version(page)
        try:  # the page may redraw under us (a bot moved): then look again
            grouped = "group" in (target.get_attribute("class", timeout=1000) or "")
            target.click(timeout=2000)
        except PlaywrightTimeout:
            continue
        clicks += 1
        if not grouped:
            # Ending a Group Move or Muster before any block moved asks to confirm (5.2, 5.3); a
            # redraw between reading the button and clicking it may have put a group there instead.
            page.wait_for_function(
                "v => Number(document.querySelector('#game')?.dataset.version) > v"
                " || document.querySelector('#confirm-action, #actions button.back') !== null",
                arg=v,
                timeout=15000,
            )
            if page.locator("#confirm-action").count():
                page.click("#confirm-action")
                wait_version_above(page, v)
    else:
        shot(page, "game-bot-stuck")
        raise AssertionError(
            f"the first year did not end after {clicks} clicks: {game['view']['prompt']!r}, "
            f"{game['active_roles']}, {[la['text'] for la in game['legal_actions']][:8]}; page: "
            f"{page.inner_text('#prompt')!r} {page.inner_text('#actions')!r} {page.inner_text('#error')!r}"
        )
    game = game_json(page, server, game_id)
    assert game["outcome"] is not None or game["view"]["year"] == 1188
    assert clicks > 5
    assert dice_seen, "no roll was shown in the dice tray during 1187"
    page.wait_for_timeout(200)
    shot(page, "game-bot-1188")
    assert not errors, errors


def test_import_a_finished_game_then_replay_and_export(server: str, browser: Any, tmp_path: Any) -> None:
    from outremer.bots.match import play_match
    from outremer.bots.registry import make_bot
    from outremer.engine.registry import get_game

    game = get_game("crusader-rex")
    match = play_match(game, {r: make_bot("random", game, i) for i, r in enumerate(game.roles)}, seed=3)
    assert not match.capped
    save = tmp_path / "finished.json"
    save.write_text(json.dumps(match.record.to_json()))

    page = browser.new_context(viewport=DESKTOP, accept_downloads=True).new_page()
    errors = errors_of(page)
    register(page, server, "dave")
    page.set_input_files("#import-file", str(save))
    page.click("#import-form button[type='submit']")
    page.wait_for_selector("#game[data-status='over'] #outcome")
    page.click("#replay-open")
    page.wait_for_selector("#replay-at")
    assert page.inner_text("#replay-at") == f"0 / {match.steps}"
    assert "1187" in (page.text_content("#cr-status summary") or "")  # the year, in the title's panel
    page.click("#replay-next")
    page.wait_for_function("() => document.querySelector('#replay-at').textContent.startsWith('1 /')")
    shot(page, "replay")
    with page.expect_download() as download:
        page.click("#export")
    exported = json.loads(Path(download.value.path()).read_text())
    assert exported["actions"] == match.record.to_json()["actions"]
    assert not errors, errors


def test_hotseat_follows_the_seat_that_must_act(server: str, browser: Any) -> None:
    """One person at both seats (hotseat): the page switches to the seat that must act, offers a
    seat switcher, and each seat sees only its own view (the Franks' hidden blocks stay blank on
    the Saracen side of the switch)."""
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    errors = errors_of(page)
    register(page, server, "hotseat")
    page.click("#new-game")
    page.wait_for_selector("#new-game-form")
    page.select_option("#title", "crusader-rex")
    page.select_option("#seat-Franks", "me")
    page.select_option("#seat-Saracens", "me")
    page.click("#new-game-form details summary")
    page.fill("#seed", "1")
    page.click("#create")
    page.wait_for_selector("#game[data-role='Franks'][data-status='active'] svg .town")
    assert page.locator("#role-select option").count() == 2
    # The Franks end their deployment: the page follows the Saracens, who deploy next (3.2).
    page.click(action_button(["done"]))
    page.wait_for_selector("#game[data-role='Saracens'] #actions button")
    assert page.input_value("#role-select") == "Saracens"
    assert_no_frank_secrets(page)
    # Switching by hand shows the other seat's own view (and no actions: it is not its turn).
    page.select_option("#role-select", "Franks")
    page.wait_for_selector("#game[data-role='Franks']")
    assert page.locator("svg .stacks .block.side-Franks.known").count() > 0
    shot(page, "hotseat")
    assert not errors, errors
