"""The scripted Four Powers bot: legal, quick, and playing for Victory Points (``Victory``).

It reads only its role's view (``game.view``: the board, the columns, every faction's public
stock, its own Gold, Faith and hand, the procedures under way with other roles' sealed choices
masked) and the shipped rules data (the data pack of the game: card, City and track values);
never the hidden parts of the state. Each decision is a greedy choice over the legal actions:

- the draft (``Draft.2-4``) and the cards put back (``EndCrusade.4``): keep the cards worth most
  to the faction (an affiliated action effect, Strength, Benefits, a low Cost);
- the turn (``Round.3``): each column's worth for the card against its Cost (``Development.1``,
  ``Movement.1``), a discard when nothing is worth its price;
- Presence: raise toward the control level where the income and the City Control marker repay
  the Gold, Support where a Battle is likely; Development: the building of best value, minding
  the starred spaces (``Victory.1``) and the sets (``Victory.3``); Movement: Support to where it
  outnumbers an opponent, then recruiting; Income: a provision from the faction's table;
- Conflicts: start one when the side's expected Strength is higher (each participant scores,
  ``Victory.1``), accept an invitation unless the side is hopeless, lay the best card or the
  Bluff, commit Units and Faith when the fight can be won, reroll blank dice, take Wounds on the
  cheapest Units, buy back the dear ones.
"""

from __future__ import annotations

import math
import random
from typing import Any

from ...engine import graphs
from ...engine.game import Action
from .common import data
from .pack import ActionCard, Pack
from .state import BLUFF, FAITH, STRENGTH

VP = 3.5
"""What a Victory Point is worth in Gold, for comparing actions."""

DIE_STRENGTH = 0.5
"""A die's expected Strength on the shipped die (``Battle.10``), for the estimates."""

LEADER_WEIGHT = 1.0
"""How much of a VP a Conflict hands the faction ahead of every other counts against it, with three
or four players (:meth:`Seat.fight_value`; docs/four-powers/balance.md, eighteenth pass)."""

TASTES: dict[str, Any] = {
    "provision": ("faith", "faith"),
    "margin": 0.0,
    "siege": 6.0,
    "keep": 2,
    "approach": 0.5,
    "reach": 1,
    "gang": 1.0,
    "stand": {3: 2.0, 4: 2.0},
}
"""What every faction's bot shares: its provision (Income.2, R14; 2 Faith was each faction's best
of the six over 800 four-player games: Faith adds to a Battle's Strength and takes no Wounds;
docs/four-powers/balance.md), how bold it is in starting Conflicts (a margin of expected
Strength), how much more it asks before it starts a Siege (the Strength on top; a Siege scores
the defender as much as the attacker, Victory.1, Siege.11), the Gold it keeps, whether the Movement
column counts a Conflict one step away (``reach``: the Support moves there and the turn starts it,
Movement.2-4), how much a step toward a Conflict further off keeps of its worth (``approach``,
per step still to go), ``gang``: the Strength of odds it gives away to join a Battle against
the faction ahead of every other on the Victory track, whose invitations it declines (0: it treats
every faction alike; Battle.2-5, Battle.12), and ``stand``: by the number of players, defending a
Battle against a faction with at least its VP, the margin by which it reckons the attacker commits
above the defending side's public most (Battle.7-8: closed hands), so that it lays a card and
commits its Units where it used to give up against the attacker's most (a count not listed: it
always reads the most; :meth:`Seat.stands`). Without it the Defender of a lone Support laid the
Bluff and no Unit in most Battles and the three-player Crusaders won about half the games; with
two players it widened the Seljuk's lead, so it is off there (docs/four-powers/balance.md, the
tenth pass)."""

PRIORITIES: dict[str, dict[str, Any]] = {
    role: {**TASTES, "recruit": recruit}
    for role, recruit in (
        ("Crusaders", ("knight", "footman")),
        ("Byzantines", ("footman", "knight")),
        ("Caliphate", ("knight", "footman")),
        ("Seljuk", ("footman", "knight")),
    )
}
"""Each faction's tastes: the shared :data:`TASTES` and what it recruits first (Movement.3)."""

BENEFIT = {"gold": 1.0, "faith": 1.0, "footman": 1.0, "tower": 1.6, "knight": 2.6}
"""What a Benefit or a provision is worth, in Gold."""

EFFECT_WORTH = {
    "gain": 0.0,  # counted from its parameters
    "swap_up": 3.0,
    "push_down": 2.0,
    "footmen_per_adjacent_support": 1.5,
    "free_support": 1.5,
    "free_move": 1.0,
    "upgrade": 2.0,
    "faith_per_church": 1.0,
    "gold_per_city": 1.0,
}
"""The rough worth of an action effect (``Actions.3``) in Gold."""

WOUND_ORDER = {"footman": 0, "tower": 1, "knight": 2, "support": 3}
"""The cheapest losses first (``Battle.13``)."""


class ScriptedBot:
    """Greedy choices over the legal actions (see the module docstring)."""

    name = "scripted"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self.moves = 0  # Support moves made in the Movement under way
        self.moved_key: Any = None

    # -- entry -------------------------------------------------------------------------------------
    def choose(self, game: Any, state: Any, role: str) -> Action:
        view = game.view(state, role)
        legal = [tuple(a) for a in view["legal"]]
        if not legal:
            raise ValueError(f"{role} has no legal action")
        if len(legal) == 1:
            return legal[0]
        pack = data(state)  # the rules data the game is played with (public)
        me = Seat(view, role, pack)
        kind = str(me.top.get("kind", ""))
        handler = FRAMES.get(kind.removeprefix("battle_").removeprefix("siege_"))
        choice = handler(self, me, legal) if handler else None
        if choice is None or choice not in legal:
            choice = self.rng.choice(legal)
        return choice

    # -- cards -------------------------------------------------------------------------------------
    def keep(self, me: Seat, legal: list[Action]) -> Action:
        """The draft (``Draft.2-4``): the card worth most to this faction."""
        return max(legal, key=lambda a: me.card_worth(a[1]))

    def bottom(self, me: Seat, legal: list[Action]) -> Action:
        """``EndCrusade.4``: the card worth least goes back."""
        return min(legal, key=lambda a: me.card_worth(a[1]))

    # -- the turn ----------------------------------------------------------------------------------
    def turn(self, me: Seat, legal: list[Action]) -> Action:
        """``Round.3``: the column whose action repays the card and its Cost best."""
        best, score = None, -1e9
        for a in legal:
            c = a[1]
            keep_worth = 0.35 * me.card_worth(c)
            if a[0] == "discard":
                value = -keep_worth - 0.5
            else:
                value = me.column_worth(c, a[2]) - keep_worth
            value += self.rng.random() * 0.05
            if value > score:
                best, score = a, value
        return best or legal[0]

    # -- Presence ----------------------------------------------------------------------------------
    def presence(self, me: Seat, legal: list[Action]) -> Action:
        if ("effect",) in legal and me.effect_wanted():
            return ("effect",)
        frame = me.top
        best, score = None, 0.4
        for a in legal:
            if a[0] == "influence":
                value = me.influence_worth(a[1], a[2], frame)
            elif a[0] == "support":
                value = me.support_worth(a[1])
            else:
                continue
            if value > score:
                best, score = a, value
        if best is not None:
            return best
        return ("done",) if ("done",) in legal else legal[-1]

    # -- Development -------------------------------------------------------------------------------
    def develop(self, me: Seat, legal: list[Action]) -> Action:
        if ("effect",) in legal and me.effect_wanted():
            return ("effect",)
        builds = [a for a in legal if a[0] == "build"]
        if builds:
            return max(builds, key=me.build_worth)
        return ("done",) if ("done",) in legal else legal[0]

    # -- Movement and effects that move ------------------------------------------------------------
    def movement(self, me: Seat, legal: list[Action]) -> Action:
        key = (me.view["crusade"], me.view["round"], me.role, me.top.get("kind"))
        if key != self.moved_key:
            self.moved_key, self.moves = key, 0
        moves = [a for a in legal if a[0] == "move"]
        free = me.top.get("kind") == "effect"
        if moves and self.moves < 2 and (free or me.gold() > 1):
            move = me.best_move(moves)
            if move is not None:
                self.moves += 1
                return move
        recruits = [a for a in legal if a[0] == "recruit"]
        if recruits:
            points = me.top.get("points", 0)
            for kind in (*me.prio["recruit"], "footman", "knight", "tower"):
                a = ("recruit", kind)
                if a in recruits and (
                    STRENGTH[kind] <= points or me.gold() - STRENGTH[kind] >= me.keep() + 3
                ):
                    return a
        return ("done",) if ("done",) in legal else legal[-1]

    def effect_step(self, me: Seat, legal: list[Action]) -> Action:
        """A step of an action effect (``Actions.3``)."""
        verb = legal[0][0]
        steps = [a for a in legal if a[0] != "done"]
        if not steps:
            return legal[0]
        if verb == "move":
            return self.movement(me, legal)
        if verb == "support":
            return max(steps, key=lambda a: me.support_worth(a[1]))
        if verb == "upgrade":
            return max(steps, key=lambda a: me.upgrade_worth(a[1]))
        if verb == "swap":
            return max(steps, key=lambda a: me.rise_worth(a[1]))
        if verb == "push":
            return max(steps, key=lambda a: me.push_worth(a[1], a[2]))
        if verb == "city":
            return max(steps, key=lambda a: me.adjacent_support(a[1]))
        return steps[0]

    # -- Income ------------------------------------------------------------------------------------
    def provision(self, me: Seat, legal: list[Action]) -> Action:
        if me.gold() < 3 and ("provision", "gold", "gold") in legal:
            return ("provision", "gold", "gold")
        want = sorted(me.prio["provision"])
        for a in legal:  # the same two markers, in whatever order the action names them
            if a[0] == "provision" and sorted(a[1:]) == want:
                return a
        return legal[0]

    # -- Conflicts ---------------------------------------------------------------------------------
    def conflicts(self, me: Seat, legal: list[Action]) -> Action:
        best, score = None, me.prio["margin"] - 2.0
        for a in legal:
            if a[0] == "battle":
                edge = me.battle_edge(a[1], a[2])
            elif a[0] == "siege":
                edge = me.siege_edge(a[1]) + 0.5
            else:
                continue
            if edge > score:
                best, score = a, edge
        return best or ("end",)

    def reinforce(self, me: Seat, legal: list[Action]) -> Action:
        sources = [a for a in legal if a[0] == "reinforce"]
        if sources and me.gold() > 1:
            return sources[0]
        return ("done",)

    def invite(self, me: Seat, legal: list[Action]) -> Action:
        roles = [a for a in legal if a[0] == "invite"]
        if not roles:
            return ("alone",)
        return max(roles, key=lambda a: me.force(a[1], me.conflict()["location"], me.is_siege()))

    def answer(self, me: Seat, legal: list[Action]) -> Action:
        conflict = me.conflict()
        side = me.top["side"]
        loc, siege = conflict["location"], me.is_siege()
        friends = [conflict[side], me.role]
        foes = [conflict["defender" if side == "attacker" else "attacker"]]
        ally = conflict["allies"].get("defender" if side == "attacker" else "attacker")
        if ally:
            foes.append(ally)
        ours = sum(me.force(r, loc, siege) for r in friends)
        theirs = sum(me.force(r, loc, siege) for r in foes)
        if me.prio["gang"] and me.leads(conflict[side]):
            return ("decline",)
        bold = me.prio["gang"] if me.leads(foes[0]) else 0.0
        return ("accept",) if ours + 2 + bold >= theirs * 0.5 else ("decline",)

    def commit_card(self, me: Seat, legal: list[Action]) -> Action:
        cards = [a for a in legal if a[1] != BLUFF]
        edge = me.current_edge()
        if not cards or (edge < -6 and not me.stands() and ("commit_card", BLUFF) in legal):
            return ("commit_card", BLUFF)
        if edge > 6 and ("commit_card", BLUFF) in legal and self.rng.random() < 0.5:
            return ("commit_card", BLUFF)
        return max(cards, key=lambda a: me.fight_worth(a[1]))

    def commit(self, me: Seat, legal: list[Action]) -> Action:
        """``Battle.8``: enough Units and Faith to win when the fight can be won."""
        edge = me.current_edge()
        units = [a for a in legal if a[3] == 0]
        strongest = max(units, key=lambda a: a[1] + a[2] * (2 if me.is_siege() else 3))
        big = 2 if me.is_siege() else 3
        most = strongest[1] + strongest[2] * big
        faith = max(a[3] for a in legal)
        leader = me.role in (me.conflict()["attacker"], me.conflict()["defender"])
        hopeless = edge + most + faith < -2 or (not leader and edge + most < -4)
        if hopeless and not me.stands():
            return ("commit", 0, 0, 0)
        need = max(0.0, 2.0 - edge)
        # the cheapest Units reaching the need, then Faith for the rest
        best, best_key = None, None
        for a in legal:
            s = a[1] + a[2] * big + a[3]
            short = max(0.0, need - s)
            cost = a[1] + a[2] * big + 1.5 * a[3]
            k = (short, cost)
            if best_key is None or k < best_key:
                best, best_key = a, k
        return best or ("commit", 0, 0, 0)

    def add_card(self, me: Seat, legal: list[Action]) -> Action:
        cards = [a for a in legal if a[0] == "add_card" and a[1] != BLUFF]
        if cards and me.current_edge() < 4:
            return max(cards, key=lambda a: me.fight_worth(a[1]))
        return ("no_card",) if ("no_card",) in legal else legal[0]

    def reroll(self, me: Seat, legal: list[Action]) -> Action:
        dice = me.conflict().get("dice", {}).get(me.role, [])
        faces = me.pack.die
        worst, worth = None, 0.9
        for a in legal:
            if a[0] == "reroll" and a[1] < len(dice):
                f = faces[dice[a[1]]]
                value = f.strength + 0.6 * f.wounds
                if value < worth:
                    worst, worth = a, value
        return worst or ("done",)

    def wound(self, me: Seat, legal: list[Action]) -> Action:
        return min(legal, key=lambda a: (WOUND_ORDER.get(a[2], 9), a[1] == me.role))

    def buy_back(self, me: Seat, legal: list[Action]) -> Action:
        for a in sorted((a for a in legal if a[0] == "buy_back"), key=lambda a: -STRENGTH.get(a[1], 0)):
            if me.gold() - 1 >= (1 if STRENGTH.get(a[1], 1) > 1 else me.keep()):
                return a
        return ("done",)

    def spoils(self, me: Seat, legal: list[Action]) -> Action:
        return ("take",) if ("take",) in legal else legal[0]


FRAMES = {
    "draft": ScriptedBot.keep,
    "end_crusade": ScriptedBot.bottom,
    "turn": ScriptedBot.turn,
    "presence": ScriptedBot.presence,
    "development": ScriptedBot.develop,
    "movement": ScriptedBot.movement,
    "effect": ScriptedBot.effect_step,
    "income": ScriptedBot.provision,
    "conflicts": ScriptedBot.conflicts,
    "reinforce": ScriptedBot.reinforce,
    "invite": ScriptedBot.invite,
    "answer": ScriptedBot.answer,
    "card": ScriptedBot.commit_card,
    "commit": ScriptedBot.commit,
    "extra": ScriptedBot.add_card,
    "reroll": ScriptedBot.reroll,
    "wound": ScriptedBot.wound,
    "buy_back": ScriptedBot.buy_back,
    "spoils": ScriptedBot.spoils,
}
"""The handler of a decision, by the kind of the procedure asking (a Conflict's windows without
their ``battle_``/``siege_`` prefix); any other decision is a random legal action."""


class Seat:
    """One role's reading of its view: the estimates the handlers share."""

    def __init__(self, view: dict[str, Any], role: str, pack: Pack):
        self.view = view
        self.role = role
        self.pack = pack
        self.prio = PRIORITIES[role]
        self.mine = view["factions"][role]
        frames = view["procedures"]
        self.top: dict[str, Any] = frames[-1] if frames else {}
        self.second = view["crusade"] == 2

    def leads(self, role: str) -> bool:
        """Whether ``role`` is another faction with more VP than every other faction (public)."""
        vp = {r: f["vp"] for r, f in self.view["factions"].items()}
        return role != self.role and all(vp[role] > v for r, v in vp.items() if r != role)

    # -- money -------------------------------------------------------------------------------------
    def gold(self) -> int:
        return int(self.mine["gold"] or 0) + int(self.mine["faith"] or 0)

    def keep(self) -> int:
        return int(self.prio["keep"])

    # -- cards -------------------------------------------------------------------------------------
    def card(self, card_id: str) -> ActionCard:
        return self.pack.bluff if card_id == BLUFF else self.pack.cards[card_id]

    def affiliated(self, c: ActionCard) -> bool:
        return c.affiliation in ("any", self.pack.factions[self.role].id, FAITH[self.role])

    def effect_worth(self, c: ActionCard) -> float:
        if c.action is None or not self.affiliated(c):
            return 0.0
        if c.action.kind == "gain":
            return sum(BENEFIT.get(k, 1.0) * n for k, n in c.action.params.items())
        return EFFECT_WORTH.get(c.action.kind, 0.5) - 0.7 * c.action.params.get("pay", 0)

    def fight_worth(self, card_id: str) -> float:
        c = self.card(card_id)
        bonus = 0.0
        if c.conflict is not None:
            bonus = 1.0 + 0.5 * c.conflict.params.get("count", 1)
        return c.strength + bonus

    def card_worth(self, card_id: str) -> float:
        c = self.card(card_id)
        return self.effect_worth(c) + 0.9 * self.fight_worth(card_id) + 0.4 * len(c.benefits) - 0.3 * c.cost

    # -- the columns -------------------------------------------------------------------------------
    def column(self, name: str) -> list[str]:
        owner = self.role if self.role in self.view["columns"] else "board"
        return list(self.view["columns"][owner][name])

    def has_influence(self) -> bool:
        return any(self.role in city["levels"] for city in self.view["cities"].values())

    def column_worth(self, card_id: str, name: str) -> float:
        """What the action on column ``name`` with ``card_id`` is worth, in Gold, its Cost paid
        (``Development.1``) or its Benefits taken (``Movement.1``); a VP is worth :data:`VP`."""
        c = self.card(card_id)
        cards = [*self.column(name), card_id]
        if name in ("development", "presence"):
            price = sum(self.card(x).cost for x in cards)
            if name == "presence" and not self.has_influence():
                price = 0
            left = self.gold() - price
            if left < 0:
                return -99.0
            effect = self.effect_worth(c)
            if name == "development":
                value = self.build_gain() if self.can_build(left) else 0.0
            else:
                value = self.control_gain(left) + (1.0 if self.mine["presence"] > 1 and left > 1 else 0.0)
            return value + effect - price
        got = 0.0
        for i, x in enumerate(cards):
            benefits = self.card(x).benefits
            for b in benefits if i == len(cards) - 1 else benefits[:1]:
                got += BENEFIT.get(b, 1.0)
        if name == "income":
            got += 2.0 + self.income()
        got *= self.thrift()
        if name == "movement":
            got += max(self.attack_worth(), self.march_worth()) - 1.0
        return got

    def thrift(self) -> float:
        """What one more Gold is worth to this role: less the more it holds already."""
        gold = self.gold()
        return 1.2 if gold < 5 else 0.8 if gold < 10 else 0.5 if gold < 16 else 0.3

    def build_gain(self) -> float:
        """The best building's worth: a star or a set scores (``Victory.1``, ``Victory.3``)."""
        best = 0.0
        for kind in ("church", "fortress", "citadel"):
            if self.mine["stock"][kind] <= 0 or (kind == "citadel" and not self.mine["control"]):
                continue
            value = 2.5
            if self.mine["tracks"][kind] + 1 in self.pack.tracks[kind].stars:
                value += VP
            if self.mine["stock"][kind] == 1:
                value += VP
            best = max(best, value)
        return best

    def control_gain(self, gold_left: int) -> float:
        """The best City Control marker within reach, less its price (``Presence.Influence.5``)."""
        best = 0.0
        for loc, city in self.view["cities"].items():
            if not city["in_play"] or city["control"] == self.role:
                continue
            costs = self.pack.cities[loc].sides[self.view["side"]].costs
            levels = city["levels"]
            if self.role not in levels and not self.near(loc):
                continue
            paid = costs[levels.index(self.role)] if self.role in levels else 0
            price = costs[-1] - paid
            if price <= gold_left:
                best = max(best, VP * (2.0 if self.view["crusade"] == 1 else 1.0) + 1.0 - 0.6 * price)
        return best

    def near(self, loc: str) -> bool:
        """Whether ``loc`` is, or is next to, a City holding this role's Influence (R15)."""
        cities = self.view["cities"]
        return not self.has_influence() or any(
            n in cities and self.role in cities[n]["levels"]
            for n in self.pack.board.neighbours(loc, self.second)
        )

    def can_build(self, gold_left: int) -> bool:
        if gold_left < 0:
            return False
        stock = self.mine["stock"]
        return any(stock[k] > 0 for k in ("church", "fortress")) or (
            stock["citadel"] > 0 and bool(self.mine["control"])
        )

    def income(self) -> float:
        total = 0.0
        for loc, city in self.view["cities"].items():
            if city["in_play"] and self.role in city["levels"]:
                lvl = city["levels"].index(self.role)
                total += self.pack.cities[loc].sides[self.view["side"]].income[lvl]
        churches = sum(city["churches"].count(self.role) for city in self.view["cities"].values())
        values = self.pack.tracks["church"].values
        return total + churches * values[min(self.mine["tracks"]["church"], len(values) - 1)]

    def control_reachable(self, gold_left: int) -> bool:
        for loc, city in self.view["cities"].items():
            if not city["in_play"] or city["control"] == self.role:
                continue
            costs = self.pack.cities[loc].sides[self.view["side"]].costs
            paid = costs[city["levels"].index(self.role)] if self.role in city["levels"] else 0
            if costs[-1] - paid <= gold_left:
                return True
        return False

    # -- Presence ----------------------------------------------------------------------------------
    def effect_wanted(self) -> bool:
        card_id = self.top.get("card")
        if not card_id:
            return False
        c = self.card(card_id)
        return (
            c.action is not None and self.gold() >= c.action.params.get("pay", 0) and self.effect_worth(c) > 0
        )

    def influence_worth(self, loc: str, level: int, frame: dict[str, Any]) -> float:
        side = self.pack.cities[loc].sides[self.view["side"]]
        levels = self.view["cities"][loc]["levels"]
        cur = levels.index(self.role) if self.role in levels else None
        price = side.costs[level] - (side.costs[cur] if cur is not None else 0)
        if self.gold() - price < 0:
            return -1.0
        gain = side.income[level] - (side.income[cur] if cur is not None else 0)
        value = 2.0 * gain + (1.0 if cur is None else 0.0)
        top = len(side.costs) - 1
        if level == top and self.view["cities"][loc]["control"] != self.role:
            value += 4.0 + (1.5 if loc == "jerusalem" else 0.0)
        elif level < top:
            value += 0.5
        if levels[level] not in (None, self.role):
            value += 0.5  # pushes a rival down
        return value - 0.8 * price

    def support_worth(self, loc: str) -> float:
        support = self.view["cities"][loc]["support"]
        mine = support.get(self.role, 0)
        rivals = max((n for r, n in support.items() if r != self.role), default=0)
        if self.mine["presence"] <= 1 or self.gold() < 2:
            return 0.0
        if rivals and mine <= rivals + 1:
            return 1.3
        return 0.9 if mine == 0 else 0.2

    def rise_worth(self, loc: str) -> float:
        levels = self.view["cities"][loc]["levels"]
        if self.role not in levels:
            return 0.0
        return 2.0 + levels.index(self.role) * 2.0

    def push_worth(self, loc: str, victim: str) -> float:
        levels = self.view["cities"][loc]["levels"]
        return (levels.index(victim) if victim in levels else 0) + (
            2.0 if self.view["cities"][loc]["control"] == victim else 0.0
        )

    def adjacent_support(self, loc: str) -> int:
        cities = self.view["cities"]
        return sum(
            1
            for n in self.pack.board.neighbours(loc, self.second)
            if n in cities and cities[n]["support"].get(self.role, 0) > 0
        )

    # -- Development -------------------------------------------------------------------------------
    def upgrade_worth(self, kind: str) -> float:
        track = self.pack.tracks[kind]
        nxt = self.mine["tracks"][kind] + 1
        built = 3 - self.mine["stock"][kind]
        star = 3.0 if nxt in track.stars else 0.0
        return star + built + (0 if nxt < len(track.values) else -9)

    def build_worth(self, action: Action) -> float:
        _, kind, where = action
        value = {"church": 2.0, "fortress": 2.0, "citadel": 2.5}[kind]
        value += self.upgrade_worth(kind)
        if self.mine["stock"][kind] == 1:
            value += 2.0  # the set of three (Victory.3)
        if kind == "fortress":
            between = self.pack.board.fortress_spaces[where].between
            value += sum(self.rival_support(x) for x in between if x in self.view["cities"]) * 0.3
        if kind == "church":
            value += self.view["cities"][where]["support"].get(self.role, 0) * 0.2
        if kind == "citadel":
            value += 1.5 if where == "jerusalem" else 0.0
        return value

    def rival_support(self, loc: str) -> int:
        return sum(n for r, n in self.view["cities"][loc]["support"].items() if r != self.role)

    # -- Movement ----------------------------------------------------------------------------------
    def best_move(self, moves: list[Action]) -> Action | None:
        """A move of Support into a Region an opponent holds, where the Battle looks best
        (``Movement.2``, ``Movement.4``); none when a Conflict is open already and worth more."""
        best, score = None, self.attack_worth()
        cities = self.view["cities"]
        for a in moves:
            _, src, dst, n = a
            if dst not in cities or not cities[dst]["in_play"]:
                continue
            here = cities[src]["support"].get(self.role, 0)
            if self.rival_support(src) > 0 and n >= here:
                continue  # do not leave a Region an opponent holds
            there = cities[dst]["support"]
            mine = there.get(self.role, 0) + n
            foes = [r for r, k in there.items() if r != self.role and k > 0]
            value = -9.0
            for f in foes:
                edge = self.strength(self.role, dst, False, mine) - self.strength(f, dst, False)
                value = max(value, self.fight_value(edge, f))
            defender = self.defender_of(dst)
            if defender is not None:
                value = max(value, self.fight_value(self.siege_edge(dst, mine), defender))
            if not foes:
                value = max(value, self.approach_value(src, dst, n))
            value -= 0.3 * n
            if value > score + 0.5:
                best, score = a, value
        return best

    def approach_value(self, src: str, dst: str, n: int) -> float:
        """A step of ``n`` Support toward a Conflict further off (``Movement.2``: Support moves
        again on later steps and turns): the best such Conflict's worth, less a share for each
        step still to go and each turn of waiting; nothing if the step brings it no closer."""
        best = -9.0
        before = self.distances(src)
        for loc, far in self.distances(dst).items():
            value = self.target_value(loc, n)
            if far and far < before.get(loc, far) and value is not None:
                best = max(best, self.prio["approach"] ** far * value)
        return best

    def march_worth(self) -> float:
        """The best step toward a Conflict further off (:meth:`approach_value`), one Gold paid."""
        best = 0.0
        cities = self.view["cities"]
        for src, city in cities.items():
            n = city["support"].get(self.role, 0)
            if not city["in_play"] or n <= 0 or self.rival_support(src) > 0:
                continue
            for dst in self.pack.board.neighbours(src, self.second):
                here = self.target_value(dst, n) if self.prio["reach"] else None
                best = max(best, max(-9.0 if here is None else here, self.approach_value(src, dst, n)) - 1.0)
        return best

    def target_value(self, loc: str, n: int) -> float | None:
        """What a Conflict in ``loc`` would be worth with ``n`` more Support of this role there;
        None if there is none to start (no rival Support, nothing to besiege)."""
        city = self.view["cities"][loc]
        mine = city["support"].get(self.role, 0) + n
        value: float | None = None
        for r, k in city["support"].items():
            if r != self.role and k > 0:
                edge = self.strength(self.role, loc, False, mine) - self.strength(r, loc, False)
                value = max(-9.0 if value is None else value, self.fight_value(edge, r))
        defender = self.defender_of(loc)
        if defender is not None:
            siege = self.fight_value(self.siege_edge(loc, mine), defender)
            value = max(-9.0 if value is None else value, siege)
        return value

    def distances(self, start: str) -> dict[str, int]:
        """Steps from ``start`` to each Location in play (``Movement.2``: adjacent areas)."""
        return graphs.distances([start], lambda here: self.pack.board.neighbours(here, self.second))

    def fight_value(self, edge: float, rival: str | None = None) -> float:
        """A Conflict's worth to its attacker (``Victory.1``): 1 VP for taking part, 2 more for
        winning, the chance of winning read off the expected edge. A Conflict scores its other
        side too; with three or four players, when that side (``rival``) is ahead of every other
        faction on the Victory track, what it hands the leader counts against it at
        :data:`LEADER_WEIGHT` (the most VP wins, ``Victory``). With two players every Conflict is
        with the one rival and the bot counts its own VP only (the seventeenth pass of
        docs/four-powers/balance.md: counting the rival's there took Conflicts from the Christian
        player and widened the pairings)."""
        chance = 1 / (1 + math.exp(-edge / 2.5))
        value = VP * (1 + 2 * chance) - 2.0
        if rival is not None and len(self.view["factions"]) > 2 and self.leads(rival):
            value -= LEADER_WEIGHT * VP * (1 + 2 * (1 - chance))
        return value

    def attack_worth(self) -> float:
        """The best Conflict open to this role now, or nothing."""
        best = 0.0
        for loc, city in self.view["cities"].items():
            if not city["in_play"] or city["support"].get(self.role, 0) <= 0:
                continue
            for r, k in city["support"].items():
                if r != self.role and k > 0:
                    best = max(best, self.fight_value(self.battle_edge(loc, r), r))
            defender = self.defender_of(loc)
            if defender is not None:
                best = max(best, self.fight_value(self.siege_edge(loc), defender))
        return best

    # -- Conflicts ---------------------------------------------------------------------------------
    def strength(
        self,
        role: str,
        loc: str,
        siege: bool,
        support: int | None = None,
        defending: bool = False,
        public: bool = False,
    ) -> float:
        """The Strength ``role`` may bring to a Conflict in ``loc``, from public facts: Units up to
        its cap (``Battle.8``), its dice, its Fortresses beside the Region or its Citadel, a card;
        this role's own Faith counted unless ``public`` (as the others read it)."""
        city = self.view["cities"][loc]
        s = city["support"].get(role, 0) if support is None else support
        units = self.view["factions"][role]["units"]
        cap = 2 * s
        if siege and defending:
            cap += 4 - self.view["factions"][role]["stock"]["citadel"]
        big, per = ("tower", 2) if siege else ("knight", 3)
        b = min(units.get(big, 0), cap)
        f = min(units.get("footman", 0), cap - b)
        total = b * per + f + DIE_STRENGTH * s + 1.5
        if role == self.role and not public:
            total += min(int(self.mine["faith"] or 0), 3)
        else:
            total += 1.0
        if siege:
            if defending and city["citadel"] == role:
                total += self.track(role, "citadel")
        else:
            for space in self.pack.board.fortress_spaces_by(loc, self.second):
                if self.view["fortresses"].get(space) == role:
                    total += self.track(role, "fortress")
        return total

    def force(self, role: str, loc: str, siege: bool, defending: bool = False) -> float:
        return self.strength(role, loc, siege, defending=defending) if role in self.view["factions"] else 0.0

    def track(self, role: str, kind: str) -> int:
        values = self.pack.tracks[kind].values
        return values[min(self.view["factions"][role]["tracks"][kind], len(values) - 1)]

    def defender_of(self, loc: str) -> str | None:
        levels = self.view["cities"][loc]["levels"]
        for r in reversed(levels):
            if r is not None and r != self.role:
                return str(r)
        return None

    def battle_edge(self, loc: str, defender: str) -> float:
        return self.strength(self.role, loc, False) - self.strength(defender, loc, False)

    def siege_edge(self, loc: str, support: int | None = None) -> float:
        """The expected Strength of a Siege of ``loc`` over its defender, less the Strength this
        faction asks on top before it starts one (its ``siege`` taste)."""
        defender = self.defender_of(loc)
        if defender is None:
            return -9.0
        edge = self.strength(self.role, loc, True, support) - self.strength(
            defender, loc, True, defending=True
        )
        levels = self.view["cities"][loc]["levels"]
        return edge + (1.0 if levels[-1] == defender else 0.0) - float(self.prio["siege"])

    def stands(self) -> bool:
        """Whether this role stands in the Battle under way: it defends (as the Defender or its
        Ally), has the ``stand`` taste, and the attacker has at least as many VP (public, the
        Victory track). Then it lays its best card and commits its Units and Faith against what
        the attacker likely brings (:meth:`likely_force`) rather than giving up against the most
        the attacker could bring (``Battle.7-8``: both hands are closed). Never in a Siege."""
        conflict = self.conflict()
        if not conflict or self.is_siege() or not self.margin():
            return False
        defending = self.role in (conflict["defender"], conflict["allies"].get("defender"))
        vp = {r: f["vp"] for r, f in self.view["factions"].items()}
        return defending and vp[conflict["attacker"]] >= vp[self.role]

    def conflict(self) -> dict[str, Any]:
        for frame in reversed(self.view["procedures"]):
            if frame["kind"] in ("battle", "siege"):
                return frame
        return {}

    def is_siege(self) -> bool:
        return self.conflict().get("kind") == "siege"

    def current_edge(self) -> float:
        """The expected Strength of this role's side over the other's, before its own Units; the
        other side at its most (its Units up to their cap, ``Battle.8``) or, for a defending side
        of a bot with the ``stand`` taste, at what :meth:`likely_force` says it brings."""
        conflict = self.conflict()
        if not conflict:
            return 0.0
        siege, loc = self.is_siege(), conflict["location"]
        sides = {
            s: [conflict[s]] + ([conflict["allies"][s]] if conflict["allies"].get(s) else [])
            for s in ("attacker", "defender")
        }
        mine = "attacker" if self.role in sides["attacker"] else "defender"
        theirs = "defender" if mine == "attacker" else "attacker"
        besieged = conflict["defender"] if siege else None
        ours = sum(self.force(r, loc, siege, r == besieged) for r in sides[mine] if r != self.role)
        ours += DIE_STRENGTH * self.view["cities"][loc]["support"].get(self.role, 0) + 1.5
        most = sum(self.force(r, loc, siege, r == besieged) for r in sides[theirs])
        if self.stands():
            return ours - self.likely_force(most, sides[mine], loc, siege, besieged)
        return ours - most

    def likely_force(
        self, most: float, side: list[str], loc: str, siege: bool, besieged: str | None
    ) -> float:
        """The attacker's likely Strength (``Battle.8``): Units and Faith go in a closed hand, so
        the attacker commits against what it can see of the defending ``side``, its public most
        (every Unit up to the cap, 1 Faith, a card), with a margin on top (the ``stand`` taste: 2,
        as :meth:`ScriptedBot.commit` asks), and never more than its own ``most``."""
        public = sum(self.strength(r, loc, siege, defending=r == besieged, public=True) for r in side)
        return min(most, public + self.margin())

    def margin(self) -> float:
        """The ``stand`` taste at this game's number of players (0: none)."""
        return float(self.prio["stand"].get(len(self.view["players"]), 0.0))


def make_scripted(game: Any, seed: int) -> ScriptedBot:
    return ScriptedBot(seed)
