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
    assert f"• Abschnitt „Fehde“ {FEHDE_DOC} · ⚠️ heute überholt ⚠️¹" in first.split("\n")
    assert f"• Abschnitt „Clash“ {FEHDE_DOC} · ⚠️ heute überholt ⚠️¹" in first.split("\n")  # one row, said once
    assert "\n⚠️¹ **Heute:** Fehde ist heute Regel 701.30. Die Spieler decken gleichzeitig auf" in first
    # the old numbers with today's; 701.19c's wording differs today (mana value), 701.19a/b only moved
    assert "**701.19c** (heute 701.30d; ℹ️ heute anders formuliert) · _Fehde (Clash)" in rules
    assert "**701.19a** (heute 701.30a) · _Fehde (Clash)" in rules
    assert "\nEin Spieler gewinnt eine **Fehde**, wenn der Spieler eine Karte mit höheren Manakosten aufdeckt" in rules


async def test_the_shared_statement_of_fehde_stands_under_the_sections_it_belongs_to(ctx):
    # one register row (data/changes.toml) for the sections „Fehde“ and „Clash“ of 000: its statement is their
    # footnote, under them (and the rulings listed with them), as a note several rulings share stands under them
    lines = (await run_answer(ctx, "rule", search="Fehde")).pages[0].body.split("\n")
    tied = [i for i, ln in enumerate(lines) if ln.startswith("• Abschnitt") and ln.endswith("⚠️¹")]
    shared = next(i for i, ln in enumerate(lines) if ln.startswith("⚠️¹ **Heute:** Fehde ist heute Regel 701.30."))
    entries = [i for i, ln in enumerate(lines) if ln.startswith("• ")]
    assert len(tied) == 2 and shared == max(entries) + 1


async def test_frage_and_the_rule_list_name_701_19c_s_status_alike(ctx):
    frage = await run_answer(ctx, "question", question="wer gewinnt eine fehde")
    owner = next(line for line in frage.pages[0].body.split("\n") if line.startswith("**Regel 701.19c**"))
    assert owner.startswith("**Regel 701.19c** (heute 701.30d; Regel, wie im Dokument gedruckt)")
    assert "ℹ️ heute anders formuliert" in owner


async def test_a_term_pages_footnote_stands_under_the_items_it_belongs_to(ctx):
    """``/regel suche: Einberufen``: the section's own statement of today right under its line („Einberufen ist heute
    Regel 702.51 …“, data/changes.toml), the wording note three rulings share („ℹ️¹ **Heute:** Aussage weiter
    richtig; …“) under those rulings, not between the section and its rulings; page 2's 502.46b and 502.32a carry
    the register's notes on their numbers, before their text of 2005."""
    reply = await run_answer(ctx, "rule", search="Einberufen")
    term_page = next(p for p in reply.pages if p.title == "Einberufen – Regel 702.51")
    lines = term_page.body.split("\n")
    at = lines.index("• Abschnitt „Einberufen“ (Ravnica: Stadt der Gilden) · ⚠️ heute überholt")
    assert lines[at + 1].startswith("⚠️ **Heute:** Einberufen ist heute Regel 702.51: keine zusätzlichen oder "
                                    "alternativen Kosten (702.51b).")
    shared = next(i for i, ln in enumerate(lines) if ln.startswith("ℹ️¹ **Heute:** Aussage weiter richtig; heute heißt"))
    tied = [i for i, ln in enumerate(lines) if ln.startswith("• Ruling") and "ℹ️¹" in ln]
    assert len(tied) == 3 and shared > max(tied) > at
    rules = next(p for p in reply.pages if p.title == "Regeln zu „Einberufen“").body
    assert ("**502.46b** (heute ohne Gegenstück; ⚠️ heute überholt) · _Ravnica: Stadt der Gilden – Häufig gestellte "
            "Fragen (30.08.2005)_\n⚠️ **Heute:** Kein Gegenstück: Einberufen reduziert heute keine Kosten (702.51a-b), "
            "daher gibt es keine Untergrenze mehr.") in rules
    assert ("\n⚠️ **Heute:** So gedruckt (gemeint 502.46a). Damals zusätzliche Kosten mit Kostenreduzierung; heute "
            "bezahlt jede getappte Kreatur ein Mana der Gesamtkosten. _(Beleg: 702.51a)_\n**Früher** (heute überholt): "
            "**Einberufen** ist eine statische Fähigkeit") in rules
