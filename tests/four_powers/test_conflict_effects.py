"""The Conflict effects of the cards (Battle.9, Cards.Anatomy.6; R17: whatever the affiliation),
each on a Battle or Siege built for it. The meanings are those of sides.py's docstring."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from outremer.games.four_powers import pack as pack_module
from outremer.games.four_powers.common import card
from outremer.games.four_powers.procedures import PROCEDURES
from outremer.games.four_powers.state import BYZANTINES, SELJUK, State

from .fights import act, asked, conflicts_for, drive, empty, hand, kind, rolls, texts

BLANK, STRENGTH, TWO_WOUNDS = 0, 1, 5
CARDS = {
    "c54": ("wounds", 2),  # Night Assault, Strength 0
    "c08": ("shield", 2),  # Varangian Guard, Strength 2
    "c24": ("strength_per_support", None),  # Relic of the True Cross, Strength 1
    "c38": ("battle_strength", 1),  # Mercenaries, Strength 2
    "c39": ("siege_strength", 2),  # Siege Engineers, Strength 1
    "c25": ("rerolls", 2),  # Peter the Hermit, Strength 0
    "c53": ("extra_dice", 2),  # Relief Column, Strength 2
    "c10": ("free_return", None),  # Imperial Subsidy, Strength 0
    "c47": ("cancel", None),  # Spies in the Camp, Strength 0
    "c33": ("extra_card", None),  # Call to Arms, Strength 1
}


@pytest.mark.parametrize("cid", sorted(CARDS))
def test_the_shipped_cards_hold_the_effects_these_tests_use(cid: str) -> None:
    effect = card(empty(), cid).conflict
    assert effect is not None and effect.kind == CARDS[cid][0]
    assert effect.params.get("count") == CARDS[cid][1]


def battle(seljuk: int = 1, byzantines: int = 1, *faces: int) -> State:
    """The Seljuk attack the Byzantines in Antiocheia; each holds the cards of this file."""
    s = empty()
    s.support["antiocheia"] = {SELJUK: seljuk, BYZANTINES: byzantines}
    hand(s, SELJUK, "c54", "c24", "c38")
    hand(s, BYZANTINES, "c08", "c47", "c10")
    s.rng = rolls(*(faces or (BLANK,) * (seljuk + byzantines)))
    conflicts_for(s, SELJUK)
    act(s, SELJUK, "battle", "antiocheia", BYZANTINES)
    return s


def test_wounds_add_to_what_the_other_side_takes() -> None:
    # Battle.13: the Wounds played by the opponents count with those they rolled.
    s = battle()
    s.units[BYZANTINES]["footman"] = 2
    drive(s, cards={SELJUK: "c54"}, commits={BYZANTINES: (2, 0, 0)})
    assert "The defender's side takes 2 Wounds." in texts(s)
    assert s.units[BYZANTINES]["footman"] == 0


def test_a_shield_takes_wounds_off_its_own_side() -> None:
    s = battle(1, 1, TWO_WOUNDS, BLANK)
    drive(s, cards={BYZANTINES: "c08"})
    assert "The defender's side takes 0 Wounds." in texts(s)
    assert s.support["antiocheia"][BYZANTINES] == 1


def test_strength_per_support_counts_its_players_support_in_the_region() -> None:
    s = battle(3, 1)
    drive(s, cards={SELJUK: "c24"})
    assert "Strength: Seljuk 4, Byzantines 0; the Seljuk's side wins." in texts(s)  # 1 + 3


def test_battle_strength_counts_only_in_a_battle_and_siege_strength_only_in_a_siege() -> None:
    s = battle()
    hand(s, SELJUK, "c39", "c38")
    drive(s, cards={SELJUK: "c39"})
    assert "Strength: Seljuk 1, Byzantines 0; the Seljuk's side wins." in texts(s)
    s = battle()
    drive(s, cards={SELJUK: "c38"})
    assert "Strength: Seljuk 3, Byzantines 0; the Seljuk's side wins." in texts(s)
    # in a Siege of the Byzantines' City
    for cid, total in (("c39", 3), ("c38", 2)):
        s = empty()
        s.support["antiocheia"] = {SELJUK: 1}
        s.influence["antiocheia"] = [BYZANTINES, None, None, None]
        hand(s, SELJUK, cid)
        s.rng = rolls(BLANK)
        conflicts_for(s, SELJUK)
        act(s, SELJUK, "siege", "antiocheia")
        drive(s, cards={SELJUK: cid}, spoils="ransack")
        assert f"Strength: Seljuk {total}, Byzantines 0; the Seljuk's side wins." in texts(s)


def test_rerolls_from_a_card_open_the_reroll_window_without_a_church() -> None:
    s = battle()
    hand(s, SELJUK, "c25")
    drive(s, cards={SELJUK: "c25"}, stop="battle_reroll")
    assert asked(s) == (SELJUK,)
    assert PROCEDURES.legal(s, SELJUK) == [("reroll", 0), ("done",)]


def test_extra_dice_are_rolled_with_the_others() -> None:
    s = battle(1, 1, BLANK, BLANK, BLANK, BLANK)
    hand(s, SELJUK, "c53")
    drive(s, cards={SELJUK: "c53"})
    assert any(t.startswith("Seljuk rolls 3 dice") for t in texts(s))


def test_free_return_brings_the_units_back_without_paying() -> None:
    # Battle.14: the surviving Units return free; no buy-back window opens.
    s = battle()
    s.units[BYZANTINES]["footman"] = 2
    drive(s, cards={BYZANTINES: "c10"}, commits={BYZANTINES: (2, 0, 0)})  # a window would be refused
    assert s.units[BYZANTINES]["footman"] == 2 and s.gold[BYZANTINES] == 0


def test_cancel_voids_the_other_sides_effects_but_not_their_strength() -> None:
    s = battle()
    s.units[BYZANTINES]["footman"] = 2
    drive(s, cards={SELJUK: "c38", BYZANTINES: "c47"}, commits={BYZANTINES: (2, 0, 0)})
    assert (
        "Strength: Seljuk 2, Byzantines 2; the Byzantines' side wins (a tie is the Defender's, R7a)."
        in texts(s)
    )
    s = battle()
    s.units[BYZANTINES]["footman"] = 2
    drive(s, cards={SELJUK: "c54", BYZANTINES: "c47"}, commits={BYZANTINES: (2, 0, 0)})
    assert "The defender's side takes 0 Wounds." in texts(s)


def test_an_extra_card_adds_its_strength_and_effect() -> None:
    # Battle.9, Battle.Example, R17: the added card counts whole.
    s = battle()
    hand(s, SELJUK, "c33", "c54")
    s.units[BYZANTINES]["footman"] = 2
    drive(s, cards={SELJUK: "c33"}, commits={BYZANTINES: (2, 0, 0)}, stop="battle_extra")
    assert PROCEDURES.legal(s, SELJUK) == [("add_card", "c54"), ("no_card",)]  # never the Bluff
    act(s, SELJUK, "add_card", "c54")
    drive(s)
    assert "The defender's side takes 2 Wounds." in texts(s)
    assert s.discard == ["c33", "c54"]


def test_a_cancel_stops_an_extra_card() -> None:
    s = battle()
    hand(s, SELJUK, "c33", "c54")
    drive(s, cards={SELJUK: "c33", BYZANTINES: "c47"}, stop="battle_extra")
    assert kind(s) != "battle_extra"


def test_a_card_added_by_another_adds_no_third(tmp_path: Path) -> None:
    # R17: the added card's own extra_card adds nothing. A test pack gives Charge of the Lances
    # (c34) the extra_card effect too.
    data = Path(pack_module.__file__).parent / "data"
    for f in data.glob("*.json"):
        if not f.name.endswith(".schema.json"):
            shutil.copy(f, tmp_path / f.name)
    cards = json.loads((tmp_path / "cards.json").read_text(encoding="utf-8"))
    for c in cards["cards"]:
        if c["number"] == 34:
            c["conflict"] = {"kind": "extra_card"}
    (tmp_path / "cards.json").write_text(json.dumps(cards), encoding="utf-8")
    s = empty(pack=str(tmp_path))
    assert card(s, "c34").conflict is not None and card(s, "c34").conflict.kind == "extra_card"
    s.support["antiocheia"] = {SELJUK: 1, BYZANTINES: 1}
    hand(s, SELJUK, "c33", "c34", "c54")
    s.rng = rolls(BLANK, BLANK)
    conflicts_for(s, SELJUK)
    act(s, SELJUK, "battle", "antiocheia", BYZANTINES)
    drive(s, cards={SELJUK: "c33"}, stop="battle_extra")
    act(s, SELJUK, "add_card", "c34")
    assert kind(s) != "battle_extra"
    drive(s)
    assert "c54" in s.hands[SELJUK] and s.discard == ["c33", "c34"]
