"""Recorded autocomplete choices: the query set, the recording and the comparison.

Every autocomplete source (each :func:`bot.answers.registry.completer`) answers from data prepared once per
store; its choices must stay what they were before that data existed. ``tests/choices/<store>.json.gz``
holds, per source, the choices (name and value, as Discord shows them) for every query of the set:

* every prefix of a sample of card names (every 9th, German and English), of the term table's names (every
  17th German, every 29th English, every old term), of every mechanics section title, of rule numbers and
  headings the documents quote and, on a store with the Comprehensive Rules, of glossary terms;
* empty and blank input, typos (a letter dropped, swapped, doubled), umlauts typed as ``ae``, ``a`` or
  combined (``U`` + U+0308), 6 000 characters, digits runs, markup, other scripts and invisible characters.

The file keeps its queries with the choices, so a changed query set needs a new recording, never a silent
change. Record again (only when choices are meant to change, e.g. a new card in ``data/sources``)::

    python -m tests.choices                       # documents store → tests/choices/documents.json.gz
    python -m tests.choices --reference DIR       # + both CR files and the RAV file → tests/choices/reference.json.gz
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import sys
import tempfile
from pathlib import Path

from bot.answers import COMPLETERS, AnswerContext, run_completer
from bot.search import NameIndex
from bot.store import Store
from bot.terms import term_index

HERE = Path(__file__).resolve().parent / "choices"

#: Queries that are not prefixes of anything: blank, typos, umlaut spellings, long and hostile text.
FIXED = [
    "", " ", "   ", "\t", "a", "Z", "ä", "ß", "1", "7", "70", "701", "701.", "701.3", "702.19", "702.19b", "100.",
    "999.9z", "1" * 31, "0" * 30, "12345678901234567890", "x" * 6000, "Boros " * 1000, "ä" * 6000,
    "Überstimmen", "Ueberstimmen", "uberstimmen", "U\u0308berstimmen", "ÜBERSTIMMEN", "Großer Steingeist",
    "Grosser Steingeist", "grosser steingeist", "Trampelschadn", "trampelschaden", "Trample", "Vorrang",
    "Einberufn", "einberufen", "Boros-Rekrtu", "Boros Rekrut", "borosrekrut", "Borosrekrut", "boros-",
    "Krims // Krams", "Krims//Krams", "krims/krams", "Krims /", "Konklave Chor", "chor des", "Chord of Calling",
    "Akkord", "{W}{W}", "{2}{G}", "<@123456>", "**fett**", "`code`", "@everyone", "Zaubersp\u200bruch",
    "\u202eKarte", "Щит", "龍", "🐉", "Karte 😀", "a b c d e f g h i j", "der die das", "Was macht Trampelschaden?",
    "zustandsbasierte Aktionen", "Manawert", "umgewandelte Manakosten", "Schlachtfeld", "Exil", "Fehde",
    "geteilte Karte", "hybrid", "Mana", "Priorität", "prioritaet", "Segen der Monde", "Regel 702.19",
    "rule 104.3f", "clash", "Clash with an opponent", "Deathtouch", "Todesberührung", "Flugfähigkeit", "fliegend",
]
#: Sample strides over the sorted lists the prefixes are taken from.
CARD_STRIDE, GERMAN_STRIDE, ENGLISH_STRIDE, RULE_STRIDE, GLOSSARY_STRIDE = 9, 17, 29, 5, 41
#: Longest prefix taken of one name (longer names contribute their first this-many prefixes and the whole name).
PREFIX_MAX = 30


def prefixes(text: str) -> list[str]:
    """``text[:1]``, ``text[:2]``, … up to :data:`PREFIX_MAX` characters, and ``text`` itself."""
    return [text[:i] for i in range(1, min(len(text), PREFIX_MAX) + 1)] + [text]


async def query_set(ctx: AnswerContext) -> list[str]:
    """The queries of the module docstring for the store of ``ctx``, each once, in a fixed order."""
    names = sorted({e.name for e in ctx.names.entries})
    terms = term_index().terms
    sources = names[::CARD_STRIDE]
    sources += [t.german for t in terms[::GERMAN_STRIDE]] + [t.english for t in terms[::ENGLISH_STRIDE]]
    sources += [o for t in terms for o in t.old][::3]
    sources += sorted({m.title for m in await ctx.store.mechanic_sections()})
    quoted = await ctx.store.quoted_rules()
    sources += [q.number for q in quoted][::RULE_STRIDE] + [q.title for q in quoted if q.title][::RULE_STRIDE]
    rules, glossary = await ctx.store.cr_catalogue()
    sources += [n for n, _ in rules][:: RULE_STRIDE * 40] + glossary[::GLOSSARY_STRIDE]
    queries = list(FIXED)
    for source in sources:
        queries += prefixes(source)
    return list(dict.fromkeys(queries))


async def record(ctx: AnswerContext, queries: list[str]) -> dict[str, list[list[list[str]]]]:
    """Per completer key (sorted), the choices of every query as ``[[name, value], …]``, in query order."""
    out: dict[str, list[list[list[str]]]] = {}
    for key in sorted(COMPLETERS):
        fn = COMPLETERS[key]
        out[key] = [[[c.name, c.value] for c in await run_completer(ctx, fn, q)] for q in queries]
    return out


def save(path: Path, queries: list[str], choices: dict[str, list[list[list[str]]]]) -> None:
    """Write the recording (gzip'd JSON, a fixed mtime so the same choices give the same bytes)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    data = json.dumps({"queries": queries, "choices": choices}, ensure_ascii=False, separators=(",", ":"))
    with path.open("wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as out:
        out.write(data.encode("utf-8"))


def load(path: Path) -> tuple[list[str], dict[str, list[list[list[str]]]]]:
    """The recording of :func:`save`: (queries, choices per completer key)."""
    data = json.loads(gzip.decompress(path.read_bytes()).decode("utf-8"))
    return data["queries"], data["choices"]


async def _record_store(db: Path, target: Path) -> None:
    store = await Store.open(db)
    try:
        ctx = AnswerContext(store=store, names=NameIndex.from_entries(await store.name_entries()))
        queries = await query_set(ctx)
        save(target, queries, await record(ctx, queries))
        print(f"{target}: {len(queries)} Anfragen × {len(COMPLETERS)} Quellen")
    finally:
        await store.close()


def main(argv: list[str] | None = None) -> None:
    """Record the choices of the documents store (and with ``--reference DIR`` of the full reference store)."""
    from bot.answers import load_all
    from bot.importer import DEFAULT_SOURCES, build

    load_all()  # every completer registered (the answer modules are imported lazily): else none is recorded
    parser = argparse.ArgumentParser(description="Autocomplete-Auswahl aufzeichnen")
    parser.add_argument("--reference", type=Path, help="folder with both CR files and mtgjson3_RAV.json")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "documents.sqlite3"
        build(db, DEFAULT_SOURCES)
        asyncio.run(_record_store(db, HERE / "documents.json.gz"))
        if args.reference:
            full = Path(folder) / "reference.sqlite3"
            build(full, DEFAULT_SOURCES, cr_files=[args.reference / n for n in REFERENCE_CR],
                  card_files=[args.reference / REFERENCE_CARDS])
            asyncio.run(_record_store(full, HERE / "reference.json.gz"))


#: The reference files of the full store (``../shared/reference``).
REFERENCE_CR = ("MagicCompRules_20260417.txt", "CR-2010-10-01_MagicCompRules_20101001.txt")
REFERENCE_CARDS = "mtgjson3_RAV.json"


if __name__ == "__main__":
    sys.exit(main())
