"""Random play on every built-in variant: seeded whole games and a Hypothesis state machine.

For each name in :func:`phase10.variant_names`:

* seeded games (players mostly greedy, a quarter of their moves random) are played to
  their end, checking at every step that the cards of
  the variant's deck for that many players are conserved (hands, draw, discard and blue
  piles, a Take two draw, Give five offers, the table), that ``apply`` leaves its input
  unchanged, and that every game ends within a bound of hands and steps; every few steps
  every listed legal action is applied and near-miss actions are refused;
* a :class:`~hypothesis.stateful.RuleBasedStateMachine` starts from a seeded position (at
  the deal or deep into a game) and chooses the next actions itself.

``PHASE10_SLOW=1`` plays every player count with more seeds and runs more examples; a compat
run (:mod:`tests.depth`) plays the fewest players only and runs fewer examples.
"""

from __future__ import annotations

import random
from collections import deque

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from phase10 import (
    Action,
    GameState,
    apply,
    find_variant,
    legal_actions,
    new_game,
    variant_names,
)
from tests.depth import COMPAT, SLOW, sized
from tests.helpers import (
    check_every_legal_action,
    check_refusals,
    check_state,
    check_step,
    mutations,
    play_random_game,
    progress_action,
    random_action,
)

NAMES = variant_names()

#: No seeded game may take more hands or steps than this (the games take 6 to 15 hands and
#: 200 to 1,600 steps; uniformly random players took up to 30,000 steps, see below).
MAX_HANDS = 100
MAX_STEPS = 150_000


def _player_counts(name: str) -> tuple[int, ...]:
    variant = find_variant(name)
    counts = range(variant.min_players, variant.max_players + 1)
    if SLOW:  # every player count
        return tuple(counts)
    if COMPAT:  # a compat run (tests.depth): the fewest players only
        return (variant.min_players,)
    # the fewest players, and a middle count: enough to exercise seat order cheaply
    return tuple(sorted({variant.min_players, min(variant.max_players, 3)}))


GAMES = [
    (name, players, seed)
    for name in NAMES
    for players in _player_counts(name)
    for seed in range(sized(1, slow=5))
]


@pytest.mark.parametrize(("name", "players", "seed"), GAMES)
def test_seeded_random_game_conserves_cards_and_ends(name: str, players: int, seed: int) -> None:
    """A whole game of each variant and player count conserves its cards and ends (C-1).

    The players make progress (:func:`~tests.helpers.progress_action`: GreedyBot, a random
    legal action a quarter of the time), so every hand ends with a player going out or
    the game with a winner, as the property needs: uniformly random players seldom
    complete a "10 Phases" phase and ran 20,000 to 30,000 steps to the turn bound (C-16,
    tested in tests/test_hand_bound.py), about a minute each, proving nothing more per
    step. Every 10th step (every 7th with ``PHASE10_SLOW=1``) applies every legal action
    and tries near misses, 20 to 150 times a game; uniformly random positions are the
    state machine's below.
    """
    variant = find_variant(name)
    final, steps = play_random_game(
        variant,
        players,
        f"variants:{name}:{players}:{seed}",
        max_hands=MAX_HANDS,
        max_steps=MAX_STEPS,
        full_every=sized(10, slow=7, compat=30),
        choose=progress_action,
    )
    assert final.is_over
    assert final.winners
    assert 0 < steps <= MAX_STEPS


@pytest.mark.parametrize("name", NAMES)
def test_same_seed_same_game(name: str) -> None:
    # explicit chance and Random.random() only: a seed replays the same actions
    def actions(seed: str) -> list[Action]:
        rng = random.Random(seed)
        state = new_game(find_variant(name), 3)
        taken: list[Action] = []
        for _ in range(400):
            if state.is_over:
                break
            action = random_action(state, rng)
            taken.append(action)
            state = apply(state, action)
        return taken

    assert actions("replay") == actions("replay")


class VariantMachine(RuleBasedStateMachine):
    """Drives one variant through ``legal_actions`` and ``apply``, checking every state."""

    #: The variant's name; :func:`machine_for` makes one subclass per variant.
    name = "classic"

    def __init__(self) -> None:
        super().__init__()
        self.variant = find_variant(self.name)
        self.state: GameState | None = None
        self.rng = random.Random(0)
        #: Actions legal a little earlier: good candidates for refusals now.
        self.recent: deque[Action] = deque(maxlen=30)

    @initialize(data=st.data())
    def new_game(self, data: st.DataObject) -> None:
        variant = self.variant
        players = data.draw(st.integers(variant.min_players, variant.max_players), "players")
        dealer = data.draw(st.integers(0, players - 1), "dealer")
        seed = data.draw(st.integers(0, 2**16), "seed")
        forward = data.draw(st.sampled_from((0, 25, 300, 1500, 5000)), "forward")
        self.rng = random.Random(f"{variant.name}:{seed}")
        state = new_game(variant, players, dealer=dealer)
        for _ in range(forward):  # a seeded walk to a position deep into a game
            if state.is_over:
                break
            action = random_action(state, self.rng)
            self.recent.append(action)
            state = apply(state, action)
        self.state = state

    def _state(self) -> GameState:
        assert self.state is not None
        return self.state

    @precondition(lambda self: self.state is not None and not self.state.is_over)
    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        state = self._state()
        legal = legal_actions(state)
        action = legal[data.draw(st.integers(0, len(legal) - 1), "action")]
        after = apply(state, action)
        check_step(state, action, after)
        self.recent.append(action)
        self.state = after

    @precondition(lambda self: self.state is not None)
    @rule()
    def refuse_near_misses(self) -> None:
        state = self._state()
        candidates = [*mutations(state, legal_actions(state), self.rng), *self.recent]
        check_refusals(state, candidates)

    @precondition(lambda self: self.state is not None)
    @rule()
    def every_legal_action_applies(self) -> None:
        check_every_legal_action(self._state())

    @invariant()
    def consistent(self) -> None:
        if self.state is not None:
            check_state(self.state)


def machine_for(name: str) -> type[VariantMachine]:
    """The state machine of one variant."""
    return type(f"VariantMachine_{name}", (VariantMachine,), {"name": name})


@pytest.mark.parametrize("name", NAMES)
def test_state_machine(name: str) -> None:
    run_state_machine_as_test(
        machine_for(name),
        settings=settings(
            max_examples=sized(15, slow=60, compat=5),
            stateful_step_count=sized(20, slow=40),
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        ),
    )
