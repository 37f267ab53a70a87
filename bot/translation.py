"""Players' words for the documents' words, learned from questions asked before and the passages that answer them:
a translation model of retrieval (Berger & Lafferty 1999, "Information retrieval as statistical translation"; Jeon,
Croft & Lee 2005 on question–answer archives), supervised by the tuning parts' (question, gold passage) pairs.

A player asks „darf ich bei ner gegnerischen kreatur spuken“ and the answer says „…, egal wer sie kontrolliert“:
the question's word „gegnerisch“ stands for the passage's „kontrolliert“. Over many pairs, a question word that its
gold passage lacks comes with some passage terms more often than those terms answer questions at all; that excess
is the word's translation (:meth:`Counts.table`):

    t(w | q) = (a − n_q · g_w / N) / (n_q + m)

with ``N`` pairs, ``n_q`` pairs whose question holds the word ``q`` and whose gold lacks it, ``a`` those of them
whose gold holds ``w``, ``g_w`` pairs whose gold holds ``w`` and ``m`` (:data:`SHRINK`) pairs of shrinkage towards 0
for a rarely asked word; only pairs with ``a ≥`` :data:`LEAST` count, ``w`` never a term of the question itself (a
word the question states is no translation of another), and per ``q`` the :data:`KEEP` best. Words that stand
together in one passage are its topic (docs/ranking.md ¹⁸, unsupervised: none carried); words that stand for each
other across a question and its answer are what a pair shows.

Shipped is the sharper table of IBM Model 1 (:func:`model1`, :data:`EM`; Brown et al. 1993, §4.1): EM aligns each
gold term to the question term that explains it best or to NULL, a source weighing 100 question words that
learns what every answer says, so a word keeps only the terms its answers say beyond their topic („Token“ →
„Spielstein“ 0.36). The counts' excess above spreads a word over its gold's whole topic (docs/ranking.md ⁶³).

The ``transl`` part of the ranking (:func:`translated`): per question word a candidate passage does not hold, its
weight times the best ``t(w | q)`` over the word's terms ``q`` and the passage's terms ``w``; summed and divided by
the question's total weight (:class:`bot.question_words.QuestionWords`), 0–1. Measured by 5-fold CV with each fold's
table learned without the fold's questions, a training question's without itself (``bench/transl_folds.py``;
docs/ranking.md ⁶³).

The bot's table is learned once, by ``python -m bot build`` (:mod:`bot.importer.transl_table`), and stored in the
store under :func:`table_key`; a process reads it (:func:`translations`) and learns it at its warm-up only from a
store without it or with another key (logged).
"""

from __future__ import annotations

import ast
import hashlib
import json
import logging
from collections import Counter, defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from bot.analysed import Analysis
from bot.prior import CHUNK, PRIOR_FILE, PriorQuestion, read_prior
from bot.question_words import QuestionWords
from bot.store.base import TABLE_META  # the store's key of the table (JSON: table_json)

log = logging.getLogger(__name__)

#: Pairs of shrinkage ``m``: a word asked unheld in few pairs gets a smaller t(w | q).
SHRINK = 2.0
#: The fewest pairs (question word unheld, gold holding ``w``) a translation needs: one pair is one question's words.
LEAST = 2
#: Translations kept per question term (the best by t).
KEEP = 10
#: A question term → its translations (passage term, t(w | q) in 0–1), best first.
Table = Mapping[str, tuple[tuple[str, float], ...]]


@dataclass(frozen=True)
class Pair:
    """One question asked before and its answer: the question's id, its words (:attr:`bot.analysis.Analysis.groups`:
    each word's terms, held when any is) and the analysed terms and name terms of its gold passages together."""

    id: str
    words: tuple[tuple[str, ...], ...]
    gold: frozenset[str]

    def unheld(self) -> tuple[frozenset[str], frozenset[str]]:
        """The terms of the question's words the gold does not hold (none of the word's terms in it), and the gold's
        terms the question does not hold itself (its candidates for their translations)."""
        asked = frozenset(t for word in self.words for t in word)
        lacking = frozenset(t for word in self.words if self.gold.isdisjoint(word) for t in word)
        return lacking, self.gold - asked


class Counts:
    """The counts :meth:`table` reads, over ``pairs``: ``N``, per term ``q`` the pairs whose gold lacks its word
    (``n_q``), per passage term the pairs whose gold holds it beyond the question's terms (``g_w``), and per both the
    pairs with both (``a``)."""

    def __init__(self, pairs: Iterable[Pair] = ()) -> None:
        self.n = 0
        self.asked: Counter[str] = Counter()
        self.gold: Counter[str] = Counter()
        self.both: defaultdict[str, Counter[str]] = defaultdict(Counter)
        for p in pairs:
            self.add(p)

    def add(self, pair: Pair, sign: int = 1) -> None:
        """Count ``pair`` (``sign`` −1: take it out again)."""
        lacking, gold = pair.unheld()
        self.n += sign
        for w in gold:
            self.gold[w] += sign
        for q in lacking:
            self.asked[q] += sign
            both = self.both[q]
            for w in gold:
                both[w] += sign

    def table(self, terms: Iterable[str], without: Pair | None = None, *, shrink: float = SHRINK,
              least: int = LEAST, keep: int = KEEP) -> dict[str, tuple[tuple[str, float], ...]]:
        """Per term of ``terms``, its translations (module doc), the counts read as if ``without`` (a pair counted
        here) were not: a question's own pair never translates its words."""
        lacking, own = without.unheld() if without is not None else (frozenset(), frozenset())
        n = self.n - (without is not None)
        out = {}
        for q in dict.fromkeys(terms):
            mine = q in lacking  # the pair counted q as unheld, with every term of its gold
            n_q = self.asked.get(q, 0) - mine
            if n_q <= 0 or n <= 0:
                continue
            found = []
            for w, a in self.both.get(q, {}).items():
                a -= mine and w in own
                if a < least:
                    continue
                t = (a - n_q * (self.gold[w] - (w in own)) / n) / (n_q + shrink)
                if t > 0:
                    found.append((w, min(t, 1.0)))
            if found:
                found.sort(key=lambda wt: (-wt[1], wt[0]))
                out[q] = tuple(found[:keep])
        return out


#: EM iterations of :func:`model1` (the first from a uniform table; Brown et al. 1993, §4.1).
ITERATIONS = 5
#: The NULL source's weight in each gold term's alignment, in question words (Moore 2004: a heavier NULL keeps a
#: rarely asked word from collecting every term of its few answers).
NULL = 1.0
#: The smallest t(w | q) :func:`model1` keeps.
FLOOR = 0.01
#: :func:`model1`'s options for the store's table (:class:`Translations`; docs/ranking.md ⁶⁶: the NULL weight chosen
#: by 5-fold CV among 3–300); None: the counts' table (:meth:`Counts.table`, docs/ranking.md ⁶³).
EM: dict[str, Any] | None = {"null": 100.0}


def _em(data: Sequence[tuple[tuple[str, ...], tuple[str, ...]]], iterations: int, null: float,
        smooth: float) -> dict[str, dict[str, float]]:
    """IBM Model 1's t(target | source) over ``data`` (sources, targets) with a NULL source (key ``""``) of weight
    ``null``: each EM step aligns every target term to the sources in proportion to t and counts it out; the
    M-step with ``smooth`` added to each count (Moore 2004's add-n over the target vocabulary)."""
    t: dict[str, dict[str, float]] = defaultdict(dict)
    size = len({w for _, gold in data for w in gold}) or 1
    for step in range(iterations):
        c: defaultdict[str, defaultdict[str, float]] = defaultdict(lambda: defaultdict(float))
        tn = t.get("", {})
        for src, gold in data:
            rows = [t[s] for s in src]
            cs = [c[s] for s in src]
            cn = c[""]
            for w in gold:
                pn = null * (tn.get(w, 0.0) if step else 1.0)
                vals = [row.get(w, 0.0) if step else 1.0 for row in rows]
                total = pn + sum(vals)
                if total <= 0:
                    continue
                cn[w] += pn / total
                for cw, v in zip(cs, vals, strict=True):
                    if v:
                        cw[w] += v / total
        t = defaultdict(dict)
        for s, row in c.items():
            norm = sum(row.values()) + smooth * size
            t[s] = {w: (v + smooth) / norm for w, v in row.items()}
    return t


def model1(pairs: Iterable[Pair], *, iterations: int = ITERATIONS, null: float = NULL, smooth: float = 0.0,
           floor: float = FLOOR, keep: int = KEEP, least: int = LEAST, direction: str = "qg",
           sources: str = "all") -> dict[str, tuple[tuple[str, float], ...]]:
    """The translation table by IBM Model 1 (Brown et al. 1993; Berger & Lafferty 1999) learned by EM over
    ``pairs``: per question term ``q`` asked unheld, the passage terms ``w`` with ``t ≥ floor`` (at most ``keep``,
    best first) among those its gold held in at least ``least`` pairs. ``direction`` ``qg``: t(w | q), each gold
    term beyond the question's terms explained by the question's terms (``sources`` ``all``; ``unheld``: only the
    words its gold lacks) or by NULL; ``gq``: t(q | w), each unheld question term explained by a gold term or NULL;
    ``both``: the geometric mean of the two where both reach ``floor``."""
    if direction == "both":
        one = model1(pairs := list(pairs), iterations=iterations, null=null, smooth=smooth, floor=floor,
                     keep=10**6, least=least, direction="qg", sources=sources)
        two = model1(pairs, iterations=iterations, null=null, smooth=smooth, floor=floor, keep=10**6, least=least,
                     direction="gq", sources=sources)
        out = {}
        for q, row in one.items():
            other = dict(two.get(q, ()))
            found = sorted(((w, (v * other[w]) ** 0.5) for w, v in row if w in other), key=lambda wt: (-wt[1], wt[0]))
            if found:
                out[q] = tuple(found[:keep])
        return out
    data, seen = [], Counter()
    for p in pairs:
        lacking, gold = p.unheld()
        if not gold or (direction == "gq" and not lacking):
            continue  # a pair whose words its gold all holds still teaches NULL and the held words what they explain
        seen.update((q, w) for q in lacking for w in gold)
        asked = tuple(dict.fromkeys(t for word in p.words for t in word))
        src = asked if sources == "all" else tuple(t for t in asked if t in lacking)
        unheld = tuple(t for t in asked if t in lacking)
        data.append((src, tuple(sorted(gold))) if direction == "qg" else (tuple(sorted(gold)), unheld))
    t = _em(data, iterations, null, smooth)
    table: defaultdict[str, list[tuple[str, float]]] = defaultdict(list)
    for a, row in t.items():
        for b, v in row.items():
            q, w = (a, b) if direction == "qg" else (b, a)
            if a and v >= floor and seen[q, w] >= least:
                table[q].append((w, min(v, 1.0)))
    return {q: tuple(sorted(row, key=lambda wt: (-wt[1], wt[0]))[:keep]) for q, row in table.items()}


_LEARNED: dict[tuple[tuple[Pair, ...], tuple[tuple[str, Any], ...]], dict[str, tuple[tuple[str, float], ...]]] = {}


def learned(pairs: tuple[Pair, ...], options: Mapping[str, Any]) -> dict[str, tuple[tuple[str, float], ...]]:
    """:func:`model1` of ``pairs`` with ``options``, kept for the process: the stores of one build (a swap, a second
    ranker of the same documents) teach the same pairs, so EM runs once (≈ 0.7 s); at most the last 4 kept."""
    key = (pairs, tuple(sorted(options.items())))
    if key not in _LEARNED:
        while len(_LEARNED) >= 4:
            del _LEARNED[next(iter(_LEARNED))]
        _LEARNED[key] = model1(pairs, **options)
    return _LEARNED[key]


def translated(words: QuestionWords, table: Table, terms: frozenset[str], names: frozenset[str]) -> float:
    """The ``transl`` part of a passage with analysed ``terms`` and name terms ``names`` (0–1): per question word
    (``words``) the passage does not hold, its heaviest weight times the best t(w | q) of ``table`` over the word's
    terms ``q`` and the passage's terms ``w``, summed over ``words.total``; 0 for a question without weight."""
    if not words.total:
        return 0.0
    got = 0.0
    for word in words.words:
        if any(t in terms or t in names for t, _ in word):
            continue  # held: the coverage counts it
        best = max((t for q, _ in word for w, t in table.get(q, ()) if w in terms), default=0.0)
        got += word[0][1] * best
    return got / words.total


def shares(words: QuestionWords, table: Table, records: Mapping[int, object]) -> dict[int, float]:
    """Per passage of ``records`` (id → :class:`bot.store.PassageRecord`) with a ``transl`` part above 0, that part
    (:func:`translated`)."""
    if not table:
        return {}
    out = {}
    for pid, p in records.items():
        value = translated(words, table, p.terms, p.names)  # type: ignore[attr-defined]
        if value:
            out[pid] = value
    return out


def question_terms(words: Sequence[Sequence[str]]) -> list[str]:
    """The terms of ``words`` (each word's terms), in order, once each."""
    return list(dict.fromkeys(t for word in words for t in word))


class QuestionAnalyser(Protocol):
    """What reads a question's text into its analysis (:class:`bot.analysis.Analyser`, the store's)."""

    def analyse(self, text: str, *, question: bool = False) -> Analysis: ...


class Translations:
    """The translation table of one store: learned from the earlier questions (:data:`bot.prior.PRIOR_FILE`, the
    tuning parts' questions and their gold keys) and the analysed terms of their gold passages in the store, at the
    first :meth:`shares` (a question's analysis needs the store's vocabulary), once; bounded by :data:`KEEP`
    translations per question term (≈ 300 terms over the 1 096 questions). Or the table ``python -m bot build``
    learned the same way and stored (``stored``, :func:`translations`): then nothing is learned, and no question
    can be left out (:meth:`without` needs the pairs)."""

    def __init__(self, analyser: QuestionAnalyser, questions: Sequence[PriorQuestion],
                 gold: Mapping[str, frozenset[str]] | None, left_out: str | None = None,
                 built: dict[str, Any] | None = None, stored: Table | None = None) -> None:
        """``gold``: passage key → its terms and name terms (None with a ``stored`` table); ``left_out``: a question
        whose pair counts as not asked (:meth:`without`); ``built``: the holder of the pairs and table, shared with
        the one this was made from; ``stored``: the table the build stored for these questions (:func:`read_table`).

        Raises:
            ValueError: neither ``gold`` nor ``stored`` given.
        """
        if gold is None and stored is None:
            raise ValueError("translations need the gold passages' terms or a stored table")
        self._analyser, self._questions, self._gold = analyser, questions, gold
        self._left_out = left_out
        self._built = {} if built is None else built
        self.stored = stored is not None
        if stored is not None:
            self._built["table"] = stored

    @property
    def questions(self) -> Sequence[PriorQuestion]:
        """The earlier questions these translations are learned from (:func:`table_key` reads them)."""
        return self._questions

    def without(self, question_id: str) -> Translations:
        """These translations with the question ``question_id``'s pair not counted (a benchmark ranks a tuning
        question as if it had not been asked: bench/bench_questions.py, which reads the translations with
        ``stored=False``).

        Raises:
            ValueError: the table was read from the store (:attr:`stored`): its pairs are not known.
        """
        if self._gold is None:
            raise ValueError("a stored table has no pairs to leave a question out of: read it with stored=False")
        return Translations(self._analyser, self._questions, self._gold, question_id, self._built)

    @property
    def table(self) -> Table:
        """The table of every term: the stored one, else learned at the first read (:attr:`counts`)."""
        if "table" not in self._built:
            self._built["table"] = self.counts[2]
        return self._built["table"]

    @property
    def counts(self) -> tuple[Counts, dict[str, Pair], Table]:
        """The pairs' :class:`Counts`, the pairs by question id, and the table learned from them (built once).

        Raises:
            ValueError: the table was read from the store (:attr:`stored`): no pairs were read.
        """
        if "counts" not in self._built:
            if self._gold is None:
                raise ValueError("a stored table has no pairs: read the translations with stored=False")
            pairs = {}
            for q in self._questions:
                gold = frozenset().union(*(self._gold.get(k, frozenset()) for k in q.golds))
                if gold:  # a question whose answers this store lacks (an official rule) teaches nothing
                    a = self._analyser.analyse(q.text, question=True)
                    pairs[q.id] = Pair(q.id, tuple(a.groups or [(t,) for t in a.terms]), gold)
            counts = Counts(pairs.values())
            table = counts.table(list(counts.asked)) if EM is None else learned(tuple(pairs.values()), EM)
            self._built["counts"] = (counts, pairs, table)
        return self._built["counts"]

    def shares(self, words: QuestionWords, records: Mapping[int, Any]) -> dict[int, float]:
        """:func:`shares` of ``words`` and ``records`` with this store's table (without the left-out question's
        pair: its words' translations read again, a few milliseconds)."""
        if self._left_out is None:
            return shares(words, self.table, records)
        counts, pairs, table = self.counts
        if self._left_out in pairs and EM is not None:
            table = self._learned_without()
        elif self._left_out in pairs:
            table = counts.table(question_terms([[t for t, _ in w] for w in words.words]), pairs[self._left_out])
        return shares(words, table, records)

    def prepare(self) -> None:
        """Learn now what :meth:`shares` reads for the left-out question (:meth:`without`): with :data:`EM`, the
        table of the other pairs (EM again, ≈ 1 s, kept per question), so a benchmark that times the ranking does not
        time the leave-out (bench/bench_questions.py); the counts' table needs nothing beforehand."""
        if self._left_out is not None and EM is not None and self._left_out in self.counts[1]:
            self._learned_without()

    def _learned_without(self) -> Table:
        """:func:`model1` of the pairs but the left-out question's (EM again: there is no exact leave-one-out of it),
        learned once per question and kept with these translations."""
        key = "em " + str(self._left_out)
        if key not in self._built:
            pairs = self.counts[1]
            self._built[key] = model1((p for k, p in pairs.items() if k != self._left_out), **(EM or {}))
        return self._built[key]


class _Fetcher(Protocol):
    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Any]: ...

    async def passages(self, ids: Iterable[int]) -> Mapping[int, Any]: ...


async def gold_terms(store: _Fetcher, keys: Collection[str]) -> dict[str, frozenset[str]]:
    """Per key of ``keys`` that a passage of ``store`` has, that passage's analysed terms and name terms (one query
    per :data:`bot.prior.CHUNK` keys, then the records)."""
    wanted, ids = sorted(keys), {}
    for at in range(0, len(wanted), CHUNK):
        chunk = wanted[at: at + CHUNK]
        marks = ",".join("?" * len(chunk))
        ids.update(await store.fetchall(f"SELECT id, key FROM passages WHERE key IN ({marks})", chunk))  # noqa: S608
    records = await store.passages(list(ids))
    return {p.key: p.terms | p.names for p in records.values()}


#: The shape of :func:`table_json`'s value; a store holding another is read as holding no table.
TABLE_FORMAT = 1


class _Undocumented(ast.NodeTransformer):
    """Drops every statement that is only a string (a module's, class's or function's docstring, an attribute's
    docstring after its assignment): it has no effect when the module runs."""

    def visit_Expr(self, node: ast.Expr) -> ast.Expr | None:
        return None if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str) else node


def code_meaning(source: str) -> str:
    """What decides what a module's ``source`` (Python text) does, for :func:`table_key`: :func:`ast.dump` of its
    syntax tree (names, operations and constants; no line or column numbers) without its docstrings
    (:class:`_Undocumented`); comments are not in the tree. So ``x = 1  # eins`` and ``x = 1`` read alike,
    ``x = 2`` does not.

    Raises:
        SyntaxError: ``source`` is no Python.
    """
    return ast.dump(_Undocumented().visit(ast.parse(source)))


def table_key(questions: Sequence[PriorQuestion]) -> str:
    """What a stored table was learned from, as a SHA-256 (hex): the earlier questions (ids, gold keys, texts, in
    order: EM's sums follow it), the learning's settings as this process has them (:data:`EM`, :data:`ITERATIONS`,
    :data:`NULL`, :data:`FLOOR`, :data:`KEEP`, :data:`LEAST`, :data:`SHRINK`), the meaning of this module's code
    (:func:`code_meaning` of its source: a docstring or comment edited keeps the key; without its source file, the
    learning functions' bytecode) and :data:`TABLE_FORMAT`. A table
    stored under another key is not read (:func:`read_table`). Not covered: the question analysis's code, which the
    store's passages' terms were analysed by as well (a new bot is run on a store built again: README, "New
    code")."""
    settings = {"em": EM, "iterations": ITERATIONS, "null": NULL, "floor": FLOOR, "keep": KEEP, "least": LEAST,
                "shrink": SHRINK}
    digest = hashlib.sha256(f"{TABLE_FORMAT}\0{json.dumps(settings, sort_keys=True)}\0".encode())
    try:
        code = code_meaning(Path(__file__).read_text(encoding="utf-8")).encode()
    except (OSError, UnicodeDecodeError, SyntaxError):  # no readable source (installed without it): the learning
        # functions' bytecode (the same Python reads it)
        code = b"".join(f.__code__.co_code for f in (_em, model1, Counts.table))
    digest.update(hashlib.sha256(code).digest())
    digest.update(json.dumps([[q.id, list(q.golds), q.text] for q in questions], ensure_ascii=False).encode())
    return digest.hexdigest()


def table_json(key: str, table: Table) -> str:
    """The value of :data:`TABLE_META` for ``table`` learned under ``key`` (:func:`table_key`): JSON with the key,
    :data:`TABLE_FORMAT` and per question term its (passage term, t) pairs, best first; the floats written as
    Python's shortest repr, so :func:`read_table` gives back the very same numbers."""
    return json.dumps({"format": TABLE_FORMAT, "key": key, "table": {q: [list(wt) for wt in row]
                                                                      for q, row in table.items()}},
                      ensure_ascii=False, separators=(",", ":"))


def read_table(value: str | None, key: str) -> tuple[Table | None, str]:
    """The table of a :data:`TABLE_META` value (:func:`table_json`) when it was learned under ``key``, with ""; else
    None and why not, in German for the log: no value (a store built before the table was stored), another key (the
    earlier questions or the learning's settings or code changed since the build), or a value of another shape."""
    if value is None:
        return None, "nicht gespeichert (Datenbank von einem älteren Stand gebaut)"
    try:
        data = json.loads(value)
        if data["format"] != TABLE_FORMAT:
            return None, f"in anderem Format gespeichert ({data['format']!r})"
        if data["key"] != key:
            return None, "veraltet (für andere frühere Fragen oder Einstellungen gelernt)"
        table = {str(q): tuple((str(w), float(t)) for w, t in row) for q, row in data["table"].items()}
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        return None, f"unlesbar ({type(exc).__name__})"
    return table, ""


async def translations(store: _Fetcher, analyser: QuestionAnalyser, path: Path = PRIOR_FILE, *,
                       stored: bool = True) -> Translations | None:
    """The :class:`Translations` of ``store`` from ``path``'s questions (None when the file is missing or
    unreadable: logged): with ``stored`` the table the build stored for them (:data:`TABLE_META`, read in
    milliseconds) when :func:`read_table` takes it, else (logged once, WARNING) learned from the store's gold passages
    at the warm-up as before (≈ 1 s of EM); ``stored=False``: always learned (a benchmark that leaves questions
    out needs the pairs)."""
    try:
        questions = read_prior(path)
    except (OSError, UnicodeDecodeError) as exc:
        log.warning("Frühere Fragen nicht gelesen (%s): %s", path, exc)
        return None
    if stored:
        rows = await store.fetchall("SELECT value FROM meta WHERE key = ?", (TABLE_META,))
        table, why = read_table(rows[0][0] if rows else None, table_key(questions))
        if table is not None:
            log.debug("Übersetzungstabelle aus der Datenbank gelesen (%d Fragewörter)", len(table))
            return Translations(analyser, questions, None, stored=table)
        # WARNING, not INFO: the console and the other offline commands show only warnings, and a store whose
        # table is not used wants a rebuild (each start-up pays the learning until then).
        log.warning("Übersetzungstabelle der Datenbank %s; sie wird beim Start aus den früheren Fragen gelernt "
                    "(≈ 1 s). `python -m bot build` speichert sie neu.", why)
    return Translations(analyser, questions, await gold_terms(store, {k for q in questions for k in q.golds}))


__all__ = ["EM", "FLOOR", "ITERATIONS", "KEEP", "LEAST", "NULL", "SHRINK", "TABLE_FORMAT", "TABLE_META", "Counts",
           "Pair", "Table", "Translations", "code_meaning", "gold_terms", "learned", "model1", "question_terms",
           "read_table", "shares", "table_json", "table_key", "translated", "translations"]
