"""Passages that answer nothing however well they match (the ranker's lowest prior, :mod:`bot.ranking`): a pointer
elsewhere („Siehe auch …“) or a bare heading (000's rule 701.19 printed as only „Fehden“)."""

from __future__ import annotations

from bot.store import PassageRecord

#: Kinds whose passage is a name with what it stands for (a term row, a card's text, a glossary entry): never a
#: bare heading (:func:`answers_nothing`), however short.
TITLE_KINDS = frozenset({"term", "card", "glossary"})
#: Most words of a passage without a sentence that is only a heading ("Kumulative Versorgung").
HEADING_WORDS = 4


def answers_nothing(p: PassageRecord) -> bool:
    """True for a passage that only points elsewhere ("Siehe auch …", under 200 characters) or is only a heading: a
    rule, explanation, section or ruling of at most :data:`HEADING_WORDS` words and no sentence (000's rule 701.19
    printed as „Fehden“, 001's rule 502.46 as „Einberufen“): it matches a question's term as well as a passage can
    and answers nothing of it."""
    if p.text.startswith("Siehe ") and len(p.text) < 200:
        return True
    short = p.kind not in TITLE_KINDS and len(p.text) < 80 and len(p.text.split()) <= HEADING_WORDS
    return short and not any(c in p.text for c in ".:!?")


__all__ = ["HEADING_WORDS", "TITLE_KINDS", "answers_nothing"]
