"""The scripted bot (bot.py): it plays only legal actions, finishes games, makes the obvious choices
on positions built for them (each citing its rule), never looks at hidden Muslims (11.0), and plays
far better than the random bot."""

from __future__ import annotations

from statistics import mean
from typing import Any

from outremer.bots.match import play_match
from outremer.bots.random_bot import RandomBot
from outremer.bots.registry import make_bot
from outremer.games.first_crusade import combat
from outremer.games.first_crusade.bot import ScriptedBot
from outremer.games.first_crusade.common import BOARD
from outremer.games.first_crusade.game import FirstCrusade
from outremer.games.first_crusade.positions import position
from outremer.games.first_crusade.procedures import PROCEDURES
from outremer.games.first_crusade.state import PLAYER, State

G = FirstCrusade()
ARMY = {
    "godfrey": "pergamum",
    "baldwin": "pergamum",
    "bohemond": "pergamum",
    "tancred": "pergamum",
    "robert_flanders": "pergamum",
    "raymond": "pergamum",
    "crusader_knights_1": "pergamum",
    "crusader_knights_2": "pergamum",
    "crusader_foot_1": "pergamum",
    "crusader_foot_2": "pergamum",
    "crusader_foot_3": "pergamum",
    "crusader_pilgrims_1": "pergamum",
    "crusader_pilgrims_2": "pergamum",
}


def bot() -> ScriptedBot:
    b = ScriptedBot(1)
    b.strict = True  # an error in a handler fails the test instead of falling back
    return b


def play_until(s: State, b: ScriptedBot, done: Any, limit: int = 200) -> None:
    """Let the bot play (every action checked legal) until ``done(s)`` or the game ends."""
    for _ in range(limit):
        if G.outcome(s) is not None or done(s):
            return
        action = b.choose(G, s, PLAYER)
        assert action in G.legal_actions(s, PLAYER)
        G.perform(s, PLAYER, action)
    raise AssertionError("the bot did not get there")


def log_text(s: State) -> list[str]:
    return [e["text"] for e in G.log(s, PLAYER)]


def standard_step_over(s: State) -> bool:
    return s.stack[0]["stage"] != "standard"


# -- whole games --------------------------------------------------------------------------------------
def test_plays_only_legal_actions_and_finishes_games():
    # 8.0: a game ends after the last turn (or by sudden death, 6.3); every action the bot takes is
    # one the rules offer, and Alexios never leaves Constantinople (32.2: his loss costs 10 VP).
    for seed in (3, 4):
        s = G.setup(seed)
        b = bot()
        for _ in range(5000):
            if G.outcome(s) is not None:
                break
            legal = G.legal_actions(s, PLAYER)
            action = b.choose(G, s, PLAYER)
            assert action in legal
            G.perform(s, PLAYER, action)
            assert s.loc["alexios"] in ("constantinople", "eliminated")
        outcome = G.outcome(s)
        assert outcome is not None
        assert b.errors == 0


def test_is_offered_by_the_title():
    # The registry finds the title's bot by name (bots/registry.py).
    assert isinstance(make_bot("scripted", G, 7), ScriptedBot)


def test_scores_far_better_than_the_random_bot():
    # 6.1: the VP at the end. Ten games each, the same seeds.
    seeds = range(10)
    scripted = [play_match(G, {PLAYER: ScriptedBot(i)}, i).state.result["vp"] for i in seeds]
    randoms = [play_match(G, {PLAYER: RandomBot(i)}, i).state.result["vp"] for i in seeds]
    assert mean(scripted) > mean(randoms) + 15
    assert min(scripted) > max(randoms)


# -- choices on built positions -------------------------------------------------------------------------
def test_hit_goes_to_a_pilgrim_before_a_leader():
    # 23.2: the player selects the Christian units hit; a pilgrim (one step, 23.3) costs less than a
    # leader's step (a reduced leader risks elimination: 6.1 -1 VP, 24.1).
    s = position({"godfrey": "smyrna", "crusader_pilgrims_1": "smyrna", "seljuk_militia_1": "smyrna"})
    frame = combat.start_battle(s, "smyrna", "muslim", reinforce=False)
    frame.update(stage="hits", hits=1, target="christian")
    legal = G.legal_actions(s, PLAYER)
    assert set(legal) == {("hit", "godfrey"), ("hit", "crusader_pilgrims_1")}
    assert bot().choose(G, s, PLAYER) == ("hit", "crusader_pilgrims_1")


def test_hit_flips_a_two_step_unit_before_a_leader():
    # 23.3: a full two-step unit is only flipped, and a Rally restores it (15.1).
    s = position({"godfrey": "smyrna", "crusader_foot_1": "smyrna", "seljuk_militia_1": "smyrna"})
    frame = combat.start_battle(s, "smyrna", "muslim", reinforce=False)
    frame.update(stage="hits", hits=1, target="christian")
    assert bot().choose(G, s, PLAYER) == ("hit", "crusader_foot_1")


def attrition(s: State, units: list[str], hits: int) -> None:
    frame = {"stage": "hit", "pool": units, "units": units, "carried": [], "hits": hits, "struck": []}
    PROCEDURES.push(s, "attrition", **frame, rule="18.2")


def test_plays_supplies_when_attrition_would_hurt():
    # 18.2 note and the Pilgrimage chart: Supplies, played after the roll, negates the attrition;
    # eight steps lost from the army are worth far more than the marker.
    s = position(dict.fromkeys(ARMY, "dorylaeum"), available=["byzantine_convoy"])
    attrition(s, list(ARMY), 8)
    assert ("boon", "byzantine_convoy", "wagon") in G.legal_actions(s, PLAYER)
    assert bot().choose(G, s, PLAYER) == ("boon", "byzantine_convoy", "wagon")


def test_keeps_supplies_for_a_small_loss():
    # 18.2: one step to lose, a pilgrim's; the marker is worth keeping.
    s = position(dict.fromkeys(ARMY, "dorylaeum"), available=["byzantine_convoy"])
    attrition(s, list(ARMY), 1)
    choice = bot().choose(G, s, PLAYER)
    assert choice[0] == "hit"
    assert choice[1].startswith("crusader_foot") or choice[1].startswith("crusader_knights")


def test_plays_supplies_for_an_army_out_of_supply_in_winter():
    # 28.1-28.2: a force in the desert is out of supply and one die of its units survives;
    # Supplies puts the space in supply.
    s = position(dict.fromkeys(ARMY, "lake_tatta"), available=["byzantine_convoy"], stage="winter", turn=2)
    PROCEDURES.settle(s)
    assert s.stack[-1]["kind"] == "winter"
    assert bot().choose(G, s, PLAYER) == ("boon", "byzantine_convoy", "wagon", "lake_tatta")


def test_attacks_a_lone_militia_with_a_big_leader_force():
    # 17.6, 23.1, 23.5: a fortress held by one militia (7.0) against a dozen units with Military
    # Leaders at Reaction Level I (one die of reinforcements, 27.1): the army marches in and attacks.
    s = position({**ARMY, "seljuk_militia_1": "smyrna"}, seed=5)
    play_until(s, bot(), lambda s: any("Battle in Smyrna" in t for t in log_text(s)) or standard_step_over(s))
    assert any("Battle in Smyrna: the Christians attack" in t for t in log_text(s))


def test_does_not_attack_at_hopeless_odds():
    # 23.5, 27.1: at Reaction Level III three dice of Muslims reinforce the fortress; one reduced
    # leader and a pilgrim would only be thrown away.
    s = position(
        {"hugh": "pergamum", "crusader_pilgrims_1": "pergamum", "seljuk_militia_1": "smyrna"},
        reaction=3,
        reduced=["hugh"],
        seed=5,
    )
    play_until(s, bot(), standard_step_over)
    assert not any("Battle in Smyrna" in t for t in log_text(s))


def test_leaves_a_garrison_in_the_fortress_it_marches_out_of():
    # 6.1 counts a fortress only if Christians control it at the end; 10.5: control needs a unit
    # there. The army marching on from Smyrna leaves one cheap unit behind.
    units = {u: "smyrna" for u in ARMY}
    s = position({**units, "seljuk_militia_1": "ephesus"}, seed=2)
    G.perform(s, PLAYER, ("leader_march", "smyrna"))
    play_until(s, bot(), lambda s: s.stack[-1]["kind"] == "turn")
    left = [u for u, where in s.loc.items() if where == "smyrna"]
    assert len(left) == 1
    assert left[0].startswith("crusader_pilgrims")


def test_lowers_a_high_reaction_level_with_negotiations():
    # Pilgrimage chart, Negotiations: with a leader in a Byzantine Objective, lower the level (27.1:
    # one die fewer of Muslims in every battle).
    s = position({"godfrey": "ephesus"}, reaction=2, available=["embassy_to_cairo"])
    assert bot().choose(G, s, PLAYER) == ("boon", "embassy_to_cairo", "scroll", "level")


def test_plays_treachery_against_a_strong_reinforcement():
    # Pilgrimage chart, Treachery: at the start of a battle one reinforcement die fewer (23.1(1));
    # at Reaction Level II against Antioch (a Pilgrimage fortress, 3 VP) that is worth the marker.
    s = position(
        {**dict.fromkeys(ARMY, "antioch"), "seljuk_militia_1": "antioch"}, reaction=2, available=["firouz"]
    )
    combat.start_battle(s, "antioch", "christian", reinforce=True, christian_units=list(ARMY))
    assert ("boon", "firouz", "eye") in G.legal_actions(s, PLAYER)
    assert bot().choose(G, s, PLAYER) == ("boon", "firouz", "eye")


def test_the_abbot_builds_a_monastery_in_constantinople():
    # 33.3: a Crusader Diplomatic Leader builds a Monastery in any space but Desert; 33.8: a Pilgrimage
    # may be made there; 10.5, 29.1, ruling M-27.3: Constantinople is always Christian, so it is a VP
    # that stands (6.1).
    s = position({"stephen": "constantinople", **ARMY})
    assert bot().choose(G, s, PLAYER) == ("build_monastery", "constantinople")
    assert ScriptedBot(1, abbot=False).choose(G, s, PLAYER) != ("build_monastery", "constantinople")


def test_the_abbot_weighs_an_ambush_in_constantinople():
    # Chart (Ambush), 27.6, ruling M-27.3: an Ambush in Constantinople is a battle of the level's dice
    # of Muslims (27.1) at +1 against the Christians there. With Alexios alone beside him the abbot
    # goes on a Pilgrimage at Level I (one die), not at Level III (three dice; Alexios's loss: 32.2).
    home = {"stephen": "constantinople", "alexios": "constantinople"}
    keep = {"godfrey": "jerusalem", "crusader_foot_1": "jerusalem", "crusader_foot_2": "jerusalem"}
    chosen = []
    for level in (1, 3):
        s = position({**home, **keep}, reaction=level, turn=4)
        s.monasteries.append("constantinople")
        chosen.append(bot().choose(G, s, PLAYER))
    assert chosen[0] == ("pilgrimage", "stephen") and chosen[1] != ("pilgrimage", "stephen")


def test_never_looks_at_face_down_muslims():
    # 11.0: a face-down unit shows only its contingent. Two positions that differ only in which
    # Seljuk unit stands face down in Smyrna give the bot the same view, so the same choices.
    def values(muslim: str) -> list[Any]:
        s = position({**ARMY, muslim: "smyrna"}, seed=5)
        return ScriptedBot(1).values(G, s, PLAYER)

    assert values("seljuk_militia_1") == values("kilij_arslan")


def test_sends_the_naval_leader_with_a_unit_to_empty_kypros():
    # 7.0: Kypros starts empty; 25.2-25.3: a fleet carries one land unit; 6.1: Kypros, a Byzantine
    # Objective, is worth 3 VP to whoever holds it. Alexios stays home (32.2).
    home = {"alexios": "constantinople", "caspax": "constantinople", "toxotai_1": "constantinople"}
    s = position({**home, "godfrey": "jerusalem"}, seed=3)  # a Crusader leader on the map (6.3)
    b = bot()
    chosen: list[Any] = []
    for _ in range(100):
        if standard_step_over(s):
            break
        action = b.choose(G, s, PLAYER)
        chosen.append(action)
        G.perform(s, PLAYER, action)
    assert ("leader_sea_move", "constantinople") in chosen
    assert s.loc["alexios"] == "constantinople"
    to_kypros = BOARD.distances("kypros", ("sea",))
    assert s.loc["toxotai_1"] == s.loc["caspax"]  # carried all the way (25.2)
    assert to_kypros[s.loc["caspax"]] < to_kypros["constantinople"]
