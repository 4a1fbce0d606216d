"""The Four Powers cards as records: Action cards with their effects, the Bluff, the Round cards.

The rulebook pictures an Action card's nine fields (Cards.Anatomy.1-9) but prints only five names
and a few values in its examples; ``data/cards.json`` holds our reconstruction of the 54 cards
(docs/four-powers/reconstruction.md), each record carrying its source. An effect is one entry of a
small vocabulary (:data:`ACTION_EFFECTS`, :data:`CONFLICT_EFFECTS`) with whole-number parameters;
the rules modules resolve each kind. This module reads and checks the records; it holds no rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ...engine.datapack import fail, unique

FILE = "cards"
DECK = 54  # Components (L7-L33), Cards.Anatomy.9
BENEFITS = ("gold", "faith", "footman", "tower", "knight")  # Cards.Anatomy.2, Movement.1
AFFILIATIONS = ("crusaders", "byzantines", "caliphate", "seljuk", "christians", "muslims", "any")
NAMED = ("Local Reinforcements", "Holy Zeal", "Betrayal of the Emirs", "Pilgrims", "The Barons' Dispute")
"""The cards the rulebook names (Cards.Anatomy, Development.Example, Presence.Example,
Movement.Example, Income.Example)."""

GAIN = "gain"
ACTION_EFFECTS: Mapping[str, frozenset[str]] = MappingProxyType(
    {
        GAIN: frozenset(BENEFITS),  # any non-empty choice of these
        "swap_up": frozenset({"cities", "pay"}),
        "push_down": frozenset({"pay"}),
        "footmen_per_adjacent_support": frozenset(),
        "free_support": frozenset({"count"}),
        "free_move": frozenset({"steps"}),
        "upgrade": frozenset({"count"}),
        "faith_per_church": frozenset(),
        "gold_per_city": frozenset(),
    }
)
"""Effects resolved on Development or Presence when the affiliation matches (Actions.3), with the
parameters each takes (all of them, but for ``gain``: at least one)."""

CONFLICT_EFFECTS: Mapping[str, frozenset[str]] = MappingProxyType(
    {
        "extra_card": frozenset(),
        "wounds": frozenset({"count"}),
        "shield": frozenset({"count"}),
        "strength_per_support": frozenset(),
        "battle_strength": frozenset({"count"}),
        "siege_strength": frozenset({"count"}),
        "rerolls": frozenset({"count"}),
        "extra_dice": frozenset({"count"}),
        "free_return": frozenset(),
        "cancel": frozenset(),
    }
)
"""Effects resolved when the card is revealed in a Conflict, whatever its affiliation (Battle.9, R17)."""

ZERO_ALLOWED = frozenset({"pay"})  # a Gold price may be nothing; a count, a step or a gain may not


@dataclass(frozen=True, slots=True)
class Effect:
    """One card effect: a kind of the vocabulary and its whole-number parameters."""

    kind: str
    params: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class ActionCard:
    id: str  # "c01".."c54", from the number; "bluff" for the Bluff
    number: int  # Cards.Anatomy.9
    name: str  # Cards.Anatomy.4
    affiliation: str  # Cards.Anatomy.1, Affiliation.1-2
    cost: int  # Gold icons of the Cost bar (Cards.Anatomy.8)
    benefits: tuple[str, ...]  # the Benefit icons, upper first (Cards.Anatomy.2, Movement.1)
    strength: int  # Cards.Anatomy.7
    action: Effect | None  # Cards.Anatomy.5, Actions.3
    conflict: Effect | None  # Cards.Anatomy.6, Battle.9
    source: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class RoundCard:
    id: str
    name: str
    last: bool  # the Last Round card ends the Crusade after its round (RoundCards)
    order: int | None  # 1..5 for Rounds 1-5, on top in order; None for X, Y, Last, shuffled below (Setup.4)


def card_id(number: int) -> str:
    return f"c{number:02d}"


def read_cards(doc: Mapping[str, Any]) -> tuple[Mapping[str, ActionCard], ActionCard, tuple[RoundCard, ...]]:
    """The 54 Action cards by id in number order, the Bluff's template, the 8 Round cards, checked
    across records (``doc`` is cards.json, already valid by its schema)."""
    unique(FILE, "card number", (str(c["number"]) for c in doc["cards"]))
    unique(FILE, "card name", (c["name"] for c in doc["cards"]))
    numbers = sorted(c["number"] for c in doc["cards"])
    if numbers != list(range(1, DECK + 1)):
        missing = sorted(set(range(1, DECK + 1)) - set(numbers)) or sorted(
            set(numbers) - set(range(1, DECK + 1))
        )
        fail(FILE, "cards", f"the deck is cards 1 to {DECK} once each (Components); wrong: {missing}")
    names = {c["name"] for c in doc["cards"]}
    for name in NAMED:
        if name not in names:
            fail(FILE, "cards", f"the rulebook's card {name!r} is missing")
    cards = {}
    for c in sorted(doc["cards"], key=lambda c: c["number"]):
        cid = card_id(c["number"])
        rec = f"card {cid} ({c['name']})"
        cards[cid] = ActionCard(
            id=cid,
            number=c["number"],
            name=c["name"],
            affiliation=c["affiliation"],
            cost=c["cost"],
            benefits=tuple(c["benefits"]),
            strength=c["strength"],
            action=_effect(rec, "action", c["action"], ACTION_EFFECTS),
            conflict=_effect(rec, "conflict", c["conflict"], CONFLICT_EFFECTS),
            source=MappingProxyType(dict(c["source"])),
        )
    b = doc["bluff"]
    bluff = ActionCard(
        id=b["id"],
        number=0,
        name=b["name"],
        affiliation="any",
        cost=0,
        benefits=(),
        strength=b["strength"],
        action=None,
        conflict=None,
        source=MappingProxyType(dict(b["source"])),
    )
    return MappingProxyType(cards), bluff, _rounds(doc["rounds"])


def _effect(
    rec: str, use: str, doc: Mapping[str, Any] | None, known: Mapping[str, frozenset[str]]
) -> Effect | None:
    if doc is None:
        return None
    kind = doc["kind"]
    params = {k: v for k, v in doc.items() if k != "kind"}
    if kind not in known:
        fail(FILE, rec, f"unknown {use} effect kind {kind!r}; known: {', '.join(known)}")
    allowed = known[kind]
    extra = sorted(set(params) - allowed)
    if extra:
        fail(FILE, rec, f"{use} effect {kind!r} takes no {', '.join(extra)}")
    if kind == GAIN:
        if not params:
            fail(FILE, rec, f"{use} effect 'gain' gains nothing")
    elif set(params) != allowed:
        fail(FILE, rec, f"{use} effect {kind!r} needs {', '.join(sorted(allowed - set(params)))}")
    for k, v in params.items():
        if v == 0 and k not in ZERO_ALLOWED:
            fail(FILE, rec, f"{use} effect {kind!r}: {k} must be at least 1")
    return Effect(kind, MappingProxyType(params))


def _rounds(docs: list[dict[str, Any]]) -> tuple[RoundCard, ...]:
    """Eight Round cards: Rounds 1 to 5 in order, and three more, exactly one of them the Last
    Round (Setup.4, RoundCards)."""
    unique(FILE, "round card", (r["id"] for r in docs))
    rounds = tuple(RoundCard(r["id"], r["name"], r["last"], r["order"]) for r in docs)
    if len(rounds) != 8:
        fail(FILE, "rounds", f"{len(rounds)} Round cards; the box holds 8 (Components)")
    orders = sorted(r.order for r in rounds if r.order is not None)
    if orders != [1, 2, 3, 4, 5]:
        fail(
            FILE, "rounds", f"the cards on top are Rounds 1 to 5, once each (Setup.4); found orders {orders}"
        )
    lasts = [r.id for r in rounds if r.last]
    if len(lasts) != 1:
        fail(FILE, "rounds", f"exactly one Last Round card (RoundCards); found {lasts or 'none'}")
    last = next(r for r in rounds if r.last)
    if last.order is not None:
        fail(
            FILE,
            f"round card {last.id}",
            "the Last Round is shuffled below Rounds 1 to 5, so has no order (Setup.4)",
        )
    return rounds
