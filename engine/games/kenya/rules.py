"""Kenya's answers to the shared COIN sequence (engine.coin.sequence.CoinRules).

The card sequence and the Initiative Track are the series' (2.2 to 2.4). Kenya's own: a Pass still takes a
box (2.3.3, ruling R-PASS); a British Pass may shift the Pipeline Track one box either way, a Mau Mau Pass
gains 1 Resource (2.3.3); an Operation selects any number of spaces, the Mau Mau paying per space, one if
Limited (3.1, 2.3.4); eligibility stays as it was through a Propaganda Round (2.3.1 NOTE, L2329).
"""

from __future__ import annotations

from ...coin.sequence import CoinRules
from ...coin.tabled_rules import TabledRules
from ...core import notation
from ...core.flow import Context, Procedure, procedure
from . import board as B
from . import why as W
from .data import CARDS
from .events import EVENTS
from .operation import ACTIVITIES, OP_PREFIX, new_op_frame

notation.declare(__name__, {"pipeline", "done"})

#: What a Mau Mau Pass gains (2.3.3).
MAUMAU_PASS_RESOURCES = 1
#: The Pipeline shift a British Pass may make, by order word (2.3.3: one step in either direction).
PIPELINE_STEPS = {"up": 1, "down": -1}


@procedure
class PassPipeline(Procedure):
    """A British Pass (2.3.3): the British may shift the Pipeline Track one box up or down, or leave it
    (``done``). A shift past either end of the track is not offered (ruling R-PIPELINE-1)."""

    name = "ke.pass_pipeline"
    rule = "2.3.3"

    def options(self, g: Context) -> list[str]:
        value = B.pipeline(g)
        return [w for w, step in PIPELINE_STEPS.items() if B.PIPELINE_MIN <= value + step <= B.PIPELINE_MAX]

    def prompt(self, g, f):
        opts = self.options(g)
        return {"pipeline": opts, "done": []} if opts else {"done": []}

    def text(self, g, f):
        value = B.pipeline(g)
        ways = [f"pipeline {w} to {value + PIPELINE_STEPS[w]} ({B.pipeline_name(value + PIPELINE_STEPS[w])})"
                for w in self.options(g)]
        return (f"British Pass: the Pipeline Track is at {value} ({B.pipeline_name(value)}); shift it one box "
                f"({' or '.join(ways)}), or done to leave it")

    def explain(self, g, f, verb, arg):
        if verb == "pipeline":
            if arg not in PIPELINE_STEPS:
                return W.because(f"the Pipeline shifts one box, up or down, not {arg!r}", "2.3.3")
            return W.because(f"the Pipeline Track is at its {'last' if arg == 'up' else 'first'} box "
                             f"({B.pipeline(g)}) and shifts no further", "2.3.3, 6.6")
        return W.turn_order(verb)

    def act(self, g, f, verb, arg):
        if verb == "pipeline":
            B.shift_pipeline(g, PIPELINE_STEPS[arg], "a British Pass", "2.3.3")
        else:
            g.say("The British left the Pipeline Track as it was.", faction="british", rule="2.3.3")
        g.end()


class KenyaRules(TabledRules, CoinRules):
    """Kenya's answers; the card, the Operations' start and refusal, the Events and the Propaganda Round's call
    are the tables' (engine.coin.tabled_rules)."""

    words = W.WORDS
    cards = CARDS
    factions = ("maumau", "british")  # the roles in seating order; the Mau Mau are 1st Eligible at setup
    board = B.BOARD
    #: 2.3.1 NOTE (L2329): eligibility stays as it was through each Propaganda Round.
    eligibility_after_propaganda = None
    activities = ACTIVITIES
    events = EVENTS
    propaganda = "ke.propaganda"
    op_prefix = OP_PREFIX
    op_frame = staticmethod(new_op_frame)
    frame_per_faction = True  # new_op_frame: a faction's Operations differ only in their op (3.1, 2.3.4)

    def start_pass(self, g: Context, faction: str) -> None:
        """2.3.3: the Mau Mau gain 1 Resource (to 20 at most, 1.8); the British may shift the Pipeline."""
        if faction == "maumau":
            B.shift_resources(g, MAUMAU_PASS_RESOURCES, "a Pass", "2.3.3")
        else:
            g.call(PassPipeline.name, "british")


RULES = KenyaRules()
