"""Shared test configuration: Hypothesis profiles.

``dev`` (the default) is tuned for quick local runs; ``ci`` is selected
automatically when the ``CI`` environment variable is set, and any profile can
be forced with ``HYPOTHESIS_PROFILE=<name>``. ``compat`` is what CI runs on the
Python versions after the oldest: every test, at a quarter of ``dev``'s examples for
the properties that leave the count to the profile, since those runs check that the
code works on that version, and the oldest version's ``ci`` run searches deep; the seeded
loops go shallower there too (:mod:`tests.depth`, which chooses the profile).
"""

from __future__ import annotations

import pytest
from hypothesis import settings

from tests.depth import PROFILE

settings.register_profile("dev", max_examples=100)
settings.register_profile("ci", max_examples=200, deadline=None, print_blob=True)
settings.register_profile("compat", max_examples=25, deadline=None, print_blob=True)

settings.load_profile(PROFILE)


@pytest.fixture(autouse=True)
def _english_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command line speaks the locale's language; the tests expect English unless they
    ask for another (``--lang``, or a locale they set), whatever the machine's locale."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
