"""What ``/frage`` does with the words German players type (``bench/players_words.tsv``, written from the game, not
from the question sets): per word, whether the analysis maps it to a term of the documents (a concept of the term
table or of ``data/synonyms.tsv``), finds it as typed (its stem in a passage), reads it as a word of a card's name,
repairs it as a typo of another word, or leaves it unknown — and what the answer's first lines say of it.

Each word is asked in the frame „wie ist das mit <word> bei meiner kreatur?“ (stop words and one word every
document holds besides it: alone, a word no passage holds finds nothing to answer with). Never reads a
question set. Prints one row per word and the counts per kind; ``--kind`` prints only the rows of one kind.

    .venv/bin/python bench/players_words.py [--db STORE] [--kind unknown-note]
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.answers import run_answer
from bot.answers.registry import AnswerContext
from bot.config import DEFAULT_DB
from bot.ranking import ranker
from bot.search import NameIndex
from bot.store import Store
from bot.text import canonical, fold

WORDS = Path(__file__).resolve().parent / "players_words.tsv"
FRAME = "wie ist das mit {} bei meiner kreatur?"
#: The kinds, in the order the counts are printed.
KINDS = ("mapped", "held", "card-name", "read-as", "unknown-note", "players-note", "unknown-silent", "no-word")


def read_words(path: Path = WORDS) -> list[tuple[str, str]]:
    """(word, meaning) of each row of ``path`` after its header."""
    rows = [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]
    return [(r[0], r[1]) for r in rows[1:]]


async def audit(db: Path) -> list[tuple[str, str, str, str]]:
    """(word, kind, what the analysis read, the answer's notes) of every listed word."""
    store = await Store.open(db)
    try:
        names = NameIndex.from_entries(await store.name_entries())
        ctx = AnswerContext(store=store, names=names)
        r = await ranker(store)
        known = r.term_weights
        counts = names.data.word_count
        frame = r.analyser.analyse(FRAME.format(""), question=True)  # „kreatur“: its word and concept
        frame_words, frame_concepts = len(frame.words), set(frame.concepts)
        out = []
        for word, _meaning in read_words():
            question = FRAME.format(word)
            a = r.analyser.analyse(question, question=True)
            typed = [canonical(fold(w)) for w in word.lower().replace("/", " ").split()]
            groups = list(zip(a.words, a.word_terms, strict=True))[: len(a.words) - frame_words]  # the word's own
            concepts = sorted({t for _w, g in groups for t in g if t.startswith("zz")}
                              | (set(a.concepts) - frame_concepts))
            body = (await run_answer(ctx, "question", question=question)).pages[0].body
            notes = " ".join(line for line in body.splitlines()[:6] if line.startswith(("ℹ️", "Keine Stelle")))
            if concepts:
                kind = "mapped"
            elif any(typ in a.typos.values() for typ in word.lower().split()):
                kind = "read-as"
            elif "Spielersprache" in notes:
                kind = "players-note"
            elif "in keinem Dokument" in notes:
                kind = "unknown-note"
            elif not groups:
                kind = "no-word"
            elif all(any(t in known for t in g) for _w, g in groups):
                kind = "card-name" if all(counts(w) for w in typed if w) and not any(
                    any(t in known and not counts(w) for t in g) for w, g in groups) else "held"
            elif any(counts(w) for w in typed):
                kind = "card-name"
            else:
                kind = "unknown-silent"
            read = "; ".join(f"{w}:{'/'.join(g)}" for w, g in groups)
            if a.typos:
                read += " typos " + ", ".join(f"{v}→{k}" for k, v in a.typos.items())
            if concepts:
                read += " concepts " + ",".join(concepts)
            out.append((word, kind, read, notes))
        return out
    finally:
        await store.close()


def main() -> None:
    """Print the rows (or those of ``--kind``) and the counts per kind."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", type=Path, default=DEFAULT_DB)
    parser.add_argument("--kind", choices=KINDS)
    args = parser.parse_args()
    rows = asyncio.run(audit(args.db))
    for word, kind, read, notes in rows:
        if args.kind in (None, kind):
            print(f"{kind:14} {word:22} {read[:110]:110} {notes[:160]}")
    total = collections.Counter(kind for _w, kind, _r, _n in rows)
    print(f"\n{len(rows)} words: " + ", ".join(f"{k} {total[k]}" for k in KINDS))


if __name__ == "__main__":
    main()
