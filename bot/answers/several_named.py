"""Several things named where one is answered at a time: none of them is dropped without a word.

* ``/mechanik name: Spuk und Blutdurst`` (also ``Spuk, Blutdurst``, ``Spuk Blutdurst``, ``spuk oder ausgraben``):
  :func:`listed_mechanics` reads each name, ``/mechanik`` answers each on its own pages (the first :data:`MAX_NAMED`;
  the others named in the first line, each with a button);
* ``/karte name: Boros-Rekrut und Szadek``, ``/ruling karte: …``: :func:`several_cards` offers each card;
* ``/frage frage: Was ist Spuk? Und wie funktioniert Blutdurst?``, ``Was macht Szadek und was macht Tamanoa?``:
  :func:`asked_apart` names the questions the answer answers — the one its best passage is about, and the one on an
  abolished rule whose change register rows lead the page („Und was ist Manabrand“) — and those it does not, with a
  button to each.

A whole name of one thing (``Mehrfarbig und Einfarbig``, ``Hybrid und Halbe-Halbe``, ``Krims // Krams``) is read as
that one thing first: only a text the one-name readings do not read whole is split.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.answers.card_picks import card_choices
from bot.answers.mechanic_finder import Found, MechanicFinder, mechanic_finder
from bot.answers.registry import AnswerContext, UserError
from bot.model import ChangeRow
from bot.reply import Action, quote_user
from bot.rule_catalog import parse_number
from bot.search import NameHit, NameIndex
from bot.store import CardRecord, PassageRecord, Store
from bot.text import canonical, tokens

#: Where a list of names splits: a comma, semicolon, „&“ or „+“, or „und“, „oder“, „sowie“ between words (never the
#: „//“ of a split card's name).
LIST_BREAK = re.compile(r"\s*[,;&+]\s*|\s+(?:und|oder|sowie|bzw\.?)\s+", re.IGNORECASE)
#: Where a question splits into the questions it asks: after „?“ or „!“, or before „und“/„oder“ that opens another
#: question („…, und was macht Tamanoa?“, „… und wie funktioniert Blutdurst“).
QUESTION_BREAK = re.compile(
    r"[?!]+\s*|,?\s+(?:und|oder|aber)\s+(?=(?:was|wie|wann|wer|wen|wem|warum|wieso|weshalb|wo|welche\w*)\b)",
    re.IGNORECASE)
#: How the mechanics' finder read a whole text when the text is no one name (a term inside it, a fuzzy title).
LOOSE = ("inside", "fuzzy")


def listed(text: str) -> list[str]:
    """The names a list ``text`` holds, split at :data:`LIST_BREAK` (``"Spuk, Blutdurst"`` → ``["Spuk",
    "Blutdurst"]``), empty pieces left out; ``[text]`` when it holds no separator."""
    return [p.strip() for p in LIST_BREAK.split(text) if p.strip()]


def listed_mechanics(finder: MechanicFinder, typed: str) -> list[tuple[str, Found]]:
    """The names of several mechanics ``typed`` lists, each with what it names (:meth:`MechanicFinder.resolve`;
    ``Found()`` for a piece naming nothing, said as not found); ``[]`` when ``typed`` is one name: the whole text
    read as a title, a beginning, a form or a term (``Mehrfarbig und Einfarbig``, ``beruft ein``), or no piece naming
    a thing, or one thing named by every piece. Pieces are split at :data:`LIST_BREAK`, else at spaces where every
    word names a section or keyword exactly (``Spuk Blutdurst``, not ``Schnee Manasymbol``)."""
    whole = finder.resolve(typed)
    if (whole.sections or whole.term is not None) and whole.how not in LOOSE:
        return []
    pieces = listed(typed)
    if any(parse_number(p) is not None for p in typed.replace(",", " ").split()):
        return []  # rule numbers („702.51b 709.4“): /mechanik offers the section of each (_offer_each_number)
    read = [(p, finder.resolve(p)) for p in (pieces if len(pieces) > 1 else typed.split())]
    if len(pieces) < 2 and any(f.how or not (f.sections or f.term) for _p, f in read):
        return []  # split at spaces only where each word is exactly a name
    named = {named_title(finder, f) for _p, f in read} - {""}
    # a list of one name and pieces naming nothing („Spuk und xyzzy“) is answered too, the pieces said
    return read if len(named) >= 2 or (named and any(not named_title(finder, f) for _p, f in read)) else []


def named_title(finder: MechanicFinder, found: Found) -> str:
    """What ``found`` names, one string per thing (the first section's title, or the keyword), ``""`` for none."""
    if found.sections:
        return finder.sections[found.sections[0]].title
    return found.term.german if found.term is not None else ""


#: Most mechanics one ``/mechanik`` answers, each on its own pages (as ``/frage`` looks up at most
#: :data:`bot.answers.asked_rules.MAX_ASKED` rule numbers): a list of twenty names would be a hundred pages. The
#: others are named in the first line, each with a button (:func:`mechanics_line`, :func:`named_action`).
MAX_NAMED = 5


def mechanics_line(names: list[tuple[str, int]], missing: list[str], rest: Sequence[str] = (),
                   buttons: bool = True) -> str:
    """The first line of an answer to several mechanics: ``names`` each with the page it starts on (1 = first),
    ``missing`` the pieces naming none (escaped here): „ℹ️ 2 Mechaniken genannt, jede auf eigenen Seiten: **Spuk**
    (Seite 1), **Blutdurst** (Seite 4).“; one name: „ℹ️ Gezeigt: **Spuk**. Keine Mechanik gefunden zu „xyzzy“.“
    (:func:`listed_mechanics`). ``rest``: the names beyond :data:`MAX_NAMED`, not shown, each named after the shown
    ones („… **Wallung** (Seite 20) und 7 weitere, nicht gezeigt: **Bergung**, … (je ein Knopf unten).“); ``buttons``
    False when not every one of them has its button under the page (the line then names the command)."""
    each = ", ".join(f"**{name}** (Seite {page})" for name, page in names)
    if rest:
        how = "je ein Knopf unten" if buttons else "je einzeln mit `/mechanik name: …`"
        named = ", ".join(f"**{r}**" for r in rest)
        line = (f"ℹ️ {len(names) + len(rest)} Mechaniken genannt, höchstens {MAX_NAMED} auf einmal, jede auf eigenen "
                f"Seiten: {each} und {len(rest)} weitere, nicht gezeigt: {named} ({how}).")
    elif len(names) > 1:
        line = f"ℹ️ {len(names)} Mechaniken genannt, jede auf eigenen Seiten: {each}."
    else:
        line = f"ℹ️ Gezeigt: **{names[0][0]}**."
    if missing:
        line += " Keine Mechanik gefunden zu " + ", ".join(f"„{quote_user(m, 40)}“" for m in missing) + "."
    return line


def named_action(finder: MechanicFinder, found: Found) -> Action:
    """The button to what ``found`` names (:func:`named_title`): its first section (``rb:mechanic:<id>``, as the
    box offers a title of several sets once), else its keyword (``rb:mechanic_pick:<German name>``). ``found`` names
    something."""
    if found.sections:
        m = finder.sections[found.sections[0]]
        return Action(label=f"Mechanik: {m.title}", action="mechanic", arg=str(m.id))
    assert found.term is not None  # a keyword: named_title gave its name
    return Action(label=f"Mechanik: {found.term.german}", action="mechanic_pick", arg=found.term.german)


async def several_cards(ctx: AnswerContext, query: str, choice: str = "card") -> UserError | None:
    """The error for a typed card name that is a list of several cards' names (``Boros-Rekrut und Szadek``): each
    card as a choice running ``choice`` (``card`` or ``rulings``), the pieces that name no card said; None when
    fewer than two pieces (:func:`listed`) name a card clearly (:meth:`bot.search.NameIndex.lookup`, which reads a
    leading article)."""
    pieces = listed(query)
    if len(pieces) < 2:
        return None
    hits: dict[int, NameHit] = {}
    missing: list[str] = []
    for piece in pieces:
        hit = ctx.names.lookup(piece).hit
        if hit is None:
            missing.append(piece)
        else:
            hits.setdefault(hit.card_id, hit)
    if len(hits) < 2:
        return None
    names = "\n".join(f"• {h.card_name}" for h in hits.values())
    body = f"{len(hits)} Karten genannt; die Antwort zeigt eine auf einmal, jede mit ihrem Knopf unten:\n{names}"
    if missing:
        body += "\nKeine Karte gefunden zu " + ", ".join(f"„{quote_user(m, 40)}“" for m in missing) + "."
    return UserError(f"Mehrere Karten genannt: „{quote_user(query, 80)}“", body,
                     choices=card_choices(list(hits.values()), choice))


@dataclass(frozen=True)
class Asked:
    """One question of several in ``/frage`` and what it names: ``text`` as typed, the ``cards`` and ``sections`` it
    names, each ``(id, name)`` (ids of the store); ``rows``: True when it asks about an abolished rule whose change
    register rows lead the answer (:func:`bot.answers.abolished.asked_rows`: „Und was ist Manabrand“)."""

    text: str
    cards: tuple[tuple[int, str], ...] = ()
    sections: tuple[tuple[int, str], ...] = ()
    rows: bool = False

    def about(self, p: PassageRecord) -> bool:
        """True when passage ``p`` is of a card or section this question names."""
        return any(i == p.card_id for i, _name in self.cards) or any(
            i == p.mechanic_id or title == p.title for i, title in self.sections)


def questions(question: str) -> list[str]:
    """The questions ``question`` asks, split at :data:`QUESTION_BREAK`: ``"Was ist Spuk? Und wie funktioniert
    Blutdurst?"`` → ``["Was ist Spuk", "Und wie funktioniert Blutdurst"]``; a piece without words is left out."""
    return [p.strip() for p in QUESTION_BREAK.split(question) if tokens(p)]


#: How a capitalised word typed alone names a card in a question of several (:meth:`bot.search.NameIndex.named`):
#: its whole name or its short name (CR 201.5c: „Szadek“), never a slip of one.
NAMED_ALONE = ("exact", "short")


def asked_each(finder: MechanicFinder, names: NameIndex | None, question: str,
               cards: Sequence[CardRecord], rows_of: Callable[[str], bool] | None = None) -> list[Asked]:
    """The questions of ``question`` (:func:`questions`) with what each names: of ``cards`` (those the ranking read
    in the whole question) those whose first name word the question holds, and the cards a capitalised word of it
    names whole or by the short name („Szadek“ → Szadek, Herr der Geheimnisse; :data:`NAMED_ALONE`), and the
    sections whose one-word title is a word of it, read exactly by the finder („Spuk“, „Blutdurst“; no section by a
    word of a longer title: „Farbe“ names no „Mehrfarbig und Einfarbig“); ``rows_of``: True for a question's text
    when it asks about the abolished rule whose register rows lead the answer (:attr:`Asked.rows`), None when no rows
    lead. ``[]`` unless at least two questions name something (a card, a section, the rows' rule)."""
    pieces = questions(question)
    if len(pieces) < 2:  # one question (nearly every one): nothing to tell apart, no lookups per word
        return []
    asked = []
    for text in pieces:
        words = [canonical(w) for w in tokens(text)]
        named = {c.id: c.name for c in cards if (first := tokens(c.name)) and canonical(first[0]) in words}
        for typed in (w.strip(".,;:!?\"'„“()") for w in text.split()):
            hit = names.named(typed) if names is not None and typed[:1].isupper() else None
            if hit is not None and hit.hit is not None and hit.how in NAMED_ALONE:
                named.setdefault(hit.hit.card_id, hit.hit.card_name)
        sections: dict[str, int] = {}
        for word in words:
            found = finder.resolve(word)
            for i in found.sections if not found.how else []:
                m = finder.sections[i]
                if [canonical(w) for w in tokens(m.title)] == [word]:
                    sections.setdefault(m.title, m.id)
        asked.append(Asked(text, tuple(named.items()), tuple((i, t) for t, i in sections.items()),
                           rows_of is not None and rows_of(text)))
    return asked if sum(bool(a.cards or a.sections or a.rows) for a in asked) >= 2 else []


def asked_apart(asked: list[Asked], best: PassageRecord) -> tuple[str, tuple[Action, ...]]:
    """The line and buttons for the questions (:func:`asked_each`) the answer leaves, when it answers one of them:
    the questions answered are those whose abolished rule's register rows lead the page (:attr:`Asked.rows`, named
    first, as the rows come first) and those the best passage ``best`` is about; „ℹ️ Mehrere Fragen in einer; die
    Antwort unten gilt „Und wie funktioniert Blutdurst“. Nicht beantwortet: „Was ist Spuk“ – **Spuk**: Knopf unten
    oder `/mechanik name: Spuk`.“, several answered „… gilt „Und was ist Manabrand“ und „Und wer gewinnt die
    Fehde“.“; ``("", ())`` otherwise. The typed questions are escaped."""
    answered = [a for a in asked if a.rows] + [a for a in asked if a.about(best) and not a.rows]
    left = [a for a in asked if (a.cards or a.sections) and a not in answered]
    if not answered or not left:
        return "", ()
    parts = []
    actions: list[Action] = []
    for a in left:
        doors = [f"**{name}**: `/karte name: {name}`" for _i, name in a.cards]
        doors += [f"**{title}**: `/mechanik name: {title}`" for _i, title in a.sections]
        parts.append(f"„{quote_user(a.text, 80)}“ – " + ", ".join(doors))
        actions += [Action(label=f"Karte: {name}", action="card", arg=str(i)) for i, name in a.cards]
        actions += [Action(label=f"Mechanik: {title}", action="mechanic", arg=str(i)) for i, title in a.sections]
    named = [f"„{quote_user(a.text, 80)}“" for a in answered]
    which = named[0] if len(named) == 1 else f"{', '.join(named[:-1])} und {named[-1]}"
    line = (f"ℹ️ Mehrere Fragen in einer; die Antwort unten gilt {which}. Nicht beantwortet (Knopf unten): "
            f"{'; '.join(parts)}.")
    return line, tuple(actions)


async def apart_note(store: Store | None, names: NameIndex | None, question: str, cards: Sequence[CardRecord],
                     hits: Sequence[PassageRecord] | None,
                     rows: Sequence[ChangeRow] = ()) -> tuple[str, tuple[Action, ...]]:
    """:func:`asked_apart` of ``question``'s questions (:func:`asked_each` with ``cards``, the cards the ranking read
    in it) for the best of ``hits`` (the passages ``/frage`` shows, best first) under the change register's ``rows``
    that lead the page (``/frage`` on an abolished rule, :func:`bot.answers.abolished.asked_rows`: a question is
    answered by them when it asks about one of them itself); ``("", ())`` without hits or store."""
    if not hits or store is None:
        return "", ()
    # here: /mechanik's lists and /karte's buttons import this module and need none of /frage's register (and ranker)
    from bot.answers.abolished import asked_rows, register_words

    prepared = await register_words(store) if rows else None

    def rows_of(text: str) -> bool:
        return prepared is not None and any(r in rows for r in asked_rows(prepared, text))

    finder = await mechanic_finder(store)
    return asked_apart(asked_each(finder, names, question, cards, rows_of if rows else None), hits[0])


__all__ = ["MAX_NAMED", "Asked", "apart_note", "asked_apart", "asked_each", "listed", "listed_mechanics",
           "mechanics_line", "named_action", "named_title", "questions", "several_cards"]
