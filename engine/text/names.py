"""Person names in Chinese text, as jieba's part-of-speech tagger sees them."""

from __future__ import annotations

import re
import threading

_posseg_lock = threading.Lock()


def posseg(text: str) -> list[tuple[str, str]]:
    import jieba.posseg as pseg

    from engine.text.tokenize import tokenize

    tokenize("")  # initialises jieba once, quietly, the way the tokenizer does
    with _posseg_lock:  # jieba's posseg tokenizer keeps state while it cuts
        return [(w.word, w.flag) for w in pseg.cut(text)]


# jieba's dictionary tags some nouns as person names (银行卡/nr); a Chinese personal name starts
# with a surname or a familiar prefix (阿杰, 老王, 小李), which is what we accept.
SURNAMES = frozenset("".join("""
王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金
石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤常温康施文牛樊葛邢安齐易乔伍庞颜倪庄聂章
鲁岳翟殷詹申欧耿关兰焦俞左柳甘祝包宁尚符舒阮柯纪梅童凌毕单季裴霍涂成苗谷盛曲翁冉骆蓝路游辛靳管柴蒙鲍华喻祁蒲房滕屈饶解牟
艾尤阳时穆农司卓古吉缪简车项连芦麦褚娄窦戚岑景党宫费卜冷晏席卫米柏宗瞿桂全佟应臧闵苟邬边卞姬师和仇栾隋商刁沙荣巫寇桑郎甄
丛仲虞敖巩明佘池查麻苑迟邝阿老小某
""".split()))
COMPOUND_SURNAMES = ("欧阳", "司马", "上官", "诸葛", "东方", "皇甫", "尉迟", "公孙", "慕容", "令狐", "宇文", "长孙")


_NOT_IN_NAMES = set("元块钱万千佰仟百零壹贰叁肆伍陆柒捌玖拾")


def looks_like_name(word: str) -> bool:
    return (2 <= len(word) <= 4 and (word[0] in SURNAMES or word.startswith(COMPOUND_SURNAMES))
            and not _NOT_IN_NAMES & set(word[1:]) and word[-1] not in _NOT_NAME_END)


# jieba tags some common words as names (陈述, 明白, 许可证): a name this frequent in its dictionary
# is a word. Names that are also words (江河) still come from a record's header and speaker labels.
COMMON_WORD = 200


def names_in(text: str) -> list[str]:
    """Person names jieba recognises, with split surnames joined (王/小明 -> 王小明)."""
    names: list[str] = []
    previous_surname = None
    for word, flag in posseg(text):
        if flag.startswith("nr"):
            if previous_surname is not None and len(previous_surname) == 1:
                names[-1] = previous_surname + word
                previous_surname = None
                continue
            names.append(word)
            previous_surname = word
        else:
            previous_surname = None
    from engine.text.tokenize import word_frequency

    return [n for n in dict.fromkeys(names) if looks_like_name(n) and word_frequency(n) < COMMON_WORD
            and not (len(n) == 4 and word_frequency(n[2:]) >= 1000)]  # 高中文化: a word after a surname


# Characters that end a phrase rather than a name (吴国平的, 他说, 给了): a name never ends with them.
_NOT_NAME_END = frozenset("那这哪的了说在给是和也就都还又把被向跟与对从到让叫为着过么呢吗啊吧拿转借退交打付用去来要有没里上下中"
                          "市省县区镇乡村路街")
_CANDIDATE = None
_PLACE_SUFFIX = frozenset("市县区省镇乡村路街州")


def recurring_names(text: str, *, min_count: int = 2) -> list[str]:
    """Personal names a document uses more than once, found by form rather than by jieba's tagger
    (which misses many: 吴国平 comes out as 吴国/平): a surname and one or two more characters,
    not a dictionary word, not ending in a particle, recurring. When a three-character name
    recurs as often as its two-character start, the longer one is the name."""
    import re

    global _CANDIDATE
    if _CANDIDATE is None:
        surnames = "".join(sorted(SURNAMES - {"老", "小", "阿", "某"}))
        _CANDIDATE = re.compile(rf"(?=([{surnames}][\u4e00-\u9fff]{{1,2}}))")
    from engine.text.tokenize import word_frequency

    counts: dict[str, int] = {}
    alone: dict[str, int] = {}
    for match in _CANDIDATE.finditer(text):
        whole = match.group(1)
        at = match.start()
        if at and word_frequency(text[at - 1] + whole[0]) >= 10:
            continue  # the "surname" ends a word here: 公安局, 侦查员, 现金里, 平江市
        if len(whole) == 3 and (whole[2] in _NOT_NAME_END) or len(whole) == 2:
            alone[whole[:2]] = alone.get(whole[:2], 0) + 1  # 李某的 / 李某。: the two characters stand alone
        for size in (2, 3):
            name = whole[:size]
            follows = text[at + size:at + size + 1]
            if follows and follows in _PLACE_SUFFIX:
                continue  # 武平市, 东阳县: a place, not a person
            if _NOT_IN_NAMES & set(name[1:]):
                continue  # 伍佰元, 陆万: an amount (伍 and 陆 are surnames too)
            if len(name) == size and name[-1] not in _NOT_NAME_END and name[1] not in _NOT_NAME_END:
                counts[name] = counts.get(name, 0) + 1
    names = []
    for name, n in counts.items():
        prefix = counts.get(name[:2], 0) if len(name) == 3 and not alone.get(name[:2]) else 0
        # 周晓燕 once and 周晓丽 once: their shared start recurs (never alone), each is one person
        if (n < min_count and not (len(name) == 3 and prefix >= min_count)) or word_frequency(name) >= 5:
            continue
        if word_frequency(name[:2]) >= 1000:
            continue  # 万元现, 申请回: a common word, not a surname and a given name
        longer = [counts[x] for x in counts if len(x) == 3 and x.startswith(name)]
        if len(name) == 2 and longer and sum(longer) >= n:
            continue  # 吴国 is the start of 吴国平; 周晓 of 周晓燕 and 周晓丽
        if word_frequency(name[1:]) >= 200 and len(name) == 3:
            continue  # 杨烧烤: a surname before a common word
        if len(name) == 3 and counts.get(name[:2], 0) > n + 1 and word_frequency(name[1:]) >= 50:
            continue  # 王说了 … : the third character is a word of its own
        names.append(name)
    # 闫桂英 also yields 桂英 (桂 is a surname too): a name inside a longer one found here is part of it
    names = [n for n in names if not any(n != m and m.endswith(n) for m in names)]
    return sorted(names, key=lambda n: (-counts[n], n))


_PARTY_NAME = None
_PREPOSITIONS = frozenset("向给被把和与跟对从在让叫")
_NOT_GIVEN_NAME = frozenset("交给转借还退拿用花钱款元")
# The words that end an organisation's name (锐拓公司, 河阳金诺贸易有限责任公司).
ORG_ENDING = re.compile(r"(?:公司|集团|中心|银行|商行|门店|工作室|合作社|事务所)")
_ORG_AFTER = re.compile(r"^[\u4e00-\u9fff]{0,8}" + ORG_ENDING.pattern)


# What may follow a party where the question names one (邹燕给了…, 熊蕾以前…).
_PARTY_FOLLOWS = re.compile(
    r"的|给|向|被|把|借|投|转|交|付|拿|还|退|赔|骗|偷|一共|总共|前后|已经|是|在|和|与|有|知道|当时|从|以前|认识|留(?:的|下|给)"
    r"|第[一二三四五六七八九十两\d]{1,3}[次笔回]|最后一次|头一次")
# Surnames that are also measure words (那张卡, 这条船, 一台车): after a demonstrative or a numeral
# they count a thing, and the characters after them are that thing, not a given name.
_MEASURE_SURNAMES = frozenset("张条台包支把盘双门方项节段批根颗位件辆间")
_BEFORE_MEASURE = frozenset("这那哪每一二两三四五六七八九十几多整半0123456789")


def _counted_thing(name: str, text: str) -> bool:
    """张卡 in 那张卡的卡号: wherever the text has it, a measure word after a demonstrative or numeral."""
    spots = [at for at in range(len(text)) if text.startswith(name, at)]
    return name[0] in _MEASURE_SURNAMES and bool(spots) and all(at > 0 and text[at - 1] in _BEFORE_MEASURE
                                                                 for at in spots)


def _not_a_party(name: str, text: str, at: int) -> bool:
    """A surname character and what follows it that are the question's other words: its given name a
    word that may follow a party (车|一共从…拿, 询问时|已经还 — the name would be the surname alone),
    a clause of time (被查时一共…, 讯问时补充… — "when …"), characters no given name has."""
    return (any(ch in _NOT_GIVEN_NAME for ch in name[1:]) or name[-1] in _NOT_NAME_END
            or _PARTY_FOLLOWS.match(name[1:]) is not None or name.endswith("时")
            or name[0] == "时" and text[at - 1:at] == "问")


def party_names(text: str, tagged: list[str] = ()) -> list[str]:
    """Names a sentence uses as parties: jieba's, plus a surname and one or two characters standing
    where a party stands (at the start, after 和/与/跟/给/向/被, before 的/给/向/被/把/借/投/转/交…),
    which finds names jieba does not know (邹燕给了…, 你和熊蕾以前认识吗). A word inside an
    organisation's name (平江华泰汽车服务有限公司) is not one."""
    global _PARTY_NAME
    if _PARTY_NAME is None:
        surnames = "".join(sorted(SURNAMES - {"老", "小", "阿", "某"}))
        _PARTY_NAME = re.compile(
            rf"(?:^|(?<=[和与跟给向被除了问：:]))([{surnames}][\u4e00-\u9fff]{{1,2}}?)(?={_PARTY_FOLLOWS.pattern})")
    # 庞鑫留的手机号: jieba glues the verb 留 to a two-character name before 的
    found = [n[:-1] if len(n) == 3 and n[-1] == "留" and re.search(re.escape(n) + "的", text) else n
             for n in tagged if looks_like_name(n)]
    from engine.text.tokenize import word_frequency

    for match in _PARTY_NAME.finditer(text):
        name = match.group(1)
        if _not_a_party(name, text, match.start()) or _ORG_AFTER.match(text[match.start():]):
            continue  # 把钱交给 / 盛世汽车服务有限公司
        if word_frequency(name) >= COMMON_WORD:
            continue  # 关于第二笔: a word that starts with a surname character
        if not any(name in n or n in name for n in found):
            found.append(name)
    # a word inside an organisation's name (河阳金诺贸易有限责任公司) is none
    found = [n for n in found if n not in text or not _ORG_AFTER.match(text[text.find(n):])
             and not _counted_thing(n, text)]
    return sorted(found, key=lambda n: text.find(n) if n in text else len(text))


# Titles a record puts right before a person's name (被害人韦建平, 材料员童海, 原告代理人卓某).
_TITLE = re.compile(r"(?:被害人|受害人|证人|犯罪嫌疑人|嫌疑人|被告人|原告|被告|当事人|代理人|法定代表人|"
                    r"[\u4e00-\u9fff](?:员|长|师|工|总))")


def titled_names(text: str) -> list[str]:
    """Names standing right after a title (被害人韦建平左前臂…, 材料员童海是…): a surname and one or
    two characters, three unless the third ends a phrase. jieba misses many such names."""
    found = []
    for match in _TITLE.finditer(text):
        rest = text[match.end():match.end() + 3]
        if len(rest) < 2 or rest[0] not in SURNAMES:
            continue
        name = rest if len(rest) == 3 and rest[2] not in _NOT_NAME_END and rest[1] not in _NOT_NAME_END else rest[:2]
        if looks_like_name(name) and not _NOT_IN_NAMES & set(name):
            found.append(name)
    return list(dict.fromkeys(found))


# A person the record calls by a familiar name it puts in quotes (代理“斌哥”, 微信名叫“阿杰”的人,
# “老七”说…): 阿/小/老 and one character, or a name ending in 哥/姐. Quoted, the record itself marks
# the words as what someone is called.
_QUOTED_FAMILIAR = None


def quoted_familiar_names(text: str, *, min_count: int = 2) -> list[str]:
    """Familiar names the record quotes at least ``min_count`` times, in order of first use."""
    import re

    global _QUOTED_FAMILIAR
    if _QUOTED_FAMILIAR is None:
        _QUOTED_FAMILIAR = re.compile(r"[“\"]((?:[阿小老][\u4e00-\u9fff])|(?:[\u4e00-\u9fff]{1,2}[哥姐]))[”\"]")
    counts: dict[str, int] = {}
    for match in _QUOTED_FAMILIAR.finditer(text):
        counts[match.group(1)] = counts.get(match.group(1), 0) + 1
    return [n for n, c in counts.items() if c >= min_count]
