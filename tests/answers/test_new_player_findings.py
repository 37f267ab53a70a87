"""Smaller findings of a new player's walk through the commands: a box of zero-width characters is empty, a web
link is called a link, /mana einberufen says it takes card names, a long /frage question is not cut in the title,
no register heading stands without text of its own."""

from __future__ import annotations

from bot.answers import run_answer, run_completer
from bot.answers.upkeep import upkeep_card_names


async def test_zero_width_characters_alone_are_an_empty_box(ctx):
    empty = await run_completer(ctx, upkeep_card_names, "")
    assert [c.name for c in empty][:2] == ["Ende des Winterschlafs", "Jötun-Geiferer"]  # Kumulative Versorgung
    assert await run_completer(ctx, upkeep_card_names, "\u200b\u200b") == empty


async def test_a_web_link_in_a_cost_is_called_a_link(ctx):
    reply = await run_answer(ctx, "mana_info", cost="Boros-Rekrut](https://evil.example) [x")
    assert reply.error and reply.pages[0].title == "Kosten: Link"
    assert reply.pages[0].body.startswith("„https\\://evil.example“ ist ein Link, kein Manasymbol und kein Kartenname.")
    mention = await run_answer(ctx, "mana_info", cost="<@123>")  # Discord's own markup: as before
    assert mention.pages[0].title == "Kosten: Erwähnung von Discord"


async def test_convoke_says_creature_cards_are_read_too(ctx):
    reply = await run_answer(ctx, "mana_convoke", cost="{3}{W}", creatures="weiß, Blumenkohl")
    body = reply.pages[0].body
    assert "Unbekannte Farbe „blumenkohl“ bei Kreatur 2" in body
    assert "Statt Farben geht auch der Name einer Kreaturenkarte der Dokumente, z. B. `Boros-Rekrut`" in body
    # and so it does: Boros-Rekrut is {R/W}, a red and white creature (Ravnica FAQ)
    named = await run_answer(ctx, "mana_convoke", cost="{3}{W}", creatures="weiß, Boros-Rekrut")
    assert not named.error and "rot-weiß" in named.pages[0].body


async def test_a_long_question_on_an_abolished_rule_is_titled_by_the_change(ctx):
    question = "Kann ich Szadek opfern, während sein Kampfschaden auf dem Stapel ist?"
    page = (await run_answer(ctx, "question", question=question)).pages[0]
    assert page.title == "„Kampfschaden benutzt den Stapel nicht mehr“ heute"  # before: the question cut at 60
    # the other rows of the change name the cards they concern instead of standing as bare headings
    heads = [b for b in page.body.split("\n\n") if b.startswith("**Kampfschaden benutzt den Stapel nicht mehr;")]
    assert len(heads) == 2
    assert all(h.endswith("(seit 11.07.2009) – betrifft **Sonnenheim, Festung der Legion**") for h in heads)
