"""Helpers shared by the command-line commands."""

from __future__ import annotations

from typing import Any

import click

from ..engine.errors import OutremerError
from ..engine.game import Game
from ..engine.registry import get_game


def load_game(slug: str) -> Game[Any]:
    """The title ``slug``, or a click error listing the installed titles."""
    try:
        return get_game(slug)
    except OutremerError as exc:
        raise click.ClickException(str(exc)) from exc


def parse_options(game: Game[Any], pairs: tuple[str, ...]) -> dict[str, bool]:
    """``name=true``/``name=false`` pairs (or a bare ``name`` for true) as an options mapping."""
    out: dict[str, bool] = {}
    known = {o.name for o in game.options}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        name = name.strip()
        if name not in known:
            raise click.BadParameter(
                f"unknown option {name!r}; {game.slug} has {', '.join(sorted(known)) or 'none'}",
                param_hint="--option",
            )
        word = value.strip().lower() if sep else "true"
        if word in ("true", "yes", "on", "1"):
            out[name] = True
        elif word in ("false", "no", "off", "0"):
            out[name] = False
        else:
            raise click.BadParameter(
                f"option {name!r} takes true or false, not {value!r}", param_hint="--option"
            )
    return out
