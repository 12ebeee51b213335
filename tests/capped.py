"""Run a snippet in a fresh interpreter under a CPU-time and memory cap (issue 23).

The regression tests of hostile input use it: a case that regresses to quadratic work or
unbounded memory is killed by the cap (``resource.setrlimit``) and fails the test, instead
of hanging the suite.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"


def run_capped(code: str, *, cpu_seconds: int, memory_mb: int = 1024) -> str:
    """Run ``code`` with ``python -c`` under the caps; return its stdout.

    Raises:
        AssertionError: the snippet failed or was killed by a cap (its stderr is shown).
    """

    def limit() -> None:  # pragma: no cover - runs in the child
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds))
        memory = memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(SRC), str(SRC.parent)])}
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        preexec_fn=limit,
        timeout=max(60, 20 * cpu_seconds),
        check=False,
    )
    assert done.returncode == 0, (
        f"the capped run ended with {done.returncode} (a signal such as SIGXCPU means the "
        f"CPU cap was hit, a MemoryError the memory cap):\n{done.stderr[-3000:]}"
    )
    return done.stdout
