"""Terms that no document uses but the bot's own notes name: the change register's statements of today
(``data/changes.toml``: a row's „today“, a cited number's note) may say a term the documents never print. 001's
Ausgraben (502.47a) drew cards' worth of cards „auf den Friedhof“; the register says the rule is today written
„mit „millen““, so Mahlen (Mill, 701.17) is named there and nowhere in the documents. An answer about such a term
points to these notes (:func:`register_mentions`) instead of saying that the bot holds nothing on it.

A statement names a term when one of its words is the term's name or a form of it (:meth:`bot.terms.TermIndex.lookup`,
tiers ``exact`` and ``form``: „millen“ is a form of Mill), as a question's word is read.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.answers.registry import UserError
from bot.answers.today_index import TodayIndex, today_index
from bot.concepts import term_concept
from bot.reply import Action, in_quotes, quote_user
from bot.store import Store
from bot.terms import Term, term_index
from bot.text import shorten, tokens

#: How the term look-up must read a statement's word for it to name a term (no word inside a name, no slip).
_NAMES = ("exact", "form")
#: Longest statement quoted in a line (characters).
QUOTED = 300


@dataclass(frozen=True)
class RegisterMention:
    """One of the register's statements that names a term: ``where`` it stands in German („Abschnitt „Ausgraben““,
    „Regel 502.47a (Ravnica – Häufig gestellte Fragen, heute 702.52a)“), its ``text`` as the register words it, and
    the button to the entry it is about (None for a cited number: its quote has no page of its own)."""

    where: str
    text: str
    action: Action | None = None

    def line(self) -> str:
        """The German list line: „• Hinweis zu Abschnitt „Ausgraben“: Die Regel steht heute …“."""
        return f"• Hinweis zu {self.where}: {shorten(self.text, QUOTED)}"


def _named(text: str) -> set[str]:
    """The concept ids (:func:`bot.concepts.term_concept`) of the terms ``text``'s words name (:data:`_NAMES`); a
    word some document uses as no term (``data/terms_documents.tsv``: 001's „Leere“ is a card's name, and the
    register speaks of 001's entries) names none."""
    index = term_index()
    out = set()
    for word in dict.fromkeys(tokens(text)):
        match = index.lookup(word)
        if match is None or match.how not in _NAMES:
            continue
        if all(t is not None for t, _s, _w in index.document_senses(word)):
            out.add(term_concept(match.term))
    return out


async def _mentions(store: Store, index: TodayIndex) -> dict[str, list[RegisterMention]]:
    """Every term concept id → the register's statements naming it, rows (each with the entries it is tied to)
    before cited numbers, each in the register's order."""
    titles = {m.id: m.title for m in await store.mechanic_sections()}
    out: dict[str, list[RegisterMention]] = {}
    for row in index.changes.values():
        mentions = [RegisterMention(f"Abschnitt {in_quotes(titles[i])}", row.today,
                                    Action(label=f"Mechanik: {titles[i]}", action="mechanic", arg=str(i)))
                    for kind, i in index.entries_by_change.get(row.key, []) if kind == "mechanic" and i in titles]
        for concept in _named(row.today):
            out.setdefault(concept, []).extend(mentions or [RegisterMention(in_quotes(row.what), row.today)])
    for cited in index.cited:
        if cited.note:
            today = f", heute {cited.today}" if cited.today else ""
            mention = RegisterMention(f"Regel {cited.number} ({cited.title}{today})", cited.note)
            for concept in _named(cited.note):
                out.setdefault(concept, []).append(mention)
    return out


async def register_mentions(store: Store, term: Term) -> list[RegisterMention]:
    """The register's statements that name ``term`` (the module's rule), each once, in the order of
    :func:`_mentions`; made once per store (:meth:`bot.store.Store.memo`). ``/regel suche: millen`` → the note on
    section Ausgraben („… heute mit „millen“ statt „auf den Friedhof legen““) and on rule 502.47a („Heute „millen“.“).

    Raises:
        SearchIndexMissing: the store has no passage index (German "Datenbank veraltet").
    """
    index = await today_index(store)
    found = await store.memo("register_terms", lambda: _mentions(store, index))
    once = {(m.where, m.text): m for m in reversed(found.get(term_concept(term), []))}  # the first of each kept
    return list(reversed(once.values()))


async def register_search(store: Store, text: str) -> UserError | None:
    """The German reply to a ruling search that found nothing (``/ruling suche: millen``) when ``text`` names a term
    (:data:`_NAMES`) that the register's notes name (:func:`register_mentions`): the notes that name it and buttons
    to their entries, instead of „nichts gefunden“, saying whether a document's rule or explanation uses the term
    (``kartentyp``: 003 does, no ruling) or no document does (``millen``); None otherwise (that reply stays).

    Raises:
        SearchIndexMissing: the store has no passage index (German "Datenbank veraltet").
    """
    match = term_index().lookup(text) if len(text) <= MAX_NAME else None
    if match is None or match.how not in _NAMES:
        return None
    term = match.term
    mentions = await register_mentions(store, term)
    if not mentions:
        return None
    named = f"**{term.german}** (englisch *{term.english}*, Regel {term.rule})"
    # a document's rule or explanation may use the term where no ruling does (003 on Kartentyp): then only the
    # rulings lack it, and the rule search is where its passages are
    ruled = await store.term_uses(term_concept(term), documents=True, besides=("term",), limit=1)
    said = (f"Kein Ruling verwendet {named}; die Regeln der Dokumente nennen es (`/regel suche: {term.german}`), "
            "die Hinweise des Bots ebenso:\n" if ruled else
            f"Die Dokumente des Bots verwenden {named} nicht; die Hinweise des Bots nennen es:\n")
    return UserError(f"Kein Ruling zu „{quote_user(text, 80)}“", said + "\n".join(m.line() for m in mentions),
                     actions=[m.action for m in mentions if m.action is not None])


#: Longest search read as a term's name (characters; the term table's longest names are shorter).
MAX_NAME = 80


__all__ = ["MAX_NAME", "QUOTED", "RegisterMention", "register_mentions", "register_search"]
