"""Game terms the term table knows but no document explains (``/frage``): „wie funktioniert cascade“ finds the term
table's line on Kaskade (its English name and rule 702.85) and nothing else, since none of the bot's documents
uses the keyword. Such an answer says so in its first line (:func:`unexplained_line`), as the answer to a question
off the documents' subject does (:data:`bot.answers.off_topic.OFF_TOPIC_LINE`), instead of leading confidently with
a line that only translates the name.

A term counts as unexplained when no passage but the term table's own carries its concept
(:meth:`bot.store.passages.PassageQueries.carried_beyond`): no ruling, no mechanics section, no rule a document
quotes, no paragraph of 003, no card text (a reminder text explains its keyword) and, after ``build --cr``, no rule
or glossary entry of the Comprehensive Rules. That is the rule of ``/mechanik``'s „Die Dokumente des Bots verwenden
diesen Begriff nicht“ (:func:`bot.answers.terms.document_entries`), read from the passages' concepts.

The line is said when the question asks what something is (:attr:`bot.analysis.Analysis.definition`: „was ist
ward“, „wie funktioniert cascade“, only the name) or when its best passage is such a term's table line: a
question that names the term in passing („bekomme ich einen bonus“) and is led by another passage is not told that
the documents lack the term.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Mapping, Sequence

from bot.answers.hollow import TERM_CONCEPT
from bot.answers.off_topic import rare_concepts
from bot.concepts import term_concept
from bot.ranking import Ranked, Ranker
from bot.store import PassageRecord, Store
from bot.terms import Term, term_index

#: The kind of the term table's passages (``term:Kaskade``).
TABLE_KIND = "term"
#: Most terms one line names.
NAMED = 3


@functools.cache
def _terms() -> Mapping[str, Term]:
    """The term table's terms by their concept id (:func:`bot.concepts.term_concept`), the first row of an English
    name kept (the zone Exil before the action „ins Exil schicken“); made once per process (the table is read once,
    :func:`bot.terms.term_index`), not per question."""
    out: dict[str, Term] = {}
    for term in term_index().terms:
        out.setdefault(term_concept(term), term)
    return out


async def unexplained_terms(store: Store, found: Ranked, r: Ranker, meant: Collection[str] = ()) -> list[Term]:
    """The terms of the term table ``found``'s question names (:func:`bot.answers.off_topic.rare_concepts`, ``meant``
    as there; :data:`bot.answers.hollow.TERM_CONCEPT`) whose table line is among its candidates (``found.hits``: the
    question was read as that term, not only a compound's part of it: „blitzsturm“ holds Blitz) and that no passage
    but the table's carries, in the question's order, at most :data:`NAMED`; none when the question names a card or
    has no hits. A question that does not ask what something is gets only the term whose table line leads it (the
    module's rule).

    Raises:
        SearchIndexMissing: the store has no passage index (German "Datenbank veraltet").
    """
    if not found.hits or found.cards:
        return []
    concepts = [c for c in rare_concepts(found, r.term_weights, meant) if c.startswith(TERM_CONCEPT)]
    shown = {c for h in found.hits if h.passage.kind == TABLE_KIND for c in h.passage.concepts}
    best = found.hits[0].passage
    if not found.analysis.definition:  # named in passing: only the term whose table line leads the answer
        shown = set(best.concepts) if best.kind == TABLE_KIND else set()
    terms = _terms()
    out = [terms[c] for c in concepts if c in shown and c in terms]
    out = [t for t in out if not await store.carried_beyond(term_concept(t), TABLE_KIND)]
    return out[:NAMED]


#: The end of :func:`unexplained_line` under ``/frage``'s answer: the passages below were found for other words.
NEAREST = ", die Stellen unten sind nur die ähnlichsten"


def unexplained_line(terms: list[Term], tail: str = NEAREST) -> str:
    """The first line of an answer whose question asks about ``terms`` (:func:`unexplained_terms`), ``""`` for
    none: „🚫 Zu **Kaskade** (englisch *Cascade*, Regel 702.85) sagen die Dokumente des Bots nichts; die
    Begriffstabelle nennt nur Namen und Regelnummer, die Stellen unten sind nur die ähnlichsten.“ (``tail``: what
    follows „Regelnummer“, before the full stop; ``""`` in a comparison, whose sides are the table's lines)."""
    if not terms:
        return ""
    named = [f"**{t.german}** (englisch *{t.english}*, Regel {t.rule})" for t in terms]
    joined = named[0] if len(named) == 1 else ", ".join(named[:-1]) + " und " + named[-1]
    return f"🚫 Zu {joined} sagen die Dokumente des Bots nichts; die Begriffstabelle nennt nur Namen und " \
           f"Regelnummer{tail}."


async def unexplained_sides(store: Store, shown: Sequence[PassageRecord]) -> list[str]:
    """The line on the sides of a comparison (``shown``: each side's passage, :func:`bot.answers.compared.read_sides`)
    that are term table lines of terms no other passage carries (the module's rule), each side named once in the
    sides' order: „cascade vs ward“ → „🚫 Zu **Kaskade** (…) und **Abwehr** (…) sagen die Dokumente des Bots nichts;
    …“; [] when every side is explained.

    Raises:
        SearchIndexMissing: the store has no passage index (German "Datenbank veraltet").
    """
    terms = _terms()
    asked = [terms[c] for p in shown if p.kind == TABLE_KIND for c in p.concepts if c in terms]
    out = [t for t in dict.fromkeys(asked) if not await store.carried_beyond(term_concept(t), TABLE_KIND)]
    return [unexplained_line(out[:NAMED], "")] if out else []


__all__ = ["NAMED", "NEAREST", "TABLE_KIND", "unexplained_line", "unexplained_sides", "unexplained_terms"]
