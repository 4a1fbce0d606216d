"""The Battle (``Battle.1-14``) and the Siege (``Siege.1-14``) on the procedure stack.

A Conflict is a frame of kind ``"battle"`` or ``"siege"`` that runs its steps in order and pushes a
window for every decision, each asked of the role it belongs to, in or out of turn:

1-6. reinforcement (``<kind>_reinforce``: at most 1 Support from each adjacent Location, 1 Gold
     each, then 1 Footman per own Fortress next to the Region for a player who moved some in, R5c;
     none in a Siege, ``Siege.1``, ``.3``, ``.4``, ``.6``) and invitations (``<kind>_invite``, the
     attacker's then the Defender's; the invited answers in ``<kind>_answer``; a refusal lets the
     inviter ask another; in a Siege only players with Support in the Region, ``Siege.2``, ``.5``);
7.   the two leaders lay an Action card face down (``<kind>_card``, simultaneous, the Bluff
     allowed), which stays sealed under
8.   every participant's closed hand of Units and Faith (``<kind>_commit``, simultaneous);
9.   the reveal: the cards flip, the Units and Faith move into the frame (``units``, ``faith``,
     which common.units_left counts), and an ``extra_card`` effect asks its player for another
     card (``<kind>_extra``, R17);
10.  the dice and their rerolls (dice.py);
11.  each side's Strength; equal Strength is the Defender's (R7a);
12.  Victory Points; in a Siege the Defender's rise or the attacker's take-over or ransack
     (``<kind>_spoils``, R10b-d);
13-14. Wounds and the buy-back (wounds.py);
then the cards go to the discard pile, the Bluff back to its hand (R6b), and every participant
draws back to 3 Action cards (R6a). A player with Support in the Region who joins neither side
takes no part (R9a). Sealed choices are logged to their owner; the others read only that a choice
was made.
"""

from __future__ import annotations

from collections.abc import Callable

from ...engine.procedures import SEALED, Action, Frame
from . import cities
from .common import (
    NAMES,
    card,
    data,
    gain,
    in_second_crusade,
    move_support,
    name,
    pay,
    presence_left,
    purse,
    refill,
    score,
    support_of,
    track_value,
    whose,
)
from .dice import open_rerolls, rerollers, roll
from .procedures import PROCEDURES
from .sides import (
    KINDS,
    SIDES,
    big,
    cards_of,
    dice_total,
    effect_total,
    effects,
    is_siege,
    key,
    leader,
    main,
    members,
    other,
    participants,
    side_of,
    unit_cap,
    unit_strength,
    voided,
)
from .state import BLUFF, State
from .words import effect_words
from .wounds import count_wounds, forfeit_faith, open_buy_back, open_wounds, returning

CLOSED_FAITH = 60
"""The most Faith a closed hand holds (R18): a bound, far above any game's, so that every choice of
``Battle.8`` can be numbered for learning environments (encoding.py)."""


def start(state: State, kind: str, location: str, attacker: str, defender: str) -> Frame:
    """Push a Battle or a Siege of ``attacker`` against ``defender`` in ``location``."""
    return PROCEDURES.push(
        state,
        kind,
        location=location,
        attacker=attacker,
        defender=defender,
        allies={"attacker": None, "defender": None},
        step=0,
        todo=None,
        cards={},
        units={},
        faith={},
        dice={},
        rerolls={},
        strength={},
        wounds={},
        winner=None,
    )


# -- Steps 1-6: reinforcement and Allies -------------------------------------------------------
def _who(frame: Frame, who: str) -> str | None:
    if who.endswith("_ally"):
        ally: str | None = frame["allies"][who[: -len("_ally")]]
        return ally
    return str(frame[who])


def _sources(state: State, frame: Frame, role: str) -> list[str]:
    """Adjacent Locations from which ``role`` may still bring 1 Support (``Battle.1``)."""
    loc = frame["location"]
    return [
        n
        for n in data(state).board.neighbours(loc, in_second_crusade(state))
        if n in state.in_play and support_of(state, role, n) > 0
    ]


def _reinforcers(who: str) -> Callable[[State, Frame], list[str]]:
    def todo(state: State, frame: Frame) -> list[str]:
        role = _who(frame, who)
        if is_siege(frame) or role is None or not _sources(state, frame, role):
            return []  # Siege.1, .3, .4, .6: nobody moves in
        return [role]

    return todo


def _open_reinforce(state: State, frame: Frame, role: str) -> bool:
    PROCEDURES.push(
        state, frame["kind"] + "_reinforce", roles=[role], role=role, used=[], moved=0, closed=False
    )
    return True


def _reinforce_legal(state: State, frame: Frame, role: str) -> list[Action]:
    if frame["closed"]:
        return []
    sources = [n for n in _sources(state, main(state), role) if n not in frame["used"]]
    if not sources:
        return []
    acts: list[Action] = [("reinforce", n) for n in sources] if purse(state, role) >= 1 else []
    return [*acts, ("done",)]


def _reinforce(state: State, frame: Frame, role: str, action: Action) -> None:
    conflict = main(state)
    step = _reinforce_step(conflict, role)
    if action[0] == "done":
        frame["closed"] = True
        return
    start_loc = action[1]
    where = name(state, conflict["location"])
    pay(state, role, 1, key(conflict, step), f"a Support from {name(state, start_loc)} (R5c)")
    move_support(state, role, start_loc, conflict["location"], 1)
    frame["used"].append(start_loc)
    frame["moved"] += 1
    state.say(key(conflict, step), f"{role} moves 1 Support from {name(state, start_loc)} into {where}.")


def _reinforce_end(state: State, frame: Frame) -> None:
    """R5c: a player who moved Support in recruits 1 Footman per own Fortress next to the Region."""
    conflict = main(state)
    role = frame["role"]
    if frame["moved"]:
        board = data(state).board
        forts = [
            s
            for s in board.fortress_spaces_by(conflict["location"], in_second_crusade(state))
            if state.fortresses.get(s) == role
        ]
        if forts:
            gain(
                state,
                role,
                {"footman": len(forts)},
                key(conflict, _reinforce_step(conflict, role)),
                "Fortress next to the Battle, R5c",
            )
    else:
        state.say(key(conflict, _reinforce_step(conflict, role)), f"{role} moves no Support in.")
    PROCEDURES.pop(state, frame)


def _reinforce_step(conflict: Frame, role: str) -> int:
    if role == conflict["attacker"]:
        return 1
    if role == conflict["defender"]:
        return 4
    return 3 if role == conflict["allies"]["attacker"] else 6


def _candidates(state: State, frame: Frame, side: str) -> list[str]:
    """Who ``side``'s leader may ask to be its Ally (``Battle.2``, ``.5``; ``Siege.2``, ``.5``)."""
    loc = frame["location"]
    near = [loc]
    if not is_siege(frame):
        near += [n for n in data(state).board.neighbours(loc, in_second_crusade(state)) if n in state.in_play]
    taken = {frame["attacker"], frame["defender"], frame["allies"]["attacker"], frame["allies"]["defender"]}
    return [r for r in state.players if r not in taken and any(support_of(state, r, n) for n in near)]


def _inviters(side: str) -> Callable[[State, Frame], list[str]]:
    def todo(state: State, frame: Frame) -> list[str]:
        return [frame[side]] if _candidates(state, frame, side) else []

    return todo


def _open_invite(state: State, frame: Frame, role: str) -> bool:
    side = side_of(frame, role)
    PROCEDURES.push(state, frame["kind"] + "_invite", roles=[role], side=side, asked=[], closed=False)
    return True


def _invite_legal(state: State, frame: Frame, role: str) -> list[Action]:
    conflict = main(state)
    if frame["closed"] or conflict["allies"][frame["side"]]:
        return []
    left = [r for r in _candidates(state, conflict, frame["side"]) if r not in frame["asked"]]
    if not left:
        return []
    return [*(("invite", r) for r in left), ("alone",)]


def _invite(state: State, frame: Frame, role: str, action: Action) -> None:
    conflict = main(state)
    step = 2 if frame["side"] == "attacker" else 5
    if action[0] == "alone":
        frame["closed"] = True
        state.say(key(conflict, step), f"{role} asks no Ally.")
        return
    invited = action[1]
    frame["asked"].append(invited)
    state.say(key(conflict, step), f"{role} asks {invited} to be its Ally.")
    PROCEDURES.push(state, conflict["kind"] + "_answer", roles=[invited], side=frame["side"], inviter=role)


def _answer(state: State, frame: Frame, role: str, action: Action) -> None:
    conflict = main(state)
    step = 2 if frame["side"] == "attacker" else 5
    if action[0] == "accept":
        conflict["allies"][frame["side"]] = role
        state.say(key(conflict, step), f"{role} joins {frame['inviter']} as its Ally.")
    else:
        state.say(key(conflict, step), f"{role} declines to be {whose(frame['inviter'])} Ally.")
    PROCEDURES.pop(state, frame)


# -- Steps 7-9: face-down cards, closed hands, the reveal -------------------------------------------
def _open_cards(state: State, frame: Frame, item: str) -> bool:
    PROCEDURES.push(
        state, frame["kind"] + "_card", leaders=[frame["attacker"], frame["defender"]], opened=False
    )
    return True


def _card_legal(state: State, frame: Frame, role: str) -> list[Action]:
    hand = list(dict.fromkeys(state.hands[role]))  # the Bluff once; a card id is never twice
    return [("commit_card", c) for c in hand]


def _card_sealed(state: State, frame: Frame, role: str, action: Action) -> None:
    conflict = main(state)
    state.tell(
        key(conflict, 7),
        role,
        f"You lay {card(state, action[1]).name} face down.",
        f"{role} lays a card face down.",
    )


def _cards_laid(state: State, frame: Frame, sealed: dict[str, Action]) -> None:
    """Both cards are down: the closed hands follow (step 8); once they are revealed, this frame
    ends (the reveal reads its sealed cards)."""
    if frame["opened"]:
        PROCEDURES.pop(state, frame)
        return
    frame["opened"] = True
    conflict = main(state)
    PROCEDURES.push(state, conflict["kind"] + "_commit", participants=participants(conflict))


def _commit_legal(state: State, frame: Frame, role: str) -> list[Action]:
    conflict = main(state)
    cap = unit_cap(state, conflict, role)
    other_kind = big(conflict)
    footmen = min(cap, state.units[role]["footman"])
    acts: list[Action] = []
    for f in range(footmen + 1):
        for b in range(min(cap - f, state.units[role][other_kind]) + 1):
            acts += [("commit", f, b, n) for n in range(min(state.faith[role], CLOSED_FAITH) + 1)]
    return acts


def _committed(state: State, frame: Frame, role: str, action: Action) -> None:
    conflict = main(state)
    _, f, b, n = action
    state.tell(
        key(conflict, 8),
        role,
        f"You close your hand on {f} {NAMES['footman'][f != 1]}, {b} {NAMES[big(conflict)][b != 1]}"
        f" and {n} Faith.",
        f"{role} closes its hand.",
    )


def _reveal(state: State, frame: Frame, sealed: dict[str, Action]) -> None:
    """``Battle.9``: the closed hands open and the face-down cards flip, all at once."""
    conflict = main(state)
    laid = PROCEDURES.find(state, conflict["kind"] + "_card")
    assert laid is not None
    state.barrier += 1
    k = key(conflict, 9)
    for side in SIDES:
        role = leader(conflict, side)
        cid = laid[SEALED][role][1]
        conflict["cards"][role] = [cid]
        if cid != BLUFF:
            state.hands[role].remove(cid)
        c = card(state, cid)
        effect = f": {effect_words(c.conflict)}" if c.conflict is not None else ""
        state.say(k, f"{whose(role, start=True)} card: {c.name} (Strength {c.strength}{effect}).")
    other_kind = big(conflict)
    for role in participants(conflict):
        _, f, b, n = sealed[role]
        state.units[role]["footman"] -= f
        state.units[role][other_kind] -= b
        state.faith[role] -= n
        conflict["units"][role] = {"footman": f, other_kind: b}
        conflict["faith"][role] = n
        state.say(
            k,
            f"{role} reveals {f} {NAMES['footman'][f != 1]}, {b} {NAMES[other_kind][b != 1]} and {n} Faith.",
        )
    for side in SIDES:
        if voided(state, conflict, side) and any(card(state, c).conflict for c in cards_of(conflict, side)):
            state.say(k, f"The {other(side)}'s card cancels the effects of the {side}'s card.")
    PROCEDURES.pop(state, frame)


def _extras(state: State, frame: Frame) -> list[str]:
    return [frame["attacker"], frame["defender"]]


def _open_extra(state: State, frame: Frame, role: str) -> bool:
    """R17: an ``extra_card`` of the face-down card, if in force, asks for one more card."""
    side = side_of(frame, role)
    first = frame["cards"][role][0]
    effect = card(state, first).conflict
    if effect is None or effect.kind != "extra_card" or voided(state, frame, side):
        return False
    PROCEDURES.push(state, frame["kind"] + "_extra", roles=[role], role=role)
    return True


def _extra_legal(state: State, frame: Frame, role: str) -> list[Action]:
    acts: list[Action] = [("add_card", c) for c in state.hands[role] if c != BLUFF]
    return [*acts, ("no_card",)]


def _extra(state: State, frame: Frame, role: str, action: Action) -> None:
    conflict = main(state)
    if action[0] == "add_card":
        cid = action[1]
        state.hands[role].remove(cid)
        conflict["cards"][role].append(cid)
        state.barrier += 1
        c = card(state, cid)
        state.say(key(conflict, 9), f"{role} adds {c.name} (Strength {c.strength}) face up (R17).")
    else:
        state.say(key(conflict, 9), f"{role} adds no card.")
    PROCEDURES.pop(state, frame)


# -- Steps 10-12 --------------------------------------------------------------------------------------
def _dice(state: State, frame: Frame) -> list[str]:
    roll(state, frame)
    return rerollers(state, frame)


def strength(state: State, frame: Frame, side: str) -> int:
    """``Battle.11``: the side's cards, Units, Faith, dice and card effects; in a Battle its
    Fortresses next to the Region at their track value (``Buildings.Fortress.2``); in a Siege the
    besieged Defender's Citadel in the City at its track value (``Buildings.Citadel.2``)."""
    loc = frame["location"]
    total = sum(card(state, c).strength for c in cards_of(frame, side))
    for role in members(frame, side):
        total += unit_strength(frame["units"].get(role, {})) + frame["faith"].get(role, 0)
        total += dice_total(state, frame, role, "strength")
        if role == frame[side]:
            per = sum(1 for k, _ in effects(state, frame, side) if k == "strength_per_support")
            total += per * support_of(state, role, loc)
        if not is_siege(frame):
            for space in data(state).board.fortress_spaces_by(loc, in_second_crusade(state)):
                if state.fortresses.get(space) == role:
                    total += track_value(state, role, "fortress")
    if is_siege(frame):
        total += effect_total(state, frame, side, "siege_strength")
        if side == "defender" and state.citadels.get(loc) == frame["defender"]:
            total += track_value(state, frame["defender"], "citadel")
    else:
        total += effect_total(state, frame, side, "battle_strength")
    return total


def _strength(state: State, frame: Frame) -> list[str]:
    for side in SIDES:
        frame["strength"][side] = strength(state, frame, side)
    a, d = frame["strength"]["attacker"], frame["strength"]["defender"]
    frame["winner"] = "attacker" if a > d else "defender"  # R7a: a tie is the Defender's
    tie = " (a tie is the Defender's, R7a)" if a == d else ""
    state.say(
        key(frame, 11),
        f"Strength: {' and '.join(members(frame, 'attacker'))} {a},"
        f" {' and '.join(members(frame, 'defender'))} {d};"
        f" {whose(leader(frame, frame['winner']))} side wins{tie}.",
    )
    return []


def _victory(state: State, frame: Frame) -> list[str]:
    """``Battle.12`` / ``Siege.12``."""
    k = key(frame, 12)
    for role in participants(frame):
        score(state, role, 1, k, "taking part")
    win = frame["winner"]
    if not is_siege(frame):
        ally = frame["allies"][win]
        if ally:
            score(state, ally, 1, k, "the winner's Ally")
        score(state, frame[win], 2, k, "winning the Battle")
        return []
    if win == "defender":
        _defender_holds(state, frame)
        return []
    return [frame["attacker"]]


def _defender_holds(state: State, frame: Frame) -> None:
    """``Siege.12``, R10c: the Defender's Influence rises one level, changing places with the
    marker above if any; on the top level already it gains 1 VP instead."""
    loc, role = frame["location"], frame["defender"]
    levels = state.influence[loc]
    if role not in levels:
        return
    if levels.index(role) == cities.top(state, loc):
        score(state, role, 1, key(frame, 12), "holding the City's top level, R10c")
    else:
        cities.swap_up(state, role, loc, key(frame, 12))


def _open_spoils(state: State, frame: Frame, role: str) -> bool:
    PROCEDURES.push(state, "siege_spoils", roles=[role])
    return True


def _spoils_legal(state: State, frame: Frame, role: str) -> list[Action]:
    loc = main(state)["location"]
    acts: list[Action] = []
    if role in state.influence[loc] or presence_left(state, role) > 0:  # R10b
        acts.append(("take",))
    return [*acts, ("ransack",)]


def _spoils(state: State, frame: Frame, role: str, action: Action) -> None:
    conflict = main(state)
    loc, defender = conflict["location"], conflict["defender"]
    where = name(state, loc)
    if action[0] == "take":
        k = "Siege.12.1"
        if defender in state.influence[loc]:
            cities.remove(state, defender, loc)
            state.say(k, f"{whose(defender, start=True)} Influence leaves {where} for its supply.")
        state.say(k, f"{role} takes the top level of {where} (R10b).")
        cities.place(state, role, loc, cities.top(state, loc), k)
    else:
        k = "Siege.12.2"
        for r in [r for r in state.influence[loc] if r is not None]:
            cities.remove(state, r, loc)
        state.say(k, f"{role} ransacks {where}: every Influence leaves it.")
        citadel = state.citadels.pop(loc, None)
        if citadel is not None:
            state.say(k, f"{whose(citadel, start=True)} Citadel in {where} leaves the game.")
        if state.control.get(loc) is not None:
            state.control[loc] = None
            state.say(k, f"The City Control marker of {where} goes back to its Location card (R10d).")
        gold = data(state).cities[loc].sides[state.side].ransack
        gain(state, role, {"gold": gold}, k, f"ransacking {where}")
    PROCEDURES.pop(state, frame)


# -- Steps 13-14 and after ---------------------------------------------------------------------------
def _buy_back(state: State, frame: Frame) -> list[str]:
    forfeit_faith(state, frame)
    return returning(state, frame)


def _after(state: State, frame: Frame) -> list[str]:
    """``Battle.After``: cards to the discard pile, the Bluff back to its hand (R6b), hands
    refilled (R6a)."""
    k = frame["kind"].capitalize() + ".After"
    for side in SIDES:
        for cid in cards_of(frame, side):
            if cid != BLUFF:
                state.discard.append(cid)
    state.say(
        k,
        f"The {frame['kind'].capitalize()} ends; its cards go to the discard pile,"
        " a Bluff back to its hand (R6b).",
    )
    for role in participants(frame):
        refill(state, role, k)
    for units in frame["units"].values():
        for n in units.values():
            assert n == 0, "Units left in a finished Conflict"
    frame["units"], frame["faith"] = {}, {}
    PROCEDURES.pop(state, frame)
    return []


def _nothing(state: State, frame: Frame, item: str) -> bool:
    return False


Step = tuple[Callable[[State, Frame], list[str]], Callable[[State, Frame, str], bool]]
STEPS: tuple[Step, ...] = (
    (_reinforcers("attacker"), _open_reinforce),  # 1
    (_inviters("attacker"), _open_invite),  # 2
    (_reinforcers("attacker_ally"), _open_reinforce),  # 3
    (_reinforcers("defender"), _open_reinforce),  # 4
    (_inviters("defender"), _open_invite),  # 5
    (_reinforcers("defender_ally"), _open_reinforce),  # 6
    (lambda state, frame: ["cards"], _open_cards),  # 7-9
    (_extras, _open_extra),  # 9
    (_dice, open_rerolls),  # 10
    (_strength, _nothing),  # 11
    (_victory, _open_spoils),  # 12
    (count_wounds, open_wounds),  # 13
    (_buy_back, open_buy_back),  # 14
    (_after, _nothing),
)
"""Each step (the frame's ``step`` is its index): what it has to do, the items it asks about
(computed on entering it, after any work it does at once), and how to open the window for one
item (False: nothing to ask after all)."""


def _run(state: State, frame: Frame) -> None:
    """Run the Conflict's steps until one opens a window or the Conflict ends."""
    while state.stack and state.stack[-1] is frame:
        todo_fn, open_fn = STEPS[frame["step"]]
        if frame["todo"] is None:
            frame["todo"] = todo_fn(state, frame)
            if not state.stack or state.stack[-1] is not frame:
                return  # the Conflict ended
        while frame["todo"]:
            item = frame["todo"].pop(0)
            if open_fn(state, frame, item):
                return
        frame["todo"] = None
        frame["step"] += 1


def _prompt(words: str) -> Callable[[State, Frame, str], str]:
    def prompt(state: State, frame: Frame, role: str) -> str:
        conflict = main(state)
        return f"{words} ({conflict['kind'].capitalize()} in {name(state, conflict['location'])})."

    return prompt


def _answer_prompt(state: State, frame: Frame, role: str) -> str:
    return f"{frame['inviter']} asks you to be its Ally: accept or decline."


def _leaders(state: State, frame: Frame) -> list[str]:
    leaders: list[str] = frame["leaders"]
    return leaders


def _participants(state: State, frame: Frame) -> list[str]:
    roles: list[str] = frame["participants"]
    return roles


def _register() -> None:
    for kind in KINDS:
        rule = kind.capitalize()
        PROCEDURES.procedure(kind, run=_run, rule=rule)
        PROCEDURES.procedure(
            kind + "_reinforce",
            legal=_reinforce_legal,
            perform=_reinforce,
            run=_reinforce_end,
            prompt=_prompt("Move in 1 Support from an adjacent Location for 1 Gold, or stop"),
            rule=f"{rule}.1, .3, .4, .6",
        )
        PROCEDURES.procedure(
            kind + "_invite",
            legal=_invite_legal,
            perform=_invite,
            run=lambda state, frame: PROCEDURES.pop(state, frame),
            prompt=_prompt("Ask a player to be your Ally, or fight alone"),
            rule=f"{rule}.2, .5",
        )
        PROCEDURES.procedure(
            kind + "_answer",
            legal=lambda state, frame, role: [("accept",), ("decline",)],
            perform=_answer,
            prompt=_answer_prompt,
            rule=f"{rule}.2, .5",
        )
        PROCEDURES.simultaneous(
            kind + "_card",
            roles=_leaders,
            legal=_card_legal,
            resolve=_cards_laid,
            committed=_card_sealed,
            prompt=_prompt("Lay an Action card face down (the Bluff is allowed)"),
            rule=f"{rule}.7",
        )
        PROCEDURES.simultaneous(
            kind + "_commit",
            roles=_participants,
            legal=_commit_legal,
            resolve=_reveal,
            committed=_committed,
            prompt=_prompt("Close your hand on Units (2 per Support) and Faith"),
            rule=f"{rule}.8",
        )
        PROCEDURES.procedure(
            kind + "_extra",
            legal=_extra_legal,
            perform=_extra,
            prompt=_prompt("Your card lets you add one more card from your hand"),
            rule=f"{rule}.9",
        )
    PROCEDURES.procedure(
        "siege_spoils",
        legal=_spoils_legal,
        perform=_spoils,
        prompt=_prompt("You win: take the City's top level, or ransack it"),
        rule="Siege.12",
    )


_register()
