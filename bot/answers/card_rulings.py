"""A card's rulings (``/ruling karte``, the rulings button, ``/ruling suche`` that names a card, the channel
messages' ``[[Karte|rulings]]``): its own rulings in document order with today's notices, then the rulings of the
mechanics sections they point to or the card is printed in as an example.

Sources: the ``* `` rulings of the four set FAQs (document 001), the ``•`` rulings of the clash article (000) and the
dated rulings lists (002, 004), as stored by the importer; the notices from the change register
(:mod:`bot.answers.today`).
"""

from __future__ import annotations

from dataclasses import replace

from bot.answers.layout import announced, paged_rulings
from bot.answers.registry import AnswerContext
from bot.answers.today_index import today_index
from bot.reply import Action, Page, Reply, in_quotes, shared_date
from bot.store import CardRecord, RulingRecord, Store


async def linked_mechanics(store: Store, card: CardRecord, rulings: list[RulingRecord]) -> list[tuple[int, str]]:
    """Mechanics sections a card's rulings point to (``Siehe auch „…“ im Abschnitt ALLGEMEINES``),
    and the section the card is printed in as an example: ``[(mechanic id, title)]`` in that order.
    """
    sections = await store.mechanic_sections()  # in document order: the first of a title is the lowest position
    found: dict[int, str] = {}
    for ruling in rulings:
        if ruling.see_mechanic:
            m = next((m for m in sections if m.document.id == ruling.document.id and m.title == ruling.see_mechanic),
                     None)
            if m is not None:
                found.setdefault(m.id, m.title)
    if card.mechanic_id is not None and card.mechanic_id not in found:
        m = next((m for m in sections if m.id == card.mechanic_id), None)
        if m is not None:
            found[m.id] = m.title
    return list(found.items())


#: The button a channel message (``[[Karte|rulings]]``) adds when a card's rulings fill more than one page.
ALL_RULINGS = "Alle Rulings (zum Blättern)"
#: The same button when the card has no rulings of its own, only those of its sections.
ALL_SECTION_RULINGS = "Rulings der Abschnitte (zum Blättern)"


def _and_list(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " und " + items[-1]


def _sections_lead(card: CardRecord, sections: list[tuple[str, int]]) -> str:
    """First line of a card without rulings of its own: which section rulings follow and how many."""
    count = sum(n for _title, n in sections)
    names = _and_list([in_quotes(title) for title, _n in sections])
    where = "dem Abschnitt" if len(sections) == 1 else "den Abschnitten"
    return (f"Zu {card.name} selbst gibt es in den Dokumenten keine eigenen Rulings; es folgen "
            f"{count} {'Ruling' if count == 1 else 'Rulings'} aus {where} {names}, auf den sich die Karte bezieht:")


def _joined(lead: str, line: str) -> str:
    """``lead`` and ``line`` as one lead, each when not empty, one line each."""
    return "\n".join(p for p in (lead, line) if p)


async def card_rulings(ctx: AnswerContext, card: CardRecord, all_button: bool = False, before: int = 0) -> Reply:
    """All rulings of ``card`` in document order with outdated notices, then the rulings of the
    mechanics sections its rulings refer to (linked, not lost), with buttons to the card and sections.

    A card without rulings of its own but with section rulings starts with those, under a first line saying
    so ("keine eigenen Rulings; es folgen 3 Rulings aus dem Abschnitt „Einberufen“"), titled with both counts,
    so that no page says "keine Rulings" before pages of rulings. ``all_button``: when the rulings fill more
    than one page, a first button :data:`ALL_RULINGS` (or :data:`ALL_SECTION_RULINGS`) to all of them
    (``rb:rulings:<card id>``, for a channel message that shows one page). ``before``: the pages of a reply these
    pages follow („Karten erklären“ on several cards), counted in the page numbers the first page names
    (:func:`bot.answers.layout.announced`).
    """
    rulings = await ctx.store.rulings_for_card(card.id)
    linked = await linked_mechanics(ctx.store, card, rulings)
    index = await today_index(ctx.store)
    titles = {title for _id, title in linked}
    shown = [
        replace(r, text=f"{r.text}\n↳ Die Rulings dieses Abschnitts folgen nach den Rulings der Karte.")
        if r.see_mechanic in titles
        else r
        for r in rulings
    ]
    sections = [(title, await ctx.store.rulings_for_mechanic(mechanic_id)) for mechanic_id, title in linked]
    sections = [(title, section) for title, section in sections if section]
    own = bool(rulings) or not sections
    docs = {r.document.title: None for r in rulings} or {card.document.title: None}
    groups: list[tuple[str, list[RulingRecord], str]] = []
    if own:
        groups.append((f"Rulings: {card.name} ({len(rulings)})", shown, ""))
    for title, section in sections:
        if own:
            lead = f"Rulings aus dem Abschnitt {in_quotes(title)}, auf den sich {card.name} bezieht:"
            heading = f"Abschnitt {in_quotes(title)} (ALLGEMEINES)"
        else:
            lead = _sections_lead(card, [(t, len(s)) for t, s in sections]) if not groups else ""
            heading = f"Rulings: {card.name} (0 eigene · {len(section)} aus Abschnitt {in_quotes(title)})"
        groups.append((heading, section, lead))
        docs.update({r.document.title: None for r in section})

    def build(line: str) -> list[tuple[Page, list[int]]]:
        # the first page's lead ends with the line on the outdated rulings of later pages (layout.announced)
        return [(page, [r.id for r in chunk]) for n, (heading, chosen, lead) in enumerate(groups)
                for page, chunk in paged_rulings(index, heading, chosen, _joined(lead, line) if n == 0 else lead)]

    pages = announced(index, build, [r.id for _heading, chosen, _lead in groups for r in chosen], before)
    actions = [Action(label="Karte anzeigen", action="card", arg=str(card.id))]
    actions += [Action(label=f"Mechanik: {title}", action="mechanic", arg=str(m_id)) for m_id, title in linked]
    if all_button and len(pages) > 1:
        label = ALL_RULINGS if rulings else ALL_SECTION_RULINGS
        actions.insert(0, Action(label=label, action="rulings", arg=str(card.id)))
    dates = [r.document.date for r in rulings] or [card.document.date]
    dates += [r.document.date for _title, section in sections for r in section]
    return Reply(pages=pages, source=" · ".join(docs), date=shared_date(dates), actions=actions[:20])


__all__ = ["ALL_RULINGS", "ALL_SECTION_RULINGS", "card_rulings", "linked_mechanics"]
