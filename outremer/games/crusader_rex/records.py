"""The shapes of Crusader Rex's working records: the per-turn flags, the attack records, the move
phase, the battle, the records deployment, events, draws and winter keep in ``state.work``, and the
frames on ``state.stack``.

Each record is JSON-native data in the state (``state.py``) and is declared here as a TypedDict, so
that mypy checks every key the rules read or write. The keys are the ones saved games hold, short as
some are (``att``, ``defd``, ``ra``): renaming one would change the save format. The comment beside
each key says what it holds and the rule behind it; ``docs/crusader-rex/state.md`` describes the
same records in tables. This module sits at the bottom of the package with ``state.py``: it imports
nothing of the title. Its annotations are evaluated (no ``from __future__ import annotations``), so
that each record's required and optional keys can be read at run time (``__required_keys__``).
"""

from typing import Literal, NotRequired, TypedDict


class Claim(TypedDict):
    """A side and the town an event card or the Winter Campaign names."""

    side: str  # the side that played the card
    town: str  # the battle or siege it names


class Flags(TypedDict):
    """``state.flags``: what this game turn's cards have set (4.1, 4.2); cleared each game turn."""

    cancelled: bool  # both players revealed Events: no moves, battles or draws this turn (4.2)
    guide: str | None  # the side that played Guide: higher road limits for its moves (Guide card)
    jihad: Claim | None  # the side that played Jihad and the battle it named (Jihad card)
    winter_campaign: Claim | None  # the siege kept going over the winter (8.2)
    events: dict[str, str]  # side -> the Event card it resolved this turn (4.2)


class Attack(TypedDict):
    """``state.attacks[town]``: who attacked ``town`` this game turn and by which roads; written by
    movement as blocks enter a town holding enemy blocks, read by combat (6.4)."""

    attacker: str  # the side that started the battle there (6.0, 6.41)
    roads: dict[str, list[str]]  # side -> roads it entered the town by, "sea" for a sea attack (6.61, 7.22)
    main: str  # the attacker's Main Attack road, its first road in ("sea" for 7.22) (6.41)
    reserves: dict[str, int]  # block -> the combat round it arrives in (6.41, 6.42, 6.56)
    first: NotRequired[int]  # the round the Main Attack arrives: 1, or 2 for Player 2's relief (6.56)
    response: NotRequired[str]  # Player 2's first road into Player 1's battle: round 2 by it (6.42)


MoveKind = Literal["group", "muster_pick", "muster"]


class MovePhase(TypedDict):
    """``state.mv``: one side's move phase under way (5.0-5.5, 7.22, 7.23, 8.1, 8.2)."""

    side: str  # the side moving (5.0)
    moves: int  # moves left on its card; unused moves are lost (5.0)
    kind: MoveKind | None  # the move under way: a group move (5.2), a muster (5.3) or its town to pick
    origin: str | None  # group move: the town the group moves from (5.2)
    target: str | None  # muster: the designated friendly town (5.3)
    transit: str | None  # muster: the block on its way, to arrive before another starts (5.3)
    moved: list[str]  # blocks that have moved this phase: each moves once (5.0)
    path: dict[str, list[str]]  # block -> towns entered in the move under way, in order (2.13, 5.0)
    stopped: list[str]  # blocks of the move under way that stopped in an enemy-held town (5.0)
    roads: dict[str, int]  # road -> blocks moved along it this phase (5.1)
    forced: list[str]  # blocks one town past their Move Rating: forced-march roll (optional rule)
    free: dict[str, int]  # Player 2: town -> how many blocks may still leave it unpinned (5.5)
    barred: dict[str, list[str]]  # Player 2: town -> roads Player 1 attacked by, closed to it (5.5)
    event: Literal["guide", "jihad"] | None  # the Event card giving this one group move (4.2)
    campaign: bool  # Winter Turn on the Winter Campaign card: a siege may be kept going (8.2)


class Hits(TypedDict):
    """The hits of one fire, applied one at a time (6.3, 6.31)."""

    n: int  # hits left to apply
    side: str  # the side taking them: its strongest block each time (6.31)
    harry: str | None  # a harrying block's retreat town, reached once its hits are applied (6.33)
    by: str  # the block that fired


class Fight(TypedDict):
    """``state.fight``: the battle phase (6.0-6.7). Between battles only ``fought`` is set; while a
    battle is fought at ``town`` every other key is set too (combat.py, ``_begin``)."""

    fought: list[str]  # towns whose battle or siege is over this game turn, in order (6.0)
    town: NotRequired[str]  # where the battle is fought (6.0)
    round: NotRequired[int]  # the combat round: 0 before the first, at most 3 (6.2)
    stage: NotRequired[str | None]  # the step the battle is at (combat._STEPS); absent between battles
    att: NotRequired[str]  # the attacking side (6.0; changed by 6.41 arrivals, 6.55 sorties, 6.56)
    defd: NotRequired[str]  # the defending side: its blocks fire first within a letter (6.2)
    dside: NotRequired[str | None]  # the side that deployed there, whose empty castle it is (6.1, 6.62)
    siege0: NotRequired[bool]  # the battle began as an existing siege (6.5): sallies from round 1 (6.55)
    due: NotRequired[dict[str, int]]  # reserve block -> the round it arrives in (6.41, 6.42, 6.56)
    mode: NotRequired[Literal["field", "storm"] | None]  # this round: field battle or storm (6.2, 6.53)
    acted: NotRequired[list[str]]  # blocks that have had their combat turn this round (6.2)
    stormers: NotRequired[list[str]]  # blocks storming the castle this round (6.54)
    sallied: NotRequired[list[str]]  # blocks that sallied into the field (6.55)
    relief: NotRequired[list[str]]  # relief force blocks: they never withdraw into the castle (6.56)
    half: NotRequired[dict[str, int]]  # castle block -> its half-hit while storming lasts (6.54)
    decided: NotRequired[list[str]]  # blocks declared so far to storm or sally (6.53)
    used: NotRequired[dict[str, dict[str, int]]]  # side -> road -> blocks retreated this round (6.61)
    rg: NotRequired[dict[str, int]]  # road -> blocks regrouped along it (5.1, 6.7)
    hits: NotRequired[Hits | None]  # the hits of the last fire, still to apply (6.31)
    holder: NotRequired[str | None]  # the side alone in the field at the last round's end (6.41)
    fieldprev: NotRequired[bool]  # both sides were in the field at the last round's end (6.41)
    jihad: NotRequired[str | None]  # the Jihad side if this is its battle: first fire in round 1 (Jihad card)
    next: NotRequired[str | None]  # the step after a regroup or a retreat of all (combat._STEPS)
    ra: NotRequired[str | None]  # the side retreating all its field blocks (6.2: round 3, a siege left)
    sally: NotRequired[Literal["join", "sortie"] | None]  # a sally joins a field battle or starts one (6.55)
    victor: NotRequired[str | None]  # the side that may regroup (6.7)
    mid: NotRequired[bool]  # that regroup is mid-battle: a field won, the castle still held (6.5, 6.7)
    shown: NotRequired[list[str]]  # blocks revealed in this battle, stood up again at its end (6.51)


class Seating(TypedDict):
    """``state.work`` in the Franks' deployment (3.1)."""

    seated: list[str]  # Frank blocks moved to a seat, once per move (3.1, deployment.MOVES)


class Manna(TypedDict):
    """``state.work`` while the Manna event is resolved (4.2, Manna card)."""

    manna: list[str]  # blocks chosen so far to gain a step: at most three, each once


class Draws(TypedDict):
    """``state.work`` in the draw phase (7.0-7.3)."""

    draws: list[str]  # sides still to draw, Player 1 first (7.0)
    block: str | None  # the block drawn, waiting for its owner to place it (7.24, 7.25, 7.3)
    towns: dict[str, int]  # town -> the strength it would deploy there at (7.25, 7.3)


WinterStage = Literal["campaign", "supply", "replace"]


class Winter(TypedDict):
    """``state.work`` in the winter (8.2-8.4)."""

    stage: WinterStage  # the winter campaign (8.2), supply (8.3) or replacements (8.4)
    exempt: str | None  # the Winter Campaign siege that stays on, exempt from 8.3 (8.2)
    town: str | None  # the winter siege won, whose victor regroups from it (8.2, 6.7)
    side: str | None  # the side deciding now
    sides: list[str]  # sides still to decide, the Franks first (8.3, 8.4)
    roads: dict[str, int]  # road -> blocks regrouped along it (5.1, 8.2)
    rp: dict[str, int]  # town -> replacement points left there (8.4)


Work = Seating | Manna | Draws | Winter
"""``state.work``: the record of whichever of these phases is under way."""


# -- the frames on state.stack (procedures.py; docs/crusader-rex/state.md, "The stack") ----------
class Decision(TypedDict):
    """A decision (procedures.ask): it asks the sides it names; its kind is the phase views show."""

    kind: str  # the decision: card (4.1), move (5.0), combat_turn (6.2) ... (state.md, "Decisions")
    roles: list[str]  # the sides that must act: both for the card (4.1), else one


class GameFrame(TypedDict):
    """``game``: the years, at the bottom of the stack: deals (4.0), year ends (8.5), game turns."""

    kind: Literal["game"]


TurnStage = Literal["cards", "revealed", "p2", "moved", "battles", "draws", "winter", "close", "end"]


class TurnFrame(TypedDict):
    """``turn``: one game turn, a step at a time (4.1-8.5)."""

    kind: Literal["turn"]
    stage: TurnStage  # the step to take next: the cards (4.1), each player's card (4.2, 5.0),
    # the battles (6.0) and draws (7.0) or the winter (8.x), the end of the turn (1.2)


class EventFrame(TypedDict):
    """``event``: an Event card being resolved (4.2)."""

    kind: Literal["event"]
    side: str  # the side that played it
    card: Literal["assassins", "guide", "jihad", "manna"]  # the Event card (4.2)
    stage: NotRequired[Literal["jihad", "end"]]  # what is left: naming the Jihad battle (Jihad card)
    start: NotRequired[bool]  # pushed and not yet run (procedures.begin)


class MoveStart(TypedDict):
    """What a move phase opens from: its card's moves (5.0)."""

    moves: int  # the number of moves (5.0)
    event: NotRequired[Literal["guide", "jihad"] | None]  # an Event's one Group Move (4.2)
    winter_campaign: NotRequired[bool]  # the Winter Campaign card was played (8.2)


class MovePhaseFrame(TypedDict):
    """``move_phase``: one side's move phase; its working data is ``state.mv`` (5.0)."""

    kind: Literal["move_phase"]
    side: str  # the side moving (5.0)
    start: NotRequired[MoveStart]  # what it opens from, until it first runs (procedures.begin)


class BattlesFrame(TypedDict):
    """``battles``: the battle phase; its working data is ``state.fight`` (6.0)."""

    kind: Literal["battles"]
    start: NotRequired[bool]  # pushed and not yet run (procedures.begin)


class DrawsFrame(TypedDict):
    """``draws``: the draw phase; its working data is ``state.work`` (7.0)."""

    kind: Literal["draws"]
    start: NotRequired[bool]  # pushed and not yet run (procedures.begin)


class WinterFrame(TypedDict):
    """``winter``: the winter; its working data is ``state.work`` (8.2-8.4)."""

    kind: Literal["winter"]
    start: NotRequired[bool]  # pushed and not yet run (procedures.begin)


SEQUENCES = {
    "game": GameFrame,
    "turn": TurnFrame,
    "event": EventFrame,
    "move_phase": MovePhaseFrame,
    "battles": BattlesFrame,
    "draws": DrawsFrame,
    "winter": WinterFrame,
}
"""The sequences by kind, with the shape of their frames; every other frame is a :class:`Decision`."""
