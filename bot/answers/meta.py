"""``/info``: what the bot knows — its documents, their dates and what was imported from each."""

from __future__ import annotations

from bot.answers.registry import AnswerContext, answer
from bot.reply import Field, Page, Reply, format_date

KIND_LABELS = {
    "card": "Karten",
    "ruling": "Rulings",
    "mechanic": "Mechanik-Abschnitte",
    "quoted_rule": "zitierte Regeln",
    "rule_explanation": "Regelerklärungen",
    "card_matched": "Dokumentkarten mit englischem Namen",
    "card_added": "zusätzliche Karten",
    "explanation_aligned": "Erklärungen mit sicherer Regelnummer",
    "explanation_uncertain": "Erklärungen mit unsicherer Regelnummer",
    "explanation_unaligned": "Erklärungen ohne Regelnummer",
    "cr_rule": "Regeln",
    "cr_subrule": "Unterregeln",
    "cr_glossary": "Glossarbegriffe",
}


@answer("info")
async def info_answer(ctx: AnswerContext) -> Reply:
    """The documents in the store with date and counts per kind (from ``import_counts``)."""
    docs = await ctx.store.documents()
    rows = await ctx.store.fetchall("SELECT file, kind, count FROM import_counts ORDER BY file, kind")
    per_file: dict[str, list[str]] = {}
    for file, kind, count in rows:
        per_file.setdefault(file, []).append(f"{count} {KIND_LABELS.get(kind, kind)}")
    fields = []
    seen_files: set[str] = set()
    for doc in docs:
        date = format_date(doc.date)
        value = f"`{doc.file}`" + (f" · {date}" if date else "")
        if doc.file not in seen_files:
            value += "\n" + ", ".join(per_file.get(doc.file, []))
            seen_files.add(doc.file)
        fields.append(Field(name=doc.title, value=value))
    for version in await ctx.store.cr_versions():  # build --cr (issue 6)
        counts = ", ".join(f"{count} {KIND_LABELS[kind]}" for file, kind, count in rows
                           if file == version.file and kind in ("cr_rule", "cr_subrule", "cr_glossary"))
        label = "aktuell" if version.is_current else "für alte Regelnummern"
        fields.append(Field(name=f"Comprehensive Rules ({label})",
                            value=f"`{version.file}` · Stand {format_date(version.effective)}\n{counts}"))
    body = (
        "Regelbot beantwortet Regelfragen zu Magic: The Gathering aus offiziellen Dokumenten. "
        "Jede Antwort nennt ihre Quelle und deren Datum — ältere Dokumente verwenden ältere Begriffe "
        "(z. B. „umgewandelte Manakosten“ statt „Manawert“)."
    )
    return Reply(pages=[Page(title="Über Regelbot", body=body, fields=fields)], source="Regelbot")
