import pytest

from engine.text.normalize import to_halfwidth

pytestmark = pytest.mark.unit


def test_fullwidth_ascii_digits_and_space_become_halfwidth():
    assert to_halfwidth("ＵＳＤ　５，０００．００（元）") == "USD 5,000.00(元)"


def test_every_fullwidth_ascii_code_point_maps_to_its_ascii_twin():
    full = "".join(chr(cp) for cp in range(0xFF01, 0xFF5F))
    assert to_halfwidth(full) == "".join(chr(cp) for cp in range(0x21, 0x7F))


def test_fullwidth_yen_and_odd_spaces():
    assert to_halfwidth("￥3,000\u00a0元\u2003") == "¥3,000 元 "


def test_chinese_text_and_cjk_punctuation_untouched():
    text = "依照本法第四十五条的规定。《刑法》、“引号”"
    assert to_halfwidth(text) == text


@pytest.mark.parametrize("text", ["", "ａ", "中文１２３ＡＢＣ", "　\u3000x", "第４５条，共２页"])
def test_length_is_preserved(text):
    assert len(to_halfwidth(text)) == len(text)
