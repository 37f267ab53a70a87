"""/card answers on the real store: values from the FAQs, limits, errors in German."""

from __future__ import annotations

from bot.answers import run_action, run_answer, run_completer
from bot.answers.card_picks import card_names
from bot.render import payload
from tests.test_render import assert_within_limits, button_ids


async def test_feld_der_unterdrueckung(ctx):
    reply = await run_answer(ctx, "card", name="Feld der Unterdrückung")
    message = payload(reply)
    embed = message["embeds"][0]
    assert embed["title"] == "Feld der Unterdrückung"
    # Ravnica FAQ: "{1}{W} / Verzauberung / Aktivierte Fähigkeiten kosten beim Spielen {2} mehr, ..."
    assert "{1}{W}" in embed["description"] and "Verzauberung" in embed["description"]
    text = "Aktivierte Fähigkeiten kosten beim Spielen {2} mehr, außer es sind Manafähigkeiten."
    assert text in embed["description"]
    assert {"name": "FAQ-Stand", "value": "30.08.2005", "inline": True} in embed["fields"]
    assert [c["label"] for c in button_ids(message)] == ["Rulings anzeigen (1)"]
    assert_within_limits(message)


async def test_split_card_shows_both_halves(ctx):
    message = payload(await run_answer(ctx, "card", name="Forschung // Entwicklung"))
    names = [f["name"] for f in message["embeds"][0]["fields"]]
    assert names[:2] == ["Forschung", "Entwicklung"]
    assert "{3}{U}{R}" in message["embeds"][0]["fields"][1]["value"]


async def test_unknown_card_is_ephemeral_german_with_suggestions(ctx):
    typo = await run_answer(ctx, "card", name="Boros Rekrutt")  # one letter too many: a clear fuzzy match
    assert typo.pages[0].title == "Boros-Rekrut" and not typo.error
    reply = await run_answer(ctx, "card", name="Xylophon der Zeit")
    assert reply.ephemeral and reply.error
    assert reply.pages[0].title == "Keine Karte „Xylophon der Zeit“ gefunden"
    vague = await run_answer(ctx, "card", name="Bor")  # several cards start with "Bor": suggestions
    assert vague.error and "Boros-Rekrut" in vague.pages[0].body


async def test_rulings_button_lists_all_rulings_with_source(ctx):
    card = ctx.names.resolve("Circu, Dimir-Lobotomist")
    reply = await run_action(ctx, "rulings", str(card.card_id))
    body = "\n".join(p.body for p in reply.pages)
    assert body.count("• ") == 5
    assert "Ravnica: Stadt der Gilden – Häufig gestellte Fragen, 30.08.2005" in body


async def test_autocomplete_limits(ctx):
    choices = await run_completer(ctx, card_names, "chor")
    assert choices[0].name == "Chor des Konklave"
    assert len(await run_completer(ctx, card_names, "")) == 25
    long = await run_completer(ctx, card_names, "x" * 10_000)
    assert all(len(c.name) <= 100 and len(c.value) <= 100 for c in long)


async def test_card_known_only_from_a_rulings_list_says_so(ctx):
    # document 002 names "Getrieben // Verzweiflung" and gives 13 dated rulings, but no card text
    message = payload(await run_answer(ctx, "card", name="Getrieben // Verzweiflung"))
    embed = message["embeds"][0]
    assert embed["description"].startswith("Der Kartentext steht in keinem der Dokumente")
    assert {"name": "Eigene Rulings", "value": "13", "inline": True} in embed["fields"]


async def test_an_english_half_name_the_rulings_print_names_its_card_and_says_it_is_not_in_the_store(ctx):
    """002 writes the English half-names of its card („Driven und Despair beeinflussen nur Kreaturen, die du
    kontrollierst, …“); the store knows the card only as Getrieben // Verzweiflung. Every option that takes a
    card (/karte, /ruling karte, ``[[…]]`` in a message) answers that card, saying first that the typed name is not
    in the store and how it was read, as „Karten erklären“ says it; it never shows another card (until 2026-12-07
    evening these doors only offered the card: „Meintest du **Getrieben // Verzweiflung**?“)."""
    from bot.answers.chat import inline_replies

    split = "Getrieben // Verzweiflung"
    for name in ("Driven", "Despair", "driven"):
        reply = await run_answer(ctx, "card", name=name)
        assert not reply.error and reply.pages[0].title == split
        assert reply.pages[0].body.startswith(f"_ℹ️ „{name}“ ist kein Kartenname in der Datenbank; gelesen als "
                                              f"**{split}**, dessen Rulings es so nennen._\n")
    by_ruling = await run_answer(ctx, "ruling", card="Driven")
    assert not by_ruling.error and by_ruling.pages[0].title.startswith(f"Rulings: {split} (")
    assert "„Driven“ ist kein Kartenname in der Datenbank; gelesen als" in by_ruling.pages[0].body
    (inline,) = await inline_replies(ctx, "Wie funktioniert [[Despair]]?")
    assert not inline.error and inline.pages[0].title == split
    # the English split name typed whole (both halves, CR 709.1), which no ruling prints so, names the card as each
    # half does (before 2026-12-06: „Keine Karte“ with no suggestion); halves of two cards name none
    for name in ("Driven // Despair", "driven/despair"):
        reply = await run_answer(ctx, "card", name=name)
        assert reply.pages[0].title == split, name
        assert reply.pages[0].body.startswith(f"_ℹ️ „{name}“ ist kein Kartenname in der Datenbank"), name
    assert not (await run_answer(ctx, "card", name="Driven // Lead")).choices
    # a word the rulings of many cards print names none of them
    common = await run_answer(ctx, "card", name="Kreatur")
    assert common.error and "Getrieben" not in common.pages[0].body and not common.choices


async def test_a_typo_of_a_card_name_says_which_card_is_shown(ctx):
    """A typed name one letter off one card's name shows that card, and its first line says that the typed name
    is not in the store and which card is shown."""
    reply = await run_answer(ctx, "card", name="Boros-Rekrutt")
    assert reply.pages[0].title == "Boros-Rekrut"
    assert reply.pages[0].body.startswith(
        "_„Boros-Rekrutt“ steht so nicht in der Datenbank; am ähnlichsten geschrieben: Boros-Rekrut._\n")
    exact = await run_answer(ctx, "card", name="boros rekrut")  # the same name, folded: no such line
    assert "steht so nicht" not in exact.pages[0].body


async def test_another_card_the_rulings_name_only_as_an_example_is_said_not_in_the_store(ctx):
    """002 names Destined // Lead („Destined // Lead ist beispielsweise eine grüne und schwarze Karte …“) and Crook of
    Condemnation („mit einem Effekt wie dem von Crook of Condemnation“) as examples; 001 names Zusammenprall/Anrennen
    in the rulings of three cards and of the section Geteilte Karten („zum Beispiel Zusammenprall“). Such a name is
    said to be not in the store and only mentioned in those rulings, with a button to each; no card is offered as
    meant („Meintest du“)."""
    for option, name in (("card", "Destined"), ("ruling", "Destined // Lead"), ("ruling", "Crook of Condemnation")):
        reply = await run_answer(ctx, option, **{"name" if option == "card" else "card": name})
        assert reply.error and reply.pages[0].title == f"Keine Karte „{name}“ in der Datenbank"
        body = reply.pages[0].body
        assert body.startswith(f"„{name}“ ist nicht in der Datenbank; nur erwähnt in den Rulings zu "
                               "**Getrieben // Verzweiflung**:\n> ")
        assert "Meintest du" not in body and not reply.choices
        assert [(a.label, a.action) for a in reply.actions] == [("Rulings: Getrieben // Verzweiflung", "rulings")]
    crook = await run_answer(ctx, "ruling", card="Crook of Condemnation")
    assert crook.pages[0].body.endswith(
        "> Gegner können nicht versuchen, die Fähigkeit aufzuhalten, indem sie die Karte mit einem Effekt wie dem von "
        "Crook of Condemnation ins Exil schicken.")
    clash = await run_answer(ctx, "ruling", card="Zusammenprall")
    assert clash.pages[0].body.startswith(
        "„Zusammenprall“ ist nicht in der Datenbank; nur erwähnt in den Rulings zu Abschnitt **Geteilte Karten**, "
        "**Gegengewicht**, **Narrenszepter**, **Klimperstein**:")
    assert [a.label for a in clash.actions] == [
        "Abschnitt: Geteilte Karten", "Rulings: Gegengewicht", "Rulings: Narrenszepter", "Rulings: Klimperstein"]
    opened = await run_action(ctx, clash.actions[1].action, clash.actions[1].arg)
    assert opened.pages[0].title.startswith("Rulings: Gegengewicht")
    assert (await run_answer(ctx, "card", name="Verzauberung")).actions == []  # an ordinary word names no card
