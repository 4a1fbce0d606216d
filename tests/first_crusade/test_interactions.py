"""Rules meeting across modules, played through the game contract (every procedure real, the checks
of ``game.always`` made): an Action that starts a battle, a bane inside a Pilgrimage, a withdrawal
that breaks stacking, control and VP after a victory, sudden death in mid-Action."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from outremer.engine import rng
from outremer.games.first_crusade.game import FirstCrusade
from outremer.games.first_crusade.positions import position
from outremer.games.first_crusade.state import PLAYER, State

GAME = FirstCrusade()


def texts(state: State) -> list[str]:
    return [entry["text"] for entry in GAME.log(state, PLAYER)]


def play(state: State, *actions: Any) -> None:
    for a in actions:
        legal = GAME.legal_actions(state, PLAYER)
        assert a in legal, f"{a} not in {legal}"
        GAME.perform(state, PLAYER, a)


def seeded(state: State, run: Callable[[State], None], want: Callable[[State], bool]) -> State:
    """``state`` with a generator under which ``run`` gives what ``want`` checks (tried on copies)."""
    for seed in range(3000):
        trial = state.copy()
        trial.rng = rng.seed_state(seed)
        run(trial)
        if want(trial):
            state.rng = rng.seed_state(seed)
            run(state)
            return state
    raise AssertionError("no seed gives the case")


def only_in_bin(state: State, markers: list[str]) -> None:
    for m in state.markers:
        if state.markers[m] == "bin" and m not in markers:
            state.markers[m] = "gone"


def march_on_nicaea(state: State) -> None:
    """A Leader March of the whole stack in Civetot into Nicaea, next door; then the battle, taking
    the last choice offered each time (go on without boons), to the end of the Action."""
    play(state, ("leader_march", "civetot"))
    if ("go",) in GAME.legal_actions(state, PLAYER):
        play(state, ("go",))
    play(state, ("move", "nicaea"))
    while state.result is None and state.stack[-1]["kind"] != "turn":
        play(state, GAME.legal_actions(state, PLAYER)[-1])


def test_an_ambush_on_a_pilgrimage_is_a_battle_inside_the_action():
    # 13.1, 13.2, chart (Ambush), 27.6: the Pilgrimage is one Action; its Ambush places Muslims who
    # attack Raymond at once with +1 on the Tactical Edge (23.1); then the Action ends (12.5).
    s = position({"raymond": "antioch", "godfrey": "constantinople"}, actions=3)
    only_in_bin(s, ["ambush_1"])
    seeded(s, lambda t: play(t, ("pilgrimage", "raymond")), lambda t: t.stack[-1]["kind"] == "turn")
    said = texts(s)
    assert any("Ambush! Muslims raid Antioch" in t for t in said)
    assert any("Battle in Antioch: the Muslims attack" in t for t in said)
    assert any("Ambush or Jihad" in t for t in said if t.startswith("Tactical Edge"))
    assert s.actions == 2 and s.stack[-1]["stage"] == "standard"
    assert s.markers["ambush_1"] == "bin"


def test_an_event_bane_earthquake_ends_the_turn_after_the_action():
    # 9.1, 35.0 Earthquake: the Pilgrimage's Event bane ends the turn; no more Actions, no Muslim
    # Reaction (the Pilgrimage itself finishes).
    s = position({"raymond": "antioch", "godfrey": "constantinople"}, actions=3, turn=0)
    only_in_bin(s, ["event_1"])

    def quake(t: State) -> bool:
        return any("The turn comes to an end" in x for x in texts(t))

    seeded(s, lambda t: play(t, ("pilgrimage", "raymond")), quake)
    said = texts(s)
    assert not any(
        t.startswith("Reaction Level check") for t in said[said.index("The turn comes to an end.") :]
    )
    assert s.turn == 1


def test_a_march_wins_a_fortress_which_then_counts():
    # 17.6, 18.1 / 19.1, 23.0, 24.0, 10.5, 6.1: a Leader March into Muslim-held Nicaea attacks it;
    # won, the force stays and controls Nicaea, worth its VP.
    from outremer.games.first_crusade import victory

    army = {"godfrey": "civetot", "tancred": "civetot"} | {
        f"crusader_knights_{i}": "civetot" for i in (1, 2, 3)
    }
    s = position({**army, "seljuk_militia_1": "nicaea"}, actions=3)

    def won(t: State) -> bool:
        return any("The Christians win the battle in Nicaea" in x for x in texts(t))

    seeded(s, march_on_nicaea, won)
    assert s.stack[-1]["kind"] == "turn" and s.actions == 2
    from outremer.games.first_crusade.common import control

    assert control(s, "nicaea") == "christian"
    assert ("Nicaea held", 1) in victory.score(s)[1]


def test_sudden_death_strikes_in_the_middle_of_an_action():
    # 6.3: the last Crusader Leader falls in the battle his march began: the game ends there.
    s = position({"godfrey": "civetot", "seljuk_militia_1": "nicaea"}, actions=3, reaction=3)

    seeded(s, march_on_nicaea, lambda t: t.result is not None)
    assert s.result is not None and s.result["level"] == "defeat" and s.stack == []
    assert GAME.legal_actions(s, PLAYER) == []
