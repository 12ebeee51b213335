"""The OpenSpiel game ``python_phase10``, registered on import (extra ``phase10[openspiel]``).

Example (run as a test in ``docs/howto/openspiel.md``, where OpenSpiel is installed)::

    import pyspiel
    import phase10.adapters.openspiel  # registers the game

    game = pyspiel.load_game("python_phase10", {"players": 3, "variant": "classic-first-3"})
    state = game.new_initial_state()  # chance deals first

A sequential game with explicit chance and imperfect information. Actions and chance
outcomes are the integer ids of :mod:`phase10.encoding` (so ``max_chance_outcomes`` equals
``num_distinct_actions``); each card dealt, turned up or drawn is a chance outcome weighted by
the copies left (:func:`phase10.chance_outcomes`). Laying down a phase is a sequence of
sub-decisions by the same player, each a move. Rewards are terminal and zero-sum
(:func:`phase10.adapters.game_returns`: every loser -1, the winners share the losers'
points). Parameters:

* ``players`` (int, default 2): seats, within the variant's range;
* ``variant`` (str, default ``"classic"``): a name :func:`phase10.find_variant` knows;
* ``max_game_length`` (int, default 10000): player moves after which the game stops as a
  draw (every return 0), since a game of Phase 10 has no upper bound on its length. Bots'
  games end in a few hundred to about a thousand moves; random play in the 10 Phases
  variants runs far past the default, which keeps OpenSpiel's own tools (whose memory grows
  with the square of a game's length) within a few GB.

Observations (``observation_string``/``observation_tensor``) are what the player's
:class:`~phase10.PlayerView` shows: the tensor is :func:`phase10.observation.observation`, the
string :func:`phase10.adapters.describe` of the view. The information state string writes
every field of the player's :class:`~phase10.PlayerView` exactly, the player's own laydown
under way, and the hand's history (as the rules recorded it, with the cards the player did
not see as ``?``: see :func:`phase10.seen_by`) as its length and a SHA-256 chain over its
events (each event's text hashed after the digest of the events before it), followed by its
last 8 events written out. So two states give a player the same string exactly when the
player's views of them are equal (unless SHA-256 has a collision), the string names the
player's information set and the legal actions follow from it; and its length is bounded
however long the hand, while a step costs the hashing of its own new events only (the
digest travels from a state to the next, and to its clones). The information state tensor
is the observation tensor, whose view carries each seat's known cards.
``resample_from_infostate`` deals the hidden cards anew with :func:`phase10.sample_state`,
so OpenSpiel's ``ismcts.ISMCTSBot`` searches information sets. States serialize (and clone)
their Python fields: the game state, shared by a clone and pickled by ``serialize`` with the
digest, so deserializing replays no action (OpenSpiel's own part of the string is the
action history). Replaying the action history gives the same state too, since the game
depends only on it.
"""

from __future__ import annotations

import enum
import hashlib
import itertools
import random
from collections.abc import Iterable
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt
import pyspiel

from phase10._checks import is_whole
from phase10._fast import lru_cache
from phase10.actions import Action, Deal, Reshuffle, Reveal, TurnUp, seat_name
from phase10.adapters._common import check_players, describe, game_returns, resolve_variant
from phase10.cards import Card, Kind, format_cards
from phase10.encoding import (
    ChoosePhase,
    Confirm,
    Select,
    Selection,
    decode,
    encode,
    legal_ids,
    num_actions,
    step,
)
from phase10.errors import ArgumentError, IllegalActionError
from phase10.groups import Meld
from phase10.observation import observation, observation_size
from phase10.rules import apply, chance_outcomes, new_game
from phase10.state import Event, GameState, History, TurnStep
from phase10.variants import Variant
from phase10.views import PlayerView, sample_state, view

__all__ = ["DEFAULT_MAX_GAME_LENGTH", "GAME_TYPE", "Phase10Game", "Phase10Observer", "Phase10State"]

#: Player moves after which a game stops as a draw unless ``max_game_length`` says otherwise.
DEFAULT_MAX_GAME_LENGTH = 10_000

_NO_SELECTION = Selection()

#: The game's :class:`pyspiel.GameType`, registered under ``python_phase10``.
GAME_TYPE = pyspiel.GameType(
    short_name="python_phase10",
    long_name="Python Phase 10",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={
        "players": 2,
        "variant": "classic",
        "max_game_length": DEFAULT_MAX_GAME_LENGTH,
    },
)


class Phase10Game(pyspiel.Game):
    """Phase 10 as an OpenSpiel game; load it with ``pyspiel.load_game("python_phase10", ...)``.

    Raises:
        ArgumentError: ``players`` is out of the variant's range or ``max_game_length`` < 1.
        DefinitionError: no variant has the name given.

    Attributes:
        variant: The rules in force.
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        spec = GAME_TYPE.parameter_specification
        variant = resolve_variant(str(params.get("variant", spec["variant"])))
        players = check_players(variant, params.get("players", spec["players"]), "players")
        max_length = params.get("max_game_length", spec["max_game_length"])
        if not is_whole(max_length, 1):
            raise ArgumentError(f"max_game_length must be a whole number >= 1, got {max_length!r}")
        ids = num_actions(variant, players)
        info = pyspiel.GameInfo(
            num_distinct_actions=ids,
            max_chance_outcomes=ids,
            num_players=players,
            min_utility=-1.0,
            max_utility=float(players - 1),
            utility_sum=0.0,
            max_game_length=max_length,
        )
        super().__init__(
            GAME_TYPE,
            info,
            {"players": players, "variant": variant.name, "max_game_length": max_length},
        )
        self.variant = variant
        self._players = players
        self._max_length = max_length
        self._initial = new_game(variant, players)

    def new_initial_state(self) -> Phase10State:
        """A new game, before the deal (chance acts first)."""
        return Phase10State(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Phase10Observer:
        """An observer: the player's view, or with ``perfect_recall`` their information state.

        Raises:
            ArgumentError: observer parameters were given, or an observation type other than
                one player's private and public information was asked for.
        """
        return Phase10Observer(
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False),
            self.variant,
            self._players,
            params,
        )


@lru_cache(
    maxsize=64,
    key="`(Variant, players)`",
    why="memos of chance outcomes' ids, which never depend on the state; each holds at "
    "most one entry per chance outcome of the layout",
)
def _chance_memo(
    variant: Variant, players: int
) -> tuple[dict[Action, int], dict[tuple[type, int], Action]]:
    """Memos of chance outcomes' ids, and of the outcomes by their type and id.

    An action's id never depends on the state it is taken in, and an id names one outcome of
    each type (the step says which type: :data:`_OUTCOME_TYPE`).
    """
    return {}, {}


_OUTCOME_TYPE: dict[TurnStep, type] = {
    TurnStep.DEAL: Deal,
    TurnStep.TURN_UP: TurnUp,
    TurnStep.REVEAL: Reveal,
    TurnStep.DRAW_TWO: Reveal,
    TurnStep.RESHUFFLE: Reshuffle,
}


class _Core:
    """A state's Python fields.

    pyspiel clones a Python state by ``copy.deepcopy`` of its fields: this one shares the
    immutable game state and selection and copies only the (shallow) lists.

    ``digest`` is the last digest of a history worked out on the way to this state
    (:class:`_Digest`, immutable, so shared by every state after it): the information state
    string extends it by the events since, so a step costs the same however long the hand.
    """

    def __init__(
        self,
        state: GameState,
        selection: Selection,
        moves: int,
        max_length: int,
        digest: _Digest | None = None,
    ) -> None:
        self.state = state
        self.selection = selection
        self.moves = moves
        self.max_length = max_length
        self.digest = digest
        # str() of the state, the legal ids and each player's information state, once asked
        self.text: str | None = None
        self.ids: list[int] | None = None
        self.infostates: dict[int, str] = {}

    def __deepcopy__(self, memo: dict[int, object]) -> _Core:
        clone = _Core(self.state, self.selection, self.moves, self.max_length, self.digest)
        clone.text = self.text
        clone.ids = self.ids
        clone.infostates = self.infostates.copy()
        return clone

    def __getstate__(self) -> dict[str, object]:
        # pyspiel serializes a state by pickling its fields: leave the caches out, and the
        # digest unless it is the state's own (then pickle keeps it the same history object)
        digest = self.digest if self.digest and self.digest.history is self.state.history else None
        return {**self.__dict__, "text": None, "ids": None, "infostates": {}, "digest": digest}

    def history_digest(self) -> _Digest:
        """The digest of this state's history, from the last one worked out if it can."""
        history = self.state.history
        last = self.digest
        if last is None or last.history is not history:
            self.digest = last = _digest(history, last)
        return last


@attrs.frozen
class _Digest:
    """``value``: the SHA-256 chain of ``history``'s events (see :func:`_digest`)."""

    history: History
    value: bytes


_NO_EVENTS = hashlib.sha256(b"phase10 history").digest()


def _fold(value: bytes, events: Iterable[Event]) -> bytes:
    """``value`` chained with each event's text in turn: SHA-256 of the value, then the text.

    The value has a fixed length, so the bytes hashed at each link read back one way only:
    two histories have the same digest only if they hold the same event texts in the same
    order (unless SHA-256 has a collision). An event's text is its ``str()``, the line the
    rules record (:meth:`phase10.Event.__str__`), which names the event exactly.
    """
    for event in events:
        value = hashlib.sha256(value + str(event).encode()).digest()
    return value


def _digest(history: History, last: _Digest | None) -> _Digest:
    """The digest of ``history``: ``last`` extended by the events after it, if it is a prefix.

    Each step adds an event or a few to the hand's history, so a state's digest costs what
    the new events do; a new hand, a resampled or deserialized state starts afresh (once).
    """
    new = len(history) - (0 if last is None else len(last.history))
    if last is not None and new >= 0 and history.extends(last.history):
        events = list(itertools.islice(reversed(history), new))
        return _Digest(history, _fold(last.value, reversed(events)))
    return _Digest(history, _fold(_NO_EVENTS, history))


class Phase10State(pyspiel.State):
    """A Phase 10 position with the laydown under way; see the module docstring.

    Attributes:
        game_state: The full :class:`~phase10.GameState`.
        selection: The laydown under way (:class:`phase10.encoding.Selection`).
    """

    def __init__(self, game: Phase10Game) -> None:
        super().__init__(game)
        self._core = _Core(game._initial, _NO_SELECTION, 0, game._max_length)

    @property
    def game_state(self) -> GameState:
        """The full game state (hidden cards included)."""
        return self._core.state

    @property
    def selection(self) -> Selection:
        """The laydown under way."""
        return self._core.selection

    def current_player(self) -> int:
        """The seat to act, ``PlayerId.CHANCE`` or ``PlayerId.TERMINAL``."""
        core = self._core
        state = core.state
        if state.is_over or core.moves >= core.max_length:
            return int(pyspiel.PlayerId.TERMINAL)
        if state.is_chance:
            return int(pyspiel.PlayerId.CHANCE)
        current = state.current_player
        assert current is not None
        return current

    def _legal_actions(self, player: int) -> list[int]:
        """The legal ids of ``player`` (who is to act), ascending."""
        core = self._core
        if core.ids is None:
            core.ids = list(legal_ids(core.state, selection=core.selection))
        return core.ids.copy()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each chance outcome's id with its probability, by id."""
        state = self._core.state
        ids, actions = _chance_memo(state.variant, state.num_players)
        out = []
        for action, p in chance_outcomes(state):
            i = ids.get(action)
            if i is None:
                i = ids[action] = encode(state, action)
                actions[type(action), i] = action
            out.append((i, p))
        out.sort()
        return out

    def _apply_action(self, action: int) -> None:
        """Apply the id ``action`` (a move or a chance outcome)."""
        core = self._core
        before = core.state
        if before.is_chance:
            memo = _chance_memo(before.variant, before.num_players)[1]
            outcome = memo.get((_OUTCOME_TYPE[before.step], action))
            if outcome is None:
                after, selection = step(before, action)
                outcome = memo[_OUTCOME_TYPE[before.step], action] = _outcome(before, action)
            else:
                after, selection = apply(before, outcome), core.selection  # apply() checks it
        else:
            after, selection = step(before, action, selection=core.selection)
            core.moves += 1
        core.state, core.selection = after, selection
        core.text = None
        core.ids = None
        core.infostates = {}

    def _action_to_string(self, player: int, action: int) -> str:
        """The id as notation (``p1 discard R7``, ``deal G3``, ``p2 pick 1 W=7``)."""
        core = self._core
        try:
            meaning = decode(core.state, action, selection=core.selection)
        except IllegalActionError:
            return f"id {action}"
        return _text(player, meaning)

    def is_terminal(self) -> bool:
        """Whether the game is over or has reached ``max_game_length`` moves."""
        core = self._core
        return core.state.is_over or core.moves >= core.max_length

    def returns(self) -> list[float]:
        """Each seat's return: :func:`phase10.adapters.game_returns` once over, else 0."""
        return list(game_returns(self._core.state))

    def __str__(self) -> str:
        """The whole state as text (every hand shown)."""
        core = self._core
        if core.text is None:
            text = describe(core.state, selection=core.selection)
            if core.moves >= core.max_length and not core.state.is_over:
                text += f"\nstopped after {core.moves} moves (max_game_length)"
            core.text = text
        return core.text

    def information_state_string(self, player: int | None = None) -> str:
        """``player``'s information state: their whole view, the hand's history as a digest.

        Two states give a player the same string exactly when the player's views of them
        (:func:`phase10.view`, with the player's own laydown under way) are equal (unless
        SHA-256 has a collision); :meth:`resample_from_infostate` keeps it. Its length is
        bounded however long the hand: the history is its length, its digest and its last
        8 events (see the module).
        """
        seat = self.current_player() if player is None else player
        core = self._core
        text = core.infostates.get(seat)
        if text is None:
            text = core.infostates[seat] = _information_state(self, seat)
        return text

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """``player``'s information state as a fixed-size vector.

        It is :func:`phase10.observation.observation` of the player's view, which holds the
        public history's lasting effects: each seat's known cards (taken from the discard
        pile and not played since), the table, the discard pile and the counts.
        """
        seat = self.current_player() if player is None else player
        return [float(x) for x in _view_vector(self, seat)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Phase10State:
        """A state ``player_id`` cannot tell from this one, its hidden cards dealt at random.

        The hidden cards are dealt by :func:`phase10.sample_state` (uniformly among the
        worlds consistent with the player's view, cards known to be in a hand kept there),
        with a ``random.Random`` seeded from one draw of ``probability_sampler``. Its history
        is the one of ``player_id``'s view, which never holds a card ``player_id`` did not see.

        Raises:
            ArgumentError: ``player_id`` is not a seat, or another seat's laydown is under way
                (its picked cards are hidden from ``player_id``).
        """
        core = self._core
        state = core.state
        if not is_whole(player_id, 0) or player_id >= state.num_players:
            raise ArgumentError(f"player_id must be a seat of the game, got {player_id!r}")
        if core.selection != _NO_SELECTION and state.current_player != player_id:
            raise ArgumentError(
                f"{seat_name(state.current_player or 0)} is laying down: "
                f"cannot resample for {seat_name(player_id)}"
            )
        rng = random.Random(f"resample:{float(probability_sampler())!r}")
        clone = Phase10State(self.get_game())
        clone._core = _Core(
            sample_state(view(state, player_id), rng),
            core.selection,
            core.moves,
            core.max_length,
            core.digest,  # the same history: its digest is this state's
        )
        return clone


def _exact(value: object) -> str:
    """``value`` written so that no two different values read alike (for the infostate)."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, tuple):
        if all(type(item) is Card for item in value):  # a pile or a hand: the common case
            return f"({format_cards(value)})"
        return "(" + " ".join(map(_exact, value)) + ")"
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, Meld):
        return repr(value)
    kind = type(value)
    if attrs.has(kind):
        fields = attrs.fields(kind)
        return "{" + " ".join(f"{f.name}={_exact(getattr(value, f.name))}" for f in fields) + "}"
    return repr(value)


_VIEW_FIELDS = tuple(
    f.name for f in attrs.fields(PlayerView) if f.name not in ("variant", "player", "history")
)


#: How many of the hand's last events the information state string writes out in full.
_RECENT_EVENTS = 8


def _information_state(state: Phase10State, player: int) -> str:
    """Every field of ``player``'s view, its history's digest, and its laydown under way.

    The view's history is the state's (no seat's hidden card is in it: :func:`phase10.seen_by`),
    so its digest is worked out once per state for every seat. The string's length is
    bounded whatever the hand's length: the view's other fields hold at most the deck.
    """
    core = state._core
    game = core.state
    v = view(game, player)
    lines = [f"{seat_name(player)} of {game.num_players}, {game.variant.name}"]
    lines.extend(f"{name}: {_exact(getattr(v, name))}" for name in _VIEW_FIELDS)
    if game.current_player == player and core.selection != _NO_SELECTION:
        lines.append(f"laying down: {core.selection!r}")
    history = v.history
    lines.append(f"history: {len(history)} events, sha256 {core.history_digest().value.hex()}")
    recent = list(itertools.islice(reversed(history), _RECENT_EVENTS))
    lines.extend(map(str, reversed(recent)))
    return "\n".join(lines)


def _view_vector(state: Phase10State, player: int) -> tuple[float, ...]:
    """``player``'s observation vector of ``state`` (the laydown under way if theirs)."""
    core = state._core
    selection = core.selection if core.state.current_player == player else _NO_SELECTION
    return observation(view(core.state, player), selection=selection)


def _outcome(state: GameState, i: int) -> Action:
    """The chance outcome with id ``i`` (legal in ``state``)."""
    meaning = decode(state, i)
    assert not isinstance(meaning, ChoosePhase | Select | Confirm)
    return meaning


def _placed(pick: Select) -> str:
    return f"{pick.card}={pick.value}" if pick.card.kind is Kind.WILD else str(pick.card)


def _text(actor: int, what: object) -> str:
    if isinstance(what, ChoosePhase):
        return f"{seat_name(actor)} choose phase {what.phase + 1}"
    if isinstance(what, Select):
        return f"{seat_name(actor)} pick {what.group + 1} {_placed(what)}"
    if isinstance(what, Confirm):
        how = "" if what.keep is None else " keep" if what.keep else " redraw"
        return f"{seat_name(actor)} confirm{how}"
    return str(what)


class Phase10Observer:
    """An OpenSpiel observer of Phase 10 (the ``PyObserver`` protocol).

    The default observation is the player's view: ``tensor`` holds
    :func:`phase10.observation.observation` and ``dict`` names it ``"observation"``; the string is
    :func:`phase10.adapters.describe` of the view. With ``perfect_recall`` the observer gives
    the player's information state string and the same tensor (the information state tensor).

    Raises:
        ArgumentError: observer parameters were given, or an observation type other than one
            player's private and public information was asked for.
    """

    def __init__(
        self,
        iig_obs_type: Any,
        variant: Any,
        num_players: int,
        params: dict[str, Any] | None,
    ) -> None:
        if params:
            raise ArgumentError(f"the Phase 10 observer takes no parameters, got {params!r}")
        if (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ArgumentError(
                "the Phase 10 observer shows one player's view: public_info=True and "
                "private_info=SINGLE_PLAYER"
            )
        self.perfect_recall: bool = bool(iig_obs_type.perfect_recall)
        self.tensor: npt.NDArray[np.float32] = np.zeros(
            observation_size(variant, num_players), np.float32
        )
        self.dict: dict[str, npt.NDArray[np.float32]] = {"observation": self.tensor}

    def set_from(self, state: Phase10State, player: int) -> None:
        """Write ``player``'s observation of ``state`` into :attr:`tensor`."""
        self.tensor[:] = _view_vector(state, player)

    def string_from(self, state: Phase10State, player: int) -> str:
        """``player``'s observation (or, with ``perfect_recall``, information state) as text."""
        if self.perfect_recall:
            return state.information_state_string(player)
        core = state._core
        selection = core.selection if core.state.current_player == player else _NO_SELECTION
        return describe(view(core.state, player), selection=selection)


pyspiel.register_game(GAME_TYPE, Phase10Game)
