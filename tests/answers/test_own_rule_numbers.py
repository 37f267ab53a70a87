"""A rule number is answered with its own rule in every answer path (``/regel suche``, its autocomplete, the
``rb:rule:`` buttons, ``/frage``): never with another rule a document prints nearby. The Ravnica FAQ (001,
30.08.2005) prints 104.3 „Die Manasymbole sind …“ (a rule with text of its own), then 104.3f and 203.2e (the hybrid
colour rule, today 202.2d); 104.3e is none of them: the German rules explanation's entry 134 „Ein Effekt kann
festlegen, dass ein Spieler die Partie verliert.“ (data/explanations_numbers.tsv: 104.3e, uncertain)."""

from __future__ import annotations

import re

from bot.answers import run_action, run_answer, run_completer
from bot.answers.questions import HEDGE_LINE
from bot.answers.rules import rule_queries
from bot.rule_catalog import catalog, printed_under

LOSES = "Ein Effekt kann festlegen, dass ein Spieler die Partie verliert."
LOSES_TITLE = "Erklärung, vermutlich Regel 104.3e"
LOSES_CHOICE = f"104.3e (vermutlich) – {LOSES}"


async def test_104_3e_is_003_s_entry_not_the_faq_s_203_2e(ctx):
    reply = await run_answer(ctx, "rule", search="104.3e")
    assert reply.pages[0].title == LOSES_TITLE and reply.pages[0].body.startswith(LOSES)
    assert not any("203.2e" in p.title for p in reply.pages)
    pressed = await run_action(ctx, "rule", "104.3e")
    assert pressed.pages[0].title == LOSES_TITLE
    asked = await run_answer(ctx, "question", question="was sagt regel 104.3e")
    body = asked.pages[0].body
    assert LOSES in body and "_Schlüssel: 003:134_" in body and HEDGE_LINE not in body


async def test_the_autocomplete_offers_an_uncertain_number_as_the_answer_names_it(ctx):
    listed = [c.name for c in await run_completer(ctx, rule_queries, "104.3")]
    assert listed.index(LOSES_CHOICE) == listed.index("104.3d – Hat ein Spieler zehn oder mehr Giftmarken, verliert "
                                                      "er die Partie, sobald das nächste Mal …") + 1
    assert [(c.name, c.value) for c in await run_completer(ctx, rule_queries, "104.3e")] == [(LOSES_CHOICE, "104.3e")]


async def test_only_a_pure_heading_has_rules_printed_under_it(ctx):
    """A rule with text of its own (104.3 „Die Manasymbole sind …“) has no rules printed under it, so no number is
    read as a misprint of another (104.3e as 203.2e); the heading 502.46 „Einberufen“ keeps its 502.32a."""
    cat = await catalog(ctx.store)
    assert all(printed_under(cat, q) == [] for q in cat.quoted if q.text)
    heading = next(q for q in cat.quoted if q.number == "502.46")
    assert [q.number for q in printed_under(cat, heading)] == ["502.32a", "502.46b", "502.46c"]


async def test_a_document_s_cross_reference_opens_what_the_document_meant(ctx):
    """001's 203.2e (line 40) ends „Siehe 104.3“: the FAQ's 104.3, the mana symbols of 2005 (001 line 35, today
    107.4), not today's 104.3 „Partie verlieren“; its button opens the FAQ's own rule and says so."""
    reply = await run_answer(ctx, "rule", search="203.2e")
    see = [a for a in reply.actions if a.label.startswith("Siehe 104.3")]
    assert [(a.label, a.action, a.arg) for a in see] == [("Siehe 104.3 (2005, heute 107.4)", "passage", "001:35")]
    opened = await run_action(ctx, "passage", "001:35")
    assert opened.pages[0].title == "Regel 104.3" and "Die Manasymbole sind {W}, {U}, {B}" in opened.pages[0].body
    assert "(heute 107.4; Regel, wie im Dokument gedruckt)" in opened.pages[0].body


async def test_a_search_hit_s_button_opens_the_document_s_rule_of_its_number(ctx):
    """The search's button of the FAQ's 104.3 among its hits is its own text, as the hit's block shows it."""
    reply = await run_answer(ctx, "rule", search="Zahlensymbole Manasymbole W U B R G X Y Z")
    assert ("Regel 104.3 (2005, heute 107.4)", "passage", "001:35") in [(a.label, a.action, a.arg)
                                                                        for a in reply.actions]
    assert not any(a.action == "rule" and a.arg == "104.3" for a in reply.actions)


async def test_the_autocomplete_names_what_the_answer_to_701_19a_leads_with(ctx):
    """The clash article (2007) prints 701.19a–c for clash (today 701.30); today's 701.19a is regenerate („If the
    effect of a resolving spell or ability regenerates a permanent, …“, CR 17.04.2026), and the answer leads with it:
    so does the offer (until 2026-12-07 „701.19a (heute 701.30a) – Um zu fehden …“)."""
    offered = {c.value: c.name for c in await run_completer(ctx, rule_queries, "701.19")}
    assert offered["701.19a"] == ("701.19a (heute; so zitiert 2007: 701.30a) – If the effect of a resolving spell or "
                                  "ability regenerat…")
    reply = await run_answer(ctx, "rule", search="701.19a")
    assert reply.pages[0].title.startswith("Regel 701.19a (heute)")
    assert reply.pages[0].body.startswith("**Heute: Regel 701.19a** – If the effect of a resolving spell or ability "
                                          "regenerates a permanent")


async def test_every_cited_number_is_offered_as_its_answer_reads_it(ctx):
    """Each number a document cites: offered „(heute; so zitiert 2005: 107.4) – …“ exactly when its answer leads with
    today's rule of that number and names the document's sense after it („Regel 104.3 (heute) – Partie verlieren ·
    so zitiert 2005, heute 107.4“: the year and today's number the same), else with today's number of the
    document's rule as the answer's title names it („502.46 (heute 702.51) – Einberufen“, „Regel 502.46 (so
    zitiert) – heute 702.51“). Until 2026-12-07 evening „104.3f (heute) – Würde ein Spieler …“ did not say that the
    Ravnica FAQ cites 104.3f for the hybrid mana symbols (today 107.4e)."""
    from bot.answers.eras import era_index

    for number in sorted((await era_index(ctx)).cited):
        offered = {c.value: c.name for c in await run_completer(ctx, rule_queries, number)}
        if number not in offered:
            continue
        title = (await run_answer(ctx, "rule", search=number)).pages[0].title
        leads = offered[number].startswith((f"{number} (heute)", f"{number} (heute;"))
        assert leads == title.startswith(f"Regel {number} (heute)"), (
            number, offered[number], title)
        if (marked := re.match(rf"{re.escape(number)} \(heute; so zitiert ([0-9/]+): ([0-9.a-z]+)\) – ",
                               offered[number])) is not None:
            assert title.endswith(f" · so zitiert {marked[1]}, heute {marked[2]}"), (number, offered[number], title)
        else:
            assert not leads, (number, offered[number])  # today's rule leads: the documents' sense is marked too
    offered = {c.value: c.name for c in await run_completer(ctx, rule_queries, "104.3f")}
    assert offered["104.3f"].startswith("104.3f (heute; so zitiert 2005: 107.4e) – Würde ein Spieler die Partie ")


async def test_frage_shows_one_half_of_a_rule_printed_in_two_languages(ctx):
    """The clash article prints 701.19 as „Fehden“ (000:3) and „Clash“ (000:31): one rule, one place among /frage's
    further candidates (until 2026-12-07 places 2 and 3 were both „Regel 701.19 (heute 701.30)“)."""
    reply = await run_answer(ctx, "question", question="regel 701.19")
    assert "_Schlüssel: term:Regenerieren_" in reply.pages[0].body
    named = [f.name for f in reply.pages[0].fields if "Regel 701.19 (heute 701.30)" in f.name]
    assert len(named) == 1 and named[0].startswith("2. ")
    keys = [a.arg for a in reply.actions if a.action == "passage"]
    assert len({"000:3", "000:31"} & set(keys)) == 1 and len(keys) == len(reply.pages[0].fields)


async def test_a_zero_width_space_inside_a_number_is_dropped(ctx):
    """A zero-width space separates words only between two letters (README: `was\\u200bmacht spuk` is `was macht
    spuk`); inside a number it is dropped as the other invisible characters are: „7\\u200b01.19“ is 701.19 (until
    2026-12-07 „„01.19“ ist keine gültige Regelnummer“ and a search for „7“), as „104\\u200b.3“ is 104.3."""
    from bot.text import clean

    assert clean("7\u200b01.19") == "701.19" and clean("104.3\u200bf") == "104.3f"
    assert clean("was\u200bmacht spuk") == "was macht spuk"
    for typed, number in (("7\u200b01.19", "701.19"), ("104\u200b.3", "104.3"), ("104.3\u200be", "104.3e")):
        reply = await run_answer(ctx, "rule", search=typed)
        assert reply.pages[0].title == (await run_answer(ctx, "rule", search=number)).pages[0].title
        assert reply.pages[0].title.startswith(("Regel " + number, "Erklärung, vermutlich Regel " + number))
    asked = await run_answer(ctx, "question", question="was sagt regel 7\u200b01.19")
    assert "_Schlüssel: term:Regenerieren_" in asked.pages[0].body


async def test_today_s_page_opens_the_old_numbers_as_their_documents_meant_them(ctx):
    """701.30 (clash today): the clash article's 701.19–701.19c are its buttons; each opens the article's rule
    (000:3 „Fehden“, …), not today's 701.19 „Regenerieren“ (until 2026-12-07 „Regel 701.19 (so zitiert)“ →
    rb:rule:701.19, led by regenerate)."""
    reply = await run_action(ctx, "rule", "701.30")
    assert reply.pages[0].title == "Regel 701.30 (heute) – Fehde"
    olds = [(a.label, a.action, a.arg) for a in reply.actions if a.label.startswith("Regel 701.19")]
    assert olds[0] == ("Regel 701.19 (2007, heute 701.30)", "passage", "000:3")
    assert olds[3] == ("Regel 701.19c (2007, heute 701.30d)", "passage", "000:9")
    opened = await run_action(ctx, "passage", "000:9")
    assert "Ein Spieler gewinnt eine Fehde, wenn der Spieler eine Karte" in opened.pages[0].body
