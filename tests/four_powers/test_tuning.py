"""The balance tuner (bench/four_powers_tune.py) moves only reconstructed numbers, never one a
worked example fixes, and every pack it plays passes the pack's own checks (docs/four-powers/
balance.md; the standard: balance is tuned by changing reconstructed numbers, never the rules)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from outremer.engine.errors import BadData

BENCH = Path(__file__).resolve().parents[2] / "bench"
LEVER_FILES = ("four_powers_levers.json", "four_powers_levers_factions.json")
"""The shipped levers files: the joint search's and the thirteenth pass's separable levers."""


@pytest.fixture(scope="module")
def tune() -> ModuleType:
    spec = importlib.util.spec_from_file_location("four_powers_tune", BENCH / "four_powers_tune.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["four_powers_tune"] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", LEVER_FILES)
def test_every_shipped_lever_is_reconstructed(tune: ModuleType, name: str) -> None:
    docs = tune.read_docs()
    levers = tune.read_levers(BENCH / name, docs)
    assert levers
    for lever in levers:
        for path in lever["paths"]:
            record, _ = tune._record(docs, path)
            assert record["source"]["kind"] == "reconstructed", path


@pytest.mark.parametrize("name", LEVER_FILES)
def test_no_lever_moves_what_a_worked_example_fixes(tune: ModuleType, name: str) -> None:
    docs = tune.read_docs()
    paths = {p for lever in tune.read_levers(BENCH / name, docs) for p in lever["paths"]}
    fixed = {
        # Presence.Example (L600-L602): middle level to the top of Edessa and of Jerusalem, 3 + 3 Gold
        *(f"locations:{c}/four/costs/{i}" for c in ("edessa", "jerusalem") for i in (1, 2, 3)),
        "locations:jerusalem/four/income/1",  # Income.Example: the Caliphate's middle level yields 1
        "locations:ascalon/four/income/0",  # Income.Example: Ascalon's first level yields nothing
        # Battle.Example (L735-L742): Greek Fire's Strength 1 and 2 Wounds, Call to Arms' Strength 1,
        # Charge of the Lances' Strength 3; the die faces its rolls show (L743-L767)
        "cards:7/strength",
        "cards:7/conflict/count",
        "cards:33/strength",
        "cards:34/strength",
        *(f"components:die/faces/{i}/{k}" for i in (3, 4, 5) for k in ("strength", "wounds")),
    }
    assert not paths & fixed


def test_a_lever_on_a_rulebook_record_is_refused(tune: ModuleType, tmp_path: Path) -> None:
    # Local Reinforcements (c31) is the rulebook's sample card (Cards.Anatomy)
    bad = tmp_path / "levers.json"
    bad.write_text(json.dumps({"levers": [{"name": "sample", "paths": ["cards:31/strength"]}]}))
    with pytest.raises(tune.LeverError, match="rulebook"):
        tune.read_levers(bad, tune.read_docs())


def test_a_step_moves_every_path_of_its_lever_within_bounds(tune: ModuleType, tmp_path: Path) -> None:
    docs = tune.read_docs()
    paths = ["locations:tyrus/four/income/2", "locations:tyrus/four/income/3"]
    levers = [{"name": "tyrus four income", "paths": paths, "min": 0, "max": 3}]

    def income(d: dict[str, Any]) -> list[int]:
        return next(c for c in d["locations"]["cities"] if c["location"] == "tyrus")["four"]["income"]

    before = list(income(docs))
    moved = tune.apply(docs, levers, {"tyrus four income": 5})
    assert income(moved) == [*before[:2], 3, 3] and before[2:] != [3, 3]
    assert income(docs) == before  # the shipped files are not touched
    tune.write_pack(moved, tmp_path / "pack")  # passes the pack's checks


def test_a_candidate_the_pack_refuses_is_not_played(tune: ModuleType, tmp_path: Path) -> None:
    # Locations.Anatomy: a City's costs never fall towards the control level
    docs = tune.read_docs()
    levers = [{"name": "cheap top", "paths": ["locations:tyrus/four/costs/3"], "min": 0, "max": 9}]
    with pytest.raises(BadData, match="tyrus"):
        tune.write_pack(tune.apply(docs, levers, {"cheap top": -4}), tmp_path / "pack")
