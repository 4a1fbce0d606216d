"""What the player sees: the terminal board (render.py), the board description for the browser
(game.board, game.web_dir), and that a face-down Muslim (11.0) is never named in either."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import pytest

from outremer.engine import rng
from outremer.games.first_crusade import combat, views
from outremer.games.first_crusade.board import load_board
from outremer.games.first_crusade.positions import battle_before_the_reveal, position
from outremer.games.first_crusade.procedures import PROCEDURES
from outremer.games.first_crusade.render import render_text
from outremer.games.first_crusade.state import BIN, PLAYER, State

B = load_board()


class _Game:
    """Stands for the game in views.view, which asks it for the prompt only."""

    def prompt(self, state: State, role: str | None) -> str:
        return PROCEDURES.prompt(state, PLAYER)


def view(state: State) -> dict[str, Any]:
    return views.view(_Game(), state, PLAYER)


def text(state: State) -> str:
    return render_text(view(state))


def first_crusade() -> Any:
    """The game, once every rules module it imports is in place."""
    return pytest.importorskip("outremer.games.first_crusade.game", exc_type=ImportError).FirstCrusade()


# -- the terminal board -------------------------------------------------------------------------------
def test_render_shows_turn_step_and_indexes() -> None:
    # 8.1 the turn and step, 27.1 the Reaction Level, 12.2 the Special Actions, 12.1 actions left.
    s = position({"godfrey": "constantinople"}, turn=4, reaction=2, special=3, actions=2, stage="special")
    out = text(s)
    assert "1098 Summer: Special Actions" in out
    assert "Muslim Reaction: II Medium" in out
    assert "Special Actions: 3" in out and "actions left: 2" in out


def test_render_lists_occupied_spaces_with_their_units() -> None:
    # 4.2: name, kind, factor on the side up; reduced units marked; empty spaces left out.
    s = position(
        {"godfrey": "nicaea", "crusader_foot_1": "nicaea", "stephen": "dorylaeum"},
        reduced=["crusader_foot_1"],
    )
    out = text(s)
    assert "  Nicaea (fortress)" in out
    assert "Godfrey of Bouillon (military leader 3)" in out
    assert "Foot I (heavy infantry 1, reduced)" in out
    assert "Stephen of Blois (diplomatic leader 2)" in out
    assert "Philomelium" not in out


def test_render_shows_face_down_muslims_by_contingent_only() -> None:
    # 11.0: a concealed unit shows its contingent; face up, its name.
    s = position({"seljuk_militia_1": "nicaea", "seljuk_militia_19": "nicaea", "kilij_arslan": "nicaea"})
    out = text(s)
    assert "Seljuk: ? Seljuk x3" in out
    assert "Militia" not in out and "Kilij" not in out
    s.revealed.add("kilij_arslan")
    assert "Kilij Arslan (military leader 3), ? Seljuk x2" in text(s)


def test_face_down_muslims_are_never_named_in_the_view() -> None:
    # 11.0: the view holds only the contingent of a concealed unit.
    s = position({"seljuk_militia_1": "nicaea", "al_afdal": "ascalon", "godfrey": "dorylaeum"})
    data = json.dumps(view(s))
    for unit in ("seljuk_militia_1", "al_afdal"):
        assert unit not in data and B.counters[unit].name not in data
    assert view(s)["spaces"]["ascalon"] == [{"hidden": True, "contingent": "fatimid"}]


def test_render_marks_buildings_sieges_and_massacres() -> None:
    # 33.0 Camps, Castles, Monasteries; 34.0 Siege and 34.6 Massacre markers, also where no unit is.
    s = position(
        {"godfrey": "dorylaeum", "tancred": "tyre", "seljuk_militia_1": "tyre"},
        flags={"sieges": ["tyre"], "massacres": ["acre"]},
    )
    s.camps.append("dorylaeum")
    s.castles.append("juliopolis")
    s.monasteries.append("philomelium")
    out = text(s)
    assert "  Dorylaeum (open, Camp)" in out
    assert "  Juliopolis (open, Castle)" in out
    assert "  Philomelium (town, Monastery)" in out
    assert "  Tyre (fortress, port, SIEGE)" in out
    assert "  Acre (fortress, port, Massacre)" in out
    assert "Buildings to build: 3 Camp(s), 2 Castle/Monastery counter(s)" in out


def test_render_shows_available_markers_bins_and_flags() -> None:
    # 13.2 Available box, 3.5 Bins, 3.2 Eliminated Leaders, 30.1 Armenia, 27.10 Fatimids, 32.2.
    s = position(
        {"godfrey": "constantinople"},
        available=["deus_vult", "byzantine_guides"],
        flags={"armenia": True, "fatimid_jerusalem": True},
    )
    s.loc["tancred"] = "eliminated"
    out = text(s)
    assert "Pilgrimage markers Available: Deus Vult (sword), Byzantine Guides (eye/wagon)" in out
    assert f"Pilgrimage {len(B.pilgrimage) - 2}" in out
    assert "Eliminated Christian leaders: Tancred" in out
    assert "Armenia is activated" in out and "the Fatimids have taken Jerusalem" in out


def test_render_says_when_the_game_is_over() -> None:
    s = position({"godfrey": "jerusalem"})
    s.result = {"winners": [PLAYER], "reason": "Sudden death: Jerusalem and every fortress held", "vp": 44}
    s.stack = []
    assert text(s).endswith("Game over: Sudden death: Jerusalem and every fortress held (44 VP).")


# -- the browser's board --------------------------------------------------------------------------------
def test_board_lists_every_space_and_path() -> None:
    game = first_crusade()
    board = game.board()
    assert [s["id"] for s in board["spaces"]] == list(B.spaces)
    assert {(p["a"], p["b"]) for p in board["paths"]} == {(p.a, p.b) for p in B.paths.values()}
    nicaea = next(s for s in board["spaces"] if s["id"] == "nicaea")
    assert set(nicaea) == {"id", "name", "kind", "fortress", "port", "lat", "lon", "routes", "armenia"}
    assert nicaea["routes"] == ["central"] and nicaea["kind"] == "fortress"
    gates = next(p for p in board["paths"] if p["name"] == "Cilician Gates")
    assert gates["kind"] == "pass"
    assert json.loads(json.dumps(board)) == board


def test_web_dir_holds_the_drawing_and_render_text_is_the_terminal_board() -> None:
    game = first_crusade()
    assert (game.web_dir() / "board.js").is_file()
    s = position({"godfrey": "constantinople"})
    assert game.render_text(view(s)) == text(s)


# -- the battle under way ------------------------------------------------------------------------------
def rolls(*faces: int) -> int:
    """A generator value whose next dice come up ``faces``."""
    for start in range(3_000_000):
        holder = SimpleNamespace(rng=start)
        if all(rng.d6(holder) == f for f in faces):
            return start
    raise AssertionError(f"no generator value gives {faces}")


def test_no_battle_in_the_view_outside_a_battle() -> None:
    assert view(position({"godfrey": "nicaea"}))["battle"] is None


def test_a_battle_before_the_reveal_shows_face_down_muslims_by_contingent_only() -> None:
    # 23.0: the battle, where and who attacks; 11.0: until 23.1(2) reveals them, the Muslims in it
    # are face down and show only their contingent.
    s = battle_before_the_reveal()
    b = view(s)["battle"]
    assert b["space"] == "nicaea" and b["attacker"] == "christian" and b["stage"] == "boons"
    assert b["round"] == 0 and b["rounds"] == 0 and b["edge"] is None and b["hits"] == 0
    assert b["fortress"] and b["siege"] is None and b["dice"] == []
    assert [u["id"] for u in b["units"]["christian"]] == ["godfrey", "crusader_foot_1"]
    assert b["units"]["muslim"] == [{"hidden": True, "contingent": "seljuk"}] * 2
    data = json.dumps(b)
    for unit in ("kilij_arslan", "seljuk_militia_1"):
        assert unit not in data and B.counters[unit].name not in data
    assert s.log[b["log_from"]][0] == "23.0"


def test_a_battle_lists_known_muslims_before_face_down_ones_whichever_they_are() -> None:
    # 11.0: the order of a side's units must not tell which face-down counters stand in the battle.
    s = position({"godfrey": "nicaea", "kerbogha": "nicaea", "kilij_arslan": "nicaea"}, revealed=["kerbogha"])
    combat.start_battle(s, "nicaea", "christian", reinforce=False)
    before = view(s)["battle"]
    assert [u.get("id") for u in before["units"]["muslim"]] == ["kerbogha", None]
    s.loc["kilij_arslan"], s.loc["seljuk_militia_2"] = BIN, "nicaea"
    assert view(s)["battle"] == before


def test_a_battle_in_its_rounds_shows_edge_rounds_hits_and_the_last_roll() -> None:
    # 23.1(2) the Muslims revealed; 23.1(3) the Edge, Christians 1+1 (Godfrey) against 6+1 (Kilij
    # Arslan); 23.1(4) three rounds in the open; 23.2 the Muslims fire first, 1 1 6: two hits for the
    # Christians to place (23.3).
    s = position(
        {
            "godfrey": "dorylaeum",
            "crusader_foot_1": "dorylaeum",
            "kilij_arslan": "dorylaeum",
            "seljuk_militia_1": "dorylaeum",
            "seljuk_militia_2": "dorylaeum",
        }
    )
    s.rng = rolls(1, 6, 3, 1, 1, 6)
    combat.start_battle(s, "dorylaeum", "christian", reinforce=False)
    PROCEDURES.settle(s)
    b = view(s)["battle"]
    assert b["stage"] == "hits" and b["edge"] == "muslim"
    assert b["round"] == 1 and b["rounds"] == 3 and not b["fortress"]
    assert b["hits"] == 2 and b["hits_on"] == "christian"
    assert b["dice"] == [1, 1, 6]
    assert [u["name"] for u in b["units"]["muslim"]] == ["Kilij Arslan", "Militia 1", "Militia 2"]
    assert views.log_entries(s, b["log_from"])[0]["text"].startswith("Battle in Dorylaeum")


def test_a_fortress_battle_is_one_round() -> None:
    # 23.5: a battle in a fortress lasts one round, with no die for it: after the Edge (1+1 against
    # 6) the Muslims fire 1 1, and the Christians place two hits in round 1 of 1.
    s = position(
        {
            "godfrey": "nicaea",
            "crusader_foot_1": "nicaea",
            "seljuk_militia_1": "nicaea",
            "seljuk_militia_2": "nicaea",
        }
    )
    s.rng = rolls(1, 6, 1, 1)
    combat.start_battle(s, "nicaea", "christian", reinforce=False)
    PROCEDURES.settle(s)
    b = view(s)["battle"]
    assert b["stage"] == "hits" and b["hits"] == 2 and b["dice"] == [1, 1]
    assert b["fortress"] and b["rounds"] == 1 and b["round"] == 1


def test_the_view_shows_the_innermost_battle() -> None:
    # 23.0: a battle inside another procedure; the last one started is the one being fought.
    s = position({"godfrey": "nicaea", "seljuk_militia_1": "nicaea", "tancred": "tarsus"})
    combat.start_battle(s, "nicaea", "christian", reinforce=False)
    combat.start_battle(s, "tarsus", "muslim", reinforce=False, cause="27.4")
    b = view(s)["battle"]
    assert b["space"] == "tarsus" and b["attacker"] == "muslim" and b["cause"] == "27.4"
    assert b["units"]["muslim"] == [] and [u["id"] for u in b["units"]["christian"]] == ["tancred"]
