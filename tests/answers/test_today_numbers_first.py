"""A rule number that a document of 2005 or 2007 prints for another rule than today's is read as today's rule first,
in every answer path of a number: ``/regel suche``, its autocomplete, the ``rb:rule:`` buttons and ``/frage``. The
document's rule follows as dated history („so zitiert 2005, heute 107.4“). Ravnica FAQ (001, 30.08.2005) prints 104.3
for the mana symbols, today's 107.4; today's 104.3 is „There are several ways to lose the game.“ (CR 17.04.2026), in
German 003's entry 124 „Es gibt mehrere Möglichkeiten, die Partie zu verlieren.“"""

from __future__ import annotations

from bot.answers import run_action, run_answer, run_completer
from bot.answers.questions import HEDGE_LINE
from bot.answers.rules import rule_queries

TITLE = "Regel 104.3 (heute) – Partie verlieren · so zitiert 2005, heute 107.4"


async def test_todays_rule_of_the_number_leads_and_the_faq_s_rule_follows_as_history(ctx):
    reply = await run_answer(ctx, "rule", search="104.3")
    first = reply.pages[0]
    assert first.title == TITLE
    assert first.body.startswith("**Heute: Regel 104.3** – There are several ways to lose the game. _(Comprehensive "
                                 "Rules vom 17.04.2026)_\n**Auf Deutsch** (Magic-Regelwerk auf Deutsch (CardX Academy, "
                                 "Stand: aktuelle Regeln 2024+), vermutlich zu Regel 104.3): Es gibt mehrere "
                                 "Möglichkeiten, die Partie zu verlieren.")
    old = first.body.index("**So zitiert 2005, heute 107.4** – ein Dokument von 2005 meint mit 104.3 eine andere "
                           "Regel:")
    assert first.body.index("Es gibt mehrere") < old < first.body.index("**104.3** ist heute **107.4**: The mana")
    # then 003's entries of today's subrules, the FAQ's page last, pointed to from the first page; 003's entry of
    # 104.3, quoted whole above, gets no page of its own (until 2026-12-07 evening page 2 „Erklärung, vermutlich Regel
    # 104.3 – Partie verlieren“ repeated it), its terms stand on the first page
    titles = [p.title for p in reply.pages]
    assert "Erklärung, vermutlich Regel 104.3 – Partie verlieren" not in titles
    assert titles[1] == "Regel 104.3a (Erklärung)" and titles[-1] == "Regel 104.3 mit 104.3f"
    assert [(f.name, f.value) for f in first.fields] == [("Begriffe", "Partie verlieren (lose the game)")]
    assert f"**Früher** (Ravnica: Stadt der Gilden – Häufig gestellte Fragen, 30.08.2005): Wortlaut auf Seite " \
           f"{len(titles)}." in first.body
    assert reply.pages[-1].body.startswith("**104.3** (heute 107.4; ℹ️ heute anders formuliert) Die Manasymbole sind")


async def test_a_number_meaning_the_same_rule_today_keeps_the_document_first(ctx):
    # 502.46 (Einberufen, 2005) has no other rule under its number today: the FAQ's meaning leads as before
    reply = await run_answer(ctx, "rule", search="502.46")
    assert reply.pages[0].title == "Regel 502.46 (so zitiert) – heute 702.51"
    assert "**Heute: Regel" not in reply.pages[0].body


async def test_the_button_the_autocomplete_and_frage_read_the_number_alike(ctx):
    pressed = await run_action(ctx, "rule", "104.3")
    assert pressed.pages[0].title == TITLE
    choices = await run_completer(ctx, rule_queries, "104.3")
    assert choices[0].name == "104.3 (heute; so zitiert 2005: 107.4) – Es gibt mehrere Möglichkeiten, die Partie zu " \
           "verlieren."
    asked = await run_answer(ctx, "question", question="was sagt regel 104.3")
    body = asked.pages[0].body
    assert "_Schlüssel: 003:124_" in body and HEDGE_LINE not in body
    others = " ".join(f"{f.name} {f.value}" for f in asked.pages[0].fields)  # the FAQ's rule among the others
    assert "Regel 104.3 (heute 107.4) – Regel, wie im Dokument gedruckt" in others
