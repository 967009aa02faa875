"""scripts/setup_viewer_assets.py on a fake viewer build and a fake npm tarball (no network)."""

from __future__ import annotations

import io
import json
import tarfile
from pathlib import Path

import pytest

from scripts import setup_viewer_assets as assets

pytestmark = pytest.mark.unit


def fake_dist(root: Path, version: str = "9.9.9", cmap_url: str = "pdfjs-dist/cmaps/") -> Path:
    dist = root / "frontend" / "dist"
    (dist / "js").mkdir(parents=True)
    (dist / "index.html").write_text("<html></html>")
    (dist / "js" / "app.1234.js").write_text(
        f'const w="{cmap_url}",x=!0;getDocument({{url:t,cMapUrl:w,cMapPacked:x}})')
    (dist / "js" / "chunk-vendors.5678.js").write_text(
        f'const H={{docId:i,apiVersion:"{version}",data:s}};const rA="{version}"')
    return dist


def fake_tarball(path: Path, version: str = "9.9.9", extra: dict[str, bytes] | None = None) -> Path:
    files = {"package/package.json": json.dumps({"name": "pdfjs-dist", "version": version}).encode(),
             f"package/cmaps/{assets.PROBE_CMAP}": b"\xe0bcmap",
             "package/cmaps/Adobe-GB1-UCS2.bcmap": b"\xe0bcmap2",
             "package/cmaps/LICENSE": b"Adobe licence",
             "package/standard_fonts/FoxitSans.pfb": b"font", **(extra or {})}
    with tarfile.open(path, "w:gz") as tar:
        for name, data in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return path


def test_reads_version_and_cmap_url_from_the_build(tmp_path):
    build = assets.inspect_viewer(fake_dist(tmp_path))
    assert (build.pdfjs_version, build.cmap_url) == ("9.9.9", "pdfjs-dist/cmaps/")
    assert build.cmap_dir == tmp_path / "frontend" / "dist" / "pdfjs-dist" / "cmaps"
    assert not build.ready()


def test_the_installed_viewer_is_understood():
    build = assets.inspect_viewer()  # the real streamlit-pdf-viewer in this environment
    assert build.pdfjs_version.count(".") == 2 and not build.cmap_url.startswith("/")


def test_install_copies_cmaps_once_and_then_does_nothing(tmp_path, monkeypatch):
    build = assets.inspect_viewer(fake_dist(tmp_path))
    message = assets.install_cmaps(build, fake_tarball(tmp_path / "p.tgz"))
    assert "installed 2 cMaps" in message and build.ready()
    assert sorted(p.name for p in build.cmap_dir.iterdir()) == sorted(
        [assets.MARKER, "Adobe-GB1-UCS2.bcmap", "LICENSE", assets.PROBE_CMAP])
    assert not list(build.cmap_dir.parent.glob(".cmaps-*"))  # the staging area is gone

    def no_network(*args):
        raise AssertionError("npm must not run when the cMaps are in place")

    monkeypatch.setattr(assets, "npm_pack", no_network)
    assert "already" in assets.install_cmaps(build)


def test_a_new_bundled_version_replaces_the_old_cmaps(tmp_path):
    old = assets.inspect_viewer(fake_dist(tmp_path / "a", version="1.0.0"))
    assets.install_cmaps(old, fake_tarball(tmp_path / "old.tgz", version="1.0.0",
                                           extra={"package/cmaps/Gone.bcmap": b"x"}))
    new = assets.ViewerBuild(old.dist, "2.0.0", old.cmap_url)  # the viewer was upgraded
    assert not new.ready()
    assets.install_cmaps(new, fake_tarball(tmp_path / "new.tgz", version="2.0.0"))
    assert new.ready() and not (new.cmap_dir / "Gone.bcmap").exists()


def test_refuses_a_tarball_of_another_version(tmp_path):
    build = assets.inspect_viewer(fake_dist(tmp_path))
    with pytest.raises(assets.ViewerAssetError, match="is not pdfjs-dist 9.9.9"):
        assets.install_cmaps(build, fake_tarball(tmp_path / "p.tgz", version="9.9.8"))
    assert not build.cmap_dir.exists()


def test_archive_names_cannot_escape_the_cmap_directory(tmp_path):
    build = assets.inspect_viewer(fake_dist(tmp_path))
    assets.install_cmaps(build, fake_tarball(tmp_path / "p.tgz", extra={
        "package/cmaps/../../../../evil.bcmap": b"x", "package/cmaps/sub/deep.bcmap": b"x"}))
    assert not list(tmp_path.rglob("evil.bcmap")) and not list(tmp_path.rglob("deep.bcmap"))


@pytest.mark.parametrize("js, problem", [
    ('apiVersion:"1.0.0" apiVersion:"1.0.1"', "one bundled pdf.js version"),
    ("no version here", "one bundled pdf.js version"),
])
def test_an_unexpected_bundle_is_reported(tmp_path, js, problem):
    dist = fake_dist(tmp_path)
    (dist / "js" / "chunk-vendors.5678.js").write_text(js)
    with pytest.raises(assets.ViewerAssetError, match=problem):
        assets.inspect_viewer(dist)


@pytest.mark.parametrize("url", ["/static/cmaps/", "https://cdn.example/cmaps/", "../cmaps/"])
def test_a_cmap_url_outside_the_web_root_is_refused(tmp_path, url):
    with pytest.raises(assets.ViewerAssetError, match="not a path below its web root"):
        assets.inspect_viewer(fake_dist(tmp_path, cmap_url=url))


def test_check_mode_reports_without_installing(tmp_path, monkeypatch, capsys):
    dist = fake_dist(tmp_path)
    monkeypatch.setattr(assets, "viewer_dist", lambda: dist)
    assert assets.main(["--check"]) == 1
    assert "MISSING" in capsys.readouterr().out
    assert assets.main(["--tarball", str(fake_tarball(tmp_path / "p.tgz"))]) == 0
    assert assets.main(["--check"]) == 0
