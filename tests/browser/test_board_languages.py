"""A German and a Dutch viewer see the boards of Stier zoekt Bier, Four pints, please and
Bullenparty (Null Bock! is played whole in test_languages.py) and never meet an English
message id, with test_languages.py's check. Kept cheap: one page, each game against bots
that move at once (BOT_DELAY_MS is 0 here), the three games side by side, and each board
seen in both languages (the `lang` cookie the header's picker sets, which
test_languages.py clicks), so the bots play the three games once, not once a language.
The viewer holds seat 0: its board at the start (its hand, its controls, its prompt);
then the host hands the seat to a bot, which plays the game out, and the viewer watches
its end in the room; mid-game is seen through the viewer's own eyes on the replay page
(the same boards, half way)."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from app.games.registry import GAMES
from app.web.language import COOKIE
from tests.browser.play import DEFAULT_TIMEOUT_MS, FINAL
from tests.browser.test_languages import english_fragments, english_in
from tests.live import LiveServer

GAMES_HERE = ("stier-zoekt-bier", "four-pints-please", "bullenparty")


def _api(page: Page, method: str, url: str, **body: object) -> dict:
    answer = page.request.fetch(url, method=method, data=body or None)
    assert answer.ok, f"{method} {url}: {answer.status} {answer.text()}"
    return answer.json() if answer.status != 204 else {}


def start_room(page: Page, base: str, game_id: str) -> str:
    """A room of `game_id`, Anna (this page) in seat 0 and random bots in the rest,
    started; returns its API address."""
    seats = GAMES[game_id].min_players
    code = _api(page, "POST", f"{base}/api/rooms", game=game_id, seats=seats)["code"]
    rooms = f"{base}/api/rooms/{code}"
    _api(page, "POST", f"{rooms}/seats", name="Anna", seat=0)
    for seat in range(1, seats):
        _api(page, "POST", f"{rooms}/bots", seat=seat, level="random")
    _api(page, "POST", f"{rooms}/start")
    return rooms


LANGS = ("de", "nl")
Seen = dict[str, dict[str, dict[str, list[str]]]]  # language -> game -> where -> English


def speak(page: Page, base: str, lang: str) -> None:
    """From now on the pages come in `lang` (as after a click on the picker)."""
    page.context.add_cookies([{"name": COOKIE, "value": lang, "url": base}])


def boards_seen(page: Page, base: str, fragments: dict[str, set[str]]) -> Seen:
    """The English met on the viewer's boards of each game, in each language. The three
    games run side by side: the bots play them out on the server together."""
    rooms = {game_id: start_room(page, base, game_id) for game_id in GAMES_HERE}
    seen: Seen = {lang: {game_id: {} for game_id in GAMES_HERE} for lang in LANGS}
    for lang in LANGS:
        speak(page, base, lang)
        for game_id, api in rooms.items():
            page.goto(api.replace("/api/rooms/", "/r/"))
            expect(page.locator("#room")).to_have_attribute("data-status", "playing")
            expect(page.locator("#board .board")).to_be_visible()
            expect(page.locator("html")).to_have_attribute("lang", lang)
            seen[lang][game_id]["start"] = english_in(page, fragments[lang])
    page.goto("about:blank")  # no socket while the bots play: no board per move to draw
    for api in rooms.values():
        _api(page, "DELETE", f"{api}/seats/0")  # a good bot takes Anna's seat at once
    halfway = {}
    for game_id, api in rooms.items():
        # the room's page says when its game is over (its socket brings the end)
        page.goto(api.replace("/api/rooms/", "/r/"))
        expect(page.locator("#room")).to_have_attribute("data-status", "finished",
                                                        timeout=120_000)
        last = len(_api(page, "GET", f"{api}/games/1/record")["moves"])
        halfway[game_id] = (last // 2, last)
    for lang in LANGS:
        speak(page, base, lang)
        for game_id, api in rooms.items():
            room = api.replace("/api/rooms/", "/r/")
            page.goto(room)
            expect(page.locator("#room")).to_have_attribute("data-status", "finished")
            expect(page.locator(FINAL).first).to_be_visible()
            expect(page.locator("html")).to_have_attribute("lang", lang)
            seen[lang][game_id]["end"] = english_in(page, fragments[lang])
            step, last = halfway[game_id]
            page.goto(f"{room}/games/1?step={step}&seat=0")
            expect(page.locator("#board .board")).to_be_visible()
            seen[lang][game_id][f"replay step {step} of {last}"] = english_in(
                page, fragments[lang])
    return {lang: {game_id: {where: found for where, found in places.items() if found}
                   for game_id, places in games.items()} for lang, games in seen.items()}


def test_the_other_boards_speak_the_viewers_language(
    browser: Browser, app_server: LiveServer,
) -> None:
    context = browser.new_context(locale="de-DE")
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    page = context.new_page()
    try:
        met = boards_seen(page, app_server.url, {lang: english_fragments(lang)
                                                  for lang in LANGS})
        assert met == {lang: {game: {} for game in GAMES_HERE} for lang in LANGS}
    finally:
        context.close()
