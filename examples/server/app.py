"""A Phase 10 web server to copy: Starlette, phase10.table.Table, a plain HTML+JS page.

Run it with uvicorn (``pip install starlette uvicorn wsproto``, or the ``web`` dependency
group) and open http://127.0.0.1:8000/::

    uvicorn --app-dir examples/server app:app

What makes it safe to copy (docs/howto/run-a-game-server.md says why each one matters):

* **Seat tokens.** Creating a table answers one secret token per person's seat; every other
  request names its table and brings a token (``Authorization: Bearer TOKEN``, or
  ``?token=`` on the event stream, where browsers cannot set headers). The token decides
  the seat: there is no route that takes a seat number, so nobody sees another seat's cards.
* **No client-chosen seeds.** The table's seed is the 128-bit default of ``Table.new``; a
  ``seed`` in the request is refused, and no answer, event or picture holds it.
* **Versions.** Every answer carries the table's ``version``; a move is sent with the
  version it was chosen at (``"expect"``) and ``Table.submit(..., expect=)`` refuses a stale
  or repeated one with the coded ``stale-move`` error (409), so no move is lost or doubled,
  without a lock here.
* **Bots off the event loop.** ``Table.new`` and ``Table.submit`` (which plays the bots)
  run in a worker thread (the server's own pool of ``WORKERS`` threads): a slow bot stalls
  its own table only.
* **Expiry and persistence.** Each accepted move saves the table's record (and the hashes
  of its tokens) to a directory; a table idle for ``idle`` seconds leaves memory and comes
  back from its record (``Table.from_record``) on its next request; one idle for ``expire``
  seconds is deleted. With ``max_tables`` tables in memory the least recently used leaves
  first, so the server never refuses a new game for being full. When the last table in
  memory leaves, the server empties the library's caches (``phase10.clear_caches()``),
  stops its worker threads (a new pool starts with the next request) and, once they have
  ended, hands the C heap's free pages back (glibc's ``malloc_trim``; the server asks
  glibc for one heap for all its threads, as ``malloc_trim`` trims only the main one
  whole), so an idle server is back to the memory it had after start-up and a first
  game. Its files are named with plain strings, not ``pathlib`` (which interns names).
* **An event stream.** ``WS /tables/{id}/events?token=`` pushes each event as the seat saw
  it (``Table``'s ``on_event`` hook), so a person sees the other people's moves at once.
* **No undo.** A person who could undo a draw would see the card and take the discard
  instead: the tables are made with ``undo="never"`` (the default), and there is no route.

The routes (JSON bodies and answers; errors are ``{"error": {"type", "code", "message", ...}}``
with 400 bad input, 401 no or a wrong token, 404 no such table, 409 a move the rules refuse
or a stale one, 413 a body too large):

* ``POST /tables`` ``{"variant": "classic", "bots": ["greedy"], "people": 1}`` (all
  optional) deals a game: the people sit first, then the bots. Answers 201
  ``{"id", "seat": 0, "token", "invites": [{"seat", "token"}, ...], ...}`` and the state.
* ``GET /tables/{id}`` answers the token's seat's state: ``{"id", "version", "seat",
  "payload", "svg"}`` (the payload of ``Table.payload``, the picture of ``phase10.svg``).
* ``POST /tables/{id}/moves`` ``{"move": notation or action JSON, "expect": version}``
  plays the move, then the bots up to the next person, and answers the new state.
* ``GET /`` the page (``static/index.html``, ``static/game.js``): no framework, no build.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import ctypes
import functools
import gc
import hashlib
import json
import os
import secrets
import sys
import threading
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import attrs
from starlette.applications import Starlette
from starlette.requests import HTTPConnection, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from phase10 import GameRecord, GreedyBot, RandomBot, clear_caches, svg, view
from phase10.actions import PLAYER_ACTION_TYPES
from phase10.bots import Bot
from phase10.errors import IllegalActionError, Phase10Error, StaleMoveError
from phase10.table import Table, TableEvent
from phase10.variants import find_variant

BOTS: dict[str, Callable[[], Bot]] = {"greedy": GreedyBot, "random": RandomBot}
MAX_BODY = 16 * 1024  # bytes: a move is short; refuse anything big before parsing it
MAX_PEOPLE = 6
WORKERS = 40  # threads for the bots and the disk: as many as Starlette's own pool has
MAX_QUEUE = 1000  # events waiting for a slow event-stream client before it is dropped
STATIC = Path(__file__).resolve().parent / "static"


def _glibc() -> Any:
    """The C library, where it is glibc (on Linux), else ``None``: only glibc has both
    ``malloc_trim`` and the ``mallopt`` setting below, and nothing here is needed elsewhere."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        os.confstr("CS_GNU_LIBC_VERSION")  # glibc's own name and version; musl has none
        libc = ctypes.CDLL(None)
        libc.malloc_trim.argtypes, libc.mallopt.argtypes = [ctypes.c_size_t], [ctypes.c_int] * 2
    except (OSError, ValueError, AttributeError):
        return None
    return libc


GLIBC = _glibc()
M_ARENA_MAX = -8  # mallopt's parameter: how many heaps (arenas) malloc may keep


def one_malloc_arena() -> None:
    """Make glibc's malloc keep one heap for all the threads (before the first worker).

    By default each thread that allocates may get a heap of its own (up to 8 per core),
    and ``malloc_trim`` trims the top of the main heap only: after a busy spell the worker
    threads' heaps kept about 4 MB that nothing used. The threads run Python, one at a
    time (the GIL), so one heap costs them no waiting to speak of.
    """
    if GLIBC is not None:
        GLIBC.mallopt(M_ARENA_MAX, 1)


def give_back_memory() -> None:
    """Hand the C heap's free pages back to the system (glibc keeps them for reuse)."""
    if GLIBC is not None:
        GLIBC.malloc_trim(0)


class HTTPProblem(Exception):
    """An answer other than 2xx that is not a phase10 error: bad input, no token, no table."""

    def __init__(self, status: int, message: str, code: str):
        super().__init__(message)
        self.status = status
        self.code = code


def digest(token: str) -> str:
    """What is kept of a token: its SHA-256, so a copy of the store gives away no seat."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@attrs.define(eq=False)
class Game:
    """One table in memory: its latest ``Table``, its seats' tokens, its event listeners."""

    id: str
    table: Table
    bots: tuple[str | None, ...]  # the bot name of each seat, None for a person
    tokens: dict[str, int]  # token digest -> seat
    offset: int = 0  # the version the Table counted from when it was loaded from its record
    used: float = attrs.field(factory=time.monotonic)
    listeners: dict[int, set[asyncio.Queue[dict[str, Any] | None]]] = attrs.Factory(dict)
    saving: threading.Lock = attrs.Factory(threading.Lock)

    @property
    def version(self) -> int:
        """The version clients see: it goes on across reloads from the record."""
        return self.offset + self.table.version


class Server:
    """The tables of one process: in memory while in use, on disk as records, expiring."""

    def __init__(
        self,
        store: Path,
        *,
        idle: float,
        expire: float,
        max_tables: int,
        seeds: Callable[[], str] | None = None,
    ):
        self.store = os.fspath(store)  # a str: see path()
        self.seeds = seeds
        self.idle = idle
        self.expire = expire
        self.max_tables = max_tables
        self.games: dict[str, Game] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self.pool: concurrent.futures.ThreadPoolExecutor | None = None
        self.retiring: threading.Thread | None = None  # see stop_workers

    async def run(self, function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """``function(*args, **kwargs)`` in a worker thread, off the event loop."""
        if self.pool is None:  # the first request since start-up or since the server idled
            self.pool = concurrent.futures.ThreadPoolExecutor(WORKERS, "phase10-worker")
        call = functools.partial(function, *args, **kwargs)
        return await asyncio.get_running_loop().run_in_executor(self.pool, call)

    def stop_workers(self, *, then: Callable[[], None] | None = None) -> None:
        """Let the worker threads end (their work in hand still runs); a new pool follows.

        ``then`` runs once they have ended, in a thread of its own (``self.retiring``): a
        thread that ends frees its own memory last, so only then is there all to give back.
        Each such thread first waits for the one before it, so once ``self.retiring`` has
        ended, every pool stopped before it has ended too.
        """
        pool, self.pool = self.pool, None
        if pool is None:
            if then is not None:
                then()
            return
        pool.shutdown(wait=False)
        if then is not None:
            before = self.retiring

            def retire() -> None:
                if before is not None:
                    before.join()
                pool.shutdown(wait=True)
                then()

            self.retiring = threading.Thread(target=retire, name="phase10-retire", daemon=True)
            self.retiring.start()

    def release(self) -> None:
        """Free what nothing holds any more, and hand the C heap's free pages back."""
        gc.collect()
        give_back_memory()

    # --- events: the Table's hook runs in the worker thread, under the table's lock, so it
    # only hands each event to the event loop

    def hook(self, game_id: str) -> Callable[[int, TableEvent], None]:
        def on_event(seat: int, event: TableEvent) -> None:
            loop = self.loop
            if loop is not None:
                loop.call_soon_threadsafe(self.push, game_id, seat, event.to_dict())

        return on_event

    def push(self, game_id: str, seat: int, event: dict[str, Any]) -> None:
        game = self.games.get(game_id)
        for queue in list(game.listeners.get(seat, ())) if game else ():
            if queue.full():  # a client that does not read: drop it, never grow without bound
                game.listeners[seat].discard(queue)  # type: ignore[union-attr]
                continue
            queue.put_nowait(event)

    # --- persistence

    # The files of the tables are named with plain strings (os.path), not pathlib: on
    # Python 3.11 a Path interns each part of its name (sys.intern), and the interpreter's
    # table of interned strings grows with every table's name and never shrinks again.

    def path(self, game_id: str, suffix: str = ".json") -> str:
        return os.path.join(self.store, game_id + suffix)

    def save(self, game: Game) -> None:
        """Write the game's latest table (in a worker thread). Saves of one game take turns
        and each writes the latest table, so the last one written is the newest."""
        with game.saving:
            doc = {
                "record": game.table.record.to_text(),
                "bots": list(game.bots),
                "tokens": game.tokens,
                "version": game.version,
            }
            os.makedirs(self.store, exist_ok=True)
            part = self.path(game.id, ".part")
            with open(part, "w", encoding="utf-8") as file:
                file.write(json.dumps(doc))
            os.replace(part, self.path(game.id))  # whole or not at all

    def load(self, game_id: str) -> Game | None:
        """The game ``game_id`` from its record on disk (in a worker thread: it replays)."""
        path = self.path(game_id)
        try:
            with open(path, encoding="utf-8") as file:
                doc = json.loads(file.read())
        except (OSError, ValueError):
            return None
        bots = tuple(doc["bots"])
        seats = [None if name is None else BOTS[name]() for name in bots]
        record = GameRecord.from_text(doc["record"])
        table = Table.from_record(record, seats, on_event=self.hook(game_id))
        return Game(game_id, table, bots, dict(doc["tokens"]), offset=int(doc["version"]))

    # --- finding a game for a request

    async def game(self, conn: HTTPConnection, token: str | None) -> tuple[Game, int]:
        game_id = conn.path_params["table"]
        if not isinstance(game_id, str) or not game_id.isalnum() or len(game_id) > 40:
            raise HTTPProblem(404, "no such table", "no-table")
        game = self.games.get(game_id)
        if game is None:
            game = await self.run(self.load, game_id)
            if game is None:
                raise HTTPProblem(404, "no such table", "no-table")
            game = self.games.setdefault(game_id, game)  # another request may have loaded it
            self.evict_over_capacity()
        if token is None:
            raise HTTPProblem(401, "this request needs the seat's token", "no-token")
        seat = game.tokens.get(digest(token))
        if seat is None:
            raise HTTPProblem(401, "this token is not one of this table's seats", "bad-token")
        game.used = time.monotonic()
        return game, seat

    def evict_over_capacity(self) -> None:
        while len(self.games) > self.max_tables:
            oldest = min(self.games.values(), key=lambda g: g.used)
            self.drop(oldest)

    def drop(self, game: Game) -> None:
        """Take ``game`` out of memory (it stays on disk) and end its event streams."""
        self.games.pop(game.id, None)
        for queues in game.listeners.values():
            for queue in queues:
                with contextlib.suppress(asyncio.QueueFull):
                    queue.put_nowait(None)

    def sweep(self, now: float | None = None) -> None:
        """Unload the tables idle for ``idle`` s; delete the records idle for ``expire`` s.

        When the last table has left memory, give the memory back: see ``idle_again``.
        """
        now = time.monotonic() if now is None else now
        idle = [game for game in self.games.values() if now - game.used >= self.idle]
        for game in idle:
            self.drop(game)
        wall = time.time()
        with contextlib.suppress(OSError), os.scandir(self.store) as entries:
            for entry in entries:
                name = entry.name
                if not name.endswith(".json") or name[: -len(".json")] in self.games:
                    continue
                with contextlib.suppress(OSError):
                    if wall - entry.stat().st_mtime >= self.expire:
                        os.unlink(entry.path)
        if idle and not self.games:
            self.idle_again()
        elif idle:
            gc.collect()  # give the memory of the tables dropped back now, not some time later

    def idle_again(self) -> None:
        """Nobody is playing: hand back what the tables made the process hold.

        The caches' entries (bounded, but up to several MB) are of no use until the next
        game, which fills them again in a few moves; the dict of the tables keeps the room
        of the most it ever held (a dict never shrinks), so it starts again empty; idle
        worker threads keep their stacks and their C heaps (a new pool starts with the next
        request); and glibc keeps the pages the C heap freed for reuse, so ``malloc_trim``
        hands them back.
        """
        clear_caches()
        self.games = {}
        self.stop_workers(then=self.release)

    def state(self, game: Game, seat: int, since: int = 0) -> dict[str, Any]:
        """What the token's seat may know: the payload (news from action ``since`` on), the
        version and the picture."""
        table = game.table
        payload = table.payload(seat, since=min(since, len(table.record.actions)))
        # the version a client sends back as expect goes on across reloads from the record
        payload["version"] = game.version
        actions = table.record.actions
        last = next((a for a in reversed(actions) if isinstance(a, PLAYER_ACTION_TYPES)), None)
        verbs = {m["json"]["action"] for m in payload["legal"]}
        # the piles the seat may draw from are its first legal targets
        fill = {
            key: "#2e7d32" for verb, key in (("draw", "draw"), ("take", "discard")) if verb in verbs
        }
        picture = svg.table(view(table.state, seat), lastmove=last, fill=fill)
        return {
            "id": game.id,
            "version": game.version,
            "seat": seat,
            "payload": payload,
            "svg": picture,
        }


def server_of(conn: HTTPConnection) -> Server:
    server: Server = conn.app.state.server
    return server


def bearer(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


async def read_body(request: Request) -> dict[str, Any]:
    """The JSON object of the body, refused past MAX_BODY bytes before it is all read."""
    size = int(request.headers.get("content-length") or 0)
    if size > MAX_BODY:
        raise HTTPProblem(413, f"the body is at most {MAX_BODY} bytes, got {size}", "too-large")
    chunks = []
    total = 0
    async for chunk in request.stream():
        total += len(chunk)
        if total > MAX_BODY:
            raise HTTPProblem(413, f"the body is at most {MAX_BODY} bytes", "too-large")
        chunks.append(chunk)
    body = b"".join(chunks)
    if not body.strip():
        return {}
    try:
        doc = json.loads(body)
    except (ValueError, RecursionError):
        raise HTTPProblem(400, "the body is not JSON", "format") from None
    if not isinstance(doc, dict):
        raise HTTPProblem(400, "the body is a JSON object", "format")
    return doc


async def create_table(request: Request) -> JSONResponse:
    server = server_of(request)
    body = await read_body(request)
    unknown = sorted(set(body) - {"variant", "bots", "people"})
    if unknown:  # "seed" above all: all chance derives from it, so the server chooses it
        raise HTTPProblem(
            400, f"unknown fields {unknown}: a table takes variant, bots, people", "format"
        )
    names = body.get("bots", ["greedy"])
    people = body.get("people", 1)
    variant_name = body.get("variant", "classic")
    if not isinstance(names, list) or not all(isinstance(n, str) and n in BOTS for n in names):
        raise HTTPProblem(400, f"bots is a list of {', '.join(BOTS)}", "format")
    if type(people) is not int or not 1 <= people <= MAX_PEOPLE:
        raise HTTPProblem(400, f"people is a whole number from 1 to {MAX_PEOPLE}", "format")
    if not isinstance(variant_name, str) or len(variant_name) > 60:
        raise HTTPProblem(400, "variant is the name of a variant", "format")
    variant = find_variant(variant_name)
    bots: tuple[str | None, ...] = (*([None] * people), *names)
    game_id = secrets.token_hex(16)
    seats = [None if name is None else BOTS[name]() for name in bots]
    seed = None if server.seeds is None else server.seeds()  # the server's, never the client's
    table = await server.run(Table.new, variant, seats, seed=seed, on_event=server.hook(game_id))
    tokens = {seat: secrets.token_urlsafe(24) for seat in range(people)}
    game = Game(game_id, table, bots, {digest(t): seat for seat, t in tokens.items()})
    server.games[game_id] = game
    server.evict_over_capacity()
    await server.run(server.save, game)
    answer = server.state(game, 0)
    answer["token"] = tokens[0]
    answer["invites"] = [{"seat": s, "token": t} for s, t in tokens.items() if s != 0]
    return JSONResponse(answer, 201)


async def get_table(request: Request) -> JSONResponse:
    server = server_of(request)
    game, seat = await server.game(request, bearer(request))
    since = request.query_params.get("since", "0")
    if not since.isdigit() or len(since) > 9:
        raise HTTPProblem(400, "since is a whole number >= 0", "format")
    return JSONResponse(server.state(game, seat, int(since)))


async def submit_move(request: Request) -> JSONResponse:
    server = server_of(request)
    game, seat = await server.game(request, bearer(request))
    body = await read_body(request)
    move, expect = body.get("move"), body.get("expect")
    if not isinstance(move, str | dict):
        raise HTTPProblem(
            400, 'the body is {"move": notation or action JSON, "expect": version}', "format"
        )
    if type(expect) is not int:
        raise HTTPProblem(400, "expect is the version the move was chosen at", "format")
    table = game.table
    since = len(table.record.actions)
    # the Table checks the version and plays the move (and the bots) as one step under its
    # own lock, in a worker thread: two moves for one version cannot both be played
    after = await server.run(table.submit, seat, move, expect=expect - game.offset)
    if game.table.version < after.version:
        game.table = after
    await server.run(server.save, game)
    return JSONResponse(server.state(game, seat, since))


async def events(websocket: WebSocket) -> None:
    server = server_of(websocket)
    try:
        game, seat = await server.game(websocket, websocket.query_params.get("token"))
    except HTTPProblem as problem:
        await websocket.close(code=4000 + problem.status, reason=str(problem))
        return
    queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue(MAX_QUEUE)
    game.listeners.setdefault(seat, set()).add(queue)
    await websocket.accept()
    try:
        await websocket.send_json({"version": game.version, "next": len(game.table.record.actions)})
        while (event := await queue.get()) is not None:
            await websocket.send_json({"event": event})
    except WebSocketDisconnect:
        pass
    finally:
        game.listeners.get(seat, set()).discard(queue)
    with contextlib.suppress(RuntimeError):
        await websocket.close()


async def page(request: Request) -> Response:
    return FileResponse(STATIC / "index.html", media_type="text/html")


async def on_problem(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, HTTPProblem)
    error = {"type": "HTTPProblem", "code": exc.code, "message": str(exc)}
    return JSONResponse({"error": error}, exc.status)


async def on_phase10_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, Phase10Error)
    # to_dict() gives the stable code and the details a client acts on (the failing groups
    # of a laydown as "problems", the versions of a stale move), so it never parses the text
    status = 409 if isinstance(exc, IllegalActionError | StaleMoveError) else 400
    return JSONResponse({"error": {"type": type(exc).__name__, **exc.to_dict()}}, status)


def create_app(
    store: Path | None = None,
    *,
    idle: float = 15 * 60,
    expire: float = 7 * 24 * 3600,
    max_tables: int = 10_000,
    sweep_every: float = 30,
    seeds: Callable[[], str] | None = None,
) -> Starlette:
    """The app; its tables are saved under ``store`` (default ``./tables``).

    ``idle`` and ``expire`` are in seconds: a table unused for ``idle`` leaves memory (its
    record stays), one unused for ``expire`` is deleted; ``sweep_every`` is how often.
    ``seeds`` makes each new table's seed (default: ``Table.new``'s 128 secret bits); a test
    passes a fixed one to play the same cards every run. Clients never choose it.
    """
    server = Server(
        store or Path("tables"), idle=idle, expire=expire, max_tables=max_tables, seeds=seeds
    )

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        server.loop = asyncio.get_running_loop()
        one_malloc_arena()

        async def sweeper() -> None:
            while True:
                await asyncio.sleep(sweep_every)
                server.sweep()

        task = asyncio.create_task(sweeper())
        try:
            yield
        finally:
            task.cancel()
            server.stop_workers()
            server.loop = None

    app = Starlette(
        routes=[
            Route("/", page, methods=["GET"]),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
            Route("/tables", create_table, methods=["POST"]),
            Route("/tables/{table}", get_table, methods=["GET"]),
            Route("/tables/{table}/moves", submit_move, methods=["POST"]),
            WebSocketRoute("/tables/{table}/events", events),
        ],
        exception_handlers={HTTPProblem: on_problem, Phase10Error: on_phase10_error},
        lifespan=lifespan,
    )
    app.state.server = server
    return app


app = create_app()
