"""Reading the change register (``data/changes.toml``, ``data/terms.tsv``; see :mod:`bot.importer.changes`).

:func:`read_register` parses ``changes.toml`` into a :class:`Register` (``[review]``, ``[cr]``, ``[[term]]``,
``[[change]]``, ``[[number]]``), :func:`read_terms` parses ``terms.tsv``; both raise :class:`RegisterError`
naming the file and line of a malformed row. Applying them to a built store is :func:`bot.importer.changes.apply`.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from bot.importer.model import SourceError
from bot.paths import DATA_DIR

CHANGES_PATH = DATA_DIR / "changes.toml"
TERMS_PATH = DATA_DIR / "terms.tsv"

KINDS = ("changed", "wording", "unchanged")
#: Status order: the first that applies wins.
STATUSES = ("changed", "wording", "unchanged", "current", "unreviewed")
_REF = re.compile(r"^(\d{3}):(\d+)(?: (.+))?$")
_CR_REF = re.compile(r"^CR (\d{3}(?:\.\d+[a-z]?)?)$")
_ISO = re.compile(r"^(?:\d{4}(?:-\d{2}-\d{2})?)?$")


class RegisterError(SourceError):
    """The register or the term table is malformed, or names an entry the store does not have."""


@dataclass(frozen=True)
class EntryRef:
    """``"001:2063 Falls ein Effekt"`` → prefix ``001``, line 2063, quote ``Falls ein Effekt``."""

    prefix: str
    line: int
    quote: str = ""

    @property
    def label(self) -> str:
        """``"001:2063"``."""
        return f"{self.prefix}:{self.line}"


@dataclass(frozen=True)
class Term:
    """A renamed term: ``old`` → ``new`` (German card wording), ``marker`` must occur in a tagged text."""

    key: str
    old: str
    new: str
    scope: str
    since: str
    marker: str
    evidence: tuple[str, ...]


@dataclass(frozen=True)
class Change:
    """One reviewed row of the register (see module doc)."""

    key: str
    kind: str
    since: str
    what: str
    today: str
    evidence: tuple[str, ...]
    entries: tuple[EntryRef, ...]


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


RELATIONS = ("same", "changed", "none")


@dataclass
class Register:
    """``data/changes.toml`` parsed."""

    reviewed: tuple[str, ...]
    current: tuple[str, ...]
    review_date: str
    cr_effective: str
    cr: dict[str, str]
    terms: dict[str, Term]
    changes: list[Change]
    numbers: list[OldNumber] = field(default_factory=list)


@dataclass
class TodayReport:
    """What :func:`apply` did: per document (file, part) the counts per status, per row how many
    entries it named, rows skipped (document not in this build), whether the CR quotes were checked."""

    per_document: list[tuple[str, int, str, dict[str, int]]] = field(default_factory=list)
    rows: dict[str, int] = field(default_factory=dict)
    skipped: list[str] = field(default_factory=list)
    cr_checked: str | None = None
    numbers: dict[str, int] = field(default_factory=dict)  # [[number]] rows of this build per relation
    cr_missing: list[str] = field(default_factory=list)
    cr_differs: list[str] = field(default_factory=list)

    def totals(self) -> dict[str, int]:
        """Counts per status over all documents."""
        out = {s: 0 for s in STATUSES}
        for _f, _p, _t, counts in self.per_document:
            for k, v in counts.items():
                out[k] += v
        return out


def parse_ref(text: str, where: str) -> EntryRef:
    """``"001:2063 Falls ein"`` → :class:`EntryRef`. Raises RegisterError naming ``where``."""
    m = _REF.match(text.strip())
    if m is None:
        raise RegisterError("changes.toml", 1, f"{where}: Verweis {text!r} hat nicht die Form '001:2063 Textanfang'")
    return EntryRef(m.group(1), int(m.group(2)), (m.group(3) or "").strip())


def _str(table: dict[str, object], key: str, where: str, required: bool = True) -> str:
    value = table.get(key, "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise RegisterError("changes.toml", 1, f"{where}: {key} muss Text sein")
    return value.strip()


def _list(table: dict[str, object], key: str, where: str) -> list[str]:
    value = table.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise RegisterError("changes.toml", 1, f"{where}: {key} muss eine Liste von Texten sein")
    return [str(v) for v in value]


def read_register(path: Path = CHANGES_PATH) -> Register:
    """Parse ``changes.toml``.

    Raises:
        RegisterError: TOML error, missing or mistyped key, unknown kind, a date that is not ISO, an
            evidence that is neither ``CR <number>`` (with its text in ``[cr]``) nor an entry reference,
            a duplicate key, or a row without entries.
    """
    try:
        raw = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise RegisterError(Path(path).name, 1, f"kein gültiges TOML: {exc}") from exc
    review = raw.get("review")
    if not isinstance(review, dict):
        raise RegisterError(Path(path).name, 1, "[review] fehlt")
    cr = raw.get("cr", {})
    if not isinstance(cr, dict) or not all(isinstance(v, str) for v in cr.values()):
        raise RegisterError(Path(path).name, 1, "[cr] muss Regelnummer = Text sein")
    register = Register(
        reviewed=tuple(_list(review, "documents", "[review]")),
        current=tuple(_list(review, "current", "[review]")),
        review_date=_str(review, "date", "[review]"),
        cr_effective=_str(review, "cr_effective", "[review]"),
        cr={str(k): str(v) for k, v in cr.items()},
        terms={},
        changes=[],
    )

    def evidence(values: list[str], where: str) -> tuple[str, ...]:
        for value in values:
            m = _CR_REF.match(value)
            if m is not None:
                if m.group(1) not in register.cr:
                    raise RegisterError(Path(path).name, 1, f"{where}: {value} hat keinen Text in [cr]")
            else:
                parse_ref(value, where)
        if not values:
            raise RegisterError(Path(path).name, 1, f"{where}: evidence fehlt")
        return tuple(values)

    for table in raw.get("term", []):
        key = _str(table, "key", "[[term]]")
        where = f"[[term]] {key}"
        since = _str(table, "since", where, required=False)
        if not _ISO.match(since):
            raise RegisterError(Path(path).name, 1, f"{where}: since {since!r} ist kein ISO-Datum")
        register.terms[key] = Term(
            key, _str(table, "old", where), _str(table, "new", where), _str(table, "scope", where, required=False),
            since, _str(table, "marker", where).lower(), evidence(_list(table, "evidence", where), where),
        )
    keys: set[str] = set()
    for table in raw.get("change", []):
        key = _str(table, "key", "[[change]]")
        where = f"[[change]] {key}"
        if key in keys:
            raise RegisterError(Path(path).name, 1, f"{where}: Schlüssel doppelt")
        keys.add(key)
        kind = _str(table, "kind", where)
        if kind not in KINDS:
            raise RegisterError(Path(path).name, 1, f"{where}: kind {kind!r} (erlaubt: {', '.join(KINDS)})")
        since = _str(table, "since", where, required=False)
        if not _ISO.match(since):
            raise RegisterError(Path(path).name, 1, f"{where}: since {since!r} ist kein ISO-Datum")
        entries = tuple(parse_ref(e, where) for e in _list(table, "entries", where))
        if not entries:
            raise RegisterError(Path(path).name, 1, f"{where}: entries fehlt")
        register.changes.append(Change(
            key, kind, since, _str(table, "what", where), _str(table, "today", where),
            evidence(_list(table, "evidence", where), where), entries,
        ))
    seen: set[tuple[str, str]] = set()
    for table in raw.get("number", []):
        where = f"[[number]] {table.get('document')} {table.get('number')}"
        row = OldNumber(_str(table, "document", where), _str(table, "number", where),
                        _str(table, "today", where, required=False), _str(table, "relation", where),
                        _str(table, "note", where, required=False))
        if row.relation not in RELATIONS:
            allowed = ", ".join(RELATIONS)
            raise RegisterError(Path(path).name, 1, f"{where}: relation {row.relation!r} (erlaubt: {allowed})")
        if (row.relation == "none") != (not row.today):
            raise RegisterError(Path(path).name, 1, f"{where}: today leer genau dann, wenn relation = none")
        if row.today and row.today not in register.cr:
            raise RegisterError(Path(path).name, 1, f"{where}: heutige Regel {row.today} hat keinen Text in [cr]")
        if (row.document, row.number) in seen:
            raise RegisterError(Path(path).name, 1, f"{where}: doppelt")
        seen.add((row.document, row.number))
        register.numbers.append(row)
    return register


def read_terms(path: Path = TERMS_PATH) -> dict[str, tuple[tuple[str, ...], str, int]]:
    """Parse ``terms.tsv``: ``{"001:202": ((term keys), note, line)}``.

    Raises:
        RegisterError: (file, line) for a row without entry and terms, a malformed entry or a duplicate.
    """
    out: dict[str, tuple[tuple[str, ...], str, int]] = {}
    for number, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        cols = line.split("\t")
        if len(cols) < 2 or not _REF.match(cols[0]) or " " in cols[0]:
            raise RegisterError(Path(path).name, number, "erwartet: eintrag<TAB>begriffe[<TAB>anmerkung]")
        if cols[0] in out:
            raise RegisterError(Path(path).name, number, f"{cols[0]} doppelt")
        terms = () if cols[1].strip() == "-" else tuple(cols[1].split())
        out[cols[0]] = (terms, cols[2].strip() if len(cols) > 2 else "", number)
    return out
