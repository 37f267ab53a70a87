"""``/frage`` with several rule numbers, valid or not, in any order (bot/answers/asked_rules.py): every number named
is answered or said, as ``/regel suche`` says it; none is dropped, none refuses the others."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.answers import AnswerContext, run_answer
from bot.answers.asked_rules import asked_numbers, unshown_lines
from bot.answers.official import official_rule_reply
from bot.answers.rule_refusals import RuleRefused, Unruled
from bot.importer import DEFAULT_SOURCES
from bot.search import NameIndex
from bot.store import Store
from tests.answers.test_official import CR_2026
from tests.build_cache import BuildCache

TRAMPLE = "Trampelschaden (englisch Trample): Schlüsselwortfähigkeit, heute Regel 702.19."
SHAPE = "(drei Ziffern, ein Punkt, eine bis drei Ziffern, vielleicht ein Buchstabe)"


@pytest.mark.parametrize(("question", "said"), [
    # until 2026-12-07 the first two were refused („Ungültige Regelnummer … 702.19zz“, 702.19 lost), the -5 after
    # 702.19 never named, and 7022.19 searched as words („Nichts dazu in den Dokumenten“ with 🚫)
    ("regel 702.19zz und 702.19", [f"ℹ️ „702.19zz“ ist keine gültige Regelnummer {SHAPE}."]),
    ("regel 702.19 und 999.8 und 702.19zz", [
        "ℹ️ Nicht gefunden: Regel 999.8 (kein Dokument des Bots enthält oder zitiert sie).",
        f"ℹ️ „702.19zz“ ist keine gültige Regelnummer {SHAPE}."]),
    ("regel -5 und 702.19", [f"ℹ️ „-5“ ist keine gültige Regelnummer {SHAPE}."]),
    # a signed number listed after a rule number is a game's number, no rule number typed wrong (until 2026-12-08
    # „„-5“ ist keine gültige Regelnummer“); after the word „Regel“ it is named as one (above)
    ("regel 702.19 und -5", []),
    ("regel 702.19 und 7022.19", [f"ℹ️ „7022.19“ ist keine gültige Regelnummer {SHAPE}."]),
])
async def test_a_valid_number_leads_whatever_the_others_are(ctx, question, said):
    reply = await run_answer(ctx, "question", question=question)
    page = reply.pages[0]
    assert not reply.error and page.title == "Trampelschaden" and TRAMPLE in page.body, page.body[:300]
    assert page.body.startswith("\n".join([f"Frage: „{question}“", *said]) + "\n\n"), page.body[:300]
    assert "🚫" not in page.body


@pytest.mark.parametrize(("question", "title", "said"), [
    ("regel 999.8 und 7022.19", "Regel 999.8 nicht gefunden", f"ℹ️ „7022.19“ ist keine gültige Regelnummer {SHAPE}."),
    ("regel 702.19zz und 999.8", "Ungültige Regelnummer",
     "ℹ️ Nicht gefunden: Regel 999.8 (kein Dokument des Bots enthält oder zitiert sie)."),
])
async def test_no_number_has_a_rule_the_first_is_refused_the_others_said(ctx, question, title, said):
    reply = await run_answer(ctx, "question", question=question)
    assert reply.error and reply.pages[0].title == title and reply.pages[0].body.endswith("\n" + said)


@pytest.mark.parametrize(("question", "title", "text"), [
    ("was sagt regel 999.8 über trampelschaden", "Getrieben // Verzweiflung",
     "Mehrere Vorkommen von Trampelschaden oder Bedrohlich sind redundant."),
    ("regel 903.4 commander", "Regel 103.4c (Erklärung)",
     "In einer Commander-Partie beginnt jeder Spieler mit 40 Lebenspunkten."),
])
async def test_the_words_are_answered_below_a_number_not_found(ctx, question, title, text):
    """Until 2026-12-07 only „Regel … nicht gefunden“: the question's words were dropped."""
    reply = await run_answer(ctx, "question", question=question)
    page = reply.pages[0]
    number = question.split("regel ")[1].split()[0]
    assert not reply.error and page.title == title and text in page.body
    assert page.body.startswith(f"Frage: „{question}“\nℹ️ Nicht gefunden: Regel {number} (kein Dokument des Bots "
                                "enthält oder zitiert sie).\n")


async def test_a_number_beyond_the_five_looked_up_is_not_offered_as_found(ctx):
    """The sixth number is not looked up: said so, not listed as „nicht gezeigt“ nor put into „Alle zusammen“."""
    reply = await run_answer(ctx, "question", question="was sagt 702.19, 601.2, 409.1b, 603.7, 704.5a, 999.9")
    body = reply.pages[0].body
    assert ("ℹ️ Gezeigt wird Regel 702.19; nicht gezeigt: Regel 601.2, 409.1b, 603.7, 704.5a. Alle zusammen: "
            "`/regel suche: 702.19 601.2 409.1b 603.7 704.5a`.") in body
    assert "ℹ️ Nicht nachgeschlagen (höchstens 5 Regelnummern auf einmal): 999.9." in body


@pytest.mark.parametrize(("question", "numbers"), [
    ("regel 702.19 und 7022.19", ["702.19", "7022.19"]),
    ("regel 702.19, -5", ["702.19"]),  # a game's number (until 2026-12-08 named as a rule number typed wrong)
    ("regel 702.19, 7022.19, 8000.1", ["702.19", "7022.19", "8000.1"]),  # each piece of the list
    ("7022.19 und 702.19", ["702.19"]),  # no number named before it: a word of the question
    ("kreatur mit -1/-1 und regel 702.19", ["702.19"]),
])
def test_a_number_s_shape_listed_after_a_number_is_named(question, numbers):
    assert asked_numbers(question) == numbers


@pytest.fixture
async def cr_ctx(build_cache: BuildCache, tmp_path: Path) -> AsyncIterator[AnswerContext]:
    """A store of the documents and the fixtures' Comprehensive Rules of 17.04.2026."""
    db = tmp_path / "regelbot.sqlite3"
    build_cache.build(db, DEFAULT_SOURCES, cr_files=[CR_2026])
    store = await Store.open(db)
    try:
        yield AnswerContext(store=store, names=NameIndex.from_entries(await store.name_entries()))
    finally:
        await store.close()


async def test_a_number_the_official_rules_lack_too_is_said_so(cr_ctx):
    """Until 2026-12-07 the second number's line said only that no document holds it."""
    reply = await run_answer(cr_ctx, "question", question="regel 999.8 und 999.9")
    assert reply.error and reply.pages[0].body.startswith("Die Comprehensive Rules vom 17.04.2026 haben keine Regel "
                                                          "999.8")
    assert reply.pages[0].body.endswith("\nℹ️ Nicht gefunden: Regel 999.9 (kein Dokument des Bots enthält oder "
                                        "zitiert sie, und die Comprehensive Rules vom 17.04.2026 haben sie nicht).")


async def test_numbers_the_official_rules_lack_are_said_in_one_line_for_one_reason(cr_ctx):
    """The reason is the refusal's data (bot/answers/rule_refusals.py), said of two numbers in the plural."""
    reply = await run_answer(cr_ctx, "question", question="regel 702.19 und 999.8 und 999.9")
    assert not reply.error and TRAMPLE in reply.pages[0].body
    assert ("\nℹ️ Nicht gefunden: Regel 999.8, 999.9 (kein Dokument des Bots enthält oder zitiert diese Regeln, und die "
            "Comprehensive Rules vom 17.04.2026 haben sie nicht).\n") in reply.pages[0].body


async def test_a_number_the_keyword_table_moves_to_a_rule_the_official_rules_lack_is_said_so(cr_ctx):
    """502.46 (Einberufen) is 702.51 today, which the fixtures' rules of 2026 lack: its refusal carries that as data,
    and the line says it (until 2026-12-08 the line read the reason out of the refusal's German and said of this one
    only „kein Dokument des Bots enthält oder zitiert sie“)."""
    with pytest.raises(RuleRefused) as caught:
        await official_rule_reply(cr_ctx, "502.46")
    refused = caught.value
    assert refused.reason == Unruled("502.46", "moved", "2026-04-17", today="702.51", names="Einberufen = Convoke")
    assert refused.title == "502.46 ist heute 702.51 (Einberufen = Convoke)"
    assert refused.body == "Regel 702.51 fehlt in den importierten Comprehensive Rules vom 17.04.2026."
    assert unshown_lines("702.19", {"502.46": refused.reason}, [], []) == [
        "ℹ️ Nicht gefunden: Regel 502.46 (kein Dokument des Bots enthält oder zitiert sie, und sie ist heute Regel "
        "702.51 (Einberufen = Convoke), die den Comprehensive Rules vom 17.04.2026 fehlt)."]
    with pytest.raises(RuleRefused) as absent:
        await official_rule_reply(cr_ctx, "999.8")
    assert absent.value.reason == Unruled("999.8", "official", "2026-04-17", older=True)
    assert absent.value.body == ("Die Comprehensive Rules vom 17.04.2026 haben keine Regel 999.8, und keine ältere "
                                 "importierte Fassung kennt sie.")
