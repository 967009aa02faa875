"""Clause types by rule: which kinds of clause a contract contains, and where.

Each rule is a general drafting formula ("in no event shall ... be liable", "right of first
refusal", 未经…同意不得转让), matched per sentence of the flat text; ``exclude`` removes the usual
false friends ("exclusive jurisdiction" is no exclusivity, "no third party beneficiaries" no
beneficiary), ``requires`` asks for a second signal in the same sentence. A clause heading
(chunk meta ``heading``: CONFIDENTIALITY, 保密) also counts for the general kinds.

The 33 clause categories of CUAD that are not single values have a rule each; the value-like
categories (dates, parties, governing law, renewal) are decided from the extracted fields by
whoever needs them (engine/bench/cuad_facts.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.contract_facts.document import ContractText, Sentence
from engine.contract_facts.model import ClauseFact

SUMMARY_CHARS = 200


@dataclass(frozen=True)
class ClauseRule:
    key: str
    label: str  # 中文 English
    en: re.Pattern[str] | None = None
    zh: re.Pattern[str] | None = None
    exclude: re.Pattern[str] | None = None
    requires: re.Pattern[str] | None = None
    heading: re.Pattern[str] | None = None


def _re(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.I)


_NEGATED = r"\b(?:not|no|never|refrain\w*|neither|nor|prohibit\w*)\b"
_LICENSE = r"\blicen[cs]\w*"

RULES: tuple[ClauseRule, ...] = (
    ClauseRule("anti_assignment", "禁止转让 Anti-assignment",
               en=_re(r"\b(?:shall|may|will|can)\s+not\b[^.]{0,80}\bassign\w*|\bassign\w*\b[^.]{0,160}\bwithout\b"
                      r"[^.]{0,60}\bconsent\b|\bneither party (?:shall|may)\b[^.]{0,40}\bassign|\bnot\s+(?:be\s+)?"
                      r"assignable\b|\bno (?:party|assignment)\b[^.]{0,60}\bassign"),
               zh=re.compile(r"(?:未经|不经)[^。；;]{0,30}(?:同意|许可)[^。；;]{0,30}(?:不得|无权)[^。；;]{0,20}(?:转让|转包|分包)"
                             r"|不得(?:将本合同|擅自)?[^。；;]{0,20}转让")),
    ClauseRule("audit_rights", "审计权 Audit rights",
               en=_re(r"\b(?:right to|may|shall be entitled to|permit\w*|allow\w*|entitled to)\b[^.]{0,80}\baudit"
                      r"|\baudit\w*\b[^.]{0,120}\b(?:books|records|accounts)\b|\b(?:inspect\w*|examin\w*)\b[^.]{0,80}"
                      r"\b(?:books|records|accounts)\b"),
               zh=re.compile(r"审计|查阅[^。；;]{0,20}(?:账簿|账目|财务)"),
               heading=_re(r"\baudit|审计")),
    ClauseRule("cap_on_liability", "责任上限 Cap on liability",
               en=_re(r"\b(?:in no event|under no circumstances)\b[^.]{0,200}\bliab\w*|\b(?:aggregate|total|maximum|"
                      r"cumulative|entire)\s+liabilit\w*|\bliabilit\w*\b[^.]{0,160}\b(?:shall not exceed|not to exceed|"
                      r"(?:be\s+)?limited to|in excess of)\b|\blimitation of liability\b|\b(?:not|no party shall) be liable\b"
                      r"[^.]{0,160}\b(?:indirect|incidental|consequential|special|punitive|exemplary|lost profits)"),
               zh=re.compile(r"(?:违约金|赔偿|责任)[^。；;]{0,20}(?:累计)?(?:不超过|不得超过|以[^。；;]{0,12}为限|上限)"),
               heading=_re(r"limitation of liability|责任限制")),
    ClauseRule("uncapped_liability", "无上限责任 Uncapped liability",
               en=_re(r"\b(?:limitation|limit\w*|cap|exclusion)\w*\b[^.]{0,200}\bshall not apply\b|\b(?:except|excluding|"
                      r"other than|does not apply to)\b(?: for| with respect to)?[^.]{0,120}\b(?:indemnif\w*|gross negligence|"
                      r"willful|wilful|fraud|confidential\w*|intentional)\b"),
               requires=_re(r"\bliab\w*|\bdamages\b"),
               zh=re.compile(r"(?:不受|不适用)[^。；;]{0,12}(?:上限|限额|责任限制)")),
    ClauseRule("change_of_control", "控制权变更 Change of control",
               en=_re(r"\bchange (?:of|in) control\b|\bchange (?:of|in) (?:the )?(?:ownership|management)\b|"
                      r"\b(?:merger|consolidation|acquisition|reorgani[sz]ation)\b[^.]{0,160}\b(?:all or substantially all|"
                      r"controlling interest|control|voting (?:stock|securities|power))\b|\bacquires?\b[^.]{0,80}\b(?:majority|"
                      r"fifty percent|50%)\b"),
               zh=re.compile(r"控制权(?:发生)?变更|股权结构[^。；;]{0,10}变更|被[^。；;]{0,10}(?:收购|兼并)")),
    ClauseRule("competitive_restriction_exception", "竞业/排他例外 Competitive restriction exception",
               en=_re(r"\b(?:notwithstanding|except|provided,? however|nothing in this|shall not (?:prevent|prohibit|"
                      r"restrict|preclude|apply))\b"),
               requires=_re(r"\bcompet\w*|\bexclusiv\w*|\bsolicit\w*"),
               exclude=_re(r"\bexclusive (?:jurisdiction|venue|remed\w*)|\bcompetent\b")),
    ClauseRule("covenant_not_to_sue", "不起诉承诺 Covenant not to sue",
               en=_re(r"\b(?:agrees?|covenants?|undertakes?)\s+not\s+to\s+(?:sue|challenge|contest|bring|assert|attack)\b|"
                      r"\b(?:shall|will)\s+not\b[^.]{0,60}\b(?:challenge|contest|attack|dispute|impair)\b[^.]{0,100}"
                      r"\b(?:validity|ownership|enforceability|title)\b|\bcovenant not to sue\b"),
               zh=re.compile(r"不(?:得)?(?:就|对)[^。；;]{0,20}(?:提起诉讼|起诉|提出异议)")),
    ClauseRule("exclusivity", "排他/独家 Exclusivity",
               en=_re(r"(?<!non-)(?<!non)\bexclusive(?:ly)?\b|\bsole\s+(?:and\s+exclusive\s+)?(?:supplier|distributor|"
                      r"provider|source|licensee|agent|reseller|representative)\b"),
               exclude=_re(r"\bexclusive(?:ly)?\s+(?:of|jurisdiction|venue|remed\w*|forum|courts?|property|ownership|owner|"
                           r"benefit|responsibilit\w*|control|means|basis for any claim)\b|\b(?:sole and )?exclusive remed"
                           r"|\bexclusive of\b|\bexclusive(?:ly)? (?:in|by) the (?:state|federal|courts?)"),
               zh=re.compile(r"独家|排他|专属(?:代理|经销)")),
    ClauseRule("insurance", "保险 Insurance",
               en=_re(r"\binsurance\b|\binsured\b|\binsurers?\b"),
               zh=re.compile(r"保险"), heading=_re(r"\binsurance\b|保险")),
    ClauseRule("ip_ownership_assignment", "知识产权归属 IP ownership / assignment",
               en=_re(r"\bhereby\s+(?:irrevocably\s+)?(?:assigns?|transfers?)\b|\b(?:shall|will)\s+(?:be|become|remain)\s+"
                      r"the\s+(?:sole\s+and\s+exclusive\s+|exclusive\s+|sole\s+)?property\s+of\b|\b(?:shall|will)\s+(?:own|"
                      r"retain|have)\s+(?:all|exclusive|sole)\s+(?:right|rights|ownership|title)|\bwork(?:s)? made for hire\b|"
                      r"\bright,\s+title\s+and\s+interest\b[^.]{0,120}\b(?:vest|belong|owned|assign)"),
               zh=re.compile(r"(?:知识产权|著作权|专利(?:权|申请权)?|成果)[^。；;]{0,30}(?:归|属于)[^。；;]{0,12}(?:所有|享有)")),
    ClauseRule("irrevocable_or_perpetual_license", "不可撤销/永久许可 Irrevocable or perpetual license",
               en=_re(r"\b(?:perpetual|irrevocable)\b"), requires=_re(_LICENSE),
               zh=re.compile(r"(?:永久|不可撤销)[^。；;]{0,12}许可")),
    ClauseRule("joint_ip_ownership", "知识产权共有 Joint IP ownership",
               en=_re(r"\bjoint(?:ly)?\s+own\w*|\bco-own\w*|\bowned jointly\b|\bjoint\s+(?:intellectual property|"
                      r"inventions?|property|patents?|works?)\b"),
               zh=re.compile(r"(?:共同|双方)(?:所有|享有)[^。；;]{0,6}(?:知识产权|专利|著作权)|(?:知识产权|专利|著作权)[^。；;]{0,12}"
                             r"(?:共同所有|共有)")),
    ClauseRule("license_grant", "许可授予 License grant",
               en=_re(r"\bgrants?\b[^.]{0,160}\blicen[cs]e\b|\blicen[cs]e\s+(?:is\s+)?(?:hereby\s+)?granted\b|\bis\s+licensed\b|"
                      r"\blicen[cs]es?\s+to\s+(?:use|make|sell|distribute|reproduce)"),
               exclude=_re(r"\bno\s+(?:other\s+|implied\s+)?licen[cs]e|\bnothing\b[^.]{0,80}\bgrant|\bnot\s+(?:be\s+)?"
                           r"(?:construed|deemed)\s+(?:as\s+|to\s+)?(?:grant|confer)"),
               zh=re.compile(r"(?:授予|许可)[^。；;]{0,30}(?:使用权|许可|使用)")),
    ClauseRule("affiliate_license_licensee", "关联方被许可 Affiliate license (licensee)",
               en=_re(r"\bgrants?\b[^.]{0,120}\bto\b[^.]{0,80}\b(?:and|or)\s+(?:to\s+)?(?:its|their)\s+affiliates\b|"
                      r"\bsublicen[cs]\w*\b[^.]{0,80}\baffiliates\b|\baffiliates\b[^.]{0,60}\b(?:may|shall be entitled to)"
                      r"\s+(?:use|exercise)\b"),
               requires=_re(_LICENSE)),
    ClauseRule("affiliate_license_licensor", "关联方许可 Affiliate license (licensor)",
               en=_re(r"\b(?:and|or)\s+its\s+affiliates\s+(?:hereby\s+)?grants?\b|\baffiliates\b[^.]{0,40}\b(?:hereby\s+)?"
                      r"grants?\b[^.]{0,80}\blicen[cs]e|\blicen[cs]e\b[^.]{0,80}\b(?:owned|controlled)\s+by\b[^.]{0,40}"
                      r"\baffiliates\b"),
               requires=_re(_LICENSE)),
    ClauseRule("liquidated_damages", "违约金 Liquidated damages",
               en=_re(r"\bliquidated damages\b|\bas a penalty\b|\b(?:early\s+)?(?:termination|cancellation|break(?:age)?)\s+fee\b"),
               zh=re.compile(r"违约金|定金罚则"), heading=_re(r"违约责任|liquidated damages")),
    ClauseRule("minimum_commitment", "最低承诺 Minimum commitment",
               en=_re(r"\bminimum\s+(?:annual\s+|monthly\s+|quarterly\s+)?(?:purchase|order|quantit\w*|volume|commitment|"
                      r"amount|sales|royalt\w*|fees?|payments?|requirements?|guarantee\w*)\b|\bshall\s+(?:purchase|order|buy)"
                      r"\s+(?:at least|not less than|a minimum of)\b|\bnot less than\b[^.]{0,40}\bunits\b"),
               zh=re.compile(r"最低(?:采购|订购|购买|销售|保底)(?:量|额|金额|数量)?|保底")),
    ClauseRule("most_favored_nation", "最惠待遇 Most favored nation",
               en=_re(r"\bmost\s+favou?red\b|\b(?:no\s+less|at\s+least\s+as)\s+favou?rable\s+(?:terms|prices?|pricing|rates?|"
                      r"than)\b|\b(?:lowest|best)\s+(?:price|pricing|rates?)\b[^.]{0,100}\b(?:offer\w*|charg\w*|grant\w*|"
                      r"provid\w*)\b"),
               zh=re.compile(r"最惠|不(?:高|劣)于[^。；;]{0,20}(?:其他|第三方)[^。；;]{0,10}(?:价格|条件)")),
    ClauseRule("no_solicit_customers", "不招揽客户 No-solicit of customers",
               en=_re(r"\bsolicit\w*\b[^.]{0,140}\b(?:customers?|clients?|accounts|subscribers)\b"),
               requires=_re(_NEGATED), zh=re.compile(r"不得[^。；;]{0,20}(?:招揽|争夺|拉拢)[^。；;]{0,12}客户")),
    ClauseRule("no_solicit_employees", "不招揽员工 No-solicit of employees",
               en=_re(r"\b(?:solicit\w*|hire|hiring|recruit\w*|employ|induce)\b[^.]{0,140}\b(?:employees?|personnel|staff|"
                      r"consultants?)\b"),
               requires=_re(_NEGATED), exclude=_re(r"\bequal employment\b|\bemployees? (?:of|from) (?:either|each) party "
                                                   r"(?:shall|will) (?:remain|be deemed)"),
               zh=re.compile(r"不得[^。；;]{0,20}(?:招聘|聘用|挖走|雇佣|招揽)[^。；;]{0,12}(?:员工|人员)")),
    ClauseRule("non_compete", "竞业限制 Non-compete",
               en=_re(r"\bnon-?compet\w*|\b(?:shall|will|may)\s+not\b[^.]{0,140}\bcompet\w*|\bcompeting\s+(?:products?|business|"
                      r"services?|lines?)\b|\bcovenant not to compete\b"),
               exclude=_re(r"\bcompetent\b|\bcompetition law|\bcompetitive bid"),
               zh=re.compile(r"竞业|不得[^。；;]{0,30}(?:竞争|同类(?:产品|业务))")),
    ClauseRule("non_disparagement", "不诋毁 Non-disparagement",
               en=_re(r"\bdisparag\w*|\bdefam\w*|\bderogatory\b|\bnegative\s+(?:statements?|comments?|publicity)\b"),
               zh=re.compile(r"诋毁|诽谤|损害[^。；;]{0,8}(?:声誉|名誉|商誉)")),
    ClauseRule("non_transferable_license", "不可转让许可 Non-transferable license",
               en=_re(r"\bnon-?transferable\b|\bnot\s+transferable\b|\bnon-?assignable\b|\bnon-?sublicensable\b|"
                      r"\bwithout the right to sublicen[cs]e"),
               requires=_re(_LICENSE), zh=re.compile(r"许可[^。；;]{0,20}不得(?:转让|转许可|再许可)")),
    ClauseRule("post_termination_services", "终止后服务 Post-termination services",
               en=_re(r"\b(?:after|following|upon|subsequent to)\s+(?:the\s+)?(?:termination|expiration|expiry)\b[^.]{0,200}"
                      r"\b(?:continue to|transition\w*|wind[- ]down|sell[- ]off|provide|support|assist\w*|deliver|fulfil\w*|"
                      r"complete)\b|\btransition (?:services|period|assistance)\b|\bsell[- ]off period\b"),
               zh=re.compile(r"(?:终止|解除|期满)后[^。；;]{0,30}(?:继续|协助|提供|交接)")),
    ClauseRule("price_restrictions", "价格限制 Price restrictions",
               en=_re(r"\b(?:shall|will|may)\s+not\s+(?:increase|raise|change)\b[^.]{0,40}\bpric\w*|\bprice\s+(?:increase|"
                      r"adjustment)s?\b[^.]{0,80}\b(?:not exceed|limited|cap\w*|no more than)\b|\bprices?\b[^.]{0,60}\b(?:fixed|"
                      r"firm)\b[^.]{0,40}\b(?:for|during)\b"),
               zh=re.compile(r"(?:不得|不予)(?:调整|上调|提高)[^。；;]{0,10}价格|价格[^。；;]{0,10}(?:固定不变|不作调整)")),
    ClauseRule("revenue_profit_sharing", "收益分成 Revenue / profit sharing",
               en=_re(r"\broyalt\w*|\brevenue[- ]shar\w*|\bprofit[- ]shar\w*|\b(?:percent|percentage|%)\s+of\s+(?:the\s+)?"
                      r"(?:net|gross|all)\s+(?:sales|revenues?|receipts|profits?|income|proceeds)|\bshare\s+(?:of\s+)?(?:the\s+)?"
                      r"(?:profits|revenues?|net\s+sales|proceeds)\b|\bcommissions?\b"),
               zh=re.compile(r"分成|提成|利润分配|收益分配|特许权使用费|销售额的[^。；;]{0,6}%")),
    ClauseRule("rofr_rofo_rofn", "优先权 ROFR / ROFO / ROFN",
               en=_re(r"\bright\s+of\s+first\s+(?:refusal|offer|negotiation)\b|\bfirst\s+right\s+(?:of|to)\s+(?:refusal|offer|"
                      r"negotiat\w*|purchase|acquire)|\bright\s+of\s+first\b|\bfirst\s+(?:option|opportunity)\s+to\b"),
               zh=re.compile(r"优先(?:购买|受让|续租|合作|谈判)权|同等条件下[^。；;]{0,10}优先")),
    ClauseRule("source_code_escrow", "源代码托管 Source code escrow",
               en=_re(r"\bsource\s+code\b[^.]{0,120}\bescrow|\bescrow\b[^.]{0,120}\bsource\s+code\b|\bescrow\s+agent\b"),
               zh=re.compile(r"源代码[^。；;]{0,20}(?:托管|第三方保管)")),
    ClauseRule("termination_for_convenience", "任意解除 Termination for convenience",
               en=_re(r"\bterminat\w*\b[^.]{0,140}\b(?:for convenience|for any reason|without cause|for no reason|at (?:its|"
                      r"their) (?:sole )?(?:discretion|option|convenience))|\b(?:may|can|shall have the right to)\s+terminat\w*"
                      r"\s+(?:this\s+(?:agreement|contract)\s+)?(?:at any time\s+)?(?:upon|by giving|with|on|by)\s+[^.]{0,50}"
                      r"\bnotice\b"),
               exclude=_re(r"\bbreach\w*|\bdefault\w*|\bfails?\b|\bfailure\b|\binsolven\w*|\bbankrupt\w*|\bfor cause\b"),
               zh=re.compile(r"(?:任何一方|双方均)?(?:可以?|有权)(?:随时|提前[^。；;]{0,8}通知)[^。；;]{0,20}(?:解除|终止)")),
    ClauseRule("third_party_beneficiary", "第三方受益人 Third-party beneficiary",
               en=_re(r"\bthird[- ]party\s+beneficiar\w*|\bintended\s+beneficiar\w*"),
               exclude=_re(r"\b(?:no|not|nothing|none|neither|nor)\b")),
    ClauseRule("unlimited_license", "无限制许可 Unlimited / all-you-can-eat license",
               en=_re(r"\bunlimited\b[^.]{0,60}\b(?:licen\w*|copies|users?|number|use|access|installations?|seats)\b|"
                      r"\ball[- ]you[- ]can[- ]eat\b|\benterprise[- ]wide\b")),
    ClauseRule("volume_restriction", "数量限制 Volume restriction",
               en=_re(r"\b(?:shall|may|will)\s+not\s+exceed\b[^.]{0,60}\b(?:units|users|copies|licenses|installations|seats|"
                      r"volume|quantit\w*)|\b(?:maximum|limit)\s+(?:number|quantity|volume)\s+of\b|\bup\s+to\s+(?:a\s+maximum\s+"
                      r"of\s+)?[\d,]+\s+(?:units|users|copies|licenses|installations|seats)\b"),
               zh=re.compile(r"(?:数量|用户数|台数)[^。；;]{0,10}(?:不超过|上限)")),
    ClauseRule("warranty_duration", "质保期 Warranty duration",
               en=_re(r"\bwarrant\w*\b[^.]{0,160}\b(?:for a period of|period of|for)\s+[^.]{0,30}\b(?:days?|months?|years?)\b|"
                      r"\bwarranty period\b"),
               zh=re.compile(r"质保期|保修期|质量保证期")),
    # general kinds (not CUAD categories), both languages
    ClauseRule("confidentiality", "保密 Confidentiality",
               en=_re(r"\b(?:shall|will|agrees? to)\s+(?:keep|hold|maintain|treat|protect)\b[^.]{0,80}\bconfiden\w*|"
                      r"\bnot\s+(?:to\s+)?disclose\b|\bconfidentiality\b"),
               zh=re.compile(r"保密"), heading=_re(r"confidential|保密")),
    ClauseRule("dispute_resolution", "争议解决 Dispute resolution",
               en=_re(r"\barbitrat\w*|\bexclusive jurisdiction\b|\bsubmits?\s+to\s+the\s+(?:exclusive\s+|non-exclusive\s+)?"
                      r"jurisdiction|\bvenue\b|\bdisputes?\b[^.]{0,80}\b(?:resolv\w*|settl\w*|mediat\w*)"),
               zh=re.compile(r"争议|仲裁|提起诉讼|管辖"), heading=_re(r"dispute|arbitration|争议")),
    ClauseRule("force_majeure", "不可抗力 Force majeure",
               en=_re(r"\bforce majeure\b|\bacts? of god\b"), zh=re.compile(r"不可抗力"),
               heading=_re(r"force majeure|不可抗力")),
    ClauseRule("termination_for_cause", "违约解除 Termination for cause",
               en=_re(r"\b(?:may|shall have the right to|is entitled to|has the right to)\b[^.]{0,60}?\bterminat\w*"),
               requires=_re(r"\bbreach\w*|\bdefault\w*|\bfails? to\b|\bfailure to\b|\binsolven\w*|\bbankrupt\w*|\bfor cause\b"),
               zh=re.compile(r"(?:有权|可以?)[^。；;]{0,12}(?:解除|终止)(?:本)?合同")),
    ClauseRule("indemnification", "赔偿 Indemnification",
               en=_re(r"\bindemnif\w*|\bhold\s+harmless\b"), zh=re.compile(r"赔偿(?:责任|损失)"),
               heading=_re(r"indemnif|赔偿")),
    ClauseRule("payment_terms", "付款 Payment terms",
               en=_re(r"\b(?:shall|will)\s+pay\b|\bpayment\s+(?:terms|schedule)\b|\binvoices?\b"),
               zh=re.compile(r"支付|付款"), heading=_re(r"\bpayment|\bfees\b|价款|付款|支付")),
    ClauseRule("acceptance", "验收 Acceptance",
               en=_re(r"\bacceptance\s+(?:test\w*|criteria|procedure|period|certificate)\b|\bdeemed\s+accepted\b"),
               zh=re.compile(r"验收"), heading=_re(r"\bacceptance\b|验收")),
)
RULE_BY_KEY: dict[str, ClauseRule] = {r.key: r for r in RULES}
CLAUSE_TYPES: dict[str, str] = {r.key: r.label for r in RULES}


def _matches(rule: ClauseRule, text: str, zh: bool) -> re.Match[str] | None:
    pattern = rule.zh if zh else rule.en
    if pattern is None:
        return None
    m = pattern.search(text)
    if m is None or zh:  # requires / exclude are English; Chinese patterns carry their own context
        return m
    if rule.requires is not None and not rule.requires.search(text):
        return None
    if rule.exclude is not None and rule.exclude.search(text):
        # The false friend must be the very thing matched: "exclusive jurisdiction" in a
        # sentence that also grants an exclusive licence still counts.
        if not any(_clear_match(pattern, rule.exclude, text)):
            return None
        m = next(_clear_match(pattern, rule.exclude, text))
    return m


def _clear_match(pattern: re.Pattern[str], exclude: re.Pattern[str], text: str):
    """Matches of ``pattern`` that no ``exclude`` match overlaps (for negations: none before)."""
    excluded = [(x.start(), x.end()) for x in exclude.finditer(text)]
    for m in pattern.finditer(text):
        if not any(s < m.end() + 40 and e > m.start() - 80 for s, e in excluded):
            yield m


def classify(ct: ContractText) -> list[ClauseFact]:
    """One ClauseFact per clause type found (its first sentence), in document order."""
    zh = ct.language == "zh"
    found: dict[str, ClauseFact] = {}
    for view in ct.views:
        heading = str(view.chunk.meta.get("heading") or "")
        for rule in RULES:
            if rule.key in found or rule.heading is None or not heading or not view.sentences:
                continue
            if rule.heading.search(heading):
                first = view.sentences[0]
                found[rule.key] = _fact(ct, rule, first, first.start, first.end, {"by": "heading"})
        for sentence in view.sentences:
            for rule in RULES:
                if rule.key in found:
                    continue
                m = _matches(rule, sentence.text, zh)
                if m is not None:
                    found[rule.key] = _fact(ct, rule, sentence, sentence.start + m.start(), sentence.start + m.end(),
                                            {"by": "sentence"})
    return sorted(found.values(), key=lambda c: (_order(ct, c.chunk_id), c.start or 0))


def _order(ct: ContractText, chunk_id: str | None) -> int:
    return next((i for i, v in enumerate(ct.views) if v.chunk.chunk_id == chunk_id), len(ct.views))


def _fact(ct: ContractText, rule: ClauseRule, sentence: Sentence, start: int, end: int, meta: dict) -> ClauseFact:
    summary = sentence.text if len(sentence.text) <= SUMMARY_CHARS else sentence.text[:SUMMARY_CHARS].rstrip() + "…"
    return ct.clause(rule.key, sentence, start, end, summary, meta)
