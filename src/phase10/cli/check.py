"""``phase10 check``: does a hand lay down a phase? Does a grouping, or one meld, work?"""

from __future__ import annotations

import re
from pathlib import Path

from phase10 import svg
from phase10._written import match_groups, problem_lines
from phase10.cards import Card, format_cards, parse_cards
from phase10.cli._common import UsageError, left_over
from phase10.errors import Message, NotationError
from phase10.groups import check_meld, group_message, parse_placed
from phase10.hints import fix_cards
from phase10.laydown import explanation, find_laydown
from phase10.phases import Phase, phase_message
from phase10.variants import CLASSIC, Variant

__all__ = ["group_problems", "run", "run_group"]

#: A wild's pin in a written meld (``W=4``, ``W=R7``).
_PIN = re.compile(r"=\S*")


def _cards(text: str, variant: Variant) -> tuple[Card, ...]:
    """The cards of ``variant``'s deck in ``text``, wilds maybe pinned (``W=4``).

    A typo's error says which cards were likely meant.
    """
    game = variant.meld_rules.game
    bare = _PIN.sub("", text)  # a pin says what a wild stands for, not which card it is
    try:
        cards = parse_cards(bare, game=game)
    except NotationError as exc:
        fixed = fix_cards(bare, game)
        try:
            parse_cards(fixed, game=game)
        except NotationError:
            raise exc from None
        raise NotationError(
            f"{exc}; did you mean {fixed!r}?",
            text=exc.text,
            token=exc.token,
            position=exc.position,
            said=exc.said,
            hint=Message.of("did-you-mean", text=fixed),
        ) from None
    if bare != text:
        parse_placed(text, rules=variant.meld_rules)  # a pin on a card that is not a wild
    return cards


def group_problems(
    groups: list[str], phase: Phase, variant: Variant = CLASSIC, *, lang: str = "en"
) -> list[str]:
    """Why each written group of cards does not make its part of ``phase`` (one line each).

    The groups are matched to the phase by the engine's one matcher of written groups, so
    each line is the sentence :func:`phase10.lay_down_from_groups`, :func:`phase10.apply`
    and :meth:`phase10.table.Table.submit` give: ``group 2 (B7 G8 W), a set of 3: a set
    holds one number, these cards have 7 and 8``; a reason an earlier group gave is said once
    ("the same problem as group 1"), as in their messages.

    In another ``lang``, each line is the group's :attr:`~phase10.GroupProblem.message`.

    Raises:
        NotationError: a group is not cards of ``variant`` in notation.
    """
    rules = variant.meld_rules
    for group in groups:
        _cards(group, variant)  # a typo is said with the card likely meant
    fault = match_groups([parse_placed(g, rules=rules) for g in groups], phase, rules).fault
    if fault is None:
        return []
    if lang != "en":
        if not fault.problems:
            return [fault.said.text(lang) if fault.said is not None else fault.reason]
        first: dict[str, int] = {}
        lines = []
        for p in fault.problems:  # a reason once; a later group points to the first
            if p.reason in first:
                same = Message.of("same-problem", number=p.index + 1, first=first[p.reason])
                lines.append(same.text(lang))
            else:
                first[p.reason] = p.index + 1
                lines.append(p.message.text(lang))
        return lines
    return problem_lines(fault.problems) or [fault.reason]


def _say(lang: str, key: str, english: str, **params: str | int | Message) -> None:
    """Print ``english``, or the message ``key`` in ``lang``."""
    print(english if lang == "en" else Message.of(key, **params).text(lang))


def run(
    text: str,
    number: int,
    *,
    picture: Path | None = None,
    variant: Variant = CLASSIC,
    lang: str = "en",
) -> int:
    """Print whether the cards in ``text`` lay down phase ``number`` of ``variant``, and how.

    Cards grouped with ``|`` (``R7 B7 W | G2 G3 G4 Y5``) are checked group by group: each
    group that does not make its part of the phase is named with its problem. A wild may
    be pinned to what it stands for (``W=4``), as in a laydown.

    With ``picture`` (``--svg FILE``), also write the laydown found, or the closest miss, as
    an SVG picture to that file (its names in ``lang``).

    Returns:
        The exit status: 0 when the hand lays the phase down, 1 when not.

    Raises:
        NotationError: ``text`` is not cards of ``variant`` in notation.
        UsageError: ``variant`` has no phase ``number``.
        OSError: the picture cannot be written.
    """
    if not 1 <= number <= len(variant.phases):
        raise UsageError(
            f"{variant.name} has phases 1 to {len(variant.phases)}, not phase {number}"
        )
    phase = variant.phases[number - 1]
    rules = variant.meld_rules
    groups = [g for g in text.split("|") if g.strip()] if "|" in text else []
    hand = _cards(text.replace("|", " "), variant)
    named = phase_message(phase)
    if groups:
        problems = group_problems(groups, phase, variant, lang=lang)
        if problems:
            english = f"phase {number} ({phase}): these groups do not lay it down"
            _say(lang, "cli.check.groups-fail", english, number=number, phase=named)
            for line in problems:
                print(f"  {line}")
            return 1
    if picture is not None:
        drawn = svg.phase_check(hand, phase, rules=rules, lang=lang)
        picture.write_text(drawn + "\n", encoding="utf-8")
    laydown = find_laydown(hand, phase, rules=rules)
    if laydown is None:
        english = f"phase {number} ({phase}): does not lay down"
        _say(lang, "cli.check.cannot", english, number=number, phase=named)
        print(explanation(hand, phase, rules=rules).text(lang))
        return 1
    _say(lang, "cli.check.can", f"phase {number} ({phase}): lays down", number=number, phase=named)
    for meld in laydown.melds:
        print(f"  {meld.group if lang == 'en' else group_message(meld.group).text(lang)}: {meld}")
    rest = format_cards(left_over(hand, laydown.cards))
    nothing = Message.of("cli.nothing")
    _say(lang, "cli.check.left", f"left in hand: {rest or 'nothing'}", cards=rest or nothing)
    return 0


def run_group(text: str, group: str, *, variant: Variant = CLASSIC, lang: str = "en") -> int:
    """Print whether the cards in ``text`` form one meld of ``group`` (``"run 4"``).

    Returns:
        The exit status: 0 when they do, 1 when not.

    Raises:
        NotationError: ``text`` is not cards of ``variant`` in notation, or ``group`` is not
            one group in words (``set 3``, ``run of 4``, ``colour 7``).
    """
    _cards(text, variant)
    wanted = Phase.parse(group).groups
    if len(wanted) != 1:
        raise NotationError(
            f"--group takes one group, e.g. 'run 4', got {len(wanted)}: {group!r}", text=group
        )
    verdict = check_meld(text, wanted[0], rules=variant.meld_rules)
    name = group_message(wanted[0])
    if verdict:
        english = f"{wanted[0]}: valid: {verdict.melds[0]}"
        _say(lang, "cli.meld.valid", english, group=name, meld=str(verdict.melds[0]))
        return 0
    reason = verdict.said or Message.of("text", text=verdict.reason)
    english = f"{wanted[0]}: invalid: {verdict.reason}"
    _say(lang, "cli.meld.invalid", english, group=name, reason=reason)
    return 1
