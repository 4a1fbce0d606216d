"""The solo game (``Solo``, L798-L1012): 1 or 2 human Armies of one Alliance against 1 or 2 Bot
Armies that the rules play by the Bot Table (``BotTable``, L1013-L1018; docs/third-crusade/bot.md).

A Bot Army is no seat: whenever a procedure would ask it, ``bot_play.act`` (the check the game
settles with) answers for it at once from its priorities, so the procedures never wait on it.
Its random draws (its die, its piles, its Event Cards) come from the state's generator only.

``state.solo`` holds, per Bot, its column for the round (``Solo.Strategy.Roll``) and its three
piles (``Solo.Setup.2-4``): Orders of the Reaction pile drawn in Battle are set aside until upkeep
(``Solo.Battle.Reaction``, ``Solo.Upkeep.Sort``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from ...engine import rng
from ...engine.game import Option
from .bot_table import BotTable, Column, read_bot_table
from .common import alliance, data
from .state import NAMES, State

OPTIONS = (
    Option("solo", False, "The solo game: the rules play the Muslim Armies as Bots", "Solo"),
    Option("crusader_bots", False, "In the solo game the rules play the Crusaders instead", "Solo"),
    Option(
        "bot_column_each_phase",
        False,
        "In the solo game a Bot rolls its column again at the start of every phase",
        "Solo.Strategy.Roll",
    ),
    Option(
        "bot_bid_changes_column",
        False,
        "In the solo game the die of a Bot's bid also sets its column for the rest of the round",
        "BotTable.Diplomacy",
    ),
)
"""The setup options of the solo game (``Solo``, L798-L801): 1 or 2 people against 1 or 2 Bots,
the Bots the Muslims or, with ``crusader_bots``, the Crusaders (which alone changes nothing); and
the two alternative rules the text offers (``Solo.Strategy.Roll``, L856; ``BotTable.Diplomacy``,
L1016), the names the Bot Table's draws give them (data/bot.json)."""
ALTERNATIVES = ("bot_column_each_phase", "bot_bid_changes_column")


def bot_side(options: Mapping[str, Any] | None) -> str | None:
    """The Alliance the rules play with these options (None: no Bot)."""
    chosen = options or {}
    if not chosen.get("solo"):
        return None
    return "crusader" if chosen.get("crusader_bots") else "muslim"


@cache
def _table(folder: str | None) -> BotTable:
    return read_bot_table(None if folder is None else Path(folder))


def table(state: State) -> BotTable:
    """The Bot Table the game is played with."""
    return _table(state.pack)


def bots(state: State) -> list[str]:
    """The Armies the rules play (none outside the solo game)."""
    return list(state.solo["bots"]) if state.solo else []


def humans(state: State) -> list[str]:
    """The Armies people play: every Army of a game without Bots."""
    return [a for a in state.armies if a not in bots(state)]


def related(state: State, army: str) -> list[str]:
    """The Armies of the other side that ``army`` relates to in the Strategy picks
    (``Solo.Strategy.Picks``, R35): all of them when either side has one Army, else the one at the
    same rank on initiative (the upper with the upper, the lower with the lower)."""
    mine = bots(state) if army in bots(state) else humans(state)
    others = humans(state) if army in bots(state) else bots(state)
    if len(mine) == 1 or len(others) == 1:
        return others
    ranks = list(dict.fromkeys(state.initiative))
    mine.sort(key=ranks.index)
    others.sort(key=ranks.index)
    return [others[mine.index(army)]]


def start(state: State, side: str | None, options: Mapping[str, Any] | None = None) -> None:
    """The solo set-up (``Solo.Setup``) for a Bot ``side`` (None: no Bot): the piles sorted and
    shuffled unseen, the Advanced March for 1 moved to the Prepared pile (``Solo.Setup.3``), each
    Bot dealt up to 3 Objective Cards from the deck (``Solo.Setup.5``), no Mercantile marker for
    a pair of Bots (``Solo.Setup.8``), the humans' Blank Orders put away (``Solo.Changes.5``) and a
    Bot first on initiative in round 1 (``Solo.Setup.7``); the alternative rules chosen among
    ``options`` kept in ``state.solo["alternatives"]``. Called before the first settle."""
    state.solo = None
    if side is None:
        return
    players = [a for a in state.armies if alliance(a) == side]
    orders = data(state).orders
    piles: dict[str, dict[str, list[str]]] = {}
    for army in players:
        reaction, prepared, advanced = orders.bot_groups(army)
        piles[army] = {
            "reaction": [o.id for o in reaction],
            "prepared": [o.id for o in prepared],
            "advanced": [o.id for o in advanced],
            "used": [],
        }
        for pile in ("reaction", "prepared", "advanced"):
            rng.shuffle(state, piles[army][pile])
        swift = prepared[-1].id  # Solo.Setup.3: the Advanced March for 1 joins the Prepared pile
        state.advanced[army].remove(swift)
        state.order_box[army].append(swift)
    for army in state.armies:
        if army not in players:  # Solo.Changes.5: humans play without Blank Orders
            state.order_box[army] = [o for o in state.order_box[army] if not orders.orders[o].blank]
    chosen = [name for name in ALTERNATIVES if (options or {}).get(name)]
    state.solo = {"bots": players, "column": {}, "piles": piles, "alternatives": chosen}
    dealt = table(state).setup.objectives
    for army in players:  # Solo.Setup.5: a Bot holds 3 Objective Cards
        extra = max(0, dealt - len(state.objectives[army]))
        state.objectives[army] = [*state.objectives[army], *state.objective_deck[:extra]]
        del state.objective_deck[:extra]
    if len(players) == 2:  # Solo.Setup.8: the Mercantile marker only for two people together
        state.mercantile[side] = None
    if state.initiative[0] not in players:  # Solo.Setup.7: the Alliances' positions swapped
        state.initiative = [state.initiative[i ^ 1] for i in range(len(state.initiative))]
    names = ", ".join(NAMES[a] for a in players)
    state.say("Solo.Setup", f"The rules play {names} by the Bot Table; a Bot is first on initiative.")


def _phase(state: State) -> int:
    """The phase under way, as the ``game`` frame counts it (rounds.py: 1 Strategy to 5 Upkeep)."""
    return next((int(f.get("phase", 0)) for f in state.stack if f["kind"] == "game"), 0)


def column(state: State, army: str) -> Column:
    """The Bot's column this round, its die rolled at its first decision of the round
    (``Solo.Strategy.Roll``, L855-L856), or of each phase with the alternative rule
    ``bot_column_each_phase`` (L856); a new round also brings back the Reactions drawn
    (``Solo.Upkeep.Sort``, L1011). Kept as [round, face] (and the phase it was rolled in)."""
    assert state.solo is not None
    rolled = state.solo["column"].get(army)
    new_round = rolled is None or rolled[0] != state.round
    each_phase = "bot_column_each_phase" in state.solo.get("alternatives", [])
    if new_round:
        piles = state.solo["piles"][army]
        piles["reaction"].extend(piles["used"])
        piles["used"] = []
        state.solo.get("triggered", {}).pop(army, None)  # a card trigger lasts for the round
        rng.shuffle(state, piles["reaction"])
    if new_round or (each_phase and rolled is not None and rolled[2:] != [_phase(state)]):
        face = rng.d6(state)
        state.solo["column"][army] = [state.round, face, *([_phase(state)] if each_phase else [])]
        state.say("Solo.Strategy.Roll", f"{NAMES[army]} rolls {face}: column {face} of the Bot Table.")
        rolled = state.solo["column"][army]
    return table(state).column(int(rolled[1]))


def bid_die(state: State, army: str, face: int) -> None:
    """The die of a Bot's bid (``Solo.Diplomacy``, R31) keeps its column, unless the alternative
    rule ``bot_bid_changes_column`` is played: then it is the Bot's column from now on, its upkeep
    included (``BotTable.Diplomacy``, L1016)."""
    assert state.solo is not None
    if "bot_bid_changes_column" not in state.solo.get("alternatives", []):
        return
    state.solo["column"][army] = [state.round, face, _phase(state)]
    state.say("BotTable.Diplomacy", f"{NAMES[army]}'s bid die {face} is its column from now on.")


def rolled(state: State, army: str) -> Column | None:
    """The column ``army`` follows this round if it is a Bot that has rolled its die, read without
    rolling (None for a human Army)."""
    if not state.solo or army not in state.solo["bots"]:
        return None
    face = state.solo["column"].get(army)
    if face is None or face[0] != state.round:
        return None
    return table(state).column(int(face[1]))


def gain_advanced(state: State, army: str) -> None:
    """UPKEEP: BOT ROLL (``BotTable.Upkeep``, L1017), in place of buying with supply, which a Bot
    does not keep (``Solo.Setup.6``, R34): the Bot draws from its Advanced pile as many as its
    column says, keeping those its column keeps in its Prepared or Reaction pile
    (``Solo.Upkeep.Sort``); the others go back to the Advanced pile. Each Order drawn is shown,
    kept or not, so that the log tells the same step whatever the hidden pile held."""
    assert state.solo is not None
    c = column(state, army)
    piles = state.solo["piles"][army]
    orders = data(state).orders.orders
    for _ in range(min(c.advanced_draw, len(piles["advanced"]))):
        drawn = piles["advanced"].pop(rng.below(state, len(piles["advanced"])))
        o = orders[drawn]
        state.barrier += 1  # drawn from a hidden pile and shown, kept or not
        keep = {"any": True, "not_reaction": not o.reaction, "march": o.marches, "reaction": o.reaction}
        if not keep.get(c.advanced_keep, False):
            piles["advanced"].append(drawn)
            state.say("BotTable.Upkeep", f"The {NAMES[army]} draws the Advanced Order {o.name}: put back.")
            continue
        piles["reaction" if o.reaction else "prepared"].append(drawn)
        if drawn in state.advanced[army]:
            state.advanced[army].remove(drawn)
        state.order_box[army].append(drawn)
        state.say("BotTable.Upkeep", f"The {NAMES[army]} draws the Advanced Order {o.name}: kept.")


def describe(state: State) -> dict[str, Any] | None:
    """What everyone sees of the solo game: the Bots and their columns (the piles are hidden)."""
    if not state.solo:
        return None
    return {"bots": bots(state), "column": {a: c[1] for a, c in state.solo["column"].items()}}


def card_trigger(
    state: State, army: str, *, units: Sequence[str] = (), marches: Sequence[str] = (), reaction: bool = False
) -> None:
    """A CARD TRIGGER of the Bot's column (``SoloGlossary.CardTrigger``, ``BotTable.Command``, R30)
    read from what an executed Order did (R52), not from what it prints: ``units``, the Region of
    each of its own Units the Order added (so many, into a Region of such a type); ``marches``, the
    kinds of March it made (a group set off); ``reaction``, a Reaction executed in Battle (column 6).
    It makes the Bot play an Event Card on its next turn (bot_play)."""
    assert state.solo is not None
    kinds = [data(state).board.regions[r].kind for r in units]
    for t in column(state, army).triggers:
        if t.alliance not in (None, alliance(army)):
            continue
        fires = (
            (t.kind == "marches" and any(m in t.actions for m in marches))
            or (t.kind == "adds_units" and sum(t.region in (None, k) for k in kinds) >= max(1, t.at_least))
            or (t.kind == "reaction" and reaction)
        )
        if fires:
            state.solo.setdefault("triggered", {})[army] = True
            state.say("SoloGlossary.CardTrigger", f"{NAMES[army]}: a card trigger of its column (R52).")
            return
