"""The downloads of ``python -m bot update`` (:mod:`bot.update`): conditional, retried, bounded, checked.

* Conditional: ``If-None-Match`` / ``If-Modified-Since`` with the ETag / Last-Modified of the last download
  (an answer 304 means "unchanged").
* Retried: tenacity, exponential back-off on network errors, HTTP 429 and 5xx, nothing else.
* Bounded: every download has a ceiling (:class:`Ceiling`) for its kind of file, enforced while it streams: an
  announced ``Content-Length`` above it is refused before the body is read, and the bytes received (after
  decompression) are counted, so a body without ``Content-Length`` stops at the ceiling too. The temp file
  never grows past the ceiling, and nothing is held in memory beyond one chunk.
* Checked: a file that must not be HTML is refused when its ``Content-Type`` says HTML.

Libraries (well kept, each for one job): httpx for HTTP (separate connect / read timeouts; its HTTP/1.1 parser
h11 refuses a body shorter than its ``Content-Length``), tenacity for the retries, tqdm for the progress bar
(on stderr, and off by itself when stderr is no terminal: cron and systemd logs stay clean). They are imported
when ``update`` runs, so other commands do not pay for them.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from bot.config import UpdateSettings

if TYPE_CHECKING:
    import httpx

log = logging.getLogger(__name__)

#: Host names of this machine besides loopback addresses: an ``http`` address there never crosses a network.
LOCAL_NAMES = frozenset({"localhost"})

#: Seconds of the first wait between two tries (then doubled, at most :data:`RETRY_MAX`).
RETRY_WAIT = 1.0
RETRY_MAX = 30.0
CHUNK = 1 << 16
USER_AGENT = "Regelbot-update/0.1 (Discord bot for Magic rules questions)"
MB = 1_000_000


class UpdateError(Exception):
    """A download is refused or failed; the message is one German line ending in what was left untouched."""


@dataclass(frozen=True)
class Ceiling:
    """The most a download of one kind of file may bring: ``megabytes`` (10⁶ bytes, after decompression) and
    ``setting``, the words naming where it is set (for the German refusal)."""

    megabytes: float
    setting: str

    @property
    def bytes(self) -> int:
        """The ceiling in bytes."""
        return int(self.megabytes * MB)


#: The official rules page and MTGJSON's ``.sha256`` files: a few kilobytes each.
PAGE_CEILING = Ceiling(5, "feste Grenze für Seiten und Prüfsummen")


def rules_ceiling(upd: UpdateSettings) -> Ceiling:
    """The ceiling of the Comprehensive Rules TXT (``REGELBOT_UPDATE_MAX_RULES_MB``, default 20; the file
    has about 1 MB)."""
    return Ceiling(upd.max_rules_mb, "REGELBOT_UPDATE_MAX_RULES_MB")


def cards_ceiling(upd: UpdateSettings) -> Ceiling:
    """The ceiling of one MTGJSON file (``REGELBOT_UPDATE_MAX_CARDS_MB``, default 1000; a set file has a few
    MB, AllPrintings about 500 MB and is read as a stream)."""
    return Ceiling(upd.max_cards_mb, "REGELBOT_UPDATE_MAX_CARDS_MB")


@dataclass
class Fetched:
    """A download: where it was staged, the headers for the next conditional request, its SHA-256."""

    path: Path
    etag: str | None
    last_modified: str | None
    sha256: str
    size: int


def too_large(url: str, ceiling: Ceiling) -> UpdateError:
    """The German refusal of a download above ``ceiling``."""
    return UpdateError(f"{url} ist größer als {ceiling.megabytes:g} MB ({ceiling.setting})")


class Fetcher:
    """Conditional, retried, bounded, checked downloads over one httpx client (see the module doc)."""

    def __init__(self, upd: UpdateSettings, state: dict[str, dict[str, Any]]) -> None:
        import httpx

        # httpx logs every request at INFO in English; update prints its own German lines instead.
        logging.getLogger("httpx").setLevel(logging.WARNING)
        self.upd = upd
        self.state = state
        self.client = httpx.Client(timeout=httpx.Timeout(upd.timeout), follow_redirects=True,
                                   headers={"User-Agent": USER_AGENT})

    def close(self) -> None:
        """Close the HTTP client."""
        self.client.close()

    def _retrying(self) -> Any:
        from tenacity import Retrying, retry_if_exception, stop_after_attempt, wait_exponential

        def before_sleep(state: Any) -> None:
            log.warning("Versuch %d fehlgeschlagen (%s), neuer Versuch", state.attempt_number,
                        _reason(state.outcome.exception()))

        return Retrying(stop=stop_after_attempt(self.upd.attempts), reraise=True, before_sleep=before_sleep,
                        wait=wait_exponential(multiplier=RETRY_WAIT, max=RETRY_MAX),
                        retry=retry_if_exception(_transient))

    def fetch(self, url: str, target: Path, local: Path | None, ceiling: Ceiling, *,
              page: bool = False) -> Fetched | None:
        """Download ``url`` to ``target`` unless it is unchanged since the last download of ``local`` (then None).
        Only a ``page`` may be HTML; more than ``ceiling`` is refused (``target`` then holds at most the
        ceiling and one chunk; the caller's temp folder removes it).

        Raises:
            UpdateError: HTTP error, network error or a broken-off download after every try, an HTML page
                where a file was expected, or a file above ``ceiling`` (German).
        """
        headers = {}
        known = self.state.get(url, {})
        if local is not None and local.is_file():
            if known.get("etag"):
                headers["If-None-Match"] = known["etag"]
            if known.get("last_modified"):
                headers["If-Modified-Since"] = known["last_modified"]
        try:
            for attempt in self._retrying():
                with attempt:
                    return self._once(url, target, headers, ceiling, page)
        except UpdateError:
            raise
        except Exception as exc:
            raise UpdateError(f"{url}: {_reason(exc)}") from exc
        return None  # pragma: no cover (Retrying either returns or raises)

    def _once(self, url: str, target: Path, headers: dict[str, str], ceiling: Ceiling,
              page: bool) -> Fetched | None:
        with self.client.stream("GET", url, headers=headers) as response:
            if response.status_code == 304:
                return None
            if response.status_code >= 400:
                response.raise_for_status()
            if not page and "html" in response.headers.get("content-type", "").lower():
                raise UpdateError(f"{url} liefert eine HTML-Seite statt der Datei (Content-Type "
                                  f"{response.headers['content-type']})")
            announced = response.headers.get("content-length", "")
            if announced.isdigit() and int(announced) > ceiling.bytes:
                raise too_large(url, ceiling)
            digest = hashlib.sha256()
            size = 0
            with target.open("wb") as out, _progress(response, target.name) as bar:
                for chunk in response.iter_bytes(CHUNK):
                    size += len(chunk)
                    if size > ceiling.bytes:
                        raise too_large(url, ceiling)
                    out.write(chunk)
                    digest.update(chunk)
                    bar(len(chunk))
            return Fetched(target, response.headers.get("etag"), response.headers.get("last-modified"),
                           digest.hexdigest(), size)

    def text(self, url: str) -> str:
        """A small text resource (the rules page, a ``.sha256`` file; at most :data:`PAGE_CEILING`), fetched
        without conditions.

        Raises:
            UpdateError: as :meth:`fetch`.
        """
        with tempfile.TemporaryDirectory() as folder:
            got = self.fetch(url, Path(folder) / "page", None, PAGE_CEILING, page=True)
            assert got is not None
            return got.path.read_bytes().decode("utf-8", "replace")


@contextlib.contextmanager
def _progress(response: httpx.Response, name: str) -> Iterator[Callable[[int], object]]:
    """A tqdm bar on stderr for one download (off when stderr is no terminal); yields its ``update``."""
    from tqdm import tqdm

    total = int(response.headers.get("content-length") or 0) or None
    with tqdm(total=total, unit="B", unit_scale=True, desc=name, file=sys.stderr, disable=None, leave=False) as bar:
        yield bar.update


def _transient(exc: BaseException) -> bool:
    """Worth another try: a network error (also a body shorter than announced), HTTP 429 or 5xx."""
    import httpx

    if isinstance(exc, httpx.HTTPStatusError):
        return exc.response.status_code == 429 or exc.response.status_code >= 500
    return isinstance(exc, httpx.TransportError)


def _reason(exc: BaseException | None) -> str:
    """German words for what went wrong with a download."""
    import httpx

    if isinstance(exc, httpx.HTTPStatusError):
        return f"HTTP {exc.response.status_code} {exc.response.reason_phrase}"
    if isinstance(exc, httpx.RemoteProtocolError):
        return f"Download unvollständig abgebrochen ({exc})"
    if isinstance(exc, httpx.TimeoutException):
        return "keine Antwort innerhalb der Wartezeit (REGELBOT_UPDATE_TIMEOUT)"
    if isinstance(exc, httpx.TransportError):
        return f"Netzwerkfehler ({type(exc).__name__}: {exc})"
    return str(exc) or type(exc).__name__


def _on_this_machine(host: str) -> bool:
    """Whether ``host`` (a URL's host name) is this machine: ``localhost`` or a loopback address (127.0.0.0/8,
    ``::1``)."""
    import ipaddress

    if host.lower() in LOCAL_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def insecure_lines(upd: UpdateSettings) -> list[str]:
    """One German warning per configured address over plain ``http`` to another machine (``REGELBOT_CR_URL``,
    ``REGELBOT_RULES_PAGE``, ``REGELBOT_CARDS_URLS``): the rules TXT has no checksum, and a card file's ``.sha256``
    comes from the same address, so over ``http`` a change on the way would pass every check."""
    lines = []
    for key, url in [("REGELBOT_CR_URL", upd.cr_url), ("REGELBOT_RULES_PAGE", upd.rules_page)] + [
            ("REGELBOT_CARDS_URLS", u) for u in upd.card_urls]:
        parts = urlsplit(url)
        if parts.scheme.lower() == "http" and not _on_this_machine(parts.hostname or ""):
            lines.append(f"Warnung: {key} ist eine unverschlüsselte http-Adresse ({url[:80]}): was unterwegs "
                         "verändert wird, fällt keiner Prüfung auf (die Regeldatei hat keine Prüfsumme, die "
                         ".sha256 einer Kartendatei kommt über dieselbe Verbindung). Besser https verwenden.")
    return lines


__all__ = ["PAGE_CEILING", "Ceiling", "Fetched", "Fetcher", "UpdateError", "cards_ceiling", "insecure_lines",
           "rules_ceiling", "too_large"]
