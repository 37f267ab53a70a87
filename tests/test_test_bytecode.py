"""The test modules' assertion-rewritten bytecode written once before the xdist workers start
(tests/conftest.prewrite_test_bytecode): pytest's own reader takes it, with the asserts rewritten."""

from __future__ import annotations

import marshal
from pathlib import Path

import pytest
from _pytest.assertion.rewrite import PYC_TAIL, _read_pyc

from tests.conftest import prewrite_test_bytecode


def test_each_test_module_and_conftest_gets_rewritten_bytecode_once(tmp_path: Path, pytestconfig: pytest.Config):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "test_a.py").write_text("def test_a():\n    x = 1\n    assert x == 2\n", encoding="utf-8")
    (tmp_path / "conftest.py").write_text("def helper(x):\n    assert x\n", encoding="utf-8")
    (tmp_path / "helper.py").write_text("assert True\n", encoding="utf-8")  # no test module: left to import
    (tmp_path / "test_broken.py").write_text("def test_b(:\n", encoding="utf-8")  # collection reports it
    assert prewrite_test_bytecode(pytestconfig, tmp_path) == 2
    test_pyc = tmp_path / "sub" / "__pycache__" / f"test_a{PYC_TAIL}"
    code = _read_pyc(tmp_path / "sub" / "test_a.py", test_pyc)
    assert code is not None and "@pytest_ar" in code.co_names  # pytest's assertion helpers: rewritten
    assert _read_pyc(tmp_path / "conftest.py", tmp_path / "__pycache__" / f"conftest{PYC_TAIL}") is not None
    assert not (tmp_path / "__pycache__" / f"helper{PYC_TAIL}").exists()
    assert prewrite_test_bytecode(pytestconfig, tmp_path) == 0  # all still match their sources
    (tmp_path / "sub" / "test_a.py").write_text("def test_a():\n    assert 3 == 3\n", encoding="utf-8")
    assert prewrite_test_bytecode(pytestconfig, tmp_path) == 1  # the changed one again
    fresh = _read_pyc(tmp_path / "sub" / "test_a.py", test_pyc)
    assert fresh is not None and marshal.dumps(fresh) != marshal.dumps(code)
