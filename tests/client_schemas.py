"""Write the client schemas (``phase10.table.client_schemas``) into the package.

``python -m tests.client_schemas`` rewrites ``src/phase10/schemas/client/*.json`` after a
change of what a table sends; tests/test_table_schemas.py fails until they are rewritten.
"""

from __future__ import annotations

import json
from pathlib import Path

from phase10.table import client_schemas

#: Where the client schemas are shipped.
CLIENT_DIR = Path(__file__).resolve().parent.parent / "src" / "phase10" / "schemas" / "client"


def text(schema: dict[str, object]) -> str:
    """A schema as the committed file holds it, as ``phase10.schemas`` writes its own."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def main() -> None:
    """Write every client schema into :data:`CLIENT_DIR`."""
    CLIENT_DIR.mkdir(exist_ok=True)
    for name, schema in client_schemas().items():
        (CLIENT_DIR / f"{name}.json").write_text(text(schema), encoding="utf-8")


if __name__ == "__main__":
    main()
