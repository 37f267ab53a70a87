"""The stems of the name step (bot/importer/prepared.py ``_Stems``): a card file's numbers are their own stem
without Snowball, every other word ``snowball(lemma(word))`` as the question ranker stems it."""

from __future__ import annotations

import sqlite3

from bot.analysis import Analyser, Vocabulary, snowball
from bot.importer.prepared import _Stems

#: A vocabulary as a card file's store has it: German words, card numbers („Generated Card 012345“), a number a
#: lemma maps (the shortcut must not take it), a rule number and a digit with letters.
WORDS = [("kreaturen", 4, None), ("karte", 9, None), ("012345", 1, None), ("000009", 2, None), ("7", 3, "sieben"),
         ("702.19a", 1, None), ("2a", 1, None), ("gewirkt", 1, None), ("wirken", 2, None)]


def test_every_word_is_stemmed_as_the_ranker_stems_it():
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE vocabulary (word TEXT, count INTEGER, lemma TEXT)")
    conn.executemany("INSERT INTO vocabulary VALUES (?, ?, ?)", WORDS)
    stems = _Stems(conn)
    ranker = Analyser(Vocabulary({w: n for w, n, _ in WORDS}, {w: m for w, _, m in WORDS if m}))
    got = {w: stems._stem(w) for w, _n, _m in WORDS}
    assert got == {w: snowball(ranker.lemma(w)) for w, _n, _m in WORDS}
    assert (got["012345"], got["7"], got["gewirkt"]) == ("012345", "sieb", "wirk")  # the lemma map's number read
    assert "012345" not in stems._stem_of and got["karte"] == stems._stem_of["karte"]  # numbers not remembered
