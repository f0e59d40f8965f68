
# --- The Python layer over the generated bindings ---------------------------------
# Appended to the module uniffi generates (`qike.py`) by bindings/generate.sh, the
# wheel builder and the tests, so that `import qike` has it. The generated records and
# enum variants are classes whose `repr()` shows no field, whose `==` fails against
# another type and which cannot be dict keys; uniffi's own trait exports cannot reach
# them, because the core's types are exported as remote types and uniffi implements
# those exports as methods on the type. This layer gives every record and enum variant
# of the module a `repr()` with its fields, an `==` that answers `NotImplemented` (so
# `False`) for anything of another type, and a hash of its fields: they are values,
# copied across the boundary, never shared. It checks whole numbers in records, enum
# variants and arguments before they cross (`Point(file=-1)` names `Point.file` and its
# range, `set_result(r, -1, …)` names `Tournament.set_result(table)`),
# refuses a value of the wrong type with a `TypeError` naming both types, turns the
# Rust doc links in docstrings into Python names, and makes `ProgressStore` a context
# manager that closes the store.

import enum  # noqa: E402


class ArgumentError(ValueError):
    """A value handed to the library that is outside what its type allows: `argument`
    names it (`Point.file`), `value` is what was given and `allowed` says what may be."""

    def __init__(self, argument, value, allowed):
        self.argument = argument
        self.value = value
        self.allowed = allowed
        super().__init__(f"{argument} is {value!r}; it must be {allowed}")


def _qike_fields(cls):
    """The field names of a generated record or enum variant, in order, or `None` for a
    variant with unnamed fields (kept in `_values`)."""
    import inspect

    init = next((b.__dict__["__init__"] for b in cls.__mro__ if "__init__" in b.__dict__), None)
    if init is None or init is object.__init__:
        return ()
    params = list(inspect.signature(init).parameters.values())[1:]
    if any(p.kind == inspect.Parameter.VAR_POSITIONAL for p in params):
        return None
    return tuple(p.name for p in params)


def _qike_frozen(value):
    """A hashable stand-in for a field's value: lists and tuples element by element,
    dicts as their items."""
    if isinstance(value, (list, tuple)):
        return tuple(_qike_frozen(v) for v in value)
    if isinstance(value, dict):
        return frozenset((_qike_frozen(k), _qike_frozen(v)) for k, v in value.items())
    return value


def _qike_value_type(cls, label, fields):
    def values(self):
        if fields is None:
            return tuple(self._values)
        return tuple(getattr(self, f) for f in fields)

    def __repr__(self):
        if fields is None:
            inner = ", ".join(repr(v) for v in self._values)
        else:
            inner = ", ".join(f"{f}={getattr(self, f)!r}" for f in fields)
        return f"{label}({inner})"

    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return values(self) == values(other)

    def __ne__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return values(self) != values(other)

    def __hash__(self):
        return hash((label, _qike_frozen(values(self))))

    cls.__repr__ = __repr__
    cls.__str__ = __repr__
    cls.__eq__ = __eq__
    cls.__ne__ = __ne__
    cls.__hash__ = __hash__


# The range of each whole-number type of the generated converters.
_QIKE_INT_RANGES = {
    "UInt8": (0, 2**8 - 1),
    "Int8": (-(2**7), 2**7 - 1),
    "UInt16": (0, 2**16 - 1),
    "Int16": (-(2**15), 2**15 - 1),
    "UInt32": (0, 2**32 - 1),
    "Int32": (-(2**31), 2**31 - 1),
    "UInt64": (0, 2**64 - 1),
    "Int64": (-(2**63), 2**63 - 1),
}
_QIKE_CHECK = r"_Uniffi(?:Ffi)?Converter(\w+)\.check_lower\(value\.(\w+)\)"


def _qike_int_fields(converter, variant=None):
    """`{field: range}` for each whole-number field a generated converter's `check_lower`
    checks (of one `variant` for an enum), read from its source:
    `_UniffiFfiConverterUInt8.check_lower(value.file)`."""
    import inspect
    import re

    try:
        source = inspect.getsource(converter.check_lower)
    except (OSError, TypeError):
        return {}
    if variant is not None:
        blocks = re.split(r"\n\s*if value\.is_(\w+)\(\):", source)
        source = "".join(blocks[i + 1] for i in range(1, len(blocks) - 1, 2) if blocks[i] == variant)
    return {
        field: _QIKE_INT_RANGES[kind]
        for kind, field in re.findall(_QIKE_CHECK, source)
        if kind in _QIKE_INT_RANGES
    }


def _qike_checked_ints(cls, label, fields, ranges):
    """Checks the whole-number fields of a new record or variant, naming the field."""
    if not ranges or fields is None:
        return
    import functools

    init = cls.__init__

    @functools.wraps(init)
    def __init__(self, *args, **kwargs):
        init(self, *args, **kwargs)
        for field, (low, high) in ranges.items():
            value = getattr(self, field, None)
            if isinstance(value, bool) or not isinstance(value, int):
                raise ArgumentError(f"{label}.{field}", value, f"a whole number from {low} to {high}")
            if not low <= value <= high:
                raise ArgumentError(f"{label}.{field}", value, f"from {low} to {high}")

    cls.__init__ = __init__


def _qike_typed(converter, cls, name):
    """Makes `converter` refuse a value of another type with a `TypeError` that names
    both types (rather than an `AttributeError` from deep inside)."""
    check = converter.check_lower

    def check_lower(value):
        if not isinstance(value, cls):
            ours = type(value).__module__ == __name__
            given = repr(value) if ours else f"{type(value).__name__} {value!r}"
            raise TypeError(f"a {name} is needed here, not {given}")
        check(value)

    converter.check_lower = staticmethod(check_lower)


def _qike_pythonic(namespace):
    buffer = namespace["_UniffiConverterRustBuffer"]
    for name, obj in list(namespace.items()):
        if not isinstance(obj, type) or name.startswith("_") or obj.__module__ != __name__:
            continue
        if issubclass(obj, BaseException):
            continue
        converter = namespace.get(f"_UniffiFfiConverterType{name}") or namespace.get(
            f"_UniffiConverterType{name}"
        )
        if not (isinstance(converter, type) and issubclass(converter, buffer)):
            continue  # an object behind a handle, not a value
        if issubclass(obj, enum.Enum):
            _qike_typed(converter, obj, name)
            continue
        variants = [
            (n, v) for n, v in vars(obj).items() if isinstance(v, type) and issubclass(v, obj)
        ]
        if not variants:
            fields = _qike_fields(obj)
            _qike_value_type(obj, name, fields)
            _qike_checked_ints(obj, name, fields, _qike_int_fields(converter))
        for variant_name, variant in variants:
            label = f"{name}.{variant_name}"
            fields = _qike_fields(variant)
            _qike_value_type(variant, label, fields)
            _qike_checked_ints(variant, label, fields, _qike_int_fields(converter, variant_name))
        _qike_typed(converter, obj, name)


_qike_pythonic(globals())


def _qike_checked_call(function, label):
    """`function` checking its whole-number arguments first, naming the argument (the
    ranges read from the generated code's `check_lower` calls); `function` itself when it
    takes none or is a coroutine function."""
    import functools
    import inspect
    import re

    try:
        source = inspect.getsource(function)
        signature = inspect.signature(function)
    except (OSError, TypeError, ValueError):
        return function
    if inspect.iscoroutinefunction(function):
        return function
    ranges = {
        name: _QIKE_INT_RANGES[kind]
        for kind, name in re.findall(r"_Uniffi(?:Ffi)?Converter(\w+)\.check_lower\((\w+)\)", source)
        if kind in _QIKE_INT_RANGES and name in signature.parameters
    }
    if not ranges:
        return function

    @functools.wraps(function)
    def checked(*args, **kwargs):
        try:
            bound = signature.bind(*args, **kwargs)
        except TypeError:
            return function(*args, **kwargs)
        for name, (low, high) in ranges.items():
            if name not in bound.arguments:
                continue
            value = bound.arguments[name]
            shown = name.lstrip("_")
            if isinstance(value, bool) or not isinstance(value, int):
                raise ArgumentError(f"{label}({shown})", value, f"a whole number from {low} to {high}")
            if not low <= value <= high:
                raise ArgumentError(f"{label}({shown})", value, f"from {low} to {high}")
        return function(*args, **kwargs)

    return checked


def _qike_checked_calls(namespace):
    """Every public function, constructor and method of the module checks its
    whole-number arguments before they cross, naming them."""
    import inspect

    for name, obj in list(namespace.items()):
        if name.startswith("_") or getattr(obj, "__module__", None) != __name__:
            continue
        if inspect.isfunction(obj):
            namespace[name] = _qike_checked_call(obj, name)
        elif isinstance(obj, type) and not issubclass(obj, BaseException):
            for attr, member in list(vars(obj).items()):
                if attr.startswith("_") and attr != "__init__":
                    continue
                label = name if attr == "__init__" else f"{name}.{attr}"
                if isinstance(member, classmethod):
                    wrapped = _qike_checked_call(member.__func__, label)
                    if wrapped is not member.__func__:
                        setattr(obj, attr, classmethod(wrapped))
                elif isinstance(member, staticmethod):
                    wrapped = _qike_checked_call(member.__func__, label)
                    if wrapped is not member.__func__:
                        setattr(obj, attr, staticmethod(wrapped))
                elif inspect.isfunction(member):
                    wrapped = _qike_checked_call(member, label)
                    if wrapped is not member:
                        setattr(obj, attr, wrapped)


_qike_checked_calls(globals())


def _qike_docstrings(namespace):
    """Docstrings in Python's terms: the Rust doc links (``[`Session::stop_thinking`]``)
    the generator copies become ``Session.stop_thinking``."""
    import re

    link = re.compile(r"\[`([^`\]]+)`\](?:\([^)]*\))?")

    def clean(doc):
        return link.sub(lambda m: "`" + m.group(1).replace("::", ".") + "`", doc)

    for name, obj in list(namespace.items()):
        if name.startswith("_") or getattr(obj, "__module__", None) != __name__:
            continue
        members = [obj] + (list(vars(obj).values()) if isinstance(obj, type) else [])
        for member in members:
            target = getattr(member, "__func__", member)
            doc = getattr(target, "__doc__", None)
            if isinstance(doc, str) and "[`" in doc:
                try:
                    target.__doc__ = clean(doc)
                except (AttributeError, TypeError):
                    pass


_qike_docstrings(globals())


def _qike_store_enter(self):
    return self


def _qike_store_exit(self, *exc):
    self.close_store()
    return False


ProgressStore.__enter__ = _qike_store_enter
ProgressStore.__exit__ = _qike_store_exit


# A text in one language, and the library's times (milliseconds since 1970, UTC) as
# datetimes. Functions of this layer alone, not of the core, are named in _QIKE_LAYER.
_QIKE_LAYER = ("set_language", "to_datetime", "from_datetime")
_qike_language = "zh"


def set_language(language: "str") -> "None":
    """Which language `str()` of a `Text` gives: "zh" (the default) or "en"."""
    global _qike_language
    if language not in ("zh", "en"):
        raise ArgumentError("language", language, '"zh" or "en"')
    _qike_language = language


def _qike_text_str(self):
    return self.zh if _qike_language == "zh" else self.en


Text.__str__ = _qike_text_str


def to_datetime(ms: "int") -> "datetime.datetime":
    """A time the library gives (`created`, `due`, `joined`…: milliseconds since 1970) as
    an aware datetime in UTC."""
    import datetime

    return datetime.datetime.fromtimestamp(ms / 1000, tz=datetime.timezone.utc)


def from_datetime(moment: "datetime.datetime") -> "int":
    """A datetime as the library's time, milliseconds since 1970 (a naive datetime is
    read as local time, as Python does)."""
    return round(moment.timestamp() * 1000)
