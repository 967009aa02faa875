"""Words of Chinese case files that say what a sum of money is: who moved it, which way, whether
it is one movement, a total, a balance or a per-period amount, and how sure the speaker is.

These are words of legal and everyday Chinese, not of any one file: every list below was written
from how statements in 讯问/询问笔录 and judgments describe money (the verbs of giving, taking,
repaying and compensating; the words of totals and debts), and is checked by tests on generated
case files with randomly chosen phrasings (engine/bench/casegen).

One vocabulary read on both sides: by the case facts (engine/answer/casefile/facts) in statements and
by the question plan (engine/question) in questions, so that the plan never imports the answers' package.
"""

from __future__ import annotations

import re

from engine.text.lines import across_lines
from engine.text.numbers import parse_number

# -- what moved ------------------------------------------------------------------------------------
# Order matters: the most specific kind wins when several cue words stand before one amount.
KIND_CUES: dict[str, re.Pattern[str]] = {
    # returns on money put in: 利息, 分红, 收益 (a rate is not an amount: rates are read by engine/text/rates.py)
    "interest": re.compile(r"利息|利钱|息钱|分红|红利|收益|回报|返利|返点|好处费"),
    # money coming back to whoever paid or lost it (另外还给了他六千元现金 / 又还给了: 还 is "also" after
    # 另外, 又, 也 — money handed over, never money back)
    "repay": re.compile(
        r"归还|偿还|还款|还钱|还清|还上|还了|还过|(?<!另外)(?<!此外)(?<!同时)(?<!而且)(?<![又也并])还给|还回|还我|还他|还她|还你|还公司|退还|退回|退赔|退款|退钱|"
        r"退了|退过|退给|退我|退他|退她|退你|退出|返还|返回|追回|拿回|要回|收回|赔还|清偿|转回|打回|汇回|返给|"
        r"退的|还的|退回来|退赃|退赔了|退缴|退交|追缴|发还"
        # 卡里有两万元被冻结了: money held back by the police counts towards what is got back
        r"|(?<!解)冻结"),
    # damages paid for harm done
    # (彭某说要赔十五万 / 要我赔: 赔 after 要 is the sum asked for — a demand, lexicon "demand" below)
    "compensation": re.compile(r"(?<!退)(?<!要)(?<!要[我他她你])(?:赔偿|赔付|赔款|赔了|赔过|赔给|赔的)"
                               r"|(?<!退)(?<!要)(?<!要[我他她你])赔(?=[他她我你钱了过\d一二三四五六七八九十两]|[\u4e00-\u9fff]{2}[\d一二三四五六七八九十两])|补偿|赔礼"
                               # 给你补车费了吗 / 补了点车费: a fare or a cost made up to whoever went without it
                               r"|补(?:了|过|给)?(?:你|我|他|她)?(?:点|一点|些|一些)?(?:车费|路费|费用|差价|差额|损失)"),
    # money asked for, not (yet) paid
    # (a claim before a court — 诉讼请求：一、判令被告支付货款五万元 — is money asked for too)
    "demand": re.compile(r"要求|索要|索赔|讨要|催要|判令|(?<![不没])要(?:我|他|她|你|对方)?(?:再|还)?(?:赔|给|付|拿|出)"
                         r"|(?<![不没想])要(?=[\d一二三四五六七八九十两壹贰叁肆伍陆柒捌玖])"
                         # 开口要了两万 / 张口就要: an amount asked for, not handed over
                         r"|[开张]口(?:就)?要"
                         # 叫我准备五万 / 让我拿三万块钱出来 / 让他凑两万: told to bring money, not yet handed over
                         r"|(?:让|叫|喊|命令)(?:我|他|她|你|我们|他们)(?:再|还|先|马上)?(?:准备|凑|备|带)"
                         r"|(?:让|叫|喊|命令)(?:我|他|她|你|我们|他们)(?:再|还|先|马上)?拿[^，。；？]{0,12}出来"
                         # 要是不给他10万元，就把照片发出去 / 如果不拿五万出来就…: money demanded under a threat
                         r"|(?:要是|如果|假如|若是|倘若|要不是)(?:我|你|他|她|你们|我们)?(?:再)?(?:不|没)(?:给|付|拿|交|转|打)"),
    # expenses and losses valued, not moved
    "cost": re.compile(r"医药费|医疗费|治疗费|误工费|营养费|护理费|交通费|住院费|丧葬费|鉴定费|修理费|维修费|"
                       r"损失|花了|花费|花掉|开销|支出"),
    # money taken without right (the suspect's own verbs)
    # (前后一共得了十二万元 / 非法获利三万元: what the suspect gained)
    "take": re.compile(r"(?:非法)?获利|(?<![记懂晓觉值舍认使获])得了(?=[\d一二三四五六七八九十两])|"
                       r"拿了|拿走|拿过|拿的|拿出|取了|取走|取出|提取|提走|挪用|侵占|截留|私吞|占用|骗了|骗走|"
                       r"骗取|诈骗|偷了|偷走|盗窃|窃取|抢了|抢走|套取|转走|划走|揣|被(?:抢|盗|偷|骗|劫)(?:走|了|去)?"
                       # 我们逼某某把项链交了出来，还有身上的现金: handed over under force is taken
                       r"|我(?:们)?(?:就)?逼(?:着)?[^，。；？]{1,16}?(?:交|拿|掏|给)(?:了)?出"),
    # money handed over: the generic verbs (who to whom is read separately)
    "pay": re.compile(r"借给|借了|出借|借款|借钱|投了|投资|投入|投到|投给|认购|购买|买了|存了|存入|充值|"
                      r"转账|转了|转给|转到|转入|汇了|汇给|汇到|汇款|打了|打给|打到|打款|交了|交给|交到|交纳|缴纳|"
                      r"付了|付给|支付|付款|给了|给过|给他|给她|给我|给你|给公司|送了|送给|送过|送来|送钱|送礼|"
                      r"转钱|给钱|打钱|汇钱|交钱|存钱|"
                      r"投的|给的|转的|交的|借的|付的|汇的|打的|存的|"
                      # 另交车辆押金伍仟元 / 先交定金: a bare 交 after a word of order or adding
                      r"(?<=[另又再先还共])交(?![通代易流往涉接])"),
}
# Bare verbs as questions use them (什么时候给的, 转了几次, 还过多少): the same kinds, one character.
QUESTION_VERBS: dict[str, re.Pattern[str]] = {
    "interest": re.compile(r"月息|年息|日息|利息"),
    "repay": re.compile(r"(?<!还)(?:还|退)(?=[的了过几多钱款给我他她])"),
    "compensation": re.compile(r"(?<!退)赔(?=[的了过几多钱款给我他她])"),
    # 第一次要钱 / 开口要了多少: what was asked for (要回 is money got back, 需要 a need)
    "demand": re.compile(r"(?<![还退拿收讨追需想主重])要(?=钱|[了过]?多少)|[开张]口(?:就)?要|索要"),
    "take": re.compile(r"[拿取偷骗抢盗](?=[的了过几多走钱])|侵占|挪用"),
    "pay": re.compile(r"[给转交汇付借投打存送](?=[的了过几多钱款给东])"),
}
# The speaker lost the money (我被骗了二十多万 / 你一共被骗了多少钱？): told from the victim's side, a
# taking is the speaker's money going out — a payment of theirs, as the rest of their record tells it.
VICTIM = re.compile(r"(?:我|我们|你|您|你们)[^，。？?；]{0,8}?被[\u4e00-\u9fff]{0,4}?(?:骗|抢|盗|偷|劫)")
# Taking out one's own money (在柜台取了两万元定期, 取款, 提现): how it was raised, not a movement
# to anyone.
WITHDRAW = re.compile(r"取了|取出|取款|取钱|提现|提了|支取")
# Money put into an account after its sources are named (取了两万、借了两万，一共4万元，…存到一个账户
# 里): the sum is the movement.
DEPOSITED = re.compile(r"存到|存入|存进|转到|转入|转给|打到|打给|汇到|汇给|交给|送到|送给")
# Money lost by whoever the sentence names (某某被抢现金800元, 被骗走两万): a loss of the victim's.
LOST = re.compile(r"被(?:抢|盗|偷|骗|劫)(?:走|去|了)?")
NEGATED = re.compile(r"没有|没|未|尚未|还没")
# The words an organisation is a party as when the record names none (公司, 银行): payer or payee of no one person.
PARTY_NOUNS = ("公司", "单位", "平台", "银行")
# Money that was not paid, told by its verb (少交的电费也就一万块钱, 漏缴了三千元税款, 少付他两千): a
# shortfall valued, never a payment (至少交了 / 最少付: at least paid).
SHORTFALL = re.compile(r"(?<![至最很极减])(?:少|漏|偷逃|逃)(?:交|缴|付|给)(?:了)?")
# An income that was not had, said after its figure (车费四百二十元没收, 约好的一单六百元只好推掉了):
# a loss valued, never a payment — not money confiscated (被没收, 予以没收).
INCOME_LOST = re.compile(r"(?<![被以法])没(?:有)?收(?:到)?(?![回了])|没(?:能)?(?:挣|赚)到|推掉|没接成|没拉成|没做成|泡汤")
# The income named again where it is said not to have been had (…打表是38元，他下车帮忙…，车费我就没收):
# a fee word, then the one who went without it, then the words of INCOME_LOST.
INCOME_NAMED_LOST = re.compile(r"(?:车费|车钱|运费|工钱|费用|这笔钱|这钱|那笔钱|钱)(?:我|他|她|我们|他们)?(?:就|也|都)?"
                               r"(?:没(?:有)?收(?:到)?(?![回了])|没(?:能)?(?:挣|赚)到|没要)")
# A surname followed by one of these is a person named by a form of address (缪老板, 王总, 张师傅).
TITLES = "老板|总|经理|师傅|主任|局长|科长"
# A question asking why or how come does not say what kind of money its answer names
# (你为什么找你妹妹借钱？—对方说必须凑够4万元: no loan of 4万).
WHY = re.compile(r"为什么|为何|怎么回事|什么原因|原因是|干什么用|做什么用|用来")
# -- what a value measures ---------------------------------------------------------------------------
# Beyond who moved money to whom: what a figure is the measure of. The nearest cue before the
# figure in its clause decides (then its sentence); the order below breaks ties, most specific first.
# VALUE_MEASURES are figures of something (an appraisal, a price obtained, a sum owed by law or
# agreement), not movements: they are answered when asked and never summed with payments.
MEASURES: dict[str, re.Pattern[str]] = {
    "valuation": re.compile(r"认定价[格值]|价格认定|认定(?:的)?价|估价|评估价|鉴定价|市场价|认定为|价值|面值|值(?=[\d一二三四五六七八九十两])"),
    "sale": re.compile(r"卖了|卖得|卖给|卖掉|卖的(?!钱)|卖(?=[一每][^，。；]{0,3}?[\d零一二三四五六七八九十两百千万])|出售|变卖|售价|销赃|收购|回收|卖出"),
    "share": re.compile(r"分到|分给|分得|分了|分走|一人一半|分赃|分成"),
    "penalty": re.compile(r"违约金|罚款|罚金|滞纳金|罚了|被罚|罚我|罚他|罚她"),
    "contract_price": re.compile(r"(?:合同)?总价款|合同(?:金额|价款|总价|总额)|货款总额|总货款|总价"),
    "wages_owed": re.compile(r"应发|应付工资|应得|应当发|工资(?:合计|总额|表)|工钱合计"),
    "restitution": re.compile(r"退赔|退缴|退赃|追缴|退交|退还赃款|代[\u4e00-\u9fff]{0,3}(?:赔|退)"),
    "refund": re.compile(r"原路退回|退回到|退回来|冻结|止付|退款"),
    # goods got back — also those the police seized (被民警从身上搜出来扣押了): held to be returned
    "recovered": re.compile(r"追回|发还|起获|缴获|找回|扣押|搜出|查获|收缴"),
    "loan": re.compile(r"借给|借了|借的|出借|借款|向[\u4e00-\u9fff]{1,6}借"),
    "gift": re.compile(r"送给|送了|送过|送来|送钱|送礼|收受|好处费|感谢费"),
    "cost": re.compile(r"医药费|医疗费|治疗费|修理费|维修费|维修单|修车|误工费|营养费|护理费|鉴定费|损失"),
    "wages": re.compile(r"工资|工钱|薪水|报酬|劳务费|生活费"),
    # the takings and the gain of a business or a scheme as a whole (经核算…总收入…获利…)
    "income": re.compile(r"总收入|营业收入|营业额|营收|总进账"),
    "profit": re.compile(r"获利|非法获利|违法所得|非法所得|净利润|利润|盈利|净赚"),
    # the price goods were declared at (按每吨1.1万元申报 / 报关价): a figure of the goods, not money moved
    "declared": re.compile(r"(?:申报|报关)价|(?:申报|报关)[^，,。；？?]{0,8}?价(?:格|钱)|价(?:格|钱)[^，,。；？?]{0,3}?(?:申报|报关)"),
    # the duty a finding puts on goods smuggled or a tax evaded (经海关计核…偷逃税款…元): a figure of the
    # case, never money that moved between the people of the record
    "tax": re.compile(r"偷逃(?:应缴)?税款|逃避缴纳税款|偷税|漏税|应缴税款|应纳税额|税款"),
}
VALUE_MEASURES = frozenset({"valuation", "sale", "share", "penalty", "contract_price", "wages_owed", "income", "profit",
                            "tax", "declared"})
# (profit's 获利 / 非法获利 are also KIND_CUES take — the only value measure sharing a movement's words:
# told with a taking, the gain is what was taken, engine/answer/casefile/facts/extract.py drops the measure then.)
# The labelled figures of a tally the asker puts (经核算，总收入X元、支付给A共Y元、获利W元): each
# clause's label types its own figure; a label naming none of these leaves its figure unread.
TALLY_COST = re.compile(r"支出|开支|成本|花费|费用")
TALLY = re.compile(r"核算|统计|审计|汇总|清点")
# What the figure of a value measure is the measure of: obligations a payment goes towards (an
# unpaid part of them is "still owed"), as against figures that only describe.
OBLIGATIONS = frozenset({"contract_price", "wages_owed", "cost", "penalty"})

# What a quantity is the measure of, by the words around it: two figures of the same unit are the
# same measure (and may be versions of one fact) only when these agree — a breath test and a blood
# test are both in mg/100ml and are two facts.
MEASURE_SIGNS: dict[str, re.Pattern[str]] = {
    "breath": re.compile(r"呼气|吹气|呼出"),
    "blood": re.compile(r"血液|抽血|血样|血检|血中|血里"),
    "speed": re.compile(r"时速|车速|速度|多快|开得快"),
    "distance": re.compile(r"行驶|开了|开到|开车|距离|路程|多远|远|离"),
    "weight": re.compile(r"多重|重|称"),
    "rate": re.compile(r"抽水|抽成|提成|比例|百分之|几个点|点位|费率|利率"),
}
# Units of one kind of measure: a question asking 多重 takes 克, 千克, 斤 or 吨 (never converted).
UNIT_FAMILIES: dict[str, frozenset[str]] = {
    "weight": frozenset({"克", "千克", "斤", "吨"}),
    "distance": frozenset({"公里", "米"}),
    "volume": frozenset({"立方米"}),
    "energy": frozenset({"度", "千瓦时"}),  # 一度电 is a kilowatt-hour
    "time": frozenset({"天", "周", "个月", "年", "小时", "分钟"}),
    "percent": frozenset({"%"}),
}

# Generic "handed over" verbs say direction, not purpose: in an answer whose question names the
# purpose (两次赔偿分别是…) the question's kind is the event's kind.
GENERIC_KINDS = frozenset({"pay"})
# A question's kind covers these event kinds (投了多少本金 counts every payment in).
KIND_COVERS: dict[str, frozenset[str]] = {
    "pay": frozenset({"pay"}),
    "take": frozenset({"take"}),
    "repay": frozenset({"repay"}),
    "interest": frozenset({"interest"}),
    "compensation": frozenset({"compensation"}),
    "cost": frozenset({"cost"}),
    "demand": frozenset({"demand"}),
}
# Movements that add to what one side holds of the other's money, and those that give it back.
INFLOW_KINDS = frozenset({"pay", "take"})
OUTFLOW_KINDS = frozenset({"repay"})

# The last character of a noun that names money (工钱, 货款, 医药费, 押金, 工资, 房租, 社保, 利息, 发票): the
# question plan's kind of money asked (engine/question/casefile.py) and the scorer's money questions
# (engine/bench/transcripts.py: 多少工程款 asks an amount, 多少会员 does not) read the same list.
MONEY_ENDINGS = "款费金资钱票租保息"

# -- what a sentence says about the sum -----------------------------------------------------------
TOTAL = re.compile(r"一共|总共|合计|共计|总计|累计|前前后后|前后|加起来|加在一起|总额|总数|总计|共(?=[\d一二三四五六七八九十两几])")
BALANCE = re.compile(r"还欠|尚欠|仍欠|(?:只|就|才)欠|欠(?:我|他|她|你|款|钱|着|了)|没(?:有)?(?:还|退|拿回|要回|收回|归还)|"
                     r"未(?:还|退|归还|偿还|返还)|还差|余款|剩下的?(?:钱|本金|款)?(?:还)?没")
# Per piece, per person, per ton (每人发了5000元, 每张面值2000元, 每车25吨): a unit figure, not a movement.
# (每盒1980元, before the sum of the boxes; 一盒1280元 is PER_PIECE_BEFORE's)
EACH = re.compile(r"单价(?:是|为)?$|每(?:个)?(?:人|位|户|张|件|台|部|瓶|盒|针|支|桶|罐|套|双|箱|吨|斤|公斤|千克|克|车|捆|份|条|只|包|袋|次|笔|天|日|小时|立方米|立方|方|平方米|平米|平方|米|亩|公里|千米)(?:都|各)?"
                  r"(?:是|为|按|发了?|给了?(?:我们|我|他|她|你)?|付了?|分了?|面值|单价|价值|价格|有)?[\s]*$")
# The price of one piece told with its piece before the figure (吊水一瓶四十元, 打一针十五元, 一盒是1280元，
# 一共2560元): 一 and a unit of pieces just before the figure. Only units of pieces (一次五千元 is one payment,
# 一个月三千 a wage), and not 第一瓶 / 十一盒 / 两千一盒 (a position, a count). ``PER_PIECE_BEFORE_NOT_AFTER``
# is what follows such a figure when it is a thing's price in passing (一件两千元的衣服): then a sum, not per
# piece. One pattern for every reader (engine/answer/casefile/facts/extract.py: piece_before).
PER_PIECE_BEFORE = re.compile(r"(?<![第\d〇零一二三四五六七八九十百千万两几])一(?P<u>瓶|盒|针|支|张|件|台|部|箱|袋|包|条|只|桶|罐|套|双|根|"
                              r"吨|斤|公斤|千克|克)(?:是|为|要|卖)?\s*$")
PER_PIECE_BEFORE_NOT_AFTER = re.compile(r"(?:钱)?的")
PER_PIECE_AFTER = re.compile(r"(?:的)?一(?:张|捆|沓|叠|包|件|瓶|公斤|千克|斤|吨|克|台|部|个|箱|袋|条|只|盒|桶|双|套|根|立方米|立方|方|平方米|平米|平方|米|亩)|/(?:克|吨|斤|公斤|千克|件|台|个|瓶|箱|米|平方米|立方米|方|亩|天|日|月|人)")
# The same figure told again (那笔6.8万元, 那1500元, 当天转的那1500元): a mention of a row told
# before, not a new one.
# (垫付的两万元我们收到了: the act's own word before 的 names the money already told, the same)
MENTION = re.compile(r"(?:那|这)(?:一)?(?:笔|次|回)?(?:的)?$|(?:垫付|垫|退|还|赔|借|转)(?:过|了)?的$")
# A question that puts a figure to a side for its word on it (对…两万元有无异议 / 认不认 / 是否认可):
# the answer's same figure is the one put, not a new sum.
PUT_FOR_ANSWER = re.compile(r"有无异议|有没有异议|有什么异议|认不认|认可吗|是否认可|是否属实|是不是|对不对|属实|确定")
# An answer that says it tells again what was said before (前面说了，是转给我表姐的，两万六千六): its
# figures are mentions of the earlier rows, not new money.
TOLD_BEFORE = re.compile(r"(?:我)?(?:前面|刚才|之前|上次|前边|上面)(?:已经|也)?(?:说|讲|交代)(?:了|过)")
# A gain one was promised or could make (说…五年能赚一千零四十万, 保证能拿到…): a prospect, no money moved.
PROSPECT = re.compile(r"(?:能|可以|就能|保证|包)(?:赚|挣|拿到|翻倍|回本)")
AGAIN = re.compile(r"又|再|另外|另|还(?!欠|差|剩)")
# A stock of money at some moment (备用金一共就剩两万多): neither a movement nor a debt.
REMAINDER = re.compile(r"剩(?:下|余)?|余下|结余")
# After a take cue, these send the money on (我拿了1.2万元现金交到公司前台): the speaker paid it.
PASSED_ON = re.compile(r"交到|交给|交的|交了|给了?(?:他|她|公司|对方)|转给|送到|送给|存到|投到|投给|打给|汇给")
# A clause after a figure telling only how that figure was handed over (…一共是7,200元，他用微信转给我的 /
# …一共三千三百元，是现金给的): the figure moved, payer the clause's subject, payee after 给.
HANDED_TAIL = re.compile(r"^(?![^的]*[卖买借租欠要说])(?:钱)?(?:是|都是|也是)?(?:[\u4e00-\u9fff]{1,4}?)?(?:用|通过|拿|以|走)?"
                         r"(?:现金|微信|支付宝|手机银行|网银|银行卡|银行转账|转账|银行)?(?:转账)?"
                         r"(?:转给|打给|汇给|付给|交给|给|转|付|交|打|汇)(?:了)?(?:我|你|他|她|我们|对方)?的$")
# These take verbs say only "took hold of" (拿了, 取出): a taking only with a source or manner.
AMBIGUOUS_TAKE = re.compile(r"拿了|拿过|拿的|拿出|取了|取出")
# Money moved to oneself (给自己转了, 转到我自己的卡上): a taking, whatever the verb.
TO_ONESELF = re.compile(r"(?:转|打|汇|存|划)[^，。；]{0,14}?(?:到|进|给)(?:了)?(?:我)?(?:本人)?自己|"
                        r"给自己(?:转|打|汇|划)")
# 拿 is a taking only with a source or a manner of taking in the sentence (从公司拿, 偷偷拿, 拿了公司的);
# 我拿了两万元现金交到前台 is the speaker bringing money.
TAKE_CONTEXT = re.compile(r"从|偷|私自|挪|盗|骗|截留|侵占|拿走|公司的|单位的|老板的|他的|她的|别人的|被害人的|"
                          r"店里的|收银|保险柜|备用金|货款|公款|账上|账户")
# A sum agreed on, to be paid (调解时说好了总共赔38500块钱, 约定还款五万元, 最后谈下来是两万): an obligation, not a
# movement — the payments made under it are checked against it.
AGREED = re.compile(r"说好|谈好|讲好|谈下来|谈妥|商量好|约定|商定|协商好|达成|协议|答应|承诺|调解书")
# The bare verbs of a promise (答应…先付5万元, 说好赔三万): what is to be paid.
BARE_PAY = re.compile(r"[付给还赔交退](?!了)")
# A question naming the agreement (按调解的数额还欠多少): the agreed sum is what is owed.
AGREED_ASKED = re.compile(r"调解|约定|说好|协议|谈好|承诺|答应")
PERIODIC = re.compile(r"每(?:个)?(?:月|年|季度?|期|周|星期|天|日)")
PRINCIPAL = re.compile(r"本金|本钱|本息")

# -- how it moved, where -----------------------------------------------------------------------------
MEANS = re.compile(r"微信(?:转账|红包)?|支付宝|手机银行|网上银行|网银|银行转账|对公账户|银行卡|转账|汇款|电汇|"
                   r"现金|刷卡|POS机?|支票|存折|ATM|取款机|银行柜台")
# The words a place ends with (城东茶楼, 村委会门口, 某某家里); an account (卡上) is where money went, not a place.
PLACE_ENDS = (r"楼下|楼上|门口|前台|柜台|窗口|办公室|调解室|接待室|会议室|房间|家里|店里|家|店|处|室|所|局|行|公司|"
              r"楼|厅|场|路|街|巷|区|村|小区|酒店|宾馆|饭店|餐厅|烧烤|市场|车上|网吧|超市|商场|商店|车站|医院|"
              r"学校|公园|工地|仓库|路口|加油站|服务区|码头")
PLACE = re.compile(
    r"(?:在|到|去|从|于|往|交到|送到|存到|放在)"
    r"(?P<place>(?![了过着])[\u4e00-\u9fffA-Za-z0-9（）()]{1,16}?"
    # 在城东的一家网吧: 一家 counts the shop, the place runs on to what it is
    rf"(?:(?:{PLACE_ENDS})(?<![一这那几每某]家)|账户上?|卡上|卡里|备用金里?|保险柜里?)"
    # 到城西区的某某茶楼 / 某小区门口: the place goes on to the building or spot inside the area named
    # (长江路的一家超市: 一家 counts the shop, it is no place of its own)
    # (我家楼下的停车场: the spot, then the building or spot inside it)
    rf"(?:的(?:(?![把将给交送付转了过着时候说])[\u4e00-\u9fffA-Za-z0-9]){{1,10}}?(?:{PLACE_ENDS})(?<![一这那几每某]家)"
    r"|门口|楼下|门前){0,2})")
# A spot told by its position at a place (茶楼楼下, 小区门口, 公司对面): the place itself is what comes
# before — 在茶楼楼下 happened at the 茶楼 a question names as 某某茶楼.
PLACE_POSITION = re.compile(r"(?<=.)(?:楼下|楼上|门口|门前|里面|外面|旁边|附近|对面|里|内|外)$")
# The channel money moved by, one name per channel: a question restricted to some channels
# (通过微信、支付宝和银行卡一共转了多少) is answered over the rows whose means is one of them.
CHANNELS: dict[str, re.Pattern[str]] = {
    "微信": re.compile(r"微信"),
    "支付宝": re.compile(r"支付宝"),
    "银行": re.compile(r"银行|网银|对公账户|电汇|刷卡|POS|ATM|取款机|存折|支票"),
    "现金": re.compile(r"现金|现钞|当面给|当面交"),
}

# -- who speaks ----------------------------------------------------------------------------------------
# Party roles a question may name (原告说…, 被告收到了吗): never the asked act or its object;
# longer roles first, so 被告人 is not read as 被告.
PARTY_ROLES = ("被上诉人", "上诉人", "被申请人", "申请人", "被申诉人", "申诉人", "被告人", "被告", "原告",
               "第三人", "公诉人", "辩护人", "被害人", "证人")

# -- states of things ---------------------------------------------------------------------------------
# A property a yes/no asks of a thing (扣的货是假的吗, 是正品吗, 检验合格吗), with the words saying it
# and those saying its opposite (经鉴定均为真品 answers 是假的吗 with 否).
STATES: dict[str, tuple[re.Pattern[str], re.Pattern[str]]] = {
    "fake": (re.compile(r"(?<![真请放休度寒暑病事婚产])假(?![设如装期日条])(?:的|货|冒|品|烟|酒|币)?|仿冒|伪造|冒牌|赝品|山寨|高仿"),
             re.compile(r"真品|真货|正品|正版|原装|是真的|为真")),
    "genuine": (re.compile(r"真品|真货|正品|正版|原装"),
                re.compile(r"(?<![真请放休度寒暑病事婚产])假(?:的|货|冒|品|烟|酒|币)|仿冒|伪造|冒牌|赝品|山寨|高仿")),
    "qualified": (re.compile(r"(?<!不)(?:合格|达标)"), re.compile(r"不合格|不达标")),
}
# A thing asked to have done something (监控拍到了吗, 摄像头录下来没有) said to have been out of
# order then: it did not.
OUT_OF_ORDER = re.compile(r"坏了|坏掉|损坏|故障|没(?:有)?(?:打)?开|未开(?:启)?|关着|关了|关掉|关闭|停用|"
                          r"没(?:有)?(?:安装|装)|未安装|拆了|拆掉|被拆|断电|停电|没(?:有)?(?:通|插|接)电|不通电|没联网|黑屏|不工作|不能用|用不了|没电")
# A document or right asked to be held (有没有驾驶证, 有营业执照吗) said never got or no longer valid.
NOT_HELD = re.compile(r"吊销|注销|过期|失效|作废|被收回|被没收|没(?:有)?(?:办|领|考|申请|申领)|未(?:办理|办|申领|取得)|还没(?:办|考|领)下来")

# -- one of two ways it went -------------------------------------------------------------------------
# Two accounts that exclude each other, as suspects and witnesses tell them: someone acted alone or
# with others; gave himself up or was caught. A question asks one side (有没有同伙 asks "together",
# 是主动投案的吗 "surrendered"); a sentence telling the other side answers it 否.
# Each side: (as a question asks it, as a statement tells it).
EITHER: dict[str, tuple[re.Pattern[str], re.Pattern[str]]] = {
    "alone": (re.compile(r"一个人(?:作案|干|去|做|偷|抢|来)?的?(?:吗|么|[？?])|单独(?:作案|行动|干|去)?|独自|单干"),
              re.compile(r"(?:我|他|她)?(?:自己)?一个人(?:去|来)?(?:干|做|偷|抢|拿|弄|搞|作案|去|来|开车)|就我(?:自己|一个)"
                         r"|只有我(?:自己|一个)|我自己(?:去|来)?(?:干|做|偷|抢|拿|弄|搞)的|单独(?:作案|干|去|行动)|独自"
                         r"|没(?:有)?(?:人|别人|其他人|谁)(?:跟|和|与|陪|帮)(?:着)?我")),
    "together": (re.compile(r"同伙|同案|帮凶|共犯|伙同|合伙(?:作案)?|(?:和|跟|与)(?:谁|什么人|别人|其他人)(?:一起|一块)"
                            r"|有没有人(?:和|跟|与|陪|帮)|(?:还有|有没有)(?:谁|别人|其他人)(?:参与|一起|一块|在场|帮)"),
                 re.compile(r"同伙|伙同|同案|帮凶|合伙|(?:和|跟|与|同)[^，。；！？、]{1,10}(?:一起|一块)|我们(?:两|三|四|五|几)个")),
    "surrendered": (re.compile(r"投案|自首|主动(?:到案|归案)|自己(?:去|到|来)(?:了)?(?:派出所|公安)"),
                    re.compile(r"投案|自首|(?:自己|主动)(?:走)?(?:去|到|来|跑)(?:了)?[^，。；！？]{0,8}?(?:派出所|公安|刑警队|警局|分局|大队)"
                               r"|主动(?:到案|归案)")),
    "caught": (re.compile(r"被(?:民警|警察|公安)?(?:抓获|抓到|抓住|抓|带走)|抓获"),
               re.compile(r"抓获|抓到|被抓|抓住|(?:民警|警察|公安|你们)[^，。；！？]{0,8}?(?:找到|找上门|上门|带走|带回|带到|抓)"
                          r"|被[^，。；！？]{0,6}?(?:带走|带回|带到|抓)")),
}
# The side that excludes each.
EITHER_OTHER = {"alone": "together", "together": "alone", "surrendered": "caught", "caught": "surrendered"}
# What the asker asks when the topic is how someone came in or who was with him (你是怎么到案的,
# 那天还有谁): the answer's side is read from such a turn even when it names neither side's words.
EITHER_TOPIC = {"alone": re.compile(r"同伙|还有谁|还有别人|还有其他人|几个人|一个人|单独|有没有人|(?:和|跟|与)谁|谁(?:和|跟)你"),
                "surrendered": re.compile(r"到案|归案|投案|自首|抓获|带到|(?:到|来|进)(?:的)?(?:公安|派出所)")}
EITHER_TOPIC["together"] = EITHER_TOPIC["alone"]
EITHER_TOPIC["caught"] = EITHER_TOPIC["surrendered"]

# Where a thing went, as an asker asks it or a statement tells it (这批货后来去哪了, 卖给了谁, 用在工地上,
# 都分散出去了, 下落不明).
WHEREABOUTS_TOLD = re.compile(r"去哪|去了哪|去向|下落|用到|用在|用于|卖给|卖掉|处理|弄到|分散|放在|运到|送到|转手|出手|"
                              r"转卖|拿到哪|拿去")

# Goods got back, as statements tell it (被你们追回了, 已被起获, 搜出来扣押了, 退还给被害人了) — never
# with a negation before it in its clause (没追回, 还没找回来).
RECOVERED_TOLD = re.compile(r"追回|起获|扣押|查获|缴获|收缴|找回|追缴|发还|(?:退还|返还|还)给(?:了)?(?:被害人|失主|受害人|工地|对方|他|她)"
                            r"|退还(?:了)?(?:被害人|失主|受害人)")

# -- assent and denial -------------------------------------------------------------------------------
# Words by which a speaker owns or refuses what was said or put to him, wherever they stand in his
# reply: pattern fragments that each reader extends with the words of its own place.
#  - an answer's opening words on facts the asker puts (engine/answer/casefile/facts/confirm.py CONFIRM / DENY):
#    对, 没错, 没问题 or 不是, 没有, 不可能 say yes or no only at the head of an answer;
#  - a hearing side's answer to the other side's claim (engine/answer/casefile/hearing.py): of money
#    claimed (收到了 / 没收到, 只能算 / 不是还), and the bench's formal words (不予认可, 否认, 不同意).
ASSENT_WORDS = r"认可|承认|是的|属实|没有异议|无异议"
REFUSAL_WORDS = r"不认可|不承认|没有这回事|没这回事"
# Words granting what was asked of the speaker (定金我可以退, 没问题).
GRANT_WORDS = r"可以|没问题"

# -- where someone or something came to be ----------------------------------------------------------
# The acts of being somewhere a question asks the place of (倒在哪里, 停在什么位置), by the posture they
# tell: 倒在什么位置 is answered by 躺在非机动车道上 (someone knocked down lies there) — one posture,
# several verbs; 停 (a vehicle) and 坐/站 keep their own.
POSTURES: dict[str, str] = {"倒": "lying", "躺": "lying", "趴": "lying", "卧": "lying", "停": "stopped",
                            "坐": "sitting", "站": "standing", "蹲": "crouching", "靠": "leaning", "跪": "kneeling"}


def same_posture(asked: str, said: str) -> bool:
    """The act said tells the posture the question asks about (倒 asked, 躺 said: both lying)."""
    return asked == said or POSTURES.get(asked, asked) == POSTURES.get(said, said)


# -- what something looked like ---------------------------------------------------------------------
# Attributes a question asks of a thing (什么颜色), each with the words asking it and the words a
# statement gives its value in: a quote naming no value of the kind (维修单一共二千三百元 for 什么颜色)
# does not answer it.
ATTRIBUTES: dict[str, tuple[re.Pattern[str], re.Pattern[str]]] = {
    "colour": (re.compile(r"颜色|什么色|啥色"),
               re.compile(r"[红白黑蓝绿黄灰银紫棕橙粉褐青金]色|深色|浅色|彩色|[红白黑蓝绿黄灰银](?=的?(?:车|轿车|SUV|面包车|衣服|外套|上衣|裤子))")),
    # a make is said by its name: Latin letters (vivo, OPPO, iPhone), a brand word of everyday goods and
    # vehicles, or …牌 / 一类的 (途观那一类的)
    "brand": (re.compile(r"牌子|品牌|什么牌|哪个牌|哪家的"),
              re.compile(r"(?<![A-Za-z])(?!SIM|ATM|SUV|POS|APP|QQ|ID)[A-Za-z]{2,}|华为|小米|苹果|三星|荣耀|魅族|联想|大众|丰田|本田|日产|别克|宝马|奔驰|奥迪|比亚迪|"
                         r"吉利|长城|哈弗|五菱|长安|奇瑞|雅迪|爱玛|途观|捷达|桑塔纳|[\u4e00-\u9fff]{1,4}牌(?!子|照)|那一类|那种车")),
}


# -- ranking ----------------------------------------------------------------------------------------
# A sentence ranking or comparing (输得最多的是…, 他比我拿得多, 排第一, 数他输得最多) — not 第一 alone,
# which is as often an ordinal (第一次输了两万) as a rank: who stands out is said only so.
RANKS = re.compile(r"最(?:多|少|大|小|高|低|重|轻|狠|凶|厉害|严重)|比[^，。；？?]{1,10}(?:多|少|大|小|高|低|重|轻)"
                   r"|排(?:在|名)?第[一1]|数[^，。；？?]{1,6}(?:最)?(?:多|少)")


# -- certainty ---------------------------------------------------------------------------------------
# Words around the words of not knowing that point back at what was asked or qualify, naming nothing
# (这个我不清楚, 具体也不知道): a character class's contents, each reader adding what it also ignores.
POINTING_WORDS = "这那个都也就还具体对此事情况的了"
# (read across a PDF's line break: 我都不知\n道 in a record whose lines wrap anywhere is still not knowing)
UNCERTAIN = re.compile(across_lines("记不清|记不太清|记不得|不记得|忘记|忘了|说不准|说不清|说不好|说不上来|讲不清|不清楚|不知道|"
                                    "不晓得|不详|不确定|想不起|没注意|没留意|没看清|搞不清|没记住|记不住"))
# A side of a hearing putting off what it is asked (具体怎么算的我这边没有材料，需要回去向公司核实 / 这个情况
#我需要庭后核实): no answer given — the thing asked stays open, as with not knowing it.
DEFERRED = re.compile(across_lines("没有材料|没有相关材料|没有资料|没有相关资料|庭后核实|庭后确认|庭后再核实")
                      + r"|需要(?:庭后|回去|会后|之后)?[^，。；;？?]{0,10}?(?:核实|核对)")
# A figure said as one of several it may have been (可能只给了他八千，也可能给的就是一万 / 五千或者六千):
# the figures of such a sentence are alternatives of one value, never two acts.
ALTERNATIVES = re.compile(r"可能[^，。；]{0,16}[，,]?也可能|或者|或是|还是|要么|也许|不是[^，。；]{1,8}就是")
# What an unsure clause is unsure about: the value kinds its own words name.
UNSURE_ABOUT: dict[str, re.Pattern[str]] = {
    "date": re.compile(r"哪天|哪一天|几号|日子|日期|时间|什么时候|几月|哪个月|哪年|几点"),
    "amount": re.compile(r"多少|数字|数目|金额|数额|几万|几千"),
    "person": re.compile(r"谁|名字|叫什么|姓什么"),
    "place": re.compile(r"哪里|哪儿|什么地方|住在|住址|在哪"),
    "which": re.compile(r"哪几|哪些|哪个|哪家"),
    "count": re.compile(r"几次|几笔|多少次|多少笔"),
    # 为什么打我不知道: not knowing why something happened says nothing of when, where or how much
    "reason": re.compile(r"为什么|为啥|什么原因|原因|怎么回事"),
}

# Words naming goods only generically (卖东西, 偷的财物, 赃物): a question asking of them names no kind
# in particular. The question plan reads 卖货 / 卖东西 as a sale of goods with them; the answers over
# goods take a question naming only these as asking of every kind listed.
GENERIC_GOODS = ("东西", "财物", "货物", "物品", "赃物", "物件", "货")


# What was done with goods a list names (偷了软中华30条、… / 扣押清单：… / 卖了…): two lists of
# different acts are different facts, and a count asked of one act (一共偷了多少条烟) is of its lists.
# Goods seized and goods got back are one act here (the record says either of the same goods).
GOODS_ACTS: dict[str, re.Pattern[str]] = {
    "taken": re.compile(r"偷|盗|窃|撬|扒|抢|骗|拿走|拿了|顺走"),
    "sold": re.compile(r"卖|售|销"),
    "held": re.compile(r"扣(?!除|掉|款|钱)|查获|查到|搜出|搜到|搜查|缴获|收缴|起获|查封|追回|找回|发还|退还|返还|退赃|追缴"),
    "bought": re.compile(r"买|购|进(?=[了过的货]|$)|收来|收购"),
}


def goods_acts(text: str) -> list[str]:
    """The acts of GOODS_ACTS a text names, in the order it names them."""
    found = [(m.start(), act) for act, pattern in GOODS_ACTS.items() if (m := pattern.search(text))]
    return [act for _, act in sorted(found)]


# The asker reads out or shows a document (现向你宣读…价格认定结论书, 现向你出示…交易明细, 据某某陈述…):
# the figures of that passage are facts of the record, told by the document, which the answer
# then confirms or disputes.
READS_OUT = re.compile(r"宣读|出示|(?:显示|载明|记载|证实|反映|写明)[^，。？?]{0,12}?[:：]|据[^，。？?]{1,24}?(?:陈述|证实|反映|供述|称)"
                       r"|[^，。？?]{1,12}?(?:笔录|报告|结论书|意见书|明细|登记单|登记表|回单|收条)[^，。？?]{0,6}?(?:称|载明|记载|显示)"
                       # 被抢的手机已于…追回，并已发还被害人，你知道吗？: a fact the asker puts to the speaker
                       r"|[^？?]{8,}[，,](?:你知道吗|是否属实|属实吗|是不是这样|对不对)[？?]?$"
                       # 经…认定，你拿走的电脑价值…元，你对认定的价格有没有意见？/ …共计…元。你对这个数有什么意见？: a finding put for objection
                       r"|[^？?]{8,}[，,。；;](?:你|您)对[^，。？?]{0,12}?(?:有没有|有无|是否有|有什么|有何)(?:意见|异议)[？?]?$")

# The document a figure the asker reads out comes from, named by its kind (…行政处罚决定书, 银行流水,
# 价格认定结论书, 通话记录): up to four characters before the kind word say which one.
DOCUMENT_NAMED = re.compile(r"[\u4e00-\u9fff]{0,4}?(?:决定书|结论书|意见书|鉴定书|认定书|通知书|判决书|裁定书|调解书|"
                            r"流水|明细|通话记录|转账记录|交易记录|记录|回单|凭证|收据|收条|报告)")

# A fee named by what it is for (会员费, 服务费, 介绍费): an answer's sentence naming the fee its
# question asks about (你交过会员费吗？—交过。…会员费…收一千六百八十元) answers that question.
FEE_NAMED = re.compile(r"[\u4e00-\u9fff]{2}费")
# A price listed, not paid (原价一千九百八, 标价四千多): never the sum handed over.
LIST_PRICE = re.compile(r"原价|标价|定价|市场价|零售价")

# -- corrections ----------------------------------------------------------------------------------------
CORRECTION = re.compile(r"(?<!没)(?<!没有)(?<!不会)(?:说错了?|记错了?|搞错了?|弄错了?|讲错了?|算错了?)|笔误|更正|纠正|有误|不准确|应该是|实际上?是|准确(?:地)?说|"
                        r"准确的(?:数|数字|金额|日期|时间)?是|确切的(?:数|数字|金额|日期)?是|"
                        r"确切(?:地)?说|(?<![是还])不是[^，。；]{1,12}[，,]?(?:而|应该)?是")
# The asker repeating an earlier claim to have it confirmed (你刚才说…，确定吗).
RESTATE = re.compile(r"(?:你|您)?(?:刚才|刚刚|前面|之前|上次|上回|先前|此前|第一次|上一次|在上次讯问中|在上次讯问时)"
                     r"(?:讯问时|询问时)?(?:说|讲|称|供述|陈述|交代)")
NOT_VALUE = re.compile(r"(?<![是还])不是")  # 不是三万二: the value that is corrected away
SAID_BEFORE = re.compile(r"(?:前面|之前|上次|刚才|原来|先前|当时)(?:我)?(?:说|讲|写|记)的?(?:是)?$|(?:说|写|记|填)成了?$|(?:误|错)(?:说|写|记|填)为$")
# A figure the speaker says was told before (上次说…, 前面讲的…): taken back when the sentence then says it was wrong.
TOLD_EARLIER = re.compile(r"(?:前面|之前|上次|上回|刚才|原来|先前)(?:我)?(?:说|讲|写|记|交代)(?:的|过)?")
WRONG_AFTER = re.compile(r"(?:是)?(?:不对|有误|错了|说错|记错|搞错|弄错|不准确|笔误|写错)")
# A statement taking back or reconsidering an earlier figure (上回我讲只拿了三箱，这个不对 / 上次说六条是
# 漏了两条 / 我再想了一下，… / 前面说的那个数可能说多了): what it says next is a later version of that figure.
# The words of an account given before (上次我说, 前面讲的, 原来交代).
_EARLIER = r"上次|上回|前面|之前|先前|刚才|原来"
_TOLD = r"(?:我)?(?:说|讲|交代|供述)"
REVISED = re.compile(rf"{CORRECTION.pattern}|{WRONG_AFTER.pattern}|"
                     rf"(?:{_EARLIER}){_TOLD}|漏(?:了|说|掉|算)|"
                     r"(?:再|又|仔细|重新|好好)(?:仔细)?(?:想|回忆|核对)(?:了)?(?:一下|想)|说(?:多|少)了")
# What one said earlier, taken back (安全带的事我上次说得不对 / 上次我说没去学校，是我说谎了): the cue of the
# earlier account and a word of its being wrong or untrue, in one sentence.
# (上次讯问时你说…: the session named between; 上次没说实话: the earlier time before the word of untruth)
SAID_EARLIER = re.compile(rf"(?:{_EARLIER}|第一次)(?:的?(?:讯问|询问|笔录|庭审|开庭)(?:时|中|里)?(?:你|我)?)?{_TOLD}"
                          rf"|(?:{_EARLIER}|第一次)(?:我)?没(?:有)?说实话")
TAKEN_BACK = re.compile(rf"{WRONG_AFTER.pattern}|说谎|撒谎|没(?:有)?说实话|不是实话|不是事实")
# A refusal of an act (拒收, 拒绝签字, 拒付): the act's verb follows it.
REFUSAL = re.compile(r"拒(?:绝)?(?:了)?(?=[\u4e00-\u9fff])")
# A figure written wrongly (起诉状中写的38吨是笔误): a slip of the pen, not another account of the fact.
CLERICAL = re.compile(r"笔误|写错|打错|录错")

# -- time of day ---------------------------------------------------------------------------------------
TIME_OF_DAY = re.compile(
    r"(?P<part>凌晨|清晨|早上|早晨|上午|中午|下午|傍晚|晚上|夜里|夜间|半夜|深夜)?"
    r"(?P<hour>[\d]{1,2}|[一二三四五六七八九十两]{1,3})(?:点钟?|时)(?!以)"
    # 八点二十 / 九点四十五: tens of minutes said without 分 (八点一 is not read as a minute)
    r"(?P<minute>半|一刻|三刻|[\d]{1,2}分?|[一二三四五六七八九十]{1,3}分|[一二三四五]?十[一二三四五六七八九]?)?"
    r"(?P<approx>多|左右|前后|许)?")
# A clock time needs more than "一点" (高一点 is "a bit"): a part of day, minutes, 钟 or a hedge.
def is_clock_time(match: re.Match[str]) -> bool:
    return bool(match.group("part") or match.group("minute") or match.group("approx") or "钟" in match.group(0))
_AFTERNOON = ("下午", "傍晚", "晚上", "夜里", "夜间", "深夜")


def clock_minutes(match: re.Match[str]) -> int | None:
    """Minutes after midnight of a clock time read by TIME_OF_DAY (21时45分 → 1305, 晚上九点半 → 1290,
    22时05分 → 1325); None when its hour or minute is no clock reading (25时, 70分)."""
    from engine.text.numbers import parse_number

    hour = parse_number(match.group("hour"))
    minute_said = (match.group("minute") or "").rstrip("分")
    minute = {"": 0, "半": 30, "一刻": 15, "三刻": 45}.get(minute_said)
    if minute is None:
        minute = parse_number(minute_said)
    if hour is None or minute is None or not (0 <= hour <= 24 and 0 <= minute < 60):
        return None
    if match.group("part") in _AFTERNOON and hour < 12:
        hour += 12  # 晚上九点: 21 o'clock
    return int(hour) * 60 + int(minute)


# Relative and seasonal dates: kept as said, precision "relative" (never turned into a day).
RELATIVE_DATE = re.compile(
    r"(?:去年|今年|前年|明年|上个?月|这个月|本月|上半年|下半年)(?:的)?"
    r"(?:(?:[一二三四五六七八九十正腊冬]{1,2}|(?<!\d)(?:1[0-2]|0?[1-9]))月(?:份)?|年初|年底|年中|年末|春节前后|过年前后?|国庆前后)?"
    r"(?:上旬|中旬|下旬|[初中底末]|左右|前后)?"
    r"|(?:\d{4}年)?(?:春天|夏天|秋天|冬天|春季|夏季|秋季|冬季|年初|年底|年中|年末|春节前后|过年前后?)(?:左右|前后)?")
# A month said without its year, with a part of it or 份 (3月上旬, 十月底, 5月份), as a statement dates a
# payment by it: placed by the record's date (when.py). Not read from questions, where 10月底前 is a
# deadline rather than the time of the occurrence asked.
MONTH_PART = re.compile(
    r"(?<![\d年〇零一二三四五六七八九十])(?:1[0-2]|0?[1-9]|十[一二]?|[一二三四五六七八九])月"
    r"(?:份?(?:上旬|中旬|下旬|[初底末])|份)(?!之?前|以前)")
# Festivals and lunar months as dates (2021年春节前, 中秋节前一天, 端午节前后, 腊月二十五六, 去年腊月):
# kept as said, placed in the calendar as a range (engine/answer/casefile/facts/when.py).
FESTIVAL_DATE = re.compile(
    r"(?P<year>\d{4}年|去年|前年|今年|明年|当年)?(?:的)?(?:农历)?"
    r"(?P<name>春节|过年|除夕|元宵|端午|中秋|国庆|元旦|清明|五一|劳动节|腊月|正月)(?:节)?"
    r"(?P<lunar_day>初[一二三四五六七八九十]|廿[一二三四五六七八九]?|[二三]?十[一二三四五六七八九]{0,2}|[一二三四五六七八九]{1,2}(?![月日号]))?"
    r"(?:日)?(?:[^，。；、\d]{0,3}?)(?P<rel>前一天|后一天|前几天|后几天|前夕|前后|左右|当天|那天|期间|前|后)?")
APPROX_WORDS = re.compile(r"左右|大概|大约|约|差不多|前后|多|余|初|中旬|底|上下|几")


# Read in statements and in questions alike: the ordinal, the kind of money, the measure a text names.
ORDINAL = re.compile(r"(?:第([一二三四五六七八九十两\d]{1,3})|首|头一|最开始那?一?|最早那?一?|最初那?一?)(?:次|笔|期|回|趟)")


def ordinal_of(text: str) -> int | None:
    found = [m for m in ORDINAL.finditer(text)]
    if len(found) != 1:
        return None
    match = found[0]
    if match.group(1) is None:
        return 1
    value = parse_number(match.group(1))
    return int(value) if value is not None else None


def question_kind(text: str) -> str | None:
    """The most specific kind a question's words name (两次赔偿分别是… → compensation); questions
    use bare verbs (最后一笔是什么时候给的, 转了几次) that statements rarely do."""
    for cues in (KIND_CUES, QUESTION_VERBS):
        for kind, pattern in cues.items():
            if kind not in GENERIC_KINDS and pattern.search(text):
                return kind
        if cues["pay"].search(text):
            return "pay"
    return None


# A person named by kinship to another (他老婆, 其妻子, 邹某的儿子): no header line is theirs by that word.
# The words for one's family (the question's 他堂弟, a statement's 我表哥韦某): one list for every reader.
FAMILY = (r"老婆|妻子|丈夫|老公|爱人|媳妇|前妻|前夫|父亲|母亲|爸爸|妈妈|儿子|女儿|哥哥|弟弟|姐姐|妹妹|"
          r"表哥|表弟|表姐|表妹|堂哥|堂弟|堂姐|堂妹|侄子|侄女|外甥女|外甥|叔叔|舅舅|姑姑|岳父|岳母|公公|婆婆|"
          r"女婿|儿媳|嫂子|弟媳|姐夫|妹夫|孙子|孙女|爷爷|奶奶|外公|外婆")
KIN = re.compile(rf"(?:他|她|其)?(?:的)?(?:{FAMILY})")

# -- a whole less named parts (他自己落下的钱，扣掉老婆退的和卡里冻住的，还差多少) ----------------------
# The words that take named parts off a whole, and what follows them up to the balance asked.
# (扣除押金后被告还应付多少: a 后 closes the parts whatever follows it)
TAKE_OFF_VERBS = r"扣掉|扣除|扣去|刨掉|刨去|刨除|减去|减掉|除去|去掉"
# 医院已经垫付的钱 → 垫付: a thing taken off said by what was done with it — the act is its word in the record
TAKEN_OFF_ACT = re.compile(r"^[^，,]*?(?:已经|已)(?P<act>[\u4e00-\u9fff]{2})(?:了)?的(?:钱|款|款项|那笔钱|费用|部分)$")
TAKEN_OFF = re.compile(rf"(?:{TAKE_OFF_VERBS})(?P<parts>[^，,。；;？?]{{2,30}}?)"
                       r"(?=(?:以后|之后|后)?(?:[，,]|还差|还剩|还有|还欠|剩下|实际|$)|(?<![以之])后)")
# The figure one keeps for oneself of a scheme's takings (自己落下的, 个人获利, 自己分到): its whole.
OWN_SHARE = re.compile(r"(?:自己|个人|本人|他)(?:实际)?(?:落下|落了|留下|留了|得到|拿到|挣|赚|获利|分到|分了|到手)"
                       r"|落(?:下|了)(?:的|多少)")
# What each part taken off is, by its verb when the words name no measure of MEASURES: 退的 (paid back,
# restitution or a refund), 冻住的 (frozen on a card: the refund measure's 冻结).
# 自己买份交的钱 / 付的货款: what one paid in (a payment, booked under no measure of its own).
PART_TAKEN = {"restitution": re.compile(r"退(?!回去)"), "refund": re.compile(r"冻|止付|退回来"),
              "recovered": re.compile(r"追回|发还|缴获|扣押"), "paid": re.compile(r"(?:交|付|缴)(?:了|过)?的|(?:交|付|缴)出去")}
# 推荐奖扣掉她买份交的钱，她净得多少: a net asked — what one got less what the question takes off it
NET_ASKED = re.compile(r"净(?:得|赚|挣|落|收|到手)|实(?:际)?(?:得|赚|挣)(?:了|到)?(?:多少|几)")
# The whole of a net asked with no gain stated (no profit or share row): what the person took, summed.
TAKEN_WHOLE = "taken"


# Gifts given back (把手表连盒子一起还给了她, 退回去的, 退还给他): in a question, the part taken off what
# was given; in a statement, the act that gives a gift back.
GIVEN_BACK = re.compile(r"退回去|还回去|送回去|退还(?:给)?|退回给|还给|退给|送还")
# What was given as a gift, as a question names it (送的东西, 送来的, 送给他的, 收的礼).
GIFTS_ASKED = re.compile(r"送(?:来|给[\u4e00-\u9fff]{0,3})?的|送了|送过|收(?:受)?的(?:礼|东西|财物)")


def taken_off(text: str) -> list[tuple[str, tuple[str, ...]]]:
    """The parts a question takes off a whole, in its words, each with the measures its figure may
    be booked under: 扣掉老婆退的和卡里冻住的 → [(老婆退的, (restitution, refund)), (卡里冻住的, (refund,))]."""
    found = TAKEN_OFF.search(text)
    if not found:
        return []
    parts = []
    for words in re.split(r"和|、|及|以及|跟|还有", found.group("parts")):
        words = words.strip()
        if not words:
            continue
        named = measure_of(words)
        by_verb = tuple(m for m, pattern in PART_TAKEN.items() if pattern.search(words))
        measures = ((named,) if named else ()) + tuple(m for m in by_verb if m != named)
        if not measures:
            return []  # a part that cannot be typed: the question is not read as a whole less parts
        if measures[0] == "restitution" and "refund" not in measures:
            measures += ("refund",)  # 退的: paid back, whichever way the record books it
        parts.append((words, measures))
    return parts


def measure_of(text: str) -> str | None:
    """The measure a question's words name (价格认定合计是多少 → valuation); the first in the
    lexicon's order of specificity."""
    return next((m for m, pattern in MEASURES.items() if pattern.search(text)), None)


# -- a hearing's claims and the terms a contract set (庭审笔录 / 仲裁庭审笔录) ----------------------------
# The heading of the claims a side puts to the court or tribunal (诉讼请求：一、…；二、…).
CLAIM_HEADS = re.compile(r"(?:诉讼|仲裁|上诉|反诉)请求|请求事项|仲裁申请事项")
# The claims list itself (诉讼请求：一、…), not a mention of it (对诉讼请求答辩如下)
CLAIMS_LIST = re.compile(rf"(?:{CLAIM_HEADS.pattern})(?:是|为|如下)?\s*[：:]")
# …or said aloud with its count (我的请求有三项。第一，…；第二，…): the spoken claims list of a hearing
CLAIMS_SPOKEN = re.compile(r"请求(?:事项)?(?:有|共有|一共有|共|是)[一二三四五六七八九十两\d]{1,2}(?:项|条|个)")
# 三项合计62,840元 / 以上共计…: the claims' own stated total, the words before its sum
CLAIMS_TOTAL = re.compile(r"(?:[一二三四五六七八九十两\d]项|以上|上述|各项)?(?:请求)?(?:金额)?(?:合计|共计|总计|总共|一共|累计)"
                          r"(?:为|是)?(?:人民币)?$")
# A term of a contract stated as one sum (押金柒仟陆佰元, 月租金3800元, 首付56万元, 定金两万元): the word
# the sum follows, with the words allowed between them (为人民币, 是, 总共是, 交了) — never another figure.
CONTRACT_TERMS = re.compile(r"押金|保证金|定金|订金|首付款|首付|月租金|月租|年租金|租金标准|物业费标准")
TERM_LINK = re.compile(r"(?:款)?(?:总共|一共|共计|共|合计)?(?:为|是|交了|付了|交的|付的|的)?(?:人民币)?")
# A period a contract set (租期自2022年8月1日起至2024年7月31日止, 合同期限从…到…): its words.
TERM_PERIODS = re.compile(r"租期|租赁期限?|合同期限?|承包期限?|借款期限?|服务期限?|聘用期限?|劳动合同期限?|期限")
