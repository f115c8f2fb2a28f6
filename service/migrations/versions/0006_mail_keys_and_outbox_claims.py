"""seats' mail signing keys, sealed under the server secret (service.keys); the outbox's claims

The outbox gets ``claimed_at``: a row is claimed (pending -> sending) before it is sent (mail.outbound).

Seats made before this revision get no key (NULL): their signed move files are refused, saying to use a
Token: line or to have the umpire replace the seat; the old key (the stored token hash) is never used.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.add_column(sa.Column('mail_key', sa.String(length=96), nullable=True))
    with op.batch_alter_table('mail_outbound', schema=None) as batch_op:
        batch_op.add_column(sa.Column('claimed_at', sa.DateTime(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('mail_outbound', schema=None) as batch_op:
        batch_op.drop_column('claimed_at')
    with op.batch_alter_table('seats', schema=None) as batch_op:
        batch_op.drop_column('mail_key')
