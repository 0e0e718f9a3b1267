"""`python -m app.serve`: the app served as `make run` serves it (uvicorn, one process).

    python -m app.serve --host 0.0.0.0 --port 8000 --forwarded-allow-ips 127.0.0.1

What a connection may cost when the app is reached directly (issue 35.5):
- an idle keep-alive connection is closed KEEP_ALIVE_SECONDS after its last answer
  (uvicorn's `timeout_keep_alive`);
- a request body must arrive within BODY_SECONDS of its headers, else 408 and the
  connection is closed (app/web/middleware/bodies.py);
- a request's headers may be at most 16 KiB (h11's incomplete-event limit).
uvicorn times out nothing before a request's headers are complete: a client that sends
half a header, or nothing, holds its connection as long as it likes. On loopback that
does not matter; on any other address this prints so, once, at start: a proxy that
times out slow headers (deploy/nginx.conf: nginx's client_header_timeout) must front
the app wherever strangers can reach it.
"""

from __future__ import annotations

import argparse
import ipaddress
import sys

import uvicorn

from app.settings import Settings

HEADER_BYTES = 16 * 1024


def exposure_notice(host: str, port: int) -> str | None:
    """The line to print when `host` lets other machines in; None on loopback."""
    name = host.strip("[]").lower()
    if name == "localhost":
        return None
    try:
        if ipaddress.ip_address(name).is_loopback:
            return None
    except ValueError:
        pass  # a host name: it may well resolve to something others reach
    return (f"stammtisch: serving {host}:{port} to other machines directly. uvicorn "
            "cannot time out a request whose headers never finish, so anyone who can "
            "reach this port can hold connections open: fine on a home network, but "
            "anywhere else put a proxy in front (deploy/nginx.conf).")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m app.serve", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--forwarded-allow-ips", default="127.0.0.1",
                        help="proxies whose X-Forwarded-For/-Proto uvicorn believes")
    parser.add_argument("--fd", type=int, default=None,
                        help="serve a listening socket handed over (tests), not host:port")
    parser.add_argument("--app", default="app.main:app", help="an app factory")
    parser.add_argument("--log-level", default="info")
    args = parser.parse_args(argv)
    settings = Settings()
    notice = exposure_notice(args.host, args.port) if args.fd is None else None
    if notice:
        print(notice, file=sys.stderr, flush=True)
    uvicorn.run(args.app, factory=True, host=args.host, port=args.port, fd=args.fd,
                log_level=args.log_level, server_header=False,
                ws_per_message_deflate=False, proxy_headers=True,
                forwarded_allow_ips=args.forwarded_allow_ips,
                timeout_keep_alive=settings.keep_alive_seconds,
                h11_max_incomplete_event_size=HEADER_BYTES)


if __name__ == "__main__":
    main()
