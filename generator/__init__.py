"""Mahjong Atlas: a scoring engine for several mahjong rule sets and the static site built from it."""

__version__ = "0.1.0"
