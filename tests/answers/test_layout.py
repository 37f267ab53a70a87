"""Pages of the document answers (bot/answers/layout.py): every ruling once, in order, pages a glance long."""

from __future__ import annotations

from bot.answers.layout import budget_of, pack, page_size, ruling_pages
from bot.answers.today_index import today_index


async def test_every_ruling_of_every_card_is_on_exactly_one_page(store):
    index = await today_index(store)
    paged = 0
    for (card_id,) in await store.fetchall("SELECT id FROM cards"):
        rulings = await store.rulings_for_card(card_id)
        if not rulings:
            continue
        pages = ruling_pages(index, "Rulings", rulings)
        paragraphs = [b for p in pages for b in p.body.split("\n\n")]
        bullets = [b for b in paragraphs if b.startswith("• ") or (b.startswith("_") and "\n• " in b)]
        assert len(bullets) == len(rulings), card_id  # one paragraph per ruling, none dropped, none twice
        for bullet, ruling in zip(bullets, rulings, strict=True):  # in document order
            assert ruling.text[:60] in bullet, (card_id, ruling.text[:40])
        for n, page in enumerate(pages):  # a page holds more than one ruling only while it stays within the budget
            assert page_size(page) <= budget_of(n) or page.body.count("\n• ") + page.body.startswith("• ") <= 1
        paged += len(pages) > 1
    assert paged >= 10


def test_pack_keeps_every_paragraph_in_order():
    parts = [f"Absatz {i} " + "wort " * (40 * i) for i in range(12)]
    pages = pack("Titel", parts)
    assert "\n\n".join(p.body for p in pages) == "\n\n".join(parts)
    # only a long paragraph stands alone beyond the budget: 1 500 characters on the first page, 2 500 after it
    assert all(page_size(p) <= budget_of(n) or "\n\n" not in p.body for n, p in enumerate(pages))
    assert page_size(pages[0]) <= 1500 and len(pages) > 2
    assert [p.title for p in pages] == ["Titel"] * len(pages)
