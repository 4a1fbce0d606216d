"""The step under way in words, as the rulebook calls it, with its rule number: what the player is
deciding now (views.py shows it as ``phase_name``, never the procedure's internal kind or stage).

The names follow the Sequence of Play (8.1) and the headings of the rules each procedure carries
out; a decision inside a nested procedure (a battle inside a march, say) is named after the innermost
one, since that is what is being decided.
"""

from __future__ import annotations

from ...engine.procedures import Frame
from .procedures import PROCEDURES
from .state import State

TURN = {
    "event": "Event Step (9.0)",
    "standard": "Standard Action Step (12.1)",
    "special_boons": "Special Actions Determination (12.2)",
    "determination": "Special Actions Determination (12.2)",
    "special": "Special Actions Execution (12.2)",
    "reaction": "Muslim Reaction Step (27.0)",
    "winter": "Winter Supply Step (28.0)",
    "end": "End of the turn (8.0)",
}
"""The turn's steps (8.1)."""

MARCHES = {
    "march": "Land March Action (18.0)",
    "leader_march": "Leader Land March Action (19.0)",
    "sea_move": "Naval Movement Action (20.0)",
    "leader_sea_move": "Leader Naval Movement Action (21.0)",
}
"""The movement Actions; a Supplied March (22.0) is any of them with ``supplied_`` before it."""

MARCH_STAGES = {
    "form": "forming the force (17.1)",
    "move": "moving (17.4)",
    "attrition": "Attrition Check (18.2)",
    "camp": "using a Camp (22.1)",
    "engage": "Engagement (17.6)",
    "end": "the end of the move (17.1)",
}
"""The steps of a movement Action (17.1)."""

ATTRITION = {
    "18.2": "Attrition Check (18.2)",
    "20.1": "Naval Movement losses (20.1)",
    "25.1": "Sea Movement losses (25.1)",
    "25.3": "Fleet Capacity losses (25.3)",
}
"""An attrition frame by the rule its losses are taken under."""

BATTLE_STAGES = {
    "force": "which force attacks (23.0)",
    "boons": "Pilgrimage markers before the battle (13.2)",
    "reinforce": "Reinforce Muslims (23.1)",
    "edge": "Determine Tactical Edge (23.1)",
    "rounds": "the number of rounds (23.1)",
    "round": "a round begins (23.1)",
    "fire": "Fire (23.2)",
    "hits": "Combat Results (23.3)",
    "continue": "the round ends (23.1)",
    "outcome": "Winning a Battle (24.0)",
    "withdraw": "Stalemate: the withdrawal (24.2)",
    "embark": "Stalemate: boarding the fleets (24.2, 25.2)",
    "leave": "Post Battle (26.5)",
    "finish": "the battle ends (24.0)",
}
"""The steps of a battle (23.1 (1)-(7), 24.0-24.2)."""

SIEGES = {
    "attack": "Siege attack (34.2)",
    "relief": "Relief of a siege (34.4)",
    "assault": "Siege assault (34.2)",
}
"""A battle of the Siege option, by its kind (34.2-34.4)."""

WINTER_STAGES = {
    "check": "Christian Supply Check (28.1)",
    "boons": "Christian Supply Check (28.1): Supplies markers",
    "camps": "Christian Supply Check (28.1): Camps",
    "losses": "Out of Supply (28.2)",
    "muslims": "Muslim Supply (28.3)",
    "massacres": "Massacres (34.6)",
}
"""The steps of the Winter Supply Step (28.0)."""

KINDS = {
    "action": "Action Procedure (12.4)",
    "stacking": "Stacking (10.1)",
    "rally": "Rally Action (15.1)",
    "ambush_leave": "Ambush: the Muslims leave (13.2)",
    "mercenary": "Mercenaries (32.5)",
    "arrival": "Crusader Reinforcement (35.0)",
    "assassins_strike": "Assassins Strike! (35.0)",
    "leader_goes_home": "Crusader Leader Goes Home (35.0)",
    "winter_losses": "Out of Supply (28.2)",
}
"""The procedures named by their kind alone."""

OVER = "End of the game (6.2)"


def frame_name(frame: Frame) -> str:
    """The rulebook's name of the step a frame is at."""
    kind, stage = frame["kind"], str(frame.get("stage"))
    if kind == "turn":
        return TURN[stage]
    if kind == "march":
        verb = str(frame["verb"])
        supplied = verb.startswith("supplied_")
        base = MARCHES[verb.removeprefix("supplied_")]
        if supplied:
            base = f"Supplied March (22.0), {base}"
        return f"{base}: {MARCH_STAGES[stage]}"
    if kind == "attrition":
        return ATTRITION[frame["rule"]]
    if kind == "battle":
        what = SIEGES[frame["siege"]] if frame.get("siege") else "Combat (23.0)"
        return f"{what}: {BATTLE_STAGES[stage]}"
    if kind == "winter":
        return f"Winter Supply Step (28.0): {WINTER_STAGES[stage]}"
    return KINDS[kind]


def phase_name(state: State) -> str:
    """The step the game is at, by the rulebook's name and rule number (the innermost procedure's);
    the end of the game once it is over."""
    frame = PROCEDURES.top(state)
    if frame is None or state.result is not None:
        return OVER
    return frame_name(frame)
