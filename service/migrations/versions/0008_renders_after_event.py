"""renders keyed by the game's last event too (service.reports.store)

A rendered PDF was looked up by game, kind, role and position, but an abandon, a resignation or the
seed's reveal leaves the position as it is: the report asked for before such an event was served after
it unchanged (no result, no seed, no event). ``after_event`` is the id of the game's latest event when the
PDF was rendered (0: none yet), and part of the key, so any event makes the next request render anew.
Rows rendered before this revision get 0, which is right for a game without events and never matches a
game with one.

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('renders', schema=None) as batch_op:
        batch_op.add_column(sa.Column('after_event', sa.Integer(), nullable=False, server_default='0'))
        batch_op.drop_constraint('uq_renders_key', type_='unique')
        batch_op.create_unique_constraint('uq_renders_key', ['game_id', 'kind', 'role', 'seq', 'after_event'])


def downgrade() -> None:
    op.execute("DELETE FROM renders WHERE after_event <> 0")  # the old key cannot hold them apart
    with op.batch_alter_table('renders', schema=None) as batch_op:
        batch_op.drop_constraint('uq_renders_key', type_='unique')
        batch_op.create_unique_constraint('uq_renders_key', ['game_id', 'kind', 'role', 'seq'])
        batch_op.drop_column('after_event')
