"""Leader casualties (§13.6): the Leader Loss Table's results, its modifiers, Escape? and its
paths, and the cards whose event is a roll on the table."""

from __future__ import annotations

import pytest

from outremer.games.kingdom_of_heaven import effects, leaders  # noqa: F401 (registers)
from outremer.games.kingdom_of_heaven.procedures import PROCEDURES

from .positions_battle import Dice, drive, position, put


def casualty(state, **frame):
    return PROCEDURES.push(state, "leader_loss", **{"space": "nablus", **frame})


@pytest.mark.parametrize(
    ("dice", "why", "fate"),
    [
        (5, "battle", "dead"),  # 5 + 1 = 6: Death
        (8, "battle", "prisoner"),  # 9: Prisoner
        (10, "major_field_victory", "prisoner"),  # 10 + 1 - 2 = 9: Prisoner
        (11, "battle", "pool"),  # 12: Escape!
    ],
)
def test_the_table_and_its_modifiers(monkeypatch, dice, why, fate):
    # §13.6 L820, L830-L834: 2d6 plus the battle rating, -2 after a major victory in the field
    state = position()
    put(state, "nablus", "jerusalem", leaders=["guy"])  # battle rating 1
    Dice(monkeypatch, [dice])
    casualty(state, player="christian", leaders=["guy"], why=why)
    PROCEDURES.settle(state)
    assert "nablus" not in state.field
    where = {
        "dead": "guy" in state.dead.get("jerusalem", {}).get("leaders", []),
        "prisoner": state.prisoners["muslim"] == ["guy"],
        "pool": "guy" in state.pools.get("jerusalem", {}).get("leaders", []),
    }
    assert [k for k, v in where.items() if v] == [fate]


def test_an_assault_on_a_blockaded_stronghold_takes_four(monkeypatch):
    # §13.6 L833: -4 after a successful assault of a blockaded stronghold: 11 + 1 - 4 = 8, Prisoner
    state = position()
    put(state, "nablus", "jerusalem", leaders=["guy"])
    Dice(monkeypatch, [11])
    casualty(state, player="christian", leaders=["guy"], why="assault_blockaded")
    PROCEDURES.settle(state)
    assert state.prisoners["muslim"] == ["guy"]


def test_escape_to_a_stronghold_of_the_owners_choice(monkeypatch):
    # §13.6 L826, K66: Escape? within two spaces, not through enemy walls; the owner chooses
    state = position()
    put(state, "nablus", "jerusalem", leaders=["guy"])
    Dice(monkeypatch, [9])  # 9 + 1 = 10: Escape?
    casualty(state, player="christian", leaders=["guy"], why="battle")
    PROCEDURES.settle(state)
    legal = PROCEDURES.legal(state, "christian")
    assert legal == [("refuge", s) for s in ("acre", "belvoir", "caesarea", "jerusalem")]
    PROCEDURES.perform(state, "christian", ("refuge", "acre"))
    assert state.inside["acre"]["jerusalem"]["leaders"] == ["guy"] and state.stack == []


@pytest.mark.parametrize(("die", "fate"), [(3, "prisoner"), (4, "dead")])
def test_escape_with_no_stronghold_in_reach(monkeypatch, die, fate):
    # §13.6 L826: every way out of Nablus runs through Christian walls: a die, 1-3 prisoner, 4-6 death
    state = position()
    put(state, "nablus", "ayyubids", leaders=["saladin"])  # battle rating 3
    Dice(monkeypatch, [7, die])
    casualty(state, player="muslim", leaders=["saladin"], why="battle")
    PROCEDURES.settle(state)
    assert (state.prisoners["christian"] == ["saladin"]) == (fate == "prisoner")
    assert ("saladin" in state.dead.get("ayyubids", {}).get("leaders", [])) == (fate == "dead")


def test_an_event_strikes_the_enemy_leader_its_player_picks(monkeypatch):
    # cards.md leader_loss, card 28 (Old Man of the Mountains): the card's player names the leader
    state = position()
    put(state, "nablus", "jerusalem", leaders=["guy"])
    put(state, "acre", "jerusalem", full={"2-4": 1}, leaders=["balian"])
    Dice(monkeypatch, [4])  # 4 + 2 = 6: Death
    effects.run(state, "muslim", {"kind": "leader_loss", "target": "enemy_leader", "drm": 0}, {"card": "28"})
    PROCEDURES.settle(state)
    assert PROCEDURES.deciders(state) == ("muslim",)
    assert PROCEDURES.legal(state, "muslim") == [("leader", "balian"), ("leader", "guy")]
    drive(state, lambda s, r, legal: ("leader", "balian") if ("leader", "balian") in legal else legal[0])
    assert "balian" in state.dead["jerusalem"]["leaders"] and state.field["acre"]["jerusalem"]["full"] == {
        "2-4": 1
    }
