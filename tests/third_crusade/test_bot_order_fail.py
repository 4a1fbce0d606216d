"""The solo game: the die of ORDER FAIL gives only an action the Bot can carry out
(``SoloGlossary.OrderFail``, ``BotTable.Command``, ``Solo.Pieces.Adding``; rulings R32 and R55).

Keys are those of docs/third-crusade/sections.md, rulings those of docs/third-crusade/rulings.md.
"""

from __future__ import annotations

import re

from outremer.games.third_crusade import bot_play, steps
from outremer.games.third_crusade.common import data
from outremer.games.third_crusade.game import ThirdCrusade
from outremer.games.third_crusade.orders import Step
from outremer.games.third_crusade.state import State, unit

GAME = ThirdCrusade()
FOE, MINE = unit("turkoman", "infantry"), unit("hre", "infantry")
AROUND = ("d_samaria", "jaffa", "ascalon", "d_jordan", "d_negev")  # Jerusalem's neighbours


def jerusalem_full_of_infantry(seed: int) -> State:
    """The HRE Bot against a Turkoman player, the map cleared; the Bot's Infantry in every square
    slot of Jerusalem, the Turkoman in every Region beside it."""
    state = GAME.setup(seed, "two_hre_turkoman", {"solo": True, "crusader_bots": True})
    for region in state.regions.values():
        region["slots"] = [None] * len(region["slots"])
    state.placed, state.bandits, state.stack = {}, {}, []
    shapes = [s.shape for s in data(state).board.regions["jerusalem"].slots]
    for slot, shape in enumerate(shapes):
        if shape == "square":
            state.regions["jerusalem"]["slots"][slot] = MINE
    for rid in AROUND:
        state.regions[rid]["slots"][2] = FOE
    return state


def fail_in_jerusalem(state: State) -> list[str]:
    """An HRE Order in Jerusalem whose Infantry finds no room fails (Solo.Pieces.Adding, L906); the
    lines the failure and the die's action log."""
    start = len(state.log)
    steps.push(state, "hre", Step("muster", unit="infantry", count=1), "hre_garrison", regions=["jerusalem"])
    bot_play.settle(state)
    return [t for key, _, t in state.log[start:] if key in ("Solo.Pieces.Adding", "SoloGlossary.OrderFail")]


def test_a_face_whose_units_find_no_room_is_rolled_again() -> None:
    # BotTable.Command L1015: the die is rolled for an action the Bot can execute (R32); R55: a face
    # whose Units find no slot in the Region nor beside it (Solo.Pieces.Adding, L906) is not one.
    # Jerusalem's squares are full and every neighbour holds the enemy, so faces 1, 3 and 4
    # (Infantry) never come up; its hexagons and its trapezoid take face 2 or face 6.
    faces = set()
    for seed in range(1, 13):
        state = jerusalem_full_of_infantry(seed)
        told = fail_in_jerusalem(state)
        face = next(int(m.group(1)) for t in told if (m := re.search(r"die gives face (\d)", t)))
        faces.add(face)
        slots = state.regions["jerusalem"]["slots"]
        assert slots.count(MINE) == 6  # no Infantry added anywhere
        assert unit("hre", "cavalry") in slots
        assert (unit("hre", "siege_engine") in slots) is (face == 6)
        assert not any("no room" in t for t in told[1:]), told  # the die's action found its room
    assert faces <= {2, 6} and faces


def test_no_face_with_room_means_no_action() -> None:
    # R32, R55: with no room for any face's Units and no March possible (never out of Jerusalem,
    # Solo.March.2), the failed Order does nothing more, and fails no second time.
    state = jerusalem_full_of_infantry(1)
    full = {"hexagon": unit("hre", "cavalry"), "trapezoid": unit("hre", "siege_engine")}
    for slot, spot in enumerate(data(state).board.regions["jerusalem"].slots):
        state.regions["jerusalem"]["slots"][slot] = full.get(spot.shape, MINE)
    before = [list(r["slots"]) for r in state.regions.values()]
    told = fail_in_jerusalem(state)
    assert [list(r["slots"]) for r in state.regions.values()] == before
    assert sum("Order Fail" in t for t in told) == 1
    assert told[-1] == "The Bot's Order fails and no action of the die can be carried out."
