"""Audit of the Winter Turn and winter (8.1-8.4) against the rulebook, on positions built for each
rule sentence not yet pinned down elsewhere."""

from __future__ import annotations

from typing import Any

import pytest

from outremer.games.crusader_rex import turn, winter
from outremer.games.crusader_rex.board import FRANKS, SARACENS
from outremer.games.crusader_rex.game import CrusaderRex
from outremer.games.crusader_rex.positions import position, put
from outremer.games.crusader_rex.procedures import PROCEDURES

from .battle import under_turn

G = CrusaderRex()


@pytest.fixture
def years(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    seen: list[int] = []
    monkeypatch.setattr(turn, "next_year", lambda s: seen.append(s.year))
    return seen


def winter_dice(monkeypatch: pytest.MonkeyPatch, *values: int) -> None:
    queue = list(values)

    def fake(state: Any, count: int) -> list[int]:
        state.barrier += 1
        out, queue[:] = queue[:count], queue[count:]
        return out

    monkeypatch.setattr(winter, "roll", fake)


def test_the_winter_turn_has_no_battle_phase_and_no_siege_attrition(years: list[int]) -> None:
    # 8.1: after the Winter Turn's moves there is no battle phase, no siege attrition, no draw;
    # 8.3: the siege is lifted with the loss of its besieger.
    s = position(year=1189, turn=6)
    put(s, "balian", "Hama", castle=True, steps=2)
    put(s, "zangi", "Hama")
    under_turn(s, "moved")  # both Winter Turn move phases are done
    PROCEDURES.settle(s)
    assert s.fight is None
    assert not any(e[0] in ("6.57", "6.0", "6.5", "7.0") for e in s.log)
    assert s.loc["zangi"] == "pool" and s.castle == set()
    assert years == [1189]


def test_a_lifted_siege_gives_replacements_to_the_freed_castle(years: list[int]) -> None:
    # 8.3 then 8.4 (our reading, draws-winter.md): the siege is lifted before replacements, so
    # the town is no longer under siege and gives its points to the freed defenders.
    s = position(year=1189, turn=6)
    under_turn(s, "close")
    put(s, "balian", "Nablus", castle=True, steps=2)
    put(s, "zangi", "Nablus")
    winter.start_winter(s)
    assert s.phase == "winter_replace" and s.active == [FRANKS]
    G.apply_in_place(s, FRANKS, ("replace", "balian"))
    assert s.steps["balian"] == 3


def test_winter_campaign_public_log_names_no_hidden_block(
    years: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    # 2.0, 8.2: the winter attrition dice are public; which hidden block lost a step is not.
    s = position(year=1189, turn=6)
    under_turn(s, "close")
    put(s, "al_mashtub", "Damascus", castle=True)
    put(s, "keukburi", "Damascus", castle=True)
    put(s, "king_guy", "Damascus")
    s.flags["winter_campaign"] = {"side": FRANKS, "town": "Damascus"}
    winter_dice(monkeypatch, 1, 6)
    winter.start_winter(s)
    assert s.steps["al_mashtub"] + s.steps["keukburi"] == 4 + 3 - 1
    public = " ".join(str(e[3]) for e in s.log if e[1] is None)
    private = " ".join(str(e[3]) for e in s.log if e[1] == SARACENS)
    assert "Mashtub" not in public and "Keukburi" not in public
    assert "1 6" in public
    assert "Mashtub" in private or "Keukburi" in private
