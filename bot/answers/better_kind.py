"""A search over some kinds of passage that another kind answers better: ``/regel suche`` shows rules and
explanations, ``/ruling suche`` rulings; a sentence in the player's words (:data:`SENTENCE_WORDS` content words or
more) is often answered by a passage of the other kind. When the ranking over every passage (``/frage``'s) leads with
such a passage and the best shown hit is weak beside it (it holds less than a share of the question's term weight
and scores less than a share of that passage's score, :data:`WEAK`), the first page says so in one line and offers it
whole (:func:`better_passage`, :func:`pointer_line`, :func:`better_action`). One definition of "weak" for both
searches with a pair of thresholds each (:data:`WEAK`), measured by ``bench/bench_pointer.py`` on the four tuning
parts (docs/ranking.md ⁷⁶, ⁹⁵).
"""

from __future__ import annotations

from dataclasses import replace

from bot.answers.sources import passage_source
from bot.candidates import Candidates
from bot.explanation_naming import named_passages
from bot.ranking import Hit, Ranked, Ranker
from bot.reply import Action, quote_user
from bot.store import PassageRecord, Store
from bot.text import shorten

#: A search of at least this many content words (:attr:`bot.analysis.Analysis.words`) is a sentence, a question in
#: the player's words („provozierte kreatur von zwei gegnern provoziert, wen muss die angreifen“), not keywords
#: („Startspieler“, „spielstein friedhof“).
SENTENCE_WORDS = 3
#: The best shown hit of a sentence is weak when it holds less than this share (0–1) of the question's term weight
#: (its ``coverage`` part over the coverage weight, :meth:`bot.ranking.Ranker.leads`) …
WEAK_HELD = 0.5
#: … and scores less than this share of the best passage over every kind. On the four tuning parts (ranked without
#: the earlier questions) these two point from 555 of 1 091 rule searches to a passage outside the rules, 496 of them
#: the question's gold, none where the best rule was the gold; 0.4–0.7 for either gives 0–2 such (docs/ranking.md ⁷⁶).
WEAK_SHARE = 0.6
#: The kinds ``/regel suche`` shows: quoted rules and the entries of the German rules explanation 003.
RULE_KINDS = frozenset({"quoted_rule", "explanation"})
#: The kinds ``/ruling suche`` shows.
RULING_KINDS = frozenset({"ruling"})
#: Per search (its shown kinds) the held and score shares (0–1) below which its best shown hit is weak. ``/ruling
#: suche``: held 0.6, share 0.7 point from 110 of 1 096 tuning searches to a rule, 102 of them the gold, none where
#: the best ruling was the gold; every pair of held 0.3–0.8 and share 0.4–0.8 gives none either (a share of 0.9
#: gives 1–4), and ⁷⁶'s 0.5/0.6 pointed 66 times, 62 to the gold (docs/ranking.md ⁹⁵).
WEAK = {RULE_KINDS: (WEAK_HELD, WEAK_SHARE), RULING_KINDS: (0.6, 0.7)}
#: The words naming a pointed passage's kind („Ein Ruling passt besser“).
KIND_NAMES = {"ruling": "Ein Ruling", "mechanic": "Ein Abschnitt der Mechaniken", "card": "Ein Kartentext",
              "quoted_rule": "Eine Regel", "explanation": "Eine Regelerklärung",
              "cr_rule": "Eine Regel der Comprehensive Rules"}
#: The kinds a search over the shown kinds points to: a rule search to rulings, mechanics paragraphs and cards' texts,
#: a ruling search to rules (the documents' and, after ``build --cr``, the official ones).
POINTED = {RULE_KINDS: frozenset({"ruling", "mechanic", "card"}),
           RULING_KINDS: frozenset({"quoted_rule", "explanation", "cr_rule"})}


async def named_better(store: Store, hit: Hit | None) -> Hit | None:
    """``hit`` (:func:`better_passage`) with its passage named as the answers name it: an explanation of 003 by its
    rule number and terms („Regel 100.2a (Erklärung) – …“, :func:`bot.explanation_naming.named_passages`)."""
    if hit is None:
        return None
    return replace(hit, passage=(await named_passages(store, [hit.passage]))[0])


def better_passage(shown: Ranked, candidates: Candidates, r: Ranker, kinds: frozenset[str]) -> Hit | None:
    """The first hit of the ranking over every kind (``/frage``'s, of ``candidates``) when ``shown`` (the same
    candidates ranked over ``kinds``, a key of :data:`POINTED`) is a sentence's (:data:`SENTENCE_WORDS`) whose best hit
    is weak beside it: the first hit is of a kind ``kinds`` points to, and the best shown hit is weak beside it by
    the search's thresholds (:func:`weak_beside`, :data:`WEAK`; no shown hit at
    all: weak). A search of keywords is ranked a second time only when ``kinds`` hold nothing for it („llanowar
    elfen“ read as Llanovarelfen: no rule, a ruling names it). None otherwise."""
    if len(shown.analysis.words) < SENTENCE_WORDS and shown.hits:
        return None
    every = r.rank(candidates, limit=1)
    if not every.hits or every.hits[0].passage.kind not in POINTED[kinds]:
        return None
    best = every.hits[0]
    if not shown.hits:
        return best
    return best if weak_beside(shown.hits[0], best, r, kinds) else None


def weak_beside(hit: Hit, best: Hit, r: Ranker, kinds: frozenset[str] = RULE_KINDS) -> bool:
    """True when ``hit`` (the best of a search over ``kinds``, a key of :data:`WEAK`) holds less than the search's
    held share of the question's term weight and scores less than its score share of ``best``'s score."""
    w = r.weights
    held = hit.parts.get("coverage", 0.0) / w.coverage if w.coverage else 0.0
    most_held, most_share = WEAK[kinds]
    return held < most_held and hit.score < most_share * best.score


def pointer_line(hit: Hit, text: str) -> str:
    """The line that offers ``hit`` (:func:`better_passage`) for the search ``text``: „💡 Ein Ruling passt besser:
    **Schnellvorlauf** (Rulings zu Schnellvorlauf, 27.01.2026), ganz unter „Besser: …“; mit weiteren Kandidaten:
    `/frage frage: …`“ (user text escaped)."""
    p = hit.passage
    what = KIND_NAMES.get(p.kind, "Eine Stelle")
    asked = quote_user(text, 80)
    return (f"💡 {what} passt besser: **{quote_user(p.title, 80)}** ({passage_source(p)}), ganz unter "
            f"„{_better_label(p)}“; mit weiteren Kandidaten: `/frage frage: {asked}`")


def better_action(hit: Hit) -> Action:
    """The button that opens the passage of :func:`pointer_line` whole (``rb:passage:<key>``)."""
    return Action(label=_better_label(hit.passage), action="passage", arg=hit.passage.key)


def _better_label(p: PassageRecord) -> str:
    """The label of the button that opens the passage of :func:`pointer_line` whole."""
    return f"Besser: {shorten(p.title, 60)}"
