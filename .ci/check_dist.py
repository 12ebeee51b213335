"""Check the built sdist and wheel: what they hold, and that the sdist rebuilds the wheel.

Usage: ``python .ci/check_dist.py DIST_DIR TREE_WHEEL``, where ``DIST_DIR`` holds the
output of ``python -m build`` (an sdist, and the wheel built from it) and ``TREE_WHEEL`` is
a wheel built straight from the source tree (``python -m build --wheel``).

The wheel must hold every module of ``src/phase10`` and ``py.typed``, nothing outside the
package and its ``.dist-info``, and no tests or caches; the sdist no caches, virtual
environments or build output. The wheel built from the sdist must list the same files,
with the same hashes, as the wheel built from the tree. Exit status 1 lists every problem.
"""

from __future__ import annotations

import re
import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "phase10"
#: Path parts that never belong in a distribution.
CACHES = re.compile(
    r"(^|/)(__pycache__|\.pytest_cache|\.mypy_cache|\.ruff_cache|\.hypothesis|\.nox"
    r"|\.ci-venv[^/]*|\.venv|\.git|_build|dist|build)(/|$)|\.py[cod]$"
)


def version() -> str:
    """``__version__`` as written in ``src/phase10/_version.py``."""
    text = (PACKAGE / "_version.py").read_text(encoding="utf-8")
    match = re.search(r'^__version__ = "([^"]+)"$', text, re.MULTILINE)
    assert match is not None, "no __version__ in src/phase10/_version.py"
    return match.group(1)


def package_files() -> set[str]:
    """The files of ``src/phase10`` as wheel paths (``phase10/...``), caches left out."""
    return {
        path.relative_to(PACKAGE.parent).as_posix()
        for path in PACKAGE.rglob("*")
        if path.is_file() and not CACHES.search(path.relative_to(ROOT).as_posix())
    }


def record(wheel: Path) -> dict[str, str]:
    """The wheel's RECORD as {path: hash}, leaving out RECORD itself."""
    with zipfile.ZipFile(wheel) as z:
        name = next(n for n in z.namelist() if n.endswith(".dist-info/RECORD"))
        lines = z.read(name).decode().splitlines()
    rows = (line.rsplit(",", 2) for line in lines if line)
    return {path: digest for path, digest, _ in rows if path != name}


def check_wheel(wheel: Path, dist_info: str) -> list[str]:
    """Problems with the wheel's file list."""
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
    problems = [f"wheel: {n} is a cache or build file" for n in sorted(names) if CACHES.search(n)]
    problems += [
        f"wheel: {n} is neither in the package nor its metadata"
        for n in sorted(names)
        if not (n.startswith("phase10/") or n.startswith(f"{dist_info}/"))
    ]
    problems += [f"wheel: {n} holds tests" for n in sorted(names) if "tests/" in n]
    expected = package_files()
    if "phase10/py.typed" not in expected:
        problems.append("src/phase10/py.typed is missing")
    problems += [f"wheel: {n} is missing" for n in sorted(expected - names)]
    problems += [
        f"wheel: {n} is not in src/phase10"
        for n in sorted(names)
        if n.startswith("phase10/") and n not in expected
    ]
    return problems


def check_sdist(sdist: Path, stem: str) -> list[str]:
    """Problems with the sdist's file list."""
    with tarfile.open(sdist) as t:
        names = {m.name for m in t.getmembers() if m.isfile()}
    problems = [f"sdist: {n} is a cache or build file" for n in sorted(names) if CACHES.search(n)]
    needed = {f"{stem}/{n}" for n in ("pyproject.toml", "README.md", "LICENSE", "PKG-INFO")}
    needed |= {f"{stem}/src/{n}" for n in package_files()}
    problems += [f"sdist: {n} is missing" for n in sorted(needed - names)]
    return problems


def main(argv: list[str]) -> int:
    """Check the distributions; print every problem and return 1 if there is one."""
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    dist, tree_wheel = Path(argv[0]), Path(argv[1])
    v = version()
    sdists = sorted(dist.glob("*.tar.gz"))
    wheels = sorted(dist.glob("*.whl"))
    expected_names = ([f"phase10-{v}.tar.gz"], [f"phase10-{v}-py3-none-any.whl"])
    if ([p.name for p in sdists], [p.name for p in wheels]) != expected_names:
        print(f"error: expected {expected_names} in {dist}, found {sorted(dist.iterdir())}")
        return 1
    problems = check_wheel(wheels[0], f"phase10-{v}.dist-info")
    problems += check_sdist(sdists[0], f"phase10-{v}")
    from_sdist, from_tree = record(wheels[0]), record(tree_wheel)
    if from_sdist != from_tree:
        for path in sorted(from_sdist.keys() | from_tree.keys()):
            if from_sdist.get(path) != from_tree.get(path):
                problems.append(
                    f"{path}: from the sdist {from_sdist.get(path, 'absent')},"
                    f" from the tree {from_tree.get(path, 'absent')}"
                )
    for problem in problems:
        print(f"error: {problem}")
    if problems:
        return 1
    print(
        f"{sdists[0].name} and {wheels[0].name}: {len(from_tree)} files in the wheel,"
        " every module and py.typed, no tests or caches; the sdist rebuilds the same wheel"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
