"""Game records: a header and every action of a game (chance included), as text people read.

A record replays exactly: chance outcomes are stored as actions (``deal R7``), not derived
from a seed. The text format is described in :doc:`/reference/action-notation`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from typing import Any

import attrs

from phase10._checks import is_whole
from phase10._json import builtin_name, decode_variant, encode_variant_full, no_duplicates
from phase10._version import __version__
from phase10.actions import ACTION_TYPES, Action, Deal, seat_name
from phase10.errors import (
    AmbiguousActionError,
    ArgumentError,
    DefinitionError,
    FormatError,
    IllegalActionError,
    InvalidStateError,
    NotationError,
    Phase10Error,
)
from phase10.limits import check_limit
from phase10.notation import action_text, apply_text
from phase10.rules import apply, new_game
from phase10.state import Event, GameState
from phase10.variants import Variant

__all__ = ["GameRecord", "end_line", "replay"]

_TAG_RE = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,63}")
_HEADER_RE = re.compile(r"\[([A-Za-z][A-Za-z0-9_]{0,63})\s+")
_RESERVED = ("Version", "Variant", "Players", "Dealer", "Seed")
_DEALER_RE = re.compile(r"p([1-9][0-9]{0,2})", re.IGNORECASE)
#: A header's JSON value, read with the JSON codec's refusal of a key twice.
_HEADER_JSON = json.JSONDecoder(object_pairs_hook=no_duplicates)
#: The end line: no action's verb is ``end``.
_END_RE = re.compile(r"end\b", re.IGNORECASE)


def _library_version() -> str:
    return __version__


def _to_actions(actions: Iterable[Action]) -> tuple[Action, ...]:
    return tuple(actions)


def _to_tags(tags: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    return tuple((k, v) for k, v in tags)


@attrs.frozen(kw_only=True)
class GameRecord:
    """A whole game: who played what, as a header and a list of actions.

    >>> import random, phase10
    >>> rng = random.Random("record")
    >>> state = phase10.new_game(phase10.CLASSIC, 2)
    >>> state, dealt = phase10.play_chance(state, rng)
    >>> record = phase10.GameRecord(
    ...     variant=phase10.CLASSIC, num_players=2, actions=(*dealt, phase10.Draw(1)), seed="record"
    ... )
    >>> print(record.to_text())
    [Version "..."]
    [Variant "classic"]
    [Players "2"]
    [Dealer "p1"]
    [Seed "record"]
    <BLANKLINE>
    deal R11
    deal R8
    ...
    turnup R3
    p2 draw
    <BLANKLINE>
    end 22 actions, in progress
    <BLANKLINE>
    >>> phase10.GameRecord.from_text(record.to_text()) == record
    True
    >>> phase10.replay(record).step
    TurnStep.REVEAL

    Attributes:
        variant: The rules played.
        num_players: Number of seats.
        actions: Every action from the first deal on, chance included.
        dealer: The first dealer's seat (0-based; ``p1`` in text).
        seed: The seed the chance actions were drawn with, if any (for information: the
            record stores the outcomes themselves).
        version: The phase10 version that wrote the record (``None`` when unknown).
        tags: Further header lines as ``(name, value)`` pairs, e.g. ``("Event", "club night")``.

    Raises:
        DefinitionError: ``variant`` is not a :class:`~phase10.Variant`.
        InvalidStateError: ``num_players`` or ``dealer`` is out of range.
        ArgumentError: an action is not an action, or ``seed`` / ``version`` not a str.
        NotationError: a tag's name is not a word, or is one of the reserved header names.
    """

    variant: Variant
    num_players: int
    actions: tuple[Action, ...] = attrs.field(default=(), converter=_to_actions)
    dealer: int = 0
    seed: str | None = None
    version: str | None = attrs.field(factory=_library_version)
    tags: tuple[tuple[str, str], ...] = attrs.field(default=(), converter=_to_tags)

    def __attrs_post_init__(self) -> None:
        variant = self.variant
        if not isinstance(variant, Variant):
            raise DefinitionError(f"variant must be a Variant, got {variant!r}")
        n = self.num_players
        if not is_whole(n, variant.min_players) or n > variant.max_players:
            raise InvalidStateError(
                f"{variant.name} is for {variant.min_players} to {variant.max_players} "
                f"players, got {n!r}"
            )
        if not is_whole(self.dealer, 0) or self.dealer >= n:
            raise InvalidStateError(f"dealer must be a seat from 0 to {n - 1}, got {self.dealer!r}")
        for action in self.actions:
            if not isinstance(action, ACTION_TYPES):
                raise ArgumentError(f"actions must be phase10 actions, got {action!r}")
        for name in ("seed", "version"):
            value = getattr(self, name)
            if value is not None and not isinstance(value, str):
                raise ArgumentError(f"{name} must be a str or None, got {value!r}")
        for tag in self.tags:
            key, value = tag
            tag_name: object = key
            if (
                not isinstance(tag_name, str)
                or not _TAG_RE.fullmatch(tag_name)
                or tag_name in _RESERVED
            ):
                raise NotationError(
                    f"a tag name must be a word of letters, digits and _ (not one of "
                    f"{', '.join(_RESERVED)}), got {key!r}",
                    text=str(key),
                )
            if not isinstance(value, str):
                raise ArgumentError(f"tag {key} must have a str value, got {value!r}")

    def states(self) -> Iterator[GameState]:
        """Every state of the game: the new game, then the state after each action.

        A teacher can step through a game with it, e.g. ``for state in record.states(): ...``.

        Raises:
            IllegalActionError: an action of the record is not legal where it stands.
        """
        state = new_game(self.variant, self.num_players, dealer=self.dealer)
        yield state
        for action in self.actions:
            state = apply(state, action)
            yield state

    def to_text(self) -> str:
        """The record as text: header lines, a blank line, then one action a line.

        Actions are written as :func:`~phase10.action_text` writes them: their ``str()``,
        with the phase of a laydown named in pick-a-phase games.

        Each hand's deal starts after a blank line. See :meth:`from_text` for the format.
        """
        lines = []
        if self.version is not None:
            lines.append(f"[Version {json.dumps(self.version)}]")
        lines.append(f"[Variant {_variant_header(self.variant)}]")
        lines.append(f'[Players "{self.num_players}"]')
        lines.append(f'[Dealer "{seat_name(self.dealer)}"]')
        if self.seed is not None:
            lines.append(f"[Seed {json.dumps(self.seed, ensure_ascii=False)}]")
        for key, value in self.tags:
            lines.append(f"[{key} {json.dumps(value, ensure_ascii=False)}]")
        lines.append("")
        previous: Action | None = None
        for action in self.actions:
            if isinstance(action, Deal) and previous is not None and not isinstance(previous, Deal):
                lines.append("")
            lines.append(action_text(action, self.variant))
            previous = action
        try:
            end = end_line(len(self.actions), replay(self))
        except IllegalActionError:  # a record that does not replay has no result to give
            end = end_line(len(self.actions), None)
        lines.extend(("", end))
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str, *, partial: bool = False) -> GameRecord:
        """Read a record written by :meth:`to_text` (or by hand).

        Header lines ``[Name value]`` come first; the value is JSON, usually a string.
        ``Variant`` (a built-in variant's name, or a variant as a JSON object) and
        ``Players`` are required; ``Dealer`` (``"p1"`` by default), ``Seed`` and ``Version``
        are optional; other names become :attr:`tags`. Then one action a line, in action
        notation, read in the context of the game so far (short forms are accepted). ``#``
        starts a comment to the end of the line; blank lines are ignored.

        A record is whole when its last line is its end line, as :meth:`to_text` writes
        it: the number of actions and how the game stands after them (``end 811 actions,
        game over: p2 wins``, or ``end 43 actions, in progress`` for a game not finished),
        both checked against the actions read. A text cut short (mid-line, mid-hand, or
        before the end line) is refused, never read as a shorter game; ``partial=True``
        reads a text without an end line (a part of a game, or one written by hand) as the
        game so far. Reading is linear in the text: a line written in full is judged by
        the rules once.

        Raises:
            NotationError: the text is not a valid record, or not a whole one; ``.line`` is
                the 1-based line number, and the error's ``__cause__`` the underlying
                problem (an illegal or ambiguous action, a bad header).
            LimitError: the text is longer than ``max_text_length`` of the limits in
                force (checked before it is read).
        """
        if not isinstance(text, str):
            raise NotationError(f"expected a record as a str, got {type(text).__name__}")
        check_limit(len(text), "max_text_length", "text", where=" (length of the record text)")
        return _Reader(text, partial=bool(partial)).read()


def end_line(count: int, state: GameState | None) -> str:
    """A record's last line: how many actions it has, and how the game stands after them.

    ``state`` is the state after the actions; ``None`` leaves the result out (a record that
    does not replay).

    >>> import phase10
    >>> end_line(43, phase10.new_game(phase10.CLASSIC, 2))
    'end 43 actions, in progress'
    """
    head = f"end {count} action{'' if count == 1 else 's'}"
    if state is None:
        return head
    if state.is_over:
        return f"{head}, {Event(winners=state.winners)}"
    return f"{head}, in progress"


def _words(text: str) -> str:
    return " ".join(text.lower().split())


def _variant_header(variant: Variant) -> str:
    name = builtin_name(variant)
    if name is not None:
        return json.dumps(name)
    return json.dumps(encode_variant_full(variant), separators=(",", ":"), ensure_ascii=False)


class _Reader:
    """Reads a record's text line by line, replaying it to read actions in context."""

    def __init__(self, text: str, *, partial: bool):
        self.text = text
        self.partial = partial
        self.headers: dict[str, tuple[Any, int]] = {}
        self.tags: list[tuple[str, str]] = []
        self.actions: list[Action] = []

    def error(
        self,
        line: int,
        offset: int,
        message: str,
        token: str = "",
        at: int = 0,
        *,
        cause: Phase10Error | None = None,
    ) -> NotationError:
        # the player reads the cause's own message, once, never nested in the line's
        return NotationError(
            f"line {line}: {message}",
            text=self.text,
            token=token,
            position=offset + at,
            line=line,
            said=None if cause is None else cause.said,
            hint=None if cause is None else cause.hint,
        )

    def read(self) -> GameRecord:
        state: GameState | None = None
        record: GameRecord | None = None
        offset = 0
        last = 0
        ended = 0
        for number, raw in enumerate(self.text.split("\n"), 1):
            start = offset
            offset += len(raw) + 1
            stripped = raw.strip()
            if stripped.startswith("["):
                if record is not None:
                    raise self.error(number, start, "header lines must come before the actions")
                self.header(number, start, raw)
                continue
            line = raw.split("#", 1)[0]
            if not line.strip():
                continue
            last = number
            if record is None:
                record = self.make_record(number, start)
                state = next(record.states())
            assert state is not None
            at = len(line) - len(line.lstrip())
            if ended:
                raise self.error(
                    number, start, f"nothing may follow the end line (line {ended})", line, at
                )
            if _END_RE.match(line.strip()):
                self.check_end(number, start, line.strip(), state)
                ended = number
                continue
            try:
                action, state = apply_text(state, line.strip())
            except NotationError as exc:
                position = at + exc.position
                raise self.error(number, start, str(exc), exc.token, position, cause=exc) from exc
            except (IllegalActionError, AmbiguousActionError) as exc:
                raise self.error(number, start, str(exc), line.strip(), at, cause=exc) from exc
            self.actions.append(action)
        if record is None:
            record = self.make_record(last or 1, 0)
        if not ended and not self.partial:
            state = state if state is not None else next(record.states())
            expected = end_line(len(self.actions), state)
            raise self.error(
                last or 1,
                0,
                f"the record has no end line ({expected!r} would end it here): it may be cut "
                "short; read it with partial=True to take the game so far",
            )
        return attrs.evolve(record, actions=tuple(self.actions))

    def check_end(self, number: int, start: int, line: str, state: GameState) -> None:
        """Refuse an end line that does not say what the actions read make."""
        expected = end_line(len(self.actions), state)
        if _words(line) != _words(expected):
            raise self.error(
                number,
                start,
                f"the end line says {line!r}, but the {len(self.actions)} actions read make "
                f"{expected!r}: the record is not whole",
                line,
            )

    def header(self, number: int, start: int, raw: str) -> None:
        body = raw.strip()
        indent = len(raw) - len(raw.lstrip())
        match = _HEADER_RE.match(body)
        if match is None:
            raise self.error(
                number, start, 'a header line is [Name value], e.g. [Players "4"]', body, indent
            )
        name = match.group(1)
        try:
            value, end = _HEADER_JSON.raw_decode(body, match.end())
        except FormatError as exc:  # a key twice: refused as every JSON door refuses it
            raise self.error(number, start, f"header {name}: {exc}", body, indent) from None
        except (ValueError, RecursionError):
            raise self.error(
                number,
                start,
                f'the value of header {name} must be JSON, e.g. [{name} "..."]',
                body,
                indent + match.end(),
            ) from None
        rest = body[end:].lstrip()
        after = rest[1:].strip()
        if not rest.startswith("]") or (after and not after.startswith("#")):
            raise self.error(number, start, f"header {name} must end with ']'", body, indent)
        if name in self.headers or any(k == name for k, _ in self.tags):
            raise self.error(number, start, f"header {name} is given twice", body, indent)
        if name in _RESERVED:
            self.headers[name] = (value, number)
        elif isinstance(value, str):
            self.tags.append((name, value))
        else:
            raise self.error(number, start, f"header {name} must have a string value", body, indent)

    def make_record(self, number: int, start: int) -> GameRecord:
        for name in ("Variant", "Players"):
            if name not in self.headers:
                raise self.error(number, start, f"the header [{name} ...] is missing")
        value, line = self.headers["Variant"]
        try:
            variant = decode_variant(value)
        except FormatError as exc:
            raise self.error(line, 0, f"bad Variant header: {exc}") from exc
        players = self.int_header("Players")
        dealer = 0
        if "Dealer" in self.headers:
            value, line = self.headers["Dealer"]
            match = _DEALER_RE.fullmatch(value) if isinstance(value, str) else None
            if match is None:
                raise self.error(
                    line, 0, f'the Dealer header is a seat such as "p1", got {value!r}'
                )
            dealer = int(match.group(1)) - 1
        texts: dict[str, str | None] = {}
        for name in ("Seed", "Version"):
            value, line = self.headers.get(name, (None, 0))
            if isinstance(value, int | float) and not isinstance(value, bool) and name == "Seed":
                value = str(value)
            if value is not None and not isinstance(value, str):
                raise self.error(line, 0, f"the {name} header must be a string")
            texts[name] = value
        try:
            return GameRecord(
                variant=variant,
                num_players=players,
                dealer=dealer,
                seed=texts["Seed"],
                version=texts["Version"],
                tags=tuple(self.tags),
            )
        except (InvalidStateError, DefinitionError, NotationError, TypeError) as exc:
            raise self.error(number, start, f"bad header: {exc}") from exc

    def int_header(self, name: str) -> int:
        value, line = self.headers[name]
        if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) < 4:
            value = int(value)
        if not is_whole(value, 0):
            raise self.error(line, 0, f'the {name} header must be a whole number, e.g. "4"')
        assert isinstance(value, int)
        return value


def replay(record: GameRecord) -> GameState:
    """The state at the end of ``record``: every action applied to a new game.

    >>> import phase10
    >>> record = phase10.GameRecord(variant=phase10.CLASSIC, num_players=3)
    >>> phase10.replay(record).step
    TurnStep.DEAL

    Raises:
        ArgumentError: ``record`` is not a :class:`GameRecord`.
        IllegalActionError: an action of the record is not legal where it stands.
    """
    if not isinstance(record, GameRecord):
        raise ArgumentError(f"replay() needs a GameRecord, got {type(record).__name__}")
    state: GameState | None = None
    for state in record.states():  # noqa: B007 - the last one is the answer
        pass
    assert state is not None
    return state
