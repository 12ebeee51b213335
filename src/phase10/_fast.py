"""The fenced speed code: every trick the engine uses to be fast lives here, and only here.

Three kinds, each with a contract:

**Generated evolve.** ``attrs.evolve`` looks the class's fields up on every call, which
costs more than the rest of a typical ``apply``. :func:`make_evolve` writes, once at import
time, a function with one keyword-only parameter per field that calls the class's own
``__init__``: changing a field of the class changes the function with it, and an unknown
key is a ``TypeError`` raised by Python itself, never silently dropped.

**Reused values.** :func:`reuse` wraps the constructor of an immutable value class in a
bounded :func:`functools.lru_cache`, so that the values built most (the same few ``Draw`` or
``Discard`` actions, over and over) are built and validated once.

**Bounded caches.** Every module-level cache in phase10 is a :class:`BoundedCache`, an
:class:`IdentityCache` or a :func:`functools.lru_cache` with a ``maxsize`` (the list, with
each key and bound, is in ``docs/performance.md``, section "Caches"). The contract:

* Reads are plain dict reads (``cache.get(key)``, ``key in cache``, ``cache[key]``), as fast
  as a dict's, because caches sit on the engine's hot paths.
* Every write goes through :meth:`BoundedCache.put` (or ``cache[key] = value``, which calls
  it), and a cache never holds more than ``maxsize`` entries: a write of a new key to a full
  cache empties the cache first. Emptying costs nothing per read, and a working set smaller
  than the bound is cached again after the next few misses.
* A cached value must be a pure function of its key, so that forgetting it never changes an
  answer, only how fast it comes.
* :class:`IdentityCache` keys values by the identity of an object (for objects whose
  ``__hash__`` is slow or whose equality is not wanted). It keeps every key object alive
  while its entry exists, so an id in the cache always belongs to the object it was stored
  for and ``cache.get(id(obj))`` needs no further check. Writes hold a lock, and empty the
  dict of ids before letting go of the key objects, so that this holds with threads too
  (a reader sees an id only while its object is kept alive).
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Hashable
from typing import Any, Generic, ParamSpec, Protocol, TypeVar

import attrs

__all__ = ["BoundedCache", "Evolve", "IdentityCache", "make_evolve", "reuse"]

T = TypeVar("T")


class Evolve(Protocol[T]):
    """A copy of ``obj`` with the fields named in ``changes`` replaced."""

    def __call__(self, obj: T, /, **changes: Any) -> T:
        """Return the copy.

        Raises:
            TypeError: a key of ``changes`` is not a field of the class.
        """
        ...


class _Keep:
    """The default of every parameter: keep the field as it is."""

    def __repr__(self) -> str:
        return "<keep>"


_KEEP = _Keep()


def make_evolve(cls: type[T]) -> Evolve[T]:
    """Generate the evolve function of the attrs class ``cls``.

    Raises:
        TypeError: ``cls`` is not an attrs class, or has a field its ``__init__`` does not
            take (``init=False``) or whose ``__init__`` parameter is renamed (an alias).
    """
    if not attrs.has(cls):
        raise TypeError(f"make_evolve() needs an attrs class, got {cls!r}")
    fields = attrs.fields(cls)
    positional = []
    keyword = []
    for f in fields:
        if not f.init or f.alias != f.name:
            raise TypeError(f"make_evolve() cannot pass field {f.name!r} of {cls.__name__}")
        value = f"_obj.{f.name} if {f.name} is _KEEP else {f.name}"
        if f.kw_only:
            keyword.append(f"{f.name}={value}")
        else:
            positional.append(value)
    name = f"evolve_{cls.__name__}"  # named in Python's own message for an unknown key
    params = ", ".join(f"{f.name}=_KEEP" for f in fields)
    source = (
        f"def {name}(_obj, /, *, {params}):\n    return _cls({', '.join(positional + keyword)})\n"
    )
    namespace: dict[str, Any] = {"_cls": cls, "_KEEP": _KEEP}
    exec(compile(source, f"<evolve of {cls.__qualname__}>", "exec"), namespace)
    function = namespace[name]
    function.__doc__ = f"A copy of a {cls.__name__} with the given fields replaced."
    evolve: Evolve[T] = function
    return evolve


K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def _check_size(maxsize: object) -> int:
    if type(maxsize) is not int or maxsize < 1:
        raise ValueError(f"maxsize must be a whole number >= 1, got {maxsize!r}")
    return maxsize


class BoundedCache(dict[K, V]):
    """A dict of at most ``maxsize`` entries; writing a new key to a full one empties it.

    >>> cache: BoundedCache[str, int] = BoundedCache(2)
    >>> cache.put("a", 1), cache.put("b", 2), cache.put("c", 3)
    (1, 2, 3)
    >>> dict(cache)
    {'c': 3}

    Raises:
        ValueError: ``maxsize`` is not a whole number of at least 1.
    """

    __slots__ = ("_lock", "maxsize")

    def __init__(self, maxsize: int) -> None:
        super().__init__()
        self.maxsize = _check_size(maxsize)
        self._lock = threading.Lock()

    def put(self, key: K, value: V) -> V:
        """Store ``value`` under ``key`` (emptying a full cache first) and return it."""
        with self._lock:  # so that writers in several threads cannot pass the bound
            if len(self) >= self.maxsize and key not in self:
                self.clear()
            dict.__setitem__(self, key, value)
        return value

    def __setitem__(self, key: K, value: V) -> None:
        self.put(key, value)

    def setdefault(self, key: K, default: V) -> V:
        """The value for ``key``, storing ``default`` first when there is none."""
        found = self.get(key, _MISSING)
        return self.put(key, default) if found is _MISSING else found

    def update(self, *args: Any, **kwargs: V) -> None:
        """Store every pair given, as :meth:`put` does, one at a time."""
        for key, value in dict(*args, **kwargs).items():
            self.put(key, value)

    def __ior__(self, other: Any) -> BoundedCache[K, V]:  # type: ignore[override,misc]
        self.update(other)
        return self

    def __repr__(self) -> str:
        return f"BoundedCache({self.maxsize}, {len(self)} entries)"


_MISSING: Any = object()


class IdentityCache(Generic[V]):
    """Values keyed by the identity of objects, at most ``maxsize`` of them.

    Read with ``cache.get(id(obj))``: the cache keeps every key object alive while its
    entry exists, so no other object can have that id meanwhile.

    >>> key = ("any", "object")
    >>> cache: IdentityCache[str] = IdentityCache(8)
    >>> cache.put(key, "value")
    'value'
    >>> cache.get(id(key)), cache.get(id(("any", "other")))
    ('value', None)

    Raises:
        ValueError: ``maxsize`` is not a whole number of at least 1.
    """

    __slots__ = ("_data", "_keep", "_lock", "get", "maxsize")

    def __init__(self, maxsize: int) -> None:
        self.maxsize = _check_size(maxsize)
        self._data: dict[int, V] = {}
        self._keep: list[object] = []
        self._lock = threading.Lock()
        #: ``get(id(obj))``: the value stored for ``obj``, or ``None``; a dict's own ``get``.
        self.get = self._data.get

    def put(self, obj: object, value: V) -> V:
        """Store ``value`` for ``obj`` (emptying a full cache first) and return it."""
        data = self._data
        key = id(obj)
        # Invariant, for lock-free readers: every id in _data has its object in _keep. So
        # _data is emptied before _keep, and an object joins _keep before its id joins _data.
        with self._lock:
            if key not in data:
                if len(data) >= self.maxsize:
                    data.clear()
                    self._keep.clear()
                self._keep.append(obj)
            data[key] = value
        return value

    def clear(self) -> None:
        """Forget every entry (and let go of the key objects)."""
        with self._lock:
            self._data.clear()
            self._keep.clear()

    def __len__(self) -> int:
        return len(self._data)

    def __contains__(self, obj: object) -> bool:
        # a key object is alive while its entry exists, so no other object has its id
        return id(obj) in self._data

    def __repr__(self) -> str:
        return f"IdentityCache({self.maxsize}, {len(self)} entries)"


P = ParamSpec("P")
R = TypeVar("R")


def reuse(cls: Callable[P, R], *, maxsize: int) -> Callable[P, R]:
    """``cls``'s constructor, answering repeated arguments with the value built before.

    Only for immutable values whose constructor is a pure function of its (hashable)
    arguments; at most ``maxsize`` of them are kept.

    >>> make = reuse(tuple, maxsize=2)
    >>> make("ab") is make("ab")
    True

    Raises:
        ValueError: ``maxsize`` is not a whole number of at least 1.
    """
    return functools.lru_cache(maxsize=_check_size(maxsize))(cls)  # type: ignore[return-value]
