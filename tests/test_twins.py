"""Nothing automatic may depend on what the other side cannot see (issue 13;
docs/architecture.md#hidden-information: hiding information is proved by tests), for every title.

Twin states differ only in what a viewer cannot see: the viewer's view is the same in both, and so
is the random generator, so that the same dice fall in both. The same action is applied to both.
Afterwards everything the viewer is shown (the whole view: whose turn it is, the prompt, the phase;
its legal actions; its new log lines) must be the same in both, unless the action revealed a hidden
fact by the rules, which stops undo (the barrier moves) and shows: either the new log lines part at
a reveal (a line that both twins have in other words, such as a block named, or a line the title
counts as a reveal, :data:`REVEALS`), or, with the same log lines, the view shows different pieces
or cards (:data:`SHOWN`). A pause, a skipped step or a message in one twin only, as when Manna (4.2)
or winter replacements (8.4) ended by themselves because no block was below full strength, tells
the viewer a hidden fact.

Twins are dealt by the title's sampler (``Game.sample``: everything hidden from the viewer dealt
anew); an observer's twin is dealt for every seat in turn. Another role's action is tried on both
twins only when it names nothing hidden from the viewer. Positions come from random play from fixed
seeds: the test is deterministic, and checks every step a game takes (about 3 s a game).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from outremer.engine.game import Game

from .test_contract import TITLES, load, roles

SEEDS = (1, 2, 3)
"""Games played per title."""
MAX_STEPS = 3000
OTHERS = 1
"""How many actions besides the one taken are tried on each pair of twins."""


def _identified(view: Any, out: list[str]) -> list[str]:
    """Every piece or card the view names (a dict with an ``id``), as JSON, in the view's order."""
    if isinstance(view, dict):
        if "id" in view:
            out.append(json.dumps(view, sort_keys=True))
        for value in view.values():
            _identified(value, out)
    elif isinstance(view, list):
        for value in view:
            _identified(value, out)
    return out


SHOWN: dict[str, Callable[[dict[str, Any]], Any]] = {
    # The toy title's hidden facts are the secret cards and face-down bids (tests/engine/toy.py).
    "toy": lambda view: (view["bids"], view["secrets"]),
    # Crusader Rex: also the draw pools, where a block lost in winter shows whether it was gone
    # for good (6.34, 8.3) without showing which block it was.
    "crusader-rex": lambda view: (sorted(_identified(view, [])), view["pools"]),
    # Kingdom of Heaven: the hands as the viewer sees them, its own cards and the opponent's it
    # knows (§8.1, §13.6); a card drawn is shown to its drawer.
    "kingdom-of-heaven": lambda view: view["hands"],
}
"""What a view shows of hidden things, by title: by default every block, unit or card it names
(The First Crusade's face-up counters, say)."""


def _names_a_block(entry: dict[str, Any]) -> bool:
    from outremer.games.crusader_rex.common import BLOCKS

    return any(info.label in entry["text"] for info in BLOCKS.values())


def _names_a_muslim(entry: dict[str, Any]) -> bool:
    from outremer.games.first_crusade.common import COUNTERS

    return any(c.side == "muslim" and c.name in entry["text"] for c in COUNTERS.values())


REVEALS: dict[str, Callable[[dict[str, Any]], bool]] = {
    # The First Crusade: a battle turns its Muslims face up (23.1(2)); a line naming one shows it.
    "first-crusade": _names_a_muslim,
    # Crusader Rex: a line naming a block shows it (a besieged block fires when its initiative
    # comes, hidden until then, 6.2, 6.51); a drawn block that cannot deploy goes back to the pool
    # for all to see, which its kind decides (7.2, 7.3).
    "crusader-rex": lambda entry: _names_a_block(entry) or "cannot deploy" in entry["text"],
    # Third Crusade: an Order turned up names it (Command.Order), and so does a solo Bot's Order
    # turned up that fails or has nothing to execute, or one drawn from its Reaction pile
    # (Solo.Command.Orders, SoloGlossary.OrderFail, Solo.Battle.Reaction).
    "third-crusade": lambda entry: entry["rule"]
    in ("Command.Order", "Solo.Command.Orders", "SoloGlossary.OrderFail", "Solo.Battle.Reaction"),
}
"""Log lines that show a hidden fact by the rules, by title (besides lines that say in other words
what the twin's line says): where the twins' logs part at one, the reveal explains what follows."""


def shown(game: Game[Any], view: dict[str, Any]) -> Any:
    """What ``view`` shows of things that may be hidden (:data:`SHOWN`)."""
    pick = SHOWN.get(game.slug)
    return pick(view) if pick is not None else sorted(_identified(view, []))


def twin(game: Game[Any], state: Any, viewer: str | None, seats: tuple[str, ...], deal: random.Random) -> Any:
    """A state ``viewer`` cannot tell from ``state``, with the same random generator."""
    other = state
    for seat in seats if viewer is None else (viewer,):
        other = game.sample(other, seat, deal)
    other.rng = state.rng
    return other


def seen(game: Game[Any], state: Any, viewer: str | None, since: int) -> dict[str, Any]:
    """All that ``viewer`` is shown: the view, its legal actions in words, its log from ``since``."""
    legal: list[tuple[Any, str]] = []
    if viewer is not None and viewer in game.active_roles(state):
        legal = [(a, game.describe_action(state, viewer, a)) for a in game.legal_actions(state, viewer)]
    return {
        "view": game.view(state, viewer),
        "active": game.active_roles(state),
        "legal": legal,
        "log": game.log(state, viewer, since),
    }


def check_twins(
    game: Game[Any], state: Any, other: Any, viewer: str | None, since: int, role: str, action: Any
) -> None:
    """Apply ``action`` by ``role`` to the twins ``state`` and ``other``; compare what ``viewer``
    is shown after it (``since``: the length of the viewer's log before it)."""
    after, after_other = game.copy(state), game.copy(other)
    game.perform(after, role, action)
    game.perform(after_other, role, action)
    here, there = seen(game, after, viewer, since), seen(game, after_other, viewer, since)
    if here == there:
        return
    told = f"{action!r} by {role} told {viewer} something hidden: {_difference(here, there)}"
    # A difference must come of a reveal, which stops undo (the barrier moves).
    moved = game.barrier(after) != game.barrier(state) or game.barrier(after_other) != game.barrier(other)
    if here["log"] != there["log"]:
        # Where the twins' logs part tells why: a reveal put into words (a block named), or a
        # step the viewer saw in one twin only.
        assert _parted_at_a_reveal(game, here["log"], there["log"]) and moved, told
    else:
        assert shown(game, here["view"]) != shown(game, there["view"]) and moved, told


def _parted_at_a_reveal(game: Game[Any], log: list[dict[str, Any]], other: list[dict[str, Any]]) -> bool:
    """Whether two runs of log lines part at a reveal: a line that both have in other words (the
    same rule, such as a block named, or dice of a different count), or a line that shows a hidden
    fact by the title's rules (:data:`REVEALS`). Runs that part anywhere else tell of a step the
    viewer saw in one twin only."""
    reveals = REVEALS.get(game.slug, lambda entry: False)
    for i in range(max(len(log), len(other))):
        mine = log[i] if i < len(log) else None
        theirs = other[i] if i < len(other) else None
        if mine == theirs:
            continue
        if mine is not None and theirs is not None and mine["rule"] == theirs["rule"]:
            return True
        return any(entry is not None and reveals(entry) for entry in (mine, theirs))
    return False


def same_for_both(game: Game[Any], state: Any, other: Any, viewer: str | None, role: str) -> list[Any]:
    """The actions ``role`` may take in both twins that are the same deed in both: all of them for
    the viewer itself; for another role, those that name nothing hidden from the viewer (moving
    a block the viewer cannot identify is not the same deed in a twin where it stands elsewhere)."""
    theirs = set(game.legal_actions(other, role))
    both = [a for a in game.legal_actions(state, role) if a in theirs]
    if role == viewer:
        return both
    known = _words(game.view(state, viewer), set())
    return [a for a in both if all(not isinstance(p, str) or p in known for p in a[1:])]


def _words(view: Any, out: set[str]) -> set[str]:
    """Every string in ``view``, keys and values."""
    if isinstance(view, dict):
        for key, value in view.items():
            out.add(str(key))
            _words(value, out)
    elif isinstance(view, list):
        for value in view:
            _words(value, out)
    elif isinstance(view, str):
        out.add(view)
    return out


def _difference(a: Any, b: Any, path: str = "") -> str:
    """Where two JSON-like values first differ, in words."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if a.get(key) != b.get(key):
                return _difference(a.get(key), b.get(key), f"{path}.{key}")
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _difference(x, y, f"{path}[{i}]")
    return f"{path}: {a!r} against {b!r}"


@pytest.mark.parametrize(("slug", "options"), TITLES)
@pytest.mark.parametrize("seed", SEEDS)
def test_nothing_automatic_depends_on_what_the_viewer_cannot_see(
    slug: str, options: dict[str, bool] | None, seed: int
) -> None:
    """At every step of a random game, for a viewer picked at random: the step taken, and another
    action, applied to the position and to a twin dealt for the viewer."""
    game = load(slug)
    seats = roles(game, options)
    viewers = (*seats, None)
    chooser = random.Random(seed)
    state = game.setup(seed, *game.check_setup(None, options))
    read = dict.fromkeys(viewers, 0)  # how many log entries each viewer has read
    for _ in range(MAX_STEPS):
        active = game.active_roles(state)
        if not active:
            break
        role = active[chooser.randrange(len(active))]
        legal = game.legal_actions(state, role)
        action = legal[chooser.randrange(len(legal))]
        viewer = viewers[chooser.randrange(len(viewers))]
        other = twin(game, state, viewer, seats, random.Random(chooser.getrandbits(32)))
        assert game.view(other, viewer) == game.view(state, viewer), "twins look the same to the viewer"
        both = same_for_both(game, state, other, viewer, role)
        tried = [action] if action in both else []
        tried += chooser.sample(both, min(OTHERS, len(both)))
        for act in tried:
            check_twins(game, state, other, viewer, read[viewer], role, act)
        game.perform(state, role, action)
        for v in viewers:
            read[v] += len(game.log(state, v, read[v]))
