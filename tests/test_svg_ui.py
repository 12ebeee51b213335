"""Pictures for pages and classrooms (phase10.svg): parts a page can click and outline, the last
move and legal targets highlighted, the winner named, a card back without a number, and a
landscape table legible when projected (issue 24).
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings

import phase10
from phase10 import CLASSIC, Discard, Draw, GameRecord, GreedyBot, Hit, LayDown, TakeDiscard, svg
from phase10.errors import PictureError
from tests.depth import examples
from tests.strategies import game_states
from tests.svg_golden import table_state

SVG = "{http://www.w3.org/2000/svg}"


def parse(picture: str) -> ET.Element:
    root = ET.fromstring(picture)
    assert SVG + "svg" == root.tag
    return root


def keyed(root: ET.Element) -> dict[str, ET.Element]:
    parts = [g for g in root.iter(SVG + "g") if "data-key" in g.attrib]
    keys = [g.attrib["data-key"] for g in parts]
    assert len(set(keys)) == len(keys)  # each part once
    return dict(zip(keys, parts, strict=True))


def outlined(root: ET.Element) -> dict[str, str]:
    """The parts outlined, by key, with their colour."""
    found = {}
    for key, g in keyed(root).items():
        for child in g:
            if child.tag == SVG + "rect" and child.attrib.get("class") == "highlight":
                found[key] = child.attrib["stroke"]
    return found


def test_every_card_carries_its_notation() -> None:
    view = phase10.view(table_state(), 0)
    root = parse(svg.table(view))
    cards = [g for g in root.iter(SVG + "g") if g.attrib.get("class") == "card"]
    shown = [phase10.parse_card(g.attrib["data-card"]) for g in cards]
    melded = [c for row in view.table for m in row for c in m.cards]
    assert [*melded, view.discard_pile[-1], *view.hand] == shown


def test_the_parts_a_page_points_at_have_keys() -> None:
    view = phase10.view(table_state(), 0)
    parts = keyed(parse(svg.table(view)))
    hand = [f"hand/{i}" for i in range(len(view.hand))]
    melds = [f"meld/{s}/{i}" for s, row in enumerate(view.table) for i in range(len(row))]
    seats = [f"seat/{s}" for s in range(view.num_players)]
    assert sorted([*hand, *melds, *seats, "draw", "discard"]) == sorted(parts)
    assert {"class": "meld", "data-key": "meld/2/1", "data-seat": "2", "data-meld": "1"} == (
        parts["meld/2/1"].attrib
    )
    third = parts["hand/2"].attrib
    assert ("card", "2", str(view.hand[2])) == (
        third["class"],
        third["data-index"],
        third["data-card"],
    )


def test_fill_outlines_the_parts_named_in_their_colours() -> None:
    view = phase10.view(table_state(), 0)
    fill = {"hand/0": "#2e7d32", "meld/2/0": "gold", "seat/1": "#f00", "discard": "#1565c0"}
    assert fill == outlined(parse(svg.table(view, fill=fill)))
    assert {} == outlined(parse(svg.table(view)))


@pytest.mark.parametrize(
    ("fill", "error"),
    [
        ({"hand/99": "red"}, PictureError),
        ({"meld/1/0": "red"}, PictureError),  # p2 has laid nothing down
        ({"draw": 'red" onload="alert(1)'}, PictureError),
        ({"draw": "url(#x)"}, PictureError),
        ({"draw": 7}, TypeError),
        (["draw"], TypeError),
    ],
)
def test_fill_refuses_what_the_picture_does_not_have(fill: object, error: type) -> None:
    view = phase10.view(table_state(), 0)
    with pytest.raises(error):
        svg.table(view, fill=fill)  # type: ignore[arg-type]


def test_lastmove_outlines_what_the_move_touched() -> None:
    state = table_state()
    view = phase10.view(state, 0)
    card = phase10.parse_card("R1")
    color = svg.LASTMOVE_COLOR
    cases: list[tuple[phase10.Action, dict[str, str]]] = [
        (Draw(1), {"draw": color}),
        (TakeDiscard(1), {"discard": color}),
        (Discard(0, card, target=1), {"discard": color, "seat/1": color}),
        (Hit(0, 2, 1, card, phase10.Value(4, None), phase10.End.ANY), {"meld/2/1": color}),
    ]
    for move, expected in cases:
        assert expected == outlined(parse(svg.table(view, lastmove=move)))
    found = phase10.find_laydown("R7 B7 W G2 G3 G4 Y5", phase10.CLASSIC_PHASES[1])
    assert found is not None
    laid = LayDown(0, found)
    assert {"meld/0/0": color, "meld/0/1": color} == outlined(parse(svg.game(state, lastmove=laid)))
    both = svg.table(view, lastmove=Draw(1), fill={"draw": "#00f"})
    assert {"draw": "#00f"} == outlined(parse(both))  # fill wins over the last move's colour
    with pytest.raises(TypeError):
        svg.table(view, lastmove="draw")  # type: ignore[arg-type]


def finished_game() -> phase10.GameState:
    bots = [GreedyBot(), GreedyBot()]
    variant = phase10.find_variant("classic-first-1")
    result = phase10.simulate(1, bots, variant=variant, seed="winner", record=True)
    record = result.games[0].record
    assert isinstance(record, GameRecord)
    return phase10.replay(record)


def test_the_game_over_picture_names_the_winner() -> None:
    state = finished_game()
    assert state.is_over and 1 == len(state.winners)
    winner = f"p{state.winners[0] + 1}"
    heading = f"game over: {winner} wins"
    assert heading in svg.game(state)
    names = ["Ann", "Bo"]
    assert f"game over: {names[state.winners[0]]} wins" in svg.table(
        phase10.view(state, 0), names=names
    )


def test_the_draw_pile_back_shows_no_number() -> None:
    parts = keyed(parse(svg.table(phase10.view(table_state(), 0))))
    draw = parts["draw"]
    assert [] == [t.text for t in draw.iter(SVG + "text")]


def font_pixels(picture: str) -> list[float]:
    root = parse(picture)
    scale = float(root.attrib["width"]) / float(root.attrib["viewBox"].split()[2])
    sizes = []
    for text, group_scale in walk(root, 1.0):
        sizes.append(float(text.attrib["font-size"]) * scale * group_scale)
    return sizes


def walk(element: ET.Element, scale: float) -> list[tuple[ET.Element, float]]:
    """The texts of the picture but the card faces', with the scale they are drawn at."""
    found = []
    for child in element:
        if child.attrib.get("class") == "card":
            continue
        inner = scale
        move = child.attrib.get("transform", "")
        if "scale(" in move:
            inner *= float(move.split("scale(")[1].split(")")[0])
        if child.tag == SVG + "text":
            found.append((child, inner))
        found.extend(walk(child, inner))
    return found


def test_the_landscape_table_is_wide_and_legible_projected() -> None:
    view = phase10.view(table_state(), 0)
    wide = parse(svg.table(view, landscape=True))
    assert float(wide.attrib["width"]) > float(wide.attrib["height"])
    assert min(font_pixels(svg.table(view, landscape=True))) >= 14
    assert min(font_pixels(svg.table(view))) < 9  # the portrait picture is for a screen
    assert sorted(keyed(wide)) == sorted(keyed(parse(svg.table(view))))


@settings(max_examples=examples(25), deadline=None)
@given(game_states(max_steps=300, tag="svg-ui"))
def test_every_table_picture_is_well_formed_with_unique_keys(state: phase10.GameState) -> None:
    for landscape in (False, True):
        keyed(parse(svg.game(state, landscape=landscape)))
        for seat in range(state.num_players):
            keyed(parse(svg.table(phase10.view(state, seat), landscape=landscape)))


def test_a_random_game_pictures_each_last_move() -> None:
    rng = random.Random(24)
    state = phase10.new_game(CLASSIC, 3)
    for _ in range(200):
        if state.is_over:
            break
        if state.is_chance:
            state = phase10.apply(state, phase10.sample_chance(state, rng))
            continue
        move = rng.choice(phase10.legal_actions(state))
        state = phase10.apply(state, move)
        parse(svg.game(state, lastmove=move))
