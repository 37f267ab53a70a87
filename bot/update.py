"""``python -m bot update``: fetch the newest official files, check them, build a new store next to the old one.

1. The Comprehensive Rules TXT: from ``REGELBOT_CR_URL``, else the ``.txt`` link found on the official rules page
   (https://magic.wizards.com/en/rules). The MTGJSON files of ``REGELBOT_CARDS_URLS``, each checked against the
   SHA-256 MTGJSON publishes beside it (``<url>.sha256``).
2. Only what changed is downloaded: every request is conditional (``If-None-Match`` / ``If-Modified-Since``
   with the ETag / Last-Modified of the last download, kept in ``abruf.json`` beside the files).
3. A download is refused — with one German line, the old files and the old store untouched (byte-identical) —
   when the rules address answers with an HTML page instead of the text, the download breaks off before its
   ``Content-Length``, a card file's SHA-256 differs from the published one, or the rules file is not newer
   than (or as new as) the rules of the current store.
4. New files are staged in a temp folder, the store is built from the documents, every rules file of the folder
   (older ones are kept as history) and the card files (:func:`bot.importer.build`: temp file, then an atomic
   rename), and only then do the new files replace the old ones. ``update`` prints what changed: rules changed,
   added and removed, cards added, and the register rows to review (:mod:`bot.importer.review`).

Libraries (well kept, each for one job): httpx for HTTP (separate connect / read timeouts; its HTTP/1.1 parser
h11 refuses a body shorter than its ``Content-Length``), tenacity for the retries (exponential back-off on
network errors, HTTP 429 and 5xx, nothing else), tqdm for the progress bar (on stderr, and off by itself when
stderr is no terminal: cron and systemd logs stay clean). They are imported when ``update`` runs, so other
commands do not pay for them.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import logging
import re
import sqlite3
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote, urljoin, urlsplit

from bot.config import ConfigError, Settings, UpdateSettings, load_update_settings

if TYPE_CHECKING:
    import httpx

log = logging.getLogger(__name__)

STATE_FILE = "abruf.json"
#: Seconds of the first wait between two tries (then doubled, at most :data:`RETRY_MAX`).
RETRY_WAIT = 1.0
RETRY_MAX = 30.0
CHUNK = 1 << 16
_TXT_LINK = re.compile(r"""href\s*=\s*["']([^"']+?\.txt)["']""", re.IGNORECASE)
_SHA256 = re.compile(r"\b([0-9a-fA-F]{64})\b")
USER_AGENT = "Regelbot-update/0.1 (Discord bot for Magic rules questions)"


class UpdateError(Exception):
    """A download is refused or failed; the message is one German line ending in what was left untouched."""


@dataclass
class Fetched:
    """A download: where it was staged, the headers for the next conditional request, its SHA-256."""

    path: Path
    etag: str | None
    last_modified: str | None
    sha256: str
    size: int


@dataclass
class Outcome:
    """What one run did, for the summary: per address "neu" / "unverändert", the files it accepted."""

    lines: list[str] = field(default_factory=list)
    staged_cr: Path | None = None
    staged_cards: dict[str, Path] = field(default_factory=dict)
    staged_page: Path | None = None
    state: dict[str, dict[str, Any]] = field(default_factory=dict)

    @property
    def changed(self) -> bool:
        """True when any new file was accepted."""
        return self.staged_cr is not None or bool(self.staged_cards)


class Fetcher:
    """Conditional, retried, checked downloads over one httpx client (see the module doc)."""

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

    def fetch(self, url: str, target: Path, local: Path | None, *, page: bool = False) -> Fetched | None:
        """Download ``url`` to ``target`` unless it is unchanged since the last download of ``local`` (then None).
        Only a ``page`` may be HTML.

        Raises:
            UpdateError: HTTP error, network error or a broken-off download after every try, or an HTML page
                where a file was expected (German).
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
                    return self._once(url, target, headers, page)
        except UpdateError:
            raise
        except Exception as exc:
            raise UpdateError(f"{url}: {_reason(exc)}") from exc
        return None  # pragma: no cover (Retrying either returns or raises)

    def _once(self, url: str, target: Path, headers: dict[str, str], page: bool) -> Fetched | None:
        with self.client.stream("GET", url, headers=headers) as response:
            if response.status_code == 304:
                return None
            if response.status_code >= 400:
                response.raise_for_status()
            if not page and "html" in response.headers.get("content-type", "").lower():
                raise UpdateError(f"{url} liefert eine HTML-Seite statt der Datei (Content-Type "
                                  f"{response.headers['content-type']})")
            digest = hashlib.sha256()
            size = 0
            with target.open("wb") as out, _progress(response, target.name) as bar:
                for chunk in response.iter_bytes(CHUNK):
                    out.write(chunk)
                    digest.update(chunk)
                    size += len(chunk)
                    bar(len(chunk))
            return Fetched(target, response.headers.get("etag"), response.headers.get("last-modified"),
                           digest.hexdigest(), size)

    def text(self, url: str) -> str:
        """A small text resource (the rules page, a ``.sha256`` file), fetched without conditions.

        Raises:
            UpdateError: as :meth:`fetch`.
        """
        with tempfile.TemporaryDirectory() as folder:
            got = self.fetch(url, Path(folder) / "page", None, page=True)
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


PAGE_FILE = "regelseite.html"


def discover_cr_url(fetcher: Fetcher, page: str, folder: Path, stage: Path, outcome: Outcome) -> str:
    """The Comprehensive Rules TXT link on the official rules ``page`` (the first ``href`` ending in ``.txt``,
    one naming "CompRules" first), as an absolute address. The page is kept as ``regelseite.html`` in ``folder``
    and asked for conditionally like every file; a new copy is staged in ``stage`` until the run succeeds.

    Raises:
        UpdateError: the page cannot be fetched or has no such link.
    """
    cached = folder / PAGE_FILE
    fetched = fetcher.fetch(page, stage / PAGE_FILE, cached, page=True)
    if fetched is not None:
        outcome.staged_page = fetched.path
        _remember(outcome, page, fetched, PAGE_FILE)
    html = (fetched.path if fetched is not None else cached).read_text(encoding="utf-8", errors="replace")
    links = [urljoin(page, m.group(1).strip()) for m in _TXT_LINK.finditer(html)]
    links.sort(key=lambda u: "comprules" not in unquote(u).replace(" ", "").lower())
    if not links:
        raise UpdateError(f"Auf {page} steht kein Link auf die Regeln als Textdatei (.txt); REGELBOT_CR_URL setzen")
    return links[0]


def current_rules_date(db: Path, folder: Path) -> str | None:
    """The effective ISO date of the newest rules the store was built from, or of the rules files kept in
    ``folder`` when newer; None when neither has any."""
    from bot.importer.cr import decode_text, parse_effective_date

    dates: list[str] = []
    if db.is_file():
        with contextlib.suppress(sqlite3.Error), contextlib.closing(_readonly(db)) as conn:
            row = conn.execute("SELECT max(effective) FROM cr_versions").fetchone()
            if row and row[0]:
                dates.append(str(row[0]))
    for path in folder.glob("*.txt"):
        head = decode_text(path.read_bytes()[:4000])[0]
        dates += [d for d in (parse_effective_date(line) for line in head.splitlines()[:20]) if d]
    return max(dates) if dates else None


def _readonly(db: Path) -> sqlite3.Connection:
    return sqlite3.connect(db.resolve().as_uri() + "?mode=ro", uri=True)


def _check_rules(fetched: Fetched, url: str, current: str | None) -> str:
    """Parse a downloaded rules file; returns its effective ISO date.

    Raises:
        UpdateError: an HTML page, a file that is no complete Comprehensive Rules text, or rules older than
            ``current`` (the newest rules the store or the folder has).
    """
    from bot.importer.cr import decode_text, parse_cr_text
    from bot.importer.model import SourceError

    data = fetched.path.read_bytes()
    if data.lstrip()[:1] == b"<":
        raise UpdateError(f"{url} liefert eine HTML-Seite statt der Regeln als Text")
    try:
        text, encoding = decode_text(data)
        doc = parse_cr_text(text, Path(urlsplit(url).path).name, encoding)
    except SourceError as exc:
        raise UpdateError(f"{url} ist keine vollständige Regeldatei (Zeile {exc.line}: {exc.reason})") from exc
    if current is not None and doc.effective < current:
        raise UpdateError(f"Die geladene Regeldatei (Stand {doc.effective}) ist älter als die aktuelle "
                          f"(Stand {current})")
    return doc.effective


def _check_sha256(fetcher: Fetcher, url: str, fetched: Fetched) -> None:
    """Compare a card file with the SHA-256 published at ``<url>.sha256``.

    Raises:
        UpdateError: no checksum file, or a checksum that differs.
    """
    published = _SHA256.search(fetcher.text(url + ".sha256"))
    if published is None:
        raise UpdateError(f"{url}.sha256 enthält keine SHA-256-Prüfsumme")
    if published.group(1).lower() != fetched.sha256:
        raise UpdateError(f"Prüfsumme von {Path(urlsplit(url).path).name} stimmt nicht: veröffentlicht "
                          f"{published.group(1)[:12]}…, geladen {fetched.sha256[:12]}…")


def card_file_name(url: str) -> str:
    """The local name of a card file: the last part of its address (``RAV.json``)."""
    name = Path(unquote(urlsplit(url).path)).name
    if not name or name.startswith("."):
        raise UpdateError(f"{url}: kein Dateiname in der Adresse")
    return name


def _remember(outcome: Outcome, url: str, fetched: Fetched, file: str) -> None:
    outcome.state[url] = {"etag": fetched.etag, "last_modified": fetched.last_modified, "file": file,
                          "sha256": fetched.sha256, "size": fetched.size}


def _fetch_rules(fetcher: Fetcher, upd: UpdateSettings, db: Path, stage: Path, outcome: Outcome) -> None:
    """Stage a new rules file when the address has one (newer than the current rules, complete, not HTML)."""
    url = upd.cr_url or discover_cr_url(fetcher, upd.rules_page, upd.folder, stage, outcome)
    known = fetcher.state.get(url, {}).get("file")
    fetched = fetcher.fetch(url, stage / "regeln.part", upd.folder / known if known else None)
    if fetched is None:
        outcome.lines.append(f"Regeln: unverändert ({url})")
        return
    effective = _check_rules(fetched, url, current_rules_date(db, upd.folder))
    name = f"MagicCompRules_{effective.replace('-', '')}.txt"
    old = upd.folder / name
    if old.is_file() and hashlib.sha256(old.read_bytes()).hexdigest() == fetched.sha256:
        outcome.lines.append(f"Regeln: unverändert (Stand {effective}, {url})")
    else:
        outcome.staged_cr = fetched.path.rename(stage / name)
        outcome.lines.append(f"Regeln: neu geladen, Stand {effective} ({fetched.size:,} Bytes, {url})")
    _remember(outcome, url, fetched, name)


def _fetch_cards(fetcher: Fetcher, upd: UpdateSettings, stage: Path, outcome: Outcome) -> None:
    """Stage every configured card file that changed, each checked against its published SHA-256."""
    for url in upd.card_urls:
        name = card_file_name(url)
        fetched = fetcher.fetch(url, stage / f"{name}.part", upd.folder / name)
        if fetched is None:
            outcome.lines.append(f"Karten {name}: unverändert")
            continue
        _check_sha256(fetcher, url, fetched)
        outcome.staged_cards[url] = fetched.path.rename(stage / name)
        outcome.lines.append(f"Karten {name}: neu geladen ({fetched.size:,} Bytes, Prüfsumme stimmt)")
        _remember(outcome, url, fetched, name)


def _load_state(folder: Path) -> dict[str, dict[str, Any]]:
    path = folder / STATE_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _inputs(upd: UpdateSettings, outcome: Outcome) -> tuple[list[Path], list[Path]]:
    """The build's ``--cr`` files (every rules file of the folder, the staged one instead of its namesake) and
    ``--cards`` files (per configured address the staged file, else the kept one)."""
    crs = {p.name: p for p in sorted(upd.folder.glob("*.txt"))}
    if outcome.staged_cr is not None:
        crs[outcome.staged_cr.name] = outcome.staged_cr
    cards = []
    for url in upd.card_urls:
        path = outcome.staged_cards.get(url) or upd.folder / card_file_name(url)
        if not path.is_file():
            raise UpdateError(f"Kartendatei {path.name} fehlt im Ordner {upd.folder} (erneut laden lassen)")
        cards.append(path)
    return list(crs.values()), cards


def _commit(upd: UpdateSettings, outcome: Outcome, state: dict[str, dict[str, Any]]) -> None:
    """Move the staged files into the folder and write the new ETags (after a successful build, or when
    nothing but the rules page changed)."""
    for path in [outcome.staged_cr, outcome.staged_page, *outcome.staged_cards.values()]:
        if path is not None:
            path.replace(upd.folder / path.name)
    state.update(outcome.state)
    tmp = upd.folder / f"{STATE_FILE}.tmp"
    tmp.write_text(json.dumps(state, indent=1, ensure_ascii=False), encoding="utf-8")
    tmp.replace(upd.folder / STATE_FILE)


@dataclass
class _Snapshot:
    """What a store holds that ``update`` compares: current rules by number, card names."""

    rules: dict[str, str]
    cards: set[str]


def snapshot(db: Path) -> _Snapshot:
    """The current rules and the card names of the store at ``db`` (empty for no or an unreadable store)."""
    if not db.is_file():
        return _Snapshot({}, set())
    try:
        with contextlib.closing(_readonly(db)) as conn:
            rules = dict(conn.execute("SELECT r.number, r.text FROM cr_rules r JOIN cr_versions v ON"
                                      " v.id = r.version_id WHERE v.is_current = 1"))
            return _Snapshot(rules, {str(n) for (n,) in conn.execute("SELECT name FROM cards")})
    except sqlite3.Error:
        return _Snapshot({}, set())


def changes_text(before: _Snapshot, after: _Snapshot, review_lines: str) -> list[str]:
    """The summary ``update`` prints: rules changed / added / removed (up to 12 numbers each), cards added,
    and the register rows to review."""

    def some(numbers: list[str]) -> str:
        return (": " + ", ".join(numbers[:12]) + (" …" if len(numbers) > 12 else "")) if numbers else ""

    changed = [n for n, t in after.rules.items() if n in before.rules and before.rules[n] != t]
    added = [n for n in after.rules if n not in before.rules]
    removed = [n for n in before.rules if n not in after.rules]
    new_cards = sorted(after.cards - before.cards)
    lines = [f"Regeln geändert: {len(changed)}{some(changed)}", f"Regeln neu: {len(added)}{some(added)}",
             f"Regeln entfallen: {len(removed)}{some(removed)}",
             f"Karten neu: {len(new_cards)}{some(new_cards)}"]
    return lines + ([review_lines] if review_lines else [])


def run_update(settings: Settings, upd: UpdateSettings, out: Callable[[str], object] = print) -> int:
    """Fetch, check, build, swap (module doc); prints via ``out``; returns the exit code (0 also when nothing
    was new).

    Raises:
        UpdateError: a refused or failed download, or a failed build (German; old files and store untouched).
    """
    from bot.importer import DEFAULT_SOURCES, BuildError, build
    from bot.importer.model import SourceError
    from bot.importer.review import format_review

    db = settings.db_path
    upd.folder.mkdir(parents=True, exist_ok=True)
    state = _load_state(upd.folder)
    fetcher = Fetcher(upd, state)
    outcome = Outcome()
    try:
        with tempfile.TemporaryDirectory(prefix=".neu-", dir=upd.folder) as staging:
            _fetch_rules(fetcher, upd, db, Path(staging), outcome)
            _fetch_cards(fetcher, upd, Path(staging), outcome)
            for line in outcome.lines:
                out(line)
            if not outcome.changed and db.is_file():
                if outcome.state:  # only the rules page changed, not the file it links
                    _commit(upd, outcome, state)
                out(f"Nichts Neues: die Datenbank {db} bleibt, wie sie ist.")
                return 0
            before = snapshot(db)
            crs, cards = _inputs(upd, outcome)
            try:
                report = build(db, DEFAULT_SOURCES, cr_files=crs, card_files=cards)
            except SourceError as exc:
                raise UpdateError(f"Bauen fehlgeschlagen: {exc.file}, Zeile {exc.line}: {exc.reason}") from exc
            except BuildError as exc:
                raise UpdateError(f"Bauen fehlgeschlagen: {exc}") from exc
            _commit(upd, outcome, state)
    finally:
        fetcher.close()
    review = report.today.review
    for line in changes_text(before, snapshot(db), format_review(review) if review is not None else ""):
        out(line)
    out(f"Datenbank neu gebaut: {db} (laufende Bots: neu starten, damit sie die neue Datenbank lesen)")
    return 0


def cmd_update(settings: Settings, args: argparse.Namespace) -> int:
    """``python -m bot update``: :func:`run_update` with the settings of ``.env``; German line and exit code 1
    when a download is refused or fails, 2 for a bad setting."""
    from bot.exits import fail

    try:
        upd = load_update_settings(settings)
    except ConfigError as exc:
        return fail(str(exc), 2)
    try:
        return run_update(settings, upd)
    except UpdateError as exc:
        return fail(f"Update abgelehnt: {exc}. Die bisherigen Dateien und die Datenbank sind unverändert.")
    except OSError as exc:
        return fail(f"Update fehlgeschlagen: {exc}. Die bisherige Datenbank ist unverändert.")


__all__ = ["UpdateError", "cmd_update", "current_rules_date", "discover_cr_url", "run_update"]
