"""Answers that are right today: register notices on exactly the entries a row names, the
"Heute" blocks of /mechanik, search hits, terminology only where reviewed, /info coverage."""

from __future__ import annotations

import re

import pytest

from bot.answers import run_action, run_answer
from bot.answers.today import STATUS_LABELS, heute_block, hit_notice, ruling_display
from bot.answers.today_facts import STYLES
from bot.answers.today_index import rule_today_source, today_index
from bot.importer.changes import read_register
from bot.store import Store

REGISTER = read_register()


def text_of(reply) -> str:
    """All pages' text, the page ties of shared notices (``⚠️¹``, ``ℹ️²``) read as their marks alone."""
    return plain("\n".join(p.body + "".join(f.value for f in p.fields) for p in reply.pages))


def plain(text: str) -> str:
    """``text`` without the superscript numbers that tie entries to a page's notices."""
    return re.sub("[⁰¹²³⁴⁵⁶⁷⁸⁹]", "", text)


async def _entries(store: Store) -> dict[str, tuple[str, int, str]]:
    """"001:2063" → (kind, id, text) for every ruling and section of the documents."""
    rows = await store.fetchall(
        "SELECT substr(d.file, 1, 3) || ':' || r.line, 'ruling', r.id, r.text FROM rulings r"
        " JOIN documents d ON d.id = r.document_id"
        " UNION ALL SELECT substr(d.file, 1, 3) || ':' || m.line, 'mechanic', m.id, m.body FROM mechanics m"
        " JOIN documents d ON d.id = m.document_id"
    )
    return {label: (kind, rid, text) for label, kind, rid, text in rows}


@pytest.mark.parametrize("change", REGISTER.changes, ids=[c.key for c in REGISTER.changes])
async def test_each_row_notice_appears_on_exactly_its_entries(store, change):
    index = await today_index(store)
    entries = await _entries(store)
    named = {(entries[e.label][0], entries[e.label][1]) for e in change.entries}
    shown = set()
    for kind, entry_id, text in entries.values():
        displays = [ruling_display(index, kind, entry_id, text, "Quelle"), hit_notice(index, kind, entry_id)]
        if kind == "mechanic":
            displays.append(heute_block(index, kind, entry_id))
        if any(change.today in d for d in displays):
            shown.add((kind, entry_id))
    assert shown == named


async def test_naming_a_split_card_shows_todays_rule_first(ctx):
    # Finding: `/ruling suche: geteilte Karte benennen` gave the 2006 ruling (name both halves) without a word.
    reply = await run_answer(ctx, "ruling", search="geteilte Karte benennen")
    body = plain(reply.pages[0].body)
    today = body.index(
        "⚠️ **Heute:** Wer eine geteilte Karte benennen will, nennt einen ihrer beiden Namen, nicht beide."
    )
    old = body.index("**Früher** (heute überholt): Falls ein Effekt einen Spieler anweist, eine **Karte** zu "
                     "**benennen**")
    # 002 line 29 says today's rule: quoted under the old hit, or a hit of its own further down
    text = "\n\n".join(p.body for p in reply.pages).replace("**", "")  # a hit has its matched words in bold
    newer = text.index("Jede geteilte Karte hat zwei Namen. Falls ein Effekt dich anweist, einen Kartennamen zu "
                       "bestimmen, kannst du einen wählen, aber nicht beide.")
    assert today < old and body.replace("**", "").index("Falls ein Effekt einen Spieler anweist") < newer
    assert "709.4a (Comprehensive Rules vom 17.04.2026); Dokument 002" in body
    assert "Rulings zu Getrieben // Verzweiflung und geteilten Karten" in reply.source


async def test_rulings_still_right_carry_no_change_warning(ctx, store):
    index = await today_index(store)
    entries = await _entries(store)
    # Zwietracht FAQ (2006), line 2057: only the cast half's characteristics on the stack – 002 says the same.
    kind, rid, text = entries["001:2057"]
    shown = ruling_display(index, kind, rid, text, "Zwietracht, 17.03.2006")
    assert "⚠️" not in shown
    # the ruling's own sentence first, the confirmation after it (before 2026-12-05 the box stood in front and the
    # text followed as „**Im Dokument** (…)“)
    assert shown.startswith("Wenn eine geteilte Karte gespielt wird, wird nur eine ihrer Hälften gespielt.")
    assert "\n✅ **Heute:** Auf dem Stapel existieren nur die Eigenschaften der gewirkten Hälfte" in shown
    assert "Im Dokument" not in shown
    assert "709.3b, 202.3d (Comprehensive Rules vom 17.04.2026)" in shown
    # The hybrid section (2005) is today's 107.4e: wording, not a rules change.
    reply = await run_answer(ctx, "mechanic", name="Hybrid")
    first = reply.pages[0].body
    assert "⚠️" not in first
    assert first.startswith("ℹ️ **Heute:** Die Regel steht heute unter 107.4e (damals 104.3f)")
    assert "> **107.4e** A hybrid mana symbol is also a colored mana symbol" in first


async def test_changed_ruling_shows_today_then_history(ctx):
    reply = await run_answer(ctx, "ruling", card="Spektraler Scheinwerfer")
    body = reply.pages[0].body
    source = body.index("_Ravnica: Stadt der Gilden – Häufig gestellte Fragen, 30.08.2005:_")
    today = body.index("⚠️ **Heute:** Manabrand gibt es nicht mehr")
    old = body.index("**Früher** (heute überholt): Kann der Spieler das Mana nicht verwenden, erleidet er am Ende der "
                     "Phase Manabrand.")
    assert source < today < old
    # the Beleg names the newer document's explanation of 106.4 (003:202) beside the official rule
    assert f"_(Beleg: 106.4 (Comprehensive Rules vom 17.04.2026); {EXPLAINED}" in body


#: How a notice's evidence names document 003's explanation of today's rule (data/changes.toml, e.g. 003:202).
EXPLAINED = "Dokument 003 (Magic-Regelwerk auf Deutsch (CardX Academy, Stand: aktuelle Regeln 2024+)"


CR = "(Comprehensive Rules vom 17.04.2026)"


@pytest.mark.parametrize(
    ("command", "args", "today", "old", "evidence"),
    [
        # Ravnica FAQ 496: tokens named "Ritter" – today "Knight Token" (CR 111.4).
        ("ruling", {"card": "Gejagter Drache"},
         "⚠️ **Heute:** Nennt der Effekt keinen Namen, heißt ein Spielstein heute wie seine Untertypen mit dem Zusatz "
         "„Spielstein“: Die Spielsteine des Gejagten Drachen heißen „Ritter-Spielstein“ (englisch „Knight Token“)",
         "**Früher** (Ravnica: Stadt der Gilden – Häufig gestellte Fragen, 30.08.2005, heute überholt): "
         "Die Spielsteine sind weiß und haben als Name und Kreaturentyp Ritter.",
         f"_(Beleg: 111.4 {CR}; {EXPLAINED}"),
        # Guildpact FAQ 1681: in Two-Headed Giant you chose either attacking player – today 805.10c decides.
        ("ruling", {"card": "Seelen der Untadeligen"},
         "⚠️ **Heute:** Im Doppelköpfigen Riesen meint „der angreifende Spieler“ bei einer Fähigkeit einer blockenden "
         "Kreatur den Spieler, der die angreifende Kreatur kontrolliert, die sie blockt (805.10c).",
         "**Früher** (Gildenbund – Häufig gestellte Fragen, 22.12.2005, heute überholt): Falls den Seelen der "
         "Untadeligen in einem Doppelköpfiger-Riese-Spiel Kampfschaden zugefügt wird, kannst du eins der beiden "
         "Mitglieder des angreifenden Teams",
         f"_(Beleg: 810.2, 805.10c {CR})_"),
        # Dissension FAQ 2204: exiled ("ganz aus dem Spiel entfernte") cards counted as outside the game.
        ("ruling", {"card": "Forschung // Entwicklung"},
         "⚠️ **Heute:** Das Exil ist heute eine Zone des Spiels (400.1), Karten darin sind also nicht „außerhalb "
         "des Spiels“ (400.11): Forschung kann keine Karten aus dem Exil in deine Bibliothek mischen.",
         "**Früher** (Zwietracht – Häufig gestellte Fragen, 17.03.2006, heute überholt): Bei Forschung bedeutet "
         "eine Karte „außerhalb des Spiels“ eine Karte, die ganz aus dem Spiel entfernt wurde",
         f"_(Beleg: 400.11, 400.1, 400.11a {CR})_"),
        # Coldsnap FAQ 3146: assigned combat damage waited on the stack; the spell case still holds.
        ("ruling", {"card": "Goblin-Pelzhändler"},
         "⚠️ **Heute:** Kampfschaden wird heute ohne Stapel zugewiesen und sofort zugefügt (510.2): Der "
         "Goblin-Pelzhändler kann dazwischen das Schlachtfeld nicht verlassen",
         "**Früher** (Kälteeinbruch – Häufig gestellte Fragen, 01.06.2006, heute überholt): Falls der "
         "Goblin-Pelzhändler einer verschneiten Kreatur Schaden zuteilt",
         f"_(Beleg: 510.2 {CR})_"),
        # Guildpact FAQ 1181 and 1185: Leylines entered all at once, the starting player ordered their timestamps.
        ("mechanic", {"name": "Ley-Linien"},
         "⚠️ **Heute:** Nach den Mulligans bringt zuerst der Startspieler seine Ley-Linien in beliebiger Reihenfolge "
         "aufs Schlachtfeld, danach jeder weitere Spieler in Zugreihenfolge seine (103.6, 103.6a).",
         "**Früher** (Gildenbund – Häufig gestellte Fragen, 22.12.2005, heute überholt): Der Spieler, der das "
         "Spiel beginnt, legt die relative Zeitstempel-Reihenfolge aller Ley-Linien fest",
         f"_(Beleg: 103.6, 103.6a, 613.7d {CR}; {EXPLAINED}"),
        # Dissension FAQ 1961: graft "triggers every time" – today only with a +1/+1 counter on it (702.58a).
        ("mechanic", {"name": "Pfropfen"},
         "⚠️ **Heute:** Die ausgelöste Fähigkeit von Pfropfen wird heute nur ausgelöst, falls auf der bleibenden "
         "Karte mit Pfropfen eine +1/+1-Marke liegt",
         "**Früher** (Zwietracht – Häufig gestellte Fragen, 17.03.2006, heute überholt): Die ausgelöste Fähigkeit "
         "von Pfropfen wird jedes Mal ausgelöst, wenn eine Kreatur ins Spiel kommt",
         f"_(Beleg: 702.58a {CR})_"),
    ],
    ids=["token_name", "two_headed_giant", "outside_game_exile", "fur_trader", "leyline_start", "graft_trigger"],
)
async def test_findings_of_the_full_review_show_today_first(ctx, command, args, today, old, evidence):
    text = text_of(await run_answer(ctx, command, **args))
    # The list names the document and date above its rulings; the outdated text is labelled "Früher".
    source, rest = re.fullmatch(r"\*\*Früher\*\* \((.+), heute überholt\): (.*)", old, re.DOTALL).groups()
    old = f"**Früher** (heute überholt): {rest}"
    assert text.index(today) < text.index(old)
    assert evidence in text[text.index(today):text.index(old)]
    assert text.index(f"_{source}:_") < text.index(old)


async def test_voja_ruling_is_still_true_only_the_comparison_is_outdated(ctx):
    # Ravnica FAQ 966: "Der Spielstein hat den Namen „Voja“ und den Kreaturentyp „Wolf“" still holds; the aside that
    # most tokens are named like their type no longer does (CR 111.4): a wording note, no "overruled" warning.
    text = text_of(await run_answer(ctx, "ruling", card="Tolsimir Wolfsblut"))
    voja = text[text.index("Der Spielstein hat den Namen „Voja“"):]
    assert voja.index("ℹ️ **Heute:** Aussage weiter richtig: Der Spielstein heißt Voja, sein Kreaturentyp ist Wolf.") \
        < voja.index("Die Legendenregel bedeutet hier")
    assert "„Ritter-Spielstein“" not in text


async def test_still_true_mana_pool_ruling_is_wording_not_changed(ctx):
    # Dissension FAQ 2345 (Kosten des Krieges): "… da der Manavorrat eines Spielers am Ende jeder Phase geleert wird"
    # is still true (today also at the end of each step): no "overruled" warning.
    body = (await run_answer(ctx, "ruling", card="Kosten des Krieges")).pages[0].body
    assert "⚠️" not in body and "überholt" not in body
    assert ("ℹ️ **Heute:** Aussage weiter richtig: Der Manavorrat leert sich am Ende jeder Phase, heute zusätzlich "
            "am Ende jedes Segments (106.4)") in body


async def test_convoke_section_starts_with_todays_rule(ctx):
    # Finding: /mechanik Einberufen quoted the 2005 rule 502.32a (an additional cost) with no word on today.
    reply = await run_answer(ctx, "mechanic", name="Einberufen")
    first = reply.pages[0].body
    assert first.startswith("⚠️ **Heute:** Einberufen ist heute Regel 702.51: keine zusätzlichen")
    assert "> **702.51b** The convoke ability isn’t an additional or alternative cost" in first
    # The 2005 text (the misprinted 502.32a: "Als zusätzliche Kosten …") is history behind the button "Früher (2005)".
    assert "502.32a" not in first
    button = next(a for a in reply.actions if a.label == "Früher (2005)")
    old = (await run_action(ctx, button.action, button.arg)).pages
    assert old[0].title == "Einberufen – Ravnica: Stadt der Gilden (2005)"
    assert "**502.32a** (heute 702.51a; ⚠️ heute überholt) _(so gedruckt; gemeint ist 502.46a)_ Einberufen ist eine " \
        "statische Fähigkeit" in "\n".join(p.body for p in old)


@pytest.mark.parametrize(
    ("name", "start", "rule"),
    [
        ("Fehde", "⚠️ **Heute:** Fehde ist heute Regel 701.30.", "> **701.30c** Each clashing player reveals"),
        ("Clash", "⚠️ **Heute:** Fehde ist heute Regel 701.30.", "> **701.30d** A player wins a clash"),
        ("Geteilte Karten", "⚠️ **Heute:** Außerhalb des Stapels", "> **709.4b** The mana cost of a split card"),
        ("Kumulative Versorgung", "ℹ️ **Heute:** Die Regel steht heute unter 702.24 (damals 502.13)",
         "> **702.24a** Cumulative upkeep is a triggered ability"),
        ("Ausgraben", "ℹ️ **Heute:** Die Regel steht heute unter 702.52 (damals 502.47)", "> **702.52a** Dredge"),
        ("Pfropfen", "⚠️ **Heute:** Pfropfen ist heute Regel 702.58 (damals 502.54). Die ausgelöste Fähigkeit hat heute "
         "eine Bedingung", "if this permanent has a +1/+1 counter on it, you may move a +1/+1 counter"),
    ],
)
async def test_changed_mechanics_have_a_heute_block(ctx, name, start, rule):
    reply = await run_answer(ctx, "mechanic", name=name)
    first = reply.pages[0].body
    assert first.startswith(start)
    assert rule in first
    # The document's dated text follows as history: on the page, or behind the button "Früher (<year>)".
    history = re.search(r"\*\*(Früher|Im Dokument)\*\* \(", first)
    if history is not None:
        assert first.index(rule) < history.start()
    else:
        assert any(re.fullmatch(r"Früher \(\d{4}\)", a.label) for a in reply.actions)


async def test_split_rulings_of_2017_lead_with_their_text_and_confirm_it_after(ctx):
    # 002:29 holds unchanged today (709.4a): the ruling's sentence leads, the confirmation follows it on the next line
    reply = await run_answer(ctx, "ruling", card="Getrieben // Verzweiflung")
    text = text_of(reply)
    assert ("• Jede geteilte Karte hat zwei Namen. Falls ein Effekt dich anweist, einen Kartennamen zu bestimmen, "
            "kannst du einen wählen, aber nicht beide.\n✅ **Heute:** Gilt heute unverändert: du wählst einen der "
            "beiden Namen, nicht beide. _(Beleg: 709.4a (Comprehensive Rules vom 17.04.2026))_") in text
    assert "Im Dokument" not in text
    start = text.index("• Jede geteilte Karte hat zwei Namen.")
    # The list names the document and the ruling's date above it.
    assert text.rindex("_Rulings zu Getrieben // Verzweiflung und geteilten Karten, 18.04.2017:_", 0, start) >= 0


async def test_abilities_are_activated_lands_are_played_english_gets_its_twins_terms(store):
    index = await today_index(store)
    entries = await _entries(store)

    def shown(label: str) -> str:
        kind, rid, text = entries[label]
        return ruling_display(index, kind, rid, text, "Quelle")

    # Dissension FAQ line 1935: "… die Vorhersage-Fähigkeit … spielen" → activated, not cast.
    assert "„aktivieren“ statt „(eine Fähigkeit) spielen“" in shown("001:1935")
    assert "„wirken“" not in shown("001:1935")
    # Guildpact FAQ line 1244: "… den Namen eines Lands nennen, um zu verhindern, dass es gespielt wird."
    assert shown("001:1244") == entries["001:1244"][2]
    # The English clash rulings ("converted mana cost") carry the term notice of their German twin (000:52 is the
    # English of 000:24, "umgewandelte Manakosten von 0"), never a bare text where the German one has a notice.
    assert shown("000:52").endswith("\nℹ️ Heute andere Begriffe: „Manawert“ statt „umgewandelte Manakosten“ "
                                    "_(Beleg: 202.3 (Comprehensive Rules vom 17.04.2026); so geschrieben in "
                                    "Dokument 002 (Rulings zu Getrieben // Verzweiflung und geteilten Karten, "
                                    "Ruling vom 18.04.2017))_")
    assert "ℹ️" not in shown("000:49")  # its twin 000:21 uses no old term
    # A spell is cast: Ravnica FAQ line 78, "… eines Zaubers mit Einberufen, den du spielst …".
    assert "„wirken“ statt „spielen“" in shown("001:78")


async def test_info_shows_register_coverage(ctx):
    reply = await run_answer(ctx, "info")
    field = next(f for f in reply.pages[0].fields if f.name.startswith("Stand heute"))
    assert "606 Rulings und 32 Mechanik-Abschnitte geprüft" in field.value
    # the three English clash rulings whose German twins use old terms count as "nur Begriffe" with them
    # 004 (27.01.2026): its goad rulings („provoziert“/„angestachelt“) are current, no term hint (before: 334 and 248)
    # 001:2061 (discarding a split card, old terms only) confirmed by 002:33 since 2026-12-07 (split_discard)
    assert "Rulings: 340 unverändert, 24 geändert, 242 nur Begriffe" in field.value
    assert "Abschnitte: 14 unverändert, 5 geändert, 13 nur Begriffe" in field.value
    assert "0 ohne Einordnung · 44 Registerzeilen, Regeln vom 17.04.2026" in field.value


async def test_every_section_and_cited_number_fits_discord_limits(ctx, store):
    # The "Heute" blocks and era pages make answers longer: every page of every section, of every card with a
    # changed ruling and of every number a document prints stays within Discord's limits (paged, never cut).
    from bot.answers import run_action
    from bot.page_fit import fit_pages
    from bot.render import payload
    from tests.test_render import assert_within_limits

    sections = await store.fetchall("SELECT id FROM mechanics")
    replies = [await run_action(ctx, "mechanic", str(mid)) for (mid,) in sections]
    cards = await store.fetchall(
        "SELECT DISTINCT r.card_id FROM change_entries e JOIN rulings r ON r.id = e.entry_id"
        " WHERE e.entry_kind = 'ruling' AND r.card_id IS NOT NULL"
    )
    replies += [await run_action(ctx, "rulings", str(cid)) for (cid,) in cards]
    numbers = await store.fetchall("SELECT number FROM old_numbers")
    replies += [await run_answer(ctx, "rule", search=n) for (n,) in numbers]
    assert len(replies) == 32 + len(cards) + 46 and len(cards) >= 10  # 46 numbers: 42 quoted, 4 cited in text
    for reply in replies:
        assert not reply.error
        for page in range(len(fit_pages(reply.pages))):
            assert_within_limits(payload(reply, page))


async def test_combat_damage_on_the_stack_rulings_still_hold_each_with_its_own_note(ctx):
    # Ravnica FAQ 853/855 (Sonnenheim) and Dissension 2394 (Lebendes Blätterdach) say "auf den Stapel gegangen",
    # but their conclusions hold today (CR 702.4d, 702.4b, 510.2): wording, no "heute überholt", each its own case.
    sun = text_of(await run_answer(ctx, "ruling", card="Sonnenheim, Festung der Legion"))
    assert "heute überholt" not in sun and "⚠️" not in sun
    first = sun.index("fügt diese Kreatur auch während des normalen Kampfschadensegments Schaden zu.")
    late = sun.index("hilft das dieser Kreatur nicht, zusätzlichen Kampfschaden zuzufügen.")
    note_first = sun.index("ℹ️ **Heute:** Folgerung weiter richtig, nur ohne Stapel: Kampfschaden geht nicht mehr auf "
                           "den Stapel (510.2). Erhält eine Kreatur mit Erstschlag Doppelschlag, nachdem sie im ersten "
                           "Kampfschadensegment Schaden zugefügt hat, fügt sie im zweiten Kampfschadensegment noch "
                           f"einmal Schaden zu (702.4d). _(Beleg: 510.2, 702.4d {CR})_")
    note_late = sun.index("Erhält eine Kreatur ohne Erstschlag Doppelschlag erst nach dem ersten Kampfschadensegment, "
                          "fügt sie im zweiten Segment nur ihren einen normalen Kampfschaden zu (702.4b)")
    assert first < note_first < late < note_late
    canopy = text_of(await run_answer(ctx, "ruling", card="Lebendes Blätterdach"))
    assert "heute überholt" not in canopy
    assert "Wird Lebendes Blätterdach erst nach dem Kampfschaden gewirkt (im Kampfschadensegment), kommt der " \
           "Saproling blockend aufs Schlachtfeld, fügt der Kreatur aber keinen Kampfschaden zu" in canopy


async def test_legend_rule_notice_is_about_its_own_card(ctx):
    # the Voja sentence belongs to Tolsimir Wolfsblut (001:968), not to Ley-Linie der Einzigartigkeit (001:1522).
    leyline = text_of(await run_answer(ctx, "ruling", card="Ley-Linie der Einzigartigkeit"))
    assert ("⚠️ **Heute:** Kontrolliert ein Spieler zwei oder mehr legendäre bleibende Karten mit demselben Namen"
            in leyline)
    assert "Voja" not in leyline
    tolsimir = text_of(await run_answer(ctx, "ruling", card="Tolsimir Wolfsblut"))
    assert "⚠️ **Heute:** Entsteht ein zweiter Voja-Spielstein, während du schon einen kontrollierst, behältst du " \
           "einen von beiden" in tolsimir


def test_status_labels_are_the_marks_and_words_of_the_styles():
    assert STATUS_LABELS == {"review": "🔎 zu prüfen", "changed": "⚠️ heute überholt",
                             "unchanged": "✅ gilt weiterhin", "wording": "ℹ️ heute anders formuliert"}
    assert all(STATUS_LABELS[status].startswith(style.mark + " ") for status, style in STYLES.items())


async def test_a_page_of_todays_rules_names_its_source(ctx):
    # 701.30d is quoted by the register from the CR of 2026-04-17; 999.1 by nothing: the register alone is named.
    register = await today_index(ctx.store)
    assert rule_today_source(register, ["701.30d"]) == ("Comprehensive Rules vom 17.04.2026, wie im "
                                                        "Änderungsregister zitiert")
    assert rule_today_source(register, ["999.1", "701.30d"], table=True) == (
        "Comprehensive Rules vom 17.04.2026, wie im Änderungsregister zitiert; Begriffstabelle Deutsch–Englisch "
        "(Comprehensive Rules vom 17.04.2026)")
    assert rule_today_source(register, ["999.1"], table=True) == ("Begriffstabelle Deutsch–Englisch "
                                                                  "(Comprehensive Rules vom 17.04.2026)")
    assert rule_today_source(register, ["999.1"]) == "Änderungsregister des Bots (data/changes.toml)"
    assert rule_today_source(register, []) == "Änderungsregister des Bots (data/changes.toml)"


async def test_an_entrys_status_is_made_once_per_store_and_an_unnamed_entry_has_none(store):
    """``entry_status`` keeps the status of each entry the register names with the store's index (the same object
    when asked again, equal to one made anew); an entry it does not name gets the one empty status, nothing kept,
    and ``status_text`` gives its text unchanged."""
    from bot.answers.today import status_text
    from bot.answers.today_facts import NO_STATUS, _entry_status, entry_status

    index = await today_index(store)
    kind, entry_id = next(iter(index.by_entry))
    first = entry_status(index, kind, entry_id)
    assert first.notices and entry_status(index, kind, entry_id) is first
    assert first == _entry_status(index, kind, entry_id)
    assert index.statuses[(kind, entry_id)] is first
    term_kind, term_id = next(k for k in index.terms_by_entry if k not in index.by_entry)
    assert entry_status(index, term_kind, term_id).terms
    unnamed = max(i for k, i in index.by_entry if k == "ruling") + 10_000
    kept = len(index.statuses)
    assert entry_status(index, "ruling", unnamed) is NO_STATUS
    assert len(index.statuses) == kept
    assert status_text(index, "ruling", unnamed, "Ein Text.", "Quelle") == "Ein Text."


async def test_the_evidence_of_a_pages_terms_is_made_once_per_store(store):
    """A term notice's evidence is kept with the store's index by the terms' keys: asked again it is the kept
    text, the same as one made anew; another list of terms has its own."""
    from bot.answers.today import _term_evidence_text, terms_listing

    index = await today_index(store)
    terms = tuple(index.terms.values())[:2]
    listing = terms_listing(index, terms)
    key = tuple(t.key for t in terms)
    assert index.texts[key] == _term_evidence_text(index, terms) and "Beleg" in index.texts[key]
    assert listing.endswith(index.texts[key])
    index.texts[key] = "_(kept)_"
    assert terms_listing(index, terms).endswith("_(kept)_")
    assert "_(kept)_" not in terms_listing(index, terms[:1])
    del index.texts[key]


async def test_an_index_made_from_another_keeps_nothing_of_its_statuses_or_texts(store):
    """``dataclasses.replace`` of the store's index (a register under review in tests) starts with no kept status or
    term evidence: what the first index kept was made from its own rows."""
    import dataclasses

    from bot.answers.today import terms_listing
    from bot.answers.today_facts import entry_status

    index = await today_index(store)
    kind, entry_id = next(iter(index.by_entry))
    entry_status(index, kind, entry_id)
    terms_listing(index, tuple(index.terms.values())[:1])
    other = dataclasses.replace(index, reviews=dict(index.reviews))
    assert index.statuses and len(index.texts)
    assert not other.statuses and not len(other.texts)
