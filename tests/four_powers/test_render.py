"""The terminal's board (render.py) on views of positions built for the purpose: the contract every
title's text meets (lines of 80 characters at most, a piece never split, the step by its rulebook
name, a key to every mark, no internal id: docs/writing-a-title.md, section 10), what it shows of
the board, the columns, the factions and a Conflict, and what it must never show (Gold, Faith,
hands and sealed choices of the others: PlayerSetup.6, Battle.7-8)."""

from __future__ import annotations

import re
from typing import Any

from outremer.games.four_powers import positions
from outremer.games.four_powers.game import FourPowers
from outremer.games.four_powers.pack import load_pack
from outremer.games.four_powers.procedures import PROCEDURES
from outremer.games.four_powers.render import render_text
from outremer.games.four_powers.setup import new_game
from outremer.games.four_powers.state import BLUFF, BYZANTINES, CALIPHATE, CRUSADERS, SELJUK, State

GAME = FourPowers()
PACK = load_pack()
SNAKE_ID = re.compile(r"\b[a-z]+_[a-z_]+\b")
CARD_ID = re.compile(r"\bc\d\d\b")


def text(state: State, role: str | None) -> str:
    return render_text(GAME.view(state, role))


def check_contract(board: str, view: dict[str, Any]) -> None:
    """The terminal's contract (docs/writing-a-title.md, section 10; tests/cli/test_terminal.py)."""
    for line in board.splitlines():
        assert len(line) <= 80, line
    assert view["phase_name"] in " ".join(board.split())
    assert not SNAKE_ID.search(board), SNAKE_ID.search(board)
    assert not CARD_ID.search(board), CARD_ID.search(board)
    assert "\nKey: " in board


def one_line(board: str, piece: str) -> bool:
    """Whether ``piece`` stands whole on one line of ``board``."""
    return any(piece in line for line in board.splitlines())


def crowded() -> State:
    """A 2nd-Crusade board with every City full, buildings everywhere and the columns stacked."""
    s = positions.position("four")
    s.crusade, s.round, s.round_card = 2, 4, "round_x"
    s.in_play = list(PACK.board.locations)
    roles = [CRUSADERS, BYZANTINES, CALIPHATE, SELJUK]
    for i, loc in enumerate(PACK.board.locations):
        levels = [roles[(i + k) % 4] for k in range(4)]  # R11b: three columns and the control level
        positions.influence(s, loc, levels, control=levels[-1])
        positions.support(s, loc, {r: 1 + (i + j) % 3 for j, r in enumerate(roles)})
    s.churches["jerusalem"] = [CRUSADERS, CALIPHATE]
    s.citadels["jerusalem"] = s.influence["jerusalem"][-1]
    s.fortresses["iconium_antiocheia"] = BYZANTINES
    s.tracks[BYZANTINES]["fortress"] = 2
    s.stock[BYZANTINES]["fortress"] = 2
    positions.column(s, "development", ["c01", "c02", "c03"])
    positions.column(s, "movement", ["c04", "c05", "c06"])
    positions.hand(s, CRUSADERS, ["c10", "c11", "c12"])
    positions.hand(s, SELJUK, ["c40", "c41", "c42"])
    positions.purse(s, CRUSADERS, 7, 2)
    positions.purse(s, SELJUK, 83, 71)
    positions.turn(s, CRUSADERS)
    return s


def test_the_start_of_a_game_reads_in_rulebook_words() -> None:
    # Setup.2-8, Draft.1-2: the Cities of the 1st Crusade with their starting Influence, Damascus
    # and Aleppo beside the board, and the viewer's draft cards by name.
    s = new_game(3, "four", {})
    view = GAME.view(s, CRUSADERS)
    board = render_text(view)
    check_contract(board, view)
    assert board.startswith("== 1st Crusade, before the first round: The opening draft (Draft.2) ==")
    for loc in PACK.board.in_play(False):
        assert f"  {PACK.board.locations[loc].name}: " in board
    assert "Damascus, Aleppo." in board  # Setup.2: they wait beside the board
    assert "  Damascus: " not in board
    for cid in s.draft["hands"][CRUSADERS]:
        assert one_line(board, PACK.cards[cid].name)
    assert "Your draft, pick 1" in board
    # Setup.8 (the Crusaders' starting Influence and Support), Locations.Anatomy.4-6.
    iconium = PACK.cities["iconium"].sides["four"]
    held = s.influence["iconium"]
    first = f"{held[0] or '-'} {iconium.costs[0]}/{iconium.income[0]}"
    assert one_line(board, f"Iconium: {first} > ")
    assert one_line(board, f"Support: Crusaders {s.support['iconium'][CRUSADERS]}")


def test_a_crowded_board_keeps_every_piece_whole_within_80_columns() -> None:
    # Every City in play with its four levels held (R11b), Support of four factions, a Church and a Mosque,
    # a Citadel and a Fortress, full columns (docs/writing-a-title.md, section 10).
    s = crowded()
    for role in [*s.players, None]:
        view = GAME.view(s, role)
        check_contract(render_text(view), view)
    board = text(s, CRUSADERS)
    assert board.startswith("== 2nd Crusade, round 4 (Round X): ")
    assert "Waiting beside the board" not in board  # EndCrusade.3: all nine in play
    for loc in PACK.board.locations:
        side = PACK.cities[loc].sides["four"]
        for i, holder in enumerate(s.influence[loc]):
            top = " (top)" if i == 3 else ""
            assert one_line(board, f"{holder} {side.costs[i]}/{side.income[i]}{top}"), (loc, i)
        assert one_line(board, f"control: {s.control[loc]}.")
        assert f"(top); control: {s.control[loc]}." in " ".join(board.split())
    assert one_line(board, "Church of the Crusaders") and one_line(board, "Mosque of the Caliphate")
    assert one_line(board, f"Citadel of the {s.citadels['jerusalem']}")
    assert one_line(board, "Byzantines between Iconium and Antiocheia")
    # Buildings.Fortress.2, R3b: the Byzantine Fortress track at its third space, value 2.
    assert one_line(board, f"Fortress at 3 of 4 ({PACK.tracks['fortress'].values[2]} Strength)")
    assert "to build: 3 Churches, 2 Fortresses, 3 Citadels" in " ".join(board.split())


def test_the_columns_show_the_costs_to_pay_and_the_benefits_showing() -> None:
    # Development.1: a card played there pays every Cost in the column; Movement.1: each card
    # shows its upper Benefit, the newest its lower one too.
    s = crowded()
    board = " ".join(text(s, CRUSADERS).split())
    costs = sum(PACK.cards[c].cost for c in ("c01", "c02", "c03"))
    assert f"a card played here costs {costs} Gold more" in board
    showing: dict[str, int] = {}
    for i, c in enumerate(("c04", "c05", "c06")):
        benefits = PACK.cards[c].benefits
        for b in benefits if i == 2 else benefits[:1]:
            showing[b] = showing.get(b, 0) + 1
    names = {"gold": "Gold", "faith": "Faith", "footman": "Footm", "tower": "Siege Tower", "knight": "Knight"}
    said = board.split("Movement: ")[1].split("Benefits showing: ")[1].split(".")[0]
    for b, n in showing.items():
        assert f"{n} {names[b]}" in said, (b, said)
    assert said.count(",") == len(showing) - 1


def test_another_factions_gold_faith_and_hand_are_never_printed() -> None:
    # PlayerSetup.6: Gold and Faith behind the screen; hands hidden. The Seljuk hold 83 Gold and
    # 71 Faith: the Crusaders read neither, and a twin game where the Seljuk hold other cards and
    # other Gold reads the same to them; the Seljuk read their own.
    s = crowded()
    board = text(s, CRUSADERS)
    assert "Gold 7, Faith 2" in board  # the viewer's own
    assert "83" not in board and "71" not in board
    for cid in ("c40", "c41", "c42"):
        assert PACK.cards[cid].name not in board
    for cid in ("c10", "c11", "c12"):
        assert one_line(board, PACK.cards[cid].name)
    twin = s.copy()
    positions.hand(twin, SELJUK, ["c43", "c44", "c45"])
    positions.purse(twin, SELJUK, 2, 0)
    assert text(twin, CRUSADERS) == board
    assert text(twin, None) == text(s, None)
    assert "Gold 83, Faith 71" in text(s, SELJUK)
    observer = " ".join(text(s, None).split())
    assert "Your hand" not in observer and observer.count("Gold and Faith hidden") == 4


def test_the_key_explains_every_mark_on_the_board() -> None:
    # Issue 15: a mark nobody explains. The level (holder cost/income), the order of levels, an
    # empty level, the controlling level, an Upgrade marker's space and a die's face.
    s = crowded()
    s.influence["tripoli"][0] = None
    board, key = text(s, CRUSADERS).split("\nKey: ")
    key = " ".join(key.split())
    assert re.search(r"Crusaders \d/\d", board) and " > " in board and " - " in board
    for mark in ("Crusaders 2/1 =", "> = the next level up", "- = an empty level", "(top) ="):
        assert mark in key, mark
    assert "at 1 of 4 = where an Upgrade marker stands" in key
    assert "(Strength 1 and 1 Wound) = the face of one die" in key
    assert f"Church or Mosque {PACK.tracks['church'].stars[0] + 1}" in key  # R3b: the star


def battle() -> State:
    """The Seljuk attack the Byzantines in Antiocheia (Battle); nobody can reinforce or ally."""
    s = positions.position("four")
    for loc in PACK.board.locations:
        positions.support(s, loc, {})
    positions.support(s, "antiocheia", {SELJUK: 2, BYZANTINES: 1})
    s.churches["antiocheia"] = [BYZANTINES]  # Buildings.Church.3: a reroll keeps the Battle open
    positions.hand(s, SELJUK, ["c33", "c34", "c37"])
    positions.hand(s, BYZANTINES, ["c07", "c44", "c45"])
    s.units[SELJUK]["footman"] = 3
    PROCEDURES.push(s, "conflicts", roles=[SELJUK], role=SELJUK, left=1)
    PROCEDURES.settle(s)
    PROCEDURES.perform(s, SELJUK, ("battle", "antiocheia", BYZANTINES))
    return s


def test_a_battle_shows_what_is_revealed_and_only_that_a_sealed_choice_was_made() -> None:
    # Battle.7: the leaders lay a card face down; the other sees only that it was laid.
    s = battle()
    assert PROCEDURES.deciders(s) == (SELJUK, BYZANTINES)
    PROCEDURES.perform(s, SELJUK, ("commit_card", "c34"))
    mine, theirs = text(s, SELJUK), text(s, BYZANTINES)
    for board, role in ((mine, SELJUK), (theirs, BYZANTINES)):
        check_contract(board, GAME.view(s, role))
        assert "Battle in Antiocheia: the attacker Seljuk, no Ally; the Defender Byzantines" in board
        assert "Cards laid face down: Seljuk." in board
    card = PACK.cards["c34"].name
    assert f"You laid {card} face down." in mine
    assert card not in theirs and "You laid" not in theirs
    # Battle.8: the closed hands, sealed the same way.
    PROCEDURES.perform(s, BYZANTINES, ("commit_card", BLUFF))
    PROCEDURES.perform(s, SELJUK, ("commit", 2, 0, 0))
    assert "Your closed hand: 2 Footmen, 0 Knights, 0 Faith." in text(s, SELJUK)
    assert "Hands closed: Seljuk." in text(s, BYZANTINES)
    assert "Your closed hand" not in text(s, BYZANTINES)
    PROCEDURES.perform(s, BYZANTINES, ("commit", 0, 0, 0))
    PROCEDURES.settle(s)
    # Battle.9-10: the cards and Units revealed, the dice rolled: public.
    frame = next(f for f in s.stack if f["kind"] == "battle")
    board = " ".join(text(s, CALIPHATE).split())
    assert f"Seljuk: cards {card} (Strength {PACK.cards['c34'].strength}); Units 2 Footmen" in board
    assert "Byzantines: cards Bluff (Strength 0)" in board
    for role, faces in frame["dice"].items():
        shown = []
        for i in faces:
            f = PACK.die[i]
            parts = ([f"Strength {f.strength}"] if f.strength else []) + (
                [f"{f.wounds} Wound{'s' if f.wounds != 1 else ''}"] if f.wounds else []
            )
            shown.append(f"({' and '.join(parts) or 'blank'})")
        assert f"dice {' '.join(shown)}" in board, role


def test_the_end_of_the_game_names_the_winners_and_the_score() -> None:
    # EndGame, Victory: the result with every faction's VP.
    s = positions.position("two-crusaders-seljuk")
    s.vp = {CRUSADERS: 12, SELJUK: 9}
    s.result = {"winners": [CRUSADERS], "reason": "Crusaders has the most VP (12)", "scores": dict(s.vp)}
    view = GAME.view(s, SELJUK)
    board = render_text(view)
    check_contract(board, view)
    assert "Game over: Crusaders has the most VP (12). Winners: Crusaders." in " ".join(board.split())
    assert one_line(board, "Crusaders 12 VP") and one_line(board, "Seljuk 9 VP")
    # Players.1, R11b: the two-column side, two columns and the control level a City.
    side = PACK.cities["jerusalem"].sides["two"]
    assert len(side.costs) == 3
    assert one_line(board, f"> - {side.costs[2]}/{side.income[2]} (top)")


def test_the_action_under_way_names_its_card_and_the_effect_left_to_use() -> None:
    # Actions.3: a card of the player's affiliation offers its effect before or after the action;
    # one of another faction's offers none.
    s = positions.position("four")
    positions.purse(s, CRUSADERS, 9)
    positions.action(s, CRUSADERS, "presence", "c01", effect=True)  # Deus Vult, the Crusaders'
    board = " ".join(text(s, CRUSADERS).split())
    assert "Under way: the Presence action of the Crusaders with Deus Vult;" in board
    assert "its effect (not yet used, Actions.3): Gain 2 Footmen." in board
    other = positions.position("four")
    positions.action(other, CRUSADERS, "development", "c01", effect=False)
    board = " ".join(text(other, CALIPHATE).split())
    assert "Under way: the Development action of the Crusaders with Deus Vult." in board
    assert "its effect" not in board
