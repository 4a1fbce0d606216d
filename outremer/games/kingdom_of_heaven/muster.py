"""The mustering phase (§7): each player's leaders, then his units, leave the force pool for
spaces their Power controls, the Christian first (§5.2); castles' intrinsic garrisons traded with
the counter mix (§7.3); the Neutral Powers muster in their capitals by themselves (§7.4).

The ``muster`` procedure is pushed with ``player``. While he has something to place he is asked:

- ``("leader", leader, space)``: a leader from the pool to an unbesieged space his Power
  controls, one leader to a space (§7.1 L370); leaders come first;
- ``("unit", power, face, label, space)``: a unit from the pool to a space, within the space's
  limit (§7.2 L374-L390: 4 in a box, 3 in the Power's capital, 2 in a walled city or another
  provincial capital, 1 in a castle, none in a space with a besieged stronghold, none elsewhere,
  K82), counted apart for each space; Crusader and Order units without limit in any unbesieged
  space a Catholic Power controls, Byzantine ones in any Byzantium controls (§7.2 L390-L391), and
  both in a captured walled city where one of theirs already stands (§7.2.1 L399);
- ``("strip", power, label, castle...)``: two Full castles of the Power flipped Low for a full unit
  of ``label`` from the counter mix into the pool, or one for a reduced one (§7.3 L405); never a
  yellow-dot type, never beyond the counters printed (§7.3.Selecting L407-L410);
- ``("refill", power, face, label, castle...)``: a full unit of the castles' Power in the pool
  removed from play to flip up to two Low castles Full, or one step of a unit (a full one reduced,
  a reduced one removed) to flip one (§7.3 L405);
- ``("done",)``: offered once nothing more can be placed, only trades: the rest stays in the pool
  (§7.2 L392).

Placing is not optional: every leader and unit that has a space goes (§7.1 L370, §7.2 L374).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from itertools import combinations
from operator import itemgetter
from typing import Any

from ...engine.procedures import Action, Frame
from . import forces
from .cards import Effect
from .common import data, pack_at, provinces_of, side
from .counters import UnitType
from .effects import handler
from .names import power_name, space_name
from .procedures import PROCEDURES
from .replacement import CRUSADERS, holder_side, powers_of
from .state import CHRISTIAN, MUSLIM, NEUTRAL, PLAYERS, State, group

BOX, OWN_CAPITAL, CITY, CASTLE = 4, 3, 2, 1
"""The most units a Power musters in a box, its capital, a walled city or other provincial
capital, a castle space (§7.2 L376-L380); the first that applies counts (L386)."""
CATHOLIC_FREE = ("crusaders", "templars", "hospitallers")
"""Placed without limit where a Catholic Power controls (§7.2 L390)."""
BYZANTIUM = "byzantium"
"""Placed without limit where Byzantium controls (§7.2 L391)."""
JERUSALEM = "jerusalem"
"""The city held at the start by a Muslim Power in some scenarios (§17.1.2 L958)."""


def besieged(state: State, space: str) -> bool:
    """Whether the stronghold in ``space`` is under siege (§7.1 L370, §7.2 L380)."""
    return space in state.sieges


def captured(state: State, space: str) -> bool:
    """Whether ``space`` is a walled city held by a Power not on the side of its province's owner:
    a captured city (§7.2.1 L397, K81)."""
    board = data(state).board
    if space not in state.cities or space in state.castles:
        return False
    holder = state.cities[space]
    owner = state.owners.get(board.spaces[space].province)
    return holder is not None and side(state, holder) != side(state, owner)


def musters_for(state: State, at: str) -> str | None:
    """The Power that may muster in ``at`` (a space or a box) now, None for none (§7.2, §7.2.1):
    a castle's crest wherever it stands; a walled city's province owner unless the city is
    captured (§17.1.2: Jerusalem held since the start by its Muslim holder, city or castle, who
    alone musters there, and only while pro-Muslim); any other space or box its province's owner
    while the owner's side controls it."""
    return _musters(state, at, claimant(state, at))


def _musters(state: State, at: str, claim: tuple[str | None, bool]) -> str | None:
    """musters_for() from ``at``'s claimant(): the Power, if its side controls ``at`` where it must."""
    power, controlled = claim
    if power is None or not controlled:
        return power
    return power if holder_side(state, at) == side(state, power) else None


def claimant(state: State, at: str) -> tuple[str | None, bool]:
    """The Power musters_for() names if any, and whether only while its side controls ``at``
    (a box, a province's space): read without control, so a listing asks control only of the
    places a Power it lists could muster in."""
    pack = data(state)
    if at in state.castles:
        power = str(state.castles[at]["power"])
        first = pack.scenarios[state.scenario].castles.get(at)
        if at == JERUSALEM and first is not None and first.power == power and side(state, power) != MUSLIM:
            return None, False  # §17.1.2: the Muslim Power's castle since the start; no Christian muster
        return power, False
    if at in pack.board.boxes:
        return state.owners.get(at), True
    if at in state.cities:
        held = pack.scenarios[state.scenario].held.get(at)
        if at == JERUSALEM and held is not None and state.cities[at] == held:
            return (held if side(state, held) == MUSLIM else None), False
        if captured(state, at):
            return None, False
    return state.owners.get(provinces_of(state.pack)[at]), True


def capitals(state: State, power: str) -> tuple[str, ...]:
    """``power``'s capitals: those of its home province, or its home box, while it owns it; none
    for a Power without a home (K16) or whose home another Power owns, such as the Mamluks in F
    (§3.Terms L203: only a Power owning a province or box has a home, its seat; K94)."""
    home = data(state).counters.powers[power].home
    provinces = data(state).board.provinces
    if home is None or state.owners.get(home) != power:
        return ()
    return provinces[home].capitals if home in provinces else (home,)


def limit(state: State, power: str, at: str) -> int:
    """The units ``power`` may muster in ``at``, a place it controls (§7.2 L374-L386, K82)."""
    return 0 if besieged(state, at) else _room(state, power, at)


def _room(state: State, power: str, at: str) -> int:
    """limit() but for a siege: what it reads does not change while the pieces move (Claims)."""
    board = data(state).board
    if at in board.boxes:
        return BOX
    if at in capitals(state, power):
        return OWN_CAPITAL
    if at in state.cities or board.is_capital(at):
        return CITY
    return CASTLE if at in state.castles else 0


def _places(state: State) -> tuple[str, ...]:
    return _places_of(state.pack)


@cache
def _places_of(folder: str | None) -> tuple[str, ...]:
    """The spaces, then the boxes, of the packs in ``folder``: the places a listing reads."""
    board = pack_at(folder).board
    return (*board.spaces, *board.boxes)


def _catholic(state: State, power: str | None) -> bool:
    return power is not None and data(state).counters.powers[power].religion == "catholic"


@cache
def _kin(folder: str | None, catholic: bool) -> tuple[str, ...]:
    """The Powers whose units standing in a captured city let a free type muster there
    (§7.2.1 L399): the Catholic ones for Crusaders and Orders, else Byzantium."""
    if not catholic:
        return (BYZANTIUM,)
    return tuple(p for p, c in pack_at(folder).counters.powers.items() if c.religion == "catholic")


def _stands(state: State, at: str, powers: tuple[str, ...]) -> bool:
    """Whether a unit or leader of one of ``powers`` is in ``at``, outside or inside."""
    for place in forces.PLACES:
        for p, g in forces.at(state, place, at).items():
            if p in powers and not forces.empty(g):
                return True
    return False


Place = tuple[str, bool, int]
"""A place a Power claims (claimant()): the place, whether only while its side controls it, and
its limit() for that Power unless besieged."""
Free = tuple[str, bool, bool, bool, bool]
"""A place free_spaces() may yield: the place, whether its claimant is of the player's side,
whether that claimant is of the free type's faith (Catholic, or Byzantium), whether only while
the side controls it, and whether it is a captured city of the player's side."""


class Claims:
    """Who may muster where as far as it does not depend on the pieces on the map: claimant() of
    each place, the places each Power claims with their limits, the places each free type may
    muster in. It reads only the scenario, the packs, the political status markers, the
    province and box owners, the walled cities' holders and the castles' crests (claims()
    keys it on them), so it holds while units and leaders come and go, as in a muster."""

    __slots__ = ("_free", "by_power", "claims")

    def __init__(self, state: State) -> None:
        self.claims = {at: claimant(state, at) for at in _places(state)}
        by_power: dict[str | None, list[Place]] = {}
        for at, (power, controlled) in self.claims.items():
            if power is not None:
                by_power.setdefault(power, []).append((at, controlled, _room(state, power, at)))
        self.by_power: dict[str | None, tuple[Place, ...]] = {p: tuple(v) for p, v in by_power.items()}
        self._free: dict[tuple[str, bool], tuple[Free, ...]] = {
            (player, catholic): self._frees(state, player, catholic)
            for player in PLAYERS
            for catholic in (True, False)
        }

    def _frees(self, state: State, player: str, catholic: bool) -> tuple[Free, ...]:
        out = []
        for at, (power, controlled) in self.claims.items():
            ours = power is not None and side(state, power) == player
            fits = ours and ((catholic and _catholic(state, power)) or (not catholic and power == BYZANTIUM))
            taken = captured(state, at) and side(state, state.cities[at]) == player
            if fits or taken:  # else nothing of his musters here
                out.append((at, ours, fits, controlled, taken))
        return tuple(out)

    def free(self, player: str, catholic: bool) -> tuple[Free, ...]:
        """The places free_spaces() reads for ``player``'s free type (Catholic or not), in order."""
        return self._free[player, catholic]


_CLAIMS: dict[tuple[Any, ...], Claims] = {}
"""Claims by what they read (claims()); states are copied by the search, so the table is keyed on
the fields it reads, not kept on a state."""
_CREST = itemgetter("power")
_MOST = 2048
"""Claims kept at most: the table starts again beyond it."""


def claims(state: State) -> Claims:
    """The :class:`Claims` of ``state``, built once for the fields it reads."""
    key = (
        state.pack,
        state.scenario,
        tuple(state.political.items()),
        tuple(state.owners.items()),
        tuple(state.cities.items()),
        tuple(state.castles),
        tuple(map(_CREST, state.castles.values())),
    )
    found = _CLAIMS.get(key)
    if found is None:
        if len(_CLAIMS) >= _MOST:
            _CLAIMS.clear()
        found = _CLAIMS[key] = Claims(state)
    return found


def free_spaces(state: State, player: str, power: str, table: Claims) -> Iterator[str]:
    """Where the Crusader, Order and Byzantine units of ``player`` muster without limit (§7.2
    L390-L391, §7.2.1 L399): unbesieged places of a Catholic Power (of Byzantium), and captured
    walled cities of the player's side where one of theirs already stands. ``table``: claims()."""
    catholic = power in CATHOLIC_FREE
    sieges = state.sieges
    kin = _kin(state.pack, catholic)
    for at, ours, fits, controlled, taken in table.free(player, catholic):
        if at in sieges:
            continue
        if ours and (not controlled or holder_side(state, at) == player):  # musters_for() is of his side
            if fits:
                yield at
        elif taken and _stands(state, at, kin):
            yield at


def unit_spaces(state: State, frame: Frame, power: str, table: Claims) -> Iterator[str]:
    """Where a unit of ``power`` may go now: its free spaces, or places it controls with room left
    under their limit (this phase's placements counted, §7.2 L382). ``table``: claims()."""
    if power in CATHOLIC_FREE or power == BYZANTIUM:
        return free_spaces(state, frame["player"], power, table)
    placed, sieges, mine = frame["placed"], state.sieges, side(state, power)
    return (
        at
        for at, controlled, room in table.by_power.get(power, ())
        if at not in sieges
        and room > placed.get(at, 0)
        and (not controlled or holder_side(state, at) == mine)  # musters_for() is ``power``
    )


def leader_spaces(state: State, frame: Frame, power: str, table: Claims) -> Iterator[str]:
    """Where a leader of ``power`` may go: an unbesieged place the Power controls, not one a
    leader already went to this phase (§7.1 L370). ``table``: claims()."""
    taken, sieges, mine = frame["leader_spaces"], state.sieges, side(state, power)
    return (
        at
        for at, controlled, _ in table.by_power.get(power, ())
        if at not in taken and at not in sieges and (not controlled or holder_side(state, at) == mine)
    )


def in_mix(state: State, power: str, label: str) -> int:
    """Units of ``power``'s type ``label`` in the counter mix: the counters printed less those in
    play, pooled or dead (§7.3.Selecting L409)."""
    return _mix(state, power)[label]


def _mix(state: State, power: str) -> dict[str, int]:
    """:func:`in_mix` of each of ``power``'s types, the units in use counted once."""
    left = {u.label: u.count for u in _types(state.pack, power)}
    for label, n in _in_use(state, power).items():
        if label in left:
            left[label] -= n
    return left


def _in_use(state: State, power: str) -> dict[str, int]:
    """Units of ``power`` out of the counter mix, by type: in play, pooled or dead."""
    used: dict[str, int] = {}
    groups = [gs.get(power) for place in forces.PLACES for gs in getattr(state, place).values()]
    for g in (*groups, state.pools.get(power), state.dead.get(power)):
        if g:
            for face in ("full", "reduced"):
                for label, n in g[face].items():
                    used[label] = used.get(label, 0) + n
    return used


def drawable(state: State, power: str) -> list[str]:
    """The types that may be drawn from ``power``'s mix: none with a yellow dot, none used up
    (§7.3.Selecting L407-L410, §8.4.1 L468)."""
    left = _mix(state, power)
    return [u.label for u in _types(state.pack, power) if not u.yellow_dot and left[u.label] > 0]


@cache
def _types(folder: str | None, power: str) -> tuple[UnitType, ...]:
    """``power``'s unit types in the packs in ``folder`` (counters.units_of, read once)."""
    return pack_at(folder).counters.units_of(power)


def _sets(castles: list[str], most: int) -> Iterator[tuple[str, ...]]:
    for n in range(1, most + 1):
        yield from combinations(castles, n)


def trades(state: State, player: str, flipped: Sequence[str] = ()) -> list[Action]:
    """The intrinsic garrison trades open to ``player`` (§7.3 L405), none flipping back a castle
    a trade of this phase already flipped (``flipped``, K87)."""
    return list(_trades(state, player, flipped))


def _trades(
    state: State, player: str, flipped: Sequence[str], powers: list[str] | None = None
) -> Iterator[Action]:
    """trades(), one at a time; ``powers``: powers_of() the player if known."""
    sieges = state.sieges
    sides: tuple[dict[str, list[str]], dict[str, list[str]]] = ({}, {})  # Full, Low: power -> castles
    for at, castle in state.castles.items():  # the unbesieged castles of every Power, by side
        if at not in sieges and at not in flipped:
            sides[bool(castle["low"])].setdefault(castle["power"], []).append(at)
    for power in powers_of(state, player) if powers is None else powers:
        full = sorted(sides[False].get(power, ()))
        for label in drawable(state, power) if full else ():  # no Full castle: nothing to strip
            for pair in combinations(full, 2):
                yield ("strip", power, label, *pair)
            for one in full:
                yield ("strip", power, label, one)
        low = sorted(sides[True].get(power, ()))
        pool = state.pools.get(power, _EMPTY)
        for label, n in sorted(pool["full"].items()):
            if n:
                for c in _sets(low, 2):
                    yield ("refill", power, "full", label, *c)
        for label, n in sorted(pool["reduced"].items()):
            if n:
                for one in low:
                    yield ("refill", power, "reduced", label, one)


_EMPTY = group()
"""An empty pool, only read."""


def _choices(state: State, frame: Frame, role: str) -> Iterator[Action]:
    """The player's choices in order, one at a time: his leaders' placements, and only those while
    there are any (§7.1 L370); else his units' placements, then the trades, and "done" after the
    trades when no unit can be placed (§7.2 L392)."""
    if "placed" not in frame:
        return
    player = frame["player"]
    table = claims(state)
    powers = powers_of(state, player)
    pools = state.pools
    leaders = False
    for power in powers:
        for leader in pools.get(power, _EMPTY)["leaders"]:
            for at in leader_spaces(state, frame, power, table):  # his pool's Power (K96)
                leaders = True
                yield ("leader", leader, at)
    if leaders:
        return
    units = False
    for power in powers:
        pool = pools.get(power, _EMPTY)
        faces = [
            (face, label) for face in ("full", "reduced") for label, n in sorted(pool[face].items()) if n
        ]
        if not faces:
            continue
        spaces = []
        for at in unit_spaces(state, frame, power, table):  # the first face, as the spaces are read
            spaces.append(at)
            units = True
            yield ("unit", power, *faces[0], at)
        for face, label in faces[1:]:
            for at in spaces:
                yield ("unit", power, face, label, at)
    more = False
    for action in _trades(state, role, frame["flipped"], powers if role == player else None):
        more = True
        yield action
    if more and not units:
        yield ("done",)


def _legal(state: State, frame: Frame, role: str) -> list[Action]:
    return list(_choices(state, frame, role))


def _offers(state: State, frame: Frame, role: str) -> bool:
    """Whether the player has a choice, read only up to the first (procedures.py: ``offers``)."""
    return next(_choices(state, frame, role), None) is not None


def pool_of(state: State, player: str, leader: str) -> str:
    """The Power of ``player`` whose force pool holds ``leader``: his own, or the one an event gave
    his Power's pieces to (§8.4.1, K96), for whom he musters."""
    return next(p for p in powers_of(state, player) if leader in state.pools.get(p, group())["leaders"])


def _perform(state: State, frame: Frame, role: str, action: Action) -> None:
    verb = action[0]
    counters = data(state).counters
    if verb == "done":
        _end(state, frame)
    elif verb == "leader":
        _, leader, at = action
        power = pool_of(state, frame["player"], leader)
        state.pools[power]["leaders"].remove(leader)
        forces.put(state, "field", at, power, {"full": {}, "reduced": {}, "leaders": [leader]})
        frame["leader_spaces"].append(at)
        state.say("§7.1", f"{counters.leaders[leader].name} musters in {space_name(state, at)}.")
    elif verb == "unit":
        _, power, face, label, at = action
        forces.subtract(state.pools[power], forces.one(face, label))
        forces.put(state, "field", at, power, forces.one(face, label))
        if power not in CATHOLIC_FREE and power != BYZANTIUM:
            frame["placed"][at] = frame["placed"].get(at, 0) + 1
        state.say("§7.2", f"{power_name(state, power)}: a {face} {label} musters in {space_name(state, at)}.")
    elif verb == "strip":
        _, power, label, *castles = action
        face = "full" if len(castles) == 2 else "reduced"
        for c in castles:
            state.castles[c]["low"] = True
            frame["flipped"].append(c)
        forces.to_pool(state, power, forces.one(face, label))
        names = " and ".join(space_name(state, c) for c in castles)
        state.say(
            "§7.3",
            f"{power_name(state, power)}: the castle(s) at "
            f"{names} flip Low for a {face} {label} from the mix.",
        )
    else:
        _, power, face, label, *castles = action
        pool = state.pools[power]
        forces.subtract(pool, forces.one(face, label))
        step = face == "full" and len(castles) == 1  # one step off a full unit flips one castle
        if step:
            forces.add(pool, forces.one("reduced", label))
        for c in castles:
            state.castles[c]["low"] = False
            frame["flipped"].append(c)
        names = " and ".join(space_name(state, c) for c in castles)
        lost = f"a full {label} is reduced" if step else f"a {face} {label} leaves play"
        state.say("§7.3", f"{power_name(state, power)}: {lost}; the castle(s) at {names} flip Full.")


def neutral(state: State) -> None:
    """Each Neutral Power musters all its pooled leaders and units in its capital, whatever the
    limits, or nothing while another Power holds it (§7.4 L415); after the Muslim player (K86)."""
    for power in powers_of(state, NEUTRAL):
        pool = state.pools.get(power)
        if pool is None or forces.empty(pool):
            continue
        if not capitals(state, power):
            state.say("§7.4", f"{power_name(state, power)}, neutral, has no capital: it musters nothing.")
            continue
        for at in capitals(state, power):
            if _own_capital(state, power, at):
                moving = {
                    "full": dict(pool["full"]),
                    "reduced": dict(pool["reduced"]),
                    "leaders": list(pool["leaders"]),
                }
                forces.subtract(pool, moving)
                forces.put(state, "field", at, power, moving)
                state.say(
                    "§7.4",
                    f"{power_name(state, power)}, neutral, musters "
                    f"its force pool in {space_name(state, at)}.",
                )
                break
        else:
            state.say(
                "§7.4",
                f"{power_name(state, power)}, neutral, cannot muster: another Power holds "
                f"{' and '.join(space_name(state, c) for c in capitals(state, power))}, its capital.",
            )


def _own_capital(state: State, power: str, at: str) -> bool:
    """Whether no other Power holds ``power``'s capital ``at``: its stronghold, or units in it."""
    holder = state.castles[at]["power"] if at in state.castles else state.cities.get(at, power)
    if holder != power:
        return False
    return not any(p != power and not forces.empty(g) for p, g in state.field.get(at, {}).items())


def _end(state: State, frame: Frame) -> None:
    if frame["player"] == MUSLIM:
        neutral(state)
    PROCEDURES.pop(state, frame)


def _run(state: State, frame: Frame) -> None:
    if "placed" not in frame:
        frame["placed"], frame["leader_spaces"], frame["flipped"] = {}, [], []
    else:
        _end(state, frame)


def _player(state: State, frame: Frame) -> list[str]:
    return [frame["player"]]


def _prompt(state: State, frame: Frame, role: str) -> str:
    return (
        "Muster: place your pooled leaders, then units, or trade castle garrisons with the mix (§7.1-§7.3)."
    )


PROCEDURES.procedure(
    "muster",
    legal=_legal,
    perform=_perform,
    run=_run,
    prompt=_prompt,
    roles=_player,
    rule="§7",
    offers=_offers,
)


# -- Reinforcements by event (§8.4.1 L466-L468) ---------------------------------------------------


def reinforcement_spaces(state: State, player: str, power: str, where: str) -> list[str]:
    """Where a card's reinforcements of ``power`` may enter (the cards pack's ``where``): its
    capitals, any unbesieged place it controls, a besieged walled city it holds (inside), a
    Mediterranean port of the player's side, or the box or space the card names."""
    board = data(state).board
    if where.startswith(("box:", "space:")):
        return [where.split(":", 1)[1]]
    if where == "capital":
        return [
            c for c in capitals(state, power) if holder_side(state, c) == player and not besieged(state, c)
        ]
    if where == "besieged_city":
        return sorted(s for s, h in state.cities.items() if h == power and besieged(state, s))
    if where == "port":
        return [p for p in board.ports() if holder_side(state, p) == player and not besieged(state, p)]
    return [at for at in _places(state) if not besieged(state, at) and musters_for(state, at) == power]


def reinforcements(state: State, power: str, unit: str | None) -> list[tuple[str, str]]:
    """(source, label) a reinforcement may be: the named type, or any type without a yellow dot,
    from the counter mix; from the dead pile only when the mix has none; none at all: forfeited
    (§8.4.1 L466-L468)."""
    types = [
        u for u in data(state).counters.units_of(power) if (u.label == unit if unit else not u.yellow_dot)
    ]
    mix = [("mix", u.label) for u in types if in_mix(state, power, u.label) > 0]
    if mix:
        return mix
    dead = state.dead.get(power, group())["full"]
    return [("dead", u.label) for u in types if dead.get(u.label, 0) > 0]


def _reinforce_legal(state: State, frame: Frame, role: str) -> list[Action]:
    if "power" not in frame:
        return [("power", p) for p in frame["powers"]] if len(frame["powers"]) > 1 else []
    if frame["count"] <= 0:
        return []
    spaces = reinforcement_spaces(state, role, frame["power"], frame["where"])
    kinds = reinforcements(state, frame["power"], frame.get("unit"))
    return [("place", source, label, at) for source, label in kinds for at in spaces]


def _reinforce(state: State, frame: Frame, role: str, action: Action) -> None:
    if action[0] == "power":
        frame["power"] = action[1]
        return
    _, source, label, at = action
    power = frame["power"]
    if source == "dead":
        forces.subtract(state.dead[power], forces.one("full", label))
    place = "inside" if frame["where"] == "besieged_city" else "field"
    forces.put(state, place, at, power, forces.one("full", label))
    frame["count"] -= 1
    origin = "the counter mix" if source == "mix" else "the dead pile (the mix has none)"
    state.say(
        "§8.4.1",
        f"{power_name(state, power)}: a {label} from {origin} arrives in {space_name(state, at)}.",
    )


def _reinforce_run(state: State, frame: Frame) -> None:
    if "power" not in frame and len(frame["powers"]) == 1:
        frame["power"] = frame["powers"][0]
        return
    if frame.get("count", 0) > 0 and "power" in frame:
        state.say("§8.4.1", f"{frame['count']} reinforcement(s) forfeited: no unit or no place for them.")
    elif "power" not in frame:
        state.say("§8.4.1", "No Power of the player can take these reinforcements.")
    PROCEDURES.pop(state, frame)


@handler("reinforce")
def _reinforce_effect(state: State, player: str, effect: Effect, context: Mapping[str, Any]) -> None:
    """Units from the counter mix (§8.4.1 L466): for a named Power on the player's side, or one
    of his Powers he picks (``controlled``); placed by the ``reinforce`` procedure."""
    named = str(effect["power"])
    if named == CRUSADERS and player == CHRISTIAN and CRUSADERS not in state.political:
        # §19.3 L1230, K93: Crusader events may always be played, so they bring the Crusaders in
        state.political[CRUSADERS] = CHRISTIAN
        state.pools[CRUSADERS], state.dead[CRUSADERS] = group(), group()
        state.say("§19.3", f"The {power_name(state, CRUSADERS)} join the game on the Christian side.")
    mine = powers_of(state, player)
    powers = mine if named == "controlled" else [p for p in mine if p == named]
    PROCEDURES.push(
        state,
        "reinforce",
        player=player,
        powers=powers,
        count=int(effect["count"]),
        where=str(effect["where"]),
        unit=effect.get("unit"),
    )


PROCEDURES.procedure(
    "reinforce",
    legal=_reinforce_legal,
    perform=_reinforce,
    run=_reinforce_run,
    roles=_player,
    prompt="Reinforcements: choose the Power, then where each unit arrives (§8.4.1)",
    rule="§8.4.1",
)
