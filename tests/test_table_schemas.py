"""The shipped schemas of what a client receives are the generated ones, with clean names."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from phase10 import FormatError, schemas
from phase10.table import CLIENT_SCHEMAS, client_schema, client_schemas
from tests.client_schemas import CLIENT_DIR, text

# Names a generated TypeScript type must not take: the language's own global types.
TS_GLOBALS = {
    "Array", "Boolean", "Date", "Error", "Function", "Map", "Number", "Object", "Partial",
    "Pick", "Promise", "Readonly", "Record", "RegExp", "Required", "Set", "String", "Symbol",
    "TypeError", "RangeError", "SyntaxError",
}  # fmt: skip


def test_the_committed_client_schemas_are_the_generated_ones() -> None:
    committed = {p.stem: p.read_text(encoding="utf-8") for p in CLIENT_DIR.glob("*.json")}
    generated = {name: text(schema) for name, schema in client_schemas().items()}
    assert generated == committed, "run: python -m tests.client_schemas"
    assert set(CLIENT_SCHEMAS) == set(committed)


@pytest.mark.parametrize("name", CLIENT_SCHEMAS)
def test_client_schema_reads_the_shipped_file(name: str) -> None:
    schema = client_schema(name)
    assert client_schemas()[name] == schema
    assert schemas.DRAFT == schema["$schema"]
    assert "numbered from 0 in JSON, from 1" in schema["description"]


def test_client_schema_refuses_an_unknown_name() -> None:
    with pytest.raises(FormatError, match="no client schema"):
        client_schema("../view")


def titles(node: Any) -> list[str]:
    if isinstance(node, dict):
        own = [node["title"]] if isinstance(node.get("title"), str) else []
        return own + [t for value in node.values() for t in titles(value)]
    if isinstance(node, list):
        return [t for value in node for t in titles(value)]
    return []


@pytest.mark.parametrize("name", CLIENT_SCHEMAS)
def test_type_names_are_clean_identifiers(name: str) -> None:
    schema = client_schema(name)
    names = titles(schema)
    assert names and all(n.isidentifier() and n[0].isupper() for n in names), names
    assert not set(names) & TS_GLOBALS
    # every definition is named as its key, so a generator cannot make up another name
    assert all(d.get("title") == key for key, d in schema["$defs"].items())


@pytest.mark.parametrize("name", CLIENT_SCHEMAS)
def test_every_reference_resolves(name: str) -> None:
    schema = client_schema(name)
    refs = [r for r in json.dumps(schema).split('"$ref": "')[1:]]
    for ref in (r.split('"', 1)[0] for r in refs):
        where, _, pointer = ref.partition("#")
        target = schema if not where else json.loads((CLIENT_DIR / where).read_text("utf-8"))
        node: Any = target
        for part in pointer.strip("/").split("/"):
            node = node[part]
        assert isinstance(node, dict), ref
    assert Path(CLIENT_DIR.parent / "view.json").exists()
