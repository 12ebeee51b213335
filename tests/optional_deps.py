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


def require(name: str, extra: str, *, group: bool = False) -> ModuleType:
    """Import ``name`` or skip the calling test module (fail with PHASE10_REQUIRE_EXTRAS=1).

    ``extra`` names the extra that provides it, or with ``group`` the dependency group.
    """
    if REQUIRED:
        return importlib.import_module(name)
    install = f"pip install --group {extra}" if group else f'pip install "phase10[{extra}]"'
    kind = "group" if group else "extra"
    module: ModuleType = pytest.importorskip(name, reason=f"needs the {extra} {kind}: {install}")
    return module
