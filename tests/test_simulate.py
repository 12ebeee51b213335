"""Simulation (src/phase10/simulation.py): seeded games between bots, on any executor."""

from __future__ import annotations

import concurrent.futures
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import phase10
from phase10 import (
    CLASSIC,
    Action,
    GreedyBot,
    PlayerView,
    RandomBot,
    SimulationResult,
    find_variant,
    simulate,
    win_interval,
)
from phase10.errors import IllegalActionError, InvalidStateError
from phase10.simulation import GameResult, _per_bot, play_game

SHORT = find_variant("classic-first-2")
BOTS = (GreedyBot(), RandomBot(), RandomBot())


@pytest.fixture(scope="module")
def serial() -> SimulationResult:
    return simulate(6, BOTS, variant=SHORT, seed=42)


def test_results_add_up(serial: SimulationResult) -> None:
    assert len(serial.games) == 6
    assert [b.index for b in serial.bots] == [0, 1, 2]
    assert [b.name for b in serial.bots] == ["GreedyBot", "RandomBot", "RandomBot"]
    assert all(b.games == 6 for b in serial.bots)
    assert pytest.approx(sum(b.wins for b in serial.bots)) == 6
    assert [g.index for g in serial.games] == list(range(6))
    assert serial.seed == "42"
    assert serial.variant == SHORT
    for b in serial.bots:
        scores = [g.scores[g.bots.index(b.index)] for g in serial.games]
        assert b.mean_score == pytest.approx(sum(scores) / 6)
        assert b.mean_hands == pytest.approx(sum(g.hands for g in serial.games) / 6)


def test_seats_rotate_between_games(serial: SimulationResult) -> None:
    # bot b sits in seat (b + g) % 3 in game g
    assert [g.bots for g in serial.games[:3]] == [(0, 1, 2), (2, 0, 1), (1, 2, 0)]
    fixed = simulate(3, BOTS, variant=SHORT, seed=42, rotate=False)
    assert all(g.bots == (0, 1, 2) for g in fixed.games)


def test_each_game_depends_only_on_the_seed_and_its_index(serial: SimulationResult) -> None:
    game = serial.games[4]
    again = play_game(SHORT, BOTS, seed="42", index=4, seating=game.bots)
    assert game == again
    assert serial == simulate(6, BOTS, variant=SHORT, seed="42")
    assert serial != simulate(6, BOTS, variant=SHORT, seed=43)


def test_threads_give_the_same_results(serial: SimulationResult) -> None:
    with concurrent.futures.ThreadPoolExecutor(max_workers=3) as pool:
        assert serial == simulate(6, BOTS, variant=SHORT, seed=42, executor=pool)


def test_processes_give_the_same_results(serial: SimulationResult) -> None:
    with concurrent.futures.ProcessPoolExecutor(max_workers=2) as pool:
        assert serial == simulate(6, BOTS, variant=SHORT, seed=42, executor=pool)


def test_a_map_like_callable_gives_the_same_results(serial: SimulationResult) -> None:
    assert serial == simulate(6, BOTS, variant=SHORT, seed=42, executor=map)

    def listing_map(fn: object, items: object) -> list[object]:
        return list(map(fn, items))  # type: ignore[call-overload]

    assert serial == simulate(6, BOTS, variant=SHORT, seed=42, executor=listing_map)


def test_progress_is_reported_up_to_the_total() -> None:
    seen: list[tuple[int, int]] = []
    simulate(
        3, BOTS, variant=find_variant("classic-first-1"), on_progress=lambda *a: seen.append(a)
    )
    assert seen == [(1, 3), (2, 3), (3, 3)]
    seen.clear()
    simulate(0, BOTS, on_progress=lambda *a: seen.append(a))
    assert seen == []


def test_records_replay_to_the_same_end() -> None:
    result = simulate(2, BOTS, variant=SHORT, seed=1, record=True)
    for game in result.games:
        assert game.record is not None
        end = phase10.replay(game.record)
        assert end.is_over
        assert game.winners == end.winners
        assert game.scores == end.scores
        assert game.record.seed == f"1:{game.index}"
        back = phase10.GameRecord.from_text(game.record.to_text())
        assert game.record.actions == back.actions
    assert all(g.record is None for g in simulate(1, BOTS, variant=SHORT).games)


def test_shared_wins_count_as_fractions() -> None:
    games = [
        GameResult(
            index=0,
            bots=(0, 1, 2),
            winners=(0, 2),
            scores=(5, 9, 5),
            phases=(2, 1, 2),
            hands=3,
            actions=50,
        ),
        GameResult(
            index=1,
            bots=(1, 2, 0),
            winners=(0,),
            scores=(0, 9, 5),
            phases=(2, 1, 2),
            hands=4,
            actions=50,
        ),
    ]
    bots = _per_bot(BOTS, games)
    assert [b.wins for b in bots] == [0.5, 1.0, 0.5]
    assert [b.mean_score for b in bots] == [5.0, 4.5, 7.0]
    assert [b.mean_hands for b in bots] == [3.5] * 3
    assert [b.mean_phases for b in bots] == [2.0, 1.5, 1.5]
    assert [g.winning_bots for g in games] == [(0, 2), (1,)]


def test_games_given_up_at_max_actions_have_no_winner() -> None:
    result = simulate(2, (RandomBot(), RandomBot()), max_actions=5)
    assert result.unfinished == 2
    assert all(not g.finished and g.winners == () for g in result.games)
    assert [b.wins for b in result.bots] == [0.0, 0.0]
    assert "2 unfinished game(s)" in result.table()


def test_the_table_lists_every_bot(serial: SimulationResult) -> None:
    lines = serial.table().splitlines()
    assert lines[0].split() == [
        "bot",
        "games",
        "wins",
        "win",
        "%",
        "mean",
        "score",
        "mean",
        "hands",
        "mean",
        "phases",
    ]
    assert lines[1].startswith("1 GreedyBot")
    assert lines[3].startswith("3 RandomBot")


class Cheater:
    name = "cheater"

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        return phase10.Draw((view.player + 1) % view.num_players)


def test_an_illegal_bot_action_says_which_game_and_seat() -> None:
    with pytest.raises(IllegalActionError) as info:
        simulate(1, (Cheater(), GreedyBot()), seed="c")
    notes = getattr(info.value, "__notes__", [])
    assert any("cheater" in note and "game 0" in note for note in notes)


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"n_games": -1}, ValueError, "n_games"),
        ({"n_games": 1.5}, ValueError, "n_games"),
        ({"max_actions": 0}, ValueError, "max_actions"),
        ({"bots": (GreedyBot(), object())}, TypeError, "act"),
        ({"executor": 3}, TypeError, "executor"),
        ({"bots": (GreedyBot(),)}, InvalidStateError, "2 to 6 players"),
        ({"bots": (GreedyBot(),) * 5, "variant": phase10.TEN_PHASES}, InvalidStateError, "2 to 4"),
    ],
)
def test_bad_arguments_are_refused_up_front(
    kwargs: dict[str, object], error: type[Exception], match: str
) -> None:
    arguments: dict[str, object] = {"n_games": 1, "bots": BOTS, "variant": CLASSIC}
    arguments.update(kwargs)
    with pytest.raises(error, match=match):
        simulate(**arguments)  # type: ignore[arg-type]


def test_on_game_reports_every_game_as_it_finishes() -> None:
    seen: list[GameResult] = []
    result = simulate(4, BOTS, variant=SHORT, seed=7, on_game=seen.append)
    assert sorted(seen, key=lambda g: g.index) == list(result.games)
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        pooled: list[GameResult] = []
        simulate(4, BOTS, variant=SHORT, seed=7, executor=pool, on_game=pooled.append)
    assert sorted(pooled, key=lambda g: g.index) == list(result.games)


def test_decision_times_per_bot_and_labels_for_two_bots_of_one_class(
    serial: SimulationResult,
) -> None:
    greedy, first, second = serial.bots
    assert ["GreedyBot", "RandomBot#2", "RandomBot#3"] == [b.label for b in serial.bots]
    for b, bot in enumerate(serial.bots):
        counted = sum(len(g.times[g.bots.index(b)]) for g in serial.games)
        assert counted == bot.decisions > 0
        assert 0 < bot.time_p50 <= bot.time_p95 <= bot.time_max
        assert bot.time_mean <= bot.time_max
    assert sum(b.decisions for b in serial.bots) == sum(g.actions for g in serial.games)
    assert (first.label, second.label) != (first.name, second.name)
    assert greedy.label == greedy.name


def test_the_percentiles_are_nearest_rank() -> None:
    from phase10.simulation import _rank

    assert 0.0 == _rank([], 0.5)
    assert 2.0 == _rank([1.0, 2.0, 3.0, 4.0], 0.5)
    assert 4.0 == _rank([1.0, 2.0, 3.0, 4.0], 0.95)
    assert 1.0 == _rank([1.0], 0.95)


# --- win_interval --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("wins", "games", "expected"),
    # the roots of (p - wins/games)^2 = z^2 p (1 - p) / games, z = 1.96
    [
        (0, 0, (0.0, 1.0)),
        (5, 10, (0.2366, 0.7634)),
        (87, 100, (0.7902, 0.9224)),
        (0, 10, (0.0, 0.2775)),
    ],
)
def test_win_interval_is_wilsons(wins: float, games: int, expected: tuple[float, float]) -> None:
    low, high = win_interval(wins, games)
    assert expected == (round(low, 4), round(high, 4))


@given(st.integers(1, 10_000), st.floats(0, 1), st.floats(0.1, 5))
def test_win_interval_holds_the_win_rate(games: int, rate: float, z: float) -> None:
    wins = games * rate
    low, high = win_interval(wins, games, z=z)
    assert 0.0 <= low <= wins / games + 1e-12
    assert wins / games - 1e-12 <= high <= 1.0
    wider = win_interval(wins, games, z=z * 2)
    assert wider[0] <= low + 1e-12
    assert high - 1e-12 <= wider[1]


@pytest.mark.parametrize(
    ("wins", "games", "z"),
    [
        (1, -1, 1.96),
        (1, 1.5, 1.96),
        (2, 1, 1.96),
        (-1, 1, 1.96),
        (float("nan"), 1, 1.96),
        (True, 1, 1.96),
        ("1", 1, 1.96),
        (1, 1, 0),
        (1, 1, float("inf")),
    ],
)
def test_win_interval_refuses_what_is_not_a_tally(wins: object, games: object, z: object) -> None:
    with pytest.raises(ValueError):
        win_interval(wins, games, z=z)  # type: ignore[arg-type]
