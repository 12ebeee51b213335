"""A Table a server can hold: its seed, versions, undo policies, names and event hook (issue 24)."""

from __future__ import annotations

import threading

import pytest

import phase10
from phase10 import (
    CLASSIC,
    Discard,
    Draw,
    GreedyBot,
    InvalidStateError,
    PlayerAction,
    StaleMoveError,
    TakeDiscard,
    UndoRefusedError,
    legal_actions,
)
from phase10.table import UNDO_POLICIES, Table, TableEvent, UndoPolicy


def people(*, undo: UndoPolicy = "never", seed: str = "srv") -> Table:
    return Table.new(CLASSIC, [None, None], seed=seed, undo=undo, dealer=1)


def test_the_default_seed_has_128_bits() -> None:
    seeds = {Table.new(CLASSIC, [None, GreedyBot()]).seed for _ in range(3)}
    assert 3 == len(seeds)
    assert all(32 == len(s) and int(s, 16) >= 0 for s in seeds)


def test_version_counts_the_accepted_moves() -> None:
    t = people()
    assert 0 == t.version
    one = t.submit(0, "draw", expect=0)
    assert 1 == one.version
    with pytest.raises(phase10.NotationError):
        one.submit(0, "nonsense", expect=1)
    assert (
        2
        == one.submit(
            0, next(a for a in legal_actions(one.state) if isinstance(a, Discard)), expect=1
        ).version
    )


def test_a_stale_version_is_refused_with_its_code() -> None:
    t = people()
    one = t.submit(0, "draw", expect=0)
    with pytest.raises(StaleMoveError) as info:
        one.submit(0, "discard R7", expect=0)
    assert "stale-move" == info.value.code
    expected = {"seat": 0, "expected": 0, "version": 1, "latest": 1}
    assert expected == {k: info.value.to_dict()[k] for k in expected}


def test_a_move_sent_twice_is_played_once() -> None:
    t = people()
    t.submit(0, "draw", expect=0)
    with pytest.raises(StaleMoveError) as info:
        t.submit(0, "draw", expect=0)
    assert (0, 1) == (info.value.version, info.value.latest)
    assert "moved on to version 1" in str(info.value)


def test_without_expect_a_table_is_still_a_value() -> None:
    t = people()
    first = t.submit(0, "draw")
    second = t.submit(0, "take")
    assert (Draw(0), TakeDiscard(0)) == (first.record.actions[-2], second.record.actions[-1])


def test_expect_must_be_a_whole_number() -> None:
    with pytest.raises(InvalidStateError, match="expect must be"):
        people().submit(0, "draw", expect=-1)


def conflicting_moves(pairs: int) -> tuple[int, int, int]:
    """``pairs`` times, two threads send different moves for one table at once."""
    accepted = stale = other = 0
    lock = threading.Lock()
    for n in range(pairs):
        table = people(seed=f"race{n}")
        start = threading.Barrier(2)

        legal = legal_actions(table.state)  # draw and take, or only draw under a skip
        moves = (legal[0], legal[-1])
        assert all(isinstance(m, PlayerAction) for m in moves)

        def send(
            move: PlayerAction, table: Table = table, start: threading.Barrier = start
        ) -> None:
            nonlocal accepted, stale, other
            start.wait()
            try:
                table.submit(move.player, move, expect=0)
                outcome = "accepted"
            except StaleMoveError:
                outcome = "stale"
            except phase10.Phase10Error:
                outcome = "other"
            with lock:
                accepted += outcome == "accepted"
                stale += outcome == "stale"
                other += outcome == "other"

        threads = [threading.Thread(target=send, args=(m,)) for m in moves]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    return accepted, stale, other


def test_conflicting_moves_sent_at_once_lose_none() -> None:
    assert (100, 100, 0) == conflicting_moves(100)


def test_double_clicks_sent_at_once_play_once() -> None:
    holder: dict[str, Table] = {}
    answers: list[str] = []
    lock = threading.Lock()
    for n in range(100):
        holder["t"] = people(seed=f"click{n}")
        seat = holder["t"].waiting_for
        assert seat is not None
        start = threading.Barrier(2)

        def click(start: threading.Barrier = start, seat: int = seat) -> None:
            start.wait()
            table = holder["t"]
            try:
                # a server that keeps the latest table and passes the client's version
                after = table.submit(seat, "draw", expect=0)
                holder["t"] = after
                answer = "accepted"
            except StaleMoveError:
                answer = "stale"
            with lock:
                answers.append(answer)

        threads = [threading.Thread(target=click) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        # the draw was played once: one Draw in the record, the version counted it once
        assert 1 == sum(isinstance(a, Draw) for a in holder["t"].record.actions)
        assert 1 == holder["t"].version
    assert (100, 100) == (answers.count("accepted"), answers.count("stale"))


def test_undo_is_off_by_default() -> None:
    after = people().submit(0, "draw")
    with pytest.raises(UndoRefusedError) as info:
        after.undo()
    assert ("undo-refused", "never") == (info.value.code, info.value.to_dict()["policy"])


def test_own_turn_undo_never_takes_a_draw_back() -> None:
    t = people(undo="own-turn-no-draw")
    drawn = t.submit(0, "draw")
    with pytest.raises(UndoRefusedError, match="drawn"):
        drawn.undo()
    taken = t.submit(0, "take")
    assert t is taken.undo(seat=0)
    with pytest.raises(UndoRefusedError, match="p1's"):
        taken.undo(seat=1)


def test_own_turn_undo_ends_with_the_turn() -> None:
    taken = people(undo="own-turn-no-draw").submit(0, "take")
    move = next(a for a in legal_actions(taken.state) if isinstance(a, Discard))
    done = taken.submit(0, move)
    with pytest.raises(UndoRefusedError, match="turn is over"):
        done.undo()


def test_an_undone_table_is_stale_for_a_checked_move() -> None:
    t = people(undo="always")
    one = t.submit(0, "draw", expect=0)
    back = one.undo(expect=1)
    assert back is t
    with pytest.raises(StaleMoveError):
        one.submit(0, "discard R7", expect=1)
    assert 1 == back.submit(0, "take", expect=0).version


def test_undo_policies_are_checked() -> None:
    assert ("never", "own-turn-no-draw", "always") == UNDO_POLICIES
    with pytest.raises(InvalidStateError, match="undo must be one of"):
        Table.new(CLASSIC, [None, None], undo="sometimes")  # type: ignore[arg-type]


def test_names_are_checked_and_kept() -> None:
    t = Table.new(CLASSIC, [None, GreedyBot()], seed="n", names=["Ann", "Bot Bob"])
    assert ("Ann", "Bot Bob") == t.names == t.submit(0, "draw").names
    assert ("p1", "p2") == people().names
    for bad in (["Ann"], ["Ann", "\x1b[31m"], ["Ann", ""], ["Ann", "x" * 41], "AB"):
        with pytest.raises(InvalidStateError, match="name"):
            Table.new(CLASSIC, [None, None], names=bad)


def test_the_hook_hears_every_event_of_each_seat_in_order() -> None:
    heard: list[tuple[int, TableEvent]] = []

    def hook(seat: int, event: TableEvent) -> None:
        heard.append((seat, event))

    t = Table.new(CLASSIC, [None, GreedyBot()], seed="hook", on_event=hook)
    assert [] == heard
    after = t.submit(0, "draw")
    since = len(t.record.actions)
    for seat in (0, 1):
        expected = list(after.events_for(seat, since=since))
        assert expected == [e for s, e in heard if s == seat]
    assert [0] * len(after.events_for(0, since=since)) == [s for s, _ in heard][
        : len(after.events_for(0, since=since))
    ]
