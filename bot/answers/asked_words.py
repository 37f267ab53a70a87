"""A lead that speaks of what the question names but not of what it asks (``/frage``): „Zählt Schneemana für
kumulative Versorgung?“ led, unhedged, by a ruling on cumulative upkeep's choices („Verschiedenste
Auswahlmöglichkeiten sind mit Kumulativer Versorgung möglich …“) that names no snow mana.

The question's game terms (words naming a concept of the term table, ``data/terms_de_en.tsv``: :func:`subject_groups`)
are what it speaks of. The best passage's title (a card's or section's name) naming one of them makes that term its
subject; a game term of the question rarer than that one (``log(N / df)`` as the ranking weighs it: more specific,
„Schneemana“ against „Kumulative Versorgung“) is what the question asks of it. When the best passage's text holds none
of those (:func:`unasked_lead`), it answers another question on the same subject, and ``/frage`` hedges it (⚖️,
:func:`bot.answers.hollow.empty_lead`). A commoner term the title does not name („Gegner“, „Name“ beside a section
„Fehde“ or „Geteilte Karten“) is a word of the situation, not what is asked, and a lead's title that names none of the
question's terms leaves the decision to the other rules.

A word counts as held by its own stem or a concept it names (not by a compound part: „Schneemana“ is not held by
every passage that says „Manafarbe“), or by a compound ending in that stem
(:data:`bot.answers.off_topic.HEAD_STEM` letters or more). Measured on the tuning parts (docs/ranking.md ¹⁵⁸): no
clear answer of them newly hedged.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from bot.answers.off_topic import HEAD_STEM, typed_groups
from bot.concepts import concept_id
from bot.ranking import Ranked, Ranker
from bot.store import PassageRecord

#: How the concept ids of the term table's game terms begin (:func:`bot.terms.term_concept`).
SUBJECT = concept_id("k", "")


def subject_groups(found: Ranked, r: Ranker, meant: Collection[str] = ()) -> list[tuple[tuple[str, ...], float]]:
    """The question's words naming a game term (a :data:`SUBJECT` concept), in its order, each as the terms a
    passage holds it by (its own stem, the group's first term, and the concepts it names) with its weight
    (``log(N / df)`` of the rarest of those a passage holds, :attr:`bot.ranking.Ranker.term_weights`); not a word
    read as another German word (``meant``, :func:`bot.answers.unknown_notes.meant_words`) nor one no passage holds."""
    concepts = set(found.analysis.concepts)
    out = []
    for group, typed in typed_groups(found, meant):
        own = tuple(t for i, t in enumerate(group) if i == 0 or t in concepts)
        known = [r.term_weights[t] for t in own if t in r.term_weights]
        if typed and known and any(c.startswith(SUBJECT) for c in own[1:]):
            out.append((own, max(known)))
    return out


def holds(terms: Collection[str], own: Sequence[str]) -> bool:
    """True when ``terms`` (a passage's analysed terms and concepts, or its title's terms) hold a word whose own
    terms are ``own``: one of them, or a compound ending in its stem of at least :data:`HEAD_STEM` letters."""
    return any(t in terms or (len(t) >= HEAD_STEM and not t.startswith("zz") and any(h.endswith(t) for h in terms))
               for t in own)


def text_holds(p: PassageRecord, own: Sequence[str]) -> bool:
    """True when ``p``'s text (its analysed terms or concepts) holds the word ``own`` (:func:`holds`)."""
    return holds(p.terms | set(p.concepts), own)


def unasked_lead(found: Ranked, r: Ranker, meant: Collection[str] = ()) -> bool:
    """True when a question naming no card names game terms (:func:`subject_groups`), its best hit's title holds
    some of them, and its text holds none of the others that are rarer than those: it speaks of the subject its
    title names, not of what the question asks of it (the module's doc). False without hits."""
    if not found.hits or found.cards:
        return False
    best = found.hits[0].passage
    subject = subject_groups(found, r, meant)
    titled = [w for own, w in subject if holds(best.names, own)]  # the question's game terms the lead's title names
    if not titled:
        return False
    asked = [own for own, w in subject if not holds(best.names, own) and w > max(titled)]
    return bool(asked) and not any(text_holds(best, own) for own in asked)


__all__ = ["SUBJECT", "holds", "subject_groups", "text_holds", "unasked_lead"]
