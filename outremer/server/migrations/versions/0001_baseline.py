"""Baseline: the schema ``create_all`` made before migrations existed (integer ids, integer seeds).

A database of that time is marked as at this revision and upgraded from it; nothing to do here.
"""

from __future__ import annotations

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
