"""Root pytest configuration: collect doctests from the docs and the docstrings.

Two Sybil instances feed pytest, so a plain ``pytest`` from the repository root
runs the test suite *and* every example in the documentation:

* ``README.md`` and ``docs/**/*.md`` (any ``*.md`` file pytest visits): fenced
  ``python`` code blocks (MyST or plain Markdown) are run, and blocks starting
  with ``>>>`` are checked as doctests.  ``<!-- skip: next -->`` (or
  ``% skip: next`` in MyST files) skips the following block.
* ``src/**/*.py``: ``>>>`` examples in docstrings are checked as doctests.
  Modules are imported by their dotted name (``phase10.cards``), so they
  resolve to the (editable) installed package.

The examples of one document share a namespace and run in order, so under pytest-xdist
(``-n auto``, the README's test command) each document goes whole to one worker, while
the tests go one by one.
"""

from __future__ import annotations

import importlib.util
from doctest import ELLIPSIS, NORMALIZE_WHITESPACE

import pytest
from sybil import Sybil
from sybil.parsers.myst import ClearNamespaceParser, PythonCodeBlockParser, SkipParser
from sybil.parsers.rest import DocTestParser

_OPTIONFLAGS = ELLIPSIS | NORMALIZE_WHITESPACE

_markdown = Sybil(
    parsers=[
        PythonCodeBlockParser(doctest_optionflags=_OPTIONFLAGS),
        SkipParser(),
        ClearNamespaceParser(),
    ],
    # Path.match semantics: "*.md" matches Markdown files at any depth.  Only
    # the testpaths (README.md, docs/, ...) are traversed; pytest skips _build.
    path=".",
    patterns=["*.md"],
    name="markdown",
)

_docstrings = Sybil(
    parsers=[DocTestParser(optionflags=_OPTIONFLAGS)],
    path="src",
    patterns=["*.py"],
    name="docstrings",
)

pytest_collect_file = (_markdown + _docstrings).pytest()


# Under pytest-xdist (``-n auto``, the README's test command) the tests go to the workers
# one by one, but the examples of one document share a namespace and run in order, so each
# document (a Markdown file, or a module's docstrings) goes whole to one worker.
if importlib.util.find_spec("xdist") is not None:
    from xdist.scheduler import LoadScopeScheduling

    class _WholeDocuments(LoadScopeScheduling):  # type: ignore[misc]  # xdist is untyped
        """xdist's ``--dist load`` with each document's examples kept together."""

        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.partition("::")[0]
            return path if path.endswith(".md") or path.startswith("src/") else nodeid

    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
        """The scheduler of ``--dist load`` (xdist's default for ``-n``): whole documents.

        Raises:
            pytest.UsageError: ``--dist worksteal`` or ``loadgroup``, which would split a
                document over the workers.
        """
        dist = config.getoption("dist")
        if dist in ("worksteal", "loadgroup"):
            raise pytest.UsageError(
                f"--dist {dist} would split a document's examples over the workers: "
                "use -n auto (or --dist loadfile)"
            )
        return _WholeDocuments(config, log) if dist == "load" else None
