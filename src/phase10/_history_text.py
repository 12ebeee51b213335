"""The history's event text: reading ``p2 take R7`` or a hand's history back into events.

``str(event)`` and ``str(history)`` write it; :func:`parse_event` and :func:`parse_history`
read it back without a position (an event says all it did), in the grammar of the action
notation (:mod:`phase10.notation`). The JSON codec reads a history's events through
:func:`event_reader`. The text is in :doc:`/reference/action-notation`.
"""

from __future__ import annotations

import itertools
import operator
import re
import threading
from collections.abc import Callable, Sequence
from typing import Any, Final

import attrs

from phase10._fast import BoundedCache, declare, declared_table
from phase10._grammar import (
    CHANCE_VERBS,
    KIND_OF_VERB,
    TOKEN_RE,
    Parsed,
    Placed,
    Reader,
    Token,
    bare_action,
    card_action,
    card_fault,
    quote,
    read,
)
from phase10._written import meld_as_written
from phase10.actions import (
    ACTION_TYPES,
    Action,
    Announce,
    Discard,
    Hit,
    LayDown,
    Operands,
    TakeDiscard,
    TakeOffer,
    TurnUp,
    seat_name,
)
from phase10.cards import Card, CardGame, Kind, parse_card
from phase10.errors import ArgumentError, Message, NotationError
from phase10.groups import End, GroupType, Meld, MeldRules, Value
from phase10.limits import check_limit
from phase10.phases import Phase, PhaseMelds
from phase10.state import Event, History, Unseen
from phase10.variants import Variant

__all__ = [
    "HAND_OVER",
    "LAID",
    "MOST_CARDS",
    "SEAT_FIELDS",
    "TAKEN",
    "UNSURE",
    "Known",
    "TextFacts",
    "event_reader",
    "parse_event",
    "parse_history",
    "written_action",
]


def _wild_value(text: str | None, game: CardGame, bad: Callable[..., NotationError]) -> Value:
    """The value written after a wild's ``=`` (``7``, ``R``, ``R7``); none written: nothing."""
    if text is None:
        return Value(None, None)
    letters = "".join(ch for ch in text if ch.isalpha())
    digits = "".join(ch for ch in text if ch.isdigit())
    color = None
    if letters:
        color = next((c for c in game.colors if c.value == letters), None)
        if color is None:
            listed = ", ".join(c.value for c in game.colors)
            raise bad(f"the value {text!r}: {letters!r} is not a colour of the game ({listed})")
    return Value(int(digits) if digits else None, color)


def _placed_value(placed: Placed, game: CardGame, bad: Callable[..., NotationError]) -> Value:
    card = placed.card
    if card.kind is Kind.NUMBER:
        return Value(card.number, card.color)
    return _wild_value(placed.value, game, bad)


def _written_meld(
    spec: Sequence[Placed], group: GroupType, rules: MeldRules, bad: Callable[[str], NotationError]
) -> list[Meld]:
    """The valid meld of ``group`` that is exactly these cards, with these values, as written."""
    cards = tuple(p.card for p in spec)
    values = tuple(_placed_value(p, rules.game, bad) for p in spec)
    meld = meld_as_written(group, cards, values, rules)
    # judged afresh (Meld.check), not through the identity cache: most candidates are dropped
    return [] if meld is None or not meld.check(rules=rules) else [meld]


def _written_laydown(
    melds: Sequence[Sequence[Placed]],
    phase: Phase,
    rules: MeldRules,
    bad: Callable[[str], NotationError],
) -> list[PhaseMelds]:
    """Every laydown of ``phase`` whose melds are written so, one meld per group in order."""
    if len(melds) != len(phase.groups):
        return []
    options: list[list[Meld]] = []
    for spec, group in zip(melds, phase.groups, strict=True):
        found = _written_meld(spec, group, rules, bad)
        if not found:
            return []
        options.append(found)
    laydowns: list[PhaseMelds] = []
    for choice in itertools.product(*options):
        laydown = PhaseMelds(phase, tuple(choice))
        if phase.problem(laydown.melds, rules=rules) is None:
            laydowns.append(laydown)
    return laydowns


def _words(text: str) -> str:
    return " ".join(text.lower().split())


def _named_phases(body: str, variant: Variant) -> tuple[str, list[Phase] | None]:
    """Split off the ``(phase)`` an event of a laydown ends with: the rest and its phases.

    ``None`` when the text names no phase; an empty list when it ends with a parenthesis
    that is not a phase of ``variant``. Case and spacing are free, as in the rest.
    """
    if not body.endswith(")"):
        return body, None
    names = [(_words(f"({p})"), p) for p in variant.phases]
    longest = max(len(str(p)) for p in variant.phases) + 8
    end = len(body)
    while (start := body.rfind("(", 0, end)) >= 0 and len(body) - start <= 2 * longest:
        suffix = _words(body[start:])
        named = [p for name, p in names if name == suffix]
        if named:
            return body[:start].rstrip(), named
        end = start
    return body, []


# Events read from text, per variant and line: a hand's history is read again at each step
# by whoever follows a game as text (or as JSON), and most of its lines recur. Phase names
# are not part of a variant's equality but they are part of the event read back (its
# laydown names the phase), so they are part of the key. Two levels, so that a batch of
# lines looks each one up in a plain dict (_Lines).
_READ_EVENTS: BoundedCache[tuple[Variant, tuple[str, ...]], _Lines] = BoundedCache(
    8,
    name="_READ_EVENTS",
    key="`(Variant, phase names)`: the events of that variant read, by line (below)",
    why="the events-by-line cache of a variant is only ever added to as below",
)
_READ_LINES = 4096
_LINES_READ = declare(
    "_READ_EVENTS.lines",
    kind="dict",
    key="a history line (one cache per entry of `_READ_EVENTS`)",
    bound=_READ_LINES,
    why="an event is stored only after its line was read whole; lines over 1,000 characters "
    "are read without it; events are immutable",
)


class _Lines:
    """The events of one variant read, by line: at most ``_READ_LINES``, emptied when full.

    A ``BoundedCache`` but for its table, a plain ``dict`` (``events``): a subscript of a
    ``dict`` subclass looks ``__getitem__`` up on its type each time, and a history's texts
    are looked up all at once (``event_reader``'s ``recall``), at half the cost in a dict.
    Written under a lock, so that writers in several threads cannot pass the bound.
    """

    __slots__ = ("__weakref__", "_lock", "events")

    def __init__(self) -> None:
        self.events: dict[str, Event] = {}
        self._lock = threading.Lock()
        declared_table(_LINES_READ, self)

    def put(self, line: str, event: Event) -> Event:
        """Store ``event`` under ``line`` (emptying a full table first) and return it."""
        with self._lock:
            events = self.events
            if len(events) >= _READ_LINES and line not in events:
                events.clear()
            events[line] = event
        return event

    def __len__(self) -> int:
        """The lines known now (for ``cache_entries``)."""
        return len(self.events)

    def clear(self) -> None:
        """Forget every line (``clear_caches``)."""
        self.events.clear()


def _events_read(variant: Variant) -> _Lines:
    """The events of ``variant`` read so far, by line."""
    key = (variant, tuple(p.name for p in variant.phases))
    found = _READ_EVENTS.get(key)
    if found is None:
        found = _READ_EVENTS.put(key, _Lines())
    return found


def _max_words(variant: Variant) -> int:
    """The most words an event of ``variant`` can have: a laydown of every card, and a few."""
    groups = max(len(p.groups) for p in variant.phases)
    return len(variant.deck_for(variant.max_players)) + groups + 8


#: Longer lines (only odd spacing makes them) are read without the cache, to bound its size.
_CACHED_LINE_LENGTH = 1000


def _cached_event(line: str, variant: Variant, max_words: int, read: _Lines | None = None) -> Event:
    if len(line) > _CACHED_LINE_LENGTH:
        return _event(line, variant, max_words)
    if read is None:
        read = _events_read(variant)
    event = read.events.get(line)
    if event is None:
        event = read.put(line, _event(line, variant, max_words))
    return event


def event_reader(
    variant: Variant,
) -> tuple[Callable[[str], Event], Callable[[Sequence[object]], tuple[Event, ...] | None]]:
    """Readers of single events of ``variant``, for many texts: ``(read, recall)``.

    ``read(text)`` is ``parse_event(text, variant)`` without the check of the text's length
    (the caller bounds it); the variant's word limit and cache are found once, not once per
    event. ``recall(texts)`` is the events already read from exactly these texts, or
    ``None`` when one was not (or is not a string): dict lookups in C, what the JSON codec
    (:mod:`phase10.serialize`) tries first for a history.

    >>> import phase10
    >>> read, recall = event_reader(phase10.CLASSIC)
    >>> read("p2 take R7") == parse_event("p2 take R7", phase10.CLASSIC)
    True
    >>> recall(["p2 take R7"]) == (read("p2 take R7"),), recall(["p2 take R7", "p2 take R8 "])
    (True, None)

    Raises:
        ArgumentError: ``variant`` is not a Variant.
    """
    if not isinstance(variant, Variant):
        raise ArgumentError(f"event_reader() needs a Variant, got {variant!r}")
    max_words = _max_words(variant)
    cache = _events_read(variant)

    def read(line: str) -> Event:
        """The event ``line`` writes (see :func:`parse_event`).

        Raises:
            NotationError: ``line`` is not an event of the variant.
        """
        _one_line(line)
        return _cached_event(line, variant, max_words, cache)

    def recall(texts: Sequence[object]) -> tuple[Event, ...] | None:
        events = cache.events
        try:
            if len(texts) > 1:
                found: tuple[Event, ...] = operator.itemgetter(*texts)(events)
                return found
            return tuple(events[t] for t in texts)  # type: ignore[index]
        except (KeyError, TypeError):  # not read yet, or not even hashable
            return None

    return read, recall


# The events the rules record besides actions (phase10.Event): a card only one seat saw, a
# skipped seat, the end of a hand or of the game; and a dealt or drawn card with its seat.
_S = r"p([1-9][0-9]{0,2})"
_UNSEEN_RE = re.compile(rf"(deal|reveal)\s+\?\s*>\s*{_S}|{_S}\s+keep\s+\?", re.IGNORECASE)
_SKIPPED_RE = re.compile(rf"{_S}\s+is\s+skipped", re.IGNORECASE)
_HAND_OVER_RE = re.compile(
    rf"hand\s+([1-9][0-9]{{0,8}})\s+over:\s+(?:nobody|{_S})\s+went\s+out;\s+scores((?:\s+[0-9]{{1,9}})+)",
    re.IGNORECASE,
)
_GAME_OVER_RE = re.compile(rf"game\s+over:((?:\s+{_S})+)\s+wins?", re.IGNORECASE)
_TO_RE = re.compile(rf"((?:deal|reveal)\s+\S+)\s*>\s*{_S}", re.IGNORECASE)


def _rules_event(body: str, variant: Variant, bad: Callable[..., NotationError]) -> Event | None:
    """The event ``body`` writes when it is not an action's, else ``None``."""
    if (m := _UNSEEN_RE.fullmatch(body)) is not None:
        if m.group(1) is not None:
            how, seat = Unseen(m.group(1).lower()), int(m.group(2)) - 1
        else:
            how, seat = Unseen.KEEP, int(m.group(3)) - 1
        return Event(unseen=how, to=_event_seat(seat, variant, bad))
    if (m := _SKIPPED_RE.fullmatch(body)) is not None:
        return Event(skipped=_event_seat(int(m.group(1)) - 1, variant, bad))
    if (m := _HAND_OVER_RE.fullmatch(body)) is not None:
        out = None if m.group(2) is None else _event_seat(int(m.group(2)) - 1, variant, bad)
        scores = tuple(int(x) for x in m.group(3).split())
        if not variant.min_players <= len(scores) <= variant.max_players:
            raise bad(f"a hand's end gives one score per seat, got {len(scores)}")
        return Event(hand_over=int(m.group(1)), went_out=out, scores=scores)
    if (m := _GAME_OVER_RE.fullmatch(body)) is not None:
        seats = [_event_seat(int(x[1:]) - 1, variant, bad) for x in m.group(1).split()]
        if seats != sorted(set(seats)):
            raise bad("the winners are distinct seats in increasing order")
        return Event(winners=tuple(seats))
    return None


def _event_seat(seat: int, variant: Variant, bad: Callable[..., NotationError]) -> int:
    if seat >= variant.max_players:
        name = seat_name(seat)
        raise bad(
            f"{name} is not a seat of the variant {variant.name!r}, which seats at most "
            f"{variant.max_players} players",
            name,
        )
    return seat


def _event(line: str, variant: Variant, max_words: int) -> Event:
    """Read one event of a history (``str(event)``); errors quote ``line``."""
    game = variant.meld_rules.game
    rules = variant.meld_rules

    def bad(
        message: str,
        token: str = "",
        position: int | None = None,
        said: Message | None = None,
    ) -> NotationError:
        at = line.find(token) if position is None and token else (position or 0)
        return NotationError(
            f"bad event {quote(line)}: {message}" + (f" (at position {at})" if token else ""),
            text=line,
            token=token,
            position=max(at, 0),
            said=said,
        )

    body = line.rstrip()
    if not body.strip():
        raise bad("empty event: expected e.g. 'p1 draw', 'p2 take R7' or 'turnup G4'", position=0)
    if len(body) <= 200:
        ruled = _rules_event(body.strip(), variant, bad)
        if ruled is not None:
            return ruled
    to: int | None = None
    if (m := _TO_RE.fullmatch(body.strip())) is not None:  # what the seat that got it saw
        body, to = m.group(1), _event_seat(int(m.group(2)) - 1, variant, bad)
    body, named = _named_phases(body, variant)
    if named is not None and not named:
        start = max(body.rfind("("), 0)
        suffix = body[start:]
        listed = "; ".join(f"({p})" for p in variant.phases[:12])
        raise bad(
            f"{suffix!r} is not a phase of the variant {variant.name!r}: expected one of {listed}",
            suffix,
            start,
        )
    taken: Card | None = None
    words = len(body.split())
    tokens = (
        [] if words > max_words else [Token(m.group(0), m.start()) for m in TOKEN_RE.finditer(body)]
    )
    if max(words, len(tokens)) > max_words:
        raise bad(
            f"more words than an event of the variant {variant.name!r} can hold "
            f"(at most {max_words})",
            position=0,
        )
    if len(tokens) == 3 and tokens[1].low == "take":
        card_token = tokens[2]
        try:
            taken = parse_card(card_token.text, game=game)
        except NotationError as exc:
            reason, said = card_fault(exc, card_token.text)
            raise bad(reason, card_token.text, said=said) from None
        body = body[: card_token.pos].rstrip()
    reader = Reader(body, game, what="event", shown=line)
    p = read(body, game, reader)
    first = tokens[0]
    if p.verb not in CHANCE_VERBS and p.seat is None:
        raise bad("an event names its seat first, e.g. 'p1 draw'", first.text, first.pos)
    seats = [s for s in (p.seat, p.owner, p.target, p.ref[0] if p.ref else None) if s is not None]
    for seat in seats:
        _event_seat(seat, variant, bad)
    if named is not None and p.verb not in ("lay", "announce"):
        raise bad("only a laydown or an announcement names its phase in parentheses")
    if taken is not None:
        assert p.seat is not None  # "take" is a player's verb, and its seat was checked
        return Event(action=TakeDiscard(p.seat), card=taken)
    return Event(action=_event_action(p, variant, named, rules, bad), to=to)


def _event_action(
    p: Parsed,
    variant: Variant,
    named: list[Phase] | None,
    rules: MeldRules,
    bad: Callable[..., NotationError],
) -> Action:
    """The action ``p`` writes, rebuilt exactly from the text (no position needed)."""
    seat = -1 if p.seat is None else p.seat
    card = p.cards[0].card if p.cards else None
    kind = KIND_OF_VERB[p.verb]
    operands = kind.operands
    if operands is Operands.NONE:
        return bare_action(kind, seat, p.verb)
    if operands in (Operands.LAYDOWN, Operands.ANNOUNCE):
        return _event_laydown(p, seat, variant, named, rules, bad)
    assert card is not None
    if operands is Operands.CARD:
        return card_action(kind, seat, card)
    if operands is Operands.HIT:
        if p.ref is None:
            raise bad(f"a hit names the meld it goes on, e.g. 'p1 hit p2.1 {card}'", str(card))
        value = _placed_value(p.cards[0], rules.game, bad)
        return Hit(seat, p.ref[0], p.ref[1], card, value, p.end or End.ANY)
    if operands is Operands.DISCARD:
        return Discard(seat, card, p.target)
    assert p.owner is not None  # Operands.SEAT_CARD
    return TakeOffer(seat, p.owner, card)


def written_action(p: Parsed, variant: Variant, phases: Sequence[Phase] | None = None) -> Action:
    """The action ``p`` writes in full, rebuilt from the text alone: no position, no listing.

    As an event is read (:func:`parse_event`): the seat, a hit's meld and a wild's value
    are as written. ``phases`` are those a laydown that names no phase may be of (those
    open to its seat, say); all the variant's by default. :func:`phase10.parse_action`
    reads a line written in full so, then asks the rules once whether it is legal.

    Raises:
        NotationError: ``p`` leaves out what the action needs (a seat, a hit's meld), or
            its melds make no laydown, or several, as written.
    """

    def bad(message: str, token: str = "", position: int | None = None) -> NotationError:
        return NotationError(f"not an action written in full: {message}", token=token)

    named = None if phases is None else list(phases)
    return _event_action(p, variant, named, variant.meld_rules, bad)


def _event_laydown(
    p: Parsed,
    seat: int,
    variant: Variant,
    named: list[Phase] | None,
    rules: MeldRules,
    bad: Callable[..., NotationError],
) -> Action:
    phases = variant.phases
    candidates = list(phases) if named is None else named
    if p.phase is not None:
        if p.phase >= len(phases):
            token = f"phase{p.phase + 1}"
            raise bad(
                f"{token} is not a phase of the variant {variant.name!r} "
                f"(phase1 to phase{len(phases)})",
                token,
            )
        numbered = phases[p.phase]
        if named is not None and numbered not in named:
            raise bad(f"phase{p.phase + 1} is {numbered}, not the phase in parentheses")
        candidates = [numbered]
    found = list(
        dict.fromkeys(lay for q in candidates for lay in _written_laydown(p.melds, q, rules, bad))
    )
    written = " | ".join(
        " ".join(str(c.card) if c.value is None else f"{c.card}={c.value}" for c in m)
        for m in p.melds
    )
    if not found:
        which = (
            f"the phase {candidates[0]}"
            if len(candidates) == 1
            else f"any phase of {variant.name!r}"
        )
        raise bad(f"the melds {written} do not make {which} as written")
    if len(found) > 1:
        listed = "; ".join(f"({lay.phase})" for lay in found[:4])
        raise bad(
            f"the melds {written} make {len(found)} laydowns: end the event with the phase "
            f"in parentheses, one of {listed}"
        )
    laydown = found[0]
    if p.verb == "announce":
        return Announce(seat, laydown, bool(p.flag))
    return LayDown(seat, laydown)


def _one_line(text: str, hint: str = "") -> None:
    """Refuse an event text of several lines, at its first line break."""
    if "\n" in text:
        raise NotationError(
            f"bad event {quote(text)}: one event is one line{hint}",
            text=text,
            token="\n",
            position=text.index("\n"),
        )


def _check_input(text: object, variant: object, what: str, caller: str) -> None:
    """Refuse what :func:`parse_event` and :func:`parse_history` cannot read, before reading."""
    if not isinstance(text, str):
        raise NotationError(f"expected {what} as a str, got {type(text).__name__}")
    if not isinstance(variant, Variant):
        raise ArgumentError(f"{caller}() needs a Variant, got {variant!r}")
    check_limit(len(text), "max_text_length", "text")


def parse_event(text: str, variant: Variant) -> Event:
    """Read one event of a hand's history, as ``str(event)`` writes it, in a game of ``variant``.

    An event is read on its own, without a position: it is the action's notation, with the
    seat always written, a hit's meld (``p2.1``) and a wild's value (``W=7``), then the card
    taken (``p2 take R7``), or the phase laid down in parentheses. ``variant`` says which
    cards and phases there are. A laydown written without its phase is read when its melds
    make exactly one phase of the variant. Case and spacing are free, as in
    :func:`parse_action`.

    >>> import phase10
    >>> parse_event("p2 take R7", phase10.CLASSIC)
    Event(action=TakeDiscard(player=1), card=Card.parse('R7'))
    >>> event = parse_event("p1 lay R7 B7 W=7 | G2 G3 G4 Y5 (1 set of 3 + 1 run of 4)", phase10.CLASSIC)
    >>> str(event.action.laydown.phase)
    '1 set of 3 + 1 run of 4'

    Raises:
        NotationError: ``text`` is not an event of ``variant`` (bad syntax, a card or a
            phase the variant does not have, melds that make no phase as written, or make
            several and name none); ``.token`` and ``.position`` say where.
        LimitError: ``text`` is longer than ``max_text_length`` of the limits in force.
    """  # noqa: E501
    _check_input(text, variant, "an event", "parse_event")
    _one_line(text, " (parse_history reads several)")
    return _cached_event(text, variant, _max_words(variant))


def parse_history(text: str, variant: Variant) -> History:
    r"""Read a hand's public history, as ``str(history)`` writes it: one event a line.

    The inverse of ``str()`` of :attr:`GameState.history <phase10.GameState.history>` and
    :attr:`PlayerView.history <phase10.PlayerView.history>`: each line is read by
    :func:`parse_event`. Blank lines are skipped; the empty text is the empty history.

    >>> import phase10
    >>> history = parse_history("turnup G4\np1 draw\np1 discard R3\np2 take R3", phase10.CLASSIC)
    >>> len(history), history[-1].card
    (4, Card.parse('R3'))
    >>> str(history) == "turnup G4\np1 draw\np1 discard R3\np2 take R3"
    True

    Raises:
        NotationError: a line is not an event of ``variant``; ``.line`` is its 1-based
            number, ``.position`` the offset in ``text`` and the message quotes the line.
        LimitError: ``text`` is longer than ``max_text_length`` of the limits in force.
    """
    _check_input(text, variant, "a history", "parse_history")
    events: list[Event] = []
    start = 0
    max_words = _max_words(variant)
    for number, line in enumerate(text.split("\n"), start=1):
        if line and not line.isspace():
            try:
                events.append(_cached_event(line, variant, max_words))
            except NotationError as exc:
                raise NotationError(
                    f"line {number}: {exc}",
                    text=text,
                    token=exc.token,
                    position=start + exc.position,
                    line=number,
                    said=exc.said,
                    hint=exc.hint,
                ) from None
        start += len(line) + 1
    return History.of(events)


# ----------------------------------------------------------------------------- facts


class TextFacts:
    """What a history's check against its state asks of each event, by the event's text.

    For the texts of one variant (and phase names), learnt from the event each text reads
    as (:meth:`learn`) and looked up for a whole history at once (:meth:`known`): the JSON
    codec's check of a history (``serialize._check_history``) then costs a lookup per event
    and a few passes in C over bytes, not a few Python passes over the events.

    The tables are a :class:`Known`, replaced whole (never emptied in place) once it has
    learnt ``_FACT_TEXTS`` texts, and learnt into under a lock: a reader that took one
    :class:`Known` sees its moves, seats and card numbers agree, whatever other threads
    learn meanwhile (two threads must not give two cards one number, nor a text its moves
    without its seats).
    """

    __slots__ = ("_known", "_lock", "seats")

    def __init__(self, variant: Variant) -> None:
        #: the seat counts a game of the variant may have
        self.seats = range(variant.min_players, variant.max_players + 1)
        self._lock = threading.Lock()
        self._known = Known()

    def known(self, texts: Sequence[str]) -> tuple[bytes, Known] | None:
        """The ``moves`` of the texts, in order, and the tables they came from.

        ``None`` when one text is not known (:meth:`learn` it first).
        """
        known = self._known
        found = known.moves_of(texts)
        return None if found is None else (found, known)

    def learn(self, texts: Sequence[str], events: Sequence[Event]) -> None:
        """Learn what each text says, from the event it reads as (``events``, in step)."""
        with self._lock:
            known = self._known
            for text, event in zip(texts, events, strict=True):
                if text in known.moves:
                    continue
                if known.learnt >= _FACT_TEXTS:  # a new table, with its own card numbers
                    known = self._known = Known()
                known.learn(text, event, self.seats)


class Known:
    """One table of :class:`TextFacts`: what it learnt of each text, and its card numbers.

    ``moves[text]`` is a byte: 0 for most events; ``k`` (1 to :data:`MOST_CARDS`) when the
    event puts the card numbered ``k`` (``cards``) on the discard pile (a discard or a
    turn-up); ``TAKEN + k`` when it takes that card from there (a take that names its
    card, C-11); ``LAID + seat`` for a laydown; :data:`HAND_OVER` for a hand's end (C-23);
    :data:`UNSURE` for what a byte cannot say (a card past the :data:`MOST_CARDS`-th, a
    laydown by a seat past :data:`MOST_SEATS`). ``over[n]`` holds the texts learnt whose
    event stands for a seat a game of ``n`` players lacks (its ``to`` and its action's
    seats, or without an action the skipped seat, who went out and the winners), or a
    seat that is not a whole number >= 0. ``moves`` may be emptied from outside
    (``clear_caches``): its texts are then learnt again, with the same numbers.
    """

    __slots__ = ("__weakref__", "cards", "learnt", "moves", "over")

    def __init__(self) -> None:
        # a plain dict: a subscript of a dict subclass looks ``__getitem__`` up on its type
        # each time, which the lookup of a whole history's texts would pay per text
        self.moves: dict[str, int] = {}
        self.over: dict[int, set[str]] = {}
        self.cards: dict[Any, int] = {}
        #: texts learnt into these tables (``moves`` may have been emptied since)
        self.learnt = 0
        declared_table(_FACTS_BY_TEXT, self)

    def __len__(self) -> int:
        """The texts known now (for ``cache_entries``)."""
        return len(self.moves)

    def clear(self) -> None:
        """Forget the texts' moves (``clear_caches``); they are learnt again, alike."""
        self.moves.clear()

    def moves_of(self, texts: Sequence[str]) -> bytes | None:
        """The ``moves`` of the texts, in order, or ``None`` when one is not known."""
        try:
            if len(texts) > 1:
                return bytes(operator.itemgetter(*texts)(self.moves))
            return bytes(self.moves[t] for t in texts)
        except (KeyError, TypeError):
            return None

    def learn(self, text: str, event: Event, counts: range) -> None:
        """Learn ``text``, the text of ``event``, for games of ``counts`` seats."""
        self.learnt += 1
        action = event.action
        kind = type(action)
        move = 0
        if action is None:
            seats: tuple[Any, ...] = (event.to, event.skipped, event.went_out, *event.winners)
            if event.hand_over is not None:
                move = HAND_OVER
        else:
            seats = (event.to, *[getattr(action, f) for f in SEAT_FIELDS.get(kind, ())])
            if kind is Discard or kind is TurnUp:
                move = self._card(action.card)  # type: ignore[union-attr]
            elif kind is TakeDiscard and event.card is not None:
                card = self._card(event.card)
                move = card if card == UNSURE else TAKEN + card
            elif kind is LayDown:
                seat = action.player  # type: ignore[union-attr]
                move = LAID + seat if seat < MOST_SEATS else UNSURE
        for n in counts:
            if any(s is not None and not (type(s) is int and 0 <= s < n) for s in seats):
                self.over.setdefault(n, set()).add(text)
        self.moves[text] = move  # last: a text in moves is known in full

    def _card(self, card: Card) -> int:
        number = self.cards.setdefault(card.sort_key, len(self.cards) + 1)
        return number if number <= MOST_CARDS else UNSURE


#: The bytes of :attr:`Known.moves`: cards 1 to MOST_CARDS put on the discard pile,
#: TAKEN + card taken from it, LAID + seat laid down (seats 0 to MOST_SEATS - 1).
MOST_CARDS: Final = 100
TAKEN: Final = 100
LAID: Final = 201
MOST_SEATS: Final = 50
UNSURE: Final = 254
HAND_OVER: Final = 255

#: The fields of each action type that name a seat (a chance action names none).
SEAT_FIELDS: dict[type, tuple[str, ...]] = {
    t: tuple(f.name for f in attrs.fields(t) if f.name in ("player", "owner", "target"))
    for t in ACTION_TYPES
}

_FACT_TEXTS = 4096
# the texts, their seats and card numbers are learnt together, so the bound is on the
# texts learnt: a full table is replaced by a new one, and the moves may also be emptied
_FACTS_BY_TEXT = declare(
    "Known.moves",
    kind="dict",
    key="a history line (one table per `TextFacts`, made per entry of `serialize._HISTORY_CODECS`)",
    bound=_FACT_TEXTS,
    why="learnt from the event the line was read as; once 4,096 texts are learnt a new "
    "table replaces it whole (its card numbers and seats with it)",
)
