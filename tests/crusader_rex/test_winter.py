"""Winter (8.2-8.5) and the end of the Winter Turn (1.2), on positions built for each rule."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from outremer.games.crusader_rex import turn, winter
from outremer.games.crusader_rex.board import FRANKS, SARACENS
from outremer.games.crusader_rex.positions import position, put
from outremer.games.crusader_rex.state import State

from . import battle
from .battle import legal


def act(s: State, action: tuple[Any, ...]) -> None:
    """Take ``action`` for the side to act, then check the game has no dead end."""
    battle.act(s, *action)
    no_dead_end(s)


def no_dead_end(s: State) -> None:
    if s.result is None and s.work is not None:
        assert s.active and legal(s)


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []
    monkeypatch.setattr(turn, "next_year", lambda s: seen.append("next_year"))
    return seen


def dice(monkeypatch: pytest.MonkeyPatch, *values: int) -> list[int]:
    """Make winter's dice come up ``values``; returns the list of dice counts asked for."""
    asked: list[int] = []
    queue = list(values)

    def fake(state: State, count: int) -> list[int]:
        asked.append(count)
        state.barrier += 1
        out, queue[:] = queue[:count], queue[count:]
        return out

    monkeypatch.setattr(winter, "roll", fake)
    return asked


def no_step_to_buy(s: State, *sides: str) -> None:
    """8.4 (our ruling, hidden information): a side holding a town with points left is asked even
    when none of its blocks there is below full strength, which the enemy cannot see; ``sides``
    are asked in turn and answer done."""
    for side in sides:
        assert s.phase == "winter_replace" and s.active == [side]
        assert legal(s) == [("done",)]
        act(s, ("done",))


def winter_position(year: int = 1189) -> State:
    s = position(year=year, turn=6)
    battle.under_turn(s, "close")  # the Winter Turn goes on to the year end once the winter is over
    return s


def campaign(s: State, side: str, town: str) -> None:
    s.flags["winter_campaign"] = {"side": side, "town": town}


def finish(s: State, choose: Callable[[list[tuple[Any, ...]]], tuple[Any, ...]]) -> None:
    while s.work is not None and s.result is None:
        act(s, choose(legal(s)))


def done_or_first(actions: list[tuple[Any, ...]]) -> tuple[Any, ...]:
    return ("done",) if ("done",) in actions else actions[0]


# -- 1.2 at the end of the Winter Turn ---------------------------------------------------------
def test_sudden_death_at_the_end_of_the_winter_turn(calls: list[str]) -> None:
    # 1.2: the end of the Winter Turn ends a game turn; all seven cities give sudden death at once,
    # before any winter step.
    s = winter_position()
    put(s, "bohemond", "Aleppo")
    put(s, "king_guy", "Damascus")
    put(s, "balian", "Egypt")
    put(s, "walter", "Legio")
    put(s, "conrad", "Legio")  # over supply, but the game is already over
    winter.start_winter(s)
    assert s.result is not None and s.result["winners"] == [FRANKS]
    assert s.phase == "over" and calls == []
    assert s.loc["conrad"] == "Legio"


def test_sudden_death_when_the_winter_campaign_takes_the_last_city(
    calls: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # 8.2 then 1.2: the Winter Campaign empties Damascus, the Franks now hold all seven cities.
    s = winter_position()
    put(s, "bohemond", "Aleppo")
    put(s, "balian", "Egypt")
    put(s, "king_guy", "Damascus")
    put(s, "kurds_1", "Damascus", steps=1, castle=True)
    campaign(s, FRANKS, "Damascus")
    dice(monkeypatch, 1)
    winter.start_winter(s)
    assert s.result is None and s.phase == "winter_regroup"
    act(s, ("done",))
    assert s.result is not None and s.result["winners"] == [FRANKS]
    assert calls == []
    assert s.work is None


# -- 8.2 ---------------------------------------------------------------------------------------
def test_winter_campaign_attrition_hits_on_1_to_4(calls: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # 8.2: each besieged block rolls; 1-4 is a hit. 6.34: Saladin's family is lost for good, a nomad
    # lost in winter goes back to the pool face down (8.3 note).
    s = winter_position()
    put(s, "keukburi", "Damascus", steps=3, castle=True)
    put(s, "al_mashtub", "Damascus", castle=True)
    put(s, "al_afdal", "Damascus", steps=1, castle=True)
    put(s, "kurds_1", "Damascus", steps=1, castle=True, revealed=True)
    for b in ("bohemond", "king_guy", "balian", "walter", "conrad"):
        put(s, b, "Damascus")
    campaign(s, FRANKS, "Damascus")
    asked = dice(monkeypatch, 4, 5, 1, 2)
    winter.start_winter(s)
    assert asked == [4]
    assert s.steps["keukburi"] == 2
    assert s.steps["al_mashtub"] == 4
    assert s.loc["al_afdal"] == "dead"
    assert s.loc["kurds_1"] == "pool" and "kurds_1" not in s.revealed
    # 8.2, 8.3: the siege is maintained: its besiegers stay although Damascus supplies only four
    for b in ("bohemond", "king_guy", "balian", "walter", "conrad"):
        assert s.loc[b] == "Damascus"
    assert "keukburi" in s.castle
    # 8.4: and the town under siege gives no replacements to either side
    assert s.phase != "winter_replace" or not any(a[0] == "replace" for a in legal(s))
    assert calls == ["next_year"]


def test_winter_campaign_in_tyre_hits_on_1_or_2_only(
    calls: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # 8.2, 6.57: Tyre and Tripoli are supplied by sea: only 1-2 is a hit.
    s = winter_position()
    put(s, "conrad", "Tyre", steps=2, castle=True)
    put(s, "raymond_tripoli", "Tyre", steps=2, castle=True)
    put(s, "saladin", "Tyre")
    campaign(s, SARACENS, "Tyre")
    dice(monkeypatch, 3, 2)
    winter.start_winter(s)
    assert s.steps["conrad"] == 2 and s.steps["raymond_tripoli"] == 1
    assert s.loc["saladin"] == "Tyre"


def test_winter_campaign_lapses_without_a_siege(calls: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # 8.2: a Winter Campaign keeps a siege the player is besieging; with none there it lapses.
    s = winter_position()
    put(s, "saladin", "Hama")
    campaign(s, SARACENS, "Hama")
    asked = dice(monkeypatch)
    winter.start_winter(s)
    assert asked == []
    assert any(e[0] == "8.2" and "lapses" in e[2] for e in s.log)


def test_victor_of_the_winter_siege_regroups(calls: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # 8.2, 6.7: the castle is emptied; the victor may regroup to adjacent friendly or vacant towns,
    # never an enemy-held one in winter, under road limits (5.1: Anjar's road is minor, 2 blocks).
    s = winter_position()
    put(s, "kurds_2", "Damascus", steps=1, castle=True)
    franks = ["bohemond", "king_guy", "balian", "walter", "conrad", "josselin"]
    for b in franks:
        put(s, b, "Damascus")
    put(s, "qaimaz", "Banyas")
    campaign(s, FRANKS, "Damascus")
    dice(monkeypatch, 3)
    winter.start_winter(s)
    assert s.phase == "winter_regroup" and s.active == [FRANKS]
    towns = {a[2] for a in legal(s) if a[0] == "regroup"}
    assert towns == {"Qaddas", "Ashtera", "Anjar"}  # not Banyas (enemy), not off the map
    act(s, ("regroup", "bohemond", "Anjar"))
    act(s, ("regroup", "king_guy", "Anjar"))
    assert ("regroup", "balian", "Anjar") not in legal(s)
    act(s, ("done",))
    # 8.3: the siege is over, so Damascus and Anjar are ordinary towns for supply: Anjar (minor)
    # supplies one block, the Franks choose which one goes.
    assert s.phase == "winter_supply" and s.active == [FRANKS]
    assert sorted(legal(s)) == [("disband", "bohemond"), ("disband", "king_guy")]
    act(s, ("disband", "king_guy"))
    assert s.loc["king_guy"] == "pool"


# -- 8.3 ---------------------------------------------------------------------------------------
def test_every_other_siege_is_lifted_and_its_besiegers_eliminated(calls: list[str]) -> None:
    # 8.3: all besieging blocks are eliminated; 6.34: a Templar is lost for good even in winter;
    # other blocks go to the pool face down.
    s = winter_position()
    put(s, "taqi_al_din", "Hama", castle=True)
    put(s, "templars_antioch", "Hama", revealed=True)
    put(s, "balian", "Hama")
    put(s, "hospitallers_acre", "Acre", castle=True, revealed=True)
    put(s, "kurds_1", "Acre", revealed=True)
    put(s, "richard", "England", revealed=True)
    winter.start_winter(s)
    assert s.loc["templars_antioch"] == "dead"
    assert s.loc["balian"] == "pool" and s.steps["balian"] == 0 and "balian" not in s.revealed
    assert s.loc["kurds_1"] == "pool" and "kurds_1" not in s.revealed
    assert s.loc["taqi_al_din"] == "Hama" and s.loc["hospitallers_acre"] == "Acre"
    assert not s.castle
    assert "hospitallers_acre" not in s.revealed
    assert s.loc["richard"] == "England"  # staging boxes are off the map
    no_step_to_buy(s, FRANKS, SARACENS)
    assert calls == ["next_year"]


def test_supply_limits_franks_choose_first_then_saracens(calls: list[str]) -> None:
    # 8.3: each town supplies its rating (a minor town one block); the owner chooses the excess;
    # the Franks first.
    s = winter_position()
    for b in ("king_guy", "walter", "conrad", "balian", "josselin"):
        put(s, b, "Acre")  # rating 3: two too many
    for b in ("bohemond", "reynald_sidon"):
        put(s, b, "Legio")  # minor: one too many
    put(s, "raymond_tripoli", "Jerusalem")
    for b in ("richard", "robert", "crossbows", "philippe"):
        put(s, b, "England" if b != "philippe" else "France")
    for b in ("qara_qush", "yuzpah", "al_adil", "al_aziz", "arabs_1", "arabs_2"):
        put(s, b, "Egypt")  # rating 4: two too many
    winter.start_winter(s)
    assert s.phase == "winter_supply" and s.active == [FRANKS]
    options = {a[1] for a in legal(s)}
    assert options == {"king_guy", "walter", "conrad", "balian", "josselin", "bohemond", "reynald_sidon"}
    act(s, ("disband", "bohemond"))
    assert not any(a[1] == "reynald_sidon" for a in legal(s))
    act(s, ("disband", "walter"))
    act(s, ("disband", "josselin"))
    assert s.active == [SARACENS]
    assert {a[1] for a in legal(s)} == {"qara_qush", "yuzpah", "al_adil", "al_aziz", "arabs_1", "arabs_2"}
    act(s, ("disband", "al_adil"))
    act(s, ("disband", "arabs_1"))
    assert s.loc["al_adil"] == "dead" and s.loc["arabs_1"] == "pool"
    assert s.loc["walter"] == "pool" and s.loc["reynald_sidon"] == "Legio"
    assert s.loc["richard"] == "England" and s.loc["philippe"] == "France"
    no_step_to_buy(s, FRANKS, SARACENS)
    assert calls == ["next_year"]


# -- 8.4 ---------------------------------------------------------------------------------------
def test_replacements_one_step_per_point_at_home_two_in_the_enemy_kingdom(calls: list[str]) -> None:
    # 8.4: Acre gives 3 RPs to the Franks, all on one block if they like; Ascalon (a Frank town)
    # gives 2 RPs to Saracens wintering there: one step; a minor town gives none; never above full
    # strength; the Franks first.
    s = winter_position()
    put(s, "king_guy", "Acre", steps=1)
    put(s, "walter", "Acre", steps=2)
    put(s, "balian", "Jerusalem", steps=2)
    put(s, "bohemond", "Legio", steps=1)
    put(s, "yuzpah", "Ascalon", steps=1)
    put(s, "taqi_al_din", "Hama", steps=3)
    put(s, "sanjar", "Lacum", steps=1)
    winter.start_winter(s)
    assert s.phase == "winter_replace" and s.active == [FRANKS]
    assert set(legal(s)) == {("replace", "king_guy"), ("replace", "walter"), ("replace", "balian"), ("done",)}
    for _ in range(3):
        act(s, ("replace", "king_guy"))
    assert s.steps["king_guy"] == 4 and s.steps["walter"] == 2
    act(s, ("replace", "balian"))  # Jerusalem's 3 RPs, but Balian is full after one step
    assert s.steps["balian"] == 3
    no_step_to_buy(s, FRANKS)  # Jerusalem has points left: the Saracens cannot see Balian is full
    assert s.active == [SARACENS]
    assert set(legal(s)) == {("replace", "yuzpah"), ("replace", "taqi_al_din"), ("done",)}
    act(s, ("replace", "yuzpah"))
    assert s.steps["yuzpah"] == 2
    assert ("replace", "yuzpah") not in legal(s)  # both of Ascalon's points are spent
    act(s, ("replace", "taqi_al_din"))
    assert s.steps["taqi_al_din"] == 4 and s.steps["sanjar"] == 1 and s.steps["bohemond"] == 1
    assert calls == ["next_year"] and s.work is None


def test_a_player_may_stop_replacements_and_is_asked_by_public_facts(calls: list[str]) -> None:
    # 8.4 (our ruling): spending is the player's choice. Whether a side is asked follows what the
    # enemy sees too: a side holding a rated town is asked even with every block there at full
    # strength (it answers done); a side holding only minor towns, which give no points, is not.
    s = winter_position()
    put(s, "king_guy", "Acre")  # at full strength: nothing to buy, but asked
    put(s, "zangi", "Aleppo", steps=1)
    put(s, "sanjar", "Lacum", steps=1)  # a minor town: no points
    winter.start_winter(s)
    assert s.phase == "winter_replace" and s.active == [FRANKS]
    assert legal(s) == [("done",)]
    act(s, ("done",))
    assert s.phase == "winter_replace" and s.active == [SARACENS]
    assert ("replace", "sanjar") not in legal(s)
    act(s, ("done",))
    assert s.steps["zangi"] == 1
    assert calls == ["next_year"]


def test_a_side_with_no_rated_town_is_not_asked(calls: list[str]) -> None:
    # 8.4: only rated towns give points; a side holding none is skipped, which both sides can see.
    s = winter_position()
    put(s, "bohemond", "Legio", steps=1)  # minor
    put(s, "sanjar", "Lacum", steps=1)  # minor
    winter.start_winter(s)
    assert calls == ["next_year"]


# -- after 1192 --------------------------------------------------------------------------------
def test_after_the_1192_winter_the_game_ends_without_replacements(calls: list[str]) -> None:
    # 1.2, 8.x: after 1192 the final victory is decided; no replacements, no new year.
    s = winter_position(year=1192)
    put(s, "king_guy", "Acre", steps=1)
    put(s, "saladin", "Aleppo", steps=1)
    put(s, "taqi_al_din", "Hama", castle=True)
    put(s, "balian", "Hama")
    winter.start_winter(s)
    assert s.phase == "over" and s.result is not None and "after 1192" in s.result["reason"]
    assert calls == []
    assert s.steps["king_guy"] == 1 and s.loc["balian"] == "pool"
    assert s.work is None


def test_final_victory_for_real() -> None:
    # 1.2: more victory cities after 1192 wins.
    s = winter_position(year=1192)
    put(s, "bohemond", "Aleppo")
    winter.start_winter(s)
    assert s.phase == "over" and s.result is not None and s.result["winners"] == [FRANKS]


# -- 8.5 ---------------------------------------------------------------------------------------
def test_year_end_turns_the_pool_face_down_and_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    # 8.5: the year advances, face-up blocks in the pool turn face down, six new cards each.
    s = winter_position(year=1189)
    s.loc["kurds_3"] = "aside"
    s.revealed.add("kurds_3")
    put(s, "king_guy", "Acre", steps=2)
    winter.start_winter(s)
    act(s, ("done",))
    assert s.year == 1190 and s.turn == 1
    assert s.loc["kurds_3"] == "pool" and "kurds_3" not in s.revealed
    assert len(s.hands[FRANKS]) == 6 and len(s.hands[SARACENS]) == 6
    assert s.work is None and s.phase == "card"


def test_winter_work_is_json_native(calls: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    s = winter_position()
    put(s, "kurds_2", "Damascus", steps=1, castle=True)
    put(s, "bohemond", "Damascus")
    campaign(s, FRANKS, "Damascus")
    dice(monkeypatch, 1)
    winter.start_winter(s)
    assert State.from_json(s.to_json()).work == s.work
    finish(s, done_or_first)
    assert calls == ["next_year"]
