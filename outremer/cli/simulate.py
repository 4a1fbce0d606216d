"""``outremer simulate``: play many complete games with bots, check each replays, summarise."""

from __future__ import annotations

import json
import sys
import time
import traceback
from collections import Counter
from collections.abc import Sequence
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from ..bots.match import play_match
from ..bots.registry import make_bot
from ..engine.errors import OutremerError
from ..engine.game import Game
from ..engine.record import replay
from .common import load_game, parse_options

MAX_ERROR_REPORTS = 5


def bot_seed(game_seed: int, role_index: int) -> int:
    """The seed of the bot in seat ``role_index`` of the game seeded ``game_seed``."""
    return game_seed * 1_000_003 + role_index


def seat_bots(roles: Sequence[str], spec: str) -> list[str]:
    """One bot name per role from ``"b1,b2"`` (in the order of ``roles``) or one name for all."""
    names = [n.strip() for n in spec.split(",") if n.strip()]
    if len(names) == 1:
        return names * len(roles)
    if len(names) != len(roles):
        raise click.BadParameter(
            f"give one bot, or one per role ({len(roles)}: {', '.join(roles)}), not {len(names)}",
            param_hint="--bots",
        )
    return names


def simulate(
    game: Game[Any],
    games: int,
    seed: int,
    bots: list[str],
    max_steps: int,
    scenario: str | None = None,
    options: dict[str, bool] | None = None,
    check_replay: bool = True,
    on_game: Any = None,
    on_error: Any = None,
) -> dict[str, Any]:
    """Play ``games`` games (game i seeded ``seed + i``) and return the summary dict."""
    roles = game.roles_for(*game.check_setup(scenario, options))
    wins: Counter[str] = Counter()
    draws = completed = errors = caps = mismatches = 0
    total_actions = finished = 0
    start = time.perf_counter()
    for i in range(games):
        game_seed = seed + i
        try:
            seats = {
                role: make_bot(name, game, bot_seed(game_seed, j))
                for j, (role, name) in enumerate(zip(roles, bots, strict=True))
            }
            match = play_match(game, seats, game_seed, scenario, options, max_steps)
            finished += 1
            total_actions += match.steps
            if match.capped:
                caps += 1
            else:
                completed += 1
                outcome = game.outcome(match.state)
                if outcome is None or not outcome.winners:
                    draws += 1
                for role in outcome.winners if outcome else ():
                    wins[role] += 1
            if check_replay:
                try:
                    again = replay(game, match.record)
                    same = game.to_json(again) == game.to_json(match.state)
                except OutremerError as exc:
                    same = False
                    if on_error is not None:
                        on_error(game_seed, f"replay failed: {exc}", "")
                if not same:
                    mismatches += 1
                    if on_error is not None:
                        on_error(game_seed, "replay gives a different final state", "")
        except Exception as exc:
            errors += 1
            if on_error is not None:
                on_error(game_seed, f"{type(exc).__name__}: {exc}", traceback.format_exc(limit=-4))
        if on_game is not None:
            on_game()
    seconds = time.perf_counter() - start
    results: dict[str, int] = {role: wins[role] for role in roles}
    results["draws"] = draws
    return {
        "game": game.slug,
        "games": games,
        "seed": seed,
        "bots": dict(zip(roles, bots, strict=True)),
        "max_steps": max_steps,
        "completed": completed,
        "errors": errors,
        "step_cap_hits": caps,
        "replay_mismatches": mismatches,
        "results": results,
        "mean_actions": round(total_actions / finished, 2) if finished else 0.0,
        "seconds": round(seconds, 4),
        "games_per_second": round(games / seconds, 3) if seconds > 0 else 0.0,
    }


@click.command("simulate")
@click.argument("game_slug", metavar="GAME")
@click.option("--games", "n_games", type=click.IntRange(min=1), default=100, show_default=True)
@click.option(
    "--seed",
    type=click.IntRange(0, 2**128 - 1),
    default=1,
    show_default=True,
    help="Game i is seeded SEED+i (0 to 2**128 - 1).",
)
@click.option("--bots", "bots_spec", default="random", show_default=True, help="B or B1,B2 (one per role).")
@click.option("--scenario", default=None)
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=BOOL")
@click.option("--max-steps", type=click.IntRange(min=1), default=20000, show_default=True)
@click.option("--check/--no-check", default=True, show_default=True, help="Replay each record and compare.")
@click.option("--json", "as_json", is_flag=True, help="Print exactly one JSON object on stdout.")
def simulate_command(
    game_slug: str,
    n_games: int,
    seed: int,
    bots_spec: str,
    scenario: str | None,
    option_pairs: tuple[str, ...],
    max_steps: int,
    check: bool,
    as_json: bool,
) -> None:
    """Play N complete games with bots and report results, errors and speed.

    Exits with status 1 if any game raised an error or failed to replay identically.
    """
    game = load_game(game_slug)
    options = parse_options(game, option_pairs)
    try:
        roles = game.roles_for(*game.check_setup(scenario, options))
    except OutremerError as exc:
        raise click.ClickException(str(exc)) from exc
    bots = seat_bots(roles, bots_spec)
    for name in set(bots):
        try:
            make_bot(name, game, 0)
        except OutremerError as exc:
            raise click.BadParameter(str(exc), param_hint="--bots") from exc

    err = Console(file=sys.stderr, stderr=True)
    reported = [0]

    def on_error(game_seed: int, message: str, tb: str) -> None:
        reported[0] += 1
        if reported[0] <= MAX_ERROR_REPORTS:
            err.print(f"[red]game seed {game_seed}:[/red] {message}", markup=True, highlight=False)
            if tb:
                err.print(tb.rstrip(), markup=False, highlight=False)
        elif reported[0] == MAX_ERROR_REPORTS + 1:
            err.print("(further errors not shown)")

    if as_json:
        summary = simulate(game, n_games, seed, bots, max_steps, scenario, options, check, None, on_error)
        click.echo(json.dumps(summary, sort_keys=True))
    else:
        progress = Progress(
            TextColumn(f"{game.slug}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(), console=err
        )
        with progress:
            task = progress.add_task("games", total=n_games)
            summary = simulate(
                game,
                n_games,
                seed,
                bots,
                max_steps,
                scenario,
                options,
                check,
                lambda: progress.advance(task),
                on_error,
            )
        print_summary(summary)
    if summary["errors"] or summary["replay_mismatches"]:
        sys.exit(1)


def print_summary(summary: dict[str, Any]) -> None:
    """The summary as a table on stdout."""
    table = Table(title=f"{summary['game']}: {summary['games']} games from seed {summary['seed']}")
    table.add_column("measure")
    table.add_column("value", justify="right")
    for key in ("completed", "errors", "step_cap_hits", "replay_mismatches", "mean_actions"):
        table.add_row(key.replace("_", " "), str(summary[key]))
    for role, n in summary["results"].items():
        table.add_row(f"wins: {role}" if role != "draws" else "draws", str(n))
    table.add_row("seconds", f"{summary['seconds']:.2f}")
    table.add_row("games per second", f"{summary['games_per_second']:.2f}")
    bots = ", ".join(f"{r}={b}" for r, b in summary["bots"].items())
    Console(file=sys.stdout, highlight=False).print(table, f"bots: {bots}")
