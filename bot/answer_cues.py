"""The kinds of answer a question asks for and a passage gives (the ranker's ``answer`` feature,
:mod:`bot.ranking`): a question word ("wer", "wie viel", "darf", "wann") asks for a person, an amount, a permission
or a moment (:data:`bot.stopwords.ANSWER_CUES`, written from German, not from the question set), and a passage that
holds one of the cue's answer words gives it."""

from __future__ import annotations

import re
from itertools import pairwise

from bot.stopwords import ANSWER_CUES, INTERROGATIVES
from bot.text import fold
from bot.text import tokens as fold_tokens

#: The cue of :data:`bot.stopwords.ANSWER_CUES` that asks for an amount (a passage's digits answer it too).
_AMOUNT = 1
_DIGIT = re.compile(r"\d")
#: The cue of a yes/no question that asks no permission („endet die Animation am Zugende“, „verlässt die Karte die
#: Hand …“): it asks for a verdict, which a passage gives by a negation, a restriction or an exception („… ist nicht
#: befristet“, „nur“, „egal“, „unabhängig“, „auch wenn“); its index follows those of ANSWER_CUES.
VERDICT = len(ANSWER_CUES)
#: A yes/no question is a sentence: a text of fewer words of letters (a term searched: „Spieler“, „+1/+1-Marke“) asks
#: for no verdict.
VERDICT_WORDS = 3


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


#: The interrogatives folded as :func:`bot.text.tokens` folds a question's words („wofür“ → „wofur“).
_W_WORDS = frozenset(fold(w) for w in INTERROGATIVES)
_VERDICTS = _words(
    "nicht kein keine keinen keinem keiner nie niemals nur ausschliesslich unabhangig egal unerheblich trotzdem "
    "dennoch weiterhin auch_wenn selbst_wenn not no only regardless even_if"
)


def asked_cues(text: str) -> tuple[int, ...]:
    """Indices into :data:`bot.stopwords.ANSWER_CUES` of the answer types ``text`` asks for, by its question words
    (folded tokens; "wie viel" read as one word): ``"wer gewinnt ne fehde?"`` → ``(0,)`` (a person); a sentence of
    :data:`VERDICT_WORDS` words or more with no cue and no question word asks for a verdict (``(VERDICT,)``:
    „endet die Animation am Zugende“). The first 4 000 characters are read (a question word stands at the start)."""
    words = fold_tokens(text[:4000])
    read = {*words, *(f"{a}_{b}" for a, b in pairwise(words))}
    cues = tuple(i for i, (asks, _) in enumerate(ANSWER_CUES) if asks & read)
    sentence = sum(w.isalpha() for w in words) >= VERDICT_WORDS
    return cues if cues or not sentence or _W_WORDS & read else (VERDICT,)


def given_cues(text: str) -> frozenset[int]:
    """Indices into :data:`bot.stopwords.ANSWER_CUES` of the answer types a passage's ``text`` gives (it holds one of
    the cue's answer words; digits also give an amount): 001's „Der Spieler mit dem höheren Manawert gewinnt die
    Fehde.“ gives a person."""
    folded = fold_tokens(text)
    words = set(folded)
    out = {i for i, (_, gives) in enumerate(ANSWER_CUES) if gives & words}
    if _VERDICTS & (words | {f"{a}_{b}" for a, b in pairwise(folded)}):
        out.add(VERDICT)
    if _DIGIT.search(text):
        out.add(_AMOUNT)
    return frozenset(out)


def sentence_gives(tokens: frozenset[str], cues: tuple[int, ...]) -> bool:
    """True when a sentence's folded ``tokens`` (:func:`bot.text.tokens`) give one of ``cues`` (indices into
    :data:`bot.stopwords.ANSWER_CUES`, or :data:`VERDICT`): one of the cue's answer words, a digit for an amount, a
    negation or restriction for a verdict (single words only: a sentence's tokens hold no pairs)."""
    for cue in cues:
        if cue == VERDICT:
            if not _VERDICTS.isdisjoint(tokens):
                return True
        elif not ANSWER_CUES[cue][1].isdisjoint(tokens) or (cue == _AMOUNT and any(t.isdigit() for t in tokens)):
            return True
    return False


__all__ = ["asked_cues", "given_cues", "sentence_gives"]
