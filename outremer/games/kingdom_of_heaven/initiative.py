"""Rank and initiative in Kingdom of Heaven: which leader outranks which (§10.3), each player's
ranking leader on the map and the player who takes the first action round (§5.4).

Section keys are those of docs/kingdom-of-heaven/sections.md; K-numbers are rulings.md's.
"""

from __future__ import annotations

from ...engine import rng
from .common import data
from .counters import Counters
from .state import CHRISTIAN, MUSLIM, PLAYERS, State

CRUSADERS = "crusaders"
KINGDOM = "jerusalem"


def outranks(counters: Counters, a: str, b: str) -> bool:
    """Whether leader ``a`` outranks leader ``b`` (§10.3 L596-L598): a Crusader outranks every
    Catholic non-Crusader, a Kingdom of Jerusalem leader every other Catholic non-Crusader;
    otherwise the higher command rating outranks the lower."""
    la, lb = counters.leaders[a], counters.leaders[b]
    if _above(counters, la.power, lb.power):
        return True
    if _above(counters, lb.power, la.power):
        return False
    return la.command > lb.command


def leading(state: State, ids: list[str]) -> str | None:
    """The leader whose battle rating counts for a force now (§10.3 L600, K69): its highest-ranked
    (outranked by the fewest of the others); among equals of rank whose battle ratings differ,
    one drawn at random and said to both. Called at the moment the rating is used: a battle, an
    assault, a stronghold's RF and the Call for Surrender."""
    counters = data(state).counters
    if not ids:
        return None
    above = {a: sum(outranks(counters, b, a) for b in ids if b != a) for a in ids}
    best = sorted(a for a in ids if above[a] == min(above.values()))
    if len({counters.leaders[x].battle for x in best}) == 1:
        return best[0]
    pick = rng.choice(state, best)
    state.barrier += 1
    state.say("§10.3", f"Leaders of equal rank: {counters.leaders[pick].name} is drawn to lead.")
    return str(pick)


def _above(counters: Counters, a: str, b: str) -> bool:
    """Whether a leader of Power ``a`` outranks one of Power ``b`` by §10.3's first two cases."""
    if b == CRUSADERS or counters.powers[b].religion != "catholic":
        return False
    return a == CRUSADERS or (a == KINGDOM and b != KINGDOM)


def leaders_on_map(state: State, player: str) -> list[str]:
    """The leaders ``player`` controls on the map (§5.4 L299): in spaces and boxes, outside or
    inside a stronghold, of a Power on his side; prisoners, the force pool and the dead are off it."""
    found = [
        lid
        for place in (state.field, state.inside)
        for groups in place.values()
        for power, g in groups.items()
        if state.orientation(power) == player
        for lid in g["leaders"]
    ]
    return sorted(found)


def ranking_leader(state: State, player: str) -> str | None:
    """``player``'s highest-ranked leader on the map (§5.4 L299, §10.3 L600), None without one
    (K30). The candidates are the leaders outranked by the fewest of his others: those nobody
    outranks, or all of a cycle of rank (K29); among several, the lowest strategy rating (§5.4),
    then the lowest leader id, since the choice cannot change the initiative."""
    counters = data(state).counters
    mine = leaders_on_map(state, player)
    if not mine:
        return None
    above = {a: sum(outranks(counters, b, a) for b in mine if b != a) for a in mine}
    fewest = min(above.values())
    return min((a for a in mine if above[a] == fewest), key=lambda a: (counters.leaders[a].strategy, a))


def first_player(state: State) -> str:
    """The player taking the first action round (§5.4 L299): the one whose ranking leader has the
    lower strategy rating; on a tie the Christian. A player with no leader on the map is beaten by
    one with a leader; with none on either side, the Christian goes first (K30)."""
    counters = data(state).counters
    rating = {}
    for player in PLAYERS:
        lid = ranking_leader(state, player)
        rating[player] = None if lid is None else counters.leaders[lid].strategy
    christian, muslim = (rating[p] for p in PLAYERS)
    if muslim is not None and (christian is None or muslim < christian):
        return MUSLIM
    return CHRISTIAN


def determine(state: State) -> None:
    """Set the player moving first this turn and log it with both ranking leaders, all public
    (§5.4; leaders on the map are seen by both, §10.5.1)."""
    counters = data(state).counters
    state.first = first_player(state)
    named = []
    for player in PLAYERS:
        lid = ranking_leader(state, player)
        if lid is None:
            named.append(f"{player.capitalize()}: no leader on the map")
        else:
            x = counters.leaders[lid]
            named.append(f"{player.capitalize()}: {x.name} (strategy {x.strategy})")
    state.say("§5.4", f"Initiative: {'; '.join(named)}. The {state.first.capitalize()} goes first.")
