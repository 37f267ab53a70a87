"""``/frage`` on basics of the German rules explanation 003 as a player types them (questions no question set holds):
the first hit is 003's passage that answers, by a rule about a kind of word, not about the one question."""

from __future__ import annotations

from bot.answer_cues import asked_cues, given_cues
from bot.ranking import ranker


async def first_key(ctx, question: str) -> str:
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, question, ctx.names, limit=5)
    return found.hits[0].passage.key


async def test_number_words_are_numbers_and_give_an_amount(ctx):
    # 003:21 „Im „Constructed“-Spiel darf ein Sideboard höchstens fünfzehn Karten enthalten.“: „fünfzehn“ meets a
    # question's „15“, and „höchstens fünfzehn“ answers „wie viele“ (an amount)
    r = await ranker(ctx.store)
    assert "15" in r.analyser.stems("fünfzehn")
    assert given_cues("darf ein Sideboard höchstens fünfzehn Karten enthalten") >= {1}
    assert 1 in asked_cues("wie viele karten darf mein sideboard haben")


async def test_half_a_point_of_damage_is_a_fraction(ctx):
    # 003:243 „Man kann keine Bruchzahl wählen, keinen Bruchteil von Schaden zufügen, keinen Bruchteil von
    # Lebenspunkten erhalten usw.“ (107.1a): „halb“ is a fraction (data/synonyms.tsv, group bruchteil).
    assert await first_key(ctx, "kann eine kreatur einen halben schadenspunkt bekommen") == "003:243"
    # „kann ich … verlieren“: the action stage also favours a ruling whose sentence holds „kannst“ and „verlieren“
    # (001's Seelen der Untadeligen); 003:243 is second and the answer says no passage is clearly best
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, "kann ich einen halben lebenspunkt verlieren", ctx.names, limit=5)
    assert "003:243" in [h.passage.key for h in found.hits[:2]]
    assert found.hits[0].passage.key == "003:243" or not found.clear
