"""The generic game page in the browser (issue 15, "Boards a player can read"), on a title made for
these checks (tests/e2e/pile.py: a board larger than the window, two picks in the area in play), at
a laptop's size (1280x800) and a phone's (390x844):

- the board opens at no less than its minScale, in an area of its own that scrolls, with the area
  in play (svg.dataset.focus) in view; + and − zoom, Fit shows the whole map; a drag pans and picks
  nothing; the bar of buttons covers neither the head nor the prompt; the page never scrolls
  sideways ("At 390x844: the map opens readable ... and no control covers the status or the prompt");
- every pick is reached with Tab and taken with Enter ("Every action reachable by keyboard");
- a move picked on the board waits for "Confirm: ..." (Enter confirms, Escape cancels) unless the
  player turned that off, which is remembered ("a move of one piece needs a confirming click or key
  unless the player turns that off");
- the page says whose turn it is with the outremer:turn event ("When it is your turn in any game:
  the tab title says so").
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import PASSWORD, errors_of, serving, shot

SIZES = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
SERVE_PILE = """
import sys, uvicorn
from outremer.engine import registry
from outremer.server.app import create_app
from tests.e2e.pile import PileGame
registry.register("pile", PileGame)
uvicorn.run(create_app(sys.argv[2]), host="127.0.0.1", port=int(sys.argv[1]))
"""


@pytest.fixture(scope="module")
def pile_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A web server knowing the pile title (its own process, a free port, a fresh SQLite file)."""
    with serving(tmp_path_factory.mktemp("pile"), SERVE_PILE) as base:
        yield base


NAMES = iter(f"player{i}" for i in range(1000))


def open_pile(
    browser: Any, base: str, size: str, seats: list[dict[str, str]] | None = None
) -> tuple[Any, int]:
    """A new user's page on a new pile game (every seat theirs unless ``seats``), the board drawn."""
    touch = size == "phone"
    context = browser.new_context(viewport=SIZES[size], is_mobile=touch, has_touch=touch)
    page = context.new_page()
    assert page.request.post(f"{base}/api/register", data={"name": next(NAMES), "password": PASSWORD}).ok
    hotseat = [{"role": "First", "kind": "me"}, {"role": "Second", "kind": "me"}]
    created = page.request.post(
        f"{base}/api/games", data={"title": "pile", "scenario": "seven", "seats": seats or hotseat}
    )
    assert created.ok, created.text()
    game_id = created.json()["id"]
    page.goto(f"{base}/#/game/{game_id}")
    page.wait_for_selector("#conn[data-state='live']")
    page.wait_for_selector(
        "#game #board [data-pick='1']" if seats is None else "#game #board [data-location]"
    )
    return page, game_id


def box(page: Any, selector: str) -> dict[str, float]:
    """The element's box; measured again if the board was drawn anew meanwhile (the element then
    gone), as it is when the live connection brings the game."""
    for _ in range(20):
        found = page.locator(selector).bounding_box()
        if found:
            return dict(found)
    raise AssertionError(f"{selector} is not shown")


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] < b["x"] + b["width"] - 0.5
        and b["x"] < a["x"] + a["width"] - 0.5
        and a["y"] < b["y"] + b["height"] - 0.5
        and b["y"] < a["y"] + a["height"] - 0.5
    )


def scale(page: Any) -> float:
    return float(page.get_attribute("#board-wrap", "data-scale"))


def version(page: Any) -> int:
    return int(page.get_attribute("#game", "data-version"))


def wait_version(page: Any, v: int) -> None:
    page.wait_for_function("v => Number(document.querySelector('#game').dataset.version) === v", arg=v)


@pytest.mark.parametrize("size", SIZES)
def test_the_board_opens_readable_and_zooms(pile_server: str, browser: Any, size: str) -> None:
    page, game_id = open_pile(browser, pile_server, size)
    errors = errors_of(page)
    # The head names the title and the step of play as a player reads them, never an internal id.
    assert page.inner_text("h1") == f"Pile of counters #{game_id}"
    assert page.inner_text("#phase") == "Taking counters (T.1)"
    assert "take_counters" not in page.inner_text("body")
    # At no less than its minScale (1): the map (1600 units wide) is wider than either window, so
    # fitting it would have shrunk it; the svg's screen scale is that scale.
    first = scale(page)
    assert first >= 1
    ctm = page.evaluate("() => document.querySelector('#board').getScreenCTM().a")
    assert abs(ctm - first) < 0.01
    assert box(page, "#board")["width"] >= 1600 * first - 1
    # The area in play (its focus: the two picks) is scrolled into view inside the board's area.
    area = box(page, "#board-scroll")
    for token in ("1", "2"):
        pick = box(page, f"#board [data-pick='{token}']")
        assert area["x"] <= pick["x"] and pick["x"] + pick["width"] <= area["x"] + area["width"], token
        assert area["y"] <= pick["y"] and pick["y"] + pick["height"] <= area["y"] + area["height"], token
    # The bar of buttons is a row of its own: it covers neither the head nor the prompt.
    bar = box(page, "#board-bar")
    for other in (".game-head", "#prompt"):
        assert not overlap(bar, box(page, other)), other
    for button in ("#zoom-in", "#zoom-out", "#zoom-fit"):
        assert not overlap(box(page, button), box(page, "#board-scroll")), button
    # The page itself never scrolls sideways; the prompt is in sight when the game opens.
    assert page.evaluate("() => document.documentElement.scrollWidth") <= SIZES[size]["width"]
    prompt = box(page, "#prompt")
    assert prompt["y"] + prompt["height"] <= SIZES[size]["height"]
    shot(page, f"page-{size}")

    page.click("#zoom-in")
    assert scale(page) == pytest.approx(first * 1.25, rel=0.01)
    page.click("#zoom-out")
    assert scale(page) == pytest.approx(first, rel=0.01)
    page.click("#zoom-fit")  # the whole map in the area
    fitted = box(page, "#board")
    area = box(page, "#board-scroll")
    assert scale(page) < first
    assert fitted["width"] <= area["width"] + 1 and fitted["height"] <= area["height"] + 1
    # The scale stays when the board is drawn again (here: a move made).
    page.uncheck("#confirm-moves")
    page.click("#board [data-pick='1']")
    wait_version(page, 1)
    assert scale(page) == pytest.approx(fitted["width"] / 1600, rel=0.01)
    assert not errors, errors


def test_ctrl_wheel_zooms_around_the_pointer_and_a_drag_pans_without_picking(
    pile_server: str, browser: Any
) -> None:
    page, _ = open_pile(browser, pile_server, "laptop")
    first = scale(page)
    target = box(page, "#board [data-pick='2']")
    x, y = target["x"] + target["width"] / 2, target["y"] + target["height"] / 2
    page.mouse.move(x, y)
    page.keyboard.down("Control")
    page.mouse.wheel(0, -200)
    page.keyboard.up("Control")
    page.wait_for_function("s => Number(document.querySelector('#board-wrap').dataset.scale) > s", arg=first)
    after = box(page, "#board [data-pick='2']")  # the point under the pointer stayed under it
    assert abs(after["x"] + after["width"] / 2 - x) < 3 and abs(after["y"] + after["height"] / 2 - y) < 3

    # A drag that starts on a pick moves the map and picks nothing.
    left = page.evaluate("() => document.querySelector('#board-scroll').scrollLeft")
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 60, y + 10, steps=4)
    page.mouse.move(x + 150, y + 20, steps=4)
    page.mouse.up()
    assert page.evaluate("() => document.querySelector('#board-scroll').scrollLeft") == pytest.approx(
        left - 150, abs=2
    )
    assert page.locator("#confirm-pick").count() == 0 and page.locator("#offered button").count() == 0
    assert version(page) == 0
    # A click (no drag) still picks.
    page.click("#board [data-pick='2']")
    page.wait_for_selector("#confirm-pick")


@pytest.mark.parametrize("size", SIZES)
def test_a_pick_is_reached_by_tab_and_taken_by_enter_after_a_confirmation(
    pile_server: str, browser: Any, size: str
) -> None:
    page, _ = open_pile(browser, pile_server, size)
    errors = errors_of(page)
    pick = page.locator("#board [data-pick='1']")
    assert pick.get_attribute("tabindex") == "0" and pick.get_attribute("role") == "button"
    # Tab from the last button of the board's bar goes to the board's area (arrow keys scroll it),
    # then to the first pick of the board.
    page.focus("#zoom-fit")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "board-scroll"
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.getAttribute('data-pick')") == "1"
    shot(page, f"focused-pick-{size}")
    page.keyboard.press("Enter")
    confirm = page.locator("#confirm-pick")
    confirm.wait_for()
    assert confirm.inner_text() == "Confirm: Take 1 counter"
    assert page.evaluate("() => document.activeElement.id") == "confirm-pick"
    assert version(page) == 0  # nothing sent yet
    page.keyboard.press("Escape")  # cancels
    page.wait_for_selector("#confirm-pick", state="detached")
    assert version(page) == 0
    page.focus("#board [data-pick='2']")
    page.keyboard.press(" ")  # Space as Enter
    confirm.wait_for()
    assert confirm.inner_text() == "Confirm: Take 2 counters"
    shot(page, f"confirm-pick-{size}")
    page.keyboard.press("Enter")  # confirms
    wait_version(page, 1)
    assert "First takes 2" in page.inner_text("#log")
    # A click confirms too.
    page.click("#board [data-pick='1']")
    page.click("#confirm-pick")
    wait_version(page, 2)
    assert not errors, errors


def test_confirmation_turned_off_sends_a_pick_at_once_and_is_remembered(
    pile_server: str, browser: Any
) -> None:
    page, _ = open_pile(browser, pile_server, "laptop")
    assert page.is_checked("#confirm-moves")  # on by default
    assert page.inner_text("label[for='confirm-moves']") == "Confirm moves picked on the board"
    page.uncheck("#confirm-moves")
    page.click("#board [data-pick='1']")
    wait_version(page, 1)
    assert page.locator("#confirm-pick").count() == 0
    page.reload()
    page.wait_for_selector("#game #board [data-pick='2']")
    assert not page.is_checked("#confirm-moves")
    assert page.evaluate("() => localStorage.getItem('outremer.confirmMoves')") == "false"
    page.click("#board [data-pick='2']")
    wait_version(page, 2)
    page.check("#confirm-moves")
    page.click("#board [data-pick='1']")
    page.wait_for_selector("#confirm-pick")
    assert version(page) == 2


def test_the_page_says_whose_turn_it_is(pile_server: str, browser: Any) -> None:
    page, game_id = open_pile(
        browser,
        pile_server,
        "laptop",
        seats=[{"role": "First", "kind": "me"}, {"role": "Second", "kind": "invite"}],
    )
    page.wait_for_selector("#game[data-status='open']")
    page.add_init_script(
        "window.turns = []; document.addEventListener('outremer:turn', (e) => window.turns.push(e.detail));"
    )
    page.reload()
    page.wait_for_selector("#game #board [data-location]")
    turns = page.evaluate("() => window.turns")
    assert turns and turns[-1] == {
        "game": game_id,
        "title": "Pile of counters",
        "yourTurn": False,
    }  # no one sits at Second yet
    # A second player takes the Second seat: the game starts, First (this page) is to act.
    other = browser.new_context().request
    assert other.post(f"{pile_server}/api/register", data={"name": next(NAMES), "password": PASSWORD}).ok
    assert other.post(f"{pile_server}/api/games/{game_id}/join", data={"role": "Second"}).ok
    page.wait_for_function("() => window.turns.at(-1).yourTurn === true")
    page.uncheck("#confirm-moves")
    page.click("#board [data-pick='1']")
    page.wait_for_function("() => window.turns.at(-1).yourTurn === false")  # Second's turn now
    moved = other.post(
        f"{pile_server}/api/games/{game_id}/action", data={"role": "Second", "action": ["take", 1]}
    )
    assert moved.ok, moved.text()
    page.wait_for_function("() => window.turns.at(-1).yourTurn === true")  # over the websocket


def test_an_answer_for_the_seat_left_behind_is_not_drawn(pile_server: str, browser: Any) -> None:
    # At a hotseat the page follows the seat to act. An action's answer (for the seat that acted)
    # held back until the live connection has already brought the game and the page has switched to
    # the next seat must not draw the seat left behind again over it (the race of the variable
    # set-up's test, tests/e2e/test_third_crusade_variable.py).
    page, _ = open_pile(browser, pile_server, "laptop")
    assert page.get_attribute("#game", "data-role") == "First"
    held: list[tuple[Any, Any]] = []
    page.route("**/api/games/*/action", lambda route: held.append((route, route.fetch())))
    page.uncheck("#confirm-moves")
    v = version(page)
    page.click("#board [data-pick='1']")
    page.wait_for_selector(f"#game[data-role='Second'][data-version='{v + 1}']")
    assert page.locator("#game.busy").count() == 1  # the action's answer is still held
    route, answer = held[0]
    assert answer.json()["game"]["role"] == "First"
    route.fulfill(response=answer)
    page.wait_for_selector("#game:not(.busy)")
    assert page.get_attribute("#game", "data-role") == "Second"
    assert page.get_attribute("#game", "data-version") == str(v + 1)


def test_two_fingers_pinch_the_board(pile_server: str, browser: Any) -> None:
    # Issue 15: at 390x844 the map is panned and pinch-zoomed. Real touches, through Chromium's
    # DevTools protocol: two fingers moving apart zoom in around their middle, one finger pans.
    page, _ = open_pile(browser, pile_server, "phone")
    first = scale(page)
    area = box(page, "#board-scroll")
    cx, cy = area["x"] + area["width"] / 2, area["y"] + area["height"] / 2
    cdp = page.context.new_cdp_session(page)

    def touch(kind: str, points: list[tuple[float, float]]) -> None:
        cdp.send(
            "Input.dispatchTouchEvent",
            {"type": kind, "touchPoints": [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]},
        )

    touch("touchStart", [(cx - 40, cy), (cx + 40, cy)])
    for step in range(1, 6):
        touch("touchMove", [(cx - 40 - 8 * step, cy), (cx + 40 + 8 * step, cy)])
    touch("touchEnd", [])
    assert scale(page) == pytest.approx(first * 2, rel=0.05)  # the fingers 80 px apart, then 160
    left = page.evaluate("() => document.querySelector('#board-scroll').scrollLeft")
    touch("touchStart", [(cx, cy)])
    for step in range(1, 6):
        touch("touchMove", [(cx - 20 * step, cy)])
    touch("touchEnd", [])
    assert page.evaluate("() => document.querySelector('#board-scroll').scrollLeft") == pytest.approx(
        left + 100, abs=2
    )
    assert version(page) == 0 and page.locator("#confirm-pick").count() == 0  # nothing picked
