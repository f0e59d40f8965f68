#!/usr/bin/env python3
"""Regenerate the bundled CJK font subsets from Debian's fonts-noto-cjk.

    apt-get install fonts-noto-cjk && pip install fonttools && python3 subset.py

Regular: printable ASCII, CJK punctuation, a few UI symbols and all of GB 2312 (its
symbols and both levels of characters, 6,763 hanzi: every character a primary-school
text uses), for all UI and lesson text. A test checks every app and lesson string
against the subset.
Bold: only what is written on pieces and on the board, so it stays tiny.
"""
import pathlib
from fontTools import subset
from fontTools.ttLib import TTCollection

HERE = pathlib.Path(__file__).parent
SRC = "/usr/share/fonts/opentype/noto/NotoSansCJK-{}.ttc"
SC_INDEX = 2  # the Simplified Chinese face inside the collection

def gb2312():
    chars = []
    for hi in range(0xA1, 0xF8):
        for lo in range(0xA1, 0xFF):
            try:
                chars.append(bytes([hi, lo]).decode("gb2312"))
            except UnicodeDecodeError:
                pass
    return "".join(chars)

ASCII = "".join(chr(c) for c in range(0x20, 0x7F))
SYMBOLS = "★☆◀▶✓✗●○■□▲△←→↑↓¼½¾−"
PUNCT = "，。、；：？！“”‘’（）《》【】—…·「」『』〇一二三四五六七八九十×－＋＝／％～"
PIECES = "帅仕相马车炮兵将士象卒楚河汉界王后车象马兵黑白红棋课围五子国际中熊兔虎猫龙鹿"

def make(weight, text, out):
    font = TTCollection(SRC.format(weight)).fonts[SC_INDEX]
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]  # keep the copyright and licence records
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=text)
    subsetter.subset(font)
    font.save(HERE / out)

make("Regular", ASCII + SYMBOLS + PUNCT + PIECES + gb2312(), "NotoSansSC-Regular-subset.otf")
make("Bold", ASCII + PUNCT + PIECES, "NotoSansSC-Bold-subset.otf")
