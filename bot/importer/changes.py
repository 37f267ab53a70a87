"""The change register: what changed between a document's date and today, as reviewed data.

Two files in ``data/``:

* ``changes.toml`` — ``[review]`` (which documents were read in full, the date of the Comprehensive
  Rules used as evidence), ``[cr]`` (the quoted text of every rule cited as evidence, so answers and CI
  need no official file), ``[[term]]`` (renamed terms: spielen → wirken, …) and ``[[change]]`` rows:
  the entries they name, ``kind`` (``changed`` / ``wording`` / ``unchanged``), what changed, the
  evidence (``"CR 709.4a"`` or a later document entry ``"002:29 Jede geteilte Karte hat zwei"``) and
  today's statement.
* ``terms.tsv`` — per German entry the old terms it uses in their old sense (reviewed, see its header).

An entry is ``"<file prefix>:<line> <text start>"``: the ruling (or mechanics section, line of its title)
at that line of the document file whose name starts with the prefix. :func:`apply` resolves every
reference against the freshly written store and fails loudly (:class:`RegisterError`) when an entry is
missing or its text does not start as quoted. Rows whose document is not part of the build (a test
build from other sources) are skipped and counted.

Every ruling and mechanics section then gets a today-status in ``today_status``: ``changed`` (a
``changed`` row names it), ``wording`` (a ``wording`` row names it or it carries terms), ``unchanged``
(read in the review, or confirmed by an ``unchanged`` row), ``current`` (a document that states today's
rules: 003, MTGJSON rulings as maintained by Gatherer) or ``unreviewed`` (a document the review did not
cover — none in ``data/sources``).
"""

from __future__ import annotations

import json
import re
import sqlite3
from dataclasses import dataclass, field

from bot.importer.cr import CRDocument
from bot.importer.register import (  # read there, applied here; the names stay importable from here
    CHANGES_PATH,
    KINDS,
    RELATIONS,
    STATUSES,
    TERMS_PATH,
    Change,
    EntryRef,
    OldNumber,
    Register,
    RegisterError,
    Term,
    parse_ref,
    read_register,
    read_terms,
)
from bot.importer.review import ReviewReport, fold, format_review, review, write_review

__all__ = [
    "CHANGES_PATH",
    "KINDS",
    "RELATIONS",
    "STATUSES",
    "TERMS_PATH",
    "Change",
    "EntryRef",
    "OldNumber",
    "Register",
    "RegisterError",
    "Term",
    "TodayReport",
    "apply",
    "format_today",
    "numbers_in_text",
    "parse_ref",
    "read_register",
    "read_terms",
]


@dataclass
class TodayReport:
    """What :func:`~bot.importer.changes.apply` did: per document (file, part) the counts per status, per row
    how many entries it named, rows skipped (document not in this build), the rules check
    (:class:`~bot.importer.review.ReviewReport`)."""

    per_document: list[tuple[str, int, str, dict[str, int]]] = field(default_factory=list)
    rows: dict[str, int] = field(default_factory=dict)
    skipped: list[str] = field(default_factory=list)
    cr_checked: str | None = None
    numbers: dict[str, int] = field(default_factory=dict)  # [[number]] rows of this build per relation
    cr_missing: list[str] = field(default_factory=list)
    cr_differs: list[str] = field(default_factory=list)
    review: ReviewReport | None = None  # the check against the newest --cr file (None without one)

    def totals(self) -> dict[str, int]:
        """Counts per status over all documents."""
        out = {s: 0 for s in STATUSES}
        for _f, _p, _t, counts in self.per_document:
            for k, v in counts.items():
                out[k] += v
        return out



_fold = fold  # quotes and stored texts are compared the same way as the review compares rules


@dataclass
class _Entry:
    kind: str  # ruling | mechanic | card | explanation (evidence only)
    id: int
    document_id: int
    text: str
    language: str


def _entries(conn: sqlite3.Connection) -> tuple[dict[str, _Entry], dict[str, str]]:
    """Every ruling and section of the documents by ``"<prefix>:<line>"``; file prefix → file name."""
    files: dict[str, str] = {}
    for (file,) in conn.execute("SELECT DISTINCT file FROM documents WHERE kind NOT IN ('mtgjson', 'cr')"):
        files.setdefault(file[:3], file)
    found: dict[str, _Entry] = {}
    for rid, doc_id, file, line, text, language in conn.execute(
        "SELECT r.id, r.document_id, d.file, r.line, r.text, r.language FROM rulings r"
        " JOIN documents d ON d.id = r.document_id WHERE d.kind != 'mtgjson'"
    ):
        found[f"{file[:3]}:{line}"] = _Entry("ruling", rid, doc_id, text, language)
    # A section's language is that of its rulings (the clash article has a German and an English one).
    for mid, doc_id, file, line, title, body, doc_language, ruling_language in conn.execute(
        "SELECT m.id, m.document_id, d.file, m.line, m.title, m.body, d.language,"
        " (SELECT r.language FROM rulings r WHERE r.mechanic_id = m.id GROUP BY r.language"
        "  ORDER BY count(*) DESC LIMIT 1)"
        " FROM mechanics m JOIN documents d ON d.id = m.document_id"
    ):
        language = ruling_language or ("en" if doc_language == "en" else "de")
        found[f"{file[:3]}:{line}"] = _Entry("mechanic", mid, doc_id, f"{title}\n{body}", language)
    return found, files


def _card_entries(conn: sqlite3.Connection) -> dict[str, _Entry]:
    """The cards of the FAQs by ``"<prefix>:<line of the card's first block>"`` (``001:380`` = Feld der
    Unterdrückung): a card's printed German text can carry old terms too (``terms.tsv``). Cards get no
    today-status row; the card answer shows their term notices beside the printed text."""
    return {
        f"{file[:3]}:{line}": _Entry("card", cid, doc_id, text, "en" if language == "en" else "de")
        for cid, doc_id, file, line, text, language in conn.execute(
            "SELECT c.id, c.document_id, d.file, c.line, c.text, d.language FROM cards c"
            " JOIN documents d ON d.id = c.document_id WHERE c.origin = 'faq'"
        )
    }


class _Resolver:
    """Finds a register reference in the freshly written store and checks that its text starts as quoted."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.found, self.files = _entries(conn)
        self.cards = _card_entries(conn)
        self.known = {f[:3] for f in self.files.values()}
        # 003's explanations of today's rules: evidence only (a row never names one as its entry)
        self.explained = {
            f"{file[:3]}:{line}": _Entry("explanation", eid, doc_id, text, "de")
            for eid, doc_id, file, line, text in conn.execute(
                "SELECT e.id, e.document_id, d.file, e.line, e.text FROM rule_explanations e"
                " JOIN documents d ON d.id = e.document_id")
        }

    def __call__(self, ref: EntryRef, where: str) -> _Entry | None:
        """The entry ``ref`` names; None when its document is not part of this build.

        Raises:
            RegisterError: the entry is missing or does not start with the quote.
        """
        if ref.prefix not in self.known:
            return None
        entry = self.found.get(ref.label)
        if entry is None:
            raise RegisterError("changes.toml", 1, f"{where}: {ref.label} ist kein Ruling und kein Abschnitt "
                                f"in {self.files[ref.prefix]}")
        return _quoted(entry, ref, where)

    def evidence(self, evidence: tuple[str, ...], where: str) -> None:
        """Check every entry reference among ``evidence`` (``CR …`` quotes are checked by the review): a ruling or
        section, or an explanation of today's rules (003, ``"003:202 Weist ein Effekt einen Spieler an"``).

        Raises:
            RegisterError: the entry is missing or does not start with the quote.
        """
        for ev in evidence:
            if ev.startswith("CR "):
                continue
            ref = parse_ref(ev, where)
            explained = self.explained.get(ref.label)
            if explained is None:
                self(ref, where)
            else:
                _quoted(explained, ref, where)


def _quoted(entry: _Entry, ref: EntryRef, where: str) -> _Entry:
    """``entry`` when its text starts with ``ref``'s quote (or ``ref`` quotes nothing).

    Raises:
        RegisterError: the text starts otherwise (the line moved, or the quote is wrong).
    """
    if ref.quote and not _fold(entry.text).startswith(_fold(ref.quote)):
        raise RegisterError("changes.toml", 1, f"{where}: {ref.label} beginnt nicht mit „{ref.quote}“ "
                            f"(sondern „{' '.join(entry.text.split()[:6])}“)")
    return entry


def _write_terms(conn: sqlite3.Connection, register: Register, resolve: _Resolver) -> None:
    """``change_terms``: every ``[[term]]`` row (its entry evidence checked)."""
    for term in register.terms.values():
        resolve.evidence(term.evidence, f"[[term]] {term.key}")
        conn.execute(
            "INSERT INTO change_terms (key, old, new, scope, since, evidence) VALUES (?, ?, ?, ?, ?, ?)",
            (term.key, term.old, term.new, term.scope, term.since, json.dumps(list(term.evidence), ensure_ascii=False)),
        )


def _write_changes(
    conn: sqlite3.Connection, register: Register, resolve: _Resolver, report: TodayReport,
) -> dict[tuple[str, int], str]:
    """``changes`` and ``change_entries``; returns the status per named entry (``changed`` beats ``wording``
    beats ``unchanged``) and counts the entries per row in ``report``."""
    status: dict[tuple[str, int], str] = {}
    for change in register.changes:
        where = f"[[change]] {change.key}"
        resolve.evidence(change.evidence, where)
        conn.execute(
            "INSERT INTO changes (key, kind, since, what, today, evidence) VALUES (?, ?, ?, ?, ?, ?)",
            (change.key, change.kind, change.since, change.what, change.today,
             json.dumps(list(change.evidence), ensure_ascii=False)),
        )
        entries = [e for e in (resolve(ref, where) for ref in change.entries) if e is not None]
        for entry in entries:
            conn.execute("INSERT INTO change_entries (key, entry_kind, entry_id) VALUES (?, ?, ?)",
                         (change.key, entry.kind, entry.id))
            previous = status.get((entry.kind, entry.id))
            if previous is None or KINDS.index(change.kind) < KINDS.index(previous):
                status[(entry.kind, entry.id)] = change.kind
        if entries:
            report.rows[change.key] = len(entries)
        else:
            report.skipped.append(change.key)
    return status


def _write_entry_terms(
    conn: sqlite3.Connection, register: Register, terms: dict[str, tuple[tuple[str, ...], str, int]],
    resolve: _Resolver, status: dict[tuple[str, int], str],
) -> None:
    """``entry_terms`` from ``terms.tsv``; an entry with old terms and no change row becomes ``wording``."""
    for label, (keys, _note, line) in terms.items():
        ref = parse_ref(label, f"terms.tsv Zeile {line}")
        if ref.prefix not in resolve.known:
            continue
        entry = resolve.found.get(label) or resolve.cards.get(label)
        if entry is None:
            raise RegisterError("terms.tsv", line, f"{label} ist kein Ruling, kein Abschnitt und keine Karte "
                                f"in {resolve.files[ref.prefix]}")
        if keys and entry.language != "de":
            raise RegisterError("terms.tsv", line, f"{label} ist nicht deutsch: keine Begriffshinweise")
        folded = entry.text.lower()
        for key in keys:
            term = register.terms.get(key)
            if term is None:
                known_terms = ", ".join(sorted(register.terms))
                raise RegisterError("terms.tsv", line, f"unbekannter Begriff {key!r} (bekannt: {known_terms})")
            if not any(marker in folded for marker in term.marker.split("|")):
                raise RegisterError("terms.tsv", line, f"{label}: „{term.old}“ steht nicht im Text")
            conn.execute("INSERT INTO entry_terms (entry_kind, entry_id, term) VALUES (?, ?, ?)",
                         (entry.kind, entry.id, key))
        if keys and entry.kind != "card" and (entry.kind, entry.id) not in status:
            status[(entry.kind, entry.id)] = "wording"


def _write_status(
    conn: sqlite3.Connection, register: Register, resolve: _Resolver, status: dict[tuple[str, int], str],
    report: TodayReport,
) -> None:
    """``today_status`` for every ruling and section (MTGJSON rulings are ``current``); counts per document."""
    reviewed = {f[:3] for f in register.reviewed}
    current = {f[:3] for f in register.current}
    prefixes = {int(i): str(f)[:3] for i, f in conn.execute("SELECT id, file FROM documents")}
    rows = []
    for entry in resolve.found.values():
        prefix = prefixes.get(entry.document_id, "")
        default = "unchanged" if prefix in reviewed else "current" if prefix in current else "unreviewed"
        rows.append((entry.kind, entry.id, entry.document_id, status.get((entry.kind, entry.id), default)))
    rows += [
        ("ruling", rid, doc_id, "current")
        for rid, doc_id in conn.execute(
            "SELECT r.id, r.document_id FROM rulings r JOIN documents d ON d.id = r.document_id"
            " WHERE d.kind = 'mtgjson'"
        )
    ]
    conn.executemany("INSERT INTO today_status (entry_kind, entry_id, document_id, status) VALUES (?, ?, ?, ?)", rows)
    for file, part, title, doc_id in conn.execute(
        "SELECT file, part, coalesce(set_name, title), id FROM documents WHERE kind != 'cr' ORDER BY id"
    ).fetchall():
        counts = {s: 0 for s in STATUSES}
        for st, n in conn.execute("SELECT status, count(*) FROM today_status WHERE document_id = ? GROUP BY status",
                                  (doc_id,)):
            counts[st] = int(n)
        report.per_document.append((file, int(part), str(title), counts))


def apply(
    conn: sqlite3.Connection, register: Register, terms: dict[str, tuple[tuple[str, ...], str, int]],
    crs: list[CRDocument] | None = None,
) -> TodayReport:
    """Check the register and term table against the store in ``conn`` and write ``changes``,
    ``change_entries``, ``change_terms``, ``entry_terms``, ``today_cr``, ``today_status`` and
    ``register_review``.

    ``crs``: the Comprehensive Rules files of this build; every ``[cr]`` quote is compared with the newest of
    them (:func:`bot.importer.review.review`): register rows whose evidence changed in a newer file are stored
    as "zu prüfen"; in a file of the quote's own date a difference is a defect of the register (reported).

    Raises:
        RegisterError: an entry of a document in this build is missing or does not start with its quote;
            a term tags an English entry, an unknown term key, or a text without the term's marker.
    """
    report = TodayReport()
    resolve = _Resolver(conn)
    _check_cr(register, crs or [], terms, report)
    conn.executemany(
        "INSERT INTO today_cr (number, text, effective) VALUES (?, ?, ?)",
        [(n, t, register.basis(n)) for n, t in register.cr.items()],
    )
    _write_terms(conn, register, resolve)
    status = _write_changes(conn, register, resolve, report)
    _write_entry_terms(conn, register, terms, resolve, status)
    report.numbers = _apply_numbers(conn, register, resolve.known)
    _write_status(conn, register, resolve, status, report)
    write_review(conn, report.review)
    return report


#: A rule number cited inside a rule's text: ``409.1b``, and ranges of subrules ``409.1f-h`` (= f, g, h).
_CITED_IN_TEXT = re.compile(r"(?<![\d.])(\d{3}\.\d+)([a-z])?(?:-([a-z]))?(?![\w])")


def numbers_in_text(text: str) -> list[str]:
    """Rule numbers a quoted rule's text cites, ranges expanded, in order.

    ``"… in den Regeln 409.1b und 409.1f-h."`` (Ravnica FAQ, 502.32a) → ``["409.1b", "409.1f", "409.1g", "409.1h"]``.
    """
    out: list[str] = []
    for m in _CITED_IN_TEXT.finditer(text):
        base, first, last = m.group(1), m.group(2), m.group(3)
        if first and last and first < last:
            out += [base + chr(c) for c in range(ord(first), ord(last) + 1)]
        else:
            out.append(base + (first or ""))
    return list(dict.fromkeys(out))


def _apply_numbers(conn: sqlite3.Connection, register: Register, known: set[str]) -> dict[str, int]:
    """Check ``[[number]]`` rows against the quoted rules of the store and write ``old_numbers``.

    Returns the count of rows per relation (same, changed, none).

    Every number a reviewed document quotes needs a row, and every row a number its document quotes.

    Raises:
        RegisterError: naming the number that lacks a row or is not quoted.
    """
    quoted: set[tuple[str, str]] = set()
    for f, n, text in conn.execute(
        "SELECT d.file, q.number, q.text FROM quoted_rules q JOIN documents d ON d.id = q.document_id"
    ):
        quoted.add((str(f)[:3], str(n)))
        quoted.update((str(f)[:3], cited) for cited in numbers_in_text(str(text or "")) if cited != n)
    rows = {(r.document, r.number): r for r in register.numbers if r.document in known}
    reviewed = {f[:3] for f in register.reviewed}
    missing = sorted(f"{d}:{n}" for d, n in quoted if d in reviewed and (d, n) not in rows)
    if missing:
        raise RegisterError("changes.toml", 1, f"[[number]] fehlt für zitierte Regeln: {', '.join(missing)}")
    extra = sorted(f"{d}:{n}" for d, n in rows if (d, n) not in quoted)
    if extra:
        listed = ", ".join(extra)
        raise RegisterError("changes.toml", 1, f"[[number]] nennt Regeln, die das Dokument nicht zitiert: {listed}")
    conn.executemany(
        "INSERT INTO old_numbers (document, number, today, relation, note) VALUES (?, ?, ?, ?, ?)",
        [(r.document, r.number, r.today or None, r.relation, r.note) for r in rows.values()],
    )
    return {rel: sum(r.relation == rel for r in rows.values()) for rel in RELATIONS}


def _check_cr(
    register: Register, crs: list[CRDocument], terms: dict[str, tuple[tuple[str, ...], str, int]],
    report: TodayReport,
) -> None:
    """Compare every ``[cr]`` quote with the newest rules file (:func:`bot.importer.review.review`).

    Quotes resting on that very date that the file lacks or words differently are listed in the report
    (``build`` prints them; tests/reference pins none for the real file). They do not stop the build: a small
    test file of the same date holds only a few rules.
    """
    report.review = review(register, crs, terms)
    if report.review is None:
        return
    for number, check in report.review.rules.items():
        if check.basis != report.review.checked:
            continue
        if check.state == "gone":
            report.cr_missing.append(number)
        elif check.state != "unchanged":
            report.cr_differs.append(number)
    report.cr_checked = report.review.source


def format_today(report: TodayReport) -> str:
    """The ``build`` lines: per document the counts unchanged / changed / wording (and current, unreviewed)."""
    lines = ["Stand heute (data/changes.toml, data/terms.tsv): unverändert / geändert / nur Begriffe"]
    for file, part, title, counts in report.per_document:
        if not any(counts.values()):
            continue
        extra = ""
        if counts["current"]:
            extra += f", {counts['current']} aktuell (current)"
        if counts["unreviewed"]:
            extra += f", {counts['unreviewed']} UNGEPRÜFT (unreviewed)"
        name = f"{file} #{part} {title}" if file.startswith("001") else file
        lines.append(f"  {name}: {counts['unchanged']} unverändert, {counts['changed']} geändert, "
                     f"{counts['wording']} nur Begriffe{extra}")
    total = report.totals()
    lines.append(f"  Register: {len(report.rows)} Zeilen angewandt"
                 + (f", {len(report.skipped)} ohne Dokument in diesem Bau" if report.skipped else "")
                 + (f"; Regeltexte geprüft gegen {report.cr_checked}" if report.cr_checked else "")
                 + (f"; WEICHT AB: {', '.join(report.cr_differs)}" if report.cr_differs else "")
                 + (f"; nicht in der Datei: {len(report.cr_missing)}" if report.cr_missing else "")
                 + f"; gesamt {sum(total.values())} Einträge, {total['unreviewed']} ungeprüft")
    if report.numbers:
        n = report.numbers
        lines.append(f"  Alte Regelnummern der Dokumente: {sum(n.values())} zugeordnet ({n['same']} gleicher Inhalt, "
                     f"{n['changed']} inhaltlich geändert, {n['none']} ohne Gegenstück)")
    if report.review is not None and any(c.basis < report.review.checked for c in report.review.rules.values()):
        lines.append(format_review(report.review))
    return "\n".join(lines)
