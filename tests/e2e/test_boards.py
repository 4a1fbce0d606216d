"""Boards a player can read (issue 15), checked from the page's geometry for every registered title
with a browser board, in each of its named positions (``Game.positions()``), at a laptop's and a
phone's size. A new title gets every check here without new test code.

Each case imports its position as a save (the importer holds every seat), opens the game page, saves
screenshots to artifacts/screenshots/boards/ and measures the page in the browser (``MEASURE``);
the assertions, in Python, name the offending element and the figure, also saved beside the
screenshots (``<title>-<position>-<size>.json``: the smallest text and the problems found). The
board's part of the page is the contract of docs/writing-a-title.md section 10: ``data-location``,
``data-location-label``, ``data-piece`` with ``data-at``, ``data-pick`` with an ``aria-label``,
``data-board-key``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from outremer.engine import Game, Position, get_game, titles

from .conftest import SHOTS, save_of

SIZES = [(1280, 800), (390, 844)]
SMALLEST_TEXT = 11  # CSS px at the first scale, on the board and around it (issue 15)
TOLERANCE = 1  # CSS px: rounding of bounding boxes
SNAKE_CASE = re.compile(r"\b[a-z]+_[a-z_]+\b")  # an internal id (issue 15: rulebook names only)
BOARDS = SHOTS / "boards"


def board_titles() -> list[str]:
    return [slug for slug in titles() if get_game(slug).provides("web")]


def cases() -> list[Any]:
    return [
        pytest.param(slug, name, size, id=f"{slug}-{name}-{size[0]}x{size[1]}")
        for slug in board_titles()
        for name in get_game(slug).positions()
        for size in SIZES
    ]


def locations(game: Game[Any]) -> list[str]:
    """The locations of ``game.board()``: the entries of its lists that have a name (those with ``a``
    and ``b`` are connections); a location's id is its ``id``, else its ``name``."""
    found: list[str] = []
    for entries in (game.board() or {}).values():
        if not isinstance(entries, list):
            continue
        for entry in entries:
            if isinstance(entry, dict) and "name" in entry and not {"a", "b"} <= entry.keys():
                found.append(str(entry.get("id", entry["name"])))
    return found


# Every figure the checks need, measured in the page. Visible means rendered (checkVisibility) with a
# non-empty box; an svg text's size is its computed font-size times its screen scale.
MEASURE = """
() => {
  const svg = document.querySelector("#board");
  const area = document.querySelector("#board-wrap") || svg.parentElement;
  const shown = (e) => e && e.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })
    && e.getClientRects().length > 0;
  const box = (r) => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });
  const name = (e) => {
    let s = e.tagName.toLowerCase();
    if (e.id) s += "#" + e.id;
    if (e instanceof SVGElement && !e.getAttribute("class")) {
      const g = e.parentElement?.closest("[class]");
      if (g) s = `${g.getAttribute("class").split(" ")[0]} > ${s}`;
    }
    const cls = e.getAttribute("class")?.trim();
    if (cls) s += "." + cls.split(/\\s+/).join(".");
    for (const a of ["data-piece", "data-at", "data-location", "data-location-label", "data-pick"]) {
      const v = e.closest(`[${a}]`)?.getAttribute(a);
      if (v !== undefined && v !== null) s += `[${a}=${v}]`;
    }
    return s;
  };
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const t = n.textContent.trim();
    const parent = n.parentElement;
    if (!t || !parent || parent.closest("title, desc, style, script, noscript, option")) continue;
    const svgText = parent.closest("text");
    const holder = svgText || parent;
    if (!shown(holder)) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
    if (!rects.length) continue;
    let size = parseFloat(getComputedStyle(parent).fontSize);
    if (parent instanceof SVGElement) {
      const m = (svgText || parent.closest("svg")).getScreenCTM();
      size *= Math.min(Math.hypot(m.a, m.b), Math.hypot(m.c, m.d));
    }
    texts.push({ text: t.slice(0, 60), size, where: name(parent), svg: parent instanceof SVGElement });
  }
  const fields = "select, textarea, input:not([type=checkbox], [type=radio], [type=range], [type=hidden])";
  for (const e of document.querySelectorAll(fields)) {
    if (!shown(e)) continue;
    const shows = e.tagName === "SELECT" ? e.selectedOptions[0]?.textContent : e.value || e.placeholder;
    const text = shows || "";
    const size = parseFloat(getComputedStyle(e).fontSize);
    if (text.trim()) texts.push({ text: text.trim().slice(0, 60), size, where: name(e) });
  }
  const words = [];
  for (const e of document.querySelectorAll("[aria-label]")) {
    if (shown(e)) words.push(e.getAttribute("aria-label"));
  }
  for (const e of svg.querySelectorAll("title")) words.push(e.textContent);
  const rectsOf = (sel, attr) => [...svg.querySelectorAll(sel)].filter(shown).map((e) => ({
    id: e.getAttribute(attr), where: name(e), ...box(e.getBoundingClientRect()),
  }));
  const idsOf = (attr) => [...new Set([...svg.querySelectorAll(`[${attr}]`)].map((e) =>
    e.getAttribute(attr)))];
  const m = svg.getScreenCTM();
  const vb = svg.viewBox.baseVal;
  const corner = (x, y) => new DOMPoint(x, y).matrixTransform(m);
  const a = corner(vb.x, vb.y), b = corner(vb.x + vb.width, vb.y + vb.height);
  const lines = [];
  for (const holder of [document.querySelector("#prompt"), document.querySelector(".game-head")]) {
    if (!holder) continue;
    const w = document.createTreeWalker(holder, NodeFilter.SHOW_TEXT);
    for (let n = w.nextNode(); n; n = w.nextNode()) {
      if (!n.textContent.trim() || !shown(n.parentElement)) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const r of range.getClientRects()) {
        if (r.width === 0 || r.height === 0) continue;
        const control = n.parentElement.closest("button, select, input, [role=button]") !== null;
        lines.push({ text: n.textContent.trim().slice(0, 40), control, ...box(r) });
      }
    }
  }
  const controls = new Set();
  for (const e of area.querySelectorAll("button, select, input, [role=button]")) {
    if (!svg.contains(e)) controls.add(e);
  }
  for (const e of document.querySelectorAll("#zoom, .zoom, [data-zoom], .zoom-controls button")) {
    controls.add(e);
  }
  const control = [...controls].filter(shown)
    .filter((e) => !e.closest("#prompt, .game-head"))
    .map((e) => ({ where: name(e), ...box(e.getBoundingClientRect()) }));
  return {
    texts, words,
    pieces: [...svg.querySelectorAll("[data-piece]")].filter(shown).map((e) => ({
      id: e.getAttribute("data-piece"), at: e.getAttribute("data-at"), where: name(e),
      ...box(e.getBoundingClientRect()),
    })),
    markers: rectsOf("[data-location]", "data-location"),
    labels: rectsOf("[data-location-label]", "data-location-label"),
    locationIds: idsOf("data-location"),
    labelIds: idsOf("data-location-label"),
    viewBox: {
      left: Math.min(a.x, b.x), top: Math.min(a.y, b.y),
      right: Math.max(a.x, b.x), bottom: Math.max(a.y, b.y),
    },
    lines, control,
    picks: [...document.querySelectorAll("[data-pick]")].map((e) => ({
      where: name(e), tabIndex: e.tabIndex,
      label: (e.getAttribute("aria-label") || e.querySelector(":scope > title")?.textContent || "").trim(),
    })),
    key: document.querySelectorAll("[data-board-key]").length,
    scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth,
  };
}
"""


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    """Whether two client rects overlap by more than the tolerance both ways."""
    width = min(a["right"], b["right"]) - max(a["left"], b["left"])
    height = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
    return width > TOLERANCE and height > TOLERANCE


def inside(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["left"] >= b["left"] - TOLERANCE
        and a["top"] >= b["top"] - TOLERANCE
        and a["right"] <= b["right"] + TOLERANCE
        and a["bottom"] <= b["bottom"] + TOLERANCE
    )


def figure(r: dict[str, float]) -> str:
    return f"({r['left']:.0f},{r['top']:.0f})-({r['right']:.0f},{r['bottom']:.0f})"


SMALLEST: dict[tuple[str, str], tuple[float, str]] = {}
"""The smallest text found per title and size, printed at the end (the issue's notes)."""


@pytest.fixture(scope="module", autouse=True)
def report_smallest() -> Iterator[None]:
    yield
    for (slug, size), (px, where) in sorted(SMALLEST.items()):
        print(f"\nsmallest text: {slug} at {size}: {px:.1f} px ({where})")


def open_position(
    browser: Any, base: str, state: dict[str, Any], slug: str, position: Position, size: tuple[int, int]
) -> tuple[Any, list[str]]:
    """A page of ``size`` showing the game imported from ``slug``'s ``position``, its board drawn,
    and the list the errors the page throws go to."""
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, storage_state=state)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    created = page.request.post(f"{base}/api/games/import", data={"save": save_of(get_game(slug), position)})
    assert created.ok, f"{slug}: the import of {position} was refused: {created.text()}"
    page.goto(f"{base}/#/game/{created.json()['id']}")
    page.wait_for_selector("#game[data-version]")
    page.wait_for_function("() => document.querySelector('#board')?.childElementCount > 0")
    page.evaluate("() => document.fonts.ready")
    return page, errors


@pytest.mark.parametrize(("slug", "name", "size"), cases())
def test_the_board_is_legible(
    server: str,
    module_browser: Any,
    signed_in: dict[str, Any],
    slug: str,
    name: str,
    size: tuple[int, int],
) -> None:
    game = get_game(slug)
    page, errors = open_position(module_browser, server, signed_in, slug, game.positions()[name], size)
    case = f"{slug} {name} at {size[0]}x{size[1]}"
    try:
        BOARDS.mkdir(parents=True, exist_ok=True)
        stem = BOARDS / f"{slug}-{name}-{size[0]}x{size[1]}"
        page.screenshot(path=f"{stem}.png", full_page=True)
        area = page.locator("#board-wrap")
        (area if area.count() else page.locator("#board")).screenshot(path=f"{stem}-board.png")
        # What a click opens must be legible too: the key and every other collapsed part.
        page.evaluate("() => document.querySelectorAll('details').forEach((d) => { d.open = true; })")
        got = page.evaluate(MEASURE)
    finally:
        page.context.close()
    assert not errors, f"{case}: the page threw {errors}"
    problems: list[str] = []

    # Every text at least 11 CSS px at the first scale, on the board and around it (issue 15).
    smallest = min(got["texts"], key=lambda t: t["size"])
    SMALLEST[(slug, f"{size[0]}x{size[1]}")] = min(
        (smallest["size"], f"{smallest['where']} {smallest['text']!r}, {name}"),
        SMALLEST.get((slug, f"{size[0]}x{size[1]}"), (float("inf"), "")),
    )
    small = [t for t in got["texts"] if t["size"] < SMALLEST_TEXT - 0.05]
    for t in sorted(small, key=lambda t: t["size"])[:10]:
        problems.append(f"text {t['text']!r} in {t['where']} is {t['size']:.1f} px (< {SMALLEST_TEXT})")
    if len(small) > 10:
        problems.append(f"... and {len(small) - 10} more texts under {SMALLEST_TEXT} px")

    # No piece covers another location's marker or name (issue 15: a stack seemed to stand in the
    # neighbouring town); no piece is clipped by the board's edge (the Egypt stack was).
    ids = set(locations(game))
    covered = [
        f"piece {p['where']} {figure(p)} covers {kind} {m['where']} {figure(m)}"
        for p in got["pieces"]
        for kind, marks in (("location", got["markers"]), ("label", got["labels"]))
        for m in marks
        if m["id"] != p["at"] and overlap(p, m)
    ]
    problems += covered[:15] + ([f"... and {len(covered) - 15} more overlaps"] if len(covered) > 15 else [])
    if not got["pieces"]:
        problems.append("no [data-piece] on the board: its pieces go unchecked")
    for p in got["pieces"]:
        if not p["at"]:
            problems.append(f"piece {p['where']} has no data-at")
        if not inside(p, got["viewBox"]):
            problems.append(f"piece {p['where']} {figure(p)} lies outside the map {figure(got['viewBox'])}")

    # Every location of the title's board is drawn, with its name, in the contract's marks.
    missing = sorted(ids - set(got["locationIds"]))
    if missing:
        problems.append(f"no [data-location] for {', '.join(missing)}")
    unnamed = sorted(ids - set(got["labelIds"]))
    if unnamed:
        problems.append(f"no [data-location-label] for {', '.join(unnamed)}")

    # The page's controls never cover the status or the prompt (issue 15: `+` covered the status).
    for c in got["control"]:
        for line in got["lines"]:
            if not line["control"] and overlap(c, line):
                problems.append(
                    f"control {c['where']} {figure(c)} covers the text {line['text']!r} {figure(line)}"
                )
    # Only the board area scrolls sideways.
    if got["scrollWidth"] > got["innerWidth"]:
        problems.append(
            f"the page scrolls sideways: {got['scrollWidth']} px wide in a {got['innerWidth']} px window"
        )

    # A key to the board's colours and marks; every pick reachable by keyboard and named in words.
    if not got["key"]:
        problems.append("no [data-board-key] on the page")
    for p in got["picks"]:
        if p["tabIndex"] < 0:
            problems.append(f"pick {p['where']} cannot take the focus (tabIndex {p['tabIndex']})")
        if not p["label"]:
            problems.append(f"pick {p['where']} has neither aria-label nor <title>")

    # No internal id reaches the player: phases, roles and titles by their rulebook names.
    shown = [t["text"] for t in got["texts"]] + [w for w in got["words"] if w]
    ids_shown = sorted({m for text in shown for m in SNAKE_CASE.findall(text)})
    if ids_shown:
        problems.append(f"internal ids shown: {', '.join(ids_shown[:12])}")

    figures = {
        "smallest_text_px": round(smallest["size"], 1),
        "smallest_text": smallest,
        "problems": problems,
    }
    Path(f"{stem}.json").write_text(json.dumps(figures, indent=1))  # for the notes
    assert not problems, f"{case}: {len(problems)} problems:\n  " + "\n  ".join(problems)


# What the page offers at a moment: the offered actions, the action buttons, the confirmation, the
# board's picks and the game's version (an action sent raises it).
OFFERED = """
() => ({
  offered: document.querySelector("#offered")?.innerText ?? "",
  actions: document.querySelector("#actions")?.innerText ?? "",
  confirm: document.querySelector("#confirm-pick") !== null,
  board: [...document.querySelectorAll("#board [data-pick]")].map((e) => e.getAttribute("class")).join("|"),
  version: document.querySelector("#game")?.dataset.version,
})
"""
FOCUSED_PICK = """
() => {
  const e = document.activeElement;
  return e && e.closest("#board") && e.hasAttribute("data-pick") ? e.getAttribute("data-pick") : null;
}
"""


@pytest.mark.parametrize("slug", board_titles())
def test_the_board_answers_the_keyboard_as_the_mouse(
    server: str, module_browser: Any, signed_in: dict[str, Any], slug: str
) -> None:
    # Issue 15: every action reachable by keyboard: Tab reaches a pick of the board, and Enter on it
    # does what a click does (the offered actions narrow); a move is only sent once confirmed.
    start = get_game(slug).positions().get("start", Position())
    page, errors = open_position(module_browser, server, signed_in, slug, start, (1280, 800))
    try:
        before = page.evaluate(OFFERED)
        token = None
        for _ in range(400):
            page.keyboard.press("Tab")
            token = page.evaluate(FOCUSED_PICK)
            if token is not None:
                break
        assert token is not None, f"{slug}: 400 presses of Tab never reach a [data-pick] of the board"
        page.keyboard.press("Enter")
        page.wait_for_function(
            f"b => JSON.stringify(({OFFERED})()) !== JSON.stringify(b)", arg=before, timeout=10000
        )
        by_key = page.evaluate(OFFERED)
        assert by_key["version"] == before["version"], (
            f"{slug}: Enter on {token!r} sent an action unconfirmed"
        )
        page.keyboard.press("Escape")
        page.wait_for_function(
            f"b => JSON.stringify(({OFFERED})()) === JSON.stringify(b)", arg=before, timeout=10000
        )
        page.locator(f"#board [data-pick='{token}']").first.click()
        page.wait_for_function(
            f"b => JSON.stringify(({OFFERED})()) !== JSON.stringify(b)", arg=before, timeout=10000
        )
        by_click = page.evaluate(OFFERED)
        assert by_key == by_click, f"{slug}: Enter on {token!r} gave {by_key}, a click {by_click}"
    finally:
        page.context.close()
    assert not errors, f"{slug}: the page threw {errors}"


# The compact forms of the board: pieces that take the focus without being picks (a stack's count
# or chips), which open into a list or fan.
OPENERS = "#board [data-piece][role=button]:not([data-pick]), #board [data-piece][aria-expanded]"
MARK_SEEN = """
() => {
  for (const e of document.querySelectorAll("body *")) if (e.getClientRects().length) e.dataset.seen = "";
}
"""
# What opened over the page since MARK_SEEN (outside the board's svg: a dialog, or a box placed
# fixed or absolute), outermost only (a list's scrolled content is the list's to clip), and the
# window it must fit in. What opens in the page's flow is reached by scrolling.
APPEARED = """
() => {
  const shown = (e) => e.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })
    && e.getClientRects().length > 0;
  const svg = document.querySelector("#board");
  const fresh = (e) => !("seen" in e.dataset) && shown(e);
  const over = (e) => e.tagName === "DIALOG" || ["fixed", "absolute"].includes(getComputedStyle(e).position);
  const opened = [...document.querySelectorAll("body *")].filter((e) => fresh(e) && !svg.contains(e)
    && over(e) && !(e.parentElement && fresh(e.parentElement)));
  return {
    appeared: opened.map((e) => {
      const r = e.getBoundingClientRect();
      const where = e.tagName.toLowerCase() + (e.id ? `#${e.id}` : "");
      return { where, left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    }),
    window: { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight },
  };
}
"""


@pytest.mark.parametrize(("slug", "size"), [(s, z) for s in board_titles() for z in SIZES])
def test_a_large_stack_opens_legibly(
    server: str, module_browser: Any, signed_in: dict[str, Any], slug: str, size: tuple[int, int]
) -> None:
    # Issue 15: a large stack opens as a readable list or fan inside the viewport, never clipped.
    # Each compact form of the crowded position (the start without one) is opened by a click in
    # turn: then every text is still 11 px at least, nothing that opened leaves the window and no
    # piece leaves the map.
    positions = get_game(slug).positions()
    position = positions.get("crowded", positions.get("start", Position()))
    page, errors = open_position(module_browser, server, signed_in, slug, position, size)
    case = f"{slug} at {size[0]}x{size[1]}"
    problems: list[str] = []
    try:
        found = page.evaluate(
            f"() => [...document.querySelectorAll({OPENERS!r})].map((e) => [e.dataset.at, e.dataset.piece])"
        )
        openers = list(dict(reversed(found)).values())  # the first of each location's
        for piece in openers[:3]:
            page.evaluate(MARK_SEEN)
            before = len(page.evaluate(MEASURE)["texts"])
            page.locator(f"#board [data-piece='{piece}']").first.click()
            got = page.evaluate(MEASURE)
            if len(got["texts"]) == before:
                problems.append(f"a click on {piece} opened nothing")
            page.screenshot(path=str(BOARDS / f"{slug}-open-{size[0]}x{size[1]}.png"))
            for t in got["texts"]:
                if t["size"] < SMALLEST_TEXT - 0.05:
                    problems.append(
                        f"opened {piece}: text {t['text']!r} in {t['where']} is {t['size']:.1f} px"
                    )
            for p in got["pieces"]:
                if not inside(p, got["viewBox"]):
                    problems.append(f"opened {piece}: piece {p['where']} {figure(p)} lies outside the map")
            fresh = page.evaluate(APPEARED)
            for e in fresh["appeared"]:
                if not inside(e, fresh["window"]):
                    problems.append(f"opened {piece}: {e['where']} {figure(e)} leaves the window")
            page.keyboard.press("Escape")
    finally:
        page.context.close()
    assert not errors, f"{case}: the page threw {errors}"
    assert not problems, f"{case}: {len(problems)} problems:\n  " + "\n  ".join(problems[:20])
