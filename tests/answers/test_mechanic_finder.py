"""The prepared mechanics finder (bot/answers/mechanic_finder.py) names the sections the plain definition it
replaced names: every tier computed afresh from the sections' titles on every call (``definition`` below),
over typed titles, their prefixes, every synonym pattern of ``data/synonyms.tsv`` (starred words with an
ending), term forms and typos."""

from __future__ import annotations

from rapidfuzz import fuzz, process

from bot.answers import AnswerContext
from bot.answers.mechanic_finder import mechanic_finder
from bot.store import MechanicRecord
from bot.terms import term_index
from bot.text import tokens
from bot.textsearch import synonyms


def definition(sections: list[MechanicRecord], text: str) -> list[MechanicRecord]:
    """The tiers of :meth:`MechanicFinder.find`, written out over every section on every call."""
    typed = tokens(text)
    if not typed:
        return []
    exact = [m for m in sections if tokens(m.label) == typed or m.words == typed]
    if exact:
        return exact
    if len(typed) > 1 and all(len(t) < 2 for t in typed):
        return []
    prefix = [m for m in sections if all(any(w.startswith(t) for w in m.words) for t in typed)]
    if prefix:
        return prefix
    for group in synonyms():
        if any(p.matches_at(typed, 0) and len(p.words) == len(typed) for p in group.patterns):
            hits = [m for m in sections if any(p.matches_at(m.words, 0) for p in group.patterns)]
            if hits:
                return hits
    match = term_index().lookup(text)
    if match is not None:
        names = {" ".join(tokens(n)) for n, _rank in match.term.names()}
        by_term = [m for m in sections if " ".join(m.words) in names]
        if by_term:
            return by_term
    if len("".join(typed)) < 3:
        return []
    keys = [" ".join(m.words) for m in sections]
    best = process.extract(" ".join(typed), keys, scorer=fuzz.WRatio, limit=3, score_cutoff=80)
    if not best:
        return []
    return [sections[i] for _k, score, i in best if score >= best[0][1] - 0.01]


def queries(sections: list[MechanicRecord]) -> list[str]:
    out = ["", "  ", "w w", "{W}{W}", "zz", "Einberfen", "gepfropft", "reproduziert", "Hybrid-Mana", "Gilden"]
    for m in sections:
        out += [m.title, m.label, m.title[:3], m.title.upper(), m.title[:-1] + "x", " ".join(reversed(m.words))]
    for group in synonyms():
        for p in group.patterns:
            out.append(" ".join(w + ("ed" if star else "") for w, star in zip(p.words, p.prefix, strict=True)))
            out.append(" ".join(p.words).replace("a", "ae"))
    return out


async def test_the_finder_names_what_the_definition_names(ctx: AnswerContext):
    finder = await mechanic_finder(ctx.store)
    sections = finder.sections
    assert finder is await mechanic_finder(ctx.store)  # made once per store
    asked = queries(sections)
    got = {q: [sections[i].id for i in finder.find(q)] for q in asked}
    want = {q: [m.id for m in definition(sections, q)] for q in asked}
    assert got == want
    assert [sections[i].title for i in finder.find("convoke")] == ["Einberufen"]


async def test_the_term_tier_looks_for_typos_only_near_terms_that_title_a_section(ctx: AnswerContext):
    """The term table's typo tier, restricted to the keys of the terms titling a section, answers as the full
    tier for those terms and None for a typo of a term titling none (Zustandsbasierte Aktionen, rule 704)."""
    finder = await mechanic_finder(ctx.store)
    index = term_index()
    full = index.lookup("Einerufen")
    assert (full.term.german, full.how) == ("Einberufen", "typo")
    restricted = index.lookup("Einerufen", typo_among=finder.typo_keys)
    assert (restricted.term, restricted.how) == (full.term, "typo")
    assert index.lookup("Zustandsbasirte Aktion").term.rule == "704"
    assert index.lookup("Zustandsbasirte Aktion", typo_among=finder.typo_keys) is None
    # Every name of a titling term with its third letter dropped: where the full typo tier finds that term,
    # so does the restricted one.
    checked = 0
    for term in index.terms:
        if not finder.of_term(term.german):
            continue
        for name, _rank in term.names():
            typo = name[:2] + name[3:]
            want = index.lookup(typo)
            if want is not None and want.term is term and want.how == "typo":
                got = index.lookup(typo, typo_among=finder.typo_keys)
                assert got is not None and got.term is term, typo
                checked += 1
    assert checked >= 10
