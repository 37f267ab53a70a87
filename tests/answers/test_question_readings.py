"""Readings of a German question that no single word gives as typed (bot/question_senses.py, bot/definitions.py):
„legendär“ with „Namen“ asks the legend rule, „was bewirkt …“ asks what a thing is, as „was macht …“ does, and only
003's own definition of Spielstein (CR 111.1) defines it, not a predefined token's sentence."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.definitions import asks_definition
from bot.question_senses import LEGEND_RULE, LEGENDARY, legend_concepts, legendary_concepts
from bot.ranking import ranker
from bot.words import tokens


@pytest.mark.parametrize(("question", "named"), [
    ("zwei legendäre kreaturen mit gleichem namen", True),
    ("2 legendaere mit gleichem namen im spiel was passiert", True),
    ("zwei gleichnamige legendäre permanente", True),
    ("two legendary creatures with the same name", True),
    ("zwei kreaturen mit gleichem namen", False),  # no „legendär“: 003:419 on a token's name may answer
    ("zwei gleiche legenden im spiel was passiert", True),  # players' „Legende“ and „gleich“ for the same name
    ("mein gegner und ich haben beide dieselbe legendäre kreatur, muss einer sterben?", True),
    ("die selbe legende zweimal", True),
    ("zwei legenden im spiel", False),  # two legendary permanents, no sameness said
    ("verliert ein legendäres land durch terraformer das legendär", False),  # no name asked
])
def test_legendary_with_name_names_the_legend_rule(question, named):
    assert legend_concepts(tokens(question)) == (list(LEGEND_RULE) if named else [])
    assert LEGEND_RULE == ("zzklegendxrule", "zzslegendenregel")  # the term table's row and the synonym group


async def test_two_legendary_creatures_of_one_name_lead_with_the_legend_rule(ctx):
    # 001 line 1522 (Ley-Linie der Einzigartigkeit) states the legend rule for every legendary permanent; before,
    # 003 line 419 (CR 111.4, a token's name) led unhedged on the word „Namen“ alone
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, "zwei legendäre kreaturen mit gleichem namen", ctx.names, limit=3)
    first = found.hits[0]
    assert first.passage.key == "001:1522" and found.clear
    assert first.passage.text.startswith("Die „Legendenregel“ sorgt dafür, dass alle legendären bleibenden Karten "
                                         "mit demselben Namen auf den Friedhof ihres Besitzers gelegt werden.")
    assert "003:419" in [h.passage.key for h in found.hits]  # still offered, below


def test_the_noun_legende_names_legendary():
    # players say „Legende“ for a legendary permanent (CR 205.4d, the table's Legendär); no document prints the noun
    assert legendary_concepts(tokens("zwei gleiche Legenden im Spiel")) == [LEGENDARY] == ["zzklegendary"]
    assert legendary_concepts(tokens("die Legende")) == [LEGENDARY]
    assert legendary_concepts(tokens("was macht die legendenregel")) == []  # the rule's own name
    assert legendary_concepts(tokens("legendäre kreatur")) == []  # the adjective is the table's own word


async def test_the_legend_rule_in_players_words_leads_with_the_rule_and_today_s_notice(ctx):
    # 001:1522 „Die „Legendenregel“ sorgt dafür, dass alle legendären bleibenden Karten mit demselben Namen auf den
    # Friedhof ihres Besitzers gelegt werden.“ with the register's notice (data/changes.toml, legend_rule); before,
    # Dominierender Götze's ruling led and the notice came as button 5
    reply = await run_answer(ctx, "question", question="mein gegner und ich haben beide dieselbe legendäre kreatur, "
                                                       "muss einer sterben?")
    body = reply.pages[0].body
    assert reply.pages[0].title == "Ley-Linie der Einzigartigkeit"
    assert "_Schlüssel: 001:1522_" in body
    assert "Bleibende Karten verschiedener Spieler sind nicht betroffen." in body.split("_Schlüssel")[0]
    # „zwei gleiche legenden im spiel“: before, Erleuchteter Dschinn's ruling led (words „zwei“, „gleich“, „im
    # Spiel“); now the legend rule's two rulings lead, Tolsimir Wolfsblut's (001:968, the Voja token, „im Spiel“)
    # before 001:1522, each with today's notice
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, "zwei gleiche legenden im spiel was passiert", ctx.names, limit=3)
    assert [h.passage.key for h in found.hits[:2]] == ["001:968", "001:1522"]


async def test_only_the_rule_on_tokens_defines_spielstein(ctx):
    # 003 line 370 (CR 111.1) „Ein Spielstein ist ein Platzhalter für ein Permanent …“ defines Spielstein; 003 line
    # 404 „Ein Kernholz-Spielstein ist …“ and 402 „Ein Vibranium-Spielstein ist …“ (predefined tokens without a row
    # of the term table) define their names only, no longer Spielstein too
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, "was ist ein spielstein", ctx.names, limit=5)
    first, parts = found.hits[0], {h.passage.key: h.parts for h in found.hits}
    assert first.passage.key == "003:370" and first.parts["definition"] == r.weights.definition
    assert "Ein Spielstein ist ein Platzhalter für ein Permanent" in first.passage.text
    assert all("definition" not in parts.get(key, {}) for key in ("003:404", "003:402"))


@pytest.mark.parametrize("question", ["was bewirkt spuk", "was macht spuk"])
async def test_was_bewirkt_asks_what_a_mechanic_is(ctx, question):
    # „bewirkt“ is an asking verb like „macht“: 001 line 1078, the Spuk section's introduction, leads for both
    assert asks_definition(question)
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, question, ctx.names, limit=1)
    assert found.analysis.definition and found.hits[0].passage.key == "001:1078"
    assert found.hits[0].passage.title == "Spuk" and "form" in found.hits[0].parts
