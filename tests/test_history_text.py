"""The public history's text parses back: parse_event / parse_history invert str()."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import phase10
from phase10 import (
    CLASSIC,
    Action,
    Announce,
    Card,
    Discard,
    Draw,
    DrawTwo,
    End,
    Event,
    GameState,
    History,
    Hit,
    KeepHand,
    LayDown,
    LimitError,
    NotationError,
    Offer,
    Reshuffle,
    TakeDiscard,
    TakeOffer,
    TurnUp,
    Unseen,
    Variant,
    _history_text,
    apply,
    find_variant,
    legal_actions,
    new_game,
    parse_event,
    parse_history,
    variant_names,
    view,
)
from phase10.groups import check_meld
from phase10.phases import CLASSIC_PHASES, PhaseMelds
from tests.depth import examples
from tests.work import calls_made

from .helpers import card, discard, draw, eager_action, play, start
from .test_engine import TINY


def _choose(state: GameState, rng: random.Random) -> Action:
    return eager_action(state, rng, targets=True)


def _kind(event: Event) -> str:
    return type(event.action).__name__ + (" with card" if event.card is not None else "")


def _detail(action: Action) -> str:
    """The field values of an action whose text must carry them (to assert coverage)."""
    if isinstance(action, Hit):
        wild = "wild" if action.card.is_wild else "natural"
        return f"Hit {action.end.value} {wild}"
    if isinstance(action, Discard):
        return f"Discard {'with' if action.target is not None else 'without'} target"
    if isinstance(action, Announce | KeepHand):
        return f"{type(action).__name__} {action.keep}"
    return type(action).__name__


def _play_and_parse(variant: Variant, seed: int, steps: int) -> tuple[Counter[str], set[str]]:
    """Play a seeded game; at every step read back the history of the state and of each view.

    Also reads back, as an event, the applied action and one legal action of each kind:
    together they cover the actions that rarely reach a history (Keep all's decision, M-13).
    """
    rng = random.Random(f"{variant.name}:{seed}")
    players = variant.min_players + seed % (variant.max_players - variant.min_players + 1)
    state = new_game(variant, players, dealer=int(rng.random() * players))
    seen: Counter[str] = Counter()
    details: set[str] = set()
    for _ in range(steps):
        if state.is_over:
            break
        action = _choose(state, rng)
        candidates: dict[str, Action] = {_detail(action): action}
        if not state.is_chance:
            for a in legal_actions(state):
                candidates.setdefault(_detail(a), a)
        for key, a in candidates.items():
            assert Event(action=a) == parse_event(str(Event(action=a)), variant), str(a)
            details.add(key)
        state = apply(state, action)
        history = state.history
        assert history == parse_history(str(history), variant)
        for seat in range(players):
            seen_by = view(state, seat).history
            assert seen_by == parse_history(str(seen_by), variant)
        if len(history):
            seen[_kind(history[-1])] += 1
    return seen, details


_COMMON = {"Draw", "Discard", "TakeDiscard with card", "TurnUp"}
_EXPECTED = {
    name: _COMMON
    | (
        {"Announce"}
        if find_variant(name).laydown_style is phase10.LaydownStyle.ANNOUNCE
        else {"LayDown", "Hit"}
    )
    | ({"DrawTwo", "Offer", "TakeOffer"} if name == "master" else set())
    for name in variant_names()
}


@pytest.mark.parametrize("name", variant_names())
def test_every_history_of_a_game_parses_back(name: str) -> None:
    variant = find_variant(name)
    seen: Counter[str] = Counter()
    for seed in range(3):
        seen += _play_and_parse(variant, seed, 400)[0]
    assert _EXPECTED[name] <= set(seen), (
        f"{name}: the games never logged {_EXPECTED[name] - set(seen)}"
    )


def test_every_kind_of_action_reads_back_as_an_event() -> None:
    details: set[str] = set()
    for name in ("master", "ten-phases", "classic-pick"):
        for seed in range(2):
            details |= _play_and_parse(find_variant(name), seed, 500)[1]
    wanted = {
        "Deal",
        "Reveal",
        "TurnUp",
        "Draw",
        "TakeDiscard",
        "DrawTwo",
        "Keep",
        "Offer",
        "TakeOffer",
        "LayDown",
        "Announce True",
        "Announce False",
        "Hit any natural",
        "Hit any wild",
        "Hit low natural",
        "Hit high natural",
        "Hit low wild",
        "Hit high wild",
        "Discard with target",
        "Discard without target",
        "KeepHand True",
        "KeepHand False",
    }
    assert wanted <= details, f"never read back: {wanted - details}"


def test_a_reshuffle_reads_back_in_a_history() -> None:
    # rule C-16: the reshuffle is a public event
    hands = ["R1 R1 B1 B1 G1 G1 Y1 Y1 R2 R2", "B2 B2 G2 G2 Y2 Y2 R3 R3 B3 B3"]
    state = draw(start(hands, "G3", variant=TINY), "G3")
    state = play(state, discard(state, "Y1"), Reshuffle())
    lines = str(state.history).split("\n")
    assert ["deal ? > p1", "deal ? > p2"] * 10 == lines[:20]  # who got a card, never which
    assert ["turnup G3", "p1 draw", "reveal ? > p1", "p1 discard Y1", "reshuffle"] == lines[20:]
    assert state.history == parse_history(str(state.history), TINY)


def test_a_history_of_every_event_kind_parses_back() -> None:
    # Keep all's decision (M-13) reaches a history only when two seats hold Keep all
    master = find_variant("master")
    laydown = PhaseMelds(
        master.phases[0],
        tuple(
            check_meld(text, group, rules=master.meld_rules).melds[0]
            for text, group in zip(
                ["R1 Y1", "G2 R2", "P3 P3", "R4 Y4"], master.phases[0].groups, strict=True
            )
        ),
    )
    events = [
        Event(action=TurnUp(card("G4"))),
        Event(action=Draw(0)),
        Event(action=TakeDiscard(1), card=card("G4")),
        Event(action=DrawTwo(2)),
        Event(action=LayDown(0, laydown)),
        Event(action=Hit(1, 0, 0, card("W1-6:RY"), phase10.Value(1, None), End.ANY)),
        Event(action=Discard(0, card("S"), 2)),
        Event(action=Offer(1, card("R5"))),
        Event(action=TakeOffer(0, 1, card("R5"))),
        Event(action=KeepHand(0, True)),
        Event(action=KeepHand(1, False)),
        Event(action=Reshuffle()),
    ]
    history = History.of(events)
    assert history == parse_history(str(history), master)


def test_a_laydown_event_names_its_phase_since_the_cards_may_make_two() -> None:
    # a run of 7 in one colour completes phase 4 (C-6 run) and phase 8 (7 cards of one colour)
    cards = "R1 R2 R3 R4 R5 R6 R7"
    run = PhaseMelds(CLASSIC_PHASES[3], (check_meld(cards, CLASSIC_PHASES[3].groups[0]).melds[0],))
    colour = PhaseMelds(
        CLASSIC_PHASES[7], (check_meld(cards, CLASSIC_PHASES[7].groups[0]).melds[0],)
    )
    assert str(LayDown(0, run)) == str(LayDown(0, colour)) == f"p1 lay {cards}"
    assert f"p1 lay {cards} (1 run of 7)" == str(Event(action=LayDown(0, run)))
    assert f"p1 lay {cards} (7 cards of one colour)" == str(Event(action=LayDown(0, colour)))
    assert Event(action=LayDown(0, run)) == parse_event(f"p1 lay {cards} (1 run of 7)", CLASSIC)
    assert Event(action=LayDown(0, colour)) == parse_event(
        f"P1 LAY {cards}  (7 Cards of one colour)", CLASSIC
    )
    assert Event(action=LayDown(0, colour)) == parse_event(f"p1 lay phase8 {cards}", CLASSIC)
    with pytest.raises(NotationError) as info:
        parse_event(f"p1 lay {cards}", CLASSIC)
    assert (
        f"bad event 'p1 lay {cards}': the melds {cards} make 2 laydowns: end the event with "
        "the phase in parentheses, one of (1 run of 7); (7 cards of one colour)"
    ) == str(info.value)
    # when the melds make one phase only, the phase may be left out
    sets = parse_event("p1 lay R7 B7 W=7 | G2 G3 G4 Y5", CLASSIC)
    assert "p1 lay R7 B7 W=7 | G2 G3 G4 Y5 (1 set of 3 + 1 run of 4)" == str(sets)


def test_an_all_wild_red_or_black_group_reads_back_as_the_rules_build_it() -> None:
    # rule T-3: wilds alone may be a red-or-black group (no natural minimum in "10 Phases");
    # its red and black shapes read the cards alike, and the rules build the first one
    variant = find_variant("ten-phases-rummy")
    phase = variant.phases[6]
    meld = check_meld("W W W W W W W W", phase.groups[0], rules=variant.meld_rules).melds[0]
    event = Event(action=LayDown(2, PhaseMelds(phase, (meld,))))
    assert "p3 lay W W W W W W W W (8 cards of one colour (red or black))" == str(event)
    assert event == parse_event(str(event), variant)


@pytest.mark.parametrize(
    ("text", "message", "token", "position"),
    [
        (
            "",
            "bad event '': empty event: expected e.g. 'p1 draw', 'p2 take R7' or 'turnup G4'",
            "",
            0,
        ),
        (
            "draw",
            "bad event 'draw': an event names its seat first, e.g. 'p1 draw' (at position 0)",
            "draw",
            0,
        ),
        (
            "p1 take X9",
            # the card's reason said once, not the card error nested in the event's
            "bad event 'p1 take X9': 'X9' is not a card: expected a colour letter R, B, G or Y "
            "and a number 1-12 (R7), W for a wild or S for a skip (at position 8)",
            "X9",
            8,
        ),
        (
            "p7 draw",
            "bad event 'p7 draw': p7 is not a seat of the variant 'classic', which seats at "
            "most 6 players (at position 0)",
            "p7",
            0,
        ),
        (
            "p1 hit R7",
            "bad event 'p1 hit R7': a hit names the meld it goes on, e.g. 'p1 hit p2.1 R7' "
            "(at position 7)",
            "R7",
            7,
        ),
        (
            "p1 hit p2.1 W=P7",
            "bad event 'p1 hit p2.1 W=P7': the value 'P7': 'P' is not a colour of the game "
            "(R, B, G, Y)",
            "",
            0,
        ),
        (
            "p1 lay R1 R2 R3 (nonsense)",
            "bad event 'p1 lay R1 R2 R3 (nonsense)': '(nonsense)' is not a phase of the "
            "variant 'classic': expected one of (2 sets of 3); (1 set of 3 + 1 run of 4); "
            "(1 set of 4 + 1 run of 4); (1 run of 7); (1 run of 8); (1 run of 9); "
            "(2 sets of 4); (7 cards of one colour); (1 set of 5 + 1 set of 2); "
            "(1 set of 5 + 1 set of 3) (at position 16)",
            "(nonsense)",
            16,
        ),
        (
            "p1 lay R1 R2 R3 (2 sets of 3)",
            "bad event 'p1 lay R1 R2 R3 (2 sets of 3)': the melds R1 R2 R3 do not make the "
            "phase 2 sets of 3 as written",
            "",
            0,
        ),
        (
            "p1 lay phase11 R1 R2 R3",
            "bad event 'p1 lay phase11 R1 R2 R3': phase11 is not a phase of the variant "
            "'classic' (phase1 to phase10) (at position 7)",
            "phase11",
            7,
        ),
        (
            "p1 lay phase8 R1 R2 R3 R4 R5 R6 R7 (1 run of 7)",
            "bad event 'p1 lay phase8 R1 R2 R3 R4 R5 R6 R7 (1 run of 7)': phase8 is 7 cards "
            "of one colour, not the phase in parentheses",
            "",
            0,
        ),
        (
            "p1 draw (1 run of 7)",
            "bad event 'p1 draw (1 run of 7)': only a laydown or an announcement names its "
            "phase in parentheses",
            "",
            0,
        ),
        (
            "p1 turnup R7",
            "bad event 'p1 turnup R7': chance actions (turnup) take no seat (at position 0)",
            "p1",
            0,
        ),
        (
            "p1 draw\np2 draw",
            "bad event 'p1 draw\\np2 draw': one event is one line (parse_history reads several)",
            "\n",
            7,
        ),
    ],
)
def test_bad_events_are_refused_with_what_was_expected(
    text: str, message: str, token: str, position: int
) -> None:
    with pytest.raises(NotationError) as info:
        parse_event(text, CLASSIC)
    assert (message, "notation", token, position) == (
        str(info.value),
        info.value.code,
        info.value.token,
        info.value.position,
    )


def test_a_bad_line_of_a_history_is_named_by_number() -> None:
    text = "turnup G4\np1 draw\n\np1 discard R3\np2 tkae"
    with pytest.raises(NotationError) as info:
        parse_history(text, CLASSIC)
    error = info.value
    assert (
        "line 5: bad event 'p2 tkae': unknown verb 'tkae'; expected one of announce, choose, "
        "deal, discard, draw, draw2, hit, keep, keephand, lay, offer, releasehand, reshuffle, "
        "reveal, take, turnup (at position 3)"
    ) == str(error)
    assert ("notation", 5, "tkae", text.index("tkae"), text) == (
        error.code,
        error.line,
        error.token,
        error.position,
        error.text,
    )
    assert {"code": "notation", "line": 5} == {k: error.to_dict()[k] for k in ("code", "line")}


def test_blank_lines_are_skipped_and_the_empty_text_is_the_empty_history() -> None:
    assert History() == parse_history("", CLASSIC) == parse_history("\n \n", CLASSIC)
    assert "" == str(History())
    two = parse_history("p1 draw\n\np1 discard R3\n", CLASSIC)
    assert History.of([Event(action=Draw(0)), Event(action=Discard(0, card("R3")))]) == two


def test_only_text_is_read() -> None:
    with pytest.raises(NotationError, match="expected a history as a str, got bytes"):
        parse_history(b"p1 draw", CLASSIC)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="expected an event as a str, got int"):
        parse_event(7, CLASSIC)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="parse_history\\(\\) needs a Variant"):
        parse_history("p1 draw", "classic")  # type: ignore[arg-type]


def test_hostile_text_is_refused_fast() -> None:
    def hostile() -> None:
        with pytest.raises(LimitError) as info:
            parse_history("p1 draw\n" * 1_300_000, CLASSIC)  # 10.4 MB
        assert "text: 10400000 is above the limit max_text_length=1000000" in str(info.value)
        with pytest.raises(LimitError):
            parse_event("R1 " * 4_000_000, CLASSIC)
        with pytest.raises(
            NotationError,
            match=r"more words than an event of the variant 'classic' can hold \(at most 118\)",
        ):
            parse_history("p1 lay " + "R1 " * 330_000, CLASSIC)  # under the limit, but no event
        with pytest.raises(NotationError, match=r"is not a phase of the variant"):
            parse_event("p1 lay R1" + " (" * 400_000 + ")", CLASSIC)

    # refused before the words are read one by one: work counted, not timed (1,741 calls)
    made = calls_made(hostile)
    assert made < 20_000
    small = phase10.DEFAULT_LIMITS.raised(max_text_length=10)
    with phase10.use_limits(small), pytest.raises(LimitError):
        parse_history("turnup G4\np1 draw", CLASSIC)


def test_a_long_hand_reads_back_cold_and_again() -> None:
    # the time it takes is measured by bench/bench_json.py ("history text")
    rng = random.Random("speed")
    state = new_game(CLASSIC, 4, dealer=0)
    while len(state.history) < 100 or not any(isinstance(e.action, LayDown) for e in state.history):
        state = apply(state, _choose(state, rng))
        assert not state.is_over
    text = str(state.history)
    fresh = attrs.evolve(CLASSIC, name="classic-read-once")  # equal to no variant read before
    assert state.history == parse_history(text, fresh)
    assert state.history == parse_history(text, fresh)
    assert isinstance(parse_event("turnup G4", CLASSIC).action, TurnUp)
    assert Card.parse("G4") == parse_event("p2 take G4", CLASSIC).card


def test_equal_variants_with_other_phase_names_read_their_own_names() -> None:
    renamed = attrs.evolve(
        CLASSIC,
        phases=tuple(attrs.evolve(p, name=f"phase {i + 1}") for i, p in enumerate(CLASSIC.phases)),
    )
    assert renamed == CLASSIC
    line = "p1 lay R3 B3 G3 | R7 B7 G7"
    names = []
    for variant in (CLASSIC, renamed):
        action = parse_event(line, variant).action
        assert isinstance(action, LayDown)
        names.append(action.laydown.phase.name)
    assert ["2 sets of 3", "phase 1"] == names


_WORDS = [
    "p1", "p2", "p7", "p0", "draw", "take", "lay", "hit", "discard", "announce", "keep",
    "redraw", "offer", "choose", "keephand", "draw2", "turnup", "reshuffle", "R7", "B7",
    "W", "W=7", "W=R", "W=X", "S", "S>p2", ">", "|", "p2.1", "p9.9", "low", "high",
    "phase1", "phase99", "(2 sets of 3)", "(1 run of 7)", "(", ")", "R1", "R2", "R3",
    "R4", "R5", "R6", "G7", "Y7", "\n", "  ",
]  # fmt: skip


@settings(max_examples=examples(300), deadline=None)
@given(
    st.lists(st.sampled_from(_WORDS), max_size=14).map(" ".join) | st.text(max_size=40),
    st.sampled_from(["classic", "master", "ten-phases"]),
)
def test_any_text_is_a_history_or_a_notation_error(text: str, name: str) -> None:
    # no KeyError, ValueError or IndexError reaches the caller, whatever the text
    variant = find_variant(name)
    try:
        history = parse_history(text, variant)
    except NotationError as exc:
        assert exc.line is not None and exc.code == "notation"
        assert 0 <= exc.position <= len(text)
    else:
        assert history == parse_history(str(history), variant)


# --- phases that differ only in name (issue 23 item 1) ---------------------------------------

#: Classic with its phases renamed: equal to CLASSIC (names are for display only), but a
#: laydown of it names other phases.
RENAMED = attrs.evolve(
    CLASSIC,
    phases=tuple(attrs.evolve(p, name=f"Stage {i + 1}") for i, p in enumerate(CLASSIC.phases)),
)


def test_the_event_cache_keeps_phases_that_differ_only_in_name_apart() -> None:
    line = "p1 lay R3 B3 W=3 | B7 G7 G7"
    assert CLASSIC == RENAMED
    for _ in range(2):  # the second round reads from the cache
        for variant, name in ((CLASSIC, "2 sets of 3"), (RENAMED, "Stage 1")):
            event = parse_event(line, variant)
            assert isinstance(event.action, LayDown)
            assert name == str(event.action.laydown.phase)
            history = parse_history(f"{line} ({name})", variant)
            assert f"{line} ({name})" == str(history)


def _first_laydown(variant: Variant) -> GameState:
    state = new_game(variant, 2)
    rng = random.Random("names")
    while not any(isinstance(e.action, LayDown) for e in state.history):
        state = apply(state, _choose(state, rng))
    return state


def test_a_state_whose_phases_differ_only_in_name_round_trips_through_json() -> None:
    states = [_first_laydown(CLASSIC), _first_laydown(RENAMED)]
    for state in states * 2:  # the second round meets every cache warm
        back = phase10.from_json(phase10.to_json(state))
        assert state == back
        assert str(state.history) == str(back.history)
        assert [p.name for p in state.variant.phases] == [p.name for p in back.variant.phases]
    assert "(Stage 1)" in str(states[1].history)


@pytest.mark.parametrize(
    ("text", "event"),
    [
        ("deal ? > p2", Event(unseen=Unseen.DEAL, to=1)),
        ("reveal ? > p1", Event(unseen=Unseen.REVEAL, to=0)),
        ("p3 keep ?", Event(unseen=Unseen.KEEP, to=2)),
        ("p1 is skipped", Event(skipped=0)),
        ("hand 2 over: p2 went out; scores 35 0", Event(hand_over=2, went_out=1, scores=(35, 0))),
        ("hand 1 over: nobody went out; scores 0 0 0", Event(hand_over=1, scores=(0, 0, 0))),
        ("game over: p2 wins", Event(winners=(1,))),
        ("game over: p1 p3 win", Event(winners=(0, 2))),
        ("reveal R7 > p2", Event(action=phase10.Reveal(card("R7")), to=1)),
        ("deal W > p1", Event(action=phase10.Deal(card("W")), to=0)),
    ],
)
def test_the_events_the_rules_record_read_back(text: str, event: Event) -> None:
    # issue 20: who got an unseen card, a skipped seat, a hand's end, the game's end
    assert event == parse_event(text, CLASSIC)
    assert text == str(event)
    assert event == eval(repr(event), vars(phase10))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("deal ? > p9", "p9 is not a seat"),
        ("hand 1 over: p1 went out; scores 5", "one score per seat"),
        ("game over: p2 p1 win", "distinct seats in increasing order"),
    ],
)
def test_a_bad_recorded_event_is_refused(text: str, expected: str) -> None:
    with pytest.raises(NotationError, match=expected):
        parse_event(text, CLASSIC)


def test_seen_by_shows_a_card_only_to_the_seat_that_got_it() -> None:
    drawn = Event(unseen=Unseen.REVEAL, to=1)
    r7 = phase10.Reveal(card("R7"))
    assert Event(action=r7, to=1) == phase10.seen_by(drawn, 1, action=r7)
    assert drawn == phase10.seen_by(drawn, 0, action=r7)
    assert drawn == phase10.seen_by(drawn, 1)  # without the action, the event as recorded
    kept = Event(unseen=Unseen.KEEP, to=0)
    assert Event(action=phase10.Keep(0, card("R7"))) == phase10.seen_by(
        kept, 0, action=phase10.Keep(0, card("R7"))
    )
    with pytest.raises(phase10.InvalidStateError, match="not the action of the event"):
        phase10.seen_by(drawn, 1, action=phase10.Deal(card("R7")))


def test_a_variants_events_by_line_stay_within_their_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a plain dict behind a lock (a BoundedCache's subscript costs twice a dict's): emptied
    # when full, as a BoundedCache is, and emptied by clear_caches
    monkeypatch.setattr(_history_text, "_READ_LINES", 3)
    lines = _history_text._Lines()
    texts = ["p1 draw", "p2 draw", "p1 take R7", "p2 take R8"]
    events = [phase10.parse_event(t, phase10.CLASSIC) for t in texts]
    sizes = []
    for text, event in zip(texts, events, strict=True):
        assert event is lines.put(text, event)
        sizes.append(len(lines))
    assert [1, 2, 3, 1] == sizes
    assert {texts[3]: events[3]} == lines.events
    lines.put(texts[3], events[3])  # a line already there never empties the table
    assert 1 == len(lines)
    phase10.clear_caches()
    assert 0 == len(lines)
