"""Card events in Kingdom of Heaven: an event played on an action round, run effect by effect
(§8.4, §8.4.1), the response windows (§8.4.3), and the handlers of the effect kinds this section
owns: draw, close_spaces, replace_power, replace_castles and leader_out.

Section keys are those of docs/kingdom-of-heaven/sections.md; K-numbers are rulings.md's.

An event's effects run one per step of its frame, so that a handler that pushes a procedure (a
choice, a roll) has it resolved before the next effect. A response window opens on a public fact
(an action announced) and always offers a pass (§8.4.3; tests/test_twins.py), whatever the hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import rng
from ...engine.procedures import Frame
from . import effects, initiative, strongholds
from .cardplay import spend
from .cards import Card, Effect
from .common import data, side, units
from .forces import PLACES, pieces, take, to_dead, to_pool
from .names import space_name
from .naval import BOX, may_sail
from .procedures import PROCEDURES
from .setup import draw
from .state import PLAYERS, State, group

Action = tuple[Any, ...]


def other(player: str) -> str:
    """The opponent of ``player``."""
    return PLAYERS[1 - PLAYERS.index(player)]


def card(state: State, cid: str) -> Card:
    return data(state).cards.cards[cid]


def may_play_event(state: State, player: str, cid: str) -> bool:
    """Whether ``player`` may play the event of card ``cid``: its side is his or both (§2.4)."""
    return card(state, cid).side in ("both", player)


def must_be_played(state: State, player: str, cid: str) -> bool:
    """Whether card ``cid`` binds ``player`` by Must Be Played (§8.4.1 L460): only a player who
    may play its event is bound; in the other's hand it is an ordinary card (K41)."""
    return "must_be_played" in card(state, cid).keywords and may_play_event(state, player, cid)


# -- response events (§8.4.3) -----------------------------------------------------------------

ROLLS = {"intercept": "activation", "avoid": "activation", "fleet": "naval"}
"""The action announced that a roll modifier answers (§11, §12, §10.8.Fleet)."""
FITS = {
    "detach": "activation",
    "mp": "activation",
    "flip_units": "activation",
    "leader_loss": "activation",
    "cancel_diplomacy": "diplomacy",
}
"""The action announced that a response event of each effect kind answers (§8.4.3, K43)."""


def only_answers(c: Card) -> bool:
    """Whether ``c`` is a plain event that acts only on an enemy activation under way (detach:
    Dispute over the Crown), so it is played in a response window, never on its player's round
    (K43)."""
    return c.kind == "event" and bool(c.event) and all(e["kind"] == "detach" for e in c.event)


TRIGGERS = {
    "activation": "an activation",
    "siege": "a siege action",
    "diplomacy": "a diplomacy attempt",
    "naval": "a naval move",
    "event": "an event",
}
"""The announced actions a response answers (§8.4.3), in words for the prompt."""


def fits(c: Card, trigger: str) -> bool:
    """Whether card ``c``'s event answers an announced action of kind ``trigger``: a red card, or
    a plain event that only answers one, every effect of which does (K43)."""
    if not (c.kind == "response" or only_answers(c)) or not c.event:
        return False
    for e in c.event:
        answered = ROLLS.get(str(e.get("roll"))) if e["kind"] == "roll_drm" else FITS.get(str(e["kind"]))
        if answered != trigger:
            return False
    return True


def responses(state: State, player: str, trigger: str) -> list[str]:
    """The cards of ``player``'s hand he may play in a response window on ``trigger``."""
    return sorted(
        {
            cid
            for cid in state.hands[player]
            if may_play_event(state, player, cid) and fits(card(state, cid), trigger)
        }
    )


def _response_legal(state: State, frame: Frame, role: str) -> list[Action]:
    if role != frame["player"] or frame.get("played"):
        return []
    return [("pass",), *(("respond", cid) for cid in responses(state, role, frame["trigger"]))]


def _response(state: State, frame: Frame, role: str, action: Action) -> None:
    """A pass, or a response event played (§8.4.3 L476): its effects run at once, the announced
    action's frame below it; no replacement card unless the card says so (L476)."""
    if action[0] == "pass":
        PROCEDURES.pop(state, frame)
        return
    cid = action[1]
    spend(state, role, cid, event=True)
    state.barrier += 1
    state.say("§8.4.3", f"The {role.capitalize()} responds with {card(state, cid).title} (#{cid}).")
    frame["played"] = cid
    frame["next"] = 0


def _response_run(state: State, frame: Frame) -> None:
    """The played response's effects, one per step; then the window closes with the card."""
    cid = frame["played"]
    if _next_effect(state, frame, frame["player"], card(state, cid).event, _context(frame, cid)):
        return
    PROCEDURES.pop(state, frame, card=cid)


def _response_prompt(state: State, frame: Frame, role: str) -> str:
    where = f" at {space_name(state, frame['space'])}" if frame.get("space") else ""
    return (
        f"Response (§8.4.3): the {other(role).capitalize()} announces {TRIGGERS[frame['trigger']]}{where}. "
        "Play a response event, or pass."
    )


def _context(frame: Frame, cid: str) -> dict[str, Any]:
    return {k: frame.get(k) for k in ("trigger", "space", "actor")} | {"card": cid}


READ = frozenset({"roll_drm", "battle_drm", "losses"})
"""Effect kinds with no handler: the procedure they qualify reads them from the cards played on it
(a response's card under its frame's ``done``; effects.py)."""


def _next_effect(
    state: State, frame: Frame, player: str, event: tuple[Effect, ...], context: Mapping[str, Any]
) -> bool:
    """Run the frame's next effect of ``event``; False once all have run."""
    i = frame.get("next", 0)
    if i >= len(event):
        return False
    frame["next"] = i + 1
    if event[i]["kind"] not in READ:
        effects.run(state, player, event[i], context)
    return True


# -- an event played on an action round (§8.4, §8.4.1) ------------------------------------------


def _armies_at(state: State, who: set[str], place: str = "field") -> list[str]:
    """The spaces where a player of ``who`` has units, outside (or inside) a stronghold."""
    return sorted(
        space
        for space, groups in getattr(state, place).items()
        if space in data(state).board.spaces
        and any(units(g) and state.orientation(p) in who for p, g in groups.items())
    )


def where_choices(state: State, player: str, effect: Effect) -> list[Action] | None:
    """Where an event's effect acts, when the card leaves it to its player (K42): the space of an
    attrition roll or of units flipped (an army of the side it strikes), or the port and leader of
    a naval move by event (§10.8, naval.may_sail). None: the effect needs no choice; an empty
    list: it finds nothing to act on."""
    kind, target = effect["kind"], str(effect.get("target", ""))
    enemy = {other(player)}
    if kind == "attrition" and not target.startswith("box:"):
        if target == "besieged":
            return [("at", s) for s in sorted(state.sieges)]
        return [("at", s) for s in _armies_at(state, set(PLAYERS) if target == "every_army" else enemy)]
    if kind == "flip_units" and target in ("enemy", "enemy_army"):
        return [("at", s) for s in _armies_at(state, enemy)]
    if kind == "naval":
        sea = str(effect["sea"])
        out: list[Action] = []
        for at in (*data(state).board.ports(sea), *((BOX,) if sea == BOX else ())):
            if may_sail(state, player, at, sea, True, 0) is not None:
                continue
            here = [(p, g) for p, g in state.field.get(at, {}).items() if state.orientation(p) == player]
            out += [("sail", at, lid) for _, g in here for lid in sorted(g["leaders"])]
            if any(units(g) for _, g in here):
                out.append(("sail", at, ""))
        return out
    return None


def _event_run(state: State, frame: Frame) -> None:
    """The event: the card spent as an event (Remove If Played, §8.4.1 L462; a reshuffle ordered,
    §8.5), its effects in order, each asking first where it acts if the card leaves that to its
    player, then the replacement card the keyword offers (§8.4.1 L464)."""
    player, cid = frame["player"], frame["card"]
    c = card(state, cid)
    if "next" not in frame:
        spend(state, player, cid, event=True)
        state.barrier += 1
        state.say("§8.4.1", f"The {player.capitalize()} plays {c.title} (#{cid}) as an event.")
        frame["next"] = 0
    i = frame["next"]
    if i < len(c.event) and "at" not in frame:
        choices = where_choices(state, player, c.event[i])
        if choices == []:
            state.say("§8.4.1", f"{c.title} finds nothing to act on.")
            frame["next"] = i + 1
            return
        if choices is not None:
            frame["at"] = None  # asks the player
            return
    at = frame.pop("at", None) or [None, None]
    context = {
        "card": cid,
        "trigger": "event",
        "space": at[0] if at[0] is not None else frame.get("space"),
        "actor": frame.get("actor"),
        "leader": at[1] or None,
        "ov": c.ov,
    }
    if _next_effect(state, frame, player, c.event, context):
        return
    if "draw_replacement" in c.keywords and "drew" not in frame and (state.deck or state.discard):
        frame["drew"] = None  # asks the player (K42)
        return
    PROCEDURES.pop(state, frame)


def _event_legal(state: State, frame: Frame, role: str) -> list[Action]:
    if role != frame["player"]:
        return []
    if "at" in frame and frame["at"] is None:
        effect = card(state, frame["card"]).event[frame["next"]]
        return where_choices(state, role, effect) or []
    if "drew" not in frame or frame["drew"] is not None:
        return []
    return [("draw",), ("no_draw",)]


def _event_perform(state: State, frame: Frame, role: str, action: Action) -> None:
    """Where the next effect acts (``at`` a space, ``sail`` a port and leader), or Draw
    Replacement Card (§8.4.1 L464): the player may draw one; it cannot be played this round,
    which his event ends."""
    if action[0] in ("at", "sail"):
        frame["at"] = [action[1], action[2] if len(action) > 2 else None]
        return
    frame["drew"] = action[0] == "draw"
    if frame["drew"] and take_card(state, role):
        state.say("§8.4.1", f"The {role.capitalize()} draws a replacement card.")


def _event_prompt(state: State, frame: Frame, role: str) -> str:
    if "at" in frame:
        return f"{card(state, frame['card']).title} (§8.4.1): choose where the event acts."
    return "Draw Replacement Card (§8.4.1): draw a card (not playable this round), or not."


PROCEDURES.procedure(
    "event",
    legal=_event_legal,
    perform=_event_perform,
    run=_event_run,
    prompt=_event_prompt,
    roles=lambda state, frame: [frame["player"]],
    rule="§8.4.1",
)
PROCEDURES.procedure(
    "response",
    legal=_response_legal,
    perform=_response,
    run=_response_run,
    prompt=_response_prompt,
    roles=lambda state, frame: [frame["player"]],
    rule="§8.4.3",
)


# -- the handlers of this section's effect kinds ------------------------------------------------


def take_card(state: State, player: str) -> bool:
    """One card drawn by ``player``; a deck found empty is first rebuilt from the discards
    (§8.5 L482); False when both are empty (K31)."""
    if not state.deck and state.discard:
        state.deck, state.discard = list(state.discard), []
        rng.shuffle(state, state.deck)
        state.say(
            "§8.5", f"The deck is empty: the {len(state.deck)} discarded cards are shuffled into a new deck."
        )
    if not state.deck:
        return False
    draw(state, player)
    return True


@effects.handler("draw")
def _draw(state: State, player: str, effect: Effect, context: Mapping[str, Any]) -> None:
    """Cards drawn from the deck to the player's hand (they cannot be played this round, §8.4.1
    L464: his round ends with the event)."""
    n = sum(take_card(state, player) for _ in range(int(effect["count"])))
    state.say("§8.4.1", f"The {player.capitalize()} draws {n} card{'s' if n != 1 else ''}.")


def closed(state: State) -> set[str]:
    """The spaces closed to movement for the rest of the turn by events in force (close_spaces):
    a list of spaces, or "nile" for the Nile spaces (§10.6.Nile L618, K9)."""
    board = data(state).board
    shut: set[str] = set()
    for cid in state.lasting:
        for e in card(state, cid).event:
            if e["kind"] == "close_spaces":
                spaces = e["spaces"]
                shut |= {s for s, x in board.spaces.items() if x.nile} if spaces == "nile" else set(spaces)
    return shut


@effects.handler("close_spaces")
def _close_spaces(state: State, player: str, effect: Effect, context: Mapping[str, Any]) -> None:
    """Spaces closed to movement until the end of the turn: the card joins the events lasting the
    turn (state.lasting, cleared at its end); movement reads them with :func:`closed`."""
    cid = context["card"]
    if cid not in state.lasting:
        state.lasting.append(cid)
    names = ", ".join(sorted(data(state).board.spaces[s].name for s in closed(state)))
    state.say("§10.6.Nile", f"Closed to movement for the rest of the turn: {names}.")


@effects.handler("replace_power")
def _replace_power(state: State, player: str, effect: Effect, context: Mapping[str, Any]) -> None:
    """One Power's pieces and places pass to another (K45): its leaders, its units of the types
    the other's counter mix has, its castles, cities, provinces and boxes and its sieges; units of
    a type the other lacks stay the first Power's, which keeps its place on the political track.
    The second takes the first's place on the track and its replacement rate if it has none."""
    old, new = str(effect["power"]), str(effect["by"])
    labels = {u.label for u in data(state).counters.units_of(new)}
    for place in (state.field, state.inside):
        for groups in place.values():
            if old in groups:
                _merge(groups, old, new, labels, drop=True)
    for pile in (state.pools, state.dead):
        if old in pile:
            _merge(pile, old, new, labels, drop=False)
    for c in state.castles.values():
        if c["power"] == old:
            c["power"] = new
    for space, holder in state.cities.items():
        if holder == old:
            state.cities[space] = new
    for where, owner in state.owners.items():
        if owner == old:
            state.owners[where] = new
    if new not in state.political and old in state.political:
        state.political[new] = state.political[old]
    if old in state.rates and new not in state.rates:
        state.rates[new] = state.rates[old]
    names = data(state).counters.powers
    state.say("§8.4.1", f"The {names[old].name}' pieces and places pass to the {names[new].name}.")


def _merge(groups: dict[str, Any], old: str, new: str, labels: set[str], *, drop: bool) -> None:
    """The first Power's group joined to the second's: its leaders and the units of ``labels``;
    with ``drop``, a group left empty on the map is removed (forces.py keeps no empty group)."""
    g = groups[old]
    into = groups.setdefault(new, group())
    for face in ("full", "reduced"):
        for label in [x for x in g[face] if x in labels]:
            into[face][label] = into[face].get(label, 0) + g[face].pop(label)
    into["leaders"].extend(x for x in g["leaders"] if x not in into["leaders"])
    g["leaders"] = []
    if drop and not units(into) and not into["leaders"]:
        del groups[new]
    if drop and not units(g) and not g["leaders"]:
        del groups[old]


@effects.handler("replace_castles")
def _replace_castles(state: State, player: str, effect: Effect, context: Mapping[str, Any]) -> None:
    """The castle counters in the spaces named are replaced by the Power's, on the same side
    (§Example.C2 L1310); a site without a castle gets none (K46), and a siege of one that is now
    the besieger's ends (Richard's of Limassol in the example). A Power that lost its last
    stronghold so is dissolved (§17.11, strongholds.dissolve_if_gone); each VP space so won from
    the other side or a neutral gives the Power's player a roll for the Diplomatic Advantage at
    most its VP (§9.3, as §Example.C2 rolls twice)."""
    power = str(effect["power"])
    board = data(state).board
    done, losers, won = [], set(), []
    for space in effect["spaces"]:
        if space in state.castles:
            before = str(state.castles[space]["power"])
            losers.add(before)
            state.castles[space]["power"] = power
            done.append(board.spaces[space].name)
            if state.sieges.get(space, {}).get("besieger") == side(state, power):
                del state.sieges[space]  # the besieger's own castle now: his siege is over
            if side(state, before) != side(state, power) and board.vp(space, state.scenario):
                won.append(space)
    state.say(
        "§Example.C2",
        f"Castles replaced by {data(state).counters.powers[power].name} ones: {', '.join(done) or 'none'}.",
    )
    for loser in sorted(losers - {power}):
        strongholds.dissolve_if_gone(state, loser)
    winner = side(state, power)
    for space in reversed(won) if winner in PLAYERS else ():
        PROCEDURES.push(
            state,
            "advantage",
            player=winner,
            at_most=board.vp(space, state.scenario),
            why="capture",
            space=space,
        )


def whereabouts(state: State, leader: str) -> tuple[str, str, str] | None:
    """(place, space, Power) of a leader on the map, None off it."""
    for place in PLACES:
        for space, groups in getattr(state, place).items():
            for power, g in groups.items():
                if leader in g["leaders"]:
                    return place, space, power
    return None


@effects.handler("leader_out")
def _leader_out(state: State, player: str, effect: Effect, context: Mapping[str, Any]) -> None:
    """A leader leaves the map (§8.4.1): to the dead pile or his Power's force pool, with that many
    units of his Power from his space to the pool, full ones first (K47). ``own_ranking`` is the
    player's own ranking leader (§10.3). A leader off the map is untouched: the event does nothing."""
    lid = str(effect["leader"])
    if lid == "own_ranking":
        ranking = initiative.ranking_leader(state, player)
        if ranking is None:
            state.say("§8.4.1", "No leader on the map: the event has no effect.")
            return
        lid = ranking
    found = whereabouts(state, lid)
    name = data(state).counters.leaders[lid].name
    if found is None:
        state.say("§8.4.1", f"{name} is not on the map: the event has no effect.")
        return
    place, space, power = found
    g = getattr(state, place)[space][power]
    leaving = group()
    for face, label in list(pieces(g))[: int(effect["units"])]:
        leaving[face][label] = leaving[face].get(label, 0) + 1
    gone = {"full": {}, "reduced": {}, "leaders": [lid]}
    take(state, place, space, power, gone)
    if units(leaving):
        take(state, place, space, power, leaving)
        to_pool(state, power, leaving)
    if effect["fate"] == "dead":
        to_dead(state, power, gone)
    else:
        to_pool(state, power, gone)
    where = "the dead pile" if effect["fate"] == "dead" else "the force pool"
    with_units = f" with {units(leaving)} unit{'s' if units(leaving) != 1 else ''}" if units(leaving) else ""
    state.say("§8.4.1", f"{name} leaves the map for {where}{with_units}.")
