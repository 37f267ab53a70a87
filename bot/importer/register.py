"""Reading the change register (``data/changes.toml``, ``data/terms.tsv``; see :mod:`bot.importer.changes`).

:func:`read_register` parses ``changes.toml`` into a :class:`Register` (``[review]``, ``[cr]``, ``[[term]]``,
``[[change]]``, ``[[number]]``), :func:`read_terms` parses ``terms.tsv``; both raise :class:`RegisterError`
naming the file and line of a malformed row. Applying them to a built store is :func:`bot.importer.changes.apply`.

The rows are the shared row types of :mod:`bot.model` (:class:`~bot.model.ChangeRow`, :class:`~bot.model.TermRow`,
:class:`~bot.model.EntryRef`): the store reads the same types back.

``[cr]`` quotes today's rules the register cites: ``"702.51a" = "Convoke is …"`` rests on the rules of
``[review].cr_effective``; a quote reviewed against newer rules names its own date,
``"702.51a" = { text = "…", basis = "2026-08-01" }``. Every rule number a ``today`` text cites must have a quote
in ``[cr]`` (or be an old number of a ``[[number]]`` row), so :mod:`bot.importer.review` can check it against
the newest rules of a build.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.importer.model import SourceError
from bot.model import ChangeRow, EntryRef, TermRow
from bot.paths import DATA_DIR, tsv_rows

CHANGES_PATH = DATA_DIR / "changes.toml"
TERMS_PATH = DATA_DIR / "terms.tsv"

KINDS = ("changed", "wording", "unchanged")
#: Status order: the first that applies wins.
STATUSES = ("changed", "wording", "unchanged", "current", "unreviewed")
_REF = re.compile(r"^(\d{3}):(\d+)(?: (.+))?$")
_CR_REF = re.compile(r"^CR (\d{3}(?:\.\d+[a-z]?)?)$")
_ISO = re.compile(r"^(?:\d{4}(?:-\d{2}-\d{2})?)?$")
_FULL_ISO = re.compile(r"^\d{4}-\d{2}-\d{2}$")
#: A rule number in a German "Heute" text: ``709.4b``, ``702.51`` (not a year, not a document prefix ``002``).
_CITED_IN_TODAY = re.compile(r"(?<![\d.])(\d{3}\.\d+[a-z]?)(?![\w])")

#: The importer's names for the shared rows (kept: tests and older code import them from here).
Change = ChangeRow
Term = TermRow


class RegisterError(SourceError):
    """The register or the term table is malformed, or names an entry the store does not have."""


@dataclass(frozen=True)
class OldNumber:
    """``[[number]]``: a rule number as a document prints it (old numbering) and today's rule for it.

    ``relation``: ``same`` (same content, new number), ``changed`` (content differs today) or ``none``
    (no counterpart; ``today`` is empty).
    """

    document: str  # file prefix, "001"
    number: str
    today: str
    relation: str
    note: str

    @property
    def key(self) -> str:
        """``"001:502.46"``: the row's key in ``register_review``."""
        return f"{self.document}:{self.number}"


RELATIONS = ("same", "changed", "none")


@dataclass
class Register:
    """``data/changes.toml`` parsed. ``cr`` maps a rule number to its quote; ``cr_basis`` the numbers whose
    quote rests on rules of another date than ``cr_effective`` (reviewed since) to that ISO date."""

    reviewed: tuple[str, ...]
    current: tuple[str, ...]
    review_date: str
    cr_effective: str
    cr: dict[str, str]
    terms: dict[str, Term]
    changes: list[Change]
    numbers: list[OldNumber] = field(default_factory=list)
    cr_basis: dict[str, str] = field(default_factory=dict)

    def basis(self, number: str) -> str:
        """The ISO date of the rules the quote of ``number`` rests on."""
        return self.cr_basis.get(number, self.cr_effective)

    def newest_basis(self) -> str:
        """The newest date any quote rests on (a build needs rules at least that new)."""
        return max([self.cr_effective, *self.cr_basis.values()])


def parse_ref(text: str, where: str) -> EntryRef:
    """``"001:2063 Falls ein"`` → :class:`EntryRef`. Raises RegisterError naming ``where``."""
    m = _REF.match(text.strip())
    if m is None:
        raise RegisterError("changes.toml", 1, f"{where}: Verweis {text!r} hat nicht die Form '001:2063 Textanfang'")
    return EntryRef(m.group(1), int(m.group(2)), (m.group(3) or "").strip())


def cited_in_today(text: str) -> list[str]:
    """Rule numbers a German "Heute" text cites, in order: ``"… (709.3) … (709.4b)"`` → ``["709.3", "709.4b"]``."""
    return list(dict.fromkeys(_CITED_IN_TODAY.findall(text)))


class _Reader:
    """Typed access to the tables of one ``changes.toml``; every problem is a :class:`RegisterError`."""

    def __init__(self, path: Path) -> None:
        self.name = Path(path).name

    def fail(self, reason: str) -> RegisterError:
        """The error to raise for ``reason`` (line 1: TOML keeps no line numbers)."""
        return RegisterError(self.name, 1, reason)

    def text(self, table: dict[str, Any], key: str, where: str, required: bool = True) -> str:
        """``table[key]`` as stripped text (empty allowed unless ``required``)."""
        value = table.get(key, "")
        if not isinstance(value, str) or (required and not value.strip()):
            raise self.fail(f"{where}: {key} muss Text sein")
        return value.strip()

    def texts(self, table: dict[str, Any], key: str, where: str) -> list[str]:
        """``table[key]`` as a list of texts."""
        value = table.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(f"{where}: {key} muss eine Liste von Texten sein")
        return [str(v) for v in value]

    def since(self, table: dict[str, Any], where: str) -> str:
        """The optional ``since`` date (ISO date or year)."""
        since = self.text(table, "since", where, required=False)
        if not _ISO.match(since):
            raise self.fail(f"{where}: since {since!r} ist kein ISO-Datum")
        return since


def _read_cr(reader: _Reader, raw: object) -> tuple[dict[str, str], dict[str, str]]:
    """``[cr]``: number → quote, and number → own basis date for quotes given as ``{ text, basis }``."""
    if not isinstance(raw, dict):
        raise reader.fail("[cr] muss Regelnummer = Text sein")
    quotes: dict[str, str] = {}
    basis: dict[str, str] = {}
    for number, value in raw.items():
        if isinstance(value, dict):
            where = f"[cr] {number}"
            quotes[str(number)] = reader.text(value, "text", where)
            date = reader.text(value, "basis", where)
            if not _FULL_ISO.match(date):
                raise reader.fail(f"{where}: basis {date!r} ist kein ISO-Datum (JJJJ-MM-TT)")
            basis[str(number)] = date
        elif isinstance(value, str):
            quotes[str(number)] = value
        else:
            raise reader.fail("[cr] muss Regelnummer = Text sein")
    return quotes, basis


def _evidence(reader: _Reader, register: Register, values: list[str], where: str) -> tuple[str, ...]:
    """Check ``evidence``: each a ``CR <number>`` with its quote in ``[cr]`` or an entry reference."""
    for value in values:
        m = _CR_REF.match(value)
        if m is not None:
            if m.group(1) not in register.cr:
                raise reader.fail(f"{where}: {value} hat keinen Text in [cr]")
        else:
            parse_ref(value, where)
    if not values:
        raise reader.fail(f"{where}: evidence fehlt")
    return tuple(values)


def _read_terms_table(reader: _Reader, register: Register, tables: list[dict[str, Any]]) -> None:
    """``[[term]]`` rows into ``register.terms``."""
    for table in tables:
        key = reader.text(table, "key", "[[term]]")
        where = f"[[term]] {key}"
        register.terms[key] = Term(
            key=key, old=reader.text(table, "old", where), new=reader.text(table, "new", where),
            scope=reader.text(table, "scope", where, required=False), since=reader.since(table, where),
            evidence=_evidence(reader, register, reader.texts(table, "evidence", where), where),
            marker=reader.text(table, "marker", where).lower(),
        )


def _read_changes(reader: _Reader, register: Register, tables: list[dict[str, Any]]) -> None:
    """``[[change]]`` rows into ``register.changes`` (unique keys, known kinds, entries given)."""
    keys: set[str] = set()
    for table in tables:
        key = reader.text(table, "key", "[[change]]")
        where = f"[[change]] {key}"
        if key in keys:
            raise reader.fail(f"{where}: Schlüssel doppelt")
        keys.add(key)
        kind = reader.text(table, "kind", where)
        if kind not in KINDS:
            raise reader.fail(f"{where}: kind {kind!r} (erlaubt: {', '.join(KINDS)})")
        since = reader.since(table, where)
        entries = tuple(parse_ref(e, where) for e in reader.texts(table, "entries", where))
        if not entries:
            raise reader.fail(f"{where}: entries fehlt")
        register.changes.append(Change(
            key, kind, since, reader.text(table, "what", where), reader.text(table, "today", where),
            _evidence(reader, register, reader.texts(table, "evidence", where), where), entries,
        ))


def _read_numbers(reader: _Reader, register: Register, tables: list[dict[str, Any]]) -> None:
    """``[[number]]`` rows into ``register.numbers`` (known relation, today's rule quoted, no duplicates)."""
    seen: set[tuple[str, str]] = set()
    for table in tables:
        where = f"[[number]] {table.get('document')} {table.get('number')}"
        row = OldNumber(reader.text(table, "document", where), reader.text(table, "number", where),
                        reader.text(table, "today", where, required=False), reader.text(table, "relation", where),
                        reader.text(table, "note", where, required=False))
        if row.relation not in RELATIONS:
            raise reader.fail(f"{where}: relation {row.relation!r} (erlaubt: {', '.join(RELATIONS)})")
        if (row.relation == "none") != (not row.today):
            raise reader.fail(f"{where}: today leer genau dann, wenn relation = none")
        if row.today and row.today not in register.cr:
            raise reader.fail(f"{where}: heutige Regel {row.today} hat keinen Text in [cr]")
        if (row.document, row.number) in seen:
            raise reader.fail(f"{where}: doppelt")
        seen.add((row.document, row.number))
        register.numbers.append(row)


def _check_today_citations(reader: _Reader, register: Register) -> None:
    """Every rule a ``today`` text cites is quoted in ``[cr]`` (so a build can check it against newer rules) or
    is an old number a document prints (``[[number]]``: history, e.g. "502.46b" in the convoke row)."""
    old = {row.number for row in register.numbers}
    for change in register.changes:
        missing = [n for n in cited_in_today(change.today) if n not in register.cr and n not in old]
        if missing:
            raise reader.fail(f"[[change]] {change.key}: today zitiert {', '.join(missing)} ohne Text in [cr]")


def read_register(path: Path = CHANGES_PATH) -> Register:
    """Parse ``changes.toml``.

    Raises:
        RegisterError: TOML error, missing or mistyped key, unknown kind, a date that is not ISO, an
            evidence that is neither ``CR <number>`` (with its text in ``[cr]``) nor an entry reference,
            a duplicate key, a row without entries, or a ``today`` text citing a rule without a quote.
    """
    reader = _Reader(path)
    try:
        raw = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise reader.fail(f"kein gültiges TOML: {exc}") from exc
    review = raw.get("review")
    if not isinstance(review, dict):
        raise reader.fail("[review] fehlt")
    quotes, basis = _read_cr(reader, raw.get("cr", {}))
    register = Register(
        reviewed=tuple(reader.texts(review, "documents", "[review]")),
        current=tuple(reader.texts(review, "current", "[review]")),
        review_date=reader.text(review, "date", "[review]"),
        cr_effective=reader.text(review, "cr_effective", "[review]"),
        cr=quotes, terms={}, changes=[], cr_basis=basis,
    )
    _read_terms_table(reader, register, raw.get("term", []))
    _read_changes(reader, register, raw.get("change", []))
    _read_numbers(reader, register, raw.get("number", []))
    _check_today_citations(reader, register)
    return register


def read_terms(path: Path = TERMS_PATH) -> dict[str, tuple[tuple[str, ...], str, int]]:
    """Parse ``terms.tsv`` (tab-separated, read with :mod:`csv`): ``{"001:202": ((term keys), note, line)}``.

    Raises:
        RegisterError: (file, line) for a row without entry and terms, a malformed entry or a duplicate.
    """
    out: dict[str, tuple[tuple[str, ...], str, int]] = {}
    name = Path(path).name
    for number, cols in tsv_rows(path):
        if len(cols) < 2 or not _REF.match(cols[0]) or " " in cols[0]:
            raise RegisterError(name, number, "erwartet: eintrag<TAB>begriffe[<TAB>anmerkung]")
        if cols[0] in out:
            raise RegisterError(name, number, f"{cols[0]} doppelt")
        terms = () if cols[1].strip() == "-" else tuple(cols[1].split())
        out[cols[0]] = (terms, cols[2].strip() if len(cols) > 2 else "", number)
    return out
