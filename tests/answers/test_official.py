"""Official sources on small fixtures (no reference files needed): build --cr/--cards, the store
methods and the answers of bot/answers/official.py.

The store is built from data/sources plus tests/importer/fixtures/cr_2026_bom_crcrlf.txt (2026: clash
is 701.30), cr_2010_ascii_italics.txt (2010: clash is 701.19) and mtgjson_v3_mini.json (Chord of
Calling, Boros Recruit, Grozoth, Hide // Seek with the upstream defect of German split-half names).
"""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.answers import AnswerContext, UserError, run_action, run_answer, run_completer
from bot.answers.official import (
    cr_rule_choices,
    long_date,
    merge_choices,
    official_rule_reply,
    rule_with_documents,
)
from bot.answers.rules import rule_queries
from bot.importer import DEFAULT_SOURCES, BuildError, build
from bot.importer.report import BuildReport
from bot.render import payload, to_text
from bot.reply import Action, Choice, Page, Reply
from bot.search import NameIndex
from bot.store import Store
from tests.build_cache import BuildCache
from tests.conftest import call_cli
from tests.test_render import assert_within_limits

FIX = Path(__file__).parents[1] / "importer" / "fixtures"
CR_2026 = FIX / "cr_2026_bom_crcrlf.txt"
CR_2010 = FIX / "cr_2010_ascii_italics.txt"
CARDS_V3 = FIX / "mtgjson_v3_mini.json"


@pytest.fixture(scope="module")
def official(tmp_path_factory: pytest.TempPathFactory, build_cache: BuildCache) -> tuple[Path, BuildReport]:
    """The store with both rules files and the v3 card file, and its report: built once per run for this module and
    the fuzz tests of tests/fuzz/test_fuzz_official.py (the same inputs, tests/build_cache.py)."""
    db = tmp_path_factory.mktemp("official") / "regelbot.sqlite3"
    return db, build_cache.build(db, DEFAULT_SOURCES, cr_files=[CR_2010, CR_2026], card_files=[CARDS_V3])


async def _ctx(db: Path) -> AnswerContext:
    store = await Store.open(db)
    return AnswerContext(store=store, names=NameIndex.from_entries(await store.name_entries()))


@pytest.fixture
async def octx(official) -> AsyncIterator[AnswerContext]:
    ctx = await _ctx(official[0])
    try:
        yield ctx
    finally:
        await ctx.store.close()


def test_build_report_counts(official):
    _, report = official
    o = report.official
    # 20 data rows in data/keywords_de_en.tsv (Einberufen … umgewandelte Manakosten)
    assert o.keywords == 20
    # newest first; counted by hand in the fixtures: 2026 has chapters 1, 7; sections 100, 701; rules
    # 100.1, 100.2, 100.3, 701.30; subrules 100.1a, 100.2a, 100.3a, 701.30a-d; two Example: lines; 3 terms
    assert [(c.file, c.effective, c.is_current) for c in o.cr] == [
        ("cr_2026_bom_crcrlf.txt", "2026-04-17", True), ("cr_2010_ascii_italics.txt", "2010-10-01", False)]
    assert o.cr[0].counts == {"chapter": 2, "section": 2, "rule": 4, "subrule": 7, "example": 2, "glossary": 3}
    # 2010: 2 chapters + 4 sections + 5 rules + 7 subrules = 18 numbers; 101, 101.1, 702, 702.48, 702.48a/b
    # have no counterpart in the 2026 fixture; 100.2a ("at least sixty" vs "minimum deck size of 60") is uncertain
    (v,) = o.versions
    assert (v.rules, v.matched, v.certain, v.unmatched) == (18, 12, 11, 6)
    # the 2026 fixture holds only six rules of 003's range 100.1-112.1: nothing can be certain
    assert o.alignment == {"003_b16bc3bb93a072a0.txt": {"aligned": 0, "uncertain": 6, "unaligned": 199}}
    # Boros-Rekrut, Akkord des Rufes, Grozoth are FAQ cards; Hide // Seek is not (and its German names are defective)
    (c,) = o.cards
    assert (c.records, c.matched, c.uncertain, c.unmatched, c.added, c.rulings) == (4, 3, 0, 1, 1, 1)
    # rule_explanations.number holds certain alignments only; the uncertain guesses stay apart
    conn = sqlite3.connect(official[0])
    try:
        assert conn.execute("SELECT count(*) FROM rule_explanations WHERE number IS NOT NULL").fetchone()[0] == 0
        guesses = conn.execute("SELECT number_guess FROM rule_explanations WHERE number_status = 'uncertain'"
                               " ORDER BY position").fetchall()
        assert [g for (g,) in guesses] == ["100.1", "100.1a", "100.2", "100.2a", "100.3", "100.3a"]
    finally:
        conn.close()


def test_default_build_leaves_explanations_unnumbered(built_db):
    conn = sqlite3.connect(built_db)
    try:
        assert conn.execute("SELECT count(*) FROM rule_explanations WHERE number IS NOT NULL").fetchone()[0] == 0
        assert conn.execute("SELECT count(*) FROM cr_versions").fetchone()[0] == 0
        assert conn.execute("SELECT count(*) FROM keywords").fetchone()[0] == 20  # loaded at every build
    finally:
        conn.close()


async def test_without_cr_the_answer_steps_aside(ctx):
    assert await official_rule_reply(ctx, "701.30c") is None


def test_same_cr_date_twice_fails_and_keeps_store(official, tmp_path):
    db = tmp_path / "s.sqlite3"
    shutil.copy(official[0], db)
    before = db.read_bytes()
    with pytest.raises(BuildError, match="2026-04-17"):
        build(db, DEFAULT_SOURCES, cr_files=[CR_2026, CR_2026])
    assert db.read_bytes() == before


async def test_store_methods(octx):
    store = octx.store
    versions = await store.cr_versions()
    assert [v.effective for v in versions] == ["2026-04-17", "2010-10-01"]
    clash = await store.cr_rule("701.30d")
    assert [r.version.effective for r in clash] == ["2026-04-17"]
    assert clash[0].text.startswith("A player wins a clash if that player revealed a card with a higher mana value")
    assert [r.number for r in await store.cr_children("701.30", versions[0].id)] == [
        "701.30a", "701.30b", "701.30c", "701.30d"]
    (mv,) = await store.glossary_term("mana value")
    assert mv.rules == ("202.3",) and mv.term == "Mana Value"
    (moved,) = await store.rule_map("701.19c")
    assert (moved.new_number, moved.certain, moved.old_version.effective) == ("701.30d", True, "2010-10-01")
    (gone,) = await store.rule_map("702.48")
    assert gone.new_number is None and not gone.certain
    (kw,) = await store.keyword("einberufen")
    assert (kw.english, kw.old_number, kw.cr_number) == ("Convoke", "502.46", "702.51")
    assert [k.german for k in await store.keyword("502.46")] == ["Einberufen"]
    assert [d.file for d in await store.documents_quoting("701.19c")] == ["000_b7f976ad35525819.txt"]
    # only uncertain alignments in this store: never returned as fact
    assert await store.explanation_for("100.1") is None
    rows = await store.fetchall("SELECT key FROM passages WHERE kind = 'cr_rule' AND key LIKE 'cr:701.30%'")
    assert {k for (k,) in rows} >= {"cr:701.30", "cr:701.30a", "cr:701.30d"}  # the CR's rules are passages


async def test_rule_number_shows_official_text_and_date(octx):
    reply = await official_rule_reply(octx, "701.30d")
    assert reply.pages[0].title == "701.30d — Clash"
    assert "higher mana value than all other cards revealed in that clash" in reply.pages[0].body
    assert reply.date == "2026-04-17"
    assert "Stand 17.04.2026" in to_text(reply)
    assert_within_limits(payload(reply))


async def test_a_number_typed_with_a_paragraph_sign_is_that_rule(octx):
    for typed in ("§701.30d", "§ 701.30d", "R. 701.30d", "Regel § 701.30d"):
        reply = await official_rule_reply(octx, typed)
        assert reply.pages[0].title == "701.30d — Clash", typed
    assert (await official_rule_reply(octx, "§ 7")).pages[0].title.startswith("7 — "), "a chapter"


async def test_old_number_resolves_to_today(octx):
    reply = await official_rule_reply(octx, "701.19c")
    page = reply.pages[0]
    assert page.title == "701.30d — Clash"
    assert "früher 701.19c (Regeln vom 1. Oktober 2010)" in page.body
    parent = await official_rule_reply(octx, "701.19")
    assert parent.pages[0].title == "701.30 — Clash"
    assert "früher 701.19 (Regeln vom 1. Oktober 2010)" in parent.pages[0].body
    assert "**701.30b** “Clash with an opponent”" in parent.pages[0].body  # subrules listed


async def test_removed_number_says_so(octx):
    reply = await official_rule_reply(octx, "702.48a")
    assert reply.pages[0].title == "702.48a (veraltet)"
    assert "kein sicheres Gegenstück" in reply.pages[0].body
    assert "Convoke is a static ability" in reply.pages[0].body  # the old text, dated 2010
    assert reply.date == "2010-10-01"


async def test_faq_number_through_keyword_table_missing_target(octx):
    # 502.46 (Einberufen, FAQ Ravnica) is 702.51 today; the 2026 fixture has no 702.51 → a clear message
    with pytest.raises(UserError) as caught:
        await official_rule_reply(octx, "502.46")
    assert caught.value.title == "502.46 ist heute 702.51 (Einberufen = Convoke)"


async def test_unknown_number_and_empty_query(octx):
    with pytest.raises(UserError, match=r"Regel 999\.9 nicht gefunden"):
        await official_rule_reply(octx, "999.9")
    with pytest.raises(UserError, match="Regelnummer oder einen Begriff"):
        await official_rule_reply(octx, "  \u200b ")


async def test_glossary_term_cites_its_rule(octx):
    reply = await official_rule_reply(octx, "mana value")
    assert reply.pages[0].title == "Mana Value (Glossar)"
    assert "See rule 202.3." in reply.pages[0].body
    german = await official_rule_reply(octx, "Manawert")  # keyword table: Manawert = Mana Value
    assert german.pages[0].title == "Mana Value (Glossar)" and "Manawert = Mana Value" in german.pages[0].body


async def test_german_keyword_finds_english_rule(octx):
    reply = await official_rule_reply(octx, "Fehde")  # keyword table: Fehde = Clash, 701.30
    assert reply.pages[0].title == "701.30 — Clash" and "Fehde = Clash" in reply.pages[0].body
    search = await official_rule_reply(octx, "Fehde gewinnen")  # search: fehde → clash, gewinn → win
    assert "**701.30d**" in search.pages[0].body
    # each hit by the one excerpt of the searches (bot.answers.paging.search_excerpt): whole up to 550 characters,
    # the question's words in bold, as on /regel suche and /ruling suche
    assert ("**701.30d** A player wins a **clash** if that player revealed a card with a higher mana value than all "
            "other cards revealed in that **clash**.") in search.pages[0].body.splitlines()


async def test_aligned_explanation_shown_uncertain_never(official, tmp_path):
    db = tmp_path / "s.sqlite3"
    shutil.copy(official[0], db)
    # 003 entry 1 ("Die Magic-Regeln gelten für jede Partie mit zwei oder mehr Spielern …") is placed at
    # 100.1 but uncertain on the small fixture; the answer must not show it …
    ctx = await _ctx(db)
    try:
        reply = await official_rule_reply(ctx, "100.1")
        assert not any(f.name.startswith("Deutsche Erklärung") for p in reply.pages for f in p.fields)
    finally:
        await ctx.store.close()
    # … and shows it beside the English text once the alignment is certain.
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE rule_explanations SET number = number_guess, number_status = 'aligned'"
                     " WHERE number_guess = '100.1'")
    ctx = await _ctx(db)
    try:
        reply = await official_rule_reply(ctx, "100.1")
        (german,) = [f for f in reply.pages[0].fields if f.name.startswith("Deutsche Erklärung")]
        assert german.value.startswith("Die Magic-Regeln gelten für jede Partie mit zwei oder mehr Spielern")
        assert "These Magic rules apply to any Magic game" in reply.pages[0].body
    finally:
        await ctx.store.close()


async def test_autocomplete_numbers_terms_keywords(octx):
    numbers = await run_completer(octx, cr_rule_choices, "701.3")
    assert [c.value for c in numbers] == ["701.30", "701.30a", "701.30b", "701.30c", "701.30d"]
    assert numbers[0].name == "701.30 Clash"
    assert [c.value for c in await run_completer(octx, cr_rule_choices, "einb")] == ["Einberufen"]
    assert "Mana Value" in [c.value for c in await run_completer(octx, cr_rule_choices, "mana v")]


async def test_cr_rule_button(octx):
    reply = await run_action(octx, "cr_rule", "701.19")  # the button shows today's number as is
    assert reply.error  # the 2026 fixture has no 701.19


async def test_english_card_name_and_button(octx):
    reply = await run_answer(octx, "card", name="Chord of Calling")
    assert reply.pages[0].title == "Akkord des Rufes"
    (english,) = [a for a in reply.actions if a.action == "english"]
    assert english.label == "Englischer Text"
    shown = await run_action(octx, "english", english.arg)
    assert shown.pages[0].title == "Chord of Calling"
    assert shown.pages[0].body.startswith("Convoke\nSearch your library for a creature card")
    rulings = await run_action(octx, "rulings", english.arg)
    text = to_text(rulings)
    assert "Convoke doesn't change a spell's mana cost or converted mana cost." in text and "18.07.2014" in text


async def test_card_only_in_file_is_marked(octx):
    hit = octx.names.resolve("Seek")  # English half name of the added split card
    card = await octx.store.card(hit.card_id)
    assert (card.name, card.origin, card.document.kind) == ("Hide // Seek", "mtgjson", "mtgjson")
    reply = await run_answer(octx, "card", name="Seek")
    fields = {f.name: f.value for f in reply.pages[0].fields}
    assert fields["Herkunft"] == "nur in der Kartendatei `mtgjson_v3_mini.json` (englischer Oracle-Text)"
    assert not any(a.action == "english" for a in reply.actions)  # its text is the English text already
    # cards of the documents without a card file entry have no English text and no button
    plain = await run_answer(octx, "card", name="Feld der Unterdrückung")
    assert not any(a.action == "english" for a in plain.actions)


def test_long_date():
    assert long_date("2010-10-01") == "1. Oktober 2010" and long_date("2007") == "2007"


def test_cli_build_and_call(tmp_path):
    db = tmp_path / "cli.sqlite3"
    proc = call_cli("build", "--db", str(db), "--cr", str(CR_2026), "--cr", str(CR_2010), "--cards", str(CARDS_V3))
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "Regeln cr_2026_bom_crcrlf.txt: Stand 2026-04-17 (aktuell)" in out
    assert "Nummern 2010-10-01 → 2026-04-17: 18 Nummern, 12 zugeordnet (11 sicher, 1 unsicher)" in out
    assert "0 zugeordnet (aligned), 6 unsicher (uncertain), 199 ohne Zuordnung (unaligned)" in out
    assert "3 Dokumentkarten zugeordnet (matched, 0 unsicher), 1 ohne Dokumentkarte (unmatched)" in out
    call = call_cli("call", "/karte name: Chord of Calling", db=db)
    assert call.returncode == 0 and call.stdout.startswith("== Akkord des Rufes ==")
    assert "[Englischer Text]" in call.stdout


def test_cli_build_missing_file(tmp_path):
    proc = call_cli("build", "--db", str(tmp_path / "x.sqlite3"), "--cr", str(tmp_path / "fehlt.txt"))
    assert proc.returncode == 2
    assert proc.stderr.strip() == f"Datei nicht gefunden: {tmp_path / 'fehlt.txt'}"


async def test_rule_with_documents_puts_cr_first(octx):
    async def documents() -> Reply:  # shaped like the documents' /rule answer for 701.19 (article 000)
        return Reply(pages=[Page(title="Regel 701.19 mit 701.19a–701.19c", body="701.19. Fehde")],
                     source="Fehde (Clash) – Artikel zur Schlüsselwort-Aktion",
                     actions=[Action(label="Regel 701.30", action="cr_rule", arg="701.30")])

    reply = await rule_with_documents(octx, "701.19", documents)
    assert [p.title for p in reply.pages] == ["701.30 — Clash", "Regel 701.19 mit 701.19a–701.19c"]
    assert reply.source == ("Comprehensive Rules (offizieller englischer Text) · "
                            "Fehde (Clash) – Artikel zur Schlüsselwort-Aktion")
    assert reply.date == "2026-04-17"
    assert [a.arg for a in reply.actions].count("701.30") == 1

    async def nothing() -> Reply:
        raise UserError("Regel 999.9 steht in keinem Dokument")

    with pytest.raises(UserError, match=r"Regel 999\.9 nicht gefunden"):  # the CR's message wins
        await rule_with_documents(octx, "999.9", nothing)
    only_cr = await rule_with_documents(octx, "701.30d", nothing)
    assert [p.title for p in only_cr.pages] == ["701.30d — Clash"]
    a, b = Choice("701.30 Clash", "701.30"), Choice("701.30 – Fehde", "701.30")
    assert merge_choices([a], [b, Choice("Fehde", "Fehde")]) == [a, Choice("Fehde", "Fehde")]


async def test_rule_with_documents_without_cr(ctx):
    async def documents() -> Reply:
        return Reply(pages=[Page(title="Regel 701.19")])

    reply = await rule_with_documents(ctx, "701.19", documents)  # store built without --cr
    assert [p.title for p in reply.pages] == ["Regel 701.19"]


async def test_info_lists_cr_versions(octx):
    reply = await run_answer(octx, "info")
    fields = {f.name: f.value for f in reply.pages[0].fields}
    # counts of the 2026 fixture: 4 rules, 7 subrules, 3 glossary terms
    assert fields["Comprehensive Rules (aktuell)"] == (
        "`cr_2026_bom_crcrlf.txt` · Stand 17.04.2026\n3 Glossarbegriffe, 4 Regeln, 7 Unterregeln")
    old = fields["Comprehensive Rules (für alte Regelnummern)"]
    assert old.startswith("`cr_2010_ascii_italics.txt` · Stand 01.10.2010")


def test_card_in_two_files_keeps_rulings_once(tmp_path):
    # the same set file under a second name (as a reprint set would carry the card again): matched twice,
    # each English ruling stored once
    copy = tmp_path / "reprint.json"
    copy.write_bytes(CARDS_V3.read_bytes())
    db = tmp_path / "two.sqlite3"
    report = build(db, DEFAULT_SOURCES, card_files=[CARDS_V3, copy])
    assert [(c.matched, c.rulings) for c in report.official.cards] == [(3, 1), (3, 0)]
    conn = sqlite3.connect(db)
    try:
        rows = conn.execute(
            "SELECT r.text FROM rulings r JOIN cards c ON c.id = r.card_id WHERE c.name = 'Akkord des Rufes'"
            " AND r.language = 'en'").fetchall()
    finally:
        conn.close()
    assert rows == [("Convoke doesn't change a spell's mana cost or converted mana cost.",)]


async def test_rule_command_cr_first_documents_alongside(octx):
    # /regel suche: 701.19 — today's 701.19 (regenerate) comes first with its button, then the article's 701.19
    # (2007: clash) as dated history with today's number 701.30, the article's German and English text and the
    # official 701.30 (until 2026-12-07 the article's meaning led, today's 701.19 after it)
    reply = await run_answer(octx, "rule", search="701.19")
    titles = [p.title for p in reply.pages]
    assert titles[0] == "Regel 701.19 (heute) – Regenerieren · so zitiert 2007, heute 701.30"
    assert reply.pages[0].body.startswith("**Heute: Regel 701.19** – Regenerate")
    assert reply.pages[0].body.index("Regenerate") < reply.pages[0].body.index("**701.19** ist heute **701.30**")
    assert [(a.label, a.arg) for a in reply.actions[:2]] == [("Heutige Regel 701.19", "701.19"),
                                                             ("Heute: Regel 701.30", "701.30")]
    assert titles.index("Regel 701.19 mit 701.19a–701.19c") < titles.index("701.30 — Clash")
    fields = {f.name: f.value for f in reply.pages[titles.index("Regel 701.19 mit 701.19a–701.19c")].fields}
    assert fields["701.19 (Deutsch; heute 701.30)"] == "Fehden" and fields["701.19 (English; heute 701.30)"] == "Clash"
    assert reply.source == ("Fehde (Clash) – Artikel zur Schlüsselwort-Aktion · "
                            "Comprehensive Rules (offizieller englischer Text)")
    # the rule autocomplete offers the CR's numbers too (no document quotes a 701.3x rule)
    choices = await run_completer(octx, rule_queries, "701.3")
    assert [c.value for c in choices] == ["701.30", "701.30a", "701.30b", "701.30c", "701.30d"]


async def test_a_number_no_source_has_is_not_found(octx, ctx):
    # 701.19z never existed. The clash article cites 701.19, but that makes no "früher 701.19z … 701.30".
    for context in (octx, ctx):  # with the fixture CRs and without any CR
        reply = await run_answer(context, "rule", search="701.19z")
        assert reply.error and reply.pages[0].title == "Regel 701.19z nicht gefunden"


async def test_a_faq_number_means_today_s_rule_first_with_cr(octx):
    # the Ravnica FAQ's 104.3f is the hybrid rule (today 107.4e); today's 104.3f is another rule, and leads (until
    # 2026-12-07 the FAQ's meaning led)
    reply = await run_answer(octx, "rule", search="104.3f")
    first = reply.pages[0]
    assert first.title == "Regel 104.3f (heute) · so zitiert 2005, heute 107.4e"
    assert first.body.startswith("**Heute: Regel 104.3f** – If a player would both win and lose the game")
    assert first.body.index("**Heute: Regel 104.3f**") < first.body.index("**104.3f** ist heute **107.4e**") < (
        first.body.index("**Früher** (Ravnica: Stadt der Gilden"))


async def test_english_mtgjson_rulings_get_no_german_term_notice(octx, official):
    # "Convoke doesn't change a spell's mana cost or converted mana cost." (MTGJSON, English) is current
    # Gatherer text: no „Manawert“ notice. The German 2005 FAQ ruling on the same point gets one.
    reply = await run_answer(octx, "ruling", card="Akkord des Rufes")
    body = "\n".join(p.body for p in reply.pages)
    start = body.index("• Convoke doesn't change a spell's mana cost or converted mana cost.")
    assert body[:start].rstrip("\n").rsplit("\n", 1)[-1].startswith("_MTGJSON")  # its source above it
    assert body[start:].split("\n")[0].endswith("converted mana cost.")  # no tie to a notice
    assert "ℹ️ **Heute andere Begriffe:** ¹ „wirken“ statt „spielen“" in body  # 001:202 (German, 2005)
    assert official[1].today.totals()["current"] == 1  # that one English ruling: a current source


async def test_todays_status_is_the_same_with_cr(octx):
    # With --cr (fixture CRs): the register's notices do not depend on the imported rules files.
    first = (await run_answer(octx, "mechanic", name="Einberufen")).pages[0].body
    assert first.startswith("⚠️ **Heute:** Einberufen ist heute Regel 702.51: keine zusätzlichen")
    assert "> **702.51b** The convoke ability isn’t an additional or alternative cost" in first
    body = (await run_answer(octx, "ruling", search="geteilte Karte benennen")).pages[0].body
    assert "⚠️ **Heute:** Wer eine geteilte Karte benennen will, nennt einen ihrer beiden Namen" in body
