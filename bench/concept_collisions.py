"""Stem collisions of the concept names: for every German one-word name of the term table and the synonym groups
(``data/terms_de_en.tsv``, ``data/synonyms.tsv``, ``data/terms_documents.tsv``), the words of the documents that
share its Snowball stem (after the participle's verb, :meth:`bot.analysis.Analyser.lemma`) but are no form of it
(:func:`bot.concepts.fits`: their folded lemma does not begin with the name's base). Before the name's base was
checked, each such word named the concept: „verliert“ (stem ``verli``) was Verlies (Dungeon).

Run: ``.venv/bin/python bench/concept_collisions.py [--db STORE]`` (the store of the documents is built in a
temporary folder unless ``--db`` names one). Prints one line per (stem, concept): the name's words, its base, and
the documents' words kept apart now with their counts; then the number of passages each concept lost or gained
against ``--vs STORE`` (a store built by another checkout) when given. ``--merged``: instead, the other side of the
guard (:func:`merged`): the documents' words that do name a one-word concept though they only end like a verb's form
of it („selbst“ as a form of „selben“, group ``gleich``; „landet“ of Land, „deckst“ of Deck, „rundet“ of Runde).
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bot.analysis import Analyser  # noqa: E402
from bot.concepts import fits, name_base  # noqa: E402
from bot.importer import DEFAULT_SOURCES, build  # noqa: E402
from bot.terms import analyser, concept_names  # noqa: E402
from bot.words import NUMBER, fold, tokens  # noqa: E402


def _names_by_stem(db: Path) -> tuple[Analyser, dict[tuple[str, str], set[str]], dict[str, list[tuple[str, int]]]]:
    """The analyser over the store ``db``'s vocabulary, every German one-word concept name's words by (its Snowball
    stem, concept id), and the documents' words with their counts by those stems."""
    conn = sqlite3.connect(db)
    try:
        words = dict(conn.execute("SELECT word, count FROM vocabulary"))
    finally:
        conn.close()
    a = analyser(words, {})
    names: dict[tuple[str, str], set[str]] = {}
    for name in concept_names():
        parts = [w for w in tokens(name.name) if not NUMBER.match(w)]
        if name.language == "de" and len(parts) == 1:
            names.setdefault((a.stems(parts[0])[0], name.concept), set()).add(parts[0])
    by_stem: dict[str, list[tuple[str, int]]] = {}
    stems = {stem for stem, _concept in names}
    for word, count in words.items():
        stem = a.stems(word)[0] if word.isalpha() else ""
        if stem in stems:
            by_stem.setdefault(stem, []).append((word, count))
    return a, names, by_stem


def collisions(db: Path) -> list[tuple[str, str, list[str], str, list[tuple[str, int]]]]:
    """``(stem, concept, the name's words, its base, [(word of the documents, count), …])`` for every German one-word
    name whose stem the documents' words share without being its forms, in stem order."""
    a, names, by_stem = _names_by_stem(db)
    out = []
    for (stem, concept), forms in sorted(names.items()):
        bases = {name_base(a.lemma(w)) for w in forms}
        strangers = [(w, n) for w, n in by_stem.get(stem, []) if not any(fits(b, fold(a.lemma(w))) for b in bases)]
        if strangers:
            strangers.sort(key=lambda x: -x[1])
            out.append((stem, concept, sorted(forms), " / ".join(sorted(bases)), strangers))
    return out


#: What a word may add to a German name's base and still be read, wrongly for a name that is no verb, as its form:
#: a verb's personal endings („du deckst“, „er landet“), which Snowball strips and no noun or adjective takes.
VERB_ENDINGS = ("t", "st", "et", "est")


def merged(db: Path) -> list[tuple[str, str, list[str], str, list[tuple[str, str, int]]]]:
    """``(stem, concept, the name's words, its base, [(word of the documents, its folded lemma, count), …])`` for every
    German one-word name of which some documents' word of its Snowball stem is taken as a form (its folded lemma
    begins with the base, :func:`bot.concepts.fits`) though the word itself is the base plus a verb's ending of
    :data:`VERB_ENDINGS` and none of the name's own words ends so: the ``-st`` of „selbst“ made it the ``du`` form of
    a verb „selben“, a word of the synonym group ``gleich`` (docs/ranking.md ¹³⁴); „landet“ (001:1384 „landet er auf
    dem Friedhof“) names Land, „deckst“ (001:3070 „du deckst eine geteilte Karte auf“) Deck. A name that is a verb
    („spielen“ with „spielst“) is listed too when its own words hold no such form: read the list, it is no verdict.
    In stem order; each word once per name, the most frequent first."""
    a, names, by_stem = _names_by_stem(db)
    out = []
    for (stem, concept), forms in sorted(names.items()):
        bases = {name_base(a.lemma(w)) for w in forms}
        if any(fold(w).endswith(VERB_ENDINGS) for w in forms):
            continue  # a verb's name („spielt“ among „wirken“'s words): its personal forms are its own
        found = []
        for word, count in by_stem.get(stem, []):
            lemma = fold(a.lemma(word))
            if word not in forms and any(fits(b, lemma) and fold(word)[len(b):] in VERB_ENDINGS
                                         and fold(word).startswith(b) for b in bases):
                found.append((word, lemma, count))
        if found:
            found.sort(key=lambda x: -x[2])
            out.append((stem, concept, sorted(forms), " / ".join(sorted(bases)), found))
    return out


def concept_changes(old: Path, new: Path) -> Counter[str]:
    """Per concept id, the passages that hold it in ``new`` minus those in ``old`` (by passage key)."""
    def read(db: Path) -> dict[str, set[str]]:
        conn = sqlite3.connect(db)
        try:
            return {key: set(concepts.split()) for key, concepts in conn.execute("SELECT key, concepts FROM passages")}
        finally:
            conn.close()

    before, after = read(old), read(new)
    out: Counter[str] = Counter()
    for key in before.keys() | after.keys():
        for concept in after.get(key, set()) - before.get(key, set()):
            out[concept] += 1
        for concept in before.get(key, set()) - after.get(key, set()):
            out[concept] -= 1
    return out


def main() -> None:
    """Build or open the store, print the collisions (and the concepts' changes against ``--vs``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=None)
    parser.add_argument("--vs", type=Path, default=None, help="a store built by another checkout")
    parser.add_argument("--merged", action="store_true", help="words taken as a name's form by a verb's ending")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db
        if db is None:
            db = Path(tmp) / "store.sqlite3"
            build(db, DEFAULT_SOURCES)
        if args.merged:
            for stem, concept, forms, base, found in merged(db):
                shown = ", ".join(f"{w} ({lemma}) {n}" for w, lemma, n in found[:8])
                print(f"{stem:12} {concept:40} {'|'.join(forms)} (base {base}) = {shown}")
            return
        for stem, concept, forms, base, strangers in collisions(db):
            shown = ", ".join(f"{w} {n}" for w, n in strangers[:8])
            print(f"{stem:12} {concept:40} {'|'.join(forms)} (base {base}) ≠ {shown}")
        if args.vs is not None:
            for concept, n in sorted(concept_changes(args.vs, db).items(), key=lambda kv: (kv[1], kv[0])):
                if n:
                    print(f"{concept:40} {n:+d} passages")


if __name__ == "__main__":
    main()
