"""What ``/frage`` reads of a question (bot/question_reading.py) and the answers that follow from it: a word split
by a zero-width space read joined, Discord markup not read (a link side said, a mention asked back), one wording for
a slip of a card's name, and ``/ruling suche`` after a slip of players' words for an abolished rule. Expected values
from data/sources (001: Spuk, Ausgraben, Grundlegende Resonanz) and data/changes.toml („Manabrand abgeschafft“)."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.answers.abolished import named_rows, register_words
from bot.answers.keyword_pairs import own_word, read_asked
from bot.german_words import german_dictionary
from bot.question_reading import ReadQuestion, read_question, reading_lines, slip_said
from bot.ranking import ranker
from bot.text import clean

#: The rulings of 001 on Manabrand, in the order /ruling suche shows them for „manaburn“.
MANABRAND_RULINGS = ["Grundlegende Resonanz", "Spektraler Scheinwerfer", "Tressen aus Feuer"]


async def test_split_words_are_read_joined_and_words_stay_apart(ctx):
    knows = (await ranker(ctx.store)).analyser.vocab.knows
    read = read_question(clean("sp\u200buk oder aus\u200bgraben"), knows)
    assert read.text == "spuk oder ausgraben"
    assert read.joined == (("sp uk", "spuk"), ("aus graben", "ausgraben"))
    # words on both sides stay words: two stop words („bei der“ is no „beider“), a content word and a conjunction
    for kept in ["geteilte karte bei der fehde aufgedeckt", "was macht spuk", "ausgraben oder blutdurst"]:
        assert read_question(kept, knows).text == kept


async def test_a_word_split_by_a_zero_width_space_is_compared_as_typed_together(ctx):
    reply = await run_answer(ctx, "question", question=clean("sp\u200buk oder aus\u200bgraben"))
    page = reply.pages[0]
    assert page.title == "Spuk · Ausgraben"  # not Svogthos, das ruhelose Grab (from the fragment „graben“)
    # the words as the documents print them (until 2026-12-07 as read, „spuk“, „ausgraben“)
    assert "ℹ️ Getrennt geschrieben, zusammen gelesen: „sp uk“ als „Spuk“, „aus graben“ als „Ausgraben“." in page.body
    assert "Spuk ist eine Fähigkeit" in page.body and "Ausgraben" in page.body


async def test_a_one_word_name_typed_in_two_pieces_with_ue_is_read_joined(ctx):
    """Adarkarwalküre (Kälteeinbruch FAQ, 001) typed lower case in two pieces with „ue“ for „ü“: joined and read as
    the card, whose ruling on a token (001:2967) is among the first three; not said to be a card the store lacks."""
    knows = (await ranker(ctx.store)).analyser.vocab.knows
    assert read_question("adarkar walkuere auf einen token", knows).joined == (("adarkar walkuere", "adarkarwalkuere"),)
    reply = await run_answer(ctx, "question", question="adarkar walkuere auf einen token was passiert")
    page = reply.pages[0]
    assert page.title == "Adarkarwalküre"
    assert "steht in keinem Dokument" not in page.body


async def test_a_link_side_is_said_and_the_other_sides_compared(ctx):
    reply = await run_answer(ctx, "question", question="spuk oder [klick](https://evil.example) oder ausgraben")
    page = reply.pages[0]
    assert page.title == "Spuk · Ausgraben"
    assert ("ℹ️ Nicht gelesen: „\\[klick\\](https\\://evil.example)“ nennt keine Mechanik, keinen Begriff und keine "
            "Karte der Dokumente; verglichen wird nur der Rest.") in page.body
    assert "exil" not in page.body.split("\n\n")[0]  # the address is not read („evil“ as a slip of „Exil“)


@pytest.mark.parametrize("markup", ["<@!123456789012345678>", "<@&456>", "<#789>", "<:x:123>", "<a:tanz:1>"])
async def test_a_mention_or_emoji_after_asking_verbs_is_asked_back(ctx, markup):
    reply = await run_answer(ctx, "question", question=f"was macht {markup}")
    assert reply.error
    assert reply.pages[0].title.startswith("Wonach fragst du? „was macht \\<")


async def test_markup_beside_a_question_is_said_not_read(ctx):
    reply = await run_answer(ctx, "question", question="was macht spuk <@!123>")
    body = reply.pages[0].body
    assert reply.pages[0].title == "Spuk"
    assert "ℹ️ Nicht gelesen: „\\<\\@!123\\>“ (Links, Erwähnungen und Emojis von Discord nennen keine Karte" in body
    assert "„123“" not in body


@pytest.mark.parametrize("question", ["szadec vs razai", "unterschied zwischen boros rekrut und szadec",
                                      "was macht szadec"])
async def test_one_wording_for_a_slip_of_a_card_name(ctx, question):
    body = (await run_answer(ctx, "question", question=question)).pages[0].body
    assert ("ℹ️ „szadec“ steht so nicht in der Datenbank; am ähnlichsten geschrieben: Szadek, Herr der "
            "Geheimnisse.") in body
    assert "gelesen als „szadek“" not in body


async def test_a_slip_across_two_words_names_the_abolished_rule(ctx):
    prepared = await register_words(ctx.store)
    assert named_rows(prepared, "mana brn", min_words=2)[0].what == "Manabrand abgeschafft"
    assert named_rows(prepared, "mana", min_words=2) == []  # „Mana“ alone is no rule abolished


@pytest.mark.parametrize("search", ["mana brn", "manaburn"])
async def test_ruling_search_for_players_words_shows_only_the_abolished_rule(ctx, search):
    reply = await run_answer(ctx, "ruling", search=search)
    body = reply.pages[0].body
    assert f"3 Treffer für „{search}“" in body
    owners = [line.strip("*") for line in body.split("\n") if line.startswith("**") and line.endswith("**")]
    assert owners == MANABRAND_RULINGS
    assert "Auch gesucht: manabrand, mana burn" in body
    assert "Keine Karte mit „brn“" not in body


async def test_everyone_and_here_are_mentions_not_words(ctx):
    # before: „here“ read as a slip of a card's name (Szadek) and no comparison made
    page = (await run_answer(ctx, "question", question="spuk oder ausgraben oder @here")).pages[0]
    assert page.title == "Spuk · Ausgraben"
    assert "ℹ️ Nicht gelesen: „\\@here“ (Links, Erwähnungen und Emojis von Discord" in page.body
    assert "Szadek" not in page.body


async def test_a_masked_links_label_is_read_and_only_its_address_called_unread(ctx):
    page = (await run_answer(ctx, "question", question="was macht [spuk](https://x.y)")).pages[0]
    assert page.title == "Spuk"
    assert "ℹ️ Nicht gelesen: „https\\://x.y“ (Links" in page.body and "\\[spuk\\]" not in page.body.split("\n", 1)[1]


async def test_was_is_with_a_typo_is_a_german_question(ctx):
    # „was“ is German's question word before English's past tense; „is“ a German player's colloquial „ist“: the
    # question is German and its typo repaired (before: English, no repair, „Nichts gefunden“)
    from bot.stopwords import is_english

    assert not is_english(["was", "is", "ausgrabn"]) and is_english(["what", "was", "the", "rule"])
    reply = await run_answer(ctx, "question", question="was is ausgrabn")
    assert not reply.error and reply.pages[0].title == "Ausgraben"


@pytest.mark.parametrize("markup", ["<@123>", "@everyone", "<:x:1>"])
async def test_the_searches_take_discord_markup_out_as_frage_does(ctx, markup):
    # „Vorrang“ is today's Priorität (117); a mention beside it made /regel suche search the mention's words
    reply = await run_answer(ctx, "rule", search=f"{markup} vorrang")
    assert reply.pages[0].title == "Priorität – Regel 117"
    reply = await run_answer(ctx, "ruling", search=f"[mana burn](https://evil.example) {markup}")
    assert reply.pages[0].title == "Rulings mit „mana burn“"


@pytest.mark.parametrize("question", ["blut durst", "blut\u200bdurst", "was macht blut durst"])
async def test_two_words_that_spell_a_keyword_are_read_as_it_and_said(ctx, question):
    # „blut“ and „durst“ are both words of the documents (the card Durst des Todesbeschwörers), so the split-word
    # join leaves them apart; together they are Blutdurst (term table, 702.54), which no document prints as two
    # words. Before: „Durst des Todesbeschwörers“, hedged. Now 001's Blutdurst section (Gildenbund) leads.
    reply = await run_answer(ctx, "question", question=clean(question))
    page = reply.pages[0]
    assert page.title == "Blutdurst"
    assert ("ℹ️ Gelesen als Blutdurst: „blut durst“ zusammengeschrieben ist dieses Schlüsselwort der "
            "Begriffstabelle.") in page.body
    assert "Blutdurst ist eine Fähigkeit, durch die deine Kreaturen stärker ins Spiel kommen" in page.body


async def test_only_a_keywords_exact_name_not_printed_as_two_words_is_read_so(ctx, monkeypatch):
    from bot.answers import keyword_pairs as module
    from bot.answers.keyword_pairs import keyword_pairs, split_names

    knows = (await ranker(ctx.store)).analyser.vocab.knows
    pairs = await keyword_pairs(ctx.store, knows)
    assert pairs["blut", "durst"] == "Blutdurst" and pairs["blood", "thirst"] == "Bloodthirst"
    read = read_question("blut durst oder spuk", knows, pairs)
    assert (read.text, read.named, read.joined) == ("Blutdurst oder spuk", (("blut durst", "Blutdurst"),), ())
    # „karte ab“ stands as two words in the documents: were „Karteab“ a keyword, that split would be their phrase
    assert await ctx.store.holds_phrase(["karte", "ab"]) and not await ctx.store.holds_phrase(["blut", "durst"])
    monkeypatch.setattr(module, "split_names", lambda: {("karte", "ab"): "Karteab", ("blut", "durst"): "Blutdurst"})
    assert await module._make(ctx.store, knows) == {("blut", "durst"): "Blutdurst"}
    assert all(len(a) >= 2 and len(b) >= 2 for a, b in split_names())
    for kept in ("durst des todesbeschwörers", "blut und durst", "was macht spuk"):
        assert read_question(kept, knows, pairs).text == kept


@pytest.mark.parametrize("question", ["verbrennt mana noch", "Verbrennt Mana noch?", "mana verbrennen", "manaburn"])
async def test_a_verb_form_before_mana_is_read_as_the_abolished_mana_burn(ctx, question):
    # changes.toml „Manabrand abgeschafft“ (11.07.2009); 001's Zwietracht FAQ: Grundlegende Resonanz. Before,
    # „verbrennt mana noch“ said „„verbrennt“ (gelesen als „verbrenn“) steht so in keinem Dokument“ and led with
    # 003's entry on {C}, hedged; „mana verbrennen“ already led with the rows and this ruling
    reply = await run_answer(ctx, "question", question=question)
    page = reply.pages[0]
    assert page.title.endswith("“ heute")
    assert page.body.index("**Manabrand abgeschafft** (seit 11.07.2009)") < page.body.index(
        "Ruling zu **Grundlegende Resonanz**")
    assert "steht so in keinem Dokument" not in page.body and "Keine Stelle passt eindeutig" not in page.body


@pytest.mark.parametrize(("question", "searched"), [("wann verbrennt Mana noch", "wann Mana verbrennt noch"),
                                                    ("gibt es noch manabrand", "gibt es noch manabrand")])
async def test_frage_searches_an_abolished_rule_once_in_the_register_s_order(ctx, monkeypatch, question, searched):
    # the register turns „verbrennt mana“ to the order of Manabrand's synonym „mana verbrenn*“ before the one search
    # (before, a first search of the words as typed, then a second one turned)
    from bot.ranking import Ranker

    texts: list[str] = []
    real = Ranker.search

    async def counted(self, store, text, *args, **kwargs):
        texts.append(text)
        return await real(self, store, text, *args, **kwargs)

    monkeypatch.setattr(Ranker, "search", counted)
    reply = await run_answer(ctx, "question", question=question)
    assert "**Manabrand abgeschafft** (seit 11.07.2009)" in reply.pages[0].body
    assert texts[0] == searched and texts.count(searched) == 1 and question not in texts[1:]


async def test_the_verb_without_its_prefix_before_mana_is_read_as_mana_burn_too(ctx):
    # „brennt mana noch“ (the verb of the synonym „mana verbrennen“ without „ver-“; „brennt“ is a word 001 prints, so
    # no repair reads it) led with 003's entry on {C}, hedged, while „verbrennt mana noch“ found the register's rows
    reply = await run_answer(ctx, "question", question="brennt mana noch")
    page = reply.pages[0]
    assert page.title.endswith("“ heute")
    assert "**Manabrand abgeschafft** (seit 11.07.2009)" in page.body
    assert "Keine Stelle passt eindeutig" not in page.body


async def test_the_register_reads_a_pair_in_either_order(ctx):
    from bot.answers.abolished import turned

    prepared = await register_words(ctx.store)
    assert named_rows(prepared, "verbrennt mana")[0].what == "Manabrand abgeschafft"
    analysed = prepared.analyser.analyse("wann verbrennt Mana", question=True)
    assert turned(prepared, "wann verbrennt Mana", analysed) == "wann Mana verbrennt"
    analysed = prepared.analyser.analyse("mana verbrennen", question=True)
    assert turned(prepared, "mana verbrennen", analysed) is None  # already in the concept's order


@pytest.mark.parametrize("search", ["mana brn", "manaburn", "verbrennt mana"])
async def test_ruling_search_for_an_abolished_rules_slip_searches_once(ctx, monkeypatch, search):
    # the register reads the slip („brn“) and hands the rule's spellings to the one search (before, a second one)
    from bot.answers import rulings

    searched: list[str] = []
    real = rulings.search_rulings

    async def counted(store, text, *args, **kwargs):
        searched.append(text)
        return await real(store, text, *args, **kwargs)

    monkeypatch.setattr(rulings, "search_rulings", counted)
    body = (await run_answer(ctx, "ruling", search=search)).pages[0].body
    assert len(searched) == 1 and "Auch gesucht: manabrand, mana burn" in body
    owners = [line.strip("*") for line in body.split("\n") if line.startswith("**") and line.endswith("**")]
    assert owners == MANABRAND_RULINGS


MENTION_NOTE = ("ℹ️ Nicht gelesen: „\\<\\@123\\>“ (Links, Erwähnungen und Emojis von Discord nennen keine Karte und "
                "keine Regel).")


@pytest.mark.parametrize(("key", "option"), [("rule", "search"), ("ruling", "search")])
async def test_both_searches_say_the_markup_they_do_not_read_as_frage_does(ctx, key, option):
    # a mention and a word: the word's answer (Priorität 117; 001's Manabrand rulings) with the note first
    found = (await run_answer(ctx, key, **{option: "<@123> manabrand"})).pages[0]
    assert found.body.startswith(MENTION_NOTE + "\n"), found.body[:200]
    # nothing but markup: read as nothing typed, never searched as the markup's own text, and the note says why
    # (before: „Nichts gefunden für „<@123>““; earlier still no note at all)
    none = await run_answer(ctx, key, **{option: "<@123>"})
    assert none.error and none.pages[0].title == {
        "rule": "Bitte eine Regelnummer oder Stichwörter angeben", "ruling": "Karte oder Suchwörter angeben"}[key]
    assert none.pages[0].body.startswith(MENTION_NOTE + "\n")
    spoiled = await run_answer(ctx, key, **{option: "`||@everyone||`"})
    assert "ℹ️ Nicht gelesen: „\\@everyone“" in spoiled.pages[0].body
    plain = (await run_answer(ctx, key, **{option: "manabrand"})).pages[0]
    assert "Nicht gelesen" not in plain.body


@pytest.mark.parametrize(("typed", "read"), [
    ("was macht bor\u200bos-rekrut", "was macht boros-rekrut"),  # a zero-width space inside a hyphenated name
    ("was macht bor os-rekrut", "was macht boros-rekrut"),
    ("was macht boros-rek rut", "was macht boros-rekrut"),
])
async def test_a_hyphenated_name_split_inside_one_part_is_read_joined(ctx, typed, read):
    knows = (await ranker(ctx.store)).analyser.vocab.knows
    assert read_question(clean(typed), knows).text == read
    reply = await run_answer(ctx, "question", question=clean(typed))  # as every door cleans it
    page = reply.pages[0]
    assert page.title == "Boros-Rekrut"
    assert "_Schlüssel: 001:26_" in page.body and "steht in keinem Dokument" not in page.body
    # words on both sides of a hyphenated word stay words
    assert read_question("kann eine rot-weiße kreatur blocken", knows).text == "kann eine rot-weiße kreatur blocken"


async def test_a_compound_typed_in_two_words_with_one_slip_is_read_as_the_documents_compound(ctx):
    # 001:2805 (Reifgebundene Tote, Kälteeinbruch): „… Allerdings kann es nicht mit Mana bezahlt werden, das von den
    # nicht-verschneiten bleibenden Karten Sumpf oder Llanovarelfen produziert wurde.“ — a player types the card's
    # English spelling „llanowar“ apart from „elfen“: one slip (w for v) inside the documents' one word
    vocab = (await ranker(ctx.store)).analyser.vocab
    read = read_question("was macht llanowar elfen", vocab.knows, nearest=vocab.nearest)
    assert read.text == "was macht llanovarelfen" and read.slipped == (("llanowar elfen", "llanovarelfen"),)
    assert read.joined == ()
    # two words of the documents stay apart, and so do pieces too short to be a compound's („reif tote“)
    for kept in ("was macht verschneite insel", "wann ist reif tote", "mana von einer insel"):
        assert read_question(kept, vocab.knows, nearest=vocab.nearest).text == kept
    reply = await run_answer(ctx, "question", question="was macht llanowar elfen mit schnee mana")
    body = reply.pages[0].body
    # the compound as the documents print it (the card's name in 001:2805), a name: the document's spelling, no
    # slip of the player's
    assert ("ℹ️ Getrennt geschrieben, zusammen gelesen: „llanowar elfen“ als „Llanovarelfen“, wie Dokument 001 es "
            "schreibt.") in body.splitlines()
    assert "Karten Sumpf oder Llanovarelfen produziert" in body
    assert "_Schlüssel: 001:2805_" in body  # the first answer


@pytest.mark.parametrize(("question", "kept"), [
    # the dative of 001's „geteilte Karte“: „geteilter“'s stem is the documents' „geteilte“'s
    ("karte benennen bei geteilter karte beide namen", "geteilter karte"),
    # „größte“ (no document prints it, its stem ``grosst`` none either) is a word of the German dictionary; one edit
    # from 004's „größtmögliche“, but typed as two correct words
    ("verteilt man die größte mögliche anzahl schaden", "größte mögliche"),
])
async def test_a_word_of_its_own_beside_a_word_of_the_documents_is_no_slip(ctx, question, kept):
    vocab = (await ranker(ctx.store)).analyser.vocab
    read = await read_asked(ctx.store, vocab, question)
    assert read.text == question and read.slipped == ()
    assert kept in read.text
    # the test of a word of its own does not keep a piece no dictionary has: „llanowar“ still slips
    assert read_question("was macht llanowar elfen", vocab.knows, nearest=vocab.nearest,
                         word=own_word(vocab, german_dictionary())).slipped == (("llanowar elfen", "llanovarelfen"),)


@pytest.mark.parametrize(("question", "slipped"), [
    ("was macht llanowar elfen", (("llanowar elfen", "Llanovarelfen"),)),  # a slip: 001:2805's card
    ("verteilt man die größte mögliche anzahl schaden", ()),  # no slip: „größte“ is the dictionary's word
    ("wie funktioniert spuk", ()),  # no pair that could slip
])
async def test_a_door_reads_the_question_once(ctx, monkeypatch, question, slipped):
    import bot.answers.keyword_pairs as keyword_pairs

    calls: list[str] = []

    def counted(text, *args, **kwargs):
        calls.append(text)
        return read_question(text, *args, **kwargs)

    monkeypatch.setattr(keyword_pairs, "read_question", counted)
    read = await read_asked(ctx.store, (await ranker(ctx.store)).analyser.vocab, question)
    assert read.slipped == slipped and calls == [question]


@pytest.mark.parametrize(("typed", "read", "said"), [
    ("llanowar elfen", "Llanovarelfen", "„w“ statt „v“"),  # 001:2805's card, its English spelling
    ("llanovar elfenn", "Llanovarelfen", "„n“ zu viel"),
    ("llanovar elfn", "Llanovarelfen", "„e“ fehlt"),
    ("llanovar elfne", "Llanovarelfen", "„ne“ vertauscht"),
    ("llanovar elfen", "Llanovarelfen", ""),
    ("llano*var elfen", "Llanovarelfen", "„\\*“ zu viel"),  # user text escaped: no markdown from the player
])
def test_the_slip_of_a_compound_is_said_in_german(typed, read, said):
    assert slip_said(typed, read) == said


def test_a_slip_into_an_ordinary_word_is_said_as_a_slip_a_name_as_the_documents_spelling():
    read = ReadQuestion("llanovarelfen schlag", (), {}, (), slipped=(("llanowar elfen", "Llanovarelfen"),
                                                                       ("blitz schlak", "Blitzschlag")),
                        printed=(("Llanovarelfen", "001"),))
    assert reading_lines(read) == [
        "ℹ️ Getrennt und mit einem Tippfehler geschrieben, zusammen gelesen: „blitz schlak“ als „Blitzschlag“ "
        "(„k“ statt „g“).",
        "ℹ️ Getrennt geschrieben, zusammen gelesen: „llanowar elfen“ als „Llanovarelfen“, wie Dokument 001 es schreibt.",
    ]


@pytest.mark.parametrize("closing", ["?", "!", ".", "?!", ","])
async def test_a_closing_mark_after_the_second_piece_keeps_the_compound(ctx, closing):
    # „was macht llanowar elfen?“: the „?“ closes the question, it is no letter of the piece „elfen“; the pair is
    # still 001:2805's Llanovarelfen and the mark stays after it
    vocab = (await ranker(ctx.store)).analyser.vocab
    read = read_question(f"was macht llanowar elfen{closing}", vocab.knows, nearest=vocab.nearest)
    assert read.text == f"was macht llanovarelfen{closing}"
    assert read.slipped == (("llanowar elfen", "llanovarelfen"),)
    assert read_question("bor os-rekrut?", vocab.knows).text == "boros-rekrut?"  # a split word joined the same


async def test_a_question_mark_does_not_lose_the_card_of_a_compound_typed_apart(ctx):
    body = (await run_answer(ctx, "question", question="was macht llanowar elfen?")).pages[0].body
    assert ("ℹ️ Getrennt geschrieben, zusammen gelesen: „llanowar elfen“ als „Llanovarelfen“, wie Dokument 001 es "
            "schreibt.") in body.splitlines()
    assert "steht in keinem Dokument" not in body and "_Schlüssel: 001:2805_" in body
