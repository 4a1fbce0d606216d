"""Game records: the setup parameters plus every (role, action) taken, saved as JSON and replayed.

A game is fully determined by its record, because the random generator lives in the state and is
seeded at setup. The save file is one JSON object (written pretty and deterministically)::

    {
      "format": "outremer/save/2",
      "game": "crusader-rex",
      "seed": 7,
      "scenario": "1187",
      "options": {"iron_bridge": false},
      "actions": [["Franks", ["card", "move3_2"]], ["Saracens", ["card", "event_jihad"]]]
    }

The format names the random generator the game was set up with (docs/engine.md): ``outremer/save/2``
the keyed one, seeds from 0 to 2**128 - 1; ``outremer/save/1``, games saved before it, SplitMix64,
so that they still load and replay exactly.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import BadSave, IllegalAction, brief
from .game import Action, Game, Role, normalize_action
from .rng import KEYED, LEGACY, SEED_LIMIT

SAVE_FORMAT = "outremer/save/2"
FORMATS = {"outremer/save/1": LEGACY, SAVE_FORMAT: KEYED}
"""Each save format and the random generator of its games."""
_FORMAT_OF = {generator: fmt for fmt, generator in FORMATS.items()}


@dataclass
class Record:
    """How a game was set up and every action taken since, in order."""

    game: str
    seed: int
    scenario: str
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[tuple[Role, Action]] = field(default_factory=list)
    generator: str = KEYED  # engine.rng: LEGACY only for games first saved as outremer/save/1

    def to_json(self) -> dict[str, Any]:
        """The save-file object, in the format of its generator."""
        return {
            "format": _FORMAT_OF[self.generator],
            "game": self.game,
            "seed": self.seed,
            "scenario": self.scenario,
            "options": dict(sorted(self.options.items())),
            "actions": [[role, list(action)] for role, action in self.actions],
        }

    @classmethod
    def from_json(cls, data: Any, expected_game: str | None = None) -> Record:
        """A record from a decoded save file; raises BadSave naming what is wrong."""
        if not isinstance(data, Mapping):
            raise BadSave(f"a save file holds one JSON object, not {type(data).__name__}")
        fmt = data.get("format")
        if not isinstance(fmt, str) or fmt not in FORMATS:
            expected = " or ".join(map(repr, FORMATS))
            raise BadSave(f"not an Outremer save file: format is {brief(fmt)}, expected {expected}")
        missing = [k for k in ("game", "seed", "scenario", "options", "actions") if k not in data]
        if missing:
            raise BadSave(f"save file lacks {', '.join(missing)}")
        game, seed, scenario, options = data["game"], data["seed"], data["scenario"], data["options"]
        if not isinstance(game, str) or not game:
            raise BadSave(f"save file 'game' must be a title slug, not {brief(game)}")
        if expected_game is not None and game != expected_game:
            raise BadSave(f"this save file is of {brief(game)}, not {expected_game!r}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise BadSave(f"save file 'seed' must be an integer, not {brief(seed)}")
        generator = FORMATS[fmt]
        if generator == KEYED and not 0 <= seed < SEED_LIMIT:
            raise BadSave(f"save file 'seed' must be from 0 to 2**128 - 1, not {brief(seed)}")
        if not isinstance(scenario, str):
            raise BadSave(f"save file 'scenario' must be a string, not {brief(scenario)}")
        if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
            raise BadSave(f"save file 'options' must be an object, not {brief(options)}")
        raw_actions = data["actions"]
        if not isinstance(raw_actions, list):
            raise BadSave(f"save file 'actions' must be a list, not {type(raw_actions).__name__}")
        actions: list[tuple[Role, Action]] = []
        for i, entry in enumerate(raw_actions, start=1):
            if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], str)):
                raise BadSave(f"action {i} must be [role, [action parts...]], not {brief(entry)}")
            try:
                actions.append((entry[0], normalize_action(entry[1])))
            except IllegalAction as exc:
                raise BadSave(
                    f"action {i} ({entry[0][:40]}): malformed action {brief(entry[1])}:"
                    " expected a verb, then strings and integers"
                ) from exc
        return cls(game, seed, scenario, dict(options), actions, generator)


def dumps_record(record: Record) -> str:
    """The save-file text: pretty, deterministic, one action per line."""
    data = record.to_json()
    actions = data.pop("actions")
    head = json.dumps(data, indent=2, sort_keys=False, ensure_ascii=False)
    if not actions:
        return head[:-2] + ',\n  "actions": []\n}\n'
    lines = ",\n".join("    " + json.dumps(a, ensure_ascii=False) for a in actions)
    return head[:-2] + ',\n  "actions": [\n' + lines + "\n  ]\n}\n"


def save_record(path: str | os.PathLike[str], record: Record, *, replace: bool = True) -> None:
    """Write ``record`` to ``path`` atomically: a temp file in the same folder, then a rename.

    A crash mid-write leaves the previous save intact, so no player's actions are ever lost. With
    ``replace=False`` an existing file is never touched: FileExistsError, even if it appeared while
    we wrote (the temp file is linked to its name, which fails if the name is taken).
    """
    target = Path(path)
    text = dumps_record(record)
    folder = target.parent if str(target.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        if replace:
            os.replace(tmp, target)
        else:
            os.link(tmp, target)
    finally:
        with contextlib.suppress(OSError):  # gone already after a rename
            os.unlink(tmp)


def save_new_record(stem: str | os.PathLike[str], record: Record) -> Path:
    """Write ``record`` to a file that did not exist, and return its path.

    The name is ``STEM.json``, else ``STEM-2.json``, ``STEM-3.json``, ...: the first that is free.
    """
    base = Path(stem)
    n = 1
    while True:
        target = base.with_name(f"{base.name}.json" if n == 1 else f"{base.name}-{n}.json")
        try:
            save_record(target, record, replace=False)
        except FileExistsError:
            n += 1
            continue
        return target


def load_record(path: str | os.PathLike[str], expected_game: str | None = None) -> Record:
    """Read a save file; any unreadable, corrupt, truncated or wrong-game file raises BadSave."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise BadSave(f"no save file at {os.fspath(path)}") from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise BadSave(f"cannot read save file {os.fspath(path)}: {exc}") from exc
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadSave(
            f"save file {os.fspath(path)} is not valid JSON (truncated or corrupt?): "
            f"{exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from exc
    except RecursionError as exc:
        raise BadSave(f"save file {os.fspath(path)} nests its JSON too deeply to be a save") from exc
    except ValueError as exc:  # an integer longer than Python converts
        raise BadSave(
            f"save file {os.fspath(path)} holds a number of over {sys.get_int_max_str_digits()} digits"
        ) from exc
    try:
        return Record.from_json(data, expected_game)
    except BadSave as exc:
        raise BadSave(f"save file {os.fspath(path)}: {exc}") from exc


def new_state(game: Game[Any], record: Record) -> Any:
    """The state at the start of the recorded game; raises BadSave on bad setup parameters."""
    if record.game != game.slug:
        raise BadSave(f"the record is of {record.game!r}, not {game.slug!r}")
    try:
        return game.setup(record.seed, record.scenario, record.options, generator=record.generator)
    except IllegalAction as exc:
        raise BadSave(f"the record's setup is refused: {exc}") from exc


def replay(game: Game[Any], record: Record, upto: int | None = None) -> Any:
    """The state after the first ``upto`` actions of ``record`` (all by default), each checked.

    An illegal action raises BadSave naming its number (from 1), its role and the reason.
    """
    state = new_state(game, record)
    actions = record.actions if upto is None else record.actions[: max(upto, 0)]
    for i, (role, action) in enumerate(actions, start=1):
        try:
            game.apply_in_place(state, role, action)
        except IllegalAction as exc:
            raise BadSave(f"action {i} ({role} {brief(list(action))}) is illegal: {exc}") from exc
    return state
