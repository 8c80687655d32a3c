"""Write one API reference page per rlkit module into the docs staging folder, as nbdev's show_doc would.

For each module listed in rlkit/_modidx.py: every public name in its `__all__` (in definition order) with its
signature, its docstring and fastcore's docments parameter comments; for each class, also its public methods that
_modidx lists. Constants get their value. Nothing is executed beyond importing the modules.

Usage: .venv/bin/python scripts/api_pages.py STAGING_DIR   (writes STAGING_DIR/api/<module>.md, prints the pages)
"""
from __future__ import annotations
import importlib, inspect, re, sys, warnings
from pathlib import Path

from fastcore.docments import docments

warnings.filterwarnings('ignore', module='fastcore.docscrape')  # numpy-style sections it does not know

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the checkout's rlkit, also where the venv's install is not editable


def _notebook(mod) -> str:
    "The notebook a module is exported from, e.g. '00_core.ipynb', from nbdev's header comment"
    src = Path(mod.__file__).read_text()
    m = re.search(r"File to edit: \.\./nbs/(\S+\.ipynb)", src)
    return m.group(1) if m else ''


def _summary(mod) -> str:
    "The module docstring (without a 'Docs:' line, should nbdev add one again)"
    doc = inspect.getdoc(mod) or ''
    return '\n'.join(l for l in doc.splitlines() if not l.startswith('Docs: ')).strip()


def _anno(a) -> str:
    if a is inspect.Parameter.empty or a is None: return ''
    return a if isinstance(a, str) else inspect.formatannotation(a)


def _default(d) -> str:
    if d is inspect.Parameter.empty: return ''
    r = repr(d).replace(str(ROOT), '<checkout>')  # no local paths on a published page
    return re.sub(r' at 0x[0-9a-f]+', '', r)  # no memory addresses: the pages stay the same from build to build


def _signature(name: str, obj, drop_self: bool) -> str:
    "`name(a: int = 1, *, b: str = '') -> T`, annotations unquoted (the modules use `from __future__ import annotations`)"
    try: sig = inspect.signature(obj)
    except (TypeError, ValueError): return name
    parts, star_done = [], False
    params = list(sig.parameters.values())
    if drop_self and params and params[0].name in ('self', 'cls'): params = params[1:]
    prev = None
    for p in params:
        if prev == inspect.Parameter.POSITIONAL_ONLY and p.kind != inspect.Parameter.POSITIONAL_ONLY: parts.append('/')
        if p.kind == inspect.Parameter.KEYWORD_ONLY and not star_done: parts.append('*'); star_done = True
        s = {inspect.Parameter.VAR_POSITIONAL: '*', inspect.Parameter.VAR_KEYWORD: '**'}.get(p.kind, '') + p.name
        if p.kind == inspect.Parameter.VAR_POSITIONAL: star_done = True
        a, d = _anno(p.annotation), _default(p.default)
        if a: s += f': {a}'
        if d: s += f' = {d}' if a else f'={d}'
        parts.append(s); prev = p.kind
    if prev == inspect.Parameter.POSITIONAL_ONLY: parts.append('/')
    ret = _anno(sig.return_annotation)
    one = f"{name}({', '.join(parts)})" + (f' -> {ret}' if ret and ret != 'None' else '')
    if len(one) <= 100: return one
    return f"{name}(\n" + ''.join(f'    {p},\n' for p in parts) + ')' + (f' -> {ret}' if ret and ret != 'None' else '')


def _cell(s: str) -> str: return s.replace('|', '\\|').replace('\n', ' ')


def _params_table(obj, drop_self: bool) -> str:
    "nbdev's table: Type, Default, Details, for every parameter, when at least one has a type or a comment"
    try: dm = docments(obj, full=True)
    except Exception: return ''
    rows = []
    for k, v in dm.items():
        if drop_self and k in ('self', 'cls'): continue
        if k == 'return' and not v.get('docment'): continue
        rows.append((k, _anno(v.get('anno')), _default(v.get('default', inspect.Parameter.empty)), v.get('docment') or ''))
    if not rows or not any(r[1] or r[3] for r in rows): return ''
    out = ['| | **Type** | **Default** | **Details** |', '|---|---|---|---|']
    for k, a, d, doc in rows:
        out.append(f"| **{_cell(k)}** | {_cell(a)} | {('`' + _cell(d) + '`') if d else ''} | {_cell(doc)} |")
    return '\n'.join(out)


def _doc_block(title: str, obj, kind: str, level: int) -> str:
    drop_self = kind == 'method'
    target = obj.fget if isinstance(obj, property) else obj
    lines = [f"{'#' * level} {title}", '']
    if isinstance(obj, property): lines += ['*property*', '']
    elif callable(obj):
        prefix = 'class ' if inspect.isclass(obj) else ''
        lines += ['```python', prefix + _signature(title, target, drop_self), '```', '']
    doc = inspect.getdoc(target) if (callable(target) or isinstance(obj, property)) else None
    if inspect.isclass(obj) and doc and obj.__doc__ is None: doc = None  # inherited from a base
    if doc: lines += [doc, '']
    if callable(target) and not isinstance(obj, property):
        t = _params_table(target, drop_self)
        if t: lines += [t, '']
    return '\n'.join(lines)


def _constant_block(name: str, value) -> str:
    r = _default(value)
    if len(r) > 300: r = r[:300] + ' ...'
    return f"### {name}\n\n```python\n{name} = {r}\n```\n"


def _methods(modname: str, cls, syms: dict) -> list[str]:
    pre = f'{modname}.{cls.__name__}.'
    names = [k[len(pre):] for k in syms if k.startswith(pre)]
    names = [n for n in names if '.' not in n and not n.startswith('_') and n in cls.__dict__]
    def line(n):
        o = cls.__dict__[n]
        o = getattr(o, '__func__', None) or getattr(o, 'fget', None) or o
        try: return inspect.getsourcelines(o)[1]
        except (OSError, TypeError): return 10**9
    return sorted(names, key=line)


def module_page(modname: str, syms: dict) -> tuple[str, str, str]:
    "(page file name, title, markdown) for `modname`"
    mod = importlib.import_module(modname)
    short = modname.split('.', 1)[1]
    nb = _notebook(mod)
    out = [f'# {modname}', '']
    if s := _summary(mod): out += [s, '']
    if nb: out += [f'Explained, with examples, in the notebook [{nb}](../{nb}).', '']
    out += [f'```python\nfrom {modname} import *\n```', '']
    for name in getattr(mod, '__all__', []):
        obj = getattr(mod, name)
        if inspect.isclass(obj):
            out.append(_doc_block(name, obj, 'class', 3))
            for m in _methods(modname, obj, syms):
                raw = obj.__dict__[m]
                o = raw if isinstance(raw, property) else getattr(obj, m)
                kind = 'method' if inspect.isfunction(raw) else 'function'  # static/classmethods come bound
                out.append(_doc_block(f'{name}.{m}', o, kind, 4))
        elif callable(obj): out.append(_doc_block(name, obj, 'function', 3))
        else: out.append(_constant_block(name, obj))
    return f'{short}.md', modname, '\n'.join(out).rstrip() + '\n'


def main(staging: str):
    from rlkit._modidx import d
    syms = d['syms']
    mods = sorted(syms, key=lambda m: _notebook(importlib.import_module(m)) or m)
    api = Path(staging) / 'api'
    api.mkdir(parents=True, exist_ok=True)
    for m in mods:
        fn, title, md = module_page(m, syms[m])
        (api / fn).write_text(md)
        print(f'api/{fn}')


if __name__ == '__main__':
    if len(sys.argv) != 2: sys.exit(__doc__)
    main(sys.argv[1])
