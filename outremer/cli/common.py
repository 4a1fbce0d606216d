"""Helpers shared by the command-line commands."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import click

from ..engine.errors import OutremerError
from ..engine.game import Game
from ..engine.record import load_record
from ..engine.registry import get_game
from ..engine.session import Session


class BadFile(click.ClickException):
    """A file from outside that cannot be used: one line on standard error and exit status 2."""

    exit_code = 2


def open_save(path: str, expected_game: str | None = None, upto: int | None = None) -> Session:
    """The game saved at ``path``, replayed (its first ``upto`` actions only, if given).

    Every command that reads a save file reads it here. Whatever is wrong with the file (unreadable,
    not JSON, nested too deep, a number too long, a wrong shape, an unknown or other title, an
    illegal action at entry N) stops the command with one line naming the problem, exit status 2.
    """
    try:
        record = load_record(path, expected_game)  # its errors name the file
    except OutremerError as exc:
        raise BadFile(one_line(str(exc))) from exc
    if upto is not None:
        record = replace(record, actions=record.actions[:upto])
    try:
        return Session.from_record(get_game(record.game), record)
    except OutremerError as exc:
        raise BadFile(one_line(f"save file {path}: {exc}")) from exc


def one_line(text: str, most: int = 300) -> str:
    """``text`` on one line of at most ``most`` characters (a message may quote a file's content)."""
    text = " ".join(text.split())
    return text if len(text) <= most else text[: most - 3] + "..."


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
