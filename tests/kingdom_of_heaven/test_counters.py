"""The Kingdom of Heaven counters pack (outremer/games/kingdom_of_heaven/data/counters.json): every
source cites a section key at lines inside it, broken copies are refused naming the record, and
the ratings and unit sides the rulebook and its worked examples fix hold in the mix, each test
citing its section."""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from math import ceil
from pathlib import Path
from typing import Any

import pytest

from outremer.engine.errors import BadData
from outremer.games.kingdom_of_heaven.counters import Counters, Leader, UnitType, read_counters

from ..datapacks import changed_copy
from .texts import REPO, copied_runs, misplaced, rulebook_lines, source_citations, source_words, table
from .texts import cited as citations

DATA = Path(str(resources.files("outremer.games.kingdom_of_heaven").joinpath("data")))


def leader(counters: Counters, name: str) -> Leader:
    found = counters.by_name(name)
    assert found is not None, name
    return found


def unit(counters: Counters, power: str, label: str) -> UnitType:
    found = [u for u in counters.units_of(power) if u.label == label]
    assert len(found) == 1, (power, label)
    return found[0]


def outranks(counters: Counters, a: Leader, b: Leader) -> bool:
    """§10.3 (L596-L598) on the pack's facts: a Crusader above any other Catholic, a Kingdom of
    Jerusalem leader above the remaining Catholics, otherwise the higher command."""
    pa, pb = counters.powers[a.power], counters.powers[b.power]
    if pa.religion == pb.religion == "catholic" and pa.id != pb.id:
        for top in ("crusaders", "jerusalem"):
            if top in (pa.id, pb.id):
                return pa.id == top
    return a.command > b.command


# --- the pack as a whole ---------------------------------------------------------------------


def test_every_record_cites_a_key_at_lines_inside_it() -> None:
    text = (DATA / "counters.json").read_text(encoding="utf-8")
    cited = source_citations(json.loads(text))
    assert len(cited) > 30
    assert misplaced(cited) == []
    assert misplaced(citations(text)) == []


def test_the_pack_copies_no_sentence_of_the_rulebook() -> None:
    text = (DATA / "counters.json").read_text(encoding="utf-8")
    assert copied_runs(text, " ".join(rulebook_lines())) == []


def test_528_counters(counters: Counters) -> None:
    # §2.1 (L136)
    assert counters.total == counters.counted() == 528


def test_the_nineteen_powers_and_their_religions(counters: Counters) -> None:
    # §3.Powers (L211-L223)
    religions = {p.name: p.religion for p in counters.powers.values()}
    assert len(religions) == 19
    assert [n for n, r in religions.items() if r == "pagan"] == ["Mongols"]
    assert sorted(n for n, r in religions.items() if r == "shiite") == ["Assassins", "Fatimids"]
    assert sum(1 for r in religions.values() if r == "catholic") == 8


def test_the_yellow_dot(counters: Counters) -> None:
    # §7.3.Selecting (L407): 3-6 and 4-6 cavalry, and Christian 2-6 cavalry, carry the dot
    for u in counters.units:
        christian = counters.powers[u.power].christian
        assert u.yellow_dot == (u.cavalry and (u.cs >= 3 or (u.cs == 2 and christian))), u
    assert not unit(counters, "mamluks", "2-6").yellow_dot  # §7.4.Example (L417): drawn from the mix
    assert unit(counters, "jerusalem", "2-6").yellow_dot


def test_leader_movement_allowance(counters: Counters) -> None:
    # §2.3.Leaders (L161)
    assert [counters.leader_ma(x) for x in ("richard", "guy", "saladin", "hulegu", "baibars")] == [
        4,
        4,
        6,
        6,
        6,
    ]


# --- ratings in the text and the examples ------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "ratings"),
    [
        ("Richard I", "1/4/6"),  # §10.2.1.Example (L586)
        ("Guy", "2/1/5"),  # §10.2.1.Example (L588)
        ("Amalric I", "1/2/6"),  # §12.4.2.Example (L752)
        ("Saladin", "1/3/10"),  # §13.7.Example (L840)
        ("Manasses", "3/1/3"),  # §16.1.Example (L935)
        ("Philip II", "2/2/6"),  # §16.1.Example (L935)
    ],
)
def test_ratings_printed_in_the_text(counters: Counters, name: str, ratings: str) -> None:
    assert leader(counters, name).ratings == ratings


def test_initiative_of_scenario_d(counters: Counters) -> None:
    # §Example.Initiative (L1302): Barbarossa and Saladin rank first on their sides, both strategy 1
    barbarossa, saladin = leader(counters, "Frederick Barbarossa"), leader(counters, "Saladin")
    assert barbarossa.strategy == saladin.strategy == 1
    others = [x for x in counters.leaders.values() if "D" in x.scenarios and x is not barbarossa]
    christian = [x for x in others if counters.powers[x.power].christian]
    muslim = [x for x in others if not counters.powers[x.power].christian and x is not saladin]
    assert christian and all(not outranks(counters, x, barbarossa) for x in christian)
    assert muslim and all(outranks(counters, saladin, x) for x in muslim)


def test_command_out_of_tyre(counters: Counters) -> None:
    # §Example.C4 (L1326): Richard takes five Crusader units and Conrad (six), Conrad one more
    # Crusader and the Hospitallers (two): Richard outranks Conrad
    richard, conrad = leader(counters, "Richard I"), leader(counters, "Conrad of Montferrat")
    assert richard.command == 5 + 1 and conrad.command == 2
    assert outranks(counters, richard, conrad)


def test_the_battle_of_jaffa(counters: Counters) -> None:
    # §Example.C8 (L1387-L1391): Richard's units are 19 (three full and two reduced Crusaders, a
    # reduced Templar and a reduced Hospitaller), 25 with Richard and Conrad, 23 after two Crusaders
    # are flipped; Saladin's four 3-6 and three 2-6 are 18, 21 with him; Richard is +1
    crusader = unit(counters, "crusaders", "3-4")
    templar, hospitaller = unit(counters, "templars", "3-4"), unit(counters, "hospitallers", "3-4")
    richard, conrad, saladin = (leader(counters, n) for n in ("Richard I", "Conrad of Montferrat", "Saladin"))
    units = 3 * crusader.cs + 2 * crusader.reduced_cs + templar.reduced_cs + hospitaller.reduced_cs
    assert units == 19
    assert units + richard.battle + conrad.battle == 25
    assert units - 2 * (crusader.cs - crusader.reduced_cs) + richard.battle + conrad.battle == 23
    muslim = 4 * unit(counters, "ayyubids", "3-6").cs + 3 * unit(counters, "ayyubids", "2-6").cs
    assert (muslim, muslim + saladin.battle) == (18, 21)
    assert richard.battle - saladin.battle == 1


def test_the_assault_on_acre(counters: Counters) -> None:
    # §Example.C6.End (L1367): Richard's five Crusaders and the reduced Hospitallers are 18, 22 with
    # him; the garrison of four 2-6 with three flipped by Rats is 5
    crusader, hospitaller = unit(counters, "crusaders", "3-4"), unit(counters, "hospitallers", "3-4")
    richard = leader(counters, "Richard I")
    assert 5 * crusader.cs + hospitaller.reduced_cs == 18
    assert 5 * crusader.cs + hospitaller.reduced_cs + richard.battle == 22
    cavalry = unit(counters, "ayyubids", "2-6")
    assert 3 * cavalry.reduced_cs + cavalry.cs == 5


def test_richard_against_saladin_in_jerusalem(counters: Counters) -> None:
    # §13.7.Example (L840-L844): six Crusaders and Richard 22; eight 2-6 and Saladin 19, 17 after two
    # are reduced
    crusader, cavalry = unit(counters, "crusaders", "3-4"), unit(counters, "ayyubids", "2-6")
    richard, saladin = leader(counters, "Richard I"), leader(counters, "Saladin")
    assert 6 * crusader.cs + richard.battle == 22
    assert 8 * cavalry.cs + saladin.battle == 19
    assert 6 * cavalry.cs + 2 * cavalry.reduced_cs + saladin.battle == 17


def test_hulegu_against_yusuf(counters: Counters) -> None:
    # §17.11.Example (L1170-L1196): Hulegu's six 4-6 and four 2-4 with him are 36, 32 once the four
    # infantry are reduced; his battle rating of 4 earns +1 on surrender calls (§17.5 L1008); Yusuf's
    # four 2-6 with him are 10, 6 all reduced; Damascus' RF is 3 + 2 + half his rating rounded up;
    # the Mongols' manpower is 7 full and 3 reduced units, 8
    hulegu, yusuf = leader(counters, "Hulegu"), leader(counters, "an-Nasir Yusuf")
    heavy, foot = unit(counters, "mongols", "4-6"), unit(counters, "mongols", "2-4")
    assert 6 * heavy.cs + 4 * foot.cs + hulegu.battle == 36
    assert 6 * heavy.cs + 4 * foot.reduced_cs + hulegu.battle == 32
    assert hulegu.battle in (3, 4) and hulegu.command >= 10
    cavalry = unit(counters, "ayyubids", "2-6")
    assert 4 * cavalry.cs + yusuf.battle == 10
    assert 4 * cavalry.reduced_cs + yusuf.battle == 6
    assert 3 + min(2, 8 // 2) + ceil(yusuf.battle / 2) == 6
    assert hulegu.battle > yusuf.battle  # the +1 for the better leader in the assault (§17.7)


def test_who_may_come_back(counters: Counters) -> None:
    # §6.1.Example (L358): Reynald may be rebuilt, Guy may not (command above 3); §Example.Replacement
    # (L1282): Raymond III may be
    assert leader(counters, "Reynald of Chatillon").command <= 3
    assert leader(counters, "Raymond III").command <= 3
    assert leader(counters, "Guy").command > 3


def test_winter_quarters(counters: Counters) -> None:
    # §Example.Demobilization (L1395): al-Adil keeps two (half of four); al-Afdal is not the ranking
    # leader beside Saladin. §16.1.Example (L935): Manasses keeps two (half of three, rounded up)
    assert ceil(leader(counters, "al-Adil").command / 2) == 2
    assert outranks(counters, leader(counters, "Saladin"), leader(counters, "al-Afdal"))
    assert ceil(leader(counters, "Manasses").command / 2) == 2


def test_louis_commands_edward(counters: Counters) -> None:
    # §15.2.Example (L911): Louis IX leads Edward as his subordinate, with four MP
    louis, edward = leader(counters, "Louis IX"), leader(counters, "Edward")
    assert outranks(counters, louis, edward)
    assert counters.leader_ma(louis.id) == 4


def test_unit_sides_the_examples_show(counters: Counters) -> None:
    # §Example.Muster (L1292): a reduced Templar is a 3-4, a reduced Jerusalem 2-4 a 1-4;
    # §Example.Muster (L1294): the Ayyubids have at least four 3-6; §12.4.2.Example (L752): Seljuk 2-6
    assert unit(counters, "templars", "3-4").reduced_cs == 3
    assert unit(counters, "jerusalem", "2-4").reduced_cs == 1
    assert unit(counters, "ayyubids", "3-6").count >= 4
    assert unit(counters, "seljuks", "2-6").cavalry
    assert unit(counters, "mongols", "4-6").count >= 6  # §17.11.Example (L1170)


# --- broken copies --------------------------------------------------------------------------------


def _power(doc: dict[str, Any], pid: str) -> dict[str, Any]:
    return next(p for p in doc["powers"] if p["id"] == pid)


def _unit(doc: dict[str, Any], power: str, cs: int, ma: int) -> dict[str, Any]:
    return next(u for u in doc["units"] if (u["power"], u["cs"], u["ma"]) == (power, cs, ma))


def _leader(doc: dict[str, Any], lid: str) -> dict[str, Any]:
    return next(x for x in doc["leaders"] if x["id"] == lid)


def _marker(doc: dict[str, Any], mid: str) -> dict[str, Any]:
    return next(m for m in doc["markers"] if m["id"] == mid)


BROKEN: list[tuple[str, Callable[[Any], None], str]] = [
    ("power lost", lambda d: d["powers"].remove(_power(d, "assassins")), "power Assassins: missing"),
    (
        "wrong religion",
        lambda d: _power(d, "armenia").update(religion="catholic"),
        "power armenia: Armenia (catholic)",
    ),
    (
        "unknown home",
        lambda d: _power(d, "damascus").update(home="hauran"),
        "power damascus: its home 'hauran'",
    ),
    ("power twice", lambda d: d["powers"].append(dict(_power(d, "armenia"))), "power armenia: listed twice"),
    ("unit of nobody", lambda d: _unit(d, "tripoli", 2, 4).update(power="genoa"), "unknown power 'genoa'"),
    (
        "strong back",
        lambda d: _unit(d, "tripoli", 2, 4).update(reduced_cs=3),
        "unit type tripoli 2-4: its reduced side",
    ),
    (
        "missing dot",
        lambda d: _unit(d, "mongols", 4, 6).update(yellow_dot=False),
        "mongols 4-6: carries yellow dot",
    ),
    (
        "stray dot",
        lambda d: _unit(d, "mamluks", 2, 6).update(yellow_dot=True),
        "mamluks 2-6: carries no yellow dot",
    ),
    (
        "type twice",
        lambda d: d["units"].append(dict(_unit(d, "tripoli", 2, 4))),
        "unit type tripoli 2-4: listed twice",
    ),
    (
        "no units",
        lambda d: d.update(units=[u for u in d["units"] if u["power"] != "edessa"]),
        "power edessa: has no units",
    ),
    (
        "castles of nobody",
        lambda d: d["castles"][0].update(power="genoa"),
        "castles of genoa: names unknown power",
    ),
    (
        "castles twice",
        lambda d: d["castles"].append(dict(d["castles"][0])),
        "castles of crusaders: listed twice",
    ),
    (
        "leader of nobody",
        lambda d: _leader(d, "guy").update(power="genoa"),
        "leader guy: names unknown power",
    ),
    ("leader twice", lambda d: d["leaders"].append(dict(_leader(d, "guy"))), "leader guy: listed twice"),
    ("two Guys", lambda d: _leader(d, "reynald").update(name="Guy"), "leader name Guy: listed twice"),
    ("no scenario I", lambda d: _leader(d, "guy").update(scenarios="DI"), "(guy)"),
    ("rating off the card", lambda d: _leader(d, "guy").update(strategy=4), "(guy)"),
    ("marker twice", lambda d: d["markers"].append(dict(_marker(d, "turn"))), "marker turn: listed twice"),
    (
        "too few cities",
        lambda d: _marker(d, "walled_city").update(count=3),
        "marker walled_city: fewer counters",
    ),
    ("total off", lambda d: d["total"].update(count=530), "total: the mix has 528 counters, not 530"),
    ("no source", lambda d: _leader(d, "guy").pop("source"), "(guy)"),
]


@pytest.mark.parametrize(("change", "message"), [b[1:] for b in BROKEN], ids=[b[0] for b in BROKEN])
def test_a_broken_copy_is_refused_naming_the_record(
    tmp_path: Path, change: Callable[[Any], None], message: str
) -> None:
    folder = changed_copy(DATA, tmp_path, "counters", change)
    with pytest.raises(BadData, match="^counters.json") as refused:
        read_counters(folder)
    assert message in str(refused.value)


def test_a_broken_map_beside_it_is_refused_too(tmp_path: Path) -> None:
    folder = changed_copy(DATA, tmp_path, "map", lambda doc: doc["provinces"].pop())
    with pytest.raises(BadData, match="^map.json: provinces"):
        read_counters(folder)


# --- the documentation ------------------------------------------------------------------------


def power_row(counters: Counters, pid: str) -> str:
    """A row of counters.md's table of Powers, as the pack gives it."""
    p = counters.powers[pid]
    kinds = ", ".join(
        f"{u.count} x {u.label} (reduced {u.reduced_cs}-{u.ma}{', dot' if u.yellow_dot else ''})"
        for u in counters.units_of(pid)
    )
    return f"| {p.name} | {p.religion} | {p.home or '-'} | {kinds} | {counters.castles.get(pid, 0)} |"


def leader_row(counters: Counters, x: Leader) -> str:
    """A row of counters.md's table of leaders, as the pack gives it."""
    power, letters = counters.powers[x.power].name, "".join(sorted(x.scenarios))
    return f"| {x.name} | {power} | {x.ratings} | {letters} | {source_words(x.source)} |"


def test_the_tables_of_counters_md_match_the_pack(counters: Counters) -> None:
    text = (REPO / "docs" / "kingdom-of-heaven" / "counters.md").read_text(encoding="utf-8")
    assert table(text, "## Powers and units") == [power_row(counters, pid) for pid in counters.powers]
    order = sorted(counters.leaders.values(), key=lambda x: (min(x.scenarios), x.power, x.name))
    assert table(text, "## Leaders") == [leader_row(counters, x) for x in order]
