"""Fair play in a Conflict (PlayerSetup.6, Battle.7-8; docs/architecture.md "Hidden information"):
twin positions that differ only in a fact hidden from a role (another's Gold, hand or sealed
commitment) give that role the same windows, legal actions, stack and log, step by step."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from outremer.engine.procedures import public_frame
from outremer.games.four_powers.procedures import PROCEDURES
from outremer.games.four_powers.state import BYZANTINES, CALIPHATE, CRUSADERS, SELJUK, State

from .fights import act, asked, conflicts_for, hand, texts
from .test_battle import example

GEORGE, BEATRICE, ROBERT = SELJUK, BYZANTINES, CRUSADERS


def seen(s: State, role: str | None) -> dict[str, Any]:
    """What ``role`` (None: an observer) can know of the position."""
    return {
        "log": texts(s, role),
        "asked": PROCEDURES.deciders(s),
        "stack": [public_frame(f, role) for f in s.stack],
        "legal": PROCEDURES.legal(s, role) if role else [],
        "units": s.units,
        "support": s.support,
        "vp": s.vp,
    }


def same_for_others(a: State, b: State, owner: str) -> None:
    for role in (None, *(r for r in a.players if r != owner)):
        assert seen(a, role) == seen(b, role), role


Step = Callable[[State], None]


def replay(twins: tuple[State, State], owner: str, steps: list[Step]) -> None:
    """Play the same steps on both twins, checking after each that only ``owner`` can tell them
    apart."""
    a, b = twins
    same_for_others(a, b, owner)
    for step in steps:
        step(a)
        step(b)
        same_for_others(a, b, owner)


EXAMPLE_STEPS: list[Step] = [
    lambda s: conflicts_for(s, GEORGE),
    lambda s: act(s, GEORGE, "battle", "antiocheia", BEATRICE),
    lambda s: act(s, GEORGE, "invite", ROBERT),
    lambda s: act(s, ROBERT, "decline"),
    lambda s: act(s, BEATRICE, "invite", ROBERT),
    lambda s: act(s, ROBERT, "accept"),
]


def test_the_reinforcement_window_opens_whatever_the_gold() -> None:
    # Battle.6, R5c: Robert is asked to move in with or without Gold to pay; only he sees why he
    # may only stop.
    a, b = example(), example()
    b.gold[ROBERT] = b.faith[ROBERT] = 0  # Faith would pay too (R12)
    replay((a, b), ROBERT, EXAMPLE_STEPS)
    assert asked(a) == asked(b) == (ROBERT,)
    assert PROCEDURES.legal(b, ROBERT) == [("done",)]
    assert ("reinforce", "iconium") in PROCEDURES.legal(a, ROBERT)


def test_a_hand_and_a_face_down_card_show_only_that_a_card_was_laid() -> None:
    # Battle.7: the cards go face down; the others read that a card was laid, not which (not
    # even whether it is the Bluff).
    a, b = example(), example()
    hand(b, BEATRICE, "c44", "c07")
    steps = [
        *EXAMPLE_STEPS,
        lambda s: act(s, ROBERT, "reinforce", "iconium"),
        lambda s: act(s, GEORGE, "commit_card", "c33"),
    ]
    replay((a, b), BEATRICE, steps)
    act(a, BEATRICE, "commit_card", "c07")
    act(b, BEATRICE, "commit_card", "bluff")
    same_for_others(a, b, BEATRICE)
    assert "Byzantines lays a card face down." in texts(a, GEORGE)
    assert "You lay Greek Fire face down." in texts(a, BEATRICE)
    assert not any("Greek Fire" in t for t in texts(a, GEORGE) + texts(a, None))


def test_a_sealed_commitment_shows_only_that_the_hand_is_closed() -> None:
    # Battle.8: Units and Faith in a closed hand are hidden until all reveal (Battle.9).
    a, b = example(), example()
    steps = [
        *EXAMPLE_STEPS,
        lambda s: act(s, ROBERT, "reinforce", "iconium"),
        lambda s: act(s, GEORGE, "commit_card", "c33"),
        lambda s: act(s, BEATRICE, "commit_card", "c07"),
    ]
    replay((a, b), BEATRICE, steps)
    act(a, BEATRICE, "commit", 2, 0, 0)
    act(b, BEATRICE, "commit", 1, 0, 0)
    same_for_others(a, b, BEATRICE)
    assert "Byzantines closes its hand." in texts(a, GEORGE)
    barrier = a.barrier
    act(a, GEORGE, "commit", 4, 0, 2)
    act(a, ROBERT, "commit", 2, 0, 2)
    assert a.barrier > barrier  # Battle.9: the reveal moves the undo barrier
    assert "Byzantines reveals 2 Footmen, 0 Knights and 0 Faith." in texts(a, GEORGE)


def test_the_buy_back_is_offered_whatever_the_gold() -> None:
    # Battle.14: Beatrice's and Robert's windows open with or without Gold to pay.
    def to_buy_back(s: State) -> None:
        for step in EXAMPLE_STEPS:
            step(s)
        act(s, ROBERT, "reinforce", "iconium")
        act(s, GEORGE, "commit_card", "c33")
        act(s, BEATRICE, "commit_card", "c07")
        act(s, GEORGE, "commit", 4, 0, 2)
        act(s, BEATRICE, "commit", 2, 0, 0)
        act(s, ROBERT, "commit", 2, 0, 2)
        act(s, GEORGE, "add_card", "c34")
        act(s, BEATRICE, "wound", BEATRICE, "footman")
        act(s, BEATRICE, "wound", ROBERT, "footman")

    a, b = example(), example()
    b.gold[BEATRICE] = 0
    a.gold[BEATRICE] = 4
    replay((a, b), BEATRICE, [to_buy_back])
    assert asked(a) == asked(b) == (BEATRICE,)
    assert PROCEDURES.legal(b, BEATRICE) == [("done",)]
    act(a, BEATRICE, "done")
    act(b, BEATRICE, "done")
    same_for_others(a, b, BEATRICE)


def test_an_invitation_is_offered_on_public_positions_only() -> None:
    # Battle.2: the Caliphate's Gold and hand do not change whom George may invite.
    a, b = example(), example()
    b.gold[CALIPHATE] = 9
    hand(b, CALIPHATE, "c16")
    replay((a, b), CALIPHATE, EXAMPLE_STEPS[:2])
    assert PROCEDURES.legal(a, GEORGE) == [("invite", ROBERT), ("alone",)]
