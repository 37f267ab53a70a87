"""A question that sets a permission against its negation asks rule 101.2: „can't beats can“.

003:35 „Erlaubt oder verlangt eine Regel oder ein Effekt, dass etwas geschieht, und besagt ein anderer Effekt, dass es
nicht geschehen kann, hat der „kann nicht“-Effekt Vorrang“ (CR 101.2) is what a player asks with „was gewinnt wenn
eine karte sagt kann und eine andere kann nicht“ or „darf ich wenn eins sagt ich darf und eins ich darf nicht“; the
synonym group ``kann_nicht_vorrang`` (``data/synonyms.tsv``) holds the players' set phrases („can't beats can“), but
a sentence of the player's own puts the two halves apart, and its other words („gewinnt“, „sagt“) met only the Fehde
rulings („… gewinnt die Fehde“). A question holding one modal verb (kann, darf, can, may) both plainly and negated —
the verb directly followed by „nicht“ or „kein…“, or English „can't“, „cannot“, „can not“, „may not“ — names that
group's concept. A modal verb negated only („kann nicht blocken“) or only affirmed names nothing.

Pure; one pass over the question's tokens (at most :data:`bot.words.MAX_TOKENS`).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.concepts import concept_id

#: The modal verbs of a permission, folded as :func:`bot.words.tokens` gives them.
MODALS = frozenset({"kann", "darf", "can", "may"})
#: The concept of rule 101.2 (``data/synonyms.tsv``, group ``kann_nicht_vorrang``).
CANT_BEATS_CAN = concept_id("s", "kann_nicht_vorrang")


def _negated(after: str) -> bool:
    """True when the token ``after`` behind a modal verb negates it: „nicht“, „kein…“, English „not“ and the ``t``
    of „can't“ (:func:`bot.words.tokens` splits it at the apostrophe)."""
    return after in ("nicht", "not", "t") or after.startswith("kein")


def conflict_concepts(words: Sequence[str]) -> list[str]:
    """``[CANT_BEATS_CAN]`` when ``words`` (a question's folded tokens, in order) hold one modal verb of
    :data:`MODALS` both plainly and negated („kann … kann nicht“, „can … can't“; „cannot“ is „can“ negated), else
    []."""
    plain: set[str] = set()
    negated: set[str] = set()
    for i, word in enumerate(words):
        if word == "cannot":
            negated.add("can")
        elif word in MODALS:
            (negated if _negated(words[i + 1] if i + 1 < len(words) else "") else plain).add(word)
    return [CANT_BEATS_CAN] if plain & negated else []


__all__ = ["CANT_BEATS_CAN", "MODALS", "conflict_concepts"]
