"""The same tuning question typed differently: how ``/frage``'s ranking holds when a question's words are folded,
misspelt, said in the old or today's wording, in English, cut to a fragment or inflected otherwise.

Run: ``python bench/perturb_questions.py [--db data/regelbot.sqlite3] [--parts tuning,…] [--kinds fold,typo,…]
[--losers 15]`` (the tuning parts only: never a held-out or the validation part). 4 565 variants: about 3 minutes at
load 3, 6 at load 6 (docs/ranking.md ⁹⁸).

Every question of the parts is changed one kind at a time (:data:`KINDS`), deterministically (seeded by the
question's id); a question the kind does not change is left out of that kind's row. Each variant is ranked once, by
the bot's ranker of the store (:func:`bot.ranking.ranker`, the stored translation table) with the question itself
left out of the earlier questions (as :func:`prior_folds.leave_out` leaves it out of their index; the stored
translation table still holds its pair: the bench would need one EM run per question without it, so the unchanged
questions' figures lie above the CV's). Printed per kind and part: the questions
changed, hit@1 / hit@3 of the unchanged questions and of their variants, then per kind the largest losers (id, rank
before → after, the variant's text; rank ``-`` is not in the first :data:`bench_questions.DEPTH`).

The kinds:

* ``fold``: umlauts and ß written ae/oe/ue/ss, all lower case, no punctuation.
* ``typo``: one edit (two letters swapped, a letter dropped or doubled, a letter typed as its QWERTZ neighbour) in
  one content word of five or more letters that is not a word of a card the question names.
* ``oldnew``: the old and today's words (:data:`OLD_NEW`, each pair with its source) swapped both ways.
* ``english``: a card name the question names in its English name (the store's English names), or a mechanic or
  game term of ``data/terms_de_en.tsv`` / the keyword table in English; an English one the question holds in German.
* ``fragment``: the question cut to its nouns, as a player's fragment keeps the card, mechanic and game-object words
  and drops the verbs, adjectives and filler (:func:`fragment`): a word the documents print capitalised inside a
  sentence (:func:`printed_nouns`), a word of a term's name (``data/terms_de_en.tsv``, the keyword table, German or
  English) or of a card the question names; each once, at most :data:`FRAGMENT_NOUNS` (the rarest by the store's
  counts when more), in the question's order. A question of :data:`FRAGMENT_SHORT` content words or fewer (four
  from eight up), or without a noun, is left out.
* ``inflect``: one content noun put in the plural or singular, or one verb from its participle into its infinitive
  or back, by suffix rules (:func:`inflected`).
"""

from __future__ import annotations

import argparse
import asyncio
import csv
import re
import sys
import time
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_questions import DEPTH, TUNING_PARTS, Question, load_part  # noqa: E402

from bot.analysis import STOP_WORDS  # noqa: E402
from bot.ranking import Ranker, ranker  # noqa: E402
from bot.search import NameIndex  # noqa: E402
from bot.stopwords import WEAK_WORDS  # noqa: E402
from bot.store import Store  # noqa: E402
from bot.text import canonical, fold  # noqa: E402

KINDS = ("fold", "typo", "oldnew", "english", "fragment", "inflect")
#: Old ↔ today's words, each way (old first). Sources: data/changes.toml's [[term]] rows (spielen → wirken since
#: 2009, CR 601.2; umgewandelte Manakosten → Manawert 2021, CR 202.3; ganz aus dem Spiel entfernen → ins Exil
#: schicken 2009, CR 406.1; im Spiel / ins Spiel → auf dem / aufs Schlachtfeld 2009, CR 403.1; Vorrang → Priorität,
#: CR 117.1) and data/terms_de_en.tsv (Beherrscher = Controller, CR 108.4, with the players' „Kontrolleur“).
OLD_NEW: tuple[tuple[str, str], ...] = (
    ("umgewandelten Manakosten", "Manawert"), ("umgewandelte Manakosten", "Manawert"),
    ("aus dem Spiel entfernt", "ins Exil geschickt"), ("aus dem Spiel entfernen", "ins Exil schicken"),
    ("ins Spiel", "auf das Schlachtfeld"), ("im Spiel", "auf dem Schlachtfeld"),
    ("gespielt", "gewirkt"), ("spielen", "wirken"), ("spielt", "wirkt"), ("spielst", "wirkst"),
    ("Vorrang", "Priorität"), ("Beherrscher", "Kontrolleur"),
)
#: Letters next to each other on a German (QWERTZ) keyboard, for a typo by the neighbouring key.
QWERTZ = ("qwertzuiopü", "asdfghjklöä", "yxcvbnm")
_WORD = re.compile(r"[^\W\d_]+")


def _seed(qid: str, salt: str) -> int:
    return zlib.crc32(f"{qid}:{salt}".encode())


def content_words(text: str, least: int = 1) -> list[re.Match[str]]:
    """The words of ``text`` (letters only) of ``least`` or more letters that are no stop or weak word."""
    return [m for m in _WORD.finditer(text) if len(m.group(0)) >= least
            and m.group(0).lower() not in STOP_WORDS and m.group(0).lower() not in WEAK_WORDS]


def folded(text: str) -> str:
    """``text`` lower case, umlauts and ß as ae/oe/ue/ss, every punctuation mark a space (spaces squeezed); a mana
    symbol in braces (``{g}``) kept: a player who types it types the braces."""
    low = text.lower().translate(str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"}))
    return " ".join(re.sub(r"\{[^{}\s]{1,5}\}|([^\w\s])", lambda m: " " if m.group(1) else m.group(0), low).split())


def _neighbour(c: str, h: int) -> str:
    for row in QWERTZ:
        at = row.find(c.lower())
        if at >= 0:
            near = [row[i] for i in (at - 1, at + 1) if 0 <= i < len(row)]
            out = near[h % len(near)]
            return out.upper() if c.isupper() else out
    return c


def typoed(text: str, qid: str, card_words: frozenset[str]) -> str:
    """``text`` with one edit in one content word of five or more letters not in ``card_words`` (lower case): two
    letters swapped, one dropped, doubled or typed as its keyboard neighbour (never the first letter); the word,
    place and kind chosen by the CRC-32 of ``qid``."""
    words = [m for m in content_words(text, 5) if m.group(0).lower() not in card_words]
    if not words:
        return text
    h = _seed(qid, "typo")
    m = words[h % len(words)]
    w = m.group(0)
    at = 1 + (h >> 8) % (len(w) - 2)
    kind = (h >> 16) % 4
    edits = (w[:at] + w[at + 1:], w[:at] + w[at] + w[at:], w[:at] + w[at + 1] + w[at] + w[at + 2:],
             w[:at] + _neighbour(w[at], h >> 20) + w[at + 1:])
    new = edits[kind]
    return text[:m.start()] + new + text[m.end():]


def _swap_pairs(text: str, pairs: Sequence[tuple[str, str]]) -> str:
    """``text`` with every phrase of ``pairs`` (either side, whole words, case-insensitive) replaced by the other
    side, the first letter's case kept; longer phrases first, each place replaced once."""
    sides = {a.lower(): b for a, b in pairs} | {b.lower(): a for a, b in pairs}
    alts = sorted(sides, key=len, reverse=True)
    pattern = re.compile(r"\b(" + "|".join(re.escape(a) for a in alts) + r")\b", re.IGNORECASE)

    def put(m: re.Match[str]) -> str:
        new = sides[m.group(0).lower()]
        return new[0].upper() + new[1:] if m.group(0)[0].isupper() else new[0].lower() + new[1:]

    return pattern.sub(put, text)


def old_new(text: str) -> str:
    """``text`` with the old and today's words of :data:`OLD_NEW` swapped both ways."""
    return _swap_pairs(text, OLD_NEW)


def englished(text: str, names: Sequence[tuple[str, str]], terms: Sequence[tuple[str, str]], qid: str) -> str:
    """``text`` with one card name (``names``: German, English of the cards the question names) or else one term
    (``terms``: German, English) said in the other language; the term chosen by the CRC-32 of ``qid`` among those the
    question holds (whole words, case-insensitive)."""
    for pool in (names, terms):
        held = [(a, b) for a, b in pool if a and b and a.lower() != b.lower()
                and (re.search(r"\b" + re.escape(a) + r"\b", text, re.IGNORECASE)
                     or re.search(r"\b" + re.escape(b) + r"\b", text, re.IGNORECASE))]
        if held:
            held.sort(key=lambda p: -max(len(p[0]), len(p[1])))
            longest = [p for p in held if max(len(p[0]), len(p[1])) == max(len(held[0][0]), len(held[0][1]))]
            return _swap_pairs(text, [longest[_seed(qid, "en") % len(longest)]])
    return text


#: Most nouns a fragment keeps; a question of :data:`FRAGMENT_SHORT` content words or fewer is one already (four
#: from :data:`FRAGMENT_LONG` content words up).
FRAGMENT_NOUNS, FRAGMENT_SHORT, FRAGMENT_LONG = 4, 3, 8
#: What may stand before a word that begins a sentence or a quote (its capital says nothing of a noun).
_OPENING = re.compile(r"(?:^|[.!?:;„“\"(\[*•–-])\s*$")


def noun_key(word: str) -> str:
    """``word`` folded and in one spelling (:func:`bot.text.fold`, :func:`bot.text.canonical`): „Wächter“ and
    „waechter“ meet."""
    return canonical(fold(word))


def printed_nouns(texts: Iterable[str]) -> frozenset[str]:
    """The words (:func:`noun_key`) that ``texts`` print capitalised more often than lower case, counted only inside
    a sentence (not after :data:`_OPENING`'s marks, nor as a text's first word): German nouns („Kreatur“, „Fehde“,
    „Manawert“), not a verb that begins a sentence."""
    upper: dict[str, int] = {}
    lower: dict[str, int] = {}
    for text in texts:
        for m in _WORD.finditer(text):
            if _OPENING.search(text[max(0, m.start() - 3):m.start()]) or m.start() == 0:
                continue
            counts = upper if m.group(0)[0].isupper() else lower
            key = noun_key(m.group(0))
            counts[key] = counts.get(key, 0) + 1
    return frozenset(k for k, n in upper.items() if n > lower.get(k, 0))


def fragment(text: str, nouns: Callable[[str], bool], df: Callable[[str], int]) -> str:
    """``text`` cut to its nouns (``nouns``: True for a noun's :func:`noun_key`), each once, at most
    :data:`FRAGMENT_NOUNS` (the rarest by ``df``, how many passages carry the word's analysed terms, when more), in
    order: „wenn ein Spielstein mit Spuk stirbt, wohin geht die Karte“ → „Spielstein Spuk Karte“. ``text`` itself
    when it has :data:`FRAGMENT_SHORT` content words or fewer (four from :data:`FRAGMENT_LONG` up) or no noun."""
    words = content_words(text, 3)
    if len(words) <= (FRAGMENT_SHORT + 1 if len(words) >= FRAGMENT_LONG else FRAGMENT_SHORT):
        return text
    first: dict[str, int] = {}
    for i, m in enumerate(words):
        if nouns(key := noun_key(m.group(0))):
            first.setdefault(key, i)
    if not first:
        return text
    kept = sorted(first.values(), key=lambda i: (df(words[i].group(0)), i))[:FRAGMENT_NOUNS]
    return " ".join(words[i].group(0) for i in sorted(kept))


def inflected(word: str, held: Callable[[str], bool]) -> str | None:
    """``word`` in another form by a suffix rule, or None: a capitalised noun in the plural (Karte → Karten,
    Kreatur → Kreaturen, Fähigkeit → Fähigkeiten) or the singular (Karten → Karte); a participle ge…t as its
    infinitive (gewirkt → wirken) and an infinitive …en as its participle (wirken → gewirkt); a verb form only
    when ``held`` (the store's vocabulary) holds the new form (no „geausgebt“ from „ausgeben“)."""
    low = word.lower()
    if word[0].isupper():
        if low.endswith(("ungen", "heiten", "keiten", "turen", "ionen")):
            return word[:-2]
        if low.endswith(("ung", "heit", "keit", "tur", "ion")):
            return word + "en"
        if low.endswith("en") and low[-3] == "e":
            return word[:-1]
        if low.endswith("e"):
            return word + "n"
        return None
    new = None
    if low.startswith("ge") and low.endswith("t") and len(low) >= 7:
        new = word[2:-1] + "en"
    elif low.endswith("en") and not low.startswith("ge") and len(low) >= 6 and low[-3] not in "aeiouäöü":
        new = "ge" + word[:-2] + "t"
    return new if new is not None and held(new.lower()) else None


def inflect(text: str, qid: str, held: Callable[[str], bool]) -> str:
    """``text`` with one content word (chosen by the CRC-32 of ``qid`` among those :func:`inflected` changes) put
    in its other form."""
    found = [(m, new) for m in content_words(text, 4) if (new := inflected(m.group(0), held)) is not None]
    if not found:
        return text
    m, new = found[_seed(qid, "inflect") % len(found)]
    return text[:m.start()] + new + text[m.end():]


@dataclass
class Tables:
    """What the kinds read from the store: the vocabulary's words, English card names by card id, terms DE/EN,
    a word's document frequency (the fewest passages one of its analysed terms is in), the nouns (:func:`noun_key`:
    the words the passages print capitalised, :func:`printed_nouns`, and the words of the terms' names)."""

    vocabulary: frozenset[str]
    english: dict[int, str]
    terms: list[tuple[str, str]]
    df: Callable[[str], int] = field(default=lambda _w: 0)
    nouns: frozenset[str] = frozenset()


async def tables(store: Store, r: Ranker) -> Tables:
    """The vocabulary counts, the English names the build stored, the term table and the keyword table."""
    counts, _ = await store.passage_vocabulary()
    english: dict[int, str] = {}
    for name, card, _card_name in store.stored_names().english_offers():
        english.setdefault(card, name)
    terms: list[tuple[str, str]] = []
    with (ROOT / "data" / "terms_de_en.tsv").open(encoding="utf-8") as f:
        for row in csv.reader((line for line in f if not line.startswith("#")), delimiter="\t"):
            if len(row) >= 2 and row[0] != "german":
                terms.append((row[0], row[1]))
    terms += [(k.german, k.english) for k in await store.keywords()]
    term_df = await store.term_counts()

    def df(word: str) -> int:
        held = [term_df[t] for t in r.analyser.analyse(word).terms if t in term_df]
        return min(held, default=10**9)

    passages = await store.fetchall("SELECT title, text FROM passages")
    printed = printed_nouns(f"{title}. {text}" for title, text in passages)
    named = {noun_key(w) for pair in terms for name in pair for w in _WORD.findall(name)}
    return Tables(frozenset(w.lower() for w in counts), english, list(dict.fromkeys(terms)), df, printed | named)


def variants(q: Question, cards: Sequence[str], card_en: Sequence[tuple[str, str]], t: Tables) -> dict[str, str]:
    """The variant of ``q`` of each kind (``cards``: the names of the cards its ranking read)."""
    card_words = frozenset(w.lower() for c in cards for w in _WORD.findall(c))
    nouns = t.nouns | {noun_key(w) for w in card_words}
    return {"fold": folded(q.text), "typo": typoed(q.text, q.id, card_words), "oldnew": old_new(q.text),
            "english": englished(q.text, card_en, t.terms, q.id),
            "fragment": fragment(q.text, nouns.__contains__, t.df),
            "inflect": inflect(q.text, q.id, t.vocabulary.__contains__)}


@dataclass
class Row:
    """One question's variant of one kind: the ranks before and after (None: not in the first DEPTH)."""

    qid: str
    part: str
    before: int | None
    after: int | None
    text: str


def _left_out(r: Ranker, qid: str) -> Ranker:
    """``r`` whose earlier questions leave out ``qid`` (the stored translation table kept: see the module doc)."""
    if r.prior is None or not r.prior.holds(qid):
        return r
    out = r.variant()
    out.prior = r.prior.without({qid})
    return out


async def rank_of(store: Store, r: Ranker, names: NameIndex, q: Question, text: str) -> tuple[int | None, list[int]]:
    """The gold's rank in ``/frage``'s ranking of ``text`` (``q``'s gold, ``q`` left out) and the cards read."""
    found = await _left_out(r, q.id).search(store, text, names, limit=DEPTH)
    rank = next((i for i, h in enumerate(found.hits, 1) if h.passage.key in q.gold), None)
    return rank, list(found.cards)


async def run(store: Store, parts: Sequence[str], kinds: Sequence[str]) -> dict[str, list[Row]]:
    """Every variant of every question of ``parts`` ranked once: per kind its rows."""
    names = NameIndex.from_entries(await store.name_entries())
    r = await ranker(store)
    r.warm(names)
    t = await tables(store, r)
    rows: dict[str, list[Row]] = {k: [] for k in kinds}
    for part in parts:
        for q in load_part(part):
            before, cards = await rank_of(store, r, names, q, q.text)
            known = [c for c in [await store.card(cid) for cid in dict.fromkeys(cards)] if c is not None]
            card_en = [(c.name, t.english[c.id]) for c in known if c.id in t.english]
            for kind, text in variants(q, [c.name for c in known], card_en, t).items():
                if kind in kinds and text != q.text:
                    after, _ = await rank_of(store, r, names, q, text)
                    rows[kind].append(Row(q.id, part, before, after, text))
    return rows


def _hits(ranks: Sequence[int | None], k: int) -> str:
    n = sum(x is not None and x <= k for x in ranks)
    return f"{100 * n / max(len(ranks), 1):.1f} % ({n})"


def report(rows: dict[str, list[Row]], parts: Sequence[str], losers: int, out: Callable[[str], object] = print) -> None:
    """The table per kind and part, then each kind's largest losers."""
    out("| kind | part | changed | hit@1 unchanged → variant | hit@3 unchanged → variant |\n|---|---|---|---|---|")
    for kind, rs in rows.items():
        for part in [*parts, "all"]:
            sel = [x for x in rs if part in ("all", x.part)]
            if sel:
                b, a = [x.before for x in sel], [x.after for x in sel]
                out(f"| {kind} | {part} | {len(sel)} | {_hits(b, 1)} → {_hits(a, 1)} | {_hits(b, 3)} → {_hits(a, 3)} |")
    for kind, rs in rows.items():
        out(f"\n### {kind}: the {losers} largest losers\n")
        worse = [x for x in rs if (x.after or DEPTH + 1) > (x.before or DEPTH + 1)]
        worse.sort(key=lambda x: ((x.before or DEPTH + 1) - (x.after or DEPTH + 1), x.qid))
        for x in worse[:losers]:
            out(f"- {x.qid}: {x.before or '-'} → {x.after or '-'} | {x.text}")
        gained = sum((x.after or DEPTH + 1) < (x.before or DEPTH + 1) for x in rs)
        out(f"({len(worse)} worse, {gained} better of {len(rs)})")


async def main() -> None:
    """Parse the options, rank every variant, print the tables and the time taken."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", type=Path, default=ROOT / "data" / "regelbot.sqlite3")
    parser.add_argument("--parts", default=",".join(TUNING_PARTS))
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("--losers", type=int, default=15)
    args = parser.parse_args()
    parts, kinds = args.parts.split(","), args.kinds.split(",")
    if not set(parts) <= set(TUNING_PARTS) or not set(kinds) <= set(KINDS):
        raise SystemExit(f"parts: only {TUNING_PARTS}; kinds: only {KINDS}")
    t0 = time.perf_counter()
    store = await Store.open(args.db)
    try:
        rows = await run(store, parts, kinds)
    finally:
        await store.close()
    report(rows, parts, args.losers)
    print(f"\n{sum(map(len, rows.values()))} variants ranked in {time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    asyncio.run(main())
