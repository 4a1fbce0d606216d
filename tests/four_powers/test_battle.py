"""The Battle, steps 1-14 (Battle, Battle.1-14, Battle.After; R5c, R6a-c, R7a, R9a-c, R13),
and the worked example of Battle.Example (L724-L767) replayed whole."""

from __future__ import annotations

from outremer.games.four_powers.state import BLUFF, BYZANTINES, CALIPHATE, CRUSADERS, SELJUK, State

from .fights import act, asked, conflict, conflicts_for, empty, hand, kind, rolls, texts

GEORGE, BEATRICE, ROBERT = SELJUK, BYZANTINES, CRUSADERS

# Faces of the shipped die (components.json): 0 blank, 1 and 2 one Strength, 3 one Wound,
# 4 one Strength and one Wound, 5 two Wounds.
BLANK, STRENGTH, WOUND, BOTH, TWO_WOUNDS = 0, 1, 3, 4, 5


def example() -> State:
    """Battle.Example's position: George (Seljuk) with 2 Support in Antiocheia, Beatrice
    (Byzantines) with 1 there, Robert (Crusaders) with 1 Support in Iconium and a Fortress between
    Iconium and Antiocheia, upgraded once (value 2, R3a)."""
    s = empty()
    s.support["antiocheia"] = {GEORGE: 2, BEATRICE: 1}
    s.support["iconium"] = {ROBERT: 1}
    s.fortresses["iconium_antiocheia"] = ROBERT
    s.stock[ROBERT]["fortress"] = 2
    s.tracks[ROBERT]["fortress"] = 1
    s.units[GEORGE]["footman"] = 5
    s.units[BEATRICE]["footman"] = 3
    s.units[ROBERT]["footman"] = 1
    s.faith[GEORGE], s.faith[ROBERT] = 2, 2
    s.gold[BEATRICE], s.gold[ROBERT] = 1, 2
    hand(s, GEORGE, "c33", "c34", "c37")  # Call to Arms (1, extra_card), Charge of the Lances (3)
    hand(s, BEATRICE, "c07", "c44")  # Greek Fire (1, wounds 2)
    # George's 2 dice: 1 Strength, 2 Wounds; Beatrice's and Robert's: 1 Strength, 3 Wounds.
    s.rng = rolls(STRENGTH, TWO_WOUNDS, BOTH, TWO_WOUNDS)
    return s


def test_the_rulebook_battle_example_replays_whole() -> None:
    s = example()
    conflicts_for(s, GEORGE)
    act(s, GEORGE, "battle", "antiocheia", BEATRICE)
    assert s.last_conflict == "antiocheia"  # R8b
    # Battle.2: George asks Robert, who declines; nobody else is eligible.
    act(s, GEORGE, "invite", ROBERT)
    act(s, ROBERT, "decline")
    # Battle.5: Beatrice asks Robert, who accepts (the example's order).
    act(s, BEATRICE, "invite", ROBERT)
    act(s, ROBERT, "accept")
    # Battle.6, R5c: Robert pays 1 Gold for 1 Support from Iconium and takes 1 Footman for his
    # Fortress beside the Battle.
    act(s, ROBERT, "reinforce", "iconium")
    assert s.support["antiocheia"][ROBERT] == 1 and ROBERT not in s.support["iconium"]
    assert s.gold[ROBERT] == 1 and s.units[ROBERT]["footman"] == 2
    # Battle.7: the leaders' cards face down, at once.
    assert set(asked(s)) == {GEORGE, BEATRICE}
    act(s, GEORGE, "commit_card", "c33")
    act(s, BEATRICE, "commit_card", "c07")
    # Battle.8: every participant's closed hand.
    assert set(asked(s)) == {GEORGE, BEATRICE, ROBERT}
    act(s, GEORGE, "commit", 4, 0, 2)
    act(s, BEATRICE, "commit", 2, 0, 0)
    act(s, ROBERT, "commit", 2, 0, 2)
    # Battle.9, R17: Call to Arms lets George add Charge of the Lances.
    assert asked(s) == (GEORGE,)
    act(s, GEORGE, "add_card", "c34")
    f = conflict(s)
    assert f["strength"] == {"attacker": 11, "defender": 10}  # Battle.11: 4+4+2+1 against 8+2
    assert f["winner"] == "attacker"
    assert s.vp == {GEORGE: 3, BEATRICE: 1, ROBERT: 1, CALIPHATE: 0}  # Battle.12
    # Battle.13, R13: George's 5 Wounds take his 4 Footmen, then 1 Support, with no choice left.
    assert f["units"][GEORGE] == {"footman": 0, "knight": 0}
    assert s.support["antiocheia"][GEORGE] == 1
    # Beatrice, the leader, gives one Wound to each of them.
    assert asked(s) == (BEATRICE,) and kind(s) == "battle_wound"
    act(s, BEATRICE, "wound", BEATRICE, "footman")
    act(s, BEATRICE, "wound", ROBERT, "footman")
    # Battle.14: each buys back its surviving Footman for 1 Gold.
    assert asked(s) == (BEATRICE,)
    act(s, BEATRICE, "buy_back", "footman")
    assert asked(s) == (ROBERT,)
    act(s, ROBERT, "buy_back", "footman")
    assert s.stack == []
    assert s.units[GEORGE]["footman"] == 1 and s.units[BEATRICE]["footman"] == 2
    assert s.units[ROBERT]["footman"] == 1
    assert s.gold[BEATRICE] == 0 and s.gold[ROBERT] == 0
    assert s.faith[GEORGE] == 0 and s.faith[ROBERT] == 0  # Battle.13: committed Faith is lost
    # Battle.After, R6a, R6b: the cards to the discard pile, hands drawn back up to 3.
    assert s.discard == ["c33", "c34", "c07"]
    assert len(s.hands[GEORGE]) == 4 and "c37" in s.hands[GEORGE] and BLUFF in s.hands[GEORGE]
    assert len(s.hands[BEATRICE]) == 4 and "c44" in s.hands[BEATRICE]
    assert len(s.hands[ROBERT]) == 4  # every participant short of 3 draws, out of turn (R6a)
    assert "Seljuk's side wins" in " ".join(texts(s))
