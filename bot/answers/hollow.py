"""Answers that would be given confidently with nothing behind them (``/frage``): the best passage meets the
question only in its general words, or the question names nothing to look up.

* :func:`hollow_lead`: the question names game terms of the term table (``data/terms_de_en.tsv``; counted as
  :func:`bot.answers.off_topic.rare_concepts` counts concepts) and no card, and its best passage holds none of them:
  it shares only the question's other words with it („wie lange dauert eine runde“: a ruling on a control change
  that „dauert so lange“, nothing on turns). ``/frage`` hedges such an answer (⚖️).
* :func:`asks_only`: every content word of the question is an asking verb (:data:`bot.stopwords.ASKING_VERBS`: „was
  macht“, „wie funktioniert“, „wie geht das“ with nothing after it, also after invisible characters): it names
  nothing, and ``/frage`` asks for the name instead of answering with a passage that says „macht“.

``bench/answer_paths.py`` prints how many answers of the tuning parts (``tests/questions/{tuning,tuning2,dev}.toml``)
each rule newly hedges, and how many of those were right.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Collection
from typing import Protocol

from bot.answers.asked_words import unasked_lead
from bot.answers.off_topic import HEAD_STEM, rare_concepts
from bot.concepts import concept_id
from bot.quoted_words import PREFIX as QUOTED
from bot.ranking import Ranked, Ranker
from bot.stopwords import ASKING_VERBS, NUMBER_WORDS
from bot.text import tokens

#: How the concept ids of the term table's game terms begin (:func:`bot.terms.term_concept`); a synonym group's
#: (``zzs…``) may be a verb's forms only („nimmt“ → nehmen), which no passage needs to hold to answer.
TERM_CONCEPT = concept_id("k", "")

#: Verbs that ask how something goes without naming it („wie geht das“, „klappt das“), read as asking verbs here
#: only: in :data:`bot.stopwords.ASKING_VERBS` they would change the ranking's features.
VAGUE_VERBS = ("geht", "gehen", "klappt", "klappen", "läuft", "laeuft", "laufen")

#: How a question asks for a count (folded, lower case): „wie viele“, „wieviel“, „wie viel“, English „how many“.
COUNT_ASKED = re.compile(r"\b(?:wie\s*viel(?:e[nrs]?)?|how\s+(?:many|much))\b")
#: The words (folded tokens) that state a number in a passage besides digits: the number words of
#: :data:`bot.stopwords.NUMBER_WORDS` and counts as words („einmal“, „doppelt“). Not „ein“/„eine“ alone, which are
#: articles far more often (:data:`AS_MANY` reads them after a quantifier).
NUMBERS = frozenset(tokens(" ".join([*NUMBER_WORDS, "eins", "einmal", "zweimal", "dreimal", "doppelt", "doppelte"])))
#: Counts in words besides :data:`NUMBERS` (folded text): „so viele … wie“ gives a count by another („so viele
#: Lebenspunkte, wie …“); „höchstens eine Karte“, „genau einen“ state one, unless the article goes with an amount
#: left open („mindestens eine bestimmte Anzahl Karten“, 003's rule 100.5).
AS_MANY = re.compile(r"\bso\s+viele?\b|\b(?:hochstens|mindestens|genau|nur|maximal)\s+(?:ein|eine|einen|einem|einer)\b"
                     r"(?!\s+(?:bestimmt|beliebig|gewiss))")

_ASKING: weakref.WeakKeyDictionary[Ranker, frozenset[str]] = weakref.WeakKeyDictionary()


def _asking(r: Ranker) -> frozenset[str]:
    """The main stems of :data:`bot.stopwords.ASKING_VERBS` and :data:`VAGUE_VERBS` in ``r``'s analysis, computed
    once per ranker."""
    if (known := _ASKING.get(r)) is None:
        known = _ASKING[r] = frozenset(r.analyser.stems(v)[0] for v in (*ASKING_VERBS, *VAGUE_VERBS))
    return known


def hollow_lead(found: Ranked, r: Ranker, meant: Collection[str] = ()) -> bool:
    """True when ``found``'s question names game terms (term table concepts, :data:`TERM_CONCEPT`, among
    :func:`bot.answers.off_topic.rare_concepts`, ``meant`` as there) and no card, and its best passage holds none of
    the words naming them, neither the concept nor another term of the word (its concepts, analysed terms and
    names, :func:`_holds`: „Spieler“ holds the word „Spiel“ even where „Spiel“ was read as „spielen“). False
    without hits."""
    if not found.hits or found.cards:
        return False
    naming, unheld = _named_terms(found, r, meant)
    return bool(naming) and len(unheld) == len(naming)


def unheld_terms(found: Ranked, r: Ranker, meant: Collection[str] = ()) -> list[tuple[str, ...]]:
    """The groups (:attr:`bot.analysis.Analysis.groups`) of the question's words naming game terms (as
    :func:`hollow_lead` reads them) that ``found``'s best passage does not hold; empty without hits."""
    return _named_terms(found, r, meant)[1] if found.hits else []


def _named_terms(found: Ranked, r: Ranker, meant: Collection[str]
                 ) -> tuple[list[tuple[str, ...]], list[tuple[str, ...]]]:
    """The question's word groups naming game terms (:data:`TERM_CONCEPT` among
    :func:`bot.answers.off_topic.rare_concepts`), and those of them the best passage (at least one hit) holds no
    term of (:func:`_holds`)."""
    terms = {c for c in rare_concepts(found, r.term_weights, meant) if c.startswith(TERM_CONCEPT)}
    naming = [g for g in found.analysis.groups if terms.intersection(g)]  # the words that name them, their terms
    best = found.hits[0].passage
    held = {*best.concepts, *best.terms, *best.names}
    return naming, [g for g in naming if not any(_holds(held, t) for t in g)]


class _Read(Protocol):
    """What :func:`empty_lead` reads of a question's notes (:class:`bot.answers.unknown_notes.Notes`)."""

    @property
    def meant(self) -> Collection[str]:
        """The typed words read as another word that are German words themselves."""
        ...

    @property
    def counts(self) -> bool:
        """The question asks how many."""
        ...


def empty_lead(found: Ranked, r: Ranker, notes: _Read) -> bool:
    """True when ``found``'s best passage answers nothing of the question: it holds none of the game terms the
    question names (:func:`hollow_lead`, ``notes.meant`` as there), none of those its title does not name that are
    rarer than the one it does (:func:`bot.answers.asked_words.unasked_lead`), or states no number where the
    question asks how many (:func:`uncounted_lead`, ``notes.counts``). ``/frage`` hedges its answer then."""
    return (hollow_lead(found, r, notes.meant) or unasked_lead(found, r, notes.meant)
            or uncounted_lead(found, notes.counts))


def asks_count(question: str) -> bool:
    """True when ``question`` (as typed) asks how many: „wie viele“, „wieviel“, „how many“ (case and umlauts
    folded)."""
    return bool(COUNT_ASKED.search(" ".join(tokens(question))))


def uncounted_lead(found: Ranked, counts: bool) -> bool:
    """True when the question asks how many (``counts``, :func:`asks_count` of its text), names no card, and its
    best passage states no number: no digit, no word of :data:`NUMBERS`, no count of :data:`AS_MANY`. A card's ruling
    answers its card's count in its own words („Du erhältst so viele Lebenspunkte dazu, wie …“), so a question
    naming a card is left to the ranking. False without hits."""
    if not counts or not found.hits or found.cards:
        return False
    text = found.hits[0].passage.text
    words = tokens(text)
    return not any(w.isdigit() or w in NUMBERS for w in words) and not AS_MANY.search(" ".join(words))


def defined_lead(found: Ranked) -> bool:
    """True when ``found``'s question asks what one mechanic is (:attr:`bot.analysis.Analysis.definition`, in
    German or English: „was macht spuk“, „what does haunt do“, „how does convoke work“), names no card and exactly
    one term of the term table (:data:`TERM_CONCEPT`: „zzkhaunt“ for Spuk), and its best passage is a paragraph
    of that mechanic's section the ranking took for its definition (the ``definition`` feature): that answers the
    question, however close the next candidate (often the same mechanic's quoted rule). ``/frage`` then leads
    without the ⚖️ hedge."""
    a = found.analysis
    if not found.hits or found.cards or not a.definition:
        return False
    best = found.hits[0]
    keywords = {c for c in a.concepts if c.startswith(TERM_CONCEPT)}
    return (best.passage.kind == "mechanic" and best.parts.get("definition", 0.0) > 0 and len(keywords) == 1
            and keywords <= set(best.passage.concepts))


def _holds(held: set[str], term: str) -> bool:
    """True when ``held`` (a passage's terms) has ``term``, or a term that begins or ends with it (a stem of at least
    :data:`bot.answers.off_topic.HEAD_STEM` letters): a derived word or a compound („spiel“ in „spieler“, „richt“ in
    „schiedsricht“)."""
    return term in held or (len(term) >= HEAD_STEM and any(h.startswith(term) or h.endswith(term) for h in held))


def asks_only(found: Ranked, r: Ranker) -> bool:
    """True when the question has content words, every one of them an asking verb („macht“, „funktioniert“), and
    it names no card, no rule number, no quoted word (:mod:`bot.quoted_words`: „wer ist mit 'du' gemeint“ asks
    about „du“) and no concept by a name of stop words only (:meth:`bot.analysis.Analysis.other_groups`: „was heißt
    ins Spiel bringen“, „was heißt im Spiel“, old names of the term table): it asks about something it does not
    name."""
    a = found.analysis
    if not a.words or found.cards or a.numbers or any(t.startswith(QUOTED) for t in a.terms):
        return False
    if any(t.startswith("zz") for g in a.other_groups() for t in g):  # „im Spiel“ names Schlachtfeld
        return False
    asking = _asking(r)
    return all(r.analyser.stems(w)[0] in asking for w in a.words)


__all__ = ["AS_MANY", "COUNT_ASKED", "NUMBERS", "TERM_CONCEPT", "VAGUE_VERBS", "asks_count", "asks_only",
           "defined_lead", "empty_lead", "hollow_lead", "uncounted_lead", "unheld_terms"]
