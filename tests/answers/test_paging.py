"""Paging helpers (bot/answers/paging.py): every ruling of a card appears exactly once across its pages."""

from __future__ import annotations

from bot.answers import run_action
from bot.answers.paging import RULINGS_PER_PAGE, hit_pages, ruling_block, rulings_pages


async def test_every_ruling_of_every_card_is_on_exactly_one_page(store):
    cards = [row[0] for row in await store.fetchall("SELECT id FROM cards")]
    paged = 0
    for card_id in cards:
        rulings = await store.rulings_for_card(card_id)
        if not rulings:
            continue
        pages = rulings_pages("t", rulings)
        bodies = [p.body for p in pages]
        assert len(pages) == -(-len(rulings) // RULINGS_PER_PAGE)
        shown = [block for body in bodies for block in body.split("\n\n")]
        assert shown == [ruling_block(r) for r in rulings], card_id  # each once, in document order
        paged += len(pages) > 1
    assert paged >= 3  # cards with more than one page exist (Getrieben // Verzweiflung: 13 rulings)


async def test_getrieben_rulings_answer_pages_hold_all_13(ctx):
    # 002_6d34ad434ad7e3d9.txt: 13 dated rulings; the answer pages them 6 + 6 + 1, the last ruling (002:53)
    # on page 3.
    card = next(c for c in ctx.names.entries if c.card_name == "Getrieben // Verzweiflung")
    reply = await run_action(ctx, "rulings", str(card.card_id))
    text = "\n".join(p.body for p in reply.pages)
    rulings = await ctx.store.rulings_for_card(card.card_id)
    assert len(rulings) == 13
    for r in rulings:
        assert text.count(r.text[:80]) == 1, r.text[:40]
    assert "ihr Manawert ist 6" in reply.pages[2].body


def test_hit_pages_keep_every_block():
    blocks = [f"b{i}" for i in range(13)]
    pages = hit_pages("t", "intro", blocks, 6)
    assert [p.body for p in pages] == [
        "intro\n\nb0\n\nb1\n\nb2\n\nb3\n\nb4\n\nb5", "b6\n\nb7\n\nb8\n\nb9\n\nb10\n\nb11", "b12"]
