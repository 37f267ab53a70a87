"""Secrets out of text: the bot token, anything shaped like a bot token, and interaction tokens, replaced by
``[geheim]`` in every log line, text (:class:`bot.logs.RedactingFormatter`) or JSON (:mod:`bot.log_json`)."""

from __future__ import annotations

import re
from collections.abc import Sequence

#: Interaction tokens: in callback and webhook URLs (``/interactions/<id>/<token>/callback``,
#: ``/webhooks/<app>/<token>``) and as the ``token`` field of a payload (JSON or a dict's repr).
_INTERACTION_TOKEN = re.compile(
    r"(?P<pre>/interactions/\d+/|/webhooks/\d+/)(?P<secret>[^/\s'\"?#]+)"
    r"|(?P<key>['\"]token['\"]\s*:\s*['\"])(?P<value>[^'\"]+)"
)
#: Anything shaped like a bot token (user id in base64 . timestamp . HMAC), also one that is not ours.
_BOT_TOKEN = re.compile(r"\b[MNO][A-Za-z\d_-]{23,27}\.[A-Za-z\d_-]{6}\.[A-Za-z\d_-]{27,}\b")
REDACTED = "[geheim]"


def redact(text: str, secrets: Sequence[str] = ()) -> str:
    """``text`` with the secrets (the bot token), every bot-token-shaped string and every interaction token
    replaced by ``[geheim]``; used by :class:`bot.logs.RedactingFormatter` and :mod:`bot.log_json`."""
    for secret in secrets:
        if secret:
            text = text.replace(secret, REDACTED)
    text = _BOT_TOKEN.sub(REDACTED, text)
    return _INTERACTION_TOKEN.sub(lambda m: (m["pre"] or m["key"]) + REDACTED, text)
