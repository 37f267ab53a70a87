"""Full-text search over the store: safe FTS5 queries, synonym expansion, snippets.

User text never reaches FTS5 as syntax. :func:`build_query` splits it into tokens the way the
``unicode61 remove_diacritics 2`` tokenizer of ``data/schema.sql`` does (letters and digits;
``ä`` → ``a``; everything else separates), and writes every token as a quoted string, so ``"``,
``*``, ``NEAR(``, ``OR``, ``-``, brackets, emoji and zero-width characters are plain text or
nothing. What the query does with the tokens:

* **Prefixes with a light German stem**: ``Eismarke`` → ``"eismark"*`` finds *Eismarken*,
  ``mischen`` → ``"misch"*`` finds *mische*, *mischt*.
* **Spellings**: ``ß`` and ``ss``, ``ae``/``oe``/``ue`` and the umlaut are tried both ways.
* **Synonyms across eras** from ``data/synonyms.tsv`` (issue 3, item 4): a query containing
  ``umgewandelte Manakosten`` also searches ``Manawert`` and the reverse; multi-word terms are
  phrases (``"ganz" + "aus" + "dem" + "spiel"``).
* **Words joined by punctuation** (``Boros-Rekrut``, ``104.3f``) are one phrase.
* Common German and English function words are dropped unless nothing else is left.

:class:`FtsQuery` holds an all-words (AND) and an any-word (OR) form; callers try AND first
and fall back to OR, then to the trigram index (word parts inside compounds).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from bot.paths import DATA_DIR
from bot.text import STOP_WORDS, canonical, clean, tokens

SYNONYMS_PATH = DATA_DIR / "synonyms.tsv"

#: Longest user text looked at (characters); longer input is cut and the answer says so.
MAX_TEXT = 400
#: Most search terms per query (after synonyms); more are dropped and the answer says so.
MAX_TERMS = 10

_SUFFIXES = ("ern", "en", "er", "es", "em", "e", "n", "s")


def stem(token: str) -> str:
    """A light German stem for prefix search: strip one inflection ending, keep ≥ 4 letters.

    ``"mischen"`` → ``"misch"``, ``"eismarke"`` → ``"eismark"``, ``"karte"`` → ``"karte"`` (too short).
    Tokens with digits are returned unchanged.
    """
    if len(token) < 6 or any(ch.isdigit() for ch in token):
        return token
    for suffix in _SUFFIXES:
        if token.endswith(suffix) and len(token) - len(suffix) >= 4:
            return token[: -len(suffix)]
    return token


def spellings(token: str) -> list[str]:
    """``token`` and its other spellings, every combination of them in one word: ``ß``↔``ss`` and
    ``ae``/``oe``/``ue`` → ``a``/``o``/``u`` (the index folds ``ö`` to ``o`` and keeps ``ß``).

    ``"groesser"`` → groesser, groeßer, grosser, großer (``größer`` is indexed as ``großer``);
    ``"größer"`` (folded ``großer``) → großer, grosser. Tokens with digits are returned unchanged.
    """
    out = [token]
    if any(ch.isdigit() for ch in token):
        return out
    for form in list(out):
        if len(form) >= 4 and re.search(r"[aou]e", form):
            out.append(re.sub(r"([aou])e", r"\1", form))
    for form in list(out):
        if "ß" in form:
            out.append(form.replace("ß", "ss"))
        elif "ss" in form:
            out.append(form.replace("ss", "ß"))
    return list(dict.fromkeys(out))


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
class Term:
    """One search term: the user's words (``label``) and the phrases any of which may match."""

    label: str
    phrases: tuple[Phrase, ...]
    synonym: str | None = None  # key of the synonym group it came from

    def fts(self) -> str:
        """``(phrase OR phrase …)``; a single phrase without brackets."""
        parts = list(dict.fromkeys(p.fts() for p in self.phrases))
        return parts[0] if len(parts) == 1 else "(" + " OR ".join(parts) + ")"


@dataclass(frozen=True)
class SynonymGroup:
    """A row of ``data/synonyms.tsv``: terms that mean the same thing, with the row's evidence."""

    key: str
    patterns: tuple[Phrase, ...]
    source: str

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
        groups.append(SynonymGroup(key, phrases, source))
    return groups


@cache
def synonyms(path: Path = SYNONYMS_PATH) -> tuple[SynonymGroup, ...]:
    """The synonym groups of ``path`` (read once)."""
    return tuple(parse_synonyms(path.read_text(encoding="utf-8")))


def _word_term(token: str) -> Term:
    """A single user token: its stem as prefix (tokens ≤ 2 characters exact), in every spelling."""
    phrases = []
    for spelling in spellings(token):
        if len(spelling) <= 2 or spelling.isdigit():
            phrases.append(Phrase((spelling,), (False,)))
        else:
            phrases.append(Phrase((stem(spelling),), (True,)))
        if spelling.endswith("en") and len(spelling) >= 6 and not spelling.startswith("ge"):
            phrases.append(Phrase(("ge" + stem(spelling),), (True,)))  # mischen → gemischt
        if spelling.startswith("ge") and spelling.endswith("t") and len(spelling) >= 7:
            phrases.append(Phrase((spelling[2:-1],), (True,)))  # gemischt → misch*
    return Term(token, tuple(phrases))


def _chunk_term(chunk: list[str]) -> Term:
    """Tokens the user joined with punctuation (``boros-rekrut``, ``104.3f``): one phrase."""
    words = tuple(stem(t) for t in chunk)
    prefix = tuple(len(t) > 2 and not t.isdigit() for t in chunk)
    return Term("-".join(chunk), (Phrase(words, prefix),))


def _match_synonym(
    words: list[str], start: int, groups: tuple[SynonymGroup, ...]
) -> tuple[SynonymGroup | None, int]:
    """The group whose pattern matches longest at ``start`` and that length; (None, 0) when none."""
    best: tuple[SynonymGroup | None, int] = (None, 0)
    for group in groups:
        for phrase in group.patterns:
            if phrase.matches_at(words, start) and len(phrase.words) > best[1]:
                best = (group, len(phrase.words))
    return best


@dataclass
class FtsQuery:
    """A user search turned into FTS5 expressions.

    Attributes:
        terms: the search terms in order (each an OR of phrases).
        all_words: FTS5 expression requiring every term (AND).
        any_word: FTS5 expression requiring one term (OR).
        substrings: words of ≥ 3 characters for the trigram index (quoted).
        truncated: True when the input was longer than :data:`MAX_TEXT` or had more than
            :data:`MAX_TERMS` terms.
    """

    terms: list[Term]
    truncated: bool = False
    synonyms_used: list[SynonymGroup] = field(default_factory=list)

    @property
    def all_words(self) -> str:
        """FTS5 expression: every term must match."""
        return " AND ".join(t.fts() for t in self.terms)

    @property
    def any_word(self) -> str:
        """FTS5 expression: at least one term must match."""
        return " OR ".join(t.fts() for t in self.terms)

    @property
    def substrings(self) -> str:
        """Trigram expression (AND of quoted word parts ≥ 3 characters), '' when none qualifies."""
        parts = [w for t in self.terms if not t.synonym for w in t.phrases[0].words if len(w) >= 3]
        return " AND ".join(f'"{w}"' for w in dict.fromkeys(parts))

    def attempts(self) -> list[tuple[str, str]]:
        """``[(mode, match)]`` to try in order: ``all`` words, then ``any`` word (when more than one
        term), then word ``part``s for the trigram index (when a word has ≥ 3 characters)."""
        out = [("all", self.all_words)]
        if len(self.terms) > 1:
            out.append(("any", self.any_word))
        if self.substrings:
            out.append(("part", self.substrings))
        return out

    @property
    def label(self) -> str:
        """The terms as the user typed them, for messages: ``„bibliothek mischen“``."""
        return " ".join(t.label for t in self.terms)


def build_query(text: str, groups: tuple[SynonymGroup, ...] | None = None) -> FtsQuery | None:
    """Turn free user text into an :class:`FtsQuery`; None when it holds no searchable word.

    Never raises for any string: the result only contains quoted tokens and FTS5 operators
    written here (``AND``, ``OR``, ``+``, ``*``, brackets).
    """
    if groups is None:
        groups = synonyms()
    truncated = len(text) > MAX_TEXT
    chunks: list[list[str]] = [tokens(chunk) for chunk in clean(text[:MAX_TEXT]).split()]
    chunks = [c for c in chunks if c]
    flat = [t for c in chunks for t in c]
    # Where each chunk starts in the flat token list, and the chunk of each token.
    chunk_of: list[int] = [i for i, c in enumerate(chunks) for _ in c]
    terms: list[Term] = []
    used: list[SynonymGroup] = []
    i = 0
    while i < len(flat):
        group, length = _match_synonym(flat, i, groups)
        if group is not None:
            terms.append(Term(" ".join(flat[i : i + length]), group.patterns, group.key))
            if group not in used:
                used.append(group)
            i += length
            continue
        chunk = chunks[chunk_of[i]]
        first = chunk_of.index(chunk_of[i])
        if len(chunk) > 1 and first == i:
            terms.append(_chunk_term(chunk))
            i += len(chunk)
        else:
            terms.append(_word_term(flat[i]))
            i += 1
    content = [t for t in terms if t.synonym or t.label not in STOP_WORDS]
    if content:
        terms = content
    if len(terms) > MAX_TERMS:
        terms, truncated = terms[:MAX_TERMS], True
    if not terms:
        return None
    return FtsQuery(terms=terms, truncated=truncated, synonyms_used=used)


# --- running queries --------------------------------------------------------------------------

#: What a search answer says when it had to fall back from "all words" (see :meth:`FtsQuery.attempts`).
MODE_NOTES = {
    "any": "Keine Stelle enthält alle Wörter; gezeigt werden Stellen mit einzelnen Wörtern.",
    "part": "Kein ganzes Wort gefunden; gezeigt werden Stellen, die die Buchstabenfolge enthalten.",
}

#: Marks around matches in snippets (Discord bold).
HIGHLIGHT = ("**", "**")
ELLIPSIS = "…"


def tidy_snippet(snippet: str) -> str:
    """A snippet made readable: JSON list brackets of example columns removed, white space joined."""
    snippet = re.sub(r'^\["|"\]$|",\s*"', " ", snippet.strip())
    return " ".join(snippet.split())
