"""The end of a game in the browser (issue 15: "When a game ends: a summary with the result, the
points over time as a small chart, and links to the replay and the save"): a Crusader Rex game
played to its end by random bots, imported, shows #summary with the outcome, a chart of the
Victory Cities each side held (1.2) with one line per side, a table of the same figures, a link
that opens the replay and one that downloads the save."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from outremer.bots.match import play_match
from outremer.bots.registry import make_bot
from outremer.engine.registry import get_game

from .conftest import PASSWORD, errors_of, shot

# The smallest text in #summary: an svg text's font-size times its screen scale.
SMALLEST_TEXT = """
() => {
  let found = { size: Infinity, text: "" };
  const walker = document.createTreeWalker(document.querySelector("#summary"), NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const parent = n.parentElement;
    if (!n.textContent.trim() || parent.closest("title") || !parent.getClientRects().length) continue;
    let size = parseFloat(getComputedStyle(parent).fontSize);
    if (parent instanceof SVGElement) size *= parent.closest("svg").getScreenCTM().a;
    if (size < found.size) found = { size, text: n.textContent.trim() };
  }
  return found;
}
"""
SIZES = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


@pytest.mark.parametrize("size", SIZES)
def test_a_finished_game_shows_its_summary(server: str, browser: Any, size: str) -> None:
    game = get_game("crusader-rex")
    match = play_match(game, {r: make_bot("random", game, i) for i, r in enumerate(game.roles)}, seed=3)
    assert not match.capped
    outcome = game.outcome(match.state)
    final = game.points(match.state)
    assert outcome is not None and final is not None

    context = browser.new_context(viewport=SIZES[size], accept_downloads=True)
    page = context.new_page()
    errors = errors_of(page)
    assert page.request.post(f"{server}/api/register", data={"name": f"dora-{size}", "password": PASSWORD}).ok
    imported = page.request.post(f"{server}/api/games/import", data={"save": match.record.to_json()})
    assert imported.ok, imported.text()
    game_id = imported.json()["id"]
    page.goto(f"{server}/#/game/{game_id}")
    page.wait_for_selector("#summary #points-chart")

    summary = page.locator("#summary")
    assert summary.locator("h2").inner_text() == "Game over"
    result = page.inner_text("#summary-result")
    for winner in outcome.winners:
        assert winner in result
    assert outcome.reason in result
    # One line per side, told apart by its legend; the figures also as a table.
    chart = page.locator("#points-chart")
    lines = chart.locator("svg.points-chart .series")
    assert lines.count() == len(game.roles) == 2
    assert sorted(lines.nth(i).get_attribute("data-role") for i in range(2)) == sorted(game.roles)
    legend = chart.locator(".chart-legend li")
    assert [legend.nth(i).inner_text().strip() for i in range(2)] == list(game.roles)
    dashes = {lines.nth(i).locator("polyline").get_attribute("stroke-dasharray") for i in range(2)}
    assert len(dashes) == 2  # not by colour alone
    label = chart.locator("svg.points-chart").get_attribute("aria-label") or ""
    assert "Points over the game" in label
    # The table's last row (in a closed <details>): each side's Victory Cities at the end.
    rows = chart.locator("table.points-table tbody tr")
    last = rows.nth(rows.count() - 1).locator("th").text_content() or ""
    assert int(last) == match.steps
    cells = rows.nth(rows.count() - 1).locator("td")
    assert [float(cells.nth(i).text_content() or "") for i in range(2)] == [final[r] for r in game.roles]
    # Every text of the summary, the chart's included, is 11 CSS px or more (issue 15).
    page.evaluate("() => document.querySelectorAll('#summary details').forEach((d) => { d.open = true; })")
    smallest = page.evaluate(SMALLEST_TEXT)
    assert smallest["size"] >= 11, smallest
    # The chart fits the panel (no sideways scroll of the page on a phone).
    assert page.evaluate("() => document.documentElement.scrollWidth") <= SIZES[size]["width"]
    summary.scroll_into_view_if_needed()
    shot(page, f"summary-{size}")

    # The save link downloads the record; the replay link opens the replay at its start.
    with page.expect_download() as download:
        page.click("#summary-save")
    saved = json.loads(Path(download.value.path()).read_text())
    assert saved["actions"] == match.record.to_json()["actions"]
    page.click("#summary-replay")
    page.wait_for_selector("#replay-at")
    assert page.inner_text("#replay-at") == f"0 / {match.steps}"
    assert page.locator("#summary").is_hidden()  # the replay is shown instead
    assert not errors, errors
