"""City levels, Influence and City control: the moves every rule that touches a City makes.

A City has its columns of Influence and, rightmost, the control level: 4 levels on the
four-player side of its Location card and 3 on the other (``Players.1``, R11b).
``state.influence[location]`` lists the role on each level, first (leftmost) level first, the last
being the control level (``Presence.Influence.5``). One marker per player per
City and one per level (``Presence.Influence.7``, ``.8``). The City Control marker moves only when
a player's Influence reaches the control level (R10d).

Used by Presence (placing, raising, pushing), card effects (``swap_up``, ``push_down``) and Sieges
(``Siege.12``).
"""

from __future__ import annotations

from .common import data, name, whose
from .state import State


def top(state: State, location: str) -> int:
    """The index of the control level of ``location``'s City."""
    return len(state.influence[location]) - 1


def cost(state: State, location: str, level: int) -> int:
    """The Gold printed on a City level (``Locations.Anatomy.4``)."""
    return data(state).cities[location].sides[state.side].costs[level]


def income(state: State, location: str, level: int) -> int:
    """The Gold a City level yields at Income (``Locations.Anatomy.6``, ``Income.3``)."""
    return data(state).cities[location].sides[state.side].income[level]


def protected(state: State, location: str) -> str | None:
    """The role whose Influence the Presence action cannot push down in ``location``: the holder
    of its City Control marker with a Citadel there (``Presence.Influence.9``)."""
    holder = state.control.get(location)
    if holder is not None and state.citadels.get(location) == holder:
        return holder
    return None


def pushed(state: State, location: str, role: str, level: int) -> list[str]:
    """The other roles whose Influence drops if ``role`` takes ``level`` of ``location``: with the
    cascade (R2), the marker there and, while the level below each is held, the marker below; with
    the option ``push_all``, every other marker on that level or below."""
    levels = list(state.influence[location])
    old = levels.index(role) if role in levels else None
    if old is not None:
        levels[old] = None  # a raise leaves its old level first (Presence.Influence.2)
    if state.options.get("push_all"):
        return [r for r in levels[: level + 1] if r is not None and r != role]
    out: list[str] = []
    i = level
    while i >= 0 and levels[i] is not None:
        out.append(levels[i])  # type: ignore[arg-type]
        i -= 1
    return out


def place(state: State, role: str, location: str, level: int, key: str) -> None:
    """``role``'s Influence goes to ``level`` of ``location`` (from its old level there, if any):
    the markers it displaces drop (R2), one dropped below the first level goes back to its owner's
    supply (``Presence.Influence.4``), and reaching the control level takes the City Control marker
    (``Presence.Influence.5``)."""
    levels = state.influence[location]
    if role in levels:
        levels[levels.index(role)] = None
    falling = pushed(state, location, role, level)
    if state.options.get("push_all"):
        # every displaced marker drops one level, the lowest first, so none lands on another
        for i in range(level + 1):
            r = levels[i]
            if r is not None and r in falling:
                levels[i] = None
                if i > 0:
                    levels[i - 1] = r
        for r in falling:
            _said_drop(state, r, location, key)
    else:
        # the cascade: the lowest displaced marker moves first
        bottom = level - len(falling) + 1
        for i in range(bottom, level + 1):
            r = levels[i]
            levels[i] = None
            if i > 0:
                levels[i - 1] = r
            _said_drop(state, r, location, key)  # type: ignore[arg-type]
    levels[level] = role
    if level == top(state, location):
        take_control(state, role, location, key)


def _said_drop(state: State, role: str, location: str, key: str) -> None:
    if role in state.influence[location]:
        state.say(key, f"{whose(role, start=True)} Influence in {name(state, location)} drops one level.")
    else:
        where = name(state, location)
        state.say(
            key, f"{whose(role, start=True)} Influence leaves {where} for its supply (Presence.Influence.4)."
        )


def drop(state: State, role: str, location: str, key: str) -> None:
    """``role``'s Influence in ``location`` drops one level (``push_down``), changing places with
    the marker on that level if there is one (who thus rises, as the pusher does in
    ``Presence.Example``); from the first level it goes back to its owner's supply
    (``Presence.Influence.4``). A rise onto the control level takes the City Control marker."""
    levels = state.influence[location]
    i = levels.index(role)
    if i == 0:
        levels[0] = None
        _said_drop(state, role, location, key)
    elif levels[i - 1] is None:
        levels[i - 1], levels[i] = role, None
        _said_drop(state, role, location, key)
    else:
        swap_up(state, levels[i - 1], location, key)  # type: ignore[arg-type]


def swap_up(state: State, role: str, location: str, key: str) -> None:
    """``role``'s Influence changes places with the Influence on the level directly above it
    (``swap_up``, ``Presence.Example``); reaching the control level takes the City Control
    marker (``Presence.Influence.5``)."""
    levels = state.influence[location]
    i = levels.index(role)
    other = levels[i + 1]
    levels[i], levels[i + 1] = other, role
    if other is not None:
        state.say(key, f"{whose(other, start=True)} Influence in {name(state, location)} drops one level.")
    state.say(key, f"{whose(role, start=True)} Influence in {name(state, location)} rises one level.")
    if i + 1 == top(state, location):
        take_control(state, role, location, key)


def remove(state: State, role: str, location: str) -> None:
    """``role``'s Influence leaves ``location`` for its supply (``Siege.12.1``, ``Siege.12.2``)."""
    levels = state.influence[location]
    levels[levels.index(role)] = None


def take_control(state: State, role: str, location: str, key: str) -> None:
    """``role`` takes ``location``'s City Control marker, from the card or its holder (R10d)."""
    holder = state.control.get(location)
    if holder == role:
        return
    state.control[location] = role
    was = f" from {holder}" if holder else ""
    state.say(key, f"{role} takes the City Control marker of {name(state, location)}{was}.")
