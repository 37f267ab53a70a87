"""The parts of one German word the analysis reads against the documents' vocabulary (:mod:`bot.analysis`, steps
4 and 6 of its module doc): the verb of a participle or present-tense form (``gewirkt`` → ``wirken``,
``aufgedeckt`` → ``aufdecken``, ``tappst`` → ``tappen``) and the parts of a compound (``Kampfschadenssegment`` →
kampf, schaden, segment; linking ``s``/``es``/``n``/``en``/``e``).

Pure functions of a lower-case word and the store's :class:`bot.vocabulary.Vocabulary` (which words the documents
hold, how often); nothing here imports discord or the store.
"""

from __future__ import annotations

from bot import stopwords as lists
from bot.stopwords import STOP_WORDS
from bot.vocabulary import Vocabulary

#: Shortest word split into compound parts, and shortest part.
MIN_COMPOUND, MIN_PART = 8, 4
_MANNER, _LINKS = "weise", ("", "s", "es", "n", "en", "e")  # German adverbs' ending (``teilweise``); linking letters
#: Letters a verb in ``-ieren`` has before ``ier`` at least (``kontroll|ieren``, ``kop|ieren``; not ``v|iert``).
_IER_ROOT = 3
#: Fewest letters of a strong verb's present form with ``-t`` read as its infinitive (:func:`changed_vowel_verb`:
#: ``hält`` → halten; ``-st`` one more: ``gibst`` → geben).
_SHORTEST = 4


def participle_verb(word: str, vocab: Vocabulary) -> str | None:
    """The verb of a participle or present-tense form the documents know: ``gewirkt`` → ``wirken``,
    ``aufgedeckt`` → ``aufdecken``, ``ausgelöst`` → ``auslösen`` (a stem in ``-s``: aus|ge|lös|t), ``auszulösen`` →
    ``auslösen`` (a zu-infinitive), ``gemischte`` → ``mischen``, ``bezahlt`` → ``bezahlen``, ``tappst`` → ``tappen``
    (None when the documents lack the verb, :meth:`Vocabulary.knows`); a verb in ``-ieren`` by :func:`ieren_verb`,
    also where the documents never print its infinitive; a strong verb's changed vowel last, by
    :func:`changed_vowel_verb` (``verlässt`` → ``verlassen``); a weak preterite's ``du`` and ``ihr`` forms as its
    ``-t`` (``wirktest``, ``wirktet`` → ``wirken``). A strong verb's preterite or participle („brachte“, „gebracht“)
    is not read as its infinitive (docs/ranking.md ⁷⁴)."""
    base = word
    for ending in ("en", "er", "es", "em", "e"):  # inflected participles: gemischte, gewirkten
        if base.endswith("t" + ending):
            base = base[: -len(ending)]
            break
    # tappst → tappt, opferst → opfert; then as it stands, a stem in -s: ausgelöst (aus|ge|lös|t), gefasst
    bases = [base[:-2] + "t", base] if base.endswith("st") and len(base) >= 6 else [base]
    if word.endswith(("test", "tet")) and base == word:  # a weak preterite's du/ihr first: wirktest, wirktet → wirkt
        bases.insert(0, word[: -3 if word.endswith("test") else -2])
    for base in bases:
        if not (base.endswith("t") or base.endswith("en")) or len(base) < 5:
            continue  # a strong verb's short form („hält“, below); None for most short words
        ieren = ieren_verb(base, vocab)
        if ieren is not None:
            return ieren
        verb = _prefixed_verb(base, vocab)
        if verb is not None:
            return verb
    return changed_vowel_verb(word, vocab)


def _prefixed_verb(base: str, vocab: Vocabulary) -> str | None:
    """The infinitive the documents know of ``base`` (a form in ``-t`` or ``-en``, its inflection taken off) read
    with its ``ge-`` (``gewirkt``), its separable prefix's ``ge`` (``aufgedeckt`` → aufdecken) or ``zu``
    (``auszulösen`` → auslösen) taken out, or as it stands (``bezahlt``); None when the documents hold none."""
    cores = [base]
    if base.startswith("ge"):
        cores.append(base[2:])
    if base.startswith(lists.SEPARABLE_GE):  # one call of C for the many words without a separable prefix and ge
        cores += [p + base[len(p) + 2 :] for p in lists.SEPARABLE_PREFIXES if base.startswith(p + "ge")]
    if base.startswith(lists.SEPARABLE_ZU):  # a zu-infinitive: auszulösen = aus + zu + lösen
        cores += [p + base[len(p) + 2 :] for p in lists.SEPARABLE_PREFIXES if base.startswith(p + "zu")]
    for core in reversed(cores):
        for verb in (core[:-1] + "en", core[:-1] + "n", core):
            if len(verb) >= 5 and verb.endswith("n") and vocab.knows(verb):
                return verb
    return None


#: The endings of an ``-ieren`` verb's forms after its ``-ier`` (kontrollier|st, kontrollier|t, kontrollier|te …).
_IEREN_ENDINGS = ("t", "st", "en", "e", "te", "ten", "tes", "ter", "tem", "end", "ende", "enden")


def ieren_verb(base: str, vocab: Vocabulary) -> str | None:
    """The infinitive of an ``-ieren`` verb's form (``base``: the word with an inflected participle's ending and
    ``-st`` read as ``-t``, as :func:`participle_verb` makes it; ``…iert`` or the infinitive ``…ieren``) when the
    documents hold some form of that verb, its infinitive or not: ``kontrolliert``, ``kontrollierst`` and
    ``kontrollieren`` → ``kontrollieren`` (001 writes „die du kontrollierst“ 82 times and never the infinitive;
    Snowball leaves ``-t`` and ``-st`` after ``r`` on the word, so the forms fell apart). Such verbs are weak and
    regular (no ``ge-``, no vowel change), so the infinitive is certain; a form of a verb the documents hold no form
    of (a typo, „kontroliert“) gets None and stays for the spelling repair."""
    if not base.endswith(("iert", "ieren")) or base.rfind("ier") < _IER_ROOT or not base.isalpha():
        return None
    stem = base[: base.rfind("ier") + 3]  # kontrollier
    if any(vocab.knows(stem + ending) for ending in _IEREN_ENDINGS):
        return stem + "en"
    return None


#: Declension endings of German adjectives and nouns an other form of a word may differ by (:func:`other_form`);
#: not „er“: „feder“ is no form of „fede“ (a slip of „Fehde“), „Spieler“ none of „spielen“.
_DECLENSION = ("en", "es", "em", "e", "n", "s")
#: Fewest letters of a word's base without its ending (:func:`other_form`: „alt“ of „alten“).
_SHORTEST_BASE = 3


def other_form(word: str, vocab: Vocabulary) -> str | None:
    """A word of the documents that is another declined form of the lower-case ``word`` (the same base of three
    letters or more, with another or no ending of :data:`_DECLENSION`): „alten“ → „alte“ (001: „die alte
    Regel“), so the spelling repair does not read „alten“ as the documents' „arten“; None when the documents
    hold no such form („fede“ keeps its repair to „fehde“), nor for a stop word, which is not declined („fürn“ is
    „für den“, not a form of „für“). Bounded: at most 6 × 7 look-ups."""
    for ending in _DECLENSION:
        if not word.endswith(ending) or len(word) - len(ending) < _SHORTEST_BASE:
            continue
        base = word[: -len(ending)]
        found = next((f for f in (base, *(base + e for e in _DECLENSION))
                      if f != word and f not in STOP_WORDS and vocab.knows(f)), None)
        if found is not None:
            return found
    return None


#: The vowels: a letter that is none of them is a consonant a slip may have typed once for twice
#: (:func:`double_slips`).
_VOWEL_LETTERS = frozenset("aeiouäöüy")


def double_slips(word: str) -> list[str]:
    """The spellings of ``word`` (lower case) one double-letter slip away, from the word's start: one of its single
    consonants typed twice (``getapten`` → ``getappten``; never the first letter, nor a consonant beside its twin)
    and, after them, one of its doubled letters typed once (``getapppt`` → ``getappt``). Each is one edit of the
    slip repair's budget (:func:`slip_repair`)."""
    doubled = [word[: i + 1] + word[i:] for i in range(1, len(word)) if word[i].isalpha()
               and word[i] not in _VOWEL_LETTERS and word[i] not in (word[i - 1], word[i + 1: i + 2])]
    single = [word[:i] + word[i + 1:] for i in range(1, len(word)) if word[i] == word[i - 1]]
    return [*doubled, *single]


def slip_repair(word: str, vocab: Vocabulary, forms: list[str] | None = None) -> str | None:
    """The documents' word the lower-case ``word`` (which they do not print) is a slip of, within the repair's
    budget (1 edit under :data:`bot.vocabulary.LONG_TYPO` letters, 2 from there), or None. One measure of the slips:
    a dropped, added, wrong or two swapped letters are one edit each (:meth:`Vocabulary.nearest`: ``fede`` →
    „fehde“, ``gewint`` → „gewinnt“, ``einberfen`` → „einberufen“, ``bibliotek`` → „bibliothek“); a spelling one
    double letter off (:func:`double_slips`) spends one edit too, and is read as the documents print it or in
    another declined form of it (:func:`other_form`; the ending is no edit, as for a word typed without a slip):
    ``getapten`` → „getappten“ → 001's „getappt“, which optimal string alignment puts two edits away („getappte“:
    a p added, the n dropped). The nearest word wins; a double-letter spelling only when no word is within the
    budget of the word as typed, the first that fits from the word's start. ``forms``: ``restore_umlauts(word)``
    when the caller has it. Bounded: one rapidfuzz pass per spelling measured, at most ``len(word)`` × (1 + 6 × 7)
    look-ups."""
    found = vocab.nearest(word, forms)
    if found is not None:
        return found
    for spelt in double_slips(word):  # one edit spent: the rest of a short word's budget is none
        if spelt not in STOP_WORDS and vocab.knows(spelt):
            return spelt
        if (declined := other_form(spelt, vocab)) is not None:
            return declined
    return None


#: A strong verb's present stem with its vowel changed, and the infinitive's vowel (verlässt → verlassen, fällt →
#: fallen, läuft → laufen, stirbt → sterben, vergibt → vergeben, sieht → sehen, nimmt → nehmen; „ie“ only before „h“:
#: „anliegt“ is anliegen, not anlegen).
_VOWELS = (("äu", "au"), ("ä", "a"), ("ö", "o"), ("ü", "u"), ("imm", "ehm"), ("ieh", "eh"), ("i", "e"))


def changed_vowel_verb(word: str, vocab: Vocabulary) -> str | None:
    """The infinitive the documents hold of a strong verb's second or third person (``-st``/``-t``), whose present
    stem changes its vowel: ``verlässt`` → ``verlassen``, ``übernimmst`` → ``übernehmen``, ``stirbt`` →
    ``sterben``, ``enthält`` → ``enthalten`` (the stem's own ``t`` merged with the ending). The last vowel of the
    stem is changed back (:data:`_VOWELS`); None when the documents hold no such infinitive, for a word shorter
    than four letters (``-t``) or five (``-st``) and for a stop word: ``hält`` → ``halten``, ``gibst`` → ``geben``;
    ``gibt``, ``gilt``, ``wirst`` are stop words, not read."""
    for ending in ("st", "t"):
        if not word.endswith(ending) or len(word) < _SHORTEST - 1 + len(ending) or word in STOP_WORDS:
            continue
        stem = word[: -len(ending)]
        for changed, vowel in _VOWELS:
            at = stem.rfind(changed)
            if at < 0 or at < len(stem) - len(changed) - 3:  # the vowel of the last syllable only
                continue
            core = stem[:at] + vowel + stem[at + len(changed):]
            for verb in (core + "en", core + "ten", core + "n"):
                if vocab.knows(verb):
                    return verb
    return None


def compound_parts(word: str, vocab: Vocabulary, depth: int = 0) -> list[str]:
    """The parts of a compound the store's vocabulary holds (``eismarken`` → eis, marken; each part at least
    :data:`MIN_PART` letters at the tail, three at the head, no stop word), or [] (a word under
    :data:`MIN_COMPOUND` letters, not all letters, or no cut into known parts; at most two levels deep)."""
    if len(word) < MIN_COMPOUND or depth > 1 or not word.isalpha():
        return []
    if word.endswith(_MANNER) and _part(word[: -len(_MANNER)], vocab):  # "teilweise": in the manner of its head
        return [word[: -len(_MANNER)]]
    best: list[str] = []
    for cut in range(len(word) - MIN_PART, 2, -1):  # longest tail first: "kampfschadens|segment"
        head, tail = word[:cut], word[cut:]
        if not _part(tail, vocab):
            continue
        for link in _LINKS:
            if link and not head.endswith(link):
                continue
            stem = head[: len(head) - len(link)] if link else head
            if len(stem) >= 3 and stem not in STOP_WORDS and _part(stem, vocab):
                return [stem, *compound_parts(stem, vocab, depth + 1), tail]
            if not best and len(stem) >= MIN_COMPOUND:
                inner = compound_parts(stem, vocab, depth + 1)
                if inner:
                    best = [*inner, tail]
    return best


def _part(word: str, vocab: Vocabulary) -> bool:
    """True when ``word`` may be a compound's part: three letters or more, in the documents, no stop word."""
    return len(word) >= 3 and vocab.words.get(word, 0) > 0 and word not in STOP_WORDS


__all__ = ["MIN_COMPOUND", "MIN_PART", "changed_vowel_verb", "compound_parts", "ieren_verb", "other_form",
           "participle_verb"]
