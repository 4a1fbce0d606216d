"""What every request handler reaches through ``app.state.ctx``: database, games, bots, live hub."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .db import Database
from .store import Store

if TYPE_CHECKING:
    from .bots import BotRunner
    from .ws import Hub


@dataclass
class Context:
    db: Database
    store: Store
    hub: Hub
    bots: BotRunner
    secure_cookies: bool | None = None  # None: Secure unless served on loopback over http

    def changed(self, game_id: int) -> None:
        """A game changed: tell its watchers, and let its bots play if it is their turn."""
        self.hub.notify(game_id)
        self.bots.kick(game_id)

    def close(self) -> None:
        self.bots.close()
        self.db.close()
