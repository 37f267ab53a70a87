"""Game terms the term table knows but no document explains (``/frage``): „wie funktioniert cascade“ finds the term
table's line on Kaskade (its English name and rule 702.85) and nothing else, since none of the bot's documents
uses the keyword. Such an answer says so in its first line (:func:`unexplained_line`), as the answer to a question
off the documents' subject does (:data:`bot.answers.off_topic.OFF_TOPIC_LINE`), instead of leading confidently with
a line that only translates the name.

A term counts as unexplained when no passage but the term table's own carries its concept
(:func:`used_beyond_table`, :meth:`bot.store.Store.term_uses`): no ruling, no mechanics section, no rule a document
quotes, no paragraph of 003, no card text (a reminder text explains its keyword) and, after ``build --cr``, no rule
or glossary entry of the Comprehensive Rules, in its text or title. That is the rule of ``/regel suche``'s „Die
Dokumente des Bots verwenden diesen Begriff nicht“ (:func:`bot.answers.terms.document_entries`,
:func:`bot.answers.term_uses.rule_text_uses`), read from the same look-up of the passages' concepts.

The line is said when the question asks what something is (:attr:`bot.analysis.Analysis.definition`: „was ist
ward“, „wie funktioniert cascade“, only the name), when its best passage is such a term's table line, or when a word
typed is the term's name and no word of ordinary German („deathtouch beim blocken“, „verbündung“: a player means
the term by it): a question that names the term in passing by an everyday word („bekomme ich einen bonus“) and is
led by another passage is not told that the documents lack the term. A card the ranking reads in the question
only through such a term's name („verbündung“ and „Verbunden im Schmerz“ share a stem) does not silence the line;
a card's name in a document's text was never a use of the term (:mod:`bot.passage_concepts` reads no concept
there). A comparison names each side no document explains (:func:`unexplained_sides`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection, Mapping, Sequence

from bot.answers.hollow import TERM_CONCEPT
from bot.answers.off_topic import rare_concepts
from bot.answers.register_terms import QUOTED, register_mentions
from bot.concepts import term_concept
from bot.german_words import german_dictionary_async
from bot.ranking import Ranked, Ranker
from bot.reply import in_quotes
from bot.store import PassageRecord, Store
from bot.terms import Term, term_index
from bot.text import shorten

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
    as there; :data:`bot.answers.hollow.TERM_CONCEPT`) that it asks about and that no passage but the table's
    carries, in the question's order, at most :data:`NAMED`; none when the question has no hits or names a card by
    a word that is no such term's name (:func:`_card_named`: „verbündung“ is Banding, not a word of „Verbunden im
    Schmerz“). Asked about: a term whose table line is among the candidates (``found.hits``: the question was read
    as that term, not only a compound's part of it: „blitzsturm“ holds Blitz), or that a word typed names and only
    names (:func:`_game_words`: „deathtouch“); a question that does not ask what something is, only a term whose
    table line leads it or a game word names („deathtouch beim blocken“; not „bekomme ich einen bonus“, an
    ordinary word: the module's rule).

    Raises:
        SearchIndexMissing: the store has no passage index (German "Datenbank veraltet").
    """
    if not found.hits:
        return []
    concepts = [c for c in rare_concepts(found, r.term_weights, meant) if c.startswith(TERM_CONCEPT)]
    terms = _terms()
    game = await _game_words(found.analysis.words, {c for c in concepts if c in terms})
    if await _card_named(store, found, r, set(game)):
        return []
    shown = {c for h in found.hits if h.passage.kind == TABLE_KIND for c in h.passage.concepts}
    best = found.hits[0].passage
    if not found.analysis.definition:  # named in passing: only the term whose table line leads the answer
        shown = set(best.concepts) if best.kind == TABLE_KIND else set()
    shown |= set(game.values())
    out = [terms[c] for c in concepts if c in shown and c in terms]
    out = [t for t in out if not await used_beyond_table(store, t)]
    return out[:NAMED]


async def used_beyond_table(store: Store, term: Term) -> bool:
    """True when a passage but the term table's own lines (:data:`TABLE_KIND`) carries ``term``'s concept
    (:func:`bot.concepts.term_concept`) in its text or title (:meth:`bot.store.Store.term_uses`): a ruling, a
    mechanics section, a card's or the official rules' text (``zzkstorm`` in 001:3060; not ``zzkcascade``, only
    ``term:Kaskade``).

    Raises:
        SearchIndexMissing: the store has no passage index (German "Datenbank veraltet").
    """
    return bool(await store.term_uses(term_concept(term), besides=(TABLE_KIND,), limit=1))


#: How the term look-up reads a word as a term's name of its own (:meth:`bot.terms.TermIndex.lookup`): as written or
#: a form of it, not a word inside a longer name or a slip.
_OWN_NAME = ("exact", "form")


async def _game_words(words: Sequence[str], concepts: Collection[str]) -> dict[str, str]:
    """The question's ``words`` (as read) that name a term of ``concepts`` on their own (:data:`_OWN_NAME`) and are
    no word of ordinary German (:meth:`bot.german_words.GermanDictionary.has`, the word itself, not two joined):
    game words a player means only as the term („deathtouch“, „todesberührung“, „verbündung“; not „bonus“,
    „kaskade“, „abwehr“, which a sentence may use in their everyday sense), each with its term's concept id. The
    dictionary is read only when a word names such a term."""
    if not concepts:
        return {}
    index = term_index()
    named = {}
    for word in dict.fromkeys(words):
        match = index.lookup(word)
        if match is not None and match.how in _OWN_NAME and term_concept(match.term) in concepts:
            named[word] = term_concept(match.term)
    if not named:
        return {}
    ordinary = await german_dictionary_async()
    return {w: c for w, c in named.items() if not ordinary.has(w)}


async def _card_named(store: Store, found: Ranked, r: Ranker, term_words: set[str]) -> bool:
    """True when ``found``'s question names a card (:attr:`bot.ranking.Ranked.cards`) by a word other than the
    ``term_words`` (:func:`_game_words`): a card whose name shares a stem (:meth:`bot.analysis.Analyser.stems`) only
    with such words („verbündung“ and „Verbunden im Schmerz“ share ``verbund``) is the ranking's reading of the
    term's name, not a card asked about; a card named otherwise (a mention, its name) is."""
    if not found.cards:
        return False
    stem = r.analyser.stems
    typed = {stem(w)[0]: w for w in found.analysis.words}
    for card_id in found.cards:
        card = await store.card(card_id)
        if card is None:
            return True
        met = {typed[s] for s in (stem(w.lower())[0] for w in _NAME_WORD.findall(card.name)) if s in typed}
        if not met or not met <= term_words:
            return True
    return False


#: A word of a card's name (letters and digits).
_NAME_WORD = re.compile(r"[^\W_]+")


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


async def unexplained_verdict(store: Store, terms: list[Term], tail: str = NEAREST) -> str:
    """The lines on ``terms`` (:func:`unexplained_terms`), ``""`` for none: a term the change register's statements
    name (:func:`bot.answers.register_terms.register_mentions`) is said with the first such note, as the bot holds
    it („ℹ️ **Mahlen** (englisch *Mill*, Regel 701.17) steht in keinem Dokument des Bots, nur in seinen Hinweisen:
    zu Abschnitt „Ausgraben“: „… heute mit „millen“ statt „auf den Friedhof legen““), the others by
    :func:`unexplained_line` (``tail`` as there).

    Raises:
        SearchIndexMissing: the store has no passage index (German "Datenbank veraltet").
    """
    lines, bare = [], []
    for term in terms:
        mentions = await register_mentions(store, term)
        if not mentions:
            bare.append(term)
            continue
        first = mentions[0]
        lines.append(f"ℹ️ **{term.german}** (englisch *{term.english}*, Regel {term.rule}) steht in keinem Dokument "
                     f"des Bots, nur in seinen Hinweisen: zu {first.where}: {in_quotes(shorten(first.text, QUOTED))}"
                     f" (alle: `/regel suche: {term.german}`){tail}.")
    return "\n".join([unexplained_line(bare, tail), *lines]).strip()


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
    out = [t for t in dict.fromkeys(asked) if not await used_beyond_table(store, t)]
    return [unexplained_line(out[:NAMED], "")] if out else []


__all__ = ["NAMED", "NEAREST", "TABLE_KIND", "unexplained_line", "unexplained_sides", "unexplained_terms",
           "unexplained_verdict", "used_beyond_table"]
