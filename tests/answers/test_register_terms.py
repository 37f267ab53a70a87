"""A term no document prints but the change register's statements name (bot/answers/register_terms.py): Mahlen
(Mill, 701.17) is in no document; the register's notes on 001's Ausgraben (section „Ausgraben“, rule 502.47a) say
„heute mit „millen““. ``/frage``, ``/regel suche`` and ``/ruling suche`` point to these notes instead of denying
that the bot holds anything on it."""

from __future__ import annotations

from bot.answers import run_answer
from bot.answers.register_terms import register_mentions
from bot.terms import term_index

#: data/changes.toml, row keyword_dredge: today's statement on 001's Ausgraben
DREDGE = ("Die Regel steht heute unter 702.52 (damals 502.47); Inhalt unverändert, heute mit „millen“ statt „auf den "
          "Friedhof legen“.")


async def test_the_register_notes_naming_a_term_are_found(ctx):
    mill = term_index().lookup("Mill")
    assert mill is not None
    mentions = await register_mentions(ctx.store, mill.term)
    assert [(m.where, m.text) for m in mentions] == [
        ("Abschnitt „Ausgraben“", DREDGE),
        ("Regel 502.47a (Ravnica: Stadt der Gilden – Häufig gestellte Fragen, heute 702.52a)", "Heute „millen“."),
    ]
    assert mentions[0].action is not None and mentions[0].action.action == "mechanic"
    kaskade = term_index().lookup("Kaskade")
    assert kaskade is not None and await register_mentions(ctx.store, kaskade.term) == []  # named by no note
    # the register's „(Leere)“ is 001's card (data/terms_documents.tsv), not Devoid
    devoid = term_index().lookup("Devoid")
    assert devoid is not None and await register_mentions(ctx.store, devoid.term) == []


async def test_frage_points_to_the_notes(ctx):
    body = (await run_answer(ctx, "question", question="was bedeutet millen")).pages[0].body
    assert "🚫" not in body
    assert body.startswith("Frage: „was bedeutet millen“\nℹ️ **Mahlen** (englisch *Mill*, Regel 701.17) steht in keinem "
                           "Dokument des Bots, nur in seinen Hinweisen: zu Abschnitt „Ausgraben“: „Die Regel steht "
                           "heute unter 702.52")


async def test_regel_suche_lists_the_notes(ctx):
    reply = await run_answer(ctx, "rule", search="millen")
    body = "\n".join(p.body for p in reply.pages)
    assert "die Hinweise des Bots nennen ihn:\n• Hinweis zu Abschnitt „Ausgraben“: " + DREDGE in body
    assert "• Hinweis zu Regel 502.47a" in body
    assert "Mechanik: Ausgraben" in [a.label for a in reply.actions]


async def test_ruling_suche_lists_the_notes_not_nothing_found(ctx):
    reply = await run_answer(ctx, "ruling", search="millen")
    assert reply.error and reply.pages[0].title == "Kein Ruling zu „millen“"
    body = reply.pages[0].body
    assert "**Mahlen** (englisch *Mill*, Regel 701.17)" in body and DREDGE in body
    assert [a.label for a in reply.actions] == ["Mechanik: Ausgraben"]


async def test_ruling_suche_says_a_rule_uses_a_term_no_ruling_does(ctx):
    # 003 uses „Kartentyp“ (Card Type, 205.2; e.g. 003:221); no ruling does, and a register note names it
    reply = await run_answer(ctx, "ruling", search="KARTENTYP")
    assert reply.error and reply.pages[0].title == "Kein Ruling zu „KARTENTYP“"
    body = reply.pages[0].body
    assert body.startswith("Kein Ruling verwendet **Kartentyp** (englisch *Card Type*, Regel 205.2); die Regeln der "
                           "Dokumente nennen es (`/regel suche: Kartentyp`)")
    assert "Die Dokumente des Bots verwenden" not in body
