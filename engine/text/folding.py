"""Views of a text with the characters that hide a value or a phrase folded away, each character
mapped back to the source.

``normalize.to_halfwidth`` maps one character to one, so spans carry over unchanged. Writing
tricks are not of that kind: a zero-width space inside an ID number, 110102 19760304 5626 written
in groups, 忽 略 以 上 spaced out or split over two lines. A ``View`` drops such characters and
keeps, for every character it has, the index of the source character it came from; a span found
in the view maps back to the source span covering the original characters, noise included, so
masking and highlighting cover what the reader sees.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.text.normalize import to_halfwidth

# Characters that render as nothing (format controls, joiners, bidi marks, the soft hyphen, Hangul
# fillers): inserted inside a number or a word, they stop a pattern without changing what is read.
ZERO_WIDTH = ("\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
              "\u2060-\u2064\u2066-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0")
_ZERO_WIDTH_RE = re.compile(f"[{ZERO_WIDTH}]+")
# Dashes people and word processors put between digit groups (the full-width one is half-width
# by then): hyphen, non-breaking hyphen, figure dash, en and em dash, minus, small hyphen-minus.
DASHES = "-\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63"
# Between two digits, a short run of spaces, line breaks or dashes is grouping, not a boundary.
_DIGIT_GAP_RE = re.compile(rf"(?<=[0-9])[ \t\n{re.escape(DASHES)}]{{1,3}}(?=[0-9])")


@dataclass(frozen=True)
class View:
    """``text`` and, for each of its characters, the index in the source it came from."""

    text: str
    where: tuple[int, ...]

    @classmethod
    def of(cls, text: str) -> View:
        return cls(text, tuple(range(len(text))))

    def source_span(self, start: int, end: int) -> tuple[int, int]:
        """The source span ``[start, end)`` of the view comes from (characters dropped inside it
        included)."""
        return self.where[start], self.where[end - 1] + 1

    def dropping(self, pattern: re.Pattern) -> View:
        """This view without every match of ``pattern``."""
        pieces: list[str] = []
        where: list[int] = []
        last, dropped = 0, False
        for match in pattern.finditer(self.text):
            pieces.append(self.text[last:match.start()])
            where.extend(self.where[last:match.start()])
            last, dropped = match.end(), True
        if not dropped:
            return self
        pieces.append(self.text[last:])
        where.extend(self.where[last:])
        return View("".join(pieces), tuple(where))

    def mapped(self, table: dict[int, str]) -> View:
        """Characters replaced one for one (``str.translate`` tables whose values are single
        characters): the map back does not change."""
        return View(self.text.translate(table), self.where)


def without_zero_width(text: str) -> View:
    return View.of(text).dropping(_ZERO_WIDTH_RE)


def digits_joined(text: str) -> View:
    """Half-width, no zero-width characters, and no spaces, line breaks or dashes between two
    digits: 110102 19760304 5626, 6222-0212-3456-7890-123 and １３８\u200b1234５６７８ read as the
    numbers they are."""
    return View.of(to_halfwidth(text)).dropping(_ZERO_WIDTH_RE).dropping(_DIGIT_GAP_RE)


def has_digit_noise(text: str) -> bool:
    """Whether ``digits_joined`` would change anything but the width: the cheap test before it."""
    return bool(_ZERO_WIDTH_RE.search(text) or _DIGIT_GAP_RE.search(to_halfwidth(text)))


# -- reading view: what a sentence says, however it is dressed ----------------------------------
# Latin look-alikes from Cyrillic and Greek (the letters that pass for Latin in most fonts).
_HOMOGLYPHS = dict(zip(
    "аеорсіјхуѕԁɡӏԛԝкмнтвАЕОРСІЈХУЅКМНТВαοειϳκνρτυχΑΒΕΖΗΙΚΜΝΟΡΤΥΧıℓ",
    "aeopcijxysdglqwkmhtbaeopcijxyskmhtbaoeijkvptuxabezhikmnoptyxil"))
# Traditional → simplified, for the characters of the words that address a reader (and a few
# around them); where both forms exist in simplified text (覆, 后 …) nothing is mapped.
_TRADITIONAL = {pair[0]: pair[1] for pair in (
    "無无 視视 請请 規规 則则 說说 統统 從从 現现 開开 僅仅 輸输 應应 該该 復复 問问 題题 論论 對对 話话 設设 記记 憶忆 為为 師师"
    " 護护 辯辩 讓让 寫写 認认 證证 據据 務务 須须 絕绝 語语 機机 執执 權权 內内 條条 將将 們们 給给 訴诉 顯显 隱隐 過过 濾滤 覽览"
    " 讀读 閱阅 這这 個个 項项 別别 來来 麼么 實实 際际 級级 優优 確确 結结 訟讼 審审 決决 處处 銷销 廢废 數数 資资 訊讯 號号 碼码"
    " 聽听 稱称 錄录 頭头 啟启 發发 舊旧 當当 歸归 時时 間间 於于 與与 關关 並并 帶带 會会 詞词 敗败 兩两 幫帮 體体 學学 變变 經经"
    " 錯错 誤误 簡简 單单 陳陈 產产 長长 門门 義义 書书 買买 賣卖 負负 責责 貨货 錢钱 銀银 額额 償偿 還还 債债 釋释 嚴严 標标 準准"
    " 續续 總总 隨随 遺遗 選选 擇择 顧顾 製制 範范 圍围 僞伪 偽伪 裝装 導导 輯辑 員员 費费 罰罚 訂订 約约 鍵键 戶户 綫线 線线 態态"
    ).split()}


def _reading_table() -> dict[int, str]:
    import unicodedata

    table: dict[int, str] = {ord(c): c.lower() for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"}
    # one-character compatibility forms: full-width forms, mathematical and enclosed letters, Kangxi
    # radicals (𝐢𝐠𝐧𝐨𝐫𝐞, ⓘ, ⼈ → i, g, n …, 人)
    for first, last in ((0xFF01, 0xFF5E), (0x1D400, 0x1D7FF), (0x2460, 0x24FF), (0x2F00, 0x2FDF),
                        (0xF900, 0xFAFF), (0x2000, 0x200A), (0x3000, 0x3000)):
        for cp in range(first, last + 1):
            folded = unicodedata.normalize("NFKC", chr(cp))
            if len(folded) == 1:
                table[cp] = folded.lower() if folded.isascii() else folded
    for source, target in (*_HOMOGLYPHS.items(), *_TRADITIONAL.items()):
        table[ord(source)] = target
    return table


_READING = _reading_table()
_CJK = "\u3400-\u9fff\uf900-\ufaff"
# Spacing and filler inside Chinese (忽 略, 忽.略, 忽_略), a line break anywhere, whitespace next to
# anything but a Latin letter or digit on both sides, and the gaps of letter-spaced Latin
# (i g n o r e, i.g.n.o.r.e).
_READING_GAPS = re.compile(
    rf"(?<=[{_CJK}])[\s_*·•|/\\~^`.\-]+(?=[{_CJK}])"
    r"|\n+"
    r"|(?<![0-9a-z])\s+|\s+(?![0-9a-z])"
    r"|(?<=(?<![a-z])[a-z])[\s.\-_*]+(?=[a-z](?![a-z]))")


def reading_view(text: str) -> View:
    """``text`` as it reads: compatibility forms, look-alike letters, traditional characters and
    case folded; zero-width characters, spacing inside Chinese, line breaks and letter-spacing
    gone. For finding phrases people dress up so that a pattern misses them."""
    return View.of(text).dropping(_ZERO_WIDTH_RE).mapped(_READING).dropping(_READING_GAPS)


def reading(text: str) -> str:
    """``reading_view(text).text`` without the map back (several times faster: no per-character
    bookkeeping), for deciding what a piece of text says."""
    return _READING_GAPS.sub("", _ZERO_WIDTH_RE.sub("", text).translate(_READING))
