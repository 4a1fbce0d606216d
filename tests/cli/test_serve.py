"""``outremer serve`` at start-up (issue 13, section 6): the database URL it prints hides the password;
its settings come from flags or the environment (issue 19)."""

from __future__ import annotations

from typing import Any

import pytest
from click.testing import CliRunner

from outremer.cli import serve as serve_cli
from outremer.cli.main import cli
from outremer.server import app as server_app
from outremer.server import bots, store, watch, workers


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Stand-ins for the app and uvicorn: what ``serve`` was started with, and no server."""
    calls: list[Any] = []

    def create_app(url: str, **settings: Any) -> str:
        calls.extend([url, settings])  # the URL, then the other settings
        return "app"

    monkeypatch.setattr(server_app, "create_app", create_app)
    monkeypatch.setattr("uvicorn.run", lambda app, **kw: calls.append((app, kw)))
    return calls


def serve(database: str) -> Any:
    return CliRunner(mix_stderr=False).invoke(cli, ["serve", "--port", "8123", "--database", database])


def test_the_printed_database_url_masks_its_password(started: list[Any]) -> None:
    url = "postgresql+psycopg://outremer:s3cret-pw@db.example:5432/outremer?sslmode=require"
    result = serve(url)
    assert result.exit_code == 0, result.stderr
    assert "s3cret-pw" not in result.stderr + result.output
    assert "postgresql+psycopg://outremer:***@db.example:5432/outremer?sslmode=require" in result.stderr
    assert started[0] == url  # the server itself gets the whole URL
    in_query = serve("postgresql+psycopg://outremer@db/outremer?password=hunter22")
    assert in_query.exit_code == 0 and "hunter22" not in in_query.stderr
    sqlite = serve("sqlite:///games.db")
    assert "(database sqlite:///games.db)" in sqlite.stderr


def test_a_malformed_url_is_refused_without_echoing_it(started: list[Any]) -> None:
    result = serve("not a url:hunter22")
    assert result.exit_code == 2 and "not a database URL" in result.stderr
    assert "hunter22" not in result.stderr + result.output
    assert started == []


def test_settings_come_from_the_environment_and_a_flag_wins(started: list[Any]) -> None:
    env = {"OUTREMER_DATABASE": "sqlite:///club.db", "OUTREMER_PORT": "8124", "OUTREMER_LIVE_GAMES": "40"}
    result = CliRunner(mix_stderr=False).invoke(cli, ["serve"], env=env)
    assert result.exit_code == 0, result.stderr
    url, kw, (_, run) = started
    defaults = {"bot_workers": 2, "watch_interval": 0.5, "secure_cookies": None}
    assert url == "sqlite:///club.db" and kw == {"live_games": 40, **defaults} and run["port"] == 8124
    assert run["access_log"] is False  # a line a request costs CPU; /api/metrics counts them anyway
    started.clear()
    flagged = CliRunner(mix_stderr=False).invoke(cli, ["serve", "--live-games", "7"], env=env)
    assert flagged.exit_code == 0 and started[1] == {"live_games": 7, **defaults}
    started.clear()
    env |= {
        "OUTREMER_BOT_PROCESSES": "3",
        "OUTREMER_WATCH_INTERVAL": "2",
        "OUTREMER_SECURE_COOKIES": "always",
        "OUTREMER_ACCESS_LOG": "1",
    }
    processes = CliRunner(mix_stderr=False).invoke(cli, ["serve"], env=env)
    assert processes.exit_code == 0 and started[2][1]["access_log"] is True
    assert started[1] == {"live_games": 40, "bot_workers": 3, "watch_interval": 2.0, "secure_cookies": True}


def test_a_bad_watch_interval_or_cookie_setting_is_refused(started: list[Any]) -> None:
    for args in (["--watch-interval", "0"], ["--watch-interval", "x"], ["--secure-cookies", "yes"]):
        result = CliRunner(mix_stderr=False).invoke(cli, ["serve", *args])
        assert result.exit_code == 2, args
    assert started == []


def test_a_store_of_no_games_is_refused(started: list[Any]) -> None:
    result = CliRunner(mix_stderr=False).invoke(cli, ["serve", "--live-games", "0"])
    assert result.exit_code == 2 and "--live-games" in result.stderr
    assert started == []


def test_the_command_and_the_store_agree_on_the_default() -> None:
    assert serve_cli.DEFAULT_LIVE_GAMES == store.DEFAULT_LIVE_GAMES
    assert serve_cli.DEFAULT_BOT_PROCESSES == bots.DEFAULT_PROCESSES
    assert serve_cli.DEFAULT_WATCH_INTERVAL == watch.DEFAULT_INTERVAL
    assert tuple(workers.COOKIES) == serve_cli.COOKIE_SETTINGS


def test_the_tests_cheap_password_hashes_are_named_at_start_up(started: list[Any]) -> None:
    # outremer.server.auth.CHEAP_HASHES: a setting for the test suite alone, said aloud when set.
    cheap = CliRunner(mix_stderr=False).invoke(cli, ["serve"], env={"OUTREMER_CHEAP_PASSWORD_HASHES": "1"})
    assert cheap.exit_code == 0 and "OUTREMER_CHEAP_PASSWORD_HASHES is set" in cheap.stderr
    plain = CliRunner(mix_stderr=False).invoke(cli, ["serve"], env={"OUTREMER_CHEAP_PASSWORD_HASHES": "0"})
    assert plain.exit_code == 0 and "Warning" not in plain.stderr
