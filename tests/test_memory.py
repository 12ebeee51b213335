"""Memory that must not only grow (issue 23, item 5): tables' pasts and the bots' caches.

The growth is measured in the process with :mod:`tracemalloc` against a fixed bound, and the
long runs run in a subprocess under ``resource.setrlimit`` (address space and CPU seconds),
so that growth fails the test rather than the machine.
"""

from __future__ import annotations

import copy
import gc
import pickle
import random
import subprocess
import sys
import textwrap
import tracemalloc

import pytest

import phase10
from phase10 import CLASSIC, GreedyBot, legal_actions
from phase10.table import Table

#: the address space a capped subprocess may take (the interpreter and phase10 take ~60 MiB)
CAP_BYTES = 512 * 2**20
#: the CPU seconds a capped subprocess may take
CAP_SECONDS = 60


def _capped(code: str, *, memory: int = CAP_BYTES, seconds: int = CAP_SECONDS) -> str:
    """Run ``code`` in a fresh interpreter under a memory and CPU cap; its standard output."""
    cap = textwrap.dedent(
        f"""
        import resource
        resource.setrlimit(resource.RLIMIT_AS, ({memory}, {memory}))
        resource.setrlimit(resource.RLIMIT_CPU, ({seconds}, {seconds}))
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", cap + textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=4 * seconds,
        check=False,
    )
    assert 0 == done.returncode, done.stderr[-3000:]
    return done.stdout


def test_the_cap_stops_a_run_that_grows() -> None:
    """The cap itself works: a run that takes more than the cap fails, and says so."""
    with pytest.raises(AssertionError, match="MemoryError"):
        _capped("x = bytearray(1024 * 2**20)")


# ----------------------------------------------------------------------------- tables


def _random_table(submits: int, players: int = 2, variant: phase10.Variant = CLASSIC) -> Table:
    """A table of people only, ``submits`` random legal moves on (or to the game's end)."""
    table = Table.new(variant, [None] * players, seed="memory", undo="always")
    rng = random.Random(0)
    for _ in range(submits):
        if table.is_over:
            break
        seat = table.waiting_for
        assert seat is not None
        table = table.submit(seat, rng.choice(legal_actions(table.state)))
    return table


def _retained(submits: int) -> int:
    """The bytes a table of ``submits`` moves holds, with every table its undo can reach."""
    _random_table(submits)  # the same game once first, so the engine's caches hold it already
    gc.collect()
    tracemalloc.start()
    try:
        table = _random_table(submits)
        gc.collect()
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert submits == len(table._marks())  # every table undo reaches is held
    return held


def test_a_table_and_its_undo_chain_take_memory_in_line_with_the_moves() -> None:
    """400 moves hold ~0.55 MiB; a record and events per table held 2.5 MiB (and 8.4 at 800)."""
    assert _retained(400) < 1024 * 1024


def test_the_tables_of_a_line_share_one_past_and_a_branch_copies_its_part() -> None:
    first = _random_table(30)
    second = first.submit(first.waiting_for or 0, legal_actions(first.state)[0])
    chain = [second]
    while chain[-1].previous is not None:
        chain.append(chain[-1].undo())
    # one past for the whole line: no table keeps a record of its own
    assert 1 == len({id(t._past) for t in chain})
    # a move from a table undo went back to starts a new line, and changes no other table
    before = (second.record, second.events, first.record, first.events)
    other = legal_actions(first.state)[-1]
    branch = first.submit(first.waiting_for or 0, other)
    assert before == (second.record, second.events, first.record, first.events)
    assert branch._past is not first._past
    assert first.record.actions == branch.record.actions[: len(first.record.actions)]
    assert other == branch.record.actions[len(first.record.actions)]
    assert phase10.replay(branch.record) == branch.state
    assert phase10.replay(second.record) == second.state
    assert branch.undo() is first


def _same(a: Table, b: Table) -> None:
    """Equal tables all the way down the undo chain (records and events in full at the top)."""
    assert (a.record, a.events, a.seed) == (b.record, b.events, b.seed)
    assert a.events_for(1) == b.events_for(1)
    while True:
        assert (len(a.record.actions), a.state) == (len(b.record.actions), b.state)
        if a.previous is None or b.previous is None:
            assert a.previous is b.previous is None
            return
        a, b = a.undo(), b.undo()


def test_a_long_table_pickles_and_deep_copies_flat() -> None:
    """No recursion grows with the moves: a 1,000-move table round-trips at a depth of 200."""
    table = _random_table(1_000)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(200)
    try:
        loaded = pickle.loads(pickle.dumps(table))
        copied = copy.deepcopy(table)
    finally:
        sys.setrecursionlimit(limit)
    _same(table, loaded)
    _same(table, copied)
    assert copy.copy(table) is table


def test_a_deep_copy_copies_the_bots_once_for_the_whole_chain() -> None:
    table = Table.new(CLASSIC, [None, GreedyBot()], seed="copy", undo="always")
    table = table.submit(0, "draw")
    copied = copy.deepcopy(table)
    assert copied.seats == table.seats
    assert copied.seats[1] is not table.seats[1]
    assert copied.undo().seats[1] is copied.seats[1]
    _same(table, copied)
    # a table met twice is copied once, as deepcopy promises
    both = copy.deepcopy([table.undo(), table])
    assert both[1].undo() is both[0]


def test_a_long_master_table_for_six_stays_small_under_a_cap() -> None:
    """Master, six people, 300 random moves, pickled and deep-copied, under 512 MiB and 60 s.

    The table holds ~0.4 MiB with every table its undo reaches (a record and events per
    table held ~1.6 MiB, growing with the square of the moves).
    """
    out = _capped(
        """
        import copy, gc, pickle, random, tracemalloc
        import phase10
        from phase10.table import Table

        def grow():
            table = Table.new(phase10.MASTER, [None] * 6, seed="master", undo="always")
            rng = random.Random(6)
            for _ in range(300):
                seat = table.waiting_for
                table = table.submit(seat, rng.choice(phase10.legal_actions(table.state)))
            return table

        grow()  # the engine's caches hold the game from now on
        gc.collect()
        tracemalloc.start()
        table = grow()
        gc.collect()
        print(tracemalloc.get_traced_memory()[0])
        back = pickle.loads(pickle.dumps(table))
        twin = copy.deepcopy(table)
        assert back.record == table.record == twin.record
        assert back.undo().state == table.undo().state == twin.undo().state
        """
    )
    assert int(out) < 2**20


# ----------------------------------------------------------------------------- caches

#: the most one cache may take when full (its bound times what an entry took in the run)
CACHE_BUDGET = 16 * 2**20
#: the most the caches the run below fills may take together when all are full
CACHES_BUDGET = 64 * 2**20

_FILL_AND_WEIGH = """
import gc, importlib, random, sys, tracemalloc
import phase10
from phase10 import _fast

tracemalloc.start()
# the bots over custom variants (phases the counting shortcut cannot answer included),
# and ISMCTSBot decisions: what grew without bound in issue 23
texts = ["set of 3 + run of 4", "run of 5 + 4 cards of one colour", "set of 2 + set of 5",
         "6 cards of one colour", "set of 4 + run of 3", "run of 6 + set of 2"]
greedy, search = phase10.GreedyBot(), phase10.ISMCTSBot(iterations=4)
for i in range(24):
    phases = tuple(phase10.Phase.parse(t) for t in (texts[i % 6], texts[(i + 1) % 6]))
    variant = phase10.CLASSIC.with_options(name=f"custom-{i}", phases=phases)
    state, rng = phase10.new_game(variant, 2), random.Random(i)
    for step in range(12):
        state, _ = phase10.play_chance(state, rng)
        if state.is_over:
            break
        bot = search if step % 4 == 0 else greedy
        seat = state.current_player
        state = phase10.apply(state, bot.act(phase10.view(state, seat), rng))
del state

def resolve(name):
    module, _, attr = name.rpartition(".")
    try:
        return getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError):
        return None  # a cache made per entry of another: weighed with that one's entries

for info in _fast.caches():
    cache = resolve(info.name)
    if cache is None or info.bound is None:
        continue
    if hasattr(cache, "cache_info"):
        entries, clear = cache.cache_info().currsize, cache.cache_clear
    elif hasattr(cache, "clear") and hasattr(cache, "__len__"):
        entries, clear = len(cache), cache.clear
    else:
        continue
    if entries < 8:
        continue  # too few to weigh an entry by
    gc.collect()
    before = tracemalloc.get_traced_memory()[0]
    clear()
    gc.collect()
    freed = before - tracemalloc.get_traced_memory()[0]
    print(info.name, entries, info.bound, max(freed, 0) // entries)
"""


def test_every_bot_cache_stays_under_its_budget_when_full() -> None:
    """Each cache a bot fills, weighed per entry and times its bound: at most 16 MiB each.

    Before issue 23 `analysis._lays` and `_shape_distance` could take ~38 MiB each, and the
    "helps" caches, one of 65,536 hand shapes per phase, gigabytes across variants.
    """
    weighed = {}
    for line in _capped(_FILL_AND_WEIGH).splitlines():
        name, entries, bound, per_entry = line.split()
        weighed[name] = (int(entries), int(bound) * int(per_entry))
    # the bots' own caches were filled and weighed
    for name in ("analysis._HELPS", "analysis._DISTANCES", "analysis._lays"):
        assert f"phase10.{name}" in weighed
    too_big = {name: full for name, (_, full) in weighed.items() if full > CACHE_BUDGET}
    assert {} == too_big
    assert sum(full for _, full in weighed.values()) < CACHES_BUDGET


def test_a_deep_copy_is_a_game_of_its_own() -> None:
    """A deep copy has its own lock and latest table: moving it on leaves the original fresh."""
    table = Table.new(CLASSIC, [None, GreedyBot()], seed="own")
    seat = table.waiting_for
    assert seat == 0
    twin = copy.deepcopy(table)
    move = table.payload(seat)["legal"][0]["text"]
    moved = twin.submit(seat, move, expect=twin.version)
    after = table.submit(seat, move, expect=table.version)  # not stale: the copy moved
    assert (table.version + 1, moved.record) == (after.version, after.record)
