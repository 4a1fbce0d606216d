"""Display names for the ids the rule sections pass around: a space or box of the map, a Power, a
leader, and the words for a few keys (an attrition's cause), so that log lines and prompts show the
names the rulebook prints, never an internal id (§2.2 the map's spaces, §3.Powers, the leader
counters)."""

from __future__ import annotations

from .common import data
from .state import State

WHY = {
    "asia_minor": "Asia Minor crossing",
}
"""Keys whose words are more than the key spelt out (foraging's ``why``, §15.2 Asia Minor)."""


def role_name(role: str) -> str:
    """The name of a role, or of a side of the political status track, as a sentence writes it:
    "Christian", "Muslim", "Neutral" (§2, §9.1)."""
    return role.capitalize()


def space_name(state: State, at: str) -> str:
    """The name of the space or box ``at`` (the id itself if the map has no such place)."""
    board = data(state).board
    if at in board.spaces:
        return board.spaces[at].name
    if at in board.boxes:
        return board.boxes[at].name
    return at


def power_name(state: State, pid: str) -> str:
    """The name of the Power ``pid`` (the id itself if the pack has no such Power)."""
    powers = data(state).counters.powers
    return powers[pid].name if pid in powers else pid


def leader_name(state: State, lid: str) -> str:
    """The name of the leader ``lid`` (the id itself if the pack has no such leader)."""
    leaders = data(state).counters.leaders
    return leaders[lid].name if lid in leaders else lid


def key_words(state: State, key: str) -> str:
    """The words for a key a frame holds (a ``why``, an effect's kind): those of WHY, else the name
    of the Power or place of that id, else the key spelt out."""
    if key in WHY:
        return WHY[key]
    if key in data(state).counters.powers:
        return power_name(state, key)
    named = space_name(state, key)
    return named if named != key else key.replace("_", " ")
