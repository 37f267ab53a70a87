"""How ``/frage`` reads counts, the variable X and players' shorthand, on the real store: a number, a count („3x“,
„x2“) or the variable X typed twice is no word a document lacks; „sba“, „skippt“, „forest“, „painland“,
„flicker“ and „2x“ name the documents' own words; a slip note of a card's name quotes the name only. Expected values
from data/sources (001: Geister der Unschuldigen, Kumulative Versorgung, Psychische Besessenheit, Blutdurst,
Schmerzvergrößerung, Geschmolzener Wachposten, Kälteeinbruch's snow lands; 003: {X}, 111.8)."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.mentions import slipped_name
from bot.question_reading import read_question
from bot.question_words import unknown_words
from bot.ranking import ranker

UNKNOWN = "in keinem Dokument des Bots, auch nicht abgewandelt"


async def body_of(ctx, question: str) -> str:
    """The body of ``/frage``'s first page for ``question``."""
    return (await run_answer(ctx, "question", question=question)).pages[0].body


async def test_a_word_typed_twice_keeps_its_own_terms_in_the_unknown_word_note(ctx):
    # „X“ three times (read as the cost's {X}, which 003:258 „{X}“ holds): the distinct groups are fewer than the
    # words, and pairing them in order gave „aufm“'s group to „X“ — „„mx“ steht in keinem Dokument“
    r = await ranker(ctx.store)
    question = "kreatur mit X in den kosten und ner etb die X benutzt, ist x dann 0 weil die schon aufm feld liegt?"
    analysis = r.analyser.analyse(question, question=True)
    assert analysis.words.count("mx") == 3 and len(analysis.word_terms) == len(analysis.words)
    assert unknown_words(analysis, r.term_weights) == []  # „aufm“ is „auf dem“, a function word
    for asked in (question, "x zauber umsonst gewirkt ohne die manakosten zu zahlen, was darf ich für x ansagen"):
        body = await body_of(ctx, asked)
        assert "„mx“" not in body and UNKNOWN not in body, asked


async def test_every_reader_of_a_questions_words_pairs_each_word_with_its_own_terms(ctx):
    """The same question, „X“ typed three times: each of its words keeps the terms it gave (the off-topic check and
    the register's words read them as the unknown-word note does: :meth:`bot.analysed.Analysis.word_groups`), and
    the groups no word gave are only those (none here: „aufm feld“ names the battlefield by its words)."""
    from bot.answers.abolished import register_words

    r = await ranker(ctx.store)
    question = "kreatur mit X in den kosten und ner etb die X benutzt, ist x dann 0 weil die schon aufm feld liegt?"
    analysis = r.analyser.analyse(question, question=True)
    pairs = list(zip(analysis.words, analysis.word_groups(), strict=True))
    assert len(analysis.groups) < len(analysis.words) == 10  # three „mx“, one group
    assert pairs[4:7] == [("mx", ("mx",)), ("benutzt", ("benutz",)), ("mx", ("mx",))]  # the groups' 5th is „0“'s
    assert analysis.other_groups() == []
    read = (await register_words(ctx.store)).read(analysis)
    assert len(read) == 10 and "benutz" in read[5] and "mx" in read[6]


@pytest.mark.parametrize("question", [
    "3x geister der unschuldigen draussen, 14 schaden kommen rein - wie viel bleibt übrig",
    "kann ich 250 karten im deck spielen",
    "geister der unschuldigen x2, wie viel schaden kommt an",
    "verfroscher auf ne 4/4 mit ner +1/+1 marke drauf, welche werte hat die danach",
])
async def test_numbers_and_counts_are_no_words_a_document_lacks(ctx, question):
    body = await body_of(ctx, question)
    assert UNKNOWN not in body and "vielleicht eine Karte" not in body


async def test_2x_is_twice_as_the_documents_mehrfach(ctx):
    # 001:2830 „Hat eine bleibende Karte mehrfach Kumulative Versorgung … Eine Kreatur hat zweimal „Kumulative
    # Versorgung …““ answers „ne karte mit 2x kumulativer versorgung“
    r = await ranker(ctx.store)
    passage = await ctx.store.passage_by_key("001:2830")
    assert passage is not None and "zzsmehrfach" in passage.concepts
    for question in ("ne karte mit 2x kumulativer versorgung, teilen die sich die alterszähler",
                     "kumulative versorgung x2 auf einer karte"):
        assert "zzsmehrfach" in r.analyser.analyse(question, question=True).concepts, question
    found = await r.search(ctx.store, "ne karte mit 2x kumulativer versorgung, hat jede ihre eigenen alterszähler "
                           "oder teilen die sich die", ctx.names, limit=3)
    assert "001:2830" in [h.passage.key for h in found.hits]


@pytest.mark.parametrize(("question", "concept", "key"), [
    # 003:150 „Verlieren alle Spieler … gleichzeitig …“ is no zustandsbasierte Aktion; 003:426 (111.8) names them
    ("beide spieler fallen gleichzeitig auf 0 leben durch die sba, wer hat gewonnen", "zzszustandsbasiert", "003:426"),
    # 001:2476 „Der Beherrscher der Psychischen Besessenheit … übergeht sein Ziehsegment.“ (2006 for „überspringt“)
    ("psychische besessenheit liegt auf meinem gegner - wer skippt jetzt den draw, ich oder er", "zzsuberspringen",
     "001:2476"),
    # 001:2791 „… wie zum Beispiel der Verschneite Wald. Da es sich um Standardländer handelt …“
    ("snow covered forest, mehr als 4 stück im deck erlaubt?", "zzswald", "001:2791"),
    # 001:1071 „Wurde deinem Gegner zum Beispiel von einem seiner Schmerzländer Schaden zugefügt …“
    ("blutdurst: gegner hat sich selbst mit seinem painland schaden gemacht, zaehlt das", "zzsschmerzland", "001:1071"),
    # 003:426 „Ein Spielstein, der das Spiel verlassen hat, kann nicht … ins Spiel zurückkehren“; flicker: ins Exil
    # schicken und zurückbringen
    ("token mit flicker weggeschickt, kommt der wieder zurück aufs feld", "zzsexil", None),
])
async def test_players_shorthand_names_the_documents_word(ctx, question, concept, key):
    r = await ranker(ctx.store)
    assert concept in r.analyser.analyse(question, question=True).concepts
    if key is not None:
        passage = await ctx.store.passage_by_key(key)
        assert passage is not None and concept in passage.concepts, key
    assert UNKNOWN not in await body_of(ctx, question)


async def test_a_slip_note_quotes_the_name_without_punctuation_or_a_number(ctx):
    # „schmerzvergrösserung“ is Schmerzvergrößerung with „ss“ for „ß“ (the exact name): the „2“ after it was the one
    # edit that made „schmerzvergrösserung: 2“ a slip of the name
    assert slipped_name("schmerzvergrösserung: 2 schaden und dann später nochmal 2 schaden", ctx.names) is None
    body = await body_of(ctx, "schmerzvergrösserung: 2 schaden und dann später nochmal 2 schaden von der selben "
                              "kreatur, muss er abwerfen?")
    assert "„schmerzvergrösserung: 2“" not in body and "steht so nicht in der Datenbank" not in body
    typed, hit = slipped_name("klon kopiert meinen geschmolzenen wachposten, ist der dann auch 5/2", ctx.names)
    assert (typed, hit.card_name) == ("geschmolzenen wachposten", "Geschmolzener Wachposten")
    body = await body_of(ctx, "klon kopiert meinen geschmolzenen wachposten, ist der dann auch 5/2 oder wird neu "
                              "geworfen")
    assert ("ℹ️ „geschmolzenen wachposten“ steht so nicht in der Datenbank; am ähnlichsten geschrieben: "
            "Geschmolzener Wachposten.") in body


async def test_a_mana_symbol_after_karte_is_no_card_the_store_lacks(ctx):
    body = await body_of(ctx, "halbe-halbe karte R/W nur mit gebirgen bezahlt - erwischt mich dann trotzdem ein "
                              "'zerstoere alle weissen kreaturen'?")
    assert "keine Karte der Datenbank" not in body


async def test_the_variable_x_is_no_piece_of_a_word_split_in_two(ctx):
    # „rix“ is a word of the documents (Rix Maadi, Palast aus Kerkern); „ri“ is none, but „x“ is the variable X
    knows = (await ranker(ctx.store)).analyser.vocab.knows
    assert knows("rix") and not knows("ri")
    read = read_question("wie viel ri x", knows)
    assert read.text == "wie viel ri x" and read.joined == ()
    assert read_question("sp uk mit x", knows).joined == (("sp uk", "spuk"),)
