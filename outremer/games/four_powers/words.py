"""Four Powers in words: the markers' names and the card effects of the data pack's vocabulary
(cards.py; docs/four-powers/reconstruction.md), shared by the log, the terminal and the browser
board so that an effect reads the same everywhere and no internal id reaches a player."""

from __future__ import annotations

from .cards import Effect

NAMES = {
    "gold": ("Gold", "Gold"),
    "faith": ("Faith", "Faith"),
    "footman": ("Footman", "Footmen"),
    "tower": ("Siege Tower", "Siege Towers"),
    "knight": ("Knight", "Knights"),
}
"""Singular and plural of each marker and Unit (``Units``, ``Faith``)."""


AFFILIATIONS = {
    "crusaders": "Crusaders",
    "byzantines": "Byzantines",
    "caliphate": "Caliphate",
    "seljuk": "Seljuk",
    "christians": "Christians",
    "muslims": "Muslims",
    "any": "any faction",
}
"""A card's Faction Affiliation in words (``Cards.Anatomy.1``, ``Affiliation``)."""

COLUMN_NAMES = {c: c.title() for c in ("development", "presence", "movement", "income")}
"""The four action columns by the rulebook's names (``Actions.1``)."""


def count(n: int, kind: str) -> str:
    """``n`` markers of ``kind``: "1 Footman", "3 Siege Towers"."""
    return f"{n} {NAMES[kind][n != 1]}"


def _times(n: int, one: str, many: str) -> str:
    return one if n == 1 else f"{n} {many}"


def effect_words(effect: Effect) -> str:
    """A card effect in words, a sentence starting with a capital (``Cards.Anatomy.5-6``)."""
    p = effect.params
    pay = f"pay {p['pay']} Gold, then " if p.get("pay") else ""
    words = {
        "gain": lambda: "gain " + " and ".join(count(n, k) for k, n in p.items()),
        "swap_up": lambda: f"{pay}in up to {_times(p['cities'], 'one City', 'Cities')} your Influence "
        "changes places with the opponent's on the level directly above",
        "push_down": lambda: f"{pay}one opponent's Influence drops one level in a City where you "
        "have Influence",
        "footmen_per_adjacent_support": lambda: "choose a City with your Influence: 1 Footman for each "
        "adjacent Location holding your Support",
        "free_support": lambda: f"place {_times(p['count'], 'one Support', 'Support')} free in Regions "
        "whose City holds your Influence",
        "free_move": lambda: f"move your Support up to {_times(p['steps'], 'one step', 'steps')} free",
        "upgrade": lambda: f"move {_times(p['count'], 'one Upgrade marker', 'Upgrade markers')} "
        "one space right",
        "faith_per_church": lambda: "1 Faith for each of your Churches or Mosques on the board",
        "gold_per_city": lambda: "1 Gold for each City Control marker you hold",
        "extra_card": lambda: "lay one more card from your hand (not the Bluff)",
        "wounds": lambda: f"{_times(p['count'], 'one Wound', 'Wounds')} more to the other side",
        "shield": lambda: f"your side takes {_times(p['count'], 'one Wound', 'Wounds')} fewer",
        "strength_per_support": lambda: "+1 Strength for each of your Support in the Conflict",
        "battle_strength": lambda: f"+{p['count']} Strength in a Battle",
        "siege_strength": lambda: f"+{p['count']} Strength in a Siege",
        "rerolls": lambda: f"{_times(p['count'], 'one reroll', 'rerolls')} of your own dice",
        "extra_dice": lambda: f"roll {_times(p['count'], 'one more die', 'more dice')}",
        "free_return": lambda: "your surviving Units go back free",
        "cancel": lambda: "the other leader's card's effect does nothing",
    }
    text = words[effect.kind]()
    return text[0].upper() + text[1:]
