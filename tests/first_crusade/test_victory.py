"""How to win (6.0): the VP of 6.1, the levels of 6.2, sudden death (6.3)."""

from __future__ import annotations

from outremer.games.first_crusade import victory
from outremer.games.first_crusade.board import load_board
from outremer.games.first_crusade.positions import position
from outremer.games.first_crusade.state import ELIMINATED, PLAYER

B = load_board()
ALL_LEADERS_HOME = {c.id: "constantinople" for c in B.counters_of("crusader") if c.is_leader}


def test_jerusalem_pays_ten_to_crusaders_and_two_to_others() -> None:
    # 6.1: Jerusalem held by a Crusader force +10, by a Byzantine or Armenian force +2.
    crusaders = position({**ALL_LEADERS_HOME, "godfrey": "jerusalem"})
    assert ("Jerusalem held by Crusaders", 10) in victory.score(crusaders)[1]
    byzantines = position({**ALL_LEADERS_HOME, "takitios": "jerusalem"})
    assert ("Jerusalem held by Byzantines or Armenians", 2) in victory.score(byzantines)[1]
    contested = position({**ALL_LEADERS_HOME, "godfrey": "jerusalem", "seljuk_militia_1": "jerusalem"})
    assert all("Jerusalem" not in what for what, _ in victory.score(contested)[1])


def test_fortress_classes_ascalon_and_buildings() -> None:
    # 6.1: +3 a Pilgrimage, Armenian or Byzantine Objective fortress, +3 Masyaf, +1 another
    # fortress, +2 Ascalon, +1 each Monastery and Castle on the map.
    s = position(
        {
            **ALL_LEADERS_HOME,
            "tancred": "antioch",
            "takitios": "nicaea",
            "hugh": "ascalon",
            "stephen": "ephesus",
        }
    )
    s.castles.append("dorylaeum")
    s.monasteries.append("philomelium")
    total, items = victory.score(s)
    values = dict(items)
    assert values["Antioch held"] == 3 and values["Ephesus held"] == 3
    assert values["Nicaea held"] == 1 and values["Ascalon held"] == 2
    assert values["Castle at Dorylaeum"] == 1 and values["Monastery at Philomelium"] == 1
    assert total == 3 + 3 + 1 + 2 + 1 + 1


def test_lost_leaders_cost_vp() -> None:
    # 6.1 (2): Alexios -10, a mercenary leader 0, any other Christian leader -1; only leaders in the
    # Eliminated box count.
    s = position(ALL_LEADERS_HOME)
    s.loc["alexios"] = ELIMINATED
    s.loc["constantine"] = ELIMINATED
    s.loc["guynemer"] = ELIMINATED
    total, items = victory.score(s)
    assert dict(items)["Alexios eliminated"] == -10
    assert total == -10 - 1 + 0


def test_final_level_of_victory() -> None:
    # 6.2: 30 or fewer is a defeat; a ruling puts exactly 40 among the draws.
    s = position(ALL_LEADERS_HOME)
    victory.final(s)
    assert s.result is not None and s.result["level"] == "defeat" and s.result["winners"] == []
    assert B.tables.band(40).result == "draw" and B.tables.band(41).result == "victory"
    assert B.tables.band(51).result == "overwhelming_victory"


def test_sudden_death_defeat_without_crusader_leaders() -> None:
    # 6.3: no Crusader leader on the map ends the game at once in defeat (mercenary leaders and
    # other contingents' leaders do not count).
    s = position({"alexios": "constantinople", "guynemer": "constantinople"})
    victory.sudden_death(s)
    assert s.result is not None and s.result["level"] == "defeat" and s.stack == []
    alive = position({"raymond": "sis"})
    victory.sudden_death(alive)
    assert alive.result is None


def test_sudden_death_victory_needs_every_fortress() -> None:
    # 6.3: a Crusader force in Jerusalem and Christians in every other fortress win at once.
    units = {"godfrey": "jerusalem"}
    others = [f for f in B.fortresses() if f != "jerusalem"]
    crusaders = [c.id for c in B.counters.values() if c.contingent == "crusader"]
    for fortress, unit in zip(others, crusaders[1:], strict=False):
        units[unit] = fortress
    assert len(others) < len(crusaders)
    s = position(units)
    s.loc["assassin"] = ELIMINATED
    victory.sudden_death(s)
    assert s.result is not None and s.result["winners"] == [PLAYER]
    # One fortress short: no sudden death.
    units.pop(next(u for u, f in units.items() if f == others[0]))
    s = position(units)
    s.loc["assassin"] = ELIMINATED
    victory.sudden_death(s)
    assert s.result is None


def test_kingdoms_established_count_for_vp_and_raise_the_levels() -> None:
    # 36.8 (option kingdoms): +10 for the Kingdom of Jerusalem, +3 for another; each counted once,
    # even when its Leader has left the map (sent home by an event: ruling A-11); every level of
    # victory 15 VP higher.
    from outremer.games.first_crusade import events

    s = position(
        {**ALL_LEADERS_HOME, "godfrey": "jerusalem", "tancred": "antioch"},
        options={"kingdoms": True},
        flags={
            "kingdoms": {"godfrey": "jerusalem", "tancred": "antioch"},
            "established": ["jerusalem", "antioch"],
        },
    )
    values = dict(victory.score(s)[1])
    assert values["Kingdom of Jerusalem"] == 10 and values["Kingdom of Antioch"] == 3
    events.send_home(s, "tancred")
    assert dict(victory.score(s)[1])["Kingdom of Antioch"] == 3
    assert B.tables.band(45, kingdoms=True).result == "defeat" and B.tables.band(45).result == "victory"
    assert B.tables.band(46, kingdoms=True).result == "draw"
    assert B.tables.band(56, kingdoms=True).result == "victory"
    assert B.tables.band(66, kingdoms=True).result == "overwhelming_victory"


def test_the_quick_evaluation_grows_with_the_vp_held() -> None:
    # 6.1-6.2: holding Jerusalem with Crusaders (10 VP) late in the game makes a Victory likelier
    from outremer.games.first_crusade.game import FirstCrusade

    late = {"turn": 7}
    poor = position({"godfrey": "antioch"}, **late)
    rich = position({"godfrey": "jerusalem", "baldwin": "antioch", "bohemond": "edessa"}, **late)
    assert victory.score(rich)[0] > victory.score(poor)[0]
    assert 0 < victory.chance(poor) < victory.chance(rich) < 1
    assert FirstCrusade().evaluate(rich) == {"Christians": victory.chance(rich)}
    victory.final(rich)
    assert victory.chance(rich) == (1.0 if rich.result and rich.result["winners"] else 0.0)
