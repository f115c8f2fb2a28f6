"""Reading the SVG boards in tests (service.reports.board): the groups a board draws by class, a space's
pieces and markers, a track. Shared by the games' board tests."""

from __future__ import annotations

SVG = "{http://www.w3.org/2000/svg}"
NS = {"s": "http://www.w3.org/2000/svg"}


def groups(root, cls):
    """Every ``<g>`` under *root* with the class *cls*."""
    return [g for g in root.iter(SVG + "g") if cls in (g.get("class") or "").split()]


def text_of(el) -> str:
    return "".join(el.itertext())


def spaces_of(root):
    """Each space's group by its id (``data-space``)."""
    return {g.get("data-space"): g for g in groups(root, "space")}


def counts_in(group):
    """The pieces a space's group draws, by kind (``data-kind``: ``data-count``)."""
    out: dict[str, int] = {}
    for g in group.iter(SVG + "g"):
        if "pieces" in (g.get("class") or "").split() and g.get("data-kind"):
            out[g.get("data-kind")] = out.get(g.get("data-kind"), 0) + int(g.get("data-count"))
    return out


def markers_in(group) -> set[str]:
    """The labels of the markers a space shows (their text: "British Control", "Terror ×2", ...)."""
    return {text_of(m.find("s:text", NS)) for m in groups(group, "marker")}


def track(root, key):
    """The group of the track that reads *key* of the view (``data-track``)."""
    return next(g for g in groups(root, "track") if g.get("data-track") == key)
