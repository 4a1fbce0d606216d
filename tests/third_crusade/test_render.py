"""The terminal board (render.py): what each role reads, in lines of 80 characters at most, the step
by its rulebook name, no internal id, a key; hidden facts shown only to whom the view shows them.
Keys are those of docs/third-crusade/sections.md."""

from __future__ import annotations

import random
import re

from outremer.games.third_crusade import bot_play, pieces
from outremer.games.third_crusade.common import pack_at
from outremer.games.third_crusade.render import render_text
from outremer.games.third_crusade.state import NAMES, State

from .play import GAME, start

SNAKE_ID = re.compile(r"\b[a-z]+_[a-z_]+\b")
"""An internal id such as ``ayyubid_march`` (issue 15: none reaches the player)."""


def read(state: State, role: str | None) -> str:
    return render_text(GAME.view(state, role))


def legible(text: str, phase: str) -> None:
    assert all(len(line) <= 80 for line in text.splitlines()), max(text.splitlines(), key=len)
    assert phase in " ".join(text.split())
    assert not SNAKE_ID.search(text), SNAKE_ID.search(text)
    assert "\nKey: " in text


def test_every_region_in_play_is_listed_with_its_pieces() -> None:
    state = start("four")
    text = read(state, None)
    # BoardSetup.1: both map boards with 4 players
    assert "South map board (A):" in text and "North map board (B):" in text
    # Setup4p: the pieces as set up, e.g. Saladin in Acre
    acre = next(line for line in text.splitlines() if line.startswith("  Acre "))
    assert "Ayyubid: 2 Infantry, Leader Saladin" in acre
    assert "Port x2" in acre and "Mercantile" in acre
    legible(text, GAME.view(state, None)["phase_name"])


def test_the_two_player_game_shows_the_south_board_alone() -> None:
    # BoardSetup.1: the north board only with 4 players
    text = read(start("two_angevin_ayyubid"), "angevin")
    assert "South map board (A):" in text and "North map board (B):" not in text


def test_drawn_cards_are_named_to_their_owner_alone() -> None:
    state = start("four")
    title = "Departure from Vézelay"
    assert "angevin_1190_departure_from_vezelay" in state.drawn["angevin"]
    # Strategy.Place: each player looks at its own cards, the others see a count
    assert title in read(state, "angevin")
    for role in ("hre", "ayyubid", None):
        text = read(state, role)
        assert title not in text
        assert "4 drawn, unseen" in text


def test_a_face_down_order_shows_its_army_only_to_the_other_alliance() -> None:
    state = start("four")
    state.placed["acre"] = {"muslim": {"army": "ayyubid", "order": "ayyubid_march", "up": False}}
    # Planning.Facing: the Army and its partner see the Order, the others only whose it is
    for role in ("ayyubid", "turkoman"):
        assert "Muslim Order: Ayyubid March, face down" in " ".join(read(state, role).split())
    for role in ("angevin", None):
        text = " ".join(read(state, role).split())
        assert "Muslim Order: Ayyubid face down" in text
        assert "March, face down" not in text


def test_objectives_are_named_to_their_holder_alone() -> None:
    state = start("four")
    # PlayerSetup.H: secret Objective Cards, named by their main City
    assert "Objectives: Acre, Kerak" in " ".join(read(state, "angevin").split())
    assert "2 Objectives, unseen" in read(state, "ayyubid")


def test_the_battle_under_way_is_told() -> None:
    position = GAME.positions()["battle"]
    state = GAME.setup(position.seed, position.scenario, position.options)
    for role, action in position.actions:
        state = GAME.apply(state, role, action)
    battle = next(f for f in state.stack if f["kind"] == "battle")
    regions = pack_at(None).board.regions
    # Battle, Battle.Reaction: where it is fought, by whom, the step asked
    text = " ".join(read(state, None).split())
    where, attacker = regions[battle["region"]].name, NAMES[battle["attacker"]]
    assert f"Battle in {where}: the {attacker} attacks" in text
    assert f"the {NAMES[battle['defender']]} defends; now: " in text


def test_the_solo_game_names_the_bots() -> None:
    # SoloGlossary.Bot: the Armies the rules play are told apart from the players'
    state = GAME.setup(1, None, {"solo": True})
    text = " ".join(read(state, None).split())
    assert "Bots played by the rules: Ayyubid (" in text and "Turkoman (" in text


def test_random_games_read_legibly_to_every_role_to_their_end() -> None:
    for seed in (1, 3):
        state = GAME.setup(seed, None, None)
        chooser = random.Random(seed)
        while GAME.outcome(state) is None:
            for role in (*state.armies, None):
                view = GAME.view(state, role)
                legible(render_text(view), view["phase_name"])
            role = GAME.active_roles(state)[0]
            state = GAME.apply(state, role, chooser.choice(GAME.legal_actions(state, role)))
        # EndGame: the result is told
        assert "The game is over: " in " ".join(read(state, None).split())


def test_the_sealed_discard_is_told_to_its_holder_by_name_and_to_the_others_as_laid() -> None:
    # VariableSetup.Decks, V6 (docs/third-crusade/variable-setup.md): face down until all have chosen
    state = start("variable_two_angevin_ayyubid")
    assert state.variable is not None
    card = sorted(state.variable["hands"]["angevin"])[0]
    name = pack_at(None).board.regions[card].name
    GAME.apply_in_place(state, "angevin", ("discard", card))
    own = " ".join(read(state, "angevin").split())
    assert f"Laid face down, sealed until all have chosen: {name}." in own
    for other in ("ayyubid", None):
        text = " ".join(read(state, other).split())
        assert "Has laid an Objective Card face down." in text
        assert "sealed until all have chosen" not in text
    legible(read(state, "ayyubid"), "an Objective Card laid face down")


def _one_back(option: bool) -> State:
    """The 4-player set-up (the Turkoman's first Infantry Section emptied by R13, its second short
    of one), then a Turkoman Infantry lost in a Battle going home (``Battle.Losses.Count``)."""
    state = GAME.setup(1, "four", {"refill_chosen_section": option})
    state.stack.clear()
    pieces.home(state, "turkoman:infantry")
    bot_play.settle(state)
    return state


def test_each_sections_units_are_shown_with_the_option() -> None:
    # R13, refill_chosen_section, Upkeep.4.A: which Section a Unit fills changes the supply asked,
    # so every player sees each Army's Units by Section, the supply a Section not full asks, and a
    # Unit waiting for its owner's choice; without the option the board shows counts per type
    board = pack_at(None).orders.board
    first, second = board.of("infantry")[:2]
    assert "sections" not in GAME.view(_one_back(False), None)["armies"]["turkoman"]
    assert "Units by Section" not in read(_one_back(False), None)
    state = _one_back(True)
    for role in (None, "angevin", "turkoman"):
        seen = GAME.view(state, role)["armies"]["turkoman"]["sections"]
        assert seen == {"held": list(state.sections["held"]["turkoman"]), "returning": ["infantry"]}
    assert seen["held"][:2] == [0, second.size - 1]  # R13: Units left from the leftmost first
    text = " ".join(read(state, "angevin").split())
    turkoman = text[text.index("Turkoman (Muslim)") :]
    expected = f"Infantry 0/{first.size} (supply {first.supply}), {second.size - 1}/{second.size} (supply"
    assert expected in turkoman and "waiting for a Section: 1 Infantry" in turkoman
    legible(read(state, "turkoman"), GAME.view(state, None)["phase_name"])
    GAME.apply_in_place(state, "turkoman", ("section", first.id))
    text = " ".join(read(state, None).split())
    turkoman = text[text.index("Turkoman (Muslim)") :]
    assert f"Infantry 1/{first.size} (supply {first.supply}), {second.size - 1}/{second.size}" in turkoman
    assert "waiting for a Section" not in turkoman
