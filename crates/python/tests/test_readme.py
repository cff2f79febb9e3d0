"""README's "From Python" section is true: its Python snippet runs as written (from the
repository's root, where its paths lead), and its install command is the one CI runs."""

import os
import re

from conftest import ROOT


def readme_section() -> str:
    """The text of README.md's "From Python" section."""
    readme = (ROOT / "README.md").read_text()
    return readme.split("## From Python\n", 1)[1].split("\n## ", 1)[0]


def test_the_readme_python_example_runs(monkeypatch):
    snippets = re.findall(r"```python\n(.*?)```", readme_section(), flags=re.S)
    assert len(snippets) == 1
    monkeypatch.chdir(ROOT)
    namespace: dict = {}
    exec(compile(snippets[0], "README.md", "exec"), namespace)
    assert namespace["count"] > 0 and namespace["reached"][0, 0] == (namespace["image"][0, 0] > 0.4)
    assert namespace["answer"].startswith("S\n")


def test_the_readme_install_command_is_the_one_ci_runs():
    assert "pip install ./crates/python" in readme_section()
    ci = (ROOT / ".ci" / "run").read_text()
    assert re.search(r"pip install (--\S+ )*\./crates/python\n", ci)
    assert os.path.isfile(ROOT / "crates" / "python" / "pyproject.toml")
