"""Games played in processes and saved as JSON lines, for the balance benches (``--save``,
``--load``): a sample gathers over several runs and sessions. Each bench decides what a game's
record holds; this module only plays, appends and reads them back."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

Record = dict[str, Any]


def play_all(
    play: Callable[[Any], Record],
    jobs: list[Any],
    workers: int,
    save: Path | None,
    describe: Callable[[Record], str] | None = None,
) -> list[Record]:
    """``play`` each job in ``workers`` processes, in order; each record appended to ``save`` as a
    JSON line as it comes, and, with ``describe``, a line on stderr for each game."""
    games: list[Record] = []
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for i, record in enumerate(pool.map(play, jobs), 1):
            games.append(record)
            if save:
                with save.open("a") as f:
                    f.write(json.dumps(record) + "\n")
            if describe:
                print(
                    f"[{i}/{len(jobs)}] {describe(record)} ({time.perf_counter() - start:.0f} s)",
                    file=sys.stderr,
                    flush=True,
                )
    return games


def saved(paths: list[Path]) -> Iterator[tuple[str, Record]]:
    """Each game saved in ``paths`` (one JSON object a line, blank lines skipped) with where it
    stands (``file:line``); a file that cannot be read or a line that is not a JSON object is an
    error (SystemExit) naming it."""
    for path in paths:
        try:
            lines = path.read_text().splitlines()
        except OSError as e:
            raise SystemExit(f"--load {path}: {e.strerror}") from e
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            where = f"{path}:{number}"
            try:
                record = json.loads(line)
            except ValueError as e:
                raise SystemExit(f"{where}: not a saved game ({e})") from e
            if not isinstance(record, dict):
                raise SystemExit(f"{where}: not a saved game (not a JSON object)")
            yield where, record
