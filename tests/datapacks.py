"""A changed copy of a title's data pack, for the tests that show a broken file is refused naming
its record (every title's pack loader takes a folder: docs/architecture.md, data packs)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any


def changed_copy(data: Path, tmp_path: Path, file: str, change: Callable[[Any], None]) -> Path:
    """``tmp_path`` holding a copy of every file of the data folder ``data`` (schemas too), with
    ``file``.json as ``change`` leaves it."""
    for path in data.glob("*.json"):
        shutil.copy(path, tmp_path / path.name)
    target = tmp_path / f"{file}.json"
    doc = json.loads(target.read_text(encoding="utf-8"))
    change(doc)
    target.write_text(json.dumps(doc), encoding="utf-8")
    return tmp_path
