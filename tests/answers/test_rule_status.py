"""Every list of a document's rules and sections shows today's status the same way (bot/answers/rule_status.py):
an old rule number with today's and, when the register says the rule is worded otherwise or changed today, that
status as /frage's owner line names it; a section /mechanik opens with today's statement carries „⚠️ heute
überholt“. Evidence: 000 prints 701.19c „höheren Manakosten“, today 701.30d „mana value“ (CR 17.04.2026); 701.30c
(APNAP) is new."""

from __future__ import annotations

from bot.answers import run_answer

FEHDE_DOC = "(Fehde (Clash) – Artikel zur Schlüsselwort-Aktion)"


async def test_the_term_page_of_fehde_marks_its_sections_and_rules_today(ctx):
    reply = await run_answer(ctx, "rule", search="Fehde")
    first, rules = reply.pages[0].body, reply.pages[1].body
    assert f"• Abschnitt „Fehde“ {FEHDE_DOC} · ⚠️ heute überholt" in first.split("\n")
    # the old numbers with today's; 701.19c's wording differs today (mana value), 701.19a/b only moved
    assert "**701.19c** (heute 701.30d; ℹ️ heute anders formuliert) · _Fehde (Clash)" in rules
    assert "**701.19a** (heute 701.30a) · _Fehde (Clash)" in rules
    assert "\nEin Spieler gewinnt eine **Fehde**, wenn der Spieler eine Karte mit höheren Manakosten aufdeckt" in rules


async def test_frage_and_the_rule_list_name_701_19c_s_status_alike(ctx):
    frage = await run_answer(ctx, "question", question="wer gewinnt eine fehde")
    owner = next(line for line in frage.pages[0].body.split("\n") if line.startswith("**Regel 701.19c**"))
    assert owner.startswith("**Regel 701.19c** (heute 701.30d; Regel, wie im Dokument gedruckt)")
    assert "ℹ️ heute anders formuliert" in owner
