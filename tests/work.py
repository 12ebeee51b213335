"""Count the work a call does, instead of timing it (the house rule: no timed tests).

A wall-clock bound fails on a loaded machine (a CI run at load 15 took 2.6 s over a
call that takes milliseconds). What regresses when an input stalls the library is the
number of Python-level calls it makes, which is the same on every machine: a profile hook
counts them, and a test bounds the count.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import FrameType
from typing import Any


def calls_made(call: Callable[[], object]) -> int:
    """How many function calls (Python and C) ``call()`` makes, whatever it raises.

    Raises:
        BaseException: whatever ``call`` raises, after the count is taken.
    """
    count = 0

    def hook(frame: FrameType, event: str, arg: Any) -> None:
        nonlocal count
        if event == "call" or event == "c_call":
            count += 1

    previous = sys.getprofile()
    sys.setprofile(hook)
    try:
        call()
    finally:
        sys.setprofile(previous)
    return count
