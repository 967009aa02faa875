"""Contract types named by words of a title or a question (技术服务合同 → service)."""

from __future__ import annotations

import re

# Title words → contract type, most specific first (a "Software License and Services Agreement"
# is a licence). English words are matched as words, Chinese ones as substrings.
TYPE_KEYWORDS: tuple[tuple[str, str], ...] = (
    ("nda", r"non-?disclosure|confidentiality agreement|保密协议"),
    ("franchise", r"franchise|特许经营"), ("sponsorship", r"sponsorship|赞助"),
    ("endorsement", r"endorsement|代言"), ("joint_venture", r"joint venture|合资|合营"),
    ("license", r"licen[cs]e|licensing|许可"), ("reseller", r"reseller|resale"),
    ("distribution", r"distribut\w*|dealer|经销|分销"), ("supply", r"supply|供货|供应"),
    ("manufacturing", r"manufactur\w*|加工|制造|OEM"), ("development", r"development|开发"),
    ("maintenance", r"maintenance|support agreement|维护|运维"), ("hosting", r"hosting|托管"),
    ("outsourcing", r"outsourc\w*|外包"), ("consulting", r"consult\w*|advisory|咨询|顾问"),
    ("marketing", r"marketing|promotion|advertis\w*|营销|推广|广告"),
    ("collaboration", r"collaboration|cooperation|co-?branding|strategic alliance|alliance|合作"),
    ("agency", r"agency|agent|委托|代理"), ("transportation", r"transport\w*|shipping|logistics|运输|物流"),
    ("employment", r"employment|劳动|聘用"), ("lease", r"lease|rental|租赁"),
    ("loan", r"loan|credit agreement|借款|贷款"), ("construction", r"construction|建设工程|施工"),
    ("purchase", r"purchase|sale|买卖|采购|购销"), ("service", r"services?|servicing|服务"),
)



def classify_type(title: str) -> str | None:
    for key, pattern in TYPE_KEYWORDS:
        if re.search(pattern if not pattern.isascii() else rf"\b(?:{pattern})\b", title, re.I):
            return key
    return None
