"""The calculators' German, written once: how the facts of the rules engines (:mod:`bot.rules.mana`,
:mod:`bot.rules.clash`) read, and the one shape of a calculator answer.

* Costs: every mana cost, symbol and pool of a calculator answer becomes text here and only here
  (:func:`mana`, :func:`pool_text`, both through :func:`symbol_text`), as ``{2}{U}{B}``; on Discord the
  renderer shows each symbol as the application's emoji where ``sync`` uploaded it (:mod:`bot.mana_emoji`).
* Rules: :data:`REASONS` words each :class:`bot.rules.cite.Reason` in one German sentence; :data:`SOURCES`
  names each document with its date.
* Shape (:func:`calc_reply`): the first line of the answer is the result ("✅ **Bezahlbar** mit …",
  "**Spieler 1 gewinnt die Fehde** …"); then the details and today's rules with today's numbers
  ("Regeln (Comprehensive Rules, 17.04.2026)"); then the documents' dated rules as history ("Früher
  (Ravnica-FAQ, 2005)"). Each rule is named once. What does not fit a first page of
  :data:`FIRST_PAGE` characters goes on the next page, so the first page stays short.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from bot.answers.today_index import TodayIndex, quote_line
from bot.model import review_notice
from bot.reply import Field, Page, Reply, format_date
from bot.rules.cite import Reason, Source, distinct
from bot.rules.mana import ALL_KINDS, MAX_GENERIC, ManaCost, PoolKind, Symbol, SymbolKind
from bot.text import german_int

#: characters of a calculator answer's first page (title, description, fields and footer)
FIRST_PAGE = 1500
#: options listed in a reply (the count is always exact)
LIST_LIMIT = 24


# --------------------------------------------------------------------------- costs


def symbol_text(body: str) -> str:
    """One mana symbol as written: ``"G/W"`` → ``"{G/W}"``. The only place a symbol becomes text (which
    :func:`bot.mana_emoji.discord_text` shows as the symbol's emoji on Discord)."""
    return "{" + body + "}"


def generic_text(amount: int) -> str:
    """Generic mana of a cost or a total: the symbol (``{3}``, 107.4b) up to :data:`bot.rules.mana.MAX_GENERIC`,
    the most ``/mana info`` reads; a larger sum (the costs paid once per age counter, 702.24a, or many increases)
    in words, exact: ``1000001`` → ``"1.000.001 generisches Mana"``, never a symbol no card prints."""
    return symbol_text(str(amount)) if amount <= MAX_GENERIC else f"{german_int(amount)} generisches Mana"


def _symbol_mana(symbol: Symbol) -> str:
    """One symbol of a cost; a generic one through :func:`generic_text`."""
    return generic_text(symbol.amount) if symbol.kind is SymbolKind.GENERIC else symbol_text(symbol.body)


def mana(cost: ManaCost | Symbol | Sequence[ManaCost]) -> str:
    """A cost (``{3}{B/G}``; nothing left: ``{0}``), one symbol, or a split card's halves (``{3}{B}{G} //
    {G}{U}``; a half without mana cost: ``ohne Manakosten``). Generic mana above the symbols' bound is written in
    words and set apart with `` + `` (``2.000 generisches Mana + {G}{G}``, :func:`generic_text`)."""
    if isinstance(cost, Symbol):
        return _symbol_mana(cost)
    if isinstance(cost, ManaCost):
        texts = [_symbol_mana(s) for s in cost.symbols]
        symbols = "".join(t for t in texts if t.startswith("{"))
        worded = [t for t in texts if not t.startswith("{")]
        return " + ".join([*worded, *([symbols] if symbols else [])]) or symbol_text("0")
    return " // ".join(mana(c) if c.symbols else "ohne Manakosten" for c in cost)


def pool_kind(kind: PoolKind) -> str:
    """``("G", True)`` → ``{G*}`` (``*`` = from a snow source)."""
    return symbol_text(kind[0] + ("*" if kind[1] else ""))


def pool_text(pool: Counter[PoolKind] | Iterable[PoolKind]) -> str:
    """A pool or the mana spent, W U B R G C then snow mana (``12×{C}`` for long runs); empty: ``(leer)``.

    Short runs are written one symbol each (``{W}{W}{U}``); once a run is counted, the kinds are joined with
    `` + `` (``14×{W} + {R} + 15×{G}``), since ``14×{W}{R}`` would read as fourteen of both."""
    counts = pool if isinstance(pool, Counter) else Counter(pool)
    runs = [pool_kind(k) * counts[k] if counts[k] <= 10 else f"{german_int(counts[k])}×{pool_kind(k)}"
            for k in ALL_KINDS if counts[k] > 0]
    counted = any(counts[k] > 10 for k in ALL_KINDS)
    return (" + " if counted else "").join(runs) or "(leer)"


_SYMBOL = re.compile(r"\{([0-9A-Z/*]+)\}")


def with_symbols(text: str) -> str:
    """The symbols written ``{…}`` in a fixed German sentence shown through :func:`symbol_text`."""
    return _SYMBOL.sub(lambda m: symbol_text(m.group(1)), text)


# --------------------------------------------------------------------------- numbers and lists


def plural(n: int, singular: str, plural_form: str) -> str:
    """``"1 Karte"`` / ``"2 Karten"``: the number (:func:`bot.text.german_int`: ``"2.000.002 Lebenspunkte"``) with
    the German noun in the right number."""
    return f"{german_int(n)} {singular if n == 1 else plural_form}"


def german_list(items: Sequence[str], last: str = "und") -> str:
    """``["a", "b", "c"]`` → ``"a, b und c"``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def percent(p: Fraction, digits: int = 2) -> str:
    """German percentage: ``Fraction(1, 3)`` → ``"33,33 %"``."""
    return f"{float(p) * 100:.{digits}f} %".replace(".", ",")


def values_text(values: tuple[int, ...]) -> str:
    """The compared values of one card: ``"4"`` or, for the halves of a split card, ``"2 und 5"``."""
    return " und ".join(map(str, values))


def library_text(lib: dict[tuple[int, ...], int]) -> str:
    """``{(0,): 17, (2,): 8, (1, 3): 2}`` → ``"0:17 2:8 (1 und 3):2"`` (sorted; a split card's values in
    brackets, not „1/3“, which reads like a fraction)."""
    return " ".join(f"{k[0] if len(k) == 1 else '(' + values_text(k) + ')'}:{n}" for k, n in sorted(lib.items()))


def listing(items: Sequence[str], count: int, limit: int = LIST_LIMIT) -> str:
    """The first ``limit`` items joined by `` · ``, with ``… (und 3 weitere)`` when ``count`` is larger."""
    shown = " · ".join(items[:limit])
    return shown + (f" … (und {german_int(count - limit)} weitere)" if count > limit else "")


# --------------------------------------------------------------------------- documents and rules

#: each source document, as the answers name it (with its year; today's CR gets the store's date)
SOURCES: dict[Source, str] = {
    Source.CR: "Comprehensive Rules",
    Source.CR_2010: "Comprehensive Rules, 01.10.2010",
    Source.CLASH_ARTICLE: "Fehde-Artikel, 2007",
    Source.RAVNICA_FAQ: "Ravnica-FAQ, 2005",
    Source.DISSENSION_FAQ: "Zwietracht-FAQ, 2006",
    Source.COLDSNAP_FAQ: "Kälteeinbruch-FAQ, 2006",
    Source.SPLIT_RULINGS: "Rulings zu Getrieben // Verzweiflung, 2017",
    Source.FAST_FORWARD_RULINGS: "Rulings zu Schnellvorlauf, 2026",
}

#: each source document's title as the store names it (its first line; an answer that read a card from the document
#: names it so in the footer, :attr:`Calc.sources`): a rule cited from the same document does not name it again
#: under its short name (:func:`calc_reply`: „Kälteeinbruch – Häufig gestellte Fragen“, not also „Kälteeinbruch-FAQ,
#: 2006“). Checked against the store's documents by tests/answers/test_trusted_paths.py.
DOCUMENT_TITLES: dict[Source, str] = {
    Source.CLASH_ARTICLE: "Fehde (Clash) – Artikel zur Schlüsselwort-Aktion",
    Source.RAVNICA_FAQ: "Ravnica: Stadt der Gilden – Häufig gestellte Fragen",
    Source.DISSENSION_FAQ: "Zwietracht – Häufig gestellte Fragen",
    Source.COLDSNAP_FAQ: "Kälteeinbruch – Häufig gestellte Fragen",
    Source.SPLIT_RULINGS: "Rulings zu Getrieben // Verzweiflung und geteilten Karten",
    Source.FAST_FORWARD_RULINGS: "Rulings zu Schnellvorlauf",
}

#: each rule the engines apply, in one German sentence (the rule number and source come from the Reason)
REASONS: dict[Reason, str] = {
    Reason.MV_X_OFF_STACK: "Ein X zählt 0, solange die Karte nicht auf dem Stapel ist.",
    Reason.MV_X_ON_STACK: "Auf dem Stapel zählt X die dafür gewählte Zahl, außerhalb des Stapels 0.",
    Reason.MV_HYBRID_LARGEST: "Ein Hybrid-Symbol zählt seinen größeren Teil: {2/W} zählt 2, {G/W} zählt 1.",
    Reason.MV_HYBRID: "Jedes Hybrid-Symbol zählt 1.",
    Reason.MV_PHYREXIAN: "Ein phyrexianisches Symbol zählt 1, auch wenn es mit Lebenspunkten bezahlt wird.",
    Reason.MV_NO_COST: "Ohne Manakosten (z. B. ein Land) ist der Manawert 0.",
    Reason.MV_SPLIT_SUM: (
        "Außerhalb des Stapels ist der Manawert einer geteilten Karte die Summe ihrer Hälften (seit 2017); auf "
        "dem Stapel zählt nur die gewirkte Hälfte."
    ),
    Reason.MV_SPLIT_2006: "Bis 2017 hatte eine geteilte Karte außerhalb des Stapels zwei Werte, einen je Hälfte.",
    Reason.COLOR_HYBRID: "Ein Hybrid- oder phyrexianisches Symbol gibt alle seine Farben, egal womit bezahlt wird.",
    Reason.COLOR_HYBRID_2005: "Ein Objekt mit Hybrid-Symbolen in den Manakosten hat beide Farben jedes Symbols.",
    Reason.COLOR_SPLIT: "Eine geteilte Karte hat außerhalb des Stapels die Farben beider Hälften.",
    Reason.PAY_HYBRID: "Ein Hybrid-Symbol wird mit Mana einer seiner beiden Farben bezahlt.",
    Reason.PAY_HYBRID_2005: "„{G/W}{G/W} kann bezahlt werden, indem man {G}{G}, {G}{W} oder {W}{W} ausgibt.“",
    Reason.PAY_MONO_HYBRID: "{2/W} wird mit {W} oder mit zwei beliebigen Mana bezahlt, {C/W} mit {C} oder {W}.",
    Reason.PAY_PHYREXIAN: "Ein phyrexianisches Symbol wird mit Mana seiner Farbe oder mit 2 Lebenspunkten bezahlt.",
    Reason.PAY_SNOW: "{S} wird mit einem Mana beliebigen Typs bezahlt, das eine verschneite Quelle erzeugt hat.",
    Reason.PAY_SNOW_2006: "Eingeführt mit Kälteeinbruch: {S} ist kein Manatyp, sondern Mana aus verschneiten Quellen.",
    Reason.ANNOUNCE: "Wie du Hybrid- und phyrexianische Symbole bezahlst, sagst du beim Wirken an.",
    Reason.ANNOUNCE_2005: "Die Farbe eines Hybrid-Symbols bestimmst du beim Wirken, dort wo du X bestimmen würdest.",
    Reason.X_ANNOUNCED: "Den Wert von X sagst du beim Wirken an; {X} kostet dann so viel generisches Mana.",
    Reason.LIFE_LIMIT: "Lebenspunkte zahlen darf nur, wer mindestens so viele hat.",
    Reason.LOSES_GAME: "Wer 0 oder weniger Lebenspunkte hat, verliert das Spiel.",
    Reason.LOSES_AT_ZERO: "Zahlst du alle deine Lebenspunkte, hast du danach 0 und verlierst das Spiel.",
    Reason.CONVOKE: (
        "Für jedes Mana der Gesamtkosten darfst du statt zu zahlen eine ungetappte Kreatur tappen: für farbiges "
        "Mana eine Kreatur dieser Farbe, für generisches eine beliebige."
    ),
    Reason.CONVOKE_TOTAL: "Einberufen gilt erst, wenn die Gesamtkosten feststehen, nach Erhöhungen und Reduzierungen.",
    Reason.CONVOKE_X_FIRST: "Den Wert von X sagst du vorher an, dann tappst du Kreaturen (Ruling zu Akkord des Rufes).",
    Reason.CONVOKE_ANNOUNCED: (
        "Ein Hybrid- oder phyrexianisches Symbol bezahlt eine Kreatur der angesagten Farbe; ein als {2} "
        "angesagtes {2/W} sind zwei generische Mana."
    ),
    Reason.CONVOKE_NOT_SNOW_OR_C: "{S} und {C} sind weder farbiges noch generisches Mana: keine Kreatur bezahlt sie.",
    Reason.CONVOKE_UNTAPPED: "Eine Kreatur, die kein Mana der Kosten mehr bezahlen kann, tappst du nicht.",
    Reason.CONVOKE_MANA_VALUE: "Einberufen ändert weder die Manakosten noch den Manawert des Zauberspruchs.",
    Reason.CONVOKE_2005: (
        "Damals reduzierte Einberufen die Kosten (im Dokument als „502.32a“ abgedruckt), nie unter 0; auch eine "
        "Kreatur, die nichts reduzierte, durfte getappt werden. Die Restkosten sind dieselben."
    ),
    Reason.TOTAL_COST: (
        "Gesamtkosten: Manakosten oder alternative Kosten, plus alle Erhöhungen, dann minus alle Reduzierungen "
        "in beliebiger Reihenfolge."
    ),
    Reason.TOTAL_MANA_VALUE: "Der Manawert bleibt derselbe, egal wie hoch die Gesamtkosten sind.",
    Reason.REDUCE_GENERIC: "Eine Reduzierung um generisches Mana senkt nur den generischen Anteil.",
    Reason.REDUCE_TYPE: "Eine Reduzierung um farbiges oder farbloses Mana nimmt ein Mana dieses Typs weg.",
    Reason.REDUCE_TYPE_MISSING: "Verlangen die Kosten kein Mana dieses Typs, senkt sie den generischen Anteil.",
    Reason.REDUCE_HYBRID_HALF: "Bei einer Hybrid-Reduzierung wählst du beim Anwenden eine ihrer Hälften.",
    Reason.REDUCE_PHYREXIAN: "Eine phyrexianische Reduzierung nimmt ein Mana ihrer Farbe weg.",
    Reason.REDUCE_SNOW: "Eine {S}-Reduzierung senkt den generischen Anteil.",
    Reason.REDUCE_FLOOR: "Die Gesamtkosten sinken nicht unter {0}.",
    Reason.REDUCE_ANNOUNCED_2005: "Eine farbige Reduzierung wirkt, falls diese Farbe Teil der bestimmten Kosten ist.",
    Reason.UPKEEP: (
        "Zu Beginn deines Versorgungssegments kommt eine Altersmarke dazu; dann zahlst du die Kosten einmal je "
        "Altersmarke oder opferst die bleibende Karte."
    ),
    Reason.UPKEEP_CHOICES: "Bei einer Auswahl wählst du für jede Altersmarke neu; gezahlt wird alles oder nichts.",
    Reason.UPKEEP_NON_MANA: "Auch Kosten, die kein Mana sind (Lebenspunkte, Opfern), zahlst du einmal je Altersmarke.",
    Reason.UPKEEP_DIFFERENT_CREATURES: (
        "Dieselbe Kreatur kann nicht zweimal geopfert werden: es müssen verschiedene sein, sonst opferst du die "
        "bleibende Karte."
    ),
    Reason.UPKEEP_2006: (
        "Beispiel der FAQ: „Kumulative Versorgung {1}“ mit drei Altersmarken – eine kommt dazu, dann werden {4} "
        "bezahlt oder die bleibende Karte geopfert."
    ),
    Reason.CLASH_REVEAL: "Jeder Spieler der Fehde deckt gleichzeitig die oberste Karte seiner Bibliothek auf.",
    Reason.CLASH_WIN: "Wer eine Karte mit höherem Manawert als alle anderen aufdeckt, gewinnt die Fehde.",
    Reason.CLASH_NOBODY: "Ist keine Karte höher als alle anderen, gewinnt niemand.",
    Reason.CLASH_RANDOM_TOP: (
        "Oben liegt jede Karte einer gemischten Bibliothek mit gleicher Wahrscheinlichkeit; exakt gerechnet, "
        "mit Brüchen."
    ),
    Reason.CLASH_REVEAL_2007: "Jeder Spieler deckt die oberste Karte seiner Bibliothek auf.",
    Reason.CLASH_WIN_2007: "Wer eine Karte mit höheren Manakosten als alle anderen aufdeckt, gewinnt.",
    Reason.CLASH_X_2007: "Ein X zählt 0; eine Karte ohne Manakosten (z. B. ein Land) hat 0.",
    Reason.CLASH_SPLIT_HALVES_2007: "Bei einer geteilten Karte zählte jede Hälfte einzeln.",
    Reason.CLASH_SPLIT_COMPARE_2007: (
        "Eine Karte war höher als eine andere, wenn einer ihrer Werte größer war als einer der anderen "
        "(Beispiel des Artikels: 3 > 2 und 2 > 1, beide gewinnen)."
    ),
    Reason.CLASH_SPLIT_2010: "Ein Vergleich mit einer geteilten Karte ergab „ja“, wenn eine ihrer Hälften „ja“ ergab.",
    Reason.CLASH_NOBODY_2007: "Ist keine Karte höher als alle anderen, gewinnt niemand; kein Remis, keine Niederlage.",
    Reason.CLASH_SEVERAL_2007: "Mehrere Spieler können dieselbe Fehde gewinnen.",
}


def source_label(source: Source, cr_date: str | None = None) -> str:
    """``"Ravnica-FAQ, 2005"``; today's CR with the store's effective date: ``"Comprehensive Rules, 17.04.2026"``."""
    if source is Source.CR and cr_date:
        return f"{SOURCES[source]}, {format_date(cr_date)}"
    return SOURCES[source]


def _rule_lines(reasons: Sequence[Reason], head: Source, cr_date: str | None, notes: dict[Reason, str],
                reviewed: frozenset[str] = frozenset()) -> str:
    """One line per reason: ``• 107.4e: …``; a reason of another source than the field's names it; a reason
    whose rule is "zu prüfen" (in ``reviewed``) ends with ``🔎``."""
    lines = []
    for reason in reasons:
        cite = reason.rule or ""
        if reason.source is not head:
            label = source_label(reason.source, cr_date)
            cite = f"{cite} ({label})" if cite else label
        text = _sentence(reason)
        extra = f" {notes[reason]}" if reason in notes else ""
        extra += " 🔎" if reviewed.intersection(cr_numbers(reason)) else ""
        lines.append(f"• {cite}: {text}{extra}" if cite else f"• {text}{extra}")
    return "\n".join(lines)


@functools.cache
def _sentence(reason: Reason) -> str:
    """The German sentence of ``reason`` (:data:`REASONS`) with its symbols written (:func:`with_symbols`): the same
    text on every answer, made once per reason (at most one per member of :class:`Reason`)."""
    return with_symbols(REASONS[reason])


@functools.cache
def cr_numbers(reason: Reason) -> tuple[str, ...]:
    """The numbers of today's Comprehensive Rules a reason cites (``"701.30a, 701.30c"`` → two); ``()`` for a
    dated document's rule. Read once per reason (a fixed fact of :class:`Reason`)."""
    if reason.source is not Source.CR or not reason.rule:
        return ()
    return tuple(n.strip() for n in reason.rule.split(",") if n.strip())


def review_field(reasons: Sequence[Reason], index: TodayIndex | None) -> Field | None:
    """„🔎 Zu prüfen“: the rules among ``reasons`` that changed in rules newer than the register's quote of them
    (``build --cr``, :mod:`bot.importer.review`): the review line and each one's new official text. The
    calculators' sentences (:data:`REASONS`) were written against the register's quotes; None when none of
    their rules changed (or without ``index``)."""
    if index is None:
        return None
    reviews = {n: index.rule_reviews[n] for r in reasons for n in cr_numbers(r) if n in index.rule_reviews}
    if not reviews:
        return None
    quotes = [quote_line(index, n) for n, r in reviews.items() if r.today_number]
    checked = max(r.checked for r in reviews.values())
    return Field(f"🔎 Zu prüfen ({SOURCES[Source.CR]}, {format_date(checked)})",
                 "\n".join([review_notice(list(reviews.values())), *quotes]))


def rule_fields(
    reasons: Sequence[Reason], history: Sequence[Reason], cr_date: str | None, notes: dict[Reason, str] | None = None,
    index: TodayIndex | None = None,
) -> list[Field]:
    """The rules as fields: „Regeln (…)“ for the rules that decide (each once), „Früher (…)“ for the dated
    rules of the documents that are not already among them; ``notes`` adds a fact to a reason's line. With the
    register's ``index``, a rule "zu prüfen" is marked ``🔎`` and its new text follows (:func:`review_field`)."""
    notes = notes or {}
    reasons = distinct(list(reasons))
    history = tuple(r for r in distinct(list(history)) if r not in reasons)
    review = review_field(reasons, index)
    reviewed = frozenset(index.rule_reviews) if index is not None and review is not None else frozenset()
    fields = []
    for name, group in (("Regeln", reasons), ("Früher", history)):
        if group:
            head = group[0].source
            fields.append(Field(f"{name} ({source_label(head, cr_date)})",
                                _rule_lines(group, head, cr_date, notes, reviewed)))
        if name == "Regeln" and review is not None:
            fields.append(review)
    return fields


# --------------------------------------------------------------------------- the answer's shape


@dataclass
class Calc:
    """A calculator answer before it is laid out.

    Attributes:
        title: the embed title (``"Bezahlen: {3}{G}{G}"``).
        result: the first line: the answer itself.
        lines: what follows in the description: why this is the best, the input as read, notices.
        details: fields with the calculation (payment, other choices, …).
        reasons: the rules that decide the result; ``history`` the documents' dated rules.
        notes: a fact added to a reason's line (a split card's two values to the Zwietracht FAQ's rule).
        sources: documents named besides the rules' (a card's FAQ).
    """

    title: str
    result: str
    lines: list[str] = field(default_factory=list)
    details: list[Field] = field(default_factory=list)
    reasons: Sequence[Reason] = ()
    history: Sequence[Reason] = ()
    notes: dict[Reason, str] = field(default_factory=dict)
    sources: list[str] = field(default_factory=list)


def calc_reply(calc: Calc, cr_date: str | None, index: TodayIndex | None = None) -> Reply:
    """The reply of a calculator: result first, details, rules (with the register's ``index``: a rule "zu
    prüfen" marked, its new text in a field), history; the first page at most :data:`FIRST_PAGE` characters
    with the footer, which names each source document once (:data:`DOCUMENT_TITLES`). A field too long for what is
    left of the first page (a long list of other results) moves to the next page, in order; the history stays
    after it."""
    cited = distinct([*calc.reasons, *calc.history])
    named = [s for s in dict.fromkeys(r.source for r in cited) if DOCUMENT_TITLES.get(s) not in calc.sources]
    labels = [*calc.sources, *(source_label(s, cr_date) for s in named)]  # each document once
    source = " · ".join(dict.fromkeys(labels)) or "Regelbot-Rechner"
    body = "\n".join([calc.result, *calc.lines])
    fields = [*calc.details, *rule_fields(calc.reasons, calc.history, cr_date, calc.notes, index)]
    budget = FIRST_PAGE - len(source) - len("Quelle: ") - len(" · Seite 9/9") - len(calc.title) - len(body)
    first: list[Field] = []
    later: list[Field] = []
    for f in fields:  # in order; a field too long for what is left waits for the next page
        if len(f.name) + len(f.value) <= budget and not (later and f.name.startswith("Früher")):
            budget -= len(f.name) + len(f.value)
            first.append(f)
        else:
            later.append(f)
    pages = [Page(title=calc.title, body=body, fields=first)]
    if later:
        pages.append(Page(title=calc.title, fields=later))
    return Reply(pages=pages, source=source)
