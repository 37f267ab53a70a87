"""Records the excerpts (:func:`bot.excerpts.excerpt`, :func:`bot.ranking.highlight`) of the current code for a fixed
query set, so a change to how they are computed can be checked to give the same bytes (tests/test_snippets.py).

The query set: the questions of tests/questions/dev.toml, every :data:`STRIDE`-th of tuning.toml and heldout.toml,
and a few keyword searches; per query the :data:`HITS` best passages of the documents store
(:meth:`bot.ranking.Ranker.search`). Each case holds what an excerpt depends on besides the passage's text (the
question's terms, weak words and concepts, the term weights of its terms), so the recording stays valid when the
ranking picks other passages. Every way an answer calls it is recorded: the searches' hits (``/regel suche``,
``/ruling suche`` and the official rules' search: :func:`bot.answers.paging.search_excerpt`, 550 characters, bold,
weighted), ``/frage``'s further candidates (:data:`bot.answers.questions.WHOLE_CANDIDATE` characters, weighted),
and the bold marks of a passage's first 400 characters.

    .venv/bin/python -m tests.snippets.record DB OUT.json.gz   # DB: a store built from data/sources
"""

from __future__ import annotations

import asyncio
import gzip
import json
import sys
import tomllib
from pathlib import Path

from bot.analysis import Analysis
from bot.answers.paging import WHOLE_EXCERPT
from bot.answers.questions import WHOLE_CANDIDATE
from bot.excerpts import excerpt
from bot.ranking import highlight, ranker
from bot.store import Store

QUESTIONS = Path(__file__).resolve().parents[1] / "questions"
KEYWORDS = ("Aktivieren", "Startspieler", "Fehde", "Trampelschaden", "im Spiel", "Manawert geteilte Karte",
            "who wins a clash with equal cards?", "Vorrang", "Permanent", "Spielstein", "Einberufen",
            "zustandsbasierte Aktion", "Halbe-Halbe-Manasymbole", "Mulligan")


#: Every this-many-th question of tuning.toml and heldout.toml is recorded (the file stays small).
STRIDE = 6
#: Passages recorded per query, best first.
HITS = 8


def queries() -> list[str]:
    """The recorded query set, in a fixed order."""
    out = []
    for name, stride in (("dev.toml", 1), ("tuning.toml", STRIDE), ("heldout.toml", STRIDE)):
        found = tomllib.loads((QUESTIONS / name).read_text(encoding="utf-8"))["question"]
        out += [q["text"] for q in found[::stride]]
    return [*out, *KEYWORDS]


def excerpts(text: str, analysis: Analysis, weights: dict[str, float], a: object, question: str) -> list[str]:
    """The excerpts of ``text`` for one question (``question`` as typed, ``analysis`` its analysis), each way an
    answer asks for them."""
    return [
        excerpt(text, analysis, a, question, WHOLE_EXCERPT, weights=weights, bold=True),  # type: ignore[arg-type]
        excerpt(text, analysis, a, question, WHOLE_CANDIDATE, weights=weights),  # type: ignore[arg-type]
        highlight(text[:400], analysis, a),  # type: ignore[arg-type]
    ]


async def record(db: Path) -> dict[str, list]:
    """The cases of the query set on the store ``db``: ``{"texts": [passage text], "cases": [{"query", "text"
    (index into texts), "terms", "weak", "concepts", "words" (the question's words as read: the bold marks leave out
    their compound parts), "weights", "out" (the excerpts of :func:`excerpts`)}]}``."""
    store = await Store.open(db)
    try:
        r = await ranker(store)
        cases: list[dict[str, object]] = []
        texts: dict[str, int] = {}
        for q in queries():
            found = await r.search(store, q, limit=HITS)
            an = found.analysis
            weights = {t: r.term_weights[t] for t in an.terms if t in r.term_weights}
            # what a case keeps of the analysis, as the test rebuilds it
            kept = Analysis(terms=an.terms, weak=an.weak, concepts=an.concepts, words=an.words)
            for hit in found.hits:
                number = texts.setdefault(hit.passage.text, len(texts))
                cases.append({"query": q, "text": number, "terms": an.terms, "weak": an.weak,
                              "concepts": an.concepts, "words": an.words, "weights": weights,
                              "out": excerpts(hit.passage.text, kept, weights, r.analyser, q)})
        return {"texts": list(texts), "cases": cases}
    finally:
        await store.close()


def main() -> None:
    db, out = Path(sys.argv[1]), Path(sys.argv[2])
    got = asyncio.run(record(db))
    out.write_bytes(gzip.compress(json.dumps(got, ensure_ascii=False, sort_keys=True, indent=0).encode(), mtime=0))
    print(f"{len(got['cases'])} cases, {len(got['texts'])} passages -> {out}")


if __name__ == "__main__":
    main()
