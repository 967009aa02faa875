"""Give the PDF viewer's bundled pdf.js the CJK cMaps it asks for (post-install step, idempotent).

streamlit-pdf-viewer bundles pdf.js but not its ``cmaps/``. Its built viewer calls
``getDocument({cMapUrl: "pdfjs-dist/cmaps/", cMapPacked: true})``: a URL relative to the
component's own page, which Streamlit serves from the package's ``frontend/dist/`` directory (any
file below it). A PDF whose CJK font is not embedded (Type0 + ``UniGB-UCS2-H`` and the like, common
in scanned-then-OCRed court files and older Word exports) needs those cMaps to map its codes to
glyphs; without them pdf.js draws nothing and the page looks blank. So this step copies ``cmaps/``
from the ``pdfjs-dist`` npm package of exactly the bundled pdf.js version into
``frontend/dist/<cMapUrl>``, where the viewer already looks: no patch of the viewer's code.

``standard_fonts/`` is not copied: the viewer sets no ``standardFontDataUrl``, so pdf.js would
never ask for those files (it substitutes system fonts for the 14 standard fonts instead).

Usage: python scripts/setup_viewer_assets.py [--check] [--tarball pdfjs-dist-X.tgz]
A reinstall of streamlit-pdf-viewer wipes its directory; setup.sh runs this step every time and it
returns at once when the right version is already in place.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import logging
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("setup_viewer_assets")

VIEWER_PACKAGE = "streamlit_pdf_viewer"
NPM_PACKAGE = "pdfjs-dist"
MARKER = ".pdfjs-dist-version"  # written last: its presence means a complete copy of that version
# A cMap every Chinese PDF with a non-embedded font needs; checked after the copy.
PROBE_CMAP = "UniGB-UCS2-H.bcmap"

_API_VERSION = re.compile(r'apiVersion:"(\d+\.\d+\.\d+)"')
_CMAP_URL = re.compile(r'"([^"\s]*cmaps/)"')


class ViewerAssetError(RuntimeError):
    """The viewer or the npm package is not what this step expects; the message says what."""


@dataclass(frozen=True)
class ViewerBuild:
    dist: Path  # streamlit_pdf_viewer/frontend/dist: the component's web root
    pdfjs_version: str  # the pdf.js bundled in its JavaScript
    cmap_url: str  # the cMapUrl its viewer passes to getDocument, relative to dist

    @property
    def cmap_dir(self) -> Path:
        return self.dist / self.cmap_url

    def installed_version(self) -> str | None:
        marker = self.cmap_dir / MARKER
        return marker.read_text("utf-8").strip() if marker.is_file() else None

    def ready(self) -> bool:
        return (self.installed_version() == self.pdfjs_version
                and (self.cmap_dir / PROBE_CMAP).is_file())


def viewer_dist() -> Path:
    """The installed viewer's web root, found without importing it (that would import streamlit)."""
    spec = importlib.util.find_spec(VIEWER_PACKAGE)
    if spec is None or spec.origin is None:
        raise ViewerAssetError(f"{VIEWER_PACKAGE} is not installed in {sys.prefix}")
    dist = Path(spec.origin).parent / "frontend" / "dist"
    if not (dist / "index.html").is_file():
        raise ViewerAssetError(f"{VIEWER_PACKAGE} has no built frontend at {dist}")
    return dist


def bundled_pdfjs_version(dist: Path) -> str:
    """The pdf.js version compiled into the viewer (its API/worker version check string)."""
    versions = {v for js in sorted((dist / "js").glob("*.js"))
                for v in _API_VERSION.findall(js.read_text("utf-8", errors="replace"))}
    if len(versions) != 1:
        raise ViewerAssetError(f"expected one bundled pdf.js version in {dist / 'js'}, "
                               f"found {sorted(versions) or 'none'}")
    return versions.pop()


def configured_cmap_url(dist: Path) -> str:
    """The cMapUrl the viewer's own code passes to pdf.js; must be relative to its web root."""
    urls = {u for js in sorted((dist / "js").glob("app*.js"))
            for u in _CMAP_URL.findall(js.read_text("utf-8", errors="replace"))}
    if len(urls) != 1:
        raise ViewerAssetError(f"expected one cMapUrl in the viewer's app script, found "
                               f"{sorted(urls) or 'none'}: the bundled viewer changed; see docs/ui.md")
    url = urls.pop()
    if url.startswith("/") or "://" in url or ".." in url.split("/"):
        raise ViewerAssetError(f"the viewer's cMapUrl {url!r} is not a path below its web root")
    return url


def inspect_viewer(dist: Path | None = None) -> ViewerBuild:
    dist = dist or viewer_dist()
    return ViewerBuild(dist, bundled_pdfjs_version(dist), configured_cmap_url(dist))


def npm_pack(version: str, into: Path) -> Path:
    """``npm pack pdfjs-dist@VERSION``: the registry tarball, through npm's own client and cache."""
    npm = shutil.which("npm")
    if npm is None:
        raise ViewerAssetError("npm is not installed (Debian: apt-get install npm); it fetches "
                               f"{NPM_PACKAGE}@{version} for the viewer's CJK cMaps")
    spec = f"{NPM_PACKAGE}@{version}"
    done = subprocess.run([npm, "pack", spec, "--pack-destination", str(into), "--silent"],
                          capture_output=True, text=True, timeout=300, check=False)
    if done.returncode != 0:
        raise ViewerAssetError(f"npm pack {spec} failed: {done.stderr.strip()[-500:]}")
    tarballs = sorted(into.glob(f"{NPM_PACKAGE}-{version}.tgz"))
    if not tarballs:
        raise ViewerAssetError(f"npm pack {spec} wrote no tarball in {into}")
    return tarballs[0]


def _extract_cmaps(tarball: Path, version: str, into: Path) -> int:
    """Copy ``package/cmaps/*`` of the tarball into ``into``; returns the number of cMaps."""
    count = 0
    with tarfile.open(tarball, "r:gz") as tar:
        manifest = tar.extractfile("package/package.json")
        meta = json.loads(manifest.read()) if manifest is not None else {}
        if (meta.get("name"), meta.get("version")) != (NPM_PACKAGE, version):
            raise ViewerAssetError(f"{tarball.name} is not {NPM_PACKAGE} {version}")
        for member in tar.getmembers():
            parent, _, name = member.name.rpartition("/")
            # flat files only: names come from the archive, so nothing may climb out of ``into``
            if parent != "package/cmaps" or not member.isfile() or not name or name.startswith("."):
                continue
            source = tar.extractfile(member)
            (into / name).write_bytes(source.read())
            count += name.endswith(".bcmap")
    return count


def install_cmaps(build: ViewerBuild, tarball: Path | None = None) -> str:
    """Put the cMaps of the bundled pdf.js version where its viewer looks; returns what it did."""
    if build.ready():
        return f"cMaps for pdf.js {build.pdfjs_version} already in {build.cmap_dir}"
    target = build.cmap_dir
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent, prefix=".cmaps-") as tmp:
        staging = Path(tmp) / "cmaps"
        staging.mkdir()
        source = tarball or npm_pack(build.pdfjs_version, Path(tmp))
        count = _extract_cmaps(source, build.pdfjs_version, staging)
        if not (staging / PROBE_CMAP).is_file():
            raise ViewerAssetError(f"{source.name} has no cmaps/{PROBE_CMAP}")
        (staging / MARKER).write_text(build.pdfjs_version + "\n", "utf-8")
        # swap in whole: a viewer serving meanwhile sees the old set or the new, never half
        if target.exists():
            old = Path(tmp) / "old"
            os.replace(target, old)
        os.replace(staging, target)
    return f"installed {count} cMaps of {NPM_PACKAGE} {build.pdfjs_version} into {target}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="only report whether the cMaps are in place (exit 1 if not)")
    parser.add_argument("--tarball", type=Path,
                        help=f"use this {NPM_PACKAGE} .tgz instead of npm pack (offline installs)")
    args = parser.parse_args(argv)
    try:
        build = inspect_viewer()
        if args.check:
            ok = build.ready()
            print(f"pdf.js {build.pdfjs_version}, cMapUrl {build.cmap_url!r}: "
                  f"{'cMaps present' if ok else 'cMaps MISSING'} in {build.cmap_dir}")
            return 0 if ok else 1
        print(install_cmaps(build, args.tarball), file=sys.stderr)
    except (ViewerAssetError, OSError, subprocess.SubprocessError, tarfile.TarError) as exc:
        print(f"setup_viewer_assets: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
