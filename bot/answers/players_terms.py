"""A players' word typed to ``/regel suche`` as the term it stands for: „prio“ opens the page of Priorität (117) as
„Priorität“ does, „sba“ the page of Zustandsbasierte Aktionen (704), „mv“ and „cmc“ Manawert (202.3), „etb“ Auf das
Schlachtfeld bringen (603.6a), „kontern“ Neutralisieren (701.6), „flicker“ Ins Exil schicken (701.13), „tapped“
Tappen und Enttappen (701.26).

A word stands for a term when the question's analysis reads it as the documents' words of one term
(``data/players_words.tsv``: „prio“ → „priorität“, :func:`bot.players_words.read`) or when it is a word of a synonym
group that stands for one term of the table (``data/synonyms.tsv``: „sba“ of the group „zustandsbasiert“,
:func:`bot.shorthand.group_term`; of the terms of one concept, the one whose names the group holds most). Only a
search the term table does not find as typed is read so, and only a search that is then the term as a whole (a
``exact`` or ``form`` match: „prio“, not „prio abgeben“, which the ranked search answers as before). An abbreviation
of two senses („sb“: Sideboard or state-based actions) stands for no one term and stays the ranked search.
"""

from __future__ import annotations

from functools import cache

from bot.concepts import term_concept
from bot.players_words import read
from bot.shorthand import group_terms, names_spelled
from bot.terms import Term, TermMatch, synonyms, term_index
from bot.text import canonical, fold, tokens
from bot.textsearch import SynonymGroup

#: How a match must find the read search: as the whole term (its name or a form of it), not inside more words.
WHOLE = frozenset({"exact", "form"})


@cache
def _group_words() -> dict[str, str]:
    """One-word patterns of the synonym groups that stand for a term (folded, one spelling) → the German name of
    that term. A concept of several terms (*Exile*: the action Ins Exil schicken, 701.13, and the zone Exil, 406;
    *Counter*: Neutralisieren, 701.6, and Marke, 122) is the term of which the group spells the most names, when one
    has more than every other (:func:`bot.shorthand.names_spelled`: „exil“ 7 of the action against 3 of the zone,
    „neutralisieren“ 3 of Neutralisieren against 1 of Marke); else none."""
    terms = term_index().terms
    by_concept: dict[str, list[Term]] = {}
    for term in terms:
        by_concept.setdefault(term_concept(term), []).append(term)
    out: dict[str, str] = {}
    for group, concept in group_terms(synonyms(), terms):
        named = _most_spelled(group, by_concept.get(concept, [])) if concept is not None else None
        if named is None:
            continue
        for name in group.names:
            if len(tokens(name)) == 1:
                out.setdefault(canonical(fold(name.casefold())), named.german)
    return out


def _most_spelled(group: SynonymGroup, terms: list[Term]) -> Term | None:
    """The one of ``terms`` (of one concept) of which ``group`` spells more names than of each other, None for a
    tie."""
    counts = sorted(((names_spelled(group, t), n) for n, t in enumerate(terms)), reverse=True)
    if not counts or (len(counts) > 1 and counts[0][0] == counts[1][0]):
        return None
    return terms[counts[0][1]]


def players_lookup(query: str) -> TermMatch | None:
    """The term a ``/regel`` search of players' words names as a whole (see the module doc), None when it names
    none so or the term table finds the search as typed (:meth:`bot.terms.TermIndex.lookup` answers it then). A
    word of a group that stands for a term is read as that term before a reading of ``data/players_words.tsv``
    („flicker“: Ins Exil schicken, 701.13, where its reading „exil“ alone would be the zone)."""
    words = [w.casefold() for w in tokens(query)]
    if not words or len(words) > 3:
        return None
    group = _group_words()
    read_words = read([group.get(canonical(fold(w)), w) for w in words], query)
    if read_words == words:
        return None
    match = term_index().lookup(" ".join(read_words))
    return match if match is not None and match.how in WHOLE else None


__all__ = ["WHOLE", "players_lookup"]
