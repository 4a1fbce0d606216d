"""The sequence of play: years, game turns and their phases (introduction, 1.2, 4.x, 7.0, 8.x).

Two sequences (procedures.py) run the game: ``game``, at the bottom of the stack, deals each year
and starts each game turn; ``turn`` steps through a game turn, pushing each part by its kind and
carrying on when that part ends: the cards (4.1), Player 1's and Player 2's events or moves (4.2,
5.0), then the battles (6.0) and the draws (7.0), or in the Winter Turn the winter (8.x), then the
end of the game turn (1.2). So the whole order of play reads top to bottom in this one file, and no
rule section needs to know what follows it.
"""

from __future__ import annotations

from ...engine import rng
from ...engine.procedures import Frame
from .board import FRANKS, SARACENS, enemy
from .cards import begin_player
from .common import BOARD, log, victory_count
from .procedures import PROCEDURES, ask, begin, end, sequence
from .state import State, new_flags

FIRST_YEAR = 1187
LAST_YEAR = 1192
WINTER_TURN = 6
HAND_SIZE = 6


def _game(state: State, frame: Frame) -> None:
    """The years (1.2, 8.5): after deployment the first deal; after a Winter Turn the year end and
    the next deal; then the next game turn."""
    if state.turn == WINTER_TURN:
        next_year(state)
    elif state.turn == 0:
        start_year(state)
    start_turn(state)


def _turn(state: State, frame: Frame) -> None:
    """One game turn, a step at a time; ``stage`` names the step to take next."""
    stage = frame["stage"]
    if stage == "cards":
        frame["stage"] = "revealed"
        ask(state, "card", FRANKS, SARACENS)
    elif stage == "revealed":
        if state.flags["cancelled"]:  # 4.2: no moves, battles or draws; the winter still comes
            frame["stage"] = "winter" if state.turn == WINTER_TURN else "end"
        else:
            assert state.p1 is not None
            frame["stage"] = "p2"
            begin_player(state, state.p1)
    elif stage == "p2":
        state.mv = None
        frame["stage"] = "moved"
        begin_player(state, player2(state))
    elif stage == "moved":
        state.mv = None  # both move phases are done: battles, or in the Winter Turn the winter (8.1)
        frame["stage"] = "winter" if state.turn == WINTER_TURN else "battles"
    elif stage == "battles":
        frame["stage"] = "draws"
        begin(state, "battles")
    elif stage == "draws":
        state.attacks = {}
        frame["stage"] = "end"
        begin(state, "draws")
    elif stage == "winter":
        frame["stage"] = "close"
        begin(state, "winter")
    elif stage == "close":
        end(state)  # the winter has ended the year (8.5)
    else:  # "end": sudden death (1.2), else the next game turn
        if not check_sudden_death(state):
            end(state)


def start_year(state: State) -> None:
    """Shuffle all 27 cards and deal six to each player (4.0, 8.5)."""
    deck = list(BOARD.card_ids)
    state.barrier += 1
    rng.shuffle(state, deck)
    state.hands = {FRANKS: sorted(deck[:HAND_SIZE]), SARACENS: sorted(deck[HAND_SIZE : 2 * HAND_SIZE])}
    state.last_card = {FRANKS: None, SARACENS: None}
    state.turn = 0
    log(state, "4.0", "{year} begins: the cards are shuffled and six dealt to each player.", year=state.year)


def start_turn(state: State) -> None:
    """A new game turn: both players choose a card face down (4.1)."""
    state.turn += 1
    state.p1 = None
    state.played = {FRANKS: None, SARACENS: None}
    state.attacks = {}
    state.flags = new_flags()
    name = "Winter Turn" if state.turn == WINTER_TURN else f"game turn {state.turn}"
    log(state, "4.1", "{year}, {name}: both players choose a card.", year=state.year, name=name)
    PROCEDURES.push(state, "turn", stage="cards")


def player2(state: State) -> str:
    assert state.p1 is not None
    return enemy(state.p1)


def check_sudden_death(state: State) -> bool:
    """A side holding all seven victory cities wins at once (1.2)."""
    counts = victory_count(state)
    for side in (FRANKS, SARACENS):
        if counts[side] == len(BOARD.victory_cities):
            end_game(state, [side], f"the {side} hold all seven victory cities (sudden death, 1.2)")
            return True
    return False


def final_victory(state: State) -> None:
    """After the 1192 Winter Turn: the side with the majority of victory cities wins (1.2)."""
    counts = victory_count(state)
    franks, saracens = counts[FRANKS], counts[SARACENS]
    if franks == saracens:
        end_game(state, [], f"the victory cities are shared {franks}-{saracens} after 1192: a draw (1.2)")
    else:
        winner = FRANKS if franks > saracens else SARACENS
        end_game(
            state,
            [winner],
            f"the {winner} hold {max(franks, saracens)} of the seven victory cities after 1192 (1.2)",
        )


def end_game(state: State, winners: list[str], reason: str) -> None:
    state.result = {"winners": winners, "reason": reason, "victory_cities": victory_count(state)}
    log(state, "1.2", "The game is over: {reason}.", reason=reason)
    state.stack.clear()


def next_year(state: State) -> None:
    """Year end (8.5): advance the year; face-up blocks in the pool turn face down; deal."""
    for b, where in state.loc.items():
        if where == "aside":
            state.loc[b] = "pool"
            state.revealed.discard(b)
    state.year += 1
    start_year(state)


sequence("game", _game, "1.2")
sequence("turn", _turn, "4.1")
