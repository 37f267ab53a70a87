"""Docker HEALTHCHECK of the Regelbot image (standard library only, no curl in the slim image).

``healthcheck.py [URL]``: ``GET URL`` (default ``http://127.0.0.1:$METRICS_PORT/health``, the gateway bot's
health endpoint) and exit 0 for HTTP 200, 1 for anything else (another status, refused, timeout after 4 s).
Without a URL and without ``METRICS_PORT`` there is no endpoint to ask: exit 0, Docker then watches only the
process. One German line on stdout says what was found (``docker inspect`` shows it).
"""

from __future__ import annotations

import os
import sys
import urllib.error
import urllib.request

TIMEOUT_SECONDS = 4.0


def target(argv: list[str]) -> str | None:
    """The URL to ask: the first argument, else ``/health`` on ``METRICS_PORT`` of loopback, else None."""
    if len(argv) > 1:
        return argv[1]
    port = os.environ.get("METRICS_PORT", "").strip()
    return f"http://127.0.0.1:{port}/health" if port else None


def check(url: str) -> tuple[bool, str]:
    """``(healthy, German line)`` for ``GET url``: healthy only for HTTP 200."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # loopback: never through a proxy
    try:
        with opener.open(url, timeout=TIMEOUT_SECONDS) as response:
            status = response.status
    except urllib.error.HTTPError as exc:
        return False, f"{url}: HTTP {exc.code}"
    except (OSError, ValueError) as exc:  # refused, timeout, no such host, malformed URL
        return False, f"{url}: nicht erreichbar ({type(exc).__name__})"
    return status == 200, f"{url}: HTTP {status}"


def main(argv: list[str]) -> int:
    """Exit code for Docker: 0 healthy, 1 unhealthy."""
    url = target(argv)
    if url is None:
        print("METRICS_PORT nicht gesetzt: kein Gesundheits-Endpunkt, Docker überwacht nur den Prozess.")
        return 0
    healthy, line = check(url)
    print(line)
    return 0 if healthy else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
