"""``python -m bot update``: fetch the newest official files, check them, build a new store next to the old one.

1. The Comprehensive Rules TXT: from ``REGELBOT_CR_URL``, else the ``.txt`` link found on the official rules page
   (https://magic.wizards.com/en/rules). The MTGJSON files of ``REGELBOT_CARDS_URLS``, each checked against the
   SHA-256 MTGJSON publishes beside it (``<url>.sha256``).
2. Only what changed is downloaded: every request is conditional (``If-None-Match`` / ``If-Modified-Since``
   with the ETag / Last-Modified of the last download, kept in ``abruf.json`` beside the files).
3. A download is refused — with one German line, the old files and the old store untouched (byte-identical) —
   when the rules address answers with an HTML page instead of the text, the download breaks off before its
   ``Content-Length``, a file is larger than the ceiling of its kind, a card file's SHA-256 differs from the
   published one, or the rules file is not newer than (or as new as) the rules of the current store.
4. New files are staged in a temp folder, the store is built from the documents, every rules file of the folder
   (older ones are kept as history) and the card files (:func:`bot.importer.build`: temp file, then an atomic
   rename), and only then do the new files replace the old ones. ``update`` prints what changed: rules changed,
   added and removed, cards added and removed, and the register rows to review (:mod:`bot.importer.review`).
5. Plain ``update`` with nothing new still builds when the change register (``data/changes.toml``,
   ``data/terms.tsv``) differs from the one the store was built with (:mod:`bot.update_register`: by its
   SHA-256, recorded in ``abruf.json`` at each build ``update`` makes; for a store ``build`` made, by the files'
   time against the store's ``built_at``). An address over plain ``http`` (not on this machine) gets one German
   warning line (:func:`bot.download.insecure_lines`): it is used, but neither the rules TXT (no checksum) nor a
   card file (its ``.sha256`` comes over the same channel) is then protected against a change on the way.
6. Nothing the current store was built from is dropped silently: a card file it was built from stays in the
   build while it is kept in the folder, also when its address left ``REGELBOT_CARDS_URLS``; ``build --cr/--cards``
   of the store ``update`` rebuilds keeps its files there (:func:`keep_official_files`). A rules or card file
   of the current store that is not in the folder is named in one line (``… nicht mehr dabei``).

The downloads (:mod:`bot.download`): httpx, tenacity for the retries, tqdm for the progress bar, each with a
ceiling per kind of file enforced while it streams (rules TXT ``REGELBOT_UPDATE_MAX_RULES_MB``, default 20;
MTGJSON files ``REGELBOT_UPDATE_MAX_CARDS_MB``, default 1000; the rules page and checksum files 5 MB). A rules
file is parsed whole only after it passed its ceiling; card files are read as a stream (ijson).
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import logging
import re
import shutil
import sqlite3
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urljoin, urlsplit

from bot.config import ConfigError, Settings, UpdateSettings, load_update_settings
from bot.download import PAGE_CEILING, Fetched, Fetcher, UpdateError, cards_ceiling, insecure_lines, rules_ceiling
from bot.exits import REVIEW
from bot.text import german_int
from bot.update_register import REGISTER_KEY, register_changed, register_digest, register_files, store_built_at

log = logging.getLogger(__name__)

STATE_FILE = "abruf.json"
_TXT_LINK = re.compile(r"""href\s*=\s*["']([^"']+?\.txt)["']""", re.IGNORECASE)
_SHA256 = re.compile(r"\b([0-9a-fA-F]{64})\b")


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


PAGE_FILE = "regelseite.html"


def discover_cr_url(fetcher: Fetcher, page: str, folder: Path, stage: Path, outcome: Outcome) -> str:
    """The Comprehensive Rules TXT link on the official rules ``page`` (the first ``href`` ending in ``.txt``,
    one naming "CompRules" first), as an absolute address. The page is kept as ``regelseite.html`` in ``folder``
    and asked for conditionally like every file; a new copy is staged in ``stage`` until the run succeeds.

    Raises:
        UpdateError: the page cannot be fetched or has no such link.
    """
    cached = folder / PAGE_FILE
    fetched = fetcher.fetch(page, stage / PAGE_FILE, cached, PAGE_CEILING, page=True)
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
    dates: list[str] = []
    if db.is_file():
        with contextlib.suppress(sqlite3.Error), contextlib.closing(_readonly(db)) as conn:
            row = conn.execute("SELECT max(effective) FROM cr_versions").fetchone()
            if row and row[0]:
                dates.append(str(row[0]))
    dates += [d for d in map(rules_file_date, folder.glob("*.txt")) if d]
    return max(dates) if dates else None


def rules_file_date(path: Path) -> str | None:
    """The effective ISO date a Comprehensive Rules TXT states in its first lines ("These rules are effective
    as of April 17, 2026." → ``2026-04-17``), read from the file's head only; None when it names none."""
    # the importer only when a rules file is read
    from bot.importer.cr import decode_text, parse_effective_date

    with path.open("rb") as handle:  # the head only: the date is in the first lines
        head = decode_text(handle.read(4000))[0]
    return next((d for d in (parse_effective_date(line) for line in head.splitlines()[:20]) if d), None)


def _file_sha256(path: Path) -> str:
    """SHA-256 of a file, read in chunks."""
    with path.open("rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


def _readonly(db: Path) -> sqlite3.Connection:
    return sqlite3.connect(db.resolve().as_uri() + "?mode=ro", uri=True)


def _check_rules(fetched: Fetched, url: str, current: str | None) -> str:
    """Parse a downloaded rules file (read whole: its download stopped at the rules ceiling); returns its
    effective ISO date.

    Raises:
        UpdateError: an HTML page, a file that is no complete Comprehensive Rules text, or rules older than
            ``current`` (the newest rules the store or the folder has).
    """
    # the importer only when a rules file is read
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
    fetched = fetcher.fetch(url, stage / "regeln.part", upd.folder / known if known else None, rules_ceiling(upd))
    if fetched is None:
        outcome.lines.append(f"Regeln: unverändert ({url})")
        return
    current = current_rules_date(db, upd.folder)
    effective = _check_rules(fetched, url, current)
    name = f"MagicCompRules_{effective.replace('-', '')}.txt"
    old = upd.folder / name
    if old.is_file() and _file_sha256(old) == fetched.sha256:
        outcome.lines.append(f"Regeln: unverändert (Stand {effective}, {url})")
    else:
        outcome.staged_cr = fetched.path.rename(stage / name)
        outcome.lines.append(f"Regeln: neu geladen, Stand {effective} ({german_int(fetched.size)} Bytes, {url})")
        if old.is_file() and effective == current:  # a re-issue: same date line, other text
            outcome.lines.append(f"Gleiches Datum wie die aktuelle Regeldatei ({effective}), aber anderer Inhalt: "
                                 f"{name} wird ersetzt")
    _remember(outcome, url, fetched, name)


def _fetch_cards(fetcher: Fetcher, upd: UpdateSettings, stage: Path, outcome: Outcome) -> None:
    """Stage every configured card file that changed, each checked against its published SHA-256."""
    for url in upd.card_urls:
        name = card_file_name(url)
        fetched = fetcher.fetch(url, stage / f"{name}.part", upd.folder / name, cards_ceiling(upd))
        if fetched is None:
            outcome.lines.append(f"Karten {name}: unverändert")
            continue
        _check_sha256(fetcher, url, fetched)
        outcome.staged_cards[url] = fetched.path.rename(stage / name)
        outcome.lines.append(f"Karten {name}: neu geladen ({german_int(fetched.size)} Bytes, Prüfsumme stimmt)")
        _remember(outcome, url, fetched, name)


def _load_state(folder: Path) -> dict[str, dict[str, Any]]:
    path = folder / STATE_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


@dataclass
class BuiltFrom:
    """The official files a store was built from, as ``build`` recorded them: ``rules`` maps each rules
    version's effective ISO date to its file name (table ``cr_versions``), ``cards`` lists the card files'
    names (``meta.card_files``)."""

    rules: dict[str, str] = field(default_factory=dict)
    cards: list[str] = field(default_factory=list)


def built_from(db: Path) -> BuiltFrom:
    """What the store at ``db`` was built from (:class:`BuiltFrom`; empty for no or an unreadable store)."""
    found = BuiltFrom()
    if not db.is_file():
        return found
    with contextlib.suppress(sqlite3.Error, ValueError), contextlib.closing(_readonly(db)) as conn:
        found.rules = {str(d): str(f) for d, f in conn.execute("SELECT effective, file FROM cr_versions")}
        row = conn.execute("SELECT value FROM meta WHERE key = 'card_files'").fetchone()
        names = json.loads(row[0]) if row else []
        found.cards = [str(n) for n in names] if isinstance(names, list) else []
    return found


def _inputs(upd: UpdateSettings, outcome: Outcome, before: BuiltFrom) -> tuple[list[Path], list[Path], list[str]]:
    """The build's ``--cr`` files (every rules file of the folder, the staged one instead of its namesake),
    its ``--cards`` files (per configured address the staged file, else the kept one; then every card file the
    current store was built from that is kept in the folder, also when its address is no longer configured),
    and one German line per official file of the current store the new one will lack (not in the folder)."""
    crs = {p.name: p for p in sorted(upd.folder.glob("*.txt"))}
    if outcome.staged_cr is not None:
        crs[outcome.staged_cr.name] = outcome.staged_cr
    cards: dict[str, Path] = {}
    for url in upd.card_urls:
        path = outcome.staged_cards.get(url) or upd.folder / card_file_name(url)
        if not path.is_file():
            raise UpdateError(f"Kartendatei {path.name} fehlt im Ordner {upd.folder} (erneut laden lassen)")
        cards[path.name] = path
    lost: list[str] = []
    for name in before.cards:
        kept = upd.folder / name
        if name in cards:
            continue
        if kept.is_file():
            cards[name] = kept
            outcome.lines.append(f"Karten {name}: behalten (nicht in REGELBOT_CARDS_URLS, aus {upd.folder})")
        else:
            lost.append(f"Kartendatei {name} nicht mehr dabei: nicht in {upd.folder} (dort ablegen und "
                        "`update --rebuild`, sonst fehlen ihre Karten)")
    dates = {rules_file_date(p) for p in crs.values()}
    lost += [f"Regeldatei {file} (Stand {date}) nicht mehr dabei: nicht in {upd.folder} (dort ablegen und "
             "`update --rebuild`, sonst fehlen diese Regeln)" for date, file in sorted(before.rules.items())
             if date not in dates]
    return list(crs.values()), list(cards.values()), lost


def keep_official_files(folder: Path, cr_files: list[Path], card_files: list[Path]) -> list[str]:
    """Keep the official files a ``build`` of the store used in ``folder`` (``quellen/``), so that ``update``
    builds from them as well: each rules file as ``MagicCompRules_<date>.txt`` (the name ``update`` gives a
    downloaded one, so one date is one file), each card file under its own name. A hard link where the file
    system allows it, else a copy (temp file, then a rename); a file already there with the same content is
    left alone. Returns one German line per file kept.

    Raises:
        OSError: the folder cannot be created or written.
    """
    folder.mkdir(parents=True, exist_ok=True)
    kept: list[str] = []
    named = [(p, f"MagicCompRules_{(rules_file_date(p) or '').replace('-', '')}.txt") for p in cr_files]
    for source, name in named + [(p, p.name) for p in card_files]:
        target = folder / name
        if target.is_file() and (target.samefile(source) or _file_sha256(target) == _file_sha256(source)):
            continue
        tmp = folder / f".{name}.neu"
        tmp.unlink(missing_ok=True)
        try:
            tmp.hardlink_to(source)
        except OSError:
            shutil.copyfile(source, tmp)
        tmp.replace(target)
        kept.append(f"Behalten für update: {source.name} als {target}")
    return kept


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
    """The summary ``update`` prints: rules changed / added / removed (up to 12 numbers each), cards added and
    removed (up to 12 names each), and the register rows to review."""

    def some(numbers: list[str]) -> str:
        return (": " + ", ".join(numbers[:12]) + (" …" if len(numbers) > 12 else "")) if numbers else ""

    changed = [n for n, t in after.rules.items() if n in before.rules and before.rules[n] != t]
    added = [n for n in after.rules if n not in before.rules]
    removed = [n for n in before.rules if n not in after.rules]
    new_cards = sorted(after.cards - before.cards)
    gone_cards = sorted(before.cards - after.cards)
    lines = [f"Regeln geändert: {len(changed)}{some(changed)}", f"Regeln neu: {len(added)}{some(added)}",
             f"Regeln entfallen: {len(removed)}{some(removed)}",
             f"Karten neu: {len(new_cards)}{some(new_cards)}", f"Karten entfernt: {len(gone_cards)}{some(gone_cards)}"]
    return lines + ([review_lines] if review_lines else [])


def _unchanged(db: Path, upd: UpdateSettings, outcome: Outcome, state: dict[str, dict[str, Any]],
               out: Callable[[str], object]) -> bool:
    """With no file new: ``True`` (and „Nichts Neues“ said) when the change register is still the one the store
    was built with; ``False`` after saying why the store is built again (``data/changes.toml`` or
    ``data/terms.tsv`` edited since)."""
    reason = register_changed(db, state)
    if reason is not None:
        out(reason)
        return False
    if outcome.state:  # only the rules page changed, not the file it links
        _commit(upd, outcome, state)
    out(f"Nichts Neues: die Datenbank {db} bleibt, wie sie ist.")
    return True


def run_update(settings: Settings, upd: UpdateSettings, out: Callable[[str], object] = print, *,
               rebuild: bool = False) -> int:
    """Fetch, check, build, swap (module doc); prints via ``out``; returns the exit code: 0 (also when nothing
    was new), :data:`bot.exits.REVIEW` (3) when the new store has register rows to review against newer rules.
    ``rebuild``: build the store from the documents and the kept files even when no file is new
    (after new code or new documents: ``update --rebuild``).

    Raises:
        UpdateError: a refused or failed download, or a failed build (German; old files and store untouched).
    """
    from bot.importer import DEFAULT_SOURCES, BuildError, build  # the importer only when an update builds
    from bot.importer.model import SourceError
    from bot.importer.review import format_review

    db = settings.db_path
    for line in insecure_lines(upd):
        out(line)
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
            shown = len(outcome.lines)
            if not outcome.changed and db.is_file() and not rebuild:
                if _unchanged(db, upd, outcome, state, out):
                    return 0
                shown = len(outcome.lines)
            before = snapshot(db)
            crs, cards, lost = _inputs(upd, outcome, built_from(db))
            for line in outcome.lines[shown:]:
                out(line)
            for line in lost:
                out(line)
            changes_toml, terms_tsv = register_files()
            register = register_digest((changes_toml, terms_tsv))  # read before the build reads it
            try:
                report = build(db, DEFAULT_SOURCES, cr_files=crs, card_files=cards, register=changes_toml,
                               terms=terms_tsv)
            except SourceError as exc:
                raise UpdateError(f"Bauen fehlgeschlagen: {exc.file}, Zeile {exc.line}: {exc.reason}") from exc
            except BuildError as exc:
                raise UpdateError(f"Bauen fehlgeschlagen: {exc}") from exc
            outcome.state[REGISTER_KEY] = {"sha256": register, "built_at": store_built_at(db)}
            _commit(upd, outcome, state)
    finally:
        fetcher.close()
    review = report.today.review
    for line in changes_text(before, snapshot(db), format_review(review) if review is not None else ""):
        out(line)
    out(f"Datenbank neu gebaut: {db} (laufende Bots wechseln von selbst zu ihr: innerhalb von "
        "REGELBOT_STORE_WATCH Sekunden oder sofort mit SIGHUP)")
    rows = len(review.rows()) if review is not None else 0
    if rows:  # the store is in place; the register's quotes need a person: a distinct exit code for timers and cron
        out(f"Exit-Code {REVIEW}: {rows} Registerzeilen zu prüfen (data/changes.toml; README: After a rules update)")
    return REVIEW if rows else 0


def cmd_update(settings: Settings, args: argparse.Namespace) -> int:
    """``python -m bot update [--rebuild]``: :func:`run_update` with the settings of ``.env``; German line and
    exit code 1 when a download is refused or fails, 2 for a bad setting."""
    # as the launcher's commands: at the command's call
    from bot.exits import fail

    try:
        upd = load_update_settings(settings)
    except ConfigError as exc:
        return fail(str(exc), 2)
    try:
        return run_update(settings, upd, rebuild=bool(getattr(args, "rebuild", False)))
    except UpdateError as exc:
        return fail(f"Update abgelehnt: {exc}. Die bisherigen Dateien und die Datenbank sind unverändert.")
    except OSError as exc:
        return fail(f"Update fehlgeschlagen: {exc}. Die bisherige Datenbank ist unverändert.")


__all__ = ["BuiltFrom", "UpdateError", "built_from", "cmd_update", "current_rules_date", "discover_cr_url",
           "keep_official_files", "rules_file_date", "run_update"]
