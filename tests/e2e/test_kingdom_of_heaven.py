"""Kingdom of Heaven's browser board (web/board.js) in Debian's Chromium, beyond the board's contract
and axe-core that tests/e2e/test_boards.py and test_a11y.py check on every registered title: a
stack opened from the map lists its pieces by Power (every stack is open to both players,
§10.5.1); the hand shows the viewer's own cards and only the size of the opponent's (§8.1)."""

from __future__ import annotations

from typing import Any

from outremer.engine import get_game

from . import test_boards

SLUG = "kingdom-of-heaven"


def test_a_stack_lists_its_pieces_and_the_hand_only_the_viewers_cards(
    module_server: str, module_browser: Any, signed_in: dict[str, Any]
) -> None:
    game = get_game(SLUG)
    page, errors = test_boards.open_position(
        module_browser, module_server, signed_in, SLUG, game.positions()["start"], (1280, 800)
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
