"""JSON: round trips for every type, a stable format, and untrusted input never crashes."""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import phase10
from phase10 import (
    CLASSIC,
    JSON_FORMAT,
    Card,
    ColorRunOf,
    FormatError,
    GameRecord,
    GameState,
    Meld,
    Phase,
    PlayerView,
    RunOf,
    SetOf,
    SkipLimit,
    SkipTarget,
    Variant,
    apply,
    check_meld,
    find_variant,
    from_dict,
    from_json,
    legal_actions,
    new_game,
    to_dict,
    to_json,
    variant_names,
    view,
)
from phase10._json import _V1_KEYS, Context, _dec_bool, decode_int
from phase10.actions import ACTION_TYPES
from phase10.groups import CLASSIC_MELD_RULES
from tests.depth import examples
from tests.strategies import cards as any_cards
from tests.strategies import game_states, random_states

VARIANTS = variant_names()


def round_trip(obj: object) -> None:
    text = to_json(obj)
    assert from_json(text) == obj
    assert from_json(text, type(obj)) == obj
    assert from_json(to_json(obj, indent=2)) == obj
    assert from_dict(json.loads(text)) == obj
    assert to_json(from_json(text)) == text  # the encoding is canonical
    assert json.loads(text)["format"] == JSON_FORMAT


# ----------------------------------------------------------------------------- round trips


@given(any_cards())
def test_cards_round_trip(card: Card) -> None:
    round_trip(card)


@settings(deadline=None, max_examples=examples(60), suppress_health_check=[HealthCheck.too_slow])
@given(game_states(variants=VARIANTS, max_players=5, max_steps=900, tag="json"))
def test_states_views_actions_and_melds_round_trip(state: GameState) -> None:
    round_trip(state)
    for seat in range(state.num_players):
        round_trip(view(state, seat))
    rules = state.variant.meld_rules
    for action in legal_actions(state)[:60]:
        text = to_json(action)
        assert from_json(text, rules=rules) == action
        if isinstance(action, phase10.LayDown):
            assert from_json(to_json(action.laydown), rules=rules) == action.laydown
    for row in state.table:
        for meld in row:
            assert from_json(to_json(meld), Meld, rules=rules) == meld


def test_every_built_in_variant_and_phase_round_trips() -> None:
    for name in VARIANTS:
        variant = find_variant(name)
        assert to_dict(variant) == {"format": JSON_FORMAT, "variant": name}
        round_trip(variant)
        for phase in variant.phases:
            round_trip(phase)


@pytest.mark.parametrize(
    "variant",
    [
        CLASSIC.with_options(name="house", skip_target=SkipTarget.NEXT, runs_wrap=True),
        attrs.evolve(find_variant("master"), name="master-6", hand_size=9),
        Variant(
            name="colour runs",
            phases=(Phase((ColorRunOf(3), SetOf(2)), name="mine"), Phase((RunOf(5),))),
        ),
        attrs.evolve(CLASSIC, name="classic", hand_size=9),  # not the built-in classic
        CLASSIC.with_options(name="pending", skip_limit=SkipLimit.PENDING),
    ],
)
def test_custom_variants_round_trip_in_full(variant: Variant) -> None:
    doc = to_dict(variant)
    assert isinstance(doc["variant"], dict)
    round_trip(variant)
    state = next(
        s for i, s in enumerate(random_states("classic", 2, "custom")) if i == 0
    )  # a state of a custom variant, too
    custom = new_game(variant, 2)
    round_trip(custom)
    assert state.variant == CLASSIC


def test_records_round_trip() -> None:
    for name in ("classic", "master", "ten-phases", "classic-pick"):
        rng = random.Random(name)
        state = new_game(find_variant(name), 2)
        actions: list[phase10.Action] = []
        while not state.is_over and len(actions) < 400:
            if state.is_chance:
                action: phase10.Action = phase10.sample_chance(state, rng)
            else:
                legal = legal_actions(state)
                action = legal[int(rng.random() * len(legal))]
            actions.append(action)
            state = apply(state, action)
        record = GameRecord(
            variant=state.variant,
            num_players=2,
            actions=actions,
            seed=name,
            tags=(("Event", "test"),),
        )
        round_trip(record)


def test_melds_use_the_given_rules() -> None:
    wrap = phase10.MeldRules(runs_wrap=True)
    meld = check_meld("R11 R12 R1 R2", RunOf(4), rules=wrap).melds[0]
    text = to_json(meld)
    assert from_json(text, rules=wrap) == meld
    with pytest.raises(FormatError, match="not a valid run of 4"):
        from_json(text)


# ----------------------------------------------------------------------------- the format


GOLDEN_ACTIONS = {
    '{"format":"phase10/1","action":{"action":"draw","player":0}}': "p1 draw",
    '{"format":"phase10/1","action":{"action":"discard","player":1,"card":"S","target":0}}': (
        "p2 discard S>p1"
    ),
    '{"format":"phase10/1","action":{"action":"hit","player":0,"owner":1,"meld":0,'
    '"card":"W","value":"3","end":"low"}}': "p1 hit p2.1 W=3 low",
    '{"format":"phase10/1","action":{"action":"deal","card":"R7"}}': "deal R7",
    '{"format":"phase10/1","action":{"action":"reshuffle"}}': "reshuffle",
    '{"format":"phase10/1","action":{"action":"lay","player":0,"laydown":{"phase":'
    '{"groups":[{"kind":"SetOf","size":3},{"kind":"RunOf","size":4}],'
    '"name":"1 set of 3 + 1 run of 4","distinct_colors":false},'
    '"melds":[{"group":{"kind":"SetOf","size":3},'
    '"cards":["R7","B7","W=7"]},{"group":{"kind":"RunOf","size":4},'
    '"cards":["G2","G3","W=4","Y5"]}]}}}': "p1 lay R7 B7 W=7 | G2 G3 W=4 Y5",
}


@pytest.mark.parametrize(("text", "notation"), list(GOLDEN_ACTIONS.items()))
def test_golden_documents_stay_readable(text: str, notation: str) -> None:
    action = from_json(text)
    assert str(action) == notation
    assert to_json(action) == text


def test_fields_added_later_keep_old_documents_readable() -> None:
    # A field added after format phase10/1 is optional when read, which needs a default.
    classes: list[type] = [
        GameState,
        phase10.PlayerState,
        Variant,
        Phase,
        phase10.MeldRules,
        phase10.Scoring,
        phase10.PhaseMelds,
        PlayerView,
        phase10.SeatView,
        *ACTION_TYPES,
    ]
    for cls in classes:
        for field in attrs.fields(cls):
            if field.init and field.name not in _V1_KEYS[cls.__name__]:
                assert field.default is not attrs.NOTHING, f"{cls.__name__}.{field.name}"


def test_skip_guards_and_skip_limit_are_written_and_optional_when_read() -> None:
    # rule C-20: the guard is part of the state and of every view; older documents lack it
    state = new_game(CLASSIC, 3)
    rng = random.Random("guard")
    while not any(p.skip_guard for p in state.players):
        if state.is_chance:
            state = apply(state, phase10.sample_chance(state, rng))
        else:
            legal = legal_actions(state)
            skips = [a for a in legal if isinstance(a, phase10.Discard) and a.target is not None]
            state = apply(state, (skips or legal)[int(rng.random() * len(skips or legal))])
    round_trip(state)
    round_trip(view(state, 0))
    doc = to_dict(state)
    guarded = [p["skip_guard"] for p in doc["state"]["players"]]
    assert guarded == [p.skip_guard for p in state.players]
    for player in doc["state"]["players"]:
        del player["skip_guard"]
    assert [0, 0, 0] == [p.skip_guard for p in from_dict(doc, GameState).players]
    house = to_dict(CLASSIC.with_options(name="house", skip_limit=SkipLimit.PENDING))
    assert "pending" == house["variant"].pop("skip_limit")
    assert SkipLimit.ROUND is from_dict(house, Variant).skip_limit


def test_a_new_game_document() -> None:
    state = new_game(CLASSIC, 2)
    doc = to_dict(state)["state"]
    assert doc["variant"] == "classic"
    assert doc["step"] == "deal"
    assert doc["draw_pile"][:3] == ["R1", "R1", "B1"]
    assert doc["players"][0] == {
        "hand": [],
        "phase": 0,
        "laid_down": False,
        "score": 0,
        "skipped": False,
        "completed": [],
        "take_two": False,
        "keep_all": False,
        "kept": False,
        "skip_guard": 0,
        "known": [],
    }
    assert from_dict(to_dict(state)) == state


# ----------------------------------------------------------------------------- errors


def mid_game_doc() -> dict[str, Any]:
    state = next(
        s
        for s in random_states("classic", 3, "errors")
        if s.step.name == "PLAY" and sum(len(r) for r in s.table) >= 2
    )
    return to_dict(state)


def value_at(doc: Any, path: str) -> Any:
    """The value a JSONPath such as ``$.state.players[2].hand[3]`` names."""
    for name, index in re.findall(r"\.(\w+)|\[(\d+)\]", path.removeprefix("$")):
        doc = doc[name] if name else doc[int(index)]
    return doc


def set_path(doc: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        doc = doc[key]
    doc[path[-1]] = value


@pytest.mark.parametrize(
    ("path", "value", "where", "fragment"),
    [
        (("state", "players", 2, "hand", 3), "X9", "$.state.players[2].hand[3]", "not a card"),
        (("state", "players", 2, "hand", 3), 7, "$.state.players[2].hand[3]", "expected a card"),
        (("state", "players", 0, "phase"), 11, "$.state.players[0].phase", "past the last"),
        (("state", "players", 0, "score"), -5, "$.state.players[0].score", "whole number"),
        (("state", "players", 0, "laid_down"), 1, "$.state.players[0].laid_down", "true or"),
        (("state", "dealer"), 3, "$.state.dealer", "does not exist"),
        (("state", "dealer"), "0", "$.state.dealer", "whole number"),
        (("state", "step"), "nap", "$.state.step", "expected one of"),
        (("state", "variant"), "chess", "$.state.variant", "unknown variant"),
        (("state", "variant"), 3, "$.state.variant", "variant name or object"),
        (("state", "players"), {}, "$.state.players", "expected an array"),
        (("state", "table"), [[], []], "$.state.table", "one row of melds per player"),
        (("state", "winners"), [0], "$.state.winners", "once the game is over"),
        (("state", "tiebreak"), [2, 1], "$.state.tiebreak", "increasing"),
        (("state", "format"), 1, "$.state.format", "unknown key"),
        (("format",), "phase10/2", "$.format", '"phase10/1"'),
    ],
)
def test_bad_fields_are_named_by_path(
    path: tuple[Any, ...], value: Any, where: str, fragment: str
) -> None:
    doc = mid_game_doc()
    set_path(doc, path, value)
    with pytest.raises(FormatError) as error:
        from_dict(doc)
    assert error.value.path == where
    assert fragment in str(error.value)
    assert str(error.value).startswith(where)


@pytest.mark.parametrize("value", [True, False, 0, 1, -1, 10**9, 10**9 + 1, 1.0, None, "1", []])
@pytest.mark.parametrize(("field", "decode"), [("score", decode_int), ("skipped", _dec_bool)])
def test_plain_fields_are_read_as_their_decoder_reads_them(
    value: Any, field: str, decode: Any
) -> None:
    # the object codec takes a bool or a whole number in range as it is, without the call
    doc = mid_game_doc()
    doc["state"]["players"][0][field] = value
    where = f"$.state.players[0].{field}"
    try:
        expected = decode(value, where, Context(CLASSIC_MELD_RULES))
    except FormatError as exc:
        with pytest.raises(FormatError) as error:
            from_dict(doc)
        assert (exc.path, str(exc)) == (error.value.path, str(error.value))
    else:
        state = from_dict(doc)
        assert isinstance(state, GameState)
        actual = getattr(state.players[0], field)
        assert (type(expected), expected) == (type(actual), actual)


def test_missing_keys_are_named() -> None:
    doc = mid_game_doc()
    del doc["state"]["players"][1]["score"]
    with pytest.raises(FormatError, match="missing key") as error:
        from_dict(doc)
    assert error.value.path == "$.state.players[1].score"
    with pytest.raises(FormatError) as error:
        from_dict({"state": {}})
    assert error.value.path == "$.format"


def test_cards_lost_or_duplicated() -> None:
    doc = mid_game_doc()
    pile = doc["state"]["draw_pile"]
    doc["state"]["draw_pile"] = [*pile, pile[-1]]  # 109 cards
    with pytest.raises(FormatError, match="one card too many") as error:
        from_dict(doc)
    assert value_at(doc, error.value.path) == pile[-1]  # one of the copies of that card

    doc = mid_game_doc()
    hands = [p["hand"] for p in doc["state"]["players"]]
    moved = hands[0][0]
    hands[1][:] = phase10.format_cards(
        phase10.sort_cards(phase10.parse_cards(" ".join([moved, *hands[1][1:]])))
    ).split()  # a card in two hands; another lost
    with pytest.raises(FormatError) as error:
        from_dict(doc)
    assert value_at(doc, error.value.path) == moved

    doc = mid_game_doc()
    doc["state"]["draw_pile"] = doc["state"]["draw_pile"][1:]  # 107 cards
    with pytest.raises(FormatError, match="missing") as error:
        from_dict(doc)
    assert error.value.path == "$.state"


def test_hands_must_be_in_canonical_order() -> None:
    doc = mid_game_doc()
    doc["state"]["players"][0]["hand"].reverse()
    with pytest.raises(FormatError, match="canonical order") as error:
        from_dict(doc)
    assert error.value.path == "$.state.players[0].hand"


def test_invalid_melds_are_named() -> None:
    doc = mid_game_doc()
    rows = doc["state"]["table"]
    i, j = next((i, j) for i, row in enumerate(rows) for j, _ in enumerate(row))
    meld = rows[i][j]
    meld["cards"][0], meld["cards"][-1] = meld["cards"][-1], meld["cards"][0]
    with pytest.raises(FormatError) as error:
        from_dict(doc)
    assert error.value.path.startswith(f"$.state.table[{i}][{j}]")
    meld["group"] = {"kind": "FlushOf", "size": 3}
    with pytest.raises(FormatError) as error:
        from_dict(doc)
    assert error.value.path == f"$.state.table[{i}][{j}].group.kind"
    bad = (
        '{"format":"phase10/1","meld":{"group":{"kind":"SetOf","size":3},'
        '"cards":["R7","B8","W=7"]}}'
    )
    with pytest.raises(FormatError, match="not a valid set of 3") as error:
        from_json(bad)
    assert error.value.path == "$.meld"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{",
        "[" * 100_000 + "]" * 100_000,
        '{"format": "phase10/1", "card": ' + "[" * 50_000 + "]" * 50_000 + "}",
        "1" * 5000,
        '{"format": "phase10/1", "card": NaN}',
        '{"format": "phase10/1"}',
        '{"format": "phase10/1", "card": "R7", "state": {}}',
        '{"format": "phase10/1", "cards": "R7"}',
        "[]",
        "null",
        '"\\ud800"',
        b"\xff\xfe",
    ],
)
def test_malformed_json_is_a_format_error(text: str | bytes) -> None:
    with pytest.raises(FormatError):
        from_json(text)


def test_wrong_type_requested() -> None:
    text = to_json(Card.parse("R7"))
    with pytest.raises(FormatError, match="expected a state document") as error:
        from_json(text, GameState)
    assert error.value.path == "$.card"
    with pytest.raises(FormatError):
        from_json(to_json(phase10.Draw(0)), phase10.Discard)
    with pytest.raises(TypeError):
        from_json(text, int)
    with pytest.raises(TypeError):
        to_json(3)
    with pytest.raises(FormatError):
        from_json(3)  # type: ignore[call-overload]


def test_views_must_be_consistent() -> None:
    state = next(s for s in random_states("classic", 3, "view") if s.step.name == "PLAY")
    doc = to_dict(view(state, 1))
    doc["view"]["players"][1]["hand_size"] += 1
    with pytest.raises(FormatError) as error:
        from_dict(doc)
    assert error.value.path == "$.view.players[1].hand_size"
    doc = to_dict(view(state, 1))
    doc["view"]["draw_count"] += 1
    with pytest.raises(FormatError, match="hides"):
        from_dict(doc)
    doc = to_dict(view(state, 1))
    doc["view"]["current_player"] = (state.turn + 1) % 3
    with pytest.raises(FormatError) as error:
        from_dict(doc)
    assert error.value.path == "$.view.current_player"
    assert isinstance(from_dict(to_dict(view(state, 1))), PlayerView)


def test_records_must_replay() -> None:
    record = GameRecord(variant=CLASSIC, num_players=2)
    doc = to_dict(record)
    doc["record"]["actions"] = ["deal R1", "p1 draw"]
    with pytest.raises(FormatError, match="chance must act") as error:
        from_dict(doc)
    assert error.value.path == "$.record.actions[1]"
    doc["record"]["num_players"] = 9
    with pytest.raises(FormatError):
        from_dict(doc)


def test_user_defined_group_types_cannot_be_written() -> None:
    @attrs.frozen
    class PairOf:
        size: int

        def shapes(self, rules: phase10.MeldRules) -> tuple[phase10.Shape, ...]:
            return SetOf(self.size).shapes(rules)

    with pytest.raises(FormatError, match="cannot write group type"):
        to_json(Phase((PairOf(2),)))


# ----------------------------------------------------------------------------- fuzzing

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=True)
    | st.text(max_size=12)
    | st.sampled_from(["R7", "W", "S", "W=7", "classic", "draw", "SetOf", "phase10/1", "play"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner),
    max_leaves=25,
)
KINDS = ["card", "meld", "laydown", "phase", "action", "variant", "state", "view", "record"]


@settings(deadline=None, max_examples=examples(400))
@given(st.sampled_from(KINDS), json_values)
def test_random_json_never_crashes(kind: str, value: Any) -> None:
    for doc in (value, {"format": JSON_FORMAT, kind: value}):
        try:
            result = from_dict(doc)
        except FormatError:
            continue
        assert to_dict(result) is not None


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from paths(item, (*prefix, i))


def documents() -> list[dict[str, Any]]:
    docs: list[dict[str, Any]] = []
    for name in ("classic", "master", "ten-phases"):
        for i, state in enumerate(random_states(name, 3, f"mutate:{name}")):
            if i % 300 == 150:
                docs.append(to_dict(state))
                docs.append(to_dict(view(state, i % 3)))
                docs.extend(to_dict(a) for a in legal_actions(state)[:3])
    docs.append(to_dict(CLASSIC.with_options(name="house")))
    docs.append(to_dict(GameRecord(variant=CLASSIC, num_players=2)))
    return docs


DOCUMENTS = documents()


@st.composite
def mutated(draw: st.DrawFn) -> dict[str, Any]:
    doc: dict[str, Any] = copy.deepcopy(draw(st.sampled_from(DOCUMENTS)))
    for _ in range(draw(st.integers(1, 3))):
        all_paths = [p for p in paths(doc) if p]
        path = draw(st.sampled_from(all_paths))
        parent: Any = doc
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        how = draw(st.sampled_from(["delete", "replace", "swap", "duplicate", "card"]))
        if how == "delete":
            del parent[key]
        elif how == "replace":
            parent[key] = draw(json_values)
        elif how == "swap":
            other = draw(st.sampled_from(all_paths))
            target: Any = doc
            try:
                for k in other[:-1]:
                    target = target[k]
                parent[key], target[other[-1]] = target[other[-1]], parent[key]
            except (KeyError, IndexError, TypeError):
                pass
        elif how == "duplicate" and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
        else:
            parent[key] = draw(st.sampled_from(["R7", "W", "S", "G12", "W=5", "TT", "QH", "W1-6"]))
        if not doc:
            break
    return doc


@settings(deadline=None, max_examples=examples(500), suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_documents_fail_cleanly_or_decode_to_something_sound(doc: dict[str, Any]) -> None:
    try:
        result = from_dict(doc)
    except FormatError as error:
        assert error.path.startswith("$")
        return
    # from_dict: a mutated document may grow past the default max_text_length of from_json
    assert from_dict(to_dict(result)) == result
    if isinstance(result, GameState):
        result.validate()
        legal = legal_actions(result)
        assert legal or result.is_over
        for action in legal[:5]:
            apply(result, action)
