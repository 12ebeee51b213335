"""Every cache of phase10 is declared in phase10._fast's registry, and the docs show it.

The registry (``_fast.caches()``) is filled by the caches themselves as they are made with
their name, key, bound and reason; ``docs/performance.md`` shows it as a table, which must
equal ``_fast.cache_table()``. An AST scan checks that no cache is made without a
declaration (and that ``functools`` caches are made only through ``_fast.lru_cache``).
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
import sys
from pathlib import Path

import attrs
import pytest

import phase10
from phase10 import _fast
from tests.optional_deps import REQUIRED

PACKAGE_DIR = Path(phase10.__file__).parent
PERFORMANCE = PACKAGE_DIR.parent.parent / "docs" / "performance.md"
_BLOCK = re.compile(r"<!-- caches: begin -->\n(.*?)<!-- caches: end -->", re.DOTALL)


def _import_everything() -> set[str]:
    """Import every module of the package; the names of those that could not be (extras)."""
    missing = set()
    for info in pkgutil.walk_packages(phase10.__path__, "phase10."):
        if info.name.endswith(".__main__"):  # a program: importing it runs it
            continue
        try:
            importlib.import_module(info.name)
        except ImportError:
            if REQUIRED:
                raise
            missing.add(info.name)
    return missing


def _rows(table: str) -> dict[str, str]:
    """The rows of a cache table by the cache's name (``laydown._PLANS``)."""
    rows = {}
    for line in table.splitlines()[2:]:
        name = line.split("`")[1]
        rows[name] = line
    return rows


def _ours() -> tuple[_fast.CacheInfo, ...]:
    """The caches of the package (the tests below declare a few of their own)."""
    return tuple(c for c in _fast.caches() if c.name.startswith("phase10."))


def test_the_docs_table_is_the_registry() -> None:
    missing = _import_everything()
    written = _BLOCK.search(PERFORMANCE.read_text(encoding="utf-8"))
    assert written is not None, "docs/performance.md lost its caches markers"
    expected = _fast.cache_table(_ours())
    # rows of modules that need an extra not installed here cannot be checked here
    unchecked = {
        name
        for name in _rows(written.group(1))
        if any(f"phase10.{name}".startswith(m + ".") for m in missing)
    }
    shown = {k: v for k, v in _rows(written.group(1)).items() if k not in unchecked}
    assert _rows(expected) == shown, (
        "docs/performance.md's cache table differs from the declarations; it should be:\n"
        + expected
    )


def test_every_declared_cache_is_where_its_name_says_with_its_bound() -> None:
    _import_everything()
    for info in _ours():
        module_name, _, attr = info.name.rpartition(".")
        owner: object = sys.modules.get(module_name)
        if owner is None:  # Class.attribute: a cache made per object, from its declaration
            module_name, _, cls = module_name.rpartition(".")
            owner = getattr(sys.modules[module_name], cls, None)
            assert owner is not None, info.name
            continue
        if info.kind in ("dict", "list"):  # tables declared with declare()
            assert type(getattr(owner, attr)).__name__ == info.kind, info
            continue
        cache = getattr(owner, attr)
        if info.kind in ("lru_cache", "reuse"):
            assert info.bound == cache.cache_info().maxsize, info.name
        else:
            assert type(cache).__name__ == info.kind, info.name
            assert info.bound == cache.maxsize, info.name


def _calls(tree: ast.AST) -> list[ast.Call]:
    return [node for node in ast.walk(tree) if isinstance(node, ast.Call)]


def _callee(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Attribute):
        inner = func.value
        prefix = inner.id if isinstance(inner, ast.Name) else "?"
        return f"{prefix}.{func.attr}"
    return func.id if isinstance(func, ast.Name) else "?"


def test_no_cache_is_made_without_its_declaration() -> None:
    bad = []
    for path in sorted(PACKAGE_DIR.rglob("*.py")):
        if path.name == "_fast.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = path.relative_to(PACKAGE_DIR)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "functools":
                names = {a.name for a in node.names}
                if names & {"lru_cache", "cache", "cached_property"}:
                    bad.append(f"{where}:{node.lineno} imports a functools cache")
        for call in _calls(tree):
            name = _callee(call)
            keywords = {k.arg for k in call.keywords}
            if name in ("functools.lru_cache", "functools.cache", "functools.cached_property"):
                bad.append(f"{where}:{call.lineno} {name}: use phase10._fast.lru_cache")
            elif name in ("BoundedCache", "IdentityCache", "reuse") and "name" not in keywords:
                bad.append(f"{where}:{call.lineno} {name}(...) without a name")
        for deco in (
            d
            for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            for d in node.decorator_list
        ):
            text = ast.unparse(deco)
            if text.startswith(("functools.lru_cache", "functools.cache", "lru_cache(maxsize")):
                if text.startswith("lru_cache(") and "key=" in text and "why=" in text:
                    continue
                bad.append(f"{where}:{deco.lineno} @{text}")
    assert [] == bad


def test_a_cache_declared_twice_differently_is_refused() -> None:
    first = _fast.declare(
        "_TEST_TWICE", kind="dict", key="k", bound=1, why="w", module="tests.registry"
    )
    assert first == _fast.declare(
        "_TEST_TWICE", kind="dict", key="k", bound=1, why="w", module="tests.registry"
    )
    with pytest.raises(ValueError, match="declared twice"):
        _fast.declare(
            "_TEST_TWICE", kind="dict", key="k", bound=2, why="w", module="tests.registry"
        )


def test_a_cache_is_made_only_from_a_declaration_of_its_kind() -> None:
    info = _fast.declare(
        "_TEST_KIND",
        kind="BoundedCache",
        key="k",
        bound=3,
        why="w",
        module="tests.registry",
    )
    assert 3 == _fast.BoundedCache.declared(info).maxsize
    with pytest.raises(ValueError, match="not a declared IdentityCache"):
        _fast.IdentityCache.declared(info)
    undeclared = attrs.evolve(info, name="tests.registry._NOWHERE")
    with pytest.raises(ValueError, match="not a declared BoundedCache"):
        _fast.BoundedCache.declared(undeclared)
    with pytest.raises(ValueError, match="a name, a key and a reason"):
        _fast.declare("_TEST_EMPTY", kind="dict", key="", bound=1, why="w")


def test_the_cache_table_writes_every_field() -> None:
    infos = (_fast.CacheInfo("phase10.m._X", "dict", "a key", None, "a reason"),)
    assert (
        "| cache | kind | key | bound | why it is safe |\n"
        "| --- | --- | --- | ---: | --- |\n"
        "| `m._X` | dict | a key | fixed set | a reason |\n"
    ) == _fast.cache_table(infos)


def _fill_the_caches() -> None:
    """Play, write, read and picture a little, so that most caches hold something."""
    variant = phase10.find_variant("classic-first-1")
    result = phase10.play_game(variant, [phase10.GreedyBot()] * 3, seed="clear", record=True)
    assert result.record is not None
    state = phase10.replay(result.record)
    phase10.from_json(phase10.to_json(state))
    phase10.parse_history(str(state.history), state.variant)
    phase10.svg.game(state)


def test_clear_caches_empties_every_declared_cache() -> None:
    _import_everything()
    _fill_the_caches()
    before = _fast.cache_entries()
    assert {c.name for c in _fast.caches()} == set(before)
    full = {name for name, n in before.items() if n and name.startswith("phase10.")}
    assert len(full) > 10, f"the game filled too few caches to test anything: {sorted(full)}"
    phase10.clear_caches()
    assert {} == {name: n for name, n in _fast.cache_entries().items() if n}


def test_the_registry_holds_every_cache_made_at_import() -> None:
    """So that ``clear_caches`` reaches it; only caches made per entry come later."""
    _import_everything()
    ours = {c.name for c in _ours()}
    unheld = {name for name, n in _fast.cache_entries().items() if n is None and name in ours}
    # BoundedCache.declared, IdentityCache.declared and _fast.declared_table make them per
    # entry of another cache (their key says so)
    made_later = {
        c.name
        for c in _ours()
        if c.kind in {"BoundedCache", "IdentityCache"} or "per entry of" in c.key
    }
    assert set() == unheld - made_later
