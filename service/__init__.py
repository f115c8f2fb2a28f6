"""Umpire's service core: games, seats, moves, trusted dice, adjudication, deadlines, keys, reports and
the text board, over SQLAlchemy; the HTTP API (``service.api``) and the game page (``service.pages``) are
its ways in beside mail (``mail``). The app that puts them together is ``umpire_app.web.create_app``.
"""
