"""Ratings, a finished game's standings, and what happens around a table kept across a restart.

``ratings``: each player's (or computer level's) skill per game, openskill's mean and deviation,
and the games counted. A table is ``rated`` once its finished game is counted (never twice), and
keeps its final ``totals`` and when it ended (``ended``) for the players' history. Games finished
before this revision are not rated: they count as rated already, and their totals are read from
their actions when first asked for.

``seats.away_since``: when a seat's person left (Unix seconds; null: there, or unknown), so the
grace time counts across a restart; ``seats.again``: its person said "play again" at the game's
end; ``votes``: who asked that an absent seat be given to a computer player.

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"


def upgrade() -> None:
    op.create_table(
        "ratings",
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("who", sa.String(80), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", sa.BigInteger, nullable=False),
    )
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("totals", sa.JSON, nullable=True))
        batch.add_column(sa.Column("ended", sa.BigInteger, nullable=True))
    op.execute(sa.text("UPDATE tables SET rated = :yes WHERE finished = :yes").bindparams(yes=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("away_since", sa.BigInteger, nullable=True))
        batch.add_column(sa.Column("again", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_table(
        "votes",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("voter", sa.Integer, primary_key=True),
    )


def downgrade() -> None:
    op.drop_table("votes")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("again")
        batch.drop_column("away_since")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("ended")
        batch.drop_column("totals")
        batch.drop_column("rated")
    op.drop_table("ratings")
