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
    body = (
        "Regelbot beantwortet Regelfragen zu Magic: The Gathering aus offiziellen Dokumenten. "
        "Jede Antwort nennt ihre Quelle und deren Datum — ältere Dokumente verwenden ältere Begriffe "
        "(z. B. „umgewandelte Manakosten“ statt „Manawert“)."
    )
    return Reply(pages=[Page(title="Über Regelbot", body=body, fields=fields)], source="Regelbot")
