"""The page of an entry of the German rules explanation (document 003): :func:`explanation_page`, titled by the
entry's name (:mod:`bot.explanation_naming`, where every answer's names of 003's entries are made, below the
answers: the card lookup, which the build runs, reads them too; the names are importable from here as well).
"""

from __future__ import annotations

from bot.answers.today_index import TodayIndex
from bot.answers.today_notes import explanation_notice
from bot.explanation_naming import (
    EXPLANATION_TERMS_PATH,
    SELF_NAMED,
    explanation_name,
    german_term,
    german_terms,
    named_found,
    named_passages,
    passage_name,
    term_names,
)
from bot.reply import Field, Page
from bot.rule_catalog import Explanation


def explanation_page(index: TodayIndex, e: Explanation) -> Page:
    """One explanation entry: text, examples, its older terms (:func:`bot.answers.today_notes.explanation_notice`),
    its terms in German with the English 003 prints, its references; titled by its rule number and German terms;
    its footer names document 003 (:attr:`bot.reply.Page.source`), also among pages of other documents."""
    parts = [e.text]
    parts += [f"_Beispiel:_ {ex}" for ex in e.examples]
    note = explanation_notice(index, "\n".join(parts))
    parts += [note] if note else []
    fields = []
    if e.terms:
        fields.append(Field(name="Begriffe", value=term_names(e.terms, both=True), inline=True))
    if e.see_also:
        fields.append(Field(name="Siehe auch", value=", ".join(e.see_also), inline=True))
    return Page(title=explanation_name(e), body="\n\n".join(parts), fields=fields, source=e.document.title)


__all__ = ["EXPLANATION_TERMS_PATH", "SELF_NAMED", "explanation_name", "explanation_page", "german_term",
           "german_terms", "named_found", "named_passages", "passage_name", "term_names"]
