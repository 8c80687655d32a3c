"""The docs site as a reader without a network sees it: `bash scripts/docs.sh` builds _site/, headless Chromium opens
the home page, tutorial 00 and the GRPO page from the folder (file://) with its network cut, and each page must show
typeset equations and real tables, make no request to the network, and link only to files and anchors that exist."""
import json, re, shutil, subprocess, sys, time
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "_site"
sys.path.insert(0, str(ROOT / "scripts"))
PAGES = {"index.html": 0, "tutorials/00_policy_gradients.html": 20, "tutorials/03b_ppo_critic.html": 20,
         "08_grpo.html": 20}  # page: formulas at least

# The text a reader sees outside code, one entry per block (paragraph, list item, cell, heading): where a `$...$`
# formula or a `|---|` table line would show if MathJax or the table parser had missed it.
READ_TEXT = """
const skip = 'code, pre, script, style, textarea, .MathJax_CHTML, .MathJax_Preview, .MJXc-display';
const blocks = new Map();
const walk = document.createTreeWalker(document.querySelector('article') || document.body, NodeFilter.SHOW_TEXT);
for (let n = walk.nextNode(); n; n = walk.nextNode()) {
  const p = n.parentElement;
  if (!p || p.closest(skip)) continue;
  const block = p.closest('p, li, td, th, h1, h2, h3, h4, h5, h6, dd, dt, blockquote, div') || document.body;
  blocks.set(block, (blocks.get(block) || '') + n.data);
}
return [...blocks.values()];"""
RAW_MATH = re.compile(r"\$\$?[^$]*?(\\|\^|_)[^$]*?\$\$?")  # a formula left as TeX: delimiters around \cmd, ^ or _
RAW_TABLE = re.compile(r"\|\s*:?-{3,}:?\s*\|")


class _Refs(HTMLParser):
    "A page's ids and the site-relative references it makes (<a href>, <link href>, <script src>, <img src>)"
    def __init__(self):
        super().__init__()
        self.ids, self.refs = set(), []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
        ref = a.get("href") if tag in ("a", "link") else a.get("src") if tag in ("script", "img") else None
        if ref is not None:
            self.refs.append(ref)


_parsed = {}


def refs(page: Path) -> _Refs:
    if page not in _parsed:
        _parsed[page] = _Refs()
        _parsed[page].feed(page.read_text(encoding="utf-8"))
    return _parsed[page]


def missing(target: Path, fragment: str):
    "Why `target` (and the element `fragment` names in it) is not in the site, or None"
    target = target.resolve()
    if not target.is_relative_to(SITE):
        return "outside the site"
    if not target.is_file():
        return "a folder (a directory listing from file://)" if target.is_dir() else "no such file"
    if fragment and target.suffix == ".html" and fragment not in refs(target).ids:
        return f"no element with id {fragment!r} in {target.relative_to(SITE)}"
    return None


def broken(page: Path, ref: str):
    "Why `ref`, as written in `page`, does not reach a file of the site (and its #fragment), or None"
    u = urlsplit(ref)
    if u.scheme or ref.startswith("//"):
        return None  # another site (or mailto:, data:, javascript:)
    if u.path.startswith("/"):
        return "root-absolute: breaks opened from a folder or served under a path"
    return missing(page.parent / unquote(u.path) if u.path else page, unquote(u.fragment))


@pytest.fixture(scope="module")
def site():
    if not (shutil.which("chromium") and shutil.which("chromedriver")):
        pytest.skip("needs chromium and chromium-driver: bash scripts/setup_browser.sh")
    t = time.time()
    r = subprocess.run(["bash", "scripts/docs.sh"], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, f"bash scripts/docs.sh failed:\n{(r.stdout + r.stderr)[-4000:]}"
    print(f"site built in {time.time() - t:.0f} s")
    return SITE


@pytest.fixture(scope="module")
def browser(site):
    from site_screenshots import offline_chromium
    b = offline_chromium()
    yield b
    b.quit()


@pytest.mark.parametrize("page", list(PAGES))
def test_page_renders_offline_from_a_folder(site, browser, page):
    ("Opened from file:// with no network: equations typeset, tables parsed, no request leaves the machine, every "
     "link on the rendered page reaches a file and an anchor of the site")
    from site_screenshots import open_typeset
    browser.get_log("performance")  # drop what earlier pages logged
    assert open_typeset(browser, site / page), f"{page}: MathJax did not load"
    typeset = browser.execute_script("return document.querySelectorAll('.MathJax_CHTML').length")
    errors = browser.execute_script("return [...document.querySelectorAll('.mjx-merror, [class*=noError]')]"
                                    ".map(e => e.textContent)")
    texts = browser.execute_script(READ_TEXT)
    hrefs = browser.execute_script("return [...document.querySelectorAll('a[href]')].map(a => a.href)")
    requests = [json.loads(e["message"])["message"] for e in browser.get_log("performance")]
    remote = sorted({m["params"]["request"]["url"] for m in requests if m["method"] == "Network.requestWillBeSent"
                     and not m["params"]["request"]["url"].startswith(("file:", "data:", "blob:", "about:"))})

    assert typeset >= PAGES[page] and not errors, f"{page}: {typeset} formulas typeset, MathJax errors {errors}"
    raw_math = [m.group(0) for t in texts for m in RAW_MATH.finditer(t)]
    assert not raw_math, f"{page} shows TeX that MathJax did not typeset: {raw_math[:5]}"
    raw_tables = [t[:120] for t in texts if RAW_TABLE.search(t)]
    assert not raw_tables, f"{page} shows markdown tables as raw text: {raw_tables[:3]}"
    assert not remote, f"{page} asked the network for {remote}"
    local = [urlsplit(h) for h in hrefs if h.startswith("file:")]  # as the browser resolved them
    bad = [(u.geturl(), why) for u in local if (why := missing(Path(unquote(u.path)), unquote(u.fragment)))]
    assert len(local) > 50 and not bad, f"{page}: {len(local)} links to the site, broken: {bad[:5]}"


def test_saved_widgets_render_offline(site, browser):
    "Tutorial 01's saved widget state (the trajectory viewer's controls) is drawn by the site's own widget renderer"
    from selenium.webdriver.support.ui import WebDriverWait
    browser.get((site / "tutorials/01_first_grpo_run.html").as_uri())
    WebDriverWait(browser, 30).until(lambda b: b.execute_script(
        "return document.querySelectorAll('.jupyter-widgets .widget-dropdown select, "
        ".jupyter-widgets .widget-toggle-buttons').length > 0"))


def test_search_works_from_a_folder(site, browser):
    "Search answers from file:// with no network (the inlined index, the worker run in an iframe), one folder down too"
    from selenium.webdriver.support.ui import WebDriverWait
    browser.get((site / "tutorials/00_policy_gradients.html").as_uri())
    box = browser.find_element("css selector", "input.md-search__input")
    box.click()
    box.send_keys("advantage")
    meta = "return document.querySelector('.md-search-result__meta').textContent"
    WebDriverWait(browser, 30).until(lambda b: "matching" in b.execute_script(meta))
    hits = browser.execute_script("return [...document.querySelectorAll('.md-search-result__item a')].map(a => a.href)")
    assert hits and not [h for h in hits if missing(Path(unquote(urlsplit(h).path)), unquote(urlsplit(h).fragment))]


def test_every_reference_in_the_site_resolves(site):
    "Every page's links, stylesheets, scripts and images reach a file of _site/ (and the #anchor they name), 404 too"
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 60 and (site / "404.html") in pages
    bad = [(p.relative_to(site).as_posix(), r, why) for p in pages for r in refs(p).refs if (why := broken(p, r))]
    assert not bad, f"{len(bad)} broken references, first ones: {bad[:8]}"
    nav = (site / "index.html").read_text(encoding="utf-8")
    at = {s: re.search(rf">\s*{s}\s*<", nav).start() for s in ("Tutorials", "Modules", "API reference")}
    assert at["Tutorials"] < at["Modules"] < at["API reference"], "the sidebar lists Tutorials first"


def test_tables_parse_inside_list_items(monkeypatch):
    "With the site's hooks, nbconvert's markdown parses a table indented under a bullet, as GitHub does"
    import importlib.util
    from nbconvert.filters.markdown_mistune import MarkdownWithMath, markdown2html_mistune
    monkeypatch.setattr(MarkdownWithMath, "DEFAULT_PLUGINS", MarkdownWithMath.DEFAULT_PLUGINS)  # undone afterwards
    md = "- a bullet\n\n  | a | b |\n  |---|---|\n  | 1 | 2 |\n"
    assert "<table>" not in markdown2html_mistune(md)  # nbconvert alone: the raw `|---|` text the site showed
    spec = importlib.util.spec_from_file_location("docs_hooks", ROOT / "scripts" / "docs_theme" / "hooks.py")
    hooks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hooks)
    assert hooks.tables_everywhere()
    assert re.search(r"<li>.*<table>.*<td>2</td>.*</table>.*</li>", markdown2html_mistune(md), re.S)


def test_the_checks_see_raw_tex_and_tables(site, browser, tmp_path):
    "The reader's-text check finds TeX and a table left raw in prose, and ignores the same text in code"
    page = tmp_path / "raw.html"
    page.write_text("<article><p>the advantage $\\hat A_i = r_i - \\bar r$ here</p>"
                    "<p>| a | b |\n|---|---|\n| 1 | 2 |</p><li>costs $5 and $6</li>"
                    "<pre>$x_i$ |---|---|</pre><p><code>$\\beta$</code></p></article>")
    browser.get(page.as_uri())
    texts = browser.execute_script(READ_TEXT)
    assert [m.group(0) for t in texts for m in RAW_MATH.finditer(t)] == ["$\\hat A_i = r_i - \\bar r$"]
    assert [t for t in texts if RAW_TABLE.search(t)] == ["| a | b |\n|---|---|\n| 1 | 2 |"]
