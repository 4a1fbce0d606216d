"""The scripted Kingdom of Heaven bot: legal, quick, and playing for the scenario's goals: the VP
spaces (§20.1) toward its victory condition (§20.2), and for the Muslim a Crusade's threshold by
its turn (§19.2).

It reads only its role's view (``game.seat_view``: ``game.view`` without the log and the prompt,
which it never reads; every stack, the strongholds, the sieges, the
political status track, the VP, its own hand, the procedures under way) and the data packs the
game is played with (the map, the counters' strengths, the cards' values and effects, the
scenario's conditions, the CRT); never the hidden parts of the state (the opponent's hand, the
deck's order, the generator). Each decision scores the legal actions and takes the best, ties
broken by the bot's own generator:

- its action rounds (§5.5, §8.4): a siege resolved where it besieges (by assault at good odds),
  an event weighed by its effects, an activation of the leader at the head of the strongest force
  near a target (the card of least OV that does it), influence by its chance and gain (§9.2-§9.6),
  a discard last; the Diplomatic Advantage spent on influence rolls or RP (§9.3, §9.5);
- activations and marches (§10): it takes every unit it may, then marches toward the best target
  (the richer VP spaces first, its weak sieges, its threatened spaces unless short of a Crusade's
  threshold), never into an enemy field force stronger than its own; at an enemy stronghold it
  calls for surrender when it has twice the garrison's strength (§17.5), else besieges it
  (§17.4); in a siege it assaults when its chance of taking the place is 0.3 or more (§17.7), else
  starves it (§17.6);
- battles and losses (§13, §15, §17.7): every battle card it may play, each step lost where it
  costs least strength; a weak force avoids or goes inside its stronghold (§11, §17.2), a strong
  one intercepts (§11.3) or attacks what was left behind;
- administration (§6, §7, §16): every replacement it can pay, units mustered and reinforcements
  placed nearest the VP spaces it wants, low castles refilled (garrisons, §7.3) rather than
  stripped, units kept in the field only where it besieges or holds an enemy's VP space.
"""

from __future__ import annotations

import heapq
import json
import random
from collections.abc import Callable, Mapping
from typing import Any

from ...engine.game import Action
from .board import MEDITERRANEAN
from .common import Pack, data
from .naval import NAVAL_OV
from .sieges import STARVATION_CROWD, grids
from .state import CHRISTIAN, MUSLIM, marker
from .strongholds import BASE_RF, MAX_RF, ORDER_CASTLES
from .tables import Tables

Group = Mapping[str, Any]
FAR = 99.0
DEFENDER_DRM = 2  # the walls' +2 to the defender's assault roll (§17.7 L1116)
CASTLE = {False: (3, 2), True: (2, 1)}  # a castle's own garrison by its Low side: CS, steps (§17.7.1)
GOOD_ASSAULT = 0.3
"""The chance of taking a stronghold at which the bot assaults it (§17.7.3)."""
GOOD_CALL = 1 / 3
"""The chance of a Call for Surrender at which the bot makes it (§17.5); else it besieges."""


class Seat:
    """What one role sees, with the sums the scores need: strengths, control and distances."""

    def __init__(self, view: dict[str, Any], role: str, pack: Pack, tables: Tables | None = None):
        self.view, self.role, self.pack, self.tables = view, role, pack, tables
        self.enemy = MUSLIM if role == CHRISTIAN else CHRISTIAN
        self.top: dict[str, Any] = view["stack"][-1] if view["stack"] else {}
        self.cs = {(u.power, u.label): (u.cs, u.reduced_cs) for u in pack.counters.units}
        self.hand: list[str] = list(view["hands"][role].get("cards", []))
        self.scenario = pack.scenarios[view["scenario"]]
        self._dist: dict[str, float] | None = None

    # -- sides and strengths -----------------------------------------------------------------------
    def side(self, power: str | None) -> str | None:
        """The player ``power`` answers to, "neutral" or None (§9.1)."""
        return None if power is None else self.view["political"].get(marker(power))

    def strength(self, force: Mapping[str, Group], who: str | None = None) -> float:
        """The combat strength of ``force`` (of ``who``'s Powers only, when given), §13.2."""
        total = 0.0
        for p, g in force.items():
            if who is not None and self.side(p) != who:
                continue
            for label, n in g["full"].items():
                total += self.cs.get((p, label), (2, 1))[0] * n
            for label, n in g["reduced"].items():
                total += self.cs.get((p, label), (2, 1))[1] * n
        return total

    def at(self, space: str, who: str, where: str = "field") -> float:
        return self.strength(self.view[where].get(space, {}), who)

    def besieging(self, space: str) -> bool:
        """Whether the role besieges ``space`` (§17.4)."""
        siege = self.view["sieges"].get(space)
        return siege is not None and siege.get("besieger") == self.role

    def holder(self, space: str) -> str | None:
        castle = self.view["castles"].get(space)
        if castle is not None:
            return self.side(castle["power"])
        return self.side(self.view["cities"].get(space))

    def stronghold(self, space: str) -> bool:
        return space in self.view["castles"] or space in self.view["cities"]

    def controller(self, space: str) -> str | None:
        """Who controls ``space`` as the view shows it (§3.Control L193)."""
        if self.stronghold(space):
            return self.holder(space)
        sides = {self.side(p) for p, g in self.view["field"].get(space, {}).items() if _units(g)}
        sides &= {CHRISTIAN, MUSLIM}
        if len(sides) == 1:
            return sides.pop()
        province = self.pack.board.spaces[space].province
        return self.side(self.view["owners"].get(province))

    def worth(self, space: str) -> int:
        return self.pack.board.vp(space, self.view["scenario"]) if space in self.pack.board.spaces else 0

    def crusade_due(self) -> bool:
        """Whether a Crusade is scheduled and not yet come (§19.1 L1220), its check still ahead."""
        return self.scenario.crusade is not None and self.view["crusade"] == "scheduled"

    def crusade_gap(self) -> int:
        """The Muslim VP still missing for a scheduled Crusade to come (§19.2 L1224: below the
        threshold on its turn the game ends in a Christian major victory); 0 without one."""
        crusade = self.scenario.crusade
        if crusade is None or not self.crusade_due():
            return 0
        return max(0, crusade.threshold - self.view["vp"][MUSLIM])

    def goal_gap(self) -> int:
        """The VP the role still lacks for its victory condition (§20.2 L1244), or, for the
        Muslim before a Crusade due, for the Crusade's threshold (§19.2) when that is more."""
        condition = (
            self.scenario.victory.christian if self.role == CHRISTIAN else self.scenario.victory.muslim
        )
        gap = condition.shortfall(self.view["vp"]) if condition.vp_of == self.role else 0
        return max(gap, self.crusade_gap()) if self.role == MUSLIM else gap

    def targets(self) -> dict[str, float]:
        """Where the role's forces go, each with a head start (steps less the more it is worth):
        the VP spaces it does not control (§20.1), the richer ones first; those it controls that an
        enemy army at them or next to them outnumbers (its defence); and the strongholds its own
        forces besiege too weakly to assault at 3 to 2 (§17.7), so that other forces join the
        siege. The Muslim before a scheduled Crusade, who must hold its threshold by the Crusade's
        turn (§19.2), counts each enemy stronghold the farther the harder it is to take
        (:meth:`hard`)."""
        out: dict[str, float] = {}
        for s, worth in self.pack.board.scoring(self.view["scenario"]):  # worth() above 0
            mine = self.controller(s) == self.role
            if not mine or self.threat(s) > self.at(s, self.role) + self.at(s, self.role, "inside"):
                out[s] = max(0.0, 2.0 - 0.5 * worth) + self.hard(s)
        for space in self.view["sieges"]:
            if self.besieging(space) and self.at(space, self.role) < 1.5 * max(
                self.at(space, self.enemy, "inside"), 1.0
            ):
                out[space] = min(out.get(space, 1.0), 1.0)
        return out

    def threat(self, space: str) -> float:
        """The strength of the enemy's field armies at ``space`` and next to it."""
        near = [space, *self.pack.board.neighbours(space)]
        return sum(self.at(s, self.enemy) for s in near)

    def dist(self, space: str) -> float:
        """Steps along the map's links from ``space`` to the nearest target, with its head start."""
        if self._dist is None:
            self._dist = _distances(self.pack, self.targets())
        return self._dist.get(space, FAR)

    def sea_dist(self, space: str) -> float:
        """Steps to the nearest target by a naval move from ``space`` (§10.8 L636): one for the
        voyage, then from the best port to land in; FAR unless the role is the Christian in a
        Mediterranean port he controls (by an OV 3 card, the only sailing without an event)."""
        board = self.pack.board
        port = space in board.spaces and board.spaces[space].port == MEDITERRANEAN
        if self.role != CHRISTIAN or not port or self.controller(space) != self.role:
            return FAR
        return 1.0 + min((self.dist(p) for p in board.ports(MEDITERRANEAN) if p != space), default=FAR)

    def reach(self, space: str, ov: int) -> float:
        """Steps to the nearest target from ``space`` for a force activated by a card of ``ov``:
        by land, or by sea when the card may sail (§10.8 L636) and that is shorter."""
        return min(self.dist(space), self.sea_dist(space) if ov >= NAVAL_OV else FAR)

    def useful(self, space: str, strength: float, ov: int) -> bool:
        """Whether a force of ``strength`` activated in ``space`` by a card of ``ov`` has work its
        march scores (:func:`_march`): a step nearer a target into no stronger enemy army, an
        enemy stronghold here to call on or besiege (§17.5, §17.6.1), or a voyage (§10.8)."""
        if self.sea_dist(space) < self.dist(space) - 1 and ov >= NAVAL_OV:
            return True
        if self.stronghold(space) and self.holder(space) == self.enemy and not self.besieging(space):
            return True
        here = self.dist(space)
        for link in self.pack.board.links_of(space):
            there = link.b if link.a == space else link.a
            if self.dist(there) < here and self.at(there, self.enemy) <= 0.8 * strength:
                return True
        return False

    def where(self, leader: str) -> tuple[str, float] | None:
        """The space of ``leader`` and the strength of the role's force there."""
        for place in ("field", "inside"):
            for space, groups in self.view[place].items():
                if any(leader in g["leaders"] for g in groups.values()):
                    return space, self.strength(groups, self.role)
        return None

    def assault_chance(self, space: str) -> float:
        """The chance that an assault now takes ``space`` (§17.7): both dice on the CRT, the
        besieger's column moved left by the siege's RF, +1 to the better leader, +2 to the walls;
        taken on a major victory (§13.4) or as many steps inflicted as the walls' side has
        (§17.7.3), an empty city at once (K72). Without the tables, 3 to 2 in strength."""
        inside = self.view["inside"].get(space, {})
        field = {p: g for p, g in self.view["field"].get(space, {}).items() if self.side(p) == self.role}
        castle = self.view["castles"].get(space)
        cs, steps = CASTLE[castle["low"]] if castle else (0, 0)
        units = sum(_units(g) for g in inside.values())
        if castle is None and units == 0:
            return 1.0
        mine, theirs = (
            self.strength(field) + self._battle(field),
            self.strength(inside) + self._battle(inside) + cs,
        )
        if self.tables is None:
            return 1.0 if mine >= 1.5 * max(theirs, 1.0) else 0.0
        steps += sum(2 * sum(g["full"].values()) + sum(g["reduced"].values()) for g in inside.values())
        rf = int(self.view["sieges"].get(space, {}).get("rf", 3))
        a, d = self._best(field), self._best(inside)
        a_drm, d_drm = (1 if a > d else 0), DEFENDER_DRM + (1 if d > a else 0)
        crt, won = self.tables.crt, 0
        for a_die in range(1, 7):
            inflicted = crt.result(int(mine), a_die + a_drm, -rf)
            for d_die in range(1, 7):
                suffered = crt.result(int(theirs), d_die + d_drm)
                major = inflicted > suffered and inflicted >= 2 * suffered
                won += major or (inflicted >= 1 and inflicted >= steps)
        return won / 36

    def starvation(self, space: str, ov: int) -> tuple[float, float]:
        """The steps a Starvation at ``space`` by a card of ``ov`` costs, on average, the garrison
        and the besieger (§17.6.4, §15.2): the garrison rolls attrition on its units with the
        card's OV added, its column moved right for each unit over four; the besieger then on
        his, unmodified. (0, 0) without the tables."""
        if self.tables is None:
            return 0.0, 0.0
        table = self.tables.attrition
        inside = sum(_units(g) for g in self.view["inside"].get(space, {}).values())
        outside = sum(
            _units(g) for p, g in self.view["field"].get(space, {}).items() if self.side(p) == self.role
        )
        crowd = max(0, inside - STARVATION_CROWD)
        theirs = sum(table.result(inside, die + ov, crowd) for die in range(1, 7)) / 6 if inside else 0.0
        mine = sum(table.result(outside, die) for die in range(1, 7)) / 6 if outside else 0.0
        return theirs, mine

    def call_chance(self, space: str, force: Mapping[str, Group], leader: str | None) -> float:
        """The chance that a Call for Surrender at ``space`` succeeds now (§17.5, §17.4): a die
        with its modifiers (each failed call -1, +1 for an active leader of battle 3 or 4, -2 with
        fewer than six units; an enemy army in reach left out) above the RF (:meth:`resistance`)."""
        rf = self.resistance(space)
        drm = -int(self.view["failed_calls"].get(self.role, 0))
        drm += 1 if leader is not None and self._rating(leader) in (3, 4) else 0
        drm -= 2 if sum(_units(g) for g in force.values()) < 6 else 0
        return sum(1 for die in range(1, 7) if die + drm > rf) / 6

    def left_open(self, space: str, force: Mapping[str, Group]) -> bool:
        """Whether ``force`` marching off would leave the role's walled city at ``space``, a VP
        space, with fewer than two of its units: a city has no garrison of its own and an empty
        one falls to the first assault (§17.7.2, K72), nor may a Power muster in a captured one
        (§7.2.1 L397). A force of two units or fewer goes whole."""
        city = space in self.view["cities"] and space not in self.view["castles"]
        if not city or self.holder(space) != self.role or self.worth(space) <= 0:
            return False
        here = sum(
            _units(g)
            for where in ("field", "inside")
            for p, g in self.view[where].get(space, {}).items()
            if self.side(p) == self.role
        )
        moving = sum(_units(g) for g in force.values())
        return moving > 2 and here - moving < 2

    def resistance(self, space: str, garrison: Mapping[str, Group] | None = None) -> int:
        """The RF of ``space`` (§17.4): the siege's once it started (L997); else worked out from
        ``garrison`` (by default the pieces inside) as §17.4 does: 3, half the best leader's battle
        rating rounded up, one at a port, a city's steps (one a pair, two at most), one at a castle
        of the Orders, one less at another castle on its Low side; 0 to 8."""
        siege = self.view["sieges"].get(space)
        if siege is not None:
            return int(siege["rf"])
        inside = self.view["inside"].get(space, {}) if garrison is None else garrison
        castle = self.view["castles"].get(space)
        rf = BASE_RF + (self._best(inside) + 1) // 2
        rf += 1 if self.pack.board.spaces[space].port else 0
        if castle is None:
            steps = sum(2 * sum(g["full"].values()) + sum(g["reduced"].values()) for g in inside.values())
            rf += min(2, steps // 2)
        else:
            rf += 1 if castle["power"] in ORDER_CASTLES else (-1 if castle["low"] else 0)
        return max(0, min(MAX_RF, rf))

    def garrison(self, space: str) -> dict[str, dict[str, Any]]:
        """The holder's pieces at its stronghold ``space``, inside and out: those outside go in
        when a stronger enemy enters (§17.2), so a siege or a call meets them all."""
        holder = self.holder(space)
        out: dict[str, dict[str, Any]] = {}
        for where in ("inside", "field"):
            for p, g in self.view[where].get(space, {}).items():
                if self.side(p) != holder:
                    continue
                mine = out.setdefault(p, {"full": {}, "reduced": {}, "leaders": []})
                for face in ("full", "reduced"):
                    for label, n in g[face].items():
                        mine[face][label] = mine[face].get(label, 0) + n
                mine["leaders"] += list(g["leaders"])
        return out

    def hard(self, space: str) -> float:
        """:meth:`siege_cost` for the Muslim while a Crusade is scheduled (§19.2: below its
        threshold on the Crusade's turn the game ends), who goes for the places he can take in
        time, whether short of the threshold or at it with a place's loss away; 0 for the others
        and once the Crusade came or was cancelled."""
        return self.siege_cost(space) if self.role == MUSLIM and self.crusade_due() else 0.0

    def siege_cost(self, space: str) -> float:
        """How much farther an enemy stronghold at ``space`` counts as a target than an open
        space, in steps: half a step for each point of its RF over the base 3 with its whole
        garrison inside (§17.4: a call needs a die over the RF, §17.5; an assault loses a column
        a point, §17.7), one more at a port, which no blockade closes and so no starvation
        takes (§17.6.2, §17.6.4). 0 where the role holds it or there is no stronghold."""
        if not self.stronghold(space) or self.holder(space) != self.enemy:
            return 0.0
        rf = self.resistance(space, self.garrison(space))
        return 0.5 * max(0, rf - BASE_RF) + (1.0 if self.pack.board.spaces[space].port else 0.0)

    def _battle(self, force: Mapping[str, Group]) -> int:
        """The leaders' battle ratings, which count in a force's strength (§13.2 L776)."""
        return sum(self._rating(x) for g in force.values() for x in g["leaders"])

    def _best(self, force: Mapping[str, Group]) -> int:
        return max((self._rating(x) for g in force.values() for x in g["leaders"]), default=0)

    def _rating(self, leader: str) -> int:
        x = self.pack.counters.leaders.get(leader)
        return x.battle if x else 0

    def forces_of(self, power: str) -> float:
        """The combat strength of ``power``'s pieces on the map, in and out of strongholds."""
        return sum(
            self.strength({power: g})
            for place in ("field", "inside")
            for groups in self.view[place].values()
            for p, g in groups.items()
            if p == power
        )

    def loss(self, power: str, face: str, label: str) -> float:
        """The strength a step lost by this unit costs (§13.5: full flips, reduced dies)."""
        full, reduced = self.cs.get((power, label), (2, 1))
        return full - reduced if face == "full" else reduced + 0.5


def _units(g: Group) -> int:
    return sum(g["full"].values()) + sum(g["reduced"].values())


def _distances(pack: Pack, targets: Mapping[str, float]) -> dict[str, float]:
    """The least steps plus head start from every space to one of ``targets`` (boxes too)."""
    out: dict[str, float] = {}
    todo = [(start, space) for space, start in targets.items()]
    heapq.heapify(todo)
    while todo:
        cost, here = heapq.heappop(todo)
        if here in out:
            continue
        out[here] = cost
        for there in pack.board.neighbours(here):
            if there not in out:
                heapq.heappush(todo, (cost + 1, there))
    return out


Score = Callable[[Seat, Action], float]


def _round(me: Seat, a: Action) -> float:
    """An action round (§8.4): siege, an event by its effect, activation, diplomacy, discard."""
    verb = a[0]
    if verb == "siege":  # more eagerly at a VP space the larger the VP still lacking (§20.2)
        chance = me.assault_chance(a[2])
        urgent = 0.25 * min(me.goal_gap(), 8) if me.worth(a[2]) > 0 and me.besieging(a[2]) else 0.0
        return (2.5 + 6.0 * chance if chance >= GOOD_ASSAULT else 4.0) + urgent  # else starve it (§17.6)
    card = me.pack.cards.cards.get(a[1]) if len(a) > 1 else None
    if verb == "event" and card is not None:
        return 2.0 + sum(_effect(me, e) for e in card.event)
    if verb in ("activate", "activate_event") and card is not None:
        found = me.where(a[2])
        if found and me.besieging(found[0]):
            return 0.5  # its force besieges already: the siege is resolved by a card (§17.6)
        reach = me.reach(found[0], card.ov) if found else FAR
        if found and (reach >= FAR or not me.useful(found[0], found[1], card.ov)):
            return 0.5  # no target by land, nor by sea with this card (§10.8): the march goes nowhere
        power = min(found[1], 24.0) / 4 if found else 0.0
        near = 1.0 if reach <= 3 else 0.0
        urgent = 0.25 * min(me.goal_gap(), 8) if reach <= 4 else 0.0
        bonus = 0.5 * sum(_effect(me, e) for e in card.event) if verb == "activate_event" else 0.0
        return 1.5 + power + near + urgent - 0.3 * card.ov + bonus
    if verb == "diplomacy" and card is not None:
        return 1.0 + _influence(me, card.diplomacy or 0, a[2])
    return {"vassal": 0.8, "free_vassal": 0.8, "passage": 0.3, "discard": 0.0, "pass": -1.0}.get(verb, 0.0)


def _effect(me: Seat, e: Mapping[str, Any]) -> float:
    """What an event's effect is worth to the role, in about the strength or VP it moves
    (§8.4.1; the effects of cards.EFFECTS): units and RP gained, enemy armies worn, enemy
    leaders removed, Powers turned, sieges helped where the role besieges or is besieged."""
    kind = e["kind"]
    besieges = any(me.besieging(s) for s in me.view["sieges"])
    besieged = any(not me.besieging(s) for s in me.view["sieges"])
    if kind == "reinforce":
        return 1.2 * int(e["count"])
    if kind == "rp":
        value = int(e["value"])
        return 1.0 * abs(value) if (value > 0) == (e["power"] != "enemy") else -1.0
    if kind == "leader_out":
        return 2.5 if e["leader"] != "own_ranking" else 1.5
    if kind == "attrition":
        if e["target"] == "besieged":
            return 1.5 if besieges else -0.5
        return 0.5 + 0.5 * int(e["av"]) if e["target"] != "every_army" else 0.3
    if kind == "diplomacy_shift":
        power, toward = str(e["power"]), str(e["toward"])
        if power not in me.scenario.orientation:
            return -0.5
        gain = (
            toward == me.role or (toward == "player") or (toward == "neutral" and me.side(power) == me.enemy)
        )
        return 3.0 if gain and me.side(power) != me.role else -0.5
    if kind == "surrender":
        return 1.0 + int(e["at_most"]) if besieges else -0.5
    if kind == "rf":
        return 1.5 if (int(e["value"]) < 0 and besieges) or (int(e["value"]) > 0 and besieged) else -0.5
    if kind == "lift_siege":
        return 2.5 if besieged else -0.5
    if kind == "flip_units":
        return 1.0 * int(e["count"])
    return {
        "activations": 2.5,
        "garrison": 0.8 * int(e.get("castles", 1)),
        "naval": 1.0,
        "draw": 1.2,
        "leader_loss": 1.2,
        "replace_castles": 2.0,
        "replace_power": 2.0,
        "diplomacy_drm": 0.3,
        "blockade_port": 0.5,
    }.get(kind, 0.0)


def _influence(me: Seat, card_drm: int, power: str) -> float:
    """An influence roll's worth (§9.2-§9.6): the chance that the modified die is at most the
    scenario's target for the role (§9.6 L548; for the Diplomatic Advantage marker 3, +1 when the
    opponent holds it, §9.3 L525), times what the move gains: a Power turned to the role's side or
    an enemy Power made Neutral, with its forces (§9.6.1), the marker itself a little."""
    pending = sum(int(v) for who, v in me.view["diplomacy"].get("drm", []) if who == me.role)
    if power == "advantage":
        need, drm, value = 3, card_drm + pending + (1 if me.view["advantage"] == me.enemy else 0), 1.0
    else:
        targets = me.scenario.diplomacy.get(power)
        if targets is None:
            return -1.0
        need = targets[0] if me.role == CHRISTIAN else targets[1]
        drm = card_drm + pending - (1 if me.view["advantage"] == me.role else 0)
        value = 2.0 + 0.1 * me.forces_of(power)
    chance = min(1.0, max(0.0, (need - drm) / 6))
    return chance * value * 1.5


def _march(me: Seat, a: Action) -> float:
    """A march (§10): gather, then go toward a VP space; call or besiege at an enemy stronghold;
    the weakest units dropped off to hold a city of the role's it would leave bare (§17.7.2)."""
    top = me.top
    here = str(top.get("at", ""))
    mine = me.strength(top.get("group", {}))
    garrison = me.at(here, me.enemy, "inside") if here else 0.0
    enemy_hold = bool(here) and me.stronghold(here) and me.holder(here) == me.enemy
    verb = a[0]
    if verb == "pick":
        return 5.0
    if verb == "drop" and len(a) == 4 and me.left_open(here, top.get("group", {})):
        return 6.0 - 0.1 * me.strength({a[1]: {"full": {}, "reduced": {}, a[2]: {a[3]: 1}}})
    if verb == "call":  # a failed call costs -1 on every later one (§17.5.1): only at fair odds
        chance = me.call_chance(here, top.get("group", {}), top.get("leader")) if enemy_hold else 0.0
        return 6.0 if mine >= 2 * garrison and chance >= GOOD_CALL else -1.0
    if verb == "besiege":  # a place hard to take is passed by for an easier one (Seat.hard)
        return 4.5 - me.hard(here) if enemy_hold and mine >= garrison else 0.5
    if verb == "move":
        there = a[1]
        if me.at(there, me.enemy) > 0.8 * mine:
            return -2.0
        if there in top.get("path", []):
            return -1.0  # never back over its own route: a target that moved must not make it pace
        gain = me.dist(here) - me.dist(there)
        return 3.0 + gain if gain > 0 else -1.0
    return {"stop": 1.0, "rest": 0.8, "drop": -3.0, "drop_leader": -3.0, "pick_leader": -0.5}.get(verb, 0.0)


def _activation(me: Seat, a: Action) -> float:
    """Forming the force (§10.1): every unit it may take, then go; by sea instead, before taking
    more than a fleet carries, when a voyage brings it nearer a target than marching (§10.8 L636)."""
    space = str(me.top.get("space", ""))
    if a[0] == "by_sea":
        return 6.0 if me.sea_dist(space) < me.dist(space) - 1 else 1.0
    return {"take": 5.0, "take_leader": 0.5, "go": 2.0, "done_detach": 2.0}.get(a[0], -1.0)


def _loss(me: Seat, a: Action) -> float:
    """A step lost (§13.5, §15.1, §17.7): where it costs the least strength."""
    if len(a) == 4 and a[2] in ("full", "reduced"):
        return -me.loss(a[1], a[2], a[3])
    return -10.0


def _place(me: Seat, space: str) -> float:
    """A space to put units in: held by the role, near the targets, no enemy army there."""
    if space not in me.pack.board.spaces:
        return -5.0
    threat = me.at(space, me.enemy)
    return -me.dist(space) - (3.0 if threat else 0.0) + (1.0 if me.controller(space) == me.role else 0.0)


def _muster(me: Seat, a: Action) -> float:
    verb = a[0]
    if verb == "unit":
        return 10.0 + 0.2 * _place(me, a[4])
    if verb == "leader":
        return 10.0 + 0.2 * _place(me, a[2])
    if verb == "refill":
        return 4.0
    return {"done": 1.0, "strip": -1.0}.get(verb, 0.0)


def _replacement(me: Seat, a: Action) -> float:
    """Every replacement it can pay (§6); the Diplomatic Advantage spent for a Power's extra RP
    (§9.3) when no Power is open to the role's influence (the marker's other use, §9.5)."""
    if a[0] == "advantage":
        open_ = [p for p in me.scenario.diplomacy if p in me.scenario.orientation and me.side(p) != me.role]
        return 6.0 if not open_ else 0.5
    return {"rebuild_full": 5.0, "flip": 4.5, "rebuild": 4.0, "leader": 3.0, "leader_part": 2.0}.get(
        a[0], 1.0 if a[0] == "done" else 0.5
    )


def _demobilize(me: Seat, a: Action) -> float:
    """Units kept where they besiege, hold a VP space without a stronghold, or hold a VP
    stronghold (§16.1 L929: up to two may stay in a captured city, where no Power musters,
    §7.2.1 L397, so a city left empty is an enemy's for an assault on no one, K72); leaders
    stay only where they besiege."""
    verb = a[0]
    if verb == "keep":
        space = a[2]
        holds = space in me.pack.board.spaces and me.worth(space) > 0
        holds = holds and (not me.stronghold(space) or me.holder(space) == me.role)
        return 3.0 if me.besieging(space) or holds else -1.0
    if verb == "stay":
        found = me.where(a[1])
        return 2.5 if found and found[0] in me.view["sieges"] else -1.0
    return 1.0 if verb in ("done", "leaders_done") else 0.0


def _siege(me: Seat, a: Action) -> float:
    """A siege resolved (§17.6-§17.7): its own siege event, an assault when its chance of taking
    the stronghold is good (:meth:`Seat.assault_chance`), a Starvation of a blockaded garrison when
    it costs the garrison enough steps (:meth:`Seat.starvation`), else the siege's fortunes."""
    space = str(me.top.get("space", ""))
    verb = a[0]
    if verb == "event":
        return 3.0
    if verb == "assault":
        return 4.0 if me.assault_chance(space) >= GOOD_ASSAULT else -1.0
    if verb in ("fortunes", "end"):
        return 1.0
    if verb == "starve":  # worth it when the garrison loses more than a third of a step a card
        card = me.pack.cards.cards.get(str(me.top.get("card", "")))
        theirs, mine = me.starvation(space, card.ov if card else 1)
        return 0.5 + 2.0 * theirs - 0.25 * mine
    if verb == "lose":
        return _loss(me, a)
    return {"commit": -float(a[1]) if len(a) > 1 and isinstance(a[1], int) else 0.0}.get(verb, 0.0)


def _reactions(me: Seat, a: Action) -> float:
    """Interception and avoidance (§11): intercept when stronger, avoid when weaker."""
    top = me.top
    mover = me.strength(top.get("group", {}))
    space = str(top.get("space", ""))
    verb = a[0]
    if verb == "intercept":
        return 3.0 if me.at(a[1], me.role) >= 1.3 * mover else -1.0
    if verb in ("avoid", "shadow"):
        return 2.0 if me.at(space, me.role) < 0.8 * mover else -1.0
    if verb == "attack":
        at = a[1] if len(a) > 1 else space
        return 3.0 if me.at(at, me.role) >= 1.3 * max(me.at(at, me.enemy), 1.0) else -1.0
    if verb == "to":
        return _place(me, a[1])
    if verb == "leave_out":
        return -1.0
    return 0.0


def _entry(me: Seat, a: Action) -> float:
    """Going inside a stronghold (§17.2, §14): when the field force is weaker than the enemy's."""
    space = str(me.top.get("space", me.top.get("at", "")))
    mine, foe = me.at(space, me.role), max(me.at(space, me.enemy), me.strength(me.top.get("force", {})))
    weak = mine < foe
    verb = a[0]
    if verb == "all_in":
        return 3.0 if weak else -1.0
    if verb == "in":
        return 2.0 if weak or a[2] == "leader" else -0.5
    if verb == "to":
        return _place(me, a[1])
    if verb in ("lose", "step"):
        return _loss(me, a)
    return 0.0


def _event(me: Seat, a: Action) -> float:
    """An event's target (§8.4.1): the strongest enemy army; a port to sail to near the targets."""
    if a[0] == "at":
        return me.at(a[1], me.enemy) - me.at(a[1], me.role)
    if a[0] == "sail":
        return -me.dist(a[1])
    return 0.0


def _naval(me: Seat, a: Action) -> float:
    """A naval move (§10.8): the strongest units the fleet carries, then the port nearest a
    target; the weakest put back while the force is over the fleet's five (L636)."""
    if a[0] == "to":
        return -me.dist(a[1])
    if a[0] in ("take", "put_back") and len(a) == 4:
        face = {"full": {}, "reduced": {}, a[2]: {a[3]: 1}}
        cs = me.strength({a[1]: face})
        if a[0] == "take":
            return 5.0 + 0.1 * cs
        over = sum(_units(g) for g in me.top.get("group", {}).values()) > int(me.top.get("units", 5))
        return 3.0 - 0.1 * cs if over else -2.0
    return {"take_leader": 0.5}.get(a[0], 0.0)


def _ransom(me: Seat, a: Action) -> float:
    if a[0] == "ransom":
        x = me.pack.counters.leaders.get(a[1])
        return 1.0 + (x.strategy + x.battle if x else 0)
    return 0.0


def _leader_loss(me: Seat, a: Action) -> float:
    if a[0] == "refuge":
        return 1.0 if me.controller(a[1]) == me.role else 0.0
    if a[0] == "leader":
        x = me.pack.counters.leaders.get(a[1])
        return -(x.strategy + x.battle) if x else 0.0
    return 0.0


def _advantage(me: Seat, a: Action) -> float:
    """The Diplomatic Advantage before an influence roll (§9.5 L544; a roll at most the target
    succeeds, §9.6 L548): spent for -1 on the role's own roll, for +1 on the opponent's."""
    if a[0] == "advantage":
        mine = me.top.get("player") == me.role
        return 1.0 if (int(a[1]) < 0) == mine else -1.0
    return 0.0


def _reinforce(me: Seat, a: Action) -> float:
    return _place(me, a[3]) if a[0] == "place" else 0.0


def _default(me: Seat, a: Action) -> float:
    """Any other choice: play a card when asked (a battle or response card, §13.2, §8.4.3), lose
    the cheapest step, place near the targets."""
    verb = a[0]
    if verb in ("play", "respond"):
        return 2.0
    if verb in ("step", "lose"):
        return _loss(me, a)
    if verb in ("to", "refuge", "refill") and len(a) == 2:
        return _place(me, a[1]) if a[1] in me.pack.board.spaces else 0.0
    return 0.0


FRAMES: dict[str, Score] = {
    "round": _round,
    "march": _march,
    "activation": _activation,
    "muster": _muster,
    "replacement": _replacement,
    "demobilize": _demobilize,
    "siege": _siege,
    "assault": _siege,
    "sortie": _siege,
    "reactions": _reactions,
    "left_behind": _reactions,
    "stronghold_entry": _entry,
    "retreat": _entry,
    "event": _event,
    "naval": _naval,
    "ransom": _ransom,
    "leader_loss": _leader_loss,
    "reinforce": _reinforce,
    "diplomacy": _advantage,
}
"""The score of an action by the kind of the procedure asking; the others use :func:`_default`."""


class ScriptedBot:
    """The best-scored legal action (see the module docstring)."""

    name = "scripted"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self.tried: dict[str, set[Action]] = {}  # a position seen this phase -> actions chosen there
        self.phase: tuple[int, str] | None = None

    def choose(self, game: Any, state: Any, role: str) -> Action:
        view = game.seat_view(state, role)
        legal = [tuple(a) for a in view["legal"]]
        if not legal:
            raise ValueError(f"{role} has no legal action")
        if len(legal) == 1:
            return legal[0]
        me = Seat(view, role, data(state), grids(state))  # the packs named by the public pack field
        score = FRAMES.get(str(me.top.get("kind", "")), _default)
        tried = self._tried(view)
        scored = [(score(me, a) - (100.0 if a in tried else 0.0), a) for a in legal]
        best = max(s for s, _ in scored)
        choice = self.rng.choice([a for s, a in scored if s == best])
        tried.add(choice)
        return choice

    def _tried(self, view: dict[str, Any]) -> set[Action]:
        """What the bot chose before in the position the view shows (the stacks and the
        procedures), so that a choice undone (a unit taken, then put back) is not made again."""
        if self.phase != (view["turn"], view["phase"]):
            self.phase, self.tried = (view["turn"], view["phase"]), {}
        key = json.dumps([view["stack"], view["field"], view["inside"]], sort_keys=True)
        return self.tried.setdefault(key, set())


def make_scripted(game: Any, seed: int) -> ScriptedBot:
    return ScriptedBot(seed)
