"""The words the question search leaves out of ranking (:mod:`bot.analysis`): German and English function
words, question words and fillers, and the weak function words that count only beside other words.

:data:`STOP_WORDS` extends :data:`bot.text.STOP_WORDS`, the one list of function words of the bot.
"""

from __future__ import annotations

from bot.text import STOP_WORDS as TEXT_STOP_WORDS


def _word_list(text: str) -> frozenset[str]:
    """The white-space separated words of ``text`` (word lists written as prose blocks)."""
    return frozenset(text.split())


#: Question words and fillers players put around a rules question (dropped from ranking).
QUESTION_WORDS = _word_list(
    """
    was wie wer wen wem wessen wo wann warum wieso weshalb weswegen welche welcher welches welchen welchem
    wohin woher womit wozu wodurch worauf wofür passiert passieren geschieht gilt eigentlich genau denn mal
    bitte frage fragen hallo hi leute jemand weiß weiss gibt gibts gib stimmt richtig
    überhaupt also eigentlich trotzdem dabei dann dass daß hier dort etwa
    """
)
#: Contractions and colloquial forms of function words in typed questions ("fürs Einberufen", "ne Fehde",
#: "hab ich"): as empty as the words they stand for.
COLLOQUIAL = _word_list(
    """
    fürs furs ans aufs ums übers ubers durchs vors hinters unters unterm überm hinterm vorm beim
    ne nen nem ner hab is isn nix nich halt eh grad
    """
)
#: Function words of German and English beyond :data:`bot.text.STOP_WORDS` (the one list this extends).
MORE_STOP_WORDS = _word_list(
    """
    aber alle allem allen aller alles als also am an andere anderen anderer anderes auch auf aus bei beim bin
    bis bist da damit darf darfst dafür daran darauf darin darüber davon dazu dein deine deinem deinen deiner
    deines dem den denen der des dessen die dies diese diesem diesen dieser dieses doch dort du durch ein
    eine einem einen einer eines er es euch euer für gegen habe haben hast hat hatte hätte ich ihm ihn ihnen
    ihr ihre ihrem ihren ihrer im in ins ist ja jede jedem jeden jeder jedes jene jenem jenen jener jenes kann
    kannst können könnte man mein meine meinem meinen meiner mich mir mit muss musst müssen nach nein nicht
    noch nun nur ob oder ohne sehr sein seine seinem seinen seiner sich sie sind so sollte soll sollen sondern
    um und uns unser unter viel vom von vor war wäre waren was weil wenn werde werden wie wieder will wir wird
    wirst wo wurde würde würden zu zum zur zwar über kein keine keinen keinem keiner keines nie niemals
    schon sowie falls sobald solange dir dich mal eben einfach etwas nichts gar
    the a an of to is are and or on in it its be can does do what when how if with for by this that which
    """
)
STOP_WORDS = TEXT_STOP_WORDS | QUESTION_WORDS | COLLOQUIAL | MORE_STOP_WORDS
#: Function words that can decide a rules question ("unter 0", "ohne Manakosten", "nicht beide"): indexed and
#: searched as terms, but a question of only such words is no question ("ohne" alone finds nothing).
WEAK_WORDS = _word_list(
    """
    unter über ohne gegen nach vor nicht kein keine beide beiden alle jede jeder mehr weniger nur erst zuerst
    gleichzeitig sofort danach vorher statt stattdessen
    """
)


__all__ = ["COLLOQUIAL", "MORE_STOP_WORDS", "QUESTION_WORDS", "STOP_WORDS", "WEAK_WORDS"]
