"""``/clash`` (German ``/fehde``): reveal (aufdecken) and odds (chancen). Logic in :mod:`bot.answers.clash`."""

from __future__ import annotations

from bot.commands.spec import CARD_NAMES, Choice, Command, Group, Kind, Option, tr

CARD_HELP = tr("Card name, mana cost like {3}{R}, or a mana value",
               "Kartenname, Manakosten wie {3}{R} oder ein Manawert")
RULES = Option(
    tr("rules", "regelstand"),
    tr("Rules: today (split card = sum) or 2007 (each half)",
       "Regelstand: heute (geteilte Karte = Summe) oder 2007 (jede Hälfte)"),
    required=False,
    choices=[Choice(tr("today", "heute"), "heute"),
             Choice(tr("2007 (split halves count separately)", "2007 (Hälften einzeln)"), "2007")],
)
LIBRARY_HELP = tr("Mana value counts like 0:17 1:4 2:8, or card names with counts",
                  "Manawert:Anzahl wie 0:17 1:4 2:8, oder Kartennamen mit Anzahl")


def card(number: int, required: bool) -> Option:
    """The option ``card<number>`` (``karte<number>``) of ``/fehde aufdecken``."""
    return Option(tr(f"card{number}", f"karte{number}"), CARD_HELP, required=required, completer_at=CARD_NAMES)


REVEAL = Command(
    tr("reveal", "aufdecken"),
    tr("Who wins a clash with these revealed cards?", "Wer gewinnt eine Fehde mit diesen Karten?"),
    "bot.answers.clash:clash_reveal",
    [card(1, True), card(2, True), card(3, False), card(4, False), RULES],
)
ODDS = Command(
    tr("odds", "chancen"),
    tr("Exact odds of winning a clash from the libraries' mana values",
       "Exakte Gewinnchancen einer Fehde aus den Manawerten der Bibliotheken"),
    "bot.answers.clash:clash_odds",
    [
        Option(tr("library1", "bibliothek1"), LIBRARY_HELP),
        Option(tr("library2", "bibliothek2"), LIBRARY_HELP),
        RULES,
        Option(tr("seed", "startwert"), tr("Seed of the random reveal", "Startwert des zufälligen Aufdeckens"),
               Kind.INTEGER, required=False, min_value=0, max_value=999_999_999),
    ],
)

COMMANDS = [
    Group(tr("clash", "fehde"), tr("Clash: who wins, and the odds", "Fehde: wer gewinnt, und die Chancen"),
          [REVEAL, ODDS]),
]
