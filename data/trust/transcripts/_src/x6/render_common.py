"""Shared renderer, copied from the dev_e generator in /work/shared/datasets/transcripts (digit-misread OCR layer added).
A case script sets the case globals on this module (configure) and calls main(__file__)."""
# ---------------------------------------------------------------- renderer (same in every generator)
import io
import json
import random
import re
import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter, ImageFont
from reportlab.lib.pagesizes import A4
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

FONT = sys.argv[1] if len(sys.argv) > 1 else "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc"
pdfmetrics.registerFont(TTFont("CJK", FONT, subfontIndex=0))
W, H = A4
SIZE, LEAD, LEFT, WIDTH_CHARS, MAX_LINES = 12, 20, 60, 36, 34
# characters that must not be split across lines (amounts, dates, ID numbers) unless WRAP_ANY
KEEP = set("0123456789.,Xx%零〇一二三四五六七八九十百千万亿壹贰叁肆伍陆柒捌玖拾佰仟两元年月日号时分克")
ID_W = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]


def valid_id(s):
    return len(s) == 18 and "10X98765432"[sum(int(a) * b for a, b in zip(s[:17], ID_W)) % 11] == s[17]


NOSTART = set("，。、；：？！）”」》%:;,.?!)")


def wrap(line):
    """Wrap by rendered width; never start a line with punctuation. Unless WRAP_ANY (a Word-made
    PDF), never split an amount/date/ID and indent continuation lines."""
    maxw = WIDTH_CHARS * SIZE
    out, cur = [], ""
    for i, ch in enumerate(line):
        cur += ch
        nxt = line[i + 1] if i + 1 < len(line) else ""
        wid = pdfmetrics.stringWidth(cur, "CJK", SIZE)
        if nxt and wid + pdfmetrics.stringWidth(nxt, "CJK", SIZE) > maxw:
            if nxt in NOSTART and wid < maxw + 7 * SIZE:
                continue
            if not WRAP_ANY and ch in KEEP and nxt in KEEP and wid < maxw + 6 * SIZE:
                continue
            out.append(cur)
            cur = "" if WRAP_ANY else "　　"
    if cur.strip():
        out.append(cur)
    return out


def page_lines(idx):
    lines = []
    for para in PAGES[idx][1]:
        lines += wrap(para)
    assert len(lines) <= MAX_LINES, f"page {idx + 1} has {len(lines)} lines"
    return lines


def footer(idx):
    return FOOTER.format(p=idx + 1, n=len(PAGES))


def draw_text_page(c, idx):
    c.setFont("CJK", SIZE)
    y = H - 72
    for ln in page_lines(idx):
        c.drawString(LEFT, y, ln)
        y -= LEAD
    if PAGE_SIGN:
        c.drawString(W - 250, 62, PAGE_SIGN)
    c.drawString(W / 2 - 45, 36, footer(idx))


def scanned_image(idx, scale=2.5):
    img = Image.new("L", (int(W * scale), int(H * scale)), 250)
    d = ImageDraw.Draw(img)
    font = ImageFont.truetype(FONT, int(SIZE * scale), index=0)
    y = 72 * scale
    for ln in page_lines(idx):
        d.text((LEFT * scale, y - SIZE * scale), ln, font=font, fill=25)
        y += LEAD * scale
    if PAGE_SIGN:
        d.text(((W - 250) * scale, (H - 62 - SIZE) * scale), PAGE_SIGN, font=font, fill=25)
    d.text(((W / 2 - 45) * scale, (H - 36 - SIZE) * scale), footer(idx), font=font, fill=25)
    img = img.rotate(SCAN_ROTATE, fillcolor=250).filter(ImageFilter.GaussianBlur(0.7))
    rnd = random.Random(SEED)
    px = img.load()
    for _ in range(70000):
        x, y2 = rnd.randrange(img.width), rnd.randrange(img.height)
        px[x, y2] = max(0, min(255, px[x, y2] + rnd.randint(-70, 70)))
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=40)
    buf.seek(0)
    return ImageReader(buf)


def garble(s, rnd):
    out = []
    for ch in s:
        if ch in DIGIT_SWAP and rnd.random() < 0.5:
            out.append(DIGIT_SWAP[ch])  # OCR misread digit
        elif JUNK and "\u4e00" <= ch <= "\u9fff" and rnd.random() < 0.5:
            out.append(LOOKALIKE.get(ch) or rnd.choice(JUNK))  # plausible but wrong character
        else:
            out.append(ch)
    return "".join(out)


def build(out, title):
    for para in [p for _, ps in PAGES for p in ps]:
        for m in re.findall(r"(?<!\d)\d{17}[\dX](?!\d)", para):
            assert valid_id(m), m
    c = canvas.Canvas(str(out), pagesize=A4)
    c.setTitle(title)
    rnd = random.Random(SEED)
    for i, (kind, _) in enumerate(PAGES):
        if kind == "text":
            draw_text_page(c, i)
        else:
            c.drawImage(scanned_image(i), 0, 0, W, H)
            if kind in ("scan_ocr", "scan_garbled", "scan_digits"):
                t = c.beginText()
                t.setTextRenderMode(3)  # invisible OCR layer
                t.setFont("CJK", SIZE)
                y = H - 72
                for ln in page_lines(i):
                    t.setTextOrigin(LEFT, y)
                    t.textOut(ln if kind == "scan_ocr" else garble(ln, rnd))
                    y -= LEAD
                if kind == "scan_ocr":
                    if PAGE_SIGN:
                        t.setTextOrigin(W - 250, 62)
                        t.textOut(PAGE_SIGN)
                    t.setTextOrigin(W / 2 - 45, 36)
                    t.textOut(footer(i))
                c.drawText(t)
        c.showPage()
    c.save()
    print(out)


# ---------------------------------------------------------------- self-check
BANNED = "孙丽华 刘建军 高峰 恒达 高建国 张伟 李明 老杨烧烤 临江 周海涛 吴建国 马国栋 马丽 李志强 周海 王小明 江城 江北".split()
CN_DIG = dict(zip("零〇一二两三四五六七八九壹贰叁肆伍陆柒捌玖", [0, 0, 1, 2, 2, 3, 4, 5, 6, 7, 8, 9, 1, 2, 3, 4, 5, 6, 7, 8, 9]))
CN_UNIT = {"十": 10, "拾": 10, "百": 100, "佰": 100, "千": 1000, "仟": 1000}
NUM_RE = re.compile(r"(\d[\d,]*(?:\.\d+)?)(万)?|([零〇一二两三四五六七八九十百千万壹贰叁肆伍陆柒捌玖拾佰仟]+)")
HEDGE = re.compile("不知道|记不清|不清楚|没记住|不记得")


def cn_int(s):
    total, sec, num = 0, 0, None
    for ch in s:
        if ch in CN_DIG:
            num = CN_DIG[ch]
        elif ch in CN_UNIT:
            sec += (1 if num is None else num) * CN_UNIT[ch]
            num = None
        elif ch == "万":
            total += (sec + (num or 0)) * 10000
            sec, num = 0, None
    return total + sec + (num or 0)


def numbers_in(text):
    vals = set()
    for m in NUM_RE.finditer(text):
        if m.group(1):
            v = float(m.group(1).replace(",", "")) * (10000 if m.group(2) else 1)
        else:
            v = cn_int(m.group(3))
        vals.add(round(v, 4))
    return vals


def src(p):  # source text of page p (1-based), wraps joined
    return "".join(PAGES[p - 1][1])


def date_forms(iso):
    y, m, d = (int(x) for x in iso.split("-"))
    return [f"{y}年{m}月{d}日", f"{m}月{d}日"]


def check():
    n = len(PAGES)
    alltext = "".join(src(p) for p in range(1, n + 1))
    for b in BANNED:
        assert b not in alltext, f"banned name {b}"
    for p in range(1, n + 1):
        page_lines(p - 1)
    assert 4 <= n <= 7 and len(QUESTIONS) == 15
    assert len({q["id"] for q in QUESTIONS}) == 15
    for q in QUESTIONS:
        e, qid = q["expect"], q["id"]
        pages = e.get("pages", [])
        assert all(1 <= p <= n for p in pages), qid
        found = {p: [] for p in pages}  # evidence items per cited page
        for num in e.get("numbers", []) + e.get("numbers_any", []):
            hit = [p for p in pages if num in numbers_in(src(p))]
            if hit and num not in DERIVE.get(qid, {}):
                for p in hit:
                    found[p].append(num)
            else:
                f = DERIVE[qid][num]
                assert abs(eval(f) - num) < 1e-6, (qid, f, num)
                for o in re.findall(r"\d+(?:\.\d+)?", f):
                    ph = [p for p in pages if float(o) in numbers_in(src(p))]
                    assert ph, (qid, "operand not on cited pages", o)
                    for p in ph:
                        found[p].append(f"{o}(of {f})")
        if e.get("conflict") and e.get("numbers_any"):
            for num in e["numbers_any"]:
                assert any(num in numbers_in(src(p)) for p in pages) or num in DERIVE.get(qid, {}), (qid, num)
        for iso in e.get("dates", []):
            hit = [p for p in pages if any(f in src(p) for f in date_forms(iso))]
            assert hit, (qid, iso)
            for p in hit:
                found[p].append(iso)
        for s in e.get("text", []) + EVID.get(qid, []):
            hit = [p for p in pages if s in src(p)]
            assert hit, (qid, s)
            for p in hit:
                found[p].append(s)
        if e.get("approx_date"):
            assert any(re.search("中旬|上旬|下旬|左右|记不清|好像|月份|前几天|腊月|夏天", src(p)) for p in pages), qid
        if e.get("abstain"):
            hit = [p for p in pages if HEDGE.search(src(p))]
            assert hit, (qid, "no hedge on cited page")
            for p in hit:
                found[p].append(HEDGE.search(src(p)).group())
        for s in e.get("pii_masked", []):
            assert s in alltext, (qid, s)
            for p in pages:
                if s in src(p):
                    found[p].append(s)
        for s in ABSENT.get(qid, []):
            assert s not in alltext, (qid, "should be absent", s)
        if e.get("not_found"):
            assert not pages and qid in ABSENT, qid
        for p in pages:
            assert found[p], (qid, f"page {p} cited but holds no evidence")
        # where the key values land in the whole file
        keys = [str(x) for x in e.get("numbers", []) + e.get("numbers_any", [])] + e.get("dates", []) + e.get("text", [])
        land = {}
        for k in keys:
            if k.isdigit():
                land[k] = [p for p in range(1, n + 1) if int(k) in numbers_in(src(p))] or "derived"
            elif re.fullmatch(r"\d{4}-\d\d-\d\d", k):
                land[k] = [p for p in range(1, n + 1) if any(f in src(p) for f in date_forms(k))]
            else:
                land[k] = [p for p in range(1, n + 1) if k in src(p)]
        print(f"  {qid} pages={pages} evidence={ {p: v[:3] for p, v in found.items()} } lands={land}")
    splits = {"amount": [], "date": [], "id/card": []}
    pats = {"amount": r"\d[\d,]*(?:\.\d+)?万?元|[零一二两三四五六七八九十百千万壹贰叁肆伍陆柒捌玖拾佰仟]{2,}元",
            "date": r"(?:\d{4}年)?\d{1,2}月\d{1,2}日", "id/card": r"\d{15,19}X?"}
    for _, paras in PAGES:
        for para in paras:
            lines = wrap(para)
            bodies = [ln if j == 0 or WRAP_ANY else ln[2:] for j, ln in enumerate(lines)]
            assert "".join(bodies) == para, para
            bounds = {sum(len(b) for b in bodies[: j + 1]) for j in range(len(bodies) - 1)}
            for k, pat in pats.items():
                for m in re.finditer(pat, para):
                    if any(m.start() < b < m.end() for b in bounds):
                        splits[k].append(m.group())
    print("  split across lines:", splits)
    if WRAP_ANY:
        assert len(splits["amount"]) >= 2 and splits["date"] and splits["id/card"], splits
    else:
        assert not any(splits.values()), splits


def readback(out):
    import pdfplumber

    norm = lambda s: "".join(s.split())
    with pdfplumber.open(str(out)) as pdf:
        assert len(pdf.pages) == len(PAGES)
        for i, (kind, _) in enumerate(PAGES):
            got = [norm(x) for x in (pdf.pages[i].extract_text() or "").split("\n") if norm(x)]
            exp = [norm(x) for x in page_lines(i) + ([PAGE_SIGN] if PAGE_SIGN else []) + [footer(i)] if norm(x)]
            if kind in ("text", "scan_ocr"):
                assert got == exp, (i + 1, [(a, b) for a, b in zip(got, exp) if a != b][:3], len(got), len(exp))
            elif kind == "scan":
                assert not got, (i + 1, got[:2])
            elif kind == "scan_digits":
                g, x = "".join(got), "".join(exp[:-2] if PAGE_SIGN else exp[:-1])
                assert len(g) == len(x), (i + 1, len(g), len(x))
                bad = [(a, b) for a, b in zip(g, x) if a != b]
                assert bad and all(b.isdigit() for a, b in bad), bad[:5]
                print(f"  page {i + 1} digit-misread layer: {len(bad)} digits wrong of {sum(ch.isdigit() for ch in x)}")
            else:
                g, x = "".join(got), "".join(exp[:-2] if PAGE_SIGN else exp[:-1])
                same = sum(a == b for a, b in zip(g, x))
                assert len(g) == len(x) and same < 0.8 * len(x), (i + 1, same, len(x))
                print(f"  page {i + 1} garbled layer: {len(x) - same} of {len(x)} characters wrong")
            print(f"  page {i + 1} ({kind}) reads back as expected")


def main(script):
    check()
    out = Path(script).with_suffix(".pdf")
    build(out, TITLE)
    readback(out)
    qpath = Path(script).with_suffix(".questions.jsonl")
    qpath.write_text("".join(json.dumps(q, ensure_ascii=False) + "\n" for q in QUESTIONS), encoding="utf-8")
    print(qpath)




def configure(g):
    for k in ("TITLE", "FOOTER", "PAGE_SIGN", "SCAN_ROTATE", "SEED", "WRAP_ANY", "JUNK", "DIGIT_SWAP", "LOOKALIKE",
              "PAGES", "QUESTIONS", "DERIVE", "EVID", "ABSENT"):
        globals()[k] = g[k]
