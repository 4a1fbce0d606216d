"""The Battle, steps 1-14 (Battle, Battle.1-14, Battle.After; R5c, R6a-c, R7a, R9a-c, R13),
and the worked example of Battle.Example (L724-L767) replayed whole."""

from __future__ import annotations

from outremer.games.four_powers.procedures import PROCEDURES
from outremer.games.four_powers.state import BLUFF, BYZANTINES, CALIPHATE, CRUSADERS, SELJUK, State

from .fights import act, asked, conflict, conflicts_for, drive, empty, hand, kind, rolls, texts

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
    assert "the Seljuk's side wins" in " ".join(texts(s))


def test_a_battle_is_offered_against_each_opponent_with_support_in_a_region_of_ones_own() -> None:
    # Battle: your Support in a Region with an opponent's Support; only Locations in play.
    s = empty()
    s.support["antiocheia"] = {GEORGE: 1, BEATRICE: 1, ROBERT: 2}
    s.support["tripoli"] = {BEATRICE: 1}  # George has none there
    s.support["aleppo"] = {GEORGE: 1, CALIPHATE: 1}  # Aleppo waits beside the board (Setup.2)
    conflicts_for(s, GEORGE)
    assert asked(s) == (GEORGE,)

    assert PROCEDURES.legal(s, GEORGE) == [
        ("battle", "antiocheia", CRUSADERS),
        ("battle", "antiocheia", BYZANTINES),
        ("end",),
    ]


def test_no_conflict_possible_ends_the_step_at_once() -> None:
    # Conflicts: nothing to start, a public fact, so nobody is asked.
    s = empty()
    s.support["antiocheia"] = {GEORGE: 1}
    conflicts_for(s, GEORGE)
    assert s.stack == []


def test_the_number_of_conflicts_per_turn_is_the_one_given() -> None:
    # Conflicts: two in the 2nd Crusade; after the second the step ends.
    s = empty()
    s.support["antiocheia"] = {GEORGE: 3, BEATRICE: 3}
    conflicts_for(s, GEORGE, left=2)
    act(s, GEORGE, "battle", "antiocheia", BEATRICE)
    drive(s)
    assert kind(s) == "conflicts" and asked(s) == (GEORGE,)
    act(s, GEORGE, "battle", "antiocheia", BEATRICE)
    drive(s)
    assert s.stack == []


def start(s: State, attacker: str = GEORGE, loc: str = "antiocheia", defender: str = BEATRICE) -> None:
    conflicts_for(s, attacker)
    act(s, attacker, "battle", loc, defender)


def test_reinforcement_takes_at_most_one_support_from_each_adjacent_location_for_one_gold() -> None:
    # Battle.1, R5c: 1 Support from each adjacent Location, 1 Gold each; none from further away.
    s = empty()
    s.support["antiocheia"] = {GEORGE: 1, BEATRICE: 1}
    s.support["iconium"] = {GEORGE: 3}
    s.support["tripoli"] = {GEORGE: 2}
    s.support["jerusalem"] = {GEORGE: 2}  # not adjacent to Antiocheia
    s.gold[GEORGE] = 5
    start(s)
    assert kind(s) == "battle_reinforce" and asked(s) == (GEORGE,)

    assert set(PROCEDURES.legal(s, GEORGE)) == {("reinforce", "iconium"), ("reinforce", "tripoli"), ("done",)}
    act(s, GEORGE, "reinforce", "iconium")
    assert PROCEDURES.legal(s, GEORGE) == [("reinforce", "tripoli"), ("done",)]
    act(s, GEORGE, "reinforce", "tripoli")
    assert s.support["antiocheia"][GEORGE] == 3 and s.gold[GEORGE] == 3
    assert s.units[GEORGE]["footman"] == 0  # no Fortress next to the Battle: no recruitment (R5c)
    assert kind(s) != "battle_reinforce"


def test_invitations_go_to_players_in_or_next_to_the_region_never_the_other_leader() -> None:
    # Battle.2: the attacker may ask a player with Support in the Region or next to it, not the
    # Defender; after a refusal another; Battle.5: the Defender never asks the attacker.
    s = empty()
    s.support["antiocheia"] = {GEORGE: 1, BEATRICE: 1}
    s.support["iconium"] = {ROBERT: 1}
    s.support["tripoli"] = {CALIPHATE: 1}
    start(s)

    assert kind(s) == "battle_invite"
    assert PROCEDURES.legal(s, GEORGE) == [("invite", CRUSADERS), ("invite", CALIPHATE), ("alone",)]
    act(s, GEORGE, "invite", CALIPHATE)
    act(s, CALIPHATE, "decline")
    assert PROCEDURES.legal(s, GEORGE) == [("invite", CRUSADERS), ("alone",)]
    act(s, GEORGE, "invite", CRUSADERS)
    act(s, ROBERT, "accept")
    # Robert may move in from Iconium (Battle.3): he has no Gold, but the window opens all the same.
    assert kind(s) == "battle_reinforce" and asked(s) == (ROBERT,)
    assert PROCEDURES.legal(s, ROBERT) == [("done",)]
    act(s, ROBERT, "done")
    # Battle.5: only the Caliphate is left to Beatrice.
    assert kind(s) == "battle_invite" and asked(s) == (BEATRICE,)
    assert PROCEDURES.legal(s, BEATRICE) == [("invite", CALIPHATE), ("alone",)]


def test_a_third_player_who_joins_neither_side_takes_no_part() -> None:
    # R9a: the Caliphate's Support in the Region rolls no die, takes no Wound and scores nothing.
    s = empty()
    s.support["antiocheia"] = {GEORGE: 2, BEATRICE: 1, CALIPHATE: 2}
    s.rng = rolls(TWO_WOUNDS, TWO_WOUNDS, TWO_WOUNDS)
    start(s)
    act(s, GEORGE, "alone")
    act(s, BEATRICE, "alone")
    drive(s)
    assert s.vp[CALIPHATE] == 0 and s.support["antiocheia"][CALIPHATE] == 2
    assert not any("Caliphate rolls" in t for t in texts(s))


def test_equal_strength_is_the_defenders_victory() -> None:
    # Battle.11, R7a: a tie goes to the Defender; Battle.12: 1 VP each, +2 for the winner.
    s = empty()
    s.support["antiocheia"] = {GEORGE: 1, BEATRICE: 1}
    s.units[GEORGE]["footman"] = 2
    s.units[BEATRICE]["footman"] = 2
    s.rng = rolls(BLANK, BLANK)
    start(s)
    drive(s, commits={GEORGE: (2, 0, 0), BEATRICE: (2, 0, 0)}, stop="battle_buy_back")
    assert conflict(s)["strength"] == {"attacker": 2, "defender": 2}
    assert conflict(s)["winner"] == "defender"
    assert s.vp[GEORGE] == 1 and s.vp[BEATRICE] == 3


def test_units_are_limited_to_two_per_support_and_knights_not_towers_fight_a_battle() -> None:
    # Battle.8: up to 2 Units per Support in the Battle; Units: Knights in Battles only, Siege
    # Towers in Sieges only; Faith: any amount, outside the Unit limit.
    s = empty()
    s.support["antiocheia"] = {GEORGE: 1, BEATRICE: 1}
    s.units[GEORGE] = {"footman": 5, "tower": 2, "knight": 2}
    s.faith[GEORGE] = 3
    start(s)
    drive(s, stop="battle_commit")

    legal = PROCEDURES.legal(s, GEORGE)
    assert max(f + b for _, f, b, _n in legal) == 2
    assert ("commit", 0, 2, 3) in legal and ("commit", 2, 0, 3) in legal
    assert ("commit", 2, 1, 0) not in legal and all(n <= 3 for *_, n in legal)


def test_wounds_take_units_first_then_support_which_returns_to_supply() -> None:
    # Battle.13, R13, R9b: the Units go first; then Support, back to its owner's supply.
    from outremer.games.four_powers.common import presence_left

    s = empty()
    s.support["antiocheia"] = {GEORGE: 2, BEATRICE: 1}
    s.units[BEATRICE]["footman"] = 1
    s.rng = rolls(TWO_WOUNDS, BLANK, BLANK)
    before = presence_left(s, BEATRICE)
    start(s)
    drive(s, commits={BEATRICE: (1, 0, 0)})
    assert BEATRICE not in s.support["antiocheia"]  # 2 Wounds: the Footman, then the Support
    assert s.units[BEATRICE]["footman"] == 0
    assert presence_left(s, BEATRICE) == before + 1


def test_rerolls_touch_only_ones_own_dice_and_are_offered_to_church_owners() -> None:
    # Buildings.Church.3, R9c: one reroll per own Church/Mosque, own dice only, the same die again.

    s = empty()
    s.support["antiocheia"] = {GEORGE: 1, BEATRICE: 2}
    s.churches["tyrus"] = [GEORGE, GEORGE]
    s.rng = rolls(BLANK, BLANK, BLANK, BLANK, STRENGTH)
    start(s)
    drive(s, stop="battle_reroll")
    assert asked(s) == (GEORGE,)
    assert PROCEDURES.legal(s, GEORGE) == [("reroll", 0), ("done",)]
    barrier = s.barrier
    act(s, GEORGE, "reroll", 0)
    assert s.barrier > barrier
    act(s, GEORGE, "reroll", 0)  # the same die again
    assert kind(s) != "battle_reroll"  # both rerolls used; Beatrice has no Church
    assert "Seljuk rerolls a die (blank): 1 Strength (Buildings.Church.3, R9c)." in texts(s)
    assert "Strength: Seljuk 1, Byzantines 0; the Seljuk's side wins." in texts(s)


def test_the_bluff_has_no_strength_and_goes_back_to_hand() -> None:
    # R6c: the Bluff has Strength 0; R6b: it goes back to its owner's hand, never to the discard.
    s = empty()
    s.support["antiocheia"] = {GEORGE: 1, BEATRICE: 1}
    hand(s, BEATRICE, "c34")  # Charge of the Lances, Strength 3
    s.rng = rolls(BLANK, BLANK)
    start(s)
    drive(s, cards={GEORGE: BLUFF, BEATRICE: "c34"})
    assert "Strength: Seljuk 0, Byzantines 3; the Byzantines' side wins." in texts(s)
    assert BLUFF in s.hands[GEORGE] and BLUFF not in s.discard and s.discard == ["c34"]


def test_fortresses_next_to_the_region_add_their_track_value_to_their_owners_side() -> None:
    # Buildings.Fortress.2: each Fortress of a side's player next to the Battle's Region adds
    # its track value; a Fortress elsewhere, or of a player outside the Battle (R9a), adds nothing.
    s = empty()
    s.support["antiocheia"] = {GEORGE: 1, BEATRICE: 1}
    s.fortresses["iconium_antiocheia"] = BEATRICE
    s.fortresses["antiocheia_tripoli"] = CALIPHATE
    s.fortresses["tyrus_jerusalem"] = BEATRICE  # not next to Antiocheia
    s.tracks[BEATRICE]["fortress"] = 3  # value 3 (tracks.json)
    s.rng = rolls(BLANK, BLANK)
    start(s)
    drive(s)
    assert "Strength: Seljuk 0, Byzantines 3; the Byzantines' side wins." in texts(s)


def test_a_fortress_recruits_only_for_a_player_who_moves_support_in() -> None:
    # R5c: the Footman per Fortress next to the Battle comes with a move into it.
    s = empty()
    s.support["antiocheia"] = {GEORGE: 1, BEATRICE: 1}
    s.support["iconium"] = {GEORGE: 1}
    s.fortresses["iconium_antiocheia"] = GEORGE
    s.gold[GEORGE] = 1
    start(s)
    act(s, GEORGE, "done")
    assert s.units[GEORGE]["footman"] == 0


def test_the_winners_ally_scores_one_more_vp() -> None:
    # Battle.12: 1 VP each; the winner's Ally 1 more; the winner 2 more.
    s = empty()
    s.support["antiocheia"] = {GEORGE: 1, BEATRICE: 1, CALIPHATE: 1}
    s.units[CALIPHATE]["footman"] = 2
    s.rng = rolls(BLANK, BLANK, BLANK)
    start(s)
    act(s, GEORGE, "invite", CALIPHATE)
    act(s, CALIPHATE, "accept")
    drive(s, commits={CALIPHATE: (2, 0, 0)})
    assert s.vp == {GEORGE: 3, CALIPHATE: 2, BEATRICE: 1, CRUSADERS: 0}
