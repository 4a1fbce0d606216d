"""The opening draft (``Draft.1-5``), once per game, before the first round.

Each player draws 5 Action cards; all at once, each keeps one face down and passes the rest to
the left, the next seat in the direction of play (R8a); at 3 cards each keeps one and puts the
other 2 on the bottom of the Action deck. The kept cards and the Bluff make the hand. The cards
held and passed live in ``state.draft`` (hidden: views show each role its own); the log says to
everyone only that each role has kept a card.
"""

from __future__ import annotations

from ...engine.procedures import Action, Frame, unseal
from .common import data
from .procedures import PROCEDURES
from .state import BLUFF, State

DEALT = 5
"""Action cards each player draws for the draft (``Draft.1``)."""
LAST = 3
"""A pick from this many cards is the last (``Draft.3``)."""


def start(state: State) -> None:
    """Deal the draft's hands from the top of the Action deck (``Draft.1``) and push the picks."""
    hands: dict[str, list[str]] = {}
    for role in state.players:
        hands[role] = state.deck[:DEALT]
        del state.deck[:DEALT]
        state.tell(
            "Draft.1",
            role,
            f"You draw {_names(state, hands[role])} for the draft.",
            f"{role} draws {DEALT} Action cards for the draft.",
        )
    state.draft = {"hands": hands, "kept": {r: [] for r in state.players}, "pick": 1}
    state.barrier += 1
    PROCEDURES.push(state, "draft", roles=list(state.players))


def _names(state: State, cards: list[str]) -> str:
    return ", ".join(data(state).cards[c].name for c in cards)


def _legal(state: State, frame: Frame, role: str) -> list[Action]:
    return [("keep", c) for c in state.draft["hands"][role]]


def _kept(state: State, frame: Frame, role: str, action: Action) -> None:
    state.tell("Draft.2", role, f"You keep {data(state).cards[action[1]].name}.", f"{role} keeps a card.")


def _resolve(state: State, frame: Frame, choices: dict[str, Action]) -> None:
    """Every pick is in: each keeps its card and passes the rest left (``Draft.2``), or at the last
    pick puts the rest on the bottom of the deck and takes the kept cards and the Bluff into hand
    (``Draft.3``, ``Draft.5``)."""
    unseal(frame)
    hands = state.draft["hands"]
    kept = state.draft["kept"]
    last = False
    for role in state.players:
        card_id = choices[role][1]
        last = len(hands[role]) <= LAST
        hands[role].remove(card_id)
        kept[role].append(card_id)
    state.barrier += 1
    if last:
        for role in state.players:
            state.deck.extend(sorted(hands[role]))
            state.say("Draft.3", f"{role} puts {len(hands[role])} cards on the bottom of the Action deck.")
            state.hands[role] = kept[role] + [BLUFF]
        state.draft = {}
        state.say("Draft.5", "The draft is over; each player takes the Bluff into its hand.")
        PROCEDURES.pop(state, frame, drafted=True)
        return
    seats = state.players
    passed = {seats[(i + 1) % len(seats)]: hands[r] for i, r in enumerate(seats)}
    state.draft["hands"] = passed
    state.draft["pick"] += 1
    for i, r in enumerate(seats):
        giver = seats[i - 1]
        state.tell(
            "Draft.2",
            r,
            f"You receive {_names(state, passed[r])} from {giver}.",
            f"{r} receives {len(passed[r])} cards from {giver}.",
        )


PROCEDURES.simultaneous(
    "draft",
    roles=lambda state, frame: frame["roles"],
    legal=_legal,
    resolve=_resolve,
    committed=_kept,
    prompt=lambda state, frame, role: f"The draft, pick {state.draft['pick']}: keep one card (Draft.2).",
    rule="Draft.2",
)
