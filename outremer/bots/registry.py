"""Bots by name: ``random`` for every title, ``ismcts`` (search, bots/ismcts.py) for every title
with a sampler, plus the bots a title offers itself.

A title offers bots through ``Game.bots() -> {name: factory}`` (none by default), each factory
called as ``factory(game, seed)``; Crusader Rex, for instance, offers ``"scripted"``.

A name may carry settings after colons, ``name:key=value:key=value``; only ``ismcts`` takes them:
``iterations``, ``time`` (seconds), ``cap`` (seconds), ``c``, ``playout``, ``guide`` (a bot name, or
``none``), ``rollouts`` and ``workers`` (processes), e.g.
``ismcts:iterations=200``, ``ismcts:time=0.5``, ``ismcts:iterations=400:time=2:guide=none``
(docs/bots.md). A wrong name or setting raises :class:`UnknownBot` saying what is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.errors import OutremerError
from ..engine.game import Game
from .base import Bot, BotFactory
from .ismcts import SearchBot, Settings
from .random_bot import RandomBot


class UnknownBot(OutremerError, LookupError):
    """A bot name that neither the engine nor the title knows, or settings it does not take."""


def _random(game: Game[Any], seed: int) -> Bot:
    return RandomBot(seed)


BUILTIN: dict[str, BotFactory] = {"random": _random}
SEARCH = "ismcts"
SETTING_TYPES: dict[str, type] = {
    "iterations": int,
    "time": float,
    "cap": float,
    "c": float,
    "playout": int,
    "guide": str,
    "rollouts": int,
    "workers": int,
}
NO_GUIDE = "none"


def title_bots(game: Game[Any]) -> dict[str, BotFactory]:
    """The bots ``game`` offers itself (empty if none)."""
    return dict(game.bots())


def bot_names(game: Game[Any]) -> list[str]:
    """Every bot name usable with ``game`` (without settings)."""
    names = set(BUILTIN) | set(title_bots(game))
    if game.provides("sampler"):
        names.add(SEARCH)
    return sorted(names)


def default_bot(game: Game[Any]) -> str:
    """The title's ``scripted`` bot if it has one, else ``random``."""
    return "scripted" if "scripted" in title_bots(game) else "random"


def parse_name(name: str) -> tuple[str, dict[str, str]]:
    """``"ismcts:time=0.5"`` -> ``("ismcts", {"time": "0.5"})``; UnknownBot if malformed."""
    base, *parts = name.split(":")
    settings: dict[str, str] = {}
    for part in parts:
        key, eq, value = part.partition("=")
        if not eq or not key or not value:
            raise UnknownBot(f"bad bot setting {part!r} in {name!r}: write key=value, e.g. {SEARCH}:time=0.5")
        if key in settings:
            raise UnknownBot(f"bot setting {key!r} given twice in {name!r}")
        settings[key] = value
    return base, settings


def search_settings(settings: dict[str, str]) -> Settings:
    """The search bot's :class:`Settings` from ``key=value`` strings; UnknownBot says what is wrong.

    Iterations alone search exactly that many (deterministic, the clock only a safety cap); time
    alone that many seconds; neither, the default (:class:`Settings`: a count)."""
    values: dict[str, Any] = {}
    for key, text in settings.items():
        kind = SETTING_TYPES.get(key)
        if kind is None:
            raise UnknownBot(f"{SEARCH} has no setting {key!r}; it takes {', '.join(SETTING_TYPES)}")
        try:
            values[key] = kind(text)
        except ValueError:
            what = "an integer" if kind is int else "a number"
            raise UnknownBot(f"{SEARCH} setting {key}={text!r}: expected {what}") from None
    if "time" in values and "iterations" not in values:
        values["iterations"] = None
    try:
        return Settings(**values)
    except ValueError as exc:
        raise UnknownBot(f"{SEARCH}: {exc}") from None


def make_bot(name: str, game: Game[Any], seed: int) -> Bot:
    """A new bot called ``name`` (with any settings) for ``game``, seeded with ``seed``;
    UnknownBot if there is none."""
    base, settings = parse_name(name)
    offered = title_bots(game)
    factory = offered.get(base) or BUILTIN.get(base)
    if factory is not None and not settings:
        return factory(game, seed)
    if base == SEARCH and factory is None:
        if not game.provides("sampler"):
            raise UnknownBot(f"{game.slug} has no sampler, which the {SEARCH} bot needs")
        chosen = search_settings({**game.search, **settings})
        return SearchBot(seed, chosen, _guide(game, seed, chosen.guide))
    if factory is not None:
        raise UnknownBot(f"the {base} bot takes no settings ({name!r})")
    raise UnknownBot(f"no bot {base!r} for {game.slug}; available: {', '.join(bot_names(game))}")


@dataclass(frozen=True)
class Guide:
    """What makes the search bot's guide: a new bot ``name`` for ``game``, seeded ``seed``, each
    time it is called. An object, not a lambda, so that it pickles with a turning point sent to
    the bot's worker processes (bots/rollouts.py)."""

    game: Game[Any]
    name: str
    seed: int

    def __call__(self) -> Bot:
        factory = title_bots(self.game).get(self.name) or BUILTIN[self.name]
        return factory(self.game, self.seed)


def _guide(game: Game[Any], seed: int, name: str | None) -> Guide | None:
    """What makes the search bot's guide: the bot ``name`` (None: the title's ``scripted`` bot if
    it offers one), or nothing for ``none``."""
    offered = title_bots(game)
    if name is None:
        name = "scripted" if "scripted" in offered else NO_GUIDE
    if name == NO_GUIDE:
        return None
    factory = offered.get(name) or BUILTIN.get(name)
    if factory is None:
        choices = ", ".join(sorted({*offered, *BUILTIN, NO_GUIDE}))
        raise UnknownBot(f"{SEARCH} setting guide={name!r}: no such bot for {game.slug}; choose {choices}")
    return Guide(game, name, seed)
