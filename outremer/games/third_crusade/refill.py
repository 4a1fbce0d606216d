"""The Section each Unit back on a player board fills, with the option ``refill_chosen_section``
(R13's other reading; ``Glossary.Section``, ``Upkeep.4.A``).

By R13 a Unit leaves from the leftmost Section still holding its type and comes back into the
rightmost one not full, so the board is a function of the count per type (``board_units``,
``orders.PlayerBoard.contents``) and nothing here acts. With the option, ``state.sections`` keeps
each Army's Units per Section (``held``, in the Sections pack's order), made from the counts at the
set-up; a Unit leaving still goes from the leftmost Section holding its type, and a Unit coming
back (a loss in Battle, to Bandits or to an event, a Unit replaced on the diplomacy board, one
taken off the map at the supply check, the Genoa ship lost) waits in ``returning`` until its owner
puts it into a not-full Section of its type: the procedure ``refill``, pushed before the next step
by the check the game settles with (``bot_play.act``). With one such Section it goes there at once;
a Bot's goes to the rightmost, by R13.
"""

from __future__ import annotations

from typing import Any

from ...engine.procedures import Action, Frame
from .common import data
from .options import on
from .procedures import PROCEDURES
from .state import NAMES, State

REFILL = "refill"
OPTION = "refill_chosen_section"


def initial(state: State) -> dict[str, object] | None:
    """The Units per Section at the set-up (R13's order: the leftmost Sections empty first), or None
    without the option."""
    if not on(state, OPTION):
        return None
    board = data(state).orders.board
    held: dict[str, list[int]] = {}
    for army in state.armies:
        away = {kind: board.units[kind] - n for kind, n in state.board_units[army].items()}
        by_type = {kind: list(board.contents(kind, away.get(kind, 0))) for kind in board.units}
        held[army] = [by_type[s.unit].pop(0) for s in board.sections]
    return {"held": held, "returning": []}


def returned(state: State, army: str, kind: str) -> None:
    """A Unit of ``army`` is back on its board; with the option, its Section is still to choose."""
    state.board_units[army][kind] += 1
    if state.sections is not None:
        state.sections["returning"].append([army, kind])


def taken(state: State, army: str, kind: str) -> None:
    """A Unit of ``army`` leaves its board: with the option, from the leftmost Section holding its
    type (R13), else one still waiting for its Section."""
    state.board_units[army][kind] -= 1
    if state.sections is None:
        return
    held = state.sections["held"][army]
    for i, section in enumerate(data(state).orders.board.sections):
        if section.unit == kind and held[i] > 0:
            held[i] -= 1
            return
    state.sections["returning"].remove([army, kind])


def not_full(state: State, army: str, kind: str) -> list[int]:
    """The indexes of ``army``'s Sections of ``kind`` not full, left to right."""
    assert state.sections is not None
    held = state.sections["held"][army]
    sections = data(state).orders.board.sections
    return [i for i, s in enumerate(sections) if s.unit == kind and held[i] < s.size]


def supply_needed(state: State, army: str) -> int:
    """The supply ``army``'s not-full Sections ask (``Upkeep.4.A``), from the Units they hold."""
    assert state.sections is not None
    held = state.sections["held"][army]
    return sum(s.supply for s, n in zip(data(state).orders.board.sections, held, strict=True) if n < s.size)


def view(state: State, army: str) -> dict[str, list[Any]] | None:
    """What every player sees of ``army``'s Sections with the option (None without it): the Units
    each holds, in the Sections pack's order, and the types of its Units back on the board still
    waiting for a Section (a player board is public, ``Glossary.Section``)."""
    if state.sections is None:
        return None
    return {
        "held": list(state.sections["held"][army]),
        "returning": [kind for who, kind in state.sections["returning"] if who == army],
    }


def ask(state: State) -> None:
    """Push ``refill`` when a Unit waits for its Section and it is not under way (the check the game
    settles with calls this before every step)."""
    if state.sections is None or not state.sections["returning"] or state.result is not None:
        return
    if not state.stack or state.stack[-1]["kind"] != REFILL:
        PROCEDURES.push(state, REFILL)


def _fill(state: State, index: int) -> None:
    assert state.sections is not None
    army, kind = state.sections["returning"].pop(0)
    state.sections["held"][army][index] += 1
    name = data(state).orders.board.sections[index].id.replace("_", " ")
    state.say(
        "Glossary.Section",
        f"The {NAMES[army]} puts a returned {kind.replace('_', ' ')} into its Section {name}.",
    )


def _run(state: State, frame: Frame) -> None:
    assert state.sections is not None
    bots = state.solo["bots"] if state.solo else []
    while state.sections["returning"]:
        army, kind = state.sections["returning"][0]
        choices = not_full(state, army, kind)
        if len(choices) > 1 and army not in bots:
            frame["roles"] = [army]
            return
        _fill(state, choices[-1])  # the only one, or a Bot's: the rightmost (R13)
    PROCEDURES.pop(state, frame)


def _legal(state: State, frame: Frame, role: str) -> list[Action]:
    if state.sections is None or not state.sections["returning"] or role not in frame.get("roles", []):
        return []
    army, kind = state.sections["returning"][0]
    sections = data(state).orders.board.sections
    return [("section", sections[i].id) for i in not_full(state, army, kind)]


def _perform(state: State, frame: Frame, role: str, action: Action) -> None:
    ids = [s.id for s in data(state).orders.board.sections]
    _fill(state, ids.index(action[1]))
    frame["roles"] = []


def _prompt(state: State, frame: Frame, role: str) -> str:
    return "Choose the Section of your player board a returned Unit fills (Glossary.Section, R13)."


PROCEDURES.procedure(
    REFILL, legal=_legal, perform=_perform, run=_run, prompt=_prompt, rule="Glossary.Section"
)
