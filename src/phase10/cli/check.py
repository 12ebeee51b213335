"""``phase10 check``: does a hand lay down a classic phase?"""

from __future__ import annotations

from pathlib import Path

from phase10 import svg
from phase10.cards import CLASSIC_GAME, format_cards, parse_cards
from phase10.cli._common import left_over
from phase10.laydown import explain, find_laydown
from phase10.phases import CLASSIC_PHASES

__all__ = ["run"]


def run(text: str, number: int, *, picture: Path | None = None) -> int:
    """Print whether the cards in ``text`` lay down classic phase ``number``, and how.

    With ``picture`` (``--svg FILE``), also write the laydown found, or the closest miss, as
    an SVG picture to that file.

    Returns:
        The exit status: 0 when the hand lays the phase down, 1 when not.

    Raises:
        NotationError: ``text`` is not classic cards in notation.
        OSError: the picture cannot be written.
    """
    hand = parse_cards(text, game=CLASSIC_GAME)  # a classic phase: classic cards only
    phase = CLASSIC_PHASES[number - 1]
    if picture is not None:
        picture.write_text(svg.phase_check(hand, phase) + "\n", encoding="utf-8")
    laydown = find_laydown(hand, phase)
    if laydown is None:
        print(f"phase {number} ({phase}): does not lay down")
        print(explain(hand, phase))
        return 1
    print(f"phase {number} ({phase}): lays down")
    for meld in laydown.melds:
        print(f"  {meld.group}: {meld}")
    rest = left_over(hand, laydown.cards)
    print(f"left in hand: {format_cards(rest) or 'nothing'}")
    return 0
