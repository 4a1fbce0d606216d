"""The lobby (issue 15), at a laptop's and a phone's size: each game by its title's name and whose
turn it is, your turns first; the tab's title says when it is your turn; loading a page signed out
or signed in logs no error in the console; one heading per page; no text under 11 CSS px."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import register, shot

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
VS_INVITE = [{"role": "Franks", "kind": "me"}, {"role": "Saracens", "kind": "invite"}]
NEW_GAME = {"title": "crusader-rex", "seed": 7, "seats": VS_INVITE}

# The computed font size of every element that holds text of its own, at least this (issue 15).
SMALLEST_TEXT = """() => {
  const sizes = [];
  for (const el of document.querySelectorAll("body *")) {
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || !el.getClientRects().length) continue;
    sizes.push([parseFloat(getComputedStyle(el).fontSize), el.textContent.trim().slice(0, 40)]);
  }
  return sizes.sort((a, b) => a[0] - b[0])[0];
}"""


def console_errors(page: Any) -> list[str]:
    """Every console message of type error (a failed request is one) and every uncaught error."""
    found: list[str] = []
    page.on("console", lambda msg: found.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: found.append(str(exc)))
    return found


def api_post(page: Any, base: str, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """A request with the page's own session, as the page would make it."""
    r = page.request.post(base + path, data=body)
    assert r.ok, r.text()
    data: dict[str, Any] = r.json()
    return data


@pytest.mark.parametrize("size", SIZES)
def test_loading_the_lobby_logs_no_error(server: str, browser: Any, size: str) -> None:
    """Issue 15: every page load logged a 401 (GET /api/me before sign-in)."""
    page = browser.new_context(viewport=SIZES[size]).new_page()
    errors = console_errors(page)
    page.goto(server + "/")
    page.wait_for_selector("#login-form")
    assert page.locator("h1").all_inner_texts() == ["Sign in"]
    assert page.title() == "Sign in · Outremer"
    register(page, server, f"alice-{size}")
    page.reload()
    page.wait_for_selector("#my-games")
    assert page.locator("h1").all_inner_texts() == ["Lobby"]
    assert page.title() == "Lobby · Outremer"  # no game of hers waits for her
    smallest = page.evaluate(SMALLEST_TEXT)
    assert smallest[0] >= 11, smallest
    page.click("#new-game")
    page.wait_for_selector("#new-game-form")
    assert page.locator("h1").all_inner_texts() == ["New game"]
    page.click("#logout")
    page.wait_for_selector("#login-form")
    page.reload()
    page.wait_for_selector("#login-form")
    assert errors == []


@pytest.mark.parametrize("size", SIZES)
def test_my_games_say_whose_turn_it_is(server: str, browser: Any, size: str) -> None:
    """Issue 15: "My games" says whose turn it is in each game, by the title's name, your turns
    first; the tab's title says when it is your turn, in the lobby and on the game's page."""
    a = browser.new_context(viewport=SIZES[size]).new_page()
    b = browser.new_context(viewport=SIZES[size]).new_page()
    errors = console_errors(a)
    bob = f"bob-{size}"
    register(a, server, f"agnes-{size}")
    register(b, server, bob)
    # Game one: Alice's Franks deploy first (3.1), so it is her turn. Game two, newer: Bob's Franks.
    mine = api_post(a, server, "/api/games", NEW_GAME)["id"]
    api_post(b, server, f"/api/games/{mine}/join", {"role": "Saracens"})
    theirs = api_post(b, server, "/api/games", NEW_GAME)["id"]
    api_post(a, server, f"/api/games/{theirs}/join", {"role": "Saracens"})

    a.reload()  # the lobby as it is now
    a.wait_for_selector(f"#my-games [data-game='{theirs}']")
    rows = a.locator("#my-games .game-row")
    assert [int(x) for x in rows.evaluate_all("rs => rs.map((r) => r.dataset.game)")] == [mine, theirs]
    first, second = rows.nth(0), rows.nth(1)
    assert first.locator("a").inner_text() == f"Crusader Rex #{mine}"
    assert first.locator("strong.your-turn").inner_text() == "Your turn"
    assert first.locator("strong.your-turn").is_visible()
    assert second.locator("a").inner_text() == f"Crusader Rex #{theirs}"
    assert second.locator(".waiting").inner_text() == f"Waiting for Franks ({bob})"
    assert "crusader-rex" not in a.inner_text("#main")  # the title's name, never its slug
    assert a.title() == "(1) Your turn · Outremer"
    shot(a, f"lobby-your-turn-{size}")

    # On the game's page whose turn it is...
    a.click(f"#my-games [data-game='{mine}'] a")
    a.wait_for_selector("#game[data-status='active']")
    a.wait_for_function("() => document.title.startsWith('Your turn:')")
    assert a.title() == f"Your turn: Crusader Rex #{mine} · Outremer"
    # ...Alice keeps her seats (3.1): now the Saracens deploy (3.2), and it is no longer her turn.
    api_post(a, server, f"/api/games/{mine}/action", {"role": "Franks", "action": ["done"]})
    a.wait_for_function("() => !document.title.includes('Your turn')")
    assert a.title() == f"Crusader Rex #{mine} · Outremer"

    a.click("header a.brand")
    a.wait_for_selector(f"#my-games [data-game='{mine}'] .waiting")
    assert a.inner_text(f"#my-games [data-game='{mine}'] .waiting") == f"Waiting for Saracens ({bob})"
    assert a.locator("#my-games .your-turn").count() == 0
    assert a.title() == "Lobby · Outremer"
    b.reload()
    b.wait_for_selector(f"#my-games [data-game='{mine}'] strong.your-turn")
    b.wait_for_function("() => document.title === '(2) Your turn · Outremer'")
    assert errors == []
