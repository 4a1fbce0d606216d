"""Kingdom of Heaven's browser board (web/board.js) in Debian's Chromium: the board's contract of
docs/writing-a-title.md section 10 and axe-core, run from tests/e2e/test_boards.py and test_a11y.py
on the title's positions while the title is not registered yet (it is registered here, in this
process and the server's), and what this board adds: a stack opened from the map lists its
pieces by Power (every stack is open to both players, §10.5.1); the hand shows the viewer's own
cards and only the size of the opponent's (§8.1)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from outremer.engine import get_game, registry, titles
from outremer.games.kingdom_of_heaven.game import KingdomOfHeaven

from . import test_a11y, test_boards
from .conftest import serving

SLUG = "kingdom-of-heaven"
DECLARED = SLUG in titles()  # registered by the package: the generic suites already cover it

SERVE = f"""
import sys, uvicorn
from outremer.engine import registry
from outremer.games.kingdom_of_heaven.game import KingdomOfHeaven
registry.register({SLUG!r}, KingdomOfHeaven)
from outremer.server.app import create_app
uvicorn.run(create_app(sys.argv[2], test_seeds=True), host="127.0.0.1", port=int(sys.argv[1]))
"""


@pytest.fixture(scope="module", autouse=True)
def registered() -> Iterator[None]:
    if not DECLARED:
        registry.register(SLUG, KingdomOfHeaven)
    yield
    if not DECLARED:
        registry.unregister(SLUG)


@pytest.fixture(scope="module")
def module_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The web server with the title registered in its process too."""
    with serving(tmp_path_factory.mktemp("server"), SERVE) as base:
        yield base


def cases() -> list[Any]:
    return [
        pytest.param(name, size, id=f"{name}-{size[0]}x{size[1]}")
        for name in KingdomOfHeaven().positions()
        for size in test_boards.SIZES
    ]


@pytest.mark.skipif(DECLARED, reason="registered: tests/e2e/test_boards.py checks it")
@pytest.mark.parametrize(("name", "size"), cases())
def test_the_board_meets_the_contract(
    module_server: str, module_browser: Any, signed_in: dict[str, Any], name: str, size: tuple[int, int]
) -> None:
    test_boards.test_the_board_is_legible(module_server, module_browser, signed_in, SLUG, name, size)


@pytest.mark.skipif(DECLARED, reason="registered: tests/e2e/test_boards.py checks it")
def test_the_board_answers_the_keyboard(
    module_server: str, module_browser: Any, signed_in: dict[str, Any]
) -> None:
    test_boards.test_the_board_answers_the_keyboard_as_the_mouse(
        module_server, module_browser, signed_in, SLUG
    )


@pytest.mark.skipif(DECLARED, reason="registered: tests/e2e/test_boards.py checks it")
@pytest.mark.parametrize("size", test_boards.SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_stack_opens_legibly(
    module_server: str, module_browser: Any, signed_in: dict[str, Any], size: tuple[int, int]
) -> None:
    test_boards.test_a_large_stack_opens_legibly(module_server, module_browser, signed_in, SLUG, size)


@pytest.mark.skipif(DECLARED, reason="registered: tests/e2e/test_a11y.py checks it")
def test_the_game_page_passes_axe(module_server: str, module_browser: Any, signed_in: dict[str, Any]) -> None:
    test_a11y.test_a_game_page(module_server, module_browser, signed_in, SLUG)


@pytest.mark.skipif(DECLARED, reason="registered: tests/e2e/test_a11y.py checks it")
def test_the_replay_passes_axe(module_server: str, module_browser: Any, signed_in: dict[str, Any]) -> None:
    test_a11y.test_the_replay_of_a_finished_game(module_server, module_browser, signed_in, SLUG)


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
