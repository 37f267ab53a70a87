"""The passages of the store: every unit the question search returns, analysed once at build time.

:func:`write` reads what the other writers stored (rulings, mechanics sections, quoted rules, the German
rules explanation 003, cards, and after ``--cr`` the current official rules and glossary) and the rows of
the term table (``data/terms_de_en.tsv``) through the readers of :mod:`bot.importer.passage_sources`, and
writes one ``passages`` row per unit with its key ``"<file prefix>:<first line>"`` (the line in
``data/sources/<file>`` where the passage begins; a mechanics section's paragraphs are found line by line in
the source file), and the analysed text of :mod:`bot.analysis` into ``passages_fts``. The documents' words go
to ``vocabulary``, so the bot analyses questions against the same vocabulary.

Lemmas: when ``simplemma`` is installed and :data:`LEMMAS` is set, each word's lemma (``gewirkt`` →
``wirken``) is stored beside it; the bot reads the lemmas from the store and needs no lemmatiser itself.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import itertools
import json
import re
import sqlite3
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from bot.analysis import Analyser, Indexed, tokens
from bot.button_args import PASSAGE_KEY, safe_key
from bot.definitions import defined_terms
from bot.importer.passage_sources import Passage, unchecked
from bot.store.passages import ENGLISH_WORDS_META
from bot.terms import OLD_DOCUMENTS, analyser, term_index

#: Store lemmas from simplemma (measured in bench/bench_questions.py; off: Snowball and participles only).
LEMMAS = False
#: Passages analysed and inserted per batch (:func:`write`).
BATCH = 2000
#: Bytes of the full-text index's terms held in memory before they are written as a segment (FTS5 ``hashsize``,
#: 1 MiB by default): 300 000 passages of a large card file make fewer, larger segments, merged less often (the
#: index's inserts for 100 000 generated printings: 1 MiB 4.8 s of CPU, 8 MiB 3.8 s; the 301 639 rows inserted alone,
#: interleaved, 3 runs each: 8 MiB 2.35–2.40 s, 32 MiB 1.92–1.97 s, 64 MiB 1.89–1.98 s; 32 MiB costs about 28 MB
#: at the step's peak, within the 350 MB of such a build). Only writes read it; the rows a reader sees are the same.
FTS_HASH = 32 << 20


#: Longest passage key: ``rb:passage:`` and the key (escaped ``:`` = 3 characters) stay within a custom_id's 100.
KEY_MAX = 80


class PassageKeyError(ValueError):
    """Two passages would share a key, or a key is longer than :data:`KEY_MAX` (German message; the build
    fails rather than drop a passage)."""


def stream(conn: sqlite3.Connection, sources: Path) -> Iterator[Passage]:
    """Every passage of the store, in a fixed order, one at a time (read from the tables as they are needed),
    each under its :func:`safe_key`. Only the keys are held (a large card file has 300 000 passages: their texts
    are never all in memory).

    Raises:
        PassageKeyError: two passages would share a key, or a key is longer than :data:`KEY_MAX` or not of the
            form a button carries (:data:`bot.button_args.PASSAGE_KEY`; nothing is dropped silently).
    """
    seen: set[str] = set()
    for p in _keyed(unchecked(conn, sources)):
        if p.key in seen:
            raise _twice(p)
        seen.add(p.key)
        yield p


def _keyed(passages: Iterable[Passage]) -> Iterator[Passage]:
    """``passages`` under their :func:`safe_key`.

    Raises:
        PassageKeyError: a key is longer than :data:`KEY_MAX`, or not of the form a button carries
            (:data:`bot.button_args.PASSAGE_KEY`).
    """
    for p in passages:
        p.key = safe_key(p.key)
        if len(p.key) > KEY_MAX:
            raise PassageKeyError(f"Schlüssel länger als {KEY_MAX} Zeichen: {p.key!r}")
        if not re.fullmatch(PASSAGE_KEY.regex, p.key):  # its button would be refused as one the bot never made
            raise PassageKeyError(f"Schlüssel {p.key!r} hat keine Form eines Stellen-Schlüssels (bot.button_args)")
        yield p


def _twice(p: Passage) -> PassageKeyError:
    """The error of a passage ``p`` whose key an earlier passage has."""
    return PassageKeyError(f"Zwei Stellen hätten denselben Schlüssel {p.key!r} (die zweite: {p.kind} „{p.title}“)")


def _insert(conn: sqlite3.Connection, batch: list[tuple[int, Passage]], rows: list[tuple]) -> None:
    """Insert the ``passages`` rows of ``batch``; the table's unique key finds a key two passages share (the step
    holds no set of 300 000 keys).

    Raises:
        PassageKeyError: a passage of ``batch`` has the key of an earlier one.
    """
    try:
        conn.executemany(
            "INSERT INTO passages (id, key, kind, ref_id, document_id, card_id, mechanic_id, number, title, text,"
            " date, source, status, concepts, names, terms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
    except sqlite3.IntegrityError:
        for pid, p in batch:  # the rows before the failing one are in: the first whose key has another id
            found = conn.execute("SELECT id FROM passages WHERE key = ?", (p.key,)).fetchone()
            if found is not None and found[0] != pid:
                raise _twice(p) from None
        raise


def collect(conn: sqlite3.Connection, sources: Path) -> list[Passage]:
    """Every passage of the store as a list (:func:`stream`), in its order."""
    return list(stream(conn, sources))


def _german(conn: sqlite3.Connection, sources: Path) -> Iterator[Passage]:
    """The passages whose words :func:`vocabulary` counts (:func:`~bot.importer.passage_sources.unchecked` with
    ``german``; the writing pass checks their keys)."""
    return unchecked(conn, sources, german=True)


def vocabulary(passages: Iterable[Passage]) -> tuple[Counter[str], frozenset[str]]:
    """The German passages' words (lower case, umlauts kept) with their counts, plus the term table's words; and
    apart, the words only the English text of the documents' rulings, rules and sections has (000 prints „A player
    wins a clash“: „wins“ is a word of the documents, no typo of „win“; not the official rules'), which the typo
    repair leaves as typed (:attr:`bot.vocabulary.Vocabulary.english`) but which split no German compound and weigh
    nothing (000's „such“ is no part of „Suchfähigkeit“)."""
    counts: Counter[str] = Counter()
    english: set[str] = set()
    for p in passages:  # one pass (a stream: no passage is held)
        if p.kind == "cr_rule":
            continue
        if p.language == "de":
            counts.update(tokens(f"{p.title} {p.text}", 100_000))
        elif p.kind in _DOCUMENT_KINDS:
            english.update(tokens(f"{p.title} {p.text}", 100_000))
    for term in term_index().terms:
        counts.update(w for name, _ in term.names() for w in tokens(name))
    return counts, frozenset(english - counts.keys())


#: The kinds of passage whose English text is the documents' own (the rulings read here are the numbered
#: documents', :func:`_rulings`), so their words are words of the documents.
_DOCUMENT_KINDS = frozenset({"ruling", "quoted_rule", "mechanic"})


def card_names(conn: sqlite3.Connection) -> tuple[str, ...]:
    """The store's card names, German and (from a card file) English, in id order: their words name no concept in
    a passage (:mod:`bot.card_names`)."""
    rows = conn.execute("SELECT name, english_name FROM cards ORDER BY id")
    return tuple(dict.fromkeys(n for row in rows for n in row if n))


def lemmas(words: Counter[str]) -> dict[str, str]:
    """word → lemma (simplemma, German) for words whose lemma differs; {} when :data:`LEMMAS` is off."""
    if not LEMMAS:
        return {}
    # An optional build-time library (the bot reads the lemmas from the store), not a dependency: imported by
    # name so that the type check does not require it.
    simplemma = importlib.import_module("simplemma")
    out = {}
    for word in words:
        lemma = simplemma.lemmatize(word, lang="de").lower()
        if lemma != word:
            out[word] = lemma
    return out


#: A text's columns as the passage step keeps them: its analysed terms (each once, in order) and its concepts. The terms
#: stay a tuple of the analyser's own strings until the row is written: :class:`Counts` counts them as they are.
Columns = tuple[tuple[str, ...], tuple[str, ...]]
#: Ruling texts whose columns the passage step keeps for the whole step (:class:`Kept`): a reprinted card carries an
#: earlier card's rulings anywhere in a large file (100 000 generated printings have 126 000 distinct ruling texts of
#: 200 000). About 500 bytes a text, so at most 262 144 texts keep the step's peak under 350 MB. A title is kept only
#: while the passages after it have the same (a card's rulings follow one another; a card's own passage, the only
#: other with its name, has its German title, read once).
KEPT = 262_144


def analysis_of(a: Analyser) -> Callable[[str, str, bool, str | None], Indexed]:
    """The analysis the passage step gives a text it has not kept: ``a.indexed(text, language, old_terms,
    document)`` (:meth:`bot.analysis.Analyser.indexed`)."""
    return a.indexed


class Kept:
    """The columns of each ruling text met before in the step (:func:`_analysed`), by a 16-byte BLAKE2b digest of
    the text and its reading (language, old terms, document), at most ``size`` texts (then only those), and of the
    last title with its language and reading (:attr:`title`). A ruling's text alone decides its columns: a ruling
    has no rule number and no aligned explanation (:func:`_body`); a title's columns are its terms and concepts
    alone."""

    def __init__(self, size: int = KEPT) -> None:
        self.size = size
        self.columns: dict[bytes, Columns] = {}
        self.hits = 0
        #: ``((title, language, reading), (names column, concepts))`` of the last title analysed, or None.
        self.title: tuple[tuple[str, str, tuple[bool, str | None]], tuple[str, tuple[str, ...]]] | None = None

    def get(self, key: bytes) -> Columns | None:
        """The columns kept under ``key`` (:meth:`key`), or None."""
        found = self.columns.get(key)
        if found is not None:
            self.hits += 1
        return found

    def keep(self, key: bytes, columns: Columns) -> Columns:
        """Keep ``columns`` under ``key`` while there is room; returns them."""
        if len(self.columns) < self.size:
            self.columns[key] = columns
        return columns

    @staticmethod
    def key(role: str, text: str, language: str, reading: tuple[bool, str | None]) -> bytes:
        """The digest of ``text`` in ``role`` (``title`` or ``text``) read in ``language`` as ``reading``."""
        return hashlib.blake2b(_key_prefix(role, language, reading) + text.encode("utf-8", "surrogatepass"),
                               digest_size=16).digest()


@functools.lru_cache(maxsize=256)
def _key_prefix(role: str, language: str, reading: tuple[bool, str | None]) -> bytes:
    """What :meth:`Kept.key` digests before the text (the few readings of a build, each made once)."""
    return f"{role}\0{language}\0{reading!r}\0".encode("utf-8", "surrogatepass")


def _body(a: Analyser, analysed: Callable[[str, str, bool, str | None], Indexed], p: Passage,
          reading: tuple[bool, str | None]) -> Columns:
    """The terms of passage ``p`` (its ``terms`` column, not yet joined by spaces) and the concepts of its text, read
    as ``reading`` (old terms, document)."""
    old, doc = reading
    body_terms, body_concepts, weak = analysed(p.text, p.language, old, doc)
    terms = [*weak]
    if p.kind == "cr_rule" and p.prefix:  # the German explanation aligned to this rule
        terms += analysed(p.prefix, "de", False, None)[0]
    if p.number:
        terms.append("r" + p.number.replace(".", "x"))
    terms += defined_terms(a, p.text, p.language, old, doc)  # "Ein Permanent ist …": zzdpermanent
    if not terms:  # nothing beside the text's terms (most passages): those, each once already
        return body_terms, body_concepts
    return tuple(dict.fromkeys([*body_terms, *terms])), body_concepts


def _analysed(a: Analyser, analysed: Callable[[str, str, bool, str | None], Indexed], p: Passage,
              kept: Kept) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """``(names, terms, concepts)`` of one passage: its ``names`` column, and the terms and concepts its ``terms``
    and ``concepts`` columns hold joined by spaces (``analysed``: :func:`analysis_of` ``a``; ``kept``: the rulings'
    columns met before and the last title's)."""
    doc = p.prefix if p.kind != "cr_rule" else None
    reading = (doc in OLD_DOCUMENTS, doc)
    at = (p.title, p.language, reading)
    if kept.title is not None and kept.title[0] == at:
        title = kept.title[1]
    else:
        title_terms, title_concepts, _ = analysed(p.title, p.language, *reading)
        title = (" ".join(title_terms), title_concepts)
        kept.title = (at, title)
    if p.kind == "ruling" and not p.number:
        key = kept.key("text", p.text, p.language, reading)
        body = kept.get(key) or kept.keep(key, _body(a, analysed, p, reading))
    else:
        body = _body(a, analysed, p, reading)
    if not title[1]:  # a title without concepts (a card's name): the text's concepts, each once already
        return title[0], body[0], body[1]
    return title[0], body[0], tuple(dict.fromkeys([*title[1], *body[1]]))


@dataclass
class Counts:
    """What :func:`write` counted while writing: per analysed term, the passages whose ``terms`` column holds it
    (each passage once), and per concept id, its mentions in the ``concepts`` columns (the ranker's weights,
    table ``passage_counts``, written by :func:`bot.importer.prepared.write_counts`)."""

    terms: Counter[str] = field(default_factory=Counter)
    concepts: Counter[str] = field(default_factory=Counter)

    def add(self, terms: Iterable[tuple[str, ...]], concepts: Iterable[tuple[str, ...]]) -> None:
        """Count the terms and concepts of passages, one tuple of each per passage (what its ``terms`` and
        ``concepts`` columns hold joined by spaces; the terms each once, :func:`_body`)."""
        # One count over a batch, in C, of the analyser's own strings (their hashes known): not the columns joined
        # and split again into 9 million new strings for 300 000 passages.
        self.terms.update(itertools.chain.from_iterable(terms))
        self.concepts.update(itertools.chain.from_iterable(concepts))


def write(conn: sqlite3.Connection, sources: Path, counts: Counts | None = None) -> int:
    """Write ``vocabulary`` (and ``meta``'s English words), ``passages`` and ``passages_fts`` from what ``conn``
    holds; returns the passage count.
    ``counts`` (when given) gets every written passage's terms and concepts counted (:class:`Counts`).

    Two passes: the vocabulary first over the passages it counts (the analyser needs all of it; :func:`_german`, the
    English rulings left out), then each passage of :func:`stream` analysed and inserted in batches of :data:`BATCH`
    (a key two passages share is found by the table's unique key, :func:`_insert`), and the full-text index built
    from the written passages at the end (FTS5 'rebuild' of its external content), so the step's memory does not
    grow with the card data beyond :class:`Kept`'s bound. A ruling text met again anywhere in the step reuses its
    columns (a reprinted card carries an earlier card's rulings), a title those of the passage before when it has the
    same (a card's name titles each of its rulings: :class:`Kept`).

    Raises:
        PassageKeyError: see :func:`stream`.
    """
    words, english = vocabulary(_german(conn, sources))
    lemma_map = lemmas(words)
    conn.executemany("INSERT INTO vocabulary (word, count, lemma) VALUES (?, ?, ?)",
                     [(w, n, lemma_map.get(w)) for w, n in words.items()])
    conn.execute("INSERT INTO meta (key, value) VALUES (?, ?)", (ENGLISH_WORDS_META, json.dumps(sorted(english))))
    a = analyser(dict(words), lemma_map, card_names=card_names(conn))
    analysed = analysis_of(a)
    kept = Kept()
    del words
    conn.execute("INSERT INTO passages_fts (passages_fts, rank) VALUES ('hashsize', ?)", (FTS_HASH,))
    count = 0
    numbered = enumerate(_keyed(unchecked(conn, sources)), start=1)
    while batch := list(itertools.islice(numbered, BATCH)):
        rows, batch_terms, batch_concepts = [], [], []
        for pid, p in batch:
            names, terms, concepts = _analysed(a, analysed, p, kept)
            rows.append((pid, p.key, p.kind, p.ref_id, p.document_id, p.card_id, p.mechanic_id, p.number, p.title,
                         p.text, p.date, p.source, p.status, " ".join(concepts), names, " ".join(terms)))
            batch_terms.append(terms)
            batch_concepts.append(concepts)
        _insert(conn, batch, rows)
        if counts is not None:
            counts.add(batch_terms, batch_concepts)
        count += len(rows)
    # The full-text index read from its content, the view passage_index (data/schema.sql), once all passages are in:
    # FTS5's 'rebuild' scans the content in rowid order inside SQLite, with no statement per row (the 301 639 rows of
    # 100 000 generated printings: 2.63 s of CPU against 2.79–2.87 s inserted batch by batch beside the passages).
    conn.execute("INSERT INTO passages_fts (passages_fts) VALUES ('rebuild')")
    return count
