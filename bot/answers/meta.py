"""``/info``: what the bot knows — its documents, their dates and what was imported from each."""

from __future__ import annotations

from bot.answers.layout import budget_of
from bot.answers.registry import AnswerContext, answer
from bot.answers.today_index import TodayIndex, today_index
from bot.answers.today_notes import coverage
from bot.reply import Field, Page, Reply, format_date
from bot.text import german_int

#: kind in import_counts → (singular, plural) in German; kinds not listed are internal and not shown.
KIND_LABELS = {
    "card": ("Karte", "Karten"),
    "ruling": ("Ruling", "Rulings"),
    "mechanic": ("Mechanik-Abschnitt", "Mechanik-Abschnitte"),
    "quoted_rule": ("zitierte Regel", "zitierte Regeln"),
    "rule_explanation": ("Regelerklärung", "Regelerklärungen"),
    "example": ("Beispiel", "Beispiele"),
    "see_also": ("Siehe-auch-Verweis", "Siehe-auch-Verweise"),
    "term": ("englischer Begriff", "englische Begriffe"),
    "card_matched": ("Dokumentkarte mit englischem Namen", "Dokumentkarten mit englischem Namen"),
    "card_added": ("zusätzliche Karte", "zusätzliche Karten"),
    "explanation_aligned": ("Erklärung mit sicherer Regelnummer", "Erklärungen mit sicherer Regelnummer"),
    "explanation_uncertain": ("Erklärung mit unsicherer Regelnummer", "Erklärungen mit unsicherer Regelnummer"),
    "explanation_unaligned": ("Erklärung ohne Regelnummer", "Erklärungen ohne Regelnummer"),
    "cr_rule": ("Regel", "Regeln"),
    "cr_subrule": ("Unterregel", "Unterregeln"),
    "cr_glossary": ("Glossarbegriff", "Glossarbegriffe"),
}


def count_label(count: int, kind: str) -> str | None:
    """``(1, "card")`` → ``"1 Karte"``, ``(3, "card")`` → ``"3 Karten"``; None for internal kinds or 0."""
    labels = KIND_LABELS.get(kind)
    if labels is None or count == 0:
        return None
    return f"{german_int(count)} {labels[0] if count == 1 else labels[1]}"  # 100.000 Karten with MTGJSON's files


@answer("info")
async def info_answer(ctx: AnswerContext) -> Reply:
    """The documents in the store with date and counts per kind (from ``import_counts``)."""
    docs = await ctx.store.documents()
    per_file: dict[str, list[str]] = {}
    for row in await ctx.store.import_counts():
        label = count_label(row.count, row.kind)
        if label:
            per_file.setdefault(row.file, []).append(label)
    by_file: dict[str, list] = {}
    for doc in docs:
        by_file.setdefault(doc.file, []).append(doc)
    fields = []
    for file, file_docs in by_file.items():
        if file_docs[0].kind in ("cr", "mtgjson"):
            continue
        lines = [f"• {d.title}" + (f" ({format_date(d.date)})" if d.date else "") for d in file_docs]
        name = file_docs[0].title if len(file_docs) == 1 else f"{len(file_docs)} Set-FAQs"
        value = "\n".join(([] if len(file_docs) == 1 else lines) + [", ".join(per_file.get(file, [])), f"`{file}`"])
        if len(file_docs) == 1 and file_docs[0].date:
            value = f"Stand {format_date(file_docs[0].date)}\n" + value
        fields.append(Field(name=name, value=value))
    for version in await ctx.store.cr_versions():  # build --cr
        counts = ", ".join(per_file.get(version.file, []))
        label = "aktuell" if version.is_current else "für alte Regelnummern"
        fields.append(
            Field(
                name=f"Comprehensive Rules ({label})",
                value=f"`{version.file}` · Stand {format_date(version.effective)}\n{counts}",
            )
        )
    register = await register_field(ctx)
    if register is not None:
        fields.append(register)
    body = (
        "Regelbot beantwortet Regelfragen zu Magic: The Gathering aus offiziellen Dokumenten. "
        "Jede Antwort nennt ihre Quelle und deren Datum — ältere Dokumente verwenden ältere Begriffe "
        "(z. B. „umgewandelte Manakosten“ statt „Manawert“)."
    )
    return Reply(pages=[Page(title="Über Regelbot", body=body, fields=fields)], source="Regelbot")


_STATUS_LABELS = (("unchanged", "unverändert"), ("changed", "geändert"), ("wording", "nur Begriffe"),
                  ("current", "aktuelle Quelle"))


async def _counted(index: TodayIndex) -> dict[str, dict[str, int]]:
    """:func:`coverage` of ``index`` (a loader for :meth:`bot.store.Store.memo`)."""
    return coverage(index)


async def register_field(ctx: AnswerContext) -> Field | None:
    """``/info``: the change register's coverage — how many rulings and sections were checked and
    how many are unchanged, changed, wording only; None for a store without the register."""
    index = await today_index(ctx.store)
    if not index.status and not index.current:
        return None
    cov = await ctx.store.memo("register coverage", lambda: _counted(index))  # the store's: counted once
    rulings, sections = sum(cov["ruling"].values()), sum(cov["mechanic"].values())
    lines = [f"{german_int(rulings)} Rulings und {german_int(sections)} Mechanik-Abschnitte geprüft"]
    for kind, label in (("ruling", "Rulings"), ("mechanic", "Abschnitte")):
        parts = [f"{german_int(cov[kind][status])} {name}" for status, name in _STATUS_LABELS if cov[kind].get(status)]
        lines.append(f"{label}: " + ", ".join(parts))
    unclassified = cov["ruling"].get("unreviewed", 0) + cov["mechanic"].get("unreviewed", 0)
    lines.append(f"{unclassified} ohne Einordnung · {len(index.changes)} Registerzeilen, Regeln vom "
                 f"{format_date(next(iter(index.cr.values()))[1]) if index.cr else '–'}")
    lines += filter(None, [(await ctx.store.review_summary()).line()])  # rows under review after a newer --cr
    return Field(name="Stand heute (Änderungsregister)", value="\n".join(lines))


#: (command as a German user types it, what it does, an example). A test checks that every command of the
#: bot's command tree is listed here.
HELP = (
    (
        "/frage",
        "Eine Regelfrage in eigenen Worten: die passendste Stelle ganz, weitere als Knöpfe",
        "/frage frage: Wer gewinnt die Fehde, wenn beide Karten gleich viel kosten?",
    ),
    ("/karte", "Kartentext, Manakosten, Typzeile und Rulings einer Karte", "/karte name: Boros-Rekrut"),
    ("/ruling", "Alle Rulings einer Karte oder Volltextsuche in allen Rulings", "/ruling suche: Bibliothek mischen"),
    ("/regel", "Regel nach Nummer (wie in den Dokumenten gedruckt) oder Stichwort", "/regel suche: 701.19"),
    ("/mechanik", "Mechanik-Abschnitt einer FAQ: Erklärung, Regeln, Rulings", "/mechanik name: Einberufen"),
    ("/mana info", "Manawert, Farben und Hybrid-Bezahlmöglichkeiten", "/mana info kosten: {G/W}{G/W}"),
    (
        "/mana bezahlen",
        "Kann der Manavorrat die Kosten bezahlen?",
        "/mana bezahlen kosten: 2WU vorrat: 2 weiß, 1 blau, 2 grün",
    ),
    (
        "/mana einberufen",
        "Was nach Einberufen noch zu zahlen bleibt",
        "/mana einberufen kosten: {X}{G}{G}{G} kreaturen: 2 grün, Artefakt x: 2",
    ),
    (
        "/mana gesamtkosten",
        "Gesamtkosten mit Erhöhungen und Reduzierungen",
        "/mana gesamtkosten kosten: {2/W}{R} reduzierung: {2} leben: 20",
    ),
    (
        "/mana versorgung",
        "Kumulative Versorgung beim Auslösen mit N Altersmarken (eine kommt dazu)",
        "/mana versorgung kosten: {1} marken: 3",
    ),
    (
        "/fehde aufdecken",
        "Wer gewinnt die Fehde (heute oder Regelstand 2007)?",
        "/fehde aufdecken karte1: Bestimmt // Unbeirrt karte2: {3}{R}",
    ),
    (
        "/fehde chancen",
        "Genaue Gewinnchancen einer Fehde für zwei Bibliotheken",
        "/fehde chancen bibliothek1: 0:24 2:36 bibliothek2: 0:20 3:40",
    ),
    ("/info", "Aus welchen Dokumenten der Bot antwortet", "/info"),
    ("/hilfe", "Diese Übersicht", "/hilfe"),
)


#: The other ways to ask: (name, what, how). A test checks that every message command of the
#: command tree is listed here by its German name.
HELP_CHAT = (
    (
        "Karten erklären",
        "Nachrichtenbefehl: erklärt die Karten, die eine Nachricht nennt (höchstens 10, nur für dich)",
        "Nachricht antippen oder rechtsklicken → Apps → Karten erklären",
    ),
    (
        "[[Karte]]",
        "Karten in einer normalen Nachricht (bis zu 5), mit |rulings die Rulings – falls der Betreiber es "
        "eingeschaltet hat (INLINE_CARDS=1)",
        "Was macht [[Boros-Rekrut]]? [[Feld der Unterdrückung|rulings]]",
    ),
    (
        "privat",
        "Option jedes Befehls: nur du siehst die Antwort; „Im Kanal teilen“ zeigt sie allen",
        "/karte name: Krims // Krams privat: True",
    ),
    (
        "Meintest du",
        "Vorschläge bei unklaren Namen sind Knöpfe oder ein Auswahlmenü: antippen genügt",
        "/karte name: Konklave",
    ),
    (
        "Eigenes Konto",
        "Regelbot lässt sich zum eigenen Discord-Konto hinzufügen und dann in jedem Server und in DMs nutzen",
        "Einladungslink → „Zu meinen Apps hinzufügen“",
    ),
)


@answer("help")
async def help_answer(ctx: AnswerContext) -> Reply:
    """``/help`` (``/hilfe``): every command with what it does and an example (on as many pages as the first-page
    budget needs); on the last page the other ways to ask
    (:data:`HELP_CHAT`: message command, ``[[Karte]]``, ``privat``, "Meintest du" choices, user install)."""
    commands = [Field(name=cmd, value=f"{what}\n`{example}`") for cmd, what, example in HELP]
    chat = [Field(name=name, value=f"{what}\n`{how}`") for name, what, how in HELP_CHAT]
    # The commands on as many pages as the first-page budget of an answer needs (the most asked first).
    groups: list[list[Field]] = [[]]
    for f in commands:
        if groups[-1] and sum(len(g.name) + len(g.value) for g in [*groups[-1], f]) > budget_of(0) - 100:
            groups.append([])
        groups[-1].append(f)
    names = ("Befehle heißen in einem deutschen Discord-Client deutsch, sonst englisch (/karte = /card). "
             "Optionen mit Vorschlagsliste: einfach anfangen zu tippen.")
    pages = [*(Page(title="Regelbot – Befehle", body="Jeder Befehl mit einem Beispiel:", fields=g) for g in groups),
             Page(title="Regelbot – im Chat und privat", body=f"{names}\n\nWeitere Wege, Regelbot zu fragen:",
                  fields=chat)]
    return Reply(pages=pages, source="Regelbot")
