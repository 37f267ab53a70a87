"""Entries of the German rules explanation (003) named by their rule number and German terms in every answer that
shows them (/frage and its buttons, /regel suche, the rb:rulex page), and /regel suche on more than one term.

Expected values from data/sources/003_b16bc3bb93a072a0.txt (line 396 the „Wicked“ role token, today 111.10q;
line 390 the Inkubator token, today 111.10i; line 152 the endless loop, „Begriffeevent“, today 104.4b; line 124 „Es
gibt mehrere Möglichkeiten, die Partie zu verlieren.“, „Begriffelose the game“, uncertain 104.3) with
data/explanations_numbers.tsv, and from
data/terms_de_en.tsv (Friedhof 404, Spielstein 111, Priorität 117).
"""

from __future__ import annotations

import re

from bot.answers import run_action, run_answer
from bot.explanation_naming import german_terms
from bot.render import payload
from bot.rule_catalog import catalog
from tests.test_render import assert_within_limits

TOKEN_QUESTION = "token kommt in den friedhof, gibts den dann noch"
#: How an entry of 003 is named: its rule number (certain or „vermutlich“), then its terms in German.
NAMED = re.compile(r"^(Regel \d{3}(\.\d+[a-z]?)? \(Erklärung\)|Erklärung, vermutlich Regel \d{3}(\.\d+[a-z]?)?)"
                   r"( – [A-ZÄÖÜ].*)?$")


async def test_frage_names_003_candidates_and_buttons_by_their_rule_number(ctx):
    reply = await run_answer(ctx, "question", question=TOKEN_QUESTION)
    page = reply.pages[0]
    by_key = {a.arg: a.label for a in reply.actions}
    # 003:424, rule 111.7 on a token in another zone, leads (its page named by its number; since the headword part,
    # docs/ranking.md ¹⁵⁷, before it 003:396, the „Wicked“ role token of 111.10q, and before the restated part, ¹⁴⁸,
    # Beschlagnahme der Seele's ruling), and 003:390, the Inkubator token of 111.10i, is among the candidates, its
    # button named by its number
    assert page.title == "Regel 111.7 (Erklärung)"
    assert by_key["003:390"].split(". ", 1)[1] == "Regel 111.10i (Erklärung)"
    explained = [label.split(". ", 1)[1] for key, label in by_key.items() if key.startswith("003:")]
    assert len(explained) >= 2 and all(NAMED.match(label) for label in explained), explained
    labels = [a.label for a in reply.actions]
    assert len(set(labels)) == len(labels) and all(len(label) <= 80 for label in labels)
    fields = [f.name for f in page.fields if "(Erklärung)" in f.name or "Erklärung," in f.name]
    # the candidate line names the entry as its button does, the document by its source: no kind added to the name
    assert any(re.match(r"[2-5]\. Regel 111\.10i \(Erklärung\) · Magic-Regelwerk auf Deutsch", name)
               for name in fields), fields
    assert not any("Regelerklärung" in name or name.count(" – ") > 1 for name in fields), fields
    assert_within_limits(payload(reply))


async def test_the_passage_button_opens_a_003_entry_under_its_number_and_german_term(ctx):
    wicked = await run_action(ctx, "passage", "003:396")
    assert wicked.pages[0].title == "Regel 111.10q (Erklärung)"
    assert wicked.pages[0].body.startswith("**Regel 111.10q (Erklärung)** · Magic-Regelwerk auf Deutsch (CardX")
    loop = await run_action(ctx, "passage", "003:152")  # „Begriffeevent“
    assert loop.pages[0].title == "Regel 104.4b (Erklärung) – Ereignis"
    lose = await run_action(ctx, "passage", "003:124")  # „Begriffelose the game“, number uncertain
    assert lose.pages[0].title == "Erklärung, vermutlich Regel 104.3 – Partie verlieren"
    assert lose.pages[0].body.startswith(f"**{lose.pages[0].title}** · Magic-Regelwerk")  # heading = title
    for reply in (loop, lose):
        assert "event" not in reply.pages[0].title and "lose the game" not in reply.pages[0].title


async def test_regel_suche_and_rulex_give_the_german_term_with_the_english_in_parentheses(ctx):
    cat = await catalog(ctx.store)
    entry = next(e for e in cat.explanations if e.text.startswith("Gerät eine Partie ohne die Option"))
    page = (await run_action(ctx, "rulex", str(entry.id))).pages[0]
    assert page.title == "Regel 104.4b (Erklärung) – Ereignis"
    assert [(f.name, f.value) for f in page.fields if f.name == "Begriffe"] == [("Begriffe", "Ereignis (event)")]


async def test_every_term_003_prints_has_a_german_name(ctx):
    """003's „Begriffe…“ trailers name 15 English glossary terms; each has its German name (term table or
    data/explanation_terms.tsv), so no English term stands alone in a label."""
    cat = await catalog(ctx.store)
    printed = {t for e in cat.explanations for t in e.terms}
    assert len(printed) == 15
    assert {t: german_terms().get(t.casefold()) for t in printed if t.casefold() not in german_terms()} == {}
    assert german_terms()["player"] == "Spieler" and german_terms()["starting player"] == "Startspieler"


async def test_regel_suche_on_two_terms_is_the_ranked_search_with_the_terms_named(ctx):
    reply = await run_answer(ctx, "rule", search="spielstein friedhof")
    first = reply.pages[0]
    assert first.title == "Regeln zu „spielstein friedhof“"
    assert first.body.startswith(  # the terms' own pages lead the word matches
        "Begriffe im Suchtext: **Friedhof** (Regel 404), **Spielstein** (Regel 111); jeden einzeln erklärt: "
        "`/regel suche: Friedhof` · `/regel suche: Spielstein`\n\n18 Stellen in Regeln")
    # 003:317 „Ein Spielstein, der sich in einer anderen Zone als dem Spiel befindet, hört auf zu existieren.“
    assert "**Regel 111.7 (Erklärung)**\nEin **Spielstein**, der sich in einer anderen Zone" in first.body
    assert_within_limits(payload(reply))


async def test_regel_suche_on_two_terms_leads_with_the_terms_pages(ctx):
    # the word matches (502.43a Transmutation, 107.3g, 111.3) hold neither term: the terms' pages come first
    first = (await run_answer(ctx, "rule", search="manawert geteilte karte")).pages[0]
    assert first.body.startswith(
        "Begriffe im Suchtext: **Geteilte Karte** (Regel 709), **Manawert** (Regel 202.3); jeden einzeln erklärt: "
        "`/regel suche: Geteilte Karte` · `/regel suche: Manawert`\n\n3 Stellen in Regeln")
    assert first.body.index("Begriffe im Suchtext") < first.body.index("**502.43a**")


async def test_regel_suche_on_one_term_keeps_its_term_page(ctx):
    for search, title in [("friedhof", "Friedhof – Regel 404"), ("was ist vorrang", "Priorität – Regel 117"),
                          ("wann bekomme ich priorität", "Priorität – Regel 117"),
                          ("trampelschaden regel", "Trampelschaden – Regel 702.19")]:
        reply = await run_answer(ctx, "rule", search=search)
        assert reply.pages[0].title == title, search
        assert "Begriffe im Suchtext" not in reply.pages[0].body


async def test_ruling_suche_on_two_terms_is_the_ranked_search_too(ctx):
    reply = await run_answer(ctx, "ruling", search="spielstein friedhof")
    assert reply.pages[0].title == "Rulings mit „spielstein friedhof“"
    # 001, Geiernder Zombie: a ruling naming both
    assert "wenn ein **Spielstein** auf den **Friedhof** deines Gegners gelegt wird" in reply.pages[0].body
