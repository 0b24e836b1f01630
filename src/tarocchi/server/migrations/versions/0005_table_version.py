"""Each table's version in the database: several server processes share one database, and the
version is what exactly one of them may move on (``UPDATE ... WHERE version = ?``). It starts as
what the servers counted in memory before: two per undo, one per action standing.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("version", sa.Integer, nullable=False, server_default="0"))
    op.execute(
        "UPDATE tables SET version = 2 * undos"
        " + (SELECT COUNT(*) FROM actions WHERE actions.table_id = tables.id)"
    )


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("version")
