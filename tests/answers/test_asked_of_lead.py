"""``/frage`` is never confidently wrong about what is asked: a lead whose title names the question's subject but
whose text holds none of the rarer game terms asked of it is hedged (bot/answers/asked_words.py), and a named card
whose own text answers what is asked of it (its type, whether it can block) leads with that text when none of its
rulings is on the first page (bot/named_shown.py ``text_answers``). Real text of 001."""

from __future__ import annotations

from bot.answers import run_answer
from bot.answers.asked_words import unasked_lead
from bot.answers.questions import HEDGE_LINE
from bot.answers.unknown_notes import meant_words
from bot.ranking import ranker

#: 001's card text of Boros-Rekrut („Kreatur — Goblin, Soldat … Erstschlag“) and the ruling on cumulative upkeep's
#: choices („Verschiedenste Auswahlmöglichkeiten sind mit Kumulativer Versorgung möglich …“).
BOROS_REKRUT, UPKEEP_CHOICES = "001:26", "001:2835"


async def _found(ctx, question: str, n: int = 5):
    r = await ranker(ctx.store)
    return r, await r.search(ctx.store, question, ctx.names, limit=n)


async def test_a_lead_naming_the_subject_but_not_what_is_asked_of_it_is_hedged(ctx):
    r, found = await _found(ctx, "Zählt Schneemana für kumulative Versorgung?")
    assert found.hits[0].passage.key == UPKEEP_CHOICES and found.clear  # the ranking alone would not hedge it
    assert "Schnee" not in found.hits[0].passage.text
    assert unasked_lead(found, r, await meant_words(found.analysis))
    page = (await run_answer(ctx, "question", question="Zählt Schneemana für kumulative Versorgung?")).pages[0]
    assert HEDGE_LINE in page.body and "Verschiedenste Auswahlmöglichkeiten" in page.body


async def test_a_commoner_term_the_lead_does_not_name_hedges_nothing(ctx):
    # 000's „Fehde“ ruling on Verstrickende Falle names no „Gegner“, but „Gegner“ is commoner than „Fehde“: a word of
    # the situation, not what is asked (the ruling answers: it triggers whenever you clash)
    r, found = await _found(ctx, "verstrickende falle triggert die auch wenn mein gegner die fehde anzettelt")
    assert found.hits[0].passage.key == "000:26"
    assert not unasked_lead(found, r, await meant_words(found.analysis))


async def test_a_lead_holding_the_term_asked_is_not_hedged_by_it(ctx):
    r, found = await _found(ctx, "Kumulative Versorgung mit Altersmarken, wie viel muss ich bezahlen?")
    assert found.hits[0].passage.title in ("Kumulative Versorgung", "Regel 502.13b")
    assert not unasked_lead(found, r, await meant_words(found.analysis))


async def test_a_type_asked_of_a_named_card_leads_with_its_text(ctx):
    _, found = await _found(ctx, "Ist Boros-Rekrut eine Kreatur?")
    first = found.hits[0]
    assert first.passage.key == BOROS_REKRUT and first.passage.text.startswith("Kreatur — Goblin, Soldat")
    assert first.parts.get("shown", 0) > 0


async def test_whether_a_named_creature_can_block_leads_with_its_text(ctx):
    page = (await run_answer(ctx, "question", question="kann der boros-rekrut blocken?")).pages[0]
    assert page.title.startswith("Boros-Rekrut") and "Kreatur — Goblin, Soldat" in page.body
    assert "Mückengassen-Kriecher" not in page.body.split("\n\n")[2]  # another card's ruling no longer leads


async def test_a_named_cards_ruling_on_what_is_asked_keeps_the_lead(ctx):
    # Silhana-Simskletterin's ruling 001:1701 („… kann von Kreaturen geblockt werden, die …“) answers, not its text
    _, found = await _found(ctx, "wer kann die silhana simskletterin blocken")
    assert found.hits[0].passage.key == "001:1701" and "shown" not in found.hits[0].parts


async def test_the_sections_ruling_on_what_is_asked_keeps_the_lead(ctx):
    # Azorius-Herold's text holds every word („ins Spiel … opfere ihn“), but „Verbesserte“ Kreaturen' ruling 001:2012
    # („Wurde die Kreatur direkt ins Spiel gebracht … Daher wird die Kreatur geopfert.“) answers for the card
    _, found = await _found(ctx, "azorius herold ohne casten ins spiel gebracht, muss ich den opfern")
    assert found.hits[0].passage.key == "001:2012"
    assert found.hits[0].passage.text.endswith("Daher wird die Kreatur geopfert.")
