"""A turning point's rounds of samples, each one independent of the others (docs/bots.md, "Turning
points" and "Turning points on several cores").

The search bot (bots/ismcts.py) settles a turning point by playing every contender on each of a
number of samples, then by the guides to the end of the stage. Each round is played here from its
own seed alone: the sample, the random choices of a playout without a guide, and the generators of
the bot's own guide are all drawn from it, and every guide is a copy of its own. So a round's
rewards depend on its seed and on the :class:`TurningPoint` only, not on which rounds were played
before it nor in which process: the rounds may be shared out between processes and the answer is
the very same. Within a round every contender meets the same sample, the same dice and the same
generators (common random numbers), so the comparison is sharp with few samples.

A :class:`TurningPoint` pickles (the game, the state, the guides and what makes them), so that it
can be sent once to each process that plays some of its rounds.
"""

from __future__ import annotations

import copy
import copyreg
import random
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import Any

from ..engine.game import Action, Bot, Game, Role

DRAW = 0.5
PLAYOUT_LIMIT = 5000
"""A random playout of a title without an evaluation stops here, judged a draw."""


@dataclass(frozen=True)
class TurningPoint:
    """What every round of a turning point needs: the game and the real state (only sampled, never
    read), the role choosing, the contenders, the stage to play to the end of, the role's guide as
    it stands after its choice (None without a guide) and what makes a fresh guide for the other
    roles (None: they play at random). ``guide`` must pickle to be sent to other processes: an
    object, not a lambda (bots/registry.py's :class:`~outremer.bots.registry.Guide`)."""

    game: Game[Any]
    state: Any
    role: Role
    contenders: tuple[Action, ...]
    stage: Hashable
    own: Bot | None
    guide: Callable[[], Bot] | None

    def play(self, seed: int) -> tuple[float, ...]:
        """One round: each contender's reward for the role (in the order of ``contenders``) on the
        sample the round's ``seed`` deals, played on by the guides to the end of the stage."""
        game, role = self.game, self.role
        drawn = random.Random(seed)
        det = game.sample(self.state, role, random.Random(drawn.getrandbits(64)))
        moves, ties = drawn.getrandbits(64), drawn.getrandbits(64)
        rewards = []
        for action in self.contenders:
            trial = game.copy(det)
            game.perform(trial, role, action)
            own = None if self.own is None else reseeded(self.own, ties)
            unguided = random.Random(moves)
            judged, otherwise = play_stage(game, trial, self.stage, {role: own}, self.guide, unguided)
            rewards.append(judged.get(role, otherwise))
        return tuple(rewards)


def play_stage(
    game: Game[Any],
    det: Any,
    stage: Hashable,
    guides: dict[Role, Bot | None],
    make_guide: Callable[[], Bot] | None,
    rng: random.Random,
) -> tuple[Mapping[Role, float], float]:
    """Play ``det`` on by the guides (``guides`` as given, fresh ones from ``make_guide`` for the
    other roles; at random by ``rng`` without a guide) until the stage changes or the game ends,
    then judge it (:func:`result`)."""
    for _ in range(PLAYOUT_LIMIT):
        active = game.active_roles(det)
        if not active or game.stage(det) != stage:
            break
        r = active[0]
        legal = game.legal_actions(det, r)
        if not legal:
            break
        if len(legal) == 1:
            action = legal[0]
        else:
            if r not in guides:
                guides[r] = None if make_guide is None else make_guide()
            guide = guides[r]
            action = legal[rng.randrange(len(legal))] if guide is None else guide.choose(game, det, r)
        game.perform(det, r, action)
    return result(game, det)


def result(game: Game[Any], det: Any) -> tuple[Mapping[Role, float], float]:
    """Each role's reward where play stopped, and the reward of a role not named: the title's
    evaluation (on a finished game, the result as the title counts it), else the outcome (1 to
    each winner, 0 to the others; a draw while the game goes on)."""
    estimate = game.evaluate(det)
    if estimate is not None:
        return estimate, DRAW
    outcome = game.outcome(det)
    if outcome is None:
        return {}, DRAW
    return dict.fromkeys(outcome.winners, 1.0), 0.0 if outcome.winners else DRAW


def shared_copy(guide: Bot) -> Bot:
    """A copy of a guide, sharing its random generators: copying one costs about as much as a
    whole iteration of the tree search, and a guide draws from it only to break ties. The copy
    ``copy.deepcopy`` makes, made faster for a bot of plain data (:func:`_deep`)."""
    fields = getattr(guide, "__dict__", {})
    memo: dict[int, Any] = {id(v): v for v in fields.values() if isinstance(v, random.Random)}
    cls = type(guide)
    if not _plain(cls):
        return copy.deepcopy(guide, memo)
    fresh = cls.__new__(cls)  # as deepcopy rebuilds an object: a new one, then its fields copied
    memo[id(guide)] = fresh
    fresh.__dict__.update(_deep(fields, memo))
    return fresh


_ATOMS = frozenset({str, int, float, bool, bytes, type(None)})
"""Types whose values ``copy.deepcopy`` returns as they are."""
_HOOKS = (
    "__deepcopy__",
    "__reduce_ex__",
    "__reduce__",
    "__getstate__",
    "__setstate__",
    "__getnewargs__",
    "__getnewargs_ex__",
)
"""Methods by which a class changes how ``copy.deepcopy`` copies its instances."""
_MISSING = object()


def _plain(cls: type) -> bool:
    """Whether ``copy.deepcopy`` copies an instance of ``cls`` as a new object with a deep copy of
    its ``__dict__``: no slots, no copying or pickling method of its own."""
    if cls in copyreg.dispatch_table or any("__slots__" in vars(c) for c in cls.__mro__):
        return False
    return all(getattr(cls, name, None) is getattr(object, name, None) for name in _HOOKS)


def _deep(x: Any, memo: dict[int, Any]) -> Any:
    """``copy.deepcopy(x, memo)``: dicts, lists, sets and tuples walked here, in the same order and
    to the same copies (an object reached twice copied once, through ``memo``), anything else
    left to ``copy.deepcopy``."""
    cls = type(x)
    if cls in _ATOMS:
        return x
    found = memo.get(id(x), _MISSING)
    if found is not _MISSING:
        return found
    new: Any
    if cls is dict:
        new = memo[id(x)] = {}
        for k, v in x.items():
            new[_deep(k, memo)] = _deep(v, memo)
    elif cls is list:
        new = memo[id(x)] = []
        for v in x:
            new.append(_deep(v, memo))
    elif cls is set:
        new = memo[id(x)] = {_deep(v, memo) for v in x}
    elif cls is tuple:
        items = [_deep(v, memo) for v in x]
        found = memo.get(id(x), _MISSING)  # reached again through its own items
        if found is not _MISSING:
            return found
        if all(a is b for a, b in zip(items, x, strict=True)):
            return x
        new = memo[id(x)] = tuple(items)
    else:
        new = copy.deepcopy(x, memo)
    return new


def reseeded(guide: Bot, seed: int) -> Bot:
    """A copy of a guide with random generators of its own, seeded from ``seed``: what it draws
    touches no other copy, and two copies reseeded alike draw alike."""
    fresh = shared_copy(guide)
    state = getattr(fresh, "__dict__", {})
    generators = [name for name, value in state.items() if isinstance(value, random.Random)]
    for i, name in enumerate(generators):
        state[name] = random.Random(seed + i)
    return fresh
