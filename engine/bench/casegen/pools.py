"""Word pools the case-file generator draws from: names, places, organisations.

Everything here is invented and generic. Given names avoid characters that are numerals, units
or calendar words (一, 万, 元, 月, 日 …), so a name never reads as a value.
"""

from __future__ import annotations

import random

SURNAMES = (
    "王 李 张 刘 陈 杨 黄 赵 吴 周 徐 孙 马 朱 胡 郭 何 高 林 罗 郑 梁 谢 宋 唐 许 韩 冯 邓 曹 彭 曾 肖 田 董 "
    "袁 潘 于 蒋 蔡 余 杜 叶 程 苏 魏 吕 丁 任 沈 姚 卢 姜 崔 钟 谭 陆 汪 范 金 石 廖 贾 夏 韦 付 方 白 邹 孟 "
    "熊 秦 邱 江 尹 薛 闫 段 雷 侯 龙 史 陶 黎 贺 顾 毛 郝 龚 邵 万 钱 严 覃 武 戴 莫 孔 向 汤 常 温 康 施 "
    "文 牛 樊 葛 邢 安 齐 易 乔 伍 庞 颜 倪 庄 聂 章 鲁 岳 翟 殷 詹 申 欧阳 上官 司马 诸葛").split()
# Surnames that are also numerals or units would read as values next to a number; keep them out.
SURNAMES = tuple(s for s in SURNAMES if s not in ("万", "钱"))

GIVEN_MALE = tuple(
    "伟 强 磊 军 勇 杰 涛 斌 超 明 刚 平 辉 鹏 华 飞 鑫 波 宇 浩 凯 健 俊 帆 帅 旭 宁 龙 林 阳 "
    "建国 建军 志强 志明 海涛 晓东 文斌 国庆 振华 立新 永刚 德胜 家豪 子轩 浩然 宇航 俊杰 "
    "思远 博文 天佑 明哲 承志 嘉诚 昊天 泽宇 景行 立诚 卫东 红军 学兵 庆丰 长林 春生 秋实 "
    "冬青 松柏 振宇 荣光 耀祖 光明 树森 金宝 铁柱 大伟 小龙 永健 文涛 国栋 海波".split())
GIVEN_FEMALE = tuple(
    "芳 娜 敏 静 丽 艳 娟 霞 燕 玲 婷 雪 琳 颖 倩 洁 慧 莹 萍 红 欣 悦 佳 璐 蕾 薇 琴 "
    "秀英 丽华 秀兰 桂英 玉兰 美玲 晓燕 雅琴 静怡 梦瑶 思琪 雨欣 欣怡 佳怡 诗涵 梓涵 "
    "淑芬 春梅 冬梅 海燕 翠花 凤霞 慧敏 婉清 丹丹 莉莉 晶晶 文静 红梅 秀芳 玉珍 "
    "爱华 彩霞 素琴 雪梅 晓丽 小燕 美娟 金凤 月娥".split())
# 月 is a calendar word: keep it out of given names (月娥 would put 月 beside a number).
GIVEN_FEMALE = tuple(g for g in GIVEN_FEMALE if "月" not in g)

CITIES = ("柳川", "青州", "江陵", "云川", "安平", "南湖", "东阳", "西宁", "北屯", "明州", "瑞安",
          "海宁", "清河", "泰和", "宁远", "长丰", "武平", "河阳", "沧澜", "汉川")
DISTRICTS = ("东城", "西城", "南湖", "北湖", "滨江", "高新", "开发", "城关", "江北", "江南", "新城", "湖滨")
ROADS = ("人民", "解放", "建设", "中山", "和平", "文化", "新华", "长江", "黄河", "朝阳", "光明",
         "胜利", "友谊", "青年", "幸福", "环城", "学院", "工业")
SHOPS = ("咖啡店", "茶楼", "小饭馆", "超市门口", "银行网点", "停车场", "公司楼下", "小区门口",
         "他开的店里", "地铁站出口", "快餐店", "宾馆大堂")
COMPANY_WORDS = ("禾丰", "鑫盛", "瑞丰", "宏远", "华信", "金诺", "博泰", "安顺", "汇通", "嘉禾",
                 "长盛", "新元", "天和", "盛世", "中联", "广源", "聚丰", "荣达")
COMPANY_TRADES = ("建材", "贸易", "物流", "餐饮", "科技", "投资咨询", "财富管理", "电子", "装饰",
                  "服装", "农业", "汽车服务")
COMPANY_FORMS = ("有限公司", "有限责任公司", "商贸有限公司")
ETHNICITIES = ("汉族",) * 8 + ("回族", "满族", "壮族", "土家族")
EDUCATION = ("初中", "高中", "中专", "大专", "本科", "小学")
JOBS = ("个体经营", "公司职员", "务工", "退休", "无业", "司机", "厨师", "销售", "会计", "出纳",
        "仓库管理员", "装修工")
RELATIVES = ("父亲", "母亲", "妻子", "丈夫", "哥哥", "姐姐", "弟弟", "妹妹")
# A plausible six-digit administrative code per made-up city (province prefixes that exist).
REGION_CODES = ("330102", "330105", "330106", "330110", "320102", "320211", "310104", "310115",
                "110105", "110108", "440305", "440106", "510107", "420106", "370102", "350203",
                "430104", "610113", "120103", "500103")


def person_name(rng: random.Random, gender: str, taken: set[str]) -> str:
    """A full name not in ``taken`` (added to it)."""
    given = GIVEN_MALE if gender == "男" else GIVEN_FEMALE
    for _ in range(1000):
        name = rng.choice(SURNAMES) + rng.choice(given)
        if name not in taken and not any(name in t or t in name for t in taken):
            taken.add(name)
            return name
    raise RuntimeError("name pools exhausted")


def name_combinations() -> int:
    return len(SURNAMES) * (len(GIVEN_MALE) + len(GIVEN_FEMALE))


def company_name(rng: random.Random, city: str) -> str:
    return city + rng.choice(COMPANY_WORDS) + rng.choice(COMPANY_TRADES) + rng.choice(COMPANY_FORMS)


def street_address(rng: random.Random, city: str) -> str:
    return (f"{city}市{rng.choice(DISTRICTS)}区{rng.choice(ROADS)}路{rng.randint(1, 299)}号"
            f"{rng.randint(1, 30)}幢{rng.randint(1, 6)}单元{rng.randint(1, 28)}0{rng.randint(1, 4)}室")


def meeting_place(rng: random.Random) -> str:
    return f"{rng.choice(ROADS)}路的{rng.choice(SHOPS)}"
