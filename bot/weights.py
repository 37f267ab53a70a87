"""The weights of the ranking of ``/frage`` (:mod:`bot.ranking`): bm25's column weights and scale, each feature's
weight, the stages' depths and the hedge. Made on the tuning parts of the question set only (never the held-out
parts) by ``bench/question_cv.py``; docs/ranking.md says how (¹⁶)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Weights:
    """Weights of the ranking (tuning parts only). The weights of ``bench/question_cv.py``'s grid :data:`WIDE` are
    chosen by coordinate ascent on MRR over the whole tuning parts (three since docs/ranking.md ²⁸) from the
    hand-set start (``bench/question_fit.py``'s ``START``; ``bench/refit.py`` makes them,
    ``tests/answers/test_question_ascent.py`` pins them); the others (bm25's columns and scale, ``rule``, the kind
    priors, the depths) keep their hand-set values. The ascent beat the pairwise logistic fit by 5-fold CV on both
    parts (docs/ranking.md, ¹⁶)."""

    names: float = 1.0
    terms: float = 3.0
    raw: float = 2.0
    scale: float = 10.0
    concept: float = 0.4
    #: By ascent (hand-set before at 3; CV chose 3–4), which keeps an old term's passages ("umgewandelte Manakosten")
    #: within /ruling suche's cut for the new term ("Manawert"), which they share only as a concept.
    coverage: float = 6.0
    card: float = 4.0
    #: A ruling of the mechanics section that a card named in the question is printed in as an example.
    section: float = 6.0
    #: Added to a card's ruling when the question does not name that card, and to a mechanics section's ruling or
    #: paragraph when it names nothing of the section (bot/section_names.py) (negative: such a question asks the
    #: general rule, and a card's or section's ruling answers it only through the words they share).
    unnamed: float = -2.0
    rule: float = 8.0
    #: A passage that defines a term of a question asking what the term is (bot/definitions.py).
    definition: float = 3.0
    #: The named card's own text, beyond its rulings' ``card`` weight, when the question asks what the card prints
    #: (cost, colour, type: CR 200.1) or is only the card's name: the card text matches such a question as well as
    #: any passage can, whatever bm25 gives a ruling that repeats the name, so it weighs bm25's whole
    #: :attr:`scale` (the most a ruling of the card can lead it by) plus the 3 points hand-set before. No question
    #: of the tuning parts moves with it: the ascent keeps this value (tests/answers/test_questions.py holds the cases).
    property: float = 9.0
    #: Subtracted from the prior of a document's English passage for a question that is not English: the English
    #: half of the bilingual clash article 000 (a translation of its German half); not an English passage of a German
    #: document (004's ruling on total cost has no German version: :class:`bot.ranking.Ranker`).
    foreign: float = 4.0
    #: Per answer type the question asks for (:data:`bot.stopwords.ANSWER_CUES`) that the passage gives. Measured by
    #: 5-fold CV inside the tuning part (``bench/bench_questions.py --cv 5``: the folds chose 1–2; tuning part 0 → 1:
    #: 81.5 → 82.3 % hit@1, 93.5 → 94.3 % hit@3); now chosen with the others.
    answer: float = 2.0
    #: A term read from a word repaired as a typo (:attr:`bot.analysis.Analysis.repaired`) counts this much of its
    #: weight in ``coverage`` (a typed word the documents contain counts fully). 0.5 and 1 rank the tuning part and
    #: its typo'd copy alike; the ascent on both parts chose 1.
    typo: float = 1.0
    #: A word of the question none of whose terms any passage's analysed text carries (a player's word or a typo
    #: the documents never use: „glechzeitig“; or a card's name word found only in the names column) weighs this
    #: share of the highest idf (``log(N + 1)``) in ``coverage``'s total: no candidate's text holds it, so at full
    #: weight it only shrinks every candidate's share of the question. 5-fold CV on both tuning parts
    #: (docs/ranking.md, ¹⁸): 0.25 gained alone (ascent 82.3 / 94.5 %) but lost hit@1 and hit@3 on top of the
    #: unnamed sections (ascent 82.0 / 94.6 % at 1 against 81.6 / 94.0 % at 0.25), so it stays 1: no change; kept
    #: as a weight for ``bench/weight_methods.py --set unheld=…``.
    unheld: float = 1.0
    #: Second stage (:mod:`bot.question_words`): among the first :attr:`siblings` hits, passages of one card or one
    #: mechanics section are re-scored by their best single sentence's share of the question's terms that not all
    #: of them hold (what decides between a card's rulings is the rest of the question, in one clause). Chosen by
    #: 5-fold CV inside the tuning part with :attr:`coverage` by question words (the folds chose 3–4; CV 80.1 → 81.7 %
    #: hit@1, 94.0 → 94.3 % hit@3); now chosen with the others.
    sentence: float = 3.0
    siblings: int = 5
    #: Third stage (:mod:`bot.phrases`): the first :attr:`phrases` hits get this weight times the share of the
    #: question's pairs of neighbouring words (function words included) their text holds. Chosen by 5-fold
    #: CV inside the tuning part (83.1 → 83.9 % hit@1, hit@3 94.8 % as before).
    phrase: float = 3.0
    phrases: int = 5
    #: Fourth stage (:mod:`bot.actions`): among the first :attr:`phrases` hits, a passage with a sentence holding a
    #: modal verb and the action a „kann/darf/muss …“ question asks about gets this weight. Hand-set start 4 (5-fold
    #: CV inside the tuning part with the fit started at 1 / 2 / 3 / 4 / 5: hit@1 84.7 / 85.3 / 85.6 / 85.8 / 85.8 %).
    action: float = 3.0
    #: Fifth stage (:mod:`bot.clauses`, ``/frage`` only): among the first :attr:`phrases` hits, this weight times the
    #: share of the question's words one sentence of the passage holds where it answers (the asked clause's words in
    #: the sentence's consequence, not inside a condition; the situation's anywhere in the sentence). Off (0): by
    #: 5-fold CV on both tuning parts it gains (docs/ranking.md, ²²: fit 81.4 → 82.1 %, ascent 82.1 → 82.4 % hit@1),
    #: but the refit on both whole parts moves other weights in ways that lose answers the tests pin, and chosen
    #: alone with every other weight as shipped (``bench/weight_methods.py --methods only:clause``) it loses hit@3
    #: (95.7 → 95.4 %); kept for that method, ``bench/refit.py --method only:clause`` and ``question_cv.WIDE_CLAUSE``.
    clause: float = 0.0
    #: Added to a passage that holds only for a variant of the game („In einer Commander-Partie …“, bot/variants.py)
    #: when the question names no word of that variant (negative: such a question asks the rule for every game),
    #: subtracted when it names one (the variant's own rule answers it before the general one).
    variant: float = -2.0
    #: Added to a mechanics section's introduction or quoted rule when the question asks what a thing is or how it
    #: works (:func:`bot.definitions.asks_definition`: „was ist …“, „wie funktioniert …“): the section's own statement
    #: of the rule answers it, where a case question („was passiert, wenn …“) is answered by a ruling.
    form: float = 2.0
    kind: tuple[tuple[str, float], ...] = (
        ("ruling", 0.6), ("quoted_rule", 0.4), ("explanation", 0.4), ("mechanic", 0.3), ("cr_rule", 0.2),
        ("glossary", 0.0), ("term", -11.0), ("card", -8.0),
    )
    candidates: int = 120
    #: The best hit is "clearly best" when it leads the second by this much (else the answer says so). The hedge's
    #: three settings are chosen together (``bench/question_cv.py``'s ``choose_margin``: the setting with the most
    #: clear answers whose clear answers are right 96 % of the time on the training questions), on both whole tuning
    #: parts for the shipped weights (``bench/refit.py`` on the three tuning parts: margin 3.5, near 0.5, covered
    #: 0.9; docs/ranking.md, ¹⁶ ¹⁹ ²³ ²⁴ ²⁸ ²⁹ ³¹). ``/frage`` also hedges a lead the question does not decide
    #: (:mod:`bot.answers.hedge_signals`: the second holding the question as well; ⁵²), which reads these too.
    margin: float = 3.5
    #: Also "clearly best" when the first hit leads by ``near`` or more and holds at least ``covered`` of the
    #: question's term weight (:attr:`Hit.parts` ``coverage``): a passage with every word of the question asked
    #: needs less lead. Chosen with :attr:`margin` on the CV folds (``bench/question_cv.py``).
    near: float = 0.5
    covered: float = 0.9
    #: Most frequent concept still counted (share of passages carrying it).
    common: float = 0.15
    #: Sixth stage (:mod:`bot.answered`, ``/frage`` only): passages of one card or mechanics section among the first
    #: three hits take their places again in the order of score + this weight times the share of the question's
    #: words their best sentence giving the asked kind of answer holds; every other hit keeps its place, so no
    #: passage from below enters the first three. Chosen alone after the ascent of the others, which runs with the
    #: stage off (``bench/refit.py``; 6 since 2026-12-05 04:00, 4 since the verbs in ``-ieren`` met, ³¹). By
    #: 5-fold CV on them it gains first hits and keeps hit@3 on both methods (docs/ranking.md ²⁹).
    answered: float = 4.0
    #: Added to a passage stating a rule for every object (003's explanation, a document's quoted rule, an official
    #: rule: :data:`bot.generality.RULE_KINDS`) when the question names no card and speaks of any object or player
    #: (:func:`bot.generality.asks_generally`). Chosen alone after the ascent of the others and the answered stage,
    #: which run with it off (``bench/refit.py``; docs/ranking.md ³³).
    general: float = 0.5
    #: Added, beside ``unnamed``, to a card's ruling that speaks of its own card (its name or „diese Karte“ in its
    #: text: :func:`bot.generality.speaks_of_itself`) when the question names no card and the ranking has general
    #: passages (not ``/ruling suche``): such a ruling states what one card does, a question naming no card asks
    #: what holds for any (003's rule on 0 life, not Blutspuckende Feder's ruling on losing life). Chosen with the
    #: others by the ascent over ``bench/question_cv.py``'s ``WIDE`` (docs/ranking.md ⁴⁰).
    own: float = -1.0
    #: Added, beside ``unnamed``, to a card's ruling whose question words a rule among the candidates
    #: (003's explanation, a quoted or official rule) holds too, for a question naming no card (:mod:`bot.restated`):
    #: the ruling meets the question only through the rule's words, about its card. Chosen alone after the others
    #: (``bench/refit.py``'s ``>only:restated`` over ``question_cv.WIDE_RESTATED``; docs/ranking.md ¹⁴⁸). With
    #: ``headword`` at 3 the shipped weights' only improving step on the three parts is -3 (the refit's own start,
    #: its drifted ``phrase``, ``variant``, ``action``, ``logic``, keeps -2; docs/ranking.md ¹⁵⁷).
    restated: float = -3.0
    #: Added to an entry of 003 whose headword (the noun its first sentence begins with: „Ein Spielstein, der …“)
    #: the question names, for a question naming no card (:mod:`bot.headwords`): the entry is about what the question
    #: asks, not one that only mentions it. Chosen alone after the others (``bench/refit.py``'s last
    #: ``>only:headword`` over ``question_cv.WIDE_HEADWORD``; docs/ranking.md ¹⁵⁷).
    headword: float = 3.0
    #: Times the share of the question's word weight that an earlier question answered by the passage holds
    #: (:mod:`bot.prior`: the tuning parts' questions and their gold passages), read together (``union``). Off: by
    #: 5-fold CV, the feature cross-fitted (bench/prior_folds.py), chosen with the others it gains but the refit
    #: moves ten weights and loses answers the behaviour tests pin, and chosen alone after them (1.5) it loses a
    #: question of hit@3 (docs/ranking.md ⁴³); kept for ``bench/weight_methods.py``'s ``only:prior``.
    prior: float = 0.0
    #: Seventh stage (:func:`bot.prior.prior_stage`, ``/frage`` only): the siblings among the first three hits
    #: (passages of one card or mechanics section, as the answered stage's, and of one kind, stating the same part of
    #: the logic the question asks), each answering an
    #: earlier question that holds some of the question's words, take their places again in the order of score +
    #: this weight times the share of the question those earlier questions hold (the ``prior`` part's value); every
    #: other hit keeps its place, so hit@3 cannot move. Chosen alone after the others (``bench/refit.py``); by 5-fold
    #: CV, the values cross-fitted, it gains first hits on both methods (docs/ranking.md ⁴⁷); 24 → 32 with the
    #: players' „zahlen“ read as „bezahlen“ (¹¹⁹).
    earlier: float = 32.0
    #: Times the share of the question's word weight a passage meets through translation (:mod:`bot.translation`:
    #: players' words learned by IBM Model 1 from the tuning parts' questions and their gold passages) for the words it
    #: does not hold. Chosen alone after the others (``bench/refit.py``); by 5-fold CV, the table cross-fitted
    #: (bench/transl_folds.py), it gains first hits with the NULL weight 30, 100 and 300 (docs/ranking.md ⁶⁶; the
    #: counts' table of ⁶³ did not).
    transl: float = 12.0
    #: Stage after the earlier one (:mod:`bot.logic_words`, ``/frage`` only): the siblings among the first three hits
    #: take their places again in the order of score + this weight times the share of the logic the question asks
    #: about („ohne“, „keine“: something absent; „trotzdem“: it holds anyway; „beide gleich“: the sides alike;
    #: „zuerst“: an order; „auch wenn“: it holds regardless) that their text states; every other hit keeps its place.
    #: Chosen alone after the others (``bench/refit.py``: 2, then 4 with the order and regardless classes); by 5-fold
    #: CV it gains first hits with hit@3 unchanged (docs/ranking.md ⁷⁷, ⁹⁴).
    logic: float = 4.0
    #: Stage after the logic one (:mod:`bot.asked_kinds`, ``/frage`` only): the siblings among the first five hits
    #: (:data:`bot.asked_kinds.REACH`, three before ¹⁵⁶) take their places again in the order of score + this weight
    #: times the share of the kinds of answer the question asks for (a count, the value of X, a time or order) that
    #: their sentence about the question's matter states; every other hit keeps its place. 0: off (docs/ranking.md
    #: ¹¹⁵).
    asks: float = 8.0
    #: Stage before the rule_text one (:mod:`bot.current_first`, ``/frage`` only): a ruling the change register links
    #: to a newer document's passage (a ruling, or 003's explanation of today's rule), among the first three hits,
    #: yields its place to that passage when it leads it by at most this many score points (0: off). Set by hand,
    #: outside the refit: the tuning parts hardly hold the case. With the links of 2026-12-07 (`changed` and
    #: `unchanged` rows citing a newer ruling, ¹¹⁶), in sample on the five tuning parts 1 changes no gold passage's
    #: rank, 2 puts 002:33 / 002:25 first on q425 / t3-021 (001:2061 / 001:2057 lead them by 1.74 / 1.75) and moves
    #: no gold down, 3 also puts 002:53 before t2-279's gold 001:2065 (2.30 behind); by 5-fold CV 2 gains first hits
    #: and keeps hit@3 (docs/ranking.md ¹⁰³, ¹⁰⁹, ¹²⁰). ``bench/refit.py`` prints it as set by hand, with that reason
    #: (its ``HAND_SET``).
    current: float = 2.0


__all__ = ["Weights"]
