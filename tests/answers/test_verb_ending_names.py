"""bench/concept_collisions.py ``--merged``: the documents' words that name a one-word concept only because they end
like a verb's form of its name (Snowball strips a verb's personal ending, and the name's base guard of
:func:`bot.concepts.fits` lets the word through): the listing the ranking's lab book (docs/ranking.md ¹³⁴) reads."""

from __future__ import annotations

import sys

from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "bench"))
from concept_collisions import merged


def test_words_ending_like_a_verb_of_a_name_that_is_none_are_listed(built_db):
    found = {(stem, concept): {w: lemma for w, lemma, _n in words} for stem, concept, _f, _b, words in merged(built_db)}
    # „die Karte selbst“: Snowball's selb, the „du“ form of a verb „selben“ (the group gleich's „selben“)
    assert found["selb", "zzsgleich"] == {"selbst": "selben"}
    # 001:1384 „… landet er auf dem Friedhof …“ names Land; 001:3070 „… du deckst eine geteilte Karte auf …“ Deck;
    # 001:480 „… halbiert den Schaden und rundet ihn gegebenenfalls ab“ Runde (Turn)
    assert found["land", "zzkland"] == {"landet": "landen"}
    assert "deckst" in found["deck", "zzklibrary"]
    assert "rundet" in found["rund", "zzkturn"]
    # a name among whose words a verb's personal form stands is a verb's: „tappst“ (001:82 „Tappst du eine …“) and
    # „tappt“ are forms of „getappt“/„tappen“ (Tap and untap), „opferst“ of „opfern“/„opfert“ (Sacrifice): not listed
    assert ("tapp", "zzktapxandxuntap") not in found and ("opf", "zzksacrifice") not in found
