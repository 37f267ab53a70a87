"""Discord's line markup before a name (a heading ``#``/``##``/``###``, subtext ``-#``, a quote ``>``/``>>>``)
formats the line and names nothing: every option reads the name after it, silently, as ``/mechanik`` read „-# Fehde“
(bot/answers/registry.py, ``without_line_markup``)."""

from __future__ import annotations

import pytest

from bot.answers import run_answer, run_completer
from bot.answers.card_picks import card_names
from bot.answers.registry import normalise_options

MARKS = ["# ", "## ", "### ", "-# ", "> ", ">>> ", "  ## "]


@pytest.mark.parametrize("mark", MARKS)
async def test_karte_reads_the_name_after_line_markup(ctx, mark):
    reply = await run_answer(ctx, "card", name=f"{mark}Boros-Rekrut")
    page = reply.pages[0]
    assert not reply.error and page.title == "Boros-Rekrut"
    assert "steht so nicht" not in page.body
    assert "Kreatur — Goblin, Soldat" in page.body  # 001's printed type line of Boros-Rekrut


@pytest.mark.parametrize("mark", ["-# ", "## ", "> "])
async def test_every_name_option_reads_line_markup_alike(ctx, mark):
    assert (await run_answer(ctx, "mechanic", name=f"{mark}Fehde")).pages[0].title == "Fehde"
    ruling = await run_answer(ctx, "ruling", card=f"{mark}Boros-Rekrut")
    assert not ruling.error and "Boros-Rekrut" in ruling.pages[0].title
    names = [c.name for c in await run_completer(ctx, card_names, f"{mark}Boros-Rek")]
    assert names[0] == "Boros-Rekrut"


@pytest.mark.parametrize("typed", ["#5", "-5", ">5", "- 5", "Boros-Rekrut # 2", "#Boros"])
def test_text_without_line_markup_at_its_start_is_kept(typed):
    # a sign without the space Discord needs after it, or one inside the text, is no line markup
    assert normalise_options({"name": typed})["name"] == typed
