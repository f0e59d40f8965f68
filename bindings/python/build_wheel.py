"""Packs the generated Python bindings and the native library into a wheel.

    python3 bindings/python/build_wheel.py BINDINGS_DIR OUT_DIR [--version V]

BINDINGS_DIR is what `bindings/generate.sh` wrote (`qike.py` with the Python layer of
`pythonic.py` at its end, and `libqike.so`, or `libqike.dylib`, or `qike.dll`). The
wheel holds one package, `qike`, whose `__init__.py` is that module, with its type
stubs (`__init__.pyi`, written by `stubs.py`, and `py.typed`) and the library beside it,
where the generated loader looks. Only the standard library is used, so no network or build tool
is needed; the wheel is tagged for this machine's platform and any Python 3 (the
library is loaded through ctypes, not as a CPython extension). Prints the wheel's path.
"""

import argparse
import base64
import hashlib
import os
import re
import sys
import sysconfig
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import stubs  # noqa: E402

NAME = "qike"
LAYER_MARKER = "# --- The Python layer over the generated bindings"
SUMMARY = "Qike's core (rules, engines with levels, lessons, progress, classes) for Python"


def workspace_version():
    """The version in [workspace.package] of the Cargo.toml two folders up."""
    here = os.path.dirname(os.path.abspath(__file__))
    cargo = os.path.join(here, "..", "..", "Cargo.toml")
    with open(cargo, encoding="utf-8") as f:
        text = f.read()
    section = text.split("[workspace.package]", 1)[-1]
    found = re.search(r'^version\s*=\s*"([^"]+)"', section, re.MULTILINE)
    if not found:
        sys.exit(f"no version in [workspace.package] of {cargo}")
    return found.group(1)


def platform_tag():
    """This machine's wheel platform tag, e.g. linux_x86_64 or macosx_11_0_arm64."""
    return re.sub(r"[^A-Za-z0-9]", "_", sysconfig.get_platform())


def native_library(folder):
    for name in ("libqike.so", "libqike.dylib", "qike.dll"):
        if os.path.exists(os.path.join(folder, name)):
            return name
    sys.exit(f"no native library (libqike.so, libqike.dylib or qike.dll) in {folder}")


def record_line(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def build(bindings, out, version):
    module = os.path.join(bindings, "qike.py")
    if not os.path.exists(module):
        sys.exit(f"no qike.py in {bindings}: run bindings/generate.sh first")
    library = native_library(bindings)
    tag = f"py3-none-{platform_tag()}"
    dist_info = f"{NAME}-{version}.dist-info"
    files = []
    with open(module, "rb") as f:
        source = f.read()
    if LAYER_MARKER.encode() not in source:
        sys.exit(f"{module} lacks the Python layer (pythonic.py): run bindings/generate.sh")
    files.append((f"{NAME}/__init__.py", source))
    files.append((f"{NAME}/__init__.pyi", stubs.stubs(stubs.load(bindings)).encode()))
    files.append((f"{NAME}/py.typed", b""))
    with open(os.path.join(bindings, library), "rb") as f:
        files.append((f"{NAME}/{library}", f.read()))
    metadata = (
        "Metadata-Version: 2.1\n"
        f"Name: {NAME}\n"
        f"Version: {version}\n"
        f"Summary: {SUMMARY}\n"
        "License: MIT OR Apache-2.0\n"
        "Requires-Python: >=3.8\n"
    )
    wheel = (
        "Wheel-Version: 1.0\n"
        "Generator: qike build_wheel.py\n"
        "Root-Is-Purelib: false\n"
        f"Tag: {tag}\n"
    )
    files.append((f"{dist_info}/METADATA", metadata.encode()))
    files.append((f"{dist_info}/WHEEL", wheel.encode()))
    record = [record_line(path, data) for path, data in files]
    record.append(f"{dist_info}/RECORD,,")
    files.append((f"{dist_info}/RECORD", ("\n".join(record) + "\n").encode()))

    os.makedirs(out, exist_ok=True)
    target = os.path.join(out, f"{NAME}-{version}-{tag}.whl")
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as z:
        for path, data in files:
            info = zipfile.ZipInfo(path, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            executable = path.endswith((".so", ".dylib", ".dll"))
            info.external_attr = (0o755 if executable else 0o644) << 16
            z.writestr(info, data)
    return target


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("bindings", help="folder with qike.py and the native library")
    parser.add_argument("out", help="folder to write the wheel into")
    parser.add_argument("--version", help="the package version (default: the workspace's)")
    args = parser.parse_args()
    print(build(args.bindings, args.out, args.version or workspace_version()))


if __name__ == "__main__":
    main()
