"""``/frage`` is never confidently wrong where no passage answers: a count question whose best passage states no number
(bot/answers/hollow.py, :func:`uncounted_lead`) and a general question led by another mechanic's ruling that lacks a
term it names (bot/answers/hedge_signals.py, :func:`unasked_mechanic`; the mechanic also a keyword action the
passage's title names, :func:`titled_mechanic`) or by another mechanic's own rule (:func:`unasked_rule`) are hedged;
right leads of the same shapes are not."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.answers.hedge_signals import titled_mechanic, unasked_mechanic, unasked_rule
from bot.answers.hollow import asks_count, uncounted_lead
from bot.answers.questions import HEDGE_LINE
from bot.ranking import Ranked, Ranker, ranker


async def _led(ctx, question: str, key: str) -> tuple[Ranker, Ranked]:
    """The ranker and ``question``'s ranking, whose first passage is ``key``."""
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, question, ctx.names, limit=5)
    assert found.hits[0].passage.key == key
    return r, found


@pytest.mark.parametrize("question", ["wie viele karten hat ein commander deck",
                                      "Wie viele Karten hat ein Commander-Deck?"])
async def test_a_count_question_led_by_a_rule_without_a_number_is_hedged(ctx, question):
    # no document gives the Commander deck's size; 003's rule 100.5 names the minimum deck size without a number
    reply = await run_answer(ctx, "question", question=question)
    body = reply.pages[0].body
    assert reply.pages[0].title == "Regel 100.5 (Erklärung)"
    assert "heißt diese Zahl Mindest-Deckgröße („minimum deck size“)" in body
    assert body.startswith(f"Frage: „{question}“\n" + HEDGE_LINE)


@pytest.mark.parametrize(("question", "key", "said"), [
    # 003's rule 103.4c (Commander: 40 life): the number answers the count
    ("mit wie vielen lebenspunkten startet man in commander", "003:81", "beginnt jeder Spieler mit 40 Lebenspunkten"),
    # 003's companion rule: „höchstens eine Karte“ is a count in words
    ("Gefährte zeigen – wann und wie viele?", "003:65", "höchstens eine Karte"),
])
async def test_a_count_question_led_by_a_number_is_not_hedged_for_it(ctx, question, key, said):
    _r, found = await _led(ctx, question, key)
    assert said in found.hits[0].passage.text
    assert asks_count(question)
    assert not uncounted_lead(found, True)


@pytest.mark.parametrize(("question", "counts"), [
    ("wie viele karten hat ein commander deck", True), ("Wieviel Leben habe ich?", True),
    ("how many cards are in a commander deck", True), ("wie viel schaden macht das", True),
    ("viele karten im friedhof, was passiert", False), ("wie wirkt man eine hexerei", False),
])
def test_asks_count(question, counts):
    assert asks_count(question) is counts


@pytest.mark.parametrize("question", ["Kann ich eine Hexerei wirken, wenn ich keine Priorität habe?"])
async def test_another_mechanic_s_ruling_without_the_asked_term_is_hedged(ctx, question):
    # 002's ruling on Nachhall (cast the second half right after the first) holds „wirken“ and „Priorität“, not the
    # sorcery asked about; no document gives when a sorcery may be cast
    assert unasked_mechanic(*reversed(await _led(ctx, question, "002:45")))
    reply = await run_answer(ctx, "question", question=question)
    body = reply.pages[0].body
    assert "Du kannst die Hälfte mit Nachhall aus deinem Friedhof wirken" in body
    assert body.startswith(f"Frage: „{question}“\n" + HEDGE_LINE)


async def test_the_question_in_lower_case_is_hedged_too(ctx):
    # in lower case 003:130 (drawing from an empty library) leads 002:45 since ``restated`` is -3 (docs/ranking.md
    # ¹⁵⁷): no document says when a sorcery may be cast, and the page says it is undecided
    question = "kann ich eine hexerei wirken wenn ich keine priorität habe"
    reply = await run_answer(ctx, "question", question=question)
    assert reply.pages[0].body.startswith(f"Frage: „{question}“\n" + HEDGE_LINE)


@pytest.mark.parametrize(("question", "key"), [
    # the question names the mechanic (Nachhall) the ruling is about: answered
    ("erste hälfte mit nachhall verrechnet - krieg ich priorität bevor der gegner was machen kann?", "002:45"),
    # a ruling of the card the question names
    ("Getrieben // Verzweiflung: krieg ich nach der ersten Hälfte Priorität?", "002:45"),
])
async def test_a_ruling_of_the_named_mechanic_or_card_is_no_unasked_mechanic(ctx, question, key):
    r, found = await _led(ctx, question, key)
    assert not unasked_mechanic(found, r)


def test_a_section_title_names_its_keyword_action():
    # 000's sections „Fehde“ and „Clash“ are the keyword action of CR 701.30; a card's name is no mechanic
    assert titled_mechanic("Clash") == titled_mechanic("Fehde") == frozenset({"zzkclash"})
    assert titled_mechanic("Einberufen") == frozenset({"zzkconvoke"})
    assert titled_mechanic("Boros-Rekrut") == frozenset()


async def test_the_clash_article_leading_an_english_question_on_sorceries_is_hedged(ctx):
    # no document gives when a sorcery may be cast; the English clash ruling 000:39 shares „opponent“ and „turn“
    question = "can I cast a sorcery during my opponent's turn"
    assert unasked_mechanic(*reversed(await _led(ctx, question, "000:39")))
    body = (await run_answer(ctx, "question", question=question)).pages[0].body
    assert "Each _Lorwyn_ card that has clash says to" in body
    assert body.startswith(f"Frage: „{question}“\n" + HEDGE_LINE)


async def test_another_mechanic_s_quoted_rule_is_hedged(ctx):
    # 001's Transmutation rule 502.43a names the sorcery only as the ability's timing
    question = "wann darf ich eine hexerei wirken"
    r, found = await _led(ctx, question, "001:126")
    assert unasked_rule(found, r) and not unasked_mechanic(found, r)
    body = (await run_answer(ctx, "question", question=question)).pages[0].body
    assert "Spiele diese Fähigkeit nur zu einem Zeitpunkt, zu dem du auch eine Hexerei spielen könntest." in body
    assert body.startswith(f"Frage: „{question}“\n" + HEDGE_LINE)


async def test_the_named_mechanic_s_quoted_rule_is_no_unasked_rule(ctx):
    # the question names Transmutation: its rule 502.43a answers it
    r, found = await _led(ctx, "wann darf ich transmutation spielen", "001:126")
    assert not unasked_rule(found, r)


async def test_a_paragraph_mentioning_a_mechanic_in_passing_is_no_unasked_rule(ctx):
    # 001's „Gilden“ paragraph 001:53 names Einberufen („auf Karten mit dem Einberufen-Mechanismus“) but is about
    # the guilds; its section's title names no mechanic
    r, found = await _led(ctx, "woran erkenne ich zu welcher gilde eine karte gehört", "001:53")
    assert "Einberufen-Mechanismus" in found.hits[0].passage.text
    assert not unasked_rule(found, r)
