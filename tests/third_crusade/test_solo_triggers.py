"""A Bot's card triggers and its column's Event bonus read what its Order or Event did, not what
it prints (``SoloGlossary.CardTrigger``, ``BotTable.Command``; rulings R30, R52). Each test plays
twins: the same printed Order or card on two positions, one where it does what the column asks and
one where it does not.

Keys are those of docs/third-crusade/sections.md.
"""

from __future__ import annotations

import pytest

from outremer.games.third_crusade import bot_play, solo
from outremer.games.third_crusade.common import data
from outremer.games.third_crusade.game import ThirdCrusade
from outremer.games.third_crusade.pieces import free_slots
from outremer.games.third_crusade.procedures import PROCEDURES
from outremer.games.third_crusade.state import State, unit

GAME = ThirdCrusade()
MINE = unit("hre", "infantry")


def bot_game(face: int, seed: int = 1) -> State:
    """The HRE Bot against a Turkoman player, the map cleared, the Bot in column ``face``."""
    state = GAME.setup(seed, "two_hre_turkoman", {"solo": True, "crusader_bots": True})
    for region in state.regions.values():
        region["slots"] = [None] * len(region["slots"])
    state.placed, state.bandits, state.stack = {}, {}, []
    assert state.solo is not None
    solo.column(state, "hre")  # the round's roll, then the column the test asks
    state.solo["column"]["hre"] = [state.round, face]
    return state


def execute(state: State, order: str, region: str) -> bool:
    """The Bot executes ``order`` in ``region``; whether a card trigger is set."""
    assert state.solo is not None
    state.placed[region] = {"crusader": {"army": "hre", "order": order, "up": False}}
    PROCEDURES.push(state, "order", army="hre", region=region)
    bot_play.settle(state)
    assert state.executed["hre"] == [order]
    return bool(state.solo.get("triggered", {}).get("hre"))


def test_what_each_column_reads() -> None:
    # BotTable.Command: column 1 any new Unit, 2 any March, 3 two new Units or more, 4 and 5 a new
    # Unit in a City or a Desert (R30), 6 a Reaction executed; each read from what was done (R52)
    cases = [
        (1, {"units": ["acre"]}, True),
        (1, {"marches": ["march"]}, False),
        (2, {"marches": ["move"]}, True),
        (2, {"units": ["acre"]}, False),
        (3, {"units": ["acre"]}, False),
        (3, {"units": ["acre", "d_galilee"]}, True),
        (4, {"units": ["acre"]}, True),
        (4, {"units": ["d_galilee"]}, False),
        (5, {"units": ["d_galilee"]}, True),
        (6, {"reaction": True}, True),
        (6, {"units": ["acre", "acre"]}, False),
    ]
    for face, did, fires in cases:
        state = bot_game(face)
        assert state.solo is not None
        solo.card_trigger(state, "hre", **did)  # type: ignore[arg-type]
        assert bool(state.solo.get("triggered", {}).get("hre")) is fires, (face, did)


@pytest.mark.parametrize("stocked", [True, False])
def test_units_printed_but_not_added_set_off_nothing(stocked: bool) -> None:
    # Column 1 (adding 1 or more new Units): the Garrison prints 3 Infantry; with none left on its
    # board the Bot adds none, and nothing is set off (R52)
    state = bot_game(1)
    state.regions["acre"]["slots"][2] = MINE
    if not stocked:
        state.board_units["hre"]["infantry"] = 0
    assert execute(state, "hre_garrison", "acre") is stocked
    assert bot_play.own(state, "hre", "acre").count(MINE) == (4 if stocked else 1)


@pytest.mark.parametrize("face", [4, 5])
def test_the_region_a_unit_went_to_counts(face: int) -> None:
    # Columns 4 and 5 (R30): a Unit added in a City, in a Desert. The Knights in Acre (a City) find
    # its hexagons taken, so the Cavalry goes to the Desert next to it where the Bot stands
    # (Solo.Pieces.Adding): column 5 is set off, not column 4 (R52)
    state = bot_game(face)
    state.regions["acre"]["slots"][2] = MINE
    for slot in free_slots(state, "acre", "hexagon"):
        state.regions["acre"]["slots"][slot] = unit("neutral", "cavalry")
    state.regions["d_galilee"]["slots"][2] = MINE
    assert data(state).board.regions["acre"].kind == "city"
    assert execute(state, "hre_knights", "acre") is (face == 5)
    assert unit("hre", "cavalry") in state.regions["d_galilee"]["slots"]


@pytest.mark.parametrize("region", ["acre", "jerusalem"])
def test_a_march_printed_but_not_made_sets_off_nothing(region: str) -> None:
    # Column 2 (any March): Levy and March adds an Infantry, then Marches; out of Jerusalem the Bot
    # never Marches (Solo.March.2), so there it sets nothing off (R52)
    state = bot_game(2)
    state.regions[region]["slots"][2] = MINE
    state.regions[region]["slots"][3] = MINE
    assert execute(state, "hre_levy_and_march", region) is (region == "acre")


@pytest.mark.parametrize("marches", [True, False])
def test_the_event_bonus_of_column_5_follows_the_march_made(marches: bool) -> None:
    # BotTable.Command, column 5: a main event with a March earns an Infantry, where the March went;
    # a March the Bot does not make (never out of Jerusalem, Solo.March.2) earns none (R52)
    state = bot_game(5)
    card = "hre_1190_armenian_guides"  # its main event: one March (events.md)
    where = "acre" if marches else "jerusalem"
    for region in state.regions:
        state.regions[region]["slots"] = [None] * len(state.regions[region]["slots"])
    state.regions[where]["slots"][2] = MINE
    state.regions[where]["slots"][3] = MINE
    state.event_cards["hre"] = [card]
    PROCEDURES.push(state, "event", army="hre", card=card)
    bot_play.settle(state)
    on_map = sum(bot_play.own(state, "hre", r).count(MINE) for r in state.regions)
    assert on_map == (3 if marches else 2)


def test_an_order_fail_sets_nothing_off() -> None:
    # R52, Solo.Pieces.Adding, SoloGlossary.OrderFail: the Garrison's Infantry find no room in
    # Jerusalem nor beside it, so the Order fails; the die's action (R32) may add Units (a Cavalry
    # or a Siege Engine still fits), but the Order did not, and column 1 (adding 1 or more new
    # Units) is never set off, whichever face the die gives
    added = []
    for seed in range(1, 9):
        state = bot_game(1, seed)
        for slot in range(6):  # every square of Jerusalem
            state.regions["jerusalem"]["slots"][slot] = MINE
        for region in ("d_samaria", "jaffa", "ascalon", "d_jordan", "d_negev"):
            state.regions[region]["slots"][2] = unit("turkoman", "infantry")
        before = sum(state.board_units["hre"].values())
        assert not execute(state, "hre_garrison", "jerusalem")
        assert any(key == "SoloGlossary.OrderFail" for key, _, _ in state.log)
        added.append(sum(state.board_units["hre"].values()) < before)
    assert any(added)  # the twin that matters: Units added by the die, no trigger
