"""A bounded load test of the example server on loopback: latency and memory.

It starts the example app under uvicorn in a child process (one worker), plays one warm-up
game to its end (one client against one greedy bot), and takes the server's memory once
that game's table has expired as the baseline: the process after start-up and one game, so
that import-time and first-use costs are in it. Then ``--clients`` clients each play games
against one greedy bot for ``--seconds`` seconds, one move at a time (draw, lay down when
they can, hit when they can, else discard the first card listed), a new table when a game
ends. It prints the p50/p95/max latency of a move (the answer includes the bot's turn and
the seat's picture) and of creating a table, the server's memory at its peak, and its
memory once every table has expired (the server unloads a table idle for ``--idle``
seconds and deletes its record; when the last one leaves it empties the library's caches
with ``phase10.clear_caches()``, ends its worker threads and trims the C heap)::

    python examples/server/load_test.py --clients 200 --seconds 60

Memory is measured two ways, after a ``gc.collect()`` in the server: its resident memory
(VmRSS) and the Python heap that :mod:`tracemalloc` traces (``--frames`` frames a block;
``--frames 0`` turns tracing off, which makes the server faster). The traced heap's
baseline is the server after the warm-up game; the resident memory's is the server after a
first wave of ``--clients`` for ``--warm-seconds`` (a round's length) has expired too,
since CPython's small-object allocator keeps an arena that a few long-lived objects of the
wave still use (``--warm-seconds 0``: the warm-up game's). The run fails (exit status 1)
if a request failed, or if after a round the resident memory is more than ``--rss-bound``
MB (2) or the traced heap more than ``--traced-bound`` MB (0.5) above its baseline; then
(or with ``--top N``) it prints the tracebacks whose memory grew most.

Linux only (it reads the server's memory from /proc). Every run is bounded: the clients
stop at the deadline, and the script stops the server it started.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import tracemalloc
from pathlib import Path
from typing import Any

import httpx2 as httpx

from phase10.table import Table

HERE = Path(__file__).resolve().parent


def serve(port: int, work: str, idle: float, frames: int) -> None:
    """The child process: the example app under uvicorn, tables idle ``idle`` s expiring.

    With ``frames`` > 0 it traces the Python heap (:mod:`tracemalloc`, that many frames a
    block). On SIGUSR1 it collects the garbage, then writes ``WORK/status.json``: the tables
    in memory, the ``Table`` objects alive, the records on disk, the objects the garbage
    collector tracks, the threads alive, the traced memory (now and its peak since the last
    status, which restarts it) and a snapshot of the trace to ``WORK/status.snap`` (the load
    test's own door: the app has no such route).
    """
    import uvicorn  # only the child process serves

    sys.path.insert(0, str(HERE))
    import app as example  # the example app, from its own folder

    if frames:
        tracemalloc.start(frames)
    store = Path(work) / "tables"
    server = example.create_app(store, idle=idle, expire=idle, sweep_every=1)

    def status(signum: int, frame: object) -> None:
        gc.collect()
        resident = rss_mb(os.getpid())  # first: what the status takes is not counted
        alive = sum(1 for o in gc.get_objects() if isinstance(o, Table))
        traced, peak = tracemalloc.get_traced_memory()
        doc = {
            "rss_mb": resident,
            "games": len(server.state.server.games),
            "tables": alive,
            "records": sum(1 for name in os.listdir(store) if name.endswith(".json")),
            "objects": len(gc.get_objects()),
            "threads": threading.active_count(),
            "traced": traced,
            "traced_peak": peak,
        }
        if frames:
            tracemalloc.take_snapshot().dump(str(Path(work) / "status.snap"))
            tracemalloc.reset_peak()
        Path(work, "status.part").write_text(json.dumps(doc), encoding="utf-8")
        Path(work, "status.part").replace(Path(work, "status.json"))

    signal.signal(signal.SIGUSR1, status)
    config = uvicorn.Config(server, host="127.0.0.1", port=port, log_level="warning", ws="wsproto")
    uvicorn.Server(config).run()


def rss_mb(pid: int) -> float:
    """The resident memory of process ``pid`` in MB (VmRSS of /proc/PID/status)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def choose(payload: dict[str, Any]) -> dict[str, Any]:
    legal: dict[str, dict[str, Any]] = {}
    for move in payload["legal"]:
        legal.setdefault(move["json"]["action"], move["json"])
    for verb in ("draw", "lay", "hit", "discard"):
        if verb in legal:
            return legal[verb]
    return dict(payload["legal"][0]["json"])


class Stats:
    def __init__(self) -> None:
        self.moves: list[float] = []
        self.creates: list[float] = []
        self.errors: dict[str, int] = {}

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


async def client(base: str, deadline: float, stats: Stats, games: int | None = None) -> None:
    """Play games until ``deadline`` (or until ``games`` games have ended)."""
    async with httpx.AsyncClient(base_url=base, timeout=120) as http:
        while time.monotonic() < deadline and games != 0:
            games = None if games is None else games - 1
            start = time.monotonic()
            answer = await http.post("/tables", json={"bots": ["greedy"]})
            stats.creates.append(time.monotonic() - start)
            if answer.status_code != 201:
                stats.error(f"create {answer.status_code}")
                await asyncio.sleep(1)
                continue
            doc = answer.json()
            head = {"Authorization": f"Bearer {doc['token']}"}
            while time.monotonic() < deadline and not doc["payload"]["over"]:
                body = {"move": choose(doc["payload"]), "expect": doc["version"]}
                start = time.monotonic()
                answer = await http.post(f"/tables/{doc['id']}/moves", json=body, headers=head)
                stats.moves.append(time.monotonic() - start)
                if answer.status_code != 200:
                    stats.error(f"move {answer.status_code} {answer.json()['error']['code']}")
                    break
                doc = answer.json()


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


async def load(base: str, clients: int, seconds: float, stats: Stats, pid: int) -> float:
    deadline = time.monotonic() + seconds
    peak = 0.0
    tasks = [asyncio.create_task(client(base, deadline, stats)) for _ in range(clients)]
    while not all(t.done() for t in tasks):
        peak = max(peak, rss_mb(pid))
        await asyncio.sleep(0.5)
    for task in tasks:
        task.result()
    return peak


def settle(pid: int, idle: float, work: str) -> tuple[float, dict[str, Any]]:
    """The server's memory once every table has expired (idle + the sweep + a margin), and
    what it still holds: tables in memory, ``Table`` objects alive, records on disk, the
    traced Python heap (the status ``serve`` writes)."""
    time.sleep(idle + 3)
    return status(pid, work)


def status(pid: int, work: str) -> tuple[float, dict[str, Any]]:
    """The server's resident memory (MB) and its status (``serve`` writes it on SIGUSR1)."""
    done = Path(work, "status.json")
    done.unlink(missing_ok=True)
    os.kill(pid, signal.SIGUSR1)
    deadline = time.monotonic() + 60
    while not done.exists() and time.monotonic() < deadline:
        time.sleep(0.2)
    held: dict[str, Any] = json.loads(done.read_text(encoding="utf-8"))
    return held.pop("rss_mb"), held


def grown(work: str, baseline: str, top: int) -> list[str]:
    """The ``top`` tracebacks whose traced memory grew most since the snapshot ``baseline``."""
    before = tracemalloc.Snapshot.load(baseline)
    after = tracemalloc.Snapshot.load(str(Path(work, "status.snap")))
    lines = []
    for diff in after.compare_to(before, "traceback")[:top]:
        if diff.size_diff <= 0:
            break
        frames = " <- ".join(
            f"{Path(f.filename).name}:{f.lineno}" for f in reversed(diff.traceback[-6:])
        )
        lines.append(f"    {diff.size_diff / 1024:+.1f} KiB {diff.count_diff:+d} blocks: {frames}")
    return lines


MB = 2**20


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--idle", type=float, default=10, help="seconds before a table expires")
    parser.add_argument("--rounds", type=int, default=2, help="rounds of --seconds each")
    parser.add_argument(
        "--frames", type=int, default=1, help="frames tracemalloc keeps a block (0: no tracing)"
    )
    parser.add_argument(
        "--traced-bound", type=float, default=0.5, help="MB of traced heap allowed after expiry"
    )
    parser.add_argument(
        "--rss-bound", type=float, default=2.0, help="MB of resident memory allowed after expiry"
    )
    parser.add_argument(
        "--warm-seconds",
        type=float,
        default=None,
        help="seconds of a warm-up wave before the rounds (default: --seconds; 0: none)",
    )
    parser.add_argument("--top", type=int, default=0, help="print the N tracebacks that grew most")
    parser.add_argument(
        "--serve", nargs=4, metavar=("PORT", "WORK", "IDLE", "FRAMES"), help=argparse.SUPPRESS
    )
    args = parser.parse_args(argv)
    if args.serve:
        serve(int(args.serve[0]), args.serve[1], float(args.serve[2]), int(args.serve[3]))
        return 0
    if not 1 <= args.clients <= 2000 or not 0 < args.seconds <= 600 or not 1 <= args.rounds <= 5:
        parser.error("--clients is 1 to 2000, --seconds at most 600, --rounds 1 to 5")
    if args.warm_seconds is None:
        args.warm_seconds = args.seconds
    if not 0 <= args.warm_seconds <= 600:
        parser.error("--warm-seconds is 0 to 600")
    if not 0 <= args.frames <= 100 or not 0 <= args.top <= 100:
        parser.error("--frames is 0 to 100, --top 0 to 100")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as work:
        command = [
            *(sys.executable, __file__, "--serve", str(port), work),
            *(str(args.idle), str(args.frames)),
        ]
        child = subprocess.Popen(command, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        try:
            return measure(base, child.pid, args, work)
        finally:
            child.terminate()
            child.wait(10)


def measure(base: str, pid: int, args: argparse.Namespace, work: str) -> int:
    deadline = time.monotonic() + 30
    while True:
        try:
            httpx.get(base + "/", timeout=1)
            break
        except httpx.TransportError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)
    started = rss_mb(pid)
    warm = Stats()
    asyncio.run(client(base, time.monotonic() + 300, warm, games=1))
    played = rss_mb(pid)
    cold, held = settle(pid, args.idle, work)
    traced = held["traced"] / MB
    snapshot = str(Path(work, "baseline.snap"))
    if args.frames:
        Path(work, "status.snap").replace(snapshot)
    ms = 1000
    print(f"{args.clients} clients, one uvicorn worker; tables expire after {args.idle:g} s idle")
    print(
        f"server memory: {started:.1f} MB started, {played:.1f} MB after a warm-up game of "
        f"{len(warm.moves)} moves, {cold:.1f} MB once it expired (the traced baseline: "
        f"{traced:.2f} MB; {held})"
    )
    errors = sum(warm.errors.values())
    baseline = cold
    if args.warm_seconds:
        # CPython's small-object allocator hands a 1 MiB arena back only when every block in
        # it is free, and a wave of clients leaves a few hundred long-lived objects (asyncio's
        # free lists among them) spread over the arenas it opened: the resident baseline is
        # the server after one such wave, which the later waves must come back to
        wave = Stats()
        asyncio.run(load(base, args.clients, args.warm_seconds, wave, pid))
        baseline, held = settle(pid, args.idle, work)
        errors += sum(wave.errors.values())
        print(
            f"  after a warm-up wave of {args.warm_seconds:g} s ({len(wave.moves)} moves): "
            f"{baseline:.1f} MB once its tables expired ({baseline - cold:+.2f} MB; the "
            f"resident baseline), traced {held['traced'] / MB:.2f} MB"
        )
    back = True
    for number in range(1, args.rounds + 1):
        stats = Stats()
        begun = time.monotonic()
        peak = asyncio.run(load(base, args.clients, args.seconds, stats, pid))
        took = time.monotonic() - begun
        after, held = settle(pid, args.idle, work)
        moves, creates = stats.moves, stats.creates
        print(f"round {number}: {args.seconds:g} s (took {took:.1f} s)")
        print(
            f"  moves: {len(moves)} ({len(moves) / took:.1f}/s); "
            f"p50 {percentile(moves, 50) * ms:.0f} ms, p95 {percentile(moves, 95) * ms:.0f} ms, "
            f"max {max(moves, default=0) * ms:.0f} ms"
        )
        print(
            f"  tables created: {len(creates)}; p50 {percentile(creates, 50) * ms:.0f} ms, "
            f"p95 {percentile(creates, 95) * ms:.0f} ms"
        )
        print(f"  errors: {stats.errors or 'none'}")
        rss_up, traced_up = after - baseline, held["traced"] / MB - traced
        print(
            f"  memory: resident peak {peak:.1f} MB, {after:.1f} MB after its tables expired "
            f"({rss_up:+.2f} MB); traced peak {held['traced_peak'] / MB:.1f} MB, "
            f"{held['traced'] / MB:.2f} MB after ({traced_up:+.2f} MB); {held}"
        )
        over = rss_up > args.rss_bound or (args.frames and traced_up > args.traced_bound)
        if over:
            print(
                f"  memory NOT back: allowed {args.rss_bound:g} MB resident and "
                f"{args.traced_bound:g} MB traced above the baseline"
            )
        back = back and not over
        if args.frames and (args.top or over):
            print("\n".join(grown(work, snapshot, args.top or 10)))
        errors += sum(stats.errors.values())
    return 0 if not errors and back else 1


if __name__ == "__main__":
    sys.exit(main())
