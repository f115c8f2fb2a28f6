"""The layers of Umpire's code, enforced on every import (README.md, "Layout").

From the bottom: the engine (pure rules); the service core (games, seats, moves, dice, adjudication,
deadlines, keys, the text board); the ways in (the HTTP API, the game page, mail), each on its own; the
Celery tasks; the composition roots (the app factory and the Celery app in ``umpire_app``); the CLI. A
module may import its own layer or a lower one, never a higher one, and one way in never imports another.
Function-level imports count as much as module-level ones: a cycle hidden in a function is still a cycle.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "service", "mail", "tasks", "umpire_app", "umpire_cli")

#: Module prefix -> (layer, unit). The longest prefix that matches a module decides. Units of one layer
#: are independent of each other (the ways in).
LAYERS = {
    "engine": (0, "engine"),
    "service": (1, "core"),
    "service.api": (2, "http api"),
    "service.pages": (2, "game page"),
    "mail": (2, "mail"),
    "tasks": (3, "tasks"),
    "umpire_app": (4, "roots"),
    "umpire_cli": (5, "cli"),
}


def _layer(module: str) -> tuple[int, str]:
    best = max((p for p in LAYERS if module == p or module.startswith(p + ".")), key=len)
    return LAYERS[best]


def _modules() -> dict[str, Path]:
    out = {}
    for pkg in PACKAGES:
        for path in (ROOT / pkg).rglob("*.py"):
            rel = path.relative_to(ROOT).with_suffix("")
            parts = list(rel.parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


def _imports(module: str, path: Path) -> list[tuple[str, int]]:
    """Every module *module* imports (absolute names, with the line), wherever the import statement is."""
    tree = ast.parse(path.read_text(), str(path))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(a.name, node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            # ``from pkg import name``: name may be a module of pkg; both count.
            found += [(target, node.lineno)] + [(f"{target}.{a.name}", node.lineno) for a in node.names]
    return [(t, line) for t, line in found if t.split(".")[0] in PACKAGES]


MODULES = _modules()
GRAPH = {m: _imports(m, p) for m, p in MODULES.items()}


def _known(target: str) -> str | None:
    """*target*, or the module that defines it (``service.games.create`` -> ``service.games``)."""
    while target and target not in MODULES:
        target = target.rpartition(".")[0]
    return target or None


def test_layers_a_module_imports_only_its_own_layer_or_lower():
    wrong = set()
    for module, imports in GRAPH.items():
        mine, unit = _layer(module)
        for target, line in imports:
            t = _known(target)
            if t is None:
                continue
            theirs, other = _layer(t)
            if theirs > mine:
                wrong.add(f"{MODULES[module].relative_to(ROOT)}:{line} imports {t} (layer {other!r} is above {unit!r})")
            elif theirs == mine and other != unit:
                wrong.add(f"{MODULES[module].relative_to(ROOT)}:{line} imports {t} (the ways in {unit!r} and "
                             f"{other!r} are independent)")
    assert not wrong, "\n".join(sorted(wrong))


def test_layers_the_top_level_packages_import_each_other_without_a_cycle():
    edges = defaultdict(set)
    for module, imports in GRAPH.items():
        for target, _ in imports:
            a, b = module.split(".")[0], target.split(".")[0]
            if a != b:
                edges[a].add(b)
    order, state = [], {}

    def visit(p, path):
        if state.get(p) == "open":
            pytest.fail("a cycle among the top-level packages: " + " -> ".join(path + [p]))
        if state.get(p) == "done":
            return
        state[p] = "open"
        for q in sorted(edges[p]):
            visit(q, path + [p])
        state[p] = "done"
        order.append(p)

    for p in PACKAGES:
        visit(p, [])
    assert order.index("engine") < order.index("service") < order.index("mail") < order.index("tasks")


def test_layers_the_check_sees_function_level_imports():
    """The graph holds an import written inside a function (the kind that hid the old cycles)."""
    imports = {t for t, _ in GRAPH["tasks"]}
    assert "service.adjudication" in imports or "service.adjudication.adjudicate" in imports
