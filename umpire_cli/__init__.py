"""The ``umpire`` command: local play and umpiring without a server."""
