"""A memo of the text analysis (:meth:`bot.analysis.Analyser.analyse`) for the build's repeated texts.

A large card file repeats its texts: a card reprinted in twenty sets carries the same rulings, name and type
line in every printing (MTGJSON's ``AllPrintings.json``: about 57 % of the rulings' texts are distinct). The
passage step (:mod:`bot.importer.passages`) analyses every passage's title and text; :class:`AnalysisMemo`
hands back the analysis made before for the same text and options instead of analysing it again.

The analysis of a text depends only on the text, the options given here and the analyser's vocabulary, which
is fixed for the whole step, so a remembered analysis is the one a new analysis would give. The analyses handed
out are shared: callers read them and must not change them (the passage step copies what it extends).
"""

from __future__ import annotations

from collections import OrderedDict

from bot.analysis import Analyser, Analysis

#: Analyses remembered (the least recently used one goes first). 16 384 covers the rulings of the cards a
#: stretch of sets reprints; each entry is a few hundred bytes to a few KB.
MEMO_SIZE = 16_384

_Key = tuple[str, str, bool, "str | None"]


class AnalysisMemo:
    """:meth:`bot.analysis.Analyser.analyse` (never for questions) with the last :data:`MEMO_SIZE` analyses
    remembered by ``(text, language, old_terms, document)``.

    Attributes:
        analyser: the analyser whose results are remembered (its vocabulary must not change while in use).
        hits, misses: texts answered from the memo and texts analysed.
    """

    def __init__(self, analyser: Analyser, size: int = MEMO_SIZE) -> None:
        if size < 1:
            raise ValueError(f"memo size must be at least 1, not {size}")
        self.analyser = analyser
        self.size = size
        self.hits = 0
        self.misses = 0
        self._memo: OrderedDict[_Key, Analysis] = OrderedDict()

    def analyse(self, text: str, *, language: str = "de", old_terms: bool = True,
                document: str | None = None) -> Analysis:
        """The :class:`bot.analysis.Analysis` of ``text`` (arguments as :meth:`bot.analysis.Analyser.analyse`
        without ``question``), shared with earlier callers of the same text and options: read it, do not change
        it. Never raises for any text (as the analyser)."""
        key = (text, language, old_terms, document)
        found = self._memo.get(key)
        if found is not None:
            self.hits += 1
            self._memo.move_to_end(key)
            return found
        self.misses += 1
        found = self.analyser.analyse(text, language=language, old_terms=old_terms, document=document)
        self._memo[key] = found
        if len(self._memo) > self.size:
            self._memo.popitem(last=False)
        return found

    def __len__(self) -> int:
        return len(self._memo)
