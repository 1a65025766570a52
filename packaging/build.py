"""Build the one-folder bundle: ``python packaging/build.py [--dist DIR] [--work DIR] [--clean]``.

``make package`` calls this. It runs PyInstaller on ``packaging/gmdesk.spec`` and leaves the program in
``DIST/gmdesk/`` (``gmdesk``, ``gmdesk.exe``, or ``gmdesk.app`` beside it on macOS), then puts the Linux
installer script beside the program. PyInstaller's intermediate files go to ``WORK`` (``build/`` by
default), which can be deleted afterwards. The same command works on Windows and macOS
(see packaging/README.md).
"""

from __future__ import annotations

import argparse
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "packaging" / "gmdesk.spec"
INSTALLER = ROOT / "packaging" / "install-linux.sh"


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="build.py", description="Build the gmdesk one-folder bundle with PyInstaller.")
    p.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the bundle goes (default: dist/)")
    p.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller",
                   help="PyInstaller's work folder (default: build/pyinstaller/)")
    p.add_argument("--clean", action="store_true", help="empty PyInstaller's cache first")
    return p.parse_args(argv)


def build(dist: Path, work: Path, clean: bool = False) -> Path:
    """Build the bundle; returns the folder that holds the program."""
    try:
        import PyInstaller.__main__ as pyinstaller
    except ImportError:
        raise SystemExit("build.py: PyInstaller is missing; install the test extra: pip install -e '.[test]'") from None
    dist, work = dist.resolve(), work.resolve()
    args = [str(SPEC), "--noconfirm", "--distpath", str(dist), "--workpath", str(work), "--log-level", "WARN"]
    if clean:
        args.append("--clean")
    pyinstaller.run(args)
    bundle = dist / "gmdesk"
    if sys.platform.startswith("linux"):
        shutil.copy2(INSTALLER, bundle / INSTALLER.name)
    return bundle


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    started = time.monotonic()
    bundle = build(args.dist, args.work, args.clean)
    print(f"gmdesk bundle: {bundle} ({time.monotonic() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
