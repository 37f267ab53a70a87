"""The free-text doors ``/ruling suche`` and ``/regel suche`` read a word split in two as ``/frage`` reads it
(bot/question_reading.py through :func:`bot.answers.keyword_pairs.read_answered`): „bor os-rekrut“ and
``bor\\u200bos-rekrut`` are Boros-Rekrut, said in one line first."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.text import clean

JOINED = "ℹ️ Getrennt geschrieben, zusammen gelesen: „bor os-rekrut“ als „boros-rekrut“."
#: The ruling of Boros-Rekrut's section that says its colours (001, Ravnica's FAQ).
HYBRID_COLOURS = "Eine Hybrid-Karte hat alle **Farben**, die in ihren Manakosten auftauchen"


@pytest.mark.parametrize("typed", ["bor os-rekrut farbe", "bor\u200bos-rekrut farbe"])
async def test_ruling_search_reads_a_split_name_joined(ctx, typed):
    reply = await run_answer(ctx, "ruling", search=clean(typed))  # as every door cleans it
    page = reply.pages[0]
    assert not reply.error and page.title == "Rulings mit „boros-rekrut farbe“"
    assert page.body.startswith(JOINED + "\n12 Treffer für „boros-rekrut farbe“")
    assert HYBRID_COLOURS in page.body and "Keine Karte mit" not in page.body


async def test_rule_search_reads_a_split_name_joined(ctx):
    split = (await run_answer(ctx, "rule", search=clean("bor\u200bos-rekrut farbe"))).pages[0]
    whole = (await run_answer(ctx, "rule", search="boros-rekrut farbe")).pages[0]
    assert split.title == whole.title == "Regeln zu „boros-rekrut farbe“"
    assert split.body == f"{JOINED}\n{whole.body}"
    assert "**Regel 105.4 (Erklärung)**" in split.body


async def test_the_reading_is_said_above_nothing_found(ctx):
    reply = await run_answer(ctx, "rule", search="bor os-rekrut")
    assert reply.error and reply.pages[0].title == "Nichts gefunden für „boros-rekrut“"
    # no rule names Boros-Rekrut; its card text (001, Ravnica's FAQ) is named with a button to it
    assert reply.pages[0].body.startswith(JOINED + "\n💡 Ein Kartentext passt besser: **Boros-Rekrut** (")


async def test_words_of_the_documents_stay_apart(ctx):
    reply = await run_answer(ctx, "ruling", search="mana farbe")
    assert reply.pages[0].title == "Rulings mit „mana farbe“" and "Getrennt geschrieben" not in reply.pages[0].body


@pytest.mark.parametrize(("command", "option", "title"), [
    ("ruling", "search", "Rulings mit „llanovarelfen“"),
    ("rule", "search", "Regeln zu „llanovarelfen schnee“"),
])
async def test_a_compound_typed_apart_with_one_slip_is_read_by_every_free_text_door(ctx, command, option, title):
    # 001:2805 (Reifgebundene Tote, Kälteeinbruch) names „Llanovarelfen“; a player types the English spelling apart
    # („llanowar elfen“: one slip, w for v): /frage reads it so, and so must the searches (one reading for all)
    typed = "llanowar elfen" if command == "ruling" else "llanowar elfen schnee"
    page = (await run_answer(ctx, command, **{option: typed})).pages[0]
    assert page.title == title
    assert "„llanowar elfen“" in page.body.splitlines()[0]
    if command == "ruling":
        assert "Karten Sumpf oder **Llanovarelfen** produziert wurde." in page.body


async def test_the_searches_say_the_slip_of_a_compound_as_frage_says_it(ctx):
    page = (await run_answer(ctx, "ruling", search="llanowar elfen")).pages[0]
    # the card's name as 001 prints it (2805): the document's spelling, not called the player's slip
    assert page.body.startswith("ℹ️ Getrennt geschrieben, zusammen gelesen: „llanowar elfen“ als „Llanovarelfen“, wie "
                                "Dokument 001 es schreibt.\n1 Treffer für „llanovarelfen“")


async def test_an_inflected_word_beside_a_word_of_the_documents_is_no_slip(ctx):
    # „geteilter karte“ is correct German (the dative of 001's „geteilte Karte“), one edit from the compound
    # „geteiltekarte“ of the index: no slip is said, and the search keeps the words as typed
    page = (await run_answer(ctx, "ruling", search="karte benennen bei geteilter karte beide namen")).pages[0]
    assert page.title == "Rulings mit „karte benennen bei geteilter karte beide namen“"
    assert "Tippfehler" not in page.body
    # the first ruling: 001's Zwietracht FAQ on naming a split card (today 709.4a), before 002's Getrieben
    ruling = ("Falls ein Effekt einen Spieler anweist, eine **Karte** zu **benennen**, und dieser Spieler eine "
              "**geteilte Karte** wählen will, muss er beide Hälften der **geteilten Karte** nennen.")
    assert page.body.index(ruling) < page.body.index("**Getrieben // Verzweiflung**")


async def test_a_rule_search_that_no_rule_holds_names_the_ruling_that_does(ctx):
    # no rule prints Llanovarelfen; 001:2805 (Kälteeinbruch's FAQ on snow mana) does: the answer names it with a
    # button that opens it, instead of a bare „Nichts gefunden“
    reply = await run_answer(ctx, "rule", search="llanowar elfen")
    page = reply.pages[0]
    assert reply.error and page.title == "Nichts gefunden für „llanovarelfen“"
    assert page.body.splitlines()[1] == (
        "💡 Ein Ruling passt besser: **Verschneite Karten und das Schnee-Manasymbol** (Kälteeinbruch – Häufig "
        "gestellte Fragen, 01.06.2006), ganz unter „Besser: Verschneite Karten und das Schnee-Manasymbol“; mit "
        "weiteren Kandidaten: `/frage frage: llanovarelfen`")
    assert [(a.action, a.arg) for a in reply.choices] == [("passage", "001:2805")]
