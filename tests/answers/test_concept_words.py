"""Which words give a passage a concept (bot/analysis.py, bot/card_names.py, bot/concepts.py), on the real store:
a word of a card's name names no concept (001's „Auge des Sturms“ is no Storm), and a word that only shares a
Snowball stem with a one-word concept name is not that concept („verliert“ and „Verlies“ are both ``verli``)."""

from __future__ import annotations

from bot.answers import run_answer
from bot.ranking import ranker


async def concepts_of(ctx, key: str) -> tuple[str, ...]:
    """The concepts column of the passage ``key``, which must exist."""
    passage = await ctx.store.passage_by_key(key)
    assert passage is not None, key
    return passage.concepts


async def test_a_card_name_gives_its_passages_no_concept(ctx):
    # 001's card „Auge des Sturms“ (line 230) and its rulings say nothing of the keyword Storm (702.40): 235 „… die
    # vom Auges des Sturms selber generiert werden …“, 237 „… die vom Auge des Sturms ganz aus dem Spiel entfernt
    # wurden …“; another card's ruling names it as a card (1246, Bann des Beschwörers: „zum Beispiel durch Auge des
    # Sturms aus _Ravnica_(TM)“).
    for key in ("001:230", "001:235", "001:237", "001:239", "001:1246"):
        assert "zzkstorm" not in await concepts_of(ctx, key), key
    # 001:3060 (Einziehen) names the keyword: „(zum Beispiel Reproduktion oder Sturm)“
    assert "zzkstorm" in await concepts_of(ctx, "001:3060")
    # „Verbunden im Schmerz“ is no Banding, „Samen der Stärke“ no power/toughness, „Ley-Linie der Blitze“ no Blitz
    assert "zzkbanding" not in await concepts_of(ctx, "001:2654")
    assert "zzkpowerxtoughness" not in await concepts_of(ctx, "001:753")
    assert "zzkblitz" not in await concepts_of(ctx, "001:1505")


async def test_mechanik_sturm_lists_no_ruling_of_a_card_named_so(ctx):
    page = (await run_answer(ctx, "mechanic", name="Sturm")).pages[0]
    assert "Sturm – Regel 702.40" in page.title
    assert "Ruling zu **Einziehen**" in page.body  # „zum Beispiel Reproduktion oder **Sturm**“
    assert "Auge des Sturms" not in page.body


async def test_a_word_sharing_a_stem_with_a_concept_name_is_not_that_concept(ctx):
    # „verliert“, „verlierst“ (stem verli) are no Verlies (Dungeon, 309): 001:284 „… bevor du Leben verlierst.“
    assert "zzkdungeon" not in await concepts_of(ctx, "001:284")
    assert "zzkdungeon" in await concepts_of(ctx, "term:Verlies")
    assert "zzsverlieren" not in await concepts_of(ctx, "term:Verlies")
    # „der verteidigende Spieler“ (stem verteid) is no Verteidiger (Defender, 702.3): 001:533 Goblin-Feuerunhold
    assert "zzkdefender" not in await concepts_of(ctx, "001:533")
    assert "zzkdefender" in await concepts_of(ctx, "term:Verteidiger")
    # 003:196 „… das auf diese Weise verlorene Mana“ keeps losing (zzsverlieren), the documents' word
    assert "zzsverlieren" in await concepts_of(ctx, "003:196")


async def test_a_questions_word_names_a_concept_only_in_its_own_forms(ctx):
    r = await ranker(ctx.store)
    lose = r.analyser.analyse("was passiert wenn ich die fehde verliere", question=True)
    assert "zzkdungeon" not in lose.concepts and "zzsverlieren" in lose.concepts
    dungeon = r.analyser.analyse("wie funktioniert ein verlies", question=True)
    assert "zzkdungeon" in dungeon.concepts and "zzsverlieren" not in dungeon.concepts
    # a word's own forms still meet its one-word name („Fehden“: Fehde); „fluchsicher“ is Hexproof (702.11), no
    # longer also Shroud (702.18, „Fluchsicherheit“: the same stem fluchsich)
    assert "zzkclash" in r.analyser.analyse("mehrere fehden", question=True).concepts
    hexproof = r.analyser.analyse("ist sie fluchsicher", question=True).concepts
    assert "zzkhexproof" in hexproof and "zzkshroud" not in hexproof


async def test_fluchsicherheit_is_shroud_only(ctx):
    # the term table: „Fluchsicher“ Hexproof (702.11), „Fluchsicherheit“ Shroud (702.18); the longer name's word is
    # no form of the shorter one it begins with, in a question and in the term rows of the store
    r = await ranker(ctx.store)
    shroud = r.analyser.analyse("hat die kreatur fluchsicherheit", question=True).concepts
    assert "zzkshroud" in shroud and "zzkhexproof" not in shroud
    assert "zzkhexproof" not in await concepts_of(ctx, "term:Fluchsicherheit")
    assert "zzkshroud" in await concepts_of(ctx, "term:Fluchsicherheit")
    # an inflection of a name is still that name: 003:349 „Die Eigenschaften eines Permanents …“ (110)
    assert "zzkpermanent" in await concepts_of(ctx, "003:349")
