"""The Third Crusade game state: plain data, cheap to copy, JSON in and out.

Section keys (``Strategy.Pick``, ``Planning.Facing``) are those of docs/third-crusade/sections.md;
rulings (R22) those of docs/third-crusade/rulings.md. What each role may see is decided in
views.py: the Event decks' order, the cards drawn in the Strategy phase and placed face down before
the reveal, the Orders behind each screen, the face-down Orders on the map (seen by their Army and
its partner, ``Planning.Facing``), the Objective Cards (``PlayerSetup.H``) and the Objective deck,
and in the variable set-up the cards dealt, laid face down and not dealt (``VariableSetup.Decks``)
are hidden; everything else here is public.

A role is an Army in play; the lone player of 3 plays one Army and holds both initiative positions
of its Alliance (``Round.Initiative``, R22). Working data is JSON-native.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import rng
from ...engine.plain import FLAT, FLAT_VALUES, GENERATOR, LOG, NESTED, SHARED, Kind, PlainState, clone, slots
from ...engine.procedures import Frame
from .board import ALLIANCES

FORMAT = "outremer/third-crusade/state/3"
FORMAT_2 = "outremer/third-crusade/state/2"
"""Format 3 adds ``sections`` and the option ``refill_chosen_section`` (R13); a format 2 save, made
before either, is read with neither in play (``State.from_json``)."""

CRUSADER, MUSLIM = ALLIANCES
NAMES = {"angevin": "Angevin", "hre": "Holy Roman Empire", "ayyubid": "Ayyubid", "turkoman": "Turkoman"}
"""Each Army's name (``Glossary.Army``)."""
SLOTS = (2, 3, 4, 5)
"""The command points printed over the bidding board's four card slots, left to right
(``Foldout.BiddingBoard``; ``Plutorial.Strategy``, L1065-L1070: picks are worth 2 to 5, and the
slots are numbered 2 to 5 in ``Plutorial.Strategy.Rows``)."""
UNIT_KINDS = ("infantry", "cavalry", "siege_engine")
"""The Unit types (``Glossary.Unit``)."""
SABOTAGE = "sabotage"
"""What a slot holds under a Sabotage token (``Glossary.Sabotage``: no piece may use it)."""
NEUTRAL = "neutral"
"""The owner of the white pieces (``Glossary.Neutral``)."""
WIN = 10
"""The Glory that wins at a victory check (``VictoryCheck``)."""


def unit(owner: str, kind: str) -> str:
    """A Unit in a slot: ``"<owner>:<kind>"`` (owner an Army or NEUTRAL); a Leader is its id."""
    return f"{owner}:{kind}"


REGION_KEYS = ("slots", "resources", "destroyed_ports")
"""The keys of a Region's entry in ``State.regions`` (see the class)."""


def _regions(value: Any) -> dict[str, dict[str, Any]]:
    """``State.regions`` read from JSON: every Region with exactly :data:`REGION_KEYS`, or ValueError."""
    if not isinstance(value, dict):
        raise ValueError("regions is not an object")
    for rid, here in value.items():
        if not isinstance(here, dict) or set(here) != set(REGION_KEYS):
            raise ValueError(f"Region {rid!r} must have exactly {', '.join(REGION_KEYS)}")
    return dict(clone(value))


REGIONS = Kind(
    "regions",
    '{{k: {{"slots": v["slots"].copy(), "resources": v["resources"].copy(), '
    '"destroyed_ports": v["destroyed_ports"]}} for k, v in {}.items()}}',
    clone,
    _regions,
)
"""The Regions: a copy has its own slots and Resource token lists and shares the tokens, which are
replaced, never changed in place (the copy the bots make most often, cheaper than NESTED)."""


def _two_levels(value: Any) -> dict[str, dict[str, Any]]:
    """A field of :data:`TWO_LEVELS` read from JSON, or ValueError."""
    if not isinstance(value, dict) or not all(isinstance(v, dict) for v in value.values()):
        raise ValueError("not an object of objects")
    for inner in value.values():
        for leaf in inner.values():
            items = leaf.values() if isinstance(leaf, dict) else leaf if isinstance(leaf, list) else None
            if items is None or any(isinstance(x, (dict, list)) for x in items):
                raise ValueError("a value at the second level is not a list or object of plain values")
    return dict(clone(value))


TWO_LEVELS = Kind(
    "two levels",
    "{{k: {{kk: vv.copy() for kk, vv in v.items()}} for k, v in {}.items()}}",
    clone,
    _two_levels,
)
"""A dict of dicts whose values are lists or dicts of immutable values (``event_decks``,
``placed``): a copy has its own at every level, like NESTED, at a fraction of its cost."""

# The state's fields in JSON order, each with how deep a copy goes (engine.plain).
FIELDS = (
    ("rng", GENERATOR),
    ("barrier", SHARED),
    ("scenario", SHARED),
    ("options", SHARED),
    ("armies", SHARED),
    ("lone", SHARED),
    ("north", SHARED),
    ("round", SHARED),
    ("initiative", FLAT),
    ("glory", SHARED),
    ("faith", NESTED),
    ("mercantile", NESTED),
    ("tracks", FLAT_VALUES),
    ("gold", FLAT),
    ("regions", REGIONS),
    ("bandits", FLAT),
    ("board_units", FLAT_VALUES),
    ("sections", NESTED),
    ("leaders_beside", FLAT_VALUES),
    ("leader_box", FLAT),
    ("ships", NESTED),
    ("event_decks", TWO_LEVELS),
    ("drawn", FLAT_VALUES),
    ("bidding", FLAT_VALUES),
    ("event_cards", FLAT_VALUES),
    ("event_discard", FLAT),
    ("order_box", FLAT_VALUES),
    ("advanced", FLAT_VALUES),
    ("placed", TWO_LEVELS),
    ("executed", FLAT_VALUES),
    ("mission", SHARED),
    ("missions", FLAT),
    ("diplomacy_cards", FLAT),
    ("objectives", FLAT_VALUES),
    ("objective_deck", FLAT),
    ("later_objectives", SHARED),
    ("diplomacy_at", FLAT),
    ("diplomacy_marks", FLAT),
    ("markers", FLAT),
    ("stack", NESTED),
    ("log", LOG),
    ("solo", NESTED),
    ("variable", NESTED),
    ("result", SHARED),
    ("pack", SHARED),
)


class State(PlainState, fields=FIELDS, json_format=FORMAT, title="Third Crusade"):
    """The whole game; ``copy``, ``to_json`` and ``from_json`` come from ``FIELDS``."""

    __slots__ = slots(FIELDS)

    rng: rng.Value  # the random generator (engine.rng)
    barrier: int  # bumped by every shuffle and reveal: undo stops there
    scenario: str  # the set-up played (setups.json)
    options: dict[str, bool]  # the rulings' other readings chosen at setup (options.py), never changed
    armies: list[str]  # the Armies in play, one per player (PlayerSetup.1)
    lone: str | None  # 3 players: the Army played alone (Goal.2)
    north: bool  # the north map board is in use: 4 players (BoardSetup.1)
    round: int  # 0 to 3: the round marker on 1190, 1191 Spring, 1191 Autumn, 1192 (BoardSetup.2.Round)
    initiative: list[str]  # Army per initiative position, top first; lone twice (Round.Initiative, R22)
    glory: int  # Glory marker: + towards the Crusader side, - the Muslim (Glossary.Glory, R19)
    faith: dict[str, list[Any]]  # alliance -> [Army it leans to or None, spaces] (BoardSetup.2.Faith, R3)
    mercantile: dict[str, list[Any] | None]  # alliance -> Mercantile marker as faith; None: lone (R3)
    tracks: dict[str, dict[str, int]]  # army -> base, current (points), crowns, supply, gold (BoardSetup.4)
    gold: dict[str, int]  # army -> gold chits in hand (PlayerSetup.B)
    regions: dict[str, dict[str, Any]]  # region -> slots, resources, destroyed_ports (see below)
    bandits: dict[str, int]  # "a|b" (a Road, its ends sorted) -> Bandit tokens on it (Glossary.Bandit)
    board_units: dict[str, dict[str, int]]  # army -> type -> Units on its board (PlayerSetup.C, R13)
    sections: dict[str, Any] | None  # the Units per Section with refill_chosen_section (see below), else None
    leaders_beside: dict[str, list[str]]  # army -> Leaders beside its board, not yet in play (PlayerSetup.D)
    leader_box: list[str]  # Leaders out of the game (Battle.Losses.Count, Glossary.Assassination)
    ships: dict[str, dict[str, dict[str, Any]]]  # period -> army -> Units and Leaders aboard (BoardSetup.3)
    event_decks: dict[str, dict[str, list[str]]]  # army -> year -> cards, top first: hidden (PlayerSetup.A)
    drawn: dict[str, list[str]]  # army -> cards drawn, not yet laid: hidden (Strategy.Place)
    bidding: dict[str, list[str | None]]  # army -> its row, a card per slot, None once picked (Strategy.Pick)
    event_cards: dict[str, list[str]]  # army -> cards picked for it, to play (Strategy.Pick)
    event_discard: list[str]  # Event Cards left over or played (Strategy.End, Upkeep.End)
    order_box: dict[str, list[str]]  # army -> Orders behind its screen: hidden (PlayerSetup.F)
    advanced: dict[str, list[str]]  # army -> Advanced Orders beside its board, not yet bought (PlayerSetup.G)
    placed: dict[str, dict[str, dict[str, Any]]]  # Orders on the map (Planning.Sides, see below)
    executed: dict[str, list[str]]  # army -> Orders executed, above its board (Command.Order.After)
    mission: str | None  # the active Mission Card (BoardSetup.2.Missions)
    missions: list[str]  # the future Missions, top (visible) first (BoardSetup.2.Missions)
    diplomacy_cards: list[str]  # the Diplomacy Cards, face up, this round's first (BoardSetup.2.Diplomacy)
    objectives: dict[str, list[str]]  # army -> its secret Objective Cards: hidden (PlayerSetup.H)
    objective_deck: list[str]  # the Objective Cards not dealt: hidden order
    later_objectives: dict[str, str]  # army -> Objective to draw (Plutorial.Continue.Objectives)
    diplomacy_at: dict[str, str]  # army -> the space its pawn stands on (Diplomacy.Board)
    diplomacy_marks: dict[str, str]  # diplomacy space -> the Army whose marker marks it (Diplomacy.Board)
    markers: dict[str, int]  # army -> diplomacy markers left (BoardSetup.5.B)
    stack: list[Frame]  # the procedures under way, innermost last (engine.procedures)
    log: list[list[Any]]  # [key, audience, text] (see below)
    solo: dict[str, Any] | None  # the Bots and their columns and piles, None without Bots (solo.py)
    variable: dict[str, Any] | None  # the variable set-up (see below); None in the others (VariableSetup)
    result: dict[str, Any] | None  # winners and reason once the game is over (EndGame)
    pack: str | None  # the folder of the data packs played with; None: the shipped ones

    # regions: per Region, "slots" (per slot of the map, in its order: a piece, unit() or a Leader
    # id, SABOTAGE or None), "resources" ([slot, icon] per Resource token) and "destroyed_ports".
    # placed: region -> alliance -> {"army", "order", "up"}: one Order per Alliance per Region; face
    # down ("up" False) it is hidden from the other Alliance (Planning.Facing).
    # variable: while it is played, "decks" (alliance -> the Objective Cards not dealt: hidden),
    # "hands" (army -> the 4 dealt: hidden but to it), "discarded" (army -> the card laid face down,
    # None before: hidden but to it), "revealed" (army -> the 3 kept, shown), "points" (army ->
    # deployment points left), "deserts" (army -> its one Desert once chosen, or None); once it is
    # over, "revealed" and "mercantile" (army -> Mercantile Cities Controlled then, R43) alone
    # (variable_setup.py; VariableSetup.Decks, VariableSetup.Forces, VariableSetup.Deploy).
    # sections: "held" (army -> Units per Section, in the Sections pack's order) and "returning"
    # ([army, type] per Unit back on the board whose owner has not yet chosen its Section; refill.py).
    # log audience: None, everyone; a list of Armies, those alone; ["!", Armies...], all but those.

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> State:
        """A state from JSON; a state of format 2 is read as format 3, the option
        ``refill_chosen_section`` off and no Units per Section kept."""
        if isinstance(data, Mapping) and data.get("format") == FORMAT_2:
            options = data.get("options")
            if isinstance(options, Mapping):
                options = {**options, "refill_chosen_section": False}
            data = {**data, "format": FORMAT, "options": options, "sections": None}
        return super().from_json(data)

    def say(self, key: str, text: str, audience: list[str] | None = None) -> None:
        """Write a log entry citing ``key`` for everyone, or for the Armies in ``audience``."""
        self.log.append([key, audience, text])

    def tell(self, key: str, audience: list[str], private: str, public: str) -> None:
        """Write ``private`` for the Armies in ``audience`` and ``public`` for every other reader."""
        self.log.append([key, audience, private])
        self.log.append([key, ["!", *audience], public])
