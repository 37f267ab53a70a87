"""Autocomplete ranking (bot/search.py) pinned: German names first, the English hint, ß folding, tier order,
the one-edit tier, the fuzzy margin of ``resolve``; typo queries on the real names (top-1 ≥ 97 %, none empty).

Speed is measured in bench/bench_names.py (100 000 names, beside rapidfuzz's WRatio scan), not here.
"""

from __future__ import annotations

import random

from bench.bench_names import one_edit
from bot.answers import run_completer
from bot.answers.card_picks import card_names, choice_label
from bot.search import EXACT, FUZZY, PREFIX, WORD_PREFIX, NameIndex
from bot.store import NameEntry


def index(*entries: tuple[int, str, str, str]) -> NameIndex:
    return NameIndex(NameEntry(*e) for e in entries)


CHORD = index(
    (1, "Akkord des Rufes", "Akkord des Rufes", "name"),
    (1, "Akkord des Rufes", "Chord of Calling", "english"),
    (2, "Chor des Konklave", "Chor des Konklave", "name"),
)


def test_german_names_before_english_aliases_and_the_hint():
    hits = CHORD.search("chor")
    # Both are prefixes; by score alone the English "Chord of Calling" (shorter key) would come first.
    assert [(h.card_name, h.tier, h.foreign) for h in hits] == [
        ("Chor des Konklave", PREFIX, False),
        ("Akkord des Rufes", PREFIX, True),
    ]
    assert [choice_label(h) for h in hits] == ["Chor des Konklave", "Akkord des Rufes (engl. Chord of Calling)"]
    # Found by its German name, no hint.
    assert choice_label(CHORD.search("akkord")[0]) == "Akkord des Rufes"


def test_sharp_s_folds_to_ss_both_ways():
    ix = index((1, "Straße der Toten", "Straße der Toten", "name"), (2, "Strand", "Strand", "name"))
    for q in ("Strasse der Toten", "straße der toten", "STRASSE DER TOTEN"):
        assert (ix.search(q)[0].card_name, ix.search(q)[0].tier) == ("Straße der Toten", EXACT), q


def test_tier_order_exact_prefix_word_fuzzy():
    ix = index(
        (1, "Feuer", "Feuer", "name"),
        (2, "Feuerschweif-Engel", "Feuerschweif-Engel", "name"),
        (3, "Kinder des Feuers", "Kinder des Feuers", "name"),
        (4, "Feuet", "Feuet", "name"),
    )
    hits = ix.search("feuer")
    assert [(h.card_name, h.tier) for h in hits] == [
        ("Feuer", EXACT),
        ("Feuerschweif-Engel", PREFIX),
        ("Kinder des Feuers", WORD_PREFIX),
        ("Feuet", FUZZY),
    ]


def test_one_edit_finds_short_word_typos_hyphen_letters_and_merged_words():
    ix = index(
        (1, "Sünden der Vergangenheit", "Sünden der Vergangenheit", "name"),
        (2, "Boros-Rekrut", "Boros-Rekrut", "name"),
        (3, "Vergangenheit der Sünde", "Vergangenheit der Sünde", "name"),
    )
    for q, name in (("Sünden del Vergangenheit", "Sünden der Vergangenheit"), ("Borosirekrut", "Boros-Rekrut"),
                    ("Boros rekrt", "Boros-Rekrut"), ("borosrekrut", "Boros-Rekrut")):
        hit = ix.resolve(q)
        assert hit is not None and hit.card_name == name, q
    # Ties on the compact key go to the spelling typed.
    twins = index((1, "Boros Rekrut", "Boros Rekrut", "name"), (2, "Boros-Rekrut", "Boros-Rekrut", "name"))
    assert twins.search("Boros-Rekrutt")[0].card_name == "Boros-Rekrut"
    assert twins.search("Boros Rekrutt")[0].card_name == "Boros Rekrut"


def test_fuzzy_margin_of_resolve():
    ix = index((1, "Grabstein", "Grabstein", "name"), (2, "Grabsteig", "Grabsteig", "name"))
    # "Grabsteim" is one edit from both (99 and 99): no margin, no guess.
    assert [h.score for h in ix.search("Grabsteim")] == [99.0, 99.0]
    assert ix.resolve("Grabsteim") is None
    ix = index((1, "Grabstein", "Grabstein", "name"), (2, "Grabhügel", "Grabhügel", "name"))
    assert ix.resolve("Grabsteim").card_name == "Grabstein"
    # 98.67 against 95.64 (two typos): a margin under 5 is no answer.
    ix = index((1, "Sünden der Vergangenheit", "Sünden der Vergangenheit", "name"),
               (2, "Vergangenheit der Sünde", "Vergangenheit der Sünde", "name"))
    hits = ix.search("Sünden de Vergangenhet")
    assert [round(h.score, 2) for h in hits] == [98.67, 95.64]
    assert ix.resolve("Sünden de Vergangenhet") is None


async def test_typo_queries_on_the_real_names(ctx):
    """One edit in a full real name: the first hit is that card for ≥ 97 %, and no query is left empty."""
    names = sorted({e.card_name for e in ctx.names.entries})
    rng = random.Random(12)
    known = {n.casefold() for n in names}
    right = total = empty = 0
    for name in names:
        for _ in range(3):
            q = one_edit(name, rng)
            if q.casefold() in known:
                continue
            total += 1
            hits = ctx.names.search(q, limit=25)
            empty += not hits
            right += bool(hits) and hits[0].card_name == name
    print(f"\ntypo top-1 on {len(names)} real names: {right}/{total} = {right / total:.1%}, empty {empty}")
    assert right / total >= 0.97 and empty == 0


async def test_card_autocomplete_on_the_real_store(ctx):
    names = [c.name for c in await run_completer(ctx, card_names, "Sünden del Vergangenheit")]
    assert names[0] == "Sünden der Vergangenheit"
    names = [c.name for c in await run_completer(ctx, card_names, "Borosirekrut")]
    assert names[0] == "Boros-Rekrut"
