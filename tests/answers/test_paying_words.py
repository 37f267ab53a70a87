"""The players' „zahlen“ is the documents' „bezahlen“, and the fold does not make „zählen“ of it (on the real store).

Tokens are folded (ä → a), so „zählt“ and the players' „zahlt“ (pays) are one token; the reading of
``data/players_words.tsv`` and ``data/players_senses.tsv`` is given only to the word typed with the plain vowel
(:func:`bot.players_words.typed_so`): 001 says „bezahlen“ (47 times), never „zahlen“ for it, and its „Zahl“ („Kopf“
oder „Zahl“, 001:2835) and „zählt“ fold to the same stem as the players' word.
"""

from __future__ import annotations

import pytest

from bot.answers.query_notes import players_reading
from bot.players_words import listed, reading, typed_so
from bot.ranking import ranker


@pytest.mark.parametrize(("word", "typed", "read"), [
    ("zahlt", "gegner zahlt die 1, zieh ich trotzdem", ("bezahlen",)),
    ("zahlt", "Zahlt er die 1?", ("bezahlen",)),
    ("zahlt", "was zählt als einfarbig", None),  # folded to „zahlt“, typed with the umlaut: counts
    ("zaehlt", "split karte abwerfen zaehlt doppelt?", None),  # the umlaut typed as „ae“
])
def test_a_plain_players_word_is_read_only_as_typed(word, typed, read):
    assert reading(word, typed) == read


def test_typed_so_needs_the_plain_spelling():
    assert typed_so("zahlen", "kumulative versorgung teilweise zahlen")
    assert not typed_so("zahlen", "zählen die manasymbole")
    assert not typed_so("zahlen", "zaehlen die manasymbole")
    assert typed_so("mulli", "darf ich nach dem mulli")  # a word not spelt so in the table: no restriction


@pytest.mark.parametrize(("question", "term", "not_term"), [
    ("kumulative versorgung nur teilweise zahlen", "bezahl", "zahl"),
    ("muss ich fuer propaganda zahlen wenn meine kreatur provoziert ist", "bezahl", "zahl"),
    ("was zählt als einfarbig", "zahl", "bezahl"),
    ("zählen die manasymbole", "zahl", "bezahl"),
    ("magic verwendet nur ganze zahlen?", "zahl", "bezahl"),  # 003:219: the noun's sense by its context „ganze“
])
async def test_zahlen_is_bezahlen_where_it_pays(ctx, question, term, not_term):
    r = await ranker(ctx.store)
    terms = r.analyser.analyse(question, question=True).terms
    assert term in terms and not_term not in terms, terms


async def test_how_much_cumulative_upkeep_costs_leads_with_its_ruling(ctx):
    # read as „zahl“, the question met 001:2835's „Kopf“/„Zahl“ (a choice of cumulative upkeep), which led
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, "wie viel muss ich bei kumulativer versorgung zahlen", ctx.names, limit=5)
    first = found.hits[0].passage
    assert first.key == "001:2833"
    assert first.text.startswith("Es ist immer optional, die Kumulativen Versorgungskosten zu bezahlen.")
    assert "ob er entweder {4} bezahlt oder die bleibende Karte opfert" in first.text


def test_the_search_note_names_the_reading_only_where_it_was_read():
    assert players_reading("kumulative versorgung zahlen") == (
        "Gelesen als die Wörter der Dokumente (Spielersprache): „zahlen“ als „bezahlen“.")
    assert players_reading("was zählt als einfarbig") == ""
    assert players_reading("magic nur ganze zahlen") == ""  # the noun: read as itself, no note


def test_a_word_typed_with_the_umlauts_letters_is_not_the_listed_plain_word():
    # „zaehlt“ folds to the listed „zahlt“ (pays), but it is 001's „zählt“: the typo repair must spell it so
    assert listed("zahlt")
    assert not listed("zaehlt")
    assert not listed("zählt")


async def test_zaehlt_is_read_as_the_documents_zaehlt(ctx):
    # kept as the listed „zahlt“ the word stayed unrepaired, its term „zahlt“ met no passage (001 prints „zählt“)
    r = await ranker(ctx.store)
    terms = r.analyser.analyse("split karte abwerfen zaehlt doppelt?", question=True).terms
    assert "zahl" in terms and "zahlt" not in terms, terms


async def test_a_split_card_discarded_counts_once_leads_with_its_ruling(ctx):
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, "split karte abwerfen zaehlt doppelt?", ctx.names, limit=5)
    first = found.hits[0].passage
    assert first.key == "002:33"
    assert "Falls du zum Beispiel eine abwirfst, hast du eine Karte abgeworfen, nicht zwei." in first.text
