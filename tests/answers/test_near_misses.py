"""A word of the question that no document holds is named first, also when the spelling repair read it as a close
stored word: a card name the store lacks is never answered silently with another card's text (Blitzschlag is no
card of the documents; Kälteeinbruch's Blitzschlange is), while a typo of a real card's name keeps its answer."""

from __future__ import annotations

from bot.answers import run_answer
from bot.answers.off_topic import OFF_TOPIC_LINE
from bot.answers.unknown_notes import question_notes
from bot.ranking import ranker

HEDGE = "⚖️ Keine Stelle passt eindeutig am besten"


async def test_a_card_name_the_store_lacks_is_said_first_and_the_answer_is_hedged(ctx):
    reply = await run_answer(ctx, "question", question="was macht Blitzschlag")
    page = reply.pages[0]
    assert page.body.startswith(
        "Frage: „was macht Blitzschlag“\n"
        "ℹ️ „blitzschlag“ steht in keinem Dokument des Bots; am ähnlichsten: **Blitzschlange**. Die Stellen unten "
        "gelten Blitzschlange, nicht „blitzschlag“.\n" + HEDGE)
    assert page.title == "Nicht in den Dokumenten: „blitzschlag“ – am ähnlichsten: Blitzschlange"


async def test_a_near_miss_card_the_best_passage_is_not_of_is_not_claimed_for_the_page(ctx):
    # „dust“ is read as „durst“ of Durst des Todesbeschwörers (001), but the best passage is Blutdurst's (the term
    # table, 702.54): the note names the near miss, and neither it nor the title says the passages are that card's
    reply = await run_answer(ctx, "question", question="was macht blut dust")
    page = reply.pages[0]
    assert page.title == "Blutdurst"
    assert "ℹ️ „dust“ steht in keinem Dokument des Bots; am ähnlichsten: **Durst des Todesbeschwörers**.\n" in page.body
    assert "Die Stellen unten gelten" not in page.body
    assert HEDGE in page.body


async def test_a_near_miss_card_name_inside_a_question_is_named_too(ctx):
    reply = await run_answer(ctx, "question", question="kann Blitzschlag eine Kreatur mit Schutz treffen")
    body = reply.pages[0].body
    assert "ℹ️ „blitzschlag“ steht in keinem Dokument des Bots; am ähnlichsten: **Blitzschlange**." in body
    assert HEDGE in body


async def test_a_typo_of_a_card_of_the_store_keeps_its_card_with_the_note_of_karte(ctx):
    # the card lookup of /karte reads „Boros Rekrutt“ as 001's Boros-Rekrut (one letter doubled): its text leads,
    # the name said as typed
    reply = await run_answer(ctx, "question", question="was macht Boros Rekrutt")
    page = reply.pages[0]
    assert page.title == "Boros-Rekrut"
    assert page.body.startswith("Frage: „was macht Boros Rekrutt“\nℹ️ „Boros Rekrutt“ steht so nicht in der "
                                "Datenbank; am ähnlichsten geschrieben: Boros-Rekrut.\n\n")
    assert "Erstschlag" in page.body
    assert HEDGE not in page.body


async def test_a_word_read_as_another_stored_word_keeps_its_note(ctx):
    # „fluch“ is in no document; the repair reads it as the term table's „Flucht“ (Escape, 702.138)
    reply = await run_answer(ctx, "question", question="was macht fluch der verwirrung")
    body = reply.pages[0].body
    assert "ℹ️ „fluch“ (gelesen als „flucht“) steht so in keinem Dokument des Bots" in body
    assert "„verwirrung“ steht in keinem Dokument des Bots" in body
    assert HEDGE in body or OFF_TOPIC_LINE in body  # never the confident lead (off topic: the line replaces the hedge)


async def test_a_word_a_shown_text_holds_is_not_said_to_be_in_no_document(ctx):
    """„summe“ is read as 001's „Gesamtsumme“ and „reduzierungen“ as 004's „Kostenreduzierungen“: each is the
    compound's last part, and „Summe“ stands in the register's notice on the same page („einen Manawert (die
    Summe)“), so no note says they stand in no document (before, „ℹ️ „summe“ (gelesen als „gesamtsumme“) steht so
    in keinem Dokument …“ two lines above that notice)."""
    from bot.answers.today_index import today_index
    from bot.answers.unknown_notes import held

    body = (await run_answer(ctx, "question", question="umgewandelte manakosten einer geteilten karte in der "
                             "bibliothek, zwei werte oder summe?")).pages[0].body
    assert "in keinem Dokument" not in body and "einen Manawert (die Summe)" in body
    body = (await run_answer(ctx, "question", question="gesamtkosten berechnen reihenfolge erst erhöhungen dann "
                             "reduzierungen?")).pages[0].body
    assert "in keinem Dokument" not in body and "cost reductions" in body
    words = (await today_index(ctx.store)).words
    assert "summe" in words and "manawert" in words  # the register's today's texts
    assert held("reduzierungen", "kostenreduzierungen") and held("Summe", "gesamtsumme")
    assert held("summe", "x", words) and not held("summe", "x")  # the notice's word alone
    assert not held("evil", "exil", words) and not held("mme", "gesamtsumme")  # a slip; a part under 4 letters
    # a slip the documents do not hold keeps its note
    body = (await run_answer(ctx, "rule", search="evil")).pages[0].body
    assert body.startswith("ℹ️ „evil“ (gelesen als „exil“) steht so in keinem Dokument des Bots")


async def test_what_does_x_do_for_an_ordinary_word_no_document_holds_says_so_first(ctx):
    # „Feuerball“ is German (the dictionary has it) but no document names it: it is what the question asks about
    reply = await run_answer(ctx, "question", question="was macht Feuerball")
    body = reply.pages[0].body
    assert body.startswith("Frage: „was macht Feuerball“\nℹ️ „feuerball“ steht in keinem Dokument des Bots")
    assert HEDGE in body or OFF_TOPIC_LINE in body  # never the confident lead (off topic: the line replaces the hedge)


async def test_ruling_search_names_a_near_miss_card_before_its_hits(ctx):
    reply = await run_answer(ctx, "ruling", search="Blitzschlag")
    body = reply.pages[0].body
    assert body.startswith("ℹ️ „blitzschlag“ steht in keinem Dokument des Bots; am ähnlichsten: **Blitzschlange**.")
    assert "1 Treffer für „Blitzschlag“" in body


async def test_ruling_search_of_a_card_with_its_name_typed_exactly_has_no_near_miss_line(ctx):
    reply = await run_answer(ctx, "ruling", search="Blitzschlange")
    assert "in keinem Dokument" not in reply.pages[0].body


async def test_a_plain_typo_is_named_but_does_not_hedge_a_clear_answer(ctx):
    # „legendärre“ is no German word: a typo of „legendäre“; 003's legend rule answers clearly as typed right
    question = "Was passiert, wenn zwei {} Karten gleichen Namens im Spiel sind?"
    typed = await run_answer(ctx, "question", question=question.format("legendärre"))
    right = await run_answer(ctx, "question", question=question.format("legendäre"))
    body = typed.pages[0].body
    assert "ℹ️ „legendärre“ (gelesen als „legendäre“) steht so in keinem Dokument des Bots" in body
    assert HEDGE not in body and HEDGE not in right.pages[0].body
    assert typed.actions == right.actions


async def test_a_german_word_read_as_another_word_hedges(ctx):
    # „fluch“ is German (the dictionary has it): meant as typed, so the Flucht answer is no confident one
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, "wie funktioniert fluch", ctx.names)
    assert found.analysis.typos == {"flucht": "fluch"}
    notes = await question_notes(found.analysis, r.term_weights, [], ctx.names)
    assert notes.hedge and notes.read_as == ("fluch",)
    spelt = await r.search(ctx.store, "wie funktioniert flucht", ctx.names)
    assert not (await question_notes(spelt.analysis, r.term_weights, [], ctx.names)).hedge


async def test_a_name_typed_in_capitals_keeps_its_unknown_words_also_when_they_are_german(ctx):
    # „Ritual“ is German and in no document; capitalised beside „Dunkles“ it is part of a name the question gives
    # (001 has Dunkle Tiefen, no Dunkles Ritual), said as the card the store lacks (bot/answers/missing_phrases.py;
    # before „„ritual“ steht in keinem Dokument des Bots“); „Boni“ alone stays an ordinary word (no note)
    reply = await run_answer(ctx, "question", question="kann ich Dunkles Ritual im Zug des Gegners wirken")
    body = reply.pages[0].body
    assert "ℹ️ Keine Karte „Dunkles Ritual“ gefunden: kein Dokument des Bots nennt eine Karte dieses Namens" in body
    assert HEDGE in body
    plain = await run_answer(ctx, "question", question="Kann ich die Kreatur nochmal tappen und Boni dazunehmen?")
    assert "in keinem Dokument des Bots" not in plain.pages[0].body


def test_a_near_miss_line_is_built_from_its_parts_once_the_page_is_known():
    # the line of a near miss says the passages are its card's only while the page is of that card (or not yet
    # known); the other lines stay as written, whatever they quote
    from dataclasses import replace

    from bot.answers.unknown_notes import Miss, Notes

    other = "ℹ️ „x“ (gelesen als „y“) steht so in keinem Dokument des Bots."
    notes = Notes((Miss("blitzschlag", "Blitzschlange"), other), hedge=True)
    claimed = ("ℹ️ „blitzschlag“ steht in keinem Dokument des Bots; am ähnlichsten: **Blitzschlange**. Die Stellen "
               "unten gelten Blitzschlange, nicht „blitzschlag“.")
    assert notes.lines == (claimed, other) and notes.missed == ("blitzschlag",)
    assert replace(notes, lead="Blitzschlange").lines == (claimed, other)
    elsewhere = replace(notes, lead="Blutdurst")
    assert elsewhere.lines == (claimed.split(" Die Stellen")[0], other)
    assert elsewhere.missed == () and elsewhere.hedge


async def test_a_card_name_with_two_letters_swapped_is_read_as_karte_reads_it(ctx):
    # /karte name: Boros-Rektur finds Boros-Rekrut by the swapped r and t (bot.typos.near_swap); /frage reads the
    # same spelling the same way (bot.mentions.slipped_name), leads with the card's text and says so
    for typed in ("boros-rektur", "boros rektur"):
        reply = await run_answer(ctx, "question", question=f"was macht {typed}")
        page = reply.pages[0]
        assert page.title == "Boros-Rekrut"
        assert page.body.startswith(f"Frage: „was macht {typed}“\nℹ️ „{typed}“ steht so nicht in der Datenbank; "
                                    "am ähnlichsten geschrieben: Boros-Rekrut.\n\n")
        assert "Erstschlag" in page.body
        assert "steht in keinem Dokument" not in page.body
        assert HEDGE not in page.body


async def test_a_card_the_store_lacks_that_a_document_mentions_is_said_no_card_of_the_store(ctx):
    # 003 names Tarmogoyf in the example of 111.11, so the word stands in a document; the question gives it as a
    # card's name („die karte Tarmogoyf“), and no card of the store has it: said first, and the answer is hedged
    reply = await run_answer(ctx, "question", question="was macht die karte Tarmogoyf")
    body = reply.pages[0].body
    assert body.startswith("Frage: „was macht die karte Tarmogoyf“\nℹ️ „Tarmogoyf“ ist keine Karte der Datenbank; "
                           "die Stellen unten erwähnen sie höchstens, ihr Kartentext und ihre Rulings fehlen.\n")
    assert HEDGE in body
    for question in ("wie funktioniert die Karte Krims // Krams", "was passiert wenn ich eine Karte Abwerfe"):
        assert "keine Karte der Datenbank" not in (await run_answer(ctx, "question", question=question)).pages[0].body


async def test_a_name_a_document_prints_of_no_card_is_said_no_card_wherever_the_question_asks_what_it_is(ctx):
    # 003 prints „Tarmogoyf“ and „Disa the Restless“ only as names in the example of 111.11, never of a card of the
    # store: a question asking what such a name does, costs, prints or is says so in one line and is hedged, without
    # the word „Karte“ in it (what a card prints: the words the ranking reads as asking for the card,
    # CARD_PROPERTIES; before, „was macht Tarmogoyf“ led with 111.11 unhedged and without a note)
    for question, name in (("was macht Tarmogoyf", "Tarmogoyf"), ("was kostet Tarmogoyf", "Tarmogoyf"),
                           ("Tarmogoyf erklären", "Tarmogoyf"), ("Tarmogoyf oracle", "Tarmogoyf"),
                           ("wie funktioniert der Tarmogoyf im friedhof", "Tarmogoyf"),
                           ("welche farbe hat Tarmogoyf", "Tarmogoyf"), ("Tarmogoyf stärke", "Tarmogoyf"),
                           ("was macht Disa the Restless", "Disa the Restless")):
        body = (await run_answer(ctx, "question", question=question)).pages[0].body
        assert body.startswith(f"Frage: „{question}“\nℹ️ „{name}“ ist keine Karte der Datenbank; die Stellen unten "
                               "erwähnen sie höchstens, ihr Kartentext und ihre Rulings fehlen.\n" + HEDGE), question
    # a term (Match, Spuk) and a card of the store are what they are: no such line
    for question in ("was ist ein Match", "was macht Spuk", "was macht Boros-Rekrut", "kann Tarmogoyf blocken"):
        assert "keine Karte der Datenbank" not in (await run_answer(ctx, "question", question=question)).pages[0].body


async def test_a_name_of_several_words_typed_together_is_read_as_karte_reads_it(ctx):
    # /karte reads „borosrekrut“ as Boros-Rekrut (its name without hyphen); /frage reads it the same, silently as
    # /karte does, and answers as for the name as printed (before: 103.8, hedged, nothing about the card)
    for typed, name in (("borosrekrut", "Boros-Rekrut"), ("krimskrams", "Krims // Krams")):
        page = (await run_answer(ctx, "question", question=f"was macht {typed}")).pages[0]
        printed = (await run_answer(ctx, "question", question=f"was macht {name}")).pages[0]
        assert page.title == printed.title == name
        assert page.body.split("\n", 1)[1] == printed.body.split("\n", 1)[1]
    assert "Erstschlag" in (await run_answer(ctx, "question", question="was macht borosrekrut")).pages[0].body


async def test_a_guilds_or_editions_name_the_documents_print_is_said_to_be_that_name_not_a_missing_card(ctx):
    # 001 prints „Selesnija-Gilde“, 000 „Jede Karte in _Lorwyn_“ (an edition's title in italics): neither is a card
    # the store lacks (before: „„selesnija“ ist keine Karte der Datenbank; … ihr Kartentext und ihre Rulings fehlen.“);
    # a guild is said with the sentence of 001 that names its mechanic (bot.guilds; before, „… ein Name aus den
    # Dokumenten: „Selesnija-Gilde“.“)
    guild = ("ℹ️ „Selesnija“ gelesen als die Selesnija-Gilde, ihre Mechanik Einberufen mitgesucht: „Nur Karten, die "
             "der Selesnija-Gilde zugeordnet sind (grün, weiß oder grün-weiß), haben Einberufen.“ (Ravnica: Stadt der "
             "Gilden – Häufig gestellte Fragen, 30.08.2005)")
    for question, line in (
            ("was macht die selesnija", guild),
            ("welche farben hat die selesnija gilde", guild),
            ("was macht lorwyn", "ℹ️ „lorwyn“ ist keine Karte, sondern ein Name aus den Dokumenten: „Lorwyn“ "
                                 "(kursiv gedruckt, wie die Titel der Editionen).")):
        body = (await run_answer(ctx, "question", question=question)).pages[0].body
        assert body.startswith(f"Frage: „{question}“\n{line}\n"), body[:300]
        assert "ist keine Karte der Datenbank" not in body


def test_a_name_before_a_hyphen_and_a_card_or_token_word_stays_a_cards_name():
    from bot.question_mentions import HYPHENED, ITALIC, OtherThing, other_things

    rows = [(None, "explanation", "Der Tarmogoyf-Spielstein und der Clue-Token, eine Vanguard-Karte; die "
                                  "Selesnija-Gilde in _Lorwyn_.")]
    assert other_things(rows, {"tarmogoyf", "clue", "vanguard", "selesnija", "lorwyn"}) == {
        "selesnija": OtherThing("Selesnija-Gilde", HYPHENED), "lorwyn": OtherThing("Lorwyn", ITALIC)}


def test_the_line_on_another_things_name_says_italics_by_how_it_is_printed():
    from bot.answers.unknown_notes import unowned_line
    from bot.question_mentions import HYPHENED, ITALIC, OtherThing, other_things

    # an italic title may hold a hyphen, a hyphened name none of the italics: the line follows how it is printed
    rows = [(None, "explanation", "Jede Karte in _Zeit-Spirale_ und der Orzhov-Syndikat.")]
    things = other_things(rows, {"zeit", "spirale", "orzhov"})
    assert things == {"zeit": OtherThing("Zeit-Spirale", ITALIC), "spirale": OtherThing("Zeit-Spirale", ITALIC),
                      "orzhov": OtherThing("Orzhov-Syndikat", HYPHENED)}
    assert unowned_line("zeit", things["zeit"]) == (
        "ℹ️ „zeit“ ist keine Karte, sondern ein Name aus den Dokumenten: „Zeit-Spirale“ (kursiv gedruckt, wie die "
        "Titel der Editionen).")
    assert unowned_line("orzhov", things["orzhov"]) == (
        "ℹ️ „orzhov“ ist keine Karte, sondern ein Name aus den Dokumenten: „Orzhov-Syndikat“.")


async def test_words_read_as_two_cards_are_said_in_one_line(ctx):
    # „borros“ is one slip from the „Boros“ of Furienschild der Boros and of Razia, Boros-Erzengel: one line names
    # both, the passages below claimed for one (before, two lines each saying „am ähnlichsten“ another card)
    reply = await run_answer(ctx, "ruling", search="borros")
    body = reply.pages[0].body
    assert body.count("„borros“ steht in keinem Dokument des Bots") == 1
    assert ("am ähnlichsten: **Furienschild der Boros**, auch **Razia, Boros-Erzengel**. Die Stellen unten gelten "
            "Furienschild der Boros, nicht „borros“.") in body
