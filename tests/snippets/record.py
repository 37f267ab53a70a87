"""Records the excerpts (:func:`bot.ranking.snippet`, :func:`bot.ranking.highlight`) of the current code for a fixed
query set, so a change to how they are computed can be checked to give the same bytes (tests/test_snippets.py).

The query set: the questions of tests/questions/dev.toml, every :data:`STRIDE`-th of tuning.toml and heldout.toml,
and a few keyword searches; per query the :data:`HITS` best passages of the documents store
(:meth:`bot.ranking.Ranker.search`). Each case holds what an excerpt depends on besides the passage's text (the
question's terms, weak words and concepts, the term weights of its terms), so the recording stays valid when the
ranking picks other passages. Every way an answer calls it is recorded: ``/regel suche`` and ``/ruling suche``
(bold), ``/frage``'s further candidates (900 characters, 3 sentences, weighted), ``/cr suche`` (300 characters,
weighted), and the bold marks of a passage's first 400 characters.

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
from bot.ranking import highlight, ranker, snippet
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


def excerpts(text: str, analysis: Analysis, weights: dict[str, float], a: object) -> list[str]:
    """The excerpts of ``text`` for one question, each way an answer asks for them."""
    return [
        snippet(text, analysis, a, bold=True),  # type: ignore[arg-type]
        snippet(text, analysis, a, limit=900, count=3, weights=weights),  # type: ignore[arg-type]
        snippet(text, analysis, a, limit=300, weights=weights),  # type: ignore[arg-type]
        highlight(text[:400], analysis, a),  # type: ignore[arg-type]
    ]


async def record(db: Path) -> dict[str, list]:
    """The cases of the query set on the store ``db``: ``{"texts": [passage text], "cases": [{"query", "text"
    (index into texts), "terms", "weak", "concepts", "weights", "out" (the excerpts of :func:`excerpts`)}]}``."""
    store = await Store.open(db)
    try:
        r = await ranker(store)
        cases: list[dict[str, object]] = []
        texts: dict[str, int] = {}
        for q in queries():
            found = await r.search(store, q, limit=HITS)
            an = found.analysis
            weights = {t: r.term_weights[t] for t in an.terms if t in r.term_weights}
            for hit in found.hits:
                number = texts.setdefault(hit.passage.text, len(texts))
                cases.append({"query": q, "text": number, "terms": an.terms, "weak": an.weak,
                              "concepts": an.concepts, "weights": weights,
                              "out": excerpts(hit.passage.text, an, weights, r.analyser)})
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
