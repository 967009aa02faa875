"""Shared renderer, copied from the shared dev_m generator; case scripts set the module globals."""
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

FONT = "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc"
pdfmetrics.registerFont(TTFont("CJK", FONT, subfontIndex=0))
W, H = A4
SIZE, LEAD, LEFT, WIDTH_CHARS, MAX_LINES = 12, 20, 60, 36, 34
# characters that must not be split across lines (amounts, dates, ID numbers)
KEEP = set("0123456789.,Xx%零〇一二三四五六七八九十百千万亿壹贰叁肆伍陆柒捌玖拾佰仟两元年月日号时分")
ID_W = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
WRAP_ANYWHERE = True  # this file: break lines anywhere, no hanging indent (Word-made PDF)
INDENT = "" if WRAP_ANYWHERE else "　　"


def valid_id(s):
    return len(s) == 18 and "10X98765432"[sum(int(a) * b for a, b in zip(s[:17], ID_W)) % 11] == s[17]


NOSTART = set("，。、；：？！）”」》%")


def wrap(line):
    """Wrap by rendered width; never start a line with punctuation. Unless WRAP_ANYWHERE,
    never split an amount/date/ID either."""
    maxw = WIDTH_CHARS * SIZE
    out, cur = [], ""
    for i, ch in enumerate(line):
        cur += ch
        nxt = line[i + 1] if i + 1 < len(line) else ""
        wid = pdfmetrics.stringWidth(cur, "CJK", SIZE)
        if nxt and wid + pdfmetrics.stringWidth(nxt, "CJK", SIZE) > maxw:
            if nxt in NOSTART and wid < maxw + 7 * SIZE:
                continue
            if not WRAP_ANYWHERE and ch in KEEP and nxt in KEEP and wid < maxw + 6 * SIZE:
                continue
            out.append(cur)
            cur = INDENT
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


# most frequent CJK characters (a broken OCR engine that decodes to its prior)
FREQUENT = "的一是了不在有人这我他个们中来上大为和到说地也就时要出会可以你对生能而子那得于着下自之年过发后作里用道"
PUNCT = set("，。、；：？！（）“”《》％%·—…｜ 　")


def garble(s, rnd, kind):
    out = []
    for ch in s:
        if kind == "scan_digits":  # only digits misread, everything else right
            out.append(DIGIT_SWAP[ch] if ch in DIGIT_SWAP and rnd.random() < DIGIT_P else ch)
        elif kind == "scan_freq":  # most frequent characters in place of most characters, digits too
            out.append(rnd.choice(FREQUENT) if ch not in PUNCT and rnd.random() < FREQ_P else ch)
        else:
            out.append(ch)
    return "".join(out)


def scan_layer(idx, kind):
    rnd = random.Random(SEED * 31 + idx)
    return [garble(ln, rnd, kind) for ln in page_lines(idx)]


def build(out, title):
    for para in [p for _, ps in PAGES for p in ps]:
        for m in re.findall(r"(?<!\d)\d{17}[\dX](?!\d)", para):
            assert valid_id(m), m
    c = canvas.Canvas(str(out), pagesize=A4)
    c.setTitle(title)
    for i, (kind, _) in enumerate(PAGES):
        if kind == "text":
            draw_text_page(c, i)
        else:
            c.drawImage(scanned_image(i), 0, 0, W, H)
            if kind in ("scan_ocr", "scan_freq", "scan_digits"):
                t = c.beginText()
                t.setTextRenderMode(3)  # invisible OCR layer
                t.setFont("CJK", SIZE)
                y = H - 72
                for ln in (page_lines(i) if kind == "scan_ocr" else scan_layer(i, kind)):
                    t.setTextOrigin(LEFT, y)
                    t.textOut(ln)
                    y -= LEAD
                t.setTextOrigin(W / 2 - 45, 36)
                t.textOut(footer(i) if kind != "scan_freq" else garble(footer(i), random.Random(SEED), kind))
                c.drawText(t)
        c.showPage()
    c.save()
    print(out)


# ---------------------------------------------------------------- self-check (same in every generator)
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
    if num:  # 一万二 = 12000, 三千五 = 3500, 十四万八 = 148000
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
    return "\n".join(PAGES[p - 1][1])


def pages_of(pred):
    return [p for p in range(1, len(PAGES) + 1) if pred(page_src(p))]


def selfcheck():
    assert len(QUESTIONS) == 15, len(QUESTIONS)
    for q in QUESTIONS:
        e, chk = q["expect"], q.get("check", {})
        cited = e.get("pages", [])
        src = "\n".join(page_src(p) for p in cited)
        vals = values_in(src)
        where = []
        for n in e.get("numbers", []) + e.get("numbers_any", []):
            if n in chk.get("mul", {}):
                a, b = chk["mul"][n]
                assert a * b == n and a in vals and b in vals, (q["id"], "mul", n)
                where.append(f"{n}={a}x{b}")
            elif n in chk.get("derive", {}):
                parts = chk["derive"][n]
                assert sum(parts) == n, (q["id"], n, parts)
                for part in parts:
                    assert abs(part) in vals or abs(part) in chk.get("mul", {}), (q["id"], "part", part)
                where.append(f"{n}=" + "+".join(str(x) for x in parts))
            else:
                assert n in vals, (q["id"], "number", n)
                where.append(f"{n}@{pages_of(lambda s: n in values_in(s))}")
        for d in e.get("dates", []):
            forms = date_forms(d) + chk.get("datealt", {}).get(d, [])
            assert any(f in src for f in forms), (q["id"], "date", d)
            where.append(f"{d}@{pages_of(lambda s: any(f in s for f in forms))}")
        for t in e.get("text", []) + chk.get("also", []):
            assert t in src, (q["id"], "text", t)
            where.append(f"'{t}'@{pages_of(lambda s: t in s)}")
        for t in e.get("pii_masked", []):  # present in the file (masked answers must hide it)
            assert pages_of(lambda s: t in s), (q["id"], "pii", t)
            where.append(f"pii {t}@{pages_of(lambda s: t in s)}")
        if e.get("abstain"):
            assert chk["gap"] in src, (q["id"], "gap", chk["gap"])
            where.append(f"gap '{chk['gap']}'@{pages_of(lambda s: chk['gap'] in s)}")
        if e.get("not_found"):
            for t in chk["absent"]:
                assert not pages_of(lambda s: t in s), (q["id"], "absent", t)
            where.append("absent " + "/".join(chk["absent"]))
        scan = [p for p in cited if PAGES[p - 1][0] != "text"]
        print(f"{q['id']:>6} pages={cited}{' scan' + str(scan) if scan else ''}  " + "; ".join(where))
    for s in re.findall(r"(?<!\d)\d{17}[\dX](?!\d)", "".join(page_src(p) for p in range(1, len(PAGES) + 1))):
        assert valid_id(s), s


def luhn_ok(s):
    t = 0
    for i, c in enumerate(reversed(s)):
        n = int(c) * (2 if i % 2 else 1)
        t += n - 9 if n > 9 else n
    return t % 10 == 0


def splits():
    """Tokens (runs of number-ish characters) that a line break cuts in two."""
    found = []
    for idx, (_, paras) in enumerate(PAGES):
        for para in paras:
            lines = wrap(para)
            assert "".join(ln[len(INDENT):] if k else ln for k, ln in enumerate(lines)) == para
            pos = 0
            for ln in lines[:-1]:
                pos += len(ln) - (len(INDENT) if pos else 0)
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
    with pdfplumber.open(str(pdf)) as doc:
        for i, (kind, _) in enumerate(PAGES):
            got = doc.pages[i].extract_text() or ""
            if kind == "text":
                want = page_lines(i) + ([PAGE_SIGN] if PAGE_SIGN else []) + [footer(i)]
                norm = lambda s: re.sub(r"[\s\u3000]", "", s)
                g = [norm(x) for x in got.split("\n") if norm(x)]
                w = [norm(x) for x in want if norm(x)]
                assert g == w, (i + 1, [(a, b) for a, b in zip(g, w) if a != b][:3], len(g), len(w))
            elif kind == "scan":
                assert not got.strip(), (i + 1, "image-only page has text")
            print(f"page {i + 1} {kind}: {len(got)} chars read back ok")
        return doc


def write_questions(path):
    with open(path, "w", encoding="utf-8") as f:
        for q in QUESTIONS:
            f.write(json.dumps({k: q[k] for k in ("id", "type", "question", "expect")}, ensure_ascii=False) + "\n")
    print(path)




def set_wrap(anywhere):
    global WRAP_ANYWHERE, INDENT
    WRAP_ANYWHERE = anywhere
    INDENT = "" if anywhere else "\u3000\u3000"


def main(here, must_split=()):
    selfcheck()
    cut = splits()
    for p, tok in cut:
        print(f"split on p{p}: {tok}")
    assert set(must_split) <= set(cut), cut
    pdf = here.with_suffix(".pdf")
    build(pdf, TITLE)
    write_questions(here.with_name(here.stem + ".questions.jsonl"))
    readback(pdf)
    return pdf
