"""Question plans for case files: which slots a question asks (amount, date, means, place, person,
count, yes/no …), over which events (kind, occurrence, period, parties) and with which aggregate
(total, what is still owed, the Nth, how many).

A plan is read from the question's own words only. "第一次给钱是哪天、给了多少、怎么给的？" asks three
slots of one event; each is answered (or reported missing) on its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum

from engine.question.focus import Focus, read_focus
from engine.question.intent import is_quarrel
from engine.question.markers import ENDS_WITH_MA, ENDS_WITH_MEIYOU, YESNO_WORDS
from engine.question.reading import Reading, analyse
from engine.question.terms import head_term, tagged_terms, word_class
from engine.text.case_lexicon import (ATTRIBUTES, BALANCE, CHANNELS, EITHER, FESTIVAL_DATE, GENERIC_GOODS, GIFTS_ASKED,
                                      GIVEN_BACK, KIN, MEANS, MEASURES, MEASURE_SIGNS, MONEY_ENDINGS, NET_ASKED, OWN_SHARE,
                                      TAKEN_WHOLE, PLACE_ENDS, POSTURES, PRINCIPAL, RELATIVE_DATE, STATES, TAKEN_OFF,
                                      TAKEN_OFF_ACT, TITLES, TOTAL, goods_acts, measure_of,
                                      ordinal_of, question_kind, taken_off, CLAIM_HEADS, TAKE_OFF_VERBS, CONTRACT_TERMS,
                                      TERM_PERIODS, REFUSAL)
from engine.text.dates import find_dates
from engine.text.numbers import find_amounts
from engine.text.names import SURNAMES, looks_like_name, party_names, posseg
from engine.text.quantities import UNITS, unit_words
from engine.text.ordinals import BATCH_ORDINAL


class Slot(str, Enum):
    AMOUNT = "amount"
    DATE = "date"
    TIME = "time"  # 几点: a time of day
    MEANS = "means"
    PLACE = "place"
    PERSON = "person"
    COUNT = "count"
    YESNO = "yesno"
    RATE = "rate"
    DURATION = "duration"
    INSTRUMENT = "instrument"  # 用什么东西打的: the object used
    ACCOUNT = "account"  # 转到哪张卡上: a bank card or account
    FIELD = "field"  # a header field of the record: 电话, 身份证号, 职务, 侦查员 …
    QUANTITY = "quantity"  # a figure with a unit that is not money: 几瓶, 多少克, 多少公里, 多少mg/100ml
    TEXT = "text"  # what / why / how, answered by quoting


SLOT_WORDS: dict[Slot, re.Pattern[str]] = {
    Slot.INSTRUMENT: re.compile(r"用什么(?:东西|工具|凶器|器具|家伙)?(?:把|将)?[^，。？?]{0,4}(?:打|砸|捅|砍|刺|扎|伤|划|击)|凶器|作案工具"),
    Slot.RATE: re.compile(r"(?:利息|利率|收益|回报|息)(?:率)?(?:是|为|按)?多少(?!钱)|(?:月息|年息|利率|年化|收益率)"
                          r"|几分(?:利|息)|(?:承诺|约定|说好)的?(?:利息|收益|回报)"),
    Slot.COUNT: re.compile(r"几次|几笔|多少次|多少笔|几回|多少回|几趟|几下|多少下"),
    Slot.AMOUNT: re.compile(r"多少钱|多少元|多少万|多少块(?!(?![钱的])[\u4e00-\u9fff])|多少本金|多少利息|多少(?![次笔回趟个天年月日周小分]|块(?![钱的])[\u4e00-\u9fff])|金额|数额|几万|几千|"
                            r"how much|amount", re.I),
    Slot.DATE: re.compile(r"哪天|哪一天|哪日|几号|什么时候|何时|日期|哪年|哪一年|几月|哪个月|什么时间|时间"),
    Slot.TIME: re.compile(r"几点|什么时刻|哪个时刻|几时几分"),
    Slot.MEANS: re.compile(r"怎么(?:给|付|转|交|打|汇|还|退|赔|拿|取|投)|如何(?:给|付|支付|转|交)|什么方式|何种方式|"
                           r"以?(?:什么|哪种)(?:方式|途径|渠道)|通过什么|用什么(?:方式|支付|转)|方式"),
    Slot.ACCOUNT: re.compile(r"哪张(?:银行)?卡|哪个(?:银行)?(?:账户|卡|账号)|什么(?:银行)?卡|哪家银行"),
    Slot.PLACE: re.compile(r"哪里|哪儿|什么地方|什么地点|何地|何处|地点|在哪|(?<!是)从哪(?!张|个)|交到哪|去哪|(?:什么|哪个)位置"
                           # 哪个审判庭 / 哪家饭店: a room or a building named is a place, not a thing
                           r"|哪(?:一)?(?:个|间|家|座)[\u4e00-\u9fff]{0,3}?(?:审判庭|法庭|询问室|讯问室|办案区|派出所|"
                           r"医院|宾馆|酒店|饭店|房间|小区|村|镇)"),
    # 哪位医生 / 哪个民警: a person asked by the role he had
    Slot.PERSON: re.compile(r"谁|哪个人|什么人|哪些人|姓名|叫什么名字|叫什么|哪位"
                            r"|哪(?:一)?个(?:医生|大夫|护士|民警|警察|老师|师傅|律师|法官|司机|工人|员工|经理|老板|"
                            r"领导|同事|朋友|男的|女的)"),
    Slot.DURATION: re.compile(r"多长时间|多久|多长|期限|几个月|几年|(?:几|多少)(?:个)?(?:小时|天|日|周|分钟)"),
}
# A yes/no question; 投诉过吗，是哪天: also 吗 closing a part before the question goes on.
YESNO = re.compile(rf"{YESNO_WORDS}|{ENDS_WITH_MA}|吗[，,]|{ENDS_WITH_MEIYOU}")
def asked_kinds(text: str) -> set[Slot]:
    """The kinds of value a question's own asking words ask (谁 → PERSON, 哪里 → PLACE, 吗 → YESNO …),
    read of any question — a record's 问 turn too, so that a turn asking where is never taken for a
    user's question asking who (engine/answer/casefile/turns.py)."""
    kinds = {slot for slot, words in SLOT_WORDS.items() if words.search(text)}
    if YESNO.search(text):
        kinds.add(Slot.YESNO)
    return kinds


# 一直等到民警来了才走 / 等救护车到了才离开: the act done only once something came (what came).
WAITED_FOR = re.compile(r"等(?:到|着)?(?P<what>[\u4e00-\u9fffA-Za-z0-9]{1,8}?)(?:来|到|赶到|回来|过来)(?:了)?(?:以后|之后)?(?:才|再)")
# Who stands out by a measure (输钱最多的是谁, 谁伤得最重): never 最后/最早, an occurrence's order.
MOST = re.compile(r"最(?:多|少|大|小|高|低|重|轻|狠|凶|厉害)")
# The asking words after the one asked (…的玩家是谁？ → …的玩家).
MOST_TAIL = re.compile(r"(?:是|为)?(?:谁|哪个人|哪一个|哪个|哪位|什么人)?[？?]*$")
# 被骗了多少钱，你清楚吗？ / …，对吗？: a tail asking whether the speaker knows or agrees asks no verdict
# of its own — the figure is what is asked.
ASKS_ONLY_IF_KNOWN = re.compile(r"(?:你|您)?(?:还|能)?(?:清楚|知道|记得|确定|了解)(?:吗|么|不)?[？?]?|(?:是|对)(?:吗|不对|不是)[？?]?"
                                r"|对不对[？?]?")
# The parties of a hearing by their role (the longer role first: 被申请人 before 申请人).
_SIDE_WORDS = r"被上诉人|上诉人|被申请人|申请人|原告|被告"
# 原告认可的增项（一共多少？）比被告主张的增项少多少: one side's figure of a thing as it stands on it, against
# the other's — the thing named alike on both sides
STANCE_GAP = re.compile(rf"(?P<a>{_SIDE_WORDS})(?:方)?(?P<sa>认可|承认|主张|算|说)的(?P<w>[\u4e00-\u9fff]{{1,6}}?)"
                        rf"(?:一共|总共|合计|共)?(?:是)?(?:多少钱?|几)?[？?，,]?比(?P<b>{_SIDE_WORDS})(?:方)?"
                        rf"(?P<sb>认可|承认|主张|算|说)的(?P=w)(?P<way>多|少)(?:多少|几)")
# 前后两次住院一共 / 三次加起来: a total asked over the occasions the question counts
OCCASIONS_ASKED = re.compile(r"(?P<n>[两三四五六七八九])(?:次|回|趟)")
# The record itself: "这次讯问是什么时间、在什么地方" is about the header, not an event.
RECORD = re.compile(r"(?:这次|本次|此次|第[一二三四五六七八九十\d]+次|上次|首次)?(?:讯问|询问|笔录|谈话|问话|开(?:了|的)?庭|庭审)")
# (第二次找这个前台问话, 第二次去派出所做笔录: the session's word a few words after its ordinal)
SESSION = re.compile(r"第([一二三四五六七八九十\d]+)次[^，。？?、；;]{0,8}?(?:讯问|询问|笔录|开庭|庭审|问话|谈话)")
# The record's later session named without its ordinal (后来那次问话, 最后一次询问, 后一次讯问).
LAST_SESSION = re.compile(r"(?:后来|最后|后)(?:那|的|这)?(?:一)?次[^，。？?、；;]{0,6}?(?:讯问|询问|笔录|问话|谈话)")
# The sessions a question names (第二次讯问…和第一次, 首次询问, 补充询问, 两次讯问): ordinals, 补充, or both of two.
SESSION_NAMED = re.compile(r"第(?P<n>[一二三四五六七八九十\d]+)次|(?P<first>首次|头一次)|(?P<more>补充)(?:讯问|询问|调查)"
                           r"|(?P<both>两次)(?:讯问|询问|笔录|开庭|庭审)")
# Whether a mediation ended in agreement (调解成了吗, 调解成功了没有, 有没有调解成, 达成调解了吗, 和解了吗,
# 调解结果是什么): asked of the mediation itself, not of a side's offer in it nor its consent (同意调解吗).
MEDIATION_OUTCOME = re.compile(r"(?:调解|和解)(?:成功|成)了?(?:吗|没有?)|和解了(?:吗|没有?)|有没有(?:调解|和解)成"
                               r"|(?:达成|谈成)了?(?:调解|和解)(?:协议)?了?(?:吗|没有?)|(?:调解|和解)(?:的)?结果")
# How long the session itself lasted (第一次讯问一共进行了多少分钟, 这次庭审持续了多久, 询问的时长): the
# record's word right before the words of lasting — not what was said in it (讯问时他说干了多久).
RECORD_LENGTH = re.compile(rf"(?:{RECORD.pattern})(?:一共|总共|共|大约|大概|前后)?(?:进行|持续|用|花|历时)了?"
                           r"(?:多长时间|多久|多少(?:个)?(?:分钟|小时)|几个?(?:小时|分钟))"
                           rf"|(?:{RECORD.pattern})的?(?:时长|时间)有?多长"
                           # 第二次询问是哪天做的？前后用了多少分钟: the next part, with no subject of its own
                           rf"|(?:{RECORD.pattern})[^？?，,]{{0,10}}[？?，,](?:一共|总共|共|大约|大概|前后)?"
                           r"(?:进行|持续|用|花|历时)了?(?:多长时间|多久|多少(?:个)?(?:分钟|小时)|几个?(?:小时|分钟))")
# The days between them asked (隔了几天, 相隔多少天, 距…几天, 过了几天).
SESSION_DAYS = re.compile(r"(?:相隔|间隔|隔了|隔|相差|相距|差了|距离?|过了)[^，。？?]{0,4}(?:多少|几)(?:个)?(?:天|日)")
# A supplementary section of the record (补充讯问) asked about by name.
SUPPLEMENT = re.compile(r"补充(?:讯问|询问|调查)")
# The sides of a hearing a question names, in order (原告说被告逾期交货多少天: 原告 speaks).
PARTY = re.compile(r"原审原告|原审被告|被上诉人|上诉人|被申请人|申请人|第三人|原告|被告人|被告|公诉人|辩护人")
# The officer a question names when it asks who held one role (审判长是谁).
OFFICER_ROLE = re.compile(r"审判长|审判员|人民陪审员|书记员|侦查员|讯问人|询问人|调查人员|记录人")
EVIDENCE = re.compile(r"(?:哪些|什么|有何)(?:证据|材料|事实|情况|陈述)(?:能|可以|可)?(?:证明|表明|说明|显示|反映)|"
                      r"证据(?:有|是)?哪些|依据是什么|根据什么|(?:供述|陈述|说法|证言|交代|辩解)(?:有|是)?哪些|"
                      r"哪些(?:供述|陈述|说法|证言|交代)")
# Overviews of a whole record: its contradictions, its gaps.
CONFLICTS = re.compile(r"矛盾|不一致|出入|前后说法|说法不一|翻供|改口|前后不符")
GAPS = re.compile(r"(?:哪些|什么)[^？?]{0,6}(?:记不清|不记得|不知道|不清楚|说不清)|(?:记不清|不知道|不清楚)[^？?]{0,8}(?:哪些|情况|地方)")
# What the questioning side itself said (讯问开始时侦查人员援引了哪条法律): their own words answer.
ASKER_SAID = re.compile(r"(?:侦查人员|侦查员|民警|讯问人|询问人|办案人员|警察|公安机关?)[^，。？?]{0,8}"
                        r"(?:援引|引用|告知|宣读|出示|提到|提出|问了|念)")
# Questions about the law, even when they name money (诈骗罪数额较大的怎么处罚): statute questions.
LAW = re.compile(r"(?<![悔认谢赔请得])罪(?!嫌疑|前科|记录|经历|史)|哪(?:部|条)法律|怎么(?:处罚|判|定罪|量刑)|如何(?:处罚|定罪|量刑)|判几年|判多少|量刑|刑期|刑罚|"
                 r"法律(?:规定|依据)|法条|第[一二三四五六七八九十百千\d]+条|哪条法律|违反了?什么法|构成|追诉")
# 有没有退过钱 is the yes/no form (whether it happened), never 没有退 (what is left): 没有 right after 有
# is the question's A-not-A; 还有没退的 (有 then 没 alone) still asks what is left.
# (微信余额 / 支付宝余额 / 卡上余额 / 零钱余额: money held in an account, not what is left owing)
OUTSTANDING = re.compile(r"还欠|尚欠|仍欠|欠(?:了|着)?[^，。？?]{0,6}多少|还剩|剩下|剩余|还有多少[^，。？?]{0,8}没|"
                         r"(?:(?<!有)没有?|(?<=有)没)(?:拿回|要回|收回|追回|挽回|找回|还|退|归还)|(?<!有)没(?:有)?(?:收到|挣到|赚到)|少收|未(?:还|退|归还|返还)|还差|(?<![信宝户上里包钱])余额|实际损失|损失了?多少|净|"
                         r"(?:还|仍|尚)(?:有)?多少损失|损失(?:还|仍|尚)有多少")
# 哪几笔车费 / 哪些损失 / 分别是多少: the items of a figure asked beside it
ITEMS_ASKED = re.compile(r"哪几笔|哪几项|哪些|哪几样|分别")
# 补了点车费，那到底亏了多少: a loss asked once something was made up is what is left of it (a loss
# asked alone — 在赌场一共亏了多少 — is a sum of losses, engine/answer/casefile/act_sums.py)
LOSS_NET = re.compile(r"亏(?:了|掉了?|损了?)?多少")
LOSS_MADE_UP = re.compile(r"补|赔|退|弥补|挽回")
# A person by surname and a familiar form: 老汤, 小李, 缪老板, 王总, 张师傅.
ALIAS = re.compile(r"(?<![\u4e00-\u9fff])(?:老|小)(?P<surname>[\u4e00-\u9fff])(?![\u4e00-\u9fff])"
                   r"|(?:老|小)(?P<surname3>[\u4e00-\u9fff])(?=[干到在说跟和也还就都给把被的，,])"
                   rf"|(?P<surname2>[\u4e00-\u9fff])(?:{TITLES})")
# A person called by a familiar name the record may resolve elsewhere (龙哥, 芳姐, 阿强, 姓童的老板):
# not a kinship word (他哥, 表姐, 大哥) — the name before 哥/姐 is a given name as often as a surname.
NICKNAME = re.compile(r"(?<![他她我你表堂大二三亲师老])(?P<nick>(?![他她我你表堂大二三亲师老])[\u4e00-\u9fff](?:哥|姐))(?![哥姐们])"
                      r"|(?<![\u4e00-\u9fff])(?P<ah>[阿小老][\u4e00-\u9fff])(?=的|是|叫|真|全|大名|本名|身份|到底|究竟|[，,？?”」])"
                      r"|(?<![^那这个的说叫是，,\s])(?P<titled>[\u4e00-\u9fff](?:老板|老总|经理|师傅))"
                      r"|(?P<by_surname>姓[\u4e00-\u9fff]的(?:那个|这个|那位)?(?:老板|老总|经理|师傅|男的|女的|男子|女子|人|司机|小伙子?))")
# Which sum asked for a question means: the first (一开始, 起初), the last (后来, 最后), or one said as an extreme.
DEMAND_PICK = re.compile(r"(?P<first>一开始|刚开始|开始时|起初|最初|最早|起先|开口)|(?P<last>后来|最后|最终|再后来)"
                         r"|(?P<extreme>最(?:少|多|低|高))")
# Which version of a figure stated more than once is asked: the first (起诉时, 原来, 一开始) or the last
# (变更后, 改过以后, 最后, 最终).
VERSION_PICK = re.compile(r"(?P<first>起诉时|起诉的时候|原来|原先|一开始|最初|最早)"
                          r"|(?P<last>变更后|变更以后|改过以后|改过后|改了以后|改后|更正后|调整后|最后|最终)")
# An either-or between two short choices (是男是女, 男的还是女的, 是新车还是旧车).
CHOICE = re.compile(r"是(?P<a>[\u4e00-\u9fff]{1,2}?)(?:的)?(?:还)?是(?P<b>[\u4e00-\u9fff]{1,2}?)(?:的)?(?=[？?，,。]|$)"
                    r"|(?<![\u4e00-\u9fff])(?P<c>[\u4e00-\u9fff]{1,2}?)的还是(?P<d>[\u4e00-\u9fff]{1,2}?)的")
# A number asked of the thing used for an act (收钱用的银行卡, 用过哪些卡, 作案用的手机号).
FIELD_USED = re.compile(r"(?:用|使用|用来|用于)(?:的|过|了)?[^，。？?]{0,4}?(?:银行卡|卡|账户|账号|手机|电话|号码)")
# What the one questioned saw (车牌看清了哪几位, 看到的车是什么颜色).
SEEN = re.compile(r"看清|看到|看见|瞧见|认出|记住|记下|看全|目睹")
# The name a person goes by on paper asked (龙哥真名叫什么, 童老板全名, 姓童的老板叫什么名字).
# A name asked of someone or something (叫什么名字, 全称, 名称是什么), not who did an act (谁打的).
NAME_ASKED = re.compile(r"叫什么|叫啥|名字|姓名|全称|名称|真名|全名")
REAL_NAME = re.compile(r"真名|真实姓名|真实名字|全名|大名|本名|原名|身份证上|叫什么(?:名字)?|名字(?:叫|是)?(?:什么|啥)|姓名")
_NOT_ALIAS = re.compile(r"小[时区组学心孩费说姐伙吃卖]|老[家师板婆公乡实年人大二三总是头表爸妈]")
# Whether something happened at all (有没有退回来, 是否赔过): answered yes by finding it.
# The verb a yes/no part ends on (收下了没有 / 退了吗 / 有没有退回来): its first character.
_YESNO_VERB = re.compile(r"(?:有没有|是否|有无)(?:把[\u4e00-\u9fff]{1,4}?)?(?P<before>[\u4e00-\u9fff])"
                         r"|(?P<after>[\u4e00-\u9fff])(?:下|到|回|走|掉|回来|回去)?(?:了|过)?(?:没有|没|吗)[？?]?\s*$")
EXISTS = re.compile(r"有没有|有无|是否有|是否(?:已经)?(?:退|还|赔|付|给|收|追回)")
PROMISED = re.compile(r"答应|承诺|约定|说好|谈好|讲好|保证")
# Who received (存进了谁的账户, 给了谁, 转给谁) or who gave (谁借给她的, 是谁替某某退的, 谁送的).
RECEIVER_ASKED = re.compile(r"给(?:了)?谁|谁的(?:账户|卡|账号|户头)|(?:存|转|打|汇)(?:进|到|入|给)(?:了)?谁|谁收")
GIVER_ASKED = re.compile(r"谁(?:借|给|送|付|转|打|汇|交|替|代|退|赔)|谁.{0,4}(?:借给|送给|交给)")
# 打到某某那张建行卡上的钱 / 转给某某的钱: the receiver the money asked about went to.
RECEIVER = re.compile(r"(?:打|转|存|汇|交)(?:到|进|入|给)(?P<who>[\u4e00-\u9fff]{2,4}?)(?:那张|那个|的|账户|卡|那)")
# 给了某某多少 / 转给某某一共 / 付给某某的: the one the money asked about went to, named after the verb.
PAID_TO = re.compile(r"(?:付给|交给|转给|打给|汇给|送给|借给|给)(?:了|过)?(?:[\u4e00-\u9fff]{0,3}?[“\"](?P<quoted>[^”“\"]{1,6})[”\"]"
                     # 给代理“斌哥”转了多少: a name the question quotes, after a role word or none
                     r"(?=(?:一共|总共|先后|共)?(?:支付|付|转账|转|打|汇|送|交|还)?(?:了|过)?(?:一共|总共|共|合计)?(?:多少|几|的钱|的款|那)))"
                     # 付给装装置的蒋师傅多少: the one it went to after a clause that says which one
                     r"|(?:付给|交给|转给|打给|汇给|送给|借给|给)(?:了|过)?(?:[\u4e00-\u9fff]{1,8}?的)?(?P<who>[\u4e00-\u9fff]{2,3}?)"
                     r"(?=(?:一共|总共|共|合计)?(?:多少|几|的钱|的款|那))"
                     # 一共给某某转了多少 / 给某某支付了多少钱: the verb after the one it went to
                     r"|(?<![借送交付转打汇])给(?P<before>[\u4e00-\u9fff]{2,3}?)(?:一共|总共|先后|共)?"
                     r"(?=(?:支付|付|转账|转|打|汇|送|交|还)(?:了|过)?(?:一共|总共|共|合计)?(?:多少|几))")
# 总包单位给某某付了多少 / 保险公司一共赔了多少: a payer the question names by an organisation —
# the rows asked are that payer's, never another's paid under the same words.
# (通过银行转账 / 用银行卡转: a channel the money went by, never a bank that paid)
PAYER_NAMED = re.compile(r"(?:^|(?<=[，,。？?\s]))(?!通过|经过|经由|用|使用|利用)(?P<who>(?:(?![给向替帮把被对从和与跟在他她我你])[\u4e00-\u9fff]){0,6}?"
                         r"(?:单位|公司|项目部|集团|银行|平台|保险公司|厂|医院|学校|政府|部门))"
                         r"(?:一共|总共|先后|已经|又|还|都)?(?:(?:给|向|替|帮)[\u4e00-\u9fff]{1,4}?)?"
                         r"(?:付|支付|转|打|汇|结|发|赔)")
# 在城东茶楼交的 / 在某某家里给的: the occurrences asked are those at that place.
PLACE_NAMED = re.compile(rf"在(?P<place>[\u4e00-\u9fffA-Za-z0-9]{{1,12}}?(?:{PLACE_ENDS}))(?:里|当面|那儿|那里)?"
                         r"(?:交|给|付|存|送|转|缴|收|拿|退|赔|汇|打)")
# What a balance asked is the balance of (还欠多少工资, 货款没付, 修车钱还差, 损失没弥补): the sum
# owed is then the obligation the record states, less what was paid towards it.
OWED_FOR: dict[str, re.Pattern[str]] = {
    "wages_owed": re.compile(r"工资|工钱|薪水|报酬|劳务费"),
    "contract_price": re.compile(r"货款|价款|合同款"),
    "penalty": re.compile(r"违约金|滞纳金"),
    "cost": re.compile(r"修车|修理|维修|医药费|医疗费|治疗费"),
    "loss": re.compile(r"弥补|挽回|被抢的东西|被盗的东西|损失|没(?:有)?(?:收到|挣到|赚到)|少收|推掉|亏"),
}
MADE_GOOD = re.compile(r"实际|净|还|仍|尚|补|赔|退|扣除|除去|减去|以后|之后|弥补|挽回")
# Robbed, cheated, stolen from — with no one named as who did it (被骗, 被人骗, 被骗子骗): the
# subject lost the money.
SELF_LOSS = re.compile(r"被(?:人|别人|对方|骗子|歹徒)?(?:骗|抢|盗|偷|劫)")
# Words that make a question about money (打了某甲 is a blow, 打了五千元 a transfer).
MONEY = re.compile(r"钱|元|款|万|千|费|息|本金|多少|金额|数额|笔")
NTH_CALL = re.compile(r"第([一二三四五六七八九十两\d]{1,3})(?:个|通)电话")
FIELD_NUMBER = re.compile(r"号码?|电话|手机|卡号|账号|车牌")
SO_FAR = re.compile(r"已经|至今|到目前为止|到现在为止|迄今")  # 已经付了多少: everything paid so far
FIRST_LAST = re.compile(r"(最后|最近|最早|最开始|最初|头|第一|首)(?:那)?(?:一)?(?:次|笔|回|期)")
DEMAND = re.compile(r"要求|索要|索赔|还要|再(?:赔|给|付)")
# 离家属要求的数额还差多少 / 跟对方要的比还少多少: the distance from the sum asked for to what was paid (the
# sentence of the question asking it; the rest names what was paid)
SHORT_OF_DEMAND = re.compile(r"[^，。？?；]*(?:离|距离?|跟|和|比)[^，。？?；]{0,12}(?:要求|索要|索赔|要)[^，。？?；]{0,8}"
                             r"(?:还)?(?:差|少)(?:了)?多少[^，。？?；]*")
# 2021年7月那次 / 5月份那笔: the occurrence named by its time.
PERIOD = re.compile(r"(?P<when>[^，。？?、]{2,14}?)(?:那|这)(?:一)?(?:次|笔|回)")
# Header fields a question can name, with the words that name them.
FIELD_WORDS: dict[str, re.Pattern[str]] = {
    "id": re.compile(r"身份证|公民身份号码|证件号"),
    # 手机号, 电话: a number; 打电话 / 几点打的电话 / 第一个电话打给谁 / 电话是几点打的 is a call, 手机扔到哪里
    # the phone itself, 手机和电脑 / 手机价值 / 手机卖了多少钱 the goods
    # (手机是什么牌子 / 什么型号 / 什么颜色 asks of the phone as a thing, not its number)
    # (手机卡 / 电话卡 is a SIM card, a thing; 手机…什么时候收的 asks a time of the phones as goods;
    # 打过多少次电话 / 多少电话 counts calls; 买手机时是用什么方式付的钱 asks how the phone was paid for)
    "phone": re.compile(r"手机(?!和|、|的价|价|被|卖|买|当|换|值|卡|时|(?:一|两|三)部)(?:号|[^，。？?]{0,3}(?:多少(?!钱)|什么(?!牌|品牌|型号|颜色|样|款|机|时候|时间|地方|日子|方式|办法|途径|渠道)))"
                        r"|(?<![打接来通回挂个次])(?<!打的)(?<!打了)(?<!打过)(?<!接的)(?<!多少)电话(?!卡)(?![^，。？?]{0,4}?(?:打|拨|接|挂))"
                        r"|联系方式"),
    "address": re.compile(r"住址|住在哪|住哪|家住|户籍|居住地|地址"),
    # (多大 asks an age only of a person: 他多大了, 年纪多大 — 面积有多大 asks a size)
    "birth": re.compile(r"出生|生日|多大(?:了|岁)|(?:年纪|岁数)(?:有)?多大|年龄|几岁"),
    "job": re.compile(r"职务|职业|工作单位|在哪(?:里)?(?:工作|上班)|做什么工作|岗位"),
    "officer": re.compile(r"侦查员|讯问人|询问人|办案民警|民警是谁|办案人|调查人员|审判长|审判员|审判人员|人民陪审员|"
                          r"合议庭|法官"),
    "recorder": re.compile(r"记录人|书记员"),
    "gender": re.compile(r"性别|男的还是女的"),
    "education": re.compile(r"文化程度|学历"),
    "ethnicity": re.compile(r"民族"),
    # (几个游戏账号 / 卖出去的账号和装备: accounts counted or handed over as things, not a number asked)
    "bank_card": re.compile(r"银行卡号|卡号|(?<![戏信Q音宝台个])账号(?=是?(?:多少|什么|几号|[？?]|$))"),
    "plate": re.compile(r"车牌"),
}
# The fields that are a person's own (a number or a particular of theirs), not the record's.
PII_FIELDS = ("id", "phone", "address", "birth", "job", "gender", "education", "ethnicity", "bank_card")
# The same fields as a record's header keys them.
FIELD_KEYS: dict[str, re.Pattern[str]] = {
    "id": re.compile(r"身份证|公民身份号码|证件"),
    "phone": re.compile(r"手机|电话|联系方式"),
    "address": re.compile(r"住址|户籍|居住地|地址"),
    "birth": re.compile(r"出生"),
    "job": re.compile(r"职务|职业|工作单位"),
    "officer": re.compile(r"^(?:侦查员|侦查人员|讯问人|询问人|办案民警|办案人|调查人员|调查人|审判长|审判员|人民陪审员|陪审员)"),
    "recorder": re.compile(r"^(?:记录人|记录员|书记员)"),
    "gender": re.compile(r"性别"),
    "education": re.compile(r"文化程度|学历"),
    "ethnicity": re.compile(r"民族"),
    "bank_card": re.compile(r"银行卡|卡号|账号"),
    "plate": re.compile(r"车牌"),
}


# The unit a question asks its figure in (几瓶啤酒, 多少克, 多少mg/100ml, 干了多少天, 分几车): any unit
# of engine/text/quantities.py except the counts of movements (几次, 几笔), which stay counts.
_COUNT_UNITS = ("次", "笔", "回", "趟", "期")
_UNIT_WORDS = unit_words(u for u in UNITS if UNITS[u] not in ("次", "笔"))
# 多少块电瓶 / 几块手表: 块 before a thing counts pieces (多少块 / 多少块钱 alone is money).
PIECES_BY_KUAI = re.compile(r"(?:多少|几)块(?![钱的])(?=[\u4e00-\u9fff])")
ASKED_UNIT = re.compile(rf"(?:多少|几)(?:个(?=[小月工星]))?(?P<unit>{_UNIT_WORDS})(?![费钱款价租])|(?P<named>mg/100ml|毫克/100毫升|公里/小时|km/h)")
# A count of people asked by what they are, without a counting word (群里有多少会员？ / 公司有几个员工？):
# the figure is in 人, never money — the noun closes the question (多少员工的工资 asks money).
PEOPLE_ASKED = re.compile(r"(?:多少|几)(?:个|名|位)?[\u4e00-\u9fff]?(?:员|人员|员工|工人|成员|会员|玩家|客户|顾客|学员|职工)"
                          r"(?=[？?。！!]|$)")
# Words asking a figure by its kind rather than its unit: 有多重, 多远, 多快.
ASKED_FAMILY = {"weight": re.compile(r"多重|多沉|重量"), "distance": re.compile(r"多远|距离多少|路程"),
                "speed": re.compile(r"多快|时速|车速"),
                "percent": re.compile(r"比例(?:是|为)?多少|百分之几|百分比|几个点")}
# 从第一次…到最后一次…多少天 / 前后一共多少天: the time between two dated rows.
SPAN = re.compile(r"(?:从|自)[^，。？?]{1,20}(?:到|至)[^，。？?]{1,20}(?:多少|几)(?:天|个月|年|周)|前后(?:一共)?(?:是|有)?(?:多少|几)(?:天|个月)"
                  r"|(?:第一|头一|最早|最先)[^，。？?]{0,10}(?:和|与|跟|到)[^，。？?]{0,4}(?:最后|最近)[^，。？?]{0,10}"
                  r"(?:相隔|间隔|隔了|差了|相差|相距)(?:了)?(?:多少|几)(?:天|个月|年|周)")
# 从双方吵起来到警察赶到现场，大约过了多少分钟 / 从开始输液到打120隔了多长时间: a duration within a
# day asked between two acts (each told with its clock time), not days between dates.
CLOCK_SPAN = re.compile(r"(?:从|自)(?P<a>[^，。？?]{2,20}?)(?:到|至)(?P<b>[^，。？?]{2,20}?)(?:的时候|时|为止)?"
                        r"(?=[，,]|过了|隔了|用了|花了|经过|相隔|间隔|之间|中间|大约|大概|约|一共|总共|前后|有|是)"
                        r"[，,]?[^，。？?]{0,8}?(?:(?:多少|几)(?:分钟|个小时|小时|个钟头|钟头)|多长时间|多久)")
# 从把卡寄出去到卡被冻结，一共过了多少天 / 网签和过户分别是哪天？中间隔了多少天 / 判决生效以后过了多少天，
# 他就把车过户了 / 中标通知书是哪天拿到的？离开标过了几天: the days (or months) between two acts, each
# dated on its own. The acts are named in the question's words; a unit of a day's clock (分钟, 小时) is
# CLOCK_SPAN's.
_SPAN_UNIT = r"(?:(?:多少|几)(?:天|个月|年|周|个星期)|多长时间|多久)"
DATE_SPANS = (
    re.compile(r"(?:从|自)(?P<a>[^，。？?]{2,20}?)(?:到|至)(?P<b>[^，。？?]{2,20}?)(?:的时候|时|为止)?"
               rf"[，,]?[^，。？?]{{0,8}}?{_SPAN_UNIT}"),
    re.compile(r"(?P<a>[^，。？?]{2,20}?)(?:和|与|跟)(?P<b>[^，。？?]{2,20}?)(?:分别|各)?(?:是)?(?:哪天|哪一天|什么时候)?"
               r"[^，。？?]{0,4}[？?，,]\s*(?:中间|之间|两者)?(?:相隔|间隔|隔了|相差|相距|差了|过了)(?:了)?"
               r"(?:多少|几)(?:天|个月|年|周)"),
    re.compile(r"(?P<a>[^，。？?]{2,20}?)(?:以后|之后)(?:过了|隔了)(?:多少|几)(?:天|个月)[，,](?P<b>[^，。？?]{2,20})"),
    re.compile(r"(?P<b>[^，。？?]{2,20}?)(?:是)?(?:哪天|哪一天|什么时候)(?P<verb>[^，。？?]{0,6}?)(?:的)?[？?，,]\s*"
               r"(?:离|距|距离)(?P<a>[^，。？?]{2,12}?)(?:过了|隔了|有)(?:多少|几)(?:天|个月)"),
)
_CLOCK_UNIT = re.compile(r"分钟|小时|钟头")
# 前后一共多少天: the days from the first to the last, both counted (9月4日 to 9月12日 is 前后九天)
BOTH_DAYS = re.compile(r"前后[^，。？?]{0,4}(?:多少|几)天")


def date_span(text: str) -> tuple[str, str] | None:
    """The two acts (in order: the earlier named first) a span of days or months is asked between."""
    if _CLOCK_UNIT.search(text):
        return None
    for pattern in DATE_SPANS:
        found = pattern.search(text)
        if not found:
            continue
        # 第三批货从进货到被扣押: the words before 从 in its clause are the setting of both acts
        setting = re.split(r"[，,。？?；;]", text[:found.start()])[-1] if found.group(0).startswith(("从", "自")) else ""
        acts = (setting + found.group("a"), setting + found.group("b") + (found.groupdict().get("verb") or ""))
        bare = [_ORDER_WORDS.sub("", act) for act in acts]
        if min(len(b) for b in bare) < 2 or bare[0] == bare[1]:
            # 从第一次到最后一次 / 从第一次转账到最后一次转账: the first and last rows of one act (SPAN)
            return None
        return acts
    return None


_ORDER_WORDS = re.compile(r"第[一二三四五六七八九十\d]+(?:次|笔|批|回|趟)?|最后(?:一)?(?:次|笔|批|回|趟)?|头一(?:次|笔|批)|最早|最先|那次|一次")


# 相隔多少天: the days between two dates, the first not counted (前后一共多少天 counts both)
SPAN_BETWEEN = re.compile(r"相隔|间隔|隔了|相差|相距|差了")
# What a count counts: times (几次, 分几批, 几回, 几趟) or people (几个人, 几名工人, 几个工友);
# 这几个工人 / 那几次 point at people or times already named: no count is asked by them.
COUNTED = re.compile(r"(?<![这那])(?:几|多少)(?:(?P<times>次|批|回|趟)|(?:个|名|位)(?P<who>[\u4e00-\u9fff]{0,2}?(?:人|工|友|员|伙)))")
# The period a rate is asked per: converted (换算成年利率, 折合一年, 按年算) or named alone (年利率, 月息).
RATE_TO_YEAR = re.compile(r"(?:换算|折合|折算|算成|合成|相当于|按)(?:成|为)?(?:一年|每年|年利率|年息|年化|年)")
RATE_YEAR = re.compile(r"年利率|年息|年化|一年|每年|按年")
RATE_MONTH = re.compile(r"月利率|月息|每个?月|一个月|按月")
# Where a thing went (后来用到哪里去了, 弄到哪儿去了, 去向, 下落): asked of goods, never of money.
WHEREABOUTS = re.compile(r"(?:用|弄|拿|卖|运|送|搬|转|放)?(?:到|在)?(?:了)?哪(?:里|儿)?去了|去向|下落|去哪(?:里|儿)?了"
                         r"|(?:用|弄|放)(?:到|在)(?:了)?(?:哪里|哪儿|什么地方)")
# 仓库在什么地方 / 那家店在哪里: a thing asked where it is — the question ends there (在哪里撞的 asks the
# place of an act); never a person (他在哪里 / 你在哪儿) nor a time (那天晚上在哪里)
LOCATED = re.compile(r"(?:^|[，,？?。])(?:那个|这个|那家|这家|那|这)?(?P<thing>(?![他她你我它])[\u4e00-\u9fff]{2,6}?)"
                     r"(?<![人的时候天晚上里在])(?:具体)?(?:在|位于)(?:什么地方|什么位置|哪里|哪儿|哪个位置)[？?]*$")
# 哪些东西被追回了 / 追回了什么 / 起获了哪些财物: which goods were got back.
RECOVERED_LIST = re.compile(r"(?:哪些|什么|哪几)[^，。？?]{0,6}(?:被)?(?:追回|起获|扣押|查获|缴获|收缴|找回|发还|退还)"
                            r"|(?:追回|起获|扣押|查获|缴获|收缴|找回|发还)(?:了)?(?:哪些|什么|哪几)")
# Mediation: what a side would accept or pay to settle (调解, 和解, 愿意接受, 最多能给, 最低要).
OFFER = re.compile(r"调解|和解|协商解决|愿意(?:接受|付|给|还|出)|能接受|最多(?:能|愿意|只能)?(?:付|给|还|出|赔)|最低|最少(?:要|得)")
# Tasks set after the hearing (庭后七日内提交证据, 庭后补充材料, 举证期限).
TASK = re.compile(r"庭后|休庭后|开庭后|举证期限|几日内|多少天内|几天内|(?:要|需要|应当?)(?:补充)?(?:提交|补交|提供|补充)")
LOAN_NTH = re.compile(r"第[一二三四五六七八九十\d]+笔(?:借款|借的钱|贷款|借的|欠款|钱)")
NET = re.compile(r"实际(?:到手|收到|拿到|得到|借到|到账)|到手|拿到手|砍头息|预先扣|先扣")
INTEREST_PAID = re.compile(r"(?:付|给|还|交)(?:了|过)?(?:多少|几)?[^，。？?]{0,3}利息|利息[^，。？?]{0,6}(?:付|给|还|交)(?:了|过)"
                           # 那笔借款的利息，他一共给了多少: the interest said first as the topic, the payment after
                           r"|的利息[，,][^。？?，,]{0,8}?(?:付|给|还|交|转)(?:了|过)?(?:多少|几)")
# 借款 / 那笔钱 named without its ordinal: the one loan of the record (or every loan) is the topic
LOAN_TOPIC = re.compile(r"借款|借的钱|借钱|贷款|(?:这|那)笔钱")
RESPONSE = re.compile(r"(原告|被告|第三人|上诉人|被上诉人|申请人|被申请人)(?:方|一方)?(?:对此|对这[^，。？?]{0,8})?"
                      r"(?:认不认|是否认可|是否承认|认可|承认|同意不同意|否认|怎么说|有什么意见|什么意见|意见如何|怎么回应|"
                      r"如何回应|有没有收到|收到没有|收没收到|是否收到|收到(?:了|过)?(?:吗|没有|没)"
                      # 原告同意从欠款里扣除维修费吗 / 被告是否同意抵扣: the side's consent to a sum the other
                      # wants taken off or paid (同意调解吗 is the side's own stance, no answer to a claim)
                      r"|(?:是否)?同意[^，。？?]{0,12}?(?:扣|抵|冲|承担|支付|返还|退还|赔)[^，。？?]{0,12}?(?:吗|么|[？?]|$)"
                      r"|(?:认|认可|承认)[^，。？?]{1,20}?(?:吗|么))")
OFFSET = re.compile(r"抵(?:扣|销|充|作|偿)?(?:了)?(?:本金|借款|欠款|货款)|冲抵|抵扣|折抵")
# 原告要求被告返还多少存款 / 按原告的诉讼请求 / 申请人主张的违约金: the claims a side put to the court or
# tribunal are asked — the side making them, when the question names it
CLAIMED = re.compile(rf"(?<!被)(?P<side>原告|申请人|上诉人)(?:方|一方)?(?:的)?(?:一共|总共|共|合计|总计)?"
                     rf"(?:{CLAIM_HEADS.pattern}|要求|请求|主张|诉请)"
                     rf"|{CLAIM_HEADS.pattern}")
# 首付款里除了她父母给的钱 / 保证金中除去已退的部分: a term and the part taken off it, the rest asked
TERM_PART_LESS = re.compile(rf"(?P<t>{CONTRACT_TERMS.pattern})(?:款)?(?:里面|里头|里|当中|中)[，,]?(?:除了|除去|除)"
                            r"(?P<part>[^，,。？?]{1,16}?)(?:以外|之外|外)?[，,]")
# 双方有没有争议 / 有无异议 / 说法一致吗: whether the sides agree on the figure asked beside it — answered by
# the figure's own statements (one sum said by both, or each side's), not by a yes/no quote
SIDES_AGREE_ASKED = re.compile(r"(?:双方|各方|原被告|原、被告)?(?:有没有|有无|是否有|是否存在)(?:争议|异议|分歧)"
                               r"|(?:双方|各方)(?:说法|意见|所说)?(?:是否)?一致(?:吗|不)?")
# 被告认可其中多少 / 被申请人承认多少: the part of a claim a side admits is asked
ADMITTED_ASKED = re.compile(r"(?P<side>原告|被告|申请人|被申请人|上诉人|被上诉人)(?:方|一方)?(?:认可|承认|认)(?:了)?(?:其中)?(?:的)?(?:是)?(?:多少|几)")
# 违约金是怎么约定的 / 合同对押金如何约定: the clause setting it is asked (quoted, with its rate)
AGREED_HOW = re.compile(r"(?:怎么|如何|怎样)(?:约定|规定|写)|约定(?:了)?(?:什么|怎样|如何|哪些)")
# 车现在值多少钱 / 房屋市场价 / 净值是多少: the worth of a thing asked (each side states its own)
VALUE_ASKED = re.compile(r"值多少|值几|价值多少|市场价|成交价|能卖多少|折价(?:款)?(?:是)?多少|估价|现值|净值|市值")
# 租期是从哪天到哪天 / 合同期限多长: the period a contract set is asked
PERIOD_ASKED = re.compile(rf"(?:{TERM_PERIODS.pattern})[^，。？?]{{0,6}}(?:从哪天到哪天|哪天到哪天|起止|从什么时候到什么时候|多长|多久|是什么时候|到什么时候|到哪天)")
BOTH_SIDES = re.compile(r"双方|各自|分别|原被告|原、被告|两边")
# 双方各自主张 / 分别怎么说 / 各自的说法: the sides' accounts of one figure are asked
SIDES_SAY = re.compile(r"主张|认为|说|称|陈述|认可|承认")
# A side named as the one speaking (原告主张, 被告认为, 原告方称): whose account is asked.
VOICE = re.compile(r"(原告|被告|第三人|上诉人|被上诉人|申请人|被申请人)(?:方|一方)?(?:自己)?(?:主张|认为|称|说|承认|认可|自认|陈述|表示|坚持"
                   r"|的(?:说法|讲法|陈述|主张))")  # 按被告自己的说法
# 申请人同意被申请人提出的调解方案吗: the side whose answer to the other's proposal is asked (被告同意调解吗
# asks of the mediation itself, no proposal)
CONSENT_BY = re.compile(r"(?<!被)(原告|被告|第三人|上诉人|被上诉人|申请人|被申请人)(?:方|一方)?(?:是否|有没有|能否)?"
                        r"(?:同意|接受|认可|答应|接不接受|同不同意)[^，。？?]{0,16}?(?:调解|和解)(?:方案|金额|数额|条件|提议|意见)")
# 按被申请人主张的工资基数和月数 / 按单价乘以件数: a sum asked as a figure times a count, each as a side
# states them — the count's word (月数, 天数) names its unit
FACTORS_ASKED = re.compile(r"(?P<base>[^的，,。？?\s]{0,4}?(?:基数|标准|单价|工资|金额|价格|数额))(?:和|与|及|、|乘以?|×)"
                           r"(?P<count>月数|天数|年数|小时数|件数|个数|期数)")
# 多出多少 / 相差多少 / 差额 between two accounts — never 还差多少 (a balance)
DIFFER = re.compile(r"多出(?:了)?(?:多少|几)|相差(?:了)?(?:多少|几)|(?<![还尚])差(?:了)?多少|差额|差距|多(?:说|算|主张)了?多少")
DISTINCT = re.compile(r"(?<!哪)(?:几个不同|多少个不同|几个(?:账户|账号|卡|银行卡|户头)|几家)|(?<!哪)(?<!哪几)不同的(?:账户|卡)")


@dataclass(frozen=True)
class Receiver:
    """The person the money asked about went to, and how the question named them: by the account it
    went into (打到某某那张卡上的钱 — the money asked is theirs, asked of that receiver), or after a verb
    of giving (某甲一共给了某乙多少 — a restriction on the rows, while the one asked stays the payer)."""

    name: str
    by_account: bool

    def to_dict(self) -> dict:
        return {"name": self.name, "named": "account" if self.by_account else "after_verb"}


@dataclass
class CountAsked:
    """One count a question asks: of times (次) or of people (人), in its own words and their focus."""

    counter: str
    words: str
    focus: Focus


@dataclass
class CasePlan:
    question: Reading
    slots: list[Slot] = field(default_factory=list)
    kind: str | None = None  # the event kind asked about (ledger lexicon)
    aggregate: str | None = None  # total | outstanding | nth | first | last | count
    # 原告认可的增项一共多少？比被告主张的增项少多少: (side, stance, other side, its stance, the thing, 多|少)
    stance_gap: tuple[str, str, str, str, str, str] | None = None
    occasions: int | None = None  # 两次住院一共住了多少天: the count of occasions a total is asked over
    ordinal: int | None = None
    call: bool = False  # the asked thing is a phone call told in order (第二个电话打给谁): ordinal counts calls
    period: str | None = None  # an ISO (partial) date naming the occurrence
    principal: bool | None = None
    names: list[str] = field(default_factory=list)
    record: bool = False  # about the interrogation record itself (its header)
    session: int | None = None
    session_last: bool = False  # 后来那次问话 / 最后一次询问: the record's last session
    supplement: bool = False  # the record's 补充讯问/补充询问 section is named
    # 第二次讯问和第一次隔了几天 / 补充询问距第一次询问几天: the two sessions whose header dates the days
    # are asked between, as named ("1", "2" … by ordinal, "补充" for the 补充 section), in the order said
    sessions_apart: tuple[str, str] | None = None
    # 两次讯问分别是哪天做的？中间隔了几天: both sessions' own dates are asked too, not the first named only
    sessions_both: bool = False
    # 第一次讯问一共进行了多少分钟 / 庭审持续了多久: how long the session itself lasted, from its header
    record_length: bool = False
    parties: list[str] = field(default_factory=list)  # sides of a hearing named (原告, 被告 …), in order
    # the side asked to have done the act (被告同意调解吗): the first named that neither owns the thing
    # (原告的律师费) nor receives it (还给原告); None when every side named does
    acting_side: str | None = None
    # the act asked of at one time (后来又抢过吗, 事发后…付过钱吗, 当晚…): another account may tell another time
    at_one_time: bool = False
    officer_role: str | None = None  # the one role asked of the record's people (审判长是谁)
    fields: list[str] = field(default_factory=list)  # header fields asked (FIELD_WORDS keys)
    evidence: bool = False
    law: bool = False
    demand_more: bool = False  # 还要求再赔多少: what is still asked for
    # 一共赔了多少？离家属要求的数额还差多少？: what was paid, and the sum asked for less it
    short_of_demand: bool = False
    parts: dict[Slot, str] = field(default_factory=dict)  # the words of the question that ask each slot
    overview: str | None = None  # conflicts | gaps: a question about the whole record
    asker_said: bool = False  # about what the questioning side said
    # the sums the question itself names (有没有还过1万元): (value in yuan, as written)
    named_sums: list[tuple[int, str]] = field(default_factory=list)
    means: str | None = None  # 投现金的那次: the occurrence named by how it was paid
    # The figure asked, beyond money: its unit (瓶, 克, 公里, mg/100ml, 天 … canonical), or a kind
    # of unit (weight, distance, speed) when the question asks 多重 / 多远 / 多快
    unit: str | None = None
    unit_family: str | None = None
    measure: str | None = None  # what the figure measures (ledger MEASURES: valuation, sale, loan …)
    # 追回的财物价格认定合计: the appraisal asked is of the goods got back only (a filter on the rows)
    goods_recovered: bool = False
    signs: list[str] = field(default_factory=list)  # measure words (breath, blood, distance …)
    when: str | None = None  # time words naming the occurrence as said (2022年中秋节, 春节前, 上个月中旬)
    # the one the money asked about went to, with how the question named them (Receiver)
    receiver: Receiver | None = None
    payer: str | None = None  # 总包单位给某某付了多少: the payer named by an organisation, in the question's words
    owed: str | None = None  # what is owed, when a balance is asked (wages_owed, contract_price, cost, loss)
    # 补了钱以后实际还损失多少 / 扣除…净损失: a loss asked net of what was made good (一共有多少车费没收到
    # asks the whole of it)
    made_good: bool = False
    # people named by surname and a familiar form (老汤, 小李, 缪老板, 王总): resolved against the
    # file's own names by the answer (one person of that surname, or none)
    aliases: list[str] = field(default_factory=list)
    # people called by a familiar name (龙哥, 阿强, 姓童的老板): who they are is read from what the
    # record says of the name, never from a surname alone
    nicknames: list[str] = field(default_factory=list)
    # the name on paper of someone the question calls by an alias or a nickname (龙哥真名叫什么)
    real_name: bool = False
    # 邻居叫什么名字 / 公司全称叫什么: a name is the answer — a quote naming no one new answers nothing
    name_asked: bool = False
    # parts of the question asking a slot an earlier part already asks (是多少？比…少多少？): the
    # answers take one part per slot, so these are not answered on their own
    unplanned: list[str] = field(default_factory=list)
    # the question's content words with their class (person, place, noun, other: engine/question/terms.py)
    terms: list[tuple[str, str]] = field(default_factory=list)
    head: str | None = None  # the noun the question's first part asks about (terms.head_term)
    # 车牌看清了哪几位 / 看到的那辆车: what the one questioned saw is asked, not their own particulars
    seen: bool = False
    # 车牌号看清了哪几位 / 车牌看到了几个字: which part of a plate was seen is asked (not the whole plate):
    # a plate told only in part answers it
    plate_seen: bool = False
    # 是什么颜色: the attribute asked of a thing (lexicon ATTRIBUTES key), answered only by a value of its kind
    attribute: str | None = None
    # 对方一开始要多少 / 后来要多少 / 最少要多少: which of several sums asked for (demands) is meant — "first",
    # "last", or the word the sum is said with (最少); None when the question does not say
    demand_pick: str | None = None
    # 最后要求的 / 变更后的请求 / 起诉时要的: which of a figure's versions is asked ("first" or "last")
    version_pick: str | None = None
    # 是男是女 / 男的还是女的 / 是新的还是旧的: the choices an either-or asks between — what an answer to it
    # names (or says it did not see), never a sentence naming neither
    choices: list[str] = field(default_factory=list)
    # 收赌资用的银行卡 / 你用过哪些银行卡收钱 / 作案用的手机号: the numbers asked are of what was used for an
    # act — whoever holds them (a wife's card, one bought under another name) — not of what one owns
    field_used: bool = False
    # 扣的货是假的吗 / 是不是正品 / 检验合格吗: the property asked of a thing (lexicon STATES key)
    state: str | None = None
    # 有没有同伙 / 是一个人干的吗 / 是主动投案的吗: the side asked of two that exclude each other (lexicon
    # EITHER: alone | together | surrendered | caught); a statement telling the other side answers 否
    either: str | None = None
    # 这批瓷砖后来用到哪里去了 / 偷的药品去向: the thing (never money) whose whereabouts are asked
    whereabouts: str | None = None
    # 仓库在什么地方: the thing whose location is asked (where it stands, not where something was done)
    located: str | None = None
    recovered_list: bool = False  # 哪些东西被追回了: every thing told got back, each quoted
    yesno_asked: bool = False  # 有没有…？退了多少？: whether it happened, asked beside the figure
    yesno_verb: str | None = None  # 她收下了没有？转了多少？: the verb whose happening is asked (收)
    promised: bool = False  # 答应/约定/说好…多少: the sum promised, not one paid
    refusal_asked: bool = False  # 被告拒收了吗: the question asks of the refusal itself, not of the act refused
    disputed: bool = False  # 到底/究竟多少: every account of the figure is asked for
    # 不合格的螺纹钢到底有多少吨: the words marking the part of the thing asked (not the whole of it)
    qualifier: str | None = None
    per_unit: bool = False  # 单价是多少 / 每吨多少钱: the price of one piece, never a sum
    per_piece: str | None = None  # the piece a price is asked per, when the question says it (吊一瓶水收多少钱: 瓶)
    rate_per: str | None = None  # 一天的工钱 / 做一件多少钱 / 每个月工资: the unit a figure is asked per
    group: bool = False  # 郭承志和工友们 / 这几个工人 / 大家: about several people together, not one
    asks_receiver: bool = False  # 存进了谁的账户 / 给了谁: the person asked is who received
    posture: str | None = None  # 倒在/躺在/停在哪里: the act of being somewhere whose place is asked
    # 通过微信、支付宝和银行卡一共转了多少: the channels the asked rows moved by (lexicon CHANNELS names)
    channels: list[str] = field(default_factory=list)
    place: str | None = None  # 在城东茶楼交的: the place the asked rows happened at, in the question's words
    # the question speaks of money at all (钱, 款, 笔, 多少, a money verb: 投的, 赔的): 第一次作案 does not
    names_money: bool = False
    # the question's own name for the money asked (发票, 社保, 工钱, 货款, 押金): what a quoted
    # sentence must name too before it stands for the answer
    money_word: str | None = None
    focus: Focus = field(default_factory=Focus)  # the asked act, its objects and parties (focus.py)
    # 分几次送的 / 作案几次，抢了几个人: what each count asks to count, with the words asking it —
    # "次" the times something happened (次, 批, 回, 趟), "人" the people it concerned (几个工人)
    counts: list[CountAsked] = field(default_factory=list)
    # 从双方吵起来到警察赶到，过了多少分钟: the two acts whose clock times a duration is asked between
    clock_span: tuple[str, str] | None = None
    # 从把卡寄出去到卡被冻结，过了多少天: the two acts whose dates a span of days or months is asked between
    date_span: tuple[str, str] | None = None
    date_span_both: bool = False  # 前后一共多少天: both days counted (隔了 / 过了: the days between)
    span_exclusive: bool = False  # 第一批和最后一批相隔多少天: the days between, the first not counted
    # 第二批货是哪天送到的 / 原告说头一批送了多少吨: the one delivery (batch) asked by its order
    batch: int | None = None
    # 红塔山先不算 / 除了手表 / 只算手机和电脑 / 扣的羽绒服和保温杯按认定价值: the kinds of goods a figure of
    # them is asked without (goods_out) or over only (goods_in), in the question's words — a figure of
    # the rest (or of those) is composed from the kinds told one by one, never the total of all kinds
    goods_out: list[str] = field(default_factory=list)
    goods_in: list[str] = field(default_factory=list)
    goods_only: bool = False  # goods_in said as a restriction (只算…), not only listed (手机和电脑的价值)
    # 那两台按进价算值多少钱: the count of pieces the question states, with its unit (a price × count asked)
    priced_count: tuple[int, str] | None = None
    priced_by: str | None = None  # the price words it is reckoned by (进价, 单价, 售价 …)
    # 一共偷了多少条烟 / 在他家扣押了多少条: what was done with the goods counted (lexicon GOODS_ACTS:
    # taken, sold, held, bought), the act of the question's own verbs — a list of another act is no answer
    goods_act: str | None = None
    # 公司报的损失比他第二次交代的多多少: the two figures a difference is asked between, each read as a
    # plan of its own words (the first is the one the other is taken from), and which way it is asked
    compared: list["CasePlan"] = field(default_factory=list)
    # …比…多多少: the first less the second; 少多少 the second less the first; 相差多少 the larger less the smaller
    compared_way: str | None = None  # more | less | None
    # 申报的价格比实际卖价每吨低了多少: the two figures compared are prices per that piece (吨), not sums
    compared_each: bool = False
    # 是不是等到救护车来了才走的: what the asked act waited for — a sentence telling the act tells the waiting
    waited_for: str | None = None
    # 输钱最多的是谁 / 谁出力最少: who or what stands out by a measure — the word saying how (最多)
    most: str | None = None
    # …and the question's own words for the one asked (群里输钱最多的玩家, 谁伤得最重): what a gap names
    most_asked: str | None = None
    # 年利率是多少 / 换算成一年是多少 / 月息多少: the period a rate is asked per (year, month), None when
    # the question names none — a rate said per month is then never given as the yearly one
    rate_basis: str | None = None
    # 调解时原告愿意接受多少 / 被告最多能给多少: a side's offer in mediation, never a sum of both sides'
    offer: bool = False
    # 庭后几日内提交什么材料: the tasks the court set after the hearing, with their days
    task: bool = False
    # 双方说的数额多出多少 / 相差多少: the difference between two accounts of one figure
    differ: bool = False
    # 原告主张欠多少 / 被告认可多少: the one side whose own account is asked (None: both, or none named)
    voice: str | None = None
    # 月工资基数，双方各自主张多少: the figure asked as each side of a hearing states it
    sides_each: bool = False
    # 申请人同意被申请人提出的调解方案吗: the side whose yes or no to a mediation proposal is asked
    consent_by: str | None = None
    # 庭上调解成了吗 / 双方达成调解了吗: whether the mediation ended in agreement is asked
    mediation_outcome: bool = False
    # 按被申请人主张的工资基数和月数…是多少: a figure times a count asked — the figure's words and the
    # count's (工资基数, 月数)
    factors: tuple[str, str] | None = None
    # 第二笔借款…: the loan asked of several (its ordinal), when the ordinal names a loan, not a payment
    loan: int | None = None
    net: bool = False  # 实际到手多少: what the borrower got once interest or fees were taken off
    loan_interest: bool = False
    owed_by_sides: bool = False  # 双方对欠款各自怎么说 / 原告说欠多少: the sum owed as each side (or one) tells it
    # 被告说给过一万元，原告认不认？ / 原告认不认这笔是还本金: the side whose answer to the other side's
    # claim is asked
    responder: str | None = None
    # 姓柯的那个老板送的东西，刨掉退回去的，还落下多少钱的: the gifts of one giver less those given back
    gifts_kept: bool = False
    items_asked: bool = False  # 少收了哪几笔车费？加起来多少: the items of a sum are asked beside it
    # 他自己落下的那部分钱，扣掉老婆退的和卡里冻住的，还差多少: a whole (the measures its figure may be
    # booked under: profit, share) less named parts (their words, and the measures each may be booked
    # under) — computed from those rows only, never a balance of the payments
    whole: tuple[str, ...] = ()
    less: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    offset: bool = False
    # 原告要求被告返还多少存款 / 按原告的诉讼请求，扣除押金后…: the side whose claims (诉讼请求 / 仲裁请求)
    # are asked ("" when the question names the claims but no side), and what the question takes off them
    claim: str | None = None
    claim_less: list[str] = field(default_factory=list)
    # 押金 / 月租金 / 首付款 asked: a term a contract set, stated in the record as one sum after its word
    term: str | None = None
    term_less: str | None = None  # 首付款里除了父母给的钱: the part's words, the rest of the term asked
    term_period: bool = False  # 租期是从哪天到哪天: the period a contract set, from and to
    admitted_by: str | None = None  # 被告认可其中多少: the side whose admitted part of a claim is asked
    agreed_how: bool = False  # 违约金是怎么约定的: the clause setting the money asked is quoted
    # 那辆车现在值多少钱: the worth of a thing asked; with value_less, what is taken off it (按原告说的市场价，
    # 扣掉剩下的贷款，净值多少 — the parts' words)
    value_asked: bool = False
    value_less: list[str] = field(default_factory=list)
    # 被告的身份证号码和原告的联系电话: each personal field with the hearing side named before it, when the
    # question names two sides (empty otherwise)
    field_owners: list[tuple[str, str]] = field(default_factory=list)
    # 被告拖欠的抚养费是多少 / 按被告的说法欠的租金: a sum owed asked, with the money it is owed of
    arrears: bool = False
    # 那20万元双方说法一致吗？是借款还是赠与？: which of two either-or answers each side gives is asked
    sides_choice: bool = False
    agree_asked: bool = False  # 月租金是多少？双方有没有争议？: whether the sides agree on it is asked beside it  # 多付的利息应抵本金: a sum one side wants set off against another  # 第一笔借款一共付了多少利息: the interest paid on one loan, summed

    @property
    def text(self) -> str:
        return self.question.text

    def to_dict(self) -> dict:
        """What the answer was planned to give (in the answer JSON and its audit record)."""
        return {"slots": [s.value for s in self.slots], "kind": self.kind, "aggregate": self.aggregate, "occasions": self.occasions, "stance_gap": list(self.stance_gap) if self.stance_gap else None,
                "ordinal": self.ordinal, "call": self.call, "period": self.period, "means": self.means,
                "principal": self.principal, "names": list(self.names), "record": self.record,
                "session": self.session, "session_last": self.session_last, "supplement": self.supplement, "officer_role": self.officer_role,
                "sessions_apart": list(self.sessions_apart) if self.sessions_apart else None,
                "sessions_both": self.sessions_both,
                "record_length": self.record_length,
                "parties": list(self.parties), "acting_side": self.acting_side,
                "at_one_time": self.at_one_time, "fields": list(self.fields), "evidence": self.evidence,
                "law": self.law, "overview": self.overview, "unit": self.unit, "unit_family": self.unit_family,
                "measure": self.measure, "goods_recovered": self.goods_recovered, "qualifier": self.qualifier, "per_unit": self.per_unit, "per_piece": self.per_piece, "rate_per": self.rate_per, "group": self.group, "signs": list(self.signs), "when": self.when,
                "receiver": self.receiver.to_dict() if self.receiver else None, "payer": self.payer, "owed": self.owed,
                "made_good": self.made_good, "short_of_demand": self.short_of_demand,
                "channels": list(self.channels), "place": self.place, "money_word": self.money_word,
                "counts": [[c.counter, c.words] for c in self.counts], "posture": self.posture,
                "span_exclusive": self.span_exclusive, "clock_span": list(self.clock_span) if self.clock_span else None,
                "date_span": list(self.date_span) if self.date_span else None,
                "date_span_both": self.date_span_both, "batch": self.batch,
                "goods_out": list(self.goods_out), "goods_in": list(self.goods_in), "goods_only": self.goods_only,
                "priced_count": list(self.priced_count) if self.priced_count else None, "priced_by": self.priced_by, "goods_act": self.goods_act,
                "compared": [c.text for c in self.compared], "compared_way": self.compared_way, "compared_each": self.compared_each,
                "waited_for": self.waited_for, "most": self.most, "most_asked": self.most_asked,
                "rate_basis": self.rate_basis, "offer": self.offer, "task": self.task, "differ": self.differ, "consent_by": self.consent_by, "mediation_outcome": self.mediation_outcome, "sides_each": self.sides_each, "factors": list(self.factors) if self.factors else None,
                "voice": self.voice, "loan": self.loan, "net": self.net, "loan_interest": self.loan_interest,
                "gifts_kept": self.gifts_kept, "items_asked": self.items_asked, "whole": list(self.whole), "less": [[w, list(m)] for w, m in self.less],
                "owed_by_sides": self.owed_by_sides, "claim": self.claim, "claim_less": list(self.claim_less), "term": self.term, "term_less": self.term_less, "term_period": self.term_period, "agree_asked": self.agree_asked, "sides_choice": self.sides_choice, "arrears": self.arrears, "field_owners": [list(o) for o in self.field_owners], "value_asked": self.value_asked, "value_less": list(self.value_less), "agreed_how": self.agreed_how, "admitted_by": self.admitted_by, "responder": self.responder, "offset": self.offset,
                "nicknames": list(self.nicknames), "real_name": self.real_name, "name_asked": self.name_asked, "unplanned": list(self.unplanned), "state": self.state, "either": self.either,
                "whereabouts": self.whereabouts, "located": self.located, "recovered_list": self.recovered_list,
                "seen": self.seen, "plate_seen": self.plate_seen, "field_used": self.field_used, "choices": list(self.choices), "demand_pick": self.demand_pick, "attribute": self.attribute,
                "focus": self.focus.to_dict(), "terms": [list(t) for t in self.terms], "head": self.head}

    @property
    def money(self) -> bool:
        return Slot.AMOUNT in self.slots or Slot.COUNT in self.slots and self.kind is not None


# Where someone or something came to be, asked by the act (倒在哪里, 停在什么位置, 躺在什么地方).
POSTURE = re.compile(rf"([{''.join(POSTURES)}])在(?:什么|哪)")
# Several people asked about together (郭承志和工友们, 这几个工人, 他们几个, 大家).
GROUP = re.compile(r"[\u4e00-\u9fff]{1,2}们|大家|(?:这|那)?几个(?:工人|人|工友)|所有(?:的)?(?:人|工人)|每个人|各自")
# What ought to be, asked of a figure (工钱一共应该是多少): what is due, not what was paid.
DUE = re.compile(r"应该|应当|本应|本该|按理")
# The question's own name for the money asked (发票, 社保, 工钱, 货款, 押金, 医药费): a noun of the
# question ending in a word of money; bare 钱 / 块钱 name no kind.
MONEY_NOUN = re.compile(rf"[\u4e00-\u9fff]+[{MONEY_ENDINGS}]$")
# (花钱 / 出钱 / 赚钱 / 挣钱 name the act of spending or earning, not a kind of money the record must name)
_NO_KIND = re.compile(r"^(?:块钱|价钱|本钱|零钱|现金|资金|花钱|出钱|赚钱|挣钱)$")
# A figure asked per unit of time or work (一天的工钱, 做一件多少钱, 每个月工资多少) — not 第一天 / 前一天.
RATE_PER = re.compile(r"(?<![第前后头另同当这那上下])(?:每|一)(?:一)?(?:个)?(?P<unit>天|日|月|小时|周|件|吨|箱|台|斤|公斤|平方米|米|张|瓶|袋|包|车)"
                      r"(?:的)?(?:工钱|工资|报酬|收入|价钱|价格|钱)?(?:是|要|给|算|能拿|拿|有|交|收|付|缴|花)?多少")
# The units a price is asked per (每箱多少钱 / 多少钱一公斤), one list for both word orders.
_PRICED_UNITS = "个|台|吨|件|箱|斤|公斤|千克|克|瓶|张|部|辆|平方米|立方米|方|米|袋|包|车|条|盒|只|针|支|桶|套|棵|株"
PER_UNIT = re.compile(rf"单价|每(?:一)?(?P<u1>{_PRICED_UNITS})(?:是|要|卖|算)?多少钱?"
                      # 收他的鲫鱼是多少钱一公斤: the price said before its unit
                      rf"|多少钱(?:一|每)(?P<u2>{_PRICED_UNITS})"
                      # 吊一瓶水收多少钱 / 打一针要多少钱: one piece and what is charged for it (not 一共, not
                      # 第一瓶; 买一台花了多少钱 names a spending, not a price: only 收/要/卖/算)
                      # 利群一条多少钱 / 一条是多少钱: the price of one piece, asked right after it
                      rf"|(?<![第\d零一二三四五六七八九十两几])一(?P<u3>{_PRICED_UNITS})(?:[\u4e00-\u9fff]{{0,2}}?(?:收|要|卖|算)|是)?多少钱")


# A clause whose sale only dates what is asked (卖完手机以后… / 卖手机的那天…): no sale price asked.
SALE_AS_TIME = re.compile(r"以后|之后|后来|(?<!然)后|之前|以前|(?<!提)前|的时候|时候|那天|当天|那晚|当晚|完")


def sells(text: str) -> bool:
    """Selling named by the bare verb (第一回卖铜线 / 那批货卖多少钱): 卖 as a word of its own, as the
    segmenter cuts the question — never 卖 inside a noun or another word (小卖部, 卖场, 卖家, 买卖合同,
    拍卖行, 卖淫), and never a sale that only says when the asked thing happened."""
    at = 0
    for word, flag in posseg(text):
        at += len(word)
        if word == "卖" and flag.startswith("v") and not _dates_only(text, at):
            return True
    return False


def _sold_for(text: str) -> bool:
    """卖货一共得了多少钱 / 卖东西拿到多少 / 卖掉的东西换了多少: SOLD_FOR starting at a word that is the
    verb 卖 (卖, 卖掉) or 卖 joined by the segmenter to a generic goods word (卖货, 卖东西) — never at
    小卖部, 卖场 or 卖家."""
    starts, at = {}, 0
    for word, flag in posseg(text):
        starts[at] = (word, flag)
        at += len(word)
    for match in SOLD_FOR.finditer(text):
        word, flag = starts.get(match.start(), ("", ""))
        if word.startswith("卖") and (flag.startswith("v") or word[1:] in GOODS_WORDS_AFTER_SELL):
            return True
    return False


# What the segmenter joins to 卖 when the goods are named only generically (卖货, 卖东西): the case
# vocabulary's generic goods words (jieba joins only 货 and 东西 of them to 卖), and 赃 (卖赃, which
# jieba also tags a verb). 赃 alone stays out of GENERIC_GOODS: there it would also match 赃款, money.
GOODS_WORDS_AFTER_SELL = frozenset(GENERIC_GOODS) | {"赃"}


def _dates_only(text: str, after: int) -> bool:
    """The sale ending at ``after`` only says when (…卖了以后 / 卖手机的那天): its clause goes on to a time word."""
    return bool(SALE_AS_TIME.search(re.split(r"[，,。；;？?！!、]", text[after:], maxsplit=1)[0]))


# 乘客后来不是补了点车费吗，那…到底亏了多少: 不是…吗 before another part states what the question
# takes as known — it asks no verdict of its own.
RHETORICAL = re.compile(r"不是[^，,。？?]*[吗么][，,]?\s*$")


def _presupposed(part: str, text: str) -> bool:
    return bool(RHETORICAL.search(part)) and not text.rstrip("？? ").endswith(part.rstrip("，,？? "))


def _parts(text: str) -> list[str]:
    """"第一次给钱是哪天、给了多少、怎么给的" → its asked parts, in order."""
    return [p for p in re.split(r"[、，,；;]|(?<=[？?])|以及|还有(?=什么|多少)", text) if p.strip()]


_WH = re.compile(r"什么|怎样|怎么|如何|哪|谁|多少|几")


def _fields_asked(part: str) -> list[str]:
    """Header fields a part asks the value of: 身份证号码是多少, 住在哪里 — not a field word inside an
    act (有没有利用职务帮忙) or beside someone asked for (谁过生日请的客)."""
    named = [name for name, pattern in FIELD_WORDS.items() if pattern.search(part)]
    if not named:
        return []
    if YESNO.search(part) and not _WH.search(part):
        return []  # a yes/no about an act, not a request for the field's value
    if SLOT_WORDS[Slot.PERSON].search(part):
        return [n for n in named if n in ("officer", "recorder")]
    return named


# A thing asked by its number (微信号, QQ号, 房间号码, 账号): beside header fields a question lists, one
# no field word names is an ask of its own that the fields' answer leaves open.
_NUMBER_THING = re.compile(r"[\u4e00-\u9fffA-Za-z]{1,4}?(?:号码|账号|帐号|号)")


def _kin_owners(text: str, fields: list[str]) -> list[str]:
    """邹某和他老婆的身份证号、手机号 → ["他老婆"]: one named by kin before the fields asked owns some of
    them, and no header line is theirs by that word — an ask the fields' answer leaves open."""
    starts = [m.start() for name in fields for m in [FIELD_WORDS[name].search(text)] if m]
    return [m.group(0) for m in KIN.finditer(text[:min(starts)])] if starts else []


def _numbers_unplanned(text: str, fields: list[str]) -> list[str]:
    """身份证号码、手机号和微信号是多少 → ["微信号"]: the numbered things listed with the fields asked
    that are no field."""
    if not fields:
        return []
    asked = re.sub(r"(?:分别|各自)?(?:是|叫)?(?:多少|什么)?[？?]*$", "", text.strip())
    return [item.strip() for item in re.split(r"[、，,；;]|以及|和|及|还有", asked)
            if item.strip() and _NUMBER_THING.search(item) and not any(p.search(item) for p in FIELD_WORDS.values())]


# A yes/no ask of its own within a list: the part opens (after a short subject) with its own predicate.
_OWN_PREDICATE = re.compile(r"^[\u4e00-\u9fff]{0,6}?(?:有没有|是否|是不是|会不会|能不能|有|没有)")


def _verdicts_unplanned(text: str) -> list[str]:
    """恒泰达有仓库、有真实的货物买卖吗 → ["有真实的货物买卖吗？"]: two things asked 有…吗 at once, each
    with its own predicate; one 是/否 answers one of them (你认识张三、李四吗 is one predicate over two
    people, and is left)."""
    parts = _parts(text)
    if len(parts) < 2 or not YESNO.search(parts[-1]) or _WH.search(text):
        return []
    if not all(_OWN_PREDICATE.match(part.strip()) for part in parts):
        return []
    return [part.strip() for part in parts[1:]]


def make_plan(text: str) -> CasePlan:
    question = analyse(text)
    plan = CasePlan(question=question, names=party_names(text, list(question.names)))
    plan.focus = read_focus(text, question, plan.names)
    plan.terms = [(word, word_class(flag)) for word, flag in tagged_terms(text)]
    plan.head = head_term(text)
    # 偷的香烟总共有多少条: an act only modifying the goods, when the question names no other
    told, named = [act for verb in plan.focus.acts for act in goods_acts(verb)], goods_acts(text)
    plan.goods_act = told[0] if told else named[0] if len(named) == 1 else None
    plan.law = bool(LAW.search(text))
    plan.asker_said = bool(ASKER_SAID.search(text))
    plan.named_sums = [(f.value, f.text) for f in find_amounts(text)]
    if GAPS.search(text):
        plan.overview = "gaps"
    elif CONFLICTS.search(text) and not is_quarrel(text):
        plan.overview = "conflicts"
    plan.evidence = bool(EVIDENCE.search(text))
    plan.fields = [name for part in _parts(text) for name in _fields_asked(part)]
    plan.fields = list(dict.fromkeys(f for f in FIELD_WORDS if f in plan.fields))
    plan.field_owners = _field_owners(text, plan.fields)
    plan.unplanned += _numbers_unplanned(text, plan.fields)
    plan.unplanned += _kin_owners(text, plan.fields)
    plan.unplanned += _verdicts_unplanned(text)
    money_parts: list[str] = []
    alone: dict[Slot, bool] = {}  # each slot asked: whether the first part asking it asked only it
    for part in _parts(text):
        found = [slot for slot, pattern in SLOT_WORDS.items() if pattern.search(part)]
        if Slot.RATE in found and Slot.AMOUNT in found and not re.search(r"多少钱|多少元|本金|金额", part):
            found.remove(Slot.AMOUNT)
        if plan.fields and Slot.AMOUNT in found and FIELD_NUMBER.search(part):
            found = [Slot.FIELD if s is Slot.AMOUNT else s for s in found]  # 身份证号码是多少
        if not found and re.search(r"什么|怎样|怎么样|如何|为什么|哪", part):
            found = [Slot.TEXT]
        if not found and YESNO.search(part) and plan.overview is None and not ASKS_ONLY_IF_KNOWN.fullmatch(part.strip()) \
                and not _presupposed(part, text):
            found = [Slot.YESNO]  # 投诉过吗？是哪天？: the yes/no is a part of its own
        if any(s in found for s in (Slot.AMOUNT, Slot.DATE, Slot.MEANS, Slot.PLACE, Slot.COUNT)) \
                or found == [Slot.RATE] and len(_parts(text)) == 1:
            money_parts.append(part)
        # 哪些部位？用的什么工具？: a second part of a slot an earlier part asked alone (在哪一天、哪个审判庭:
        # 在哪一天 reads as date and place, so 哪个审判庭 is the place's own part; a header field asked
        # twice — 身份证号是多少？手机号是多少？ — is planned by plan.fields)
        if found and all(alone.get(s) for s in found) and Slot.FIELD not in found and _WH.search(part):
            plan.unplanned.append(part.strip())
        for slot in found:
            alone.setdefault(slot, len(found) == 1)
        plan.slots.extend(s for s in found if s not in plan.slots)
        for slot in found:
            plan.parts.setdefault(slot, part)
    session = SESSION.search(text)
    if session:
        plan.session = ordinal_of(f"第{session.group(1)}次")
    plan.supplement = bool(SUPPLEMENT.search(text))
    plan.session_last = plan.session is None and bool(LAST_SESSION.search(text))
    plan.sessions_apart = _sessions_apart(text)
    plan.sessions_both = plan.sessions_apart is not None and any(m.group("both") for m in SESSION_NAMED.finditer(text))
    plan.record_length = bool(RECORD_LENGTH.search(text))
    waited = WAITED_FOR.search(text)
    plan.waited_for = waited.group("what") if waited else None
    most = MOST.search(text)
    plan.most = most.group(0) if most and SLOT_WORDS[Slot.PERSON].search(text) else None
    if plan.most:
        part = next((p for p in _parts(text) if MOST.search(p)), text)
        plan.most_asked = MOST_TAIL.sub("", part.strip()) or part.strip()
    plan.counts = [CountAsked("次" if m.group("times") else "人", part, read_focus(part, analyse(part), plan.names))
                   for part in _parts(text) for m in COUNTED.finditer(part)]
    sides = {"原审原告": "原告", "原审被告": "被告", "被告人": "被告"}
    plan.parties = list(dict.fromkeys(sides.get(m.group(0), m.group(0)) for m in PARTY.finditer(text)))
    plan.acting_side = _acting_side(text, plan.parties)
    plan.at_one_time = bool(_AT_A_TIME.search(text))
    role = OFFICER_ROLE.search(text)
    if role and any(f in plan.fields for f in ("officer", "recorder")):
        plan.officer_role = role.group(0)
    # About the record itself only when its time, place or people are asked (讯问时侦查人员援引了
    # 哪条法律 is about what was said in it).
    plan.record = (bool(RECORD.search(text)) or plan.officer_role is not None) and not plan.law \
        and not plan.asker_said and (any(s in plan.slots for s in (Slot.DATE, Slot.TIME, Slot.PLACE))
                                     or any(f in plan.fields for f in ("officer", "recorder")))
    plan.ordinal = None if session and len(re.findall(r"第[一二三四五六七八九十\d]+(?:次|笔)", text)) == 1 \
        else ordinal_of(text)
    batches = BATCH_ORDINAL.findall(text)  # 第二批货是哪天送到的
    plan.batch = ordinal_of(f"第{batches[0]}次") if len(batches) == 1 and "最后一批" not in text else None
    nth_call = NTH_CALL.search(text)
    if nth_call and plan.ordinal is None:  # 个 counts calls only where the noun is 电话 (第二个人 is no call)
        plan.call, plan.ordinal = True, ordinal_of(f"第{nth_call.group(1)}次")
    first_last = FIRST_LAST.search(text)
    if first_last and first_last.group(1) in ("最后", "最近"):
        plan.aggregate = "last"
    elif first_last and first_last.group(1) in ("最早", "最开始", "最初", "头"):
        plan.aggregate, plan.ordinal = "first", 1
    elif plan.ordinal is not None:
        plan.aggregate = "nth"
    plan.names_money = bool(MONEY.search(text)) or question_kind(text) is not None  # 钱 / 投的 / 赔的
    kind_text = OUTSTANDING.sub(" ", "，".join(money_parts))
    money_asked = any(s in plan.slots for s in (Slot.AMOUNT, Slot.COUNT, Slot.RATE))
    plan.kind = question_kind(kind_text or text) if MONEY.search(kind_text) or money_asked else None
    if plan.kind == "take" and SELF_LOSS.search(text):
        plan.kind = "pay"  # 某某一共被骗转出去多少钱: asked of the one who lost it, what they paid out
    short = SHORT_OF_DEMAND.search(text) if Slot.AMOUNT in plan.slots else None
    paid_text = text[:short.start()] + text[short.end():] if short else ""
    if short and (paid_kind := question_kind(paid_text)) not in (None, "demand"):
        # 一共赔了多少？离家属要求的数额还差多少？: the payments asked, and the demand less them
        plan.kind, plan.short_of_demand = paid_kind, True
        # its own sentence is planned: the difference is answered beside the sum
        plan.unplanned = [u for u in plan.unplanned if not SHORT_OF_DEMAND.search(u)]
    elif DEMAND.search(text) and re.search(r"赔|给|付|要", text) and re.search(r"还|再", text):
        plan.kind, plan.demand_more = "demand", True
    if (OUTSTANDING.search(text) or LOSS_NET.search(text) and LOSS_MADE_UP.search(text)) \
            and Slot.AMOUNT in plan.slots and plan.kind != "demand":
        plan.aggregate = "outstanding"
    elif (TOTAL.search(text) or SO_FAR.search(text)) and Slot.AMOUNT in plan.slots and plan.aggregate is None:
        plan.aggregate = "total"
    elif Slot.COUNT in plan.slots and plan.aggregate is None:
        plan.aggregate = "count"
    if plan.short_of_demand:  # its 还差 is the demand's distance, answered beside the sum paid
        plan.aggregate = "total"
    if PRINCIPAL.search(text):
        plan.principal = True
    elif plan.kind == "interest":
        plan.principal = False
    period = PERIOD.search(text)
    if period:
        dates = find_dates(period.group("when"))
        means = MEANS.search(period.group("when"))
        if dates:
            plan.period = str(dates[0].value)
        elif means:
            plan.means = means.group(0)
    _read_figure(plan, text)
    if plan.aggregate == "total" and (plan.period or plan.when) and len(PERIOD.findall(text)) == 1:
        # 2024年1月那次卖的货总共多少钱: the sum of that one occasion, never the total of every one
        plan.aggregate = None
    receiver = RECEIVER.search(text)
    paid_to = PAID_TO.search(text)
    if receiver:
        who = next((n for n in plan.names if receiver.group("who").startswith(n)), receiver.group("who"))
        plan.receiver = Receiver(who, by_account=True)
    elif paid_to and paid_to.group("quoted"):
        plan.receiver = Receiver(paid_to.group("quoted"), by_account=False)  # 给代理“斌哥”: quoted, a name
    elif paid_to and (looks_like_name(paid_who := paid_to.group("who") or paid_to.group("before"))
                      or paid_who in plan.names):
        plan.receiver = Receiver(paid_who, by_account=False)  # 给了某某多少
    payer = PAYER_NAMED.search(text)
    # a balance's payer words name what is taken off it (扣除公司退还的), not whose rows are asked
    plan.payer = payer.group("who") if payer and Slot.AMOUNT in plan.slots and plan.aggregate != "outstanding" \
        else None
    _read_restrictions(plan, text)
    _read_goods(plan, text)
    _read_priced(plan, text)
    _read_compared(plan, text)
    if plan.aggregate == "outstanding":
        plan.owed = next((what for what, pattern in OWED_FOR.items() if pattern.search(text)), None)
        plan.made_good = bool(MADE_GOOD.search(text))
    _read_whole_less(plan, text)
    plan.items_asked = bool(ITEMS_ASKED.search(text)) and Slot.AMOUNT in plan.slots
    # 受过行政处罚吗？当时暂扣了几个月？: a yes/no part beside the figure asked
    plan.aliases = [m.group(0) for m in ALIAS.finditer(text)
                    if (m.group("surname") or m.group("surname2") or m.group("surname3")) in SURNAMES
                    and not _NOT_ALIAS.match(m.group(0))
                    and not any(m.group(0) in n and (m.group(0) != n or not REAL_NAME.search(text)) for n in plan.names)
                    and not (m.group("surname2") and _inside_word(text, m.start()))]
    # (那个老总: the role itself, 个 being no surname)
    plan.nicknames = list(dict.fromkeys(re.sub(r"^[个位]", "", m.group(0)) for m in NICKNAME.finditer(text)
                                        if not any(m.group(0) in n and m.group(0) != n for n in plan.names)
                                        and m.group(0) not in plan.aliases and not _NOT_ALIAS.match(m.group(0))))
    plan.real_name = bool(REAL_NAME.search(text)) and bool(plan.nicknames or plan.aliases) and not plan.fields
    plan.name_asked = bool({Slot.PERSON, Slot.TEXT} & set(plan.slots)) and bool(NAME_ASKED.search(text)) \
        and not plan.fields
    plan.seen = bool(SEEN.search(text))
    plan.field_used = bool(plan.fields) and bool(FIELD_USED.search(text))
    if plan.kind == "demand":
        pick = DEMAND_PICK.search(text)
        plan.demand_pick = None if pick is None else "first" if pick.group("first") else "last" \
            if pick.group("last") else pick.group("extreme")
    version = VERSION_PICK.search(text)
    plan.version_pick = None if version is None else "first" if version.group("first") else "last"
    attribute_part = plan.parts.get(Slot.TEXT, text)
    plan.attribute = next((k for k, (asked, _) in ATTRIBUTES.items() if asked.search(attribute_part)), None)
    choice = CHOICE.search(text)
    plan.choices = [c for c in choice.groups() if c] if choice else []
    plan.plate_seen = any(FIELD_WORDS["plate"].search(p) and SEEN.search(p) and re.search(r"哪|几|什么", p)
                          for p in _parts(text))
    plan.state = _state_asked(text) if Slot.YESNO in plan.slots or YESNO.search(text) else None
    plan.recovered_list = bool(RECOVERED_LIST.search(text)) and not any(
        s in plan.slots for s in (Slot.AMOUNT, Slot.COUNT, Slot.QUANTITY, Slot.DATE))
    thing = plan.focus.patient or next((o for o in plan.focus.objects if len(o) >= 2), None)
    plan.whereabouts = thing if WHEREABOUTS.search(text) and thing and not re.search(r"钱|款|资金|工资|现金|收入", text) \
        else None
    located = next((m for part in _parts(text) if (m := LOCATED.search(part))), None)
    plan.located = located.group("thing") if located and not WHEREABOUTS.search(text) \
        and not any(located.group("thing") in n or n in located.group("thing") for n in plan.names) else None
    plan.either = _either_asked(text) if Slot.YESNO in plan.slots or YESNO.search(text) else None
    plan.yesno_asked = bool(EXISTS.search(text)) or any(
        YESNO.search(part) and not any(p.search(part) for p in SLOT_WORDS.values()) and not _presupposed(part, text)
        for part in _parts(text)[:-1])
    if plan.yesno_asked:
        plan.yesno_verb = next((m.group("before") or m.group("after") for part in _parts(text)
                                if YESNO.search(part) and (m := _YESNO_VERB.search(part))), None)
    plan.promised = bool(PROMISED.search(text))
    plan.refusal_asked = bool(REFUSAL.search(text))
    plan.money_word = _money_word(question)
    plan.disputed = bool(re.search(r"到底|究竟", text))
    per = PER_UNIT.search(text)
    plan.per_unit = bool(per) and Slot.AMOUNT in plan.slots
    if plan.per_unit and per:
        piece = per.group("u1") or per.group("u2") or per.group("u3")
        # 多少钱一方 / 每方: a cubic metre as a price is said (a bare 方 is no unit elsewhere: 双方)
        plan.per_piece = "立方米" if piece == "方" else UNITS.get(piece) if piece else None
    plan.group = bool(GROUP.search(text))
    rate = RATE_PER.search(text)
    plan.rate_per = rate.group("unit") if rate and Slot.AMOUNT in plan.slots else None
    qualified = next((m for noun in plan.question.nouns if len(noun) >= 2
                      for m in [re.search(rf"(?<![\u4e00-\u9fff])(?:那些|这些|那批|这批)?([\u4e00-\u9fff]{{2,4}}?)的{re.escape(noun)}", text)]
                      if m), None)
    plan.qualifier = qualified.group(1) if qualified and not re.search(r"[你我他她谁]", qualified.group(1)) else None
    person = plan.parts.get(Slot.PERSON, "")
    plan.asks_receiver = bool(RECEIVER_ASKED.search(person)) and not GIVER_ASKED.search(person)
    if YESNO.search(text) and Slot.YESNO not in plan.slots and \
            not any(s in plan.slots for s in (Slot.AMOUNT, Slot.DATE, Slot.COUNT, Slot.QUANTITY)):
        plan.slots.insert(0, Slot.YESNO)
    if not plan.slots:
        plan.slots.append(Slot.TEXT)
    if Slot.RATE in plan.slots:
        plan.rate_basis = "year" if RATE_TO_YEAR.search(text) or RATE_YEAR.search(text) and not RATE_MONTH.search(text) \
            else "month" if RATE_MONTH.search(text) and not RATE_YEAR.search(text) else None
    plan.offer = bool(OFFER.search(text)) and any(s in plan.slots for s in (Slot.AMOUNT, Slot.TEXT, Slot.YESNO))
    loan = LOAN_NTH.search(text)
    plan.loan = ordinal_of(loan.group(0)) if loan else None
    plan.net = bool(NET.search(text)) and Slot.AMOUNT in plan.slots
    plan.loan_interest = (plan.loan is not None or bool(LOAN_TOPIC.search(text))) and bool(INTEREST_PAID.search(text)) \
        and Slot.AMOUNT in plan.slots
    response = RESPONSE.search(text)
    plan.responder = response.group(1) if response and not DIFFER.search(text) else None
    plan.offset = bool(OFFSET.search(text))
    _read_claim(plan, text)
    voices = {m.group(1) for m in VOICE.finditer(text)}
    plan.voice = voices.pop() if len(voices) == 1 else None
    plan.differ = bool(DIFFER.search(text)) and Slot.AMOUNT in plan.slots
    if not plan.differ and plan.voice and (Slot.QUANTITY in plan.slots or Slot.DURATION in plan.slots):
        # 申请人主张的加班时长比公司考勤系统记录的多多少小时: one side's figure against the other's
        plan.differ = bool(COMPARED.search(text))
    # (双方各自出资多少 asks each one's own sum, no account of one figure: a word of saying is needed)
    plan.sides_each = bool(BOTH_SIDES.search(text)) and bool(SIDES_SAY.search(text)) and Slot.AMOUNT in plan.slots
    consent = CONSENT_BY.search(text)
    # (原告同意被告提出的调解金额吗: asked of a sum, still a yes or no)
    asked_yesno = consent and (Slot.YESNO in plan.slots or re.search(ENDS_WITH_MA, text)
                               or re.search(rf"{YESNO_WORDS}|接不接受|同不同意", consent.group(0)))
    plan.consent_by = consent.group(1) if asked_yesno and plan.offer else None
    plan.mediation_outcome = bool(MEDIATION_OUTCOME.search(text))
    factors = FACTORS_ASKED.search(text)
    plan.factors = (factors.group("base"), factors.group("count")) if factors and Slot.AMOUNT in plan.slots else None
    plan.task = bool(TASK.search(text)) and bool(re.search(r"提交|补交|提供|补充|材料|证据|期限|几日|几天|多少天|要求|事项|任务|做什么|准备", text))
    # 双方对欠款数额各自怎么说: each side's sum owed is asked
    plan.owed_by_sides = bool(re.search(r"欠", text)) and bool(BOTH_SIDES.search(text) or plan.voice or plan.differ)
    posture = POSTURE.search(text)
    plan.posture = posture.group(1) if posture and Slot.PLACE in plan.slots else None
    gap = STANCE_GAP.search(text) if Slot.AMOUNT in plan.slots else None
    if gap and gap.group("a") != gap.group("b"):
        plan.stance_gap = (gap.group("a"), gap.group("sa"), gap.group("b"), gap.group("sb"), gap.group("w"), gap.group("way"))
        plan.unplanned = [u for u in plan.unplanned if not u.startswith("比")]  # the gap is this route's to answer
    counted = OCCASIONS_ASKED.search(text) if plan.aggregate == "total" else None
    plan.occasions = "一两三四五六七八九".index(counted.group("n")) + 1 if counted else None
    return plan


# A channel word names how money moved only beside a way or an act of moving it: 通过微信, 用现金,
# 微信转账, 银行卡转, 送现金 — not 被抢的东西加现金 (the cash is what was lost) or 银行退回来 (who).
_BY_WAY = re.compile(r"(?:通过|用|以|走|经由|经|拿|使用)(?:的)?$")
_BY_ACT_BEFORE = re.compile(r"(?:送|给|交|付|转|汇|打|存|缴)(?:了|过)?$")
_BY_ACT_AFTER = re.compile(r"(?:卡|账户)?(?:转账|转|支付|付|交|缴|给|汇|打|存|红包|收款|扫码)")


# 转账转出去的钱 / 通过转账付的 / 非现金: the money that moved by any way but cash, asked as such
BY_TRANSFER = re.compile(r"(?:通过|用|以|走)(?:银行)?转账|转账(?:的方式)?(?:转|付|支付|打|汇|给)|非现金|除(?:了)?现金(?:以外|之外)")


# 是假的吗 / 是不是假货 / 是否为正品 / 合格吗: a property said right before the question ends.
_STATE_ASKED = re.compile(r"(?:是|为)(?:不是)?(?P<what>[\u4e00-\u9fff]{1,4}?)(?:的)?(?:吗|呢|么|没有)?[？?]?\s*$"
                          r"|(?:是否|是不是)(?:为|是)?(?P<whether>[\u4e00-\u9fff]{1,4}?)(?:的)?[？?]?\s*$"
                          r"|(?P<bare>[\u4e00-\u9fff]{2})(?:吗|没有|不)[？?]?\s*$")


# What may follow the side asked when it is what the yes/no asks (…投案的吗, …有同伙没有).
_EITHER_TAIL = re.compile(r"(?:的|了|过|作案|干的|去的|在场)*(?:吗|么|没有|呢)?[？?。]?\s*$")


# 承担原告的律师费 / 还给原告 / 向被告要: a side named as whose the thing is or to whom it goes does not act.
_NOT_THE_DOER = re.compile(r"(?:给|向|对|替|帮|跟|和|与)$")
_AT_A_TIME = re.compile(r"后来|[又再]|之后|以后|以前|之前|[^一]后|当时|那天|当天|当晚|那次|事后|事前|月|日|号|年")


# a clause setting the time of the act asked (原告把相机寄回去以后，被告收下了吗): its side does not act in it
_TIME_CLAUSE = re.compile(r"^[^，,。？?]*(?:以后|之后|后|时|的时候|以前|之前)[，,]")


def _acting_side(text: str, parties: list[str]) -> str | None:
    main = _TIME_CLAUSE.sub("", text)
    if main != text and any(side in main for side in parties):
        text, parties = main, [side for side in parties if side in main]
    for side in parties:
        spots = list(re.finditer(side, text))
        if not spots or any(not text.startswith("的", m.end()) and not _NOT_THE_DOER.search(text[:m.start()])
                            for m in spots):
            return side
    return None


def _sessions_apart(text: str) -> tuple[str, str] | None:
    """The two sessions of a record a question asks the days between (第二次讯问是哪天？和第一次隔了几天
    → ("2", "1"); 两次询问相隔几天 → ("1", "2")), or None: only where the record's sessions are named
    (讯问, 询问, 开庭 …) and days between are asked."""
    if not RECORD.search(text) or not SESSION_DAYS.search(text):
        return None
    named: list[str] = []
    for m in SESSION_NAMED.finditer(text):
        if m.group("both"):
            named += ["1", "2"]
        elif m.group("more"):
            named.append("补充")
        else:
            named.append("1" if m.group("first") else str(ordinal_of(f"第{m.group('n')}次")))
    named = list(dict.fromkeys(named))
    return (named[0], named[1]) if len(named) >= 2 else None


def _either_asked(text: str) -> str | None:
    """The side of an either-or a yes/no asks (lexicon EITHER): its words end the question or follow
    有没有/是否 — 他同伙有没有拿钱 asks of the money, 他投案后退赃了吗 of the restitution."""
    for side, (asked, _) in EITHER.items():
        for found in asked.finditer(text):
            if _EITHER_TAIL.match(text[found.end():]) or re.search(r"(?:有没有|是否|是不是|有无)$", text[:found.start()]) \
                    or re.match(r"有没有|是否|还有", found.group(0)):
                return side
    return None


def _state_asked(text: str) -> str | None:
    asked = _STATE_ASKED.search(text)
    if not asked:
        return None
    what = re.sub(r"^否(?:为|是)?", "", asked.group("what") or asked.group("whether") or asked.group("bare"))
    return next((key for key, (said, _) in STATES.items() if said.fullmatch(what)
                 or said.fullmatch(re.sub(r"(?:的|货|品)$", "", what) or what)), None)


def _money_word(question: Reading) -> str | None:
    words = [n for n in question.nouns if MONEY_NOUN.match(n) and not _NO_KIND.match(n)]
    return min(words, key=question.text.find) if words else None


# 直接交给小陶的现金 / 给他的现钞: the money asked is itself cash handed to someone
_CASH_HANDED = re.compile(r"(?:给|交|付)[\u4e00-\u9fff]{0,3}的$")


def _moves_by(text: str, found: re.Match[str]) -> bool:
    before = text[max(0, found.start() - 5):found.start()]
    cash_handed = found.group(0) in ("现金", "现钞") and bool(_CASH_HANDED.search(before))
    return bool(_BY_WAY.search(before[-4:]) or _BY_ACT_BEFORE.search(before[-4:])
                or _BY_ACT_AFTER.match(text, found.end()) or cash_handed)


def _inside_word(text: str, at: int) -> bool:
    """公司老板: the character at ``at`` ends a word begun before it (公司), so it is no surname."""
    start = 0
    for word, _ in posseg(text):
        if start < at < start + len(word):
            return True
        start += len(word)
    return False


def channel_asked(plan: CasePlan) -> str | None:
    """付的是现金吗 / 是用微信转的吗: the one way of paying a yes/no asks whether the money moved by
    (a lexicon CHANNELS name); None for a choice between ways (用微信还是现金) or none named."""
    if Slot.YESNO not in plan.slots or re.search(r"还是|或者|或是", plan.text):
        return None
    # the way named as how the money moved (通过微信, 付的是现金), never as who acted (银行有没有退回来)
    # nor as the thing asked of (收的现金存到银行了吗)
    named = {name for name, pattern in CHANNELS.items() for m in pattern.finditer(plan.text)
             if _BY_WAY.search(plan.text[:m.start()]) or plan.text[:m.start()].endswith("是")}
    return named.pop() if len(named) == 1 else None


def doer_named(plan: CasePlan) -> str | None:
    """老鬼买冰毒付的是现金吗: the words before the asked act, when they are short enough to be the one
    doing it (a nickname the tagger splits) — the question's own subject else."""
    verbs = [*plan.focus.acts, *plan.question.verbs]
    begins = min((plan.text.find(a) for a in verbs if a in plan.text), default=-1)
    moving = re.search(r"[买卖付给转交收汇借还]", plan.text)  # 小灰买货: the tagger's noun hides the verb
    if moving and (begins < 0 or moving.start() < begins):
        begins = moving.start()
    before = re.sub(r"^[^\u4e00-\u9fff]+|[^\u4e00-\u9fff]+$", "", plan.text[:begins]) if begins > 0 else ""
    return before if 2 <= len(before) <= 4 else plan.focus.subject


def _read_restrictions(plan: CasePlan, text: str) -> None:
    """The channels and the place a figure is asked over (通过微信和支付宝一共转了多少, 在某某家交的):
    read only where a figure is asked and the channel or place is not itself what is asked."""
    if not any(s in plan.slots for s in (Slot.AMOUNT, Slot.COUNT)):
        return
    means_part = plan.parts.get(Slot.MEANS, "")
    rest = text.replace(means_part, "") if means_part else text
    found = sorted(((m, name) for name, pattern in CHANNELS.items() for m in pattern.finditer(rest)),
                   key=lambda f: f[0].start())
    moving = {name for m, name in found if _moves_by(rest, m)}
    # 通过微信、支付宝和银行卡: every channel listed with one that names the way moves by it too
    for (a, first), (b, second) in zip(found, found[1:]):
        if re.fullmatch(r"(?:卡|账户)?[、和及与或跟]|(?:卡|账户)?或者|(?:卡|账户)?还有", rest[a.end():b.start()]) \
                and (first in moving or second in moving):
            moving |= {first, second}
    channels = [name for name in CHANNELS if name in moving]
    if not channels and BY_TRANSFER.search(rest):
        channels = [name for name in CHANNELS if name != "现金"]  # 转账转出去的钱: every way but cash
    # 用微信还是现金给的: a choice between channels asks which one, it restricts nothing
    plan.channels = [] if len(channels) > 1 and re.search(r"还是|或者|或是", rest) else channels
    place = PLACE_NAMED.search(text)
    if place and Slot.PLACE not in plan.slots:
        plan.place = place.group("place")


# 除了玉溪以外 / 刨掉手表 / 不算电动车 · 红塔山先不算 / 手表除外: goods a figure is asked without.
_LEFT_OUT = re.compile(r"(?:除了|除去|刨掉|刨去|去掉|扣掉|不算|不计|不含|不包括)(?P<after>[^，,。；？?]{1,16}?)"
                       r"(?:以外|之外|外)?(?=的|[，,。；？?]|$)"
                       r"|(?P<before>[^，,。；？?]{1,16}?)(?:先|就|都|暂时)?(?:不算|除外|不计|不要算|别算|不用算|不管)")
# 只算手机和电脑 / 光算玉溪和黄鹤楼: goods a figure is asked over only.
_ONLY = re.compile(r"(?:只算|光算|仅算|单算|只看|只说|就算)(?P<only>[^，,。；？?]{2,24})")
# two goods or more listed (羽绒服和保温杯, 手机、电脑和相机)
_LISTED = re.compile(r"[\u4e00-\u9fffA-Za-z0-9]{2,10}(?:(?:和|、|跟|与|及|以及)[\u4e00-\u9fffA-Za-z0-9]{1,10})+")
_LIST_SEP = re.compile(r"以及|和|、|跟|与|及")
# where a goods word ends and the rest of the question begins (…按认定价值, …的价值, …一共)
_GOODS_TAIL = re.compile(r"(?:[偷抢盗骗拿扣卖买]|按|的|认定|鉴定|价格|价值|估价|评估|一共|总共|合计|加起来|加在一起|共|值|算|被|都|是|有|先|就).*$")
# what comes before a goods word in the question (扣的 / 偷的 / 只算 / 剩下的)
_GOODS_HEAD = re.compile(r"^.*(?:的|算|把|将|了)")
_NOT_GOODS = re.compile(r"[你我他她谁]|多少|几|剩下|其他|其余|别的|东西|财物|货物|物品|这些|那些")


def _goods_words(phrase: str) -> list[str]:
    words = []
    items = _LIST_SEP.split(phrase)
    for n, item in enumerate(items):
        # the first item starts after the question's own words (扣的, 只算), the last ends before them (…的价值)
        item = _GOODS_HEAD.sub("", item) if n == 0 else item
        item = _GOODS_TAIL.sub("", item) if n == len(items) - 1 else item
        if len(item) >= 2 and not _NOT_GOODS.search(item) and item not in words:
            words.append(item)
    return words


# 按进价算 / 按单价计算 / 按每台的价钱算: a figure asked as pieces reckoned at a price per piece.
PRICED = re.compile(r"按(?:照)?(?:每(?:一)?[\u4e00-\u9fff]的?)?(?P<by>(?:进|单|售|零售|批发|出厂|收购|市场|成本)?价(?:格|钱)?)"
                    r"(?:(?:来|去)?(?:算|计算|计|折算|核算)|(?=[^，,。？?]{0,6}(?:值|多少|几)))")


def _read_priced(plan: CasePlan, text: str) -> None:
    """那两台按进价算值多少钱: the price words, and the count of pieces the question states."""
    from engine.text.quantities import find_quantities

    priced = PRICED.search(text)
    if not priced or Slot.AMOUNT not in plan.slots:
        return
    plan.priced_by = priced.group("by")
    counts = [q for q in find_quantities(text) if not q.meta.get("approx") and q.value == int(q.value)]
    if len(counts) == 1:
        plan.priced_count = (int(counts[0].value), counts[0].meta["unit"])


# 公司报的损失比他承认的多多少 / 认定价值和卖的钱相差多少: a difference between two figures asked.
COMPARED = re.compile(r"(?P<a>[^，,。；？?]{2,24}?)比(?P<b>[^，,。；？?]{2,24}?)(?P<way>多|少|高|低)(?P<verb>[赔付给收拿卖花交退还借用要])?"
                      r"(?:了|出|出来)?(?:多少|几)"
                      r"|(?P<a2>[^，,。；？?]{2,24}?)(?:和|与|跟|同)(?P<b2>[^，,。；？?]{2,24}?)(?:之间)?(?:相差|差了|差距|差额|差)(?:是|有)?(?:多少|几)")


def _read_whole_less(plan: CasePlan, text: str) -> None:
    """他自己落下的那部分钱，扣掉老婆退的和卡里冻住的，还差多少: the whole named by what one kept
    (OWN_SHARE: profit, or a share of it) and the parts taken off it, each typed (lexicon taken_off)."""
    if Slot.AMOUNT not in plan.slots:
        return
    off = TAKEN_OFF.search(text)
    if off and GIFTS_ASKED.search(text[:off.start()]) and GIVEN_BACK.search(off.group("parts")):
        plan.gifts_kept, plan.aggregate = True, "outstanding"  # 送的东西，刨掉退回去的: gifts less those given back
        return
    if not OWN_SHARE.search(text):
        if NET_ASKED.search(text) and (less := taken_off(text)):
            # 推荐奖扣掉她买份交的钱，她净得多少: what she took (else a gain stated), less the parts
            plan.whole, plan.less, plan.aggregate = (TAKEN_WHOLE, "profit", "share"), less, "outstanding"
        return
    less = taken_off(text)
    if less:
        plan.whole, plan.less = ("profit", "share"), less
        plan.aggregate = "outstanding"


_SIDE_NAMED = re.compile(rf"{_SIDE_WORDS}|第三人")


def _field_owners(text: str, fields: list[str]) -> list[tuple[str, str]]:
    """(side, field) for every personal field the question names after a side (原告的身份证号码和电话、被告
    的电话 → 原告 id, 原告 phone, 被告 phone); [] unless two sides are named."""
    sides = [(m.start(), m.group(0)) for m in _SIDE_NAMED.finditer(text)]
    if len({s for _, s in sides}) < 2:
        return []
    found = sorted((m.start(), name) for name in fields if name in PII_FIELDS
                   for m in FIELD_WORDS[name].finditer(text))
    owners = []
    for at, name in found:
        before = [s for start, s in sides if start < at]
        if before and (before[-1], name) not in owners:
            owners.append((before[-1], name))
    return owners


def _act_word(phrase: str) -> str:
    """医院已经垫付的钱 → 垫付: the record states such a sum after the act (垫付的两万元), never after the
    phrase the question wraps it in; any other phrase is kept as asked (押金)."""
    act = TAKEN_OFF_ACT.match(phrase)
    return act.group("act") if act else phrase


def _read_claim(plan: CasePlan, text: str) -> None:
    """The claims of a hearing asked (CLAIMED) and what is taken off them (扣除押金后); a term of a contract
    asked by its word (被告交了多少押金 — CONTRACT_TERMS), or the period it set (租期从哪天到哪天)."""
    plan.term_period = bool(PERIOD_ASKED.search(text)) and Slot.DATE in plan.slots
    plan.sides_choice = len(plan.choices) == 2 and bool(SIDES_AGREE_ASKED.search(text) or BOTH_SIDES.search(text))
    # (拖欠了几个月的租金，金额多少: the months' unit makes the slots a quantity — the money is still asked)
    plan.arrears = bool(re.search(r"欠", text)) and bool(plan.money_word) and not plan.less \
        and (Slot.AMOUNT in plan.slots or bool(re.search(r"金额|数额|多少钱|多少元", text)))
    if Slot.AMOUNT not in plan.slots:
        return
    plan.agreed_how = bool(AGREED_HOW.search(text)) and bool(plan.money_word)
    plan.value_asked = bool(VALUE_ASKED.search(text))
    # the whole clause after the verb (扣掉离婚时剩下的贷款: 剩下 is the debt's own word here)
    off = re.search(rf"(?:{TAKE_OFF_VERBS})(?P<parts>[^，,。；;？?]{{2,30}})", text)
    plan.value_less = [w for w in re.split(r"和|、|及|以及|跟", off.group("parts")) if w] if off and plan.value_asked else []
    claimed = CLAIMED.search(text)
    admitted = ADMITTED_ASKED.search(text)
    if claimed and admitted:
        plan.admitted_by = admitted.group("side")
        # answered beside the claim (claims.py), not a part left unanswered
        plan.unplanned = [u for u in plan.unplanned if not ADMITTED_ASKED.search(u)]
    if claimed:
        plan.claim = claimed.group("side") or ""
        off = TAKEN_OFF.search(text)
        plan.claim_less = [_act_word(w) for w in re.split(r"和|、|及|以及|跟", off.group("parts")) if w] if off else []
    # 首付款是多少 / 交了多少押金: the term is the money asked (首付款里除了父母给的钱… asks a part of it)
    term = re.search(rf"(?P<t>{CONTRACT_TERMS.pattern})(?:款)?(?:是|为|有|一共|总共|共)*(?:多少|几)"
                     rf"|多少(?:的)?(?P<t2>{CONTRACT_TERMS.pattern})", text)
    plan.term = (term.group("t") or term.group("t2")) if term and not claimed else None
    # 照原告的说法，首付款里除了她父母给的钱，…出了多少: the rest of a term once a part of it is taken off
    rest = TERM_PART_LESS.search(text)
    if rest and not claimed and plan.term is None:
        plan.term, plan.term_less = rest.group("t"), rest.group("part")
    if plan.term and SIDES_AGREE_ASKED.search(text):
        plan.agree_asked = True
        plan.slots = [s for s in plan.slots if s is not Slot.YESNO]


# 每吨 / 每台 / 每件 in a question comparing two figures: each is a price per piece
EACH_ASKED = re.compile(rf"每(?:一)?(?:{_PRICED_UNITS})")


def _read_compared(plan: CasePlan, text: str) -> None:
    if Slot.AMOUNT not in plan.slots:
        return
    found = COMPARED.search(text)
    if not found:
        return
    first, second = (found.group("a"), found.group("b")) if found.group("a") else (found.group("a2"), found.group("b2"))
    if found.group("verb"):  # 保险公司比定损金额少赔了多少: what the first paid (赔的), against the second
        first = f"{first}{found.group('verb')}的"
    plan.compared = [make_plan(f"{first}是多少钱"), make_plan(f"{second}是多少钱")]
    way = found.group("way")
    plan.compared_way = None if way is None else "less" if way in ("少", "低") else "more"
    plan.compared_each = bool(EACH_ASKED.search(text))
    plan.aggregate, plan.owed, plan.made_good = "difference", None, False


def _read_goods(plan: CasePlan, text: str) -> None:
    """The goods an appraisal is asked without or over only; only where a valuation is asked (刨掉
    退回去的 of a bribe is what was given back, read by the balance)."""
    if plan.measure != "valuation" or Slot.AMOUNT not in plan.slots:
        return
    out = [w for m in _LEFT_OUT.finditer(text) for w in _goods_words(m.group("after") or m.group("before"))]
    only = _ONLY.search(text)
    listed = [_goods_words(m.group(0)) for m in _LISTED.finditer(text)]
    into = _goods_words(only.group("only")) if only else next((w for w in listed if len(w) >= 2), [])
    # people listed (某甲和某乙抢的东西) are no kinds of goods
    plan.goods_out = [w for w in dict.fromkeys(out) if w not in plan.names]
    plan.goods_in = [w for w in into if w not in plan.goods_out and w not in plan.names]
    plan.goods_only = bool(only) and bool(plan.goods_in)
    if plan.goods_out or plan.goods_only:  # 红塔山先不算，剩下的: a part of the appraisal, not what is left owed
        plan.aggregate, plan.owed, plan.made_good = "total", None, False


# 认定总共值多少钱 / 鉴定下来一共值多少: the worth a finding states, its words apart
APPRAISED_WORTH = re.compile(r"(?:认定|鉴定|评估)[^，。？?；]{0,6}?值(?:多少|几)")


# 卖货一共得了多少钱 / 卖东西拿到多少 / 卖赃物换了多少钱: the proceeds of selling goods asked
SOLD_FOR = re.compile(r"卖(?:货|东西|赃物|赃|掉的东西|[\u4e00-\u9fff]{1,3}?)(?:一共|总共|前后|共)?(?:得了|得到|拿到|换了|换来|收到|挣了|赚了|得)(?:了)?(?:多少|几)")


# 几个晚上 / 按几个点拿: nights and points counted with 个 are no things counted.
NOT_THINGS_COUNTED = re.compile(r"(?:几|多少)个(?:点|晚上|白天|早上|上午|下午|夜|钟)")


def _read_figure(plan: CasePlan, text: str) -> None:
    """The unit, measure and occurrence words of the figure asked, and the aggregates beyond sums:
    distinct parties counted (往几个不同的账户), the days between two rows (前后一共多少天)."""
    # 这几个工人一共欠多少工钱: the 个 of the people asked about together is no unit of the amount asked
    groups = [m.span() for m in GROUP.finditer(text)] if Slot.AMOUNT in plan.slots else []
    unit = next((m for m in ASKED_UNIT.finditer(text) if not any(a <= m.start() < b for a, b in groups)), None)
    if unit:
        plan.unit = UNITS.get(unit.group("unit") or "") or {"毫克/100毫升": "mg/100ml", "km/h": "公里/小时"}.get(
            unit.group("named") or "", unit.group("named"))
    elif PIECES_BY_KUAI.search(text):
        plan.unit = "块"
    elif PEOPLE_ASKED.search(text):
        plan.unit = "人"
    plan.unit_family = next((family for family, pattern in ASKED_FAMILY.items() if pattern.search(text)), None)
    plan.signs = [sign for sign, pattern in MEASURE_SIGNS.items() if pattern.search(text)]
    plan.measure = measure_of(text)
    if plan.measure == "sale" and all(_dates_only(text, cue.end()) for cue in MEASURES["sale"].finditer(text)):
        plan.measure = measure_of(MEASURES["sale"].sub("", text))  # 把车卖了以后，他还了多少钱: not the price
    if plan.measure is None and Slot.AMOUNT in plan.slots and sells(text):
        plan.measure = "sale"  # 第一回卖铜线，对方给了多少钱: the price obtained, whatever the goods' name
    if plan.measure is None and _sold_for(text):
        plan.measure = "sale"  # 卖货一共得了多少钱 / 卖东西拿到多少: what the goods were sold for
    if plan.measure is None and Slot.AMOUNT in plan.slots and APPRAISED_WORTH.search(text):
        plan.measure = "valuation"  # 认定总共值多少钱: what the finding puts the goods at
    if plan.measure == "wages" and DUE.search(text) and not BALANCE.search(text):
        plan.measure = "wages_owed"  # 工钱一共应该是多少: what is due, never what was paid
    plan.goods_recovered = plan.measure == "valuation" and bool(MEASURES["recovered"].search(text)) \
        and not BALANCE.search(text)
    festival = FESTIVAL_DATE.search(text)
    relative = RELATIVE_DATE.search(text)
    if festival and festival.group("name"):
        plan.when = festival.group(0)
    elif relative and relative.group(0):
        plan.when = relative.group(0)
    clock = CLOCK_SPAN.search(text)
    if clock:
        plan.clock_span = (clock.group("a"), clock.group("b"))
    plan.date_span = date_span(text)
    plan.date_span_both = bool(plan.date_span) and bool(BOTH_DAYS.search(text))
    if SPAN.search(text):
        plan.aggregate, plan.unit = "span", plan.unit or "天"
        plan.span_exclusive = bool(SPAN_BETWEEN.search(text))
    elif DISTINCT.search(text):  # 往几个不同的账户里打过钱: a count of parties, not of pieces
        plan.aggregate, plan.unit, plan.slots = "distinct", None, [Slot.COUNT]
        return
    if (plan.unit or plan.unit_family) and plan.aggregate is None and TOTAL.search(text):
        plan.aggregate = "total"  # 前后一共喝了几瓶
    counted = COUNTED.search(text)
    # 几个账号 / 几个电瓶: things counted — not people, nor nights or points
    things_counted = plan.unit == "个" and not (counted and counted.group("who")) and not PEOPLE_ASKED.search(text) \
        and not NOT_THINGS_COUNTED.search(text)
    if (plan.unit or plan.unit_family) and (plan.unit not in ("人", "个") or things_counted) or plan.aggregate == "span":
        # 几瓶 / 多少克 / 几车 / 几个账号: a quantity, not money (几个人 stays a count of people)
        # 多少小时 / 干了多少天 keep their duration slot (a term of the law asks it too)
        plan.slots = [Slot.QUANTITY if s in (Slot.AMOUNT, Slot.COUNT) else s for s in plan.slots] \
            or [Slot.QUANTITY]
        if Slot.QUANTITY not in plan.slots:
            plan.slots.append(Slot.QUANTITY)
        plan.slots = list(dict.fromkeys(plan.slots))
        if plan.aggregate != "span":  # 从第一次转账到最后一次: the span is over the movements named
            plan.kind = None
