"""Where the store's passages come from: one reader per kind of unit the question search returns, each a
:class:`Passage` per row of the tables the other writers stored, under its key ``"<file prefix>:<first line>"``.

The rulings (:func:`_rulings`; a card file's are numbered after their card: ``RAV.json:10.1``), the mechanics
sections' paragraphs (each found line by line in ``data/sources/<file>``), the quoted rules, the entries of the
German rules explanation 003, the cards with printed text, the rows of the term table (``data/terms_de_en.tsv``)
and, after ``--cr``, the current official rules and glossary. :func:`unchecked` chains them in the store's fixed
order; :mod:`bot.importer.passages` checks the keys, analyses each passage and writes them.
"""

from __future__ import annotations

import functools
import itertools
import json
import re
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from bot.button_args import safe_key
from bot.terms import term_index, term_lines_plain

#: A numbered document's file name (``"001_d6ee….txt"``): its three digits are its passages' key prefix.
_PREFIX = re.compile(r"^(\d{3})_")


@dataclass(slots=True)
class Passage:
    """One passage before analysis (columns of ``passages``); ``language`` ``de`` or ``en``."""

    key: str
    kind: str
    title: str
    text: str
    source: str
    status: str = "current"
    ref_id: int | None = None
    document_id: int | None = None
    card_id: int | None = None
    mechanic_id: int | None = None
    number: str | None = None
    date: str | None = None
    language: str = "de"
    prefix: str | None = None


@functools.lru_cache(maxsize=1024)
def prefix_of(file: str) -> str:
    """``"001_d6ee….txt"`` → ``"001"``; a file without a number prefix (a card file) keeps its name as a key
    may spell it (:func:`safe_key`: ``mtgjson3_RAV.json`` → ``mtgjson3-RAV.json``)."""
    m = _PREFIX.match(file)
    return m.group(1) if m else safe_key(file)


def _rulings(conn: sqlite3.Connection, english: bool = True) -> Iterator[Passage]:
    """The rulings' passages in id order; without ``english`` only those the vocabulary counts: the German ones and
    the English ones of the numbered documents (000's „There are no draws or losses in a clash“), not a card file's
    200 000 English rulings."""
    # The status joined per row (today_status's primary key), not read into a dict: 200 000 rulings of a large
    # card file would be held in memory for the whole step.
    rows = conn.execute(
        "SELECT r.id, r.text, r.line, coalesce(r.date, d.date), r.language, r.card_id, r.mechanic_id, d.id, d.file,"
        " d.title, coalesce(c.name, m.title), coalesce(t.status, 'current') FROM rulings r"
        " JOIN documents d ON d.id = r.document_id LEFT JOIN cards c ON c.id = r.card_id"
        " LEFT JOIN mechanics m ON m.id = r.mechanic_id"
        " LEFT JOIN today_status t ON t.entry_kind = 'ruling' AND t.entry_id = r.id"
        " WHERE ? OR r.language IS NOT 'en' OR d.file GLOB '[0-9][0-9][0-9]_*' ORDER BY r.id", (english,)
    )
    # A card file's line is its card's place in the file (the card's own passage has that key): the rulings of
    # one card are numbered after it (RAV.json:10.1, RAV.json:10.2, …); a document's ruling has a line of its own.
    last, n = ("", 0), 0
    file_of: tuple[str, str, bool] = ("", "", False)  # (file, its prefix, a card file): rows come file by file
    for rid, text, line, date, language, card_id, mech_id, doc_id, file, title, owner, status in rows:
        if file != file_of[0]:
            file_of = (file, prefix_of(file), not _PREFIX.match(file))
        _file, prefix, card_file = file_of
        key = f"{prefix}:{line}"
        if card_file:
            n = n + 1 if last == (prefix, line) else 1
            last = (prefix, line)
            key = f"{key}.{n}"
        yield Passage(key, "ruling", owner or title, text, title, status, rid, doc_id,
                      card_id, mech_id, None, date, "en" if language == "en" else "de", prefix)


def _paragraph_lines(sources: Path, file: str, start: int, paragraphs: list[str]) -> list[int]:
    """The line of each paragraph in the source file, searched from line ``start`` on (0 when not found)."""
    path = sources / file
    if not path.is_file():
        return [0] * len(paragraphs)
    lines = path.read_text(encoding="utf-8").splitlines()
    out, pos = [], start - 1
    for para in paragraphs:
        first = para.strip().splitlines()[0].strip() if para.strip() else ""
        found = next((i for i in range(max(pos, 0), len(lines)) if lines[i].strip() == first), None)
        out.append(found + 1 if found is not None else 0)
        pos = found + 1 if found is not None else pos
    return out


def _mechanics(conn: sqlite3.Connection, sources: Path) -> Iterator[Passage]:
    rows = conn.execute(
        "SELECT m.id, m.title, m.body, m.line, d.id, d.file, d.title, d.date, d.language,"
        " coalesce(t.status, 'current') FROM mechanics m JOIN documents d ON d.id = m.document_id"
        " LEFT JOIN today_status t ON t.entry_kind = 'mechanic' AND t.entry_id = m.id ORDER BY m.id"
    )
    for mid, title, body, line, doc_id, file, doc_title, date, language, status in list(rows):
        paragraphs = [p for p in body.split("\n\n") if p.strip()]
        english = language == "de+en" and title == "Clash"
        for para, pline in zip(paragraphs, _paragraph_lines(sources, file, line, paragraphs), strict=True):
            yield Passage(f"{prefix_of(file)}:{pline or line}", "mechanic", title, para, doc_title, status, mid,
                          doc_id, None, mid, None, date, "en" if english else "de", prefix_of(file))


def _quoted_rules(conn: sqlite3.Connection) -> Iterator[Passage]:
    rows = conn.execute(
        "SELECT q.id, q.number, q.title, q.text, q.examples, q.language, q.line, q.mechanic_id, d.id, d.file,"
        " d.title, d.date, o.today FROM quoted_rules q JOIN documents d ON d.id = q.document_id"
        " LEFT JOIN old_numbers o ON o.document = substr(d.file, 1, 3) AND o.number = q.number ORDER BY q.id"
    )
    for qid, number, title, text, examples, language, line, mech_id, doc_id, file, doc_title, date, today in rows:
        body = "\n".join(p for p in [title or "", text, *(f"Beispiel: {e}" for e in json.loads(examples))] if p)
        status = "history" if today and today != number else "current"
        yield Passage(f"{prefix_of(file)}:{line}", "quoted_rule", f"Regel {number}", body, doc_title, status, qid,
                      doc_id, None, mech_id, number, date, "en" if language == "en" else "de", prefix_of(file))


def _explanations(conn: sqlite3.Connection) -> Iterator[Passage]:
    rows = conn.execute(
        "SELECT e.id, e.text, e.examples, e.terms, e.line, e.number, d.id, d.file, d.title, d.date"
        " FROM rule_explanations e JOIN documents d ON d.id = e.document_id ORDER BY e.id"
    )
    for eid, text, examples, terms, line, number, doc_id, file, doc_title, date in rows:
        body = "\n".join([text, *(f"Beispiel: {e}" for e in json.loads(examples))])
        names = ", ".join(json.loads(terms))
        title = f"Regel {number} (Erklärung)" if number else "Regelerklärung"
        yield Passage(f"{prefix_of(file)}:{line}", "explanation", title + (f" – {names}" if names else ""), body,
                      doc_title, "current", eid, doc_id, None, None, number, date, "de", prefix_of(file))


def _cards(conn: sqlite3.Connection) -> Iterator[Passage]:
    """A passage per card with printed text: its type line and text. A card the document prints no text for (004's
    Schnellvorlauf, 002's Getrieben // Verzweiflung: only rulings, the text empty or a bare ``//`` between the
    halves) gives none: such a passage answers nothing. The card itself stays in ``cards`` (counted there, its
    name looked up, its rulings under it)."""
    rows = conn.execute(
        "SELECT c.id, c.name, c.line, c.type_line, c.text, d.id, d.file, d.title, d.date FROM cards c"
        " JOIN documents d ON d.id = c.document_id ORDER BY c.id"
    )
    for cid, name, line, type_line, text, doc_id, file, doc_title, date in rows:
        body = (f"{type_line}\n{text}" if type_line and text else type_line or text) or ""
        if not body.strip("\n/ "):
            continue  # a card the document prints no text of (004's Schnellvorlauf): its rulings are its passages
        prefix = prefix_of(file)
        yield Passage(f"{prefix}:{line}", "card", name, body, doc_title, "current", cid, doc_id, cid,
                      None, None, date, "de", prefix)


def _terms() -> Iterator[Passage]:
    for term in term_index().terms:
        yield Passage(f"term:{term.german}", "term", term.german, term_lines_plain(term),
                      "Begriffstabelle Deutsch–Englisch", "current", number=term.rule)


def _official(conn: sqlite3.Connection) -> Iterator[Passage]:
    version = conn.execute("SELECT id, effective FROM cr_versions WHERE is_current = 1").fetchone()
    if version is None:
        return
    source = "Comprehensive Rules"
    german = dict(conn.execute("SELECT number, text FROM rule_explanations WHERE number_status = 'aligned'"))
    for rid, number, title, text, examples in conn.execute(
        "SELECT id, number, title, text, examples FROM cr_rules WHERE version_id = ?", (version[0],)
    ):
        body = "\n".join([text, *(f"Example: {e}" for e in json.loads(examples))])
        p = Passage(f"cr:{number}", "cr_rule", f"{number} {title or ''}".strip(), body, source, "current", rid,
                    number=number, date=version[1], language="en")
        p.prefix = german.get(number)  # the aligned German explanation, analysed with the rule (see write)
        yield p
    for gid, term, text in conn.execute("SELECT id, term, text FROM cr_glossary WHERE version_id = ?", (version[0],)):
        yield Passage(f"glossary:{term}", "glossary", term, text, source, "current", gid, date=version[1],
                      language="en")


def unchecked(conn: sqlite3.Connection, sources: Path, german: bool = False) -> Iterator[Passage]:
    """The store's passages in :func:`bot.importer.passages.stream`'s order with their keys unchecked (the passage
    step checks them); with ``german`` only those whose words :func:`bot.importer.passages.vocabulary` counts: every
    passage but a card file's English rulings and the official rules and glossary."""
    parts = [_rulings(conn, english=not german), _mechanics(conn, sources), _quoted_rules(conn), _explanations(conn),
             _cards(conn), _terms()]
    return itertools.chain(*parts, *(() if german else (_official(conn),)))


__all__ = ["Passage", "prefix_of", "unchecked"]
