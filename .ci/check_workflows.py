"""Check GitHub Actions workflows offline, beyond their schema.

Usage: ``python .ci/check_workflows.py .github/workflows/*.yml``.

``actionlint`` cannot be installed here (its PyPI wrapper downloads the binary when it is
built), so ``.ci/run`` checks each workflow against the vendored JSON schema
(``check-jsonschema --builtin-schema vendor.github-workflows``) and then with this script,
which looks at what a schema cannot see:

- every ``needs`` names a job of the workflow;
- ``needs.<job>.outputs.<name>`` names a job that the job needs and an output it declares;
- ``steps.<id>`` names an earlier step of the same job; ``matrix.<key>`` a key of its matrix;
- every ``run`` script passes ``shellcheck`` (with ``${{ ... }}`` replaced by a plain word,
  as actionlint does), in the shell the job or workflow sets (bash by default).

Exit status 1 lists every problem.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML

EXPRESSION = re.compile(r"\$\{\{(.*?)\}\}", re.DOTALL)
NEEDS_OUTPUT = re.compile(r"\bneeds\.([\w-]+)\.outputs\.([\w-]+)")
STEP_REF = re.compile(r"\bsteps\.([\w-]+)\.")
MATRIX_REF = re.compile(r"\bmatrix\.([\w-]+)")


def as_list(value: Any) -> list[str]:
    """``needs`` as a list: absent, one name, or a list of names."""
    if value is None:
        return []
    return [value] if isinstance(value, str) else [str(v) for v in value]


def expressions(node: Any) -> list[str]:
    """The text inside every ``${{ ... }}`` of ``node`` (strings, lists, mappings)."""
    if isinstance(node, str):
        return EXPRESSION.findall(node)
    if isinstance(node, dict):
        return [e for key, value in node.items() for e in expressions(key) + expressions(value)]
    if isinstance(node, list):
        return [e for item in node for e in expressions(item)]
    return []


def check_references(name: str, job: dict[str, Any], jobs: dict[str, Any]) -> list[str]:
    """Problems with the ``needs``, ``steps`` and ``matrix`` references of one job."""
    problems = [
        f"job {name}: needs unknown job {n!r}" for n in as_list(job.get("needs")) if n not in jobs
    ]
    needs = set(as_list(job.get("needs")))
    for text in expressions({k: v for k, v in job.items() if k != "steps"}) + expressions(
        job.get("steps", [])
    ):
        for other, output in NEEDS_OUTPUT.findall(text):
            if other not in needs:
                problems.append(f"job {name}: uses needs.{other} without needing it")
            elif output not in (jobs.get(other, {}).get("outputs") or {}):
                problems.append(f"job {name}: job {other} declares no output {output!r}")
    matrix = (job.get("strategy") or {}).get("matrix") or {}
    for text in expressions(job):
        problems += [
            f"job {name}: unknown matrix key {key!r}"
            for key in MATRIX_REF.findall(text)
            if key not in matrix
        ]
    output_refs = expressions(job.get("outputs") or {})
    seen: set[str] = set()
    for index, step in enumerate(job.get("steps") or []):
        for text in expressions(step):
            problems += [
                f"job {name}, step {index + 1}: steps.{ref} is not an earlier step"
                for ref in STEP_REF.findall(text)
                if ref not in seen
            ]
        if "id" in step:
            seen.add(str(step["id"]))
    for text in output_refs:
        problems += [
            f"job {name}: output refers to unknown step {ref!r}"
            for ref in STEP_REF.findall(text)
            if ref not in seen
        ]
    return problems


def shell_of(job: dict[str, Any], step: dict[str, Any], workflow: dict[str, Any]) -> str:
    """The shell a ``run`` step uses: the step's, the job's, the workflow's, or bash."""
    for holder in (step, (job.get("defaults") or {}).get("run") or {}):
        if "shell" in holder:
            return str(holder["shell"])
    return str(((workflow.get("defaults") or {}).get("run") or {}).get("shell", "bash"))


def check_scripts(path: Path, workflow: dict[str, Any], tmp: Path) -> list[str]:
    """``shellcheck`` every bash ``run`` script of the workflow."""
    problems = []
    for name, job in (workflow.get("jobs") or {}).items():
        for index, step in enumerate(job.get("steps") or []):
            if "run" not in step:
                continue
            shell = shell_of(job, step, workflow)
            if shell.split()[0] not in ("bash", "sh"):
                problems.append(f"job {name}, step {index + 1}: cannot check shell {shell!r}")
                continue
            script = tmp / f"{path.stem}-{name}-{index + 1}.sh"
            body = EXPRESSION.sub("GITHUB_EXPRESSION", str(step["run"]))
            script.write_text(f"#!/usr/bin/env {shell.split()[0]}\n{body}", encoding="utf-8")
            done = subprocess.run(
                ["shellcheck", "--format=gcc", str(script)],
                capture_output=True,
                text=True,
                check=False,
            )
            if done.returncode != 0:
                problems += [
                    f"job {name}, step {index + 1}: {line.split(':', 3)[-1].strip()}"
                    for line in done.stdout.splitlines()
                ] or [f"job {name}, step {index + 1}: shellcheck failed: {done.stderr.strip()}"]
    return problems


def main(argv: list[str]) -> int:
    """Check every workflow file given; print the problems, return 1 if there is one."""
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    yaml = YAML(typ="safe")
    problems: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        for arg in argv:
            path = Path(arg)
            workflow = yaml.load(path.read_text(encoding="utf-8"))
            jobs = workflow.get("jobs") or {}
            found = [
                p for name, job in jobs.items() for p in check_references(name, job, jobs)
            ] + check_scripts(path, workflow, Path(tmp))
            problems += [f"{path}: {p}" for p in found]
            print(f"{path}: {len(jobs)} jobs, {len(found)} problems")
    for problem in problems:
        print(f"error: {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
