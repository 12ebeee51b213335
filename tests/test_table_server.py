"""A Table a server can hold: its seed, versions, undo policies, names and event hook (issue 24)."""

from __future__ import annotations

import itertools
import json
import random
import sys
import threading
from collections.abc import Callable, Iterator

import pytest

import phase10
from phase10 import (
    CLASSIC,
    Discard,
    Draw,
    GreedyBot,
    InvalidStateError,
    PlayerAction,
    StaleMoveError,
    TakeDiscard,
    UndoRefusedError,
    legal_actions,
    parse_cards,
    to_dict,
    view,
)
from phase10.table import UNDO_POLICIES, Table, TableEvent, UndoPolicy, hand_ids


def people(*, undo: UndoPolicy = "never", seed: str = "srv") -> Table:
    return Table.new(CLASSIC, [None, None], seed=seed, undo=undo, dealer=1)


def test_the_default_seed_has_128_bits() -> None:
    seeds = {Table.new(CLASSIC, [None, GreedyBot()]).seed for _ in range(3)}
    assert 3 == len(seeds)
    assert all(32 == len(s) and int(s, 16) >= 0 for s in seeds)


def test_version_counts_the_accepted_moves() -> None:
    t = people()
    assert 0 == t.version
    one = t.submit(0, "draw", expect=0)
    assert 1 == one.version
    with pytest.raises(phase10.NotationError):
        one.submit(0, "nonsense", expect=1)
    assert (
        2
        == one.submit(
            0, next(a for a in legal_actions(one.state) if isinstance(a, Discard)), expect=1
        ).version
    )


def test_a_stale_version_is_refused_with_its_code() -> None:
    t = people()
    one = t.submit(0, "draw", expect=0)
    with pytest.raises(StaleMoveError) as info:
        one.submit(0, "discard R7", expect=0)
    assert "stale-move" == info.value.code
    expected = {"seat": 0, "expected": 0, "version": 1, "latest": 1}
    assert expected == {k: info.value.to_dict()[k] for k in expected}


def test_a_move_sent_twice_is_played_once() -> None:
    t = people()
    t.submit(0, "draw", expect=0)
    with pytest.raises(StaleMoveError) as info:
        t.submit(0, "draw", expect=0)
    assert (0, 1) == (info.value.version, info.value.latest)
    assert "moved on to version 1" in str(info.value)


def test_without_expect_a_table_is_still_a_value() -> None:
    t = people()
    first = t.submit(0, "draw")
    second = t.submit(0, "take")
    assert (Draw(0), TakeDiscard(0)) == (first.record.actions[-2], second.record.actions[-1])


def test_expect_must_be_a_whole_number() -> None:
    with pytest.raises(InvalidStateError, match="expect must be"):
        people().submit(0, "draw", expect=-1)


class Server:
    """What a server keeps: the latest table of one game, read and written without a lock."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.accepted: list[tuple[int, PlayerAction]] = []  # (version reached, move)
        self.answers: list[str] = []
        self._log = threading.Lock()  # only for the test's own bookkeeping

    def send(self, move: PlayerAction, expect: int, start: threading.Barrier) -> None:
        start.wait()
        table = self.table  # read, as a request handler does, before the move
        try:
            after = table.submit(move.player, move, expect=expect)
        except StaleMoveError:
            answer = "stale"
        except phase10.Phase10Error as error:
            answer = f"refused: {error.code}"
        else:
            self.table = after
            answer = "accepted"
            with self._log:
                self.accepted.append((after.version, move))
        with self._log:
            self.answers.append(answer)


def race(
    server: Server, rounds: int, pick: Callable[[Table], tuple[PlayerAction, PlayerAction]]
) -> None:
    """``rounds`` times, two threads send ``pick``'s two moves for the latest table at once."""
    for _ in range(rounds):
        table = server.table
        if table.is_over:
            break
        start = threading.Barrier(2)
        threads = [
            threading.Thread(target=server.send, args=(m, table.version, start))
            for m in pick(table)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()


def lost_moves(server: Server) -> list[tuple[int, PlayerAction]]:
    """The accepted moves the game's record does not hold where they were played."""
    chain = []
    table: Table | None = server.table
    while table is not None and table.previous is not None:
        chain.append((table.version, table.record.actions[len(table.previous.record.actions)]))
        table = table.previous
    return sorted(set(server.accepted) - set(chain))


def two_different(table: Table) -> tuple[PlayerAction, PlayerAction]:
    legal = [a for a in legal_actions(table.state) if isinstance(a, PlayerAction)]
    first = legal[0]
    other = next((a for a in legal[1:] if a != first), first)
    return first, other


def the_same_twice(table: Table) -> tuple[PlayerAction, PlayerAction]:
    move = random.Random(table.version).choice(legal_actions(table.state))
    assert isinstance(move, PlayerAction)
    return move, move


@pytest.fixture
def often_switching() -> Iterator[None]:
    # switch threads every few microseconds, so the two requests really interleave
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(before)


@pytest.mark.usefixtures("often_switching")
def test_conflicting_moves_sent_at_once_lose_none() -> None:
    """Issue 24: 100 pairs of different moves for one table at once: one played, one stale."""
    server = Server(people(seed="race"))
    race(server, 100, two_different)
    assert 100 == server.table.version
    assert (100, 100) == (server.answers.count("accepted"), server.answers.count("stale"))
    assert [] == lost_moves(server)


@pytest.mark.usefixtures("often_switching")
def test_double_clicks_sent_at_once_play_once() -> None:
    """Issue 24: 100 moves each sent twice at once: each played once, the other stale."""
    server = Server(people(seed="click"))
    race(server, 100, the_same_twice)
    assert 100 == server.table.version
    assert (100, 100) == (server.answers.count("accepted"), server.answers.count("stale"))
    assert [] == lost_moves(server)
    # every move of the people's is in the record once: the version counted each once
    record = server.table.record.actions
    assert 100 == sum(isinstance(a, PlayerAction) for a in record)


def test_undo_is_off_by_default() -> None:
    after = people().submit(0, "draw")
    with pytest.raises(UndoRefusedError) as info:
        after.undo()
    assert ("undo-refused", "never") == (info.value.code, info.value.to_dict()["policy"])


def test_own_turn_undo_never_takes_a_draw_back() -> None:
    t = people(undo="own-turn-no-draw")
    drawn = t.submit(0, "draw")
    with pytest.raises(UndoRefusedError, match="drawn"):
        drawn.undo()
    taken = t.submit(0, "take")
    assert t is taken.undo(seat=0)
    with pytest.raises(UndoRefusedError, match="p1's"):
        taken.undo(seat=1)


def test_own_turn_undo_ends_with_the_turn() -> None:
    taken = people(undo="own-turn-no-draw").submit(0, "take")
    move = next(a for a in legal_actions(taken.state) if isinstance(a, Discard))
    done = taken.submit(0, move)
    with pytest.raises(UndoRefusedError, match="turn is over"):
        done.undo()


def test_an_undone_table_is_stale_for_a_checked_move() -> None:
    t = people(undo="always")
    one = t.submit(0, "draw", expect=0)
    back = one.undo(expect=1)
    assert back is t
    with pytest.raises(StaleMoveError):
        one.submit(0, "discard R7", expect=1)
    assert 1 == back.submit(0, "take", expect=0).version


def test_undo_policies_are_checked() -> None:
    assert ("never", "own-turn-no-draw", "always") == UNDO_POLICIES
    with pytest.raises(InvalidStateError, match="undo must be one of"):
        Table.new(CLASSIC, [None, None], undo="sometimes")  # type: ignore[arg-type]


def test_names_are_checked_and_kept() -> None:
    t = Table.new(CLASSIC, [None, GreedyBot()], seed="n", names=["Ann", "Bot Bob"])
    assert ("Ann", "Bot Bob") == t.names == t.submit(0, "draw").names
    assert ("p1", "p2") == people().names
    for bad in (["Ann"], ["Ann", "\x1b[31m"], ["Ann", ""], ["Ann", "x" * 41], "AB"):
        with pytest.raises(InvalidStateError, match="name"):
            Table.new(CLASSIC, [None, None], names=bad)


def test_the_hook_hears_every_event_of_each_seat_in_order() -> None:
    heard: list[tuple[int, TableEvent]] = []

    def hook(seat: int, event: TableEvent) -> None:
        heard.append((seat, event))

    t = Table.new(CLASSIC, [None, GreedyBot()], seed="hook", on_event=hook)
    assert [] == heard
    after = t.submit(0, "draw")
    since = len(t.record.actions)
    for seat in (0, 1):
        expected = list(after.events_for(seat, since=since))
        assert expected == [e for s, e in heard if s == seat]
    assert [0] * len(after.events_for(0, since=since)) == [s for s, _ in heard][
        : len(after.events_for(0, since=since))
    ]


def test_hand_ids_tell_copies_apart() -> None:
    assert ("R7#1", "R7#2", "W#1") == hand_ids(parse_cards("R7 R7 W"))
    assert () == hand_ids(())


def played_tables(seed: str, moves: int = 60) -> list[Table]:
    """The tables of a seeded game between a person (random moves) and a bot."""
    t = Table.new(CLASSIC, [None, GreedyBot()], seed=seed, names=["Ann", "Bob"])
    rng = random.Random(seed)
    tables = [t]
    while not t.is_over and len(tables) < moves:
        t = t.submit(0, rng.choice(legal_actions(t.state)), expect=t.version)
        tables.append(t)
    return tables


@pytest.mark.parametrize("seed", ["ui1", "ui2"])
def test_moves_group_every_legal_move_once_with_its_hand_ids(seed: str) -> None:
    for t in played_tables(seed):
        p = t.payload(0, since=len(t.record.actions))
        ids = [h["id"] for h in p["hand"]]
        assert list(hand_ids(t.state.players[0].hand)) == ids
        assert [str(c) for c in t.state.players[0].hand] == [h["card"] for h in p["hand"]]
        indices = [o["move"] for g in p["moves"] for o in g["options"]]
        assert list(range(len(p["legal"]))) == sorted(indices)
        for group in p["moves"]:
            assert all(h in ids for h in group["ids"])
            for option in group["options"]:
                move = p["legal"][option["move"]]
                assert group["verb"] == move["json"]["action"]
                # the ids name distinct hand cards, and the cards the move plays
                assert len(set(option["cards"])) == len(option["cards"])
                played = sorted(i.split("#")[0] for i in option["cards"])
                if group["card"] is not None:
                    assert [group["card"]] == played
                    assert option["cards"][0] in group["ids"]


def test_the_hint_is_a_legal_laydown_in_hand_ids() -> None:
    hinted = 0
    for seed in ("h1", "h2"):
        for t in played_tables(seed, moves=200):
            p = t.payload(0, since=len(t.record.actions))
            hint = p["hint"]
            lays = [m for m in p["legal"] if m["json"]["action"] in ("lay", "announce")]
            assert (hint is None) == (not lays)
            if hint is None:
                continue
            hinted += 1
            move = p["legal"][hint["move"]]
            assert move in lays
            ids = [h["id"] for h in p["hand"]]
            flat = [i for g in hint["groups"] for i in g]
            assert len(set(flat)) == len(flat) and set(flat) <= set(ids)
            melds = move["json"]["laydown"]["melds"]
            assert [sorted(c.split("=")[0] for c in m["cards"]) for m in melds] == [
                sorted(i.split("#")[0] for i in g) for g in hint["groups"]
            ]
    assert hinted > 0


def test_events_carry_names_and_structured_fields() -> None:
    for t in played_tables("ev"):
        for seat in (0, 1):
            for e in t.events_for(seat):
                d = e.to_dict()
                assert d["actor_name"] == (None if e.actor is None else ("Ann", "Bob")[e.actor])
                assert d["target_name"] == (None if e.target is None else ("Ann", "Bob")[e.target])
                assert d["verb"], d
                # every card an event shows is in its text
                assert all(c in e.text for c in d["cards"]), d
    last = played_tables("ev")[-1]
    verbs = {e.verb for e in last.events_for(0)}
    assert {"deal", "draw", "reveal", "discard", "turnup"} <= verbs


def hidden_games() -> list[tuple[str, list[Table]]]:
    """Seeded games with long, unguessable-looking seeds, the person playing at random."""
    out = []
    for n, name in enumerate(("classic", "master", "ten-phases")):
        seed = random.Random(n).getrandbits(128).to_bytes(16, "big").hex()
        seats: list[phase10.Bot | None] = (
            [None, GreedyBot(), None] if n != 1 else [None, GreedyBot()]
        )
        heard: list[tuple[int, TableEvent]] = []
        t = Table.new(
            phase10.find_variant(name),
            seats,
            seed=seed,
            on_event=lambda seat, event: heard.append((seat, event)),  # noqa: B023 (this game only)
        )
        rng = random.Random(seed)
        tables = [t]
        while not t.is_over and len(tables) < 120:
            seat = t.waiting_for
            assert seat is not None
            t = t.submit(seat, rng.choice(legal_actions(t.state)), expect=t.version)
            tables.append(t)
        out.append((seed, tables))
        HEARD[seed] = heard
    return out


HEARD: dict[str, list[tuple[int, TableEvent]]] = {}


def test_no_payload_or_event_shows_another_seats_cards_or_the_seed() -> None:
    """Issue 24: the seed and the cards only another seat saw are in no payload or event."""
    masked = 0
    for seed, tables in hidden_games():
        for before, t in itertools.pairwise(tables):
            since = len(before.record.actions)
            for seat in range(len(t.seats)):
                p = t.payload(seat, since=since)
                text = json.dumps(p)
                assert seed not in text and seed[:12] not in text
                # the view is the library's projection for the seat, the hand its own
                assert to_dict(view(t.state, seat))["view"] == p["view"]
                assert [str(c) for c in t.state.players[seat].hand] == [
                    h["card"] for h in p["hand"]
                ]
                for event in p["events"]:
                    if event["verb"] in ("deal", "reveal", "keep") and seat not in (
                        event["target"],
                        event["actor"],
                    ):
                        # a card another seat got: how it came, never which
                        assert ([], None) == (event["cards"], event["action"]), event
                        assert "?" in event["text"]
                        masked += 1
                if seat != t.waiting_for:
                    assert ([], [], None) == (p["legal"], p["moves"], p["hint"])
        # what the hook pushed is what each seat's events show, masked the same way
        final = tables[-1]
        for seat in range(len(final.seats)):
            pushed = [e for s, e in HEARD[seed] if s == seat]
            shown = final.events_for(seat, since=len(tables[0].record.actions))
            assert list(shown) == pushed
            assert [e.to_dict() for e in shown] == [e.to_dict() for e in pushed]
            assert all(seed not in json.dumps(e.to_dict()) for e in pushed)
    assert masked > 100


def test_a_hook_that_fails_leaves_the_move_unplayed() -> None:
    calls: list[int] = []

    def hook(seat: int, event: TableEvent) -> None:
        calls.append(seat)
        if len(calls) == 1:
            raise RuntimeError("the queue is full")

    t = Table.new(CLASSIC, [None, GreedyBot()], seed="hook", on_event=hook)
    with pytest.raises(RuntimeError, match="queue is full"):
        t.submit(0, "draw", expect=0)
    # not accepted: the table is still the latest, and the move can be sent again
    assert 1 == t.submit(0, "draw", expect=0).version


def test_a_stale_undo_without_a_seat_names_none() -> None:
    t = people(undo="always")
    one = t.submit(0, "draw", expect=0)
    with pytest.raises(StaleMoveError) as info:
        one.undo(expect=0)
    assert info.value.seat is None and "stale move: it was sent" in str(info.value)
