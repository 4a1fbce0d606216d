"""The terminal asks before an action the title warns of (Game.warning), on a First Crusade game."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from outremer.cli.main import cli
from outremer.cli.menu import choices
from outremer.engine import load_record
from outremer.engine.session import Session
from outremer.games.first_crusade.game import FirstCrusade
from outremer.games.first_crusade.state import PLAYER

MARCH = ("march", "constantinople")
GO = ("go",)


def number(session: Session, action: tuple[object, ...]) -> int:
    """The menu number the terminal shows for ``action``."""
    game = session.game
    lines = choices(
        session.legal_actions(PLAYER), (), lambda a: game.describe_action(session.state, PLAYER, a)
    )
    return next(i for i, line in enumerate(lines, start=1) if line.action == action)


def test_a_warned_action_is_taken_only_on_yes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # 10.1(1), ruling MV-21: the march from Constantinople takes Byzantines and Crusaders alike;
    # going out with both asks first. "n" (or anything but yes) takes nothing; "y" goes.
    monkeypatch.chdir(tmp_path)
    seed, session = next(  # a game whose first choice is an Action (no Random Event to settle)
        (seed, session)
        for seed, session in ((n, Session.new(FirstCrusade(), n)) for n in range(1, 50))
        if MARCH in session.legal_actions(PLAYER)
    )
    march = number(session, MARCH)
    session.act(PLAYER, MARCH)
    go = number(session, GO)
    assert session.game.warning(session.state, PLAYER, GO) is not None
    save = tmp_path / "game.json"
    script = f"{march}\n{go}\nn\n{go}\n\n{go}\ny\n"
    result = CliRunner(mix_stderr=False).invoke(
        cli, ["play", "first-crusade", "--seed", str(seed), "--save", str(save)], input=script
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.count("Warning: 10.1(1)") == 3
    assert out.count("Not taken: choose again.") == 2
    assert load_record(save).actions == [(PLAYER, MARCH), (PLAYER, GO)]
