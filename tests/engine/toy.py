"""Toy: a tiny title that exercises the whole game contract, for the engine's tests.

Two roles, Red and Blue, race pawns to square 8 over at most 6 rounds ("rules" cited as T.x):

- T.1 Setup: each role draws a secret card (1-6) that only it sees, until the end.
- T.2 Bid: both roles bid 1-3 at once, face down. When both have bid the bids are revealed; the
  higher bidder marches (a tie is settled by a die roll: 1-3 Red, 4-6 Blue).
- T.3 March: the marcher steps its pawn 1 or 2 squares at a time, up to its bid, then says done
  (or runs out of moves). Once per march it may gamble: roll a die, 4-6 gives one more move.
- T.4 Roll: the other role rolls a die; on a 6 its pawn steps one square. Next round.
- T.5 End: when a pawn reaches square 8 or after round 6, each score is square + secret card; the
  higher score wins, equal scores draw.

It runs on the engine's procedure stack (outremer/engine/procedures.py), as a title should
(docs/writing-a-title.md walks through it): a ``round`` frame (T.2-T.4) runs by itself and pushes
in turn the ``bid`` (a simultaneous decision: each bid sealed in the frame until both are in),
the ``march`` (the marcher's procedure) and the ``roll`` (a decision of the role that did not
march, named by its frame), each of which ends by popping with a result for the round.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from outremer.bots.random_bot import RandomBot
from outremer.engine import rng
from outremer.engine.errors import BadSave
from outremer.engine.game import Action, Game, Option, Outcome
from outremer.engine.plain import FLAT, GENERATOR, LOG, NESTED, SHARED, PlainState, slots
from outremer.engine.procedures import SEALED, Frame, Procedures, public_frame
from outremer.engine.rng import fresh

RED, BLUE = "Red", "Blue"
ROLES = (RED, BLUE)
GOAL = 8
ROUNDS = 6
FORMAT = "outremer/toy/state/2"
"""The state's JSON format (2: the sequence of play kept as a procedure stack)."""


def _other(role: str) -> str:
    return BLUE if role == RED else RED


# The state's fields in JSON order, each with how deep a copy goes (engine.plain).
FIELDS = (
    ("rng", GENERATOR),
    ("barrier", SHARED),
    ("round", SHARED),
    ("stack", NESTED),
    ("bids", FLAT),
    ("pos", FLAT),
    ("secret", FLAT),
    ("log", LOG),
    ("result", SHARED),
    ("options", SHARED),
)


class ToyState(PlainState, fields=FIELDS, json_format=FORMAT, title="Toy Race"):
    """The whole toy state, plain data; ``copy``, ``to_json`` and ``from_json`` come from
    ``FIELDS``."""

    __slots__ = slots(FIELDS)

    rng: rng.Value  # the random generator (engine.rng)
    barrier: int  # bumped by every die and reveal: undo stops there
    round: int  # 1-6 (T.5)
    stack: list[Frame]  # the procedures under way, innermost last
    bids: dict[str, int | None]  # the round's bids once revealed, else None (T.2)
    pos: dict[str, int]  # each pawn's square (T.3, T.4)
    secret: dict[str, int]  # each role's secret card (T.1)
    log: list[list[Any]]  # [rule, audience or None (everyone), text]
    result: dict[str, Any] | None  # winners, reason and scores once over (T.5)
    options: dict[str, bool]  # the setup options, never changed

    @classmethod
    def new(cls, seed: int, generator: str, options: dict[str, bool], start: int) -> ToyState:
        """A state before the secret cards are drawn, the pawns on square ``start``."""
        s = cls.__new__(cls)
        s.rng = rng.seed_state(seed, generator)
        s.barrier, s.round, s.stack, s.log, s.result = 0, 1, [], [], None
        s.bids = dict.fromkeys(ROLES)
        s.pos = dict.fromkeys(ROLES, start)
        s.secret = {}
        s.options = options
        return s

    def say(self, rule: str, text: str, audience: str | None = None) -> None:
        self.log.append([rule, audience, text])


PROCEDURES: Procedures[ToyState] = Procedures("Toy Race")


# -- T.2-T.4: a round ------------------------------------------------------------------------
def _round(state: ToyState, frame: Frame) -> None:
    """T.2-T.4: bid, then march, then roll; then the next round or the end (T.5)."""
    done = frame.pop("done", None)
    if done is None:
        state.bids = dict.fromkeys(ROLES)
        state.say("T.2", f"Round {state.round}: both sides bid face down.")
        PROCEDURES.push(state, "bid")
    elif done["kind"] == "bid":
        PROCEDURES.push(state, "march", roles=[done["mover"]], moves=done["moves"], gambled=False)
    elif done["kind"] == "march":
        PROCEDURES.push(state, "roll", roles=[_other(done["mover"])])
    elif state.pos[done["roller"]] >= GOAL or state.round >= ROUNDS:
        _end(state)
    else:
        PROCEDURES.pop(state, frame)
        state.round += 1
        PROCEDURES.push(state, "round")


# -- T.2: the bid, face down -----------------------------------------------------------------
def _bids(state: ToyState, frame: Frame, role: str) -> list[Action]:
    return [("bid", n) for n in (1, 2, 3)]


def _bid_sealed(state: ToyState, frame: Frame, role: str, action: Action) -> None:
    state.say("T.2", f"{role} bids face down.")
    state.say("T.2", f"You bid {action[1]}.", role)


def _reveal(state: ToyState, frame: Frame, bids: dict[str, Action]) -> None:
    """T.2: both bids shown; the higher bidder marches, a die settling a tie."""
    state.bids = {r: bids[r][1] for r in ROLES}
    state.barrier += 1
    red, blue = bids[RED][1], bids[BLUE][1]
    state.say("T.2", f"Bids revealed: Red {red}, Blue {blue}.")
    if red == blue:
        die = rng.d6(state)
        mover = RED if die <= 3 else BLUE
        state.say("T.2", f"Tie; the die shows {die}: {mover} marches.")
    else:
        mover = RED if red > blue else BLUE
    PROCEDURES.pop(state, frame, mover=mover, moves=max(red, blue))


# -- T.3: the march --------------------------------------------------------------------------
def _march_choices(state: ToyState, frame: Frame, role: str) -> list[Action]:
    acts: list[Action] = [("step", n) for n in (1, 2) if n <= frame["moves"]]
    if state.options.get("gamble", True) and not frame["gambled"]:
        acts.append(("gamble",))
    acts.append(("done",))
    return acts


def _march(state: ToyState, frame: Frame, role: str, action: Action) -> None:
    verb = action[0]
    if verb == "step":
        state.pos[role] += action[1]
        frame["moves"] -= action[1]
        state.say("T.3", f"{role} steps {action[1]} to square {state.pos[role]}.")
        if state.pos[role] >= GOAL:
            _end(state)
        elif frame["moves"] == 0:
            PROCEDURES.pop(state, frame, mover=role)
    elif verb == "gamble":
        frame["gambled"] = True
        die = rng.d6(state)
        state.barrier += 1
        if die >= 4:
            frame["moves"] += 1
        state.say("T.3", f"{role} gambles and rolls {die}: {'one more move' if die >= 4 else 'nothing'}.")
    else:
        state.say("T.3", f"{role} ends the march.")
        PROCEDURES.pop(state, frame, mover=role)


# -- T.4: the other role's roll --------------------------------------------------------------
def _roll(state: ToyState, frame: Frame, role: str, action: Action) -> None:
    die = rng.d6(state)
    state.barrier += 1
    state.say("T.4", f"{role} rolls {die}.")
    if die == 6:
        state.pos[role] += 1
        state.say("T.4", f"{role} steps to square {state.pos[role]}.")
    PROCEDURES.pop(state, frame, roller=role)


# -- T.5: the end ----------------------------------------------------------------------------
def _end(state: ToyState) -> None:
    state.barrier += 1
    state.stack.clear()
    scores = {r: state.pos[r] + state.secret[r] for r in ROLES}
    state.say("T.5", f"Secret cards: Red {state.secret[RED]}, Blue {state.secret[BLUE]}.")
    if scores[RED] == scores[BLUE]:
        winners: list[str] = []
        reason = f"both score {scores[RED]}"
    else:
        winner = max(ROLES, key=lambda r: scores[r])
        winners = [winner]
        reason = f"{winner} scores {scores[winner]} to {scores[_other(winner)]}"
    state.result = {"winners": winners, "reason": reason, "scores": scores}
    state.say("T.5", f"Game over: {reason}.")


PROCEDURES.procedure("round", run=_round, rule="T.2-T.4")
PROCEDURES.simultaneous(
    "bid",
    roles=lambda state, frame: ROLES,
    legal=_bids,
    resolve=_reveal,
    committed=_bid_sealed,
    prompt="Bid 1-3, face down.",
    rule="T.2",
)
PROCEDURES.procedure(
    "march",
    legal=_march_choices,
    perform=_march,
    prompt=lambda state, frame, role: f"March: {frame['moves']} moves left.",
    rule="T.3",
)
PROCEDURES.procedure(
    "roll", legal=lambda state, frame, role: [("roll",)], perform=_roll, prompt="Roll.", rule="T.4"
)


class GreedyBot:
    """Bids high, always steps 2 if it can: a title-offered bot for the bot registry tests."""

    name = "greedy"

    def __init__(self, seed: int) -> None:
        self.fallback = RandomBot(seed)

    def choose(self, game: Game[Any], state: Any, role: str) -> Action:
        legal = game.legal_actions(state, role)
        for pick in (("bid", 3), ("step", 2), ("step", 1)):
            if pick in legal:
                return pick
        return self.fallback.choose(game, state, role)


class ToyGame(Game[ToyState]):
    """The toy title."""

    slug = "toy"
    title = "Toy Race"
    roles = ROLES
    scenarios = ("race", "short")
    options = (Option("gamble", True, "The marcher may gamble once per march", "T.3"),)

    def bots(self) -> dict[str, Any]:
        return {"greedy": lambda game, seed: GreedyBot(seed)}

    def setup(
        self,
        seed: int,
        scenario: str | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        generator: str = rng.KEYED,
    ) -> ToyState:
        scenario, chosen = self.check_setup(scenario, options)
        state = ToyState.new(seed, generator, chosen, 5 if scenario == "short" else 0)
        for role in ROLES:
            state.secret[role] = rng.d6(state)
            state.say("T.1", f"{role} draws a secret card.")
            state.say("T.1", f"Your secret card is {state.secret[role]}.", role)
        PROCEDURES.push(state, "round")
        PROCEDURES.settle(state)
        return state

    def active_roles(self, state: ToyState) -> tuple[str, ...]:
        return PROCEDURES.deciders(state)

    def legal_actions(self, state: ToyState, role: str) -> list[Action]:
        return PROCEDURES.legal(state, role)

    def perform(self, state: ToyState, role: str, action: Action) -> None:
        PROCEDURES.perform(state, role, action)

    def view(self, state: ToyState, role: str | None) -> dict[str, Any]:
        frame = PROCEDURES.top(state)
        phase = "over" if frame is None else frame["kind"]
        bids: dict[str, Any] = dict(state.bids)
        if phase == "bid":
            assert frame is not None
            sealed = public_frame(frame, role).get(SEALED, {})
            bids = {r: None if r not in sealed else sealed[r][1] if r == role else "face down" for r in ROLES}
        over = state.result is not None
        return {
            "round": state.round,
            "phase": phase,
            "active": list(self.active_roles(state)),
            "positions": dict(state.pos),
            "bids": bids,
            "moves": frame["moves"] if phase == "march" and frame is not None else None,
            "my_secret": state.secret.get(role) if role is not None else None,
            "secrets": dict(state.secret) if over else None,
            "prompt": self.prompt(state, role),
            "legal": [list(a) for a in self.legal_actions(state, role)] if role is not None else [],
            "outcome": state.result,
        }

    def prompt(self, state: ToyState, role: str | None) -> str:
        if state.result is not None:
            return "The game is over."
        active = self.active_roles(state)
        if role is None or role not in active:
            return f"Waiting for {', '.join(active)}."
        return PROCEDURES.prompt(state, role)

    def log(self, state: ToyState, role: str | None, start: int = 0) -> list[dict[str, Any]]:
        return [{"rule": r, "text": t} for r, aud, t in state.log if aud is None or aud == role][start:]

    def outcome(self, state: ToyState) -> Outcome | None:
        r = state.result
        if r is None:
            return None
        return Outcome(tuple(r["winners"]), r["reason"], {k: float(v) for k, v in r["scores"].items()})

    def describe_action(self, state: ToyState, role: str, action: Action) -> str:
        return {
            "bid": lambda: f"bid {action[1]} (face down)",
            "step": lambda: f"step {action[1]} square{'s' if action[1] > 1 else ''}",
            "gamble": lambda: "gamble for an extra move (die roll)",
            "done": lambda: "end the march",
            "roll": lambda: "roll the die",
        }[action[0]]()

    def sample(self, state: ToyState, role: str, rng: random.Random) -> ToyState:
        """The other role's secret card and sealed bid dealt anew (``Procedures.reseal``), its
        private log entries dropped, a fresh generator: what ``role`` cannot tell from ``state``."""
        other = _other(role)
        s = self.copy(state)
        s.log = [e for e in state.log if e[1] != other]
        if state.result is None:
            s.secret[other] = rng.randint(1, 6)
        PROCEDURES.reseal(s, role, rng)
        s.rng = fresh(rng)
        return s

    def action_space(
        self, scenario: str | None = None, options: Mapping[str, Any] | None = None
    ) -> list[Action]:
        return [*(("bid", n) for n in (1, 2, 3)), ("step", 1), ("step", 2), ("gamble",), ("done",), ("roll",)]

    def observe(self, state: ToyState, role: str) -> list[float]:
        """The view as numbers: seat, round, phase, who acts, pawns, bids (a face-down one as a
        flag), moves left, the secret card, and once over every secret card."""
        v = self.view(state, role)
        out = [float(role == r) for r in ROLES] + [v["round"] / ROUNDS]
        out += [float(v["phase"] == p) for p in ("bid", "march", "roll", "over")]
        out += [float(r in v["active"]) for r in ROLES] + [min(v["positions"][r] / GOAL, 1.0) for r in ROLES]
        for r in ROLES:
            bid = v["bids"][r]
            out += [bid / 3 if isinstance(bid, int) else 0.0, float(bid == "face down")]
        out += [(v["moves"] or 0) / 4, (v["my_secret"] or 0) / 6]
        out += [(v["secrets"] or {}).get(r, 0) / 6 for r in ROLES]
        return out

    def copy(self, state: ToyState) -> ToyState:
        return state.copy()

    def to_json(self, state: ToyState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: Mapping[str, Any]) -> ToyState:
        state = ToyState.from_json(data)
        if not isinstance(state.stack, list) or not all(
            isinstance(f, dict) and f.get("kind") in PROCEDURES.kinds for f in state.stack
        ):
            raise BadSave("toy state has a malformed procedure stack")
        return state

    def barrier(self, state: ToyState) -> int:
        return state.barrier
