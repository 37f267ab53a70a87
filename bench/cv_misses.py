"""The out-of-fold misses of the fitted K-fold CV inside the tuning parts (never the held-out parts): each
question ranked with the weights and hedge fitted on the other folds, as ``bench/bench_questions.py --cv K --fit``
computes them, printed when its gold passage is not first — rank of the gold, the first three hits with kind,
card/section title and text start, and the gold passage's own — plus the CV figures, the weights fitted on the
whole tuning parts and the hedge the rule of docs/ranking.md chooses for them there (:func:`question_cv.choose_margin`).
Only the fitted row, so it runs in a minute or two instead of the full table's ten. The shipped weights are no
longer the fit's: ``bench/refit.py`` makes them (coordinate ascent; docs/ranking.md, ¹⁶).

Run: ``.venv/bin/python bench/cv_misses.py [--k 5] [--db STORE] [--parts tuning,tuning2]`` (the store of the
documents is built in a temporary folder unless ``--db`` names one; ``--parts``: the tuning parts, both by default,
the folds stratified by part so each mixes both; only parts free to tune on are accepted; ``--prior``, ``--transl``:
the two parts learned from the tuning questions, cross-fitted as ``bench/weight_methods.py`` does,
:func:`transl_folds.cross_fitted`: a question's own pair never in its table).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_questions import TUNING_PARTS, Question, load_part  # noqa: E402
from prior_folds import without_file  # noqa: E402
from question_cv import DEPTH, choose_margin, figures, rank_of  # noqa: E402
from question_fit import fit as fit_weights  # noqa: E402
from transl_folds import SHIPPED, TranslFit, cross_fitted, out_of_fold  # noqa: E402

from bot.answers.frage_search import frage_text  # noqa: E402
from bot.importer import DEFAULT_SOURCES, build  # noqa: E402
from bot.prior import HOW  # noqa: E402
from bot.ranking import Candidates, Hit, Ranked, Ranker, ranker  # noqa: E402
from bot.search import NameIndex  # noqa: E402
from bot.store import Store  # noqa: E402


def _line(h: Hit) -> str:
    return f"{h.passage.key} [{h.passage.kind}] {h.score:.1f} «{h.passage.title[:30]}» {h.passage.text[:110]!r}"


def cv_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the options every cross-validating bench reads to ``parser``: ``--k`` (folds, 5), ``--db`` (the store;
    built in a temporary folder when not given, :func:`opened`) and ``--parts`` (comma-separated tuning parts, all of
    them by default)."""
    parser.add_argument("--k", type=int, default=5, help="folds of the cross-validation")
    parser.add_argument("--db", type=Path, default=None, help="the store (built in a temporary folder when missing)")
    parser.add_argument("--parts", default=",".join(TUNING_PARTS), help="comma-separated tuning parts")


def fold_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the options of the parts learned from the tuning questions to ``parser``: ``--prior`` (best, union or
    none) and ``--transl`` (the table's options, bench/transl_folds.py), both cross-fitted by
    :func:`out_of_fold_ranked`."""
    parser.add_argument("--prior", default=HOW, help="the prior feature, cross-fitted: best, union or none (off)")
    parser.add_argument("--transl", default=SHIPPED, help="the transl part, cross-fitted (bench/transl_folds.py)")


async def opened(parser: argparse.ArgumentParser, parts: str, db: Path | None
                 ) -> tuple[list[str], list[Question], Store, NameIndex, Ranker]:
    """The tuning parts named by ``parts`` (comma-separated; any other part is a usage error of ``parser``), their
    questions, the store at ``db`` (the store of the documents built in a temporary folder when not given or not
    there yet), its name index and its ranker."""
    chosen = [p for p in parts.split(",") if p]
    if not chosen or not set(chosen) <= set(TUNING_PARTS):
        parser.error(f"--parts: only the tuning parts {', '.join(TUNING_PARTS)}")
    db = db or Path(tempfile.mkdtemp(prefix="tuning-store-")) / "docs.sqlite3"
    if not db.is_file():
        build(db, DEFAULT_SOURCES)
    questions = [q for part in chosen for q in load_part(part)]
    store = await Store.open(db)
    # the shipped index of earlier questions holds every tuning question: the benches cross-fit their own
    # (bench/prior_folds.py), so the ranker they get has none
    names = NameIndex.from_entries(await store.name_entries())
    return chosen, questions, store, names, without_file(await ranker(store))


async def out_of_fold_ranked(r: Ranker, store: Store, names: NameIndex, questions: list[Question],
                             args: argparse.Namespace) -> tuple[TranslFit, list[tuple[int, Ranked, Candidates]]]:
    """Every question of ``questions`` ranked out of fold (``args.k`` folds stratified by part): the weights and hedge
    fitted on the other folds (:func:`question_fit.fit`, :func:`question_cv.choose_margin`), the ``prior`` and
    ``transl`` parts cross-fitted (``args.prior``, ``args.transl``: a question's own pair never in its table). Gives
    the cross-fit and, in fold order, (question index, its ranking of at most 120 hits, its candidates)."""
    every = [await r.candidates(store, await frage_text(store, r, q.text), names) for q in questions]
    golds = [q.gold for q in questions]
    fit = await cross_fitted(r, store, every, questions, args.prior, args.transl)
    out = []
    for fold, train, cands in out_of_fold(fit, args.k, [q.part for q in questions]):
        v = r.variant(weights=fit_weights(r, cands, golds, train))
        v = r.variant(weights=choose_margin(v, cands, golds, train))
        out += [(i, v.rank(cands[i], limit=max(DEPTH, 120)), cands[i]) for i in fold]
    return fit, out


async def main() -> None:
    """Build or open the store, run the fitted CV, print the misses and the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    cv_arguments(parser)
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="a weight of bot.ranking.Weights changed before the candidates are gathered")
    parser.add_argument("--quiet", action="store_true", help="only the figures and the fitted weights")
    fold_arguments(parser)
    args = parser.parse_args()
    chosen, questions, store, names, r = await opened(parser, args.parts, args.db)
    changed = {n: float(v) for n, v in (s.split("=", 1) for s in args.set)}
    r = r.variant(weights=replace(r.weights, **changed))
    golds = [q.gold for q in questions]
    fit, ranked_all = await out_of_fold_ranked(r, store, names, questions, args)
    results = []
    for i, ranked, _ in ranked_all:
        results.append((ranked, golds[i]))
        rank = rank_of(ranked, golds[i])
        if rank == 1 or args.quiet:
            continue
        q = questions[i]
        print(f"\n{q.id} rank {rank} clear {ranked.clear}: {q.text}")
        for h in ranked.hits[:3]:
            print("   got  " + _line(h))
        gold = next((h for h in ranked.hits if h.passage.key in golds[i]), None)
        print("   gold " + (_line(gold) if gold else f"{list(golds[i])} not a candidate"))
    f = figures(results)
    print(f"\nCV {args.k} folds, fitted: {f.row()}")
    cands = fit.fold(())  # in-sample: each question's prior and transl parts from the others
    whole = r.variant(weights=fit_weights(r, cands, golds, range(len(cands))))
    hedge = choose_margin(whole, cands, golds, range(len(cands)))
    print(f"Fitted on the whole tuning parts ({', '.join(chosen)}): {whole.weights}")
    print(f"Hedge chosen for them on the whole tuning parts: margin {hedge.margin}, near {hedge.near}, "
          f"covered {hedge.covered}")
    await store.close()


if __name__ == "__main__":
    asyncio.run(main())
