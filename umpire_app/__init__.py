"""The composition roots: the Flask app factory (``umpire_app.web``) and the Celery app the ``celery``
command loads (``umpire_app.worker``). Nothing below imports them; the CLI's entry point is
``umpire_cli.main``."""
