"""Rule-based facts of Chinese contracts: the standard drafting of 合同/协议.

Header blocks are read line by line (甲方（委托方）：名称 / 住所：地址, with the chunker's own
PARTY_LINE); clause text sentence by sentence on the flat view, where PDF line breaks inside a
sentence are gone. Dates, amounts and numerals come from engine/text.
"""

from __future__ import annotations

import re

from engine.contract_facts.document import TERMINATION_KINDS, ChunkView, ContractText, Sentence
from engine.text.jurisdiction import canonical_jurisdiction
from engine.contract_facts.model import FieldValue, Party
from engine.contract_facts.parties import normalise_party_name
from engine.contract_facts.text import Duration, find_durations
from engine.ingest.chunkers.contract import PARTY_LINE
from engine.types import Fact

_TITLE = re.compile(r"^[\u4e00-\u9fff（）()A-Za-z·\s]{2,38}(?:合同|协议|协议书|合约|契约|确认书|合同书)$")
_ROLE_NOTE = re.compile(r"[（(]([^）)：:]{1,10})[）)]")
_ADDRESS_LINE = re.compile(r"^\s*(?:住所|地址|住所地|注册地址|通讯地址|注册地|联系地址)\s*[：:]\s*(?P<addr>\S.*?)\s*$")
_NAME_CUT = re.compile(r"[（(，,；;]|\s{2,}")


def title(ct: ContractText) -> FieldValue | None:
    for view in ct.preamble()[:2]:
        for offset, line in view.lines():
            text = line.strip()
            if text and _TITLE.match(text) and "：" not in text:
                start = offset + line.index(text)
                return ct.line_field("title", re.sub(r"\s+", "", text), view, start, start + len(text),
                                     (start, start + len(text)))
    return None


def parties(ct: ContractText) -> list[Party]:
    found: list[Party] = []
    seen_roles: set[str] = set()
    for view in ct.preamble():
        current: Party | None = None
        for offset, line in view.lines():
            m = PARTY_LINE.match(line)
            if m and m.group(1) not in seen_roles:
                raw = m.group("name")
                cut = _NAME_CUT.search(raw)
                name = (raw[:cut.start()] if cut else raw).strip()
                if len(name) < 2:
                    continue
                start = offset + m.start("name")
                note = _ROLE_NOTE.search(line[:m.start("name")])
                meta = {"role_note": note.group(1)} if note else {}
                current = Party(name=name, role=m.group(1), location=None, norm=normalise_party_name(name),
                                meta=meta, **ContractText.chunk_position(
                                    view, start, start + len(name), (offset, offset + len(line))))
                seen_roles.add(m.group(1))
                found.append(current)
                continue
            address = _ADDRESS_LINE.match(line)
            if address and current is not None and current.location is None:
                current.location = address.group("addr")
                current.meta["location_kind"] = "address"
    return found


# --- dates -------------------------------------------------------------------------------------

_SIGNED = re.compile(r"(?:签订|签署|签约|订立|签字)(?:日期|时间)\s*[:：]?\s*$")
_SIGNED_ON = re.compile(r"(?:于|在)\s*$")
_SIGNED_AFTER = re.compile(r"^\s*(?:在\S{0,12})?(?:签订|签署|订立)")
_EFFECTIVE_ON = re.compile(r"^\s*(?:起)?(?:正式)?生效")
_EFFECTIVE_LABEL = re.compile(r"生效(?:日期|时间|日)\s*[:：为]?\s*$")
_EFFECTIVE_RULE = re.compile(r"(?:签字|签章|盖章|签署|签订|签名|盖公章)[^。；;]{0,24}?之日起(?:正式)?生效")
_TERM_ZH = re.compile(r"服务期限|合同期限|有效期|租赁期限|租期|履行期限|本合同期限|合作期限|委托期限|期限为|期限自")
_NOT_TERM_ZH = re.compile(r"保密|质保|保修|付款|支付|验收|通知|违约")
_RANGE_START = re.compile(r"自\s*$")
_RANGE_END = re.compile(r"(?:至|到|截至|截止)\s*$")
_DURATION_LEAD = re.compile(r"(?:共|为|为期|计|期限|有效期|合计|满)\s*$")
_NOT_DURATION_AFTER = re.compile(r"^\s*(?:内|前|后|之内|以内|届满)")


def _day(date: Fact) -> bool:
    return not str(date.value).startswith("--")


def _meta(date: Fact) -> dict:
    return {k: date.meta[k] for k in ("precision", "granularity") if k in date.meta}


def dates(ct: ContractText) -> tuple[dict[str, FieldValue], list[str]]:
    found: dict[str, FieldValue] = {}
    notes: list[str] = []
    signed: list[tuple[ChunkView, Fact]] = []
    for view in ct.views:
        text = view.flat.text
        for d in view.dates:
            if not _day(d):
                continue
            before, after = text[max(0, d.start - 12):d.start], text[d.end:d.end + 12]
            if _SIGNED.search(before) or (_SIGNED_ON.search(before) and _SIGNED_AFTER.match(after)):
                signed.append((view, d))
            if "effective_date" not in found and (_EFFECTIVE_LABEL.search(before) or _EFFECTIVE_ON.match(after)):
                found["effective_date"] = ct.field("effective_date", d.value, view, d.start, d.end, _meta(d))
    if signed:
        values = {d.value for _, d in signed}
        if len(values) == 1:
            view, d = signed[0]
            found["agreement_date"] = ct.field("agreement_date", d.value, view, d.start, d.end, _meta(d))
        else:
            notes.append("各方签订日期不一致，签订日期未取值 (signing dates differ: "
                         + ", ".join(sorted(str(v) for v in values)) + ")")
    if "effective_date" not in found and "agreement_date" in found:
        for sentence in ct.sentences():
            rule = _EFFECTIVE_RULE.search(sentence.text)
            if rule:
                base = found["agreement_date"]
                found["effective_date"] = FieldValue(**{**base.__dict__, "name": "effective_date",
                                                        "meta": {**base.meta, "basis": "agreement_date",
                                                                 "basis_text": rule.group(0)}})
                break
    for sentence in ct.sentences():
        if not _TERM_ZH.search(sentence.text):
            continue
        text = sentence.view.flat.text
        for d in (d for d in sentence.dates() if _day(d)):
            before = text[max(sentence.start, d.start - 6):d.start]
            if "term_start" not in found and _RANGE_START.search(before):
                found["term_start"] = ct.field("term_start", d.value, sentence, d.start, d.end, _meta(d))
            elif "termination_date" not in found and _RANGE_END.search(before):
                found["termination_date"] = ct.field("termination_date", d.value, sentence, d.start, d.end,
                                                     _meta(d))
        if "duration" not in found and not _NOT_TERM_ZH.search(sentence.text):
            for d in _durations(sentence):
                before = text[max(sentence.start, d.start - 4):d.start]
                if _DURATION_LEAD.search(before) and not _NOT_DURATION_AFTER.match(text[d.end:d.end + 3]) \
                        and ("days" not in d.value or d.value["days"] >= 30):
                    found["duration"] = ct.field("duration", d.value, sentence, d.start, d.end)
                    break
    return found, notes


def _durations(sentence: Sentence) -> list[Duration]:
    taken = [(d.start - sentence.start, d.end - sentence.start) for d in sentence.dates()]
    return [Duration(d.start + sentence.start, d.end + sentence.start, d.value, d.text)
            for d in find_durations(sentence.text, taken)]


# --- renewal and termination ---------------------------------------------------------------------

_RENEW_ZH = re.compile(r"续签|续约|续期|续展|自动延长|自动顺延|顺延|延期")
_NOTICE_ZH = re.compile(r"^\s*(?:前|之前|以前)")
_ADVANCE_ZH = re.compile(r"(?:提前|届满前|期满前|到期前|终止前)\s*$")
_TERMINATE_ZH = re.compile(r"(?:有权|可以|可|得)[^。；;]{0,12}?(?:解除|终止)")
_CONVENIENCE_ZH = re.compile(r"随时|无需(?:任何)?理由|无理由|提前[^。；;]{0,8}通知")
_CAUSE_ZH = re.compile(r"违约|逾期|未按|违反|未能|不能|破产|严重")


def _is_notice_zh(sentence: Sentence, d: Duration) -> bool:
    text = sentence.view.flat.text
    return bool(_NOTICE_ZH.match(text[d.end:d.end + 3]) or _ADVANCE_ZH.search(text[max(0, d.start - 3):d.start]))


def renewal(ct: ContractText) -> dict[str, FieldValue]:
    found: dict[str, FieldValue] = {}
    for sentence in ct.sentences():
        m = _RENEW_ZH.search(sentence.text)
        if not m:
            continue
        durations = _durations(sentence)
        if "renewal_term" not in found:
            automatic = "自动" in sentence.text or None
            period = next((d for d in durations if d.start >= sentence.start + m.start()
                           and not _is_notice_zh(sentence, d)), None)
            if period is not None:
                found["renewal_term"] = ct.field("renewal_term", {"automatic": automatic, "period": period.value},
                                                 sentence, period.start, period.end)
        if "renewal_notice" not in found and "通知" in sentence.text:
            notice = next((d for d in durations if _is_notice_zh(sentence, d)), None)
            if notice is not None:
                found["renewal_notice"] = ct.field("renewal_notice", notice.value, sentence, notice.start, notice.end)
    return found


def termination_terms(ct: ContractText) -> list[FieldValue]:
    terms: dict[str, FieldValue] = {}
    for sentence in ct.sentences():
        m = _TERMINATE_ZH.search(sentence.text)
        if not m:
            continue
        kind = "cause" if _CAUSE_ZH.search(sentence.text) else (
            "convenience" if _CONVENIENCE_ZH.search(sentence.text) else None)
        if kind is None or kind in terms:
            continue
        notice = next((d for d in _durations(sentence) if _is_notice_zh(sentence, d)), None)
        terms[kind] = ct.termination_term(sentence, kind, notice, m)
    return [terms[k] for k in TERMINATION_KINDS if k in terms]


# --- amount and governing law ------------------------------------------------------------------

_TOTAL_ZH = re.compile(r"(?:合同)?(?:总价款|总价|总金额|价款总额|总费用|合同金额|合同价款|合同总价|合同总额|总额)")
_NOT_TOTAL_ZH = re.compile(r"违约金|不超过|赔偿|上限|每月|每年|每期|首期|尾款|第[一二三四五六七八九十]+期")
_MAX_GAP_ZH = 12
_PLACE = (r"(?:中华人民共和国(?:香港特别行政区|澳门特别行政区)?|中国(?:大陆)?|香港特别行政区|香港|澳门特别行政区|澳门|台湾|"
          r"[\u4e00-\u9fff]{1,8}?(?:国|省|市|州|特别行政区|地区))")
_GOVERNING_ZH = re.compile(rf"(?:适用|受|依据|依照|按照|遵守|遵循)\s*(?P<j>{_PLACE})\s*(?:的)?\s*(?:现行)?(?:有关)?"
                           rf"(?P<law>法律|法)")


def total_amount(ct: ContractText) -> tuple[FieldValue | None, list[str]]:
    for sentence in ct.sentences():
        for trigger in _TOTAL_ZH.finditer(sentence.text):
            if _NOT_TOTAL_ZH.search(sentence.text[:trigger.end() + 30]):
                break
            amounts = [a for a in sentence.amounts() if a.start >= sentence.start + trigger.end()]
            if not amounts or amounts[0].start - (sentence.start + trigger.end()) > _MAX_GAP_ZH:
                continue
            first = amounts[0]
            # 人民币贰拾万元整（¥200,000.00）: the figures written twice must agree, or neither is taken.
            twin = amounts[1] if len(amounts) > 1 and amounts[1].start - first.end <= 3 else None
            if twin is not None and twin.value != first.value:
                return None, [f"合同总价大小写不一致，未取值 (total written as {first.text} and {twin.text})"]
            meta = {k: first.meta[k] for k in ("approx",) if k in first.meta}
            if twin is not None:
                meta["also_written"] = twin.text
            return ct.field("total_amount", {"value": first.value, "currency": first.meta.get("currency")},
                            sentence, first.start, first.end, meta), []
    return None, []


def governing_law(ct: ContractText) -> FieldValue | None:
    for sentence in ct.sentences():
        m = _GOVERNING_ZH.search(sentence.text)
        if m:
            s, e = sentence.start + m.start("j"), sentence.start + m.end("law")
            return ct.field("governing_law", {"text": sentence.text[m.start("j"):m.end("law")],
                                              "jurisdictions": [canonical_jurisdiction(m.group("j"))]},
                            sentence, s, e)
    return None


def extract(ct: ContractText) -> tuple[dict[str, FieldValue], dict[str, list[FieldValue]], list[Party], list[str]]:
    fields: dict[str, FieldValue] = {}
    total, notes = total_amount(ct)
    for found in (title(ct), total, governing_law(ct)):
        if found is not None:
            fields[found.name] = found
    dated, date_notes = dates(ct)
    fields.update(dated)
    fields.update(renewal(ct))
    return fields, {"termination_terms": termination_terms(ct)}, parties(ct), notes + date_notes
