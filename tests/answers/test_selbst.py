"""„selbst“ (itself, even) and its spoken form „selber“ are their own word, not a form of „selbe“ (same), on the real
store (:data:`bot.words._STEM_EXCEPTIONS`, :data:`bot.word_parts.NO_VERB_FORMS`): Snowball stems all three „selb“,
and the participle reader took „selbst“ for a „du“-form of a verb „selben“, so „die Karte selbst“ named the synonym
group ``gleich`` (data/synonyms.tsv: „im selben Zug“, „mit demselben Namen“) and met every „selbst wenn“."""

from __future__ import annotations

import pytest

from bot.ranking import ranker
from bot.word_parts import participle_verb


async def terms_of(ctx, key: str) -> frozenset[str]:
    """The analysed terms (concept ids among them) of the passage ``key``, which must exist."""
    passage = await ctx.store.passage_by_key(key)
    assert passage is not None, key
    return (await ctx.store.passages([passage.id]))[passage.id].terms


@pytest.mark.parametrize("question", [
    "einziehen: kann ich die karte selbst als eine der zwei blauen karten exilen",
    "kriegt die kreatur an der das zauberzeichen haengt auch selber den bonus",
])
async def test_selbst_and_selber_are_one_word_and_not_the_same(ctx, question):
    a = (await ranker(ctx.store)).analyser.analyse(question, question=True)
    assert "selbst" in a.terms, a.terms
    assert "selb" not in a.terms and "zzsgleich" not in a.concepts, a.terms


async def test_selben_is_still_the_same(ctx):
    a = (await ranker(ctx.store)).analyser.analyse("zweimal im selben zug aktivieren", question=True)
    assert "zzsgleich" in a.concepts, a.concepts
    # 001:1440 „… die Fähigkeit des Gruul-Nodorog ein zweites Mal im selben Zug zu aktivieren.“
    assert "zzsgleich" in await terms_of(ctx, "001:1440")


@pytest.mark.parametrize("key", [
    "001:877",  # „Du kannst dich selbst bestimmen.“
    "001:2696",  # „Die Wachfels-Gargoyle kann sich mit ihrer Fähigkeit selber erlauben, anzugreifen.“
])
async def test_a_passage_saying_selbst_or_selber_holds_selbst_not_the_same(ctx, key):
    terms = await terms_of(ctx, key)
    assert "selbst" in terms and "selb" not in terms and "zzsgleich" not in terms, terms


async def test_selbst_is_no_verb(ctx):
    vocab = (await ranker(ctx.store)).analyser.vocab
    assert vocab.knows("selben")  # the word the „-st“ reading would have made its infinitive
    assert participle_verb("selbst", vocab) is None
    assert participle_verb("tappst", vocab) == "tappen"  # a verb's „du“-form is still read
