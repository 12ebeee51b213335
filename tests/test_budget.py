"""One work budget per call, and laydown listing bounded whatever the hand (issues 22, 23).

``legal_actions`` lists at most ``Limits.max_listed_laydowns`` laydowns, within one work
budget per call (``Limits.max_call_steps``); every bot decision has one budget too, and
``lay_down_from_groups`` counts its matching against it. The work is counted in steps (the
budget's own unit), never timed. The properties build large valid hands of every built-in
variant and of two custom ones and check that the calls stay within a fixed number of
steps; the regression cases of the issues run in a subprocess under a CPU and memory cap,
so that a regression fails instead of hanging the suite.
"""

from __future__ import annotations

import contextlib
import itertools
import random
import subprocess
import sys
import textwrap
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import phase10
from phase10 import (
    DEFAULT_LIMITS,
    Action,
    Announce,
    GreedyBot,
    ISMCTSBot,
    LayDown,
    Limits,
    Phase,
    SearchLimitError,
    Variant,
    apply,
    find_variant,
    first_laydowns,
    is_legal,
    iter_laydowns,
    laydown_actions,
    laydown_phases,
    legal_actions,
    view,
    work_budget,
)
from phase10.limits import spend_steps, steps_left
from tests import bruteforce
from tests.big_hands import BIG_HANDS, at_play, big_variant, with_hand
from tests.depth import examples

SRC = Path(__file__).parent.parent / "src"

#: More steps than any call of the built-in games' largest hands takes: the property
#: fails when one needs more (the budget itself, max_call_steps, is well above it).
BUILT_IN_STEPS = 400_000
#: The same for a GreedyBot decision, whose weighing of up to 1,024 listed laydowns (the
#: cards each leaves, which of them fit the new melds) is counted in its budget.
BUILT_IN_BOT_STEPS = 600_000
#: An ISMCTSBot decision of the property (two iterations): a rollout plays whole turns.
SEARCH_STEPS = 2 * DEFAULT_LIMITS.max_call_steps


def spent(call: Callable[[], object], *, steps: int = DEFAULT_LIMITS.max_call_steps) -> int:
    """The steps ``call()`` spends of a budget of ``steps`` opened around it.

    The call shares the budget (it opens none of its own inside one), so it behaves as on
    its own with that budget; a call that overruns its budget shows as more than ``steps``.
    """
    with work_budget(DEFAULT_LIMITS.raised(max_call_steps=steps)):
        call()
        left = steps_left()
    assert left is not None
    return steps - left


@settings(
    max_examples=examples(12),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    database=None,
)
@given(case=st.sampled_from(BIG_HANDS), seed=st.integers(0, 10**6))
def test_legal_actions_and_apply_stay_within_a_fixed_budget(
    case: tuple[Variant, int, int], seed: int
) -> None:
    variant, players, size = case
    rng = random.Random(seed)
    state = with_hand(at_play(variant, players, seed), rng.randint(size // 2, size), rng)
    found: list[tuple[Action, ...]] = []
    # issue 22: a legal position never makes legal_actions raise (not even a custom phase
    # of 12 groups whose first laydown needs more than the budget: it lists none of it)
    steps = spent(lambda: found.append(legal_actions(state)))
    (actions,) = found
    laydowns = [a for a in actions if isinstance(a, LayDown | Announce)]
    assert len(laydowns) <= 2 * DEFAULT_LIMITS.max_listed_laydowns  # announce: keep or not
    if not variant.name.startswith("custom"):
        assert steps <= BUILT_IN_STEPS
    # every listed action applies, and applying one searches nothing
    others = [a for a in actions if not isinstance(a, LayDown | Announce)]
    for action in [*laydowns[:3], *others[:3]]:
        assert 0 == spent(partial(apply, state, action))


@settings(
    max_examples=examples(6),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    database=None,
)
@given(case=st.sampled_from(BIG_HANDS), seed=st.integers(0, 10**6))
def test_bot_decisions_stay_within_a_fixed_budget(
    case: tuple[Variant, int, int], seed: int
) -> None:
    variant, players, size = case
    rng = random.Random(seed)
    state = with_hand(at_play(variant, players, seed), size, rng)
    v = view(state, state.turn)
    greedy: list[object] = []
    custom = variant.name.startswith("custom")
    try:
        steps = spent(lambda: greedy.append(GreedyBot().act(v, random.Random(seed))))
    except SearchLimitError as error:
        # inside a budget opened outside it (a rollout's), a decision that runs out stops
        # and says so to the opener: only a custom phase's huge hand; on its own it answers
        assert (custom, error.limit) == (True, "max_call_steps")
        greedy.append(GreedyBot().act(v, random.Random(seed)))
    else:
        assert steps <= (DEFAULT_LIMITS.max_call_steps if custom else BUILT_IN_BOT_STEPS)
    assert is_legal(state, greedy[0])  # type: ignore[arg-type]
    search: list[object] = []
    bot = ISMCTSBot(iterations=2, horizon=1)
    try:
        steps = spent(lambda: search.append(bot.act(v, random.Random(seed))), steps=SEARCH_STEPS)
    except SearchLimitError as error:
        # the same contract as GreedyBot's above: the search shares a budget opened outside
        # it and says so to the opener when it runs out (only a custom phase's huge hand:
        # its candidates are GreedyBot's choice); on its own it answers
        assert (custom, error.limit) == (True, "max_call_steps")
        search.append(bot.act(v, random.Random(seed)))
    else:
        assert steps <= SEARCH_STEPS
    assert is_legal(state, search[0])  # type: ignore[arg-type]


def test_a_listing_cut_by_the_cap_is_the_exact_listing_s_first_part() -> None:
    state = with_hand(at_play(find_variant("classic"), 2, 3), 41, random.Random(3))
    listed = laydown_actions(state)
    small = DEFAULT_LIMITS.raised(max_listed_laydowns=5)
    with phase10.use_limits(small):
        assert listed[:5] == laydown_actions(state)
    assert DEFAULT_LIMITS.max_listed_laydowns == len(listed)
    # a laydown past the cap is still legal, and apply takes it
    hand = state.players[state.turn].hand
    phase = state.variant.phases[0]
    deep = DEFAULT_LIMITS.raised(max_search_nodes=10**7)
    later = next(x for i, x in enumerate(iter_laydowns(hand, phase, limits=deep)) if i == 2000)
    action = LayDown(state.turn, later)
    assert action not in listed
    assert is_legal(state, action)
    assert apply(state, action).players[state.turn].laid_down


def test_exact_enumeration_is_there_for_who_asks() -> None:
    state = with_hand(at_play(find_variant("classic"), 2, 5), 14, random.Random(5))
    exact = laydown_actions(state, exact=True)
    hand = state.players[state.turn].hand
    phase = state.variant.phases[0]
    assert len(exact) == sum(1 for _ in iter_laydowns(hand, phase))
    assert exact[: DEFAULT_LIMITS.max_listed_laydowns] == laydown_actions(state)


def test_first_laydowns_stops_instead_of_raising_once_it_has_one() -> None:
    hand = "R7 B7 G7 Y7 R3 B3 G3 Y3 W W R9 B9 G9"
    phase = phase10.CLASSIC_PHASES[0]
    every = tuple(iter_laydowns(hand, phase))
    tight = DEFAULT_LIMITS.raised(max_search_nodes=3000)
    with pytest.raises(SearchLimitError):
        tuple(iter_laydowns(hand, phase, limits=tight))
    some = first_laydowns(hand, phase, most=10**6, limits=tight)
    assert 0 < len(some) < len(every)
    assert every[: len(some)] == some
    with pytest.raises(SearchLimitError):
        first_laydowns(hand, phase, most=1, limits=DEFAULT_LIMITS.raised(max_search_nodes=2))


def test_identical_groups_are_listed_each_once_and_all() -> None:
    # the walk and the oracle try equal groups in one order: still every laydown, once
    rng = random.Random(7)
    deck = phase10.classic_deck()
    for text in ("2 sets of 3", "3 sets of 2", "2 runs of 3 + 1 set of 2", "4 pairs"):
        phase = Phase.parse(text)
        for _ in range(4):
            hand = rng.sample(deck, 10)
            listed = [str(x) for x in iter_laydowns(hand, phase, minimal=True)]
            assert len(set(listed)) == len(listed)
            assert len(bruteforce.distinct(hand, phase)) == len(listed)


def test_the_error_names_the_limit_that_was_hit() -> None:
    state = with_hand(at_play(find_variant("master"), 2, 1), 17, random.Random(1))
    small = DEFAULT_LIMITS.raised(max_call_steps=50)
    # the exact listing raises (legal_actions lists no laydown instead: issue 22)
    with phase10.use_limits(small), pytest.raises(SearchLimitError) as call:
        laydown_actions(state, exact=True)
    assert ("max_call_steps", 50) == (call.value.limit, call.value.maximum)
    engine_small = DEFAULT_LIMITS.raised(max_engine_search_nodes=50)
    with phase10.use_limits(engine_small), pytest.raises(SearchLimitError) as engine:
        laydown_actions(state, exact=True)
    assert ("max_engine_search_nodes", 50) == (engine.value.limit, engine.value.maximum)
    hand = state.players[state.turn].hand
    with pytest.raises(SearchLimitError) as direct:
        phase10.find_laydown(
            hand,
            state.variant.phases[0],
            rules=state.variant.meld_rules,
            limits=DEFAULT_LIMITS.raised(max_search_nodes=50),
        )
    assert ("max_search_nodes", 50) == (direct.value.limit, direct.value.maximum)


def test_calls_inside_a_budget_share_it() -> None:
    small = DEFAULT_LIMITS.raised(max_call_steps=100)
    with work_budget(small) as opened:
        assert opened
        with work_budget() as inner:
            assert not inner
        spend_steps(60, "a test")
        with pytest.raises(SearchLimitError) as error:
            spend_steps(60, "a test")
        assert 40 == steps_left()
    assert error.value.limit == "max_call_steps"
    assert steps_left() is None
    with pytest.raises(TypeError):
        work_budget(Limits)  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- capped runs

#: Seconds of CPU and bytes of memory a regression case may use before it is killed.
CPU_SECONDS = 60
MEMORY = 2 << 30

PRELUDE = textwrap.dedent(
    """
    import random, resource, sys, time
    resource.setrlimit(resource.RLIMIT_CPU, ({cpu}, {cpu}))
    resource.setrlimit(resource.RLIMIT_AS, ({memory}, {memory}))
    sys.path.insert(0, {tests!r})
    import phase10
    from phase10 import *
    from test_budget import at_play, big_variant, with_hand
    """
)


def capped(body: str) -> str:
    """Run ``body`` in a fresh interpreter under the CPU and memory caps; its stdout."""
    code = PRELUDE.format(cpu=CPU_SECONDS, memory=MEMORY, tests=str(Path(__file__).parent))
    done = subprocess.run(
        [sys.executable, "-c", code + textwrap.dedent(body)],
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"},
        timeout=10 * CPU_SECONDS,
        check=False,
    )
    assert 0 == done.returncode, done.stderr[-2000:]
    return done.stdout


def test_a_17_card_master_hand_lists_its_laydowns() -> None:
    # issue 22: 4.41 s, then SearchLimitError after 20,000,000 steps
    out = capped(
        """
        state = with_hand(at_play(MASTER, 2, 1), 17, random.Random(1))
        actions = legal_actions(state)
        laydowns = [a for a in actions if isinstance(a, LayDown)]
        assert laydowns and all(is_legal(state, a) for a in laydowns[:20])
        print(len(laydowns))
        """
    )
    assert 0 < int(out) <= DEFAULT_LIMITS.max_listed_laydowns


def test_a_41_card_classic_hand_lists_a_bounded_number() -> None:
    # issue 22: 2.12 s listing every laydown
    out = capped(
        """
        state = with_hand(at_play(CLASSIC, 2, 1), 41, random.Random(1))
        print(sum(isinstance(a, LayDown) for a in legal_actions(state)))
        """
    )
    assert DEFAULT_LIMITS.max_listed_laydowns == int(out)


def test_greedy_first_turn_with_60_card_hands_of_12_sets_of_5() -> None:
    # issue 23: 170 s
    out = capped(
        """
        v = big_variant("12 sets of 5")
        rng = random.Random(1)
        state = new_game(v, 2)
        while state.is_chance:
            state = apply(state, sample_chance(state, rng))
        for _ in range(2):  # the draw, then the play of the first turn
            action = GreedyBot().act(view(state, state.turn), random.Random(0))
            state = apply(state, action)
            while state.is_chance:
                state = apply(state, sample_chance(state, rng))
        print("ok")
        """
    )
    assert "ok" in out


def test_legal_actions_of_12_colour_groups_of_5() -> None:
    # issue 23: 15 s
    out = capped(
        """
        v = big_variant("12 colour groups of 5")
        for seed in range(3):
            state = with_hand(at_play(v, 2, seed), 61, random.Random(seed))
            print(len(legal_actions(state)))
        """
    )
    assert 3 == len([n for n in out.split() if int(n) > 0])


def test_a_first_laydown_past_the_budget_lists_none_and_never_raises() -> None:
    # issue 22, "a legal position must never make the engine raise or stall": the budget
    # runs out before the first laydown of 12 colour groups is found (a budget of 300
    # steps here stands for a phase that needs more than the default's million); under
    # a CPU cap in a fresh interpreter
    out = capped(
        """
        v = big_variant("12 colour groups of 5")
        state = with_hand(at_play(v, 2, 0), 61, random.Random(0))
        hand = state.players[state.turn].hand
        laydown = find_laydown(hand, v.phases[0], rules=v.meld_rules)
        assert laydown is not None
        small = DEFAULT_LIMITS.raised(max_call_steps=300)
        with use_limits(small):
            actions = legal_actions(state)
            phases = laydown_phases(state)
            greedy = GreedyBot().act(view(state, state.turn), random.Random(0))
            search = ISMCTSBot(iterations=2, horizon=1).act(
                view(state, state.turn), random.Random(0)
            )
            try:
                laydown_actions(state, exact=True)
                print("exact listed")
            except SearchLimitError as error:
                print("exact", error.limit)
            # apply checks the laydown it is given, searching nothing
            after = apply(state, LayDown(state.turn, laydown))
        assert actions and not any(isinstance(a, LayDown) for a in actions)
        assert phases == () and greedy in actions and search in actions
        assert after.players[state.turn].laid_down
        print("ok")
        """
    )
    assert ["exact", "max_call_steps", "ok"] == out.split()


@pytest.mark.parametrize("steps", [300, 3_000, 30_000])
def test_a_listing_cut_before_its_first_laydown_spends_no_more_than_the_budget(
    steps: int,
) -> None:
    # counted: however small the budget, the calls answer and stay within it
    variant = big_variant("12 colour groups of 5")
    state = with_hand(at_play(variant, 2, 0), 61, random.Random(0))
    v = view(state, state.turn)
    for call in (partial(legal_actions, state), partial(laydown_phases, state)):
        assert spent(call, steps=steps) <= steps
    # a bot decision inside a budget opened outside it (a rollout's) stops when the steps
    # run out, at most the budget spent; on its own, it answers a legal action
    with work_budget(DEFAULT_LIMITS.raised(max_call_steps=steps)):
        with contextlib.suppress(SearchLimitError):
            GreedyBot().act(v, random.Random(0))
        left = steps_left()
    assert left is not None and 0 <= left
    with phase10.use_limits(DEFAULT_LIMITS.raised(max_call_steps=steps)):
        assert is_legal(state, GreedyBot().act(v, random.Random(0)))


def test_groups_of_wilds_alone_are_refused_within_the_budget() -> None:
    # issue 23: 6 sets of 3 with all-wild groups took over 120 s and 23 GB
    out = capped(
        """
        import attrs
        v = big_variant("6 sets of 3", hand=20)
        state = at_play(v, 2, 1)
        seat = state.turn
        pool = list(state.draw_pile + state.players[seat].hand)
        red7 = Card(Kind.NUMBER, 7, Color.RED)
        hand = [c for c in pool if c.kind is Kind.WILD][:16] + [red7] * 3
        for c in hand:
            pool.remove(c)
        extra = 21 - len(hand)  # the hand dealt, and the card drawn
        hand += pool[:extra]
        players = list(state.players)
        players[seat] = attrs.evolve(players[seat], hand=sort_cards(hand))
        rest = sort_cards(pool[extra:])
        state = attrs.evolve(state, players=tuple(players), draw_pile=rest).validate()
        groups = ["R7 R7 R7"] + ["W W W"] * 5
        try:
            lay_down_from_groups(state, seat, groups)
        except SearchLimitError as error:
            print(error.limit)
        except AmbiguousActionError as error:
            print("ambiguous", len(error.candidates))
        """
    )
    assert "max_call_steps" == out.split()[0]


def test_greedy_lays_down_the_best_it_weighed_when_weighing_runs_out() -> None:
    # the weighing of 1,024 listed laydowns is counted: with a budget that the listing
    # (about 20,000 steps here) leaves short of it, the bot still lays down, within it
    state = with_hand(at_play(find_variant("classic"), 2, 1), 41, random.Random(1))
    v = view(state, state.turn)
    full = GreedyBot().act(v, random.Random(0))
    short = DEFAULT_LIMITS.raised(max_call_steps=40_000)
    with phase10.use_limits(short):
        cut = GreedyBot().act(v, random.Random(0))
    assert (True, True) == (isinstance(full, LayDown), isinstance(cut, LayDown))
    assert is_legal(state, cut)
    assert (
        spent(partial(legal_actions, state))
        < 40_000
        < spent(partial(GreedyBot().act, v, random.Random(0)))
    )


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_greedy_weighs_the_discards_of_12_sets_of_5_by_counting(seed: int) -> None:
    # the distance of each discard of many sets of one size is counted, not searched: the
    # decision spent its whole budget (1,000,000 steps) and fell back to the first action
    variant = big_variant("12 sets of 5")
    state = with_hand(at_play(variant, 2, seed), 61, random.Random(seed))
    v = view(state, state.turn)
    found: list[Action] = []
    assert 10_000 >= spent(lambda: found.append(GreedyBot().act(v, random.Random(0))))
    (action,) = found
    assert is_legal(state, action)
    assert action == GreedyBot().rank(v)[0]


@pytest.mark.parametrize("case", BIG_HANDS, ids=lambda case: f"{case[0].name}-{case[2]}")
def test_greedy_choice_on_the_largest_hands_is_the_first_of_its_ranking(
    case: tuple[Variant, int, int],
) -> None:
    # the choice weighs only what it needs (the first announce to reach the least key, the
    # first kind of action listed); the ranking weighs and sorts everything
    variant, players, size = case
    for seed in range(2):
        state = with_hand(at_play(variant, players, seed), size, random.Random(seed))
        v = view(state, state.turn)
        with phase10.use_limits(DEFAULT_LIMITS.raised(max_call_steps=10**7)):
            assert GreedyBot().rank(v)[0] == GreedyBot().act(v, random.Random(0))


def test_the_distance_of_many_sets_of_two_sizes_is_counted() -> None:
    # 6 sets of 5 + 6 sets of 4: the search used to prove, one whole search each, that
    # 0, 1 and 2 wilds do not lay this hand down (9,722,137 steps); then a counted bound
    # said 3 at once and one search found the laydown (581,468); now the packing of the
    # sets into the numbers is counted (analysis._mixed_sets_used): no search at all
    variant = big_variant("6 sets of 5 + 6 sets of 4")
    state = with_hand(at_play(variant, 2, 1), 61, random.Random(1))
    hand = state.players[state.turn].hand
    found: list[int] = []
    steps = spent(
        lambda: found.append(
            phase10.analysis.phase_distance(hand, variant.phases[0], rules=variant.meld_rules)
        ),
        steps=10**8,
    )
    assert ([3], 0) == (found, steps)


def _listing_steps(name: str, seed: int) -> int:
    """The steps of ``legal_actions`` at the big position of ``name`` and ``seed``.

    It must list ``max_listed_laydowns`` laydowns, the exact enumeration's first ones.
    """
    variant = big_variant(name)
    state = with_hand(at_play(variant, 2, seed), 61, random.Random(seed))
    found: list[tuple[Action, ...]] = []
    steps = spent(lambda: found.append(legal_actions(state)))
    (actions,) = found
    listed = [a for a in actions if isinstance(a, LayDown)]
    assert DEFAULT_LIMITS.max_listed_laydowns == len(listed)
    hand = state.players[state.turn].hand
    exact = iter_laydowns(
        hand,
        variant.phases[0],
        rules=variant.meld_rules,
        limits=DEFAULT_LIMITS.raised(max_search_nodes=10**7),
    )
    assert list(itertools.islice(exact, len(listed))) == [a.laydown for a in listed]
    return steps


def test_a_listing_charges_a_meld_it_reuses_less_than_one_it_builds() -> None:
    # 6 sets of 3 + 6 runs of 3 (bench_budget.py's position, seed 1): 1,024 laydowns of 12
    # melds each, most of them shared; each laydown was charged 40 steps a group (491,520
    # of the listing's 687,817 steps), now 2 a group and 40 a meld built, once a listing
    assert _listing_steps("6 sets of 3 + 6 runs of 3", 1) <= 300_000


def test_many_sets_of_two_sizes_list_their_laydowns_within_the_budget() -> None:
    # 6 sets of 5 + 6 sets of 4, 61 cards (bench_budget.py's position, seed 0): the listing
    # allows extra cards in a set, and its oracle tried every split of the extras among
    # the later sets before saying no: the whole budget of 1,000,000 steps spent and no
    # laydown listed on a hand that lays down. Now a set's meld is tried at its size by the
    # oracle, a bound says what the later sets can spare, and the walk skips the shapes
    # and melds that lead nowhere: 1,024 laydowns, the exact enumeration's first ones
    assert _listing_steps("6 sets of 5 + 6 sets of 4", 0) <= 400_000


def test_many_sets_of_two_sizes_short_of_cards_are_refused_at_once() -> None:
    # the same phase, seed 1's hand: three cards short (its distance is 3). The oracle
    # searched the whole budget to prove it; the bound on what the sets can hold says it
    # after a few steps
    variant = big_variant("6 sets of 5 + 6 sets of 4")
    state = with_hand(at_play(variant, 2, 1), 61, random.Random(1))
    found: list[tuple[Action, ...]] = []
    steps = spent(lambda: found.append(legal_actions(state)))
    (actions,) = found
    assert not any(isinstance(a, LayDown) for a in actions)
    assert steps <= 5_000
    hand = state.players[state.turn].hand
    steps = spent(lambda: phase10.find_laydown(hand, variant.phases[0], rules=variant.meld_rules))
    assert steps <= 5_000
