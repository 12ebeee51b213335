"""Optional dependencies of the adapter and Dask tests: skip without them, unless required.

``PHASE10_REQUIRE_EXTRAS=1`` (set by the extras step of ``.ci/run``) turns a missing module
into an import error, so the tests that need an extra cannot pass by being skipped.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest

#: Whether a missing optional module is an error rather than a reason to skip.
REQUIRED = os.environ.get("PHASE10_REQUIRE_EXTRAS") == "1"


def require(name: str, extra: str) -> ModuleType:
    """Import ``name`` or skip the calling test module (fail with PHASE10_REQUIRE_EXTRAS=1)."""
    if REQUIRED:
        return importlib.import_module(name)
    module: ModuleType = pytest.importorskip(
        name, reason=f'needs the {extra} extra: pip install "phase10[{extra}]"'
    )
    return module
