"""Card lookup: ``/card`` (``/karte``), its autocomplete and the rulings button.

Sources: the card blocks of the four set FAQs (document 001) and the card names of the
rulings lists (documents 002, 004), as stored by the importer.
"""

from __future__ import annotations

from bot.answers.registry import AnswerContext, UserError, action, answer, completer, parse_id
from bot.reply import Action, Choice, Field, Page, Reply, format_date, quote_user
from bot.search import NameHit, clean
from bot.store import CardRecord, DocumentRecord

MAX_QUERY = 200


def document_label(doc: DocumentRecord) -> str:
    """Title and date of a document for a footer: ``"Zwietracht – Häufig gestellte Fragen (17.03.2006)"``."""
    date = format_date(doc.date)
    return f"{doc.title} ({date})" if date else doc.title


def _face_lines(mana_cost: str | None, type_line: str | None, pt: str | None, text: str) -> str:
    head = " · ".join(part for part in (mana_cost, type_line, pt) if part)
    body = text.strip()
    return "\n".join(part for part in (f"**{head}**" if head else "", body) if part)


def card_page(card: CardRecord) -> Page:
    """The card as an embed page: cost, type line, P/T and rules text; split cards as two fields."""
    fields: list[Field] = []
    known = any(f.mana_cost or f.type_line or f.text for f in card.faces) or card.mana_cost or card.text.strip("\n/ ")
    if not known:  # e.g. Getrieben // Verzweiflung: only its rulings list (document 002) names it
        body = (
            "Der Kartentext steht in keinem der Dokumente; "
            f"das Dokument „{card.document.title}“ enthält nur Rulings zu ihr."
        )
        if card.is_split:
            body += "\nGeteilte Karte: " + " // ".join(f.name for f in card.faces)
    elif card.is_split and card.faces:
        body = f"Geteilte Karte · Manakosten {card.mana_cost}" if card.mana_cost else "Geteilte Karte"
        for face in card.faces:
            value = _face_lines(face.mana_cost, face.type_line, face.power_toughness, face.text)
            fields.append(Field(name=face.name, value=value or "—"))
    else:
        body = _face_lines(card.mana_cost, card.type_line, card.power_toughness, card.text)
    doc = card.document
    if doc.set_name:
        fields.append(Field(name="Set", value=doc.set_name, inline=True))
    if doc.kind == "faq" and doc.date:
        fields.append(Field(name="FAQ-Stand", value=format_date(doc.date), inline=True))
    fields.append(Field(name="Rulings", value=str(card.ruling_count), inline=True))
    if card.origin == "mtgjson":
        fields.append(Field(name="Herkunft", value=f"nur in der Kartendatei `{doc.file}` (englischer Oracle-Text)"))
    return Page(title=card.name, body=body or "(kein Regeltext)", fields=fields)


def _not_found(ctx: AnswerContext, query: str) -> UserError:
    hits = ctx.names.search(query, limit=5)
    shown = quote_user(query, 80) or "(leer)"
    if hits:
        lines = "\n".join(f"• {h.card_name}" for h in hits)
        return UserError(f"Keine Karte „{shown}“ gefunden", f"Meintest du:\n{lines}")
    return UserError(
        f"Keine Karte „{shown}“ gefunden",
        "Tippe die ersten Buchstaben des deutschen Kartennamens und wähle aus der Liste.",
    )


async def find_card(ctx: AnswerContext, query: str) -> CardRecord:
    """The card ``query`` names (exact, unique prefix, or a clear fuzzy match).

    Raises:
        UserError: no card or no clear match; the German message lists the closest names.
    """
    if not clean(query):
        raise UserError("Bitte einen Kartennamen angeben", "Zum Beispiel: `/karte name: Boros-Rekrut`")
    query = query[:MAX_QUERY]
    hit = ctx.names.resolve(query)
    if hit is None:
        raise _not_found(ctx, query)
    card = await ctx.store.card(hit.card_id)
    if card is None:  # the index and the store come from the same file; this would be a bug
        raise _not_found(ctx, query)
    return card


@answer("card")
async def card_answer(ctx: AnswerContext, name: str) -> Reply:
    """``/card name`` → the card's embed with a button for its rulings."""
    card = await find_card(ctx, name)
    return card_reply(card)


def card_reply(card: CardRecord) -> Reply:
    """The reply for one card (shared by ``/card`` and the card buttons of other answers)."""
    actions = []
    if card.ruling_count:
        actions.append(Action(label=f"Rulings anzeigen ({card.ruling_count})", action="rulings", arg=str(card.id)))
    if card.mechanic_id is not None:
        actions.append(Action(label="Mechanik anzeigen", action="mechanic", arg=str(card.mechanic_id)))
    if card.english_text and card.english_text != card.text:  # MTGJSON (build --cards); bot/answers/official.py
        actions.append(Action(label="Englischer Text", action="english", arg=str(card.id)))
    doc = card.document
    return Reply(pages=[card_page(card)], source=doc.title, date=doc.date, actions=actions)


async def card_from_button(ctx: AnswerContext, arg: str) -> CardRecord:
    """The card a button's argument names (``rb:card:<id>``, ``rb:rulings:<id>``).

    Raises:
        UserError: the argument is no id, or no card has it (German).
    """
    card_id = parse_id(arg)
    card = await ctx.store.card(card_id) if card_id is not None else None
    if card is None:
        raise UserError("Karte nicht gefunden", "Zu diesem Knopf gibt es keine Karte (mehr) in der Datenbank.")
    return card


@action("card")
async def card_action(ctx: AnswerContext, arg: str) -> Reply:
    """Button ``rb:card:<card_id>`` → the card."""
    return card_reply(await card_from_button(ctx, arg))


@completer("card_names")
def card_names(ctx: AnswerContext, current: str) -> list[Choice]:
    """Autocomplete: up to 25 card names ranked by :meth:`bot.search.NameIndex.search`; a card found through
    its English name says so: ``Akkord des Rufes (engl. Chord of Calling)``."""
    hits = ctx.names.search(current[:MAX_QUERY], limit=25, list_if_empty=True)
    return [Choice(name=choice_label(h), value=h.card_name) for h in hits]


def choice_label(hit: NameHit) -> str:
    """The German card name, with ``(engl. …)`` when the English name matched (≤ 100 characters)."""
    if not hit.foreign or hit.matched == hit.card_name:
        return hit.card_name[:100]
    label = f"{hit.card_name} (engl. {hit.matched})"
    return label if len(label) <= 100 else hit.card_name[:100]
