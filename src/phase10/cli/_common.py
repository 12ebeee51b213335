"""What the commands of the command line share: bots by name, errors, files, escaping input."""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType

from phase10.bots import Bot, CautiousBot, GreedyBot, RandomBot
from phase10.cards import Card, sort_cards
from phase10.errors import LimitError, NotationError
from phase10.limits import current_limits
from phase10.records import GameRecord
from phase10.variants import Variant, find_variant

#: The bots the command line knows by name.
BOTS: dict[str, Callable[[], Bot]] = {
    "greedy": GreedyBot,
    "cautious": CautiousBot,
    "random": RandomBot,
}


class UsageError(Exception):
    """Bad command-line input; the message is shown as ``phase10: error: <message>``."""


def is_bot_spec(text: str) -> bool:
    """Whether ``text`` names a bot class by module, ``module:Class`` or ``file.py:Class``."""
    module, colon, name = text.rpartition(":")
    return bool(colon and module and name.isidentifier())


def _import(module: str) -> ModuleType:
    if module.endswith(".py"):
        path = Path(module)
        if not path.is_file():
            raise UsageError(f"--bots: there is no file {module}")
        spec = importlib.util.spec_from_file_location(f"phase10_student_{path.stem}", path)
        if spec is None or spec.loader is None:
            raise UsageError(f"--bots: cannot import {module}")
        loaded = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = loaded
        spec.loader.exec_module(loaded)
        return loaded
    here = os.getcwd()
    added = here not in sys.path
    if added:  # a student's module in the current directory, as ``python -m`` would find it
        sys.path.insert(0, here)
    try:
        return importlib.import_module(module)
    finally:
        if added:
            sys.path.remove(here)


def load_bot(spec: str) -> Bot:
    """The bot named by ``spec``: a built-in name (``greedy``) or ``module:Class``.

    ``module`` is a module path importable from the current directory (``mybot`` for
    ``mybot.py``, ``pkg.bots``) or a file (``bots/mine.py``); ``Class`` is made with no
    arguments and must have the ``act`` method of :class:`~phase10.Bot`.

    Raises:
        UsageError: the module cannot be imported, has no such class, the class cannot be
            made without arguments, or what it makes is not a bot.
    """
    name = spec.strip().lower()
    if name in BOTS:
        return BOTS[name]()
    module, _, attr = spec.strip().rpartition(":")
    if not module:
        raise UsageError(
            f"unknown bot {spec!r}; known: {', '.join(BOTS)}, or module:Class for your own"
        )
    try:
        loaded = _import(module)
    except UsageError:
        raise
    except Exception as exc:  # a student's module may fail in any way while importing
        raise UsageError(
            f"--bots {spec}: cannot import {module}: {type(exc).__name__}: {exc}"
        ) from None
    cls = getattr(loaded, attr, None)
    if cls is None:
        raise UsageError(f"--bots {spec}: module {module} has no {attr}")
    try:
        bot = cls() if callable(cls) else cls
    except Exception as exc:
        raise UsageError(
            f"--bots {spec}: {attr}() failed: {type(exc).__name__}: {exc} "
            "(the class is made with no arguments)"
        ) from None
    if not isinstance(bot, Bot):
        raise UsageError(
            f"--bots {spec}: {attr} is not a bot: it needs a method act(view, rng) that "
            "returns one of phase10.legal_actions(view)"
        )
    return bot


def variant_named(name: str | None) -> Variant:
    """The variant called ``name`` (``--variant``), classic when it is None.

    Raises:
        DefinitionError: no variant has that name.
    """
    return find_variant(name if name is not None else "classic")


def printable(text: object, *, lines: bool = False) -> str:
    r"""``str(text)`` with every character a terminal would act on written as an escape.

    Seeds, record tags, variant and bot names and file names come from the user or from a
    file; a terminal obeys an ESC or BEL in them (move the cursor, retitle the window, ring).
    Control and format characters (C0, DEL, C1, bidirectional overrides, line and paragraph
    separators, and newlines unless ``lines`` is true) are shown as Python writes them,
    ``\x1b``, ``\u202e``:

    >>> printable("7\x1b]0;owned\x07")
    '7\\x1b]0;owned\\x07'
    >>> printable("Zoë 7")
    'Zoë 7'
    >>> printable("line 1\nline 2", lines=True)
    'line 1\nline 2'
    """
    if lines:
        return "\n".join(printable(line) for line in str(text).split("\n"))
    return "".join(ch if ch == " " or ch.isprintable() else ascii(ch)[1:-1] for ch in str(text))


def record_size_limit() -> int:
    """The most bytes ``replay`` and ``play --load`` read: the limit ``max_text_length``."""
    return current_limits().max_text_length


def read_record_text(path: Path) -> str:
    """The text of the record file at ``path``, read in at most :func:`record_size_limit` bytes.

    A device that never ends (``/dev/zero``) is refused once the limit is passed, never
    read to the end.

    Raises:
        OSError: the file cannot be opened or read (no such file, a directory).
        LimitError: the file holds more bytes than the limit (code ``limit``).
        NotationError: the file is not UTF-8 text (code ``notation``); ``line`` is the
            line of the first bad byte.
    """
    limit = record_size_limit()
    with path.open("rb") as file:
        data = file.read(limit + 1)
    if len(data) > limit:
        raise LimitError(
            f"{printable(path)}: a record is at most {limit} bytes (the limit "
            "max_text_length); this file holds more",
            path=str(path),
            limit="max_text_length",
            maximum=limit,
            value=len(data),
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise NotationError(
            f"{printable(path)}: a record is UTF-8 text; line {line} holds the byte "
            f"0x{data[exc.start]:02x}, which is not UTF-8",
            line=line,
        ) from None


def read_record(path: Path) -> GameRecord:
    """The game record in the text file at ``path`` (read by :func:`read_record_text`).

    Raises:
        OSError: the file cannot be read.
        LimitError: the file is larger than :func:`record_size_limit`.
        NotationError: the file is not UTF-8 or holds no valid record.
    """
    return GameRecord.from_text(read_record_text(path))


def left_over(hand: Sequence[Card], used: Sequence[Card]) -> tuple[Card, ...]:
    """The cards of ``hand`` that are not in ``used`` (a multiset difference)."""
    rest = Counter(hand)
    rest.subtract(used)
    return sort_cards(rest.elements())
