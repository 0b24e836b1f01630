"""Each action's hand number, each table's length in hands, and room for long actions.

An Abundance's ``show`` of every trump is longer than 64 characters; PostgreSQL enforces VARCHAR
lengths (SQLite does not), so the action text becomes TEXT. The hand number lets a table's
actions be read hand by hand without replaying them.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    with op.batch_alter_table("actions") as batch:  # batch: SQLite rebuilds the table to alter it
        batch.add_column(sa.Column("hand", sa.Integer, nullable=False, server_default="1"))
        batch.alter_column("action", type_=sa.Text, existing_type=sa.String(64), existing_nullable=False)
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("hands", sa.Integer, nullable=False, server_default="1"))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("hands")
    with op.batch_alter_table("actions") as batch:
        batch.alter_column("action", type_=sa.String(64), existing_type=sa.Text, existing_nullable=False)
        batch.drop_column("hand")
