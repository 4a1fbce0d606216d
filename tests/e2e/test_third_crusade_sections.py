"""Third Crusade's player boards in the browser with the option ``refill_chosen_section`` (R13): each
Army's board lists its Units by Section, with the supply a Section not full asks at upkeep
(``Glossary.Section``, ``Upkeep.4.A``); without the option it shows counts per Unit type. Keys are
those of docs/third-crusade/sections.md."""

from __future__ import annotations

from typing import Any

import pytest

from outremer.games.third_crusade.common import pack_at
from outremer.games.third_crusade.setup import new_game
from outremer.games.third_crusade.state import NAMES

from .conftest import errors_of, register, shot
from .test_play import DESKTOP

SLUG = "third-crusade"
SCENARIO = "two_angevin_ayyubid"


@pytest.mark.parametrize("option", [True, False])
def test_each_army_board_lists_its_units_by_section(server: str, browser: Any, option: bool) -> None:
    page = browser.new_context(viewport=DESKTOP).new_page()
    errors = errors_of(page)
    register(page, server, "sibylla" if option else "isabella")
    seats = [{"role": r, "kind": "me"} for r in ("angevin", "ayyubid")]
    body = {"title": SLUG, "scenario": SCENARIO, "seats": seats, "seed": 4}
    created = page.request.post(
        f"{server}/api/games", data={**body, "options": {"refill_chosen_section": option}}
    )
    assert created.ok, created.text()
    page.goto(f"{server}/#/game/{created.json()['id']}?role=angevin")
    page.wait_for_selector("svg .region")
    page.wait_for_selector(".tc-boards")
    if not option:
        assert page.locator(".tc-sections").count() == 0
        assert "on its board:" in str(page.locator(".tc-boards").text_content())
        assert errors == []
        return
    # R13: at the set-up Units left the leftmost Sections first; every Army's board shows them
    state = new_game(4, SCENARIO, options={"refill_chosen_section": True})
    assert state.sections is not None
    board = pack_at(None).orders.board
    assert page.locator(".tc-sections").count() == len(state.armies)
    for army in state.armies:
        army_board = page.locator(f'.tc-board[aria-label="{NAMES[army]}\'s board"]')
        text = " ".join(str(army_board.locator(".tc-sections").text_content()).split())
        for s, held in zip(board.sections, state.sections["held"][army], strict=True):
            asks = f" (supply {s.supply})" if held < s.size else ""
            assert f"{held}/{s.size}{asks}" in text
    assert page.locator(".tc-sections [data-pick]").count() == 0  # no Section asked for now
    page.locator(".tc-sections").first.scroll_into_view_if_needed()
    shot(page, "third-crusade-sections")
    assert errors == []
