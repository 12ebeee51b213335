r"""Hints for students' typos: the likely card for ``7R`` or ``Red7``, the likely verb.

:func:`phase10.parse_action` and the command line use them to answer a refused input with
"did you mean ...?"; nothing is ever played from a guess.

>>> from phase10.cards import CLASSIC_GAME
>>> typos = ("7R", "Red7", "r7", "R7,", "\uff32\uff17", "blue 12")  # full-width R7
>>> [str(suggest_card(t, CLASSIC_GAME)) for t in typos]
['R7', 'R7', 'R7', 'R7', 'R7', 'B12']
>>> suggest_card("P7", CLASSIC_GAME) is None  # purple is not a colour of the classic game
True
>>> fix_cards("r 7, b7 Green3", CLASSIC_GAME)
'R7 B7 G3'
>>> fix_cards("rojo 7 piros 8 красный 9 galben 3", CLASSIC_GAME)  # colour words of the messages
'R7 R8 R9 Y3'
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable

from phase10.cards import Card, CardGame, Color, parse_card
from phase10.errors import NotationError

__all__ = ["fix_cards", "fix_move", "suggest_card", "suggest_word"]

#: The longest text the hints look at; longer input gets no hint.
_MAX_HINT_TEXT = 2000

_COLOR_WORDS = {
    "red": Color.RED,
    "blue": Color.BLUE,
    "green": Color.GREEN,
    "yellow": Color.YELLOW,
    "purple": Color.PURPLE,
    "clubs": Color.CLUBS,
    "diamonds": Color.DIAMONDS,
    "hearts": Color.HEARTS,
    "spades": Color.SPADES,
    # the colours in the languages of the messages (docs/reference/glossary.md): a hint only,
    # never notation, so the letters of these words are no aliases
    "piros": Color.RED,
    "kék": Color.BLUE,
    "zöld": Color.GREEN,
    "sárga": Color.YELLOW,
    "lila": Color.PURPLE,
    "красный": Color.RED,
    "синий": Color.BLUE,
    "зелёный": Color.GREEN,
    "зеленый": Color.GREEN,
    "жёлтый": Color.YELLOW,
    "желтый": Color.YELLOW,
    "фиолетовый": Color.PURPLE,
    "roșu": Color.RED,
    "rosu": Color.RED,
    "albastru": Color.BLUE,
    "verde": Color.GREEN,
    "galben": Color.YELLOW,
    "mov": Color.PURPLE,
    "rojo": Color.RED,
    "azul": Color.BLUE,
    "amarillo": Color.YELLOW,
    "morado": Color.PURPLE,
}
_SPECIAL_WORDS = {
    "wild": "W",
    "joker": "W",
    "skip": "S",
    "vadkártya": "W",
    "kihagyás": "S",
    "джокер": "W",
    "пропуск": "S",
    "comodín": "W",
    "comodin": "W",
    "salto": "S",
}
_PUNCTUATION = ",;.:!?\"'()[]{}"
_WORD_NUMBER = re.compile(r"([^\W\d_]+)(\d{1,2})")  # letters of any script: "piros7"
_NUMBER_WORD = re.compile(r"(\d{1,2})([^\W\d_]+)")


def _plain(text: str) -> str:
    """Full-width letters and digits as ASCII, lower case, without surrounding punctuation."""
    return unicodedata.normalize("NFKC", text).strip().strip(_PUNCTUATION).lower()


def _color(word: str, game: CardGame) -> Color | None:
    color = _COLOR_WORDS.get(word)
    if color is None and len(word) == 1:
        color = next((c for c in Color if c.value.lower() == word), None)
    if color is None and len(word) >= 3:
        color = next((c for w, c in _COLOR_WORDS.items() if w.startswith(word)), None)
    return color if color in game.colors else None


def _card(text: str, game: CardGame) -> Card | None:
    try:
        return parse_card(text, game=game)
    except NotationError:
        return None


def suggest_card(token: str, game: CardGame) -> Card | None:
    """The card of ``game`` that ``token`` most likely means, or ``None``.

    Reads ``7R`` and ``7 R`` (number first), ``Red7``, ``red 7`` and ``r 7`` (a colour word or
    letter), lower case, full-width letters and digits and stray punctuation (``R7,``).
    Only cards of ``game`` are suggested.
    """
    if len(token) > _MAX_HINT_TEXT:
        return None
    plain = "".join(_plain(token).split())
    if plain in _SPECIAL_WORDS:
        return _card(_SPECIAL_WORDS[plain], game)
    direct = _card(plain.upper(), game)
    if direct is not None:
        return direct
    for pattern, word_first in ((_WORD_NUMBER, True), (_NUMBER_WORD, False)):
        match = pattern.fullmatch(plain)
        if match is None:
            continue
        word, number = (match[1], match[2]) if word_first else (match[2], match[1])
        color = _color(word, game)
        if color is not None:
            return _card(f"{color.value}{int(number)}", game)
    return None


def _words(text: str) -> list[str]:
    return [w for w in re.split(r"[\s,;]+", unicodedata.normalize("NFKC", text)) if w]


def fix_cards(text: str, game: CardGame) -> str:
    """``text`` with every word read as a card where one is likely (``r 7`` -> ``R7``).

    A colour word followed by a number word (``red 7``, ``r 7``) is one card; words that
    are no card are kept as they are.
    """
    words = _words(text[:_MAX_HINT_TEXT])
    out: list[str] = []
    i = 0
    while i < len(words):
        pair = words[i] + words[i + 1] if i + 1 < len(words) else None
        if pair is not None and _card(words[i].upper(), game) is None:
            card = suggest_card(pair, game)
            if card is not None and _plain(words[i + 1]).isdigit():
                out.append(str(card))
                i += 2
                continue
        card = suggest_card(words[i], game)
        out.append(str(card) if card is not None else words[i])
        i += 1
    return " ".join(out)


def suggest_word(word: str, choices: Iterable[str]) -> str | None:
    """The choice closest to ``word`` (a typo of a verb or command), or ``None``."""
    plain = _plain(word)[:50]
    found = difflib.get_close_matches(plain, sorted(set(choices)), n=1, cutoff=0.6)
    return found[0] if found else None


def fix_move(text: str, game: CardGame, verbs: Iterable[str]) -> str | None:
    """A corrected move for ``text``, or ``None`` when nothing could be corrected.

    The verb becomes the closest of ``verbs``, the cards the likely cards of ``game``.
    """
    words = _words(text[:_MAX_HINT_TEXT])
    if not words:
        return None
    verbs = tuple(verbs)
    start = 1 if re.fullmatch(r"[pP]\d{1,3}", words[0]) and len(words) > 1 else 0
    verb = words[start].lower()
    if verb not in verbs:
        close = suggest_word(verb, verbs)
        if close is None:
            return None
        verb = close
    rest = " | ".join(fix_cards(part, game) for part in " ".join(words[start + 1 :]).split("|"))
    fixed = " ".join(w for w in (*words[:start], verb, rest.strip()) if w)
    return fixed if fixed.split() != text.split() else None
