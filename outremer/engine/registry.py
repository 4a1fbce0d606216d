"""Which titles are installed, and how to get one by its slug.

The registry names no title. Two sources, the later overriding the earlier:

1. titles declared by installed distributions through the entry-point group ``outremer.games``: the
   entry point names the slug and points at a :class:`~outremer.engine.game.Game` subclass or a
   function returning an instance. Outremer's own titles are declared there too, in its
   ``pyproject.toml``, the same way as a title from another package;
2. titles registered at run time with :func:`register` (tests, experiments).

A title is imported only when it is first asked for; one that fails to load raises
:class:`~outremer.engine.errors.UnknownGame` saying why, and the others go on working.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import entry_points
from typing import Any

from .errors import UnknownGame
from .game import Game

ENTRY_POINT_GROUP = "outremer.games"

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


def _entry_points() -> dict[str, Any]:
    """Slug -> entry point, for every title an installed distribution declares."""
    return {ep.name: ep for ep in entry_points(group=ENTRY_POINT_GROUP)}


def titles() -> list[str]:
    """The slugs of every installed title, sorted."""
    return sorted(set(_entry_points()) | set(_registered))


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
        elif slug in (declared := _entry_points()):
            game = _instantiate(slug, declared[slug].load())
        else:
            installed = ", ".join(titles()) or "none"
            raise UnknownGame(f"no title {slug!r} is installed; installed titles: {installed}")
    except UnknownGame:
        raise
    except Exception as exc:  # a broken title must not take the whole program down
        raise UnknownGame(
            f"title {slug!r} is installed but failed to load: {type(exc).__name__}: {exc}"
        ) from exc
    _instances[slug] = game
    return game
