"""A players' abbreviation of two senses typed alone to ``/regel suche`` (``data/players_senses.tsv``: „sb“ is the
Sideboard, 100.4, or the state-based actions, 704): nothing in the search decides between them, so the answer names
both terms first, each one click away, whatever the ranked search below leads with (its hits are mostly one sense's:
the documents explain the state-based actions far more often than the Sideboard). And a word a document means
otherwise than the term table (``data/terms_documents.tsv``: 003's „Vorrang“ is precedence): the rules listed after
the term's page leave those passages out (:func:`other_sense`)."""

from __future__ import annotations

from collections.abc import Callable

from bot.answers.terms import RULE_WORDS, uses_term
from bot.players_senses import undecided
from bot.reply import quote_user
from bot.store import PassageRecord
from bot.terms import TermMatch, senses, term_index
from bot.text import STOP_WORDS, clean, name_keys


def senses_line(search: str) -> str:
    """The line naming both terms a lone two-sense players' word of ``search`` stands for („ℹ️ „sb“ meint bei
    Spielern zweierlei: **Zustandsbasierte Aktionen** (Regel 704) oder **Sideboard** (Regel 100.4); jedes einzeln
    erklärt: `/regel suche: Zustandsbasierte Aktionen` · `/regel suche: Sideboard`“), ``""`` when the search is not
    such a word alone (stop words and rule words aside) or its senses name fewer than two terms of the table."""
    words = [w for w in clean(search[:200]).lower().split() if w not in STOP_WORDS and w not in RULE_WORDS]
    if len(words) != 1:
        return ""
    found = [term_index().lookup(" ".join(s.read)) for s in undecided(words[0])]
    terms = list({m.term.german: m.term for m in found if m is not None and m.how == "exact"}.values())
    if len(terms) < 2:
        return ""
    named = " oder ".join(f"**{t.german}** (Regel {t.rule})" for t in terms)
    single = " · ".join(f"`/regel suche: {t.german}`" for t in terms)
    return f"ℹ️ „{quote_user(words[0], 40)}“ meint bei Spielern zweierlei: {named}; jedes einzeln erklärt: {single}"


__all__ = ["senses_line"]


def other_sense(match: TermMatch) -> Callable[[PassageRecord], bool] | None:
    """For the page of the term ``match`` found: True for a passage of a document that means the matched word
    otherwise (``data/terms_documents.tsv``: 003's „Vorrang“ is precedence, 101.2 and 103.1c, not Priorität, 117)
    and does not use the term in its sense (:func:`bot.answers.terms.uses_term`), so the word search under the term's
    page lists only the passages that mean the term; None when no document means the word otherwise."""
    term = match.term
    key = name_keys(match.name)[:1]  # every row, also of a sense the term table has no term for (Precedence)
    documents = {d for sense in senses() if sense.english != term.english
                 and any(name_keys(w)[:1] == key for w in sense.words) for d in sense.documents}
    if not documents:
        return None
    names = [term.german, *term.old]
    return lambda p: p.key.split(":", 1)[0] in documents and not uses_term(p.concepts, term, names)
