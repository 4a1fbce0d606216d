"""How to set up the game (7.0)."""

from __future__ import annotations

from ...engine.game import Option
from ...engine.rng import KEYED
from . import teams, turn
from .common import BOARD, COUNTERS, in_bin, log, pick, roll
from .state import BIN, State

OPTIONS = (
    Option(
        "siege",
        False,
        "Sieges: a Military Leader may besiege a fortress and attack it over rounds",
        "34.0",
    ),
    Option("massacre", False, "Massacres: a fortress taken after the first round loses its supply", "34.6"),
    Option("cavalry", False, "Christian cavalry: mobility and combined arms", "35.0"),
    Option("kingdoms", False, "Crusader Kingdoms: titled Leaders, capitals and their VP", "36.0"),
    Option(
        "teams",
        False,
        "Team game: a Crusader, a Byzantine and an Armenian player (one person may take several seats)",
        "37.0",
    ),
)
"""The optional rules (34.0-36.0), off by default."""


def new_game(seed: int, scenario: str, options: dict[str, bool], generator: str = KEYED) -> State:
    """The game of ``scenario`` set up from ``seed`` (7.0), at the first Event Step; the random
    generator is ``generator`` seeded from ``seed`` (engine.rng)."""
    state = State.blank(seed, scenario, options, generator)
    if options.get("teams"):
        state.flags["team"] = teams.new()
    # 7.0 (2): a face-down Seljuk militia in every fortress but Vahka, Sis, Masyaf, Rhodos and
    # Kypros (the data pack marks them); the Assassin in Masyaf; the rest in their Bins.
    garrisons = [s.id for s in BOARD.spaces.values() if s.garrison]
    militia = [c.id for c in COUNTERS.values() if c.start == "garrison"]
    if len(militia) < len(garrisons):
        raise ValueError("the data pack has fewer garrison militia than garrisoned fortresses")
    for c in COUNTERS.values():
        state.loc[c.id] = c.start if c.start not in ("garrison", "bin") else BIN
    for space, unit in zip(garrisons, militia, strict=False):
        state.loc[unit] = space
    state.reaction = BOARD.reaction_start
    # 7.0 (3): every Pilgrimage marker, mercenaries included, in the Pilgrimage Bin.
    state.markers = dict.fromkeys(BOARD.pilgrimage, "bin")
    # 7.0 (4): the Byzantines draw 2d6 units into Constantinople; the Armenians two units into Sis
    # and two into Vahka, face up.
    for draw in BOARD.setup_draws:
        if "d" in draw.count:
            n, _ = draw.count.split("d")
            count = sum(roll(state, int(n)))
        else:
            count = int(draw.count)
        placed = []
        for _ in range(count):
            pool = [u for u in in_bin(state, draw.bin) if not COUNTERS[u].is_leader]
            if not pool:
                break
            unit = pick(state, pool)
            state.loc[unit] = draw.to
            placed.append(unit)
        log(
            state,
            "7.0",
            "{n} {bin} unit(s) set up in {space}.",
            n=len(placed),
            bin=draw.bin.title(),
            space=draw.to,
        )
    state.barrier = 0  # the setup is no one's action to take back
    turn.start(state)
    return state
