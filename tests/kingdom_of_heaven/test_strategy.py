"""The strategy phase of Kingdom of Heaven (strategy.py): alternating rounds (§5.5, §5.5.1), the
choices of a round (§8.2-§8.4), Must Be Played (§8.4.1, K41), dual use (§8.3, K49), combining
cards (§8.6, K48) and the response window on an announced action (§8.4.3, K43), on built
positions."""

from __future__ import annotations

import pytest

from outremer.games.kingdom_of_heaven.procedures import PROCEDURES
from outremer.games.kingdom_of_heaven.state import State

from .positions_turn import give, kinds, position, stand_ins


def _round(state: State, player: str) -> None:
    state.stack = []
    state.first = player
    PROCEDURES.push(state, "strategy")
    PROCEDURES.settle(state)


def _verbs(state: State, player: str, card: str) -> set[str]:
    return {a[0] for a in PROCEDURES.legal(state, player) if card in a[1:]}


def test_rounds_alternate_from_the_initiative_player(monkeypatch: pytest.MonkeyPatch) -> None:
    stand_ins(monkeypatch)
    state = position()
    give(state, "christian", "11", "14")
    give(state, "muslim", "21", "24")
    _round(state, "muslim")
    # §5.4, §5.5: the initiative player takes the first round, then they alternate
    assert PROCEDURES.deciders(state) == ("muslim",)
    PROCEDURES.perform(state, "muslim", ("discard", "21"))
    assert PROCEDURES.deciders(state) == ("christian",)
    assert state.discard[-1] == "21"  # §8.5: a discarded card is open to both


def test_the_phase_ends_when_neither_holds_a_card(monkeypatch: pytest.MonkeyPatch) -> None:
    stand_ins(monkeypatch)
    state = position()
    give(state, "christian", "11")
    _round(state, "muslim")
    # §5.5.1: out of cards, the Muslim may still pass or make a one-unit vassal move
    assert set(PROCEDURES.legal(state, "muslim")) == {("pass",), ("free_vassal",)}
    PROCEDURES.perform(state, "muslim", ("pass",))
    PROCEDURES.perform(state, "christian", ("discard", "11"))
    # neither holds a card: the phase is over
    assert kinds(state) == []


def test_a_pass_only_with_fewer_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    stand_ins(monkeypatch)
    state = position()
    give(state, "christian", "11", "14")
    give(state, "muslim", "21", "24")
    _round(state, "christian")
    # §8.2 L431: as many cards as the opponent: play or discard
    assert ("pass",) not in PROCEDURES.legal(state, "christian")
    assert ("free_vassal",) not in PROCEDURES.legal(state, "christian")
    state.hands["christian"].remove("14")
    state.discard.append("14")
    # fewer: a pass, or a vassal move of one unit without a card (§8.4 L449, L451)
    assert {("pass",), ("free_vassal",)} <= set(PROCEDURES.legal(state, "christian"))


def test_must_be_played_is_played_for_its_event_only(monkeypatch: pytest.MonkeyPatch) -> None:
    stand_ins(monkeypatch)
    state = position()
    give(state, "christian", "18", "11")  # Succession Crisis: Must Be Played, either side
    give(state, "muslim", "21", "G2")  # Death of Mongke: Must Be Played, the Muslim's event
    _round(state, "christian")
    # §8.4.1 L460, K41: neither discarded nor used for its OV
    assert _verbs(state, "christian", "18") == {"event"}
    assert "discard" in _verbs(state, "christian", "11")
    state.stack = []
    _round(state, "muslim")
    assert _verbs(state, "muslim", "G2") == {"event"}
    # K41: in the hand of the side that may not play its event, an ordinary card
    give(state, "christian", "G2")
    state.stack = []
    _round(state, "christian")
    assert "event" not in _verbs(state, "christian", "G2")
    assert "discard" in _verbs(state, "christian", "G2")


def test_an_event_only_for_the_side_it_serves(monkeypatch: pytest.MonkeyPatch) -> None:
    stand_ins(monkeypatch)
    state = position()
    give(state, "muslim", "7", "13")  # The Military Orders (Christian), Preaching of Jihad (Muslim)
    _round(state, "muslim")
    # §2.4: the card says who may play its event; any card may be played for its OV
    assert "event" not in _verbs(state, "muslim", "7") and "activate" in _verbs(state, "muslim", "7")
    assert "event" in _verbs(state, "muslim", "13")
    # K43: Dispute over the Crown acts only on an enemy activation: a response, not a round's event
    give(state, "muslim", "D4")
    assert "event" not in _verbs(state, "muslim", "D4") and "discard" in _verbs(state, "muslim", "D4")


def test_activation_by_ov_at_least_the_strategy_rating(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = stand_ins(monkeypatch, "activation")
    state = position()
    give(state, "christian", "6", "11")  # OV 1 each
    give(state, "muslim", "24", "21")
    _round(state, "christian")
    legal = PROCEDURES.legal(state, "christian")
    # §8.4 L443, §10.1: Guy (strategy 2) not with an OV 1 card; nobody with strategy 1 on the map
    assert not any(a[0] == "activate" for a in legal)
    give(state, "christian", "12")  # OV 2
    give(state, "muslim", "37")
    state.stack = []
    _round(state, "christian")
    assert ("activate", "12", "guy") in PROCEDURES.legal(state, "christian")
    assert ("activate", "12", "balian") not in PROCEDURES.legal(state, "christian")  # strategy 3
    PROCEDURES.perform(state, "christian", ("activate", "12", "guy"))
    # §8.4.3, K43: the activation announced, the Muslim's response window above it, a pass offered
    assert kinds(state) == ["strategy", "round", "activation", "response"]
    window = state.stack[-1]
    assert window["player"] == "muslim" and window["trigger"] == "activation" and window["actor"] == "guy"
    assert ("pass",) in PROCEDURES.legal(state, "muslim")
    assert "12" in state.discard  # the round spent the card
    PROCEDURES.perform(state, "muslim", ("pass",))
    assert seen[0]["leader"] == "guy" and seen[0]["ov"] == 2 and seen[0]["space"] == "acre"
    assert seen[0]["dual"] is False and seen[0]["cards"] == ["12"]


def test_dual_use_moves_and_plays_its_event(monkeypatch: pytest.MonkeyPatch) -> None:
    stand_ins(monkeypatch, "activation")
    state = position()
    give(state, "christian", "3", "11")  # Forced March: dual use
    give(state, "muslim", "21", "24")
    _round(state, "christian")
    # §8.3 L435, K49: the event with the move only, never alone
    assert "event" not in _verbs(state, "christian", "3")
    assert ("activate_event", "3", "guy") in PROCEDURES.legal(state, "christian")
    PROCEDURES.perform(state, "christian", ("activate_event", "3", "guy"))
    assert kinds(state) == ["strategy", "round", "activation", "event", "response"]
    assert state.stack[2]["dual"] is True
    # the event spends it once the window closes; meanwhile both have seen it (state.known)
    assert "3" in state.hands["christian"] and state.known["christian"] == ["3"]


def test_combining_cards_is_an_option(monkeypatch: pytest.MonkeyPatch) -> None:
    stand_ins(monkeypatch)
    state = position()
    give(state, "christian", "6", "11", "8")  # OV 1 each
    give(state, "muslim", "21", "24", "37")
    _round(state, "christian")
    assert not any(a[0] == "combine" for a in PROCEDURES.legal(state, "christian"))
    state.options["combined_cards"] = True
    state.stack = []
    _round(state, "christian")
    combos = {a for a in PROCEDURES.legal(state, "christian") if a[0] == "combine"}
    assert {("combine", "guy"), ("combine", "balian")} <= combos
    # §8.6, K48: two OV 1 cards activate Guy (strategy 2), chosen one at a time; a third card
    # would be one more than needed, so the second completes the activation
    before = len(state.hands["christian"])
    PROCEDURES.perform(state, "christian", ("combine", "guy"))
    assert PROCEDURES.legal(state, "christian") == [("add", "11"), ("add", "6"), ("add", "8")]
    PROCEDURES.perform(state, "christian", ("add", "6"))
    assert ("add", "6") not in PROCEDURES.legal(state, "christian")
    PROCEDURES.perform(state, "christian", ("add", "8"))
    assert len(state.hands["christian"]) == before - 2
    activation = next(f for f in state.stack if f["kind"] == "activation")
    assert activation["leader"] == "guy" and sorted(activation["cards"]) == ["6", "8"]
    assert activation["ov"] == 2


def test_three_cards_combine_for_a_strategy_three_leader(monkeypatch: pytest.MonkeyPatch) -> None:
    # §8.6, K48: three OV 1 cards activate Balian (strategy 3); two are not enough, so the
    # combination asks for a third
    stand_ins(monkeypatch)
    state = position()
    give(state, "christian", "6", "11", "8")
    give(state, "muslim", "21", "24", "37")
    state.options["combined_cards"] = True
    _round(state, "christian")
    PROCEDURES.perform(state, "christian", ("combine", "balian"))
    PROCEDURES.perform(state, "christian", ("add", "11"))
    PROCEDURES.perform(state, "christian", ("add", "6"))
    assert PROCEDURES.legal(state, "christian") == [("add", "8")]
    PROCEDURES.perform(state, "christian", ("add", "8"))
    activation = next(f for f in state.stack if f["kind"] == "activation")
    assert activation["leader"] == "balian" and activation["ov"] == 3


def _targets(state: State, player: str) -> set[str]:
    return {a[2] for a in PROCEDURES.legal(state, player) if a[0] == "diplomacy"}


def test_diplomacy_once_a_turn_per_power(monkeypatch: pytest.MonkeyPatch) -> None:
    stand_ins(monkeypatch)
    state = position()
    give(state, "muslim", "32", "21")  # Religious Divisions: a diplomacy modifier
    give(state, "christian", "11", "14")
    _round(state, "muslim")
    # §9.2: the Powers the scenario lists, not yet on his side; §9.3: the marker he lacks
    assert _targets(state, "muslim") == {"antioch", "armenia", "cyprus_principality", "advantage"}
    assert not any(a[0] == "diplomacy" and a[1] == "21" for a in PROCEDURES.legal(state, "muslim"))
    state.diplomacy = {"tried": [["muslim", "armenia"]], "moved": ["antioch"]}
    # §9.2 L510: one try a turn per Power, none once a Power moved
    assert _targets(state, "muslim") == {"cyprus_principality", "advantage"}


def test_free_passage_is_bought_on_the_round_and_ends_with_it(monkeypatch: pytest.MonkeyPatch) -> None:
    stand_ins(monkeypatch)
    state = position()
    state.advantage = "christian"
    give(state, "christian", "11", "14")
    give(state, "muslim", "21", "24")
    _round(state, "christian")
    # §9.4 L531: the Diplomatic Advantage spent for passage through one neutral Power
    assert ("passage", "armenia") in PROCEDURES.legal(state, "christian")
    PROCEDURES.perform(state, "christian", ("passage", "armenia"))
    assert state.passage is not None and state.passage["power"] == "armenia"
    assert PROCEDURES.deciders(state) == ("christian",)  # his round is still to play
    assert not any(a[0] == "passage" for a in PROCEDURES.legal(state, "christian"))
    PROCEDURES.perform(state, "christian", ("discard", "11"))
    # §9.4 L533: the passage ends with his round; no unit of his in Armenia, it stays neutral
    assert state.passage is None and state.political["armenia"] == "neutral"


def test_response_window_is_the_same_whatever_the_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    stand_ins(monkeypatch)
    twins = []
    for response in ("58", "21"):  # Poor Roads (a response to a move), or a battle card
        state = position()
        give(state, "christian", "12", "11")
        give(state, "muslim", response, "14")
        _round(state, "christian")
        PROCEDURES.perform(state, "christian", ("activate", "12", "guy"))
        twins.append(state)
    a, b = twins
    # §8.4.3, tests/test_twins.py: the window opens on the announcement, not on the hand
    assert kinds(a) == kinds(b)
    assert PROCEDURES.deciders(a) == PROCEDURES.deciders(b) == ("muslim",)
    assert PROCEDURES.prompt(a, "muslim") == PROCEDURES.prompt(b, "muslim")
    assert ("respond", "58") in PROCEDURES.legal(a, "muslim")
    assert PROCEDURES.legal(b, "muslim") == [("pass",)]


def test_siege_and_vassal_moves_are_announced(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = stand_ins(monkeypatch)
    state = position()
    state.sieges["damascus"] = {"besieger": "christian", "rf": 3, "blockade": False}
    give(state, "christian", "12", "11")
    give(state, "muslim", "21", "24")
    _round(state, "christian")
    # §8.4 L445: one siege resolved with a card; the besieged may answer (K43)
    PROCEDURES.perform(state, "christian", ("siege", "11", "damascus"))
    assert state.stack[-1]["trigger"] == "siege" and state.stack[-2]["card"] == "11"
    assert state.known["christian"] == ["11"]  # announced, still in the hand for the siege to spend
    PROCEDURES.perform(state, "muslim", ("pass",))
    assert seen[-1] == {"kind": "siege", "player": "christian", "space": "damascus", "card": "11"}
    # §8.4 L449: the Muslim's vassal move with a card of OV 1, the Christian's window passed
    PROCEDURES.perform(state, "muslim", ("vassal", "21"))
    PROCEDURES.perform(state, "christian", ("pass",))
    assert seen[-1]["vassal"] is True and seen[-1]["ov"] == 1 and seen[-1]["free"] is False
