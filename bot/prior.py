"""What players have asked before: the questions of the question set's tuning parts, each naming the passages that
answer it (its gold keys), as a field of those passages (the ``prior`` feature of :mod:`bot.ranking`).

A support desk answers a new question from the questions asked before and their answers (query-log or
"doc2query"-style expansion of a document by the queries that found it). Here a candidate passage gets the share of
the new question's words (:class:`bot.question_words.QuestionWords`: the same analysis and word weights as the
``coverage`` feature, ``log(N / df)`` of the store's passages) that one earlier question answered by that passage holds
(:meth:`PriorIndex.shares`). Two rulings of one card share the card's words; what parts them is how players ask,
and an earlier question on the same ruling asked it the same way.

The questions come from ``data/prior_questions.tsv`` (:data:`PRIOR_FILE`), made by ``bench/make_prior.py`` from
``tests/questions/tuning.toml`` … ``tuning6.toml`` only (never a held-out part nor the validation part;
``tests/test_prior.py`` checks both). The bot reads the file once per store (:func:`prior_index`), checks its keys
against the store in one query and logs how many it lacks (an official rule's key in a store built without the CR),
and analyses the questions at the first question asked, not at start (:class:`PriorIndex`).

Measured honestly only when cross-fitted: a question's own text in the index gives its gold the whole share.
``bench/prior_folds.py`` computes each question's feature from the index without the questions of its own fold
(docs/ranking.md ⁴³).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from bot.analysed import Analysis
from bot.answered import TOP, H, sibling_groups, swap_siblings
from bot.paths import DATA_DIR, tsv_rows
from bot.question_words import QuestionWords
from bot.store import PassageRecord

log = logging.getLogger(__name__)
#: The questions asked before: ``id<TAB>gold keys (space-separated)<TAB>question``, one a line.
PRIOR_FILE = DATA_DIR / "prior_questions.tsv"
#: The first lines of :data:`PRIOR_FILE` (comments: :func:`bot.paths.tsv_rows` skips them).
HEADER = (
    "# Questions asked before, each with the keys of the passages that answer it (bot/prior.py).\n"
    "# Made by bench/make_prior.py from tests/questions/tuning.toml … tuning6.toml only; do not edit.\n"
    "# id\tgold keys\tquestion\n"
)
#: The key prefix of an official rule (a store built with ``build --cr`` has them).
CR_KEY = "cr:"
#: Keys checked against the store per query (SQLite's bound parameters).
CHUNK = 500
#: How a candidate's earlier questions are read (:meth:`PriorIndex.shares`): all of them as one text (``union``,
#: chosen by 5-fold CV), or the best single one (``best``); docs/ranking.md ⁴³.
HOW = "union"
HOWS = ("union", "best")


@dataclass(frozen=True)
class PriorQuestion:
    """One question asked before: its id (``<part>:<id>`` of the question set), the keys of the passages that
    answer it (``"<file prefix>:<line>"``, ``cr:…``: tests/questions/passages.py) and its text as typed."""

    id: str
    golds: tuple[str, ...]
    text: str


class _Keyed(Protocol):
    @property
    def key(self) -> str: ...


class _Analyser(Protocol):
    def analyse(self, text: str, *, question: bool = False) -> Analysis: ...


def read_prior(path: Path = PRIOR_FILE) -> list[PriorQuestion]:
    """The questions of ``path`` (:data:`PRIOR_FILE`'s format), in its order; a line without three columns is
    skipped.

    Raises:
        OSError: the file cannot be read.
    """
    return [PriorQuestion(c[0], tuple(c[1].split()), c[2]) for _, c in tsv_rows(path) if len(c) == 3]


def prior_text(questions: Iterable[PriorQuestion]) -> str:
    """The text of :data:`PRIOR_FILE` for ``questions`` (a tab or line break inside a question read as a space).

    Raises:
        ValueError: a question has no gold key.
    """
    lines = [HEADER]
    for q in questions:
        if not q.golds:
            raise ValueError(f"{q.id}: no gold key")
        lines.append(f"{q.id}\t{' '.join(q.golds)}\t{' '.join(q.text.split())}\n")
    return "".join(lines)


class PriorIndex:
    """Per passage key, the earlier questions it answers: their ids and analysed terms (stems, compound parts,
    concepts: :attr:`bot.analysis.Analysis.terms`). The questions are analysed at the first :meth:`shares` (a
    question's analysis needs the store's vocabulary, and start-up should not wait for it), once."""

    def __init__(self, analyser: _Analyser, questions: Sequence[PriorQuestion], left_out: frozenset[str] = frozenset(),
                 built: dict[str, dict[str, Any]] | None = None) -> None:
        """``left_out``: ids of questions :meth:`shares` never reads; ``built``: the holder of the analysed index,
        shared with the index this one was made from (:meth:`without`)."""
        self._analyser = analyser
        self._questions = questions
        self._ids = frozenset(q.id for q in questions) - left_out
        self._left_out = left_out
        self._built = {} if built is None else built

    @classmethod
    def of(cls, analyser: _Analyser, questions: Iterable[PriorQuestion], exclude: Collection[str] = ()
           ) -> PriorIndex:
        """The index of ``questions`` but those whose id is in ``exclude`` (a CV fold's own questions)."""
        left_out = frozenset(exclude)
        return cls(analyser, [q for q in questions if q.id not in left_out])

    def without(self, exclude: Collection[str]) -> PriorIndex:
        """This index without the questions whose id is in ``exclude`` (sharing its analyses: a benchmark ranks each
        tuning question without itself, bench/bench_questions.py)."""
        return PriorIndex(self._analyser, self._questions, self._left_out | frozenset(exclude), self._built)

    def holds(self, question_id: str) -> bool:
        """True when the question ``question_id`` is one of this index's earlier questions (not left out)."""
        return question_id in self._ids

    @property
    def analysed(self) -> bool:
        """True once the questions are analysed (:attr:`by_key` was read)."""
        return "by_key" in self._built

    @property
    def by_key(self) -> Mapping[str, list[tuple[str, frozenset[str]]]]:
        """Passage key → the earlier questions answered by it, as (id, terms); built at the first use."""
        if "by_key" not in self._built:  # once for this index and the ones made from it by :meth:`without`
            by_key: dict[str, list[tuple[str, frozenset[str]]]] = {}
            read: dict[str, frozenset[str]] = self._built.get("terms", {})  # those one call read (:meth:`_distinct_of`)
            for q in self._questions:
                terms = read.get(q.id) or frozenset(self._analyser.analyse(q.text, question=True).terms)
                for key in dict.fromkeys(q.golds):
                    by_key.setdefault(key, []).append((q.id, terms))
            self._built["by_key"] = by_key
        return self._built["by_key"]

    @property
    def distinct(self) -> Mapping[str, tuple[frozenset[str], ...]]:
        """Passage key → the distinct terms of the earlier questions answered by it (:attr:`by_key` without the
        ids, each set once, in the order first met): what :meth:`shares` reads when it leaves no question out (the
        best share and the union are the same over a set met twice); built at the first use, kept as :attr:`by_key`
        is."""
        if "distinct" not in self._built:
            self._built["distinct"] = {key: tuple(dict.fromkeys(terms for _, terms in asked))
                                       for key, asked in self.by_key.items()}
        return self._built["distinct"]

    def _distinct_of(self, key: str) -> tuple[frozenset[str], ...]:
        """:attr:`distinct` of the one passage key ``key``: from it once it is built (the warm-up), else made of the
        earlier questions answering ``key`` alone, each analysed once and kept (one ``python -m bot call`` analyses
        the questions of its candidates' keys, not all 1 398: ≈ 0.5 s less at its start)."""
        if "distinct" in self._built or "by_key" in self._built:
            return self.distinct.get(key, ())
        answering = self._built.get("answering")
        if answering is None:  # key → the questions answering it, in the file's order (no analysis needed)
            answering = self._built["answering"] = {}
            for q in self._questions:
                for k in dict.fromkeys(q.golds):
                    answering.setdefault(k, []).append(q)
        lazy: dict[str, tuple[frozenset[str], ...]] = self._built.setdefault("lazy", {})
        if key not in lazy:
            terms: dict[str, frozenset[str]] = self._built.setdefault("terms", {})
            for q in answering.get(key, ()):
                if q.id not in terms:
                    terms[q.id] = frozenset(self._analyser.analyse(q.text, question=True).terms)
            lazy[key] = tuple(dict.fromkeys(terms[q.id] for q in answering.get(key, ())))
        return lazy[key]

    def shares(self, words: QuestionWords, records: Mapping[int, _Keyed], exclude: Collection[str] = (),
               how: str = HOW) -> dict[int, float]:
        """Per passage of ``records`` (id → :class:`bot.store.PassageRecord`) answered by an earlier question not in
        ``exclude``: the share (0–1) of ``words``' weight (:meth:`QuestionWords.held`) that the best single earlier
        question holds (``how="best"``) or that its earlier questions hold together (``"union"``). Passages without
        an earlier question are left out (their feature is 0).

        Raises:
            ValueError: an unknown ``how``.
        """
        if how not in HOWS:
            raise ValueError(f"unknown way to read earlier questions: {how!r}")
        if not words.total:
            return {}
        exclude = self._left_out.union(exclude)
        out: dict[int, float] = {}
        none: frozenset[str] = frozenset()
        for pid, p in records.items():  # the bot's index leaves nothing out: no question to skip
            asked = (self._distinct_of(p.key) if not exclude
                     else [terms for qid, terms in self.by_key.get(p.key, ()) if qid not in exclude])
            if not asked:
                continue
            if how == "union":
                held = words.held(frozenset().union(*asked), none)
            else:
                held = max(words.held(terms, none) for terms in asked)
            if held:
                out[pid] = held / words.total
        return out


def group_priors(top: Sequence[H], shares: Mapping[int, float], asked: frozenset[str] = frozenset(),
                 stated: Callable[[PassageRecord], frozenset[str]] | None = None,
                 rules: Mapping[int, str] | None = None) -> list[tuple[list[int], list[float]]]:
    """Per group of siblings among ``top`` (:func:`bot.answered.sibling_groups`: passages of one card or, of no card,
    of one mechanics section, and with ``rules`` 003's entries of one rule) of one kind (rulings apart from a
    section's rule text), two or more, every member of which has a share (``shares``: passage id →
    :meth:`PriorIndex.shares`' value, 0–1; a passage without one is absent): the positions of its members in ``top``
    and their shares.

    A passage no earlier question holding the question's words answered is not known to answer it less: it was
    perhaps never asked about. Compared with a sibling that was, it would lose by the sibling's share alone (its
    card's name words, which every question on the card holds), so a group with such a member is left as it is
    (docs/ranking.md ⁴⁷: reading it as 0 lost first hits by CV, leaving it out of the swap gained fewer). A section's
    rule text is asked about in general words by many questions („wie gewinnt man ne fehde“), so its earlier
    questions together hold most words of any question on the section: it is compared with its kind only, not
    with the section's rulings (which answer a case: 000:22 „… gewinnt niemand die Fehde“).

    ``asked``: the logic classes the question asks (:func:`bot.logic_words.asked_logic`: „keine“, „trotzdem“,
    „beide gleich“ …), ``stated``: those a passage states (:func:`bot.logic_words.stated_logic` of its text). A
    group is parted by the part of ``asked`` each member states, and only members stating the same part are
    compared: the earlier questions are weighed by their topic words only (the logic words are stop words there),
    so they cannot tell which sibling states the asked case; the logic stage after this one orders those
    (:mod:`bot.logic_words`). „Wer gewinnt die Fehde, wenn keine aufgedeckte Karte höhere umgewandelte Manakosten
    hat?“ asks an absence that 000:22 („… keine … gewinnt niemand“) states and 000:11 (the clash's steps) does not,
    while 000:11's earlier questions together hold every topic word (one asks „gewinnt der höhere manawert“) and
    000:22's lack „höhere“."""
    where = {id(h): n for n, h in enumerate(top)}
    out = []
    for siblings in sibling_groups(top, rules):
        kinds: dict[str, list[int]] = {}  # per kind, the members' positions in ``top``
        for h in siblings:
            kinds.setdefault(h.passage.kind, []).append(where[id(h)])
        for kind in kinds.values():
            for places in _alike(top, kind, asked, stated):
                values = [shares.get(top[n].passage.id, 0.0) for n in places]
                if len(places) >= 2 and all(values):
                    out.append((places, values))
    return out


def _alike(top: Sequence[H], places: list[int], asked: frozenset[str],
           stated: Callable[[PassageRecord], frozenset[str]] | None) -> list[list[int]]:
    """``places`` (positions in ``top``) parted by the part of the logic ``asked`` that ``stated`` gives each member's
    passage, each part in ``places``' order, in the order of its first member; ``[places]`` when nothing is asked or
    no ``stated`` is given (:func:`group_priors`)."""
    if not asked or stated is None:
        return [places]
    parts: dict[frozenset[str], list[int]] = {}
    for n in places:
        parts.setdefault(asked & stated(top[n].passage), []).append(n)
    return list(parts.values())


def prior_stage(hits: list[H], shares: Mapping[int, float], weight: float, asked: frozenset[str] = frozenset(),
                stated: Callable[[PassageRecord], frozenset[str]] | None = None,
                rules: Mapping[int, str] | None = None) -> None:
    """The ``earlier`` stage (:attr:`bot.weights.Weights.earlier`, ``/frage`` only) on ``hits`` (best first, in
    place): the siblings among the first :data:`bot.answered.TOP` take their group's places again in the order of
    score + ``weight`` × share of the question that the earlier questions answered by each hold (``shares``,
    :meth:`PriorIndex.shares`), each with the score of the place it takes (``parts["earlier"]``); every other hit
    keeps its place, so no passage enters or leaves the first three (:func:`bot.answered.swap_siblings`, the shape of
    the answered stage, docs/ranking.md ²⁹ ⁴⁷); only siblings stating the same part of the logic ``asked``
    (``stated`` of a passage) are compared, the rest is left to the logic stage (:func:`group_priors`). ``rules``
    (entry id → rule, :func:`bot.rule_siblings.explanation_rules`): 003's entries of one rule are siblings here too,
    and only here (docs/ranking.md ¹²⁴).

    Raises:
        ValueError: ``weight`` is negative.
    """
    if weight < 0:
        raise ValueError(f"the earlier questions' stage weight must not be negative: {weight}")
    if weight and shares:
        swap_siblings(hits, group_priors(hits[:TOP], shares, asked, stated, rules), weight, "earlier")


async def missing_keys(store: _Fetcher, keys: Collection[str]) -> list[str]:
    """The keys of ``keys`` that no passage of ``store`` has, sorted (one query per :data:`CHUNK` keys)."""
    wanted = sorted(keys)
    found: set[str] = set()
    for at in range(0, len(wanted), CHUNK):
        chunk = wanted[at: at + CHUNK]
        marks = ",".join("?" * len(chunk))
        found.update(r[0] for r in await store.fetchall(f"SELECT key FROM passages WHERE key IN ({marks})", chunk))  # noqa: S608
    return [k for k in wanted if k not in found]


class _Fetcher(Protocol):
    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Any]: ...


async def prior_index(store: _Fetcher, analyser: _Analyser, path: Path = PRIOR_FILE) -> PriorIndex | None:
    """The index of ``path``'s questions for ``store`` (None when the file is missing or unreadable: logged). The
    gold keys no passage of the store has are counted and logged (an official rule's key, ``cr:…``, in a store built
    without ``--cr``); their questions still serve their other keys."""
    try:
        questions = read_prior(path)
    except (OSError, UnicodeDecodeError) as exc:
        log.warning("Frühere Fragen nicht gelesen (%s): %s", path, exc)
        return None
    keys = {k for q in questions for k in q.golds}
    missing = await missing_keys(store, keys)
    official = [k for k in missing if k.startswith(CR_KEY)]  # a store built without the official rules lacks them
    documents = [k for k in missing if not k.startswith(CR_KEY)]  # the documents changed since the file was made
    if official:
        log.debug("Frühere Fragen: %d von %d Antwortschlüsseln sind offizielle Regeln, die dieser Store nicht hat "
                  "(z. B. %s)", len(official), len(keys), ", ".join(official[:3]))
    if documents:
        log.warning("Frühere Fragen: %d von %d Antwortschlüsseln sind keine Passage dieses Stores (z. B. %s)",
                    len(documents), len(keys), ", ".join(documents[:3]))
    return PriorIndex(analyser, questions)


__all__ = ["HOW", "PRIOR_FILE", "PriorIndex", "PriorQuestion", "group_priors", "missing_keys", "prior_index",
           "prior_stage", "prior_text", "read_prior"]
