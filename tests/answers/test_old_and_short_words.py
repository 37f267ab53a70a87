"""Old words of the 2005–2007 documents, players' shorthand and English words meet the documents' terms, on the
real store: 001's „ganz aus dem Spiel entfernen“ is today's „ins Exil schicken“ (CR 701.13, the rules change of
2009), also a player's „geexilt“ or „RFG“; „bib“, „gy“, „pw“, „lp“ name their zone, card type or life; „tokens“ is
Spielstein (CR 111), no typo to name; a strong verb's short present form meets its verb („hält“ → halten)."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.definitions import DEFINED, defined_terms
from bot.ranking import ranker
from bot.word_parts import participle_verb

EXILE = frozenset({"zzkexile", "zzsexil"})  # the term table's Exile and the synonym group of data/synonyms.tsv


async def concepts_of(ctx, key: str) -> frozenset[str]:
    """The concepts column of the passage ``key``, which must exist."""
    passage = await ctx.store.passage_by_key(key)
    assert passage is not None, key
    return frozenset(passage.concepts)


async def question_concepts(ctx, question: str) -> frozenset[str]:
    """The concepts the ranker's analysis finds in ``question``."""
    return frozenset((await ranker(ctx.store)).analyser.analyse(question, question=True).concepts)


async def test_the_old_exile_wording_and_todays_words_meet_on_the_term_tables_exile(ctx):
    # 001:2943 (Karten mit doppeltem Zuschießen) „Du kannst keine Karte aus deiner Hand ganz aus dem Spiel entfernen,
    # um für ihre eigenen Kosten zu bezahlen.“ holds Exile (701.13) by its old name; a player's today's word, the
    # participle „geexilt“ and the old English „removed from the game“ (RFG) name it too
    passage = await ctx.store.passage_by_key("001:2943")
    assert passage is not None and "ganz aus dem Spiel entfernen" in passage.text
    assert "zzkexile" in await concepts_of(ctx, "001:2943")
    for question in ("kann ich die karte selbst für ihre alternativen kosten exilen", "ins exil schicken",
                     "wird die kreatur aus dem spiel entfernt", "ganz aus dem spiel entfernen", "wurde geexilt", "rfg"):
        assert "zzkexile" in await question_concepts(ctx, question), question
    assert await question_concepts(ctx, "wurde geexilt") >= EXILE  # the term table's and the synonym group's


@pytest.mark.parametrize(("word", "concept"), [
    ("bib", "zzklibrary"),  # Bibliothek (401)
    ("gy", "zzkgraveyard"),  # Friedhof (404), English graveyard
    ("grave", "zzkgraveyard"),
    ("pw", "zzkplaneswalker"),  # Planeswalker (306)
    ("lp", "zzklife"),  # Lebenspunkte (119)
    ("hp", "zzklife"),
    ("sac", "zzksacrifice"),  # Opfern (701.21)
    ("etb", "zzsschlachtfeldxins"),
    ("cmc", "zzsmanawert"),
])
async def test_players_shorthand_names_the_documents_term(ctx, word, concept):
    assert concept in await question_concepts(ctx, f"was passiert mit der {word}"), word


async def test_bib_and_tokens_get_no_note_of_a_word_no_document_holds(ctx):
    analysis = (await ranker(ctx.store)).analyser.analyse("kann ich tokens in die bib mischen", question=True)
    assert analysis.typos == {}  # „tokens“ is the English name's plural (Token, 111), not a slip of „token“
    assert {"zzktoken", "zzklibrary", "zzsbibliothek"} <= set(analysis.concepts)
    body = (await run_answer(ctx, "question", question="kann ich tokens in die bib mischen")).pages[0].body
    assert "in keinem Dokument" not in body and "gelesen als" not in body


async def test_a_predefined_tokens_definition_defines_that_token_not_every_token(ctx):
    # 003:374 „Ein Schatz-Spielstein ist ein farbloser Schatz-Artefaktspielstein …“ (111.10a) defines Treasure; only
    # 003:370 „Ein Spielstein ist ein Platzhalter für ein Permanent …“ (111.1) defines Spielstein
    analyser = (await ranker(ctx.store)).analyser
    treasure = await ctx.store.passage_by_key("003:374")
    token = await ctx.store.passage_by_key("003:370")
    assert treasure is not None and token is not None
    # Treasure and the name players use alone („was macht ein schatz“), not Spielstein
    assert defined_terms(analyser, treasure.text, document="003") == [DEFINED + "schatz", DEFINED + "zzktreasure"]
    assert DEFINED + "zzktoken" in defined_terms(analyser, token.text, document="003")
    # a predefined token without a row of the term table defines its name alone: 003:404 „Ein Kernholz-Spielstein ist
    # ein rot-grüner Kernholz-Artefaktspielstein …“ (111.10) and 003:402 „Ein Vibranium-Spielstein ist …“
    for key, name in (("003:404", "kernholz"), ("003:402", "vibranium")):
        record = await ctx.store.passage_by_key(key)
        assert record is not None and record.text.startswith(f"Ein {name.capitalize()}-Spielstein ist ")
        assert defined_terms(analyser, record.text, document="003") == [DEFINED + name]


async def test_a_strong_verbs_short_present_form_meets_its_infinitive(ctx):
    # „hält“ is halten (001 „behält“, „enthält“), „gibst“ geben, „wärst“ a form of „sein“ (a stop word, as „wäre“),
    # not „waren“; the stop words „gibt“ („es gibt“) and „gilt“ stay unread
    vocab = (await ranker(ctx.store)).analyser.vocab
    assert {w: participle_verb(w, vocab) for w in ("hält", "gibst", "wärst", "gibt", "gilt")} == {
        "hält": "halten", "gibst": "geben", "wärst": None, "gibt": None, "gilt": None}
