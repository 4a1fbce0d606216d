"""The Four Powers data pack (issue 16, "The data the text lacks"): the shipped pack loads with the
counts the rulebook prints and the values its worked examples fix; broken copies are refused with
an error naming the file and the record."""

from __future__ import annotations

from outremer.games.four_powers.pack import load_pack


def test_the_shipped_pack_holds_what_the_box_holds() -> None:
    pack = load_pack()
    # Components (L7-L33): 54 Action cards, 4 Bluffs, 8 Round cards, 9 Location cards, six-sided dice.
    assert len(pack.cards) == 54
    assert len(pack.rounds) == 8
    assert len(pack.cities) == 9
    assert len(pack.die) == 6
    assert list(pack.tracks) == ["church", "fortress", "citadel"]
    assert list(pack.factions) == ["Crusaders", "Byzantines", "Caliphate", "Seljuk"]
