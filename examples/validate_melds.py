"""Meld validation as a third-party app would do it: requests in, plain JSON out.

An app (a score-keeping web service, a chat bot, a table-top helper) receives cards as text,
asks phase10 whether they form a group or lay down a phase, and answers in JSON. Everything
phase10 returns is turned into plain strings, numbers and lists with ``str()``.

Run it with ``python examples/validate_melds.py``.
"""

from __future__ import annotations

import json

import phase10
from phase10 import CLASSIC_PHASES, ColorGroupOf, GroupType, RunOf, SetOf

JSON = dict[str, object]


def meld_report(cards: str, group: GroupType) -> JSON:
    """Whether ``cards`` form ``group``; every reading of the wilds, or the reason why not."""
    try:
        verdict = phase10.check_meld(cards, group)
    except phase10.NotationError as exc:
        return {
            "cards": cards,
            "group": str(group),
            "error": str(exc),
            "token": exc.token,
            "position": exc.position,
        }
    return {
        "cards": cards,
        "group": str(group),
        "valid": verdict.ok,
        "problem": verdict.problem.value if verdict.problem is not None else None,
        "reason": verdict.reason,
        "readings": [str(meld) for meld in verdict.melds],
    }


def laydown_report(hand: str, phase_number: int) -> JSON:
    """Whether ``hand`` lays down classic phase ``phase_number`` (1-10), and in how many ways."""
    phase = CLASSIC_PHASES[phase_number - 1]
    cards = phase10.parse_cards(hand)
    laydown = phase10.find_laydown(cards, phase)
    report: JSON = {"hand": phase10.format_cards(cards), "phase": phase_number, "name": str(phase)}
    if laydown is None:
        report["laydown"] = None
        report["explanation"] = phase10.explain(cards, phase)
        return report
    report["laydown"] = str(laydown)
    report["melds"] = [{"group": str(m.group), "cards": str(m)} for m in laydown.melds]
    report["ways"] = sum(1 for _ in phase10.iter_laydowns(cards, phase))
    report["minimal_ways"] = sum(1 for _ in phase10.iter_laydowns(cards, phase, minimal=True))
    report["points_left"] = phase10.hand_points(_rest(cards, laydown.cards))
    return report


def _rest(hand: tuple[phase10.Card, ...], used: tuple[phase10.Card, ...]) -> list[phase10.Card]:
    """The cards of ``hand`` that are not laid down (each laid card removes one copy)."""
    rest = list(hand)
    for card in used:
        rest.remove(card)
    return rest


def main() -> None:
    """Answer a few requests and print the answers as JSON."""
    answers = {
        "melds": [
            meld_report("R7 B7 W", SetOf(3)),
            meld_report("W R4 B5 G6", RunOf(4)),
            meld_report("W=7 R4 B5 G6", RunOf(4)),
            meld_report("G1 G5 W G11", ColorGroupOf(4)),
            meld_report("R7 B8 W", SetOf(3)),
            meld_report("R11 R12 R1 R2", RunOf(4)),
            meld_report("R7 B7 S", SetOf(3)),
            meld_report("R7 B7 X7", SetOf(3)),
        ],
        "laydowns": [
            laydown_report("R7 B7 G7 Y3 R3 W W S Y12", 1),
            laydown_report("R7 B8 G9 Y3 W", 4),
        ],
    }
    print(json.dumps(answers, indent=2))


if __name__ == "__main__":
    main()
