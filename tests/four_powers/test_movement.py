"""The Movement action (Movement.1-4, Buildings.Fortress.3, Conflicts; R5a, R5b, R8c, R16)."""

from __future__ import annotations

from outremer.games.four_powers import conflicts  # noqa: F401  (registers the Conflicts)
from outremer.games.four_powers.positions import action, column, hand, position, purse, support, turn
from outremer.games.four_powers.procedures import PROCEDURES
from outremer.games.four_powers.state import BYZANTINES, CALIPHATE, CRUSADERS, SELJUK, State

from .acting import act, top


def _done_without_settling(s: State, role: str) -> None:
    """End the Movement and let the turn go on one step, leaving what it pushed on the stack
    (the Conflicts procedure is another part's; only its frame is checked here)."""
    movement = top(s)
    PROCEDURES.get("movement").perform(s, movement, role, ("done",))  # type: ignore[misc]
    PROCEDURES.get("turn").run(s, top(s))  # type: ignore[misc]


def test_the_rulebook_example_pilgrims() -> None:
    # Movement.Example (L625-L629): Pilgrims for Movement shows 2 Gold and 1 Footman; 1 Gold moves
    # 1 Support from Tripoli to Antiocheia; then Conflicts may start
    s = position()
    column(s, "movement", ["c37"])  # Caravan Trade: its Gold shows above Pilgrims
    hand(s, SELJUK, ["c32"])  # Pilgrims: Gold and Footman
    purse(s, SELJUK, 0, 0)
    support(s, "tripoli", {SELJUK: 1})
    footmen = s.units[SELJUK]["footman"]
    turn(s, SELJUK)
    act(s, SELJUK, "play", "c32", "movement")
    assert s.gold[SELJUK] == 2 and s.units[SELJUK]["footman"] == footmen + 1  # Movement.1
    assert ("effect",) not in PROCEDURES.legal(s, SELJUK)  # Actions.5
    act(s, SELJUK, "move", "tripoli", "antiocheia", 1)
    assert s.gold[SELJUK] == 1 and s.support["antiocheia"] == {BYZANTINES: 1, SELJUK: 2}
    assert s.support["tripoli"] == {}
    _done_without_settling(s, SELJUK)
    # Movement.4, Conflicts: one Conflict may start in the 1st Crusade
    assert top(s)["kind"] == "conflicts" and top(s)["roles"] == [SELJUK] and top(s)["left"] == 1


def test_two_conflicts_in_the_second_crusade() -> None:
    s = position()
    s.crusade = 2
    hand(s, SELJUK, ["c32"])
    turn(s, SELJUK)
    act(s, SELJUK, "play", "c32", "movement")
    _done_without_settling(s, SELJUK)
    assert top(s)["kind"] == "conflicts" and top(s)["left"] == 2  # Conflicts


def test_no_conflicts_after_income_unless_the_option() -> None:
    for option, expected in ((False, False), (True, True)):
        s = position(options={"conflicts_any_action": option})
        hand(s, SELJUK, ["c32"])
        turn(s, SELJUK)
        act(s, SELJUK, "play", "c32", "income")
        income = top(s)
        PROCEDURES.get("income").perform(s, income, SELJUK, ("provision", "gold", "gold"))  # type: ignore[misc]
        PROCEDURES.get("turn").run(s, top(s))  # type: ignore[misc]
        # R5a: only after Movement; with its option after any action
        assert bool(s.stack and top(s)["kind"] == "conflicts") is expected


def test_each_step_costs_one_gold_whatever_moves() -> None:
    s = position()
    purse(s, CRUSADERS, 2, 0)
    action(s, CRUSADERS, "movement")
    act(s, CRUSADERS, "move", "iconium", "antiocheia", 3)  # R5b: any number for 1 Gold
    act(s, CRUSADERS, "move", "antiocheia", "tripoli", 2)  # and onwards, paid again
    assert s.gold[CRUSADERS] == 0
    assert s.support["antiocheia"][CRUSADERS] == 1 and s.support["tripoli"] == {CRUSADERS: 2}
    # no Gold and no Faith: no more moves (Movement.3)
    assert not [a for a in PROCEDURES.legal(s, CRUSADERS) if a[0] == "move"]


def test_moves_go_only_to_adjacent_locations() -> None:
    s = position()
    action(s, CALIPHATE, "movement")
    targets = {a[2] for a in PROCEDURES.legal(s, CALIPHATE) if a[0] == "move"}
    assert targets == {"tyrus", "ascalon"}  # Jerusalem's neighbours in the 1st Crusade


def test_recruitment_points_first_then_gold() -> None:
    s = position()
    s.fortresses = {"tripoli_tyrus": SELJUK, "tyrus_ascalon": SELJUK}
    purse(s, SELJUK, 1, 0)
    action(s, SELJUK, "movement")
    assert top(s)["points"] == 2  # Buildings.Fortress.3: 1 per Fortress on the board
    act(s, SELJUK, "recruit", "knight")  # 2 points and 1 Gold (R8c)
    assert s.units[SELJUK]["knight"] == 1 and s.gold[SELJUK] == 0 and top(s)["points"] == 0
    assert [a for a in PROCEDURES.legal(s, SELJUK) if a[0] == "recruit"] == []


def test_no_recruit_when_the_supply_is_out() -> None:
    s = position()
    purse(s, BYZANTINES, 20, 0)
    s.units[CALIPHATE]["knight"] = 10 - sum(s.units[r]["knight"] for r in s.players if r != CALIPHATE)
    action(s, BYZANTINES, "movement")
    recruits = {a[1] for a in PROCEDURES.legal(s, BYZANTINES) if a[0] == "recruit"}
    assert recruits == {"footman", "tower"}  # R16: all 10 Knights are out


def test_a_card_covers_the_lower_benefit_of_the_one_before() -> None:
    s = position()
    column(s, "movement", ["c07", "c12"])  # Greek Fire, Fatimid Fleet: Gold above, Footman below
    hand(s, CALIPHATE, ["c10"])  # Imperial Subsidy: Gold and Gold
    purse(s, CALIPHATE, 0, 0)
    footmen = s.units[CALIPHATE]["footman"]
    turn(s, CALIPHATE)
    act(s, CALIPHATE, "play", "c10", "movement")
    # Movement.1: the two upper Golds and both of the newest card's; the Footmen are covered
    assert s.gold[CALIPHATE] == 4 and s.units[CALIPHATE]["footman"] == footmen
