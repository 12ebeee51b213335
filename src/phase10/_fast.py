"""Fast copy-with-changes for frozen attrs classes, generated from their fields.

``attrs.evolve`` looks the class's fields up on every call, which costs more than the rest
of a typical ``apply``. :func:`make_evolve` writes, once at import time, a function with one
keyword-only parameter per field that calls the class's own ``__init__``: changing a field
of the class changes the function with it, and an unknown key is a ``TypeError`` raised by
Python itself, never silently dropped.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

import attrs

__all__ = ["Evolve", "make_evolve"]

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
