"""Records shared by the importer and the running bot (neither side owns them).

The running bot never imports :mod:`bot.importer` (tests/test_layers.py); what both sides need lives
here, in :mod:`bot.text` and in :mod:`bot.keywords`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class KeywordRow:
    """One row of ``data/keywords_de_en.tsv``: German ↔ English term, old number as printed, today's rule.

    Read by :func:`bot.importer.align.read_keyword_table`, stored in the ``keywords`` table and returned
    as is by :meth:`bot.store.Store.keywords`.
    """

    german: str
    english: str
    kind: str
    old_number: str | None
    source: str
    cr_number: str | None
    note: str = ""


@dataclass
class RuleMatch:
    """Where an old rule number went in a newer CR.

    ``new`` is None when nothing matched. ``score`` is 0..100 (100 for title matches),
    ``method`` one of ``section-title``, ``section-content`` (renamed section, never certain),
    ``rule-title``, ``text-identical`` (same folded text, found anywhere),
    ``text-loose`` (word overlap, never certain), ``text``, ``text-section`` (found outside its matched
    parent), ``none``,
    and for FAQ keyword numbers ``keyword-table`` / ``keyword-table-parent``.
    ``runner_up`` is the second-best candidate's number, if any.
    """

    old: str
    new: str | None
    score: float
    method: str
    certain: bool
    runner_up: str | None = None
