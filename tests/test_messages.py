"""Refusals a player can read, in every language of the catalogue (issue 25).

A catalogue of wrong requests goes through every door (notation on a state and on a view,
``Table.submit`` with text and JSON, ``lay_down_from_groups``, typed actions to ``apply``,
JSON documents, ``check_meld``) and each refusal must carry a message id of the catalogue,
JSON-ready parameters and a player message, in each language, that does not nest, names no
internal step or position, and says no sentence twice. The translated catalogs must cover
every id, with the English template's placeholders, and be compiled.
"""

from __future__ import annotations

import io
import json
import random
import re
import string
from collections.abc import Callable
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from phase10 import (
    CLASSIC,
    CLASSIC_PHASES,
    MASTER,
    Discard,
    Draw,
    GameState,
    Hit,
    LayDown,
    Phase10Error,
    PhaseMelds,
    RunOf,
    SetOf,
    apply,
    check_meld,
    find_laydown,
    find_variant,
    from_json,
    lay_down_from_groups,
    new_game,
    parse_action,
    parse_card,
    parse_cards,
    parse_history,
    play_chance,
    replay,
    simulate,
    svg,
    variant_names,
    view,
)
from phase10._messages import LANGUAGES, TEMPLATES, Message, language, language_from_env
from phase10.bots import GreedyBot
from phase10.cli import main
from phase10.groups import End, Value
from phase10.records import GameRecord
from phase10.table import Table

LOCALE = Path(__file__).parent.parent / "src" / "phase10" / "locale"
OTHERS = LANGUAGES[1:]

#: What a player must never read: the developer's wrapping, positions, step names, classes.
_INTERNAL = re.compile(
    r"bad (action|card|value)|illegal action|at position|at the end\)|\bstep\b|"
    r"\b(DRAW|PLAY|DEAL|TURN_UP|REVEAL|RESHUFFLE|OVER)\b|TurnStep|Violation|Error\b|"
    r"chance_outcomes|go_out_by_hitting|phase10"
)


def _play_state() -> GameState:
    """A classic game of two, p2 to play after drawing (its hand is known to the test)."""
    state, _ = play_chance(new_game(CLASSIC, 2), random.Random(9))
    state = apply(state, parse_action(state, "draw"))
    state, _ = play_chance(state, random.Random(1))
    return state


def _draw_state() -> GameState:
    state, _ = play_chance(new_game(CLASSIC, 2), random.Random(9))
    return state


def _master_state() -> GameState:
    state, _ = play_chance(new_game(MASTER, 2), random.Random(5))
    return state


DRAW = _draw_state()
PLAY = _play_state()
MASTER_DRAW = _master_state()
SEAT = PLAY.current_player or 0
HAND = [str(c) for c in PLAY.players[SEAT].hand]
NUMBERS = [c for c in HAND if c[0] in "RBGY"]
ABSENT = next(f"{color}{n}" for color in "RBGY" for n in range(1, 13) if f"{color}{n}" not in HAND)
TABLE = Table.new(CLASSIC, [None, GreedyBot()], seed="11")


def _notation(state: GameState, text: str) -> Callable[[], object]:
    return lambda: parse_action(state, text)


def _view(state: GameState, text: str) -> Callable[[], object]:
    return lambda: parse_action(view(state, state.current_player or 0), text)


def _table(move: object) -> Callable[[], object]:
    return lambda: TABLE.submit(0, move)  # type: ignore[arg-type]


def _groups(groups: object, **kw: int) -> Callable[[], object]:
    return lambda: lay_down_from_groups(PLAY, SEAT, groups, **kw)  # type: ignore[arg-type]


def _apply(make: Callable[[], object]) -> Callable[[], object]:
    return lambda: apply(PLAY, make())  # type: ignore[arg-type]


_WRONG_TEXTS_AT_DRAW = [
    "discard R7",
    "lay R1 R1 R1 | R2 R2 R2",
    "hit R7",
    "draww",
    "dra",
    "tkae",
    "",
    "p2",
    "p1 draw",
    "discard",
    "discard R13",
    "discard X9",
    "discard 7R",
    "hit",
    "lay",
    "draw R7",
    "take > p1",
    "deal R7",
    "turnup R5",
    "announce keep R1 R1 R1",
    "keep R7",
    "offer R7",
    "keephand",
    "p1 p2 draw",
    "lay phase11 R1 R1 R1",
    "hit p2.9 R7",
    "discard W=7",
    "discard R7=3",
    "lay R1 R1 | | R2",
    "lay R1 > p2",
]

_WRONG_TEXTS_AT_PLAY = [
    "draw",
    "take",
    f"discard {ABSENT}",
    f"discard {NUMBERS[0]} > p1",
    f"hit p1.1 {NUMBERS[0]}",
    f"hit {NUMBERS[0]}",
    f"lay {NUMBERS[0]} {NUMBERS[0]} {NUMBERS[0]} | {NUMBERS[1]} {NUMBERS[1]} {NUMBERS[1]}",
    "lay W W W | R1 R1 R1",
    f"lay {' '.join(NUMBERS[:3])} | {' '.join(NUMBERS[3:6])}",
    f"lay {' '.join(NUMBERS[:3])}",
    f"lay {ABSENT} {ABSENT} {ABSENT} | {NUMBERS[0]} {NUMBERS[1]} {NUMBERS[2]}",
    "discard S > p1",
    "keep R7",
    "discard R0",
    "discard P7",
    "hit p2.1 W=Q",
]

_WRONG_TEXTS_MASTER = [
    "draw2",
    "keep R1",
    "offer R1",
    "take p1 R1",
    "keephand",
    "releasehand",
    "announce keep R1 R1 R1",
    "lay R1 R1 R1",
    "discard KA",
    "discard S > p9",
]

_JSON_DOCUMENTS = [
    "{",
    "[]",
    '{"format": "phase10/1"}',
    '{"format": "phase10/9", "action": {}}',
    '{"format": "phase10/1", "action": {"action": "discard", "player": "x"}}',
]

_TABLE_MOVES: list[object] = [
    "discard R7",
    "drwa",
    "lay R13",
    {"action": "discard", "player": 0, "card": 7},
    {"action": "fly"},
    {"action": "discard", "player": 0, "card": "R13"},
    '{"format": "phase10/1", "action": {"action": "draw", "player": 1}}',
    "{not json",
    42,
]

_GROUPS: list[tuple[object, dict[str, int]]] = [
    ([[7, 7, 7]], {}),
    ("R1 R1", {}),
    (["R7 B7 W", 5], {}),
    ([["R7"]], {}),
    ([], {}),
    (["X9"], {}),
    ([f"{NUMBERS[0]} {NUMBERS[0]} W", f"{NUMBERS[0]} B2 B3"], {}),
    ([f"{ABSENT} {ABSENT} W", "R1 R2 R3"], {}),
    (["R1 R1 R1", "R2 R2 R2"], {"phase": 99}),
    ([f"{NUMBERS[0]} {NUMBERS[1]} {NUMBERS[2]}", f"{NUMBERS[3]} {NUMBERS[4]} {NUMBERS[5]}"], {}),
]

_TYPED: list[Callable[[], object]] = [
    lambda: Discard(SEAT, parse_card(ABSENT)),
    lambda: Draw(SEAT),
    lambda: Draw(1 - SEAT),
    lambda: Hit(SEAT, 0, 0, parse_card(NUMBERS[0]), Value(None, None), End.ANY),
    lambda: LayDown(SEAT, PhaseMelds(CLASSIC.phases[3], ())),
    lambda: Discard(SEAT, parse_card(NUMBERS[0]), 1 - SEAT),
]

REQUESTS: list[tuple[str, Callable[[], object]]] = [
    *((f"notation@draw {t!r}", _notation(DRAW, t)) for t in _WRONG_TEXTS_AT_DRAW),
    *((f"view@draw {t!r}", _view(DRAW, t)) for t in _WRONG_TEXTS_AT_DRAW[:12]),
    *((f"notation@play {t!r}", _notation(PLAY, t)) for t in _WRONG_TEXTS_AT_PLAY),
    *((f"view@play {t!r}", _view(PLAY, t)) for t in _WRONG_TEXTS_AT_PLAY),
    *((f"master {t!r}", _notation(MASTER_DRAW, t)) for t in _WRONG_TEXTS_MASTER),
    *((f"json {d!r}", (lambda d=d: from_json(d))) for d in _JSON_DOCUMENTS),
    *((f"table {m!r}", _table(m)) for m in _TABLE_MOVES),
    *((f"groups {g!r} {kw}", _groups(g, **kw)) for g, kw in _GROUPS),
    *((f"apply #{i}", _apply(make)) for i, make in enumerate(_TYPED)),
]

_PLACEHOLDER = string.Formatter()


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+", text) if s]


def test_the_catalogue_of_wrong_requests_is_large() -> None:
    assert len(REQUESTS) >= 80


@pytest.mark.parametrize(("name", "request_"), REQUESTS, ids=[n for n, _ in REQUESTS])
def test_every_refusal_is_data_and_readable_in_every_language(
    name: str, request_: Callable[[], object]
) -> None:
    with pytest.raises(Phase10Error) as info:
        request_()
    error = info.value
    assert error.message_id in TEMPLATES
    document = error.to_dict()
    assert (error.message_id, error.params) == (document["id"], document["params"])
    json.dumps(document)  # JSON-ready, parameters included
    english = error.player_message()
    for lang in LANGUAGES:
        text = error.player_message(lang)
        assert text.strip() == text and text
        assert _INTERNAL.search(text) is None, (lang, text)
        sentences = _sentences(text)
        assert len(set(sentences)) == len(sentences), (lang, text)
        if lang != "en":
            assert english != text, (lang, text)


def test_a_likely_verb_or_card_is_suggested_through_every_door() -> None:
    with pytest.raises(Phase10Error) as info:
        parse_action(DRAW, "drwa")
    assert ("did-you-mean", {"text": "draw"}) == (info.value.hint.id, info.value.hint.to_json())  # type: ignore[union-attr]
    with pytest.raises(Phase10Error) as at_table:
        TABLE.submit(0, "drwa")
    assert "Did you mean draw?" in at_table.value.player_message()
    assert "¿Querías decir draw?" in at_table.value.player_message("es")


def test_an_unknown_verb_lists_only_the_verbs_of_the_game() -> None:
    with pytest.raises(Phase10Error) as info:
        parse_action(DRAW, "fly")
    assert ["draw", "take", "lay", "hit", "discard"] == info.value.params["verbs"]


def test_a_card_used_in_two_groups_is_said_so() -> None:
    card = NUMBERS[0]
    with pytest.raises(Phase10Error) as info:
        parse_action(PLAY, f"lay {card} B1 B1 | {card} G2 G2")
    assert (
        "card-used-twice" == info.value.message_id or "cards-not-in-hand" == info.value.message_id
    )
    with pytest.raises(Phase10Error) as wilds:
        lay_down_from_groups(PLAY, SEAT, ["W W W", "R1 R1 R1"])
    assert wilds.value.message_id in ("card-used-twice", "cards-not-in-hand")
    assert "W W" not in wilds.value.player_message()


def test_a_nested_card_error_is_said_once() -> None:
    with pytest.raises(Phase10Error) as info:
        parse_action(DRAW, "lay R7 B7 G7 R13")
    assert "R13 is not a card: the numbers run from 1 to 12." == info.value.player_message()
    assert (1, 0) == (str(info.value).count("is not a card"), str(info.value).count("bad card"))


def test_wrong_step_tells_what_to_do() -> None:
    with pytest.raises(Phase10Error) as info:
        parse_action(DRAW, "discard R7")
    assert "Draw a card first: draw, or take the top of the discard pile." == (
        info.value.player_message()
    )
    with pytest.raises(Phase10Error) as missing:
        parse_action(PLAY, "discard")
    assert "Which card? e.g. discard R7." == missing.value.player_message()


def test_a_laydown_refused_as_written_keeps_its_cards_in_to_dict() -> None:
    text = f"lay {' '.join(NUMBERS[:3])} | {' '.join(NUMBERS[3:6])}"
    with pytest.raises(Phase10Error) as info:
        parse_action(PLAY, text)
    action = info.value.to_dict()["action"]
    assert action is None or len(action.split()) > 2


def test_meld_verdicts_carry_their_message() -> None:
    verdict = check_meld("R3 B5 G7", SetOf(3))
    assert verdict.said is not None
    assert ("meld.mixed-numbers", {"numbers": [3, 5, 7]}) == (
        verdict.said.id,
        verdict.said.to_json(),
    )
    assert "a set holds one number, these cards have 3, 5 and 7" == verdict.reason
    one = check_meld("R7 B7 W=8", SetOf(3))
    assert "the wild value W=8 does not fit this set of 3" == one.reason
    assert "Un conjunto tiene un solo número, estas cartas tienen 3, 5 y 7." == (
        verdict.said.text("es")
    )
    run = check_meld("R1 R2", RunOf(4))
    assert run.said is not None and "Sorozat" not in run.said.text("hu")


# ----------------------------------------------------------------------------- the catalogs


def _catalog(lang: str):  # type: ignore[no-untyped-def]
    path = LOCALE / lang / "LC_MESSAGES" / "phase10.po"
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in _PLACEHOLDER.parse(text) if name}


@pytest.mark.parametrize("lang", OTHERS)
def test_each_catalog_covers_every_id_and_nothing_stale(lang: str) -> None:
    catalog = _catalog(lang)
    found = {m.context: m for m in catalog if m.id}
    assert set(TEMPLATES) == set(found)
    assert [] == [key for key, m in found.items() if m.fuzzy]
    untranslated = [
        key
        for key, m in found.items()
        if not (all(m.string) if isinstance(m.string, tuple) else m.string)
    ]
    assert [] == untranslated
    stale = [
        key
        for key, m in found.items()
        if (m.id if isinstance(m.id, str) else m.id[0]) != TEMPLATES[key].text
    ]
    assert [] == stale


@pytest.mark.parametrize("lang", OTHERS)
def test_each_translation_has_the_placeholders_of_its_template(lang: str) -> None:
    wrong = []
    for message in _catalog(lang):
        if not message.id:
            continue
        template = TEMPLATES[message.context]
        english = _fields(template.text) | _fields(template.plural or "")
        allowed = english | set(template.hidden)
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        used = set().union(*(_fields(f) for f in forms))
        required = set() if template.hidden else english - {"count"}
        if not used <= allowed or not required <= used:
            wrong.append((message.context, sorted(used), sorted(english)))
    assert [] == wrong


@pytest.mark.parametrize("lang", OTHERS)
def test_each_catalog_is_compiled(lang: str) -> None:
    out = io.BytesIO()
    write_mo(out, _catalog(lang))
    assert out.getvalue() == (LOCALE / lang / "LC_MESSAGES" / "phase10.mo").read_bytes()


def test_every_template_renders_in_every_language() -> None:
    for key, template in TEMPLATES.items():
        names = _fields(template.text) | _fields(template.plural or "") | set(template.hidden)
        for count in (1, 2, 5, 21):
            params: dict[str, str | int] = {n: "x" for n in names}
            if "count" in names or template.plural is not None:
                params["count"] = count
            for lang in LANGUAGES:
                assert Message.of(key, **params).text(lang)


def test_the_language_comes_from_the_locale() -> None:
    assert ("ru", "en", "hu") == (
        language("ru_RU.UTF-8"),
        language("C.UTF-8"),
        language_from_env({"LANG": "en_US", "LC_ALL": "hu_HU.UTF-8"}),
    )


# ----------------------------------------------------------------------------- the terminal

_SAID = {
    "hu": ("Előbb húzz egy lapot", "Erre gondoltál: draw?", "Viszlát."),
    "ru": ("Сначала возьмите карту", "Вы имели в виду draw?", "До свидания."),
    "ro": ("Trage mai întâi o carte", "Ai vrut să scrii draw?", "La revedere."),
    "es": ("Primero roba una carta", "¿Querías decir draw?", "Adiós."),
}


def _played(
    lang: str, typed: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> str:
    """What ``phase10 play --lang lang`` prints for the lines ``typed``."""
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    assert 0 == main(["play", "--lang", lang, "--seed", "3", "--color", "never"])
    return capsys.readouterr().out


@pytest.mark.parametrize("lang", OTHERS)
def test_play_speaks_the_language(
    lang: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _played(lang, "discard R7\ndrwa\n99\nquit\n", monkeypatch, capsys)
    for sentence in _SAID[lang]:
        assert sentence in out
    assert "draw a card first" not in out.lower()


def test_play_takes_the_language_of_the_locale(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("LC_ALL", "ro_RO.UTF-8")
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert 0 == main(["play", "--seed", "3", "--color", "never"])
    assert "La revedere." in capsys.readouterr().out


def test_check_explains_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    assert 1 == main(["check", "--lang", "es", "--phase", "4", "R7 B8 G9 Y3 W"])
    assert [
        "fase 4 (escalera de 7): no se puede bajar",
        "no se puede bajar escalera de 7: escalera de 7: la mejor tiene 5, faltan 2 de 4, 5 o 6",
    ] == capsys.readouterr().out.splitlines()
    assert 1 == main(["check", "--lang", "es", "--phase", "1", "R7 B7 G7 | R3 B5 W=3"])
    out = capsys.readouterr().out
    assert "Un conjunto tiene un solo número, estas cartas tienen 3 y 5." in out
    assert 2 == main(["check", "--lang", "es", "--phase", "1", "R7 R13"])
    assert "R13 no es una carta: los números van del 1 al 12." in capsys.readouterr().err


def test_pictures_take_the_language(tmp_path: Path) -> None:
    cards = [parse_card(t) for t in ("R7", "W", "S")]
    english = svg.hand(cards)
    assert ("RED" in english, "WILD" in english, "SKIP" in english) == (True, True, True)
    with svg.use_language("ru"):
        russian = svg.hand(cards)
    assert "КРАСНЫЙ" in russian and "ДЖОКЕР" in russian and "ПРОПУСК ХОДА" in russian
    assert english == svg.hand(cards)  # the language is the block's only
    picture = tmp_path / "hand.svg"
    main(["check", "--lang", "es", "--phase", "1", "--svg", str(picture), "R7 B7 W S G2 G2"])
    drawn = picture.read_text(encoding="utf-8")
    assert "COMODÍN" in drawn and "ROJO" in drawn


# ----------------------------------------------------------------------------- the rules


@pytest.mark.parametrize("name", variant_names())
def test_every_built_in_variant_describes_its_rules_in_every_language(name: str) -> None:
    variant = find_variant(name)
    english = variant.describe()
    assert english == variant.describe(lang="en")
    assert len(english) == len(variant.rule_messages())
    for lang in OTHERS:
        translated = variant.describe(lang=lang)
        assert len(english) == len(translated)
        for message, sentence in zip(variant.rule_messages(), translated, strict=True):
            # a sentence falls back to English only where the catalog lacks it
            assert sentence != message.text("en"), (lang, message.id)
            assert "{" not in sentence and not _INTERNAL.search(sentence), sentence


def test_the_rule_ids_in_the_sentences_are_kept_in_each_language() -> None:
    ids = re.compile(r"\b[CMTV]-\d+\b")
    for name in variant_names():
        variant = find_variant(name)
        english = [ids.findall(s) for s in variant.describe()]
        for lang in OTHERS:
            assert english == [ids.findall(s) for s in variant.describe(lang=lang)], lang


@pytest.mark.parametrize("lang", OTHERS)
def test_help_summarises_the_rules_in_the_language(
    lang: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = " ".join(_played(lang, "help\nquit\n", monkeypatch, capsys).split())
    for sentence in CLASSIC.describe(lang=lang):
        assert " ".join(sentence.split()) in out
    assert Message.of("rules.summary.phases").text(lang) in out
    assert "Rules of" not in out and "Commands:" not in out


# ----------------------------------------------------------------------------- the pictures


def _finished_game() -> GameState:
    result = simulate(
        1,
        [GreedyBot(), GreedyBot()],
        variant=find_variant("classic-first-1"),
        seed="winner",
        record=True,
    )
    record = result.games[0].record
    assert isinstance(record, GameRecord)
    return replay(record)


_TABLE_WORDS = {
    "hu": ("húzópakli: ", "dobott lapok: ", "a kezed (p1): 10 lap", "1. leosztás", "lapos készlet"),
    "ru": ("колода: ", "сброс: ", "ваши карты (p1): 10 карт", "раздача 1", "2 комплекта из 3"),  # noqa: RUF001
    "ro": (
        "pachetul de tras: ",
        "grămada de decartare: ",
        "mâna ta (p1): 10 cărți",
        "mâna 1",
        "2 seturi",
    ),
    "es": ("mazo: ", "descarte: ", "tu mano (p1): 10 cartas", "mano 1", "2 conjuntos de 3"),
}


@pytest.mark.parametrize("lang", OTHERS)
def test_the_table_picture_speaks_the_language(lang: str) -> None:
    state, _ = play_chance(new_game(CLASSIC, 2), random.Random(1))
    english = svg.table(view(state, 0))
    assert english == svg.table(view(state, 0), lang="en")
    drawn = svg.table(view(state, 0), lang=lang)
    for words in _TABLE_WORDS[lang]:
        assert words in drawn, words
    for words in ("draw pile", "discard pile", "your hand", "hand 1", "set of 3", "to act"):
        assert words not in drawn, words
    with svg.use_language(lang):
        assert drawn == svg.table(view(state, 0))  # the keyword and the block agree
    assert english == svg.table(view(state, 0))


@pytest.mark.parametrize("lang", OTHERS)
def test_the_game_over_heading_names_the_winner_in_the_language(lang: str) -> None:
    state = _finished_game()
    winner = f"p{state.winners[0] + 1}"
    english = f"game over: {winner} wins"
    assert english in svg.game(state)
    drawn = svg.game(state, lang=lang)
    expected = Message.of("svg.winners", seats=(winner,), count=1).text(lang)
    assert english not in drawn and expected in drawn
    assert winner in expected


@pytest.mark.parametrize("lang", OTHERS)
def test_the_turn_diagram_speaks_the_language(lang: str) -> None:
    """Every word of the turn diagram is the language's; the rule IDs stay (C-10 to C-19)."""
    english = svg.turn_diagram()
    drawn = svg.turn_diagram(lang=lang)
    for key in ("svg.turn.title", "svg.turn.draw", "svg.turn.discard-skip", "svg.turn.summary"):
        assert Message.of(key).text(lang) in drawn, key
    for words in ("A turn", "Draw", "Lay down", "Hit", "Discard", "optional", "next player"):
        assert words in english and words not in drawn, words
    for rule in ("C-11", "C-10, C-12", "C-14", "C-13, C-19", "C-15"):
        assert rule in drawn, rule
    with svg.use_language(lang):
        assert drawn == svg.turn_diagram()  # the keyword and the block agree


def test_meld_laydown_and_check_pictures_take_the_language() -> None:
    found = find_laydown("R7 B7 W G2 G3 G4 Y5", CLASSIC_PHASES[1])
    assert found is not None
    assert "escalera de 4" in svg.meld(found.melds[1], lang="es")
    assert "комплект из 3 и последовательность из 4" in svg.laydown(found, lang="ru")
    missing = svg.phase_check(parse_cards("R7 B8 G9 Y3 W"), CLASSIC_PHASES[3], lang="es")
    assert "no se puede bajar" in missing and "la mano" in missing
    assert "comodín 1-6 en rojo o verde" == svg.card_title(parse_card("W1-6:RG"), lang="es")
    assert "SALTO" in svg.card(parse_card("S"), lang="es")
    assert "carta boca abajo" not in svg.row(parse_cards("R1"), lang="es")
    assert "mano: rojo 1" in svg.hand(parse_cards("R1"), lang="es")


def test_a_picture_language_that_is_not_text_is_refused() -> None:
    with pytest.raises(TypeError):
        svg.card(parse_card("R7"), lang=7)  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- JSON refusals

_JSON_REFUSALS: list[tuple[str, str, dict[str, object]]] = [
    ("{not json", "json.not-json", {}),
    ("[" * 2000 + "]" * 2000, "json.too-deep", {}),
    ('{"a": 1, "a": 2}', "json.key-twice", {"name": '"a"'}),
    ("[]", "json.expected", {"path": "$", "got": {"id": "json.an-array", "params": {}}}),
    ('{"card": "R7"}', "json.missing-key", {"path": "$.format"}),
    ('{"format": "phase10/9", "card": "R7"}', "json.format", {"got": '"phase10/9"'}),
    ('{"format": "phase10/1", "card": 7}', "json.expected", {"path": "$.card", "got": "7"}),
    ('{"format": "phase10/1", "card": "R13"}', "json.not-a-card", {"card": "R13"}),
    ('{"format": "phase10/1", "variant": "nope"}', "json.unknown-variant", {"name": '"nope"'}),
    ('{"format": "phase10/1", "variant": "CLASSIC"}', "json.variant-name", {"name": "classic"}),
    (
        '{"format": "phase10/1", "action": {"action": "draw", "player": "x"}}',
        "json.expected",
        {"path": "$.action.player", "got": '"x"'},
    ),
    (
        '{"format": "phase10/1", "action": {"action": "fly"}}',
        "json.expected",
        {"path": "$.action.action", "got": '"fly"'},
    ),
    (
        '{"format": "phase10/1", "action": {"action": "draw", "player": 0, "x": 1}}',
        "json.unknown-key",
        {"path": "$.action.x"},
    ),
    (
        '{"format": "phase10/1", "meld": {"group": {"kind": "SetOf", "size": 3}, '
        '"cards": ["R7", "B8", "G7"]}}',
        "meld.mixed-numbers",
        {},
    ),
]


@pytest.mark.parametrize(("text", "key", "params"), _JSON_REFUSALS)
def test_a_json_refusal_has_its_own_id_and_parameters(
    text: str, key: str, params: dict[str, object]
) -> None:
    with pytest.raises(Phase10Error) as info:
        from_json(text)
    error = info.value
    assert key == error.message_id
    assert params.items() <= error.params.items()
    for lang in LANGUAGES:
        said = error.player_message(lang)
        assert "{" not in said.replace('{"', "") and not _INTERNAL.search(said), said
        if lang != "en":
            assert error.player_message() != said, lang


def test_a_json_refusal_says_what_was_expected_in_the_language() -> None:
    with pytest.raises(Phase10Error) as info:
        from_json('{"format": "phase10/1", "card": 7}')
    assert '$.card: expected a card in notation such as "R7", got the number 7' == str(info.value)
    assert 'The value at $.card should be a card in notation such as "R7", not 7.' == (
        info.value.player_message()
    )
    assert 'El valor en $.card debería ser una carta en notación, por ejemplo "R7", no 7.' == (
        info.value.player_message("es")
    )


# ----------------------------------------------------------------------------- histories, records


def test_a_card_error_in_a_history_is_said_once() -> None:
    with pytest.raises(Phase10Error) as info:
        parse_history("p1 draw\np1 take R13", CLASSIC)
    error = info.value
    said = "'R13' is not a card: numbers run from 1 to 12, got 13 (at position 8)"
    assert f"line 2: bad event 'p1 take R13': {said}" == str(error)
    assert ("notation.number-range", {"max": 12, "token": "R13"}) == (
        error.message_id,
        error.params,
    )
    assert "R13 is not a card: the numbers run from 1 to 12." == error.player_message()


def test_a_record_line_says_its_move_error_once() -> None:
    record = '[Variant "classic"]\n[Players "2"]\n[Seed "1"]\np1 discard R13\n'
    with pytest.raises(Phase10Error) as info:
        GameRecord.from_text(record)
    assert "notation.number-range" == info.value.message_id
    assert "R13 no es una carta: los números van del 1 al 12." == info.value.player_message("es")
