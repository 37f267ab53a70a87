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

import weakref
from collections.abc import Collection

from bot.answers.off_topic import HEAD_STEM, rare_concepts
from bot.concepts import concept_id
from bot.quoted_words import PREFIX as QUOTED
from bot.ranking import Ranked, Ranker
from bot.stopwords import ASKING_VERBS

#: How the concept ids of the term table's game terms begin (:func:`bot.terms.term_concept`); a synonym group's
#: (``zzs…``) may be a verb's forms only („nimmt“ → nehmen), which no passage needs to hold to answer.
TERM_CONCEPT = concept_id("k", "")

#: Verbs that ask how something goes without naming it („wie geht das“, „klappt das“), read as asking verbs here
#: only: in :data:`bot.stopwords.ASKING_VERBS` they would change the ranking's features.
VAGUE_VERBS = ("geht", "gehen", "klappt", "klappen", "läuft", "laeuft", "laufen")

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
    terms = {c for c in rare_concepts(found, r.term_weights, meant) if c.startswith(TERM_CONCEPT)}
    naming = [g for g in found.analysis.groups if terms.intersection(g)]  # the words that name them, their terms
    best = found.hits[0].passage
    held = {*best.concepts, *best.terms, *best.names}
    return bool(naming) and not any(_holds(held, t) for g in naming for t in g)


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


__all__ = ["TERM_CONCEPT", "VAGUE_VERBS", "asks_only", "defined_lead", "hollow_lead"]
