"""The generated projections of phase10._fast (the views' field-by-field copies)."""

from __future__ import annotations

import random

import attrs
import pytest

import phase10
from phase10 import GameState, PlayerState, PlayerView, SeatView
from phase10._fast import make_projection
from phase10.views import _to_player_state, _to_seat_view, _to_state, _to_view


@attrs.frozen
class _Source:
    a: int
    b: str
    c: float = 0.0


@attrs.frozen
class _Target:
    b: str
    extra: int
    a: int = attrs.field(kw_only=True)


def test_a_projection_copies_same_named_fields_and_takes_the_rest() -> None:
    project = make_projection(_Target, _Source, computed=("extra",))
    assert _Target("x", 7, a=1) == project(_Source(1, "x", 2.5), 7)
    assert ("b", "a") == project.copied
    assert ("extra",) == project.computed


def test_a_field_the_source_lacks_must_be_computed() -> None:
    with pytest.raises(TypeError, match=r"_Target\.extra is no field of _Source"):
        make_projection(_Target, _Source)


@pytest.mark.parametrize("computed", [("nope",), ("extra", "extra")])
def test_computed_names_are_fields_of_the_target_once_each(computed: tuple[str, ...]) -> None:
    with pytest.raises(TypeError, match="computed names no fields"):
        make_projection(_Target, _Source, computed=computed)


def test_a_projection_needs_attrs_classes_whose_init_takes_every_field() -> None:
    with pytest.raises(TypeError, match="needs attrs classes"):
        make_projection(dict, _Source)

    @attrs.frozen
    class Hidden:
        a: int
        b: str = attrs.field(init=False, default="")

    with pytest.raises(TypeError, match="cannot pass field 'b'"):
        make_projection(Hidden, _Source)


def _everything_of(cls: type) -> set[str]:
    return {f.name for f in attrs.fields(cls)}


def test_the_views_projections_cover_every_field() -> None:
    # each field of the target is either copied from the source or computed, never lost
    for project, target in (
        (_to_view, PlayerView),
        (_to_seat_view, SeatView),
        (_to_player_state, PlayerState),
        (_to_state, GameState),
    ):
        assert _everything_of(target) == {*project.copied, *project.computed}
        assert set() == set(project.copied) & set(project.computed)


def test_a_view_and_its_sampled_state_agree_field_by_field() -> None:
    state, _ = phase10.play_chance(phase10.new_game(phase10.MASTER, 3), random.Random(5))
    v = phase10.view(state, 1)
    for name in _to_view.copied:
        assert getattr(state, name) is getattr(v, name), name
    for seat, (p, s) in enumerate(zip(state.players, v.players, strict=True)):
        assert len(p.hand) == s.hand_size, seat
        for name in _to_seat_view.copied:
            assert getattr(p, name) == getattr(s, name), (seat, name)
    guess = phase10.sample_state(v, random.Random(0))
    assert v == phase10.view(guess, 1)
    for name in _to_state.copied:
        assert getattr(v, name) is getattr(guess, name), name
