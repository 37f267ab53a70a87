"""The kinds of answer a question asks for and a passage gives (the ranker's ``answer`` feature,
:mod:`bot.ranking`): a question word ("wer", "wie viel", "darf", "wann") asks for a person, an amount, a permission
or a moment (:data:`bot.stopwords.ANSWER_CUES`, written from German, not from the question set), and a passage that
holds one of the cue's answer words gives it."""

from __future__ import annotations

import re
from itertools import pairwise

from bot.stopwords import ANSWER_CUES
from bot.text import tokens as fold_tokens

#: The cue of :data:`bot.stopwords.ANSWER_CUES` that asks for an amount (a passage's digits answer it too).
_AMOUNT = 1
_DIGIT = re.compile(r"\d")


def asked_cues(text: str) -> tuple[int, ...]:
    """Indices into :data:`bot.stopwords.ANSWER_CUES` of the answer types ``text`` asks for, by its question words
    (folded tokens; "wie viel" read as one word): ``"wer gewinnt ne fehde?"`` → ``(0,)`` (a person); the first
    4 000 characters are read (a question word stands at the start)."""
    words = fold_tokens(text[:4000])
    read = {*words, *(f"{a}_{b}" for a, b in pairwise(words))}
    return tuple(i for i, (asks, _) in enumerate(ANSWER_CUES) if asks & read)


def given_cues(text: str) -> frozenset[int]:
    """Indices into :data:`bot.stopwords.ANSWER_CUES` of the answer types a passage's ``text`` gives (it holds one of
    the cue's answer words; digits also give an amount): 001's „Der Spieler mit dem höheren Manawert gewinnt die
    Fehde.“ gives a person."""
    words = set(fold_tokens(text))
    out = {i for i, (_, gives) in enumerate(ANSWER_CUES) if gives & words}
    if _DIGIT.search(text):
        out.add(_AMOUNT)
    return frozenset(out)


__all__ = ["asked_cues", "given_cues"]
