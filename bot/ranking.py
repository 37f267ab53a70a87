"""One ranking for questions and free-text searches (``/frage``, ``/regel suche``, ``/ruling suche``).

A question is analysed (:mod:`bot.analysis`, the store's vocabulary); its terms, joined by OR, are matched against the
passages' analysed column (``passages_fts``) and ranked by FTS5 ``bm25()`` with column weights (names, terms). The best
:attr:`Weights.candidates` are then re-scored with the features the domain gives, each measured (with and without):

* **coverage**: the share of the question's words (each weighted by ``log(N / df)`` of its rarest term, held through any
  of its terms: :attr:`bot.analysis.Analysis.groups`) the passage holds, so a passage that answers every part of the
  question beats one that repeats a single word; a word whose terms no passage's analysed text carries (a player's word
  or typo the documents never use) weighs only :attr:`Weights.unheld` of the highest idf ``log(N + 1)``;
* **concepts**: concept ids (term table, synonym groups) shared by question and passage, each weighted ``log(N / df)``;
* **card**: a card named inside the question (:class:`bot.mentions.NameScanner`: any spelling ``/karte`` accepts) puts
  its rulings first, candidates even when no word matched (a guild's name alone names its mechanic instead:
  :func:`bot.text_names.guild_read`); its own text, if the question asks what it prints, gets **property**;
* **unnamed**: a card's ruling when the question does not name that card, and a mechanics section's ruling or paragraph
  when it names nothing of the section (:func:`bot.section_names.names_section`; not in a search over rulings only): a
  general question's rule beats it; **own** beside it for a card's ruling on its own card („diese Karte“, its name:
  :func:`bot.generality.speaks_of_itself`), **restated** for one whose question words a rule among the candidates holds
  (:mod:`bot.restated`), **headword** for 003's entry whose first noun it names (:mod:`bot.headwords`): no card named;
* **rule**: a passage whose rule number the question names (``702.19a``, or a subrule of it);
* **kind**: a prior per passage kind (a ruling or rule answers more often than a term row or a card text);
* **answer**: the kind of answer a question word asks for (:data:`bot.stopwords.ANSWER_CUES`: "wer" a person, "wie viel"
  an amount, "darf/kann" a permission, "wann" a moment; a yes/no question without one a verdict:
  :data:`bot.answer_cues.VERDICT`) and the passage gives that kind of statement;
* **variant**: a passage that holds only for a variant of the game (:mod:`bot.variants`: „In einer Commander-Partie …“)
  when the question names no word of that variant, raised as much when it names one;
* **form**: a section's introduction or quoted rule for a question asking what a thing is or how it works;
* **general**: a passage stating a rule for every object (003's explanation, a quoted or official rule) when the
  question names no card and speaks of any object or player (:mod:`bot.generality`: „eine Karte“, „man“, „immer“);
* **prior**: the share of the question's weighted words held by an earlier question (the tuning parts',
  :mod:`bot.prior`) whose answer is the passage; **transl**: the share a passage meets through players' words learned
  from them and their answers (:mod:`bot.translation`) for the question's words it does not hold;
* **sentence** (a second stage over the first :attr:`Weights.siblings` hits): siblings (one card's or section's
  passages) share the name words; each gets the share of the rest of the question's term weight its best sentence holds;
* **phrase** (a third stage, :attr:`Weights.phrases` hits, :mod:`bot.phrases`): the share of the question's pairs of
  neighbouring words, function words included, that the passage holds (rulings of the same words part by wording);
* **action** (a fourth stage over the same first hits, :mod:`bot.actions`): a „kann/darf/muss ich …“ question asks
  whether an action is allowed; a passage with a sentence holding a modal verb and that action gets this part;
* **answered** (a sixth stage, ``/frage`` only, :mod:`bot.answered`): siblings among the first three take their places
  again by the kind of answer their sentences give; **earlier** (:func:`bot.prior.prior_stage`) by their ``prior``,
  **logic** (:mod:`bot.logic_words`) by the logic asked („ohne“, „beide“), **asks** (:mod:`bot.asked_kinds`, the first
  five) by what the question asks for (a count, the value of X, an order); **shown** last (:mod:`bot.named_shown`).
* **rule_text** (an eighth, ``/frage`` only, :mod:`bot.section_rule`): a section's rule third below three rulings;
  **current** before it (:mod:`bot.current_first`): an outdated ruling yields to the newer one the register cites;
  **german** after it (:mod:`bot.german_first`): an official rule yields its place to a German passage stating it;
  in ``/frage`` also before the second stage, every official passage then lowered by ``foreign`` as English text.

The base score is bm25 scaled to :attr:`Weights.scale` at the best candidate (official rules by their own counts:
:mod:`bot.own_statistics`); features add to it. Bounded: at most :data:`bot.analysis.MAX_TOKENS` tokens read,
:data:`bot.analysis.MAX_QUERY_TERMS` query terms, :attr:`Weights.candidates` passages of each index scored.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache, partial

from bot import headwords, named_shown, question_cards
from bot.about_matter import reader
from bot.actions import action_stage, asked_action
from bot.analysis import MAX_QUERY_TERMS, MAX_TOKENS, Analyser, Analysis, Options, tokens
from bot.answer_cues import asked_cues, given_cues
from bot.answered import answered_stage
from bot.asked_kinds import asked_kinds, asks_stage, stated_kinds
from bot.candidates import Candidates, Hit, Ranked  # Hit and Ranked also importable from here
from bot.clauses import RoleWords, clause_stage, passage_roles
from bot.current_first import Links, current_stage, outdated_links
from bot.definitions import DEFINED, asks_definition, names_only, only_names, stand_in_first
from bot.generality import RULE_KINDS, general_of, speaks_of_itself, unnamed_token
from bot.german_first import Versions, english_text, german_stage, german_versions, official_below_german
from bot.headings import answers_nothing
from bot.learned import learned_shares, load_learned, store_analyser, warm_learned
from bot.logic_words import asked_logic, logic_stage, stated_logic
from bot.mentions import scanner
from bot.own_statistics import OFFICIAL_KINDS, Collection, index_candidates, index_scores, statistics, window
from bot.phrases import Pair, pairs, phrase_stage
from bot.prior import PriorIndex, prior_stage
from bot.question_cards import SPLIT_CARD, cards_by_name_words, is_subrule, of_kind, rare_name_stems
from bot.question_mentions import mentioned, printed_of, read_name
from bot.question_words import QuestionWords, sentence_stage
from bot.restated import restated_of, said
from bot.rule_siblings import explanation_rules
from bot.search import NameIndex
from bot.section_names import names_section
from bot.section_rule import rule_stage
from bot.snippets import highlight, sentence_terms, sentence_words, sentences  # also importable from here
from bot.stopwords import ASKING_VERBS, CARD_PROPERTIES, NOW_WORDS, PRINTED_WORDS
from bot.store import PassageRecord, Store
from bot.text import tokens as fold_tokens
from bot.text_names import guild_read
from bot.textsearch import fts_match
from bot.translation import Translations
from bot.variants import markers
from bot.variants import named as named_variant
from bot.weights import Weights

#: Typed words of this many letters or more also match longer words in the raw text ("Eismarke" → "Eismarken").
RAW_PREFIX = 5
#: Passages whose per-text facts (language, answer types, word pairs) a ranker keeps, the last ranked first.
PASSAGES_KEPT = 4096
#: Features of the re-scoring (names used by the benchmark's ablation).
FEATURES = ("coverage", "concepts", "card", "section", "rule", "definition", "kind", "answer", "sentence",
            "phrase", "action", "unnamed", "variant", "form", "clause", "logic", "answered", "general", "prior",
            "rule_text")


class Ranker:
    """The ranking over one store (see the module doc); build with :func:`ranker`."""

    def __init__(
        self, analyser: Analyser, concept_counts: dict[str, int], total: int, weights: Weights | None = None,
        features: tuple[str, ...] = FEATURES, term_counts: dict[str, int] | None = None,
        german_documents: frozenset[int] = frozenset(), prior: PriorIndex | None = None,
    ) -> None:
        self.analyser, self._german_documents = analyser, german_documents  # 004's English ruling: not lowered
        self.prior = prior  # the questions asked before (bot/prior.py), for the ``prior`` feature
        self.translations: Translations | None = None  # players' words learned from them (bot/learned.py)
        self.outdated: Links = {}  # outdated rulings → the newer ones the register cites (bot/current_first.py)
        self.german: Versions = {}  # official rules → the German passages stating them (bot/german_first.py)
        self.rules: Mapping[int, str] = {}  # 003's entries → their rule: siblings of ``earlier`` (bot/rule_siblings.py)
        self.official: Collection | None = None  # the official passages' own counts (bot/own_statistics.py)
        self._term_idf = {t: math.log((total + 1) / n) for t, n in (term_counts or {}).items()}
        self.term_weights: Mapping[str, float] = self._term_idf  # ``log(N / df)`` of the store's terms (snippets)
        self._unknown_idf = math.log(total + 1)
        self.weights, self.features = weights or Weights(), frozenset(features)
        common = max(1, int(total * self.weights.common))
        self._idf = {c: math.log((total + 1) / n) for c, n in concept_counts.items() if n <= common}
        self.kind_weights = dict(self.weights.kind)
        self._asking = frozenset(analyser.stems(v)[0] for v in ASKING_VERBS)
        self._split = frozenset(analyser.analyse(SPLIT_CARD).concepts)  # a split card's kind (CR 709)
        self._properties = frozenset(analyser.stems(v)[0] for v in (*CARD_PROPERTIES, *PRINTED_WORDS))
        self._now = frozenset(analyser.stems(v)[0] for v in NOW_WORDS)  # „heute“ asks nothing but the thing's state
        # per passage text, what it says, kept for the passages last ranked (a store of every printing has ~300 000
        # passages: a plain dict would grow with each one ever ranked); functools' cache keyed by the text (all each
        # fact is made of; a string keeps its hash): ≈ 0.1 µs a look-up, where cachetools' LRUCache took ≈ 0.3 µs
        self._english = lru_cache(PASSAGES_KEPT)(english_text)  # its text is English
        self._gives = lru_cache(PASSAGES_KEPT)(given_cues)  # the answer types its text gives
        self._pairs = lru_cache(PASSAGES_KEPT)(pairs)  # its pairs of neighbouring words
        self._variant = lru_cache(PASSAGES_KEPT)(partial(markers, analyser=analyser))  # the words naming its variant
        # per passage text, the terms of its sentences' conditions and of their consequences (bot/clauses.py)
        self._roles = lru_cache(PASSAGES_KEPT)(partial(passage_roles, analyser=analyser))
        self._logic = lru_cache(PASSAGES_KEPT)(stated_logic)  # the logic classes its text states (bot/logic_words.py)
        self._kinds = lru_cache(PASSAGES_KEPT)(stated_kinds)  # per sentence, the kinds it states (bot/asked_kinds.py)

    def variant(self, weights: Weights | None = None, features: tuple[str, ...] | None = None) -> Ranker:
        """The same ranker with other weights or features (benchmark ablations)."""
        out = Ranker.__new__(Ranker)
        out.__dict__.update(self.__dict__)
        if weights is not None:
            out.weights, out.kind_weights = weights, dict(weights.kind)
        if features is not None:
            out.features = frozenset(features)
        return out

    async def search(
        self, store: Store, text: str, names: NameIndex | None = None, *, kinds: frozenset[str] | None = None,
        card_id: int | None = None, limit: int = 20, analysis: Analysis | None = None) -> Ranked:
        """The passages that answer ``text``, best first (≤ ``limit``), optionally only of ``kinds`` or of one
        card (``card_id``); ``analysis``: ``text``'s question analysis by :attr:`analyser` when the caller read it
        already. Never raises for any text (a store without the index: :class:`SearchIndexMissing`)."""
        found = await self.candidates(store, text, names, card_id=card_id, analysis=analysis)
        return self.rank(found, kinds=kinds, card_id=card_id, limit=limit)

    async def candidates(
        self, store: Store, text: str, names: NameIndex | None = None, *, card_id: int | None = None,
        analysis: Analysis | None = None) -> Candidates:
        """The question's analysis (``analysis`` when given: :meth:`search`), the cards it names and the passages
        worth scoring (FTS5 bm25 with the column weights of :attr:`weights`, and the rulings of a named card);
        :meth:`rank` scores them; a card name typed with one slip or in English is read as its German name
        (:func:`read_name`)."""
        reads = names is not None and "card" in self.features
        text, slip = await read_name(store, text, names, self.analyser.vocab.knows) if reads else (text, None)
        analysis = self.analyser.analyse(text, question=True) if analysis is None or slip else analysis
        analysis.definition = asks_definition(text) or only_names(analysis, len(tokens(text, MAX_TOKENS)))  # „spuk“
        analysis.nouns = question_cards.article_nouns(text)  # „der Elf“: a card of that creature type
        cards = self.named_cards(text, analysis, names) if names is not None and reads else []
        mention = slip or (await mentioned(store, text, cards) if reads else None)
        cards = cards or ([mention.card_id] if mention is not None else [])  # „despair“, „verzweiflung … gewirkt“
        cards, guild = await guild_read(store, text, analysis, cards, lambda t, a: self.named_cards(t, a, names), [
            mention.card_id] if mention else []) if names and reads else (cards, ())
        for word in (*await printed_of(store, mention), *guild):  # „Verzweiflung“ also as the rulings' „Despair“
            analysis.add(self.analyser.main_stem(word))
        match, w = self._match(analysis), self.weights
        base = dict(await index_candidates(store, match, w, self.official is not None) if match else [])
        extra: list[int] = []
        for cid in [card_id] if card_id is not None else cards:
            extra += [p.id for p in await store.passages_of_card(cid) if p.kind in ("ruling", "card")]
        split = await store.split_cards(cards) if "card" in self.features else frozenset()
        kin_card = next((c for c in cards if c in split), None)  # the first split card named
        sections = set((await store.card_sections(cards)).values()) if "section" in self.features else set()
        extra += [pid for mid in sections for pid in await store.section_rulings(mid)]
        missing = [pid for pid in extra if pid not in base]  # the named card's passages: scored by the same bm25
        if missing and match:
            base.update(await index_scores(store, match, missing, w, self.official is not None))
        # What a definition question asks: its concepts, its whole words' stems ("Loyalitätssymbole" asks no "Symbol")
        defined = [*analysis.concepts, *(self.analyser.stems(w)[0] for w in analysis.words)]
        records = await store.passages([*base, *extra])
        named = frozenset().union(*(p.names for p in records.values() if p.card_id in cards))  # the cards' names
        asked_terms = tuple(dict.fromkeys(defined))
        marks = frozenset(DEFINED + t for t in asked_terms)  # made once, not per candidate
        # a passage defines the term asked: for a German question one in German (an official rule in English does
        # not stand for its definition: its term row does, "Manawert …: heute Regel 202.3"); for an English question
        # any (the documents are German: „what does haunt do“ is answered by 001's definition of Spuk, not the row)
        defining = any(not marks.isdisjoint(p.terms) and (analysis.english or not (
            p.kind in OFFICIAL_KINDS or self._english(p.text)))
                       for p in records.values())
        asked = pairs(text, MAX_TOKENS) if "phrase" in self.features else frozenset()
        roles = (RoleWords.of(text[: MAX_TOKENS * 20], self.analyser, self._term_idf, self._unknown_idf, named,
                              (text, analysis)) if self._reads_roles() else RoleWords())
        general, restated = general_of(self.features, text, cards), restated_of(self.features, analysis, records, cards)
        return Candidates(analysis, cards, base, records, frozenset(sections),
                          asked_terms if analysis.definition else (), analysis.english, defining, asked_cues(text),
                          asked, self._split if kin_card is not None else frozenset(), named, kin_card,
                          asked_action(text, self.analyser) if "action" in self.features else frozenset(), roles,
                          mention, general, **learned_shares(self, analysis, records), restated=restated,
                          logic=asked_logic(text, MAX_TOKENS), asks=asked_kinds(text, MAX_TOKENS))

    def rank(
        self, found: Candidates, *, kinds: frozenset[str] | None = None, card_id: int | None = None, limit: int = 20
    ) -> Ranked:
        """The candidates scored (scaled bm25 plus the features), best first, at most ``limit``; only ``kinds``
        or one card's passages when given. Pure: the same candidates can be ranked with other weights."""
        hits = self.first_stage(found, kinds=kinds, card_id=card_id)
        self.stages(hits, found, clauses=kinds is None)
        return Ranked(hits[:limit], found.analysis, found.cards, bool(hits) and self.leads(hits), found.mention)

    def first_stage(
        self, found: Candidates, *, kinds: frozenset[str] | None = None, card_id: int | None = None
    ) -> list[Hit]:
        """Every candidate (only ``kinds`` or one card's when given) scored by scaled bm25 plus the features, each
        score the sum of its :attr:`Hit.parts`; best first, ties by passage id: :meth:`rank` before its stages."""
        w = self.weights
        top = max(found.base.values(), default=0.0) or 1.0
        words = None  # the question's words weighed once for every candidate's coverage (bot/question_words.py)
        if "coverage" in self.features and found.analysis.terms:
            words = self.question_words(found.analysis)
        own = self.official.words(found.analysis, w.unheld, w.typo, self._asking) if words and self.official else words
        # a search over rulings only (/ruling suche) has no general rule to prefer to a section's unnamed ruling
        general = kinds is None or not kinds <= {"ruling"}
        hits = []
        for pid, p in found.records.items():
            if (kinds is not None and p.kind not in kinds) or (card_id is not None and p.card_id != card_id):
                continue
            parts = {"base": w.scale * found.base.get(pid, 0.0) / top}
            parts.update(self._features(p, found, own if p.kind in OFFICIAL_KINDS else words, general))
            hits.append(Hit(p, sum(parts.values()), parts))
        hits.sort(key=lambda h: (-h.score, h.passage.id))
        return hits

    def stages(self, hits: list[Hit], found: Candidates, clauses: bool = True) -> None:
        """The second to eighth stages of :meth:`rank` on ``hits`` (:meth:`first_stage`'s, best first), in place:
        ``sentence`` on the first :attr:`Weights.siblings`, then ``phrase``, ``action`` and (with ``clauses``: a
        question over every kind, ``/frage``; a search's words are no clauses) ``clause`` on the first
        :attr:`Weights.phrases`, each adding its part to a hit's score, ``hits`` re-sorted after each stage; then (with
        ``clauses``) ``answered``, ``earlier`` and ``logic``, which only swap siblings among the first three
        (:mod:`bot.answered`, :mod:`bot.prior`, :mod:`bot.logic_words`), ``rule_text``, ``german``, ``stand_in``;
        with ``clauses``, first the official passages after the German ones (:func:`official_below_german`)."""
        w, logic = self.weights, reader(self._logic, found.roles, self.analyser)
        if clauses:  # a German question: a German version takes its official rule's place, the English text goes
            official_below_german(hits, self.german, found.english, w.foreign)  # below (foreign), as 000's does
        if "sentence" in self.features and w.sentence:  # the second stage (Weights.sentence)
            top = window(hits, int(w.siblings))  # a passage on a named card's kind is one of the card's (of_kind)
            card, kin = found.kin_card, {}
            if card is not None:
                kin = {h.passage.id: card for h in top if "card" in h.parts and h.passage.card_id is None}
            sentence_stage(top, found.analysis, self._term_idf, self._unknown_idf, w.sentence, self._sentence_terms,
                           kin, found.card_words, self._asking, found.records.values())
            hits.sort(key=lambda h: (-h.score, h.passage.id))
        if "phrase" in self.features and w.phrase:  # the third stage (Weights.phrase)
            phrase_stage(window(hits, int(w.phrases)), found.asked, w.phrase, self._passage_pairs)
            hits.sort(key=lambda h: (-h.score, h.passage.id))
        if "action" in self.features and w.action and found.action:  # the fourth stage (Weights.action)
            action_stage(window(hits, int(w.phrases)), found.action, w.action, self._sentence_words)
            hits.sort(key=lambda h: (-h.score, h.passage.id))
        if clauses and "clause" in self.features and w.clause and found.roles.total:  # the fifth stage (Weights.clause)
            clause_stage(window(hits, int(w.phrases)), found.roles, w.clause, self._passage_roles)
            hits.sort(key=lambda h: (-h.score, h.passage.id))
        if clauses and "answered" in self.features and w.answered:  # the sixth stage: permutes the first three
            answered_stage(hits, found.roles, found.cues, w.answered, self._sentence_words)
        if clauses and "prior" in self.features and w.earlier:  # the seventh: siblings by earlier questions
            prior_stage(hits, found.prior, w.earlier, found.logic, logic, self.rules)
        if clauses and "logic" in self.features and w.logic:  # siblings by the logic asked (bot/logic_words.py)
            logic_stage(hits, found.logic, w.logic, logic)
        if clauses and w.asks:  # siblings by what the question asks for: a count, X, an order (bot/asked_kinds.py)
            asks_stage(hits, found.asks, found.roles, w.asks, self._sentence_words, self._kinds)
        if clauses and w.current:  # an outdated ruling after the newer one the register cites (bot/current_first.py)
            current_stage(hits, self.outdated, w.current)
        if clauses and "rule_text" in self.features:  # the eighth: a section's rule below three of its rulings
            rule_stage(hits)
        german_stage(hits, self.german, found.english)  # a German version before the official rule it states
        stand_in_first(hits, found)  # a term row standing in for the definition asked (bot/definitions.py)
        named_shown.named_card_shown(hits, found)  # last: a named card's own text on the first page

    def question_words(self, analysis: Analysis) -> QuestionWords:
        """The question's words weighed for ``coverage`` and ``prior`` (:meth:`QuestionWords.of`): a word no
        passage's text holds weighs :attr:`Weights.unheld` of the highest idf (it tells no candidate apart)."""
        w = self.weights
        return QuestionWords.of(analysis, self._term_idf, self._unknown_idf * w.unheld, w.typo, self._asking)

    def _reads_roles(self) -> bool:
        """True when a stage reads the question's words by role (``clause`` or ``answered`` with a weight)."""
        w = self.weights
        return ("clause" in self.features and bool(w.clause)) or ("answered" in self.features and bool(w.answered))

    def _sentence_terms(self, p: PassageRecord) -> Sequence[frozenset[str]]:
        """The analysed terms of each sentence of ``p`` (:func:`bot.snippets.sentence_terms`, kept per analyser)."""
        return sentence_terms(p.text, self.analyser)

    def _sentence_words(self, p: PassageRecord) -> Sequence[tuple[frozenset[str], frozenset[str]]]:
        """Per sentence of ``p``: its folded tokens and its analysed terms (:func:`bot.snippets.sentence_words`)."""
        return sentence_words(p.text, self.analyser)

    def _passage_pairs(self, p: PassageRecord) -> frozenset[Pair]:
        """The pairs of neighbouring words of ``p``'s text (:func:`bot.phrases.pairs`), kept per passage."""
        return self._pairs(p.text)

    def _passage_roles(self, p: PassageRecord) -> list[tuple[frozenset[str], frozenset[str]]]:
        """:func:`bot.clauses.passage_roles` of ``p``'s text, kept per passage."""
        return self._roles(p.text)

    def leads(self, hits: list[Hit]) -> bool:
        """True when the first of ``hits`` (best first, at least one) is clearly best: it is the only one, or it
        leads the second by :attr:`Weights.margin`, or by :attr:`Weights.near` while holding at least
        :attr:`Weights.covered` of the question's term weight (its ``coverage`` part over the coverage weight)."""
        w = self.weights
        if len(hits) < 2:
            return True
        gap = hits[0].score - hits[1].score
        held = hits[0].parts.get("coverage", 0.0) / w.coverage if w.coverage else 0.0
        return gap >= w.margin or (gap >= w.near and held >= w.covered - 1e-9)

    def _match(self, analysis: Analysis) -> str:
        """The FTS5 query: any analysed term in the analysed columns, any typed content word in the raw column
        (words of :data:`RAW_PREFIX` letters or more as prefixes)."""
        analysed = fts_match([[t] for t in analysis.all_terms()], any_group=True, column="names terms")
        raw = [w for w in dict.fromkeys(t for word in analysis.words for t in fold_tokens(word)) if len(w) > 1]
        raw = raw[:MAX_QUERY_TERMS]
        if not analysed or not raw or self.weights.raw <= 0:
            return analysed
        return f"{analysed} OR {fts_match([[w] for w in raw], any_group=True, column='raw', prefix_from=RAW_PREFIX)}"

    def named_cards(self, text: str, analysis: Analysis, names: NameIndex) -> list[int]:
        """Cards the question names: whole names in any spelling ``/karte`` accepts (:class:`NameScanner`), else
        cards one of whose rare name words the question uses as a whole word in any form
        (:func:`bot.question_cards.cards_by_name_words`); at most three."""
        found = scanner(names).scan(text, 3)
        return found or cards_by_name_words(self.analyser, analysis, self._name_words(names))

    def warm(self, names: NameIndex) -> None:
        """Prepare what the first question would otherwise build: the stems of the store's card-name words
        (:meth:`named_cards`), kept for ``names``, and what the earlier questions teach when a weight reads it
        (:func:`bot.learned.warm_learned`); run by the start-up and store-swap warm-ups."""
        self._name_words(names)
        warm_learned(self)

    def _name_words(self, names: NameIndex) -> Mapping[str, frozenset[int]]:
        """:func:`bot.question_cards.rare_name_stems` of ``names``, kept for the last index asked."""
        cached = getattr(self, "_names_cache", None)
        if cached is None or cached[0] is not names:
            cached = self._names_cache = (names, rare_name_stems(self.analyser, names))
        return cached[1]

    def _features(self, p: PassageRecord, found: Candidates, words: QuestionWords | None, general: bool
                  ) -> dict[str, float]:
        w = self.weights
        analysis = found.analysis
        out: dict[str, float] = {}
        kin = of_kind(p, found.cards, found.kinds, found.card_words, analysis.groups)
        if words is not None:
            # by question word (Analysis.groups): a word is held through any of its stems, compound parts or the
            # concepts it names, and weighs its rarest term ("provoziert" is held by 004's "angestachelt"); a
            # passage on the named card's kind holds the card's name
            held = p.terms | found.card_words if kin else p.terms
            out["coverage"] = w.coverage * words.held(held, p.names) / (words.total or 1.0)
        if "concepts" in self.features:
            idf = self.official.concept_idf if self.official and p.kind in OFFICIAL_KINDS else self._idf
            out["concepts"] = w.concept * sum(idf.get(c, 0.0) for c in set(analysis.concepts) & set(p.concepts))
        out.update({"card": w.card} if kin else self._card(p, found, general))
        if "rule" in self.features and p.number and any(
            p.number == n or is_subrule(p.number, n) for n in analysis.numbers
        ):
            out["rule"] = w.rule
        stands_in = p.kind == "term" and not found.defining and self._about(analysis, p.terms | p.names, False)
        if "definition" in self.features and found.defined and (
            stands_in or any(DEFINED + t in p.terms for t in found.defined)
        ):  # no passage defines the term asked: its term row ("Manawert …: heute Regel 202.3") is the definition
            out["definition"] = w.definition
        if "kind" in self.features:
            out["kind"] = self._prior(p, found, stands_in)
        if "answer" in self.features and found.cues and w.answer:
            out["answer"] = w.answer * len(self._gives(p.text) & set(found.cues))  # the answer types it gives
        if "general" in self.features and w.general and found.general and p.kind in RULE_KINDS:
            out["general"] = w.general  # a rule for every object, for a question on any object (bot/generality.py)
        if p.id in found.prior:  # asked before in the question's words (bot/prior.py)
            out["prior"] = w.prior * found.prior[p.id]
        if p.id in found.transl:  # its words stand for the question's unheld ones (bot/translation.py)
            out["transl"] = w.transl * found.transl[p.id]
        if "form" in self.features and analysis.definition and p.kind in ("mechanic", "quoted_rule"):
            out["form"] = w.form
        if "variant" in self.features and w.variant and (named := self._variant(p.text)):
            # agreement: the variant's passage is lowered for a question naming none of its words and raised as
            # much for one naming it („Commander Startlebenspunkte“ asks 003:81, not the general 003:75)
            out["variant"] = -w.variant if named_variant(named, analysis.terms) else w.variant
        return out

    def _card(self, p: PassageRecord, found: Candidates, general: bool = True) -> dict[str, float]:
        """The ``card`` feature (a named card's rulings and its own text), with the ``property`` feature for its own
        text when the question asks what the card prints or is only its name ("welche Farbe hat Krims // Krams" is
        not answered by "Der Münzwurf von Krims …"), or the ``section`` feature (rulings of the section the card is
        printed in), or the ``unnamed`` feature: a card's ruling the question does not name the card of, and, when
        the ranking has general passages to prefer (``general``: not /ruling suche), a section's ruling or paragraph
        the question names nothing of (:func:`bot.section_names.names_section`), with ``own`` and ``restated`` (see
        there); also ``unnamed`` and ``own`` for 003's entry on one predefined token (CR 111.10) that a question asking
        of any object (``found.general``) does not name (:func:`bot.generality.unnamed_token`)."""
        w = self.weights
        if "card" in self.features and p.card_id is not None and p.card_id in found.cards:
            if p.kind == "ruling":
                return {"card": w.card}
            if p.kind == "card" and self._asks_card(p, found):
                return {"card": w.card, "property": w.property}
        if p.mechanic_id in found.sections and p.kind == "ruling" and p.card_id is None:
            return {"section": w.section}
        if "unnamed" in self.features and found.general and p.kind == "explanation" and unnamed_token(
                p.text, p.terms, found.analysis.terms, self.analyser.stems):
            # one predefined token's entry (111.10), its token not named, for a question on any object
            return {"unnamed": w.unnamed, "own": w.own}
        if "unnamed" not in self.features or p.kind not in ("ruling", "mechanic"):
            return headwords.headed(w, p, found, self.analyser, self._term_idf) if general else {}
        if p.card_id and general and not found.cards and speaks_of_itself(p.names, p.terms, p.text):
            return {"unnamed": w.unnamed, "own": w.own, **said(w, p, found, general)}  # its own card's effect
        if p.card_id or (general and p.mechanic_id is not None and p.mechanic_id not in found.sections
                         and not names_section(found.analysis.terms, p.names, self._term_idf)):
            return {"unnamed": w.unnamed, **said(w, p, found, general)}  # a card's or section's case, not named
        return {}

    def _asks_card(self, p: PassageRecord, found: Candidates) -> bool:
        """True when the question names the card of ``p`` and says nothing else but what it asks of the card (cost,
        colour, type: CR 200.1): "wie viel kostet Boros-Rekrut", "Boros-Rekrut"; not "Bruthändler – Stärke der
        eigenen Kreatur sinkt …"."""
        return p.card_id in found.cards and self._about(found.analysis, p.names)

    def _about(self, analysis: Analysis, held: frozenset[str], properties: bool = True) -> bool:
        """True when every word of the question but the asking verbs (and, with ``properties``, card properties) is
        in ``held``: the question names the thing and asks nothing else ("was bedeutet Vorrang", "Boros-Rekrut";
        of a term row, "was ist der Manawert" too). An asking or property word counts with every term it gave
        (:attr:`bot.analysis.Analysis.groups`): the compound parts of "Manawert" (mana, wert) or "Manakosten"
        (mana, kost) are no topic of "welchen Manawert hat Boros-Rekrut"; nor is a word asking for today's state
        (:data:`bot.stopwords.NOW_WORDS`: "… Krims // Krams heute"); a name of stop words only by one of its
        concepts (:func:`bot.definitions.names_only`: „was heißt ins Spiel bringen“)."""
        return names_only(analysis, held, (self._asking | self._properties if properties else self._asking) | self._now)

    def _prior(self, p: PassageRecord, found: Candidates, stands_in: bool) -> float:
        """The ``kind`` feature: the prior of the passage's kind. A term row or card text rarely answers a question
        (low prior) unless the question is about that term and no passage defines it (``stands_in``), or asks what
        that card prints (then as a glossary entry or a ruling); a passage that only points elsewhere ("Siehe auch
        …") or is only a heading answers nothing (:func:`answers_nothing`: the lowest prior); an English passage
        of the documents (not the official rules) is lowered for a question that is not English, unless its document is
        German (then the English text is the document's only statement of it, not the translation of a German one: the
        English half of the bilingual clash article 000 is lowered, 004's English ruling on total cost is not)."""
        kinds = self.kind_weights
        prior = kinds.get(p.kind, 0.0)
        if p.kind == "card" and (self._asks_card(p, found)  # or it speaks of the card: „der Goblin mit …“
                                 or question_cards.described_card(p, found.cards, found.analysis.nouns)):
            prior = kinds.get("ruling", 0.0)
        elif stands_in:
            prior = kinds.get("glossary", 0.0)
        if answers_nothing(p):
            prior = min(kinds.values(), default=prior)
        if (not found.english and p.kind not in OFFICIAL_KINDS and p.document_id not in self._german_documents
                and self._english(p.text)):
            prior -= self.weights.foreign
        return prior


async def _load(store: Store, options: Options | None) -> Ranker:
    a = await store_analyser(store, options)
    w = Weights()
    s = await statistics(store, w.common)  # the documents' counts (bot/own_statistics.py)
    german = frozenset(d.id for d in await store.documents() if d.language == "de")
    # the earlier questions' file only when a weight reads it; the build's table only for the build's analysis
    prior, learned = await load_learned(store, a, w, stored=options is None)
    r = Ranker(a, s.concepts, s.total, w, term_counts=s.terms, german_documents=german, prior=prior)
    r.translations, r.outdated, r.german = learned, await outdated_links(store), await german_versions(store)
    r.rules, r.official, r.term_weights = await explanation_rules(store), s.official, s.term_weights or r.term_weights
    return r


async def ranker(store: Store) -> Ranker:
    """The ranker of ``store`` (vocabulary and concept counts read once per store, then from memory)."""
    return await store.memo("ranker", lambda: _load(store, None))


async def ranker_with(store: Store, options: Options) -> Ranker:
    """A ranker of ``store`` with other analysis options (benchmark ablations; not cached)."""
    return await _load(store, options)


__all__ = ["FEATURES", "Candidates", "Hit", "Ranked", "Ranker", "Weights", "asked_cues", "given_cues", "highlight",
           "ranker", "ranker_with", "sentences"]
