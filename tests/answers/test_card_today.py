"""``/karte`` labels the 2005/2006 FAQ text as printed text with its set and year, and shows today's
terms (data/terms.tsv, card rows) and the ``changed`` rows of the card's rulings (data/changes.toml).

Evidence: CR 17.04.2026 601.2 (cast), 602.2 (activate), 403.1 (battlefield), 406.1 (exile), 106.3 (add mana),
106.4 (mana pool empties; mana burn gone).
"""

from __future__ import annotations

from bot.answers import run_answer
from bot.render import payload
from tests.test_render import assert_within_limits

CR = "(Comprehensive Rules vom 17.04.2026)"


async def _card(ctx, name: str) -> tuple[str, dict[str, str]]:
    message = payload(await run_answer(ctx, "card", name=name))
    assert_within_limits(message)
    embed = message["embeds"][0]
    return embed["description"], {f["name"]: f["value"] for f in embed["fields"]}


async def test_feld_der_unterdrueckung_is_dated_printed_text_with_activate_notice(ctx):
    body, fields = await _card(ctx, "Feld der Unterdrückung")
    assert body.startswith("_Gedruckter Text (FAQ Ravnica: Stadt der Gilden):_\n"
                           "**{1}{W} · Verzauberung**")
    assert "Aktivierte Fähigkeiten kosten beim Spielen {2} mehr" in body  # the printed text, not invented Oracle
    assert fields["ℹ️ Heute andere Begriffe"] == f"„aktivieren“ statt „(eine Fähigkeit) spielen“ _(Beleg: 602.2 {CR})_"


async def test_auge_des_sturms_cast_and_exile_with_evidence_once(ctx):
    body, fields = await _card(ctx, "Auge des Sturms")
    assert body.startswith("_Gedruckter Text (FAQ Ravnica: Stadt der Gilden):_")
    notice = fields["ℹ️ Heute andere Begriffe"]
    assert notice.startswith("„wirken“ statt „spielen“; „ins Exil schicken“ statt „ganz aus dem Spiel entfernen“")
    # 002:25 and 002:21 are two rulings of the same document and date: named once.
    assert notice.count("Dokument 002 (Rulings zu Getrieben // Verzweiflung und geteilten Karten") == 1
    assert "601.2, 406.1 " + CR in notice


async def test_ueberwachsene_grabstaette_add_mana_and_battlefield_but_land_not_cast(ctx):
    body, fields = await _card(ctx, "Überwachsene Grabstätte")
    assert body.startswith("_Gedruckter Text (FAQ Ravnica: Stadt der Gilden):_")
    notice = fields["ℹ️ Heute andere Begriffe"]
    assert "„auf dem Schlachtfeld / aufs Schlachtfeld kommen“ statt „im Spiel / ins Spiel kommen“" in notice
    assert "„Erzeuge …“ statt „Erhöhe deinen Manavorrat um …“" in notice
    assert "„wirken“" not in notice and "403.1, 106.3 " + CR in notice


async def test_chor_des_konklave_cast_and_battlefield(ctx):
    body, fields = await _card(ctx, "Chor des Konklave")
    assert body.startswith("_Gedruckter Text (FAQ Ravnica: Stadt der Gilden):_")
    assert "um Kreaturenzauber zu spielen" in body
    notice = fields["ℹ️ Heute andere Begriffe"]
    assert notice.startswith("„wirken“ statt „spielen“; „auf dem Schlachtfeld / aufs Schlachtfeld kommen“")


async def test_tressen_aus_feuer_add_mana_and_changed_function(ctx):
    body, fields = await _card(ctx, "Tressen aus Feuer")
    assert body.startswith("_Gedruckter Text (FAQ Kälteeinbruch):_")
    assert fields["ℹ️ Heute andere Begriffe"] == (
        f"„Erzeuge …“ statt „Erhöhe deinen Manavorrat um …“ _(Beleg: 106.3 {CR})_")
    changed = fields["⚠️ Heute geändert (laut Rulings der Karte)"]
    # the consequence for this card: the mana is gone at the end of the upkeep step (106.4).
    assert changed.startswith("• Das Mana von Tressen aus Feuer verschwindet heute am Ende des Versorgungssegments "
                              "(106.4): Es reicht nicht mehr bis ins Ziehsegment")
    assert "Manabrand gibt es nicht mehr" in changed and "106.4 " + CR in changed


async def test_spielen_that_may_be_a_land_gets_no_notice(ctx):
    # Conjurer's Ban today: "spells with the chosen name can't be cast and lands … can't be played": the
    # named card may be a land, so „gespielt“ stays and no term notice is attached.
    body, fields = await _card(ctx, "Bann des Beschwörers")
    assert "kann die genannte Karte nicht gespielt werden" in body
    assert "ℹ️ Heute andere Begriffe" not in fields
    # Muse Vessel: „Du kannst diese Karte in diesem Zug spielen“ (any card, lands too) stays „spielen“; its
    # ability „Spiele diese Fähigkeit nur …“ is aktivieren and „eine Hexerei spielen“ is wirken.
    _, vessel = await _card(ctx, "Grübelgefäß")
    assert vessel["ℹ️ Heute andere Begriffe"].startswith(
        "„wirken“ statt „spielen“; „aktivieren“ statt „(eine Fähigkeit) spielen“; „ins Exil schicken“")


async def test_the_printed_text_header_names_the_faq_and_no_year_as_the_sets(ctx):
    # the Gildenbund FAQ is dated 2005-12-22 (001, part 2); the set itself came out in February 2006: the date is
    # the FAQ's, said in the field „FAQ-Stand“, never as the set's year in the header
    reply = await run_answer(ctx, "card", name="Borborygmos")
    body = reply.pages[0].body
    assert body.startswith("_Gedruckter Text (FAQ Gildenbund):_")
    assert "2005" not in body.split("\n")[0]
    assert [f.value for f in reply.pages[0].fields if f.name == "FAQ-Stand"] == ["22.12.2005"]


async def test_a_card_without_own_rulings_shows_its_sections_changed_rulings(ctx):
    # Ley-Linie der Lebenskraft has no rulings of its own; 001's rulings of „Ley-Linien“ are outdated (103.6, 613.7d)
    _, fields = await _card(ctx, "Ley-Linie der Lebenskraft")
    assert fields["Eigene Rulings"] == "0"
    changed = fields["⚠️ Heute geändert (laut Rulings des Abschnitts „Ley-Linien“)"]
    assert changed.startswith("• Nach den Mulligans bringt zuerst der Startspieler seine Ley-Linien in beliebiger "
                              "Reihenfolge aufs Schlachtfeld")
    assert "613.7d" in changed and "⚠️ Heute geändert (laut Rulings der Karte)" not in fields


async def test_the_message_command_shows_the_sections_changed_rulings_too(ctx):
    text = "Wie funktioniert [[Ley-Linie der Lebenskraft]] mit mulligan?"
    reply = await run_answer(ctx, "explain_message", text=text)
    names = [f.name for page in reply.pages for f in page.fields]
    assert "⚠️ Heute geändert (laut Rulings des Abschnitts „Ley-Linien“)" in names


async def test_a_sections_long_changes_are_counted_not_quoted_on_a_card(ctx):
    # the three changed rows of 002's „Geteilte Karten“ (709.4, 709.4a, 709.4b) on every split card: one line that
    # points to the section, where each ruling shows its row; the card's own fields say its values today
    _, fields = await _card(ctx, "Bestimmt // Unbeirrt")
    changed = fields["⚠️ Heute geändert (laut Rulings des Abschnitts „Geteilte Karten“)"]
    assert changed == ("• 3 Einträge des Änderungsregisters zu diesen Rulings: heute gilt dort etwas anderes; jedes "
                       "Ruling mit dem heutigen Stand unter „Mechanik anzeigen“.")
    assert fields["Manawert heute"].startswith("7 (5 + 2")


async def test_a_section_its_keyword_field_already_updates_is_counted_on_a_card(ctx):
    # Helium-Verspritzer prints Pfropfen: its keyword field says today's 702.58a; the section's changed ruling row
    # (the same rule) is counted, not said twice
    _, fields = await _card(ctx, "Helium-Verspritzer")
    assert "702.58a" in fields["⚠️ Pfropfen: gedruckter Erinnerungstext heute überholt"]
    assert fields["⚠️ Heute geändert (laut Rulings des Abschnitts „Pfropfen“)"] == (
        "• 1 Eintrag des Änderungsregisters zu diesen Rulings: heute gilt dort etwas anderes; jedes Ruling mit dem "
        "heutigen Stand unter „Mechanik anzeigen“.")
