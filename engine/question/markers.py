"""The marks of a yes/no question, one spelling for every reader of questions.

Each reader composes them with what only it accepts (the statute path's 嘛 and English auxiliaries,
the case plan's 吗， mid-sentence); the Chinese core is the same everywhere.
"""

from __future__ import annotations

# 是否 / 有没有 / 承不承认 …: a yes/no asked by its words, wherever they stand (the verb said twice
# around 不 of the verbs a record asks so: 同不同意, 愿不愿意 — never 认不认, which asks a side's answer).
# (查没查, 看没看过, 给不给: a verb asked both ways, A-not-A — the one named group of the patterns it joins)
YESNO_WORDS = r"是否|有没有|是不是|有无|能否|可否|对不对|承不承认|同不同意|愿不愿意|认不认识|知不知道" \
              r"|(?P<asked_both_ways>[\u4e00-\u9fff])[不没](?P=asked_both_ways)"
# …吗？ at the end of the question.
ENDS_WITH_MA = r"吗[？?]?\s*$"
# …了没有？ / 办过证没有？: the yes/no said with 没有 at its end (not 还没有？ / 都没有？, which are
# answers said back, nor 怎么没有？, which asks why).
ENDS_WITH_MEIYOU = r"(?<![还都也么])没有[？?]\s*$"
