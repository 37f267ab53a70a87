"""The card-name completer offers a split card through an English half name its rulings print and the card lookup
accepts (002: „Driven und Despair beeinflussen nur Kreaturen, die du kontrollierst …“ for Getrieben //
Verzweiflung; ``/karte name: Driven`` names that card): the build stores those names
(bot/importer/english_offers.py), the completer offers the card under its German name (bot/name_offers.py)."""

from __future__ import annotations

from bot.answers import run_completer
from bot.answers.card_picks import card_names
from bot.autocomplete import choices_body
from bot.importer.english_offers import accepted_names
from bot.reply import Choice

SPLIT = "Getrieben // Verzweiflung"
FAST = "Schnellvorlauf"


async def test_the_build_stores_the_english_names_the_lookup_accepts(built_db, store):
    # the halves in the order 002 prints them, then the whole name the lookup reads as the card too; then the name
    # an English sentence of a card's own rulings prints for it (004: „… such as that of Fast Forward's first
    # ability“ of Schnellvorlauf); no other name German sentences print in one card's rulings (Atog, Juggernaut:
    # cards named as examples, no English name of a card)
    named = [("Driven", 274, SPLIT), ("Despair", 274, SPLIT), ("Driven // Despair", 274, SPLIT),
             ("Fast Forward", 275, FAST)]
    assert await accepted_names(built_db) == named
    assert store.stored_names().english_offers() == named
    assert (await store.card(274)).name == SPLIT


async def test_the_completer_offers_the_card_under_its_german_name(ctx):
    driv = await run_completer(ctx, card_names, "driv")
    assert driv == [Choice("Borealis-Druide", "Borealis-Druide"), Choice(f"{SPLIT} (engl. Driven)", SPLIT)]
    assert await run_completer(ctx, card_names, "Despair") == [Choice(f"{SPLIT} (engl. Despair)", SPLIT)]
    for typed in ("Driven // D", "driven//des", "drivendespair"):  # past the first half: the whole name
        assert await run_completer(ctx, card_names, typed) == [Choice(f"{SPLIT} (engl. Driven // Despair)", SPLIT)]
    # 25 offers of the index (words starting „des“): its last gives way to the card the typed start names exactly
    desp = await run_completer(ctx, card_names, "desp")
    assert len(desp) == 25 and desp[-1] == Choice(f"{SPLIT} (engl. Despair)", SPLIT)
    assert desp[:24] == (await run_completer(ctx, card_names, "desq"))[:24]
    # the German name typed: offered once, by the index
    assert await run_completer(ctx, card_names, "Getrieben") == [Choice(SPLIT, SPLIT)]
    assert all("engl." not in c.name for c in await run_completer(ctx, card_names, ""))
    # one or two letters start too many names: the English ones only fill free places (25 names start „D“)
    d = await run_completer(ctx, card_names, "D")
    assert len(d) == 25 and all("engl." not in c.name for c in d)


async def test_every_door_offers_it(core):
    body = await choices_body(core, {"name": "ruling", "options": [
        {"name": "card", "type": 3, "value": "Driven", "focused": True}]})
    assert body == {"type": 8, "data": {"choices": [{"name": f"{SPLIT} (engl. Driven)", "value": SPLIT}]}}


def test_a_new_process_offers_it_and_explains_a_symbol_no_mana_pays(built_db):
    """Through ``python -m bot complete`` and ``call`` as new processes (README), on the store the build wrote: the
    split card of 002 under its German name for „driv“, and /mana's reason for {H} with rule 107.4g of the 2026 CR
    and for the loyalty symbol [+2] with rule 107.7."""
    from tests.conftest import run_cli

    offered = run_cli("complete", "/karte name", "driv", db=built_db)
    assert offered.returncode == 0, offered.stderr
    assert "Getrieben // Verzweiflung (engl. Driven)" in offered.stdout
    paid = run_cli("call", "/mana bezahlen kosten: {H} vorrat: WW", db=built_db)
    assert paid.returncode == 0, paid.stderr
    assert "Regel 107.4g" in paid.stdout and "Traceback" not in paid.stdout + paid.stderr
    # a planeswalker's loyalty symbol (rule 107.7) is read as a cost in the new process too, never as a card name
    loyalty = run_cli("call", "/mana info kosten: [+2]", db=built_db)
    assert loyalty.returncode == 0, loyalty.stderr
    assert "Regel 107.7" in loyalty.stdout and "Traceback" not in loyalty.stdout + loyalty.stderr


async def test_the_warm_up_reads_them_before_the_first_keystroke(core):
    # the command table's warm-up (bot.commands.cards.prepare_first_keystrokes) read the build's English names of
    # this core's store: the first keystroke needs no read
    from bot import name_offers

    assert name_offers._OFFERS.get(core.store) == [("driven", "Driven", 274, SPLIT), ("despair", "Despair", 274, SPLIT),
                                                   ("drivendespair", "Driven // Despair", 274, SPLIT),
                                                   ("fastforward", "Fast Forward", 275, FAST)]
