"""What a question or search names is said whole: a joiner left between two pieces of markup taken out is no side,
a side too long to read is said without „zwischen“ too (bot/comparison.py, bot/comparison_frame.py), and a
``/regel`` search whose words name terms with typos keeps its terms line (bot/answers/terms.py). Real values: 001's
sections Spuk and Ausgraben (Gildenbund, Ravnica), the term table's Spielstein (111) and Friedhof (404)."""

from __future__ import annotations

from bot.answers import run_answer
from bot.comparison import comparison

ONE_SIDE = ("ℹ️ Der Vergleich nennt nur eine Seite; hier steht sie allein. Für einen Vergleich beide nennen, z. B. "
            "„Unterschied zwischen Spuk und Ausgraben“.")
TERMS = ("Begriffe im Suchtext: **Spielstein** (Regel 111), **Friedhof** (Regel 404); jeden einzeln erklärt: "
         "`/regel suche: Spielstein` · `/regel suche: Friedhof`")


async def test_a_joiner_left_by_markup_taken_out_is_no_side(ctx):
    reply = await run_answer(ctx, "question", question="unterschied zwischen <@&1> und @here und ~~spuk~~")
    body = reply.pages[0].body
    assert reply.pages[0].title == "Spuk"
    assert "ℹ️ Nicht gelesen: „\\<\\@&1\\>“, „\\@here“ (Links" in body and ONE_SIDE in body
    assert "„und“" not in body
    assert comparison("unterschied zwischen und und spuk") == comparison("unterschied zwischen und spuk")


async def test_a_side_too_long_to_read_is_said_without_zwischen(ctx):
    long = "x" * 52
    for question in (f"unterschied spuk und {long}", f"unterschied zwischen spuk und {long}"):
        body = (await run_answer(ctx, "question", question=question)).pages[0].body
        assert f"ℹ️ Nicht gelesen: „{long}“ nennt keine Mechanik, keinen Begriff und keine Karte" in body, question
    page = (await run_answer(ctx, "question", question="unterschied spuk und ausgraben")).pages[0]
    assert page.title == "Spuk · Ausgraben"


async def test_a_search_of_terms_with_typos_keeps_its_terms_line(ctx):
    for search in ("spielstien friedhf", "spielstein friedhf"):
        page = (await run_answer(ctx, "rule", search=search)).pages[0]
        assert page.title == f"Regeln zu „{search}“"
        assert page.body.startswith(TERMS + "\n\n"), (search, page.body[:300])
    # one term alone is its term's page, no line
    page = (await run_answer(ctx, "rule", search="friedhf")).pages[0]
    assert "Begriffe im Suchtext" not in page.body
