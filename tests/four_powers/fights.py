"""Positions for the Conflict tests: an empty board of the shipped pack, edited by hand, and a
driver that plays only legal actions.

Nothing here is a rule: ``empty`` lays out the fields as state.py declares them, with no marker on
the board, no Gold, Faith or Units anywhere and every hand holding only the Bluff; the tests put
what they need. Dice come from the generator: ``rolls`` finds a generator value whose next draws
are the faces asked for (as tests/first_crusade/test_combat.py::rolls does).
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from outremer.engine import rng
from outremer.games.four_powers import (
    conflicts,  # noqa: F401  (registers the Conflicts)
    setup,
)
from outremer.games.four_powers.common import data
from outremer.games.four_powers.procedures import PROCEDURES
from outremer.games.four_powers.state import BLUFF, BOARD, BUILDINGS, COLUMNS, FOUR, ROLES, UNITS, State
from outremer.games.four_powers.views import visible

OPTIONS = tuple(o.name for o in setup.OPTIONS)


def empty(players: tuple[str, ...] = ROLES, side: str = FOUR, pack: str | None = None) -> State:
    """An empty board of the shipped data pack, or of the one in the folder ``pack``."""
    s = State.__new__(State)
    s.rng = 0
    s.barrier = 0
    s.players = list(players)
    s.side = side
    s.crusade = 1
    s.round = 1
    s.first = players[0]
    s.round_card = None
    s.round_deck = []
    s.pack = pack
    pack = data(s)
    s.deck = list(pack.cards)
    s.discard = []
    s.hands = {r: [BLUFF] for r in players}
    s.draft = {}
    s.columns = {BOARD: {c: [] for c in COLUMNS}}
    s.in_play = list(pack.board.in_play(False))
    s.influence = {loc: [None] * len(pack.cities[loc].sides[side].costs) for loc in pack.board.locations}
    s.control = {loc: None for loc in pack.board.locations}
    s.support = {loc: {} for loc in pack.board.locations}
    s.churches = {loc: [] for loc in pack.board.locations}
    s.fortresses = {}
    s.citadels = {}
    s.stock = {r: {k: 3 for k in BUILDINGS} for r in players}
    s.tracks = {r: {k: 0 for k in BUILDINGS} for r in players}
    s.gold = {r: 0 for r in players}
    s.faith = {r: 0 for r in players}
    s.units = {r: {k: 0 for k in UNITS} for r in players}
    s.vp = {r: 0 for r in players}
    s.last_conflict = None
    s.stack = []
    s.log = []
    s.result = None
    s.scenario = "four" if side == FOUR else "three-without-seljuk"
    s.options = {o: False for o in OPTIONS}
    return s


def hand(s: State, role: str, *cards: str) -> None:
    """``role`` holds ``cards`` (taken out of the deck, the cards it held put back) and the Bluff."""
    s.deck.extend(c for c in s.hands[role] if c != BLUFF)
    for c in cards:
        s.deck.remove(c)
    s.hands[role] = [*cards, BLUFF]


def rolls(*faces: int) -> int:
    """A generator value whose next draws of the die are ``faces`` (indexes of the pack's faces)."""
    count = 6
    for start in range(3_000_000):
        holder = SimpleNamespace(rng=start)
        if all(rng.below(holder, count) == f for f in faces):
            return start
    raise AssertionError(f"no generator value gives {faces}")


def conflicts_for(s: State, role: str, left: int = 1) -> None:
    """``role`` may start ``left`` Conflicts now (as Movement.4 would allow)."""
    PROCEDURES.push(s, "conflicts", roles=[role], role=role, left=left)
    PROCEDURES.settle(s)


def act(s: State, role: str, *action: Any) -> None:
    """``role`` takes ``action``, which must be legal for it now."""
    legal = PROCEDURES.legal(s, role)
    assert role in PROCEDURES.deciders(s), f"{role} is not asked; {PROCEDURES.deciders(s)} are"
    assert tuple(action) in legal, f"{action} not legal for {role}: {legal[:20]}"
    PROCEDURES.perform(s, role, tuple(action))


def asked(s: State) -> tuple[str, ...]:
    return PROCEDURES.deciders(s)


def kind(s: State) -> str | None:
    top = PROCEDURES.top(s)
    return None if top is None else str(top["kind"])


def conflict(s: State) -> dict[str, Any]:
    for f in reversed(s.stack):
        if f["kind"] in ("battle", "siege"):
            return f
    raise AssertionError("no Conflict under way")


def texts(s: State, role: str | None = None) -> list[str]:
    """The log as ``role`` reads it (None: an observer)."""
    return [entry[2] for entry in s.log if visible(entry, role)]


def drive(
    s: State,
    *,
    cards: dict[str, str] | None = None,
    commits: dict[str, tuple[int, int, int]] | None = None,
    spoils: str = "take",
    stop: str | None = None,
) -> None:
    """Play the Conflict under way with plain choices: nobody reinforces, invites, adds a card,
    rerolls or buys back; the leaders lay ``cards`` (default the Bluff), the participants close
    their hands on ``commits`` (default nothing), Wounds go to the first choice, a winning
    besieger takes ``spoils``. Stops before a window of kind ``stop``, and when the Conflict is
    over."""
    cards = cards or {}
    commits = commits or {}
    plain = {"reinforce": ("done",), "invite": ("alone",), "extra": ("no_card",), "reroll": ("done",)}
    plain |= {"buy_back": ("done",), "spoils": (spoils,)}
    while s.stack and asked(s):
        k = kind(s)
        assert k is not None
        if k == stop or k == "conflicts":
            return
        step = k.split("_", 1)[1]
        for role in asked(s):
            if step == "card":
                act(s, role, "commit_card", cards.get(role, BLUFF))
            elif step == "commit":
                act(s, role, "commit", *commits.get(role, (0, 0, 0)))
            elif step == "wound":
                act(s, role, *PROCEDURES.legal(s, role)[0])
            else:
                act(s, role, *plain[step])
