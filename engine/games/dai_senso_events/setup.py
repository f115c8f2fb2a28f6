"""The one scenario, ``position`` (issue 32): the desk over a position of the real game. Without a position file
the game starts from the sample (``data/sample.json``): an illustration built from the fragment's own examples,
flagged as such in the state (``illustration``), not a real scenario. The umpire's real use is
``umpire new dai-senso-events --position FILE`` (:mod:`.position`)."""

from __future__ import annotations

from .data import SAMPLE
from .position import POSITION, SCENARIO, SLUG

SCENARIOS = {SCENARIO: "the political events desk over a position of the real game (a position file; without "
                       "one, a sample built from the fragment's examples, not a real scenario)"}
OPTIONS = {"rulings": "the umpire's reading where a ruling offers a choice: {ruling id: choice} (R-ESV: per-faction "
                      "or shared)"}

__all__ = ["OPTIONS", "SCENARIOS", "SLUG", "setup"]


def setup(scenario: str, options: dict, g) -> dict:
    """The sample position's state, the desk held by the faction its ``start`` names."""
    return POSITION.build(SAMPLE, g, scenario, options)
