"""Personal data in the other ways people write it: digit groups with spaces or dashes, full-width
digits, zero-width characters inside; and repeats of an evidence value that no detector would
recognise on its own (no label, a number failing its checksum)."""

from __future__ import annotations

import glob
import time
from pathlib import Path

import pytest

from engine.text.dates import find_dates
from engine.text.numbers import find_amounts
from engine.text.pii import find_pii, known_values, mask_known, mask_pii
from tests.conftest import REPO

pytestmark = pytest.mark.unit

ID = "110102197603045626"  # valid check digit (GB 11643 MOD 11-2)
ACCOUNT_19 = "6222021234567890123"  # fails the Luhn check: found in evidence only by its 账号 label


@pytest.mark.parametrize("written", [
    "110102 19760304 5626", "110102-19760304-5626", "110102—19760304—5626", "1101 0219 7603 0456 26",
    "１１０１０２\u3000１９７６０３０４\u3000５６２６", "1101021976\u200b03045626", "\u200b110102\u200c197603\u200d045626",
    "110102 \n19760304 5626",
])
def test_an_id_in_groups_or_with_invisible_characters_is_found_and_masked(written):
    text = f"他的身份证是{written}，已核实。"
    (fact,) = find_pii(text)
    # the span covers what was written (an invisible character before the first digit is not in it)
    assert fact.meta["type"] == "id_card" and fact.text == written.lstrip("\u200b")
    masked = mask_pii(text)
    assert masked.startswith("他的身份证是") and masked.endswith("，已核实。") and len(masked) == len(text)
    shown = "".join(ch for ch in masked if ch.isdigit() or ch in "０１２３４５６７８９")
    assert len(shown) == 8 and "*" * 6 in masked.replace(" ", "").replace("-", "").replace("—", "")
    # the separators stay where they were: only digits turn into *
    assert [ch for ch in masked if not (ch.isdigit() or ch in "０１２３４５６７８９*")] == \
        [ch for ch in text if not (ch.isdigit() or ch in "０１２３４５６７８９")]


@pytest.mark.parametrize("text, masked", [
    ("卡号 6222-0212-3456-7890-128 收款", "卡号 6222-****-****-***0-128 收款"),
    ("手机138\u200b1234\u200d5678", "手机138\u200b****\u200d5678"),
    ("电话 1381 234 5678", "电话 138* *** 5678"),
    ("身份证号：110102 19760304 5627", "身份证号：1101** ******** 5627"),  # labelled, wrong check digit
])
def test_other_numbers_in_groups(text, masked):
    assert mask_pii(text) == masked


@pytest.mark.parametrize("text", [
    "日期2023-01-15 2023-02-20", "2023-01-15—2023-02-20 共计 12 000 元", "共 1 234 567 890 123 456 元",
    "电话 138 1234 5678 2 次", "2020年1月15日 110102 19760304 5627", "第 3 - 5 页，2019 2020 2021 2022 年",
    "案号 2023-0105-4418-1023", "金额 4200 0000 0000 0000 元", "住址：深圳市某镇某村某路8号4-5楼",
])
def test_numbers_next_to_each_other_are_not_joined_into_personal_data(text):
    grouped = [f.text for f in find_pii(text) if f.meta.get("grouped")]
    assert grouped == []


def test_a_repeat_of_an_evidence_value_is_masked_whatever_its_label_or_checksum():
    evidence = f"账号：{ACCOUNT_19}；身份证号码{ID}；住址：湖北省武汉市洪山区珞喻路100号。"
    known = known_values(find_pii(evidence))
    conclusion = (f"款项转入{ACCOUNT_19}（E1），此人身份证为 110102 1976 0304 5626，"
                  f"住在湖北省武汉市洪山区珞喻路100号，于2023年5月12日收到42000元。")
    masked = mask_pii(conclusion, known=known)
    assert ACCOUNT_19 not in masked and "6222***********0123" in masked
    assert "1101** **** **** 5626" in masked
    assert "珞喻路" not in masked and "湖北省武汉市" in masked
    # the amount, the date and the citation stay
    assert "2023年5月12日" in masked and "42000元" in masked and "（E1）" in masked
    # not a longer number that merely contains the value
    assert mask_known(f"编号9{ACCOUNT_19}", known) == f"编号9{ACCOUNT_19}"


def test_masking_repeats_is_fast():
    evidence = "\n".join(f"账号：62220212345678{i:05d}，手机1391234{i:04d}" for i in range(40))
    known = known_values(find_pii(evidence))
    conclusion = "两人之间的往来款共计四万二千元，分别于2023年1月3日和2月7日转账。" * 20
    start = time.perf_counter()
    for _ in range(50):
        mask_pii(conclusion, known=known)
    assert (time.perf_counter() - start) / 50 < 0.02


def _corpus_texts() -> list[tuple[str, str]]:
    from engine.ingest.loaders import load_document

    paths = sorted(glob.glob(str(REPO.parent / "shared/datasets/transcripts/*.pdf")))
    paths += sorted(str(p) for p in (REPO / "data/demo").iterdir() if p.suffix in (".pdf", ".md"))
    out = []
    for path in paths:
        doc = load_document(Path(path).name, Path(path).read_bytes(), max_bytes=10**9, ocr="off")
        out.append((Path(path).name, "\n".join(page.text for page in doc.pages)))
    return out


@pytest.mark.integration
def test_amounts_and_dates_of_the_demo_and_dev_case_files_stay_visible():
    texts = _corpus_texts()
    if len(texts) < 6:
        pytest.skip("demo corpus or dev case files not found")
    for name, text in texts:
        facts = find_pii(text)
        assert [f.text for f in facts if f.meta.get("grouped")] == [], name
        masked = mask_pii(text, known=known_values(facts))
        for found in (*find_amounts(text), *find_dates(text)):
            inside_pii = any(f.start < found.end and found.start < f.end for f in facts)
            if not inside_pii:  # a birth date inside an ID is masked with the ID
                assert masked[found.start:found.end] == found.text, (name, found.text)
