"""The golden playthroughs still play out exactly as recorded (see tests/playthroughs.py).

A failure here means the behaviour of the engine or the bots changed. If that was intended,
run ``python -m tests.playthroughs`` and review the diff of ``tests/data/playthroughs/``.
"""

from __future__ import annotations

import difflib

import pytest

import phase10
from tests.playthroughs import path, playthrough


@pytest.mark.parametrize("name", phase10.variant_names())
def test_playthrough_is_unchanged(name: str) -> None:
    expected = path(name).read_text(encoding="utf-8")
    actual = playthrough(name)
    diff = "".join(
        difflib.unified_diff(
            expected.splitlines(keepends=True),
            actual.splitlines(keepends=True),
            fromfile=f"recorded {name}",
            tofile=f"played {name}",
            n=2,
        )
    )
    assert expected == actual, (
        f"regenerate with `python -m tests.playthroughs` if intended:\n{diff}"
    )


@pytest.mark.parametrize("name", phase10.variant_names())
def test_playthrough_is_a_record_that_replays(name: str) -> None:
    record = phase10.GameRecord.from_text(path(name).read_text(encoding="utf-8"))
    final = phase10.replay(record)
    assert phase10.find_variant(name) == record.variant
    assert final.is_over
    assert 3 == record.num_players


def test_every_builtin_variant_has_a_playthrough() -> None:
    recorded = sorted(p.stem for p in path("classic").parent.glob("*.txt"))
    assert sorted(phase10.variant_names()) == recorded
