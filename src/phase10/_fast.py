"""The fenced speed code: every trick the engine uses to be fast lives here, and only here.

(One exception, fenced the same way: the enumeration members the hot paths read as module
constants live in :mod:`phase10._members`, which must sit above the enumerations' modules.)

Five kinds, each with a contract:

**Generated evolve.** ``attrs.evolve`` looks the class's fields up on every call, which
costs more than the rest of a typical ``apply``. :func:`make_evolve` writes, once at import
time, a function with one keyword-only parameter per field that builds the copy as the
class's own ``__init__`` would: for a slotted class whose ``__init__`` only stores its
fields (no validator, converter or post-init hook) it stores each field straight into its
slot, skipping the call of ``__init__`` and its frozen ``__setattr__`` (the engine's
trusted constructor path: only values the engine already holds pass through it); any other
class gets its ``__init__`` called. The stores are plain attribute stores on an instance of
the class's *builder*, a subclass of the same layout with ``object``'s ``__setattr__``,
whose ``__class__`` is set to the class itself once every slot is stored (:func:`_builder`;
the interpreter's specialised slot store is a few instructions, a call of the slot
descriptor's ``__set__`` a method wrapper and an argument tuple): what the generated
functions return is a plain instance of the class, and no builder instance leaves them.
Changing a field of the class changes the function with it, and an unknown key is a
``TypeError`` raised by Python itself, never silently dropped.

**Trusted construction.** :func:`make_trusted` writes, once at import time, a constructor
that stores each field of a slotted attrs class in its slot (as the generated evolve does),
skipping ``__init__`` with its validators and post-init hook. It is for objects the engine
built itself from parts it built or checked (the melds and laydowns a listing of laydowns
builds, by the thousand): the caller establishes what the skipped checks would (a laydown's
melds for equal groups already in canonical order), and gives back an object equal to the
one the public constructor builds. It is never reachable from the public API with outside
values, and :func:`phase10.apply` still checks whatever it is given.

**Generated projections.** The views copy most fields of one class into another of the same
names (a ``GameState`` into a ``PlayerView`` and back, a ``PlayerState`` into a
``SeatView``). :func:`make_projection` writes that copy once at import time from the attrs
fields of both classes, so a field added to one is copied (or refused at import, when the
other class lacks it) without a hand-written list to keep in step. Like the generated
evolve, it stores each slot directly when the target's ``__init__`` only stores its
fields, and calls ``__init__`` otherwise.

**Reused values.** :func:`reuse` wraps the constructor of an immutable value class in a
bounded :func:`functools.lru_cache`, so that the values built most (the same few ``Draw`` or
``Discard`` actions, over and over) are built and validated once.

**Bounded caches.** Every cache in phase10 is a :class:`BoundedCache`, an
:class:`IdentityCache`, a :class:`WeakMarks` (a mark by identity, held weakly), a function
wrapped by :func:`lru_cache` or a constructor wrapped by :func:`reuse`, each made with its
``name``, what it is keyed by and why caching there is safe, and so registered here:
:func:`caches` lists them (and the few tables that are not one of these types, declared
with :func:`declare`), and ``docs/performance.md`` (section "Caches") shows that list,
which a test keeps equal to it. The contract:

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
* :func:`clear_caches` empties every cache made so far (the registry keeps each module's
  caches, and those made per entry of another or per object through ``declared``, the
  latter weakly), for a long-running server that wants its memory back; since a cached
  value is a pure function of its key, that changes no answer.
"""

from __future__ import annotations

import functools
import sys
import threading
import types
import weakref
from collections.abc import Callable, Hashable
from typing import Any, Generic, ParamSpec, Protocol, TypeVar

import attrs

__all__ = [
    "BoundedCache",
    "CacheInfo",
    "Evolve",
    "IdentityCache",
    "Projection",
    "WeakMarks",
    "cache_entries",
    "cache_table",
    "caches",
    "clear_caches",
    "declare",
    "declared_table",
    "lru_cache",
    "make_evolve",
    "make_projection",
    "make_trusted",
    "reuse",
]

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
    namespace: dict[str, Any] = {"_cls": cls, "_KEEP": _KEEP}
    slots = _plain_slots(cls, fields)
    if slots is None:
        call = f"_cls({', '.join(positional + keyword)})"
        source = f"def {name}(_obj, /, *, {params}):\n    return {call}\n"
    else:
        # what the class's __init__ does, without its call: each slot stored directly
        header = f"def {name}(_obj, /, *, {params}):"
        source = _slot_source(
            header, fields, slots, namespace, "_obj.{0} if {0} is _KEEP else {0}".format
        )
    exec(compile(source, f"<evolve of {cls.__qualname__}>", "exec"), namespace)
    function = namespace[name]
    function.__doc__ = f"A copy of a {cls.__name__} with the given fields replaced."
    evolve: Evolve[T] = function
    return evolve


def make_trusted(cls: type[T]) -> Callable[..., T]:
    """Generate the trusted constructor of the slotted attrs class ``cls``.

    It takes the fields positionally, in field order, and stores them as they are: no
    validator, converter or post-init hook runs (see the module's contract).

    Raises:
        TypeError: ``cls`` is not a slotted attrs class, or has a converter (the stored
            value would differ from the one ``__init__`` stores).
    """
    if not attrs.has(cls):
        raise TypeError(f"make_trusted() needs an attrs class, got {cls!r}")
    fields = attrs.fields(cls)
    if any(f.converter is not None for f in fields):
        raise TypeError(f"make_trusted() cannot store {cls.__name__}'s converted fields")
    slots = _slot_setters(cls, fields)
    if slots is None:
        raise TypeError(f"make_trusted() needs a slotted class, got {cls.__name__}")
    name = f"trusted_{cls.__name__}"
    namespace: dict[str, Any] = {"_cls": cls}
    header = f"def {name}({', '.join(f.name for f in fields)}):"
    source = _slot_source(header, fields, slots, namespace, "{0}".format)
    exec(compile(source, f"<trusted {cls.__qualname__}>", "exec"), namespace)
    function: Callable[..., T] = namespace[name]
    function.__doc__ = f"A {cls.__name__} the engine built itself, stored without its checks."
    return function


def _slot_source(
    header: str,
    fields: tuple[attrs.Attribute[Any], ...],
    slots: dict[str, Any],
    namespace: dict[str, Any],
    value: Callable[[str], str],
) -> str:
    """The source of a function ``header`` that builds the object slot by slot.

    Each field's slot gets the expression ``value`` gives for the field's name (and the
    cached hash ``None``). The object is made as an instance of the class's builder
    (:func:`_builder`), whose attribute stores are plain slot stores, and handed over as
    the class itself once every slot is stored; a class with no builder gets its slots'
    setters (in ``namespace``) called instead.
    """
    cls = namespace["_cls"]
    namespace["_new"] = object.__new__
    build = _builder(cls)
    if build is not None:
        namespace["_build"] = build
        lines = [header, "    _o = _new(_build)"]
        for f in fields:
            lines.append(f"    _o.{f.name} = {value(f.name)}")
        if _HASH_CACHE in slots:
            lines.append(f"    _o.{_HASH_CACHE} = None")
        lines.append("    _o.__class__ = _cls")
        lines.append("    return _o")
        return "\n".join(lines) + "\n"
    lines = [header, "    _o = _new(_cls)"]
    for f in fields:
        namespace[f"_set_{f.name}"] = slots[f.name]
        lines.append(f"    _set_{f.name}(_o, {value(f.name)})")
    if _HASH_CACHE in slots:
        namespace["_set_hash"] = slots[_HASH_CACHE]
        lines.append("    _set_hash(_o, None)")
    lines.append("    return _o")
    return "\n".join(lines) + "\n"


def _builder(cls: type) -> type | None:
    """A subclass of the slotted ``cls`` that adds nothing but plain attribute stores.

    A frozen class's ``__setattr__`` raises, so the generated functions cannot store a
    slot with ``obj.name = value``, and calling each slot descriptor's ``__set__`` goes
    through a method wrapper and an argument tuple per field. The builder has the same
    layout (no slot, ``__dict__`` or ``__weakref__`` of its own) and ``object``'s own
    ``__setattr__`` and ``__delattr__`` (both, or Python keeps the slow generic hook), so
    its stores are the interpreter's specialised slot stores, a few instructions each: a
    generated function stores every field into a new builder instance and then sets the
    instance's ``__class__`` to ``cls``, which Python allows between classes of the same
    layout. The finished object is a plain ``cls`` instance, frozen like any other; no
    builder instance is ever seen outside the generated functions. ``None`` when Python
    refuses the class assignment (then the slots' setters are called).
    """
    meta = type(cls)
    namespace = {
        "__slots__": (),
        "__setattr__": object.__setattr__,
        "__delattr__": object.__delattr__,
        "__module__": cls.__module__,
        "__qualname__": f"{cls.__qualname__}._builder",
        "__doc__": f"Builds a {cls.__name__} slot by slot (phase10._fast; never seen outside).",
    }
    try:
        build: type = meta(f"{cls.__name__}_builder", (cls,), namespace)
        probe: object = object.__new__(build)
        probe.__class__ = cls
    except TypeError:  # pragma: no cover - every slotted attrs class of phase10 allows it
        return None
    return build


#: The slot in which attrs keeps a ``cache_hash=True`` instance's hash (``None`` until asked).
_HASH_CACHE = "_attrs_cached_hash"


def _plain_slots(cls: type, fields: tuple[attrs.Attribute[Any], ...]) -> dict[str, Any] | None:
    """The ``__set__`` of each slot of ``cls`` when its ``__init__`` only stores the fields.

    That is a slotted attrs class without validators, converters, ``__attrs_pre_init__`` or
    ``__attrs_post_init__``: its ``__init__`` stores each argument in its slot (and ``None``
    as the cached hash) and nothing else, so setting the slots directly builds the same
    object. ``None`` for any other class: its evolve calls ``__init__``.
    """
    if any(hasattr(cls, hook) for hook in ("__attrs_pre_init__", "__attrs_post_init__")):
        return None
    if any(f.validator is not None or f.converter is not None for f in fields):
        return None
    return _slot_setters(cls, fields)


def _slot_setters(cls: type, fields: tuple[attrs.Attribute[Any], ...]) -> dict[str, Any] | None:
    """The ``__set__`` of each field's slot of ``cls`` (and the cached hash's).

    ``None`` when ``cls`` is not slotted.
    """
    if "__slots__" not in cls.__dict__:
        return None
    names = [f.name for f in fields]
    if any(_HASH_CACHE in k.__dict__ for k in cls.__mro__):
        names.append(_HASH_CACHE)
    found: dict[str, Any] = {}
    for n in names:
        slot: Any = next((k.__dict__[n] for k in cls.__mro__ if n in k.__dict__), None)
        if not isinstance(slot, types.MemberDescriptorType):
            return None
        found[n] = slot.__set__
    return found


T_co = TypeVar("T_co", covariant=True)


class Projection(Protocol[T_co]):
    """A copy of ``source`` as another class: the fields of the same name, and the rest given."""

    #: The fields copied from the source, in the target's order.
    copied: tuple[str, ...]
    #: The fields passed in, in the order the function takes them after the source.
    computed: tuple[str, ...]

    def __call__(self, source: Any, /, *computed: Any) -> T_co:
        """Return the new object."""
        ...


def make_projection(
    target: type[T], source: type, *, computed: tuple[str, ...] = ()
) -> Projection[T]:
    """Generate ``project(src, *values)``: a ``target`` copying the same-named fields of ``src``.

    Every field of ``target`` not named in ``computed`` is read from the field of the same
    name of ``src`` (an instance of ``source``); those in ``computed`` are passed after
    ``src``, in that order.

    >>> @attrs.frozen
    ... class Inner:
    ...     a: int
    ...     b: int
    >>> @attrs.frozen
    ... class Outer:
    ...     a: int
    ...     size: int
    >>> project = make_projection(Outer, Inner, computed=("size",))
    >>> project(Inner(1, 2), 9), project.copied
    (Outer(a=1, size=9), ('a',))

    Raises:
        TypeError: ``target`` or ``source`` is not an attrs class; a name in ``computed`` is
            no field of ``target``; a field to copy is no field of ``source``; or a field of
            ``target`` is one its ``__init__`` does not take or takes under another name.
    """
    if not attrs.has(target) or not attrs.has(source):
        raise TypeError(f"make_projection() needs attrs classes, got {target!r}, {source!r}")
    fields = attrs.fields(target)
    names = {f.name for f in fields}
    unknown = [name for name in computed if name not in names]
    if unknown or len(set(computed)) != len(computed):
        raise TypeError(f"computed names no fields of {target.__name__} once each: {computed!r}")
    have = {f.name for f in attrs.fields(source)}
    positional = []
    keyword = []
    copied = []
    for f in fields:
        if not f.init or f.alias != f.name:
            raise TypeError(f"make_projection() cannot pass field {f.name!r} of {target.__name__}")
        if f.name in computed:
            value = f.name
        elif f.name in have:
            value = f"_src.{f.name}"
            copied.append(f.name)
        else:
            raise TypeError(
                f"{target.__name__}.{f.name} is no field of {source.__name__}: name it in computed"
            )
        if f.kw_only:
            keyword.append(f"{f.name}={value}")
        else:
            positional.append(value)
    name = f"{source.__name__}_to_{target.__name__}"
    header = f"def {name}(_src, {''.join(f'{c}, ' for c in computed)}/):"
    namespace: dict[str, Any] = {"_cls": target}
    slots = _plain_slots(target, fields)
    if slots is None:
        source_text = f"{header}\n    return _cls({', '.join(positional + keyword)})\n"
    else:
        # as the generated evolve: the target's __init__ only stores, so store each slot
        source_text = _slot_source(
            header,
            fields,
            slots,
            namespace,
            lambda n: n if n in computed else f"_src.{n}",
        )
    exec(compile(source_text, f"<projection {name}>", "exec"), namespace)
    function = namespace[name]
    function.__doc__ = f"A {target.__name__} from a {source.__name__} (fields of the same name)."
    function.copied = tuple(copied)
    function.computed = tuple(computed)
    projection: Projection[T] = function
    return projection


# ----------------------------------------------------------------------------- the caches


@attrs.frozen
class CacheInfo:
    """One cache of phase10, as declared where it is made; :func:`caches` lists them.

    Attributes:
        name: The module and name of the cache, ``phase10.laydown._PLANS``; a cache made
            once per entry of another (or per object) is named after where it is kept.
        kind: ``BoundedCache``, ``IdentityCache``, ``lru_cache``, ``reuse``, or what a table
            declared with :func:`declare` is.
        key: What the cache is keyed by.
        bound: The most entries it holds (each, for one made per entry of another), or
            ``None`` for a table with one entry per member of a fixed set.
        why: Why caching there is safe (the cached value is a pure function of the key).
    """

    name: str
    kind: str
    key: str
    bound: int | None
    why: str


_CACHES: dict[str, CacheInfo] = {}
_CACHES_LOCK = threading.Lock()
# The cache objects themselves, by name, so that clear_caches() can empty them: those made
# once (module-level tables, kept alive by their modules anyway) and those made per entry
# of another cache or per object through `declared` (held weakly: they go with their owner).
_TABLES: dict[str, list[Any]] = {}
_MADE: dict[str, weakref.WeakValueDictionary[int, Any]] = {}  # by id: caches are unhashable


def declare(
    name: str,
    *,
    kind: str,
    key: str,
    bound: int | None,
    why: str,
    module: str | None = None,
    table: object = None,
) -> CacheInfo:
    """Register a cache under ``module.name`` (``module``: the caller's, by default).

    The cache types below call this themselves when made with a ``name``. Call it directly
    for a table that is not one of them (passing the ``table`` itself, a ``dict`` or
    ``list``, so that :func:`clear_caches` can empty it), and at import time for caches
    made later, one per entry of another cache or per object: those are made with
    ``BoundedCache.declared(info)`` (or ``IdentityCache.declared``), so that :func:`caches`
    lists them before any is made. Declaring a cache again is allowed as long as the
    declaration is the same.

    Raises:
        ValueError: ``name``, ``key`` or ``why`` is empty, or the cache was declared before
            with a different key, bound or reason.
    """
    if module is None:
        module = sys._getframe(1).f_globals.get("__name__", "?")
    if not name or not key or not why:
        raise ValueError(f"a cache needs a name, a key and a reason, got {name!r}")
    info = CacheInfo(f"{module}.{name}", kind, key, bound, why)
    with _CACHES_LOCK:
        before = _CACHES.setdefault(info.name, info)
        if before == info and table is not None:
            tables = _TABLES.setdefault(info.name, [])
            if all(t is not table for t in tables):
                tables.append(table)
    if before != info:
        raise ValueError(f"the cache {info.name} is declared twice, differently: {info!r}")
    return info


def _made(info: CacheInfo, cache: Any) -> Any:
    """``cache``, made for ``info`` through ``declared``, remembered (weakly) for clearing."""
    with _CACHES_LOCK:
        _MADE.setdefault(info.name, weakref.WeakValueDictionary())[id(cache)] = cache
    return cache


def declared_table(info: CacheInfo, table: T) -> T:
    """``table``, made for the declared cache ``info``, remembered weakly for clearing.

    For a table that is not a :class:`BoundedCache` or :class:`IdentityCache` but is made
    per entry of another cache or per object: any weakly referable object with ``clear()``
    and ``len()`` (:func:`clear_caches` and :func:`cache_entries` call them); it goes
    with its owner.

    Raises:
        ValueError: ``info`` is not a declared cache.
    """
    if _CACHES.get(info.name) != info:
        raise ValueError(f"not a declared cache: {info!r}")
    made: T = _made(info, table)
    return made


def _tables(name: str) -> list[Any]:
    with _CACHES_LOCK:
        made = _MADE.get(name)
        return [*_TABLES.get(name, ()), *(() if made is None else made.values())]


def _entries(table: Any) -> int:
    info = getattr(table, "cache_info", None)  # a functools.lru_cache
    return int(info().currsize) if info is not None else len(table)


def cache_entries() -> dict[str, int | None]:
    """How many entries each declared cache holds now (those made per entry: together).

    ``None`` for a cache the registry holds no object of: one declared to be made later,
    per entry of another cache or per object, of which none is alive.
    """
    found = {c.name: _tables(c.name) for c in caches()}
    return {name: sum(map(_entries, t)) if t else None for name, t in found.items()}


def clear_caches() -> None:
    """Empty every cache of phase10 made so far, to give its memory back.

    Safe at any time, from any thread: a cached value is a pure function of its key, so
    the caches only fill again, as they did after start-up, and no answer changes. The
    caches made per entry of another (or per object) are emptied too, those still alive.
    """
    for info in caches():
        for table in _tables(info.name):
            clear = getattr(table, "cache_clear", None)  # a functools.lru_cache
            (table.clear if clear is None else clear)()


def _declared_size(info: CacheInfo, kind: str) -> int:
    if info.kind != kind or info.bound is None or _CACHES.get(info.name) != info:
        raise ValueError(f"not a declared {kind}: {info!r}")
    return info.bound


def caches() -> tuple[CacheInfo, ...]:
    """Every cache declared so far (by the modules imported so far), by name."""
    with _CACHES_LOCK:
        return tuple(sorted(_CACHES.values(), key=lambda c: c.name))


def cache_table(infos: tuple[CacheInfo, ...] | None = None) -> str:
    """The Markdown table of ``infos`` (default: :func:`caches`), as docs/performance.md has it."""
    rows = [
        "| cache | kind | key | bound | why it is safe |",
        "| --- | --- | --- | ---: | --- |",
    ]
    for c in caches() if infos is None else infos:
        bound = "fixed set" if c.bound is None else f"{c.bound:,}"
        name = c.name.removeprefix("phase10.")
        rows.append(f"| `{name}` | {c.kind} | {c.key} | {bound} | {c.why} |")
    return "\n".join(rows) + "\n"


def _register(
    kind: str, name: str | None, maxsize: int, key: str, why: str, table: object, depth: int = 2
) -> None:
    if name is not None:
        module = sys._getframe(depth).f_globals.get("__name__", "?")
        declare(name, kind=kind, key=key, bound=maxsize, why=why, module=module, table=table)


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

    Made with a ``name`` (and its ``key`` and ``why``), the cache is registered in
    :func:`caches` under its module's name.

    Raises:
        ValueError: ``maxsize`` is not a whole number of at least 1, or the cache is
            declared differently from before (:func:`declare`).
    """

    __slots__ = ("__weakref__", "_lock", "maxsize")

    def __init__(
        self, maxsize: int, *, name: str | None = None, key: str = "", why: str = ""
    ) -> None:
        super().__init__()
        self.maxsize = _check_size(maxsize)
        self._lock = threading.Lock()
        _register("BoundedCache", name, maxsize, key, why, self)

    @classmethod
    def declared(cls, info: CacheInfo) -> BoundedCache[K, V]:
        """A new cache as declared by :func:`declare` (kind ``BoundedCache``).

        Raises:
            ValueError: ``info`` is not a declared ``BoundedCache`` with a bound.
        """
        made: BoundedCache[K, V] = _made(info, cls(_declared_size(info, "BoundedCache")))
        return made

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

    Made with a ``name`` (and its ``key`` and ``why``), the cache is registered in
    :func:`caches` under its module's name.

    Raises:
        ValueError: ``maxsize`` is not a whole number of at least 1, or the cache is
            declared differently from before (:func:`declare`).
    """

    __slots__ = ("__weakref__", "_data", "_keep", "_lock", "get", "maxsize")

    def __init__(
        self, maxsize: int, *, name: str | None = None, key: str = "", why: str = ""
    ) -> None:
        self.maxsize = _check_size(maxsize)
        self._data: dict[int, V] = {}
        self._keep: list[object] = []
        self._lock = threading.Lock()
        #: ``get(id(obj))``: the value stored for ``obj``, or ``None``; a dict's own ``get``.
        self.get = self._data.get
        _register("IdentityCache", name, maxsize, key, why, self)

    @classmethod
    def declared(cls, info: CacheInfo) -> IdentityCache[V]:
        """A new cache as declared by :func:`declare` (kind ``IdentityCache``).

        Raises:
            ValueError: ``info`` is not a declared ``IdentityCache`` with a bound.
        """
        made: IdentityCache[V] = _made(info, cls(_declared_size(info, "IdentityCache")))
        return made

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


class WeakMarks:
    """A mark on objects, by identity, holding them weakly: at most ``maxsize`` entries.

    ``marks.mark(obj)`` marks ``obj``; ``marks.get(id(obj))`` is a weak reference, or
    ``None``, and ``obj`` is marked only when that reference gives ``obj`` back
    (:meth:`marked` says it): an entry of an object gone is dead, and another object that
    gets its id later is not taken for it. No object is kept alive. A full table drops its
    dead entries, and is emptied when they are not half of it; forgetting a mark only makes
    its owner check again what the mark vouched for.

    >>> class Box:
    ...     pass
    >>> marks = WeakMarks(8)
    >>> box, other = Box(), Box()
    >>> marks.mark(box)
    >>> marks.marked(box), marks.marked(other)
    (True, False)

    Raises:
        ValueError: ``maxsize`` is not a whole number of at least 1, or the table is
            declared differently from before (:func:`declare`).
    """

    __slots__ = ("__weakref__", "_data", "_lock", "get", "maxsize")

    def __init__(
        self, maxsize: int, *, name: str | None = None, key: str = "", why: str = ""
    ) -> None:
        self.maxsize = _check_size(maxsize)
        self._data: dict[int, weakref.ref[Any]] = {}
        self._lock = threading.Lock()
        #: ``get(id(obj))``: a weak reference to the object marked under that id, or ``None``.
        self.get = self._data.get
        _register("WeakMarks", name, maxsize, key, why, self)

    def mark(self, obj: object) -> None:
        """Mark ``obj`` (dropping the dead entries of a full table first)."""
        data = self._data
        if len(data) >= self.maxsize:
            with self._lock:  # a snapshot (made in C): a mark written meanwhile is only lost
                live = [(k, r) for k, r in list(data.items()) if r() is not None]
                data.clear()
                if len(live) * 2 < self.maxsize:
                    data.update(live)
        data[id(obj)] = weakref.ref(obj)

    def marked(self, obj: object) -> bool:
        """Whether ``obj`` is marked."""
        ref = self._data.get(id(obj))
        return ref is not None and ref() is obj

    def clear(self) -> None:
        """Forget every mark."""
        with self._lock:
            self._data.clear()

    def __len__(self) -> int:
        return len(self._data)

    def __repr__(self) -> str:
        return f"WeakMarks({self.maxsize}, {len(self)} entries)"


#: The game states known to pass every check of ``GameState.problems`` without making it,
#: and the views made of them: the one home of "this object is valid by construction".
#: :func:`phase10.new_game` marks what it returns, :func:`phase10.apply` what it makes from
#: a marked state (the engine keeps a valid state valid) and :func:`phase10.sample_state`
#: a world it checked; :func:`phase10.view` marks the view of a marked state, so that its
#: worlds are dealt with only the checks that read the deal. A state or view built by hand
#: (its constructor, ``attrs.evolve``, ``from_json``) is another object, never marked.
VALID_STATES = WeakMarks(
    16384,
    name="VALID_STATES",
    key="identity of a `GameState` or `PlayerView`, held weakly",
    why="a mark by identity; only a state the engine made from a marked one (or "
    "`new_game`'s, or a world `sample_state` checked) and a view `view()` made of a marked "
    "state are marked, and both are frozen",
)


P = ParamSpec("P")
R = TypeVar("R")


def reuse(
    cls: Callable[P, R], *, maxsize: int, name: str | None = None, key: str = "", why: str = ""
) -> Callable[P, R]:
    """``cls``'s constructor, answering repeated arguments with the value built before.

    Only for immutable values whose constructor is a pure function of its (hashable)
    arguments; at most ``maxsize`` of them are kept. With a ``name`` the cache is registered
    in :func:`caches` under the caller's module.

    >>> make = reuse(tuple, maxsize=2)
    >>> make("ab") is make("ab")
    True

    Raises:
        ValueError: ``maxsize`` is not a whole number of at least 1, or the cache is
            declared differently from before (:func:`declare`).
    """
    cached = functools.lru_cache(maxsize=_check_size(maxsize))(cls)
    _register("reuse", name, maxsize, key, why, cached)
    return cached  # type: ignore[return-value]


def lru_cache(*, maxsize: int, key: str, why: str) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """:func:`functools.lru_cache` of ``maxsize``, registered in :func:`caches`.

    The cache is named after the function it wraps (its module and qualified name), e.g.
    ``@lru_cache(maxsize=64, key="a variant name", why="variants are immutable")``.

    Raises:
        ValueError: ``maxsize`` is not a whole number of at least 1, ``key`` or ``why`` is
            empty, or the function's cache was declared differently before.
    """
    size = _check_size(maxsize)

    def wrap(function: Callable[P, R]) -> Callable[P, R]:
        cached = functools.lru_cache(maxsize=size)(function)
        declare(
            function.__qualname__,
            kind="lru_cache",
            key=key,
            bound=size,
            why=why,
            module=function.__module__,
            table=cached,
        )
        return cached  # type: ignore[return-value]

    return wrap
