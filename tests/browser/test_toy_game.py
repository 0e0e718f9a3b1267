"""A whole game of the toy "High card" through the pages: the pipeline end to end,
independent of the real engines."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from app.games.base import JSON
from tests.browser.play import open_table, play_to_the_end, screenshot
from tests.games import toy
from tests.live import LiveServer


class HighCardWithOutcome(toy.HighCard):
    """The toy game, its view carrying "outcome" as the engine brief asks of real games."""

    def view(self, state: toy.ToyState, seat: int | None) -> JSON:
        result = self.outcome(state)
        return {**super().view(state, seat), "outcome": result.to_json() if result else None}


pytestmark = pytest.mark.usefixtures("toy_game")  # conftest.py: the toy game, registered


def test_three_players_and_a_spectator_play_high_card(
    browser: Browser, app_server: LiveServer, screenshot_dir: Path
) -> None:
    table = open_table(browser, app_server.url, toy.HighCard.id, ["Ann", "Bo", "Cy"],
                       options={"tricks": 2})
    try:
        assert table.spectator is not None
        expect(table.spectator.locator("#board .move")).to_have_count(0)
        moves = play_to_the_end(table, random.Random(1))
        assert moves == 6
        for page in table.pages():
            expect(page.locator(".final-scores")).to_contain_text("Final scores")
            expect(page.locator("#rematch")).to_be_visible() if page != table.spectator else None
        screenshot(table.players[0], screenshot_dir, "toy-finished-desktop")
        assert table.errors == []
    finally:
        table.close()
