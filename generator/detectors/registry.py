"""The detector registry: rule data names a detector and its parameters, code supplies it.

A detector is a small function `(view, *, params...) -> list[Match]`; each match is
one instance of the pattern and lists the sets it uses, so policies can count
instances (one per dragon pung) and reason about shared sets (MCR's principles).
Parameters are keyword-only and annotated; the loader checks data against the
signature, so a typo in a rule file is refused with its file and line.
"""

from __future__ import annotations

import inspect
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from .gate import Gate
from .view import Match, View

DetectorFn = Callable[..., list[Match]]


@dataclass(frozen=True)
class Param:
    name: str
    type: type
    choices: tuple[Any, ...] | None
    required: bool
    default: Any


@dataclass(frozen=True)
class DetectorSpec:
    """A registered detector. Its parameters and doc are read off the function when first asked for: the loader's
    checks and the pages ask, a `score` that finds its rule set stored never does, and reading sixty signatures
    and their annotations is a twentieth of that command's start-up."""

    name: str
    fn: DetectorFn
    gate: Gate | None = None  # a cheap necessary condition, read off the profiles (gate.py)

    @cached_property
    def params(self) -> dict[str, Param]:
        """The keyword parameters, in the signature's order, with their types and defaults."""
        hints = typing.get_type_hints(self.fn)
        return {
            p.name: _param(p.name, hints[p.name], p.default)
            for p in inspect.signature(self.fn).parameters.values()
            if p.kind is inspect.Parameter.KEYWORD_ONLY
        }

    @property
    def doc(self) -> str:
        return inspect.getdoc(self.fn) or ""

    def arguments(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Every keyword parameter's value for a pattern that gives `given`, in the signature's order: the given
        one, else the default (None for a required one, which checked rule data always gives). What `params`
        says, read off the code object, so scoring never needs the signatures."""
        code = self.fn.__code__
        defaults = self.fn.__kwdefaults__ or {}
        names = code.co_varnames[code.co_argcount:code.co_argcount + code.co_kwonlyargcount]
        return {name: defaults.get(name) for name in names} | dict(given)


REGISTRY: dict[str, DetectorSpec] = {}


def _param(name: str, annotation: Any, default: Any) -> Param:
    choices = None
    if typing.get_origin(annotation) is typing.Literal:
        choices = typing.get_args(annotation)
        base = type(choices[0])
    else:
        base = annotation
    required = default is inspect.Parameter.empty
    return Param(name, base, choices, required, None if required else default)


def detector(name: str, gate: Gate | None = None) -> Callable[[DetectorFn], DetectorFn]:
    """Register a detector under the name rule files use, with its gate if it has one (without one it
    runs on every reading: correct, only slower)."""

    def wrap(fn: DetectorFn) -> DetectorFn:
        if name in REGISTRY:
            raise RuntimeError(f"detector {name!r} registered twice")
        REGISTRY[name] = DetectorSpec(name, fn, gate)
        return fn

    return wrap


def check_params(name: str, params: dict[str, Any]) -> str | None:
    """Why `params` do not fit detector `name`, or None when they do."""
    spec = REGISTRY.get(name)
    if spec is None:
        return f"unknown detector {name!r} (known: {', '.join(sorted(REGISTRY))})"
    for key, value in params.items():
        p = spec.params.get(key)
        if p is None:
            known = ", ".join(spec.params) or "none"
            return f"detector {name!r} has no parameter {key!r} (parameters: {known})"
        if p.type is int and (isinstance(value, bool) or not isinstance(value, int)):
            return f"parameter {key!r} of {name!r} must be an integer, not {value!r}"
        if not isinstance(value, p.type):
            return f"parameter {key!r} of {name!r} must be a {p.type.__name__}, not {value!r}"
        if p.choices is not None and value not in p.choices:
            return f"parameter {key!r} of {name!r} must be one of {list(p.choices)}, not {value!r}"
    missing = [p.name for p in spec.params.values() if p.required and p.name not in params]
    if missing:
        return f"detector {name!r} needs parameter(s) {', '.join(missing)}"
    return None


def bind(fn: DetectorFn, params: Mapping[str, Any]) -> Callable[[View], list[Match]]:
    """`fn` with `params` bound: a copy of the function whose keyword parameters default to them, so
    `bind(fn, params)(view)` runs as `fn(view, **params)`.

    Why a copy and not `functools.partial` or a closure: the interpreter fills missing keyword
    parameters from the defaults as it enters the function, while `**params` builds a keyword
    dictionary on every call (measured: a call this way costs a third of the unpacking one or less),
    and the engine makes some twelve such calls per reading.
    """
    if not params:
        return fn
    bound = types.FunctionType(fn.__code__, fn.__globals__, fn.__name__, fn.__defaults__, fn.__closure__)
    bound.__kwdefaults__ = {**(fn.__kwdefaults__ or {}), **params}
    bound.__qualname__, bound.__doc__, bound.__module__ = fn.__qualname__, fn.__doc__, fn.__module__
    return bound


def run(name: str, view: View, params: Mapping[str, Any]) -> list[Match]:
    return REGISTRY[name].fn(view, **params)
