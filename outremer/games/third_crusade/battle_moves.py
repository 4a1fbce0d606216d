"""After a Battle's Strengths are compared: losses, the pieces that leave and those that move in
(``Battle.Losses.*``, ``Battle.Retreat.*``).

Keys are those of docs/third-crusade/sections.md, rulings (R5, R8, R9, R11, R12, R40, R47, R50) those of
docs/third-crusade/rulings.md. A battle frame (battle.py) keeps ``lose`` (per side still to lose:
side, count, Units only, any piece), ``tally`` (per side the losses on the assigning Army's own pieces,
on others' and whether the free Neutral loss is used) and ``moves`` (the pieces still to place:
piece, where it stands, who chooses, the rule it moves by).

Losses (R40): the Army in charge of a side assigns them one at a time among the side's pieces in
the Battle: those on the Road or in the Battle Region, and those a Reinforce in force brought in (R5,
removed from their own Region). One loss may go to a Neutral piece first; after it the losses on the
partner's and Neutral pieces may never outnumber those on the assigning Army's own, unless its own
are gone. Units go home, Leaders to the box (``Battle.Losses.Count``).

Moves: a piece takes a free slot of its shape that its chooser picks (R12); with one choice it is
taken at once, with none the piece has nowhere to go and is removed (``Battle.Retreat.Defender``, R50).
A retreat goes to a Region joined by Road to the Battle Region that is empty or held by the piece's
Alliance (``Battle.Retreat.Attacker``), never the attacker's origin for beaten defenders
(``Battle.Retreat.Defender``); a beaten attacker goes back where it came from, by Road or by sea
(``Glossary.SeaMove``), or by the general rule if it was placed (R8; removed with the option
``placed_attackers_die_when_beaten``).

Bandits (``Glossary.Bandit``, R11, R47): a Reinforce draws on Units across a Road, and retreating
pieces cross one; for each Bandit on it 2 of those Units are lost, chosen by the Reinforcing Army or
by the Army in charge of the retreating side, then the Bandits go. ``bandits`` in the frame lists
the Roads still to pay: the Road, the Units lost so far and still due, who chooses, the slots of
the Units exposed.
"""

from __future__ import annotations

from typing import Any

from ...engine.procedures import Action, Frame
from .battle_strength import in_force, leading, order_of, reinforcing, sides
from .common import alliance, counts, data, owner
from .control import holder
from .options import on
from .pieces import home, kind_of, piece_name, shape_of, slot_choices
from .state import NEUTRAL, SABOTAGE, State

ROAD = "road"
"""Where the attacking group stands in a loss choice (``Battle.Road``)."""
BANDIT_LOSS = 2
"""Units lost per Bandit on the Road crossed (``Glossary.Bandit``, R11)."""


def road_key(a: str, b: str) -> str:
    """How the state names the Road between ``a`` and ``b`` (its ends sorted)."""
    return "|".join(sorted((a, b)))


# -- Bandits -----------------------------------------------------------------------------------
def exposed(state: State, frame: Frame, road: str, by: str, side: str, at: list[list[Any]]) -> None:
    """Units of ``side`` at ``at`` use ``road``: if Bandits sit on it, ``by`` will choose the losses;
    pieces of one side crossing one Road form one group."""
    if not state.bandits.get(road, 0):
        return
    for group in frame.setdefault("bandits", []):
        if group["road"] == road and group["side"] == side:
            group["at"].extend(at)
            return
    due = BANDIT_LOSS * state.bandits[road]
    frame["bandits"].append({"road": road, "due": due, "by": by, "side": side, "at": at})


def _units(state: State, record: dict[str, Any]) -> list[list[Any]]:
    here = state.regions
    return [
        [r, i] for r, i in record["at"] if here[r]["slots"][i] and kind_of(here[r]["slots"][i]) is not None
    ]


def bandit_choices(state: State, frame: Frame) -> tuple[str, list[Action]]:
    """Who chooses the next Unit lost to Bandits, and among which; nothing while none is due."""
    for record in frame.get("bandits", []):
        units = _units(state, record)
        if record["due"] > 0 and units:
            return str(record["by"]), [("lose", r, i) for r, i in units]
    return "", []


def bandit_loss(state: State, frame: Frame, region: str, i: int) -> None:
    record = next(r for r in frame["bandits"] if r["due"] > 0 and _units(state, r))
    record["due"] -= 1
    piece = state.regions[region]["slots"][i]
    state.regions[region]["slots"][i] = None
    home(state, piece)
    state.say("Glossary.Bandit", f"{_name(state, piece)} is lost to Bandits.")


def bandits_paid(state: State, frame: Frame) -> None:
    """The Roads whose Bandits have struck lose them (R11)."""
    for record in frame.pop("bandits", []):
        if state.bandits.pop(record["road"], None):
            state.say("Glossary.Bandit", "The Bandits leave the Road.")


# -- losses ------------------------------------------------------------------------------------
def in_battle(state: State, frame: Frame, side: str) -> list[tuple[str, int]]:
    """``side``'s pieces in the Battle: (``ROAD`` or a Region, index)."""
    region = frame["region"]
    if side == sides(frame)[0]:
        out = [(ROAD, i) for i in range(len(frame["road"]))]
    else:
        here = state.regions[region]["slots"]
        out = [(region, i) for i, p in enumerate(here) if p is not None and p != SABOTAGE]
    for reaction, active in zip(frame.get("reactions", []), in_force(frame), strict=True):
        kinds = {step.action for step in order_of(state, reaction).effect}
        if active and "reinforce" in kinds and alliance(reaction["army"]) == side:
            out.extend(
                (reaction["region"], i) for i in reinforcing(state, reaction["army"], reaction["region"])
            )
    return out


def piece_at(state: State, frame: Frame, where: str, i: int) -> str:
    return str(frame["road"][i] if where == ROAD else state.regions[where]["slots"][i])


def _current(state: State, frame: Frame) -> tuple[dict[str, Any], list[tuple[str, int]]] | None:
    """The first side still to lose, with the pieces its losses may fall on."""
    for entry in frame["lose"]:
        pieces = [
            (w, i)
            for w, i in in_battle(state, frame, entry["side"])
            if not entry["units"] or kind_of(piece_at(state, frame, w, i)) is not None
        ]
        if entry["left"] > 0 and pieces:
            return entry, pieces
    return None


def loss_choices(state: State, frame: Frame) -> tuple[str, list[Action]]:
    """Who assigns the next loss, and where it may fall (R40; a Tactical Retreat's Unit is any the
    defender in charge chooses, R7); no choice once the losses are made."""
    current = _current(state, frame)
    if current is None:
        return "", []
    entry, pieces = current
    chooser = leading(frame, entry["side"])
    tally = frame["tally"][entry["side"]]
    mine = [(w, i) for w, i in pieces if owner(state, piece_at(state, frame, w, i)) == chooser]
    out: list[Action] = []
    for w, i in pieces:
        who = owner(state, piece_at(state, frame, w, i))
        free = who == NEUTRAL and not tally["free"]
        if entry["any"] or who == chooser or free or not mine or tally["other"] < tally["own"]:
            out.append(("lose", w, i))
    return chooser, out


def lose(state: State, frame: Frame, where: str, i: int) -> None:
    """Remove the piece chosen as a loss, counting it for R40."""
    current = _current(state, frame)
    assert current is not None
    entry = current[0]
    side = entry["side"]
    who = owner(state, piece_at(state, frame, where, i))
    tally = frame["tally"][side]
    if who == NEUTRAL and not tally["free"]:
        tally["free"] = True
    elif who == leading(frame, side):
        tally["own"] += 1
    else:
        tally["other"] += 1
    entry["left"] -= 1
    remove(state, frame, side, where, i)


def remove(state: State, frame: Frame, side: str, where: str, i: int) -> None:
    """A piece of ``side`` lost in the Battle: a Unit home, a Leader to the box (``Battle.Losses.Count``),
    noted for ``Battle.Glory.4``."""
    piece = piece_at(state, frame, where, i)
    if where == ROAD:
        frame["road"].pop(i)
    else:
        state.regions[where]["slots"][i] = None
    if kind_of(piece) is None:
        frame["killed"].append(side)
    home(state, piece)
    state.say("Battle.Losses.Count", f"{_name(state, piece)} is lost in the Battle.")


# -- moves -------------------------------------------------------------------------------------
def queue(frame: Frame, piece: str, where: str, by: str, rule: str, side: str) -> None:
    """Add a piece to place: ``rule`` is "enter" (into the Battle Region), "back" (to the attacker's
    origin), "retreat" (the general rule) or "beaten" (the general rule, not the origin)."""
    frame.setdefault("moves", []).append({"piece": piece, "at": where, "by": by, "rule": rule, "side": side})


def move_choices(state: State, frame: Frame) -> tuple[str, list[Action]]:
    """Who places the next piece and where it may go: ("move", index in the queue, Region, slot).
    Pieces entering the Battle Region, queued together, are offered together, so the mover picks
    which of them fill the slots (R9); any other piece is offered alone, in queue order."""
    moves = frame.get("moves", [])
    if not moves:
        return "", []
    entering = []
    for k, m in enumerate(moves):  # the leading run of pieces entering the Battle Region
        if m["rule"] != "enter":
            break
        entering.append(k)
    if entering:
        out: list[Action] = []
        seen: set[str] = set()
        for k in entering:
            piece = moves[k]["piece"]
            if piece in seen:
                continue
            seen.add(piece)
            shape = shape_of(state, piece)
            out.extend(("move", k, frame["region"], s) for s in slot_choices(state, frame["region"], shape))
        if out:
            return str(moves[entering[0]]["by"]), out
    m = moves[0]
    if entering:  # R9: what does not fit retreats, its owner choosing where
        who = owner(state, m["piece"])
        m = {**m, "rule": "retreat", "by": m["by"] if who == NEUTRAL else who}
    shape = shape_of(state, m["piece"])
    return str(m["by"]), [
        ("move", 0, r, s) for r in _destinations(state, frame, m) for s in slot_choices(state, r, shape)
    ]


def _destinations(state: State, frame: Frame, m: dict[str, Any]) -> list[str]:
    """Where a queued piece may go; a beaten attacker that was placed goes nowhere, so is removed,
    with the option ``placed_attackers_die_when_beaten`` (R8)."""
    if m["rule"] == "back" and frame.get("origin") is not None:
        return [frame["origin"]]
    if m["rule"] == "back" and on(state, "placed_attackers_die_when_beaten"):
        return []
    out = []
    for rid in data(state).board.neighbours(frame["region"], state.north):
        if m["rule"] == "beaten" and rid == frame.get("origin"):
            continue
        empty = not counts(state, rid)
        if empty or holder(state, rid) == m["side"]:
            out.append(rid)
    return out


def move(state: State, frame: Frame, k: int, region: str, slot: int) -> None:
    """Place the ``k``-th queued piece on ``slot`` of ``region``, off where it stood."""
    m = frame["moves"].pop(k)
    _lift(state, frame, m)
    state.regions[region]["slots"][slot] = m["piece"]
    if region != frame["region"] and data(state).board.adjacent(region, frame["region"], state.north):
        road = road_key(region, frame["region"])  # a retreat along a Road (R11)
        exposed(state, frame, road, leading(frame, m["side"]), m["side"], [[region, slot]])
    key = "Battle.Retreat.Attacker" if m["side"] == sides(frame)[0] else "Battle.Retreat.Defender"
    state.say(key, f"{_name(state, m['piece'])} goes to {data(state).board.regions[region].name}.")


def stranded(state: State, frame: Frame) -> None:
    """The first queued piece has nowhere to go: it is removed (``Battle.Retreat.Defender``, R8, R50)."""
    m = frame["moves"].pop(0)
    _lift(state, frame, m)
    home(state, m["piece"])
    if kind_of(m["piece"]) is None:
        frame["killed"].append(m["side"])  # Battle.Glory.4
    key = "Battle.Retreat.Attacker" if m["side"] == sides(frame)[0] else "Battle.Retreat.Defender"
    state.say(key, f"{_name(state, m['piece'])} cannot retreat and is removed.")


def _lift(state: State, frame: Frame, m: dict[str, Any]) -> None:
    if m["at"] == ROAD:
        frame["road"].remove(m["piece"])
    else:
        here = state.regions[m["at"]]["slots"]
        here[here.index(m["piece"])] = None


def _name(state: State, piece: str) -> str:
    """A piece as a sentence opens with it: a Leader's name, or "An Angevin infantry"."""
    name = piece_name(state, piece)
    return name if kind_of(piece) is None else f"{'An' if name[0] in 'AEIOU' else 'A'} {name}"
