"""The browser client in a real browser: Playwright for Python driving Debian's chromium (``/usr/bin/chromium``;
.ci/run installs it). Whole games by clicking, two players in two browser contexts, a reload mid-game, a
spectator, a timeout and the click that takes the seat back; screenshots under ``artefacts/`` (gitignored)."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import ARTEFACTS
from tests.server.helpers import Server

sync_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = Path("/usr/bin/chromium")
if not CHROMIUM.exists():
    pytest.skip("Debian's chromium is not installed (apt-get install chromium)", allow_module_level=True)

FAST = {"players": 5, "pace": 0.01, "min_window": 0, "timer": False}
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        yield b
        b.close()


def page_for(browser: Any, server: Server, token: str, lang: str = "zh", viewport: dict[str, int] = DESKTOP) -> Any:
    """A page in a new browser context that already holds the player's token (as if it had signed in)."""
    ctx = browser.new_context(viewport=viewport)
    ctx.add_init_script(f"localStorage.setItem('fs-token', {token!r}); localStorage.setItem('fs-lang', {lang!r});")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    return page


def shot(page: Any, name: str) -> None:
    ARTEFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTEFACTS / name))


def click_one(page: Any, rng: random.Random) -> bool:
    """Click one enabled option of the question (a random one), if there is a question."""
    buttons = [
        b
        for b in page.query_selector_all("#question button.opt:not([disabled])")
        if "back" not in (b.get_attribute("class") or "")
    ]
    if not buttons:
        return False
    rng.choice(buttons).click()
    return True


def play_to_end(pages: list[Any], rng: random.Random, limit: float = 150, on_click: Any = None) -> int:
    clicks = 0
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if all(p.is_visible("#end") for p in pages):
            return clicks
        moved = False
        for p in pages:
            if not p.is_visible("#end") and click_one(p, rng):
                clicks += 1
                moved = True
                if on_click is not None:
                    on_click(clicks)
        if not moved:
            pages[0].wait_for_timeout(30)
    raise AssertionError(f"the game did not end in {limit} s ({clicks} clicks)")


@pytest.mark.full  # a whole game by clicking: about 10 s
def test_one_human_and_four_bots_play_a_whole_game_by_clicking(browser: Any, server: Server) -> None:
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    page.goto(server.base + "/")
    page.fill("#name", "小明")
    page.click("#name-form button")
    sync_api.expect(page.locator("#who")).not_to_have_text("", timeout=30_000)  # (wait_for_function evals: CSP)
    page.fill("#pace", "0.01")
    page.fill("#min_window", "0")
    page.uncheck("#timer")
    shot(page, "lobby.png")
    page.click("#create")
    page.wait_for_url("**/t/*")
    page.wait_for_selector("#start:not([hidden])")
    assert page.locator(".lobby-seat").count() == 5
    page.click("#start")
    page.wait_for_selector(".seat")

    def snap(n: int) -> None:
        if n == 8:
            shot(page, "table-zh.png")

    clicks = play_to_end([page], random.Random(1), on_click=snap)
    assert clicks > 3
    assert "游戏结束" in page.inner_text("#end-box")
    shot(page, "end.png")
    # the replay, verified by the record digest, step by step and with everything shown
    code = page.url.rstrip("/").split("/")[-1]
    rp = ctx.new_page()
    rp.goto(f"{server.base}/t/{code}?replay=1")
    sync_api.expect(rp.locator("#info")).to_contain_text("✓", timeout=30_000)
    rp.select_option("#question select", "all")
    rp.wait_for_selector(".card.in-hand")  # every hand is shown after the end
    steps = rp.inner_text("#info").split("/")[0].split()[-1]
    rp.click("text=« 10")
    sync_api.expect(rp.locator("#info")).to_contain_text(f" {int(steps) - 10}/", timeout=30_000)
    shot(rp, "replay.png")
    rp.close()
    # rematch: the same people, a new table, started
    page.click("#rematch")
    page.wait_for_url("**/t/*")
    page.wait_for_selector(".seat")
    ctx.close()


def test_english_and_the_phone_layout(browser: Any, server: Server) -> None:
    tok = server.player("Ann")
    code = server.table(tok, FAST)
    page = page_for(browser, server, tok, "en")
    page.goto(f"{server.base}/t/{code}")
    rng = random.Random(2)
    for _ in range(6):
        page.wait_for_selector("#question button.opt:not([disabled]), #end:not([hidden])")
        if page.is_visible("#end") or not click_one(page, rng):
            break
    page.wait_for_selector("#question button.opt:not([disabled]), #end:not([hidden])")
    shot(page, "table-en.png")
    assert "Your move" in page.inner_text("#question") or page.is_visible("#end")
    phone = page_for(browser, server, tok, "zh", PHONE)
    phone.goto(f"{server.base}/t/{code}")
    phone.wait_for_selector(".seat")
    shot(phone, "table-phone.png")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"] + 1, f"the page is {width} px wide on a 390 px phone"
    assert not page.errors and not phone.errors


@pytest.mark.full  # a whole game by clicking: about 10 s
def test_two_humans_in_two_browsers_play_to_the_end(browser: Any, server: Server) -> None:
    a, b = server.player("甲"), server.player("乙")
    code = server.table(a, FAST, humans=[b], start=False)
    pa, pb = page_for(browser, server, a), page_for(browser, server, b)
    pa.goto(f"{server.base}/t/{code}")
    pb.goto(f"{server.base}/t/{code}")
    pa.wait_for_selector("#start:not([hidden])")
    assert pb.is_hidden("#start")  # only the host starts
    pa.click(".lobby-seat[data-seat='2'] .add-bot")
    sync_api.expect(pb.locator(".lobby-seat[data-seat='2']")).to_contain_text("机器人", timeout=30_000)
    pa.click("#start")
    pa.wait_for_selector(".seat")
    pb.wait_for_selector(".seat")
    play_to_end([pa, pb], random.Random(3))
    assert "游戏结束" in pb.inner_text("#end-box")
    assert not pa.errors and not pb.errors


def test_reload_mid_game_resumes_the_same_question(browser: Any, server: Server) -> None:
    tok = server.player("r")
    code = server.table(tok, dict(FAST, ask="all"))
    page = page_for(browser, server, tok)
    page.goto(f"{server.base}/t/{code}")
    rng = random.Random(4)
    for _ in range(10):
        page.wait_for_selector("#question button.opt:not([disabled])")
        click_one(page, rng)
    page.wait_for_selector("#question button.opt:not([disabled])")
    while page.query_selector("#question button.opt.back"):  # the top of the question (a path is the page's own)
        page.click("#question button.opt.back")
    before = page.inner_text("#question")
    seats_before = page.inner_text("#me")
    page.reload()
    page.wait_for_selector("#question button.opt:not([disabled])")
    assert page.inner_text("#question") == before
    assert page.inner_text("#me") == seats_before


def test_an_answered_question_offers_nothing_more_not_even_the_step_back(browser: Any, server: Server) -> None:
    """Once an answer is sent, every control of the question is disabled until the server replies: a step back
    left enabled let a second click (or a test's wait for an enabled option) act on a question already answered."""
    tok = server.player("b")
    code = server.table(tok, dict(FAST, ask="all"))
    page = page_for(browser, server, tok)
    page.goto(f"{server.base}/t/{code}")
    rng = random.Random(5)
    answered = False
    for _ in range(200):
        page.wait_for_selector("#question button.opt:not([disabled]), #end:not([hidden])")
        if page.is_visible("#end"):
            break
        # in one task of the page (no reply can arrive in between): walk into a step, answer, count what is enabled
        enabled = page.evaluate(
            """() => {
                const step = document.querySelector("#question button.opt[data-option='']:not([disabled])");
                if (!step) return null;
                step.click();
                const opt = document.querySelector("#question button.opt:not([data-option='']):not(.back)");
                if (!opt || !document.querySelector("#question button.opt.back")) return null;
                opt.click();
                return document.querySelectorAll("#question button:not([disabled])").length;
            }"""
        )
        if enabled is not None:
            assert enabled == 0
            answered = True
            break
        click_one(page, rng)
    assert answered, "no question with a step was asked"
    assert not page.errors


def test_a_spectator_sees_no_hidden_information(browser: Any, server: Server) -> None:
    tok = server.player("host")
    code = server.table(tok, dict(FAST, pace=0.05))
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(str(payload))))
    page.goto(f"{server.base}/t/{code}")
    page.wait_for_selector(".seat")
    page.wait_for_timeout(1500)
    assert "观战中" in page.inner_text("#me")
    assert page.query_selector_all(".card.in-hand") == []
    import json

    msgs = [json.loads(f) for f in frames]
    updates = [m for m in msgs if m["type"] in ("snapshot", "update")]
    assert updates
    for m in updates:
        assert m["seat"] is None and "me" not in m["view"] and m["question"] is None
        if m["view"]["result"] is None:
            for s in m["view"]["seats"]:
                if s["alive"] and not s["lost"]:
                    # no identity of a seat in the game, unless revealed to all (a skill's cost shows it in the log)
                    assert s["identity"] is None or any(
                        e["kind"] == "identity_revealed" and e["seat"] == s["seat"]
                        for u in updates
                        for e in u["events"]
                    )
    shown = page.inner_text("#seats")
    assert "潜伏战线" not in shown or "identity_revealed" in json.dumps(msgs)


def test_a_timeout_hands_the_seat_to_its_bot_and_a_click_takes_it_back(browser: Any, server: Server) -> None:
    tok = server.player("slow")
    code = server.table(tok, {"players": 3, "pace": 0.2, "min_window": 0, "timer": True, "clock": 2, "bank": 0})
    page = page_for(browser, server, tok)
    page.goto(f"{server.base}/t/{code}")
    page.wait_for_selector("#question button.opt")  # asked, and nobody answers
    page.wait_for_selector("#away:not([hidden])", timeout=15000)
    assert "机器人" in page.inner_text("#away")
    page.click("#back")
    page.wait_for_selector("#away", state="hidden", timeout=10000)
    page.wait_for_selector("#question button.opt:not([disabled])", timeout=30000)
    click_one(page, random.Random(5))


def test_a_table_that_left_memory_sends_the_page_to_its_replay(browser: Any, tmp_path: Path) -> None:
    """With ``--keep-finished 0`` a table leaves the hall as its game ends: a spectator's page shows the end, then
    says the table closed with a link to the replay, and stops reconnecting (close code 4410). The host sits at 0
    and never comes: after ``--abandon-after 0.5`` his bot plays (the spectator is connected by then)."""
    args = ("--keep-finished", "0", "--abandon-after", "0.5")
    s = Server(f"sqlite:///{tmp_path / 'gone.db'}", args=args).start()
    try:
        host = s.player("host")
        code = str(s.post("/api/tables", dict(FAST, bots="random", spectators=True), host)["code"])
        page = page_for(browser, s, "", "en")
        page.goto(f"{s.base}/t/{code}")
        s.post(f"/api/tables/{code}/start", {}, host)
        page.wait_for_selector("#game-view:not([hidden])", timeout=10_000)  # watching while P0 is waited for
        try:
            page.wait_for_selector("#status a[href$='?replay=1']", timeout=30_000)
        finally:
            shot(page, "table-gone.png")
        assert "table closed" in page.inner_text("#status") and page.is_visible("#end")  # the end stays shown
        page.wait_for_timeout(1200)  # no reconnect loop (it would retry after 1 s): the status stays
        assert "table closed" in page.inner_text("#status") and not page.errors, page.errors
    finally:
        s.stop()
