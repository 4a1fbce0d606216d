"""An accessibility audit with axe-core (issue 15): the lobby signed in with a game listed, a game page
of every title with a browser board, and the replay of a finished game of each, with no violation of
impact "serious" or "critical". The results (every violation in full) go to artifacts/a11y/<page>.json."""

from __future__ import annotations

import json
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe

from outremer.bots.registry import make_bot
from outremer.engine import Position, Record, get_game

from .conftest import ROOT, save_of
from .test_boards import board_titles

RESULTS = ROOT / "artifacts" / "a11y"
BLOCKING = {"serious", "critical"}
VIEWPORT = {"width": 1280, "height": 800}


def audit(page: Any, name: str) -> None:
    """Run axe-core on ``page``, save its results as ``name``.json, and fail on any serious or
    critical violation, naming the rule, its impact and the elements. Only the violations are
    gathered in full (axe-core's ``resultTypes``): the passes, the inapplicable rules and the
    incomplete checks keep one element each, which takes axe-core about a third of the time on a
    page with a whole game's log."""
    results = Axe().run(page, options={"resultTypes": ["violations"]}).response
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / f"{name}.json").write_text(json.dumps(results))
    found = [
        f"{v['id']} ({v['impact']}): {v['help']}; at "
        + ", ".join(" ".join(n["target"]) for n in v["nodes"][:8])
        for v in results["violations"]
        if v["impact"] in BLOCKING
    ]
    assert not found, (
        f"{name}: axe-core finds {len(found)} serious or critical violations:\n  " + "\n  ".join(found)
    )


def finished(slug: str, seed: int = 3) -> dict[str, Any]:
    """The save of a game of ``slug`` played to its end by random bots."""
    game = get_game(slug)
    scenario, options = game.check_setup(None, None)
    state = game.setup(seed, scenario, options)
    record = Record(slug, seed, scenario, options, [])
    bots: dict[str, Any] = {}
    while game.outcome(state) is None:
        assert len(record.actions) < 20000, f"{slug}: no end after 20000 actions"
        role = game.active_roles(state)[0]
        bot = bots.setdefault(role, make_bot("random", game, seed))
        action = bot.choose(game, state, role)
        game.perform(state, role, action)
        record.actions.append((role, action))
    return record.to_json()


def new_page(browser: Any, state: dict[str, Any]) -> tuple[Any, list[str]]:
    page = browser.new_context(viewport=VIEWPORT, storage_state=state).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return page, errors


def imported(page: Any, base: str, save: dict[str, Any]) -> int:
    created = page.request.post(f"{base}/api/games/import", data={"save": save})
    assert created.ok, created.text()
    game_id: int = created.json()["id"]
    return game_id


def test_the_lobby(server: str, module_browser: Any, signed_in: dict[str, Any]) -> None:
    page, errors = new_page(module_browser, signed_in)
    try:
        slug = board_titles()[0]
        game_id = imported(page, server, save_of(get_game(slug), Position()))
        page.goto(server + "/")
        page.wait_for_selector(f"#my-games [data-game='{game_id}']")
        audit(page, "lobby")
    finally:
        page.context.close()
    assert not errors, errors


@pytest.mark.parametrize("slug", board_titles())
def test_a_game_page(server: str, module_browser: Any, signed_in: dict[str, Any], slug: str) -> None:
    page, errors = new_page(module_browser, signed_in)
    try:
        start = get_game(slug).positions().get("start", Position())
        game_id = imported(page, server, save_of(get_game(slug), start))
        page.goto(f"{server}/#/game/{game_id}")
        page.wait_for_selector("#game[data-version]")
        page.wait_for_function("() => document.querySelector('#board')?.childElementCount > 0")
        audit(page, f"game-{slug}")
    finally:
        page.context.close()
    assert not errors, errors


@pytest.mark.parametrize("slug", board_titles())
def test_the_replay_of_a_finished_game(
    server: str, module_browser: Any, signed_in: dict[str, Any], slug: str
) -> None:
    page, errors = new_page(module_browser, signed_in)
    try:
        game_id = imported(page, server, finished(slug))
        page.goto(f"{server}/#/game/{game_id}")
        page.wait_for_selector("#game[data-status='over']")
        audit(page, f"over-{slug}")
        page.click("#replay-open")
        page.wait_for_selector("#replay-slider")
        page.click("#replay-next")
        page.wait_for_function("() => /^1 \\//.test(document.querySelector('#replay-at')?.textContent ?? '')")
        audit(page, f"replay-{slug}")
    finally:
        page.context.close()
    assert not errors, errors
