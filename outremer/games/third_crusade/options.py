"""The setup options of the rulings' other readings (docs/third-crusade/rulings.md, "Other reading").

Each option is off by default: the game follows the ruling. ``state.options`` holds the choice of
every one, fixed at setup; ``on`` reads it where the ruling is applied.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.game import Option
from .state import State

OPTIONS = (
    Option(
        "control_units_only",
        False,
        "Only Units count for Control: Leaders alone Control nothing",
        "Glossary.Control, R1",
    ),
    Option(
        "faith_against_whole_track",
        False,
        "A lone player's Faith is compared with the pair's marker wherever it stands",
        "Battle.Faith, R2",
    ),
    Option(
        "diversion_adjacent_to_itself",
        False,
        "A Diversion cancels only a Reaction in its own Region or one adjacent to it",
        "Glossary.Diversion, R4",
    ),
    Option(
        "reinforce_units_only",
        False,
        "Leaders never add to a Reinforce",
        "Glossary.ReinforceOrder, R5",
    ),
    Option(
        "retreat_gives_no_glory",
        False,
        "A Retreat also denies the attacker the Battle's Glory",
        "Glossary.Retreat, R7",
    ),
    Option(
        "placed_attackers_die_when_beaten",
        False,
        "Beaten attackers placed by an Event or a Muster are all removed instead of retreating",
        "Battle.Retreat.Attacker, R8",
    ),
    Option(
        "neutral_regions_fight",
        False,
        "Marching into a Region of Neutral pieces alone is a Battle, fought without Reactions",
        "Glossary.Neutral, R38",
    ),
    Option(
        "leaders_only_no_glory",
        False,
        "Beating a side of Leaders without Unit icons gains no Glory",
        "Battle.Strength.LeadersOnly, R49",
    ),
    Option(
        "missions_count_covered",
        False,
        "A Mission counts the icons printed in a Region even when covered",
        "Upkeep.1, R14",
    ),
    Option(
        "unused_reactions_unpunished",
        False,
        "An un-executed Reaction Order not tithed costs no Glory at upkeep",
        "Upkeep.3, R15",
    ),
    Option(
        "diplomacy_any_region",
        False,
        "What the diplomacy board gives goes into any Region without enemy pieces",
        "Diplomacy.Board, R16",
    ),
    Option(
        "lone_player_bids_twice",
        False,
        "With 3 players the lone player makes two bids from its gold, for two rewards and two moves",
        "Diplomacy.Bid, R17",
    ),
    Option(
        "uncontrolled_tie_shared",
        False,
        "Even Glory after the last round with nobody holding Jerusalem is a victory for all",
        "EndGame.2, R23",
    ),
    Option(
        "final_winner_more_tiebreakers",
        False,
        "A partner winning more tiebreakers than the other, 1 to 0 too, is the Final Winner",
        "EndGame.FinalWinner, R24",
    ),
    Option(
        "refill_chosen_section",
        False,
        "The owner chooses the Section of its player board each Unit coming back fills",
        "Glossary.Section, R13",
    ),
)


def chosen(options: Mapping[str, Any] | None) -> dict[str, bool]:
    """Every option of this module with its value in ``options`` (the default when absent)."""
    given = options or {}
    return {o.name: bool(given.get(o.name, o.default)) for o in OPTIONS}


def on(state: State, name: str) -> bool:
    """Whether the game is played with the other reading ``name``."""
    return state.options[name]
