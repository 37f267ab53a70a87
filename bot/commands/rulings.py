"""``/ruling``: a card's rulings (with autocomplete) or a full-text search over all rulings."""

from __future__ import annotations

from bot.answers.cards import card_names
from bot.answers.rulings import ruling_answer
from bot.answers.terms import term_queries
from bot.commands.spec import Command, Option, tr

COMMANDS = [
    Command(
        tr("ruling", "ruling"),
        tr(
            "Rulings of a card, or search all rulings (FAQs and rulings lists)",
            "Rulings einer Karte oder Suche in allen Rulings (FAQs und Ruling-Listen)",
        ),
        ruling_answer,
        [
            Option(tr("card", "karte"), tr("Card name (German or English)", "Kartenname (deutsch oder englisch)"),
                   required=False, completer=card_names),
            Option(tr("search", "suche"),
                   tr("Words to search for, old or new terms", "Suchwörter, alte oder neue Begriffe"),
                   required=False, completer=term_queries),
        ],
    ),
]
