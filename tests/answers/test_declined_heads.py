"""A compound headed by the bare base of a word the documents print only declined (:func:`bot.word_parts.
compound_parts`, its second pass): German writes „Alternativkosten“ where 001 writes „alternativen Kosten“ and never
„alternativ“ alone, so the split against the documents' words found no head. On the real store: a player's
„alternativkosten“ meets 001:2939 („Das Bezahlen von alternativen Kosten ändert nicht den Zeitpunkt, zu dem du den
Zauberspruch spielen kannst.“); a present participle is no compound of „Ende“; a word of the documents (a passage's)
is read as before."""

from __future__ import annotations

import pytest

from bot.ranking import ranker
from bot.word_parts import compound_parts

QUESTION = "wenn ich die alternativkosten zahl (2 karten exilen) darf ich ne kreatur dann zur instant zeit spielen?"


async def test_alternativkosten_is_the_documents_alternative_kosten(ctx):
    r = await ranker(ctx.store)
    vocab = r.analyser.vocab
    assert not vocab.knows("alternativ") and vocab.knows("alternativen")
    assert compound_parts("alternativkosten", vocab) == ["alternativ", "kosten"]
    a = r.analyser.analyse(QUESTION, question=True)
    assert {"alternativ", "kost", "zzkalternativexcost"} <= set(a.terms), a.terms  # the term table's Alternativkosten
    found = await r.search(ctx.store, QUESTION, ctx.names, limit=3)
    assert found.hits[0].passage.key == "001:2939"  # before: not among the first twenty


@pytest.mark.parametrize(("word", "parts"), [
    ("kopierende", []),  # „kopier|ende“: a present participle, no „Ende“
    ("bezahlende", []),
    ("kopiereffekte", []),  # 001:1561 „… aller Kopiereffekte …“: a word the documents print keeps its reading
    ("kartenziehsegment", ["karten", "ziehsegment"]),  # split by the documents' words before: as it was
])
async def test_which_words_a_declined_head_splits(ctx, word, parts):
    assert compound_parts(word, (await ranker(ctx.store)).analyser.vocab) == parts
