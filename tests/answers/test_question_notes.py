"""The lines above `/frage`'s answer say only what is true: no word is called unknown that a named card's name or a
player's spelling of a function word holds, and a card's text passage with nothing printed is never the answer."""

from __future__ import annotations

import pytest

from bot.answers import run_answer

UNKNOWN = "in keinem Dokument des Bots"


@pytest.mark.parametrize("question", [
    "Boros-Rekrut welche farben",  # „rekrut“: a word of the card's name (001's Boros-Rekrut)
    "krims krams aufdecke wer gewinnt",  # „krams“: 001's Krims Krams
    "was macht Getrieben",  # 002's Getrieben // Verzweiflung
    "was ist Schnellvorlauf",  # 004's Schnellvorlauf
    "wo geht die karte hin",  # a separable verb's particle standing alone
    "kreatur fuer mana tappen und gleichzeitig fuers einberufen, geht das?",  # „fuers“ is „fürs“ typed without ü
])
async def test_no_word_of_a_named_card_or_a_function_word_is_called_unknown(ctx, question):
    reply = await run_answer(ctx, "question", question=question)
    assert UNKNOWN not in reply.pages[0].body


async def test_a_card_whose_text_no_document_prints_is_answered_with_its_ruling(ctx):
    # 004 prints no text for Schnellvorlauf, only rulings: its card is no passage (an empty one, 004:1, led before)
    reply = await run_answer(ctx, "question", question="was ist Schnellvorlauf")
    body = reply.pages[0].body
    assert "**Gedruckter Text**" not in body
    assert "Angestachelt zu sein ist keine Fähigkeit, die die Kreatur hat." in body
    # the card's ruling leads, shown whole before its key
    assert body.index("Angestachelt zu sein") < body.index("_Schlüssel: 004:9_")
    assert all(a.arg != "004:1" for a in reply.actions)


async def test_ruling_search_names_the_words_no_document_holds_as_frage_does(ctx):
    # „lotus“: no document names the card (the unknown-word line of /frage); „bibliothek“, „mischen“ are 001's words;
    # five words are more than a card's name
    reply = await run_answer(ctx, "ruling", search="kreatur bibliothek mischen schwarz lotus")
    assert "ℹ️ „lotus“ steht " + UNKNOWN in reply.pages[0].body
    known = await run_answer(ctx, "ruling", search="bibliothek mischen")
    assert UNKNOWN not in known.pages[0].body


async def test_an_ordinary_german_word_no_document_uses_gets_no_note_and_forces_no_hedge(ctx):
    # „nochmal“ is in no document of the store, but it is German (pyspellchecker's dictionary): the legend rule of
    # 003 stays the clear answer, as it is without the word
    reply = await run_answer(ctx, "question",
                             question="Was passiert nochmal, wenn zwei legendäre Karten gleichen Namens im Spiel sind?")
    body = reply.pages[0].body
    assert UNKNOWN not in body
    assert "⚖️ Keine Stelle passt eindeutig am besten" not in body
    assert body.startswith("Frage: „Was passiert nochmal")


async def test_ordinary_words_keep_out_of_the_note_and_a_typo_stays_in_it(ctx):
    # „boni“ (plural of Bonus) and „dazunehmen“ (dazu + nehmen, the dictionary has only „dazunimmt“) are German;
    # „dazunemen“ is a typo no document and no dictionary holds
    reply = await run_answer(ctx, "question", question="Kann ich die Kreatur nochmal tappen und Boni dazunehmen?")
    assert UNKNOWN not in reply.pages[0].body
    typo = await run_answer(ctx, "question", question="Kann ich die Kreatur nochmal tappen und Boni dazunemen?")
    assert "ℹ️ „dazunemen“ steht " + UNKNOWN in typo.pages[0].body


async def test_ruling_search_names_no_ordinary_word(ctx):
    reply = await run_answer(ctx, "ruling", search="kreatur nochmal enttappen")
    body = reply.pages[0].body
    assert body.startswith("17 Treffer für „kreatur nochmal enttappen“")
    assert UNKNOWN not in body


@pytest.mark.parametrize("search", ["schwarzer lotus", "was macht schwarzer lotus", "Schwarzer Lotus"])
async def test_a_short_search_naming_a_card_the_store_lacks_says_so_before_the_colour_hits(ctx, search):
    # no card of the store has „lotus“ in its name; „schwarz“ alone finds 001's colour rulings, which come after
    reply = await run_answer(ctx, "ruling", search=search)
    body = reply.pages[0].body
    assert body.startswith("ℹ️ **Keine Karte mit „lotus“ im Namen in den Dokumenten des Bots:** das Wort steht in "
                           "keinem Dokument")
    assert body.index("Keine Karte") < body.index("Treffer für") < body.index("**schwarz**")
    assert UNKNOWN not in body  # said once, in the first line


async def test_a_short_search_with_a_card_of_the_store_gets_no_missing_card_line(ctx):
    reply = await run_answer(ctx, "ruling", search="schwarz bibliothek")
    assert "Keine Karte" not in reply.pages[0].body


async def test_the_dictionary_is_read_only_for_a_word_no_document_holds(ctx, monkeypatch):
    # A question whose words the documents all hold („wer gewinnt die Fehde“, 000's clash article) never waits for
    # the German dictionary (≈ 0.5 s and ≈ 70 MB at its first read); „lotus“ (no document) needs it.
    import bot.german_words as german_words

    async def unread() -> german_words.GermanDictionary:
        raise AssertionError("dictionary read")

    monkeypatch.setattr(german_words, "german_dictionary_async", unread)
    reply = await run_answer(ctx, "question", question="wer gewinnt die Fehde")
    assert not reply.error
    assert await german_words.not_ordinary([]) == []
    with pytest.raises(AssertionError, match="dictionary read"):
        await german_words.not_ordinary(["lotus"])


async def test_another_form_of_the_documents_word_is_no_slip_to_name(ctx):
    # 001's Pfropfen rulings write „wegbewegt“; „wegbewege“ (first person) is read as it and named nowhere: no typo
    from bot.word_forms import inflected

    question = "was passiert wenn ich die letzte +1/+1 marke vom Helium-Verspritzer wegbewege"
    body = (await run_answer(ctx, "question", question=question)).pages[0].body
    assert "wegbewege" not in body.split("Frage: „", 1)[1].split("“", 1)[1]  # only in the echoed question
    assert "gelesen als" not in body
    assert inflected("wegbewege", "wegbewegt") and inflected("bezahle", "bezahlt")
    assert not inflected("fluch", "flucht") and not inflected("gewint", "gewinnt")  # another word; a slip
    # an „n“ alone is an ending after a vowel, „l“ or „r“ („regeln“, „wandern“); „schadn“ dropped the „e“ of
    # 001's „schaden“: a slip (before: read as its form, and never named)
    assert inflected("regeln", "regele") and inflected("wandern", "wandere")
    assert not inflected("schadn", "schaden") and not inflected("trampelschadn", "trampelschaden")


async def test_a_compound_typed_without_its_linking_element_is_no_slip_to_name(ctx):
    # 001 writes „Nichtkreaturenzauber“; „nichtkreaturzauber“ is read as it (the linking „en“ left out): named nowhere
    from bot.word_forms import inflected

    body = (await run_answer(ctx, "question", question="Ist ein nichtkreaturzauber betroffen?")).pages[0].body
    assert "gelesen als" not in body
    assert inflected("nichtkreaturzauber", "nichtkreaturenzauber")
    assert not inflected("schneeland", "schneemana")  # another word: still named


async def test_an_adjective_of_three_letters_inflected_is_no_slip_to_name(ctx):
    # 001's hybrid rulings write „rote“/„roten“; „rotem“ is read as „rote“ (another ending of „rot“): named nowhere
    from bot.word_forms import inflected

    question = "wenn ich eine hybridkarte mit rotem mana bezahle ist sie dann rot"
    body = (await run_answer(ctx, "question", question=question)).pages[0].body
    assert "gelesen als" not in body and "rotem" not in body.split("Frage: „", 1)[1].split("“", 1)[1]
    assert inflected("rotem", "rote") and inflected("alten", "altes")
    assert not inflected("rot", "rote")  # no ending typed: still a slip to name


async def test_a_slip_of_a_stop_word_is_not_called_a_word_no_document_holds(ctx):
    # 003: „Würde ein Spieler die Partie gleichzeitig gewinnen und verlieren, verliert er sie.“ — „gleichzeitig“ is a
    # stop word, never a typo's repair; „gleichzeitg“ is it mistyped, no card the documents lack
    reply = await run_answer(ctx, "question",
                             question="wer verliert wenn jemand gleichzeitg gewinnen und verlieren muss")
    body = reply.pages[0].body
    assert UNKNOWN not in body
    assert "Würde ein Spieler die Partie gleichzeitig gewinnen und verlieren, verliert er sie." in body
    # a word one slip from no stop word is still named
    body = (await run_answer(ctx, "question", question="was wenn ein spieler qwertzuiop gewinnt")).pages[0].body
    assert "„qwertzuiop“ steht in keinem Dokument" in body


async def test_a_word_of_the_answering_card_s_name_is_in_a_document(ctx):
    # „rix“: no passage's text holds it, but Zwietracht's card „Rix Maadi, Palast aus Kerkern“ is named so and its
    # rulings answer; the documents hold the word, so no note calls it a card they may lack
    reply = await run_answer(ctx, "question", question="was macht rix")
    body = reply.pages[0].body
    assert any(a.arg == "001:2538" for a in reply.actions)  # its ruling among the candidates (Rix Maadi's)
    assert UNKNOWN not in body
    # /ruling suche reads its words the same way: no „Keine Karte mit „rix“ im Namen“ line
    searched = (await run_answer(ctx, "ruling", search="rix palast regeln")).pages[0].body
    # … and says, as /frage does, the card it read the word as (its rulings rank first)
    assert searched.startswith("ℹ️ „rix“ gelesen als Teil des Namens von **Rix Maadi, Palast aus Kerkern**.\n"
                               "1 Treffer für „rix palast regeln“") and "Keine Karte" not in searched


async def test_a_word_read_as_another_is_named_once(ctx):
    # „verbrennt“ is read as „verbrenn“ (the players' „mana verbrenn*“ of data/synonyms.tsv), which no passage holds:
    # before, a second note called „verbrenn“ — a word the user never typed — a word no document holds. (With
    # „mana“ beside it the question is about the abolished Manabrand and leads with the register's rows instead:
    # tests/answers/test_question_reading.py.)
    body = (await run_answer(ctx, "question", question="verbrennt die kreatur noch")).pages[0].body
    assert "„verbrennt“ (gelesen als „verbrenn“) steht so in keinem Dokument des Bots" in body
    assert "„verbrenn“ steht in keinem Dokument" not in body
    assert "⚖️ Keine Stelle passt eindeutig am besten" in body  # still hedged


@pytest.mark.parametrize(("question", "english"), [
    ("darf ich transmute machen wenn im deck nix mehr mit dem manawert drin ist? nur um was abzuwerfen", "drain"),
    ("kreatur mit erstschlag kriegt nach dem erstschlag-schaden noch doppelschlag – haut die nochmal zu", "haunt"),
])
async def test_a_german_word_is_not_read_as_an_english_word_one_letter_longer(ctx, question, english):
    # „drin“ and „haut“ are German words (the German dictionary); 000's English „drain“ and „haunt“ are one letter
    # more and no German words: no slip, so no note says „(gelesen als „drain“)“ above the answer
    from bot.german_words import german_dictionary
    from bot.typos import kept_as_typed

    body = (await run_answer(ctx, "question", question=question)).pages[0].body
    assert "gelesen als" not in body and f"„{english}“" not in body
    words = german_dictionary()
    assert kept_as_typed("drin", "drain", words) and kept_as_typed("haut", "haunt", words)
    assert kept_as_typed("holt", "hält", words)  # a letter changed: a word of its own as before
    assert not kept_as_typed("häfte", "hälfte", words)  # a letter dropped from another German word: a slip


async def test_a_real_slip_is_still_named_with_the_word_it_was_read_as(ctx):
    # 001's Giftmarken: „giftmakren“ (two letters swapped) is no word of its own, read as „giftmarken“ and said so
    body = (await run_answer(ctx, "question", question="giftmakren wie viele")).pages[0].body
    assert "„giftmakren“ (gelesen als „giftmarken“) steht so in keinem Dokument des Bots" in body


@pytest.mark.parametrize(("typed", "read"), [
    ("angefangen", "anfangen"), ("reinzulegen", "reinlegen"),  # the participle's „ge“, the zu-infinitive's „zu“
    ("öfter", "öfters"),  # the „s“ of „öfters“
    ("pumpt", "pump"), ("stackt", "stack"), ("basics", "basic"), ("slowtrip", "slowtrips"),  # an ending put on
])
def test_two_forms_of_one_word_are_no_slip_to_name(typed, read):
    from bot.word_forms import inflected

    assert inflected(typed, read)


@pytest.mark.parametrize(("typed", "read"), [
    ("fluch", "flucht"), ("sicknes", "sickness"), ("kart", "karte"), ("gewint", "gewinnt"), ("verbrennt", "verbrenn"),
])
def test_a_slip_or_another_word_is_still_named(typed, read):
    from bot.word_forms import inflected

    assert not inflected(typed, read)


async def test_a_question_read_in_another_form_of_its_word_is_not_hedged_for_it(ctx):
    # „drunter“ read as 001's „darunter“ (Mimic Vat's rulings: the card exiled „darunter“; a players' word of
    # data/players_words.tsv): one word, no note, and no note hedges the answer, whose first passage is that ruling
    from bot.answers.questions import HEDGE_LINE

    question = "mimic vat aktivieren obwohl noch nix drunter im exil liegt geht das"
    body = (await run_answer(ctx, "question", question=question)).pages[0].body
    assert "gelesen als" not in body and HEDGE_LINE not in body


@pytest.mark.parametrize("word", ["drunter", "drüber", "drauf", "drin", "rum", "rein"])
async def test_a_spoken_short_form_is_named_by_no_note(ctx, word):
    # „drunter“ is read as 001's „darunter“ (a players' word), the others as typed: no note names any of them
    body = (await run_answer(ctx, "question", question=f"bleibt die karte {word} wenn sie ins exil geht")).pages[0].body
    assert f"„{word}“" not in body and "gelesen als" not in body, body[:300]


def ctx_words(vocab, *typed: str) -> list[str]:
    """The words ``typed`` as the question analysis reads them (:meth:`bot.analysis.Analyser._repair`, default
    options), over ``vocab``."""
    from bot.analysis import Analyser

    return Analyser(vocab)._repair(list(typed))[0]


async def test_a_consonant_typed_once_for_twice_is_read_as_the_documents_word(ctx):
    # 001 prints „getappt“ („… eine getappte Kreatur …“); „getapten“ drops a „p“ and inflects the word: two edits
    # from every word of the documents, beyond the one edit a word under ten letters may have, so it was named as in
    # no document, „auch nicht abgewandelt“, and the question was answered without it
    from bot.ranking import ranker
    from bot.word_parts import double_slips, slip_repair

    vocab = (await ranker(ctx.store)).analyser.vocab
    assert vocab.nearest("getapten") is None and slip_repair("getapten", vocab) == "getappt"  # a p added: one edit
    assert "getappten" in double_slips("getapten") and "getapten" in double_slips("getappten")  # added or dropped
    # one measure for every slip: a letter dropped („fede“, „einberfen“, „bibliotek“), a double letter dropped
    # („gewint“), wrong or swapped letters; never the first letter's
    for typed, read in (("fede", "fehde"), ("einberfen", "einberufen"), ("bibliotek", "bibliothek"),
                        ("gewint", "gewinnt"), ("getapten", "getappt")):
        assert slip_repair(typed, vocab) == read, typed
        assert ctx_words(vocab, typed) == [read], typed
    # a word the documents print is never „repaired“, however near another: the first 3 000 of them, all letters
    printed = sorted(w for w in vocab.words if w.isalpha())[:3000]
    assert ctx_words(vocab, *printed) == printed
    body = (await run_answer(ctx, "question", question="einberfen mit getapten kreaturen")).pages[0].body
    assert "„getapten“ (gelesen als „getappt“)" in body and "auch nicht abgewandelt" not in body


async def test_a_common_german_word_is_not_read_as_the_documents_word_one_slip_away(ctx):
    # „gestern“ is no word of the documents; one letter added it is 001's „Geistern“ („Mehrere Effekte von Geistern
    # der Unschuldigen sind kumulativ …“), and the slip repair still finds that word. But „gestern“ is among the
    # German dictionary's common words (32 844 in pyspellchecker's counts): a player types it as meant, so it stays,
    # and no note says it was read as „geistern“
    from bot.german_words import common_words, german_dictionary
    from bot.ranking import ranker
    from bot.typos import kept_as_typed
    from bot.word_parts import slip_repair

    vocab = (await ranker(ctx.store)).analyser.vocab
    assert slip_repair("gestern", vocab) == "geistern" and "gestern" in common_words()
    assert ctx_words(vocab, "gestern") == ["gestern"]
    words = german_dictionary()
    assert kept_as_typed("gestern", "geistern", words) and kept_as_typed("stehlen", "stehen", words)
    assert kept_as_typed("verstehe", "versteht", words)  # a letter changed: kept as before, common or not
    # a common word read as another form of itself still is („angefangen“: the participle's „ge“; „alten“: 001's
    # „alte“), and a rarer dictionary word one slip from a word of the documents still is a slip („spucken“ of
    # 001's Spuk, „… so dass sie bei einer Kreatur deiner Wahl spukt“: 410 in the counts)
    assert not kept_as_typed("angefangen", "anfangen", words) and not kept_as_typed("alten", "alte", words)
    assert not kept_as_typed("spucken", "spuken", words) and "spucken" not in common_words()
    # the slips of the documents' words are read as before, none of them a common word
    for typed, read in (("fede", "fehde"), ("gewint", "gewinnt"), ("bibliotek", "bibliothek"),
                        ("getapten", "getappt"), ("spucken", "spuken")):
        assert ctx_words(vocab, typed) == [read], typed
    body = (await run_answer(ctx, "question", question="gestern hat mein gegner einberufen benutzt")).pages[0].body
    assert "gelesen als" not in body and "„geistern“" not in body, body[:300]
