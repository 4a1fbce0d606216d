"""The contract between a title and everything else (see docs/engine.md).

The command line, the bots, the server and the learning environment know a game only through
:class:`Game`. A title subclasses it and fills in the abstract methods; nothing outside a title's
package knows its rules.

Actions are small tuples of strings and integers, e.g. ``("card", "move3_2")`` or
``("step", "saladin", "Hama")``; in JSON they are lists. A role is a string such as ``"Franks"``.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Generic, Literal, Protocol, TypeVar, get_args, runtime_checkable

from .errors import IllegalAction
from .rng import KEYED

Action = tuple[Any, ...]
Role = str
S = TypeVar("S")

OBSERVER = None
"""Pass as the role to :meth:`Game.view` or :meth:`Game.log` for the public (observer's) view."""

Capability = Literal[
    "bots", "text", "prompt", "web", "sampler", "evaluation", "learning", "positions", "points"
]
"""An optional part of the contract, each with a default on :class:`Game` (docs/engine.md): bots of
its own, a text board, prompts in words, a browser board, a sampler for search bots, an evaluation
for them, the encoding of learning environments, positions that show the board at its most
demanding, and the points the rulebook counts (charted when a game ends)."""

CAPABILITY_METHODS: Mapping[Capability, tuple[str, ...]] = {
    "bots": ("bots",),
    "text": ("render_text",),
    "prompt": ("prompt",),
    "web": ("web_dir",),
    "sampler": ("sample",),
    "evaluation": ("evaluate",),
    "learning": ("action_space", "observe"),
    "positions": ("positions",),
    "points": ("points",),
}
"""The methods a title overrides to have a capability (all of them)."""


@dataclass(frozen=True)
class Option:
    """A setup option of a title, e.g. an optional rule."""

    name: str
    default: bool
    help: str
    rule: str = ""


@dataclass(frozen=True)
class Position:
    """A position of a game to show: set up with ``seed`` (and ``scenario`` and ``options``, the
    defaults when None), then ``actions`` taken, each ``(role, action)``: a save's record."""

    seed: int = 1
    actions: tuple[tuple[Role, Action], ...] = ()
    scenario: str | None = None
    options: Mapping[str, Any] | None = None
    about: str = ""


@dataclass(frozen=True)
class Outcome:
    """The end of a game: who won (empty for a draw), scores, and why in words."""

    winners: tuple[Role, ...]
    reason: str
    scores: Mapping[Role, float] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "reason": self.reason, "scores": dict(self.scores)}


def normalize_action(action: Any) -> Action:
    """Turn a JSON-decoded action (lists) into the canonical tuple, or raise IllegalAction."""
    if isinstance(action, (list, tuple)) and action and isinstance(action[0], str):
        out: list[Any] = []
        for part in action:
            if isinstance(part, bool) or not isinstance(part, (str, int)):
                raise IllegalAction(f"malformed action {action!r}: parts must be strings or integers")
            out.append(part)
        return tuple(out)
    raise IllegalAction(f"malformed action {action!r}: expected a non-empty list starting with a verb")


@runtime_checkable
class Bot(Protocol):
    """Chooses one of the legal actions of ``role`` in ``state`` (outremer/bots/base.py says what
    a bot may look at)."""

    name: str

    def choose(self, game: Game[Any], state: Any, role: Role) -> Action:
        """One action from ``game.legal_actions(state, role)``.

        Use only the role's view and legal actions (see outremer/bots/base.py). Raise an error if
        the role has no legal action.
        """
        ...


BotFactory = Callable[["Game[Any]", int], Bot]
"""Makes a bot for a title from a seed: ``factory(game, seed) -> Bot``."""


class Game(ABC, Generic[S]):
    """One title. Instances are stateless: every method takes the state it works on."""

    slug: ClassVar[str]
    title: ClassVar[str]
    roles: ClassVar[tuple[Role, ...]]
    """The roles of a game with the default scenario and options (see :meth:`roles_for`)."""
    scenarios: ClassVar[tuple[str, ...]]
    options: ClassVar[tuple[Option, ...]] = ()
    search: ClassVar[Mapping[str, str]] = {}
    """Settings the title's search bot starts from, as in a bot name (``{"c": "0.3"}``): the
    exploration that suits the title's evaluation, say (docs/bots.md). A name's own settings win."""

    # -- setting up ----------------------------------------------------------------------------
    @abstractmethod
    def setup(
        self,
        seed: int,
        scenario: str | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        generator: str = KEYED,
    ) -> S:
        """A new game. The random generator (:mod:`.rng`), ``generator`` seeded from ``seed``,
        lives in the state; only replays of old saves ask for the legacy one (:data:`.rng.LEGACY`)."""

    def check_setup(
        self, scenario: str | None, options: Mapping[str, Any] | None
    ) -> tuple[str, dict[str, Any]]:
        """Validate scenario and options; return them with defaults filled in."""
        scenario = scenario or self.scenarios[0]
        if scenario not in self.scenarios:
            raise IllegalAction(f"unknown scenario {scenario!r}; {self.slug} has {', '.join(self.scenarios)}")
        known = {o.name: o for o in self.options}
        chosen = {o.name: o.default for o in self.options}
        for name, value in (options or {}).items():
            if name not in known:
                raise IllegalAction(f"unknown option {name!r}; {self.slug} has {', '.join(known) or 'none'}")
            if not isinstance(value, bool):
                raise IllegalAction(f"option {name!r} takes true or false, not {value!r}")
            chosen[name] = value
        return scenario, chosen

    def scenario_name(self, scenario: str) -> str:
        """``scenario`` as a player reads it where he picks one (the new-game form, GET /api/titles):
        its id unless the title names its scenarios, where a bare letter or key says little."""
        return scenario

    def role_name(self, role: Role) -> str:
        """``role`` as a player reads it on a seat, in the lobby and at the head of the page ("You
        play the Christian side"): its id unless that id is a key ("hre") rather than a name."""
        return role

    def roles_for(
        self, scenario: str | None = None, options: Mapping[str, Any] | None = None
    ) -> tuple[Role, ...]:
        """The roles (seats) of a game set up with ``scenario`` and ``options``, in a fixed order.

        Most titles always have :attr:`roles`; a title whose seats depend on the setup (a team
        variant, a count of players) overrides this. Callers pass a checked scenario and options
        (:meth:`check_setup`), or none for the defaults.
        """
        return self.roles

    # -- who acts, and how ---------------------------------------------------------------------
    @abstractmethod
    def active_roles(self, state: S) -> tuple[Role, ...]:
        """The roles that must decide now (several for simultaneous choices; none once over)."""

    @abstractmethod
    def legal_actions(self, state: S, role: Role) -> list[Action]:
        """Every action ``role`` may take now (empty if the role is not active)."""

    @abstractmethod
    def perform(self, state: S, role: Role, action: Action) -> None:
        """Carry out an action known to be legal, changing ``state`` in place.

        Only for callers that took ``action`` from :meth:`legal_actions` of this very state (bots,
        simulation, replay of a verified record). Everyone else calls :meth:`apply`.
        """

    def apply_in_place(self, state: S, role: Role, action: Any) -> Action:
        """Check ``action`` for ``role`` and carry it out in place; return the canonical action.

        An illegal or malformed action raises :class:`IllegalAction` naming the problem, and the
        state is left untouched.
        """
        act = normalize_action(action)
        active = self.active_roles(state)
        if role not in active:
            if not active:
                raise IllegalAction("the game is over")
            raise IllegalAction(f"{role} may not act now (waiting for {', '.join(active)})")
        legal = self.legal_actions(state, role)
        if act not in legal:
            raise IllegalAction(self.explain_illegal(state, role, act, legal))
        self.perform(state, role, act)
        return act

    def apply(self, state: S, role: Role, action: Any) -> S:
        """The state after ``role`` takes ``action``; ``state`` itself is not changed."""
        new = self.copy(state)
        self.apply_in_place(new, role, action)
        return new

    def explain_illegal(self, state: S, role: Role, action: Action, legal: Sequence[Action]) -> str:
        """Words for why ``action`` is refused; titles may say more."""
        verbs = sorted({a[0] for a in legal})
        return f"{action!r} is not legal now; {role} may: {', '.join(verbs) or 'nothing'}"

    # -- what a role sees ----------------------------------------------------------------------
    @abstractmethod
    def view(self, state: S, role: Role | None) -> dict[str, Any]:
        """All that ``role`` may see (``None``: an observer), with a prompt and its legal actions."""

    @abstractmethod
    def log(self, state: S, role: Role | None, start: int = 0) -> list[dict[str, Any]]:
        """The log entries ``role`` may read, ``{"rule": "6.31", "text": "..."}`` each, from its
        ``start``-th entry on (0: all of them).

        A log only grows: the log of a later state of the same game begins with the whole log of an
        earlier one. That is what lets a client that has read ``n`` entries ask for the rest only
        (``start=n``); a title should render only the entries asked for.
        """

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """None while the game goes on; then the winners, scores and reason."""

    def describe_action(self, state: S, role: Role, action: Action) -> str:
        """An action in words, for menus; titles override."""
        return " ".join(str(p) for p in action)

    def prompt(self, state: S, role: Role | None) -> str:
        """What ``role`` (None: an observer) is asked now, in words naming the rule; a title's view
        shows it as ``"prompt"``, and the terminal asks with it. By default only who is to act."""
        active = self.active_roles(state)
        if not active:
            return "The game is over."
        if role in active:
            return f"{role} to act."
        return f"Waiting for {', '.join(active)}."

    def warning(self, state: S, role: Role, action: Action) -> str | None:
        """A caution about ``role``'s legal ``action`` (say, that it forces an elimination), citing
        the rule, for front ends to show and have the player confirm before they send the action;
        None when there is nothing to warn of (the default). Titles override; the words depend only
        on what ``role`` sees, never on dice not yet rolled or anything hidden."""
        return None

    # -- optional capabilities -----------------------------------------------------------------
    def provides(self, capability: Capability) -> bool:
        """Whether this title has ``capability``: it overrides the capability's methods
        (:data:`CAPABILITY_METHODS`). Callers ask this rather than catch the defaults' errors."""
        return all(
            getattr(type(self), name) is not getattr(Game, name) for name in CAPABILITY_METHODS[capability]
        )

    def capabilities(self) -> frozenset[Capability]:
        """Every optional capability this title has (:meth:`provides`)."""
        return frozenset(c for c in get_args(Capability) if self.provides(c))

    def bots(self) -> Mapping[str, BotFactory]:
        """The bots this title offers besides the engine's, by name (a ``"scripted"`` one is the
        default opponent); none by default."""
        return {}

    def render_text(self, view: dict[str, Any]) -> str | None:
        """``view`` (from :meth:`view`) as a board in plain text for the terminal, or None (the
        default): front ends then show the view's fields as they are."""
        return None

    # -- the browser (optional) ----------------------------------------------------------------
    def web_dir(self) -> Path | None:
        """The directory of the title's browser assets (``board.js`` exporting ``draw``), or None:
        the browser then shows the generic page (prompt, buttons, log) without a board."""
        return None

    def board(self) -> dict[str, Any] | None:
        """The title's board description for drawing (places, connections), or None."""
        return None

    def positions(self) -> Mapping[str, Position]:
        """Positions that show the board at its most demanding, by name (``"start"``,
        ``"crowded"``: the largest stacks the game has; ``"battle"``: a battle being fought). The
        browser checks (tests/e2e/test_boards.py) open each at a laptop's and a phone's size and
        save screenshots. The default is the start of a game with the default setup."""
        return {"start": Position(about="the start of a game with the default setup")}

    def points(self, state: S) -> Mapping[Role, float] | None:
        """The points each role has in ``state`` as the rulebook counts them (victory points,
        towns held), public facts only, or None (the default): the summary at the end of a game
        charts them over its course."""
        return None

    # -- search (optional) ---------------------------------------------------------------------
    def sample(self, state: S, role: Role, rng: random.Random) -> S:
        """A state that ``role`` cannot tell from ``state``: everything hidden from ``role`` (enemy
        block identities, hands, deck order, face-down orders, the random generator) dealt anew with
        ``rng``, consistently with all that ``role`` has seen; what ``role`` sees is unchanged.

        Search bots (bots/ismcts.py) search over such samples and never look at ``state``'s hidden
        parts themselves; the title's sampler must not either: two states that differ only in what
        is hidden from ``role`` give the very same sample for the same ``rng`` seed (a contract test
        checks it). A title without hidden information still deals its random generator anew.

        The default raises NotImplementedError: the title has no sampler, and no search bot
        (``provides("sampler")`` says so beforehand).
        """
        raise NotImplementedError(f"{self.slug} has no sampler for search bots")

    def evaluate(self, state: S) -> Mapping[Role, float] | None:
        """A quick estimate of each role's chance to win from ``state`` (0 to 1), or None (the
        default): search bots judge by it a playout cut short. It may read the whole state, since
        search bots call it on their samples only. On a finished game it gives the result itself,
        1 to each winner and 0 to each loser (a draw as the title counts it: a solitaire game
        with no winner is lost)."""
        return None

    def rollout_choices(self, state: S, role: Role) -> Sequence[Action] | None:
        """Where ``role``'s decision now is a turning point, the legal actions that search bots
        should compare by playing each out to the end of the stage (:meth:`stage`) on the same
        samples, rather than by their tree search: all of them, or the ones worth the time (the
        bot adds its guide's choice). The choice of a card that sets a whole game turn, say
        (docs/bots.md). Read from what ``role`` sees only. None, the default: no turning point."""
        return None

    def stage(self, state: S) -> Hashable:
        """Which stage of play ``state`` is in (a game turn, say): a rollout from a turning point
        (:meth:`rollout_choices`) is played on until this changes, then judged. One stage for the
        whole game by default: rollouts are played to the end."""
        return None

    # -- learning environments (optional) ------------------------------------------------------
    def action_space(
        self, scenario: str | None = None, options: Mapping[str, Any] | None = None
    ) -> Sequence[Action]:
        """Every action that can ever be legal in a game set up with ``scenario`` and ``options``,
        for any role, each once and always in the same order: the learning environment (outremer/rl)
        numbers actions by their place in it. It may hold actions that never turn out legal, never
        miss one that does. Callers pass a checked scenario and options (:meth:`check_setup`).

        The default, like that of :meth:`observe`, raises NotImplementedError: the title has no
        learning environment (``provides("learning")`` says so beforehand).
        """
        raise NotImplementedError(f"{self.slug} has no action space for learning environments")

    def observe(self, state: S, role: Role) -> list[float]:
        """What ``role`` sees, as numbers between 0 and 1: an encoding of ``view(state, role)`` (made
        from it, or from exactly the facts it shows, never from anything hidden from ``role``), as
        many numbers for every state of games set up with the same scenario and options.
        """
        raise NotImplementedError(f"{self.slug} has no numeric observation for learning environments")

    # -- plain data ----------------------------------------------------------------------------
    @abstractmethod
    def copy(self, state: S) -> S:
        """An independent copy (cheap: search bots copy states millions of times)."""

    @abstractmethod
    def to_json(self, state: S) -> dict[str, Any]:
        """The whole state as JSON-able data (the format is documented per title)."""

    @abstractmethod
    def from_json(self, data: Mapping[str, Any]) -> S:
        """A state from :meth:`to_json` output, or a hand-written position; raises BadSave."""

    @abstractmethod
    def barrier(self, state: S) -> int:
        """A counter that changes whenever randomness is drawn or hidden information revealed.

        Undo may not step back over an action that changed it (docs/architecture.md#undo).
        """
