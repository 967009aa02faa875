"""Engine.reveal_answer: an answer asked masked is shown unmasked without a second ask, to a role
that may see personal data, and that showing is one audit record naming who and which answer."""

from __future__ import annotations

import pytest

from engine.auth import PermissionDenied, Role, ScryptParams, UserStore
from engine.bench.pdfmaker import make_pdf
from tests.engine.conftest import TRANSCRIPT_LINES

pytestmark = pytest.mark.integration

CARD = "6217000012345678901"
LINES = [*TRANSCRIPT_LINES[:-2], "问：钱转到哪张卡上？", f"答：转到我的银行卡，卡号{CARD}。"]


@pytest.fixture
def users(tmp_path):
    store = UserStore.for_home(tmp_path / "users", params=ScryptParams(n=2 ** 8))
    store.add("lead", "password-lead", Role.LEAD)
    store.add("para", "password-para", Role.PARALEGAL)
    return {name: store.get(name) for name in ("lead", "para")}


def test_a_masked_answer_is_revealed_without_asking_again_and_audited_once(engine, tmp_path, cjk_font, users):
    pdf = make_pdf(tmp_path / "笔录.pdf", [LINES], font=cjk_font)
    assert engine.ingest([pdf]).ok
    answer = engine.ask("钱转到哪张卡上？", user="lead")
    assert answer.pii_masked and CARD not in " ".join(e.display_quote or "" for e in answer.evidence)
    asks_before = len(engine.audit.records(kind="ask", limit=100))

    shown, record_id = engine.reveal_answer(answer, users["lead"])

    assert not shown.pii_masked and shown.audit_id == answer.audit_id
    assert any(CARD in (e.display_quote or e.quote) for e in shown.evidence)
    assert len(engine.audit.records(kind="ask", limit=100)) == asks_before  # no second ask
    record = engine.audit.get(record_id)
    assert record.kind == "answer_unmasked" and record.user == "lead"
    assert record.body["payload"]["answer"] == answer.audit_id
    assert record.body["payload"]["question"] == "钱转到哪张卡上？"
    # the masked answer is unchanged, and what is kept unmasked never reaches its JSON
    assert answer.pii_masked and CARD not in str(answer.to_dict())


def test_a_role_without_the_permission_is_refused_and_nothing_is_recorded(engine, tmp_path, cjk_font, users):
    pdf = make_pdf(tmp_path / "笔录.pdf", [LINES], font=cjk_font)
    assert engine.ingest([pdf]).ok
    answer = engine.ask("钱转到哪张卡上？", user="para")
    count = engine.audit.count()
    with pytest.raises(PermissionDenied):
        engine.reveal_answer(answer, users["para"])
    assert engine.audit.count() == count
