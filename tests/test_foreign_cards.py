"""Cards outside the rules' deck are refused everywhere (issue 11, item 5; C-1, M-1, T-1).

P7 and QH are no cards of the classic game (C-1: red, blue, green, yellow 1-12, wilds,
skips); B7 and a plain W none of Phase 10 Master (M-1, M-2: purple instead of blue, ranged
jokers); R7 and a skip none of the 52-card game (T-1). Each entry point that reads cards
under a rule set says which card and which game.
"""

from __future__ import annotations

import json

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from phase10 import (
    CLASSIC,
    CLASSIC_GAME,
    CLASSIC_MELD_RULES,
    CLASSIC_PHASES,
    MASTER,
    MASTER_GAME,
    STANDARD_GAME,
    TEN_PHASES,
    Card,
    CardGame,
    Color,
    DefinitionError,
    End,
    FormatError,
    Hit,
    InvalidCardError,
    InvalidMeldError,
    LayDown,
    Meld,
    MeldProblem,
    NotationError,
    PhaseMelds,
    RunOf,
    SetOf,
    Value,
    Violation,
    apply,
    check_meld,
    classic_deck,
    explain,
    find_laydown,
    from_json,
    is_legal,
    iter_laydowns,
    master_deck,
    parse_action,
    parse_card,
    parse_cards,
    standard_deck,
    to_json,
)
from phase10.cli import main
from tests.helpers import draw, lay, refuse, start

#: A hand that lays down no classic phase (as in test_engine).
NOTHING = "Y8 Y9 Y10 R11 B12 G1 Y2 Y5 B6 G6"
MASTER_RULES = MASTER.meld_rules
TEN_RULES = TEN_PHASES.meld_rules

# (cards, group, rules, the refusal)
FOREIGN = [
    pytest.param(
        "P7 B7 G7", SetOf(3), CLASSIC_MELD_RULES, "P7 is not a card of the classic game", id="P7"
    ),
    pytest.param(
        "QH QS QD", SetOf(3), CLASSIC_MELD_RULES, "QH is not a card of the classic game", id="QH"
    ),
    pytest.param(
        "R7 B7 W1-6:RB",
        SetOf(3),
        CLASSIC_MELD_RULES,
        "W1-6:RB is not a card of the classic game",
        id="ranged-joker-in-classic",
    ),
    pytest.param(
        "R7 B7 Y7", SetOf(3), MASTER_RULES, "B7 is not a card of Phase 10 Master", id="B7-in-master"
    ),
    pytest.param(
        "R7 Y7 W", SetOf(3), MASTER_RULES, "W is not a card of Phase 10 Master", id="W-in-master"
    ),
    pytest.param(
        "R7 QH QS", SetOf(3), TEN_RULES, "R7 is not a card of the 52-card game", id="R7-in-52"
    ),
    pytest.param(
        "AH 2H 3H S", RunOf(3), TEN_RULES, "S is not a card of the 52-card game", id="S-in-52"
    ),
]


@pytest.mark.parametrize(("cards", "group", "rules", "reason"), FOREIGN)
def test_check_meld_refuses_a_card_of_another_game(
    cards: str, group: SetOf | RunOf, rules: object, reason: str
) -> None:
    assert isinstance(rules, type(CLASSIC_MELD_RULES))
    for given_cards in (cards, parse_cards(cards)):  # notation and Card objects alike
        verdict = check_meld(given_cards, group, rules=rules)
        assert (False, MeldProblem.NOT_IN_DECK, reason, ()) == (
            verdict.ok,
            verdict.problem,
            verdict.reason,
            verdict.melds,
        )
        assert f"invalid: {reason}" == str(verdict)


def test_every_card_of_each_built_in_deck_is_of_its_game() -> None:
    for deck, rules in (
        (classic_deck(), CLASSIC_MELD_RULES),
        (master_deck(blanks=True), MASTER_RULES),
        (standard_deck(jokers=2), TEN_RULES),
    ):
        assert [] == [c for c in deck if not rules.game.has(c)]
    assert (CLASSIC_GAME, MASTER_GAME, STANDARD_GAME) == (
        CLASSIC_MELD_RULES.game,
        MASTER_RULES.game,
        TEN_RULES.game,
    )


@given(st.sampled_from(sorted(set(classic_deck() + master_deck(blanks=True) + standard_deck()))))
def test_a_card_is_of_a_game_exactly_when_its_deck_holds_it(card: Card) -> None:
    for deck, game in (
        (classic_deck(), CLASSIC_GAME),
        (master_deck(blanks=True), MASTER_GAME),
        (standard_deck(jokers=1), STANDARD_GAME),
    ):
        assert (card in deck) == game.has(card)
        assert (game.refusal(card) is None) == game.has(card)


def test_a_hand_built_meld_with_a_foreign_card_is_invalid() -> None:
    good = check_meld("R7 B7 G7", SetOf(3)).melds[0]
    p7 = Card.parse("P7")
    foreign = attrs.evolve(good, cards=(good.cards[0], good.cards[1], p7))
    assert "P7 is not a card of the classic game" == foreign.problem()
    with pytest.raises(InvalidMeldError, match="P7 is not a card of the classic game"):
        foreign.validate()


def test_a_foreign_card_is_never_hit() -> None:  # rule C-14
    meld = check_meld("R7 B7 G7", SetOf(3)).melds[0]
    p7 = Card.parse("P7")
    assert () == meld.hit_options(p7)
    assert not meld.can_add(p7)
    with pytest.raises(InvalidMeldError, match="P7 is not a card of the classic game") as info:
        meld.add(p7)
    assert MeldProblem.NOT_IN_DECK == info.value.problem


@pytest.mark.parametrize("search", [find_laydown, explain, lambda h, p: list(iter_laydowns(h, p))])
def test_the_laydown_search_refuses_a_foreign_card(search: object) -> None:
    assert callable(search)
    with pytest.raises(NotationError) as info:
        search("R7 B7 P7 R1 B1 G1", CLASSIC_PHASES[0])
    assert "bad card 'P7' at position 6 in 'R7 B7 P7 R1 B1 G1': " in str(info.value)
    assert str(info.value).endswith("P7 is not a card of the classic game")
    assert ("P7", 6) == (info.value.token, info.value.position)
    with pytest.raises(InvalidCardError, match="QH is not a card of the classic game"):
        search(parse_cards("R7 B7 QH R1 B1 G1"), CLASSIC_PHASES[0])


def test_the_laydown_search_refuses_classic_cards_in_master() -> None:
    with pytest.raises(InvalidCardError, match="B4 is not a card of Phase 10 Master"):
        find_laydown(parse_cards("R1 R1 Y2 Y2 G3 G3 B4 P4"), MASTER.phases[0], rules=MASTER_RULES)


def test_from_json_refuses_a_classic_meld_holding_p7() -> None:
    meld = check_meld("R7 B7 G7", SetOf(3)).melds[0]
    doc = json.loads(to_json(meld))
    assert from_json(json.dumps(doc), Meld) == meld
    doc["meld"]["cards"][1] = "P7"
    with pytest.raises(FormatError) as info:
        from_json(json.dumps(doc), Meld)
    assert "$.meld.cards[1]" == info.value.path
    assert "$.meld.cards[1]: P7 is not a card of the classic game" == str(info.value)
    # the same meld is fine where the rules' game has purple cards
    master_doc = json.loads(to_json(check_meld("R7 Y7 G7", SetOf(3), rules=MASTER_RULES).melds[0]))
    master_doc["meld"]["cards"][2] = "P7"
    assert from_json(json.dumps(master_doc), Meld, rules=MASTER_RULES) is not None


def test_from_json_refuses_a_laydown_holding_qh() -> None:
    laydown = find_laydown("R7 B7 G7 R1 B1 G1", CLASSIC_PHASES[0])
    assert isinstance(laydown, PhaseMelds)
    text = to_json(laydown).replace('"R7"', '"QH"')
    with pytest.raises(FormatError, match="QH is not a card of the classic game"):
        from_json(text, PhaseMelds)


def test_parse_with_a_game() -> None:
    assert parse_cards("R7 W S", game=CLASSIC_GAME) == parse_cards("R7 W S")
    assert (Card.parse("QH"),) == parse_cards("QH", game=STANDARD_GAME)
    for text, game, refusal in (
        ("P7", CLASSIC_GAME, "P7 is not a card of the classic game"),
        ("QH", CLASSIC_GAME, "QH is not a card of the classic game"),
        ("W1-6:RY", CLASSIC_GAME, "W1-6:RY is not a card of the classic game"),
        ("B7", MASTER_GAME, "B7 is not a card of Phase 10 Master"),
        ("TT", CLASSIC_GAME, "TT is not a card of the classic game"),
        ("R7", STANDARD_GAME, "R7 is not a card of the 52-card game"),
    ):
        with pytest.raises(NotationError) as info:
            parse_card(text, game=game)
        assert f"bad card {text!r} at position 0 in {text!r}: {refusal}" == str(info.value)
        parse_card(text)  # the card exists in some game


def test_the_syntax_help_of_a_game_lists_its_cards_only() -> None:
    with pytest.raises(NotationError) as info:
        parse_cards("R7 X9", game=CLASSIC_GAME)
    expected = (
        "bad card 'X9' at position 3 in 'R7 X9': expected a colour letter R, B, G or Y and a "
        "number 1-12 (R7), W for a wild or S for a skip"
    )
    assert expected == str(info.value)
    assert "expected a rank A, 2-10, J, Q or K and a suit C, D, H or S (AC) or W for a wild" == (
        STANDARD_GAME.syntax
    )
    assert (
        "expected a colour letter R, Y, G or P and a number 1-12 (R7), a ranged joker such as "
        "W1-6:RY, S for a skip or an action card TT, KA, GF or BL"
    ) == MASTER_GAME.syntax
    # check_meld shows the help of its rules' game
    with pytest.raises(NotationError, match="expected a colour letter R, B, G or Y and a number"):
        check_meld("R7 X9 W", SetOf(3))


def test_cli_check_refuses_a_card_of_another_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert 2 == main(["check", "R7 B7 P7 R1 B1 G1", "--phase", "1"])
    err = capsys.readouterr().err
    expected = (
        "phase10: error: bad card 'P7' at position 6 in 'R7 B7 P7 R1 B1 G1': "
        "P7 is not a card of the classic game\n"
    )
    assert expected == err
    assert 2 == main(["check", "R7 QQ", "--phase", "1"])
    err = capsys.readouterr().err
    assert "(QH, 10S, AC)" not in err and "TT" not in err and "W1-6" not in err
    assert "expected a colour letter R, B, G or Y and a number 1-12 (R7)" in err


def test_parse_action_refuses_a_card_of_another_game() -> None:
    state = draw(start(["R7 B7 G7 R1 B1 G1 R9 B10 G11 Y12", NOTHING], "R5"), "Y6")
    with pytest.raises(NotationError, match="P7 is not a card of the classic game"):
        parse_action(state, "p1 discard P7")


def test_the_engine_refuses_a_hand_built_laydown_with_a_foreign_card() -> None:
    state = draw(start(["R7 B7 G7 R1 B1 G1 R9 B10 G11 Y12", NOTHING], "R5"), "Y6")
    good = lay(state, "R7 B7 G7", "R1 B1 G1")
    meld = good.laydown.melds[1]
    foreign = attrs.evolve(meld, cards=(Card.parse("P7"), *meld.cards[1:]))
    laydown = PhaseMelds(good.laydown.phase, (good.laydown.melds[0], foreign))
    message = refuse(state, LayDown(0, laydown), Violation.PHASE_NOT_COMPLETE)
    assert "P7 is not a card of the classic game" in message


def test_the_engine_refuses_a_hit_of_a_foreign_card() -> None:  # rule C-14
    state = draw(start(["R7 B7 G7 R1 B1 G1 R9 B10 G11 Y12", NOTHING], "R5"), "Y6")
    state = apply(state, lay(state, "R7 B7 G7", "R1 B1 G1"))
    hit = Hit(0, 0, 0, Card.parse("P1"), Value(1, Color.PURPLE), End.ANY)
    assert not is_legal(state, hit)


def test_a_variant_whose_deck_its_rules_refuse_is_no_variant() -> None:
    with pytest.raises(DefinitionError, match="B1, which is not a card of Phase 10 Master"):
        attrs.evolve(CLASSIC, meld_rules=MASTER_RULES)
    with pytest.raises(DefinitionError, match="P1, which is not a card of the classic game"):
        attrs.evolve(MASTER, meld_rules=CLASSIC_MELD_RULES)


def test_a_custom_game_is_named_by_its_colours_and_numbers() -> None:
    game = CardGame.of((Color.RED, Color.BLUE), 5)
    assert "R6 is not a card of the classic game with colours R B and numbers 1-5" == (
        game.refusal(Card.parse("R6"))
    )
    with pytest.raises(InvalidCardError):
        CardGame("x", (), 5)
