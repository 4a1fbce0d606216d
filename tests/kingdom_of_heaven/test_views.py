"""What a role may see (outremer/games/kingdom_of_heaven/views.py): twin states that differ only
in one hidden fact give every role that may not see it the same view, log included, while a role
that may see it tells them apart."""

from __future__ import annotations

import json
from collections.abc import Iterable

from outremer.games.kingdom_of_heaven.setup import new_game
from outremer.games.kingdom_of_heaven.state import State
from outremer.games.kingdom_of_heaven.views import view


def seen(state: State, role: str | None) -> str:
    return json.dumps(view(state, role), sort_keys=True)


def blind(a: State, b: State, roles: Iterable[str | None]) -> None:
    """Each of ``roles`` sees ``a`` and ``b`` alike."""
    for role in roles:
        assert seen(a, role) == seen(b, role), role


def test_a_hand_is_seen_by_its_holder_alone() -> None:
    # §8.1: each player draws his cards; the other sees only how many
    a = new_game(3, "D")
    b = a.copy()
    b.hands["muslim"][0], b.deck[0] = b.deck[0], b.hands["muslim"][0]  # another card dealt
    blind(a, b, [None, "christian"])
    assert seen(a, "muslim") != seen(b, "muslim")


def test_the_decks_order_is_seen_by_nobody() -> None:
    # §4.3: the strategy deck is shuffled and drawn face down
    a = new_game(3, "H")
    b = a.copy()
    b.deck.reverse()
    blind(a, b, [None, "christian", "muslim"])


def test_a_card_the_opponent_knows_is_seen_by_both() -> None:
    # §13.6: the ransom card is drawn by the opponent from the hand, so both know it
    a = new_game(3, "B")
    b = a.copy()
    a.known["christian"] = [a.hands["christian"][0]]
    b.known["christian"] = [b.hands["christian"][1]]
    for role in (None, "christian", "muslim"):
        assert seen(a, role) != seen(b, role), role
    assert view(a, "muslim")["hands"]["christian"]["known"] == [a.hands["christian"][0]]


def test_a_private_log_line_is_read_by_its_audience_alone() -> None:
    a = new_game(3, "A")
    b = a.copy()
    a.say("§8.1", f"You draw {a.hands['christian'][0]}.", ["christian"])
    b.say("§8.1", f"You draw {b.hands['christian'][1]}.", ["christian"])
    blind(a, b, [None, "muslim"])
    assert seen(a, "christian") != seen(b, "christian")


def test_stacks_sizes_and_discards_are_open_to_both() -> None:
    # §10.5.1: either player may look at any stack; the discards and hand sizes are public
    a = new_game(3, "E")
    b = a.copy()
    b.discard.append(b.hands["christian"].pop())
    for role in (None, "christian", "muslim"):
        assert seen(a, role) != seen(b, role), role
    c = a.copy()
    power = next(iter(c.pools))
    c.pools[power]["leaders"].append("nobody")
    for role in (None, "christian", "muslim"):
        assert seen(a, role) != seen(c, role), role


def test_the_scripted_bots_view_is_the_view_without_log_and_prompt() -> None:
    # game.seat_view: what the scripted bot reads, §8.1 as view() (its own hand, the other's
    # size): the same view, less the log, the phase's name and the prompt it never reads
    from outremer.games.kingdom_of_heaven.game import KingdomOfHeaven

    game = KingdomOfHeaven()
    state = game.setup(3, "D")
    state.say("§8.1", "A line for the Christian alone.", ["christian"])
    for role in ("christian", "muslim"):
        full, seat = game.view(state, role), game.seat_view(state, role)
        assert seat["legal"] == full["legal"] and seat["hands"] == full["hands"]
        for key in ("log", "phase_name", "prompt"):
            del full[key]
        assert seat == full
