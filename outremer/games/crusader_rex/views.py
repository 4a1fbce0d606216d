"""What each role may see (hidden information, 2.0 and the fog-of-war note of page 1), the log in
words, and actions in words.

A role sees its own blocks whole (identity, strength); enemy blocks only as a side and a place
(town, field or castle) until revealed in battle, storm or sally (6.51), in a staging box (7.21) or
once eliminated. Hands and the face-down card are private until the reveal (4.1); the draw pools are
seen by their owner only; the random generator is never shown.
"""

from __future__ import annotations

import string
from typing import Any, cast

from .board import FRANKS, SARACENS, STAGING
from .cards import card_name
from .common import BLOCKS, TOWNS, victory_count
from .frames import BATTLE_DECISIONS
from .records import Draws
from .state import State

Action = tuple[Any, ...]


def block_view(state: State, block: str, role: str | None) -> dict[str, Any]:
    info = BLOCKS[block]
    if role == info.side or block in state.revealed or info.side not in (FRANKS, SARACENS):
        return {
            "id": block,
            "name": info.label,
            "printed_name": info.name,
            "side": info.side,
            "steps": state.steps[block],
            "max_steps": info.max_steps,
            "combat": f"{info.initiative}{info.firepower}",
            "move": info.move,
            "revealed": block in state.revealed,
        }
    return {"side": info.side}


def view(state: State, role: str | None, game: str, prompt: str, legal: list[Action]) -> dict[str, Any]:
    """``role``'s view of ``state`` (None: an observer) in the game named ``game``, with what it is
    asked (``prompt``) and its ``legal`` actions, which the game class works out from the rules."""
    towns: dict[str, dict[str, list[dict[str, Any]]]] = {}
    staging: dict[str, list[dict[str, Any]]] = {name: [] for name in STAGING}
    pools: dict[str, dict[str, Any]] = {}
    for side in (FRANKS, SARACENS):
        pools[side] = {"face_down": 0, "face_up": [], "eliminated": []}
    for b, where in state.loc.items():
        side = BLOCKS[b].side
        if where in TOWNS or where == "Masyaf":
            spot = towns.setdefault(where, {"field": [], "castle": []})
            spot["castle" if b in state.castle else "field"].append(block_view(state, b, role))
        elif where in staging:
            staging[where].append(block_view(state, b, role))
        elif side in pools:
            pool = pools[side]
            if where == "pool":
                pool["face_down"] += 1
                if role == side:
                    pool.setdefault("contents", []).append(BLOCKS[b].label)
            elif where == "aside":
                pool["face_up"].append(BLOCKS[b].label)
            elif role == side or b in state.revealed:
                pool["eliminated"].append(BLOCKS[b].label)
            else:
                pool["eliminated_unseen"] = pool.get("eliminated_unseen", 0) + 1
    for spot in towns.values():
        for blocks in spot.values():
            blocks.sort(key=_order)
    for blocks in staging.values():
        blocks.sort(key=_order)
    revealed_cards = state.p1 is not None or state.flags.get("cancelled", False)
    cards: dict[str, Any] = {}
    for side in (FRANKS, SARACENS):
        played = state.played.get(side)
        entry: dict[str, Any] = {"in_hand": len(state.hands[side]), "played": played is not None}
        if role == side:
            entry["hand"] = [{"id": c, "name": card_name(c)} for c in state.hands[side]]
        if played is not None and (role == side or revealed_cards):
            entry["card"] = {"id": played, "name": card_name(played)}
        cards[side] = entry
    out: dict[str, Any] = {
        "game": game,
        "role": role,
        "year": state.year,
        "turn": state.turn,
        "winter_turn": state.turn == 6,
        "phase": state.phase,
        "phase_name": phase_name(state, role),
        "active": list(state.active),
        "player1": state.p1,
        "prompt": prompt,
        "towns": towns,
        "staging": staging,
        "pools": pools,
        "cards": cards,
        "victory_cities": victory_count(state),
        "options": dict(state.options),
        "outcome": state.result,
    }
    battle = battle_view(state, role)
    if battle is not None:
        out["battle"] = battle
    mv = state.mv
    if mv is not None and mv["side"] == role:
        out["moves_left"] = mv["moves"]
        out["move"] = {
            "kind": mv["kind"],
            "origin": mv["origin"],
            "target": mv["target"],
            "moved": list(mv["moved"]),
            "roads_used": dict(mv["roads"]),
            "may_leave": dict(mv["free"]),
            "barred_roads": {t: list(r) for t, r in mv["barred"].items()},
            "event": mv["event"],
        }
    work = cast("Draws | None", state.work) if state.phase == "draw" else None
    drawn = work.get("block") if work else None
    if drawn is not None and role in state.active:
        out["drawn"] = {"id": drawn, "name": BLOCKS[drawn].label}
    out["legal_actions"] = (
        [{"action": list(a), "text": describe(state, role, a)} for a in legal] if role is not None else []
    )
    return out


PHASE_NAMES = {
    "deploy_franks": "Frank Deployment (3.1)",
    "deploy_saracens": "Saracen Deployment (3.2)",
    "card": "Card Play (4.1)",
    "assassins": "Event: Assassins (4.2)",
    "manna": "Event: Manna (4.2)",
    "jihad": "Event: Jihad (4.2)",
    "move": "Movement (5.0)",
    "battle_choice": "Combat: the next battle (6.0)",
    "combat_deploy": "Combat Deployment (6.1)",
    "siege_storm": "Siege Declarations (6.53)",
    "siege_sally": "Sallying (6.55)",
    "combat_turn": "Combat Turns (6.2)",
    "combat_hit": "Combat Hits (6.31)",
    "combat_retreat": "Retreats (6.6)",
    "siege_end": "Siege: stay or leave (6.2)",
    "regroup": "Regroups (6.7)",
    "draw": "Draws (7.0)",
    "winter_regroup": "Winter Campaigns: regroups (8.2)",
    "winter_supply": "Winter Supply Limits (8.3)",
    "winter_replace": "Winter Replacements (8.4)",
    "over": "Game over (1.2)",
    "idle": "Set-up (3.0)",
}
"""Each decision (procedures.decisions) by the rulebook's name of its step, with the rule."""

MOVE_NAMES = {
    "group": "Movement: Group Move (5.2)",
    "muster": "Movement: Muster (5.3)",
    "muster_pick": "Movement: Muster (5.3)",
}
"""The move under way, as its mover sees it (the other side sees "Movement (5.0)")."""


def phase_name(state: State, role: str | None) -> str:
    """The step of play in the rulebook's words with its rule number, e.g. "Frank Deployment
    (3.1)", for ``role``: the mover also sees which kind of move it is making (5.2, 5.3)."""
    phase = state.phase
    mv = state.mv
    if phase == "move" and mv is not None and mv["side"] == role and mv["kind"] in MOVE_NAMES:
        return MOVE_NAMES[mv["kind"]]
    return PHASE_NAMES.get(phase, phase)


def battle_view(state: State, role: str | None) -> dict[str, Any] | None:
    """The battle being fought, as ``role`` sees it (6.x): whose blocks are due as reserves is
    public by number; which blocks they are only to their owner."""
    f = state.fight
    if not f or "town" not in f or state.phase not in BATTLE_DECISIONS:
        return None

    def seen(blocks: list[str]) -> list[str]:
        return [b for b in blocks if BLOCKS[b].side == role or b in state.revealed]

    due = f.get("due", {})
    reserves: dict[str, Any] = {}
    for side in (FRANKS, SARACENS):
        mine = [b for b in due if BLOCKS[b].side == side]
        entry: dict[str, Any] = {"count": len(mine)}
        if side == role:
            entry["blocks"] = {b: due[b] for b in mine}
        reserves[side] = entry
    return {
        "town": f["town"],
        "round": f.get("round", 0),
        "attacker": f.get("att"),
        "defender": f.get("defd"),
        "mode": f.get("mode"),
        "reserves": reserves,
        "acted": seen(f.get("acted", [])),
        "storming": seen(f.get("stormers", [])),
        "sallying": seen(f.get("sallied", [])),
    }


def _order(entry: dict[str, Any]) -> tuple[int, str, str]:
    """Known blocks first by name, then hidden ones: order must not leak identities."""
    if "id" in entry:
        return (0, entry["side"], entry["id"])
    return (1, entry["side"], "")


class _Words(string.Formatter):
    """Log templates: ``{side:adj}`` writes a side as an adjective ("a Saracen block")."""

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec == "adj":
            return ADJECTIVE.get(value, value)
        return super().format_field(value, format_spec)


WORDS = _Words()
ADJECTIVE = {FRANKS: "Frank", SARACENS: "Saracen"}


def log_entries(state: State, role: str | None, start: int = 0) -> list[dict[str, Any]]:
    """``role``'s log from its ``start``-th entry on; only those entries are put into words."""
    out = []
    skip = start
    for rule, audience, template, args in state.log:
        if audience is None or audience == role or (audience[0] == "!" and audience[1:] != role):
            if skip:
                skip -= 1
                continue
            entry: dict[str, Any] = {"rule": rule, "text": WORDS.format(template, **args)}
            if "dice" in args:
                entry["dice"] = [int(d) for d in str(args["dice"]).split()]
            elif "die" in args:
                entry["dice"] = [int(args["die"])]
            out.append(entry)
    return out


def _name(block: Any) -> str:
    return BLOCKS[block].label if isinstance(block, str) and block in BLOCKS else str(block)


_VERBS = {
    "seat": "move {1} to {2}",
    "swap": "exchange Saladin with {1}",
    "card": "play {card}",
    "group": "group move from {1}",
    "muster": "muster at {1}",
    "step": "move {1} to {2}",
    "sea": "sea move {1} to {2}",
    "enter": "enter {1} at {2}",
    "campaign": "winter campaign at {1}",
    "town": "choose {1}",
    "block": "choose {1}",
    "battle": "fight the battle at {1}",
    "castle": "put {1} in the castle",
    "storm": "storm with {1}",
    "sally": "sally with {1}",
    "fire": "{1} fires",
    "charge": "{1} fires with a knights' charge",
    "harry": "{1} fires and retreats to {2} (harrying)",
    "retreat": "{1} retreats to {2}",
    "withdraw": "{1} withdraws",
    "hit": "{1} takes the hit",
    "stay": "stay on siege",
    "leave": "lift the siege and leave",
    "place": "deploy the drawn block at {1}",
    "regroup": "regroup {1} to {2}",
    "disband": "disband {1}",
    "replace": "add a step to {1}",
    "done": "done",
    "end": "end",
}


def describe(state: State, role: str, action: tuple[Any, ...]) -> str:
    verb = action[0]
    if action == ("muster",):
        return "muster (then choose the town)"
    if verb == "card":
        return f"play {card_name(action[1])}"
    template = _VERBS.get(verb)
    parts = [_name(p) for p in action]
    if template is None:
        return " ".join(parts)
    fields = {str(i): p for i, p in enumerate(parts)}
    return template.replace("{1}", fields.get("1", "")).replace("{2}", fields.get("2", ""))
