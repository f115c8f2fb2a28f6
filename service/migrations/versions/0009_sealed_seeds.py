"""the games' dice seeds, sealed under the server secret (service.seeds)

``games.seed`` held each seed as plain hex: anyone with a copy of the database could compute every future
die. Upgrade seals every plain seed (``s1:`` + 96 hex characters, within the column's 128); downgrade
opens them again. Both need the server secret: the one ``service.migrate.upgrade`` was given
(``create_app`` passes its ``UMPIRE_SECRET_KEY``), else ``UMPIRE_SECRET_KEY``, else the instance folder's
``secret_key`` file (``service.seeds.migration_secret``); with none, a database holding seeds is left
as it is and the migration fails saying so. A database without games needs no secret.

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

from service import seeds

revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None

_GAMES = sa.table('games', sa.column('id', sa.String), sa.column('seed', sa.String), sa.column('commitment', sa.String))
_SET = sa.update(_GAMES).where(_GAMES.c.id == sa.bindparam('b_id')).values(seed=sa.bindparam('b_seed'))


def _rows(which):
    conn = op.get_bind()
    return conn, [r for r in conn.execute(sa.select(_GAMES.c.id, _GAMES.c.seed, _GAMES.c.commitment)) if which(r.seed)]


def _secret() -> str:
    return seeds.migration_secret(op.get_context().config.attributes)


def upgrade() -> None:
    conn, plain = _rows(seeds.is_plain)
    if plain:
        secret = _secret()
        conn.execute(_SET, [{"b_id": r.id, "b_seed": seeds.seal(secret, r.id, bytes.fromhex(r.seed))} for r in plain])


def downgrade() -> None:
    conn, sealed = _rows(seeds.is_sealed)
    if sealed:
        secret = _secret()
        try:
            opened = [{"b_id": r.id, "b_seed": seeds.unseal(secret, r.id, r.commitment, r.seed).hex()} for r in sealed]
        except seeds.SeedUnreadable as e:
            raise RuntimeError(f"cannot downgrade below 0009: {e.message}") from None
        conn.execute(_SET, opened)
