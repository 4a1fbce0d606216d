"""What a new player reads in the terminal (issue 15, "Terminal"): possessives of plural side names,
one log line per act for the player who acted, the board printed when it matters and on ``b``,
Player 1 in words, a key to every mark, and the steps of play by their rulebook names."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from outremer.cli.main import cli
from outremer.cli.menu import choices
from outremer.engine.game import Action, Game
from outremer.engine.registry import get_game
from outremer.engine.session import Session
from outremer.games.crusader_rex.views import ADJECTIVE

CR = "crusader-rex"
SETUPS = [(CR, {}), (CR, {"iron_bridge": True, "forced_marches": True}), ("first-crusade", {})]
SETUPS += [("first-crusade", {"teams": True})]
SETUPS += [("four-powers", {}), ("four-powers", {"own_columns": True})]
SETUPS += [("third-crusade", {}), ("kingdom-of-heaven", {})]

PLURAL_POSSESSIVE = re.compile(r"\b\w+s's\b")
"""A possessive built on a plural name: "Saracens's" (issue 15); "the Saracens'" is right."""
SNAKE_ID = re.compile(r"\b[a-z]+_[a-z_]+\b")
"""An internal id such as deploy_franks or combat_hit (issue 15: none reaches the player)."""


def random_states(slug: str, options: dict[str, bool], seed: int) -> Iterator[tuple[Game[Any], Any, str]]:
    """Every decision of a game played at random: the game, the state and the role to act."""
    game = get_game(slug)
    state = game.setup(seed, None, options)
    chooser = random.Random(seed)
    for _ in range(3000):
        if game.outcome(state) is not None:
            return
        role = game.active_roles(state)[0]
        yield game, state, role
        state = game.apply(state, role, chooser.choice(game.legal_actions(state, role)))


@pytest.mark.parametrize(("slug", "options"), SETUPS)
def test_no_possessive_of_a_plural_name_nor_internal_id_in_what_a_player_reads(
    slug: str, options: dict[str, bool]
) -> None:
    # Issue 15: "Saracens's" in the terminal, "phase: deploy_franks" and "combat_hit" shown.
    # Every prompt, menu line, board and log line of random games, for every role and observers.
    read: list[str] = []
    for game, state, role in random_states(slug, options, 1):
        view = game.view(state, role)
        read.append(game.prompt(state, role))
        read.extend(game.describe_action(state, role, a) for a in game.legal_actions(state, role)[:40])
        read.append(game.render_text(view) or "")
        shown = " ".join((game.render_text(view) or "").split())
        assert view["phase_name"] in shown  # the step by its rulebook name
    readers = [*game.roles_for(None, options), None]
    read.extend(entry["text"] for reader in readers for entry in game.log(state, reader))
    assert len(read) > 100
    for text in read:
        assert not PLURAL_POSSESSIVE.search(text), text
        assert not SNAKE_ID.search(text), text


def anonymous_twins(side: str) -> list[str]:
    """The public lines telling the enemy of an act of ``side`` without naming its block or card."""
    adj = ADJECTIVE[side]
    return [
        f"The {side} play a card face down.",
        f"The {side} draw a block.",
        f"The {side} deploy a drawn block at ",
        f"The {side} add a step to a block at ",
        f"The block the {side} drew cannot deploy",
        *(f"A {adj} block {verb} from " for verb in ("moves", "sails", "retreats", "regroups")),
        f"A {adj} block at ",  # eliminated, in winter (8.3) or for good
        f"Manna: a {adj} block",
        f"Forced march: a {adj} block",
    ]


@pytest.mark.parametrize("options", [{}, {"forced_marches": True}])
def test_the_player_who_acted_reads_one_line_per_act(options: dict[str, bool]) -> None:
    # Issue 15: "You play Move 3 face down." and "The Franks play a card face down." for one act.
    # A side reads its own private line only; the enemy and observers read the public one.
    game = get_game(CR)
    states = list(random_states(CR, options, 2))
    _, last, role = states[-1]
    final = game.apply(last, role, random.Random(0).choice(game.legal_actions(last, role)))
    for side in ("Franks", "Saracens"):
        mine = [entry["text"] for entry in game.log(final, side)]
        theirs = [
            entry["text"]
            for reader in ("Franks" if side == "Saracens" else "Saracens", None)
            for entry in game.log(final, reader)
        ]
        for twin in anonymous_twins(side):
            assert not any(text.startswith(twin) for text in mine), (side, twin)
        assert any(text == f"The {side} play a card face down." for text in theirs)
        assert sum(text.endswith(" face down.") and text.startswith("You play ") for text in mine) > 3


def menu_path(session: Session, role: str, action: Action) -> list[int]:
    """The numbers to type at the terminal's menu to take ``action`` (through its groups)."""
    game = session.game
    legal = session.legal_actions(role)
    prefix: tuple[object, ...] = ()
    path = []
    while True:
        lines = choices(legal, prefix, lambda a: game.describe_action(session.state, role, a))
        n, line = next(
            (i, c)
            for i, c in enumerate(lines, start=1)
            if c.action == action or (c.action is None and action[: len(c.prefix)] == c.prefix)
        )
        path.append(n)
        if line.action is not None:
            return path
        prefix = line.prefix


def play(args: list[str], script: list[object], tmp_path: Path) -> str:
    result = CliRunner(mix_stderr=False).invoke(
        cli, ["play", *args, "--save", str(tmp_path / "game.json")], input="".join(f"{x}\n" for x in script)
    )
    assert result.exit_code == 0, result.output
    return result.stdout


def test_the_board_is_printed_when_it_matters_and_on_b(tmp_path: Path) -> None:
    # Issue 15: the whole board was reprinted after every action. A move within the same step
    # prints its log line and the prompt only; the next step with a changed board (the Saracens
    # deployed nomads, the cards are dealt) prints it again, and so does "b".
    session = Session.new(get_game(CR), 5)
    game = session.game
    move = next(  # a move to another seat that keeps within the castle limits (3.1)
        a
        for a in session.legal_actions("Franks")
        if a[0] == "seat"
        and ("done",) in game.legal_actions(game.apply(session.state, "Franks", a), "Franks")
    )
    script: list[object] = [*menu_path(session, "Franks", move)]
    session.act("Franks", move)
    out = play([CR, "--seed", "5"], [*script, "b", *menu_path(session, "Franks", ("done",))], tmp_path)
    deploy = "== 1187, before the first game turn: Frank Deployment (3.1) =="
    before_b, after_b = out.split("Franks> b\n")
    assert before_b.count(deploy) == 1
    assert "takes the seat of" in before_b.split(deploy)[1]  # the move's log line, not the board
    assert after_b.split("Franks> ")[0].count(deploy) == 1  # "b" prints it
    assert "== 1187, game turn 1: Card Play (4.1) ==" in after_b  # a new step, a changed board


def test_undo_and_the_log_of_each_side_name_no_plural_possessive(tmp_path: Path) -> None:
    # Issue 15: "Saracens's". Seed 5: the Saracens are Player 1 and move before the Franks do, so
    # the Franks may not undo: the last action was the Saracens' bot's.
    done = menu_path(Session.new(get_game(CR), 5), "Franks", ("done",))
    out = play([CR, "--seed", "5"], [*done, 1, "u"], tmp_path)  # deploy, play the first card, undo
    assert "Cannot undo: the last action was taken by Saracens." in out
    assert not PLURAL_POSSESSIVE.search(out)
    # The Franks read their card once, in their own words; the Saracens' card is public.
    assert "You play " in out and "The Franks play a card face down." not in out
    assert "The Saracens play a card face down." in out


def test_player_1_is_said_in_words() -> None:
    # Issue 15: "Player 1: -" before the cards are revealed; 4.1: the higher card decides.
    game = get_game(CR)
    session = Session.new(game, 5)
    text = game.render_text(session.view("Franks")) or ""
    assert "Player 1: not yet known (the higher card played face down decides, 4.1)." in text
    assert "Player 1: -" not in text
    session.act("Franks", ("done",))
    session.act("Saracens", ("done",))
    for side in ("Franks", "Saracens"):  # both cards down: they are revealed (4.1)
        session.act(side, session.legal_actions(side)[0])
    view = session.view("Franks")
    assert view["player1"] in ("Franks", "Saracens")
    assert f"Player 1: the {view['player1']}." in (game.render_text(view) or "")


def test_the_key_explains_every_mark_on_the_board() -> None:
    # Issue 15: an unexplained "*" on revealed blocks. Crusader Rex: a revealed block reads
    # "Name* 3/4 B3 m3" (2.11-2.13); The First Crusade: "? Seljuk x2", face-down Muslims (11.0).
    game = get_game(CR)
    state = game.setup(5, None, {})
    state.revealed.add("saladin")
    text = game.render_text(game.view(state, "Franks")) or ""
    board, key = text.split("\nKey: ")
    assert re.search(r"Saladin\* \d/\d [ABC]\d m\d", board)
    for mark in ("* = face up", "3/4", "B3", "m3", "A, then B, then C", "castle limit"):
        assert mark in " ".join(key.split()), mark
    fc = get_game("first-crusade")
    fc_text = fc.render_text(fc.view(fc.setup(5, None, {}), "Christians")) or ""
    fc_board, fc_key = fc_text.split("\nKey: ")
    assert "? Seljuk" in fc_board and "(heavy cavalry 3)" in fc_board
    for mark in ("? Seljuk x2", "face-down Muslim", "combat factor", "1d6"):
        assert mark in " ".join(fc_key.split()), mark


@pytest.mark.parametrize(("slug", "options"), SETUPS)
def test_the_board_fits_a_terminal_80_wide(slug: str, options: dict[str, bool]) -> None:
    # The boards wrap themselves so that a narrow terminal does not cut a block or unit in two.
    for n, (game, state, role) in enumerate(random_states(slug, options, 3)):
        if n % 25 == 0:
            for line in (game.render_text(game.view(state, role)) or "").splitlines():
                assert len(line) <= 80, line


def test_the_team_game_board_names_the_players() -> None:
    # 37.0: in the team game each player reads who plays and whose Action is under way.
    game = get_game("first-crusade")
    state = game.setup(3, None, {"teams": True})
    role = game.active_roles(state)[0]
    text = " ".join((game.render_text(game.view(state, role)) or "").split())
    assert "Team game (37.0): Crusaders, Byzantines, Armenians." in text
