"""Rounds and Crusades (Round.1-3, RoundCards, EndCrusade.1-4, EndGame.1-4, Victory; R6e, R7b, R8a)."""

from __future__ import annotations

import random

from outremer.games.four_powers import conflicts  # noqa: F401  (registers the Conflicts)
from outremer.games.four_powers.positions import hand, influence, position
from outremer.games.four_powers.procedures import PROCEDURES
from outremer.games.four_powers.setup import SCENARIOS, new_game
from outremer.games.four_powers.state import BLUFF, BYZANTINES, CALIPHATE, CRUSADERS, ROLES, SELJUK, State

from .acting import act, said, top

HANDS = {
    CRUSADERS: ["c01", "c02", "c03"],
    BYZANTINES: ["c06", "c07", "c08"],
    CALIPHATE: ["c11", "c12", "c13"],
    SELJUK: ["c16", "c17", "c18"],
}


def at_round(deck: list[str], first: str = CRUSADERS, played: bool = True, crusade: int = 1) -> State:
    s = position()
    for r, cards in HANDS.items():
        hand(s, r, cards)
    s.round_deck = deck
    s.first = first
    s.crusade = crusade
    PROCEDURES.push(s, "game", stage="round", played=played)
    PROCEDURES.settle(s)
    return s


def discard_round(s: State) -> list[str]:
    """Every player in turn discards its first card; the order they acted in."""
    order: list[str] = []
    while len(order) < len(s.players):
        assert top(s)["kind"] == "turn"
        role = top(s)["role"]
        order.append(role)
        act(s, role, "discard", next(c for c in s.hands[role] if c != BLUFF))
    return order


def test_a_round_reveals_its_card_and_goes_round_the_table_from_the_first() -> None:
    s = at_round(["round_3", "round_4"], first=CALIPHATE, played=False)
    # Round.2: the first player reveals the top card; R8a: the game's first round keeps the first
    assert s.round_card == "round_3" and s.round_deck == ["round_4"] and s.first == CALIPHATE
    assert said(s, "Caliphate reveals Round 3")
    assert discard_round(s) == [CALIPHATE, SELJUK, CRUSADERS, BYZANTINES]  # Round.3, R8a
    # R8a: the next round's first player is the next seat
    assert s.first == SELJUK and s.round_card == "round_4"


def test_the_turn_ends_drawing_back_to_three() -> None:
    s = at_round(["round_1", "round_2"], played=False)
    act(s, CRUSADERS, "discard", "c01")
    # Round.3: the discard goes to the pile, the hand is drawn back to 3 and the Bluff
    assert s.discard == ["c01"]
    assert len(s.hands[CRUSADERS]) == 4 and BLUFF in s.hands[CRUSADERS]
    # the Bluff is never discarded nor played (Draft.5)
    assert all(a[1] != BLUFF for a in PROCEDURES.legal(s, BYZANTINES))


def test_the_last_round_card_ends_the_crusade_after_its_round() -> None:
    s = at_round(["last_round", "round_1"])
    influence(s, "jerusalem", [None, BYZANTINES, None, CALIPHATE], control=CALIPHATE)
    influence(s, "tyrus", [None, None, None, SELJUK], control=SELJUK)
    s.control["iconium"] = SELJUK
    s.columns["board"]["income"] = ["c40", "c41"]
    discard_round(s)
    # EndCrusade.1: 1 VP per City Control marker, kept
    assert s.vp == {CRUSADERS: 0, BYZANTINES: 0, CALIPHATE: 1, SELJUK: 2}
    assert s.control["jerusalem"] == CALIPHATE
    # EndCrusade.2: the columns to the discard pile
    assert s.columns["board"]["income"] == [] and {"c40", "c41"} <= set(s.discard)
    # EndCrusade.3: Damascus and Aleppo join, nobody controlling them
    assert "damascus" in s.in_play and "aleppo" in s.in_play and s.control["aleppo"] is None
    # EndCrusade.4: each has drawn 2 (5 cards and the Bluff) and now puts 2 under the deck
    assert top(s)["kind"] == "end_crusade" and set(PROCEDURES.deciders(s)) == set(ROLES)
    assert all(len(s.hands[r]) == 6 for r in ROLES)
    for r in ROLES:
        for _ in range(2):
            card = s.hands[r][0]
            act(s, r, "bottom", card)
            assert s.deck[-1] == card
    assert all(len(s.hands[r]) == 4 for r in ROLES)
    # R6e: a new Round deck; the 2nd Crusade's first round is under way
    assert s.crusade == 2 and s.round == 1 and s.round_card == "round_1"
    assert s.round_deck[:4] == ["round_2", "round_3", "round_4", "round_5"] and len(s.round_deck) == 7


def test_the_game_ends_after_the_second_crusade_with_set_vp() -> None:
    s = at_round(["last_round"], crusade=2)
    s.control["jerusalem"] = BYZANTINES
    s.churches["iconium"] = [SELJUK, SELJUK]
    s.churches["edessa"] = [SELJUK]
    s.stock[SELJUK]["church"] = 0
    s.fortresses = {"tripoli_tyrus": CALIPHATE, "tyrus_ascalon": CALIPHATE}
    s.stock[CALIPHATE]["fortress"] = 1
    discard_round(s)
    # EndGame.1-2: Byzantines 1 for Jerusalem, Seljuk 1 for all 3 Mosques; the Caliphate's 2
    # Fortresses of 3 score nothing (EndGame.3)
    assert s.result is not None and s.stack == []
    assert s.result["scores"] == {CRUSADERS: 0, BYZANTINES: 1, CALIPHATE: 0, SELJUK: 1}
    # Victory: a tie goes to the controller of Jerusalem
    assert s.result["winners"] == [BYZANTINES]
    # the game over, the screens are lifted: every Gold, Faith and hand is said to all
    assert said(s, f"{SELJUK} ends with {s.gold[SELJUK]} Gold, {s.faith[SELJUK]} Faith and ")


def test_a_tie_nobody_breaks_with_jerusalem_is_shared() -> None:
    s = at_round(["last_round"], crusade=2)
    s.vp = {CRUSADERS: 4, BYZANTINES: 2, CALIPHATE: 4, SELJUK: 4}
    s.control["jerusalem"] = BYZANTINES
    discard_round(s)
    assert s.result is not None
    assert s.result["winners"] == [CRUSADERS, CALIPHATE, SELJUK]  # R7b
    assert "shared" in s.result["reason"]


def _play(s: State, r: random.Random, limit: int) -> int:
    steps = 0
    while s.result is None and steps < limit:
        roles = PROCEDURES.deciders(s)
        assert roles, s.stack[-1]
        role = r.choice(roles)
        legal = PROCEDURES.legal(s, role)
        assert legal, (role, s.stack[-1])
        action = ("end",) if ("end",) in legal else r.choice(legal)  # no Conflicts here
        PROCEDURES.perform(s, role, action)
        steps += 1
        assert min(s.gold.values()) >= 0 and min(s.faith.values()) >= 0
    return steps


def test_random_play_reaches_the_end_in_every_scenario() -> None:
    for i, scenario in enumerate(SCENARIOS):
        options = {"own_columns": i % 2 == 1, "push_all": i % 3 == 0, "conflicts_any_action": i % 4 == 1}
        s = new_game(i, scenario, options)
        _play(s, random.Random(i), 5000)
        assert s.result is not None, scenario
        assert s.crusade == 2 and set(s.result["scores"]) == set(s.players)
