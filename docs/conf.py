"""Sphinx configuration for the phase10 documentation (builds offline)."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import phase10

if TYPE_CHECKING:  # the tests read this file without Sphinx installed
    from sphinx.application import Sphinx

project = "phase10"
author = "the phase10 developers"
copyright = "2026, the phase10 developers"
version = release = phase10.__version__

# docs/_ext holds this project's own extensions: phase10_pictures draws the pictures of the
# docs with phase10.svg at build time (nothing drawn is committed).
sys.path.insert(0, str(Path(__file__).parent / "_ext"))

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "sphinx_copybutton",
    "phase10_pictures",
]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build"]
nitpicky = False

# -- copy button ------------------------------------------------------------
# The button copies what to type: the input lines of a doctest or a console session, without
# their ">>> ", "... " and "$ " prompts and without the output.
copybutton_prompt_text = r">>> |\.\.\. |\$ "
copybutton_prompt_is_regexp = True
copybutton_only_copy_prompt_lines = True

# -- MyST -------------------------------------------------------------------
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

# -- autodoc / napoleon -----------------------------------------------------
autodoc_typehints = "signature"
# The adapters need the optional extras; without them (nox -s docs installs none) autodoc
# reads the adapters against stand-ins for what is missing.
autodoc_mock_imports = [
    name
    for name in ("gymnasium", "numpy", "pettingzoo", "pyspiel")
    if importlib.util.find_spec(name) is None
]
autodoc_member_order = "bysource"
autodoc_preserve_defaults = True
autodoc_class_signature = "mixed"
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_ivar = True  # "Attributes:" sections -> no duplicate object descriptions

# Napoleon reads the first line of an attribute's or a property's docstring (and of a ``#:``
# comment) as ``type: description``, so "Pick-a-phase: any phase not yet completed" showed as
# a description with the type "Pick-a-phase". The library gives types as annotations, never so:
# before napoleon runs, such a first line is broken after its colon. Napoleon then sees no
# description after the colon and leaves the text alone; the paragraph reads as written.
_CODE_OR_ROLE = re.compile(r"``.+?``|:[\w.+-]+:`.+?`")
_COLON = re.compile(r"(?<!:):(?!:)")


def keep_colons_in_attribute_docs(
    app: Sphinx, what: str, name: str, obj: object, options: Any, lines: list[str]
) -> None:
    """Break the first line of an attribute's docstring after a colon napoleon would split on."""
    if what not in ("attribute", "data", "property"):
        return
    first = next((i for i, line in enumerate(lines) if line.strip()), None)
    if first is None:
        return
    line = lines[first]
    masked = _CODE_OR_ROLE.sub(lambda m: "x" * len(m.group()), line)
    colon = _COLON.search(masked)
    if colon is None or not line[colon.end() :].strip():
        return
    indent = line[: len(line) - len(line.lstrip())]
    lines[first : first + 1] = [line[: colon.end()], indent + line[colon.end() :].strip()]


def setup(app: Sphinx) -> None:
    # Napoleon handles docstrings at the default priority, 500; this must come first.
    app.connect("autodoc-process-docstring", keep_colons_in_attribute_docs, priority=400)


# -- HTML -------------------------------------------------------------------
html_theme = "furo"
html_static_path = ["_static"]
# Long doctest lines wrap inside their box instead of running out of it (code.css).
html_css_files = ["code.css"]
html_title = f"phase10 {release}"
