"""The golden pictures of tests/test_svg.py, and the command that rewrites them.

Run ``python -m tests.svg_golden`` from the repository root after changing how
:mod:`phase10.svg` draws, look at the pictures in ``tests/data/svg/``, and commit them.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import phase10
from phase10 import (
    CLASSIC,
    CLASSIC_PHASES,
    GameState,
    PlayerState,
    RunOf,
    SetOf,
    TurnStep,
    check_meld,
    find_laydown,
    parse_card,
    parse_cards,
    sort_cards,
    svg,
)

GOLDEN_DIR = Path(__file__).parent / "data" / "svg"


def table_state() -> GameState:
    """A hand-built classic table: two seats laid down, three seats, p2 to draw."""
    hands = ("R1 B2 G3 Y12 W S", "Y7 Y8", "B5 B5 G9 R10 R11 Y1 W G2 B3 B12")
    melds = (
        (
            check_meld("R7 B7 W", SetOf(3)).melds[0],
            check_meld("G2 G3 W Y5", RunOf(4)).melds[0],
        ),
        (),
        (check_meld("B9 B9 G9", SetOf(3)).melds[0], check_meld("R4 W R4", SetOf(3)).melds[0]),
    )
    used = [c for text in hands for c in parse_cards(text)]
    used += [c for seat in melds for m in seat for c in m.cards]
    used += parse_cards("G11 R6 Y4")
    pile = list(CLASSIC.deck)
    for card in used:
        pile.remove(card)
    return GameState(
        variant=CLASSIC,
        players=(
            PlayerState(hand=sort_cards(parse_cards(hands[0])), phase=1, laid_down=True, score=15),
            PlayerState(hand=sort_cards(parse_cards(hands[1])), phase=0, score=40, skipped=True),
            PlayerState(hand=sort_cards(parse_cards(hands[2])), phase=0, laid_down=True, score=5),
        ),
        dealer=0,
        turn=1,
        step=TurnStep.DRAW,
        draw_pile=sort_cards(pile),
        discard_pile=parse_cards("G11 R6 Y4"),
        table=melds,
    ).validate()


#: The golden pictures: file name -> how to draw it.
GOLDEN: dict[str, Callable[[], str]] = {
    "card-R7.svg": lambda: svg.card(parse_card("R7")),
    "card-W1-6-RG.svg": lambda: svg.card(parse_card("W1-6:RG")),
    "card-QH.svg": lambda: svg.card(parse_card("QH")),
    "card-TT.svg": lambda: svg.card(parse_card("TT")),
    "card-S.svg": lambda: svg.card(parse_card("S"), size=32),
    "meld-run.svg": lambda: svg.meld(check_meld("R3 B4 W G6", RunOf(4)).melds[0]),
    "laydown-phase2.svg": lambda: svg.laydown(
        find_laydown("R7 B7 W G2 G3 G4 Y5", CLASSIC_PHASES[1])  # type: ignore[arg-type]
    ),
    "check-miss.svg": lambda: svg.phase_check(parse_cards("R7 B8 G9 Y3 W"), CLASSIC_PHASES[3]),
    "table.svg": lambda: svg.table(phase10.view(table_state(), 0)),
    "turn.svg": lambda: svg.turn_diagram(),
}


def main() -> int:
    """Rewrite every golden picture; print what changed."""
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    for name, draw in GOLDEN.items():
        path = GOLDEN_DIR / name
        text = draw() + "\n"
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old != text:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
