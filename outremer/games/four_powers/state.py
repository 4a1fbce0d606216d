"""The Four Powers game state: plain data, cheap to copy, JSON in and out.

Section keys (``Setup.8``, ``Battle.13``) are those of docs/four-powers/sections.md; rulings
(``R2``) those of docs/four-powers/rulings.md. What each role may see is decided in views.py:
Gold, Faith, hands, the draft's hands, the deck orders and sealed commitments are hidden
(``PlayerSetup.6``, ``Battle.8``); everything else here is public.

Working data is JSON-native (dicts with string keys, lists, strings, integers, booleans, None).
"""

from __future__ import annotations

from typing import Any

from ...engine import rng
from ...engine.plain import FLAT, FLAT_VALUES, GENERATOR, LOG, NESTED, SHARED, PlainState, slots
from ...engine.procedures import Frame

FORMAT = "outremer/four-powers/state/1"

CRUSADERS, BYZANTINES, CALIPHATE, SELJUK = "Crusaders", "Byzantines", "Caliphate", "Seljuk"
ROLES = (CRUSADERS, BYZANTINES, CALIPHATE, SELJUK)
"""The four factions in seat order, the direction of play (``PlayerSetup``, R8a)."""

FAITH = {CRUSADERS: "christians", BYZANTINES: "christians", CALIPHATE: "muslims", SELJUK: "muslims"}
"""Each faction's faith (``PlayerSetup``, ``Affiliation.1``)."""

COLUMNS = ("development", "presence", "movement", "income")
"""The four action columns, in the order the rulebook describes them (``Actions.1``)."""

COST_COLUMNS = ("development", "presence")
"""Columns that charge the Cost bars of their cards (``Development.1``); the others give the
Benefits showing (``Movement.1``, ``Income.1``)."""

BUILDINGS = ("church", "fortress", "citadel")
"""The three kinds of building, each with its row on the player board (``Buildings``, R3b);
"church" stands for a Muslim faction's Mosque too (``Buildings.Church``)."""

UNITS = ("footman", "tower", "knight")
"""Footman (Strength 1), Siege Tower (2), Knight (3) (``Units``)."""

STRENGTH = {"footman": 1, "tower": 2, "knight": 3}
"""A Unit's Strength, which is also its cost in Gold or Recruitment points (``Units``)."""

BOARD = "board"
"""The owner of the shared action columns (R1); with the option ``own_columns`` each role owns a
set of its own, keyed by the role."""

BLUFF = "bluff"
"""The Bluff card in a hand (``Draft.5``): each player has one; it is never played for an action
nor discarded, and goes back to the hand after a Conflict (R6b)."""

FOUR, TWO = "four", "two"
"""The sides of the Location cards: 3 City levels for 4 players, 2 for 2 or 3 (``Players.1``)."""


# The state's fields in JSON order, each with how deep a copy goes (engine.plain).
FIELDS = (
    ("rng", GENERATOR),
    ("barrier", SHARED),
    ("players", SHARED),
    ("side", SHARED),
    ("crusade", SHARED),
    ("round", SHARED),
    ("first", SHARED),
    ("round_card", SHARED),
    ("round_deck", FLAT),
    ("deck", FLAT),
    ("discard", FLAT),
    ("hands", FLAT_VALUES),
    ("draft", NESTED),
    ("columns", NESTED),
    ("in_play", SHARED),
    ("influence", FLAT_VALUES),
    ("control", FLAT),
    ("support", FLAT_VALUES),
    ("churches", FLAT_VALUES),
    ("fortresses", FLAT),
    ("citadels", FLAT),
    ("stock", FLAT_VALUES),
    ("tracks", FLAT_VALUES),
    ("gold", FLAT),
    ("faith", FLAT),
    ("units", FLAT_VALUES),
    ("vp", FLAT),
    ("last_conflict", SHARED),
    ("stack", NESTED),
    ("log", LOG),
    ("result", SHARED),
    ("scenario", SHARED),
    ("options", SHARED),
    ("pack", SHARED),
)


class State(PlainState, fields=FIELDS, json_format=FORMAT, title="Four Powers"):
    """The whole game; ``copy``, ``to_json`` and ``from_json`` come from ``FIELDS``."""

    __slots__ = slots(FIELDS)

    rng: rng.Value  # the random generator (engine.rng)
    barrier: int  # bumped by every shuffle, die and reveal: undo stops there
    players: list[str]  # the factions in play, in seat order (Players, R8a)
    side: str  # FOUR or TWO: the Location cards' side in use (Players.1)
    crusade: int  # 1 or 2 (Round.1)
    round: int  # the round of this Crusade, 0 before the first (Round.2)
    first: str  # the first player of the round (RoundCards, R8a)
    round_card: str | None  # the Round card revealed this round (Round.2)
    round_deck: list[str]  # Round card ids, top first; X, Y and Last shuffled (Setup.4): hidden order
    deck: list[str]  # Action card ids, top first (Setup.5): hidden order
    discard: list[str]  # the discard pile, last discarded last (Round.3, EndCrusade.2)
    hands: dict[str, list[str]]  # each role's hand: Action card ids and BLUFF (Draft.5): hidden
    draft: dict[str, Any]  # the opening draft under way: each role's kept and passed cards (Draft): hidden
    columns: dict[str, dict[str, list[str]]]  # owner (BOARD or role, R1) -> column -> cards, oldest first
    in_play: list[str]  # the Locations on the board (Setup.2, EndCrusade.3)
    influence: dict[str, list[str | None]]  # location -> role on each City level, first first
    control: dict[str, str | None]  # location -> City Control marker's holder (R10d)
    support: dict[str, dict[str, int]]  # location -> role -> Support in its Region (Presence.Support)
    churches: dict[str, list[str]]  # location -> roles of its Churches/Mosques
    fortresses: dict[str, str]  # fortress space -> the role of its Fortress (Buildings.Fortress)
    citadels: dict[str, str]  # location -> the role of the Citadel in its City (Buildings.Citadel)
    stock: dict[str, dict[str, int]]  # role -> kind -> left on its board (PlayerSetup.3)
    tracks: dict[str, dict[str, int]]  # role -> kind -> Upgrade marker's space (R3b)
    gold: dict[str, int]  # role -> Gold behind its screen (PlayerSetup.6): hidden from the others
    faith: dict[str, int]  # role -> Faith behind its screen (PlayerSetup.6): hidden from the others
    units: dict[str, dict[str, int]]  # role -> kind -> Units in front of its board: public
    vp: dict[str, int]  # role -> Victory Points (Victory)
    last_conflict: str | None  # the Region of the latest Conflict, for the eye only (R8b)
    stack: list[Frame]  # the procedures under way, innermost last (engine.procedures)
    log: list[list[Any]]  # [key, audience (None: everyone; a role; "!" + role: all but it), text]
    result: dict[str, Any] | None  # winners, reason and scores once the game is over (EndGame)
    scenario: str  # the scenario set up: who plays, on which side of the cards (setup.SCENARIOS)
    options: dict[str, bool]  # the setup options (docs/four-powers/rulings.md), never changed
    pack: str | None  # the folder of the data pack played with; None: the shipped one (common.data)

    def say(self, key: str, text: str, audience: str | None = None) -> None:
        """Write a log entry citing ``key`` for everyone, or for ``audience`` alone."""
        self.log.append([key, audience, text])

    def tell(self, key: str, role: str, private: str, public: str) -> None:
        """Write ``private`` for ``role`` and ``public`` for everyone else (R12: a payment's Gold
        and Faith are behind the payer's screen)."""
        self.log.append([key, role, private])
        self.log.append([key, "!" + role, public])
