"""Shared renderer and self-check for the x7 case files (approach copied from the shared dev_* generators).
A case script sets its data on a `Case` object and calls run(case, out_stem).
Page kinds: text | scan (image only) | scan_ocr (image + correct invisible layer) |
scan_digits (image + invisible layer whose digits are misread)."""
import io, json, random, re
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
KEEP = set("0123456789.,Xx%零〇一二三四五六七八九十百千万亿壹贰叁肆伍陆柒捌玖拾佰仟两元年月日号时分克")
NOSTART = set("，。、；：？！）”」》%:;,.?!)｜")
ID_W = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
EXPECT_KEYS = {"numbers", "numbers_any", "numbers_not", "dates", "approx_date", "text", "yesno", "pages",
               "conflict", "abstain", "not_found", "pii_masked"}
TYPES = {"fact", "evidence", "conflict", "gap", "pii"}


def valid_id(s):
    return len(s) == 18 and "10X98765432"[sum(int(a) * b for a, b in zip(s[:17], ID_W)) % 11] == s[17]


def make_id(first17):
    return first17 + "10X98765432"[sum(int(a) * b for a, b in zip(first17, ID_W)) % 11]


class Case:
    TITLE = FOOTER = PAGE_SIGN = ""
    SCAN_ROTATE, SEED, WRAP_ANY = 0.6, 1, False
    DIGIT_SWAP = {"0": "8", "1": "7", "3": "8", "5": "6", "6": "5", "7": "1", "8": "3", "9": "0"}
    PAGES, QUESTIONS, DERIVE, EVID, ABSENT, NEED_SPLIT = [], [], {}, {}, {}, True


C = Case()


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
            cur = "" if C.WRAP_ANY else "　　"
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
    img = Image.new("L", (int(W * scale), int(H * scale)), 250)
    d = ImageDraw.Draw(img)
    font = ImageFont.truetype(FONT, int(SIZE * scale), index=0)
    y = 72 * scale
    for ln in page_lines(idx):
        d.text((LEFT * scale, y - SIZE * scale), ln, font=font, fill=25)
        y += LEAD * scale
    if C.PAGE_SIGN:
        d.text(((W - 250) * scale, (H - 62 - SIZE) * scale), C.PAGE_SIGN, font=font, fill=25)
    d.text(((W / 2 - 45) * scale, (H - 36 - SIZE) * scale), footer(idx), font=font, fill=25)
    img = img.rotate(C.SCAN_ROTATE, fillcolor=250).filter(ImageFilter.GaussianBlur(0.7))
    rnd = random.Random(C.SEED)
    px = img.load()
    for _ in range(70000):
        x, y2 = rnd.randrange(img.width), rnd.randrange(img.height)
        px[x, y2] = max(0, min(255, px[x, y2] + rnd.randint(-70, 70)))
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=40)
    buf.seek(0)
    return ImageReader(buf)


def garble_digits(s, rnd):
    return "".join(C.DIGIT_SWAP[ch] if ch in C.DIGIT_SWAP and rnd.random() < 0.55 else ch for ch in s)


def build(out):
    c = canvas.Canvas(str(out), pagesize=A4)
    c.setTitle(C.TITLE)
    rnd = random.Random(C.SEED)
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
                for ln in page_lines(i):
                    t.setTextOrigin(LEFT, y)
                    t.textOut(ln if kind == "scan_ocr" else garble_digits(ln, rnd))
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


# ---------------------------------------------------------------- self-check
CN_DIG = {"零": 0, "〇": 0, "一": 1, "壹": 1, "二": 2, "贰": 2, "两": 2, "三": 3, "叁": 3, "四": 4, "肆": 4,
          "五": 5, "伍": 5, "六": 6, "陆": 6, "七": 7, "柒": 7, "八": 8, "捌": 8, "九": 9, "玖": 9}
CN_UNIT = {"十": 10, "拾": 10, "百": 100, "佰": 100, "千": 1000, "仟": 1000}
CN_RE = re.compile("[零〇一壹二贰两三叁四肆五伍六陆七柒八捌九玖十拾百佰千仟万]+")
AR_RE = re.compile(r"(\d+(?:,\d{3})*(?:\.\d+)?)(万)?")
HEDGE = re.compile("不知道|记不清|不清楚|没记住|不记得|说不上来|没注意|没看清")


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


def numbers_in(text):
    vals = set()
    for m in AR_RE.finditer(text):
        v = float(m.group(1).replace(",", ""))
        vals.add(int(v) if v == int(v) else v)
        if m.group(2):
            vals.add(int(round(v * 10000)))
    for m in CN_RE.finditer(text):
        vals.add(cn_to_int(m.group(0)))
    return vals


def src(p):
    return "".join(C.PAGES[p - 1][1])


def date_forms(iso):
    y, m, d = (int(x) for x in iso.split("-"))
    return [f"{y}年{m}月{d}日", f"{m}月{d}日", f"{m}月{d}号", f"{y}.{m}.{d}"]


def check():
    n = len(C.PAGES)
    alltext = "".join(src(p) for p in range(1, n + 1))
    for m in re.findall(r"(?<!\d)\d{17}[\dX](?!\d)", alltext):
        assert valid_id(m), m
    for p in range(1, n + 1):
        page_lines(p - 1)
    assert 4 <= n <= 6 and len(C.QUESTIONS) == 15
    assert len({q["id"] for q in C.QUESTIONS}) == 15
    counts = {}
    for q in C.QUESTIONS:
        e, qid = q["expect"], q["id"]
        assert q["type"] in TYPES and set(e) <= EXPECT_KEYS, (qid, set(e) - EXPECT_KEYS)
        for k in ("conflict", "abstain", "not_found", "pii_masked", "yesno", "numbers_not"):
            if e.get(k):
                counts[k] = counts.get(k, 0) + 1
        if "yesno" in e:
            counts["yesno_" + e["yesno"]] = counts.get("yesno_" + e["yesno"], 0) + 1
        pages = e.get("pages", [])
        assert all(1 <= p <= n for p in pages), qid
        found = {p: [] for p in pages}
        for num in e.get("numbers", []) + e.get("numbers_any", []):
            hit = [p for p in pages if num in numbers_in(src(p))]
            if hit and num not in C.DERIVE.get(qid, {}):
                for p in hit:
                    found[p].append(num)
            else:
                f = C.DERIVE[qid][num]
                assert abs(eval(f.lstrip("#")) - num) < 1e-6, (qid, f, num)
                for o in ([] if f.startswith("#") else re.findall(r"\d+(?:\.\d+)?", f)):
                    ov = float(o)
                    ph = [p for p in pages if ov in numbers_in(src(p))]
                    assert ph, (qid, "operand not on cited pages", o)
                    for p in ph:
                        found[p].append(f"{o}(of {f})")
        for num in e.get("numbers_not", []):
            assert num not in e.get("numbers", []) + e.get("numbers_any", []), qid
            assert num in numbers_in(alltext) or num in C.DERIVE.get(qid, {}), (qid, "numbers_not absent from file", num)
        for iso in e.get("dates", []):
            hit = [p for p in pages if any(f in src(p) for f in date_forms(iso))]
            assert hit, (qid, iso)
            for p in hit:
                found[p].append(iso)
        for s in e.get("text", []) + C.EVID.get(qid, []):
            hit = [p for p in pages if s in src(p)]
            assert hit, (qid, s)
            for p in hit:
                found[p].append(s)
        if e.get("approx_date"):
            assert any(re.search("中旬|上旬|下旬|左右|记不清|好像|月份|前几天|前后|腊月|节后|节前|月初|月底", src(p)) for p in pages), qid
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
        for s in C.ABSENT.get(qid, []):
            assert s not in alltext, (qid, "should be absent", s)
        if e.get("not_found"):
            assert not pages and qid in C.ABSENT, qid
        for p in pages:
            assert found[p], (qid, f"page {p} cited but holds no evidence")
        keys = [str(x) for x in e.get("numbers", []) + e.get("numbers_any", [])] + e.get("dates", []) + e.get("text", [])
        land = {}
        for k in keys:
            if k.isdigit():
                land[k] = [p for p in range(1, n + 1) if int(k) in numbers_in(src(p))] or "derived"
            elif re.fullmatch(r"\d{4}-\d\d-\d\d", k):
                land[k] = [p for p in range(1, n + 1) if any(f in src(p) for f in date_forms(k))]
            else:
                land[k] = [p for p in range(1, n + 1) if k in src(p)]
        nots = {x: [p for p in range(1, n + 1) if x in numbers_in(src(p))] for x in e.get("numbers_not", [])}
        print(f"  {qid} pages={pages} ev={ {p: v[:3] for p, v in found.items()} } lands={land} not={nots}")
    print("  counts:", counts)
    assert counts.get("conflict", 0) >= 2 and counts.get("abstain", 0) >= 2 and counts.get("not_found", 0) >= 2
    assert counts.get("pii_masked", 0) >= 1 and counts.get("yesno", 0) >= 2 and counts.get("numbers_not", 0) >= 3
    assert counts.get("yesno_yes") and counts.get("yesno_no")
    splits = {"amount": [], "date": [], "id/card": []}
    pats = {"amount": r"\d[\d,]*(?:\.\d+)?万?元|[零一二两三四五六七八九十百千万壹贰叁肆伍陆柒捌玖拾佰仟]{2,}元",
            "date": r"(?:\d{4}年)?\d{1,2}月\d{1,2}日", "id/card": r"\d{11,19}X?"}
    for _, paras in C.PAGES:
        for para in paras:
            lines = wrap(para)
            bodies = [ln if j == 0 or C.WRAP_ANY else ln[2:] for j, ln in enumerate(lines)]
            assert "".join(bodies) == para, para
            bounds = {sum(len(b) for b in bodies[: j + 1]) for j in range(len(bodies) - 1)}
            for k, pat in pats.items():
                for m in re.finditer(pat, para):
                    if any(m.start() < b < m.end() for b in bounds):
                        splits[k].append(m.group())
    print("  split across lines:", splits)
    if C.WRAP_ANY and C.NEED_SPLIT:
        assert len(splits["amount"]) >= 2 and splits["date"] and splits["id/card"], splits
    elif not C.WRAP_ANY:
        assert not any(splits.values()), splits


def readback(out):
    import pdfplumber
    norm = lambda s: "".join(s.split())
    with pdfplumber.open(str(out)) as pdf:
        assert len(pdf.pages) == len(C.PAGES)
        for i, (kind, _) in enumerate(C.PAGES):
            got = [norm(x) for x in (pdf.pages[i].extract_text() or "").split("\n") if norm(x)]
            exp = [norm(x) for x in page_lines(i) + ([C.PAGE_SIGN] if C.PAGE_SIGN else []) + [footer(i)] if norm(x)]
            if kind in ("text", "scan_ocr"):
                assert got == exp, (i + 1, [(a, b) for a, b in zip(got, exp) if a != b][:3], len(got), len(exp))
            elif kind == "scan":
                assert not got, (i + 1, got[:2])
            else:
                g, x = "".join(got), "".join(exp)
                assert len(g) == len(x)
                diff = sum(a != b for a, b in zip(g, x))
                assert diff > 10 and all(a == b or b in C.DIGIT_SWAP for a, b in zip(g, x))
                print(f"  page {i + 1} digit-misread layer: {diff} digits wrong")
            print(f"  page {i + 1} ({kind}) reads back as expected")


def run(stem):
    check()
    here = Path(__file__).resolve().parent.parent
    out = here / f"{stem}.pdf"
    build(out)
    readback(out)
    qpath = here / f"{stem}.questions.jsonl"
    qpath.write_text("".join(json.dumps({k: q[k] for k in ("id", "type", "question", "expect")},
                                        ensure_ascii=False) + "\n" for q in C.QUESTIONS), encoding="utf-8")
    for ln in qpath.read_text(encoding="utf-8").splitlines():
        d = json.loads(ln)
        assert set(d["expect"]) <= EXPECT_KEYS
    print(qpath)
