"""The solo game: the tokens a Bot puts on the map and takes off it (``Solo.Pieces.*``).

Keys are those of docs/third-crusade/sections.md; each test cites the rule it checks.
"""

from __future__ import annotations

from typing import Any

from outremer.games.third_crusade import bot_play, solo, steps
from outremer.games.third_crusade.game import ThirdCrusade
from outremer.games.third_crusade.orders import Step
from outremer.games.third_crusade.pieces import free_slots, shape_of
from outremer.games.third_crusade.procedures import PROCEDURES
from outremer.games.third_crusade.state import SABOTAGE, State, unit

GAME = ThirdCrusade()
FOE, MINE = unit("turkoman", "infantry"), unit("hre", "infantry")


def bot_game() -> State:
    """1 Turkoman player against the HRE Bot, the map cleared."""
    state = GAME.setup(1, "two_hre_turkoman", {"solo": True, "crusader_bots": True})
    for region in state.regions.values():
        region["slots"] = [None] * len(region["slots"])
    state.placed, state.bandits = {}, {}
    return state


def at(state: State, region: str, slot: int, piece: str) -> None:
    state.regions[region]["slots"][slot] = piece


def step(action: str, token: str | None = None, region: str | None = None) -> dict[str, Any]:
    return {"kind": "step", "step": {"action": action, "token": token, "count": 1}, "region": region}


def test_sabotage_goes_on_the_human_by_icon() -> None:
    # Solo.Pieces.Sabotage: only where the human has Presence, Glory first; BotTable.Command
    # column 4's bonus (R29) places it so.
    state = bot_game()
    at(state, "tyre", 2, FOE)  # Tyre's Glory slot (0) is free
    at(state, "damascus", 4, FOE)  # no Glory icon in Damascus
    at(state, "acre", 2, MINE)  # the Bot's own Glory slot in Acre is never chosen
    assert bot_play.sabotage_spots(state, "hre", list(state.regions))[0] == ("tyre", 0)
    frame = step("sabotage")
    legal = [("region", "acre"), ("region", "damascus"), ("region", "tyre"), ("done",)]
    assert bot_play.choose(state, frame, "hre", legal) == ("region", "tyre")
    assert bot_play.choose(state, frame, "hre", [("region", "acre"), ("done",)]) == ("done",)
    assert state.solo is not None
    state.solo["column"]["hre"] = [state.round, 4]
    bot_play.bonus(state, "hre")
    assert state.regions["tyre"]["slots"][0] == SABOTAGE
    assert SABOTAGE not in state.regions["acre"]["slots"]


def test_the_bot_clears_sabotage_from_its_side_by_icon() -> None:
    # Solo.Pieces.Sabotage: removal by the same priority (a Glory slot before a gold one), from a
    # Region of the Bot's Alliance; never the human's.
    state = bot_game()
    at(state, "acre", 2, MINE)
    at(state, "acre", 0, SABOTAGE)  # on Glory
    at(state, "acre", 1, SABOTAGE)  # on gold
    at(state, "tyre", 2, FOE)
    at(state, "tyre", 0, SABOTAGE)
    legal = [("region", "acre"), ("region", "tyre"), ("done",)]
    assert bot_play.choose(state, step("clear", SABOTAGE), "hre", legal) == ("region", "acre")
    inside = step("clear", SABOTAGE, "acre")
    assert bot_play.choose(state, inside, "hre", [("slot", 1), ("slot", 0), ("done",)]) == ("slot", 0)
    theirs = [("region", "tyre"), ("done",)]
    assert bot_play.choose(state, step("clear", SABOTAGE), "hre", theirs) == ("done",)


def test_bandits_only_off_a_road_into_a_human_jerusalem() -> None:
    # Solo.Pieces.Bandits: the Bot places no Bandit, and takes one away only from a Road into
    # Jerusalem while the human holds it.
    state = bot_game()
    state.bandits = {"d_samaria|jerusalem": 1, "acre|d_samaria": 1}
    at(state, "jerusalem", 0, FOE)
    legal = [("region", "acre"), ("region", "d_samaria"), ("done",)]
    assert bot_play.choose(state, step("clear", "bandit"), "hre", legal) == ("region", "d_samaria")
    roads = [("road", "acre"), ("road", "jerusalem"), ("done",)]
    assert bot_play.choose(state, step("clear", "bandit", "d_samaria"), "hre", roads) == ("road", "jerusalem")
    elsewhere = [("region", "acre"), ("done",)]
    assert bot_play.choose(state, step("clear", "bandit"), "hre", elsewhere) == ("done",)
    at(state, "jerusalem", 1, MINE)
    at(state, "jerusalem", 2, MINE)  # the Bot holds Jerusalem now
    assert bot_play.choose(state, step("clear", "bandit"), "hre", legal) == ("done",)
    assert bot_play.choose(state, step("bandit"), "hre", legal) == ("done",)


def test_destroyed_ports_and_resources() -> None:
    # Solo.Pieces.DestroyedPort: the Bot clears one where it is strongest; Solo.Pieces.Resources:
    # it places no command point token, and the others in its strongest Region.
    state = bot_game()
    for slot in (2, 3, 4):
        at(state, "tyre", slot, MINE)
    at(state, "jaffa", 2, MINE)
    state.regions["tyre"]["destroyed_ports"] = state.regions["jaffa"]["destroyed_ports"] = 1
    legal = [("region", "jaffa"), ("region", "tyre"), ("done",)]
    assert bot_play.choose(state, step("clear", "destroyed_port"), "hre", legal) == ("region", "tyre")
    assert bot_play.choose(state, step("place", "gold"), "hre", legal) == ("region", "tyre")
    assert bot_play.choose(state, step("place", "command_point"), "hre", legal) == ("done",)


def muster(state: State, region: str, count: int) -> None:
    """The HRE Bot musters ``count`` Infantry in ``region`` by an Order's step, to the next human
    decision."""
    state.stack = []
    steps.push(state, "hre", Step("muster", unit="infantry", count=count), None, regions=[region])
    bot_play.settle(state)


def test_units_a_full_region_cannot_hold_go_next_to_it() -> None:
    # Solo.Pieces.Adding: the Bot covers no Resource icon; what its Region cannot hold goes to the
    # weakest adjacent Region of its own, else one with Neutral pieces, else an empty one; never
    # among enemies.
    neutral = unit("neutral", "infantry")
    for mine_in_tyre, expected in ((True, "tyre"), (False, "d_galilee")):
        state = bot_game()
        for slot in (2, 3, 4):
            at(state, "acre", slot, MINE)  # slot 5 is Acre's last square without an icon
        at(state, "jaffa", 2, FOE)
        at(state, "d_galilee", 2, neutral)
        if mine_in_tyre:
            at(state, "tyre", 2, MINE)
        before = len(bot_play.own(state, "hre", expected))
        muster(state, "acre", 3)
        assert state.regions["acre"]["slots"][:2] == [None, None]  # the Glory and gold icons stay clear
        assert len(bot_play.own(state, "hre", "acre")) == 4
        assert len(bot_play.own(state, "hre", expected)) == before + 2, expected
        assert not bot_play.own(state, "hre", "jaffa")


def test_adding_without_presence_goes_beside_the_weakest_region() -> None:
    # Solo.Pieces.Adding: Units added where the Bot's Alliance has no Presence go to an empty Region
    # next to its weakest Region, one with Neutral pieces first.
    state = bot_game()
    at(state, "tyre", 2, MINE)  # its weakest Region; Sidon and the Desert of Galilee beside it
    for slot in (2, 3, 4):
        at(state, "damascus", slot, MINE)
    at(state, "d_galilee", 2, unit("neutral", "infantry"))
    assert bot_play.adding_regions(state, "hre", ["homs", "sidon", "d_galilee"], None)[:2] == [
        "d_galilee",
        "sidon",
    ]
    # with its Presence offered, its command priorities choose (Solo.Command.Priority)
    assert bot_play.adding_regions(state, "hre", ["sidon", "damascus", "tyre"], None)[0] == "tyre"


def test_the_disperse_example() -> None:
    # Solo.March.Example.Disperse: of 5 pieces in Acre the Bot sends 2 into each of two Regions, its
    # Leader and Cavalry into the first it picks (Solo.March.1, .3); of 4 it sends 1 into each.
    for pieces, each in ((5, 2), (4, 1)):
        state = bot_game()
        group = ["frederick", unit("hre", "cavalry"), *[MINE] * (pieces - 2)]
        for piece in group:
            state.regions["acre"]["slots"][free_slots(state, "acre", shape_of(state, piece))[0]] = piece
        at(state, "damascus", 4, FOE)
        assert bot_play.disperse_share(state, "hre", "acre") == each
        state.placed = {"acre": {"crusader": {"army": "hre", "order": "hre_disperse", "up": False}}}
        state.stack = []
        PROCEDURES.push(state, "order", army="hre", region="acre")
        bot_play.settle(state)
        went = {
            r: bot_play.own(state, "hre", r)
            for r in state.regions
            if r != "acre" and bot_play.own(state, "hre", r)
        }
        assert sorted(len(p) for p in went.values()) == [each, each]
        assert len(bot_play.own(state, "hre", "acre")) == pieces - 2 * each
        if each == 2:
            assert any({"frederick", unit("hre", "cavalry")} <= set(p) for p in went.values())


def test_a_disperse_that_cannot_split_is_an_order_fail() -> None:
    # Solo.March.7: with too few pieces to give both Regions as many and keep one, the Order fails
    # (SoloGlossary.OrderFail, R32).
    state = bot_game()
    at(state, "acre", 2, MINE)
    at(state, "acre", 3, MINE)
    assert bot_play.disperse_share(state, "hre", "acre") == 0
    state.placed = {"acre": {"crusader": {"army": "hre", "order": "hre_disperse", "up": False}}}
    state.stack = []
    bot_play.choose(state, {"kind": "command", "roles": ["hre"]}, "hre", [("pass",)])
    assert "hre_disperse" in state.executed["hre"]
    assert any(key == "SoloGlossary.OrderFail" for key, _, _ in state.log)


def test_losses_come_from_the_stronger_region_with_a_reinforce() -> None:
    # Solo.Battle.Losses.2: with a Reinforce the Bot takes each loss from the stronger of the Battle
    # Region and the Reinforcing one; a Neutral still goes first and Leaders last (.1).
    state = bot_game()
    at(state, "acre", 2, MINE)
    at(state, "acre", 7, "frederick")
    for slot in (2, 3, 4):
        at(state, "d_galilee", slot, MINE)
    frame = {"kind": "battle", "region": "acre", "lose": []}
    legal = [("lose", "acre", 2), ("lose", "acre", 7), *(("lose", "d_galilee", s) for s in (2, 3, 4))]
    assert bot_play.choose(state, frame, "hre", legal) == ("lose", "d_galilee", 2)
    for slot in (3, 4):
        state.regions["d_galilee"]["slots"][slot] = None
    at(state, "acre", 3, MINE)  # Acre now the stronger
    legal = [("lose", "acre", 2), ("lose", "acre", 3), ("lose", "acre", 7), ("lose", "d_galilee", 2)]
    assert bot_play.choose(state, frame, "hre", legal)[1] == "acre"
    at(state, "d_galilee", 5, unit("neutral", "infantry"))
    assert bot_play.choose(state, frame, "hre", [*legal, ("lose", "d_galilee", 5)]) == (
        "lose",
        "d_galilee",
        5,
    )
    assert bot_play.choose(state, frame, "hre", [("lose", "acre", 7), ("lose", "d_galilee", 2)]) == (
        "lose",
        "d_galilee",
        2,
    )


def test_diplomacy_board_spaces_by_what_they_hold() -> None:
    # Solo.Diplomacy.Board: Glory, a hexagonal Leader, a square one, a crown, Faith, a command
    # point, Neutral Units (the most), gold, supply; each space known by what it holds.
    state = bot_game()
    frame = {"kind": "diplomacy"}

    def pick(*spaces: str) -> object:
        return bot_play.choose(state, frame, "hre", [("move", s) for s in spaces])

    assert pick("gold_token", "guy") == ("move", "guy")
    assert pick("guy", "reynald", "hexagon_glory") == ("move", "hexagon_glory")
    assert pick("faith_triangle", "crown_command") == ("move", "crown_command")
    assert pick("two_gold", "two_infantry", "three_infantry") == ("move", "three_infantry")
    assert pick("three_supply", "gold_token") == ("move", "gold_token")


def test_an_order_whose_units_find_no_room_fails() -> None:
    # Solo.Pieces.Adding: with no room in the Region nor beside it, an Event's part is not played and
    # an Order follows the Order Fail instructions (SoloGlossary.OrderFail, R32).
    for order, failed in ((None, False), ("hre_garrison", True)):
        state = bot_game()
        for slot in range(6):  # every square of Jerusalem
            at(state, "jerusalem", slot, MINE)
        for region in ("d_samaria", "jaffa", "ascalon", "d_jordan", "d_negev"):
            at(state, region, 2, FOE)
        state.stack = []
        start = len(state.log)
        steps.push(state, "hre", Step("muster", unit="infantry", count=1), order, regions=["jerusalem"])
        bot_play.settle(state)
        told = [
            t for key, _, t in state.log[start:] if key in ("Solo.Pieces.Adding", "SoloGlossary.OrderFail")
        ]
        assert ("Order Fail" in told[0]) is failed, told
        assert any("die gives face" in t for t in told) is failed


def turkoman_bot(card: str) -> State:
    """The Turkoman Bot against the HRE player, the map cleared, ``card`` in its hand."""
    state = GAME.setup(1, "two_hre_turkoman", {"solo": True})
    for region in state.regions.values():
        region["slots"] = [None] * len(region["slots"])
    state.placed, state.bandits, state.stack = {}, {}, []
    state.event_cards["turkoman"] = [card]
    assert state.solo is not None
    solo.column(state, "turkoman")  # the round's roll, then column 1: no Unit added to its Events
    state.solo["column"]["turkoman"] = [state.round, 1]
    return state


RIDERS = "turkoman_1190_steppe_riders"  # main event: a Disperse (events.md)
THEIRS = unit("turkoman", "infantry")


def test_an_events_disperse_goes_where_it_can_split() -> None:
    # Solo.March.7, R53: the Bot's Event Disperse starts where its pieces split by thirds (Damascus,
    # 5 pieces: 2 and 2, 1 kept), not from its weakest Region (Acre, 2 pieces), which its priorities
    # would pick first (Solo.Command.Priority.2)
    state = turkoman_bot(RIDERS)
    for slot in (2, 3):
        at(state, "acre", slot, THEIRS)
    for slot in (1, 2, 3, 4, 5):
        at(state, "damascus", slot, THEIRS)
    assert bot_play.disperse_share(state, "turkoman", "acre") == 0
    PROCEDURES.push(state, "event", army="turkoman", card=RIDERS)
    bot_play.settle(state)
    assert len(bot_play.own(state, "turkoman", "acre")) == 2
    assert len(bot_play.own(state, "turkoman", "damascus")) == 1
    went = [len(bot_play.own(state, "turkoman", r)) for r in state.regions if r not in ("acre", "damascus")]
    assert sorted(n for n in went if n) == [2, 2]
    assert not any(key == "SoloGlossary.OrderFail" for key, _, _ in state.log)


def test_an_events_disperse_that_cannot_split_follows_the_order_fail_instructions() -> None:
    # Solo.March.7, R53: with no Region where its pieces split by thirds, the Bot follows the Order
    # Fail instructions for its Event too: the die's action (R32) in the Region it would have left
    state = turkoman_bot(RIDERS)
    for slot in (2, 3):
        at(state, "acre", slot, THEIRS)
    PROCEDURES.push(state, "event", army="turkoman", card=RIDERS)
    bot_play.settle(state)
    keys = [key for key, _, _ in state.log]
    assert "Solo.March.7" in keys and "SoloGlossary.OrderFail" in keys
    assert "turkoman_1190_steppe_riders" in state.event_discard and state.stack == []
    pieces = sum(len(bot_play.own(state, "turkoman", r)) for r in state.regions)
    face = next(t for key, _, t in state.log if key == "SoloGlossary.OrderFail")
    assert pieces > 2 or "face 5" in face  # every face but a lone March adds Units (R32)


def test_diplomacy_tokens_go_to_the_strongest_region_and_pieces_by_the_priorities() -> None:
    # Solo.Diplomacy (L981): what the Bot takes on the diplomacy board goes by the general placement
    # rules; a Resource token into its strongest Region (Solo.Pieces.Resources, L916), Units by the
    # Event and Order priorities: Jerusalem under the column's limit, then its weakest Region
    # (Solo.Pieces.Adding, L906; Solo.Command.Priority, L888-L893).
    state = bot_game()
    assert state.solo is not None
    state.solo["column"]["hre"] = [state.round, 6]  # Jerusalem up to 5

    def add(region: str, piece: str, n: int) -> None:
        for _ in range(n):
            at(state, region, free_slots(state, region, shape_of(state, piece))[0], piece)

    add("acre", MINE, 4)
    add("acre", unit("hre", "cavalry"), 2)  # the strongest
    add("d_galilee", MINE, 1)  # the weakest
    add("jerusalem", MINE, 2)  # under the limit
    legal = [("place", "acre"), ("place", "d_galilee"), ("place", "jerusalem"), ("lose",)]

    def placed(space: str) -> object:
        frame = {"kind": "diplomacy", "tasks": [["place", 0, space]]}
        return bot_play.choose(state, frame, "hre", legal)

    assert placed("glory_chit") == ("place", "acre")
    assert placed("two_infantry") == ("place", "jerusalem")
    add("jerusalem", MINE, 3)
    assert bot_play.strength(state, "hre", "jerusalem") >= solo.column(state, "hre").jerusalem
    assert bot_play.strength(state, "hre", "jerusalem") < bot_play.strength(state, "hre", "acre")
    assert placed("two_infantry") == ("place", "d_galilee")
    assert placed("glory_chit") == ("place", "acre")
