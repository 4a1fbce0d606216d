"""The Kingdom of Heaven map pack (outremer/games/kingdom_of_heaven/data/map.json): every source
cites a section key at lines inside it, broken copies are refused naming the record, and the facts
the rulebook and its worked examples fix hold on the map, each test citing its section."""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from outremer.engine.errors import BadData
from outremer.games.kingdom_of_heaven.board import DESERT, NORMAL, PASS, Board, read_board

from ..datapacks import changed_copy
from .texts import REPO, copied_runs, misplaced, rulebook_lines, source_citations, source_words, table
from .texts import cited as citations

DATA = Path(str(resources.files("outremer.games.kingdom_of_heaven").joinpath("data")))


def ids(board: Board, *names: str) -> list[str]:
    found = [board.by_name(name) for name in names]
    assert all(found), names
    return [s.id for s in found if s]


def kind(board: Board, a: str, b: str) -> str | None:
    """The kind of the link between ``a`` and ``b``, None if they are not adjacent."""
    link = board.link(a, b)
    return link.kind if link else None


def path_cost(board: Board, path: list[str]) -> int:
    """The MP of a march along ``path`` (each step a link of the map)."""
    total = 0
    for a, b in pairwise(path):
        link = board.link(a, b)
        assert link is not None, f"{a} and {b} are not adjacent"
        total += link.mp
    return total


# --- the pack as a whole ---------------------------------------------------------------------


def test_every_record_cites_a_key_at_lines_inside_it() -> None:
    text = (DATA / "map.json").read_text(encoding="utf-8")
    cited = source_citations(json.loads(text))
    assert len(cited) > 80
    assert misplaced(cited) == []
    assert misplaced(citations(text)) == []  # the sections the reasons cite


def test_the_pack_copies_no_sentence_of_the_rulebook() -> None:
    text = (DATA / "map.json").read_text(encoding="utf-8")
    assert copied_runs(text, " ".join(rulebook_lines())) == []


def test_twelve_provinces_one_capital_each_but_the_kingdom_two(board: Board) -> None:
    # §3.Province (L227-L228)
    assert len(board.provinces) == 12
    two = [p for p in board.provinces.values() if len(p.capitals) == 2]
    assert [p.name for p in two] == ["Kingdom of Jerusalem"]
    assert sorted(board.spaces[c].name for c in two[0].capitals) == ["Acre", "Jerusalem"]


def test_the_three_boxes(board: Board) -> None:
    # §2.2 (L148); the Mediterranean box is left only by sea (§10.6.Boxes L624)
    assert set(board.boxes) == {"constantinople", "mediterranean", "mosul"}
    assert board.boxes["mediterranean"].entries == ()
    assert board.boxes["constantinople"].entries and board.boxes["mosul"].entries


def test_every_space_is_reached_from_jerusalem(board: Board) -> None:
    (jerusalem,) = ids(board, "Jerusalem")
    assert board.reached(jerusalem) == set(board.spaces)
    by_land = board.reached(jerusalem, by_sea=False)
    assert {board.spaces[s].province for s in set(board.spaces) - by_land} == {"cyprus"}


# --- §2.2, §10.2, §10.6: lines and terrain ------------------------------------------------------


def test_herakleia_mersin_is_the_three_mp_pass(board: Board) -> None:
    # §10.2 (L578), §10.6.Passes (L616)
    link = board.link(*ids(board, "Herakleia", "Mersin"))
    assert link is not None and (link.kind, link.mp) == (PASS, 3)
    assert {k.mp for k in board.links if k.kind == PASS} == {2, 3}
    assert [k for k in board.links if k.mp == 3] == [link]


def test_desert_links_run_only_among_the_four_named_spaces(board: Board) -> None:
    # §2.2 (L142), §10.6.Desert (L622); al-Azraq is entered only that way (§12.4.2.Example L758)
    four = set(ids(board, "Bosra", "al-Azraq", "Wadi al-Hasa", "Negev"))
    desert = [k for k in board.links if k.kind == DESERT]
    assert desert and all({k.a, k.b} <= four for k in desert)
    (azraq,) = ids(board, "al-Azraq")
    assert {k.kind for k in board.links_of(azraq)} == {DESERT}
    assert azraq not in board.mp_costs(ids(board, "Bosra")[0])
    assert azraq in board.mp_costs(ids(board, "Bosra")[0], desert=True)


def test_the_nile_starts_at_minya(board: Board) -> None:
    # §2.2 (L146), §10.6.Nile (L618)
    (minya,) = ids(board, "Minya")
    assert board.spaces[minya].nile


# --- worked examples ----------------------------------------------------------------------------


def test_amalrics_march_and_the_shadowers_choices(board: Board) -> None:
    # §12.4.2.Example (L752-L760)
    route = ids(board, "Jerusalem", "As-Salt", "Bosra", "Ras al-Ma'", "Damascus")
    assert path_cost(board, route) == 4  # a Christian leader's four MP
    assert all(kind(board, a, b) == NORMAL for a, b in pairwise(route))
    jerusalem, as_salt, bosra, ras, damascus = route
    # from As-Salt the shadowers could go only to Bosra: Jerusalem and Kerak hold enemy strongholds
    assert set(board.neighbours(as_salt)) == set(ids(board, "Jerusalem", "Kerak", "Bosra"))
    # from Bosra: As-Salt or Ras al-Ma'; Belvoir has an enemy stronghold; al-Azraq only by the desert rule
    assert set(board.neighbours(bosra, desert=False)) == set(ids(board, "As-Salt", "Ras al-Ma'", "Belvoir"))
    assert set(board.neighbours(bosra)) - set(board.neighbours(bosra, desert=False)) == set(
        ids(board, "al-Azraq")
    )
    harsh = [s for s in route if board.spaces[s].harsh]
    assert harsh == [as_salt, bosra, ras]
    # Amalric's Attrition Value: 5 units, +2 for each enemy stronghold entered (Bosra, Ras al-Ma',
    # Damascus: the map must have a stronghold there), +1 for each Harsh space, +2 shadowers (§15.2)
    held = [s for s in (bosra, ras, damascus) if board.stronghold(s, "C")]
    assert 5 + 2 * len(held) + len(harsh) + 2 == 16
    # the shadowers: 2 units, +1 for each Harsh space they enter without a stronghold of theirs
    # (As-Salt), -1 for each of theirs (Bosra, Ras al-Ma'): the 1-2 column
    theirs = [s for s in (bosra, ras) if board.stronghold(s, "C")]
    bare = [s for s in (bosra, as_salt, ras) if board.spaces[s].harsh and not board.stronghold(s, "C")]
    assert 2 + len(bare) - len(theirs) == 1


def test_louis_ix_from_acre_to_damascus(board: Board) -> None:
    # §15.2.Example (L911-L913): Acre, Tiberias (a friendly castle), Banias (a Mamluk castle),
    # Damascus (a city), one MP each after one MP spent in Acre: four MP
    route = ids(board, "Acre", "Tiberias", "Banias", "Damascus")
    assert 1 + path_cost(board, route) == 4
    assert not any(board.spaces[s].harsh for s in route)
    acre, tiberias, banias, damascus = route
    assert board.stronghold(tiberias, "F") == board.stronghold(banias, "F") == "castle_site"
    assert board.stronghold(damascus, "F") == board.stronghold(acre, "F") == "walled_city"
    # 5 units, +2 for each enemy stronghold (Banias, Damascus), -1 for the MP in Acre and -1 for
    # Tiberias: 7, the 7-9 column
    enemy = [s for s in (banias, damascus) if board.stronghold(s, "F")]
    friendly = [s for s in (acre, tiberias) if board.stronghold(s, "F")]
    assert 5 + 2 * len(enemy) - len(friendly) == 7


def test_hulegus_march_on_damascus(board: Board) -> None:
    # §17.11.Example (L1170-L1186): Hama is his first MP; his infantry (4 MP) has none left in Damascus
    marat, hama, homs, damascus = ids(board, "Marat an'Numan", "Hama", "Homs", "Damascus")
    assert path_cost(board, [marat, hama]) == 1
    assert board.link(hama, homs) is not None
    assert board.link(homs, damascus) is None
    assert board.mp_costs(marat)[damascus] == 4
    assert board.stronghold(hama, "G") == board.stronghold(homs, "G") == "castle_site"
    assert board.stronghold(damascus, "G") == "walled_city"
    # his Attrition Value: 10 units, -1 for Hama (fallen this round, friendly), +2 each for Homs and
    # Damascus, no Harsh space: the 13-15 column
    harsh = [s for s in (hama, homs, damascus) if board.spaces[s].harsh]
    enemy = [s for s in (homs, damascus) if board.stronghold(s, "G")]
    assert 10 - 1 + 2 * len(enemy) + len(harsh) == 13


def test_saladin_marches_from_the_mosul_box_to_aleppo(board: Board) -> None:
    # §Example.M1 (L1308): five MP through Deir ez-Zor, Ar Raqqa, Qalat Djabar, Maskanah; no Harsh
    route = ids(board, "Deir ez-Zor", "Ar Raqqa", "Qalat Djabar", "Maskanah", "Aleppo")
    assert route[0] in board.boxes["mosul"].entries
    assert 1 + path_cost(board, route) == 5
    assert not any(board.spaces[s].harsh for s in route)


def test_saladin_marches_from_aleppo_to_damascus(board: Board) -> None:
    # §Example.M5 (L1365): five MP, no Harsh space
    route = ids(board, "Aleppo", "Marat an'Numan", "Hama", "Homs", "An Nabk", "Damascus")
    assert path_cost(board, route) == 5
    assert not any(board.spaces[s].harsh for s in route)


def test_saladin_marches_from_damascus_to_jaffa(board: Board) -> None:
    # §Example.M6 (L1369-L1373): four MP to Jerusalem, a fifth to Jaffa, which is adjacent to Acre
    # across no pass (Richard may try to intercept, §11.1)
    route = ids(board, "Damascus", "Nawa", "Belvoir", "Nablus", "Jerusalem")
    assert path_cost(board, route) == 4
    jerusalem, jaffa, acre = ids(board, "Jerusalem", "Jaffa", "Acre")
    assert path_cost(board, [jerusalem, jaffa]) == 1
    assert kind(board, acre, jaffa) == NORMAL


def test_richard_between_tyre_acre_and_jaffa(board: Board) -> None:
    # §Example.C4 (L1330): Tyre to Acre for one MP; §Example.C7 (L1375-L1377): Tyre, Acre, Jaffa and
    # back to Acre in four MP; §Example.C8 (L1385): from Jaffa, Jerusalem is one MP; §13.7.Example
    tyre, acre, jaffa, jerusalem = ids(board, "Tyre", "Acre", "Jaffa", "Jerusalem")
    assert path_cost(board, [tyre, acre, jaffa, acre]) == 3
    assert path_cost(board, [jaffa, jerusalem]) == 1
    assert kind(board, jaffa, jerusalem) == NORMAL  # Saladin retreats there (§14.1)
    assert not any(board.spaces[s].harsh for s in (tyre, acre, jaffa, jerusalem))
    assert board.spaces[tyre].port == "mediterranean"  # Richard lands there (§Example.C3 L1314)


def muster_limit(board: Board, space: str, home: str, scenario: str, castle: bool) -> int:
    """§7.2 (L376-L379) on the map's facts: 3 in the Power's capital, 2 in a walled city or another
    provincial capital, 1 with a castle; not added together."""
    s = board.spaces[space]
    if board.is_capital(space) and s.province == home:
        return 3
    if board.is_capital(space) or board.stronghold(space, scenario) == "walled_city":
        return 2
    return 1 if castle else 0


def test_the_mamluk_mustering_example(board: Board) -> None:
    # §7.4.Example (L417): home Egypt; Cairo 3, Kerak 2 (Transjordan's capital, its castle adds
    # nothing), Alexandria and Damietta 1 each (castles, not walled cities)
    cairo, kerak, alexandria, damietta = ids(board, "Cairo", "Kerak", "Alexandria", "Damietta")
    assert (
        board.spaces[cairo].province == board.spaces[alexandria].province == board.spaces[damietta].province
    )
    egypt = board.spaces[cairo].province
    assert board.provinces[board.spaces[kerak].province].name == "Transjordan"
    limits = [muster_limit(board, s, egypt, "H", True) for s in (cairo, kerak, alexandria, damietta)]
    assert limits == [3, 2, 1, 1]
    assert all(board.stronghold(s, "H") == "castle_site" for s in (kerak, alexandria, damietta))


def test_the_mustering_of_scenario_d_turn_4(board: Board) -> None:
    # §Example.Muster (L1292-L1294): one unit each in the castles of Tyre and Beirut; Ayyubids (home
    # Egypt) muster 2 in Damascus and Edessa, 3 in Cairo, 1 in Hama, Homs and Baalbek
    egypt = board.spaces[ids(board, "Cairo")[0]].province
    for name, limit in [("Tyre", 1), ("Beirut", 1), ("Damascus", 2), ("Edessa", 2), ("Cairo", 3), ("Hama", 1),
                        ("Homs", 1), ("Baalbek", 1)]:  # fmt: skip
        (space,) = ids(board, name)
        home = board.spaces[space].province if name in ("Tyre", "Beirut") else egypt
        assert muster_limit(board, space, home, "D", True) == limit, name
    assert board.stronghold(ids(board, "Tripoli")[0], "D") is not None
    assert all(board.stronghold(s, "D") == "castle_site" for s in ids(board, "Harran", "Aila"))


def test_cyprus_limassol_and_famagusta(board: Board) -> None:
    # §Example.C1 (L1304-L1306): Limassol's RF is 3 + 1 for the port; Limassol and Famagusta give 2 VP.
    # §Example.C2 (L1310): with both castles replaced Cyprus has no stronghold left, so its
    # province prints no walled city; each is worth 1 (the Diplomatic Advantage roll of one or less)
    limassol, famagusta = ids(board, "Limassol", "Famagusta")
    assert board.stronghold(limassol, "D") == "castle_site"
    assert 3 + (1 if board.spaces[limassol].port == "mediterranean" else 0) == 4
    assert board.vp(limassol, "D") == board.vp(famagusta, "D") == 1
    cyprus = board.spaces[limassol].province
    assert board.spaces[famagusta].province == cyprus
    assert not any(
        board.stronghold(s, letter) == "walled_city"
        for s in board.spaces_of(cyprus)
        for letter in "ABCDEFGHJ"
    )


def test_acre_resistance_factor(board: Board) -> None:
    # §Example.C4 (L1330-L1332): base 3, +2 for a city garrison of two units (§17.4), +1 for a port
    (acre,) = ids(board, "Acre")
    assert board.stronghold(acre, "D") == "walled_city" and board.spaces[acre].port == "mediterranean"
    assert 3 + 2 + (1 if board.spaces[acre].port else 0) == 6
    assert board.vp(acre, "D") == 5  # §Example.C6.End (L1367)


def test_jerusalem_and_kerak_by_scenario(board: Board) -> None:
    # §20.1.1 (L1240), §17.1.2 (L960), §2.2 (L140)
    jerusalem, kerak = ids(board, "Jerusalem", "Kerak")
    assert [board.vp(jerusalem, s) for s in "ABCDEFGHJ"] == [5, 5, 5, 5, 2, 2, 2, 2, 2]
    assert [board.vp(kerak, s) for s in "ABCDEFGHJ"] == [0, 1, 1, 1, 1, 1, 1, 1, 1]
    assert [board.stronghold(jerusalem, s) for s in "AD"] == ["walled_city"] * 2
    assert [board.stronghold(jerusalem, s) for s in "EJ"] == ["castle_site"] * 2


def test_hebron_is_an_empty_space_of_the_kingdom(board: Board) -> None:
    # §3.Control (L195)
    (hebron,) = ids(board, "Hebron")
    assert board.provinces[board.spaces[hebron].province].name == "Kingdom of Jerusalem"
    assert board.stronghold(hebron, "E") is None


def test_the_vp_totals_of_scenario_d_turn_4(board: Board) -> None:
    # §Example (L1280): Muslim 25, Christian 7 before the turn; §Example.C1 (L1306) +2 for Cyprus;
    # §Example.M3 (L1324): Antioch neutral costs the Christian 5. The holdings are those the
    # example names plus the reconstruction's (docs/kingdom-of-heaven/map.md, VP)
    muslim = ids(board, "Jerusalem", "Acre", "Kerak", "Damascus", "Aleppo", "Cairo", "Edessa", "Alexandria")
    muslim += ids(board, "Damietta", "Ascalon", "Hama", "Homs", "Baalbek", "Harran", "Aila")
    christian = ids(board, "Antioch", "Tripoli", "Tyre", "Beirut")
    assert sum(board.vp(s, "D") for s in muslim) == 25
    assert sum(board.vp(s, "D") for s in christian) == 7
    assert sum(board.vp(s, "D") for s in ids(board, "Limassol", "Famagusta")) == 2
    (antioch,) = ids(board, "Antioch")
    assert sum(board.vp(s, "D") for s in board.spaces_of(board.spaces[antioch].province)) == 5


# --- broken copies --------------------------------------------------------------------------------


def _space(doc: dict[str, Any], sid: str) -> dict[str, Any]:
    return next(s for s in doc["spaces"] if s["id"] == sid)


def _link(doc: dict[str, Any], a: str, b: str) -> dict[str, Any]:
    return next(k for k in doc["links"] if {k["a"], k["b"]} == {a, b})


def _box(doc: dict[str, Any], bid: str) -> dict[str, Any]:
    return next(b for b in doc["boxes"] if b["id"] == bid)


BROKEN: list[tuple[str, Callable[[Any], None], str]] = [
    ("space twice", lambda d: d["spaces"].append(dict(_space(d, "hebron"))), "space hebron: listed twice"),
    (
        "unknown province",
        lambda d: _space(d, "hebron").update(province="judea"),
        "space hebron: names unknown province",
    ),
    (
        "link to nowhere",
        lambda d: _link(d, "acre", "tyre").update(a="acre", b="atlantis"),
        "link acre-atlantis: names unknown space",
    ),
    (
        "link to itself",
        lambda d: _link(d, "acre", "tyre").update(a="acre", b="acre"),
        "link acre-acre: joins a space to itself",
    ),
    (
        "link twice",
        lambda d: d["links"].append({**_link(d, "acre", "tyre"), "a": "tyre", "b": "acre"}),
        "link tyre-acre: listed twice",
    ),
    (
        "cheap long pass",
        lambda d: _link(d, "herakleia", "mersin").update(mp=2),
        "link herakleia-mersin: a pass of 2 MP",
    ),
    (
        "dear road",
        lambda d: _link(d, "acre", "tyre").update(mp=2),
        "link tyre-acre: a normal link costing 2 MP",
    ),
    (
        "desert elsewhere",
        lambda d: _link(d, "kerak", "shawbak").update(kind="desert"),
        "link kerak-shawbak: a desert link",
    ),
    ("eleven provinces", lambda d: d["provinces"].pop(), "provinces: 11 listed"),
    (
        "capital abroad",
        lambda d: d["provinces"][0].update(capitals=["acre"]),
        "its capital acre lies in province",
    ),
    (
        "two capitals",
        lambda d: d["provinces"][0].update(capitals=["konya", "laranda"]),
        "only the Kingdom of Jerusalem",
    ),
    (
        "two strongholds",
        lambda d: _space(d, "kerak").update(walled_city={"source": _space(d, "kerak")["source"]}),
        "space kerak: a walled city and a castle site",
    ),
    (
        "VP for some",
        lambda d: _space(d, "jerusalem")["vp"].pop(),
        "space jerusalem: VP given for scenarios ABCD",
    ),
    (
        "VP twice",
        lambda d: _space(d, "kerak")["vp"][0].update(scenarios="AB"),
        "space kerak: VP given twice for scenario B",
    ),
    ("no I", lambda d: _space(d, "kerak")["vp"][0].update(scenarios="AI"), "(kerak)"),
    ("Nile lost", lambda d: _space(d, "minya").pop("nile"), "space Minya: the Nile's course starts at Minya"),
    (
        "Hebron lost",
        lambda d: _space(d, "hebron").update(name="Bethlehem"),
        "space Hebron: named by the rulebook",
    ),
    (
        "island cut off",
        lambda d: d.update(links=[k for k in d["links"] if "nicosia" not in (k["a"], k["b"])]),
        "nicosia cannot be reached from Jerusalem",
    ),
    (
        "box to nowhere",
        lambda d: _box(d, "mosul")["entries"].append("nineveh"),
        "box mosul: names unknown entry space",
    ),
    ("sea box by land", lambda d: _box(d, "mediterranean")["entries"].append("acre"), "box mediterranean"),
    ("box lost", lambda d: d["boxes"].remove(_box(d, "mosul")), "box mosul: missing"),
    ("one Red Sea port", lambda d: _space(d, "qulzum").pop("port"), "fewer than two red ports"),
    ("no source", lambda d: _space(d, "hebron").pop("source"), "(hebron)"),
    (
        "bad source",
        lambda d: _space(d, "hebron").update(source={"kind": "example", "key": "3.Control", "lines": "L195"}),
        "(hebron)",
    ),
]


@pytest.mark.parametrize(("change", "message"), [b[1:] for b in BROKEN], ids=[b[0] for b in BROKEN])
def test_a_broken_copy_is_refused_naming_the_record(
    tmp_path: Path, change: Callable[[Any], None], message: str
) -> None:
    folder = changed_copy(DATA, tmp_path, "map", change)
    with pytest.raises(BadData, match="^map.json") as refused:
        read_board(folder)
    assert message in str(refused.value)


def test_the_shipped_copy_reads_from_a_folder(tmp_path: Path) -> None:
    folder = changed_copy(DATA, tmp_path, "map", lambda doc: None)
    assert len(read_board(folder).spaces) == len(read_board().spaces)


@pytest.mark.parametrize(("text", "message"), [("{", "not valid JSON"), (None, "file not found")])
def test_an_unreadable_file_is_refused(tmp_path: Path, text: str | None, message: str) -> None:
    folder = changed_copy(DATA, tmp_path, "map", lambda doc: None)
    if text is None:
        (folder / "map.json").unlink()
    else:
        (folder / "map.json").write_text(text, encoding="utf-8")
    with pytest.raises(BadData, match=message):
        read_board(folder)


# --- the documentation ------------------------------------------------------------------------


def space_row(board: Board, sid: str) -> str:
    """A row of map.md's space tables, as the pack gives it."""
    s = board.spaces[sid]
    kinds = []
    for what, letters in (("walled city", s.walled_city), ("castle site", s.castle_site)):
        if letters:
            held = "".join(sorted(letters))
            kinds.append(what + ("" if held == board.letters else f" ({held})"))
    values = sorted(set(s.vp.values()), reverse=True)
    if len(values) > 1:
        vp = ", ".join(f"{''.join(x for x in board.letters if s.vp[x] == v)} {v}" for v in values)
    else:
        vp = str(values[0]) if values else "-"
    terrain = ", ".join(t for t, on in (("Harsh", s.harsh), ("Nile", s.nile)) if on) or "-"
    port = {"mediterranean": "Mediterranean", "red": "Red Sea", None: "-"}[s.port]
    name = s.name + (" (capital)" if board.is_capital(sid) else "")
    return f"| {name} | {', '.join(kinds) or '-'} | {port} | {terrain} | {vp} | {source_words(s.source)} |"


def test_the_space_tables_of_map_md_match_the_pack(board: Board) -> None:
    text = (REPO / "docs" / "kingdom-of-heaven" / "map.md").read_text(encoding="utf-8")
    for province in board.provinces.values():
        rows = [space_row(board, sid) for sid in board.spaces_of(province.id)]
        assert table(text, f"### {province.name}") == rows


def test_the_counts_map_md_gives(board: Board) -> None:
    text = " ".join((REPO / "docs" / "kingdom-of-heaven" / "map.md").read_text(encoding="utf-8").split())
    kinds = [sum(1 for k in board.links if k.kind == kind) for kind in (NORMAL, PASS, DESERT)]
    counts = f"{len(board.spaces)} spaces in {len(board.provinces)} provinces, {len(board.links)} links"
    assert f"{counts} ({kinds[0]} normal, {kinds[1]} passes, {kinds[2]} desert)" in text
    named = sum(1 for s in board.spaces.values() if s.source["kind"] != "reconstructed")
    assert f"{named} spaces are named by the rulebook; the other {len(board.spaces) - named}" in text
