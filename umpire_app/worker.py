"""The module the ``celery`` command loads: ``celery -A umpire_app.worker:celery_app worker``."""

from umpire_app.web import create_app

flask_app = create_app()
celery_app = flask_app.extensions["celery"]
