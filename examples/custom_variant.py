"""A house variant: custom phases and rule options, checked and played by bots.

Phases are built from words with :meth:`phase10.Phase.parse`; a variant is the classic one
with options changed by :meth:`phase10.Variant.with_options`. An impossible variant (a phase
no hand can complete) is refused when it is built, with a :class:`phase10.DefinitionError`.

Run it with ``python examples/custom_variant.py``.
"""

from __future__ import annotations

import phase10
from phase10 import CLASSIC, DefinitionError, Phase, SkipTarget, Variant

#: "Quick six": six short phases, runs may wrap from 12 to 1, skips go to the next player.
QUICK_SIX: Variant = CLASSIC.with_options(
    name="quick-six",
    phases=tuple(
        Phase.parse(text)
        for text in (
            "2 sets of 3",
            "set 3 + run 3",
            "run 6",
            "colour 5",
            "set 4 + pair",
            "colour run 4",
        )
    ),
    runs_wrap=True,
    skip_target=SkipTarget.NEXT,
)


def main() -> None:
    print(f"{QUICK_SIX.name}: {len(QUICK_SIX.phases)} phases")
    for number, phase in enumerate(QUICK_SIX.phases, 1):
        print(f"  {number}. {phase}")
    print(f"runs wrap: {QUICK_SIX.runs_wrap}; skips go to: {QUICK_SIX.skip_target.value}")
    hand = "R9 R10 B11 G12 Y1 W S"
    laydown = phase10.find_laydown(hand, QUICK_SIX.phases[2], rules=QUICK_SIX.meld_rules)
    print(f"phase 3 from {hand}: {laydown}")

    try:
        CLASSIC.with_options(phases=(Phase.parse("set 12"),))
    except DefinitionError as exc:
        print(f"refused: {exc}")

    bots: list[phase10.Bot] = [phase10.GreedyBot(), phase10.GreedyBot(), phase10.RandomBot()]
    result = phase10.simulate(6, bots, variant=QUICK_SIX, seed="house")
    print(result.table())


if __name__ == "__main__":
    main()
