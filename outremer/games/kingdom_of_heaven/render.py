"""Kingdom of Heaven in words: the phase as the rulebook names it, an action for menus, and a view
as terminal text (outremer play). Reads views and the data packs only.
"""

from __future__ import annotations

import textwrap
from typing import Any

from .common import data, pack_at
from .names import key_words, leader_name
from .state import PLAYERS, State

PHASE_NAMES = {
    "replacement": "Replacement Phase (5.1)",
    "mustering": "Mustering Phase (5.2)",
    "deal": "Deal Strategy Cards and Ransom (5.3)",
    "initiative": "Determine Initiative (5.4)",
    "strategy": "Strategy Phase (5.5)",
    "demobilization": "Demobilization Phase (5.6)",
    "end": "End of Turn (5.7)",
}


WIDTH = 80
"""The terminal's width that every line of the board keeps within."""


def phase_name(phase: str) -> str:
    """The phase as the rulebook names it, with its section."""
    return PHASE_NAMES[phase]


def _names(state: State, part: Any) -> str:
    packs = data(state)
    text = str(part)
    if text in packs.cards.cards:
        return f"{packs.cards.cards[text].title} (#{text})"
    if text in packs.counters.leaders:
        return leader_name(state, text)
    return key_words(state, text)


PHRASES = {
    "event": "play {0} as an event",
    "activate": "play {0} to activate {1}",
    "activate_event": "play {0} to activate {1}, with its event",
    "vassal": "play {0} for a vassal move",
    "free_vassal": "a vassal move of one unit, without a card",
    "siege": "play {0} to resolve the siege of {1}",
    "diplomacy": "play {0} to influence {1}",
    "discard": "discard {0}",
    "pass": "pass",
    "respond": "respond with {0}",
    "ransom": "ransom {0}",
    "decline": "ransom no leader",
    "draw": "draw a replacement card",
    "no_draw": "draw no replacement card",
    "at": "the event acts at {0}",
    "passage": "spend the Diplomatic Advantage for free passage through {0}",
}
"""The turn section's actions in words (turn.py, strategy.py, events.py)."""


def describe(state: State, action: tuple[Any, ...]) -> str:
    """An action in words: the turn section's by their phrases, a combination of cards and a
    naval move by event spelt out, any other section's as its verb and the names it holds."""
    verb, names = action[0], [_names(state, p) for p in action[1:]]
    if verb == "diplomacy" and action[2] == "advantage":
        return f"play {names[0]} for the Diplomatic Advantage"
    if verb == "combine":
        return f"combine cards to activate {names[0]}"
    if verb == "add":
        return f"add {names[0]} to the combination"
    if verb == "sail":
        led = f" led by {names[1]}" if action[2] else ""
        return f"sail from {names[0]}{led}"
    if verb in PHRASES:
        return PHRASES[verb].format(*names)
    return " ".join([str(verb).replace("_", " "), *names])


def render_text(view: dict[str, Any]) -> str:
    """The view as lines of text: turn and phase, VP, hands, the stacks on the map, the prompt."""
    packs = pack_at(None)
    lines = [
        f"Scenario {view['scenario']}, turn {view['turn']}: {phase_name(view['phase'])}",
        f"VP: Christian {view['vp']['christian']}, Muslim {view['vp']['muslim']}. Deck {view['deck']}, "
        f"discards {len(view['discard'])}.",
    ]
    for p in PLAYERS:
        h = view["hands"][p]
        cards = ", ".join(
            f"{packs.cards.cards[c].title} (#{c}, OV {packs.cards.cards[c].ov})" for c in h.get("cards", [])
        )
        lines.append(f"{p.capitalize()} hand: {h['size']} card(s){': ' + cards if cards else ''}")
    for place, label in (("field", ""), ("inside", " (inside)")):
        for space, groups in sorted(view[place].items()):
            where = packs.board.spaces[space].name if space in packs.board.spaces else space
            for power, g in sorted(groups.items()):
                full = sum(g["full"].values())
                reduced = sum(g["reduced"].values())
                leaders = ", ".join(packs.counters.leaders[x].name for x in g["leaders"])
                led = f"; {leaders}" if leaders else ""
                lines.append(
                    f"  {where}{label}: {packs.counters.powers[power].name} "
                    f"{full} full, {reduced} reduced{led}"
                )
    lines.append(view.get("prompt", ""))
    # A terminal 80 wide: a long line (a hand of seven cards) wraps, its continuation indented.
    return "\n".join(
        "\n".join(textwrap.wrap(line, WIDTH, subsequent_indent="    ", break_on_hyphens=False)) or line
        for line in lines
    )
