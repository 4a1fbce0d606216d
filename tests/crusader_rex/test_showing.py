"""What Crusader Rex gives the pages that show it (issue 15): the points charted at the end of a
game (the Victory Cities of 1.2), the positions the browser checks open, the warning before an
empty Group Move or Muster is ended (5.2, 5.3), and the step of play by its rulebook name."""

from __future__ import annotations

import random
import re
from collections import Counter

from outremer.games.crusader_rex.common import TOWNS, victory_count
from outremer.games.crusader_rex.frames import BATTLE_DECISIONS
from outremer.games.crusader_rex.game import CROWDED, CrusaderRex
from outremer.games.crusader_rex.movement import start_move_phase
from outremer.games.crusader_rex.positions import position, put
from outremer.games.crusader_rex.procedures import decisions
from outremer.games.crusader_rex.state import State
from outremer.games.crusader_rex.views import PHASE_NAMES

G = CrusaderRex()
F, S = "Franks", "Saracens"


def test_points_are_the_victory_cities_each_side_controls():
    # 1.2: at the start the Saracens hold Aleppo, Damascus and Egypt, the Franks the other four.
    assert G.points(G.setup(1)) == {F: 4.0, S: 3.0}
    # A city taken in the field changes hands; a besieged one still counts for the castle's holder.
    s = position()
    put(s, "saladin", "Jerusalem")
    put(s, "balian", "Acre", castle=True)
    put(s, "zangi", "Acre")
    assert s.loc["balian"] == "Acre"
    points = G.points(s)
    assert points == {F: 3.0, S: 4.0}  # Jerusalem lost; Acre still the Franks'
    assert points == {side: float(n) for side, n in victory_count(s).items()}


def replay(name: str) -> State:
    """The named position, replayed action by action through the checks every front end uses."""
    pos = G.positions()[name]
    s = G.setup(pos.seed, pos.scenario, pos.options)
    for role, action in pos.actions:
        G.apply_in_place(s, role, action)
    return s


def test_the_positions_replay_and_show_what_they_say():
    assert set(G.positions()) == {"start", "crowded", "battle"}
    assert all(p.about for p in G.positions().values())
    assert replay("start").phase == "deploy_franks"  # 3.1: the Franks deploy first
    # The crowded one has a town holding the largest stack it claims.
    s = replay("crowded")
    counts = Counter(where for where in s.loc.values() if where in TOWNS)
    assert max(counts.values()) >= CROWDED and G.active_roles(s)
    # The battle one is inside a field battle (6.2), someone to act.
    s = replay("battle")
    assert s.phase in BATTLE_DECISIONS and s.phase == "combat_turn"
    assert s.fight is not None and s.fight["mode"] == "field" and G.active_roles(s)
    assert counts_at(s, s.fight["town"]) >= 6
    # The same every time (the positions are cached, but also rebuilt alike).
    assert G.positions()["battle"] == G.positions()["battle"]


def counts_at(s: State, town: str) -> int:
    return sum(1 for where in s.loc.values() if where == town)


def test_an_empty_group_move_is_warned_of_and_a_moved_one_is_not():
    s = position(year=1188, turn=1)
    put(s, "saladin", "Damascus")
    start_move_phase(s, S, 2)
    assert G.warning(s, S, ("end",)) is None  # ending the phase is no slip of 5.2
    G.apply_in_place(s, S, ("group", "Damascus"))
    # 5.2: the group move is spent once opened, even if no block moves.
    words = G.warning(s, S, ("end",))
    assert words is not None and "5.2" in words and "Damascus" in words
    assert G.warning(s, F, ("end",)) is None  # not the Franks' move
    step = next(a for a in G.legal_actions(s, S) if a[0] == "step")
    assert G.warning(s, S, step) is None
    G.apply_in_place(s, S, step)
    assert G.warning(s, S, ("end",)) is None  # a block moved: nothing to warn of
    # A Muster opened and ended with no block on its way is spent too (5.3).
    s = position(year=1188, turn=1)
    put(s, "saladin", "Damascus")
    put(s, "zangi", "Hama")
    start_move_phase(s, S, 2)
    G.apply_in_place(s, S, ("muster",))
    assert G.warning(s, S, ("end",)) is None  # taking back the choice of town spends nothing
    G.apply_in_place(s, S, ("muster", "Damascus"))
    words = G.warning(s, S, ("end",))
    assert words is not None and "5.3" in words


SNAKE = re.compile(r"[a-z]+_[a-z]+")
RULE = re.compile(r"\(\d+\.\d+\)")


def test_every_decision_has_a_rulebook_name():
    for kind in [*decisions(), "over", "idle"]:
        name = PHASE_NAMES[kind]
        assert RULE.search(name) and not SNAKE.search(name), name


def test_views_name_the_step_of_play_by_the_rulebook_in_random_games():
    # Issue 15: "phase: deploy_franks" reached the player; views carry the rulebook's name instead.
    seen: set[str] = set()
    for seed in (3, 8):
        rnd = random.Random(seed)
        s = G.setup(seed)
        while G.outcome(s) is None:
            role = G.active_roles(s)[0]
            for who in (role, None):
                name = G.view(s, who)["phase_name"]
                assert RULE.search(name) and not SNAKE.search(name), (s.phase, name)
            seen.add(s.phase)
            G.apply_in_place(s, role, rnd.choice(G.legal_actions(s, role)))
        assert G.view(s, F)["phase_name"] == PHASE_NAMES["over"]
    assert {"deploy_franks", "card", "move", "combat_turn", "draw", "winter_supply"} <= seen
