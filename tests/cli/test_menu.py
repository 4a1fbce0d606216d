"""Staged menus for long lists of legal actions."""

from __future__ import annotations

from outremer.cli.menu import MENU_LIMIT, choices


def describe(action):
    return " ".join(str(p) for p in action)


def test_short_lists_are_shown_whole():
    legal = [("card", f"c{i}") for i in range(5)]
    lines = choices(legal, (), describe)
    assert [line.action for line in lines] == legal


def test_long_lists_are_grouped_then_narrowed():
    legal = [("sea", f"b{b}", f"port{p}") for b in range(6) for p in range(8)] + [("end",)]
    top = choices(legal, (), describe)
    assert [(line.prefix, line.action) for line in top] == [(("sea",), None), ((), ("end",))]
    assert top[0].label == "sea ... (48 choices)"
    by_block = choices(legal, ("sea",), describe)
    assert [line.prefix for line in by_block] == [("sea", f"b{b}") for b in range(6)]
    assert by_block[0].label == "sea b0 ... (8 choices)"
    inner = choices(legal, by_block[2].prefix, describe)
    assert [line.action for line in inner] == [("sea", "b2", f"port{p}") for p in range(8)]
    assert len(inner) <= MENU_LIMIT
