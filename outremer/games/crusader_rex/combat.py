"""Battles and sieges (rules 6.0-6.7): combat deployment, combat rounds, fire and hits, knights'
charges, harrying, reserves, storming, sallying, relief forces, siege attrition, retreats,
withdrawals and regroups.

The rulings behind every gap are in ``docs/crusader-rex/combat.md``. ``state.fight`` holds the
battle phase: ``{"fought": [towns]}`` between battles, and the working data of the battle being
fought (see ``_begin``) while one is under way. It is JSON-native and small.

Control flow: the battle phase is the sequence ``battles`` (procedures.py). Each decision of a
battle, once carried out, ends; the sequence then runs every forced step (:func:`_battles`:
automatic fire, hits without a tie, arrivals, attrition, the end of a round) until a real decision
is needed, which it asks, or the battles are over, when it ends and the turn goes on.
"""

from __future__ import annotations

from typing import Any

from ...engine.procedures import Frame
from . import common
from .board import FRANKS, SARACENS, enemy
from .common import BLOCKS, BOARD, TOWNS, castle_limit, log, others
from .procedures import PROCEDURES, Action, ask, begin, decision, end, opening, sequence
from .records import Fight
from .state import State

SIDES = (FRANKS, SARACENS)
LETTERS = ("A", "B", "C")


# -- small queries ------------------------------------------------------------------------------
def _side(block: str) -> str:
    return BLOCKS[block].side


def _name(state: State, block: str) -> str:
    """A block's name if the enemy can see it, else 'A Frank block' (never leak hidden blocks); it
    begins a log line, so the article is capitalised."""
    if block in state.revealed:
        return BLOCKS[block].label
    return "A Frank block" if _side(block) == FRANKS else "A Saracen block"


def _scan(state: State, f: Fight) -> tuple[dict[str, list[str]], dict[str, list[str]], dict[str, list[str]]]:
    """Blocks at the battle town: (field, castle, due reserves), each per side."""
    town = f["town"]
    due = f["due"]
    castle = state.castle
    fld: dict[str, list[str]] = {FRANKS: [], SARACENS: []}
    cst: dict[str, list[str]] = {FRANKS: [], SARACENS: []}
    pend: dict[str, list[str]] = {FRANKS: [], SARACENS: []}
    for b in [b for b, where in state.loc.items() if where == town]:
        s = BLOCKS[b].side
        if s not in fld:
            continue
        if b in castle:
            cst[s].append(b)
        elif b in due:
            pend[s].append(b)
        else:
            fld[s].append(b)
    return fld, cst, pend


def _castle_side(cst: dict[str, list[str]]) -> str | None:
    if cst[FRANKS]:
        return FRANKS
    if cst[SARACENS]:
        return SARACENS
    return None


def _open_towns(state: State, towns: list[str], side: str) -> set[str]:
    """Of ``towns``, those a block of ``side`` may retreat or regroup into (6.6, 6.62, 6.7): a
    friendly field (an own siege counts) or vacant. A pending field battle has no friendly field."""
    field: dict[str, set[str]] = {t: set() for t in towns}
    inside: dict[str, set[str]] = {t: set() for t in towns}
    castle = state.castle
    for b, where in state.loc.items():
        if where in field:
            (inside if b in castle else field)[where].add(BLOCKS[b].side)
    out = set()
    for t in towns:
        sides = field[t] or inside[t]
        if not sides or sides == {side}:
            out.add(t)
    return out


def _limit(state: State, road: str, side: str) -> int:
    return BOARD.limit(road, state.flags.get("guide") == side, bool(state.options.get("iron_bridge")))


def _retreat_dests(state: State, f: Fight, side: str) -> list[str]:
    """Towns a field block of ``side`` may retreat to now (6.6, 6.61, 7.22, 7.23)."""
    town = f["town"]
    rec = state.attacks.get(town)
    roads_in: dict[str, list[str]] = rec.get("roads", {}) if rec else {}
    mine = [r for r in roads_in.get(side, []) if r != "sea"]
    theirs = [r for r in roads_in.get(enemy(side), []) if r != "sea"]
    player2 = state.p1 is not None and side != state.p1
    attacker = side == f["att"]
    used = f["used"][side]
    out = []
    for dest, road in BOARD.adjacent[town]:
        if BOARD.roads[road].off_map or dest not in TOWNS or TOWNS[dest].no_entry:
            continue
        if attacker:
            # 6.61: only roads this side entered by; a road both entered by belongs to Player 2.
            if road not in mine or (road in theirs and not player2):
                continue
        elif road in theirs and not (player2 and road in mine):
            continue
        if used.get(road, 0) >= _limit(state, road, side):
            continue
        if dest not in out:
            out.append(dest)
    if not out:
        return out
    ok = _open_towns(state, out, side)
    return [t for t in out if t in ok]


def _road_to(town: str, dest: str) -> str:
    for d, road in BOARD.adjacent[town]:
        if d == dest:
            return road
    raise KeyError(dest)


def _regroup_dests(state: State, f: Fight, side: str) -> list[str]:
    """Towns the victor may regroup to (6.7): adjacent, friendly or vacant, road limits."""
    town = f["town"]
    out = []
    for dest, road in BOARD.adjacent[town]:
        if BOARD.roads[road].off_map or dest not in TOWNS or TOWNS[dest].no_entry:
            continue
        if f["rg"].get(road, 0) >= _limit(state, road, side):
            continue
        if dest not in out:
            out.append(dest)
    if not out:
        return out
    ok = _open_towns(state, out, side)
    return [t for t in out if t in ok]


def _sallied(state: State, f: Fight) -> list[str]:
    town = f["town"]
    return [b for b in f["sallied"] if state.loc[b] == town and b not in state.castle]


def _stormers(state: State, f: Fight) -> list[str]:
    town = f["town"]
    return [b for b in f["stormers"] if state.loc[b] == town]


def _can_enter_castle(state: State, f: Fight, block: str, cst: dict[str, list[str]]) -> bool:
    """May this field block withdraw into the castle (6.62, 6.63)?"""
    if block in f["sallied"]:
        return True  # 6.55: sallying blocks may go back in; their room is kept for them
    limit = castle_limit(f["town"])
    if limit <= 0 or block in f["relief"]:
        return False  # 6.56: relief forces cannot withdraw into the castle
    side = _side(block)
    holder = _castle_side(cst)
    if holder is None:
        if side != f["dside"]:
            return False  # an empty castle is friendly only to the side that deployed in the town
    elif holder != side:
        return False
    return len(cst[side]) + len(_sallied(state, f)) < limit


def _reveal(state: State, f: Fight, blocks: list[str]) -> None:
    common.reveal(state, blocks)
    shown = f["shown"]
    for b in blocks:
        if b not in shown:
            shown.append(b)


# -- the battle phase (6.0) -------------------------------------------------------------------
def start_battle_phase(state: State) -> None:
    """Fight every battle and siege, in Player 1's order (6.0), from a position built by hand
    (positions.py); the turn pushes the battles by kind."""
    begin(state, "battles")
    PROCEDURES.settle(state)


def _pending(state: State, fought: list[str]) -> list[str]:
    sides: dict[str, set[str]] = {}
    for b, where in state.loc.items():
        if where in TOWNS:
            sides.setdefault(where, set()).add(BLOCKS[b].side)
    return sorted(t for t, s in sides.items() if FRANKS in s and SARACENS in s and t not in fought)


def _next_battle(state: State) -> bool:
    f = state.fight
    assert f is not None
    towns = _pending(state, f["fought"])
    if not towns:
        state.fight = None
        end(state)
        return False
    if len(towns) == 1:
        _begin(state, towns[0])
        return True
    assert state.p1 is not None
    ask(state, "battle_choice", state.p1)
    return False


def _begin(state: State, town: str) -> None:
    """Open the battle at ``town``: its sides, reserves and combat deployment (6.1, 6.4, 6.5)."""
    fought = state.fight["fought"] if state.fight else []
    rec = state.attacks.get(town)
    cst = {s: [b for b in common.castle_blocks(state, town, s)] for s in SIDES}
    holder = _castle_side(cst)
    if holder is not None:
        # An existing siege: the besieger defends the field, a relief force attacks it (6.56).
        att, defd = holder, enemy(holder)
    else:
        att = rec["attacker"] if rec else (state.p1 or FRANKS)
        defd = enemy(att)
    due = {}
    if rec:
        for b, r in rec.get("reserves", {}).items():
            if state.loc.get(b) == town and r > 1:
                due[b] = r
    jihad = state.flags.get("jihad")
    f: Fight = {
        "fought": fought,
        "town": town,
        "round": 0,
        "stage": "round_start",
        "att": att,
        "defd": defd,
        "dside": None if holder else defd,  # the side that deployed (may enter an empty castle)
        "siege0": holder is not None,
        "due": due,
        "mode": None,
        "acted": [],
        "stormers": [],
        "sallied": [],
        "relief": [],
        "half": {},
        "decided": [],
        "used": {FRANKS: {}, SARACENS: {}},
        "rg": {},
        "hits": None,
        "holder": None,
        "fieldprev": False,
        "jihad": jihad["side"] if jihad and jihad.get("town") == town else None,
        "next": None,
        "ra": None,
        "sally": None,
        "victor": None,
        "mid": False,
        "shown": [],
    }
    state.fight = f
    if holder is not None:
        f["relief"] = [b for b in common.field_blocks(state, town, holder)]
        f["relief"] += [b for b in due if _side(b) == holder and b not in f["relief"]]
        log(
            state,
            "6.5",
            "The siege of {town}: the {besieged} hold the castle against the {besieger}.",
            town=town,
            besieged=holder,
            besieger=enemy(holder),
        )
    else:
        log(
            state,
            "6.0",
            "The battle of {town}: the {att} attack, the {defd} defend.",
            town=town,
            att=att,
            defd=defd,
        )
        fld = [b for b in common.field_blocks(state, town, defd) if b not in due]
        if castle_limit(town) > 0 and fld:
            f["stage"] = "deploy"


# -- the driver -------------------------------------------------------------------------------
def _battles(state: State, frame: Frame) -> None:
    """Both players have moved: the battle phase (6.0). Run forced steps until someone must decide
    (asked) or the battles are over (the sequence ends)."""
    if opening(frame):
        state.fight = {"fought": []}
    while True:
        f = state.fight
        if f is None:
            return
        st = f.get("stage")
        if st is None:
            if not _next_battle(state):
                return
            continue
        step = _STEPS[st]
        if not step(state, f):
            return


def _step_deploy(state: State, f: Fight) -> bool:
    if not _deploy_legal(state, f) or _deploy_legal(state, f) == [("done",)]:
        _deploy_done(state, f)
        return True
    ask(state, "combat_deploy", f["defd"])
    return False


def _deploy_legal(state: State, f: Fight) -> list[Action]:
    town = f["town"]
    inside = len(common.castle_blocks(state, town))
    if inside >= castle_limit(town):
        return [("done",)]
    out: list[Action] = [
        ("castle", b) for b in common.field_blocks(state, town, f["defd"]) if b not in f["due"]
    ]
    out.append(("done",))
    return out


def _deploy_done(state: State, f: Fight) -> None:
    town = f["town"]
    inside = common.castle_blocks(state, town, f["defd"])
    outside = [b for b in common.field_blocks(state, town, f["defd"]) if b not in f["due"]]
    log(
        state,
        "6.1",
        "The {side} deploy {n} block(s) in the castle of {town} and {m} in the field.",
        side=f["defd"],
        n=len(inside),
        m=len(outside),
        town=town,
    )
    f["stage"] = "round_start"


def _step_round_start(state: State, f: Fight) -> bool:
    """A new combat round (6.2): arrivals (6.41, 6.42, 6.56), then a field battle or a siege
    declaration (6.53)."""
    f["round"] += 1
    r = f["round"]
    f["acted"] = []
    f["stormers"] = []
    f["mode"] = None
    f["decided"] = []
    f["used"] = {FRANKS: {}, SARACENS: {}}  # 6.61: retreat road limits count per combat round
    town = f["town"]
    fld, cst, pend = _scan(state, f)
    holder = _castle_side(cst)
    arriving = [b for b, rr in f["due"].items() if rr <= r]
    for b in arriving:
        del f["due"][b]
        s = _side(b)
        if holder == s and not fld[s] and b not in f["relief"]:
            f["relief"].append(b)  # 6.56: arriving to relieve a besieged castle
    if arriving:
        for s in SIDES:
            n = sum(1 for b in arriving if _side(b) == s)
            if n:
                log(
                    state,
                    "6.4",
                    "Round {r} at {town}: {n} {side:adj} reserve block(s) arrive.",
                    r=r,
                    town=town,
                    n=n,
                    side=s,
                )
        fld, cst, pend = _scan(state, f)
    for s in SIDES:
        if not fld[s] and not cst[s] and not pend[s]:
            f["stage"] = "end"
            return True
    if fld[FRANKS] and fld[SARACENS]:
        if r > 1 and not f["fieldprev"] and f["holder"] is not None:
            # 6.41, 6.56: the side holding the field defends it against those arriving.
            f["defd"] = f["holder"]
            f["att"] = enemy(f["holder"])
            if not cst[FRANKS] and not cst[SARACENS]:
                f["dside"] = f["holder"]  # 6.62: the empty castle is now the holder's to withdraw into
        f["mode"] = "field"
        f["half"] = {}
        _reveal(state, f, fld[FRANKS] + fld[SARACENS])
        log(
            state,
            "6.2",
            "Round {r} at {town}: field battle, the {att} attacking.",
            r=r,
            town=town,
            att=f["att"],
        )
        if holder is not None and (r > 1 or f["siege0"]):
            f["sally"] = "join"
            f["stage"] = "sally"
        else:
            f["stage"] = "turns"
        return True
    if holder is not None and fld[enemy(holder)]:
        f["stage"] = "storm"
        return True
    # Nobody to fight this round (reserves still on their way).
    f["half"] = {}
    f["stage"] = "round_end"
    return True


def _step_storm(state: State, f: Fight) -> bool:
    legal = _storm_legal(state, f)
    if legal == [("done",)]:
        _storm_done(state, f)
        return True
    fld, cst, _ = _scan(state, f)
    besieged = _castle_side(cst)
    assert besieged is not None
    ask(state, "siege_storm", enemy(besieged))
    return False


def _storm_legal(state: State, f: Fight) -> list[Action]:
    fld, cst, _ = _scan(state, f)
    besieged = _castle_side(cst)
    assert besieged is not None
    out: list[Action] = []
    if len(f["decided"]) < castle_limit(f["town"]):
        out = [("storm", b) for b in fld[enemy(besieged)] if b not in f["decided"]]
    out.append(("done",))
    return out


def _storm_done(state: State, f: Fight) -> None:
    town = f["town"]
    fld, cst, _ = _scan(state, f)
    besieged = _castle_side(cst)
    assert besieged is not None
    r = f["round"]
    if f["decided"]:
        f["stormers"] = list(f["decided"])
        f["decided"] = []
        f["mode"] = "storm"
        _reveal(state, f, f["stormers"])
        log(
            state,
            "6.54",
            "Round {r} at {town}: the {side} storm the castle with {blocks}.",
            r=r,
            town=town,
            side=enemy(besieged),
            blocks=", ".join(BLOCKS[b].label for b in f["stormers"]),
        )
        f["stage"] = "turns"
    else:
        f["half"] = {}  # 6.54: half-hits are recovered when storming ends
        log(
            state,
            "6.53",
            "Round {r} at {town}: the {side} do not storm.",
            r=r,
            town=town,
            side=enemy(besieged),
        )
        f["sally"] = "sortie"
        f["stage"] = "sally"


def _step_sally(state: State, f: Fight) -> bool:
    legal = _sally_legal(state, f)
    if legal == [("done",)]:
        _sally_done(state, f)
        return True
    _, cst, _ = _scan(state, f)
    holder = _castle_side(cst)
    assert holder is not None
    ask(state, "siege_sally", holder)
    return False


def _sally_legal(state: State, f: Fight) -> list[Action]:
    _, cst, _ = _scan(state, f)
    holder = _castle_side(cst)
    out: list[Action] = []
    if holder is not None:
        out = [("sally", b) for b in cst[holder] if b not in f["decided"]]
    out.append(("done",))
    return out


def _sally_done(state: State, f: Fight) -> None:
    town = f["town"]
    r = f["round"]
    chosen = list(f["decided"])
    f["decided"] = []
    if chosen:
        side = _side(chosen[0])
        for b in chosen:
            state.castle.discard(b)
            f["sallied"].append(b)
        _reveal(state, f, chosen)
        log(
            state,
            "6.55",
            "Round {r} at {town}: the {side} sally with {blocks}.",
            r=r,
            town=town,
            side=side,
            blocks=", ".join(BLOCKS[b].label for b in chosen),
        )
        if f["sally"] == "sortie":
            # 6.55: a sally that starts a field battle attacks; the besiegers defend the field.
            f["att"], f["defd"] = side, enemy(side)
            f["mode"] = "field"
            fld, _, _ = _scan(state, f)
            _reveal(state, f, fld[FRANKS] + fld[SARACENS])
        f["stage"] = "turns"
        return
    if f["sally"] == "join":
        f["stage"] = "turns"
        return
    # 6.53: neither storm nor sally. With no reserves on the way the rounds stop here.
    log(state, "6.53", "Round {r} at {town}: no storm and no sally.", r=r, town=town)
    if not f["due"]:
        f["stage"] = "r3end"
    else:
        f["stage"] = "round_end"


# -- combat turns (6.2, 6.3) --------------------------------------------------------------------
def _fighters(state: State, f: Fight) -> tuple[dict[str, list[str]], str]:
    """Blocks taking combat turns this round, per side, and the defending side (6.2)."""
    fld, cst, _ = _scan(state, f)
    if f["mode"] == "storm":
        besieged = _castle_side(cst) or enemy(_side(f["stormers"][0]))
        out = {besieged: cst[besieged], enemy(besieged): _stormers(state, f)}
        return out, besieged
    return fld, f["defd"]


def _group(state: State, f: Fight) -> tuple[str, list[str]] | None:
    """The side and blocks whose combat turn it is: A, B, C, defender first within a letter (6.2);
    the Jihad side first in round 1 of its battle when it attacks: storming or in the field, not
    against a sally (card notes p.3, 6.55)."""
    fighters, defd = _fighters(state, f)
    acted = f["acted"]
    jihad = f["jihad"]
    if jihad and f["round"] == 1 and jihad != defd:
        order = [(jihad, x) for x in LETTERS] + [(enemy(jihad), x) for x in LETTERS]
    else:
        order = [(s, x) for x in LETTERS for s in (defd, enemy(defd))]
    for side, letter in order:
        blocks = [b for b in fighters[side] if BLOCKS[b].initiative == letter and b not in acted]
        if blocks:
            return side, blocks
    return None


def _round_over(state: State, f: Fight) -> bool:
    fld, cst, _ = _scan(state, f)
    if f["mode"] == "storm":
        besieged = _castle_side(cst)
        return besieged is None or not _stormers(state, f)  # 6.54: all stormers gone ends the round
    if f["mode"] == "field":
        return not fld[FRANKS] or not fld[SARACENS]
    return True


def _turn_actions(state: State, f: Fight, side: str, blocks: list[str]) -> list[Action]:
    out: list[Action] = []
    field = f["mode"] == "field"
    dests: list[str] | None = None
    cst: dict[str, list[str]] | None = None
    for b in blocks:
        info = BLOCKS[b]
        out.append(("fire", b))
        if field:
            if info.charge:
                out.append(("charge", b))  # 6.32
            if b not in f["sallied"]:
                if dests is None:
                    dests = _retreat_dests(state, f, side)
                if info.harry:
                    out.extend(("harry", b, t) for t in dests)  # 6.33
                out.extend(("retreat", b, t) for t in dests)  # 6.6
            if cst is None:
                cst = _scan(state, f)[1]
            if _can_enter_castle(state, f, b, cst):
                out.append(("withdraw", b))  # 6.55, 6.62, 6.63
        elif b in f["stormers"]:
            out.append(("withdraw", b))  # 6.54, 6.63
    return out


def _step_turns(state: State, f: Fight) -> bool:
    if _round_over(state, f):
        f["stage"] = "round_end"
        return True
    g = _group(state, f)
    if g is None:
        f["stage"] = "round_end"
        return True
    side, blocks = g
    actions = _turn_actions(state, f, side, blocks)
    if all(a[0] == "fire" for a in actions):
        _fire(state, f, blocks[0], charge=False, harry_to=None)
        return True
    ask(state, "combat_turn", side)
    return False


def _fire(state: State, f: Fight, block: str, charge: bool, harry_to: str | None) -> None:
    """6.3: roll dice equal to strength; each die at or under the firepower hits."""
    info = BLOCKS[block]
    f["acted"].append(block)
    if block in state.castle:
        _reveal(state, f, [block])  # a besieged block that fires is revealed
    fp = info.firepower + (1 if charge else 0)
    dice = common.roll(state, state.steps[block])
    hits = sum(1 for d in dice if d <= fp)
    rule = "6.32" if charge else ("6.33" if harry_to else "6.3")
    how = "charges" if charge else ("harries" if harry_to else "fires")
    log(
        state,
        rule,
        "{block} {how} ({letter}{fp}): {dice}, {hits} hit(s).",
        block=_name(state, block),
        how=how,
        letter=info.initiative,
        fp=fp,
        dice=" ".join(map(str, dice)),
        hits=hits,
    )
    if charge:
        own = sum(1 for d in dice if d == 6)
        if own:
            log(state, "6.32", "{block} takes {n} hit(s) from its own charge.", block=info.label, n=own)
            common.reduce(state, block, own, "6.32")
    f["hits"] = {"n": hits, "side": enemy(info.side), "harry": harry_to, "by": block}
    f["stage"] = "hits"


def _targets(state: State, f: Fight, side: str) -> list[str]:
    fld, cst, _ = _scan(state, f)
    if f["mode"] == "storm":
        if cst[side]:
            return cst[side]
        return [b for b in _stormers(state, f) if _side(b) == side]
    return fld[side]


def _hit_candidates(state: State, f: Fight, side: str) -> list[str]:
    """6.31: the strongest enemy block; 6.54: a block with a half-hit takes the next hit."""
    targets = _targets(state, f, side)
    if not targets:
        return []
    half = [b for b in targets if b in f["half"]]
    if half:
        return half[:1]
    top = max(state.steps[b] for b in targets)
    return [b for b in targets if state.steps[b] == top]


def _take_hit(state: State, f: Fight, block: str) -> None:
    h = f["hits"]
    assert h is not None
    h["n"] -= 1
    town = f["town"]
    if block in state.castle and f["mode"] == "storm":
        _reveal(state, f, [block])
        if block in f["half"]:
            del f["half"][block]
            log(
                state,
                "6.54",
                "{block} in the castle of {town} takes a second half-hit and loses a step.",
                block=BLOCKS[block].label,
                town=town,
            )
            common.reduce(state, block, 1, "6.54")
        else:
            f["half"][block] = 1
            log(
                state,
                "6.54",
                "{block} in the castle of {town} takes a half-hit (double defense).",
                block=BLOCKS[block].label,
                town=town,
            )
        return
    log(state, "6.31", "{block} takes a hit.", block=_name(state, block))
    common.reduce(state, block, 1, "6.31")


def _step_hits(state: State, f: Fight) -> bool:
    h = f["hits"]
    assert h is not None
    while h["n"] > 0:
        cands = _hit_candidates(state, f, h["side"])
        if not cands:
            h["n"] = 0
            break
        if len(cands) > 1:
            ask(state, "combat_hit", h["side"])
            return False
        _take_hit(state, f, cands[0])
    f["hits"] = None
    if h["harry"] is not None and state.loc[h["by"]] == f["town"]:
        _move_retreat(state, f, h["by"], h["harry"], "6.33", counted=True)
    f["stage"] = "turns"
    return True


def _move_retreat(state: State, f: Fight, block: str, dest: str, rule: str, counted: bool = False) -> None:
    side = _side(block)
    road = _road_to(f["town"], dest)
    if not counted:
        used = f["used"][side]
        used[road] = used.get(road, 0) + 1
    hidden = block not in state.revealed
    if hidden:  # the enemy reads "A Frank block", its owner the block's name: one line each (issue 15)
        log(
            state,
            rule,
            "A {side:adj} block retreats from {town} to {dest}.",
            audience=others(side),
            side=side,
            town=f["town"],
            dest=dest,
        )
    log(
        state,
        rule,
        "{block} retreats from {town} to {dest}.",
        audience=side if hidden else None,
        block=BLOCKS[block].label,
        town=f["town"],
        dest=dest,
    )
    state.loc[block] = dest
    state.castle.discard(block)


# -- end of a round, of round 3, of the battle --------------------------------------------------
def _step_round_end(state: State, f: Fight) -> bool:
    mode = f["mode"]
    if mode == "storm" and not _stormers(state, f):
        f["half"] = {}  # 6.54: every stormer withdrew or fell: storming has ended
    f["stormers"] = []
    f["mode"] = None
    fld, cst, pend = _scan(state, f)
    for s in SIDES:
        if not fld[s] and not cst[s] and not pend[s]:
            f["stage"] = "end"
            return True
    holder = _castle_side(cst)
    both = bool(fld[FRANKS]) and bool(fld[SARACENS])
    f["fieldprev"] = both
    f["holder"] = FRANKS if fld[FRANKS] and not both else (SARACENS if fld[SARACENS] and not both else None)
    nxt = "round_start" if f["round"] < 3 else "r3end"
    if mode == "field" and holder is not None and not both and fld[enemy(holder)]:
        # 6.7: a field battle has ended with the castle still held: the winner may besiege it with
        # part of his blocks and regroup the rest.
        f["stage"] = "regroup"
        f["victor"] = enemy(holder)
        f["next"] = nxt
        f["rg"] = {}
        f["mid"] = True
        return True
    f["stage"] = nxt
    return True


def _step_r3end(state: State, f: Fight) -> bool:
    """After the last round (6.2): sallies go back in (6.55), a field attacker retreats (6.2)."""
    town = f["town"]
    fld, cst, _ = _scan(state, f)
    back = _sallied(state, f)
    if back and (fld[enemy(_side(back[0]))]):
        for b in back:
            state.castle.add(b)
        log(
            state,
            "6.55",
            "The {side:adj} sally force goes back into the castle of {town}.",
            side=_side(back[0]),
            town=town,
        )
    f["sallied"] = []
    fld, cst, _ = _scan(state, f)
    if fld[FRANKS] and fld[SARACENS]:
        log(
            state,
            "6.2",
            "After round 3 at {town}, the {side} must retreat from the field.",
            town=town,
            side=f["att"],
        )
        f["ra"] = f["att"]
        f["stage"] = "retreat_all"
        f["next"] = "siege_check"
        return True
    f["stage"] = "siege_check"
    return True


def _step_siege_check(state: State, f: Fight) -> bool:
    fld, cst, _ = _scan(state, f)
    holder = _castle_side(cst)
    if holder is not None and fld[enemy(holder)]:
        ask(state, "siege_end", enemy(holder))
        return False
    f["stage"] = "end"
    return True


def _retreat_all_legal(state: State, f: Fight) -> list[Action]:
    side = f["ra"]
    assert side is not None
    fld, _, _ = _scan(state, f)
    dests = _retreat_dests(state, f, side)
    return [("retreat", b, t) for b in fld[side] for t in dests]


def _step_retreat_all(state: State, f: Fight) -> bool:
    side = f["ra"]
    assert side is not None
    fld, _, _ = _scan(state, f)
    if not fld[side]:
        f["stage"] = f["next"]
        return True
    legal = _retreat_all_legal(state, f)
    if not legal:
        # 6.6: blocks that must retreat and cannot are eliminated.
        for b in fld[side]:
            log(state, "6.6", "{block} cannot retreat from {town}.", block=_name(state, b), town=f["town"])
            common.eliminate(state, b, "6.6")
        f["stage"] = f["next"]
        return True
    if len(legal) == 1:
        _move_retreat(state, f, legal[0][1], legal[0][2], "6.6")
        return True
    ask(state, "combat_retreat", side)
    return False


def _step_attrition(state: State, f: Fight) -> bool:
    """6.57: each besieged block rolls; 1-3 loses a step (only 1 in Tyre and Tripoli)."""
    town = f["town"]
    _, cst, _ = _scan(state, f)
    holder = _castle_side(cst)
    if holder is not None:
        blocks = cst[holder]
        worst = 1 if TOWNS[town].fortified else 3
        dice = common.roll(state, len(blocks))
        losses = 0
        for b, d in zip(blocks, dice, strict=True):
            if d <= worst:
                losses += 1
                log(
                    state,
                    "6.57",
                    "({block} rolls {d} and loses a step.)",
                    audience=holder,
                    block=BLOCKS[b].label,
                    d=d,
                )
                common.reduce(state, b, 1, "6.57")
        log(
            state,
            "6.57",
            "Siege attrition at {town}: the {side} roll {dice} and lose {n} step(s).",
            town=town,
            side=holder,
            dice=" ".join(map(str, dice)),
            n=losses,
        )
    f["stage"] = "end"
    return True


def _step_end(state: State, f: Fight) -> bool:
    """The battle is over for this game turn (6.2, 6.51, 6.7)."""
    town = f["town"]
    f["due"] = {}
    f["sallied"] = []
    f["stormers"] = []
    here = [b for b, where in state.loc.items() if where == town and BLOCKS[b].side in SIDES]
    sides = {BLOCKS[b].side for b in here}
    victor = next(iter(sides)) if len(sides) == 1 else None
    if len(sides) < 2:
        state.castle.difference_update(here)  # no enemy left: nobody stays in the castle
    # 6.51: survivors stand upright again.
    common.hide(state, [b for b in here] + [b for b in f["shown"] if state.loc[b] in TOWNS])
    f["shown"] = []
    if victor is not None:
        log(state, "6.2", "The {side} hold {town}.", side=victor, town=town)
        f["victor"] = victor
        f["rg"] = {}
        f["mid"] = False
        f["next"] = "finish"
        f["stage"] = "regroup"
    else:
        f["stage"] = "finish"
    return True


def _regroup_legal(state: State, f: Fight) -> list[Action]:
    side = f["victor"]
    assert side is not None
    town = f["town"]
    if f.get("mid"):
        fld, _, _ = _scan(state, f)
        blocks = fld[side]
    else:
        blocks = [b for b, where in state.loc.items() if where == town and BLOCKS[b].side == side]
    if not blocks:
        return []
    dests = _regroup_dests(state, f, side)
    if not dests:
        return []
    out: list[Action] = [("regroup", b, t) for b in blocks for t in dests]
    out.append(("done",))
    return out


def _step_regroup(state: State, f: Fight) -> bool:
    if not _regroup_legal(state, f):
        _regroup_done(state, f)
        return True
    victor = f["victor"]
    assert victor is not None
    ask(state, "regroup", victor)
    return False


def _regroup_done(state: State, f: Fight) -> None:
    f["stage"] = f["next"]
    f["next"] = None
    f["victor"] = None
    f["mid"] = False


def _step_finish(state: State, f: Fight) -> bool:
    state.fight = {"fought": [*f["fought"], f["town"]]}
    return True


_STEPS: dict[str, Any] = {
    "deploy": _step_deploy,
    "round_start": _step_round_start,
    "storm": _step_storm,
    "sally": _step_sally,
    "turns": _step_turns,
    "hits": _step_hits,
    "round_end": _step_round_end,
    "r3end": _step_r3end,
    "siege_check": _step_siege_check,
    "retreat_all": _step_retreat_all,
    "attrition": _step_attrition,
    "end": _step_end,
    "regroup": _step_regroup,
    "finish": _step_finish,
}


# -- phases: legal actions, performing them, prompts ----------------------------------------------
def _fight(state: State) -> Fight:
    f = state.fight
    assert f is not None
    return f


def _battle_choice_legal(state: State, role: str) -> list[Action]:
    return [("battle", t) for t in _pending(state, _fight(state)["fought"])]


def _battle_choice_perform(state: State, role: str, action: Action) -> None:
    _begin(state, action[1])
    end(state)


def _deploy_phase_legal(state: State, role: str) -> list[Action]:
    return _deploy_legal(state, _fight(state))


def _deploy_perform(state: State, role: str, action: Action) -> None:
    f = _fight(state)
    if action[0] == "castle":
        state.castle.add(action[1])
        log(state, "6.1", "({block} deploys in the castle.)", audience=role, block=BLOCKS[action[1]].label)
        if _deploy_legal(state, f) != [("done",)]:
            end(state)
            return
    _deploy_done(state, f)
    end(state)


def _storm_phase_legal(state: State, role: str) -> list[Action]:
    return _storm_legal(state, _fight(state))


def _declaration(verb: str, legal: Any, done: Any) -> Any:
    """The perform of a declaration phase (6.53): pick blocks one by one with ``verb``, then done
    (automatic once no block is left to pick)."""

    def perform(state: State, role: str, action: Action) -> None:
        f = _fight(state)
        if action[0] == verb:
            f["decided"].append(action[1])
            if legal(state, f) != [("done",)]:
                end(state)
                return
        done(state, f)
        end(state)

    return perform


_storm_perform = _declaration("storm", _storm_legal, _storm_done)


def _sally_phase_legal(state: State, role: str) -> list[Action]:
    return _sally_legal(state, _fight(state))


_sally_perform = _declaration("sally", _sally_legal, _sally_done)


def _turn_legal(state: State, role: str) -> list[Action]:
    f = _fight(state)
    g = _group(state, f)
    if g is None or g[0] != role:
        return []
    return _turn_actions(state, f, g[0], g[1])


def _turn_perform(state: State, role: str, action: Action) -> None:
    f = _fight(state)
    verb, block = action[0], action[1]
    if verb == "fire":
        _fire(state, f, block, charge=False, harry_to=None)
    elif verb == "charge":
        _fire(state, f, block, charge=True, harry_to=None)
    elif verb == "harry":
        road = _road_to(f["town"], action[2])
        used = f["used"][role]
        used[road] = used.get(road, 0) + 1  # the retreat is counted when declared (6.33)
        _fire(state, f, block, charge=False, harry_to=action[2])
    elif verb == "retreat":
        f["acted"].append(block)
        _move_retreat(state, f, block, action[2], "6.6")
    elif verb == "withdraw":
        f["acted"].append(block)
        if block in f["stormers"]:
            f["stormers"].remove(block)
            log(state, "6.63", "{block} withdraws from the storm to the field.", block=_name(state, block))
        else:
            if block in f["sallied"]:
                f["sallied"].remove(block)
            state.castle.add(block)
            log(
                state,
                "6.63",
                "{block} withdraws into the castle of {town}.",
                block=_name(state, block),
                town=f["town"],
            )
    end(state)


def _hit_legal(state: State, role: str) -> list[Action]:
    f = _fight(state)
    h = f["hits"]
    if h is None or h["side"] != role:
        return []
    return [("hit", b) for b in _hit_candidates(state, f, role)]


def _hit_perform(state: State, role: str, action: Action) -> None:
    f = _fight(state)
    _take_hit(state, f, action[1])
    end(state)


def _retreat_phase_legal(state: State, role: str) -> list[Action]:
    return _retreat_all_legal(state, _fight(state))


def _retreat_perform(state: State, role: str, action: Action) -> None:
    f = _fight(state)
    _move_retreat(state, f, action[1], action[2], "6.6")
    end(state)


def _siege_end_legal(state: State, role: str) -> list[Action]:
    return [("stay",), ("leave",)]


def _siege_end_perform(state: State, role: str, action: Action) -> None:
    f = _fight(state)
    if action[0] == "stay":
        log(state, "6.2", "The {side} stay on siege at {town}.", side=role, town=f["town"])
        f["stage"] = "attrition"
    else:
        log(state, "6.2", "The {side} lift the siege of {town}.", side=role, town=f["town"])
        f["ra"] = role
        f["next"] = "end"
        f["stage"] = "retreat_all"
    end(state)


def _regroup_phase_legal(state: State, role: str) -> list[Action]:
    return _regroup_legal(state, _fight(state))


def _regroup_perform(state: State, role: str, action: Action) -> None:
    f = _fight(state)
    if action[0] == "regroup":
        block, dest = action[1], action[2]
        road = _road_to(f["town"], dest)
        f["rg"][road] = f["rg"].get(road, 0) + 1
        hidden = block not in state.revealed
        if hidden:  # the enemy reads "A Frank block", its owner the block's name: one line each (issue 15)
            log(
                state,
                "6.7",
                "A {side:adj} block regroups from {town} to {dest}.",
                audience=others(role),
                side=role,
                town=f["town"],
                dest=dest,
            )
        log(
            state,
            "6.7",
            "{block} regroups from {town} to {dest}.",
            audience=role if hidden else None,
            block=BLOCKS[block].label,
            town=f["town"],
            dest=dest,
        )
        state.loc[block] = dest
        state.castle.discard(block)
    else:
        _regroup_done(state, f)
    end(state)


def _prompt(text: str) -> Any:
    def fn(state: State, role: str) -> str:
        f: Fight = state.fight or {"fought": []}
        town = f.get("town") or ""
        rnd = f.get("round") or 0
        return text.format(town=town, round=rnd)

    return fn


sequence("battles", _battles, "6.0")
decision(
    "battle_choice",
    _battle_choice_legal,
    _battle_choice_perform,
    "Choose the next battle or siege to resolve (6.0).",
)
decision(
    "combat_deploy",
    _deploy_phase_legal,
    _deploy_perform,
    _prompt("Battle of {town}: deploy blocks in the castle, or done to keep the rest in the field (6.1)."),
)
decision(
    "siege_storm",
    _storm_phase_legal,
    _storm_perform,
    _prompt("Siege of {town}, round {round}: choose blocks to storm the castle, or done (6.53, 6.54)."),
)
decision(
    "siege_sally",
    _sally_phase_legal,
    _sally_perform,
    _prompt("Siege of {town}, round {round}: choose blocks to sally, or done (6.55)."),
)
decision(
    "combat_turn",
    _turn_legal,
    _turn_perform,
    _prompt(
        "Battle of {town}, round {round}: choose a block to fire, charge, harry, retreat or "
        "withdraw (6.2-6.63)."
    ),
)
decision(
    "combat_hit",
    _hit_legal,
    _hit_perform,
    _prompt("Battle of {town}: choose which of your strongest blocks takes the hit (6.31)."),
)
decision(
    "combat_retreat",
    _retreat_phase_legal,
    _retreat_perform,
    _prompt("Battle of {town}: retreat every block from the field (6.2, 6.6)."),
)
decision(
    "siege_end",
    _siege_end_legal,
    _siege_end_perform,
    _prompt("Siege of {town}: stay on siege or leave (6.2)."),
)
decision(
    "regroup",
    _regroup_phase_legal,
    _regroup_perform,
    _prompt("{town}: regroup victorious blocks to adjacent towns, or done (6.7)."),
)
