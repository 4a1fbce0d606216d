"""Graphs of a title's data: what a chain of steps reaches (a map's connectivity, the diplomacy
board's lines), for the pack checks and the rules that follow links."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

Node = TypeVar("Node", bound=Hashable)


def reached(start: Node, steps: Callable[[Node], Iterable[Node]]) -> set[Node]:
    """``start`` and every node a chain of ``steps`` leads to from it (breadth first)."""
    seen = {start}
    todo = deque([start])
    while todo:
        for there in steps(todo.popleft()):
            if there not in seen:
                seen.add(there)
                todo.append(there)
    return seen


def distances(starts: Iterable[Node], steps: Callable[[Node], Iterable[Node]]) -> dict[Node, int]:
    """The fewest ``steps`` from any of ``starts`` to every node reached (breadth first)."""
    far = dict.fromkeys(starts, 0)
    todo = deque(far)
    while todo:
        here = todo.popleft()
        for there in steps(here):
            if there not in far:
                far[there] = far[here] + 1
                todo.append(there)
    return far
