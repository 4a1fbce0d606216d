"""A player's turn (``Round.3``): play an Action card into a column for its action, or discard one.

The card goes on the column (``Actions.1``; one shared set, R1, or the player's own with the
option ``own_columns``). Development and Presence charge the sum of the Costs in the column, the
new card's included, paid at once (``Development.1``, R4b, R12); with no Influence on the board
the Presence Cost is waived (``Presence.Influence.6``). Movement and Income give every Benefit
showing: each card's upper one and the newest card's lower one (``Movement.1``, ``Income.1``,
``Actions.4``). Then the action's procedure runs; after a Movement (after any action with the
option ``conflicts_any_action``, R5a) the player may start Conflicts (``Movement.4``,
``Conflicts``); at the end the player draws back to 3 Action cards (``Round.3``).
"""

from __future__ import annotations

from collections import Counter

from ...engine.procedures import Action, Frame
from . import development, income, movement, presence
from .common import affiliated, card, gain, pay, purse, refill
from .procedures import PROCEDURES
from .state import BLUFF, BOARD, COLUMNS, COST_COLUMNS, State

WORDS = {"development": "Development", "presence": "Presence", "movement": "Movement", "income": "Income"}
"""Each column's action as the rulebook names it."""


def start_turn(state: State, role: str) -> None:
    """Push ``role``'s turn (``Round.3``)."""
    PROCEDURES.push(state, "turn", role=role, roles=[role], stage="choose")


def owner(state: State, role: str) -> str:
    """Whose columns ``role`` plays on: the board's (R1), or its own with ``own_columns``."""
    return role if state.options.get("own_columns") else BOARD


def column(state: State, role: str, name: str) -> list[str]:
    """The cards on the column ``name`` where ``role`` plays, oldest first."""
    return state.columns[owner(state, role)][name]


def has_influence(state: State, role: str) -> bool:
    """Whether ``role`` has any Influence on the board (``Presence.Influence.6``)."""
    return any(role in levels for levels in state.influence.values())


def price(state: State, role: str, card_id: str, name: str) -> int:
    """What playing ``card_id`` on the column ``name`` costs ``role``: the sum of the Costs in a
    Development or Presence column with the new card (``Development.1``), nothing for Presence
    with no Influence on the board (``Presence.Influence.6``), nothing for the others."""
    if name not in COST_COLUMNS:
        return 0
    if name == "presence" and not has_influence(state, role):
        return 0
    cards = [*column(state, role, name), card_id]
    return sum(card(state, c).cost for c in cards)


def showing(state: State, cards: list[str]) -> Counter[str]:
    """The Benefits showing on a Movement or Income column: each card's upper Benefit, and the
    newest card's lower one too, the next card covering it (``Movement.1``)."""
    got: Counter[str] = Counter()
    for i, c in enumerate(cards):
        benefits = card(state, c).benefits
        got.update(benefits if i == len(cards) - 1 else benefits[:1])
    return got


def _legal(state: State, frame: Frame, role: str) -> list[Action]:
    if frame["stage"] != "choose":
        return []
    cards = [c for c in state.hands[role] if c != BLUFF]
    out: list[Action] = []
    wallet = purse(state, role)
    for c in cards:
        for name in COLUMNS:
            if price(state, role, c, name) <= wallet:
                out.append(("play", c, name))
        out.append(("discard", c))
    return out


def _perform(state: State, frame: Frame, role: str, action: Action) -> None:
    verb, card_id = action[0], action[1]
    if verb == "discard":
        state.hands[role].remove(card_id)
        state.discard.append(card_id)
        state.say("Round.3", f"{role} discards {card(state, card_id).name}.")
        frame["stage"] = "conflicts"  # a discard is no action: no Conflicts follow
        return
    name = action[2]
    cost = price(state, role, card_id, name)
    state.hands[role].remove(card_id)
    column(state, role, name).append(card_id)
    state.say("Actions.1", f"{role} plays {card(state, card_id).name} for {WORDS[name]}.")
    frame["stage"] = "action"
    frame["column"] = name
    if name in COST_COLUMNS:
        if name == "presence" and not has_influence(state, role):
            state.say("Presence.Influence.6", f"{role} has no Influence on the board and pays no Cost.")
        pay(state, role, cost, "Development.1", WORDS[name])
        effect = affiliated(state, role, card_id) and card(state, card_id).action is not None
        if name == "development":
            development.start(state, role, card_id, effect)
        else:
            presence.start(state, role, card_id, effect)
        return
    got = showing(state, column(state, role, name))
    if got:
        gain(state, role, dict(got), "Actions.4", "the Benefits showing")
    else:
        state.say("Actions.4", f"No Benefit shows for {role}.")
    if name == "movement":
        movement.start(state, role)
    else:
        income.start(state, role)


def _run(state: State, frame: Frame) -> None:
    role = frame["role"]
    if frame["stage"] == "choose":  # no Action card in hand (R6d): the turn passes
        state.say("Round.3", f"{role} has no Action card and passes.")
        frame["stage"] = "conflicts"
    if frame["stage"] == "action":
        frame["stage"] = "conflicts"
        if frame["column"] == "movement" or state.options.get("conflicts_any_action"):
            left = 1 if state.crusade == 1 else 2  # Conflicts
            PROCEDURES.push(state, "conflicts", roles=[role], role=role, left=left)
            return
    refill(state, role, "Round.3")
    PROCEDURES.pop(state, frame)


def _prompt(state: State, frame: Frame, role: str) -> str:
    return "Your turn: play an Action card for an action, or discard one (Round.3)."


PROCEDURES.procedure("turn", legal=_legal, perform=_perform, run=_run, prompt=_prompt, rule="Round.3")
