"""The JSON API blueprint (flask-smorest): games, seats, moves, submissions, schemas."""
