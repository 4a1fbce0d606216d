"""What the titles' terminal boards share: 80 columns, and lines wrapped so that a count stays with
its noun ("2 Gold") and a glued phrase is never broken."""

from __future__ import annotations

import re
import textwrap

WIDTH = 80
"""The columns of a terminal board."""

NBSP = "\u00a0"
NUMBER = re.compile(r"\b(\d+) ")


def glue(text: str) -> str:
    """``text`` as one piece: :func:`wrap` never breaks it."""
    return text.replace(" ", NBSP)


def wrap(text: str, indent: str = "") -> list[str]:
    """``text`` wrapped to :data:`WIDTH`, its next lines indented past ``indent``; a number is
    kept with the word after it."""
    wrapper = textwrap.TextWrapper(
        width=WIDTH,
        initial_indent=indent,
        subsequent_indent=indent + "    ",
        break_on_hyphens=False,
        break_long_words=False,
    )
    glued = NUMBER.sub("\\1" + NBSP, text)
    return [line.replace(NBSP, " ") for line in wrapper.wrap(glued)]
