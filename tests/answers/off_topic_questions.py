"""Questions players ask in a Magic server that no document of the bot and no rule answers (shop, history, events,
apps, prices, people), as they type them: lower case, no umlauts in some, fragments. Written before the rule that
recognises them was chosen (bot/answers/off_topic.py); the three first are those of the task in issue 19's `/frage`.

Not a question set of the ranking: every question of ``tests/questions/*.toml`` is answerable from the documents.
"""

from __future__ import annotations

OFF_TOPIC = (
    "wer hat magic erfunden",
    "wie teuer ist ein booster",
    "wann kommt das nächste set raus",
    "wo kann ich in berlin turniere spielen",
    "wie viel ist meine sammlung wert",
    "was kostet eine display box bei amazon",
    "wer ist der aktuelle weltmeister",
    "gibt es magic auch als app fürs handy",
    "welche hüllen sind am besten für meine karten",
    "wie lange dauert der versand von meiner bestellung",
    "wann hat der laden am samstag offen",
    "wie kann ich mein passwort bei arena zuruecksetzen",
    "kann man mit magic geld verdienen",
    "welches ist das beste commander deck für anfänger",
    "wie alt muss man sein für ein turnier",
    "wo bekomme ich guenstige karten her",
)
