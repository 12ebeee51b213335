"""Nox sessions mirroring the CI checks in ``.ci/run``.

Run ``nox`` for all sessions or ``nox -s tests`` for one; arguments after
``--`` go to pytest in the ``tests`` session.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import nox

nox.options.default_venv_backend = "venv"
nox.options.sessions = ["tests", "extras", "lint", "typecheck", "docs", "build"]

PYTHON = "3.11"
ROOT = Path(__file__).parent


def _install(session: nox.Session, *args: str) -> None:
    """Upgrade pip (``--group`` needs pip >= 25.1), then ``pip install`` ``args``."""
    session.install("--upgrade", "pip")
    session.install(*args)


@nox.session(python=PYTHON)
def tests(session: nox.Session) -> None:
    """Run the test suite and the README, docs and docstring examples."""
    _install(session, "-e", ".", "--group", "test")
    session.run("python", "-m", "pytest", *session.posargs)


#: What needs the optional extras; run by the ``extras`` session and the extras step of CI.
EXTRAS_TESTS = (
    "tests/test_adapters_pettingzoo.py",
    "tests/test_adapters_openspiel.py",
    "tests/test_dask.py",
    "docs/howto/pettingzoo.md",
    "docs/howto/openspiel.md",
)


@nox.session(python=PYTHON)
def extras(session: nox.Session) -> None:
    """Install the rl, openspiel and dask extras; run the adapter and Dask tests, no skips."""
    _install(session, "-e", ".[rl,openspiel,dask]", "--group", "test")
    session.run(
        "python",
        "-m",
        "pytest",
        "-p",
        "no:cacheprovider",
        "-rs",
        *(session.posargs or EXTRAS_TESTS),
        env={"PHASE10_REQUIRE_EXTRAS": "1"},
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
    _install(session, "-e", ".", "--group", "lint", "nox")
    paths = [
        name
        for name in ("src", "tests", "examples")
        if (ROOT / name).is_dir() and any((ROOT / name).rglob("*.py"))
    ]
    session.run("mypy", "--strict", *paths)
    # Separately: the root conftest.py would clash with tests/conftest.py.
    session.run("mypy", "--strict", "noxfile.py", "conftest.py", "docs/conf.py")


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
def build(session: nox.Session) -> None:
    """Build the sdist and wheel and check their metadata with twine."""
    _install(session, "build", "twine")
    outdir = Path(session.create_tmp()) / "dist"
    shutil.rmtree(outdir, ignore_errors=True)
    session.run("python", "-m", "build", "--outdir", str(outdir), ".")
    session.run("twine", "check", "--strict", *(str(p) for p in sorted(outdir.iterdir())))
