"""``call`` and ``press`` show a private answer as the console does: ``(nur für dich)`` and the share button's id."""

from __future__ import annotations

from tests.conftest import call_cli


def test_call_shows_a_private_answer_and_its_share_id_that_press_shares(built_db):
    private = call_cli("call", "/karte name: Boros-Rekrut privat: True", db=built_db)
    assert private.returncode == 0 and private.stdout.startswith("== Boros-Rekrut ==")
    note = private.stdout.strip().splitlines()[-1]
    assert note.startswith("(nur für dich) [Im Kanal teilen] (rb:sh:1:") and note.endswith(":/card:Boros-Rekrut)")
    shared = call_cli("press", note.rsplit("(", 1)[1].rstrip(")"), db=built_db)
    assert shared.returncode == 0 and shared.stdout.startswith("== Boros-Rekrut ==")
    assert "nur für dich" not in shared.stdout  # shared: public in the channel
    public = call_cli("call", "/karte name: Boros-Rekrut", db=built_db)
    assert "nur für dich" not in public.stdout
