"""Writes the official sources into the store: Comprehensive Rules, old-number map, keyword table,
alignment of the German explanations (document 003), MTGJSON card files.

Called by :func:`bot.importer.build` after the documents are written and verified, on the same open
connection (same transaction), so a failure leaves the previous store untouched.

* :func:`write_keywords` — ``data/keywords_de_en.tsv`` into ``keywords`` (every build).
* :func:`write_cr` — every CR file (``--cr``) into ``cr_versions``/``cr_rules``/``cr_glossary``; the
  newest effective date is the current version.
* :func:`write_rule_map` — each older version matched to the current one
  (:func:`bot.importer.align.match_versions`) into ``cr_rule_map``.
* :func:`align_documents` — the entries of each ``rules_explained`` document aligned to the current
  CR (:func:`bot.importer.align.align_explanations`): ``rule_explanations.number`` only when the
  alignment is certain (the contract other answers rely on), the best guess of an uncertain one in
  ``number_guess``, and ``number_status`` / ``number_evidence`` for every entry.
* :func:`write_card_file` (:mod:`bot.importer.cardfile`) — one MTGJSON file (``--cards``), read as a stream:
  English names, Oracle text, picture ids and English rulings for the documents' cards matched by German
  name; the file's other cards added with origin ``mtgjson``.

Each function returns a small report record; :func:`format_official` renders them for ``build``.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from bot.importer.align import (
    MAP_SAMPLE_PATH,
    SampleScore,
    align_explanations,
    coverage,
    match_versions,
    read_keyword_table,
    read_map_sample,
    score_sample,
)

# The card files are written in bot.importer.cardfile; the names stay importable from here.
from bot.importer.cardfile import CardFileReport, OfficialError, document_cards, write_card_file
from bot.importer.cr import CRDocument, normalise_for_search
from bot.importer.model import ParsedDocument


@dataclass
class CRFileReport:
    """One imported CR file: name, effective date (ISO), encoding, counts per kind, current or not."""

    file: str
    effective: str
    encoding: str
    counts: dict[str, int]
    is_current: bool = False
    version_id: int = 0


@dataclass
class VersionMatchReport:
    """How the numbers of an old CR version map to the current one (``rules`` = all its numbers)."""

    old_effective: str
    new_effective: str
    rules: int
    matched: int
    certain: int
    sample: SampleScore | None = None  # the hand-checked sample of data/cr_map_sample.tsv, when its dates match

    @property
    def unmatched(self) -> int:
        """Numbers of the old version without a counterpart today."""
        return self.rules - self.matched


@dataclass
class OfficialReport:
    """Everything :func:`bot.importer.build` did with the official sources."""

    keywords: int = 0
    cr: list[CRFileReport] = field(default_factory=list)
    versions: list[VersionMatchReport] = field(default_factory=list)
    alignment: dict[str, dict[str, int]] = field(default_factory=dict)  # file → coverage
    cards: list[CardFileReport] = field(default_factory=list)


def write_keywords(conn: sqlite3.Connection, path: Path) -> int:
    """Load the German↔English keyword table (``data/keywords_de_en.tsv``); returns the row count.

    Raises ValueError (file and line) on a malformed row; sqlite3.IntegrityError on a duplicate pair.
    """
    rows = read_keyword_table(path)
    conn.executemany(
        "INSERT INTO keywords (german, english, german_key, english_key, kind, old_number, source, cr_number, note)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (r.german, r.english, normalise_for_search(r.german), normalise_for_search(r.english), r.kind,
             r.old_number, r.source, r.cr_number, r.note)
            for r in rows
        ],
    )
    return len(rows)


def write_cr(conn: sqlite3.Connection, docs: list[CRDocument]) -> list[CRFileReport]:
    """Store every CR document (rules, glossary); the one with the newest effective date is current.

    Returns one report per document, newest first, with counts read back from the store.

    Raises:
        OfficialError: two files with the same effective date, or stored counts that differ.
    """
    dates = [d.effective for d in docs]
    if len(set(dates)) != len(dates):
        twice = sorted({d for d in dates if dates.count(d) > 1})
        raise OfficialError(f"mehrere Regeldateien mit demselben Stand {', '.join(twice)}")
    ordered = sorted(docs, key=lambda d: d.effective, reverse=True)
    reports = []
    for i, doc in enumerate(ordered):
        cur = conn.execute(
            "INSERT INTO cr_versions (effective, file, encoding, is_current) VALUES (?, ?, ?, ?)",
            (doc.effective, doc.source, doc.encoding, int(i == 0)),
        )
        vid = int(cur.lastrowid or 0)
        conn.executemany(
            "INSERT INTO cr_rules (version_id, number, kind, parent, title, text, examples, line, position)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (vid, r.number, r.kind, r.parent, r.title, r.text, json.dumps(r.examples, ensure_ascii=False),
                 r.line, r.position)
                for r in doc.rules
            ],
        )
        conn.executemany(
            "INSERT INTO cr_glossary (version_id, term, term_key, text, rules, line) VALUES (?, ?, ?, ?, ?, ?)",
            [(vid, g.term, normalise_for_search(g.term), g.text, json.dumps(g.rules), g.line) for g in doc.glossary],
        )
        expected = doc.counts()
        stored = _stored_cr_counts(conn, vid)
        wrong = [f"{k}: gelesen {expected[k]}, gespeichert {stored[k]}" for k in stored if stored[k] != expected[k]]
        if wrong:
            raise OfficialError(f"{doc.source}: " + "; ".join(wrong))
        reports.append(CRFileReport(doc.source, doc.effective, doc.encoding, stored, i == 0, vid))
    return reports


def _stored_cr_counts(conn: sqlite3.Connection, version_id: int) -> dict[str, int]:
    counts = {"chapter": 0, "section": 0, "rule": 0, "subrule": 0}
    for kind, n in conn.execute("SELECT kind, count(*) FROM cr_rules WHERE version_id = ? GROUP BY kind",
                                (version_id,)):
        counts[kind] = int(n)
    counts["example"] = int(conn.execute(
        "SELECT coalesce(sum(json_array_length(examples)), 0) FROM cr_rules WHERE version_id = ?", (version_id,)
    ).fetchone()[0])
    counts["glossary"] = int(conn.execute(
        "SELECT count(*) FROM cr_glossary WHERE version_id = ?", (version_id,)).fetchone()[0])
    return counts


def write_rule_map(
    conn: sqlite3.Connection, docs: list[CRDocument], reports: list[CRFileReport],
    sample_path: Path | None = MAP_SAMPLE_PATH,
) -> list[VersionMatchReport]:
    """Match every older version to the current one and store the map (``cr_rule_map``).

    ``reports`` are those of :func:`write_cr` (newest first); ``docs`` in any order. When the hand-checked
    sample ``sample_path`` (``data/cr_map_sample.tsv``) is for the same two dates, the report carries the
    map's score on it (:func:`bot.importer.align.score_sample`).
    """
    by_date = {d.effective: d for d in docs}
    current = reports[0]
    new = by_date[current.effective]
    out = []
    for old_report in reports[1:]:
        old = by_date[old_report.effective]
        matches = match_versions(old, new)
        conn.executemany(
            "INSERT INTO cr_rule_map (old_version_id, old_number, new_version_id, new_number, score, method,"
            " certain, runner_up) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (old_report.version_id, m.old, current.version_id, m.new, m.score, m.method, int(m.certain),
                 m.runner_up)
                for m in matches.values()
            ],
        )
        sample = read_map_sample(sample_path) if sample_path is not None and sample_path.is_file() else None
        score = (score_sample(matches, sample)
                 if sample and (sample.old_effective, sample.new_effective) == (old.effective, new.effective)
                 else None)
        out.append(VersionMatchReport(
            old.effective, new.effective, len(matches),
            sum(m.new is not None for m in matches.values()), sum(m.certain for m in matches.values()), score,
        ))
    return out


def align_documents(
    conn: sqlite3.Connection,
    parsed: list[ParsedDocument],
    current: CRDocument,
    ranges: dict[str, tuple[str, str] | None],
) -> dict[str, dict[str, int]]:
    """Align the entries of every document that has explanations to ``current``; store the result.

    ``ranges`` gives per file the first and last CR rule the document covers (manifest key
    ``cr_range``; None = the whole CR). Returns per file the coverage
    ``{"aligned": a, "uncertain": u, "unaligned": n}``.
    """
    out: dict[str, dict[str, int]] = {}
    for doc in parsed:
        if not doc.explanations:
            continue
        d = doc.document
        first, last = ranges.get(d.file) or (None, None)
        got = align_explanations(doc.explanations, current, first, last)
        doc_id = conn.execute("SELECT id FROM documents WHERE file = ? AND part = ?", (d.file, d.part)).fetchone()[0]
        conn.executemany(
            "UPDATE rule_explanations SET number = ?, number_status = ?, number_guess = ?, number_evidence = ?"
            " WHERE document_id = ? AND position = ?",
            [
                (a.number if a.status == "aligned" else None, a.status, a.number if a.status == "uncertain" else None,
                 a.evidence, doc_id, a.position + 1)
                for a in got
            ],
        )
        cov = coverage(got)
        prev = out.setdefault(d.file, {k: 0 for k in cov})
        for k, v in cov.items():
            prev[k] += v
    return out


def import_counts(report: OfficialReport) -> list[tuple[str, str, int]]:
    """Rows for ``import_counts`` (file, kind, count) of the official files."""
    rows: list[tuple[str, str, int]] = []
    for c in report.cr:
        rows += [(c.file, f"cr_{k}", v) for k, v in c.counts.items()]
    for f, cov in report.alignment.items():
        rows += [(f, f"explanation_{k}", v) for k, v in cov.items()]
    for c in report.cards:
        rows += [(c.file, "card_matched", c.matched), (c.file, "card_added", c.added), (c.file, "ruling", c.rulings)]
    return rows


def format_official(report: OfficialReport) -> str:
    """The ``build`` output for the official sources (German with the English terms in brackets)."""
    lines = [f"Schlüsselwörter (keywords_de_en.tsv): {report.keywords} Zeilen"]
    for c in report.cr:
        k = c.counts
        lines.append(
            f"Regeln {c.file}: Stand {c.effective}{' (aktuell)' if c.is_current else ''}, {c.encoding}; "
            f"{k['chapter']} Kapitel, {k['section']} Abschnitte, {k['rule']} Regeln, {k['subrule']} Unterregeln, "
            f"{k['example']} Beispiele, {k['glossary']} Glossarbegriffe"
        )
    for v in report.versions:
        lines.append(
            f"Nummern {v.old_effective} → {v.new_effective}: {v.rules} Nummern, {v.matched} zugeordnet "
            f"({v.certain} sicher, {v.matched - v.certain} unsicher), {v.unmatched} ohne Gegenstück"
        )
        if v.sample is not None and v.sample.checked:
            sc = v.sample
            lines.append(
                f"  Stichprobe (data/cr_map_sample.tsv, von Hand geprüft): {sc.checked} Nummern; "
                f"{sc.claimed_right} von {sc.claimed} genannten Gegenstücken richtig ({sc.precision:.1f} %), "
                f"insgesamt {sc.right} von {sc.checked} ({sc.agreement:.1f} %; der Rest: kein Gegenstück genannt "
                f"oder falsch)"
            )
    for f, cov in report.alignment.items():
        lines.append(
            f"Erklärungen {f} → Regeln: {cov['aligned']} zugeordnet (aligned), {cov['uncertain']} unsicher "
            f"(uncertain), {cov['unaligned']} ohne Zuordnung (unaligned)"
        )
    for c in report.cards:
        lines.append(
            f"Karten {c.file} (MTGJSON v{c.version}): {c.records} Karten in der Datei; {c.matched} Dokumentkarten "
            f"zugeordnet (matched, {c.uncertain} unsicher), {c.unmatched} ohne Dokumentkarte (unmatched), "
            f"{c.added} neu aufgenommen (added), {c.rulings} englische Rulings"
        )
    return "\n".join(lines)


__all__ = [
    "CRFileReport", "CardFileReport", "OfficialError", "OfficialReport", "VersionMatchReport", "align_documents",
    "document_cards", "format_official", "import_counts", "write_card_file", "write_cr",
    "write_keywords", "write_rule_map",
]
