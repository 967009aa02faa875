"""Clause categories a contract question can name.

A question that names a kind of clause (governing law, anti-assignment,
audit rights, renewal term …) is about the clause a lawyer would look for under that heading. The
categories follow the CUAD taxonomy of 41 clause types reviewed in commercial contracts (The Atticus
Project, CC BY 4.0): for each, the words a question uses to name it, the words its clauses are
drafted in, and the words of its usual headings. All are general drafting language — no phrase of
any one contract. A detected category adds its drafting words to the BM25 query and a third recall
list: the chunks whose section heading matches the category's headings.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class ClauseCategory:
    name: str
    question: re.Pattern[str]  # how a question names it
    heading: re.Pattern[str]  # how a section heading names it
    words: str  # drafting words of such clauses (BM25 expansion)


def _c(name: str, question: str, heading: str, words: str) -> ClauseCategory:
    return ClauseCategory(name, re.compile(question, re.I), re.compile(heading, re.I), words)


# Ordered from the most specific: the first category whose question pattern matches wins.
CATEGORIES: tuple[ClauseCategory, ...] = (
    _c("Notice Period To Terminate Renewal", r"notice.{0,40}(?:terminat|non-?renew).{0,20}renew|terminate the renewal",
       r"\bterm\b|renewal|termination", "notice prior expiration renewal term days written notice not renew"),
    _c("Renewal Term", r"renewal term|renew(?:al|ed)? (?:period|term)|auto(?:matic)?(?:ally)? renew",
       r"\bterm\b|renewal", "renew automatically successive periods unless notice term extend"),
    _c("Expiration Date", r"expir|initial term|\bterm of (?:this|the) (?:contract|agreement)|how long",
       r"\bterm\b|duration|expiration", "term commence effective date continue until expire years period"),
    _c("Effective Date", r"effective date|when (?:does|did) .{0,30}(?:take effect|become effective)",
       r"effective date|\bterm\b", "effective date commence"),
    _c("Agreement Date", r"date of (?:this|the) (?:contract|agreement)|when was .{0,30}(?:signed|dated)",
       r"^$", "dated as of entered into day"),
    _c("Governing Law", r"governing law|which (?:state|country|jurisdiction)'?s? law|law governs|choice of law",
       r"governing law|applicable law|choice of law|jurisdiction", "governed construed accordance laws state jurisdiction"),
    _c("Most Favored Nation", r"most favou?red|better terms|\bmfn\b",
       r"most favou?red|pricing|price", "most favored terms no less favorable than any third party better"),
    _c("Competitive Restriction Exception", r"exception.{0,30}(?:compet|restrict|exclusiv)|carve-?out",
       r"non-?compet|exclusiv|restrict", "notwithstanding except shall not prevent restrict compete exclusivity"),
    _c("Non-Compete", r"non-?compete|not to compete|competition restrict|restrict.{0,20}compet",
       r"non-?compet|competition|restrictive covenant|exclusiv", "compete competing business directly indirectly engage territory during term"),
    _c("Exclusivity", r"exclusiv", r"exclusiv", "exclusive sole only party shall not appoint other distributor territory"),
    _c("No-Solicit Of Customers", r"solicit.{0,30}customer|customer.{0,30}solicit",
       r"solicit", "solicit customers clients induce divert business"),
    _c("No-Solicit Of Employees", r"solicit.{0,30}(?:employee|personnel|staff)|(?:hire|hiring).{0,30}employee",
       r"solicit|hire|employ", "solicit hire employ employees personnel consultants"),
    _c("Non-Disparagement", r"disparag", r"disparag", "disparage negative statements reputation"),
    _c("Termination For Convenience", r"terminat.{0,30}(?:convenience|without cause|for any reason)|convenience",
       r"terminat", "terminate convenience without cause any reason upon days prior written notice"),
    _c("Rofr/Rofo/Rofn", r"right of first (?:refusal|offer|negotiation)|\brof[ron]\b",
       r"first refusal|first offer|first negotiation|right of first", "right first refusal offer negotiate before third party"),
    _c("Change Of Control", r"change (?:of|in) control|merger|acquisition of .{0,20}part",
       r"change (?:of|in) control|assignment|terminat", "change control merger acquisition sale substantially all assets voting"),
    _c("Anti-Assignment", r"assign", r"assign|transfer", "assign transfer delegate consent prior written consent rights obligations"),
    _c("Revenue/Profit Sharing", r"revenue|profit.?shar|royalt",
       r"revenue|profit|royalt|compensation|payment|fees", "revenue profit share percent royalty net sales paid"),
    _c("Price Restrictions", r"price restrict|raise .{0,20}price|price (?:increase|change)",
       r"pric", "price increase adjust change not exceed"),
    _c("Minimum Commitment", r"minimum (?:commitment|order|purchase|quantity|volume)|minimum",
       r"minimum|purchase|order|forecast", "minimum purchase order quantity annual commitment units"),
    _c("Volume Restriction", r"volume restrict|volume|threshold|exceed",
       r"volume|limit|capacity", "volume exceed limit threshold maximum units additional fee"),
    _c("Ip Ownership Assignment", r"intellectual property ownership|ownership of .{0,30}intellectual|ip ownership",
       r"intellectual property|ownership|proprietary", "intellectual property owned assign right title interest inventions work product"),
    _c("Joint Ip Ownership", r"joint(?:ly)? .{0,30}(?:intellectual property|ownership|own)",
       r"intellectual property|ownership", "jointly owned joint ownership both parties intellectual property"),
    _c("Non-Transferable License", r"non-?transferable|transfer.{0,30}licen",
       r"licen", "license non-transferable not transfer sublicense assign"),
    _c("Affiliate License-Licensor", r"licensor'?s? affiliates", r"licen", "affiliates licensor license grant"),
    _c("Affiliate License-Licensee", r"licensee'?s? affiliates|affiliates.{0,30}licens",
       r"licen", "affiliates licensee license grant sublicense"),
    _c("Unlimited/All-You-Can-Eat-License", r"unlimited|all-you-can-eat", r"licen",
       r"unlimited number copies users enterprise license"),
    _c("Irrevocable Or Perpetual License", r"irrevocable|perpetual", r"licen",
       "irrevocable perpetual fully paid royalty free license"),
    _c("License Grant", r"licen[cs]e", r"licen|grant", "grant license right use non-exclusive exclusive"),
    _c("Source Code Escrow", r"escrow|source code", r"escrow|source code", "source code escrow agent deposit release"),
    _c("Post-Termination Services", r"after (?:the )?terminat|post-?terminat|upon terminat",
       r"terminat|effect|transition", "termination expiration continue provide services transition wind down survive"),
    _c("Audit Rights", r"audit|inspect (?:the )?(?:books|records)", r"audit|records|books|inspection",
       "audit inspect books records accounts examine during normal business hours"),
    _c("Uncapped Liability", r"uncapped|unlimited liability|no (?:cap|limit) on liability",
       r"liabilit|indemnif", "liability shall not limit exclusion gross negligence willful misconduct indemnification"),
    _c("Cap On Liability", r"cap on liability|limitation of liability|liability (?:cap|limit)|cap(?:ped)? liability",
       r"limitation of liability|liabilit", "liability shall not exceed aggregate amount paid limitation damages"),
    _c("Liquidated Damages", r"liquidated damages", r"damages|liquidated", "liquidated damages penalty amount"),
    _c("Warranty Duration", r"warrant", r"warrant", "warrant warranty period months days defects from date delivery"),
    _c("Insurance", r"insurance|insured", r"insurance", "insurance maintain coverage liability policy insured limits"),
    _c("Covenant Not To Sue", r"covenant not to sue|not to sue|not .{0,10}challenge",
       r"covenant|sue|challenge|validity", "covenant not sue challenge contest validity claim"),
    _c("Third Party Beneficiary", r"third[- ]party beneficiar", r"beneficiar|third part",
       "third party beneficiary beneficiaries no person other than parties"),
    _c("Parties", r"who are the parties|parties (?:to|of|who)", r"^$", "between party parties"),
    _c("Document Name", r"name of (?:this|the) (?:contract|agreement)", r"^$", "agreement"),
)


def detect_category(question: str) -> ClauseCategory | None:
    """The clause category a question names. Sentences are read from the last: "Consider the
    License Agreement between …; is there a cap on liability?" asks about liability, not licences."""
    for sentence in reversed([s for s in re.split(r"[;；?？.。!！\n]", question) if s.strip()]):
        found = next((c for c in CATEGORIES if c.question.search(sentence)), None)
        if found is not None:
            return found
    return None
