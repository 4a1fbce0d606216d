"""Card events of Kingdom of Heaven (events.py): an event run effect by effect with its keywords
(§8.4.1, §8.5, K42), the response window (§8.4.3, K43) and the handlers of draw, close_spaces,
replace_power, replace_castles and leader_out (K45-K47), on built positions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from outremer.games.kingdom_of_heaven import effects, events
from outremer.games.kingdom_of_heaven.common import data, load_state
from outremer.games.kingdom_of_heaven.procedures import PROCEDURES
from outremer.games.kingdom_of_heaven.state import State

from .positions_turn import give, kinds, position, stand_ins


def _event(state: State, player: str, card: str) -> None:
    give(state, player, card)
    state.stack = []
    PROCEDURES.push(state, "event", player=player, card=card)
    PROCEDURES.settle(state)


def _recorder(monkeypatch: pytest.MonkeyPatch, kind: str) -> list[tuple[str, Mapping[str, Any]]]:
    """The handler of ``kind`` (another section's) replaced for this test by one that records."""
    calls: list[tuple[str, Mapping[str, Any]]] = []

    def record(state: State, player: str, effect: Mapping[str, Any], context: Mapping[str, Any]) -> None:
        calls.append((player, dict(context)))

    monkeypatch.setitem(effects.HANDLERS, kind, record)
    return calls


def test_remove_if_played_leaves_the_game() -> None:
    state = position()
    _event(state, "christian", "D3")  # Campaign in Cyprus
    # §8.4.1 L462: played as an event, the card is removed, not discarded
    assert "D3" in state.removed and "D3" not in state.discard and kinds(state) == []
    # §Example.C2 L1310, K46: the Cypriot castles become Crusader ones, on the same side
    assert state.castles["limassol"] == {"power": "crusaders", "low": False}
    assert state.castles["famagusta"]["power"] == "crusaders"


def test_a_reshuffle_is_ordered_for_the_end_of_the_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _recorder(monkeypatch, "rp")
    state = position()
    _event(state, "christian", "56")  # Papal Legate: Remove If Played, reshuffle
    # §8.5 L482: the flag for the end of the turn; §8.4.1: removed; the effect ran for its player
    assert state.reshuffle is True and "56" in state.removed
    assert calls == [
        (
            "christian",
            {"card": "56", "trigger": "event", "space": None, "actor": None, "leader": None, "ov": 1},
        )
    ]


def test_draw_replacement_card_is_a_choice() -> None:
    state = position()
    give(state, "christian", "11")
    _event(state, "christian", "53")  # Spies: draw one, Draw Replacement Card
    # the draw effect, then K42: asked whether to draw a replacement (§8.4.1 L464)
    assert len(state.hands["christian"]) == 2
    assert PROCEDURES.legal(state, "christian") == [("draw",), ("no_draw",)]
    PROCEDURES.perform(state, "christian", ("draw",))
    assert len(state.hands["christian"]) == 3 and kinds(state) == []


def test_the_player_chooses_where_an_attrition_event_strikes(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _recorder(monkeypatch, "attrition")
    state = position()
    _event(state, "christian", "14")  # Bedouin Raid: attrition on an enemy army
    # K42 (where_choices): the spaces where the Muslim has an army, outside a stronghold
    assert set(PROCEDURES.legal(state, "christian")) == {
        ("at", "aleppo"),
        ("at", "cairo"),
        ("at", "tiberias"),
    }
    PROCEDURES.perform(state, "christian", ("at", "tiberias"))
    assert calls[0][1]["space"] == "tiberias" and kinds(state) == []


def test_a_naval_event_sails_from_a_friendly_port(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _recorder(monkeypatch, "naval")
    state = position()
    give(state, "christian", "J5")  # Evacuation by Sea: a naval move by event
    state.stack = []
    PROCEDURES.push(state, "event", player="christian", card="J5")
    PROCEDURES.settle(state)
    legal = PROCEDURES.legal(state, "christian")
    # §10.8 L636: from a friendly Mediterranean port, with a leader there or units alone
    assert ("sail", "acre", "guy") in legal and ("sail", "acre", "") in legal
    assert not any(a[1] == "tiberias" for a in legal)
    PROCEDURES.perform(state, "christian", ("sail", "acre", "guy"))
    assert (calls[0][1]["space"], calls[0][1]["leader"]) == ("acre", "guy")


def test_a_draw_from_an_empty_deck_takes_the_discards() -> None:
    state = position()
    state.discard, state.deck = list(state.deck), []
    _event(state, "christian", "53")
    # §8.5 L482: the deck found empty is rebuilt from the discards at once
    assert len(state.hands["christian"]) == 1 and state.discard == []


def test_no_draw_with_deck_and_discards_empty() -> None:
    state = position()
    state.removed += state.deck
    state.deck = []
    give(state, "christian", "53")
    # K31: nothing to draw from
    assert events.take_card(state, "christian") is False and state.hands["christian"] == ["53"]


def _place(state: State, space: str, power: str, leader: str, full: dict[str, int]) -> None:
    state.field.setdefault(space, {})[power] = {"full": dict(full), "reduced": {}, "leaders": [leader]}


def test_a_leader_leaves_with_his_units() -> None:
    state = position()
    _place(state, "constantinople", "crusaders", "barbarossa", {"3-4": 3})
    _event(state, "muslim", "D6")  # Death of Barbarossa: dead, two units to the pool
    # K47: the leader to the dead pile, two of his Power's units to the force pool
    assert "barbarossa" in state.dead["crusaders"]["leaders"]
    assert state.pools["crusaders"]["full"] == {"3-4": 2}
    assert state.field["constantinople"]["crusaders"] == {"full": {"3-4": 1}, "reduced": {}, "leaders": []}


def test_a_leader_to_the_force_pool() -> None:
    state = position()
    _event(state, "christian", "D2")  # Saladin Falls Ill: to the force pool, no unit
    assert "saladin" in state.pools["ayyubids"]["leaders"]
    assert "saladin" not in state.field["tiberias"]["ayyubids"]["leaders"]
    assert state.field["tiberias"]["ayyubids"]["full"] == {"3-6": 4, "2-6": 6, "2-4": 2}


def test_a_leader_off_the_map_is_untouched() -> None:
    state = position()
    state.field["tiberias"]["ayyubids"]["leaders"].remove("saladin")
    state.prisoners["christian"] = ["saladin"]
    before = {k: state.to_json()[k] for k in ("field", "inside", "pools", "dead", "prisoners")}
    _event(state, "christian", "D2")
    # K47: the event finds nothing to act on
    assert {k: state.to_json()[k] for k in before} == before


def test_succession_crisis_takes_the_players_own_ranking_leader() -> None:
    state = position()
    _event(state, "muslim", "18")  # own_ranking to the force pool
    # §5.4, K29, K47: Saladin is the Muslim's ranking leader
    assert "saladin" in state.pools["ayyubids"]["leaders"]


def test_a_power_passes_to_another() -> None:
    state = position("F")
    give(state, "muslim", "F4")
    state.stack = []
    PROCEDURES.push(state, "event", player="muslim", card="F4")  # Murder of Turanshah
    PROCEDURES.settle(state)
    # K45: leaders, castles and the units of the Mamluks' types become Mamluk; the 2-4 foot stay
    assert "yusuf" in state.field["aleppo"]["mamluks"]["leaders"]
    assert state.field["aleppo"]["ayyubids"] == {"full": {"2-4": 1}, "reduced": {}, "leaders": []}
    assert state.field["cairo"]["mamluks"]["full"] == {"2-6": 7, "3-6": 4}
    assert all(c["power"] != "ayyubids" for c in state.castles.values())
    assert "ayyubids" not in state.owners.values() and "ayyubids" not in state.cities.values()
    load_state(state.to_json())  # every unit a type of its Power's mix


def test_late_nile_floods_close_the_nile_for_the_turn() -> None:
    state = position("E")
    _event(state, "muslim", "E1")
    # K9, §10.6.Nile: the Nile spaces closed while the event lasts the turn
    assert state.lasting == ["E1"]
    assert events.closed(state) == {"minya", "cairo", "mansurah", "damietta"}


@pytest.mark.parametrize(
    ("card", "trigger"),
    [
        ("58", "activation"),
        ("1", "activation"),
        ("50", "activation"),
        ("25", "naval"),
        ("8", "diplomacy"),
        ("D4", "activation"),  # a plain event acting only on an enemy activation (K43)
    ],
)
def test_which_response_answers_which_action(card: str, trigger: str) -> None:
    c = data(position()).cards.cards[card]
    # K43: each red card answers one kind of announced action
    assert events.fits(c, trigger)
    assert not any(events.fits(c, t) for t in ("activation", "naval", "diplomacy", "siege") if t != trigger)


def test_battle_and_plain_events_are_no_responses() -> None:
    cards = data(position()).cards.cards
    # §8.4.2, §8.4.3: only red titles are responses
    assert not events.fits(cards["21"], "activation") and not events.fits(cards["3"], "activation")


def test_a_response_runs_above_the_announced_action(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = _recorder(monkeypatch, "mp")
    state = position()
    give(state, "muslim", "58")  # Poor Roads
    seen = stand_ins(monkeypatch, "activation")
    state.stack = []
    PROCEDURES.push(state, "activation", player="christian", card="12", ov=2, leader="guy", space="acre")
    PROCEDURES.push(state, "response", player="muslim", trigger="activation", space="acre", actor="guy")
    assert PROCEDURES.legal(state, "muslim") == [("pass",), ("respond", "58")]
    PROCEDURES.perform(state, "muslim", ("respond", "58"))
    # §8.4.3: played at once, discarded, its effect run with what was announced
    assert calls == [("muslim", {"card": "58", "trigger": "activation", "space": "acre", "actor": "guy"})]
    assert "58" in state.discard
    assert seen[0]["done"] == {"kind": "response", "card": "58"}


def test_a_response_only_from_its_side() -> None:
    state = position()
    give(state, "christian", "25")  # Fleet Unavailable: the Muslim's
    # §2.4: the side that may play the event
    assert events.responses(state, "christian", "naval") == []
    give(state, "muslim", "25")
    assert events.responses(state, "muslim", "naval") == ["25"]
