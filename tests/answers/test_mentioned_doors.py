"""A card the documents only mention is found by every door that takes a card's name, through the one function
(bot/name_mentions.py: ``mentioned_card``; bot/answers/mentioned_names.py: ``mention_line``): ``/karte``, the
message command, ``/mana``.
003 names Karn Liberated („Eine Karte (Karn Liberated) startet die Partie neu“, 104.6), Doubling Cube (106.6) and
Tarmogoyf (111.11) in its examples; 002 names Destined // Lead in the rulings of Getrieben // Verzweiflung (002:53
gives its mana value)."""

from __future__ import annotations

import pytest

from bot.answers import run_answer


@pytest.mark.parametrize(("name", "entry", "quote"), [
    ("Karn Liberated", "Regel 104.6 (Erklärung) – Partie neu starten",
     "Eine Karte (Karn Liberated) startet die Partie neu."),
    ("Doubling Cube", "Regel 106.6 (Erklärung)", "Er aktiviert Doubling Cube („{3}, {T}: Verdopple"),
    ("tarmogoyf", "Regel 111.11 (Erklärung)", "wie die Karte Tarmogoyf laut Oracle."),
])
async def test_a_card_only_003_names_is_said_to_be_mentioned_there(ctx, name, entry, quote):
    reply = await run_answer(ctx, "card", name=name)
    body = reply.pages[0].body
    assert reply.error and reply.pages[0].title == f"Keine Karte „{name}“ in der Datenbank"
    assert body.startswith(f"„{name}“ ist nicht in der Datenbank; nur erwähnt in der Regelerklärung (003) zu "
                           f"**{entry}**:\n> ")
    assert quote in body
    assert [(a.label, a.action) for a in reply.actions] == [(entry, "rulex")]


async def test_the_message_command_says_where_a_name_is_mentioned(ctx):
    reply = await run_answer(ctx, "explain_message", text="Was kostet [[Destined // Lead]]?")
    body = reply.pages[0].body
    assert reply.error and body.startswith("„Destined // Lead“ ist nicht in der Datenbank; nur erwähnt in den "
                                           "Rulings zu **Getrieben // Verzweiflung**:\n> ")
    assert "Keine Karte passt zu" not in body
    assert [(c.label, c.action) for c in reply.choices] == [("Rulings: Getrieben // Verzweiflung", "rulings")]
    both = await run_answer(ctx, "explain_message", text="[[Boros-Rekrut]] und [[Tarmogoyf]]")
    last = both.pages[-1]
    assert last.title == "Nicht gefunden"
    assert ("• „Tarmogoyf“ ist nicht in der Datenbank; nur erwähnt in der Regelerklärung (003) zu "
            "**Regel 111.11 (Erklärung)**:") in last.body


async def test_mana_info_points_to_the_rulings_that_mention_the_card(ctx):
    reply = await run_answer(ctx, "mana_info", cost="Destined // Lead")
    body = reply.pages[0].body
    assert reply.error and "weder Manakosten noch eine bekannte Karte" in reply.pages[0].title
    assert "„Destined // Lead“ ist nicht in der Datenbank; nur erwähnt in den Rulings zu **Getrieben // " \
           "Verzweiflung**:" in body
    assert [(a.label, a.action) for a in reply.actions] == [("Rulings: Getrieben // Verzweiflung", "rulings")]


@pytest.mark.parametrize(("name", "place", "quote"), [
    # 001:2805 prints „die nicht-verschneiten bleibenden Karten Sumpf oder Llanovarelfen“ in a section's ruling
    ("Llanovarelfen", "Abschnitt **Verschneite Karten und das Schnee-Manasymbol**",
     "von den nicht-verschneiten bleibenden Karten Sumpf oder Llanovarelfen produziert wurde."),
    # an ordinary German word named a card by 001's „eine Karte wie Klon“, „Karten wie Klon“
    ("Klon", "Abschnitt **„Verbesserte“ Kreaturen**, **Ley-Linie der Sanftheit**",
     "Falls eine Karte wie Klon als eine Kopie einer dieser Kreaturen"),
    # „Hattest du zum Beispiel mit Annektion vorher schon die Kontrolle …“ (001)
    ("Annektion", "**Leshracs Herold**", "Hattest du zum Beispiel mit Annektion vorher schon die Kontrolle"),
])
async def test_a_card_a_ruling_names_by_the_documents_conventions_is_said_to_be_mentioned(ctx, name, place, quote):
    reply = await run_answer(ctx, "card", name=name)
    body = reply.pages[0].body
    assert reply.error and reply.pages[0].title == f"Keine Karte „{name}“ in der Datenbank"
    assert body.startswith(f"„{name}“ ist nicht in der Datenbank; nur erwähnt in den Rulings zu {place}")
    assert quote in body


@pytest.mark.parametrize("word", ["Spieler", "Menge", "Auch", "Manawert"])
async def test_a_word_the_documents_print_as_a_word_is_no_mentioned_card(ctx, word):
    # „zum Beispiel Spieler“ / „zum Beispiel auch Grizzlybären“ / „die Menge des Schadens“ (one card's rulings) /
    # „Manawert“ (several entries of 003): printed as words, never as a card's name
    reply = await run_answer(ctx, "card", name=word)
    assert reply.error and "nur erwähnt" not in reply.pages[0].body
