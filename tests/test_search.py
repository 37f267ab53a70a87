"""Name normalisation and ranking (bot/search.py) on the real card names of the documents."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.search import EXACT, FUZZY, PREFIX, SLIP_SCORE, UNCLEAR, NameIndex, clean, name_keys, words
from bot.store import NameEntry


def test_keys_fold_umlauts_both_ways_and_separators():
    assert name_keys("Überstimmen") == ("ueberstimmen", "uberstimmen")
    assert name_keys("Boros-Rekrut") == name_keys("boros rekrut") == name_keys("BOROS'REKRUT")
    assert name_keys("Forschung // Entwicklung") == name_keys("forschung/entwicklung") == name_keys(
        "Forschung  /  Entwicklung"
    )
    assert name_keys("Größerer Mooshund")[0] == "groessserermooshund".replace("sss", "ss")
    assert name_keys("") == ()


def test_combining_accent_equals_precomposed():
    # "Ü" typed as U + U+0308 (combining diaeresis) must find the same key as "Ü"
    assert name_keys("U\u0308berstimmen") == name_keys("Überstimmen")


def test_clean_drops_invisible_and_control_characters():
    assert clean("Boros\u200d-Re\u00adkrut\x00") == "Boros-Rekrut"


def test_a_zero_width_space_between_words_separates_them():
    # U+200B is a word boundary (Unicode UAX #29), not glue: between letters a space, next to punctuation dropped
    assert clean("was\u200bmacht spuk") == "was macht spuk"
    assert clean("spuk\u200b,\u200bausgraben\u200boder\u200bblutdurst") == "spuk,ausgraben oder blutdurst"
    assert clean("Boros\u200b-Rekrut\u200b") == "Boros-Rekrut"
    # the format characters UAX #29 keeps inside a word are dropped: soft hyphen, word joiner, BOM
    assert clean("Fe\u00adh\u2060d\ufeffe") == "Fehde"
    assert clean("  \u202eChor  des\tKonklave ") == "Chor des Konklave"


def test_words_split_split_cards():
    assert words("Forschung // Entwicklung") == ["forschung", "entwicklung"]


# --- ranking on the real store ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("boros rekrut", "Boros-Rekrut"),  # spaces for hyphens
        ("Aufsammelkrabler", "Aufsammelkrabbler"),  # typo → fuzzy
        ("entwicklung", "Forschung // Entwicklung"),  # either half of a split card
        ("uberstimmen", "Überstimmen"),  # ü typed as u
        ("ueberstimmen", "Überstimmen"),  # ü typed as ue
        ("Feld der Unterdrueckung", "Feld der Unterdrückung"),
        ("circu dimir lobotomist", "Circu, Dimir-Lobotomist"),  # comma and hyphen left out
        ("Getrieben/Verzweiflung", "Getrieben // Verzweiflung"),  # document 002
        ("schnellvorlauf", "Schnellvorlauf"),  # document 004
    ],
)
async def test_resolve_real_names(ctx, query, expected):
    hit = ctx.names.resolve(query)
    assert hit is not None, query
    assert hit.card_name == expected


async def test_chor_prefix_ranks_chor_des_konklave_first(ctx):
    hits = ctx.names.search("chor")
    assert hits[0].card_name == "Chor des Konklave"
    assert hits[0].tier == PREFIX


async def test_exact_and_prefix_always_beat_fuzzy(ctx):
    hits = ctx.names.search("boros")
    tiers = [h.tier for h in hits]
    assert tiers == sorted(tiers)
    assert hits[0].card_name.startswith("Boros")
    assert all(h.tier != FUZZY for h in hits if h.card_name.startswith("Boros"))


async def test_search_is_bounded_and_one_hit_per_card(ctx):
    hits = ctx.names.search("", limit=25, list_if_empty=True)  # autocomplete before typing lists names
    assert ctx.names.search("(") == []  # no letter: nothing to suggest
    assert len(hits) == 25
    assert len({h.card_id for h in hits}) == 25
    e_hits = ctx.names.search("e", limit=25)
    assert 0 < len(e_hits) <= 25
    assert all(h.tier <= PREFIX + 1 for h in e_hits)  # a single letter never yields fuzzy noise


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("boros rec", "Boros-Rekrut"),  # a slip in the word being typed, after a hyphen typed as a space
        ("Boros-Rec", "Boros-Rekrut"),
        ("borosreck", "Boros-Rekrut"),  # words run together
        ("chor des kokn", "Chor des Konklave"),  # two letters swapped in the third word
        ("circu dimri", "Circu, Dimir-Lobotomist"),  # across the comma and the hyphen
    ],
)
async def test_a_name_being_typed_with_one_slip_is_offered(ctx, typed, expected):
    """A start of a multi-word name with one letter wrong, missing, added or swapped (no name starts with what is
    typed) is offered in the autocomplete and as the "Meintest du" candidate, never answered as that card."""
    assert [h.card_name for h in ctx.names.complete(typed)][:1] == [expected]
    found = ctx.names.lookup(typed)
    assert (found.hit, found.how, [h.card_name for h in found.candidates][:1]) == (None, UNCLEAR, [expected])


def test_a_slipped_start_needs_six_letters_and_only_when_no_name_starts_with_the_text():
    index = NameIndex.from_entries([NameEntry(1, "Boros-Rekrut", "Boros-Rekrut", "name"),
                                    NameEntry(2, "Borosgilde", "Borosgilde", "name")])
    assert [(h.card_id, h.tier, h.score) for h in index.complete("borosgx")][:1] == [(2, FUZZY, SLIP_SCORE)]
    assert [(h.card_id, h.score) for h in index.complete("borsgil")] == [(2, SLIP_SCORE)]  # a letter left out
    assert SLIP_SCORE not in [h.score for h in index.complete("borox")]  # five letters: a slip starts too many
    # "borosr" starts Boros-Rekrut: Borosgilde ("boros" + g) is not offered as a slipped start beside it.
    assert [(h.card_id, h.tier) for h in index.complete("borosr")][:1] == [(1, PREFIX)]
    assert SLIP_SCORE not in [h.score for h in index.complete("borosr")]


def test_ranking_on_synthetic_names():
    index = NameIndex.from_entries(
        [
            NameEntry(1, "Blitz", "Blitz", "name"),
            NameEntry(2, "Blitzschlag", "Blitzschlag", "name"),
            NameEntry(3, "Kugelblitz", "Kugelblitz", "name"),
            NameEntry(4, "Blatt", "Blatt", "name"),
        ]
    )
    hits = index.search("blitz")
    assert [h.card_id for h in hits[:2]] == [1, 2]
    assert hits[0].tier == EXACT
    # A name only begun answers no card (it may be a card the store lacks): its one candidate is offered.
    found = index.lookup("blitzsch")
    assert (found.hit, found.how, [h.card_id for h in found.candidates]) == (None, UNCLEAR, [2])
    assert index.resolve("bl") is None  # ambiguous prefix


@given(st.text(max_size=300))
def test_search_never_raises_on_any_text(text):
    index = NameIndex.from_entries([NameEntry(1, "Boros-Rekrut", "Boros-Rekrut", "name")])
    hits = index.search(text)
    assert len(hits) <= 1


async def test_first_keystrokes_answer_as_search(ctx):
    """complete() keeps blank input and first letters in memory and answers them as search() does; longer
    queries and a full memory go to search() again."""
    import bot.search

    names = ctx.names
    names.prepare_first_keystrokes()
    assert "" in names._first_keystrokes and "b" in names._first_keystrokes and "B" in names._first_keystrokes
    for query in ["", " ", "b", "B", "ä", "„", "Bo", "boros", "Chor des Konklave"]:
        assert names.complete(query) == names.search(query, limit=25, list_if_empty=True), query
    assert names.complete("B")[0].card_name == names.search("B", limit=25, list_if_empty=True)[0].card_name
    assert len(names.complete("")) == 25 and "Bo" not in names._first_keystrokes
    kept = bot.search.FIRST_KEYSTROKES_KEPT
    for n in range(kept + 1):
        names.complete(chr(0x4E00 + n))
    assert len(names._first_keystrokes) <= kept


async def test_first_keystrokes_copies_are_given_out(ctx):
    """A caller changing the list it got does not change what the next caller gets."""
    first = ctx.names.complete("b")
    first.clear()
    assert ctx.names.complete("b")


def _similar_by_extract(vocab: list[str], word: str, last: bool, cutoff: float,
                        kept: dict[int, dict[str, list[str]]]) -> dict[str, float]:
    """What FuzzyVocabulary.similar promises, computed the plain way: rapidfuzz over the whole vocabulary, and
    for the word being typed over every word cut to its length (one point lower, after the whole words), but no cut
    the word meets only through an extra first letter (:func:`bot.fuzzyvocab.first_letter_extra`).
    ``kept``: the cuts of ``vocab`` per length already made (:func:`_cuts`; the same for every word typed)."""
    from rapidfuzz import fuzz, process

    from bot.fuzzyvocab import first_letter_extra

    found = {w: s for w, s, _ in process.extract(word, vocab, scorer=fuzz.ratio, processor=None, limit=None,
                                                  score_cutoff=cutoff)}
    if last:
        cuts = _cuts(vocab, min(len(word), 40), kept)
        for cut, score, _ in process.extract(word, list(cuts), scorer=fuzz.ratio, processor=None, limit=None,
                                             score_cutoff=cutoff):
            if first_letter_extra(word, cut):
                continue
            for w in cuts[cut]:
                found[w] = max(found.get(w, 0.0), score - 1.0)
    return found


def _cuts(vocab: list[str], n: int, kept: dict[int, dict[str, list[str]]]) -> dict[str, list[str]]:
    """Every word of ``vocab`` longer than ``n`` under its first ``n`` letters, both in vocabulary order; made
    once per ``n`` (kept in ``kept``)."""
    if n not in kept:
        cuts: dict[str, list[str]] = {}
        for w in vocab:
            if len(w) > n:
                cuts.setdefault(w[:n], []).append(w)
        kept[n] = cuts
    return kept[n]


async def test_similar_words_are_those_of_a_comparison_with_every_word(ctx):
    """The length bounds and the one-letter deletions that pick the words to compare leave out no word the
    comparison with the whole vocabulary finds, and the order (score, then vocabulary order) is the same: the
    documents' name words, each cut, with a letter dropped, doubled, changed or two swapped, and with up to four
    letters they lack added (the shared-letter filter of :mod:`bot.letterfilter` at each allowance of missing
    letters)."""
    from bot.fuzzyvocab import FuzzyVocabulary

    vocab = ctx.names.data.vocabulary()
    typed = set()
    for w in vocab[::3]:
        for n in range(1, len(w) + 1):
            cut = w[:n]
            typed |= {cut, cut[1:], cut + cut[-1], "x" + cut[1:], cut[:-1] + "q", cut[1::-1] + cut[2:]}
    for w in vocab[::2]:  # a word with letters it lacks added (bot.letterfilter's counts of missing letters)
        typed |= {w + "xjqy"[:k] for k in range(1, 5)} | {"qy" + w[1:], w[:3] + "xq" + w[3:]}
    fuzzy, tabled = FuzzyVocabulary(vocab), FuzzyVocabulary(vocab)
    fuzzy.prepare()
    tabled.prepare_tables()  # the starts of the words and the whole words answered from tables made now
    checked, kept = 0, {}
    for word in sorted(t for t in typed if t):
        for last in (False, True):
            for cutoff in (75.0, 60.0):
                expected = list(_similar_by_extract(vocab, word, last, cutoff, kept).items())
                assert list(fuzzy.similar(word, last, cutoff).items()) == expected, word
                assert list(tabled.similar(word, last, cutoff).items()) == expected, word
                checked += 1
    assert checked > 4000 and fuzzy.similar("konklafe", True, 75.0)["konklave"] == 87.5
    assert tabled.similar("konkl", True, 75.0) == {"konklave": 99.0, "konklavenequidonaut": 99.0}


async def test_offers_sorted_in_full_or_selected_rank_alike_over_the_recorded_queries(ctx, monkeypatch):
    """:meth:`NameIndex._top` sorts a few hundred offers in C and selects the best of more with heapq: both give
    the same hits, and :meth:`NameIndex.complete_entries` the entries of ``search(…, list_if_empty=True)``'s hits,
    over the recorded autocomplete queries (``tests/choices``)."""
    import bot.search as search_module
    from bot import nameranks
    from tests.choices import HERE, load

    queries, _want = load(HERE / "documents.json.gz")
    index = ctx.names
    entries = {(e.card_id, e.name, e.kind): i for i, e in enumerate(index.entries)}
    sorted_all = [index.search(q, 25, list_if_empty=True) for q in queries]
    assert sum(len(h) == 25 for h in sorted_all) >= 20  # queries that rank more offers than they give out
    got = [[entries[h.card_id, h.matched, h.kind] for h in hits] for hits in sorted_all]
    assert [index.complete_entries(q) for q in queries] == got
    monkeypatch.setattr(search_module, "SORT_ALL", 0)
    monkeypatch.setattr(nameranks, "SORT_ALL", 0)
    assert [index.search(q, 25, list_if_empty=True) for q in queries] == sorted_all
