import threading

import jieba
import pytest

from engine.text import tokenize as tokenize_module
from engine.text.tokenize import tokenize, tokenize_many

pytestmark = pytest.mark.unit


@pytest.mark.parametrize("form", ["四万二千元", "4.2万元", "42,000元", "42000元", "肆万贰仟元", "４２，０００元"])
def test_amount_forms_share_one_number_token(form):
    assert tokenize(f"借款{form}") == ["借款", "42000", "元"]


def test_bare_number_is_the_same_token():
    assert tokenize("42000") == ["42000"]
    assert tokenize("12,000.00") == ["12000"]
    assert tokenize("0.5万") == ["5000"]


@pytest.mark.parametrize("form", ["2020年1月15日", "二〇二〇年一月十五日", "2020-01-15", "2020.1.15", "2020/01/15",
                                  "January 15, 2020", "15 January 2020"])
def test_date_forms_share_tokens(form):
    assert tokenize(form) == ["2020-01-15", "2020-01", "2020", "--01-15"]


def test_coarser_dates_match_their_prefix_tokens():
    assert tokenize("2020年1月") == ["2020-01", "2020"]
    assert tokenize("2020年") == ["2020"]
    assert tokenize("1月15日") == ["--01-15"]
    assert tokenize("2021年3月5日14时30分")[-1] == "14:30"


def test_article_numbers_in_either_script():
    assert tokenize("刑法第四十五条") == tokenize("刑法第45条") == ["刑法", "第", "45", "条"]


def test_lowercase_halfwidth_and_no_punctuation():
    assert tokenize("ＵＳＤ Contract，（附件）！") == ["usd", "contract", "附件"]
    assert tokenize("，。；：  \n") == []
    assert tokenize("") == []


def test_function_words_are_dropped():
    assert tokenize("依照本法的规定") == []
    tokens = tokenize("应当承担责任")
    assert "应当" not in tokens and {"承担", "责任"} <= set(tokens)


def test_codes_keep_their_digits():
    # A plain digit run is kept as written (leading zeros of a court code matter); letters+digits stay one word.
    assert tokenize("（2020）京0105刑初123号") == ["2020", "京", "0105", "刑初", "123", "号"]
    assert tokenize("H5N1病毒") == ["h5n1", "病毒"]


def test_words_containing_numerals_are_not_numbers():
    assert tokenize("一个人十分重要") == ["一个", "人", "十分", "重要"]


def test_tokenize_many_equals_tokenize():
    texts = ["借款四万二千元", "依照本法第四十五条", ""]
    assert tokenize_many(texts) == [tokenize(t) for t in texts]


def test_jieba_is_built_once_under_concurrency(monkeypatch):
    built = []
    real = jieba.Tokenizer

    def counting_tokenizer(*args, **kwargs):
        built.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(tokenize_module, "_TOKENIZER", None)
    monkeypatch.setattr(tokenize_module.jieba, "Tokenizer", counting_tokenizer)
    results: list[list[str]] = []
    barrier = threading.Barrier(6)

    def work():
        barrier.wait()
        results.append(tokenize("被告人于2020年1月15日借款四万二千元"))

    threads = [threading.Thread(target=work) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(built) == 1
    assert len(results) == 6 and all(r == results[0] for r in results)
    assert "42000" in results[0] and "2020-01-15" in results[0]


def test_english_words_are_stemmed_and_function_words_dropped():
    assert tokenize("This Agreement shall be governed by the laws of the State of New York") == \
        ["agreement", "shall", "govern", "law", "state", "new", "york"]
    assert tokenize("assigns") == tokenize("assigned") == tokenize("assignment") == ["assign"]
    assert tokenize("not") == ["not"]  # negation carries meaning in a clause
    assert tokenize("Class A shares, Part I") == ["class", "a", "share", "part", "i"]  # single letters stay


def test_chinese_tokens_are_exactly_jiebas_cut_for_search_minus_stopwords():
    # English stemming must not touch Chinese: the statute index and STARD figures depend on it.
    text = "夫妻一方经营个体工商户所欠债务，由家庭财产承担；农村承包经营户的债务以农户财产承担"
    expected = [t.lower() for t in tokenize_module._jieba().cut_for_search(text)
                if t not in tokenize_module.STOPWORDS and any(ch.isalnum() for ch in t)]
    assert tokenize(text) == expected
