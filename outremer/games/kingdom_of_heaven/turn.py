"""The turn of Kingdom of Heaven, its phases in order (§5.1-§5.7), and the ransom of the deal (§5.3,
§8.1, §13.6).

Section keys are those of docs/kingdom-of-heaven/sections.md; K-numbers are rulings.md's. The
``turn`` frame never pops: it runs its steps in order, pushing each phase's procedures by kind
(replacement, muster, strategy, demobilize, crusade) and reading on once they end, then begins the
next turn or ends the game (§5.7, §20.2). Turn 1 was dealt by the set-up (setup.new_game) and has
no replacement or mustering (§5.1, §5.2).
"""

from __future__ import annotations

from ...engine import rng
from ...engine.procedures import Frame
from . import diplomacy, initiative, setup, victory
from .common import data
from .forces import to_pool
from .procedures import PROCEDURES
from .state import PLAYERS, State

STEPS = (
    "crusade",
    "replacement",
    "mustering",
    "deal",
    "ransom",
    "initiative",
    "strategy",
    "demobilization",
    "end",
)
"""The turn's steps: the Crusade check at the start of its turn (§19.1, §19.2), then §5.1-§5.7."""


def other(player: str) -> str:
    """The opponent of ``player``."""
    return PLAYERS[1 - PLAYERS.index(player)]


def _push_each(state: State, kind: str, order: tuple[str, ...]) -> None:
    """One ``kind`` frame per player, run in ``order`` (the first pushed last, so it runs first)."""
    for player in reversed(order):
        PROCEDURES.push(state, kind, player=player)


def _turn(state: State, frame: Frame) -> None:
    """One step of the turn; each runs once, the phases' procedures pushed above it."""
    frame.pop("done", None)
    step = frame.get("step", STEPS[0])
    if step != "end":
        frame["step"] = STEPS[STEPS.index(step) + 1]
    first_turn = state.turn == 1
    if step == "crusade":
        if victory.crusade_due(state):  # §19.1 L1220, §19.2 L1224: at the start of the turn
            PROCEDURES.push(state, "crusade")
    elif step == "replacement" and not first_turn:  # §5.1, the Christian first
        state.phase = "replacement"
        _push_each(state, "replacement", PLAYERS)
    elif step == "mustering" and not first_turn:  # §5.2, the Christian first
        state.phase = "mustering"
        _push_each(state, "muster", PLAYERS)
    elif step == "deal":  # §5.3, §8.1; turn 1's cards were dealt at the set-up
        state.phase = "deal"
        if not first_turn:
            setup.deal(state)
    elif step == "ransom":  # §5.3 L295, §13.6 L827: a public fact, the prisoners held
        held = tuple(p for p in PLAYERS if state.prisoners[other(p)])
        _push_each(state, "ransom", held)
    elif step == "initiative":  # §5.4
        state.phase = "initiative"
        initiative.determine(state)
    elif step == "strategy":  # §5.5
        state.phase = "strategy"
        PROCEDURES.push(state, "strategy")
    elif step == "demobilization":  # §5.6, the Muslim first
        if state.passage:  # §9.4 L533: a passage still running ends with the last round
            diplomacy.passage_ends(state, state.passage["player"])
        state.phase = "demobilization"
        _push_each(state, "demobilize", tuple(reversed(PLAYERS)))
    elif step == "end":
        _end_of_turn(state, frame)


def _end_of_turn(state: State, frame: Frame) -> None:
    """The end of the turn (§5.7): the ordered reshuffle (§8.5 L482), this turn's records cleared,
    and the next turn begun, or the game over after the scenario's last turn (§20.2)."""
    state.phase = "end"
    if state.reshuffle:
        state.deck += state.discard
        state.discard = []
        rng.shuffle(state, state.deck)
        state.barrier += 1
        state.reshuffle = False
        state.say("§8.5", f"Deck and discards are shuffled together: {len(state.deck)} cards.")
    state.calls = []  # §17.5 L1000: once per stronghold per turn
    state.diplomacy = {"tried": [], "moved": []}  # §9.2 L510
    state.lasting = []  # events holding for the rest of the turn
    state.wintering = []  # §16.1 L927: a Winter Campaign keeps its army out this turn only
    turns = data(state).scenarios[state.scenario].turns
    if state.turn >= turns:  # §5.7 L317, §20.2 L1244
        victory.final(state)
        return
    state.turn += 1
    frame["step"] = STEPS[0]
    scenario = data(state).scenarios[state.scenario]
    state.say("§5.7", f"Turn {state.turn} ({scenario.year(state.turn)}) begins.")


# -- the ransom (§5.3, §8.1, §13.6) --------------------------------------------------------


def ransomable(state: State, player: str) -> list[str]:
    """The leaders ``player`` may ransom now: his own held by the opponent (§13.6 L826), if he
    holds a card for the opponent to draw (K40)."""
    if not state.hands[player]:
        return []
    return list(state.prisoners[other(player)])


def _ransom_legal(state: State, frame: Frame, role: str) -> list[tuple[str, ...]]:
    if role != frame["player"]:
        return []
    leaders = ransomable(state, role)
    return [*(("ransom", lid) for lid in leaders), ("decline",)] if leaders else []


def _ransom(state: State, frame: Frame, role: str, action: tuple[str, ...]) -> None:
    """One leader freed for one card drawn at random by the opponent from the ransomer's hand
    (§13.6 L826-L827, K40); the card is seen by both (state.known), the leader goes to his
    Power's force pool, to be mustered next turn."""
    if action[0] == "ransom":
        leader = action[1]
        taker = other(role)
        card = rng.choice(state, sorted(state.hands[role]))
        state.barrier += 1
        state.hands[role].remove(card)
        if card in state.known[role]:
            state.known[role].remove(card)
        state.hands[taker].append(card)
        state.known[taker].append(card)
        state.prisoners[taker].remove(leader)
        packs = data(state)
        lead = packs.counters.leaders[leader]
        to_pool(state, lead.power, {"full": {}, "reduced": {}, "leaders": [leader]})
        state.say(
            "§13.6",
            f"The {role.capitalize()} ransoms {lead.name}: the {taker.capitalize()} draws "
            f"{packs.cards.cards[card].title} (#{card}) from his hand.",
        )
    else:
        state.say("§5.3", f"The {role.capitalize()} ransoms no leader this turn.")
    PROCEDURES.pop(state, frame)


def _ransom_run(state: State, frame: Frame) -> None:
    """Nobody to ransom, or no card to pay with: nothing to ask (a public fact: hand sizes)."""
    PROCEDURES.pop(state, frame)


def _ransom_prompt(state: State, frame: Frame, role: str) -> str:
    return (
        f"Ransom (§5.3, §13.6): free one of your leaders held by the {other(role).capitalize()}, "
        "who draws one of your cards at random, or decline."
    )


PROCEDURES.procedure("turn", run=_turn, rule="§5")
PROCEDURES.procedure(
    "ransom",
    legal=_ransom_legal,
    perform=_ransom,
    run=_ransom_run,
    prompt=_ransom_prompt,
    roles=lambda state, frame: [frame["player"]],
    rule="§13.6",
)
