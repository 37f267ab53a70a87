"""``/frage`` on a game term the term table knows and no document explains (bot/answers/unexplained.py): the answer
says so first (🚫), as an answer off the documents' subject does, instead of leading with the table's line alone."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.answers.questions import HEDGE_LINE
from bot.answers.unexplained import unexplained_line, unexplained_terms, used_beyond_table
from bot.answers.unknown_notes import meant_words
from bot.ranking import ranker
from bot.terms import term_index


@pytest.mark.parametrize(("question", "german", "english", "rule"), [
    # term:Kaskade „Kaskade (englisch Cascade): Schlüsselwortfähigkeit, heute Regel 702.85.“, no other passage
    ("wie funktioniert cascade", "Kaskade", "Cascade", "702.85"),
    ("was ist ward", "Abwehr", "Ward", "702.21"),
    ("kaskade", "Kaskade", "Cascade", "702.85"),  # only the name: asks what it is
    ("was ist todesberührung", "Todesberührung", "Deathtouch", "702.2"),
    # „verbündung“ shares the stem „verbund“ with the card „Verbunden im Schmerz“ (001:2654), which the ranking reads
    # as named: the word is the term's name, no word of the card's, so the card does not silence the line
    ("wie funktioniert verbündung", "Verbündung", "Banding", "702.22"),
])
async def test_a_term_no_document_explains_is_said_first(ctx, question, german, english, rule):
    reply = await run_answer(ctx, "question", question=question)
    body = reply.pages[0].body
    assert body.startswith(f"Frage: „{question}“\n🚫 Zu **{german}** (englisch *{english}*, Regel {rule}) sagen die "
                           "Dokumente des Bots nichts; die Begriffstabelle nennt nur Namen und Regelnummer, die "
                           "Stellen unten sind nur die ähnlichsten.\n")
    assert HEDGE_LINE not in body  # the line is the verdict: one line, not two
    assert reply.pages[0].title == german  # the table's line still leads
    assert f"{german} (englisch {english}): Schlüsselwortfähigkeit, heute Regel {rule}." in body


@pytest.mark.parametrize("question", ["deathtouch beim blocken", "todesberührung beim blocken"])
async def test_a_game_word_named_in_passing_is_said_too(ctx, question):
    # no ordinary German word („deathtouch“, „todesberührung“ is one only as two joined), so the player means the
    # term, which only the table's line carries; the answer led by a ruling on blocking (001:3004 or another)
    body = (await run_answer(ctx, "question", question=question)).pages[0].body
    assert body.startswith(f"Frage: „{question}“\n🚫 Zu **Todesberührung** (englisch *Deathtouch*, Regel 702.2) sagen "
                           "die Dokumente des Bots nichts; die Begriffstabelle nennt nur Namen und Regelnummer, die "
                           "Stellen unten sind nur die ähnlichsten.\n")


@pytest.mark.parametrize("question", [
    "how does trample work",  # Trampelschaden: 002:13 „Mehrere Vorkommen von Trampelschaden …“ uses it
    "was macht spuk",  # Spuk: 001's mechanics section
    "wie funktioniert storm",  # Sturm: 001:3060 „… (zum Beispiel Reproduktion oder Sturm) …“, as /mechanik lists it
    "bekomme ich einen bonus wenn ich zwei karten ziehe",  # Bonus (Kicker) named in passing, led by 003's 104.3c
    "blitzsturm verlässt den stack, was ist mit den marken",  # „blitz“ a part of the card's name, not Blitz asked
])
async def test_a_term_some_document_uses_or_one_named_in_passing_is_not(ctx, question):
    reply = await run_answer(ctx, "question", question=question)
    assert "🚫" not in reply.pages[0].body


async def test_the_rule_reads_the_passages_beyond_the_table(ctx):
    table = term_index()
    assert not await used_beyond_table(ctx.store, table.lookup("Kaskade").term)  # term:Kaskade only
    assert await used_beyond_table(ctx.store, table.lookup("Sturm").term)  # 001:3060
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, "wie funktioniert cascade", ctx.names, limit=5)
    terms = await unexplained_terms(ctx.store, found, r, await meant_words(found.analysis))
    assert [(t.german, t.english, t.rule) for t in terms] == [("Kaskade", "Cascade", "702.85")]
    assert unexplained_line([]) == ""
    assert unexplained_line(terms * 2).startswith(
        "🚫 Zu **Kaskade** (englisch *Cascade*, Regel 702.85) und **Kaskade** (englisch *Cascade*, Regel 702.85) sagen")


async def test_a_comparison_says_each_side_no_document_explains(ctx):
    # each side's passage is its term table line; the line names the sides whose term no other passage carries
    # (Trampelschaden: 002:13 „Mehrere Vorkommen von Trampelschaden …“ carries it)
    both = (await run_answer(ctx, "question", question="cascade vs ward")).pages[0].body
    assert both.startswith("Frage: „cascade vs ward“\n🚫 Zu **Kaskade** (englisch *Cascade*, Regel 702.85) und "
                           "**Abwehr** (englisch *Ward*, Regel 702.21) sagen die Dokumente des Bots nichts; die "
                           "Begriffstabelle nennt nur Namen und Regelnummer.\nEin Vergleich:")
    one = (await run_answer(ctx, "question",
                            question="unterschied zwischen todesberührung und trampelschaden")).pages[0].body
    assert "\n🚫 Zu **Todesberührung** (englisch *Deathtouch*, Regel 702.2) sagen die Dokumente des Bots nichts; " \
           "die Begriffstabelle nennt nur Namen und Regelnummer.\n" in one
    assert "Trampelschaden** (englisch" not in one
    explained = (await run_answer(ctx, "question", question="spuk vs ausgraben")).pages[0].body
    assert "🚫" not in explained
