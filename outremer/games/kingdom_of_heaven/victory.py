"""Victory in Kingdom of Heaven: the VP kept up to date (§5.8, §20.1), the scheduled Crusade and its
cancellation (§19.1, §19.2), automatic victories (§5.8 L321) and the scenario's conditions at the
end (§20.2, with the optional marginal victory, K27).

Section keys are those of docs/kingdom-of-heaven/sections.md; K-numbers are rulings.md's. The
game's result is ``{"winners": [players], "reason": words, "vp": {player: VP}}``; a draw has no
winner.
"""

from __future__ import annotations

from functools import cache

from ...engine.procedures import Frame
from .common import controller, data, pack_at
from .forces import put, to_pool
from .names import space_name
from .procedures import PROCEDURES
from .state import CHRISTIAN, MUSLIM, PLAYERS, State


@cache
def _vp_spaces(folder: str | None, scenario: str) -> tuple[tuple[str, int], ...]:
    """The spaces worth VP in a scenario (§20.1, §20.1.1), with their VP."""
    board = pack_at(folder).board
    return tuple((space, board.vp(space, scenario)) for space in board.spaces if board.vp(space, scenario))


def refresh(state: State) -> None:
    """Each player's VP set to the VP spaces he controls now (§20.1 L1236): a VP gained or lost
    with control, by war or diplomacy, whoever changed it (common.vp, reading only the spaces
    worth VP, since the settle check calls it at every step)."""
    total = dict.fromkeys(PLAYERS, 0)
    for space, value in _vp_spaces(state.pack, state.scenario):
        who = controller(state, space)
        if who is not None:
            total[who] += value
    state.vp = total


def end(state: State, winner: str | None, reason: str, key: str) -> None:
    """The game over: ``winner`` (None: a draw) and why, logged for both citing ``key``."""
    refresh(state)
    state.result = {"winners": [] if winner is None else [winner], "reason": reason, "vp": dict(state.vp)}
    state.phase = "end"
    state.say(
        key, f"The game ends: {reason} (Christian {state.vp[CHRISTIAN]} VP, Muslim {state.vp[MUSLIM]} VP)."
    )


def check(state: State) -> None:
    """The conditions in force at any moment (the settle check): the VP kept up to date, and an
    automatic victory of the scenario (§5.8 L321) the moment its side controls every space it
    lists. Nothing once the game is over."""
    if state.result is not None:
        return
    refresh(state)
    board = data(state).board
    for auto in data(state).scenarios[state.scenario].victory.automatic:
        if all(controller(state, space) == auto.side for space in auto.controls):
            names = ", ".join(board.spaces[s].name for s in auto.controls)
            end(state, auto.side, f"automatic {auto.side.capitalize()} victory: {names} controlled", "§5.8")
            return


def final(state: State) -> None:
    """The scenario's victory conditions read at the end of its last turn (§20.2 L1244-L1248): the
    side meeting its condition wins, the Christian if both do; neither, a draw, or with the
    optional rule the side missing its condition by fewer VP wins a marginal victory (K27)."""
    refresh(state)
    victory = data(state).scenarios[state.scenario].victory
    winner, how = victory.winner(state.vp, marginal=state.options.get("marginal_victory", False))
    if winner is None:
        end(state, None, "a draw: neither side meets its victory condition", "§20.2")
    elif how == "marginal":
        end(state, winner, f"marginal {winner.capitalize()} victory (closer to its condition, K27)", "§20.2")
    else:
        end(state, winner, f"{winner.capitalize()} victory: its condition is met", "§20.2")


def crusade_due(state: State) -> bool:
    """Whether a scheduled Crusade is due at the start of this turn (§19.1 L1220)."""
    c = data(state).scenarios[state.scenario].crusade
    return c is not None and state.crusade == "scheduled" and c.turn == state.turn


def _crusade(state: State, frame: Frame) -> None:
    """The special check at the start of the Crusade's turn (§19.2 L1224-L1226): with the Muslim
    at or above the scenario's threshold the Crusaders are placed in their boxes (§19.1 L1220);
    below it the Crusade is never launched and the game ends in a Christian major victory."""
    c = data(state).scenarios[state.scenario].crusade
    assert c is not None
    refresh(state)
    have = state.vp[MUSLIM]
    if have < c.threshold:
        state.crusade = "cancelled"
        state.say("§19.2", f"The Muslim has {have} VP, below the Crusade's threshold of {c.threshold}.")
        end(state, CHRISTIAN, "Christian major victory: the Crusade is never launched", "§19.2")
        return
    for x in c.stacks:
        g = {"full": dict(x.full), "reduced": dict(x.reduced), "leaders": list(x.leaders)}
        if x.at == "pool":
            to_pool(state, x.power, g)
        else:
            put(state, "inside" if x.inside else "field", x.at, x.power, g)
    state.crusade = "arrived"
    boxes = sorted({x.at for x in c.stacks})
    state.say(
        "§19.1",
        f"The Muslim has {have} VP, at least the threshold of {c.threshold}: the Crusade arrives "
        f"({', '.join(space_name(state, b) for b in boxes)}).",
    )
    PROCEDURES.pop(state, frame)


PROCEDURES.procedure("crusade", run=_crusade, rule="§19")
