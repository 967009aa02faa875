"""English contract clause questions go through the contract facts layer as Chinese ones do
(engine/answer/subject.py): answered from the clause of the asked kind, quoted, with the value of
the asked kind; a kind the contract lacks is not_found. On an invented English support agreement,
ingested for real (a PDF), with a judge whose bars take 已核验 off every English open answer — so a
badge here can only come from the clause route, never from the judged path."""

from __future__ import annotations

import pytest

from engine import Engine
from engine.answer.judge.confidence import NO_BADGE
from engine.answer.judge.model import Judge, load_judge
from engine.answer.model import Answer, Evidence, Status
from engine.answer.subject import subject_problems
from engine.bench.pdfmaker import make_pdf
from engine.config import Settings
from engine.question import read_question
from engine.types import Chunk

pytestmark = pytest.mark.integration

AGREEMENT = [
    "SOFTWARE SUPPORT AGREEMENT",
    'This Software Support Agreement is entered into as of June 2, 2025 (the "Effective Date") by and between',
    'Bluefin Quay Robotics, Inc., an Oregon corporation ("Vendor"), and Copperleaf Orchard Foods LLC, a',
    'Washington limited liability company ("Client").',
    "1. SUPPORT",
    "1.1 Vendor shall answer support requests from Client within one business day.",
    "2. FEES AND PAYMENT",
    "2.1 Fees. Client shall pay Vendor a monthly support fee of $4,250.00 and a one-time onboarding fee",
    "of $9,800.00.",
    "2.2 Invoices. Client shall pay each undisputed invoice within twenty (20) days of receipt.",
    "3. CONFIDENTIALITY",
    "3.1 Each party shall keep the other party's confidential information secret and use it only for this",
    "Agreement.",
    "4. LIMITATION OF LIABILITY",
    "4.1 Neither party's aggregate liability under this Agreement shall exceed the fees paid in the six",
    "(6) months before the claim arose.",
    "5. TERMINATION",
    "5.1 Termination for Convenience. Either party may terminate this Agreement for convenience upon",
    "sixty (60) days' prior written notice to the other party.",
    "5.2 Termination for Cause. Either party may terminate this Agreement if the other party materially",
    "breaches it and fails to cure the breach within fifteen (15) days after written notice.",
    "6. GOVERNING LAW AND DISPUTES",
    "6.1 This Agreement is governed by the laws of the State of Oregon.",
    "6.2 Each party submits to the exclusive jurisdiction of the courts located in Salem, Oregon.",
]


@pytest.fixture(scope="module")
def home(tmp_path_factory, cjk_font) -> Engine:
    folder = tmp_path_factory.mktemp("subject_en")
    pdf = make_pdf(folder / "Support_Agreement.pdf", [AGREEMENT], font=cjk_font)
    engine = Engine(settings=Settings.from_name("strict", home=str(folder / "home"), ingest={"ocr": "off"}))
    assert engine.ingest([pdf], kind="contract").ok
    shipped, reason = load_judge()
    if shipped is None:
        pytest.skip(reason)
    bars = {key: {"bar": NO_BADGE} for key in ("contract:en-open:answers", "contract:en-yesno:not_mentioned",
                                                "contract:en-yesno:verdict")}
    # the judged path keeps no badge on English contract answers, whatever the shipped card says
    engine.answerer.judge = Judge({**shipped.card, "confidence_bars": bars}, shipped.boosters, shipped.linear)
    yield engine
    engine.index.catalog.close()


@pytest.mark.parametrize("question, expected, other", [
    ("What is the monthly support fee?", "4,250", "9,800"),
    ("How much is the one-time onboarding fee?", "9,800", "4,250"),
])
def test_a_fee_is_the_fee_of_the_asked_kind_read_from_the_payment_clause(home, question, expected, other):
    answer = home.ask(question)
    assert answer.status is Status.ANSWERED, answer.conclusion
    assert expected in answer.conclusion and other not in answer.conclusion
    assert all("FEES AND PAYMENT" in item.chunk.text for item in answer.evidence)


@pytest.mark.parametrize("question, expected, not_expected", [
    ("Which law governs the agreement?", "6.1 This Agreement is governed by the laws of the State of Oregon.",
     "exclusive jurisdiction"),
    ("What does the agreement say about termination for convenience?", "sixty (60) days", "fifteen (15) days"),
    ("What is the cap on liability under the agreement?", "shall exceed the fees paid", "sixty (60)"),
])
def test_a_clause_question_quotes_the_item_of_the_asked_kind(home, question, expected, not_expected):
    answer = home.ask(question)
    assert answer.status is Status.ANSWERED, answer.conclusion
    assert expected in answer.conclusion and not_expected not in answer.conclusion
    # the section number of the heading stays with the quoted item: no bare number in the conclusion
    assert answer.checks.numbers_grounded, answer.checks.unsupported


def test_the_effective_date_is_read_where_the_contract_facts_found_it(home):
    answer = home.ask("What is the effective date of the agreement?")
    assert answer.status is Status.ANSWERED, answer.conclusion
    assert "June 2, 2025" in answer.conclusion
    assert answer.evidence[0].chunk.chunk_type == "header"  # the preamble, where the date is defined


@pytest.mark.parametrize("question", ["How much is the security deposit under the agreement?",
                                      "What liquidated damages does the agreement set?"])
def test_a_clause_kind_the_contract_lacks_is_not_found(home, question):
    answer = home.ask(question)
    assert answer.status is Status.NOT_FOUND and not answer.evidence, answer.conclusion
    assert "4,250" not in answer.conclusion and "9,800" not in answer.conclusion


def test_the_badge_check_holds_an_english_fee_answer_to_the_payment_clause():
    confidentiality = Chunk("d1:3", "d1", 3, "contract", "clause",
                            "3. CONFIDENTIALITY\n3.1 Each party shall keep the other's information secret.", [], [],
                            {"heading": "CONFIDENTIALITY"})
    answer = Answer(question="", intent="fact", status=Status.ANSWERED, conclusion="材料显示为$4,250.00（E1）。",
                    evidence=[Evidence("E1", confidentiality, "Support.pdf", 0, 20, [], 0.5)])
    assert subject_problems(read_question("What is the monthly support fee?"), answer) == ["所引内容不是「付款」条款"]
