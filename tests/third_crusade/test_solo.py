"""The solo game: Bot Armies played by the rules (outremer/games/third_crusade/solo.py, bot_play.py).

Keys are those of docs/third-crusade/sections.md; each test cites the rule it checks.
"""

from __future__ import annotations

import random

import pytest

from outremer.games.third_crusade import bot_play, endgame, solo
from outremer.games.third_crusade.battle_strength import faith_bonus
from outremer.games.third_crusade.common import data
from outremer.games.third_crusade.game import ThirdCrusade
from outremer.games.third_crusade.pieces import free_slots, shape_of
from outremer.games.third_crusade.procedures import PROCEDURES
from outremer.games.third_crusade.state import NAMES, SABOTAGE, State, unit

from .texts import REPO, copied_runs, rulebook_text

GAME = ThirdCrusade()
SOLO = {"solo": True}
CRUSADER_BOTS = {"solo": True, "crusader_bots": True}
SIDES = [
    ("two_angevin_ayyubid", SOLO),  # 1 human against 1 Bot
    ("two_hre_turkoman", CRUSADER_BOTS),
    ("three_angevin", SOLO),  # 1 human against 2 Bots
    ("three_ayyubid", CRUSADER_BOTS),
    ("three_hre", CRUSADER_BOTS),  # 2 humans against 1 Bot
    ("four", SOLO),  # 2 humans against 2 Bots
]


def solo_game(
    scenario: str = "two_hre_turkoman", options: dict[str, bool] | None = None, seed: int = 1
) -> State:
    return GAME.setup(seed, scenario, options or CRUSADER_BOTS)


def test_the_bots_are_no_seats() -> None:
    # Solo: the people play one Alliance, the rules the other.
    assert GAME.roles_for("four", SOLO) == ("angevin", "hre")
    assert GAME.roles_for("three_angevin", SOLO) == ("angevin",)
    assert GAME.roles_for("four") == ("angevin", "hre", "ayyubid", "turkoman")
    assert GAME.roles_for("four", CRUSADER_BOTS) == ("ayyubid", "turkoman")
    assert GAME.roles_for("three_ayyubid", CRUSADER_BOTS) == ("ayyubid",)
    # the Crusader option alone plays no solo game
    assert GAME.roles_for("four", {"crusader_bots": True}) == GAME.roles_for("four")
    assert GAME.setup(1, "four", {"crusader_bots": True}).solo is None


def test_the_solo_set_up() -> None:
    state = solo_game("two_angevin_ayyubid", SOLO)
    assert state.solo is not None and state.solo["bots"] == ["ayyubid"]
    # Solo.Setup.7: a Bot is first on initiative in round 1.
    assert state.initiative[0] == "ayyubid"
    orders = data(state).orders
    reaction, prepared, advanced = orders.bot_groups("ayyubid")
    piles = state.solo["piles"]["ayyubid"]
    # Solo.Setup.2-4: three piles, the Advanced March for 1 among the Prepared ones.
    assert sorted(piles["reaction"]) == sorted(o.id for o in reaction)
    assert sorted(piles["prepared"]) == sorted(o.id for o in prepared)
    assert sorted(piles["advanced"]) == sorted(o.id for o in advanced)
    assert prepared[-1].id in state.order_box["ayyubid"]
    assert prepared[-1].id not in state.advanced["ayyubid"]
    # Solo.Changes.5: the human plays without Blank Orders.
    assert not any(orders.orders[o].blank for o in state.order_box["angevin"])
    assert any(orders.orders[o].blank for o in piles["reaction"])


def test_a_game_without_bots_is_unchanged() -> None:
    state = GAME.setup(1, "two_angevin_ayyubid")
    assert state.solo is None
    assert solo.bots(state) == []
    assert solo.humans(state) == ["angevin", "ayyubid"]


@pytest.mark.parametrize(("scenario", "options"), SIDES)
def test_whole_solo_games_of_random_humans_run_to_the_end(scenario: str, options: dict[str, bool]) -> None:
    # Solo.Changes.3: the Bot Table makes every choice of the Bots: no Bot is ever asked.
    for seed in (1, 2):
        state = solo_game(scenario, options, seed)
        rng = random.Random(seed)
        assert state.solo is not None
        bots = state.solo["bots"]
        for _ in range(20_000):
            if state.result is not None:
                break
            asked = GAME.active_roles(state)
            assert asked and not set(asked) & set(bots)
            role = asked[0]
            GAME.apply_in_place(state, role, rng.choice(GAME.legal_actions(state, role)))
        assert state.result is not None
        # Solo.Strategy.Roll: each Bot rolled a column for the rounds it played.
        assert set(state.solo["column"]) == set(bots)
        assert all(face in range(1, 7) for _, face in state.solo["column"].values())
        back = GAME.from_json(GAME.to_json(state))
        assert GAME.to_json(back) == GAME.to_json(state)


def _clear(state: State) -> None:
    for region in state.regions.values():
        region["slots"] = [None if p != SABOTAGE else p for p in region["slots"]]
    state.placed = {}


def _put(state: State, region: str, *pieces: str) -> None:
    for piece in pieces:
        slot = free_slots(state, region, shape_of(state, piece))[0]
        state.regions[region]["slots"][slot] = piece


def test_the_planning_example() -> None:
    # Example.BotPlanning: a Crusader Bot of column 5 places 7 Orders against a Muslim player.
    state = solo_game()
    assert state.solo is not None
    _clear(state)
    state.solo["column"]["hre"] = [state.round, 5]
    infantry, cavalry, siege = unit("hre", "infantry"), unit("hre", "cavalry"), unit("hre", "siege_engine")
    _put(state, "sidon", siege, infantry, infantry, infantry)  # 6
    _put(state, "tripoli", siege, infantry, infantry, infantry)  # 6
    _put(state, "jerusalem", infantry, infantry, infantry)  # 3
    _put(state, "acre", "frederick", "diepold", "guido")  # 4, Leaders without Units
    _put(state, "d_galilee", cavalry, cavalry)  # 4
    _put(state, "damascus", unit("turkoman", "infantry"))
    assert bot_play.strength(state, "hre", "acre") == bot_play.strength(state, "hre", "d_galilee") == 4
    assert solo.column(state, "hre").place == 7
    chosen = []
    for _ in range(solo.column(state, "hre").place):
        free = [r for r in state.regions if r not in state.placed]
        region = bot_play.planning_targets(state, "hre", free)[0]
        chosen.append(region)
        state.placed[region] = {"crusader": {"army": "hre", "order": "hre_march", "up": False}}
    # .1: Sidon and Tripoli tie at 6; Proximity puts the first Order in Sidon.
    # .2: Jerusalem at 3, within the column's 6; .3: Acre before the Desert (R33); .4: Tripoli;
    # .5: two empty Regions next to the Bot's, nearest the player and the Glory track.
    near = data(state).board.proximity_order("muslim")
    empty = [r for r in near if r in ("d_samaria", "d_jordan", "d_beqaa", "d_buqaia", "d_negev")]
    assert chosen == ["sidon", "jerusalem", "acre", "d_galilee", "tripoli", *empty[:2]]


def test_jerusalem_above_the_column_gets_no_order() -> None:
    # Solo.Planning.Order: Jerusalem only while the Bot's Strength there is within the column's limit.
    state = solo_game()
    assert state.solo is not None
    _clear(state)
    _put(state, "jerusalem", *[unit("hre", "infantry")] * 6)
    _put(state, "acre", unit("hre", "infantry"))
    state.solo["column"]["hre"] = [state.round, 6]  # Jerusalem up to 5
    assert "jerusalem" not in bot_play.planning_targets(state, "hre", ["jerusalem", "acre"])
    state.solo["column"]["hre"] = [state.round, 1]  # up to 10
    assert "jerusalem" in bot_play.planning_targets(state, "hre", ["jerusalem", "acre"])


def test_losses_by_the_region_type() -> None:
    # Solo.Battle.Losses.1: one Neutral first; in a Desert Siege Engines before Infantry and Cavalry.
    state = solo_game()
    _clear(state)
    _put(state, "d_galilee", unit("hre", "cavalry"), unit("hre", "infantry"), "frederick")
    slots = state.regions["d_galilee"]["slots"]
    legal = [("lose", "d_galilee", i) for i, p in enumerate(slots) if p not in (None, SABOTAGE)]
    lost = bot_play.choose(state, {"kind": "battle", "region": "d_galilee", "lose": []}, "hre", legal)
    assert lost is not None and slots[lost[2]] == unit("hre", "infantry")


@pytest.mark.parametrize(("face", "gold", "bid"), [(1, 5, 5), (3, 5, 3), (5, 5, 0)])
def test_the_bid_of_each_column(face: int, gold: int, bid: int) -> None:
    # BotTable.Diplomacy, R31: all the gold, half rounded up, or none beside the die.
    state = solo_game()
    assert state.solo is not None
    state.solo["column"]["hre"] = [state.round, face]
    legal = [("bid", n) for n in range(gold + 1)]
    assert bot_play.choose(state, {"kind": "diplomacy_bid"}, "hre", legal) == ("bid", bid)


@pytest.mark.parametrize(("face", "draws"), [(1, 2), (2, 1), (6, 0)])
def test_advanced_orders_at_upkeep(face: int, draws: int) -> None:
    # BotTable.Upkeep: column 1 keeps 2 Advanced Orders, column 2 one, column 6 none.
    state = solo_game()
    assert state.solo is not None
    state.solo["column"]["hre"] = [state.round, face]
    before = len(state.order_box["hre"])
    solo.gain_advanced(state, "hre")
    assert len(state.order_box["hre"]) == before + draws
    assert len(state.solo["piles"]["hre"]["advanced"]) == len(data(state).orders.bot_groups("hre")[2]) - draws


@pytest.mark.parametrize(("scenario", "options"), SIDES)
def test_a_bot_holds_three_objectives(scenario: str, options: dict[str, bool]) -> None:
    # Solo.Setup.5: each Bot gets 3 Objective Cards; the people keep the usual 2 (PlayerSetup.H).
    state = solo_game(scenario, options)
    for army in state.armies:
        assert len(state.objectives[army]) == (3 if army in solo.bots(state) else 2)
    dealt = [c for cards in state.objectives.values() for c in cards]
    assert len(set(dealt)) == len(dealt) and not set(dealt) & set(state.objective_deck)


def test_the_bot_scores_its_best_objective() -> None:
    # Solo.Setup.5: after round 4 the Bot scores the card that gives it the most Glory for the
    # Cities it Controls (EndGame.2).
    state = solo_game()
    _clear(state)
    south = [c for c in data(state).cards.objectives.values() if not c.north]
    best = south[0]
    held = set(best.cities[:2])
    one, none = [c for c in south if len(held & set(c.cities)) == 0][:2]
    held.add(next(c for c in one.cities if c not in none.cities))
    for city in held:
        _put(state, city, unit("hre", "infantry"))
    state.objectives["hre"] = [one.id, best.id, none.id]
    assert best.glory(held) > one.glory(held) > none.glory(held) == 0
    legal = [("reveal", c) for c in state.objectives["hre"]]
    assert bot_play.choose(state, {"kind": "end_scoring"}, "hre", legal) == ("reveal", best.id)


def test_a_bot_keeps_no_supply_and_no_command_points() -> None:
    # Solo.Setup.6 (R34, R15): a Bot short of supply loses no Glory and no Units at upkeep, buys no
    # Advanced Order with supply and tithes nothing; it draws its Advanced Orders by its column.
    state = solo_game()
    assert state.solo is not None and state.initiative[0] == "hre"
    state.solo["column"]["hre"] = [state.round, 1]  # draws 2, keeps both
    region = next(r for r in state.regions if bot_play.own(state, "hre", r))
    state.placed = {region: {"crusader": {"army": "hre", "order": "hre_defence", "up": False}}}
    state.order_box["hre"].remove("hre_defence")
    state.tracks["hre"].update(supply=0, current=9)
    state.tracks["turkoman"]["supply"] = 99
    on_map = {r: bot_play.own(state, "hre", r) for r in state.regions}
    glory, box = state.glory, len(state.order_box["hre"])
    state.stack = []
    PROCEDURES.push(state, "upkeep", step="tithe")
    bot_play.settle(state)
    assert GAME.active_roles(state) == ("turkoman",) and state.stack[-1]["step"] == "advanced"
    assert state.glory == glory
    assert {r: bot_play.own(state, "hre", r) for r in state.regions} == on_map
    keys = ("Upkeep.2", "Upkeep.4.A", "Upkeep.4.B")
    assert not [t for key, _, t in state.log if key in keys and "Holy" in t]
    assert len(state.order_box["hre"]) == box + 1 + 2  # its Order home (Solo.Upkeep.Orders), 2 drawn


def test_no_mercantile_marker_for_two_bots() -> None:
    # Solo.Setup.8: the Mercantile marker is used only by two people together; two Bots have none,
    # and their Faith marker still moves as a pair's (Solo.Changes.2).
    state = solo_game("four", SOLO)
    assert state.mercantile["muslim"] is None and state.mercantile["crusader"] is not None
    state.faith["muslim"] = [None, 0]
    bot_play.move_faith(state, "ayyubid", -1)
    assert state.faith["muslim"] == ["turkoman", 1]
    state = solo_game("three_hre", CRUSADER_BOTS)  # two people against a lone Bot keep theirs
    assert state.mercantile["muslim"] is not None


def test_the_bonus_of_column_1() -> None:
    # BotTable.Command, column 1: a Neutral Infantry in every Region holding a Bot Leader.
    state = solo_game()
    assert state.solo is not None
    _clear(state)
    _put(state, "acre", "frederick")
    _put(state, "tyre", unit("hre", "infantry"))
    state.solo["column"]["hre"] = [state.round, 1]
    bot_play.bonus(state, "hre")
    assert unit("neutral", "infantry") in state.regions["acre"]["slots"]
    assert unit("neutral", "infantry") not in state.regions["tyre"]["slots"]


def _twin(state: State, human: str) -> State:
    """The same game with the human's hidden facts dealt otherwise."""
    other = state.copy()
    other.order_box[human] = list(reversed(other.order_box[human]))[:-1]
    other.objectives[human] = list(other.objective_deck[: len(other.objectives[human])])
    for deck in other.event_decks[human].values():
        deck.reverse()
    other.drawn[human] = list(reversed(other.drawn[human]))
    return other


def test_the_bot_reads_nothing_hidden() -> None:
    # Solo.Changes.6, Planning.Facing, PlayerSetup.A/F/H: the Bot weighs what is on the map and its own
    # cards and piles; the human's screen, decks and Objectives change none of its choices.
    rng = random.Random(3)
    state = GAME.setup(3, "two_hre_turkoman")  # no Bot: the test answers for the HRE by its rules
    solo.start(state, "crusader")
    assert state.solo is not None
    checked = 0
    while state.result is None and checked < 400:
        role = PROCEDURES.deciders(state)[0]
        legal = PROCEDURES.legal(state, role)
        if role != "hre":
            PROCEDURES.perform(state, role, rng.choice(legal))
            continue
        frame = state.stack[-1]
        twin = _twin(state, "turkoman")
        mine = bot_play.choose(state, frame, role, legal)
        theirs = bot_play.choose(twin, twin.stack[-1], role, PROCEDURES.legal(twin, role))
        assert mine == theirs
        assert state.stack == twin.stack and state.placed == twin.placed and state.rng == twin.rng
        checked += 1
        if mine is not None:
            PROCEDURES.perform(state, role, mine)
        else:
            PROCEDURES.settle(state)
    assert checked > 20


def test_no_rulebook_text_copied() -> None:
    rulebook = rulebook_text()
    package = REPO / "outremer" / "games" / "third_crusade"
    for module in ("solo", "bot_play"):
        assert copied_runs((package / f"{module}.py").read_text(encoding="utf-8"), rulebook) == [], module


def test_the_view_shows_the_columns_not_the_piles() -> None:
    # Solo.Strategy.Roll: the Bot's die sits on its column for all to see; Solo.Setup.4: its piles
    # are face down.
    state = solo_game()
    assert state.solo is not None
    view = GAME.view(state, "turkoman")
    assert view["solo"] == {"bots": ["hre"], "column": {"hre": state.solo["column"]["hre"][1]}}
    assert "piles" not in str(view["solo"])
    assert GAME.view(GAME.setup(1, "four"), None)["solo"] is None


def _march_from(state: State, region: str, order: str) -> None:
    """The HRE Bot executes its ``order`` in ``region``, by the rules, up to the next human decision."""
    state.placed[region] = {"crusader": {"army": "hre", "order": order, "up": False}}
    state.tracks["hre"]["current"] = 9
    PROCEDURES.push(state, "order", army="hre", region=region)
    bot_play.settle(state)


def test_the_acre_march_example() -> None:
    # Solo.March.Example.Acre: of 5 pieces in Acre the Bot takes 3 into an empty Region (Solo.March.6),
    # its Leader and its Cavalry among them (Solo.March.1, .3), nearest the player (Proximity).
    state = solo_game()
    _clear(state)
    infantry = unit("hre", "infantry")
    _put(state, "acre", "frederick", unit("hre", "cavalry"), infantry, infantry, infantry)
    _put(state, "damascus", unit("turkoman", "infantry"))
    _march_from(state, "acre", "hre_march")
    moved = bot_play.own(state, "hre", "d_samaria")
    assert len(moved) == 3 and "frederick" in moved and unit("hre", "cavalry") in moved
    assert len(bot_play.own(state, "hre", "acre")) == 2


def test_the_sidon_example() -> None:
    # Solo.March.Example.Sidon: the Bot does not attack when it would need every Unit to win
    # (Solo.March.5: one weakest Unit always stays); with one more Unit it attacks.
    state = solo_game()
    _clear(state)
    infantry, foe = unit("hre", "infantry"), unit("turkoman", "infantry")
    _put(state, "sidon", infantry, infantry, infantry)
    _put(state, "tyre", foe, foe)
    assert bot_play.attack(state, "hre", "sidon", "tyre") == 2
    frame = {"kind": "step", "step": {"action": "march"}, "region": "sidon"}
    assert bot_play.choose(state, frame, "hre", [("to", "tyre"), ("to", "d_beqaa"), ("done",)]) == (
        "to",
        "d_beqaa",
    )
    _put(state, "sidon", infantry)
    assert bot_play.choose(state, frame, "hre", [("to", "tyre"), ("to", "d_beqaa"), ("done",)]) == (
        "to",
        "tyre",
    )


def test_the_bot_counts_faith_before_it_attacks() -> None:
    # Solo.March L953: the Bot marches on a player's Region only with the Battle Strength to win
    # there, and Solo.Battle.Faith L924 gives +1 to the side of higher Faith: the Sidon example's
    # position, each side's Faith counted as in the Battle (a tie is no win, Battle.Strength).
    state = solo_game()
    _clear(state)
    infantry, foe = unit("hre", "infantry"), unit("turkoman", "infantry")
    _put(state, "sidon", infantry, infantry, infantry, infantry)
    _put(state, "tyre", foe, foe)
    frame = {"kind": "step", "step": {"action": "march"}, "region": "sidon"}
    legal = [("to", "tyre"), ("to", "d_beqaa"), ("done",)]
    state.faith["crusader"], state.faith["muslim"] = ("hre", 2), ("turkoman", 2)
    assert bot_play.choose(state, frame, "hre", legal) == ("to", "tyre")  # 3 against 2
    state.faith["muslim"] = ("turkoman", 3)
    assert bot_play.choose(state, frame, "hre", legal) == ("to", "d_beqaa")  # 3 against 2 + 1
    _clear(state)
    _put(state, "sidon", infantry, infantry, infantry)
    _put(state, "tyre", foe, foe)
    state.faith["crusader"], state.faith["muslim"] = ("hre", 3), ("turkoman", 1)
    assert bot_play.choose(state, frame, "hre", legal) == ("to", "tyre")  # 2 + 1 against 2
    state.faith["crusader"] = ("hre", 1)
    assert bot_play.choose(state, frame, "hre", legal) == ("to", "d_beqaa")  # 2 against 2


def test_never_out_of_jerusalem() -> None:
    # Solo.March.2: the Bot never marches out of Jerusalem.
    state = solo_game()
    _clear(state)
    frame = {"kind": "step", "step": {"action": "march"}, "region": "jerusalem"}
    assert bot_play.choose(state, frame, "hre", [("to", "jaffa"), ("done",)]) == ("done",)


def test_the_bots_place_all_their_orders_first() -> None:
    # Solo.Planning: the Bots' Orders, as many as their columns say, go down before the humans place
    # any, the Bot higher on initiative first; they come from the Prepared pile.
    state = solo_game("four", SOLO, seed=5)
    assert state.solo is not None
    rng = random.Random(5)
    while state.stack[-1]["kind"] != "planning":
        role = GAME.active_roles(state)[0]
        GAME.apply_in_place(state, role, rng.choice(GAME.legal_actions(state, role)))
    placed = [p for sides in state.placed.values() for p in sides.values()]
    assert {p["army"] for p in placed} == {"ayyubid", "turkoman"}
    for army in ("ayyubid", "turkoman"):
        mine = [p["order"] for p in placed if p["army"] == army]
        assert len(mine) == solo.column(state, army).place
        assert set(mine) <= set(state.solo["piles"][army]["prepared"])
    first = min(("ayyubid", "turkoman"), key=state.initiative.index)
    texts = [
        t for key, audience, t in state.log if key == "Planning.Facing" and audience and audience[0] == "!"
    ]
    assert texts[0].startswith(f"The {NAMES[first]}")


def _attack(state: State, region: str, attacker: str, origin: str, *road: str) -> None:
    """A Battle in ``region``, ``attacker``'s ``road`` pieces coming from ``origin``, run until a
    human decides (the Bots answering)."""
    state.stack = []
    where = {"region": region, "attacker": attacker, "order": None, "strength": 0, "origin": origin}
    PROCEDURES.push(state, "battle", **where, road=list(road))
    bot_play.settle(state)


def test_the_reaction_example() -> None:
    # Solo.Battle.Reaction.Example: the Bot attacking Acre, weaker, draws a Reinforce and places it
    # in the stronger Desert next to Acre (Solo.Battle.Reaction.3), where it is executed; the drawn
    # Order is set aside until upkeep (L930-L933).
    state = solo_game()
    assert state.solo is not None
    _clear(state)
    infantry, foe = unit("hre", "infantry"), unit("turkoman", "infantry")
    _put(state, "acre", foe, foe, foe, foe)
    _put(state, "d_galilee", infantry, infantry)
    _put(state, "d_samaria", infantry)
    state.solo["piles"]["hre"]["reaction"] = ["hre_reinforce"]
    _attack(state, "acre", "hre", "tyre", infantry)
    galilee = data(state).board.regions["d_galilee"].name
    assert any(key == "Battle.Reaction" and f"Reinforce in {galilee}" in t for key, _, t in state.log)
    assert state.executed["hre"] == ["hre_reinforce"]
    assert state.solo["piles"]["hre"] == {
        **state.solo["piles"]["hre"],
        "reaction": [],
        "used": ["hre_reinforce"],
    }


def test_a_blank_is_no_reaction() -> None:
    # Solo.Battle.Reaction: a Blank drawn means no Reaction; a Defence goes to the defended Region
    # (Solo.Battle.Reaction.1), where it is executed.
    for drawn, executed in (("hre_blank_1", []), ("hre_defence", ["hre_defence"])):
        state = solo_game()
        assert state.solo is not None
        _clear(state)
        _put(state, "acre", unit("hre", "infantry"))
        state.solo["piles"]["hre"]["reaction"] = [drawn]
        _attack(state, "acre", "turkoman", "d_galilee", *[unit("turkoman", "infantry")] * 3)
        assert state.executed["hre"] == executed and state.solo["piles"]["hre"]["used"] == [drawn]
        acre = data(state).board.regions["acre"].name
        assert any(f"Defence in {acre}" in t for _, _, t in state.log) is bool(executed)


@pytest.mark.parametrize("attacking", [True, False])
def test_a_reaction_the_battle_cannot_use_is_not_placed(attacking: bool) -> None:
    # R54 (Solo.Battle.Reaction, Solo.Battle.Reaction.2): a Defence serves defenders only
    # (Glossary.Defence, R51); drawn by the Bot attacking from Galilee it is not used: it replaces
    # no Order there and is set aside until upkeep, setting off no card trigger (column 6, R52).
    # Drawn while defending, it is placed and executed.
    state = solo_game()
    assert state.solo is not None
    _clear(state)
    infantry, foe = unit("hre", "infantry"), unit("turkoman", "infantry")
    _put(state, "d_galilee", infantry, infantry)
    state.placed = {"d_galilee": {"crusader": {"army": "hre", "order": "hre_garrison", "up": False}}}
    state.solo["column"]["hre"] = [state.round, 6]
    state.solo["piles"]["hre"]["reaction"] = ["hre_defence"]
    if attacking:
        _put(state, "acre", foe, foe, foe)
        _attack(state, "acre", "hre", "d_galilee", infantry)
    else:
        _put(state, "tyre", foe, foe, foe, foe)
        _attack(state, "d_galilee", "turkoman", "tyre", foe, foe, foe, foe)
    assert state.solo["piles"]["hre"]["used"] == ["hre_defence"]
    if attacking:
        assert state.placed["d_galilee"]["crusader"]["order"] == "hre_garrison"
        assert state.executed["hre"] == [] and not state.solo.get("triggered")
    else:
        assert state.executed["hre"] == ["hre_defence"] and state.solo["triggered"] == {"hre": True}


def test_the_bot_covers_no_resource_icon() -> None:
    # Solo.Pieces.Adding: a Unit the Bot adds goes on a slot without a Resource icon where one is free.
    # With only slots showing a Resource left, it stops (the rest may go next door, test_solo_pieces).
    state = solo_game()
    _clear(state)
    printed = data(state).board.regions["acre"].slots
    iconed = [i for i, s in enumerate(printed) if s.icon is not None and s.shape == "square"]
    bare = [i for i, s in enumerate(printed) if s.icon is None and s.shape == "square"]
    assert iconed and bare
    step = {"action": "muster", "unit": "infantry", "count": 1}
    frame = {"kind": "step", "army": "hre", "step": step, "region": "acre", "n": 0}
    legal = [("slot", iconed[0]), ("slot", bare[0]), ("done",)]
    assert bot_play.choose(state, frame, "hre", legal) == ("slot", bare[0])
    for i in bare:
        state.regions["acre"]["slots"][i] = unit("hre", "infantry")
    assert bot_play.choose(state, frame, "hre", [("slot", iconed[0]), ("done",)]) == ("done",)


def test_removing_and_sabotage() -> None:
    # Solo.Pieces.Removing: the Region with the fewest of the human's Units, a Cavalry-type Leader
    # before an Infantry-type one, never a Neutral; Solo.Pieces.Sabotage: only where the human is.
    state = solo_game()
    _clear(state)
    foe = unit("turkoman", "infantry")
    _put(state, "damascus", foe, foe)
    _put(state, "homs", foe, "zangi", "keukburi", unit("neutral", "infantry"))
    step = {"action": "remove", "count": 1}
    frame = {"kind": "step", "step": step, "region": None}
    legal = [("region", "damascus"), ("region", "homs"), ("region", "acre"), ("done",)]
    assert bot_play.choose(state, {**frame, "step": step}, "hre", legal) == ("region", "damascus")
    slots = state.regions["homs"]["slots"]
    legal = [("slot", i) for i, p in enumerate(slots) if p is not None] + [("done",)]
    chosen = bot_play.choose(state, {**frame, "region": "homs"}, "hre", legal)
    assert chosen is not None and slots[chosen[1]] == "keukburi"  # Cavalry icons, unlike Zangi
    neutral = slots.index(unit("neutral", "infantry"))
    assert bot_play.choose(state, {**frame, "region": "homs"}, "hre", [("slot", neutral), ("done",)]) == (
        "done",
    )
    sabotage = {"kind": "step", "step": {"action": "sabotage"}, "region": None}
    legal = [("region", "acre"), ("region", "homs"), ("done",)]
    assert bot_play.choose(state, sabotage, "hre", legal) == ("region", "homs")


@pytest.mark.parametrize(("face", "faith", "gold"), [(2, 1, 0), (5, 0, 1), (6, 0, 2)])
def test_the_track_bonuses(face: int, faith: int, gold: int) -> None:
    # BotTable.Command, R29: +1 Faith (column 2), +1 gold (column 5), +2 gold (column 6).
    state = solo_game()
    assert state.solo is not None
    state.solo["column"]["hre"] = [state.round, face]
    before_faith, before_gold = state.faith["crusader"][1], state.gold["hre"]
    bot_play.bonus(state, "hre")
    assert (state.faith["crusader"][1] - before_faith, state.gold["hre"] - before_gold) == (faith, gold)


def test_the_neutral_bonus_of_column_3() -> None:
    # BotTable.Command, R29: column 3 puts a Neutral Infantry in the Bot's weakest Region.
    state = solo_game()
    assert state.solo is not None
    _clear(state)
    infantry = unit("hre", "infantry")
    _put(state, "acre", infantry, infantry)
    _put(state, "tyre", infantry)
    state.solo["column"]["hre"] = [state.round, 3]
    bot_play.bonus(state, "hre")
    assert unit("neutral", "infantry") in state.regions["tyre"]["slots"]
    assert unit("neutral", "infantry") not in state.regions["acre"]["slots"]


def test_the_bot_loses_no_glory_for_orders_left() -> None:
    # Solo.Upkeep.Orders: at upkeep's step 3 the Bot's Orders left cost it no Glory and go home; the
    # human's still cost 1 (Upkeep.3).
    state = solo_game()
    state.placed = {
        "acre": {"crusader": {"army": "hre", "order": "hre_march", "up": False}},
        "damascus": {"muslim": {"army": "turkoman", "order": "turkoman_march", "up": False}},
    }
    state.order_box["hre"].remove("hre_march")
    state.order_box["turkoman"].remove("turkoman_march")
    state.stack = []
    PROCEDURES.push(state, "upkeep", step="orders")
    start = len(state.log)
    bot_play.settle(state)
    step3 = [(key, t) for key, _, t in state.log[start:] if key in ("Upkeep.3", "Solo.Upkeep.Orders")]
    assert step3[:2] == [
        ("Solo.Upkeep.Orders", "The Holy Roman Empire's Order in Acre goes back: no Glory lost."),
        ("Upkeep.3", "The Turkoman's March in Damascus was not executed: 1 Glory lost."),
    ]
    assert "hre_march" in state.order_box["hre"] and "turkoman_march" in state.order_box["turkoman"]


PICKS = [
    # (scenario, options, slot picked at each human turn, current command points each human gains)
    ("two_hre_turkoman", CRUSADER_BOTS, [5, 3], 8),  # Solo.Strategy.Example: slot 5, then slot 3
    ("four", SOLO, [5, 3, 4, 2], 0),  # 2 against 2: the upper human with the upper Bot (gains below)
    ("three_hre", CRUSADER_BOTS, [5, 3], 8),  # 2 humans against a lone Bot: both slot numbers
    ("three_angevin", SOLO, [5, 3], 16),  # 1 human against 2 Bots: each slot once per Bot card
]


@pytest.mark.parametrize(("scenario", "options", "slots", "gain"), PICKS)
def test_the_humans_pick_from_their_own_rows(
    scenario: str, options: dict[str, bool], slots: list[int], gain: int
) -> None:
    # Solo.Strategy.Picks, R35: a human takes a card of its own row and hands each Bot it relates
    # to the card in the same slot; every Bot card pays its slot number to the humans it relates to.
    state = solo_game(scenario, options)
    for army in GAME.active_roles(state):
        GAME.apply_in_place(state, army, GAME.legal_actions(state, army)[0])
    assert PROCEDURES.top(state)["kind"] == "strategy_pick"
    rows = {a: list(state.bidding[a]) for a in state.armies}
    before = {a: state.tracks[a]["current"] for a in state.armies}
    pickers = []
    for slot in slots:
        (human,) = GAME.active_roles(state)
        assert all(a[1] == human for a in GAME.legal_actions(state, human))  # its own row only
        pickers.append(human)
        GAME.apply_in_place(state, human, ("pick", human, slot))
    assert PROCEDURES.top(state)["kind"] != "strategy_pick"
    assert set(pickers) == set(solo.humans(state))
    if scenario == "four":
        upper, lower = solo.humans(state)  # Solo.Strategy.Picks: paired by initiative
        assert pickers == [upper, lower, upper, lower]
        (top,), (bottom,) = solo.related(state, upper), solo.related(state, lower)
        assert {top, bottom} == set(solo.bots(state))
        assert [
            state.initiative.index(a) < state.initiative.index(b) for a, b in ((upper, lower), (top, bottom))
        ] == [True, True]
        taken = {upper: [5, 4], top: [5, 4], lower: [3, 2], bottom: [3, 2]}
        gains = {upper: 9, lower: 5}
    else:
        taken = dict.fromkeys(state.armies, slots)  # every Army takes its card of every slot picked
        gains = dict.fromkeys(solo.humans(state), gain)
    for army in state.armies:
        # Every Army ends with 2 cards, its own of the slots picked for it.
        assert sorted(state.event_cards[army][-2:]) == sorted(rows[army][s - 2] for s in taken[army])
        assert state.tracks[army]["current"] - before[army] == gains.get(army, 0)  # Bots gain none


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_bot_bids_a_die_plus_its_gold_and_pays_the_gold(seed: int) -> None:
    # Solo.Diplomacy, R31: the Bot's bid is a die plus the gold its column adds (column 1: all of
    # it); it pays only the gold. 3 gold and any die beat the human's 4, or tie and win on
    # initiative (Solo.Setup.7: the Bot first).
    state = solo_game(seed=seed)
    assert state.solo is not None and state.initiative[0] == "hre"
    state.solo["column"]["hre"] = [state.round, 1]
    state.gold = {"hre": 3, "turkoman": 10}
    state.stack = []
    PROCEDURES.push(state, "diplomacy_bid", roles=["hre", "turkoman"])
    bot_play.settle(state)
    assert GAME.active_roles(state) == ("turkoman",)
    GAME.apply_in_place(state, "turkoman", ("bid", 4))
    (rolled,) = [t for key, _, t in state.log if key == "Solo.Diplomacy"]
    die = int(rolled.split(" rolls ")[1].split()[0])
    assert 1 <= die <= 6
    shown = [t for key, _, t in state.log if key == "Diplomacy.Bid"][-1]
    assert f"Holy Roman Empire {3 + die}, Turkoman 4;" in shown
    assert state.gold == {"hre": 0, "turkoman": 6}


def test_the_faith_bonus_of_a_pair() -> None:
    # Solo.Battle.Faith: in the solo game the higher Faith gives +1 in any Battle, a pair's side
    # included; of a pair only the attacker's or the defender's Faith counts (the partner behind
    # counts 0, Solo.Changes.2, R2).
    state = solo_game("four", SOLO)
    state.faith["muslim"] = ["ayyubid", 1]
    state.faith["crusader"] = ["angevin", 2]
    frame = {"attacker": "ayyubid", "defender": "angevin"}
    assert [faith_bonus(state, frame, side) for side in ("crusader", "muslim")] == [1, 0]
    frame = {"attacker": "ayyubid", "defender": "hre"}  # the HRE is behind on its pair's track: 0
    assert [faith_bonus(state, frame, side) for side in ("crusader", "muslim")] == [0, 1]
    # without Bots a pair never gets it (Battle.Faith)
    state = GAME.setup(1, "four")
    state.faith["crusader"] = ["angevin", 2]
    assert faith_bonus(state, {"attacker": "turkoman", "defender": "angevin"}, "crusader") == 0


def test_a_final_winner_only_between_two_humans() -> None:
    # Solo.Changes.1: the tiebreakers pick a Final Winner only in an Alliance of two people; two
    # Bots win together.
    state = solo_game("four", SOLO)
    endgame.decide(state, "muslim", "10 Glory", {})
    assert state.result is not None and state.result["winners"] == ["ayyubid", "turkoman"]
    state = solo_game("four", SOLO)
    endgame.decide(state, "crusader", "10 Glory", {})
    assert state.result is None and state.stack[-1]["kind"] == endgame.FINAL_WINNER


def _rolls_in_first_round(options: dict[str, bool]) -> int:
    state = solo_game(options=options, seed=4)
    rng = random.Random(4)
    while state.round == 0 and state.result is None:
        role = GAME.active_roles(state)[0]
        GAME.apply_in_place(state, role, rng.choice(GAME.legal_actions(state, role)))
    assert any(key == "Upkeep.4.E" for key, _, _ in state.log)  # the round played to its upkeep
    return sum(key == "Solo.Strategy.Roll" for key, _, _ in state.log)


def test_a_column_per_phase_as_an_option() -> None:
    # Solo.Strategy.Roll: the Bot rolls its column once a round; the alternative rule
    # (bot_column_each_phase) rolls it again at the start of each phase it acts in, all five here.
    assert _rolls_in_first_round(CRUSADER_BOTS) == 1
    assert _rolls_in_first_round({**CRUSADER_BOTS, "bot_column_each_phase": True}) == 5


@pytest.mark.parametrize("changes", [False, True])
def test_the_bid_die_changes_the_column_as_an_option(changes: bool) -> None:
    # BotTable.Diplomacy: the die of the Bot's bid keeps its column; the alternative rule
    # (bot_bid_changes_column) makes the die its column from then on.
    state = solo_game(options={**CRUSADER_BOTS, "bot_bid_changes_column": changes})
    assert state.solo is not None
    state.solo["column"]["hre"] = [state.round, 1]
    state.stack = []
    PROCEDURES.push(state, "diplomacy_bid", roles=["hre", "turkoman"])
    bot_play.settle(state)
    GAME.apply_in_place(state, "turkoman", ("bid", 0))
    (rolled,) = [t for key, _, t in state.log if key == "Solo.Diplomacy"]
    die = int(rolled.split(" rolls ")[1].split()[0])
    assert solo.column(state, "hre").face == (die if changes else 1)


def test_the_bot_reacts_without_command_points_and_column_6_triggers() -> None:
    # Solo.Battle.Reaction.1, Solo.Setup.6: the Bot defending and weaker draws a Reaction and
    # executes it though it has no command points; in column 6 a Reaction executed is a card
    # trigger (BotTable.Command).
    state = solo_game()
    assert state.solo is not None
    _clear(state)
    _put(state, "acre", unit("hre", "infantry"))
    state.solo["column"]["hre"] = [state.round, 6]
    state.solo["piles"]["hre"]["reaction"] = ["hre_defence"]
    state.tracks["hre"]["current"] = 0
    state.stack = []
    road = [unit("turkoman", "infantry")] * 3
    PROCEDURES.push(
        state,
        "battle",
        region="acre",
        attacker="turkoman",
        order=None,
        strength=0,
        origin="d_galilee",
        road=road,
    )
    bot_play.settle(state)
    assert state.executed["hre"] == ["hre_defence"]
    assert any(key == "Battle.Reaction" and "Defence" in t for key, _, t in state.log)
    assert state.tracks["hre"]["current"] == 0
    assert state.solo["triggered"] == {"hre": True}


def test_the_bots_diversion_cancels_an_enemy_reaction() -> None:
    # Solo.Battle.Reaction.2, Glossary.Diversion, R54: the Bot attacking Acre from Galilee is made
    # weaker by the Turkoman's Defence; it draws its Diversion, placed in the Region it attacked
    # from, and executes it against that Defence (Battle.Reaction: the weaker side reacts)
    state = solo_game()
    assert state.solo is not None
    _clear(state)
    foe, infantry = unit("turkoman", "infantry"), unit("hre", "infantry")
    _put(state, "acre", foe, foe)
    _put(state, "d_galilee", infantry)
    state.placed = {"acre": {"muslim": {"army": "turkoman", "order": "turkoman_defence", "up": False}}}
    state.solo["piles"]["hre"]["reaction"] = ["hre_diversion"]
    _attack(state, "acre", "hre", "d_galilee", infantry, infantry, infantry)
    assert ("react", "acre") in GAME.legal_actions(state, "turkoman")
    GAME.apply_in_place(state, "turkoman", ("react", "acre"))
    assert "hre_diversion" in state.executed["hre"]
    assert any("cancelling the Defence of the Turkoman" in t for _, _, t in state.log)
