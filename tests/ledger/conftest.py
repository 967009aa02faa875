"""Case files written for these tests (not taken from any dataset), ingested into a real home."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import Engine
from engine.config import Settings

# A lender's inquiry, 问/答 with half-width colons: three loans, a repayment, interest per month,
# a corrected date, a stated total and balance, an unknown, someone else's money.
LOAN = """询问笔录
时间：2024年3月18日10时00分至2024年3月18日11时30分
地点：某县公安局经侦大队第一询问室
询问人：钱某、孙某  记录人：孙某
被询问人：周晓燕  性别：女
身份证号：110105198806150028
联系电话：13912345678
问:你今天来反映什么事?
答:我借给吴国平的钱他一直不还。
问:你一共借给吴国平几次钱?
答:一共借了三次。
问:第一次是什么时候，借了多少，怎么给的?
答:第一次是2022年4月10日，我用支付宝转给他3万元。
问:第二次呢?
答:第二次是2022年9月份，具体哪天记不清了，我在他家楼下给了他现金捌仟元。
问:第三次呢?
答:第三次是2023年1月20日，我通过银行转账打给他12,000.00元。
问:三次一共多少钱?
答:一共五万元。
问:吴国平给你付过利息吗?
答:付过。从2022年5月开始每个月给我300元利息，一直付到2022年10月，后来就没给了。
问:他还过本金吗?
答:还过一次，2023年6月1日他微信还了我5000元。
问:现在他还欠你多少?
答:本金还欠我四万五千元。
问:吴国平借钱做什么用?
答:这个我不知道，他没跟我说过。
问:你刚才说第三次是2023年1月20日，确定吗?
答:我看了一下记录，应该是2023年1月22日，我记错了。
问:你妹妹周晓丽也借过钱给他吗?
答:她也借了，借了多少我不清楚。
"""

# A suspect's two interrogations with speaker labels: takings from an employer, one amount corrected
# in the second session, restitution by a relative.
TAKINGS = """讯问笔录（第1次）
时间：2024年5月6日14时00分至2024年5月6日15时20分
地点：某市公安局东区分局讯问室
侦查员：何某、罗某 记录人：罗某
犯罪嫌疑人：谢志远 性别：男
身份证号：120101199002020013 手机：13600001111
工作单位及职务：某市宏达物流有限公司仓库管理员
民警：我们是某市公安局东区分局的民警，现依法对你进行讯问。根据《中华人民共和国刑事诉讼法》第一百二十条的规定，你要如实回答，听清楚了吗？
谢志远：听清楚了。
民警：你是不是自己到公安机关投案的？
谢志远：不是，是公司报案后你们通知我来的。
民警：你拿过公司的货款吗？
谢志远：拿过，前后拿了三次。
民警：第一次是什么时候，拿了多少？
谢志远：第一次是2023年7月3日，我从公司收款账户转了1.6万元到我自己的卡上。
民警：第二次呢？
谢志远：第二次是2023年8月15日，我从仓库收的现金里拿了九千元。
民警：第三次呢？
谢志远：第三次是2023年10月份，我又拿了两万元左右，具体数目记不清了。
民警：这些钱用在哪里了？
谢志远：大部分赌博输掉了。
讯问笔录（第2次）
时间：2024年5月20日9时00分至2024年5月20日9时50分
地点：某市看守所第二讯问室
侦查员：何某、罗某 记录人：何某
犯罪嫌疑人：谢志远
民警：上次讯问你说的有没有需要更正的？
谢志远：有。8月那次从现金里拿的是七千元，不是九千，上次我说错了。
民警：你家里有没有人帮你退赃？
谢志远：有。2024年5月18日我哥哥谢志刚替我向公司退了20000元。
"""


def _engine(tmp_path: Path) -> Engine:
    settings = Settings.from_name("strict", home=str(tmp_path / "home"), ingest={"ocr": "off"})
    return Engine(settings=settings)


@pytest.fixture(scope="module")
def case_home(tmp_path_factory):
    """One home holding both case files; yields (engine, {name: doc_id})."""
    folder = tmp_path_factory.mktemp("cases")
    files = []
    for name, text in (("询问笔录_周晓燕.txt", LOAN), ("讯问笔录_谢志远.txt", TAKINGS)):
        path = folder / name
        path.write_text(text, encoding="utf-8")
        files.append(path)
    engine = _engine(folder)
    result = engine.ingest(files, kind="transcript")
    assert all(d.status.value == "ingested" for d in result.documents), [d.error for d in result.documents]
    yield engine, {d.name: d.doc_id for d in result.documents}
    engine.index.catalog.close()
