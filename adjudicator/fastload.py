"""The first, fast reading of a scenario file: limits checked, plain data built.

YAML text is read as a stream of events by libyaml (PyYAML's C parser) in one loop without
recursion. The loop refuses, with the line, what no scenario needs and what could make the
reading explode: nesting deeper than ``MAX_DEPTH``, anchors and aliases (``&a``/``*a``, the
way a few hundred bytes expand to gigabytes), merge keys (``<<``), numbers of more than
``MAX_DIGITS`` digits and more entries than the caps of :mod:`adjudicator.limits` (it stops
at the first entry over a cap, so a huge list is never read to its end). JSON text is
scanned for depth and long numbers by :func:`adjudicator.limits.scan_json`, parsed by
``json``, and its sizes are counted after.

While it scans, it builds the plain data the scenario model validates, reading every plain
scalar as the YAML 1.2 core schema of ``ruamel.yaml`` does (the line-tracking reader used
for error messages), with hex ids typed as numbers (``0404``) kept as their digits. Whatever
it is not sure to read exactly as that reader would (tags, version directives, floats,
dates, duplicate keys, keys that are not text, characters the other reader refuses) makes
it return ``None``, and the caller reads the file again the slow way. So the fast reading
only ever speeds up a file that the slow one would accept with the same data.
"""

from __future__ import annotations

import json
import re
from typing import Any

from adjudicator.errors import InputError, Problem
from adjudicator.limits import (
    MAX_DEPTH,
    MAX_DIGITS,
    MAX_ITEMS,
    SCENARIO_CAPS,
    count_message,
    digits_message,
    nesting_message,
    scan_json,
)

#: ruamel's own table of YAML 1.2 implicit types, by first character (filled when a YAML
#: text is first read: a JSON file needs neither YAML reader imported).
_RESOLVERS: dict[str, list[tuple[str, re.Pattern]]] = {}

#: The characters ruamel's reader refuses (``ruamel.yaml.reader.Reader.NON_PRINTABLE``,
#: the same pattern; tests/test_scenario_formats.py checks that they stay the same).
NON_PRINTABLE = re.compile("[^\t\n\r -~\x85\xa0-\ud7ff\ue000-\ufffd"
                           "\U00010000-\U0010ffff]")


def _yaml() -> Any:
    """PyYAML, and ruamel's table of implicit types in ``_RESOLVERS``, on first use."""
    import yaml

    if not _RESOLVERS:
        from ruamel.yaml.resolver import implicit_resolvers

        for versions, tag, regexp, first in implicit_resolvers:
            if (1, 2) in versions:
                for ch in first:
                    _RESOLVERS.setdefault(ch, []).append((tag.rsplit(":", 1)[-1], regexp))
    return yaml

_INT = re.compile(r"(?:0|-?[1-9][0-9]{0,17})\Z")
_ZERO_LED = re.compile(r"0[0-9]{1,17}\Z")
_DIGITS = re.compile(rf"[-+]?[0-9_]{{{MAX_DIGITS + 1},}}")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


class _Bail(Exception):
    """Not read here for sure: the caller reads the file the slow way."""


_BAIL = object()
_COMPLEX = object()
_SCALARS: dict[str, Any] = {}


def _plain_scalar(value: str) -> Any:
    """A plain (unquoted) scalar as ruamel's round-trip reader reads it, then made plain
    as ``scenario._plain`` does; ``_BAIL`` when that is not certain."""
    hit = _SCALARS.get(value)
    if hit is not None or value in _SCALARS:
        return hit
    kind = "str"
    for tag, regexp in _RESOLVERS.get(value[:1], []) + _RESOLVERS.get(None, []):  # type: ignore[arg-type]
        if regexp.match(value):
            kind = tag
            break
    if kind == "str":
        out: Any = value
    elif kind == "null":
        out = None
    elif kind == "bool":
        out = value in ("true", "True", "TRUE")
    elif kind == "int" and _INT.match(value):
        out = int(value)
    elif kind == "int" and _ZERO_LED.match(value):
        out = value  # a hex id typed as a number keeps its digits
    else:
        out = _BAIL
    if len(_SCALARS) < 10_000:
        _SCALARS[value] = out
    return out


def _problem(file: str, line: int, path: tuple, message: str) -> InputError:
    from adjudicator.scenario import format_path

    return InputError([Problem(file, line, format_path(path), message)])


class _Frame:
    __slots__ = ("is_map", "data", "path", "key", "raw_keys", "count", "cap", "what")

    def __init__(self, is_map: bool, path: tuple, caps: dict):
        self.is_map = is_map
        self.data: Any = {} if is_map else []
        self.path = path
        self.key: Any = _BAIL  # the key waiting for its value (maps)
        self.raw_keys: set = set()
        self.count = 0
        self.cap, self.what = caps.get(path, (MAX_ITEMS, "entries"))


def check_yaml(text: str, file: str) -> None:
    """Refuse YAML text from the user that breaks a limit (any YAML file, not only
    scenarios: tables, choices); an InputError with the line."""
    read_yaml(text, file, caps={})


def read_yaml(text: str, file: str, caps: dict | None = None) -> dict | None:
    """Plain data of a YAML scenario, ``None`` to read it the slow way; an InputError
    for a limit broken (with its line)."""
    caps = SCENARIO_CAPS if caps is None else caps
    yaml = _yaml()
    fast = NON_PRINTABLE.search(text) is None
    stack: list[_Frame] = []
    root: Any = _BAIL
    documents = 0
    try:
        for ev in yaml.parse(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
            kind = type(ev)
            if kind is yaml.ScalarEvent or kind is yaml.MappingStartEvent \
                    or kind is yaml.SequenceStartEvent or kind is yaml.AliasEvent:
                line = ev.start_mark.line + 1
                top = stack[-1] if stack else None
                is_key = top is not None and top.is_map and top.key is _BAIL
                path = top.path if top is not None else ()
                if top is not None and not is_key:
                    path = (*path, top.key if top.is_map else top.count)
                if kind is yaml.AliasEvent:
                    raise _problem(file, line, path, f"an alias (*{ev.anchor}) is not allowed "
                                   "here; write the value out in full")
                if ev.anchor is not None:
                    raise _problem(file, line, path, f"an anchor (&{ev.anchor}) is not "
                                   "allowed here; write each value out in full")
                if ev.tag is not None:
                    fast = False
                if kind is yaml.ScalarEvent:
                    if ev.style == "":
                        if is_key and ev.value == "<<":
                            raise _problem(file, line, path, "a merge key (<<) is not allowed "
                                           "here; write the keys out in full")
                        if len(ev.value) > MAX_DIGITS and _DIGITS.match(ev.value):
                            raise _problem(file, line, path, digits_message(
                                sum(c.isdigit() for c in ev.value)))
                        value = _plain_scalar(ev.value)
                        if value is _BAIL:
                            fast, value = False, ev.value
                    else:
                        value = ev.value
                    if is_key:
                        assert top is not None
                        if isinstance(value, str):
                            raw = int(value) if _ZERO_LED.match(value) and ev.style == "" \
                                else value
                        elif isinstance(value, int) and not isinstance(value, bool):
                            raw, value = value, str(value)
                        else:
                            fast, raw, value = False, ev.value, str(ev.value)
                        if raw in top.raw_keys:
                            fast = False
                        top.raw_keys.add(raw)
                        if len(value) > 1000:
                            fast = False
                        top.key = value
                        continue
                    _add(stack, root, value, file, line)
                    if top is None:
                        root = value
                    continue
                if is_key:  # a mapping or list used as a key
                    fast = False
                    assert top is not None
                    top.key = _COMPLEX
                    path = (*top.path, "?")
                frame = _Frame(kind is yaml.MappingStartEvent, path, caps)
                stack.append(frame)
                if len(stack) > MAX_DEPTH:
                    raise _problem(file, line, path, nesting_message())
            elif kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
                frame = stack.pop()
                if stack:
                    if stack[-1].key is _COMPLEX:  # the key is complete; its value follows
                        stack[-1].key = "?"
                        continue
                    _add(stack, root, frame.data, file, ev.start_mark.line + 1)
                else:
                    root = frame.data
            elif kind is yaml.DocumentStartEvent:
                documents += 1
                if ev.version is not None or ev.tags:
                    fast = False
    except yaml.YAMLError as exc:
        # Newer libyaml stops deep flow nesting itself (1,000 levels), before the depth
        # check above sees the events: that is the same limit broken, and the slow
        # reading must never be given such a text.
        if "nesting depth" in str(getattr(exc, "problem", "") or exc):
            mark = getattr(exc, "problem_mark", None)
            line = mark.line + 1 if mark is not None else 1
            raise _problem(file, line, stack[-1].path if stack else (),
                           nesting_message()) from None
        return None  # malformed: the slow reading reports it in its words
    if not fast or documents != 1 or not isinstance(root, dict):
        return None
    return root


def _add(stack: list[_Frame], root: Any, value: Any, file: str, line: int) -> None:
    """Put a finished value into the collection it belongs to, counting entries."""
    if not stack:
        return
    top = stack[-1]
    top.count += 1
    if top.count > top.cap:
        raise _problem(file, line, top.path, count_message(None, top.cap, top.what))
    if top.is_map:
        top.data[top.key] = value
        top.key = _BAIL
    else:
        top.data.append(value)


# --------------------------------------------------------------------------------------


def _pairs(pairs: list[tuple[str, Any]]) -> dict:
    out = dict(pairs)
    if len(out) != len(pairs):
        raise _Bail  # duplicate keys: the slow reading names them
    return out


def _no_float(text: str) -> Any:
    raise _Bail


def read_json(text: str, file: str) -> dict | None:
    """Plain data of a JSON scenario, ``None`` to read it the slow way; an InputError
    for a limit broken."""
    scan_json(text, file)
    if NON_PRINTABLE.search(text) or _SURROGATE_ESCAPE.search(text):
        return None
    try:
        data = json.loads(text, object_pairs_hook=_pairs, parse_float=_no_float,
                          parse_constant=_no_float)
    except (_Bail, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    check_sizes(data, file, text)
    if any(len(k) > 1000 for k in _keys(data)):
        return None
    return data


def _keys(data: Any):
    """Every mapping key in the data (only containers are walked)."""
    todo = [data]
    while todo:
        node = todo.pop()
        if isinstance(node, dict):
            yield from node
            todo.extend(v for v in node.values() if isinstance(v, dict | list))
        else:
            todo.extend(v for v in node if isinstance(v, dict | list))


def check_sizes(data: Any, file: str, text: str | None = None) -> None:
    """Refuse plain data with more entries than the caps allow (an iterative walk over
    the mappings and lists; a scalar has no entries)."""
    if not isinstance(data, dict | list):
        return
    todo: list[tuple[tuple, Any]] = [((), data)]
    while todo:
        path, node = todo.pop()
        cap, what = SCENARIO_CAPS.get(path, (MAX_ITEMS, "entries"))
        if len(node) > cap:
            raise _problem(file, _json_line(text, path), path,
                           count_message(len(node), cap, what))
        items = node.items() if isinstance(node, dict) else enumerate(node)
        todo.extend(((*path, k), v) for k, v in items if isinstance(v, dict | list))


def _json_line(text: str | None, path: tuple) -> int:
    """The line of the key that ends ``path`` in JSON text (found by its keys in order)."""
    if text is None:
        return 1
    pos = 0
    for part in path:
        if isinstance(part, str):
            at = text.find(json.dumps(part), pos)
            if at < 0:
                break
            pos = at
    return text.count("\n", 0, pos) + 1
