"""German separable verbs split in a clause: "ich **werfe** eine geteilte Karte **ab**" is *abwerfen*, "**deckt** die
oberste Karte **auf**" is *aufdecken*. The particle stands at the clause's end, the verb earlier in the clause; the
analysis (:mod:`bot.analysis`) adds the stem of the joined verb as a term, so "werfe … ab" meets "abwirfst" and
"abgeworfen" of the documents. Only joins whose stem the documents contain count (a stem of the store's vocabulary),
so a preposition at a clause's end ("woher kommt das Mana dafür auf") joins nothing the documents do not say.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection

from bot.stopwords import SEPARABLE_PREFIXES, STOP_WORDS

#: Clause ends: sentence and clause punctuation, dashes, brackets, and the conjunctions that start a clause (a
#: particle before one ends its clause: "legt die Karte ab und zieht").
_CLAUSE = re.compile(r"[.,;:!?…()\[\]\"„“”–—]+|\s-\s|\b(?:und|oder|aber|sondern|dann|wenn|bevor|nachdem|weil|falls|"
                     r"dass|ob|sobald|solange|während)\b", re.IGNORECASE)
#: Words between the verb and its particle looked at (a clause of a rules question is short).
REACH = 8


def separated_verbs(
    text: str, tokens: Callable[[str], list[str]], stem: Callable[[str], str], known: Collection[str]
) -> list[str]:
    """Stems of the separable verbs ``text`` splits (``"abwerf"`` for "werfe … ab"), each once, in order.

    ``tokens`` splits a clause into lower-case words, ``stem`` gives a word's stem, ``known`` holds the stems a
    join may give (the documents' vocabulary stemmed). For each clause ending in a particle of
    :data:`bot.stopwords.SEPARABLE_PREFIXES`, the nearest earlier word (at most :data:`REACH` back, no stop word)
    whose join with the particle has a known stem is the verb. Bounded by the text's length.
    """
    out: list[str] = []
    for clause in _CLAUSE.split(text):
        words = tokens(clause)
        if len(words) < 2 or words[-1] not in SEPARABLE_PREFIXES:
            continue
        particle = words[-1]
        for word in reversed(words[-1 - REACH : -1]):
            if word in STOP_WORDS or len(word) < 3 or not word.isalpha():
                continue
            joined = stem(particle + word)
            if joined in known:
                out.append(joined)
                break
    return list(dict.fromkeys(out))


__all__ = ["REACH", "separated_verbs"]
