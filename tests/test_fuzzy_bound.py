"""The ``WRatio`` bound (:mod:`bot.fuzzybound`) never leaves out a choice ``WRatio`` puts at or above 80: over the
recorded autocomplete queries (``tests/choices/*.json.gz``) against the mechanics titles of the documents' store, and
over random words of a few letters (where shared letters, shared words and length ratios near 1.5 and 8 are common),
and ``/mechanik``'s fuzzy tier answers as scoring every title does."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from rapidfuzz import fuzz, process

from bot.answers import AnswerContext
from bot.answers.mechanic_finder import FUZZY_CUTOFF, mechanic_finder
from bot.fuzzybound import WRATIO_CUTOFF, WRatioBound
from bot.text import tokens
from tests.choices import HERE, load
from tests.conftest import on_fuzz_setting


def reaching(query: str, choices: list[str]) -> set[int]:
    """Positions of the choices with ``WRatio`` ≥ the cutoff, scoring every one."""
    found = process.extract(query, choices, scorer=fuzz.WRatio, limit=None, score_cutoff=WRATIO_CUTOFF)
    return {i for _c, _score, i in found}


def recorded_queries() -> list[str]:
    """The recorded queries as ``/mechanik``'s fuzzy tier sees them: folded words joined by spaces."""
    queries = load(HERE / "documents.json.gz")[0] + load(HERE / "reference.json.gz")[0]
    return list(dict.fromkeys(" ".join(tokens(q[:200])) for q in queries))


async def test_bound_keeps_every_title_wratio_reaches(ctx: AnswerContext) -> None:
    finder = await mechanic_finder(ctx.store)
    titles = finder._keys
    bound = WRatioBound(titles)
    queries = recorded_queries()
    assert len(queries) > 2000 and len(titles) == 32
    dropped = {}
    narrowed = 0
    for query in queries:
        kept = bound.candidates(query)
        if kept is None:
            continue
        narrowed += 1
        if not reaching(query, titles) <= set(kept):
            dropped[query] = sorted(reaching(query, titles) - set(kept))
    assert not dropped
    # the bound applies to almost every query and leaves few titles to score ("fehde" reaches only Fehde)
    assert narrowed > 0.99 * len(queries)
    assert 0 in (bound.candidates("fehde") or []) and len(bound.candidates("fehde") or titles) < 6
    assert len(bound.candidates("hofnarr des damonen") or titles) < 8
    assert len(bound.candidates("eiserne ha") or titles) <= 3  # the pieces' test (9 by shared characters alone)


async def test_fuzzy_tier_as_when_every_title_is_scored(ctx: AnswerContext) -> None:
    """The finder's fuzzy tier with the bound gives the sections (and their order) of ``WRatio`` over all titles."""
    finder = await mechanic_finder(ctx.store)
    seen_hits = 0
    for query in recorded_queries():
        if not query:
            continue
        best = process.extract(query, finder._keys, scorer=fuzz.WRatio, limit=3, score_cutoff=FUZZY_CUTOFF)
        want = [i for _k, score, i in best if score >= best[0][1] - 0.01] if best else []
        assert finder._fuzzy(query) == want, query
        seen_hits += bool(want)
    assert seen_hits > 100  # the tier finds titles for many of them (typos, prefixes of titles)


WORDS = st.text(alphabet="abcdeß", min_size=1, max_size=7)
TEXTS = st.lists(WORDS, min_size=1, max_size=6).map(" ".join)
ODD = st.text(alphabet="ab c\t", max_size=12)  # double spaces, tabs, repeated words: the bound steps aside


@on_fuzz_setting(3000)
@given(query=st.one_of(TEXTS, ODD), choices=st.lists(st.one_of(TEXTS, ODD), min_size=1, max_size=8))
def test_bound_never_drops_a_choice(query: str, choices: list[str]) -> None:
    kept = WRatioBound(choices).candidates(query)
    if kept is None:
        return
    assert kept == sorted(set(kept))
    assert reaching(query, choices) <= set(kept)
