"""uvicorn's log lines for what a client got wrong: one line, not a traceback.

uvicorn closes a socket that sent text that is not UTF-8 with 1007, as it should, but
logs it with `logger.exception`: an ERROR with a traceback that any visitor can write
as often as they like, looking like a fault of ours. It stays as a one-line warning.
"""

from __future__ import annotations

import logging

CLIENT_FAULTS = frozenset({"Invalid UTF-8 sequence received from client."})


class ClientFaultsInOneLine(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if record.msg in CLIENT_FAULTS:
            record.exc_info, record.exc_text = None, None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


def quiet_client_faults() -> None:
    """Install the filter on uvicorn's error logger (once, however many apps are made)."""
    logger = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, ClientFaultsInOneLine) for f in logger.filters):
        logger.addFilter(ClientFaultsInOneLine())
