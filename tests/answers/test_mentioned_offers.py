"""The card-name completer offers the cards the documents only mention, and a name typed one slip from one is read as
it (bot/importer/mentioned_offers.py stores them at the build, bot/name_offers.py offers them,
bot/name_mentions.py: ``slipped_mention``): 001:2805 prints „die nicht-verschneiten bleibenden Karten Sumpf
oder Llanovarelfen“, 001 „eine Karte wie Klon“, 002 „mit einem Effekt wie dem von Crook of Condemnation“, 003 „Eine
Karte (Karn Liberated)“ and „die Karte Tarmogoyf“; the store has none of these cards."""

from __future__ import annotations

from bot.answers import run_answer, run_completer
from bot.answers.card_picks import card_names
from bot.importer.mentioned_offers import mentioned_names
from bot.reply import Choice

SNOW = "Abschnitt **Verschneite Karten und das Schnee-Manasymbol**"


async def test_the_build_stores_the_names_the_documents_only_mention(built_db, store):
    found = await mentioned_names(built_db)
    assert store.stored_names().mentioned_offers() == found
    assert {"Llanovarelfen", "Klon", "Crook of Condemnation", "Karn Liberated", "Tarmogoyf", "Destined // Lead"} \
        <= set(found)
    # words printed as words, a word inside a longer name, a card of the store's own other name (002's „Driven“)
    assert not {"Spieler", "Menge", "Manawert", "Liberated", "Lead", "Driven"} & set(found)
    # single English words 003 prints in one entry and by no convention: no card's name to offer
    assert not {"Class", "Walker", "Active", "Crater", "Spitting", "Cursed"} & set(found)


async def test_the_completer_offers_them_as_only_mentioned(ctx):
    assert await run_completer(ctx, card_names, "llano") == [Choice("Llanovarelfen (nur erwähnt)", "Llanovarelfen")]
    assert await run_completer(ctx, card_names, "Tarmog") == [Choice("Tarmogoyf (nur erwähnt)", "Tarmogoyf")]
    # two letters start too many names: none of these is offered then
    assert all("nur erwähnt" not in c.name for c in await run_completer(ctx, card_names, "Kl"))


async def test_a_name_typed_one_slip_from_one_is_read_as_it(ctx):
    reply = await run_answer(ctx, "card", name="Llanowarelfen")
    body = reply.pages[0].body
    assert reply.error and reply.pages[0].title == "Keine Karte „Llanowarelfen“ in der Datenbank"
    assert body.startswith(f"„Llanowarelfen“ ist nicht in der Datenbank; gedruckt als „Llanovarelfen“, nur erwähnt in "
                           f"den Rulings zu {SNOW}:\n> ")
    assert [(a.label, a.action, a.arg) for a in reply.actions] == [
        ("Abschnitt: Verschneite Karten und das Schnee-Manasymbol", "mechanic", "25")]
    # a short name is not read with a slip („Klan“ is no „Klon“)
    assert "Klon" not in (await run_answer(ctx, "card", name="Klan")).pages[0].body
