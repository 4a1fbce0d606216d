"""Log lines, prompts and action descriptions show the names the rulebook prints, never an internal
id (§2.2 the map's spaces, §3.Powers, the leader counters): random games through the game class,
every text a player reads checked for a snake_case token (the board contract's pattern, tests/e2e/
test_boards.py) and for a bare id of a space, box, Power or leader that has a name."""

from __future__ import annotations

import random
import re

import pytest

from outremer.games.kingdom_of_heaven import diplomacy
from outremer.games.kingdom_of_heaven.common import pack_at
from outremer.games.kingdom_of_heaven.game import KingdomOfHeaven
from outremer.games.kingdom_of_heaven.names import key_words, power_name, role_name, space_name
from outremer.games.kingdom_of_heaven.state import State

GAME = KingdomOfHeaven()
CAP = 700
"""Actions per game: enough to pass through marches, battles, sieges and a winter."""
SNAKE_CASE = re.compile(r"\b[a-z]+_[a-z_]+\b")
WORD = re.compile(r"\b[a-z]+\b")
PACK = pack_at(None)
IDS = {
    i: n
    for group in (PACK.board.spaces, PACK.board.boxes, PACK.counters.powers, PACK.counters.leaders)
    for i, n in ((k, v.name) for k, v in group.items())
    if i != n
}
"""Each id that differs from its printed name (lower-case ids only can be mistaken for words)."""
ROLE_IN_LOWER_CASE = re.compile(r"\b(christian|muslim)\b")
"""A role's id inside a log sentence, where its name (Game.role_name) belongs."""


def _ids_in(text: str) -> list[str]:
    return sorted({*SNAKE_CASE.findall(text), *(w for w in WORD.findall(text) if w in IDS)})


def _texts(state: State, start: int) -> list[str]:
    shown = [str(e["text"]) for role in (None, *GAME.roles) for e in GAME.log(state, role, start)]
    shown += [GAME.prompt(state, role) for role in (None, *GAME.roles)]
    return shown


@pytest.mark.parametrize(("scenario", "seed"), [(s, n) for s in GAME.scenarios[:2] for n in (1, 2)])
def test_random_games_show_no_id(scenario: str, seed: int) -> None:
    rng = random.Random(f"names-{scenario}-{seed}")
    state = GAME.setup(seed, scenario, {o.name: seed % 2 == 0 for o in GAME.options})
    seen = 0
    found: dict[str, str] = {}
    for _ in range(CAP):
        if GAME.outcome(state) is not None:
            break
        texts = _texts(state, seen)
        for e in state.log[seen:]:
            for token in ROLE_IN_LOWER_CASE.findall(str(e[2])):
                found.setdefault(token, str(e[2]))
        seen = len(state.log)
        role = GAME.active_roles(state)[0]
        action = rng.choice(GAME.legal_actions(state, role))
        texts.append(GAME.describe_action(state, role, action))
        for text in texts:
            for token in _ids_in(text):
                found.setdefault(token, text)
        GAME.apply_in_place(state, role, action)
    assert not found, "\n".join(f"{k}: {v}" for k, v in sorted(found.items()))


def test_names_of_ids() -> None:
    state = GAME.setup(1, GAME.scenarios[0])
    space = next(iter(PACK.board.spaces.values()))
    box = next(iter(PACK.board.boxes.values()))
    pid = next(iter(PACK.counters.powers.values()))
    assert space_name(state, space.id) == space.name
    assert space_name(state, box.id) == box.name
    assert power_name(state, pid.id) == pid.name
    assert key_words(state, "asia_minor") == "Asia Minor crossing"
    assert key_words(state, space.id) == space.name


def test_log_sentences_name_the_roles() -> None:
    # §2, §9.1 L498: the sides are the Christian and the Muslim player, named as the game class does
    state = GAME.setup(1, "G")  # the Kingdom neutral (§9.1.1)
    assert role_name("christian") == GAME.role_name("christian") == "Christian"
    diplomacy.break_neutrality(state, "muslim", "jerusalem", "entry")
    diplomacy.shift(state, "jerusalem", "neutral", "§9.2")
    assert [e[2] for e in state.log[-2:]] == [
        "The Muslim's entry breaks Kingdom of Jerusalem's neutrality: it joins the Christian.",
        "Kingdom of Jerusalem moves from Christian to Neutral on the diplomacy track.",
    ]
