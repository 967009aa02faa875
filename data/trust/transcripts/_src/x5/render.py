"""Shared renderer + self-check for the x5 case files (rendering approach copied from the shared dev_* generators).
A case module defines: TITLE, FOOTER, PAGE_SIGN, SCAN_ROTATE, SEED, WRAP_ANY, DIGIT_SWAP, DIGIT_P, PAGES, QUESTIONS, STEM.
Page kinds: text | scan (image only) | scan_ocr (image + correct invisible layer) | scan_digits (image + layer with misread digits).
QUESTIONS items: {"id","type","question","expect", "check": {derive:{n:"expr"}, also:[..], gap:"..", absent:[..]}}."""
import io, json, random, re, sys
from pathlib import Path
from PIL import Image, ImageDraw, ImageFilter, ImageFont
from reportlab.lib.pagesizes import A4
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

FONT = "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc"
pdfmetrics.registerFont(TTFont("CJK", FONT, subfontIndex=0))
W, H = A4
SIZE, LEAD, LEFT, WIDTH_CHARS, MAX_LINES = 12, 20, 60, 36, 34
KEEP = set("0123456789.,Xx%零〇一二三四五六七八九十百千万亿壹贰叁肆伍陆柒捌玖拾佰仟两元年月日号时分株双件顶方")
NOSTART = set("，。、；：？！）”」》%:;,.?!)｜")
ID_W = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
C = None


def valid_id(s):
    return len(s) == 18 and "10X98765432"[sum(int(a) * b for a, b in zip(s[:17], ID_W)) % 11] == s[17]


def indent():
    return "" if C.WRAP_ANY else "　　"


def wrap(line):
    maxw = WIDTH_CHARS * SIZE
    out, cur = [], ""
    for i, ch in enumerate(line):
        cur += ch
        nxt = line[i + 1] if i + 1 < len(line) else ""
        wid = pdfmetrics.stringWidth(cur, "CJK", SIZE)
        if nxt and wid + pdfmetrics.stringWidth(nxt, "CJK", SIZE) > maxw:
            if nxt in NOSTART and wid < maxw + 7 * SIZE:
                continue
            if not C.WRAP_ANY and ch in KEEP and nxt in KEEP and wid < maxw + 6 * SIZE:
                continue
            out.append(cur)
            cur = indent()
    if cur.strip():
        out.append(cur)
    return out


def page_lines(idx):
    lines = []
    for para in C.PAGES[idx][1]:
        lines += wrap(para)
    assert len(lines) <= MAX_LINES, f"page {idx + 1} has {len(lines)} lines"
    return lines


def footer(idx):
    return C.FOOTER.format(p=idx + 1, n=len(C.PAGES))


def draw_text_page(c, idx):
    c.setFont("CJK", SIZE)
    y = H - 72
    for ln in page_lines(idx):
        c.drawString(LEFT, y, ln)
        y -= LEAD
    if C.PAGE_SIGN:
        c.drawString(W - 250, 62, C.PAGE_SIGN)
    c.drawString(W / 2 - 45, 36, footer(idx))


def scanned_image(idx, scale=2.5):
    img = Image.new("L", (int(W * scale), int(H * scale)), 248)
    d = ImageDraw.Draw(img)
    font = ImageFont.truetype(FONT, int(SIZE * scale), index=0)
    y = 72 * scale
    for ln in page_lines(idx):
        d.text((LEFT * scale, y - SIZE * scale), ln, font=font, fill=25)
        y += LEAD * scale
    if C.PAGE_SIGN:
        d.text(((W - 250) * scale, (H - 62 - SIZE) * scale), C.PAGE_SIGN, font=font, fill=25)
    d.text(((W / 2 - 45) * scale, (H - 36 - SIZE) * scale), footer(idx), font=font, fill=25)
    img = img.rotate(C.SCAN_ROTATE, fillcolor=248).filter(ImageFilter.GaussianBlur(0.7))
    rnd = random.Random(C.SEED)
    px = img.load()
    for _ in range(70000):
        x, y2 = rnd.randrange(img.width), rnd.randrange(img.height)
        px[x, y2] = max(0, min(255, px[x, y2] + rnd.randint(-70, 70)))
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=40)
    buf.seek(0)
    return ImageReader(buf)


def scan_layer(idx, kind):
    rnd = random.Random(C.SEED * 31 + idx)
    lines = page_lines(idx)
    if kind == "scan_ocr":
        return lines
    return ["".join(C.DIGIT_SWAP[ch] if ch in C.DIGIT_SWAP and rnd.random() < C.DIGIT_P else ch for ch in ln) for ln in lines]


def build(out):
    c = canvas.Canvas(str(out), pagesize=A4)
    c.setTitle(C.TITLE)
    for i, (kind, _) in enumerate(C.PAGES):
        if kind == "text":
            draw_text_page(c, i)
        else:
            c.drawImage(scanned_image(i), 0, 0, W, H)
            if kind in ("scan_ocr", "scan_digits"):
                t = c.beginText()
                t.setTextRenderMode(3)
                t.setFont("CJK", SIZE)
                y = H - 72
                for ln in scan_layer(i, kind):
                    t.setTextOrigin(LEFT, y)
                    t.textOut(ln)
                    y -= LEAD
                if C.PAGE_SIGN:
                    t.setTextOrigin(W - 250, 62)
                    t.textOut(C.PAGE_SIGN)
                t.setTextOrigin(W / 2 - 45, 36)
                t.textOut(footer(i))
                c.drawText(t)
        c.showPage()
    c.save()
    print(out)


CN_DIG = {"零": 0, "〇": 0, "一": 1, "壹": 1, "二": 2, "贰": 2, "两": 2, "三": 3, "叁": 3, "四": 4, "肆": 4,
          "五": 5, "伍": 5, "六": 6, "陆": 6, "七": 7, "柒": 7, "八": 8, "捌": 8, "九": 9, "玖": 9}
CN_UNIT = {"十": 10, "拾": 10, "百": 100, "佰": 100, "千": 1000, "仟": 1000}
CN_RE = re.compile("[零〇一壹二贰两三叁四肆五伍六陆七柒八捌九玖十拾百佰千仟万]+")
AR_RE = re.compile(r"(\d+(?:,\d{3})*(?:\.\d+)?)(万)?")


def cn_to_int(s):
    total = section = num = 0
    last_unit, zero = 1, False
    for ch in s:
        if ch in CN_DIG:
            num = CN_DIG[ch]
            zero = zero or ch in "零〇"
        elif ch in CN_UNIT:
            section += (num or 1) * CN_UNIT[ch]
            num, last_unit, zero = 0, CN_UNIT[ch], False
        elif ch == "万":
            total += (section + num) * 10000
            section = num = 0
            last_unit, zero = 10000, False
    if num:
        section += num * last_unit // 10 if (last_unit > 10 and not zero) else num
    return total + section


def values_in(text):
    vals = set()
    for m in AR_RE.finditer(text):
        v = float(m.group(1).replace(",", ""))
        vals.add(int(v) if v == int(v) else v)
        if m.group(2):
            vals.add(int(round(v * 10000)))
    for m in CN_RE.finditer(text):
        vals.add(cn_to_int(m.group(0)))
    return vals


def date_forms(iso):
    y, m, d = (int(x) for x in iso.split("-"))
    return [f"{y}年{m}月{d}日", f"{m}月{d}日", f"{y}.{m}.{d}", f"{m}月{d}号"]


def page_src(p):
    return "\n".join(C.PAGES[p - 1][1])


def pages_of(pred):
    return [p for p in range(1, len(C.PAGES) + 1) if pred(page_src(p))]


KEYS = {"numbers", "numbers_any", "numbers_not", "dates", "approx_date", "text", "yesno", "pages", "conflict",
        "abstain", "not_found", "pii_masked"}


def selfcheck():
    assert 4 <= len(C.PAGES) <= 6
    assert sum(k != "text" for k, _ in C.PAGES) == 1
    assert len(C.QUESTIONS) == 15 and len({q["id"] for q in C.QUESTIONS}) == 15
    alltext = "\n".join(page_src(p) for p in range(1, len(C.PAGES) + 1))
    for b in C.BANNED:
        assert b not in alltext, b
    arith = nonmoney = 0
    for q in C.QUESTIONS:
        e, chk = q["expect"], q.get("check", {})
        assert set(e) <= KEYS, (q["id"], set(e) - KEYS)
        cited = e.get("pages", [])
        assert all(1 <= p <= len(C.PAGES) for p in cited)
        src = "\n".join(page_src(p) for p in cited)
        vals = values_in(src)
        where = []
        for n in e.get("numbers", []) + e.get("numbers_any", []):
            assert isinstance(n, int)
            if n in chk.get("derive", {}):
                expr = chk["derive"][n]
                assert abs(eval(expr) - n) < 1e-9, (q["id"], expr, n)
                for o in re.findall(r"\d+(?:\.\d+)?", expr):
                    o = float(o)
                    o = int(o) if o == int(o) else o
                    assert o in vals, (q["id"], "operand", o)
                where.append(f"{n}={expr}")
            else:
                assert n in vals, (q["id"], "number", n)
                where.append(f"{n}@{pages_of(lambda s: n in values_in(s))}")
        for n in e.get("numbers_not", []):
            assert n in values_in(alltext) or n in chk.get("derive_not", []), (q["id"], "numbers_not should be a real figure", n)
        for d in e.get("dates", []):
            forms = date_forms(d)
            assert any(f in src for f in forms), (q["id"], "date", d)
            where.append(f"{d}@{pages_of(lambda s: any(f in s for f in forms))}")
        for t in e.get("text", []) + chk.get("also", []):
            assert t in src, (q["id"], "text", t)
            where.append(f"'{t}'@{pages_of(lambda s: t in s)}")
        for t in e.get("pii_masked", []):
            assert pages_of(lambda s: t in s), (q["id"], "pii", t)
            where.append(f"pii {t}@{pages_of(lambda s: t in s)}")
        if e.get("abstain"):
            assert chk["gap"] in src, (q["id"], "gap", chk["gap"])
            where.append(f"gap '{chk['gap']}'")
        if e.get("not_found"):
            assert not cited
            for t in chk["absent"]:
                assert t not in alltext, (q["id"], "absent", t)
            where.append("absent " + "/".join(chk["absent"]))
        if e.get("approx_date"):
            assert re.search(chk.get("approx", "左右|记不清|月份|中旬|上旬|下旬|初|底|腊月|正月|春节|以后|前"), src), q["id"]
        arith += bool(chk.get("derive")) or len(cited) > 1
        nonmoney += bool(chk.get("nonmoney"))
        scan = [p for p in cited if C.PAGES[p - 1][0] != "text"]
        print(f"{q['id']:>7} {q['type']:<8} pages={cited}{' SCAN' + str(scan) if scan else ''}  " + "; ".join(where))
    print("arith/two-place:", arith, " non-money:", nonmoney)
    assert arith >= 4 and nonmoney >= 2
    for s in re.findall(r"(?<!\d)\d{17}[\dX](?!\d)", alltext):
        assert valid_id(s), s


def splits():
    found = []
    ind = indent()
    for idx, (_, paras) in enumerate(C.PAGES):
        for para in paras:
            lines = wrap(para)
            assert "".join(ln[len(ind):] if k else ln for k, ln in enumerate(lines)) == para
            pos = 0
            for ln in lines[:-1]:
                pos += len(ln) - (len(ind) if pos else 0)
                if para[pos - 1] in KEEP and para[pos] in KEEP:
                    a = pos - 1
                    while a > 0 and para[a - 1] in KEEP:
                        a -= 1
                    b = pos
                    while b < len(para) and para[b] in KEEP:
                        b += 1
                    found.append((idx + 1, para[a:pos] + "|" + para[pos:b]))
    return found


def readback(pdf):
    import pdfplumber
    norm = lambda s: re.sub(r"[\s\u3000]", "", s)
    with pdfplumber.open(str(pdf)) as doc:
        assert len(doc.pages) == len(C.PAGES)
        for i, (kind, _) in enumerate(C.PAGES):
            got = doc.pages[i].extract_text() or ""
            want = page_lines(i) + ([C.PAGE_SIGN] if C.PAGE_SIGN else []) + [footer(i)]
            g = [norm(x) for x in got.split("\n") if norm(x)]
            w = [norm(x) for x in want if norm(x)]
            if kind in ("text", "scan_ocr"):
                assert g == w, (i + 1, [(a, b) for a, b in zip(g, w) if a != b][:3], len(g), len(w))
            elif kind == "scan":
                assert not got.strip(), (i + 1, "image-only page has text")
            else:
                wrong = sum(a != b for a, b in zip("".join(g), "".join(w)))
                assert len("".join(g)) == len("".join(w)) and wrong >= 10, (i + 1, wrong)
                print(f"  page {i + 1} digit-misread layer: {wrong} characters differ")
            print(f"page {i + 1} {kind}: {len(got)} chars read back ok")


def run(case):
    global C
    C = case
    here = Path(case.__file__).resolve()
    outdir = here.parent.parent
    selfcheck()
    cut = splits()
    for p, tok in cut:
        print(f"split on p{p}: {tok}")
    if C.WRAP_ANY:
        assert len(cut) >= 3, cut
    else:
        assert not cut, cut
    pdf = outdir / f"{C.STEM}.pdf"
    build(pdf)
    readback(pdf)
    qp = outdir / f"{C.STEM}.questions.jsonl"
    with open(qp, "w", encoding="utf-8") as f:
        for q in C.QUESTIONS:
            f.write(json.dumps({k: q[k] for k in ("id", "type", "question", "expect")}, ensure_ascii=False) + "\n")
    print(qp)
    return cut


BANNED_DEFAULT = ("孙丽华 刘建军 高峰 恒达 高建国 张伟 李明 周海涛 吴建国 马国栋 李志强 王小明 覃志鹏 范淑琴 "
                  "澄州 澄源 临江 江城 邱振林 谭家宇 曾卫 罗小燕 彭嘉诚").split()
