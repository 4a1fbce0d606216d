"""Control of a Region and the tracks that follow it (control.py). Keys are those of
docs/third-crusade/sections.md; Rn of rulings.md."""

from __future__ import annotations

import pytest

from outremer.games.third_crusade import control
from outremer.games.third_crusade.common import data
from outremer.games.third_crusade.state import State

from .play import snapshot, start


def put(state: State, region: str, slot: int, piece: str | None) -> None:
    state.regions[region]["slots"][slot] = piece


@pytest.mark.parametrize("scenario", sorted(data(start("plutorial")).setups.scenarios))
def test_every_start_already_shows_what_it_controls(scenario: str) -> None:
    # BoardSetup.4: the tracks start at what the icons Controlled give; L188: Mercantile markers at 0
    state = start(scenario)
    before = snapshot(state)
    control.update_tracks(state)
    assert snapshot(state) == before


def test_the_larger_number_controls_a_tie_or_neutrals_alone_nobody() -> None:
    state = start("plutorial")
    # Glossary.Control, Planning.Example.2: Tripoli's Angevin Units and Leader Control it
    assert control.controller(state, "tripoli") == "angevin"
    # Glossary.Neutral (L1495): a Region holding only Neutral pieces is Controlled by nobody
    assert control.controller(state, "hama") is None and control.holder(state, "hama") is None
    # Glossary.Control: a tie means nobody Controls it; partners tied hold it as an Alliance (R1)
    state = start("four")
    put(state, "tripoli", 2, "hre:infantry")
    put(state, "tripoli", 3, "hre:infantry")
    put(state, "tripoli", 4, "hre:infantry")  # 3 hre against 2 Angevin pieces (William, a Cavalry)
    assert control.controller(state, "tripoli") == "hre"
    put(state, "tripoli", 4, None)
    assert control.controller(state, "tripoli") is None
    assert control.holder(state, "tripoli") == "crusader"


def test_the_plutorial_loss_of_jerusalem_and_its_retaking() -> None:
    state = start("plutorial")
    # Plutorial.Command.1 (L1158): the Ayyubid Infantry leaves; the Neutral alone holds nobody's City
    put(state, "jerusalem", 0, None)
    assert control.controller(state, "jerusalem") is None
    # Plutorial.Command.2 (L1164): Al-Adil's force enters Jerusalem, a Cavalry stays in the Desert,
    # Ibn Shaddad alone keeps Ahamant (R1); gold and supply rise by 1 each
    put(state, "ahamant", 3, None)
    put(state, "ahamant", 4, None)
    put(state, "ahamant", 6, None)
    put(state, "jerusalem", 0, "ayyubid:infantry")
    put(state, "jerusalem", 6, "al_adil")
    put(state, "d_jordan", 7, "ayyubid:cavalry")
    before = dict(state.tracks["ayyubid"])
    control.update_tracks(state)
    assert control.controller(state, "ahamant") == "ayyubid"
    assert control.controller(state, "jerusalem") == "ayyubid"
    assert state.tracks["ayyubid"] == {**before, "gold": before["gold"] + 1, "supply": before["supply"] + 1}
    assert state.gold["ayyubid"] == 4  # L1164: no gold chits come with it


def test_a_piece_on_an_icon_hides_it() -> None:
    state = start("plutorial")
    # Glossary.Slots (L1557), Plutorial.Command.6 (L1182): a third Infantry on Tyre's supply icon
    supply = state.tracks["angevin"]["supply"]
    put(state, "tyre", 1, "angevin:infantry")
    control.update_tracks(state)
    assert state.tracks["angevin"]["supply"] == supply - 1
    # Upkeep.A example (L1263): taking it off uncovers the icon again
    put(state, "tyre", 1, None)
    control.update_tracks(state)
    assert state.tracks["angevin"]["supply"] == supply


def test_a_resource_token_counts_at_once_base_points_follow_and_current_do_not() -> None:
    state = start("plutorial")
    # Command.Event.Example2 (L467): a crown token in a City Controlled raises the crown track and
    # base points with a command point token; the current command points stay
    tracks = dict(state.tracks["angevin"])
    state.regions["sidon"]["resources"] += [[4, "crown"], [5, "command_point"]]
    control.update_tracks(state)
    assert state.tracks["angevin"] == {**tracks, "crowns": tracks["crowns"] + 1, "base": tracks["base"] + 1}
    assert state.log[-1][0] == "Command.Event.Tracks"


def test_glory_icons_wait_for_upkeep_and_leaders_bring_their_icons() -> None:
    state = start("plutorial")
    tracks = dict(state.tracks["angevin"])
    # Battle.After, Upkeep.E: Tyre's Glory icon counts for nothing on the tracks
    put(state, "tyre", 0, None)
    # BoardSetup.4: a Leader on the map brings its icons (Richard: a command point and a crown)
    put(state, "tripoli", 7, "richard")
    control.update_tracks(state)
    assert state.tracks["angevin"] == {**tracks, "base": tracks["base"] + 1, "crowns": tracks["crowns"] + 1}


def test_the_tripoli_battle_moves_only_the_conquerors_mercantile_marker() -> None:
    state = start("four")
    # Example.TripoliBattle (L537): Tripoli held by the Crusaders, no single Army in Control
    put(state, "tripoli", 2, "hre:infantry")
    put(state, "tripoli", 3, "hre:infantry")
    put(state, "tripoli", 4, None)  # 2 against 2
    assert control.controller(state, "tripoli") is None
    assert control.holder(state, "tripoli") == "crusader"
    control.update_tracks(state)
    # the Angevin's loss of a Mercantile City moves the pair's marker a step away from it (R43)
    assert state.mercantile == {"crusader": ["hre", 1], "muslim": [None, 0]}
    # Battle.After (L641-L645): the Turkoman takes it and moves its marker 1 step to its side
    state.regions["tripoli"]["slots"] = [None] * 9
    put(state, "tripoli", 2, "turkoman:infantry")
    control.update_tracks(state)
    assert state.mercantile["muslim"] == ["turkoman", 1]
    assert state.log[-1][0] == "Battle.After"
