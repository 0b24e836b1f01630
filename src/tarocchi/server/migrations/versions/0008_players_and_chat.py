"""Players and what happens around a table: a player is a name and the digest of a secret key; a
seat may be bound to a player (and shows their name), a table is public (listed in the lobby) or
invite-only, may name the table its game is played again at, and keeps its chat. Tables stored
before are invite-only, their seats bound to nobody, their chat empty.

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("key_hash", sa.String(64), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("created", sa.BigInteger, nullable=False),
    )
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("public", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("creator_player", sa.String(64), nullable=True))
        batch.add_column(sa.Column("next_id", sa.String(32), nullable=True))
        batch.add_column(sa.Column("spectators_muted", sa.Boolean, nullable=False, server_default=sa.false()))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("player_hash", sa.String(64), nullable=True))
        batch.add_column(sa.Column("name", sa.String(64), nullable=True))
        batch.add_column(sa.Column("muted", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_index("seats_player", "seats", ["player_hash"])
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False, index=True),
        sa.Column("room", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("at", sa.BigInteger, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("chat")
    op.drop_index("seats_player", "seats")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("muted")
        batch.drop_column("name")
        batch.drop_column("player_hash")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("spectators_muted")
        batch.drop_column("next_id")
        batch.drop_column("creator_player")
        batch.drop_column("public")
    op.drop_table("players")
