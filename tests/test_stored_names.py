"""The name index the build stores (bot/importer/names.py, tables name_entries, name_keys, name_vocab, name_scan):
identical to what a process computes from the store's names, and answering every query as the index built in
memory does, whether read back into memory (a small store) or answered from the tables (a large one)."""

from __future__ import annotations

import pytest

from bot.answers import AnswerContext
from bot.answers.card_picks import card_names
from bot.mentions import NameScanner, scan_rows
from bot.namedata import IndexParts, index_parts, parts_from_stored
from bot.search import NameIndex
from bot.store import Store
from bot.store.names import StoredNames
from tests.choices import query_set

#: The ranker's first use on a store (the name stems it reads or computes, reset here) is what is tested.
pytestmark = pytest.mark.fresh_store


def _same_parts(stored: IndexParts, computed: IndexParts) -> None:
    for field in IndexParts._fields:
        assert getattr(stored, field) == getattr(computed, field), field


async def test_stored_parts_are_what_the_process_computes(store: Store):
    entries = await store.name_entries()
    stored = parts_from_stored(store.stored_names())
    _same_parts(stored, index_parts(entries))
    assert len(stored.names) == 283
    boros = stored.names.index("Boros-Rekrut")
    assert stored.entry_words[boros] == ("boros", "rekrut")
    krams = stored.names.index("Krams")  # a face of a split card: its own entry
    assert (stored.card_names[krams], stored.kinds[krams]) == ("Krims // Krams", "face")
    assert stored.key_strings[stored.key_owner.index(boros)] == "borosrekrut"


async def test_stored_scanner_rows_are_what_the_process_computes(store: Store):
    stored = store.stored_names()
    computed = scan_rows(await store.name_entries())
    assert {key: stored.scan(key) for key in computed} == computed
    boros = next(e.card_id for e in await store.name_entries() if e.name == "Boros-Rekrut")
    assert computed["borosrekrut"] == (boros, False, False)
    assert computed["boros"] == (None, True, False)  # only the start of "Boros-Rekrut"
    assert stored.scan("borosrekrutx") is None


@pytest.fixture
def tables_index(store: Store) -> NameIndex:
    """The index of the session store answered from its tables, as a store of 100 000 printings is."""
    return NameIndex(store.stored_names())


async def test_index_from_tables_answers_as_the_index_in_memory(store: Store, tables_index: NameIndex):
    memory = NameIndex.from_entries(await store.name_entries())
    queries = await query_set(AnswerContext(store=store, names=memory))
    assert len(queries) > 1000
    for query in queries:
        assert tables_index.search(query, 25, list_if_empty=True) == memory.search(query, 25, list_if_empty=True)
        assert tables_index.lookup(query) == memory.lookup(query), query
    hit = tables_index.resolve("Boros-Rekrtu")  # a typo: the one-edit tier over the stored reversed keys
    assert hit is not None and hit.card_name == "Boros-Rekrut"
    assert [h.card_name for h in tables_index.search("konklave chor")][:1] == ["Chor des Konklave"]
    assert dict(tables_index.card_names) == dict(memory.card_names)
    assert list(tables_index.entries) == list(memory.entries)


async def test_completer_and_scanner_from_tables(store: Store, tables_index: NameIndex):
    memory = AnswerContext(store=store, names=NameIndex.from_entries(await store.name_entries()))
    tables = AnswerContext(store=store, names=tables_index)
    for query in ["", "b", "Boros", "ueberst", "Krams", "Krims /", "x" * 6000]:
        assert card_names(tables, query) == card_names(memory, query)
    text = "Wer gewinnt, Krims // Krams oder boros rekrut? Beschleunigen ist keine Frage, beschleunigen schon."
    found = NameScanner(tables_index).scan(text, 10)
    assert found == NameScanner(memory.names).scan(text, 10)
    assert [tables_index.card_names[i] for i in found] == ["Krims // Krams", "Boros-Rekrut", "Beschleunigen"]


async def test_small_store_is_read_into_memory(store: Store, monkeypatch: pytest.MonkeyPatch):
    assert isinstance(NameIndex.from_store(store.stored_names()).data, type(NameIndex([]).data))
    monkeypatch.setattr("bot.search.IN_MEMORY_ENTRIES", 100)
    assert isinstance(NameIndex.from_store(store.stored_names()).data, StoredNames)


async def test_stored_passage_counts_are_what_the_process_counted(store: Store):
    """The ranker's weights read from ``passage_counts`` equal the counts over the passages themselves."""
    terms: dict[str, int] = {}
    for (text,) in await store.fetchall("SELECT terms FROM passages_fts"):
        for term in set(text.split()):
            terms[term] = terms.get(term, 0) + 1
    concepts: dict[str, int] = {}
    for (text,) in await store.fetchall("SELECT concepts FROM passages"):
        for concept in text.split():
            concepts[concept] = concepts.get(concept, 0) + 1
    assert await store.term_counts() == terms and len(terms) > 1000
    assert await store.concept_counts() == concepts and concepts


async def test_current_entries_are_counted_not_listed(store: Store):
    register = await store.change_register()
    assert register is not None
    assert all(note.value != "current" for note in register.status)
    rows = await store.fetchall("SELECT entry_kind, count(*) FROM today_status WHERE status = 'current' "
                                "GROUP BY entry_kind")
    assert register.current == dict(rows)
    listed = await store.fetchall("SELECT count(*) FROM today_status WHERE status != 'current'")
    assert len(register.status) == listed[0][0]


async def test_a_store_with_a_card_file(tmp_path):
    """With a card file: the English names are stored entries, its rulings are counted as current, not listed."""
    from pathlib import Path

    from bot.importer import DEFAULT_SOURCES, build

    db = tmp_path / "cards.sqlite3"
    build(db, DEFAULT_SOURCES, card_files=[Path(__file__).parent / "importer" / "fixtures" / "mtgjson_v5_mini.json"])
    store = await Store.open(db)
    try:
        _same_parts(parts_from_stored(store.stored_names()), index_parts(await store.name_entries()))
        hit = NameIndex(store.stored_names()).resolve("Chord of Calling")
        assert hit is not None and (hit.card_name, hit.kind) == ("Akkord des Rufes", "english")
        register = await store.change_register()
        current = await store.fetchall("SELECT count(*) FROM today_status WHERE status = 'current'")
        assert register is not None and register.current == {"ruling": current[0][0]} and current[0][0] > 0
        assert all(note.value != "current" for note in register.status)
    finally:
        await store.close()


def test_names_sharing_a_key_are_merged_as_in_memory():
    """Two cards whose names fold to one key ("Boros-Rekrut", "Boros Rekrut"): the stored scanner row names the
    first card in store order (by name: "Boros Rekrut", id 7), as :func:`bot.mentions.scan_rows` does; the stored
    keys list both."""
    import sqlite3

    from bot.importer import SCHEMA_PATH
    from bot.importer.prepared import write_names
    from bot.store.cards import NAME_ENTRIES_SQL, NameEntry

    conn = sqlite3.connect(":memory:")
    conn.executescript(SCHEMA_PATH.read_text(encoding="utf-8"))
    conn.executemany("INSERT INTO cards (id, name, document_id, line, origin) VALUES (?, ?, 1, 1, 'faq')",
                     [(7, "Boros Rekrut"), (3, "Boros-Rekrut"), (5, "Boros")])
    assert write_names(conn) == 3
    stored = conn.execute("SELECT key, card_id, prefix, plain FROM name_scan")
    rows = {k: (c, bool(p), bool(q)) for k, c, p, q in stored}
    assert rows == scan_rows(NameEntry(*r) for r in conn.execute(NAME_ENTRIES_SQL))
    assert rows["borosrekrut"] == (7, False, False) and rows["boros"] == (5, True, True)
    assert conn.execute("SELECT entry FROM name_keys WHERE kind = 0 AND key = 'borosrekrut'").fetchall() == [(1,), (2,)]


async def test_the_rankers_name_stems_from_the_stored_index_are_what_it_computes(store: Store, tables_index: NameIndex):
    """The question ranker's rare card-name stems (a question naming a card by „tolsimir") looked up in the stems
    the build stored are the ones it computes from every name of the index in memory, stem for stem."""
    from bot.analysis import snowball
    from bot.namedata import StoredStems
    from bot.question_cards import NameWords
    from bot.ranking import Ranker, ranker

    r: Ranker = await ranker(store)
    computed = r._name_words(NameIndex.from_entries(await store.name_entries()))
    stored = r._name_words(tables_index)
    assert isinstance(stored, NameWords) and isinstance(computed, NameWords)
    assert isinstance(stored.stems, StoredStems) and isinstance(computed.stems, dict)
    assert dict(stored) == dict(computed)
    assert len(computed) > 100
    tolsimir = next(e.card_id for e in await store.name_entries() if e.name == "Tolsimir Wolfsblut")
    assert stored.get(snowball("tolsimir")) == computed[snowball("tolsimir")] == frozenset({tolsimir})
    assert stored.get(snowball("verschwinden")) is None  # a verb inside a name ("Ins Gedächtnis verschwinden")


async def test_a_question_on_a_stored_index_reads_no_name_list(store: Store, tables_index: NameIndex,
                                                              monkeypatch: pytest.MonkeyPatch):
    """The first question on a store answered from its tables finds a card by a rare name word from the stored
    stems, without reading every name (100 000 printings: seconds)."""
    from bot.ranking import ranker

    def every_name(*_args: object) -> None:
        raise AssertionError("every name read")

    monkeypatch.setattr(StoredNames, "rows", every_name)
    monkeypatch.setattr(StoredNames, "iter_entries", every_name)
    r = await ranker(store)
    question = "wer kontrolliert die wölfe von tolsimir"
    cards = r.named_cards(question, r.analyser.analyse(question, question=True), tables_index)
    assert [tables_index.card_names[c] for c in cards] == ["Tolsimir Wolfsblut"]


def test_the_builds_folding_of_ascii_names_is_the_general_one():
    """:func:`bot.namedata.name_strings` folds a printable ASCII name in one pass: the same keys and words as
    :func:`bot.text.name_keys` and :func:`bot.text.name_words` give, separators, slashes and spacing included."""
    from bot.namedata import name_strings
    from bot.text import name_keys, name_words

    names = ["Boros-Rekrut", "Chord of Calling", "Hide // Seek", "Hide//Seek", "Krims /  Krams", " A  B ",
             "Urza's Mine", "Circu, Dimir Lobotomist", "Ach! Hans, Run!", "\"Ach\" (Hans)", "-", "", "...", "/",
             "a/b/c", "X-1 2.0",
             "Generated Card 000123", "Gen Half 000009a // Gen Half 000009b", "tab\there", "ÄÖÜ ß", "Æther Vial"]
    for name in names:
        assert name_strings(name) == (name_keys(name), tuple(sorted(set(name_words(name))))), name
    assert name_strings("Hide // Seek") == (("hide/seek",), ("hide", "seek"))


async def test_stored_stem_word_counts_are_what_the_ranker_computes(store: Store, tables_index: NameIndex,
                                                                   monkeypatch: pytest.MonkeyPatch):
    """How often the documents' words of each stored name stem occur (name_keys kind 4) is what the ranker counts
    over its whole vocabulary, stem for stem; a ranker on the stored index uses them and stems no vocabulary."""
    import bot.question_cards
    from bot.analysis import snowball
    from bot.ranking import ranker

    r = await ranker(store)
    counted = bot.question_cards.stem_counts(r.analyser, lambda w: snowball(r.analyser.lemma(w)))
    stored = tables_index.data
    assert isinstance(stored, StoredNames) and stored.stem_words_stored()
    stems = list(stored.stems())
    assert len(stems) > 100
    assert {s: stored.stem_words(s) for s in stems} == {s: counted(s) for s in stems}
    assert sum(stored.stem_words(s) > 0 for s in stems) > 20  # name words the documents also use
    assert stored.stem_words(snowball("tolsimir")) == counted(snowball("tolsimir")) > 0

    def every_word(*_args: object) -> None:
        raise AssertionError("the whole vocabulary stemmed")

    monkeypatch.setattr(bot.question_cards, "stem_counts", every_word)
    question = "wer kontrolliert die wölfe von tolsimir"
    r._names_cache = None
    cards = r.named_cards(question, r.analyser.analyse(question, question=True), tables_index)
    assert [tables_index.card_names[c] for c in cards] == ["Tolsimir Wolfsblut"]


async def test_stored_fuzzy_tables_are_what_the_warm_up_computes(store: Store, monkeypatch: pytest.MonkeyPatch):
    """The fuzzy word tables the build stores (``meta`` name_fuzzy_tables) are read at the warm-up instead of made,
    and equal the ones made there: every typed start and word, its similar words, scores and order."""
    from bot.fuzzyvocab import FuzzyVocabulary

    text = store.stored_names().fuzzy_tables()
    assert text is not None
    index = NameIndex.from_store(store.stored_names())
    vocab = index.data.vocabulary()
    loaded, made = FuzzyVocabulary(vocab), FuzzyVocabulary(vocab)
    assert loaded.load_tables(text)
    made.prepare_tables()
    for table in ("_starts_table", "_words_table"):
        got, want = getattr(loaded, table), getattr(made, table)
        assert len(want) > 400
        assert [(typed, list(found.items())) for typed, found in got.items()] == [
            (typed, list(found.items())) for typed, found in want.items()]
    assert loaded.similar("konkl", True, 75.0) == {"konklave": 99.0, "konklavenequidonaut": 99.0}
    assert not FuzzyVocabulary(vocab[1:]).load_tables(text)  # another vocabulary: made at the warm-up
    assert not FuzzyVocabulary(vocab).load_tables(None)
    swapped = [vocab[1], vocab[0], *vocab[2:]]  # as many words, other positions: the tables would name wrong words
    assert not FuzzyVocabulary(swapped).load_tables(text)
    assert not FuzzyVocabulary(vocab).load_tables(text[: len(text) // 2])  # a damaged row: made anew, no error

    def not_made(*_args: object) -> None:
        raise AssertionError("the warm-up made the tables the store holds")

    monkeypatch.setattr(FuzzyVocabulary, "prepare_tables", not_made)
    index.prepare_first_keystrokes()  # the index takes the stored tables
    assert index._vocab._starts_table == made._starts_table
