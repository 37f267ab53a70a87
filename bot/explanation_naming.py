"""Names of the entries of the German rules explanation (document 003) as every answer shows them.

An entry is named as ``/regel`` names it (:attr:`bot.rule_catalog.Explanation.label`: its rule number,
``Regel 111.10q (Erklärung)``, or its uncertain number or text start) and, where its „Begriffe…“ trailer names
glossary terms, by those terms in German (``Regel 103.1 (Erklärung) – Startspieler``): 003 prints the terms in
English, the German comes from the term table (``data/terms_de_en.tsv``) and, for the few terms it does not pair,
from ``data/explanation_terms.tsv``. A page that shows both gives the English in parentheses
(``Startspieler (starting player)``).

One place names an entry: here, when an answer shows it (:func:`named_passages`, :func:`named_found`,
:func:`passage_name`), and when the card lookup reads a name 003 prints (:mod:`bot.name_mentions`, which the build
runs too: so this module stands below the answers). The store's passages keep their built title („Regel 103.1
(Erklärung)“, „Regelerklärung“) only for the ranking, which reads its analysed words; no answer shows it. The name
says what the passage is, so ``/frage`` shows it alone in the title, the heading, the candidate line and the button
(:data:`SELF_NAMED`: no kind added, no „Regelerklärung (Dokument 003)“ after „(Erklärung)“; the document is named by
the source beside it). An entry's page is :func:`bot.answers.explanation_names.explanation_page`.
"""


from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from bot.paths import DATA_DIR, tsv_rows
from bot.rule_catalog import Explanation, RuleCatalog, catalog
from bot.store import PassageRecord, Store
from bot.terms import term_index

if TYPE_CHECKING:  # the ranking is imported by the answers that rank, not by a card's page
    from bot.ranking import Ranked

EXPLANATION_TERMS_PATH = DATA_DIR / "explanation_terms.tsv"
#: Passage kinds whose shown name (:func:`passage_name`) says their kind: an answer adds no kind label to it.
SELF_NAMED = frozenset({"explanation"})


@cache
def german_terms(path: Path = EXPLANATION_TERMS_PATH) -> dict[str, str]:
    """English glossary term (case-folded) → its German name: the term table's pairs (``color`` → ``Farbe``),
    then the rows of ``data/explanation_terms.tsv`` (``player`` → ``Spieler``).

    Raises:
        ValueError: naming the line, for a row of the file without its three columns.
    """
    out = {t.english.casefold(): t.german for t in term_index().terms}
    for n, cols in list(tsv_rows(path))[1:]:  # below the header row
        if len(cols) != 3 or not cols[0].strip() or not cols[1].strip():
            raise ValueError(f"explanation_terms.tsv Zeile {n}: english, german, note erwartet")
        out[cols[0].strip().casefold()] = cols[1].strip()
    return out


def german_term(english: str, both: bool = False) -> str:
    """The German name of a glossary term 003 prints in English (``"starting player"`` → ``"Startspieler"``; with
    ``both`` ``"Startspieler (starting player)"``); a term no table pairs stays as printed."""
    german = german_terms().get(english.casefold())
    if german is None:
        return english
    return f"{german} ({english})" if both else german


def term_names(terms: Sequence[str], both: bool = False) -> str:
    """The terms of an entry in German, comma-separated (:func:`german_term`); ``""`` for none."""
    return ", ".join(dict.fromkeys(german_term(t, both) for t in terms))


def explanation_name(e: Explanation) -> str:
    """``Regel 103.1 (Erklärung) – Startspieler``: the entry's label (:attr:`Explanation.label`) and its terms in
    German; the label alone for an entry without terms (``Regel 111.10q (Erklärung)``)."""
    terms = term_names(e.terms)
    return f"{e.label} – {terms}" if terms else e.label


def passage_name(cat: RuleCatalog, p: PassageRecord) -> str:
    """The name an answer shows for passage ``p``: an explanation's :func:`explanation_name` (found by its id in
    ``cat``), any other passage's title as built."""
    e = cat.explanation(p.ref_id) if p.kind == "explanation" and p.ref_id is not None else None
    return explanation_name(e) if e is not None else p.title


async def named_passages(store: Store, passages: Sequence[PassageRecord]) -> list[PassageRecord]:
    """``passages`` with each explanation's title replaced by its name (:func:`passage_name`); copies, the store's
    records stay as built."""
    if not any(p.kind == "explanation" for p in passages):
        return list(passages)
    cat = await catalog(store)
    return [replace(p, title=passage_name(cat, p)) if p.kind == "explanation" else p for p in passages]


async def named_found(store: Store, found: Ranked) -> Ranked:
    """``found`` with its hits' passages named (:func:`named_passages`); scores and order unchanged."""
    passages = await named_passages(store, [h.passage for h in found.hits])
    hits = [h if h.passage is p else replace(h, passage=p) for h, p in zip(found.hits, passages, strict=True)]
    return replace(found, hits=hits)


__all__ = ["EXPLANATION_TERMS_PATH", "SELF_NAMED", "explanation_name", "german_term", "german_terms", "named_found",
           "named_passages", "passage_name", "term_names"]
