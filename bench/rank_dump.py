"""The ranking as text, to diff two trees: for every question of the tuning parts (``tests/questions/tuning.toml``,
``tuning2.toml``) and ``dev.toml``, the first five passage keys (and their scores) of the three searches that rank
passages: ``/frage`` (every kind, the cards the question names), ``/regel suche`` (quoted rules and explanations,
:data:`RULE_KINDS`) and ``/ruling suche`` (rulings, no name index), as :mod:`bot.answers.questions`,
:mod:`bot.answers.rule_search` and :mod:`bot.answers.rulings` call :meth:`bot.ranking.Ranker.search`; with ``--cr``
also on a store built with both rules files of ``../shared/reference`` (the official rules' search of ``/regel``,
:data:`CR_KINDS`).

Run under ``PYTHONHASHSEED=0`` (the script starts itself again with it when it is not set), so set orders are the
same in both trees; ``--tree DIR`` imports the ``bot`` package of another checkout (``git worktree add --detach
/tmp/x main``) over the same store, so ``diff`` of the two outputs shows any change in the ranking:

    .venv/bin/python bench/rank_dump.py --db /tmp/s.sqlite3 > branch.txt
    .venv/bin/python bench/rank_dump.py --db /tmp/s.sqlite3 --tree /tmp/x > main.txt && diff main.txt branch.txt

The store is built by this checkout when ``--db`` names no file. The held-out question files are never read.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tomllib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import cr_paths

HERE = Path(__file__).resolve().parents[1]
PARTS = ("tuning", "tuning2", "tuning3", "dev")
TOP = 5
RULE_KINDS = frozenset({"quoted_rule", "explanation"})
CR_KINDS = frozenset({"cr_rule", "glossary"})


def questions() -> list[tuple[str, str]]:
    """``(id, text)`` of every question of both tuning parts and the dev questions, in file order."""
    out = []
    for part in PARTS:
        data = tomllib.loads((HERE / "tests" / "questions" / f"{part}.toml").read_text(encoding="utf-8"))
        out += [(q["id"], q["text"]) for q in data["question"]]
    return out


def build_store(db: Path, cr: bool) -> None:
    """The store of the documents (and both rules files with ``cr``) at ``db``, built by this checkout."""
    sys.path.insert(0, str(HERE))
    from bot.importer import DEFAULT_SOURCES, build

    build(db, DEFAULT_SOURCES, cr_files=cr_paths() if cr else ())


async def dump(db: Path, cr: bool) -> list[str]:
    """The lines: ``<search> <question id>: key score | key score …`` (scores as ``repr``: bit for bit)."""
    from bot.ranking import ranker
    from bot.search import NameIndex
    from bot.store import Store

    store = await Store.open(db)
    try:
        r = await ranker(store)
        names = NameIndex.from_store(store.stored_names())
        searches = [("frage", names, None), ("regel", names, RULE_KINDS), ("ruling", None, frozenset({"ruling"}))]
        if cr:
            searches.append(("official", None, CR_KINDS))
        lines = []
        for label, index, kinds in searches:
            for qid, text in questions():
                found = await r.search(store, text, index, kinds=kinds, limit=TOP)
                hits = " | ".join(f"{h.passage.key} {h.score!r}" for h in found.hits)
                lines.append(f"{label} {qid} clear={found.clear}: {hits}")
        return lines
    finally:
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, required=True, help="the store (built by this checkout when missing)")
    parser.add_argument("--tree", type=Path, default=None, help="import the bot package of this checkout instead")
    parser.add_argument("--cr", action="store_true", help="the store holds both rules files (built so if missing)")
    args = parser.parse_args()
    if os.environ.get("PYTHONHASHSEED") != "0":
        os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"})
    if not args.db.exists():  # built by this checkout, then read in a fresh process (the tree's own imports)
        build_store(args.db, args.cr)
        os.execve(sys.executable, [sys.executable, *sys.argv], dict(os.environ))
    tree = (args.tree or HERE).resolve()
    sys.path.insert(0, str(tree))
    os.chdir(tree)
    print("\n".join(asyncio.run(dump(args.db.resolve(), args.cr))))


if __name__ == "__main__":
    main()
