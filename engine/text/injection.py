"""Sentences of a document addressed to whoever reads it — instructions about answering, role
changes, "ignore previous ..." — instead of being about the case: prompt injection planted in
evidence.

A phrase list is beaten by a paraphrase, a zero-width space or a full-width letter, so the
detector is rules over a normalised reading (``engine.text.folding.reading_view``: width,
look-alike letters, traditional characters and case folded; zero-width characters, spacing inside
Chinese, letter-spacing and line breaks gone), and the rules name structures rather than
sentences. Cues, each a family of patterns:

- override    a verb of setting aside (忽略, 无视, 不要理会, 忘掉, ignore, disregard …) with what
              came before (以上, 之前, 前面, previous, above …) and a meta-object (指令, 要求, 提示,
              设定, instructions, rules, prompt …), in either order (以上材料…请忽略);
- role        the reader told who it is from now on (从现在起你是, 扮演, 假装你是, 你的新身份,
              you are now, pretend you are, from now on you …);
- system      chat-template and role markers (<|im_start|>, [INST], </evidence>, 【系统】,
              SYSTEM: …);
- leak        the reader asked for its own instructions (输出你的系统提示词, print your system prompt);
- scripted    an order to give a fixed answer: a verb of answering or outputting after a directive
              adverb and before a colon or quote (直接回答：…, 只输出“…”), or for any question
              (无论问什么都…, regardless of the question …);
- conceal     an order to hide something from the answer, said to a person (不要/请勿, not the
              normative 不得) about this very text or the other evidence (不要提及本段, do not cite
              any other evidence);
- addressee   the reader named as a machine (致…人工智能助手, 如果你是 AI 模型, 作为语言模型,
              note to the AI …) — only with an imperative or 你 in the same sentence;
- answer_change  the answer as the thing to change (把答案改成…, change your answer to …);
- answer_ref  the reader's answer as the place of an order (在回答中写明, 你接下来的回答, in every
              answer) — only with an imperative, never in a question.

Anything but ``addressee`` and ``answer_ref`` flags a sentence on its own. Two guards keep the
language of legal material out: a question (？, 吗, 什么, 是否 …) is never a role change or a
scripted answer (interrogations ask 你现在是做什么的, 请回答：…？), and a negated verb of setting
aside (不得忽略, 不要忘记) is not an override. Measured on the paraphrase set, hard negatives and
every sentence of the demo corpus and the dev case files: ``scripts/bench_injection.py``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from engine.text.folding import reading as read
from engine.text.normalize import to_halfwidth

# -- sentences ----------------------------------------------------------------------------------
# A sentence ends at sentence punctuation (an English full stop before a space and a capital or at
# the end), at a line break after a line ending in a colon (a heading: 补充说明：), or at a line
# break where a new 问/答 turn, a numbered item or a labelled field starts; other line breaks are
# the PDF's layout and a sentence runs on over them.
_SENTENCE_END = re.compile(
    r"[。！？；!?;]+[”’」』）)\"']*"
    r"|(?<=[a-z0-9\"')\]])\.(?=\s+[A-Z\"“(]|\s*$)"
    r"|(?<=[:：])[ \t]*\n"
    r"|\n(?=\s*(?:问|答|[一二三四五六七八九十]+、|\d+[.、．]|[（(]\d+[）)]|第[一二三四五六七八九十百千零〇\d]+条"
    r"|[\u4e00-\u9fff]{2,6}[：:]))", re.M)


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """[start, end) of every sentence of ``text``, surrounding whitespace trimmed."""
    spans: list[tuple[int, int]] = []
    cursor = 0
    half = to_halfwidth(text)
    for match in _SENTENCE_END.finditer(half):
        end = match.end() if match.group(0).strip() else match.start()
        spans.append((cursor, end))
        cursor = match.end()
    spans.append((cursor, len(text)))
    trimmed = []
    for start, end in spans:
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        if end > start:
            trimmed.append((start, end))
    return trimmed


# -- cues (on the reading view: lower case, simplified, half-width, no spacing inside Chinese) ----
_NEG = r"(?:不得|不能|不应|不可|不会|切勿|禁止|不准|不许|严禁|不要|别|勿|未|没有|没|并非|不是|不必|无需|无须)"
_NEGATED = re.compile(rf"{_NEG}$")
_POSITIONAL = r"(?:以上|上述|上面|之前|此前|先前|前面|前述|原有|原来|原先|既有|已有|刚才|早先|默认|所有|全部|一切|任何)"
_META = (r"(?:指令|指示|提示词|提示|规则|要求|设定|设置|约束|限制|命令|说明|准则|守则|内容|材料|信息|对话|"
         r"上下文|任务|程序|身份)")
_STRICT_META = r"(?:指令|指示|提示词|提示|设定|命令|规则)"
_SET_ASIDE = r"(?:忽略|忽视|无视|忘记|忘掉|忘了|抛开|抛弃|丢弃|跳过|绕过|撇开)"
# (not 别管: 级别管辖; not 放弃: 放弃权利 is everywhere in procedure law)
_STOP_OBEYING = (r"(?:不要理会|不用理会|不必理会|别理会|不予理会|不要管|不用管|无需遵守|无须遵守|不再遵守|不要遵守|"
                 r"不必遵守|不用遵守|停止遵守|停止遵循|不要遵循|不再遵循|停止执行|不再执行)")
_REPLACE = r"(?:覆盖|推翻|取代|替换|撤销|作废)"
# (not 无效/失效: 违反上述规定的，其转让无效 is the law speaking)
_VOID = r"(?:作废|不算数|请忽略|都忽略|均忽略|一律忽略|可以忽略|予以忽略|请无视)"
_GAP = r"[^。!?;,:]{0,10}?"  # within one clause: 申请停止执行，…其要求合理 is two

_OVERRIDE = re.compile(
    rf"(?P<aside>{_SET_ASIDE}){_GAP}{_POSITIONAL}{_GAP}{_META}"
    rf"|{_STOP_OBEYING}{_GAP}(?:{_POSITIONAL}{_GAP}{_META}|{_STRICT_META})"
    rf"|{_REPLACE}{_GAP}{_POSITIONAL}{_GAP}{_STRICT_META}"
    rf"|{_POSITIONAL}[^。!?;]{{0,3}}?{_META}[^。!?;]{{0,10}}?{_VOID}"  # 以上材料均为虚构，请忽略
    r"|(?:ignore|disregard|forget|override|bypass|skip|discard|abandon|neglect|set\s*aside|pay\s*no\s*attention\s*to"
    r"|(?:do\s*not|don'?t|stop|no\s*longer)\s*(?:follow(?:ing)?|obey(?:ing)?))"
    r"\s*(?:(?:all|any|every|each|the|your|of|these|those|my|its)\s*){0,3}"
    r"(?:(?:previous|prior|above|earlier|preceding|foregoing|former|original|initial|existing|system|developer|"
    r"default|old|other|given|current)\s*){0,2}"
    r"(?:instructions?|prompts?|rules?|guidelines?|directions?|directives?|constraints?|context|messages?|"
    r"commands?|programming|restrictions?|polic(?:y|ies)|guardrails?)"
    r"|(?:forget|ignore|disregard)\s*(?:about\s*)?(?:everything|all|anything)\s*(?:that\s*)?(?:above|before|"
    r"previously|earlier|prior|you\s*(?:were|have\s*been|'ve\s*been)\s*(?:told|given)|so\s*far|i\s*said)")

_ROLE = re.compile(
    r"(?:从现在(?:开始|起)|从此刻起|从这一刻起|从今以后|自现在起|接下来)[,:]?(?:请)?你(?:就|将|要|会|必须|需要|只能|应当|应该)?"
    r"(?:是|扮演|作为|充当|成为|变成|担任|以)"
    r"|(?:请你?|你(?:要|来|就|需要|必须|将)?|您)(?:扮演|假装|假扮|充当|饰演)"
    r"|你的(?:新)?(?:身份|角色|任务|职责|设定)(?:已经?|现在)?(?:是|为|变为|变成|改为|更改为|改变|变了|更新)"
    r"|你不再是|你已(?:经)?(?:不再是|成为|变成)"
    r"|进入(?:开发者|越狱|调试|无限制|无约束|上帝|dan)模式"
    r"|以[^。,;:]{1,15}的身份(?:回答|作答|回复|答复)"
    r"|you\s*are\s*now(?!here)|from\s*now\s*on[,\s]*(?:you|act|respond|answer|behave|pretend|reply)"
    r"|pretend\s*(?:to\s*be|you\s*are|that\s*you)|(?:please|you\s*will\s*now|you\s*must\s*now)\s*act\s*as"
    r"|act\s*as\s*if\s*you|role-?\s*play\s*as|your\s*new\s*(?:role|task|identity|instructions?|persona|objective)"
    r"|you\s*are\s*no\s*longer|(?:enter|switch\s*to|activate|enable)\s*(?:developer|dan|jailbreak|god|unrestricted"
    r"|debug)\s*mode")

_SYSTEM = re.compile(
    r"<\|(?:im_start|im_end|system|assistant|user|endoftext)\|>|\[/?inst\]|<</?sys>>"
    r"|</?(?:system|assistant|evidence|instructions?|prompt|user)>"
    r"|\[(?:system|sys|assistant|admin|developer)\]|【(?:系统|system|助手|assistant|管理员|开发者)】"
    r"|^(?:system|assistant|developer)\s*:"
    r"|(?:new\s*)?system\s*(?:message|prompt|instructions?|override|update|note)\s*:")

_LEAK = re.compile(
    r"(?:输出|打印|显示|泄露|透露|告诉我|复述|重复|列出|展示|说出|给出)(?:一下|出来)?[^。]{0,6}?"
    r"(?:你的|你收到的|给你的|你被设定的|你所有的|你全部的)[^。]{0,6}?"
    r"(?:系统提示词?|提示词|指令|设定|规则|system\s*prompt|初始指令|原始指令)"
    r"|(?:把|将)(?:你的|你收到的|给你的)[^。]{0,8}?(?:指令|提示词?|设定)[^。]{0,6}?(?:输出|打印|显示|复述|告诉|原样)"
    r"|(?:print|reveal|show|output|repeat|display|leak|disclose|tell\s*me|write\s*out|list)\s*(?:out\s*)?"
    r"(?:your|all\s*(?:of\s*)?your|the\s*(?:system|hidden|initial|original))\s*"
    r"(?:system\s*prompt|instructions|initial\s*prompt|hidden\s*prompt|rules|prompt|system\s*message|guidelines)")

# (not 写明/注明/认定 and not 应当/需要: 起诉状应当写明：…, 法庭可以直接认定：… is how procedure law speaks)
_ANSWER_ZH = r"(?:回答|答复|回复|作答|输出|告诉用户|告知用户|对用户说|声称|宣称|结论写)"
_DIRECTIVE_ZH = r"(?:直接|只|仅|就|请|务必|必须|一律|统一|都|总是|始终|永远|均|只需|只要|只能|改为)"
_QUESTION = re.compile(r"[?？]|吗|什么|哪|是否|多少|几[个次笔天]|谁|怎么|为何|为什么|呢")
_SCRIPTED = re.compile(
    rf"{_DIRECTIVE_ZH}[^。,;]{{0,3}}?{_ANSWER_ZH}(?P<quote>[:“\"「『'])(?P<said>[^。;]*)"
    rf"|(?:无论|不论|不管)[^。]{{0,12}}?(?:问|提问|询问|问题)[^。]{{0,14}}?(?:都|一律|均|只|统一|总是|始终)"
    rf"[^。]{{0,6}}?(?:{_ANSWER_ZH}|说)(?P<said2>[^。;]{{2,}})"
    rf"|{_ANSWER_ZH}(?:任何|所有|每个|每一个|一切)(?:问题|提问)[^。]{{0,6}}?(?:都|一律|均|只)"
    r"|(?:answer|respond|reply|say|state|output|print|write|conclude|declare)\s*(?:only\s*|simply\s*|just\s*)?"
    r"(?:with\s*|that\s*)?[:\"“']"
    r"|(?:regardless\s*of|no\s*matter)\s*(?:the|what|which|any)\s*(?:question|is\s*asked|you\s*are\s*asked|the\s*user)"
    r"|(?:^|please\s*|you\s*(?:must|should|will)?\s*|and\s*|then\s*|[;,:]\s*)(?:always|only|just|simply)\s*"
    r"(?:answer|respond|reply|say|state|output|conclude)"
    r"|(?:answer|respond\s*to|reply\s*to)\s*(?:every|any|all)\s*questions?\s*(?:with|by)"
    # what "the answer" is, declared: 正确答案是…, the only correct answer is …
    r"|(?:正确|唯一|标准|最终|真正)的?答案(?:是|为|应为|应该是)"
    r"|(?:only|correct|right|true|final)\s*answer\s*(?:is|will\s*be|must\s*be)")
_HONEST = re.compile(r"(?:如实|真实|老实|认真|清楚|详细|准确|truthfully|honestly|accurately)\s*$")

_CONCEAL = re.compile(
    r"(?:不要|别|切勿|请勿|千万不要|请不要)(?:在(?:回答|结论|答案)中)?"
    r"(?:提及|提到|透露|泄露|引用|显示|告诉|告知|说明|解释|暴露|说出|承认|复述)[^。]{0,10}?"
    r"(?:本段|这段|此段|本指令|这条指令|此指令|这些指令|以上指令|本提示|本注释|本说明|不利证据|(?:任何|其他|其它)[^。]{0,4}?证据|"
    r"证据)"
    r"|(?:do\s*not|don'?t|never)\s*(?:mention|reveal|disclose|cite|quote|refer\s*to|tell\s*(?:the\s*)?user\s*about|"
    r"acknowledge)\s*(?:this|these|the\s*above|any\s*other|other|any)\s*"
    r"(?:paragraph|instructions?|message|note|text|prompt|section|evidence|sources?)")

_MACHINE_ZH = (r"(?:人工智能助手|智能助手|ai助手|ai模型|ai系统|ai|人工智能|大语言模型|语言模型|大模型|模型|助手|聊天机器人|机器人|"
               r"机器(?!设备|零件|配件|的)|智能系统|llm|gpt|chatgpt|问答系统|智能体)")
_MACHINE_EN = r"(?:ai|a\.i\.|artificial\s*intelligence|language\s*model|llm|gpt|chatgpt|chatbot|assistant|model|bot)s?"
_ADDRESSEE = re.compile(
    rf"(?:致|给|敬告|提醒|通知|各位|亲爱的|尊敬的|写给)[^。,:]{{0,14}}?{_MACHINE_ZH}(?:们)?"
    rf"|(?:如果|假如|倘若)你是(?:一个|一名)?[^。,]{{0,4}}?{_MACHINE_ZH}|你(?:作为|是)(?:一个|一名)?{_MACHINE_ZH}"
    rf"|作为(?:一个|一名)?{_MACHINE_ZH}|^[^。,:]{{0,12}}?{_MACHINE_ZH}[:,]"
    rf"|(?:note|message|instructions?|attention|reminder|memo)\s*(?:to|for)\s*(?:the\s*|any\s*|all\s*|every\s*)?"
    rf"(?:\w+\s*){{0,2}}?{_MACHINE_EN}|(?:if|when)\s*you\s*are\s*(?:an?|the)\s*{_MACHINE_EN}|as\s*an?\s*{_MACHINE_EN}"
    rf"|dear\s*{_MACHINE_EN}"
    # the machine described by what it does with this very text: 处理本文件的AI, 写给机器看的
    rf"|(?:处理|阅读|读取|分析|解析|审查|审阅|看到|扫描|总结|写给|专门给)(?:本|这份|这个|此|该)?"
    rf"(?:文件|材料|文档|段落|内容|文本|案卷)?的?{_MACHINE_ZH}")
_ANSWER_REF = re.compile(
    r"在(?:你的)?(?:回答|结论|答案|输出)(?:中|里|时|的?结尾|的?末尾|的?开头)"
    r"|你(?:接下来|之后|后续|以后|今后|所有|每次|每一次)的(?:回答|答案|结论|输出)"
    r"|in\s*(?:your|every|each|all)\s*(?:answers?|responses?|replies|outputs?)"
    r"|your\s*(?:final\s*)?(?:answer|response|reply)\s*(?:must|should|shall|will)\s*be")
# The answer as the thing to change (把答案改成…, change your answer to …): an order to the reader
# whatever else the sentence says.
_ANSWER_CHANGE = re.compile(
    r"(?:把|将)(?:你的)?(?:答案|回答)(?:改成|改为|写成|定为|设为|换成|统一为)"
    r"|(?:change|set|make)\s*your\s*(?:final\s*)?(?:answer|response|reply|conclusion)\s*(?:to|into)")
_IMPERATIVE = re.compile(r"请|你|您|务必|必须|不要|别|一律|都要|需要|须|应当|please|you|do\s*not|don'?t|must|always|never|only")


@dataclass(frozen=True)
class Injection:
    """A sentence of the text that addresses its reader: [start, end) in the text, the sentence
    as written, and the cues that flagged it."""

    start: int
    end: int
    text: str
    cues: tuple[str, ...]


def _is_question(said: str) -> bool:
    return bool(_QUESTION.search(said))


def cues_of(sentence: str) -> tuple[str, ...]:
    """The cues (see the module doc) one sentence carries; empty when it is about the case."""
    reading = read(sentence)
    found: list[str] = []
    for match in _OVERRIDE.finditer(reading):
        if match.group("aside") and _NEGATED.search(reading[max(0, match.start() - 4):match.start()]):
            continue  # 不得忽略以上要求 says the opposite
        found.append("override")
        break
    if _ROLE.search(reading) and not _is_question(reading):
        found.append("role")
    if _SYSTEM.search(reading):
        found.append("system")
    if _LEAK.search(reading):
        found.append("leak")
    for match in _SCRIPTED.finditer(reading):
        said = match.group("said") if match.group("quote") else match.group("said2")
        if said is not None and _is_question(said):
            continue  # 请回答：你叫什么名字？ asks, it does not script
        if _HONEST.search(reading[:match.start()]):
            continue
        found.append("scripted")
        break
    if _CONCEAL.search(reading):
        found.append("conceal")
    if _ANSWER_CHANGE.search(reading):
        found.append("answer_change")
    imperative = bool(_IMPERATIVE.search(reading))
    if _ADDRESSEE.search(reading) and imperative:
        found.append("addressee")
    if _ANSWER_REF.search(reading) and imperative and not _is_question(reading):
        found.append("answer_ref")
    return tuple(found)


_TURN = re.compile(r"\s*(?:问|答)\s*[:：]\s*")
_ENDS_SENTENCE = re.compile(r"[。！？；!?;.][”’」』）)\"']*\s*$")


@lru_cache(maxsize=8192)
def find_injections(text: str) -> tuple[Injection, ...]:
    """Every sentence of ``text`` that addresses its reader, in order.

    A line break that looks like a new turn or field (答：…) ends a sentence, and an injection
    wrapped right there would be cut in two (你都回\n答：…); so two neighbours joined by such a break
    alone, with no sentence punctuation between them, are read together as well.
    """
    spans = sentence_spans(text)
    flagged: dict[tuple[int, int], tuple[str, ...]] = {}
    for start, end in spans:
        cues = cues_of(text[start:end])
        if cues:
            flagged[(start, end)] = cues
    for first, second in zip(spans, spans[1:]):
        if first in flagged or second in flagged or _ENDS_SENTENCE.search(text[first[0]:first[1]]):
            continue
        cues = cues_of(text[first[0]:second[1]])
        if cues:
            flagged[first] = flagged[second] = cues
    out = []
    for span in spans:
        if span not in flagged:
            continue
        start, end = span
        turn = _TURN.match(text, start, end)  # 答：… keeps its marker: the turn is still there
        if turn and turn.end() < end:
            start = turn.end()
        out.append(Injection(start, end, text[start:end], flagged[span]))
    return tuple(out)
