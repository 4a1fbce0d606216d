"""The turn of Kingdom of Heaven (turn.py): its phases in order (§5.1-§5.7), the ransom (§5.3,
§13.6, K40), the end-of-turn reshuffle (§8.5) and the records cleared, on built positions."""

from __future__ import annotations

import pytest

from outremer.games.kingdom_of_heaven import turn
from outremer.games.kingdom_of_heaven.common import data
from outremer.games.kingdom_of_heaven.game import KingdomOfHeaven
from outremer.games.kingdom_of_heaven.initiative import first_player
from outremer.games.kingdom_of_heaven.procedures import PROCEDURES
from outremer.games.kingdom_of_heaven.setup import HAND
from outremer.games.kingdom_of_heaven.state import State

from .positions_turn import kinds, plain_deck, position, stand_ins


def _discard_through(state: State) -> None:
    """Play the strategy phase out: each round discards its first card, or passes."""
    for _ in range(100):
        top = PROCEDURES.top(state)
        if top is None or top["kind"] != "round" or state.turn > 2:
            return
        role = PROCEDURES.deciders(state)[0]
        legal = PROCEDURES.legal(state, role)
        action = next((a for a in legal if a[0] == "discard"), ("pass",))
        assert action in legal
        PROCEDURES.perform(state, role, action)


def _start(state: State, step: str = "crusade") -> None:
    state.stack = []
    PROCEDURES.push(state, "turn", step=step)
    PROCEDURES.settle(state)


def test_turn_one_has_no_replacement_or_mustering(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = stand_ins(monkeypatch)
    state = KingdomOfHeaven().setup(3, "D")
    # §5.1, §5.2: skipped on turn 1; §5.4: the initiative player takes the first round
    assert [f["kind"] for f in seen] == []
    assert kinds(state) == ["turn", "strategy", "round"]
    assert state.stack[-1]["player"] == state.first == first_player(state)
    assert state.phase == "strategy"


def test_a_later_turn_runs_its_phases_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = stand_ins(monkeypatch)
    state = position(turn=2)
    plain_deck(state)
    _start(state)
    # §5.1, §5.2: replacement then mustering, each the Christian first
    assert [(f["kind"], f["player"]) for f in seen] == [
        ("replacement", "christian"),
        ("replacement", "muslim"),
        ("muster", "christian"),
        ("muster", "muslim"),
    ]
    # §5.3, §8.1: seven cards each; §5.4: the initiative decided; §5.5: the first round
    assert all(len(state.hands[p]) == HAND for p in state.hands)
    assert state.stack[-1] == {"kind": "round", "player": state.first}
    seen.clear()
    _discard_through(state)
    # §5.6: demobilization, the Muslim first; §5.7: the marker advances and turn 3 begins
    assert [(f["kind"], f["player"]) for f in seen[:2]] == [
        ("demobilize", "muslim"),
        ("demobilize", "christian"),
    ]
    assert state.turn == 3
    assert [f["kind"] for f in seen[2:4]] == ["replacement", "replacement"]


def test_the_strategy_phase_ends_when_neither_holds_a_card(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = stand_ins(monkeypatch)
    state = position(turn=2)
    plain_deck(state)
    _start(state)
    _discard_through(state)
    # §5.5.1: every card was discarded before demobilization began
    assert len(state.discard) == 2 * HAND
    assert ("demobilize", "muslim") in [(f["kind"], f.get("player")) for f in seen]


def _prisoner(state: State, *leaders: str) -> None:
    """``leaders`` (the Christian's; Reynald if none is named) held by the Muslim, off the map
    (§13.6)."""
    leaders = leaders or ("reynald",)
    for groups in state.field.values():
        for g in groups.values():
            for leader in leaders:
                if leader in g["leaders"]:
                    g["leaders"].remove(leader)
    state.prisoners["muslim"] = list(leaders)


def test_ransom_frees_one_leader_for_a_card_drawn_at_random(monkeypatch: pytest.MonkeyPatch) -> None:
    stand_ins(monkeypatch)
    state = position(turn=2)
    _prisoner(state)
    _start(state)
    # §5.3 L295, §13.6 L826, K40: asked right after the deal, one leader, or decline
    assert PROCEDURES.deciders(state) == ("christian",)
    assert PROCEDURES.legal(state, "christian") == [("ransom", "reynald"), ("decline",)]
    before = list(state.hands["christian"])
    PROCEDURES.perform(state, "christian", ("ransom", "reynald"))
    drawn = state.known["muslim"]
    # §13.6 L827: the opponent draws one card of the ransomer's; it is known to both (K40)
    assert len(drawn) == 1 and drawn[0] in before and drawn[0] in state.hands["muslim"]
    assert len(state.hands["christian"]) == HAND - 1 and len(state.hands["muslim"]) == HAND + 1
    # the leader goes to his Power's force pool, for mustering next turn
    assert "reynald" in state.pools["jerusalem"]["leaders"] and state.prisoners["muslim"] == []
    assert state.phase == "strategy"


def test_only_one_leader_is_ransomed_a_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    # K40 (§5.3 L295, §13.6 L826-L827): with Reynald and Guy both held, the Christian is offered
    # either, ransoms Reynald for one card, and is not asked again: Guy stays a prisoner this turn
    # and the turn goes on to the initiative and the strategy phase; he is offered again next turn
    stand_ins(monkeypatch)
    state = position(turn=2)
    _prisoner(state, "reynald", "guy")
    _start(state)
    assert PROCEDURES.legal(state, "christian") == [("ransom", "reynald"), ("ransom", "guy"), ("decline",)]
    PROCEDURES.perform(state, "christian", ("ransom", "reynald"))
    assert state.prisoners["muslim"] == ["guy"] and len(state.hands["christian"]) == HAND - 1
    assert not any(f["kind"] == "ransom" for f in state.stack)
    assert ("ransom", "guy") not in PROCEDURES.legal(state, "christian")
    assert state.phase == "strategy" and state.stack[-1]["kind"] == "round"
    state.hands = {p: [] for p in state.hands}  # the rest of turn 2 played out
    _start(state, "deal")
    assert PROCEDURES.legal(state, "christian") == [("ransom", "guy"), ("decline",)]


def test_ransom_declined_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    stand_ins(monkeypatch)
    state = position(turn=2)
    _prisoner(state)
    _start(state)
    PROCEDURES.perform(state, "christian", ("decline",))
    # §13.6: the leader stays a prisoner; both hands keep seven
    assert state.prisoners["muslim"] == ["reynald"]
    assert [len(h) for h in state.hands.values()] == [HAND, HAND]


def test_no_ransom_without_a_card_to_pay(monkeypatch: pytest.MonkeyPatch) -> None:
    stand_ins(monkeypatch)
    state = position(turn=2)
    _prisoner(state)
    state.deck, state.discard = [], []  # K31: nothing to deal; K40: nothing to pay with
    _start(state)
    assert turn.ransomable(state, "christian") == []
    assert all(f["kind"] != "ransom" for f in state.stack)


def test_the_ordered_reshuffle_comes_at_the_end_of_the_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    stand_ins(monkeypatch)
    state = position(turn=2)
    state.discard = [state.deck.pop(), state.deck.pop()]
    state.removed = [state.deck.pop()]
    state.reshuffle = True
    cards = len(state.deck) + len(state.discard)
    _start(state, "end")
    # §8.5 L482: deck and discards shuffled together; removed cards stay out (§8.4.1)
    assert state.reshuffle is False and state.discard == []
    assert len(state.deck) + sum(len(h) for h in state.hands.values()) == cards
    assert len(state.removed) == 1


def test_the_turns_records_are_cleared(monkeypatch: pytest.MonkeyPatch) -> None:
    stand_ins(monkeypatch)
    state = position(turn=2)
    state.calls = [["christian", "damascus"]]
    state.diplomacy = {"tried": [["muslim", "antioch"]], "moved": ["antioch"]}
    state.lasting = ["E1"] if "E1" in state.deck else []
    state.failed_calls["christian"] = 2
    state.wintering = ["guy"]
    _start(state, "end")
    # §17.5 L1000: one call a turn; §9.2 L510: one try a turn; events lasting the turn
    assert state.calls == [] and state.diplomacy == {"tried": [], "moved": []} and state.lasting == []
    assert state.wintering == []  # §16.1 L927: this turn's Winter Campaign
    # §17.5.1: failed calls count until an assault capture, not only this turn
    assert state.failed_calls["christian"] == 2


def test_a_free_passage_ends_with_the_strategy_phase(monkeypatch: pytest.MonkeyPatch) -> None:
    # §9.4 L533: a passage bought on the opponent's last round has no round of its buyer left to
    # run to; it ends with the phase, and the Power turns if his units are still in its lands
    stand_ins(monkeypatch)
    state = position(turn=2)
    state.political["seljuks"] = "neutral"
    state.passage = {"player": "christian", "power": "seljuks"}
    state.field.setdefault("konya", {})["crusaders"] = {"full": {"3-4": 1}, "reduced": {}, "leaders": []}
    _start(state, "demobilization")
    assert state.passage is None and state.political["seljuks"] == "muslim"


def test_the_last_turn_ends_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    stand_ins(monkeypatch)
    turns = data(position()).scenarios["D"].turns
    state = position(turn=turns)
    _start(state, "end")
    # §5.7 L317, §20.2: the scenario's conditions read at the end of its last turn
    assert state.result is not None and state.turn == turns
    assert state.result["vp"] == state.vp


def test_ransom_prompt_is_the_same_whatever_the_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    stand_ins(monkeypatch)
    states = []
    for seed in (1, 2):  # twins but for the cards dealt
        state = position(seed=1, turn=2)
        _prisoner(state)
        state.deck = sorted(state.deck, reverse=seed == 2)
        _start(state)
        states.append(state)
    a, b = states
    assert a.hands != b.hands
    assert PROCEDURES.deciders(a) == PROCEDURES.deciders(b)
    assert PROCEDURES.prompt(a, "christian") == PROCEDURES.prompt(b, "christian")
    assert PROCEDURES.legal(a, "christian") == PROCEDURES.legal(b, "christian")


def test_a_crusade_is_checked_at_the_start_of_its_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = stand_ins(monkeypatch)
    crusade = data(position()).scenarios["D"].crusade
    assert crusade is not None
    state = position(turn=crusade.turn)
    state.cities["jerusalem"] = "ayyubids"  # Muslim VP 19, at least the threshold
    _start(state)
    # §19.1 L1220: the Crusaders are in their boxes before the replacement phase (§5.1)
    assert state.crusade == "arrived"
    assert seen[0]["kind"] == "replacement"
    assert "barbarossa" in state.field["constantinople"]["crusaders"]["leaders"]


def test_the_extended_example_turn_4_to_the_first_round(monkeypatch: pytest.MonkeyPatch) -> None:
    """§Example L1280, §Example.Deal L1298, §Example.Initiative L1302: scenario D, turn 4 (1190),
    Saladin holding Jerusalem, Acre and Kerak (K26), Guy and Raymond dead, Reynald a prisoner."""
    stand_ins(monkeypatch)
    state = position("D", turn=4)
    for space in ("jerusalem", "acre"):
        state.cities[space] = "ayyubids"
        state.field.pop(space, None)
    state.castles["kerak"]["power"] = "ayyubids"
    state.inside.pop("kerak", None)
    state.field["tripoli"]["tripoli"]["leaders"].remove("raymond_iii")  # Guy and Reynald left with Acre
    state.dead["jerusalem"]["leaders"].append("guy")
    state.dead["tripoli"]["leaders"].append("raymond_iii")
    state.prisoners["muslim"] = ["reynald"]
    _start(state)
    # §Example L1280: the Muslim at 25 VP, the Christian at 7; §19.2: at least 18, the Crusade comes
    assert state.vp == {"christian": 7, "muslim": 25}
    assert state.crusade == "arrived"
    # §Example.Deal L1298: the Christian may ransom Reynald for one of his seven cards; he declines
    assert PROCEDURES.legal(state, "christian") == [("ransom", "reynald"), ("decline",)]
    PROCEDURES.perform(state, "christian", ("decline",))
    # §Example.Initiative L1302: Barbarossa and Saladin, both of strategy 1: the Christian first
    assert state.first == "christian" and state.stack[-1] == {"kind": "round", "player": "christian"}
