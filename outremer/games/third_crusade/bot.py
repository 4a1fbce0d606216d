"""The scripted Third Crusade bot: legal, quick, greedy, playing for Glory and Control as the rules
score them (``Goal``, ``VictoryCheck``, ``Upkeep``, ``EndGame``).

It never reads the true state. At each decision it deals a state its role cannot tell from the true
one (``sampler.sample``: the other Armies' drawn cards, screens, face-down Orders of the other
Alliance, Objectives and sealed choices dealt anew from its own generator), so two states that
differ only in what the role cannot see give the same choice. On that sample it tries a few of the
legal actions (all of them when they are few), plays each action's own follow-up choices out a few
times (a card's parts, a March's pieces and slots: once stopping wherever it may, the other times
at random) and keeps the action whose best result scores best for its Army (:func:`worth`): its
Glory, the Glory the next upkeep is due to move (forecast.py: the Mission, the Orders left
un-executed, supply, Jerusalem, Glory icons), Control, Units on the map, tracks and gold. Against
the rules' Bot (``Solo``) it then makes that best playing's own choices, each while it is still
legal (:meth:`ScriptedBot.planned`), so that an Order is carried out as it was judged and paid for
(``Command.Order.Cost``), not judged anew at each step on another sample, where a March chosen for
its group often marched nobody. Between players it judges each step anew, the play the two-, three-
and four-player starts were tuned with: carrying the playing out there lifted the Crusaders from
50% to 58% of 640 two-player games and from 50% to 73% of 110 three-player ones, the same seeds
(docs/third-crusade/balance.md, step 26).

Orders laid face down in Planning score nothing until executed, and an Order left un-executed costs
a Glory at upkeep (``Upkeep.3``), so it plans only what its command points pay
(``Planning.Note.Cost``): Orders of action where their requirements hold on the map as it stands
and after the Orders it has placed already (``Command.Order.Requirements``; an Order that only a
March of its own would make executable is left out, as its March in Command need not go where the
sample's did), each judged by executing it at once on the sample after the Orders it has placed
already, best first while one gains, all of them tried before it gives up, as a pass is final;
then, with the points left, Reaction Orders where an enemy stands next to its pieces (tithed at
upkeep if no Battle uses them, ``Upkeep.2``); then it passes (``Planning.Pass``). When the next
upkeep is due to end the game with its Alliance ahead, winning the Final Winner's tiebreakers from
its partner counts too (``EndGame.FinalWinner``).
"""

from __future__ import annotations

import random
from typing import Any

from ...engine.game import Action
from . import evaluation, forecast, solo, upkeep
from .bot_play import act as bots_act
from .common import alliance, counts, data, enemies, has_presence
from .events import ROUNDS
from .order import ORDER
from .procedures import PROCEDURES
from .sampler import sample
from .state import CRUSADER, WIN, State

TRIED = 8
"""The most legal actions tried at one decision (the rest are left out at random)."""
FOLLOW = 16
"""The most follow-up choices of the bot's own played out after an action it tries."""
ROLLS = 2
"""How many times an action's follow-up is played out; the best counts (the bot plays it well). The
first playing is the shortest: it takes a quitting choice whenever one is offered (:data:`QUIT`),
so an Order whose follow-up may stop (a Levy and March that marches nobody) is never judged below
its bare effect; the others play the acting choices at random."""
SOLO_ROLLS = 8
""":data:`ROLLS` against the rules' Bot (``Solo``), where the best playing is also the one carried
out (:meth:`ScriptedBot.planned`): with 8, 67 wins of 240 two-player solo games, against 54 with
4 and 22 with 2 (docs/third-crusade/balance.md, step 26)."""
PLANNED = 6
"""The Orders of action tried at a time in Planning; the next ones are tried while none gains, as a
pass is final (``Planning.Pass``)."""
GLORY = 6.0
"""What one space of Glory towards the Army's side is worth, in the units of :func:`worth`."""
FORECAST = 0.8
"""How much a space of Glory the next upkeep is due to move counts, against one moved already."""
RIVAL = 3.0
"""What one step of lead over the partner on a tiebreaker of the Final Winner is worth."""
FINAL = 30.0
"""What winning the Final Winner's tiebreakers is worth when the next upkeep is due to end the game
with the Army's Alliance ahead (``VictoryCheck``, ``EndGame.2``, ``EndGame.FinalWinner``)."""
GAIN = 0.5
"""The least an Order of action must gain, executed on the sample, to be planned."""
QUIT = ("done", "end", "stop", "pass", "lose")
"""Verbs that end a choice; played last in the follow-up of an action tried."""


def worth(state: State, army: str) -> float:
    """How good ``state`` is for ``army``: a win, the Glory of its Alliance (``Goal``) and what the
    next upkeep is due to add to it (forecast.py), the Regions it Controls and the tracks they give
    (``Glossary.Control``, ``BoardSetup.4``), the Cities of its Objectives (``EndGame.2``), its
    pieces on the map, its command points and gold, and its lead over its partner on the
    tiebreakers of the Final Winner (``EndGame.FinalWinner``, evaluation.lead)."""
    side = alliance(army)
    if state.result is not None:
        return (
            1000.0
            if army in state.result["winners"]
            else (-1000.0 if side != state.result.get("alliance", side) else -200.0)
        )
    sign = 1 if side == CRUSADER else -1
    glory = sign * state.glory
    score = GLORY * glory + (50.0 if glory >= WIN else 0.0)
    holdings = forecast.holdings(state)
    due = sign * forecast.upkeep_glory(state, holdings)
    score += GLORY * FORECAST * due
    if glory + due >= WIN or (state.round == len(ROUNDS) - 1 and glory + due > 0):
        score += FINAL * evaluation.final_share(state, army, holdings)  # the next check ends it
    held = set(holdings.of(army))
    score += 1.5 * len(held)
    cards = data(state).cards.objectives
    for objective in state.objectives[army]:
        score += 1.0 * len(held & set(cards[objective].cities))
    score += 0.3 * sum(upkeep.away(state, army).values())
    t = state.tracks[army]
    score += 1.5 * t["base"] + 0.3 * t["current"] + 0.8 * t["crowns"] + 0.4 * t["supply"] + 1.0 * t["gold"]
    score += 0.5 * state.gold[army]
    return score + RIVAL * evaluation.lead(state, army, holdings)


def rolls(state: State) -> int:
    """How many playings of an action's follow-up the bot judges it by: :data:`SOLO_ROLLS` where
    an Army is the rules' Bot, else :data:`ROLLS`."""
    return SOLO_ROLLS if solo.bots(state) else ROLLS


class ScriptedBot:
    """Greedy one-step choices on a sample of the hidden facts (see the module docstring)."""

    name = "scripted"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self.pending: tuple[str, int, list[Action]] = ("", 0, [])

    def planned(self, state: State, role: str, legal: list[Action]) -> Action | None:
        """The next of the follow-up choices the best playing of the last action tried made, while
        the procedure it began is still open and that choice is legal (:meth:`try_out`); kept in
        solo games only (the module docstring)."""
        who, depth, moves = self.pending
        if who == role and moves and len(state.stack) > depth and moves[0] in legal:
            return moves.pop(0)
        self.pending = ("", 0, [])
        return None

    def choose(self, game: Any, state: State, role: str) -> Action:
        legal = [tuple(a) for a in game.legal_actions(state, role)]
        if not legal:
            raise ValueError(f"{role} has no legal action")
        follow_up = self.planned(state, role, legal)
        if follow_up is not None:
            return follow_up
        if len(legal) == 1:
            return legal[0]
        seen = sample(state, role, self.rng)
        kind = str(seen.stack[-1]["kind"]) if seen.stack else ""
        if kind == "planning":
            return self.plan(game, seen, role, legal)
        tried = legal if len(legal) <= TRIED else self.rng.sample(legal, TRIED)
        best, score, moves = legal[0], float("-inf"), []
        for action in tried:
            value, played = self.try_out(game, seen, role, action)
            value += self.rng.random() * 0.01
            if value > score:
                best, score, moves = action, value, played
        self.pending = (role, len(state.stack), moves) if solo.bots(state) else ("", 0, [])
        return best

    def try_out(self, game: Any, seen: State, role: str, action: Action) -> tuple[float, list[Action]]:
        """The worth for ``role`` of ``action`` and its own follow-up choices on the sample, the
        best of a few playings of the follow-up, and that playing's choices."""
        best, moves = float("-inf"), []
        for roll in range(rolls(seen)):
            trial = seen.copy()
            depth = len(trial.stack)
            game.perform(trial, role, action)
            played: list[Action] = []
            finished = self.follow(game, trial, role, depth, shortest=roll == 0, played=played)
            value = worth(trial, role)
            if value > best:
                best, moves = value, played
            if finished:  # nothing was left to choose: every playing is the same
                break
        return best, moves

    def follow(
        self,
        game: Any,
        trial: State,
        role: str,
        depth: int,
        shortest: bool = False,
        played: list[Action] | None = None,
    ) -> bool:
        """Play ``role``'s own choices while the procedure begun at ``depth`` asks it alone: the
        acting ones at random, or with ``shortest`` a quitting one whenever offered, each added to
        ``played``; True if it asked nothing."""
        for turn in range(FOLLOW):
            if trial.result is not None or len(trial.stack) <= depth or game.active_roles(trial) != (role,):
                return turn == 0
            legal = [tuple(a) for a in game.legal_actions(trial, role)]
            quitting = [a for a in legal if a[0] in QUIT]
            acting = [a for a in legal if a[0] not in QUIT]
            move = quitting[0] if shortest and quitting else self.rng.choice(acting or legal)
            game.perform(trial, role, move)
            if played is not None:
                played.append(move)
        return False

    def plan(self, game: Any, seen: State, role: str, legal: list[Action]) -> Action:
        """``Planning.Place``, ``Planning.Note.Cost``: the Order of action that gains most executed
        at once on the map its Orders already placed are due to make (:meth:`project`), while the
        command points they leave pay it; then a Reaction Order where an enemy stands next to the
        Army's pieces; then pass."""
        pack = data(seen)
        orders = pack.orders.orders
        side = alliance(role)
        ahead = self.project(game, seen, role)
        waiting = [
            orders[p["order"]]
            for sides in ahead.placed.values()
            for p in sides.values()
            if p["army"] == role and not p["up"]
        ]
        points = ahead.tracks[role]["current"] - sum(o.cost or 0 for o in waiting)
        places = [a for a in legal if a[0] == "order" and (orders[a[1]].cost or 0) <= points]
        acting = [a for a in places if not orders[a[1]].blank and not orders[a[1]].reaction]
        acting = [
            a
            for a in acting
            if forecast.requirements_hold(seen, a[1], a[2]) and forecast.requirements_hold(ahead, a[1], a[2])
        ]
        self.rng.shuffle(acting)
        base = worth(ahead, role) if acting else 0.0
        for start in range(0, len(acting), PLANNED):  # a pass is final (Planning.Pass): try them all
            tried = acting[start : start + PLANNED]
            gains = {a: worth(self.execute(game, ahead, role, a[1], a[2]), role) - base for a in tried}
            best = max(tried, key=lambda a: gains[a] + self.rng.random() * 0.01)
            if gains[best] >= GAIN:
                return best
        foes = set(enemies(seen, role))
        threatened = {
            r
            for r in seen.regions
            if has_presence(seen, role, r)
            and any(any(counts(seen, nb)[f] for f in foes) for nb in pack.board.neighbours(r, seen.north))
        }
        guards = [
            a
            for a in places
            if orders[a[1]].reaction and a[2] in threatened and side not in seen.placed.get(a[2], {})
        ]
        if guards:
            return max(guards, key=lambda a: (orders[a[1]].name == "Defence", self.rng.random()))
        return ("pass",) if ("pass",) in legal else legal[0]

    def project(self, game: Any, seen: State, role: str) -> State:
        """The sample with ``role``'s Orders of action placed this round executed in the order
        they were placed, each played out well (:meth:`execute`), where their requirements hold
        by then and the playing ends without another player's choice: the map the next Order is
        judged on (what its Regions hold then, the points left)."""
        orders = data(seen).orders.orders
        side = alliance(role)
        ahead = seen
        for region in list(seen.placed):
            mine = seen.placed[region].get(side)
            if mine is None or mine["army"] != role or mine["up"]:
                continue
            order = orders[mine["order"]]
            if order.blank or order.reaction or (order.cost or 0) > ahead.tracks[role]["current"]:
                continue
            if forecast.requirements_hold(ahead, order.id, region):
                done = self.execute(game, ahead, role, order.id, region, placed=True)
                if len(done.stack) <= len(ahead.stack):  # played to its end, nobody else asked
                    ahead = done
        return ahead

    def execute(
        self, game: Any, seen: State, role: str, oid: str, region: str, placed: bool = False
    ) -> State:
        """``seen`` after ``role`` executes the Order ``oid`` in ``region`` (``Command.Order``),
        placed there first unless ``placed``: the best for ``role`` of a few playings of its
        choices at random."""
        best, score = seen, float("-inf")
        for roll in range(rolls(seen)):
            trial = seen.copy()
            depth = len(trial.stack)
            if not placed:
                trial.placed.setdefault(region, {})[alliance(role)] = {
                    "army": role,
                    "order": oid,
                    "up": False,
                }
            PROCEDURES.push(trial, ORDER, army=role, region=region)
            PROCEDURES.settle(trial, bots_act)
            finished = self.follow(game, trial, role, depth, shortest=roll == 0)
            value = worth(trial, role)
            if value > score:
                best, score = trial, value
            if finished:
                break
        return best


def make_scripted(game: Any, seed: int) -> ScriptedBot:
    """The ``scripted`` bot of ``ThirdCrusade.bots()``."""
    return ScriptedBot(seed)
