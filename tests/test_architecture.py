"""The house's shape: layers point one way and no module imports itself round a circle.

Every ``import`` in every module of ``cluesolver`` and ``rulesref`` counts, the lazy ones
inside functions included: a lazy import that runs back up is still an arrow back up.
"""

from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("cluesolver", "rulesref")

#: Layers from the bottom; a module may import its own layer or lower ones only.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("core", ("rulesref.core",)),
    (
        "rules",
        (
            "rulesref.book",
            "rulesref.search",
            "rulesref.estonian",
            "rulesref.examples",
            "rulesref.cache",
            "rulesref.cite",
            "rulesref.render",
            "rulesref.rerank",
            "rulesref.rerank_fit",
        ),
    ),
    ("games", ("cluesolver.clue", "rulesref.las_vegas", "rulesref.lords", "rulesref.welcome")),
    ("registry", ("cluesolver.registry",)),
    ("app", ("cluesolver.cli", "cluesolver.web", "cluesolver.__main__")),
)
GAMES = LAYERS[2][1]

#: The Clue rooms from the bottom (inside the games layer): a module of one room imports its
#: own room or lower ones only.  The top of ``cluesolver.clue`` (the registry entry) sits
#: above every room.
CLUE_ROOMS: tuple[str, ...] = ("variants", "record", "engine", "analysis", "advice", "session")
#: At most this many modules at the top of ``cluesolver/clue/`` (the rest live in rooms).
CLUE_TOP_MODULES = 8


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {
        _module_name(p): p
        for pkg in PACKAGES
        for p in sorted((ROOT / pkg).rglob("*.py"))
        if "__pycache__" not in p.parts
    }


MODULES = _modules()


def _resolve(name: str) -> str | None:
    """The project module an imported name refers to (a module, or the package holding it)."""
    while name:
        if name in MODULES:
            return name
        name = name.rpartition(".")[0]
    return None


def _imports(module: str) -> set[str]:
    path = MODULES[module]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    is_package = path.name == "__init__.py"
    base = module if is_package else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = base
                for _ in range(node.level - 1):
                    anchor = anchor.rpartition(".")[0]
                prefix = f"{anchor}.{node.module}" if node.module else anchor
            else:
                prefix = node.module or ""
            names = [f"{prefix}.{a.name}" for a in node.names] + [prefix]
        for name in names:
            target = _resolve(name)
            if target is not None and target != module:
                found.add(target)
    # a package's own __init__ is not an arrow its submodules draw on purpose
    return {t for t in found if not module.startswith(t + ".") or t in ("cluesolver.registry",)}


GRAPH = {m: _imports(m) for m in MODULES}


def _layer(module: str) -> int | None:
    for level, (_name, prefixes) in enumerate(LAYERS):
        if any(module == p or module.startswith(p + ".") for p in prefixes):
            return level
    return None


def _game(module: str) -> str | None:
    return next((g for g in GAMES if module == g or module.startswith(g + ".")), None)


def test_every_module_has_a_layer() -> None:
    loose = [m for m in MODULES if _layer(m) is None and m not in PACKAGES]
    assert loose == [], f"modules outside every layer: {loose}"


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_point_down(module: str) -> None:
    here = _layer(module)
    if here is None:
        return
    upward = [t for t in GRAPH[module] if (_layer(t) or 0) > here]
    assert upward == [], f"{module} (layer {LAYERS[here][0]}) imports higher layers: {upward}"


@pytest.mark.parametrize("module", sorted(m for m in MODULES if _game(m)))
def test_games_do_not_import_each_other(module: str) -> None:
    mine = _game(module)
    others = [t for t in GRAPH[module] if _game(t) not in (None, mine)]
    assert others == [], f"{module} imports another game: {others}"


def _room(module: str) -> int | None:
    """The Clue room of a module (its index in :data:`CLUE_ROOMS`; the top of the package
    above them all), or None outside ``cluesolver.clue``."""
    if not (module == "cluesolver.clue" or module.startswith("cluesolver.clue.")):
        return None
    parts = module.split(".")
    if len(parts) > 3 and parts[2] in CLUE_ROOMS:
        return CLUE_ROOMS.index(parts[2])
    if len(parts) == 3 and parts[2] in CLUE_ROOMS:  # the room's own package module
        return CLUE_ROOMS.index(parts[2])
    return len(CLUE_ROOMS)


@pytest.mark.parametrize("module", sorted(m for m in MODULES if _room(m) is not None))
def test_clue_rooms_point_down(module: str) -> None:
    here = _room(module)
    assert here is not None
    upward = [t for t in GRAPH[module] if (_room(t) if _room(t) is not None else -1) > here]
    names = (*CLUE_ROOMS, "top")
    assert upward == [], f"{module} (room {names[here]}) imports higher rooms: {upward}"


def test_clue_keeps_few_modules_at_its_top() -> None:
    top = sorted(p.stem for p in (ROOT / "cluesolver" / "clue").glob("*.py") if p.stem != "__init__")
    rooms = sorted(p.name for p in (ROOT / "cluesolver" / "clue").iterdir() if (p / "__init__.py").is_file())
    assert len(top) <= CLUE_TOP_MODULES, f"modules at the top of cluesolver/clue/: {top}"
    assert set(CLUE_ROOMS) <= set(rooms), f"rooms: {rooms}"
    assert set(rooms) <= set(CLUE_ROOMS), f"a room the layering does not know: {sorted(set(rooms) - set(CLUE_ROOMS))}"


def _package(module: str) -> str:
    """The package a module belongs to (a package's own ``__init__`` is the package)."""
    return module if MODULES[module].name == "__init__.py" else module.rpartition(".")[0]


def test_no_import_circles_of_packages() -> None:
    """Sub-packages import each other one way too: collapsed to their packages, the imports
    make no circle (a package importing itself does not count)."""
    graph: dict[str, set[str]] = {}
    for m, targets in GRAPH.items():
        mine = _package(m)
        graph.setdefault(mine, set()).update(
            p for t in targets if (p := _package(t)) != mine and not mine.startswith(p + ".")
        )
    assert _circles(graph) == []


def test_importing_the_library_changes_no_environment() -> None:
    """Settings a command needs (one BLAS thread) are the entry point's business, not the library's."""
    import subprocess
    import sys

    code = (
        "import os; before = dict(os.environ)\n"
        "import cluesolver.clue.engine.covers, cluesolver.clue.advice.accuse, cluesolver.clue.session.live\n"
        "import rulesref.las_vegas.game, rulesref.lords.game, rulesref.welcome.game, cluesolver.registry\n"
        "print(sorted(set(os.environ.items()) ^ set(before.items())))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip() == "[]"


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []
    counter = 0

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return circles


def test_no_import_circles() -> None:
    assert _circles(GRAPH) == [], "import circles"


def _edition_ids() -> set[str]:
    from cluesolver.clue import variants

    return {v.id for v in variants.built_ins()}


@pytest.mark.parametrize("module", sorted(m for m in MODULES if m.startswith(("cluesolver.cli", "cluesolver.web"))))
def test_front_ends_compare_no_edition_id(module: str) -> None:
    """What an edition's rules add (a clock, its words) is data of the edition
    (``Variant.rules``): the CLI and the page never test which edition a log is."""
    ids = _edition_ids()
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                consts = side.elts if isinstance(side, (ast.Tuple, ast.List, ast.Set)) else [side]
                found += [(node.lineno, c.value) for c in consts if isinstance(c, ast.Constant) and c.value in ids]
    assert found == [], f"{module} compares edition ids: {found}"


def test_templates_compare_no_edition_id() -> None:
    import re

    ids = _edition_ids()
    for template in sorted((ROOT / "cluesolver" / "web" / "templates").glob("*.html")):
        text = template.read_text(encoding="utf-8")
        blocks = re.findall(r"\{[%{](.*?)[%}]\}", text, flags=re.S)  # the template's own expressions
        hits = [q for b in blocks for q in re.findall(r"(?:==|!=|\bin)\s*[\"']([^\"']+)[\"']", b) if q in ids]
        assert hits == [], f"{template.name} tests an edition: {hits}"
