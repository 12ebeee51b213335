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
"""

from __future__ import annotations

from doctest import ELLIPSIS, NORMALIZE_WHITESPACE

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
