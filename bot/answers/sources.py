"""How every answer names where a passage comes from: the document and its date, one formula for all answers.

``Ravnica: Stadt der Gilden – Häufig gestellte Fragen, 30.08.2005`` for a ruling of 001; the document alone where
it carries no date (003, the German rules explanation); the term table (``data/terms_de_en.tsv``), which has no
date of its own, names the Comprehensive Rules its rule numbers are of (:data:`TABLE_SOURCE`).
"""

from __future__ import annotations

from bot.reply import Action, format_date
from bot.store.passages import PassageRecord
from bot.text import shorten

#: The official rules' name as the answers cite them (``Comprehensive Rules vom 17.04.2026``, :func:`cr_source`).
CR_NAME = "Comprehensive Rules"

#: The term table's source line (its rule numbers are those of the Comprehensive Rules of 2026-04-17).
TABLE_SOURCE = "Begriffstabelle Deutsch–Englisch (Comprehensive Rules vom 17.04.2026)"


def cr_source(date: str) -> str:
    """``"2026-04-17"`` → ``"Comprehensive Rules vom 17.04.2026"``: a rules file named by its effective date."""
    return f"{CR_NAME} vom {format_date(date)}"


def footer_source(p: PassageRecord) -> str:
    """The document an answer's footer names for ``p`` (its date follows from ``p.date``); a row of the term table,
    which has no date of its own, names the Comprehensive Rules its rule numbers are of (:data:`TABLE_SOURCE`)."""
    return TABLE_SOURCE if p.kind == "term" else p.source


def passage_source(p: PassageRecord) -> str:
    """The document and date an answer names for ``p``: ``Ravnica: Stadt der Gilden – Häufig gestellte Fragen,
    30.08.2005``; the document alone where it has no date (003); a term row as :func:`footer_source`."""
    date = format_date(p.date)
    return footer_source(p) + (f", {date}" if date else "")

def footer_sources(passages: list[PassageRecord]) -> tuple[str, str]:
    """The footer's source and date of a page that quotes ``passages`` (the one it shows whole first): one
    document, its :func:`footer_source` and its date; several (a page with the change register's rows quoting other
    documents' „Früher“), each document once in order with its own date, ``Zwietracht – Häufig gestellte Fragen
    (17.03.2006) · Ravnica: Stadt der Gilden – Häufig gestellte Fragen (30.08.2005)``, and no date of the page."""
    named = dict.fromkeys((footer_source(p), p.date or "") for p in passages)
    if len({source for source, _date in named}) <= 1:
        return next(iter(named), ("", ""))
    return " · ".join(f"{source} ({format_date(date)})" if date else source for source, date in named), ""


#: The source of a page built from the change register alone (documents citing a rule under an old number).
REGISTER_SOURCE = "Änderungsregister des Bots (data/changes.toml)"


#: Characters of a passage's text that tell its button apart from another of the same title (:attr:`Action.detail`).
DETAIL_CHARS = 60


def passage_button(p: PassageRecord, number: int | None = None, width: int = 60) -> Action:
    """A button that opens the passage whole (``rb:passage:<key>``): its title cut to ``width`` characters (with
    ``number`` before it when given), and as its :attr:`bot.reply.Action.detail` its text's first words, shown
    where another button under the page has the same title (001's two sections „Geteilte Karten“)."""
    label = shorten(p.title, width)
    return Action(label=f"{number}. {label}" if number is not None else label, action="passage", arg=p.key,
                  detail=shorten(" ".join(p.text.split()), DETAIL_CHARS))
