"""The opening draft (Draft.1-5; the direction of play R8a)."""

from __future__ import annotations

from outremer.games.four_powers.procedures import PROCEDURES
from outremer.games.four_powers.setup import new_game
from outremer.games.four_powers.state import BLUFF, CRUSADERS, ROLES, SELJUK

from .acting import act, top


def test_each_pick_keeps_one_and_passes_the_rest_left() -> None:
    s = new_game(7, "four", {})
    before = {r: list(s.draft["hands"][r]) for r in ROLES}
    assert all(len(h) == 5 for h in before.values())  # Draft.1
    picks = {r: before[r][0] for r in ROLES}
    for r in ROLES:
        act(s, r, "keep", picks[r])
    # Draft.2: each now holds the 4 cards its right-hand neighbour (the seat before) passed
    for i, r in enumerate(ROLES):
        right = ROLES[i - 1]
        assert s.draft["hands"][r] == [c for c in before[right] if c != picks[right]]
        assert s.draft["kept"][r] == [picks[r]]
    assert s.draft["pick"] == 2 and PROCEDURES.deciders(s) == ROLES


def test_the_picks_are_sealed_until_all_are_in() -> None:
    s = new_game(7, "four", {})
    act(s, ROLES[0], "keep", s.draft["hands"][ROLES[0]][0])
    # Draft.1: simultaneous; the others are still asked and the hands have not moved
    assert PROCEDURES.deciders(s) == ROLES[1:]
    assert len(s.draft["hands"][ROLES[0]]) == 5
    # the log tells the others only that a card was kept
    public = [e for e in s.log if e[0] == "Draft.2" and e[1] == "!" + ROLES[0]]
    assert public == [["Draft.2", "!" + ROLES[0], f"{ROLES[0]} keeps a card."]]


def test_the_last_pick_puts_two_under_the_deck_and_adds_the_bluff() -> None:
    s = new_game(9, "four", {})
    deck = list(s.deck)
    for _ in range(3):
        for r in ROLES:
            act(s, r, "keep", s.draft["hands"][r][-1])
    # Draft.3, Draft.5: 3 kept cards and the Bluff; 8 cards under the old deck
    assert all(len(s.hands[r]) == 4 and s.hands[r][-1] == BLUFF for r in ROLES)
    assert s.deck[: len(deck)] == deck and len(s.deck) == len(deck) + 8
    assert s.draft == {}
    assert top(s)["kind"] == "turn" and top(s)["role"] == s.first  # Round.3: the first player acts
    held = [c for r in ROLES for c in s.hands[r] if c != BLUFF]
    assert len(set(held + s.deck)) == 54


def test_two_players_pass_to_each_other() -> None:
    s = new_game(2, "two-crusaders-caliphate", {})
    a, b = s.players
    first = {r: list(s.draft["hands"][r]) for r in s.players}
    act(s, a, "keep", first[a][0])
    act(s, b, "keep", first[b][0])
    assert s.draft["hands"][b] == first[a][1:] and s.draft["hands"][a] == first[b][1:]


def test_each_player_is_told_what_it_receives_and_the_others_only_how_many() -> None:
    s = new_game(4, "four", {})
    for r in ROLES:
        act(s, r, "keep", s.draft["hands"][r][0])
    # Draft.2: the passed cards are seen by their new holder alone
    mine = [e for e in s.log if e[1] == CRUSADERS and e[2].startswith("You receive")]
    public = [e for e in s.log if e[1] == "!" + CRUSADERS and "receives" in e[2]]
    assert len(mine) == 1 and mine[0][2].endswith(f"from {SELJUK}.")
    assert public == [["Draft.2", "!" + CRUSADERS, f"{CRUSADERS} receives 4 cards from {SELJUK}."]]
