"""Shared test configuration: Hypothesis profiles.

``dev`` (the default) is tuned for quick local runs; ``ci`` is selected
automatically when the ``CI`` environment variable is set, and any profile can
be forced with ``HYPOTHESIS_PROFILE=<name>``.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("dev", max_examples=100)
settings.register_profile("ci", max_examples=200, deadline=None, print_blob=True)

settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
)
