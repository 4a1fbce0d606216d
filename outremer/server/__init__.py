"""The Outremer web server: accounts, lobby, games stored in a database, live updates, bots.

``create_app(database_url)`` builds the FastAPI application; ``outremer serve`` runs it. See
docs/server.md.
"""

from .app import create_app

__all__ = ["create_app"]
