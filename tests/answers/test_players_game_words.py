"""Players' English game words and longer slang read as the term they stand for (docs/ranking.md ⁶⁴), on the real
store: a word of a synonym group that no document prints and that is longer than an abbreviation („kontern“,
„tapped“, „etbt“) is read as the words of its term (``data/players_words.tsv``), so it names the term's concept as
the term's own name does, and ``/regel suche`` with the word alone opens the term's page as ``/regel suche: prio``
does (Neutralisieren 701.6, Ins Exil schicken 701.13 for „flicker“, Tappen und Enttappen 701.26): of one concept's
terms, the one its group spells most names of. One ``term_concept`` serves the term table and the players'
shorthand (:mod:`bot.concepts`)."""

from __future__ import annotations

import pytest

import bot.concepts
import bot.shorthand
import bot.terms
from bot.answers import run_answer
from bot.players_words import reading
from bot.ranking import ranker
from bot.search import NameIndex
from bot.shorthand import names_spelled

COUNTER, TAP = "zzkcounter", "zzktapxandxuntap"


@pytest.mark.parametrize(("search", "title"), [
    ("kontern", "Neutralisieren – Regel 701.6"),
    ("gekontert", "Neutralisieren – Regel 701.6"),
    ("countert", "Neutralisieren – Regel 701.6"),
    ("gecountert", "Neutralisieren – Regel 701.6"),  # before: a typo of „Age Counter“, Altersmarke 702.24a
    ("flicker", "Ins Exil schicken – Regel 701.13"),
    ("geflickert", "Ins Exil schicken – Regel 701.13"),
    ("blink", "Ins Exil schicken – Regel 701.13"),  # before: the zone Exil, 406
    ("countern", "Neutralisieren – Regel 701.6"),  # a search of the word alone: the group's term
    ("tapped", "Tappen und Enttappen – Regel 701.26"),
    ("untapped", "Tappen und Enttappen – Regel 701.26"),
])
async def test_a_players_game_word_opens_its_terms_page(ctx, search, title):
    reply = await run_answer(ctx, "rule", search=search)
    assert reply.pages[0].title == title


@pytest.mark.parametrize(("question", "concepts"), [
    ("kann der gegner meinen zauber kontern", {COUNTER}),
    ("der zauber wird gecountert, wohin geht die karte", {COUNTER}),
    ("bleibt die kreatur tapped", {TAP}),
    ("wann ist ein land etbt", {TAP, "zzsschlachtfeldxins"}),  # kommt getappt ins Spiel (001)
])
async def test_a_players_game_word_names_its_terms_concept(ctx, question, concepts):
    r = await ranker(ctx.store)
    a = r.analyser.analyse(question, question=True)
    assert concepts <= set(a.concepts), a.concepts


def test_etbt_is_entering_tapped_and_countern_no_reading():
    assert reading("etbt") == ("kommt", "getappt", "ins", "spiel")
    assert reading("etbs") == ("kommt", "ins", "spiel")  # the plural of „ETB“: no „getappt“
    # „countern“ is also the dative plural of „Counter“ (Marke): „ab wie vielen poison countern ist man raus“
    assert reading("countern") is None and reading("kontern") == reading("gekontert") == ("neutralisieren",)
    # „flicker“, „blink“: exiled and returned (003:426 „… kann nicht … ins Spiel zurückkehren“, docs/ranking.md ¹³⁵);
    # „ins Exil“ keeps the group's concept, so /regel suche still opens Ins Exil schicken
    assert reading("flicker") == reading("geflickert") == reading("blink") == (
        "ins", "exil", "und", "ins", "spiel", "zurückkehren")


@pytest.mark.parametrize("question", [
    "ich flicker meinen spielstein, kommt der wieder?",
    "spielstein geblinkt, was passiert",
    "kann man einen token blinken",
])
async def test_a_flickered_token_asks_whether_it_returns_from_exile(ctx, question):
    """„flicker“/„blink“ mean a permanent exiled and returned to the battlefield; for a token CR 111.8 answers it,
    003:426 „Ein Spielstein, der das Spiel verlassen hat, kann nicht in eine andere Zone wechseln oder ins Spiel
    zurückkehren.“ The question now holds that entry's „zurückkehren“ and „ins Spiel“ (before only „Exil“, which
    003:409's Mimic Vat example and 003:400's Altmetall token print as well: 003:426 was third behind both)."""
    r = await ranker(ctx.store)
    asked = r.analyser.analyse(question, question=True)
    entry = await ctx.store.passage_by_key("003:426")
    assert entry is not None and "zzsschlachtfeldxins" in set(asked.concepts) & set(entry.concepts)
    assert "zuruckkehr" in set(asked.terms) & set(r.analyser.analyse(entry.text).terms)
    names = NameIndex.from_entries(await ctx.store.name_entries())
    found = await r.search(ctx.store, question, names, limit=3)
    assert found.hits[0].passage.key == "003:426", [h.passage.key for h in found.hits]


def test_of_one_concepts_terms_a_group_stands_for_the_one_it_spells_most_names_of():
    # *Exile*: the group „exil“ spells 7 names of the action (701.13) and 3 of the zone (406); *Counter*: the group
    # „neutralisieren“ 3 of Neutralisieren (701.6) and 1 of Marke (122, „Counter“)
    groups = {g.key: g for g in bot.terms.synonyms()}
    terms = {t.german: t for t in bot.terms.term_index().terms}
    assert [names_spelled(groups["exil"], terms[t]) for t in ("Ins Exil schicken", "Exil")] == [7, 3]
    assert [names_spelled(groups["neutralisieren"], terms[t]) for t in ("Neutralisieren", "Marke")] == [3, 1]


def test_one_term_concept_for_the_term_table_and_the_shorthand():
    # both import one function (before: bot.shorthand kept a copy of bot.terms' because of an import cycle)
    assert bot.terms.term_concept is bot.shorthand.term_concept is bot.concepts.term_concept
    trample = next(t for t in bot.terms.term_index().terms if t.german == "Trampelschaden")
    assert bot.concepts.term_concept(trample) == "zzktrample"
