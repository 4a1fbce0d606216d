"""Each title's modules depend one way (issue 14): shared state and data at the bottom, rule sections
above, the game class, views and rendering on top; no import circle inside a title package
(docs/architecture.md). Read from the source with ast, every package under outremer/games, so a new
title is checked without being listed here."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parent.parent / "outremer" / "games"
TITLES = sorted(p.name for p in GAMES.iterdir() if (p / "__init__.py").is_file())
BEING_UNTANGLED: frozenset[str] = frozenset()
"""Titles whose circles are still being broken (issue 14); the mark goes once they pass."""
TOP = frozenset({"game", "views", "render", "encoding"})
"""The title's top: the game class and what shows a state (views, text, observations)."""


def _param(title: str) -> object:
    if title in BEING_UNTANGLED:
        return pytest.param(title, marks=pytest.mark.xfail(strict=True, reason="being untangled in issue 14"))
    return title


def imports(title: str, games: Path = GAMES) -> dict[str, set[str]]:
    """Module -> the modules of the same title package it imports, anywhere in its source (inside
    functions too), relative or absolute."""
    package = f"outremer.games.{title}"
    modules = {p.stem for p in (games / title).glob("*.py") if p.stem != "__init__"}
    graph: dict[str, set[str]] = {}
    for name in sorted(modules):
        tree = ast.parse((games / title / f"{name}.py").read_text(encoding="utf-8"))
        found: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                if node.level == 1:
                    base = node.module or ""
                elif node.level == 0 and (node.module or "").startswith(package):
                    base = (node.module or "")[len(package) :].lstrip(".")
                else:
                    continue
                if base:  # from .x import y, from .x.y import z: x
                    found.add(base.split(".")[0])
                else:  # from . import x, y
                    found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.startswith(package + "."):
                        found.add(alias.name[len(package) + 1 :].split(".")[0])
        graph[name] = (found & modules) - {name}
    return graph


def test_the_reader_finds_every_kind_of_import(tmp_path: Path) -> None:
    # The reader must see each form of import, or a circle could hide behind it.
    title = tmp_path / "games" / "toy_title"
    title.mkdir(parents=True)
    (title / "__init__.py").write_text("")
    (title / "a.py").write_text("from . import b\n")
    (title / "b.py").write_text("def f():\n    from .c import x\n")
    (title / "c.py").write_text("import outremer.games.toy_title.d\n")
    (title / "d.py").write_text("from outremer.games.toy_title.a import y\nfrom .. import other\n")
    graph = imports("toy_title", tmp_path / "games")
    assert graph == {"a": {"b"}, "b": {"c"}, "c": {"d"}, "d": {"a"}}
    with pytest.raises(CycleError):
        tuple(TopologicalSorter(graph).static_order())


@pytest.mark.parametrize("title", [_param(t) for t in TITLES])
def test_no_import_circle_inside_a_title(title: str) -> None:
    graph = imports(title)
    try:
        tuple(TopologicalSorter(graph).static_order())
    except CycleError as exc:
        pytest.fail(f"{title}: modules import each other in a circle: {' -> '.join(exc.args[1])}")


def misplaced(graph: dict[str, set[str]]) -> list[str]:
    """What breaks the one-way order: the state imports at most declarations that import nothing of
    the title (its records' shapes); no rules module imports the top (game, views, render, encoding);
    nothing imports the game class."""
    faults = []
    above = sorted(m for m in graph.get("state", ()) if graph.get(m))
    if above:
        faults.append(f"state.py imports {above}, which import other modules of the title")
    for module, imported in sorted(graph.items()):
        if module not in TOP and imported & TOP:
            faults.append(f"the rules module {module}.py imports {sorted(imported & TOP)}, which sit on top")
        if "game" in imported:
            faults.append(f"{module}.py imports the game class")
    return faults


def test_the_order_check_finds_each_fault() -> None:
    graph = {"state": {"common"}, "common": {"board"}, "board": set(), "combat": {"views"}, "views": {"game"}}
    assert misplaced(graph) == [
        "state.py imports ['common'], which import other modules of the title",
        "the rules module combat.py imports ['views'], which sit on top",
        "views.py imports the game class",
    ]
    shaped = {"state": {"records"}, "records": set(), "game": {"state", "views"}, "views": set()}
    assert misplaced(shaped) == []


@pytest.mark.parametrize("title", TITLES)
def test_state_is_at_the_bottom_and_the_game_views_and_rendering_on_top(title: str) -> None:
    assert misplaced(imports(title)) == [], title
