"""The TypeScript generated from the client schemas type-checks a client (``.ci/typescript.sh``).

Needs ``node`` and ``npm`` (and the npm registry, unless ``PHASE10_TS_TOOLS`` names a
directory where the pinned tools are installed): an extras test, which fails rather than
skips under ``PHASE10_REQUIRE_EXTRAS=1``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.optional_deps import REQUIRED

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / ".ci" / "typescript.sh"

if not (shutil.which("node") and shutil.which("npm")):
    if REQUIRED:
        raise RuntimeError("the TypeScript check needs node and npm on PATH")
    pytest.skip("needs node and npm", allow_module_level=True)


def run(tools: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHON": sys.executable}
    return subprocess.run(
        ["bash", str(SCRIPT), str(tools)],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        check=False,
    )


@pytest.fixture(scope="module")
def tools(tmp_path_factory: pytest.TempPathFactory) -> Path:
    given = os.environ.get("PHASE10_TS_TOOLS")
    return Path(given) if given else tmp_path_factory.mktemp("typescript")


def test_the_client_type_checks_against_the_generated_typescript(tools: Path) -> None:
    done = run(tools)
    assert 0 == done.returncode, done.stdout + done.stderr
    assert "client.ts type-checks under tsc --strict" in done.stdout


def test_a_client_that_misreads_a_payload_fails_the_check(tools: Path, tmp_path: Path) -> None:
    # the check can fail: the same script on a client that reads a key no payload has
    client = ROOT / "examples" / "client" / "client.ts"
    broken = client.read_text(encoding="utf-8").replace("payload.version", "payload.versoin", 1)
    assert broken != client.read_text(encoding="utf-8")
    copy = tmp_path / "repo"
    for part in (".ci", "src/phase10/schemas", "examples/client"):
        shutil.copytree(ROOT / part, copy / part)
    shutil.copy(ROOT / "pyproject.toml", copy / "pyproject.toml")
    (copy / "examples" / "client" / "client.ts").write_text(broken, encoding="utf-8")
    env = {**os.environ, "PYTHON": sys.executable}
    done = subprocess.run(
        ["bash", str(copy / ".ci" / "typescript.sh"), str(tools)],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        check=False,
    )
    assert 0 != done.returncode
    assert "versoin" in done.stdout + done.stderr
