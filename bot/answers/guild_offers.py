"""The card-name autocomplete of ``/karte`` and ``/ruling karte``, which also offers the guilds and sets a typed
name begins: both answers say what a guild's or a set's name is instead of „Keine Karte“
(:func:`bot.answers.guilds.guild_or_set_error`: ``/karte name: Izzet`` → „„Izzet“ ist keine Karte. **Izzet** ist
eine Gilde: „Nur Karten aus der Izzet-Gilde (blau, rot oder blau-rot) haben Reproduktion.“ …“), so a choice of
that name leads there. The guilds and sets are the documents' own (:mod:`bot.guilds`: the ten sentences of the
Ravnica-block FAQs naming a guild's mechanic, the four FAQs of file 001 as sets). ``/mana`` and ``/fehde`` keep
the plain card completer (:func:`bot.answers.card_picks.card_names`): they read no guild's name."""

from __future__ import annotations

import re

from bot.answers.card_picks import card_names
from bot.answers.registry import AnswerContext, completer
from bot.guilds import Guild, SetDocument, begun_names, store_guilds
from bot.reply import CHOICES_MAX, Choice
from bot.text import clean

#: Longest typed text read for a guild's or a set's name (the names have at most four words).
MAX_TYPED = 200
#: A hyphen joining the typed name to more than „Gilde“ (``Boros-``, ``Boros-Gar``): a card's name being typed
#: (Boros-Garnison, Dimir-Doppelgänger), no guild's; ``Izzet-Gilde`` is the guild.
JOINED = re.compile(r"-(?!gilde\b)", re.IGNORECASE)
#: Fewest letters typed before a guild or set is offered (as ``/mechanik``'s autocomplete offers their sections).
MIN_LETTERS = 3


def guild_choice(guild: Guild) -> Choice:
    """The choice of a guild: ``Izzet (Gilde: blau, rot oder blau-rot; Mechanik Reproduktion)``, value its name
    (``/karte name: Izzet`` answers with the guild's sentence and a button to its mechanic's section)."""
    label = f"{guild.name} (Gilde: {guild.colours}; Mechanik {guild.section.title})"
    return Choice(name=label if len(label) <= 100 else f"{guild.name} (Gilde)", value=guild.name[:100])


def set_choice(found: SetDocument) -> Choice:
    """The choice of a set: ``Ravnica: Stadt der Gilden (Set: FAQ mit 8 Mechanik-Abschnitten)``, value the name's
    part before the colon (``Ravnica``: a colon would be read as an option's where a command is typed as text;
    ``/karte name: Ravnica`` answers with the set's FAQ and its sections as buttons)."""
    count = len(found.sections)
    what = f"FAQ mit {count} Mechanik-Abschnitt{'' if count == 1 else 'en'}" if count else "FAQ"
    label = f"{found.name} (Set: {what})"
    return Choice(name=label if len(label) <= 100 else found.name[:100], value=found.name.split(":")[0][:100])


@completer("card_or_guild_names")
async def card_or_guild_names(ctx: AnswerContext, current: str) -> list[Choice]:
    """Autocomplete of ``/karte name`` and ``/ruling karte``: the card names of
    :func:`bot.answers.card_picks.card_names`, then the guilds and sets whose names the typed words begin
    (:func:`bot.guilds.begun_names`, from :data:`MIN_LETTERS` letters; ``izzet`` → ``Izzet (Gilde: …)``, ``ravnica``
    → ``Ravnica: Stadt der Gilden (Set: …)``, ``gruul`` → Gruul-Nodorog, Gruul-Kriegspflug, ``Gruul (Gilde: …)``), in
    place of the last cards when 25 are offered; none when a hyphen joins the name to more (:data:`JOINED`:
    ``Boros-`` is a card's). At most 25, from memory after the store's first read of its guilds (the command's
    warm-up)."""
    cards = card_names(ctx, current)
    typed = clean(current[:MAX_TYPED])
    if not typed or JOINED.search(typed):
        return cards
    guilds, sets = await store_guilds(ctx.store)
    found_guilds, found_sets = begun_names(guilds, sets, typed, MIN_LETTERS)
    offers = [*map(guild_choice, found_guilds), *map(set_choice, found_sets)]
    if not offers:
        return cards
    values = {c.value.casefold() for c in offers}
    rest = [c for c in cards if c.value.casefold() not in values]
    return [*rest[:CHOICES_MAX - len(offers)], *offers][:CHOICES_MAX]
