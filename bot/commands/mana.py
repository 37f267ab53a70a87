"""``/mana`` (German ``/mana``): mana cost calculators — info, pay (bezahlen), convoke (einberufen), total
(gesamtkosten), upkeep (versorgung). Logic in :mod:`bot.answers.mana`."""

from __future__ import annotations

from bot.commands.spec import CARD_NAMES, Command, Group, Kind, Option, tr

COST = Option(
    tr("cost", "kosten"),
    tr("Mana cost like {2}{G/W} or 3BG, or a card name", "Manakosten wie {2}{G/W} oder 3BG, oder ein Kartenname"),
    completer_at=CARD_NAMES,
)
X = Option(tr("x", "x"), tr("Value of X (default 0)", "Wert für X (sonst 0)"), Kind.INTEGER, required=False,
           min_value=0, max_value=1000)
LIFE = Option(
    tr("life", "leben"),
    tr(
        "Your life total, for paying Phyrexian mana with life (default: any)",
        "Deine Lebenspunkte, um phyrexianisches Mana mit Leben zu zahlen (sonst beliebig)",
    ),
    Kind.INTEGER, required=False, min_value=0, max_value=1_000_000,
)

INFO = Command(
    tr("info", "info"),
    tr("Mana value, colours and every way to pay the hybrid symbols",
       "Manawert, Farben und alle Bezahlmöglichkeiten der Hybrid-Symbole"),
    "bot.answers.mana:mana_info",
    [COST, X],
)
PAY = Command(
    tr("pay", "bezahlen"),
    tr("Can this cost be paid from this mana pool? Exact, with one payment",
       "Lassen sich die Kosten aus diesem Manavorrat bezahlen? Exakt, mit einer Bezahlung"),
    "bot.answers.mana:mana_pay",
    [
        COST,
        Option(tr("pool", "vorrat"), tr(
            "Mana pool like {B}{G}{G} or BGG or 2 green, 3 white; snow mana with *: {G*}",
            "Manavorrat wie {B}{G}{G} oder BGG oder 2 grün, 3 weiß; Schnee-Mana mit *: {G*}",
        )),
        X,
        LIFE,
    ],
)
CONVOKE = Command(
    tr("convoke", "einberufen"),
    tr("What remains to pay after tapping creatures for convoke (502.46)",
       "Was nach Einberufen noch zu bezahlen bleibt (502.46)"),
    "bot.answers.mana:mana_convoke",
    [
        COST,
        Option(tr("creatures", "kreaturen"), tr(
            "Colours of the tapped creatures, e.g. artifact, red, green-white",
            "Farben der getappten Kreaturen, z. B. Artefakt, rot, grün-weiß",
        )),
        Option(X.name, tr("Value of X, announced before tapping (default 0)",
                          "Wert für X, vor dem Tappen angesagt (sonst 0)"),
               Kind.INTEGER, required=False, min_value=0, max_value=1000),
    ],
)
TOTAL = Command(
    tr("total", "gesamtkosten"),
    tr("Total cost: cost plus increases, then reductions", "Gesamtkosten: Kosten plus Erhöhungen, dann Reduzierungen"),
    "bot.answers.mana:mana_total",
    [
        COST,
        Option(tr("increase", "erhoehung"), tr("Cost increases, e.g. {1} or {1}, {2}",
                                               "Kostenerhöhungen, z. B. {1} oder {1}, {2}"), required=False),
        Option(tr("reduction", "reduzierung"), tr("Cost reductions, e.g. {2} or {G}",
                                                  "Kostenreduzierungen, z. B. {2} oder {G}"), required=False),
        Option(tr("alternative", "alternativkosten"), tr("Alternative cost paid instead of the mana cost",
                                                         "Alternative Kosten statt der Manakosten"), required=False),
        X,
        LIFE,
    ],
)
UPKEEP = Command(
    tr("upkeep", "versorgung"),
    tr("Cumulative upkeep when it triggers with N age counters (502.13a, 702.24a)",
       "Kumulative Versorgung beim Auslösen mit N Altersmarken (502.13a, 702.24a)"),
    "bot.answers.upkeep:mana_upkeep",
    [
        Option(tr("cost", "kosten"), tr(
            "Upkeep cost, choices with 'or': {W} or {U}; also '1 life' or 'Sacrifice a Forest'",
            "Versorgungskosten, Wahl mit „oder“: {W} oder {U}; auch „1 Lebenspunkt“ oder „Opfere einen Wald“",
        ), completer_at="bot.answers.upkeep:upkeep_card_names"),  # offers the cards with Kumulative Versorgung
        Option(tr("counters", "marken"), tr(
            "Age counters on it when it triggers (one more is added)",
            "Altersmarken darauf beim Auslösen (eine kommt dazu)",
        ), Kind.INTEGER, min_value=0, max_value=1_000_000),
    ],
)

COMMANDS = [
    Group(
        tr("mana", "mana"),
        tr("Mana cost calculators: mana value, payment, convoke, total cost, upkeep",
           "Mana-Rechner: Manawert, Bezahlen, Einberufen, Gesamtkosten, Versorgung"),
        [INFO, PAY, CONVOKE, TOTAL, UPKEEP],
    ),
]
