"""Assaults on strongholds in Kingdom of Heaven (§17.7): a battle against the walls, the RF moving
the besieger's column left, +1 for the better leader, +2 for the defender, no pursuit and no
retreat, only blue siege events played (§17.7, §8.4.2); castles fight with their intrinsic
garrison (§17.7.1), cities without one (§17.7.2); success, with the dead garrison, the leaders'
fate and the new marker (§17.7.3), or failure, which hardens the walls (§17.7.4).

Section keys are those of docs/kingdom-of-heaven/sections.md, K-numbers rulings.md's. The frame
``assault`` is pushed by sieges.py with ``player`` (the besieger) and ``space``; it pops with
``taken``. Steps: the besieger's window for blue siege events, then the besieged's (each offered
with a pass whatever the hand holds), the two rolls, then the capture and the leaders' fate, or the
RF raised and the defender's losses, and last the besieger's own losses, so the siege still stands
while the walls' side is settled (losses are chosen by their owners).
"""

from __future__ import annotations

from typing import Any

from ...engine.errors import IllegalAction
from ...engine.procedures import Action, Frame
from .cardplay import spend
from .common import data
from .dice import roll
from .effects import run
from .initiative import leading
from .names import role_name, space_name
from .procedures import PROCEDURES
from .sieges import besieged, besieging, cancel_laid, event_of, grids, lay, playable, playable_hand
from .state import State
from .strongholds import (
    clamp,
    count,
    enemy,
    leaders,
    push_losses,
    start_capture,
    steps_of,
    strength,
)

DEFENDER_DRM = 2  # §17.7 L1116
LEADER_DRM = 1  # §17.7 L1115
CASTLE_CS = {False: 3, True: 2}  # by the Low side: a Full castle 3, a Low one 2 (§17.7.1 L1123)
CASTLE_STEPS = {False: 2, True: 1}  # one step flips a Full castle, the next takes it (§17.7.1 L1123)


def defender_strength(state: State, space: str) -> int:
    """The walls' side: the units and leaders inside, and a castle's intrinsic garrison (§17.7.1;
    a city has none, §17.7.2)."""
    castle = state.castles.get(space)
    return strength(state, besieged(state, space)) + (0 if castle is None else CASTLE_CS[castle["low"]])


def defender_steps(state: State, space: str) -> int:
    castle = state.castles.get(space)
    return steps_of(besieged(state, space)) + (0 if castle is None else CASTLE_STEPS[castle["low"]])


def leader_drm(state: State, space: str) -> tuple[int, int]:
    """+1 to the side whose ranking leader has the higher battle rating, none if tied (§17.7 L1115)."""
    counters = data(state).counters
    rating = []
    for force in (besieging(state, space), besieged(state, space)):
        chief = leading(state, leaders(force))  # K69
        rating.append(0 if chief is None else counters.leaders[chief].battle)
    a, d = rating
    return (LEADER_DRM if a > d else 0, LEADER_DRM if d > a else 0)


def major(inflicted: int, suffered: int) -> bool:
    """A major victory: at least twice the steps one loses, or any when one loses none (§13.4 L806)."""
    return inflicted > suffered and inflicted >= 2 * suffered


def _siege_frame(state: State, space: str) -> Frame | None:
    frame = PROCEDURES.find(state, "siege")
    return frame if frame is not None and frame["space"] == space else None


def _blue(state: State, frame: Frame, player: str, role: str) -> list[Action]:
    """Blue siege events ``player`` may play in the assault (§8.4.2 L472, §17.7 L1119): within the
    round's manpower if a siege action is under way, not drawn this round; the besieged may also
    cancel one the besieger played here."""
    siege = _siege_frame(state, frame["space"])
    used = siege["man"][role] if siege else 0
    hand = playable_hand(state, siege, player) if siege else state.hands[player]
    acts: list[Action] = []
    for card in sorted(hand):
        event = event_of(state, card)
        if event is None:
            continue
        cancels = role == "D" and any(title in event.cancels for _, _, title in frame["held"])
        if (event.blue and playable(state, frame["space"], role, card, used)) or (
            cancels and playable(state, frame["space"], role, card, used, last=event.cancels[0])
        ):
            acts.append(("event", card))
    return acts


def _roles(state: State, frame: Frame) -> list[str]:
    return [frame["asks"]] if frame.get("asks") else []


def _legal(state: State, frame: Frame, role: str) -> list[Action]:
    if frame.get("queue") or role != frame.get("asks"):
        return []
    return [*_blue(state, frame, role, frame["side"]), ("pass",)]


def _act(state: State, frame: Frame, role: str, action: Action) -> None:
    if action not in _legal(state, frame, role):
        raise IllegalAction(f"{action!r} is not a choice in the assault now (§17.7)")
    if action == ("pass",):
        if frame["side"] == "A":
            frame["side"], frame["asks"] = "D", enemy(role)
        else:
            frame["queue"] += [entry for entry, _, _ in frame["held"]]
            frame["held"], frame["asks"], frame["step"] = [], None, "roll"
        return
    card = action[1]
    event = event_of(state, card)
    assert event is not None
    spend(state, role, card, event=False)
    siege = _siege_frame(state, frame["space"])
    if siege is not None:
        siege["man"][frame["side"]] += event.man
    state.say("§17.7", f"The {role_name(role)} player plays {event.title} (card {card}) in the assault.")
    lay(frame, role, frame["side"], card)
    cancelled = [h for h in frame["held"] if h[2] in event.cancels] if frame["side"] == "D" else []
    if cancelled:
        state.say("§17.6.6", f"{event.title} cancels {cancelled[0][2]}.")
        cancel_laid(frame, cancelled[0][1])
        frame["held"].remove(cancelled[0])
        return
    entries = [[role, card, i] for i in range(len(event.effects))]
    if frame["side"] == "A":
        frame["held"] += [[e, card, event.title] for e in entries]
    else:
        frame["queue"] += entries


def _run(state: State, frame: Frame) -> None:
    space = frame["space"]
    if "step" not in frame:
        siege = state.sieges[space]
        frame.update(
            step="window", side="A", asks=frame["player"], queue=[], held=[],
            blockade=bool(siege["blockade"]), drm={"attacker": 0, "defender": 0},
        )  # fmt: skip
        siege_frame = _siege_frame(state, space)
        if siege_frame is not None:  # blue events played before the assault this round (§17.7 L1120)
            for who, value in siege_frame.get("drm", {}).items():
                frame["drm"][who] += value
        return
    if frame["queue"]:
        player, card, index = frame["queue"].pop(0)
        effect = data(state).cards.cards[card].siege_event.effects[index]  # type: ignore[union-attr]
        run(state, player, effect, {"card": card, "space": space, "siege": True, "chance": False})
        return
    step = frame["step"]
    if step == "roll":
        _roll(state, frame)
    elif step == "outcome":
        _outcome(state, frame)
    elif step == "leaders":
        _leaders(state, frame)
    elif step == "attacker_losses":
        frame["step"] = "over"
        player = frame["player"]
        push_losses(state, player, space, "field", frame["suffered"], crusader_first=True)
    else:
        PROCEDURES.pop(state, frame, taken=frame["taken"])


def _roll(state: State, frame: Frame) -> None:
    """§17.7: each side rolls on the CRT, the besieger's column moved left by the RF (below the
    first column he inflicts nothing); the success test of §17.7.3, an empty city's of K72."""
    space = frame["space"]
    crt = grids(state).crt
    value = state.sieges[space]["rf"]
    mine, theirs = strength(state, besieging(state, space)), defender_strength(state, space)
    a_drm, d_drm = leader_drm(state, space)
    a_drm += frame["drm"]["attacker"]
    d_drm += DEFENDER_DRM + frame["drm"]["defender"]
    state.say(
        "§17.7",
        f"Assault on {space_name(state, space)}: {mine} against "
        f"{theirs}, RF {value} shifts the besieger left.",
    )
    a_die = roll(state, "§17.7", f"The besieger's assault roll ({a_drm:+d})")
    d_die = roll(state, "§17.7", f"The defender's roll ({d_drm:+d})")
    inflicted = crt.result(mine, a_die + a_drm, -value)
    suffered = crt.result(theirs, d_die + d_drm)
    state.say("§17.7", f"The besieger inflicts {inflicted} step(s) and loses {suffered}.")
    empty_city = space not in state.castles and not count(besieged(state, space))
    taken = (
        empty_city
        or major(inflicted, suffered)
        or (inflicted >= 1 and inflicted >= defender_steps(state, space))
    )
    frame.update(taken=taken, inflicted=inflicted, suffered=suffered, step="outcome")


def _outcome(state: State, frame: Frame) -> None:
    space, player = frame["space"], frame["player"]
    if frame["taken"]:
        state.say("§17.7.3", f"{space_name(state, space)} falls to the assault.")
        frame["defenders"] = {
            p: list(g["leaders"]) for p, g in besieged(state, space).items() if g["leaders"]
        }
        frame["step"] = "leaders"
        start_capture(state, player, space, sorted(besieging(state, space)), "assault")
        return
    siege = state.sieges[space]
    siege["rf"] = clamp(siege["rf"] + 1)
    state.say("§17.7.4", f"The assault fails: the RF of {space_name(state, space)} rises to {siege['rf']}.")
    frame["step"] = "attacker_losses"
    push_losses(state, enemy(player), space, "inside", frame["inflicted"], castle=True)


def _leaders(state: State, frame: Frame) -> None:
    """§17.7.3 L1133: every leader of the fallen garrison rolls on the Leader Loss Table, less 4
    if the stronghold was blockaded, less 2 if not (§13.6 L834)."""
    frame["step"] = "attacker_losses"
    gone: list[str] = [x for ids in frame["defenders"].values() for x in ids]
    if gone:
        why = "assault_blockaded" if frame["blockade"] else "assault_unblockaded"
        loser: Any = enemy(frame["player"])
        PROCEDURES.push(state, "leader_loss", player=loser, leaders=gone, why=why, space=frame["space"])


PROCEDURES.procedure(
    "assault",
    legal=_legal,
    perform=_act,
    run=_run,
    prompt="Play a blue siege event in the assault, or pass (§17.7, §8.4.2)",
    roles=_roles,
    rule="§17.7",
)
