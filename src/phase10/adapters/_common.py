"""What the adapters share: choosing a variant, the returns of a game and a text rendering."""

from __future__ import annotations

from phase10._checks import is_whole
from phase10.actions import seat_name
from phase10.cards import Card, Kind, format_cards
from phase10.encoding import Selection
from phase10.errors import ArgumentError
from phase10.state import GameState
from phase10.variants import Variant, find_variant
from phase10.views import PlayerView

__all__ = ["check_players", "describe", "game_returns", "resolve_variant"]

_NO_SELECTION = Selection()


def resolve_variant(variant: str | Variant) -> Variant:
    """A :class:`~phase10.Variant` from itself or from a name :func:`~phase10.find_variant` knows.

    Raises:
        DefinitionError: no variant has that name.
        ArgumentError: ``variant`` is neither a name nor a :class:`~phase10.Variant`.
    """
    if isinstance(variant, Variant):
        return variant
    if isinstance(variant, str):
        return find_variant(variant)
    raise ArgumentError(f"variant must be a Variant or a variant name, got {variant!r}")


def check_players(variant: Variant, num_players: object, name: str = "num_players") -> int:
    """``num_players`` once checked against the variant's range (``name`` is for the message).

    Raises:
        ArgumentError: not a whole number the variant allows.
    """
    if not (is_whole(num_players, variant.min_players) and isinstance(num_players, int)) or (
        num_players > variant.max_players
    ):
        raise ArgumentError(
            f"{name} must be a whole number from {variant.min_players} to "
            f"{variant.max_players} for variant {variant.name!r}, got {num_players!r}"
        )
    return num_players


def game_returns(state: GameState) -> tuple[float, ...]:
    """What each seat gets for a finished game: every loser pays 1, the winners share it.

    Zero-sum: with one winner among ``n`` players the winner gets ``n - 1`` and every other
    seat ``-1``; ``k`` winners who share the win (M-10) get ``(n - k) / k`` each. A game that
    is not over yet gives every seat 0.

    >>> import attrs, phase10
    >>> over = attrs.evolve(phase10.new_game(phase10.CLASSIC, 3), winners=(1,))
    >>> over = attrs.evolve(over, step=phase10.TurnStep.OVER)
    >>> game_returns(over)
    (-1.0, 2.0, -1.0)
    """
    n = len(state.players)
    winners = state.winners
    if not state.is_over or not winners:
        return (0.0,) * n
    share = (n - len(winners)) / len(winners)
    return tuple(share if seat in winners else -1.0 for seat in range(n))


def _placed(card: Card, value: object) -> str:
    return f"{card}={value}" if card.kind is Kind.WILD else str(card)


def describe(state: GameState | PlayerView, *, selection: Selection = _NO_SELECTION) -> str:
    """A few lines of text showing a state, or what one seat sees of it.

    A :class:`~phase10.GameState` shows every hand; a :class:`~phase10.PlayerView` shows the
    viewer's hand and only the sizes of the others. ``*`` marks the seat to act. The laydown
    under way, if any, is shown last.

    >>> import random, phase10
    >>> state, _ = phase10.play_chance(phase10.new_game(phase10.CLASSIC, 2), random.Random(1))
    >>> print(describe(phase10.view(state, 0)))
    classic, hand 1, dealer p1, step draw
      p1  phase 1, 0 points: R1 B1 G1 B4 G6 R7 G10 G11 B12 W
    * p2  phase 1, 0 points: 10 cards
    discard pile: G1
    draw pile: 87 cards
    """
    variant = state.variant
    current = state.current_player
    lines = [
        f"{variant.name}, hand {state.hand_number}, dealer {seat_name(state.dealer)}, "
        f"step {state.step.value}"
    ]
    for seat, table_row in enumerate(state.table or [()] * len(state.players)):
        if isinstance(state, GameState):
            player = state.players[seat]
            hand = format_cards(player.hand) or "no cards"
            phase, score, completed = player.phase, player.score, player.completed
            skipped, take_two, keep_all = player.skipped, player.take_two, player.keep_all
        else:
            seat_view = state.players[seat]
            if seat == state.player:
                hand = format_cards(state.hand) or "no cards"
            else:
                hand = f"{seat_view.hand_size} cards"
            phase, score, completed = seat_view.phase, seat_view.score, seat_view.completed
            skipped, take_two = seat_view.skipped, seat_view.take_two
            keep_all = seat_view.keep_all
        flags = [
            name
            for name, on in (("skipped", skipped), ("take two", take_two), ("keep all", keep_all))
            if on
        ]
        done = f", completed {','.join(str(i + 1) for i in completed)}" if completed else ""
        extra = f" ({', '.join(flags)})" if flags else ""
        mark = "*" if seat == current else " "
        working = f"phase {phase + 1}" if phase < len(variant.phases) else "all phases done"
        lines.append(f"{mark} {seat_name(seat):<3} {working}{done}, {score} points{extra}: {hand}")
        for number, meld in enumerate(table_row, 1):
            lines.append(f"      {seat_name(seat)}.{number} {meld}")
    lines.append(f"discard pile: {format_cards(state.discard_pile) or 'empty'}")
    draw = len(state.draw_pile) if isinstance(state, GameState) else state.draw_count
    lines.append(f"draw pile: {draw} cards")
    if state.action_pile:
        lines.append(f"action pile: {format_cards(state.action_pile)}")
    if state.drawn:
        lines.append(f"drawn: {format_cards(state.drawn)}")
    if state.offers:
        offers = ", ".join(f"{seat_name(s)} {c}" for s, c in state.offers)
        lines.append(f"offers: {offers}")
    if state.tiebreak:
        lines.append(f"tie-break: {' '.join(seat_name(s) for s in state.tiebreak)}")
    if state.winners:
        lines.append(f"winners: {' '.join(seat_name(s) for s in state.winners)}")
    if selection.active:
        parts = []
        if selection.phase is not None:
            parts.append(f"phase {selection.phase + 1}")
        groups: dict[int, list[str]] = {}
        for pick in selection.picks:
            groups.setdefault(pick.group, []).append(_placed(pick.card, pick.value))
        parts.extend(f"group {g + 1}: {' '.join(cards)}" for g, cards in sorted(groups.items()))
        lines.append(f"laying down: {'; '.join(parts)}")
    return "\n".join(lines)
