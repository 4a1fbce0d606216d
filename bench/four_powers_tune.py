"""Four Powers: tune the reconstructed numbers of the data pack by simulation
(docs/four-powers/balance.md).

A lever is a named set of values in the data pack moved together by a whole step (``+1`` adds 1 to
each), listed in a levers file (default ``bench/four_powers_levers.json``): ``{"name": ...,
"paths": ["locations:iconium/four/income/3", ...], "min": 0, "max": 9}``. A path is
``file:record/field/...``: the record of ``locations`` is named by its ``location``, of ``cards``
by its ``number``; in ``components`` the first part is a top-level entry (``die``). Only a record
whose source is ``reconstructed`` may be moved: the tuner refuses a lever on anything the rulebook
prints, and every candidate pack must pass the pack's own checks (schemas, costs never falling).

Commands (each plays the bench's games, ``four_powers_balance.play``, on a copy of the pack):

- ``sample --out FILE --candidates K [--base NAME=STEP ...]``: K candidates, each moving every
  lever by -1, 0 or +1 at random (seeded) from the shipped pack or from the ``--base`` steps,
  appended to FILE as JSON lines with the win rates they gave; resumable.
- ``fit FILE ...``: a ridge fit of each faction's win rate on the lever steps, per scenario; prints
  each lever's effect and the steps (within ``--reach``) whose predicted rates are closest to
  1/N at every player count (greedily, at most ``--most`` levers), as arguments for ``try``.
- ``try NAME=STEP ...``: one candidate's figures (``--write DIR`` keeps its pack, for
  ``four_powers_balance.py --pack DIR``).

The objective is the mean over player counts (2, 3, 4) of the mean over that count's scenarios of
the squared gaps between each faction's win rate and 1/N. Prints figures only; nothing is asserted.

Usage: ``python bench/four_powers_tune.py [--levers FILE] [--games N] [--seed S] [--scenario NAME
...] [--jobs J] [--json] {sample,fit,try} ...``
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import shutil
import statistics
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from four_powers_balance import play_many, summarise

from outremer.engine.errors import BadData
from outremer.games.four_powers import pack as pack_module
from outremer.games.four_powers.setup import SCENARIOS

DATA = Path(pack_module.__file__).resolve().parent / "data"
LEVERS = Path(__file__).resolve().parent / "four_powers_levers.json"
RECORD_KEYS = {"locations": ("cities", "location"), "cards": ("cards", "number")}


class LeverError(ValueError):
    """A lever that names nothing, or something the rulebook prints."""


def _record(docs: dict[str, Any], path: str) -> tuple[dict[str, Any], list[str]]:
    """The record a path names and the fields below it."""
    file, _, rest = path.partition(":")
    parts = rest.split("/")
    if file not in docs:
        raise LeverError(f"{path}: no data file {file!r}")
    doc = docs[file]
    if file in RECORD_KEYS:
        listing, key = RECORD_KEYS[file]
        found = [r for r in doc[listing] if str(r[key]) == parts[0]]
        if not found:
            raise LeverError(f"{path}: no {key} {parts[0]!r} in {file}.json")
        return found[0], parts[1:]
    if parts[0] not in doc or not isinstance(doc[parts[0]], dict):
        raise LeverError(f"{path}: no entry {parts[0]!r} in {file}.json")
    return doc[parts[0]], parts[1:]


def _slot(record: Any, fields: list[str], path: str) -> tuple[Any, Any]:
    """The container and index of a path's number."""
    node = record
    for f in fields[:-1]:
        node = node[int(f)] if isinstance(node, list) else node[f]
    last: Any = int(fields[-1]) if isinstance(node, list) else fields[-1]
    try:
        value = node[last]
    except (KeyError, IndexError) as exc:
        raise LeverError(f"{path}: no such field") from exc
    if not isinstance(value, int):
        raise LeverError(f"{path}: {value!r} is not a number")
    return node, last


def read_docs(folder: Path = DATA) -> dict[str, Any]:
    return {p.stem: json.loads(p.read_text()) for p in folder.glob("*.json") if ".schema" not in p.name}


def read_levers(file: Path, docs: dict[str, Any]) -> list[dict[str, Any]]:
    """The levers, each checked: its paths exist, hold numbers, and sit in reconstructed records."""
    levers: list[dict[str, Any]] = json.loads(file.read_text())["levers"]
    for lever in levers:
        for path in lever["paths"]:
            record, fields = _record(docs, path)
            kind = record.get("source", {}).get("kind")
            if kind != "reconstructed":
                raise LeverError(
                    f"lever {lever['name']!r}: {path} is in a record sourced {kind!r};"
                    " only reconstructed records may be tuned"
                )
            _slot(record, fields, path)
    return levers


def apply(docs: dict[str, Any], levers: list[dict[str, Any]], steps: dict[str, int]) -> dict[str, Any]:
    """A copy of the pack's files with each lever moved by its step (bounded by its min and max)."""
    out = copy.deepcopy(docs)
    by_name = {lv["name"]: lv for lv in levers}
    for name, step in steps.items():
        if name not in by_name:
            raise LeverError(f"no lever {name!r}")
        lever = by_name[name]
        for path in lever["paths"]:
            record, fields = _record(out, path)
            node, last = _slot(record, fields, path)
            node[last] = max(lever.get("min", 0), min(lever.get("max", 99), node[last] + step))
    return out


def write_pack(docs: dict[str, Any], folder: Path) -> Path:
    """The candidate pack in ``folder``, checked by the pack reader (against the title's own
    schemas, which a pack folder never brings: engine/datapack.py)."""
    folder.mkdir(parents=True, exist_ok=True)
    for stem, doc in docs.items():
        (folder / f"{stem}.json").write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
    pack_module.read_pack(folder)
    return folder


def rates(
    folder: Path | None, scenarios: list[str], games: int, seed: int, jobs: int
) -> dict[str, dict[str, float]]:
    """Each faction's share of the wins in each scenario, scripted bots on every seat."""
    pack = None if folder is None else str(folder)
    out = {}
    for scenario in scenarios:
        seats = ["scripted"] * len(SCENARIOS[scenario].players)
        summary = summarise(scenario, play_many(scenario, seats, games, seed, {}, pack, jobs))
        out[scenario] = {r: f["win rate"] for r, f in summary["factions"].items()}
    return out


def objective(found: dict[str, dict[str, float]]) -> float:
    """Mean over player counts of the mean squared gap to 1/N of that count's scenarios."""
    by_count: dict[int, list[float]] = defaultdict(list)
    for shares in found.values():
        n = len(shares)
        by_count[n].append(sum((r - 1 / n) ** 2 for r in shares.values()))
    return statistics.mean(statistics.mean(v) for v in by_count.values())


def largest_gap(found: dict[str, dict[str, float]]) -> float:
    return max(abs(r - 1 / len(s)) for s in found.values() for r in s.values())


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a small dense system)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[c][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def ridge(xs: list[list[float]], ys: list[float], penalty: float) -> list[float]:
    """Intercept and coefficients minimising squared error plus ``penalty`` times the squared
    coefficients (the intercept unpenalised)."""
    rows = [[1.0, *x] for x in xs]
    k = len(rows[0])
    a = [
        [sum(r[i] * r[j] for r in rows) + (penalty if i == j and i else 0.0) for j in range(k)]
        for i in range(k)
    ]
    b = [sum(r[i] * y for r, y in zip(rows, ys, strict=True)) for i in range(k)]
    return _solve(a, b)


def fit(lines: list[dict[str, Any]], names: list[str], penalty: float) -> dict[str, dict[str, list[float]]]:
    """Per scenario and faction: intercept and one effect per lever, from the candidates that
    played that scenario (files sampled on different scenarios may be fitted together)."""
    model: dict[str, dict[str, list[float]]] = {}
    scenarios = dict.fromkeys(s for line in lines for s in line["rates"])
    for scenario in scenarios:
        played = [line for line in lines if scenario in line["rates"]]
        xs = [[float(line["steps"].get(n, 0)) for n in names] for line in played]
        model[scenario] = {}
        for faction in played[0]["rates"][scenario]:
            ys = [line["rates"][scenario][faction] for line in played]
            model[scenario][faction] = ridge(xs, ys, penalty)
    return model


def predict(
    model: dict[str, dict[str, list[float]]], names: list[str], steps: dict[str, int]
) -> dict[str, dict[str, float]]:
    x = [1.0, *(float(steps.get(n, 0)) for n in names)]
    return {
        s: {f: sum(c * v for c, v in zip(coef, x, strict=True)) for f, coef in fs.items()}
        for s, fs in model.items()
    }


def valid(docs: dict[str, Any], levers: list[dict[str, Any]], steps: dict[str, int]) -> bool:
    """Whether the pack with these steps passes the pack's checks."""
    with tempfile.TemporaryDirectory() as tmp:
        try:
            write_pack(apply(docs, levers, steps), Path(tmp) / "pack")
        except BadData:
            return False
    return True


def best_steps(
    model: dict[str, dict[str, list[float]]],
    levers: list[dict[str, Any]],
    reach: int,
    most: int,
    docs: dict[str, Any],
) -> dict[str, int]:
    """Greedy: the one lever step (within ``reach`` of the shipped pack) that lowers the predicted
    objective most and whose pack passes the pack's checks, again and again, moving at most
    ``most`` levers (few levers, well measured, rather than many small ones the fit is unsure of)."""
    names = [lv["name"] for lv in levers]
    steps: dict[str, int] = {}
    here = objective(predict(model, names, steps))
    while True:
        best, value = None, here - 1e-5
        for n in names:
            if n not in steps and len(steps) >= most:
                continue
            for s in range(-reach, reach + 1):
                trial = {**steps, n: s}
                v = objective(predict(model, names, trial))
                if v < value and valid(docs, levers, trial):
                    best, value = trial, v
        if best is None:
            return {n: s for n, s in steps.items() if s}
        steps, here = best, value


def parse_steps(items: list[str]) -> dict[str, int]:
    steps = {}
    for item in items:
        name, _, step = item.rpartition("=")
        steps[name] = int(step)
    return steps


def candidate_rates(
    docs: dict[str, Any], levers: list[dict[str, Any]], steps: dict[str, int], args: argparse.Namespace
) -> dict[str, dict[str, float]]:
    with tempfile.TemporaryDirectory() as tmp:
        folder = write_pack(apply(docs, levers, steps), Path(tmp) / "pack")
        found = rates(folder, args.scenario, args.games, args.seed, args.jobs)
        if getattr(args, "write", None):
            shutil.copytree(folder, args.write, dirs_exist_ok=True)
    return found


def show(found: dict[str, dict[str, float]]) -> None:
    for scenario, shares in found.items():
        print(f"  {scenario:<26} " + ", ".join(f"{f} {r:.3f}" for f, r in shares.items()))
    print(f"  objective {objective(found):.5f}, largest gap {largest_gap(found):.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levers", type=Path, default=LEVERS, help="the levers file")
    parser.add_argument("--games", type=int, default=200, help="games per scenario (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="game i is seeded SEED+i (default 1)")
    parser.add_argument(
        "--scenario", action="append", default=[], choices=list(SCENARIOS), help="a scenario (default: all)"
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("sample", help="random candidates, appended to a JSON-lines file")
    s.add_argument("--out", type=Path, required=True)
    s.add_argument("--candidates", type=int, default=40)
    s.add_argument("--only", action="append", default=[], help="move only these levers")
    s.add_argument("--base", action="append", default=[], help="NAME=STEP: sample around these steps")
    f = sub.add_parser("fit", help="lever effects and the best predicted steps")
    f.add_argument("file", type=Path, nargs="+", help="JSON-lines files written by sample")
    f.add_argument("--penalty", type=float, default=2.0, help="ridge penalty (default 2)")
    f.add_argument("--reach", type=int, default=2, help="steps each way a proposal may move (default 2)")
    f.add_argument("--most", type=int, default=6, help="levers a proposal may move (default 6)")
    t = sub.add_parser("try", help="one candidate")
    t.add_argument("steps", nargs="*", help="NAME=STEP")
    t.add_argument("--write", type=Path, help="keep the candidate pack in this folder")
    args = parser.parse_args()
    args.scenario = args.scenario or list(SCENARIOS)

    docs = read_docs()
    try:
        levers = read_levers(args.levers, docs)
    except LeverError as exc:
        raise SystemExit(f"levers: {exc}") from exc
    names = [lv["name"] for lv in levers]

    if args.command == "sample":
        moved = args.only or names
        base = parse_steps(args.base)
        # each lever's steps that pass the pack's checks on their own (levers that share a City
        # may still clash: the draw is then made again)
        choices = {
            n: [s for s in (-1, 0, 1) if valid(docs, levers, {**base, n: base.get(n, 0) + s})] for n in moved
        }
        done = len(args.out.read_text().splitlines()) if args.out.exists() else 0
        for k in range(done, done + args.candidates):
            draw = random.Random(f"{args.seed}:{k}")
            for _ in range(200):  # draw again until the pack's checks pass
                steps = dict(base)
                for n in moved:
                    steps[n] = steps.get(n, 0) + draw.choice(choices[n])
                if valid(docs, levers, steps):
                    break
            else:
                raise SystemExit(f"candidate {k}: no draw of 200 passes the pack's checks")
            found = candidate_rates(docs, levers, steps, args)
            line = {"candidate": k, "games": args.games, "seed": args.seed, "steps": steps, "rates": found}
            with args.out.open("a") as out:
                out.write(json.dumps(line) + "\n")
            print(
                f"candidate {k}: objective {objective(found):.5f}, largest gap {largest_gap(found):.3f}",
                flush=True,
            )
    elif args.command == "fit":
        lines = [json.loads(x) for f in args.file for x in f.read_text().splitlines() if x.strip()]
        model = fit(lines, names, args.penalty)
        proposal = best_steps(model, levers, args.reach, args.most, docs)
        predicted = predict(model, names, proposal)
        if args.json:
            print(
                json.dumps(
                    {"candidates": len(lines), "model": model, "proposal": proposal, "predicted": predicted},
                    indent=1,
                )
            )
            return
        print(f"{len(lines)} candidates; effect of one step on each faction's win rate:")
        for scenario, fs in model.items():
            print(f"{scenario}:")
            for i, n in enumerate(names):
                effects = {f: coef[i + 1] for f, coef in fs.items()}
                if max(abs(e) for e in effects.values()) >= 0.01:
                    print(f"  {n:<28} " + ", ".join(f"{f} {e:+.3f}" for f, e in effects.items()))
        print("shipped pack, predicted:")
        show(predict(model, names, {}))
        print("proposal, predicted:")
        show(predicted)
        print("try " + " ".join(f"'{n}={s}'" for n, s in proposal.items()))
    else:
        steps = parse_steps(args.steps)
        found = candidate_rates(docs, levers, steps, args)
        if args.json:
            print(json.dumps({"steps": steps, "rates": found, "objective": objective(found)}, indent=1))
        else:
            show(found)


if __name__ == "__main__":
    main()
