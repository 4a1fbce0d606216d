"""The battle panel of Crusader Rex in the browser: a game played over the API to a siege and a field
battle (the scripted bots' choices, replayed on a local copy of the game so that both stay in step),
watched and clicked on the Saracen page."""

from __future__ import annotations

from typing import Any

from outremer.bots.registry import make_bot
from outremer.engine.registry import get_game
from outremer.games.crusader_rex.common import BLOCKS
from outremer.games.crusader_rex.frames import BATTLE_DECISIONS

from .conftest import PASSWORD, errors_of, register, settled_boxes, shot

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
SEED = 1


class Table:
    """One game in two places: the server (each seat posting through its own signed-in context)
    and a local copy the scripted bots choose on."""

    def __init__(self, base: str, game_id: int, requests: dict[str, Any]) -> None:
        self.base, self.game_id, self.requests = base, game_id, requests
        self.game = get_game("crusader-rex")
        scenario, options = self.game.check_setup(None, None)
        self.state = self.game.setup(SEED, scenario, options)
        self.bots = {r: make_bot("scripted", self.game, i) for i, r in enumerate(self.game.roles)}

    def act(self, role: str, action: Any) -> None:
        self.game.perform(self.state, role, tuple(action))
        answer = self.requests[role].post(
            f"{self.base}/api/games/{self.game_id}/action", data={"role": role, "action": list(action)}
        )
        assert answer.ok, answer.text()

    def play_until(self, done: Any, limit: int = 400) -> None:
        """The bots play (on both copies) until ``done(state)``."""
        for _ in range(limit):
            if done(self.state):
                return
            active = self.game.active_roles(self.state)
            role = next(r for r in self.game.roles if r in active)
            self.act(role, self.bots[role].choose(self.game, self.state, role))
        raise AssertionError(f"not reached in {limit} actions: {self.state.phase}")

    def view(self, role: str | None) -> dict[str, Any]:
        view: dict[str, Any] = self.game.view(self.state, role)
        return view


def hidden_frank_in_battle(state: Any) -> bool:
    """The Saracens must act in a battle holding a Frank block they cannot see."""
    game = get_game("crusader-rex")
    if state.phase not in BATTLE_DECISIONS or game.active_roles(state) != ("Saracens",):
        return False
    view = game.view(state, "Saracens")
    battle = view.get("battle")
    if not battle or not view["legal_actions"]:
        return False
    spot = view["towns"].get(battle["town"], {})
    return any(b == {"side": "Franks"} for b in spot.get("field", []) + spot.get("castle", []))


def test_battle_panel_shows_the_battle_and_hides_frank_blocks(server: str, browser: Any) -> None:
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    errors = errors_of(page)
    register(page, server, "saladin")
    created = page.request.post(
        f"{server}/api/games",
        data={
            "title": "crusader-rex",
            "seed": SEED,
            "seats": [{"role": "Franks", "kind": "invite"}, {"role": "Saracens", "kind": "me"}],
        },
    )
    assert created.ok, created.text()
    game_id = created.json()["id"]
    franks = browser.new_context()
    assert franks.request.post(f"{server}/api/register", data={"name": "guy", "password": PASSWORD}).ok
    joined = franks.request.post(f"{server}/api/games/{game_id}/join", data={"role": "Franks"})
    assert joined.ok, joined.text()
    table = Table(server, game_id, {"Franks": franks.request, "Saracens": page.request})

    # No battle yet: the panel holds only the map key, and the board's area fits the window (the
    # map scrolls inside it).
    page.goto(f"{server}/#/game/{game_id}")
    page.wait_for_selector("#game[data-role='Saracens'] svg .town")
    page.wait_for_selector("#title-panel #map-key")
    assert page.locator("#battle-panel").count() == 0
    box = page.locator("#board-wrap").bounding_box()
    assert (
        box and box["y"] + box["height"] <= DESKTOP["height"] and box["x"] + box["width"] <= DESKTOP["width"]
    )
    shot(page, "map-desktop")

    # A siege: the Saracens face a Frank castle whose block they cannot see.
    table.play_until(hidden_frank_in_battle)
    view = table.view("Saracens")
    town = view["battle"]["town"]
    page.wait_for_selector(f"#battle-panel[data-town='{town}']", timeout=15000)
    panel = page.locator("#battle-panel")
    assert town in panel.inner_text()
    saracens = [
        b for b in view["towns"][town]["field"] + view["towns"][town]["castle"] if b["side"] == "Saracens"
    ]
    for block in saracens:
        assert panel.locator(f".pblock[data-block='{block['id']}']").count() == 1
        assert block["name"] in panel.inner_text()
    hidden = panel.locator(".pblock.side-Franks.hidden")
    assert hidden.count() >= 1
    for i in range(hidden.count()):
        assert hidden.nth(i).locator(".pname").inner_text().strip() == ""
        assert hidden.nth(i).get_attribute("data-block") is None
    html = page.locator("#title-panel").inner_html()
    for block_id, info in BLOCKS.items():
        if info.side == "Franks":
            assert info.label not in html and block_id not in html, info.label
    assert page.locator(f"svg .town.battle[data-town='{town}']").count() == 1
    shot(page, "battle-siege-desktop")

    # A block in the panel is picked like one on the map: the only action naming it is taken.
    legal = [la["action"] for la in view["legal_actions"]]
    choice = next(a for a in legal if len(a) == 2 and a[1] in {b["id"] for b in saracens})
    before = int(page.get_attribute("#game", "data-version"))
    page.click(f"#battle-panel button.pblock.pickable[data-block='{choice[1]}']")
    page.click("#confirm-pick")  # a pick that leaves one action is confirmed (issue 15)
    page.wait_for_function(
        "v => Number(document.querySelector('#game').dataset.version) > v", arg=before, timeout=15000
    )
    table.game.perform(table.state, "Saracens", tuple(choice))

    # Storming: after the first roll the panel shows the dice and who fired.
    def rolled(state: Any) -> bool:
        saracens_turn = state.phase == "combat_turn" and table.game.active_roles(state) == ("Saracens",)
        return saracens_turn and any("dice" in args for _, _, _, args in state.log[-6:])

    table.play_until(rolled)
    page.wait_for_selector("#battle-panel .battle-roll .dice", timeout=15000)
    page.wait_for_selector("#battle-panel .pblock.fired")
    assert "storming the castle" in page.inner_text("#battle-panel").lower()
    page.wait_for_timeout(300)
    shot(page, "battle-panel-desktop")

    # The same page on a phone: the map above the prompt (in sight at once), the panel below it.
    phone = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, storage_state=ctx.storage_state()
    )
    p = phone.new_page()
    p_errors = errors_of(p)
    p.goto(f"{server}/#/game/{game_id}")
    p.wait_for_selector("#battle-panel .pblock")
    board, battle, prompt = settled_boxes(p, "#board-wrap", "#title-panel", "#prompt")
    assert (
        board["y"] + board["height"] <= prompt["y"] + 1 and prompt["y"] + prompt["height"] <= battle["y"] + 1
    )
    assert battle["width"] <= PHONE["width"]
    shot(p, "battle-panel-phone")

    # A field battle later in the year: both sides in the field, each block revealed (6.51).
    def field_battle(state: Any) -> bool:
        f = state.fight or {}
        return (
            state.phase == "combat_turn"
            and f.get("mode") == "field"
            and any("dice" in args for _, _, _, args in state.log[-3:])
        )

    table.play_until(field_battle)
    view = table.view("Saracens")
    town = view["battle"]["town"]
    page.wait_for_selector(f"#battle-panel[data-town='{town}'] .battle-roll", timeout=15000)
    sides = page.locator("#battle-panel .pside")
    assert sides.count() == 2
    assert page.locator("#battle-panel .pside[data-side='Franks'] .pblock").count() >= 1
    page.wait_for_timeout(300)
    shot(page, "battle-field-desktop")
    assert not errors and not p_errors, errors + p_errors
