"""Penalty points for the cards left in hand (C-23, and per-card scoring of Master, M-8)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from phase10 import (
    CLASSIC_SCORING,
    SKIP,
    WILD,
    Card,
    DefinitionError,
    Scoring,
    hand_points,
    parse_card,
    parse_cards,
)
from tests.strategies import CLASSIC_CARDS, cards, classic_cards, hands


def _expected_classic(card: Card) -> int:
    """C-23 written out card by card."""
    if card.is_wild:
        return 25
    if card.is_skip:
        return 15
    assert card.number is not None
    return 5 if card.number <= 9 else 10


@pytest.mark.parametrize("card", CLASSIC_CARDS, ids=lambda c: f"C-23-{c}")
def test_each_card(card: Card) -> None:  # rule C-23
    assert _expected_classic(card) == CLASSIC_SCORING.card_points(card)


@pytest.mark.parametrize(
    ("text", "points"),
    [
        pytest.param("R1", 5, id="C-23-1-is-5"),
        pytest.param("G9", 5, id="C-23-9-is-5"),
        pytest.param("B10", 10, id="C-23-10-is-10"),
        pytest.param("Y12", 10, id="C-23-12-is-10"),
        pytest.param("S", 15, id="C-23-skip-is-15"),
        pytest.param("W", 25, id="C-23-wild-is-25"),
        pytest.param("", 0, id="C-23-empty-hand"),
        pytest.param("R1 B9 G10 Y12 S W", 70, id="C-23-mixed-hand"),
        pytest.param("W W W W W W W W", 200, id="C-23-eight-wilds"),
    ],
)
def test_hand_points(text: str, points: int) -> None:  # rule C-23
    assert points == hand_points(parse_cards(text))
    assert points == CLASSIC_SCORING.hand_points(parse_cards(text))


@pytest.mark.parametrize(
    ("scoring", "text", "points"),
    [
        pytest.param(Scoring(per_card=1), "R1 W S B12", 4, id="M-8-one-a-card"),
        pytest.param(Scoring(per_card=0), "W W", 0, id="per-card-0"),
        pytest.param(Scoring(high_from=11), "R10 R11", 15, id="high-from-11"),
        pytest.param(Scoring(wild=50, skip=0), "W S", 50, id="custom-wild-and-skip"),
    ],
)
def test_other_scorings(scoring: Scoring, text: str, points: int) -> None:
    assert points == hand_points(parse_cards(text), scoring=scoring)


@pytest.mark.parametrize(
    "field",
    ["low", "high", "high_from", "skip", "wild", "per_card"],
)
@pytest.mark.parametrize("bad", [-1, 1.5, "5", True], ids=["negative", "float", "str", "bool"])
def test_scoring_fields_are_checked(field: str, bad: object) -> None:
    with pytest.raises(DefinitionError, match=field):
        Scoring(**{field: bad})  # type: ignore[arg-type]


def test_classic_scoring_is_the_default() -> None:  # rule C-23
    assert Scoring() == CLASSIC_SCORING
    assert (
        CLASSIC_SCORING.low,
        CLASSIC_SCORING.high,
        CLASSIC_SCORING.high_from,
        CLASSIC_SCORING.skip,
        CLASSIC_SCORING.wild,
        CLASSIC_SCORING.per_card,
    ) == (5, 10, 10, 15, 25, None)


@given(hands(max_size=20), hands(max_size=20))
def test_points_add_up(a: tuple[Card, ...], b: tuple[Card, ...]) -> None:  # rule C-23
    assert hand_points(a) + hand_points(b) == hand_points(a + b)
    assert hand_points(a) == sum(_expected_classic(c) for c in a)


@given(st.lists(cards(), max_size=20))
def test_per_card_counts_cards(cs: list[Card]) -> None:  # rule M-8
    assert len(cs) == Scoring(per_card=1).hand_points(cs)


@given(st.lists(classic_cards(), max_size=20))
def test_order_does_not_matter(cs: list[Card]) -> None:
    assert hand_points(cs) == hand_points(reversed(cs))


def test_points_accept_any_iterable() -> None:
    assert hand_points(iter([WILD, parse_card("R12"), SKIP])) == 50
