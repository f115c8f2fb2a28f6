"""How wide a line of the boards' text is, estimated from the advance widths of the font they name.

The boards (service.reports.board) are drawn in DejaVu Sans (``canvas.font`` of every layout); a label
must fit its space (issue 27: "Tel Aviv-Jaffa" ran out of its City's circle), so the board measures it
rather than counting letters. The widths below are the advances of the printable ASCII characters
(space to ``~``) in DejaVu Sans Book and Bold 2.37, in font units of 2048 to the em, as the font files of
Debian's ``fonts-dejavu-core`` give them. An estimate adds them up: no kerning, which only brings letters
closer, so it errs on the wide side. A character outside ASCII counts a whole em, as wide as the widest
of the two faces' but bold ``W`` and ``%``.
"""

from __future__ import annotations

UNITS_PER_EM = 2048

REGULAR = (
    651, 821, 942, 1716, 1303, 1946, 1597, 563, 799, 799, 1024, 1716, 651, 739, 651, 690,
    1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 690, 690, 1716, 1716, 1716, 1087,
    2048, 1401, 1405, 1430, 1577, 1294, 1178, 1587, 1540, 604, 604, 1343, 1141, 1767, 1532, 1612,
    1235, 1612, 1423, 1300, 1251, 1499, 1401, 2025, 1403, 1251, 1403, 799, 690, 799, 1716, 1024,
    1024, 1255, 1300, 1126, 1300, 1260, 721, 1300, 1298, 569, 569, 1186, 569, 1995, 1298, 1253,
    1300, 1300, 842, 1067, 803, 1298, 1212, 1675, 1212, 1212, 1075, 1303, 690, 1303, 1716,
)
BOLD = (
    713, 934, 1067, 1716, 1425, 2052, 1786, 627, 936, 936, 1071, 1716, 778, 850, 778, 748,
    1425, 1425, 1425, 1425, 1425, 1425, 1425, 1425, 1425, 1425, 819, 819, 1716, 1716, 1716, 1188,
    2048, 1585, 1561, 1503, 1700, 1399, 1399, 1681, 1714, 762, 762, 1587, 1305, 2038, 1714, 1741,
    1501, 1741, 1577, 1475, 1397, 1663, 1585, 2259, 1579, 1483, 1485, 936, 748, 936, 1716, 1024,
    1024, 1382, 1466, 1214, 1466, 1389, 891, 1466, 1458, 702, 702, 1362, 702, 2134, 1458, 1407,
    1466, 1466, 1010, 1219, 979, 1458, 1335, 1892, 1321, 1335, 1192, 1458, 748, 1458, 1716,
)
#: How high the tallest letters of DejaVu Sans stand above the baseline (``f``, ``l``, ``d``: 1556 units),
#: in ems: where a label's top is.
ASCENT = 0.76


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The estimated width of *text* set at *size* px (see the module docstring)."""
    table = BOLD if bold else REGULAR
    units = sum(table[o - 32] if 32 <= (o := ord(ch)) < 127 else UNITS_PER_EM for ch in text)
    return units * size / UNITS_PER_EM


def fit(text: str, width: float, size: float) -> str:
    """*text*, cut short with an ellipsis if its estimated width at *size* px is more than *width*."""
    if text_width(text, size) <= width:
        return text
    while text and text_width(text + "\u2026", size) > width:
        text = text[:-1]
    return text.rstrip(" ,;:(") + "\u2026"


def wrap(text: str, width: float, size: float) -> list[str]:
    """*text* in lines no wider than *width* at *size* px (estimated: ``textwidth``), broken at spaces; a
    word wider than the line stands alone on its line."""
    lines, cur = [], ""
    for word in text.split(" "):
        trial = f"{cur} {word}" if cur else word
        if cur and text_width(trial, size) > width:
            lines.append(cur)
            cur = word
        else:
            cur = trial
    return [*lines, cur]
