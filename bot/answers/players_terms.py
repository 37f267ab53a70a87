"""A players' word typed to ``/regel suche`` as the term it stands for: „prio“ opens the page of Priorität (117) as
„Priorität“ does, „sba“ the page of Zustandsbasierte Aktionen (704), „mv“ and „cmc“ Manawert (202.3), „etb“ Auf das
Schlachtfeld bringen (603.6a), „kontern“ Neutralisieren (701.6).

A word stands for a term when the question's analysis reads it as the documents' words of one term
(``data/players_words.tsv``: „prio“ → „priorität“, :func:`bot.players_words.read`) or when it is a word of a synonym
group that stands for one term of the table (``data/synonyms.tsv``: „sba“ of the group „zustandsbasiert“,
:func:`bot.shorthand.group_term`). Only a search the term table does not find as typed is read so, and only a
search that is then the term as a whole (a ``exact`` or ``form`` match: „prio“, not „prio abgeben“, which the
ranked search answers as before). An abbreviation of two senses („sb“: Sideboard or state-based actions) stands
for no one term and stays the ranked search.
"""

from __future__ import annotations

from functools import cache

from bot.players_words import read
from bot.shorthand import group_terms, term_concept
from bot.terms import TermMatch, synonyms, term_index
from bot.text import canonical, fold, tokens

#: How a match must find the read search: as the whole term (its name or a form of it), not inside more words.
WHOLE = frozenset({"exact", "form"})


@cache
def _group_words() -> dict[str, str]:
    """One-word patterns of the synonym groups that stand for a term (folded, one spelling) → the German name of
    that term, for a concept of one term only (the concept *Exile* is the zone and the action: two terms, none)."""
    terms = term_index().terms
    by_concept: dict[str, list[str]] = {}
    for term in terms:
        by_concept.setdefault(term_concept(term), []).append(term.german)
    out: dict[str, str] = {}
    for group, concept in group_terms(synonyms(), terms):
        if concept is None or len(by_concept.get(concept, ())) != 1:
            continue
        for name in group.names:
            if len(tokens(name)) == 1:
                out.setdefault(canonical(fold(name.casefold())), by_concept[concept][0])
    return out


def players_lookup(query: str) -> TermMatch | None:
    """The term a ``/regel`` search of players' words names as a whole (see the module doc), None when it names
    none so or the term table finds the search as typed (:meth:`bot.terms.TermIndex.lookup` answers it then)."""
    words = [w.casefold() for w in tokens(query)]
    if not words or len(words) > 3:
        return None
    read_words = read(words)
    group = _group_words()
    read_words = [group.get(canonical(fold(w)), w) for w in read_words]
    if read_words == words:
        return None
    match = term_index().lookup(" ".join(read_words))
    return match if match is not None and match.how in WHOLE else None


__all__ = ["WHOLE", "players_lookup"]
