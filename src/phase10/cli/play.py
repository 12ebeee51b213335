"""``phase10 play``: a game against bots in the terminal.

The functions read from and write to the streams they are given, so tests drive them with
:class:`io.StringIO`.
"""

from __future__ import annotations

import argparse
import random
import secrets
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

import attrs

from phase10.actions import (
    Action,
    Announce,
    Deal,
    Discard,
    Draw,
    DrawTwo,
    Hit,
    Keep,
    KeepHand,
    LayDown,
    Offer,
    Reshuffle,
    Reveal,
    TakeDiscard,
    TakeOffer,
    TurnUp,
    seat_name,
)
from phase10.bots import Bot
from phase10.chance import sample_chance
from phase10.cli._common import UsageError, load_bot, printable, read_record, variant_named
from phase10.cli.paint import Palette, use_color
from phase10.errors import (
    AmbiguousActionError,
    IllegalActionError,
    InvalidStateError,
    Message,
    NotationError,
)
from phase10.groups import End, GroupType, group_message
from phase10.hints import fix_move, suggest_word
from phase10.notation import action_text, parse_action
from phase10.phases import phase_message
from phase10.records import GameRecord
from phase10.rules import apply, events_of, legal_actions, new_game
from phase10.simulation import bot_name
from phase10.state import Event, GameState, Unseen
from phase10.variants import Variant
from phase10.views import PlayerView, seen_by, view

__all__ = [
    "describe",
    "menu",
    "play",
    "public_line",
    "rules_summary",
    "run",
    "table_lines",
]

#: The commands of the prompt besides moves ("did you mean" suggests them too).
_COMMANDS = ("help", "show", "all", "save", "quit")

#: How many laydowns the menu lists before it says "type 'all' for the others".
_SHOWN_LAYDOWNS = 12


# ----------------------------------------------------------------------------- describing


def _say(key: str, lang: str, **params: str | int | Message) -> str:
    return Message.of(key, **params).text(lang)


def describe(action: Action, paint: Palette, *, lang: str = "en") -> str:
    """What a menu entry says for the player's own ``action`` (in ``lang``)."""
    if isinstance(action, Draw):
        return _say("cli.move.draw", lang)
    if isinstance(action, TakeDiscard):
        return _say("cli.move.take", lang)
    if isinstance(action, DrawTwo):
        return _say("cli.move.draw-two", lang)
    if isinstance(action, LayDown):
        return _say("cli.move.lay", lang, laydown=paint.laydown(action.laydown))
    if isinstance(action, Hit):
        card = paint.card(
            action.card,
            text=f"{action.card}={action.value}" if action.card.is_wild else str(action.card),
        )
        meld = f"{seat_name(action.owner)}.{action.meld + 1}"
        if action.end is End.ANY:
            return _say("cli.move.hit", lang, card=card, meld=meld)
        return _say(f"cli.move.hit-{action.end.value}", lang, card=card, meld=meld)
    if isinstance(action, Discard):
        if action.target is None:
            return _say("cli.move.discard", lang, card=paint.card(action.card))
        target = seat_name(action.target)
        return _say("cli.move.discard-skip", lang, card=paint.card(action.card), seat=target)
    if isinstance(action, Keep):
        return _say("cli.move.keep", lang, card=paint.card(action.card))
    if isinstance(action, Offer):
        return _say("cli.move.offer", lang, card=paint.card(action.card))
    if isinstance(action, TakeOffer):
        card = paint.card(action.card)
        return _say("cli.move.take-offer", lang, card=card, seat=seat_name(action.owner))
    if isinstance(action, KeepHand):
        return _say("cli.move.keep-hand" if action.keep else "cli.move.give-hand", lang)
    if isinstance(action, Announce):
        how = "cli.move.announce-keep" if action.keep else "cli.move.announce-redraw"
        return _say(how, lang, laydown=paint.laydown(action.laydown))
    return str(action)  # pragma: no cover - chance actions are never offered to a player


def _group(action: Action) -> str:
    if isinstance(action, Draw | TakeDiscard | DrawTwo):
        return "Draw"
    if isinstance(action, LayDown | Announce):
        return "Lay down"
    if isinstance(action, Hit):
        return "Hit"
    if isinstance(action, Discard):
        return "Discard (ends your turn)"
    return "Choose"


_GROUP_ORDER = ("Draw", "Lay down", "Hit", "Discard (ends your turn)", "Choose")
#: The message of each heading, in the other languages.
_HEADINGS = dict(
    zip(
        _GROUP_ORDER,
        (f"cli.play.menu.{k}" for k in ("draw", "lay", "hit", "discard", "choose")),
        strict=True,
    )
)


def menu(actions: Sequence[Action]) -> list[tuple[str, list[Action]]]:
    """The actions grouped under headings, in a fixed order (the menu numbers follow it)."""
    groups: dict[str, list[Action]] = {}
    for action in actions:
        groups.setdefault(_group(action), []).append(action)
    return [(name, groups[name]) for name in _GROUP_ORDER if name in groups]


def public_line(event: Event, paint: Palette, me: int | None, *, lang: str = "en") -> str | None:
    """What seat ``me`` at the table learns from ``event``, as :func:`phase10.seen_by` shows it.

    ``event`` is one event the rules recorded (:func:`phase10.events_of`), as seat
    ``me`` saw it; ``None`` for what says nothing worth a line: deals, cards others drew,
    and the end of a hand (the game says it with the scores, see ``_Game.after``). The line
    is in ``lang``.
    """
    if event.skipped is not None:
        if event.skipped == me:
            return _say("cli.seen.you-skipped", lang)
        return _say("cli.seen.skipped", lang, seat=seat_name(event.skipped))
    if event.unseen is Unseen.KEEP and event.to is not None:
        return _say("cli.seen.keeps-one", lang, seat=seat_name(event.to))
    action = event.action
    if action is None or isinstance(action, Deal):
        return None
    if isinstance(action, TurnUp):
        return _say("cli.seen.first-discard", lang, card=paint.card(action.card))
    if isinstance(action, Reshuffle):
        return _say("cli.seen.reshuffle", lang)
    if isinstance(action, Reveal):
        return _say("cli.seen.you-draw", lang, card=paint.card(action.card))
    name = seat_name(action.player)
    if isinstance(action, TakeDiscard):
        if event.card is None:
            return _say("cli.seen.takes-discard", lang, seat=name)
        return _say("cli.seen.takes", lang, seat=name, card=paint.card(event.card))
    if isinstance(action, Draw):
        return _say("cli.seen.draws", lang, seat=name)
    if isinstance(action, KeepHand) and action.player != me:
        key = "cli.seen.keeps-hand" if action.keep else "cli.seen.gives-hand"
        return _say(key, lang, seat=name)
    return f"{name}: {describe(action, paint, lang=lang)}"


# ----------------------------------------------------------------------------- the table


def _seat_line(v: PlayerView | GameState, seat: int, label: str, lang: str = "en") -> str:
    phases = v.variant.phases
    if isinstance(v, PlayerView):
        p = v.players[seat]
        size, phase, laid, score, skipped = p.hand_size, p.phase, p.laid_down, p.score, p.skipped
        guard = p.skip_guard
        extras = [name for name, on in (("Take two", p.take_two), ("Keep all", p.keep_all)) if on]
    else:
        q = v.players[seat]
        size, phase, laid, score, skipped = len(q.hand), q.phase, q.laid_down, q.score, q.skipped
        guard = q.skip_guard
        extras = [name for name, on in (("Take two", q.take_two), ("Keep all", q.keep_all)) if on]
    if phase < len(phases):
        named = Message.of("named", name=str(phases[phase]), term=phase_message(phases[phase]))
        doing = _say("cli.table.phase", lang, number=phase + 1, phase=named)
    else:
        doing = _say("cli.table.all-done", lang)
    flags = [_cards(size, lang), _say("cli.table.points", lang, count=score)]
    if laid:
        flags.append(_say("cli.table.laid-down", lang))
    if skipped:
        flags.append(_say("cli.table.skip-pending", lang))
    elif guard:  # rule C-20, skip_limit=round
        flags.append(_say("cli.table.skip-guard", lang, count=guard))
    flags.extend(extras)
    return f"  {seat_name(seat)} {label:<12} {doing}; {', '.join(flags)}"


def _cards(n: int, lang: str = "en") -> str:
    return _say("cli.table.cards", lang, count=n)


def table_lines(
    v: PlayerView, labels: Sequence[str], paint: Palette, *, hand: bool = True, lang: str = "en"
) -> list[str]:
    """The table as ``v.player`` sees it: seats, melds, piles, and their hand (in ``lang``)."""
    heading = _say("cli.table.hand", lang, number=v.hand_number, variant=printable(v.variant.name))
    lines = [heading + (_say("cli.table.tie-break", lang) if v.tiebreak else "")]
    lines.extend(_seat_line(v, s, labels[s], lang) for s in range(v.num_players))
    melds = [
        f"  {seat_name(s)}.{i + 1} {_group_name(m.group, lang)}: {paint.meld(m)}"
        for s, row in enumerate(v.table)
        for i, m in enumerate(row)
    ]
    if melds:
        lines.append(_say("cli.table.table", lang))
        lines.extend(melds)
    top = v.top_discard
    if top is not None:
        discard = f"{paint.card(top)} ({_cards(len(v.discard_pile), lang)})"
    else:
        discard = _say("cli.table.empty", lang)
    draw = _cards(v.draw_count, lang)
    lines.append(_say("cli.table.piles", lang, discard=discard, draw=draw))
    if v.offers:
        offered = ", ".join(f"{seat_name(s)} {paint.card(c)}" for s, c in v.offers)
        lines.append(_say("cli.table.offered", lang, offers=offered))
    if v.drawn:
        lines.append(_say("cli.table.drew", lang, cards=paint.cards(v.drawn)))
    if hand:
        lines.append(_say("cli.play.your-hand", lang, cards=paint.cards(v.hand)))
    return lines


def _group_name(group: object, lang: str) -> str:
    """A group of the table by name: as written in English, translated in another language."""
    if lang == "en" or not isinstance(group, GroupType):
        return str(group)
    return group_message(group).text(lang)


def rules_summary(variant: Variant, *, lang: str = "en") -> str:
    """A short summary of the rules of ``variant`` (the ``help`` command), in ``lang``.

    The rule sentences are :meth:`~phase10.Variant.describe`'s, written from the variant's
    options, so that ``help`` says what the engine plays. The phases are named as written in
    English and translated in another language, as the table shows them.
    """
    lines = [_say("rules.summary.title", lang, variant=printable(variant.name))]
    for sentence in variant.describe(lang=lang):
        lines += textwrap.wrap(sentence, 86, initial_indent="- ", subsequent_indent="  ")
    lines.append(_say("rules.summary.phases", lang))
    lines.extend(
        f"  {i}. {_say('named', lang, name=str(phase), term=phase_message(phase))}"
        for i, phase in enumerate(variant.phases, 1)
    )
    lines += textwrap.wrap(_say("rules.summary.commands", lang), 86, subsequent_indent="  ")
    return "\n".join(lines)


# ----------------------------------------------------------------------------- play


class _Quit(Exception):
    """The player typed quit or the input ended."""


@attrs.define
class _Game:
    """One terminal game: the state, the record so far, who plays which seat."""

    state: GameState
    actions: list[Action]
    human: int
    bots: dict[int, Bot]
    chance: random.Random
    rngs: dict[int, random.Random]
    paint: Palette
    out: TextIO
    inp: TextIO
    save_path: Path | None
    record_info: GameRecord
    #: The language of what the game says (``en``: the English lines as ever).
    lang: str = "en"

    def t(self, key: str, **params: str | int) -> str:
        """The message ``key`` in the game's language."""
        return Message.of(key, **params).text(self.lang)

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def labels(self) -> list[str]:
        return [
            self.t("cli.play.you") if s == self.human else printable(bot_name(self.bots[s]))
            for s in range(self.state.num_players)
        ]

    def record(self) -> GameRecord:
        return attrs.evolve(self.record_info, actions=tuple(self.actions))

    def save(self, path: Path | None) -> None:
        if path is None:
            self.say("say where: save FILE (or start with --save FILE)")
            return
        try:
            path.write_text(self.record().to_text(), encoding="utf-8")
        except OSError as exc:
            self.say(f"could not save to {printable(path)}: {printable(exc.strerror or exc)}")
            return
        self.say(f"saved the game record to {printable(path)}")

    def step(self, action: Action) -> None:
        before = self.state
        self.state = apply(self.state, action)
        self.actions.append(action)
        for event in events_of(before, self.state):  # what the rules recorded, as seen
            seen = seen_by(event, self.human, action=action)
            line = public_line(seen, self.paint, self.human, lang=self.lang)
            if line is not None:
                self.say(line)
        self.after(before)

    def after(self, before: GameState) -> None:
        """Say what changed between hands."""
        state = self.state
        if state.hand_number != before.hand_number or (state.is_over and not before.is_over):
            scores = ", ".join(
                self.t("cli.play.score", seat=seat_name(s), points=p.score, phase=p.phase + 1)
                if p.phase < len(state.variant.phases)
                else self.t("cli.play.score-done", seat=seat_name(s), points=p.score)
                for s, p in enumerate(state.players)
            )
            self.say(self.t("cli.play.hand-over", number=before.hand_number, scores=scores))
            if not state.is_over:
                self.pause(self.t("cli.play.next-hand", number=state.hand_number))

    def pause(self, prompt: str) -> None:
        """Wait for Enter, so the end of a hand does not scroll away; end of input quits."""
        self.out.write(prompt)
        self.out.flush()
        answer = self.inp.readline()
        if not answer or answer.strip().lower() in ("quit", "exit", "q"):
            self.say("")
            raise _Quit

    def run(self) -> int:
        try:
            while not self.state.is_over:
                state = self.state
                if state.is_chance:
                    self.step(sample_chance(state, self.chance))
                    continue
                seat = state.current_player
                assert seat is not None
                if seat == self.human:
                    self.step(self.ask())
                else:
                    bot = self.bots[seat]
                    self.step(bot.act(view(state, seat), self.rngs[seat]))
        except _Quit:
            if self.save_path is not None:
                self.save(self.save_path)
            self.say("bye" if self.lang == "en" else self.t("cli.play.bye"))
            return 0
        except KeyboardInterrupt:  # Ctrl-C: offer to keep the game, then stop quietly
            self.interrupted()
            return 130
        self.finish()
        return 0

    def interrupted(self) -> None:
        """After Ctrl-C: save to ``--save``, or ask where to save; a second Ctrl-C skips it."""
        self.say("")
        if self.save_path is not None:
            self.save(self.save_path)
        else:
            self.out.write("interrupted. Save the game? File name (Enter: don't save): ")
            self.out.flush()
            try:
                answer = self.inp.readline().strip()
            except (KeyboardInterrupt, EOFError):
                answer = ""
            if answer:
                self.save(Path(answer))
            else:
                self.say("")
        self.say(f"bye (this game's seed: {printable(self.record_info.seed)})")

    def finish(self) -> None:
        state = self.state
        english = self.lang == "en"
        self.say("the game is over" if english else self.t("cli.play.over"))
        seen = view(state, self.human)
        for line in table_lines(seen, self.labels(), self.paint, lang=self.lang)[1:]:
            self.say(line)
        if english:
            winners = ", ".join(seat_name(s) for s in state.winners) or "nobody"
            won = " -- you win!" if self.human in state.winners else ""
            self.say(f"winner: {winners}{won}")
        else:
            seats = tuple(seat_name(s) for s in state.winners)
            line = Message.of(
                "cli.play.winner",
                seats=seats or Message.of("cli.play.nobody"),
                count=max(1, len(seats)),
            ).text(self.lang)
            won = f" -- {self.t('cli.play.you-win')}" if self.human in state.winners else ""
            self.say(line + won)
        if self.save_path is not None:
            self.save(self.save_path)

    def show(self, v: PlayerView) -> None:
        self.say("")
        for line in table_lines(v, self.labels(), self.paint, lang=self.lang):
            self.say(line)

    def numbered(self, actions: Sequence[Action], *, every: bool) -> list[Action]:
        listed: list[Action] = []
        for name, group in menu(actions):
            self.say(f"{name if self.lang == 'en' else self.t(_HEADINGS[name])}:")
            hidden = 0
            for action in group:
                if not every and isinstance(action, LayDown | Announce):
                    shown = sum(1 for a in listed if isinstance(a, LayDown | Announce))
                    if shown >= _SHOWN_LAYDOWNS:
                        hidden += 1
                        continue
                listed.append(action)
                self.say(f"  {len(listed):>3}) {describe(action, self.paint, lang=self.lang)}")
            if hidden:
                self.say(f"       ... and {hidden} more: type 'all' to list them")
        return listed

    def ask(self) -> Action:
        v = view(self.state, self.human)
        actions = legal_actions(v)
        self.show(v)
        listed = self.numbered(actions, every=False)
        while True:
            self.out.write(f"{seat_name(self.human)}> ")
            self.out.flush()
            line = self.inp.readline()
            if not line:
                self.say("")
                raise _Quit
            text = line.strip()
            word, _, rest = text.partition(" ")
            command = word.lower()
            if not text:
                continue
            if command in ("quit", "exit", "q"):
                raise _Quit
            if command in ("help", "h", "?"):
                self.say(rules_summary(self.state.variant, lang=self.lang))
                continue
            if command in ("show", "table", "hand"):
                self.show(v)
                listed = self.numbered(actions, every=False)
                continue
            if command == "all":
                listed = self.numbered(actions, every=True)
                continue
            if command == "save":
                self.save(Path(rest.strip()) if rest.strip() else self.save_path)
                continue
            if text.isascii() and text.isdigit():
                number = int(text)
                if 1 <= number <= len(listed):
                    return listed[number - 1]
                if self.lang == "en":
                    self.say(f"choose a number from 1 to {len(listed)}, or type 'help'")
                else:
                    self.say(self.t("cli.play.choose-number", count=len(listed)))
                continue
            try:
                return parse_action(v, text)
            except AmbiguousActionError as exc:
                if self.lang == "en":
                    self.say(f"which one? {printable(exc, lines=True)}")
                else:
                    self.say(
                        self.t(
                            "cli.play.which-one",
                            text=printable(exc.player_message(self.lang), lines=True),
                        )
                    )
            except (NotationError, IllegalActionError) as exc:
                if self.lang != "en":  # the player's sentence, with its "did you mean"
                    more = "" if exc.hint is not None else " " + self.t("cli.play.help-hint")
                    self.say(exc.player_message(self.lang) + more)
                    continue
                hint = self.hint(v, actions, text) or "type 'help' for the commands"
                self.say(
                    f"{printable(exc, lines=True)} ({printable(hint)})"
                )  # a refused laydown names each bad group

    def hint(self, v: PlayerView, actions: Sequence[Action], text: str) -> str | None:
        """``did you mean 'discard R7'?`` for a typo that has a likely legal reading."""
        variant = self.state.variant
        verbs = {action_text(a, variant).split()[1] for a in actions}
        fixed = fix_move(text, variant.meld_rules.game, verbs)
        if fixed is not None:
            try:
                parse_action(v, fixed)
            except (NotationError, IllegalActionError, AmbiguousActionError):
                fixed = None
        if fixed is not None:
            return f"did you mean '{fixed}'?"
        words = text.split()
        if len(words) == 1:
            close = suggest_word(words[0], (*_COMMANDS, *verbs))
            if close is not None and close != words[0].lower():
                return f"did you mean '{close}'?"
        return None


def play(
    *,
    variant: Variant,
    players: int,
    bots: Sequence[Bot],
    human: int = 0,
    seed: str = "0",
    save: Path | None = None,
    load: GameRecord | None = None,
    color: bool = False,
    stdin: TextIO,
    stdout: TextIO,
    lang: str = "en",
) -> int:
    """Play a game in the terminal: seat ``human`` reads moves from ``stdin``.

    The other seats are played by ``bots`` in turn (``bots[0]`` for the first other seat,
    and so on, repeating). Chance uses ``random.Random(f"{seed}")`` and the bot in seat ``i``
    ``random.Random(f"{seed}:{i}")``; a loaded game continues with
    ``random.Random(f"{seed}:{n}")`` for chance, ``n`` being the number of actions loaded.

    Returns:
        The exit status, 0.

    Raises:
        InvalidStateError: ``players`` or ``human`` is out of range.
        IllegalActionError: a loaded record holds an illegal action.
    """
    if load is not None:
        variant, players = load.variant, load.num_players
        actions = list(load.actions)
        state = new_game(variant, players, dealer=load.dealer)
        for action in actions:
            state = apply(state, action)
        info = load
        chance = random.Random(f"{seed}:{len(actions)}")
    else:
        state = new_game(variant, players)
        actions = []
        info = GameRecord(variant=variant, num_players=players, seed=seed)
        chance = random.Random(seed)
    if not 0 <= human < players:
        raise InvalidStateError(f"--seat must be from 1 to {players}, got {human + 1}")
    others = [s for s in range(players) if s != human]
    seated = {s: bots[i % len(bots)] for i, s in enumerate(others)}
    game = _Game(
        state=state,
        actions=actions,
        human=human,
        bots=seated,
        chance=chance,
        rngs={s: random.Random(f"{seed}:{s}") for s in others},
        paint=Palette(color=color),
        out=stdout,
        inp=stdin,
        save_path=save,
        record_info=info,
        lang=lang,
    )
    labels = game.labels()
    listed = ", ".join(f"{seat_name(s)} {labels[s]}" for s in others)
    if lang == "en":
        game.say(
            f"phase10 {printable(variant.name)}: you are {seat_name(human)}; {listed}"
            ". Type 'help' for the rules and commands."
        )
    else:
        game.say(
            game.t(
                "cli.play.welcome",
                variant=f"phase10 {printable(variant.name)}",
                seat=seat_name(human),
                others=listed,
            )
        )
    if load is None:
        game.say(game.t("cli.play.seed", seed=printable(seed)))
    return game.run()


def _seed(given: str | None, load: GameRecord | None) -> str:
    """``--seed``, else the loaded record's seed, else a fresh one (printed to replay it)."""
    if given is not None:
        return str(given)
    if load is not None and load.seed is not None:
        return load.seed
    return str(secrets.randbelow(10**6))


def run(args: argparse.Namespace) -> int:
    """Run ``phase10 play`` with the parsed command line ``args``; return the exit status.

    Raises:
        UsageError: the options contradict each other or the loaded record, or a
            ``module:Class`` of ``--bots`` is not a bot.
        DefinitionError: ``--variant`` names no variant.
        OSError: the record to ``--load`` cannot be read.
        LimitError: the record to ``--load`` is larger than the record size limit.
        NotationError: the record to ``--load`` is not UTF-8 or not valid.
    """
    names: list[str] = args.bots or ["greedy"]
    load = None
    if args.load is not None:
        load = read_record(args.load)
        if args.variant is not None and variant_named(args.variant) != load.variant:
            raise UsageError(f"--variant {args.variant} differs from the record's variant")
        if args.players is not None and args.players != load.num_players:
            raise UsageError(
                f"--players {args.players} differs from the record's {load.num_players}"
            )
        players = load.num_players
    else:
        players = args.players if args.players is not None else 1 + len(names)
    variant = load.variant if load is not None else variant_named(args.variant)
    if not variant.min_players <= players <= variant.max_players:
        raise UsageError(
            f"{variant.name} is for {variant.min_players} to {variant.max_players} players, "
            f"got {players}"
        )
    if args.seat > players:
        raise UsageError(f"--seat must be from 1 to {players}, got {args.seat}")
    return play(
        variant=variant,
        players=players,
        bots=[load_bot(name) for name in names],
        human=args.seat - 1,
        seed=_seed(args.seed, load),
        save=args.save,
        load=load,
        color=use_color(sys.stdout, choice=args.color),
        stdin=sys.stdin,
        stdout=sys.stdout,
        lang=args.lang,
    )
