"""The first page of a paged answer that lists rulings names the outdated rulings of its later pages
(bot/answers/layout.py: outdated_ahead, announced): a player reading one page is not told an old rule as today's."""

from __future__ import annotations

import re

from bot.answers import run_answer
from bot.answers.card_rulings import card_rulings
from bot.answers.layout import outdated_ahead
from bot.answers.mechanics import mechanic_pages, mechanics
from bot.answers.today_index import today_index

#: The first page's line: „⚠️ 1 Ruling heute überholt (Seite 2)“, „⚠️ 2 weitere Rulings … (Seiten 2 und 4)“.
AHEAD = re.compile(r"⚠️ (\d+)(?: weiteres?)? Rulings? heute überholt \(Seiten? ([\d, und]+)\)")


def named_pages(body: str) -> set[int]:
    """The page numbers (1 = the first) the first page's line names, or none."""
    found = AHEAD.search(body)
    return {int(n) for n in re.findall(r"\d+", found.group(2))} if found else set()


def marked_pages(pages) -> set[int]:
    """The later pages (numbered from 1) whose rulings carry today's ⚠️ notice."""
    return {n + 1 for n, page in enumerate(pages) if n > 0 and "⚠️" in page.body}


async def test_tolsimir_page_one_names_the_legend_ruling_on_page_two(ctx):
    reply = await run_answer(ctx, "ruling", card="Tolsimir Wolfsblut")
    assert len(reply.pages) == 2
    assert reply.pages[0].body.startswith("⚠️ 1 Ruling heute überholt (Seite 2)\n")
    # the outdated ruling itself (Ravnica FAQ, 2005: both Voja tokens go to the graveyard) is on page 2
    assert "Die Legendenregel bedeutet hier, dass beide auf den Friedhof" in reply.pages[1].body
    assert "**Früher** (heute überholt)" in reply.pages[1].body


async def test_every_cards_rulings_name_their_later_outdated_pages_on_page_one(ctx):
    announced = 0
    for (card_id,) in await ctx.store.fetchall("SELECT id FROM cards"):
        card = await ctx.store.card(card_id)
        pages = (await card_rulings(ctx, card, all_button=True)).pages
        assert named_pages(pages[0].body) == marked_pages(pages), card.name
        assert all(not AHEAD.search(p.body) for p in pages[1:]), card.name  # only the first page says it
        announced += bool(marked_pages(pages))
    assert announced == 7  # Tolsimir, Bestimmt // Unbeirrt, Borealis-Druide, Helium-Verspritzer, … (2026-12-07)


async def test_bestimmt_unbeirrt_counts_three_outdated_rulings_on_pages_three_and_four(ctx):
    reply = await run_answer(ctx, "ruling", card="Bestimmt // Unbeirrt")
    assert reply.pages[0].body.startswith("⚠️ 3 Rulings heute überholt (Seiten 3 und 4)")


async def test_a_sections_first_page_names_its_outdated_rulings(ctx):
    checked = 0
    for m in await mechanics(ctx.store):
        pages, _actions = await mechanic_pages(ctx, m)
        assert named_pages(pages[0].body) == marked_pages(pages), m.title
        checked += bool(marked_pages(pages))
    assert checked >= 2  # Ley-Linien, Verschneite Karten und das Schnee-Manasymbol
    reply = await run_answer(ctx, "mechanic", name="Ley-Linien")
    assert "⚠️ 2 Rulings heute überholt (Seite 3)" in reply.pages[0].body


async def test_a_ruling_search_names_the_outdated_hits_of_later_pages(ctx):
    reply = await run_answer(ctx, "ruling", search="spielstein")
    first = reply.pages[0].body
    # Gejagter Drache's 2006 ruling (named „Ritter“, today „Ritter-Spielstein“, 111.4) is outdated on page 1 already
    assert "**Gejagter Drache**" in first and "**Früher** (heute überholt)" in first
    assert named_pages(first) == marked_pages(reply.pages) and named_pages(first)
    assert " weitere Rulings heute überholt" in first


async def test_the_line_counts_only_later_pages(store):
    index = await today_index(store)
    outdated = [i for (i,) in await store.fetchall("SELECT id FROM rulings") if index.status.get(("ruling", i)) ==
                "changed"][:3]
    assert outdated_ahead(index, [[outdated[0]], [], [outdated[1], outdated[2]]]) == (
        "⚠️ 2 weitere Rulings heute überholt (Seite 3)")
    assert outdated_ahead(index, [[], [outdated[0]]]) == "⚠️ 1 Ruling heute überholt (Seite 2)"
    assert outdated_ahead(index, [[outdated[0]], []]) == ""
