"""`/frage` reads a card named by a name not its own (bot/question_mentions.py, docs/ranking.md ²⁴) from a table made
once per open store: a name only one card's rulings print (002's English half names „Driven“ / „Despair“ of
Getrieben // Verzweiflung), a split card's German half name (an ordinary word like „Verzweiflung“ only beside a sign
of a card) and an English name of ``card_aliases``. Values from data/sources (002's rulings on Getrieben //
Verzweiflung: 002:9 „Falls du in einem Zug mehrere Exemplare von Driven oder Despair verrechnest …“)."""

from __future__ import annotations

import shutil
import sqlite3

import pytest

from bot.answers import AnswerContext, run_answer
from bot.question_mentions import (
    half_named,
    half_read,
    mentioned,
    other_names,
    printed_names,
    read_as_line,
    read_name,
    sole_name_words,
    table_named,
)
from bot.ranking import ranker
from bot.search import NameIndex
from bot.store import Store

DESPAIR_LINE = "ℹ️ „despair“ ist kein Kartenname; die Rulings zu **Getrieben // Verzweiflung** nennen es."


async def card_id(store, name):
    """The id of the card named ``name`` in the documents' store."""
    return next(e.card_id for e in await store.name_entries() if e.card_name == name)


async def test_the_split_cards_halves_are_read_from_the_store(store):
    halves = (await other_names(store)).halves
    assert halves["verzweiflung"] == halves["getrieben"] == await card_id(store, "Getrieben // Verzweiflung")
    assert halves["krims"] == await card_id(store, "Krims // Krams")
    assert len(halves) == 8  # four split cards in the documents, two halves each


@pytest.mark.parametrize(("text", "named"), [
    ("zweimal verzweiflung im selben zug gewirkt", True),  # a verb of casting beside it
    ("wenn ich Verzweiflung spiele", True),  # capitalised and played
    ("Verzweiflung und was passiert", True),  # capitalised
    ("getrieben und verzweiflung zusammen", True),  # the other half named too
    ("ich bin in verzweiflung was ist priorität", False),  # an ordinary word, no sign of a card
])
async def test_a_half_name_that_is_an_ordinary_word_needs_a_sign_of_a_card(store, text, named):
    found = half_named(text, (await other_names(store)).halves)
    assert (found is not None and found.card_id == await card_id(store, "Getrieben // Verzweiflung")) is named


async def test_a_name_only_one_cards_rulings_print_names_that_card(store):
    names = await other_names(store)
    assert names.printed["despair"] == names.printed["driven"] == await card_id(store, "Getrieben // Verzweiflung")
    found = table_named("zweimal despair im selben zug, triggert das dann doppelt", names)
    assert found is not None and found.how == "ruling" and found.word == "despair"
    # ordinary words (printed in many passages, lower case, or in the dictionary: „Leben“), a word no document
    # prints, and a card's own name are no such names
    assert not {"leben", "zweimal", "kreatur", "dovescape", "priorität"} & set(names.printed)
    # words of card names, each printed capitalised only in its own card's rulings (Agrus Kos, Wojek-Veteran;
    # Adarkarwalküre; Absolutions-Thrull): the name index finds those cards, the table does not name them again
    assert not {"agrus", "adarkarwalkure", "absolutions"} & set(names.printed)
    assert table_named("zweimal im selben zug triggert das doppelt", names) is None
    assert await mentioned(store, "was ist priorität") is None


def test_a_word_printed_elsewhere_or_in_lower_case_names_no_card():
    rows = [(7, "ruling", "Driven und Despair beeinflussen nur Kreaturen."),  # 002's ruling on card 7
            (7, "card", "Despair: Kreaturen, die du kontrollierst, …"),
            (8, "ruling", "Nur mit Kreaturen."),  # „Kreaturen“ in another card's ruling too
            (None, "mechanic", "Ein Segment über Driven-Effekte"),  # in a section: no card's own word
            (9, "ruling", "Eine Eisbahn ist eine eisbahn.")]  # printed lower case once
    assert printed_names(rows) == {"despair": 7}
    assert printed_names(rows, ordinary=["despair"]) == {}


async def test_the_table_is_read_once_and_a_question_reads_no_more_of_the_index(store):
    await other_names(store)
    reads = store.loop_reads + store.thread_reads
    assert await mentioned(store, "zweimal despair im selben zug, triggert das dann doppelt") is not None
    assert await mentioned(store, "was passiert wenn zwei legendäre permanente im spiel sind") is None
    assert store.loop_reads + store.thread_reads == reads  # from memory: no full-text query per word


async def test_an_english_name_of_the_aliases_names_its_card(built_db, tmp_path):
    db = tmp_path / "english.sqlite3"
    shutil.copy(built_db, db)
    with sqlite3.connect(db) as conn:  # as a build with card files writes it (kind ``english``)
        cid = conn.execute("SELECT id FROM cards WHERE name = 'Getrieben // Verzweiflung'").fetchone()[0]
        conn.execute("INSERT INTO card_aliases (card_id, alias, kind) VALUES (?, 'Driven // Despair', 'english')",
                     (cid,))
    store = await Store.open(db)
    try:
        found = await mentioned(store, "was passiert wenn ich Driven Despair wirke")
        assert found is not None and (found.word, found.card_id, found.how) == ("Driven Despair", cid, "english")
    finally:
        await store.close()


@pytest.fixture
async def english_store(built_db, tmp_path):
    """The documents' store with two English names as a build with card files writes them (``card_aliases``, kind
    ``english``): Chord of Calling = Akkord des Rufes, Boros Recruit = Boros-Rekrut (both of 001)."""
    db = tmp_path / "english.sqlite3"
    shutil.copy(built_db, db)
    with sqlite3.connect(db) as conn:
        for german, english in (("Akkord des Rufes", "Chord of Calling"), ("Boros-Rekrut", "Boros Recruit")):
            cid = conn.execute("SELECT id FROM cards WHERE name = ?", (german,)).fetchone()[0]
            conn.execute("INSERT INTO card_aliases (card_id, alias, kind) VALUES (?, ?, 'english')", (cid, english))
    store = await Store.open(db)
    yield store
    await store.close()


async def test_an_english_name_is_read_as_the_german_name(english_store):
    text, found = await read_name(english_store, "Chord-of-Calling: zählt convoke für X?", None)
    assert found is None and text == "Chord-of-Calling: zählt convoke für X?"  # no name index: nothing read
    names = NameIndex.from_entries(await english_store.name_entries())
    text, found = await read_name(english_store, "Chord-of-Calling: zählt convoke für X?", names)
    assert text == "Akkord des Rufes: zählt convoke für X?"
    assert found is not None and (found.word, found.how) == ("Chord of Calling", "english")
    text, found = await read_name(english_store, "was macht boros recruit", names)
    assert text == "was macht Boros-Rekrut" and found is not None


async def test_frage_ranks_an_english_names_rulings_as_the_german_names(english_store):
    ctx = AnswerContext(store=english_store, names=NameIndex.from_entries(await english_store.name_entries()))
    r = await ranker(english_store)
    found = await r.search(english_store, "chord of calling mit einberufen", ctx.names, limit=5)
    german = await r.search(english_store, "akkord des rufes mit einberufen", ctx.names, limit=5)
    # 001:202, Akkord des Rufes: „Erst kündigst du an, welche Zahl X ist, dann kündigst du an, welche Kreaturen du
    # tappst …“ — before, „chord“ met Chor des Konklave's ruling 001:307 and the card's rulings came below the section's
    assert [h.passage.key for h in found.hits] == [h.passage.key for h in german.hits]
    assert found.hits[0].passage.key == "001:202"
    reply = await run_answer(ctx, "question", question="chord of calling mit einberufen")
    body = reply.pages[0].body
    assert "ℹ️ „chord of calling“ gelesen als englischer Name von **Akkord des Rufes**." in body
    assert "Erst kündigst du an, welche Zahl X ist" in body


@pytest.mark.parametrize(("question", "gold", "within"), [
    ("zweimal despair im selben zug, triggert das dann doppelt", "002:9", 1),  # 4th without the table
    ("zweimal verzweiflung im selben zug gewirkt – triggert das dann doppelt?", "002:9", 3),  # 10th without it
])
async def test_the_cards_ruling_leads_when_a_mention_names_the_card(ctx, question, gold, within):
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, question, ctx.names, limit=10)
    assert gold in [h.passage.key for h in found.hits[:within]]


async def test_frage_says_once_which_card_the_word_was_read_as(ctx):
    reply = await run_answer(ctx, "question", question="zweimal despair im selben zug, triggert das dann doppelt")
    body = reply.pages[0].body
    assert body.count(DESPAIR_LINE) == 1
    assert "Jedes Vorkommen wird separat ausgelöst" in body  # 002:9 is the answer
    half = await run_answer(ctx, "question", question="zweimal verzweiflung im selben zug gewirkt")
    assert "ℹ️ „verzweiflung“ gelesen als Hälfte der geteilten Karte **Getrieben // Verzweiflung**." in (
        half.pages[0].body)


@pytest.mark.parametrize(("text", "word"), [
    ("Krams gewirkt, zählt das als rot", "Krams"),
    ("wenn ich Krams wirke welche farbe hat es", "Krams"),
    ("kann ich krims wirken und krams nicht", "krims"),  # both halves apart: the first is said
    ("krims krams wer gewinnt", None),  # the whole name, spelled without „//“
    ("Krims // Krams wer gewinnt", None),
])
async def test_a_card_the_name_index_read_by_its_half_is_said(store, text, word):
    krims = await card_id(store, "Krims // Krams")
    found = half_read(text, [krims], (await other_names(store)).halves)
    assert (found and (found.word, found.card_id, found.how)) == ((word, krims, "half") if word else None)


async def test_frage_says_which_card_a_half_name_was_read_as(ctx):
    # the name index reads „Krams“ as Krims // Krams (/karte accepts a half name): the reply says so, as for „despair“
    reply = await run_answer(ctx, "question", question="wenn ich Krams wirke welche farbe hat es")
    assert reply.pages[0].body.count("ℹ️ „Krams“ gelesen als Hälfte der geteilten Karte **Krims // Krams**.") == 1
    whole = await run_answer(ctx, "question", question="Krims // Krams wer gewinnt")
    assert "gelesen als Hälfte" not in whole.pages[0].body


async def test_the_typed_word_is_escaped_in_the_line(ctx):
    reply = await run_answer(ctx, "question", question="was macht *Despair* bei zwei kreaturen")
    assert "„Despair“ ist kein Kartenname" in reply.pages[0].body  # the markup is no part of the word


@pytest.mark.fresh_store
async def test_the_start_up_warm_up_reads_the_table(ctx):
    from bot.commands.questions import read_ranker

    await read_ranker(ctx)
    reads = ctx.store.loop_reads + ctx.store.thread_reads
    assert (await other_names(ctx.store)).printed["despair"] == await card_id(ctx.store, "Getrieben // Verzweiflung")
    assert ctx.store.loop_reads + ctx.store.thread_reads == reads + 1  # the name entries only: the table was read


async def test_a_card_files_passages_are_not_read_for_printed_names(built_db, tmp_path):
    # a word printed only in one card's ruling of a card file (MTGJSON) names no card by the table: a card file's
    # cards are found by the name index and their English names (card_aliases); reading its passages at every start
    # cost 4 s and 200 MB for 100 000 printings. The same word in a document's ruling does name the card.
    db = tmp_path / "cardfile.sqlite3"
    shutil.copy(built_db, db)
    with sqlite3.connect(db) as conn:
        cid = conn.execute("SELECT id FROM cards WHERE name = 'Boros-Rekrut'").fetchone()[0]
        doc = conn.execute("INSERT INTO documents (file, kind, title, language) VALUES "
                           "('AllPrintings.json', 'mtgjson', 'MTGJSON', 'en')").lastrowid
        faq = conn.execute("SELECT id FROM documents WHERE kind = 'faq' ORDER BY id").fetchone()[0]
        for key, document in (("AllPrintings.json:1", doc), ("001:99999", faq)):
            word = "Zorblaxian" if document == doc else "Quorvendal"
            conn.execute("INSERT INTO passages (key, kind, document_id, card_id, title, text, source, status) "
                         "VALUES (?, 'ruling', ?, ?, 'Boros-Rekrut', ?, 'x', 'current')",
                         (key, document, cid, f"{word} deals damage first."))
    store = await Store.open(db)
    try:
        printed = (await other_names(store)).printed
        assert "zorblaxian" not in printed
        assert printed.get("quorvendal") == cid
    finally:
        await store.close()


async def test_a_word_only_one_cards_name_holds_names_that_card(store):
    # „Rix Maadi, Palast aus Kerkern“ (001, Zwietracht): „rix“ and „maadi“ are in no other card's name and no other
    # passage's text; „Palast“ and „Kerkern“ are German words; „aus“ a stop word
    rix = await card_id(store, "Rix Maadi, Palast aus Kerkern")
    sole = (await other_names(store)).sole
    assert sole["rix"] == sole["maadi"] == rix
    assert not {"palast", "kerkern", "aus"} & set(sole)
    found = table_named("was macht rix", await other_names(store))
    assert found is not None and (found.how, found.word, found.card_id) == ("sole", "rix", rix)
    assert read_as_line(found, "Rix Maadi, Palast aus Kerkern") == (
        "ℹ️ „rix“ gelesen als Teil des Namens von **Rix Maadi, Palast aus Kerkern**.")


def test_a_name_word_of_two_cards_or_printed_elsewhere_names_no_card():
    cards = [(1, "Rix Maadi, Palast aus Kerkern"), (2, "Agrus Kos, Wojek-Veteran"), (3, "Wojek-Sanitäter"),
             (4, "Ab"), (5, "Flammende Exekution")]
    rows = [(1, "ruling", "Rix Maadi lässt jeden Spieler abwerfen."),  # its own ruling: still its word
            (None, "explanation", "Eine Exekution ist …"),  # printed outside the card: an ordinary word there
            (2, "ruling", "Agrus Kos und Maadi")]  # „maadi“ in another card's ruling
    assert sole_name_words(cards, rows, ordinary={"palast", "kerkern", "flammende"}) == {
        "rix": 1, "agrus": 2, "kos": 2, "veteran": 2, "sanitater": 3}  # „wojek“ is in two names, „ab“ too short



async def test_a_players_verb_form_a_synonym_group_lists_names_no_card_by_its_stem(ctx):
    """„kriegen“, „krieg“ are forms data/synonyms.tsv lists for „erhalten“ (players' „kriegt Schaden“); their stem
    „krieg“ is also that of the rare name word „Krieges“ (Kosten des Krieges, 001). Before, „krieg ich 3 leben“ named
    that card, and „… driven 2 mal caste kriegen meine viecher …“ lost 002's „Driven“ (Getrieben // Verzweiflung): a
    question naming a card by its name words is not read for names only rulings print."""
    r = await ranker(ctx.store)
    for question, card in (("krieg ich 3 leben", None), ("was macht kosten des krieges", "Kosten des Krieges"),
                           ("wenn ich driven 2 mal caste kriegen meine viecher dann doppelt trample",
                            "Getrieben // Verzweiflung")):
        found = await r.candidates(ctx.store, question, ctx.names)
        assert [ctx.names.card_names[c] for c in found.cards] == ([card] if card else []), question
