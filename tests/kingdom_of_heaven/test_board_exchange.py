"""The data the board's siege-events panel reads (web/board.js ``exchange``): the siege events laid
in a siege's or an assault's exchange, kept in their frame in the order played (sieges.lay), each
side's manpower in the siege frame's view, and each card's siege event in the board description;
and that what the panel may show is public: twins differing only in a hidden hand give the other
side the same view (§8.1)."""

from __future__ import annotations

from typing import Any

from outremer.engine import get_game
from outremer.games.kingdom_of_heaven import forces, views
from outremer.games.kingdom_of_heaven.common import data
from outremer.games.kingdom_of_heaven.drawing import board_description
from outremer.games.kingdom_of_heaven.state import State

from .positions_strongholds import act, dice, drive, give, pieces, position, recorded
from .test_board import replay

C, M = "christian", "muslim"
GAME = get_game("kingdom-of-heaven")


def laid(state: State, kind: str = "siege") -> list[dict[str, Any]]:
    frame = next(f for f in reversed(state.stack) if f["kind"] == kind)
    return [dict(e) for e in frame["laid"]]


def entry(player: str, role: str, card: str, **rest: Any) -> dict[str, Any]:
    out = {"player": player, "as": role, "card": card, "fortune": False, "cancels": None, "cancelled": False}
    return {**out, **rest}


def homs(blockade: bool) -> State:
    state = position("G")
    forces.put(state, "inside", "homs", "ayyubids", pieces({"2-6": 2}))
    forces.put(state, "field", "homs", "mongols", pieces({"4-6": 3}))
    state.sieges["homs"] = {"besieger": C, "rf": 3, "blockade": blockade}
    return state


def test_the_exchange_keeps_each_event_laid_what_it_cancelled_and_by_what():
    # §17.6.6 L1099-L1101: Blockade Broken (#5) answers the Mangonels (#33); the besieger's Lines of
    # Circumvallation (#29) cancels it; each is laid in order, the cancelled one marked.
    state = homs(blockade=True)
    give(state, C, "33", "29")
    give(state, M, "5")
    with recorded():
        drive(state, "siege", player=C, space="homs", card="33")
        act(state, C, "event", "33")
        act(state, M, "event", "5")
        act(state, C, "event", "29")
        assert laid(state) == [
            entry(C, "A", "33"),
            entry(M, "D", "5", cancelled=True),
            entry(C, "A", "29", cancels="5"),
        ]
        # Both players and an observer see the laid events: they are public once played.
        frames = [views.view(state, r)["stack"][-1] for r in (C, M, None)]
        assert all(f["laid"] == laid(state) for f in frames)


def test_an_event_drawn_by_fortune_is_laid_for_its_side_and_the_canceller_marks_it():
    # §17.6.5 L1081: Fortunes of War draws the Siege Tower (#32), the besieger's; the besieged's Greek
    # Fire (#12) cancels it.
    state = homs(blockade=False)
    give(state, C, "9")
    give(state, M, "12")
    state.deck.remove("32")
    state.deck.insert(0, "32")
    with recorded():
        drive(state, "siege", player=C, space="homs", card="9")
        act(state, C, "fortunes")
        assert laid(state) == [entry(C, "A", "32", fortune=True)]
        act(state, M, "event", "12")
        assert laid(state) == [
            entry(C, "A", "32", fortune=True, cancelled=True),
            entry(M, "D", "12", cancels="32"),
        ]


def test_the_siege_frame_in_the_view_carries_each_sides_manpower_and_what_is_used():
    # §17.6.6 L1089, L1093: the besieger's manpower is his full units outside and one for two
    # reduced; the besieged's the units inside plus two for a Full castle (one for a Low, K71).
    state = position("G")
    forces.put(state, "inside", "homs", "ayyubids", pieces({"2-6": 2}))
    forces.put(state, "field", "homs", "mongols", pieces({"4-6": 2}, {"4-6": 3}))
    state.sieges["homs"] = {"besieger": C, "rf": 3, "blockade": False}
    castle = state.castles.get("homs")
    walls = 0 if castle is None else 1 if castle["low"] else 2
    give(state, C, "33")  # Mangonels
    with recorded():
        drive(state, "siege", player=C, space="homs", card="33")
        act(state, C, "event", "33")
        frame = views.view(state, M)["stack"][-1]
    assert frame["manpower"] == {"A": 2 + 3 // 2, "D": 2 + walls}
    assert frame["man"] == {"A": data(state).cards.cards["33"].siege_event.man, "D": 0}  # type: ignore[union-attr]


def test_the_assault_keeps_its_blue_events_and_the_canceller(monkeypatch):
    # §17.7 L1119, §8.4.2 L472: Countermines (#38) cancels Sappers and Miners (#2) in the assault.
    state = position("G")
    forces.put(state, "field", "homs", "mongols", pieces({"4-6": 4}, leaders=["hulegu"]))
    forces.put(state, "inside", "homs", "ayyubids", pieces({"2-6": 1}))
    state.sieges["homs"] = {"besieger": C, "rf": 3, "blockade": True}
    give(state, C, "2", "15")
    give(state, M, "38")
    dice(monkeypatch, [1, 1])
    with recorded():
        drive(state, "assault", player=C, space="homs")
        act(state, C, "event", "2")
        act(state, C, "event", "15")
        act(state, C, "pass")
        act(state, M, "event", "38")
        assert laid(state, "assault") == [
            entry(C, "A", "2", cancelled=True),
            entry(C, "A", "15"),
            entry(M, "D", "38", cancels="2"),
        ]


def test_the_board_description_prints_each_cards_siege_event():
    # §2.4 L182: the foot of a card, its siege event: who plays it, MAN, blue, blockade, cancels.
    cards = board_description()["cards"]
    for card in data(GAME.setup(1, "A")).cards.cards.values():
        drawn = cards[card.id]["siege"]
        event = card.siege_event
        if event is None:
            assert drawn is None
            continue
        assert drawn == {
            "title": event.title,
            "user": event.user,
            "man": event.man,
            "blue": event.blue,
            "blockaded": event.blockaded,
            "cancels": list(event.cancels),
        }
    tower = data(GAME.setup(1, "A")).cards.cards["32"].siege_event
    assert tower is not None and tower.title in cards["12"]["siege"]["cancels"]


def test_twins_differing_in_a_hidden_hand_give_the_other_side_the_same_exchange():
    # §8.1: a hand is seen by its holder alone; the exchange shows only laid cards.
    state = replay("siege-events")
    assert state.stack[-1]["laid"]
    for holder, other in ((C, M), (M, C)):
        twin = GAME.copy(state)
        swap = next(i for i, c in enumerate(twin.deck) if c not in twin.hands[holder])
        twin.hands[holder][0], twin.deck[swap] = twin.deck[swap], twin.hands[holder][0]
        assert twin.hands[holder] != state.hands[holder]
        assert views.view(twin, other) == views.view(state, other)
        assert views.view(twin, None) == views.view(state, None)
        assert views.view(twin, holder) != views.view(state, holder)  # the twins do differ
