"""Engine properties: a hypothesis state machine, seeded full games, and replays.

After every step: the 108 cards are all accounted for, ``apply`` left its input alone,
listed actions apply, actions outside the list are refused with a code, scores only grow,
phases advance by at most one per hand, and every game ends.

``PHASE10_SLOW=1`` plays many more seeded games (:mod:`tests.depth`); ``PHASE10_SEED`` changes
the seed.
"""

from __future__ import annotations

import copy
import functools
import itertools
import math
import os
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from functools import reduce

import attrs
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from phase10 import (
    CHANCE,
    CLASSIC,
    SKIP,
    Action,
    Card,
    Deal,
    Discard,
    Draw,
    End,
    GameState,
    Hit,
    IllegalActionError,
    LayDown,
    NaturalScope,
    PhaseMelds,
    Reshuffle,
    Reveal,
    SkipLimit,
    SkipTarget,
    TakeDiscard,
    TiebreakWin,
    TurnStep,
    TurnUp,
    Value,
    Variant,
    Violation,
    apply,
    chance_outcomes,
    find_laydown,
    is_legal,
    iter_laydowns,
    legal_actions,
    new_game,
    sample_chance,
)
from tests.depth import sized
from tests.helpers import count_cards, draw, set_players, start

#: Lays down phase 1 in exactly one way (R1 B1 G1 | R2 B2 G2).
READY = "R1 B1 G1 R2 B2 G2 R9 B10 G11 Y12"
SEED = os.environ.get("PHASE10_SEED", "phase10")
#: Full games (many more with PHASE10_SLOW=1, a third in a compat run).
GAMES = sized(30, slow=300, compat=10)
#: No game of random moves comes near this many steps (about 3 000 to 8 000 in practice).
MAX_STEPS = 100_000
CHANCE_TYPES = (Deal, TurnUp, Reveal, Reshuffle)


# ----------------------------------------------------------------------------- random play


def random_variant(rng: random.Random) -> Variant:
    """The classic game with every rule option drawn at random."""
    return CLASSIC.with_options(
        skip_target=rng.choice(list(SkipTarget)),
        natural_minimum=rng.choice(list(NaturalScope)),
        hit_others_on_laydown_turn=rng.random() < 0.5,
        go_out_by_hitting=rng.random() < 0.5,
        runs_wrap=rng.random() < 0.5,
        tiebreak_win=rng.choice(list(TiebreakWin)),
        skip_limit=rng.choice(list(SkipLimit)),
    )


def choose(state: GameState, rng: random.Random, legal: Sequence[Action] | None = None) -> Action:
    """A random legal action; chance by its probabilities; players mostly make progress."""
    if state.is_chance:
        return sample_chance(state, rng)
    actions = legal_actions(state) if legal is None else legal
    if rng.random() < 0.9:
        lays = [a for a in actions if isinstance(a, LayDown)]
        if lays:
            return rng.choice(lays)
        hits = [a for a in actions if isinstance(a, Hit)]
        if hits and rng.random() < 0.8:
            return rng.choice(hits)
    return rng.choice(actions)


def play_quietly(state: GameState, rng: random.Random, steps: int) -> GameState:
    """Up to ``steps`` random actions with no checks (to reach later positions fast)."""
    for _ in range(steps):
        if state.is_over:
            break
        state = apply(state, choose(state, rng))
    return state


def late_start(state: GameState, rng: random.Random, how: str) -> GameState:
    """Move a new game on: ``endgame`` (everybody on phase 9 or 10 with close scores),
    ``tie-break`` (a tie-break hand among two or more players, C-26), or ``fresh``."""
    n = state.num_players
    if how == "endgame":
        return set_players(
            state,
            phase=[rng.choice((8, 9)) for _ in range(n)],
            score=[5 * rng.randrange(4) for _ in range(n)],
        )
    if how == "tie-break":
        tied = tuple(sorted(rng.sample(range(n), rng.randint(2, n))))
        last = len(state.variant.phases)
        state = set_players(state, phase=[last if s in tied else 9 for s in range(n)])
        first = next(s for k in range(1, n + 1) if (s := (state.dealer + k) % n) in tied)
        return attrs.evolve(state, tiebreak=tied, turn=first).validate()
    return state


def seeded_game(label: str) -> tuple[GameState, tuple[Action, ...], GameState]:
    """A whole random game from ``random.Random(label)``: start, actions, end (no checks)."""
    rng = random.Random(label)
    n = rng.randint(2, 6)
    first = new_game(random_variant(rng), n, dealer=rng.randrange(n))
    state = first
    actions: list[Action] = []
    while not state.is_over and len(actions) < MAX_STEPS:
        action = choose(state, rng)
        actions.append(action)
        state = apply(state, action)
    return first, tuple(actions), state


# ----------------------------------------------------------------------------- refused actions


_FIELDS = tuple(f.name for f in attrs.fields(GameState))


def fields_of(state: GameState) -> tuple[object, ...]:
    """The state's attributes, to check by identity that ``apply`` reassigned none."""
    return tuple(getattr(state, name) for name in _FIELDS)


@functools.cache
def distinct_cards(variant: Variant) -> tuple[Card, ...]:
    return tuple(sorted(set(variant.deck)))


@functools.cache
def deck_counter(variant: Variant) -> Counter[Card]:
    return Counter(variant.deck)


def _other(rng: random.Random, n: int, not_this: int) -> int:
    return rng.choice([s for s in range(n) if s != not_this])


def mutants(
    state: GameState, legal: Sequence[Action], rng: random.Random, *, deep: bool = True
) -> Iterator[Action]:
    """Actions near the legal ones: other player, card, meld, target, step, phase, kind."""
    n = state.num_players
    seat = state.turn
    deck = distinct_cards(state.variant)
    some = rng.choice(deck)
    # chance actions at player nodes, player actions at chance nodes, and wrong steps
    yield from (Deal(some), TurnUp(some), Reveal(some), Reshuffle())
    yield from (Draw(seat), TakeDiscard(seat), Draw(_other(rng, n, seat)))
    yield Discard(rng.randrange(n), some, rng.choice([None, rng.randrange(-1, n + 1)]))
    yield Hit(seat, rng.randrange(n), rng.randrange(3), some, Value(None, None), End.ANY)
    for action in rng.sample(list(legal), min(4 if deep else 1, len(legal))):
        if isinstance(action, Deal | TurnUp | Reveal):
            yield attrs.evolve(action, card=rng.choice(deck))
            other = rng.choice([t for t in (Deal, TurnUp, Reveal) if t is not type(action)])
            yield other(action.card)
        elif isinstance(action, Draw | TakeDiscard):
            yield attrs.evolve(action, player=_other(rng, n, seat))
        elif isinstance(action, Discard):
            yield attrs.evolve(action, player=_other(rng, n, seat))
            yield attrs.evolve(action, card=rng.choice(deck), target=None)
            yield attrs.evolve(action, target=rng.choice([None, seat, *range(-1, n + 1)]))
        elif isinstance(action, Hit):
            yield attrs.evolve(action, player=_other(rng, n, seat))
            yield attrs.evolve(action, owner=rng.randrange(-1, n + 1))
            yield attrs.evolve(action, meld=action.meld + rng.choice([-1, 1, 2]))
            yield attrs.evolve(action, card=rng.choice(deck))
            yield attrs.evolve(action, end=rng.choice(list(End)))
            yield attrs.evolve(action, value=Value(rng.randint(1, 12), None))
        elif isinstance(action, LayDown):
            yield attrs.evolve(action, player=_other(rng, n, seat))
            phase, melds = action.laydown.phase, action.laydown.melds
            if len(melds) > 1:
                yield attrs.evolve(action, laydown=PhaseMelds(phase, melds[:-1]))
                yield attrs.evolve(action, laydown=PhaseMelds(phase, melds[::-1]))
    if deep and state.step is TurnStep.PLAY:
        # a laydown of another phase than the player's own (C-5)
        phases = state.variant.phases
        phase = rng.choice(phases)
        found = find_laydown(state.players[seat].hand, phase, rules=state.variant.meld_rules)
        if found is not None:
            yield LayDown(seat, found)
    if deep:
        yield from probes(state, seat)


def probes(state: GameState, seat: int) -> Iterator[Action]:
    """Well-formed plays that only the rules' predicates can refuse, listed or not.

    Every hit that fits a meld on the table and a few laydowns the hand holds: whether they
    are legal is up to C-10 (one phase a hand), C-14 (hit after laying down; the option
    ``hit_others_on_laydown_turn``), C-15 (the option ``go_out_by_hitting``) and C-20 (a
    skip on every seat: the option ``skip_limit``), which ``legal_actions`` and ``apply``
    must judge alike.
    """
    if state.step is not TurnStep.PLAY:
        return
    hand = state.players[seat].hand
    if SKIP in hand:
        for target in (None, *range(state.num_players)):
            yield Discard(seat, SKIP, target)
    rules = state.variant.meld_rules
    for owner, row in enumerate(state.table):
        for index, meld in enumerate(row):
            for c in dict.fromkeys(hand):
                for option in meld.hit_options(c, rules=rules):
                    yield Hit(seat, owner, index, c, option.value, option.end)
    phase = state.current_phase(seat)
    if phase is not None:
        for laydown in itertools.islice(iter_laydowns(hand, phase, rules=rules), 8):
            yield LayDown(seat, laydown)
        if state.table[seat]:  # the same phase once more (C-10)
            yield LayDown(seat, PhaseMelds(phase, state.table[seat][: len(phase.groups)]))


def check_refusals(
    state: GameState,
    legal: Sequence[Action],
    rng: random.Random,
    budget: int | None = None,
    codes: Counter[Violation] | None = None,
) -> None:
    """Mutants (``budget`` of them, or all) are legal exactly when listed; refused ones
    raise with a code (counted in ``codes``) and leave ``state`` alone."""
    listed = set(legal)
    before = hash(state)
    fields = fields_of(state)
    candidates = list(mutants(state, legal, rng, deep=budget is None))
    if budget is not None:
        candidates = rng.sample(candidates, min(budget, len(candidates)))
    for action in candidates:
        expected = action in listed
        assert expected == is_legal(state, action), action
        try:
            apply(state, action)
        except IllegalActionError as error:
            assert not expected, action
            assert isinstance(error.code, Violation)
            assert action == error.action
            assert f"'{action}'" in str(error)
            if codes is not None:
                codes[error.code] += 1
        else:
            assert expected, action
    assert before == hash(state)
    assert all(a is b for a, b in zip(fields, fields_of(state), strict=True))


# ----------------------------------------------------------------------------- one checked step


def check_node(state: GameState, *, full: bool = True) -> tuple[Action, ...]:
    """Checks of a state on its own; returns its legal actions.

    The cards are counted every time; ``full`` also runs :meth:`GameState.validate`.
    """
    if full:
        state.validate()
    # rule C-1: hands + draw pile + discard pile + table == the deck (as plain dicts: faster)
    assert dict(deck_counter(state.variant)) == dict(count_cards(state))
    legal = legal_actions(state)
    assert len(set(legal)) == len(legal)
    if state.is_over:
        assert (None, ()) == (state.current_player, legal)
        assert set(state.winners) <= set(range(state.num_players))
        assert state.winners
    elif state.is_chance:
        assert CHANCE == state.current_player
        if full:
            outcomes = chance_outcomes(state)
            assert tuple(a for a, _ in outcomes) == legal
            assert math.isclose(1.0, sum(p for _, p in outcomes))
            assert all(isinstance(a, CHANCE_TYPES) for a in legal)
    else:
        assert state.turn == state.current_player
        assert all(not isinstance(a, CHANCE_TYPES) and a.player == state.turn for a in legal)
    return legal


def check_transition(before: GameState, action: Action, after: GameState) -> None:
    """Scores only grow; phases advance by at most one, at the end of a hand."""
    new_hand = after.hand_number != before.hand_number or after.is_over
    assert after.hand_number in (before.hand_number, before.hand_number + 1)
    for seat, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
        assert new.score >= old.score
        assert new.phase - old.phase in ((0, 1) if new_hand else (0,))
        if new.phase > old.phase:  # rule C-22: only who laid down this hand
            assert old.laid_down or (isinstance(action, LayDown) and action.player == seat)
        if not new_hand:
            assert old.score == new.score


def checked_step(
    state: GameState,
    legal: Sequence[Action],
    action: Action,
    rng: random.Random,
    *,
    deep: bool,
    sweep: bool,
    codes: Counter[Violation] | None = None,
) -> GameState:
    """Apply ``action`` (one of ``legal``, checked by :func:`check_node`) with every check.

    ``deep`` compares the input to a deep copy (otherwise to its fields and hash);
    ``sweep`` applies every legal action and every mutant instead of a few.
    """
    assert action in legal
    snapshot = copy.deepcopy(state) if deep else None
    before = hash(state)
    fields = fields_of(state)
    for other in legal if sweep else rng.sample(list(legal), min(1, len(legal))):
        apply(state, other)
    check_refusals(state, legal, rng, budget=None if sweep else 2, codes=codes)
    after = apply(state, action)
    assert before == hash(state)
    assert all(a is b for a, b in zip(fields, fields_of(state), strict=True))
    if snapshot is not None:
        assert snapshot == state
        assert hash(snapshot) == hash(state)
    check_transition(state, action, after)
    return after


@attrs.define
class Seen:
    """What the seeded games went through, so the loop is known to be meaningful."""

    kinds: Counter[str] = attrs.field(factory=Counter)
    refused: Counter[Violation] = attrs.field(factory=Counter)

    def note(self, state: GameState, action: Action) -> None:
        self.kinds[type(action).__name__] += 1
        if isinstance(action, Discard) and action.target is not None:
            self.kinds["skip played"] += 1
            if any(p.skip_guard for p in state.players):  # rule C-20, skip_limit=round
                self.kinds["skip played during a skip guard"] += 1
        if state.tiebreak:
            self.kinds["tie-break step"] += 1


def going_out(state: GameState) -> bool:
    """A seat in its PLAY step with one or two cards left, down: where C-15 decides.

    Swept always, so the option ``go_out_by_hitting`` is judged by listing and applying
    alike in every game that has it off, not only where a 2% sweep happens to fall.
    """
    if state.step is not TurnStep.PLAY:
        return False
    player = state.players[state.turn]
    return player.laid_down and len(player.hand) <= 2


def play_checked(
    first: GameState, rng: random.Random, checks: random.Random, seen: Seen
) -> tuple[GameState, list[Action]]:
    """Play a random game from ``first`` with ``rng``, checking every step; ``checks``
    picks what to check, so the game itself does not depend on it."""
    state = first
    actions: list[Action] = []
    while not state.is_over:
        step = len(actions)
        assert step < MAX_STEPS, "the game does not end"
        legal = check_node(state, full=step % 10 == 0)
        action = choose(state, rng, legal)
        seen.note(state, action)
        state = checked_step(
            state,
            legal,
            action,
            checks,
            deep=step % 251 == 0,
            sweep=checks.random() < 0.02 or going_out(state),
            codes=seen.refused,
        )
        actions.append(action)
    check_node(state)
    return state, actions


# ----------------------------------------------------------------------------- seeded loops


def test_seeded_random_games_keep_every_invariant() -> None:
    seen = Seen()
    for i in range(GAMES):
        rng = random.Random(f"{SEED}:{i}")
        n = 2 + i % 5
        variant = random_variant(rng)
        first = new_game(variant, n, dealer=rng.randrange(n))
        final, actions = play_checked(first, rng, random.Random(f"{SEED}:{i}:checks"), seen)
        # replaying the record, chance included, gives the same game
        assert final == reduce(apply, actions, new_game(variant, n, dealer=first.dealer))
    # the loop went through every part of a turn
    for kind in (
        "LayDown",
        "Hit",
        "Discard",
        "TakeDiscard",
        "Reshuffle",
        "skip played",
        "skip played during a skip guard",
    ):
        assert seen.kinds[kind] > 0, kind
    # and the refusals went through every predicate shared by listing and applying
    for code in (
        Violation.CANNOT_TAKE_SKIP,  # _take_violation (C-19)
        Violation.ALREADY_LAID_DOWN,  # _lay_down_violation (C-10)
        Violation.PHASE_NOT_LAID_DOWN,  # _hitting_violation (C-14)
        Violation.NO_SUCH_MELD,  # _hit_violation
        Violation.HIT_NOT_ALLOWED_YET,  # _hit_violation (C-14, option)
        Violation.MUST_DISCARD_LAST,  # _go_out_violation (C-15, option)
        Violation.BAD_SKIP_TARGET,  # _can_be_skipped (C-20, option skip_limit)
    ):
        assert seen.refused[code] > 0, code


@pytest.mark.parametrize("scope", list(NaturalScope), ids=lambda s: f"C-17-{s.value}")
def test_natural_minimum_games_keep_every_invariant(scope: NaturalScope) -> None:
    """C-17 under each option: per phase (seeds 000, 003), per group (house rule), none (002).

    Checked random games (cards conserved, listed actions apply, refused ones raise), and
    every phase laid down holds the natural cards the option asks for.
    """
    seen = Seen()
    laid = 0
    for i in range(sized(2, slow=20)):
        rng = random.Random(f"{SEED}:c17:{scope.value}:{i}")
        n = 2 + i % 3
        variant = CLASSIC.with_options(natural_minimum=scope)
        first = new_game(variant, n, dealer=rng.randrange(n))
        _, actions = play_checked(first, rng, random.Random(f"{SEED}:c17:{i}:checks"), seen)
        for action in actions:
            if not isinstance(action, LayDown):
                continue
            laid += 1
            naturals = [m.naturals for m in action.laydown.melds]
            if scope is NaturalScope.PHASE:
                assert sum(naturals) >= 1, action
            elif scope is NaturalScope.GROUP:
                assert min(naturals) >= 1, action
    assert laid > 0


def test_seeded_endgames_and_tie_breaks() -> None:
    # Games that start near the end (phase 9 or 10) or in a tie-break hand (C-26).
    seen = Seen()
    for i in range(GAMES):
        rng = random.Random(f"{SEED}:end:{i}")
        n = 2 + i % 5
        state = new_game(random_variant(rng), n, dealer=rng.randrange(n))
        state = late_start(state, rng, ("endgame", "tie-break")[i % 2])
        final, _ = play_checked(state, rng, random.Random(f"{SEED}:end:{i}:checks"), seen)
        if final.tiebreak:  # rule C-26: a tied player wins
            assert set(final.winners) <= set(final.tiebreak)
    assert seen.kinds["tie-break step"] > 0


@pytest.mark.parametrize("i", range(3))
def test_same_seed_same_game(i: int) -> None:
    label = f"{SEED}:same:{i}"
    first, actions, final = seeded_game(label)
    assert (first, actions, final) == seeded_game(label)
    assert final.is_over
    assert final == reduce(
        apply, actions, new_game(first.variant, first.num_players, dealer=first.dealer)
    )


def test_replay_of_a_recorded_game_gives_the_same_state() -> None:
    first, actions, final = seeded_game(f"{SEED}:replay")
    # replayed from new_game with the same variant, players and dealer, chance included
    replayed = new_game(first.variant, first.num_players, dealer=first.dealer)
    assert first == replayed
    for action in actions:
        replayed = apply(replayed, action)
    assert final == replayed
    assert hash(final) == hash(replayed)
    assert (True, final.winners) == (replayed.is_over, replayed.winners)


def test_laydown_meld_order_agrees_with_legal_actions() -> None:
    # The melds of equal groups (the two sets of phase 1) in either order are one laydown,
    # so apply() and legal_actions() cannot disagree about the order.
    state = draw(start([READY, "Y5 Y6 Y7 R8 B9 G10 Y11 R12 B6 G7"], "R5"), "G5")
    (listed,) = [a for a in legal_actions(state) if isinstance(a, LayDown)]
    swapped = LayDown(0, PhaseMelds(listed.laydown.phase, listed.laydown.melds[::-1]))
    assert (listed, str(listed)) == (swapped, str(swapped))
    assert (True, True) == (swapped in legal_actions(state), is_legal(state, swapped))


# ----------------------------------------------------------------------------- state machine


class EngineMachine(RuleBasedStateMachine):
    """Random legal play with random chance, 2-6 players, every rule option."""

    def __init__(self) -> None:
        super().__init__()
        self.state = new_game(CLASSIC, 2)
        self.rng = random.Random(0)

    @initialize(
        n=st.integers(2, 6),
        dealer=st.integers(0, 5),
        seed=st.integers(0, 2**32 - 1),
        start=st.sampled_from(["fresh", "mid-game", "endgame", "tie-break"]),
        prefix=st.integers(0, 600),
    )
    def begin(self, n: int, dealer: int, seed: int, start: str, prefix: int) -> None:
        self.rng = rng = random.Random(seed)
        state = new_game(random_variant(rng), n, dealer=dealer % n)
        state = late_start(state, rng, start)
        if start != "fresh":
            state = play_quietly(state, rng, prefix)
        self.state = state

    @precondition(lambda self: self.state.is_chance)
    @rule(data=st.data())
    def chance(self, data: st.DataObject) -> None:
        legal = legal_actions(self.state)
        if data.draw(st.booleans(), label="by probability"):
            action: Action = sample_chance(self.state, self.rng)
        else:
            action = data.draw(st.sampled_from(legal), label="outcome")
        self.advance(action)

    @precondition(lambda self: not self.state.is_over and not self.state.is_chance)
    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        legal: Sequence[Action] = legal_actions(self.state)
        progress: list[Action] = [a for a in legal if isinstance(a, LayDown | Hit)]
        if len(progress) > 0 and data.draw(st.booleans(), label="make progress"):
            legal = progress
        self.advance(data.draw(st.sampled_from(legal), label="action"))

    @precondition(lambda self: not self.state.is_over)
    @rule(steps=st.integers(1, 40))
    def play_on(self, steps: int) -> None:
        for _ in range(steps):
            if self.state.is_over:
                break
            self.advance(choose(self.state, self.rng))

    @precondition(lambda self: not self.state.is_over)
    @rule()
    def every_listed_action_applies(self) -> None:
        for action in legal_actions(self.state):
            assert is_legal(self.state, action)
            apply(self.state, action).validate()

    @precondition(lambda self: not self.state.is_over)
    @rule()
    def actions_near_the_legal_ones_are_refused(self) -> None:
        check_refusals(self.state, legal_actions(self.state), self.rng)

    @precondition(lambda self: self.state.is_over)
    @rule()
    def a_finished_game_refuses_everything(self) -> None:
        assert () == legal_actions(self.state)
        check_refusals(self.state, (), self.rng)

    @invariant()
    def consistent(self) -> None:
        check_node(self.state)

    def advance(self, action: Action) -> None:
        legal = check_node(self.state)
        self.state = checked_step(self.state, legal, action, self.rng, deep=True, sweep=False)


EngineMachine.TestCase.settings = settings(
    max_examples=sized(30, slow=300, compat=10),
    stateful_step_count=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestEngineMachine = EngineMachine.TestCase
