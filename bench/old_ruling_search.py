"""Baseline for bench/bench_questions.py: the ruling search of ``/ruling suche`` as it was on ``main`` before
the passages' ranking (a copy of the old ``bot/textsearch.py`` query builder and the old SQL over the
``rulings_fts`` / ``rulings_trigram`` tables, which this module creates in a copy of the store).

Kept only as the benchmark's baseline; the bot does not use it.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass, field

from bot.text import STOP_WORDS, clean, tokens
from bot.textsearch import Phrase, SynonymGroup, synonyms

MAX_TEXT = 400
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
class Term:
    """One search term: the user's words (``label``) and the phrases any of which may match."""

    label: str
    phrases: tuple[Phrase, ...]
    synonym: str | None = None  # key of the synonym group it came from

    def fts(self) -> str:
        """``(phrase OR phrase …)``; a single phrase without brackets."""
        parts = list(dict.fromkeys(p.fts() for p in self.phrases))
        return parts[0] if len(parts) == 1 else "(" + " OR ".join(parts) + ")"


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



_OLD_TABLES = """
CREATE VIRTUAL TABLE IF NOT EXISTS rulings_fts USING fts5(
    text, content='rulings', content_rowid='id', tokenize="unicode61 remove_diacritics 2");
CREATE VIRTUAL TABLE IF NOT EXISTS rulings_trigram USING fts5(text, content='rulings', content_rowid='id',
    tokenize='trigram');
INSERT INTO rulings_fts(rulings_fts) VALUES ('rebuild');
INSERT INTO rulings_trigram(rulings_trigram) VALUES ('rebuild');
"""
_HIT_SQL = "SELECT rowid FROM {table} WHERE {table} MATCH ? ORDER BY bm25({table}), rowid LIMIT ?"


def add_old_tables(conn: sqlite3.Connection) -> None:
    """Create and fill the old ruling indexes in ``conn`` (a writable copy of a store)."""
    conn.executescript(_OLD_TABLES)


def old_ruling_search(conn: sqlite3.Connection, text: str, limit: int = 60) -> list[int]:
    """Ruling ids as the old ``/ruling suche`` ranked them: all words, then any word, then word parts."""
    query = build_query(text)
    if query is None:
        return []
    for mode, match in query.attempts():
        table = "rulings_trigram" if mode == "part" else "rulings_fts"
        try:
            rows = conn.execute(_HIT_SQL.format(table=table), (match, limit)).fetchall()
        except sqlite3.OperationalError:
            rows = []
        if rows:
            return [r[0] for r in rows]
    return []
