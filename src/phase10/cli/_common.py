"""What the commands of the command line share: the bots by name, the usage error, file input."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

from phase10.bots import Bot, GreedyBot, RandomBot
from phase10.cards import Card, sort_cards
from phase10.records import GameRecord
from phase10.variants import Variant, find_variant

#: The bots the command line knows by name.
BOTS: dict[str, Callable[[], Bot]] = {"greedy": GreedyBot, "random": RandomBot}


class UsageError(Exception):
    """Bad command-line input; the message is shown as ``phase10: error: <message>``."""


def variant_named(name: str | None) -> Variant:
    """The variant called ``name`` (``--variant``), classic when it is None.

    Raises:
        DefinitionError: no variant has that name.
    """
    return find_variant(name if name is not None else "classic")


def read_record(path: Path) -> GameRecord:
    """The game record in the text file at ``path``.

    Raises:
        OSError: the file cannot be read.
        NotationError: the file holds no valid record.
    """
    return GameRecord.from_text(path.read_text(encoding="utf-8"))


def left_over(hand: Sequence[Card], used: Sequence[Card]) -> tuple[Card, ...]:
    """The cards of ``hand`` that are not in ``used`` (a multiset difference)."""
    rest = Counter(hand)
    rest.subtract(used)
    return sort_cards(rest.elements())
