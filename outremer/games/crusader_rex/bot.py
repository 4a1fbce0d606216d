"""The scripted Crusader Rex bot: greedy, legal and not stupid.

It reads only its role's view (the board as that side sees it, its hand, the legal actions), never
the hidden state. Its judgement is a rough force estimate: a block's power is its expected hits per
round (strength x firepower / 6); an enemy block it cannot see counts as an average block. It
attacks where it has good odds, keeps garrisons in its castles and victory cities, fights on when
ahead and retreats when badly behind.
"""

from __future__ import annotations

import random
from typing import Any

from ...engine.game import Action
from .board import enemy
from .common import BOARD, TOWNS

HIDDEN_POWER = 1.3  # an unseen enemy block: about 3 steps at firepower 2-3
GOOD_ODDS = 1.5


def power(b: dict[str, Any]) -> float:
    if "steps" not in b:
        return HIDDEN_POWER
    return b["steps"] * int(b["combat"][1]) / 6


class ScriptedBot:
    """Greedy heuristics over the legal actions (see the module docstring)."""

    name = "scripted"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, game: Any, state: Any, role: str) -> Action:
        view = game.view(state, role)
        legal = [tuple(a["action"]) for a in view["legal_actions"]]
        if not legal:
            raise ValueError(f"{role} has no legal action")
        if len(legal) == 1:
            return legal[0]
        board = _Board(view, role)
        scored = [(self._score(board, view, role, a), i, a) for i, a in enumerate(legal)]
        best = max(s for s, _, _ in scored)
        top = [a for s, _, a in scored if s >= best - 1e-9]
        return top[self.rng.randrange(len(top))]

    # -- scoring ---------------------------------------------------------------------------------
    def _score(self, board: _Board, view: dict[str, Any], role: str, a: Action) -> float:
        verb = a[0]
        handler = getattr(self, f"_s_{verb}", None)
        if handler is not None:
            return float(handler(board, view, role, a))
        return 0.0

    # deployment: keep the printed set-up
    def _s_done(self, board, view, role, a):
        return 1.0

    def _s_end(self, board, view, role, a):
        return 0.0

    # cards
    def _s_card(self, board, view, role, a):
        card = a[1]
        info = BOARD.cards[card]
        if info.kind == "move":
            value = info.moves + (0.3 if board.targets() else 0.0)
            if card == "winter_campaign" and view["winter_turn"]:
                value += 1.0 if board.my_sieges() else 0.0
            return value
        if card == "manna":
            return 0.8 * min(3, board.damaged())
        if card in ("guide", "jihad"):
            return 2.2 if board.targets() else 0.5
        if card == "assassins":
            return 1.5
        return 1.8  # intrigue

    # movement
    def _s_group(self, board, view, role, a):
        return board.group_value(a[1])

    def _s_muster(self, board, view, role, a):
        town = a[1]
        return 0.6 + board.threat(town) * 0.5 if board.threat(town) > 0 else 0.1

    def _s_step(self, board, view, role, a):
        return board.step_value(a[1], a[2], view)

    def _s_sea(self, board, view, role, a):
        block, port = a[1], a[2]
        here = board.town_of(block)
        if here in ("England", "France"):
            return 2.0 + (1.0 if TOWNS[port].victory else 0.0) + board.threat(port) * 0.3
        if board.enemy_power(port) > 0:
            return board.attack_value(port, board.block_power(block)) - 0.5
        return board.threat(port) * 0.4 - board.leave_cost(here, block)

    def _s_enter(self, board, view, role, a):
        town = a[2]
        return 2.0 + (board.attack_value(town, 2.0) if board.enemy_power(town) else 0.5)

    def _s_campaign(self, board, view, role, a):
        return 3.0

    # events
    def _s_town(self, board, view, role, a):
        return board.enemy_power(a[1]) + (2.0 if TOWNS.get(a[1]) and TOWNS[a[1]].victory else 0.0)

    def _s_block(self, board, view, role, a):
        return 1.0 + board.block_power(a[1])

    # deployment of the Saracens
    def _s_swap(self, board, view, role, a):
        return 0.0

    def _s_seat(self, board, view, role, a):
        return -1.0

    # draws and winter
    def _s_place(self, board, view, role, a):
        town = a[1]
        return 1.0 + board.threat(town) + (1.0 if TOWNS[town].victory else 0.0)

    def _s_disband(self, board, view, role, a):
        return -board.block_power(a[1])

    def _s_replace(self, board, view, role, a):
        return 1.0 + board.threat(board.town_of(a[1]))

    # combat
    def _s_battle(self, board, view, role, a):
        return board.enemy_power(a[1])

    def _s_fire(self, board, view, role, a):
        return 1.0

    def _s_charge(self, board, view, role, a):
        b = board.blocks.get(a[1])
        return 1.2 if b is not None and b.get("steps", 0) >= 2 else 0.5

    def _s_harry(self, board, view, role, a):
        return 0.9 if board.losing_at(board.town_of(a[1])) else 0.3

    def _s_retreat(self, board, view, role, a):
        here = board.town_of(a[1])
        return 1.5 if board.losing_at(here, factor=0.5) else -1.0

    def _s_withdraw(self, board, view, role, a):
        here = board.town_of(a[1])
        return 1.4 if board.losing_at(here, factor=0.7) else -0.5

    def _s_field(self, board, view, role, a):
        here = board.town_of(a[1])
        return 1.0 if not board.losing_at(here, factor=1.0) else -0.5

    def _s_castle(self, board, view, role, a):
        here = board.town_of(a[1])
        return 1.0 if board.losing_at(here, factor=1.0) else -0.5

    def _s_storm(self, board, view, role, a):
        here = board.town_of(a[1])
        return 1.0 if not board.losing_at(here, factor=2.0) else -0.5

    def _s_sally(self, board, view, role, a):
        here = board.town_of(a[1])
        return 0.8 if not board.losing_at(here, factor=1.2) else -1.0

    def _s_stay(self, board, view, role, a):
        return 1.0

    def _s_leave(self, board, view, role, a):
        return 0.2

    def _s_regroup(self, board, view, role, a):
        return board.threat(a[2]) * 0.3 - 0.2

    def _s_hit(self, board, view, role, a):
        return -board.block_power(a[1])


class _Board:
    """The role's view digested: blocks by town, force estimates."""

    def __init__(self, view: dict[str, Any], role: str):
        self.role = role
        self.foe = enemy(role)
        self.blocks: dict[str, dict[str, Any]] = {}
        self.where: dict[str, str] = {}
        self.mine: dict[str, float] = {}
        self.theirs: dict[str, float] = {}
        self.count: dict[str, int] = {}
        for town, spot in view["towns"].items():
            for area in ("field", "castle"):
                for b in spot[area]:
                    if b["side"] == role:
                        self.blocks[b["id"]] = b
                        self.where[b["id"]] = town
                        self.mine[town] = self.mine.get(town, 0.0) + power(b)
                        self.count[town] = self.count.get(town, 0) + 1
                    elif b["side"] == self.foe:
                        self.theirs[town] = self.theirs.get(town, 0.0) + power(b)
        for box, bs in view["staging"].items():
            for b in bs:
                if b.get("side") == role and "id" in b:
                    self.blocks[b["id"]] = b
                    self.where[b["id"]] = box
        self.moved_power: dict[str, float] = {}

    def town_of(self, block: str) -> str:
        return self.where.get(block, "")

    def block_power(self, block: str) -> float:
        b = self.blocks.get(block)
        return power(b) if b else 1.0

    def enemy_power(self, town: str) -> float:
        return self.theirs.get(town, 0.0)

    def damaged(self) -> int:
        return sum(1 for b in self.blocks.values() if b.get("steps", 0) < b.get("max_steps", 0))

    def threat(self, town: str) -> float:
        """Enemy power next to ``town``."""
        if town not in BOARD.adjacent:
            return 0.0
        return sum(self.theirs.get(n, 0.0) for n, _ in BOARD.adjacent[town])

    def my_sieges(self) -> bool:
        return any(t in self.theirs for t in self.mine)

    def targets(self) -> list[str]:
        """Enemy towns next to our forces that we outnumber."""
        out = []
        for town, mine in self.mine.items():
            for n, _ in BOARD.adjacent.get(town, ()):
                if n in TOWNS and (self.theirs.get(n, 0.0) * GOOD_ODDS < mine or _vacant_enemy(self, n)):
                    out.append(n)
        return out

    def losing_at(self, town: str, factor: float = 1.0) -> bool:
        return self.mine.get(town, 0.0) < self.theirs.get(town, 0.0) * factor

    def attack_value(self, town: str, extra: float) -> float:
        mine = self.mine.get(town, 0.0) + extra
        theirs = self.theirs.get(town, 0.0)
        if theirs == 0:
            return 1.0
        ratio = mine / theirs
        bonus = 1.5 if TOWNS[town].victory else 0.5
        return (ratio - GOOD_ODDS) + bonus if ratio >= GOOD_ODDS else ratio - GOOD_ODDS - 1.0

    def leave_cost(self, town: str, block: str) -> float:
        """Leaving ``town`` unguarded where the enemy is near costs."""
        if town not in TOWNS:
            return 0.0
        left = self.count.get(town, 0) - 1
        t = TOWNS[town]
        if left <= 0 and self.threat(town) > 0:
            return 2.0 + (2.0 if t.victory else 0.0) + t.rating * 0.3
        return 0.0

    def group_value(self, town: str) -> float:
        best = 0.0
        power_here = self.mine.get(town, 0.0)
        for n, _ in BOARD.adjacent.get(town, ()):
            if n not in TOWNS or TOWNS[n].no_entry:
                continue
            if self.theirs.get(n):
                best = max(best, self.attack_value(n, power_here * 0.7))
            elif _vacant_enemy(self, n):
                best = max(best, 1.0 + (2.0 if TOWNS[n].victory else 0.3))
        return best

    def step_value(self, block: str, town: str, view: dict[str, Any]) -> float:
        src = self.where.get(block, "")
        p = self.block_power(block)
        cost = self.leave_cost(src, block) if src in TOWNS else 0.0
        if self.theirs.get(town):
            committed = self.moved_power.get(town, 0.0)
            return self.attack_value(town, p + committed) - cost
        if _vacant_enemy(self, town):
            return 1.0 + (2.5 if TOWNS[town].victory else 0.4 * TOWNS[town].rating) - cost
        # moving through friendly country: towards the enemy
        return 0.3 * (self.threat(town) > 0) - cost - 0.1


def _vacant_enemy(board: _Board, town: str) -> bool:
    t = TOWNS.get(town)
    return (
        t is not None
        and not t.no_entry
        and t.side == board.foe
        and town not in board.theirs
        and town not in board.mine
    )


def make_scripted(game: Any, seed: int) -> ScriptedBot:
    return ScriptedBot(seed)
