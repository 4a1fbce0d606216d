"""Third Crusade in words for the terminal: the board as a role sees it (views.view).

The header names the round (``BoardSetup.2.Round``), the step by the rulebook's name (the view's
``phase_name``) and the Glory marker (``Glossary.Glory``, R19); then the initiative track
(``Round.Initiative``), the Faith and Mercantile markers (``BoardSetup.2.Faith``, R3), the Mission
and Diplomacy Cards (``BoardSetup.2.Missions``, ``BoardSetup.2.Diplomacy``); each Region in play
with its pieces, Sabotage, Resource tokens, open icons and the Orders on it (face down to the other
Alliance, ``Planning.Facing``); the Roads with Bandits (``Glossary.Bandit``); the ships; the
bidding board (``Strategy.Pick``); the diplomacy board (``Diplomacy.Board``); each Army's board
(``PlayerSetup``): its tracks, gold, Units and Leaders off the map, and its cards and Orders, the
viewer's by name and the others' as counts. A key under the board explains every mark. Lines fit
80 characters and a piece is never split across two.

Names come from the shipped data packs (public, static data); no internal id is printed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from ...engine.terminal import glue, wrap
from .common import Pack, pack_at
from .state import NAMES, NEUTRAL, SABOTAGE, SLOTS
from .words import ICON_NAMES, UNIT_NAMES, points_words, round_name, space_words

ALLIANCE_NAMES = {"crusader": "Crusader", "muslim": "Muslim"}
TRACKS = ("base", "current", "crowns", "supply", "gold")
"""An Army's tracks (``BoardSetup.4``)."""

KEY = (
    "Key: a Region lists its pieces by Army (Glossary.Unit, Glossary.Leader; Neutral pieces "
    "are white, Glossary.Neutral); open icons = the Resource icons printed on its empty slots "
    "(Glossary.Slots); tokens = Resource tokens placed on it (Diplomacy.Board); Sabotage = a "
    "slot no piece may use (Glossary.Sabotage); Port x2 = two Port icons, one Destroyed = "
    "covered by a Destroyed Port (Glossary.DestroyedPort); Mercantile = a Mercantile City "
    "(Glossary.MercantileCities); an Order face down shows only its Army to the other Alliance "
    "(Planning.Facing). Glory +n = n spaces towards the Crusaders, -n towards the Muslims (R19). "
    "Tracks: base/current command points, crowns, supply, gold (BoardSetup.4). The bidding board's "
    "slots are worth 2, 3, 4 and 5 command points, left to right (Strategy.Pick). Cards and Orders "
    "behind another player's screen are counted, not named (PlayerSetup.A, PlayerSetup.F)."
)
"""The key under the board: one meaning for every mark (issue 15)."""


# -- words -------------------------------------------------------------------------------------
def _list(items: Iterable[str], empty: str = "none") -> str:
    said = [glue(i) for i in items]
    return ", ".join(said) if said else empty


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _piece(pack: Pack, piece: str) -> tuple[str, str]:
    """A piece in a slot: its owner and its name."""
    if ":" in piece:
        who, kind = piece.split(":", 1)
        return who, UNIT_NAMES[kind]
    leader = pack.leaders.leaders[piece]
    return leader.army, f"Leader {leader.name}"


def _owner_name(who: str) -> str:
    return "Neutral" if who == NEUTRAL else NAMES[who]


def _order_name(pack: Pack, order: str) -> str:
    return pack.orders.orders[order].name


def _card_name(pack: Pack, card: str) -> str:
    return pack.events.cards[card].title


# -- the parts of the board --------------------------------------------------------------------
def _header(view: dict[str, Any]) -> list[str]:
    glory = view["glory"]
    towards = "centre" if glory == 0 else ("towards the Crusaders" if glory > 0 else "towards the Muslims")
    lines = wrap(f"== Round {round_name(view['round'])}: {view['phase_name']} ==")
    lines += wrap(f"Glory: {_signed(glory)} ({towards}).")
    initiative = " > ".join(glue(NAMES[a]) for a in view["initiative"]) or "not drawn yet"
    lines += wrap(f"Initiative, first to last: {initiative}.")
    for track, markers in (("Faith", view["faith"]), ("Mercantile", view["mercantile"])):
        said = []
        for side, marker in markers.items():
            if marker is None:
                continue
            lean, spaces = marker
            where = "at the centre" if lean is None or spaces == 0 else f"{spaces} towards {NAMES[lean]}"
            said.append(glue(f"{ALLIANCE_NAMES[side]} {where}"))
        if said:
            lines += wrap(f"{track} markers: {', '.join(said)}.")
    return lines


def _cards(view: dict[str, Any], pack: Pack) -> list[str]:
    said = []
    if view["mission"]:
        said.append(f"Mission: {pack.cards.missions[view['mission']].name}")
    if view["next_mission"]:
        said.append(f"next Mission: {pack.cards.missions[view['next_mission']].name}")
    if view["diplomacy_card"]:
        said.append(f"Diplomacy Card: {pack.cards.diplomacy_cards[view['diplomacy_card']].name}")
    said.append(f"Objective deck: {view['objective_deck']}")
    return wrap("; ".join(said) + ".")


def _region(view: dict[str, Any], pack: Pack, rid: str) -> list[str]:
    r = pack.board.regions[rid]
    here = view["regions"][rid]
    tags = ["City" if r.is_city else "Desert"]
    if r.jerusalem:
        tags.append("Jerusalem")
    if r.ports:
        port = "Port" if r.ports == 1 else f"Port x{r.ports}"
        if here["destroyed_ports"]:
            port += f", {here['destroyed_ports']} Destroyed"
        tags.append(port)
    if r.mercantile:
        tags.append("Mercantile")
    by_owner: dict[str, Counter[str]] = {}
    sabotage = 0
    open_icons = []
    for slot, piece in zip(r.slots, here["slots"], strict=True):
        if piece is None:
            if slot.icon is not None:
                open_icons.append(ICON_NAMES[slot.icon])
        elif piece == SABOTAGE:
            sabotage += 1
        else:
            who, name = _piece(pack, piece)
            by_owner.setdefault(who, Counter())[name] += 1
    parts = []
    for who, names in by_owner.items():
        listed = ", ".join(
            glue(name if name.startswith("Leader") else f"{n} {name}") for name, n in names.items()
        )
        parts.append(f"{glue(_owner_name(who))}: {listed}")
    if sabotage:
        parts.append(glue(f"Sabotage {sabotage}"))
    if here["resources"]:
        parts.append("tokens: " + _list(ICON_NAMES[icon] for _, icon in here["resources"]))
    if open_icons:
        parts.append("open icons: " + _list(open_icons))
    for side, o in here["orders"].items():
        order = "face down" if o["order"] is None else _order_name(pack, o["order"])
        state = "" if o["order"] is None or o["up"] else ", face down"
        parts.append(glue(f"{ALLIANCE_NAMES[side]} Order: {NAMES[o['army']]} {order}{state}"))
    text = f"{r.name} ({', '.join(tags)}): " + ("; ".join(parts) if parts else "empty")
    return wrap(text, "  ")


def _map(view: dict[str, Any], pack: Pack) -> list[str]:
    lines = []
    for bid, board in pack.board.boards.items():
        rids = [rid for rid, r in pack.board.regions.items() if r.board == bid and rid in view["regions"]]
        if rids:
            lines.append(f"{board.name}:")
            for rid in rids:
                lines += _region(view, pack, rid)
    bandits = []
    for road, n in view["bandits"].items():
        if n:
            a, b = road.split("|")
            names = pack.board.regions[a].name, pack.board.regions[b].name
            bandits.append(glue(f"{names[0]}-{names[1]} {n}"))
    if bandits:
        lines += wrap("Bandits on Roads: " + ", ".join(bandits) + ".")
    return lines


def _ships(view: dict[str, Any], pack: Pack) -> list[str]:
    lines = []
    for period, aboard in view["ships"].items():
        for army, cargo in aboard.items():
            pieces = [v for v in cargo.values() if v] if isinstance(cargo, dict) else []
            if pieces:
                when = round_name(period)
                lines += wrap(f"Genoa ship of {when} for the {NAMES[army]}: {_cargo(pack, cargo)}.")
    return lines


def _cargo(pack: Pack, cargo: dict[str, Any]) -> str:
    said = []
    for kind, what in cargo.items():
        if isinstance(what, int) and what:
            said.append(f"{what} {UNIT_NAMES.get(kind, kind.replace('_', ' '))}")
        elif isinstance(what, list):
            said.extend(f"Leader {pack.leaders.leaders[x].name}" for x in what)
    return _list(said)


def _bidding(view: dict[str, Any], pack: Pack) -> list[str]:
    rows = []
    for army, row in view["bidding"].items():
        if row:
            cells = [
                glue(f"{n}: {'taken' if c is None else _card_name(pack, c)}")
                for n, c in zip(SLOTS, row, strict=False)
            ]
            rows.append(f"{glue(NAMES[army])} row: {', '.join(cells)}")
    return wrap("Bidding board: " + "; ".join(rows) + ".") if rows else []


def _diplomacy(view: dict[str, Any], pack: Pack) -> list[str]:
    armies = view["armies"]
    pawns = [f"{glue(NAMES[a])} at {space_words(pack, v['diplomacy_at'])}" for a, v in armies.items()]
    marks = [
        f"{space_words(pack, space)} by the {NAMES[army]}" for space, army in view["diplomacy_marks"].items()
    ]
    lines = wrap("Diplomacy board pawns: " + "; ".join(pawns) + ".")
    if marks:
        lines += wrap("Marked spaces: " + "; ".join(marks) + ".")
    return lines


def _sections(sections: dict[str, Any], pack: Pack) -> str:
    """The Units each Section holds, left to right, with the supply a Section not full asks at
    upkeep, and the Units still waiting for their owner to choose a Section (R13, ``Upkeep.4.A``;
    the option ``refill_chosen_section``)."""
    by_type: dict[str, list[str]] = {}
    for s, held in zip(pack.orders.board.sections, sections["held"], strict=True):
        asks = f" (supply {s.supply})" if held < s.size else ""
        by_type.setdefault(s.unit, []).append(f"{held}/{s.size}{asks}")
    words = "; ".join(f"{UNIT_NAMES[k]} {', '.join(cells)}" for k, cells in by_type.items())
    waiting = Counter(sections["returning"])
    if waiting:
        words += "; waiting for a Section: " + _list(f"{n} {UNIT_NAMES[k]}" for k, n in waiting.items())
    return f"Units by Section: {words}"


def _army(view: dict[str, Any], pack: Pack, army: str) -> list[str]:
    a = view["armies"][army]
    tracks = ", ".join(glue(f"{k} {a['tracks'][k]}") for k in TRACKS)
    units = _list(f"{n} {UNIT_NAMES[k]}" for k, n in a["board_units"].items())
    lines = wrap(f"{a['name']} ({ALLIANCE_NAMES[a['alliance']]}): tracks {tracks}; gold chits {a['gold']}.")
    said = [f"Units on its board: {units}" if "sections" not in a else _sections(a["sections"], pack)]
    if a["leaders_beside"]:
        said.append("Leaders beside it: " + _list(pack.leaders.leaders[x].name for x in a["leaders_beside"]))
    said.append(f"Event deck {a['event_deck']}")
    if isinstance(a["drawn"], list):
        if a["drawn"]:
            said.append("drawn: " + _list(_card_name(pack, c) for c in a["drawn"]))
    elif a["drawn"]:
        said.append(f"{a['drawn']} drawn, unseen")
    said.append("Event Cards to play: " + _list(_card_name(pack, c) for c in a["event_cards"]))
    if isinstance(a["order_box"], list):
        said.append("Orders behind the screen: " + _list(_order_name(pack, o) for o in a["order_box"]))
    else:
        said.append(f"{a['order_box']} Orders behind the screen")
    said.append("Advanced Orders to buy: " + _list(_order_name(pack, o) for o in a["advanced"]))
    if a["executed"]:
        said.append("executed: " + _list(_order_name(pack, o) for o in a["executed"]))
    if isinstance(a["objectives"], list):
        said.append("Objectives: " + _list(_objective(pack, o) for o in a["objectives"]))
    else:
        said.append(f"{a['objectives']} Objectives, unseen")
    said.append(f"diplomacy markers left {a['markers']}")
    lines += wrap("; ".join(said) + ".", "  ")
    return lines


def _objective(pack: Pack, objective: str) -> str:
    """An Objective Card by its main City (``PlayerSetup.H``)."""
    return pack.board.regions[pack.cards.objectives[objective].main].name


STAGES = {
    "react": "Reaction Orders asked (Battle.Reaction)",
    "lose": "losses being taken (Battle.Losses)",
    "move": "retreats and advances (Battle.Retreat)",
}
"""The steps of a Battle (battle.py's stages) in the rulebook's words."""


def _battle(view: dict[str, Any], pack: Pack) -> list[str]:
    """The Battle under way: where, who attacks whom, the step (``Battle``)."""
    frame = next((f for f in reversed(view["stack"]) if f.get("kind") == "battle" and f.get("region")), None)
    if frame is None:
        return []
    names = pack.board.regions
    origin = f" from {names[frame['origin']].name}" if frame.get("origin") else ""
    step = STAGES.get(frame.get("stage") or "", "about to be fought")
    attacker, defender = NAMES[frame["attacker"]], NAMES[frame["defender"]]
    return wrap(
        f"Battle in {names[frame['region']].name}: the {attacker} attacks{origin}, the {defender} defends; "
        f"now: {step}."
    )


def _solo(view: dict[str, Any]) -> list[str]:
    """The Armies the rules play in a solo game and their Bot Table columns this round
    (``SoloGlossary.Bot``, ``Solo.Strategy.Roll``)."""
    solo = view.get("solo")
    if not solo:
        return []
    said = []
    for army in solo["bots"]:
        column = solo["column"].get(army)
        said.append(
            glue(f"{NAMES[army]} (column {column})" if column else f"{NAMES[army]} (no column rolled yet)")
        )
    return wrap(f"Bots played by the rules: {', '.join(said)}.")


def _variable(view: dict[str, Any], pack: Pack) -> list[str]:
    """The variable set-up under way: each Army's shown Objectives, deployment points and Desert,
    the viewer's dealt cards and the one it laid face down, sealed on the stack until every player
    has chosen or shown after (``VariableSetup.Decks``, ``VariableSetup.Deploy``)."""
    v = view.get("variable")
    if not v or "points" not in v:
        return []
    top = view["stack"][-1] if view["stack"] else {}
    sealed = top.get("sealed", {}) if top.get("kind") == "variable_discard" else {}
    lines = []
    for army, points in v["points"].items():
        shown = _list(_objective(pack, o) for o in v["revealed"][army]) if v["revealed"][army] else "not yet"
        desert = v["deserts"][army]
        where = f", Desert {pack.board.regions[desert].name}" if desert else ""
        lines += wrap(f"Variable set-up, {NAMES[army]}: {points_words(points)}{where}; shows {shown}.")
        if isinstance(v["hands"][army], list) and v["hands"][army]:
            lines += wrap(f"  Your cards dealt: {_list(_objective(pack, o) for o in v['hands'][army])}.")
        laid = v["discarded"][army]
        if isinstance(sealed.get(army), list):
            card = _objective(pack, sealed[army][1])
            lines += wrap(f"  Laid face down, sealed until all have chosen: {card}.")
        elif army in sealed:
            lines += wrap("  Has laid an Objective Card face down.")
        elif isinstance(laid, str):
            lines += wrap(f"  Laid face down: {_objective(pack, laid)}.")
    return lines


def _result(view: dict[str, Any]) -> list[str]:
    r = view["result"]
    if r is None:
        return []
    winners = ", ".join(NAMES.get(w, w) for w in r["winners"]) or "nobody"
    return wrap(f"The game is over: {winners} won ({r['reason']}).")


def render_text(view: dict[str, Any]) -> str:
    """The board and the role's private information as plain text, with the key to its marks."""
    pack = pack_at(None)
    lines = [*_header(view), *_solo(view), *_variable(view, pack), *_battle(view, pack), *_cards(view, pack)]
    lines += _map(view, pack)
    lines += [*_ships(view, pack), *_bidding(view, pack), *_diplomacy(view, pack)]
    for army in view["armies"]:
        lines += _army(view, pack, army)
    lines += _result(view)
    return "\n".join([*lines, *wrap(KEY)])
