"""The players' „umsonst“, „kostenlos“, „gratis“ (``data/players_senses.tsv``, docs/ranking.md ¹⁶⁵): beside a word of
casting („zauber“, „spielen“, „gewirkt“, „casten“) it is the documents' „ohne (ihre) Manakosten zu bezahlen“ (CR 118.9;
001:891, 003:256); beside „Mulligan“ it is 003:93's „zählt … weder …“ (CR 103.5c: the free first mulligan).

Before the rows a question on X of a spell cast „umsonst“ met 003's other X entries (003:268 on a delayed trigger,
003:258 on X the text sets) before 003:256, which states the value: the players' word is no word of the documents.
"""

from __future__ import annotations

import pytest

from bot.answers.query_notes import players_reading
from bot.players_senses import sense_reading
from bot.ranking import ranker
from bot.text import tokens

CAST_FREE = ("ohne", "manakosten", "bezahlen")


@pytest.mark.parametrize(("question", "word", "read"), [
    ("spruch mit X umsonst casten, welchen wert hat X", "umsonst", CAST_FREE),
    ("x zauber kostenlos gewirkt was ist x", "kostenlos", CAST_FREE),
    ("kann ich die andere haelfte gratis spielen", "gratis", CAST_FREE),  # „haelfte“ folds to the context „halfte“
    ("ist der erste mulligan gratis", "gratis", ("zählt",)),
    ("erster mulli im multiplayer umsonst?", "umsonst", ("zählt",)),
    # no word of either sense: read in both, the rest of the question decides
    ("war das umsonst", "umsonst", (*CAST_FREE, "zählt")),
])
def test_the_sense_is_read_by_the_questions_other_words(question, word, read):
    assert sense_reading(word, tokens(question)) == read


async def test_x_of_a_spell_cast_for_free_leads_with_the_rule_stating_it(ctx):
    # 003:256 (CR 107.3b with 118.9): the only value of X is 0; before, „umsonst“ held nothing and 003:256 was not first
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, "zauber mit X umsonst gewirkt, welchen wert hat X", ctx.names, limit=3)
    first = found.hits[0].passage
    assert first.key == "003:256"
    assert "ohne die Manakosten oder alternative Kosten mit X zu bezahlen, ist 0 die einzige zulässige Wahl für X" in (
        first.text)


async def test_a_free_mulligan_is_not_read_as_casting(ctx):
    # the mulligan sense reads 003:93's „zählt“: the rule on the first mulligan of a multiplayer game stays first
    r = await ranker(ctx.store)
    terms = r.analyser.analyse("ist der erste mulligan im mehrspieler gratis", question=True).terms
    assert "manakost" not in terms and "bezahl" not in terms, terms
    found = await r.search(ctx.store, "ist der erste mulligan im mehrspieler gratis", ctx.names, limit=3)
    first = found.hits[0].passage
    assert first.key == "003:93"
    assert "zählt der erste Mulligan eines Spielers weder für die Anzahl der Karten" in first.text


def test_the_answer_names_the_reading():
    assert players_reading("x zauber kostenlos gewirkt was ist x") == (
        "Gelesen als die Wörter der Dokumente (Spielersprache): „kostenlos“ als „ohne manakosten bezahlen“.")
    assert players_reading("ist der erste mulligan gratis") == (
        "Gelesen als die Wörter der Dokumente (Spielersprache): „gratis“ als „zählt“.")


async def test_players_words_of_the_same_kind_meet_the_documents_words(ctx):
    # „monocolor“ is 001's „einfarbig“ (105.2a), „reanimiert“ 001's „… ins Spiel gebracht“ of a card from the
    # graveyard, „gesteelt“ the synonym group of „übernimmt die Kontrolle“ (001, 002); before, none was read
    r = await ranker(ctx.store)
    read = r.analyser.analyse("zählt ein artefakt bei effekten die nur monocolor sachen treffen", question=True)
    assert "einfarb" in read.terms and "zzsfarbe" in read.terms, read.terms
    read = r.analyser.analyse("kreatur reanimiert, zahl ich mana", question=True)
    assert {"friedhof", "zzkgraveyard", "zzkentersxthexbattlefield"} <= set(read.terms), read.terms
    read = r.analyser.analyse("kreatur gesteelt, wer kontrolliert sie", question=True)
    assert "zzskontrollexubernehmen" in read.terms, read.terms
    found = await r.search(ctx.store, "wie viele farben hat ein artefakt, zählt das als monocolor", ctx.names, limit=3)
    assert "001:2037" in [h.passage.key for h in found.hits]  # „… weder mehrfarbig noch einfarbig. (Artefakte …)“
    assert players_reading("nur monocolor sachen") == (
        "Gelesen als die Wörter der Dokumente (Spielersprache): „monocolor“ als „einfarbig“.")
