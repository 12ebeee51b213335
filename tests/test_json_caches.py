"""The JSON codec's caches of melds read and meld checks never let a bad meld through."""

from __future__ import annotations

import copy
import random

import pytest

from phase10 import (
    CLASSIC,
    FormatError,
    GameState,
    Meld,
    MeldRules,
    NaturalScope,
    apply,
    from_dict,
    legal_actions,
    new_game,
    sample_chance,
    to_dict,
)


def _state_with_melds() -> GameState:
    rng = random.Random("json-caches")
    state = new_game(CLASSIC, 2, dealer=0)
    while not any(state.table):
        if state.is_chance:
            state = apply(state, sample_chance(state, rng))
        else:
            legal = legal_actions(state)
            lays = [a for a in legal if type(a).__name__ == "LayDown"]
            state = apply(state, lays[0] if lays else legal[int(rng.random() * len(legal))])
    return state


def test_a_meld_read_again_is_the_same_and_still_checked() -> None:
    state = _state_with_melds()
    doc = to_dict(state)
    first, again = from_dict(doc), from_dict(copy.deepcopy(doc))
    assert state == first == again
    seat = next(i for i, row in enumerate(state.table) if row)
    assert first.table[seat][0] is again.table[seat][0]  # read once, then remembered
    meld_doc = doc["state"]["table"][seat][0]
    # a set needs its size in cards: the meld minus a card is refused every time
    short = copy.deepcopy(doc)
    short["state"]["table"][seat][0] = {**meld_doc, "cards": meld_doc["cards"][:-1]}
    for _ in range(2):
        with pytest.raises(FormatError) as error:
            from_dict(copy.deepcopy(short))
        assert f"$.state.table[{seat}][0]" == error.value.path
    for _ in range(2):
        with pytest.raises(FormatError, match="needs at least"):
            from_dict({"format": "phase10/1", "meld": short["state"]["table"][seat][0]})
    # the same meld, read before under classic rules, is checked again under others
    assert isinstance(from_dict({"format": "phase10/1", "meld": meld_doc}), Meld)
    # rules that want three naturals in each set refuse its wild
    strict = MeldRules(natural_minimum=NaturalScope.GROUP, naturals_in_sets=3)
    assert any(card.startswith("W") for card in meld_doc["cards"])
    with pytest.raises(FormatError):
        from_dict({"format": "phase10/1", "meld": meld_doc}, rules=strict)
