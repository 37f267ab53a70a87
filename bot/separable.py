"""A separable verb a question writes apart, read as the verb a concept's name has: „handelt … ab“ as „abhandeln“
(the term table's old name of Verrechnen, Resolve, 608), „löse … aus“ as „auslösen“ (synonym group ``ausloesen``),
„fügt … zu“ as „zufügen“, „fängt … an“ as „anfangen“, the spoken „kommt … rein“ as „reinkommen“. German main
clauses put the finite verb early and its prefix last (``bot.wordforms.verb_forms`` writes the same order for the
mechanics' verbs), so the prefix is read only where its clause ends: before a punctuation mark, at the end of the
question or before a word that begins a new clause (:data:`CLAUSE_STARTS`), and the verb only a few words before it
(:data:`REACH`). A prefix that is the preposition of its clause („spielst du die Kreatur aus der Hand“) stands before
its noun, not at the clause's end.

Pure functions of the question's words; the lemma and the names come from the analyser (:mod:`bot.analysis`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection

from bot.stopwords import SEPARABLE_PREFIXES
from bot.text import clean, fold

#: Most words between a finite verb and its prefix at the end of the clause („handelt sich der Zauber dann ab“: 4).
REACH = 6
#: Words that begin a new clause, so a prefix before them ends its own („fängt an und …“, „löst aus wenn …“).
CLAUSE_STARTS = frozenset({"und", "oder", "aber", "wenn", "falls", "dann", "was", "wie", "wann", "weil", "bevor",
                           "nachdem", "sobald", "obwohl", "damit", "sodass", "kann", "darf", "muss", "wird", "bzw"})
#: The spoken prefix players write for „herein“ („kommt … rein“, „legt … rein“): joined like the others where a
#: concept's name has the verb (data/synonyms.tsv: „reinkommen“, „reinlegen“). Not „raus“: „wann kommt das nächste
#: set raus“ asks when a set is published, not what enters the battlefield.
SPOKEN_PREFIXES = ("rein",)
_PREFIXES = frozenset((*SEPARABLE_PREFIXES, *SPOKEN_PREFIXES))
#: A word as the question's tokens are (:func:`bot.text.tokens`), with group ``end`` when it ends a clause: a
#: punctuation mark or the end of the text after it.
_CLAUSE_END = re.compile(r"([^\W_]+)(?P<end>\s*(?:[,.;:!?)]|$))?")


def clause_ends(text: str) -> dict[str, list[bool]]:
    """Each word of ``text`` (folded as the question's tokens, :func:`bot.text.tokens`) → per occurrence, in order,
    whether it ends a clause (a punctuation mark or the text's end after it): „spielt die karte aus der hand, löst
    das aus?“ → ``"aus": [False, True]``. Linear in ``text``."""
    ends: dict[str, list[bool]] = {}
    for m in _CLAUSE_END.finditer(fold(clean(text))):
        ends.setdefault(m.group(1), []).append(m.group("end") is not None)
    return ends


def _infinitives(word: str, lemma: Callable[[str], str]) -> list[str]:
    """The infinitives ``word`` may be a finite form of: its ``lemma`` („fängt“ → fangen), and a weak verb's present
    and preterite read back („löse“, „löst“, „fügte“ → lösen, fügen; „handele“ → handeln). A strong verb's
    preterite („fing“, „kam“) is not read: its changed vowel is no ending to take off."""
    out = [lemma(word), word]
    for ending in ("test", "ten", "tet", "te", "st", "t", "e", "en"):
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            out.append(word[: -len(ending)] + "en")
    return [*out, *(v[:-2] + "n" for v in out if v.endswith(("elen", "eren")))]


def joined(words: list[str], text: str, lemma: Callable[[str], str], names: Collection[str]) -> list[str]:
    """``words`` (a question's lower-case tokens, ``text`` as typed) with each finite verb whose separable prefix
    ends its clause replaced by the infinitive with the prefix (``["handelt", "der", "zauber", "ab"]`` →
    ``["abhandeln", "der", "zauber", "ab"]``) where ``names`` (the concepts' name words) hold that infinitive;
    ``lemma`` gives a word's infinitive (``handelt`` → ``handeln``). The prefix stays (a stop word). A prefix ends its
    clause by its own position (:func:`clause_ends`, the n-th occurrence of the word in ``words`` is the n-th in
    ``text``): „spielt … aus der hand, … löst das aus?“ joins no „ausspielen“. Linear in the words: each prefix looks
    back at most :data:`REACH` words."""
    if _PREFIXES.isdisjoint(words):
        return words
    ends = clause_ends(text)
    out = list(words)
    seen: dict[str, int] = {}  # occurrences of each prefix so far: the n-th in the words is the n-th in the text
    for j, prefix in enumerate(words):
        if prefix not in _PREFIXES:
            continue
        nth = seen[prefix] = seen.get(prefix, -1) + 1
        after = words[j + 1] if j + 1 < len(words) else None
        at_end = nth < len(ends.get(prefix, ())) and ends[prefix][nth]  # this occurrence, not another of the word
        if not (after is None or after in CLAUSE_STARTS or at_end):
            continue
        for i in range(j - 1, max(-1, j - 1 - REACH), -1):
            verb = next((prefix + v for v in _infinitives(words[i], lemma) if prefix + v in names), None)
            if verb is not None and words[i].isalpha():
                out[i] = verb
                break
    return out


__all__ = ["CLAUSE_STARTS", "REACH", "SPOKEN_PREFIXES", "clause_ends", "joined"]
