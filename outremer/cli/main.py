"""The ``outremer`` command: list titles, play in a terminal, simulate many games, replay a save."""

from __future__ import annotations

import json
from typing import Any

import click

from ..bots.registry import bot_names
from ..engine.errors import OutremerError
from ..engine.registry import get_game, titles
from .common import open_save
from .db import db_group
from .play import play_command
from .serve import serve_command
from .simulate import simulate_command
from .tournament import tournament_command


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="outremer")
def cli() -> None:
    """Outremer: board wargames of the Crusades, every rule enforced."""


@cli.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of text.")
def list_command(as_json: bool) -> None:
    """The installed titles with their roles, scenarios, options and bots."""
    out: dict[str, Any] = {}
    for slug in titles():
        try:
            game = get_game(slug)
        except OutremerError as exc:
            out[slug] = {"error": str(exc)}
            continue
        out[slug] = {
            "title": game.title,
            "roles": list(game.roles),
            "scenarios": list(game.scenarios),
            "options": [
                {"name": o.name, "default": o.default, "help": o.help, "rule": o.rule} for o in game.options
            ],
            "bots": bot_names(game),
        }
    if as_json:
        click.echo(json.dumps(out, indent=2))
        return
    for slug, info in out.items():
        if "error" in info:
            click.echo(f"{slug}: unavailable ({info['error']})")
            continue
        click.echo(f"{slug}: {info['title']}")
        click.echo(f"  roles:     {', '.join(info['roles'])}")
        click.echo(f"  scenarios: {', '.join(info['scenarios'])}")
        click.echo(f"  bots:      {', '.join(info['bots'])}")
        if info["options"]:
            click.echo("  options:")
            for o in info["options"]:
                rule = f" [{o['rule']}]" if o["rule"] else ""
                click.echo(f"    {o['name']} (default {str(o['default']).lower()}): {o['help']}{rule}")


@cli.command("replay")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--role", default=None, help="Show this role's log (default: the observer's).")
@click.option("--upto", type=int, default=None, help="Stop after this many actions.")
def replay_command(file: str, role: str | None, upto: int | None) -> None:
    """Print the log of a saved game, each line with its rule, then the outcome if it is over."""
    session = open_save(file, upto=None if upto is None else max(upto, 0))
    game, state = session.game, session.state
    roles = session.roles
    if role is not None and role not in roles:
        raise click.BadParameter(f"{role!r} is not a role of this {game.slug} game: {', '.join(roles)}")
    for entry in game.log(state, role):
        rule = entry.get("rule") or ""
        click.echo(f"[{rule}] {entry.get('text', '')}" if rule else str(entry.get("text", "")))
    outcome = game.outcome(state)
    if outcome is not None:
        winners = ", ".join(outcome.winners) or "nobody (a draw)"
        click.echo(f"Game over: {winners} won. {outcome.reason}")


cli.add_command(play_command)
cli.add_command(simulate_command)
cli.add_command(tournament_command)
cli.add_command(serve_command)
cli.add_command(db_group)


def main() -> None:
    """Entry point of the ``outremer`` console script."""
    cli(prog_name="outremer")


if __name__ == "__main__":  # pragma: no cover
    main()
