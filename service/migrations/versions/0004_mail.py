"""mail: inbound messages, outbox, mail settings of games and seats, deadlines

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('mail_inbound',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('message_key', sa.String(length=64), nullable=False),
    sa.Column('message_id', sa.Text(), nullable=False),
    sa.Column('source', sa.String(length=16), nullable=False),
    sa.Column('envelope_from', sa.String(length=254), nullable=False),
    sa.Column('envelope_to', sa.JSON(), nullable=False),
    sa.Column('size', sa.Integer(), nullable=False),
    sa.Column('raw', sa.LargeBinary(), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('reason', sa.Text(), nullable=False),
    sa.Column('game_id', sa.String(length=16), nullable=True),
    sa.Column('role', sa.String(length=32), nullable=True),
    sa.Column('reply_to', sa.String(length=254), nullable=False),
    sa.Column('submission_id', sa.String(length=36), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['submission_id'], ['submissions.id'],
                            name=op.f('fk_mail_inbound_submission_id_submissions')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_mail_inbound')),
    sa.UniqueConstraint('message_key', name=op.f('uq_mail_inbound_message_key'))
    )
    op.create_index(op.f('ix_mail_inbound_game_id'), 'mail_inbound', ['game_id'], unique=False)
    op.create_index(op.f('ix_mail_inbound_submission_id'), 'mail_inbound', ['submission_id'], unique=False)
    op.create_index('ix_mail_inbound_status_updated', 'mail_inbound', ['status', 'updated_at'], unique=False)

    op.create_table('mail_outbound',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('key', sa.String(length=200), nullable=False),
    sa.Column('message_id', sa.String(length=255), nullable=False),
    sa.Column('game_id', sa.String(length=16), nullable=True),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('to_addr', sa.String(length=254), nullable=False),
    sa.Column('raw', sa.LargeBinary(), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('error', sa.Text(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('sent_at', sa.DateTime(), nullable=True),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_mail_outbound')),
    sa.UniqueConstraint('key', name=op.f('uq_mail_outbound_key'))
    )
    op.create_index(op.f('ix_mail_outbound_game_id'), 'mail_outbound', ['game_id'], unique=False)
    op.create_index('ix_mail_outbound_status_created', 'mail_outbound', ['status', 'created_at'], unique=False)

    op.create_table('mail_games',
    sa.Column('game_id', sa.String(length=16), nullable=False),
    sa.Column('deadline_hours', sa.Float(), nullable=True),
    sa.Column('umpire_email', sa.String(length=254), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_mail_games_game_id_games')),
    sa.PrimaryKeyConstraint('game_id', name=op.f('pk_mail_games'))
    )

    op.create_table('mail_seats',
    sa.Column('game_id', sa.String(length=16), nullable=False),
    sa.Column('role', sa.String(length=32), nullable=False),
    sa.Column('address', sa.String(length=254), nullable=False),
    sa.Column('tz', sa.String(length=64), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_mail_seats_game_id_games')),
    sa.PrimaryKeyConstraint('game_id', 'role', name=op.f('pk_mail_seats'))
    )

    op.create_table('mail_deadlines',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('game_id', sa.String(length=16), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('role', sa.String(length=32), nullable=False),
    sa.Column('due_at', sa.DateTime(), nullable=False),
    sa.Column('reminded_at', sa.DateTime(), nullable=True),
    sa.Column('expired_at', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_mail_deadlines_game_id_games')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_mail_deadlines')),
    sa.UniqueConstraint('game_id', 'seq', 'role', name='uq_mail_deadlines_decision')
    )


def downgrade() -> None:
    op.drop_table('mail_deadlines')
    op.drop_table('mail_seats')
    op.drop_table('mail_games')
    op.drop_index('ix_mail_outbound_status_created', table_name='mail_outbound')
    op.drop_index(op.f('ix_mail_outbound_game_id'), table_name='mail_outbound')
    op.drop_table('mail_outbound')
    op.drop_index('ix_mail_inbound_status_updated', table_name='mail_inbound')
    op.drop_index(op.f('ix_mail_inbound_submission_id'), table_name='mail_inbound')
    op.drop_index(op.f('ix_mail_inbound_game_id'), table_name='mail_inbound')
    op.drop_table('mail_inbound')
