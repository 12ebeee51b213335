"""JSON Schema (draft 2020-12) documents for every ``phase10/1`` document, shipped in the package.

One schema per document kind: ``card``, ``meld``, ``laydown``, ``phase``, ``action``,
``variant``, ``state``, ``view``, ``record``, and ``document`` (any of them). They are generated
from the codec itself (the attrs fields and type hints that :mod:`phase10.serialize` encodes,
and its key tables), written to this package by ``python -m phase10.schemas``, and a test
checks that the committed files equal what the code generates, so they cannot drift.

A schema checks the shape of a document: keys, types, ranges, card notation. Reading a
document checks more (cards conserved, melds valid, a record's actions legal): a document the
schema accepts may still be refused by :func:`~phase10.from_json`, never the other way round
for documents the library writes. Numbering: players, phases, melds and every index are
0-based in JSON, 1-based in notation and text (``p1`` is player 0); see
:doc:`/reference/json`.

>>> from phase10 import schemas
>>> schemas.load("card")["$defs"]["card"]["type"]
'string'
>>> schemas.KINDS[:3]
('card', 'meld', 'laydown')
"""

from __future__ import annotations

import enum
import json
import types
import typing
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from phase10._json import CARD_PATTERN, GROUP_KINDS, MAX_INT, MAX_STR, optional_keys
from phase10.actions import ACTION_TYPES
from phase10.cards import Card
from phase10.errors import FormatError
from phase10.groups import GroupType, Meld, Value
from phase10.phases import Phase, PhaseMelds
from phase10.serialize import JSON_FORMAT
from phase10.state import CHANCE, GameState, History
from phase10.variants import Variant, variant_names
from phase10.views import PlayerView

__all__ = ["DRAFT", "KINDS", "generate", "load", "main"]

#: The JSON Schema dialect of every schema.
DRAFT = "https://json-schema.org/draft/2020-12/schema"

#: The document kinds, each the key beside ``"format"`` in its documents, then ``document``.
KINDS: tuple[str, ...] = (
    "card",
    "meld",
    "laydown",
    "phase",
    "action",
    "variant",
    "state",
    "view",
    "record",
    "document",
)

# Card notation as the codec reads it (phase10._json.CARD_PATTERN): one definition for both.
_CARD = CARD_PATTERN
_VALUE = "[A-Z]?[0-9]{0,3}"

# Fields whose decoder accepts more than their type says (phase10.serialize's field decoders).
_FIELD_SCHEMAS: dict[tuple[type, str], dict[str, Any]] = {
    (PlayerView, "current_player"): {
        "anyOf": [
            {"type": "null"},
            {"const": CHANCE, "description": "chance acts next"},
            {"type": "integer", "minimum": 0, "maximum": MAX_INT},
        ]
    },
}


def _leaf_defs() -> dict[str, Any]:
    return {
        "card": {
            "description": 'A card in notation, e.g. "R7", "W", "S", "10S", "W1-6:RG".',
            "type": "string",
            "pattern": f"^(?:{_CARD})$",
        },
        "value": {
            "description": 'What a wild stands for: a colour letter and/or number, "R7", "7", "R".',
            "type": "string",
            "pattern": f"^{_VALUE}$",
        },
        "placed": {
            "description": 'A card of a meld; a wild says what it stands for: "W=7".',
            "type": "string",
            "pattern": f"^(?:{_CARD})(?:={_VALUE})?$",
        },
        "group": {
            "type": "object",
            "properties": {
                "kind": {"enum": list(GROUP_KINDS)},
                "size": {"type": "integer", "minimum": 0, "maximum": MAX_INT},
            },
            "required": ["kind", "size"],
            "additionalProperties": False,
        },
        "meld": {
            "type": "object",
            "properties": {
                "group": {"$ref": "#/$defs/group"},
                "cards": {"type": "array", "items": {"$ref": "#/$defs/placed"}, "minItems": 1},
            },
            "required": ["group", "cards"],
            "additionalProperties": False,
        },
        "variant": {
            "description": "A built-in variant by name, or a whole variant.",
            "anyOf": [
                {"enum": list(variant_names(shortened=True))},
                {"$ref": "#/$defs/Variant"},
            ],
        },
        "record": {
            "type": "object",
            "properties": {
                "version": {"type": ["string", "null"], "maxLength": MAX_STR},
                "variant": {"$ref": "#/$defs/variant"},
                "num_players": {"type": "integer", "minimum": 0, "maximum": MAX_INT},
                "dealer": {"type": "integer", "minimum": 0, "maximum": MAX_INT},
                "seed": {"type": ["string", "null"], "maxLength": MAX_STR},
                "tags": {
                    "type": "object",
                    "additionalProperties": {"type": "string", "maxLength": MAX_STR},
                },
                "actions": {
                    "description": "Action notation, players numbered from 1 (p1).",
                    "type": "array",
                    "items": {"type": "string", "maxLength": MAX_STR},
                },
            },
            "required": ["version", "variant", "num_players", "dealer", "seed", "tags", "actions"],
            "additionalProperties": False,
        },
    }


_SPECIAL: dict[Any, str] = {
    Card: "card",
    Value: "value",
    Meld: "meld",
    GroupType: "group",
    Variant: "variant",
}


class _Builder:
    """Schemas of types, the named ones collected in ``defs``."""

    def __init__(self) -> None:
        self.defs: dict[str, Any] = _leaf_defs()

    def ref(self, name: str) -> dict[str, Any]:
        return {"$ref": f"#/$defs/{name}"}

    def of(self, tp: Any) -> dict[str, Any]:
        if tp is History:  # the hand's public events, one event text each
            return {
                "description": "The hand's public events, oldest first, each as str(event) "
                "writes it (event notation, read back by phase10.parse_event).",
                "type": "array",
                "items": {"type": "string", "maxLength": MAX_STR},
            }
        special = _SPECIAL.get(tp)
        if special is not None:
            if tp is Variant and "Variant" not in self.defs:
                self.object(Variant)
            return self.ref(special)
        if tp is bool:
            return {"type": "boolean"}
        if tp is int:
            return {"type": "integer", "minimum": 0, "maximum": MAX_INT}
        if tp is str:
            return {"type": "string", "maxLength": MAX_STR}
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            return {"enum": [m.value for m in tp]}
        origin = typing.get_origin(tp)
        args = typing.get_args(tp)
        if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": self.of(args[0])}
        if origin is tuple:
            items = [self.of(a) for a in args]
            n = len(items)
            return {
                "type": "array",
                "prefixItems": items,
                "items": False,
                "minItems": n,
                "maxItems": n,
            }
        if origin in (typing.Union, types.UnionType) and type(None) in args and len(args) == 2:
            inner = next(a for a in args if a is not type(None))
            return {"anyOf": [{"type": "null"}, self.of(inner)]}
        if isinstance(tp, type) and attrs.has(tp):
            return self.object(tp)
        raise TypeError(f"phase10.schemas has no schema for {tp!r}")

    def object(self, cls: type, *, tag: str | None = None) -> dict[str, Any]:
        name = cls.__name__
        if name not in self.defs:
            self.defs[name] = {}  # placeholder: classes may refer to each other
            hints = typing.get_type_hints(cls)
            fields = [f for f in attrs.fields(cls) if f.init]
            optional = optional_keys(cls, fields)
            properties: dict[str, Any] = {}
            if tag is not None:
                properties["action"] = {"const": tag}
            for f in fields:
                custom = _FIELD_SCHEMAS.get((cls, f.name))
                properties[f.name] = custom if custom is not None else self.of(hints[f.name])
            required = [
                *(["action"] if tag else []),
                *(f.name for f in fields if f.name not in optional),
            ]
            self.defs[name] = {
                "type": "object",
                "properties": properties,
                "required": required,
                "additionalProperties": False,
            }
        return self.ref(name)

    def action(self) -> dict[str, Any]:
        # the "action" tag of each type is its class's, as phase10.serialize writes it
        self.defs["action"] = {"oneOf": [self.object(t, tag=t.tag) for t in ACTION_TYPES]}
        return self.ref("action")


def _value_schemas(builder: _Builder) -> dict[str, dict[str, Any]]:
    return {
        "card": builder.of(Card),
        "meld": builder.of(Meld),
        "laydown": builder.object(PhaseMelds),
        "phase": builder.object(Phase),
        "action": builder.action(),
        "variant": builder.of(Variant),
        "state": builder.object(GameState),
        "view": builder.object(PlayerView),
        "record": builder.ref("record"),
    }


def _document(key: str, value: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {"format": {"const": JSON_FORMAT}, key: value},
        "required": ["format", key],
        "additionalProperties": False,
    }


def _reachable(schema: Any, defs: dict[str, Any]) -> dict[str, Any]:
    """The definitions ``schema`` refers to, directly or not, in ``defs`` order."""
    seen: set[str] = set()
    todo = [schema]
    while todo:
        node = todo.pop()
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                name = ref.removeprefix("#/$defs/")
                if name not in seen:
                    seen.add(name)
                    todo.append(defs[name])
            todo.extend(node.values())
        elif isinstance(node, list):
            todo.extend(node)
    return {name: d for name, d in sorted(defs.items()) if name in seen}


def generate() -> dict[str, dict[str, Any]]:
    """Every schema by kind (:data:`KINDS`), generated from the codec's types and tables."""
    builder = _Builder()
    values = _value_schemas(builder)
    out: dict[str, dict[str, Any]] = {}
    for kind in KINDS:
        if kind == "document":
            body: dict[str, Any] = {
                "oneOf": [_document(k, v) for k, v in values.items()],
            }
            title = f"Any {JSON_FORMAT} document"
        else:
            body = _document(kind, values[kind])
            title = f"A {JSON_FORMAT} {kind} document"
        out[kind] = {
            "$schema": DRAFT,
            "$id": f"https://phase10.readthedocs.io/schemas/phase10-1/{kind}.json",
            "title": title,
            "description": (
                "Players, phases, melds and every index are numbered from 0 in JSON, from 1 "
                "in notation and text (p1 is player 0)."
            ),
            **body,
            "$defs": _reachable(body, builder.defs),
        }
    return out


def _text(schema: dict[str, Any]) -> str:
    """A schema as the committed file holds it: indented, keys in order, a final newline."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def load(kind: str) -> dict[str, Any]:
    """The shipped schema of documents of ``kind``, one of :data:`KINDS`.

    >>> load("state")["title"]
    'A phase10/1 state document'

    Raises:
        FormatError: ``kind`` is not one of :data:`KINDS`.
    """
    if kind not in KINDS:
        raise FormatError(f"no schema {kind!r}: expected one of {', '.join(KINDS)}")
    data = resources.files(__name__).joinpath(f"{kind}.json").read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(data)
    return schema


def main(directory: str | None = None) -> None:
    """Write every schema to ``directory`` (default: this package's own directory)."""
    target = Path(directory) if directory is not None else Path(__file__).parent
    for kind, schema in generate().items():
        (target / f"{kind}.json").write_text(_text(schema), encoding="utf-8")
