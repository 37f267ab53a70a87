"""The fake Discord's model of what the user sees (``InteractionResult``), where Discord's rules decide a test."""

from __future__ import annotations

from fakediscord import EPHEMERAL, InteractionResult

# Discord: a deferred reply (type 5) fixes the visibility of the message its first follow-up fills; a deferred update
# (type 6) belongs to the clicked message, and a follow-up after it is a new message with its own flags.
PUBLIC_MESSAGE = {"flags": 0, "components": []}


def result(callback: int, followups: list[dict], edits: list[dict] | None = None) -> InteractionResult:
    return InteractionResult(id="1", token="t", type=3, callbacks=[{"type": callback}], followups=followups,
                             edits=edits or [], message=PUBLIC_MESSAGE)


def test_a_follow_up_after_a_deferred_update_is_private_by_its_own_flags():
    assert result(6, [{"flags": EPHEMERAL, "content": "Antwort hat sich geändert"}]).ephemeral
    assert not result(6, [{"flags": 0}]).ephemeral


def test_an_edit_after_a_deferred_update_keeps_the_clicked_message_public():
    assert not result(6, [], edits=[{"flags": EPHEMERAL}]).ephemeral


def test_a_first_follow_up_after_a_public_defer_stays_public():
    deferred = InteractionResult(id="1", token="t", type=2, callbacks=[{"type": 5, "data": {"flags": 0}}],
                                 followups=[{"flags": EPHEMERAL}])
    assert not deferred.ephemeral
