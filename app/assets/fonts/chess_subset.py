#!/usr/bin/env python3
"""Regenerate the chess figures font from Debian's fonts-noto-core (OFL).

    apt-get install fonts-noto-core python3-fonttools && python3 chess_subset.py

Only the twelve chess figures of Noto Sans Symbols 2 (U+2654 to U+265F: the outline
figures ♔♕♖♗♘♙ and the filled ones ♚♛♜♝♞♟), with the font's copyright and licence
records, so the app draws chess pieces as every chess app does.
"""
import pathlib
from fontTools import subset
from fontTools.ttLib import TTFont

HERE = pathlib.Path(__file__).parent
SRC = "/usr/share/fonts/truetype/noto/NotoSansSymbols2-Regular.ttf"
FIGURES = "".join(chr(c) for c in range(0x2654, 0x2660))

font = TTFont(SRC)
options = subset.Options()
options.name_IDs = ["*"]  # keep the copyright and licence records
options.notdef_outline = True
subsetter = subset.Subsetter(options)
subsetter.populate(text=FIGURES)
subsetter.subset(font)
font.save(HERE / "NotoSansSymbols2-chess-subset.ttf")
