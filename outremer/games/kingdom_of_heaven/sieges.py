"""Sieges in Kingdom of Heaven (§17.6-§17.9): starting one with its RF and blockade roll (§17.6.1,
§17.6.2), resolving one in a later round (§17.6.3) by starvation (§17.6.4), Fortunes of War
(§17.6.5) or the exchange of siege events (§17.6.6, §17.6.7), each of which may lead to an
assault (assault.py); relief and sallies (§17.8) and lifting (§17.9).

Section keys are those of docs/kingdom-of-heaven/sections.md, K-numbers rulings.md's. A siege is
``state.sieges[space] = {"besieger": player, "rf": n, "blockade": bool}``. The siege events' effects
run here one at a time from the frame's queue, so an effect that asks a player something (a
sortie's steps, a unit to flip) is answered before the next runs.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from ...engine.errors import IllegalAction
from ...engine.procedures import Action, Frame, ProcedureError
from . import forces
from .cardplay import spend
from .cards import Card, SiegeEvent
from .common import data
from .dice import roll
from .effects import handler, run
from .names import key_words, role_name, space_name
from .procedures import PROCEDURES
from .setup import draw
from .state import State
from .strongholds import (
    clamp,
    count,
    enemy,
    holder_side,
    inside,
    is_castle,
    manpower,
    of_side,
    outside,
    push_losses,
    refill_by_step,
    rf,
    start_capture,
)
from .tables import Tables, load_tables

ROLES = {"A": "besieger", "D": "besieged"}
AUTOMATIC_BLOCKADE = 6  # a difference of six or more needs no roll (§17.11.Example L1180)
STARVATION_CROWD = 4  # units inside beyond this move the garrison's column right (§17.6.4 L1071)


@cache
def _tables(folder: str | None) -> Tables:
    return load_tables(None if folder is None else Path(folder))


def grids(state: State) -> Tables:
    """The combat tables of the game's packs (the CRT and the Attrition Table)."""
    return _tables(state.pack)


# --- queries ---------------------------------------------------------------------------------


def besieger(state: State, space: str) -> str:
    return str(state.sieges[space]["besieger"])


def besieging(state: State, space: str) -> dict[str, dict[str, Any]]:
    """The besieger's pieces outside the stronghold, by Power."""
    return outside(state, space, besieger(state, space))


def besieged(state: State, space: str) -> dict[str, dict[str, Any]]:
    """The besieged player's pieces inside the stronghold, by Power."""
    return of_side(state, forces.at(state, "inside", space), enemy(besieger(state, space)))


def can_besiege(state: State, player: str, space: str) -> bool:
    """Whether ``player``'s activated force in ``space`` may start a siege there (§17.6 L1023): an
    enemy stronghold not under siege, his units outside, no enemy units outside."""
    return (
        holder_side(state, space) == enemy(player)
        and space not in state.sieges
        and count(outside(state, space, player)) > 0
        and not outside(state, space, enemy(player))
    )


def defender_manpower(state: State, space: str) -> int:
    """The besieged's manpower (§17.6.6 L1093): a Full castle two, a Low castle one (K71), plus the
    manpower of the units inside; a city only its units'."""
    castle = state.castles.get(space)
    base = 0 if castle is None else (1 if castle["low"] else 2)
    return base + manpower(besieged(state, space))


def event_of(state: State, card: str) -> SiegeEvent | None:
    return data(state).cards.cards[card].siege_event


def playable(
    state: State,
    space: str,
    role: str,
    card: str,
    man_used: int,
    last: str | None = None,
    only_cancel: bool = False,
) -> bool:
    """Whether the siege event of ``card`` may be played in the siege of ``space`` by the besieger
    ("A") or the besieged ("D"): usable by that side, its blockade need met, its manpower within
    what is left this round (§17.6.6 L1089); a canceller only right after the event it cancels
    (``last``, L1099-L1101), and with ``only_cancel`` nothing but a canceller (§17.6.5 L1081)."""
    event = event_of(state, card)
    if event is None or not event.usable_by(role):
        return False
    if event.blockaded and not state.sieges[space]["blockade"]:
        return False
    have = manpower(besieging(state, space)) if role == "A" else defender_manpower(state, space)
    if man_used + event.man > have:
        return False
    if last is not None and last in event.cancels:
        return True
    return not only_cancel and bool(event.effects)


def resolvable(state: State, player: str, card: str) -> list[str]:
    """The sieges ``player`` may resolve this round with ``card`` (§17.6.3 L1060-L1066): every one
    he besieges (any card serves for starvation, Fortunes of War or an assault), and every one he
    is besieged in if the card's siege event is the defender's to play."""
    found = []
    for space, siege in sorted(state.sieges.items()):
        if siege["besieger"] == player or (
            siege["besieger"] == enemy(player) and playable(state, space, "D", card, 0)
        ):
            found.append(space)
    return found


def battle_why(state: State, space: str, attacker: str, from_inside: bool = False) -> str:
    """Why the attacker fights in ``space`` (§17.8): ``relief`` for an army coming at those
    besieging his stronghold (the pieces inside take no part), ``sally`` for the besieged coming
    out at them (``from_inside``), else ``entry``."""
    siege = state.sieges.get(space)
    if siege is None or siege["besieger"] == attacker:
        return "entry"
    return "sally" if from_inside else "relief"


def relief_drm(why: str) -> int:
    """+1 to a relief army's roll; none for the besieged sallying out (§17.8 L1143, §13.2)."""
    return 1 if why == "relief" else 0


# --- starting a siege (§17.6.1, §17.6.2) -----------------------------------------------------


def _besiege_legal(state: State, frame: Frame, role: str) -> list[Action]:
    space = frame["space"]
    castle = state.castles.get(space)
    if frame.get("asked") or castle is None or not castle["low"] or role != enemy(frame["player"]):
        return []
    mine = of_side(state, forces.at(state, "inside", space), role)
    opts: list[Action] = [
        ("refill", p, face, label) for p, g in sorted(mine.items()) for face, label in _faces(g)
    ]
    return [*opts, ("keep",)] if opts else []


def _faces(g: Mapping[str, Any]) -> list[tuple[str, str]]:
    return [(face, label) for face in ("full", "reduced") for label, n in sorted(g[face].items()) if n]


def _besiege_choice(state: State, frame: Frame, role: str, action: Action) -> None:
    if action not in _besiege_legal(state, frame, role):
        raise IllegalAction(f"{action!r} is not a choice here (§17.10.1)")
    frame["asked"] = True
    if action[0] == "refill":
        refill_by_step(state, frame["space"], *action[1:])


def _besiege(state: State, frame: Frame) -> None:
    player, space = frame["player"], frame["space"]
    if not can_besiege(state, player, space):
        raise IllegalAction(f"no siege may start at {space_name(state, space)} now (§17.6)")
    value = rf(state, space)
    state.sieges[space] = {"besieger": player, "rf": value, "blockade": False}
    state.say(
        "§17.6.1", f"The {role_name(player)} player lays siege to {space_name(state, space)}: RF {value}."
    )
    if data(state).board.spaces[space].port:
        state.say("§17.6.2", f"{space_name(state, space)} is a port: no blockade.")
    else:
        odds = count(outside(state, space, player)) - count(inside(state, space)) - is_castle(state, space)
        if odds >= AUTOMATIC_BLOCKADE:
            state.sieges[space]["blockade"] = True
        elif odds >= 1:
            state.sieges[space]["blockade"] = (
                roll(state, "§17.6.2", f"Blockade of {space_name(state, space)}, {odds} or less") <= odds
            )
        said = "blockaded" if state.sieges[space]["blockade"] else "not blockaded"
        state.say("§17.6.2", f"{space_name(state, space)} is {said}.")
    PROCEDURES.pop(state, frame)


# --- resolving a siege (§17.6.3) -------------------------------------------------------------
#
# Steps: "choose" (the besieger's use of the round's card), "respond" (the besieged answers an
# event), "counter" (the besieger's canceller of that answer), "more" (another event, an assault
# or the end), "after" (an assault or the end), the running steps "starve", "starve_besieger",
# "fortunes", and "assaulting" / "over" before the frame ends. ``held`` keeps an event's effects
# while the other side may still cancel it; ``queue`` the effects to run, one at a time.


def _siege_roles(state: State, frame: Frame) -> list[str]:
    return [frame["asks"]] if frame.get("asks") else []


def _siege_legal(state: State, frame: Frame, role: str) -> list[Action]:
    if frame.get("queue") or role != frame.get("asks") or frame["space"] not in state.sieges:
        return []
    space, step = frame["space"], frame["step"]
    if step == "choose":
        opts: list[Action] = [("fortunes",), ("assault",)]
        if state.sieges[space]["blockade"]:
            opts.insert(0, ("starve",))
        if playable(state, space, "A", frame["card"], 0):
            opts.insert(0, ("event", frame["card"]))
        return opts
    if step == "respond":
        return [*_events(state, frame, role, "D", only_cancel=bool(frame.get("chance"))), ("pass",)]
    if step == "counter":
        return [*_events(state, frame, role, "A", only_cancel=True), ("pass",)]
    if step == "more":
        return [*_events(state, frame, role, "A", only_cancel=False, last=False), ("assault",), ("end",)]
    if step == "after":
        return [("assault",), ("end",)]
    return []


def _events(
    state: State, frame: Frame, player: str, role: str, *, only_cancel: bool, last: bool = True
) -> list[Action]:
    """The siege events ``player`` may play now: not drawn this round (§8.4.1 L464)."""
    cancelling = frame.get("last") if last else None
    return [
        ("event", c)
        for c in sorted(playable_hand(state, frame, player))
        if playable(state, frame["space"], role, c, frame["man"][role], cancelling, only_cancel)
    ]


def playable_hand(state: State, frame: Frame, player: str) -> list[str]:
    """``player``'s cards save those drawn as replacements this round (§8.4.1 L464): the last ones
    of his hand, counted in the frame (``fresh``), since the frame is public and the cards not."""
    hand = state.hands[player]
    return hand[: len(hand) - frame["fresh"].get(player, 0)]


def _siege_act(state: State, frame: Frame, role: str, action: Action) -> None:
    if action not in _siege_legal(state, frame, role):
        raise IllegalAction(f"{action!r} is not a choice in the siege now (§17.6.3)")
    space, step, what = frame["space"], frame["step"], action[0]
    attacker = besieger(state, space)
    if step == "choose":
        spend(state, role, frame["card"], event=False)
        frame["asks"] = None
        if what == "event":
            _attacker_event(state, frame, role, action[1])
        elif what == "assault":
            state.say(
                "§17.7",
                f"The {role_name(role)} player discards a card to assault {space_name(state, space)}.",
            )
            _assault(state, frame)
        else:
            frame["step"] = what  # "starve" or "fortunes"
        return
    if what == "assault":
        _assault(state, frame)
    elif what == "end":
        state.say(
            "§17.6.3", f"The {role_name(role)} player ends his siege action at {space_name(state, space)}."
        )
        frame["step"], frame["asks"] = "over", None
    elif what == "pass":
        _release(frame)
        frame["step"] = "after" if frame.get("chance") else "more"
        frame["asks"] = attacker
    elif step == "more":
        _attacker_event(state, frame, role, action[1])
    elif step == "respond":
        _response(state, frame, role, action[1])
    else:  # the besieger's canceller: not one of his events, he goes on (§17.6.6 L1101)
        event = _spend_event(state, frame, role, "A", action[1])
        _cancel(state, frame, event)
        frame["step"], frame["asks"] = "more", attacker


def _spend_event(state: State, frame: Frame, player: str, role: str, card: str) -> SiegeEvent:
    """``card``'s siege event played by ``player`` as the besieger ("A") or the besieged ("D"),
    from his hand (the round's card is already spent): its manpower counted for the round, a
    replacement card drawn if it says so (§8.4.1 L464)."""
    event = event_of(state, card)
    assert event is not None
    if card in state.hands[player]:
        spend(state, player, card, event=False)
    frame["man"][role] += event.man
    lay(frame, player, role, card)
    state.say("§17.6.6", f"The {role_name(player)} player plays the siege event {event.title} (card {card}).")
    if event.draw_replacement:
        _replacement(state, frame, player)
    return event


def lay(frame: Frame, player: str, role: str, card: str, fortune: bool = False) -> None:
    """A siege event laid in the frame's exchange, public once played (§17.6.6, §17.6.5, §17.7):
    kept in ``laid`` in the order played, by whom and as besieger ("A") or besieged ("D"), drawn
    by Fortunes of War or not, the card it cancelled and whether it was cancelled, so that the
    board can show the exchange."""
    frame.setdefault("laid", []).append(
        {"player": player, "as": role, "card": card, "fortune": fortune, "cancels": None, "cancelled": False}
    )


def cancel_laid(frame: Frame, card: str) -> None:
    """The last event laid cancels the event of ``card`` laid before it (§17.6.6 L1099-L1101)."""
    laid = frame["laid"]
    target = next(e for e in reversed(laid[:-1]) if e["card"] == card)
    target["cancelled"], laid[-1]["cancels"] = True, card


def _entries(player: str, card: str, event: SiegeEvent, chance: bool) -> list[list[Any]]:
    return [[player, card, "siege", i, chance] for i in range(len(event.effects))]


def _attacker_event(state: State, frame: Frame, player: str, card: str) -> None:
    """The besieger's event: its effects run at once unless some defender's event cancels it, then
    the besieged may answer (§17.6.6 L1091)."""
    event = _spend_event(state, frame, player, "A", card)
    frame["held"], frame["last"] = _entries(player, card, event, False), event.title
    if not _cancellable(state, event.title, "D"):
        _release(frame)
    frame["step"], frame["asks"] = "respond", enemy(player)


def _response(state: State, frame: Frame, player: str, card: str) -> None:
    """The besieged's answer: a canceller drops the event it cancels (§17.6.6 L1099), any other
    event lets it run first; an answer the besieger can cancel waits for his counter."""
    event = _spend_event(state, frame, player, "D", card)
    attacker = enemy(player)
    frame["asks"] = attacker
    if frame.get("last") in event.cancels:
        _cancel(state, frame, event)
        frame["step"] = "after" if frame.get("chance") else "more"
        return
    _release(frame)
    frame["held"], frame["last"] = _entries(player, card, event, False), event.title
    frame["step"] = "counter" if _cancellable(state, event.title, "A") else "more"
    if frame["step"] == "more":
        _release(frame)


def _cancel(state: State, frame: Frame, event: SiegeEvent) -> None:
    state.say("§17.6.6", f"{event.title} cancels {frame.get('last')}.")
    cancel_laid(frame, frame["laid"][-2]["card"])
    frame["held"], frame["last"] = [], event.title


def _assault(state: State, frame: Frame) -> None:
    frame["step"], frame["asks"] = "assaulting", None
    PROCEDURES.push(state, "assault", player=besieger(state, frame["space"]), space=frame["space"])


def _cancellable(state: State, title: str, by: str) -> bool:
    """Whether some siege event of side ``by`` cancels the event ``title``."""
    return any(
        c.siege_event is not None and c.siege_event.user == by and title in c.siege_event.cancels
        for c in data(state).cards.cards.values()
    )


def _release(frame: Frame) -> None:
    frame["queue"].extend(frame.get("held", []))
    frame["held"] = []


def _replacement(state: State, frame: Frame, player: str) -> None:
    """§8.4.1 L464, §17.6.6 L1103: a replacement card, not to be played this round."""
    if state.deck:
        draw(state, player)
        frame["fresh"][player] = frame["fresh"].get(player, 0) + 1
        state.say("§8.4.1", f"The {role_name(player)} player draws a replacement card.")
        state.say("§8.4.1", f"You drew card {state.hands[player][-1]}.", [player])


def _fortunes(state: State, frame: Frame) -> None:
    """§17.6.5: the top card of the deck; its siege event acts whoever it helps, the Truce's event
    too; an Epidemic strikes a side by the die; no replacement card; the besieged may answer only
    with a canceller; without a siege event nothing happens and the action ends."""
    space = frame["space"]
    attacker = besieger(state, space)
    frame["chance"] = True
    if not state.deck:
        state.say("§17.6.5", "The deck is empty: Fortunes of War draws nothing.")
        frame["step"] = "over"
        return
    draw(state, attacker)
    card = state.hands[attacker].pop()
    state.discard.append(card)
    found: Card = data(state).cards.cards[card]
    state.say("§17.6.5", f"Fortunes of War at {space_name(state, space)} draws card {card}, {found.title}.")
    event = found.siege_event
    if event is None:
        if any(e["kind"] == "lift_siege" for e in found.event):
            frame["queue"] = [[attacker, card, "event", i, True] for i in range(len(found.event))]
        else:
            state.say("§17.6.5", "The card has no siege event: nothing happens.")
        frame["step"] = "over"
        return
    frame["step"], frame["asks"] = "after", attacker
    if event.blockaded and not state.sieges[space]["blockade"]:
        state.say("§17.6.5", f"{event.title} needs a blockade: it has no effect (K77).")
        return
    owner = enemy(attacker) if event.user == "D" else attacker
    lay(frame, owner, "D" if owner != attacker else "A", card, fortune=True)
    frame["held"], frame["last"] = _entries(owner, card, event, True), event.title
    if event.user != "D" and _cancellable(state, event.title, "D"):
        frame["step"], frame["asks"] = "respond", enemy(attacker)
    else:
        _release(frame)


def _siege_run(state: State, frame: Frame) -> None:
    space = frame["space"]
    if "step" not in frame:
        frame.update(step="start", asks=None, queue=[], held=[], man={"A": 0, "D": 0}, fresh={})
    if frame["queue"]:
        player, card, part, index, chance = frame["queue"].pop(0)
        found = data(state).cards.cards[card]
        effects = found.event if part == "event" else found.siege_event.effects  # type: ignore[union-attr]
        effect = effects[index]
        if space not in state.sieges:
            return
        if effect["kind"] == "attrition":  # a siege event's attrition: the siege's sides (§15.1)
            attrition(state, space, _target(state, space, player, str(effect["target"])), int(effect["av"]))
        else:
            run(state, player, effect, {"card": card, "space": space, "siege": True, "chance": chance})
        return
    step = frame["step"]
    if space not in state.sieges or step in ("over", "assaulting"):
        PROCEDURES.pop(state, frame)
    elif step == "start" and frame["player"] == besieger(state, space):
        frame["step"], frame["asks"] = "choose", frame["player"]
    elif step == "start":  # the besieged's one event, unanswered (§17.6.6 L1097)
        card = frame["card"]
        if not playable(state, space, "D", card, 0):
            raise IllegalAction(
                f"card {card} has no siege event the besieged may play at {space_name(state, space)}"
            )
        event = _spend_event(state, frame, frame["player"], "D", card)
        frame["queue"], frame["step"] = _entries(frame["player"], card, event, False), "over"
    elif step == "starve":
        _starve(state, frame)
    elif step == "starve_besieger":
        attrition(state, space, besieger(state, space), 0)
        frame["step"], frame["asks"] = "after", besieger(state, space)
    elif step == "fortunes":
        _fortunes(state, frame)
    else:
        raise ProcedureError(f"siege at {space} stuck at step {step!r}")


def _target(state: State, space: str, player: str, target: str) -> str:
    """The player an attrition effect strikes: the besieger, the besieged, or the player's enemy."""
    if target == "besieger":
        return besieger(state, space)
    if target == "besieged":
        return enemy(besieger(state, space))
    return enemy(player)


# --- starvation and attrition (§17.6.4, §15.2) -----------------------------------------------


def _starve(state: State, frame: Frame) -> None:
    """§17.6.4: the besieged roll attrition adding the card's OV, their column moved right for each
    unit inside beyond four (the castle's own garrison never suffers); then the besieger rolls."""
    space = frame["space"]
    ov = data(state).cards.cards[frame["card"]].ov
    crowd = max(0, count(besieged(state, space)) - STARVATION_CROWD)
    state.say("§17.6.4", f"Starvation at {space_name(state, space)}: the besieged roll with +{ov}.")
    attrition(state, space, enemy(besieger(state, space)), 0, drm=ov, shift=crowd)
    frame["step"] = "starve_besieger"


def attrition(state: State, space: str, player: str, av: int, *, drm: int = 0, shift: int = 0) -> None:
    """An attrition roll for ``player``'s pieces in the siege of ``space`` (§15.2 L907-L910): the
    besieged inside, the besieger outside; AV their units plus ``av``; none below 1; the steps
    lost chosen by their owner, no reduced unit eliminated while a full one is left."""
    place = "field" if player == besieger(state, space) else "inside"
    force = of_side(state, forces.at(state, place, space), player)
    value = count(force) + av
    if value < 1:
        state.say(
            "§15.2",
            f"The {role_name(player)} force at {space_name(state, space)} has no Attrition Value: no roll.",
        )
        return
    die = roll(
        state,
        "§15.2",
        f"Attrition of the {role_name(player)} force at {space_name(state, space)} (AV {value}, {drm:+d})",
    )
    lost = grids(state).attrition.result(value, die + drm, shift)
    state.say("§15.2", f"The {role_name(player)} force at {space_name(state, space)} loses {lost} step(s).")
    push_losses(state, player, space, place, lost, full_first=True)


# --- the handlers of the siege effects -------------------------------------------------------


def _siege_at(
    state: State, player: str, context: Mapping[str, Any], effect: Mapping[str, Any], mine: str
) -> str | None:
    """The siege an effect acts on: the context's, else the one the player picks among those he
    besieges (``mine`` "besieger") or is besieged in ("besieged"), or any ("any"); None when
    there is none or the choice is pushed (``pick_siege``)."""
    space = context.get("space")
    if space is not None and space in state.sieges:
        return str(space)
    choices = [
        s
        for s, siege in sorted(state.sieges.items())
        if mine == "any" or (siege["besieger"] == player) == (mine == "besieger")
    ]
    if effect["kind"] == "blockade_port":
        choices = [s for s in choices if data(state).board.spaces[s].port]
    if not choices:
        state.say(
            "§8.4.1", f"No siege for {key_words(state, effect['kind'])}: the effect has nothing to act on."
        )
        return None
    if len(choices) == 1:
        return choices[0]
    PROCEDURES.push(
        state,
        "pick_siege",
        player=player,
        choices=choices,
        effect=dict(effect),
        context=dict(context),
        roles=[player],
    )
    return None


@handler("rf")
def _rf(state: State, player: str, effect: Mapping[str, Any], context: Mapping[str, Any]) -> None:
    """A siege's RF moved by the value, within 0-8 (§17.4 L995)."""
    value = int(effect["value"])
    space = _siege_at(state, player, context, effect, "besieger" if value < 0 else "besieged")
    if space is not None:
        siege = state.sieges[space]
        siege["rf"] = clamp(siege["rf"] + value)
        state.say("§17.4", f"The RF of {space_name(state, space)} is now {siege['rf']}.")


@handler("blockade")
def _blockade(state: State, player: str, effect: Mapping[str, Any], context: Mapping[str, Any]) -> None:
    """A blockade set or broken (§17.6.2 L1047)."""
    space = _siege_at(state, player, context, effect, "besieger" if effect["value"] else "besieged")
    if space is not None:
        state.sieges[space]["blockade"] = bool(effect["value"])
        state.say(
            "§17.6.2",
            f"{space_name(state, space)} is {'blockaded' if effect['value'] else 'no longer blockaded'}.",
        )


@handler("blockade_port")
def _blockade_port(state: State, player: str, effect: Mapping[str, Any], context: Mapping[str, Any]) -> None:
    """A fleet blockades a besieged port (§Example.C4 L1332)."""
    space = _siege_at(state, player, context, effect, "besieger")
    if space is not None and data(state).board.spaces[space].port:
        state.sieges[space]["blockade"] = True
        state.say("§17.6.2", f"{space_name(state, space)} is blockaded from the sea.")


@handler("lift_siege")
def _lift_siege(state: State, player: str, effect: Mapping[str, Any], context: Mapping[str, Any]) -> None:
    """A siege ends (the Truce, §17.6.5 L1080): the besiegers stay outside, the RF is recalculated
    if it starts again (§17.9 L1147)."""
    space = _siege_at(state, player, context, effect, "any")
    if space is not None:
        lift(state, space)


@handler("surrender")
def _surrender(state: State, player: str, effect: Mapping[str, Any], context: Mapping[str, Any]) -> None:
    """A besieged enemy stronghold falls on a die of at most the value, as a surrender (§17.5.1)."""
    space = _siege_at(state, player, context, effect, "besieger")
    if space is None:
        return
    at_most = int(effect["at_most"])
    if roll(state, "§17.5.1", f"Treachery at {space_name(state, space)}: {at_most} or less") <= at_most:
        state.say("§17.5.1", f"{space_name(state, space)} is betrayed to the {role_name(player)} player.")
        start_capture(state, player, space, sorted(besieging(state, space)), "surrender")
    else:
        state.say("§17.5.1", f"{space_name(state, space)} holds.")


@handler("flip_units")
def _flip_units(state: State, player: str, effect: Mapping[str, Any], context: Mapping[str, Any]) -> None:
    """Up to ``count`` full units reduced, chosen by their owner (§8.4.1 L466, K78): the besieger's
    or the besieged's of a siege, or the enemy's pieces where the event acts; a castle's own
    garrison is never touched (§17.6.7)."""
    target = str(effect["target"])
    space = context.get("space")
    if target in ("besieger", "besieged") or (space in state.sieges and target == "enemy"):
        space = _siege_at(state, player, context, effect, "besieger" if target == "besieged" else "besieged")
        if space is None:
            return
        victim = _target(state, space, player, target)
        place = "field" if victim == besieger(state, space) else "inside"
    elif space is not None:
        victim, place = enemy(player), "field"
    else:
        state.say(
            "§8.4.1", f"{key_words(state, effect['kind']).capitalize()}: no enemy force where the event acts."
        )
        return
    push_losses(state, victim, str(space), place, int(effect["count"]), flips_only=True)


@handler("assault_drm")
def _assault_drm(state: State, player: str, effect: Mapping[str, Any], context: Mapping[str, Any]) -> None:
    """A blue siege event's modifier to this round's assaults (§17.7 L1119-L1120, §8.4.2 L472):
    noted on the siege under way (or the assault), read when the assault rolls."""
    frame = PROCEDURES.find(state, "assault") or PROCEDURES.find(state, "siege")
    if frame is None:
        state.say("§8.4.2", "No assault this round: the modifier is lost.")
        return
    who = str(effect.get("side", "attacker"))
    frame.setdefault("drm", {"attacker": 0, "defender": 0})[who] += int(effect["value"])


@handler("sortie")
def _sortie(state: State, player: str, effect: Mapping[str, Any], context: Mapping[str, Any]) -> None:
    """The besieged commit steps and roll a die for each: a step lost on ``lose_on``, the RF up
    one on ``raise_on`` (§17.11.Example L1184)."""
    space = _siege_at(state, player, context, effect, "besieged")
    if space is not None:
        PROCEDURES.push(state, "sortie", player=player, space=space, effect=dict(effect), roles=[player])


def _sortie_legal(state: State, frame: Frame, role: str) -> list[Action]:
    steps = sum(forces.steps(g) for g in besieged(state, frame["space"]).values())
    return [("commit", n) for n in range(1, steps + 1)] if role == frame["player"] else []


def _sortie_commit(state: State, frame: Frame, role: str, action: Action) -> None:
    if action not in _sortie_legal(state, frame, role):
        raise IllegalAction(f"{action!r} is not a choice here (§17.6.6)")
    space, effect = frame["space"], frame["effect"]
    PROCEDURES.pop(state, frame)
    faces = [
        roll(state, "§17.6.6", f"Sortie from {space_name(state, space)}, step {i + 1}")
        for i in range(action[1])
    ]
    lost = sum(f in effect["lose_on"] for f in faces)
    raised = sum(f in effect["raise_on"] for f in faces)
    siege = state.sieges[space]
    siege["rf"] = clamp(siege["rf"] + raised)
    state.say(
        "§17.6.6", f"The sortie costs {lost} step(s); the RF of {space_name(state, space)} is {siege['rf']}."
    )
    push_losses(state, role, space, "inside", lost)


@handler("epidemic")
def _epidemic(state: State, player: str, effect: Mapping[str, Any], context: Mapping[str, Any]) -> None:
    """§17.6.5 L1081: drawn by Fortunes of War it strikes the besieger on ``besieger_on``, else
    the besieged; played, the player's enemy. An attrition roll with ``av`` more, then a die: on
    ``spread_on`` the other side rolls too."""
    space = _siege_at(state, player, context, effect, "any")
    if space is None:
        return
    attacker = besieger(state, space)
    if context.get("chance"):
        face = roll(state, "§17.6.5", f"Epidemic at {space_name(state, space)}: whom it strikes")
        struck = attacker if face in effect["besieger_on"] else enemy(attacker)
    else:
        struck = enemy(player)
    PROCEDURES.push(
        state,
        "siege_epidemic",
        space=space,
        struck=struck,
        av=int(effect["av"]),
        spread=list(effect["spread_on"]),
    )


def _epidemic_run(state: State, frame: Frame) -> None:
    """The struck side's attrition and its losses first, then the die for the spread (§17.6.5)."""
    space = frame["space"]
    if space not in state.sieges:
        PROCEDURES.pop(state, frame)
    elif "rolled" not in frame:
        frame["rolled"] = True
        attrition(state, space, frame["struck"], frame["av"])
    else:
        PROCEDURES.pop(state, frame)
        if (
            roll(state, "§17.6.5", f"Epidemic at {space_name(state, space)}: does it spread")
            in frame["spread"]
        ):
            attrition(state, space, enemy(frame["struck"]), frame["av"])


def _pick_legal(state: State, frame: Frame, role: str) -> list[Action]:
    return [("siege", s) for s in frame["choices"] if s in state.sieges] if role == frame["player"] else []


def _pick(state: State, frame: Frame, role: str, action: Action) -> None:
    if action not in _pick_legal(state, frame, role):
        raise IllegalAction(f"{action!r} is not a siege to choose")
    PROCEDURES.pop(state, frame)
    run(state, role, frame["effect"], {**frame["context"], "space": action[1]})


# --- lifting (§17.9) and the free attack -----------------------------------------------------


def lift(state: State, space: str) -> None:
    """The siege of ``space`` ends; the besieged player rolls for the Diplomatic Advantage on a VP
    space (§9.3 L524)."""
    siege = state.sieges.pop(space)
    state.say("§17.9", f"The siege of {space_name(state, space)} is lifted.")
    value = data(state).board.vp(space, state.scenario)
    if value:
        who = enemy(siege["besieger"])
        PROCEDURES.push(state, "advantage", player=who, at_most=value, why="siege_ended", space=space)


def lift_abandoned(state: State) -> None:
    """Every siege whose space holds no besieging leader or unit any more is lifted (§17.9 L1147)."""
    for space in sorted(state.sieges):
        if not besieging(state, space):
            lift(state, space)


def _left_legal(state: State, frame: Frame, role: str) -> list[Action]:
    space = frame["space"]
    if role != frame["player"] or space not in state.sieges or not besieging(state, space):
        return []
    return [("attack",), ("pass",)] if count(besieged(state, space)) else []


def _left(state: State, frame: Frame, role: str, action: Action) -> None:
    if action not in _left_legal(state, frame, role):
        raise IllegalAction(f"{action!r} is not a choice here (§17.9)")
    space = frame["space"]
    PROCEDURES.pop(state, frame)
    if action == ("attack",):
        state.say("§17.9", f"The besieged of {space_name(state, space)} attack those left behind.")
        PROCEDURES.push(
            state, "battle", space=space, attacker=role, defender=besieger(state, space), mover=False,
            came_from=None, why="free_attack", drm=0,
        )  # fmt: skip


PROCEDURES.procedure(
    "besiege",
    legal=_besiege_legal,
    perform=_besiege_choice,
    run=_besiege,
    prompt="Your Low castle is besieged: reduce a unit inside to garrison it in full, or keep it (§17.10.1)",
    roles=lambda state, frame: [enemy(frame["player"])],
    rule="§17.6.1",
)
PROCEDURES.procedure(
    "siege",
    legal=_siege_legal,
    perform=_siege_act,
    run=_siege_run,
    prompt="Resolve the siege (§17.6.3)",
    roles=_siege_roles,
    rule="§17.6.3",
)
PROCEDURES.procedure("siege_epidemic", run=_epidemic_run, rule="§17.6.5")
PROCEDURES.procedure(
    "sortie",
    legal=_sortie_legal,
    perform=_sortie_commit,
    run=lambda state, frame: PROCEDURES.pop(state, frame),  # no unit inside: nobody to sally
    prompt="Commit steps to the sortie (§17.6.6)",
    roles=lambda state, frame: [frame["player"]],
    rule="§17.6.6",
)
PROCEDURES.procedure(
    "pick_siege",
    legal=_pick_legal,
    perform=_pick,
    run=lambda state, frame: PROCEDURES.pop(state, frame),
    prompt="Choose the siege the event acts on",
    rule="§8.4.1",
)
PROCEDURES.procedure(
    "left_behind",
    legal=_left_legal,
    perform=_left,
    run=lambda state, frame: PROCEDURES.pop(state, frame),
    prompt="Part of the besiegers leaves: attack those left behind, or pass (§17.9)",
    roles=lambda state, frame: [frame["player"]],
    rule="§17.9",
)
