"""Which titles are installed, and how to get one by its slug.

Three sources, later ones overriding earlier ones:

1. the built-in titles of this package (imported lazily, on first use);
2. plug-in titles offered by other distributions through the entry-point group ``outremer.games``
   (the entry point names the slug and points at a :class:`~outremer.engine.game.Game` subclass or
   a function returning an instance);
3. titles registered at run time with :func:`register` (tests, experiments).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from importlib.metadata import entry_points
from typing import Any

from .errors import UnknownGame
from .game import Game

ENTRY_POINT_GROUP = "outremer.games"

BUILTIN: dict[str, str] = {
    "crusader-rex": "outremer.games.crusader_rex.game:CrusaderRex",
    "first-crusade": "outremer.games.first_crusade.game:FirstCrusade",
}
"""Slug -> ``"module:attribute"`` of the titles shipped with Outremer."""

Factory = Callable[[], Game[Any]]

_registered: dict[str, Factory] = {}
_instances: dict[str, Game[Any]] = {}


def register(slug: str, factory: Factory | type[Game[Any]]) -> None:
    """Install a title at run time: ``factory`` is a Game subclass or a function returning one."""
    _registered[slug] = factory
    _instances.pop(slug, None)


def unregister(slug: str) -> None:
    """Remove a title installed with :func:`register` (no error if it is not there)."""
    _registered.pop(slug, None)
    _instances.pop(slug, None)


def _plugin_entry_points() -> dict[str, Any]:
    return {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}


def titles() -> list[str]:
    """The slugs of every installed title, sorted."""
    return sorted(set(BUILTIN) | set(_plugin_entry_points()) | set(_registered))


def _load_reference(ref: str) -> Any:
    module_name, _, attr = ref.partition(":")
    obj: Any = importlib.import_module(module_name)
    for part in attr.split(".") if attr else ():
        obj = getattr(obj, part)
    return obj


def _instantiate(slug: str, obj: Any) -> Game[Any]:
    game = obj() if callable(obj) else obj
    if not isinstance(game, Game):
        raise UnknownGame(f"title {slug!r} does not provide a Game (got {type(game).__name__})")
    return game


def get_game(slug: str) -> Game[Any]:
    """The title installed under ``slug``; raises UnknownGame listing the installed titles.

    A title that is installed but fails to import also raises UnknownGame, saying why.
    """
    cached = _instances.get(slug)
    if cached is not None:
        return cached
    try:
        if slug in _registered:
            game = _instantiate(slug, _registered[slug])
        elif slug in (plugins := _plugin_entry_points()):
            game = _instantiate(slug, plugins[slug].load())
        elif slug in BUILTIN:
            game = _instantiate(slug, _load_reference(BUILTIN[slug]))
        else:
            raise UnknownGame(f"no title {slug!r} is installed; installed titles: {', '.join(titles())}")
    except UnknownGame:
        raise
    except Exception as exc:  # a broken title must not take the whole program down
        raise UnknownGame(
            f"title {slug!r} is installed but failed to load: {type(exc).__name__}: {exc}"
        ) from exc
    _instances[slug] = game
    return game
