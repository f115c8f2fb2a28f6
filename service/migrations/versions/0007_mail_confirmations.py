"""mail addresses confirmed before they are mailed (mail.confirm)

``mail_confirmations``: one row per game and address given for it (a seat's, the umpire's), with the hash
of its confirmation code, when its confirmation mail was written and when it was confirmed.
``mail_addresses``: when each address was last sent a confirmation (one per window).

The addresses already set (of games not ended) get a row each, unconfirmed: they are sent a confirmation
mail, and nothing else until it is answered (the address a seat mails from with its token still is).

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('mail_confirmations',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('game_id', sa.String(length=16), nullable=False),
    sa.Column('address', sa.String(length=254), nullable=False),
    sa.Column('code_hash', sa.String(length=64), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('sent_at', sa.DateTime(), nullable=True),
    sa.Column('confirmed_at', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['game_id'], ['games.id'], name=op.f('fk_mail_confirmations_game_id_games')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_mail_confirmations')),
    sa.UniqueConstraint('code_hash', name=op.f('uq_mail_confirmations_code_hash')),
    sa.UniqueConstraint('game_id', 'address', name='uq_mail_confirmations_game_address')
    )
    op.create_index(op.f('ix_mail_confirmations_game_id'), 'mail_confirmations', ['game_id'], unique=False)
    op.create_index('ix_mail_confirmations_unsent', 'mail_confirmations', ['sent_at', 'confirmed_at'], unique=False)
    op.create_table('mail_addresses',
    sa.Column('address', sa.String(length=254), nullable=False),
    sa.Column('confirm_sent_at', sa.DateTime(), nullable=True),
    sa.PrimaryKeyConstraint('address', name=op.f('pk_mail_addresses'))
    )
    # The addresses set before: unconfirmed (a confirmation mail each, rate-limited, nothing else till then).
    op.execute(
        "INSERT INTO mail_confirmations (game_id, address, created_at) "
        "SELECT DISTINCT a.game_id, a.address, CURRENT_TIMESTAMP FROM ("
        "  SELECT s.game_id AS game_id, LOWER(s.email) AS address FROM seats s WHERE s.email <> '' "
        "  UNION SELECT m.game_id, LOWER(m.umpire_email) FROM mail_games m WHERE m.umpire_email <> '') a "
        "JOIN games g ON g.id = a.game_id WHERE g.status IN ('active', 'paused')")


def downgrade() -> None:
    op.drop_table('mail_addresses')
    op.drop_index('ix_mail_confirmations_unsent', table_name='mail_confirmations')
    op.drop_index(op.f('ix_mail_confirmations_game_id'), table_name='mail_confirmations')
    op.drop_table('mail_confirmations')
