"""What the demo corpus says: the text of every document and the values its ground truth records.

One source of truth. ``scripts/make_demo_corpus.py`` lays this text out into PDFs/Markdown and
writes ``data/demo/ground_truth.json`` from the same objects, adding only what layout decides
(pages, lines, sha256). Values are written out here, literally, so a reviewer can check them;
the generator refuses to run when a recorded surface is not in its paragraph or an arithmetic
check does not add up.

Everything is fictional (people, companies, ID and card numbers with valid check digits), except
the statute texts, which are copied verbatim from LawRefBook (../shared/datasets/statutes/laws).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# --- building blocks --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Mark:
    """A value the ground truth records. ``surface`` occurs verbatim (exactly once) in its paragraph.

    kind: amount | date | pii | gap | admission | party | law | duration | rate | person.
    ``attrs`` holds what the kind needs: role, currency, granularity, approx, pii type, about...
    """

    id: str
    kind: str
    surface: str
    value: Any = None
    attrs: dict[str, Any] = field(default_factory=dict)


def amount(id: str, surface: str, value: int, role: str, *, currency: str = "CNY",
           approx: bool = False, note: str | None = None) -> Mark:
    """``surface`` takes in the hedge (左右) and currency words (人民币) next to the figure."""
    attrs: dict[str, Any] = {"role": role, "currency": currency, "approx": approx}
    if note:
        attrs["note"] = note
    return Mark(id, "amount", surface, value, attrs)


def date(id: str, surface: str, iso: str, granularity: str, *, role: str, approx: bool = False,
         time: str | None = None, note: str | None = None) -> Mark:
    """``iso`` holds only what the text says (2022, 2022-11, 2022-11-02); ``granularity`` names
    which (year | month | day); ``time`` is HH:MM when a clock time follows the day. ``surface``
    takes in hedges next to the date (大概, 左右, 年底). ``precision`` follows engine/text/dates.py:
    exact | month | year, or approx when hedged."""
    precision = "approx" if approx else {"day": "exact", "month": "month", "year": "year"}[granularity]
    attrs: dict[str, Any] = {"role": role, "granularity": granularity, "approx": approx, "precision": precision}
    if time:
        attrs["time"] = time
    if note:
        attrs["note"] = note
    return Mark(id, "date", surface, iso, attrs)


def pii(id: str, surface: str, pii_type: str, *, owner: str, **extra: Any) -> Mark:
    """pii_type, as engine/text/pii.py names them: id_card | mobile | wechat | bank_card | address.
    A bank_card states ``luhn`` (card numbers pass it; a labelled account number need not)."""
    return Mark(id, "pii", surface, surface, {"type": pii_type, "owner": owner, **extra})


def quote(id: str, kind: str, surface: str, about: str) -> Mark:
    return Mark(id, kind, surface, None, {"about": about})


@dataclass(frozen=True)
class Para:
    """One paragraph. ``role`` picks its style: title | subtitle | heading | body | signature | blank;
    ``page_break`` (empty text) starts a new page."""

    text: str
    marks: tuple[Mark, ...] = ()
    role: str = "body"
    clause: str | None = None  # contract clause/section label the paragraph belongs to


@dataclass(frozen=True)
class QA:
    question: str  # without the 问： prefix
    answer: str  # without the 答： prefix
    marks: tuple[Mark, ...] = ()  # searched in 问：question then 答：answer


@dataclass(frozen=True)
class ScannedPage:
    """Q/A pairs that reach the reader only as a scan: an image page with a garbled text layer."""

    qas: tuple[QA, ...]
    skew_degrees: float = 0.4


@dataclass(frozen=True)
class Calculation:
    """Stated figure == signed sum of other recorded amounts (ids of Marks)."""

    id: str
    description: str
    terms: tuple[tuple[int, str], ...]  # (+1 | -1, amount id)
    stated: str  # amount id of the figure the document states
    note: str = ""


@dataclass(frozen=True)
class Conflict:
    id: str
    kind: str  # testimony (what happened when) | amount (one payment, two figures)
    topic: str
    marks: tuple[str, str]  # the two contradicting Marks


@dataclass(frozen=True)
class Transcript:
    file_name: str
    title: str
    header: tuple[Para, ...]
    body: tuple[QA | ScannedPage, ...]
    closing: tuple[Para, ...]
    signer: str  # 被讯问人, who signs every page
    calculations: tuple[Calculation, ...]
    conflicts: tuple[Conflict, ...]
    persons: tuple[tuple[str, str], ...]  # (role, name)


@dataclass(frozen=True)
class Article:
    label: str  # 第二百六十六条
    paragraphs: tuple[str, ...]  # the first without its label


@dataclass(frozen=True)
class LawSection:
    path: tuple[str, ...]  # 编/章/节 headings, as in articles_latest.jsonl's "path"
    articles: tuple[Article, ...]


@dataclass(frozen=True)
class LawExcerpt:
    file_name: str  # keeps the version date, like the dataset's file names
    media_type: str  # pdf | markdown
    title: str
    short: str
    version: str
    promulgation: tuple[str, ...]
    sections: tuple[LawSection, ...]
    source: str  # the dataset file the text was copied from (relative to ../shared/datasets)


@dataclass(frozen=True)
class Party:
    role: str  # 甲方 | 乙方 | Provider | Customer
    name: str
    mark: str  # id of the party Mark where the name is introduced


@dataclass(frozen=True)
class Contract:
    file_name: str
    language: str  # zh | en
    title: str
    paragraphs: tuple[Para, ...]
    parties: tuple[Party, ...]
    governing_law: str  # id of the law Mark
    effective_date: str  # id of the date Mark the agreement takes effect on
    effective_basis: str | None  # id of the Mark saying why (e.g. "effective on signing"), if indirect
    calculations: tuple[Calculation, ...]
    page_label: str  # footer, formatted with page= and pages=


# --- 1. 讯问笔录 (interrogation transcript) ------------------------------------------------------------

SUSPECT = "李志强"
VICTIM = "陈晓梅"
SUSPECT_ID_CARD = "330106198907231517"  # region 330106, born 1989-07-23, odd sequence = male
SUSPECT_PHONE = "13800138000"
SUSPECT_WECHAT = "lzq_8866"
SUSPECT_CARD = "6222021202034567892"  # 中国工商银行 BIN 622202, Luhn-valid
VICTIM_CARD = "6217001234567890122"  # 中国建设银行 BIN 621700, Luhn-valid

_TRANSCRIPT_HEADER = (
    Para("讯问笔录", role="title"),
    Para("（第1次）", role="subtitle"),
    Para("时间：2023年5月12日9时10分至2023年5月12日11时40分", (
        date("t_start", "2023年5月12日9时10分", "2023-05-12", "day", time="09:10", role="interrogation_start"),
        date("t_end", "2023年5月12日11时40分", "2023-05-12", "day", time="11:40", role="interrogation_end"),
    )),
    Para("地点：江州市公安局滨江分局执法办案中心第三讯问室"),
    Para("侦查员姓名、单位：王建国、刘洋，江州市公安局滨江分局刑事侦查大队"),
    Para("记录人姓名、单位：刘洋，江州市公安局滨江分局刑事侦查大队"),
    Para(f"被讯问人姓名：{SUSPECT}　　性别：男　　民族：汉族"),
    Para("出生日期：1989年7月23日　　文化程度：大专", (
        date("birth_header", "1989年7月23日", "1989-07-23", "day", role="birth_date"),
    )),
    Para(f"身份证件种类及号码：居民身份证 {SUSPECT_ID_CARD}", (
        pii("pii_id_card", SUSPECT_ID_CARD, "id_card", owner=SUSPECT),
    )),
    Para("户籍所在地：浙江省杭州市西湖区古荡新村12幢3单元401室", (
        pii("pii_domicile", "浙江省杭州市西湖区古荡新村12幢3单元401室", "address", owner=SUSPECT),
    )),
    Para("现住址：江州市滨江区望江花园7幢2单元1503室", (
        pii("pii_residence", "江州市滨江区望江花园7幢2单元1503室", "address", owner=SUSPECT),
    )),
    Para(f"联系方式：{SUSPECT_PHONE}　　微信号：{SUSPECT_WECHAT}", (
        pii("pii_phone", SUSPECT_PHONE, "mobile", owner=SUSPECT),
        pii("pii_wechat_header", SUSPECT_WECHAT, "wechat", owner=SUSPECT),
    )),
    Para("到案经过：2023年5月11日在江州市滨江区望江花园小区门口被我局民警抓获，同日被刑事拘留。", (
        date("arrest", "2023年5月11日", "2023-05-11", "day", role="arrest"),
    )),
)

_TRANSCRIPT_BODY: tuple[QA | ScannedPage, ...] = (
    QA("我们是江州市公安局滨江分局的侦查人员（出示工作证件），现依法对你进行讯问。根据《中华人民共和国"
       "刑事诉讼法》第一百二十条的规定，你对侦查人员的提问，应当如实回答，但是对与本案无关的问题，有拒绝"
       "回答的权利；如实供述自己罪行可以从宽处理，认罪认罚的可以依法从宽处理。你听清楚了吗？",
       "听清楚了。", (
           Mark("ref_cpl_120", "statute_ref", "《中华人民共和国刑事诉讼法》第一百二十条",
                "刑事诉讼法|2018-10-26|第一百二十条", {"law_title": "中华人民共和国刑事诉讼法",
                                                  "article_label": "第一百二十条"}),
       )),
    QA("《犯罪嫌疑人诉讼权利义务告知书》已经交给你阅读，你是否清楚自己的诉讼权利和义务？是否申请侦查人员回避？",
       "我看过了，清楚。我不申请回避。"),
    QA("本次讯问全程同步录音录像，你是否清楚？", "清楚。"),
    QA("你的个人简历和家庭情况？",
       "我1989年7月23日出生，2010年从浙江一所职业技术学院毕业，大专文化。毕业以后先在杭州一家电商公司做"
       "客服，后来到江州做过网店运营，2022年开始没有固定工作，主要靠在网上接一些兼职。父母在杭州老家务农，"
       "我未婚，一个人租住在望江花园。", (
           date("birth_qa", "1989年7月23日", "1989-07-23", "day", role="birth_date"),
           date("graduation", "2010年", "2010", "year", role="graduation"),
       )),
    QA("你知道你为什么被带到公安机关吗？",
       f"知道，因为我在网上以投资外汇为名，骗了一个叫{VICTIM}的人的钱。"),
    QA(f"你是怎么认识{VICTIM}的？",
       "我是2022年3月在一个叫“财富共赢交流群”的微信群里认识她的。当时我在群里冒充投资导师“李老师”，"
       "每天发一些所谓的行情分析。", (
           date("met_march", "2022年3月", "2022-03", "month", role="met_victim"),
       )),
    QA(f"你把骗{VICTIM}的经过详细讲一下。",
       "认识她以后，我先是每天在微信上跟她聊生活上的事情，让她觉得我是一个靠得住的人。聊熟了以后，我就经常"
       "在她面前说自己做外汇投资赚了多少钱，还发一些盈利截图给她看。她动心了以后，我就把“汇鑫国际”平台的下"
       "载链接发给她，教她注册账户、往平台“充值”。她充进去的钱其实都转到了我的银行卡上，平台上显示的余额和"
       "收益都是阿杰在后台改出来的。她前后分四次往我的卡里转钱，中间我还退过一部分给她，具体的数目我后面再说。"
       "最后她想把钱全部提出来，平台就以各种理由不让提，再后来我就不回她的消息了。"),
    QA("你是怎么让她相信你的？",
       f"主要是靠微信聊天，我的微信号是{SUSPECT_WECHAT}。我跟她说我在“汇鑫国际”平台做外汇投资，每个月收益"
       "能有百分之二十，还给她发我自己“赚钱”的截图。那些截图都是阿杰给我的，是假的。阿杰还给了我一本“话术"
       "本”，里面写好了什么时候聊感情、什么时候谈投资、客户犹豫的时候怎么说，我基本上都是照着上面说的。", (
           pii("pii_wechat_qa", SUSPECT_WECHAT, "wechat", owner=SUSPECT),
       )),
    QA("“汇鑫国际”平台是怎么回事？",
       "那个平台是假的，是阿杰提供的一个网站，做得跟正规的交易软件差不多，有行情走势图，也有充值和提现的按钮。"
       "后台数据可以随便改，客户账户上显示多少钱、赚了多少，都是后台说了算。客户往平台“充值”的钱，实际上都是"
       "转到我们提供的银行卡上，平台本身没有做任何交易。"),
    QA(f"{VICTIM}一共给你转了几次钱？转到哪张卡上？",
       f"一共转了四次，都是转到我本人的中国工商银行卡上，卡号是{SUSPECT_CARD}，是我2019年在江州办的，"
       "一直是我自己在用。", (
           pii("pii_card_suspect", SUSPECT_CARD, "bank_card", owner=SUSPECT, luhn=True),
           date("card_opened", "2019年", "2019", "year", role="card_opened"),
       )),
    QA("第一次转账是什么时间，转了多少钱？",
       "第一次是2022年10月15日，她用手机银行给我转了17000元，说是先投一点试试水。转之前她还问我这个平台"
       "安不安全，我跟她说是正规平台，有国外的监管牌照，其实都是我编的。", (
           date("pay1_date", "2022年10月15日", "2022-10-15", "day", role="payment_date"),
           amount("pay1", "17000元", 17000, "payment"),
       )),
    QA("第二次呢？",
       "第二次是2022年11月2日。那天她在平台上看到自己账户的“收益”涨了，又转了壹万叁仟元追加投资。", (
           date("pay2_date", "2022年11月2日", "2022-11-02", "day", role="payment_date"),
           amount("pay2", "壹万叁仟元", 13000, "payment"),
       )),
    QA("第三笔钱是哪天转的？转了多少？",
       "具体哪天我记不清了，大概是2022年11月份左右，金额是6,000元，名义是“会员升级费”，我跟她说升级成会员"
       "以后收益会更高。", (
           quote("gap_pay3_date", "gap", "具体哪天我记不清了", "the day of the third payment"),
           date("pay3_date", "大概是2022年11月份左右", "2022-11", "month", role="payment_date", approx=True),
           amount("pay3", "6,000元", 6000, "payment"),
       )),
    QA("第四次呢？",
       "第四次是大概2022年底，她说想把收益提出来，我跟她说要先交“提现保证金”，她就又转了六千元。", (
           date("pay4_date", "大概2022年底", "2022", "year", role="payment_date", approx=True,
                note="年底 says late in the year; no month is stated, so none is recorded"),
           amount("pay4", "六千元", 6000, "payment"),
       )),
    QA("她每次转钱之前，你都是怎么跟她说的？",
       "每次都是按话术本上的套路来。先说最近行情好、机会难得，再给她看群里其他“会员”晒出来的收益截图，"
       "等她心动了，就催她尽快充值，说错过这一波就要再等很久。她有一点犹豫，我就说我自己也投了很多钱。"),
    QA(f"{VICTIM}前后一共转给你多少钱？",
       "总共四万二千元。这些钱都是她用手机银行直接转到我那张工商银行卡上的，转账记录你们应该都已经调取了。", (
        amount("total_paid", "四万二千元", 42000, "stated_total"),
    )),
    ScannedPage((
        QA(f"你有没有给{VICTIM}退过钱？",
           "退过一次。2023年1月6日她说要提现，我怕她起疑心，就用我的工商银行卡转回给她一万零五百元，"
           "跟她说这是“收益提现”。", (
               date("refund_date", "2023年1月6日", "2023-01-06", "day", role="refund_date"),
               amount("refund", "一万零五百元", 10500, "refund"),
           )),
        QA("退钱是谁的主意？",
           "是阿杰让我退的。他说先给点甜头，让客户看到钱真的能提出来，客户才会相信平台，继续往里投钱。"),
        QA(f"退钱以后{VICTIM}又转过钱吗？",
           "没有再转了。她后来要求把剩下的钱全部提出来，我就按话术本上说的，一会儿说系统升级，一会儿说要交"
           "税，找各种理由拖着，再后来就把她的微信拉黑了。"),
        QA(f"{VICTIM}的转账是从哪张卡转出来的？",
           f"转账记录显示是她的中国建设银行卡，卡号是{VICTIM_CARD}。", (
               pii("pii_card_victim", VICTIM_CARD, "bank_card", owner=VICTIM, luhn=True),
           )),
        QA("钱转到你卡上以后去了哪里？",
           "大部分我按阿杰的要求，在收到钱的当天就转到了他指定的几个账户，那些账户的户名我都不认识。我自己留"
           "了八千元左右，都花掉了。", (
               amount("kept", "八千元左右", 8000, "kept_by_suspect", approx=True),
           )),
    )),
    QA(f"扣除退还的部分，{VICTIM}实际损失多少钱？",
       "扣掉退给她的钱，她实际损失是三万一千五百元，这个数是我自己对着转账记录算过的。", (
           amount("net_loss", "三万一千五百元", 31500, "stated_net_loss"),
       )),
    QA(f"{VICTIM}是什么时候发现被骗的？",
       "大概2023年2月份，她发现平台打不开了，在微信上也找不到我，就去报了警。这些是你们抓到我以后我才知道的。", (
           date("victim_found_out", "大概2023年2月份", "2023-02", "month", role="victim_discovered",
                approx=True),
       )),
    QA("阿杰的真实身份你知道吗？",
       "他的真实姓名我不知道，只知道他说自己在国外。我们一直用Telegram联系，他的账号是ajie_88，每次转完钱"
       "我都要把转账截图发给他。我们没有见过面，也没有打过视频电话，听语音他说话带一点南方口音，具体是哪里人"
       "我说不准。", (
           quote("gap_ajie_name", "gap", "他的真实姓名我不知道", "the real name of the upstream organiser 阿杰"),
       )),
    QA("你和阿杰是怎么认识的？",
       "2022年1月左右我在网上找兼职，阿杰加了我，说带我“做项目”，按骗到的钱给我提成。那个“财富共赢交流群”"
       "也是他建的，群里除了我和客户，其他人大多是他安排的“托”。他一开始只让我帮忙拉人进群，后来才让我直接"
       "跟客户聊。", (
           date("met_ajie", "2022年1月左右", "2022-01", "month", role="met_upstream", approx=True),
       )),
    QA(f"{VICTIM}为什么会一直相信你？",
       "2022年5月我们在群里认识以后，我几乎每天都跟她聊天，聊了差不多五个月她才开始转钱。她第二次转了"
       "一万二千元以后，我让她在平台上看到账户收益有3,200元，她就更相信了，还说要介绍她的朋友也来投资，"
       "不过后来她朋友没有投。", (
           date("met_may", "2022年5月", "2022-05", "month", role="met_victim"),
           amount("pay2_restated", "一万二千元", 12000, "payment_restated",
                  note="the second payment again, stated differently from 壹万叁仟元"),
           amount("fake_profit", "3,200元", 3200, "displayed_profit",
                  note="a figure shown on the fake platform, not money that moved"),
       )),
    QA("你知道你的行为是违法的吗？",
       f"知道。我承认我以投资为名骗了{VICTIM}的钱。一开始阿杰跟我说这只是帮平台“引流”，后来我也知道平台"
       "是假的，但是为了拿提成还是继续做了。我现在很后悔，愿意退赔她的损失，也愿意配合你们把阿杰找出来，"
       "争取宽大处理。", (
           quote("admission", "admission", f"我承认我以投资为名骗了{VICTIM}的钱", "the fraud itself"),
       )),
    QA(f"除了{VICTIM}，你还用这种方法骗过其他人吗？",
       "没有了，就她一个。群里其他的客户都是阿杰自己在联系，他们有没有被骗、被骗了多少，我都不清楚。"),
    QA("你还有什么要补充的吗？", "没有了。我的工商银行卡和手机都已经交给你们了，手机里跟阿杰、跟陈晓梅的聊天记录我没有删。"),
    QA("以上笔录你看一下，记录的是否与你说的一致？", "看过了，记录的和我说的一样。"),
)

_TRANSCRIPT_CLOSING = (
    Para("", role="blank"),
    Para("以上笔录我看过，和我说的相符。", role="signature"),
    Para(f"被讯问人：{SUSPECT}　　2023年5月12日", (
        date("signed", "2023年5月12日", "2023-05-12", "day", role="signed"),
    ), role="signature"),
    Para("侦查员：王建国　刘洋", role="signature"),
    Para("记录人：刘洋", role="signature"),
)

TRANSCRIPT = Transcript(
    file_name="讯问笔录_李志强_20230512.pdf",
    title="讯问笔录",
    header=_TRANSCRIPT_HEADER,
    body=_TRANSCRIPT_BODY,
    closing=_TRANSCRIPT_CLOSING,
    signer=SUSPECT,
    calculations=(
        Calculation("total_paid_check", f"{VICTIM}'s four payments add up to the total the suspect states",
                    ((1, "pay1"), (1, "pay2"), (1, "pay3"), (1, "pay4")), "total_paid"),
        Calculation("net_loss_check", "net loss = total paid − the refund (the refund is only on the scanned page)",
                    ((1, "total_paid"), (-1, "refund")), "net_loss",
                    note="cannot be verified from the text layer alone: the refund needs OCR"),
    ),
    conflicts=(
        Conflict("met_when", "testimony", f"when the suspect first met {VICTIM}", ("met_march", "met_may")),
        Conflict("second_payment", "amount", "the amount of the second payment", ("pay2", "pay2_restated")),
    ),
    persons=(("被讯问人", SUSPECT), ("被害人", VICTIM), ("侦查员", "王建国"), ("侦查员", "刘洋"),
             ("记录人", "刘洋"), ("上家", "阿杰")),
)


# --- 2. statutes (verbatim from LawRefBook) --------------------------------------------------------

CRIMINAL_LAW = LawExcerpt(
    file_name="中华人民共和国刑法(2023-12-29)节选.pdf",
    media_type="pdf",
    title="中华人民共和国刑法",
    short="刑法",
    version="2023-12-29",
    promulgation=(
        "1979年7月1日 第五届全国人民代表大会第二次会议通过",
        "1997年3月14日 第八届全国人民代表大会第五次会议修订",
        "2023年12月29日 第十四届全国人民代表大会常务委员会第七次会议通过的《中华人民共和国刑法修正案（十二）》",
    ),
    sections=(
        LawSection(("第一编 总则", "第四章 刑罚的具体运用", "第一节 量刑"), (
            Article("第六十四条", (
                "犯罪分子违法所得的一切财物，应当予以追缴或者责令退赔；对被害人的合法财产，应当及时返还；违禁品和供"
                "犯罪所用的本人财物，应当予以没收。没收的财物和罚金，一律上缴国库，不得挪用和自行处理。",)),
        )),
        LawSection(("第一编 总则", "第四章 刑罚的具体运用", "第三节 自首和立功"), (
            Article("第六十七条", (
                "犯罪以后自动投案，如实供述自己的罪行的，是自首。对于自首的犯罪分子，可以从轻或者减轻处罚。其中，犯罪"
                "较轻的，可以免除处罚。",
                "被采取强制措施的犯罪嫌疑人、被告人和正在服刑的罪犯，如实供述司法机关还未掌握的本人其他罪行的，以自首论。",
                "犯罪嫌疑人虽不具有前两款规定的自首情节，但是如实供述自己罪行的，可以从轻处罚；因其如实供述自己罪行，"
                "避免特别严重后果发生的，可以减轻处罚。",
            )),
            Article("第六十八条", (
                "犯罪分子有揭发他人犯罪行为，查证属实的，或者提供重要线索，从而得以侦破其他案件等立功表现的，可以从轻或"
                "者减轻处罚；有重大立功表现的，可以减轻或者免除处罚。",)),
        )),
        LawSection(("第二编 分则", "第五章 侵犯财产罪"), (
            Article("第二百六十六条", (
                "诈骗公私财物，数额较大的，处三年以下有期徒刑、拘役或者管制，并处或者单处罚金；数额巨大或者有其他严重情"
                "节的，处三年以上十年以下有期徒刑，并处罚金；数额特别巨大或者有其他特别严重情节的，处十年以上有期徒刑或"
                "者无期徒刑，并处罚金或者没收财产。本法另有规定的，依照规定。",)),
        )),
        LawSection(("第二编 分则", "第六章 妨害社会管理秩序罪", "第一节 扰乱公共秩序罪"), (
            Article("第二百八十七条之二", (
                "明知他人利用信息网络实施犯罪，为其犯罪提供互联网接入、服务器托管、网络存储、通讯传输等技术支持，或者提"
                "供广告推广、支付结算等帮助，情节严重的，处三年以下有期徒刑或者拘役，并处或者单处罚金。",
                "单位犯前款罪的，对单位判处罚金，并对其直接负责的主管人员和其他直接责任人员，依照第一款的规定处罚。",
                "有前两款行为，同时构成其他犯罪的，依照处罚较重的规定定罪处罚。",
            )),
        )),
    ),
    source="statutes/laws/中华人民共和国刑法(2023-12-29).md",
)

CRIMINAL_PROCEDURE_LAW = LawExcerpt(
    file_name="中华人民共和国刑事诉讼法(2018-10-26)节选.md",
    media_type="markdown",
    title="中华人民共和国刑事诉讼法",
    short="刑事诉讼法",
    version="2018-10-26",
    promulgation=(
        "1979年7月1日 第五届全国人民代表大会第二次会议通过",
        "1996年3月17日 第八届全国人民代表大会第四次会议《关于修改〈中华人民共和国刑事诉讼法〉的决定》第一次修正",
        "2012年3月14日 第十一届全国人民代表大会第五次会议《关于修改〈中华人民共和国刑事诉讼法〉的决定》第二次修正",
        "2018年10月26日 第十三届全国人民代表大会常务委员会第六次会议《关于修改〈中华人民共和国刑事诉讼法〉的决定》"
        "第三次修正",
    ),
    sections=(
        LawSection(("第二编 立案、侦查和提起公诉", "第二章 侦查", "第二节 讯问犯罪嫌疑人"), (
            Article("第一百一十八条", (
                "讯问犯罪嫌疑人必须由人民检察院或者公安机关的侦查人员负责进行。讯问的时候，侦查人员不得少于二人。",
                "犯罪嫌疑人被送交看守所羁押以后，侦查人员对其进行讯问，应当在看守所内进行。",
            )),
            Article("第一百一十九条", (
                "对不需要逮捕、拘留的犯罪嫌疑人，可以传唤到犯罪嫌疑人所在市、县内的指定地点或者到他的住处进行讯问，但是"
                "应当出示人民检察院或者公安机关的证明文件。对在现场发现的犯罪嫌疑人，经出示工作证件，可以口头传唤，但应"
                "当在讯问笔录中注明。",
                "传唤、拘传持续的时间不得超过十二小时；案情特别重大、复杂，需要采取拘留、逮捕措施的，传唤、拘传持续的时"
                "间不得超过二十四小时。",
                "不得以连续传唤、拘传的形式变相拘禁犯罪嫌疑人。传唤、拘传犯罪嫌疑人，应当保证犯罪嫌疑人的饮食和必要的休"
                "息时间。",
            )),
            Article("第一百二十条", (
                "侦查人员在讯问犯罪嫌疑人的时候，应当首先讯问犯罪嫌疑人是否有犯罪行为，让他陈述有罪的情节或者无罪的辩解，"
                "然后向他提出问题。犯罪嫌疑人对侦查人员的提问，应当如实回答。但是对与本案无关的问题，有拒绝回答的权利。",
                "侦查人员在讯问犯罪嫌疑人的时候，应当告知犯罪嫌疑人享有的诉讼权利，如实供述自己罪行可以从宽处理和认罪认"
                "罚的法律规定。",
            )),
            Article("第一百二十一条", (
                "讯问聋、哑的犯罪嫌疑人，应当有通晓聋、哑手势的人参加，并且将这种情况记明笔录。",)),
            Article("第一百二十二条", (
                "讯问笔录应当交犯罪嫌疑人核对，对于没有阅读能力的，应当向他宣读。如果记载有遗漏或者差错，犯罪嫌疑人可以"
                "提出补充或者改正。犯罪嫌疑人承认笔录没有错误后，应当签名或者盖章。侦查人员也应当在笔录上签名。犯罪嫌疑人"
                "请求自行书写供述的，应当准许。必要的时候，侦查人员也可以要犯罪嫌疑人亲笔书写供词。",)),
            Article("第一百二十三条", (
                "侦查人员在讯问犯罪嫌疑人的时候，可以对讯问过程进行录音或者录像；对于可能判处无期徒刑、死刑的案件或者其他"
                "重大犯罪案件，应当对讯问过程进行录音或者录像。",
                "录音或者录像应当全程进行，保持完整性。",
            )),
        )),
    ),
    source="statutes/laws/中华人民共和国刑事诉讼法(2018-10-26).md",
)

STATUTES = (CRIMINAL_LAW, CRIMINAL_PROCEDURE_LAW)


# --- 3. 技术服务合同 (Chinese contract) -----------------------------------------------------------------

_CN_A = "江州市恒远贸易有限公司"
_CN_B = "江州云启信息技术有限公司"

CN_CONTRACT = Contract(
    file_name="技术服务合同_恒远-云启_2023.pdf",
    language="zh",
    title="技术服务合同",
    paragraphs=(
        Para("技术服务合同", role="title"),
        Para("合同编号：HY-YQ-2023-017", role="subtitle"),
        Para(f"甲方（委托方）：{_CN_A}", (Mark("party_a", "party", _CN_A, "甲方"),)),
        Para("住所：江州市滨江区江南大道1288号恒远大厦15层"),
        Para("法定代表人：赵国栋"),
        Para(f"乙方（受托方）：{_CN_B}", (Mark("party_b", "party", _CN_B, "乙方"),)),
        Para("住所：江州市高新区创新路66号云启科技园B座8层"),
        Para("法定代表人：孙启明"),
        Para("", role="blank"),
        Para("　　甲方委托乙方为其仓储管理系统提供部署、数据迁移、运维及技术支持服务。双方根据《中华人民共和国民法典》及"
             "相关法律法规的规定，本着平等自愿、诚实信用的原则，经协商一致，订立本合同，共同遵守。", (
                 Mark("law_civil_code", "law", "《中华人民共和国民法典》", "中华人民共和国民法典"),
             )),
        Para("第一条 服务内容", role="heading", clause="第一条"),
        Para("乙方为甲方提供仓储管理系统（WMS）的部署、历史数据迁移、日常运维及技术支持服务，具体服务内容及技术指标以"
             "附件一《服务需求说明书》为准。", clause="第一条"),
        Para("第二条 服务期限", role="heading", clause="第二条"),
        Para("服务期限自2023年3月1日起至2024年2月29日止，共十二个月。", (
            date("term_start", "2023年3月1日", "2023-03-01", "day", role="term_start"),
            date("term_end", "2024年2月29日", "2024-02-29", "day", role="term_end",
                 note="2024 is a leap year"),
            Mark("term_months", "duration", "十二个月", {"months": 12}),
        ), clause="第二条"),
        Para("第三条 合同价款及支付方式", role="heading", clause="第三条"),
        Para("3.1 本合同总价款为人民币贰拾万元整（¥200,000.00），该价款已包含增值税及乙方履行本合同所需的全部费用。", (
            amount("cn_total_words", "人民币贰拾万元整", 200000, "contract_total"),
            amount("cn_total", "¥200,000.00", 200000, "contract_total"),
        ), clause="3.1"),
        Para("3.2 甲方按以下方式分三期支付：", clause="3.2"),
        Para("（1）首期款：本合同生效之日起十个工作日内，甲方支付合同总价款的30%，即人民币陆万元整（¥60,000.00）；", (
            amount("cn_inst1_words", "人民币陆万元整", 60000, "installment"),
            amount("cn_inst1", "¥60,000.00", 60000, "installment"),
        ), clause="3.2"),
        Para("（2）第二期款：系统上线并经甲方验收合格后十个工作日内，甲方支付合同总价款的50%，即人民币拾万元整"
             "（¥100,000.00）；", (
                 amount("cn_inst2_words", "人民币拾万元整", 100000, "installment"),
                 amount("cn_inst2", "¥100,000.00", 100000, "installment"),
             ), clause="3.2"),
        Para("（3）尾款：服务期满且甲方书面确认无遗留问题后十个工作日内，甲方支付合同总价款的20%，即人民币肆万元整"
             "（¥40,000.00）。", (
                 amount("cn_inst3_words", "人民币肆万元整", 40000, "installment"),
                 amount("cn_inst3", "¥40,000.00", 40000, "installment"),
             ), clause="3.2"),
        Para("3.3 乙方收款账户：户名：江州云启信息技术有限公司；开户行：中国建设银行江州高新支行；账号："
             "33050161234500001234。乙方每次收款前应向甲方开具等额的增值税专用发票。", (
                 pii("cn_account", "33050161234500001234", "bank_card", owner=_CN_B, luhn=False,
                     note="a company account number (账号), not a card"),
             ), clause="3.3"),
        Para("第四条 双方的权利和义务", role="heading", clause="第四条"),
        Para("4.1 甲方应按约定支付服务费用，并为乙方提供开展服务所必需的场地、网络环境和业务资料。", clause="4.1"),
        Para("4.2 乙方应按照本合同及附件的要求提供服务，指派具有相应资质的技术人员，并对服务期间知悉的甲方数据承担"
             "安全管理责任。", clause="4.2"),
        Para("第五条 验收", role="heading", clause="第五条"),
        Para("乙方应于2023年4月30日前完成系统部署并书面提交验收申请。甲方应在收到验收申请后七个工作日内组织验收；逾期未"
             "组织验收且未提出书面异议的，视为验收合格。", (
                 date("deploy_deadline", "2023年4月30日", "2023-04-30", "day", role="deployment_deadline"),
             ), clause="第五条"),
        Para("第六条 保密", role="heading", clause="第六条"),
        Para("双方对在履行本合同过程中知悉的对方商业秘密和技术秘密负有保密义务，保密期限为本合同终止后三年。",
             (Mark("confidentiality_years", "duration", "三年", {"years": 3, "from": "termination"}),), clause="第六条"),
        Para("第七条 违约责任", role="heading", clause="第七条"),
        Para("7.1 甲方逾期付款的，每逾期一日，应按逾期未付金额的万分之五向乙方支付违约金。", (
            Mark("late_payment_rate", "rate", "万分之五", {"per": "day", "basis": "逾期未付金额", "value": 0.0005}),
        ), clause="7.1"),
        Para("7.2 乙方未按期完成系统部署的，每逾期一日，应按合同总价款的千分之一向甲方支付违约金；逾期超过三十日的，"
             "甲方有权解除本合同。", (
                 Mark("late_delivery_rate", "rate", "千分之一", {"per": "day", "basis": "合同总价款", "value": 0.001}),
             ), clause="7.2"),
        Para("7.3 任何一方依本条支付的违约金累计不超过合同总价款的百分之二十。", clause="7.3"),
        Para("第八条 争议解决", role="heading", clause="第八条"),
        Para("因本合同引起的或者与本合同有关的争议，双方应友好协商解决；协商不成的，任何一方均可向甲方住所地有管辖权的"
             "人民法院提起诉讼。", clause="第八条"),
        Para("第九条 适用法律", role="heading", clause="第九条"),
        Para("本合同的订立、效力、解释、履行及争议的解决，均适用中华人民共和国法律。", (
            Mark("cn_governing_law", "law", "中华人民共和国法律", "中华人民共和国法律"),
        ), clause="第九条"),
        Para("第十条 其他", role="heading", clause="第十条"),
        Para("10.1 本合同自双方法定代表人或授权代表签字并加盖公章之日起生效。", (
            Mark("cn_effective_rule", "effective", "自双方法定代表人或授权代表签字并加盖公章之日起生效",
                 "signing_date"),
        ), clause="10.1"),
        Para("10.2 本合同一式肆份，甲乙双方各执贰份，具有同等法律效力。附件是本合同不可分割的组成部分。", clause="10.2"),
        Para("（以下无正文）", role="subtitle"),
        Para("", role="page_break"),  # the signatures get a page of their own (签署页)
        Para(f"甲方（盖章）：{_CN_A}", role="signature"),
        Para("法定代表人或授权代表（签字）：赵国栋", role="signature"),
        Para("签订日期：2023年2月20日", (
            date("signed_a", "2023年2月20日", "2023-02-20", "day", role="signing_date"),
        ), role="signature"),
        Para("", role="blank"),
        Para(f"乙方（盖章）：{_CN_B}", role="signature"),
        Para("法定代表人或授权代表（签字）：孙启明", role="signature"),
        Para("签订日期：2023年2月20日", (
            date("signed_b", "2023年2月20日", "2023-02-20", "day", role="signing_date"),
        ), role="signature"),
        Para("签订地点：江州市滨江区", role="signature"),
    ),
    parties=(Party("甲方", _CN_A, "party_a"), Party("乙方", _CN_B, "party_b")),
    governing_law="cn_governing_law",
    effective_date="signed_a",
    effective_basis="cn_effective_rule",
    calculations=(
        Calculation("cn_installments_check", "the three installments add up to the contract total",
                    ((1, "cn_inst1"), (1, "cn_inst2"), (1, "cn_inst3")), "cn_total"),
    ),
    page_label="第 {page} 页 共 {pages} 页",
)


# --- 4. Services Agreement (English contract) -------------------------------------------------------

_EN_P = "Northwind Analytics, Inc."
_EN_C = "Harbor Lane Logistics LLC"

EN_CONTRACT = Contract(
    file_name="Services_Agreement_Northwind-HarborLane_2023.pdf",
    language="en",
    title="MASTER SERVICES AGREEMENT",
    paragraphs=(
        Para("MASTER SERVICES AGREEMENT", role="title"),
        Para("", role="blank"),
        Para(f'This Master Services Agreement (the "Agreement") is entered into as of March 15, 2023 (the "Effective '
             f'Date") by and between {_EN_P}, a Delaware corporation with its principal office at 1200 Orange '
             f'Street, Suite 400, Wilmington, Delaware 19801 ("Provider"), and {_EN_C}, a New Jersey limited '
             f'liability company with its principal office at 55 Ferry Road, Newark, New Jersey 07105 ("Customer").', (
                 date("en_effective", "March 15, 2023", "2023-03-15", "day", role="effective_date"),
                 Mark("party_provider", "party", _EN_P, "Provider"),
                 Mark("party_customer", "party", _EN_C, "Customer"),
             ), clause="preamble"),
        Para("RECITALS", role="heading", clause="recitals"),
        Para("WHEREAS, Provider is in the business of providing data analytics and software integration services;",
             clause="recitals"),
        Para("WHEREAS, Customer wishes to engage Provider to provide such services for its freight operations; and",
             clause="recitals"),
        Para("WHEREAS, the parties wish to set out the terms on which those services will be provided.",
             clause="recitals"),
        Para("NOW, THEREFORE, in consideration of the mutual covenants set forth herein, the parties agree as follows:",
             clause="recitals"),
        Para("1. DEFINITIONS", role="heading", clause="1"),
        Para('1.1 "Services" means the data integration, analytics and support services described in Exhibit A.',
             clause="1.1"),
        Para('1.2 "Deliverables" means all reports, dashboards and other materials that Provider delivers to Customer '
             'under this Agreement.', clause="1.2"),
        Para('1.3 "Confidential Information" means any non-public information disclosed by one party to the other '
             'that is marked confidential or would reasonably be understood to be confidential.', clause="1.3"),
        Para("2. SERVICES", role="heading", clause="2"),
        Para("2.1 Provider shall perform the Services in a professional and workmanlike manner, in accordance with "
             "generally accepted industry standards.", clause="2.1"),
        Para("2.2 Any change to the scope of the Services requires a written change order signed by both parties.",
             clause="2.2"),
        Para("3. TERM AND RENEWAL", role="heading", clause="3"),
        Para('3.1 Initial Term. This Agreement commences on the Effective Date and continues for twenty-four (24) '
             'months (the "Initial Term").', (
                 Mark("en_initial_term", "duration", "twenty-four (24) months", {"months": 24}),
             ), clause="3.1"),
        Para('3.2 Renewal. Thereafter, this Agreement renews automatically for successive twelve (12) month periods '
             '(each a "Renewal Term") unless either party gives written notice of non-renewal at least sixty (60) '
             'days before the end of the then-current term.', (
                 Mark("en_renewal_term", "duration", "twelve (12) month", {"months": 12}),
                 Mark("en_nonrenewal_notice", "duration", "sixty (60) days", {"days": 60}),
             ), clause="3.2"),
        Para("4. FEES AND PAYMENT", role="heading", clause="4"),
        Para("4.1 Fees. Customer shall pay Provider a monthly service fee of $12,500.00 and a one-time "
             "implementation fee of $30,000.00.", (
                 amount("en_monthly_fee", "$12,500.00", 12500, "monthly_fee", currency="USD"),
                 amount("en_implementation_fee", "$30,000.00", 30000, "one_time_fee", currency="USD"),
             ), clause="4.1"),
        Para("4.2 First-Year Fees. The fees payable for the first twelve months of the Initial Term total "
             "$180,000.00, being twelve monthly service fees plus the implementation fee.", (
                 amount("en_first_year_total", "$180,000.00", 180000, "stated_total", currency="USD"),
             ), clause="4.2"),
        Para("4.3 Invoices. Provider shall invoice the monthly service fee in arrears, and Customer shall pay each "
             "undisputed invoice within thirty (30) days of receipt.", (
                 Mark("en_payment_days", "duration", "thirty (30) days", {"days": 30}),
             ), clause="4.3"),
        Para("4.4 Late Payment. Overdue amounts bear interest at 1.5% per month or the maximum rate permitted by "
             "law, whichever is less.", (
                 Mark("en_late_interest", "rate", "1.5% per month", {"per": "month", "value": 0.015}),
             ), clause="4.4"),
        Para("5. CONFIDENTIALITY", role="heading", clause="5"),
        Para("5.1 Each party shall protect the other party's Confidential Information with at least the degree of "
             "care it uses for its own information of a similar nature, and in no event less than reasonable care.",
             clause="5.1"),
        Para("5.2 The obligations in this Section 5 survive for three (3) years after termination of this "
             "Agreement.", clause="5.2"),
        Para("6. LIMITATION OF LIABILITY", role="heading", clause="6"),
        Para("6.1 Except for breaches of Section 5, neither party's aggregate liability under this Agreement shall "
             "exceed the fees paid or payable in the twelve (12) months preceding the event giving rise to the "
             "claim.", clause="6.1"),
        Para("7. TERMINATION", role="heading", clause="7"),
        Para("7.1 Termination for Convenience. Either party may terminate this Agreement for convenience upon "
             "ninety (90) days' prior written notice to the other party.", (
                 Mark("en_convenience_notice", "duration", "ninety (90) days'", {"days": 90}),
             ), clause="7.1"),
        Para("7.2 Termination for Cause. Either party may terminate this Agreement if the other party materially "
             "breaches it and fails to cure the breach within thirty (30) days after receiving written notice of it.",
             (Mark("en_cure_period", "duration", "thirty (30) days", {"days": 30}),), clause="7.2"),
        Para("7.3 Effect of Termination. On termination, Customer shall pay all fees accrued up to the effective date "
             "of termination, and each party shall return or destroy the other party's Confidential Information.",
             clause="7.3"),
        Para("8. GOVERNING LAW AND DISPUTES", role="heading", clause="8"),
        Para("8.1 This Agreement is governed by the laws of the State of Delaware, without regard to its conflict of "
             "laws principles.", (
                 Mark("en_governing_law", "law", "the State of Delaware", "State of Delaware"),
             ), clause="8.1"),
        Para("8.2 Each party submits to the exclusive jurisdiction of the state and federal courts located in "
             "Wilmington, Delaware.", (
                 Mark("en_venue", "venue", "Wilmington, Delaware", "Wilmington, Delaware"),
             ), clause="8.2"),
        Para("9. MISCELLANEOUS", role="heading", clause="9"),
        Para("9.1 This Agreement, including its Exhibits, is the entire agreement between the parties and supersedes "
             "all prior agreements on its subject matter. Any amendment must be in writing and signed by both "
             "parties.", clause="9.1"),
        Para("9.2 Notices under this Agreement must be in writing and sent to the addresses above, marked for the "
             "attention of the General Counsel.", clause="9.2"),
        Para("", role="blank"),
        Para("IN WITNESS WHEREOF, the parties have executed this Agreement as of the Effective Date.",
             clause="signature"),
        Para("", role="blank"),
        Para("NORTHWIND ANALYTICS, INC.", role="signature"),
        Para("By: Emily R. Carter, Chief Executive Officer", role="signature"),
        Para("Date: March 15, 2023", (
            date("en_signed_provider", "March 15, 2023", "2023-03-15", "day", role="signing_date"),
        ), role="signature"),
        Para("", role="blank"),
        Para("HARBOR LANE LOGISTICS LLC", role="signature"),
        Para("By: Marcus D. Webb, Chief Operating Officer", role="signature"),
        Para("Date: March 15, 2023", (
            date("en_signed_customer", "March 15, 2023", "2023-03-15", "day", role="signing_date"),
        ), role="signature"),
    ),
    parties=(Party("Provider", _EN_P, "party_provider"), Party("Customer", _EN_C, "party_customer")),
    governing_law="en_governing_law",
    effective_date="en_effective",
    effective_basis=None,
    calculations=(
        Calculation("en_first_year_check", "twelve monthly fees plus the implementation fee = first-year total",
                    tuple([(1, "en_monthly_fee")] * 12 + [(1, "en_implementation_fee")]), "en_first_year_total"),
    ),
    page_label="Page {page} of {pages}",
)

CONTRACTS = (CN_CONTRACT, EN_CONTRACT)
