"""Setting up Kingdom of Heaven (outremer/games/kingdom_of_heaven/setup.py): every scenario sets
up where its pack says, the deck and the deal follow §4.3 and §8.1, the VP are the map's and the
scenario's, the same seed gives the same game, and bad choices are refused."""

from __future__ import annotations

from collections import Counter
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from outremer.engine.errors import IllegalAction
from outremer.games.kingdom_of_heaven.board import load_board
from outremer.games.kingdom_of_heaven.cards import load_cards
from outremer.games.kingdom_of_heaven.common import controller, load_state, side, vp
from outremer.games.kingdom_of_heaven.scenarios import POOL, load_scenarios
from outremer.games.kingdom_of_heaven.setup import HAND, OPTIONS, deal, new_game
from outremer.games.kingdom_of_heaven.state import State, group

from ..datapacks import changed_copy

LETTERS = list(load_scenarios())
DATA = Path(str(resources.files("outremer.games.kingdom_of_heaven").joinpath("data")))


def _units(state: State) -> Counter[tuple[str, str, str, str]]:
    """(place, power, face, label) -> counters, the force pool as POOL, inside as 'in:'."""
    found: Counter[tuple[str, str, str, str]] = Counter()
    places = [(at, gs) for at, gs in state.field.items()]
    places += [(f"in:{at}", gs) for at, gs in state.inside.items()]
    places += [(POOL, {p: g}) for p, g in state.pools.items()]
    for at, groups in places:
        for power, g in groups.items():
            for face in ("full", "reduced"):
                for label, n in g[face].items():
                    found[(at, power, face, label)] += n
    return +found


@pytest.mark.parametrize("letter", LETTERS)
def test_every_piece_stands_where_the_scenario_puts_it(letter: str) -> None:
    # §4.1: pieces and strongholds as the scenario's set-up says; §4.2: the political status markers
    s = load_scenarios()[letter]
    state = new_game(1, letter)
    wanted: Counter[tuple[str, str, str, str]] = Counter()
    leaders: dict[str, tuple[str, str]] = {}
    for x in s.stacks:
        at = x.at if x.at == POOL or not x.inside else f"in:{x.at}"
        for face, counted in (("full", x.full), ("reduced", x.reduced)):
            for label, n in counted.items():
                wanted[(at, x.power, face, label)] += n
        leaders.update({lid: (at, x.power) for lid in x.leaders})
    assert _units(state) == wanted
    placed = {lid: (at, p) for at, gs in state.field.items() for p, g in gs.items() for lid in g["leaders"]}
    placed |= {
        lid: (f"in:{at}", p) for at, gs in state.inside.items() for p, g in gs.items() for lid in g["leaders"]
    }
    placed |= {lid: (POOL, p) for p, g in state.pools.items() for lid in g["leaders"]}
    assert placed == leaders
    assert {sp: (c["power"], c["low"]) for sp, c in state.castles.items()} == {
        sp: (c.power, c.low) for sp, c in s.castles.items()
    }
    for power, oriented in s.orientation.items():
        assert state.orientation(power) == oriented
    assert state.rates == dict(s.rates)


@pytest.mark.parametrize("letter", LETTERS)
def test_the_start_vp_are_the_scenarios_and_the_maps(letter: str) -> None:
    # §20.1: VP for the VP spaces a player controls; the scenario states them at the start
    state = new_game(1, letter)
    assert state.vp == dict(load_scenarios()[letter].start_vp) == vp(state)


@pytest.mark.parametrize("letter", LETTERS)
def test_the_game_opens_at_turn_one_with_nothing_won_or_spent(letter: str) -> None:
    # §5.1, §5.2: no replacements or mustering on turn 1; §9.3 L518: nobody holds the
    # Diplomatic Advantage; §19.1: the Crusade of B, D and H is still to come
    state = new_game(1, letter)
    assert (state.turn, state.phase) == (1, "initiative")
    assert state.advantage is None and state.failed_calls == {"christian": 0, "muslim": 0}
    assert state.crusade == ("scheduled" if letter in "BDH" else None)
    assert all(g == group() for g in state.dead.values())
    assert state.stack == [] and state.result is None


@pytest.mark.parametrize("letter", LETTERS)
def test_the_deck_is_the_basic_cards_and_the_scenarios_and_each_player_holds_seven(letter: str) -> None:
    # §4.3: cards 1-60 shuffled with the scenario's own; §8.1: seven cards each
    state = new_game(2, letter)
    cards = load_cards()
    assert all(len(h) == HAND for h in state.hands.values())
    every = [*state.deck, *state.hands["christian"], *state.hands["muslim"]]
    assert sorted(every) == sorted(c.id for c in cards.strategy_deck(letter))
    assert state.discard == [] and state.removed == []


def test_the_deal_goes_one_card_at_a_time_from_the_christian() -> None:
    # §8.1: the Christian draws a card, then the Muslim, and so on until each has seven
    state = new_game(2, "C")
    top = [*state.hands["christian"], *state.hands["muslim"], *state.deck]
    state.deck = list(top)
    state.hands = {"christian": [], "muslim": []}
    deal(state)
    assert state.hands["christian"] == top[0:14:2]
    assert state.hands["muslim"] == top[1:14:2]
    assert state.deck == top[14:]
    state.hands = {"christian": state.hands["christian"][:5], "muslim": state.hands["muslim"][:4]}
    deal(state)  # a hand already begun is filled up to seven, the Christian's card first
    assert state.hands["christian"][5:] == [top[14], top[16]]
    assert state.hands["muslim"][4:] == [top[15], top[17], top[18]]


def test_the_variant_deals_each_player_a_scenario_card_first() -> None:
    # §4.3.Variant: the scenario's cards shuffled apart, one dealt to each player as his first card
    own = {c.id for c in load_cards().of_scenario("E")}
    firsts = set()
    for seed in range(12):
        state = new_game(seed, "E", {"scenario_card_first": True})
        assert state.hands["christian"][0] in own and state.hands["muslim"][0] in own
        firsts.add(state.hands["christian"][0])
        assert all(len(h) == HAND for h in state.hands.values())
    assert len(firsts) > 1
    plain = [new_game(seed, "E").hands["christian"][0] in own for seed in range(12)]
    assert not all(plain)


def test_the_same_seed_gives_the_same_game_and_another_another_deck() -> None:
    one, same, other = new_game(7, "B"), new_game(7, "B"), new_game(8, "B")
    assert one.to_json() == same.to_json()
    assert [*one.hands["christian"], *one.deck] != [*other.hands["christian"], *other.deck]


def test_options_are_recorded_and_bad_choices_refused() -> None:
    # §4.3.Variant, §8.6, §20.2: the optional rules, off unless chosen
    assert new_game(1, "A").options == dict.fromkeys(OPTIONS, False)
    state = new_game(1, "A", {"combined_cards": True, "marginal_victory": True})
    assert state.options == {"scenario_card_first": False, "combined_cards": True, "marginal_victory": True}
    with pytest.raises(IllegalAction, match="no scenario 'I'"):
        new_game(1, "I")
    with pytest.raises(IllegalAction, match="no option 'fog'"):
        new_game(1, "A", {"fog": True})
    with pytest.raises(IllegalAction, match="true or false"):
        new_game(1, "A", {"combined_cards": "yes"})


def test_control_follows_stronghold_then_units_then_province() -> None:
    # §3.Control: the stronghold's holder, else the one side with units, else the province's owner
    state = new_game(1, "D")
    board = load_board()
    city = "acre"
    assert board.stronghold(city, "D") == "walled_city"
    assert controller(state, city) == side(state, state.cities[city]) == "christian"
    state.cities[city] = "ayyubids"
    assert controller(state, city) == "muslim"
    open_space = next(
        sp
        for sp in board.spaces
        if board.stronghold(sp, "D") is None
        and sp not in state.castles
        and sp not in state.field
        and side(state, state.owners[board.spaces[sp].province]) == "christian"
    )
    assert controller(state, open_space) == "christian"
    state.field[open_space] = {"ayyubids": {"full": {"2-6": 1}, "reduced": {}, "leaders": []}}
    assert controller(state, open_space) == "muslim"
    state.field[open_space]["jerusalem"] = {"full": {"2-4": 1}, "reduced": {}, "leaders": []}
    assert controller(state, open_space) == "christian"  # both sides: the province's owner


def test_a_pack_given_is_the_one_set_up_and_saved(tmp_path: Path) -> None:
    # §4.1: the pieces go where the scenario (here a user's copy of it) says
    def fewer(doc: dict[str, Any]) -> None:
        d = next(x for x in doc["scenarios"] if x["id"] == "D")
        stack = next(x for x in d["forces"] if x["at"] == "acre" and x["power"] == "jerusalem")
        stack["units"]["2-4"] -= 1

    shipped = new_game(1, "D").field["acre"]["jerusalem"]["full"]["2-4"]
    folder = changed_copy(DATA, tmp_path, "scenarios", fewer)
    state = new_game(1, "D", pack=folder)
    assert state.field["acre"]["jerusalem"]["full"]["2-4"] == shipped - 1
    assert state.pack == str(folder)
    assert load_state(state.to_json()).to_json() == state.to_json()


def _running_out(seed: int, in_deck: int) -> tuple[State, list[str], list[str]]:
    """Scenario C's game with empty hands, its cards in order of id: ``in_deck`` left in the deck,
    the rest but two discarded, those two removed; returns the state, the deck and the discards."""
    state = new_game(seed, "C")
    every = sorted([*state.hands["christian"], *state.hands["muslim"], *state.deck])  # the same for any seed
    state.hands = {"christian": [], "muslim": []}
    state.deck, state.discard, state.removed = every[:in_deck], every[in_deck:-2], every[-2:]
    return state, list(state.deck), list(state.discard)


def test_a_deal_that_empties_the_deck_goes_on_from_the_discards_shuffled() -> None:
    # §8.5 L482: the deck emptied during the deal is rebuilt at once from the discard pile
    state, deck, discards = _running_out(3, 5)
    removed = list(state.removed)
    deal(state)
    assert state.hands["christian"][:3] == deck[0:5:2] and state.hands["muslim"][:2] == deck[1:5:2]
    assert all(len(h) == HAND for h in state.hands.values())
    rest = [*state.hands["christian"][3:], *state.hands["muslim"][2:], *state.deck]
    assert sorted(rest) == sorted(discards)  # every discard, and nothing else, in the new deck
    assert state.discard == [] and state.removed == removed  # removed cards stay out (§8.4.1)
    key, audience, text = next(e for e in state.log if e[0] == "§8.5")
    assert audience is None and str(len(discards)) in text
    titles = load_cards().cards
    assert not any(titles[card].title in text for card in discards)  # the log tells no order


def test_the_new_deck_is_shuffled_with_the_states_generator() -> None:
    # §8.5 L482 "reshuffle": the same discards in the same order give an order that comes from
    # the seed, the same seed the same order
    orders, told = [], set()
    for seed in (4, 4, 5, 6):
        state, _, discards = _running_out(seed, 1)
        deal(state)
        orders.append([*state.hands["muslim"], *state.deck])
        told.add(next(e[2] for e in state.log if e[0] == "§8.5"))
    assert orders[0] == orders[1]
    assert len({tuple(o) for o in orders}) == 3
    assert len(told) == 1  # the public log is the same whatever the order


def test_a_deck_emptied_by_the_last_card_dealt_is_rebuilt_at_once() -> None:
    # §8.5 L482: "immediately", not at the next draw
    state, deck, discards = _running_out(7, 14)
    deal(state)
    assert [*state.hands["christian"], *state.hands["muslim"]] == [*deck[0:14:2], *deck[1:14:2]]
    assert sorted(state.deck) == sorted(discards) and state.discard == []


def test_with_deck_and_discards_empty_the_deal_stops_short() -> None:
    # K31 (§8.5 L482): only the discards rebuild the deck; the hands stay short, and the log says so
    state, deck, _ = _running_out(8, 5)
    state.discard = []
    deal(state)
    assert state.hands == {"christian": deck[0:5:2], "muslim": deck[1:5:2]}
    assert state.deck == []
    assert state.log[-1][0] == "§8.5" and "Christian 3, Muslim 2" in state.log[-1][2]
