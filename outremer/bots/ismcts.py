"""Information-set Monte Carlo tree search: a bot for every title and every role (docs/bots.md).

The bot never looks at the hidden parts of the state it is given. Each iteration asks the title for
a *determinization*, a state the bot's role cannot tell from the real one with everything hidden
dealt anew (:meth:`Game.sample`: enemy blocks, hands, face-down choices, the random generator), and
plays it on through the contract only (``active_roles``, ``legal_actions``, ``perform``,
``outcome``, ``evaluate``):

- one tree for the information set (single-observer ISMCTS): a node is reached by a sequence of
  choices, an edge is the choice of every role that chose there (forced moves make no node).
  Legal actions differ between determinizations, so selection explores each action against the
  visits of the actions *available* with it in this determinization, not of every action ever
  seen at the node (availability counts);
- selection is PUCT, an action's mean reward plus an exploration term led by a prior: the choice
  of a *guide*, a quick bot (the title's scripted bot if it has one) asked once per node and role,
  gets half the prior, and every action an even share of the rest. So the search starts from the
  guide's plan and spends its iterations looking for better. A guide remembers its plans (a group
  move under way), so each node keeps each role's guide as it stands there, and the bot keeps its
  own role's guide in step with the real game, showing it every decision;
- roles active at the same time choose independently, each from its own statistics at the node
  (decoupled), so no role's choice sees another's face-down one; the bot's own earlier face-down
  choices and the other roles' pending ones are dealt by the sampler like any hidden information;
- chance needs nothing special: ``perform`` draws from the determinization's generator, which the
  sampler seeded anew;
- rewards are per role (one to four roles): 1 for a winner, 0 for a loser, 0.5 each in a draw,
  or as the title's :meth:`Game.evaluate` counts a finished game (no winner in a solitaire game
  is a loss).
  Where the descent adds a node, ``playout`` steps are played on by the guides (at random without
  one), then the title's :meth:`Game.evaluate` judges; a title without one is played on at random
  to the end. Each reward is counted less the evaluation of the same determinization at the root
  (a control variate against the noise of what the sampler dealt).

Where the title marks the decision a *turning point* (:meth:`Game.rollout_choices`: Crusader Rex's
choice of a card or of the next move), the bot settles it by rollouts: on each of ``rollouts``
samples it plays every action the title names (and its guide's choice, and where the title names
fewer than all legal actions the tree search's choice among all of them), then lets the guides
play on to the end of the stage (:meth:`Game.stage`, a game turn), and judges by the title's
evaluation. Every action meets the same deal and the same dice (common random numbers), so the
comparison is sharp with few samples. The best mean wins, unless the guide chose another that it
does not beat by the evidence of their paired differences (as the tree's answer, below). This is
policy improvement by rollouts: where the guides play well enough to the end of the stage, the
answer is at least as good as the guide's. Each round of samples is played from a seed of its
own, drawn before any is played (bots/rollouts.py), so with ``workers`` above 1 the rounds are
shared out between this process and a pool of others, kept for the bot's life, and the answer is
the very same as with one.

The bot answers with the most visited action, unless that is not the guide's choice and beats it
by less than the evidence of the rewards (a standard error of their difference). It stops early
once no other action can catch up in the iterations left. Its budget is a count (iterations, and
samples at a turning point), so the same seed and budget give the same answer on any machine,
however busy; time is only a safety cap (``cap``, seconds of the CPU time the decision took, so
that a busy machine does not reach it, only a search that runs away), logged when it stops a
decision. Searching by the clock instead (``time``) answers within the time given (plus one
iteration), and does not replay from its seed.
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import multiprocessing
import random
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from ..engine.errors import OutremerError
from ..engine.game import Action, Game, Role
from .base import Bot
from .rollouts import DRAW, PLAYOUT_LIMIT, TurningPoint, result, shared_copy

log = logging.getLogger("outremer.bots.ismcts")

clock = time.perf_counter
"""The wall clock of a budget by time (a test may slow it down)."""
cpu_clock = time.thread_time
"""The CPU time of the thinking thread, which the safety cap counts (a test may slow it down)."""

GUIDE_SHARE = 0.5
"""The prior is this much on the guide's choice, the rest spread evenly over every action."""
TREE_SHARE = 0.25
"""At a turning point that leaves actions out, the part of the time the tree search may take to
propose one of them; the rollouts take the rest."""
EVIDENCE = 1.0
"""How many standard errors better than the guide's choice the most visited action must be for
the bot to answer with it (:func:`_answer`)."""
SAFETY_CAP = 10.0
"""Seconds of CPU time: the most a decision may take, whatever its budget. The default budget takes
about 0.1 s a Crusader Rex decision on average and 2.2 s at the most seen (docs/bots.md); a
decision the cap stops is logged, since the game then depends on the machine's speed. CPU time,
not the wall clock: on a busy machine (many games' bots at once) a decision takes longer by the
wall clock but not in CPU time, and should not be cut short for it."""


@dataclass(frozen=True)
class Settings:
    """How hard the bot searches: ``iterations`` per decision, or ``time`` (seconds, by the clock),
    or both, whichever comes first; ``cap`` (seconds of CPU time) is a safety limit on any
    decision, logged when it stops one; ``c`` weighs exploration against the rewards seen;
    ``playout`` is the number of steps played on from a new node before it is judged
    (:meth:`Game.evaluate`); ``guide`` names the bot whose choices lead the search (``none``: no
    guide; None: the title's ``scripted`` bot, if it has one); ``rollouts`` is the number of
    samples on which every action is played out at a turning point (:meth:`Game.rollout_choices`;
    0: the tree decides there too); ``workers`` is the number of processes that play a turning
    point's samples (1: this one alone; more: this one and a pool of ``workers - 1`` others, kept
    for the bot's life), which changes the time an answer takes, never the answer. The registry
    reads them from names such as ``ismcts:iterations=200``.

    The default, 50 iterations and 8 rollouts, is a count only: the bot is deterministic for its
    seed (a game between bots replays from its seed) whatever the machine's speed, unless the cap
    stops a decision. It answers a Crusader Rex decision in about 0.1 s. The iterations were
    chosen on Crusader Rex (docs/bots.md): 200 played the Franks worse than 50, the search finding
    more of its evaluation's blind spots. A title may start its search from other settings
    (:attr:`Game.search`: Crusader Rex explores less, ``c=0.3``)."""

    iterations: int | None = 50
    time: float | None = None
    cap: float = SAFETY_CAP
    c: float = 1.0
    playout: int = 0
    guide: str | None = None
    rollouts: int = 8
    workers: int = 1

    def __post_init__(self) -> None:
        if self.iterations is None and self.time is None:
            raise ValueError("give iterations or time (or both)")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {self.iterations}")
        if self.time is not None and not self.time > 0:
            raise ValueError(f"time must be a positive number of seconds, not {self.time}")
        if not self.cap > 0:
            raise ValueError(f"cap must be a positive number of seconds, not {self.cap}")
        if not self.c >= 0:
            raise ValueError(f"c must be zero or more, not {self.c}")
        if self.playout < 0:
            raise ValueError(f"playout must be zero or more steps, not {self.playout}")
        if self.rollouts < 0:
            raise ValueError(f"rollouts must be zero or more samples, not {self.rollouts}")
        if self.workers < 1:
            raise ValueError(f"workers must be at least 1 process, not {self.workers}")


@dataclass(slots=True)
class Arm:
    """One action's statistics at a node: visits, summed reward and squared reward."""

    visits: int = 0
    reward: float = 0.0
    square: float = 0.0

    def mean(self) -> float:
        return self.reward / self.visits

    def error(self) -> float:
        """The standard error of the mean reward (visits at least 2)."""
        variance = max(0.0, self.square / self.visits - self.mean() ** 2)
        return math.sqrt(variance / (self.visits - 1))


@dataclass
class Choice:
    """One role's statistics at a node: its actions, the guide's choice there and the guide as it
    stands after making it (None without a guide)."""

    guide: Action | None
    after: Bot | None
    arms: dict[Action, Arm] = field(default_factory=dict)
    visits: int = 0
    reward: float = 0.0


@dataclass
class Node:
    """An information-set node: each role's guide as it stands on arriving here (a role without
    one here gets a fresh guide), each role's statistics, and the children by joint choice."""

    guides: dict[Role, Bot] = field(default_factory=dict)
    choices: dict[Role, Choice] = field(default_factory=dict)
    children: dict[tuple[tuple[Role, Action], ...], Node] = field(default_factory=dict)


Path = list[tuple[Node, list[tuple[Role, Action]]]]


class SearchBot:
    """Information-set MCTS over the title's samples (see the module docstring)."""

    name = "ismcts"

    def __init__(
        self, seed: int = 0, settings: Settings | None = None, guide: Callable[[], Bot] | None = None
    ) -> None:
        self.rng = random.Random(seed)
        self.settings = settings or Settings()
        self.guide = guide
        """Makes a fresh guide bot (None: the search has no guide)."""
        self.guides: dict[Role, Bot] = {}
        """The guide of each role this bot plays, following the real game: it is shown every
        decision, so that its memory (a plan under way) holds."""
        self.last_iterations = 0
        """How many iterations the last decision took (for benchmarks)."""
        self.last_visits: dict[Action, int] = {}
        """How the last decision's iterations went to each action (for tests and benchmarks)."""
        self.capped = 0
        """How many decisions the safety cap stopped (for benchmarks)."""
        self.last_shares: list[float] = []
        """The CPU seconds each process's share of the last decision's rounds of samples took, this
        process's first (for benchmarks; none without a turning point)."""
        self._spent = 0.0
        """The CPU time at the beginning of the decision under way (:meth:`_over_cap`)."""
        self._pool: ProcessPoolExecutor | None = None
        """The processes that play a turning point's samples with this one (``workers`` above 1),
        started at the first turning point (:meth:`_workers`)."""
        self._taken: dict[str, list[Action]] = {}
        """The answers the bot gave in each position it has been in (:meth:`_not_again`), by the
        position's digest (:func:`_position`)."""
        self._alone = False
        """Set where this process may not start others (a daemon): turning points are then played
        here alone, to the same answer."""

    def choose(self, game: Game[Any], state: Any, role: Role) -> Action:
        """``role``'s answer: at a turning point the best contender played out (:meth:`_roll_out`),
        elsewhere the tree search's (:meth:`_search`); never one it already gave in this very
        position while another is legal (:meth:`_not_again`)."""
        legal = game.legal_actions(state, role)
        if not legal:
            raise OutremerError(f"{role} has no legal action (active: {', '.join(game.active_roles(state))})")
        root = Node()
        if self.guide is not None:
            # A guide is a bot: it reads only the role's view, so it may be shown the real state.
            guide = self.guides.get(role)
            if guide is None:
                guide = self.guides[role] = self.guide()
            root.choices[role] = Choice(guide.choose(game, state, role), shared_copy(guide))
        self.last_iterations, self.last_visits, self.last_shares = 0, {}, []
        if len(legal) == 1:
            return legal[0]
        answer = self._choose(game, state, role, root, legal)
        return self._not_again(game, state, role, answer, legal, root.choices[role].guide)

    def _not_again(
        self,
        game: Game[Any],
        state: Any,
        role: Role,
        answer: Action,
        legal: list[Action],
        guided: Action | None,
    ) -> Action:
        """``answer``, unless the bot already took it from this very position (the role's view, its
        log aside) while another action is legal here: then the most visited of the others (the
        guide's choice first among equals). Back in a position it has been in, the same answer
        would lead round the same loop again (taking a piece and putting it back, over and over);
        searches of a few iterations, judging by noise, can fall into one."""
        taken = self._taken.setdefault(_position(game, state, role), [])
        if answer in taken:
            fresh = [a for a in legal if a not in taken]
            if fresh:
                answer = max(fresh, key=lambda a: (self.last_visits.get(a, 0), a == guided))
        taken.append(answer)
        return answer

    def _choose(self, game: Game[Any], state: Any, role: Role, root: Node, legal: list[Action]) -> Action:
        """The search's answer from ``root`` among ``legal`` (two or more)."""
        ours = root.choices.setdefault(role, Choice(None, None))
        start, self._spent = clock(), cpu_clock()
        named = game.rollout_choices(state, role) if self.settings.rollouts else None
        if not named:
            return self._search(game, state, role, root, legal, start)
        contenders = list(named)
        if ours.guide in legal and ours.guide not in contenders:
            contenders.append(ours.guide)
        if len(contenders) < len(legal):
            # Actions the title leaves out of the turning point (Crusader Rex's sea moves): the
            # tree proposes its choice among all of them, which then meets the others.
            proposed = self._search(game, state, role, root, legal, start, TREE_SHARE)
            if proposed not in contenders:
                contenders.append(proposed)
        if len(contenders) == 1:
            return contenders[0]
        return self._roll_out(game, state, role, contenders, ours, start)

    def _search(
        self,
        game: Game[Any],
        state: Any,
        role: Role,
        root: Node,
        legal: list[Action],
        start: float,
        share: float = 1.0,
    ) -> Action:
        """The tree search from ``root`` over samples of ``state``, within the iterations and
        ``share`` of the time, counted from ``start`` (and the cap): its answer among ``legal``
        (:func:`_answer`). Without a time, when to stop reads the count only: the same on any
        machine."""
        ours = root.choices[role]
        budget = self.settings.iterations
        allowed = None if self.settings.time is None else self.settings.time * share
        done = 0
        while True:
            det = game.sample(state, role, random.Random(self.rng.getrandbits(64)))
            self._iterate(game, det, root, role, legal)
            done += 1
            left = math.inf if budget is None else budget - done
            if allowed is not None:
                elapsed = clock() - start
                left = min(left, (allowed - elapsed) * done / max(elapsed, 1e-9))
            if left <= 0 or _decided(ours, left):
                break
            if self._over_cap():
                self._capped(role, f"after {done} iterations")
                break
        self.last_iterations = done
        self.last_visits = {a: ours.arms[a].visits if a in ours.arms else 0 for a in legal}
        return _answer(ours, legal)

    # -- turning points ----------------------------------------------------------------------------
    def _roll_out(
        self,
        game: Game[Any],
        state: Any,
        role: Role,
        contenders: Sequence[Action],
        ours: Choice,
        start: float,
    ) -> Action:
        """Each of ``contenders`` played on each of ``rollouts`` samples, then by the guides to the
        end of the stage (:class:`~.rollouts.TurningPoint`); the best mean evaluation for ``role``,
        unless the guide's choice is not found worse (:func:`_paired_answer`). Every round's seed
        is drawn before any round is played, so the rounds may be shared out between processes
        (:meth:`_play_rounds`) to the same answer. Within a time limit (counted from ``start``,
        the decision's beginning) each process stops after the last of its rounds that fits, and
        past the cap after the round under way; each plays one round at least."""
        seeds = [self.rng.getrandbits(64) for _ in range(self.settings.rollouts)]
        point = TurningPoint(game, state, role, tuple(contenders), game.stage(state), ours.after, self.guide)
        played, capped = self._play_rounds(point, seeds, start)
        if capped:
            self._capped(role, f"after {len(played)} of {len(seeds)} samples at a turning point")
        rewards = {action: [got[i] for got in played] for i, action in enumerate(contenders)}
        self.last_iterations += len(played) * len(contenders)
        self.last_visits = dict.fromkeys(contenders, len(played))
        return _paired_answer(rewards, contenders, ours.guide)

    def _play_rounds(
        self, point: TurningPoint, seeds: Sequence[int], start: float
    ) -> tuple[list[tuple[float, ...]], bool]:
        """The rewards of the rounds of ``point`` played, in the order of their ``seeds``, and
        whether the cap stopped any process's share. With one worker this process plays them all;
        with ``workers`` of them, every ``workers``-th round from the first here and the others in
        the pool (:meth:`_workers`), each process sent the turning point once. Its time limit and
        cap are what the decision has left (the cap counted in each process's own CPU time)."""
        settings = self.settings
        left = None if settings.time is None else start + settings.time - clock()
        rounds = list(enumerate(seeds))
        many = min(settings.workers, len(rounds))
        pool = self._workers() if many > 1 else None
        if pool is None:
            shares = [_play_share(point, rounds, left, settings.cap, self._spent)]
        else:
            cap = settings.cap - (cpu_clock() - self._spent)
            futures = [pool.submit(_play_share, point, rounds[i::many], left, cap) for i in range(1, many)]
            shares = [_play_share(point, rounds[::many], left, settings.cap, self._spent)]
            try:
                shares += [future.result() for future in futures]
            except BrokenProcessPool:
                self.close()  # a process died: start a new pool at the next turning point
                raise
        self.last_shares = [share.cpu for share in shares]
        played = sorted(got for share in shares for got in share.rounds)
        return [rewards for _, rewards in played], any(share.capped for share in shares)

    def _workers(self) -> ProcessPoolExecutor | None:
        """The pool of ``workers - 1`` processes that play turning points with this one, started
        the first time (forkserver where the system has it, else spawn: nothing inherited but
        what is sent); None in a daemon process, which may not start others (the server's bot
        processes, server/bots.py), where this one plays alone and logs it once."""
        if self._pool is None and not self._alone:
            if multiprocessing.current_process().daemon:
                self._alone = True
                log.warning("a daemon process starts no workers: the search bot plays turning points alone")
                return None
            methods = multiprocessing.get_all_start_methods()
            context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
            self._pool = ProcessPoolExecutor(self.settings.workers - 1, mp_context=context)
        return self._pool

    def close(self) -> None:
        """Stop the pool's processes, if any (the bot starts a new pool if asked again)."""
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None

    def _over_cap(self) -> bool:
        """Whether the decision under way has taken more CPU time than the safety cap."""
        return cpu_clock() - self._spent > self.settings.cap

    def _capped(self, role: Role, where: str) -> None:
        """The safety cap stopped a decision: count it and say so (the game now depends on the
        machine's speed, and will not replay from its seed)."""
        self.capped += 1
        log.warning(
            "the search bot's safety cap of %g CPU seconds stopped a decision of %s %s",
            self.settings.cap,
            role,
            where,
        )

    def _guide_at(self, node: Node, role: Role) -> Bot | None:
        """A copy of ``role``'s guide as it stands at ``node`` (a fresh one if none is there yet),
        for it to choose on; None without a guide."""
        if self.guide is None:
            return None
        known = node.guides.get(role)
        return self.guide() if known is None else shared_copy(known)

    # -- one iteration ---------------------------------------------------------------------------
    def _iterate(self, game: Game[Any], det: Any, root: Node, role: Role, legal: list[Action]) -> None:
        """Choose down the tree on ``det``, judge where it ends, and back the rewards up.

        Each reward is counted less the title's evaluation of the determinization at the root
        (when it has one): the hidden information dealt (the enemy's strengths, say) moves both
        alike, so what is left is what the choices made of it, with far less noise; the same for
        every action, it changes no comparison. ``legal``: ``role``'s legal actions at the root, the
        same in every sample (:meth:`Game.sample`)."""
        baseline = game.evaluate(det) or {}
        path, leaf = self._descend(game, det, root, role, legal)
        rewards, otherwise = self._judge(game, det, leaf)
        for visited, picks in path:
            for r, action in picks:
                choice = visited.choices[r]
                reward = rewards.get(r, otherwise) - baseline.get(r, 0.0)
                choice.visits += 1
                choice.reward += reward
                arm = choice.arms[action]
                arm.visits += 1
                arm.reward += reward
                arm.square += reward * reward

    def _descend(
        self, game: Game[Any], det: Any, root: Node, role: Role, known: list[Action]
    ) -> tuple[Path, Node]:
        """Choose down the tree on ``det`` until a new node is added (or the game ends); the nodes
        passed with the choices made at each, and the node reached. At the root ``role`` (the
        bot's) chooses first among the roles active: it is the one choosing now, where whoever acts
        first takes the turn (The First Crusade's team game, 37.0); its legal actions there are
        ``known`` (a sample keeps them), not listed again."""
        path: Path = []
        node = root
        while True:
            active = game.active_roles(det)
            first = node is root and role in active
            if first:
                active = (role, *(r for r in active if r != role))
            picks: list[tuple[Role, Action]] = []
            for i, r in enumerate(active):
                if i and r not in game.active_roles(det):
                    continue  # an earlier simultaneous choice ended this role's turn
                legal = known if first and not i else game.legal_actions(det, r)
                if not legal:
                    return path, node  # a deal that does not hold together: judge it as it stands
                if len(legal) == 1:
                    action = legal[0]
                else:
                    choice = node.choices.get(r)
                    if choice is None:
                        guide = self._guide_at(node, r)
                        pick = None if guide is None else guide.choose(game, det, r)
                        choice = node.choices[r] = Choice(pick, guide)
                    action = self._select(choice, legal)
                    picks.append((r, action))
                game.perform(det, r, action)
            if not active:
                return path, node
            if not picks:
                continue  # forced moves only: the same decision node
            path.append((node, picks))
            key = tuple(picks)
            child = node.children.get(key)
            if child is None:
                guides = dict(node.guides)
                for r, _ in picks:
                    after = node.choices[r].after
                    if after is not None:
                        guides[r] = after
                child = node.children[key] = Node(guides)
                return path, child
            node = child

    def _select(self, choice: Choice, legal: Sequence[Action]) -> Action:
        """PUCT with availability counts and the guide's choice as the prior."""
        arms, guide = choice.arms, choice.guide
        guided = guide in legal
        share = (1 - GUIDE_SHARE) / len(legal) if guided else 1 / len(legal)
        lead = share + GUIDE_SHARE if guided else share  # the guide's choice's prior
        found = []
        seen = 0
        for action in legal:
            arm = arms.get(action)
            if arm is None:
                arm = arms[action] = Arm()
            seen += arm.visits
            found.append(arm)
        explore = self.settings.c * math.sqrt(max(1, seen))
        unseen = choice.reward / choice.visits if choice.visits else DRAW
        best, best_score = legal[0], -math.inf
        for action, arm in zip(legal, found, strict=True):
            visits = arm.visits
            mean = arm.reward / visits if visits else unseen
            score = mean + explore * (lead if action == guide else share) / (1 + visits)
            if score > best_score:
                best, best_score = action, score
        return best

    def _judge(self, game: Game[Any], det: Any, leaf: Node) -> tuple[Mapping[Role, float], float]:
        """Play ``playout`` steps on (by the guides as they stand at ``leaf``, or at random), then
        the title's evaluation (a title without one: random play to the end). Each role's reward,
        and the reward of a role not named (a loser once someone won, else a draw)."""
        rng = self.rng
        guides: dict[Role, Bot | None] = {}
        for steps in range(PLAYOUT_LIMIT):
            active = game.active_roles(det)
            if not active:
                break
            if steps == self.settings.playout:
                estimate = game.evaluate(det)
                if estimate is not None:
                    return estimate, DRAW
            r = active[0] if len(active) == 1 else active[rng.randrange(len(active))]
            legal = game.legal_actions(det, r)
            if not legal:
                break
            if r not in guides:
                guides[r] = self._guide_at(leaf, r)
            guide = guides[r]
            if guide is not None and steps < self.settings.playout and len(legal) > 1:
                action = guide.choose(game, det, r)
            else:
                action = legal[rng.randrange(len(legal))]
            game.perform(det, r, action)
        return result(game, det)


@dataclass(frozen=True)
class Share:
    """What one process made of its share of a turning point's rounds: each round played, by its
    number, with the contenders' rewards; whether the cap stopped it; the CPU seconds it took (by
    the thread's own clock, not the cap's, so that measuring it reads no clock a test slows)."""

    rounds: list[tuple[int, tuple[float, ...]]]
    capped: bool
    cpu: float


def _play_share(
    point: TurningPoint,
    rounds: Sequence[tuple[int, int]],
    left: float | None,
    cap: float,
    spent: float | None = None,
) -> Share:
    """Play ``rounds`` (numbers and seeds) of ``point``: after each, stop if the next would not
    fit in the ``left`` seconds (at the pace so far) or if more than ``cap`` CPU seconds have gone
    since ``spent`` (None: since now, in a pool's process). One round is always played."""
    begun, used = clock(), time.thread_time()
    since = cpu_clock() if spent is None else spent
    played: list[tuple[int, tuple[float, ...]]] = []
    capped = False
    for number, seed in rounds:
        played.append((number, point.play(seed)))
        if left is not None:
            now = clock()
            if now + (now - begun) / len(played) > begun + left:
                break
        if len(played) < len(rounds) and cpu_clock() - since > cap:
            capped = True
            break
    return Share(played, capped, time.thread_time() - used)


def _position(game: Game[Any], state: Any, role: Role) -> str:
    """A digest of the position as ``role`` sees it: its view, less the log a title may put in it
    (which grows with every action, so that no position would ever come back)."""
    view = {k: v for k, v in game.view(state, role).items() if k != "log"}
    text = json.dumps([role, view], sort_keys=True, default=str)
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def _answer(choice: Choice, legal: Sequence[Action]) -> Action:
    """The most visited action, unless the guide chose another that the search did not find worse:
    the most visited must then beat the guide's choice by more than ``EVIDENCE`` standard errors of
    the difference of their mean rewards. Among actions the search cannot tell apart (placing a
    block in one seat or another before the game begins, say), noise would otherwise decide, and
    a search led by noise may wander where its guide would have finished."""
    arms = choice.arms
    best = max(legal, key=lambda a: arms[a].visits if a in arms else 0)
    guide = choice.guide
    if guide is None or guide == best or guide not in legal:
        return best
    ours, theirs = arms.get(best), arms.get(guide)
    if ours is None or ours.visits < 2:
        return guide  # the search learned next to nothing of this choice
    if theirs is None or theirs.visits < 2:
        return best
    margin = EVIDENCE * math.hypot(ours.error(), theirs.error())
    return best if ours.mean() - theirs.mean() > margin else guide


def _paired_answer(
    rewards: Mapping[Action, Sequence[float]], legal: Sequence[Action], guide: Action | None
) -> Action:
    """The action with the best mean reward over the same samples, unless the guide chose another
    that it does not beat by ``EVIDENCE`` standard errors of their paired differences (sample by
    sample, so that what both met alike cancels out)."""
    best = max(legal, key=lambda a: (sum(rewards[a]), a == guide))
    if guide is None or guide == best or guide not in legal:
        return best
    diffs = [ours - theirs for ours, theirs in zip(rewards[best], rewards[guide], strict=True)]
    if len(diffs) < 2:
        return guide
    mean = sum(diffs) / len(diffs)
    variance = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
    return best if mean > EVIDENCE * math.sqrt(variance / len(diffs)) else guide


def _decided(choice: Choice, remaining: float) -> bool:
    """Whether the most visited action can no longer be overtaken in ``remaining`` iterations (as
    many as the budget leaves, or as fit in the time left at the pace so far): stopping then gives
    the same choice, sooner."""
    if len(choice.arms) < 2:
        return False
    first, second = sorted((a.visits for a in choice.arms.values()), reverse=True)[:2]
    return first - second > remaining
