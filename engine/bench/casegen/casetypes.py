"""Case types: who pays whom, amounts, means, and the words each kind of case is told and asked in.

Templates name their slots: {date} {amount} {means} {place} {him} (the counterpart as the
subject refers to them) {payer} {payee} {ord} (an ordinal such as 第二次, or nothing) {rel}
(a relative who paid back) {company}. Several phrasings per event, chosen at random, the way
different officers and witnesses put things.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CaseType:
    key: str
    crime: str
    roles: tuple[str, ...]  # who may be questioned: suspect | victim
    payer_role: str  # the role whose side pays the primary flows
    company_side: str | None  # "payer" | "payee" when the counterpart is a company
    amounts: tuple[int, int, int]  # low, high, step (yuan)
    means: tuple[str, ...]
    primaries: tuple[int, int]
    returns: tuple[int, int]
    interest: bool = False
    agreed: bool = False  # assault: a compensation sum agreed in mediation
    returns_by_relative: bool = False
    taker: bool = False  # the payee takes the money (theft, embezzlement): it is who acts in a question

    def subject_pays(self, role: str) -> bool:
        return role == self.payer_role


CASE_TYPES: dict[str, CaseType] = {c.key: c for c in (
    CaseType("fraud", "诈骗", ("suspect", "victim"), "victim", None, (3000, 80000, 500),
             ("wechat", "alipay", "bank", "cash"), (2, 4), (0, 2)),
    CaseType("loan", "民间借贷纠纷", ("victim",), "victim", None, (10000, 150000, 1000),
             ("wechat", "bank", "cash", "alipay"), (2, 4), (1, 2), interest=True),
    CaseType("fundraising", "非法吸收公众存款", ("victim",), "victim", "payee", (10000, 100000, 1000),
             ("bank", "cash", "wechat"), (2, 4), (1, 2), interest=True),
    CaseType("embezzlement", "职务侵占", ("suspect",), "victim", "payer", (5000, 60000, 500),
             ("online_bank", "cash"), (2, 4), (1, 2), returns_by_relative=True, taker=True),
    CaseType("theft", "盗窃", ("suspect",), "victim", None, (800, 12000, 100),
             ("cash", "wechat", "alipay"), (2, 4), (0, 1), returns_by_relative=True, taker=True),
    CaseType("assault", "故意伤害", ("suspect",), "suspect", None, (2000, 20000, 500),
             ("wechat", "cash", "bank", "alipay"), (2, 3), (0, 0), agreed=True),
)}

MEANS_WORDS = {"wechat": ("微信",), "alipay": ("支付宝",), "bank": ("银行转账", "手机银行"),
               "online_bank": ("网银",), "cash": ("现金",)}

# -- narration of a primary flow: (case type, subject pays?) -> {"transfer": [...], "cash": [...]} --
# "transfer" templates take {means}; "cash" ones say 现金 themselves and take {place}.

_PAYER_TRANSFER = [
    "{ord}是{date}，我用{means}给{him}转了{amount}。",
    "{date}，我又通过{means}转给{him}{amount}。",
    "{ord}{date}，我用{means}打了{amount}给{him}。",
    "{ord}是{date}通过{means}转过去的，一共{amount}。",
    "{ord}，时间是{date}，金额{amount}，用{means}转的。",
]
_PAYER_CASH = [
    "{ord}是{date}，我在{place}当面给了{him}{means}{amount}。",
    "{date}我取了{means}{amount}，在{place}交给{him}的。",
    "{ord}给的是{means}，{date}在{place}给的，{amount}。",
]
_PAYEE_TRANSFER = [
    "{ord}是{date}，{payer}用{means}转给我{amount}。",
    "{date}{payer}又通过{means}给我转了{amount}。",
    "{ord}，{date}，{payer}用{means}打给我{amount}。",
]
_PAYEE_CASH = [
    "{ord}是{date}，{payer}在{place}当面给了我{means}{amount}。",
    "{date}{payer}约我在{place}见面，给了我{means}{amount}。",
]

PRIMARY: dict[tuple[str, bool], dict[str, list[str]]] = {
    ("fraud", True): {"transfer": _PAYER_TRANSFER, "cash": _PAYER_CASH},
    ("fraud", False): {"transfer": _PAYEE_TRANSFER, "cash": _PAYEE_CASH},
    ("loan", True): {
        "transfer": ["{ord}是{date}，{him}说要周转，我用{means}借给{him}{amount}。",
                     "{date}{him}又来找我借钱，我通过{means}转给{him}{amount}。",
                     "{ord}借的是{amount}，{date}用{means}转的。"],
        "cash": ["{ord}是{date}，我在{place}把{means}{amount}借给了{him}。",
                 "{date}我取了{means}{amount}，在{place}当面借给{him}的。"]},
    ("fundraising", True): {
        "transfer": ["{ord}是{date}，我用{means}把{amount}转到了公司账户上。",
                     "{date}我又通过{means}往公司账上打了{amount}。",
                     "{ord}投的是{amount}，{date}用{means}转给公司的。"],
        "cash": ["{ord}是{date}，我到公司{place}交了{means}{amount}。",
                 "{date}我拿了{means}{amount}，在公司{place}交的，业务员给我开了单子。"]},
    ("embezzlement", False): {
        "transfer": ["{ord}是{date}，我用{means}从公司账户转了{amount}到我自己的卡上。",
                     "{date}我又通过{means}把公司账上的{amount}转到了我家里人的卡上。",
                     "{ord}，{date}，用{means}转走{amount}。"],
        "cash": ["{ord}是{date}，我从公司{place}里拿了{means}{amount}。",
                 "{date}我又从{place}拿走{means}{amount}，没有入账。"]},
    ("theft", False): {
        "transfer": ["{ord}是{date}，我趁{payer}不注意，拿{payer}的手机用{means}给自己转了{amount}。",
                     "{date}我又用{payer}的手机通过{means}转走{amount}。"],
        "cash": ["{ord}是{date}，我趁没人，从{place}里拿走{means}{amount}。",
                 "{date}我又从{place}偷拿了{means}{amount}。"]},
    ("assault", True): {
        "transfer": ["{ord}是{date}，我用{means}赔给{him}{amount}。",
                     "{date}我又通过{means}给{him}转了{amount}赔偿款。",
                     "{ord}赔的是{amount}，{date}用{means}转的。"],
        "cash": ["{ord}是{date}，在{place}当面给了{him}{means}{amount}作为赔偿。",
                 "{date}我在{place}把{means}{amount}交给了{him}。"]},
}

# -- narration of a return flow: (case type, subject pays the primaries?) -> templates ------------
RETURN: dict[tuple[str, bool], list[str]] = {
    ("fraud", True): ["{date}{him}用{means}退给我{amount}。", "{ord}是{date}，{him}通过{means}退回来{amount}。"],
    ("fraud", False): ["{date}我用{means}退给{payer}{amount}。", "{ord}是{date}，我通过{means}还给{payer}{amount}。"],
    ("loan", True): ["{date}{him}用{means}还了我{amount}本金。", "{ord}是{date}，{him}通过{means}还给我{amount}。"],
    ("fundraising", True): ["{date}公司用{means}退给我本金{amount}。",
                            "{ord}是{date}，公司通过{means}退回我本金{amount}。"],
    ("embezzlement", False): ["{date}我{rel}替我用{means}把{amount}退还给了公司。",
                              "{ord}是{date}，我{rel}通过{means}退赔公司{amount}。"],
    ("theft", False): ["{date}我{rel}替我用{means}退赔了{payer}{amount}。",
                       "{date}我{rel}通过{means}把{amount}退给了{payer}。"],
}
# The officer's question that opens the story of the payments, and the one about money paid back,
# by (case type, subject pays the primaries?).
# The opt-in variant (Options.act_by_act): each primary told act by act — its date in a sentence of
# its own (第三笔是某年某月某日。), then how and to whom, then how much, as interviewers draw it out.
# Case types without an entry keep the templates above.
ACT_BY_ACT: dict[tuple[str, bool], dict[str, list[str]]] = {
    ("fraud", True): {
        "transfer": ["{ord}是{date}。我用{means}转的，转给{him}。转过去{amount}。",
                     "{ord}是{date}。那次是通过{means}给{him}的。金额是{amount}。"],
        "cash": ["{ord}是{date}。{him}约我到{place}，我把{means}{amount}交给了{him}。",
                 "{ord}是{date}。我去了{place}。在那里当面给了{him}{means}{amount}。"]},
    ("fraud", False): {
        "transfer": ["{ord}是{date}。{payer}用{means}转给我的。转了{amount}。"],
        "cash": ["{ord}是{date}。{payer}约我到{place}见面。{payer}给了我{means}{amount}。"]},
    ("loan", True): {
        "transfer": ["{ord}是{date}。{him}说要周转，我用{means}转的。借给{him}{amount}。"],
        "cash": ["{ord}是{date}。我到{place}，把{means}{amount}借给了{him}。"]},
    ("assault", True): {
        "transfer": ["{ord}是{date}。我是用{means}给{him}的。赔了{amount}。"],
        "cash": ["{ord}是{date}。我到{place}，把{means}{amount}交给了{him}作为赔偿。"]},
}

ASK_PRIMARY = {
    ("fraud", True): "你把{him}让你转钱的经过说一下。", ("fraud", False): "你把收{payer}钱的经过说一下。",
    ("loan", True): "{him}找你借钱的经过是怎样的？", ("fundraising", True): "你往公司投钱的经过说一下。",
    ("embezzlement", False): "你是怎么从公司拿钱的？", ("theft", False): "你把拿{payer}钱的经过讲一下。",
    ("assault", True): "事后你赔了{him}多少钱，怎么赔的？",
}
ASK_RETURN = {
    ("fraud", True): "{him}后来退过钱给你吗？", ("fraud", False): "你有没有退过钱给{payer}？",
    ("loan", True): "{him}还过钱吗？", ("fundraising", True): "公司退过钱给你吗？",
    ("embezzlement", False): "拿的钱退了没有？", ("theft", False): "偷的钱退赔了吗？",
}
RETURN_MEANS = {"fraud": ("wechat", "alipay", "bank"), "loan": ("wechat", "bank"),
                "fundraising": ("bank",), "embezzlement": ("bank", "wechat"),
                "theft": ("wechat", "alipay")}

# Cash places by case type; {payer} is filled in.
PLACES = {"fundraising": ("前台", "财务室"), "embezzlement": ("备用金", "财务室保险柜"),
          "theft": ("{payer}店里收银台的抽屉", "{payer}家卧室的抽屉", "{payer}放在柜台下的钱盒")}

# -- words for questions ------------------------------------------------------------------------
# verb: what one primary flow is called in a question (第二次{verb}); count_verb: 几次{count_verb}
VERBS = {"fraud": ("给钱", "转钱"), "loan": ("借钱", "借钱"), "fundraising": ("投钱", "交钱"),
         "embezzlement": ("拿钱", "拿钱"), "theft": ("偷钱", "拿钱"), "assault": ("赔钱", "赔钱")}

TOTAL_IN = {
    "fraud": ["{payer}前后一共给了{payee}多少钱？", "{payer}一共被{payee}骗了多少钱？",
              "{payee}总共从{payer}那里拿到多少钱？"],
    "loan": ["{payer}一共借给{payee}多少钱？", "{payee}前后向{payer}借了多少钱？"],
    "fundraising": ["{payer}一共向{payee}投了多少本金？", "{payer}总共交给{payee}多少钱？"],
    "embezzlement": ["{payee}一共从公司拿了多少钱？", "{payee}侵占公司的钱总共有多少？"],
    "theft": ["{payee}一共偷了{payer}多少钱？", "{payee}总共拿走了{payer}多少钱？"],
    "assault": ["{payer}一共赔给了{payee}多少钱？", "{payer}已经付了{payee}多少赔偿款？"],
}
TOTAL_OUT = {
    "fraud": ["{payee}退给{payer}多少钱？", "{payee}一共退还了多少钱？"],
    "loan": ["{payee}一共还了{payer}多少本金？", "{payee}已经还过多少钱？"],
    "fundraising": ["{payee}退还了{payer}多少本金？", "公司一共退给{payer}多少本金？"],
    "embezzlement": ["{payee}家里退赔了公司多少钱？", "公司一共追回了多少钱？"],
    "theft": ["{payee}退赔了{payer}多少钱？"],
}
BALANCE = {
    "fraud": ["扣除退还的钱，{payer}还有多少钱没拿回来？", "{payee}还欠{payer}多少钱没退？"],
    "loan": ["{payee}现在还欠{payer}多少本金？", "扣掉已经还的，{payee}还差{payer}多少钱？"],
    "fundraising": ["扣除公司退还的本金后，{payer}还有多少本金没有拿回来？"],
    "embezzlement": ["退赔之后，公司还有多少损失没有追回？", "扣除退赔的钱，{payee}还有多少没退？"],
    "theft": ["退赔之后，{payer}还有多少损失？"],
    "assault": ["{payer}还差{payee}多少赔偿款没给？", "按调解的数额，{payer}还欠{payee}多少钱？"],
}
COUNT = {
    "fraud": ["{payer}一共给{payee}转过几次钱？", "{payer}前后给了{payee}几次钱？"],
    "loan": ["{payer}前后借给{payee}几次钱？"],
    "fundraising": ["{payer}一共往{payee}投了几次钱？"],
    "embezzlement": ["{payee}一共拿了公司几次钱？"],
    "theft": ["{payee}一共偷了{payer}几次钱？"],
    "assault": ["{payer}分几次给{payee}赔的钱？"],
}
EVIDENCE = {
    "fraud": "有哪些证据表明{payee}收到了{payer}的钱？",
    "loan": "有哪些证据表明{payee}收到了{payer}借的钱？",
    "fundraising": "有哪些证据表明{payer}把钱交给了{payee}？",
    "embezzlement": "有哪些证据表明{payee}私自拿了公司的钱？",
    "theft": "有哪些证据表明{payee}拿走了{payer}的钱？",
    "assault": "有哪些证据表明{payer}已经向{payee}支付了赔偿？",
}
