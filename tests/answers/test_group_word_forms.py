"""Every form a player types of the old and new names of one rules term meets that term: the verbs of the term
table's rows with older names (``data/terms_de_en.tsv``: Wirken, old „spielen“; Ins Exil schicken, old „aus dem
Spiel entfernen“; Auf das Schlachtfeld bringen, old „ins Spiel bringen“; Verrechnen, old „abhandeln“) and of their
synonym groups (``data/synonyms.tsv``: wirken, exil, schlachtfeld_ins, verrechnen), in the present (ich, du, er,
wir, ihr), the preterite (ich, du, wir, ihr), the participle, a separable verb's prefix written apart („handelt …
ab“).

The forms are made here by a small paradigm per verb (weak verbs by rule, strong ones listed), not by the bot. A
strong verb's preterite („brachte“, „kam“) is not read as its verb (docs/ranking.md ⁷⁴: it joined 001's „abgeworfen“
to „abwerfen“), so the strong verbs list their present forms and, where the term's names hold it, the participle."""

from __future__ import annotations

import pytest

from bot.ranking import ranker

#: The question frames: a subordinate clause (the finite verb last, after its object, as the names print it).
FRAME = "was passiert wenn ich die karte {}"


def weak(stem: str, prefix: str = "", ge: bool = True) -> list[str]:
    """The present, preterite and participle of a weak verb: ``weak("wirk")`` → wirke, wirkst, wirkt, wirken, wirkte,
    wirktest, wirkten, wirktet, gewirkt; a stem in ``-t``/``-d`` or ``-chn`` takes an ``e`` (verrechnest, verrechnete);
    ``prefix`` a separable one before all (abhandelt, abgehandelt); no ``ge-`` after an inseparable prefix."""
    e = "e" if stem.endswith(("t", "d", "chn")) else ""
    forms = [stem + "e", stem + e + "st", stem + e + "t", stem + "en", stem + e + "te", stem + e + "test",
             stem + e + "ten", stem + e + "tet"]
    participle = ("ge" if ge else "") + stem + e + "t"
    return [prefix + f for f in forms] + [prefix + participle]


#: The verbs of the old/new pairs: the name's words before the verb, the verb's forms, the concepts every form names
#: (the term's; the group's too where its names are whole words: „entfern*“ is a pattern of the full-text search).
VERBS: list[tuple[str, list[str], set[str]]] = [
    ("", weak("wirk"), {"zzkcast", "zzswirken"}),
    ("", weak("spiel"), {"zzkcast", "zzswirken"}),
    ("", weak("spiel", "aus"), {"zzswirken"}),
    ("ins exil", weak("schick"), {"zzkexile", "zzsexil"}),
    ("aus dem spiel", weak("entfern", ge=False), {"zzkexile"}),
    ("ganz aus dem spiel", weak("entfern", ge=False), {"zzkexile"}),
    ("ins spiel", ["bringe", "bringst", "bringt", "bringen", "gebracht"],
     {"zzkentersxthexbattlefield", "zzsschlachtfeldxins"}),
    ("auf das schlachtfeld", ["bringe", "bringst", "bringt"],
     {"zzkentersxthexbattlefield", "zzsschlachtfeldxins"}),
    ("ins spiel", ["komme", "kommst", "kommt", "gekommen"], {"zzkentersxthexbattlefield"}),
    ("", weak("verrechn", ge=False), {"zzkresolve", "zzsverrechnen"}),
    ("", [*weak("handel", "ab")[:5], "abgehandelt"], {"zzkresolve", "zzsverrechnen"}),
]
#: A separable verb's finite form in a main clause, its prefix at the clause's end: „ich handele den zauber ab“.
APART: list[tuple[str, set[str]]] = [
    (f"wie {verb} sich der zauber ab, wenn das ziel weg ist", {"zzkresolve", "zzsverrechnen"})
    for verb in ("handele", "handelst", "handelt", "handelte", "handelten")
] + [(f"ich {verb} die kreatur aus, was dann", {"zzswirken"}) for verb in ("spiele", "spielst", "spielte")]


@pytest.mark.parametrize(("before", "forms", "concepts"), VERBS, ids=[f"{b} {f[0]}".strip() for b, f, _ in VERBS])
async def test_every_form_of_an_old_or_new_verb_names_its_term(ctx, before, forms, concepts):
    r = await ranker(ctx.store)
    missing = {}
    for form in forms:
        question = FRAME.format(f"{before} {form}".strip())
        got = set(r.analyser.analyse(question, question=True).concepts)
        if not concepts <= got:
            missing[form] = sorted(concepts - got)
    assert not missing


async def test_a_separable_verb_written_apart_names_its_term(ctx):
    # „abhandeln“ is 001's old word for „verrechnen“ (Resolve, 608; term table: Verrechnen, old „abhandeln“), and
    # „ausspielen“ 001's for casting („sowie du sie ausspielst“, Replikation); a main clause puts the prefix last
    r = await ranker(ctx.store)
    missing = {q: sorted(c - set(r.analyser.analyse(q, question=True).concepts)) for q, c in APART}
    assert not {q: m for q, m in missing.items() if m}
    # the preposition „aus“ before its noun is no prefix: „spielst du die kreatur aus der hand“ reads no „ausspielen“
    words = r.analyser.analyse("spielst du die kreatur aus der hand", question=True).words
    assert "ausspielen" not in words and "spielst" in words
    # the same word at a clause's end later does not make the preposition one: each occurrence by its position
    # („aus der hand“ is a preposition; the last „aus“ is „löst … aus“, not „spielt … aus“)
    words = r.analyser.analyse("spielt er die karte aus der hand, löst das etwas aus?", question=True).words
    assert "ausspielen" not in words and "spielt" in words
    # „an eine kreatur“: the aura is not „angelegt“ by the „an“ of „greift diese an“ (that one reads „angreifen“)
    words = r.analyser.analyse("legt man eine aura an eine kreatur, greift diese an?", question=True).words
    assert "anlegen" not in words and "legt" in words and "angreifen" in words
