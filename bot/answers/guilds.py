"""What ``/karte`` and the message command say of a typed card name that is a guild's or a set's (``/karte name:
Gruul`` → „Gruul“ ist keine Karte … haben Blutdurst; ``[[Ravnica]]`` → the FAQ of Ravnica: Stadt der Gilden), and the
lines ``/mechanik`` shows for them, in the documents' words (:mod:`bot.guilds` reads guilds and sets from them)."""

from __future__ import annotations

from collections.abc import Collection

from bot.answers.missing_cards import missing_card_line
from bot.answers.registry import AnswerContext, UserError
from bot.declined_names import MESSAGE, inside_card_name
from bot.guilds import Guild, SetDocument, asked_set, named_guild, named_set, store_guilds
from bot.reply import Action, format_date, quote_user
from bot.store import DocumentRecord, MechanicRecord, Store
from bot.text import shorten, tokens
from bot.text_names import guilds_read, store_names

#: Most mechanics sections offered as buttons for a set (the FAQs have at most eight).
SET_CHOICES = 10


def source_of(document: DocumentRecord) -> str:
    """A document's title with its date: ``Gildenbund – Häufig gestellte Fragen, 22.12.2005``."""
    date = format_date(document.date)
    return document.title + (f", {date}" if date else "")


def guild_line(guild: Guild) -> str:
    """What a guild's name means, in the document's words: „Gruul“ ist eine Gilde: „Nur Kreaturen aus der
    Gruul-Gilde (rot, grün oder rot-grün) haben Blutdurst.“ (Gildenbund – Häufig gestellte Fragen, 22.12.2005)."""
    return f"**{guild.name}** ist eine Gilde: „{guild.sentence}“ ({source_of(guild.section.document)})"


def set_line(found: SetDocument) -> str:
    """What a set's name means: its FAQ among the documents (file, part, date) and its mechanics sections."""
    doc = found.document
    titles = ", ".join(m.title for m in found.sections)
    return (f"**{found.name}** ist ein Set: Die Dokumente des Bots enthalten seine FAQ „{source_of(doc)}“ "
            f"(Datei {doc.file[:3]}, Teil {doc.part})" + (f" mit den Mechanik-Abschnitten {titles}." if titles
                                                          else "."))


def offer_line(found: SetDocument) -> str:
    """Where a set's sections are offered: ```/mechanik name: Ravnica` bietet sie zur Auswahl.`` (the name's part
    before the colon: a colon there would be read as an option's)."""
    return f"`/mechanik name: {found.name.split(':')[0]}` bietet sie zur Auswahl."


def section_button(m: MechanicRecord) -> Action:
    """A button to the section ``m`` (``rb:mechanic:<id>``)."""
    return Action(label=shorten(f"Mechanik: {m.title}", 80), action="mechanic", arg=str(m.id))


async def guild_or_set_error(ctx: AnswerContext, query: str, cards: list[Action]) -> UserError | None:
    """The German error for a typed card name that is a guild's or a set's (``/karte name: Gruul``, ``[[Ravnica]]``):
    what it is in the documents' words with buttons to the section(s), then ``cards`` (the cards whose names hold
    it, „Meintest du“ choices) as further buttons; for a name of no card and no ``cards`` whose words the documents
    know one by one (:func:`bot.answers.missing_cards.missing_card_line`: „Dimir-Wächter“), the missing-card note
    with the store's cards of its words; None when ``query`` names none of them."""
    store = ctx.store
    guilds, sets = await store_guilds(store)
    shown = quote_user(query, 80) or "(leer)"
    title = f"Keine Karte „{shown}“ gefunden"
    more = "\nKarten mit diesem Namen darin: " + ", ".join(c.label for c in cards) if cards else ""
    if (guild := named_guild(guilds, query)) is not None:
        m = guild.section
        body = f"„{shown}“ ist keine Karte. {guild_line(guild)}; `/mechanik name: {m.title}` zeigt den Abschnitt."
        return UserError(title, body + more, choices=[section_button(m), *cards])
    if (found := named_set(sets, query)) is not None:
        body = f"„{shown}“ ist keine Karte. {set_line(found)} {offer_line(found)}"
        return UserError(title, body + more, choices=[*map(section_button, found.sections[:SET_CHOICES]), *cards])
    if not cards and (line := await missing_card_line(query, None, [], ctx.names, store, below=False)):
        return UserError(title, line.removeprefix("ℹ️ "))  # „Dimir-Wächter“: its words known, no card of them
    return None


async def guild_reading_lines(store: Store, text: str, card_names: Collection[str]) -> list[str]:
    """The lines ``/frage`` and the searches say first when they read a guild's name in ``text`` as its mechanic
    (:func:`bot.text_names.guilds_read`; ``card_names``: the cards the ranking found named): „ℹ️ „Orzhov“ gelesen als die
    Orzhov-Gilde, ihre Mechanik Spuk mitgesucht: „Nur Kreaturen aus der Orzhov-Gilde (weiß, schwarz oder
    weiß-schwarz) haben Spuk.“ (Gildenbund – Häufig gestellte Fragen, 22.12.2005)“; [] for none."""
    return [f"ℹ️ „{g.name}“ gelesen als die {g.name}-Gilde, ihre Mechanik {g.section.title} mitgesucht: „{g.sentence}“ "
            f"({source_of(g.section.document)})" for g in await guilds_read(store, text, card_names)]


async def question_set(store: Store, question: str) -> SetDocument | None:
    """The set whose mechanics or contents the question asks, or which it names alone (:func:`bot.guilds.asked_set`,
    question words as stop words: „was ist ravnica“, „kälteeinbruch“, „welche mechaniken gibt es in zwietracht“,
    „was ist neu in kälteeinbruch“); None otherwise."""
    return asked_set((await store_guilds(store))[1], question)


def set_note(found: SetDocument) -> str:
    """The line that leads an answer on the set ``found``: „ℹ️ **Ravnica: Stadt der Gilden** ist ein Set: Die
    Dokumente des Bots enthalten seine FAQ … `/mechanik name: Ravnica` bietet sie zur Auswahl.“"""
    return f"ℹ️ {set_line(found)} {offer_line(found)}"


def set_buttons(found: SetDocument) -> list[Action]:
    """The buttons to the set's mechanics sections, in document order (at most :data:`SET_CHOICES`)."""
    return [section_button(m) for m in found.sections[:SET_CHOICES]]


async def set_reading_line(store: Store, question: str) -> str:
    """The line ``/regel suche`` says first when the search names a set alone or asks its mechanics or what is in it
    (:func:`question_set`, :func:`set_note`); ``""`` otherwise."""
    found = await question_set(store, question)
    return set_note(found) if found is not None else ""


async def guild_mechanics_text(store: Store, text: str, card_names: Collection[str]) -> str:
    """``text`` with the titles of the mechanics of the guilds read in it (:func:`bot.text_names.guilds_read`) added,
    for the searches that say they search them (``/regel suche: Dimir`` → „Dimir Transmutation“, so the rules of
    Transmutation, 502.43a–502.48b, are found as its line says); ``text`` itself when no guild is read."""
    titles = dict.fromkeys(g.section.title for g in await guilds_read(store, text, card_names))
    return " ".join([text, *titles])


async def with_set_note(store: Store, text: str, error: UserError) -> UserError:
    """``error`` („Nichts gefunden“ of a search) led by the set note (:func:`set_reading_line`) when ``text`` names
    a set or asks its mechanics (``/regel suche: Kälteeinbruch``), its sections as the first choices; ``error``
    itself otherwise."""
    found = await question_set(store, text)
    if found is None:
        return error
    return UserError(error.title, f"{set_note(found)}\n{error.body}", [*set_buttons(found), *error.choices],
                     error.actions)


async def guild_and_set_words(store: Store, text: str, taken: Collection[str]) -> list[str]:
    """The words of a message's ``text`` (its first 2 000 characters) that name a guild or a set alone
    (:attr:`bot.text_names.TextNames.lone`: „Was macht Selesnija?“ → ``["Selesnija"]``, „Izzet“, „kaelteeinbruch“),
    as written, each once, for the message command to say what they are as ``/karte`` says it; not a word joined to
    another by a hyphen („Dimir-Wächter“ names a card) nor one of a name in ``taken`` (the cards and names the
    message was read to name, „Orzhov“ of Orzhov-Hohepriester: :func:`bot.declined_names.inside_card_name` as the
    message command reads it, whole words: :data:`bot.declined_names.MESSAGE`)."""
    held = {w for name in taken for w in tokens(name)}
    return [s.typed for s in (await store_names(store, text)).lone
            if not inside_card_name(tokens(s.typed)[0], held, MESSAGE)]
