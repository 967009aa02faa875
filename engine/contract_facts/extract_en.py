"""Rule-based facts of English contracts: general drafting formulas, no per-contract tuning.

Each rule reads one sentence at a time (flat text, engine/contract_facts/text.py) and reports the span of
the value itself; dates and amounts are read by engine/text's finders, periods by
``find_durations``. A rule that finds nothing leaves its field empty.
"""

from __future__ import annotations

import re
from engine.contract_facts.document import TERMINATION_KINDS, ContractText, Sentence
from engine.text.jurisdiction import canonical_jurisdiction
from engine.contract_facts.model import FieldValue, Party
from engine.contract_facts.parties import normalise_party_name
from engine.contract_facts.text import Duration, find_durations
from engine.types import Fact

# --- title -------------------------------------------------------------------------------------

TYPE_WORDS = r"AGREEMENT|CONTRACT|LICEN[CS]E|LEASE|MEMORANDUM|TERMS AND CONDITIONS|ORDER|DEED|CHARTER|BYLAWS"
_TITLE_LINE = re.compile(rf"^[^a-z]{{0,90}}\b(?:{TYPE_WORDS})S?\b[^a-z]{{0,60}}$")
_TITLE_SKIP = re.compile(r"^\s*(?:EXHIBIT|EX-|SCHEDULE|ANNEX|APPENDIX|PAGE|TABLE OF CONTENTS|\[?\*)", re.I)
_THIS_TITLE = re.compile(r"\b(?:This|THIS)\s+(?P<t>(?:[A-Z][\w&/-]*\s+){0,7}?(?:Agreement|AGREEMENT|Contract|CONTRACT))\b")


def title(ct: ContractText) -> FieldValue | None:
    for view in ct.preamble()[:2]:
        for offset, line in view.lines():
            text = line.strip()
            if 6 <= len(text) <= 120 and _TITLE_LINE.match(text) and not _TITLE_SKIP.match(text) \
                    and not re.search(r"\d{2,}", text):
                start = offset + line.index(text)
                return ct.line_field("title", text, view, start, start + len(text),
                                     (start, start + len(text)))
    for view in ct.preamble()[:2]:
        for sentence in view.sentences:
            m = _THIS_TITLE.search(sentence.text)
            if m and m.group("t").split()[0].lower() not in ("the", "this"):
                s = sentence.start + m.start("t")
                return ct.field("title", m.group("t"), sentence, s, s + len(m.group("t")))
    return None


# --- parties -----------------------------------------------------------------------------------

_BETWEEN = re.compile(r"\b(?:by and between|by and among|between|among)\b\s*:?\s*", re.I)
# A party's defined term: ("Provider") / (the "Company") / (hereinafter "Licensor"), or unbracketed
# "hereinafter referred to as "Licensor"" / "referred to in this Agreement as "Company" or "Boyd"".
_ROLE_PAREN = re.compile(r'\((?P<lead>[^()"]{0,80}?)"(?P<role>[^"()]{1,50})"[^()]{0,60}\)'
                         r'|(?P<bare>\b(?:hereinafter|herein|hereafter)?\s*(?:referred\s+to|called|known)\s+'
                         r'(?:in\s+this\s+agreement\s+|herein\s+|hereinafter\s+)?as\s+(?:the\s+)?'
                         r'"(?P<role2>[^"]{1,50})"(?:\s*(?:,|or|and)\s*"[^"]{1,50}")*)', re.I)
_NOT_ROLES = re.compile(r"\b(?:date|agreement|term|parties|party|effective|amendment|contract)\b", re.I)
_CONNECTOR = re.compile(r"(?:\s|,|;|:|\band\b|\bAND\b|\bas well as\b|\bor\b|\(\s*(?:\d{1,2}|[a-z]|[ivx]{1,4})\s*\))+",
                        re.I)  # used with .match(pos): separators and enumerators like "(1)"
_NAME_END = re.compile(
    r",?\s+(?:a|an)\s+(?=[A-Z]|corporation|company|limited|private|public|national|federal|state|"
    r"partnership|individual|business|joint|non|not)"
    r"|,\s*(?:with|having|whose|located|organized|organised|incorporated|existing|residing|doing business|"
    r"acting|on behalf|through|duly|registered|formerly|f/k/a|d/b/a|dba|hereinafter)\b"
    r"|\s*\(|,\s*(?=\d)|\s+(?:with|having) (?:its|a|an) (?:principal|registered|head|place)"
    r"|(?<=\S)\s+(?=\d{2,}\b)|\s+(?:hereinafter|herein|referred to|called)\b")
_ENTITY_KINDS = (r"(?i:corporation|company|limited liability company|limited partnership|partnership|"
                 r"limited company|public limited company|private limited company|entity|organization|"
                 r"organisation|bank|banking|association|trust|cooperative|corp\.?|llc|société|societe)")
_ORGANISED_AS = re.compile(rf"\b(?:a|an)\s+(?P<loc>[A-Z][A-Za-z.]*(?:\s+[A-Z][A-Za-z.]*){{0,3}})\s+"
                           rf"(?:(?i:[a-z-]+)\s+){{0,3}}?{_ENTITY_KINDS}\b")
_ORGANISED_UNDER = re.compile(r"\b(?:organi[sz]ed|incorporated|existing|formed|registered)\b[^()]{0,40}?"
                              r"\b(?:under|in)\s+(?:the\s+laws\s+of\s+)?(?:the\s+)?(?P<loc>(?:State|Commonwealth|"
                              r"Province|Republic|Kingdom)\s+of\s+(?-i:[A-Z][\w.]*(?:\s+[A-Z][\w.]*){0,2})|"
                              r"(?-i:[A-Z][\w.]*(?:\s+[A-Z][\w.]*){0,2}))", re.I)
_ADDRESS = re.compile(r"\b(?:principal (?:executive )?(?:office|offices|place of business)|registered office|"
                      r"head office|offices?|address|residing|located)\s+(?:is\s+)?(?:at|in)\s+"
                      r"(?P<loc>[^()\";]{5,160}?)(?=\s*(?:\(|$|;|,\s*(?:and|hereinafter)\b))", re.I)
_MAX_NAME_WORDS = 12


def parties(ct: ContractText) -> list[Party]:
    """Parties of the preamble: "by and between NAME, a Delaware corporation ("Role"), and ..."."""
    candidates: list[Sentence] = [s for v in ct.preamble() for s in v.sentences]
    candidates += [s for v in ct.views[len(ct.preamble()):len(ct.preamble()) + 2] for s in v.sentences]
    for sentence in sorted(candidates, key=lambda s: _BETWEEN.search(s.text) is None):
        found = _parties_in(ct, sentence)
        if len(found) >= 2:
            return found
    return []


def _parties_in(ct: ContractText, sentence: Sentence) -> list[Party]:
    text = sentence.text
    between = _BETWEEN.search(text)
    cursor = between.end() if between else 0
    found: list[Party] = []
    for paren in _ROLE_PAREN.finditer(text, cursor):
        role = (paren.group("role") or paren.group("role2")).strip().strip(",")
        segment_start = cursor
        cursor = paren.end()
        if _NOT_ROLES.search(role) or role.lower().startswith(("each", "collectively")):
            continue
        party = _party_before(ct, sentence, segment_start, paren.start(), role)
        if party is not None:
            found.append(party)
    if len(found) == 1 and between:
        # "... by and between X ("X") and Y." — a last party named without a defined term
        tail = re.match(r"\s*,?\s*and\s+(?P<name>[^,;()]{2,80}?)\s*(?:[.;,]|$)", text[cursor:])
        if tail:
            party = _party_before(ct, sentence, cursor + tail.start("name"), cursor + tail.end("name"), None)
            if party is not None and party.norm != found[0].norm and not _NOT_ROLES.search(party.name):
                found.append(party)
    return found


def _party_before(ct: ContractText, sentence: Sentence, segment_start: int, segment_end: int,
                  role: str | None) -> Party | None:
    """The party named in ``sentence.text[segment_start:segment_end]`` (its name, then how it is
    described: "a Delaware corporation with its principal office at ...")."""
    text = sentence.text
    lead = _CONNECTOR.match(text, segment_start)
    name_start = lead.end() if lead else segment_start
    segment = text[name_start:segment_end]
    end_match = _NAME_END.search(segment)
    name = (segment[:end_match.start()] if end_match else segment).strip().rstrip(",;")
    if not _plausible_name(name):
        return None
    location, loc_kind = _location(segment[len(name):])
    start = name_start + segment.index(name)
    return ct.party(sentence.view, sentence.start + start, sentence.start + start + len(name), name=name, role=role,
                    location=location, norm=normalise_party_name(name),
                    meta={"location_kind": loc_kind} if loc_kind else {}, quote=(sentence.start, sentence.end))


_NAME_LINKS = {"of", "and", "de", "du", "la", "le", "van", "von", "der", "for", "the", "&", "y", "e"}


def _plausible_name(name: str) -> bool:
    """A party name: capitalised words (links like "of" / "and" aside), not a sentence."""
    words = name.split()
    if not (0 < len(words) <= _MAX_NAME_WORDS and (name[0].isupper() or name[0].isdigit())):
        return False
    if re.search(r"\b(?:agreement|hereby|shall|entered|specified|attached|hereto)\b", name, re.I):
        return False
    content = [w for w in words if w.lower() not in _NAME_LINKS]
    capitalised = [w for w in content if w[0].isupper() or w[0].isdigit() or not w[0].isalpha()]
    return len(capitalised) >= 0.75 * len(content)


def _location(descriptor: str) -> tuple[str | None, str | None]:
    for pattern in (_ORGANISED_AS, _ORGANISED_UNDER):
        m = pattern.search(descriptor)
        if m and m.group("loc").split()[0].lower() not in ("limited", "private", "public", "national"):
            return canonical_jurisdiction(m.group("loc")), "jurisdiction"
    m = _ADDRESS.search(descriptor)
    if m:
        return m.group("loc").strip().rstrip(","), "address"
    return None, None


# --- dates -------------------------------------------------------------------------------------

_EFFECTIVE_AFTER = re.compile(r'^\s*,?\s*\(\s*(?:the|this|such date,? the|hereinafter(?: referred to as)?(?: the)?)?\s*'
                              r'"?(?:Effective|Commencement) Date"?\s*\)', re.I)
_EFFECTIVE_MEANS = re.compile(r'"(?:Effective|Commencement) Date"\s*(?:shall\s+)?(?:mean|means|is|shall be|-|:)\s*:?\s*'
                              r'(?:the\s+date\s+of\s+|,\s*)?$', re.I)
_EFFECTIVE_BEFORE = re.compile(r"\beffective\s+(?:as\s+of|on|from|upon)\s+(?:the\s+date\s+of\s+)?$|"
                               r"\b(?:shall|will|to)\s+(?:become|be)\s+effective\s+(?:as\s+of\s+|on\s+)?$|"
                               r"\b(?:is|becomes)\s+effective\s+(?:as\s+of\s+|on\s+)?$", re.I)
_EFFECTIVE_REFERS = re.compile(
    r'"Effective Date"\s*(?:shall\s+)?means?\s+the\s+date\s+(?:first\s+(?:above\s+)?(?:written|set\s+forth|stated)|'
    r"hereof|of this agreement)|effective\s+as\s+of\s+the\s+date\s+(?:first\s+(?:above\s+)?written|hereof)", re.I)
_AGREEMENT_WORDS = re.compile(r"\b(?:entered into|made|dated|executed|effective|agreement|contract|amendment)\b", re.I)
# The date the agreement is made: right after these words ("dated as of", "made this 5th day of").
_MADE_BEFORE = re.compile(r"\b(?:dated|made|entered\s+into|executed|signed|effective)\b(?:\s+and\s+entered\s+into)?"
                          r"(?:\s+(?:as\s+of|on|this|the|of|at))*\s*$", re.I)
_AS_OF_EFFECTIVE = re.compile(r"\b(?:dated|entered\s+into|made|executed)\b[^.]{0,30}\bas\s+of\s+the\s+Effective\s+Date\b",
                              re.I)
_DATED_LINE = re.compile(r"^\s*(?:Dated?|Date of (?:this )?Agreement|Agreement Date)\s*[:.]?\s*$", re.I)
_SIGNED_DATE = re.compile(r"\bDate(?:d)?\s*:?\s*$", re.I)
_START_BEFORE = re.compile(r"\b(?:commenc\w*|begin\w*|start\w*)\s+(?:on|as\s+of|from|upon)?\s*$|"
                           r"\bfrom\s+$|\bterm\b[^.]{0,40}\bfrom\s+$", re.I)
_END_BEFORE = re.compile(r"\b(?:until|through|thru|expir\w*\s+on|expir\w*\s+at|end\w*\s+on|terminat\w*\s+on|"
                         r"to\s+and\s+including|up\s+to\s+and\s+including|continu\w*\s+(?:until|through)|"
                         r"expiration\s+date\s+(?:of|shall\s+be|is|means))\s*(?:the\s+close\s+of\s+business\s+on\s+)?$"
                         r'|"(?:Expiration|Termination|End) Date"\s*(?:shall\s+)?(?:mean|means|is|shall be)\s*:?\s*$'
                         r"|\bfrom\s+\S+(?:\s+\S+){1,3}\s+(?:to|through|until)\s+$", re.I)
_TERM_SENTENCE = re.compile(r"\b(?:term|agreement|expir\w*|period)\b", re.I)
# What a term date must be about: the agreement's own term, not a "Contract Year" or an
# "Exclusivity Period" defined elsewhere.
_TERM_SUBJECT = re.compile(r"\b(?:term of (?:this|the) (?:agreement|contract)|this (?:agreement|contract)|the (?:agreement|"
                           r"contract)|(?:initial|renewal) term|the term|term hereof|expiration date|termination date)\b",
                           re.I)
_OTHER_DEFINITION = re.compile(r'"(?!(?:Term|Initial Term|Expiration Date|Termination Date|End Date|Effective Date)")'
                               r'[^"]{1,40}"\s*(?:shall\s+)?(?:means?|refers\s+to|is\s+defined\s+as)\b', re.I)


def _day_dates(sentence: Sentence) -> list[Fact]:
    return [d for d in sentence.dates() if not str(d.value).startswith("--")]


def dates(ct: ContractText) -> dict[str, FieldValue]:
    found: dict[str, FieldValue] = {}
    agreement = _agreement_date(ct)
    if agreement:
        found["agreement_date"] = agreement
    effective = _effective_date(ct, agreement)
    if effective:
        found["effective_date"] = effective
    if agreement is None and effective is not None:
        # "entered into as of the Effective Date (as defined below)": dated by that definition
        basis = next((m for s in ct.preamble()[:2] for v in [s] for m in [_AS_OF_EFFECTIVE.search(v.flat.text)] if m),
                     None)
        if basis is not None:
            found["agreement_date"] = FieldValue(**{**effective.__dict__, "name": "agreement_date",
                                                    "meta": {**effective.meta, "basis": "effective_date",
                                                             "basis_text": basis.group(0)}})
    for sentence in ct.sentences():
        if not _TERM_SENTENCE.search(sentence.text) or _OTHER_DEFINITION.search(sentence.text):
            continue
        for date in _day_dates(sentence):
            before = sentence.view.flat.text[max(sentence.start, date.start - 60):date.start]
            if not _TERM_SUBJECT.search(sentence.view.flat.text[sentence.start:date.start]):
                continue
            if "term_start" not in found and _START_BEFORE.search(before):
                found["term_start"] = ct.field("term_start", date.value, sentence, date.start, date.end,
                                               _date_meta(date))
            elif "termination_date" not in found and _END_BEFORE.search(before):
                found["termination_date"] = ct.field("termination_date", date.value, sentence, date.start,
                                                     date.end, _date_meta(date))
        if "term_start" in found and "termination_date" in found:
            break
    return found


def _date_meta(date: Fact) -> dict:
    return {k: date.meta[k] for k in ("precision", "granularity") if k in date.meta}


def _agreement_date(ct: ContractText) -> FieldValue | None:
    sentences = [s for v in ct.preamble()[:2] for s in v.sentences if _AGREEMENT_WORDS.search(s.text)]
    for sentence in sentences:  # a date right after "dated as of" / "made this" first
        text = sentence.view.flat.text
        for d in _day_dates(sentence):
            if _MADE_BEFORE.search(text[max(sentence.start, d.start - 40):d.start]):
                return ct.field("agreement_date", d.value, sentence, d.start, d.end, _date_meta(d))
    for sentence in sentences:
        days = _day_dates(sentence)
        if days:
            d = days[0]
            return ct.field("agreement_date", d.value, sentence, d.start, d.end, _date_meta(d))
    # "Dated: March 1, 1998" as a line of its own
    for view in ct.preamble()[:2]:
        for d in view.dates:
            before = view.flat.text[max(0, d.start - 40):d.start]
            if _DATED_LINE.search(before.split("  ")[-1]) or re.search(r"\bDated?\s*:?\s*$", before):
                return ct.field("agreement_date", d.value, view, d.start, d.end, _date_meta(d))
    # every signature saying the same date
    signature = [v for v in ct.views if v.chunk.chunk_type == "signature"]
    signed = [(v, d) for v in signature for d in v.dates
              if _SIGNED_DATE.search(v.flat.text[max(0, d.start - 12):d.start])]
    if signed and len({d.value for _, d in signed}) == 1:
        view, d = signed[0]
        return ct.field("agreement_date", d.value, view, d.start, d.end,
                        {**_date_meta(d), "basis": "signature dates"})
    return None


def _effective_date(ct: ContractText, agreement: FieldValue | None) -> FieldValue | None:
    for sentence in ct.sentences():
        if "effective" not in sentence.text.lower() and "commencement date" not in sentence.text.lower():
            continue
        text = sentence.view.flat.text
        for d in _day_dates(sentence):
            after = text[d.end:min(sentence.end, d.end + 60)]
            before = text[max(sentence.start, d.start - 60):d.start]
            if _EFFECTIVE_AFTER.search(after) or _EFFECTIVE_MEANS.search(before) or \
                    _EFFECTIVE_BEFORE.search(before):
                return ct.field("effective_date", d.value, sentence, d.start, d.end, _date_meta(d))
    if agreement is not None:
        for sentence in ct.sentences():
            m = _EFFECTIVE_REFERS.search(sentence.text)
            if m:
                meta = {"basis": "agreement_date", "basis_text": m.group(0)}
                return FieldValue(**{**agreement.__dict__, "name": "effective_date",
                                     "meta": {**agreement.meta, **meta}})
    return None


# --- term, renewal, termination ---------------------------------------------------------------

_TERM_TRIGGER = re.compile(
    r"\b(?:initial term|initial period|term of (?:this|the) agreement|term hereof|term of this contract|"
    r"(?:this|the) agreement shall (?:remain|continue|be (?:valid|effective|in effect))|"
    r"shall (?:continue|remain) in (?:full )?(?:force|effect)|for an? (?:initial )?(?:term|period) of|"
    r"term shall be|valid for|shall continue for|continues? for|shall be for|term of)\b", re.I)
_NOT_TERM = re.compile(r"\b(?:notice|prior|before|renew\w*|extend\w*|following|after|warrant\w*|survive\w*|"
                       r"within|payment|pay|invoice|cure|confidential\w*)\b", re.I)
_RENEW = re.compile(r"\b(?:renew\w*|extend\w*|extension|non-renewal)\b", re.I)
_RENEW_KIND = re.compile(r"\b(?:automatic\w*|successive|additional|consecutive|year to year|year-to-year|"
                         r"renewal term|extension term|further|subsequent)\b", re.I)
_AUTOMATIC = re.compile(r"\bautomatic\w*\b|\bunless\b[^.]{0,160}\bnotice\b|\bunless\b[^.]{0,80}\b(?:terminat\w*|"
                        r"elect\w*|notif\w*)\b", re.I)
_OPTIONAL = re.compile(r"\bmutual(?:ly)?\b|\boption\b|\bmay (?:be )?(?:renew|extend)\w*|\bupon (?:written )?request|"
                       r"\bif (?:both|the) parties agree|\bat the election of", re.I)
_YEAR_TO_YEAR = re.compile(r"\b(?:from )?year[- ]to[- ]year\b|\bannual(?:ly)?\s+basis\b|\bfor (?:an )?additional year\b",
                           re.I)
_NOTICE_AFTER = re.compile(r"^\W{0,3}(?:'s?)?\s*(?:\w+\s+){0,2}?(?:prior|before|in advance|advance|notice)\b", re.I)
_NOTICE_BEFORE = re.compile(r"\b(?:at least|not less than|no less than|no later than|minimum of|upon|giving|"
                            r"with|by)\s+(?:a\s+)?(?:period\s+of\s+)?$", re.I)
_NON_RENEWAL = re.compile(r"\b(?:non-renewal|not to renew|intent(?:ion)? not to|not renew|terminat\w*|"
                          r"cancel\w*)\b", re.I)
_TERMINATE = re.compile(r"\bterminat\w*\b", re.I)
_MAY_TERMINATE = re.compile(r"\b(?:may|shall have the right to|is entitled to|has the right to|can|reserves the right to)"
                            r"\b[^.]{0,60}?\bterminat\w*", re.I)
_CONVENIENCE = re.compile(r"\bfor convenience\b|\bfor any reason\b|\bwithout cause\b|\bfor no reason\b|"
                          r"\bat any time\b(?![^.]{0,60}\b(?:breach|default|fail))", re.I)
_CAUSE = re.compile(r"\bbreach\w*\b|\bdefault\w*\b|\bfails? to\b|\bfailure to\b|\binsolven\w*|\bbankrupt\w*|"
                    r"\bfor cause\b", re.I)


def _clean_durations(sentence: Sentence) -> list[Duration]:
    taken = [(d.start - sentence.start, d.end - sentence.start) for d in sentence.dates()]
    return [Duration(d.start + sentence.start, d.end + sentence.start, d.value, d.text)
            for d in find_durations(sentence.text, taken)]


def _is_notice(sentence: Sentence, d: Duration) -> bool:
    text = sentence.view.flat.text
    return bool(_NOTICE_AFTER.search(text[d.end:d.end + 40])
                or _NOTICE_BEFORE.search(text[max(sentence.start, d.start - 30):d.start]))


def term(ct: ContractText) -> dict[str, FieldValue]:
    found: dict[str, FieldValue] = {}
    for sentence in ct.sentences():
        text = sentence.text
        if "duration" not in found and not _OTHER_DEFINITION.search(text) and _TERM_SUBJECT.search(text):
            trigger = _TERM_TRIGGER.search(text)
            if trigger and not _RENEW.search(text[:trigger.start()]):
                for d in _clean_durations(sentence):
                    gap = sentence.view.flat.text[sentence.start + trigger.end():d.start]
                    if d.start < sentence.start + trigger.start() or len(gap) > 160 or _NOT_TERM.search(gap):
                        continue
                    if _is_notice(sentence, d) or ("days" in d.value and d.value["days"] < 30):
                        continue
                    found["duration"] = ct.field("duration", d.value, sentence, d.start, d.end)
                    break
        if _RENEW.search(text) and (_RENEW_KIND.search(text) or _NON_RENEWAL.search(text)):
            _renewal(ct, sentence, found)
    return found


def _renewal(ct: ContractText, sentence: Sentence, found: dict[str, FieldValue]) -> None:
    text = sentence.text
    renew = _RENEW.search(text)
    durations = _clean_durations(sentence)
    if "renewal_term" not in found and _RENEW_KIND.search(text):
        automatic = True if _AUTOMATIC.search(text) else (False if _OPTIONAL.search(text) else None)
        period = next((d for d in durations if d.start >= sentence.start + renew.start()
                       and not _is_notice(sentence, d)), None)
        if period is not None:
            found["renewal_term"] = ct.field("renewal_term", {"automatic": automatic, "period": period.value},
                                             sentence, period.start, period.end)
        else:
            yearly = _YEAR_TO_YEAR.search(text)
            if yearly:
                s = sentence.start + yearly.start()
                found["renewal_term"] = ct.field("renewal_term", {"automatic": automatic, "period": {"years": 1}},
                                                 sentence, s, sentence.start + yearly.end())
    if "renewal_notice" not in found and "notice" in text.lower() and _NON_RENEWAL.search(text):
        for d in durations:
            if _is_notice(sentence, d):
                found["renewal_notice"] = ct.field("renewal_notice", d.value, sentence, d.start, d.end)
                break


def termination_terms(ct: ContractText) -> list[FieldValue]:
    """At most one term per kind (convenience, cause): who may end the contract and on what notice."""
    terms: dict[str, FieldValue] = {}
    for sentence in ct.sentences():
        text = sentence.text
        may = _MAY_TERMINATE.search(text)
        if not may or _RENEW.search(text) and not _CONVENIENCE.search(text):
            continue
        kind = "convenience" if _CONVENIENCE.search(text) and not _CAUSE.search(text) else (
            "cause" if _CAUSE.search(text) else None)
        if kind is None or kind in terms:
            continue
        notice = next((d for d in _clean_durations(sentence) if _is_notice(sentence, d)), None)
        terms[kind] = ct.termination_term(sentence, kind, notice, may)
    return [terms[k] for k in TERMINATION_KINDS if k in terms]


# --- amounts -----------------------------------------------------------------------------------

_TOTAL = re.compile(r"\b(?:total|aggregate)\s+(?:contract\s+|purchase\s+|licen[cs]e\s+|agreement\s+)?"
                    r"(?:price|value|amount|consideration|fees?|sum|compensation|payments?)\b|"
                    r"\bcontract\s+(?:price|sum|value|amount)\b|\bpurchase\s+price\b", re.I)
_NOT_TOTAL = re.compile(r"\b(?:exceed\w*|limit\w*|liabilit\w*|cap|per (?:month|year|annum|unit|quarter)|monthly|"
                        r"quarterly|annual\w*|each)\b", re.I)
_MAX_TRIGGER_GAP = 120


def total_amount(ct: ContractText) -> FieldValue | None:
    for sentence in ct.sentences():
        trigger = _TOTAL.search(sentence.text)
        if not trigger or _NOT_TOTAL.search(sentence.text):
            continue
        after = [a for a in sentence.amounts() if a.start >= sentence.start + trigger.end()
                 and a.start - (sentence.start + trigger.end()) <= _MAX_TRIGGER_GAP]
        if after:
            a = after[0]
            return ct.field("total_amount", {"value": a.value, "currency": a.meta.get("currency")}, sentence,
                            a.start, a.end, {k: a.meta[k] for k in ("approx", "currency_assumed") if k in a.meta})
    return None


# --- governing law -----------------------------------------------------------------------------

_GOVERNS = re.compile(r"\b(?:govern\w*|constru\w*|interpret\w*|enforced)\b", re.I)
_NOT_GOVERNING = re.compile(r"\b(?:organi[sz]ed|incorporated|existing|formed)\s+(?:and\s+existing\s+)?under\b", re.I)
_LAWS_OF = re.compile(r"\blaws?\s+of\s+(?:the\s+)?", re.I)
_X_LAW = re.compile(r"\b(?:by|under|with)\s+(?:the\s+)?(?P<j>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\s+law\b")
_STATE_WORDS = {"state", "commonwealth", "province", "republic", "kingdom", "people's", "district",
                "territory", "federal", "united", "hong", "new", "north", "south", "west", "british",
                "rhode", "puerto", "district"}
_STOP_WORDS = {"without", "and", "applicable", "except", "excluding", "as", "in", "that", "which",
               "regardless", "notwithstanding", "applied", "governing", "other", "the", "to", "for",
               "shall", "provided", "including", "any", "its", "their", "this", "such", "all", "with",
               "where", "if", "but", "so", "by", "on", "at", "from", "unless"}


def _jurisdiction_at(text: str, start: int) -> tuple[int, int] | None:
    """The jurisdiction name starting at ``text[start:]``: capitalised words (and "of" between
    them), at most six, stopping at the first word that cannot be part of a place name; at least
    one of them a proper name ("the state in which..." names no place)."""
    end, words, proper = None, 0, False
    for m in re.finditer(r"\S+", text[start:]):
        word = m.group().rstrip(",.;:)")
        lower = word.lower()
        if not word or lower in _STOP_WORDS and not (lower == "of" and words and end is not None):
            break
        if lower == "of":
            continue
        if not (word[0].isupper() or lower in _STATE_WORDS) or words >= 6:
            break
        words += 1
        proper = proper or (word[0].isupper() and lower not in _STATE_WORDS)
        end = start + m.start() + len(word)
        if m.group() != word:  # punctuation after the word ends the name
            break
    return (start, end) if end is not None and proper else None


def governing_law(ct: ContractText) -> FieldValue | None:
    for sentence in ct.sentences():
        text = sentence.text
        if not _GOVERNS.search(text) or "law" not in text.lower() or _NOT_GOVERNING.search(text):
            continue
        spans: list[tuple[int, int]] = []
        for m in _LAWS_OF.finditer(text):
            before = text[max(0, m.start() - 12):m.start()].lower()
            if re.search(r"(?:conflicts?|choice)\s+(?:of\s+)?$", before):
                continue
            span = _jurisdiction_at(text, m.end())
            if span:
                spans.append(span)
        if not spans:
            m = _X_LAW.search(text)
            if m and m.group("j").lower() not in ("applicable", "federal", "state", "governing"):
                spans.append((m.start("j"), m.end("j")))
        if spans:
            names = list(dict.fromkeys(canonical_jurisdiction(text[s:e]) for s, e in spans))
            first, last = spans[0][0], spans[-1][1]
            return ct.field("governing_law", {"text": text[first:last], "jurisdictions": names}, sentence,
                            sentence.start + first, sentence.start + last)
    return None


def extract(ct: ContractText) -> tuple[dict[str, FieldValue], dict[str, list[FieldValue]], list[Party], list[str]]:
    fields: dict[str, FieldValue] = {}
    for found in (title(ct), total_amount(ct), governing_law(ct)):
        if found is not None:
            fields[found.name] = found
    fields.update(dates(ct))
    fields.update(term(ct))
    return fields, {"termination_terms": termination_terms(ct)}, parties(ct), []
