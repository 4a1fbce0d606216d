"""Options for the whole test suite."""

from __future__ import annotations

import os

import pytest

# Cheap password hashes in this process and in every server it starts (outremer/server/auth.py,
# CHEAP_HASHES); test_accounts.py checks that a server started without it keeps the default ones.
os.environ.setdefault("OUTREMER_CHEAP_PASSWORD_HASHES", "1")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--soak", action="store_true", help="also run the long random-play soaks (make soak)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--soak"):
        return
    skip = pytest.mark.skip(reason="a long soak: run with --soak (make soak)")
    for item in items:
        if "soak" in item.keywords:
            item.add_marker(skip)
