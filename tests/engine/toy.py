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
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from outremer.bots.random_bot import RandomBot
from outremer.engine import rng
from outremer.engine.errors import BadSave
from outremer.engine.game import Action, Game, Option, Outcome
from outremer.engine.rng import fresh

RED, BLUE = "Red", "Blue"
ROLES = (RED, BLUE)
GOAL = 8
ROUNDS = 6


def _generator(value: Any) -> rng.Value:
    rng.check(value)
    return value


def _other(role: str) -> str:
    return BLUE if role == RED else RED


@dataclass
class ToyState:
    """The whole toy state; plain data."""

    rng: rng.Value
    barrier: int = 0
    round: int = 1
    phase: str = "bid"
    active: list[str] = field(default_factory=lambda: list(ROLES))
    bids: dict[str, int | None] = field(default_factory=lambda: dict.fromkeys(ROLES))
    revealed: bool = False
    pos: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ROLES, 0))
    secret: dict[str, int] = field(default_factory=dict)
    mover: str | None = None
    moves: int = 0
    gambled: bool = False
    log: list[list[Any]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    options: dict[str, bool] = field(default_factory=dict)

    def say(self, rule: str, text: str, audience: str | None = None) -> None:
        self.log.append([rule, audience, text])


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
        state = ToyState(rng=rng.seed_state(seed, generator), options=chosen)
        if scenario == "short":
            state.pos = dict.fromkeys(ROLES, 5)
        for role in ROLES:
            state.secret[role] = rng.d6(state)
            state.say("T.1", f"{role} draws a secret card.")
            state.say("T.1", f"Your secret card is {state.secret[role]}.", role)
        state.say("T.2", "Round 1: both sides bid face down.")
        return state

    def active_roles(self, state: ToyState) -> tuple[str, ...]:
        return tuple(state.active)

    def legal_actions(self, state: ToyState, role: str) -> list[Action]:
        if role not in state.active:
            return []
        if state.phase == "bid":
            return [("bid", n) for n in (1, 2, 3)]
        if state.phase == "march":
            acts: list[Action] = [("step", n) for n in (1, 2) if n <= state.moves]
            if state.options.get("gamble", True) and not state.gambled:
                acts.append(("gamble",))
            acts.append(("done",))
            return acts
        if state.phase == "roll":
            return [("roll",)]
        return []

    def perform(self, state: ToyState, role: str, action: Action) -> None:
        verb = action[0]
        if verb == "bid":
            state.bids[role] = action[1]
            state.active.remove(role)
            state.say("T.2", f"{role} bids face down.")
            state.say("T.2", f"You bid {action[1]}.", role)
            if not state.active:
                self._reveal(state)
        elif verb == "step":
            state.pos[role] += action[1]
            state.moves -= action[1]
            state.say("T.3", f"{role} steps {action[1]} to square {state.pos[role]}.")
            if state.pos[role] >= GOAL:
                self._end(state)
            elif state.moves == 0:
                self._to_roll(state)
        elif verb == "gamble":
            state.gambled = True
            die = rng.d6(state)
            state.barrier += 1
            if die >= 4:
                state.moves += 1
            state.say("T.3", f"{role} gambles and rolls {die}: {'one more move' if die >= 4 else 'nothing'}.")
        elif verb == "done":
            state.say("T.3", f"{role} ends the march.")
            self._to_roll(state)
        elif verb == "roll":
            die = rng.d6(state)
            state.barrier += 1
            state.say("T.4", f"{role} rolls {die}.")
            if die == 6:
                state.pos[role] += 1
                state.say("T.4", f"{role} steps to square {state.pos[role]}.")
            if state.pos[role] >= GOAL or state.round >= ROUNDS:
                self._end(state)
            else:
                state.round += 1
                state.phase, state.active = "bid", list(ROLES)
                state.bids = dict.fromkeys(ROLES)
                state.revealed = False
                state.say("T.2", f"Round {state.round}: both sides bid face down.")
        else:  # pragma: no cover - perform is only given legal actions
            raise AssertionError(action)

    def _reveal(self, state: ToyState) -> None:
        state.revealed = True
        state.barrier += 1
        red, blue = state.bids[RED] or 0, state.bids[BLUE] or 0
        state.say("T.2", f"Bids revealed: Red {red}, Blue {blue}.")
        if red == blue:
            die = rng.d6(state)
            mover = RED if die <= 3 else BLUE
            state.say("T.2", f"Tie; the die shows {die}: {mover} marches.")
        else:
            mover = RED if red > blue else BLUE
        state.phase, state.active, state.mover = "march", [mover], mover
        state.moves, state.gambled = max(red, blue), False

    def _to_roll(self, state: ToyState) -> None:
        assert state.mover is not None
        state.phase, state.active = "roll", [_other(state.mover)]

    def _end(self, state: ToyState) -> None:
        state.barrier += 1
        state.phase, state.active = "over", []
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

    def view(self, state: ToyState, role: str | None) -> dict[str, Any]:
        bids: dict[str, Any] = {}
        for r in ROLES:
            bid = state.bids[r]
            if bid is None:
                bids[r] = None
            elif state.revealed or r == role:
                bids[r] = bid
            else:
                bids[r] = "face down"
        over = state.result is not None
        return {
            "round": state.round,
            "phase": state.phase,
            "active": list(state.active),
            "positions": dict(state.pos),
            "bids": bids,
            "moves": state.moves if state.phase == "march" else None,
            "my_secret": state.secret.get(role) if role is not None else None,
            "secrets": dict(state.secret) if over else None,
            "prompt": self._prompt(state, role),
            "legal": [list(a) for a in self.legal_actions(state, role)] if role is not None else [],
            "outcome": state.result,
        }

    def _prompt(self, state: ToyState, role: str | None) -> str:
        if state.result is not None:
            return "The game is over."
        if role is None or role not in state.active:
            return f"Waiting for {', '.join(state.active)}."
        return {"bid": "Bid 1-3, face down.", "march": f"March: {state.moves} moves left.", "roll": "Roll."}[
            state.phase
        ]

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
        """The other role's secret card and face-down bid dealt anew, its private log entries
        dropped, a fresh generator: what ``role`` cannot tell from ``state``."""
        other = _other(role)
        s = self.copy(state)
        s.log = [e for e in state.log if e[1] != other]
        if state.result is None:
            s.secret[other] = rng.randint(1, 6)
        if s.bids[other] is not None and not state.revealed:
            s.bids[other] = rng.randint(1, 3)
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
        return ToyState(
            rng=state.rng,
            barrier=state.barrier,
            round=state.round,
            phase=state.phase,
            active=list(state.active),
            bids=dict(state.bids),
            revealed=state.revealed,
            pos=dict(state.pos),
            secret=dict(state.secret),
            mover=state.mover,
            moves=state.moves,
            gambled=state.gambled,
            log=list(state.log),  # entries are never changed once written
            result=None if state.result is None else dict(state.result),
            options=dict(state.options),
        )

    def to_json(self, state: ToyState) -> dict[str, Any]:
        return {
            "format": "outremer/toy/state/1",
            "rng": state.rng,
            "barrier": state.barrier,
            "round": state.round,
            "phase": state.phase,
            "active": list(state.active),
            "bids": dict(state.bids),
            "revealed": state.revealed,
            "pos": dict(state.pos),
            "secret": dict(state.secret),
            "mover": state.mover,
            "moves": state.moves,
            "gambled": state.gambled,
            "log": [list(e) for e in state.log],
            "result": state.result,
            "options": dict(state.options),
        }

    def from_json(self, data: Mapping[str, Any]) -> ToyState:
        if data.get("format") != "outremer/toy/state/1":
            raise BadSave(f"not a toy state: format {data.get('format')!r}")
        try:
            return ToyState(
                rng=_generator(data["rng"]),
                barrier=int(data["barrier"]),
                round=int(data["round"]),
                phase=str(data["phase"]),
                active=list(data["active"]),
                bids=dict(data["bids"]),
                revealed=bool(data["revealed"]),
                pos=dict(data["pos"]),
                secret=dict(data["secret"]),
                mover=data["mover"],
                moves=int(data["moves"]),
                gambled=bool(data["gambled"]),
                log=[list(e) for e in data["log"]],
                result=None if data["result"] is None else dict(data["result"]),
                options=dict(data["options"]),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise BadSave(f"toy state is malformed: {exc!r}") from exc

    def barrier(self, state: ToyState) -> int:
        return state.barrier
