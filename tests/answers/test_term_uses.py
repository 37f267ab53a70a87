"""A term page of ``/regel suche`` says the documents do not use a term only when no passage of theirs does: 003's
explanation of the rules writes „Match“ (100.4, 100.6a, 103.1), which no ruling and no mechanics section does, so
the page of Match lists those passages (bot/answers/term_uses.py)."""

from __future__ import annotations

import shutil
import sqlite3

import pytest

from bot.answers import run_answer
from bot.answers.terms import document_entries
from bot.answers.unexplained import used_beyond_table
from bot.store import Store
from bot.terms import term_index

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
    # Provozieren (provoke): 004 writes „provoziert“ for goad, a term of its own; none uses provoke, said in the sense
    page = (await run_answer(ctx, "rule", search="Provozieren")).pages[0]
    assert ("Im Sinn von **Provozieren** (Provoke) verwenden die Dokumente des Bots das Wort nicht"
            in page.body.partition("**In den Dokumenten des Bots als")[0])
    assert NOT_USED in (await run_answer(ctx, "rule", search="Leere")).pages[0].body  # 001: card names only


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


async def test_the_store_says_where_a_term_is_used_in_a_title_or_a_text(ctx):
    # „zuschießen“ stands only in the title of 001's section „Karten mit doppeltem Zuschießen“ (001:2929) and its
    # rulings; Kaskade (zzkcascade) only in its table line; Sturm (zzkstorm) in 001:3060's text
    zuschiess = await ctx.store.term_uses("zuschiess", kinds=("mechanic",))
    assert [(u.key, u.in_title, u.in_text) for u in zuschiess] == [("001:2929", True, False)]
    assert [u.key for u in await ctx.store.term_uses("zzkcascade")] == ["term:Kaskade"]
    assert await ctx.store.term_uses("zzkcascade", besides=("term",)) == []
    storm = await ctx.store.term_uses("zzkstorm", besides=("term",))
    assert [(u.key, u.kind, u.in_title, u.in_text) for u in storm] == [("001:3060", "ruling", False, True)]
    for bad in ("zzk cascade OR x", "no-fts)", ""):
        with pytest.raises(ValueError, match="no term to look up"):
            await ctx.store.term_uses(bad)


async def test_a_passage_holding_the_word_only_accent_folded_takes_no_place_of_a_use(built_db, tmp_path):
    # The index folds accents („zuschiess“ finds „züschiess“): a passage before 001:2929 whose title holds the word
    # only so came first and, with limit=1, hid 001:2929's title „Karten mit doppeltem Zuschießen“, which holds it
    db = tmp_path / "folded.sqlite3"
    shutil.copy(built_db, db)
    with sqlite3.connect(db) as conn:
        first, names, terms, raw = conn.execute(
            "SELECT i.id, i.names, i.terms, i.raw FROM passage_index i JOIN passages p ON p.id = i.id "
            "WHERE p.kind = 'mechanic' ORDER BY i.id LIMIT 1").fetchone()
        conn.execute("INSERT INTO passages_fts (passages_fts, rowid, names, terms, raw) VALUES ('delete', ?, ?, ?, ?)",
                     (first, names, terms, raw))
        conn.execute("UPDATE passages SET names = names || ' züschiess' WHERE id = ?", (first,))
        conn.execute("INSERT INTO passages_fts (rowid, names, terms, raw) SELECT id, names, terms, raw FROM "
                     "passage_index WHERE id = ?", (first,))
    store = await Store.open(db)
    try:
        uses = await store.term_uses("zuschiess", kinds=("mechanic",), limit=1)
        assert [(u.key, u.in_title, u.in_text) for u in uses] == [("001:2929", True, False)]
        # as given, the accented word is the changed passage's (000:1), and 001:2929 holds it only folded
        assert [u.key for u in await store.term_uses("züschiess", kinds=("mechanic",))] == ["000:1"]
    finally:
        await store.close()


async def test_the_term_page_and_the_frage_line_read_the_same_uses(ctx):
    # Schlüsselwortfähigkeit: every keyword's table line carries its concept, so the 50 best-scored passages the
    # page read were all table lines and it said the documents did not use the term, while /frage's rule read
    # passages beyond the table. The documents do use it: 002:5 „erhalten weder die Schlüsselwortfähigkeit noch die
    # ausgelöste Fähigkeit“, 003:231 „Jedes ist eine Schlüsselwortfähigkeit“
    term = term_index().lookup("Schlüsselwortfähigkeit").term
    assert await used_beyond_table(ctx.store, term)
    page = (await run_answer(ctx, "rule", search="Schlüsselwortfähigkeit")).pages[0]
    assert NOT_USED not in page.body
    assert "• Getrieben // Verzweiflung (Rulings zu Getrieben // Verzweiflung und geteilten Karten, 14.07.2017): " \
           "Kreaturen, deren Kontrolle du später im Zug übernimmst, erhalten weder die Schlüsselwortfähigkeit noch " \
           "die ausgelöste Fähigkeit." in page.body
    assert "• Regel 107.15 (Erklärung) (Magic-Regelwerk auf Deutsch (CardX Academy, Stand: aktuelle Regeln 2024+)): " \
           "Jedes ist eine Schlüsselwortfähigkeit, die für eine ausgelöste Fähigkeit steht" in page.body
    # Kaskade: neither reads a use
    assert not await used_beyond_table(ctx.store, term_index().lookup("Kaskade").term)
    assert NOT_USED in (await run_answer(ctx, "rule", search="Kaskade")).pages[0].body


@pytest.mark.parametrize(("name", "section"), [
    ("Geteilte Karte", "• Abschnitt „Geteilte Karten“ (Zwietracht) · ⚠️ heute überholt"),
    ("Schnee-Manasymbol", "• Abschnitt „Verschneite Karten und das Schnee-Manasymbol“ (Kälteeinbruch)"),
    ("Hybrid-Manasymbol", "• Abschnitt „Hybrid-Karten und Halbe-Halbe-Manasymbole“ (Ravnica: Stadt der Gilden) · "
     "ℹ️ heute anders formuliert"),
])
async def test_a_term_lists_the_sections_whose_title_carries_it(ctx, name, section):
    # the section's title names the term in another form (a plural, a compound): the title's concept, as the
    # /frage rule reads titles, not the title's first words
    lines, actions = await document_entries(ctx, term_index().lookup(name).term)
    line, *today = lines[0].split("\n")
    assert line == section
    assert all(t.startswith(("⚠️ **Heute:** ", "ℹ️ **Heute:** ")) for t in today) and len(today) == ("·" in section)
    assert actions[0].label == "Mechanik: " + section.split("„")[1].split("“")[0]


async def test_a_term_only_a_title_names_is_used_on_both_paths(ctx):
    # Saga: no passage's text carries it beyond the table, 003:233's title does („Regelerklärung – saga“, 003's
    # explanation of the chapter symbols): the page lists that passage and /frage says no 🚫 line; before, /frage's
    # rule read texts only and the page the same, so both called it unused
    term = term_index().lookup("Saga").term
    assert await used_beyond_table(ctx.store, term)
    reply = await run_answer(ctx, "rule", search="Saga")
    assert NOT_USED not in reply.pages[0].body
    assert "• Erklärung, vermutlich Regel 107.15b – Saga (Magic-Regelwerk auf Deutsch (CardX Academy, Stand: " \
           "aktuelle Regeln 2024+)): „{rN1}, {rN2}—\\[Effekt\\]“ bedeutet dasselbe" in reply.pages[0].body
    assert ("passage", "003:233") in {(a.action, a.arg) for a in reply.pages[0].actions or reply.actions}
    assert "🚫" not in (await run_answer(ctx, "question", question="was ist eine saga")).pages[0].body
