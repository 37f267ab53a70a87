"""``/frage``'s hedge („⚖️ Keine Stelle passt eindeutig …“) as the 2×2 table of ``bench/hedge_table.py`` (right /
wrong first answer × hedged / not) on question files given by path, e.g. the judges' development files, which
``/work/judges/count.py`` counts by rank only.

Each question is ranked as ``count.py --misses`` ranks it (:func:`bench_questions.frage_keys`: the bot's ranker with the
translations learned from the earlier questions, a tuning question left out of them; the store of the documents
built in a temporary folder unless ``--db``), its notes read as ``/frage`` reads them, and the hedge is
:func:`bot.answers.questions.verdict_line`'s: before (``confidence=None``, what ``/frage`` says) and with each of
the settings ``--settings`` names (``lead/thin/notes/alone``, comma-separated; default the measured
:data:`bot.answers.hedge_signals.CONFIDENCE`). ``--list`` prints each question's id, right or not and its hedges.

Run: ``.venv/bin/python bench/hedge_files.py FILE.toml … [--db STORE] [--settings 0.25/0.4/1/0,0.5/0.45/1] [--list]``
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_questions import Question  # noqa: E402
from hedge_table import HEAD, Answer, answer, hedged, label, row, table  # noqa: E402
from prior_folds import learning_ranker, leave_out  # noqa: E402
from question_cv import DEPTH  # noqa: E402

from bot.answers.frage_search import frage_search  # noqa: E402
from bot.answers.hedge_signals import CONFIDENCE, Confidence  # noqa: E402
from bot.answers.registry import AnswerContext  # noqa: E402
from bot.answers.today_index import today_index  # noqa: E402
from bot.importer import DEFAULT_SOURCES, build  # noqa: E402
from bot.search import NameIndex  # noqa: E402
from bot.store import Store  # noqa: E402


def loaded(paths: list[Path]) -> list[Question]:
    """The questions of the TOML files ``paths`` (``[[question]]`` tables with ``id``, ``text``, ``gold``), each
    file's stem as its part."""
    out = []
    for p in paths:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
        out += [Question(q["id"], q["text"], tuple(q["gold"]), p.stem) for q in data["question"]]
    return out


def parsed(text: str) -> list[Confidence]:
    """``lead/thin/notes/alone`` settings, comma-separated (notes, alone: 0 or 1; left off: the default of
    :class:`Confidence`); ``""``: :data:`CONFIDENCE` alone."""
    if not text:
        return [CONFIDENCE]
    return [Confidence(*(float(x) for x in s.split("/")[:2]), *(bool(float(x)) for x in s.split("/")[2:]))
            for s in text.split(",")]


async def main() -> None:
    """Rank the files' questions, print the 2×2 rows before and with each setting."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--db", type=Path, default=None, help="the store (built in a temporary folder when missing)")
    parser.add_argument("--settings", default="", help="lead/thin/notes, comma-separated")
    parser.add_argument("--list", action="store_true", help="each question's id, right or not, hedges")
    args = parser.parse_args()
    db = args.db or Path(tempfile.mkdtemp(prefix="hedge-files-")) / "docs.sqlite3"
    if not db.is_file():
        build(db, DEFAULT_SOURCES)
    store = await Store.open(db)
    names = NameIndex.from_entries(await store.name_entries())
    r = await learning_ranker(store)
    r.warm(names)
    shown = frozenset((await today_index(store)).words)
    questions = loaded(args.files)
    found: list[tuple[Question, Answer]] = []
    for q in questions:
        left = leave_out(r, q.id)
        searched = await frage_search(AnswerContext(store, names), left, q.text, DEPTH)
        a = await answer(store, left, names, searched.found, q, shown)
        if a.ranked.hits:
            found.append((q, a))
    answers = [a for _q, a in found]
    grid = parsed(args.settings)
    print(f"{', '.join(p.stem for p in args.files)}: {len(answers)} answers ({len(questions)} questions)\n{HEAD}")
    print(row("before (`verdict_line`, `confidence=None`)", table(answers, lambda a: a.before)))
    for c in grid:
        print(row(f"settings {label(c)}", table(answers, lambda a, c=c: hedged(a, c))))
    if args.list:
        for q, a in found:
            after = " ".join(str(int(hedged(a, c))) for c in grid)
            print(f"{q.id}\t{'right' if a.right else 'wrong'}\t{int(a.before)}\t{after}")
    await store.close()


if __name__ == "__main__":
    asyncio.run(main())
