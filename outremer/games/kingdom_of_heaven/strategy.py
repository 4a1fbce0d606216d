"""The strategy phase of Kingdom of Heaven: action rounds alternating from the player holding the
initiative until neither holds a card (§5.5, §5.5.1), and what a player may do on his round (§8.2-
§8.4, §8.6).

Section keys are those of docs/kingdom-of-heaven/sections.md; K-numbers are rulings.md's.

On his round a player plays one card: for its OV to activate a leader (``activation``), for a
vassal move, to resolve one siege (``siege``), for diplomacy (``diplomacy``) or for its event
(``event``); or he discards it. Holding fewer cards than his opponent, he may instead pass or make
a one-unit vassal move without a card (§8.2, §8.4 L449); out of cards, he has only those two
(§5.5.1). He may first spend the Diplomatic Advantage for free passage (§9.4), which ends with
the round. The round spends the card (cardplay.spend) before it pushes an activation or a
diplomacy frame; an event and a siege spend their own (procedures.md). An activation or a siege
is announced by pushing its frame and, above it, the opponent's response window (§8.4.3), which
always offers a pass.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from ...engine.procedures import Frame
from .cardplay import spend
from .common import data
from .diplomacy import grant_passage, passage_ends, passage_powers, targets
from .events import card, may_play_event, must_be_played, only_answers, other, whereabouts
from .initiative import leaders_on_map
from .names import space_name
from .procedures import PROCEDURES
from .sieges import resolvable
from .state import PLAYERS, State

Action = tuple[Any, ...]


def may_pass(state: State, player: str) -> bool:
    """Whether ``player`` holds fewer cards than his opponent (§8.2 L431): then he may pass or
    make a one-unit vassal move without a card (§8.4 L449, L451)."""
    return len(state.hands[player]) < len(state.hands[other(player)])


def has_units(state: State, player: str) -> bool:
    """Whether ``player`` has a unit on the map to make a vassal move with (§8.4 L449)."""
    return any(
        state.orientation(power) == player and (g["full"] or g["reduced"])
        for place in (state.field, state.inside)
        for groups in place.values()
        for power, g in groups.items()
    )


def _round_legal(state: State, frame: Frame, role: str) -> list[Action]:
    if role != frame["player"] or frame.get("acted"):
        return []
    return choices(state, role)


def _round_offers(state: State, frame: Frame, role: str) -> bool:
    """Whether _round_legal lists anything (procedures.py, ``offers``): a card not bound by Must Be
    Played may always be discarded (§8.2), so a hand holding one offers; else the listing says."""
    if role != frame["player"] or frame.get("acted"):
        return False
    if any(not must_be_played(state, role, cid) for cid in state.hands[role]):
        return True
    return bool(choices(state, role))


def choices(state: State, player: str) -> list[Action]:
    """Every action open to ``player`` on his action round (§8.2-§8.4, §8.6)."""
    counters = data(state).counters
    leaders = leaders_on_map(state, player)
    units = has_units(state, player)
    powers = targets(state, player)  # §9.2, §9.3: Powers, or the Diplomatic Advantage marker
    out: list[Action] = []
    free: list[str] = []  # cards not bound by Must Be Played, for combining (§8.6)
    for cid in sorted(set(state.hands[player])):
        c = card(state, cid)
        event = c.kind == "event" and may_play_event(state, player, cid)
        if event and "dual_use" not in c.keywords and not only_answers(c):  # §8.3, K49; K43
            out.append(("event", cid))
        if must_be_played(state, player, cid):  # §8.4.1 L460, K41: its event only
            continue
        free.append(cid)
        for lid in leaders:
            if c.ov >= counters.leaders[lid].strategy:  # §8.4 L443, §10.1
                out.append(("activate", cid, lid))
                if event and "dual_use" in c.keywords:  # §8.3 L435
                    out.append(("activate_event", cid, lid))
        if units:
            out.append(("vassal", cid))
        out += [("siege", cid, space) for space in resolvable(state, player, cid)]  # §8.4 L445
        if c.diplomacy is not None:
            out += [("diplomacy", cid, p) for p in powers]
        out.append(("discard", cid))
    if state.options.get("combined_cards"):
        out += _combined(state, free, leaders)
    if may_pass(state, player):
        if units:
            out.append(("free_vassal",))
        out.append(("pass",))
    out += [("passage", power) for power in passage_powers(state, player)]  # §9.4 L531
    return out


def _combined(state: State, free: list[str], leaders: list[str]) -> list[Action]:
    """A combined activation of each leader some cards can move together (§8.6, K48): chosen
    first, the cards then added one at a time (the ``combination`` procedure)."""
    return [("combine", lid) for lid in leaders if combinations_for(state, free, lid)]


def combinations_for(state: State, free: list[str], leader: str) -> list[tuple[str, ...]]:
    """The sets of two or three of ``free`` whose OVs add up to ``leader``'s strategy rating, each
    card needed: no card alone reaches it and none could be left out (§8.6, K48)."""
    need = data(state).counters.leaders[leader].strategy
    ov = {cid: card(state, cid).ov for cid in free}
    return [
        combo
        for size in (2, 3)
        for combo in combinations(free, size)
        if sum(ov[c] for c in combo) >= need and all(sum(ov[c] for c in combo) - ov[x] < need for x in combo)
    ]


def _free(state: State, player: str) -> list[str]:
    """The cards of ``player``'s hand not bound to their event by Must Be Played (§8.4.1, K41)."""
    return [cid for cid in sorted(set(state.hands[player])) if not must_be_played(state, player, cid)]


def _combination_legal(state: State, frame: Frame, role: str) -> list[Action]:
    """A card to add: one that, with those chosen, belongs to a set that can move the leader."""
    chosen = set(frame["cards"])
    combos = combinations_for(state, _free(state, role), frame["leader"])
    return [("add", cid) for cid in sorted({c for x in combos if chosen <= set(x) for c in x} - chosen)]


def _combination(state: State, frame: Frame, role: str, action: Action) -> None:
    """The card added; once the chosen cards move the leader, the activation goes ahead (§8.6)."""
    frame["cards"].append(action[1])
    combos = combinations_for(state, _free(state, role), frame["leader"])
    if set(frame["cards"]) in [set(x) for x in combos]:
        PROCEDURES.pop(state, frame)
        _activate(state, role, "combine", frame["leader"], list(frame["cards"]))


def _combination_prompt(state: State, frame: Frame, role: str) -> str:
    leader = data(state).counters.leaders[frame["leader"]].name
    chosen = " + ".join(_title(state, c) for c in frame["cards"]) or "none yet"
    return f"Combined cards (§8.6): add a card to activate {leader} (chosen: {chosen})."


def _round(state: State, frame: Frame, role: str, action: Action) -> None:
    """Carry out ``role``'s choice for his round: the card spent and the action's procedure
    pushed, the opponent's response window above it for an activation or a siege (§8.4.3)."""
    what, args = action[0], action[1:]
    if what == "passage":  # §9.4 L531: the marker spent, the round still to play
        grant_passage(state, role, args[0], own_round=True)
        return
    frame["acted"] = True
    who = role.capitalize()
    if what == "pass":
        state.say("§8.2", f"The {who} passes.")
    elif what == "discard":
        spend(state, role, args[0], event=False)
        state.say("§8.4", f"The {who} discards {_title(state, args[0])}.")
    elif what == "event":
        PROCEDURES.push(state, "event", player=role, card=args[0])
    elif what == "combine":  # the cards are chosen one at a time (§8.6)
        PROCEDURES.push(state, "combination", player=role, leader=args[0], cards=[])
    elif what in ("activate", "activate_event"):
        _activate(state, role, what, args[1], [args[0]])
    elif what in ("vassal", "free_vassal"):
        cid = args[0] if args else None
        if cid is not None:
            spend(state, role, cid, event=False)
        ov = card(state, cid).ov if cid is not None else 1
        how = f"with {_title(state, cid)}" if cid is not None else "of one unit without a card"
        state.say("§8.4", f"The {who} makes a vassal move {how}.")
        PROCEDURES.push(
            state,
            "activation",
            player=role,
            card=cid,
            cards=[cid] if cid else [],
            ov=ov,
            vassal=True,
            free=cid is None,
            space=None,
        )
        PROCEDURES.push(state, "response", player=other(role), trigger="activation", space=None, actor=None)
    elif what == "siege":
        cid, besieged = args  # the siege spends the card (procedures.md)
        _announce(state, role, cid)
        state.say(
            "§8.4",
            f"The {who} plays {_title(state, cid)} to resolve the siege of {space_name(state, besieged)}.",
        )
        PROCEDURES.push(state, "siege", player=role, space=besieged, card=cid)
        PROCEDURES.push(state, "response", player=other(role), trigger="siege", space=besieged, actor=None)
    elif what == "diplomacy":  # the window on its success is diplomacy.py's (K44)
        cid, power = args
        spend(state, role, cid, event=False)
        state.say(
            "§8.4",
            f"The {who} plays {_title(state, cid)} to "
            + (
                "win the Diplomatic Advantage."
                if power == "advantage"
                else f"influence {data(state).counters.powers[power].name}."
            ),
        )
        PROCEDURES.push(state, "diplomacy", player=role, power=power, card=cid)


def _activate(state: State, role: str, what: str, lid: str, cards: list[str]) -> None:
    """``lid`` activated by ``cards`` (one, or several combined): the cards spent, or a dual-use
    event's announced, the activation pushed with the opponent's response window above it."""
    who = role.capitalize()
    names = data(state).counters.leaders
    for cid in cards:
        if what != "activate_event":
            spend(state, role, cid, event=False)
        else:
            _announce(state, role, cid)
    ov = sum(card(state, cid).ov for cid in cards)
    played = " + ".join(_title(state, c) for c in cards)
    found = whereabouts(state, lid)
    space = found[1] if found else None
    state.say(
        "§8.4",
        f"The {who} activates {names[lid].name} with {played} (OV {ov}).",
    )
    PROCEDURES.push(
        state,
        "activation",
        player=role,
        card=cards[0],
        cards=cards,
        ov=ov,
        leader=lid,
        space=space,
        dual=what == "activate_event",
    )
    if what == "activate_event":  # §8.3: the event acts on this move, run above it
        PROCEDURES.push(state, "event", player=role, card=cards[0], space=space, actor=lid)
    PROCEDURES.push(state, "response", player=other(role), trigger="activation", space=space, actor=lid)


def _announce(state: State, player: str, cid: str) -> None:
    """A card announced but left in the hand for the procedure that spends it (a siege's, a
    dual-use event's): both players have seen it (state.known) until it leaves."""
    if cid not in state.known[player]:
        state.known[player].append(cid)


def _title(state: State, cid: str) -> str:
    return f"{card(state, cid).title} (#{cid})"


def _round_run(state: State, frame: Frame) -> None:
    """The round's action is over: the round ends, and with it a free passage that falls due
    (§9.4 L533: the Power turns if the player's units are still in its lands)."""
    passage_ends(state, frame["player"])
    PROCEDURES.pop(state, frame)


def _round_prompt(state: State, frame: Frame, role: str) -> str:
    extra = " You hold fewer cards than your opponent: you may also pass." if may_pass(state, role) else ""
    return (
        "Your action round (§5.5, §8.4): play a card for its OV, its event, a siege or diplomacy, "
        f"or discard.{extra}"
    )


def _strategy(state: State, frame: Frame) -> None:
    """The next action round, alternating from the initiative player (§5.4, §5.5), until neither
    player holds a card (§5.5.1 L309)."""
    frame.pop("done", None)
    if not any(state.hands[p] for p in PLAYERS):
        state.say("§5.5.1", "Neither player holds a card: the strategy phase ends.")
        PROCEDURES.pop(state, frame)
        return
    player = frame.get("next") or state.first or PLAYERS[0]
    frame["next"] = other(player)
    PROCEDURES.push(state, "round", player=player)


PROCEDURES.procedure("strategy", run=_strategy, rule="§5.5")
PROCEDURES.procedure(
    "combination",
    legal=_combination_legal,
    perform=_combination,
    prompt=_combination_prompt,
    roles=lambda state, frame: [frame["player"]],
    rule="§8.6",
)
PROCEDURES.procedure(
    "round",
    legal=_round_legal,
    perform=_round,
    run=_round_run,
    prompt=_round_prompt,
    roles=lambda state, frame: [frame["player"]],
    rule="§8.4",
    offers=_round_offers,
)
