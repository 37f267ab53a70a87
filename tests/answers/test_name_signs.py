"""Whether capitalised words of a question name a card (bot/answers/name_signs.py): an adjective declined before a
noun as German card names print it („Dunkler Vertrauter“, Dark Confidant; „Ewiger Zeuge“, Eternal Witness;
„Schwarzer Lotus“, Black Lotus; „Dunkles Ritual“, Dark Ritual) against nouns ending alike („Spieler“, „Gegner“,
„Zauber“, „Karte“); a hyphened word joined read through the one slip repair over the documents' vocabulary
(„Trampel-Schadn“: 001's and 002's Trampelschaden)."""

from __future__ import annotations

import pytest

from bot.answers.name_signs import adjective, joined_word, name_sign
from bot.german_words import german_dictionary
from bot.ranking import ranker
from bot.word_parts import slip_repair


@pytest.mark.parametrize(("word", "declined"), [
    ("Dunkler", True), ("Ewiger", True), ("Schwarzer", True), ("Dunkles", True), ("Wilder", True),
    ("Spieler", False), ("Gegner", False), ("Zauber", False), ("Karte", False), ("Besitzer", False),
])
def test_an_adjective_takes_every_ending_a_noun_does_not(word, declined):
    assert adjective(word, german_dictionary().has) is declined


async def test_a_capitalised_adjective_before_a_noun_is_a_sign_of_a_name_a_noun_is_not(ctx):
    known, has = (await ranker(ctx.store)).term_weights, german_dictionary().has
    for name in ("Dunkler Vertrauter", "Ewiger Zeuge", "Schwarzer Lotus", "Dunkles Ritual"):
        assert name_sign(name.split(), known, has, apart=True), name
    for words in ("Spieler Zauberstab", "Gegner Kreaturen", "Zauber Karten"):  # before: „Spieler“ ends in -er
        assert not name_sign(words.split(), known, has, apart=True), words


async def test_a_hyphened_word_joined_is_read_through_the_one_slip_repair(ctx):
    r = await ranker(ctx.store)
    repair = lambda word: slip_repair(word, r.analyser.vocab)  # noqa: E731
    assert repair("trampelschadn") == "trampelschaden"
    assert joined_word(["Mana", "Brand"], r.term_weights)  # Manabrand as the documents print it
    assert joined_word(["Trampel", "Schadn"], r.term_weights, repair)
    assert not joined_word(["Trampel", "Schadn"], r.term_weights)  # a slip needs the repair
    assert not joined_word(["Selesnja", "Gildenmagier"], r.term_weights, repair)  # no word of the documents
