"""Spoken words of players' questions read as the documents' words, on the real store (``data/players_words.tsv``,
``data/synonyms.tsv``, :mod:`bot.separable`, :func:`bot.stopwords.english_read`): „Viecher“ are 001's Kreaturen,
a counter „geschoben“ is 001's „bewegen“ (Pfropfen), a „Mechanik“ 001's „Mechanismus“; „legt … rein“ joins to
„reinlegen“ (001's „ins Spiel bringen“); an English question's „you“ and „from“ are its form, no words a passage
should hold."""

from __future__ import annotations

import pytest

from bot.ranking import ranker
from bot.separable import joined


async def terms_of(ctx, key: str) -> frozenset[str]:
    """The analysed terms of the passage ``key``, which must exist."""
    passage = await ctx.store.passage_by_key(key)
    assert passage is not None, key
    return (await ctx.store.passages([passage.id]))[passage.id].terms


@pytest.mark.parametrize(("question", "typed", "term", "key"), [
    # 001:1961 (Pfropfen) „Ein Spieler kann auf diese Weise eine +1/+1-Marke auf eine Kreatur eines anderen Spielers
    # bewegen.“
    ("darf ich mit pfropfen ne marke auf sein viech schieben", "schieben", "beweg", "001:1961"),
    ("darf ich mit pfropfen ne marke auf sein viech schieben", "viech", "zzkcreature", "001:1961"),
    # 001:2814 „Kumulative Versorgung ist ein Mechanismus, der bereits in den Blocks _Eiszeit_ und _Trugbilder_ vorkam.“
    ("ist kumulative versorgung eine alte mechanik", "mechanik", "mechanismus", "001:2814"),
])
async def test_a_spoken_word_is_read_as_the_word_the_passage_holds(ctx, question, typed, term, key):
    a = (await ranker(ctx.store)).analyser.analyse(question, question=True)
    assert typed not in a.words and not a.typos, a.words
    assert term in a.terms, a.terms
    assert term in await terms_of(ctx, key)


async def test_legt_rein_is_putting_onto_the_battlefield(ctx):
    # 001:1221 (Ätherplasma) „Die Kreatur, die du ins Spiel bringst, kann auch das Ätherplasma sein …“
    r = await ranker(ctx.store)
    words = ["legt", "man", "es", "selbst", "wieder", "rein"]
    verb = joined(words, " ".join(words), r.analyser.lemma, r.analyser.vocab.names)[0]
    assert verb in ("reinlegen", "reinlegt") and verb in r.analyser.vocab.names  # the group's own form
    a = r.analyser.analyse("ätherplasma: legt man es selbst wieder rein?", question=True)
    assert "zzsschlachtfeldxins" in a.concepts, a.concepts
    assert "zzsschlachtfeldxins" in await terms_of(ctx, "001:1221")
    # „rein“ is a spoken prefix only at its clause's end beside a verb a concept names: not „reine“ or a lone „rein“
    assert "zzsschlachtfeldxins" not in r.analyser.analyse("ist das rein weiß", question=True).concepts


async def test_an_english_questions_function_words_are_its_form(ctx):
    r = await ranker(ctx.store)
    assert r.analyser.analyse("how do you win a clash", question=True).words == ["win", "clash"]
    a = r.analyser.analyse("can a token come back from exile", question=True)
    assert "from" not in a.words and "back" in a.words and a.english
    # 000's English ruling says „you“ („Either you win it or you don't“); its rule 701.19c, which answers, does not
    assert "you" in await terms_of(ctx, "000:48") and "you" not in await terms_of(ctx, "000:37")
    # a German question keeps an English word it quotes: only a question read as English drops them
    assert "you" in r.analyser.analyse("was bedeutet you auf der karte", question=True).words
