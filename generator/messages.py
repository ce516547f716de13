"""What the engine says to a reader (notes, refusals, fu parts, notation errors), as text that can be said again
in another language.

A `Message` is the English text itself (a `str`), so the command line, the JSON output and every comparison see
exactly the words they always did; it also keeps its template and values, so a page in another language renders it
through that language's catalogue (`say`). Templates are written with `%(name)s` placeholders and marked with `N_`
where they are defined, which is how `pybabel extract -k N_` finds them (babel.cfg); values that are Messages are
said in the same language, and a `Name` is a pattern's or rule set's name, said in Chinese where the reader reads
Chinese.

Creating a Message costs one `%` format and an attribute dictionary (a `str` subclass cannot have `__slots__`), about
a microsecond: the scoring path makes them only where it made the English text before, and the fixed ones (fu parts,
limit names, most notes) once, as module constants.

>>> m = Message(N_("%(n)s melds (at most four)"), n=5)
>>> m, m.say(lambda t: {"%(n)s melds (at most four)": "%(n)s 组副露（最多四组）"}.get(t, t))
('5 melds (at most four)', '5 组副露（最多四组）')
>>> joined([Name("Pinfu", "平和"), Name("Tanyao", "断幺")]).say(lambda t: {", ": "、"}.get(t, t), zh=True)
'平和、断幺'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

Translate = Callable[[str], str]
"""A translation function: gettext's, or a lookup in the catalogue entries a page carries."""


def N_(message: str) -> str:
    """Marks a template for the catalogue where it is written; it is translated where it is said."""
    return message


def _said(value: object, translate: Translate, zh: bool) -> object:
    return value.say(translate, zh) if isinstance(value, Message) else value


class Message(str):
    """English text that remembers how it was made: `template % values`."""

    template: str
    values: Mapping[str, object]

    def __new__(cls, template: str, **values: object) -> Message:
        self = str.__new__(cls, template % values if values else template)
        self.template = template
        self.values = values
        return self

    def say(self, translate: Translate, zh: bool = False) -> str:
        """The message in the language `translate` speaks (names in Chinese when `zh`); the template itself where
        the catalogue has no translation of it."""
        values = getattr(self, "values", None)
        template = getattr(self, "template", None)
        if template is None:  # made by unpickling or copying a plain string: nothing to translate by
            return str(self)
        if not values:
            return translate(template)
        return translate(template) % {k: _said(v, translate, zh) for k, v in values.items()}

    def __reduce__(self) -> tuple[Any, ...]:
        return _restore, (str(self), self.template, dict(self.values), type(self))


def _restore(text: str, template: str, values: dict[str, object], cls: type[Message]) -> Message:
    """A pickled Message as it was (the build cache keeps scores between builds)."""
    m = str.__new__(cls, text)
    m.template = template
    m.values = values
    if isinstance(m, Name):
        m.zh = values.get("zh", text)  # type: ignore[assignment]
    return m


class Name(Message):
    """A name the rule data gives in English and Chinese (a pattern's, a rule set's): the English text is `en`,
    said in Chinese it is `zh`."""

    zh: str

    def __new__(cls, en: str, zh: str) -> Name:
        self = str.__new__(cls, en)
        self.template = en
        self.values = {"zh": zh}
        self.zh = zh
        return self

    def say(self, translate: Translate, zh: bool = False) -> str:
        return self.zh if zh and self.zh else str(self)


class Plain(Message):
    """Text that is the same in every language (tile notation, flag names, figures): said as it is written."""

    def __new__(cls, text: str) -> Plain:
        self = str.__new__(cls, text)
        self.template = text
        self.values = {}
        return self

    def say(self, translate: Translate, zh: bool = False) -> str:
        return str(self)


SEPARATORS = (N_(", "), N_("; "), N_(" and "), N_(" or "))
"""The separators `joined` is given: the catalogue translates them as separators (", " is "、" in Chinese)."""


class Joined(Message):
    """Parts said one after another with a separator, each in the reader's language."""

    parts: tuple[object, ...]
    sep: str

    def __new__(cls, parts: Iterable[object], sep: str = ", ") -> Joined:
        items = tuple(parts)
        self = str.__new__(cls, sep.join(str(p) for p in items))
        self.template = sep
        self.values = {}
        self.parts = items
        self.sep = sep
        return self

    def say(self, translate: Translate, zh: bool = False) -> str:
        return translate(self.sep).join(str(_said(p, translate, zh)) for p in self.parts)

    def __reduce__(self) -> tuple[Any, ...]:
        return Joined, (self.parts, self.sep)


def joined(parts: Iterable[object], sep: str = ", ") -> Joined:
    """`sep.join(parts)` as a Message: each part said in the reader's language, and the separator too."""
    return Joined(parts, sep)


def say(text: object, translate: Translate, zh: bool = False) -> str:
    """Any text the engine gave, in the language of `translate`: a Message rendered, plain text as it is."""
    return text.say(translate, zh) if isinstance(text, Message) else str(text)


Data = str | int | float | dict[str, Any] | None
"""A Message as JSON data (`to_data`): a string is plain text, a dict says how the Message was made."""


def to_data(text: object) -> Data:
    """`text` as JSON data that `from_data` makes into the same Message again, so a file the engine writes (the
    compatibility matrix's reasons) can be said in any language when it is read. Plain text stays a string.

    >>> m = Message(N_("%(name)s needs %(n)s kong(s)"), name=Name("Three Kongs", "三杠"), n=3)
    >>> to_data(m)
    {'t': '%(name)s needs %(n)s kong(s)', 'v': {'name': {'en': 'Three Kongs', 'zh': '三杠'}, 'n': 3}}
    >>> from_data(to_data(m)) == m, from_data(to_data(m)).say(str, zh=True)
    (True, '三杠 needs 3 kong(s)')
    """
    if not isinstance(text, Message) or isinstance(text, Plain) or getattr(text, "template", None) is None:
        return text if text is None or isinstance(text, int | float) else str(text)
    if isinstance(text, Name):
        return {"en": str(text), "zh": text.zh}
    if isinstance(text, Joined):
        return {"join": text.sep, "parts": [to_data(p) for p in text.parts]}
    if not text.values:
        return {"t": text.template}
    return {"t": text.template, "v": {k: to_data(v) for k, v in text.values.items()}}


def from_data(data: Data) -> object:
    """The Message `to_data` wrote (a string as it is)."""
    if not isinstance(data, dict):
        return data
    if "en" in data:
        return Name(data["en"], data["zh"])
    if "join" in data:
        return Joined([from_data(p) for p in data["parts"]], data["join"])
    return Message(data["t"], **{k: from_data(v) for k, v in data.get("v", {}).items()})
