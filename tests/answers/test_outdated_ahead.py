"""The first page of a paged answer that lists rulings names the outdated rulings of its later pages
(bot/answers/layout.py: outdated_ahead, announced): a player reading one page is not told an old rule as today's."""

from __future__ import annotations

import re
from dataclasses import replace

from bot.answers import run_answer
from bot.answers.card_rulings import card_rulings
from bot.answers.layout import announced, budget_of, outdated_ahead, page_size, paged_rulings
from bot.answers.mechanics import mechanic_pages, mechanics
from bot.answers.today_facts import entry_status
from bot.answers.today_index import today_index
from bot.page_fit import fit_reply
from bot.reply import Reply

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
    # Tolsimir, Bestimmt // Unbeirrt, Borealis-Druide, Helium-Verspritzer, … (2026-12-07); Tresserhorn-Himmelsritter
    # since the line's place is held at its widest (2026-12-08): its second outdated ruling moved to page 2
    assert announced == 8


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


async def _rulings(store):
    """Every ruling of the mechanics sections, split into those today's index calls outdated and the others."""
    index = await today_index(store)
    every = [r for m in await mechanics(store) for r in await store.rulings_for_mechanic(m.id)]
    outdated = [r for r in every if entry_status(index, "ruling", r.id).outdated]
    return index, outdated, [r for r in every if not entry_status(index, "ruling", r.id).outdated]


def _paged(index, rulings, lead="Rulings:"):
    """A list of ``rulings`` paged as /ruling pages them, the first page's lead ending with the line."""
    def build(line):
        return [(page, [r.id for r in chunk]) for page, chunk in
                paged_rulings(index, "Rulings (Test)", rulings, "\n".join(p for p in (lead, line) if p))]

    return announced(index, build, [r.id for r in rulings])


async def test_the_line_is_written_into_its_held_place_on_a_first_page_within_its_budget(store):
    index, outdated, others = await _rulings(store)
    # the first page filled to its budget with rulings still right today, the outdated one after them on page 2
    short = sorted(others, key=lambda r: len(r.text))[:30]  # none alone over the first page's budget
    pages = _paged(index, [*short, outdated[0]])
    assert len(pages) >= 2 and pages[0].body.startswith("Rulings:\n⚠️ 1 Ruling heute überholt (Seite ")
    assert named_pages(pages[0].body) == marked_pages(pages)
    assert page_size(pages[0]) <= budget_of(0)  # the line took no more than the place held for it
    assert "\ue000" not in "".join(p.body for p in pages)
    # a list whose outdated ruling stays on the first page says nothing and leaves no blank line
    alone = _paged(index, [outdated[0]])
    assert len(alone) == 1 and alone[0].body.startswith("Rulings:\n\n") and "\ue000" not in alone[0].body


async def test_the_line_names_the_page_shown_after_a_ruling_over_discords_limit(store):
    index, outdated, others = await _rulings(store)
    long = replace(others[0], text="Ein sehr langes Ruling. " * 300)  # 7 200 characters: two embeds
    pages = _paged(index, [long, outdated[0]])
    assert named_pages(pages[0].body) == {2}  # the reply's own page 2 …
    shown = fit_reply(Reply(pages=pages))
    assert len(shown) == 3 and "**Früher** (heute überholt)" in shown[2].body
    assert named_pages(shown[0].body) == {3} == marked_pages(shown)  # … is the third page shown
