"""Questions in the player's words: hit@1, hit@3 and MRR of ``/frage`` on the question set, beside a plain
FTS5 ``bm25()`` over the raw passage text and the old ``/ruling suche`` (bench/old_ruling_search.py), plus
p50/p99 time per question in process; on the store of the documents and on a store built with both CR files.

Run: ``python bench/bench_questions.py [--cv K [--cv-typos] [--fit [--fit-only]]] [--ablation] [--misses]
[--parts tuning,tuning2,heldout,heldout2,dev] [--no-cr]`` (``--parts``: every part by default, the two tuning parts
only with ``--fit``: held-out figures come only when their parts are named)

* The question set lives in ``tests/questions/`` (``load(part)``: ``tuning``, ``heldout``, ``heldout2``, a
  second set-aside part written later by an engineer who had not seen the ranking, and ``tuning2``, a second
  tuning part written the same way but free to tune on); ``dev.toml`` holds the engineer's own dev questions.
  The held-out parts are only scored here, never printed question by question.
* ``--ablation`` prints hit@1/hit@3/MRR on the tuning parts (and dev) with every ranking feature and analysis
  step switched off one at a time, and with the lemma map of simplemma beside Snowball (when ``simplemma`` is
  installed: ``pip install simplemma``; the bot itself does not use it).
* ``--cv K`` adds K-fold cross-validation inside the tuning parts named (``tuning`` and ``tuning2`` together, the
  folds stratified by part; bench/question_cv.py): the weights and the margin chosen on the other folds, scored on
  the fold left out; with ``--ablation`` every row gets its CV
  figures. Alternatives are chosen by these figures, never by the held-out part.
* ``--misses`` lists the tuning parts' questions whose gold is not first (for tuning; never the held-out parts).
* Every part is also scored as a **typo'd copy** (:func:`typo_copy`: one content word per question with one letter
  dropped, doubled or swapped with the next, chosen deterministically from the question's id), with the typo repair
  by edit distance, with the older ``ratio`` repair and with no repair, side by side.
* The **hedge** ("no candidate is clearly best"): per part the share of answers hedged, and hit@1 among the
  unhedged and the hedged answers; by the ranking alone, and as ``/frage`` hedges (also when its unknown-word note
  names a word: :func:`bot.question_words.unknown_words`), with and without the German dictionary's ordinary words
  (:mod:`bot.german_words`) left out of the note.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import shutil
import sqlite3
import sys
import tempfile
import time
import tomllib
import zlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import question_fit  # noqa: E402
from common import REFERENCE, cr_paths  # noqa: E402
from old_ruling_search import add_old_tables, old_ruling_search  # noqa: E402
from prior_folds import learning_ranker, leave_out, prepare_left_out, without_file  # noqa: E402
from question_cv import cross_validate, describe, fold_rows  # noqa: E402

from bot.analysis import STOP_WORDS, Options  # noqa: E402
from bot.answers.frage_search import frage_search, frage_text  # noqa: E402
from bot.answers.registry import AnswerContext  # noqa: E402
from bot.answers.unknown_notes import question_notes  # noqa: E402
from bot.german_words import not_ordinary  # noqa: E402
from bot.importer import DEFAULT_SOURCES, build  # noqa: E402
from bot.importer import passages as passage_writer  # noqa: E402
from bot.question_words import unknown_words  # noqa: E402
from bot.ranking import FEATURES, Ranked, Ranker, ranker, ranker_with  # noqa: E402
from bot.search import NameIndex  # noqa: E402
from bot.stopwords import WEAK_WORDS  # noqa: E402
from bot.store import Store  # noqa: E402
from bot.text import tokens  # noqa: E402
from bot.textsearch import fts_match  # noqa: E402

DEPTH = 10
#: The parts scored when ``--parts`` is not given (and ``--fit`` is not: :func:`chosen_parts`).
ALL_PARTS = (
    "tuning", "heldout", "heldout2", "tuning2", "tuning3", "tuning4", "tuning5", "tuning6", "validation", "dev")
#: The parts free to tune on (tests.questions.TUNED): the CV, the fit, the misses and the ablation use these.
TUNING_PARTS = ("tuning", "tuning2", "tuning3", "tuning4", "tuning5", "tuning6")


@dataclass(frozen=True)
class Question:
    """One question of the set: its id, text, gold passage keys and the part it was read from."""

    id: str
    text: str
    gold: tuple[str, ...]
    part: str = ""


def load_part(part: str) -> list[Question]:
    """The questions of ``part`` (``dev`` from tests/questions/dev.toml; others through tests.questions.load)."""
    if part == "dev":
        data = tomllib.loads((ROOT / "tests" / "questions" / "dev.toml").read_text(encoding="utf-8"))
        return [Question(q["id"], q["text"], tuple(q["gold"]), part) for q in data["question"]]
    try:
        from tests.questions import load
    except ImportError:
        return []
    return [Question(q.id, q.text, tuple(q.gold), part) for q in load(part)]


def typo(text: str, seed: str) -> str:
    """``text`` with one typo in one content word (letters only, four or more, no stop or weak word): a letter
    dropped, doubled or swapped with the next (never the first letter), the word, the kind and the place chosen by
    the CRC-32 of ``seed`` (the question's id); ``text`` unchanged when it has no such word."""
    import re

    words = [m for m in re.finditer(r"[^\W\d_]+", text) if len(m.group(0)) >= 4
             and m.group(0).lower() not in STOP_WORDS and m.group(0).lower() not in WEAK_WORDS]
    if not words:
        return text
    h = zlib.crc32(seed.encode("utf-8"))
    m = words[h % len(words)]
    w = m.group(0)
    at = 1 + (h >> 8) % (len(w) - 2)  # 1 … len-2: never the first letter; a swap has a next letter
    kind = (h >> 16) % 3
    if kind == 0:
        new = w[:at] + w[at + 1 :]
    elif kind == 1:
        new = w[:at] + w[at] + w[at:]
    else:
        new = w[:at] + w[at + 1] + w[at] + w[at + 2 :]
    return text[: m.start()] + new + text[m.end() :]


def typo_copy(questions: list[Question]) -> list[Question]:
    """The questions, each with one deterministic typo (:func:`typo`), the same gold."""
    return [Question(q.id, typo(q.text, q.id), q.gold, q.part) for q in questions]


def hedge_cells(results: list[tuple[Ranked, tuple[str, ...], bool]]) -> str:
    """Table cells of the hedge: share of answers hedged, hit@1 among the unhedged and among the hedged ones. The
    third item of a result is True when the answer's unknown-word note forces the hedge (``/frage``'s lead)."""
    hedged = [bool(r.hits) and r.hits[0].passage.key in g for r, g, f in results if r.hits and (not r.clear or f)]
    plain = [r.hits[0].passage.key in g for r, g, f in results if r.hits and r.clear and not f]
    n = max(len(hedged) + len(plain), 1)

    def share(xs: list[bool]) -> str:
        return f"{100 * sum(xs) / len(xs):.1f} % ({sum(xs)}/{len(xs)})" if xs else "–"

    return f"{100 * len(hedged) / n:.1f} % | {share(plain)} | {share(hedged)}"


async def hedge_table(store: Store, r: Ranker, names: NameIndex, parts: dict[str, list[Question]]) -> None:
    """The hedge per part and its typo'd copy: by the ranking alone (``clear``), by the unknown-word note without
    the German dictionary (any typed word no document holds forces it) and with it (ordinary words do not), and as
    ``/frage`` hedges (:func:`bot.answers.unknown_notes.question_notes`: also a word read as a close stored word,
    unless ``/karte`` takes it for the card it names; an unclear ranking)."""
    print("\n| part | hedge by | answers hedged | hit@1 unhedged | hit@1 hedged |\n|---|---|---|---|---|")
    for part, questions in parts.items():
        for label_, qs in ((part, questions), (f"{part}, one typo each", typo_copy(questions))):
            ctx = AnswerContext(store, names)
            found = [((await frage_search(ctx, leave_out(r, q.id), q.text, DEPTH)).found, q.gold, q.text) for q in qs]
            rows: dict[str, list[tuple[Ranked, tuple[str, ...], bool]]] = {
                "ranking": [], "note, no dictionary": [], "note, dictionary": [], "notes as /frage": []}
            for res, gold, text in found:
                cards = [c for c in [await store.card(cid) for cid in dict.fromkeys(res.cards)] if c is not None]
                rows["ranking"].append((res, gold, False))
                unknown = unknown_words(res.analysis, r.term_weights, [c.name for c in cards])
                rows["note, no dictionary"].append((res, gold, bool(unknown)))
                rows["note, dictionary"].append((res, gold, bool(await not_ordinary(unknown))))  # typed words only
                # and words read as others, names typed in capitals, words only titles hold
                notes = await question_notes(res.analysis, r.term_weights, cards, names, text, store=store)
                rows["notes as /frage"].append((res, gold, notes.hedge))
            for by, rs in rows.items():
                if rs:
                    print(f"| {label_} | {by} | {hedge_cells(rs)} |")


def scores(ranked: list[list[str]], questions: list[Question]) -> tuple[float, float, float]:
    """hit@1, hit@3 (percent) and MRR over the top :data:`DEPTH` of each ranking."""
    h1 = h3 = rr = 0.0
    for keys, q in zip(ranked, questions, strict=True):
        rank = next((i for i, k in enumerate(keys[:DEPTH], 1) if k in q.gold), None)
        h1 += rank == 1
        h3 += rank is not None and rank <= 3
        rr += 1 / rank if rank else 0.0
    n = max(len(questions), 1)
    return 100 * h1 / n, 100 * h3 / n, rr / n


class Baselines:
    """Plain bm25 over the raw passage text, and the old ``/ruling suche``, in a writable copy of the store."""

    def __init__(self, db: Path, folder: Path) -> None:
        copy = folder / f"{db.stem}-baselines.sqlite3"
        shutil.copy(db, copy)
        self.conn = sqlite3.connect(copy)
        self.conn.executescript(
            "CREATE VIRTUAL TABLE raw_fts USING fts5(text, tokenize='unicode61 remove_diacritics 2');"
            "INSERT INTO raw_fts(rowid, text) SELECT id, title || ' ' || text FROM passages;"
        )
        add_old_tables(self.conn)
        self.keys = dict(self.conn.execute("SELECT id, key FROM passages"))
        self.ruling_keys = dict(self.conn.execute("SELECT ref_id, key FROM passages WHERE kind = 'ruling'"))

    def bm25(self, text: str) -> list[str]:
        """Passage keys by plain FTS5 bm25 over the raw text (every word, OR)."""
        match = fts_match([[t] for t in dict.fromkeys(tokens(text))], any_group=True)
        if not match:
            return []
        rows = self.conn.execute(
            "SELECT rowid FROM raw_fts WHERE raw_fts MATCH ? ORDER BY bm25(raw_fts), rowid LIMIT ?", (match, DEPTH)
        )
        return [self.keys[r[0]] for r in rows]

    def old_ruling(self, text: str) -> list[str]:
        """Passage keys of the rulings the old ``/ruling suche`` listed first."""
        return [self.ruling_keys[i] for i in old_ruling_search(self.conn, text, DEPTH) if i in self.ruling_keys]


async def frage_keys(store: Store, r: Ranker, names: NameIndex, q: Question) -> list[str]:
    """Passage keys of ``/frage``'s ranking of ``q``, best first, as the answer reads and searches it
    (:func:`bot.answers.frage_search.frage_search`: split words joined, a quoted stop word unquoted, the register's
    word order; before 2026-12-07 23:00 the raw text went to ``Ranker.search``, which the answer does not do); ``q``
    itself left out of the earlier questions of the ``prior`` feature (:func:`prior_folds.leave_out`: a tuning
    question is in the shipped file)."""
    ctx = AnswerContext(store, names)
    return [h.passage.key for h in (await frage_search(ctx, leave_out(r, q.id), q.text, DEPTH)).found.hits]


async def timed(
    fn: Callable[[Question], Awaitable[list[str]]], questions: list[Question],
    before: Callable[[Question], object] | None = None,
) -> tuple[list[list[str]], list[float]]:
    """Rankings of every question and the time of each (ms); ``before(q)``, untimed, first (what the bench needs
    and the bot does not: a tuning question's leave-out, :func:`prior_folds.prepare_left_out`)."""
    out, times = [], []
    for q in questions:
        if before is not None:
            before(q)
        t0 = time.perf_counter()
        out.append(await fn(q))
        times.append((time.perf_counter() - t0) * 1000)
    return out, times


def pct(values: list[float], p: float) -> float:
    """The ``p``-th percentile (0–100) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))] if ordered else 0.0


async def report_store(db: Path, label: str, parts: dict[str, list[Question]], folder: Path) -> None:
    """The table of one store: every system on every part, then the times."""
    store = await Store.open(db)
    names = NameIndex.from_entries(await store.name_entries())
    r = await learning_ranker(store)
    r.warm(names)  # as the bot's start-up does; a tuning question's variant (leave_out) shares what is warmed here
    base = Baselines(db, folder)

    async def frage(q: Question) -> list[str]:
        return await frage_keys(store, r, names, q)

    def left_out(q: Question) -> None:  # the tuning question's leave-out learned before its ranking is timed
        prepare_left_out(r, q.id)

    async def bm25(q: Question) -> list[str]:
        return base.bm25(q.text)

    async def old(q: Question) -> list[str]:
        return base.old_ruling(q.text)

    ratio = await ranker_with(store, Options(edits=False))
    plain = await ranker_with(store, Options(spelling=False))

    async def frage_ratio(q: Question) -> list[str]:
        return await frage_keys(store, ratio, names, q)

    async def frage_plain(q: Question) -> list[str]:
        return await frage_keys(store, plain, names, q)

    print(f"\n## {label}\n")
    print("| part | n | system | hit@1 | hit@3 | MRR |\n|---|---|---|---|---|---|")
    all_times: list[float] = []
    for part, questions in parts.items():
        if not questions:
            continue
        for name, fn in (("/frage", frage), ("plain FTS5 bm25 (raw text)", bm25), ("old /ruling suche", old)):
            ranked, times = await timed(fn, questions, left_out if fn is frage else None)
            if name == "/frage":
                all_times += times
            h1, h3, mrr = scores(ranked, questions)
            print(f"| {part} | {len(questions)} | {name} | {h1:.1f} % | {h3:.1f} % | {mrr:.3f} |")
        typoed = typo_copy(questions)
        for name, fn in (("/frage, typo repair by edit distance", frage),
                         ("/frage, older ratio typo repair", frage_ratio), ("/frage, no spelling repair", frage_plain)):
            h1, h3, mrr = scores((await timed(fn, typoed))[0], typoed)
            print(f"| {part}, one typo each | {len(typoed)} | {name} | {h1:.1f} % | {h3:.1f} % | {mrr:.3f} |")
    await hedge_table(store, r, names, parts)
    for _ in range(2):  # steadier times: every question three times in all
        for questions in parts.values():
            all_times += (await timed(frage, questions, left_out))[1]
    long_text = ("Was passiert wenn zwei legendäre Permanente gleichen Namens im Spiel sind und " * 80)[:6000]
    worst = (await timed(frage, [Question("long", long_text, ())] * 5))[1]
    print(f"\n/frage time per question in process ({len(all_times)} runs): p50 {pct(all_times, 50):.1f} ms, "
          f"p99 {pct(all_times, 99):.1f} ms; a 6 000-character question: max {max(worst):.1f} ms")
    await store.close()


async def cv_rows(store: Store, r: Ranker, names: NameIndex, questions: list[Question], k: int,
                  tune: bool = True, fit: bool = False) -> str:
    """Table cells of the K-fold CV figures of ``r`` on ``questions``, the weights chosen per fold and each fold's
    figures on the questions it left out."""
    r = without_file(r)  # the prior feature is cross-fitted only by bench/weight_methods.py (bench/prior_folds.py)
    cands = [await r.candidates(store, await frage_text(store, r, q.text), names) for q in questions]
    found, chosen, per_fold = cross_validate(r, cands, [q.gold for q in questions], k, tune=tune, fit=fit,
                                             strata=[q.part for q in questions])
    return found.row() + " | " + describe(chosen) + " | " + fold_rows(per_fold)


async def cv_report(db: Path, questions: list[Question], k: int, typos: bool = False, fit: bool = False) -> None:
    """The CV table of the tuning parts (``questions``: both, folds stratified by part): shipped weights (only
    the hedge chosen per fold) and weights chosen on the other folds (with ``typos`` also on the typo'd copy; with
    ``fit`` also fitted on the other folds by the pairwise logistic fit, and the weights that fit gives on all of
    ``questions``)."""
    store = await Store.open(db)
    names = NameIndex.from_entries(await store.name_entries())
    r = await ranker(store)
    counts = ", ".join(f"{p} {sum(q.part == p for q in questions)}" for p in dict.fromkeys(q.part for q in questions))
    print(f"\n## Cross-validation inside the tuning parts ({k} folds, seed 19, stratified by part; {counts})\n")
    print("| weights | hit@1 | hit@3 | MRR | wrong first hits flagged | right first hits flagged | chosen per fold "
          "| per fold |")
    print("|---|---|---|---|---|---|---|---|")
    print("| shipped (margin chosen per fold) | " + await cv_rows(store, r, names, questions, k, tune=False) + " |")
    print("| chosen on the other folds | " + await cv_rows(store, r, names, questions, k) + " |")
    if fit:
        f = question_fit
        print(f"| fitted on the other folds (FIT_FROM {f.FIT_FROM}, L2 {f.FIT_L2}, {f.FIT_ROUNDS} rounds) | "
              + await cv_rows(store, r, names, questions, k, fit=True) + " |")
    if typos:
        print("| chosen on the other folds, one typo each | "
              + await cv_rows(store, r, names, typo_copy(questions), k, fit=fit) + " |")
    if fit:
        cands = [await r.candidates(store, await frage_text(store, r, q.text), names) for q in questions]
        fitted = question_fit.fit(r, cands, [q.gold for q in questions], range(len(cands)))
        print(f"\nFitted on the whole tuning parts (to ship only when the fitted row beats the chosen one): {fitted}")
    await store.close()


async def ablation(db: Path, lemma_db: Path | None, questions: list[Question], k: int = 0) -> None:
    """hit@1/hit@3/MRR with every feature and analysis step off in turn (tuning parts and dev only); with ``k``
    also the K-fold CV figures of each row (tuning parts only, folds stratified by part)."""
    store = await Store.open(db)
    names = NameIndex.from_entries(await store.name_entries())
    full = await learning_ranker(store)
    rows: list[tuple[str, Ranker, Store]] = [("all features (Snowball + participles)", full, store)]
    for f in FEATURES:
        rows.append((f"without {f} feature", full.variant(features=tuple(x for x in FEATURES if x != f)), store))
    for option in ("participles", "negation", "compounds", "concepts", "spelling"):
        opts = Options(**{option: False})
        rows.append((f"analysis without {option}", await ranker_with(store, opts), store))
    lemma_store = None
    if lemma_db is not None:
        lemma_store = await Store.open(lemma_db)
        rows.append(("simplemma lemmas + Snowball", await learning_ranker(lemma_store), lemma_store))
    head = "| ranking | hit@1 | hit@3 | MRR |" + (" CV hit@1 | CV hit@3 | CV MRR | flagged | | chosen |" if k else "")
    print("\n## Ablation (tuning parts + dev" + (f"; CV: {k} folds of the tuning parts" if k else "") + ")\n")
    print(head + "\n" + "|---" * (head.count("|") - 1) + "|")
    tuning = [q for q in questions if not q.id.startswith("dev")]
    for label, r, st in rows:
        ranked = [await frage_keys(st, r, names, q) for q in questions]
        h1, h3, mrr = scores(ranked, questions)
        cv = (" " + await cv_rows(st, r, names, tuning, k) + " |") if k else ""
        print(f"| {label} | {h1:.1f} % | {h3:.1f} % | {mrr:.3f} |{cv}")
    await store.close()
    if lemma_store is not None:
        await lemma_store.close()


async def misses(db: Path, questions: list[Question]) -> None:
    """The tuning questions whose gold is not first, with the first three keys (tuning only)."""
    store = await Store.open(db)
    names = NameIndex.from_entries(await store.name_entries())
    r = await learning_ranker(store)
    for q in questions:
        keys = await frage_keys(store, r, names, q)
        if not keys or keys[0] not in q.gold:
            rank = next((i for i, k in enumerate(keys, 1) if k in q.gold), None)
            print(f"{q.id}: rank {rank} gold {list(q.gold)} got {keys[:3]} | {q.text}")
    await store.close()


def chosen_parts(given: str | None, fit: bool) -> list[str]:
    """The parts to load and score: ``--parts`` as given (comma-separated); without it :data:`ALL_PARTS`, but with
    ``--fit`` the tuning parts only (:data:`TUNING_PARTS`): a fit is judged on their folds, and the held-out parts
    are scored (and read) only when they are named."""
    if given is not None:
        return [p for p in given.split(",") if p]
    return list(TUNING_PARTS) if fit else list(ALL_PARTS)


async def main() -> None:
    """Parse the options, build the stores, print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parts", default=None, help="comma-separated parts (default: every part; with --fit: "
                        "tuning,tuning2)")
    parser.add_argument("--ablation", action="store_true")
    parser.add_argument("--misses", action="store_true")
    parser.add_argument("--no-cr", action="store_true")
    parser.add_argument("--cv", type=int, default=0, metavar="K", help="K-fold CV in the tuning parts")
    parser.add_argument("--cv-typos", action="store_true", help="with --cv: also the CV row of the typo'd copy")
    parser.add_argument("--fit", action="store_true", help="with --cv: weights by the pairwise logistic fit per fold")
    parser.add_argument("--fit-from", type=int, default=question_fit.FIT_FROM, help="candidate depth of the fit")
    parser.add_argument("--fit-l2", type=float, default=question_fit.FIT_L2)
    parser.add_argument("--fit-only", action="store_true", help="with --cv: only the CV table (no other tables)")
    args = parser.parse_args()
    question_fit.FIT_FROM, question_fit.FIT_L2 = args.fit_from, args.fit_l2
    parts = {p: load_part(p) for p in chosen_parts(args.parts, args.fit)}
    tuned = [q for p in TUNING_PARTS for q in parts.get(p, [])]
    folder = Path(tempfile.mkdtemp(prefix="bench-questions-"))
    try:
        docs = folder / "docs.sqlite3"
        build(docs, DEFAULT_SOURCES)
        print("# bench_questions: /frage against the question set")
        print("parts: " + ", ".join(f"{p} {len(q)}" for p, q in parts.items()))
        if args.misses:
            await misses(docs, tuned + parts.get("dev", []))
            return
        if args.ablation:
            lemma_db = None
            if importlib.util.find_spec("simplemma") is not None:  # pip install simplemma (bench only)
                passage_writer.LEMMAS = True
                lemma_db = folder / "lemmas.sqlite3"
                build(lemma_db, DEFAULT_SOURCES)
                passage_writer.LEMMAS = False
            else:
                print("(simplemma not installed: the row with its lemmas is left out)")
            await ablation(docs, lemma_db, tuned + parts.get("dev", []), args.cv)
            return
        if args.cv and args.fit_only and tuned:
            await cv_report(docs, tuned, args.cv, args.cv_typos, args.fit)
            return
        await report_store(docs, "Store of the documents", parts, folder)
        if args.cv and tuned:
            await cv_report(docs, tuned, args.cv, args.cv_typos, args.fit)
        crs = cr_paths()
        if args.no_cr or not all(p.is_file() for p in crs):
            print("\n(Store with both CR files skipped: reference files not found in " + str(REFERENCE) + ")")
            return
        with_cr = folder / "cr.sqlite3"
        build(with_cr, DEFAULT_SOURCES, cr_files=crs)
        await report_store(with_cr, "Store with both CR files (2010-10-01, 2026-04-17)", parts, folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    asyncio.run(main())
