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
