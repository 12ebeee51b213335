"""The bounded caches of phase10._fast: the bound holds, eviction, identity semantics."""

from __future__ import annotations

import gc
import sys
import threading

import pytest
from hypothesis import given
from hypothesis import strategies as st

from phase10._fast import BoundedCache, IdentityCache, WeakMarks


@given(st.integers(1, 20), st.lists(st.integers(0, 50), max_size=200))
def test_bounded_cache_never_exceeds_its_bound(maxsize: int, keys: list[int]) -> None:
    cache: BoundedCache[int, int] = BoundedCache(maxsize)
    for key in keys:
        cache.put(key, key * 2)
        assert len(cache) <= maxsize
        assert key * 2 == cache[key]  # the value just written is always there
    assert all(2 * k == v for k, v in cache.items())


def test_bounded_cache_empties_when_a_new_key_meets_a_full_cache() -> None:
    cache: BoundedCache[str, int] = BoundedCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    cache.put("a", 10)  # an existing key: nothing is evicted
    assert {"a": 10, "b": 2} == dict(cache)
    cache.put("c", 3)
    assert {"c": 3} == dict(cache)


def test_bounded_cache_bounds_every_way_of_writing() -> None:
    cache: BoundedCache[int, int] = BoundedCache(3)
    for i in range(10):
        cache[i] = i
    assert len(cache) <= 3
    for i in range(10, 20):
        assert i == cache.setdefault(i, i)
    assert len(cache) <= 3
    assert 19 == cache.setdefault(19, -1)
    cache.update({i: i for i in range(20, 30)})
    assert len(cache) <= 3
    cache |= {i: i for i in range(30, 40)}
    assert len(cache) <= 3
    assert 39 == cache[39]


@pytest.mark.parametrize("maxsize", [0, -1, 1.5, "3", True])
def test_caches_refuse_a_bad_bound(maxsize: object) -> None:
    with pytest.raises(ValueError, match="maxsize"):
        BoundedCache(maxsize)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="maxsize"):
        IdentityCache(maxsize)  # type: ignore[arg-type]


def test_identity_cache_keys_by_identity_not_equality() -> None:
    cache: IdentityCache[str] = IdentityCache(8)
    a = [1, 2]
    b = [1, 2]  # equal to a (and unhashable), but another object
    cache.put(a, "a")
    assert ("a", None) == (cache.get(id(a)), cache.get(id(b)))
    assert (True, False) == (a in cache, b in cache)


def test_identity_cache_keeps_its_keys_alive_so_ids_are_not_reused() -> None:
    cache: IdentityCache[int] = IdentityCache(1000)
    ids = []
    for i in range(500):
        obj = [i]  # the only reference outside the cache dies at the next iteration
        cache.put(obj, i)
        ids.append(id(obj))
    del obj
    gc.collect()
    assert len(set(ids)) == 500  # no id was handed out twice while its entry lived
    assert list(range(500)) == [cache.get(k) for k in ids]


def test_identity_cache_bound_and_eviction() -> None:
    cache: IdentityCache[int] = IdentityCache(3)
    objs = [object() for _ in range(7)]
    for i, obj in enumerate(objs):
        cache.put(obj, i)
        assert len(cache) <= 3
        assert i == cache.get(id(obj))
    cache.put(objs[-1], 60)  # an existing key: nothing is evicted
    assert 60 == cache.get(id(objs[-1]))
    assert 1 <= len(cache) <= 3
    cache.clear()
    assert (0, None) == (len(cache), cache.get(id(objs[-1])))


def test_identity_cache_stays_exact_under_threads() -> None:
    # Writers that empty the cache concurrently must never leave an id whose object was let
    # go: a new object could get that id and read another object's value.
    cache: IdentityCache[int] = IdentityCache(16)
    wrong: list[tuple[int, int | None]] = []

    def work(base: int) -> None:
        for i in range(3000):
            obj = [base + i]  # dies at the next iteration unless the cache keeps it
            found = cache.get(id(obj))
            if found is not None:
                wrong.append((base + i, found))
            cache.put(obj, base + i)
            again = cache.get(id(obj))
            if again is not None and again != base + i:
                wrong.append((base + i, again))

    threads = [threading.Thread(target=work, args=(k * 100_000,)) for k in range(4)]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads often, to meet the races
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert [] == wrong


class _Box:
    """An object that takes weak references."""


def test_weak_marks_say_which_objects_were_marked_and_hold_none_alive() -> None:
    marks = WeakMarks(8)
    kept, other = _Box(), _Box()
    marks.mark(kept)
    assert (True, False) == (marks.marked(kept), marks.marked(other))
    gone = _Box()
    marks.mark(gone)
    ref = marks.get(id(gone))
    del gone
    assert ref is not None and ref() is None  # held weakly: the object went
    assert 2 == len(marks)


def test_full_weak_marks_drop_the_dead_and_keep_the_live() -> None:
    marks = WeakMarks(8)
    live = [_Box() for _ in range(3)]
    for box in live:
        marks.mark(box)
    for _ in range(10):  # marked and dropped at once: dead entries fill the table
        marks.mark(_Box())
    assert [True, True, True] == [marks.marked(box) for box in live]
    assert len(marks) <= 8


def test_weak_marks_of_mostly_live_objects_are_emptied_when_full() -> None:
    marks = WeakMarks(4)
    live = [_Box() for _ in range(5)]
    for box in live:
        marks.mark(box)
    assert [False, False, False, False, True] == [marks.marked(box) for box in live]
    marks.clear()
    assert (0, False) == (len(marks), marks.marked(live[-1]))


def test_weak_marks_take_marks_from_threads_at_once() -> None:
    marks = WeakMarks(16)
    errors: list[BaseException] = []

    def work() -> None:
        try:
            for _ in range(2000):
                marks.mark(_Box())
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [] == errors
    assert len(marks) <= 16 + 4  # each thread adds at most one mark past a full check
