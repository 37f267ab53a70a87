"""Rows "zu prüfen" in every answer (bot/answers/today.py, today_index.py): the store is built with a rules file
newer than the change register's basis (2026-08-01, tests/importer/newer_rules.py) in which 702.51a (convoke) has
a new text, 709.4a (naming a split card) moved to 709.4f and 106.4 (the mana pool empties) is gone.

Every entry of the register rows citing one of them is walked through every answer that shows it: a card's
rulings (``/ruling karte``, the rulings button, ``[[Karte|rulings]]``), ``/ruling suche``, ``/mechanik``, ``/karte``
and the message command for a card with a changed ruling; then ``/regel`` by number (today's, moved, gone, the
document's old number 502.32a), the term page of ``Manavorrat`` and the calculators. Each page that shows such
an entry carries its review line and the new official text; no page shows the register's old quote of 702.51a
or 106.4, nor 709.4a as today's number of its text. ``/frage`` shows passages through the same functions
(``status_text``, ``heute_block``), checked directly and through the command and its passage buttons.
"""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.answers import AnswerContext, run_action, run_answer
from bot.answers.calc_words import cr_numbers
from bot.answers.chat import explain_message, inline_replies
from bot.answers.today import PageNotes, heute_block, status_text, terms_notice
from bot.answers.today_index import quote_line, today_index
from bot.importer.changes import read_register
from bot.model import review_notice
from bot.page_fit import fit_reply
from bot.reply import Reply
from bot.rules.cite import Reason
from bot.search import NameIndex
from bot.store import Store
from tests.answers.test_today_everywhere import own_pieces, plain
from tests.importer.newer_rules import CONVOKE_NEW, CONVOKE_OLD

#: The register's old quotes that must never be shown as today's (folded like :func:`plain`).
OLD_QUOTES = (CONVOKE_OLD, "mana pool empties at the end of each step and phase")
#: What shows the new official text of each rule: its new wording, its new number as a quote's head.
NEW_TEXT = {"702.51a": CONVOKE_NEW, "709.4a": "709.4f"}
#: The register rows citing the three rules (tests/importer/test_review.py), with the rule each rests on.
ROWS = {"convoke": "702.51a", "convoke_pays": "702.51a", "split_naming": "709.4a", "split_same_name": "709.4a",
        "split_2017_naming": "709.4a", "mana_burn": "106.4", "mana_burn_braid_of_fire": "106.4",
        "mana_pool_step": "106.4"}


@pytest.fixture
async def newer(newer_db: Path) -> AsyncIterator[AnswerContext]:
    store = await Store.open(newer_db)
    try:
        yield AnswerContext(store=store, names=NameIndex.from_entries(await store.name_entries()))
    finally:
        await store.close()


def page_texts(reply: Reply) -> list[str]:
    """Every page of ``reply`` as the user reads it (title, description, fields), markup removed."""
    return [plain("\n".join([p.title, p.body, *(f"{f.name}\n{f.value}" for f in p.fields)])) for p in fit_reply(reply)]


def assert_no_old_quote(reply: Reply, where: str) -> None:
    for text in page_texts(reply):
        for old in OLD_QUOTES:
            assert old not in text, (where, "old quote shown", old)
        assert "> 709.4a " not in text, (where, "709.4a quoted as today's")


def assert_reviewed(text: str, rule: str, where: tuple) -> None:
    """The page ``text`` says that rule ``rule`` changed and the German statement was not reviewed, and shows
    the rule's new official text (a rule that is gone has none)."""
    line = {"702.51a": "Regel 702.51a wurde geändert", "709.4a": "Regel 709.4a heißt jetzt 709.4f",
            "106.4": "Regel 106.4 gibt es nicht mehr"}[rule]
    assert line in text, (*where, "no review line")
    assert "beruht auf den Regeln vom 17.04.2026 und wurde seitdem nicht geprüft" in text, (*where, "no basis")
    if rule in NEW_TEXT:
        assert plain(NEW_TEXT[rule]) in text, (*where, "no new text")


async def entries(ctx: AnswerContext) -> list[tuple[str, str, int]]:
    """``(row key, entry kind, entry id)`` of every entry the rows under review name."""
    keys = ",".join("?" * len(ROWS))
    return [(k, kind, int(i)) for k, kind, i in await ctx.store.fetchall(
        f"SELECT key, entry_kind, entry_id FROM change_entries WHERE key IN ({keys}) ORDER BY rowid", tuple(ROWS))]


async def answers_showing(ctx: AnswerContext, kind: str, entry_id: int) -> list[tuple[str, Reply, str]]:
    """Every answer that shows the entry: its card's rulings (three ways), its section, a search for its words
    (with the words, which the search's heading repeats)."""
    if kind == "mechanic":
        return [("mechanic", await run_action(ctx, "mechanic", str(entry_id)), "")]
    row = await ctx.store.fetchone("SELECT text, card_id, mechanic_id FROM rulings WHERE id = ?", (entry_id,))
    text, card_id, mechanic_id = row
    out = []
    if card_id is not None:
        name = ctx.names.card_names[card_id]
        out += [("rulings", await run_action(ctx, "rulings", str(card_id)), ""),
                ("/ruling karte", await run_answer(ctx, "ruling", card=name), ""),
                ("[[…|rulings]]", (await inline_replies(ctx, f"[[{name}|rulings]]"))[0], "")]
    if mechanic_id is not None:
        out.append(("mechanic", await run_action(ctx, "mechanic", str(mechanic_id)), ""))
    words = " ".join(plain(text).split()[1:6])
    out.append(("search", await run_answer(ctx, "ruling", search=words), words))
    return out


async def test_every_entry_under_review_shows_the_new_text_and_the_review_line(newer: AnswerContext):
    """A page shows an entry when it has its row's German "Heute" statement or two pieces only that ruling's text
    has; every such page has the review line and the new text."""
    pieces = await own_pieces(newer.store)
    index = await today_index(newer.store)
    walked = 0
    for key, kind, entry_id in await entries(newer):
        statement = plain(index.changes[key].today)[:60]
        own = pieces.get(entry_id, set()) if kind == "ruling" else set()
        for where, reply, words in await answers_showing(newer, kind, entry_id):
            assert_no_old_quote(reply, where)
            for text in page_texts(reply):
                shown = text.replace(f"„{words}“", "") if words else text  # the search's heading echoes them
                if statement in text or sum(p in shown for p in own) >= 2:
                    assert_reviewed(text, ROWS[key], (where, key, entry_id))
                    walked += 1
    print(f"\npages showing an entry under review: {walked}")
    assert walked >= 40


async def test_a_card_with_a_changed_ruling_and_the_message_command(newer: AnswerContext):
    card = await run_answer(newer, "card", name="Tressen aus Feuer")
    (page,) = page_texts(card)
    assert "Heute geändert (laut Rulings der Karte)" in page
    assert_reviewed(page, "106.4", ("/karte",))
    assert_no_old_quote(card, "/karte")
    explained = await explain_message(newer, "Was macht [[Tressen aus Feuer]] heute?")
    assert_reviewed(page_texts(explained)[0], "106.4", ("Karten erklären",))


@pytest.mark.parametrize(("query", "rule"), [
    ("702.51a", "702.51a"),  # today's number: the official new text, then the review line
    ("709.4a", "709.4a"),  # moved: under its new number
    ("709.4f", "709.4a"),  # the new number names what moved there
    ("106.4", "106.4"),  # gone
    ("502.32a", "702.51a"),  # the Ravnica FAQ's number of the convoke rule (a [[number]] row)
    ("Manavorrat", "106.4"),  # a German term whose rule is gone
    ("Einberufen", "702.51a"),  # a term page of a changed rule
])
async def test_regel_shows_the_new_text_and_the_review_line_on_its_first_page(newer: AnswerContext, query, rule):
    reply = await run_answer(newer, "rule", search=query)
    assert_no_old_quote(reply, query)
    first = page_texts(reply)[0]
    assert "nicht geprüft" in first, query
    assert_reviewed("\n".join(page_texts(reply)[:3]), rule, ("/regel", query))


async def test_regel_of_a_moved_rule_says_where_it_is_now(newer: AnswerContext):
    reply = await run_answer(newer, "rule", search="709.4a")
    body = reply.pages[0].body
    assert body.startswith("**709.4a** heißt in den Comprehensive Rules vom 01.08.2026 **709.4f**: Each split card")
    assert "Betrifft: Eine geteilte Karte benennen; Gleicher Name bei geteilten Karten (Narrenszepter); Einen " \
           "Namen einer geteilten Karte wählen (Ruling von 2017)" in body


async def test_mechanik_einberufen_heute_block(newer: AnswerContext):
    reply = await run_answer(newer, "mechanic", name="Einberufen")
    body = reply.pages[0].body
    assert body.startswith("🔎 **Heute:** Einberufen ist heute Regel 702.51")
    lines = body.split("\n")
    assert lines[1] == ("⚠️ Regel 702.51a wurde geändert (Comprehensive Rules vom 01.08.2026); die deutsche "
                        "„Heute“-Aussage beruht auf den Regeln vom 17.04.2026 und wurde seitdem nicht geprüft.")
    assert lines[2].startswith("> **702.51a** _(Comprehensive Rules vom 01.08.2026)_ Convoke is a static ability")
    assert CONVOKE_NEW in lines[2]
    assert lines[3].startswith("> **702.51b** The convoke ability isn’t an additional")  # unchanged: as quoted


async def test_the_functions_frage_shows_passages_with(newer: AnswerContext):
    """``/frage`` (branch frage) shows a ruling through ``status_text`` and a section through ``heute_block``."""
    index = await today_index(newer.store)
    for key, kind, entry_id in await entries(newer):
        if kind == "mechanic":
            text = heute_block(index, kind, entry_id)
        else:
            text = status_text(index, kind, entry_id, "Text des Rulings", notes=PageNotes(index, [(kind, entry_id)]))
        assert_reviewed(plain(text), ROWS[key], ("status_text", key, entry_id))
        assert text.index("nicht geprüft") < (text.find("Text des Rulings") % (len(text) + 1))


async def test_frage_shows_the_review_for_a_passage_under_review(newer: AnswerContext):
    """``/frage`` (bot/answers/questions.py) on a question whose best passage rests on the gone 106.4, and the
    passage buttons of entries resting on the changed 702.51a and the moved 709.4a."""
    reply = await run_answer(newer, "question", question="Verursacht übriges Mana Manabrand?")
    assert_no_old_quote(reply, "/frage")
    first = reply.pages[0].body
    assert "Ruling zu **Grundlegende Resonanz**" in first and "· 🔎 zu prüfen" in first
    assert_reviewed(page_texts(reply)[0], "106.4", ("/frage",))
    for key, rule in (("001:78", "702.51a"), ("001:2063", "709.4a"), ("001:58", "702.51a")):
        opened = await run_action(newer, "passage", key)
        assert_no_old_quote(opened, key)
        assert "🔎 zu prüfen" in opened.pages[0].body, key
        assert_reviewed(page_texts(opened)[0], rule, ("passage", key))


async def test_a_calculator_marks_its_changed_rule_and_quotes_the_new_text(newer: AnswerContext):
    reply = await run_answer(newer, "mana_convoke", cost="{3}{G}{G}", creatures="grün, weiß")
    fields = {f.name: f.value for p in reply.pages for f in p.fields}
    rules = fields["Regeln (Comprehensive Rules, 01.08.2026)"]
    assert [ln.endswith("🔎") for ln in rules.split("\n")] == [True, False, False]  # 702.51a; 702.51b, 202.3
    review = fields["🔎 Zu prüfen (Comprehensive Rules, 01.08.2026)"]
    assert review.startswith("⚠️ Regel 702.51a wurde geändert (Comprehensive Rules vom 01.08.2026)")
    assert CONVOKE_NEW in review
    assert_no_old_quote(reply, "/mana einberufen")
    other = await run_answer(newer, "mana_info", cost="{2/W}{G/W}")
    assert not any("Zu prüfen" in f.name or "🔎" in f.value for p in other.pages for f in p.fields)


def test_every_rule_the_calculators_cite_is_quoted_in_the_register():
    """So every ``build --cr`` checks it against the newest rules (bot/importer/review.py: a quote no row cites
    is a row ``rule`` of its own)."""
    quoted = read_register().cr
    cited = {n for reason in Reason for n in cr_numbers(reason)}
    assert len(cited) == 27
    assert sorted(cited - set(quoted)) == []


async def test_the_basis_store_shows_no_review(ctx: AnswerContext):
    index = await today_index(ctx.store)
    assert index.reviews == {} and index.rule_reviews == {}
    reply = await run_answer(ctx, "mechanic", name="Einberufen")
    assert reply.pages[0].body.startswith("⚠️ **Heute:** Einberufen ist heute Regel 702.51")
    assert "nicht geprüft" not in reply.pages[0].body
    assert review_notice([]) == ""


async def test_a_term_row_under_review_shows_the_review_block_of_a_changed_row(newer: AnswerContext):
    """A term row whose rule changed ("zu prüfen") carries, under its evidence, the same review line and new
    official text as a register row resting on that rule (the one review block of bot/answers/today.py)."""
    index = await today_index(newer.store)
    reviews = index.reviews[("change", "convoke")]
    term = next(iter(index.terms.values()))
    under_review = dataclasses.replace(index, reviews={**index.reviews, ("term", term.key): reviews})
    lines = terms_notice(under_review, [term]).splitlines()
    assert lines[1:] == [review_notice(reviews), quote_line(index, "702.51a")]
    assert CONVOKE_NEW in plain(lines[-1])
    assert terms_notice(index, [term]).count("\n") == 0  # not under review: the evidence alone


async def test_a_printed_keyword_under_review_is_marked_as_under_review(newer: AnswerContext):
    """Einberufen's rows rest on 702.51a, which changed: the card's keyword field carries 🔎 and the review line."""
    page = (await run_answer(newer, "card", name="Konklavenequidonaut")).pages[0]
    field = next(f for f in page.fields if f.name.endswith("Einberufen: gedruckter Erinnerungstext heute überholt"))
    assert field.name.startswith("🔎 ") and field.value.startswith("🔎 **Heute:** ")
    assert "wurde seitdem nicht geprüft" in field.value
