"""Transcript chunking on a real two-page PDF and on plain text with colon and speaker variants."""

from __future__ import annotations

import pytest

from engine.ingest.chunkers import chunk_document, detect_kind
from engine.ingest.chunkers.base import MAX_CHUNK_CHARS, assert_invariant, document_from_text, text_weight
from engine.ingest.chunkers.transcript import chunk_transcript, is_signature_line, parse_header_fields
from engine.types import DocKind
from tests.ingest.test_chunkers_base import pdf_document

pytestmark = pytest.mark.unit

PAGE_1 = [
    "讯问笔录",
    "（第1次）",
    "时间：2023年5月12日14时30分至2023年5月12日16时10分",
    "地点：某市公安局某分局办案中心第三讯问室",
    "侦查员：王某某、李某某    工作单位：某市公安局某分局",
    "记录人：李某某",
    "被讯问人：张某    性别：男    出生日期：1985年3月2日",
    "身份证号码：110101198503020011",
    "现住址：某市某区某路12号",
    "问：我们是某市公安局某分局的侦查员，现依法对你进行讯问，你要如实回答，听清楚了吗？",
    "答：听清楚了。",
    "问：你因何事被传唤？",
    "答：因为我向刘某借钱的事情。",
    "问：你把借款的经过讲一下。",
    "答：2022年3月我向刘某借了四万二千元，分四次给的，第一次17000元，第二次13000元，第三次6000元，第四次6000元。",
    "第 1 页 共 2 页",
    "被讯问人签名：张某",
]
PAGE_2 = [
    "钱都是转账给我的，我写了借条。",
    "答：后来我还了一部分，具体多少记不清了。",
    "问：你还有什么要补充的吗？",
    "答：没有了。",
    "以上笔录我看过，和我说的一样。",
    "被讯问人：张某",
    "2023年5月12日",
    "第 2 页 共 2 页",
]


@pytest.fixture(scope="module")
def transcript_pdf(tmp_path_factory, cjk_font):
    from engine.bench.pdfmaker import make_pdf

    path = make_pdf(tmp_path_factory.mktemp("tx") / "讯问笔录.pdf", [PAGE_1, PAGE_2], font=cjk_font)
    return pdf_document(path)


def test_transcript_pdf_is_detected_and_chunked_into_header_pairs_and_closing(transcript_pdf):
    assert detect_kind(transcript_pdf) is DocKind.TRANSCRIPT
    chunks = chunk_document(transcript_pdf, DocKind.AUTO)
    assert_invariant(transcript_pdf, chunks)
    assert [c.chunk_type for c in chunks] == ["header", "qa", "qa", "qa", "qa", "signature"]
    assert [c.meta["qa_index"] for c in chunks if c.chunk_type == "qa"] == [1, 2, 3, 4]


def test_header_fields_are_parsed(transcript_pdf):
    header = chunk_transcript(transcript_pdf)[0]
    assert header.meta["title"] == "讯问笔录"
    assert header.meta["session"] == "1"
    fields = header.meta["fields"]
    assert fields["时间"] == "2023年5月12日14时30分至2023年5月12日16时10分"
    assert fields["侦查员"] == "王某某、李某某"
    assert fields["工作单位"] == "某市公安局某分局"
    assert fields["被讯问人"] == "张某"
    assert fields["性别"] == "男"
    assert fields["出生日期"] == "1985年3月2日"
    assert fields["身份证号码"] == "110101198503020011"
    assert not header.text.startswith("问") and "问：" not in header.text


def test_answer_across_page_break_leaves_out_footer_and_signature(transcript_pdf):
    chunks = chunk_transcript(transcript_pdf)
    loan = next(c for c in chunks if c.meta.get("question", "").startswith("问：你把借款的经过"))
    assert [s.page for s in loan.spans] == [1, 2]
    assert "第 1 页" not in loan.text and "签名" not in loan.text and "共 2 页" not in loan.text
    answer = loan.text[loan.meta["answer_start"]:]
    assert answer.startswith("答：2022年3月我向刘某借了四万二千元")
    # Both 答 lines of the pair, and the sentence that runs over the page break, stay in it.
    assert "第四次6000元。\n钱都是转账给我的，我写了借条。" in answer
    assert "答：后来我还了一部分" in answer
    assert loan.meta["question"] == "问：你把借款的经过讲一下。"


def test_closing_statement_is_its_own_chunk_without_footer(transcript_pdf):
    closing = chunk_transcript(transcript_pdf)[-1]
    assert closing.chunk_type == "signature"
    assert closing.text.startswith("以上笔录我看过")
    assert "被讯问人：张某" in closing.text and "第 2 页" not in closing.text
    last_pair = chunk_transcript(transcript_pdf)[-2]
    assert "以上笔录" not in last_pair.text and last_pair.text.endswith("答：没有了。")


def test_half_width_colons_speaker_forms_and_long_answers():
    long_answer = "我记得那天下午我们在公司见面，他说要借钱周转，我当时没有答应。" * 30
    text = "\n".join([
        "询问笔录",
        "时间:2024年1月3日9时至10时 地点:某派出所",
        "询问人:赵某 记录人:钱某",
        "被询问人:孙某",
        "问:你和李某是什么关系?",
        "答:同事关系。",
        "答:补充一下，也是老乡。",
        "侦查员问：当天发生了什么？",
        f"被询问人答：{long_answer}",
        "问 : 还有吗?",
        "答 : 没有。",
    ])
    doc = document_from_text("询问笔录.txt", text)
    assert detect_kind(doc) is DocKind.TRANSCRIPT
    chunks = chunk_transcript(doc)
    assert_invariant(doc, chunks)
    header = chunks[0]
    assert header.meta["fields"]["时间"] == "2024年1月3日9时至10时"
    assert header.meta["fields"]["地点"] == "某派出所"
    assert header.meta["fields"]["记录人"] == "钱某"
    pairs = [c for c in chunks if c.chunk_type in ("qa", "qa_part")]
    assert sorted({c.meta["qa_index"] for c in pairs}) == [1, 2, 3]
    first = pairs[0]
    assert first.text == "问:你和李某是什么关系?\n答:同事关系。\n答:补充一下，也是老乡。"
    assert first.meta["answer_start"] == first.text.index("答:同事关系")
    parts = [c for c in pairs if c.meta["qa_index"] == 2]
    assert len(parts) > 1 and all(c.chunk_type == "qa_part" for c in parts)
    assert len({c.meta["chain_id"] for c in parts}) == 1
    assert all(c.meta["question"] == "侦查员问：当天发生了什么？" for c in parts)
    assert all(text_weight(c.text) <= MAX_CHUNK_CHARS for c in parts)
    assert parts[0].meta["answer_start"] == parts[0].text.index("被询问人答")
    assert all(c.meta["answer_start"] == 0 for c in parts[1:])
    assert "".join(c.text for c in parts).replace("\n", "") == \
        ("侦查员问：当天发生了什么？" + f"被询问人答：{long_answer}")


def test_signature_lines_and_header_field_parsing():
    assert is_signature_line("被讯问人签名：张某")
    assert is_signature_line("记录人：李某某")
    assert is_signature_line("侦查员（签名）：王某")
    assert not is_signature_line("答：记录人是谁我不知道，当时没有人告诉我。")
    assert not is_signature_line("问：你签名了吗？")
    assert parse_header_fields(["工作单位：甲公司  工作单位：乙公司"]) == {"工作单位": "甲公司", "工作单位_2": "乙公司"}


def test_text_without_questions_falls_back_to_bounded_paragraphs():
    doc = document_from_text("x.txt", "讯问笔录\n" + "没有问答的内容。" * 100)
    chunks = chunk_transcript(doc)
    assert_invariant(doc, chunks)
    assert all(text_weight(c.text) <= MAX_CHUNK_CHARS for c in chunks)


def _pairs(text: str):
    doc = document_from_text("笔录.txt", text)
    chunks = chunk_transcript(doc)
    assert_invariant(doc, chunks)
    return [c for c in chunks if c.chunk_type in ("qa", "qa_part")], chunks


@pytest.mark.parametrize("sep", ["：", ":", "　", " ", ""])
def test_question_and_answer_markers_with_any_separator(sep):
    lines = ["询问笔录", "时间：2024年2月1日9时至10时", "地点：某派出所", "询问人：毛某 记录人：车某", "被询问人：邬某",
             f"问{sep}你叫什么名字？", f"答{sep}我叫邬某，今年四十岁。",
             f"问{sep}你借给他多少钱？", f"答{sep}借给他两万元，是现金，当时他说",
             "答应月底还给我，后来一直没还。",  # a wrapped line that begins with 答
             f"问{sep}有借条吗？", f"答{sep}有，借条在我家里。"]
    pairs, chunks = _pairs("\n".join(lines))
    assert chunks[0].chunk_type == "header" and chunks[0].meta["fields"]["被询问人"] == "邬某"
    assert [c.meta["qa_index"] for c in pairs] == [1, 2, 3]
    loan = pairs[1]
    assert "答应月底还给我" in loan.text and loan.text.endswith("后来一直没还。")
    turns = loan.meta["turns"]
    assert [(t["role"], t["party"], t["speaker"]) for t in turns] == [("Q", "讯问人", None), ("A", "被询问人", "邬某")]
    assert loan.text[turns[1]["content"]:].startswith("借给他两万元")


HEARING = "\n".join([
    "某市某区人民法院", "庭审笔录", "时间：2024年6月3日9时00分至11时20分", "地点：某市某区人民法院第五审判庭",
    "审判长：苗某 审判员：晏某", "书记员：葛某",
    "原告：某某商贸有限公司，住所地某市某路1号。", "委托诉讼代理人：濮某，某律师事务所律师。",
    "被告：宓某，男，1980年1月2日出生。",
    "审判长：现在开庭，核对当事人身份。原告方到庭的是谁？",
    "原告委托诉讼代理人：濮某，受原告委托出庭。",
    "审判长：被告。",
    "被告：宓某，本人到庭。",
    "审判长：原告，被告欠你方多少租金？",
    "原告委托诉讼代理人：欠了三个月的租金，一共四万五千元。",
    "签名：濮某 宓某",
    "被告：我只欠两个月，三万元。",
    "审判长：被告，你什么时候交的最后一笔租金？",
    "被告：2024年1月5日，交了一万五千元。",
    "审判员：原告对此有无异议？",
    "原告委托诉讼代理人：没有异议。",
    "以上笔录经当事人阅读，确认无误。"])


def test_a_hearing_record_attributes_each_turn_to_its_speaker_and_side():
    pairs, chunks = _pairs(HEARING)
    header = chunks[0]
    assert header.chunk_type == "header" and header.meta["title"] == "庭审笔录"
    assert header.meta["fields"]["地点"] == "某市某区人民法院第五审判庭" and "现在开庭" not in header.text
    rent = next(c for c in pairs if "多少租金" in c.text)
    said = [(t["label"], t["role"], t["party"], t["speaker"]) for t in rent.meta["turns"]]
    assert said == [("审判长", "Q", "法庭", "苗某"), ("原告委托诉讼代理人", "A", "原告", "濮某"),
                    ("被告", "A", "被告", "宓某")]
    assert "签名" not in rent.text  # the page-foot signature is no turn and no speech
    bench = next(c for c in pairs if "有无异议" in c.text)
    assert bench.meta["turns"][0]["label"] == "审判员" and bench.meta["turns"][0]["role"] == "Q"


# A header run as one paragraph, wrapped so that a line opens with a role's label (审判员：…。书记员：…).
RUN_ON_HEADER = "\n".join([
    "庭审笔录", "时间：2024年5月14日9时30分至11时45分。地点：某市某区人民法院",
    "第三法庭。案号：（2024）某0102民初3157号。案由：教育培训合同纠纷。",
    "审判员：苗某。书记员：葛某。原告：韩某某，女，1986年11月9日出",
    "生，住某市某区某花园6栋。被告：某某教育咨询有限",
    "公司，住所地某市某路216号，法定代表人罗某。",
    "委托诉讼代理人：孟某，某律师事务所律师。",
    "审判员：现在开庭。原告，你的身份信息与起诉状是否一致？",
    "原告：一致。",
    "审判员：原告陈述诉讼请求。",
    "原告：判令被告退还课时费18500元。",
    "审判员：被告答辩。",
    "被告：不同意，只同意退13896元。"])


def test_a_wrapped_header_line_opening_with_a_role_label_stays_in_the_header():
    pairs, chunks = _pairs(RUN_ON_HEADER)
    header = chunks[0]
    assert header.chunk_type == "header" and "原告：韩某某" in header.text and "现在开庭" not in header.text
    opening = next(c for c in pairs if "现在开庭" in c.text)
    assert opening.meta["turns"][0]["label"] == "审判员" and opening.meta["turns"][0]["role"] == "Q"


def test_sessions_a_second_header_mid_page_and_a_supplement_section():
    text = "\n".join([
        "讯问笔录", "时间：2024年3月1日9时至10时", "地点：某县看守所第一讯问室", "侦查员：乔某、邴某",
        "犯罪嫌疑人：应某", "问：你拿了多少钱？", "答：一共拿了六千元。",
        "以上笔录我看过，和我说的相符。", "犯罪嫌疑人：应某",
        "讯问笔录（第二次）", "时间：2024年3月8日14时至15时", "地点：某县看守所第三讯问室",
        "侦查员：乔某、邴某", "问：上次说的有没有要更正的？", "答：有，是七千元，不是六千元。",
        "补充讯问：", "时间｜2024年3月8日15时10分至15时30分", "问：这七千元你还给人家了吗？",
        "答：还了两千元。", "以上笔录我看过，和我说的相符。"])
    pairs, chunks = _pairs(text)
    headers = [c for c in chunks if c.chunk_type == "header"]
    assert [h.meta["session"] for h in headers] == ["1", "2", "3"]
    assert headers[1].meta["fields"]["地点"] == "某县看守所第三讯问室"
    assert headers[2].meta.get("supplement") and headers[2].meta["fields"]["时间"] == "2024年3月8日15时10分至15时30分"
    assert [c.meta["session"] for c in pairs] == [1, 2, 3]


# A hearing written with shortened labels (审/原代/被), a turn whose speech holds colons of its own
# (诉讼请求：…, 分两次供货：第一次…), and a second sitting opening with the bench's turn.
SHORT_LABELS = "\n".join([
    "某县人民法院", "庭审笔录", "时间：2023年5月9日14时00分至15时10分", "地点：某县人民法院第二审判庭",
    "审判长：柏某　　书记员：仇某",
    "原告：某某建材经营部，住所地某县某路8号。", "委托诉讼代理人：郜某，某律师事务所律师。",
    "被告：滕某，男，1979年4月2日出生。",
    "审{s}开庭。请原告陈述诉讼请求。",
    "原代{s}诉讼请求：判令被告支付货款三万二千元。",
    "原代{s}事实和理由：双方约定分两次供货：第一次2022年8月3日供瓷砖九百箱，第二次2022年9月1日供六百箱。",
    "审{s}被告答辩。",
    "被{s}第二次我只收到五百箱，另外我还付过现金三千元。",
    "审{s}原告对现金有什么意见？",
    "原代{s}现金我方没有收到。",
    "审{s}休庭。",
    "以上笔录经当事人阅读，确认无误。",
    "庭审笔录（第二次）", "时间：2023年6月1日9时00分至9时40分", "地点：某县人民法院第二审判庭",
    "审{s}继续开庭。原告对上次笔录有无更正？",
    "原代{s}有一处更正：第一次供货实际是八百箱，起诉状误写为九百箱。",
    "审{s}被告对此有无意见？",
    "被{s}没有意见。",
    "以上笔录经当事人阅读，确认无误。"])


@pytest.mark.parametrize("sep", ["：", ":", " "])
def test_shortened_hearing_labels_keep_every_turn_and_its_side(sep):
    pairs, chunks = _pairs(SHORT_LABELS.replace("{s}", sep))
    said = [(t["label"], t["role"], t["party"]) for c in pairs for t in c.meta["turns"]]
    claims = next(c for c in pairs if "请原告陈述" in c.text)
    # both of the plaintiff's turns are answers of their own, never folded into the bench's question
    assert [(t["label"], t["role"], t["party"]) for t in claims.meta["turns"]] == [
        ("审", "Q", "法庭"), ("原代", "A", "原告"), ("原代", "A", "原告")]
    assert "判令" not in claims.meta["question"] and "供瓷砖" not in claims.meta["question"]
    assert ("被", "A", "被告") in said
    second = [c for c in pairs if c.meta["session"] == 2]
    assert second and "继续开庭" in second[0].text and "更正" in second[0].text
    assert second[0].meta["turns"][1]["party"] == "原告"
    header2 = [c for c in chunks if c.chunk_type == "header"][1]
    assert "继续开庭" not in header2.text


def test_a_hearing_whose_first_bench_turn_is_no_question_is_not_swallowed_by_the_header():
    text = "\n".join([
        "庭审笔录", "时间：2023年3月2日9时00分", "地点：某区人民法院第一法庭", "审判员：卜某", "书记员：籍某",
        "原告：甘某。", "被告：封某。",
        "审判员：现在开庭。", "原告：到庭。", "被告：到庭。",
        "审判员：原告陈述诉讼请求。", "原告：请求判令被告返还借款一万元。",
        "审判员：被告答辩。", "被告：借款只有八千元。",
        "审判员：原告，借款是哪天给的？", "原告：2022年10月8日，现金。",
        "审判员：被告，对此有无意见？", "被告：日期没有意见。",
        "审判员：原告，有借条吗？", "原告：有。",
        "审判员：休庭。", "以上笔录经当事人阅读，确认无误。"])
    pairs, chunks = _pairs(text)
    header = chunks[0]
    assert header.chunk_type == "header" and "现在开庭" not in header.text
    assert pairs[0].meta["turns"][0]["label"] == "审判员" and "现在开庭" in pairs[0].text
    assert [t["party"] for t in pairs[0].meta["turns"]] == ["法庭", "原告", "被告"]


def test_one_character_labels_whose_space_was_lost_still_take_their_turns():
    # 审/原/被 set off by a space on the first lines, glued to the words further on (as a scan's OCR
    # loses the space); a wrapped line beginning 被告… stays the words of the turn before it
    text = "\n".join([
        "庭审笔录", "时间：2023年8月1日9时00分", "地点：某区人民法院第四法庭", "审判长：晁某", "书记员：郦某",
        "原告：贲某。", "被告：眭某。",
        "审 开庭。原告到庭没有？", "原 到了。", "审 被告。", "被 到了。",
        "审 双方对合议庭组成人员是否申请回避？", "原 不申请。", "被 不申请。",
        "审原告陈述诉讼请求。", "原请求判令被告支付货款两万元，诉讼费由",
        "被告承担。", "审被告答辩。", "被货款只有一万五千元。", "审双方是否同意调解？",
        "原同意。", "被不同意。", "以上笔录经当事人阅读，确认无误。"])
    pairs, _ = _pairs(text)
    said = [(t["label"], t["party"]) for c in pairs for t in c.meta["turns"]]
    assert said.count(("原", "原告")) == 4 and said.count(("被", "被告")) == 4 and said.count(("审", "法庭")) == 6
    claim = next(c for c in pairs if "诉讼请求" in c.text)
    assert "被告承担" in claim.text and [t["party"] for t in claim.meta["turns"]] == ["法庭", "原告"]


# The opening of a record written 问　/答　 (ideographic space), its header and first exchange.
_SPACED_OPENING = ("询问笔录", "时间：2024年3月2日9时至10时", "地点：某派出所", "询问人：甄某 记录人：简某", "被询问人：籍某",
                   "问　你做什么工作？", "答　开货车的，一个月六千元。")


def test_bare_markers_of_a_scanned_page_are_turns_in_a_record_written_with_a_separator():
    # a record written 问　/答　 (ideographic space) whose scanned page came back from OCR with the
    # space lost (问你住哪里？): those lines are turns too, each its own pair; a wrapped line beginning
    # with 问 after a line that did not end a sentence stays in the answer before it
    text = "\n".join([
        *_SPACED_OPENING, "问　车是谁的？", "答　老板的，我只管开，",
        "问他要过几次油钱，他都没给。",
        "问一趟拉多少吨？", "答一趟拉三十吨左右。",
        "问一共拉了多少趟？", "答一共拉了四十趟。",
        "问工资发了多少？", "答发了两个月，一万二千元。",
        "问　还有什么要补充的？", "答　没有了。"])
    pairs, _ = _pairs(text)
    asked = [c.text.split("\n")[0] for c in pairs]
    assert asked == ["问　你做什么工作？", "问　车是谁的？", "问一趟拉多少吨？", "问一共拉了多少趟？", "问工资发了多少？",
                     "问　还有什么要补充的？"]
    assert "问他要过几次油钱" in pairs[1].text
    assert [t["role"] for t in pairs[4].meta["turns"]] == ["Q", "A"]


def test_a_single_scanned_exchange_after_a_signature_line_is_its_own_pair():
    # one page of a 问　/答　 record came back from OCR with the space lost, and it follows the page
    # before's signature line: a bare 问 that asks something, and the bare 答 after it, are a pair —
    # too few of them in the record to count as its style, each read where it stands
    text = "\n".join([
        *_SPACED_OPENING, "问　车是谁的？", "答　老板的，我只管开。",
        "被询问人签名：籍某",
        "问尾款是怎么付的？", "答尾款一共是四万元，现金给的。",
        "问　还有什么要补充的？", "答　没有了。"])
    pairs, _ = _pairs(text)
    asked = [c.text.split("\n")[0] for c in pairs]
    assert "问尾款是怎么付的？" in asked, asked
    assert "四万元" not in pairs[1].text
