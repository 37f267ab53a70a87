"""``/frage`` (English ``/ask``): a rules question in the player's own words, answered with a passage whole.

The question runs through the one ranking of :mod:`bot.ranking` over every passage of the store (rulings,
mechanics paragraphs, the documents' rules, the German rules explanation 003, the term table, card texts,
and after ``build --cr`` the official rules and glossary). The reply leads with the best passage **whole**,
naming its card or section, its source document, date and today's status (:func:`passage_today`, the
change register's notices); below it up to :data:`OTHERS` further candidates as buttons
(``rb:passage:<key>``, the key in the custom_id, so a button works after a restart and in any process).
When no candidate leads clearly (:attr:`bot.ranking.Ranked.clear`), the first line says so.
"""

from __future__ import annotations

from bot.answers.registry import AnswerContext, UserError, action, answer
from bot.answers.today import TodayIndex, heute_block, ruling_display, today_index, under_review
from bot.ranking import Hit, Ranked, Ranker, ranker, snippet
from bot.reply import Action, Field, Page, Reply, format_date, quote_user
from bot.store import PassageRecord
from bot.text import clean, shorten

#: Further candidates shown under the best passage (each with a button).
OTHERS = 4

KIND_NAMES = {
    "ruling": "Ruling",
    "mechanic": "Mechanik-Abschnitt",
    "quoted_rule": "Regel, wie im Dokument gedruckt",
    "explanation": "Regelerklärung (Dokument 003)",
    "card": "Kartentext",
    "term": "Begriffstabelle",
    "cr_rule": "Comprehensive Rules",
    "glossary": "Glossar der Comprehensive Rules",
}
STATUS_NAMES = {
    "changed": "⚠️ heute überholt",
    "wording": "ℹ️ heute anders formuliert",
    "unchanged": "✅ gilt weiterhin",
    "history": "Regelnummer von damals",
}


def passage_today(index: TodayIndex, p: PassageRecord) -> str:
    """The passage's text as shown today, from the change register (the one place answers read it from):
    a ruling through :func:`bot.answers.today.ruling_display` (a changed ruling shows today's statement first),
    a mechanics paragraph with its section's ``Heute`` block before it; other kinds as they are."""
    date = format_date(p.date)
    source = p.source + (f", {date}" if date else "")
    if p.kind == "ruling" and p.ref_id is not None:
        return ruling_display(index, "ruling", p.ref_id, p.text, source)
    if p.kind == "mechanic" and p.mechanic_id is not None:
        block = heute_block(index, "mechanic", p.mechanic_id)
        return f"{block}\n\n**Im Dokument:** {p.text}" if block else p.text
    return p.text


def owner_line(p: PassageRecord, reviewed: bool = False) -> str:
    """``Ruling zu **Boros-Rekrut** · Ravnica – Häufig gestellte Fragen, 30.08.2005 · ✅ gilt weiterhin``;
    ``reviewed``: a register row "zu prüfen" names it (``🔎 zu prüfen`` instead of the stored status)."""
    kind = KIND_NAMES.get(p.kind, p.kind)
    where = {"ruling": f"{kind} zu **{p.title}**", "mechanic": f"{kind} **{p.title}**"}.get(p.kind, f"**{p.title}**")
    if p.kind not in ("ruling", "mechanic"):
        where += f" ({kind})"
    date = format_date(p.date)
    parts = [where, p.source + (f", {date}" if date else "")]
    if reviewed:
        parts.append("🔎 zu prüfen")
    elif p.status in STATUS_NAMES:
        parts.append(STATUS_NAMES[p.status])
    return " · ".join(parts)


def passage_button(p: PassageRecord, number: int | None = None) -> Action:
    """A button that opens the passage whole (``rb:passage:<key>``)."""
    label = shorten(p.title, 60)
    return Action(label=f"{number}. {label}" if number is not None else label, action="passage", arg=p.key)


def passage_page(index: TodayIndex, p: PassageRecord, lead: str = "") -> Page:
    """One passage whole on a page, with its owner, source, date and today's status."""
    entry = {"ruling": p.ref_id, "mechanic": p.mechanic_id}.get(p.kind)  # the entries passage_today shows with notices
    reviewed = entry is not None and under_review(index, p.kind, entry)
    body = "\n\n".join(part for part in (lead, owner_line(p, reviewed), passage_today(index, p),
                                          f"_Schlüssel: {p.key}_") if part)
    return Page(title=shorten(p.title, 200), body=body)


#: A candidate up to this length is shown whole in its field; a longer one by the sentences that matched.
WHOLE_CANDIDATE = 900


def _others(found: Ranked, hits: list[Hit], r: Ranker) -> list[Field]:
    """The further candidates as fields: title, kind and the passage whole when short, else the sentences that
    matched (whole sentences only)."""
    fields = []
    for number, hit in enumerate(hits, start=2):
        p = hit.passage
        text = p.text
        if len(text) > WHOLE_CANDIDATE:
            text = snippet(p.text, found.analysis, r.analyser, limit=900, count=3, weights=r.term_weights)
        fields.append(Field(name=shorten(f"{number}. {p.title} – {KIND_NAMES.get(p.kind, p.kind)}", 250),
                            value=shorten(text, 1000) or "—"))
    return fields


@answer("question")
async def question_answer(ctx: AnswerContext, question: str) -> Reply:
    """``/frage frage: …``: the best passage whole, up to :data:`OTHERS` candidates as buttons.

    Raises:
        UserError: no question, only stop words, or nothing found (German messages).
    """
    if not clean(question):
        raise UserError("Bitte eine Frage stellen",
                        "Zum Beispiel: `/frage frage: Was passiert, wenn zwei legendäre Karten gleichen Namens "
                        "im Spiel sind?`")
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, question, ctx.names, limit=OTHERS + 1)
    shown = quote_user(question, 120)
    if not found.analysis.terms:
        raise UserError(f"Keine Suchwörter in „{shown}“",
                        "Die Frage enthält nur Füll- und Fragewörter. Bitte mit Begriffen fragen, z. B. "
                        "„Wer gewinnt die Fehde, wenn beide Karten gleich viel kosten?“")
    if not found.hits:
        raise UserError(f"Nichts gefunden zu „{shown}“",
                        "Keine Stelle der Dokumente passt. Andere Wörter versuchen, alte und neue Begriffe werden "
                        "beide gesucht (Vorrang = Priorität, im Spiel = Schlachtfeld).")
    index = await today_index(ctx.store)
    best, rest = found.hits[0], found.hits[1:]
    lead = f"Frage: „{shown}“"
    if not found.clear:
        lead += "\n⚖️ Keine Stelle passt eindeutig am besten; die erste ist nur die wahrscheinlichste, die anderen " \
                "stehen unten."
    if found.truncated:
        lead += "\nDie Frage war sehr lang; nur ihr Anfang wurde verwendet."
    page = passage_page(index, best.passage, lead)
    page.fields = _others(found, rest, r)
    actions = [passage_button(h.passage, n) for n, h in enumerate(rest, start=2)]
    return Reply(pages=[page], source=best.passage.source, date=best.passage.date, actions=actions)


@action("passage")
async def passage_action(ctx: AnswerContext, arg: str) -> Reply:
    """Button ``rb:passage:<key>``: one passage whole (a ruling, rule, paragraph, …) with today's status.

    Raises:
        UserError: no passage has that key (the store was rebuilt from other documents).
    """
    p = await ctx.store.passage_by_key(arg.strip()[:200])
    if p is None:
        raise UserError("Stelle nicht gefunden", "Diese Stelle gibt es in der Datenbank nicht (mehr).")
    index = await today_index(ctx.store)
    actions = []
    if p.card_id is not None:
        actions.append(Action(label="Alle Rulings der Karte", action="rulings", arg=str(p.card_id)))
    if p.mechanic_id is not None:
        actions.append(Action(label="Ganzer Abschnitt", action="mechanic", arg=str(p.mechanic_id)))
    return Reply(pages=[passage_page(index, p)], source=p.source, date=p.date, actions=actions)


__all__ = ["owner_line", "passage_action", "passage_button", "passage_page", "passage_today", "question_answer"]
