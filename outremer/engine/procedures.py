"""The procedure stack: how a title runs its sequence of play (docs/architecture.md).

Rules nest: a battle inside a march inside an event inside a game turn. Each procedure under way
is a *frame* on the state's ``stack``, a JSON-native dict whose ``"kind"`` names the procedure and
whose other keys are its working data; the innermost is last. A procedure, registered by kind on
the title's :class:`Procedures`, either **asks** (one role, or several at once) or **runs** by
itself; it ends by popping its frame, which hands control back to the frame below, and may push
other procedures to run first. :meth:`Procedures.settle` runs frames until a role must decide or
the game is over; a procedure that neither asks nor ends trips a guard.

Who decides is the frame's business, not the turn order's: a procedure names its deciding roles
(``roles``), so a role may answer inside another's procedure (an *out-of-turn* decision: a
reaction, an interception, a response window) and several roles may decide at once. A
*simultaneous* decision (:meth:`Procedures.simultaneous`) keeps each role's choice sealed in the
frame until every role has committed, then resolves them together; views show only that a role
has committed (:func:`public_frame`), and samplers deal the others' sealed choices anew
(:meth:`Procedures.reseal`).

Fair play (docs/architecture.md#hidden-information: windows open on public facts): a procedure
that gives a role the chance to respond should be pushed on a public fact and offer a pass even
when the role has nothing to respond with; otherwise the pause itself would tell the others what
the role holds.

The state only needs two attributes: ``stack`` (the list of frames) and ``result`` (None while the
game goes on). Frames are plain data, so states copy and save with the rest of the title's fields.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from .errors import IllegalAction

Action = tuple[Any, ...]
Role = str
Frame = dict[str, Any]


class Stacked(Protocol):
    """What the procedure stack needs of a state."""

    stack: list[Frame]
    result: Any


S = TypeVar("S", bound=Stacked)

Roles = Callable[[S, Frame], Sequence[Role]]
Legal = Callable[[S, Frame, Role], list[Action]]
Perform = Callable[[S, Frame, Role, Action], None]
Run = Callable[[S, Frame], None]
Prompt = Callable[[S, Frame, Role], str]
Resolve = Callable[[S, Frame, dict[Role, Action]], None]
Check = Callable[[S], None]

MAX_STEPS = 100_000
"""How many steps :meth:`Procedures.settle` takes without a decision before it calls the title
broken: a procedure that neither asks nor ends (a bug, never a rule)."""

SEALED = "sealed"
"""The key of a simultaneous frame that holds each committed role's choice."""


class ProcedureError(RuntimeError):
    """A title's procedures are wrong (a bug in the title, never a player's mistake)."""


def frame_roles(state: Any, frame: Frame) -> Sequence[Role]:
    """The default deciding roles: the frame's own ``"roles"`` list (none: it runs by itself)."""
    roles: Sequence[Role] = frame.get("roles", ())
    return roles


@dataclass(frozen=True)
class Procedure(Generic[S]):
    """One kind of procedure: who decides in its frame, their choices, how a choice is carried
    out and said in words, and how the frame runs when nobody is asked."""

    kind: str
    roles: Roles[S]
    legal: Legal[S] | None
    perform: Perform[S] | None
    run: Run[S] | None
    prompt: Prompt[S]
    rule: str

    def asks(self, state: S, frame: Frame) -> tuple[Role, ...]:
        """The roles that must decide in ``frame`` now.

        A procedure that only asks (no ``run``) asks the roles it names, each of which must have a
        choice; one that may also run by itself asks those of them that have a choice, and runs
        when none has."""
        if self.legal is None:
            return ()
        named = tuple(self.roles(state, frame))
        if self.run is None:
            return named
        legal = self.legal
        return tuple(r for r in named if legal(state, frame, r))


class Procedures(Generic[S]):
    """A title's procedures by kind, and the stack machine that runs them on its states.

    Each title has one (``PROCEDURES = Procedures("The First Crusade")`` in a module at the bottom of
    its package); rules modules register their procedures on it when imported, and push the others'
    by kind, so a rule section need not import the section it hands over to.
    """

    def __init__(self, title: str, roles: Roles[S] = frame_roles) -> None:
        self.title = title
        self.default_roles = roles
        self.kinds: dict[str, Procedure[S]] = {}

    # -- registering ------------------------------------------------------------------------
    def procedure(
        self,
        kind: str,
        *,
        legal: Legal[S] | None = None,
        perform: Perform[S] | None = None,
        run: Run[S] | None = None,
        prompt: Prompt[S] | str = "",
        roles: Roles[S] | None = None,
        rule: str = "",
    ) -> None:
        """Register the procedure ``kind`` (each kind once).

        ``legal`` lists a role's choices in a frame, ``perform`` carries one out, ``prompt`` says
        what is asked (citing ``rule``); ``roles`` names who may be asked (default: the title's,
        see :func:`frame_roles`). While no named role has a choice, the frame runs with ``run``.
        A procedure needs ``run``, or ``legal`` with ``perform``, or both.
        """
        if kind in self.kinds:
            raise ProcedureError(f"{self.title}: procedure {kind!r} registered twice")
        if (legal is None) != (perform is None):
            raise ProcedureError(f"{self.title}: procedure {kind!r} needs both legal and perform, or neither")
        if legal is None and run is None:
            raise ProcedureError(f"{self.title}: procedure {kind!r} neither asks nor runs")
        if isinstance(prompt, str):
            text = prompt or (f"{kind} ({rule})" if rule else kind)

            def prompt_fn(state: S, frame: Frame, role: Role) -> str:
                return text

            prompt = prompt_fn
        self.kinds[kind] = Procedure(kind, roles or self.default_roles, legal, perform, run, prompt, rule)

    def simultaneous(
        self,
        kind: str,
        *,
        roles: Roles[S],
        legal: Legal[S],
        resolve: Resolve[S],
        prompt: Prompt[S] | str = "",
        rule: str = "",
        committed: Perform[S] | None = None,
    ) -> None:
        """Register a decision that ``roles`` make at once, each unseen by the others (a card
        chosen face down, a sealed commitment).

        Each role's choice is sealed in the frame (under :data:`SEALED`) and the role is asked no
        more; a role's choices may not depend on the others' sealed ones, which it cannot see.
        ``committed``, if given, is called once a choice is sealed, to say so in the log (that
        the role has chosen, for all; what, for the role alone).
        Once every role has committed, ``resolve`` gets the choices together and reveals what
        the rules reveal (bumping the title's barrier); it ends the frame, or opens a new round by
        clearing the seal with :func:`unseal`.
        """

        def asked(state: S, frame: Frame) -> Sequence[Role]:
            sealed = frame.get(SEALED, {})
            return [r for r in roles(state, frame) if r not in sealed]

        def commit(state: S, frame: Frame, role: Role, action: Action) -> None:
            frame.setdefault(SEALED, {})[role] = list(action)
            if committed is not None:
                committed(state, frame, role, action)

        def run(state: S, frame: Frame) -> None:
            sealed = frame.get(SEALED, {})
            resolve(state, frame, {r: tuple(a) for r, a in sealed.items()})

        self.procedure(kind, legal=legal, perform=commit, run=run, prompt=prompt, roles=asked, rule=rule)

    def get(self, kind: str) -> Procedure[S]:
        try:
            return self.kinds[kind]
        except KeyError:
            raise ProcedureError(f"{self.title}: no procedure {kind!r}") from None

    # -- the stack --------------------------------------------------------------------------
    def push(self, state: S, kind: str, **data: Any) -> Frame:
        """Start the procedure ``kind`` inside the one under way; it runs before that one goes
        on. ``data`` is its working data (JSON-native)."""
        self.get(kind)
        frame: Frame = {"kind": kind, **data}
        state.stack.append(frame)
        return frame

    @staticmethod
    def pop(state: S, frame: Frame, **result: Any) -> None:
        """End ``frame``, the innermost; ``result`` is left for the frame below under ``"done"``."""
        if not state.stack or state.stack[-1] is not frame:
            raise ProcedureError(f"procedure {frame.get('kind')!r} is not the innermost")
        state.stack.pop()
        if state.stack and result:
            state.stack[-1]["done"] = {"kind": frame["kind"], **result}

    @staticmethod
    def top(state: S) -> Frame | None:
        """The innermost procedure under way (None once the game is over)."""
        return state.stack[-1] if state.stack and state.result is None else None

    def find(self, state: S, kind: str) -> Frame | None:
        """The innermost frame of ``kind`` under way, or None."""
        for frame in reversed(state.stack):
            if frame["kind"] == kind:
                return frame
        return None

    # -- running ----------------------------------------------------------------------------
    def settle(self, state: S, check: Check[S] | None = None) -> None:
        """Run procedures until a role must decide or the game is over; ``check`` (conditions in
        force at any moment, such as sudden death) is applied before every step."""
        kinds = self.kinds  # the lookups of top() and get(), inlined: this loop runs on every action
        for _ in range(MAX_STEPS):
            if check is not None:
                check(state)
            stack = state.stack
            if not stack or state.result is not None:
                return
            frame = stack[-1]
            proc = kinds.get(frame["kind"]) or self.get(frame["kind"])
            if proc.run is None:  # it only asks (Procedure.asks, inlined): the roles it names
                if proc.legal is not None and proc.roles(state, frame):
                    return
                raise ProcedureError(f"{self.title}: procedure {proc.kind!r} asks nobody and cannot run")
            if proc.legal is not None and proc.asks(state, frame):
                return
            proc.run(state, frame)
        raise ProcedureError(f"{self.title}: procedures ran {MAX_STEPS} steps without asking anyone")

    def deciders(self, state: S) -> tuple[Role, ...]:
        """The roles that must decide now (several for a simultaneous decision; none once over)."""
        frame = self.top(state)
        return self.get(frame["kind"]).asks(state, frame) if frame is not None else ()

    def legal(self, state: S, role: Role) -> list[Action]:
        """``role``'s choices now (none if it is not asked)."""
        stack = state.stack
        if not stack or state.result is not None:
            return []
        frame = stack[-1]
        proc = self.kinds.get(frame["kind"]) or self.get(frame["kind"])
        if proc.legal is None or role not in proc.roles(state, frame):
            return []
        return proc.legal(state, frame, role)

    def perform(self, state: S, role: Role, action: Action, check: Check[S] | None = None) -> None:
        """Carry out ``role``'s ``action`` (already checked to be legal) and run on to the next
        decision."""
        stack = state.stack
        if not stack or state.result is not None:
            raise IllegalAction("the game is over")
        frame = stack[-1]
        proc = self.kinds.get(frame["kind"]) or self.get(frame["kind"])
        if proc.perform is None:
            raise ProcedureError(f"{self.title}: procedure {proc.kind!r} asks nothing")
        proc.perform(state, frame, role, action)
        self.settle(state, check)

    def prompt(self, state: S, role: Role) -> str:
        """What ``role`` is asked now, in words ("" if nothing)."""
        frame = self.top(state)
        return self.get(frame["kind"]).prompt(state, frame, role) if frame is not None else ""

    # -- hidden information ----------------------------------------------------------------
    def reseal(self, state: S, role: Role, rng: random.Random) -> None:
        """For a sampler: every sealed choice of a role other than ``role`` dealt anew among that
        role's legal choices, since ``role`` cannot see them (sealing changes nothing else, so
        those choices are still legal)."""
        for frame in state.stack:
            sealed = frame.get(SEALED)
            if not sealed:
                continue
            proc = self.get(frame["kind"])
            assert proc.legal is not None
            for other in sorted(sealed):
                if other != role:
                    sealed[other] = list(rng.choice(proc.legal(state, frame, other)))


def unseal(frame: Frame) -> dict[Role, Action]:
    """Clear a simultaneous frame's sealed choices (for another round) and return them."""
    sealed = frame.pop(SEALED, {})
    return {r: tuple(a) for r, a in sealed.items()}


def public_frame(frame: Mapping[str, Any], role: Role | None) -> dict[str, Any]:
    """``frame`` as ``role`` (None: an observer) may see it: other roles' sealed choices show
    only that they are made."""
    out = dict(frame)
    sealed = frame.get(SEALED)
    if sealed:
        out[SEALED] = {r: (list(a) if r == role else True) for r, a in sealed.items()}
    return out
