"""Four Powers in words for the terminal: the board as a role sees it (views.view).

The header names the Crusade, the round and its Round card (``Round.1-2``), the step by the
rulebook's name (the view's ``phase_name``), the first player (R8a) and who is to act. Then each
City in play with its levels (holder, cost and income, ``Locations.Anatomy.4-6``), its City Control
marker (``Control``, R10d), Citadel and Region (Support, Churches/Mosques); Damascus and Aleppo
while they wait beside the board (``Setup.2``, ``EndCrusade.3``); the Fortresses; the action
columns with the Costs and Benefits showing (``Actions.1``, ``Development.1``, ``Movement.1``,
R1); each faction's VP, Units, Presence markers, buildings and Upgrade markers (``PlayerSetup``)
and the size of its hand; the viewer's own Gold, Faith and cards (everyone else's stay hidden,
``PlayerSetup.6``); the Conflict under way (``Battle``, ``Siege``: only what has been revealed,
and that a sealed choice was made); the result. A key under the board explains every mark. Lines
fit 80 characters and a piece (a level, a card, a count) is never split across two.

Names come from the shipped data pack (public, static data); no internal id is printed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ...engine.procedures import SEALED
from ...engine.terminal import glue, wrap
from .effects import UNUSED, USED
from .pack import ActionCard, Pack, load_pack
from .state import BLUFF, BOARD, COLUMNS, COST_COLUMNS
from .words import AFFILIATIONS, COLUMN_NAMES, NAMES, count, effect_words

KINDS = ("battle", "siege")
"""The procedure kinds of a Conflict under way (battle.py): its revealed facts are public."""


KEY = (
    "Key: Crusaders 2/1 = the Influence on a City level, the Gold it costs to place there "
    "(Locations.Anatomy.4) / the Gold it yields at Income (Income.3); > = the next level up, "
    "from the first level to the top; - = an empty level; (top) = the level that controls the "
    "City and takes its City Control marker (Control, Presence.Influence.5); Support in a Region "
    "is counted per faction (Presence.Support); a Development or Presence card costs its own Cost "
    "plus every Cost already in its column (Development.1); on Movement and Income each card "
    "shows its upper Benefit and the newest its lower one too (Movement.1); at 1 of 4 = where "
    "an Upgrade marker stands on its track (R3b){stars}; (Strength 1 and 1 Wound) = the face of "
    "one die rolled in a Conflict (Battle.10); Gold, Faith and hands are behind each player's "
    "screen (PlayerSetup.6): yours are shown, the others' hidden."
)
"""The key under the board: one meaning for every mark (issue 15)."""


def _key(pack: Pack) -> str:
    """The key, with the starred spaces of the Upgrade tracks as the data pack has them."""
    stars = []
    for kind, track in pack.tracks.items():
        spaces = " and ".join(str(i + 1) for i in track.stars)
        stars.append(f"{'Church or Mosque' if kind == 'church' else kind.title()} {spaces}")
    said = f", the starred spaces, 1 VP on reaching one (Victory.1): {', '.join(stars)}" if stars else ""
    return KEY.format(stars=said)


# -- words -------------------------------------------------------------------------------------
def _counts(counts: Mapping[str, int], empty: str) -> str:
    said = [glue(count(n, k)) for k, n in counts.items() if n]
    return ", ".join(said) if said else empty


def _plural(n: int, word: str) -> str:
    """``n`` and ``word``, plural unless one: "3 Churches", "1 Mosque"."""
    if n == 1:
        return f"{n} {word}"
    return f"{n} {word}es" if word.endswith(("ch", "ss")) else f"{n} {word}s"


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd"}.get(n, f"{n}th")


def _card(pack: Pack, card_id: str) -> ActionCard:
    return pack.bluff if card_id == BLUFF else pack.cards[card_id]


def _card_text(pack: Pack, card_id: str) -> str:
    """A card with everything printed on it, for its holder (``Cards.Anatomy``)."""
    c = _card(pack, card_id)
    if card_id == BLUFF:
        return f"{glue(c.name)} (Strength {c.strength}; no effect, R6c)."
    benefits = ", ".join(NAMES[b][0] for b in c.benefits) or "none"
    facts = [AFFILIATIONS[c.affiliation], f"Cost {c.cost}", f"Benefits {benefits}", f"Strength {c.strength}"]
    text = f"{glue(c.name)} ({'; '.join(glue(f) for f in facts)})."
    if c.action is not None:
        text += f" Action: {effect_words(c.action)}."
    if c.conflict is not None:
        text += f" Conflict: {effect_words(c.conflict)}."
    return text


def _location(pack: Pack, location: str) -> str:
    return pack.board.locations[location].name


# -- the parts of the board ------------------------------------------------------------------------
def _header(view: dict[str, Any], pack: Pack) -> list[str]:
    crusade = f"{_ordinal(view['crusade'])} Crusade"
    if view["round"]:
        card = next((r.name for r in pack.rounds if r.id == view["round_card"]), "")
        when = f"{crusade}, round {view['round']} ({card})"
    else:
        when = f"{crusade}, before the first round"
    lines = wrap(f"== {when}: {view['phase_name']} ==")
    said = [f"First player: {view['first']}"]
    if view["active"] and view["result"] is None:
        together = " (at once)" if len(view["active"]) > 1 else ""
        said.append(f"to act: {', '.join(view['active'])}{together}")
    lines += wrap("; ".join(said) + ".")
    return lines


def _levels(view: dict[str, Any], pack: Pack, location: str) -> str:
    city = view["cities"][location]
    side = pack.cities[location].sides[view["side"]]
    parts = []
    for i, holder in enumerate(city["levels"]):
        top = " (top)" if i == len(city["levels"]) - 1 else ""
        parts.append(glue(f"{holder or '-'} {side.costs[i]}/{side.income[i]}{top}"))
    return " > ".join(parts)


def _city(view: dict[str, Any], pack: Pack, location: str) -> list[str]:
    """A City's levels and City Control marker, then its Region: Support, Citadel, Churches."""
    city = view["cities"][location]
    name = _location(pack, location)
    control = glue(f"control: {city['control'] or 'nobody'}")
    first = f"{glue(name)}: {_levels(view, pack, location)}; {control}."
    support = [glue(f"{r} {n}") for r, n in city["support"].items() if n]
    said = ["Support: " + (", ".join(support) if support else "none")]
    if city["citadel"]:
        said.append(glue(f"Citadel of the {city['citadel']}"))
    churches = city["churches"]
    if churches:
        spaces = pack.board.regions[location].church_mosque_spaces
        built = ", ".join(glue(f"{pack.factions[r].building.title()} of the {r}") for r in churches)
        said.append(f"{built} ({spaces - len(churches)} of {spaces} spaces free)")
    if view["last_conflict"] == location:
        said.append("the Last Conflict marker (R8b)")
    return [*wrap(first, "  "), *wrap("; ".join(said) + ".", "      ")]


def _board(view: dict[str, Any], pack: Pack) -> list[str]:
    lines = ["Cities in play (levels from the first to the top):"]
    waiting = []
    for location in pack.board.locations:
        if view["cities"][location]["in_play"]:
            lines += _city(view, pack, location)
        else:
            waiting.append(_location(pack, location))
    if waiting:
        lines += wrap(
            f"Waiting beside the board until the 2nd Crusade (Setup.2, EndCrusade.3): {', '.join(waiting)}."
        )
    forts = []
    for space, role in view["fortresses"].items():
        a, b = (_location(pack, loc) for loc in pack.board.fortress_spaces[space].between)
        forts.append(glue(f"{role} between {a} and {b}"))
    lines += wrap("Fortresses (Buildings.Fortress): " + ("; ".join(forts) if forts else "none yet") + ".")
    return lines


def _column(pack: Pack, name: str, cards: list[str]) -> str:
    title = COLUMN_NAMES[name]
    if not cards:
        return f"{title}: empty."
    if name in COST_COLUMNS:
        shown = [glue(f"{pack.cards[c].name} (Cost {pack.cards[c].cost})") for c in cards]
        total = sum(pack.cards[c].cost for c in cards)
        return f"{title}: {', '.join(shown)}; a card played here costs {total} Gold more."
    showing: dict[str, int] = {}
    shown = []
    for i, c in enumerate(cards):
        benefits = pack.cards[c].benefits
        up = benefits if i == len(cards) - 1 else benefits[:1]
        for b in up:
            showing[b] = showing.get(b, 0) + 1
        shown.append(glue(f"{pack.cards[c].name} ({', '.join(NAMES[b][0] for b in up) or 'nothing'})"))
    return f"{title}: {', '.join(shown)}; Benefits showing: {_counts(showing, 'none')}."


def _columns(view: dict[str, Any], pack: Pack) -> list[str]:
    lines: list[str] = []
    for owner, columns in view["columns"].items():
        whose = "shared by all (R1)" if owner == BOARD else f"of the {owner} (R1)"
        lines.append(f"Action columns {whose}, oldest card first:")
        for name in COLUMNS:
            lines += wrap(_column(pack, name, columns[name]), "  ")
    return lines


def _faction(view: dict[str, Any], pack: Pack, role: str) -> list[str]:
    """A faction's public stock (``PlayerSetup.3-6``), and its Gold and Faith if the viewer's."""
    f = view["factions"][role]
    fac = pack.factions[role]
    building = fac.building.title()
    cards = _plural(f["hand_size"], "Action card")
    purse = "Gold and Faith hidden" if f["gold"] is None else f"Gold {f['gold']}, Faith {f['faith']}"
    head = f"{role} ({fac.colour}, {AFFILIATIONS[fac.faith]}): {f['vp']} VP; {cards} in hand; {purse}."
    control = ", ".join(_location(pack, loc) for loc in f["control"])
    stock = f["stock"]
    built = [
        _plural(stock["church"], building),
        _plural(stock["fortress"], "Fortress"),
        _plural(stock["citadel"], "Citadel"),
    ]
    tracks = []
    for kind, words, unit in (
        ("church", building, "Gold each"),
        ("fortress", "Fortress", "Strength"),
        ("citadel", "Citadel", "Strength"),
    ):
        track = pack.tracks[kind]
        at = f["tracks"][kind]
        tracks.append(glue(f"{words} at {at + 1} of {len(track.values)} ({track.values[at]} {unit})"))
    said = [
        f"Units: {_counts(f['units'], 'none')}",
        f"Presence markers in supply: {f['presence']}",
        *([f"City Control markers: {control}"] if control else []),
        f"to build: {', '.join(glue(b) for b in built)}",
        f"Upgrade markers: {', '.join(tracks)}",
    ]
    return [*wrap(head), *wrap("; ".join(said) + ".", "    ")]


def _factions(view: dict[str, Any], pack: Pack) -> list[str]:
    lines = ["Factions in seat order (R8a):"]
    for role in view["players"]:
        lines += _faction(view, pack, role)
    return lines


def _own_cards(view: dict[str, Any], pack: Pack) -> list[str]:
    """The viewer's hand and its cards in the draft, theirs alone (``Draft``, ``PlayerSetup.6``)."""
    lines: list[str] = []
    own = [f for f in view["factions"].values() if f["hand"] is not None and f["gold"] is not None]
    draft = view.get("draft")
    if draft and draft.get("hand") is not None:
        lines.append(f"Your draft, pick {draft['pick']}: the cards you may keep (Draft.2):")
        lines += _cards(pack, draft["hand"])
        if draft.get("kept"):
            lines += wrap("Kept so far: " + ", ".join(glue(_card(pack, c).name) for c in draft["kept"]) + ".")
    if len(own) == 1 and own[0]["hand"]:
        lines.append("Your hand:")
        lines += _cards(pack, own[0]["hand"])
    return lines


def _cards(pack: Pack, cards: Iterable[str]) -> list[str]:
    return [line for c in cards for line in wrap(_card_text(pack, c), "  ")]


def _piles(view: dict[str, Any], pack: Pack) -> list[str]:
    discard = view["discard"]
    text = f"Action deck: {_plural(view['deck'], 'card')}; discard pile: {len(discard)}"
    if discard:
        text += f", {glue(pack.cards[discard[-1]].name)} on top"
    text += f"; Round deck: {_plural(view['round_deck'], 'card')}."
    return wrap(text)


# -- an action under way ---------------------------------------------------------------------------
def _action(view: dict[str, Any], pack: Pack) -> list[str]:
    """The action under way: its card and the card's effect (``Actions.3``), or the Recruitment
    points left in a Movement (``Buildings.Fortress.3``)."""
    lines: list[str] = []
    for frame in view["procedures"]:
        kind = frame["kind"]
        if kind in ("development", "presence"):
            c = pack.cards[frame["card"]]
            text = f"Under way: the {COLUMN_NAMES[kind]} action of the {frame['role']} with {glue(c.name)}"
            if c.action is not None and frame["effect"] in (UNUSED, USED):
                state = "not yet used" if frame["effect"] == UNUSED else "used"
                text += f"; its effect ({state}, Actions.3): {effect_words(c.action)}"
            lines += wrap(text + ".")
        elif kind == "movement":
            lines += wrap(
                f"Under way: the Movement action of the {frame['role']}; Recruitment points left:"
                f" {frame['points']} (Buildings.Fortress.3)."
            )
    return lines


# -- a Conflict under way ----------------------------------------------------------------------------
def _face(pack: Pack, index: int) -> str:
    face = pack.die[index]
    parts = [f"Strength {face.strength}"] if face.strength else []
    if face.wounds:
        parts.append(f"{face.wounds} Wound{'s' if face.wounds != 1 else ''}")
    return glue(f"({' and '.join(parts) or 'blank'})")


def _side(frame: dict[str, Any], side: str) -> list[str]:
    ally = frame["allies"][side]
    return [frame[side], *([ally] if ally else [])]


def _sealed(view: dict[str, Any], pack: Pack, frame: dict[str, Any], conflict: str) -> list[str]:
    """Steps 7-8: who has laid a card or closed a hand; the viewer's own choice to itself."""
    sealed = frame.get(SEALED) or {}
    if not sealed:
        return []
    laying = frame["kind"] == conflict + "_card"
    done = ", ".join(sorted(sealed))
    said = [f"{'Cards laid face down' if laying else 'Hands closed'}: {done}."]
    for choice in sealed.values():
        if isinstance(choice, list) and laying:
            said.append(f"You laid {_card(pack, choice[1]).name} face down.")
        elif isinstance(choice, list):
            _, footmen, other, faith = choice
            big = "tower" if conflict == "siege" else "knight"
            said.append(f"Your closed hand: {count(footmen, 'footman')}, {count(other, big)}, {faith} Faith.")
    return wrap(" ".join(said), "    ")


def _conflict(view: dict[str, Any], pack: Pack) -> list[str]:
    frames = view["procedures"]
    at = next((i for i in range(len(frames) - 1, -1, -1) if frames[i]["kind"] in KINDS), None)
    if at is None:
        return []
    frame = frames[at]
    kind = frame["kind"]
    title = "Battle" if kind == "battle" else "Siege"
    attackers, defenders = _side(frame, "attacker"), _side(frame, "defender")
    lines = wrap(
        f"{title} in {_location(pack, frame['location'])}: the attacker {' with '.join(attackers)}"
        f"{'' if len(attackers) > 1 else ', no Ally'}; the Defender {' with '.join(defenders)}"
        f"{'' if len(defenders) > 1 else ', no Ally'}."
    )
    for inner in frames[at + 1 :]:
        lines += _sealed(view, pack, inner, kind)
    for role in [*attackers, *defenders]:
        said = []
        cards = frame["cards"].get(role)
        if cards:
            shown = (glue(f"{_card(pack, c).name} (Strength {_card(pack, c).strength})") for c in cards)
            said.append("cards " + ", ".join(shown))
        if role in frame["units"]:
            said.append(f"Units {_counts(frame['units'][role], 'none')}")
        if role in frame["faith"]:
            said.append(glue(f"{frame['faith'][role]} Faith"))
        if frame["dice"].get(role):
            said.append("dice " + " ".join(_face(pack, d) for d in frame["dice"][role]))
        if said:
            lines += wrap(f"{role}: {'; '.join(said)}.", "    ")
    if frame["strength"]:
        s = frame["strength"]
        text = f"Strength: the attacker {s['attacker']}, the Defender {s['defender']}"
        if frame["winner"]:
            text += f"; the {'attacker' if frame['winner'] == 'attacker' else 'Defender'} wins"
        lines += wrap(text + ".", "    ")
    if frame["wounds"]:
        w = frame["wounds"]
        lines += wrap(
            f"Wounds still to take: the attacker {w['attacker']}, the Defender {w['defender']}.", "    "
        )
    return lines


def _result(view: dict[str, Any]) -> list[str]:
    r = view["result"]
    if not r:
        return []
    scores = ", ".join(glue(f"{role} {vp} VP") for role, vp in r["scores"].items())
    return wrap(f"Game over: {r['reason']}. Winners: {', '.join(r['winners'])}. Final score: {scores}.")


def render_text(view: dict[str, Any]) -> str:
    """The board, the columns, the factions and the viewer's own cards as plain text, with the
    key to the marks under them."""
    pack = load_pack()
    lines = [
        *_header(view, pack),
        *_result(view),
        *_action(view, pack),
        *_board(view, pack),
        *_conflict(view, pack),
        *_columns(view, pack),
        *_factions(view, pack),
        *_own_cards(view, pack),
        *_piles(view, pack),
        *wrap(_key(pack)),
    ]
    return "\n".join(lines)
