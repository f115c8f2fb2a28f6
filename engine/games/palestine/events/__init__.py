"""Palestine's 32 Event cards (rule 5 and section 9.0). Importing this package registers every text."""

from . import capabilities  # noqa: F401
from . import pickers  # noqa: F401
from .base import EVENTS  # noqa: F401

# Card modules register their texts on import.
from . import cards_p01_p08, cards_p10_p16, cards_p19_p24, cards_p26_p31  # noqa: F401,E402
