"""The ``action`` stage of the ranking (:mod:`bot.ranking`): a yes/no question with a modal verb asks whether an
action is allowed, and a passage answers it in a sentence that holds a modal verb and that action.

„kann ich hybrid mit nur rot bezahlen“ asks about paying: 001's rule 104.3f answers it in one sentence („{W/U} in
Kosten kann mit entweder weißem oder blauem Mana bezahlt werden“), while 001's ruling „Eine Hybrid-Karte hat alle
Farben, …, unabhängig davon, mit welcher Farbe … ihre Kosten bezahlt wurden“ holds the same words of the question
and no modal verb beside the payment. The features before this one read a passage's words as a set (or a sentence's
words, :mod:`bot.question_words`, where both tie), so bm25, which favours the short ruling, decided.

The question's *action* is the infinitive closing the clause of its modal verb (German puts it last: „kann ich …
bezahlen“, „darf die Kreatur … angreifen, der …“): the last word of that clause ending in ``-en``/``-n`` (folded
tokens, :func:`bot.text.tokens`), read as its analysed terms (stem and the concepts it names: „wirken“ is held by
„gespielt“ through the concept *cast*). A passage *answers* the action when one of its sentences holds a modal verb
(:data:`MODALS`) and one of those terms.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Protocol

from bot.analysis import Analyser
from bot.store import PassageRecord
from bot.text import tokens as fold_tokens

#: Modal verbs (folded) that make a question one of permission or obligation, and that a passage's sentence answering
#: it holds (the documents write „kann … nicht“, „darf“, „muss“, „können … bezahlt werden“).
MODALS = frozenset((
    "kann", "kannst", "konnen", "konnt", "darf", "darfst", "durfen", "durft", "muss", "musst", "mussen", "konnte",
    "konnten", "durfte", "durften", "musste", "mussten",
))
#: What ends the modal verb's clause in a question.
_CLAUSE_END = re.compile(r"[,;:?!.–—()]| - ")
#: Most characters of a question read for its action (the modal verb stands near its start).
MAX_CHARS = 2000


def asked_action(text: str, analyser: Analyser) -> frozenset[str]:
    """The analysed terms of the action ``text`` asks permission for: the last word ending in ``-en`` or ``-n``
    (at least 4 letters, not a modal verb) of the first clause holding a modal verb, after the modal verb;
    ``"kann ich hybrid mit nur rot bezahlen"`` → ``{"bezahl"}``. Empty for a question without a modal verb or
    without such a word. Never raises."""
    for clause in _CLAUSE_END.split(text[:MAX_CHARS]):
        words = fold_tokens(clause)
        at = next((i for i, w in enumerate(words) if w in MODALS), None)
        if at is None:
            continue
        verbs = [w for w in words[at + 1 :] if len(w) >= 4 and w.endswith("n") and w not in MODALS]
        return frozenset(analyser.analyse(verbs[-1]).terms) if verbs else frozenset()
    return frozenset()


def answers_action(sentence_words: Sequence[tuple[frozenset[str], frozenset[str]]], action: frozenset[str]) -> bool:
    """True when one sentence (its folded tokens, its analysed terms) holds a modal verb and a term of ``action``."""
    return any(not MODALS.isdisjoint(words) and not action.isdisjoint(terms) for words, terms in sentence_words)


class _Hit(Protocol):
    """What the action stage reads and writes of a :class:`bot.ranking.Hit`."""

    passage: PassageRecord
    score: float
    parts: dict[str, float]


def action_stage(top: Sequence[_Hit], action: frozenset[str], weight: float,
                 sentence_words: Callable[[PassageRecord], Sequence[tuple[frozenset[str], frozenset[str]]]]) -> None:
    """The ``action`` stage on ``top`` (the first hits, in place): each whose passage answers ``action``
    (:func:`answers_action`) gets ``weight``, added to ``score`` and set as ``parts["action"]`` (0 for the others).
    Nothing for a question without an action."""
    if not action:
        return
    for h in top:
        h.parts["action"] = weight if answers_action(sentence_words(h.passage), action) else 0.0
        h.score += h.parts["action"]


__all__ = ["MODALS", "action_stage", "answers_action", "asked_action"]
