"""Parser for the official Magic: The Gathering Comprehensive Rules (CR) text file.

Wizards of the Coast publishes the CR as a plain text file (Magic.Wizards.com/Rules). Its layout
has been stable since 2008:

* title line, ``These rules are effective as of <Month D, YYYY>.``, an introduction;
* ``Contents``: chapter lines (``1. Game Concepts``) and section lines (``100. General``),
  then ``Glossary`` and ``Credits`` (and in old files ``Customer Service Information``);
* the rules: chapter heading ``1. Game Concepts``, section heading ``100. General``, rules
  ``100.1. Text`` and subrules ``100.1a Text``; ``Example: …`` lines belong to the rule before them;
  a few rules continue in an indented paragraph (``     Cards printed …``);
* ``Glossary``: a term line, one or more definition lines, a blank line;
* ``Credits`` and legal text (not imported).

Encodings seen in the wild: UTF-8 with BOM and ``\\r\\r\\n`` line ends (2026), plain ASCII with LF and
``_italics_`` markup (2010), cp1252 (older downloads). :func:`decode_text` handles all of them.
Typos in the numbering are kept as printed but reported in :attr:`CRDocument.irregular`
(``606.5 …`` without the dot, ``119.1d. …`` with one).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from bot.importer.model import SourceError
from bot.text import normalise_for_search

MONTHS = {
    m: i
    for i, m in enumerate(
        (
            "january", "february", "march", "april", "may", "june",
            "july", "august", "september", "october", "november", "december",
        ),
        start=1,
    )
}

_EFFECTIVE = re.compile(r"These rules are effective as of (\w+) (\d{1,2}), (\d{4})\.")
_CHAPTER = re.compile(r"^(\d)\. (\S.*)$")
_SECTION = re.compile(r"^(\d{3})\. (\S.*)$")
_RULE = re.compile(r"^(\d{3}\.\d+)(\.?) (\S.*)$")
_SUBRULE = re.compile(r"^(\d{3}\.\d+[a-z])(\.?) (\S.*)$")
_EXAMPLE = re.compile(r"^Example: (\S.*)$")
_CONTINUATION = re.compile(r"^\s{2,}(\S.*)$")
# `_Magic_` → `Magic`; a run of blanks like "Wolf in ________ Clothing" is left alone.
_ITALICS = re.compile(r"(?<![\w_])_(?=[^\s_])(.+?)(?<=[^\s_])_(?![\w_])")
_CITED = re.compile(r"\b(?:rules?|section)\s+(\d{3}(?:\.\d+[a-z]?)?|\d)\b")
_NUMBER_CITE = re.compile(r"\b(\d{3}\.\d+[a-z]?)\b")
_SENTENCE_END = (".", "!", "?", ":", ")", "”", '"', "’")

def normalise_rule_number(number: str) -> str:
    """``"701.19c."`` / ``" 701.19C "`` → ``"701.19c"``; ``"100."`` → ``"100"``. No validation."""
    return number.strip().rstrip(".").lower()


def decode_text(data: bytes) -> tuple[str, str]:
    """Decode a CR file and unify its line ends to ``\\n``.

    Returns ``(text, encoding)`` where encoding is one of ``utf-8-sig``, ``utf-16``, ``utf-8``,
    ``cp1252``, ``latin-1``. Line ends ``\\r\\r\\n`` (2026 file), ``\\r\\n`` and lone ``\\r`` become
    ``\\n``. Never raises on bytes: latin-1 maps every byte.
    """
    if data.startswith(b"\xef\xbb\xbf"):
        text, enc = data.decode("utf-8-sig"), "utf-8-sig"
    elif data.startswith((b"\xff\xfe", b"\xfe\xff")):
        text, enc = data.decode("utf-16"), "utf-16"
    else:
        text, enc = data.decode("latin-1"), "latin-1"  # latin-1 decodes any bytes: the last resort
        for candidate in ("utf-8", "cp1252"):
            try:
                text, enc = data.decode(candidate), candidate
                break
            except UnicodeDecodeError:
                continue
    text = text.replace("\r\r\n", "\n").replace("\r\n", "\n").replace("\r", "\n")
    return text, enc


def strip_italics(text: str) -> str:
    """Remove ``_italics_`` markup of the old plain-text files: ``_Magic_ rules`` → ``Magic rules``."""
    return _ITALICS.sub(r"\1", text)


def cited_numbers(text: str) -> list[str]:
    """Rule numbers a text cites (``See rule 202.3``, ``rules 603.7d``, bare ``701.30c``), in order, unique.

    Sections cited as ``rule 903`` and chapters as ``section 8`` are included as ``"903"`` / ``"8"``.
    """
    found: list[str] = []
    for m in _CITED.finditer(text):
        found.append(m.group(1))
    for m in _NUMBER_CITE.finditer(text):
        found.append(m.group(1))
    return list(dict.fromkeys(found))


@dataclass
class CRRule:
    """One numbered entry of the CR.

    ``kind``: ``chapter`` (``"1"``), ``section`` (``"100"``), ``rule`` (``"100.1"``) or ``subrule``
    (``"100.1a"``). ``text`` is the title for chapters and sections, else the rule text; a rule
    continued in an indented paragraph has the paragraphs joined by ``"\\n"``. ``title`` is set for
    heading-only rules (``701.30. Clash`` → ``"Clash"``) and for sections/chapters. ``examples``
    are the ``Example:`` texts without the label. ``parent`` is the number one level up
    (``"100.1a"`` → ``"100.1"`` → ``"100"`` → ``"1"``). ``line`` is the 1-based line in the file;
    ``position`` the 0-based order in the document.
    """

    number: str
    kind: str
    text: str
    line: int
    position: int
    parent: str | None
    title: str | None = None
    examples: list[str] = field(default_factory=list)

    @property
    def section(self) -> str:
        """The three-digit section number (``"701"``); for a chapter its single digit."""
        return self.number.split(".")[0]


@dataclass
class GlossaryEntry:
    """One glossary term: ``term`` line, definition lines joined by ``"\\n"``, the rules it cites.

    ``rules`` are the numbers from ``See rule …`` phrases (``Mana Value`` → ``["202.3"]``).
    """

    term: str
    text: str
    line: int
    rules: list[str] = field(default_factory=list)


@dataclass
class CRDocument:
    """A parsed Comprehensive Rules file.

    ``effective`` is the ISO date of ``These rules are effective as of …``; ``rules`` are all
    chapters, sections, rules and subrules in document order; ``glossary`` in document order;
    ``irregular`` lists ``(line, note)`` for numbering typos kept as printed; ``encoding`` what
    :func:`decode_text` used.
    """

    source: str
    effective: str
    encoding: str
    rules: list[CRRule]
    glossary: list[GlossaryEntry]
    contents: list[tuple[str, str]] = field(default_factory=list)
    irregular: list[tuple[int, str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._index = {r.number: r for r in self.rules}
        self._children: dict[str, list[CRRule]] = {}
        for r in self.rules:
            if r.parent is not None:
                self._children.setdefault(r.parent, []).append(r)
        self._terms = {normalise_for_search(g.term): g for g in self.glossary}

    def get(self, number: str) -> CRRule | None:
        """The rule with this number (``"701.30c"``, ``"701.30."``, ``"701"``), or None."""
        return self._index.get(normalise_rule_number(number))

    def children(self, number: str) -> list[CRRule]:
        """Direct subentries of a number in order: sections of a chapter, rules of a section, subrules."""
        return list(self._children.get(normalise_rule_number(number), []))

    def term(self, name: str) -> GlossaryEntry | None:
        """The glossary entry for ``name``, compared folded (``"mana value"`` finds ``Mana Value``)."""
        return self._terms.get(normalise_for_search(name))

    def counts(self) -> dict[str, int]:
        """Counts per kind: chapter, section, rule, subrule, example, glossary (for ``build`` output)."""
        out = {"chapter": 0, "section": 0, "rule": 0, "subrule": 0}
        for r in self.rules:
            out[r.kind] += 1
        out["example"] = sum(len(r.examples) for r in self.rules)
        out["glossary"] = len(self.glossary)
        return out


def parse_effective_date(line: str) -> str | None:
    """``These rules are effective as of April 17, 2026.`` → ``"2026-04-17"``; None if not that line."""
    m = _EFFECTIVE.search(line)
    if not m or m.group(1).lower() not in MONTHS:
        return None
    return date(int(m.group(3)), MONTHS[m.group(1).lower()], int(m.group(2))).isoformat()


def _is_title(text: str) -> bool:
    return len(text) <= 80 and not text.endswith(_SENTENCE_END)


def _parent(number: str) -> str | None:
    if "." not in number:
        return None if len(number) == 1 else number[0]
    if number[-1].isalpha():
        return number[:-1]
    return number.split(".")[0]


def _effective(lines: list[str], source: str) -> str:
    """The ISO date of the ``These rules are effective as of …`` line among the first 20 lines."""
    for line in lines[:20]:
        effective = parse_effective_date(line)
        if effective:
            return effective
    raise SourceError(source, 1, (
        "keine Zeile „These rules are effective as of <Month D, YYYY>.“ am Anfang "
        "(keine Comprehensive-Rules-Textdatei?)"
    ))


def _contents(lines: list[str], source: str) -> tuple[list[tuple[str, str]], int]:
    """The table of contents (chapters and sections) and the index of the line where the rules begin: the
    repetition of the first contents entry."""
    try:
        start = next(i for i, line in enumerate(lines) if line.strip() == "Contents")
    except StopIteration:
        raise SourceError(source, 1, "keine Zeile „Contents“") from None
    i = start + 1
    while i < len(lines) and not lines[i].strip():
        i += 1
    if i >= len(lines) or not _CHAPTER.match(lines[i]):
        reason = "das Inhaltsverzeichnis beginnt nicht mit einer Kapitelzeile wie „1. Game Concepts“"
        raise SourceError(source, i + 1, reason)
    first = lines[i]
    contents: list[tuple[str, str]] = []
    while i < len(lines):
        line = lines[i].strip()
        if line and contents and line == first:
            return contents, i
        m = _CHAPTER.match(line) or _SECTION.match(line)
        if m:
            contents.append((m.group(1), m.group(2)))
        i += 1
    raise SourceError(source, start + 1, f"die Regeln beginnen nie (kein zweites „{first}“)")


class _RuleReader:
    """The rules part, line by line: numbered entries, ``Example:`` lines, indented continuations."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.rules: list[CRRule] = []
        self.irregular: list[tuple[int, str]] = []

    def add(self, number: str, kind: str, body: str, lineno: int) -> None:
        """A numbered entry; a rule or subrule out of order is noted as irregular, kept as printed."""
        title = body if kind in ("chapter", "section") or _is_title(body) else None
        if self.rules and kind in ("rule", "subrule") and not _follows(self.rules[-1].number, number):
            self.irregular.append((lineno, f"{number} follows {self.rules[-1].number}"))
        self.rules.append(CRRule(number, kind, body, lineno, len(self.rules), _parent(number), title))

    def line(self, line: str, lineno: int) -> None:
        """One non-empty line of the rules part.

        Raises:
            SourceError: an unknown line shape, or an ``Example:`` without a rule before it.
        """
        rules = self.rules
        if m := _SUBRULE.match(line):
            if m.group(2):
                self.irregular.append((lineno, f"subrule {m.group(1)} printed with a dot"))
            self.add(m.group(1), "subrule", m.group(3), lineno)
        elif m := _RULE.match(line):
            if not m.group(2):
                self.irregular.append((lineno, f"rule {m.group(1)} printed without its dot"))
            self.add(m.group(1), "rule", m.group(3), lineno)
        elif m := _SECTION.match(line):
            self.add(m.group(1), "section", m.group(2), lineno)
        elif m := _CHAPTER.match(line):
            self.add(m.group(1), "chapter", m.group(2), lineno)
        elif m := _EXAMPLE.match(line):
            if not rules or rules[-1].kind not in ("rule", "subrule"):
                raise SourceError(self.source, lineno, "„Example:“ ohne Regel davor")
            rules[-1].examples.append(m.group(1))
        elif (m := _CONTINUATION.match(line)) and rules and rules[-1].kind in ("rule", "subrule"):
            rules[-1].text += "\n" + m.group(1)
            rules[-1].title = None
        else:
            raise SourceError(self.source, lineno, f"unbekannte Zeilenform in den Regeln: {line[:60]!r}")


def _rules(lines: list[str], i: int, source: str) -> tuple[_RuleReader, int]:
    """The rules from line index ``i`` to ``Glossary``; returns them and the index after that line."""
    reader = _RuleReader(source)
    while i < len(lines):
        line, lineno = lines[i], i + 1
        i += 1
        if not line.strip():
            continue
        if line == "Glossary":
            break
        reader.line(line, lineno)
    else:
        raise SourceError(source, len(lines), "keine Zeile „Glossary“ nach den Regeln")
    if not reader.rules:
        raise SourceError(source, i, "keine Regeln vor dem Glossar")
    return reader, i


def _glossary(lines: list[str], i: int, source: str) -> list[GlossaryEntry]:
    """The glossary from line index ``i`` to ``Credits``: a term line, definition lines, a blank line."""
    glossary: list[GlossaryEntry] = []
    entry: GlossaryEntry | None = None
    while i < len(lines):
        line, lineno = lines[i].strip(), i + 1
        i += 1
        if line == "Credits":
            break
        if not line:
            if entry is not None:
                if not entry.text:
                    raise SourceError(source, entry.line, f"Glossarbegriff {entry.term!r} ohne Erklärung")
                entry.rules = [n for n in cited_numbers(entry.text) if "." in n or len(n) == 3]
                glossary.append(entry)
                entry = None
            continue
        if entry is None:
            entry = GlossaryEntry(line, "", lineno)
        else:
            entry.text = f"{entry.text}\n{line}" if entry.text else line
    if entry is not None:
        raise SourceError(source, entry.line, "das Glossar endet nicht mit einer Leerzeile vor „Credits“")
    if not glossary:
        raise SourceError(source, i, "leeres Glossar")
    return glossary


def parse_cr_text(text: str, source: str = "<cr>", encoding: str = "utf-8") -> CRDocument:
    """Parse decoded CR text (``\\n`` line ends) into a :class:`CRDocument`.

    Raises :class:`SourceError` (with the 1-based line) when the effective-date line, the contents,
    the rules or the glossary are missing, or when a line in the rules part has an unknown shape,
    an ``Example:`` has no rule before it, or a glossary term has no definition.
    """
    lines = [strip_italics(raw.rstrip()) for raw in text.split("\n")]
    effective = _effective(lines, source)
    contents, i = _contents(lines, source)
    reader, i = _rules(lines, i, source)
    glossary = _glossary(lines, i, source)
    return CRDocument(source, effective, encoding, reader.rules, glossary, contents, reader.irregular)


def _follows(prev: str, number: str) -> bool:
    """True when ``number`` may directly follow ``prev`` in the CR (same or next rule, next subrule)."""

    def key(n: str) -> tuple[int, int, str]:
        sec, _, rest = n.partition(".")
        digits = rest.rstrip("abcdefghijklmnopqrstuvwxyz")
        return int(sec), int(digits or 0), rest[len(digits):]

    return key(number) > key(prev) if "." in prev else True


def parse_cr(path: str | Path) -> CRDocument:
    """Read and parse a Comprehensive Rules text file in whatever encoding it comes (see module doc).

    Raises :class:`SourceError` naming the file and line on a malformed file; ``OSError`` if it
    cannot be read.
    """
    path = Path(path)
    text, encoding = decode_text(path.read_bytes())
    return parse_cr_text(text, path.name, encoding)
