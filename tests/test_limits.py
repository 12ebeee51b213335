"""Limits on untrusted input (issue 12): one regression test per hole the adversarial trial found.

Each hostile input must answer with a :class:`~phase10.Phase10Error` at once, within a
bounded count of function calls (``tests.work``: counted, not timed) and 50 MB, instead of
running for minutes, eating gigabytes or raising a raw ``OverflowError`` / ``MemoryError``
/ ``ValueError``. The limits live in :mod:`phase10.limits`; docs/howto/untrusted-input.md
lists them.
"""

from __future__ import annotations

import functools
import json
import random
import tracemalloc
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import phase10
from phase10 import (
    CLASSIC,
    CLASSIC_PHASES,
    MASTER,
    MASTER_PHASES,
    TEN_PHASES,
    TEN_PHASES_PHASES,
    FormatError,
    GreedyBot,
    InvalidMeldError,
    LimitError,
    Limits,
    Meld,
    NotationError,
    Phase,
    Phase10Error,
    SearchLimitError,
    Variant,
    check_meld,
    find_laydown,
    from_json,
    iter_laydowns,
    parse_cards,
    simulate,
    to_dict,
    use_limits,
)
from phase10 import cards as cards_module
from phase10.cli import main
from phase10.groups import SetOf
from tests.work import calls_made

#: The most function calls a refusal may make.
MAX_CALLS = 300_000


def refused(call: Callable[[], object]) -> Phase10Error:
    """The library's error ``call`` raises, checked to come with little work and memory."""
    raised: list[Phase10Error] = []

    def guarded() -> None:
        try:
            call()
        except Phase10Error as error:
            raised.append(error)

    tracemalloc.start()
    try:
        made = calls_made(guarded)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(raised) == 1, "expected a Phase10Error"
    # a refusal comes from a limit checked before the work: a count, not a time, so that a
    # loaded machine cannot fail the test (the largest seen is about a tenth of the bound)
    assert made < MAX_CALLS
    assert peak < 50 * 2**20
    return raised[0]


def custom_variant_doc(**changes: Any) -> dict[str, Any]:
    """A variant document (a custom variant written in full) with fields changed."""
    doc = to_dict(CLASSIC.with_options(name="custom"))
    for key, value in changes.items():
        if key == "max_number":
            doc["variant"]["meld_rules"]["max_number"] = value
        else:
            doc["variant"][key] = value
    return doc


@pytest.mark.parametrize("top", [200, 300, 1000])
def test_a_huge_max_number_is_refused_before_any_work(top: int) -> None:
    text = json.dumps(custom_variant_doc(max_number=top))
    assert len(text) < 3000  # a 2.5 kB document used to take 38 s and 2.1 GB
    error = refused(lambda: from_json(text))
    assert isinstance(error, LimitError)
    assert (error.path, error.limit, error.value) == (
        "$.variant.meld_rules.max_number",
        "max_card_number",
        top,
    )


def test_a_limit_can_be_raised_explicitly() -> None:
    text = json.dumps(custom_variant_doc(max_number=21))
    with pytest.raises(LimitError):
        from_json(text)
    variant = from_json(text, Variant, limits=Limits(max_card_number=21))
    assert variant.meld_rules.max_number == 21
    with use_limits(Limits(max_card_number=21)):
        assert phase10.MeldRules(max_number=21).max_number == 21


@pytest.mark.parametrize("jokers", [10**7, 10**9])
def test_a_huge_jokers_per_player_is_refused(jokers: int) -> None:
    error = refused(lambda: from_json(json.dumps(custom_variant_doc(jokers_per_player=jokers))))
    assert isinstance(error, LimitError)
    assert (error.path, error.limit) == ("$.variant.jokers_per_player", "max_jokers")
    error = refused(lambda: Variant(jokers_per_player=jokers))
    assert isinstance(error, LimitError) and error.path == "jokers_per_player"


def test_other_variant_numbers_are_bounded() -> None:
    error = refused(lambda: from_json(json.dumps(custom_variant_doc(deck=["R1"] * 5000))))
    assert isinstance(error, LimitError)
    assert (error.path, error.limit) == ("$.variant.deck", "max_deck_size")
    # more players or cards dealt than the deck holds are refused as they always were
    for field in ("max_players", "hand_size"):
        doc = custom_variant_doc(**{field: 10**6})
        assert isinstance(refused(functools.partial(from_json, json.dumps(doc))), FormatError)
    big_deck = ["R1"] * 900
    for field, limit in (("max_players", "max_players"), ("hand_size", "max_hand_size")):
        doc = custom_variant_doc(deck=big_deck, **{field: 61 if field == "hand_size" else 17})
        error = refused(functools.partial(from_json, json.dumps(doc)))
        assert isinstance(error, LimitError)
        assert (error.path, error.limit) == (f"$.variant.{field}", limit)


@pytest.mark.parametrize("text", ["10000000 pairs", "100000000000000000000 pairs"])
def test_a_phase_text_cannot_ask_for_millions_of_groups(text: str) -> None:
    error = refused(lambda: Phase.parse(text))
    assert isinstance(error, LimitError)
    assert error.limit == "max_groups_per_phase"


def test_a_phase_text_cannot_ask_for_a_huge_group() -> None:
    error = refused(lambda: Phase.parse("set of 100000000000000000000000000"))
    assert isinstance(error, LimitError) and error.limit == "max_group_size"
    assert Phase.parse("2 sets of 3") == CLASSIC_PHASES[0]


def test_a_phase_of_too_many_groups_is_refused_when_built() -> None:
    error = refused(lambda: Phase((SetOf(2),) * 13))
    assert isinstance(error, LimitError) and error.limit == "max_groups_per_phase"


def hostile_hand(size: int, seed: int, deck: tuple[phase10.Card, ...]) -> list[phase10.Card]:
    cards = list(deck) * 2
    random.Random(seed).shuffle(cards)
    return cards[:size]


@pytest.mark.parametrize(
    "text", ["6 sets of 3", "6 runs of 3", "3 runs of 4 + 3 sets of 2", "12 pairs"]
)
def test_a_search_spends_a_bounded_number_of_steps(text: str) -> None:
    # a 6-group phase and a 38-card hand: find_laydown took 2.4 s, iter_laydowns 26.5 s
    phase = Phase.parse(text)
    hand = hostile_hand(38, 1, phase10.classic_deck())
    small = Limits(max_search_nodes=2000)
    with pytest.raises(SearchLimitError) as info:
        for _ in iter_laydowns(hand, phase, limits=small):
            pass
    assert (info.value.limit, info.value.maximum) == ("max_search_nodes", 2000)
    assert find_laydown(hand, phase) is not None  # the first laydown is cheap


def test_a_huge_master_hand_answers_within_the_budget() -> None:
    # a 44-card Master hand ran past 100 s
    hand = hostile_hand(44, 2, phase10.master_deck())
    for phase in MASTER_PHASES:
        try:
            laydowns = sum(1 for _ in iter_laydowns(hand, phase, rules=MASTER.meld_rules))
        except SearchLimitError as exc:
            assert exc.maximum == phase10.DEFAULT_LIMITS.max_search_nodes
        else:
            assert laydowns >= 0


def test_the_built_in_games_stay_exact_within_the_budget() -> None:
    # hands of the largest real size, rich in wilds: the default budget is never reached
    for variant, phases in ((CLASSIC, CLASSIC_PHASES), (MASTER, MASTER_PHASES)):
        deck = variant.deck_for(variant.max_players)
        for seed in range(20):
            hand = random.Random(seed).sample(deck, variant.hand_size + 1)
            for phase in phases:
                find_laydown(hand, phase, rules=variant.meld_rules)
                sum(1 for _ in iter_laydowns(hand, phase, rules=variant.meld_rules, minimal=True))
    deck = TEN_PHASES.deck_for(4)
    for seed in range(20):
        hand = random.Random(seed).sample(deck, 11)
        for phase in TEN_PHASES_PHASES:
            find_laydown(hand, phase, rules=TEN_PHASES.meld_rules)


def test_a_hand_larger_than_any_deck_is_refused() -> None:
    error = refused(lambda: find_laydown(" ".join(["R7"] * 2000), CLASSIC_PHASES[0]))
    assert isinstance(error, LimitError) and error.limit == "max_deck_size"


def test_the_card_cache_stays_bounded_and_keeps_canonical_tokens_only() -> None:
    cache = cards_module._CACHE
    colours = "RBGYPCDHS"
    for i in range(5000):
        rng = random.Random(i)
        token = "W:" + "".join(rng.choice(colours) for _ in range(rng.randint(1, 12)))
        (card,) = parse_cards(token)
        assert card.is_wild
        assert len(cache) <= cache.maxsize
    # only canonical spellings are kept: a lower-case spelling never enters the cache
    parse_cards("r7 w:rg")
    assert "r7" not in cache and "w:rg" not in cache


def test_a_meld_with_more_cards_than_values_cannot_be_built() -> None:
    meld = check_meld("R7 B7 G7", SetOf(3)).melds[0]
    error = refused(lambda: Meld(meld.group, meld.shape, (*meld.cards, meld.cards[0]), meld.values))
    assert isinstance(error, InvalidMeldError)
    with pytest.raises(InvalidMeldError):
        attrs.evolve(meld, values=meld.values[:1])


def test_a_state_marked_over_must_name_its_winners() -> None:
    state, _ = phase10.play_chance(phase10.new_game(CLASSIC, 2), random.Random(3))
    doc = to_dict(state)
    doc["state"]["step"] = "over"
    error = refused(lambda: from_json(json.dumps(doc)))
    assert isinstance(error, FormatError)
    assert "winners" in str(error)
    over = attrs.evolve(state, step=phase10.TurnStep.OVER)
    assert [p.path for p in over.problems()] == ["winners"]


def test_simulate_refuses_an_absurd_number_of_games() -> None:
    error = refused(lambda: simulate(10**23, [GreedyBot(), GreedyBot()]))
    assert isinstance(error, LimitError)
    assert (error.path, error.limit) == ("n_games", "max_games")


def test_the_cli_names_no_python_exception(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["simulate", "--games", str(10**23)])
    err = capsys.readouterr().err
    assert status == 2
    assert "max_games" in err
    assert "Error" not in err


@pytest.mark.parametrize("text", ["R\u0667", "R1\u0662", "W\u0663-\u0664", "\u0667H"])
def test_card_notation_takes_ascii_digits_only(text: str) -> None:
    assert isinstance(refused(lambda: parse_cards(text)), NotationError)


@pytest.mark.parametrize("text", ["set \u0663", "\u0662 sets of 3", "run of \u0664"])
def test_phase_text_takes_ascii_digits_only(text: str) -> None:
    assert isinstance(refused(lambda: Phase.parse(text)), NotationError)


def test_a_json_object_with_a_key_twice_is_refused() -> None:
    error = refused(lambda: from_json('{"format": "phase10/1", "card": "R7", "card": "R8"}'))
    assert isinstance(error, FormatError)
    assert '"card" appears twice' in str(error)
    nested = json.dumps(custom_variant_doc()).replace(
        '"hand_size": 10', '"hand_size": 10, "hand_size": 9'
    )
    assert isinstance(refused(lambda: from_json(nested)), FormatError)


def test_limits_refuse_nonsense() -> None:
    with pytest.raises(TypeError):
        Limits(max_games=0)
    with pytest.raises(TypeError):
        use_limits(3).__enter__()  # type: ignore[arg-type]


def test_a_laydown_holds_melds_only() -> None:
    # a phase with two equal groups sorts its melds: a hand-built laydown of other values
    # used to fail inside the sort with a raw error
    error = refused(lambda: phase10.PhaseMelds(CLASSIC_PHASES[0], (1, 2)))  # type: ignore[arg-type]
    assert isinstance(error, InvalidMeldError)
    laydown = find_laydown("R7 B7 G7 R3 B3 W", CLASSIC_PHASES[0])
    assert laydown is not None
    swapped = phase10.PhaseMelds(laydown.phase, laydown.melds[::-1])
    assert swapped == laydown


def test_a_limit_inside_a_document_names_its_json_path() -> None:
    doc = custom_variant_doc()
    doc["variant"]["phases"][0]["groups"] = [{"kind": "SetOf", "size": 2}] * 13
    error = refused(functools.partial(from_json, json.dumps(doc)))
    assert isinstance(error, LimitError)
    assert (error.path, error.limit, error.value) == (
        "$.variant.phases[0].groups",
        "max_groups_per_phase",
        13,
    )
    doc["variant"]["phases"][0]["groups"] = [{"kind": "RunOf", "size": 61}]
    error = refused(functools.partial(from_json, json.dumps(doc)))
    assert isinstance(error, LimitError)
    assert (error.path, error.limit) == ("$.variant.phases[0].groups[0].size", "max_group_size")
