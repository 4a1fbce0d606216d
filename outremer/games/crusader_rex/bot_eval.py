"""Position judgement for the scripted Crusader Rex bot (``bot.py``).

Everything here reads a role's view (``game.view(state, role)``) and the public data pack, never the
state. Force is estimated Lanchester-fashion: a stack is (F, S) with F its expected hits per round
(sum of strength x firepower / 6, 6.3) and S its steps (2.11); stack A beats stack B with odds
about (Fa*Sa) / (Fb*Sb). A castle doubles its defenders' steps (6.54 double defense) but holds only
``rating`` blocks (6.52). An enemy block the role cannot see counts as an average block of its side.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from .board import FRANKS, SARACENS, enemy
from .common import BLOCKS, BOARD, TOWNS

# -- static tables -----------------------------------------------------------------------------
TOWN_ADJ: dict[str, list[tuple[str, str]]] = {
    t: [(n, r) for n, r in BOARD.adjacent[t] if n in TOWNS and not TOWNS[n].no_entry]
    for t in TOWNS
    if not TOWNS[t].no_entry
}
VICTORY = frozenset(BOARD.victory_cities)


def _all_distances() -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for start in TOWN_ADJ:
        dist = {start: 0}
        queue = deque([start])
        while queue:
            t = queue.popleft()
            for n, _ in TOWN_ADJ[t]:
                if n not in dist:
                    dist[n] = dist[t] + 1
                    queue.append(n)
        out[start] = dist
    return out


DIST = _all_distances()
ROAD_LIMIT = {r.key: BOARD.road_limit.get(r.kind, 2) for r in BOARD.roads.values()}

# An unseen enemy block: its side's average (Franks: B2-B3, Saracens: B2 with some C1/A1).
HIDDEN = {FRANKS: (2.8 * 2.5 / 6, 2.8), SARACENS: (3.0 * 2.1 / 6, 3.0)}
THREAT_WEIGHT = {1: 1.0, 2: 0.6, 3: 0.25}
FAR = 9  # the distance of a victory city too far to steer by (objective_distance)
STEP_VALUE = 0.45  # one step of a block, in victory-city-tenths


def town_value(town: str, side: str) -> float:
    """What holding ``town`` is worth to ``side`` (1.2: victory cities above all)."""
    t = TOWNS[town]
    if town in VICTORY:
        return 10.0
    base = 0.6 + 0.45 * t.rating
    return base if t.side == side else 0.4 + 0.2 * t.rating


def win_odds(fa: float, sa: float, fd: float, sd: float) -> float:
    """Chance that stack (fa, sa) beats stack (fd, sd) (Lanchester square, smoothed)."""
    if fd <= 0 or sd <= 0:
        return 0.97
    if fa <= 0 or sa <= 0:
        return 0.0
    r = (fa * sa) / (fd * sd)
    r = r**1.3
    return r / (1.0 + r)


def block_fs(b: dict[str, Any]) -> tuple[float, float]:
    if "steps" not in b:
        return HIDDEN[b["side"]]
    return b["steps"] * int(b["combat"][1]) / 6, float(b["steps"])


def block_worth(b: dict[str, Any]) -> float:
    """How much a block of ours matters: strength, firepower, and whether it can ever come back."""
    steps = b.get("steps", 2)
    fp = int(b.get("combat", "B2")[1])
    info = BLOCKS.get(b.get("id", ""))
    perm = 1.5 if info is not None and info.permanent else 0.0
    return steps * (0.6 + 0.35 * fp) + perm


class Digest:
    """A role's view, digested: stacks by town, threats, distances to objectives."""

    def __init__(self, view: dict[str, Any], role: str):
        self.view = view
        self.role = role
        self.foe = enemy(role)
        self.year: int = view["year"]
        self.turn: int = view["turn"]
        self.winter: bool = bool(view.get("winter_turn"))
        self.p1 = view.get("player1")
        self.blocks: dict[str, dict[str, Any]] = {}
        self.where: dict[str, str] = {}
        self.mine: dict[str, list[dict[str, Any]]] = {}
        self.my_castle: dict[str, int] = {}
        self.foe_field: dict[str, list[dict[str, Any]]] = {}
        self.foe_castle: dict[str, list[dict[str, Any]]] = {}
        for town, spot in view["towns"].items():
            if town not in TOWNS or TOWNS[town].no_entry:
                continue
            for area in ("field", "castle"):
                for b in spot[area]:
                    side = b["side"]
                    if side == role:
                        b = dict(b)
                        b["in_castle"] = area == "castle"
                        self.blocks[b["id"]] = b
                        self.where[b["id"]] = town
                        self.mine.setdefault(town, []).append(b)
                        if area == "castle":
                            self.my_castle[town] = self.my_castle.get(town, 0) + 1
                    elif side == self.foe:
                        (self.foe_field if area == "field" else self.foe_castle).setdefault(town, []).append(
                            b
                        )
        self.staged: dict[str, list[dict[str, Any]]] = {}
        for box, bs in view["staging"].items():
            for b in bs:
                if b.get("side") == role and "id" in b:
                    self.blocks[b["id"]] = b
                    self.where[b["id"]] = box
                    self.staged.setdefault(box, []).append(b)
        self.foe_towns = set(self.foe_field) | set(self.foe_castle)
        self.foe_fs: dict[str, tuple[float, float]] = {}
        for town in sorted(self.foe_towns):  # a fixed order of summing, the same in every process
            f = s = 0.0
            for b in self.foe_field.get(town, []) + self.foe_castle.get(town, []):
                bf, bs_ = block_fs(b)
                f += bf
                s += bs_
            self.foe_fs[town] = (f, s)
        self._threat: dict[str, tuple[float, float]] = {}
        self._objective: dict[str, int] = {}
        self._foe_vcs: list[str] | None = None
        vc = view.get("victory_cities") or {}
        self.my_vc = int(vc.get(role, 0))
        self.foe_vc = int(vc.get(self.foe, 0))

    # -- stacks --------------------------------------------------------------------------------
    def my_fs(self, town: str, exclude: frozenset[str] | set[str] = frozenset()) -> tuple[float, float]:
        f = s = 0.0
        for b in self.mine.get(town, ()):
            if b["id"] in exclude:
                continue
            bf, bs = block_fs(b)
            f += bf
            s += bs
        return f, s

    def foe_count(self, town: str) -> int:
        return len(self.foe_field.get(town, ())) + len(self.foe_castle.get(town, ()))

    def holder(self, town: str) -> str:
        """Who holds ``town`` for victory and control as the view shows it (1.12, 1.2)."""
        if self.foe_castle.get(town):
            return self.foe
        if self.my_castle.get(town):
            return self.role
        if self.mine.get(town) and not self.foe_field.get(town):
            return self.role
        if self.foe_field.get(town) and not self.mine.get(town):
            return self.foe
        return TOWNS[town].side

    def threat(self, town: str, ignore: str = "") -> tuple[float, float]:
        """Enemy force that could reach ``town`` next turn, weighted by distance (the enemy at
        ``ignore``, a town we are attacking, left out)."""
        got = self._threat.get(town) if not ignore else None
        if got is not None:
            return got
        f = s = 0.0
        dist = DIST.get(town, {})
        for t, (tf, ts) in self.foe_fs.items():
            if t in (town, ignore):
                continue
            d = dist.get(t)
            if d is None or d > 3:
                continue
            w = THREAT_WEIGHT[d]
            # Besieged enemy blocks cannot leave their castle.
            if self.foe_castle.get(t) and self.mine.get(t):
                continue
            f += w * tf
            s += w * ts
        got = (f, s)
        if not ignore:
            self._threat[town] = got
        return got

    # -- judgement -----------------------------------------------------------------------------
    def defence(self, town: str, f: float, s: float, n: int) -> tuple[float, float]:
        """Effective (F, S) of ``n`` blocks defending ``town``: the better of field and castle."""
        if n <= 0:
            return 0.0, 0.0
        rating = TOWNS[town].rating
        if rating <= 0:
            return f, s
        k = min(n, rating)
        cf, cs = f * k / n, 2.0 * s * k / n
        return (cf, cs) if cf * cs > f * s else (f, s)

    def risk(self, town: str, f: float, s: float, n: int, ignore: str = "") -> float:
        """Expected loss at one of our towns from the enemy nearby (town and blocks)."""
        tf, ts = self.threat(town, ignore)
        if tf <= 0:
            return 0.0
        held_value = town_value(town, self.role) if TOWNS[town].side == self.role or town in VICTORY else 0.3
        if n <= 0:
            # Empty: it matters only if it is ours to lose (a vacant town of our kingdom is ours).
            if TOWNS[town].side != self.role and town not in VICTORY:
                return 0.0
            return held_value * min(1.0, tf / 2) * (0.9 if town in VICTORY else 0.35)
        df, ds = self.defence(town, f, s, n)
        p = win_odds(tf, ts, df, ds)
        return 0.55 * p * (held_value + STEP_VALUE * s * 0.3)

    def attack(self, town: str, f: float, s: float, n: int, response: bool) -> float:
        """Value of attacking ``town`` with (f, s) of ours (n blocks)."""
        ef, es = self.foe_fs.get(town, (0.0, 0.0))
        ne = self.foe_count(town)
        if response and self.p1 == self.role:
            # Player 2 may answer with blocks next door (6.42).
            for nb, _ in TOWN_ADJ.get(town, ()):
                if nb in self.foe_fs and not (self.foe_castle.get(nb) and self.mine.get(nb)):
                    af, as_ = self.foe_fs[nb]
                    ef += 0.35 * af
                    es += 0.35 * as_
        if ne == 0:
            return town_value(town, self.role) if self.holder(town) != self.role else 0.0
        df, ds = self.defence(town, ef, es, ne)
        castle = (df, ds) != (ef, es)
        p = win_odds(f, s, df, ds)
        take = town_value(town, self.role) if self.holder(town) != self.role else 0.5
        if castle:
            # A siege takes time (attrition, 6.57) and the city stays theirs meanwhile (1.2).
            take *= 0.55
            p_field = win_odds(f, s, ef * 0.5, es * 0.5)
            p = max(p, p_field * 0.8)
        # Expected steps lost by each side over at most three rounds (6.2).
        my_loss = min(s, df * min(3.0, ds / max(f, 0.1) + 0.5))
        their_loss = min(es, f * min(3.0, s / max(df, 0.1) + 0.5) * (es / ds))
        return p * take + STEP_VALUE * (their_loss - my_loss)

    def objective_distance(self, town: str) -> int:
        """Road distance from ``town`` to the nearest enemy-held victory city, at most ``FAR``
        (remembered: the digest of a view does not change)."""
        got = self._objective.get(town)
        if got is None:
            if self._foe_vcs is None:
                self._foe_vcs = [vc for vc in VICTORY if self.holder(vc) == self.foe]
            dist = DIST.get(town, {})
            got = self._objective[town] = min([FAR, *(dist.get(vc, FAR) for vc in self._foe_vcs)])
        return got


def reach(
    dg: Digest, origin: str, move: int, used: dict[str, int], *, winter: bool, muster: bool = False
) -> dict[str, list[str]]:
    """Towns one block at ``origin`` may reach with ``move`` road moves (5.0-5.2), with a path.

    Entering a town holding enemy blocks stops the block unless we hold its field (a siege we
    besiege); in winter such towns cannot be entered at all (8.1); a muster passes only through
    friendly or vacant towns (5.3). Roads full this phase (5.1) are not used.
    """
    paths: dict[str, list[str]] = {}
    frontier: list[tuple[str, list[str]]] = [(origin, [])]
    seen = {origin}
    for _ in range(move):
        nxt: list[tuple[str, list[str]]] = []
        for town, path in frontier:
            for n, road in TOWN_ADJ[town]:
                if n in seen or used.get(road, 0) >= ROAD_LIMIT[road]:
                    continue
                enemy_here = n in dg.foe_towns
                held = enemy_here and bool(dg.mine.get(n)) and not dg.foe_field.get(n)
                if enemy_here and (winter or (muster and not held)):
                    continue
                seen.add(n)
                p = [*path, n]
                paths[n] = p
                if not enemy_here or held:
                    nxt.append((n, p))
        frontier = nxt
    return paths


def road_of(a: str, b: str) -> str:
    return f"{a}|{b}" if a < b else f"{b}|{a}"
