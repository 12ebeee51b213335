"""Simulation: many seeded games between bots, serially or on any executor, with results.

Game ``g`` of a simulation with seed ``s`` draws its chance outcomes from
``random.Random(f"{s}:{g}")`` and gives the bot in seat ``i`` its own
``random.Random(f"{s}:{g}:{i}")``, so a game depends only on the seed, its index and the bots:
the results are the same serially, on threads, on processes or on a cluster.
"""

from __future__ import annotations

import concurrent.futures
import math
import random
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Protocol

import attrs

from phase10._checks import is_whole
from phase10.actions import Action
from phase10.bots import Bot
from phase10.chance import play_chance
from phase10.errors import ArgumentError
from phase10.limits import DEFAULT_LIMITS, Limits, check_limit
from phase10.records import GameRecord
from phase10.rules import apply, new_game
from phase10.variants import CLASSIC, Variant
from phase10.views import view

__all__ = [
    "BotResult",
    "GameResult",
    "MapLike",
    "SimulationResult",
    "bot_name",
    "play_game",
    "simulate",
    "win_interval",
]

#: Player actions after which a game is given up as unfinished (see ``max_actions``).
_DEFAULT_MAX_ACTIONS = 100_000


class MapLike(Protocol):
    """A ``map``-like callable: ``map(fn, items)`` returns ``fn(item)`` for every item, in order.

    The built-in :func:`map`, :meth:`multiprocessing.pool.Pool.map` and Ray's
    ``ray.util.multiprocessing.Pool().map`` are all map-like.
    """

    def __call__(self, fn: Callable[[Any], Any], items: Iterable[Any], /) -> Iterable[Any]:
        """Apply ``fn`` to every item; results in the order of ``items``."""
        ...


def bot_name(bot: object) -> str:
    """A short display name for a bot: its ``name`` attribute, else its class name.

    >>> from phase10.bots import GreedyBot
    >>> bot_name(GreedyBot())
    'GreedyBot'
    """
    name = getattr(bot, "name", None)
    return name if isinstance(name, str) and name else type(bot).__name__


@attrs.frozen(kw_only=True)
class GameResult:
    """How one game of a simulation ended.

    Attributes:
        index: The game's number, from 0; it seeds the game's randomness.
        bots: For each seat, the index in ``bots`` of the bot that played it.
        winners: The winning seats (several when tied without a tie-break); empty when the
            game was given up (see ``finished``).
        scores: Each seat's final penalty points.
        phases: Each seat's phases completed.
        hands: How many hands were played.
        actions: How many player actions were taken (chance not counted).
        finished: False when the game hit ``max_actions`` and was given up.
        record: The whole game as a :class:`~phase10.GameRecord`, with ``record=True``.
        times: For each seat, the seconds its bot took for each decision, in order (not
            compared by ``==``: timings differ from run to run).
    """

    index: int
    bots: tuple[int, ...]
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    phases: tuple[int, ...]
    hands: int
    actions: int
    finished: bool = True
    record: GameRecord | None = None
    times: tuple[tuple[float, ...], ...] = attrs.field(default=(), eq=False, repr=False)

    @property
    def winning_bots(self) -> tuple[int, ...]:
        """The indices (in ``bots``) of the bots that won."""
        return tuple(self.bots[seat] for seat in self.winners)


@attrs.frozen(kw_only=True)
class BotResult:
    """One bot's results over a simulation.

    Attributes:
        index: The bot's position in the ``bots`` passed to :func:`simulate`.
        name: Its display name (the ``name`` attribute, or the class name).
        games: Games it played.
        wins: Games won; a win shared by ``k`` tied players counts ``1/k`` for each.
        mean_score: Mean final penalty points (low is good).
        mean_hands: Mean number of hands its games lasted.
        mean_phases: Mean number of phases it completed.
        label: A name unique among the simulation's bots: the name, followed by ``#`` and
            the bot's number (from 1) when several bots share it.
        decisions: How many decisions it took.
        time_mean: Mean seconds per decision (0 without decisions).
        time_p50: Median seconds per decision.
        time_p95: 95th percentile of the seconds per decision (nearest rank).
        time_max: The slowest decision, in seconds.
    """

    index: int
    name: str
    games: int
    wins: float
    mean_score: float
    mean_hands: float
    mean_phases: float
    label: str = ""
    decisions: int = 0
    time_mean: float = attrs.field(default=0.0, eq=False)
    time_p50: float = attrs.field(default=0.0, eq=False)
    time_p95: float = attrs.field(default=0.0, eq=False)
    time_max: float = attrs.field(default=0.0, eq=False)

    @property
    def win_rate(self) -> float:
        """``wins / games`` (0 when no game was played)."""
        return self.wins / self.games if self.games else 0.0


def win_interval(wins: float, games: int, *, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate: 95% with the default ``z``.

    ``wins`` may be fractional, as :attr:`BotResult.wins` is (shared wins). With no games
    the interval is the whole of ``(0.0, 1.0)``.

    >>> [round(x, 4) for x in win_interval(87, 100)]
    [0.7902, 0.9224]

    Args:
        wins: Games won, from 0 to ``games``.
        games: Games played.
        z: The standard normal quantile of the confidence wanted (1.96: 95%).

    Returns:
        ``(low, high)``, the bounds of the interval, within 0 and 1.

    Raises:
        ArgumentError: ``games`` is not a whole number >= 0, ``wins`` not a number from 0 to
            ``games``, or ``z`` not a positive number.
    """
    if not is_whole(games, 0):
        raise ArgumentError(f"games must be a whole number >= 0, got {games!r}")
    given: tuple[object, object] = (wins, z)  # anything may come in, whatever the annotation
    if not _is_number(given[0]) or not 0 <= wins <= games:
        raise ArgumentError(f"wins must be a number from 0 to games ({games}), got {wins!r}")
    if not _is_number(given[1]) or not 0 < z < math.inf:
        raise ArgumentError(f"z must be a positive number, got {z!r}")
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    scale = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / scale
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / scale
    return (max(0.0, centre - half), min(1.0, centre + half))


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


@attrs.frozen(kw_only=True)
class SimulationResult:
    """The outcome of :func:`simulate`: per-bot results and every game's result.

    Attributes:
        variant: The rules played.
        seed: The simulation's seed.
        bots: One :class:`BotResult` per bot, in the order the bots were given.
        games: One :class:`GameResult` per game, in game order.
    """

    variant: Variant
    seed: str
    bots: tuple[BotResult, ...]
    games: tuple[GameResult, ...]

    @property
    def unfinished(self) -> int:
        """How many games were given up at ``max_actions`` (they have no winner)."""
        return sum(1 for g in self.games if not g.finished)

    def table(self) -> str:
        """The per-bot results as a plain-text table.

        >>> from phase10 import GreedyBot, RandomBot, find_variant
        >>> first = find_variant("classic-first-1")
        >>> result = simulate(2, [GreedyBot(), RandomBot()], variant=first)
        >>> print(result.table())  # doctest: +ELLIPSIS
        bot             games   wins   win %  mean score  mean hands  mean phases
        1 GreedyBot         2    ...
        2 RandomBot         2    ...
        """
        lines = [
            f"{'bot':<15} {'games':>5} {'wins':>6} {'win %':>7} {'mean score':>11} "
            f"{'mean hands':>11} {'mean phases':>12}"
        ]
        for b in self.bots:
            label = f"{b.index + 1} {b.name}"
            lines.append(
                f"{label:<15} {b.games:>5} {_fmt_wins(b.wins):>6} {100 * b.win_rate:>6.1f}% "
                f"{b.mean_score:>11.1f} {b.mean_hands:>11.2f} {b.mean_phases:>12.2f}"
            )
        if self.unfinished:
            lines.append(f"({self.unfinished} unfinished game(s) counted with no winner)")
        return "\n".join(lines)


def _fmt_wins(wins: float) -> str:
    return str(int(wins)) if wins == int(wins) else f"{wins:.2f}"


@attrs.frozen
class _Task:
    """The games one worker plays: everything they depend on, picklable."""

    variant: Variant
    bots: tuple[Bot, ...]
    seed: str
    games: tuple[int, ...]
    rotate: bool
    record: bool
    max_actions: int


def _seats(n: int, game: int, rotate: bool) -> tuple[int, ...]:
    """For each seat, the index of the bot that plays it in game ``game``."""
    return tuple((seat - game) % n if rotate else seat for seat in range(n))


def play_game(
    variant: Variant,
    bots: Sequence[Bot],
    *,
    seed: str,
    index: int = 0,
    seating: Sequence[int] | None = None,
    record: bool = False,
    max_actions: int = _DEFAULT_MAX_ACTIONS,
) -> GameResult:
    """Play one game to its end: seat ``i`` is played by ``bots[seating[i]]``.

    Chance uses ``random.Random(f"{seed}:{index}")``, the bot in seat ``i``
    ``random.Random(f"{seed}:{index}:{i}")``.

    >>> from phase10 import GreedyBot, find_variant
    >>> result = play_game(find_variant("classic-first-1"), [GreedyBot()] * 2, seed="0")
    >>> result.finished, len(result.winners) >= 1
    (True, True)

    Raises:
        IllegalActionError: a bot chose an illegal action (the error's notes say which game
            and seat).
    """
    n = len(bots)
    seating = tuple(range(n)) if seating is None else tuple(seating)
    chance = random.Random(f"{seed}:{index}")
    rngs = [random.Random(f"{seed}:{index}:{seat}") for seat in range(n)]
    players = [bots[seating[seat]] for seat in range(n)]
    state = new_game(variant, n)
    taken: list[Action] = []
    times: list[list[float]] = [[] for _ in range(n)]
    clock = time.perf_counter
    count = 0
    state, dealt = play_chance(state, chance)
    taken.extend(dealt)
    while not state.is_over and count < max_actions:
        seat = state.current_player
        assert seat is not None and seat >= 0
        seen = view(state, seat)
        start = clock()
        action = players[seat].act(seen, rngs[seat])
        times[seat].append(clock() - start)
        try:
            state = apply(state, action)
        except Exception as exc:
            exc.add_note(
                f"in game {index} (seed {seed!r}), played by {bot_name(players[seat])} "
                f"in seat p{seat + 1}"
            )
            raise
        taken.append(action)
        count += 1
        if state.is_chance:
            state, outcomes = play_chance(state, chance)
            taken.extend(outcomes)
    finished = state.is_over
    game_record = None
    if record:
        game_record = GameRecord(
            variant=variant,
            num_players=n,
            actions=tuple(taken),
            seed=f"{seed}:{index}",
            tags=(("Bots", ", ".join(bot_name(b) for b in players)),),
        )
    return GameResult(
        index=index,
        bots=seating,
        winners=state.winners if finished else (),
        scores=state.scores,
        phases=tuple(p.phase for p in state.players),
        hands=state.hand_number,
        actions=count,
        finished=finished,
        record=game_record,
        times=tuple(tuple(t) for t in times),
    )


def _run(task: _Task) -> list[GameResult]:
    """Play the games of ``task`` (module level, so process pools can pickle it)."""
    n = len(task.bots)
    return [
        play_game(
            task.variant,
            task.bots,
            seed=task.seed,
            index=g,
            seating=_seats(n, g, task.rotate),
            record=task.record,
            max_actions=task.max_actions,
        )
        for g in task.games
    ]


def _results(
    tasks: list[_Task],
    executor: concurrent.futures.Executor | MapLike | None,
) -> Iterator[list[GameResult]]:
    """Each task's results, as they come in (in any order for an executor)."""
    if executor is None:
        yield from map(_run, tasks)
    elif isinstance(executor, concurrent.futures.Executor):
        futures = [executor.submit(_run, task) for task in tasks]
        try:
            for future in concurrent.futures.as_completed(futures):
                yield future.result()
        finally:
            for future in futures:
                future.cancel()
    else:
        yield from executor(_run, tasks)


def simulate(
    n_games: int,
    bots: Sequence[Bot],
    *,
    variant: Variant = CLASSIC,
    seed: int | str = 0,
    executor: concurrent.futures.Executor | MapLike | None = None,
    on_progress: Callable[[int, int], None] | None = None,
    on_game: Callable[[GameResult], None] | None = None,
    rotate: bool = True,
    record: bool = False,
    max_actions: int = _DEFAULT_MAX_ACTIONS,
    limits: Limits = DEFAULT_LIMITS,
) -> SimulationResult:
    """Play ``n_games`` games between ``bots`` and gather each bot's results.

    There are ``len(bots)`` seats. With ``rotate`` (the default) the bots change seats from
    game to game so that none keeps the advantage of a seat: in game ``g`` bot ``b`` sits in
    seat ``(b + g) % len(bots)`` (the first player is seat 1, left of the dealer at seat 0).
    Game ``g`` uses ``random.Random(f"{seed}:{g}")`` for chance and gives the bot in seat
    ``i`` ``random.Random(f"{seed}:{g}:{i}")``: the results depend only on the seed, not on
    how the games are spread over workers.

    >>> from phase10 import GreedyBot, RandomBot, find_variant
    >>> result = simulate(4, [GreedyBot(), RandomBot()], variant=find_variant("classic-first-2"))
    >>> [(b.name, b.games) for b in result.bots]
    [('GreedyBot', 4), ('RandomBot', 4)]
    >>> sum(b.wins for b in result.bots)
    4.0

    Args:
        n_games: How many games to play.
        bots: One bot per seat (the same bot object may appear several times).
        variant: The rules (classic by default).
        seed: Any int or str; games are numbered from 0 within it.
        executor: Where to play: ``None`` plays in this thread; any
            :class:`concurrent.futures.Executor` (a process or thread pool, Dask's
            ``client.get_executor()``) or a :class:`MapLike` callable (``pool.map``) plays the
            games there. Bots and variant must then be picklable for process-based workers.
        on_progress: Called as ``on_progress(done, n_games)`` in this thread each time games
            finish.
        on_game: Called as ``on_game(result)`` in this thread with each game's
            :class:`GameResult` as soon as it is in (games played together on one worker
            come in together, in any order between workers): for live tallies and logs.
        rotate: Rotate seats between games (see above); ``False`` keeps bot ``i`` in seat
            ``i``.
        record: Keep every game as a :class:`~phase10.GameRecord` in
            ``result.games[g].record``.
        max_actions: Give a game up, unfinished and with no winner, after this many player
            actions (a safeguard: games between the built-in bots end far sooner).
        limits: ``n_games`` may be at most ``limits.max_games``.

    Returns:
        A :class:`SimulationResult`.

    Raises:
        ArgumentError: ``n_games`` is negative, ``max_actions`` not positive, a bot has no
            ``act`` method, or ``executor`` is neither an executor nor callable.
        LimitError: ``n_games`` is above ``limits.max_games``.
        InvalidStateError: the variant does not allow ``len(bots)`` players.
        IllegalActionError: a bot chose an illegal action.
    """
    if not is_whole(n_games, 0):
        raise ArgumentError(f"n_games must be a whole number >= 0, got {n_games!r}")
    check_limit(n_games, "max_games", "n_games", limits)
    if not is_whole(max_actions, 1):
        raise ArgumentError(f"max_actions must be a whole number >= 1, got {max_actions!r}")
    bots = tuple(bots)
    for bot in bots:
        if not callable(getattr(bot, "act", None)):
            raise ArgumentError(f"a bot needs an act(view, rng) method, got {bot!r}")
    if executor is not None and not (
        isinstance(executor, concurrent.futures.Executor) or callable(executor)
    ):
        raise ArgumentError(
            "executor must be a concurrent.futures.Executor or a map-like callable, "
            f"got {executor!r}"
        )
    new_game(variant, len(bots))  # checks the variant and the number of players up front
    seed_text = str(seed)
    size = max(1, math.ceil(n_games / 100))
    tasks = [
        _Task(
            variant=variant,
            bots=bots,
            seed=seed_text,
            games=tuple(range(start, min(start + size, n_games))),
            rotate=rotate,
            record=record,
            max_actions=max_actions,
        )
        for start in range(0, n_games, size)
    ]
    games: list[GameResult] = []
    for chunk in _results(tasks, executor):
        games.extend(chunk)
        if on_game is not None:
            for game in chunk:
                on_game(game)
        if on_progress is not None:
            on_progress(len(games), n_games)
    games.sort(key=lambda g: g.index)
    return SimulationResult(
        variant=variant,
        seed=seed_text,
        bots=_per_bot(bots, games),
        games=tuple(games),
    )


def _per_bot(bots: Sequence[Bot], games: Sequence[GameResult]) -> tuple[BotResult, ...]:
    n = len(bots)
    wins = [0.0] * n
    played = [0] * n
    score = [0] * n
    hands = [0] * n
    phases = [0] * n
    times: list[list[float]] = [[] for _ in range(n)]
    for game in games:  # in game order, so the float sums are the same however played
        for seat, b in enumerate(game.bots):
            played[b] += 1
            score[b] += game.scores[seat]
            hands[b] += game.hands
            phases[b] += game.phases[seat]
            if seat < len(game.times):
                times[b].extend(game.times[seat])
        for b in game.winning_bots:
            wins[b] += 1 / len(game.winners)
    names = [bot_name(bot) for bot in bots]
    for t in times:
        t.sort()
    return tuple(
        BotResult(
            index=b,
            name=names[b],
            label=names[b] if names.count(names[b]) == 1 else f"{names[b]}#{b + 1}",
            decisions=len(times[b]),
            time_mean=sum(times[b]) / len(times[b]) if times[b] else 0.0,
            time_p50=_rank(times[b], 0.5),
            time_p95=_rank(times[b], 0.95),
            time_max=times[b][-1] if times[b] else 0.0,
            games=played[b],
            wins=wins[b],
            mean_score=score[b] / played[b] if played[b] else 0.0,
            mean_hands=hands[b] / played[b] if played[b] else 0.0,
            mean_phases=phases[b] / played[b] if played[b] else 0.0,
        )
        for b in range(n)
    )


def _rank(ordered: Sequence[float], q: float) -> float:
    """The nearest-rank ``q`` quantile of ``ordered`` (sorted); 0 when empty."""
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]
