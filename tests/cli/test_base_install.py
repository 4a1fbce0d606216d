"""Issue 13: the base install (``pip install .``, no extras) runs every command; what needs an extra
says which one, in one line. The packages of the extras are hidden from a fresh interpreter here;
``make smoke`` (tests/smoke/base_install.py) checks the same on a real clean install."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from outremer.cli.main import cli

EXTRAS = ("numpy", "gymnasium", "pettingzoo", "ray")
"""The packages only the extras install (rl: the first three; cluster: Ray)."""

HIDE_EXTRAS = f"import sys\nfor name in {EXTRAS!r}:\n    sys.modules[name] = None  # import fails\n"


def without_extras(code: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a new interpreter in which no package of an extra can be imported."""
    return subprocess.run(
        [sys.executable, "-c", HIDE_EXTRAS + code],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_commands_and_a_tournament_with_ratings_run_without_the_extras(tmp_path: Path) -> None:
    # The tournament prints ratings (bots/ratings.py), which must not need NumPy.
    done = without_extras(
        "from outremer.cli.main import cli\n"
        "cli(['tournament', 'crusader-rex', '--bots', 'random,scripted', '--games', '1', '--workers', '1'],"
        " prog_name='outremer')\n",
        tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert "Ratings (Elo)" in done.stdout and "scripted" in done.stdout
    loaded = without_extras(
        "import outremer.cli.main, outremer.server.app, outremer.bots.tournament\n"
        f"print(sorted(name for name in {EXTRAS!r} if sys.modules[name] is not None))\n",
        tmp_path,
    )
    assert loaded.returncode == 0, loaded.stderr
    assert loaded.stdout.strip() == "[]"


def test_the_learning_environments_name_their_extra_in_one_line(tmp_path: Path) -> None:
    done = without_extras("import runpy\nrunpy.run_module('outremer.rl', run_name='__main__')\n", tmp_path)
    assert done.returncode == 1
    assert done.stderr.strip() == (
        "outremer.rl needs the rl extra (PettingZoo, Gymnasium, NumPy): pip install 'outremer[rl]'"
    )
    used = without_extras("from outremer import rl\nrl.env('crusader-rex')\n", tmp_path)
    assert used.returncode == 1
    assert "ModuleNotFoundError: outremer.rl needs the rl extra" in used.stderr
    assert "pip install 'outremer[rl]'" in used.stderr


def test_ray_names_its_extra_in_one_line_before_anything_is_played(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    result = CliRunner(mix_stderr=False).invoke(
        cli, ["tournament", "crusader-rex", "--bots", "random", "--games", "1", "--ray", "local"]
    )
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr == "Error: --ray needs Ray: pip install 'outremer[cluster]'\n"
