"""Kingdom of Heaven on the game contract (game.py): set-up to the first round, views with a prompt
and the role's legal actions, saves read back, bad input refused, a whole game of discards and
passes to its end (§5.7, §19.2, §20.2)."""

from __future__ import annotations

import random

import pytest

from outremer.engine.errors import BadSave, IllegalAction
from outremer.games.kingdom_of_heaven.game import KingdomOfHeaven
from outremer.games.kingdom_of_heaven.initiative import first_player
from outremer.games.kingdom_of_heaven.procedures import PROCEDURES
from outremer.games.kingdom_of_heaven.state import State

from .positions_turn import plain_deck, stand_ins

GAME = KingdomOfHeaven()


def test_setup_stands_at_the_first_round() -> None:
    state = GAME.setup(5, "D")
    # §5.4, §5.5: turn 1 opens with the initiative player's round
    assert GAME.active_roles(state) == (first_player(state),)
    assert state.phase == "strategy" and state.turn == 1


def test_views_carry_the_prompt_and_own_choices_only() -> None:
    state = GAME.setup(5, "D")
    mover = GAME.active_roles(state)[0]
    waiting = "christian" if mover == "muslim" else "muslim"
    view = GAME.view(state, mover)
    assert "§8.4" in view["prompt"] and view["phase_name"] == "Strategy Phase (5.5)"
    assert view["legal"] and GAME.view(state, waiting)["legal"] == []
    # §8.1: a hand is hidden from the opponent and observers
    assert "cards" not in GAME.view(state, waiting)["hands"][mover]
    assert "cards" not in GAME.view(state, None)["hands"][mover]
    assert GAME.prompt(state, waiting).startswith(f"Waiting for {mover.capitalize()}")


def test_saves_are_read_back_and_bad_ones_refused() -> None:
    state = GAME.setup(7, "B")
    again = GAME.from_json(GAME.to_json(state))
    assert GAME.to_json(again) == GAME.to_json(state)
    broken = GAME.to_json(state)
    broken["stack"] = [{"kind": "no such procedure"}]
    with pytest.raises(BadSave):
        GAME.from_json(broken)


def test_an_illegal_action_changes_nothing() -> None:
    state = GAME.setup(5, "D")
    mover = GAME.active_roles(state)[0]
    before = GAME.to_json(state)
    with pytest.raises(IllegalAction):
        GAME.apply_in_place(state, mover, ("discard", "no such card"))
    assert GAME.to_json(state) == before


def test_twins_differing_in_a_hand_ask_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    a, b = GAME.setup(5, "D"), GAME.setup(5, "D")
    mover = GAME.active_roles(a)[0]
    other = "christian" if mover == "muslim" else "muslim"
    b.hands[other], b.deck[: len(b.hands[other])] = list(b.deck[: len(b.hands[other])]), list(b.hands[other])
    assert a.hands[other] != b.hands[other]
    # tests/test_twins.py: what the mover is asked and what the other sees do not depend on it
    assert GAME.prompt(a, mover) == GAME.prompt(b, mover)
    assert GAME.legal_actions(a, mover) == GAME.legal_actions(b, mover)
    assert GAME.prompt(a, other) == GAME.prompt(b, other)


def _play_out(state: State) -> None:
    for _ in range(2000):
        if state.result is not None:
            return
        role = GAME.active_roles(state)[0]
        legal = GAME.legal_actions(state, role)
        pick = next((a for a in legal if a[0] in ("discard", "pass", "decline")), legal[0])
        GAME.apply_in_place(state, role, pick)


def test_a_game_of_discards_runs_to_its_end(monkeypatch: pytest.MonkeyPatch) -> None:
    stand_ins(monkeypatch, "replacement", "muster", "demobilize")
    state = GAME.setup(2, "C")  # seven turns, no Crusade
    plain_deck(state)
    _play_out(state)
    # §5.7 L317, §20.2: the game ends after the scenario's last turn
    assert state.result is not None and state.turn == 7
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == {p: float(v) for p, v in state.vp.items()}
    assert PROCEDURES.top(state) is None


def test_a_cancelled_crusade_ends_the_game_early(monkeypatch: pytest.MonkeyPatch) -> None:
    stand_ins(monkeypatch, "replacement", "muster", "demobilize")
    state = GAME.setup(2, "D")  # the Crusade on turn 4, the Muslim at 14 of 14
    state.cities["damascus"] = "jerusalem"  # the Muslim down to 11
    plain_deck(state)
    _play_out(state)
    # §19.2 L1226: the check at the start of turn 4
    assert state.turn == 4 and state.result is not None and state.result["winners"] == ["christian"]


def _twin(state: State, other: str) -> State:
    """``state`` with ``other``'s hand swapped for the deck's first cards: a twin for his foe."""
    b = GAME.copy(state)
    n = len(b.hands[other])
    b.hands[other], b.deck[:n] = list(b.deck[:n]), list(b.hands[other])
    return b


def test_a_sample_looks_the_same_to_its_player() -> None:
    state = GAME.setup(5, "D")
    state.known["muslim"] = [state.hands["muslim"][0]]  # §13.6: a card the Christian has seen
    sample = GAME.sample(state, "christian", random.Random(1))
    # what the Christian sees is unchanged; the Muslim keeps the card the Christian knows
    assert GAME.view(sample, "christian") == GAME.view(state, "christian")
    assert state.known["muslim"][0] in sample.hands["muslim"]
    assert sorted(sample.hands["muslim"] + sample.deck) == sorted(state.hands["muslim"] + state.deck)


def test_twins_give_the_same_sample() -> None:
    # engine.game.Game.sample: the sampler never reads what its player cannot see
    a = GAME.setup(5, "D")
    b = _twin(a, "muslim")
    assert a.hands["muslim"] != b.hands["muslim"]
    one, two = GAME.sample(a, "christian", random.Random(3)), GAME.sample(b, "christian", random.Random(3))
    assert GAME.to_json(one) == GAME.to_json(two)


def test_actions_in_words_name_cards_and_leaders() -> None:
    state = GAME.setup(1, "D")
    role = GAME.active_roles(state)[0]
    words = [GAME.describe_action(state, role, a) for a in GAME.legal_actions(state, role)]
    # menus: every choice of the round told apart, by the cards' titles and the leaders' names
    assert len(set(words)) == len(words)
    assert GAME.describe_action(state, role, ("activate", "13", "saladin")) == (
        "play Preaching of Jihad (#13) to activate Saladin"
    )
