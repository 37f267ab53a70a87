"""A player's compound whose first part is the bare stem of a word the documents print only with an ending: 001's
Einziehen rulings print „alternative Kosten“ and „alternativen Kosten“ (001:2937, 001:2939), never „alternativ“ nor
„Alternativkosten“, so the compound split (:func:`bot.word_parts.compound_parts`) found no head before and the
question's word was a term no passage carries. The documents' own words split as before."""

from __future__ import annotations

from bot.ranking import ranker
from tests.answers.test_player_words import question_concepts


async def test_a_bare_stem_is_a_compound_head_in_a_word_the_documents_lack(ctx):
    a = (await ranker(ctx.store)).analyser
    assert a.vocab.knows("alternativen") and not a.vocab.knows("alternativ")
    assert a.compound_parts("alternativkosten") == ["alternativ", "kosten"]
    # „Farbe“, „Farben“ of 001's Farbbonus rulings („Mana der entsprechenden Farbe“)
    assert a.compound_parts("farbbonus") == ["farb", "bonus"]
    # the term table's row „alternative Kosten“ (118.9) is named by the compound's pieces
    assert "zzkalternativexcost" in await question_concepts(ctx, "was sind alternativkosten")


async def test_the_documents_own_words_keep_their_split(ctx):
    # 001's „bleibende Karte“, „verbleibenden“: participles in -ende are no „bleib“ + „ende“; 001:586
    # „Suchfähigkeit“ stays whole (000's English „such“ is no head, test_english_document_words)
    a = (await ranker(ctx.store)).analyser
    for word in ("bleibende", "verbleibenden", "angreifende", "suchfähigkeit"):
        assert a.vocab.knows(word) and a.compound_parts(word) == [], word


async def test_a_question_on_alternative_costs_meets_the_ruling_on_timing(ctx):
    # 001:2939 „Das Bezahlen von alternativen Kosten ändert nicht den Zeitpunkt, zu dem du den Zauberspruch spielen
    # kannst. Ein Kreaturenzauber … kann zum Beispiel weiterhin nur während deiner eigenen Hauptphase gespielt
    # werden …“; before, 003:35 („kann nicht“-Effekt) led and 001:2939 was not among the first five
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, "kann ich mit alternativkosten eine kreatur auch im gegnerischen zug spielen",
                           ctx.names, limit=3)
    assert found.hits[0].passage.key == "001:2939"
    # 001:2937 „Du kannst die alternativen Kosten anstatt der Manakosten der Karte bezahlen.“: before, no hit at all
    found = await r.search(ctx.store, "was sind alternativkosten", ctx.names, limit=3)
    assert "001:2937" in [h.passage.key for h in found.hits]
