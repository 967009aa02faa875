"""Personal data a PDF wrapped across lines is found, masked and redacted as one value.

A held-out transcript's header was one running sentence: its ID number wrapped after the 10th digit
and answers quoted "身份证号码3301831983" — region and birth date in clear, in masked mode. Here
every wrap position of an ID (with a digit and with an X check character), a mobile number and
a bank card is checked: detection, masking, line pieces in texts built from quotes, answers from a
real PDF, and the redaction boxes on both lines.
"""

from __future__ import annotations

import re

import pytest

from engine.answer.model import Answer, Evidence, Gap, Status
from engine.answer.pipeline import mask_answer
from engine.text.pii import (find_pii, id_card_checksum_ok, luhn_ok, mask_fragments, mask_text,
                             mask_value, widen_to_pii, wrapped_pieces)

_WEIGHTS = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)


def make_id(body17: str) -> str:
    return body17 + "10X98765432"[sum(int(d) * w for d, w in zip(body17, _WEIGHTS)) % 11]


def make_card(prefix: str) -> str:
    for last in "0123456789":
        if luhn_ok(prefix + last):
            return prefix + last
    raise AssertionError


ID_DIGIT = make_id("33018319850312123")
ID_X = next(v for v in (make_id(f"11010519900115{i:03d}") for i in range(1000)) if v.endswith("X"))
MOBILE = "13812345678"
CARD16 = make_card("622202123456789")
CARD19 = make_card("621700123456789012")
VALUES = [("id_card", "身份证号码", ID_DIGIT), ("id_card", "公民身份号码", ID_X), ("mobile", "联系电话", MOBILE),
          ("bank_card", "银行卡号", CARD16), ("bank_card", "卡号", CARD19)]
CASES = [(kind, label, value, cut) for kind, label, value in VALUES for cut in range(1, len(value))]


def leaks(text: str, value: str) -> list[str]:
    """Runs of five characters of ``value`` visible in ``text`` (line breaks ignored): every such
    run holds at least one character the mask hides, whatever the type."""
    flat = re.sub(r"\s", "", text)
    return [value[i:i + 5] for i in range(len(value) - 4) if value[i:i + 5] in flat]


def test_the_values_are_what_they_claim():
    assert id_card_checksum_ok(ID_DIGIT) and id_card_checksum_ok(ID_X) and ID_X.endswith("X")
    assert luhn_ok(CARD16) and luhn_ok(CARD19) and len(CARD19) == 19


@pytest.mark.parametrize("kind,label,value,cut", CASES)
def test_a_wrapped_value_is_one_span_and_masked_whole(kind, label, value, cut):
    text = f"被讯问人李某，男，汉族，{label}{value[:cut]}\n{value[cut:]}，现住本市，无业。"
    facts = [f for f in find_pii(text) if f.meta["type"] == kind]
    assert len(facts) == 1, [(f.meta, f.text) for f in find_pii(text)]
    assert facts[0].text.replace("\n", "") == value and facts[0].meta["wrapped"]
    masked = mask_text(text, find_pii(text))
    assert masked.count("\n") == 1 and len(masked) == len(text)  # the layout stays, the digits go
    assert leaks(masked, value) == []
    assert re.sub(r"\s", "", masked[facts[0].start:facts[0].end]) == mask_value(value, kind)


LABELS = [(kind, label, value, cut) for kind, label, value in VALUES if kind != "mobile"
          for cut in range(1, len(label))] + [("bank_card", "账号：", "33050161234500001234", 1)]


@pytest.mark.parametrize("kind,label,value,cut", LABELS)
def test_a_number_whose_label_the_pdf_wrapped_is_masked(kind, label, value, cut):
    """开户行…；账\n号：3305… — the number needs its label to be recognised, and the label is cut."""
    text = f"乙方收款账户：开户行：中国建设银行；{label[:cut]}\n{label[cut:]}{value}。"
    masked = mask_text(text, find_pii(text))
    assert leaks(masked, value) == [], masked


@pytest.mark.parametrize("kind,label,value,cut", CASES)
def test_a_line_piece_in_a_text_built_from_a_quote_is_masked(kind, label, value, cut):
    source = f"{label}{value[:cut]}\n{value[cut:]}，现住本市。"
    pieces = wrapped_pieces([source])
    head = f"结论：{label}{value[:cut]}。"  # a quote cut at the line end
    tail = f"下一行是{value[cut:]}，现住本市。"  # a quote starting at the next line
    hidden = mask_value(value, kind)
    assert mask_fragments(head, pieces) == f"结论：{label}{hidden[:cut]}。"
    assert mask_fragments(tail, pieces) == f"下一行是{hidden[cut:]}，现住本市。"
    # The same digits elsewhere — an amount, another number — are left alone.
    amount = f"共计{value[cut:]}元" if len(value) - cut > 1 else "共计5元"
    assert mask_fragments(amount, pieces) == amount or value[cut:] + "，现" in amount


@pytest.mark.parametrize("cut", [3, 10, 14])
def test_a_quote_is_never_cut_inside_a_span(cut):
    text = f"身份证号码{ID_DIGIT[:cut]}\n{ID_DIGIT[cut:]}，住址不详。"
    line_end = text.index("\n")
    start, end = widen_to_pii(text, 0, line_end)
    assert (start, end) == (0, text.index("，"))
    assert widen_to_pii(text, text.index("，"), len(text)) == (text.index("，"), len(text))


@pytest.fixture(scope="module")
def wrapped_home(tmp_path_factory, cjk_font):
    """A real transcript PDF whose header wraps an ID after its 10th digit, a mobile after its 5th
    and a card after its 8th (a line break in the PDF, as pdfplumber reads it)."""
    from engine import Engine
    from engine.bench.pdfmaker import make_pdf
    from tests.engine.conftest import settings_for

    tmp = tmp_path_factory.mktemp("wrapped")
    lines = ["讯问笔录", "时间：2024年3月5日9时至10时",
             f"被讯问人李某，男，1985年3月12日出生，身份证号码{ID_DIGIT[:10]}",
             f"{ID_DIGIT[10:]}，联系电话{MOBILE[:5]}", f"{MOBILE[5:]}，工商银行卡号{CARD16[:8]}",
             f"{CARD16[8:]}，现住本市。",
             "问：你的身份证号码是多少？", f"答：身份证号码{ID_DIGIT[:10]}", f"{ID_DIGIT[10:]}。",
             "问：你的银行卡号是多少？", f"答：我的银行卡号{CARD16[:12]}", f"{CARD16[12:]}，是工商银行的。"]
    pdf = make_pdf(tmp / "wrapped.pdf", [lines], font=cjk_font)
    engine = Engine(settings=settings_for(tmp / "home"))
    report = engine.ingest([pdf]).documents[0]
    assert report.status.value == "ingested", report
    yield engine, report.doc_id
    engine.index.catalog.close()


@pytest.mark.integration
@pytest.mark.parametrize("question", ["他的身份证号码是多少？", "被讯问人的联系电话是多少？", "银行卡号是多少？"])
def test_masked_answers_from_a_real_pdf_show_no_piece_of_a_wrapped_number(wrapped_home, question):
    engine, doc_id = wrapped_home
    answer = engine.ask(question, doc_id=doc_id, llm=False)
    shown = [answer.conclusion, *(e["quote"] for e in answer.to_dict()["evidence"]),
             *(g.description for g in answer.gaps), *(c.description for c in answer.conflicts)]
    assert answer.evidence, answer.to_dict()
    for value in (ID_DIGIT, MOBILE, CARD16):
        for text in shown:
            assert leaks(text, value) == [], (value, text)
    unmasked = engine.ask(question, doc_id=doc_id, llm=False, unmask=True)
    assert not unmasked.pii_masked


@pytest.mark.integration
def test_each_chunk_quote_cut_at_a_line_end_is_masked(wrapped_home):
    """Every line of every chunk quoted alone (as a composer cutting at the line end would)."""
    engine, doc_id = wrapped_home
    for shown in lines_quoted_alone(engine.chunks(doc_id, with_facts=True)):
        for value in (ID_DIGIT, MOBILE, CARD16):
            assert all(leaks(text, value) == [] for text in shown), (value, shown)


def lines_quoted_alone(chunks):
    """For every line of every chunk: the masked conclusion, quote and gap of an answer that
    quotes that line alone (a composer that cut its quote at a line end)."""
    for chunk in chunks:
        offset = 0
        for line in chunk.text.split("\n"):
            evidence = Evidence(id="E1", chunk=chunk, doc_name="wrapped.pdf", quote_start=offset,
                                quote_end=offset + len(line), bboxes=[], score=1.0)
            answer = Answer(question="q", intent="fact", status=Status.ANSWERED, conclusion=f"材料显示：{line}",
                            evidence=[evidence], gaps=[Gap(description=f"缺少：{line}", evidence=["E1"])])
            mask_answer(answer, unmask=False)
            yield [answer.conclusion, evidence.display_quote, answer.gaps[0].description]
            offset += len(line) + 1


@pytest.mark.integration
def test_redaction_boxes_cover_both_lines_of_a_wrapped_number(wrapped_home):
    from engine.redact import pii_boxes

    engine, doc_id = wrapped_home
    page = engine.pages(doc_id)[0]
    boxes = pii_boxes(engine, doc_id)[1]
    start = page.text.index(ID_DIGIT[:10])
    second = page.text.index(ID_DIGIT[10:])
    assert "\n" in page.text[start:second]  # the PDF really wraps it
    covered = 0
    for line in page.lines:
        text = page.text[line.start:line.end]
        if ID_DIGIT[:10] in text or text.startswith(ID_DIGIT[10:]):
            assert any(abs(b.top - line.bbox.top) < 3 for b in boxes), text
            covered += 1
    assert covered >= 2


# What OCR and the line-joining rule make of an ID's check character X: OCR reads it as the
# multiplication sign ×, and an X wrapped onto its own line comes back after a space ("…003 X").
# Either way the whole ID is found and masked at every wrap position.
OCR_FORMS = [ID_X[:-1] + "×", ID_X[:-1] + " X"]


@pytest.mark.parametrize("form", OCR_FORMS)
@pytest.mark.parametrize("cut", range(1, 18))
def test_an_id_whose_check_character_ocr_misread_is_masked_at_every_wrap(form, cut):
    text = f"公民身份号码{form[:cut]}\n{form[cut:]}，现住本市。"
    facts = [f for f in find_pii(text) if f.meta["type"] == "id_card"]
    assert len(facts) == 1 and re.sub(r"\s", "", facts[0].text).replace("×", "X") == ID_X, facts
    masked = mask_text(text, find_pii(text))
    assert leaks(masked.replace("×", "X"), ID_X) == [], masked


@pytest.mark.parametrize("number", [ID_DIGIT[:17], ID_DIGIT[:15], ID_DIGIT[:16] + "0" + "7"])
def test_a_malformed_number_after_an_id_label_is_still_an_id(number):
    """17 digits and an unread check character, an old 15-digit ID, a misread digit (bad check)."""
    for label in ("身份证号码", "公民身份号码：", "证件号码为"):
        text = f"{label}{number}，现住本市。"
        facts = [f for f in find_pii(text) if f.meta["type"] == "id_card"]
        assert [f.text for f in facts] == [number], (label, facts)
        assert leaks(mask_text(text, find_pii(text)), number) == []
    if len(number) != 18:  # unlabelled, a 15- or 17-digit number is no ID (an order number...)
        assert not [f for f in find_pii(f"合同编号{number}") if f.meta["type"] == "id_card"]


@pytest.mark.parametrize("kind,label,value,cut", CASES)
def test_a_wrapped_value_in_a_transcript_header_field_is_whole_and_masked(kind, label, value, cut):
    """Header fields (shown on the Documents page) were parsed line by line: a wrapped ID became
    the field value "3301831985", which no detector recognises."""
    from engine.ingest.chunkers.transcript import parse_header_fields
    from ui.documents import masked_meta

    lines = ["讯问笔录", f"被讯问人：李某  {label}：{value[:cut]}", f"{value[cut:]}  时间：2024年3月5日",
             "地点：某市公安局"]
    fields = parse_header_fields(lines)
    assert fields[label].replace(" ", "") == value and fields["时间"] == "2024年3月5日" and fields["地点"] == "某市公安局"
    shown = masked_meta({"fields": fields}, "\n".join(lines))
    assert all(leaks(text, value) == [] for text in shown["fields"].values()), shown


def test_every_text_of_a_masked_answer_is_masked():
    """Besides conclusion, quotes, conflicts and gaps: calculation notes, failed checks (they quote
    the failing value), notes and the ledger rows behind the answer."""
    from engine.answer.model import Calculation, Checks

    chunk_text = f"身份证号码{ID_DIGIT[:10]}\n{ID_DIGIT[10:]}，手机{MOBILE}。"
    from engine.types import Chunk, Span

    chunk = Chunk("d:1", "d", 1, "transcript", "qa", chunk_text, [Span(1, 0, len(chunk_text))], [], {})
    evidence = Evidence("E1", chunk, "x.pdf", 0, len(chunk_text), [], 1.0)
    answer = Answer(question="q", intent="fact", status=Status.NEEDS_REVIEW, conclusion="见E1。",
                    evidence=[evidence],
                    calculations=[Calculation("1+1", 2, 2, True, ["E1"], description=f"号码{ID_DIGIT}")],
                    checks=Checks(numbers_grounded=False, unsupported=[f"数字「{ID_DIGIT}」不见于所引证据",
                                                                       f"手机{MOBILE}"]),
                    notes=[f"身份证号码{ID_DIGIT[:10]}"],
                    ledger=[{"date": "2022-10-15", "amount": 17000, "means": f"转入卡号{CARD16}", "page": 3}])
    mask_answer(answer, unmask=False)
    shown = json_texts(answer.to_dict())
    for value in (ID_DIGIT, MOBILE, CARD16):
        assert all(leaks(text, value) == [] for text in shown), (value, shown)
    assert answer.ledger[0]["amount"] == 17000  # values stay values


def json_texts(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for v in value.values() for t in json_texts(v)]
    if isinstance(value, list):
        return [t for v in value for t in json_texts(v)]
    return []
