"""How far the seeded loops of the test suite go: one home for the run's depth.

The seeded loops (whole games checked at every step, hands compared with the brute force,
every position of a game encoded) are sized to what they prove in a normal run, and the
Hypothesis profile (``tests/conftest.py`` loads it) sizes the properties. Two settings
change both:

- ``PHASE10_SLOW=1`` goes deeper, for a soak run: many more games, hands and examples;
- the ``compat`` profile (``HYPOTHESIS_PROFILE=compat``), which CI runs on the Python
  versions after the oldest, goes shallower: those runs check that the code works on that
  version, every test still runs and every loop still covers what its assertions ask for,
  while the oldest version's ``ci`` run goes the full depth.
"""

from __future__ import annotations

import os

#: The Hypothesis profile of the run: ``HYPOTHESIS_PROFILE``, else ``ci`` under CI, else ``dev``.
PROFILE = os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")

#: A soak run (``PHASE10_SLOW`` set to anything but empty or ``0``).
SLOW = os.environ.get("PHASE10_SLOW", "") not in ("", "0")

#: A compatibility run on a later Python: the seeded loops go shallower.
COMPAT = PROFILE == "compat" and not SLOW


def sized(normal: int, *, slow: int, compat: int | None = None) -> int:
    """How many games, hands or steps a seeded loop goes through in this run.

    ``compat`` defaults to ``normal``: a loop whose assertions need every one of its
    games (a rare case it must meet) keeps its size in a compat run.

    >>> sized(30, slow=300, compat=10) in (10, 30, 300)
    True
    """
    if SLOW:
        return slow
    return compat if COMPAT and compat is not None else normal


def examples(normal: int) -> int:
    """How many examples a property that names its own count runs in this run.

    A compat run takes a quarter of them (at least 5): the property runs on that Python,
    and the oldest version's run searches at the full count. Other runs take ``normal``.

    >>> examples(400) in (100, 400)
    True
    """
    return sized(normal, slow=normal, compat=max(5, normal // 4))
