"""Full-text search: the one FTS5 query builder of the bot and the synonym groups of ``data/synonyms.tsv``.

User text never reaches FTS5 as syntax. :func:`fts_match` writes every word as a quoted string (inner quotes
doubled), so ``"``, ``*``, ``NEAR(``, ``OR``, ``-``, brackets, emoji and zero-width characters are plain text;
only the operators written here (``AND``, ``OR``, ``*``, brackets, a column filter) are syntax. It serves the
passages' search (:mod:`bot.ranking`: analysed terms, any of them) and the official rules' search
(:mod:`bot.answers.official`: word groups with their English equivalents, all groups, then any).

The synonym groups join old and new terms (``umgewandelte Manakosten`` = ``Manawert``);
:mod:`bot.terms` turns each group into a concept of the analysis (:mod:`bot.analysis`), and the mechanics
look-up reads them directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from bot.paths import DATA_DIR
from bot.text import canonical, tokens

SYNONYMS_PATH = DATA_DIR / "synonyms.tsv"



def quote(word: str) -> str:
    """``word`` as an FTS5 string: ``a"b`` → ``"a""b"`` (never syntax)."""
    return '"' + word.replace('"', '""') + '"'


def fts_match(
    groups: Sequence[Sequence[str]], *, any_group: bool = False, prefix_from: int | None = None,
    column: str | None = None,
) -> str:
    """An FTS5 query from word groups: the words of a group are alternatives (OR), the groups are joined by
    AND (or OR with ``any_group``). Words of ``prefix_from`` or more characters also match as a prefix (``*``);
    ``column`` restricts the query to one column (``{terms}: …``). Empty words and groups are skipped; ``""``
    when nothing is left.

    ``fts_match([["fehde", "clash"], ["win"]], prefix_from=4)`` → ``("fehde"* OR "clash"*) AND ("win")``.
    """
    parts = []
    for group in groups:
        alts = [quote(w) + ("*" if prefix_from is not None and len(w) >= prefix_from else "")
                for w in dict.fromkeys(group) if w]
        if alts:
            parts.append("(" + " OR ".join(alts) + ")")
    query = (" OR " if any_group else " AND ").join(parts)
    if query and column:
        return "{" + column + "}: (" + query + ")"
    return query

@dataclass(frozen=True)
class Phrase:
    """Tokens that must stand next to each other; ``prefix[i]`` lets token i have any ending."""

    words: tuple[str, ...]
    prefix: tuple[bool, ...]

    def fts(self) -> str:
        """FTS5 syntax: ``"ganz" + "aus" + "dem" + "spiel"``, ``"eismark"*`` (tokens never hold quotes)."""
        return " + ".join(f'"{w}"' + ("*" if p else "") for w, p in zip(self.words, self.prefix, strict=True))

    def matches_at(self, words: list[str], start: int) -> bool:
        """True when the phrase, read as a pattern, matches ``words[start:]`` (prefix = starts with)."""
        if start + len(self.words) > len(words):
            return False
        return all(
            canonical(words[start + i]).startswith(canonical(w)) if p else canonical(words[start + i]) == canonical(w)
            for i, (w, p) in enumerate(zip(self.words, self.prefix, strict=True))
        )


@dataclass(frozen=True)
class SynonymGroup:
    """A row of ``data/synonyms.tsv``: terms that mean the same thing, with the row's evidence."""

    key: str
    patterns: tuple[Phrase, ...]
    source: str
    #: the patterns as written in the file, without ``*`` (umlauts kept: "ausgelöst"), for the analysis
    names: tuple[str, ...] = ()

    @property
    def labels(self) -> list[str]:
        """The patterns as plain words (``"ganz aus dem spiel"``), for messages."""
        return [" ".join(p.words) for p in self.patterns]


def pattern(text: str) -> Phrase:
    """Parse a pattern like ``"umgewandelte* manakosten"``: ``*`` after a word allows any ending.

    Raises:
        ValueError: the pattern holds no letters or digits.
    """
    words: list[str] = []
    prefix: list[bool] = []
    for chunk in text.split():
        star = chunk.endswith("*")
        chunk_tokens = tokens(chunk.rstrip("*"))
        for i, tok in enumerate(chunk_tokens):
            words.append(tok)
            prefix.append(star and i == len(chunk_tokens) - 1)
    if not words:
        raise ValueError(f"leeres Muster: {text!r}")
    return Phrase(tuple(words), tuple(prefix))


def parse_synonyms(text: str) -> list[SynonymGroup]:
    """Parse the TSV format of ``data/synonyms.tsv`` (see its header).

    Raises:
        ValueError: naming the line, for a row without three tab-separated columns, a duplicate
            key or an empty pattern.
    """
    groups: list[SynonymGroup] = []
    keys: set[str] = set()
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        columns = line.split("\t")
        if len(columns) != 3:
            raise ValueError(f"synonyms.tsv Zeile {number}: drei Spalten erwartet, {len(columns)} gefunden")
        key, patterns, source = (c.strip() for c in columns)
        if key in keys:
            raise ValueError(f"synonyms.tsv Zeile {number}: Schlüssel {key!r} doppelt")
        keys.add(key)
        try:
            phrases = tuple(pattern(p) for p in patterns.split("|"))
        except ValueError as exc:
            raise ValueError(f"synonyms.tsv Zeile {number}: {exc}") from None
        names = tuple(" ".join(p.replace("*", " ").split()) for p in patterns.split("|"))
        groups.append(SynonymGroup(key, phrases, source, names))
    return groups


@cache
def synonyms(path: Path = SYNONYMS_PATH) -> tuple[SynonymGroup, ...]:
    """The synonym groups of ``path`` (read once)."""
    return tuple(parse_synonyms(path.read_text(encoding="utf-8")))
