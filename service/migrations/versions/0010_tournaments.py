"""tournaments: a tournament, its players (confirmed by mail), its rounds, the games each round made, its log

Issue 33. ``service.tournaments.models`` describes each table; nothing existing changes.

Revision ID: 0010
Revises: 0009
"""

import sqlalchemy as sa
from alembic import op

revision = '0010'
down_revision = '0009'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('tournaments',
    sa.Column('id', sa.String(length=16), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('game', sa.String(length=32), nullable=False),
    sa.Column('scenarios', sa.JSON(), nullable=False),
    sa.Column('options', sa.JSON(), nullable=False),
    sa.Column('rulings', sa.JSON(), nullable=False),
    sa.Column('pairing', sa.String(length=16), nullable=False),
    sa.Column('rounds_planned', sa.Integer(), nullable=False),
    sa.Column('points', sa.JSON(), nullable=False),
    sa.Column('deadline_hours', sa.Float(), nullable=True),
    sa.Column('director_token_hash', sa.String(length=64), nullable=False),
    sa.Column('director_email', sa.String(length=254), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_tournaments'))
    )
    op.create_table('tournament_events',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('tournament_id', sa.String(length=16), nullable=False),
    sa.Column('kind', sa.String(length=32), nullable=False),
    sa.Column('by', sa.String(length=32), nullable=False),
    sa.Column('game_id', sa.String(length=16), nullable=True),
    sa.Column('data', sa.JSON(), nullable=False),
    sa.Column('text', sa.Text(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournaments.id'], name=op.f('fk_tournament_events_tournament_id_tournaments')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_tournament_events'))
    )
    with op.batch_alter_table('tournament_events', schema=None) as batch_op:
        batch_op.create_index('ix_tournament_events_tournament_id', ['tournament_id', 'id'], unique=False)

    op.create_table('tournament_players',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('tournament_id', sa.String(length=16), nullable=False),
    sa.Column('name', sa.String(length=100), nullable=False),
    sa.Column('email', sa.String(length=254), nullable=False),
    sa.Column('code_hash', sa.String(length=64), nullable=True),
    sa.Column('confirm_sent_at', sa.DateTime(), nullable=True),
    sa.Column('confirmed_at', sa.DateTime(), nullable=True),
    sa.Column('withdrawn_at', sa.DateTime(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournaments.id'], name=op.f('fk_tournament_players_tournament_id_tournaments')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_tournament_players')),
    sa.UniqueConstraint('code_hash', name=op.f('uq_tournament_players_code_hash')),
    sa.UniqueConstraint('tournament_id', 'name', name='uq_tournament_players_name')
    )
    with op.batch_alter_table('tournament_players', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_tournament_players_tournament_id'), ['tournament_id'], unique=False)

    op.create_table('tournament_rounds',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('tournament_id', sa.String(length=16), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('method', sa.String(length=16), nullable=False),
    sa.Column('scenario', sa.String(length=64), nullable=False),
    sa.Column('pairing', sa.JSON(), nullable=False),
    sa.Column('started_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournaments.id'], name=op.f('fk_tournament_rounds_tournament_id_tournaments')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_tournament_rounds')),
    sa.UniqueConstraint('tournament_id', 'number', name='uq_tournament_rounds_number')
    )
    with op.batch_alter_table('tournament_rounds', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_tournament_rounds_tournament_id'), ['tournament_id'], unique=False)

    op.create_table('tournament_games',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('tournament_id', sa.String(length=16), nullable=False),
    sa.Column('round_id', sa.Integer(), nullable=False),
    sa.Column('board', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.String(length=16), nullable=False),
    sa.Column('seats', sa.JSON(), nullable=False),
    sa.Column('ruling', sa.JSON(), nullable=True),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_tournament_games_game_id_games')),
    sa.ForeignKeyConstraint(['round_id'], ['tournament_rounds.id'], name=op.f('fk_tournament_games_round_id_tournament_rounds')),
    sa.ForeignKeyConstraint(['tournament_id'], ['tournaments.id'], name=op.f('fk_tournament_games_tournament_id_tournaments')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_tournament_games')),
    sa.UniqueConstraint('game_id', name=op.f('uq_tournament_games_game_id'))
    )
    with op.batch_alter_table('tournament_games', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_tournament_games_round_id'), ['round_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_tournament_games_tournament_id'), ['tournament_id'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('tournament_games', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_tournament_games_tournament_id'))
        batch_op.drop_index(batch_op.f('ix_tournament_games_round_id'))

    op.drop_table('tournament_games')
    with op.batch_alter_table('tournament_rounds', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_tournament_rounds_tournament_id'))

    op.drop_table('tournament_rounds')
    with op.batch_alter_table('tournament_players', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_tournament_players_tournament_id'))

    op.drop_table('tournament_players')
    with op.batch_alter_table('tournament_events', schema=None) as batch_op:
        batch_op.drop_index('ix_tournament_events_tournament_id')

    op.drop_table('tournament_events')
    op.drop_table('tournaments')
