"""Guilds and sets named as players name them: the guild mechanics' sections of document 001 say which guild has
each mechanic („Nur Kreaturen aus der Gruul-Gilde (rot, grün oder rot-grün) haben Blutdurst.“, 001:1052), and each
FAQ of 001 is one set's document; ``/karte``, the message command, ``/mechanik`` (answer and autocomplete) and
``/frage`` read a guild's or a set's name by them."""

from __future__ import annotations

import pytest

from bot.answers import run_action, run_answer, run_completer
from bot.answers.mechanics import mechanic_names
from bot.guilds import guilds_of, named_guild, named_set, store_guilds
from bot.ranking import ranker

#: 001:1052 (Gildenbund), the sentence of the section Blutdurst that names its guild.
GRUUL = "Nur Kreaturen aus der Gruul-Gilde (rot, grün oder rot-grün) haben Blutdurst."
#: 001:1078 (Gildenbund), Spuk's.
ORZHOV = "Nur Kreaturen aus der Orzhov-Gilde (weiß, schwarz oder weiß-schwarz) haben Spuk."
#: The FAQs of file 001 as the set note names them (title, date, file and part).
FAQS = {"Ravnica": "„Ravnica: Stadt der Gilden – Häufig gestellte Fragen, 30.08.2005“ (Datei 001, Teil 1)",
        "Gildenbund": "„Gildenbund – Häufig gestellte Fragen, 22.12.2005“ (Datei 001, Teil 2)",
        "Zwietracht": "„Zwietracht – Häufig gestellte Fragen, 17.03.2006“ (Datei 001, Teil 3)",
        "Kälteeinbruch": "„Kälteeinbruch – Häufig gestellte Fragen, 01.06.2006“ (Datei 001, Teil 4)"}
#: The sections of Kälteeinbruch's FAQ (001, part 4) in document order.
COLDSNAP = ["Verschneite Karten und das Schnee-Manasymbol", "Kumulative Versorgung", "Bergung", "Wallung",
            "Auerochsen", "Märtyrer", "Karten mit doppeltem Zuschießen", "„Slowtrips“"]


async def test_every_guild_is_read_from_its_mechanics_section(ctx):
    sections = await ctx.store.mechanic_sections()
    found = {g.name: (g.section.title, g.section.document.set_name) for g in guilds_of(sections)}
    assert found == {
        "Selesnija": ("Einberufen", "Ravnica: Stadt der Gilden"), "Golgari": ("Ausgraben", "Ravnica: Stadt der Gilden"),
        "Dimir": ("Transmutation", "Ravnica: Stadt der Gilden"), "Boros": ("Ausstrahlung", "Ravnica: Stadt der Gilden"),
        "Gruul": ("Blutdurst", "Gildenbund"), "Orzhov": ("Spuk", "Gildenbund"), "Izzet": ("Reproduktion", "Gildenbund"),
        "Azorius": ("Vorhersage", "Zwietracht"), "Simic": ("Pfropfen", "Zwietracht"),
        "Rakdos": ("Versessenheit", "Zwietracht"),
    }


async def test_a_guild_or_set_is_named_with_articles_and_frame_words_only(ctx):
    guilds, sets = await store_guilds(ctx.store)
    for typed in ("Gruul", "die Gruul-Gilde", "gruul karten", "gruul deck"):
        assert named_guild(guilds, typed).sentence == GRUUL, typed
    for typed in ("Gruul-Nodorog", "Gilde", "Gruul Orzhov"):
        assert named_guild(guilds, typed) is None, typed
    for typed in ("Ravnica", "Ravnica: Stadt der Gilden", "das Set Ravnica"):
        assert named_set(sets, typed).document.title == "Ravnica: Stadt der Gilden – Häufig gestellte Fragen", typed
    assert named_set(sets, "kälteeinbruch").document.part == 4
    assert named_set(sets, "Stadt") is None and named_set(sets, "Gilden") is None


async def test_karte_says_a_guild_is_a_guild_with_its_mechanic_and_still_offers_its_cards(ctx):
    reply = await run_answer(ctx, "card", name="Gruul")
    assert reply.error and reply.pages[0].title == "Keine Karte „Gruul“ gefunden"
    assert f"„Gruul“ ist keine Karte. **Gruul** ist eine Gilde: „{GRUUL}“ (Gildenbund – Häufig gestellte Fragen, " \
           "22.12.2005); `/mechanik name: Blutdurst` zeigt den Abschnitt." in reply.pages[0].body
    assert [c.label for c in reply.choices] == ["Mechanik: Blutdurst", "Gruul-Nodorog", "Gruul-Kriegspflug"]
    opened = await run_action(ctx, reply.choices[0].action, reply.choices[0].arg)
    assert opened.pages[0].title == "Blutdurst – Gildenbund"


async def test_karte_says_a_set_is_the_faq_it_is_with_its_sections(ctx):
    reply = await run_answer(ctx, "card", name="Kälteeinbruch")
    assert reply.error
    assert ("**Kälteeinbruch** ist ein Set: Die Dokumente des Bots enthalten seine FAQ „Kälteeinbruch – Häufig "
            "gestellte Fragen, 01.06.2006“ (Datei 001, Teil 4)") in reply.pages[0].body
    assert [c.label for c in reply.choices] == [f"Mechanik: {t}" for t in COLDSNAP]
    ravnica = await run_answer(ctx, "card", name="Ravnica")
    assert "„Ravnica: Stadt der Gilden – Häufig gestellte Fragen, 30.08.2005“ (Datei 001, Teil 1)" in (
        ravnica.pages[0].body)


async def test_karte_autocomplete_offers_a_guild_or_set_its_answer_explains(ctx):
    from bot.answers.guild_offers import card_or_guild_names

    # a guild's name no card carries (until 2026-12-07 nothing was offered): the guild, which /karte explains
    izzet = await run_completer(ctx, card_or_guild_names, "izzet")
    assert [(c.name, c.value) for c in izzet] == [
        ("Izzet (Gilde: blau, rot oder blau-rot; Mechanik Reproduktion)", "Izzet")]
    reply = await run_answer(ctx, "card", name=izzet[0].value)
    assert "**Izzet** ist eine Gilde: „Nur Karten aus der Izzet-Gilde (blau, rot oder blau-rot) haben Reproduktion.“" \
        in reply.pages[0].body
    selesnija = await run_completer(ctx, card_or_guild_names, "selesnija")
    assert [c.value for c in selesnija] == ["Selesnija"] and "Mechanik Einberufen" in selesnija[0].name
    # a set's name: the set, its value the name's part before the colon, which /karte answers with the FAQ
    ravnica = await run_completer(ctx, card_or_guild_names, "ravnica")
    assert [(c.name, c.value) for c in ravnica] == [
        ("Ravnica: Stadt der Gilden (Set: FAQ mit 8 Mechanik-Abschnitten)", "Ravnica")]
    assert FAQS["Ravnica"] in (await run_answer(ctx, "card", name=ravnica[0].value)).pages[0].body
    # the cards carrying a guild's name first, then the guild (in place of the last card when 25 are offered)
    gruul = [c.value for c in await run_completer(ctx, card_or_guild_names, "Gruul")]
    assert gruul == ["Gruul-Nodorog", "Gruul-Kriegspflug", "Gruul"]
    begun = [c.value for c in await run_completer(ctx, card_or_guild_names, "gru")]
    assert begun[0] == "Gruul-Nodorog" and begun[-1] == "Gruul"
    # a hyphen joining more than „Gilde“ is a card's name being typed: no guild offered
    assert "Boros" not in [c.value for c in await run_completer(ctx, card_or_guild_names, "Boros-")]
    assert [c.value for c in await run_completer(ctx, card_or_guild_names, "die Izzet-Gilde")] == ["Izzet"]
    gildenbund = [c.value for c in await run_completer(ctx, card_or_guild_names, "gildenbund")]
    assert gildenbund[:2] == ["Bewahrer des Gildenbunds", "Festival des Gildenbunds"] and gildenbund[-1] == "Gildenbund"


async def test_the_message_command_says_a_guild_in_brackets_is_one(ctx):
    reply = await run_answer(ctx, "explain_message", text="was machen [[Orzhov]] karten?")
    assert reply.error and ORZHOV in reply.pages[0].body
    assert [c.label for c in reply.choices][:2] == ["Mechanik: Spuk", "Orzhov-Hohepriester"]


@pytest.mark.parametrize(("typed", "title", "sentence"), [
    ("Gruul", "Blutdurst – Gildenbund", GRUUL),
    ("die Izzet-Gilde", "Reproduktion – Gildenbund",
     "Nur Karten aus der Izzet-Gilde (blau, rot oder blau-rot) haben Reproduktion."),
])
async def test_mechanik_answers_a_guild_with_its_mechanic(ctx, typed, title, sentence):
    reply = await run_answer(ctx, "mechanic", name=typed)
    assert not reply.error and reply.pages[0].title == title
    assert reply.pages[0].body.startswith(f"_**{typed.split()[-1].split('-')[0]}** ist eine Gilde: „{sentence}“")


async def test_mechanik_offers_a_sets_sections(ctx):
    reply = await run_answer(ctx, "mechanic", name="Kälteeinbruch")
    assert reply.error and reply.pages[0].title == "Mechaniken aus Kälteeinbruch"
    assert [c.label for c in reply.choices] == COLDSNAP


async def test_mechanik_autocomplete_offers_a_guilds_mechanic_and_a_sets_sections(ctx):
    assert [(c.name, c.value) for c in await run_completer(ctx, mechanic_names, "gru")] == [
        ("Blutdurst (Gruul-Gilde)", "Blutdurst")]
    cold = await run_completer(ctx, mechanic_names, "kälte")
    assert [c.name for c in cold][:8] == [f"{t} (Kälteeinbruch)" for t in COLDSNAP]
    assert [c.value for c in cold][:3] == COLDSNAP[:3]
    # a title the typed text begins is offered alone, as before: „gil“ → the three sections „Gilden“
    assert [c.value for c in await run_completer(ctx, mechanic_names, "gil")] == [
        "Gilden (Ravnica: Stadt der Gilden)", "Gilden (Gildenbund)", "Gilden (Zwietracht)"]


async def test_frage_reads_a_guild_named_alone_as_its_mechanic(ctx):
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, "was machen orzhov karten", ctx.names, limit=3)
    # 001:1078: „Spuk ist eine Fähigkeit, … Nur Kreaturen aus der Orzhov-Gilde (…) haben Spuk.“; before, the ruling
    # of Orzhov-Hohepriester (001:1594), the card read from the word „orzhov“
    assert found.cards == [] and found.hits[0].passage.key == "001:1078"
    # a card named with more of its name keeps its name's guild word: „hymne der rakdos“ is the card
    hymn = await r.search(ctx.store, "hymne der rakdos verdoppelt die auch den schaden an mir selbst", ctx.names,
                          limit=3)
    assert [ctx.names.card_names[c] for c in hymn.cards] == ["Hymne der Rakdos"]
    assert "versessenheit" not in hymn.analysis.terms


async def test_frage_says_it_read_the_guild_as_its_mechanic(ctx):
    reply = await run_answer(ctx, "question", question="was machen orzhov karten")
    assert reply.pages[0].title == "Spuk"
    assert (f"ℹ️ „Orzhov“ gelesen als die Orzhov-Gilde, ihre Mechanik Spuk mitgesucht: „{ORZHOV}“ (Gildenbund – "
            "Häufig gestellte Fragen, 22.12.2005)") in reply.pages[0].body
    # instead of the line on a name only the documents print („… ein Name aus den Dokumenten: „Selesnija-Gilde““)
    selesnija = await run_answer(ctx, "question", question="was macht die selesnija")
    assert selesnija.pages[0].title == "Einberufen"
    assert "„Selesnija“ gelesen als die Selesnija-Gilde, ihre Mechanik Einberufen mitgesucht: „Nur Karten, die der " \
           "Selesnija-Gilde zugeordnet sind (grün, weiß oder grün-weiß), haben Einberufen.“" in selesnija.pages[0].body
    assert "Name aus den Dokumenten" not in selesnija.pages[0].body
    # a card named with its guild's word says nothing of the guild
    hymn = await run_answer(ctx, "question", question="hymne der rakdos verdoppelt die auch den schaden an mir selbst")
    assert "gelesen als die" not in hymn.pages[0].body


async def test_frage_says_a_set_asked_alone_is_its_faq(ctx):
    body = (await run_answer(ctx, "question", question="was ist ravnica")).pages[0].body
    assert body.startswith("Frage: „was ist ravnica“\nℹ️ **Ravnica: Stadt der Gilden** ist ein Set: Die Dokumente des "
                           "Bots enthalten seine FAQ „Ravnica: Stadt der Gilden – Häufig gestellte Fragen, 30.08.2005“ "
                           "(Datei 001, Teil 1) mit den Mechanik-Abschnitten Hybrid-Karten")
    assert body.count("ist ein Set") == 1
    assert "`/mechanik name: Ravnica` bietet sie zur Auswahl." in body
    # a question on more than the set says nothing of it
    more = await run_answer(ctx, "question", question="wie funktioniert bergung in kälteeinbruch")
    assert "ist ein Set" not in more.pages[0].body


@pytest.mark.parametrize(("question", "faq"), [
    ("welche mechaniken hat gildenbund", "Gildenbund"), ("welche mechaniken gibt es in zwietracht", "Zwietracht"),
    ("zwietracht mechaniken", "Zwietracht"), ("was ist neu in kälteeinbruch", "Kälteeinbruch"),
])
async def test_frage_says_the_faq_of_a_set_whose_mechanics_are_asked(ctx, question, faq):
    body = (await run_answer(ctx, "question", question=question)).pages[0].body
    assert body.startswith(f"Frage: „{question}“\nℹ️ **{faq}** ist ein Set"), body[:200]
    assert f"ist ein Set: Die Dokumente des Bots enthalten seine FAQ {FAQS[faq]} mit den Mechanik-Abschnitten" in body


@pytest.mark.parametrize(("question", "faq", "first"), [
    ("welche mechaniken hat gildenbund", "Gildenbund", "Gilden"), ("zwietracht mechaniken", "Zwietracht", "Gilden"),
    ("was ist neu in kälteeinbruch", "Kälteeinbruch", COLDSNAP[0]),
])
async def test_frage_on_a_whole_set_leads_with_its_faq_hedged_and_its_sections_as_buttons(ctx, question, faq, first):
    # no one passage answers a question on the whole set: until 2026-12-07 „welche mechaniken hat gildenbund“ was
    # titled „Festival des Gildenbunds“ and led unhedged with that card's ruling; now the set's FAQ is the title, the
    # passage below is hedged and the set's sections are the first buttons, as /regel suche: Gildenbund offers them
    reply = await run_answer(ctx, "question", question=question)
    page = reply.pages[0]
    assert page.title == f"{faq} – Häufig gestellte Fragen"
    assert page.body.startswith(f"Frage: „{question}“\nℹ️ **{faq}** ist ein Set")
    assert "\n⚖️ Keine Stelle passt eindeutig am besten" in page.body
    assert reply.actions[0].label == f"Mechanik: {first}" and reply.actions[0].action == "mechanic"
    opened = await run_action(ctx, reply.actions[0].action, reply.actions[0].arg)
    assert opened.pages[0].title == f"{first} – {faq}"
    # a card of the set's name keeps its own answer: no set note, no set buttons
    card = await run_answer(ctx, "question", question="was macht festival des gildenbunds")
    assert card.pages[0].title == "Festival des Gildenbunds" and card.actions[0].action == "passage"


@pytest.mark.parametrize("question", ["was macht festival des gildenbunds", "welche mechanik hat izzet",
                                      "wie funktioniert bergung in kälteeinbruch"])
async def test_frage_says_no_set_for_a_card_a_guild_or_a_question_on_more(ctx, question):
    assert "ist ein Set" not in (await run_answer(ctx, "question", question=question)).pages[0].body


async def test_regel_suche_finds_the_guilds_mechanic_and_says_why(ctx):
    reply = await run_answer(ctx, "rule", search="orzhov")
    assert not reply.error  # before: „Nichts gefunden für „orzhov““, pointing to Orzhov-Hohepriester's ruling
    body = reply.pages[0].body
    assert f"„Orzhov“ gelesen als die Orzhov-Gilde, ihre Mechanik Spuk mitgesucht: „{ORZHOV}“" in body
    assert "**502.51a** (heute 702.55a" in body  # „Spuk ist eine ausgelöste Fähigkeit, …“ (001, Gildenbund)


#: The ten guilds as 001 names them; before the guild reading, „was machen gruul karten“ and „… rakdos …“ led with
#: Kumulative Versorgung unhedged, „… orzhov …“ and „… simic …“ with Orzhov-Hohepriester and Simic-Gildenmagier.
GUILDS = ["Selesnija", "Golgari", "Dimir", "Boros", "Gruul", "Orzhov", "Izzet", "Azorius", "Simic", "Rakdos"]


@pytest.mark.parametrize("name", GUILDS)
async def test_frage_on_a_guilds_cards_leads_with_its_mechanic(ctx, name):
    guild = named_guild((await store_guilds(ctx.store))[0], name)
    reply = await run_answer(ctx, "question", question=f"was machen {name.lower()} karten")
    assert reply.pages[0].title == guild.section.title
    assert guild.sentence in reply.pages[0].body  # the section's paragraph names the guild, as the note does


async def test_a_set_is_read_with_ae_for_its_umlaut_on_every_door(ctx):
    # the README: „ae“ may stand for „ä“; Kälteeinbruch is 001's part 4
    _, sets = await store_guilds(ctx.store)
    assert named_set(sets, "kaelteeinbruch").document.part == 4
    assert named_set(sets, "das Set Kaelteeinbruch").name == "Kälteeinbruch"
    card = await run_answer(ctx, "card", name="kaelteeinbruch")
    assert "„kaelteeinbruch“ ist keine Karte. **Kälteeinbruch** ist ein Set" in card.pages[0].body
    mechanic = await run_answer(ctx, "mechanic", name="kaelteeinbruch")
    assert mechanic.pages[0].title == "Mechaniken aus Kälteeinbruch"
    assert [c.label for c in mechanic.choices] == COLDSNAP
    question = (await run_answer(ctx, "question", question="kaelteeinbruch")).pages[0].body
    assert question.startswith("Frage: „kaelteeinbruch“\nℹ️ **Kälteeinbruch** ist ein Set")
    for typed in ("kaelte", "kae"):
        cold = await run_completer(ctx, mechanic_names, typed)
        assert [c.name for c in cold][:8] == [f"{t} (Kälteeinbruch)" for t in COLDSNAP], typed


@pytest.mark.parametrize(("guild", "rules"), [
    # 001 (Ravnica): Transmutation's rules as printed, 502.43a (meant 502.48a) and 502.48b; Einberufen's 502.32a
    ("Dimir", ["**502.48b** (heute 702.53b)", "**502.43a** (heute 702.53a", "**Regel 110.5c (Erklärung)**"]),
    ("Selesnija", ["**502.46c** (heute 702.51d)", "**502.46b**", "**502.32a** (heute 702.51a"]),
])
async def test_regel_suche_shows_the_rules_of_the_guilds_mechanic_it_says_it_searched(ctx, guild, rules):
    body = (await run_answer(ctx, "rule", search=guild)).pages[0].body
    assert f"„{guild}“ gelesen als die {guild}-Gilde" in body
    for rule in rules:
        assert rule in body, rule


@pytest.mark.parametrize("typed", ["Kälteeinbruch", "Ravnica", "Gildenbund"])
async def test_regel_suche_says_a_set_is_its_faq(ctx, typed):
    reply = await run_answer(ctx, "rule", search=typed)
    assert f"ist ein Set: Die Dokumente des Bots enthalten seine FAQ {FAQS[typed]} mit den Mechanik-Abschnitten" \
        in reply.pages[0].body
    assert reply.choices[0].label.startswith("Mechanik: ")  # its sections first


@pytest.mark.parametrize(("text", "said"), [
    # no card of the store has „Selesnija“ or „Izzet“ in its name; 001 names their guilds
    ("Was macht Selesnija?", "„Selesnija“ ist keine Karte. **Selesnija** ist eine Gilde: „Nur Karten, die der "
                             "Selesnija-Gilde zugeordnet sind (grün, weiß oder grün-weiß), haben Einberufen.“"),
    ("Izzet", "„Izzet“ ist keine Karte. **Izzet** ist eine Gilde: „Nur Karten aus der Izzet-Gilde (blau, rot oder "
              "blau-rot) haben Reproduktion.“"),
    ("kaelteeinbruch ist toll", "„kaelteeinbruch“ ist keine Karte. **Kälteeinbruch** ist ein Set"),
])
async def test_the_message_command_says_a_guild_or_set_without_a_card_of_its_name(ctx, text, said):
    reply = await run_answer(ctx, "explain_message", text=text)
    assert said in reply.pages[0].body


async def test_the_message_command_says_no_guild_of_a_cards_name(ctx):
    reply = await run_answer(ctx, "explain_message", text="Orzhov-Hohepriester und Boros-Rekrut")
    assert [p.title for p in reply.pages] == ["Orzhov-Hohepriester", "Boros-Rekrut"]
