"""When each table last changed (Unix seconds): an unfinished table left long enough is archived,
loaded when asked for rather than at every start. The tables stored before count as changed when
this migration ran.

Revision ID: 0007
Revises: 0006
"""

import time

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("touched", sa.BigInteger, nullable=False, server_default="0"))
    op.execute(sa.text("UPDATE tables SET touched = :now").bindparams(now=int(time.time())))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("touched")
