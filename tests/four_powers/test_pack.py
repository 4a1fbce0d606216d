"""The Four Powers data pack (issue 16, "The data the text lacks"): the shipped pack loads with the
counts the rulebook prints and the values its worked examples fix; broken copies are refused with
an error naming the file and the record, and nothing of them is kept."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from importlib import resources
from itertools import combinations_with_replacement
from pathlib import Path
from typing import Any

import pytest

from outremer.engine.errors import BadData
from outremer.games.four_powers.cards import ACTION_EFFECTS, CONFLICT_EFFECTS
from outremer.games.four_powers.pack import ActionCard, Effect, Face, Pack, load_pack
from tests.datapacks import changed_copy

DATA = Path(str(resources.files("outremer.games.four_powers").joinpath("data")))


def named(pack: Pack, name: str) -> ActionCard:
    (card,) = [c for c in pack.cards.values() if c.name == name]
    return card


def copy(tmp_path: Path, file: str, change: Callable[[Any], None]) -> Path:
    """A copy of the shipped pack in ``tmp_path``, with ``file``.json changed."""
    return changed_copy(DATA, tmp_path, file, change)


# --- what the box holds ------------------------------------------------------------------------


def test_an_unchanged_copy_loads_as_the_shipped_pack(tmp_path: Path) -> None:
    assert load_pack(copy(tmp_path, "cards", lambda doc: None)) == load_pack()


def test_the_deck_is_54_numbered_action_cards_and_a_bluff_template() -> None:
    pack = load_pack()
    # Components (L7-L33), Cards.Anatomy.9: 54 Action cards, each with its number.
    assert [c.number for c in pack.cards.values()] == list(range(1, 55))
    assert list(pack.cards) == [f"c{n:02d}" for n in range(1, 55)]
    assert len({c.name for c in pack.cards.values()}) == 54
    # Cards.Anatomy.2 and Movement.1: at most two Benefit icons; Cards.Anatomy.8: Gold icons of Cost.
    for card in pack.cards.values():
        assert len(card.benefits) <= 2 and 0 <= card.cost <= 3 and 0 <= card.strength <= 3, card.id
    # Components: 4 Bluff cards, one per player (PlayerSetup.5); Strength 0 and no effect (R6c).
    bluff = pack.bluff
    assert (bluff.id, bluff.strength, bluff.action, bluff.conflict) == ("bluff", 0, None, None)
    assert (bluff.affiliation, bluff.cost, bluff.benefits) == ("any", 0, ())
    assert bluff.id not in pack.cards


def test_every_effect_is_of_the_vocabulary() -> None:
    pack = load_pack()
    for card in pack.cards.values():
        assert card.action is None or card.action.kind in ACTION_EFFECTS, card.id
        assert card.conflict is None or card.conflict.kind in CONFLICT_EFFECTS, card.id


def test_the_round_deck() -> None:
    rounds = load_pack().rounds
    # Setup.4 (L45-L51): Rounds 1 to 5 on top in order; X, Y and the Last Round shuffled below.
    assert len(rounds) == 8
    assert [r.order for r in rounds if r.order is not None] == [1, 2, 3, 4, 5]
    assert sorted(r.name for r in rounds if r.order is None) == ["Last Round", "Round X", "Round Y"]
    # RoundCards (L226-L235): only the Last Round card ends the Crusade.
    assert [r.name for r in rounds if r.last] == ["Last Round"]


def test_a_city_for_every_location_with_both_sides_of_its_card() -> None:
    pack = load_pack()
    # Locations (L195-L202): every Location is a City; Setup.2 and EndCrusade.3 name the nine.
    assert list(pack.cities) == list(pack.board.locations)
    for city in pack.cities.values():
        four, two = city.sides["four"], city.sides["two"]
        # Setup.8's "left" and "middle" columns, Presence.Example's "rightmost" level (L600-L602),
        # Locations.Anatomy.5, .8, R11b: three columns and the control level on the four-player side;
        # Players.1 (L824-L825): two columns and the control level on the other side.
        assert len(four.costs) == len(four.income) == 4, city.location
        assert len(two.costs) == len(two.income) == 3, city.location
        for side in (four, two):
            assert list(side.costs) == sorted(side.costs), city.location
            assert list(side.income) == sorted(side.income), city.location


def test_the_die_the_tracks_and_the_limits() -> None:
    pack = load_pack()
    comps = pack.components
    assert len(pack.die) == 6  # Components: six-sided custom dice
    # Components (L7-L33) and R16: counts of the box.
    assert (comps.presence_per_player, comps.buildings_per_kind, comps.dice) == (10, 3, 10)
    assert (comps.footman, comps.tower, comps.knight, comps.faith) == (30, 10, 10, 20)
    # PlayerSetup.4 and R3b: three rows of 4 spaces, the star on the third.
    assert list(pack.tracks) == ["church", "fortress", "citadel"]
    for track in pack.tracks.values():
        assert len(track.values) == 4 and track.stars == (2,), track.kind
        # Buildings.Church.2, Buildings.Fortress.2, Buildings.Citadel.2: 1 on the first space.
        assert track.values[0] == 1, track.kind
    assert pack.tracks["church"].values == (1, 1, 2, 2)  # R3b
    assert pack.tracks["fortress"].values == (1, 2, 2, 3)  # R3b
    assert pack.tracks["citadel"].values == (1, 2, 2, 3)  # R3b


def test_the_factions_start_as_printed() -> None:
    factions = load_pack().factions
    assert list(factions) == ["Crusaders", "Byzantines", "Caliphate", "Seljuk"]  # seat order, R8a
    # PlayerSetup.6 (L99-L124): Presence in supply, Footmen, Siege Towers, Knights, Faith, Gold.
    supplies = {
        role: (f.presence, f.footman, f.tower, f.knight, f.faith_tokens, f.gold)
        for role, f in factions.items()
    }
    assert supplies == {
        "Byzantines": (6, 5, 0, 0, 2, 8),
        "Caliphate": (6, 3, 1, 1, 1, 6),
        "Crusaders": (6, 3, 1, 1, 3, 4),
        "Seljuk": (6, 7, 0, 0, 3, 5),
    }
    # Setup.8 (L65-L71): starting Influence by City level and Support by Region, four-player side.
    places = {role: (dict(f.influence), dict(f.support)) for role, f in factions.items()}
    assert places == {
        "Byzantines": ({"iconium": "left", "edessa": "left", "jerusalem": "left"}, {"antiocheia": 1}),
        "Crusaders": ({"iconium": "middle"}, {"iconium": 3}),
        "Seljuk": ({"edessa": "middle", "tyrus": "middle"}, {"edessa": 1, "antiocheia": 1}),
        "Caliphate": ({"ascalon": "left", "jerusalem": "middle"}, {"jerusalem": 2}),
    }
    # PlayerSetup (L74-L81), Buildings.Church: faiths and buildings.
    assert {r: (f.faith, f.building) for r, f in factions.items()} == {
        "Crusaders": ("christians", "church"),
        "Byzantines": ("christians", "church"),
        "Caliphate": ("muslims", "mosque"),
        "Seljuk": ("muslims", "mosque"),
    }


# --- the values the worked examples fix ----------------------------------------------------------


def test_presence_example_costs_six_to_raise_edessa_and_jerusalem_to_the_top() -> None:
    # Presence.Example (L600-L602): from the middle level (after the card's swap) to the rightmost
    # in Edessa and Jerusalem, 6 Gold in all; Presence.Influence.2: the difference of the levels.
    cities = load_pack().cities
    raised = sum(
        cities[c].sides["four"].costs[-1] - cities[c].sides["four"].costs[1] for c in ("edessa", "jerusalem")
    )
    assert raised == 6


def test_income_example_jerusalem_middle_level_yields_one_gold() -> None:
    # Income.Example (L643-L644): the Caliphate's starting Influence in Jerusalem (Setup.8: middle
    # level) yields 1 Gold at Income.3.
    assert load_pack().cities["jerusalem"].sides["four"].income[1] == 1


def test_development_example_holy_zeal() -> None:
    # Development.Example (L524-L531): Holy Zeal is Christians-affiliated (Affiliation.1), its effect
    # gives 2 Faith, and the Development column cost 3 Gold with it on top (Development.1).
    card = named(load_pack(), "Holy Zeal")
    assert card.affiliation == "christians"
    assert card.action is not None and (card.action.kind, dict(card.action.params)) == ("gain", {"faith": 2})
    assert card.cost <= 3


def test_presence_example_betrayal_of_the_emirs() -> None:
    # Presence.Example (L594-L599): the Byzantines resolve it (Actions.3), paying 1 Gold to swap
    # their Influence with the one above in 2 Cities; the Presence column cost 3 with it on top.
    card = named(load_pack(), "Betrayal of the Emirs")
    assert card.affiliation in ("byzantines", "christians")
    assert card.action is not None
    assert (card.action.kind, dict(card.action.params)) == ("swap_up", {"cities": 2, "pay": 1})
    assert card.cost <= 3


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("Pilgrims", {"gold": 2, "footman": 1}),  # Movement.Example (L625-L627)
        ("The Barons' Dispute", {"gold": 1, "footman": 1, "faith": 1}),  # Income.Example (L641-L643)
    ],
)
def test_the_examples_columns_show_the_card_and_upper_icons_below_it(
    name: str, shown: dict[str, int]
) -> None:
    # Movement.1: the card on top shows all its Benefits; each card below shows its upper one.
    pack = load_pack()
    card = named(pack, name)
    rest = Counter(shown)
    rest.subtract(card.benefits)
    assert all(n >= 0 for n in rest.values()), card.benefits
    uppers = {c.benefits[0] for c in pack.cards.values() if c.benefits and c is not card}
    assert all(icon in uppers for icon, n in rest.items() if n), rest


def test_battle_example_replays_with_the_packs_cards_and_die() -> None:
    pack = load_pack()
    # Battle.Example (L735-L742): George's Strength-1 card lets him add a card of Strength 3
    # (Battle.9, R17); Beatrice's Strength-1 card deals Wounds (Battle.13).
    extra, strong, fire = (named(pack, n) for n in ("Call to Arms", "Charge of the Lances", "Greek Fire"))
    assert extra.strength == 1 and extra.conflict is not None and extra.conflict.kind == "extra_card"
    assert strong.strength == 3 and strong.conflict is None
    assert fire.strength == 1 and fire.conflict is not None and fire.conflict.kind == "wounds"
    card_wounds = fire.conflict.params["count"]
    fortress = pack.tracks["fortress"].values[1]  # one Upgrade from the start (R3a, L748-L750)

    def rolls(n: int) -> list[tuple[Face, ...]]:
        return list(combinations_with_replacement(pack.die, n))

    # L743-L767: George rolls 2 dice: with cards 4, Units 4 and Faith 2 he totals 11, and his side
    # deals 2 Wounds (his cards deal none). Beatrice and Robert roll 1 die each: card 1, Units 2 + 2,
    # Faith 2 make 8, and Robert's Fortress at level 2 makes 10; they deal 5 Wounds with the card.
    george = [r for r in rolls(2) if sum(f.strength for f in r) == 1 and sum(f.wounds for f in r) == 2]
    defenders = [
        r for r in rolls(2) if sum(f.strength for f in r) == 1 and sum(f.wounds for f in r) + card_wounds == 5
    ]
    assert george and defenders
    assert extra.strength + strong.strength + 4 + 2 + 1 == 11
    assert fire.strength + 2 + 2 + 2 + 1 == 8 and 8 + fortress == 10


def test_the_rulebooks_cards_cite_their_lines() -> None:
    pack = load_pack()
    for name in (
        "Local Reinforcements",
        "Holy Zeal",
        "Betrayal of the Emirs",
        "Pilgrims",
        "The Barons' Dispute",
    ):
        assert named(pack, name).source["kind"] == "rulebook", name
    local = named(pack, "Local Reinforcements")  # Cards.Anatomy (L165-L167)
    assert local.action is not None and local.action.kind == "footmen_per_adjacent_support"


def test_starting_values_check_out() -> None:
    # Markers and PlayerSetup.6: 10 Presence each between board and supply; every faction starts
    # with 15 in Gold, Faith and Units at their cost (Units).
    for f in load_pack().factions.values():
        assert len(f.influence) + sum(f.support.values()) + f.presence == 10, f.role
        assert f.gold + f.faith_tokens + f.footman + 2 * f.tower + 3 * f.knight == 15, f.role


# --- broken copies -------------------------------------------------------------------------------


def _card(number: int) -> Callable[[Any], dict[str, Any]]:
    return lambda doc: next(c for c in doc["cards"] if c["number"] == number)


def _number_twice(doc: Any) -> None:
    _card(2)(doc)["number"] = 1


def _unknown_effect(doc: Any) -> None:
    _card(7)(doc)["action"] = {"kind": "teleport", "count": 1}


def _wrong_params(doc: Any) -> None:
    _card(6)(doc)["action"] = {"kind": "swap_up", "cities": 2}


def _conflict_effect_as_action(doc: Any) -> None:
    _card(4)(doc)["action"] = {"kind": "wounds", "count": 1}


def _no_source(doc: Any) -> None:
    del _card(4)(doc)["source"]


def _unknown_field(doc: Any) -> None:
    _card(12)(doc)["flavour"] = "ships"


def _source_without_lines(doc: Any) -> None:
    del _card(21)(doc)["source"]["lines"]


def _name_twice(doc: Any) -> None:
    _card(9)(doc)["name"] = "Greek Fire"


def _rulebook_card_renamed(doc: Any) -> None:
    _card(21)(doc)["name"] = "Holy Fervour"


def _two_last_rounds(doc: Any) -> None:
    doc["rounds"][6]["last"] = True


def _city_levels(doc: Any) -> None:
    city = next(c for c in doc["cities"] if c["location"] == "tyrus")
    city["four"]["costs"] = [1, 2, 4]


def _city_income_falls(doc: Any) -> None:
    city = next(c for c in doc["cities"] if c["location"] == "jerusalem")
    city["four"]["income"] = [1, 1, 3, 2]


def _city_costs_fall(doc: Any) -> None:
    city = next(c for c in doc["cities"] if c["location"] == "ascalon")
    city["two"]["costs"] = [4, 2, 5]


def _city_unknown(doc: Any) -> None:
    doc["cities"][0]["location"] = "nicaea"


def _faction(role: str) -> Callable[[Any], dict[str, Any]]:
    return lambda doc: next(f for f in doc["factions"] if f["role"] == role)


def _presence_short(doc: Any) -> None:
    _faction("Seljuk")(doc)["presence"] = 5


def _unknown_location(doc: Any) -> None:
    _faction("Crusaders")(doc)["support"] = {"nicaea": 3}


def _value_off(doc: Any) -> None:
    _faction("Caliphate")(doc)["gold"] = 7


def _same_level(doc: Any) -> None:
    _faction("Seljuk")(doc)["influence"] = {"edessa": "left", "tyrus": "middle"}


def _starts_in_damascus(doc: Any) -> None:
    _faction("Caliphate")(doc)["support"] = {"damascus": 2}


def _three_bluffs(doc: Any) -> None:
    doc["bluff"]["count"] = 3


def _track_falls(doc: Any) -> None:
    doc["tracks"][2]["values"] = [1, 2, 3, 2]


def _five_faces(doc: Any) -> None:
    doc["die"]["faces"].pop()


def _short_track(doc: Any) -> None:
    doc["tracks"][1]["values"] = [1, 2, 3]


@pytest.mark.parametrize(
    ("file", "change", "expected"),
    [
        ("cards", _number_twice, "cards.json: card number 1: listed twice"),
        (
            "cards",
            _unknown_effect,
            "cards.json: card c07 (Greek Fire): unknown action effect kind 'teleport'",
        ),
        (
            "cards",
            _wrong_params,
            "cards.json: card c06 (Betrayal of the Emirs): action effect 'swap_up' needs pay",
        ),
        (
            "cards",
            _conflict_effect_as_action,
            "cards.json: card c04 (Tancred's Raid): unknown action effect kind",
        ),
        ("cards", _no_source, "cards.json: at cards/3 (Tancred's Raid): 'source' is a required property"),
        (
            "cards",
            _unknown_field,
            "cards.json: at cards/11 (Fatimid Fleet): Additional properties are not allowed",
        ),
        ("cards", _source_without_lines, "cards.json: at cards/20/source"),
        ("cards", _name_twice, "cards.json: card name Greek Fire: listed twice"),
        ("cards", _rulebook_card_renamed, "cards.json: cards: the rulebook's card 'Holy Zeal' is missing"),
        ("cards", _two_last_rounds, "cards.json: rounds: exactly one Last Round card"),
        ("locations", _city_levels, "locations.json: city tyrus: four side: 3 costs; that side has 4 levels"),
        ("locations", _city_costs_fall, "locations.json: city ascalon: two side: costs [4, 2, 5] fall"),
        (
            "locations",
            _city_income_falls,
            "locations.json: city jerusalem: four side: income [1, 1, 3, 2] fall",
        ),
        ("locations", _city_unknown, "locations.json: city nicaea: names unknown location 'nicaea'"),
        (
            "components",
            _presence_short,
            "components.json: faction seljuk: 4 Presence on the board and 5 in supply",
        ),
        (
            "components",
            _unknown_location,
            "components.json: faction crusaders: names unknown location 'nicaea'",
        ),
        (
            "components",
            _value_off,
            "components.json: faction caliphate: starts with 16 in Gold, Faith and Units",
        ),
        (
            "components",
            _same_level,
            "components.json: faction seljuk: the left level of edessa already holds",
        ),
        (
            "components",
            _starts_in_damascus,
            "components.json: faction caliphate: starts in damascus, which joins",
        ),
        ("cards", _three_bluffs, "cards.json: bluff: 3 Bluff cards; one per player"),
        ("tracks", _track_falls, "tracks.json: track citadel: values [1, 2, 3, 2] fall along the track"),
        ("components", _five_faces, "components.json: die: 5 faces"),
        ("tracks", _short_track, "tracks.json: track fortress: 3 spaces"),
    ],
)
def test_a_broken_copy_is_refused_naming_the_record(
    tmp_path: Path, file: str, change: Callable[[Any], None], expected: str
) -> None:
    with pytest.raises(BadData) as refused:
        load_pack(copy(tmp_path, file, change))
    assert str(refused.value).startswith(expected), str(refused.value)


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    (copy(tmp_path, "cards", lambda doc: None) / "tracks.json").unlink()
    with pytest.raises(BadData, match=r"^tracks\.json: file not found"):
        load_pack(tmp_path)


def test_a_broken_copy_leaves_the_shipped_pack_as_it_was(tmp_path: Path) -> None:
    before = load_pack()
    with pytest.raises(BadData):
        load_pack(copy(tmp_path, "cards", _number_twice))
    assert load_pack() is before and len(before.cards) == 54


# --- the reconstruction's tables say what the pack holds ------------------------------------------

DOC = Path(__file__).resolve().parents[2] / "docs" / "four-powers" / "reconstruction.md"


def _effect_words(effect: Effect | None) -> str:
    if effect is None:
        return "-"
    return " ".join([effect.kind, *(f"{k} {v}" for k, v in effect.params.items())])


def _source_words(source: Mapping[str, str]) -> str:
    head = source["kind"] + (f" `{source['key']}` {source['lines']}" if source["kind"] == "rulebook" else "")
    return head + (f": {source['reason']}" if source.get("reason") else "")


def test_the_reconstruction_page_lists_every_card_and_city_as_the_pack_holds_them() -> None:
    pack = load_pack()
    rows = set(DOC.read_text(encoding="utf-8").splitlines())
    for c in pack.cards.values():
        benefits = ", ".join(c.benefits) or "-"
        row = (
            f"| {c.number} | {c.name} | {c.affiliation} | {c.cost} | {benefits} | {c.strength} | "
            f"{_effect_words(c.action)} | {_effect_words(c.conflict)} | {_source_words(c.source)} |"
        )
        assert row in rows, f"reconstruction.md should have the row\n{row}"
    for city in pack.cities.values():
        four, two = city.sides["four"], city.sides["two"]

        def slashed(values: tuple[int, ...]) -> str:
            return " / ".join(map(str, values))

        row = (
            f"| {city.location} | {slashed(four.costs)} | {slashed(four.income)} | {slashed(two.costs)} | "
            f"{slashed(two.income)} | {four.ransack} | {_source_words(city.source)} |"
        )
        assert row in rows, f"reconstruction.md should have the row\n{row}"
        assert two.ransack == four.ransack  # the page gives one ransack per City
