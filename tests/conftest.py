"""Shared test configuration: Hypothesis profiles.

``dev`` (the default) is tuned for quick local runs; ``ci`` is selected automatically
when the ``CI`` environment variable is set, and any profile can be forced with
``HYPOTHESIS_PROFILE=<name>``; ``deep`` (500 examples) is for a soak run. ``compat`` is
what CI runs on the Python versions after the oldest: every test, at a quarter of
``dev``'s examples for the properties that leave the count to the profile, since those
runs check that the code works on that version, and the oldest version's ``ci`` run
searches at ``dev``'s depth; the seeded loops go shallower there too (:mod:`tests.depth`,
which chooses the profile).
"""

from __future__ import annotations

import pytest
from hypothesis import settings

from tests.depth import PROFILE

settings.register_profile("dev", max_examples=100)
# ci: dev's 100 examples (200 took CI past its 15 minutes on two cores), no deadline on a
# shared machine, and the blob to reproduce a failure
settings.register_profile("ci", max_examples=100, deadline=None, print_blob=True)
settings.register_profile("deep", max_examples=500, deadline=None, print_blob=True)
settings.register_profile("compat", max_examples=25, deadline=None, print_blob=True)

settings.load_profile(PROFILE)


@pytest.fixture(autouse=True)
def _english_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command line speaks the locale's language; the tests expect English unless they
    ask for another (``--lang``, or a locale they set), whatever the machine's locale."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
