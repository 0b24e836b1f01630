"""A computer player's seat has no token: whoever held one could read that player's hand and act
for it. The column takes NULL, and every computer seat's digest is removed; a seat given to a
person later gets a new token.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.alter_column("token_hash", existing_type=sa.String(64), nullable=True)
    op.execute("UPDATE seats SET token_hash = NULL WHERE kind <> 'invite'")


def downgrade() -> None:
    """Computer seats get a digest no token has (64 characters that are not hexadecimal)."""
    op.execute("UPDATE seats SET token_hash = 'computer-seat-" + "-" * 50 + "' WHERE token_hash IS NULL")
    with op.batch_alter_table("seats") as batch:
        batch.alter_column("token_hash", existing_type=sa.String(64), nullable=False)
