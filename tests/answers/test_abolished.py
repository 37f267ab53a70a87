"""``/regel suche`` on rules words today's rules abolished or changed: the change register's row (data/changes.toml)
leads, with what the documents said and today's status."""

from __future__ import annotations

from bot.answers import run_answer
from bot.answers.abolished import register_rows
from bot.answers.today_index import today_index
from tests.answers.test_rulings import all_payloads
from tests.test_render import assert_within_limits


async def test_an_abolished_word_no_rule_holds_gets_the_registers_status_not_nichts_gefunden(ctx):
    reply = await run_answer(ctx, "rule", search="Manabrand")
    assert not reply.error
    page = reply.pages[0]
    assert page.title == "„Manabrand“ heute"
    body = page.body
    assert body.startswith("**Manabrand abgeschafft** (seit 11.07.2009)\n**Früher** (Ravnica: Stadt der Gilden")
    assert "Kann der Spieler das Mana nicht verwenden, erleidet er am Ende der Phase Manabrand." in body
    assert ("⚠️ **Heute:** Manabrand gibt es nicht mehr: Nicht verwendetes Mana verschwindet am Ende jedes Segments "
            "und jeder Phase, ohne Lebensverlust. _(Beleg: 106.4") in body
    assert "Tressen aus Feuer" in body  # the register's second row on Manabrand (001:3036)
    assert page.actions and page.actions[0].action == "passage"
    for message in all_payloads(reply):
        assert_within_limits(message)


async def test_an_old_phrase_leads_with_its_row_before_the_zone_it_names(ctx):
    reply = await run_answer(ctx, "rule", search="Kampfschaden auf den Stapel")
    assert reply.pages[0].body.startswith("**Kampfschaden benutzt den Stapel nicht mehr** (seit 11.07.2009)")
    assert "Szadek" in reply.pages[0].body  # 001's ruling that had combat damage on the stack
    assert any(p.title.startswith("Stapel – Regel 405") for p in reply.pages[1:])  # the zone still follows


async def test_a_single_word_of_a_row_asks_for_itself(ctx):
    reply = await run_answer(ctx, "rule", search="Stapel")
    assert reply.pages[0].title.startswith("Stapel – Regel 405")
    assert all(p.title[-5:] != "heute" for p in reply.pages)


async def test_register_rows_need_every_rules_word(ctx):
    index = await today_index(ctx.store)
    assert [r.key for r in register_rows(index, "manabrand")] == ["mana_burn", "mana_burn_braid_of_fire"]
    assert register_rows(index, "Manabrand Kreatur") == []
    assert register_rows(index, "auf den") == []
    assert register_rows(index, "Stapel", min_words=2) == []
