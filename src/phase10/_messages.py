"""The one catalogue of the sentences a player reads, and their translations (internal).

Every refusal and explanation is a :class:`Message`: a stable id and named parameters. Its
English text is rendered from the template of :data:`TEMPLATES`; the other languages come from
the gettext catalogs shipped in the package (``phase10/locale/<lang>/LC_MESSAGES/phase10.mo``),
read with the standard library's :mod:`gettext`, so no locale needs to be installed.

The gettext context of each entry is its id and its msgid the English template, so a
translator sees both, and a template's wording can change without changing its id.

>>> Message.of("cards-not-in-hand", cards=("R7", "B7"), count=2).text()
'R7 and B7 are not in your hand.'
>>> Message.of("cards-not-in-hand", cards=("R7", "B7"), count=2).text("es")
'R7 y B7 no están en tu mano.'
"""

from __future__ import annotations

import gettext
from collections.abc import Mapping
from pathlib import Path
from typing import Union

import attrs

__all__ = [
    "LANGUAGES",
    "TEMPLATES",
    "Message",
    "Template",
    "language",
    "language_from_env",
    "translate",
]

#: The languages with a catalog, English first (the templates themselves).
LANGUAGES: tuple[str, ...] = ("en", "hu", "ru", "ro", "es")

_LOCALE_DIR = Path(__file__).parent / "locale"
_DOMAIN = "phase10"

#: A parameter's value: text (cards, seats, notation), a number, a list, or a message of its own
#: (a group's or a colour's name, which is translated too).
Param = Union[str, int, "Message", tuple["Param", ...]]


@attrs.frozen
class Template:
    """One entry of the catalogue: an English sentence, and its plural if it has one.

    Attributes:
        text: The template, ``str.format`` style with named fields (``{card}``).
        plural: The plural form, chosen by the parameter ``count`` (``None``: no plural).
        hidden: Parameters given that the English leaves out and a translation may use
            instead (``named``: English keeps the name as written, others the translated term).
    """

    text: str
    plural: str | None = None
    hidden: tuple[str, ...] = ()


def _t(text: str, plural: str | None = None, hidden: tuple[str, ...] = ()) -> Template:
    return Template(text, plural, hidden)


#: Every message id and its English template. Ids are stable: apps and translations key on them.
TEMPLATES: Mapping[str, Template] = {
    # --- lists, composed sentences
    "list.and": _t("{head} and {last}"),
    "list.or": _t("{head} or {last}"),
    "did-you-mean": _t("Did you mean {text}?"),
    "group-problem": _t("Group {number} ({cards}), a {group}: {reason}"),
    "same-problem": _t("Group {number}: the same problem as group {first}."),
    "text": _t("{text}"),
    "named": _t("{name}", hidden=("term",)),
    "sentences": _t("{sentences}"),
    # --- names: colours, cards, groups, phases
    "color.R": _t("red"),
    "color.B": _t("blue"),
    "color.G": _t("green"),
    "color.Y": _t("yellow"),
    "color.P": _t("purple"),
    "color.C": _t("clubs"),
    "color.D": _t("diamonds"),
    "color.H": _t("hearts"),
    "color.S": _t("spades"),
    "card.wild": _t("Wild"),
    "card.skip": _t("Skip"),
    "group.set": _t("set of {size}", "{count} sets of {size}"),
    "group.run": _t("run of {size}", "{count} runs of {size}"),
    "group.color": _t(
        "group of {size} cards of one colour", "{count} groups of {size} cards of one colour"
    ),
    "group.color-run": _t("same-colour run of {size}", "{count} same-colour runs of {size}"),
    "phase": _t("phase {number}"),
    "phase.groups": _t("{groups}"),
    "phase.distinct": _t("{groups} in different colours"),
    # --- whose turn, which step
    "game-over": _t("The game is over."),
    "chance-to-act": _t("Wait: a card is still being dealt or drawn."),
    "not-chance": _t("That is a move of the dealer, not of a player."),
    "unknown-action": _t("That is not a Phase 10 move."),
    "not-your-turn": _t("It is not your turn: {seat} plays now."),
    "view-other-seat": _t("You can only make your own moves."),
    "draw-first": _t("Draw a card first: draw, or take the top of the discard pile."),
    "already-drew": _t("You have drawn already: lay down, hit or discard."),
    "not-now": _t("You cannot do that now."),
    "announce-not-lay": _t("In this game a phase is announced: use announce."),
    "lay-not-announce": _t("In this game a phase is laid down: use lay."),
    # --- cards in hand, piles
    "card-not-in-hand": _t("{card} is not in your hand."),
    "cards-not-in-hand": _t("{cards} is not in your hand.", "{cards} are not in your hand."),
    "card-used-twice": _t(
        "{card} is used {used} times, but your hand holds only one.",
        "{card} is used {used} times, but your hand holds only {count}.",
    ),
    "discard-pile-empty": _t("The discard pile is empty: draw from the draw pile."),
    "draw-pile-empty": _t("The draw pile is empty."),
    "no-skip-from-discard": _t("A Skip cannot be taken from the discard pile: draw instead."),
    "no-take-two": _t("Drawing two needs a Take two card in front of you."),
    "too-few-to-draw-two": _t("There are fewer than two cards to draw."),
    "not-in-draw-pile": _t("{card} is not in the draw pile."),
    "first-discard-number": _t("The first card of the discard pile must be a number card."),
    # --- phases
    "already-laid-down": _t("You have laid your phase down already in this hand."),
    "already-announced": _t("You have announced a phase in this turn already."),
    "wrong-phase": _t("You need to lay down {wanted}, not {given}."),
    "all-phases-done": _t("You have done every phase."),
    "announce-exact": _t(
        "An announced {group} shows exactly {count} card.",
        "An announced {group} shows exactly {count} cards.",
    ),
    "group-count": _t(
        "{phase} has {count} group, you gave {given}.",
        "{phase} has {count} groups, you gave {given}.",
    ),
    "no-such-phase": _t("There is no such phase: the phases are 1 to {last}."),
    "too-many-groups": _t("No phase has more than {max} groups."),
    "laydown-not-phase": _t("These cards do not lay down {phase} as written."),
    "must-discard-last": _t("Keep a card to discard: every turn ends with a discard."),
    # --- hits
    "hit-before-laydown": _t("Lay down your own phase before you hit."),
    "hit-next-turn": _t("You can hit the others' groups from your next turn on."),
    "no-such-meld": _t("There is no group {meld} on the table."),
    "hit-no-fit": _t("{card} does not fit on {meld}."),
    "hit-no-fit-any": _t("{card} does not fit on any group as written."),
    # --- skips
    "skip-target": _t("This Skip can skip {seats}.", "This Skip can skip one of {seats}."),
    "skip-no-target": _t("Nobody can be skipped now: discard the Skip without a target."),
    "only-skip-targets": _t("Only a Skip card takes a target."),
    # --- melds (one per MeldProblem)
    "meld.skip": _t("A skip can never be part of a group."),
    "meld.too-few-cards": _t(
        "A {group} needs at least {count} card, got {got}.",
        "A {group} needs at least {count} cards, got {got}.",
    ),
    "meld.too-few-naturals": _t(
        "A {group} needs at least {count} natural card, not only wilds (has {got}).",
        "A {group} needs at least {count} natural cards, not only wilds (has {got}).",
    ),
    "meld.mixed-numbers": _t("A set holds one number, these cards have {numbers}."),
    "meld.mixed-colors": _t("A {group} holds one colour, these cards are {colors}."),
    "meld.repeated-number": _t("A run cannot hold two {number}s."),
    "meld.too-long": _t("A run has at most {max} cards, got {got}."),
    "meld.no-wrap": _t("Runs do not wrap: {max} is not followed by 1."),
    "meld.gap": _t(
        "{low} and {high} are too far apart for a run of {count} card.",
        "{low} and {high} are too far apart for a run of {count} cards.",
    ),
    "meld.wild-value": _t(
        "The wild value {pins} does not fit this {group}.",
        "The wild values {pins} do not fit this {group}.",
    ),
    "meld.no-fit": _t("These cards do not form a {group}."),
    "meld.not-in-deck": _t(
        "{cards} is not a card of this game.", "{cards} are not cards of this game."
    ),
    "meld.malformed": _t(
        "These cards are not in the order of their group, or a wild's value differs."
    ),
    # --- notation
    "notation.empty": _t("Type a move, e.g. draw or discard {example}."),
    "notation.unknown-verb": _t("{word} is not a move. The moves are: {verbs}."),
    "notation.not-a-card": _t("{token} is not a card."),
    "notation.card-syntax": _t(
        "{token} is not a card: write a colour letter {choices} and a number from 1 to {max}, "
        "e.g. R7; W is a wild, S a skip."
    ),
    "notation.number-range": _t("{token} is not a card: the numbers run from 1 to {max}."),
    "notation.not-in-game": _t("{token} is not a card of this game."),
    "notation.which-card": _t("Which card? e.g. {verb} {example}."),
    "notation.bad-seat": _t("{token} is not a seat: the seats are p1, p2 and so on."),
    "notation.unexpected": _t("{token} is not expected there."),
    "notation.only-wild-value": _t("Only a wild takes a value, written W=7."),
    "notation.not-text": _t("A move is written as text."),
    "notation.no-move-fits": _t("No move fits {text} now."),
    "ambiguous": _t(
        "{text} fits {count} move: write more of it.",
        "{text} fits {count} moves: write more of it.",
    ),
    # --- JSON-shaped input
    "json.expected-card": _t("Expected a card such as R7 at {path}, got {got}."),
    "json.expected-groups": _t("Expected a list of groups of cards, got {got}."),
    "json.expected": _t("The value at {path} should be {expected}, not {got}."),
    "json.an-array": _t("an array"),
    "json.an-object": _t("an object"),
    "json.want.int": _t("a whole number from 0 to {max}"),
    "json.want.bool": _t("true or false"),
    "json.want.string": _t("a string (at most {max} characters)"),
    "json.want.card": _t('a card in notation such as "R7"'),
    "json.want.cards": _t("an array of cards"),
    "json.want.nonempty-cards": _t("a non-empty array of cards"),
    "json.want.placed-card": _t('a card such as "R7" or "W=7"'),
    "json.want.value": _t(
        'what a card stands for: a colour letter and/or a number such as "R7", "7", "R" or ""'
    ),
    "json.want.one-of": _t("one of {choices}"),
    "json.want.variant": _t("a variant name or object"),
    "json.want.action": _t("an action object"),
    "json.want.document": _t("a document object"),
    "json.want.events": _t("an array of events"),
    "json.want.text": _t("JSON text"),
    "json.want.object": _t("an object"),
    "json.want.array": _t("an array"),
    "json.want.array-of": _t("an array of {count} item", "an array of {count} items"),
    "json.missing-key": _t("The document lacks {path}."),
    "json.unknown-key": _t("{path} is not a key this document can have."),
    "json.not-json": _t("That text is not JSON."),
    "json.too-deep": _t("That JSON is nested too deeply."),
    "json.key-twice": _t("The key {name} appears twice in one object."),
    "json.invalid": _t("The value at {path} is not valid."),
    "json.not-a-card": _t("{card} at {path} is not a card."),
    "json.unknown-variant": _t("There is no variant {name}: give a custom variant in full."),
    "json.variant-name": _t("Write the variant's name as {name}, not {given}."),
    "json.format": _t(
        "This document is not in the format this version reads.", hidden=("expected", "got")
    ),
    # --- explain: why a hand does not lay down a phase
    "explain.can": _t("can lay down {phase}: {laydown}"),
    "explain.none": _t("none"),
    "explain.naturals": _t(
        "cannot lay down {phase}: it needs at least one natural card (a number card, not a "
        "wild), and these {cards} cards have {naturals}",
        "cannot lay down {phase}: it needs at least {count} natural cards (number cards, not "
        "wilds), and these {cards} cards have {naturals}",
    ),
    "explain.no-naturals": _t(
        "cannot lay down {phase}: no {group} from these {cards} cards holds the natural cards "
        "it needs"
    ),
    "explain.not-at-once": _t(
        "cannot lay down {phase}: each group can be made on its own, but not all of them at "
        "once from these {cards} cards"
    ),
    "explain.cannot": _t("cannot lay down {phase}: {clauses}"),
    "explain.possible": _t("{group}: possible on its own"),
    "explain.best": _t(
        "{group}: best has {have}, missing one of {choices}",
        "{group}: best has {have}, missing {count} of {choices}",
    ),
    # --- the rules of a variant, as Variant.describe writes them
    "rules.turn.announce": _t(
        "A turn: take the top card of the discard pile or the draw pile, then discard one "
        "card (T-2)."
    ),
    "rules.turn.announce-phase": _t(
        "When you hold your phase you may announce it (T-4): keep the cards, or discard "
        "them and draw as many; then work on the next phase."
    ),
    "rules.turn.table": _t(
        "A turn: draw (the draw pile or the top discard), optionally lay down your whole "
        "phase (once a hand), then hit: add single cards to melds on the table, once your "
        "phase is down; end by discarding (C-11 to C-14)."
    ),
    "rules.hit.any": _t(
        "You may hit your own and others' melds, also on the turn you lay down (C-14)."
    ),
    "rules.hit.own": _t(
        "On the turn you lay down you may hit only your own melds; others' from your next "
        "turn (C-14)."
    ),
    "rules.out.any": _t(
        "You go out when you have no cards left: by discarding, hitting or laying down "
        "your last card (C-15)."
    ),
    "rules.out.action": _t(
        "Every turn ends with a discard or an action card, so you go out only by that last "
        "card, never by hitting or laying it down (M-7); Give five is the one turn without "
        "a discard (M-15)."
    ),
    "rules.out.discard": _t(
        "Every turn ends with a discard, so you go out only by discarding your last card, "
        "never by hitting or laying it down (C-15)."
    ),
    "rules.hand.everybody": _t(
        "A hand ends when a player has no cards left; everybody moves on to the next phase, "
        "completed or not (V-1)."
    ),
    "rules.hand.laid-down": _t(
        "A hand ends when a player has no cards left; who laid down their phase moves on to "
        "the next one (C-22)."
    ),
    "rules.last.ten": _t("phase 10"),
    "rules.last.last": _t("the last phase"),
    "rules.end.announce": _t("The first player to complete {last} wins (T-5)."),
    "rules.end.at-last": _t(
        "The game ends the moment a player lays down {last}; that player wins (T-5)."
    ),
    "rules.end.every-hand": _t("After {last} the lowest total wins (V-1)."),
    "rules.end.pick": _t(
        "Pick-a-phase: lay down any phase you have not completed yet; the game ends after "
        "a hand in which someone completed them all, the lowest score of them winning "
        "(V-4, C-25)."
    ),
    "rules.end.last": _t(
        "The game ends after a hand in which someone completed {last}; of them the "
        "lowest score wins (C-24, C-25)."
    ),
    "rules.end.max-hands": _t(
        "The game ends at the latest after {count} hand, the lowest total of all players "
        "winning (C-24).",
        "The game ends at the latest after {count} hands, the lowest total of all players "
        "winning (C-24).",
    ),
    "rules.end.tie-break": _t("A tie is played off in a tie-break hand on {last} (C-26)."),
    "rules.end.share": _t("Tied players share the win (M-10)."),
    "rules.end.loser": _t(
        "Of the players on the lowest phase, the one with the most points loses (T-6)."
    ),
    "rules.wrap.yes": _t("{max} is followed by 1"),
    "rules.wrap.no": _t("no wrapping"),
    "rules.colours.suits": _t("red or black; suit runs: consecutive numbers of one suit"),
    "rules.colours.one": _t("one colour"),
    "rules.groups": _t(
        "Sets: cards of one number; runs: consecutive numbers ({wrap}, C-7); colour groups: "
        "{colours}."
    ),
    "rules.wild.ranged": _t(
        "Jokers stand only for a number in their range and a colour they show (M-2)"
    ),
    "rules.wild.any": _t("Wilds stand for any number and colour"),
    "rules.natural.none": _t("{wild}; a group may be all wilds (C-17)."),
    "rules.natural.phase": _t(
        "{wild}, but the phase laid down needs at least one natural card (C-17)."
    ),
    "rules.natural.group": _t("{wild}, but every group needs at least one natural card (C-17)."),
    "rules.natural.counts": _t(
        "{wild}, but every set needs at least {sets} natural card and every run {runs} (M-4)."
    ),
    "rules.word.0": _t("no"),
    "rules.word.1": _t("one"),
    "rules.word.2": _t("two"),
    "rules.word.3": _t("three"),
    "rules.skip.next": _t("Discarding a skip makes the next player lose their next turn (C-19)."),
    "rules.skip.chosen": _t(
        "Discarding a skip makes another player of your choice lose their next turn (C-19)."
    ),
    "rules.skip.round": _t("A player is skipped at most once a round (C-20)."),
    "rules.skip.one": _t("At most one skip lies against a player at a time (C-20, M-14)."),
    "rules.action-cards": _t(
        "Action cards (M-11): TT Take two (from the next turn draw two, keep one), KA Keep "
        "all (keep your hand into the next hand), GF Give five (the others offer five "
        "cards, you take one), S Skip. Playing one ends the turn."
    ),
    "rules.reshuffles": _t(
        "A hand that has reshuffled the discard pile {count} time ends without a winner when "
        "the draw pile runs out again (C-16).",
        "A hand that has reshuffled the discard pile {count} times ends without a winner when "
        "the draw pile runs out again (C-16).",
    ),
    "rules.hand-turns": _t(
        "A hand that has lasted {count} turn ends without a winner: nobody scores, the "
        "phases laid down count (C-16).",
        "A hand that has lasted {count} turns ends without a winner: nobody scores, the "
        "phases laid down count (C-16).",
    ),
    "rules.points.per-card": _t("{count} point(s) per card left in hand (M-8)"),
    "rules.points.numbers": _t(
        "{low} points for 1-{below}, {high} for {high_from} and up, {wild} for a wild, left "
        "in hand (C-23)"
    ),
    "rules.points.numbers-skip": _t(
        "{low} points for 1-{below}, {high} for {high_from} and up, {skip} for a skip, "
        "{wild} for a wild, left in hand (C-23)"
    ),
    "rules.first.winner": _t("the winner"),
    "rules.first.out": _t("whoever goes out"),
    "rules.scoring": _t("Scoring: {first} scores 0, the others {points}; low is good."),
    "rules.summary.title": _t("Rules of {variant} (rule IDs refer to the rules reference):"),
    "rules.summary.phases": _t("Phases:"),
    "rules.summary.commands": _t(
        "Commands: a number from the menu, or an action in notation (e.g. 'discard R7'); "
        "'help' shows this, 'show' the table, 'all' every option, 'save [FILE]' saves the "
        "game record, 'quit' (or end of input) stops."
    ),
    # --- the command line
    "cli.check.groups-fail": _t("phase {number} ({phase}): these groups do not lay it down"),
    "cli.check.cannot": _t("phase {number} ({phase}): does not lay down"),
    "cli.check.can": _t("phase {number} ({phase}): lays down"),
    "cli.check.left": _t("left in hand: {cards}"),
    "cli.nothing": _t("nothing"),
    "cli.meld.valid": _t("{group}: valid: {meld}"),
    "cli.meld.invalid": _t("{group}: invalid: {reason}"),
    "cli.play.welcome": _t(
        "{variant}: you are {seat}; {others}. Type 'help' for the rules and commands."
    ),
    "cli.play.menu.draw": _t("Draw"),
    "cli.play.menu.lay": _t("Lay down"),
    "cli.play.menu.hit": _t("Hit"),
    "cli.play.menu.discard": _t("Discard (ends your turn)"),
    "cli.play.menu.choose": _t("Choose"),
    "cli.play.choose-number": _t("Choose a number from 1 to {count}, or type 'help'."),
    "cli.play.which-one": _t("Which one? {text}"),
    "cli.play.help-hint": _t("Type 'help' for the commands."),
    "cli.play.hand-over": _t("-- end of hand {number}: {scores}"),
    "cli.play.score": _t("{seat} {points} points, phase {phase}"),
    "cli.play.score-done": _t("{seat} {points} points, all phases done"),
    "cli.play.next-hand": _t("(Enter: deal hand {number}) "),
    "cli.play.over": _t("The game is over."),
    "cli.play.winner": _t("Winner: {seats}", "Winners: {seats}"),
    "cli.play.you-win": _t("You win!"),
    "cli.play.nobody": _t("nobody"),
    "cli.play.bye": _t("Bye."),
    "cli.play.your-hand": _t("your hand: {cards}"),
    "cli.play.you": _t("(you)"),
    "cli.play.seed": _t("seed {seed}: play this game again with --seed {seed}"),
    "cli.move.draw": _t("draw from the draw pile"),
    "cli.move.take": _t("take the top card of the discard pile"),
    "cli.move.draw-two": _t("draw two cards and keep one (Take two)"),
    "cli.move.lay": _t("lay down {laydown}"),
    "cli.move.hit": _t("hit {card} on {meld}"),
    "cli.move.hit-low": _t("hit {card} on {meld} at the low end"),
    "cli.move.hit-high": _t("hit {card} on {meld} at the high end"),
    "cli.move.discard": _t("discard {card}"),
    "cli.move.discard-skip": _t("discard {card}, skipping {seat}"),
    "cli.move.keep": _t("keep {card}"),
    "cli.move.offer": _t("offer {card}"),
    "cli.move.take-offer": _t("take {card} offered by {seat}"),
    "cli.move.keep-hand": _t("keep your hand for the next hand"),
    "cli.move.give-hand": _t("give your hand up"),
    "cli.move.announce-keep": _t("announce {laydown} and keep the cards"),
    "cli.move.announce-redraw": _t("announce {laydown} and discard them and draw as many"),
    "cli.seen.you-skipped": _t("you are skipped: you lose a turn"),
    "cli.seen.skipped": _t("{seat} is skipped: loses a turn"),
    "cli.seen.keeps-one": _t("{seat} keeps one of the two cards"),
    "cli.seen.first-discard": _t("the first discard is {card}"),
    "cli.seen.reshuffle": _t("the discard pile is shuffled into a new draw pile"),
    "cli.seen.you-draw": _t("you draw {card}"),
    "cli.seen.takes": _t("{seat} takes {card}"),
    "cli.seen.takes-discard": _t("{seat} takes the discard"),
    "cli.seen.draws": _t("{seat} draws"),
    "cli.seen.keeps-hand": _t("{seat} keeps their hand"),
    "cli.seen.gives-hand": _t("{seat} gives their hand up"),
    "cli.table.hand": _t("hand {number}, {variant}"),
    "cli.table.tie-break": _t(", tie-break"),
    "cli.table.phase": _t("phase {number} ({phase})"),
    "cli.table.all-done": _t("all phases done"),
    "cli.table.cards": _t("{count} card", "{count} cards"),
    "cli.table.points": _t("{count} points", "{count} points"),
    "cli.table.laid-down": _t("laid down"),
    "cli.table.skip-pending": _t("skip pending"),
    "cli.table.skip-guard": _t("no skip for {count} more turn", "no skip for {count} more turns"),
    "cli.table.table": _t("table:"),
    "cli.table.empty": _t("empty"),
    "cli.table.piles": _t("discard pile: {discard}; draw pile: {draw}"),
    "cli.table.offered": _t("offered: {offers}"),
    "cli.table.drew": _t("you drew: {cards}"),
    # --- the pictures (svg)
    "svg.card": _t("{color} {number}"),
    "svg.wild": _t("wild"),
    "svg.skip": _t("skip"),
    "svg.action-card": _t("{name} action card"),
    "svg.rank.1": _t("ace"),
    "svg.rank.11": _t("jack"),
    "svg.rank.12": _t("queen"),
    "svg.rank.13": _t("king"),
    "svg.suit-card": _t("{rank} of {color}"),
    "svg.wild-range": _t("{wild} {low}-{high}"),
    "svg.wild-colors": _t("{wild} in {choices}"),
    "svg.face-down": _t("face-down card"),
    "svg.face-down-count": _t("{count} face-down card", "{count} face-down cards"),
    "svg.standing-for": _t("{card} standing for {value}"),
    "svg.any": _t("any"),
    "svg.no-cards": _t("no cards"),
    "svg.hand": _t("hand: {cards}"),
    "svg.all-done": _t("all phases done"),
    "svg.phase": _t("phase {number}: {phase}"),
    "svg.game-over": _t("game over"),
    "svg.winners": _t("game over: {seats} wins", "game over: {seats} win"),
    "svg.chance": _t("chance"),
    "svg.to-act": _t("{seat} to act ({step})"),
    "svg.heading": _t("hand {number} \u2014 {step}"),
    "svg.turn.title": _t("A turn, step by step"),
    "svg.turn.summary": _t(
        "A turn: 1. draw from the draw pile or the discard pile; 2. optionally lay down your"
        " phase; 3. optionally hit; 4. discard, which ends the turn; then the next player"
    ),
    "svg.turn.draw": _t("1. Draw"),
    "svg.turn.draw-top": _t("the top of the draw pile"),
    "svg.turn.draw-or": _t("or of the discard pile"),
    "svg.turn.lay": _t("2. Lay down"),
    "svg.turn.lay-whole": _t("your whole phase at once,"),
    "svg.turn.lay-once": _t("once per hand"),
    "svg.turn.hit": _t("3. Hit"),
    "svg.turn.hit-add": _t("add cards to melds"),
    "svg.turn.hit-after": _t("once your phase is down"),
    "svg.turn.discard": _t("4. Discard"),
    "svg.turn.discard-one": _t("one card: the turn ends;"),
    "svg.turn.discard-skip": _t("a skip skips a player"),
    "svg.turn.optional": _t("optional \u00b7 {rule}"),
    "svg.turn.next": _t(
        "the next player's turn (a hand ends when a player has no cards left, {rule})"
    ),
    "svg.view-title": _t("{variant}, {seat}'s view: {heading}"),
    "svg.game-title": _t("{variant}: {heading}"),
    "svg.cards": _t("{count} card", "{count} cards"),
    "svg.points": _t("{count} point", "{count} points"),
    "svg.laid-down": _t("phase laid down"),
    "svg.skip-waiting": _t("skip waiting"),
    "svg.lost-turn": _t("skipped: loses this turn"),
    "svg.you": _t("(you)"),
    "svg.to-play": _t("\u25b6 to play"),
    "svg.from": _t("on the table from {seat}"),
    "svg.draw-pile": _t("draw pile: {count}"),
    "svg.discard-pile": _t("discard pile: {count}"),
    "svg.empty": _t("(empty)"),
    "svg.your-hand": _t("your hand ({seat}): {cards}"),
    "svg.left-in-hand": _t("left in hand"),
    "svg.the-hand": _t("the hand"),
    "svg.lays-down": _t("lays down {phase}: {laydown}"),
    "step.deal": _t("deal"),
    "step.turn-up": _t("turn-up"),
    "step.draw": _t("draw"),
    "step.reveal": _t("reveal"),
    "step.reshuffle": _t("reshuffle"),
    "step.play": _t("play"),
    "step.draw-two": _t("draw-two"),
    "step.keep": _t("keep"),
    "step.offer": _t("offer"),
    "step.take-offer": _t("take-offer"),
    "step.keep-hand": _t("keep-hand"),
    "step.over": _t("over"),
    # --- one fallback per error code
    "error.error": _t("Something went wrong."),
    "error.notation": _t("That is not a move as written."),
    "error.format": _t("That document is not valid."),
    "error.invalid-card": _t("That card cannot exist."),
    "error.definition": _t("That game definition is not consistent."),
    "error.argument": _t("That request is not valid."),
    "error.invalid-state": _t("That game state is not consistent."),
    "error.invalid-meld": _t("These cards do not form that group."),
    "error.invalid-action": _t("That move is not well formed."),
    "error.illegal": _t("That move is not allowed now."),
    "error.ambiguous-action": _t("That fits several moves: write more of it."),
    "error.picture": _t("That picture option is out of range."),
    "error.limit": _t("The input is too large."),
    "error.search-limit": _t("That hand is too hard to search."),
}


def language(code: str | None) -> str:
    """The catalog language for a locale name (``ru_RU.UTF-8`` -> ``ru``); ``en`` if none fits.

    >>> language("ru_RU.UTF-8"), language("es"), language("de_DE"), language(None)
    ('ru', 'es', 'en', 'en')
    """
    if not code:
        return "en"
    short = code.replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    return short if short in LANGUAGES else "en"


def language_from_env(environ: Mapping[str, str]) -> str:
    """The language the environment asks for: ``LC_ALL``, ``LC_MESSAGES``, ``LANGUAGE``, ``LANG``.

    >>> language_from_env({"LANG": "hu_HU.UTF-8"}), language_from_env({})
    ('hu', 'en')
    """
    for name in ("LC_ALL", "LC_MESSAGES", "LANGUAGE", "LANG"):
        value = environ.get(name, "")
        if value:
            return language(value.split(":")[0])
    return "en"


#: English is the templates themselves: no catalog to read.
_ENGLISH = gettext.NullTranslations()


def _catalog(lang: str) -> gettext.NullTranslations:
    # gettext.translation keeps each file it has read, so this reads every file once.
    if lang == "en":
        return _ENGLISH
    return gettext.translation(_DOMAIN, localedir=str(_LOCALE_DIR), languages=[lang], fallback=True)


def translate(key: str, lang: str = "en", count: int | None = None) -> str:
    """The template of ``key`` in ``lang`` (English where the catalog has none).

    Raises:
        KeyError: ``key`` is not in :data:`TEMPLATES`.
    """
    template = TEMPLATES[key]
    catalog = _catalog(language(lang))
    if template.plural is None or count is None:
        return catalog.pgettext(key, template.text)
    return catalog.npgettext(key, template.text, template.plural, count)


def _join(items: tuple[str, ...], lang: str, key: str = "list.and") -> str:
    if len(items) <= 1:
        return "".join(items)
    return translate(key, lang).format(head=", ".join(items[:-1]), last=items[-1])


def _render(value: Param, lang: str, name: str = "") -> str:
    if isinstance(value, Message):
        return value.text(lang)
    if isinstance(value, tuple):
        items = tuple(_render(v, lang) for v in value)
        # a parameter named "sentences" holds whole sentences, one after another, "clauses"
        # the parts of one; one named "choices" is a list of alternatives (R, B, G or Y)
        if name == "sentences":
            return " ".join(items)
        if name == "clauses":  # the parts of one sentence
            return "; ".join(items)
        return _join(items, lang, "list.or" if name == "choices" else "list.and")
    return str(value)


@attrs.frozen
class Message:
    """A sentence as data: a stable id (a key of :data:`TEMPLATES`) and named parameters.

    Attributes:
        id: The message id, e.g. ``"card-not-in-hand"``.
        params: The parameters, as ``(name, value)`` pairs in name order.
    """

    id: str
    params: tuple[tuple[str, Param], ...] = ()

    @classmethod
    def of(cls, key: str, **params: Param) -> Message:
        """The message ``key`` with ``params``."""
        return cls(key, tuple(sorted(params.items())))

    @property
    def arguments(self) -> dict[str, Param]:
        """The parameters as a dict."""
        return dict(self.params)

    def text(self, lang: str = "en") -> str:
        """The sentence in ``lang`` (a code of :data:`LANGUAGES`; English for any other)."""
        params = self.arguments
        count = params.get("count")
        template = translate(self.id, lang, count if isinstance(count, int) else None)
        return template.format(**{k: _render(v, lang, k) for k, v in params.items()})

    def to_json(self) -> dict[str, object]:
        """The parameters as JSON: lists for lists, ``{"id", "params"}`` for a message."""
        return {k: _json(v) for k, v in self.params}


def _json(value: Param) -> object:
    if isinstance(value, Message):
        return {"id": value.id, "params": value.to_json()}
    if isinstance(value, tuple):
        return [_json(v) for v in value]
    return value
