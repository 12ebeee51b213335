"""``phase10 check``: does a hand lay down a classic phase? Does a grouping, or one meld, work?"""

from __future__ import annotations

from pathlib import Path

from phase10 import svg
from phase10._written import match_groups, problem_lines
from phase10.cards import CLASSIC_GAME, Card, format_cards, parse_cards
from phase10.cli._common import left_over
from phase10.cli.hints import fix_cards
from phase10.errors import NotationError
from phase10.groups import check_meld, parse_placed
from phase10.laydown import explain, find_laydown
from phase10.phases import CLASSIC_PHASES, Phase
from phase10.variants import CLASSIC

__all__ = ["group_problems", "run", "run_group"]


def _cards(text: str) -> tuple[Card, ...]:
    """The classic cards in ``text`` (pinned wilds too, ``W=5``); a typo says the likely card."""
    try:
        return parse_cards(text, game=CLASSIC_GAME)  # a classic phase: classic cards only
    except NotationError as exc:
        if "=" in text:  # a pinned wild of a group (R7 W=7 | ...): read with its value
            return tuple(c for c, _ in parse_placed(text, rules=CLASSIC.meld_rules))
        fixed = fix_cards(text, CLASSIC_GAME)
        try:
            parse_cards(fixed, game=CLASSIC_GAME)
        except NotationError:
            raise exc from None
        raise NotationError(
            f"{exc}; did you mean {fixed!r}?", text=exc.text, token=exc.token, position=exc.position
        ) from None


def group_problems(groups: list[str], phase: Phase) -> list[str]:
    """Why each written group of cards does not make its part of ``phase`` (one line each).

    The groups are matched to the phase by the engine's one matcher of written groups, so
    each line is the sentence :func:`phase10.lay_down_from_groups`, :func:`phase10.apply`
    and :meth:`phase10.table.Table.submit` give: ``group 2 (B7 G8 W), a set of 3: a set
    holds one number, these cards have 7 and 8``; a reason an earlier group gave is said once
    ("the same problem as group 1"), as in their messages.

    Raises:
        NotationError: a group is not classic cards in notation.
    """
    for group in groups:
        _cards(group)  # a typo is said with the card likely meant
    fault = match_groups(
        [parse_placed(g, rules=CLASSIC.meld_rules) for g in groups], phase, CLASSIC.meld_rules
    ).fault
    if fault is None:
        return []
    return problem_lines(fault.problems) or [fault.reason]


def run(text: str, number: int, *, picture: Path | None = None) -> int:
    """Print whether the cards in ``text`` lay down classic phase ``number``, and how.

    Cards grouped with ``|`` (``R7 B7 W | G2 G3 G4 Y5``) are checked group by group: each
    group that does not make its part of the phase is named with its problem.

    With ``picture`` (``--svg FILE``), also write the laydown found, or the closest miss, as
    an SVG picture to that file.

    Returns:
        The exit status: 0 when the hand lays the phase down, 1 when not.

    Raises:
        NotationError: ``text`` is not classic cards in notation.
        OSError: the picture cannot be written.
    """
    phase = CLASSIC_PHASES[number - 1]
    groups = [g for g in text.split("|") if g.strip()] if "|" in text else []
    hand = _cards(text.replace("|", " "))
    if groups:
        problems = group_problems(groups, phase)
        if problems:
            print(f"phase {number} ({phase}): these groups do not lay it down")
            for line in problems:
                print(f"  {line}")
            return 1
    if picture is not None:
        picture.write_text(svg.phase_check(hand, phase) + "\n", encoding="utf-8")
    laydown = find_laydown(hand, phase)
    if laydown is None:
        print(f"phase {number} ({phase}): does not lay down")
        print(explain(hand, phase))
        return 1
    print(f"phase {number} ({phase}): lays down")
    for meld in laydown.melds:
        print(f"  {meld.group}: {meld}")
    rest = left_over(hand, laydown.cards)
    print(f"left in hand: {format_cards(rest) or 'nothing'}")
    return 0


def run_group(text: str, group: str) -> int:
    """Print whether the cards in ``text`` form one meld of ``group`` (``"run 4"``).

    Returns:
        The exit status: 0 when they do, 1 when not.

    Raises:
        NotationError: ``text`` is not classic cards in notation, or ``group`` is not one
            group in words (``set 3``, ``run of 4``, ``colour 7``).
    """
    _cards(text)
    wanted = Phase.parse(group).groups
    if len(wanted) != 1:
        raise NotationError(
            f"--group takes one group, e.g. 'run 4', got {len(wanted)}: {group!r}", text=group
        )
    verdict = check_meld(text, wanted[0])
    if verdict:
        print(f"{wanted[0]}: valid: {verdict.melds[0]}")
        return 0
    print(f"{wanted[0]}: invalid: {verdict.reason}")
    return 1
