"""The shipped JSON Schemas (issue 14) are the ones the code generates: they cannot drift.

``python -m phase10.schemas`` rewrites them; this test fails until the committed files are
regenerated after a change of the format. Validating real documents with ``jsonschema`` is
in tests/test_schemas_validate.py (it needs the ``schema-test`` dependency group).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from phase10 import FormatError, schemas

SCHEMA_DIR = Path(schemas.__file__).parent


def test_the_committed_schemas_are_the_generated_ones(tmp_path: Path) -> None:
    schemas.main(str(tmp_path))
    written = {p.name: p.read_text(encoding="utf-8") for p in tmp_path.glob("*.json")}
    committed = {p.name: p.read_text(encoding="utf-8") for p in SCHEMA_DIR.glob("*.json")}
    assert {f"{k}.json" for k in schemas.KINDS} == set(written)
    assert written == committed, "run: python -m phase10.schemas"


@pytest.mark.parametrize("kind", schemas.KINDS)
def test_load_reads_the_shipped_schema(kind: str) -> None:
    schema = schemas.load(kind)
    assert schemas.generate()[kind] == schema
    assert schemas.DRAFT == schema["$schema"]
    assert json.loads(json.dumps(schema)) == schema


def test_load_refuses_an_unknown_kind() -> None:
    with pytest.raises(FormatError) as info:
        schemas.load("../state")
    assert "no schema '../state'" in str(info.value)


def test_every_schema_says_how_players_are_numbered() -> None:
    for kind in schemas.KINDS:
        assert "numbered from 0 in JSON, from 1" in schemas.load(kind)["description"]
