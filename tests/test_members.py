"""The enumeration members as module constants (phase10._members, a fenced speed trick)."""

from __future__ import annotations

import enum

from phase10 import _members
from phase10.state import TurnStep


def test_each_alias_is_its_member() -> None:
    # PREFIX_NAME is the member NAME of the enumeration ALIASED[PREFIX], the very object.
    wrong = []
    for alias in _members.__all__:
        if alias == "ALIASED":
            continue
        prefix, _, name = alias.partition("_")
        cls = _members.ALIASED[prefix]
        if getattr(_members, alias) is not cls[name]:
            wrong.append(alias)
    assert [] == wrong


def test_every_alias_is_listed() -> None:
    constants = sorted(n for n, v in vars(_members).items() if isinstance(v, enum.Enum))
    assert constants == sorted(n for n in _members.__all__ if n != "ALIASED")


def test_every_step_has_an_alias() -> None:
    # The rules read every step on some path: none is left to read from its class.
    assert sorted(f"STEP_{s.name}" for s in TurnStep) == [
        n for n in _members.__all__ if n.startswith("STEP_")
    ]
