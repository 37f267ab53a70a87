"""``/frage`` on basics of the German rules explanation 003 as a player types them (questions no question set holds):
the first hit is 003's passage that answers, by a rule about a kind of word, not about the one question."""

from __future__ import annotations

from bot.ranking import ranker


async def first_key(ctx, question: str) -> str:
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, question, ctx.names, limit=5)
    return found.hits[0].passage.key


async def test_how_many_cards_a_sideboard_may_hold(ctx):
    # 003:21 „Im „Constructed“-Spiel darf ein Sideboard höchstens fünfzehn Karten enthalten.“ — not 003:69's
    # „beliebig viele „Conspiracy“-Karten aus seinem Sideboard“: „wie viele“ is the question word „wieviele“, its
    # „viele“ no search word, and „höchstens fünfzehn“ gives the amount asked for.
    assert await first_key(ctx, "wie viele karten darf mein sideboard haben") == "003:21"
    passage = await ctx.store.passage_by_key("003:21")
    assert passage is not None and "höchstens fünfzehn Karten" in passage.text


async def test_wie_viele_is_a_question_word_and_number_words_are_numbers(ctx):
    r = await ranker(ctx.store)
    asked = r.analyser.analyse("wie viele karten darf mein sideboard haben", question=True)
    assert "viel" not in asked.terms and "sideboard" in asked.terms
    together = r.analyser.analyse("wieviele karten", question=True).terms
    assert together == r.analyser.analyse("wie viele karten", question=True).terms == ["kart"]
    assert "15" in r.analyser.stems("fünfzehn")  # 003's „fünfzehn“ meets a question's „15“


async def test_half_a_point_of_damage_is_a_fraction(ctx):
    # 003:243 „Man kann keine Bruchzahl wählen, keinen Bruchteil von Schaden zufügen, keinen Bruchteil von
    # Lebenspunkten erhalten usw.“ (107.1a): „halb“ is a fraction (data/synonyms.tsv, group bruchteil).
    assert await first_key(ctx, "kann eine kreatur einen halben schadenspunkt bekommen") == "003:243"
    assert await first_key(ctx, "kann ich einen halben lebenspunkt verlieren") == "003:243"


async def test_dran_and_am_zug_name_the_active_player(ctx):
    # 003:40 „… trifft zuerst der aktive Spieler (der Spieler, der am Zug ist) alle nötigen Entscheidungen …“
    r = await ranker(ctx.store)
    for question in ("wer ist dran", "wer ist am zug"):
        assert "zzkactivexplayer" in r.analyser.analyse(question, question=True).concepts, question
    passage = await ctx.store.passage_by_key("003:40")
    assert passage is not None and "zzkactivexplayer" in passage.concepts
