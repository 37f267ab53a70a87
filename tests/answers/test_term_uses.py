"""A term page of ``/regel suche`` says the documents do not use a term only when no passage of theirs does: 003's
explanation of the rules writes „Match“ (100.4, 100.6a, 103.1), which no ruling and no mechanics section does, so
the page of Match lists those passages (bot/answers/term_uses.py)."""

from __future__ import annotations

from bot.answers import run_answer

NOT_USED = "Die Dokumente des Bots verwenden diesen Begriff nicht."


async def test_a_term_only_003_s_rules_text_uses_lists_those_passages_instead_of_saying_it_is_not_used(ctx):
    for search in ("match", "bo3"):  # „bo3“: the players' word for a match of best of three (data/synonyms.tsv)
        reply = await run_answer(ctx, "rule", search=search)
        page = reply.pages[0]
        assert page.title == "Match – Regel 100.6", search
        assert NOT_USED not in page.body
        assert "**In den Dokumenten des Bots:**\n• Regel 100.4 (Erklärung) (Magic-Regelwerk auf Deutsch" in page.body
        assert "• Regel 100.6a (Erklärung) (Magic-Regelwerk auf Deutsch (CardX Academy, Stand: aktuelle Regeln " \
               "2024+)): Turniere bestehen meist aus einer Reihe von Matches." in page.body
        assert "• Regel 103.1 (Erklärung)" in page.body
        assert {(a.action, a.arg) for a in page.actions or reply.actions} >= {
            ("passage", "003:19"), ("passage", "003:29"), ("passage", "003:55")}


async def test_a_term_no_document_uses_is_still_said_unused(ctx):
    # Provozieren (provoke): 004 writes „provoziert“ for goad, a term of its own; none uses provoke
    page = (await run_answer(ctx, "rule", search="Provozieren")).pages[0]
    assert NOT_USED in page.body.partition("**In den Dokumenten des Bots als")[0]


async def test_a_players_word_no_document_has_is_explained_where_the_search_finds_nothing(ctx):
    # „lord“ (data/players_words.tsv: no word of the documents) gets /frage's explanation on /regel suche and
    # /ruling suche too, above the hint (before: „Nichts gefunden“ alone)
    line = "ℹ️ „lord“ (Spielersprache: ein Effekt, der andere Kreaturen verstärkt) steht in keinem Dokument des Bots."
    for command, option in (("rule", "search"), ("ruling", "search")):
        reply = await run_answer(ctx, command, **{option: "lord"})
        assert reply.pages[0].title == "Nichts gefunden für „lord“", command
        assert reply.pages[0].body.startswith(line + "\nVersuche andere Wörter"), command


async def test_a_two_sense_players_word_alone_names_both_terms_first(ctx):
    # data/players_senses.tsv: „sb“ is the state-based actions (704) or the Sideboard (100.4); alone, nothing decides,
    # so /regel suche names both above its hits (before: only state-based actions, the Sideboard nowhere)
    line = ("ℹ️ „sb“ meint bei Spielern zweierlei: **Zustandsbasierte Aktionen** (Regel 704) oder **Sideboard** "
            "(Regel 100.4); jedes einzeln erklärt: `/regel suche: Zustandsbasierte Aktionen` · "
            "`/regel suche: Sideboard`\n")
    for search in ("sb", "SB", "sb regel"):
        assert (await run_answer(ctx, "rule", search=search)).pages[0].body.startswith(line), search
    for search in ("sb prüfen wenn die kreatur stirbt", "prio", "Sideboard"):  # decided, or no such word
        assert "meint bei Spielern zweierlei" not in (await run_answer(ctx, "rule", search=search)).pages[0].body
