"""/ruling on the real store: card rulings, full-text search, synonyms, outdated notices, bad input."""

from __future__ import annotations

import asyncio
import re
import sqlite3

import pytest
from hypothesis import HealthCheck, example, given
from hypothesis import strategies as st

from bot.answers import AnswerContext, run_action, run_answer
from bot.answers.today import terms_listing
from bot.answers.today_index import today_index
from bot.page_fit import fit_pages
from bot.ranking import ranker
from bot.render import message_payload, payload
from bot.search import NameIndex
from bot.store import Store, StoreError
from tests.conftest import on_fuzz_setting, shared_store
from tests.test_render import assert_within_limits, button_ids
from tests.test_textsearch import NASTY

RAVNICA = "Ravnica: Stadt der Gilden – Häufig gestellte Fragen"


def all_payloads(reply):
    return [payload(reply, page) for page in range(len(fit_pages(reply.pages)))]


def text_of(reply) -> str:
    return "\n".join(p.body + "".join(f.value for f in p.fields) for p in reply.pages)


async def test_circu_all_five_rulings_in_order(ctx):
    reply = await run_answer(ctx, "ruling", card="Circu, Dimir-Lobotomist")
    assert not reply.error
    message = payload(reply)
    embed = message["embeds"][0]
    # Ravnica FAQ, lines 399-407: five "* " rulings under "Circu, Dimir-Lobotomist".
    assert embed["title"] == "Rulings: Circu, Dimir-Lobotomist (5)"
    bullets = re.findall(r"^• (.*)$", embed["description"], re.MULTILINE)
    assert len(bullets) == 5
    assert bullets[0] == "Die ersten beiden Fähigkeiten zielen auf Bibliotheken und nicht auf Spieler."
    assert bullets[4].startswith("Wird eine geteilte Karte auf diese Weise entfernt")
    assert embed["description"].startswith(f"_{RAVNICA}, 30.08.2005:_\n• ")  # the source once, above the list
    assert {
        "label": "Karte anzeigen",
        "custom_id": "rb:card:" + str(button_ids(message)[0]["custom_id"]).split(":")[2],
    } in button_ids(message)
    assert_within_limits(message)


async def test_old_rulings_carry_terminology_notices(ctx):
    reply = await run_answer(ctx, "ruling", card="Circu, Dimir-Lobotomist")
    body = reply.pages[0].body
    # "… der ganz aus dem Spiel entfernten Karte" (2005) → today "ins Exil schicken" (CR 406.1; 002, 2017);
    # "spielen" → "wirken" (CR 601.2). Each notice once per page, each ruling tied to it by its number.
    assert "nicht nur den Besitzer der ganz aus dem Spiel entfernten Karte. ℹ️²\n" in body
    assert "denn Kopien sind keine Karten. ℹ️¹²\n" in body
    notice = ("ℹ️ **Heute andere Begriffe:** ¹ „wirken“ statt „spielen“ · ² „ins Exil schicken“ statt „ganz aus dem "
              "Spiel entfernen“ _(Beleg: 601.2, 406.1 (Comprehensive Rules vom 17.04.2026); „wirken“, „ins Exil "
              "schicken“ so geschrieben in Dokument 002 (Rulings zu Getrieben // Verzweiflung und geteilten Karten, "
              "Ruling vom 18.04.2017))_")
    assert body.endswith(notice) and body.count("Heute andere Begriffe") == 1
    # "Die ersten beiden Fähigkeiten zielen auf Bibliotheken …" uses no old term: no tie.
    assert "Spieler.\n\n• " in body


async def test_term_evidence_names_the_terms_a_document_writes(store):
    # Gildenbund FAQ, Spuk (001:1118): "… können nicht ganz aus dem Spiel entfernt werden …", "eine Kreatur im Spiel".
    # The 2017 rulings (002) write "ins Exil" but never "Schlachtfeld": their evidence covers the one term only.
    index = await today_index(store)
    rows = index.terms
    line = terms_listing(index, (rows["exil"], rows["schlachtfeld"]))
    assert line.endswith("_(Beleg: 406.1, 403.1 (Comprehensive Rules vom 17.04.2026); „ins Exil schicken“ so "
                         "geschrieben in Dokument 002 (Rulings zu Getrieben // Verzweiflung und geteilten Karten, "
                         "Ruling vom 18.04.2017))_")
    assert "so geschrieben in Dokument" not in terms_listing(index, (rows["schlachtfeld"],))


async def test_see_also_section_rulings_are_linked(ctx):
    # Aufsammelkrabbler (Ravnica FAQ line 227): "Siehe auch „Hybrid-Karten und Halbe-Halbe-Manasymbole“ …"
    reply = await run_answer(ctx, "ruling", card="Aufsammelkrabbler")
    titles = [p.title for p in reply.pages]
    assert "Abschnitt „Hybrid-Karten und Halbe-Halbe-Manasymbole“ (ALLGEMEINES)" in titles
    assert (
        "• Siehe auch „Hybrid-Karten und Halbe-Halbe-Manasymbole“ im Abschnitt ALLGEMEINES.\n"
        "↳ Die Rulings dieses Abschnitts folgen nach den Rulings der Karte." in reply.pages[0].body
    )
    # A ruling of that section (Ravnica FAQ line 46), now shown with the card.
    assert (
        "Halbe-Halbe-Manasymbole sind keine neuen Farben. "
        "Du kannst kein Halbe-Halbe-Mana deinem Manavorrat hinzufügen." in text_of(reply)
    )
    assert any(
        a.action == "mechanic" and a.label == "Mechanik: Hybrid-Karten und Halbe-Halbe-Manasymbole"
        for a in reply.actions
    )


async def test_card_without_own_rulings_starts_with_its_section_rulings(ctx):
    # Boros-Rekrut (Ravnica FAQ line 26) is the example card of "Hybrid-Karten und Halbe-Halbe-Manasymbole" (line
    # 22), whose three rulings (lines 42-46) are all the rulings there are: no page may say "keine Rulings".
    reply = await run_answer(ctx, "ruling", card="Boros-Rekrut")
    hybrid = "„Hybrid-Karten und Halbe-Halbe-Manasymbole“"
    assert reply.pages[0].title == f"Rulings: Boros-Rekrut (0 eigene · 3 aus Abschnitt {hybrid})"
    assert reply.pages[0].body.startswith(
        "Zu Boros-Rekrut selbst gibt es in den Dokumenten keine eigenen Rulings; es folgen 3 Rulings aus dem "
        f"Abschnitt {hybrid}, auf den sich die Karte bezieht:"
    )
    assert "Eine Hybrid-Karte hat alle Farben, die in ihren Manakosten auftauchen" in reply.pages[0].body
    assert "keine Rulings." not in text_of(reply)
    assert {p.title for p in reply.pages} == {reply.pages[0].title}
    # a card with rulings of its own keeps its count and the section's own heading
    own = await run_answer(ctx, "ruling", card="Aufsammelkrabbler")
    assert own.pages[0].title.startswith("Rulings: Aufsammelkrabbler (") and "eigene" not in own.pages[0].title


async def test_search_bibliothek_mischen_lists_cards_and_dates(ctx):
    reply = await run_answer(ctx, "ruling", search="Bibliothek mischen")
    assert not reply.error
    body = reply.pages[0].body
    # Ravnica FAQ lines 784/786 (Schatten des Zweifels) and 867 (Sonnenschmieder), line 988 uses "gemischt".
    assert "**Schatten des Zweifels**" in body and "**Sonnenschmieder**" in body
    assert "**Mische** danach deine **Bibliothek**" in body
    assert f"_{RAVNICA}, 30.08.2005_" in body
    assert body.startswith("4 Treffer für „Bibliothek mischen“")


async def test_prefix_finds_plural(ctx):
    reply = await run_answer(ctx, "ruling", search="Eismarke")
    owners = re.findall(r"^\*\*(.+)\*\*$", reply.pages[0].body, re.MULTILINE)
    # Kälteeinbruch FAQ: 5 "* " rulings mention Eismarke(n) (grep '^\* .*Eismarke' → lines 3097-3530).
    assert sorted(owners) == [
        "Dunkle Tiefen",
        "Reiffedereule",
        "Reifschuppen-Drache",
        "Wollwildschwein",
        "Wollwildschwein",
    ]
    assert "**Eismarken**" in reply.pages[0].body


async def test_old_term_finds_new_text_and_back(ctx):
    old = text_of(await run_answer(ctx, "ruling", search="umgewandelte Manakosten"))
    # the whole line: the group's first six labels and its source, as data/synonyms.tsv gives them
    assert ("Auch gesucht: umgewandelte manakosten, manawert, converted mana cost, mana value, cmc, mv "
            "(000/001 „umgewandelte Manakosten“, 002 „Manawert“).") in old
    # Document 002 (18.04.2017, line 53) only says "Manawert": "… eine Karte mit Manawert 2 aus deiner Hand …";
    # the ranking of the old term reaches it (the search's cut keeps only the best hits).
    found = await (await ranker(ctx.store)).search(ctx.store, "umgewandelte Manakosten", kinds=frozenset({"ruling"}),
                                                   limit=60)
    assert "002:53" in [h.passage.key for h in found.hits]
    new = text_of(await run_answer(ctx, "ruling", search="Manawert"))
    # Clash article (2007): "Eine Karte ohne Manakosten (zum Beispiel ein Land) hat umgewandelte
    # Manakosten von 0."
    assert "**umgewandelte Manakosten** von 0" in new


async def test_exile_terms_meet(ctx):
    reply = await run_answer(ctx, "ruling", search="ins Exil schicken")
    text = text_of(reply)
    assert "**Getrieben // Verzweiflung**" in text  # 2017: "ins Exil geschickt"
    # 2005: "… aus der ganz-aus-dem-Spiel-entfernt-Zone …" (Spuk, 001 line 1112) is reached by the same ranking
    found = await (await ranker(ctx.store)).search(ctx.store, "ins Exil schicken", kinds=frozenset({"ruling"}),
                                                   limit=10)
    assert "001:1112" in [h.passage.key for h in found.hits]


async def test_search_within_one_card(ctx):
    reply = await run_answer(ctx, "ruling", card="Circu, Dimir-Lobotomist", search="geteilte Karte")
    assert reply.pages[0].body.startswith("1 Treffer für „geteilte Karte“")
    assert "Wird eine **geteilte Karte** auf diese Weise entfernt" in reply.pages[0].body


async def test_search_within_one_card_counts_only_rulings_with_the_words(ctx):
    # Grozoth has one ruling ("Die Suchfähigkeit lässt dich Karten finden …"), which says nothing of a clash: it is
    # no hit for „fehde“, so the answer says so and shows the hits in all rulings (before: „1 Treffer für „fehde““
    # with that ruling); a word no ruling has is „Nichts gefunden“, not Grozoth's ruling.
    reply = await run_answer(ctx, "ruling", card="Grozoth", search="fehde")
    body = reply.pages[0].body
    assert body.startswith("In den Rulings von Grozoth kommt „fehde“ nicht vor; Treffer in allen Rulings:")
    assert "Die Suchfähigkeit" not in body
    reply = await run_answer(ctx, "ruling", card="Grozoth", search="xyzzy")
    assert reply.pages[0].title == "Nichts gefunden für „xyzzy“"
    # Of Salbadernde Bürokraten's three rulings only the one about Länder is a hit for „länder“.
    reply = await run_answer(ctx, "ruling", card="Salbadernde Bürokraten", search="länder")
    assert reply.pages[0].body.startswith("1 Treffer für „länder“")
    reply = await run_answer(ctx, "ruling", card="Grozoth", search="suchfähigkeit")
    assert reply.pages[0].body.startswith("1 Treffer für „suchfähigkeit“")


async def test_long_search_pages_within_limits(ctx):
    reply = await run_answer(ctx, "ruling", search="Karte")
    messages = all_payloads(reply)
    assert len(messages) > 5
    for message in messages:
        assert_within_limits(message)
        assert [c["label"] for c in button_ids(message)[:2]] == ["Zurück", "Weiter"]
    # More hits than shown: the answer says so instead of cutting silently.
    assert "Nur die besten 60; für mehr die Suche genauer fassen" in reply.pages[0].body
    assert messages[-1]["embeds"][0]["footer"]["text"].endswith(f"Seite {len(messages)}/{len(messages)}")


async def test_no_option_and_unknown_card_are_german_errors(ctx):
    reply = await run_answer(ctx, "ruling")
    assert reply.error and reply.ephemeral and reply.pages[0].title == "Karte oder Suchwörter angeben"
    reply = await run_answer(ctx, "ruling", card="Xyzzy Quux")
    assert reply.error and reply.pages[0].title.startswith("Keine Karte")


async def test_nothing_found_is_german(ctx):
    reply = await run_answer(ctx, "ruling", search="Zzyzxqq")
    assert reply.error and reply.pages[0].title == "Nichts gefunden für „Zzyzxqq“"


@pytest.mark.parametrize("text", NASTY)
async def test_nasty_search_text(ctx, text):
    reply = await run_answer(ctx, "ruling", search=text)
    assert reply.error is (reply.pages[0].title.startswith(("Nichts gefunden", "Karte oder Suchwörter")))
    for message in all_payloads(reply):
        assert_within_limits(message)


async def test_rulings_button_of_a_search_hit(ctx):
    reply = await run_answer(ctx, "ruling", search="Bibliothek mischen")
    button = reply.actions[0]
    assert button.label == "Rulings: Schatten des Zweifels"
    pressed = await run_action(ctx, button.action, button.arg)
    assert pressed.pages[0].title.startswith("Rulings: Schatten des Zweifels")


@on_fuzz_setting(60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(max_size=200) | st.lists(st.sampled_from([*NASTY[:12], "Karte", "Manawert", "NEAR"])).map(" ".join))
@example(text="00:AS")  # a short search with a word no document holds („00“): no card has it, said first
@example(text="eHal")  # a slip read as a document's word („egal“): the note stands before the count
@example(text="razia")  # a card's short name (CR 201.5c): said as /karte says it, its rulings first
def test_any_search_gives_hits_or_nichts_gefunden(built_db, text):
    async def run():
        async with shared_store(built_db) as store:  # as the ``store`` fixture: what earlier examples loaded kept
            ctx = AnswerContext(store=store, names=NameIndex.from_entries(await store.name_entries()))
            return await run_answer(ctx, "ruling", search=text)

    reply = asyncio.run(run())
    title = reply.pages[0].title
    if reply.error:
        # a term only the register's notes or no ruling names („millen“, „KARTENTYP“): those notes instead
        assert title.startswith(("Nichts gefunden für „", "Karte oder Suchwörter angeben", "Kein Ruling zu „"))
    else:
        # notes on what was read (no card of that name, a word read as another) stand before the count; a card's
        # name read as /karte reads it leads with its rulings, a slip or short name said as /karte says it
        # notes first: a reading's with a blank line, the „Nicht gelesen“ of markup and emoji with one line break
        assert re.match(r"(ℹ️ [^\n]*\n\n?)*\d+ Treffer für „|Meintest du die Karte "
                        r"|„.*“ ist ein Kartenname|_„.*“ (steht so nicht in der Datenbank|ist der kurze Name)",
                        reply.pages[0].body)
    for message in all_payloads(reply):
        assert_within_limits(message)


async def test_section_ruling_hit_links_its_section(ctx):
    # Clash article line 20: "• Es gibt in einer Fehde weder Remis noch Niederlage. …" (a section ruling).
    reply = await run_answer(ctx, "ruling", search="Remis")
    assert reply.pages[0].body.startswith("1 Treffer für „Remis“")
    hit = "**Abschnitt „Fehde“**\nEs gibt in einer Fehde weder **Remis** noch Niederlage."
    assert hit in reply.pages[0].body
    assert [(a.label, a.action) for a in reply.actions] == [("Abschnitt „Fehde“", "mechanic")]
    section = await run_action(ctx, "mechanic", reply.actions[0].arg)
    assert section.pages[0].title == "Fehde"


async def test_store_without_search_index_says_rebuild(built_db, tmp_path):
    old = tmp_path / "alt.sqlite3"
    old.write_bytes(built_db.read_bytes())
    store = await Store.open(old)
    with sqlite3.connect(old) as conn:  # the passage index gone while running (start-up refuses such a store)
        conn.execute("DROP TABLE passages_fts")
    with pytest.raises(StoreError, match=r"unvollständig .*: Tabelle passages_fts fehlt; `python -m bot build`"):
        await Store.open(old)
    try:
        ctx = AnswerContext(store=store, names=NameIndex.from_entries(await store.name_entries()))
        for key, options in (("ruling", {"search": "Karte"}), ("rule", {"search": "Startspieler"})):
            reply = await run_answer(ctx, key, **options)
            assert reply.error and reply.pages[0].title == "Datenbank veraltet"
            assert "`python -m bot build`" in reply.pages[0].body
    finally:
        await store.close()


async def test_every_card_every_section_every_rule_fits_discord(ctx):
    """Sweep over the whole store: every answer of this issue, every page within Discord's limits."""
    card_ids = [row[0] for row in await ctx.store.fetchall("SELECT id FROM cards")]
    assert len(card_ids) == 275  # build report: 275 distinct cards
    replies = [await run_action(ctx, "rulings", str(i)) for i in card_ids]
    replies += [await run_answer(ctx, "ruling", card=ctx.names.card_names[i]) for i in card_ids]
    mechanic_ids = [row[0] for row in await ctx.store.fetchall("SELECT id FROM mechanics")]
    replies += [await run_action(ctx, "mechanic", str(i)) for i in mechanic_ids]
    numbers = [row[0] for row in await ctx.store.fetchall("SELECT DISTINCT number FROM quoted_rules")]
    replies += [await run_action(ctx, "rule", n) for n in numbers]
    explanation_ids = [row[0] for row in await ctx.store.fetchall("SELECT id FROM rule_explanations")]
    replies += [await run_action(ctx, "rulex", str(i)) for i in explanation_ids]
    assert not [r.pages[0].title for r in replies if r.error]
    for reply in replies:
        assert len(reply.actions) <= 20
        for message in all_payloads(reply):
            assert_within_limits(message)


async def test_new_hybrid_term_finds_the_2005_halbe_halbe_rulings(ctx):
    # 003 says "Hybrid-Manasymbol"; the Ravnica FAQ (2005) says "Halbe-Halbe-Manasymbol".
    reply = await run_answer(ctx, "ruling", search="Hybrid-Manasymbol")
    text = text_of(reply)
    assert "Auch gesucht: halbe halbe manasymbol" in text
    assert "**Halbe-Halbe-Manasymbole** sind keine neuen Farben." in text


async def test_card_name_as_search_shows_the_cards_rulings_first(ctx):
    # „Tolsimir“ is in no ruling text, but names Tolsimir Wolfsblut (Ravnica FAQ, 3 rulings).
    reply = await run_answer(ctx, "ruling", search="Tolsimir")
    assert not reply.error
    assert reply.pages[0].title == "Rulings: Tolsimir Wolfsblut (3)"
    assert reply.pages[0].body.startswith("„Tolsimir“ ist ein Kartenname: die Rulings von **Tolsimir Wolfsblut**.")
    assert "Die Legendenregel bedeutet hier" in text_of(reply)
    # ß typed as ss, whole name: Kenner der Straßen (Zwietracht FAQ, 1 ruling).
    reply = await run_answer(ctx, "ruling", search="Kenner der Strassen")
    assert reply.pages[0].title == "Rulings: Kenner der Straßen (1)"


async def test_words_in_rulings_and_a_card_name_offer_the_card(ctx):
    # „Legende“ is in ruling texts (all words) and no card name: plain search, no card offered.
    reply = await run_answer(ctx, "ruling", search="Legende")
    assert re.match(r"\d+ Treffer für „Legende“", reply.pages[0].body)
    # „Psychische Besessenheit“ is a card (Zwietracht FAQ, 5 rulings) and its ruling texts name it: the
    # card's rulings first (exact name), then the full-text hits on later pages.
    reply = await run_answer(ctx, "ruling", search="Psychische Besessenheit")
    assert reply.pages[0].title == "Rulings: Psychische Besessenheit (5)"
    assert "Die Volltext-Treffer folgen" in reply.pages[0].body
    assert any(p.title == "Rulings mit „Psychische Besessenheit“" for p in reply.pages[1:])


async def test_nothing_found_offers_close_card_names(ctx):
    # Two letters off a name word: no ruling text; the closest name is offered as a button.
    reply = await run_answer(ctx, "ruling", search="Wolfsbld")
    assert reply.error and reply.pages[0].title == "Nichts gefunden für „Wolfsbld“"
    assert [c.label for c in reply.choices][:1] == ["Rulings: Tolsimir Wolfsblut"]
    # One letter off: the search itself repairs the word (analysis) and finds the card's rulings.
    reply = await run_answer(ctx, "ruling", search="Wolfsblud")
    assert not reply.error and "**Tolsimir Wolfsblut**" in reply.pages[0].body


async def test_english_mana_burn_finds_the_manabrand_rulings(ctx):
    # the three „Manabrand“ rulings (Zwietracht, Ravnica, Kälteeinbruch FAQs), all words matched.
    reply = await run_answer(ctx, "ruling", search="mana burn")
    assert reply.pages[0].body.startswith("3 Treffer für „mana burn“")
    assert [a.label for a in reply.actions] == [
        "Rulings: Grundlegende Resonanz", "Rulings: Spektraler Scheinwerfer", "Rulings: Tressen aus Feuer"]


async def test_todays_term_finds_the_old_automatischer_spieleffekt(ctx):
    # 001 says „automatischer Spieleffekt“ (Psychische Besessenheit ×2, Pfropfen, Tönender Ruf).
    reply = await run_answer(ctx, "ruling", search="zustandsbasierte Aktion")
    assert reply.pages[0].body.startswith("4 Treffer für „zustandsbasierte Aktion“")
    assert "als **automatischer Spieleffekt** auf den Friedhof" in reply.pages[0].body


async def test_search_excerpt_never_starts_inside_a_quotation(ctx):
    """A ruling that quotes a card text of two sentences (001:784 „Durchsuche deine Bibliothek … . Falls du dies
    tust, mische deine Bibliothek.“): its excerpt starts where the ruling's sentence starts, not inside the quote."""
    from bot.ranking import sentences

    text = ("Falls ein Effekt lautet „Durchsuche deine Bibliothek . Falls du dies tust, mische deine Bibliothek.“, "
            "kannst du")
    assert sentences(text + " nicht. Zweiter Satz.")[0] == text + " nicht."
    reply = await run_answer(ctx, "ruling", search="falls du dies tust mische deine bibliothek")
    body = reply.pages[0].body
    assert "Falls ein Effekt lautet „Durchsuche deine **Bibliothek** . Falls du dies **tust**, **mische**" in body
    assert not re.search(r"^Falls du dies \*\*tust", body, re.M)


async def test_search_excerpts_keep_the_deciding_clause_and_a_named_card_leads(ctx):
    # 003's 100.2b: before, the excerpt was its first sentence alone, without „mindestens 40 Karten“
    reply = await run_answer(ctx, "rule", search="mindestdeckgroesse im limited bzw draft")
    body = reply.pages[0].body
    assert "**Regel 100.2b (Erklärung)**" in body and "Jedes Deck besteht aus mindestens 40 Karten." in body
    # /ruling suche for a question naming a card: Schnellvorlauf's rulings first (004:25 answers it; before, the
    # Einberufen ruling led and no Schnellvorlauf ruling was on page 1)
    reply = await run_answer(ctx, "ruling", search="Schnellvorlauf macht den zauber billiger, aendert das den manawert")
    body = reply.pages[0].body
    first = body.split("\n\n**", 1)[1]
    assert first.startswith("Schnellvorlauf**")
    assert "remains unchanged, no matter what the total cost to cast it was" in first.split("\n\n")[0]


async def test_search_excerpts_show_the_sentence_the_question_meets_most(ctx):
    # 004:21 (Schnellvorlauf, 573 characters): its second sentence holds „Kosten“ and „bezahlen“ (the question's
    # „zahlen“ after the prefix be-) beside „muss“; before, the excerpt was its first sentence alone
    body = (await run_answer(ctx, "ruling", search="gegner verlangt kosten fürs angreifen (wie propaganda), muss ich "
                             "für meine provozierte kreatur zahlen")).pages[0].body
    # „zahlen“ typed with the plain vowel is read as the documents' „bezahlen“ and marked as their word
    assert ("… Falls damit **Kosten** verbunden sind, eine **Kreatur** einen Spieler **angreifen** zu lassen, ist ihr "
            "Beherrscher nicht gezwungen, diese **Kosten** zu **bezahlen**") in body
    # 003's 107.1b: „keinen negativen Schaden“ holds the question's neighbouring words „negativen schaden“; before,
    # the excerpt was the sentences on „Stärke einer Kreatur“ and the example, without it
    body = (await run_answer(ctx, "rule", search="kreatur hat negative stärke, macht die dann negativen schaden im "
                             "kampf")).pages[0].body
    assert "keinen **negativen Schaden** zufügen" in body


async def test_a_long_rulings_excerpt_takes_the_best_sentences_that_fit_and_marks_the_cut(ctx):
    # Geister der Unschuldigen's 639-character ruling: its first sentence (the order of the two effects) and the one
    # that decides with an odd number of damage points fit 450 characters together; before, a long first sentence
    # left the second out, and nothing showed that the ruling goes on
    body = (await run_answer(ctx, "ruling", search="geister der unschuldigen schmelzofen ungerade schadenspunkte")
            ).pages[0].body
    block = body.split("**Geister der Unschuldigen**", 1)[1].split("\n_", 1)[0]
    assert "in welcher Reihenfolge die Effekte angewandt werden" in block
    assert "ursprüngliche Anzahl der **Schadenspunkte ungerade** war." in block
    assert "ungerade** war. …" in block  # the ruling goes on after it


async def test_ruling_and_explain_footers_carry_the_one_date_of_their_documents(ctx):
    # Krims // Krams: card and rulings from the Zwietracht FAQ of 17.03.2006; Boros-Rekrut: Ravnica FAQ, 30.08.2005
    rulings = payload(await run_answer(ctx, "ruling", card="Krims // Krams"))
    assert rulings["embeds"][0]["footer"]["text"] == "Quelle: Zwietracht – Häufig gestellte Fragen · Stand 17.03.2006"
    explained = payload(await run_answer(ctx, "explain_message", text="Was macht [[Krims // Krams]]?"))
    assert explained["embeds"][0]["footer"]["text"] == \
        "Quelle: Zwietracht – Häufig gestellte Fragen · Stand 17.03.2006"
    # two documents of two dates: each page names its own document and its date, as /karte does for that card
    reply = await run_answer(ctx, "explain_message", text="[[Krims // Krams]] und [[Boros-Rekrut]]")
    assert [payload(reply, i)["embeds"][0]["footer"]["text"] for i in range(2)] == [
        "Quelle: Zwietracht – Häufig gestellte Fragen · Stand 17.03.2006 · Seite 1/2",
        "Quelle: Ravnica: Stadt der Gilden – Häufig gestellte Fragen · Stand 30.08.2005 · Seite 2/2"]


async def test_a_search_page_states_its_numbered_notes_in_one_place(ctx):
    reply = await run_answer(ctx, "ruling", search="kann ich ne kreatur fuer mana tappen und gleichzeitig fuer "
                                                   "einberufen benutzen")
    body = reply.pages[0].body
    shared = body.index("ℹ️¹ **Heute:** Aussage weiter richtig")
    terms = body.index("ℹ️ **Heute andere Begriffe:** ² „wirken“ statt „spielen“")
    first = body.index("**Abschnitt „Einberufen“**")
    assert first < shared < terms  # the notes in one place, under the rulings that carry their ties (ℹ️¹, ℹ️²)


async def test_each_page_of_a_ruling_search_names_its_own_sources(ctx):
    reply = await run_answer(ctx, "ruling", search="fehde")
    footers = [message_payload(reply, n)["embeds"][0]["footer"]["text"] for n in range(len(reply.pages))]
    # page 1: rulings of the clash article (000, 2007) only; page 2 also quotes 002's later ruling on split cards
    assert footers == ["Quelle: Fehde (Clash) – Artikel zur Schlüsselwort-Aktion · Stand 2007 · Seite 1/2",
                       "Quelle: Fehde (Clash) – Artikel zur Schlüsselwort-Aktion · Rulings zu Getrieben // "
                       "Verzweiflung und geteilten Karten · Seite 2/2"]
    spuk = await run_answer(ctx, "ruling", search="Spuk Kreatur stirbt")
    first = message_payload(spuk)["embeds"][0]["footer"]["text"]
    assert first == "Quelle: Gildenbund – Häufig gestellte Fragen · Stand 22.12.2005 · Seite 1/3"
