"""A separable verb a question splits, joined again: „ich werfe eine Karte ab“ → ``abwerfen``, „wer legt die
Reihenfolge fest“ → ``festlegen``, „greift die an“ → ``angreifen``, „deckt ein Land auf“ → ``aufdecken``.

German puts a separable verb's prefix at the end of its clause when the verb is finite in a main clause (Duden,
Grammatik: Verbklammer); the documents print the verb mostly whole (infinitive, participle: „abwerfen“,
„abgeworfen“, „festgelegt“), so the finite verb's stem alone („werf“, „leg“) meets none of their passages on the
word that decides. :func:`joined_verbs` gives the whole infinitives a question's clauses split, for the analysis
(:meth:`bot.analysis.Analyser.analyse`) to read as further words of the question.

Pure functions over strings: which infinitives exist comes in as a callable (the documents' words).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from bot.stopwords import STOP_WORDS
from bot.text import clean
from bot.wordforms import PARTICLES, STRONG

#: A clause ends at punctuation, a dash or a quotation mark (the prefix stands last in its clause).
_CLAUSE = re.compile(r"[,.;:?!()\[\]\"'„“”‚‘’«»–—]+|\s-\s")
#: Letters of one word (the question's words as :func:`bot.words.tokens` reads them, lower case).
_WORD = re.compile(r"[^\W\d_]+")
#: Most words of a clause looked at (a question's clause is short; the bound keeps any input cheap).
MAX_CLAUSE_WORDS = 12
#: Shortest finite verb form looked at („legt“, „geht“; not „ab“, „da“).
MIN_VERB = 3
#: The third person of the strong verbs of :data:`bot.wordforms.STRONG` → its infinitive („wirft“ → werfen).
_STRONG_THIRD = {third: verb for verb, (third, _participle) in STRONG.items()}
#: A present stem's umlaut that the infinitive lacks („fängt“ → fangen, „läuft“ → laufen, „fällt“ → fallen).
_UMLAUT = str.maketrans({"ä": "a", "ö": "o", "ü": "u"})


def infinitives(word: str) -> list[str]:
    """Infinitives the finite present form ``word`` (lower case) may be of, most likely first, not checked against
    any vocabulary: a strong verb's third person („wirft“ → werfen), the weak endings („werfe“ → werfen, „legt“ →
    legen, „legst“ → legen, „greif“ → greifen, „wartet“ → warten), a plural („werfen“) itself, and the same with
    the stem's umlaut undone („fängt“ → fangen). Empty for a word under :data:`MIN_VERB` letters."""
    if len(word) < MIN_VERB:
        return []
    stems = [word]
    if word.endswith("st") and len(word) > MIN_VERB + 1:
        stems.append(word[:-2])
    if word.endswith("et") and len(word) > MIN_VERB + 1:
        stems.append(word[:-2])
    if word.endswith("t"):
        stems.append(word[:-1])
    if word.endswith("e"):
        stems.append(word[:-1])
    stems += [s.translate(_UMLAUT) for s in stems if s.translate(_UMLAUT) != s]
    out = [_STRONG_THIRD[word]] if word in _STRONG_THIRD else []
    if word.endswith("en"):
        out.append(word)  # a plural's form is the infinitive („alle werfen ab“)
    out += [s + "en" for s in stems] + [s + "n" for s in stems if s.endswith(("el", "er"))]
    return list(dict.fromkeys(out))


def joined_verbs(text: str, known: Callable[[str], bool]) -> list[str]:
    """The separable verbs the clauses of ``text`` split, as infinitives ``known`` accepts (the documents' words),
    each once in the order of their clauses: a clause whose last word is a separable prefix
    (:data:`bot.wordforms.PARTICLES`) joined with the first word before it that is a present form of a verb with
    that prefix, no stop word („rix maadi alle werfen ab“ → abwerfen; „greife mit drei an“ → angreifen, not
    „der“ → „anderen“). A prefix
    standing first („ab welcher Summe“) or a verb the documents lack joins nothing. Never raises; bounded by the
    text's length and :data:`MAX_CLAUSE_WORDS` a clause."""
    out: dict[str, None] = {}
    for clause in _CLAUSE.split(clean(text).lower()):
        words = _WORD.findall(clause)[-MAX_CLAUSE_WORDS:]
        if len(words) < 2 or words[-1] not in PARTICLES:
            continue
        prefix = words[-1]
        verbs = [w for w in words[:-1] if w not in PARTICLES and w not in STOP_WORDS]
        joined = next((prefix + verb for word in verbs for verb in infinitives(word) if known(prefix + verb)), None)
        if joined:
            out[joined] = None
    return list(out)


def joined_prefixes(words: list[str], joined: list[str]) -> list[str]:
    """``words`` (a question's tokens) with the last occurrence of each joined verb's prefix replaced by the verb
    (``joined``, from :func:`joined_verbs`): the prefix belongs to its verb, so the question keeps its number of
    words („ich werfe eine karte ab“ → ich, werfe, eine, karte, abwerfen). A new list; ``words`` is not changed."""
    out = list(words)
    for verb in joined:
        prefix = max((p for p in PARTICLES if verb.startswith(p) and p in out), key=len, default=None)  # vorher
        if prefix is not None and verb not in out:
            at = len(out) - 1 - out[::-1].index(prefix)
            out[at] = verb
    return out


__all__ = ["MAX_CLAUSE_WORDS", "MIN_VERB", "infinitives", "joined_prefixes", "joined_verbs"]
