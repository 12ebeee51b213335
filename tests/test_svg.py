"""Pictures (phase10.svg): well-formed, accessible, escaped, deterministic, and golden.

The golden pictures live in ``tests/data/svg/``; after a deliberate change to the drawing,
rewrite them with ``python -m tests.svg_golden`` (from the repository root), look at them,
and commit them. ``tests/test_svg_render.py`` renders a table to PNG with a real renderer.
"""

from __future__ import annotations

import random
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import phase10
from phase10 import (
    CLASSIC,
    CLASSIC_PHASES,
    MASTER,
    TEN_PHASES,
    Card,
    Phase,
    RunOf,
    SetOf,
    _pictures,
    check_meld,
    find_laydown,
    find_variant,
    parse_card,
    parse_cards,
    svg,
    variant_names,
)
from phase10.cli import main
from tests.depth import examples
from tests.strategies import DECK_CARDS, game_states, hands
from tests.svg_golden import GOLDEN, GOLDEN_DIR, table_state

SVG = "{http://www.w3.org/2000/svg}"


def parse(picture: str) -> ET.Element:
    """The picture as XML; fails unless it is well-formed and an <svg> with a size."""
    root = ET.fromstring(picture)
    assert SVG + "svg" == root.tag
    assert float(root.attrib["width"]) > 0 and float(root.attrib["height"]) > 0
    assert "img" == root.attrib["role"]
    title = root.find(SVG + "title")
    assert title is not None and title.text == root.attrib["aria-label"]
    return root


def titles(root: ET.Element) -> list[str]:
    """The <title> of every card (every group) in the picture, in drawing order."""
    return [t.text or "" for t in root.iter(SVG + "title")][1:]


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(SVG + "text")]


def every_card_of_every_game() -> list[Card]:
    cards: dict[Card, None] = {}
    for name in variant_names():
        cards.update(dict.fromkeys(find_variant(name).deck))
    cards.update(dict.fromkeys(DECK_CARDS))
    return list(cards)


# --- cards -----------------------------------------------------------------------------------


@pytest.mark.parametrize("card", every_card_of_every_game(), ids=str)
def test_every_card_of_every_game_is_drawn_with_its_title(card: Card) -> None:
    root = parse(svg.card(card))
    assert [svg.card_title(card)] == titles(root)
    assert svg.card_title(card) == root.attrib["aria-label"]


def test_the_built_in_games_have_every_kind_of_card() -> None:
    cards = every_card_of_every_game()
    kinds = {
        (c.kind, c.wild_numbers is not None, c.color is not None and c.color.is_suit) for c in cards
    }
    assert {
        (phase10.Kind.NUMBER, False, False),  # classic and Master colours (C-1, M-1)
        (phase10.Kind.NUMBER, False, True),  # the 52-card suits (T-1)
        (phase10.Kind.WILD, False, False),  # the classic wild (C-17)
        (phase10.Kind.WILD, True, False),  # Master's ranged jokers (M-2)
        (phase10.Kind.SKIP, False, False),
        (phase10.Kind.ACTION, False, False),  # Master's action cards (M-11)
    } == kinds
    # 48 classic numbers, 12 purple, 52 suited, the wild, 14 jokers, the skip, 4 actions
    assert 48 + 12 + 52 + 1 + 14 + 1 + 4 == len(cards)


@pytest.mark.parametrize(
    ("text", "title", "shown"),
    [
        ("R7", "red 7", {"7", "RED"}),
        ("B12", "blue 12", {"12", "BLUE"}),
        ("G1", "green 1", {"1", "GREEN"}),
        ("Y5", "yellow 5", {"5", "YELLOW"}),
        ("P3", "purple 3", {"3", "PURPLE"}),
        ("QH", "queen of hearts", {"Q", "\u2665"}),
        ("10S", "10 of spades", {"10", "\u2660"}),
        ("AC", "ace of clubs", {"A", "\u2663"}),
        ("KD", "king of diamonds", {"K", "\u2666"}),
        ("W", "wild", {"W", "WILD"}),
        ("W1-6:RG", "wild 1-6 in red or green", {"W", "1-6", "R", "G"}),
        ("W7-12:RYGP", "wild 7-12 in red, green, yellow or purple", {"7-12", "R", "Y", "G", "P"}),
        ("W7-12", "wild 7-12", {"7-12", "ANY COLOUR"}),
        ("S", "skip", {"SKIP"}),
        ("TT", "Take two action card", {"TAKE", "TWO"}),
        ("KA", "Keep all action card", {"KEEP", "ALL"}),
        ("GF", "Give five action card", {"GIVE", "FIVE"}),
        ("BL", "blank action card", {"BLANK"}),
    ],
)
def test_a_card_says_what_it_is_in_words_not_colour_alone(
    text: str, title: str, shown: set[str]
) -> None:
    root = parse(svg.card(parse_card(text)))
    assert [title] == titles(root)
    assert shown <= set(texts(root))


def test_a_colour_has_a_symbol_as_well_as_a_name() -> None:
    signs = set()
    for text in ("R1", "B1", "G1", "Y1", "P1"):
        group = parse(svg.card(parse_card(text))).find(SVG + "g")
        assert group is not None
        symbol = [el for el in group if el.tag != SVG + "title"][3]  # frame, face, number, symbol
        signs.add((symbol.tag, len(symbol.attrib.get("points", "").split())))
    assert {
        (SVG + "circle", 0),  # red
        (SVG + "rect", 0),  # blue
        (SVG + "polygon", 3),  # green: a triangle
        (SVG + "polygon", 4),  # yellow: a diamond
        (SVG + "polygon", 10),  # purple: a star
    } == signs


def test_size_scales_the_picture_not_the_drawing() -> None:
    small, large = parse(svg.card(parse_card("R7"), size=32)), parse(svg.card(parse_card("R7")))
    assert ("32", "48") == (small.attrib["width"], small.attrib["height"])
    assert ("64", "96") == (large.attrib["width"], large.attrib["height"])
    assert small.attrib["viewBox"] == large.attrib["viewBox"]


# --- rows, hands, melds, laydowns ----------------------------------------------------------


def test_a_row_shows_the_cards_in_order() -> None:
    cards = parse_cards("S R7 QH W1-6:RG TT")
    root = parse(svg.row(cards, label="five cards"))
    assert [svg.card_title(c) for c in cards] == titles(root)
    assert "five cards" == root.attrib["aria-label"]


def test_a_row_breaks_into_lines() -> None:
    one = parse(svg.row(parse_cards("R1 R2 R3 R4")))
    two = parse(svg.row(parse_cards("R1 R2 R3 R4"), per_line=2))
    assert float(two.attrib["width"]) < float(one.attrib["width"])
    assert float(two.attrib["height"]) > float(one.attrib["height"])


def test_a_hand_overlaps_its_cards() -> None:
    cards = parse_cards("R1 B2 G3 Y12 W S")
    row, hand = parse(svg.row(cards)), parse(svg.hand(cards))
    assert titles(row) == titles(hand)
    assert float(hand.attrib["width"]) < float(row.attrib["width"]) / 2
    assert "hand: red 1, blue 2, green 3, yellow 12, wild, skip" == hand.attrib["aria-label"]


def test_no_cards_is_a_picture_too() -> None:
    assert "(no cards)" in texts(parse(svg.row([])))
    assert "(no cards)" in texts(parse(svg.hand(())))


def test_a_meld_shows_what_each_wild_stands_for() -> None:
    meld = check_meld("R3 B4 W G6", RunOf(4)).melds[0]  # rule C-18: the wild is a 5
    root = parse(svg.meld(meld))
    assert "run of 4: R3 B4 W=5 G6" == root.attrib["aria-label"]
    assert ["red 3", "blue 4", "wild standing for 5", "green 6"] == titles(root)
    assert {"run of 4", "= 5"} <= set(texts(root))


def test_a_wild_in_a_colour_group_stands_for_a_colour() -> None:
    meld = check_meld("R3 R9 W R1", phase10.ColorGroupOf(4)).melds[0]
    assert "= red" in texts(parse(svg.meld(meld)))


def test_a_laydown_shows_the_phase_and_each_meld() -> None:
    found = find_laydown("R7 B7 W G2 G3 G4 Y5", CLASSIC_PHASES[1])
    assert found is not None
    root = parse(svg.laydown(found))
    words = texts(root)
    assert {"1 set of 3 + 1 run of 4", "set of 3", "run of 4", "= 7"} <= set(words)
    assert 7 == len(titles(root))


def test_a_check_picture_shows_the_laydown_and_what_is_left() -> None:
    root = parse(svg.phase_check(parse_cards("R7 B7 W G2 G3 G4 Y5 S"), CLASSIC_PHASES[1]))
    assert "left in hand" in texts(root)
    assert "skip" == titles(root)[-1]
    assert root.attrib["aria-label"].startswith("lays down 1 set of 3 + 1 run of 4: ")


def test_a_check_picture_of_a_miss_says_what_is_missing() -> None:
    root = parse(svg.phase_check(parse_cards("R7 B8 G9 Y3 W"), CLASSIC_PHASES[3]))
    assert "run of 7: best has 5, missing 2 of 4, 5 or 6" in texts(root)
    assert ["red 7", "blue 8", "green 9", "yellow 3", "wild"] == titles(root)


# --- the table ---------------------------------------------------------------------------------


def test_a_table_shows_what_the_player_sees() -> None:
    state = table_state()
    root = parse(svg.table(phase10.view(state, 0)))
    words = texts(root)
    assert "hand 1 \u2014 p2 to act (draw)" in words
    assert "p1 (you) \u2014 phase 2: 1 set of 3 + 1 run of 4" in words
    assert "2 cards \u00b7 40 points \u00b7 skip waiting" in words
    assert "10 cards \u00b7 5 points \u00b7 phase laid down" in words
    assert {"draw pile: 74", "discard pile: 3", "your hand (p1): 6 cards"} <= set(words)
    shown = titles(root)
    assert "yellow 4" in shown  # the top of the discard pile
    assert "2 face-down cards" in shown  # p2's hand, counted, not shown
    assert "yellow 7" not in shown and "yellow 8" not in shown
    assert shown[-6:] == [svg.card_title(c) for c in state.players[0].hand]


def test_a_game_picture_shows_every_hand() -> None:
    state = table_state()
    shown = titles(parse(svg.game(state, caption="first line\nsecond line")))
    for player in state.players:
        assert all(svg.card_title(c) in shown for c in player.hand)
    assert {"first line", "second line"} <= set(
        texts(parse(svg.game(state, caption="first line\nsecond line")))
    )


@settings(max_examples=examples(25), deadline=None)
@given(game_states(tag="svg", max_steps=400))
def test_every_reachable_state_and_view_is_a_picture(state: phase10.GameState) -> None:
    parse(svg.game(state))
    for seat in range(state.num_players):
        parse(svg.table(phase10.view(state, seat)))


@settings(max_examples=examples(50), deadline=None)
@given(hands(), st.text(max_size=12))
def test_any_cards_and_label_make_well_formed_xml(cards: tuple[Card, ...], label: str) -> None:
    for picture in (svg.row(cards, label=label), svg.hand(cards, label=label)):
        parse(picture)


# --- escaping -----------------------------------------------------------------------------


NASTY = "<&\"'> ]]> \x1b[31m"


def test_names_and_phase_names_are_escaped() -> None:
    phases = (Phase((SetOf(3), SetOf(3)), name=NASTY), *CLASSIC_PHASES[1:])
    variant = attrs.evolve(CLASSIC, name=f"house {NASTY}", phases=phases)
    state, _ = phase10.play_chance(phase10.new_game(variant, 2), random.Random(7))
    names = [f"Ann {NASTY}", "Bo & Cy"]
    for picture in (
        svg.table(phase10.view(state, 0), names=names, caption=NASTY),
        svg.game(state, names=names, caption=NASTY),
    ):
        root = parse(picture)
        words = " ".join(texts(root))
        assert "Ann <&\"'> ]]> \ufffd[31m" in words  # the escape character is not XML
        assert "phase 1: <&\"'> ]]> \ufffd[31m" in words
        assert "Bo & Cy" in words
        assert "house <&" in root.attrib["aria-label"]
    assert "&lt;&amp;" in svg.row((), label="<&")


def test_a_custom_phase_name_is_escaped_in_a_laydown() -> None:
    phase = Phase((SetOf(3),), name='<b>"sets"</b> & more')
    found = find_laydown("R7 B7 G7", phase)
    assert found is not None
    assert '<b>"sets"</b> & more' in texts(parse(svg.laydown(found)))


# --- determinism and golden files -----------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_pictures(name: str) -> None:
    expected = (GOLDEN_DIR / name).read_text(encoding="utf-8")
    actual = GOLDEN[name]() + "\n"
    assert expected == actual, f"rewrite with: python -m tests.svg_golden (then look at {name})"
    parse(actual)


def test_the_same_input_gives_the_same_bytes() -> None:
    state = table_state()
    assert svg.table(phase10.view(state, 2)) == svg.table(phase10.view(state, 2))
    assert svg.game(state) == svg.game(attrs.evolve(state))
    assert svg.card(MASTER.deck[-1]) == svg.card(parse_card(str(MASTER.deck[-1])))


# --- notebooks -----------------------------------------------------------------------------------


def test_objects_show_themselves_as_pictures_in_notebooks() -> None:
    state = table_state()
    meld = state.table[0][0]
    found = find_laydown("R7 B7 W G2 G3 G4 Y5", CLASSIC_PHASES[1])
    assert found is not None
    view = phase10.view(state, 0)
    card = parse_card("R7")
    assert svg.card(card) == card._repr_svg_()
    assert svg.meld(meld) == meld._repr_svg_()
    assert svg.laydown(found) == found._repr_svg_()
    assert svg.table(view) == view._repr_svg_()
    assert svg.game(state) == state._repr_svg_()


def test_pictures_need_only_the_class_imported() -> None:
    # the registry is filled by the package's import, which any phase10.x import runs first
    code = "from phase10.cards import Card; print(Card.parse('R7')._repr_svg_()[:4])"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "<svg\n" == done.stdout


def test_text_reprs_are_unchanged() -> None:
    meld = check_meld("R3 B4 W G6", RunOf(4)).melds[0]
    assert "Card.parse('W1-6:RG')" == repr(parse_card("W1-6:RG"))
    assert "Meld.of(RunOf(size=4), 'R3 B4 W=5 G6')" == repr(meld)


def test_an_object_without_a_drawing_has_no_picture() -> None:
    assert _pictures.picture(object()) is None
    assert _pictures.picture(TEN_PHASES) is None


# --- bad arguments ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: svg.card("R7"), TypeError, "svg.card() needs a Card, got str 'R7'"),  # type: ignore[arg-type]
        (lambda: svg.row("R7 B7"), TypeError, "parse text with parse_cards"),  # type: ignore[arg-type]
        (lambda: svg.row([parse_card("R7"), "B7"]), TypeError, "needs Card objects"),  # type: ignore[list-item]
        (lambda: svg.meld(parse_card("R7")), TypeError, "needs a Meld"),  # type: ignore[arg-type]
        (lambda: svg.laydown(None), TypeError, "needs a PhaseMelds"),  # type: ignore[arg-type]
        (lambda: svg.table(table_state()), TypeError, "needs a PlayerView"),  # type: ignore[arg-type]
        (lambda: svg.game(phase10.view(table_state(), 0)), TypeError, "needs a GameState"),  # type: ignore[arg-type]
        (lambda: svg.card(parse_card("R7"), size="big"), TypeError, "size must be a number"),  # type: ignore[arg-type]
        (lambda: svg.card(parse_card("R7"), size=True), TypeError, "size must be a number"),
        (lambda: svg.card(parse_card("R7"), size=0), phase10.PictureError, "positive number"),
        (lambda: svg.turn_diagram(size=-5), phase10.PictureError, "got -5"),
        (lambda: svg.row((), per_line=0), phase10.PictureError, "per_line must be"),
        (lambda: svg.row((), per_line=1.5), TypeError, "per_line must be"),  # type: ignore[arg-type]
        (lambda: svg.row((), label=3), TypeError, "label must be a str"),  # type: ignore[arg-type]
        (lambda: svg.game(table_state(), names=["a"]), phase10.PictureError, "each of the 3 seats"),
        (lambda: svg.game(table_state(), names="abc"), TypeError, "sequence of str"),
        (lambda: svg.game(table_state(), names=[1, 2, 3]), TypeError, "sequence of str"),  # type: ignore[list-item]
        (lambda: svg.phase_check(parse_cards("R7"), "set 3"), TypeError, "needs a Phase"),  # type: ignore[arg-type]
    ],
)
def test_bad_arguments_are_refused_clearly(
    call: object, error: type[Exception], words: str
) -> None:
    assert callable(call)
    with pytest.raises(error) as caught:
        call()
    assert words in str(caught.value)


def test_a_picture_error_is_a_phase10_error() -> None:
    assert issubclass(phase10.PictureError, phase10.Phase10Error)


# --- the command line ---------------------------------------------------------------------------


def test_check_writes_the_laydown_as_a_picture(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "found.svg"
    assert 0 == main(["check", "R7 B7 W G2 G3 G4 Y5 S", "--phase", "2", "--svg", str(out)])
    root = parse(out.read_text(encoding="utf-8"))
    assert root.attrib["aria-label"].startswith("lays down")
    assert "lays down" in capsys.readouterr().out


def test_check_writes_the_closest_miss_as_a_picture(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "miss.svg"
    assert 1 == main(["check", "R7 B8 G9 Y3 W", "--phase", "4", "--svg", str(out)])
    assert "missing" in parse(out.read_text(encoding="utf-8")).attrib["aria-label"]
    capsys.readouterr()


def test_check_cannot_write_into_a_missing_directory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "no" / "such" / "dir.svg"
    assert 2 == main(["check", "R7", "--phase", "1", "--svg", str(out)])
    assert "phase10: error: cannot use" in capsys.readouterr().err


def test_replay_writes_one_picture_per_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    result = phase10.simulate(
        1,
        [phase10.GreedyBot(), phase10.GreedyBot()],
        variant=find_variant("classic-first-2"),
        record=True,
    )
    record = result.games[0].record
    assert record is not None
    path = tmp_path / "game.txt"
    path.write_text(record.to_text(), encoding="utf-8")
    pictures = tmp_path / "pictures"
    assert 0 == main(["replay", str(path), "--svg", str(pictures)])
    out = capsys.readouterr().out
    ends = out.count("-- end of hand ")
    files = sorted(p.name for p in pictures.iterdir())
    assert [f"hand-{n:03d}.svg" for n in range(1, ends + 1)] == files
    for name in files:
        words = texts(parse((pictures / name).read_text(encoding="utf-8")))
        assert any(w.startswith("scores after the hand: p1 ") for w in words)


@given(st.text(alphabet=st.sampled_from("&<>\"'\r\n\t a\x01\ud800\ufffe"), max_size=12) | st.text())
def test_text_and_attribute_values_are_escaped_as_the_standard_library_does(text: str) -> None:
    # svg writes its own escapes (xml.sax.saxutils imports urllib): the same output
    clean = svg._NOT_XML.sub("\ufffd", text)
    assert (escape(clean, {"\r": "&#13;"}), quoteattr(clean, {"\r": "&#13;"})) == (
        svg._esc(text),
        svg._attr(text),
    )
