"""Palestine's 32 Event cards (rule 5 and section 9.0). Importing this package registers every text."""

from . import (  # noqa: F401  (each module registers its texts on import)
    capabilities,
    cards_p01_p08,
    cards_p10_p16,
    cards_p19_p24,
    cards_p26_p31,
    pickers,
)
from .base import EVENTS  # noqa: F401
