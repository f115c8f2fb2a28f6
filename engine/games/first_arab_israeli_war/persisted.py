"""The procedure and stage names a saved game may hold, by rules version (engine.versions; ``data/persisted.json``):
a rename without a migration is caught by the golden test and refused on load; scripts/persisted_names.py lists a
name random play reaches that the list lacks."""

from __future__ import annotations

from pathlib import Path

from ...versions import load_golden

PERSISTED = load_golden(Path(__file__).parent / "data" / "persisted.json")
