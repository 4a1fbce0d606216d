"""``outremer tournament``: every pairing of bots on every side, with score rates and ratings."""

from __future__ import annotations

import json
import sys

import click
from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from ..bots.ratings import Interval
from ..bots.tournament import Played, Tournament, import_ray, prepare, run
from ..engine.errors import OutremerError
from .common import load_game, parse_options

MAX_PROBLEM_REPORTS = 5


def split_bots(specs: tuple[str, ...]) -> list[str]:
    """Bot names from ``--bots A,B`` (the option may also be repeated)."""
    names = [name.strip() for spec in specs for name in spec.split(",") if name.strip()]
    if not names:
        raise click.BadParameter("name at least one bot", param_hint="--bots")
    return names


@click.command("tournament")
@click.argument("game_slug", metavar="GAME")
@click.option(
    "--bots", "bot_specs", multiple=True, required=True, help="Bot names: A,B,... (see `outremer list`)."
)
@click.option(
    "--games", "n_games", type=click.IntRange(min=1), default=10, show_default=True, help="Games per seating."
)
@click.option(
    "--seed", type=int, default=1, show_default=True, help="Game i of every seating is seeded SEED+i."
)
@click.option("--scenario", default=None)
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=BOOL")
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    default=None,
    help="Local processes [default: one per core; 1: here].",
)
@click.option(
    "--ray", "ray_address", metavar="ADDRESS", default=None, help="Run on Ray at ADDRESS ('local': here)."
)
@click.option("--max-steps", type=click.IntRange(min=1), default=20000, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print exactly one JSON object on stdout.")
def tournament_command(
    game_slug: str,
    bot_specs: tuple[str, ...],
    n_games: int,
    seed: int,
    scenario: str | None,
    option_pairs: tuple[str, ...],
    workers: int | None,
    ray_address: str | None,
    max_steps: int,
    as_json: bool,
) -> None:
    """Play every pairing of the bots on every side of GAME, N games per seating, and report
    score rates per pairing and side and ratings with a per-side advantage (docs/tournaments.md).

    Exits with status 1 if any game raised an error (the others are still reported).
    """
    game = load_game(game_slug)
    options = parse_options(game, option_pairs)
    if workers is not None and ray_address is not None:
        raise click.UsageError("choose --workers or --ray, not both")
    try:
        game.check_setup(scenario, options)
        if ray_address is not None:
            import_ray()  # before any output: without Ray, one line naming the extra
    except OutremerError as exc:
        raise click.ClickException(str(exc)) from exc
    try:
        tournament = prepare(game, split_bots(bot_specs), n_games, seed, scenario, options, max_steps)
    except OutremerError as exc:
        raise click.BadParameter(str(exc), param_hint="--bots") from exc

    err = Console(file=sys.stderr, stderr=True)
    try:
        if as_json:
            run(tournament, workers, ray_address)
        else:
            progress = Progress(
                TextColumn(f"{game.slug} tournament"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeRemainingColumn(),
                console=err,
            )
            with progress:
                task = progress.add_task("games", total=len(tournament.fixtures))
                run(tournament, workers, ray_address, lambda _: progress.advance(task))
    except OutremerError as exc:
        raise click.ClickException(str(exc)) from exc

    if as_json:
        click.echo(json.dumps(tournament.to_json(), sort_keys=True))
    else:
        print_tournament(tournament)
    if any(p.status == "error" for p in tournament.results):
        sys.exit(1)


def _interval(est: Interval, percent: bool = False) -> str:
    if percent:
        return f"{100 * est.value:.1f} [{100 * est.low:.1f}, {100 * est.high:.1f}]"
    return f"{est.value:+.0f} [{est.low:+.0f}, {est.high:+.0f}]"


def print_tournament(tournament: Tournament) -> None:
    """A table per pairing (a row per bot and side), the ratings, and the games left out, on stdout."""
    setup = tournament.setup
    out = Console(file=sys.stdout, highlight=False)
    out.print(
        f"{setup.game.slug} ({setup.scenario}): {tournament.games} games per seating from seed "
        f"{tournament.seed}\nscore = won + drawn / 2, in % of games"
    )
    tables: dict[tuple[str, ...], Table] = {}
    for row in tournament.rows():
        table = tables.get(row.pairing)
        if table is None:
            table = tables[row.pairing] = Table(
                title=" v ".join(row.pairing), title_justify="left", box=box.SIMPLE_HEAD
            )
            for name in ("bot", "role", "games", "W-D-L", "score % [95% CI]", "mean score"):
                table.add_column(name, justify="left" if name in ("bot", "role") else "right")
        mean = row.mean_score
        table.add_row(
            row.bot,
            row.role or "all",
            str(row.games),
            f"{row.wins}-{row.draws}-{row.losses}",
            _interval(row.score, percent=True),
            "" if mean is None else f"{mean.value:.2f} ±{mean.high - mean.value:.2f}",
        )
    out.print(*tables.values())
    _print_ratings(out, tournament)
    problems = [p for p in tournament.results if p.status != "finished"]
    if problems:
        errors, capped = _count(problems, "error"), _count(problems, "capped")
        out.print(f"{len(problems)} game(s) left out: {errors} error(s), {capped} hit the step cap")
        for played in problems[:MAX_PROBLEM_REPORTS]:
            out.print(f"  seed {played.fixture.seed} ({played.status}): {played.reason.splitlines()[0]}")
            out.print(f"    replay: {tournament.replay_command(played)}", markup=False, soft_wrap=True)
        if len(problems) > MAX_PROBLEM_REPORTS:
            out.print("  (all of them with --json)")
    out.print(f"{len(tournament.results)} games in {tournament.seconds:.1f} s on {tournament.workers}")


def _print_ratings(out: Console, tournament: Tournament) -> None:
    ratings = tournament.ratings()
    if not ratings.bots:
        out.print("No game finished: no ratings.")
        return
    rated = Table(title="Ratings (Elo)", title_justify="left", box=box.SIMPLE_HEAD)
    rated.add_column("bot")
    rated.add_column("rating [95% CI]", justify="right")
    for name, est in sorted(ratings.bots.items(), key=lambda item: -item[1].value):
        rated.add_row(name, _interval(est))
    anchor = "wins half its games against the title" if ratings.anchor == "title" else "the bots' average"
    out.print(rated, f"rating 0 = {anchor}")
    if ratings.roles:
        sides = Table(title="Side advantage (Elo)", title_justify="left", box=box.SIMPLE_HEAD)
        sides.add_column("role")
        sides.add_column("advantage [95% CI]", justify="right")
        for role in tournament.setup.roles:
            sides.add_row(role, _interval(ratings.roles[role]))
        out.print(sides, "advantage 0 = the average seat; a seat's odds grow with rating + advantage")


def _count(played: list[Played], status: str) -> int:
    return sum(p.status == status for p in played)
