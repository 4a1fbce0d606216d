"""Deployment (3.1, 3.2): the Franks' seat adjustments, then the Saracen nomads and Saladin's
family exchange.

Rulings: a Frank outremer, turcopole or military order may be moved to any town carrying its seat
symbol (its home or an alternate seat, 1.13). Each block takes its seat once (undo takes a choice
back), except that a block standing in a town over its castle limit may move on once more, so that
blocks can trade places through a full town; no more than that, or the adjustments could go round
for ever (any arrangement can be reached moving each block once: the limits are checked only at
the end). Only where no block could then move and a limit is still exceeded may blocks in
over-limit towns move on again. The Franks may finish only when no castle limit
(6.52, the town's rating) is exceeded (3.1). The four nomads are drawn after
the Franks finish (3.1); Saladin may then swap places once with one family block in another town
(3.2).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from ...engine import rng
from .board import FRANKS, SARACENS
from .common import BLOCKS, BOARD, TOWNS, log, others
from .procedures import Action, ask, decision, end
from .records import Seating
from .state import State

ADJUSTABLE = ("outremers", "turcopoles", "military_orders")
SALADIN = "saladin"
FAMILY = ("al_adil", "al_aziz", "al_afdal", "al_zahir")
NOMADS_DRAWN = 4
MOVES = 2
"""The most times a Frank block may move in the deployment: once, and once more out of a town over
its castle limit (our ruling on 3.1); more only where the Franks could otherwise neither move nor
finish."""


SEATED = tuple(
    (b, BOARD.seats[b]) for b, info in BLOCKS.items() if info.side == FRANKS and info.group in ADJUSTABLE
)


def _work(state: State) -> Seating | None:
    """The Franks' deployment record in ``state.work`` (3.1), if they have moved a block yet."""
    return cast("Seating | None", state.work)


def _over_limit(state: State) -> list[str]:
    """Towns whose Frank blocks exceed the castle limit (3.1)."""
    counts: dict[str, int] = {}
    loc = state.loc
    for b, _ in SEATED:
        where = loc[b]
        counts[where] = counts.get(where, 0) + 1
    return sorted(t for t, n in counts.items() if t in TOWNS and n > max(1, TOWNS[t].rating))


def _franks_legal(state: State, role: str) -> list[Action]:
    loc = state.loc
    over = _over_limit(state)
    work = _work(state)
    seated = work["seated"] if work else []
    out = _moves(state, lambda b: b not in seated or (loc[b] in over and seated.count(b) < MOVES))
    if not over:
        out.append(("done",))
    elif not out:
        out = _moves(state, lambda b: loc[b] in over)  # stuck over a limit: move on again
    return out


def _moves(state: State, may: Callable[[str], bool]) -> list[Action]:
    """Every seat move of the Frank blocks that ``may`` move (3.1)."""
    loc = state.loc
    return [
        ("seat", b, seat)
        for b, seats in SEATED
        if loc[b] in TOWNS and may(b)
        for seat in seats
        if seat != loc[b]
    ]


def _franks_perform(state: State, role: str, action: Action) -> None:
    if action[0] == "seat":
        _, b, town = action
        state.loc[b] = town
        work = _work(state)
        if work is None:
            work = state.work = {"seated": []}
        work["seated"].append(b)  # once per move: a block moves at most MOVES times
        log(
            state,
            "3.1",
            "{block} takes the seat of {town}.",
            audience=FRANKS,
            block=BLOCKS[b].label,
            town=town,
        )
        return
    log(state, "3.1", "The Franks have deployed.")
    state.work = None
    end(state)
    _draw_nomads(state)


def _franks_prompt(state: State, role: str) -> str:
    over = _over_limit(state)
    if over:
        return f"Deploy: move blocks between their seats. Over the castle limit: {', '.join(over)}."
    return "Deploy: move blocks between their seats, or finish."


def _draw_nomads(state: State) -> None:
    """Four nomads drawn at random go to their seats (3.2)."""
    pool = [b for b, info in BLOCKS.items() if info.group == "nomads" and state.loc[b] == "pool"]
    state.barrier += 1
    for _ in range(NOMADS_DRAWN):
        b = pool.pop(rng.below(state, len(pool)))
        home = BLOCKS[b].home
        assert home is not None
        state.loc[b] = home
        state.steps[b] = BLOCKS[b].max_steps
        log(
            state,
            "3.2",
            "{block} is drawn and deployed at {town}.",
            audience=SARACENS,
            block=BLOCKS[b].label,
            town=home,
        )
        log(state, "3.2", "A nomad block is deployed at {town}.", audience=others(SARACENS), town=home)
    ask(state, "deploy_saracens", SARACENS)


def _saracens_legal(state: State, role: str) -> list[Action]:
    here = state.loc[SALADIN]
    out: list[Action] = [("swap", b) for b in FAMILY if state.loc[b] in TOWNS and state.loc[b] != here]
    out.append(("done",))
    return out


def _saracens_perform(state: State, role: str, action: Action) -> None:
    if action[0] == "swap":
        other = action[1]
        a, b = state.loc[SALADIN], state.loc[other]
        state.loc[SALADIN], state.loc[other] = b, a
        log(
            state,
            "3.2",
            "Saladin exchanges places with {block}: Saladin to {town}.",
            audience=SARACENS,
            block=BLOCKS[other].label,
            town=b,
        )
    log(state, "3.2", "The Saracens have deployed.")
    end(state)  # the game deals the first year (turn.py)


def _saracens_prompt(state: State, role: str) -> str:
    return "Deploy: Saladin may exchange places with one block of his family, or keep his seat."


decision("deploy_franks", _franks_legal, _franks_perform, _franks_prompt, "3.1")
decision("deploy_saracens", _saracens_legal, _saracens_perform, _saracens_prompt, "3.2")
