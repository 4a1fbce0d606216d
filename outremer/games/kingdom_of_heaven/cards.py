"""The Kingdom of Heaven strategy cards as a data pack: 110 cards, the basic deck 1-60 and fifty
scenario cards lettered by scenario (`§2.1`, L136; `§2.4`, L171-L184), each with its operations
value, its diplomacy modifier if any, the colour of its title (a blue battle event, a red response
event, or a plain event: `§8.4.2`, `§8.4.3`), who may play its event, its keywords (`§8.4.1`
L454-L469, `§8.5` L482, `§8.3` L435), its event written as effects, and its siege event (A, D or B,
manpower, cancellers, blue for assaults: `§17.6.6` L1085-L1104).

The cards are lost. The numbers, titles and facts the text gives keep their values, cited per
record; the rest is reconstructed (docs/kingdom-of-heaven/cards.md). An effect is one of the kinds
of :data:`EFFECTS`, with the parameters that kind takes; the rules engine will run them. The file
is validated by its JSON Schema, then checked across records and against the map and counters
packs beside it. A broken file raises :class:`BadData` naming the file, the record and the problem.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path as FilePath
from types import MappingProxyType
from typing import Any

from ...engine.datapack import Loader, fail, read_pack, unique
from .board import Board, read_board
from .counters import Counters, read_counters

FILES = ("cards",)
Source = Mapping[str, str]
Effect = Mapping[str, Any]

EFFECTS: Mapping[str, tuple[frozenset[str], frozenset[str]]] = MappingProxyType(
    {
        kind: (frozenset(required.split()), frozenset(optional.split()))
        for kind, required, optional in (
            # kind, required parameters, optional parameters
            ("reinforce", "power count where", "unit"),  # units from the mix (§8.4.1 L466)
            ("replace_castles", "spaces power", ""),  # castle counters replaced by another Power's
            ("leader_out", "leader fate units", ""),  # a leader leaves, with some of his units
            ("leader_loss", "target drm", ""),  # a roll on the Leader Loss Table (§13.6)
            ("detach", "leaders units", ""),  # an activated force leaves leaders and units behind
            ("activations", "count", ""),  # multiple activations (§10.1.1)
            ("mp", "value", ""),  # MP added to (or taken from) a moving force
            ("stay_in_field", "", ""),  # the units moved skip demobilization (§16.1 L927)
            ("battle_drm", "value timing", "requires"),  # a battle event's die modifier (§13.2)
            ("losses", "value timing", "requires"),  # steps added to or taken from a side's losses
            ("roll_drm", "roll value", ""),  # a modifier to one interception, avoidance or other roll
            ("diplomacy_shift", "power toward", ""),  # a Power moves one box on the track (§9.6)
            ("diplomacy_drm", "value", ""),  # a modifier to the player's next influence roll (§9.5)
            ("cancel_diplomacy", "", ""),  # a successful influence roll undone (§9.2 L512)
            ("naval", "sea units", ""),  # a naval move by event, no fleet roll (§10.8)
            ("blockade_port", "", ""),  # a besieged port blockaded (§Example.C4 L1332)
            ("blockade", "value", ""),  # a siege's blockade set or lifted (§17.6.2 L1047)
            ("attrition", "target av", ""),  # an attrition roll with its AV raised (§15.1)
            ("rf", "value", ""),  # a siege's RF changed (§17.4)
            ("flip_units", "target count", ""),  # full units reduced
            ("sortie", "lose_on raise_on", ""),  # per committed step: a step lost or the RF raised
            ("epidemic", "besieger_on av spread_on", ""),  # attrition on one side, then maybe the other
            ("surrender", "at_most", ""),  # a besieged stronghold falls on a roll of at most this
            ("lift_siege", "", ""),  # a siege ends
            ("garrison", "castles", ""),  # castles of the player's Powers flipped to Full (§17.10.1)
            ("rp", "power value", ""),  # RP added or withheld this turn (§6.1)
            ("draw", "count", ""),  # cards drawn
            ("close_spaces", "spaces", ""),  # spaces closed to movement for the turn
            ("replace_power", "power by", ""),  # one Power's pieces become another's
            ("assault_drm", "value", "side"),  # a modifier to an assault roll (a blue siege event, §8.4.2)
        )
    }
)
POWER_SELECTORS = frozenset({"controlled", "enemy"})
WHERE = frozenset({"capital", "any_controlled", "besieged_city", "port"})
TARGETS = frozenset(
    {"besieger", "besieged", "enemy", "enemy_army", "every_army", "enemy_leader", "moving_leader"}
)
REQUIRES = frozenset({"cavalry_army", "cavalry", "knights", "attacker", "defender"})
LEADER_SELECTORS = frozenset({"own_ranking"})


@dataclass(frozen=True, slots=True)
class SiegeEvent:
    """The siege event at the foot of a card (§2.4 L182, §17.6.6): who may play it (A, D or B),
    its manpower, whether it is blue (playable in assaults, §8.4.2 L472), whether it needs a
    blockade, the siege events it cancels, and its effects."""

    title: str
    user: str
    man: int
    blue: bool
    blockaded: bool
    cancels: tuple[str, ...]
    draw_replacement: bool
    effects: tuple[Effect, ...]
    source: Source

    def usable_by(self, role: str) -> bool:
        """Whether the besieger ("A") or the besieged ("D") may play it (§17.6.6 L1087, L1091)."""
        return self.user in (role, "B")


@dataclass(frozen=True, slots=True)
class Card:
    """A strategy card (§2.4): OV, diplomacy modifier, title colour, the side that may play its
    event, keywords (§8.4.1), the event as effects, and its siege event."""

    id: str
    number: int
    scenario: str | None
    title: str
    ov: int
    diplomacy: int | None
    kind: str  # "event", "battle" (blue) or "response" (red)
    side: str  # "both", "christian" or "muslim"
    keywords: frozenset[str]
    event: tuple[Effect, ...]
    siege_event: SiegeEvent | None
    source: Source
    values_source: Source
    event_source: Source


@dataclass(frozen=True, slots=True)
class Deck:
    cards: Mapping[str, Card]

    def basic(self) -> tuple[Card, ...]:
        """Cards 1-60, shuffled in every scenario (§4.3 L265)."""
        return tuple(c for c in self.cards.values() if c.scenario is None)

    def of_scenario(self, letter: str) -> tuple[Card, ...]:
        """The scenario's own cards (§4.3 L265), dealt first in the variant (§4.3.Variant L271)."""
        return tuple(c for c in self.cards.values() if c.scenario == letter)

    def strategy_deck(self, letter: str) -> tuple[Card, ...]:
        """The deck of a scenario: the basic cards and the scenario's own (§4.3 L265)."""
        return self.basic() + self.of_scenario(letter)

    def by_title(self, title: str) -> Card | None:
        return next((c for c in self.cards.values() if c.title == title), None)

    def siege_events(self, title: str) -> tuple[Card, ...]:
        """The cards whose siege event has this title."""
        return tuple(c for c in self.cards.values() if c.siege_event and c.siege_event.title == title)


def read_cards(directory: FilePath | None = None) -> Deck:
    """Load, validate and cross-check the cards pack (with the map and counters packs beside it):
    the shipped one when ``directory`` is None."""
    board = read_board(directory)
    counters = read_counters(directory)
    doc = read_pack(__package__ or __name__, FILES, directory)["cards"]
    f = "cards"
    unique(f, "card", (c["id"] for c in doc["cards"]))
    cards = {c["id"]: _card(f, c, board, counters) for c in doc["cards"]}
    _numbering(f, cards, doc["deck"], board)
    _siege_titles(f, cards)
    return Deck(MappingProxyType(cards))


load_cards = Loader(read_cards)
"""The shipped data pack, loaded once; or the pack in a folder given, loaded afresh."""


def _card(f: str, c: dict[str, Any], board: Board, counters: Counters) -> Card:
    rec = f"card {c['id']}"
    scenario = c.get("scenario")
    if (scenario is None) != c["id"].isdigit() or c["id"] != f"{scenario or ''}{c['number']}":
        fail(f, rec, f"its id does not match its scenario {scenario!r} and number {c['number']}")
    event = tuple(MappingProxyType(e) for e in c["event"])
    for e in event:
        _effect(f, rec, e, scenario, board, counters)
    kinds = {e["kind"] for e in event}
    keywords = frozenset(c["keywords"])
    if ("reinforcements" in keywords) != ("reinforce" in kinds):
        fail(f, rec, "reinforcements goes with an event that brings units from the mix (§8.4.1 L466)")
    if "dual_use" in keywords and not kinds & {"mp", "stay_in_field"}:
        fail(f, rec, "a dual-use event acts on the move the card makes (§8.3 L435)")
    if c["kind"] == "battle" and not kinds & {"battle_drm", "losses"}:
        fail(f, rec, "a blue battle event must change a battle roll or its losses (§8.4.2)")
    siege = None
    if "siege_event" in c:
        siege = _siege(f, rec, c["siege_event"], scenario, board, counters)
    return Card(
        c["id"],
        c["number"],
        scenario,
        c["title"],
        c["ov"],
        c.get("diplomacy"),
        c["kind"],
        c["side"],
        keywords,
        event,
        siege,
        c["source"],
        c["values_source"],
        c["event_source"],
    )


def _siege(
    f: str, rec: str, s: dict[str, Any], scenario: str | None, board: Board, counters: Counters
) -> SiegeEvent:
    effects = tuple(MappingProxyType(e) for e in s["effects"])
    where = f"{rec} siege event {s['title']}"
    for e in effects:
        _effect(f, where, e, scenario, board, counters)
    if s["blue"] != any(e["kind"] == "assault_drm" for e in effects):
        fail(f, where, "blue (playable in assaults, §8.4.2 L472) exactly when it changes the assault roll")
    if s["cancels"] and s["user"] == "B":
        fail(f, where, "a canceller answers the other side's event: A or D, not B (§17.6.6 L1099-L1101)")
    if not effects and not s["cancels"]:
        fail(f, where, "neither effects nor a siege event it cancels")
    return SiegeEvent(
        s["title"],
        s["user"],
        s["man"],
        s["blue"],
        s["blockaded"],
        tuple(s["cancels"]),
        s["draw_replacement"],
        effects,
        s["source"],
    )


def _effect(f: str, rec: str, e: Effect, scenario: str | None, board: Board, counters: Counters) -> None:
    kind = e["kind"]
    required, optional = EFFECTS[kind]
    given = set(e) - {"kind"}
    missing, extra = sorted(required - given), sorted(given - required - optional)
    if missing or extra:
        wrong = f"lacks {missing[0]}" if missing else f"takes no {extra[0]}"
        fail(f, rec, f"effect {kind} {wrong}")
    power = e.get("power")
    if power is not None and power not in counters.powers and power not in POWER_SELECTORS:
        fail(f, rec, f"effect {kind} names unknown power {power!r}")
    if "by" in e and e["by"] not in counters.powers:
        fail(f, rec, f"effect {kind} names unknown power {e['by']!r}")
    if "unit" in e:
        _unit(f, rec, kind, e, counters)
    if "where" in e:
        _where(f, rec, kind, e["where"], board)
    if "leader" in e and e["leader"] not in LEADER_SELECTORS:
        _leader(f, rec, kind, e["leader"], scenario, counters)
    target = e.get("target")
    if target is not None and target not in TARGETS:
        head, _, name = target.partition(":")
        if head == "leader":
            _leader(f, rec, kind, name, scenario, counters)
        elif head != "box" or name not in board.boxes:
            fail(f, rec, f"effect {kind} has unknown target {target!r}")
    if "requires" in e:
        _requires(f, rec, kind, e["requires"], board, counters)
    if kind == "replace_castles":
        for space in e["spaces"]:
            site = board.spaces.get(space)
            if site is None or (scenario and scenario not in site.castle_site):
                fail(f, rec, f"effect {kind}: {space!r} is no castle site of the map in scenario {scenario}")
        if not counters.castles.get(e["power"]):
            fail(f, rec, f"effect {kind}: {e['power']} has no castle counters")


def _unit(f: str, rec: str, kind: str, e: Effect, counters: Counters) -> None:
    """The unit an event draws from the mix: a type of the Power named (or of some Power, for a
    selector), without a yellow dot (§8.4.1 L468)."""
    power = e.get("power")
    if power in POWER_SELECTORS:
        types = [u for u in counters.units if u.label == e["unit"]]
    else:
        types = [u for u in counters.units_of(str(power)) if u.label == e["unit"]]
    if not types:
        fail(f, rec, f"effect {kind}: no {power} unit {e['unit']} in the counter mix")
    if all(u.yellow_dot for u in types):
        fail(f, rec, f"effect {kind}: a {e['unit']} with a yellow dot is never drawn (§8.4.1 L468)")


def _where(f: str, rec: str, kind: str, where: str, board: Board) -> None:
    head, _, name = where.partition(":")
    known = (
        where in WHERE
        or (head == "box" and name in board.boxes)
        or (head == "space" and name in board.spaces)
    )
    if not known:
        fail(f, rec, f"effect {kind} places units at unknown {where!r}")


def _leader(f: str, rec: str, kind: str, leader: str, scenario: str | None, counters: Counters) -> None:
    found = counters.leaders.get(leader)
    if found is None:
        fail(f, rec, f"effect {kind} names unknown leader {leader!r}")
    if scenario is not None and scenario not in found.scenarios:
        fail(f, rec, f"effect {kind}: {leader} serves in no scenario {scenario}")


def _requires(f: str, rec: str, kind: str, requires: str, board: Board, counters: Counters) -> None:
    head, _, name = requires.partition(":")
    known = (
        requires in REQUIRES
        or (head == "power" and name in counters.powers)
        or (head == "in" and name in board.spaces)
    )
    if not known:
        fail(f, rec, f"effect {kind} requires unknown {requires!r}")


def _numbering(f: str, cards: Mapping[str, Card], deck: Mapping[str, Any], board: Board) -> None:
    basic = sorted(c.number for c in cards.values() if c.scenario is None)
    if basic != list(range(1, deck["basic"] + 1)):
        gap = next((n for n in range(1, deck["basic"] + 1) if n not in basic), basic[-1] if basic else 0)
        fail(f, f"card {gap}", f"the basic deck is numbered 1-{deck['basic']} once each (§2.4 L183)")
    scenario_cards = 0
    for letter in board.letters:
        numbers = sorted(c.number for c in cards.values() if c.scenario == letter)
        if len(numbers) < 2:
            fail(f, f"scenario {letter}", "fewer than two, one per player (§4.3.Variant L271)")
        if numbers != list(range(1, len(numbers) + 1)):
            fail(f, f"scenario {letter}", f"its cards are not numbered {letter}1-{letter}{len(numbers)}")
        scenario_cards += len(numbers)
    stray = sorted(c.id for c in cards.values() if c.scenario and c.scenario not in board.letters)
    if stray:
        fail(f, f"card {stray[0]}", "of a scenario the map does not know")
    if scenario_cards != deck["scenario"]:
        fail(f, "deck", f"{scenario_cards} scenario cards, not {deck['scenario']} (§2.1 L136)")


def _siege_titles(f: str, cards: Mapping[str, Card]) -> None:
    """One siege event title, one event: a title printed on several cards reads the same on each;
    a canceller names a siege event of the deck, of the other side."""
    by_title: dict[str, SiegeEvent] = {}
    for card in cards.values():
        s = card.siege_event
        if s is None:
            continue
        first = by_title.setdefault(s.title, s)
        if (first.user, first.man, first.blue, first.blockaded, first.cancels, first.effects) != (
            s.user,
            s.man,
            s.blue,
            s.blockaded,
            s.cancels,
            s.effects,
        ):
            fail(f, f"card {card.id} siege event {s.title}", "differs from the same title on another card")
    for card in cards.values():
        s = card.siege_event
        if s is None:
            continue
        for title in s.cancels:
            other = by_title.get(title)
            rec = f"card {card.id} siege event {s.title}"
            if other is None:
                fail(f, rec, f"cancels {title!r}, on no card")
            if other.user in (s.user, "B"):
                fail(f, rec, f"cancels {title!r}, an event of its own side")
