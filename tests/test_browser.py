"""The example page (examples/server/static/) in a real headless browser, against bots.

Debian's ``chromium`` and ``chromium-driver``, driven by selenium, play a whole hand through
the page as a person would, by clicking: draw, a laydown the rules refuse (its per-group
reasons must appear on the page), the payload's hint shown and used for a laydown, a hit
and discards, each card clicked by the payload's hand id, until the hand ends. The
server is the example app under uvicorn on loopback. ``.ci/run``'s extras step installs
chromium where it is missing; with ``CI=true`` or ``PHASE10_REQUIRE_EXTRAS=1`` a missing
browser is a failure, never a skip.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.optional_deps import REQUIRED, require

require("selenium", "browser")  # the browser dependency group
require("uvicorn", "browser")

import uvicorn  # noqa: E402
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.remote.webdriver import WebDriver  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

from tests.test_server_example import SERVER  # noqa: E402


def _found(env: str, names: tuple[str, ...], folder: str | None = None) -> str | None:
    """The program named by the environment variable ``env``, else the first of ``names``
    on PATH (or in ``folder``)."""
    if os.environ.get(env):
        return os.environ[env]
    for name in names:
        path = shutil.which(name) or (shutil.which(name, path=folder) if folder else None)
        if path:
            return path
    return None


# Debian's chromium (what .ci/run installs); a hosted CI image's Google Chrome otherwise,
# with its chromedriver (GitHub's images name its folder CHROMEWEBDRIVER)
CHROMIUM = _found("PHASE10_CHROMIUM", ("chromium", "chromium-browser", "google-chrome"))
DRIVER = _found("PHASE10_CHROMEDRIVER", ("chromedriver",), os.environ.get("CHROMEWEBDRIVER"))
MUST_RUN = REQUIRED or os.environ.get("CI") == "true"


def browser_or_fail() -> tuple[str | None, str]:
    """The browser (None: let selenium find the installed Chrome) and its driver."""
    if DRIVER is None or (CHROMIUM is None and not os.environ.get("CHROMEWEBDRIVER")):
        message = (
            "the browser test needs Debian's chromium and chromium-driver "
            "(apt-get install -y chromium chromium-driver); .ci/run installs them as root"
        )
        if MUST_RUN:
            pytest.fail(message)
        pytest.skip(message)
    return CHROMIUM, DRIVER


@pytest.fixture
def site(tmp_path: Path) -> Iterator[str]:
    """The example app under uvicorn on a free loopback port; its base URL."""
    app = SERVER.create_app(tmp_path / "tables", seeds=lambda: "browser-test-2")
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    config = uvicorn.Config(app, log_level="warning", ws="wsproto", lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


@pytest.fixture
def browser() -> Iterator[webdriver.Chrome]:
    binary, driver = browser_or_fail()
    options = webdriver.ChromeOptions()
    if binary is not None:
        options.binary_location = binary
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    chrome = webdriver.Chrome(options=options, service=Service(executable_path=driver))
    chrome.set_window_size(1400, 1000)
    try:
        yield chrome
    finally:
        chrome.quit()


def page_state(b: WebDriver) -> dict[str, Any]:
    """What the page holds (read to decide what to click, never to move)."""
    state: dict[str, Any] = b.execute_script(
        "return {version: page.version, payload: page.payload,"
        " step: document.getElementById('game').dataset.step};"
    )
    return state


def wait_for_version(b: WebDriver, before: int) -> None:
    WebDriverWait(b, 30).until(lambda _: page_state(b)["version"] > before)


def click_key(b: WebDriver, key: str) -> None:
    b.find_element(By.CSS_SELECTOR, f'#picture [data-key="{key}"]').click()


def click_card(b: WebDriver, card_id: str) -> None:
    """Click the hand's card of id ``card_id`` (``R7#2``), which the page gave its picture."""
    b.find_element(By.CSS_SELECTOR, f'#picture [data-id="{card_id}"]').click()


def first_option(payload: dict[str, Any], verb: str) -> tuple[str, dict[str, Any], int]:
    """The hand id and the legal move of the payload's first ``verb`` move (by card), and
    how many moves play that card (targets to choose from)."""
    group = next(g for g in payload["moves"] if g["verb"] == verb)
    option = group["options"][0]
    return option["cards"][0], payload["legal"][option["move"]]["json"], len(group["options"])


def test_a_whole_hand_against_bots_in_chromium(site: str, browser: webdriver.Chrome) -> None:
    b = browser
    b.get(site + "/")
    b.find_element(By.ID, "new").click()
    WebDriverWait(b, 30).until(lambda _: page_state(b)["payload"] is not None)
    seen = {"refused": 0, "laid": 0, "hit": 0, "discard": 0}
    hand_number = page_state(b)["payload"]["view"]["hand_number"]
    for _ in range(400):
        state = page_state(b)
        payload = state["payload"]
        if payload["over"] or payload["view"]["hand_number"] != hand_number:
            break
        assert payload["your_turn"], "the bots play in the server up to our turn"
        version = state["version"]
        hand = payload["view"]["hand"]
        # the page names the hand's cards by the payload's ids, in the picture too
        shown = b.execute_script(
            "return [...document.querySelectorAll('#picture [data-key^=\"hand/\"]')]"
            ".map((g) => g.dataset.id);"
        )
        assert [h["id"] for h in payload["hand"]] == shown
        verbs = {g["verb"] for g in payload["moves"]}
        hint = b.find_element(By.ID, "hint")
        if state["step"] == "draw":
            click_key(b, "draw")
        elif state["step"] == "play" and not seen["refused"]:
            # two cards are never a set of 3: the page shows why, group by group
            click_key(b, "hand/0")
            click_key(b, "hand/1")
            b.find_element(By.ID, "group").click()
            click_key(b, "hand/2")
            b.find_element(By.ID, "lay").click()
            WebDriverWait(b, 30).until(lambda _: b.find_elements(By.CSS_SELECTOR, "#problems li"))
            reasons = [li.text for li in b.find_elements(By.CSS_SELECTOR, "#problems li")]
            assert reasons[0].startswith(f"group 1 ({hand[0]} {hand[1]}), a set of 3: ")
            assert version == page_state(b)["version"]  # refused: nothing moved
            b.find_element(By.ID, "clear").click()
            seen["refused"] += 1
            continue
        elif payload["hint"] is not None:
            # the page shows the payload's hint; one click picks its cards, one lays them
            assert hint.is_displayed() and hint.text.startswith("You can lay down: ")
            b.find_element(By.ID, "use-hint").click()
            picked = b.execute_script("return page.groups;")
            assert payload["hint"]["groups"] == picked
            b.find_element(By.ID, "lay").click()
            seen["laid"] += 1
        elif "hit" in verbs:
            assert not hint.is_displayed()
            card_id, hit, _ = first_option(payload, "hit")
            click_card(b, card_id)
            click_key(b, f"meld/{hit['owner']}/{hit['meld']}")
            seen["hit"] += 1
        else:
            card_id, _, targets = first_option(payload, "discard")
            click_card(b, card_id)
            click_key(b, "discard")
            if targets > 1:  # a skip: choose whom on the page
                WebDriverWait(b, 10).until(
                    lambda _: b.find_element(By.ID, "targets").is_displayed()
                )
                b.find_element(By.CSS_SELECTOR, "#targets button").click()
            seen["discard"] += 1
        wait_for_version(b, version)
    else:
        pytest.fail("the hand did not end in 400 moves")
    assert all(seen.values()), seen
    log = [li.text for li in b.find_elements(By.CSS_SELECTOR, "#log li")]
    assert any(text.startswith("p1 hit") for text in log)
    assert any(text.startswith("p2 ") for text in log)  # the bots' moves reach the page
    # no script error; the network log holds the refused laydown's 409, as it should
    logged: list[dict[str, Any]] = b.get_log("browser")  # type: ignore[no-untyped-call]
    assert [] == [e for e in logged if e["level"] == "SEVERE" and e["source"] != "network"]
    assert all("/moves" in e["message"] for e in logged if e["source"] == "network")
