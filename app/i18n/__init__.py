"""Languages: which ones the table speaks, and the gettext catalogues behind them.

Catalogues are the `.po` files under `app/locale/<lang>/LC_MESSAGES/<domain>.po`, read at
first use and compiled in memory, so no compiled `.mo` file is kept in the repository and
no build step runs. Two domains: `messages` (pages and boards, extracted from the
templates and `app/web`) and `games` (what the games say: card names, log sentences,
summaries). English is the source language: its catalogue is the message ids themselves.
"""

from app.i18n.catalog import DEFAULT, LANGUAGES, translations

__all__ = ["DEFAULT", "LANGUAGES", "translations"]
