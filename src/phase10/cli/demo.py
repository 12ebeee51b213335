"""``phase10 demo``: a short walk-through of the library."""

from __future__ import annotations

from phase10.bots import GreedyBot, RandomBot
from phase10.cards import format_cards, parse_cards, sort_cards
from phase10.cli._common import left_over
from phase10.groups import ColorGroupOf, GroupType, RunOf, SetOf, check_meld
from phase10.laydown import explain, find_laydown, iter_laydowns
from phase10.phases import CLASSIC_PHASES
from phase10.scoring import hand_points
from phase10.simulation import simulate

__all__ = ["run"]

_DEMO_HAND = "r7 b7 w g2 g3 g4 y5 s y11 b12"

_DEMO_WAYS = "R7 B7 G7 Y3 R3 W W"

_DEMO_MELDS: tuple[tuple[str, GroupType], ...] = (
    ("R7 B7 W", SetOf(3)),
    ("W R4 B5 G6", RunOf(4)),
    ("R1 R5 W R9 R12", ColorGroupOf(5)),
    ("R7 B8 W", SetOf(3)),
    ("R11 R12 R1 R2", RunOf(4)),
    ("R7 B7 S", SetOf(3)),
)


def run() -> int:
    """Print the walk-through: cards, melds, laydowns, misses, scoring and a game.

    Returns:
        The exit status, 0.
    """
    print("phase10 demo: cards, melds, laydowns and scoring (classic rules)")
    print()
    print("1. Cards. R7 is a red 7, B12 a blue 12, W a wild, S a skip.")
    hand = parse_cards(_DEMO_HAND)
    print(f"   parse_cards({_DEMO_HAND!r})")
    print(f"   -> {format_cards(hand)}")
    print(f"   in canonical order: {format_cards(sort_cards(hand))}")
    print()
    print("2. Melds. check_meld(cards, group) says whether all the cards form the group;")
    print("   a valid verdict lists every reading of the wilds, an invalid one says why.")
    for cards, group in _DEMO_MELDS:
        verdict = check_meld(cards, group)
        line = f"   {cards:<16} {str(group) + ':':<25} {verdict}"
        if verdict.problem is not None:
            line += f" [{verdict.problem.value}]"
        print(line)
    print()
    print("3. Laydowns. find_laydown(hand, phase) returns a laydown with minimal groups.")
    phase = CLASSIC_PHASES[1]
    print(f"   phase 2 ({phase}): {find_laydown(hand, phase)}")
    other = parse_cards(_DEMO_WAYS)
    phase = CLASSIC_PHASES[0]
    every = sum(1 for _ in iter_laydowns(other, phase))
    minimal = sum(1 for _ in iter_laydowns(other, phase, minimal=True))
    print(f"   iter_laydowns: {format_cards(other)} lays down phase 1 ({phase})")
    print(f"   in {every} distinct ways, {minimal} of them with minimal groups")
    print()
    print("4. Misses. explain(hand, phase) names the closest miss.")
    for number in (1, 3, 4):
        print(f"   phase {number}: {explain(hand, CLASSIC_PHASES[number - 1])}")
    print()
    print("5. Scoring. Cards left in hand cost 5 (1-9), 10 (10-12), 15 (skip), 25 (wild).")
    laydown = find_laydown(hand, CLASSIC_PHASES[1])
    assert laydown is not None
    rest = left_over(hand, laydown.cards)
    print(f"   after laying down phase 2: {format_cards(rest)} = {hand_points(rest)} points")
    print(f"   the whole hand: {hand_points(hand)} points")
    print()
    _game()
    return 0


def _game() -> None:
    print("6. A game. The engine is a pure apply(state, action) with explicit chance;")
    print("   here a GreedyBot plays two RandomBots, seeded, so it is the same every time.")
    result = simulate(1, [GreedyBot(), RandomBot(), RandomBot()], seed="demo")
    game = result.games[0]
    names = [result.bots[b].name for b in game.bots]
    for seat, name in enumerate(names):
        mark = "  <- winner" if seat in game.winners else ""
        print(
            f"   p{seat + 1} {name:<10} phase {game.phases[seat]:>2} done, "
            f"{game.scores[seat]:>4} points{mark}"
        )
    print(f"   {game.hands} hands, {game.actions} actions (chance included)")
    print("   Play one yourself: python -m phase10 play")
