"""The Strategy phase (``Strategy``, ``Sequence.Strategy``): choose the Event Cards, gain command
points.

Each player draws 4 Event Cards from its deck of this round (``Strategy.Place``) and, all at once
and unseen, lays them one to each numbered slot of its row under the bidding board; the rows are
revealed together. Then, in initiative order (``Round.Initiative``), each player picks a card from a
row of an enemy Army (``Strategy.Pick``): the card goes to its owner, beside its player board, and
the picker's current command points rise by the slot's number. No row gives more than 2 cards
(``Strategy.RowLimit``); picks go on until each player has made its own (``Strategy.End``): 2 each,
or with 3 players 4 for the lone player, 2 from each partner's row, and 1 for each partner, from the
lone row, at twice the slot's number (``Strategy.ThreePlayer``; R22: the lone player picks at both
its positions). What is left in the rows is discarded (``Strategy.End``).

Against Bots (``Solo.Strategy.Picks``, R35) a human picks a slot of its own row instead: it takes
its card there, and each Bot it relates to (``solo.related``) receives its own card of that slot,
paying the slot's number to every human it relates to.
"""

from __future__ import annotations

from itertools import permutations

from ...engine.procedures import Action, Frame, unseal
from . import solo
from .common import data, enemies, next_position
from .events import ROUNDS
from .procedures import PROCEDURES
from .state import NAMES, SLOTS, State

STRATEGY, PLACE, PICK = "strategy", "strategy_place", "strategy_pick"
DRAW = 4
"""Event Cards each player draws (``Strategy.Place``): one per slot."""
ROW_LIMIT = 2
"""Cards picked from one Army's row at most (``Strategy.RowLimit``), so that each Army ends with 2."""


def quotas(state: State) -> dict[str, int]:
    """The picks each player makes (``Strategy.End``, ``Strategy.ThreePlayer``)."""
    if state.solo:  # Solo.Strategy.Picks, R35: against a lone Bot two humans pick once each
        once = len(solo.humans(state)) == 2 and len(solo.bots(state)) == 1
        return {a: 0 if a in solo.bots(state) else 1 if once else ROW_LIMIT for a in state.armies}
    if state.lone is None:
        return dict.fromkeys(state.armies, ROW_LIMIT)
    return {a: 2 * ROW_LIMIT if a == state.lone else 1 for a in state.armies}


def value(state: State, picker: str, slot: int) -> int:
    """The command points ``picker`` gains for a card in ``slot``: its number, doubled for a
    partner of the 3-player game (``Strategy.Pick``, ``Strategy.ThreePlayer``)."""
    return slot * (2 if state.lone is not None and picker != state.lone else 1)


def title(state: State, card: str) -> str:
    return data(state).events.cards[card].title


# -- the phase ---------------------------------------------------------------------------------
def _run(state: State, frame: Frame) -> None:
    stage = frame.get("stage", "draw")
    if stage == "draw":
        frame["stage"] = "pick"
        _draw(state)
        PROCEDURES.push(state, PLACE, roles=list(state.armies))
    elif stage == "pick":
        frame["stage"] = "end"
        PROCEDURES.push(state, PICK, at=-1, left=quotas(state), roles=[])
    else:
        left = [c for a in state.armies for c in state.bidding[a] if c is not None]
        state.event_discard.extend(left)
        state.bidding = {a: [] for a in state.armies}
        state.say("Strategy.End", f"Every pick is made; {len(left)} cards left in the rows are discarded.")
        PROCEDURES.pop(state, frame)


def _draw(state: State) -> None:
    """``Strategy.Place``: 4 cards from the top of each Army's deck of this round."""
    year = ROUNDS[state.round]
    for army in state.armies:
        deck = state.event_decks[army][year]
        state.drawn[army] = deck[:DRAW]
        del deck[:DRAW]
        names = ", ".join(title(state, c) for c in state.drawn[army])
        public = f"The {NAMES[army]} draws {DRAW} Event Cards of {year.replace('_', ' ')}."
        state.tell("Strategy.Place", [army], f"You draw {names}.", public)
    state.barrier += 1


# -- laying the cards face down ----------------------------------------------------------------
def _place_legal(state: State, frame: Frame, role: str) -> list[Action]:
    """Every way to lay the cards drawn under the slots, left to right."""
    return [("place", *order) for order in permutations(sorted(state.drawn[role]))]


def _placed(state: State, frame: Frame, role: str, action: Action) -> None:
    laid = ", ".join(f"{title(state, c)} under {n}" for n, c in zip(SLOTS, action[1:], strict=True))
    state.tell("Strategy.Place", [role], f"You lay {laid}.", f"The {NAMES[role]} lays its cards face down.")


def _reveal(state: State, frame: Frame, choices: dict[str, Action]) -> None:
    """Every row is laid: all are turned face up together (``Strategy.Place``)."""
    unseal(frame)
    for army in state.armies:
        laid = [str(c) for c in choices[army][1:]]
        state.bidding[army] = list(laid)
        state.drawn[army] = []
        row = ", ".join(f"{n}: {title(state, c)}" for n, c in zip(SLOTS, laid, strict=True))
        state.say("Strategy.Place", f"The {NAMES[army]}'s row is revealed: {row}.")
    state.barrier += 1
    PROCEDURES.pop(state, frame)


# -- the picks ---------------------------------------------------------------------------------
def _pick_legal(state: State, frame: Frame, role: str) -> list[Action]:
    """A card from an enemy Army's row that has given fewer than 2 (``Strategy.Pick``,
    ``Strategy.RowLimit``); against Bots a card of its own row (``Solo.Strategy.Picks``)."""
    if state.solo:
        return [("pick", role, n) for n, c in zip(SLOTS, state.bidding[role], strict=True) if c is not None]
    out: list[Action] = []
    for enemy in enemies(state, role):
        row = state.bidding[enemy]
        if sum(c is None for c in row) < ROW_LIMIT:
            out.extend(("pick", enemy, n) for n, c in zip(SLOTS, row, strict=True) if c is not None)
    return out


def _pick(state: State, frame: Frame, role: str, action: Action) -> None:
    if state.solo:
        _solo_pick(state, frame, role, action[2])
        return
    _, owner, slot = action
    row = state.bidding[owner]
    card = row[SLOTS.index(slot)]
    assert card is not None  # legal picks name a card still in the row
    row[SLOTS.index(slot)] = None
    state.event_cards[owner].append(card)
    gain = value(state, role, slot)
    state.tracks[role]["current"] += gain
    frame["left"][role] -= 1
    frame["roles"] = []
    key = "Strategy.ThreePlayer" if gain != slot else "Strategy.Pick"
    state.say(
        key,
        f"The {NAMES[role]} picks {title(state, card)} from slot {slot} of the {NAMES[owner]}'s row, for the "
        f"{NAMES[owner]}, and gains {gain} command points ({state.tracks[role]['current']} current).",
    )


def _solo_pick(state: State, frame: Frame, role: str, slot: int) -> None:
    """``Solo.Strategy.Picks`` (R35): ``role`` and every human sharing its Bots take their card of
    ``slot``, the Bots theirs, and each Bot card pays ``slot`` to each human it relates to."""
    given = solo.related(state, role)
    takers = [a for a in state.armies if a in given or a == role or set(solo.related(state, a)) & set(given)]
    for army in takers:
        card = state.bidding[army][SLOTS.index(slot)]
        assert card is not None  # a slot is picked once for the same Bots
        state.bidding[army][SLOTS.index(slot)] = None
        state.event_cards[army].append(card)
        state.say(
            "Solo.Strategy.Picks",
            f"The {NAMES[army]} takes {title(state, card)} from slot {slot} of its row.",
        )
    for army in takers:
        if army not in given:
            gain = slot * sum(army in solo.related(state, bot) for bot in given)
            state.tracks[army]["current"] += gain
            state.say(
                "Solo.Strategy.Picks",
                f"The {NAMES[army]} gains {gain} command points ({state.tracks[army]['current']} current).",
            )
    frame["left"][role] -= 1
    frame["roles"] = []


def _next_picker(state: State, frame: Frame) -> None:
    """The next player in initiative order with a pick to make; the picks end when none has."""
    left = frame["left"]
    at = next_position(state, frame["at"], lambda army: left[army] > 0)
    if at is None:
        PROCEDURES.pop(state, frame)
        return
    frame["at"] = at
    frame["roles"] = [state.initiative[at]]


PROCEDURES.procedure(STRATEGY, run=_run, rule="Strategy")
PROCEDURES.simultaneous(
    PLACE,
    roles=lambda state, frame: frame["roles"],
    legal=_place_legal,
    resolve=_reveal,
    committed=_placed,
    prompt="Lay your 4 Event Cards face down, one under each slot of the bidding board (Strategy.Place).",
    rule="Strategy.Place",
)
PROCEDURES.procedure(
    PICK,
    legal=_pick_legal,
    perform=_pick,
    run=_next_picker,
    prompt=lambda state, frame, role: (
        f"Pick an Event Card from an enemy row; {frame['left'][role]} pick(s) left (Strategy.Pick)."
    ),
    rule="Strategy.Pick",
)
