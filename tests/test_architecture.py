"""The package's module graph: no import cycles, imports follow the layers, private names stay home.

The house rules (docs/explanation/architecture.md) put the modules in layers and let a module
import only from lower layers; an import inside a function is still an import, and so is one
under ``if TYPE_CHECKING:`` (a type needed from a higher layer calls for a Protocol in the lower
one, not a hidden edge). Names starting with ``_`` stay in their module; internals shared by
several modules live in modules that are internal by name (``phase10._checks``).

The checker below reads the source with :mod:`ast` instead of importing it, so it sees every
import wherever it is written. The synthetic packages written to ``tmp_path`` show that it
catches a cycle, a function-local cycle, a private import and an upward import.

The real package has no violation at all, and the tests keep it so: each failure names the
offending import and the line it is on.
"""

from __future__ import annotations

import ast
import shutil
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path

import attrs

import phase10

PACKAGE_DIR = Path(phase10.__file__).parent

#: The layers, low to high. A module may import from a lower layer; modules of one layer with
#: several members are peers and may import each other, as long as that makes no cycle. A
#: subpackage (``phase10.adapters``, ``phase10.cli``) belongs, with all its modules, to the
#: layer of its name. ``phase10`` itself is the facade that re-exports the library: nothing in
#: the library imports it; only the command line, an application of the library, sits above.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("phase10.errors",),
    ("phase10.limits",),
    ("phase10._checks", "phase10._fast", "phase10._version", "phase10._pictures"),
    ("phase10.cards",),
    ("phase10.scoring",),
    ("phase10.groups",),
    ("phase10.phases",),
    ("phase10._written",),
    ("phase10.laydown",),
    ("phase10.variants",),
    ("phase10._json",),
    ("phase10.actions",),
    ("phase10.state",),
    ("phase10.rules",),
    ("phase10.chance",),
    ("phase10.views",),
    ("phase10._layout",),
    ("phase10.grouping",),
    ("phase10.analysis",),
    (
        "phase10.bots",
        "phase10.notation",
        "phase10.encoding",
        "phase10.observation",
        "phase10.records",
        "phase10.schemas",
        "phase10.serialize",
        "phase10.simulation",
        "phase10.svg",
        "phase10.adapters",
    ),
    ("phase10.table",),
    ("phase10",),
    ("phase10.cli", "phase10.__main__"),
)

# ----------------------------------------------------------------------------- the checker


@attrs.frozen
class Use:
    """Module ``importer`` (line ``line``) imports module ``target`` or takes ``name`` from it."""

    importer: str
    target: str
    line: int
    name: str | None = None


def module_files(package_dir: Path) -> dict[str, Path]:
    """Every module of the package in ``package_dir`` by dotted name (a package by its own)."""
    root = package_dir.name
    modules: dict[str, Path] = {}
    for path in sorted(package_dir.rglob("*.py")):
        parts = path.relative_to(package_dir).with_suffix("").parts
        if not all(
            (package_dir.joinpath(*parts[:i]) / "__init__.py").is_file() for i in range(len(parts))
        ):
            continue  # a stray script in a directory that is not a package
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules[".".join((root, *parts))] = path
    return modules


def is_private(name: str) -> bool:
    """``_x`` is private; ``__x__`` (``__version__``, ``__main__``) is not."""
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def is_internal(module: str) -> bool:
    """Whether ``module`` is internal by name: some part below the root starts with ``_``."""
    return any(is_private(part) for part in module.split(".")[1:])


def _package_of(module: str, path: Path) -> str:
    """The package that relative imports in ``module`` start from."""
    return module if path.name == "__init__.py" else module.rpartition(".")[0]


def _owner(name: str, modules: Iterable[str]) -> str | None:
    """The longest module that ``name`` (dotted) is or lies in, if any."""
    best = None
    for module in modules:
        if (name == module or name.startswith(module + ".")) and (
            best is None or len(module) > len(best)
        ):
            best = module
    return best


def _dotted(node: ast.expr) -> list[str] | None:
    """``a.b.c`` as ``["a", "b", "c"]``; None when the chain does not start at a name."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return parts[::-1]


def find_uses(package_dir: Path) -> list[Use]:
    """Every import of one module of the package by another, wherever it is written.

    Imports inside functions and under ``if TYPE_CHECKING:`` count. ``from pkg import sub``
    of a submodule imports ``pkg.sub``; relative imports are resolved. A ``Use`` with a
    ``name`` records a name taken from the target: ``from pkg.mod import name`` or an
    attribute ``mod.name`` of a module bound by an import. Importing ``pkg.sub.mod`` also
    runs the ``__init__`` of ``pkg.sub``, but uses none of its names: that is not counted.
    """
    modules = module_files(package_dir)
    uses: list[Use] = []
    for module, path in modules.items():
        uses.extend(u for u in _uses_in(module, path, modules) if u.target != module)
    return uses


def _uses_in(module: str, path: Path, modules: Mapping[str, Path]) -> Iterator[Use]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    bound: dict[str, str] = {}  # a name bound by an import -> the module it stands for
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                target = _owner(alias.name, modules)
                if target is None:
                    continue
                yield Use(module, target, node.lineno)
                if alias.asname is not None:
                    bound[alias.asname] = target
                else:
                    top = alias.name.partition(".")[0]
                    bound[top] = top
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = _package_of(module, path)
                for _ in range(node.level - 1):
                    base = base.rpartition(".")[0]
                base = f"{base}.{node.module}" if node.module else base
            else:
                base = node.module or ""
            owner = _owner(base, modules)
            if owner is None:
                continue
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                if sub in modules:
                    yield Use(module, sub, node.lineno)
                    bound[alias.asname or alias.name] = sub
                else:
                    yield Use(module, owner, node.lineno, None if alias.name == "*" else alias.name)
    # A second pass, once every import is bound: ``mod._x`` and ``pkg.mod._x``.
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        parts = _dotted(node)
        if parts is None or parts[0] not in bound:
            continue
        target = bound[parts[0]]
        for part in parts[1:]:
            if f"{target}.{part}" not in modules:
                if is_private(part):
                    yield Use(module, target, node.lineno, part)
                break
            target = f"{target}.{part}"


def module_graph(uses: Iterable[Use]) -> dict[str, set[str]]:
    """Importer -> the modules it imports."""
    graph: dict[str, set[str]] = {}
    for use in uses:
        graph.setdefault(use.importer, set()).add(use.target)
    return graph


def strongly_connected(graph: Mapping[str, Iterable[str]]) -> list[set[str]]:
    """The groups of modules that import each other, directly or not (Tarjan), of two or more."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(group)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def cycle_through(graph: Mapping[str, Iterable[str]], group: set[str]) -> list[str]:
    """One import cycle through the modules of ``group``, as a path that ends where it starts."""
    start = min(group)
    seen = {start}
    path = [start]

    def walk(node: str) -> bool:
        for nxt in sorted(graph.get(node, ())):
            if nxt == start:
                path.append(start)
                return True
            if nxt in group and nxt not in seen:
                seen.add(nxt)
                path.append(nxt)
                if walk(nxt):
                    return True
                path.pop()
        return False

    walk(start)
    return path


def cycle_violations(graph: Mapping[str, Iterable[str]]) -> set[str]:
    """``cycle: a -> b`` for every import between two modules of one cycle."""
    found: set[str] = set()
    for group in strongly_connected(graph):
        for importer in group:
            found.update(f"cycle: {importer} -> {t}" for t in graph.get(importer, ()) if t in group)
    return found


def cycle_report(graph: Mapping[str, Iterable[str]]) -> str:
    """The groups of modules that import each other, each with one cycle through it."""
    return "\n".join(
        f"{', '.join(sorted(group))}: {' -> '.join(cycle_through(graph, group))}"
        for group in strongly_connected(graph)
    )


def private_violations(uses: Iterable[Use]) -> set[str]:
    """``private: a uses b._x`` for every private name taken from a module not internal by name."""
    return {
        f"private: {use.importer} uses {use.target}.{use.name}"
        for use in uses
        if use.name is not None and is_private(use.name) and not is_internal(use.target)
    }


def layer_of(module: str, layers: Sequence[Sequence[str]]) -> int | None:
    """The index of the layer of ``module``, or of the subpackage it lies in.

    The root package (``phase10``) stands only for itself, not for every module in it.
    """
    for i, layer in enumerate(layers):
        if module in layer:
            return i
    owner = _owner(module, [m for layer in layers for m in layer if "." in m])
    if owner is None:
        return None
    return next(i for i, layer in enumerate(layers) if owner in layer)


def layer_violations(
    graph: Mapping[str, Iterable[str]], layers: Sequence[Sequence[str]]
) -> set[str]:
    """``upward: a -> b`` for every import of a higher layer; ``no layer: a`` for a stray module.

    Modules of one layer may import each other; :func:`cycle_violations` rules out cycles.
    """
    found: set[str] = set()
    for importer, targets in graph.items():
        low = layer_of(importer, layers)
        if low is None:
            found.add(f"no layer: {importer}")
            continue
        for target in targets:
            high = layer_of(target, layers)
            if high is None:
                found.add(f"no layer: {target}")
            elif high > low:
                found.add(f"upward: {importer} -> {target}")
    return found


def where(uses: Iterable[Use], violations: Iterable[str]) -> str:
    """Where the imports behind ``violations`` are written, for an assertion message."""
    lines = []
    for violation in sorted(violations):
        kind, _, rest = violation.partition(": ")
        if kind == "private":
            importer, _, what = rest.partition(" uses ")
            spots = [
                u.line for u in uses if u.importer == importer and f"{u.target}.{u.name}" == what
            ]
        else:
            importer, _, target = rest.partition(" -> ")
            spots = [u.line for u in uses if u.importer == importer and u.target == target]
        lines.append(f"  {violation} (line {', '.join(map(str, sorted(set(spots))))})")
    return "\n".join(lines)


def check(package_dir: Path, layers: Sequence[Sequence[str]] = LAYERS) -> set[str]:
    """Every violation in the package in ``package_dir``: cycles, layers, private names."""
    uses = find_uses(package_dir)
    graph = module_graph(uses)
    return cycle_violations(graph) | layer_violations(graph, layers) | private_violations(uses)


# ----------------------------------------------------------------------------- the real package


def _report(found: set[str], uses: list[Use]) -> str:
    return "found:\n" + where(uses, found)


def test_the_checker_sees_the_real_package() -> None:
    graph = module_graph(find_uses(PACKAGE_DIR))
    assert {"phase10.errors", "phase10._checks"} <= graph["phase10.cards"]
    assert "phase10.rules" in graph["phase10.simulation"]
    assert "phase10.adapters._common" in graph["phase10.adapters.openspiel"]
    assert "phase10.cli" in graph["phase10.__main__"]


def test_no_import_cycles() -> None:
    uses = find_uses(PACKAGE_DIR)
    graph = module_graph(uses)
    found = cycle_violations(graph)
    assert set() == found, _report(found, uses) + "\ncycles:\n" + cycle_report(graph)


def test_imports_follow_the_layers() -> None:
    uses = find_uses(PACKAGE_DIR)
    found = layer_violations(module_graph(uses), LAYERS)
    assert set() == found, _report(found, uses)


def test_every_module_has_a_layer() -> None:
    missing = [m for m in module_files(PACKAGE_DIR) if layer_of(m, LAYERS) is None]
    assert [] == missing


def test_private_names_stay_in_their_module() -> None:
    uses = find_uses(PACKAGE_DIR)
    found = private_violations(uses)
    assert set() == found, _report(found, uses)


def test_a_cycle_introduced_into_a_copy_of_the_package_fails(tmp_path: Path) -> None:
    copy = tmp_path / "phase10"
    shutil.copytree(PACKAGE_DIR, copy, ignore=shutil.ignore_patterns("__pycache__"))
    cards = copy / "cards.py"
    cards.write_text(
        cards.read_text(encoding="utf-8")
        + "\n\ndef _f() -> None:\n    from phase10 import rules\n",
        encoding="utf-8",
    )
    found = check(copy)
    assert "upward: phase10.cards -> phase10.rules" in found
    assert "cycle: phase10.cards -> phase10.rules" in found
    assert "cycle: phase10.rules -> phase10.cards" in found


# ----------------------------------------------------------------------------- synthetic packages


def write_package(root: Path, files: Mapping[str, str]) -> Path:
    """Write ``files`` (relative path -> source) as package ``pkg`` under ``root``."""
    package = root / "pkg"
    for name, source in {"__init__.py": "", **files}.items():
        path = package / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source, encoding="utf-8")
    return package


def test_a_cycle_is_found_with_its_path(tmp_path: Path) -> None:
    package = write_package(
        tmp_path,
        {
            "a.py": "from pkg.b import thing\n",
            "b.py": "import pkg.c\nthing = 1\n",
            "c.py": "from pkg import a\n",
            "d.py": "from pkg.a import thing\n",
        },
    )
    graph = module_graph(find_uses(package))
    assert {
        "cycle: pkg.a -> pkg.b",
        "cycle: pkg.b -> pkg.c",
        "cycle: pkg.c -> pkg.a",
    } == cycle_violations(graph)
    assert "pkg.a, pkg.b, pkg.c: pkg.a -> pkg.b -> pkg.c -> pkg.a" == cycle_report(graph)


def test_an_import_inside_a_function_counts(tmp_path: Path) -> None:
    package = write_package(
        tmp_path,
        {
            "low.py": "def f():\n    if True:\n        from .high import g\n    return g()\n",
            "high.py": "from . import low\n\ndef g():\n    return 1\n",
        },
    )
    graph = module_graph(find_uses(package))
    assert {"cycle: pkg.low -> pkg.high", "cycle: pkg.high -> pkg.low"} == cycle_violations(graph)
    layers = [("pkg.low",), ("pkg.high",), ("pkg",)]
    assert {"upward: pkg.low -> pkg.high"} == layer_violations(graph, layers)


def test_an_import_for_type_checking_counts(tmp_path: Path) -> None:
    package = write_package(
        tmp_path,
        {
            "low.py": (
                "from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n"
                "    from pkg.high import Thing\n"
            ),
            "high.py": "import pkg.low as low\nclass Thing: ...\n",
        },
    )
    assert {"pkg.high"} == module_graph(find_uses(package))["pkg.low"]


def test_imports_are_resolved_to_modules(tmp_path: Path) -> None:
    package = write_package(
        tmp_path,
        {
            "a.py": "",
            "b.py": "",
            "sub/__init__.py": "from . import inner\nfrom .. import a\n",
            "sub/inner.py": "from ..b import name\nfrom pkg import sub as s\nimport os, json\n",
            "top.py": "import pkg.sub.inner as i\nfrom pkg import a as x, name\nimport pkg\n",
        },
    )
    assert {
        "pkg.sub": {"pkg.sub.inner", "pkg.a"},
        "pkg.sub.inner": {"pkg.b", "pkg.sub"},
        "pkg.top": {"pkg.sub.inner", "pkg.a", "pkg"},
    } == module_graph(find_uses(package))


def test_a_private_name_from_another_module_is_found(tmp_path: Path) -> None:
    package = write_package(
        tmp_path,
        {
            "a.py": "_secret = 1\n__version__ = '1'\n",
            "_shared.py": "_helper = 2\n",
            "sub/__init__.py": "",
            "sub/_common.py": "_also = 3\n",
            "b.py": (
                "from pkg.a import _secret, __version__\n"
                "from pkg._shared import _helper\n"
                "from pkg.sub._common import _also\n"
            ),
            "c.py": "import pkg.a\nfrom pkg import a as mod\nx = pkg.a._secret + mod._secret\n",
            "d.py": "def f():\n    from .a import _secret\n    return _secret\n",
        },
    )
    assert {
        "private: pkg.b uses pkg.a._secret",
        "private: pkg.c uses pkg.a._secret",
        "private: pkg.d uses pkg.a._secret",
    } == private_violations(find_uses(package))


def test_a_module_may_use_its_own_private_names(tmp_path: Path) -> None:
    package = write_package(tmp_path, {"a.py": "import pkg.a\n_x = 1\ny = pkg.a._x\n"})
    assert set() == check(package, [("pkg.a",), ("pkg",)])


def test_layers_allow_peers_but_not_upward_imports(tmp_path: Path) -> None:
    package = write_package(
        tmp_path,
        {
            "base.py": "",
            "mid.py": "import pkg.base\n",
            "left.py": "import pkg.mid\nimport pkg.right\n",
            "right.py": "import pkg.base\n",
            "tools/__init__.py": "from pkg.tools import one\n",
            "tools/one.py": "import pkg.left\n",
            "stray.py": "import pkg.base\n",
        },
    )
    layers = [("pkg.base",), ("pkg.mid",), ("pkg.left", "pkg.right", "pkg.tools"), ("pkg",)]
    assert {"no layer: pkg.stray"} == check(package, layers)
    (package / "base.py").write_text("from pkg.mid import x\n", encoding="utf-8")
    (package / "right.py").write_text("import pkg.left\n", encoding="utf-8")
    assert {
        "no layer: pkg.stray",
        "upward: pkg.base -> pkg.mid",
        "cycle: pkg.base -> pkg.mid",
        "cycle: pkg.mid -> pkg.base",
        "cycle: pkg.left -> pkg.right",
        "cycle: pkg.right -> pkg.left",
    } == check(package, layers)
