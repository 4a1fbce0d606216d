"""The Third Crusade state (docs/writing-a-title.md, section 2): plain JSON data that reads back as
it was written, copies that share nothing that changes, and saves that cannot be read refused."""

from __future__ import annotations

import json

import pytest

from outremer.engine.errors import BadSave
from outremer.games.third_crusade.common import data
from outremer.games.third_crusade.state import State

from .play import GAME, snapshot, start, through
from .texts import REPO, copied_runs, rulebook_text


@pytest.mark.parametrize("scenario", list(GAME.scenarios))
def test_a_state_reads_back_from_json_as_it_was(scenario: str) -> None:
    state = start(scenario)
    through(state, "strategy_place", "strategy_pick")  # cards laid and picked: every field in use
    text = json.dumps(state.to_json())
    back = GAME.from_json(json.loads(text))
    assert json.dumps(back.to_json()) == text


def test_a_copy_shares_nothing_that_changes() -> None:
    state = start("four")
    copy = state.copy()
    region = next(iter(copy.regions))
    copy.regions[region]["slots"][0] = "sabotage"
    copy.tracks["angevin"]["current"] += 5
    copy.event_decks["hre"]["1190"].pop()
    copy.stack[-1]["roles"].append("nobody")
    copy.regions[region]["resources"].append([0, "gold"])
    copy.placed.setdefault(region, {})["crusader"] = {"army": "angevin", "order": "x", "up": False}
    assert snapshot(state) == snapshot(start("four"))
    placed = start("four")
    placed.placed[region] = {"crusader": {"army": "angevin", "order": "x", "up": False}}
    again = placed.copy()
    again.placed[region]["crusader"]["up"] = True  # Command.Order.After: the copy's Order turns up
    assert placed.placed[region]["crusader"]["up"] is False


def test_a_save_whose_regions_or_orders_are_malformed_is_refused() -> None:
    saved = start("four").to_json()
    region = next(iter(saved["regions"]))
    broken = json.loads(json.dumps(saved))
    del broken["regions"][region]["destroyed_ports"]
    with pytest.raises(BadSave, match="regions"):
        GAME.from_json(broken)
    broken = json.loads(json.dumps(saved))
    broken["placed"] = {region: {"crusader": {"army": ["angevin"]}}}
    with pytest.raises(BadSave, match="placed"):
        GAME.from_json(broken)


def test_a_save_of_another_format_or_with_an_unknown_procedure_is_refused() -> None:
    saved = start("plutorial").to_json()
    with pytest.raises(BadSave, match="format"):
        GAME.from_json({**saved, "format": "outremer/four-powers/state/1"})
    broken = json.loads(json.dumps(saved))
    broken["stack"][-1]["kind"] = "bot_turn"  # not built: no procedure of that kind
    with pytest.raises(BadSave, match="bot_turn"):
        GAME.from_json(broken)
    with pytest.raises(BadSave, match="glory"):
        GAME.from_json({k: v for k, v in saved.items() if k != "glory"})


def test_the_state_declares_a_field_for_every_part_of_the_table() -> None:
    state = start("four")
    assert isinstance(state, State)
    # BoardSetup.1: 4 players use both map boards, every Region on them in the state
    assert set(state.regions) == set(data(state).board.in_play(north=True))


def test_no_module_of_the_rules_layer_copies_the_rulebook() -> None:
    modules = (
        "state",
        "setup",
        "variable_setup",
        "initiative",
        "common",
        "rounds",
        "strategy",
        "planning",
        "command",
        "turns",
        "victory",
        "views",
        "diplomacy",
        "upkeep",
        "endgame",
        "control",
        "event",
        "order",
        "steps",
        "marches",
        "pieces",
        "battle",
        "battle_strength",
        "battle_moves",
    )
    rulebook = rulebook_text()
    package = REPO / "outremer" / "games" / "third_crusade"
    for module in modules:
        assert copied_runs((package / f"{module}.py").read_text(encoding="utf-8"), rulebook) == [], module
    assert (
        copied_runs((REPO / "docs" / "third-crusade" / "rules.md").read_text(encoding="utf-8"), rulebook)
        == []
    )


def test_a_save_of_format_2_reads_as_format_3_without_sections() -> None:
    # R13: a save made before the option refill_chosen_section and the Units per Section is read
    # with the option off and no Section kept, and plays on as the same game
    state = start("four")
    old = state.to_json()
    old["format"] = "outremer/third-crusade/state/2"
    del old["sections"]
    del old["options"]["refill_chosen_section"]
    read = State.from_json(old)
    assert read.sections is None and read.options["refill_chosen_section"] is False
    assert json.dumps(read.to_json(), sort_keys=True) == snapshot(state)
    role = GAME.active_roles(read)[0]
    GAME.apply_in_place(read, role, GAME.legal_actions(read, role)[0])
