"""The learning encoding (encoding.py) of the variable set-up: the observer's own dealt cards and
the one it laid face down are read, another Army's are not (twins differing only in them encode
alike), and the cards shown, the deployment points and the Desert of every Army are read. Keys are
those of docs/third-crusade/sections.md; V<n> the rulings of docs/third-crusade/variable-setup.md."""

from __future__ import annotations

import random

from outremer.games.third_crusade.state import State
from outremer.games.third_crusade.variable_setup import deserts

from .play import GAME, kind, play, start

TWO = "variable_two_angevin_ayyubid"


def changed(a: State, b: State, role: str | None) -> int:
    """How many numbers of ``role``'s observation differ between ``a`` and ``b``."""
    x, y = GAME.observe(a, role), GAME.observe(b, role)
    assert len(x) == len(y)
    return sum(1 for p, q in zip(x, y, strict=True) if p != q)


def swap_dealt(state: State, army: str) -> None:
    """``army``'s first dealt card exchanged with the first card left in its side's deck."""
    v = state.variable
    assert v is not None
    deck = v["decks"]["crusader" if army in ("angevin", "hre") else "muslim"]
    v["hands"][army][0], deck[0] = deck[0], v["hands"][army][0]


def test_own_dealt_cards_are_read_and_another_armys_are_not() -> None:
    # VariableSetup.Decks: the 4 cards dealt are told to their holder alone
    x, y = start(TWO), start(TWO)
    swap_dealt(y, "ayyubid")
    assert changed(x, y, "ayyubid") == 2  # one card out of its hand, another in
    assert changed(x, y, "angevin") == 0 and GAME.observe(x, "angevin") == GAME.observe(y, "angevin")


def test_own_sealed_discard_is_read_and_another_armys_is_not() -> None:
    # VariableSetup.Decks, V6: the card laid face down stays the holder's until the 3 kept are shown
    x, y = start(TWO), start(TWO)
    assert x.variable is not None
    hand = sorted(x.variable["hands"]["angevin"])
    play(x, "angevin", "discard", hand[0])
    play(y, "angevin", "discard", hand[1])
    assert changed(x, y, "ayyubid") == 0
    assert changed(x, y, "angevin") == 2
    before = start(TWO)
    assert changed(before, x, "ayyubid") > 0  # that a card is laid is public


def shown(first: bool) -> State:
    """A 2-player variable set-up at its deployment, every player having laid its first (or last)
    card face down."""
    state = start(TWO)
    while kind(state) == "variable_discard":
        role = GAME.active_roles(state)[0]
        legal = GAME.legal_actions(state, role)
        play(state, role, *(legal[0] if first else legal[-1]))
    assert kind(state) == "deploy"
    return state


def test_the_cards_shown_the_points_and_the_desert_are_read_for_every_army() -> None:
    # VariableSetup.Deploy: the 3 kept are shown to all; the points left and the Desert are public
    x, y = shown(True), shown(False)
    assert x.variable is not None and y.variable is not None
    assert x.variable["revealed"]["angevin"] != y.variable["revealed"]["angevin"]
    assert changed(x, y, "ayyubid") > 0 and changed(x, y, None) > 0
    fewer = shown(True)
    assert fewer.variable is not None
    fewer.variable["points"]["angevin"] -= 1
    assert changed(x, fewer, "ayyubid") == 1
    settled = shown(True)
    assert settled.variable is not None
    settled.variable["deserts"]["angevin"] = deserts(settled, "angevin")[0]  # V2: its one Desert
    assert changed(x, settled, "ayyubid") == 1


def test_the_observation_has_one_length_in_every_set_up() -> None:
    # rl: a fixed length whatever the scenario, the variable set-up's numbers all 0 elsewhere
    lengths = {len(GAME.observe(start(s), GAME.roles_for(s)[0])) for s in ("variable_four", TWO, "four")}
    assert len(lengths) == 1


def test_a_sample_of_the_hidden_cards_encodes_alike() -> None:
    # VariableSetup.Decks: the sampler deals anew what the observer cannot see, which it never read
    state = start("variable_four")
    first = GAME.active_roles(state)[0]
    play(state, first, *GAME.legal_actions(state, first)[0])
    rng = random.Random(3)
    for role in state.armies:
        for _ in range(3):
            assert GAME.observe(GAME.sample(state, role, rng), role) == GAME.observe(state, role)


def test_the_card_laid_down_stays_unread_by_the_others_after_the_reveal() -> None:
    # VariableSetup.Deploy: only the 3 kept are shown; the one laid face down stays its holder's
    x, y = shown(True), shown(True)
    assert y.variable is not None
    deck = y.variable["decks"]["muslim"]
    y.variable["discarded"]["ayyubid"], deck[0] = deck[0], y.variable["discarded"]["ayyubid"]
    assert changed(x, y, "angevin") == 0 and changed(x, y, None) == 0
    assert changed(x, y, "ayyubid") == 2
