"""The First Crusade (Strategy & Tactics 299): solitaire, the player leads the Christians.

The data pack is ``board.py`` with ``data/`` (reconstructed; docs/first-crusade/reconstruction.md).
The title is not yet registered with the engine.
"""
