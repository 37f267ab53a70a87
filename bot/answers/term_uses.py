"""Where the documents' rules use a term that no ruling and no mechanics section uses (``/regel suche``'s term page,
:func:`bot.answers.terms.term_reply`): 003's explanation of the rules writes „Match“ (100.4, 100.6a, 103.1), which no
FAQ ruling does. The page lists those passages instead of saying that the documents do not use the term: a claim
about the documents is checked against the store's text before it is made.
"""

from __future__ import annotations

import re

from bot.answers.registry import AnswerContext
from bot.answers.sources import passage_button, passage_source
from bot.explanation_naming import named_passages
from bot.reply import Action, quote_user
from bot.snippets import sentences
from bot.store import PassageRecord
from bot.terms import Term, term_concept
from bot.text import fold, shorten

#: The key of a passage of a document of the bot (``data/sources``: ``003:55``, ``001:26``); term rows
#: (``term:Match``), the official rules (``cr:100.6``, ``glossary:…``) and a card file's passages are none.
DOCUMENT_KEY = re.compile(r"\d{3}:")
#: Most passages listed, and most read from the index (the documents' passages only, in passage order).
USES_SHOWN = 4
USES_READ = 50
#: Characters of the sentence quoted from each passage.
USE_QUOTE = 220


def _sentence(text: str, names: list[str]) -> str:
    """The first sentence of ``text`` that holds one of ``names`` (folded, inside a word too: „Matches“), else the
    first; at most :data:`USE_QUOTE` characters."""
    keys = [fold(n) for n in names if n]
    parts = sentences(text)  # the snippets' sentence ends: never inside a quotation
    found = next((s for s in parts if any(k in fold(s) for k in keys)), parts[0] if parts else "")
    return shorten(found, USE_QUOTE)


async def rule_text_uses(ctx: AnswerContext, term: Term) -> tuple[list[str], list[Action]]:
    """The passages of the bot's documents (:data:`DOCUMENT_KEY`) that use ``term`` in its sense (their text carries
    the term's concept, :func:`bot.terms.term_concept`, or their title does: 003:233 „Regelerklärung – saga“;
    :meth:`bot.store.Store.term_uses`, as :func:`bot.answers.unexplained.used_beyond_table` reads them; at most
    :data:`USES_SHOWN` of the first :data:`USES_READ`, in document order: the term table's lines are none of them,
    so 003:231's „Schlüsselwortfähigkeit“ is found though every keyword's table line carries that concept too): a
    German line each („• Regel 100.6a (Erklärung) (Magic-Regelwerk auf Deutsch …): Turniere bestehen meist aus einer
    Reihe von Matches.“) and a button to each passage; both empty when none does."""
    concept = term_concept(term)
    found = await ctx.store.term_uses(concept, documents=True, limit=USES_READ)
    titled = {u.id for u in found if u.in_title}
    records = await ctx.store.passages(u.id for u in found)
    uses: list[PassageRecord] = await named_passages(ctx.store, sorted(
        (p for p in records.values() if DOCUMENT_KEY.match(p.key) and (concept in p.concepts or p.id in titled)),
        key=lambda p: (p.key.partition(":")[0], int(p.key.partition(":")[2] or 0)))[:USES_SHOWN])
    names = [term.german, term.english, *term.old]
    lines = [f"• {p.title} ({passage_source(p)}): {quote_user(_sentence(p.text, names), USE_QUOTE + 10)}"
             for p in uses]
    actions = [passage_button(p, width=80) for p in uses]
    return lines, actions


__all__ = ["DOCUMENT_KEY", "USES_SHOWN", "rule_text_uses"]
