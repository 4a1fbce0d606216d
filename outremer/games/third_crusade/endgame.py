"""The end of the game (``EndGame``): End Game Scoring after the fourth round and the Final Winner of
a two-player Alliance.

End Game Scoring (``EndGame.2``) follows the upkeep of 1192 (``Upkeep.6``, R20). In initiative order
each player chooses one of its secret Objective Cards and shows it; the Glory marker moves towards
its Alliance by the card's score for the card's Cities that player Controls (R26). Then the Alliance
the marker leans to wins; on 0, the Alliance holding Jerusalem, and if nobody holds it the Muslim
Alliance (``Goal.Tie``, R23; with the option ``uncontrolled_tie_shared``, every player, no Final
Winner).

A two-player Alliance that wins, here or at a victory check (``VictoryCheck``), has its Final Winner
decided by three tiebreakers (``EndGame.FinalWinner.1-3``): the Faith marker's side, the Mercantile
Cities each Controls (the true counts, R3), and the Cities Controlled on the Objective Card it has
not shown. A partner winning two of the three is the Final Winner; otherwise the partner Controlling
Jerusalem, then the richer in gold, and if still even both share it
(``EndGame.FinalWinner.Tie``, ``EndGame.FinalWinner.Shared``, R24); with the option
``final_winner_more_tiebreakers``, winning more tiebreakers than the partner is enough. A partner
whose Objective Cards are all still hidden (a win at a victory check) counts the one with more
Cities Controlled, the card it would choose to show (R44).
"""

from __future__ import annotations

from typing import Any

from ...engine.procedures import Action, Frame
from . import control, solo, victory
from .common import alliance, data, move_glory, next_position
from .options import on
from .procedures import PROCEDURES
from .state import MUSLIM, NAMES, State

SCORING = "end_scoring"
"""The procedure of End Game Scoring (``EndGame.2``), pushed by the upkeep of the last round."""
FINAL_WINNER = victory.FINAL_WINNER


def cities(state: State, army: str) -> set[str]:
    """The Regions ``army`` Controls (``Glossary.Control``)."""
    return set(control.controlled(state, army))


def end(state: State, winners: list[str], side: str | None, reason: str, **more: Any) -> None:
    """The game is over: ``winners`` of the ``side`` Alliance (None: of both) have won for ``reason``."""
    state.stack.clear()
    state.result = {"winners": winners, "reason": reason, "alliance": side, **more}
    names = " and ".join(NAMES[a] for a in winners)
    state.say("EndGame", f"The game is over: {names} {'win' if len(winners) > 1 else 'wins'} ({reason}).")


def decide(state: State, side: str, reason: str, shown: dict[str, str]) -> None:
    """``side`` has won: its lone Army wins, a pair goes to the tiebreakers (``EndGame.FinalWinner``),
    a pair of Bots wins together (``Solo.Changes.1``)."""
    armies = [a for a in state.armies if alliance(a) == side]
    if len(armies) == 1 or set(armies) <= set(solo.bots(state)):
        end(state, armies, side, reason)
    else:
        PROCEDURES.push(state, FINAL_WINNER, alliance=side, reason=reason, shown=shown)


# -- End Game Scoring ----------------------------------------------------------------------------
def _scoring_legal(state: State, frame: Frame, role: str) -> list[Action]:
    return [("reveal", card) for card in state.objectives[role]]


def _reveal(state: State, frame: Frame, role: str, action: Action) -> None:
    card = data(state).cards.objectives[action[1]]
    mine = cities(state, role) & set(card.cities)
    glory = card.glory(mine)
    move_glory(state, alliance(role), glory)
    frame["shown"][role] = card.id
    state.barrier += 1  # the card is shown
    frame["roles"] = []
    held = ", ".join(sorted(data(state).board.regions[c].name for c in mine)) or "none of its Cities"
    state.say(
        "EndGame.2",
        f"The {NAMES[role]} shows its Objective Card of {data(state).board.regions[card.main].name}: it "
        f"Controls {held}, {glory} Glory (the marker at {state.glory}).",
    )


def _scoring_run(state: State, frame: Frame) -> None:
    shown = frame.setdefault("shown", {})
    at = next_position(state, frame.get("at", -1), lambda a: a not in shown and bool(state.objectives[a]))
    if at is not None:
        frame["at"] = at
        frame["roles"] = [state.initiative[at]]
        return
    side = victory.leader(state)
    if side is not None:
        reason = f"the {side} Alliance has {abs(state.glory)} Glory after the fourth round"
    else:
        jerusalem = data(state).board.jerusalem
        held = control.holder(state, jerusalem)
        if held is None and on(state, "uncontrolled_tie_shared"):  # R23's other reading
            reason = "Glory is even after the fourth round and nobody holds Jerusalem: the victory is shared"
            state.say("EndGame.2", f"End Game Scoring: {reason}.")
            PROCEDURES.pop(state, frame)
            end(state, list(state.armies), None, reason)
            return
        side = held or MUSLIM
        how = "holds Jerusalem" if held else "wins when nobody holds Jerusalem (R23)"
        reason = f"Glory is even after the fourth round and the {side} Alliance {how}"
    state.say("EndGame.2", f"End Game Scoring: {reason}.")
    PROCEDURES.pop(state, frame)
    decide(state, side, reason, dict(shown))


# -- the Final Winner ----------------------------------------------------------------------------
def unshown(state: State, army: str, shown: dict[str, str]) -> int:
    """The Cities ``army`` Controls on its Objective Card not shown at End Game Scoring; with all
    its cards hidden, the better of them (``EndGame.FinalWinner.3``, R44)."""
    mine = cities(state, army)
    left = [data(state).cards.objectives[c] for c in state.objectives[army] if c != shown.get(army)]
    return max((card.count(mine) for card in left), default=0)


def mercantile(state: State, army: str) -> int:
    """How far the Mercantile marker stands on ``army``'s side, counted past the track's end
    (``EndGame.FinalWinner.2``, R3): the Mercantile Cities it has gained on its partner since the
    set-up (``control.mercantile_marker``)."""
    now = control.mercantile(state, army)
    return now - control.mercantile_at_start(state, army)


def tiebreakers(state: State, pair: list[str], shown: dict[str, str]) -> dict[str, list[str]]:
    """Which partner wins each tiebreaker, by a strictly higher value (R24): ``faith``,
    ``mercantile`` and ``objectives`` -> the winners (none if even)."""
    lean, spaces = state.faith[alliance(pair[0])]
    values = {
        "faith": {a: (spaces if a == lean else 0) for a in pair},
        "mercantile": {a: mercantile(state, a) - mercantile(state, b) for a, b in (pair, pair[::-1])},
        "objectives": {a: unshown(state, a, shown) for a in pair},
    }
    out = {}
    for name, by in values.items():
        best = max(by.values())
        out[name] = [a for a in pair if by[a] == best] if list(by.values()).count(best) == 1 else []
    return out


def _final_run(state: State, frame: Frame) -> None:
    side, shown = frame["alliance"], frame.get("shown", {})
    pair = [a for a in state.armies if alliance(a) == side]
    won = tiebreakers(state, pair, shown)
    state.barrier += 1  # the Objectives not shown are counted openly (EndGame.FinalWinner.3)
    points = {a: sum(a in w for w in won.values()) for a in pair}
    for name, w in won.items():
        who = NAMES[w[0]] if w else "neither partner"
        state.say(f"EndGame.FinalWinner.{list(won).index(name) + 1}", f"The {name} tiebreaker goes to {who}.")
    best = [a for a in pair if points[a] >= 2]
    key, reason = "EndGame.FinalWinner", "a majority of the tiebreakers"
    if on(state, "final_winner_more_tiebreakers"):  # R24's other reading: more than the partner
        best = [a for a, b in (pair, pair[::-1]) if points[a] > points[b]]
        reason = "more tiebreakers than the partner"
    if not best:
        jerusalem = data(state).board.jerusalem
        best = [a for a in pair if control.controller(state, jerusalem) == a]
        key, reason = "EndGame.FinalWinner.Tie", "no majority of the tiebreakers (R24); Jerusalem"
    if not best:
        richest = max(state.gold[a] for a in pair)
        best = [a for a in pair if state.gold[a] == richest]
        reason = "no majority of the tiebreakers (R24), nobody of the two in Jerusalem; more gold"
        if len(best) > 1:
            key, reason = "EndGame.FinalWinner.Shared", "every tiebreaker even: the victory is shared"
    state.say(key, f"The Final Winner of the {side} Alliance is decided by {reason}.")
    end(state, best, side, f"{frame['reason']}; Final Winner by {reason}", tiebreakers=won)


PROCEDURES.procedure(
    SCORING,
    legal=_scoring_legal,
    perform=_reveal,
    run=_scoring_run,
    prompt="Choose an Objective Card to show for End Game Scoring (EndGame.2).",
    rule="EndGame.2",
)
PROCEDURES.procedure(FINAL_WINNER, run=_final_run, rule="EndGame.FinalWinner")
