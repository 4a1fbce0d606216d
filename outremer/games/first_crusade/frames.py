"""The shapes of The First Crusade's frames: the working data of each procedure on ``state.stack``.

Each kind of frame is declared here as a TypedDict with the keys saved games hold (``kind`` names
the procedure), so that a reader can see what a frame holds without running the game; the comment
beside each key says what it holds and the rule behind it. The rules modules read and write frames
as the engine's plain ``Frame`` dicts; ``tests/first_crusade/test_frames.py`` checks that the frames
random games make hold exactly the keys declared here, with values of the declared types. The
frames are described in ``docs/first-crusade/frames.md``. This module sits at the bottom of the
package: it imports nothing of the title. Its annotations are evaluated (no ``from __future__
import annotations``), so that each frame's required and optional keys can be read at run time.
"""

from typing import Literal, NotRequired, TypedDict


class Done(TypedDict):
    """What a procedure that ended left for the frame below it, under ``done``."""

    kind: Literal["battle", "march"]  # the procedure that ended
    space: str  # where it ended: the battle's space, or where the force stopped
    winner: NotRequired[Literal["christian", "muslim"] | None]  # battle: who won, None a stalemate (24.0)
    force: NotRequired[list[str]]  # march: the units of the force still there (18.1)


class Turn(TypedDict):
    """``turn``: the Sequence of Play, at the bottom of the stack (8.1)."""

    kind: Literal["turn"]
    stage: Literal[
        "event", "standard", "special_boons", "determination", "special", "reaction", "winter", "end"
    ]  # the step of the turn: event (9.0), Actions (12.1, 12.2), Reaction (27.0), Winter (28.0)
    done: NotRequired[Done]


class Action(TypedDict):
    """``action``: one Action under way, then the stacking check that ends it (12.4, 10.1)."""

    kind: Literal["action"]
    action: list[str]  # the Action chosen, verb first: ("march", space) ... (12.3, 34.0)
    stage: Literal["do", "stacking"]  # carrying it out, then checking stacking at its end (10.1)
    left: int  # Actions a build still needs after those spent on it (33.3)
    done: NotRequired[Done]


class Stacking(TypedDict):
    """``stacking``: contingents that may not end an Action together; one is eliminated (10.1)."""

    kind: Literal["stacking"]
    space: str  # the space where stacking is broken
    options: list[str]  # the contingents there, one of which the player eliminates (10.1(1))
    done: NotRequired[Done]


class Rally(TypedDict):
    """``rally``: the Rally Action (15.1, 15.2)."""

    kind: Literal["rally"]
    space: str  # where the Leaders rally
    left: int  # reduced units still to flip: one per Leader there (15.2)
    done: NotRequired[Done]


class March(TypedDict):
    """``march``: a movement Action (17.0-22.0, 25.0), from forming the force to its attack."""

    kind: Literal["march"]
    verb: Literal[
        "march",
        "leader_march",
        "sea_move",
        "leader_sea_move",
        "supplied_march",
        "supplied_leader_march",
        "supplied_sea_move",
        "supplied_leader_sea_move",
    ]  # the kind of movement Action (18.0, 19.0, 20.0, 21.0, 22.0)
    sea: bool  # by sea (20.0, 21.0)
    leader: bool  # led by a Leader (19.0, 21.0)
    supplied: bool  # a Supplied March (22.0)
    start: str  # the space the force sets out from (17.1)
    here: str  # the space the force is in now (17.4)
    stage: Literal["form", "move", "attrition", "camp", "engage", "end"]  # the step of the march (17.1)
    force: list[str]  # the units moving (10.0, 12.4, 17.4)
    pool: list[str]  # every unit that has been in the force since it set out: attrition (18.2)
    mp: int  # movement points left (17.3)
    dice: list[int]  # the Movement Allowance roll, which may call for attrition (17.3, 18.1)
    entered: list[str]  # spaces entered, in order (17.4; a Desert space: ruling MV-3)
    ended: bool  # the move is over: a stop it cannot go on from (17.6, 29.1, 29.3)
    passing: bool  # moving through Muslims by Treachery, not stopped by them (10.4)
    pass_through: int  # Muslim-held spaces Treachery still lets the force move through (10.4)
    engage: bool  # the force stopped among Muslims and attacks them (17.6, 23.0)
    reinforce: bool  # the Muslims draw reinforcements for that battle (23.1(1), ruling MV-10)
    depots: list[str]  # Supplied March: the spaces it may end in (22.0)
    camps: list[str]  # Camps a Supplied March may expend (22.1, 33.6)
    done: NotRequired[Done]


class Attrition(TypedDict):
    """``attrition``: units losing steps after a march roll, or stranded at sea (18.2, 20.1, 25.1,
    25.3)."""

    kind: Literal["attrition"]
    stage: Literal["roll", "hit", "sink"]  # the check's die (18.2), the losses, units lost at sea (25.1)
    pool: list[str]  # the march's units (land units left at sea, in ``sink``)
    units: list[str]  # the units that take the losses now: the fleets first at sea (20.1)
    carried: list[str]  # land units the fleets carry, which lose steps with them (25.3)
    hits: int  # steps still to lose (18.2)
    struck: list[str]  # units that have lost a step in this check
    rule: Literal["18.2", "20.1", "25.1", "25.3"]  # the rule the losses are taken under
    no_attrition: NotRequired[bool]  # Supplies was played: no losses from this roll (18.2, 13.2 chart)
    done: NotRequired[Done]


class Battle(TypedDict):
    """``battle``: one battle, from reinforcement to its outcome (23.0-24.2, 31.0, 34.0)."""

    kind: Literal["battle"]
    stage: Literal[
        "force",
        "boons",
        "reinforce",
        "edge",
        "rounds",
        "round",
        "fire",
        "hits",
        "continue",
        "outcome",
        "withdraw",
        "embark",
        "leave",
        "finish",
    ]  # the step of the battle (23.1 (1)-(7), 24.0-24.2)
    space: str  # where it is fought (23.0)
    attacker: Literal["christian", "muslim"]  # the attacking side (23.0)
    cause: str  # what started it, for the log: a march, a siege attack, a rule (23.0, 27.4)
    siege: Literal["attack", "relief", "assault"] | None  # with option Sieges: its kind (34.2-34.4)
    fortress: bool  # fought in a fortress: one round, defender's edge on a tie (23.5)
    reinforce: bool  # the Muslims draw reinforcements (23.1(1))
    muslim_bonus: int  # added to the Muslim Tactical Edge roll: Ambush or Jihad (13.2 chart, 35.0)
    christian_bonus: int  # added to the Christian Tactical Edge roll: Military Advantage (13.2 chart)
    edge_boon: bool  # a Tactical Edge boon has been played (13.2 chart)
    treachery: bool  # Treachery was played: one die fewer of reinforcements (13.2 chart)
    christians: list[str]  # the Christian units fighting (23.0, 30.2)
    edge: Literal["christian", "muslim"] | None  # the side with the Tactical Edge (23.1(3))
    rounds: int  # how many rounds the battle lasts (23.1(4), 23.5)
    round: int  # the round under way (23.1(5))
    volley: int  # who fires: 0 the edge side, 1 the other, 2 once both have (23.1(5)-(6))
    hits: int  # hits of the last fire still to apply (23.2, 23.3)
    target: Literal["christian", "muslim"] | None  # the side taking those hits (23.3)
    assassin: int | None  # the Assassin's combat factor this round, rolled (31.2)
    christian_leader_lost: bool  # a Christian Leader was eliminated (24.0, 24.1)
    muslim_leader_lost: bool  # a Muslim Leader was eliminated (24.0, 24.1)
    assassin_killed: bool  # the Assassin was eliminated (31.3)
    winner: Literal["christian", "muslim"] | None  # the winner; None while fought, or a stalemate (24.0)
    retreats: NotRequired[list[str]]  # where a Christian attacker may withdraw (24.2)
    dest: NotRequired[str]  # the space it withdraws to (24.2)
    embarked: NotRequired[list[str]]  # land units taken aboard its fleets to withdraw by sea (24.2, 25.2)
    done: NotRequired[Done]


class AmbushLeave(TypedDict):
    """``ambush_leave``: after an Ambush's battle in Constantinople or Masyaf, the Muslims there
    leave (13.2 chart, 27.3 note; ruling M-27.3)."""

    kind: Literal["ambush_leave"]
    space: str  # Constantinople or Masyaf
    done: NotRequired[Done]


class Mercenary(TypedDict):
    """``mercenary``: where a mercenary enters play (14.6, 32.5; ruling P-6)."""

    kind: Literal["mercenary"]
    unit: str  # the mercenary unit
    options: list[str]  # the spaces it may be placed in (24.0, 35.0 Papal Support)
    rule: str  # the rule it enters play under, for the log
    done: NotRequired[Done]


class Arrival(TypedDict):
    """``arrival``: where a Crusader Reinforcement arrives (35.0; ruling E-35.0f)."""

    kind: Literal["arrival"]
    unit: str  # the unit picked from the Crusader Bin
    done: NotRequired[Done]


class AssassinsStrike(TypedDict):
    """``assassins_strike``: the Christian Leader the Assassins strike at is selected (35.0; ruling
    E-35.0e)."""

    kind: Literal["assassins_strike"]
    done: NotRequired[Done]


class LeaderGoesHome(TypedDict):
    """``leader_goes_home``: the Crusader Leader going home is selected (35.0; ruling E-35.0b)."""

    kind: Literal["leader_goes_home"]
    done: NotRequired[Done]


class Winter(TypedDict):
    """``winter``: the Winter Supply Step after an Autumn turn (28.0-28.3, 34.5, 34.6)."""

    kind: Literal["winter"]
    stage: Literal[
        "check", "boons", "camps", "losses", "muslims", "massacres"
    ]  # the step: 28.1, Supplies, Camps spent, 28.2, 28.3, 34.6
    unsupplied: list[str]  # spaces whose Christian force is out of supply, still to roll for (28.1, 28.2)
    camps: list[str]  # spaces a Camp supplied, expended at the end of the check (28.1, 33.6)
    supplied: NotRequired[list[str]]  # spaces put in supply by a Supplies marker (28.1, chart)
    done: NotRequired[Done]


class WinterLosses(TypedDict):
    """``winter_losses``: the units of a force out of supply that lose a step (28.2; ruling W-5)."""

    kind: Literal["winter_losses"]
    space: str  # the force's space
    left: int  # steps still to lose
    hit: list[str]  # units that have lost a step, each once
    done: NotRequired[Done]


FRAMES = {
    "turn": Turn,
    "action": Action,
    "stacking": Stacking,
    "rally": Rally,
    "march": March,
    "attrition": Attrition,
    "battle": Battle,
    "ambush_leave": AmbushLeave,
    "mercenary": Mercenary,
    "arrival": Arrival,
    "assassins_strike": AssassinsStrike,
    "leader_goes_home": LeaderGoesHome,
    "winter": Winter,
    "winter_losses": WinterLosses,
}
"""Each kind of procedure, with the shape of its frames."""
