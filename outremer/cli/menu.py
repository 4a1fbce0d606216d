"""Numbered choices for the terminal, in stages when there are many.

A long list of legal actions is shown grouped by the next part of the action (first the verb,
then its first argument, ...), each group labelled by the words its choices share; picking a
group narrows the list, ``0`` widens it again. Nothing here knows a title's rules.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..engine.game import Action

MENU_LIMIT = 25


@dataclass(frozen=True)
class Choice:
    """One numbered line: an action, or a group of actions sharing ``prefix``."""

    label: str
    action: Action | None = None
    prefix: tuple[object, ...] = ()


def _shared_words(texts: list[str]) -> str:
    words = texts[0].split()
    for text in texts[1:]:
        other = text.split()
        n = 0
        while n < len(words) and n < len(other) and words[n] == other[n]:
            n += 1
        words = words[:n]
    return " ".join(words)


def choices(
    legal: list[Action], prefix: tuple[object, ...], describe: Callable[[Action], str]
) -> list[Choice]:
    """The lines to show for ``legal`` narrowed to ``prefix``."""
    depth = len(prefix)
    narrowed = [a for a in legal if a[:depth] == prefix]
    while True:
        if len(narrowed) <= MENU_LIMIT:
            return [Choice(describe(a), action=a) for a in narrowed]
        groups: dict[object, list[Action]] = {}
        for a in narrowed:
            key = a[depth] if len(a) > depth else None
            groups.setdefault(key, []).append(a)
        if len(groups) > 1:
            break
        depth += 1  # every choice agrees here: look one part further
    out: list[Choice] = []
    for key, members in groups.items():
        if len(members) == 1 or key is None:
            out.extend(Choice(describe(a), action=a) for a in members)
        else:
            shared = _shared_words([describe(a) for a in members])
            out.append(
                Choice(f"{shared or key} ... ({len(members)} choices)", prefix=members[0][: depth + 1])
            )
    return out
