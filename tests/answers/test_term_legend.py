"""A term page's legend (its numbered notes: „⚠️¹ **Heute:** …“ of a register row its entries share, „ℹ️ **Heute
andere Begriffe:** ¹ „wirken“ statt „spielen“ …“) stays with the entries it explains when Discord's limit splits
the page (bot/reply.py: ``legend_parts``, bot/render.py: ``fit_pages``). The page of Geteilte Karte lists 001's
section „Geteilte Karten“ and its rulings, which write „spielen“ and „umgewandelte Manakosten“ (today „wirken“,
„Manawert“: CR 601.2, 202.3); its body is 4 076 characters, so a smaller budget splits it."""

from __future__ import annotations

from bot.answers.terms import term_reply
from bot.page_fit import fit_pages, split_text
from bot.reply import legend_parts
from bot.terms import term_index

TERMS = "ℹ️ **Heute andere Begriffe:** ¹ „wirken“ statt „spielen“ · ² „Manawert“ statt „umgewandelte Manakosten“"


async def test_every_part_of_a_split_term_page_that_ties_an_entry_to_a_note_carries_the_legend(ctx):
    reply = await term_reply(ctx, term_index().lookup("Geteilte Karte"))
    page = reply.pages[-1]
    assert page.title == "Geteilte Karte – Regel 709" and page.legend.startswith(TERMS)
    assert page.body.endswith(page.legend)
    parts = fit_pages([page], 2500)
    assert len(parts) == 2
    for part in parts:
        assert "ℹ️¹" in part.body and part.body.endswith(page.legend)
    # every entry shown once: the parts without their legend are the body without it
    assert "\n".join(p.body[:-len(page.legend)].rstrip() for p in parts) == page.body[:-len(page.legend)].rstrip()


def test_a_body_that_fits_or_has_no_legend_is_split_as_it_stands():
    body = "• a ℹ️¹\n• b\n¹ note"
    assert legend_parts(body, "¹ note", 100, split_text) == [body]
    assert legend_parts(body, "", 10, split_text) == split_text(body, 10)
    # no part ties an entry: the legend goes to the last part
    assert legend_parts("• aaaa\n• bbbb\n¹ n", "¹ n", 10, split_text) == ["• aaaa", "• bbbb\n¹ n"]
