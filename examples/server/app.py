"""A small web server for Phase 10 games, built on phase10.table.Table and Starlette.

Run it with an ASGI server (``pip install starlette uvicorn``)::

    uvicorn --app-dir examples/server app:app

The endpoints (every body and answer is JSON):

* ``POST /tables`` with ``{"variant": "classic", "bots": ["greedy"], "seed": "7"}``
  (all optional) deals a game: seat 0 is the person, the other seats the bots named.
  Answers ``{"id": ..., "payload": ...}``, the payload of seat 0.
* ``GET /tables/{id}/seats/{seat}?since=N`` answers the seat's payload: its view, its legal
  moves in notation and JSON, and what happened from action N on.
* ``POST /tables/{id}/seats/{seat}/moves`` with ``{"move": "discard R7"}`` (or an action's
  JSON as the move) plays the move, then chance and the bots up to the next decision, and
  answers the seat's payload with the news since ``"since"`` (default: the move).
* ``POST /tables/{id}/undo`` takes the last move back.

Errors answer ``{"error": {"type": ..., "code": ..., "message": ..., ...}}`` with status 400
(bad notation or JSON), 404 (no such table or seat), 409 (a move the rules refuse) or 413
(a body too large).
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from phase10 import GreedyBot, RandomBot
from phase10.bots import Bot
from phase10.errors import IllegalActionError, InvalidStateError, Phase10Error
from phase10.table import Table
from phase10.variants import find_variant

BOTS: dict[str, Callable[[], Bot]] = {"greedy": GreedyBot, "random": RandomBot}
MAX_BODY = 64 * 1024  # bytes: a move is short; refuse anything big before reading JSON
MAX_TABLES = 1000


class HTTPProblem(Exception):
    def __init__(self, status: int, message: str, kind: str = "HTTPError"):
        super().__init__(message)
        self.status = status
        self.kind = kind


def error_response(status: int, kind: str, message: str, code: object = None) -> JSONResponse:
    value = getattr(code, "value", code)
    return JSONResponse({"error": {"type": kind, "message": message, "code": value}}, status)


def phase10_status(exc: Phase10Error) -> int:
    if isinstance(exc, IllegalActionError):
        return 409
    return 400


async def read_body(request: Request) -> dict[str, Any]:
    body = await request.body()
    if len(body) > MAX_BODY:
        raise HTTPProblem(413, f"the body is at most {MAX_BODY} bytes, got {len(body)}")
    if not body.strip():
        return {}
    try:
        doc = json.loads(body)
    except (ValueError, RecursionError) as exc:
        raise HTTPProblem(400, f"the body is not JSON: {exc}", "FormatError") from None
    if not isinstance(doc, dict):
        raise HTTPProblem(400, "the body is a JSON object", "FormatError")
    return doc


def table_of(request: Request) -> tuple[str, Table]:
    tables: dict[str, Table] = request.app.state.tables
    table_id = request.path_params["table"]
    if table_id not in tables:
        raise HTTPProblem(404, f"no table {table_id!r}")
    return table_id, tables[table_id]


def seat_of(request: Request, table: Table) -> int:
    seat: int = request.path_params["seat"]
    if not 0 <= seat < len(table.seats):
        raise HTTPProblem(404, f"no seat {seat}: the seats are 0 to {len(table.seats) - 1}")
    return seat


def since_of(value: object, default: int) -> int:
    if value is None:
        return default
    try:
        since = int(str(value))
    except ValueError:
        since = -1
    if since < 0:
        raise HTTPProblem(400, f"since is a whole number >= 0, got {value!r}")
    return since


async def create_table(request: Request) -> JSONResponse:
    tables: dict[str, Table] = request.app.state.tables
    if len(tables) >= MAX_TABLES:
        raise HTTPProblem(503, "too many tables; try again later")
    body = await read_body(request)
    names = body.get("bots", ["greedy"])
    if not isinstance(names, list) or not names or not all(n in BOTS for n in names):
        raise HTTPProblem(400, f"bots is a list of {', '.join(BOTS)}, got {names!r}")
    variant_name = body.get("variant", "classic")
    seed = body.get("seed")
    if not isinstance(variant_name, str) or not (seed is None or isinstance(seed, str)):
        raise HTTPProblem(400, "variant and seed are strings")
    bots: list[Bot | None] = [None, *(BOTS[name]() for name in names)]
    table = Table.new(find_variant(variant_name), bots, seed=seed, undo="always")
    table_id = secrets.token_urlsafe(8)
    tables[table_id] = table
    return JSONResponse({"id": table_id, "payload": table.payload(0)}, 201)


async def get_seat(request: Request) -> JSONResponse:
    _, table = table_of(request)
    seat = seat_of(request, table)
    since = since_of(request.query_params.get("since"), 0)
    return JSONResponse(table.payload(seat, since=since))


async def submit_move(request: Request) -> JSONResponse:
    table_id, table = table_of(request)
    seat = seat_of(request, table)
    body = await read_body(request)
    if "move" not in body:
        raise HTTPProblem(400, 'the body is {"move": notation or action JSON}', "FormatError")
    since = since_of(body.get("since"), len(table.record.actions))
    after = table.submit(seat, body["move"])
    request.app.state.tables[table_id] = after
    return JSONResponse(after.payload(seat, since=since))


async def undo(request: Request) -> JSONResponse:
    table_id, table = table_of(request)
    before = table.undo()
    request.app.state.tables[table_id] = before
    return JSONResponse({"next": len(before.record.actions)})


async def on_problem(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, HTTPProblem)
    return error_response(exc.status, exc.kind, str(exc))


async def on_phase10_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, Phase10Error)
    status = 409 if isinstance(exc, InvalidStateError) else phase10_status(exc)
    # to_dict() gives the stable code and the details a client acts on (path, candidates,
    # the failing groups of a laydown), so the client never parses the message
    return JSONResponse({"error": {"type": type(exc).__name__, **exc.to_dict()}}, status)


def create_app() -> Starlette:
    app = Starlette(
        routes=[
            Route("/tables", create_table, methods=["POST"]),
            Route("/tables/{table}/seats/{seat:int}", get_seat, methods=["GET"]),
            Route("/tables/{table}/seats/{seat:int}/moves", submit_move, methods=["POST"]),
            Route("/tables/{table}/undo", undo, methods=["POST"]),
        ],
        exception_handlers={HTTPProblem: on_problem, Phase10Error: on_phase10_error},
    )
    app.state.tables = {}
    return app


app = create_app()
