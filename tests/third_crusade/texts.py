"""What the Third Crusade tests share about the rulebook text and the pack's sources: where the
rulebook is, the check that our files copy none of its sentences, and a source in the words the
docs' tables use."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
RULES = REPO.parent / "shared" / "rules" / "third-crusade.txt"
RUN = 10
"""Words in a row that, found in the rulebook too, count as copied."""


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


def copied_runs(ours: str, rulebook: str) -> list[str]:
    """Every run of ``RUN`` words of ``ours`` that the rulebook has too (none should be)."""
    theirs = " " + " ".join(words(rulebook)) + " "
    mine = words(ours)
    runs = {" ".join(mine[i : i + RUN]) for i in range(len(mine) - RUN + 1)}
    return sorted(run for run in runs if f" {run} " in theirs)


def source_words(source: Mapping[str, str]) -> str:
    """A record's source as the docs' tables give it."""
    if source["kind"] == "rulebook":
        head = f"rulebook `{source['key']}` {source['lines']}"
        return head + (f": {source['reason']}" if source.get("reason") else "")
    return f"reconstructed: {source['reason']}"
