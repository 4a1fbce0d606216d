"""The solo game: how a Bot's column changes its Event Cards (``BotTable.Command``, ``Solo.Command.Events``).

Keys are those of docs/third-crusade/sections.md; each test cites the rule it checks.
"""

from __future__ import annotations

from outremer.games.third_crusade import bot_play
from outremer.games.third_crusade.game import ThirdCrusade
from outremer.games.third_crusade.pieces import free_slots, shape_of
from outremer.games.third_crusade.procedures import PROCEDURES
from outremer.games.third_crusade.state import SABOTAGE, State, unit

GAME = ThirdCrusade()
HOST = "hre_1190_imperial_host"  # main: 1 Cavalry and 2 Infantry in a Desert with HRE Presence
GUIDES = "hre_1190_armenian_guides"  # main: a March where the HRE has Presence


def bot_game() -> State:
    """1 Turkoman player against the HRE Bot, the map cleared."""
    state = GAME.setup(1, "two_hre_turkoman", {"solo": True, "crusader_bots": True})
    for region in state.regions.values():
        region["slots"] = [None if p != SABOTAGE else p for p in region["slots"]]
    state.placed = {}
    return state


def put(state: State, region: str, *pieces: str) -> None:
    for piece in pieces:
        state.regions[region]["slots"][free_slots(state, region, shape_of(state, piece))[0]] = piece


def play(state: State, card: str, face: int) -> None:
    """The HRE Bot of column ``face`` activates ``card``; the procedures stop at its first choice."""
    assert state.solo is not None
    state.solo["column"]["hre"] = [state.round, face]
    state.event_cards["hre"] = [card]
    state.stack = []
    PROCEDURES.push(state, "event", army="hre", card=card)
    PROCEDURES.settle(state)


def test_column_1_makes_the_crown_event_free() -> None:
    # BotTable.Command, column 1 (Solo.Command.Events): the Bot pays nothing for the crown event;
    # in other columns it needs the crowns or 2 gold for each it lacks (Command.Event).
    for face, offered in ((1, True), (2, False)):
        state = bot_game()
        state.tracks["hre"]["crowns"], state.gold["hre"] = 0, 0
        play(state, GUIDES, face)
        assert (("crown", 0) in PROCEDURES.legal(state, "hre")) is offered, face


def test_columns_2_and_3_ignore_the_banner() -> None:
    # BotTable.Command: column 2 carries out the main event whatever Region type its banner asks,
    # column 3 whatever Presence; other columns keep both (Command.Event.Regions).
    regions = {}
    for face in (2, 3, 6):
        state = bot_game()
        put(state, "acre", unit("hre", "infantry"))  # a City with HRE Presence
        put(state, "d_galilee", unit("hre", "infantry"))  # a Desert with HRE Presence
        play(state, HOST, face)
        PROCEDURES.perform(state, "hre", ("main", 0))
        PROCEDURES.settle(state)
        regions[face] = {a[1] for a in PROCEDURES.legal(state, "hre") if a[0] == "region"}
    assert regions[6] == {"d_galilee"}
    assert {"acre", "d_galilee"} <= regions[2] and "d_samaria" not in regions[2]
    assert {"d_galilee", "d_samaria"} <= regions[3] and "acre" not in regions[3]


def test_column_4_adds_a_cavalry_after_a_main_event_adding_units() -> None:
    # BotTable.Command, column 4: a main event that adds Units brings 1 Cavalry more, in its Region.
    cavalry = {}
    for face in (4, 2):
        state = bot_game()
        put(state, "d_galilee", unit("hre", "infantry"))
        state.gold["hre"] = 0  # no crown event (4 crowns)
        play(state, HOST, face)
        bot_play.settle(state)
        cavalry[face] = bot_play.own(state, "hre", "d_galilee").count(unit("hre", "cavalry"))
    assert cavalry == {4: 2, 2: 1}


def test_column_5_adds_an_infantry_where_the_march_went() -> None:
    # BotTable.Command, column 5: a main event with a March brings 1 Infantry more, here into the
    # Region the pieces marched to (rules.md, "The solo game"); column 6 adds nothing to a March.
    moved = {}
    for face in (5, 6):
        state = bot_game()
        put(state, "acre", *[unit("hre", "infantry")] * 4)
        put(state, "damascus", unit("turkoman", "infantry"))
        play(state, GUIDES, face)
        bot_play.settle(state)
        (there,) = [r for r in state.regions if r != "acre" and bot_play.own(state, "hre", r)]
        moved[face] = len(bot_play.own(state, "hre", there))
        assert len(bot_play.own(state, "hre", "acre")) == 2
    assert moved == {5: 3, 6: 2}


def test_the_crown_event_only_when_of_some_use() -> None:
    # Solo.Command.Events: the Bot tries the crown event whenever at least part of it can do
    # something; here it clears a Bandit, so with none on the map the Bot ends the card.
    state = bot_game()
    frame = {"kind": "event", "army": "hre", "card": GUIDES, "main_region": None}
    legal = [("crown", 0), ("end",)]
    state.bandits = {}
    assert bot_play.choose(state, frame, "hre", legal) == ("end",)
    state.bandits = {"acre|tyre": 1}
    assert bot_play.choose(state, frame, "hre", legal) == ("crown", 0)
