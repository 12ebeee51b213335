"""The API reference (docs/reference/api/): every public name on exactly one topic page."""

from __future__ import annotations

import re
import runpy
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import phase10

API_DIR = Path(__file__).parent.parent / "docs" / "reference" / "api"

#: Public names the reference leaves out: ``legal_actions_for_view`` is being removed.
LEFT_OUT = {"legal_actions_for_view"}

_DIRECTIVE = re.compile(
    r"^\.\. (?:autoclass|autoexception|autofunction|py:data|py:function|py:class)::\s+(\S+)",
    re.MULTILINE,
)


def documented() -> Counter[str]:
    """How often each name is documented on the API pages (the pages use ``phase10`` names)."""
    return Counter(
        name.removeprefix("phase10.")
        for page in API_DIR.glob("*.md")
        for name in _DIRECTIVE.findall(page.read_text(encoding="utf-8"))
    )


def test_every_public_name_is_documented_once() -> None:
    counts = documented()
    assert set(phase10.__all__) - LEFT_OUT == set(counts)
    assert [] == [name for name, n in counts.items() if n > 1]


def test_the_pages_are_in_the_index() -> None:
    index = (API_DIR / "index.md").read_text(encoding="utf-8")
    pages = {p.stem for p in API_DIR.glob("*.md")} - {"index"}
    assert pages == {line.strip() for line in index.splitlines()} & pages


def _colon_fix() -> Callable[..., None]:
    conf = runpy.run_path(str(API_DIR.parent.parent / "conf.py"))
    fix: Callable[..., None] = conf["keep_colons_in_attribute_docs"]
    return fix


def test_a_colon_in_an_attribute_doc_is_not_read_as_a_type() -> None:
    fix = _colon_fix()
    lines = ["Pick-a-phase: any phase not yet completed, each once (V-4).", "More."]
    fix(None, "attribute", "phase10.PhaseOrder.PICK", None, None, lines)
    assert ["Pick-a-phase:", "any phase not yet completed, each once (V-4).", "More."] == lines


def test_the_colon_fix_leaves_other_docstrings_alone() -> None:
    fix = _colon_fix()
    cases = [
        ("attribute", ["No colon here."]),
        ("attribute", ["Ends with a colon:", "  indented"]),
        ("attribute", ["The ``a:b`` notation and :class:`phase10.Card` roles."]),
        ("property", ["Directive::", "", "   code"]),
        ("function", ["Args: are a section of a function."]),
        ("attribute", []),
    ]
    for what, lines in cases:
        before = list(lines)
        fix(None, what, "name", None, None, lines)
        assert before == lines
