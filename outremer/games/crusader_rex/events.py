"""The five Event cards (4.2 and the card notes of page 3).

Rulings (the printed card faces are not in the rulebook text; docs/crusader-rex/rulings.md):
- An Event replaces its player's moves. Assassins and Manna give no move; Guide and Jihad give one
  Group Move (5.2), nothing else.
- Assassins: the player names a town holding enemy blocks on the map; the victim is one of them
  at random (enemy blocks stand upright, so pointing at one is a blind pick). It is revealed and the
  Assassin block (A3, strength 3) fires at it once: each die of 1-3 takes a step, with no double
  defense and no return fire. Playable in the Winter Turn.
- Guide: road limits rise to 8 (major, iron bridge) and 4 (minor) for that player's moves,
  retreats and regroups until the end of the game turn.
- Jihad: after the Group Move, before Player 2 moves, the player names one battle: a town where
  both sides stand in the field, or a siege the player is besieging. The bonus (combat.py): in
  round 1 of that battle every Jihad block fires before every enemy block.
- Manna: up to three different friendly blocks on the map below full strength gain a step each.
  Whether the player is asked is told from public facts only (the enemy cannot see strengths): the
  player is asked while it has blocks on the map not yet chosen, and may answer done at any time,
  even with no block below full strength (docs/crusader-rex/rulings.md, "Hidden information").
"""

from __future__ import annotations

from typing import cast

from ...engine import rng
from ...engine.procedures import Frame
from .board import enemy
from .common import (
    BLOCKS,
    TOWNS,
    field_blocks,
    log,
    occupants,
    others,
    reduce,
    reveal,
    roll,
    rules_of_format_1,
)
from .procedures import PROCEDURES, Action, ask, begin, decision, end, opening, sequence
from .records import Manna
from .state import State

ASSASSIN = "assassins"
MANNA_BLOCKS = 3


def start_event(state: State, side: str, card: str) -> None:
    """Resolve ``side``'s Event ``card`` from a position built by hand (positions.py)."""
    begin(state, "event", side=side, card=card)
    PROCEDURES.settle(state)


def _event(state: State, frame: Frame) -> None:
    """The sequence of an Event (4.2): its decision or its Group Move, then for Jihad the battle
    it names; ``stage`` says what is left once what it pushed has ended."""
    side, card = frame["side"], frame["card"]
    if opening(frame):
        frame["stage"] = "jihad" if card == "jihad" else "end"
        _open(state, side, card)
    elif frame["stage"] == "jihad":
        frame["stage"] = "end"
        choose_jihad(state, side)
    else:
        end(state)


def _open(state: State, side: str, card: str) -> None:
    log(state, "4.2", "The {side} play the {card} event.", side=side, card=card.capitalize())
    if card == "assassins":
        if _assassin_targets(state, side):
            ask(state, "assassins", side)
        else:
            log(state, "4.2", "There is no enemy block on the map for the Assassins.")
    elif card == "manna":
        state.work = {"manna": []}
        if _manna_asks(state, side):
            ask(state, "manna", side)
        else:
            state.work = None
    elif card == "guide":
        state.flags["guide"] = side
        begin(state, "move_phase", {"moves": 1, "event": "guide"}, side=side)
    elif card == "jihad":
        begin(state, "move_phase", {"moves": 1, "event": "jihad"}, side=side)
    else:  # pragma: no cover - Intrigue is resolved into another card before this
        raise AssertionError(f"unexpected event {card}")


# -- Assassins ---------------------------------------------------------------------------------
def _assassin_targets(state: State, side: str) -> list[str]:
    foe = enemy(side)
    return sorted(t for t, bs in occupants(state).items() if any(BLOCKS[b].side == foe for b in bs))


def _assassins_legal(state: State, role: str) -> list[Action]:
    return [("town", t) for t in _assassin_targets(state, role)]


def _assassins_perform(state: State, role: str, action: Action) -> None:
    town = action[1]
    foe = enemy(role)
    victims = [b for b, where in state.loc.items() if where == town and BLOCKS[b].side == foe]
    state.barrier += 1
    victim = victims[rng.below(state, len(victims))]
    reveal(state, [victim])
    info = BLOCKS[victim]
    dice = roll(state, BLOCKS[ASSASSIN].max_steps)
    hits = sum(1 for d in dice if d <= BLOCKS[ASSASSIN].firepower)
    log(
        state,
        "2.4",
        "The Assassin strikes {block} ({side}, strength {steps}) at {town}: rolls {dice}, {hits} hit(s).",
        block=info.label,
        side=foe,
        steps=state.steps[victim],
        town=town,
        dice=" ".join(map(str, dice)),
        hits=hits,
    )
    if hits:
        reduce(state, victim, hits, "2.4")
    if state.loc[victim] == town:
        state.revealed.discard(victim)
    end(state)


# -- Manna -------------------------------------------------------------------------------------
def _work(state: State) -> Manna | None:
    """The Manna record in ``state.work`` while Manna is resolved (4.2)."""
    return cast("Manna | None", state.work)


def _manna_chosen(state: State) -> list[str]:
    work = _work(state)
    return work["manna"] if work else []


def _manna_candidates(state: State, side: str) -> list[str]:
    chosen = _manna_chosen(state)
    return [
        b
        for b, where in state.loc.items()
        if where in TOWNS
        and BLOCKS[b].side == side
        and b not in chosen
        and state.steps[b] < BLOCKS[b].max_steps
    ]


def _manna_asks(state: State, side: str) -> bool:
    """Whether Manna asks ``side`` (again), told from what the enemy sees as well (4.2): fewer than
    three blocks chosen, and more of the side's blocks on the map than were chosen. Which of them are
    below full strength is hidden from the enemy, so it decides nothing here (games saved before
    this ruling asked only while a block below full strength was left: common.rules_of_format_1)."""
    chosen = _manna_chosen(state)
    if len(chosen) >= MANNA_BLOCKS:
        return False
    if rules_of_format_1(state):
        return bool(_manna_candidates(state, side))
    on_map = sum(1 for b, where in state.loc.items() if where in TOWNS and BLOCKS[b].side == side)
    return on_map > len(chosen)


def _manna_legal(state: State, role: str) -> list[Action]:
    out: list[Action] = [("block", b) for b in _manna_candidates(state, role)]
    out.append(("done",))
    return out


def _manna_perform(state: State, role: str, action: Action) -> None:
    if action[0] == "block":
        b = action[1]
        work = _work(state)
        assert work is not None
        work["manna"].append(b)
        state.steps[b] += 1
        log(
            state,
            "4.2",
            "Manna: {block} at {town} gains a step.",
            audience=role,
            block=BLOCKS[b].label,
            town=state.loc[b],
        )
        log(
            state,
            "4.2",
            "Manna: a {side:adj} block at {town} gains a step.",
            audience=others(role),
            side=role,
            town=state.loc[b],
        )
        if _manna_asks(state, role):
            return
    state.work = None
    end(state)


# -- Jihad -------------------------------------------------------------------------------------
def jihad_candidates(state: State, side: str) -> list[str]:
    """Battles the Jihad player may name: both sides in the field, or its own siege."""
    foe = enemy(side)
    out = []
    for t, bs in occupants(state).items():
        sides_here = {BLOCKS[b].side for b in bs}
        if foe not in sides_here or side not in sides_here:
            continue
        if field_blocks(state, t, side):
            out.append(t)
    return sorted(out)


def choose_jihad(state: State, side: str) -> None:
    """After the Jihad group move: name the battle (automatic with one candidate)."""
    options = jihad_candidates(state, side)
    if len(options) == 1:
        _set_jihad(state, side, options[0])
    elif options:
        ask(state, "jihad", side)
    else:
        log(state, "4.2", "The Jihad finds no battle: its bonus is lost.")


def _set_jihad(state: State, side: str, town: str) -> None:
    state.flags["jihad"] = {"side": side, "town": town}
    log(state, "4.2", "The {side} declare the Jihad at {town}.", side=side, town=town)


def _jihad_legal(state: State, role: str) -> list[Action]:
    return [("town", t) for t in jihad_candidates(state, role)]


def _jihad_perform(state: State, role: str, action: Action) -> None:
    _set_jihad(state, role, action[1])
    end(state)


sequence("event", _event, "4.2")
decision(
    "assassins", _assassins_legal, _assassins_perform, "Assassins: choose a town with enemy blocks to strike."
)
decision(
    "manna",
    _manna_legal,
    _manna_perform,
    "Manna: choose up to three blocks below full strength to gain a step, or done (4.2).",
)
decision("jihad", _jihad_legal, _jihad_perform, "Jihad: name the battle that gets the attack bonus.")
