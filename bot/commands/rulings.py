"""``/ruling``: a card's rulings (with autocomplete) or a full-text search over all rulings."""

from __future__ import annotations

from bot.commands.spec import CARD_OR_GUILD_NAMES, Command, Option, tr

COMMANDS = [
    Command(
        tr("ruling", "ruling"),
        tr(
            "Rulings of a card, or search all rulings (FAQs and rulings lists)",
            "Rulings einer Karte oder Suche in allen Rulings (FAQs und Ruling-Listen)",
        ),
        "bot.answers.rulings:ruling_answer",
        [
            Option(tr("card", "karte"), tr("Card name (German or English)", "Kartenname (deutsch oder englisch)"),
                   required=False, completer_at=CARD_OR_GUILD_NAMES),
            Option(tr("search", "suche"),
                   tr("Words to search for, old or new terms", "Suchwörter, alte oder neue Begriffe"),
                   required=False, completer_at="bot.answers.terms:term_queries"),
        ],
    ),
]
