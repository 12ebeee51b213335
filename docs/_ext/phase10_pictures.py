"""A Sphinx directive that draws pictures with :mod:`phase10.svg` while the docs are built.

The pictures are generated from the library on every build, never committed, so they cannot
drift from what the library does. In a MyST page::

    ```{phase10-picture} row
    R7 B7 W G2
    ```

The argument says what to draw; the content gives the cards in notation:

- ``card``, ``row``, ``hand``: the cards (``:per-line:`` and ``:label:`` for ``row``);
- ``meld``: the cards, a wild's value pinned or not (``W=7``), and ``:group:`` (a group in
  words, ``run 4``, ``set of 3``); the first reading of the cards is drawn;
- ``laydown`` and ``check``: the cards and ``:phase:`` (a phase number) of ``:variant:``
  (default classic); ``laydown`` fails the build when the cards do not lay the phase down;
- ``deck``: every distinct card of ``:variant:``, in canonical order;
- ``table`` and ``game``: a game of ``:variant:`` with ``:players:`` (default 3), dealt by
  ``random.Random(seed)`` (``:seed:``, default ``docs``), after ``:turns:`` actions of the
  greedy bot (default 0); ``table`` is the view of ``:seat:`` (1-based, default 1), ``game``
  every hand face up;
- ``turn``: the diagram of a turn's steps.

``:size:`` sets the width of a card in pixels. The SVG goes inline into the HTML output;
other builders get the picture's title as text.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import Directive, directives

import phase10
from phase10 import svg

KINDS = ("card", "row", "hand", "meld", "laydown", "check", "deck", "table", "game", "turn")


def _played(variant: phase10.Variant, players: int, turns: int, seed: str) -> phase10.GameState:
    """A seeded game of ``variant`` after ``turns`` player actions of the greedy bot."""
    rng = random.Random(seed)
    bot = phase10.GreedyBot()
    state, _ = phase10.play_chance(phase10.new_game(variant, players), rng)
    for _ in range(turns):
        if state.is_over:
            break
        seat = state.current_player
        assert seat is not None and seat >= 0
        state = phase10.apply(state, bot.act(phase10.view(state, seat), rng))
        state, _ = phase10.play_chance(state, rng)
    return state


def draw(kind: str, text: str, options: dict[str, Any]) -> str:
    """The picture the directive with argument ``kind``, content ``text`` and ``options`` draws.

    Raises:
        ValueError: the directive asks for something that cannot be drawn.
    """
    size = options.get("size", 64)
    variant = phase10.find_variant(options.get("variant", "classic"))
    cards = () if kind == "meld" else phase10.parse_cards(text)
    if kind == "card":
        if len(cards) != 1:
            raise ValueError(f"card draws one card, got {text!r}")
        return svg.card(cards[0], size=size)
    if kind == "row":
        return svg.row(
            cards, size=size, per_line=options.get("per-line"), label=options.get("label")
        )
    if kind == "hand":
        return svg.hand(cards, size=size, label=options.get("label"))
    if kind == "meld":
        group = phase10.Phase.parse(options["group"]).groups[0]
        # the text itself, so that a wild's value can be pinned (W=7)
        verdict = phase10.check_meld(" ".join(text.split()), group, rules=variant.meld_rules)
        meld = verdict.meld
        if meld is None:
            raise ValueError(f"{text!r} is not a {group}: {verdict.reason}")
        return svg.meld(meld, size=size)
    if kind in ("laydown", "check"):
        phase = variant.phases[int(options["phase"]) - 1]
        if kind == "check":
            return svg.phase_check(cards, phase, rules=variant.meld_rules, size=size)
        found = phase10.find_laydown(cards, phase, rules=variant.meld_rules)
        if found is None:
            raise ValueError(f"{text!r} does not lay down {phase}")
        return svg.laydown(found, size=size)
    if kind == "deck":
        return svg.row(
            tuple(dict.fromkeys(variant.deck)),
            size=size,
            per_line=options.get("per-line", 12),
            label=options.get("label"),
        )
    if kind in ("table", "game"):
        state = _played(
            variant, options.get("players", 3), options.get("turns", 0), options.get("seed", "docs")
        )
        if kind == "game":
            return svg.game(state, size=size)
        return svg.table(phase10.view(state, options.get("seat", 1) - 1), size=size)
    return svg.turn_diagram(size=size)


class PictureDirective(Directive):
    """``{phase10-picture} KIND``: a picture drawn by :mod:`phase10.svg` at build time."""

    required_arguments = 1
    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {
        "size": directives.positive_int,
        "per-line": directives.positive_int,
        "label": directives.unchanged,
        "group": directives.unchanged_required,
        "phase": directives.positive_int,
        "variant": directives.unchanged_required,
        "players": directives.positive_int,
        "turns": directives.nonnegative_int,
        "seed": directives.unchanged_required,
        "seat": directives.positive_int,
    }

    def run(self) -> list[nodes.Node]:
        """Draw the picture; a directive that cannot be drawn fails the build."""
        kind = self.arguments[0]
        if kind not in KINDS:
            raise self.error(f"phase10-picture draws one of {', '.join(KINDS)}; got {kind!r}")
        try:
            picture = draw(kind, "\n".join(self.content), dict(self.options))
        except (KeyError, ValueError, TypeError, phase10.Phase10Error) as exc:
            raise self.error(f"phase10-picture {kind}: {exc}") from exc
        html = f'<div class="phase10-picture">{picture}</div>'
        return [nodes.raw("", html, format="html")]


def setup(app: Any) -> dict[str, Any]:
    """Register the ``phase10-picture`` directive."""
    app.add_directive("phase10-picture", PictureDirective)
    app.add_css_file("phase10-pictures.css")
    return {"parallel_read_safe": True, "parallel_write_safe": True}
