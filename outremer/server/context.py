"""What every request handler reaches through ``app.state.ctx``: database, games, bots, live hub,
and the watcher that sees changes made by other processes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .auth import Sessions
from .db import Database
from .facts import Facts
from .limits import Limiter
from .metrics import Metrics
from .store import Store

if TYPE_CHECKING:
    from .bots import BotRunner
    from .hub import Hub
    from .watch import Watcher


@dataclass
class Context:
    db: Database
    facts: Facts  # the games' seats and players, kept once settled (facts.py)
    store: Store
    hub: Hub
    bots: BotRunner
    secure_cookies: bool | None = None  # None: Secure unless served on loopback over http
    limiter: Limiter = field(default_factory=Limiter)  # sign-in and registration limits (limits.py)
    watcher: Watcher | None = None  # None: websockets learn only of changes made through this process
    test_seeds: bool = False  # test harnesses only: a chosen seed is accepted in any game
    metrics: Metrics = field(default_factory=Metrics)  # requests per route (operations.py)
    sessions: Sessions = field(default_factory=Sessions)  # who holds each session, remembered (auth.py)

    def changed(self, game_id: int, *, current: bool = False) -> None:
        """A game changed: tell its watchers, and let its bots play if it is their turn (``current``:
        the store's copy holds the change, made through it: see ``BotRunner.kick``)."""
        self.hub.notify(game_id)
        self.bots.kick(game_id, current=current)

    def close(self) -> None:
        """Stop the watcher and the bots, then let go of the database."""
        if self.watcher is not None:
            self.watcher.close()
        self.bots.close()
        self.db.close()
