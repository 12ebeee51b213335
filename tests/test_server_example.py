"""The example web server, examples/server/app.py, through Starlette's test client."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from tests.optional_deps import require

require("starlette.testclient", "web")  # the web dependency group

from starlette.testclient import TestClient  # noqa: E402

APP = Path(__file__).resolve().parent.parent / "examples" / "server" / "app.py"


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("examples_server_app", APP)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def client() -> TestClient:
    return TestClient(load().create_app())


def new_table(c: TestClient, **body: Any) -> tuple[str, dict[str, Any]]:
    answer = c.post("/tables", json={"seed": "web", **body})
    assert 201 == answer.status_code
    doc = answer.json()
    return doc["id"], doc["payload"]


def test_a_game_over_http() -> None:
    c = client()
    table, payload = new_table(c)
    assert payload["your_turn"] and 0 == payload["seat"]
    assert {"text": "p1 draw", "json": {"action": "draw", "player": 0}} in payload["legal"]
    moved = c.post(f"/tables/{table}/seats/0/moves", json={"move": "draw"}).json()
    assert "p1 draw" == moved["events"][0]["text"]
    discard = next(m for m in moved["legal"] if m["json"]["action"] == "discard")
    again = c.post(f"/tables/{table}/seats/0/moves", json={"move": discard["json"]})
    assert 200 == again.status_code
    news = [e["text"] for e in again.json()["events"]]
    assert discard["text"] == news[0]
    assert any(text.startswith("p2 ") for text in news)  # the bot played, and we heard of it
    seen = c.get(f"/tables/{table}/seats/1", params={"since": 0}).json()
    assert not seen["your_turn"] and [] == seen["legal"]


def test_errors_are_4xx_with_the_message_and_code() -> None:
    c = client()
    table, _ = new_table(c)
    bad = c.post(f"/tables/{table}/seats/0/moves", json={"move": "discrad R7"})
    assert 400 == bad.status_code
    assert "NotationError" == bad.json()["error"]["type"]
    assert "discrad" in bad.json()["error"]["message"]
    refused = c.post(f"/tables/{table}/seats/0/moves", json={"move": "discard R7"})
    assert 409 == refused.status_code
    assert "wrong-step" == refused.json()["error"]["code"]
    other = c.post(f"/tables/{table}/seats/1/moves", json={"move": "draw"})
    assert 409 == other.status_code
    assert "not-your-turn" == other.json()["error"]["code"]
    assert 404 == c.get("/tables/nope/seats/0").status_code
    assert 404 == c.get(f"/tables/{table}/seats/9").status_code
    assert 400 == c.post(f"/tables/{table}/seats/0/moves", content=b"{").status_code
    assert 400 == c.post(f"/tables/{table}/seats/0/moves", json={}).status_code
    assert 400 == c.post("/tables", json={"bots": ["nobody"]}).status_code
    huge = c.post(f"/tables/{table}/seats/0/moves", content=b" " * 100_000)
    assert 413 == huge.status_code


def test_a_wrong_laydown_names_the_group_over_http() -> None:
    c = client()
    table, _ = new_table(c)
    payload = c.post(f"/tables/{table}/seats/0/moves", json={"move": "draw"}).json()
    hand = payload["view"]["hand"]
    move = f"lay {hand[0]} {hand[1]} | {hand[2]} {hand[3]}"
    answer = c.post(f"/tables/{table}/seats/0/moves", json={"move": move})
    assert 409 == answer.status_code
    error = answer.json()["error"]
    first = f"group 1 ({hand[0]} {hand[1]}), a set of 3: a set of 3 needs at least 3 cards, got 2"
    assert first in error["message"]
    assert first == error["problems"][0]["sentence"]
    assert "phase-not-complete" == error["code"]


def test_undo_takes_the_move_back() -> None:
    c = client()
    table, first = new_table(c)
    c.post(f"/tables/{table}/seats/0/moves", json={"move": "draw"})
    assert {"next": first["next"]} == c.post(f"/tables/{table}/undo").json()
    assert first == c.get(f"/tables/{table}/seats/0").json()
    assert 409 == c.post(f"/tables/{table}/undo").status_code
