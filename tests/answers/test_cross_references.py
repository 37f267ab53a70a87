"""A cross reference's button (a document's „Siehe …“) opens a rule the store answers, or says on the button that
the store holds no text of it („(nicht enthalten)“): never a plain label over a page that has nothing."""

from __future__ import annotations

from bot.answers import run_action, run_answer
from bot.answers.eras import MISSING, document_see_also, held_number, see_also_actions
from bot.rule_catalog import catalog


def _ravnica(cat):
    return next(q.document for q in cat.quoted if q.number == "502.32a")  # the Ravnica FAQ (001): Einberufen


async def test_every_see_also_button_opens_a_rule_or_says_it_is_missing(ctx):
    cat = await catalog(ctx.store)
    buttons = [a for e in cat.explanations for a in see_also_actions(cat, e.see_also)]
    for q in (q for q in cat.quoted if q.see_also):
        buttons += await document_see_also(ctx, q.document, cat, q.see_also)
    assert len(buttons) > 50  # 003's „Siehe auch“ lists and the Ravnica FAQ's 203.2e
    for button in buttons:
        page = (await run_action(ctx, button.action, button.arg)).pages[0]
        missing = ": nicht enthalten" in page.title  # „Regel 805: nicht enthalten“, „Regel 904: nicht enthalten – …“
        assert button.label.endswith(MISSING) == missing, (button, page.title)


async def test_an_uncertain_number_is_no_rule_the_store_holds(ctx):
    # 003's entry 134 is only guessed to be 104.3e (data/explanations_numbers.tsv: uncertain)
    cat = await catalog(ctx.store)
    assert not held_number(cat, "104.3e")
    assert [a.label for a in see_also_actions(cat, ["104.3e", "107.3", "805"])] == [
        "Siehe 104.3e (nicht enthalten)", "Siehe 107.3", "Siehe 805 (nicht enthalten)"]


async def test_a_number_a_document_cites_is_dated_not_missing(ctx):
    # 001's 502.32a (Einberufen) refers to „den Regeln 409.1b und 409.1f-h“ of 2005, today 601.2b: no rule text of
    # 409.1b is in the store, but its page shows what the FAQ meant and today's 601.2b
    cat = await catalog(ctx.store)
    [button] = await document_see_also(ctx, _ravnica(cat), cat, ["409.1b"])
    assert button.label == "Siehe 409.1b (2005, heute 601.2b)"
    page = (await run_action(ctx, button.action, button.arg)).pages[0]
    assert page.title == "Regel 409.1b (so zitiert) – heute 601.2b"


async def test_a_number_no_document_cites_keeps_its_note(ctx):
    cat = await catalog(ctx.store)
    [button] = await document_see_also(ctx, _ravnica(cat), cat, ["805"])
    assert button.label == "Siehe 805 (nicht enthalten)"


async def test_the_rules_a_quoted_rule_cites_in_its_text_are_buttons(ctx):
    # 001's 502.32a (Einberufen): „… folgt den Regeln für das Bezahlen zusätzlicher Kosten in den Regeln 409.1b und
    # 409.1f-h.“ — each rule of the range a button, as 203.2e's „Siehe auch Regel 104.3“ is; the register maps them
    # to 601.2b, 601.2f–h
    cat = await catalog(ctx.store)
    einberufen = next(q for q in cat.quoted if q.number == "502.32a")
    assert "in den Regeln 409.1b und 409.1f-h." in einberufen.text
    assert einberufen.see_also == ["409.1b", "409.1f", "409.1g", "409.1h"]
    assert next(q for q in cat.quoted if q.number == "203.2e").see_also == ["104.3"]
    reply = await run_answer(ctx, "rule", search="502.32a")
    labels = [a.label for a in reply.actions]
    assert labels[-4:] == ["Siehe 409.1b (2005, heute 601.2b)", "Siehe 409.1f (2005, heute 601.2f)",
                           "Siehe 409.1g (2005, heute 601.2g)", "Siehe 409.1h (2005, heute 601.2h)"]
    assert "in den Regeln 409.1b und 409.1f-h." in reply.pages[1].body  # the FAQ's wording, page 2
