"""The sequence of play: the draft, two Crusades of rounds, the end of each (``Round``,
``RoundCards``, ``EndCrusade``, ``EndGame``, ``Victory``).

The bottom procedure ``game`` runs by itself: it pushes the draft, then each round (the first
player, R8a; the Round card revealed, ``Round.2``; a turn for each player in seat order from the
first, ``Round.3``), ends the 1st Crusade after the round of the Last Round card (``EndCrusade.1-4``,
the Round deck rebuilt by R6e) and the game after the 2nd (``EndGame.1-4``, ``Victory``, R7b).
"""

from __future__ import annotations

from ...engine import rng
from ...engine.procedures import Action, Frame
from . import actions, draft
from .common import built, card, data, draw, name, score
from .procedures import PROCEDURES
from .state import BLUFF, COLUMNS, State

JERUSALEM = "jerusalem"
"""The City whose controller wins a tie (``Victory``)."""
BOTTOM = 2
"""Cards each player draws, then puts on the bottom of the deck, between the Crusades (``EndCrusade.4``)."""


def round_deck(state: State) -> list[str]:
    """The Round deck (``Setup.4``, rebuilt for the 2nd Crusade by R6e): Round 1 to Round 5 in
    order on top, then X, Y and the Last Round shuffled below them."""
    rounds = data(state).rounds
    top = [r.id for r in sorted((r for r in rounds if r.order is not None), key=lambda r: r.order or 0)]
    rest = [r.id for r in rounds if r.order is None]
    rng.shuffle(state, rest)
    state.barrier += 1
    return top + rest


def _run(state: State, frame: Frame) -> None:
    stage = frame["stage"]
    if stage == "start":
        frame["stage"] = "round"
        draft.start(state)
    elif stage == "round":
        _start_round(state, frame)
    elif stage == "turns":
        order = frame["order"]
        if frame["next"] < len(order):
            role = order[frame["next"]]
            frame["next"] += 1
            actions.start_turn(state, role)
        elif not frame["last"]:
            frame["stage"] = "round"
        elif state.crusade == 1:
            frame["stage"] = "second"
            _end_crusade(state)
        else:
            _end_game(state)
    elif stage == "second":
        state.crusade = 2
        state.round = 0
        state.round_card = None
        state.round_deck = round_deck(state)
        state.say("R6e", "The Round deck is made anew; the 2nd Crusade begins.")
        frame["stage"] = "round"


def _start_round(state: State, frame: Frame) -> None:
    """A round: the first player passes to the next seat after the game's first round (R8a); the
    first player reveals the top Round card (``Round.2``, ``RoundCards``)."""
    seats = state.players
    if frame.get("played"):
        state.first = seats[(seats.index(state.first) + 1) % len(seats)]
    frame["played"] = True
    state.round += 1
    state.round_card = state.round_deck.pop(0)
    state.barrier += 1
    rc = next(r for r in data(state).rounds if r.id == state.round_card)
    state.say("Round.2", f"Crusade {state.crusade}, round {state.round}: {state.first} reveals {rc.name}.")
    if rc.last:
        state.say("RoundCards", "This is the last round of the Crusade.")
    start = seats.index(state.first)
    frame["order"] = [seats[(start + i) % len(seats)] for i in range(len(seats))]
    frame["next"] = 0
    frame["last"] = rc.last
    frame["stage"] = "turns"


def _control_points(state: State, key: str) -> None:
    """1 VP per City Control marker held (``EndCrusade.1``, ``EndGame.1``); the markers stay."""
    for role in state.players:
        held = sum(1 for r in state.control.values() if r == role)
        score(state, role, held, key, f"{held} City Control marker{'s' if held != 1 else ''}")


def _end_crusade(state: State) -> None:
    """``EndCrusade.1-4``: VP for control, the columns cleared to the discard pile, Damascus and
    Aleppo on the board with their Control markers on their cards, 2 cards drawn and 2 put under
    the deck by each player."""
    state.say("EndCrusade", "The 1st Crusade ends.")
    _control_points(state, "EndCrusade.1")
    for columns in state.columns.values():
        for column in COLUMNS:
            state.discard.extend(columns[column])
            columns[column] = []
    state.say("EndCrusade.2", "The action columns are cleared to the discard pile.")
    pk = data(state)
    joining = [loc for loc in pk.board.in_play(True) if loc not in state.in_play]
    state.in_play = list(pk.board.in_play(True))  # their Control markers stay on their cards
    state.say("EndCrusade.3", f"{' and '.join(name(state, loc) for loc in joining)} join the board.")
    for role in state.players:
        draw(state, role, BOTTOM, "EndCrusade.4")
    PROCEDURES.push(state, "end_crusade", left={r: BOTTOM for r in state.players})


def _bottom_roles(state: State, frame: Frame) -> list[str]:
    return [r for r in state.players if frame["left"][r] > 0]


def _bottom_legal(state: State, frame: Frame, role: str) -> list[Action]:
    if frame["left"][role] <= 0:
        return []
    return [("bottom", c) for c in state.hands[role] if c != BLUFF]


def _bottom(state: State, frame: Frame, role: str, action: Action) -> None:
    card_id = action[1]
    state.hands[role].remove(card_id)
    state.deck.append(card_id)
    frame["left"][role] -= 1
    state.tell(
        "EndCrusade.4",
        role,
        f"You put {card(state, card_id).name} on the bottom of the Action deck.",
        f"{role} puts a card on the bottom of the Action deck.",
    )


def _bottom_run(state: State, frame: Frame) -> None:
    PROCEDURES.pop(state, frame)


def _end_game(state: State) -> None:
    """``EndGame.1-4`` and ``Victory``: VP for control and for each full set of 3 buildings on
    the board; most VP wins, a tie going to the controller of Jerusalem, else shared (R7b)."""
    state.say("EndGame", "The 2nd Crusade ends, and with it the game.")
    _control_points(state, "EndGame.1")
    sets = (
        ("church", "EndGame.2", "Churches/Mosques"),
        ("fortress", "EndGame.3", "Fortresses"),
        ("citadel", "EndGame.4", "Citadels"),
    )
    for role in state.players:
        for kind, key, words in sets:
            if built(state, role, kind) >= data(state).components.buildings_per_kind:
                score(state, role, 1, key, f"all 3 {words} on the board")
    scores = {r: state.vp[r] for r in state.players}
    best = max(scores.values())
    tied = [r for r in state.players if scores[r] == best]
    holder = state.control.get(JERUSALEM)
    if len(tied) == 1:
        winners = tied
        reason = f"{tied[0]} has the most VP ({best})"
    elif holder in tied:
        winners = [holder]
        reason = f"{holder} ties on {best} VP and controls Jerusalem"
    else:
        winners = tied
        reason = f"{' and '.join(tied)} tie on {best} VP and none controls Jerusalem: a shared victory (R7b)"
    for role in state.players:  # the screens are lifted and the hands shown
        held = [card(state, c).name for c in state.hands[role] if c != BLUFF]
        cards = ", ".join(held) if held else "no Action card"
        state.say(
            "Victory", f"{role} ends with {state.gold[role]} Gold, {state.faith[role]} Faith and {cards}."
        )
    state.barrier += 1
    state.stack.clear()
    state.result = {"winners": winners, "reason": reason, "scores": scores}
    state.say("Victory", f"Game over: {reason}.")


PROCEDURES.procedure("game", run=_run, rule="Round.1")
PROCEDURES.procedure(
    "end_crusade",
    roles=_bottom_roles,
    legal=_bottom_legal,
    perform=_bottom,
    run=_bottom_run,
    prompt=lambda state,
    frame,
    role: f"Put {frame['left'][role]} card(s) on the bottom of the Action deck (EndCrusade.4).",
    rule="EndCrusade.4",
)
