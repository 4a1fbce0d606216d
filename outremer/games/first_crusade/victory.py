"""How to win (6.0): Victory Points at the end (6.1), their levels (6.2), and sudden death (6.3).

The VP each award is worth, and the bands, come from the data pack (``tables.json``); which
spaces earn them follows the rules.
"""

from __future__ import annotations

import math

from .board import JERUSALEM
from .common import BOARD, COUNTERS, SPACES, control, controlled_by, log, on_map
from .state import ELIMINATED, PLAYER, State
from .teams import ROLES, credit

VP = BOARD.tables.vp
CRUSADERS = ("crusader", "mercenary")  # mercenaries are treated as Crusader units (32.5)
_CLASS_AWARD = {
    "pilgrimage": "pilgrimage_fortress",
    "armenian": "armenian_fortress",
    "byzantine_objective": "byzantine_objective",
    "assassin": "masyaf",
    "other": "other_fortress",
}


def score(state: State) -> tuple[int, list[tuple[str, int]]]:
    """The VP total now and its items (6.1)."""
    items = [(what, vp) for what, vp, _ in credited(state)]
    return sum(v for _, v in items), items


def contributions(state: State) -> dict[str, int]:
    """The team game (37.0): each player's share of the VP, by whose units earned each item (ruling
    T-6, teams.credit)."""
    out = dict.fromkeys(ROLES, 0)
    for _, vp, token in credited(state):
        out[credit(state, token)] += vp
    return out


def credited(state: State) -> list[tuple[str, int, str | None]]:
    """The VP items of 6.1, each with what earned it (a space or a counter; None for a Kingdom's
    lasting VP). A fortress counts for the contingent-free "Christian force" of 6.1; Jerusalem pays
    the full award only to a Crusader force (6.1, ruling F-6.1)."""
    items: list[tuple[str, int, str | None]] = []
    if controlled_by(state, JERUSALEM, CRUSADERS):
        items.append(("Jerusalem held by Crusaders", VP["jerusalem_crusader"], JERUSALEM))
    elif control(state, JERUSALEM) == "christian":
        items.append(("Jerusalem held by Byzantines or Armenians", VP["jerusalem_other"], JERUSALEM))
    for space in SPACES.values():
        if space.kind != "fortress" or space.id == JERUSALEM:
            continue
        if control(state, space.id) == "christian":
            items.append((f"{space.name} held", VP[_CLASS_AWARD[space.fortress or "other"]], space.id))
    if "ascalon" in SPACES and control(state, "ascalon") == "christian":
        items.append(("Ascalon held", VP["ascalon"], "ascalon"))
    for where in state.monasteries:
        items.append((f"Monastery at {SPACES[where].name}", VP["monastery"], None))
    for where in state.castles:
        items.append((f"Castle at {SPACES[where].name}", VP["castle"], None))
    for unit, where in state.loc.items():
        c = COUNTERS[unit]
        if where != ELIMINATED or not c.is_leader or c.side != "christian":
            continue
        if unit == "alexios":
            items.append(("Alexios eliminated", VP["alexios_eliminated"], unit))
        elif c.contingent == "mercenary":
            items.append((f"{c.name} eliminated", VP["mercenary_leader_eliminated"], unit))
        else:
            items.append((f"{c.name} eliminated", VP["christian_leader_eliminated"], unit))
    if state.options.get("kingdoms"):
        # 36.8: each Kingdom ever established, even if its Leader has since gone (ruling A-11)
        for capital in state.flags.get("established", list(state.flags["kingdoms"].values())):
            award = "kingdom_jerusalem" if capital == JERUSALEM else "kingdom_other"
            items.append((f"Kingdom of {SPACES[capital].name}", VP[award], None))
    return items


WEIGHTS = (-0.474, 0.736, -7.63, 1.487, -1.044)
"""The logistic weights of :func:`chance` for :func:`features`, fitted on the scripted bot's games
(``python bench/first_crusade_evaluation.py --games 60 --seed 100``: 526 turn starts)."""


def features(state: State) -> list[float]:
    """What :func:`chance` weighs: a constant, the VP now (tens), how far the game is (0 at the start,
    1 at the last turn), their product, and the Muslim Reaction Level (0 Low to 1 High)."""
    vp = score(state)[0] / 10
    done = min(state.turn, len(BOARD.turns) - 1) / (len(BOARD.turns) - 1)
    return [1.0, vp, done, vp * done, (state.reaction - 1) / 2]


def chance(state: State) -> float:
    """A quick estimate of the chance that the game ends in a Victory or better (6.2), from the VP
    the player would score now, the turn and the Reaction Level; search bots judge a playout cut
    short by it (Game.evaluate). Over once over: 1 for a win, else 0."""
    if state.result is not None:
        return 1.0 if state.result["winners"] else 0.0
    z = sum(w * x for w, x in zip(WEIGHTS, features(state), strict=True))
    return 1 / (1 + math.exp(-z))


def final(state: State) -> None:
    """End of the last turn (8.0 a): total the VP and read the level of victory (6.2)."""
    total, items = score(state)
    band = BOARD.tables.band(total, kingdoms=bool(state.options.get("kingdoms")))
    for what, vp in items:
        log(state, "6.1", "{what}: {vp:+d} VP.", what=what, vp=vp)
    log(state, "6.2", "Final score {vp} VP: {band}.", vp=total, band=band.name)
    _end(state, band.result, f"{band.name}: {total} VP after the last turn", total)


def sudden_death(state: State) -> None:
    """6.3, checked at every point: the player wins at once when a Crusader force holds Jerusalem
    and Christians hold every other fortress; loses at once when no Crusader leader is on the map."""
    if state.result is not None:
        return
    if not any(on_map(state, c.id) and c.is_leader for c in BOARD.counters_of("crusader")):
        log(state, "6.3", "No Crusader leader is left on the map: sudden death defeat.")
        total, _ = score(state)
        _end(state, "defeat", "Sudden death: no Crusader leader on the map", total)
        return
    if controlled_by(state, JERUSALEM, CRUSADERS) and all(
        control(state, f) == "christian" for f in BOARD.fortresses() if f != JERUSALEM
    ):
        log(state, "6.3", "Crusaders hold Jerusalem and Christians every fortress: sudden death victory.")
        total, _ = score(state)
        _end(state, "win", "Sudden death: Jerusalem and every fortress held", total)


def _end(state: State, result: str, reason: str, vp: int) -> None:
    winners: list[str] = [PLAYER] if result in ("win", "victory", "overwhelming_victory") else []
    state.result = {"winners": winners, "reason": reason, "vp": vp, "level": result}
    if "team" in state.flags:
        shares = contributions(state)
        state.result["contributions"] = shares
        log(
            state,
            "37.0",
            "Contributions: {shares}.",
            shares=", ".join(f"{role} {n:+d} VP" for role, n in shares.items()),
        )
    state.stack = []
