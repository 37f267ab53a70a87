"""The official sources on the real files: the store built with both CRs and the RAV MTGJSON file.

Skipped cleanly without ../shared/reference (or $REGELBOT_REFERENCE). Until ``/rule`` exists on main
the rule answers are checked through :func:`bot.answers.official.official_rule_reply` directly; the
card answer goes through ``python -m bot call`` as the issue says.
"""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.answers import AnswerContext, run_answer
from bot.answers.official import official_rule_reply
from bot.importer.report import BuildReport
from tests.conftest import call_cli
from tests.reference.conftest import FULL_FILES, answer_context

pytestmark = pytest.mark.reference

CR_2026 = "MagicCompRules_20260417.txt"
CR_2010 = "CR-2010-10-01_MagicCompRules_20101001.txt"
RAV = "mtgjson3_RAV.json"


@pytest.fixture(scope="module")
def full(full_store: tuple[Path, BuildReport]) -> tuple[Path, BuildReport]:
    """The store with both rules files and the RAV cards, shared with tests/reference/test_choices_reference.py."""
    assert full_store[0].name == "regelbot.sqlite3" and FULL_FILES == (CR_2026, CR_2010, RAV)
    return full_store


@pytest.fixture
async def fctx(full) -> AsyncIterator[AnswerContext]:
    async with answer_context(full[0]) as ctx:
        yield ctx


def test_build_report(full):
    o = full[1].official
    assert [(c.effective, c.is_current) for c in o.cr] == [("2026-04-17", True), ("2010-10-01", False)]
    # same counts as tests/reference/test_cr_reference.py reads from the parser
    assert o.cr[0].counts == {"chapter": 9, "section": 147, "rule": 1165, "subrule": 1973, "example": 277,
                              "glossary": 730}
    (v,) = o.versions  # as in test_align_reference.py: 1899 numbers in 2010, 1848 matched, 1681 certain
    assert (v.rules, v.matched, v.certain) == (1899, 1848, 1681)
    assert v.sample is not None and (v.sample.checked, v.sample.right) == (322, 304)
    assert (v.sample.claimed, v.sample.claimed_right) == (271, 271)
    today = full[1].today  # the register's rule quotes agree with the official text of 2026-04-17
    assert (today.cr_checked, today.cr_missing, today.cr_differs) == ("MagicCompRules_20260417.txt", [], [])
    # the real 003 parser gives the same coverage as the alignment test's reader
    assert o.alignment == {"003_b16bc3bb93a072a0.txt": {"aligned": 177, "uncertain": 28, "unaligned": 0}}
    conn = sqlite3.connect(full[0])
    try:  # only certain alignments get rule_explanations.number
        assert conn.execute("SELECT count(*) FROM rule_explanations WHERE number IS NOT NULL").fetchone()[0] == 177
    finally:
        conn.close()
    (c,) = o.cards
    # 306 entries in cards[]; the 82 cards of the Ravnica FAQ (document 001 #1) all found by German name;
    # 224 others, of which the 20 basic lands are 5 names → 209 added; 368 rulings in the file
    assert (c.records, c.matched, c.uncertain, c.unmatched, c.added, c.rulings) == (306, 82, 0, 224, 209, 368)


async def test_701_30d_shows_2026_text(fctx):
    reply = await official_rule_reply(fctx, "701.30d")
    assert reply.pages[0].title == "701.30d — Clash"
    assert reply.pages[0].body == (
        "A player wins a clash if that player revealed a card with a higher mana value than all other cards "
        "revealed in that clash."
    )
    assert reply.date == "2026-04-17"


async def test_701_19_resolves_to_701_30(fctx):
    reply = await official_rule_reply(fctx, "701.19")
    assert reply.pages[0].title == "701.30 — Clash"
    assert "früher 701.19 (Regeln vom 1. Oktober 2010)" in reply.pages[0].body
    # 701.19 is Regenerate today: said, with a button to it
    assert "Heute steht unter 701.19 eine andere Regel (Regenerate)." in reply.pages[0].body
    assert reply.actions[0].arg == "701.19"
    sub = await official_rule_reply(fctx, "701.19c")
    assert sub.pages[0].title == "701.30d — Clash"
    assert "früher 701.19c (Regeln vom 1. Oktober 2010)" in sub.pages[0].body


async def test_uncertain_match_says_vermutlich(fctx):
    # 2010's 110.5g (a token can't come back) is today's 111.8, worded anew: found, but not certain.
    reply = await official_rule_reply(fctx, "110.5g")
    assert reply.pages[0].title == "111.8 — Tokens"
    assert reply.pages[0].body.startswith("_vermutlich 111.8: früher 110.5g (Regeln vom 1. Oktober 2010) — "
                                          "Zuordnung unsicher")
    # 702.48a exists today (Offering) and no document cites it: today's rule first, then which is which
    reply = await official_rule_reply(fctx, "702.48a")
    assert "sie ist heute vermutlich 702.51a" in reply.pages[0].body
    # 508.2a is the same rule in both files, so no "another rule" note
    reply = await official_rule_reply(fctx, "508.2a")
    assert "andere Regel" not in reply.pages[0].body and reply.pages[0].title == "Regel 508.2a"


async def test_mana_value_cites_202_3(fctx):
    reply = await official_rule_reply(fctx, "Mana Value")
    page = reply.pages[0]
    assert page.title == "Mana Value (Glossar)"
    assert page.body == "The total amount of mana in a mana cost, regardless of color. See rule 202.3."
    assert page.fields[0].name == "Regel 202.3"
    assert page.fields[0].value.startswith("The mana value of an object is a number equal to the total amount")


async def test_faq_502_46_is_convoke(fctx):
    reply = await official_rule_reply(fctx, "502.46")
    assert reply.pages[0].title == "702.51 — Convoke"
    assert "früher 502.46 (zitiert in Ravnica: Stadt der Gilden (30.08.2005); Einberufen = Convoke)" in (
        reply.pages[0].body)
    sub = await official_rule_reply(fctx, "502.46b")
    assert sub.pages[0].body.startswith("_vermutlich Teil von 702.51")


async def test_103_1_german_beside_english(fctx):
    reply = await official_rule_reply(fctx, "103.1")
    page = reply.pages[0]
    assert page.title == "103.1 — Starting the Game"
    assert "At the start of a game, the players determine which one of them will choose" in page.body
    german = [f for f in page.fields if f.name.startswith("Deutsche Erklärung")]
    assert german and german[0].value.startswith(
        "Zu Beginn einer Partie bestimmen die Spieler, wer von ihnen entscheidet, wer den ersten Zug macht.")


async def test_german_search_finds_english_rules(fctx):
    # "Startspieler" appears in the aligned German explanation of 103.1 and means "starting player"
    reply = await official_rule_reply(fctx, "Startspieler")
    # the seventh hit: on the second page of six hits (pages of whole excerpts up to 550 characters)
    pages = [p for p, page in enumerate(reply.pages)
             if any(x.replace("**", "").startswith("103.1 At the start of a game") for x in page.body.splitlines())]
    assert pages == [1]


async def test_a_search_hit_shows_the_sentences_that_answer_together(fctx):
    # 103.5 (1 085 characters) by the one excerpt of the searches (bot.excerpts): its sentences that hold most of
    # the question together, with the sentence after them („Once a player chooses not to take a mulligan …“), the
    # question's words in bold; six hits a page, each page within an embed
    reply = await official_rule_reply(fctx, "Mulligan Karten unter die Bibliothek")
    (line,) = [x for x in reply.pages[0].body.splitlines() if x.startswith("**103.5** ")]
    assert line.startswith("**103.5** … To take a **mulligan**, a player shuffles the cards in their hand back into "
                           "their **library**")
    assert ("Once a player chooses not to take a **mulligan**, the remaining cards become that player’s opening hand, "
            "and that player may not take any further **mulligans**.") in line
    assert len(reply.pages[0].body.splitlines()) == 6 and len(reply.pages[0].body) <= 4096


async def test_boros_recruit(fctx):
    reply = await run_answer(fctx, "card", name="Boros Recruit")
    assert reply.pages[0].title == "Boros-Rekrut"


def test_call_chord_of_calling(full):
    proc = call_cli("call", "/karte name: Chord of Calling", db=full[0])
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("== Akkord des Rufes ==")
    assert "[Englischer Text]" in proc.stdout


def test_done_when_through_call(full):
    """The issue's list, exactly as typed: `python -m bot call '/regel suche: …'`."""
    db = full[0]
    out = call_cli("call", "/regel suche: 701.30d", db=db).stdout
    assert out.startswith("== 701.30d — Clash ==\nA player wins a clash if that player revealed a card with a higher "
                          "mana value than all other cards revealed in that clash.")
    assert "Stand 17.04.2026" in out
    out = call_cli("call", "/regel suche: 701.19", db=db).stdout
    # today's 701.19 (regenerate) first, then the article's number with today's (clash, 701.30), its 2007 text as
    # history (until 2026-12-07 the article's meaning led and today's 701.19 was named after it as another rule)
    assert out.startswith("== Regel 701.19 (heute) – Regenerieren · so zitiert 2007, heute 701.30 ==\n"
                          "**Heute: Regel 701.19** – Regenerate _(Comprehensive Rules vom 17.04.2026)_")
    assert "**701.19** ist heute **701.30**" in out
    assert "**Früher** (Fehde (Clash) – Artikel zur Schlüsselwort-Aktion, 2007): Fehden" in out
    # page 2: today's official 701.19; page 3: the 2007 article's German and English 701.19 side by side
    assert call_cli("call", "/regel suche: 701.19", "--page", "2", db=db).stdout.startswith("== 701.19 — Regenerate")
    page3 = call_cli("call", "/regel suche: 701.19", "--page", "3", db=db).stdout
    assert "[701.19c (Deutsch; heute 701.30d)] Ein Spieler gewinnt eine Fehde" in page3
    assert "[701.19c (English; heute 701.30d)]" in page3
    out = call_cli("call", "/regel suche: Mana Value", db=db).stdout
    assert out.startswith("== Mana Value (Glossar) ==") and "[Regel 202.3] The mana value of an object" in out
    out = call_cli("call", "/karte name: Chord of Calling", db=db).stdout
    assert out.startswith("== Akkord des Rufes ==")


def test_rule_autocomplete_offers_cr(full):
    proc = call_cli("complete", "/regel suche", "701.3", db=full[0])
    assert proc.stdout.splitlines()[:2] == ["701.3 Attach", "701.30 Clash"]


async def test_see_also_button_opens_the_official_rule(fctx):
    # 003's entry on shared team turns says "Siehe auch805"; no document quotes 805, the 2026 CR has it
    from bot.answers import run_action

    reply = await run_answer(fctx, "rule", search="103.1")
    labels = [a.label for a in reply.actions]
    assert "Siehe 805" in labels and "Siehe 805 (nicht enthalten)" not in labels
    pressed = await run_action(fctx, "rule", "805")
    assert pressed.pages[0].title == "805 — Shared Team Turns Option"


async def test_110_5d_third_party_explanation_gets_a_terms_note(fctx):
    # 003 (CardX Academy) writes "Nur Permanents haben einen Status, Karten außerhalb des Spiels nicht." for
    # CR 110.5d "Only permanents have status. Cards not on the battlefield do not." German cards print
    # "bleibende Karte" (terms_de_en.tsv, rule 110); "outside the game" is "in no zone" (400.11).
    page = (await official_rule_reply(fctx, "110.5d")).pages[0]
    names = [f.name for f in page.fields]
    assert names[0].startswith("Deutsche Erklärung (") and names[0].endswith("; Wortlaut des Drittanbieters)")
    assert page.fields[0].value.startswith("Nur Permanents haben einen Status, Karten außerhalb des Spiels nicht.")
    assert names[1] == "Begriffe der Erklärung"
    assert page.fields[1].value == (
        "ℹ️ Auf deutschen Karten: „Bleibende Karte“ statt „Permanent“ (110); „nicht auf dem Schlachtfeld“ (englisch "
        "„not on the battlefield“) statt „außerhalb des Spiels“, das in den Regeln „in keiner Zone“ heißt (400.11) "
        "_(Begriffstabelle, Regelnummer von heute)_")
    # 103.1's explanation uses none of the older names: no note.
    first = (await official_rule_reply(fctx, "103.1")).pages[0]
    assert "Begriffe der Erklärung" not in [f.name for f in first.fields]


async def test_an_explanation_saying_im_spiel_gets_the_battlefield_notice(fctx):
    # 003 explains CR 110.1 with „Ein Permanent ist eine Karte oder ein Spielstein im Spiel.“: the same notice as
    # every other answer showing 003's text (bot/answers/today_notes.py: explanation_notice).
    page = (await official_rule_reply(fctx, "110.1")).pages[0]
    german = next(f.value for f in page.fields if f.name.startswith("Deutsche Erklärung ("))
    assert german.startswith("Ein Permanent ist eine Karte oder ein Spielstein im Spiel.")
    note = next(f.value for f in page.fields if f.name == "Begriffe der Erklärung")
    assert note == ("ℹ️ Auf deutschen Karten: „Bleibende Karte“ statt „Permanent“ (110); „auf dem Schlachtfeld / "
                    "aufs Schlachtfeld kommen“ statt „im Spiel / ins Spiel kommen“ (403.1) _(Begriffstabelle, "
                    "Regelnummer von heute)_")


def test_every_passage_of_the_full_store_is_one_with_a_button(full):
    # Every ruling and card of the RAV card file has its own passage (368 rulings, 209 cards the documents do not
    # print), and every key becomes a rb:passage button that reads back as itself (glossary entries with brackets
    # or ’, the term „+1/+1-Marke“, the card file's name with „_“).
    from bot.custom_id import decode, encode_open

    conn = sqlite3.connect(full[0])
    try:
        counts = dict(conn.execute(
            "SELECT p.kind, count(*) FROM passages p JOIN documents d ON d.id = p.document_id"
            " WHERE d.file = ? GROUP BY p.kind", (RAV,)))
        rulings = conn.execute("SELECT count(*) FROM rulings r JOIN documents d ON d.id = r.document_id"
                               " WHERE d.file = ?", (RAV,)).fetchone()[0]
        keys = [k for (k,) in conn.execute("SELECT key FROM passages")]
    finally:
        conn.close()
    assert counts == {"ruling": rulings, "card": 209} and rulings == 368
    for key in keys:
        target = decode(encode_open("passage", key)).target
        assert target is not None and target.arg == key
    assert {"glossary:Bury Obsolete", "glossary:City's Blessing", "term:+1-+1-Marke"} <= set(keys)


async def test_a_question_whose_candidates_are_glossary_entries_answers_with_their_buttons(fctx):
    from bot.answers import run_action
    from bot.render import payload

    reply = await run_answer(fctx, "question", question="casting cost obsolete")
    ids = [c["custom_id"] for row in payload(reply)["components"] for c in row["components"]]
    assert "rb:passage:glossary%3ATotal Casting Cost Obsolete" in ids
    pressed = await run_action(fctx, "passage", "glossary:Total Casting Cost Obsolete")
    assert pressed.pages[0].title == "Total Casting Cost (Obsolete)"
