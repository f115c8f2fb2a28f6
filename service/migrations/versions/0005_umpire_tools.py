"""umpire tools: the game's data version and service-decided result; the audit table of undone moves

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('data_version', sa.String(length=64), nullable=False, server_default=''))
        batch_op.add_column(sa.Column('result', sa.JSON(), nullable=True))

    op.create_table('undone_moves',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('game_id', sa.String(length=16), nullable=False),
    sa.Column('rollback_id', sa.Integer(), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('role', sa.String(length=32), nullable=False),
    sa.Column('action', sa.String(length=200), nullable=False),
    sa.Column('log', sa.JSON(), nullable=False),
    sa.Column('outcomes', sa.JSON(), nullable=False),
    sa.Column('submission_id', sa.String(length=36), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('undone_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_undone_moves_game_id_games')),
    sa.ForeignKeyConstraint(['rollback_id'], ['game_events.id'], name=op.f('fk_undone_moves_rollback_id_game_events')),
    sa.ForeignKeyConstraint(['submission_id'], ['submissions.id'],
                            name=op.f('fk_undone_moves_submission_id_submissions')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_undone_moves'))
    )
    op.create_index(op.f('ix_undone_moves_game_id'), 'undone_moves', ['game_id'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_undone_moves_game_id'), table_name='undone_moves')
    op.drop_table('undone_moves')
    with op.batch_alter_table('games', schema=None) as batch_op:
        batch_op.drop_column('result')
        batch_op.drop_column('data_version')
