"""Answers that are right today (issue 9): register notices on exactly the entries a row names, the
"Heute" blocks of /mechanik, search hits, terminology only where reviewed, /info coverage."""

from __future__ import annotations

import pytest

from bot.answers import run_answer
from bot.answers.today import heute_block, hit_notice, ruling_display, today_index
from bot.importer.changes import read_register
from bot.store import Store

REGISTER = read_register()


def text_of(reply) -> str:
    return "\n".join(p.body + "".join(f.value for f in p.fields) for p in reply.pages)


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
    body = reply.pages[0].body
    today = body.index(
        "⚠️ **Überholt.** Heute: Wer eine geteilte Karte benennen will, nennt einen ihrer beiden Namen, nicht beide."
    )
    old = body.index("**Früher** (heute überholt): Falls ein Effekt einen Spieler anweist, eine Karte zu **benennen**")
    newer = body.index("**Heute gültige Fassung** (Getrieben // Verzweiflung): Jede geteilte Karte hat zwei Namen. "
                       "Falls ein Effekt dich anweist, einen Kartennamen zu bestimmen, kannst du einen wählen, aber "
                       "nicht beide.")
    assert today < old < newer
    assert "709.4a (Comprehensive Rules vom 17.04.2026); Dokument 002" in body
    assert "Rulings zu Getrieben // Verzweiflung und geteilten Karten" in reply.source


async def test_rulings_still_right_carry_no_change_warning(ctx, store):
    index = await today_index(store)
    entries = await _entries(store)
    # Zwietracht FAQ (2006), line 2057: only the cast half's characteristics on the stack – 002 says the same.
    kind, rid, text = entries["001:2057"]
    shown = ruling_display(index, kind, rid, text, "Zwietracht, 17.03.2006")
    assert "⚠️" not in shown
    assert shown.startswith("✅ **Heute:** Auf dem Stapel existieren nur die Eigenschaften der gewirkten Hälfte")
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
    today = body.index("⚠️ **Heute:** Manabrand gibt es nicht mehr")
    old = body.index("**Früher** (Ravnica: Stadt der Gilden – Häufig gestellte Fragen, 30.08.2005, heute überholt):"
                     " Kann der Spieler das Mana nicht verwenden, erleidet er am Ende der Phase Manabrand.")
    assert today < old
    assert "_Beleg: 106.4 (Comprehensive Rules vom 17.04.2026)_" in body


async def test_convoke_section_starts_with_todays_rule(ctx):
    # Finding: /mechanik Einberufen quoted the 2005 rule 502.32a (an additional cost) with no word on today.
    reply = await run_answer(ctx, "mechanic", name="Einberufen")
    first = reply.pages[0].body
    assert first.startswith("⚠️ **Heute:** Einberufen ist heute Regel 702.51: keine zusätzlichen")
    assert "> **702.51b** The convoke ability isn’t an additional or alternative cost" in first
    assert first.index("702.51b") < first.index("**Im Dokument** (Ravnica: Stadt der Gilden – Häufig gestellte "
                                                 "Fragen, 30.08.2005)") < first.index("**502.32a**")


@pytest.mark.parametrize(
    ("name", "start", "rule"),
    [
        ("Fehde", "⚠️ **Heute:** Fehde ist heute Regel 701.30.", "> **701.30c** Each clashing player reveals"),
        ("Clash", "⚠️ **Heute:** Fehde ist heute Regel 701.30.", "> **701.30d** A player wins a clash"),
        ("Geteilte Karten", "⚠️ **Heute:** Außerhalb des Stapels", "> **709.4b** The mana cost of a split card"),
        ("Kumulative Versorgung", "ℹ️ **Heute:** Die Regel steht heute unter 702.24 (damals 502.13)",
         "> **702.24a** Cumulative upkeep is a triggered ability"),
        ("Ausgraben", "ℹ️ **Heute:** Die Regel steht heute unter 702.52 (damals 502.47)", "> **702.52a** Dredge"),
    ],
)
async def test_changed_mechanics_have_a_heute_block(ctx, name, start, rule):
    first = (await run_answer(ctx, "mechanic", name=name)).pages[0].body
    assert first.startswith(start)
    assert rule in first
    assert first.index(rule) < first.index("**Im Dokument**")


async def test_split_rulings_of_2017_show_todays_rule_first(ctx):
    reply = await run_answer(ctx, "ruling", card="Getrieben // Verzweiflung")
    text = text_of(reply)
    block = text[text.index("✅ **Heute:** Gilt heute unverändert: du wählst einen der beiden Namen"):]
    assert block.index("709.4a (Comprehensive Rules vom 17.04.2026)") < block.index(
        "**Im Dokument** (Rulings zu Getrieben // Verzweiflung und geteilten Karten, 18.04.2017): "
        "Jede geteilte Karte hat zwei Namen.")


async def test_abilities_are_activated_lands_are_played_english_gets_no_terms(store):
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
    # The English clash rulings ("converted mana cost") carry no German term notice.
    assert "ℹ️" not in shown("000:52")
    # A spell is cast: Ravnica FAQ line 78, "… eines Zaubers mit Einberufen, den du spielst …".
    assert "„wirken“ statt „spielen“" in shown("001:78")


async def test_info_shows_register_coverage(ctx):
    reply = await run_answer(ctx, "info")
    field = next(f for f in reply.pages[0].fields if f.name.startswith("Stand heute"))
    assert "606 Rulings und 32 Mechanik-Abschnitte geprüft" in field.value
    assert "Rulings: 345 unverändert, 20 geändert, 241 nur Begriffe" in field.value
    assert "Abschnitte: 12 unverändert, 4 geändert, 16 nur Begriffe" in field.value
    assert "0 ohne Einordnung · 30 Registerzeilen, Regeln vom 17.04.2026" in field.value


async def test_every_section_and_cited_number_fits_discord_limits(ctx, store):
    # The "Heute" blocks and era pages make answers longer: every page of every section, of every card with a
    # changed ruling and of every number a document prints stays within Discord's limits (paged, never cut).
    from bot.answers import run_action
    from bot.render import fit_pages, payload
    from tests.test_render import assert_within_limits

    sections = await store.fetchall("SELECT id FROM mechanics")
    replies = [await run_action(ctx, "mechanic", str(mid)) for (mid,) in sections]
    cards = await store.fetchall(
        "SELECT DISTINCT r.card_id FROM change_entries e JOIN rulings r ON r.id = e.entry_id"
        " WHERE e.entry_kind = 'ruling' AND r.card_id IS NOT NULL"
    )
    replies += [await run_action(ctx, "rulings", str(cid)) for (cid,) in cards]
    numbers = await store.fetchall("SELECT number FROM old_numbers")
    replies += [await run_answer(ctx, "rule", query=n) for (n,) in numbers]
    assert len(replies) == 32 + len(cards) + 42 and len(cards) >= 10
    for reply in replies:
        assert not reply.error
        for page in range(len(fit_pages(reply.pages))):
            assert_within_limits(payload(reply, page))
