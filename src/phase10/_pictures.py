"""The notebook pictures of the library's objects, without low modules importing ``phase10.svg``.

``Card``, ``Meld``, ``PhaseMelds``, ``GameState`` and ``PlayerView`` live in low layers and may
not import :mod:`phase10.svg`, which sits near the top. So the drawing goes the other way:
:mod:`phase10.svg` registers one drawing function per class when it is imported (the
``phase10`` package imports it, and every ``phase10.x`` import runs the package first), and
the classes' ``_repr_svg_`` methods look their function up here. This module imports nothing
from the library.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_DRAWERS: dict[type, Callable[[Any], str]] = {}


def register(kind: type, draw: Callable[[Any], str]) -> None:
    """Make ``draw(obj)`` the picture of every ``obj`` of class ``kind`` (or a subclass)."""
    _DRAWERS[kind] = draw


def picture(obj: object) -> str | None:
    """The SVG picture of ``obj``, or ``None`` when no drawing is registered for its class.

    ``None`` is what IPython expects from ``_repr_svg_`` when there is no picture: it then
    shows the text repr.
    """
    for kind in type(obj).__mro__:
        draw = _DRAWERS.get(kind)
        if draw is not None:
            return draw(obj)
    return None
