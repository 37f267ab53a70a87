"""Records the document parsers produce and the writer stores.

Every parser in :mod:`bot.importer` turns one source file into a list of
:class:`ParsedDocument` (one per document inside the file: file 001 holds four FAQs).
Line numbers are 1-based lines of the source file, so every record can be traced back.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.model import KeywordRow  # noqa: F401  (re-exported: the keyword table row is shared with the store)


class SourceError(Exception):
    """An entry of a source document could not be parsed.

    Attributes:
        file: file name inside ``data/sources/`` (or the path given on the command line).
        line: 1-based line number of the offending entry.
        reason: German or English explanation of what was expected.
    """

    def __init__(self, file: str, line: int, reason: str) -> None:
        super().__init__(f"{file}:{line}: {reason}")
        self.file = file
        self.line = line
        self.reason = reason


@dataclass
class ManifestEntry:
    """One ``[[document]]`` of ``data/sources/manifest.toml``."""

    file: str
    parser: str
    language: str
    title: str
    dates: list[str] = field(default_factory=list)
    era: str | None = None
    cr_range: tuple[str, str] | None = None  # first and last CR rule a rules explanation covers (003)


@dataclass
class Document:
    """A document: a whole file, or one FAQ of file 001 (``part`` 1..4)."""

    file: str
    kind: str
    title: str
    language: str
    date: str | None  # ISO "YYYY-MM-DD" or "YYYY"
    part: int = 1
    line: int = 1
    set_name: str | None = None


@dataclass
class Ruling:
    """One ruling paragraph (FAQ ``* `` bullet, article ``•`` bullet, dated list entry).

    ``see_mechanic`` holds the section title when the ruling says
    ``Siehe auch „…“ im Abschnitt ALLGEMEINES``.
    """

    text: str
    line: int
    language: str = "de"
    date: str | None = None
    see_mechanic: str | None = None


@dataclass
class Face:
    """One face of a card (a normal card has one; a split card two)."""

    name: str
    mana_cost: str | None
    type_line: str | None  # "--" normalised to "—"
    power_toughness: str | None
    text: str  # rules text lines joined by "\n"


@dataclass
class Card:
    """A card block. ``name`` is the printed name, "A // B" for split cards."""

    name: str
    faces: list[Face]
    line: int
    rulings: list[Ruling] = field(default_factory=list)
    mechanic: str | None = None  # title of the mechanics section it is an example in

    @property
    def is_split(self) -> bool:
        """True for cards with two halves (``//``)."""
        return len(self.faces) > 1


@dataclass
class QuotedRule:
    """A numbered rule quoted in a document, number exactly as printed (no trailing dot)."""

    number: str
    text: str
    line: int
    language: str = "de"
    title: str | None = None
    examples: list[str] = field(default_factory=list)


@dataclass
class Mechanic:
    """A mechanics section (FAQ ALLGEMEINES block, or the clash article)."""

    title: str
    body: str
    line: int
    rules: list[QuotedRule] = field(default_factory=list)
    rulings: list[Ruling] = field(default_factory=list)
    cards: list[Card] = field(default_factory=list)  # example cards printed in the section


@dataclass
class RuleExplanation:
    """One entry of the German rules explanation (document 003)."""

    text: str
    line: int
    examples: list[str] = field(default_factory=list)
    see_also: list[str] = field(default_factory=list)
    terms: list[str] = field(default_factory=list)


@dataclass
class ParsedDocument:
    """Everything one parser read from one document."""

    document: Document
    cards: list[Card] = field(default_factory=list)  # cards outside mechanics sections
    mechanics: list[Mechanic] = field(default_factory=list)
    explanations: list[RuleExplanation] = field(default_factory=list)
    rules: list[QuotedRule] = field(default_factory=list)  # numbered rules outside mechanics
