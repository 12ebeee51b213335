"""The module layers of the package: the one list the architecture test and its diagram read.

``tests/test_architecture.py`` checks the imports against :data:`LAYERS`;
docs/explanation/architecture.md shows :func:`diagram`, and a test there keeps the page's
diagram equal to it. After adding a module here, print the new diagram with
``python -m tests.layers`` and paste it into the page.
"""

from __future__ import annotations

import attrs


@attrs.frozen
class Section:
    """A band of the diagram: a name and its modules, top to bottom, with what each owns.

    ``stacked``: each module is a layer of its own, above the next one down; otherwise the
    modules are one layer of peers, which may import each other without a cycle.
    """

    name: str
    modules: tuple[tuple[str, str], ...]
    stacked: bool = False


#: The sections of the diagram, top to bottom.
SECTIONS: tuple[Section, ...] = (
    Section(
        "application",
        (
            ("phase10.cli", "the command line, one module per command"),
            ("phase10.__main__", "python -m phase10"),
        ),
    ),
    Section(
        "facade",
        (("phase10", "the package: re-exports the public names of the layers below"),),
    ),
    Section("servers", (("phase10.table", "Table: the game loop of servers and terminal games"),)),
    Section(
        "uses",
        (
            ("phase10.bots", "RandomBot, GreedyBot, ISMCTSBot"),
            ("phase10._grammar", "the grammar of action and event text (internal)"),
            ("phase10.notation", "action notation: parse_action, action_text"),
            ("phase10._history_text", "the history's event text: parse_event, parse_history"),
            ("phase10.encoding", "integer action ids and a laydown's sub-decisions"),
            ("phase10.observation", "observation vectors for learning agents"),
            ("phase10.records", "GameRecord: a whole game as text"),
            ("phase10.schemas", "the JSON Schemas of the documents"),
            ("phase10.serialize", "to_json, from_json: the JSON documents"),
            ("phase10.simulation", "simulate, play_game: bots against bots"),
            ("phase10.svg", "pictures of cards, melds, tables and turns"),
            ("phase10.adapters", "the PettingZoo and OpenSpiel environments"),
        ),
    ),
    Section(
        "helpers",
        (
            ("phase10.analysis", "what a hand needs: phase_distance, count_outs, ..."),
            ("phase10.grouping", "lay_down_from_groups: the laydown a player grouped"),
        ),
        stacked=True,
    ),
    Section(
        "internal",
        (("phase10._layout", "the layout shared by action ids and observation vectors"),),
    ),
    Section(
        "engine",
        (
            ("phase10.views", "what one player may know; determinization for search"),
            ("phase10.chance", "sampling chance outcomes (sample_chance, play_chance)"),
            ("phase10.rules", "new_game, legal_actions, check, is_legal, apply, ..."),
            ("phase10._members", "enumeration members as module constants: fenced speed"),
            ("phase10.state", "GameState, PlayerState, TurnStep, History"),
            ("phase10.actions", "Draw, LayDown, Hit, Discard, ..., Deal, Reveal, ..."),
        ),
        stacked=True,
    ),
    Section(
        "game definitions",
        (
            ("phase10._json", "the JSON codec of cards, melds, phases and variants (internal)"),
            ("phase10.variants", "Variant: the deck, the phases, the rule options"),
            ("phase10.laydown", "the exact laydown search, explain"),
            ("phase10._laydown_search", "the walk over cards or card classes (internal)"),
            ("phase10._laydown_oracle", "can the groups left still be made? on counts (internal)"),
            ("phase10._laydown_plan", "a phase under a rule set, compiled once (internal)"),
            ("phase10._written", "written groups -> a phase, and why not (internal)"),
            ("phase10.phases", "Phase: the groups laid down together; PhaseMelds"),
            ("phase10.groups", "group types, melds, check_meld"),
            ("phase10.scoring", "what the cards left in hand cost"),
            ("phase10.hints", "did you mean: the likely card or verb of a typo"),
            ("phase10.cards", "Card, decks, card notation"),
        ),
        stacked=True,
    ),
    Section(
        "internals",
        (
            ("phase10._checks", "argument checks shared by constructors"),
            ("phase10._fast", "fenced speed code: generated evolve, trusted builds, reuse, caches"),
            ("phase10._version", "the version number"),
            ("phase10._pictures", "the registry that gives low classes their notebook pictures"),
        ),
    ),
    Section("limits", (("phase10.limits", "Limits: the bound on every input and search"),)),
    Section(
        "base",
        (
            ("phase10.errors", "Phase10Error and its subclasses"),
            ("phase10._messages", "the catalogue of messages and their translations"),
            ("phase10._enums", "the repr of every enumeration"),
        ),
    ),
)


def _layers() -> tuple[tuple[str, ...], ...]:
    found: list[tuple[str, ...]] = []
    for section in reversed(SECTIONS):
        names = tuple(m for m, _ in section.modules)
        if section.stacked:
            found.extend((m,) for m in reversed(names))
        else:
            found.append(names)
    return tuple(found)


#: The layers, low to high. A module may import from a lower layer; modules of one layer with
#: several members are peers and may import each other, as long as that makes no cycle. A
#: subpackage (``phase10.adapters``, ``phase10.cli``) belongs, with all its modules, to the
#: layer of its name. ``phase10`` itself is the facade that re-exports the library: nothing in
#: the library imports it; only the command line, an application of the library, sits above.
LAYERS: tuple[tuple[str, ...], ...] = _layers()


def _short(module: str) -> str:
    return module if module == "phase10" else module.removeprefix("phase10.")


def diagram() -> str:
    """The diagram of :data:`SECTIONS`, top to bottom, as the architecture page shows it.

    A section of peers is marked ``(one layer)`` under its name, a stacked one
    ``(a layer each)``; a line of dashes separates sections.
    """
    width = max(len(_short(m)) for s in SECTIONS for m, _ in s.modules) + 2
    rule = " " + "-" * 90
    out: list[str] = []
    for i, section in enumerate(SECTIONS):
        if i:
            out.append(rule)
        marks = [section.name]
        if len(section.modules) > 1:
            marks.append("(a layer each)" if section.stacked else "(one layer)")
        for j, (module, role) in enumerate(section.modules):
            label = marks[j] if j < len(marks) else ""
            out.append(f" {label:<17} {_short(module):<{width}} {role}".rstrip())
    return "\n".join(out)


if __name__ == "__main__":
    print(diagram())
