"""Today's passage before its outdated older one: the ranking's ``current`` stage (:mod:`bot.ranking`).

The change register (``data/changes.toml``, stored by ``python -m bot build``) marks a document's ruling ``changed``
when its statement is wrong today and cites as evidence the passage of a newer document that states today's rule:
001:2063 (2006, „… muss er beide Hälften der geteilten Karte nennen“) is outdated, its row ``split_naming`` cites
002:29 (2017, „Falls ein Effekt dich anweist, einen Kartennamen zu bestimmen, kannst du einen wählen, aber nicht
beide.“). Both answer the same question in nearly the same words, so bm25 and the features score them nearly alike;
the player asks today's rule. The status and the link are read where the answers read them
(:func:`bot.answers.today.entry_status`: its ``outdated`` and ``newer``), no second source.

The stage moves such a newer passage (among the first :data:`REACH` hits) right before its outdated ruling when the
outdated one, among the first :data:`DEPTH` hits, leads it by at most the stage's weight
(:attr:`bot.weights.Weights.current`, a margin in score points); the scores stay as they were. A register row citing
only official rules (CR …) links no passage: its outdated ruling keeps its place (its answer shows the ⚠️ notice with
today's text).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.answers.today import entry_status
from bot.answers.today_index import today_index
from bot.candidates import Hit
from bot.store import PassageRecord, Store

#: Places among the first hits where an outdated ruling yields (the places an answer shows).
DEPTH = 3
#: Hits among which its newer ruling is looked for (the ranks the benchmarks read, ``bench/question_ascent.py``).
REACH = 10

#: A ruling's store id (:attr:`bot.store.PassageRecord.ref_id`) the register marks outdated → the store ids of the
#: newer documents' rulings its ``changed`` rows cite.
Links = Mapping[int, frozenset[int]]


async def outdated_links(store: Store) -> dict[int, frozenset[int]]:
    """Every ruling of ``store`` the register marks outdated (:attr:`bot.answers.today.EntryStatus.outdated`) with
    the rulings of newer documents its ``changed`` rows cite (:attr:`bot.answers.today.EntryStatus.newer`); a ruling
    whose rows cite none is left out. Empty for a store without the register. Read once per ranker (≈ 40 register
    rows); raises what the store's reads raise (:class:`bot.store.StoreClosed`)."""
    index = await today_index(store)
    out: dict[int, frozenset[int]] = {}
    for kind, entry_id in list(index.by_entry):
        status = entry_status(index, kind, entry_id)
        newer = frozenset(d.ruling_id for d in status.newer if d.ruling_id)
        if kind == "ruling" and status.outdated and newer:
            out[entry_id] = newer
    return out


def current_order(passages: Sequence[PassageRecord], scores: Sequence[float], links: Links, margin: float) -> list[int]:
    """The order (indices into ``passages``, ranked best first with ``scores``) after the stage: a newer document's
    ruling among the first :data:`REACH` moved right before an outdated ruling among the first :data:`DEPTH` that the
    register links it to (``links``: :func:`outdated_links`) when the outdated one's score exceeds it by at most
    ``margin`` (≥ 0; 0 moves only equal scores); every other passage keeps its order. At most ``DEPTH × REACH``
    comparisons; pure; no errors."""
    order = list(range(len(passages)))
    for i in range(min(DEPTH, len(order))):
        old = passages[order[i]]
        newer = links.get(old.ref_id or 0) if old.kind == "ruling" else None
        if not newer:
            continue
        j = next((j for j in range(i + 1, min(REACH, len(order))) if passages[order[j]].kind == "ruling"
                  and passages[order[j]].ref_id in newer and scores[order[i]] - scores[order[j]] <= margin), None)
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
