"""One reading of a text's names (bot/text_names.py): the guild words, the lone guild and set names and the
card-like names, each with its span, and the two rules between them (a guild's name inside a named card's name is
no guild; a missing card's note wins over its guild's reading), read from the guilds and sets of document 001."""

from __future__ import annotations

from bot.declined_names import MESSAGE, inside_card_name
from bot.ranking import ranker
from bot.text_names import (
    Span,
    TextNames,
    beside_missing,
    guild_joined,
    guild_read,
    hyphened_words,
    store_names,
)


def test_hyphened_words_are_read_as_typed():
    assert hyphened_words("kann ich den Dimir-Wächter opfern?") == ["Dimir-Wächter"]
    assert hyphened_words("+1/+1-Marke auf Boros-Rekrut, Boros-Rekrut") == ["Boros-Rekrut"]  # no sign, each once
    assert hyphened_words("was ist 702.19-a") == []


def test_guild_joined_reads_a_name_written_without_its_hyphen():
    guilds = ["Dimir", "Selesnija", "Orzhov"]

    def card_word(word: str) -> int:  # words of 001's card names: Rakdos-Gildenmagier, Teysa, Orzhovweiser
        return int(word in {"gildenmagier", "orzhovweiser", "dimir", "orzhov"})

    assert guild_joined("was macht dimirwächter", guilds, card_word) == [("Dimirwächter", ["Dimir", "wächter"])]
    assert guild_joined("was macht der dimir wächter", guilds, card_word) == [("Dimir Wächter", ["Dimir", "wächter"])]
    assert guild_joined("selesnija gildenmagier?", guilds, card_word) == [
        ("Selesnija Gildenmagier", ["Selesnija", "gildenmagier"])]
    assert guild_joined("was machen orzhov karten", guilds, card_word) == []  # a frame word
    assert guild_joined("ist orzhov stark", guilds, card_word) == []  # no article, no word of a card's name
    assert guild_joined("teysa orzhovweiser", guilds, card_word) == []  # a word of a card's name


async def test_each_name_is_read_with_its_span(ctx):
    text = "Kann der dimir wächter den Dimir-Wächter opfern, wenn Selesnija in Kälteeinbruch spielt?"
    read = await store_names(ctx.store, text, ctx.names.data.word_count)
    # the guild words (001: Transmutation is Dimir's, Einberufen Selesnija's), each where it is first written
    assert [(g.guild.name, g.guild.section.title, g.span) for g in read.guild_words] == [
        ("Selesnija", "Einberufen", Span("Selesnija", 54, 63)), ("Dimir", "Transmutation", Span("dimir", 9, 14))]
    # the hyphened word first, then the guild's name written before the next word after an article
    assert [(c.shown, c.parts, c.apart, c.span) for c in read.card_like] == [
        ("Dimir-Wächter", ("Dimir", "Wächter"), False, Span("Dimir-Wächter", 27, 40)),
        ("Dimir Wächter", ("Dimir", "wächter"), True, Span("dimir wächter", 9, 22))]
    # the lone names: a guild and a set (001, part 4), not the „Dimir“ of „Dimir-Wächter“
    assert read.lone == (Span("dimir", 9, 14), Span("Selesnija", 54, 63), Span("Kälteeinbruch", 67, 80))
    for span in (*read.lone, *(c.span for c in read.card_like)):
        assert text[span.start:span.end] == span.typed
    assert (await store_names(ctx.store, "Dimir-Wächter oder Wächter-Dimir")).lone == ()  # joined either side
    assert TextNames(text, read.guilds).card_like == ()  # no card words to read them by


async def test_a_guild_name_inside_a_named_card_s_name_is_no_guild(ctx):
    read = await store_names(ctx.store, "teysa orzhov weiserin")
    assert [g.name for g in read.read_guilds(set())] == ["Orzhov"]
    assert read.read_guilds({"teysa", "orzhovweiser"}) == []  # Teysa, Orzhovweiser (001) begins with „orzhov“
    assert inside_card_name("orzhov", {"orzhovweiser"}) and not inside_card_name("orzhov", {"orzhovweiser"}, MESSAGE)
    assert inside_card_name("orzhov", {"orzhov", "hohepriester"}, MESSAGE)  # the message command: whole words
    assert read.read_guilds({"teysa", "orzhovweiser"}, MESSAGE) == read.read_guilds(set())


def test_a_missing_card_s_note_wins_over_its_guild_s_reading():
    guild = ["ℹ️ „Dimir“ gelesen als die Dimir-Gilde, ihre Mechanik Transmutation mitgesucht: …"]
    assert beside_missing("ℹ️ Keine Karte „Dimir-Wächter“ gefunden: …", guild) == []
    assert beside_missing("", guild) == guild


async def test_guild_read_asks_the_cards_of_the_question_s_own_analysis_without_the_guild_word(ctx):
    r = await ranker(ctx.store)
    text = "was machen orzhov karten"
    analysis = r.analyser.analyse(text, question=True)
    priest = ctx.names.lookup("Orzhov-Hohepriester").hit.card_id  # 001:1594, the card of the word „orzhov“
    asked = []

    def named(t, a):
        asked.append((t, list(a.words)))
        return []

    kept, titles = await guild_read(ctx.store, text, analysis, [priest], named)
    assert asked == [("was machen karten", [w for w in analysis.words if w != "orzhov"])]
    assert "orzhov" in analysis.words  # the question's analysis itself is left as it was
    assert (kept, titles) == ([], ("spuk",))  # 001:1078: „Nur Kreaturen aus der Orzhov-Gilde (…) haben Spuk.“
