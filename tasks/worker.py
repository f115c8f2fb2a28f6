"""The module the ``celery`` command loads: ``celery -A tasks.worker:celery_app worker``."""

from service import create_app

flask_app = create_app()
celery_app = flask_app.extensions["celery"]
