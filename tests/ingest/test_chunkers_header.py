"""Record headers of every layout read by one reader, each value with its exact span."""

from __future__ import annotations

import pytest

from engine.ingest.chunkers.header import parse_header_fields, person_for_label, read_fields

pytestmark = pytest.mark.unit


def fields_of(text: str) -> dict[str, str]:
    found = read_fields(text)
    for field in found:  # the span is the value, line breaks (joined with a space after a key) aside
        assert text[field.start:field.end].replace("\n", "") == field.value.replace(" ", ""), field
    return {f.key: f.value for f in found}


def test_a_table_of_cells():
    text = "\n".join(["询 问 笔 录",
                      "时间｜2024年5月6日9时10分至2024年5月6日10时30分",
                      "地点｜某县公安局刑侦大队第四询问室",
                      "询问人｜柴某、滕某｜工作单位｜某县公安局刑侦大队",
                      "被询问人｜龚某某｜性别｜女｜出生日期｜1990年2月3日",
                      "| 联系电话 | 13600001111 |"])
    fields = fields_of(text)
    assert fields["时间"] == "2024年5月6日9时10分至2024年5月6日10时30分"
    assert fields["地点"] == "某县公安局刑侦大队第四询问室"
    assert fields["询问人"] == "柴某、滕某" and fields["工作单位"] == "某县公安局刑侦大队"
    assert fields["被询问人"] == "龚某某" and fields["性别"] == "女" and fields["出生日期"] == "1990年2月3日"
    assert fields["联系电话"] == "13600001111"


def test_keys_spaced_out_to_line_the_column_up():
    """原　　告｜… / 审 判 员｜…: the key is its characters, each row a field of its own."""
    text = "\n".join(["庭 审 笔 录", "案　　号｜（2024）某0302民初1873号", "审 判 员｜谭某",
                      "原　　告｜邵某某，男，1994年8月12日出生", "被　　告｜某某婚纱摄影有限公司",
                      "法定代表人｜廖某"])
    fields = fields_of(text)
    assert fields["案号"] == "（2024）某0302民初1873号" and fields["审判员"] == "谭某"
    assert fields["原告"].startswith("邵某某") and fields["被告"] == "某某婚纱摄影有限公司"
    assert fields["法定代表人"] == "廖某"


def test_a_table_drawn_with_bars_at_both_ends_under_a_session_title():
    # each row a field of its own: never joined to the title (询问笔录（第二次）) nor to the row before
    text = "\n".join(["询问笔录（第二次）",
                      "｜时间｜2024年3月12日15时10分至16时05分｜",
                      "｜地点｜某县某酒店一楼监控室｜",
                      "｜询问人｜柴某、滕某｜记录人｜滕某｜"])
    fields = fields_of(text)
    assert fields["时间"] == "2024年3月12日15时10分至16时05分"
    assert fields["地点"] == "某县某酒店一楼监控室"
    assert fields["询问人"] == "柴某、滕某" and fields["记录人"] == "滕某"


def test_a_bar_standing_where_a_colon_would_keeps_every_key_of_its_line():
    # 审判员｜…  书记员｜… on one line; a party's particulars run on after the bar as after a colon
    text = "\n".join(["审判员｜庞某 书记员｜祁某",
                      "被告｜靳某某，男，1991年3月2日出生，住某县某镇2",
                      "号，联系电话13900002222，公民身份号码11",
                      "0101199103021234",
                      "被告｜某乙｜性别｜男"])
    found = read_fields(text)
    fields = fields_of(text)
    assert fields["审判员"] == "庞某" and fields["书记员"] == "祁某"
    owned = {f.key: (f.value, f.owner) for f in found if f.owner == "被告"}
    assert owned["联系电话"] == ("13900002222", "被告")
    assert owned["公民身份号码"] == ("110101199103021234", "被告")
    assert owned["性别"] == ("男", "被告")  # a row of cells stays a row of cells


def test_fields_glued_together_as_ocr_leaves_them():
    text = "时间：2024年5月6日9时10分至11时地点：某县公安局经\n侦大队第三询问室\n询问人：柴某滕某工作单位：某县公安局记录人：滕某"
    fields = fields_of(text)
    assert fields["时间"] == "2024年5月6日9时10分至11时"
    assert fields["地点"] == "某县公安局经侦大队第三询问室"  # wrapped onto the next line
    assert fields["工作单位"] == "某县公安局" and fields["记录人"] == "滕某"


def test_a_key_and_a_value_cut_by_a_line_break():
    text = "被讯问人：郁某，男，1979年8月1日出生，工作单位\n及职务：某区某局副科长，身份证\n号码：110101197908010013"
    fields = fields_of(text)
    assert fields["工作单位及职务"] == "某区某局副科长"
    assert fields["身份证号码"] == "110101197908010013"


def test_particulars_in_one_running_sentence_belong_to_the_person_they_follow():
    text = "记录人：滕某\n被讯问人骆某，男，汉族，1996年4月2日生，身份证号110101199604020017，现住某市某路8号，联系电话13700002222"
    found = read_fields(text)
    by_key = {f.key: f for f in found}
    assert by_key["被讯问人"].value == "骆某"
    assert by_key["身份证号"].value == "110101199604020017" and by_key["身份证号"].owner == "被讯问人"
    assert by_key["现住"].value == "某市某路8号" and by_key["联系电话"].value == "13700002222"
    assert by_key["记录人"].value == "滕某"


def test_a_hearing_header_with_parties_and_their_particulars():
    text = "\n".join(["某市某区人民法院", "庭审笔录",
                      "时间：2024年6月3日9时00分至11时20分",
                      "地点：某市某区人民法院第五审判庭",
                      "案号：（2024）某0102民初88号", "案由：租赁合同纠纷",
                      "审判长：苗某 审判员：晏某 人民陪审员：庄某",
                      "书记员：葛某",
                      "原告：某某商贸有限公司，住所地某市某路1号。",
                      "委托诉讼代理人：濮某，某律师事务所律师。",
                      "被告：宓某，男，1980年1月2日出生，身份证号码110101198001020014，联系电话",
                      "13900003333。"])
    found = read_fields(text)
    fields = fields_of(text)
    assert fields["地点"] == "某市某区人民法院第五审判庭" and fields["案由"] == "租赁合同纠纷"
    assert fields["审判长"] == "苗某" and fields["书记员"] == "葛某" and fields["人民陪审员"] == "庄某"
    phone = next(f for f in found if f.key == "联系电话")
    assert phone.value == "13900003333" and phone.owner == "被告"
    assert person_for_label(found, "被告") == "宓某"
    assert person_for_label(found, "原告委托诉讼代理人") == "濮某"
    assert person_for_label(found, "被告委托诉讼代理人") is None  # the header names none


def test_spaced_forms_and_repeated_keys_are_kept():
    assert parse_header_fields(["侦查员 韩某、许某 记录人 许某"]) == {"侦查员": "韩某、许某", "记录人": "许某"}
    assert parse_header_fields(["工作单位：甲公司  工作单位：乙公司"]) == {"工作单位": "甲公司", "工作单位_2": "乙公司"}


def test_particulars_keyed_on_a_partys_own_line_are_that_partys():
    text = "\n".join(["原告：某某商贸有限公司，住所地某市某路1号。",
                      "被告：宓某 性别：女 出生日期：1980年1月2日 住址：某市某",
                      "区某路8号 身份证号码：",
                      "110101198001020014 联系电话：13900003333",
                      "书记员：葛某"])
    found = {f.key: f for f in read_fields(text)}
    assert found["身份证号码"].value == "110101198001020014" and found["身份证号码"].owner == "被告"
    assert found["联系电话"].owner == "被告" and found["住址"].owner == "被告"
    assert found["书记员"].owner is None  # the record's own people are nobody's particulars


def test_particulars_a_line_leaves_unfinished_go_on_with_the_same_party():
    text = "\n".join(["原告：某某，个体工商户，住某市某路1号。",
                      "被告：宓某，男，1980年1月2日出生，汉族，住某市某区某路8号，身份证号码110101198001020014，",
                      "联系电话13900003333。",
                      "书记员：葛某"])
    found = {f.key: f for f in read_fields(text)}
    assert found["联系电话"].value == "13900003333" and found["联系电话"].owner == "被告"
    assert found["书记员"].owner is None


def test_a_running_header_writes_the_record_keys_without_colons():
    # 询问时间2024年…，询问地点…，询问人…，记录人…。被询问人…: the session's own time, place and officers,
    # none of them the person's particulars
    text = ("询 问 笔 录\n询问时间2023年11月2日8时40分至10时05分，询问地点某市公安局某分局第三询问室，"
            "询问人甲某、乙某（某分局刑侦中队），记录人乙某。被询问人丙某，女，1988年6月1日出生，"
            "身份证号码110101198806010027，联系电话13800002222。")
    found = {f.key: f for f in read_fields(text)}
    fields = fields_of(text)
    assert fields["询问时间"] == "2023年11月2日8时40分至10时05分"
    assert fields["询问地点"] == "某市公安局某分局第三询问室"
    assert fields["询问人"] == "甲某、乙某（某分局刑侦中队）" and fields["记录人"] == "乙某"
    assert fields["被询问人"] == "丙某" and fields["身份证号码"] == "110101198806010027"
    assert found["询问地点"].owner is None and found["记录人"].owner is None


def test_bare_time_and_place_keys_and_a_supplement_title_run_into_its_key():
    text = "讯问笔录\n时间2023年5月4日14时至16时，地点某县看守所第二讯问室，讯问人丁某，记录人戊某。被讯问人己某，男"
    fields = fields_of(text)
    assert fields["时间"] == "2023年5月4日14时至16时" and fields["地点"] == "某县看守所第二讯问室"
    extra = fields_of("补充讯问\n时间2023年5月5日9时至9时30分，地点、讯问人、记录人同上，被讯问人己某。")
    assert extra["补充讯问时间"] == "2023年5月5日9时至9时30分"
    assert "地点" not in extra  # 地点、…同上 lists keys; their value is the earlier session's
