"""Cards, the classic deck (C-1), notation round trips and notation errors."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from phase10 import (
    CLASSIC_COLORS,
    SKIP,
    WILD,
    Card,
    Color,
    InvalidCardError,
    Kind,
    NotationError,
    Phase10Error,
    classic_deck,
    format_cards,
    parse_card,
    parse_cards,
    sort_cards,
)
from phase10 import cards as cards_module
from tests.strategies import (
    BAD_TOKENS,
    CLASSIC_CARDS,
    cards,
    classic_cards,
    mixed_case,
    separators,
)

# --- rule C-1: the deck --------------------------------------------------------------------

DECK = classic_deck()
COUNTS = Counter(DECK)


@pytest.mark.parametrize(
    ("what", "expected", "actual"),
    [
        pytest.param("cards", 108, len(DECK), id="C-1-108-cards"),
        pytest.param("wilds", 8, COUNTS[WILD], id="C-1-8-wilds"),
        pytest.param("skips", 4, COUNTS[SKIP], id="C-1-4-skips"),
        pytest.param("number cards", 96, sum(c.is_natural for c in DECK), id="C-1-96-numbers"),
        pytest.param("distinct cards", 50, len(COUNTS), id="C-1-50-distinct"),
        pytest.param(
            "colours",
            set(CLASSIC_COLORS),
            {c.color for c in DECK if c.is_natural},
            id="C-1-colours",
        ),
        pytest.param(
            "numbers",
            set(range(1, 13)),
            {c.number for c in DECK if c.is_natural},
            id="C-1-numbers-1-12",
        ),
        pytest.param("canonical order", sort_cards(DECK), DECK, id="C-1-canonical-order"),
    ],
)
def test_classic_deck(what: str, expected: object, actual: object) -> None:  # rule C-1
    assert expected == actual, what


@pytest.mark.parametrize("color", CLASSIC_COLORS, ids=lambda c: f"C-1-{c.name.lower()}")
@pytest.mark.parametrize("number", range(1, 13), ids=lambda n: f"C-1-{n}")
def test_two_of_each_number_per_colour(number: int, color: Color) -> None:  # rule C-1
    assert COUNTS[Card(Kind.NUMBER, number, color)] == 2


def test_classic_colours_are_red_blue_green_yellow() -> None:  # rule C-1
    assert (Color.RED, Color.BLUE, Color.GREEN, Color.YELLOW) == CLASSIC_COLORS


# --- notation: round trips -----------------------------------------------------------------


@pytest.mark.parametrize("card", CLASSIC_CARDS, ids=str)
def test_every_classic_card_round_trips(card: Card) -> None:
    assert card == parse_card(str(card))
    assert card == Card.parse(str(card))


@given(cards())
def test_parse_card_inverts_str(card: Card) -> None:
    assert card == parse_card(str(card))


@given(st.lists(cards(), max_size=20))
def test_parse_cards_inverts_format_cards(cs: list[Card]) -> None:
    assert tuple(cs) == parse_cards(format_cards(cs))


@given(cards())
def test_repr_is_python(card: Card) -> None:
    namespace = {"Card": Card, "Kind": Kind, "Color": Color, "frozenset": frozenset}
    assert card == eval(repr(card), namespace)


@given(st.data(), st.lists(cards(), min_size=1, max_size=12))
def test_notation_is_case_insensitive(data: st.DataObject, cs: list[Card]) -> None:
    text = " ".join(data.draw(mixed_case(str(c))) for c in cs)
    assert tuple(cs) == parse_cards(text)


@given(st.data(), st.lists(classic_cards(), min_size=1, max_size=12))
def test_spaces_and_commas_separate_cards(data: st.DataObject, cs: list[Card]) -> None:
    text = data.draw(separators()).join(str(c) for c in cs)
    assert tuple(cs) == parse_cards(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("r7", "R7", id="lower-number"),
        pytest.param("b12", "B12", id="two-digits"),
        pytest.param("w", "W", id="lower-wild"),
        pytest.param("s", "S", id="lower-skip"),
        pytest.param("R07", "R7", id="leading-zero"),
        pytest.param("  G3  ", "G3", id="surrounding-space"),
    ],
)
def test_parse_card_examples(text: str, expected: str) -> None:
    assert expected == str(parse_card(text))


def test_format_cards_writes_canonical_upper_case() -> None:
    assert format_cards(parse_cards("r7,w s,,b12")) == "R7 W S B12"


def test_parse_cards_of_nothing_is_empty() -> None:
    assert parse_cards("") == ()
    assert parse_cards(" , \n") == ()


# --- notation: errors name the token and its position --------------------------------------


@pytest.mark.parametrize("token", BAD_TOKENS)
def test_bad_token_alone(token: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_cards(token)
    assert token == info.value.token
    assert info.value.position == 0
    assert token == info.value.text
    assert repr(token) in str(info.value)


@given(
    st.lists(classic_cards(), max_size=5),
    st.sampled_from(BAD_TOKENS),
    st.lists(classic_cards(), max_size=5),
)
def test_bad_token_named_with_its_position(
    before: list[Card], token: str, after: list[Card]
) -> None:
    head = "".join(f"{c} " for c in before)
    text = head + token + "".join(f" {c}" for c in after)
    with pytest.raises(NotationError) as info:
        parse_cards(text)
    error = info.value
    assert (token, len(head), text) == (error.token, error.position, error.text)
    assert f"{token!r} at position {len(head)}" in str(error)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        pytest.param("R13", "numbers run from 1 to 12", id="R13"),
        pytest.param("X7", "expected a colour letter", id="X7"),
        pytest.param("R7 B8 Q", "'Q' at position 6", id="Q-at-6"),
    ],
)
def test_bad_token_message(text: str, words: str) -> None:
    with pytest.raises(NotationError, match=words):
        parse_cards(text)


@pytest.mark.parametrize(
    "text", [pytest.param("", id="empty"), pytest.param("R7 B7", id="two-cards")]
)
def test_parse_card_needs_exactly_one_card(text: str) -> None:
    with pytest.raises(NotationError, match="exactly one card"):
        parse_card(text)


def test_notation_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        parse_card("X9")
    assert issubclass(NotationError, Phase10Error)


def test_parse_rejects_non_strings() -> None:
    with pytest.raises(NotationError, match="as a str"):
        parse_cards(7)  # type: ignore[arg-type]


# --- cards ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "natural", "wild", "skip"),
    [
        pytest.param(parse_card("R7"), True, False, False, id="number"),
        pytest.param(WILD, False, True, False, id="C-17-wild"),
        pytest.param(SKIP, False, False, True, id="C-19-skip"),
    ],
)
def test_card_kinds(card: Card, natural: bool, wild: bool, skip: bool) -> None:
    assert (natural, wild, skip) == (card.is_natural, card.is_wild, card.is_skip)


@pytest.mark.parametrize(
    "make",
    [
        pytest.param(lambda: Card(Kind.NUMBER, 0, Color.RED), id="number-0"),
        pytest.param(lambda: Card(Kind.NUMBER, 7), id="number-without-colour"),
        pytest.param(lambda: Card(Kind.NUMBER, True, Color.RED), id="bool-number"),
        pytest.param(lambda: Card(Kind.WILD, 7), id="wild-with-number"),
        pytest.param(lambda: Card(Kind.WILD, wild_numbers=frozenset()), id="wild-empty-range"),
        pytest.param(
            lambda: Card(Kind.WILD, wild_numbers=frozenset({1, 3})), id="wild-range-with-a-gap"
        ),
        pytest.param(lambda: Card(Kind.WILD, wild_numbers=frozenset({0, 1})), id="wild-range-0"),
        pytest.param(lambda: Card(Kind.SKIP, color=Color.RED), id="skip-with-colour"),
        pytest.param(
            lambda: Card(Kind.NUMBER, 7, Color.RED, wild_numbers=frozenset({7})),
            id="number-with-range",
        ),
    ],
)
def test_impossible_cards_are_refused(make: object) -> None:
    assert callable(make)
    with pytest.raises(InvalidCardError):
        make()


def test_equal_cards_are_equal_and_hash_alike() -> None:
    a, b = Card(Kind.NUMBER, 7, Color.RED), parse_card("r7")
    assert a == b
    assert hash(a) == hash(b)
    assert len({a, b}) == 1


def test_canonical_order() -> None:
    assert format_cards(sort_cards(parse_cards("S W G12 Y3 R3 B1"))) == "B1 R3 Y3 G12 W S"


@given(st.lists(cards(), max_size=15))
def test_sorting_is_canonical(cs: list[Card]) -> None:
    ordered = sort_cards(cs)
    assert Counter(cs) == Counter(ordered)
    assert ordered == sort_cards(reversed(ordered))
    assert all(not b < a for a, b in itertools.pairwise(ordered))


def test_the_parse_cache_is_bounded_and_holds_canonical_tokens_only() -> None:
    cache = cards_module._CACHE
    cache.clear()
    assert Card.parse("R7") is Card.parse("R7")  # the canonical text is cached
    assert ["R7"] == list(cache)
    for text in ("r7", "R07", "w", "s"):  # other spellings parse, but are not remembered
        Card.parse(text)
    assert ["R7"] == list(cache)
    # distinct canonical tokens (ranged jokers) never grow the cache past its bound
    letters = "RBGYP"
    subsets = ["".join(c for i, c in enumerate(letters) if m >> i & 1) for m in range(1, 32)]
    tokens = [f"W{lo}-{hi}:{c}" for lo in range(1, 13) for hi in range(lo, 13) for c in subsets]
    assert len(tokens) > 2 * cache.maxsize
    for token in tokens:
        assert token == str(Card.parse(token))
        assert len(cache) <= cache.maxsize


@given(cards(), cards())
def test_sort_index_orders_as_the_sort_key(a: Card, b: Card) -> None:
    ranged = a.wild_numbers is not None or a.wild_colors is not None
    assert ranged == (a.sort_index == -1)
    if a.sort_index >= 0 and b.sort_index >= 0:
        expected = (a.sort_key < b.sort_key, a.sort_key == b.sort_key)
        assert expected == (a.sort_index < b.sort_index, a.sort_index == b.sort_index)


def test_a_number_past_the_index_span_has_no_sort_index() -> None:
    assert (-1, 4096) == (Card(Kind.NUMBER, 4096, Color.RED).sort_index, 4096)
    below = Card(Kind.NUMBER, 4094, Color.YELLOW).sort_index
    assert Card(Kind.NUMBER, 4095, Color.RED).sort_index > below
