"""The scripted First Crusade bot: plays the Christians (the one role) for Victory Points (6.1).

What it may see (bots/base.py): the player's view (``game.view``: every Christian unit, the Muslim
counters on the map, face down ones by contingent only, the markers kept, the indexes, the bins'
sizes), the legal actions, the public data pack, and the working data of the procedure under way
that the prompt puts in words (the force being formed or moved and its movement left, the hits to
take, the spaces out of supply). It never reads a face-down Muslim unit's identity, a Bin's
contents or the generator: hidden Muslims are estimated from their contingent's averages.

How it plays (docs/first-crusade/bot.md has the details and the known weaknesses). Every Action
open is given a worth in VP and the best is taken; marches are worth the expected best place to end
over the Movement Allowance roll, less the expected attrition (18.2, 19.1).

- One **crusader army** (the stack with the most Crusader leaders) walks the Coastal route to
  Jerusalem (29.3), attacking the Muslim-held spaces in its way when the odds are good (23.1-23.5:
  one round in a fortress, reinforcements of the Reaction Level's dice, 27.1), leaving one cheap
  unit in every fortress it takes (6.1 counts only fortresses held at the end) and a leader in each
  Crusader Pilgrimage Fortress (29.2(3)). Once Jerusalem is held, with a garrison sized to the
  Reaction Level, it goes on to the best fortresses left.
- The **Byzantine army** (every Byzantine unit but Alexios, who never leaves Constantinople: 32.2)
  takes the fortresses off the crusaders' road, Byzantine Objectives first (6.1, 12.2).
- The Byzantine **naval leader** carries one land unit to empty Kypros (7.0, 25.2).
- The **abbot** (Stephen) stays in Constantinople, builds a Monastery there (33.3) and goes on
  Pilgrimages in it (13.1, 33.8) while an Ambush there, a battle with the Christians in
  Constantinople (ruling M-27.3), costs less than the draws are worth.
- Spare Actions: rally (15.0) and recruit (14.0) for what they add to the next battle's odds, go
  on pilgrimages (13.1) for boons, monasteries and castles for VP at the end (6.1, 33.2-33.3).
- Boons in their windows (Pilgrimage chart): Military Advantage and Treachery at the start of a
  battle that matters, Supplies against a costly attrition (18.2) or out of supply in winter (28.1),
  Special Action markers at the Special Actions step (12.2), Negotiations whenever the Reaction
  Level is above Low (27.1).
- Losses (18.2, 23.2, 28.2) go to the units that cost least: flips of full two-step units, then
  one-step units, never a leader while another unit can take the hit.
"""

from __future__ import annotations

import math
import random
from collections import deque
from functools import cache
from typing import Any

from ...engine.game import Action
from .board import CONSTANTINOPLE, JERUSALEM, LAND_ROUTES
from .common import BOARD, COUNTERS, MARKERS, SPACES
from .state import TEAM_OWNER

# -- static facts ----------------------------------------------------------------------------------
VP = BOARD.tables.vp
_AWARD = {
    "pilgrimage": "pilgrimage_fortress",
    "armenian": "armenian_fortress",
    "byzantine_objective": "byzantine_objective",
    "assassin": "masyaf",
    "other": "other_fortress",
}
FORTRESSES = BOARD.fortresses()
PILGRIMAGE_FORTRESSES = frozenset(BOARD.fortresses("pilgrimage"))
BYZANTINE_OBJECTIVES = frozenset(BOARD.fortresses("byzantine_objective"))
ARMENIA = frozenset(BOARD.armenia)
ARMENIA_DISTANCE = BOARD.distances(BOARD.armenia)
MASYAF = next(s.id for s in SPACES.values() if s.fortress == "assassin")
FATIMID_SEA = frozenset({"kypros", "rhodos"} & set(SPACES))
FATIMID_CITIES = frozenset({JERUSALEM, "acre", "ascalon"} & set(SPACES))
SIS = "sis"
ALEXIOS = "alexios"

ISLANDS = ("kypros", "rhodos")
"""The island fortresses, empty at the start (7.0), reached only by fleets (25.1)."""

# Averages of the Muslim Bins as the data pack prints them (public): the chance a reinforcement
# unit hits (factor / 6) and the chance it is a leader (counts for the Tactical Edge, 23.1(3a)).
MUSLIM_BINS: dict[str, tuple[float, float]] = {}
for _bin in ("seljuk", "fatimid"):
    _units = [c for c in COUNTERS.values() if c.contingent == _bin and c.start != "garrison"]
    MUSLIM_BINS[_bin] = (
        sum((c.factor or 0) for c in _units) / 6 / len(_units),
        sum(1 for c in _units if c.is_leader) / len(_units),
    )
HIDDEN_GARRISON = (1.5 / 6, 0.12)
"""A face-down unit holding a space: most are the setup militia (7.0), some a pick (24.1, 27.7)."""

# Dice: the Movement Allowance totals of a Leader March (19.1) and their chances.
TWO_D6 = {t: (6 - abs(t - 7)) / 36 for t in range(2, 13)}


def space_vp(space: str, crusaders: bool = True) -> int:
    """What holding ``space`` at the end is worth (6.1)."""
    s = SPACES[space]
    if space == JERUSALEM:
        return VP["jerusalem_crusader"] if crusaders else VP["jerusalem_other"]
    if space == "ascalon":
        return VP["ascalon"]
    if s.kind != "fortress":
        return 0
    return int(VP[_AWARD[s.fortress or "other"]])


@cache
def sum_dice(n: int) -> tuple[tuple[int, float], ...]:
    """The distribution of the total of ``n`` dice."""
    dist = {0: 1.0}
    for _ in range(n):
        nxt: dict[int, float] = {}
        for total, p in dist.items():
            for face in range(1, 7):
                nxt[total + face] = nxt.get(total + face, 0.0) + p / 6
        dist = nxt
    return tuple(sorted(dist.items()))


@cache
def edge_chance(diff: int, ties: bool) -> float:
    """The chance the Christians win the Tactical Edge (23.1(3)): their die plus ``diff`` against
    the Muslims' die; ``ties`` says whether a tie goes to them."""
    wins = sum(1 for c in range(1, 7) for m in range(1, 7) if c + diff > m or (ties and c + diff == m))
    return wins / 36


def _at_least(need: float, mean: float, var: float) -> float:
    """P(hits >= need) for a sum of independent hits, by the normal curve (continuity corrected)."""
    if need <= 0:
        return 1.0
    if var <= 1e-9:
        return 1.0 if mean >= need else 0.0
    z = (need - 0.5 - mean) / math.sqrt(var)
    return 0.5 * math.erfc(z / math.sqrt(2))


@cache
def _binomial(n: int, p: float) -> tuple[float, ...]:
    return tuple(math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1))


def _route_distances() -> dict[str, dict[str, float]]:
    """For each land route, every land space's distance to Jerusalem: along the route its count
    (27.4), elsewhere the way back onto it, a pass costing as much as a whole march (17.5)."""
    out: dict[str, dict[str, float]] = {}
    for route in LAND_ROUTES:
        dist: dict[str, float] = {}
        todo: list[tuple[float, str]] = []
        for s in BOARD.routes[route]:
            stop = SPACES[s].stop(route)
            assert stop is not None and stop.to_jerusalem is not None
            dist[s] = float(stop.to_jerusalem)
            todo.append((dist[s], s))
        fixed = set(dist)  # the route's own spaces keep their count along it
        while todo:
            todo.sort()
            d, here = todo.pop(0)
            if d > dist.get(here, math.inf):
                continue
            for kind, cost in (("road", 1.0), ("pass", 5.0)):
                for there in BOARD.neighbours(here, (kind,)):
                    if there not in fixed and d + cost < dist.get(there, math.inf):
                        dist[there] = d + cost
                        todo.append((d + cost, there))
        out[route] = dist
    return out


ROUTE_DISTANCE = _route_distances()


@cache
def land_distances(target: str) -> dict[str, float]:
    """Every land space's distance to ``target`` by roads and passes (a pass costs a march)."""
    dist = {target: 0.0}
    todo = [(0.0, target)]
    while todo:
        todo.sort()
        d, here = todo.pop(0)
        if d > dist.get(here, math.inf):
            continue
        for kind, cost in (("road", 1.0), ("pass", 5.0)):
            for there in BOARD.neighbours(here, (kind,)):
                if d + cost < dist.get(there, math.inf):
                    dist[there] = d + cost
                    todo.append((d + cost, there))
    return dist


# -- what the player knows ------------------------------------------------------------------------
class Know:
    """The view digested: where each Christian unit is, what Muslims are seen where, the indexes and
    the markers kept; plus the working data of the procedure under way (the player's own)."""

    def __init__(self, game: Any, state: Any, role: str) -> None:
        view = game.view(state, role)
        self.view = view
        self.turn: int = view["turn_index"]
        self.season = BOARD.turns[min(self.turn, len(BOARD.turns) - 1)].season
        self.last_turn = self.turn >= len(BOARD.turns) - 1
        self.reaction: int = view["reaction"]
        self.special: int = view["special"]
        self.actions: int = view["actions"]
        self.stage: str = view["stage"]
        # The team game (37.0): the seat plays its own units and markers only (rulings T-3, T-5).
        team = view.get("team")
        self.own: str | None = role if team else None
        holders = team["holders"] if team else {}
        self.available: list[str] = [m for m in view["available"] if holders.get(m, role) == role]
        self.flags: dict[str, Any] = view["flags"]
        self.camps = set(view["camps"])
        self.castles = set(view["castles"])
        self.monasteries = set(view["monasteries"])
        self.where: dict[str, str] = {}
        self.reduced: set[str] = set()
        self.christians: dict[str, list[str]] = {}
        self.muslims: dict[str, list[dict[str, Any]]] = {}
        for space, units in view["spaces"].items():
            for u in units:
                if u.get("hidden") or COUNTERS[u["id"]].side == "muslim":
                    self.muslims.setdefault(space, []).append(u)
                else:
                    self.where[u["id"]] = space
                    self.christians.setdefault(space, []).append(u["id"])
                    if u["reduced"]:
                        self.reduced.add(u["id"])
        self.frame: dict[str, Any] = state.stack[-1] if state.stack and state.result is None else {}

    # -- units --
    def factor(self, unit: str) -> int:
        c = COUNTERS[unit]
        if unit in self.reduced and c.reduced is not None:
            return c.reduced
        return c.factor or 0

    def steps(self, unit: str) -> int:
        return 1 if COUNTERS[unit].steps == 1 or unit in self.reduced else 2

    def may_act(self, unit: str) -> bool:
        c = COUNTERS[unit]
        if self.own is not None and TEAM_OWNER[c.contingent] != self.own:
            return False
        if c.contingent == "armenian" and not self.flags["armenia"]:
            return False
        if c.contingent == "byzantine" and self.flags["alexios_dead"]:
            return False
        return not (self.flags["infighting"] and c.contingent not in ("crusader", "mercenary"))

    # -- spaces --
    def at(self, space: str) -> list[str]:
        return self.christians.get(space, [])

    def held(self, space: str) -> bool:
        return bool(self.muslims.get(space))

    def christian_control(self, space: str) -> bool:
        return bool(self.at(space)) and not self.held(space)

    def fortress(self, space: str) -> bool:
        return SPACES[space].is_fortress or space in self.castles

    def muslim_bin(self, space: str) -> str:
        """Where reinforcements for ``space`` come from (26.4, 27.10, 27.11; public rules)."""
        here = self.muslims.get(space, [])
        if here and here[0]["contingent"] in ("seljuk", "fatimid"):
            return str(here[0]["contingent"])
        if space in FATIMID_SEA or (self.flags["fatimid_jerusalem"] and space in FATIMID_CITIES):
            return "fatimid"
        return "seljuk"

    def supplied(self, space: str) -> bool:
        """Winter supply (28.1): Constantinople, a port, fortress, town, Camp, Monastery, or next to
        a Christian-controlled port."""
        s = SPACES[space]
        if s.kind in ("constantinople", "fortress", "town") or s.port:
            return True
        if space in self.camps or space in self.castles or space in self.monasteries:
            return True
        return any(SPACES[n].port and self.christian_control(n) for n in BOARD.neighbours(space))

    def markers(self, symbol: str) -> list[str]:
        return [m for m in self.available if symbol in MARKERS[m].symbols]


# -- the worth of units and of losses ----------------------------------------------------------------
ACTION = 0.6
"""What one Action is worth, in VP: about 40 VP are to be had from some 45 Actions (reconstruction.md)."""


def hit_cost(know: Know, unit: str) -> float:
    """What one step lost from ``unit`` costs, in VP. A flipped unit is restored by a Rally, one per
    leader in its space (15.1), so a flip costs a share of an Action; a one-step unit is gone until
    recruited again (14.5); a lost leader costs 1 VP, a Special Action and a boon (6.1, 24.1); Alexios
    10 VP and the Byzantines (32.2)."""
    c = COUNTERS[unit]
    dies = c.steps == 1 or unit in know.reduced
    f = know.factor(unit)
    if c.is_leader:
        if unit == ALEXIOS:
            return 40.0 if dies else 6.0
        if dies:
            return 1.5 + f if c.contingent == "mercenary" else 5.0 + f
    if dies:
        worth = 0.3 + 0.12 * f + (0.25 if c.contingent == "mercenary" else 0.0)
        return worth + (0.5 if c.is_fleet else 0.0)
    space = know.where.get(unit)
    leaders = sum(1 for u in know.at(space) if COUNTERS[u].is_leader) if space else 1
    flip = ACTION / max(1, min(leaders, 10)) + 0.04 * f
    return flip + (0.1 if c.is_leader else 0.0)


def unit_worth(know: Know, unit: str) -> float:
    """How much a unit is worth keeping in the fighting force (the cheapest is left as a garrison)."""
    c = COUNTERS[unit]
    worth = know.factor(unit) + (0.6 if know.steps(unit) == 2 else 0.0)
    if c.is_leader:
        worth += 4.0 if c.contingent != "mercenary" else 1.0
    return worth


def losses_cost(know: Know, units: list[str], steps: float) -> float:
    """What losing ``steps`` steps costs when the player gives them to the cheapest units (23.2)."""
    if steps <= 0:
        return 0.0
    costs = sorted(hit_cost(know, u) for u in units)
    whole = int(steps)
    total = sum(costs[:whole])
    if whole < len(costs):
        total += (steps - whole) * costs[whole]
    return total


def attrition_cost(know: Know, units: list[str]) -> float:
    """Expected VP lost to an attrition check (18.2: one die of units spared, the others lose a step,
    the player choosing)."""
    costs = sorted(hit_cost(know, u) for u in units)
    total = 0.0
    for spared in range(1, 7):
        total += sum(costs[: max(0, len(costs) - spared)])
    return total / 6


# -- battle odds ----------------------------------------------------------------------------------
def battle_odds(
    know: Know,
    units: list[str],
    space: str,
    *,
    attacker: bool,
    reinforce: bool,
    christian_bonus: int = 0,
    treachery: bool = False,
    muslim_bonus: int = 0,
    extra_muslims: int = 0,
) -> tuple[float, float]:
    """The chance the Christian ``units`` clear ``space`` of Muslims (24.0) and the steps they are
    expected to lose, by the battle procedure (23.1): reinforcements of the level's dice (27.1), the
    Tactical Edge (military leaders, Jerusalem, the Assassin, ties), fire at or under the factor
    (23.2), one round in a fortress (23.5), up to six elsewhere (here: about three)."""
    fortress = know.fortress(space)
    probs = [know.factor(u) / 6 for u in units if not COUNTERS[u].is_fleet or SPACES[space].port]
    if not probs:
        return 0.0, 0.0
    mean = sum(probs)
    var = sum(p * (1 - p) for p in probs)
    steps = sum(know.steps(u) for u in units)
    c_mod = christian_bonus + (1 if any(COUNTERS[u].leader_kind == "military" for u in units) else 0)
    known: list[tuple[float, float]] = []
    for m in know.muslims.get(space, []):
        if m.get("hidden"):
            known.append(HIDDEN_GARRISON)
        elif m["contingent"] == "assassin":
            known.append((3.5 / 6, 0.0))
        else:
            known.append(((m["factor"] or 0) / 6, 1.0 if m["leader"] else 0.0))
    rp, rl = MUSLIM_BINS[know.muslim_bin(space)]
    dice = BOARD.reaction_levels[know.reaction - 1].dice - (1 if treachery else 0)
    reinf = sum_dice(max(0, dice)) if reinforce and space != MASYAF else ((0, 1.0),)
    m_base = muslim_bonus
    if space == JERUSALEM and fortress and attacker:
        m_base += 1
    if space == MASYAF and attacker:
        m_base += 1
    if not attacker and space == JERUSALEM and fortress:
        c_mod += 1
    ties = (not fortress) if attacker else fortress
    base_p = sum(p for p, _ in known)
    base_lead = 1.0
    for _, lead in known:
        base_lead *= 1 - lead
    win = 0.0
    loss = 0.0
    for r, pr in reinf:
        n = len(known) + r + extra_muslims
        if n == 0:
            win += pr
            continue
        p_m = (base_p + (r + extra_muslims) * rp) / n
        q = 1 - base_lead * (1 - rl) ** (r + extra_muslims)
        p_edge = q * edge_chance(c_mod - m_base - 1, ties) + (1 - q) * edge_chance(c_mod - m_base, ties)
        first = _at_least(n, mean, var)
        binom = _binomial(n, round(p_m, 3))
        second = 0.0
        for hits, ph in enumerate(binom):
            if ph < 1e-4:
                continue
            if hits >= steps:
                continue
            second += ph * _at_least(n, mean - hits / 6 * 1.1, var)
        one_round = p_edge * first + (1 - p_edge) * second
        if fortress:
            w = one_round
        else:  # more rounds (23.1(4)): the survivors fight on, about three rounds in all
            left = max(0.0, n - mean)
            later = _at_least(left, mean - n * p_m / 6, var) if left > 0 else 1.0
            ratio = (mean * steps) / max(0.1, n * p_m * n)
            grind = min(1.0, later * 0.6 + 0.4 * min(1.0, ratio / 2))
            w = one_round + (1 - one_round) * (5 / 6) * grind
        win += pr * w
        exp_loss = (1 - p_edge) * n * p_m + p_edge * max(0.0, n - mean) * p_m
        if not fortress:
            exp_loss *= 1.6
        loss += pr * min(steps, exp_loss)
    return min(1.0, win), loss


# -- the bot -----------------------------------------------------------------------------------------
ABBOT = "stephen"
"""The Diplomatic Leader who stays in Constantinople: he builds a Monastery there (33.3), which stands
to the end since Constantinople is always Christian (29.1, ruling M-27.3), and goes on Pilgrimages in
it (13.1, 33.8)."""
KEEPER_ORDER = ("adhemar", "hugh", "robert_normandy", "robert_flanders", "tancred", "baldwin")
"""Who stays to hold a Crusader Pilgrimage Fortress taken: a leader there is a Special Action every
turn (29.2(3)) and may go on Pilgrimages (13.1)."""
ARMY_LEADERS = 4
"""The army keeps at least this many leaders (its Rallies, 15.1, and its Tactical Edge, 23.1(3a))."""
READY = 0.6
"""The chance of taking its next objective below which the army would rather grow first."""
BYZANTINE_FIELD = 9
"""Byzantine units (leaders aside) that march with the Byzantine army; the others stay home."""
PACE = 0.2
STOP = 1.0
"""The worth of clearing one Muslim-held space off the road ahead: every one stops a march (17.6)
and must be fought."""
"""The worth of one space of progress along the road to Jerusalem (about 35 VP lie along it)."""
BOON_WORTH = {"scroll": 0.7, "sword": 0.6, "shield": 1.0, "eye": 0.9, "wagon": 0.7}


class ScriptedBot:
    """Heuristic player for the Christians (see the module docstring)."""

    name = "scripted"

    def __init__(self, seed: int = 0, route: str = "coastal", abbot: bool = True) -> None:
        self.rng = random.Random(seed)
        self.route = route
        self.use_abbot = abbot
        self.intent: dict[str, Any] | None = None
        self.errors = 0
        self.strict = False  # tests set it: an error in a handler is raised, not hidden
        self._cache: dict[Any, Any] = {}
        self._intents: dict[Action, dict[str, Any]] = {}
        self._formed: dict[str, set[Any]] = {}  # kinds left out and taken in while forming a force

    # -- entry --------------------------------------------------------------------------------------
    def choose(self, game: Any, state: Any, role: str) -> Action:
        legal = game.legal_actions(state, role)
        if not legal:
            raise ValueError(f"{role} has no legal action")
        if len(legal) == 1:
            return legal[0]
        know = Know(game, state, role)
        self._cache = {}
        self._intents = {}
        if know.frame.get("kind") != "march" or know.frame.get("stage") != "form":
            self._formed = {}
        try:
            choice = self._decide(know, legal)
        except (KeyError, ValueError, IndexError, ZeroDivisionError, TypeError, AssertionError):
            if self.strict:
                raise
            self.errors += 1
            choice = None
        if choice is None or choice not in legal:
            choice = self._fallback(legal)
        return choice

    def _fallback(self, legal: list[Action]) -> Action:
        for safe in (("go",), ("end",), ("stop",), ("attack",)):
            if safe in legal:
                return safe
        return legal[self.rng.randrange(len(legal))]

    def _decide(self, know: Know, legal: list[Action]) -> Action | None:
        kind = know.frame.get("kind")
        handler = {
            "turn": self._turn,
            "march": self._march,
            "attrition": self._attrition,
            "battle": self._battle,
            "stacking": self._stacking,
            "rally": self._rally,
            "mercenary": self._place,
            "arrival": self._place,
            "winter": self._winter,
            "winter_losses": self._winter_losses,
            "assassins_strike": self._strike,
            "leader_goes_home": self._send_home,
        }.get(str(kind))
        if handler is None:
            return None
        return handler(know, legal)

    # -- forces -------------------------------------------------------------------------------------
    def army_space(self, know: Know) -> str | None:
        """Where the crusader army is: the stack with the most Crusader leaders (the abbot aside)."""
        if "army" in self._cache:
            return self._cache["army"]
        best: tuple[int, int, str] | None = None
        for space, units in know.christians.items():
            leaders = sum(
                1
                for u in units
                if COUNTERS[u].contingent == "crusader" and COUNTERS[u].is_leader and not self.abbot(know, u)
            )
            if not leaders:
                continue
            key = (leaders, len(units), space)
            if best is None or key > best:
                best = key
        self._cache["army"] = best[2] if best else None
        return self._cache["army"]

    def abbot(self, know: Know, unit: str) -> bool:
        """The abbot keeps Constantinople (see ABBOT)."""
        return self.use_abbot and unit == ABBOT and know.where.get(unit) == CONSTANTINOPLE

    def byzantine_space(self, know: Know) -> str | None:
        """Where the Byzantine field army is: the stack with the most Byzantine land units and a
        leader other than Alexios."""
        best: tuple[int, str] | None = None
        for space, units in know.christians.items():
            field = [
                u
                for u in units
                if COUNTERS[u].contingent == "byzantine" and not COUNTERS[u].is_fleet and u != ALEXIOS
            ]
            if not any(COUNTERS[u].is_leader for u in field):
                continue
            key = (len(field), space)
            if best is None or key > best:
                best = key
        return best[1] if best else None

    def army_force(self, know: Know, space: str) -> tuple[list[str], list[str]]:
        """The units that march with the army from ``space`` and those left behind to hold it: one
        cheap unit in a fortress worth VP (6.1), and a leader in a Crusader Pilgrimage Fortress
        (29.2(3)) while the army keeps enough leaders."""
        units = [
            u
            for u in know.at(space)
            if COUNTERS[u].contingent in ("crusader", "mercenary")
            and not COUNTERS[u].is_fleet
            and know.may_act(u)
            and not self.abbot(know, u)
            and u not in know.flags["kingdoms"]  # a Kingdom Leader keeps to his realm (36.4)
        ]
        stay: list[str] = []
        if space_vp(space) > 0 and not know.held(space) and not [u for u in know.at(space) if u not in units]:
            leaders = [u for u in units if COUNTERS[u].is_leader and COUNTERS[u].contingent == "crusader"]
            if space in PILGRIMAGE_FORTRESSES and len(leaders) > ARMY_LEADERS:
                keeper = next((k for k in KEEPER_ORDER if k in leaders), None)
                if keeper is not None:
                    stay.append(keeper)
            rest = sorted(
                (u for u in units if not COUNTERS[u].is_leader and u not in stay),
                key=lambda u: (unit_worth(know, u), u),
            )
            take = 1 if rest and len(units) - len(stay) > 2 else 0
            if space == JERUSALEM:
                # on every route (29.3), Jerusalem is struck by every Attack (27.4) and by Jihad
                # (35.0): a garrison to outlast a fortress round against the level's dice (23.5, 27.1)
                need = 4 + 3 * know.reaction
                steps = sum(know.steps(u) for u in stay)
                take = 0
                while take < len(rest) - 3 and steps < need:
                    steps += know.steps(rest[take])
                    take += 1
            stay += rest[:take]
            if not stay and len(units) > 2:
                spare = [u for u in leaders if u != leaders[0]]
                if spare:
                    stay.append(min(spare, key=lambda u: (unit_worth(know, u), u)))
        return [u for u in units if u not in stay], stay

    def byzantine_force(self, know: Know, space: str) -> tuple[list[str], list[str]]:
        """The Byzantine army: every Byzantine leader but Alexios (32.2: he never risks himself) and
        the best land units, a cheap one left to hold a fortress worth VP."""
        units = [
            u
            for u in know.at(space)
            if COUNTERS[u].contingent == "byzantine" and not COUNTERS[u].is_fleet and u != ALEXIOS
        ]
        units = [u for u in units if know.may_act(u)]
        leaders = [u for u in units if COUNTERS[u].is_leader]
        rest = sorted((u for u in units if u not in leaders), key=lambda u: (-unit_worth(know, u), u))
        stay = rest[BYZANTINE_FIELD:] if space == CONSTANTINOPLE else []
        rest = rest[:BYZANTINE_FIELD]
        if (
            space == CONSTANTINOPLE
            and self._island_wanted(know)
            and rest
            and not any(
                COUNTERS[u].contingent == "byzantine"
                and not COUNTERS[u].is_leader
                and not COUNTERS[u].is_fleet
                for u in stay
            )
        ):
            stay.append(rest.pop())  # a rider for the naval leader (25.2)
        if space_vp(space) > 0 and space != CONSTANTINOPLE and not know.held(space):
            others = [u for u in know.at(space) if u not in units]
            if not others and len(rest) >= 2:
                stay.append(rest.pop())
        return leaders + rest, stay

    # -- the crusaders' road ---------------------------------------------------------------------------
    def distance(self, space: str) -> float:
        return ROUTE_DISTANCE[self.route].get(space, 60.0)

    def campaign(self, know: Know) -> bool:
        """Jerusalem is the Crusaders' (6.1): the army goes on to the other fortresses."""
        return know.christian_control(JERUSALEM) and any(
            COUNTERS[u].contingent in ("crusader", "mercenary") for u in know.at(JERUSALEM)
        )

    def objective(self, know: Know, which: str = "army") -> str | None:
        """The force's next objective. The army: the first space held by Muslims on its route ahead
        of it, or Jerusalem; once Jerusalem is taken, the best fortress left (by VP and distance).
        The Byzantines: see byzantine_target."""
        if which == "byzantine":
            return self.byzantine_target(know)
        if "objective" in self._cache:
            return self._cache["objective"]
        army = self.army_space(know)
        found: str | None = None
        if army is not None and self.campaign(know):
            far = {f for f in FORTRESSES if land_distances(JERUSALEM).get(f, 60.0) > 12}
            found = self._best_fortress(
                know, army, exclude={self.byzantine_target(know), *far}, crusaders=True
            )
        elif army is not None:
            here = self.distance(army)
            ahead = sorted(
                (s for s in BOARD.routes[self.route] if self.distance(s) < here),
                key=self.distance,
                reverse=True,
            )
            found = next((s for s in ahead if know.held(s)), None)
            if found is None and army != JERUSALEM:
                found = JERUSALEM
        self._cache["objective"] = found
        return found

    def _best_fortress(
        self, know: Know, home: str, *, exclude: set[str | None], crusaders: bool
    ) -> str | None:
        """The fortress most worth making for from ``home``: Muslim-held or empty, by VP (6.1) over
        the distance (a pass counting as a march)."""
        best: tuple[float, str] | None = None
        for f in FORTRESSES:
            if f in exclude or f in ISLANDS or f in ARMENIA or (f == JERUSALEM and not crusaders):
                continue
            if know.christian_control(f):
                continue
            if any(COUNTERS[u].contingent == ("byzantine" if crusaders else "crusader") for u in know.at(f)):
                continue
            d = land_distances(f).get(home, 60.0)
            vp = space_vp(f, crusaders) - (1.5 if f == MASYAF else 0.0)
            score = (vp + 0.5) / (1 + d / 6)
            if best is None or score > best[0]:
                best = (score, f)
        return best[1] if best else None

    def readiness(self, know: Know, force: list[str], which: str = "army") -> float:
        """The chance ``force`` would take its objective now, with the boons at hand (23.1)."""
        target = self.objective(know, which)
        if target is None or not know.held(target):
            return 1.0
        return self.odds(know, force, target)[0]

    def odds(self, know: Know, force: list[str], dest: str, extra: int = 0) -> tuple[float, float]:
        key = ("odds", dest, tuple(sorted(force)), extra)
        if key not in self._cache:
            reinforce = not [u for u in know.at(dest) if u not in force] and dest != MASYAF
            bonus = 1 if know.markers("sword") else 0
            treachery = bool(know.markers("eye")) and reinforce and space_vp(dest) >= 3
            self._cache[key] = battle_odds(
                know,
                force,
                dest,
                attacker=True,
                reinforce=reinforce,
                christian_bonus=bonus,
                treachery=treachery,
                extra_muslims=extra,
            )
        return self._cache[key]

    def pace(self, know: Know) -> float:
        """The worth of one space of progress towards Jerusalem: more when time runs short."""
        army = self.army_space(know)
        if army is None or self.campaign(know):
            return 0.1
        turns_left = max(0.5, len(BOARD.turns) - know.turn - (0.5 if know.stage == "special" else 0.0))
        ahead = [s for s in BOARD.routes[self.route] if self.distance(s) < self.distance(army)]
        stops = sum(1 for s in ahead if know.held(s))
        needed = self.distance(army) / 6 + stops * 1.3 + 1
        return PACE * max(1.0, min(3.0, needed / (turns_left * 2.2)))

    # -- the turn: which Action ---------------------------------------------------------------------
    def _turn(self, know: Know, legal: list[Action]) -> Action | None:
        stage = know.frame.get("stage")
        boons = [a for a in legal if a[0] == "boon"]
        play = self._negotiate(know, boons)
        if play is not None:
            return play
        if stage == "special_boons":
            return self._shields(know, legal)
        if (
            self.use_abbot
            and know.where.get(ABBOT) == CONSTANTINOPLE
            and CONSTANTINOPLE not in know.monasteries
            and ("build_monastery", CONSTANTINOPLE) not in legal
            and not know.flags["infighting"]
        ):
            self.use_abbot = False  # no Monastery may go up there: the abbot joins the army
            self._cache = {}
        best: tuple[float, Action] = (0.03, ("end",))
        for action in legal:
            value = self._value(know, action)
            if value > best[0]:
                best = (value, action)
        self.intent = self._intents.get(best[1])
        if self.intent is not None:
            self.intent.update(verb=best[1][0], start=best[1][1])
        return best[1]

    def values(self, game: Any, state: Any, role: str) -> list[tuple[float, Action]]:
        """Every Action open now with its worth (for tests and tuning)."""
        know = Know(game, state, role)
        self._cache = {}
        self._intents = {}
        return sorted(((self._value(know, a), a) for a in game.legal_actions(state, role)), reverse=True)

    def _negotiate(self, know: Know, boons: list[Action]) -> Action | None:
        """Negotiations (chart): lower the Reaction Level whenever it is above Low (27.1: one die of
        reinforcements fewer); activate Armenia only with a scroll to spare (30.1(2))."""
        level = [a for a in boons if a[2] == "scroll" and a[3] == "level"]
        if level:
            return min(level, key=lambda a: len(MARKERS[a[1]].symbols))
        armenia = [a for a in boons if a[2] == "scroll" and a[3] == "armenia"]
        if armenia and len(know.markers("scroll")) >= 3:
            return armenia[0]
        return None

    def _shields(self, know: Know, legal: list[Action]) -> Action | None:
        """12.2 and the chart: a Special Action marker gives two Special Actions; a marker that has
        another symbol is kept for it unless another marker has that symbol too."""
        shields = [a for a in legal if a[0] == "boon" and a[2] == "shield"]
        for a in sorted(shields, key=lambda a: len(MARKERS[a[1]].symbols)):
            others = [x for x in MARKERS[a[1]].symbols if x != "shield"]
            spare = all(len(know.markers(x)) >= 2 for x in others)
            if not others or spare or know.last_turn:
                return a
        return ("go",) if ("go",) in legal else None

    def _value(self, know: Know, action: Action) -> float:
        """The worth of starting ``action`` now, in VP, net of the Actions it uses beyond the first
        (0: not worth an Action)."""
        verb = str(action[0])
        if verb == "end":
            return 0.0
        if verb == "rally":
            return self._rally_value(know, action[1])
        if verb == "recruit":
            return self._recruit_value(know, action[1])
        if verb == "pilgrimage":
            return self._pilgrimage_value(know, action[1])
        if verb == "diplomacy":
            return 0.5 if not know.flags["armenia"] else self._draw_value(know, pilgrimage=False)
        if verb.startswith("build_"):
            return self._build_value(know, verb, action[1])
        if verb in movement_verbs("land"):
            return self._march_value(know, action)
        if verb in movement_verbs("sea"):
            return self._sea_value(know, action)
        if verb == "siege_attack":
            return 0.5
        if verb == "kingdom":
            return self._kingdom_value(know, action[1])
        return 0.0

    def _kingdom_value(self, know: Know, leader: str) -> float:
        """Option 36.2: a Title is worth its Kingdom's VP (36.8) and a Special Action each turn
        (36.5), but binds the leader to his capital (36.4): never one the army needs to march."""
        space = know.where[leader]
        if space == self.army_space(know) and not know.last_turn:
            return 0.0
        vp = VP["kingdom_jerusalem"] if space == JERUSALEM else VP["kingdom_other"]
        return 0.9 * vp + 0.5 * (len(BOARD.turns) - 1 - know.turn)

    # -- valuing the non-movement Actions -----------------------------------------------------------
    def _rally_value(self, know: Know, space: str) -> float:
        """15.1: one reduced unit restored per leader there; for the army, what that adds to its
        chance of taking the objective."""
        leaders = [u for u in know.at(space) if COUNTERS[u].is_leader and know.may_act(u)]
        reduced = [u for u in know.at(space) if u in know.reduced and know.may_act(u)]
        order = sorted(reduced, key=lambda u: -self._restore(know, u))
        flips = order[: len(leaders)]
        value = sum(self._restore(know, u) for u in flips)
        if space == self.army_space(know):
            force, _ = self.army_force(know, space)
            target = self.objective(know)
            if target is not None and know.held(target):
                before = self.odds(know, force, target)[0]
                know.reduced.difference_update(flips)
                after = battle_odds(know, force, target, attacker=True, reinforce=True)[0]
                know.reduced.update(flips)
                value += max(0.0, after - before) * (space_vp(target) + 2)
        return value

    def _restore(self, know: Know, unit: str) -> float:
        c = COUNTERS[unit]
        gain = ((c.factor or 0) - (c.reduced or 0)) * 0.06 + 0.08
        if c.is_leader:
            gain += 0.3 if unit != ALEXIOS else 1.0
        return gain

    def _recruit_value(self, know: Know, leader: str) -> float:
        """14.1: one unit, two for a Diplomatic Leader, from the leader's contingent's Bin: the army
        needs them to win (23.2) and to leave garrisons (6.1); a keeper to hold his fortress."""
        c = COUNTERS[leader]
        picks = 2 if c.diplomatic else 1
        space = know.where[leader]
        if c.contingent == "crusader":
            if self.abbot(know, leader):
                return 0.0
            if space == self.army_space(know):
                force, _ = self.army_force(know, space)
                target = self.objective(know)
                value = 0.0
                if target is not None and know.held(target):
                    before = self.odds(know, force, target)[0]
                    after = self.odds(know, [*force, *self._recruits(know, picks, "crusader")], target)[0]
                    value += max(0.0, after - before) * (space_vp(target) + 2)
                garrisons = len([s for s in self._ahead(know) if space_vp(s) > 0])
                bodies = len([u for u in force if not COUNTERS[u].is_leader])
                if bodies < 6 + min(4, garrisons):
                    value += 0.3 * picks
                return value
            held = [u for u in know.at(space) if not COUNTERS[u].is_leader]
            return 0.3 * picks if len(held) < 2 and space_vp(space) > 0 else 0.0
        if c.contingent == "byzantine":
            byz = self.byzantine_space(know)
            if byz == space or (byz is None and space == CONSTANTINOPLE):
                force, _ = self.byzantine_force(know, space)
                target = self.objective(know, "byzantine")
                value = 0.0
                if target is not None and know.held(target):
                    before = self.odds(know, force, target)[0]
                    after = self.odds(know, [*force, *self._recruits(know, picks, "byzantine")], target)[0]
                    value += max(0.0, after - before) * (space_vp(target, crusaders=False) + 1)
                bodies = len([u for u in force if not COUNTERS[u].is_leader])
                if bodies < 7:
                    value += 0.25 * picks
                return value
            return 0.0
        return 0.0

    def _recruits(self, know: Know, n: int, contingent: str) -> list[str]:
        """Stand-ins for ``n`` units picked from a Christian Bin (the Bin is every unit of the
        contingent not on the map: public)."""
        pool = [
            c.id
            for c in BOARD.counters_of(contingent)
            if not c.is_leader and not c.is_fleet and c.id not in know.where
        ]
        pool.sort(key=lambda u: -(COUNTERS[u].factor or 0))
        return pool[len(pool) // 2 : len(pool) // 2 + n] if len(pool) > n else pool[:n]

    def _held_road(self, know: Know) -> list[str]:
        """The Muslim-held spaces of the army's route."""
        if "held_road" not in self._cache:
            self._cache["held_road"] = [s for s in BOARD.routes[self.route] if know.held(s)]
        return self._cache["held_road"]

    def _ahead(self, know: Know) -> list[str]:
        army = self.army_space(know)
        if army is None:
            return []
        return [s for s in BOARD.routes[self.route] if self.distance(s) < self.distance(army)]

    def _draw_value(self, know: Know, *, pilgrimage: bool, space: str | None = None) -> float:
        """One marker picked from the Pilgrimage Bin, whose contents are public (every marker not
        kept, in play or gone): boons kept, mercenaries join, banes on a Pilgrimage act (13.2)."""
        in_bin = [m for m in MARKERS if m not in know.available and not self._in_play(know, m)]
        if not in_bin:
            return 0.0
        total = 0.0
        for m in in_bin:
            marker = MARKERS[m]
            if marker.kind == "boon":
                worth = max(self._boon_worth(know, x) for x in marker.symbols)
                total += worth
            elif marker.kind == "mercenary":
                total += 0.45
            elif pilgrimage:
                total -= self._bane_cost(know, marker.bane or "", space)
        return total / len(in_bin)

    def _in_play(self, know: Know, marker: str) -> bool:
        unit = MARKERS[marker].counter
        return unit is not None and (unit in know.where or unit in know.view["eliminated"])

    def _boon_worth(self, know: Know, symbol: str) -> float:
        """A boon kept is worth less the more of its kind are kept, and nothing once the game has no
        time left to play it (Special Action markers only at the Special Actions step, 12.2)."""
        worth = BOON_WORTH[symbol]
        if symbol == "scroll" and know.reaction >= 2:
            worth += 0.6
        held = len(know.markers(symbol))
        turns_left = len(BOARD.turns) - 1 - know.turn
        if turns_left == 0:
            late = 0.8 if symbol == "shield" and know.stage == "standard" else 0.1
            worth *= late
        elif turns_left == 1:
            worth *= 0.7
        return worth / (1 + 0.4 * held)

    def _bane_cost(self, know: Know, bane: str, space: str | None) -> float:
        """A bane on a Pilgrimage (13.2): an Event costs a little; an Ambush is a battle of the
        Christians in the pilgrim's space against the level's dice of Muslims with +1 (chart, 27.6),
        who may take the space. In Constantinople and Masyaf the raiders fight and leave, so only the
        losses count (ruling M-27.3: none stays; Masyaf takes no other reinforcement, 31.1)."""
        if bane != "ambush" or space is None:
            return 0.2
        force = know.at(space)
        if space in (CONSTANTINOPLE, MASYAF):
            dice = BOARD.reaction_levels[know.reaction - 1].dice
            _, loss = battle_odds(
                know,
                force,
                space,
                attacker=False,
                reinforce=space == CONSTANTINOPLE,
                muslim_bonus=1,
                extra_muslims=0 if space == CONSTANTINOPLE else round(3.5 * dice),
            )
            return 0.2 + losses_cost(know, force, loss)
        p_hold, loss = battle_odds(know, force, space, attacker=False, reinforce=True, muslim_bonus=1)
        cost = loss * (sum(hit_cost(know, u) for u in force) / max(1, len(force)))
        return cost + (1 - p_hold) * (space_vp(space) + 1.0)

    def _pilgrimage_value(self, know: Know, leader: str) -> float:
        """13.1-13.2: one draw (two for a Diplomatic Leader, one more in Jerusalem); a bane stops
        the draw."""
        space = know.where[leader]
        draws = (2 if COUNTERS[leader].diplomatic else 1) + (1 if space == JERUSALEM else 0)
        per = self._draw_value(know, pilgrimage=True, space=space)
        return draws * per * (0.9 if draws > 1 else 1.0)

    def _build_value(self, know: Know, verb: str, space: str) -> float:
        """33.1-33.3: a Monastery (2 Actions) or Castle (3) is a VP at the end if it stands (6.1): in
        Constantinople, always Christian (29.1, ruling M-27.3), a Monastery stands to the end and is
        a place for Pilgrimages (33.8); elsewhere only late. A Camp is for winter supply (28.1, 33.6)."""
        turns_left = len(BOARD.turns) - 1 - know.turn
        spare = 0.15 if turns_left == 0 else ACTION  # what the extra Actions would do otherwise
        safe = know.christian_control(space) and (know.fortress(space) or turns_left == 0)
        if verb == "build_monastery":
            if space == CONSTANTINOPLE:
                return 1.0 + 0.5 * turns_left - spare if self.use_abbot else 0.0
            if turns_left <= 1 and safe:
                return 0.95 - spare
            return 0.0
        if verb == "build_castle":
            return 0.95 - 2 * spare if turns_left == 0 and safe else 0.0
        if verb == "build_camp" and know.season == "autumn" and not know.supplied(space):
            return 0.15 * max(0, len(know.at(space)) - 3)
        return 0.0

    # -- valuing marches ---------------------------------------------------------------------------
    def _march_value(self, know: Know, action: Action) -> float:
        verb, space = str(action[0]), str(action[1])
        leader = "leader" in verb
        supplied = verb.startswith("supplied_")
        if not leader:
            return 0.0
        if space == self.army_space(know):
            which = "army"
            force, stay = self.army_force(know, space)
        elif space == self.byzantine_space(know):
            which = "byzantine"
            force, stay = self.byzantine_force(know, space)
            if space == CONSTANTINOPLE and len(force) < 5:
                return 0.0
        else:
            return 0.0
        if not any(COUNTERS[u].is_leader for u in force):
            return 0.0
        value = self._expected_march(know, which, space, force, supplied)
        self._intents[action] = {"which": which, "force": force, "stay": stay}
        return value

    def goal_distance(self, know: Know, which: str, space: str) -> float:
        """How far ``space`` is from the force's goal: the army on its road, along the route
        (27.4 counts it so); otherwise to its objective."""
        if which == "army" and not self.campaign(know):
            return self.distance(space)
        target = self.objective(know, which)
        if target is None:
            return 0.0 if which == "army" else land_distances(CONSTANTINOPLE).get(space, 60.0)
        return land_distances(target).get(space, 60.0)

    def byzantine_target(self, know: Know) -> str | None:
        """The fortress the Byzantines make for: Muslim-held or empty, off the crusaders' road and
        where no Crusader stands, Byzantine Objectives first (6.1, 12.2)."""
        if "byz_target" in self._cache:
            return self._cache["byz_target"]
        home = self.byzantine_space(know)
        found: str | None = None
        if home is not None:
            road: set[str | None] = set() if self.campaign(know) else set(BOARD.routes[self.route])
            road |= {JERUSALEM, MASYAF}
            if home in FORTRESSES and know.held(home):
                found = home
            else:
                found = self._best_fortress(know, home, exclude=road, crusaders=False)
        self._cache["byz_target"] = found
        return found

    def _expected_march(self, know: Know, which: str, space: str, force: list[str], supplied: bool) -> float:
        """The march's expected worth: over the Movement Allowance rolls (19.1), the best place to
        end, less the attrition a 7 (or an 8 through desert) brings (18.2)."""
        here_value = self.place_value(know, which, space, force, moved=False)
        vacated = space if not [u for u in know.at(space) if u not in force] else None
        attr = attrition_cost(know, force)
        wagon = min(attr, 0.8) if know.markers("wagon") else attr
        spots = sorted(
            (cost, self.place_value(know, which, dest, force, moved=True, vacated=vacated), desert)
            for dest, (cost, _, desert) in self.reach_all(know, which, space, force, supplied).items()
        )
        total = 0.0
        best = best_dry = here_value
        i = 0
        for mp, p in TWO_D6.items():
            while i < len(spots) and spots[i][0] <= mp:
                _, v, desert = spots[i]
                best = max(best, v)
                if not desert:
                    best_dry = max(best_dry, v)
                i += 1
            if supplied:
                total += p * best
            elif mp == 7:
                total += p * (best - wagon)
            elif mp == 8:
                total += p * max(best_dry, best - wagon)
            else:
                total += p * best
        return total - here_value

    def place_value(
        self, know: Know, which: str, dest: str, force: list[str], *, moved: bool, vacated: str | None = None
    ) -> float:
        """The worth of the force ending its move in ``dest``: progress towards its goal, the place
        taken (attack odds, 23.x) or occupied (6.1) and the one left empty behind (``vacated``), a
        place to recruit when the army is weak (14.1), winter supply in Autumn (28.1), no forbidden
        stacking (10.1)."""
        key = ("place", which, dest, moved, len(force), vacated)
        if key in self._cache:
            return self._cache[key]
        crusaders = which == "army"
        weight = self.pace(know) if crusaders else 0.07
        dist = self.goal_distance(know, which, dest)
        road = crusaders and not self.campaign(know)
        value = -dist * weight
        if road:
            value -= STOP * sum(1 for s in self._held_road(know) if self.distance(s) < dist)
        if know.held(dest) and moved:
            p_win, loss = self.odds(know, force, dest)
            gain = space_vp(dest, crusaders) + 0.3
            if dest == JERUSALEM and crusaders:
                gain += 3.0
            fail = value - weight - ACTION - (STOP if road else 0.0)
            value = p_win * (value + gain) + (1 - p_win) * fail - losses_cost(know, force, loss)
        else:
            if moved and not know.at(dest) and space_vp(dest, crusaders) > 0:
                value += space_vp(dest, crusaders) * 0.9
            if crusaders and (self._recruit_site(know, dest) or self._rally_site(know, dest)):
                need = max(0.0, READY - self.readiness(know, force)) * 2.5
                if not self._recruit_site(know, dest):
                    need *= min(1.0, sum(1 for u in force if u in know.reduced) / 4)
                value += need
            if which == "byzantine" and dest == CONSTANTINOPLE:
                value += max(0.0, READY - self.readiness(know, force, which)) * 1.5
        if moved and vacated is not None and dest != vacated:
            value -= space_vp(vacated, crusaders) * 0.9
        if know.season == "autumn" and not know.supplied(dest):
            value -= 0.5 * sum(hit_cost(know, u) for u in force) * max(0.0, 1 - 3.5 / max(1, len(force)))
        others = [u for u in know.at(dest) if u not in force]
        if which == "byzantine" and any(COUNTERS[u].contingent in ("crusader", "armenian") for u in others):
            value -= 50
        if which == "army" and any(COUNTERS[u].contingent == "byzantine" and u != "takitios" for u in others):
            value -= 50
        self._cache[key] = value
        return value

    def _rally_site(self, know: Know, space: str) -> bool:
        """15.1: Constantinople, a port or a fortress, held by Christians."""
        return know.christian_control(space) and (SPACES[space].port or know.fortress(space))

    def _recruit_site(self, know: Know, space: str) -> bool:
        """14.1: Constantinople, any port, and the Armenian and Crusader Pilgrimage Fortresses."""
        s = SPACES[space]
        return not know.held(space) and (
            space == CONSTANTINOPLE or s.port or s.fortress in ("pilgrimage", "armenian")
        )

    def reach(
        self, know: Know, which: str, start: str, mp: int, force: list[str], *, supplied: bool = False
    ) -> dict[str, tuple[list[str], bool]]:
        """Where a land force may end its move with ``mp`` (17.4-17.6, 29.1, 29.3, 30.2): each end
        space with its path and whether the path enters desert. The army keeps to its route."""
        return {
            d: (path, desert)
            for d, (cost, path, desert) in self.reach_all(know, which, start, force, supplied).items()
            if cost <= mp
        }

    def reach_all(
        self, know: Know, which: str, start: str, force: list[str], supplied: bool
    ) -> dict[str, tuple[int, list[str], bool]]:
        """Every space a land force could end its move in with a roll of up to 12, with the fewest
        movement points it takes, the path, and whether the path enters desert (17.4-17.6: a pass
        ends the move, 17.5; so do Muslims, 17.6, Constantinople and Jerusalem, 29.1, 29.3; Masyaf by
        a pass only, 31.1; Armenians within two spaces of Armenia, 30.2)."""
        key = ("reach", which, start, supplied, len(force))
        if key in self._cache:
            return self._cache[key]
        armenian = any(COUNTERS[u].contingent == "armenian" for u in force)
        leader = any(COUNTERS[u].is_leader for u in force)
        kinds = ("road", "pass") if leader else ("road",)
        left_now = know.actions if know.stage == "standard" else know.special
        jerusalem_ok = left_now >= 1 if know.frame.get("kind") == "march" else left_now >= 2
        on_route = BOARD.routes[self.route] if which == "army" and not self.campaign(know) else None
        keep = on_route is not None and start in on_route
        refit = keep and self.readiness(know, force) < READY
        out: dict[str, tuple[int, list[str], bool]] = {}
        seen: dict[str, tuple[int, bool]] = {start: (0, False)}
        todo: deque[tuple[str, int, list[str], bool]] = deque([(start, 0, [], False)])
        while todo:
            here, cost, path, desert = todo.popleft()
            if cost >= 12:
                continue
            for kind in kinds:
                for there in BOARD.neighbours(here, (kind,)):
                    off = keep and on_route is not None and there not in on_route
                    if off and not (refit and self._rally_site(know, there)):
                        continue
                    held = know.held(there)
                    if there == JERUSALEM and held and not jerusalem_ok:
                        continue
                    if there == MASYAF and kind != "pass":
                        continue
                    if armenian and ARMENIA_DISTANCE.get(there, 9) > 2:
                        continue
                    d2 = desert or SPACES[there].kind == "desert"
                    old = seen.get(there)
                    if old is not None and (old[0] < cost + 1 or (old[0] == cost + 1 and (d2 or not old[1]))):
                        continue
                    seen[there] = (cost + 1, d2)
                    p2 = [*path, there]
                    if self._may_end(know, there, force) and (not supplied or self._depot(know, there)):
                        out[there] = (cost + 1, p2, d2)
                    ends = kind == "pass" or there in (CONSTANTINOPLE, JERUSALEM) or held or off
                    if not ends:
                        todo.append((there, cost + 1, p2, d2))
        self._cache[key] = out
        return out

    def _depot(self, know: Know, space: str) -> bool:
        return (know.fortress(space) and know.christian_control(space)) or space in know.camps

    def _may_end(self, know: Know, space: str, force: list[str]) -> bool:
        """No Armenians to end with before Armenia is active (30.2)."""
        if know.flags["armenia"]:
            return True
        others = [u for u in know.at(space) if u not in force]
        if any(COUNTERS[u].contingent == "armenian" for u in others):
            return space == SIS and any(COUNTERS[u].diplomatic for u in force)
        return True

    def _island_wanted(self, know: Know) -> bool:
        """Kypros is empty and the Byzantine naval leader waits in Constantinople to sail there."""
        naval = [
            u
            for u in know.at(CONSTANTINOPLE)
            if COUNTERS[u].is_fleet and COUNTERS[u].is_leader and COUNTERS[u].contingent == "byzantine"
        ]
        return bool(naval) and "kypros" in SPACES and not know.at("kypros") and not know.held("kypros")

    def _sea_value(self, know: Know, action: Action) -> float:
        """A Byzantine naval leader carries one land unit to an empty island fortress (7.0, 25.2-25.3):
        Kypros is a Byzantine Objective (6.1, 12.2)."""
        verb, space = str(action[0]), str(action[1])
        if verb != "leader_sea_move" or space != CONSTANTINOPLE:
            return 0.0
        targets = [i for i in ("kypros",) if i in SPACES and not know.at(i) and not know.held(i)]
        naval = [
            u
            for u in know.at(space)
            if COUNTERS[u].is_fleet and COUNTERS[u].is_leader and COUNTERS[u].contingent == "byzantine"
        ]
        if not targets or not naval or not know.may_act(naval[0]) or naval[0] in know.reduced:
            return 0.0
        riders = [
            u
            for u in know.at(space)
            if COUNTERS[u].contingent == "byzantine"
            and not COUNTERS[u].is_leader
            and not COUNTERS[u].is_fleet
            and know.may_act(u)
        ]
        if not riders:
            return 0.0
        rider = min(riders, key=lambda u: (unit_worth(know, u), u))
        target = targets[0]
        self._intents[action] = {"which": "fleet", "force": [naval[0], rider], "target": target, "stay": []}
        reach = sum(p for mp, p in TWO_D6.items() if mp >= BOARD.distances(space, ("sea",))[target])
        return space_vp(target, crusaders=False) * 0.85 * reach - 0.4

    # -- the march frame ------------------------------------------------------------------------------
    def _march(self, know: Know, legal: list[Action]) -> Action | None:
        stage = know.frame["stage"]
        if stage == "form":
            return self._form(know, legal)
        if stage == "move":
            return self._move(know, legal)
        if stage == "camp":
            return legal[0]
        if ("attack",) in legal:
            return ("attack",)
        return None

    def _plan(self, know: Know) -> dict[str, Any]:
        """The plan of the march under way: the one chosen at the turn step, or one made now."""
        f = know.frame
        intent = self.intent
        if intent is not None and intent.get("start") == f["start"] and intent.get("verb") == f["verb"]:
            return intent
        start = f["start"]
        if f["sea"]:  # a fresh bot in the middle of the island voyage (the plan is not remembered)
            empty = "kypros" in SPACES and not know.held("kypros")
            empty = empty and not [u for u in know.at("kypros") if u not in f["force"]]
            plan = {
                "which": "fleet",
                "force": list(f["force"]),
                "stay": [],
                "target": "kypros" if empty else None,
            }
        elif start == self.army_space(know):
            force, stay = self.army_force(know, start)
            plan = {"which": "army", "force": force, "stay": stay}
        elif start == self.byzantine_space(know):
            force, stay = self.byzantine_force(know, start)
            plan = {"which": "byzantine", "force": force, "stay": stay}
        else:
            plan = {"which": "other", "force": list(f["force"]), "stay": []}
        plan.update(start=start, verb=f["verb"])
        self.intent = plan
        return plan

    def _form(self, know: Know, legal: list[Action]) -> Action | None:
        """Take in or leave out units until the force is the one planned (10.0, 12.4). Identical
        units are offered once (ruling MV-20): compare kinds, not names."""
        desired = self._plan(know)["force"]
        force = list(know.frame["force"])

        def kind(u: str) -> Any:
            c = COUNTERS[u]
            return u if c.is_leader else (c.contingent, c.type, c.factor, u in know.reduced)

        want: dict[Any, int] = {}
        for u in desired:
            want[kind(u)] = want.get(kind(u), 0) + 1
        have: dict[Any, int] = {}
        for u in force:
            have[kind(u)] = have.get(kind(u), 0) + 1
        # The plan may change with the force: a kind once left out is not taken back, nor one taken
        # in left out again, so that forming always ends.
        left, taken = self._formed.setdefault("leave", set()), self._formed.setdefault("take", set())
        for a in legal:
            k = kind(a[1]) if a[0] in ("leave", "take") else None
            if a[0] == "leave" and k not in taken and have.get(k, 0) > want.get(k, 0):
                left.add(k)
                return a
        for a in legal:
            k = kind(a[1]) if a[0] in ("leave", "take") else None
            if a[0] == "take" and k not in left and have.get(k, 0) < want.get(k, 0):
                taken.add(k)
                return a
        return ("go",) if ("go",) in legal else None

    def _move(self, know: Know, legal: list[Action]) -> Action | None:
        """One step of the move: re-plan from here to the best place to end (17.4)."""
        f = know.frame
        here, mp, force = f["here"], f["mp"], list(f["force"])
        plan = self._plan(know)
        which = plan["which"]
        if which == "fleet":
            return self._sail(know, legal, plan)
        drop = self._drop(know, legal, here, force)
        if drop is not None:
            return drop
        if which not in ("army", "byzantine"):
            which = "army" if any(COUNTERS[u].contingent == "crusader" for u in force) else "byzantine"
        vacated = f["start"] if not [u for u in know.at(f["start"]) if u not in force] else None
        stay = self.place_value(know, which, here, force, moved=bool(f["entered"]), vacated=vacated)
        avoid = (
            not f["sea"]
            and f["leader"]
            and sum(f["dice"]) == 8
            and not f.get("no_attrition")
            and not any(SPACES[s].kind == "desert" for s in f["entered"])
        )
        attr = attrition_cost(know, force)
        best: tuple[float, str | None] = (stay if ("stop",) in legal else -1e9, None)
        for dest, (path, desert) in self.reach(know, which, here, mp, force, supplied=f["supplied"]).items():
            v = self.place_value(know, which, dest, force, moved=True, vacated=vacated)
            if avoid and desert:
                v -= attr
            if ("move", path[0]) in legal and v > best[0] + 1e-9:
                best = (v, path[0])
        if best[1] is not None:
            return ("move", best[1])
        if ("stop",) in legal:
            return ("stop",)
        moves = [a for a in legal if a[0] == "move"]
        return moves[0] if moves else None

    def _drop(self, know: Know, legal: list[Action], here: str, force: list[str]) -> Action | None:
        """Leave a cheap unit in an empty fortress passed through, to hold it (6.1, 26.6)."""
        drops = [a for a in legal if a[0] == "drop"]
        if not drops or know.held(here) or space_vp(here) <= 0 or len(force) < 5:
            return None
        if [u for u in know.at(here) if u not in force]:
            return None
        plain = [a for a in drops if not COUNTERS[a[1]].is_leader]
        return min(plain, key=lambda a: (unit_worth(know, a[1]), a[1])) if plain else None

    def _sail(self, know: Know, legal: list[Action], plan: dict[str, Any]) -> Action | None:
        """Sail to the island planned, the shortest way (20.2, 25.1)."""
        target = plan.get("target")
        here = know.frame["here"]
        moves = [a for a in legal if a[0] == "move"]
        if target is None or here == target or not moves:
            return ("stop",) if ("stop",) in legal else None
        dist = BOARD.distances(target, ("sea",))
        best = min(moves, key=lambda a: dist.get(a[1], 99))
        if dist.get(best[1], 99) >= dist.get(here, 99) and ("stop",) in legal:
            return ("stop",)
        return best

    # -- attrition (18.2) ----------------------------------------------------------------------------
    def _attrition(self, know: Know, legal: list[Action]) -> Action | None:
        """Supplies when the steps lost would cost more than the marker; else the cheapest units."""
        f = know.frame
        wagons = [a for a in legal if a[0] == "boon" and a[2] == "wagon"]
        if wagons:
            units = [u for u in f["units"] if u in know.where]
            costs = sorted(hit_cost(know, u) for u in units)
            if sum(costs[: f["hits"]]) >= 0.8:
                return min(wagons, key=lambda a: len(MARKERS[a[1]].symbols))
        hits = [a for a in legal if a[0] in ("hit", "lose")]
        if hits:
            return min(hits, key=lambda a: (hit_cost(know, a[1]), -know.factor(a[1]), a[1]))
        return ("go",) if ("go",) in legal else None

    # -- battles (23.0-24.2) -------------------------------------------------------------------------
    def _battle(self, know: Know, legal: list[Action]) -> Action | None:
        f = know.frame
        stage = f["stage"]
        if stage == "boons":
            return self._battle_boons(know, legal)
        if stage == "hits":
            hits = [a for a in legal if a[0] == "hit"]
            if f["target"] == "christian":
                return min(hits, key=lambda a: (hit_cost(know, a[1]), -know.factor(a[1]), a[1]))
            # Muslims of equal strength (23.2): a leader, for the 24.0 reward
            leaders = [a for a in hits if COUNTERS[a[1]].is_leader]
            return leaders[0] if leaders else hits[0]
        if stage == "withdraw":
            return self._withdraw(know, legal)
        if stage == "embark":
            embark = [a for a in legal if a[0] == "embark"]
            return max(embark, key=lambda a: unit_worth(know, a[1]))
        if stage == "force":
            return legal[0]
        return None

    def _battle_boons(self, know: Know, legal: list[Action]) -> Action | None:
        """At the start of a battle (23.1): Negotiations if the level is up (fewer reinforcements),
        Treachery when reinforcements come (one die fewer), Military Advantage when the Edge matters;
        each when the chance it adds, times what is at stake, beats the marker's worth."""
        f = know.frame
        space = f["space"]
        level = [a for a in legal if a[0] == "boon" and a[2] == "scroll" and a[3] == "level"]
        if level:
            return min(level, key=lambda a: len(MARKERS[a[1]].symbols))
        units = [u for u in f["christians"] if know.where.get(u) == space]
        attacker = f["attacker"] == "christian"
        stake = space_vp(space) + (2 if attacker else 0) + 0.5 * sum(hit_cost(know, u) for u in units)

        def chance(bonus: int, treachery: bool) -> float:
            return battle_odds(
                know,
                units,
                space,
                attacker=attacker,
                reinforce=f["reinforce"],
                christian_bonus=bonus,
                treachery=treachery,
                muslim_bonus=f["muslim_bonus"],
            )[0]

        base = chance(f["christian_bonus"], f["treachery"])
        options = []
        for a in legal:
            if a[0] != "boon" or a[2] not in ("sword", "eye"):
                continue
            sword = a[2] == "sword"
            p = chance(f["christian_bonus"] + (1 if sword else 0), f["treachery"] or not sword)
            cost = sum(self._boon_worth(know, x) for x in MARKERS[a[1]].symbols) * 0.8
            options.append(((p - base) * stake - cost, a))
        if options:
            gain, a = max(options)
            if gain > 0:
                return a
        return ("go",) if ("go",) in legal else None

    def _withdraw(self, know: Know, legal: list[Action]) -> Action | None:
        """24.2: withdraw to a safe space: held by Christians, a fortress or town (supply, 28.1),
        on the road."""
        options = [a for a in legal if a[0] == "withdraw"]

        units = [u for u in know.frame["christians"] if u in know.where]
        worn = sum(1 for u in units if u in know.reduced)

        def score(a: Action) -> float:
            s = str(a[1])
            v = -self.distance(s) * 0.05
            if know.christian_control(s):
                v += 1.0
            if know.fortress(s):
                v += 0.8
            if know.supplied(s):
                v += 0.5
            if SPACES[s].port or SPACES[s].fortress == "pilgrimage":
                v += 0.4 + 0.2 * min(5, worn)  # rally and recruit there (14.1, 15.1)
            if SPACES[s].is_sea:
                v -= 2.0
            return v

        return max(options, key=score)

    # -- other choices -----------------------------------------------------------------------------------
    def _stacking(self, know: Know, legal: list[Action]) -> Action | None:
        """10.1: the contingent worth less goes."""
        space = know.frame["space"]

        def loss(a: Action) -> float:
            units = [u for u in know.at(space) if COUNTERS[u].contingent == a[1]]
            return sum(unit_worth(know, u) for u in units) + (100 if ALEXIOS in units else 0)

        return min(legal, key=loss)

    def _rally(self, know: Know, legal: list[Action]) -> Action | None:
        """15.1: restore the unit that gains most (a leader first)."""
        return max(legal, key=lambda a: self._restore(know, a[1]))

    def _place(self, know: Know, legal: list[Action]) -> Action | None:
        """Where a reinforcement or mercenary enters: a fleet in Constantinople (27.8: safe from the
        Naval Action there); a land unit with the army if it holds a port, else nearest it."""
        unit = know.frame.get("unit")
        if unit is not None and COUNTERS[unit].is_fleet:
            return ("place", CONSTANTINOPLE) if ("place", CONSTANTINOPLE) in legal else legal[0]
        army = self.army_space(know)
        if army is None:
            return legal[0]
        near = land_distances(army)
        return min(legal, key=lambda a: near.get(a[1], 60.0))

    def _winter(self, know: Know, legal: list[Action]) -> Action | None:
        """28.1: Supplies for the force out of supply that would lose most (28.2)."""
        best: tuple[float, Action] = (0.8, ("go",))
        for a in legal:
            if a[0] != "boon":
                continue
            space = next(x for x in a[1:] if isinstance(x, str) and x in SPACES)
            loss = attrition_cost(know, know.at(space))
            if loss > best[0]:
                best = (loss, a)
        return best[1]

    def _winter_losses(self, know: Know, legal: list[Action]) -> Action | None:
        """28.2: the cheapest units lose the steps."""
        return min(legal, key=lambda a: (hit_cost(know, a[1]), -know.factor(a[1]), a[1]))

    def _strike(self, know: Know, legal: list[Action]) -> Action | None:
        """Assassins Strike (35.0): the leader the strike is least likely to hurt (a die above his
        factor), and who costs least if it does."""

        def risk(a: Action) -> float:
            u = str(a[1])
            return max(0, 6 - know.factor(u)) / 6 * hit_cost(know, u)

        return min(legal, key=risk)

    def _send_home(self, know: Know, legal: list[Action]) -> Action | None:
        """Crusader Leader Goes Home (35.0): the least useful leader; not one holding a place, not
        the army's last."""

        def worth(a: Action) -> float:
            u = str(a[1])
            space = know.where.get(u, "")
            alone = not [v for v in know.at(space) if v != u and COUNTERS[v].is_leader]
            return unit_worth(know, u) + (6 if alone else 0) + (1.5 if COUNTERS[u].diplomatic else 0)

        return min(legal, key=worth)


def movement_verbs(kind: str) -> tuple[str, ...]:
    """The land or sea movement verbs (34.0 summary), with and without ``supplied_``."""
    base = ("march", "leader_march") if kind == "land" else ("sea_move", "leader_sea_move")
    return (*base, *(f"supplied_{v}" for v in base))


def make_scripted(game: Any, seed: int) -> ScriptedBot:
    """The ``scripted`` bot of ``FirstCrusade.bots()``."""
    return ScriptedBot(seed)
