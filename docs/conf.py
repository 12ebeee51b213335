"""Sphinx configuration for the phase10 documentation (builds offline)."""

from __future__ import annotations

import phase10

project = "phase10"
author = "the phase10 developers"
copyright = "2026, the phase10 developers"
version = release = phase10.__version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build"]
nitpicky = False

# -- MyST -------------------------------------------------------------------
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

# -- autodoc / napoleon -----------------------------------------------------
autodoc_typehints = "signature"
autodoc_member_order = "bysource"
autodoc_preserve_defaults = True
autodoc_class_signature = "mixed"
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_ivar = True  # "Attributes:" sections -> no duplicate object descriptions

# -- HTML -------------------------------------------------------------------
html_theme = "furo"
html_title = f"phase10 {release}"
