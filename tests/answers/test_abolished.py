"""``/regel suche`` on rules words today's rules abolished or changed: the change register's row (data/changes.toml)
leads, with what the documents said and today's status."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.answers.abolished import (
    BELOW,
    QUOTED_ABOVE,
    RegisterWords,
    asked_rows,
    named_rows,
    register_rows,
    register_words,
)
from tests.answers.test_rulings import all_payloads
from tests.test_render import assert_within_limits


async def test_an_abolished_word_no_rule_holds_gets_the_registers_status_not_nichts_gefunden(ctx):
    reply = await run_answer(ctx, "rule", search="Manabrand")
    assert not reply.error
    page = reply.pages[0]
    assert page.title == "„Manabrand“ heute"
    body = page.body
    assert body.startswith("**Manabrand abgeschafft** (seit 11.07.2009)\n**Früher** (Ravnica: Stadt der Gilden")
    assert "Kann der Spieler das Mana nicht verwenden, erleidet er am Ende der Phase Manabrand." in body
    assert ("⚠️ **Heute:** Manabrand gibt es nicht mehr: Nicht verwendetes Mana verschwindet am Ende jedes Segments "
            "und jeder Phase, ohne Lebensverlust. _(Beleg: 106.4") in body
    assert "Tressen aus Feuer" in body  # the register's second row on Manabrand (001:3036)
    assert page.actions and page.actions[0].action == "passage"
    for message in all_payloads(reply):
        assert_within_limits(message)


async def test_an_old_phrase_leads_with_its_row_before_the_zone_it_names(ctx):
    reply = await run_answer(ctx, "rule", search="Kampfschaden auf den Stapel")
    assert reply.pages[0].body.startswith("**Kampfschaden benutzt den Stapel nicht mehr** (seit 11.07.2009)")
    assert "Szadek" in reply.pages[0].body  # 001's ruling that had combat damage on the stack
    # two terms (Kampfschaden, Stapel): the ranked search, the zone's term page one look-up away
    assert "Begriffe im Suchtext: **Stapel** (Regel 405), **Kampfschaden** (Regel 510.1)" in reply.pages[1].body


async def test_a_single_word_of_a_row_asks_for_itself(ctx):
    reply = await run_answer(ctx, "rule", search="Stapel")
    assert reply.pages[0].title.startswith("Stapel – Regel 405")
    assert all(p.title[-5:] != "heute" for p in reply.pages)


async def test_register_rows_need_every_rules_word(ctx):
    prepared = await register_words(ctx.store)
    assert [r.key for r in register_rows(prepared, "manabrand")] == ["mana_burn", "mana_burn_braid_of_fire"]
    assert register_rows(prepared, "Manabrand Kreatur") == []
    assert register_rows(prepared, "auf den") == []
    assert register_rows(prepared, "Stapel", min_words=2) == []
    # a term's own name is asked for its term page, not for a renumbering row naming it in another form
    for term in ("Hybrid-Manasymbol", "Halbe-Halbe-Manasymbol", "legendäre Regel"):
        assert named_rows(prepared, term, min_words=2) == [], term
    assert [r.key for r in named_rows(prepared, "mana burn", min_words=2)] == ["mana_burn", "mana_burn_braid_of_fire"]


async def test_the_registers_words_are_prepared_once_per_store(ctx, monkeypatch):
    calls = []
    real = RegisterWords.of
    monkeypatch.setattr(RegisterWords, "of", classmethod(lambda cls, index, a: calls.append(1) or real(index, a)))
    monkeypatch.setattr(ctx.store, "_memo", {k: v for k, v in ctx.store._memo.items() if k != "register_words"})
    for query in ("Manabrand", "Kampfschaden auf den Stapel", "Stapel"):
        await run_answer(ctx, "rule", search=query)
    await run_answer(ctx, "question", question="gibt es noch manabrand")
    assert calls == [1]


async def test_the_abolished_rows_and_what_a_question_names_of_them(ctx):
    prepared = await register_words(ctx.store)
    subjects = {r.key: what for r, what in prepared.abolished}
    assert subjects["mana_burn"] == ({"manabrand", "zzsmanabrand"},)  # the stem and the synonym group's concept
    assert subjects["mana_burn_braid_of_fire"] == subjects["mana_burn"]  # the clause after „;“ is detail
    assert subjects["combat_damage_stack"] == ({"kampfschad", "zzkcombatxdamage"}, {"benutz"}, {"stapel", "zzkstack"})
    assert "legend_rule" not in subjects  # changed, but nothing abolished
    assert [r.key for r in asked_rows(prepared, "kampfschaden auf den stapel legen")] == [
        "combat_damage_stack", "combat_damage_stack_double_strike_first_strike",
        "combat_damage_stack_double_strike_late"]  # as /regel suche Kampfschaden auf den Stapel
    assert asked_rows(prepared, "wie viel kampfschaden macht eine kreatur") == []  # one word of three
    assert asked_rows(prepared, "was liegt auf dem stapel") == []
    # two words of „Einberufen: keine zusätzlichen Kosten … mehr“, but not what was abolished (tuning q240)
    assert asked_rows(prepared, "Bestimmt - ist das Opfern zusätzliche Kosten?") == []


#: Players' words for the abolished rules: English names, written together or apart, a typo, „stack“ for „Stapel“.
PLAYER_WORDS = [
    ("gibts manaburn noch", "mana_burn"),  # the English name written as one word
    ("gibt es noch mana burn", "mana_burn"),
    ("mana brand", "mana_burn"),  # the German name written apart
    ("gibt es noch manabrnad", "mana_burn"),  # a typo the analysis repairs
    # typos of the players' own spelling „manaburn“, which no document holds (the analysis cannot repair them):
    ("manabrun", "mana_burn"),  # two neighbours swapped
    ("manbaurn", "mana_burn"),  # two other neighbours swapped
    ("gibts noch manabrun", "mana_burn"),
    ("mana verbrennen", "mana_burn"),  # „mana burn“ said in German words (data/synonyms.tsv)
    ("geht kampfschaden noch auf den stack", "combat_damage_stack"),
    ("kampfschaden auf den stack", "combat_damage_stack"),
]


@pytest.mark.parametrize(("question", "key"), PLAYER_WORDS)
async def test_players_words_for_an_abolished_rule_name_its_row(ctx, question, key):
    prepared = await register_words(ctx.store)
    assert asked_rows(prepared, question)[0].key == key


@pytest.mark.parametrize(("search", "first"), [
    ("manaburn", "**Manabrand abgeschafft** (seit 11.07.2009)"),
    ("mana burn", "**Manabrand abgeschafft** (seit 11.07.2009)"),  # before: 104.3f, the hybrid symbol rule
    ("mana brand", "**Manabrand abgeschafft** (seit 11.07.2009)"),
    ("manabrun", "**Manabrand abgeschafft** (seit 11.07.2009)"),  # before: „Nichts gefunden“
    ("mana verbrennen", "**Manabrand abgeschafft** (seit 11.07.2009)"),  # before: 18 generic „Mana“ rules
    ("Kampfschaden auf den Stack", "**Kampfschaden benutzt den Stapel nicht mehr** (seit 11.07.2009)"),
])
async def test_regel_suche_on_players_words_leads_with_the_row(ctx, search, first):
    reply = await run_answer(ctx, "rule", search=search)
    assert not reply.error
    assert reply.pages[0].title == f"„{search}“ heute"
    assert reply.pages[0].body.startswith(first)


@pytest.mark.parametrize(("question", "first"), [
    ("gibt es noch manabrand", "**Manabrand abgeschafft** (seit 11.07.2009)"),  # before: ⚖️ above the row
    ("gibts manaburn noch", "**Manabrand abgeschafft** (seit 11.07.2009)"),  # before: the rows alone
    ("gibts noch manabrun", "**Manabrand abgeschafft** (seit 11.07.2009)"),  # a typo of the players' spelling
    ("gibt es noch mana burn", "**Manabrand abgeschafft** (seit 11.07.2009)"),
    ("mana brand", "**Manabrand abgeschafft** (seit 11.07.2009)"),
    ("geht kampfschaden noch auf den stack", "**Kampfschaden benutzt den Stapel nicht mehr** (seit 11.07.2009)"),
    # „manaburn“ is in no document: the row names it, so no note calls it a card the documents may lack
    ("gibt es noch manaburn wenn ich mana nich ausgeb", "**Manabrand abgeschafft** (seit 11.07.2009)"),
])
async def test_frage_on_players_words_leads_with_the_row_unhedged(ctx, question, first):
    reply = await run_answer(ctx, "question", question=question)
    assert not reply.error
    body = reply.pages[0].body
    assert body.startswith(f"Frage: „{question}“\n\n{first}")  # the row is the answer: no ⚖️ or 🚫 line above it
    assert "⚖️" not in body and "🚫" not in body
    assert question == "gibts noch manabrun" or reply.pages[0].fields  # the candidates stay below the row
    assert reply.pages[0].title == f"„{question}“ heute"


@pytest.mark.parametrize(("question", "first"), [
    ("was ist manabrand", "**Manabrand abgeschafft** (seit 11.07.2009)"),
    ("gibt es noch manabrand", "**Manabrand abgeschafft** (seit 11.07.2009)"),
    ("kampfschaden auf den stapel legen", "**Kampfschaden benutzt den Stapel nicht mehr** (seit 11.07.2009)"),
])
async def test_frage_on_an_abolished_term_leads_with_the_registers_row_as_regel_suche(ctx, question, first):
    reply = await run_answer(ctx, "question", question=question)
    body = reply.pages[0].body
    assert body.startswith(f"Frage: „{question}“")
    word = "Manabrand" if "manabrand" in question else "Kampfschaden auf den Stapel"
    regel = (await run_answer(ctx, "rule", search=word)).pages[0].body
    assert regel.startswith(first)
    assert "⚠️ **Heute:**" in regel and "(Comprehensive Rules vom 17.04.2026)" in regel
    # one code path: the same rows, notices and old text, above the ranked best passage on the same page; a row
    # whose first entry is that passage names it below instead of quoting it (and its notice) twice
    for block in regel.split("\n\n"):
        heading = block.split("\n", 1)[0]
        assert "\n\n" + block + "\n\n" in body or f"\n\n{heading} – {BELOW}\n\n" in body
    assert body.index(first) < body.index("_Schlüssel: ")
    assert reply.pages[0].title == f"„{question}“ heute"  # the page's title is what leads it, not the passage below


async def test_frage_on_manaburn_shows_the_rows_and_then_the_best_passage_as_mana_burn_does(ctx):
    bodies = []
    for question in ("gibts manaburn noch", "gibts mana burn noch"):
        page = (await run_answer(ctx, "question", question=question)).pages[0]
        # the rows, then the best passage: the Grundlegende Resonanz ruling that says „verursacht es Manabrand“
        assert "Ruling zu **Grundlegende Resonanz** · Zwietracht – Häufig gestellte Fragen, 17.03.2006" in page.body
        assert page.body.index("**Manabrand abgeschafft**") < page.body.index("Ruling zu **Grundlegende Resonanz**")
        bodies.append(page.body.split("\n", 1)[1])
    assert bodies[0] == bodies[1]  # written together or apart: the same answer below the question


@pytest.mark.parametrize("search", ["manaburn", "mana burn", "Manabrand"])
async def test_ruling_suche_finds_the_three_manabrand_rulings_in_every_spelling(ctx, search):
    reply = await run_answer(ctx, "ruling", search=search)
    assert not reply.error
    body = reply.pages[0].body
    assert body.startswith(f"3 Treffer für „{search}“")
    for card in ("**Grundlegende Resonanz**", "**Spektraler Scheinwerfer**", "**Tressen aus Feuer**"):
        assert card in body


async def test_frage_on_todays_terms_does_not_lead_with_the_register(ctx):
    for question in ("wer gewinnt die fehde", "was passiert mit kampfschaden", "was liegt auf dem stapel"):
        reply = await run_answer(ctx, "question", question=question)
        assert reply.pages[0].body.startswith(f"Frage: „{question}“")


@pytest.mark.parametrize("search", ["mana burn", "manaburn", "Manabrand", "mana verbrennen"])
async def test_regel_suche_after_the_rows_shows_only_rules_on_what_they_are_about(ctx, search):
    # before: „mana burn“ had 3 more pages of 18 rules that only say „Mana“ (104.3f, 107.4c, …) and a footer naming
    # the CardX rules explanation page 1 did not show; no rule of the documents speaks of Manabrand
    reply = await run_answer(ctx, "rule", search=search)
    assert [p.title for p in reply.pages] == [f"„{search}“ heute"]
    assert reply.source == "Änderungsregister (data/changes.toml)"


async def test_frage_names_the_best_passage_below_the_row_instead_of_quoting_it_twice(ctx):
    # the third row's first entry, Sonnenheim's ruling, is the best passage: shown once, whole, with its notice
    body = (await run_answer(ctx, "question", question="kampfschaden auf den stapel legen")).pages[0].body
    heading = "**Kampfschaden benutzt den Stapel nicht mehr; spät verliehener Doppelschlag bringt keinen zusätzlichen"
    assert f"{heading} Schaden** (seit 11.07.2009) – {BELOW}\n\n" in body
    assert "Ruling zu **Sonnenheim, Festung der Legion**" in body
    assert body.count("hilft das dieser Kreatur nicht, zusätzlichen Kampfschaden zuzufügen") == 1
    # the two rows above it quote their own first entries (Szadek's ruling) as before
    assert "**Früher** (Ravnica: Stadt der Gilden – Häufig gestellte Fragen, 30.08.2005): Verlässt Szadek" in body


async def test_frage_candidates_the_rows_quote_are_named_not_repeated(ctx):
    page = (await run_answer(ctx, "question", question="gibt es noch manabrand")).pages[0]
    quoted = [f for f in page.fields if f.value == QUOTED_ABOVE]
    # Spektraler Scheinwerfer's and Tressen aus Feuer's rulings stand in the rows above with „Früher“ and „Heute“
    assert [f.name.split(" – ")[0] for f in quoted] == ["2. ⚠️ Spektraler Scheinwerfer", "3. ⚠️ Tressen aus Feuer"]
    assert page.body.count("Kann der Spieler das Mana nicht verwenden, erleidet er am Ende der Phase Manabrand") == 1


async def test_frage_on_a_named_cards_changed_ruling_quotes_no_other_cards_entry_above_it(ctx):
    # the question names Spektraler Scheinwerfer, whose ruling (001:879, Manabrand) the answer shows whole; the
    # register's rows above name their change in one line each and quote no other card's ruling first (before:
    # Tressen aus Feuer's „Früher“ and „Heute“ above the ruling asked about)
    page = (await run_answer(ctx, "question", question="spektraler scheinwerfer, gegner kriegt das mana und "
                                                       "benutzt es nicht – manabrand?")).pages[0]
    rows, below = page.body.split("Ruling zu **Spektraler Scheinwerfer**", 1)
    assert f"**Manabrand abgeschafft** (seit 11.07.2009) – {BELOW}" in rows
    other = "**Manabrand abgeschafft; der Manavorrat leert sich am Ende jedes Segments** (seit 11.07.2009)"
    # the other row names the card it concerns (since 2026-12-07 late evening; before a bare heading), quoting nothing
    assert f"\n\n{other} – betrifft **Tressen aus Feuer**\n\n" in rows
    assert "**Früher**" not in rows and "Heute:**" not in rows
    assert "Kann der Spieler das Mana nicht verwenden, erleidet er am Ende der Phase Manabrand" in below
    assert all(f.value != QUOTED_ABOVE for f in page.fields)  # nothing quoted above, so no candidate says so
    # Szadek: its own row says „unten“, the two rows of Sonnenheim's rulings are named only
    page = (await run_answer(ctx, "question", question="szadek verlässt das spiel während kampfschaden auf dem "
                                                       "stapel ist, was dann")).pages[0]
    rows = page.body.split("Ruling zu **Szadek, Herr der Geheimnisse**", 1)[0]
    assert f"**Kampfschaden benutzt den Stapel nicht mehr** (seit 11.07.2009) – {BELOW}" in rows
    assert "Gibst du einer Kreatur" not in rows and "**Früher**" not in rows


async def test_frage_under_the_registers_rows_still_says_a_card_name_no_document_holds(ctx):
    # „Conclave Equenaut“, the English name of 001's Konklavenequidonaut, which no document prints: the note says so
    # above the Einberufen row (before, every note was left out under the rows, and the name silently ignored)
    page = (await run_answer(ctx, "question", question="conclave equenaut convoke wie viel kostet der")).pages[0]
    head, rows = page.body.split("\n\n", 1)
    assert "„conclave“, „equenaut“ stehen in keinem Dokument des Bots" in head
    assert rows.startswith("**Einberufen")
    # the words the rows read are no such words: „manabrun“, „mana brn“ are slips of „manaburn“ (Manabrand)
    for question in ("manabrun", "mana brn", "gibts manaburn noch"):
        page = (await run_answer(ctx, "question", question=question)).pages[0]
        assert page.body.split("\n\n", 1)[0] == f"Frage: „{question}“"
        assert "**Manabrand abgeschafft** (seit 11.07.2009)" in page.body


async def test_frage_says_a_candidates_todays_statement_shown_above_as_wie_oben(ctx):
    page = (await run_answer(ctx, "question", question="legendenregel bei der ley-linie der einzigartigkeit")).pages[0]
    legend = "Kontrolliert ein Spieler zwei oder mehr legendäre bleibende Karten mit demselben Namen"
    assert legend in page.body  # the best passage, a Ley-Linie der Einzigartigkeit ruling changed by the legend rule
    sibling = page.fields[0]
    assert sibling.name.startswith("2. ⚠️ Ley-Linie der Einzigartigkeit – Ruling")
    assert sibling.value.startswith("⚠️ **Heute:** wie oben. **Früher** (Gildenbund")
    assert all(legend not in f.value for f in page.fields)


async def test_frage_says_a_rows_statement_repeated_below_it_as_wie_oben(ctx):
    # Manabrand's row states „Manabrand gibt es nicht mehr …“; the best passage below, Grundlegende Resonanz's ruling
    # changed by the same row, says „wie oben“ instead of the same sentence again
    page = (await run_answer(ctx, "question", question="gibts manabrand noch")).pages[0]
    statement = "⚠️ **Heute:** Manabrand gibt es nicht mehr: Nicht verwendetes Mana verschwindet am Ende"
    assert page.body.count(statement) == 1
    below = page.body.split("Ruling zu **Grundlegende Resonanz**", 1)[1]
    assert "⚠️ **Heute:** wie oben.\n" in below and "Wir das Mana nicht während dieser Hauptphase" in below
    # a candidate changed by a row shown above says it too (Tresserhorn-Himmelsritter: combat damage on the stack)
    page = (await run_answer(ctx, "question", question="kommt kampfschaden heute noch auf den stapel")).pages[0]
    tresserhorn = next(f for f in page.fields if "Tresserhorn-Himmelsritter" in f.name)
    assert tresserhorn.value.startswith("⚠️ **Heute:** wie oben. **Früher** (Kälteeinbruch")


@pytest.mark.fresh_store
async def test_the_warm_up_prepares_the_registers_words_before_the_first_question(core):
    # the command table's warm-up (bot.commands.questions.read_ranker) on a store nothing was read from before: the
    # register's rows are read as a question is before the first /frage, /regel suche or /ruling suche
    prepared = core.store._memo.get("register_words")
    assert isinstance(prepared, RegisterWords)
    assert [r.key for r in register_rows(prepared, "manabrand")] == ["mana_burn", "mana_burn_braid_of_fire"]
