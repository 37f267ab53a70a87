"""Card resolution (:meth:`bot.search.NameIndex.lookup`) over every option that takes a card, on the real store.

A typed name answers a card only when it is that card (any accepted spelling) or a typo of one clear name.
Every other name — a prefix that ends inside a word (``Blitzschlag`` for Blitzschlange), a name with a word left
out — gets choices, unless only one card can be meant. The oracle here is written independently of the index: a
brute-force scan over every name of the store (exact keys, one edit by optimal string alignment, names that
start with the typed key or have its words).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

import pytest
from rapidfuzz.distance import OSA

from bench.bench_names import typo_queries
from bot.answers import AnswerContext, run_answer
from bot.answers.chat import inline_replies
from bot.search import MISSING, Lookup, NameIndex
from bot.store import NameEntry
from bot.text import name_keys, name_words
from bot.typos import near_swap


@dataclass(frozen=True)
class Meant:
    """What the oracle says a query may answer: ``card`` (the one card it may name) and whether it *must*."""

    card: int | None
    required: bool


class Oracle:
    """What a query may answer, by brute force over every name of the store (see module doc)."""

    def __init__(self, entries: list[NameEntry]) -> None:
        self.names = [(e.card_id, name_keys(e.name), name_words(e.name)) for e in entries]
        # A card's shortened name (CR 201.5c): the part of its own name before the comma.
        self.short = [(e.card_id, set(name_keys(e.card_name.partition(",")[0]))) for e in entries if "," in e.card_name]
        # One edit counts "ß" as one letter: the keys spell it "ss", so the edit test also reads it as "s".
        self.one_letter = [name_keys(e.name.replace("ß", "s")) for e in entries]
        # Per name, once: its keys as a set and every spelling the edit test compares with.
        self.key_sets = [set(own) for _, own, _ in self.names]
        self.spellings = [{*own, *single} for (_, own, _), single in zip(self.names, self.one_letter, strict=True)]
        # ... grouped by length: one edit (or a swap) never changes the length by more than one letter, so a typed
        # key is compared with the spellings of its length and one more or less only (the others could not match).
        self.by_length: list[dict[int, list[str]]] = []
        for spellings in self.spellings:
            grouped: dict[int, list[str]] = {}
            for n in spellings:
                grouped.setdefault(len(n), []).append(n)
            self.by_length.append(grouped)

    def __call__(self, query: str) -> Meant:
        """Exactly one card's name in any spelling → that card (required). Else exactly one card's shortened name
        (CR 201.5c) → that card (required). Else a key one edit from one card's
        names, when no other card is one edit away or starts with the typed key or has all its words → that
        card (allowed: the index may still ask). Else no card."""
        keys = set(name_keys(query))
        exact = {card for (card, _, _), own in zip(self.names, self.key_sets, strict=True) if keys & own}
        if exact:
            return Meant(exact.pop(), True) if len(exact) == 1 else Meant(None, True)
        short = {card for card, name in self.short if keys & name}  # CR 201.5c: the part before the comma
        if len(short) == 1:
            return Meant(short.pop(), True)
        typed = name_words(query)
        edit_keys = [k for k in {*keys, *name_keys(query.replace("ß", "s"))} if len(k) >= 5]
        near, begun = set(), set()
        for (card, own, words), by_length in zip(self.names, self.by_length, strict=True):
            if any(OSA.distance(k, n, score_cutoff=1) <= 1 or _swapped_one_apart(k, n)
                   for k in edit_keys for size in (len(k) - 1, len(k), len(k) + 1) for n in by_length.get(size, ())):
                near.add(card)
            if any(n.startswith(k) for k in keys for n in own) or (
                typed and all(any(w.startswith(t) for w in words) for t in typed)
            ):
                begun.add(card)
        if len(near) == 1 and begun <= near:
            return Meant(next(iter(near)), False)
        return Meant(None, True)


def _swapped_one_apart(typed: str, name: str) -> bool:
    """``typed`` is ``name`` (at least 5 letters) with the letters at some i and i + 2 exchanged (``rektur``)."""
    # Such a swap keeps the length: names of another length are never it (the scan below would say the same).
    return len(name) >= 5 and len(typed) == len(name) and any(
        name[i] != name[i + 2] and typed == name[:i] + name[i + 2] + name[i + 1] + name[i] + name[i + 3 :]
        for i in range(len(name) - 2)
    )


_CUT = re.compile(r"[\s\-/,]+")


def prefixes_inside_words(name: str) -> list[str]:
    """Every strict prefix of ``name`` that ends between two letters of one word (``Bl``, ``Bli`` … of Blitz)."""
    return [name[:i] for i in range(1, len(name)) if name[i - 1].isalnum() and name[i].isalnum()]


def words_removed(name: str) -> list[str]:
    """``name`` with one of its words left out (words split at spaces, hyphens, commas and slashes)."""
    words = [w for w in _CUT.split(name) if w]
    return [" ".join(words[:i] + words[i + 1 :]) for i in range(len(words))] if len(words) > 1 else []


def queries(entries: list[NameEntry]) -> list[tuple[str, str, int]]:
    """(kind, query, card id the query was made from) for every name of the store."""
    out = []
    for e in entries:
        out.append(("name", e.name, e.card_id))
        out += [("prefix", q, e.card_id) for q in prefixes_inside_words(e.name)]
        out += [("removed", q, e.card_id) for q in words_removed(e.name)]
    return out


async def test_every_name_prefix_and_word_left_out_on_the_index(ctx):
    """Every name answers itself; no begun name or name with a word left out answers a card the oracle does not
    allow; each of them that answers no card has choices."""
    oracle = Oracle(ctx.names.entries)
    counts: dict[str, list[int]] = {}
    for kind, query, card_id in queries(ctx.names.entries):
        found = ctx.names.lookup(query)
        meant = oracle(query)
        got = found.hit.card_id if found.hit else None
        if meant.required:
            assert got == meant.card, (kind, query, found)
        else:
            assert got in (None, meant.card), (kind, query, found)
        if got is None:
            assert found.candidates, (kind, query)  # "Meintest du" or the nearest names, never nothing
        tally = counts.setdefault(kind, [0, 0])
        tally[0] += 1
        tally[1] += got is not None
        if kind == "name":
            assert got == card_id or meant.card is None, query
    print("\n" + ", ".join(f"{k}: {n} queries, {hit} answered a card" for k, (n, hit) in counts.items()))
    assert counts["name"][1] == counts["name"][0]  # every name of the store answers its own card
    assert counts["prefix"][0] > 2000 and counts["removed"][0] > 200


async def test_blitzschlag_is_not_blitzschlange(ctx):
    """The finding: a real German card the store lacks answered a different card, publicly."""
    found = ctx.names.lookup("Blitzschlag")
    assert found.hit is None and [h.card_name for h in found.candidates] == ["Blitzschlange"]
    reply = await run_answer(ctx, "card", name="Blitzschlag")
    assert reply.error and reply.pages[0].title == "Keine Karte „Blitzschlag“ gefunden"
    assert [(c.label, c.action) for c in reply.choices] == [("Blitzschlange", "card")]
    # One letter short of the whole name is a typo of one clear name: it answers the card.
    assert (await run_answer(ctx, "card", name="Blitzschlang")).pages[0].title == "Blitzschlange"


async def test_two_letters_one_apart_swapped_are_one_typo(ctx):
    """``boros-rektur`` (r and t swapped around the u of Rekrut: two edits for Levenshtein, OSA and Damerau)
    answers Boros-Rekrut, saying which card it read, and its autocomplete offers it; in fewer than five letters
    such a swap does not count (``rekru`` → ``kerru`` does, ``rot`` → ``tor`` not)."""
    found = ctx.names.lookup("boros-rektur")
    assert found.hit is not None and found.hit.card_name == "Boros-Rekrut"
    assert [h.card_name for h in ctx.names.complete("boros-rektur")] == ["Boros-Rekrut"]
    assert near_swap("kerru", "rekru") and not near_swap("tor", "rot") and not near_swap("rektru", "rekrut")
    reply = await run_answer(ctx, "card", name="boros-rektur")
    assert reply.pages[0].title == "Boros-Rekrut"
    assert "„boros-rektur“ steht so nicht in der Datenbank; am ähnlichsten geschrieben: Boros-Rekrut" in _text(reply)
    assert ctx.names.lookup("Feld der Unterdrückugn").hit.card_name == "Feld der Unterdrückung"  # neighbours
    assert ctx.names.lookup("Feld der Unterdrükcung").hit.card_name == "Feld der Unterdrückung"  # one apart


async def test_typos_of_the_real_names_still_resolve(ctx):
    """One edit in a full real name (bench/bench_names.py's typo generator): ≥ 97 % answer that card, none
    answers another card."""
    names = sorted({e.card_name for e in ctx.names.entries})
    cases = typo_queries(names, 3 * len(names), seed=12)
    hits = [(ctx.names.resolve(query), name) for query, name in cases]
    right = sum(hit is not None and hit.card_name == name for hit, name in hits)
    wrong = sum(hit is not None and hit.card_name != name for hit, name in hits)
    print(f"\ntypo resolve on {len(names)} real names: {right}/{len(cases)} = {right / len(cases):.1%}, other {wrong}")
    assert right / len(cases) >= 0.97 and wrong == 0


class Recording(NameIndex):
    """The store's index, noting every lookup an answer makes: (query, card id or None)."""

    def __init__(self, entries: list[NameEntry]) -> None:
        super().__init__(entries)
        self.seen: list[tuple[str, int | None]] = []

    def lookup(self, query: str, offer: int = 5) -> Lookup:
        found = super().lookup(query, offer)
        self.seen.append((query, found.hit.card_id if found.hit else None))
        return found


#: Every option that takes a card: (answer key, options with ``{q}`` for the typed name).
OPTIONS = [
    ("card", {"name": "{q}"}),
    ("ruling", {"card": "{q}"}),
    ("mana_info", {"cost": "{q}"}),
    ("mana_pay", {"cost": "{q}", "pool": "leer"}),
    ("mana_convoke", {"cost": "{q}", "creatures": "leer"}),
    ("mana_total", {"cost": "{q}"}),
    ("mana_upkeep", {"cost": "{q}", "counters": 1}),
    ("clash_reveal", {"card1": "{q}", "card2": "0"}),
    ("clash_odds", {"library1": "{q}", "library2": "0:1"}),
    ("explain_message", {"text": "[[{q}]]"}),
    ("inline", {"text": "[[{q}]]"}),
]


async def _answer(ctx: AnswerContext, key: str, options: dict, query: str):
    filled = {k: v.replace("{q}", query) if isinstance(v, str) else v for k, v in options.items()}
    if key == "inline":
        return (await inline_replies(ctx, filled["text"]))[0]
    return await run_answer(ctx, key, **filled)


def _text(reply) -> str:
    return "\n".join(p.title + "\n" + p.body + "".join(f.name + f.value for f in p.fields) for p in reply.pages)


@pytest.mark.parametrize(("key", "options"), OPTIONS, ids=[k for k, _ in OPTIONS])
async def test_every_card_option_uses_the_one_rule(store, key, options):
    """Through each option: the typed text is looked up by the one rule; a name that answers no card is an error
    or is read as no card (a calculator reading ``Bur`` as mana symbols), never as the card it was cut from."""
    index = Recording(await store.name_entries())
    ctx = AnswerContext(store=store, names=index)
    rng = random.Random(7)
    oracle = Oracle(index.entries)
    entries = [e for e in index.entries if e.kind == "name"]
    sample = rng.sample(entries, 40)
    cases = [(e.name, e.card_id, True) for e in sample]
    for e in sample:
        cut = [q for q in prefixes_inside_words(e.name) if len(q) >= 4] + words_removed(e.name)
        cases += [(q, e.card_id, False) for q in rng.sample(cut, min(2, len(cut)))]
    for query, card_id, whole in cases:
        index.seen.clear()
        reply = await _answer(ctx, key, options, query)
        answered = dict(index.seen).get(query)
        if whole:
            assert answered == card_id or oracle(query).card is None, (key, query, index.seen)
            continue
        allowed = oracle(query)
        assert answered in (None, allowed.card), (key, query)
        if answered is None and not reply.error:
            assert index.card_names[card_id] not in _text(reply), (key, query)


async def test_an_english_name_the_documents_do_not_give_offers_no_unrelated_german_card(ctx):
    """Document 002 writes "Driven und Despair" in rulings of Getrieben // Verzweiflung and 004 "Fast Forward's first
    ability" in those of Schnellvorlauf, but no document pairs an English name with a German card; without
    ``build --cards`` such a name answers no card, and no far fuzzy match is offered as "Meintest du"
    (``Research`` once offered Tresserhorn-Himmelsritter). A name only the rulings of one card print is not
    found either, and the answer names that card (bot/answers/cards.py: mentioned_card)."""
    for query in ("Research", "Driven", "Fast Forward", "Battery"):
        found = ctx.names.lookup(query)
        assert (found.hit, found.how, found.candidates) == (None, MISSING, []), query
    for query in ("Research", "Battery"):
        reply = await run_answer(ctx, "card", name=query)
        assert reply.error and not reply.choices, query
        assert reply.pages[0].body.startswith("Tippe die ersten Buchstaben des deutschen Kartennamens"), query
    for query, card in (("Driven", "Getrieben // Verzweiflung"), ("Fast Forward", "Schnellvorlauf")):
        reply = await run_answer(ctx, "card", name=query)  # the card itself, its reading said (since 2026-12-07)
        assert not reply.error and reply.pages[0].title == card, query
        assert f"„{query}“ ist kein Kartenname in der Datenbank; gelesen als **{card}**" in reply.pages[0].body
    assert [h.card_name for h in ctx.names.lookup("Himmelsritter").candidates] == ["Tresserhorn-Himmelsritter"]


#: The options above where a typed name is shown as it was read: the card itself, its rulings, the calculators.
#: (``mana_upkeep`` reads only upkeep costs of Kälteeinbruch cards, ``clash_odds`` lists every entry as read.)
TYPO_SAID = [(k, {**o, "creatures": "rot"} if k == "mana_convoke" else o) for k, o in OPTIONS
             if k not in ("mana_upkeep", "clash_odds")]


@pytest.mark.parametrize(("key", "options"), TYPO_SAID, ids=[k for k, _ in TYPO_SAID])
async def test_every_card_option_says_when_it_read_a_typo(ctx, key, options):
    """„Borso-Rekrut“ (two letters swapped) is read as Boros-Rekrut (RAV FAQ) through every option, and every
    answer says so in one line; the name as printed gets no such line."""
    said = "„Borso-Rekrut“ steht so nicht in der Datenbank; am ähnlichsten geschrieben: Boros-Rekrut."
    typo = await _answer(ctx, key, options, "Borso-Rekrut")
    assert not typo.error and said in _text(typo), (key, _text(typo)[:300])
    exact = await _answer(ctx, key, options, "Boros-Rekrut")
    assert not exact.error and "steht so nicht in der Datenbank" not in _text(exact), key


async def test_a_name_after_a_german_article_is_the_card_at_every_card_option(ctx):
    # the article strip is NameIndex.lookup's (before: only /karte's own reading had it; [[der Boros-Rekrut]] and
    # the clash calculator found no card)
    found = ctx.names.lookup("der Boros-Rekrut")
    assert found.hit is not None and found.hit.card_name == "Boros-Rekrut" and found.how == "exact"
    slip = ctx.names.lookup("den Borso-Rekrut")  # a slip after the article is said as a slip
    assert slip.hit is not None and slip.hit.card_name == "Boros-Rekrut" and slip.how == "typo"
    assert ctx.names.lookup("die Phytohydra").hit.card_name == "Phytohydra"
    assert ctx.names.lookup("der").hit is None  # an article alone names nothing
    reply = await run_answer(ctx, "explain_message", text="Was macht [[der Boros-Rekrut]]?")
    assert [p.title for p in reply.pages] == ["Boros-Rekrut"]
