"""No answer shows a text of the rules explanation 003 with an older term without the term notice.

003 (CardX Academy, current rules) still writes „im Spiel“, „ins Spiel“, „aus dem Spiel“ and „das Spiel
verlassen“ for the battlefield, and „Permanent“ for the bleibende Karte. Every answer that shows 003's text — the
explanation's page (``/regel`` by number, its button ``rb:rulex``), the hits of ``/regel suche``, the passage of
``/frage`` (button ``rb:passage``), the list of explanations mentioning a rule no document prints — puts the one
notice of :func:`bot.answers.today_notes.explanation_notice` under the text it shows. „von außerhalb des Spiels ins
Spiel“ is into the game (400.11b), not onto the battlefield: no battlefield notice there.
"""

from __future__ import annotations

import re

from bot.answers import run_action, run_answer
from bot.rule_catalog import catalog

PERMANENT = "„Bleibende Karte“ statt „Permanent“ (110)"
BATTLEFIELD = "„auf dem Schlachtfeld / aufs Schlachtfeld kommen“ statt „im Spiel / ins Spiel kommen“ (403.1)"
#: the words of 003 for the battlefield, written out here apart from the code's pattern
_OLD = ("im Spiel", "ins Spiel", "aus dem Spiel", "das Spiel verlassen", "Im Spiel")


def battlefield_words(text: str) -> bool:
    """True when ``text`` (bold marks and line breaks removed) says the battlefield in 003's old words."""
    plain = " ".join(text.replace("**", "").split())
    plain = plain.replace("außerhalb des Spiels ins Spiel", "")
    return any(re.search(re.escape(w) + r"(?![\w])", plain) for w in _OLD)


async def explanations_with_old_words(ctx) -> list:
    cat = await catalog(ctx.store)
    found = [e for e in cat.explanations if battlefield_words("\n".join([e.text, *e.examples]))]
    assert len(found) >= 15  # 003 lines 100, 317, 323, 341–363, 370, 414, 422, 426 …
    return found


def block_of(body: str, piece: str) -> str:
    """The paragraph group of ``body`` (blocks split at blank lines) that holds ``piece``."""
    blocks = body.split("\n\n")
    return next(b for b in blocks if piece in b)


async def test_the_explanation_page_and_its_button_carry_the_notice(ctx):
    """``rb:rulex:<id>`` and ``/regel <number>`` for every explanation saying the battlefield in old words."""
    checked = 0
    for e in await explanations_with_old_words(ctx):
        body = (await run_action(ctx, "rulex", str(e.id))).pages[0].body
        assert BATTLEFIELD in body, e.label
        if e.shown_number:
            reply = await run_answer(ctx, "rule", search=e.shown_number)
            page = next(p for p in reply.pages if e.text[:40] in p.body)
            assert BATTLEFIELD in page.body, e.label
            checked += 1
    assert checked >= 10
    # real values: 110.1 (003:341) names both old terms in one notice
    first = (await run_answer(ctx, "rule", search="110.1")).pages[0].body
    assert first.startswith("Ein Permanent ist eine Karte oder ein Spielstein im Spiel.")
    assert f"ℹ️ Auf deutschen Karten: {PERMANENT}; {BATTLEFIELD} _(Begriffstabelle, Regelnummer von heute)_" in first


async def test_the_question_passages_carry_the_notice(ctx, store):
    """``rb:passage:003:<line>`` (the whole passage of ``/frage``) for every such explanation."""
    rows = await store.fetchall("SELECT key, text FROM passages WHERE kind = 'explanation' ORDER BY id")
    old = [(key, text) for key, text in rows if battlefield_words(text)]
    assert len(old) >= 15
    for key, _text in old:
        body = (await run_action(ctx, "passage", key)).pages[0].body
        assert BATTLEFIELD in body, key


async def test_rule_search_hits_carry_the_notice_under_the_text_they_show(ctx):
    """``/regel suche`` with words of each explanation: every hit block whose shown sentence says the battlefield
    in old words has the notice in the same block or, once per page, in an earlier block of the page; a block
    about „außerhalb des Spiels ins Spiel“ has none."""
    blocks_seen = 0
    queries = [" ".join(e.text.split()[:8]) for e in (await explanations_with_old_words(ctx))]
    queries += ["Besitzer außerhalb des Spiels", "Spielstein das Spiel verlassen", "Permanent im Spiel Zone"]
    for query in queries:
        reply = await run_answer(ctx, "rule", search=query)
        if reply.error:
            continue
        for page in reply.pages:
            noted = False
            for block in page.body.split("\n\n"):
                if "(Erklärung" not in block.split("\n")[0] and "Erklärung, vermutlich" not in block.split("\n")[0]:
                    continue
                shown = "\n".join(line for line in block.split("\n")[1:] if not line.startswith("ℹ️"))
                if battlefield_words(shown):
                    assert BATTLEFIELD in block or noted, (query, block)
                    noted = True
                    blocks_seen += 1
                else:
                    assert BATTLEFIELD not in block, (query, block)
    assert blocks_seen >= 10


async def test_into_the_game_is_not_the_battlefield(ctx):
    """003 108.3 „Wurde die Karte von außerhalb des Spiels ins Spiel gebracht“ and 108.3b: into the game (400.11b),
    so no battlefield notice; 111.8 (003:426) „Ein Spielstein, der das Spiel verlassen hat“ is the battlefield."""
    cat = await catalog(ctx.store)
    into = [e for e in cat.explanations if "außerhalb des Spiels ins Spiel" in e.text]
    assert len(into) >= 2
    for e in into:
        body = (await run_action(ctx, "rulex", str(e.id))).pages[0].body
        assert BATTLEFIELD not in body, e.label
    left = next(e for e in cat.explanations if e.text.startswith("Ein Spielstein, der das Spiel verlassen hat"))
    assert BATTLEFIELD in (await run_action(ctx, "rulex", str(left.id))).pages[0].body


async def test_the_list_of_explanations_mentioning_a_rule_carries_the_notice(ctx):
    """A rule no document prints but 003 mentions (its „Siehe auch“): the list of those explanations shows each
    start with the notice of that start."""
    cat = await catalog(ctx.store)
    printed = cat.numbers()
    mentioned = sorted({n for e in cat.explanations for n in e.see_also} - printed)
    seen = 0
    for number in mentioned:
        reply = await run_answer(ctx, "rule", search=number)
        body = reply.pages[0].body
        if reply.error or "Der Wortlaut von Regel" not in body:
            continue
        # the explanations' list, after the rule's term (701.6: Neutralisieren) and before its uses, which carry
        # their notices as the term's page does
        for item in body.split("\n\n")[0].split("\n• ")[1:]:
            first, *rest = item.split("\n")
            if battlefield_words(first):
                assert any(BATTLEFIELD in line for line in rest), (number, first)
                seen += 1
    assert seen >= 1
