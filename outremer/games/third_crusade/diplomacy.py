"""The Diplomacy phase (``Diplomacy``, ``Sequence.Diplomacy``): sealed gold bids for the round's
Diplomacy Card, its rewards, the moves on the diplomacy board, then a victory check (R19).

Bids (``Diplomacy.Bid``): every player at once and unseen chooses how much of its gold to bid; the
bids are shown together. From the highest (equal bids by initiative, the lone player of 3 by its
higher marker, R17, R22) each pays its bid and takes a reward number of the card still free; with 4
players the fourth pays for nothing; a Bot's bid is a die rolled at the showing plus the gold it
chose, and it pays the gold alone (``Solo.Diplomacy``, R31). With 2 players the winner chooses
reward 1 or 2 and the other always has 3 (``Diplomacy.TwoPlayer``); with 3, the third takes what
is left (R17; with the option ``lone_player_bids_twice`` the lone human player makes two bids from
its gold, the first tied by its higher marker, and takes a reward and a board move for each). A
reward acts at once: Glory towards the taker's Alliance, Faith towards the taker,
gold, free Advanced Orders into the Order box, Sabotage tokens taken off the map, or extra moves on
the diplomacy board (docs/third-crusade/cards.md).

The board (``Diplomacy.Board``, R18): in the order the card prints (its reward numbers) each player
moves its pawn along the lines, forward or sideways, to a free space, never past a 4-space row it has
not stopped in (``cards.DiplomacyBoard.destinations``), marks the space with a diplomacy marker and
takes what it shows. Triangular tokens move the Glory or Faith marker and are discarded. Tokens,
Neutral Units and Leaders go into Regions the player Controls (R16; with the option
``diplomacy_any_region``, into any Region without enemy pieces): a piece into a free slot of its
shape (a Siege Engine only in a City, R39), those without icons first, a token onto a free slot of
its shape that prints no icon and holds no token; in a Region with no room the player may replace a
Unit of its own (home to its board) or a Resource token (discarded) of that shape
(``Diplomacy.Board.Full``, R46); what finds no place is lost. The first move is compulsory, extra
moves may be declined (R46). A Bot places no command point token: it takes 3 gold for it and the
token leaves the board (``Solo.Diplomacy.Board``). Tracks follow at once
(``control.update_tracks``); Glory tokens count only at upkeep (``Upkeep.4.E``).
"""

from __future__ import annotations

from typing import Any

from ...engine import rng
from ...engine.procedures import Action, Frame, unseal
from . import control, refill, solo, victory
from .cards import DiplomacyCard, Item
from .common import alliance, allies, data, move_faith, move_glory, players
from .options import on
from .pieces import enemies_in
from .procedures import PROCEDURES
from .state import NAMES, NEUTRAL, SABOTAGE, State, unit

DIPLOMACY, BID = "diplomacy", "diplomacy_bid"
NO_REWARD = 4
"""The place of the bidder who takes no reward (``Diplomacy.Bid``): it moves last (R18)."""
SECOND = "#2"
"""Marks the lone player's second bid, a bidder of its own (the option ``lone_player_bids_twice``,
R17); any other bidder is its Army."""
SHAPES = {"infantry": "square", "cavalry": "hexagon", "siege_engine": "trapezoid"}
"""The slot each Unit type takes (``Glossary.Slots``)."""
UNITS = {"infantry": "infantry", "cavalry": "cavalry", "siege": "siege_engine"}
"""The diplomacy pack's Unit names as the state's Unit types."""
BOT_COMMAND_GOLD = 3
"""The gold a Bot takes for a command point token of a diplomacy space, which it never places: it
keeps no command points (``Solo.Diplomacy.Board``, L999; ``Solo.Setup.6``)."""


def card(state: State) -> DiplomacyCard:
    """The Diplomacy Card of this round (``BoardSetup.2.Diplomacy``, ``Upkeep.8``)."""
    return data(state).cards.diplomacy_cards[state.diplomacy_cards[0]]


# -- the bids ------------------------------------------------------------------------------------
def bids_twice(state: State, army: str) -> bool:
    """Whether ``army`` makes two bids: the lone player of 3 with the option
    ``lone_player_bids_twice`` (R17), unless a Bot, which bids by the solo rules (``Solo.Diplomacy``)."""
    return (
        on(state, "lone_player_bids_twice")
        and len(state.armies) == 3
        and len(allies(state, army)) == 1
        and army not in solo.bots(state)
    )


def army_of(bidder: str) -> str:
    """The Army making a bid (see ``SECOND``)."""
    return bidder.removesuffix(SECOND)


def _bid_legal(state: State, frame: Frame, role: str) -> list[Action]:
    gold = state.gold[role]
    if bids_twice(state, role):  # two bids from the one purse
        return [("bid", a, b) for a in range(gold + 1) for b in range(gold + 1 - a)]
    return [("bid", n) for n in range(gold + 1)]


def _bid_made(state: State, frame: Frame, role: str, action: Action) -> None:
    amounts = " and ".join(str(n) for n in action[1:])
    state.tell("Diplomacy.Bid", [role], f"You bid {amounts} gold.", f"The {NAMES[role]} has chosen its bid.")


def _marker(state: State, bidder: str) -> int:
    """The initiative position a bid's ties go by: the Army's, the lone player's higher for its
    first bid and lower for its second (R17, R22)."""
    at = [i for i, a in enumerate(state.initiative) if a == army_of(bidder)]
    return at[min(len(at) - 1, int(bidder.endswith(SECOND)))]


def bid_order(state: State, bids: dict[str, int]) -> list[str]:
    """The bidders from the highest bid, equal bids by initiative (``Diplomacy.Bid``, R17)."""
    return sorted(bids, key=lambda b: (-bids[b], _marker(state, b)))


def _bidder_name(bidder: str) -> str:
    return NAMES[army_of(bidder)] + (" (second bid)" if bidder.endswith(SECOND) else "")


def _reveal(state: State, frame: Frame, choices: dict[str, Action]) -> None:
    """The bids are shown together and paid (``Diplomacy.Bid``)."""
    unseal(frame)
    paid = {a: int(choices[a][1]) for a in choices}
    paid.update({a + SECOND: int(choices[a][2]) for a in choices if len(choices[a]) > 2})
    bids = dict(paid)
    for army in (a for a in dict.fromkeys(state.initiative) if a in solo.bots(state) and a in paid):
        die = rng.d6(state)  # Solo.Diplomacy, R31: a Bot's bid is a die plus its gold
        bids[army] += die
        state.say("Solo.Diplomacy", f"The {NAMES[army]} rolls {die} and adds {paid[army]} gold to it.")
        solo.bid_die(state, army, die)  # BotTable.Diplomacy: the column kept, or changed by option
    order = bid_order(state, bids)
    for bidder in order:
        state.gold[army_of(bidder)] -= paid[bidder]
    shown = ", ".join(f"{_bidder_name(b)} {bids[b]}" for b in order)
    paying = "its bid, a Bot only its gold" if solo.bots(state) else "its bid"
    state.say("Diplomacy.Bid", f"The bids are shown: {shown}; each pays {paying}.")
    state.barrier += 1
    PROCEDURES.pop(state, frame, order=order)


# -- the rewards -----------------------------------------------------------------------------------
def bidder_now(frame: Frame) -> str:
    """The bidder whose reward is due: the first in bid order without one."""
    return next(b for b in frame["order"] if b not in frame["numbers"])


def free_numbers(frame: Frame) -> list[int]:
    """The reward numbers the bidder due may take (``Diplomacy.Bid``, ``Diplomacy.TwoPlayer``, R17)."""
    rank = frame["order"].index(bidder_now(frame))
    if rank >= 3:
        return []
    if len(frame["order"]) == 2:
        return [1, 2] if rank == 0 else [3]
    return [n for n in (1, 2, 3) if n not in frame["numbers"].values()]


def _take_reward(state: State, frame: Frame, army: str, number: int) -> None:
    bidder = bidder_now(frame)
    frame["numbers"][bidder] = number
    reward = card(state).reward(number)
    side = alliance(army)
    if reward.kind == "glory":
        move_glory(state, side, reward.amount)
    elif reward.kind == "faith":
        move_faith(state, army, reward.amount)
    elif reward.kind == "gold":
        state.gold[army] += reward.amount
    elif reward.kind == "advanced_order":
        frame["tasks"][:0] = [["advanced"] for _ in range(reward.amount)]
    elif reward.kind == "remove_sabotage":
        frame["tasks"][:0] = [["sabotage", reward.amount]]
    else:  # "move": extra moves on the diplomacy board
        frame["extra"][bidder] = reward.amount
    state.say(
        "Diplomacy.Bid",
        f"The {NAMES[army]} takes reward {number} of {card(state).name}: {reward.kind.replace('_', ' ')} "
        f"{reward.amount} (Glory {state.glory}, gold {state.gold[army]}).",
    )


# -- the board -------------------------------------------------------------------------------------
def destinations(state: State, army: str) -> list[str]:
    """The spaces ``army``'s pawn may move to now (``Diplomacy.Board``)."""
    if state.markers[army] <= 0:
        return []
    board = data(state).cards.board
    return sorted(board.destinations(state.diplomacy_at[army], state.diplomacy_marks))


def _move(state: State, frame: Frame, army: str, space: str) -> None:
    state.diplomacy_at[army] = space
    state.diplomacy_marks[space] = army
    state.markers[army] -= 1
    contents = data(state).cards.board.spaces[space].contents
    tasks: list[list[Any]] = []
    bot, gained = army in solo.bots(state), 0
    for item in contents:
        if item.item == "triangle":
            if item.track == "glory":
                move_glory(state, alliance(army), item.amount)
            else:
                move_faith(state, army, item.amount)
        elif bot and item.item == "token" and item.icons[0] == "command_point":
            gained += BOT_COMMAND_GOLD * item.count  # Solo.Diplomacy.Board, L999: the chit is removed
        else:
            count = 1 if item.item == "leader" else item.count
            tasks.extend(["place", contents.index(item), space] for _ in range(count))
    frame["tasks"][:0] = tasks
    state.say("Diplomacy.Board", f"The {NAMES[army]} moves to the space {space.replace('_', ' ')}.")
    if gained:
        state.gold[army] += gained
        state.say(
            "Solo.Diplomacy.Board",
            f"The {NAMES[army]} takes {gained} gold for the command point token, which leaves the board "
            f"(gold {state.gold[army]}).",
        )


def item_of(state: State, task: list[Any]) -> Item:
    """What a "place" task of the phase puts on the map: an item of a diplomacy board space."""
    return data(state).cards.board.spaces[task[2]].contents[task[1]]


def piece_of(state: State, item: Item) -> tuple[str, str, bool]:
    """The piece or token an item puts on the map, the slot shape it takes, and whether it is a
    token."""
    if item.item == "token":
        return (item.icons[0], item.shape or "square", True)
    if item.item == "leader":
        lid = item.leader or ""
        return (lid, data(state).leaders.leaders[lid].shape, False)
    kind = UNITS[item.unit or "infantry"]
    return (unit(NEUTRAL, kind), SHAPES[kind], False)


def room(state: State, region: str, shape: str, token: bool) -> list[int]:
    """Free slots of ``shape`` in ``region`` for a piece (those without icons first) or for a token
    (without icon or token)."""
    printed = data(state).board.regions[region].slots
    here = state.regions[region]
    tokens = {at for at, _ in here["resources"]}
    free = [i for i, s in enumerate(printed) if s.shape == shape and here["slots"][i] is None]
    if token:
        return [i for i in free if printed[i].icon is None and i not in tokens]
    return sorted(free, key=lambda i: (printed[i].icon is not None, i in tokens))


def replaceable(state: State, army: str, region: str, shape: str, token: bool) -> list[int]:
    """Slots of ``shape`` in ``region`` whose Resource token (for a token) or Unit of ``army`` (for
    a piece) may be replaced (``Diplomacy.Board.Full``)."""
    printed = data(state).board.regions[region].slots
    here = state.regions[region]
    if token:
        return [at for at, _ in here["resources"] if printed[at].shape == shape and here["slots"][at] is None]
    units = {unit(army, k) for k in SHAPES}
    return [i for i, p in enumerate(here["slots"]) if p in units and printed[i].shape == shape]


def regions_open(state: State, army: str) -> list[str]:
    """Where what a diplomacy space gives ``army`` may go: the Regions it Controls (R16); with the
    option ``diplomacy_any_region``, every Region without enemy pieces."""
    if not on(state, "diplomacy_any_region"):
        return control.controlled(state, army)
    return [rid for rid in state.regions if not enemies_in(state, army, rid)]


def _place_legal(state: State, army: str, item: Item) -> list[Action]:
    piece, shape, token = piece_of(state, item)
    out: list[Action] = []
    for rid in regions_open(state, army):
        if piece.endswith(":siege_engine") and not data(state).board.regions[rid].is_city:
            continue  # R39
        if room(state, rid, shape, token):
            out.append(("place", rid))
        elif control.controller(state, rid) == army:  # Diplomacy.Board.Full: in its own Regions
            out.extend(("replace", rid, i) for i in replaceable(state, army, rid, shape, token))
    return [*out, ("lose",)] if out else []


def _place(state: State, army: str, item: Item, action: Action) -> None:
    piece, shape, token = piece_of(state, item)
    region = action[1]
    here = state.regions[region]
    if action[0] == "place":
        at = room(state, region, shape, token)[0]
    else:
        at = action[2]
        if token:
            here["resources"] = [r for r in here["resources"] if r[0] != at]
        else:
            kind = here["slots"][at].split(":")[1]
            refill.returned(state, army, kind)
            here["slots"][at] = None
    if token:
        here["resources"].append([at, piece])
    else:
        here["slots"][at] = piece
    control.update_tracks(state)
    name = data(state).board.regions[region].name
    what = f"a {piece.replace('_', ' ')} token" if token else describe(state, piece)
    state.say("Diplomacy.Board", f"The {NAMES[army]} places {what} in {name}.")


def describe(state: State, piece: str) -> str:
    """A piece in words: a Leader's name or a Neutral Unit."""
    if ":" in piece:
        return f"a Neutral {piece.split(':')[1].replace('_', ' ')}"
    return data(state).leaders.leaders[piece].name


# -- the phase -------------------------------------------------------------------------------------
def _legal(state: State, frame: Frame, role: str) -> list[Action]:
    tasks = frame.get("tasks")
    if not tasks or role != frame.get("army"):
        return []
    task = tasks[0]
    if task[0] == "reward":
        return [("reward", n) for n in free_numbers(frame)]
    if task[0] == "advanced":
        return [("take", o) for o in state.advanced[role]]
    if task[0] == "sabotage":
        found = [rid for rid, here in state.regions.items() if SABOTAGE in here["slots"]]
        return [*(("clear", rid) for rid in found), ("done",)] if found else []
    if task[0] == "move":
        moves: list[Action] = [("move", s) for s in destinations(state, role)]
        return [*moves, ("stop",)] if moves and task[2] else moves
    return _place_legal(state, role, item_of(state, task))


def _perform(state: State, frame: Frame, role: str, action: Action) -> None:
    task = frame["tasks"].pop(0)
    verb = action[0]
    if verb == "reward":
        _take_reward(state, frame, role, int(action[1]))
    elif verb == "take":
        state.advanced[role].remove(action[1])
        state.order_box[role].append(action[1])
        name = data(state).orders.orders[action[1]].name
        state.say("Diplomacy.Bid", f"The {NAMES[role]} takes the Advanced Order {name}.")
    elif verb == "clear":
        slots = state.regions[action[1]]["slots"]
        slots[slots.index(SABOTAGE)] = None
        control.update_tracks(state)
        where = data(state).board.regions[action[1]].name
        state.say("Diplomacy.Bid", f"The {NAMES[role]} removes a Sabotage token from {where}.")
        if task[1] > 1:
            frame["tasks"].insert(0, ["sabotage", task[1] - 1])
    elif verb == "move":
        if task[1] > 1:
            frame["tasks"].insert(0, ["move", task[1] - 1, task[2] + 1])
        _move(state, frame, role, action[1])
    elif verb in ("place", "replace"):
        _place(state, role, item_of(state, task), action)
    elif verb == "lose":
        state.say("Diplomacy.Board", f"The {NAMES[role]} leaves what the space gives unplaced: it is lost.")
    frame["roles"] = []


def _stage(state: State, frame: Frame) -> bool:
    """Start the next stage; False once the phase is over."""
    stage = frame.get("stage")
    if stage is None:
        frame.update(stage="bid", numbers={}, extra={}, tasks=[], queue=[])
        PROCEDURES.push(state, BID, roles=players(state))
    elif stage == "bid":
        frame["order"] = frame.pop("done")["order"]
        frame.update(stage="reward", queue=list(frame["order"]))
    elif stage == "reward":
        numbers = frame["numbers"]
        for bidder in frame["order"]:
            numbers.setdefault(bidder, NO_REWARD)
        by_number = {n: b for b, n in numbers.items()}
        moving = [by_number[n] for n in card(state).movement if n in by_number]
        frame.update(stage="board", queue=moving)
    else:
        return False
    return True


def _tasks(frame: Frame, bidder: str) -> list[list[Any]]:
    if frame["stage"] == "reward":
        return [["reward"]]
    return [["move", 1 + frame["extra"].get(bidder, 0), 0]]


def _run(state: State, frame: Frame) -> None:
    while True:
        tasks = frame.get("tasks")
        if tasks:
            army = frame["army"]
            legal = _legal(state, frame, army)
            if tasks[0][0] == "reward" and len(legal) == 1:
                tasks.pop(0)
                _take_reward(state, frame, army, int(legal[0][1]))
            elif legal:
                frame["roles"] = [army]
                return
            else:
                tasks.pop(0)  # nothing it can do: skipped
            continue
        if frame.get("queue"):
            bidder = frame["queue"].pop(0)
            frame["army"] = army_of(bidder)
            frame["tasks"] = _tasks(frame, bidder)
            continue
        if frame.get("stage") == "board" or not _stage(state, frame):
            break
        if frame["stage"] == "bid":
            return
    PROCEDURES.pop(state, frame)
    victory.check(state, "the Diplomacy phase")


def _prompt(state: State, frame: Frame, role: str) -> str:
    task = frame["tasks"][0][0] if frame.get("tasks") else ""
    return {
        "reward": "Take a reward of the Diplomacy Card (Diplomacy.Bid).",
        "advanced": "Take an Advanced Order, the card's reward (Diplomacy.Bid).",
        "sabotage": "Remove a Sabotage token, the card's reward, or stop (Diplomacy.Bid).",
        "move": "Move your pawn on the diplomacy board (Diplomacy.Board).",
        "place": (
            "Place what the space gives in a Region without enemy pieces (Diplomacy.Board, R16)."
            if on(state, "diplomacy_any_region")
            else "Place what the space gives in a Region you Control (Diplomacy.Board, R16)."
        ),
    }.get(task, "Diplomacy")


PROCEDURES.simultaneous(
    BID,
    roles=lambda state, frame: frame["roles"],
    legal=_bid_legal,
    resolve=_reveal,
    committed=_bid_made,
    prompt="Choose your sealed bid of gold (Diplomacy.Bid).",
    rule="Diplomacy.Bid",
)
PROCEDURES.procedure(DIPLOMACY, legal=_legal, perform=_perform, run=_run, prompt=_prompt, rule="Diplomacy")
