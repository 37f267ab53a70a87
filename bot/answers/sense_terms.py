"""A players' abbreviation of two senses typed alone to ``/regel suche`` (``data/players_senses.tsv``: „sb“ is the
Sideboard, 100.4, or the state-based actions, 704): nothing in the search decides between them, so the answer names
both terms first, each one click away, whatever the ranked search below leads with (its hits are mostly one sense's:
the documents explain the state-based actions far more often than the Sideboard)."""

from __future__ import annotations

from bot.answers.terms import RULE_WORDS
from bot.players_senses import undecided
from bot.reply import quote_user
from bot.terms import term_index
from bot.text import STOP_WORDS, clean


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
