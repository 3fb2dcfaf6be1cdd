"""The packages depend one way, and no module depends on itself through others.

kernel (``recorder`` without ``recorder/games``) <- games (``recorder/games/<game>``) <- replay <- viewer
<- application (``beatlog``): a module imports only from its own layer or the layers before it, no game
imports another game, and there is no import cycle between modules. Every import counts, wherever it is
written: at the top, inside a function, or under ``TYPE_CHECKING``. An import inside a function is only
a way to load something later (the command-line's modules, heavy third-party libraries), never a way
around a cycle: outside ``beatlog.cli`` (whose modules are loaded on demand, see its docstring) an
import of one of our own modules inside a function must say why on its line (``# lazy: ...``).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("recorder", "replay", "viewer", "beatlog")
LAYERS = ("kernel", "games", "replay", "viewer", "application")


@dataclass(frozen=True)
class Edge:
    source: str
    target: str
    line: int
    in_function: bool
    text: str


def _modules() -> dict[str, Path]:
    mods = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            mods[".".join(parts)] = path
    return mods


MODULES = _modules()


def _resolve(current: str, node: ast.Import | ast.ImportFrom) -> list[str]:
    names: list[str] = []
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    else:
        base = node.module or ""
        if node.level:
            parts = current.split(".")
            is_package = MODULES[current].name == "__init__.py"
            parts = parts[: len(parts) - node.level + (1 if is_package else 0)]
            base = ".".join(parts + ([base] if base else []))
        names = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names]
    out = []
    for name in names:
        while name and name not in MODULES:
            name = name.rpartition(".")[0]
        if name and name != current:
            out.append(name)
    return out


def _edges() -> list[Edge]:
    edges = []
    for module, path in MODULES.items():
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        tree = ast.parse(source)
        inside: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                inside.update(id(sub) for sub in ast.walk(node) if sub is not node)
        for node in ast.walk(tree):
            if not isinstance(node, (ast.Import, ast.ImportFrom)):
                continue
            if isinstance(node, ast.ImportFrom) and node.module == "__future__":
                continue
            text = lines[node.lineno - 1].strip()
            for target in _resolve(module, node):
                edges.append(Edge(module, target, node.lineno, id(node) in inside, text))
    return edges


EDGES = _edges()


def layer(module: str) -> int:
    top = module.split(".")[0]
    if top == "recorder":
        return LAYERS.index("games") if module.startswith("recorder.games.") else LAYERS.index("kernel")
    return LAYERS.index({"replay": "replay", "viewer": "viewer", "beatlog": "application"}[top])


def game_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["recorder", "games"] else None


def _where(edge: Edge) -> str:
    return f"{MODULES[edge.source].relative_to(ROOT)}:{edge.line}: {edge.text}"


def test_the_modules_were_found():
    assert {"recorder.events", "recorder.games.battlecon.game", "replay.verify", "viewer.site", "beatlog.cli"} <= set(MODULES)
    assert len(EDGES) > 300


def test_dependencies_point_one_way():
    upward = list(dict.fromkeys(f"{_where(e)}  ({LAYERS[layer(e.source)]} imports {LAYERS[layer(e.target)]})"
                                for e in EDGES if layer(e.target) > layer(e.source)))
    assert not upward, "imports against the direction kernel <- games <- replay <- viewer <- application:\n" + "\n".join(upward)


def test_no_game_imports_another_game():
    crossing = [_where(e) for e in EDGES
                if game_of(e.source) and game_of(e.target) and game_of(e.source) != game_of(e.target)]
    assert not crossing, "a game imports another game:\n" + "\n".join(crossing)


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def test_the_cycle_finder_finds_cycles():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycles():
    graph: dict[str, set[str]] = {m: set() for m in MODULES}
    for e in EDGES:
        graph[e.source].add(e.target)
    cycles = _cycles(graph)
    detail = []
    for cycle in cycles:
        members = set(cycle)
        detail.append(" <-> ".join(cycle))
        detail += list(dict.fromkeys(f"    {_where(e)}" for e in EDGES if e.source in members and e.target in members))
    assert not cycles, "import cycles (counting imports inside functions):\n" + "\n".join(detail)


def test_imports_inside_functions_say_why():
    hidden = list(dict.fromkeys(_where(e) for e in EDGES
                                if e.in_function and not e.source.startswith("beatlog.cli") and "# lazy:" not in e.text))
    assert not hidden, ("our own modules imported inside functions (import them at the top, or say why "
                        "it must wait with '# lazy: ...'):\n" + "\n".join(hidden))


def test_the_command_table_names_every_command():
    from beatlog import cli

    cli.load_commands()
    assert set(cli.main.commands) == set(cli.COMMANDS)
    for name, module in cli.COMMANDS.items():
        assert cli.main.commands[name].callback.__module__ == f"beatlog.cli.{module}", name


HEAVY = ("plotly", "nacl", "jsonschema", "multiprocessing", "jinja2", "sqlite3", "rich", "replay", "viewer")


def _loaded_by(*args: str) -> set[str]:
    # As the console script runs it (beatlog/console.py, which answers --version without click).
    code = (f"import sys; sys.argv = ['beatlog', *{list(args)!r}]; from beatlog.console import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(' '.join(sorted(sys.modules)), file=sys.stderr)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(out.stderr.split())


def test_start_up_loads_only_what_the_command_needs():
    # What `beatlog --version` and `beatlog verify --help` import (their speed is measured by the bench).
    for args in (("--version",), ("verify", "--help")):
        loaded = _loaded_by(*args)
        heavy = sorted(m for m in loaded if m.split(".")[0] in HEAVY)
        assert not heavy, f"beatlog {' '.join(args)} imports {heavy}"
    assert "beatlog.cli.stats_commands" not in _loaded_by("verify", "--help")


def test_verifying_a_log_without_a_seal_loads_no_signatures_nor_earlier_rules():
    # `beatlog verify LOG.jsonl`, a judge's most common command: PyNaCl is loaded only where a seal is checked, and
    # the earlier engines' rules fingerprints (every pairing's, bench's cli rows) only when a log of theirs is re-run.
    log = Path(__file__).resolve().parent.parent / "sample_logs" / "battlecon" / "woi-hikaru-vs-khadath.jsonl"
    code = ("import sys; sys.argv = ['beatlog', 'verify', sys.argv[1]]; from beatlog.console import main\n"
            "try:\n    main()\nexcept SystemExit as exc:\n    assert not exc.code, exc.code\n"
            "from recorder.games.battlecon.rulesets import battlecon_engine_3 as e3, battlecon_engine_4 as e4\n"
            "computed = [name for name, fp in (('engine 4', e4.FINGERPRINTS_4), ('engine 3', e3.FINGERPRINTS_3))\n"
            "            if {'shared', 'kits'} & set(vars(fp))]\n"
            "print(' '.join(sorted(sys.modules)), file=sys.stderr); print(computed)")
    out = subprocess.run([sys.executable, "-c", code, str(log)], capture_output=True, text=True, check=True)
    assert "verified" in out.stdout and out.stdout.splitlines()[-1] == "[]", out.stdout
    assert not [m for m in out.stderr.split() if m.split(".")[0] == "nacl"]


def test_recording_one_match_loads_no_process_pool_nor_signatures(tmp_path):
    # `beatlog record` plays one match in its own process: the pools of tournaments and statistics wait for a
    # parallel run, PyNaCl for a seal.
    out = tmp_path / "match.jsonl"
    loaded = _loaded_by("record", "--fighters", "hikaru,khadath", "--bots", "random,random", "--duels", "1",
                        "--seed", "7", "-o", str(out))
    assert out.exists()
    assert not sorted(m for m in loaded if m.split(".")[0] in ("multiprocessing", "nacl"))
