"""Comparison questions (``/frage``): the best passage of each side leads, one term row for two names of one term."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.answers.compared import named_by, things_of
from bot.comparison import Comparison, compared_sides, comparison, missing_side
from bot.ranking import ranker
from tests.answers.test_rulings import all_payloads
from tests.test_render import assert_within_limits


@pytest.mark.parametrize(("question", "sides"), [
    ("was ist der unterschied zwischen blutdurst und pfropfen", ("blutdurst", "pfropfen")),
    ("Was ist der Unterschied zwischen Spuk und Ausgraben genau?", ("Spuk", "Ausgraben")),
    ("was ist der unterschied zwischen umgewandelte manakosten und manawert", ("umgewandelte manakosten", "manawert")),
    ("Spuk oder Ausgraben?", ("Spuk", "Ausgraben")),
    ("blutdurst vs. pfropfen", ("blutdurst", "pfropfen")),
    ("spuk im vergleich zu ausgraben", ("spuk", "ausgraben")),
    ("ist manawert dasselbe wie umgewandelte manakosten", ("manawert", "umgewandelte manakosten")),
    ("spuk, ausgraben oder blutdurst", ("spuk", "ausgraben", "blutdurst")),  # three sides
    ("was ist der unterschied zwischen spuk, ausgraben und blutdurst", ("spuk", "ausgraben", "blutdurst")),
    ("spuk oder ausgraben oder blutdurst?", ("spuk", "ausgraben", "blutdurst")),
    ("spuk, ausgraben, blutdurst oder pfropfen", ("spuk", "ausgraben", "blutdurst", "pfropfen")),  # MAX_SIDES
    ("ist spuk oder ausgraben besser", ("spuk", "ausgraben")),  # opened by a verb, one name on each side
    ("fehde vs spuk vs blutdurst", ("fehde", "spuk", "blutdurst")),  # „vs“ again, as „oder“ again
    # the frame's slips and abbreviations are read as the frame
    ("unterschid zwischen spuk und ausgraben", ("spuk", "ausgraben")),
    ("untersched zwischen spuk und fehde", ("spuk", "fehde")),
    ("was is der unterschied zw einberufen, replizieren und wallung", ("einberufen", "replizieren", "wallung")),
])
def test_comparison_sides(question, sides):
    assert compared_sides(question) == sides


@pytest.mark.parametrize("question", [
    "kann ich mit spuk oder mit ausgraben eine kreatur zurückholen",  # one question about two ways
    "darf ich angreifen oder muss ich blocken",
    "wer gewinnt fehde krims krams oder boros rekrut",  # one question about a clash of two cards
    "wie funktioniert spuk",
    "spuk oder spuk",
    "was ist der unterschied zwischen blutdurst, wenn der gegner schaden hatte, und pfropfen",  # a clause, no name
    "spuk, ausgraben oder spuk",
    "flackernde form, was kommt zuerst zurück die kreatur oder die auren",  # a topic, then a question (t2-133)
    "anrufung des feuerhirns, modus zuerst oder X zuerst",  # alternatives repeating „zuerst“ (t2-213)
    "unterschied zwischen und",
    # a question opened by a verb asks which of two things one subject is (001:2037 answers it: „… weder mehrfarbig
    # noch einfarbig“); compared are two names, not a subject and its predicate
    "ist ein artefakt einfarbig oder mehrfarbig",
    "sind karten im friedhof getappt oder ungetappt",
    "ist schneemana eine eigene manaart oder farbe",
    # one question of order about two things: 004:25 answers it (cost increases, then reductions)
    "was kommt zuerst kostenerhoehung oder kostenreduzierung",
    "kommen permanents getappt oder ungetappt ins spiel",
])
def test_no_comparison(question):
    assert compared_sides(question) is None


def body_keys(reply) -> list[str]:
    body = reply.pages[0].body
    return [part.split("_", 1)[0] for part in body.split("_Schlüssel: ")[1:]]


async def test_a_subject_s_two_properties_are_answered_not_compared(ctx):
    reply = await run_answer(ctx, "question", question="ist ein artefakt einfarbig oder mehrfarbig")
    body = reply.pages[0].body
    assert "Ein Vergleich" not in body and body_keys(reply)[0] == "001:2037"
    assert "weder mehrfarbig noch einfarbig" in body


async def test_the_two_halves_of_one_split_card_joined_by_oder_name_that_card(ctx):
    # Krims // Krams (001, Zwietracht) has the halves Krims and Krams (CR 709.1): „krims oder krams“ names the one
    # card, whose text leads, not a comparison of the card against the term „Farbe“
    reply = await run_answer(ctx, "question", question="krims oder krams welche farbe")
    page = reply.pages[0]
    assert page.title == "Krims // Krams"
    assert "Ein Vergleich" not in page.body and "gelesen als Hälfte" not in page.body
    assert "**Krims // Krams** (Kartentext)" in page.body


@pytest.mark.parametrize("question", ["Krims // Krams oder Boros-Rekrut", "krims oder krams oder boros-rekrut",
                                      "Unterschied zwischen Krims // Krams und Boros-Rekrut"])
async def test_a_split_card_compared_with_another_card_keeps_both_sides(ctx, question):
    # the halves joined by „//“ or „oder“ are one side, Krims // Krams (001:2358, both halves' texts); the other side,
    # Boros-Rekrut (001:26, „{R/W} kann entweder mit {R} oder mit {W} bezahlt werden“), is not dropped
    reply = await run_answer(ctx, "question", question=question)
    page = reply.pages[0]
    assert page.title == "Krims // Krams · Boros-Rekrut"
    assert body_keys(reply) == ["001:2358", "001:26"]
    assert "Ein Spieler deiner Wahl opfert zwei angreifende Kreaturen." in page.body  # Krams's half
    assert "Wirf eine Münze." in page.body  # Krims's half
    assert "({R/W} kann entweder mit {R} oder mit {W} bezahlt werden.)" in page.body


async def test_both_sides_lead(ctx):
    # 001's sections: Blutdurst (Gildenbund) and Pfropfen (Zwietracht), each by its definition paragraph
    reply = await run_answer(ctx, "question", question="was ist der unterschied zwischen blutdurst und pfropfen")
    assert body_keys(reply) == ["001:1052", "001:1942"]
    body = reply.pages[0].body
    assert "Pfropfen ist eine Fähigkeit, die es Kreaturen ermöglicht" in body
    assert "Blutdurst ist eine Fähigkeit, durch die deine Kreaturen stärker ins Spiel kommen" in body
    assert [a.label for a in reply.actions[:2]] == ["1. Blutdurst", "2. Pfropfen"]
    assert reply.pages[0].fields[0].name.startswith("3. ")


async def test_other_side_not_lost(ctx):
    reply = await run_answer(ctx, "question", question="was ist der unterschied zwischen spuk und ausgraben")
    # Spuk's definition paragraph first (on main only 3rd, after Ausgraben), Ausgraben's section second
    assert body_keys(reply)[0] == "001:1078"
    assert "Spuk ist eine Fähigkeit, die deinen Kreaturen" in reply.pages[0].body
    assert "Mechanik-Abschnitt **Ausgraben**" in reply.pages[0].body


async def test_old_and_new_name_of_one_term(ctx):
    # the term table's row: Manawert, today rule 202.3, formerly „umgewandelte Manakosten“
    reply = await run_answer(ctx, "question",
                             question="was ist der unterschied zwischen umgewandelte manakosten und manawert")
    assert body_keys(reply) == ["term:Manawert"]
    assert "Früher: umgewandelte Manakosten" in reply.pages[0].body
    assert "denselben Begriff" in reply.pages[0].body
    reply = await run_answer(ctx, "question", question="was ist der unterschied zwischen vorrang und priorität")
    assert body_keys(reply) == ["term:Priorität"]
    assert "Früher: Vorrang" in reply.pages[0].body


async def test_side_naming_nothing_is_no_comparison(ctx):
    reply = await run_answer(ctx, "question", question="was ist der unterschied zwischen blutdurst und quarkbrot")
    assert "Ein Vergleich" not in reply.pages[0].body
    assert len(body_keys(reply)) == 1


async def test_a_side_no_document_holds_is_said_not_compared(ctx):
    # „Blitzschlag“ is no card of the documents; read as the close Blitzschlange it must not lead as a side
    reply = await run_answer(ctx, "question", question="was ist der unterschied zwischen blitzschlag und spuk")
    body = reply.pages[0].body
    assert "„blitzschlag“ steht in keinem Dokument des Bots; am ähnlichsten: **Blitzschlange**" in body
    assert "Ein Vergleich" not in body
    # the side the documents hold leads (Spuk's section), so the title names it as asked; a page led by
    # Blitzschlange's ruling would be titled „Nicht in den Dokumenten: „blitzschlag“ – am ähnlichsten: …“
    assert reply.pages[0].title == "Spuk"


@pytest.mark.parametrize(("question", "missing"), [
    ("unterschied zwischen und", True),
    ("was ist der unterschied zwischen spuk und?", True),
    ("was ist der unterschied zwischen", True),
    ("vs blutdurst", True),
    ("spuk vs", True),
    ("unterschied zwischen spuk und ausgraben", False),
    ("gibt es einen unterschied zwischen den hälften einer geteilten karte", False),  # one thing with parts
    ("geht das, oder?", False),
    ("spuk oder", True),  # a question ending on a conjunction: its last side is empty
    ("spuk und", True),
])
def test_a_comparison_with_an_empty_side(question, missing):
    assert missing_side(question) is missing


async def test_a_comparison_naming_nothing_asks_back(ctx):
    # before: the section Geteilte Karten, unhedged, for a question that names nothing; one rule with „was macht“
    for question in ("unterschied zwischen und", "was ist der unterschied zwischen", "wie geht das"):
        reply = await run_answer(ctx, "question", question=question)
        assert reply.error
        assert reply.pages[0].title == f"Wonach fragst du? „{question}“ nennt nichts"


@pytest.mark.parametrize(("question", "note"), [
    ("unterschied zwischen spuk und", "Der Vergleich nennt nur eine Seite; hier steht sie allein."),
    ("spuk oder", "Der Vergleich nennt nur eine Seite; hier steht sie allein."),
    ("spuk und", "Der Vergleich nennt nur eine Seite; hier steht sie allein."),
    ("unterschied zwischen spuk und spuk", "„spuk“ steht mehrfach im Vergleich; es wird einmal gezeigt."),
])
async def test_a_comparison_with_one_side_answers_it_with_a_note(ctx, question, note):
    # before: asked back („unterschied zwischen spuk und“) or a hedged Spuk ruling (001:1110) for the others;
    # now each answers Spuk's definition paragraph (001:1078) and says why only it
    reply = await run_answer(ctx, "question", question=question)
    assert not reply.error and body_keys(reply) == ["001:1078"]
    body = reply.pages[0].body
    assert note in body and "Spuk ist eine Fähigkeit, die deinen Kreaturen" in body
    assert "Ein Vergleich:" not in body and "Keine Stelle passt eindeutig" not in body


async def test_sides_typed_without_a_separator_are_split_where_each_word_names_a_thing(ctx):
    r = await ranker(ctx.store)
    things = things_of(r, ctx.names)
    assert comparison("spuk ausgraben oder blutdurst", things) == Comparison(("spuk", "ausgraben", "blutdurst"))
    assert comparison("unterschied zwischen spuk ausgraben blutdurst und pfropfen", things).sides == (
        "spuk", "ausgraben", "blutdurst", "pfropfen")
    # one name of two words stays whole: the Manawert (neither word names it alone), the card Krims-Krams
    assert comparison("umgewandelte manakosten oder manawert", things) == Comparison(
        ("umgewandelte manakosten", "manawert"))
    assert comparison("krims krams oder boros rekrut", things) == Comparison(("krims krams", "boros rekrut"))
    reply = await run_answer(ctx, "question", question="spuk ausgraben oder blutdurst")
    assert body_keys(reply) == ["001:1078", "001:89", "001:1052"]  # before: Ausgraben and Blutdurst only
    assert reply.pages[0].title == "Spuk · Ausgraben · Blutdurst"


async def test_slipped_card_names_are_sides_as_karte_reads_them(ctx):
    # /karte reads „szadec“ as Szadek, Herr der Geheimnisse and „razai“ as Razia, Boros-Erzengel; before, the
    # comparison answered Razia alone
    reply = await run_answer(ctx, "question", question="szadec vs razai")
    assert reply.pages[0].title == "Szadek, Herr der Geheimnisse · Razia, Boros-Erzengel"
    body = reply.pages[0].body
    assert "Ein Vergleich: zuerst die wichtigste Stelle zu jeder Seite." in body
    assert "am ähnlichsten geschrieben: Szadek, Herr der Geheimnisse." in body


async def test_a_side_that_cannot_be_read_is_said(ctx):
    reply = await run_answer(ctx, "question", question="unterschied zwischen blutdurst und quarkbrot")
    body = reply.pages[0].body
    assert "ℹ️ Nicht gelesen: „quarkbrot“ nennt keine Mechanik, keinen Begriff und keine Karte der Dokumente" in body
    assert body_keys(reply) == ["001:1052"] and "Ein Vergleich:" not in body


@pytest.mark.parametrize("question", [
    "spuk, ausgraben oder blutdurst", "unterschied zwischen spuk, ausgraben und blutdurst"])
async def test_three_sides_each_lead(ctx, question):
    # 001's definition paragraphs of Spuk (Gildenbund), Ausgraben (Ravnica) and Blutdurst (Gildenbund), in order
    reply = await run_answer(ctx, "question", question=question)
    assert body_keys(reply) == ["001:1078", "001:89", "001:1052"]
    assert reply.pages[0].title == "Spuk · Ausgraben · Blutdurst"
    assert "Ein Vergleich: zuerst die wichtigste Stelle zu jeder Seite." in reply.pages[0].body
    assert [a.label for a in reply.actions[:3]] == ["1. Spuk", "2. Ausgraben", "3. Blutdurst"]
    assert reply.pages[0].fields[0].name.startswith("4. ")


async def test_four_sides_fit_one_message(ctx):
    reply = await run_answer(ctx, "question", question="spuk, ausgraben, blutdurst oder pfropfen")
    assert body_keys(reply) == ["001:1078", "001:89", "001:1052", "001:1942"]
    for message in all_payloads(reply):
        assert_within_limits(message)


def test_a_list_past_four_sides_compares_the_first_four_and_names_the_rest():
    asked = comparison("spuk, ausgraben, blutdurst, pfropfen oder fehde")
    assert asked is not None and asked.sides == ("spuk", "ausgraben", "blutdurst", "pfropfen")
    assert asked.dropped == ("fehde",)


@pytest.mark.parametrize(("question", "sides"), [
    ("unterschied zwischen spuk u ausgraben", ("spuk", "ausgraben")),  # „u“ for „und“
    ("diffrenz zwischen blutdurst und pfropfen", ("blutdurst", "pfropfen")),  # a slip of „Differenz“
    ("differenz zwischen blutdurst und pfropfen", ("blutdurst", "pfropfen")),
])
def test_the_frame_read_through_players_shortenings(question, sides):
    assert compared_sides(question) == sides


async def test_frage_compares_a_frame_without_separator_and_says_what_it_left_out(ctx):
    page = (await run_answer(ctx, "question", question="unterschied spuk ausgraben")).pages[0]
    assert page.title == "Spuk · Ausgraben"
    page = (await run_answer(ctx, "question",
                             question="spuk, ausgraben, blutdurst, pfropfen, wallung oder einberufen")).pages[0]
    assert page.title == "Spuk · Ausgraben · Blutdurst · Pfropfen"
    assert "ℹ️ Verglichen werden höchstens 4 Dinge auf einmal; nicht verglichen: „wallung“, „einberufen“." in page.body
    # the frame's shortenings and slips are no words the documents lack
    for question in ("unterschied zw spuk und ausgraben", "diffrenz zwischen spuk und ausgraben",
                     "unterschid zwischen spuk und ausgraben"):
        body = (await run_answer(ctx, "question", question=question)).pages[0].body
        assert "steht in keinem Dokument" not in body and "steht so in keinem Dokument" not in body


@pytest.mark.parametrize(("question", "title"), [
    ("unterschied zwischen Razia, Boros-Erzengel und Szadek, Herr der Geheimnisse",
     "Razia, Boros-Erzengel · Szadek, Herr der Geheimnisse"),
    ("Szadek, Herr der Geheimnisse oder spuk", "Szadek, Herr der Geheimnisse · Spuk"),
    # three full names: a list of cards, however many words each has („Simic-Visionär“ is a word of two cards)
    ("unterschied zwischen Razia, Boros-Erzengel und Szadek, Herr der Geheimnisse und Momir Vig, Simic-Visionär",
     "Razia, Boros-Erzengel · Szadek, Herr der Geheimnisse · Momir Vig, Simic-Visionär"),
    ("Razia, Boros-Erzengel oder Szadek, Herr der Geheimnisse oder Momir Vig, Simic-Visionär",
     "Razia, Boros-Erzengel · Szadek, Herr der Geheimnisse · Momir Vig, Simic-Visionär"),
])
async def test_a_cards_full_name_with_its_comma_is_one_side(ctx, question, title):
    # before: the comma split „Razia“ from „Boros-Erzengel“ and the question was answered as one thing; three full
    # names were no list (more than three words a side) and only Szadek was answered
    reply = await run_answer(ctx, "question", question=question)
    assert reply.pages[0].title == title


async def test_five_full_card_names_compare_the_first_four_and_name_the_fifth(ctx):
    question = ("unterschied zwischen Razia, Boros-Erzengel, Szadek, Herr der Geheimnisse, Momir Vig, Simic-Visionär, "
                "Agrus Kos, Wojek-Veteran und Circu, Dimir-Lobotomist")
    reply = await run_answer(ctx, "question", question=question)
    assert reply.pages[0].title.count(" · ") == 3 and "Circu" not in reply.pages[0].title
    assert "nicht verglichen: „Circu Dimir-Lobotomist“" in reply.pages[0].body


async def test_a_card_name_typed_with_a_space_for_its_hyphen_is_one_side(ctx):
    # „boros“ alone names nothing, „boros rekrut“ the card Boros-Rekrut (001, Ravnica FAQ): the cut keeps it whole;
    # before, the bare frame read no sides and answered a hedged ruling on Hybrid-Karten
    r = await ranker(ctx.store)
    things = things_of(r, ctx.names)
    assert comparison("unterschied szadek boros rekrut", things) == Comparison(("szadek", "boros rekrut"))
    assert comparison("unterschied boros rekrut szadek", things) == Comparison(("boros rekrut", "szadek"))
    reply = await run_answer(ctx, "question", question="unterschied szadek boros rekrut")
    assert reply.pages[0].title == "Szadek, Herr der Geheimnisse · Boros-Rekrut"
    assert "Ein Vergleich: zuerst die wichtigste Stelle zu jeder Seite." in reply.pages[0].body


@pytest.mark.parametrize(("question", "title"), [
    ("spuk ausgraben blutdurst", "Spuk · Ausgraben · Blutdurst"),
    ("szadek boros rekrut krims krams", "Szadek, Herr der Geheimnisse · Boros-Rekrut · Krims // Krams"),
    # „krams boros rekrut“ alone reads as Boros-Rekrut, but „krams“ names Krims // Krams: the cut keeps it there
    ("unterschied krims krams boros rekrut", "Krims // Krams · Boros-Rekrut"),
    # a slip the term lookup repairs (Ausgraben by its stem, Blutdurst by one letter) is a name as the framed
    # „unterschied zwischen spuk und ausgrabn“ reads it; before, Spuk was dropped and Ausgraben answered alone
    ("spuk ausgrabn pfropfen", "Spuk · Ausgraben · Pfropfen"),
    ("spuk blutdrst pfropfen", "Spuk · Blutdurst · Pfropfen"),
])
async def test_a_question_of_names_alone_is_a_comparison(ctx, question, title):
    # three keywords of the term table (Haunt 702.55, Dredge 702.52, Bloodthirst 702.54), two cards: nothing but
    # names; before, „spuk ausgraben blutdurst“ answered Blutdurst alone, hedged
    reply = await run_answer(ctx, "question", question=question)
    assert reply.pages[0].title == title
    assert "Ein Vergleich: zuerst die wichtigste Stelle zu jeder Seite." in reply.pages[0].body


async def test_words_that_are_not_all_names_are_no_comparison(ctx):
    r = await ranker(ctx.store)
    things = things_of(r, ctx.names)
    named = named_by(things)
    for question in ("Commander Startlebenspunkte?",  # terms, no mechanic: one question on the commander format
                     "vorhersage nur in der versorgungsphase?", "umgewandelte manakosten", "krims krams",
                     "mana verbrennen", "was ist spuk ausgraben",
                     "boros rekrut erstschlag", "szadek spuk"):  # a card and a keyword: does the card have it?
        assert comparison(question, things, named) is None, question
    assert (named("Spuk"), named("haunt"), named("boros rekrut"), named("Commander")) == ("mechanic", "mechanic",
                                                                                           "card", "")


async def test_a_side_taken_out_as_markup_is_said_like_an_empty_side(ctx):
    # „<a:dance:1> oder spuk“ reads „oder spuk“: the emoji's side is empty, as in „spuk oder <@123>“
    assert comparison("oder spuk") == Comparison(("spuk",), empty=True)
    assert comparison("oder was macht spuk") is None  # a follow-up question, no side left empty
    for question in ("<a:dance:1> oder spuk", "spuk oder <@123>"):
        body = (await run_answer(ctx, "question", question=question)).pages[0].body
        assert "ℹ️ Der Vergleich nennt nur eine Seite; hier steht sie allein." in body, question
        assert "Spuk ist eine Fähigkeit, die deinen Kreaturen" in body and "Keine Stelle passt eindeutig" not in body


@pytest.mark.parametrize(("question", "title", "unread"), [
    # 266 letters: before, the reading stopped at 300 characters, inside „boros rekrut“, and answered 001's
    # „Geteilte Karten“ with neither side; 252 letters (×36) already compared
    ("unterschied zwischen " + "Szadekk" * 38 + " und boros rekrut", "Boros-Rekrut", ["Szadekk" * 38]),
    ("unterschied zwischen " + "Szadekk" * 36 + " und boros rekrut", "Boros-Rekrut", ["Szadekk" * 36]),
    # names alone: before, Ausgraben answered alone, Spuk dropped
    ("x" * 300 + " " + "y" * 300 + " spuk ausgraben blutdurst", "Spuk · Ausgraben · Blutdurst",
     ["x" * 300, "y" * 300]),
    ("spuk oder " + "x" * 300, "Spuk", ["x" * 300]),
])
async def test_a_word_too_long_to_read_is_said_and_the_other_sides_stay(ctx, question, title, unread):
    r = await ranker(ctx.store)
    things = things_of(r, ctx.names)
    asked = comparison(question, things, named_by(things))
    assert asked is not None and asked.unread == tuple(unread)
    page = (await run_answer(ctx, "question", question=question)).pages[0]
    assert page.title == title
    shown = ", ".join(f"„{word[:59]}…“" for word in unread)
    verb = "nennt" if len(unread) == 1 else "nennen"
    assert f"ℹ️ Nicht gelesen: {shown} {verb} keine Mechanik, keinen Begriff und keine Karte" in page.body


def test_the_frame_is_read_on_tokens():
    # a joiner stands between whitespace, „vs.“ takes its dot, the first kind of joiner found decides; a frame word
    # inside a hyphenated word („Regel-unterschied“, like „Regelunterschied“) is no frame
    from bot.comparison_frame import Sides, framed, gap, tokens

    def read(text):
        return framed(text, tokens(text))

    assert read("spuk vs. ausgraben") == Sides("spuk", "ausgraben")
    assert read("spuk oder blutdurst im vergleich zu ausgraben") == Sides("spuk oder blutdurst", "ausgraben")
    assert read("was ist der unterschied zwischen spuk und ausgraben oder blutdurst") == Sides(
        "spuk", "ausgraben oder blutdurst")
    assert read("spuk oder ausgraben") == Sides("spuk", "ausgraben", oder=True)
    assert read("spuk,oder ausgraben") is None and read("spuk vs.ausgraben") is None
    assert read("Regel-unterschied zwischen spuk und ausgraben") is None
    assert gap("spuk oder", tokens("spuk oder")) == Sides("spuk", "")
    assert gap("unterschied zwischen und spuk", tokens("unterschied zwischen und spuk")) == Sides(" ", " spuk")
    assert comparison("spuk oder ausgraben, blutdurst") == Comparison(("spuk", "ausgraben", "blutdurst"))


@pytest.mark.parametrize("question", ["vergleich", "unterschied", "Unterschied?", "was ist der unterschied", "vgl",
                                      "diffrenz"])
async def test_a_comparison_s_word_alone_asks_what_to_compare(ctx, question):
    # before: 003's 107.1b („… Berechnungen und Vergleiche …“) or rulings holding „unterschiedlich“, as an answer
    reply = await run_answer(ctx, "question", question=question)
    assert reply.error and reply.pages[0].title == f"Wonach fragst du? „{question}“ nennt nichts"
    assert reply.pages[0].body == ("Was soll verglichen werden? Bitte beide Seiten nennen, zwei Begriffe oder Karten, "
                                   "z. B. „Was ist der Unterschied zwischen Spuk und Ausgraben?“")


async def test_sides_listed_by_commas_alone_are_compared_as_with_und(ctx):
    # before: one ranking over the whole question (Fehde's ruling 000:20 first, hedged); now each side leads, as
    # „unterschied spuk, ausgraben und blutdurst“ does: 001's definition paragraphs of the three
    for question in ("unterschied spuk, ausgraben, blutdurst", "unterschied zwischen spuk, ausgraben, blutdurst"):
        reply = await run_answer(ctx, "question", question=question)
        assert body_keys(reply) == ["001:1078", "001:89", "001:1052"], question
    assert comparison("unterschied spuk, wenn der gegner angreift") is None  # a clause after the comma: no list
    # more than four: the first four compared, the rest named (each side costs a search; an embed holds four)
    page = (await run_answer(ctx, "question",
                             question="unterschied einberufen, pfropfen, fehde, spuk, ausgraben, blutdurst")).pages[0]
    assert page.title == "Einberufen · Pfropfen · Fehde · Spuk"
    assert "ℹ️ Verglichen werden höchstens 4 Dinge auf einmal; nicht verglichen: „ausgraben“, „blutdurst“." in page.body


@pytest.mark.parametrize("question", ["pfropfen schutz", "szadek boros rekrut", "krims krams boros rekrut",
                                      "spuk ausgraben"])
async def test_two_names_side_by_side_are_no_comparison(ctx, question):
    # nothing asks to compare them (no „oder“, „vs“, „unterschied“): the question is how the two meet
    r = await ranker(ctx.store)
    things = things_of(r, ctx.names)
    assert comparison(question, things, named_by(things)) is None
    assert comparison(f"{question.replace(' ', ' oder ', 1)}", things, named_by(things)) is not None


async def test_two_names_are_answered_by_the_passage_on_both(ctx):
    # 001:1965 (Zwietracht-FAQ, Pfropfen): „… ebenso auf eine Kreatur mit Schutz vor Kreaturen.“ Before, „Ein
    # Vergleich: Pfropfen · Schutz“ led with the whole Pfropfen section and this ruling third
    reply = await run_answer(ctx, "question", question="pfropfen schutz")
    body = reply.pages[0].body
    assert reply.pages[0].title == "Pfropfen" and "Ein Vergleich" not in body
    assert body.split("\n\n")[1].startswith("Ruling zu **Pfropfen**") and "_Schlüssel: 001:1965_" in body
