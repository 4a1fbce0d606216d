"""Actions in words (describe.py): rulebook names, never ids (issue 15). Keys are those of
docs/third-crusade/sections.md."""

from __future__ import annotations

import random
import re

from outremer.games.third_crusade.common import data

from .play import GAME, kind, start

ID = re.compile(r"[a-z]+_[a-z]+")


def test_every_action_of_random_games_reads_without_ids() -> None:
    for scenario, seed in (("four", 1), ("three_ayyubid", 2)):
        state, rng = start(scenario, seed), random.Random(seed)
        while GAME.outcome(state) is None:
            role = rng.choice(GAME.active_roles(state))
            legal = GAME.legal_actions(state, role)
            for action in legal:
                words = GAME.describe_action(state, role, action)
                assert words and not ID.search(words), (action, words)
            GAME.perform(state, role, rng.choice(legal))


def test_a_row_is_laid_by_the_cards_titles_under_their_slots() -> None:
    # Strategy.Place: the 4 cards drawn go face down under the slots 2 to 5, left to right
    state = start("four", 1)
    assert kind(state) == "strategy_place"
    action = GAME.legal_actions(state, "angevin")[0]
    titles = [data(state).events.cards[c].title for c in action[1:]]
    assert GAME.describe_action(state, "angevin", action) == "lay " + ", ".join(
        f"{t} under {n}" for n, t in zip((2, 3, 4, 5), titles, strict=True)
    )
