"""Writes type stubs (`.pyi`) for the generated Python bindings, read from the module
itself: every public class with its fields, variants and methods, every function, with
the type hints the generator wrote.

    python3 bindings/python/stubs.py BINDINGS_DIR [OUT_FILE]

BINDINGS_DIR holds `qike.py` and the native library; the stubs go to OUT_FILE (default:
`qike.pyi` beside the module). The wheel builder calls `stubs()` the same way.
"""

import dataclasses
import enum
import importlib.util
import inspect
import sys

HEADER = '''"""Type stubs of qike, written from the module by bindings/python/stubs.py."""

import asyncio
import datetime
import enum
import typing

'''


def load(folder):
    """The generated module in `folder`, imported under its own name."""
    spec = importlib.util.spec_from_file_location("qike", f"{folder}/qike.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["qike"] = module
    spec.loader.exec_module(module)
    return module


def hint(annotation):
    """A type hint as stub text (the generator writes most as strings)."""
    if annotation is inspect.Parameter.empty:
        return None
    if isinstance(annotation, str):
        return annotation.replace('"', "")
    if annotation is None or annotation is type(None):
        return "None"
    if isinstance(annotation, type):
        return annotation.__name__
    return str(annotation).replace("typing.", "typing.")


def signature(function, drop_self):
    """`(a: int, *, b: str) -> bool` of a function, for a stub."""
    try:
        sig = inspect.signature(function)
    except (TypeError, ValueError):
        return "(self, *args, **kwargs)" if drop_self else "(*args, **kwargs)"
    parts = []
    star_done = False
    for i, p in enumerate(sig.parameters.values()):
        if i == 0 and drop_self:
            parts.append("self")
            continue
        text = p.name
        if p.kind == p.VAR_POSITIONAL:
            text = "*" + p.name
            star_done = True
        elif p.kind == p.VAR_KEYWORD:
            text = "**" + p.name
        elif p.kind == p.KEYWORD_ONLY and not star_done:
            parts.append("*")
            star_done = True
        h = hint(p.annotation)
        if h:
            text += f": {h}"
        if p.default is not p.empty:
            text += " = ..."
        parts.append(text)
    ret = hint(sig.return_annotation) or "typing.Any"
    return f"({', '.join(parts)}) -> {ret}"


def public_methods(cls):
    for name, member in cls.__dict__.items():
        if name.startswith("_") and name not in ("__init__", "__enter__", "__exit__"):
            continue
        if isinstance(member, staticmethod):
            yield name, member.__func__, "static"
        elif isinstance(member, classmethod):
            yield name, member.__func__, "class"
        elif inspect.isfunction(member):
            yield name, member, "method"


def record_fields(cls):
    init = None
    for base in cls.__mro__:
        if "__init__" in base.__dict__ and dataclasses.is_dataclass(base):
            init = base.__dict__["__init__"]
            break
    if init is None:
        return []
    params = list(inspect.signature(init).parameters.values())[1:]
    return [(p.name, hint(p.annotation) or "typing.Any") for p in params if p.kind == p.KEYWORD_ONLY or p.kind == p.POSITIONAL_OR_KEYWORD]


def method_lines(cls, indent, skip=()):
    lines = []
    for name, function, how in public_methods(cls):
        if name in skip:
            continue
        pad = " " * indent
        is_async = inspect.iscoroutinefunction(function)
        prefix = "async def" if is_async else "def"
        if how == "static":
            lines.append(f"{pad}@staticmethod")
            lines.append(f"{pad}{prefix} {name}{signature(function, False)}: ...")
        elif how == "class":
            lines.append(f"{pad}@classmethod")
            lines.append(f"{pad}{prefix} {name}{signature(function, True).replace('(self', '(cls', 1)}: ...")
        else:
            lines.append(f"{pad}{prefix} {name}{signature(function, True)}: ...")
    return lines


def value_lines(cls, indent):
    """A record or an enum variant: its fields, constructor, value methods."""
    pad = " " * indent
    lines = []
    fields = record_fields(cls)
    for name, h in fields:
        lines.append(f"{pad}{name}: {h}")
    lines += method_lines(cls, indent, skip=("__str__", "__repr__", "__eq__", "__ne__", "__hash__", "__getitem__"))
    lines.append(f"{pad}def __eq__(self, other: object) -> bool: ...")
    lines.append(f"{pad}def __hash__(self) -> int: ...")
    return lines


def class_lines(module, name, cls):
    converter = getattr(module, f"_UniffiConverterType{name}", None)
    if issubclass(cls, enum.Enum):
        lines = [f"class {name}(enum.Enum):"]
        lines += [f"    {m.name} = {m.value!r}" for m in cls]
        return lines
    if issubclass(cls, BaseException):
        lines = [f"class {name}({cls.__bases__[0].__name__}):"]
        variants = [(n, v) for n, v in vars(cls).items() if isinstance(v, type) and issubclass(v, cls)]
        for vname, _ in variants:
            lines.append(f"    class {vname}({name}): ...")
        extra = [("argument", "str"), ("value", "object"), ("allowed", "str")] if name == "ArgumentError" else []
        lines += [f"    {f}: {h}" for f, h in extra]
        if len(lines) == 1:
            lines.append("    ...")
        return lines
    if dataclasses.is_dataclass(cls) and converter is not None:
        return [f"class {name}:"] + value_lines(cls, 4)
    variants = [(n, v) for n, v in vars(cls).items() if isinstance(v, type) and issubclass(v, cls)]
    if variants:
        lines = [f"class {name}:"]
        for vname, variant in variants:
            lines.append(f"    class {vname}({name}):")
            lines += value_lines(variant, 8)
        for mname, function, how in public_methods(cls):
            if mname.startswith("is_") or mname == "__init__":
                continue
            lines.append(f"    def {mname}{signature(function, True)}: ...")
        return lines
    lines = [f"class {name}:"]
    body = method_lines(cls, 4)
    return lines + (body or ["    ..."])


def stubs(module):
    """The stub text for the generated module `module`."""
    out = [HEADER]
    for name, obj in vars(module).items():
        if name.startswith("_"):
            continue
        if isinstance(obj, type) and obj.__name__ != name:
            # A custom type, which the module names as an alias of the type it crosses as
            # (`Timestamp = int`, `Station = Place`).
            if obj.__module__ in (module.__name__, "builtins"):
                out.append(f"{name} = {obj.__name__}\n\n")
            continue
        if getattr(obj, "__module__", None) != module.__name__:
            continue
        if isinstance(obj, type):
            if name.endswith("Protocol"):
                continue
            out.append("\n".join(class_lines(module, name, obj)) + "\n\n")
        elif inspect.isfunction(obj):
            prefix = "async def" if inspect.iscoroutinefunction(obj) else "def"
            out.append(f"{prefix} {name}{signature(obj, False)}: ...\n\n")
    return "".join(out).rstrip() + "\n"


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    folder = sys.argv[1]
    target = sys.argv[2] if len(sys.argv) > 2 else f"{folder}/qike.pyi"
    with open(target, "w", encoding="utf-8") as f:
        f.write(stubs(load(folder)))
    print(target)


if __name__ == "__main__":
    main()
