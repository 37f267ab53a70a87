"""/regel on the real store: numbers as printed, subrules, German/English side by side, keywords, buttons."""

from __future__ import annotations

import sqlite3

import pytest

from bot.answers import AnswerContext, run_action, run_answer, run_completer
from bot.answers.rules import catalog, is_child, parse_number, rule_queries
from bot.render import payload
from bot.rule_catalog import misnumbered, read_number
from bot.search import NameIndex
from bot.store import Store
from tests.answers.test_rulings import all_payloads
from tests.test_render import assert_within_limits, button_ids
from tests.test_textsearch import NASTY

RAVNICA = "Ravnica: Stadt der Gilden – Häufig gestellte Fragen (30.08.2005)"


@pytest.mark.parametrize(
    ("typed", "number"),
    [
        ("104.3f", "104.3f"),
        ("Regel 104.3F.", "104.3f"),
        ("701.19.", "701.19"),
        ("cr 502.46b", "502.46b"),
        ("704", "704"),
        ("§702.51", "702.51"),
        ("§ 702.51", "702.51"),
        ("R. 702.51", "702.51"),
        ("Regel § 702.51b", "702.51b"),
        ("§§702.51", None),
        ("R 702.51", "702.51"),
        ("Startspieler", None),
        ("104.3ff", None),
        ("1043", None),
        ("`702.19`", "702.19"),  # pasted in Discord's markdown
        ("||Regel 104.3f||", "104.3f"),
        ("**702.51**", "702.51"),
        ("702,19", "702.19"),  # the German decimal comma
        ("702.19-", "702.19"),
    ],
)
def test_parse_number(typed, number):
    assert parse_number(typed) == number


def test_a_chapter_is_a_number_of_the_comprehensive_rules_only():
    assert parse_number("7") is None and parse_number("§ 7", chapters=True) == "7"
    assert parse_number("Regel 702.51", chapters=True) == "702.51"


def test_is_child():
    assert is_child("701.19a", "701.19") and not is_child("701.19", "701.19")
    assert is_child("104.3f", "104") and is_child("104.3", "104")
    assert not is_child("701.190", "701.19")
    assert not is_child("701.19A", "701.19") and not is_child("701.19ä", "701.19") and not is_child("701.1", "701.19")


async def test_a_number_typed_with_a_paragraph_sign_is_a_number_look_up(ctx):
    """``§702.51``, ``§ 702.51``, ``R. 702.51``: the same answer as ``702.51`` (Einberufen, cited by the register)."""
    for typed in ("702.51", "§702.51", "§ 702.51", "Regel 702.51", "R. 702.51"):
        reply = await run_answer(ctx, "rule", search=typed)
        assert reply.pages[0].title == "Regel 702.51 (heute) – Einberufen", typed


async def test_104_3f_hybrid_rule_from_the_ravnica_faq(ctx):
    reply = await run_answer(ctx, "rule", search="104.3f")
    # Today's 104.3f first (win and lose at once: the register's CR 2026-04-17 and 003's German entry), then the FAQ's
    # 104.3f as dated history: today 107.4e, its text (until 2026-12-07 the FAQ's meaning led, today's rule after it)
    first = reply.pages[0]
    assert first.title == "Regel 104.3f (heute) · so zitiert 2005, heute 107.4e"
    assert first.body.startswith("**Heute: Regel 104.3f** – If a player would both win and lose the game "
                                 "simultaneously, that player loses the game.")
    assert "zu Regel 104.3f): Würde ein Spieler die Partie gleichzeitig gewinnen und verlieren, verliert er sie." \
        in first.body
    assert first.body.index("Würde ein Spieler") < first.body.index("**104.3f** ist heute **107.4e**: A hybrid mana")
    # The FAQ's text is history; its page shows it whole, so the first page points there. 003's entry, quoted whole
    # above, gets no page of its own (until 2026-12-07 evening page 2 repeated it).
    assert "\n**Früher** (Ravnica: Stadt der Gilden – Häufig gestellte Fragen, 30.08.2005): Wortlaut auf Seite 2." \
        in first.body
    assert [p.title for p in reply.pages[1:]] == ["Regel 104.3f"]
    message = payload(reply, [p.title for p in reply.pages].index("Regel 104.3f"))
    embed = message["embeds"][0]
    assert embed["title"] == "Regel 104.3f"
    # Ravnica FAQ line 38, as printed.
    assert embed["description"].startswith(
        "**104.3f** (heute 107.4e; ℹ️ heute anders formuliert) Jedes Halbe-Halbe-Manasymbol repräsentiert Kosten, "
        "die mit einer der beiden Farben bezahlt werden können."
    )
    assert (
        "_Beispiel:_ {G/W}{G/W} kann bezahlt werden, indem man {G}{G}, {G}{W} oder {W}{W} ausgibt."
        in embed["description"]
    )
    assert f"_Quelle: {RAVNICA}_" in embed["description"]
    assert {
        "label": "Mechanik: Hybrid-Karten und Halbe-Halbe-Manasymbole",
        "custom_id": "rb:mechanic:3",
    } in button_ids(message)
    assert_within_limits(message)


async def test_cited_number_footer_names_no_single_date_for_pages_of_other_documents(ctx):
    # the pages of 104.3f come from the Ravnica FAQ (30.08.2005) and other documents (the German explanation
    # 003, today's rules): the footer must not date them all "Stand 30.08.2005"; each page names its own source.
    reply = await run_answer(ctx, "rule", search="104.3f")
    assert len(reply.pages) > 1 and reply.date == ""
    assert all("Stand 30.08.2005" not in (payload(reply, i)["embeds"][0].get("footer") or {}).get("text", "")
               for i in range(len(reply.pages)))
    assert ", 30.08.2005)" in reply.pages[0].body  # the cited page still dates its document


async def test_parent_701_19_shows_subrules_german_and_english_side_by_side(ctx):
    reply = await run_answer(ctx, "rule", search="701.19")
    # today's 701.19 (Regenerieren, the term table) first, the clash article's 701.19 (2007, today 701.30) after it
    assert reply.pages[0].title == "Regel 701.19 (heute) – Regenerieren · so zitiert 2007, heute 701.30"
    message = payload(reply, 1)
    embed = message["embeds"][0]
    assert embed["title"] == "Regel 701.19 mit 701.19a–701.19c"
    fields = embed["fields"]
    names = [f["name"] for f in fields if f["name"] != "\u200b"]
    assert names == [  # each old number (clash article, 2007) with today's (register, [[number]])
        "701.19 (Deutsch; heute 701.30)",
        "701.19 (English; heute 701.30)",
        "701.19a (Deutsch; heute 701.30a)",
        "701.19a (English; heute 701.30a)",
        "701.19b (Deutsch; heute 701.30b)",
        "701.19b (English; heute 701.30b)",
        "701.19c (Deutsch; heute 701.30d)",
        "701.19c (English; heute 701.30d)",
    ]
    assert all(f["inline"] for f in fields)
    by_name = {f["name"]: f["value"] for f in fields}
    # Clash article 000, lines 9 and 35.
    assert by_name["701.19c (Deutsch; heute 701.30d)"].startswith(
        "Ein Spieler gewinnt eine Fehde, wenn der Spieler eine Karte mit höheren Manakosten"
    )
    assert by_name["701.19c (English; heute 701.30d)"].startswith(
        "A player wins a clash if that player revealed a card with a higher converted mana cost"
    )
    assert "Fehde (Clash) – Artikel zur Schlüsselwort-Aktion (2007)" in embed["description"]
    assert_within_limits(message)


async def test_heading_502_46_keeps_the_misprinted_502_32a(ctx):
    reply = await run_answer(ctx, "rule", search="502.46")
    assert reply.pages[0].title == "Regel 502.46 (so zitiert) – heute 702.51"
    assert reply.pages[0].body.startswith("**502.46** ist heute **702.51** (inhaltlich geändert): Convoke")
    body = reply.pages[1].body
    assert reply.pages[1].title == "Regel 502.46 mit 502.46b–502.46c"
    assert "**502.46** (heute 702.51; ⚠️ heute überholt) **Einberufen**" in body
    # Ravnica FAQ line 61 prints "502.32a" under the heading 502.46: kept, marked, not renumbered.
    assert ("**502.32a** (heute 702.51a; ⚠️ heute überholt) _(so gedruckt, unter der Überschrift)_ Einberufen ist "
            "eine statische Fähigkeit") in body
    assert ("**502.46b** (heute ohne Gegenstück; ⚠️ heute überholt) Einberufen kann die Kosten, einen Zauberspruch "
            "zu spielen, nicht unter 0 reduzieren.") in body
    assert body.index("502.32a") < body.index("502.46b")


async def test_203_2e_see_also_button_opens_104_3(ctx):
    reply = await run_answer(ctx, "rule", search="203.2e")
    # Ravnica FAQ 203.2e (hybrid card has both colours) is today 202.2d, not the general 202.2.
    assert reply.pages[0].body.startswith(
        "**203.2e** ist heute **202.2d**: An object with one or more hybrid mana symbols and/or Phyrexian mana symbols")
    assert "Siehe auch Regel 104.3." in reply.pages[1].body
    button = next(a for a in reply.actions if a.label.startswith("Siehe 104.3"))
    # the FAQ means its own 104.3 (the mana symbols, today 107.4), not today's 104.3 „Partie verlieren“: the button
    # says so and opens the FAQ's rule (until 2026-12-07 „Siehe 104.3“ opened today's 104.3 first)
    assert (button.label, button.action, button.arg) == ("Siehe 104.3 (2005, heute 107.4)", "passage", "001:35")
    opened = await run_action(ctx, button.action, button.arg)
    assert opened.pages[0].title == "Regel 104.3"
    assert "Die Manasymbole sind {W}, {U}, {B}, {R}, {G}" in opened.pages[0].body


async def test_keywords_english_glossary_term_finds_startspieler(ctx):
    reply = await run_answer(ctx, "rule", search="starting player")
    # The term table names the rule first (103.1, Startspieler); the documents' hits follow.
    assert reply.pages[0].title == "Startspieler – Regel 103.1"
    body = reply.pages[1].body
    # 003: "Der Startspieler macht seinen ersten Zug." with trailer "Begriffestarting player" (entry 51); „den
    # ersten Zug“ names the starting player too (003:55 „… wer den ersten Zug macht“, data/synonyms.tsv)
    first_hit = body.split("\n\n")[1]
    assert first_hit == (
        "**Erklärung, vermutlich Regel 103.8 – Startspieler** · Begriffe: Startspieler (starting player)\n"
        "Der **Startspieler** macht seinen **ersten Zug**."
    )
    # The hits' page carries its own buttons: the first points to that page's first hit.
    assert reply.pages[1].actions[0].label == "Erklärung, vermutlich Regel 103.8 – Startspieler"


async def test_keywords_search_quoted_rules_too(ctx):
    reply = await run_answer(ctx, "rule", search="Einberufen")
    body = "\n".join(p.body for p in reply.pages)
    assert "**502.46b** (heute ohne Gegenstück; ⚠️ heute überholt)" in body and "**502.46c** (heute 702.51d)" in body
    # 001 prints rule 502.46 as only its title „Einberufen“ (line 69): a bare heading answers nothing, so the hits
    # are the rules that say something („Einberufen kann die Kosten … nicht unter 0 reduzieren.“)
    assert "**502.46** (heute 702.51; ⚠️ heute überholt) Einberufen" not in body


async def test_explanation_see_also_not_in_store_says_so(ctx):
    cat = await catalog(ctx.store)
    # 003, entry 4 ("Im „Constructed“-Spiel … mindestens 60 Karten") ends with "Siehe auch201.3".
    entry = next(e for e in cat.explanations if e.position == 4)
    assert entry.see_also == ("201.3",)
    reply = await run_action(ctx, "rulex", str(entry.id))
    # Without --cr the entry is named by today's number shipped in data/explanations_numbers.tsv.
    assert reply.pages[0].title == "Regel 100.2a (Erklärung)"
    button = next(a for a in reply.actions if a.action == "rule")
    assert button.label == "Siehe 201.3 (nicht enthalten)"
    pressed = await run_action(ctx, "rule", "201.3")
    assert not pressed.error
    assert pressed.pages[0].title == "Regel 201.3: nicht enthalten"
    assert pressed.pages[0].body.startswith("Der Wortlaut von Regel 201.3 steht in keinem Dokument des Bots.")


async def test_explanation_neighbours(ctx):
    cat = await catalog(ctx.store)
    # 205 entries in 003 (build report); the first has no "Vorige", the last no "Nächste".
    assert len(cat.explanations) == 205
    first = await run_action(ctx, "rulex", str(cat.explanations[0].id))
    assert [a.label for a in first.actions] == ["Nächste Erklärung"]
    last = await run_action(ctx, "rulex", str(cat.explanations[-1].id))
    assert [a.label for a in last.actions][-1] == "Vorige Erklärung"


async def test_unknown_number_is_a_short_german_error_without_far_numbers(ctx):
    reply = await run_answer(ctx, "rule", search="999.9")
    assert reply.error and reply.ephemeral
    assert reply.pages[0].title == "Regel 999.9 nicht gefunden"
    # no dump of every number of the store (was ~1 900 characters), no far-off "nearest" numbers.
    assert "104.3f" not in reply.pages[0].body and len(reply.pages[0].body) < 200
    assert reply.choices == []


async def test_todays_number_of_a_cited_rule_answers(ctx):
    # 701.30 is today's clash rule (register [cr], CR 2026-04-17); the clash article (2007) prints 701.19.
    reply = await run_answer(ctx, "rule", search="701.30")
    assert not reply.error
    assert reply.pages[0].title == "Regel 701.30 (heute) – Fehde"
    body = reply.pages[0].body
    assert "**701.30d** A player wins a clash if that player revealed a card with a higher mana value" in body
    assert "• **701.19c** → heute 701.30d" in body
    # each opens the article's own rule, not today's 701.19 (regenerate; until 2026-12-07 rb:rule:701.19 …)
    assert [a.arg for a in reply.actions if a.label.startswith("Regel 701.19")] == ["000:3", "000:5", "000:7", "000:9"]
    # the rule texts are the register's quotes of the CR, the term line is the term table's: both named
    assert reply.source == ("Comprehensive Rules vom 17.04.2026, wie im Änderungsregister zitiert; Begriffstabelle "
                            "Deutsch–Englisch (Comprehensive Rules vom 17.04.2026)")
    # 701.30d is no term's rule: its page quotes the CR only
    sub = await run_answer(ctx, "rule", search="701.30d")
    assert sub.pages[0].title == "Regel 701.30d (heute)"
    assert sub.source == "Comprehensive Rules vom 17.04.2026, wie im Änderungsregister zitiert"
    # 702.24 (cumulative upkeep): the Kälteeinbruch FAQ (2006) prints it as 502.13.
    reply = await run_answer(ctx, "rule", search="702.24")
    assert reply.pages[0].title == "Regel 702.24 (heute) – Kumulative Versorgung"
    assert "• **502.13a** → heute 702.24a" in reply.pages[0].body


@pytest.mark.parametrize("number", ["702.19", "701.30", "701.19", "999.9"])
async def test_a_rule_button_answers_as_the_command_does(ctx, number):
    # rb:rule:<number> is /regel suche: <number> (702.19: today's Trampelschaden from the term table and the
    # register; before, the button said „Kein Dokument … zitiert diese Regel“ while the command answered)
    pressed, typed = await run_action(ctx, "rule", number), await run_answer(ctx, "rule", search=number)
    assert [(p.title, p.body) for p in pressed.pages] == [(p.title, p.body) for p in typed.pages]
    assert pressed.error == typed.error
    if number == "702.19":
        assert pressed.pages[0].title == "Regel 702.19 (heute) – Trampelschaden" and not pressed.error


async def test_a_rule_the_register_cites_as_evidence_lists_the_entries_resting_on_it(ctx):
    # 709.4 (split cards) is quoted by no document, but the register's rows on split cards cite CR 709.4a/b as
    # evidence: 002's ruling „Jede geteilte Karte hat zwei Namen …" (002:29) among them (002:53 is one of the
    # entries past the page's ten buttons since the row split_discard rests on 709.4 too).
    reply = await run_answer(ctx, "rule", search="709.4")
    assert not reply.error
    body = reply.pages[0].body
    assert "Kein Dokument des Bots zitiert diese Regel." not in body
    assert "**Der heutige Stand dieser Einträge beruht auf Regel 709.4** (Beleg im Änderungsregister):" in body
    # each register row with its mark and statement of today, never the entries' old text without its notice
    assert ("• ⚠️ **Heute:** Außerhalb des Stapels hat eine geteilte Karte die Eigenschaften beider Hälften "
            "zusammen") in body
    assert "_betrifft **Fehde**, **Clash**_" in body
    assert "Solange sich eine geteilte Karte nicht auf dem Stapel befindet" not in body
    assert "002:29" in [a.arg for a in reply.actions if a.action == "passage"]
    pressed = await run_action(ctx, "passage", "002:29")
    assert not pressed.error
    assert ("Falls ein Effekt dich anweist, einen Kartennamen zu bestimmen, kannst du einen wählen, aber nicht beide."
            in pressed.pages[0].body)
    # 704 (state-based actions): 003 refers to it, and the legend-rule rulings rest on 704.5j (Tolsimir Wolfsblut).
    reply = await run_answer(ctx, "rule", search="704")
    assert "Die Regelerklärung (Dokument 003) verweist" in reply.pages[0].body
    assert "Entsteht ein zweiter Voja-Spielstein, während du schon einen kontrollierst, behältst du einen" in (
        reply.pages[0].body)
    assert "_betrifft **Tolsimir Wolfsblut**_" in reply.pages[0].body
    assert "001:968" in [a.arg for a in reply.actions if a.action == "passage"]
    # a number nothing cites stays an error
    assert (await run_answer(ctx, "rule", search="999.9")).error


async def test_the_register_rows_past_a_rule_page_s_six_follow_on_a_page_with_their_own_buttons(ctx):
    # ten register rows rest on 709.4: six on the rule's page, four on page 2 (the reply's „Weiter“ button carries
    # /rule:709.4 and the page number), with a button to each of their entries: 002:53 („Solange sich eine geteilte
    # Karte nicht auf dem Stapel befindet …“, Destined // Lead's mana value 6), past the first page's ten buttons
    reply = await run_answer(ctx, "rule", search="709.4")
    assert len(reply.pages) == 2
    assert reply.pages[0].body.endswith("… und 4 weitere Einträge des Registers auf einer eigenen Seite danach "
                                        "(„Regel 709.4: weitere Einträge des Registers“, Knopf „Weiter“).")
    assert "002:53" not in [a.arg for a in reply.actions]
    more = reply.pages[1]
    assert more.title == "Regel 709.4: weitere Einträge des Registers"
    assert more.body.count("\n• ") == 4
    assert ("• ✅ **Heute:** Gilt heute unverändert: außerhalb des Stapels die Eigenschaften beider Hälften zusammen, "
            "Manawert aus den kombinierten Manakosten (Destined // Lead: 6). — _betrifft **Getrieben // "
            "Verzweiflung**_") in more.body
    assert more.actions is not None and "002:53" in [a.arg for a in more.actions if a.action == "passage"]


async def test_todays_number_reads_the_register_rows_resting_on_a_rule_once(ctx, monkeypatch):
    # 709.4's answer (no document quotes it) is built from the register rows citing CR 709.4b: the loop over the
    # register runs once per answer, its keys are handed on to the entries' lines
    from bot.answers import eras, rule_evidence
    calls: list[str] = []
    original = rule_evidence.resting_rows

    def counted(index, number):
        calls.append(number)
        return original(index, number)

    monkeypatch.setattr(eras, "resting_rows", counted)
    monkeypatch.setattr(rule_evidence, "resting_rows", counted)
    reply = await run_answer(ctx, "rule", search="709.4")
    assert "**Der heutige Stand dieser Einträge beruht auf Regel 709.4** (Beleg im Änderungsregister):" in (
        reply.pages[0].body)
    assert calls == ["709.4"]


async def test_a_rule_without_counterpart_names_the_rules_of_its_note_as_evidence(ctx):
    # register [[number]] 001 502.51c: relation "none", its note names 702.55b; 502.46b names 702.51a-b.
    reply = await run_answer(ctx, "rule", search="502.51c")
    assert "702.55b bezieht „die Kreatur, bei der es spukt“ heute auf das Ziel der Spuk-Fähigkeit. " \
           "_(Beleg: 702.55b (Comprehensive Rules vom 17.04.2026))_" in reply.pages[0].body
    reply = await run_answer(ctx, "rule", search="502.46b")
    assert "_(Beleg: 702.51a, 702.51b (Comprehensive Rules vom 17.04.2026))_" in reply.pages[0].body
    assert "Beleg: –" not in reply.pages[0].body


async def test_bad_buttons(ctx):
    assert (await run_action(ctx, "rule", "kein")).error
    assert (await run_action(ctx, "rulex", "x")).error
    assert (await run_action(ctx, "rulex", "999999")).error


@pytest.mark.parametrize("text", NASTY)
async def test_nasty_rule_queries(ctx, text):
    reply = await run_answer(ctx, "rule", search=text)
    if reply.error:
        assert reply.pages[0].title.startswith(("Nichts gefunden", "Bitte eine Regelnummer"))
    for message in all_payloads(reply):
        assert_within_limits(message)


async def test_autocomplete_numbers(ctx):
    choices = await run_completer(ctx, rule_queries, "701")
    # the documents' numbers first, then today's numbers of the term table (since 2026-12-07: 701 Schlüsselwortaktion)
    assert [c.value for c in choices][:7] == ["701.19", "701.19a", "701.19b", "701.19c", "701", "701.2", "701.3"]
    assert choices[5].name == "701.2 – Aktivieren (Activate)" and len(choices) == 25
    assert choices[0].name == "701.19 (heute; so zitiert 2007: 701.30) – Regenerieren"  # as the answer leads
    # today's 701.19c too, as its answer leads with it (until 2026-12-07 „701.19c (heute 701.30d) – Ein Spieler
    # gewinnt eine Fehde …“, the clash article's)
    assert choices[3].name.startswith("701.19c (heute; so zitiert 2007: 701.30d) – Neither activating an ability that "
                                      "creates a ")


async def test_autocomplete_words_and_terms(ctx):
    choices = await run_completer(ctx, rule_queries, "start")
    values = [c.value for c in choices]
    assert values[0] == "start"  # the typed text as a search of its own
    assert "starting player" in values and "starting life total" in values
    headings = await run_completer(ctx, rule_queries, "einb")
    # The German term (today's rule) first, then the heading as the 2005 FAQ printed it.
    names = [c.name for c in headings]
    assert names[1] == "Einberufen – Regel 702.51" and "502.46 Einberufen" in names


async def test_autocomplete_limits(ctx):
    for typed in ("", "5", "a", "x" * 500, "🙂"):
        choices = await run_completer(ctx, rule_queries, typed)
        assert len(choices) <= 25
        assert all(0 < len(c.name) <= 100 and len(c.value) <= 100 for c in choices)


async def test_numbers_aligned_later_are_found(built_db, tmp_path):
    """The version map may set rule_explanations.number; the update trigger keeps the index in step."""
    aligned = tmp_path / "aligned.sqlite3"
    aligned.write_bytes(built_db.read_bytes())
    with sqlite3.connect(aligned) as conn:
        # 003 entry 51 "Der Startspieler macht seinen ersten Zug." gets a number for this test
        # (not a claim about the CR).
        conn.execute("UPDATE rule_explanations SET number = '103.8' WHERE position = 51")
    store = await Store.open(aligned)
    try:
        ctx = AnswerContext(store=store, names=NameIndex.from_entries(await store.name_entries()))
        reply = await run_answer(ctx, "rule", search="103.8")
        assert reply.pages[0].title == "Regel 103.8 (Erklärung) – Startspieler"  # its term in German
        assert reply.pages[0].body == "Der Startspieler macht seinen ersten Zug."
        choices = await run_completer(ctx, rule_queries, "103.8")  # „103.“ lists 25 numbers up to 103.6c
        assert "103.8" in [c.value for c in choices]
        hits = await run_answer(ctx, "rule", search="Startspieler ersten Zug")
        assert "**Regel 103.8 (Erklärung) – Startspieler**" in "\n".join(p.body for p in hits.pages)
    finally:
        await store.close()


@pytest.mark.parametrize("arg", ["²", "٣", "-1", "1e3", "", " 1", "9" * 40, *NASTY])
@pytest.mark.parametrize("key", ["rule", "rulex", "mechanic"])
async def test_buttons_survive_any_argument(ctx, key, arg):
    reply = await run_action(ctx, key, arg)
    assert reply.error or key == "rule"  # only a rule number can be valid among these
    for message in all_payloads(reply):
        assert_within_limits(message)


async def test_new_term_schlachtfeld_finds_old_im_spiel(ctx):
    # No document says "Schlachtfeld"; 003 and the FAQs say "im Spiel" (synonyms.tsv, row schlachtfeld_im).
    reply = await run_answer(ctx, "rule", search="Schlachtfeld")
    assert reply.pages[0].title == "Schlachtfeld – Regel 403"
    body = reply.pages[1].body
    assert "Auch gesucht: im spiel, auf dem schlachtfeld" in body
    assert "Nur Objekte auf dem Stapel oder **im Spiel** haben einen Beherrscher." in body


async def test_a_term_page_dates_the_rulings_it_lists(ctx):
    # „Vorrang“ → Priorität (117): each ruling listed names its document and that document's date, as every other
    # answer does (Blitzsturm: Kälteeinbruch FAQ of 01.06.2006; Getrieben // Verzweiflung: 002's ruling of 18.04.2017).
    body = (await run_answer(ctx, "rule", search="Vorrang")).pages[0].body
    assert "• Ruling zu **Blitzsturm** (Kälteeinbruch – Häufig gestellte Fragen, 01.06.2006): " in body
    assert ("• Ruling zu **Getrieben // Verzweiflung** (Rulings zu Getrieben // Verzweiflung und geteilten Karten, "
            "18.04.2017): ") in body


async def test_misprinted_subrule_is_found_under_its_heading(ctx):
    # Ravnica FAQ: under the heading "502.46. Einberufen" the first subrule is printed as "502.32a";
    # Transmutation: under "502.48." it is printed as "502.43a". Asked by the intended number, both are found.
    from bot.answers import run_answer

    reply = await run_answer(ctx, "rule", search="502.46a")
    assert not reply.error
    # the printed rule with today's counterpart first (702.51a, changed: no additional cost today).
    assert reply.pages[0].title == "Regel 502.32a (so zitiert) – heute 702.51a"
    assert reply.pages[0].body.startswith(
        "**502.32a** ist heute **702.51a** (inhaltlich geändert): Convoke is a static ability")
    assert reply.pages[1].title == "Regel 502.46a (gedruckt als 502.32a)"
    assert "Einberufen ist eine statische Fähigkeit" in reply.pages[1].body
    reply = await run_answer(ctx, "rule", search="502.48a")
    assert reply.pages[0].title == "Regel 502.43a (so zitiert) – heute 702.53a"
    assert reply.pages[1].title == "Regel 502.48a (gedruckt als 502.43a)"


async def test_number_cited_inside_a_rule_text_answers_with_the_document_first(ctx):
    # the Ravnica FAQ's 502.32a (convoke) says "… in den Regeln 409.1b und 409.1f-h" (2005 numbering).
    reply = await run_answer(ctx, "rule", search="409.1b")
    assert not reply.error
    assert reply.pages[0].title == "Regel 409.1b (so zitiert) – heute 601.2b"
    body = reply.pages[0].body
    assert ("**Früher** (Ravnica: Stadt der Gilden – Häufig gestellte Fragen, 30.08.2005): 502.32a: … "
            "Das Verwenden der Fähigkeit Einberufen folgt den Regeln für das Bezahlen zusätzlicher Kosten in den "
            "Regeln 409.1b und 409.1f-h.") in body
    assert body.startswith("**409.1b** ist heute **601.2b**: … If the spell has alternative or additional costs")
    # a number inside the range 409.1f-h
    reply = await run_answer(ctx, "rule", search="409.1g")
    assert reply.pages[0].title == "Regel 409.1g (so zitiert) – heute 601.2g"


async def test_todays_number_names_each_rule_once(ctx):
    # data/terms_de_en.tsv: "Priorität" and "Timing und Priorität" (CR 2026-04-17: "117. Timing and Priority")
    reply = await run_answer(ctx, "rule", search="117")
    body = reply.pages[0].body
    assert body.startswith(
        "**Priorität** (englisch *Priority*) und **Timing und Priorität** (englisch *Timing and Priority*): "
        "Regelbegriff, heute Regel **117**.\n"
    )
    assert body.count("heute Regel **117**") == 1
    # terms of another kind keep their own line: 207.2c, the rule of ability words
    words = (await run_answer(ctx, "rule", search="207.2c")).pages[0].body
    assert "**Fähigkeitswort** (englisch *Ability Word*): Regelbegriff, heute Regel **207.2c**.\n" in words
    assert (
        "**Ausstrahlung** (englisch *Radiance*) und **Versessenheit** (englisch *Hellbent*): "
        "Fähigkeitswort (ohne eigene Regel), heute Regel **207.2c**." in words
    )


async def test_a_term_page_follows_the_documents_senses(ctx):
    """``/regel`` by the words the documents write (data/terms_documents.tsv): 004's „anstacheln“ finds Aufstacheln
    (goad, 701.15) with 004's rulings; Provozieren (provoke, 702.39) says what 004 means by „provoziert“ and lists
    004's goad rulings only under that sense, not as its own; Leere (Devoid) says 001 uses the word only in card
    names and lists no card's ruling."""
    goad = await run_answer(ctx, "rule", search="anstacheln")
    body = goad.pages[0].body
    assert goad.pages[0].title == "Aufstacheln – Regel 701.15"
    assert "_In Dokument 004 steht „anstacheln“ für Aufstacheln (Goad, Regel 701.15)._" in body
    assert "**Angestachelt** zu sein ist keine Fähigkeit" in body and "Kein genauer Treffer" not in body
    assert (await run_answer(ctx, "rule", search="Nachhall")).pages[0].title == "Nachspiel – Regel 702.127"  # 002
    provoke = (await run_answer(ctx, "rule", search="Provozieren")).pages[0]
    assert provoke.title == "Provozieren – Regel 702.39"
    own, _, as_goad = provoke.body.partition("**In den Dokumenten des Bots als Aufstacheln (Goad):**")
    assert "Schnellvorlauf" not in own and "Ruling zu **Schnellvorlauf**" in as_goad
    assert ("Im Sinn von **Provozieren** (Provoke) verwenden die Dokumente des Bots das Wort nicht; in Dokument 004 "
            "steht „provozieren“ für Aufstacheln (Goad, Regel 701.15), unten aufgeführt." in own)
    devoid = (await run_answer(ctx, "rule", search="Leere")).pages[0]
    assert "_In Dokument 001 ist „leere“ kein Begriff: Kartennamen „Ley-Linie der Leere“" in devoid.body
    assert "Ruling zu **Maul der Leere**" not in devoid.body
    assert "Die Dokumente des Bots verwenden diesen Begriff nicht." in devoid.body


async def test_the_explanation_s_vorrang_in_the_sense_of_precedence_gets_no_priority_note(ctx):
    # 003:35 (101.2, „hat der „kann nicht“-Effekt Vorrang“) and 003:61 (Power Play „hat Vorrang vor diesen Methoden“):
    # precedence (data/terms_documents.tsv), not priority; 003:190 „Ein Permanent …“ keeps its note.
    for key in ("003:35", "003:61"):
        reply = await run_action(ctx, "passage", key)
        assert "Vorrang" in reply.pages[0].body, key
        assert "statt „Vorrang“" not in reply.pages[0].body and "ℹ️" not in reply.pages[0].body, key
    reply = await run_action(ctx, "passage", "003:190")
    assert "„Bleibende Karte“ statt „Permanent“ (110)" in reply.pages[0].body


def test_a_number_with_look_alike_letters_is_read_and_one_of_no_rules_shape_refused():
    assert read_number("7O2.19") == ("702.19", "O als 0")
    assert read_number("Regel I04.3f") == ("104.3f", "I als 1")
    assert read_number("IO3.6") == ("103.6", "I als 1, O als 0")
    assert read_number("701.l9") == ("701.19", "l als 1")
    for as_typed_or_none in ("702.19", "104.3f", "Regel 7", "Ol", "Fehde", "Regel l", "1/1", "702.19zz"):
        assert read_number(as_typed_or_none) is None, as_typed_or_none
    for wrong in ("7022.19", "70.219", "Regel 702.19.3", "7O22.19"):
        assert misnumbered(wrong), wrong
    for fine in ("702.19", "7O2.19", "Fehde 2", "1/1", "2005"):
        assert not misnumbered(fine), fine


async def test_a_rule_number_typed_with_the_letter_o_is_read_and_said(ctx: AnswerContext):
    """``/regel suche: 7O2.19`` (the letter O for the zero): Trampelschaden, rule 702.19 (the term table), with a line
    saying which number was read; before, the word search answered Fehde's 701.19 without a word."""
    page = (await run_answer(ctx, "rule", search="7O2.19")).pages[0]
    assert page.title == "Regel 702.19 (heute) – Trampelschaden"
    assert page.body.startswith("_„7O2.19“ ist so keine Regelnummer; gelesen als 702.19 (O als 0)._\n"
                                "**Trampelschaden** (englisch *Trample*): Schlüsselwortfähigkeit, heute Regel "
                                "**702.19**.")
    assert "701.19" not in page.body
    exact = (await run_answer(ctx, "rule", search="701.19")).pages[0]  # as typed: today's 701.19, then the article's
    assert exact.title == "Regel 701.19 (heute) – Regenerieren · so zitiert 2007, heute 701.30"
    assert "gelesen als" not in exact.body
    refused = await run_answer(ctx, "rule", search="7022.19")
    assert refused.error and refused.pages[0].title == "Ungültige Regelnummer"
    assert refused.pages[0].body.startswith("„7022.19“ ist keine Regelnummer: drei Ziffern, ein Punkt")


def test_a_term_counts_where_a_synonym_phrase_holds_its_word(built_db):
    """001's Maul der Leere ruling „… gleichzeitig aus dem Spiel auf den Friedhof gelegt …“: the phrase is the
    concept of its synonym group (data/synonyms.tsv: friedhof_gelegt, the longest name wins), so the passage lacks
    Graveyard's own concept, yet it uses „Friedhof“ in the term's sense and belongs on Friedhof's term page; it still
    does not use Leere (Devoid: 001 has the word only in card names)."""
    from bot.answers.terms import uses_term
    from bot.terms import term_index

    with sqlite3.connect(built_db) as conn:
        (concepts,) = conn.execute("SELECT concepts FROM passages WHERE text LIKE "
                                   "'Falls das Maul der Leere und eine andere Kreatur gleichzeitig%'").fetchone()
    concepts = tuple(concepts.split())
    terms = {t.german: t for t in term_index().terms}
    assert "zzsfriedhofxgelegt" in concepts and "zzkgraveyard" not in concepts
    assert uses_term(concepts, terms["Friedhof"], ["Friedhof"])
    assert not uses_term(concepts, terms["Leere"], ["Leere"])


async def test_rule_search_says_a_word_it_read_as_another(ctx):
    # „evil“ is in no document; the search reads it as „exil“ and says so before the hits, as /frage and /ruling suche
    reply = await run_answer(ctx, "rule", search="evil")
    body = reply.pages[0].body
    assert body.startswith("ℹ️ „evil“ (gelesen als „exil“) steht so in keinem Dokument des Bots")
    assert "Stellen in Regeln und Regelerklärungen für „evil“" in body


async def test_an_explanation_is_found_by_its_id_in_the_catalogues_index(ctx):
    """``RuleCatalog.explanation`` finds each explanation of document 003 by its store id through ``by_id`` (made
    once per catalogue), the same as a scan of the list; an id no explanation has gives None."""
    cat = await catalog(ctx.store)
    assert len(cat.explanations) > 100 and cat.by_id is cat.by_id
    for e in cat.explanations:
        assert cat.explanation(e.id) is next(x for x in cat.explanations if x.id == e.id)
    assert cat.explanation(max(cat.by_id) + 1) is None
    first = cat.explanations[0]
    assert first.text and cat.explanation(first.id).text == first.text


@pytest.mark.parametrize(("typed", "offered"), [
    ("weiss", "Weiß – Regel 105.1"),  # one word: the list per prefix
    ("gefrass", "Gefräßig – Regel 702.156"),
    ("gefraessig", "Gefräßig – Regel 702.156"),  # ä typed as ae, ß as ss
])
async def test_rule_search_completes_a_term_with_sharp_s_typed_with_ss(ctx, typed, offered):
    choices = await run_completer(ctx, rule_queries, typed)
    assert offered in [c.name for c in choices]


async def test_the_page_of_an_old_name_lists_no_passage_meaning_it_otherwise(ctx):
    # data/terms_documents.tsv: 003 writes „Vorrang“ for precedence (101.2 „… hat der „kann nicht“-Effekt Vorrang“,
    # 103.1c „… hat Vorrang vor diesen Methoden“), not for Priorität (117); before, both stood under Priorität's page
    from bot.answers import run_answer

    reply = await run_answer(ctx, "rule", search="vorrang")
    assert reply.pages[0].title == "Priorität – Regel 117"
    listed = "\n".join(p.body for p in reply.pages[1:])
    assert "hat der „kann nicht“-Effekt **Vorrang**" not in listed and "**Vorrang** vor diesen Methoden" not in listed
    assert "sobald das nächste Mal ein Spieler **Priorität** erhalten würde" in listed  # 104.3b: the term's sense
