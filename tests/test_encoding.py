"""The action encoding and the observation: properties over random states of every variant.

States come from seeded random play through the ids themselves (a laydown is taken one
sub-decision at a time), so they cover the deal, draws, laydowns under way, hits, Phase 10
Master's action cards and the announced phases of "10 Phases".
"""

from __future__ import annotations

import array
import collections
import random
from collections.abc import Iterable, Iterator

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from phase10 import (
    Action,
    Announce,
    Card,
    Discard,
    GameState,
    GreedyBot,
    IllegalActionError,
    LayDown,
    PlayerView,
    TurnStep,
    Violation,
    apply,
    chance_outcomes,
    encoding,
    find_variant,
    legal_actions,
    new_game,
    sample_chance,
    sample_state,
    sort_cards,
    variant_names,
    view,
)
from phase10.encoding import (
    ENCODING_VERSION,
    ChoosePhase,
    Confirm,
    Select,
    Selection,
    decode,
    encode,
    legal_ids,
    legal_mask,
    num_actions,
    step,
)
from phase10.observation import observation, observation_into, observation_size
from tests.depth import examples, sized

VARIANTS = variant_names()
NO_SELECTION = Selection()


def random_position(
    name: str, players: int, seed: int, steps: int
) -> tuple[GameState, Selection, random.Random]:
    """The position after ``steps`` seeded random steps (ids, or chance) of a new game.

    Stops early at the end of the game. The position may have a laydown under way.
    """
    rng = random.Random(f"encoding:{name}:{players}:{seed}")
    state = new_game(find_variant(name), players)
    selection = NO_SELECTION
    for _ in range(steps):
        if state.is_over:
            break
        if state.is_chance:
            state = apply(state, sample_chance(state, rng))
        else:
            ids = legal_ids(state, selection=selection)
            state, selection = step(state, ids[int(rng.random() * len(ids))], selection=selection)
    return state, selection, rng


@st.composite
def positions(draw: st.DrawFn) -> tuple[GameState, Selection, random.Random]:
    """A random position of a random built-in variant and player count."""
    name = draw(st.sampled_from(VARIANTS))
    variant = find_variant(name)
    players = draw(st.integers(variant.min_players, variant.max_players))
    seed = draw(st.integers(0, 10**6))
    steps = draw(st.integers(0, 400))
    return random_position(name, players, seed, steps)


def build(
    state: GameState, action: LayDown | Announce
) -> Iterator[tuple[int, Selection, ChoosePhase | Select | Confirm]]:
    """Each sub-decision towards ``action``: its id, the selection before it, and it."""
    selection = NO_SELECTION
    while True:
        i = encode(state, action, selection=selection)
        meaning = decode(state, i, selection=selection)
        assert isinstance(meaning, ChoosePhase | Select | Confirm)
        yield i, selection, meaning
        if isinstance(meaning, Confirm):
            return
        same, selection = step(state, i, selection=selection)
        assert same is state


def check_ids(state: GameState, selection: Selection) -> tuple[int, ...]:
    """Legal ids are sorted, in range, and exactly the 1s of the mask.

    (The encoding keeps the analysis of the last position it was asked about, so the checks
    ask about one position at a time.)
    """
    n = num_actions(state.variant, state.num_players)
    ids = legal_ids(state, selection=selection)
    mask = legal_mask(state, selection=selection)
    assert list(ids) == sorted(set(ids))
    assert all(0 <= i < n for i in ids)
    assert len(mask) == n
    assert {i for i, bit in enumerate(mask) if bit} == set(ids)
    assert set(mask) <= {0, 1}
    return ids


def check_position(state: GameState, selection: Selection, rng: random.Random) -> None:
    """Every property of the encoding that one position can show."""
    ids = check_ids(state, selection)
    if state.is_over:
        assert ids == ()
        return
    if state.is_chance:
        outcomes = {encode(state, a): a for a, _ in chance_outcomes(state)}
        assert set(ids) == set(outcomes)
        for i, outcome in outcomes.items():
            assert decode(state, i) == outcome
        return
    assert ids, "a player always has something to do"
    acting = state.current_player
    assert acting is not None and acting >= 0
    if not selection.active:
        assert legal_ids(view(state, acting)) == ids
    if selection.active:
        # only sub-decisions are legal, and each one leads on to a legal laydown
        for i in ids:
            assert isinstance(decode(state, i, selection=selection), ChoosePhase | Select | Confirm)
        walk_to_confirm(state, selection, rng)
        return
    check_ids(state, selection)
    actions = legal_actions(state)
    plain = [a for a in actions if not isinstance(a, LayDown | Announce)]
    for plain_action in plain:
        i = encode(state, plain_action)
        assert i in ids
        assert decode(state, i) == plain_action
    assert len({encode(state, a) for a in plain}) == len(plain)
    options = [a for a in actions if isinstance(a, LayDown | Announce)]
    for action in rng.sample(options, min(4, len(options))):
        check_reachable(state, action)


def check_reachable(state: GameState, action: LayDown | Announce) -> None:
    """The laydown is a sequence of legal sub-decisions whose confirmation applies it."""
    for i, selection, meaning in build(state, action):
        assert i in legal_ids(state, selection=selection)
        if isinstance(meaning, Confirm):
            after, rest = step(state, i, selection=selection)
            assert after == apply(state, action)
            assert rest == NO_SELECTION


def walk_to_confirm(state: GameState, selection: Selection, rng: random.Random) -> None:
    """Random sub-decisions from ``selection`` never get stuck before a confirmation."""
    for _ in range(100):
        ids = legal_ids(state, selection=selection)
        assert ids, f"no way on from {selection!r}"
        i = ids[int(rng.random() * len(ids))]
        meaning = decode(state, i, selection=selection)
        after, selection = step(state, i, selection=selection)
        if isinstance(meaning, Confirm):
            assert not selection.active
            assert after is not state
            return
        assert after is state
    raise AssertionError("a laydown took more than 100 sub-decisions")


def reference_observation(v: PlayerView, selection: Selection) -> list[float]:
    """The observation as documented in ``observation()``, written plainly, card by card."""
    variant, n = v.variant, len(v.players)
    cards = list(dict.fromkeys(sort_cards(variant.deck_for(variant.max_players))))
    k = len(cards)
    phases = len(variant.phases)
    groups = max(len(p.groups) for p in variant.phases)

    def counts(of: Iterable[Card]) -> list[float]:
        out = [0.0] * k
        for card in of:
            out[cards.index(card)] += 1.0
        return out

    vec = [1.0 if step is v.step else 0.0 for step in TurnStep]
    vec.append(1.0 if v.current_player == v.player else 0.0)
    vec += counts(v.hand)
    vec += counts(v.discard_pile[-1:])
    vec += counts(v.discard_pile)
    vec.append(v.draw_count / len(variant.deck_for(n)))
    for r in range(n):
        seat = (v.player + r) % n
        s = v.players[seat]
        vec += [s.hand_size / 10, s.score / 100, s.laid_down, s.skipped, s.take_two]
        vec += [s.keep_all, s.skip_guard / n, v.current_player == seat, v.dealer == seat]
        vec += [1.0 if i == min(s.phase, phases) else 0.0 for i in range(phases + 1)]
    for r in range(n):
        row = v.table[(v.player + r) % n] if v.table else ()
        for m in range(groups):
            vec += counts(row[m].cards) if m < len(row) else [0.0] * k
    vec += counts(card for _, card in v.offers)
    vec += counts(v.drawn)
    for g in range(groups):
        vec += counts(pick.card for pick in selection.picks if pick.group == g)
    vec += [1.0 if i == selection.phase else 0.0 for i in range(phases)]
    for r in range(n):  # version 3: the cards known to be in each hand
        vec += counts(v.players[(v.player + r) % n].known)
    return [float(x) for x in vec]


def check_observations(state: GameState, selection: Selection, rng: random.Random) -> None:
    """Observations have the documented size and ignore the cards the viewer cannot see."""
    size = observation_size(state.variant, state.num_players)
    for seat in range(state.num_players):
        seat_view = view(state, seat)
        own = selection if state.current_player == seat else NO_SELECTION
        vec = observation(seat_view, selection=own)
        assert len(vec) == size
        assert list(vec) == reference_observation(seat_view, own)
        # the float32 path the adapters use agrees to float32 precision
        buffer = array.array("f", bytes(4 * size))
        observation_into(buffer, seat_view, selection=own)
        assert list(buffer) == list(array.array("f", vec))
        assert all(x >= 0 for x in vec)
        other = sample_state(seat_view, rng)
        assert view(other, seat) == seat_view
        assert observation(view(other, seat), selection=own) == vec


def test_version() -> None:
    assert ENCODING_VERSION == 3


@pytest.mark.parametrize("name", VARIANTS)
def test_sizes_grow_with_players(name: str) -> None:
    variant = find_variant(name)
    sizes = [num_actions(variant, n) for n in range(variant.min_players, variant.max_players + 1)]
    assert sizes == sorted(set(sizes))
    obs = [
        observation_size(variant, n) for n in range(variant.min_players, variant.max_players + 1)
    ]
    assert obs == sorted(set(obs))


@pytest.mark.parametrize("name", VARIANTS)
def test_every_position_of_seeded_games(name: str) -> None:
    """Walk seeded random games of each variant and check every position on the way.

    400 positions for each player count (120 in a compat run, :mod:`tests.depth`).
    """
    variant = find_variant(name)
    for players in sorted({variant.min_players, variant.max_players}):
        state, selection, rng = random_position(name, players, 0, 0)
        for _ in range(sized(400, slow=2000, compat=120)):
            check_position(state, selection, rng)
            # consecutive positions: the observation's reuse of the last discard pile
            check_observations(state, selection, rng)
            if state.is_over:
                break
            if state.is_chance:
                state = apply(state, sample_chance(state, rng))
            else:
                ids = legal_ids(state, selection=selection)
                state, selection = step(
                    state, ids[int(rng.random() * len(ids))], selection=selection
                )


@settings(deadline=None)
@given(positions())
def test_encoding_properties(position: tuple[GameState, Selection, random.Random]) -> None:
    check_position(*position)


@settings(deadline=None)
@given(positions())
def test_observation_properties(position: tuple[GameState, Selection, random.Random]) -> None:
    check_observations(*position)


@settings(deadline=None, max_examples=examples(30))
@given(positions(), st.integers(0, 2**31))
def test_illegal_ids_are_refused(
    position: tuple[GameState, Selection, random.Random], i: int
) -> None:
    state, selection, _ = position
    if i in legal_ids(state, selection=selection):
        return
    with pytest.raises(IllegalActionError) as info:
        decode(state, i, selection=selection)
    assert info.value.code is Violation.UNKNOWN_ACTION
    if isinstance(state, GameState):
        with pytest.raises(IllegalActionError):
            step(state, i, selection=selection)


def test_a_plain_action_is_refused_while_a_laydown_is_under_way() -> None:
    for seed in range(200):
        state, selection, _ = random_position("classic", 2, seed, 300)
        if selection.active:
            break
    else:  # pragma: no cover
        pytest.fail("no seeded game had a laydown under way")
    plain: Action | None = next(
        (a for a in legal_actions(state) if not isinstance(a, LayDown | Announce)), None
    )
    assert plain is not None
    with pytest.raises(IllegalActionError) as info:
        encode(state, plain, selection=selection)
    assert info.value.code is Violation.WRONG_STEP


def test_observation_into_fills_lists_and_float_arrays_alike() -> None:
    state, _, _ = random_position("master", 3, 5, 250)
    seat_view = view(state, 1)
    size = observation_size(state.variant, 3)
    expected = list(observation(seat_view))
    doubles = array.array("d", bytes(8 * size))
    observation_into(doubles, seat_view)
    assert list(doubles) == expected
    floats = array.array("f", bytes(4 * size))
    observation_into(floats, seat_view)
    assert list(floats) == list(array.array("f", expected))
    with pytest.raises(TypeError, match="'f' or 'd', got 'i'"):
        observation_into(array.array("i", bytes(4 * size)), seat_view)  # type: ignore[arg-type]


def test_observation_into_other_sequences_and_wrong_sizes() -> None:
    state, _, _ = random_position("classic", 3, 8, 200)
    seat_view = view(state, 0)
    size = observation_size(state.variant, 3)
    filled: collections.deque[float] = collections.deque([0.0] * size)
    observation_into(filled, seat_view)
    assert list(filled) == list(observation(seat_view))
    with pytest.raises(ValueError, match=f"= {size} zeros, got {size - 1} elements"):
        observation_into([0.0] * (size - 1), seat_view)


def test_a_discard_pile_that_is_not_a_tuple_is_counted_not_remembered() -> None:
    """A view built by hand may hold a list; later observations must not reuse its counts."""
    state, _, rng = random_position("classic", 2, 3, 150)
    seat_view = view(state, 0)
    assert seat_view.discard_pile
    pile = list(seat_view.discard_pile)
    as_list = attrs.evolve(seat_view, discard_pile=pile)  # type: ignore[arg-type]
    assert observation(as_list) == observation(seat_view)
    pile.append(pile[0])  # changed in place afterwards
    for _ in range(40):  # consecutive positions still agree with the plain reference
        if state.is_over:
            break
        if state.is_chance:
            state = apply(state, sample_chance(state, rng))
            continue
        check_observations(state, NO_SELECTION, rng)
        actions = legal_actions(state)
        state = apply(state, actions[int(rng.random() * len(actions))])


def test_a_subclass_of_an_action_is_not_legal() -> None:
    state, _, rng = random_position("classic", 2, 3, 0)
    while state.step is not TurnStep.PLAY:
        if state.is_chance:
            state = apply(state, sample_chance(state, rng))
        else:
            state = apply(state, legal_actions(state)[0])
    discard = next(a for a in legal_actions(state) if isinstance(a, Discard))

    @attrs.frozen
    class MyDiscard(Discard):
        pass

    mine = MyDiscard(discard.player, discard.card, discard.target)
    with pytest.raises(IllegalActionError) as info:
        encode(state, mine)
    assert info.value.code is Violation.UNKNOWN_ACTION
    with pytest.raises(TypeError, match="not an action"):
        encode(state, "D R5")  # type: ignore[arg-type]


# --- a bot from an id policy (issue 26 item 3) ------------------------------------------------


def _at_draw() -> GameState:
    """A new classic 2-player game, dealt: the first player to draw."""
    state = new_game(find_variant("classic"), 2)
    rng = random.Random(5)
    while state.is_chance:
        state = apply(state, sample_chance(state, rng))
    assert TurnStep.DRAW is state.step
    return state


def _first_id(v: PlayerView, ids: tuple[int, ...], selection: encoding.Selection) -> int:
    return ids[0]


def _last_id(v: PlayerView, ids: tuple[int, ...], selection: encoding.Selection) -> int:
    return ids[-1]


def _greedy_ids(v: PlayerView, ids: tuple[int, ...], selection: encoding.Selection) -> int:
    """GreedyBot's action as ids: its laydown one sub-decision at a time."""
    return encode(v, GreedyBot().act(v, random.Random(0)), selection=selection)


@pytest.mark.parametrize("name", ["classic-first-1", "master", "ten-phases"])
def test_an_id_policy_bot_builds_the_action_its_ids_encode(name: str) -> None:
    rng = random.Random(name)
    state = new_game(find_variant(name), 2)
    bot = encoding.IdPolicyBot(_greedy_ids)
    laid = 0
    for _ in range(300):
        if state.is_over:
            break
        if state.is_chance:
            state = apply(state, sample_chance(state, rng))
            continue
        seat = state.current_player
        assert seat is not None
        v = view(state, seat)
        action = bot.act(v, rng)
        assert GreedyBot().act(v, random.Random(0)) == action
        laid += isinstance(action, LayDown | Announce)
        state = apply(state, action)
    assert laid > 0


def test_an_id_policy_bot_plays_the_policys_choice() -> None:
    state = _at_draw()
    seat = state.current_player
    assert seat is not None
    v = view(state, seat)
    ids = encoding.legal_ids(v)
    assert encoding.decode(v, ids[0]) == encoding.IdPolicyBot(_first_id).act(v, random.Random(0))
    assert encoding.decode(v, ids[-1]) == encoding.IdPolicyBot(_last_id).act(v, random.Random(0))


@pytest.mark.parametrize("answer", [10**9, "0", 0.0, True, None])
def test_an_id_policy_bot_refuses_what_is_not_a_legal_id(answer: object) -> None:
    state = _at_draw()
    seat = state.current_player
    assert seat is not None
    bot = encoding.IdPolicyBot(lambda v, ids, selection: answer)  # type: ignore[arg-type,return-value]
    with pytest.raises(IllegalActionError) as caught:
        bot.act(view(state, seat), random.Random(0))
    assert Violation.UNKNOWN_ACTION == caught.value.code


def test_an_id_policy_bot_refuses_a_seat_not_to_act() -> None:
    state = _at_draw()
    seat = state.current_player
    assert seat is not None
    with pytest.raises(IllegalActionError) as caught:
        encoding.IdPolicyBot(_first_id).act(view(state, 1 - seat), random.Random(0))
    assert Violation.NOT_YOUR_TURN == caught.value.code


def test_advance_is_what_step_applies() -> None:
    state = _at_draw()
    for i in encoding.legal_ids(state):
        done = encoding.advance(state, i)
        assert not isinstance(done, encoding.Selection)
        assert (apply(state, done), encoding.Selection()) == encoding.step(state, i)


# --- seat-relative ids (issue 26 item 3) ------------------------------------------------------


@settings(max_examples=examples(25), deadline=None)
@given(positions())
def test_relative_ids_round_trip(position: tuple[GameState, Selection, random.Random]) -> None:
    state, selection, _ = position
    absolute = legal_ids(state, selection=selection)
    relative = legal_ids(state, selection=selection, seats="relative")
    assert len(absolute) == len(relative)
    assert sorted(encoding.to_relative(state, i) for i in absolute) == list(relative)
    assert absolute == tuple(sorted(encoding.to_absolute(state, i) for i in relative))
    mask = legal_mask(state, selection=selection, seats="relative")
    assert list(relative) == [i for i, m in enumerate(mask) if m]
    for i in absolute:
        r = encoding.to_relative(state, i)
        meaning = decode(state, i, selection=selection)
        assert meaning == decode(state, r, selection=selection, seats="relative")
        if isinstance(meaning, Action):
            assert r == encode(state, meaning, selection=selection, seats="relative")
            assert step(state, i, selection=selection) == step(
                state, r, selection=selection, seats="relative"
            )


def test_relative_ids_count_seats_from_the_acting_one() -> None:
    """A skip's target in a discard id (``card x (P + 1) + target + 1``) is counted from the
    acting seat: the next seat is 1 whoever plays (C-20)."""
    seats: set[int] = set()
    for seed in range(60):
        state, selection, _ = random_position("classic", 3, seed, 80)
        if state.step is not TurnStep.PLAY or selection.active:
            continue
        seat = state.current_player
        assert seat is not None
        for a in legal_actions(state):
            if isinstance(a, Discard) and a.target is not None:
                moved = (a.target - seat) % 3 - a.target
                assert encode(state, a) + moved == encode(state, a, seats="relative")
                seats.add(seat)
    assert {1, 2} <= seats  # seats whose relative ids differ from the absolute ones


def test_relative_ids_are_the_absolute_ones_for_seat_zero() -> None:
    state = _at_draw()
    zero = attrs.evolve(state, turn=0)
    for i in range(num_actions(state.variant, 2)):
        assert i == encoding.to_relative(zero, i)


def test_a_bad_seats_option_is_refused() -> None:
    with pytest.raises(ValueError, match="seats must be"):
        legal_ids(_at_draw(), seats="left")  # type: ignore[arg-type]
