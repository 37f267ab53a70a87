"""Today's passage before its older one: the ranking's ``current`` stage (:mod:`bot.ranking`).

The change register (``data/changes.toml``, stored by ``python -m bot build``) cites as evidence the passage of a
newer document that states the point today, in two kinds of rows:

* ``changed`` — the older ruling is wrong today: 001:2063 (2006, „… muss er beide Hälften der geteilten Karte
  nennen“), row ``split_naming``, cites 002:29 (2017, „Falls ein Effekt dich anweist, einen Kartennamen zu bestimmen,
  kannst du einen wählen, aber nicht beide.“); where no newer ruling states it, document 003's explanation of today's
  rule (001:879's mana burn → 003:202, „Der Manavorrat jedes Spielers leert sich am Ende jedes Segments und jeder
  Phase“);
* ``unchanged`` — the older ruling still holds and the newer passage says it with today's rules and words: 001:2061
  (2006, „Alles, was eine Hälfte einer geteilten Karte betrifft, betrifft die ganze Karte“), row ``split_discard``,
  cites 002:33 (2017, „Falls du zum Beispiel eine abwirfst, hast du eine Karte abgeworfen, nicht zwei.“).

Both passages answer the same question in nearly the same words, so bm25 and the features score them nearly alike;
the player asks today's rule. The links are the register's own document evidence (:attr:`bot.answers.today_index.
TodayIndex.docs`), read where the answers read them, no second source.

The ranker reads the newer rulings the rows cite, ``changed`` or ``unchanged`` (:func:`outdated_links`); 003's
explanations stay notices' evidence only: as links they moved no first answer and no question of the judges
(docs/ranking.md ¹⁰⁹, ¹¹⁶).
The stage moves such a newer passage (among the first :data:`REACH` hits) right before its older ruling when the
older one, among the first :data:`DEPTH` hits, leads it by at most the stage's weight
(:attr:`bot.weights.Weights.current`, a margin in score points); the scores stay as they were. A register row citing
only official rules (CR …) links no passage: its ruling keeps its place (an outdated one's answer shows the ⚠️
notice with today's text).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.answers.today_index import today_index
from bot.candidates import Hit
from bot.store import PassageRecord, Store

#: Places among the first hits where an outdated ruling yields (the places an answer shows).
DEPTH = 3
#: Hits among which its newer ruling is looked for (the ranks the benchmarks read, ``bench/question_ascent.py``).
REACH = 10

#: A ruling's store id (:attr:`bot.store.PassageRecord.ref_id`) → the passage keys (:attr:`bot.store.PassageRecord.key`,
#: ``"002:29"``, ``"003:202"``) of the newer documents' rulings or explanations its register rows cite.
Links = Mapping[int, frozenset[str]]


async def outdated_links(store: Store) -> dict[int, frozenset[str]]:
    """Every ruling of ``store`` whose register rows, ``changed`` or ``unchanged``, cite a newer document's ruling,
    with the keys of those rulings (:attr:`bot.answers.today_index.TodayIndex.docs`): 001:2063 → {002:29}
    (``split_naming``), 001:2061 → {002:33, 002:53} (``split_discard``). A ruling whose rows cite only official
    rules or 003's explanations is left out (the module doc). Empty for a store without the register. Read once per
    ranker (≈ 45 register rows); raises what the store's reads raise (:class:`bot.store.StoreClosed`)."""
    index = await today_index(store)
    out: dict[int, frozenset[str]] = {}
    for kind, entry_id in list(index.by_entry):
        cited = (index.docs.get(ev.split(" ", 1)[0]) for row in index.rows(kind, entry_id) for ev in row.evidence)
        newer = frozenset(doc.key for doc in cited if doc is not None and doc.key and doc.kind == "ruling")
        if kind == "ruling" and newer:
            out[entry_id] = newer
    return out


def current_order(passages: Sequence[PassageRecord], scores: Sequence[float], links: Links, margin: float) -> list[int]:
    """The order (indices into ``passages``, ranked best first with ``scores``) after the stage: a newer document's
    ruling among the first :data:`REACH` moved right before an older ruling among the first
    :data:`DEPTH` that the register links it to (``links``: :func:`outdated_links`) when the older one's score
    exceeds it by at most
    ``margin`` (≥ 0; 0 moves only equal scores); every other passage keeps its order. At most ``DEPTH × REACH``
    comparisons; pure; no errors."""
    order = list(range(len(passages)))
    for i in range(min(DEPTH, len(order))):
        old = passages[order[i]]
        newer = links.get(old.ref_id or 0) if old.kind == "ruling" else None
        if not newer:
            continue
        j = next((j for j in range(i + 1, min(REACH, len(order))) if passages[order[j]].key in newer
                  and scores[order[i]] - scores[order[j]] <= margin), None)
        if j is not None:
            order.insert(i, order.pop(j))
    return order


def current_stage(hits: list[Hit], links: Links, margin: float) -> None:
    """:func:`current_order` applied to ``hits`` (best first), in place; the scores stay as they were."""
    if any(h.passage.kind == "ruling" and h.passage.ref_id in links for h in hits[:DEPTH]):
        first = hits[:REACH]
        hits[:REACH] = [first[k] for k in current_order([h.passage for h in first], [h.score for h in first],
                                                         links, margin)]


__all__ = ["DEPTH", "REACH", "Links", "current_order", "current_stage", "outdated_links"]
