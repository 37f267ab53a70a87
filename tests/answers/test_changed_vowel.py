"""A strong verb's present form with its changed vowel meets the infinitive the documents print
(:func:`bot.word_parts.changed_vowel_verb`), the examples its docstring gives, on the documents' own vocabulary."""

from __future__ import annotations

from bot.ranking import ranker
from bot.word_parts import changed_vowel_verb


async def test_the_documented_forms_meet_their_infinitives(ctx):
    vocab = (await ranker(ctx.store)).analyser.vocab
    expected = {"verlässt": "verlassen", "übernimmst": "übernehmen", "stirbt": "sterben", "enthält": "enthalten"}
    assert {word: changed_vowel_verb(word, vocab) for word in expected} == expected


async def test_short_forms_are_read_but_not_stop_words(ctx):
    # a four-letter form is read („hält“ → halten, „gibst“ → geben); the stop word „gibt“ („es gibt“) stays as typed,
    # and three letters before „-t“ are too few („tät“)
    vocab = (await ranker(ctx.store)).analyser.vocab
    assert vocab.knows("halten") and vocab.knows("geben")
    assert changed_vowel_verb("hält", vocab) == "halten" and changed_vowel_verb("gibst", vocab) == "geben"
    assert changed_vowel_verb("gibt", vocab) is None and changed_vowel_verb("hältst", vocab) == "halten"
    assert changed_vowel_verb("tät", vocab) is None
