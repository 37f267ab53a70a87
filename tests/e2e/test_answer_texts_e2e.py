"""The newer answer texts through the real bot process (``python -m bot run``) against the fake Discord: `/frage`'s
hedge and its line for a question the documents do not answer, `/regel suche`'s page on an abolished word, the
spoiler line of „Karten erklären“ and `/mechanik`'s German explanation under today's English rule. Expected values
from data/sources and data/changes.toml (the same as the in-process tests in tests/answers/)."""

from __future__ import annotations

import pytest
from harness import module_fixtures

pytestmark = [pytest.mark.e2e]

#: One bot for the module (its commands answer the same in any order; the answers it keeps are the same bytes).
bot, _checks = module_fixtures("the stand-in has none of these answers")

OFF_TOPIC_LINE = "🚫 Dazu sagen die Dokumente und Regeln des Bots nichts; die Stellen unten sind nur die ähnlichsten."
QUOTED_ABOVE = "Oben beim Änderungsregister zitiert; der Knopf zeigt die Stelle ganz."
SPOILER_NOTE = ("Namen hinter Spoilern (\\|\\|…\\|\\|) werden hier nicht erklärt: die Antwort ließe sich im Kanal "
                "teilen.")


@pytest.mark.asyncio(loop_scope="module")
async def test_newer_answer_texts_through_the_real_bot(fake, bot):
    await fake.wait_sync()
    off = await fake.command("ask", {"question": "wie teuer ist ein booster"}, locale="de")
    text = off.embeds[0]["description"]
    assert text.startswith("Frage: „wie teuer ist ein booster“\n" + OFF_TOPIC_LINE)
    assert any((b.get("custom_id") or "").startswith("rb:passage:") for b in off.buttons())
    # 001:320 leads 002:33 by 0.4 points: no clear answer
    hedged = await fake.command("ask", {"question": "kann ich zweimal angreifen"}, locale="de")
    assert ("⚖️ Keine Stelle passt eindeutig am besten; die erste ist nur die wahrscheinlichste, die anderen "
            "stehen unten.") in hedged.embeds[0]["description"]
    burn = await fake.command("ask", {"question": "gibt es noch manabrand"}, locale="de")
    assert "**Manabrand abgeschafft** (seit 11.07.2009)" in burn.embeds[0]["description"]
    # nothing said twice: the ruling below the rows says „wie oben“ for the rows' statement, the candidates
    # the rows quote (Spektraler Scheinwerfer, Tressen aus Feuer) are only named
    assert "⚠️ **Heute:** wie oben.\n" in burn.embeds[0]["description"]
    quoted = [f["name"] for f in burn.embeds[0].get("fields", []) if f["value"] == QUOTED_ABOVE]
    assert [n.split(" – ")[0] for n in quoted] == ["2. ⚠️ Spektraler Scheinwerfer", "3. ⚠️ Tressen aus Feuer"]
    # Discord markup in a search is no search word: „Vorrang“ is today's Priorität (117)
    vorrang = await fake.command("rule", {"search": "<@123> vorrang"}, locale="de")
    assert vorrang.embeds[0]["title"] == "Priorität – Regel 117"
    rule = await fake.command("rule", {"search": "Manabrand"}, locale="de")
    assert rule.embeds[0]["title"] == "„Manabrand“ heute"
    assert rule.embeds[0]["description"].startswith("**Manabrand abgeschafft** (seit 11.07.2009)\n**Früher**")
    assert "Manabrand gibt es nicht mehr: Nicht verwendetes Mana verschwindet" in rule.embeds[0]["description"]
    ripple = await fake.command("mechanic", {"name": "Wallung"}, locale="de")
    first = ripple.embeds[0]["description"]
    assert first.index("> **702.60a** Ripple is a triggered ability") < first.index(
        "Wallung ist eine ausgelöste Fähigkeit eines Zauberspruchs")
    # a comparison leads with each side (001's Blutdurst 1052, Pfropfen 1942); the second side's button opens it
    both = await fake.command("ask", {"question": "unterschied zwischen blutdurst und pfropfen"}, locale="de")
    text = both.embeds[0]["description"]
    assert "Blutdurst ist eine Fähigkeit" in text and "Pfropfen ist eine Fähigkeit" in text
    side = next(b for b in both.buttons() if b.get("label") == "2. Pfropfen")
    opened = await fake.component(both, side["custom_id"])
    assert "Pfropfen ist eine Fähigkeit" in str(opened.embeds)
    # a compound's last part („summe“ of „Gesamtsumme“), also in the register's notice on the page, is no
    # word „in keinem Dokument“
    split = await fake.command("ask", {"question": "umgewandelte manakosten einer geteilten karte in der "
                                       "bibliothek, zwei werte oder summe?"}, locale="de")
    assert "in keinem Dokument" not in split.embeds[0]["description"]
    assert "einen Manawert (die Summe)" in split.embeds[0]["description"]
    # a search excerpt keeps the sentence the question's words meet most (004:21's second one)
    goad = await fake.command("ruling", {"search": "gegner verlangt kosten fürs angreifen (wie propaganda), "
                                         "muss ich für meine provozierte kreatur zahlen"}, locale="de")
    assert "ist ihr Beherrscher nicht gezwungen, diese **Kosten** zu **bezahlen**" in goad.embeds[0]["description"]
    # a ruling that holds unchanged (002:29, 709.4a) leads with its own sentence, the confirmation after it
    named = await fake.command("ruling", {"search": "geteilte karte namen bestimmen einen oder beide"},
                               locale="de")
    text = named.embeds[0]["description"]
    assert text.index("kannst du einen wählen, aber nicht beide.\n✅ **Heute:** Gilt heute unverändert") > 0
    assert "Im Dokument" not in text
    # a card name no document holds is said first, not answered with the close card
    near = await fake.command("ask", {"question": "was macht Blitzschlag"}, locale="de")
    assert near.embeds[0]["title"].startswith("Nicht in den Dokumenten: „blitzschlag“")
    target = fake.user_message("Boros-Rekrut oder ||Blitzschlange||?")
    explained = await fake.message_command("Karten erklären", target)
    assert explained.embeds[0]["title"] == "Boros-Rekrut"
    assert SPOILER_NOTE in explained.embeds[0]["description"]
    assert "Blitzschlange" not in str(explained.embeds)
    # a short name hidden inside the brackets: no card explained, and the note says why
    short = await fake.message_command("Karten erklären", fake.user_message("[[||Szadek||]]"))
    assert SPOILER_NOTE in short.embeds[0]["description"] and "Szadek" not in str(short.embeds)
    assert fake.errors == [] and fake.invalid == []


@pytest.mark.asyncio(loop_scope="module")
async def test_players_words_and_hollow_questions_through_the_real_bot(fake, bot):
    # values: data/changes.toml (row mana_burn), 001's definition paragraphs (Spuk 1078, Ausgraben 89, Blutdurst
    # 1052) and the term table (Haunt → Spuk, Ripple → Wallung, Replikation → Reproduktion)
    await fake.wait_sync()
    burn = await fake.command("ask", {"question": "gibts manaburn noch"}, locale="de")
    text = burn.embeds[0]["description"]
    assert text.startswith("Frage: „gibts manaburn noch“\n\n**Manabrand abgeschafft** (seit 11.07.2009)")
    assert "⚖️" not in text
    rule = await fake.command("rule", {"search": "mana burn"}, locale="de")
    assert rule.embeds[0]["title"] == "„mana burn“ heute"
    three = await fake.command("ask", {"question": "spuk, ausgraben oder blutdurst"}, locale="de")
    assert three.embeds[0]["title"] == "Spuk · Ausgraben · Blutdurst"
    assert [b.get("label") for b in three.buttons()][:3] == ["1. Spuk", "2. Ausgraben", "3. Blutdurst"]
    empty = await fake.command("ask", {"question": "unterschied zwischen und"}, locale="de")
    assert empty.ephemeral
    assert empty.embeds[0]["title"] == "Wonach fragst du? „unterschied zwischen und“ nennt nichts"
    vague = await fake.command("ask", {"question": "wie geht das"}, locale="de")
    assert vague.ephemeral and vague.embeds[0]["title"] == "Wonach fragst du? „wie geht das“ nennt nichts"
    one = await fake.command("ask", {"question": "spuk oder"}, locale="de")
    assert one.embeds[0]["title"] == "Spuk"
    assert "ℹ️ Der Vergleich nennt nur eine Seite; hier steht sie allein." in one.embeds[0]["description"]
    run_on = await fake.command("ask", {"question": "unterschied zwischen spuk ausgraben blutdurst und pfropfen"},
                                locale="de")
    assert run_on.embeds[0]["title"] == "Spuk · Ausgraben · Blutdurst · Pfropfen"
    english = await fake.command("ask", {"question": "what does haunt do"}, locale="en-US")
    assert english.embeds[0]["title"] == "Spuk" and "⚖️" not in english.embeds[0]["description"]
    cards = await fake.command("ask", {"question": "szadec vs razai"}, locale="de")
    assert cards.embeds[0]["title"] == "Szadek, Herr der Geheimnisse · Razia, Boros-Erzengel"
    runde = await fake.command("ask", {"question": "wie lange dauert eine runde"}, locale="de")
    assert runde.embeds[0]["description"].startswith(
        "Frage: „wie lange dauert eine runde“\n⚖️ Keine Stelle passt eindeutig am besten")
    nothing = await fake.command("ask", {"question": "was macht " + "\u200b" * 300}, locale="de")
    assert nothing.ephemeral and nothing.embeds[0]["title"] == "Wonach fragst du? „was macht“ nennt nichts"
    haunt = await fake.command("mechanic", {"name": "haun"}, locale="de")
    assert haunt.embeds[0]["title"].startswith("Spuk – ")
    assert [c["name"] for c in await fake.autocomplete("mechanik", "name", "ripl")] == [
        "Reproduktion", "Wallung"]
    english = await fake.command("ask", {"question": "what does haunt do"}, locale="en-US")
    assert "Spuk ist eine Fähigkeit, die deinen Kreaturen" in english.embeds[0]["description"]


@pytest.mark.asyncio(loop_scope="module")
async def test_slips_beginnings_and_odd_spellings_through_the_real_bot(fake, bot):
    # values: data/changes.toml (row mana_burn), 001's Manabrand rulings (Grundlegende Resonanz, Spektraler
    # Scheinwerfer, Tressen aus Feuer), the sections Spuk and Reproduktion, the term table's keywords
    await fake.wait_sync()
    typo = await fake.command("ask", {"question": "gibts noch manabrun"}, locale="de")
    assert "**Manabrand abgeschafft** (seit 11.07.2009)" in typo.embeds[0]["description"]
    rulings = await fake.command("ruling", {"search": "manaburn"}, locale="de")
    text = rulings.embeds[0]["description"]
    assert text.startswith("3 Treffer für „manaburn“") and "**Tressen aus Feuer**" in text
    slip = await fake.command("mechanic", {"name": "spuck"}, locale="de")
    assert slip.embeds[0]["title"] == "Spuk – Gildenbund"
    assert slip.embeds[0]["description"].startswith("_Gelesen als **Spuk**, ähnlich geschrieben._")
    begun = await fake.command("mechanic", {"name": "re"}, locale="de")
    assert begun.embeds[0]["title"] == "Mehrere Mechaniken passen zu „re“"
    labels = [o["label"] for o in begun.components[0]["components"][0]["options"]]  # one menu of six
    assert labels == ["Reproduktion", "Regenerieren", "Reichweite", "Reitkunst", "Rekonfigurieren", "Bergung"]
    spoiler = await fake.command("card", {"name": "||Szadek||"}, locale="de")
    assert spoiler.embeds[0]["title"] == "Szadek, Herr der Geheimnisse"
    spaced = await fake.command("ask", {"question": "was\u200bmacht spuk"}, locale="de")
    assert spaced.embeds[0]["description"].startswith("Frage: „was macht spuk“")
    assert spaced.embeds[0]["title"] == "Spuk"
    assert fake.errors == [] and fake.invalid == []


@pytest.mark.asyncio(loop_scope="module")
async def test_split_words_markup_and_slips_through_the_real_bot(fake, bot):
    # values: 001's sections Spuk and Ausgraben, its Manabrand rulings (Grundlegende Resonanz, Spektraler
    # Scheinwerfer, Tressen aus Feuer); the option's zero-width spaces go through the bot's cleaning as Discord sends
    # them
    await fake.wait_sync()
    split = await fake.command("ask", {"question": "sp\u200buk oder aus\u200bgraben"}, locale="de")
    assert split.embeds[0]["title"] == "Spuk · Ausgraben"
    assert "„sp uk“ als „Spuk“, „aus graben“ als „Ausgraben“" in split.embeds[0]["description"]
    link = await fake.command("ask", {"question": "spuk oder [klick](https://evil.example) oder ausgraben"},
                              locale="de")
    assert link.embeds[0]["title"] == "Spuk · Ausgraben"
    assert "ℹ️ Nicht gelesen: „\\[klick\\](https\\://evil.example)“" in link.embeds[0]["description"]
    long = await fake.command("ask", {"question": "unterschied zwischen " + "Szadekk" * 38 + " und boros rekrut"},
                              locale="de")  # a word too long to read is said, 001's Boros-Rekrut compared
    assert long.embeds[0]["title"] == "Boros-Rekrut"
    assert "ℹ️ Nicht gelesen: „" + "Szadekk" * 8 + "Sza…“ nennt keine" in long.embeds[0]["description"]
    mention = await fake.command("ask", {"question": "was macht <@!123456789012345678>"}, locale="de")
    assert mention.ephemeral and mention.embeds[0]["title"].startswith("Wonach fragst du? „was macht \\<\\@!")
    # the searches say the markup they do not read as /frage does (before: no note, „Nichts gefunden“ alone)
    rule = await fake.command("rule", {"search": "<@123> vorrang"}, locale="de")
    assert rule.embeds[0]["title"] == "Priorität – Regel 117"
    assert rule.embeds[0]["description"].startswith("ℹ️ Nicht gelesen: „\\<\\@123\\>“ (Links, Erwähnungen")
    none = await fake.command("ruling", {"search": "<@123>"}, locale="de")
    assert none.embeds[0]["description"].startswith("ℹ️ Nicht gelesen: „\\<\\@123\\>“")
    burn = await fake.command("ruling", {"search": "mana brn"}, locale="de")
    text = burn.embeds[0]["description"]
    assert "3 Treffer für „mana brn“" in text and "**Grundlegende Resonanz**" in text
    assert fake.errors == [] and fake.invalid == []


@pytest.mark.asyncio(loop_scope="module")
async def test_keyword_pairs_names_alone_and_forged_picks_through_the_real_bot(fake, bot):
    # values: 001's sections Blutdurst, Spuk, Ausgraben (Gildenbund, Ravnica), the register's „Manabrand
    # abgeschafft“ with 001's Grundlegende Resonanz ruling; the term table's Blutdurst (702.54)
    await fake.wait_sync()
    blood = await fake.command("ask", {"question": "blut\u200bdurst"}, locale="de")
    assert blood.embeds[0]["title"] == "Blutdurst"
    assert "ℹ️ Gelesen als Blutdurst: „blut durst“ zusammengeschrieben ist dieses Schlüsselwort" in (
        blood.embeds[0]["description"])
    burn = await fake.command("ask", {"question": "verbrennt mana noch"}, locale="de")
    text = burn.embeds[0]["description"]
    assert text.index("**Manabrand abgeschafft**") < text.index("Ruling zu **Grundlegende Resonanz**")
    three = await fake.command("ask", {"question": "spuk ausgraben blutdurst"}, locale="de")
    assert three.embeds[0]["title"] == "Spuk · Ausgraben · Blutdurst"
    emoji = await fake.command("ask", {"question": "<a:dance:1> oder spuk"}, locale="de")
    assert "ℹ️ Der Vergleich nennt nur eine Seite; hier steht sie allein." in emoji.embeds[0]["description"]
    message = {
        "id": fake.snowflake(), "channel_id": fake.channel_id, "type": 0, "content": "", "embeds": [],
        "flags": 0, "author": fake.bot_user, "attachments": [], "mentions": [], "mention_roles": [],
        "timestamp": "2025-01-01T00:00:00+00:00", "edited_timestamp": None, "pinned": False,
        "components": [{"type": 1, "components": [
            {"type": 2, "style": 2, "label": "Spuk", "custom_id": "rb:mechanic_pick:Spuk"},
        ]}],
    }
    forged = await fake.component(message, "rb:mechanic_pick:Spuk")
    assert forged.ephemeral and forged.embeds[0]["title"] == "Unbekannte Schaltfläche"
    # only the bot's own spelling of an id: a leading zero or a space more is no button of the bot's
    for custom_id in ("rb:mechanic_pick:014", "rb:mechanic_pick:Aufstacheln "):
        button = message["components"][0]["components"][0]
        button["custom_id"] = custom_id
        other = await fake.component(message, custom_id)
        assert other.ephemeral and other.embeds[0]["title"] == "Unbekannte Schaltfläche", custom_id
    assert fake.errors == [] and fake.invalid == []


@pytest.mark.asyncio(loop_scope="module")
async def test_a_card_named_by_a_name_its_rulings_print_through_the_real_bot(fake, bot):
    # values: 002's rulings on Getrieben // Verzweiflung (002:9 „Falls du in einem Zug mehrere Exemplare von Driven
    # oder Despair verrechnest …“); the typed word's markup is escaped in the line, which stands once
    await fake.wait_sync()
    despair = await fake.command("ask", {"question": "zweimal *despair* im selben zug, triggert das doppelt"},
                                 locale="de")
    text = despair.embeds[0]["description"]
    line = "ℹ️ „despair“ ist kein Kartenname; die Rulings zu **Getrieben // Verzweiflung** nennen es."
    assert text.count(line) == 1 and "Jedes Vorkommen wird separat ausgelöst" in text
    half = await fake.command("ask", {"question": "zweimal verzweiflung im selben zug gewirkt"}, locale="de")
    assert "ℹ️ „verzweiflung“ gelesen als Hälfte der geteilten Karte **Getrieben // Verzweiflung**." in (
        half.embeds[0]["description"])
    assert fake.errors == [] and fake.invalid == []


@pytest.mark.asyncio(loop_scope="module")
async def test_links_are_no_words_and_control_characters_separate_through_the_real_bot(fake, bot):
    # values: 001's section Spuk; before, the address „evil.example“ was read as „exil“ (003's rule 111.12) and a NUL
    # glued „spuk oder ausgraben“ into one word that nothing matched
    await fake.wait_sync()
    masked = await fake.command("rule", {"search": "[klick](https://evil.example)"}, locale="de")
    assert masked.embeds[0]["title"] == "Nichts gefunden für „klick“"
    assert masked.embeds[0]["description"].startswith("ℹ️ Nicht gelesen: „https\\://evil.example“ (Links")
    bare = await fake.command("ruling", {"search": "spuk https://evil.example"}, locale="de")
    assert "Keine Karte mit „https“" not in bare.embeds[0]["description"]
    assert bare.embeds[0]["description"].startswith("ℹ️ Nicht gelesen: „https\\://evil.example“ (Links")
    asked = await fake.command("ask", {"question": "was macht <https://evil.example>"}, locale="de")
    assert asked.ephemeral and asked.embeds[0]["title"].startswith("Wonach fragst du?")
    glued = await fake.command("ask", {"question": "spuk\u0000oder\u0000ausgraben"}, locale="de")
    assert glued.embeds[0]["title"] == "Spuk · Ausgraben"
    quoted = await fake.command("ask", {"question": "spuk „oder“ ausgraben"}, locale="de")
    assert quoted.embeds[0]["title"] == "Spuk · Ausgraben"  # a quoted joiner still joins (before: Ausgraben)
    joiner = await fake.command("ask", {"question": "unterschied zwischen <@&1> und @here und spuk"}, locale="de")
    assert "ℹ️ Der Vergleich nennt nur eine Seite" in joiner.embeds[0]["description"]
    assert "„und“" not in joiner.embeds[0]["description"]
    terms = await fake.command("rule", {"search": "spielstien friedhf"}, locale="de")
    assert "Begriffe im Suchtext: **Spielstein** (Regel 111), **Friedhof** (Regel 404)" in str(terms.embeds)
    assert fake.errors == [] and fake.invalid == []
