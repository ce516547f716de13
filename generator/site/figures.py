"""Tables from JSON figures: a theorem's computed results (content/theorems/*.json) and list-valued rule-set
options (stake levels and the like), whatever their shape, printed as data tables rather than written in Markdown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Cell:
    text: str
    numeric: bool = False
    url: str | None = None


@dataclass(frozen=True)
class FigureTable:
    caption: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]


# Keys of a theorem's figures that say which program of the repository recorded them: for maintainers, who run
# it again; a reader learns from the page's prose how the figures were computed.
MAINTAINER_KEYS = frozenset({"script"})


def _cell(value: Any) -> Cell:
    if isinstance(value, bool):
        return Cell("yes" if value else "no")
    if isinstance(value, (int, float)):
        text = f"{value:.4g}" if isinstance(value, float) and not value.is_integer() else str(int(value))
        return Cell(text, numeric=True)
    if isinstance(value, dict) and "text" in value:
        return Cell(str(value["text"]), url=value.get("url"))
    if isinstance(value, (list, tuple)):
        return Cell(", ".join(_cell(v).text for v in value))
    if isinstance(value, dict):
        return Cell(", ".join(f"{k}: {_cell(v).text}" for k, v in value.items()))
    return Cell("" if value is None else str(value))


def _human(key: Any) -> str:
    """'three_suit_waits' -> 'Three suit waits': JSON keys as column headings."""
    text = str(key).replace("_", " ").strip()
    return text[:1].upper() + text[1:]


def _records(caption: str, records: list[Any]) -> FigureTable:
    columns: list[str] = []
    for r in records:
        for k in r:
            if k not in columns:
                columns.append(k)
    rows = tuple(tuple(_cell(r.get(c)) for c in columns) for r in records)
    return FigureTable(_human(caption) if caption else "", tuple(_human(c) for c in columns), rows)


def figure_tables(figures: Any, caption: str = "") -> list[FigureTable]:
    """Tables for a theorem's computed figures (content/theorems/*.json), whatever their shape:
    a list of records, `{"tables": [{caption, columns, rows}]}`, or a mapping of named values and lists.

    >>> tables = figure_tables({"hands": 10, "waits": ["1m", "4m"], "by_suit": [{"suit": "m", "mean_waits": 2.5}]})
    >>> [(t.caption, t.columns, [[c.text for c in row] for row in t.rows]) for t in tables]
    [('', ('Figure', 'Value'), [['Hands', '10'], ['Waits', '1m, 4m']]), ('By suit', ('Suit', 'Mean waits'), [['m', '2.5']])]
    """
    if figures is None:
        return []
    if isinstance(figures, list):
        if figures and all(isinstance(r, dict) for r in figures):
            return [_records(caption, figures)]
        rows = tuple(tuple(_cell(v) for v in (r if isinstance(r, list) else [r])) for r in figures)
        width = max((len(r) for r in rows), default=1)
        return [FigureTable(caption, tuple("" for _ in range(width)), rows)]
    if not isinstance(figures, dict):
        return [FigureTable(caption, ("Value",), ((_cell(figures),),))]
    if isinstance(figures.get("tables"), list):
        out = []
        for t in figures["tables"]:
            if isinstance(t, dict) and isinstance(t.get("rows"), list) and "columns" in t:
                cols = tuple(str(c) for c in t["columns"])
                rows = tuple(tuple(_cell(v) for v in (r if isinstance(r, list) else [r.get(c) for c in t["columns"]]))
                             for r in t["rows"])
                out.append(FigureTable(str(t.get("caption", t.get("title", ""))), cols, rows))
            else:
                out.extend(figure_tables(t))
        return out
    def nested(v: Any) -> bool:
        return isinstance(v, dict) or (isinstance(v, list) and any(isinstance(x, (list, dict)) for x in v))

    scalars = [(k, v) for k, v in figures.items() if not nested(v) and k not in MAINTAINER_KEYS]
    out = [FigureTable(_human(caption) if caption else "", ("Figure", "Value"),
                       tuple((Cell(_human(k)), _cell(v)) for k, v in scalars))] if scalars else []
    for k, v in figures.items():
        if nested(v):
            out.extend(figure_tables(v, caption=str(k)))
    return out
