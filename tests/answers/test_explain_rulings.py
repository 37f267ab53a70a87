"""„Karten erklären“ reads ``[[Karte|rulings]]`` as a channel message's ``[[…]]`` does (bot/answers/chat.py): the
card's rulings, not its card page with the ``|rulings`` ignored without a word. Tolsimir Wolfsblut (Ravnica FAQ, 001)
has 3 rulings on 2 pages, the Voja ruling on page 2 outdated by the legend rule of today (change register)."""

from __future__ import annotations

from bot.answers import run_answer
from bot.answers.chat import explain_options, inline_replies
from bot.custom_id import PAGE, Invocation, encode_strict

RULINGS = "Rulings: Tolsimir Wolfsblut (3)"


async def test_explain_message_shows_the_rulings_a_bracket_asks_for_as_the_channel_does(ctx):
    reply = await run_answer(ctx, "explain_message", text="[[Tolsimir Wolfsblut|rulings]]")
    (inline,) = await inline_replies(ctx, "[[Tolsimir Wolfsblut|rulings]]")
    assert [p.title for p in reply.pages] == [RULINGS, RULINGS] and inline.pages[0].title == RULINGS
    assert reply.pages[0].body.startswith("⚠️ 1 Ruling heute überholt (Seite 2)\n")
    assert reply.pages[0].body == inline.pages[0].body
    assert "Karte anzeigen" in [a.label for a in reply.pages[0].actions]  # the card one button away


async def test_the_outdated_rulings_page_is_named_by_its_number_after_another_cards_page(ctx):
    reply = await run_answer(ctx, "explain_message", text="[[Boros-Rekrut]] und [[Tolsimir Wolfsblut|rulings]]")
    assert [p.title for p in reply.pages] == ["Boros-Rekrut", RULINGS, RULINGS]
    assert reply.pages[1].body.startswith("⚠️ 1 Ruling heute überholt (Seite 3)\n")


async def test_a_plain_name_or_bracket_still_shows_the_card(ctx):
    for text in ("[[Tolsimir Wolfsblut]]", "Was macht Tolsimir Wolfsblut?"):
        reply = await run_answer(ctx, "explain_message", text=text)
        assert reply.pages[0].title == "Tolsimir Wolfsblut", text


async def test_the_paging_button_carries_which_rulings_were_asked(ctx):
    options = explain_options(ctx, "[[Boros-Rekrut]] [[Tolsimir Wolfsblut|rulings]]")
    card = next(k for k, v in ctx.names.card_names.items() if v == "Tolsimir Wolfsblut")
    assert options["rulings"] == str(card) and options["ids"].endswith(f".{card}")
    encode_strict(PAGE, Invocation.answer("explain_cards", **options), 3, "abcdef")  # fits Discord's 100
    again = await run_answer(ctx, "explain_cards", **options)
    assert [p.title for p in again.pages] == ["Boros-Rekrut", RULINGS, RULINGS]
    # an id the button does not explain asks nothing; a forged list is refused as a forged button
    other = await run_answer(ctx, "explain_cards", ids=options["ids"].split(".")[0], rulings=str(card))
    assert [p.title for p in other.pages] == ["Boros-Rekrut"]
    forged = await run_answer(ctx, "explain_cards", ids=options["ids"], rulings="x")
    assert forged.error and forged.pages[0].title == "Ungültige Kartenliste"
