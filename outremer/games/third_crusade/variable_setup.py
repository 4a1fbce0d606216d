"""The variable set-up (``VariableSetup``, L298-L326): the players deploy their own start, one piece
at a time, instead of the set-up page's.

Offered for 4 players, and for 2 without the Objective Cards that carry the north icon (L300): a
game of ``variable_<scenario>`` (setups.py) plays the Armies, ships, gold and Faith of that scenario
with an empty map and its tracks on 0 (``PlayerSetup.E``). The procedure ``variable_setup`` runs by
itself, top to bottom:

1. the Objective Cards but the set-aside one split into a Crusader and a Muslim deck by main City,
   each shuffled, 4 dealt to each player from its own side's deck (``VariableSetup.Decks``);
2. ``variable_discard``: each player lays 1 of its 4 face down, all at once (a sealed choice);
   then the 3 kept are shown together (``VariableSetup.Deploy``);
3. initiative drawn as in any set-up (``BoardSetup.2.Initiative``);
4. ``deploy``: in initiative order each player places one Leader (free) or Unit (Infantry 1,
   Cavalry 2, Siege Engine 4 deployment points, a Siege Engine only into a City) into the main City
   of one of its shown Objectives, its one Desert joined by Road to one of them, or, for a Muslim,
   Jerusalem under its cap, or says it is done (``VariableSetup.Forces``, ``VariableSetup.Deploy.1-3``;
   rulings V1-V6 of docs/third-crusade/variable-setup.md);
5. a Neutral Infantry into every City without Units or Leaders, every Objective Card shuffled back
   into one deck, 2 secret Objectives dealt to each player (R25), the tracks counted from the map
   (``BoardSetup.4``) and the Mercantile Cities each Army Controls noted as the start (R43)
   (``VariableSetup.End``). Then the first round begins (rounds.py).

Hidden (views.py, sampler.py): the cards not dealt, a player's 4 dealt cards and the one it laid
face down, each to that player alone. Everything the deployment asks is public.
"""

from __future__ import annotations

from typing import Any

from ...engine import rng
from ...engine.procedures import Action, Frame, unseal
from . import control, initiative, turns
from .common import alliance, data
from .pieces import free_slots, is_enemy, piece_name, shape_of, slot_choices, take_from_board
from .procedures import PROCEDURES
from .state import ALLIANCES, NAMES, NEUTRAL, UNIT_KINDS, State, unit

VARIABLE_SETUP, DISCARD, DEPLOY = "variable_setup", "variable_discard", "deploy"
DONE = ("done",)
"""A player's last word in the deployment: it places nothing more (V4)."""


def _cards(state: State, army: str) -> str:
    """The Objective Cards ``army`` holds, by their main Cities: the 4 dealt, then the 3 shown."""
    v = state.variable
    assert v is not None
    return ", ".join(_main(state, c) for c in v["hands"][army] or v["revealed"][army])


def _main(state: State, card: str) -> str:
    """An Objective Card in words: its main City's name (``Anatomy.Objective``)."""
    return data(state).board.regions[data(state).cards.objectives[card].main].name


# -- 1. the decks ------------------------------------------------------------------------------
def _deal(state: State) -> None:
    """``VariableSetup.Decks``: the set-aside card out, the rest by deck (the north ones only with
    the north board, L300), each deck shuffled and 4 dealt to each player from its side's."""
    packs = data(state)
    rules = packs.setups.variable
    decks: dict[str, list[str]] = {side: [] for side in ALLIANCES}
    for o in packs.cards.objectives.values():
        if o.id != rules.set_aside and o.deck is not None and (state.north or not o.north):
            decks[o.deck].append(o.id)
    for deck in decks.values():
        deck.sort()
        rng.shuffle(state, deck)
    hands = {}
    for army in state.armies:
        deck = decks[alliance(army)]
        hands[army] = deck[: rules.deal]
        del deck[: rules.deal]
    state.variable = {
        "decks": decks,
        "hands": hands,
        "discarded": dict.fromkeys(state.armies),
        "revealed": {a: [] for a in state.armies},
        "points": {a: rules.points[a] for a in state.armies},
        "deserts": dict.fromkeys(state.armies),
    }
    state.barrier += 1
    state.say(
        "VariableSetup.Decks",
        f"The {_main(state, rules.set_aside)} Objective is set aside; each player is dealt "
        f"{rules.deal} Objective Cards from its side's deck.",
    )
    for army in state.armies:
        state.say("VariableSetup.Decks", f"You are dealt: {_cards(state, army)}.", [army])


# -- 2. the discard ----------------------------------------------------------------------------
def _discard_legal(state: State, frame: Frame, role: str) -> list[Action]:
    v = state.variable
    assert v is not None
    return [("discard", c) for c in sorted(v["hands"][role])]


def _discarded(state: State, frame: Frame, role: str, action: Action) -> None:
    name = _main(state, action[1])
    state.tell(
        "VariableSetup.Decks",
        [role],
        f"You lay the {name} Objective face down.",
        f"The {NAMES[role]} lays an Objective Card face down.",
    )


def _reveal(state: State, frame: Frame, choices: dict[str, Action]) -> None:
    """Every player has discarded: the 3 cards kept are shown together (``VariableSetup.Deploy``)."""
    unseal(frame)
    v = state.variable
    assert v is not None
    for army in state.armies:
        card = str(choices[army][1])
        v["discarded"][army] = card
        v["revealed"][army] = sorted(c for c in v["hands"][army] if c != card)
        v["hands"][army] = []
        state.say("VariableSetup.Deploy", f"The {NAMES[army]} shows its Objectives: {_cards(state, army)}.")
    state.barrier += 1
    PROCEDURES.pop(state, frame)


# -- 4. the deployment -------------------------------------------------------------------------
def main_cities(state: State, army: str) -> list[str]:
    """The main Cities of ``army``'s shown Objectives (``VariableSetup.Deploy.1``)."""
    objectives = data(state).cards.objectives
    v = state.variable
    assert v is not None
    return [objectives[c].main for c in v["revealed"][army]]


def deserts(state: State, army: str) -> list[str]:
    """The Deserts ``army`` may deploy into: its one Desert once it has placed there, else each
    joined by Road to one of its main Cities (``VariableSetup.Deploy.2``, V2)."""
    v = state.variable
    assert v is not None
    if v["deserts"][army] is not None:
        return [v["deserts"][army]]
    board = data(state).board
    out: list[str] = []
    for city in main_cities(state, army):
        for rid in board.neighbours(city, state.north):
            if not board.regions[rid].is_city and rid not in out:
                out.append(rid)
    return out


def regions(state: State, army: str) -> list[str]:
    """Where ``army`` may deploy: its main Cities, its Desert, Jerusalem for a Muslim
    (``VariableSetup.Deploy.1-3``), none holding an enemy's piece (V3)."""
    out = [*main_cities(state, army), *deserts(state, army)]
    if alliance(army) == data(state).setups.variable.jerusalem[0]:
        out.append(data(state).board.jerusalem)
    return [
        rid
        for rid in dict.fromkeys(out)
        if not any(p is not None and is_enemy(state, army, p) for p in state.regions[rid]["slots"])
    ]


def _room(state: State, region: str, shape: str) -> bool:
    """Whether a piece of ``shape`` fits ``region``: a free slot of that shape and, in Jerusalem,
    fewer pieces of that shape than its cap (``VariableSetup.Deploy.3``, V5; no trapezoid there)."""
    if not free_slots(state, region, shape):
        return False
    board = data(state).board
    if region != board.jerusalem:
        return True
    _, squares, hexagons = data(state).setups.variable.jerusalem
    cap = {"square": squares, "hexagon": hexagons}.get(shape, 0)
    slots = board.regions[region].slots
    here = state.regions[region]["slots"]
    taken = sum(1 for i, p in enumerate(here) if p is not None and slots[i].shape == shape)
    return taken < cap


def pieces(state: State, army: str) -> list[str]:
    """The pieces ``army`` can still pay for: each Unit type it has on its board and can afford,
    then each of its variable set-up Leaders still beside its board (``VariableSetup.Forces``)."""
    v = state.variable
    assert v is not None
    costs = data(state).setups.variable.costs
    out = [k for k in UNIT_KINDS if state.board_units[army][k] > 0 and costs[k] <= v["points"][army]]
    ours = {x.id for x in data(state).leaders.variable_setup(army)}
    return out + [lid for lid in state.leaders_beside[army] if lid in ours]


def placements(state: State, army: str) -> list[Action]:
    """Every ``("deploy", piece, region, slot)`` open to ``army``: the Unit type or Leader, a Region
    it may deploy into (a Siege Engine only into a City), and one slot of each different outcome
    (R12)."""
    board = data(state).board
    out: list[Action] = []
    for rid in regions(state, army):
        for piece in pieces(state, army):
            shape = shape_of(state, unit(army, piece) if piece in UNIT_KINDS else piece)
            if piece == "siege_engine" and not board.regions[rid].is_city:
                continue
            if _room(state, rid, shape):
                out.extend(("deploy", piece, rid, i) for i in slot_choices(state, rid, shape))
    return out


def _deploy_legal(state: State, frame: Frame, role: str) -> list[Action]:
    return [*placements(state, role), DONE]


def _deploy(state: State, frame: Frame, role: str, action: Action) -> None:
    if action == DONE:
        frame["passed"].append(role)
        turns.done(frame)
        state.say("VariableSetup.Deploy", f"The {NAMES[role]} has deployed all it will.")
        return
    _, piece, rid, at = action
    v = state.variable
    assert v is not None
    if piece in UNIT_KINDS:
        take_from_board(state, role, piece)
        v["points"][role] -= data(state).setups.variable.costs[piece]
        placed = unit(role, piece)
    else:
        state.leaders_beside[role].remove(piece)
        placed = piece
    state.regions[rid]["slots"][at] = placed
    if not data(state).board.regions[rid].is_city:
        v["deserts"][role] = rid
    where = data(state).board.regions[rid].name
    state.say(
        "VariableSetup.Deploy",
        f"The {NAMES[role]} deploys {piece_name(state, placed)} in {where} "
        f"({_points(v['points'][role])} left).",
    )
    turns.done(frame)


def _deploy_run(state: State, frame: Frame) -> None:
    """The next player in initiative order still deploying; one with nothing it may place is done
    (a public fact: V4). The deployment ends when every player is done."""
    passed = frame.setdefault("passed", [])
    for army in state.initiative:
        if army not in passed and not placements(state, army):
            passed.append(army)
            state.say("VariableSetup.Deploy", f"The {NAMES[army]} has nothing more it may deploy.")
    if not turns.advance(state, frame):
        PROCEDURES.pop(state, frame)


def _deploy_prompt(state: State, frame: Frame, role: str) -> str:
    v = state.variable
    assert v is not None
    return (
        f"Deploy one piece: a Leader free, Infantry 1, Cavalry 2, a Siege Engine 4 (into a City only); "
        f"{_points(v['points'][role])} left; or say you are done (VariableSetup.Deploy)."
    )


def _points(n: int) -> str:
    return f"{n} deployment point{'' if n == 1 else 's'}"


# -- 5. the end --------------------------------------------------------------------------------
def _end(state: State) -> None:
    """``VariableSetup.End``: Neutral Infantry into the empty Cities, one Objective deck again and 2
    secret Objectives each (R25), the tracks from the map (``BoardSetup.4``), the Mercantile start."""
    packs = data(state)
    board = packs.board
    filled = []
    for rid, here in state.regions.items():
        if board.regions[rid].is_city and not any(p is not None and p != "sabotage" for p in here["slots"]):
            slots = board.regions[rid].slots
            free = free_slots(state, rid, "square")
            plain = [i for i in free if slots[i].icon is None]
            here["slots"][(plain or free)[0]] = unit(NEUTRAL, packs.setups.variable.fill)
            filled.append(board.regions[rid].name)
    cities = ", ".join(filled) or "none"
    state.say("VariableSetup.End", f"A Neutral Infantry goes into each empty City: {cities}.")
    deck = sorted(o.id for o in packs.cards.objectives.values() if state.north or not o.north)
    rng.shuffle(state, deck)
    count = packs.setups.variable.objectives
    for army in state.armies:
        state.objectives[army] = deck[:count]
        del deck[:count]
    state.objective_deck = deck
    state.say(
        "VariableSetup.End",
        f"Every Objective Card is shuffled into one deck; each player draws {count} secret Objectives (R25).",
    )
    for army in state.armies:
        track = state.tracks[army]
        for name, value in control.counted(state, army).items():
            track[name] = value
        track["current"] = track["base"]
        state.say(
            "BoardSetup.4",
            f"The {NAMES[army]}'s tracks: {track['base']} command points, {track['crowns']} crowns, "
            f"{track['supply']} supply, {track['gold']} gold.",
        )
    v = state.variable
    assert v is not None
    state.variable = {
        "revealed": v["revealed"],
        "mercantile": {a: control.mercantile(state, a) for a in state.armies},
    }
    state.barrier += 1


# -- the procedure, top to bottom --------------------------------------------------------------
def _run(state: State, frame: Frame) -> None:
    step = frame.get("step", 0)
    frame["step"] = step + 1
    if step == 0:
        _deal(state)
        PROCEDURES.push(state, DISCARD, roles=list(state.armies))
    elif step == 1:
        initiative.draw(state)
        state.barrier += 1
        PROCEDURES.push(state, DEPLOY, roles=[])
    else:
        _end(state)
        PROCEDURES.pop(state, frame)


def start(state: State) -> None:
    """Push the variable set-up above the game (rounds.py's ``game``, already on the stack)."""
    PROCEDURES.push(state, VARIABLE_SETUP)


def view(state: State, role: str | None) -> dict[str, Any] | None:
    """The variable set-up as ``role`` may see it: the decks' sizes, its own dealt cards and the one
    it laid face down (the others': how many, and whether laid), the shown Objectives, points and
    Deserts; None in the other set-ups."""
    v = state.variable
    if v is None or "decks" not in v:
        return None if v is None else {"revealed": {a: list(c) for a, c in v["revealed"].items()}}
    return {
        "decks": {side: len(deck) for side, deck in v["decks"].items()},
        "hands": {a: (list(h) if a == role else len(h)) for a, h in v["hands"].items()},
        "discarded": {a: (c if a == role else c is not None) for a, c in v["discarded"].items()},
        "revealed": {a: list(c) for a, c in v["revealed"].items()},
        "points": dict(v["points"]),
        "deserts": dict(v["deserts"]),
    }


def deal_unseen(state: State, role: str, rng_: Any) -> None:
    """For a sampler: what ``role`` cannot see of the variable set-up dealt anew, side by side: the
    cards not dealt, the others' dealt cards and the cards they laid face down, pooled by deck and
    sorted (so nothing dealt is read), each of the others keeping how many it holds."""
    v = state.variable
    if v is None or "decks" not in v:
        return
    for side in ALLIANCES:
        others = [a for a in sorted(state.armies) if alliance(a) == side and a != role]
        pool = list(v["decks"][side])
        for a in others:
            pool += v["hands"][a] + ([v["discarded"][a]] if v["discarded"][a] is not None else [])
        pool.sort()
        rng_.shuffle(pool)
        for a in others:
            v["hands"][a] = [pool.pop() for _ in v["hands"][a]]
            if v["discarded"][a] is not None:
                v["discarded"][a] = pool.pop()
        v["decks"][side] = pool


PROCEDURES.procedure(VARIABLE_SETUP, run=_run, rule="VariableSetup")
PROCEDURES.simultaneous(
    DISCARD,
    roles=lambda state, frame: frame["roles"],
    legal=_discard_legal,
    resolve=_reveal,
    committed=_discarded,
    prompt="Lay 1 of your 4 Objective Cards face down; the other 3 will be shown (VariableSetup.Decks).",
    rule="VariableSetup.Decks",
)
PROCEDURES.procedure(
    DEPLOY,
    legal=_deploy_legal,
    perform=_deploy,
    run=_deploy_run,
    prompt=_deploy_prompt,
    rule="VariableSetup.Deploy",
)
