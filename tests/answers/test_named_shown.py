"""A question that names a card shows that card's own text on ``/frage``'s first page when none of its passages
would be there (bot/named_shown.py): „kann der boros-rekrut fliegende kreaturen blocken?“ matches other cards'
rulings on blocking fliers (Balduvianischer Kriegsfürst's 001:3000 first), and Boros-Rekrut has no ruling of its own;
its card text 001:26 („Kreatur — Goblin, Soldat … Erstschlag“), which says nothing of fliers, takes the page's last
place, the places above keep theirs. (Asked only whether it can block, its text answers and leads:
tests/answers/test_asked_of_lead.py.)"""

from __future__ import annotations

from bot.answers import run_answer
from bot.answers.questions import OTHERS
from bot.named_shown import PAGE
from bot.ranking import ranker

#: 001's card text of Boros-Rekrut, and Balduvianischer Kriegsfürst's ruling on blocking that the question's words
#: match best.
BOROS_REKRUT, KRIEGSFUERST_RULING = "001:26", "001:3000"
#: A question naming Boros-Rekrut that its text does not answer (it prints no flying).
FLIERS = "kann der boros-rekrut fliegende kreaturen blocken?"
#: 001's card text of Reifgebundene Tote („Verschneite Kreatur — Skelett“), whose name holds „tot“ (read as a name
#: word by the ranking).
SKELETT = "001:2799"


def test_the_page_is_the_first_page_of_frage():
    assert PAGE == 1 + OTHERS


async def test_a_named_card_without_a_passage_on_the_page_gets_its_own_text_last_on_it(ctx):
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, FLIERS, ctx.names, limit=PAGE)
    keys = [h.passage.key for h in found.hits]
    assert keys[0] == KRIEGSFUERST_RULING and keys[-1] == BOROS_REKRUT and len(keys) == PAGE
    assert "shown" in found.hits[-1].parts
    assert [h.score for h in found.hits] == sorted((h.score for h in found.hits), reverse=True)


async def test_the_frage_page_names_the_card_asked_about(ctx):
    page = (await run_answer(ctx, "question", question=FLIERS)).pages[0]
    last = page.fields[-1]
    assert last.name.startswith("5. Boros-Rekrut – Kartentext") and last.value.endswith("Erstschlag")
    assert page.title == "Balduvianischer Kriegsfürst"  # the best match of the words keeps its place


async def test_a_card_read_from_one_common_word_of_its_name_is_not_put_on_the_page(ctx):
    # „tot“ reads a word of the name Reifgebundene Tote; the player asks about losing at 0 life, not the card
    r = await ranker(ctx.store)
    found = await r.search(ctx.store, "bei 0 leben sofort tot oder erst wenn wer vorrang kriegt", ctx.names,
                           limit=PAGE)
    assert found.cards and SKELETT not in [h.passage.key for h in found.hits]
