"""kb/ and asp/ ship inside the wheel, and a non-editable install finds them."""

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]


def test_source_checkout_finds_package_data():
    from adjudicator.paths import asp_dir, kb_dir

    assert (asp_dir() / "s42" / "zoc.lp").is_file()
    assert kb_dir().is_dir()


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    out = tmp_path_factory.mktemp("wheel")
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(ROOT)],
        capture_output=True, text=True,
    )
    if proc.returncode != 0:
        pytest.fail(f"building the wheel failed:\n{proc.stderr[-2000:]}")
    return next(out.glob("adjudicator-*.whl"))


def test_wheel_contains_encodings_kb_and_example(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "adjudicator/_data/asp/s42/zoc.lp" in names
    assert "adjudicator/_data/asp/core/base.lp" in names
    assert "adjudicator/games/s42/s42_demo.yaml" in names
    assert "adjudicator/web/static/board.js" in names  # the board page (serve)
    assert any(n.startswith("adjudicator/_data/kb/s42/") for n in names)


def test_installed_wheel_answers_outside_the_checkout(wheel, tmp_path):
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target",
                    str(target), str(wheel)], check=True, capture_output=True)
    proc = subprocess.run(
        [sys.executable, "-c",
         "import adjudicator.paths as p, sys; print(p.asp_dir());"
         "from adjudicator.cli import main; main(['demo'])"],
        capture_output=True, text=True, cwd=tmp_path,
        env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"},
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    first = proc.stdout.splitlines()[0]
    assert first.startswith(str(target)) and first.endswith("_data/asp")
    assert "[6.1]" in proc.stdout
