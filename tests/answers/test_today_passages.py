"""Today's status on every answer path (bot/answers/today.py): the passages of ``/frage`` and its ``rb:passage:``
buttons carry the status their own command shows (a document's rule as ``/regel``, a card as ``/karte``, 000's
English half as its German twin), the candidates under a ``/frage`` answer name their status, ``/karte`` marks a
printed keyword whose mechanic changed as ``/mechanik`` does, and the calculators offer card choices as ``/karte``.
"""

from __future__ import annotations

import re

from bot.answers import run_action, run_answer
from bot.answers.calc_choices import CALC_ACTION, choice_target
from bot.answers.questions import passage_standing, passage_state
from bot.answers.today import STATUS_LABELS, cited_notice, entry_state, passage_terms
from bot.answers.today_index import today_index, today_number
from bot.custom_id import decode, encode_open
from bot.reply import CUSTOM_ID_MAX

CONVOKE_NOTICE = ("⚠️ **Heute:** So gedruckt (gemeint 502.46a). Damals zusätzliche Kosten mit Kostenreduzierung; "
                  "heute bezahlt jede getappte Kreatur ein Mana der Gesamtkosten. _(Beleg: 702.51a)_")


async def test_a_documents_changed_rule_shows_the_notice_and_todays_number(ctx):
    """``rb:passage:001:71`` (502.32a Einberufen, Ravnica FAQ 2005): the notice and today's rule before the old
    text, which is labelled as history; the very notice ``/regel suche: 502.32a`` shows."""
    body = (await run_action(ctx, "passage", "001:71")).pages[0].body
    owner = body.split("\n\n")[0]
    assert owner == ("**Regel 502.32a** (heute 702.51a; Regel, wie im Dokument gedruckt) · Ravnica: Stadt der Gilden "
                     "– Häufig gestellte Fragen, 30.08.2005 · ⚠️ heute überholt · Regelnummer von damals")
    lines = body.split("\n\n")[1].split("\n")
    assert lines[0] == CONVOKE_NOTICE
    assert lines[1].startswith("> **702.51a** Convoke is a static ability that functions while the spell")
    assert lines[2].startswith("**Früher** (Ravnica: Stadt der Gilden – Häufig gestellte Fragen, 30.08.2005, heute "
                               "überholt): Einberufen ist eine statische Fähigkeit")
    assert CONVOKE_NOTICE in (await run_answer(ctx, "rule", search="502.32a")).pages[0].body


async def test_a_documents_rule_with_other_words_today(ctx):
    """Spuk 502.51a ("ganz aus dem Spiel entfernt", Gildenbund FAQ) and 701.19c of the clash article: today's
    number in the owner line, the register's note after the text."""
    spuk = (await run_action(ctx, "passage", "001:1098")).pages[0].body
    assert "**Regel 502.51a** (heute 702.55a; Regel, wie im Dokument gedruckt)" in spuk
    assert "· ℹ️ heute anders formuliert · Regelnummer von damals" in spuk
    assert "entfernt bleibt, spukt sie bei einer Kreatur deiner Wahl.“\nℹ️ **Heute:** Heute Exil statt " \
           "„ganz-aus-dem-Spiel-entfernt-Zone“. _(Beleg: 702.55a)_" in spuk
    clash = (await run_action(ctx, "passage", "000:9")).pages[0].body
    assert "**Regel 701.19c** (heute 701.30d; Regel, wie im Dokument gedruckt)" in clash
    assert "ℹ️ **Heute:** Heute „Manawert“ statt „umgewandelte Manakosten“" in clash


async def test_every_documents_rule_carries_the_notice_of_regel(ctx, store):
    """Every passage of a rule a document prints whose number the register notes on shows that note as
    ``/regel`` does (:func:`bot.answers.today.cited_notice`), and its owner line names its status."""
    index = await today_index(store)
    rows = await store.fetchall("SELECT key, number FROM passages WHERE kind = 'quoted_rule'")
    noted = 0
    for key, number in rows:
        notice = cited_notice(index, key[:3], number)
        body = (await run_action(ctx, "passage", key)).pages[0].body
        if notice:
            noted += 1
            assert notice in body, key
            assert STATUS_LABELS[passage_state(index, (await store.passage_by_key(key)), [])] in body, key
    assert noted >= 10


async def test_a_card_passage_shows_its_outdated_keyword_and_terms(ctx):
    """The card text of Akkord des Rufes (Einberufen, „umgewandelte Manakosten“) as ``/karte`` shows it."""
    body = (await run_action(ctx, "passage", "001:196")).pages[0].body
    assert "· ⚠️ heute überholt" in body.split("\n\n")[0]
    assert "⚠️ **Heute:** Einberufen: keine zusätzlichen Kosten und keine Kostenreduzierung mehr" in body
    assert "> **702.51b** The convoke ability isn’t an additional or alternative cost" in body
    assert ("**Gedruckter Text** (Ravnica: Stadt der Gilden – Häufig gestellte Fragen, 30.08.2005):\n"
            "**{X}{G}{G}{G} · Spontanzauber**\nEinberufen (Jede Kreatur, die du tappst,") in body
    assert "**Manawert:** 3\n**Farben:** grün" in body  # X is 0 off the stack (rule 202.3e)
    assert "„Manawert“ statt „umgewandelte Manakosten“" in body


async def test_a_question_led_by_a_card_text_shows_its_cost_and_colours_as_karte_does(ctx):
    """``/frage`` leading with Boros-Rekrut's printed text (Ravnica FAQ 2005: ``{R/W}``, Kreatur — Goblin, Soldat,
    1/1) shows its mana cost, P/T, today's mana value and colours, as ``/karte`` does (rule 202.3; a hybrid symbol
    gives both colours, the Ravnica FAQ's hybrid rulings)."""
    reply = await run_answer(ctx, "question", question="welchen Manawert hat Boros-Rekrut")
    body = reply.pages[0].body
    assert "**Boros-Rekrut** (Kartentext)" in body.split("\n\n")[1]
    assert ("**Gedruckter Text** (Ravnica: Stadt der Gilden – Häufig gestellte Fragen, 30.08.2005):\n"
            "**{R/W} · Kreatur — Goblin, Soldat · 1/1**\n({R/W} kann entweder mit {R} oder mit {W} bezahlt werden.)\n"
            "Erstschlag\n**Manawert:** 1\n**Farben:** rot und weiß") in body
    card = (await run_answer(ctx, "card", name="Boros-Rekrut")).pages[0]
    assert "**{R/W} · Kreatur — Goblin, Soldat · 1/1**" in card.body
    assert [(f.name, f.value) for f in card.fields[:2]] == [("Manawert", "1"), ("Farben", "rot und weiß")]


async def test_a_split_card_passage_shows_both_halves_and_both_eras_values(ctx):
    """``rb:passage:`` of Krims // Krams (Zwietracht FAQ 2006): each half with its cost, and today's mana value 7
    (the halves' sum since 2017, document 002; rule 202.3d) beside 2006's 2 and 5, as ``/karte`` shows them."""
    body = (await run_action(ctx, "passage", "001:2358")).pages[0].body
    assert "Geteilte Karte\n**Krims**\n**{U}{R} · Spontanzauber**\nWirf eine Münze." in body
    assert ("**Krams**\n**{3}{R}{W} · Spontanzauber**\n"
            "Ein Spieler deiner Wahl opfert zwei angreifende Kreaturen.") in body
    assert "**Manawert heute:** 7 (2 + 5, Summe der Hälften; seit 2017, Dokument 002)" in body
    assert "**Manawert 2006:** 2 und 5 (jede Hälfte einzeln, Zwietracht-FAQ)" in body
    assert "**Farben heute:** blau, rot und weiß (beide Hälften)" in body


async def test_an_explanation_passage_shows_its_term_note(ctx):
    """003 explains today's rules: no rule status, only the term mark where a word is not the one German cards print
    — 003:341 (110.1) „im Spiel“ is the battlefield (403); 003:190's „Permanent“ is printed „bleibende Karte“ on
    German cards (110). The mark says „auf deutschen Karten“ as the note does, not „heute“: 003 is current."""
    owner, *rest = (await run_action(ctx, "passage", "003:341")).pages[0].body.split("\n\n")
    assert owner.endswith("(CardX Academy, Stand: aktuelle Regeln 2024+) · ℹ️ Begriffe (auf deutschen Karten "
                          "„Bleibende Karte“, „auf dem Schlachtfeld“)")
    assert "„auf dem Schlachtfeld / aufs Schlachtfeld kommen“ statt „im Spiel / ins Spiel kommen“ (403.1)" in rest[1]
    owner = (await run_action(ctx, "passage", "003:190")).pages[0].body.split("\n\n")[0]
    assert owner.endswith("(CardX Academy, Stand: aktuelle Regeln 2024+) · ℹ️ Begriffe (auf deutschen Karten "
                          "„Bleibende Karte“)"), owner


async def test_the_english_half_of_the_clash_article_has_its_german_twins_status(ctx, store):
    """000:50 ("If no one reveals a card with a higher converted mana cost") has the label and the term notice of its
    German twin 000:22: the rule holds (no register row), its words are older."""
    body = (await run_action(ctx, "passage", "000:50")).pages[0].body
    assert "Ruling zu **Clash** · Fehde (Clash) – Artikel zur Schlüsselwort-Aktion, 2007 · ✅ gilt weiterhin · ℹ️ " \
           "Begriffe (heute „Manawert“)\n" in body
    assert "no one wins the clash.\nℹ️ Heute andere Begriffe: „Manawert“ statt „umgewandelte Manakosten“" in body
    index = await today_index(store)
    assert len(index.twins) == 9 + 1  # nine rulings and the section
    for english, german in index.twins.items():
        assert passage_terms(index, *english) == passage_terms(index, *german), english
        if entry_state(index, *german) == "wording":  # a register row of kind wording names the German twin
            assert entry_state(index, *english) in ("wording", "changed", "review"), english


async def test_frage_candidates_name_their_status(ctx, store):
    """Every candidate under a ``/frage`` answer: its number, status mark, title, kind, source and date, the
    status label at the end, within Discord's 256 characters; the outdated Zwietracht ruling (CR 709.4b) ⚠️."""
    index = await today_index(store)
    for question in ("welchen manawert hat eine geteilte karte heute",
                     "Wer gewinnt die Fehde, wenn beide Karten gleich viel kosten?"):
        reply = await run_answer(ctx, "question", question=question)
        keys = [a.arg for a in reply.actions if a.action == "passage"]
        fields = reply.pages[0].fields
        assert len(fields) == len(keys) == 4
        for n, (field, key) in enumerate(zip(fields, keys, strict=True), start=2):
            p = await store.passage_by_key(key)
            standing = passage_standing(index, p, passage_state(index, p, await store.mechanic_sections()))
            assert field.name.startswith(f"{n}. {standing.mark} "), field.name
            assert field.name.endswith(f" · {standing.words}") and p.source in field.name, field.name
            assert len(field.name) <= 256
            if p.kind == "quoted_rule" and (today := today_number(index, key[:3], p.number)):
                assert f"{p.title} (heute {today})" in field.name, field.name
    outdated = await run_action(ctx, "passage", "001:2059")
    assert "⚠️ heute überholt" in outdated.pages[0].body


async def test_an_outdated_frage_candidate_shows_todays_statement_before_the_old_text(ctx):
    # 000 line 25 (the clash article on split cards: both players can win) is outdated: under /frage it is a candidate
    # for this question, and its field opens with the register's statement, as its own page and /ruling suche do.
    reply = await run_answer(ctx, "question", question="wer gewint die fehde wenn beide was mit manawert 2 aufdecken")
    keys = [a.arg for a in reply.actions if a.action == "passage"]
    field = reply.pages[0].fields[keys.index("000:25")]
    assert field.value.startswith("⚠️ **Heute:** Eine aufgedeckte geteilte Karte hat einen Manawert: die Summe beider "
                                  "Hälften."), field.value
    assert "**Früher** (Fehde (Clash) – Artikel zur Schlüsselwort-Aktion, 2007, heute überholt): Falls einer oder " \
           "mehrere der sich befehdenden Spieler eine geteilte Karte aufdeckt" in field.value
    assert len(field.value) <= 1024
    # a candidate that holds today shows its text as the document prints it (000's rulings on the revealed card)
    held = [(k, f) for k, f in zip(keys, reply.pages[0].fields, strict=False) if "gilt weiterhin" in f.name]
    assert held
    for key, f in held:  # whole, or the sentences that matched (a long one)
        p = await ctx.store.passage_by_key(key)
        assert p is not None and "**Heute:**" not in f.value, key
        printed = " ".join(p.text.split())  # sentences of two lines („3. …“, „4. …“) stand joined by a space
        assert all(" ".join(part.split()) in printed for part in f.value.split("…") if part.strip()), key


async def test_karte_marks_a_printed_keyword_whose_mechanic_changed(ctx):
    """``/karte`` for cards printing Einberufen and Pfropfen: one ⚠️ field with today's rule (702.51b, 702.58a),
    derived from the register's rows of the mechanics section; a card without such a keyword has none."""
    for name, keyword, rule in (
        ("Konklavenequidonaut", "Einberufen", "> **702.51b** The convoke ability isn’t an additional or alternative"),
        ("Akkord des Rufes", "Einberufen", "> **702.51b** The convoke ability isn’t an additional or alternative"),
        ("Gesang aus Vitu-Ghazi", "Einberufen", "> **702.51b** The convoke ability isn’t an additional"),
        ("Zytoplast-Manipulator", "Pfropfen", "if this permanent has a +1/+1 counter on it, you may move"),
    ):
        page = (await run_answer(ctx, "card", name=name)).pages[0]
        assert page.body.startswith("_Gedruckter Text (")
        marked = [f for f in page.fields if f.name == f"⚠️ {keyword}: gedruckter Erinnerungstext heute überholt"]
        assert len(marked) == 1, name
        assert rule in marked[0].value, name
        whole = page.body + "".join(f.value for f in page.fields)
        assert whole.count("⚠️ **Heute:**") == 1, name
    plain = (await run_answer(ctx, "card", name="Boros-Rekrut")).pages[0]
    assert not any("Erinnerungstext" in f.name for f in plain.fields)


async def test_calculators_offer_the_card_choices_of_karte(ctx):
    """``/mana info kosten: Boros`` and ``/fehde`` with a name the index does not resolve: the candidates of
    ``/karte`` as one-click choices; a click runs the same calculator with the chosen name."""
    candidates = [h.card_name for h in ctx.names.lookup("Boros").candidates]
    assert len(candidates) >= 2
    reply = await run_answer(ctx, "mana_info", cost="Boros")
    assert reply.error and [c.label for c in reply.choices] == candidates
    for choice, name in zip(reply.choices, candidates, strict=True):
        custom_id = encode_open(choice.action, choice.arg)
        assert choice.action == CALC_ACTION and len(custom_id) <= CUSTOM_ID_MAX
        target = decode(custom_id).target
        assert target is not None
        picked = await run_action(ctx, target.key, target.arg)
        assert not picked.error and picked.pages[0].title == name
    clash = await run_answer(ctx, "clash_reveal", card1="Boros", card2="3")
    assert clash.error and clash.pages[0].title.startswith("Karte 1: ")
    picked = await run_action(ctx, CALC_ACTION, clash.choices[0].arg)
    assert f"**{candidates[0]}**" in picked.pages[0].body
    odds = await run_answer(ctx, "clash_odds", library1="4 Boros, 20 Land", library2="0:24", seed=7)
    assert odds.pages[0].title.startswith("Bibliothek 1, Eintrag 1: ")
    picked = await run_action(ctx, CALC_ACTION, odds.choices[0].arg)
    assert f"4× {candidates[0]}" in "\n".join(f.value for f in picked.pages[0].fields)


async def test_calculator_choices_stay_within_discords_limit(ctx):
    assert choice_target("mana_info", {"cost": "Boros-Rekrut"}) == "/mana_info:Boros-Rekrut"
    assert choice_target("clash_odds", {"library1": "x" * 90, "library2": "0:24"}) is None
    refused = await run_action(ctx, CALC_ACTION, "/card:Boros-Rekrut")  # not a calculator
    assert refused.error and refused.pages[0].title == "Unbekannte Schaltfläche"
    assert re.fullmatch(r"[a-z_]+", CALC_ACTION)


async def test_cr_rule_button_carries_the_review_line_of_regel(newer_db, ctx):
    """``rb:cr_rule:702.51a`` on a store built with newer rules in which 702.51a changed: the review line
    ``/regel`` shows; the same button on the basis store (no official rules there) has none."""
    from bot.answers import AnswerContext
    from bot.search import NameIndex
    from bot.store import Store

    store = await Store.open(newer_db)
    try:
        newer = AnswerContext(store=store, names=NameIndex.from_entries(await store.name_entries()))
        for number in ("702.51a", "702.51", "709.4f"):
            body = (await run_action(newer, "cr_rule", number)).pages[0].body
            assert "beruht auf den Regeln vom 17.04.2026 und wurde seitdem nicht geprüft" in body, number
        quiet = (await run_action(newer, "cr_rule", "702.52a")).pages[0].body
        assert "nicht geprüft" not in quiet
        regel = (await run_answer(newer, "rule", search="702.51a")).pages[0].body
        button = (await run_action(newer, "cr_rule", "702.51a")).pages[0].body
        assert regel.splitlines()[-1] == button.splitlines()[-1]
    finally:
        await store.close()


async def test_keyword_patterns_are_prepared_once_per_store_for_the_changed_sections_only(ctx, monkeypatch):
    """The register's index holds the keyword pattern of each mechanics section a ``changed`` row names (Einberufen,
    Pfropfen, Fehde/Clash, Geteilte Karten; not Kumulative Versorgung): a card page compiles none of them again."""
    index = await today_index(ctx.store)
    titles = {m.id: m.title for m in await ctx.store.mechanic_sections()}
    assert {titles[i] for i in index.keywords} == {"Einberufen", "Pfropfen", "Fehde", "Clash", "Geteilte Karten"}
    assert index.keywords and "Kumulative Versorgung" in titles.values()
    compiled: list[str] = []
    real = re.compile
    monkeypatch.setattr(re, "compile", lambda pattern, *a: compiled.append(str(pattern)) or real(pattern, *a))
    page = (await run_answer(ctx, "card", name="Konklavenequidonaut")).pages[0]
    assert any(f.name == "⚠️ Einberufen: gedruckter Erinnerungstext heute überholt" for f in page.fields)
    assert not [p for p in compiled if any(p.startswith(re.escape(t)) for t in titles.values())], compiled


async def test_the_english_ruling_without_a_german_twin_carries_a_german_reading(ctx):
    """004:25 (Rulings zu Schnellvorlauf, 27.01.2026) is the one English passage of a German document that has no
    German twin (000's English half has one): its register row gives the German wording below the English text."""
    body = (await run_action(ctx, "passage", "004:25")).pages[0].body
    assert "To determine the total cost of a spell, start with the mana cost" in body
    assert ("✅ **Heute:** Gilt heute unverändert; auf Deutsch: Um die Gesamtkosten eines Zauberspruchs zu bestimmen, "
            "beginnst du mit den Manakosten oder den alternativen Kosten") in body
    assert "Der Manawert des Zauberspruchs bleibt unverändert" in body
