"""mkdocs.yml's hooks: what the notebook pages need to read right offline, from any folder or path.

1. Tables inside list items and quotes render: nbconvert's markdown renderer (mistune) parses tables only at the
   top level; GitHub parses them anywhere, so the README (the home page) may indent one under a bullet.
2. The table of contents links to the headings as rendered: mkdocs-jupyter builds it from the notebook's markdown
   with inline code removed, so a heading such as "## `run_batch`: many pairs" got an anchor no heading has.
3. Every page loads MathJax and the widget renderer from the site itself (scripts/docs.sh stages them under
   assets/vendor/), by a path relative to the page: mkdocs-jupyter writes one fixed URL on every page.
4. 404.html links relative to itself instead of to the server's root.
A page that still loads a script from the network fails the (strict) build.
"""
from __future__ import annotations
import html, logging, re
from html.parser import HTMLParser
from pathlib import Path

from mkdocs.structure.toc import get_toc

log = logging.getLogger("mkdocs.hooks.rlkit")  # a warning fails `mkdocs build --strict`
VENDOR = "assets/vendor/"                      # where scripts/docs.sh puts MathJax, html-manager and iframe-worker
WIDGETS = re.compile(r"var widgetRendererSrc = '[^']*'")
REMOTE_SCRIPT = re.compile(r"<script[^>]*\ssrc=\"(?:https?:)?//[^\"]*\"")


def tables_everywhere() -> bool:
    "Let nbconvert's markdown parse tables in list items and block quotes too (mistune's own plugins, left off by it)"
    from nbconvert.filters.markdown_mistune import MISTUNE_V3, MarkdownWithMath
    if not MISTUNE_V3:
        return False
    extra = ("mistune.plugins.table.table_in_list", "mistune.plugins.table.table_in_quote")
    MarkdownWithMath.DEFAULT_PLUGINS = (*[p for p in MarkdownWithMath.DEFAULT_PLUGINS if p not in extra], *extra)
    return True


def on_config(config):
    if not tables_everywhere():
        log.warning("nbconvert uses mistune 2 here: tables inside list items will show as raw text; install mistune 3")
    mathjax = config.plugins["mkdocs-jupyter"].config["custom_mathjax_url"]
    if not mathjax.startswith(VENDOR):
        log.warning(f"mkdocs.yml's custom_mathjax_url ({mathjax}) must start with {VENDOR}, where docs.sh puts MathJax")
    return config


class _Headings(HTMLParser):
    "The markdown cells' headings (nbconvert gives each an anchor link) as (level, id, text)"
    def __init__(self):
        super().__init__()
        self.found, self._open, self._in_link = [], None, False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if re.fullmatch(r"h[1-6]", tag) and a.get("id"):
            self._open = [int(tag[1]), a["id"], "", False]
        elif self._open and tag == "a" and "anchor-link" in (a.get("class") or ""):
            self._in_link, self._open[3] = True, True

    def handle_endtag(self, tag):
        if tag == "a":
            self._in_link = False
        elif self._open and tag == f"h{self._open[0]}":
            level, id_, text, anchored = self._open
            if anchored:
                self.found.append((level, id_, " ".join(text.split())))
            self._open = None

    def handle_data(self, data):
        if self._open and not self._in_link:
            self._open[2] += data


def nest(headings):
    "Flat (level, id, text) -> mkdocs' nested toc tokens"
    root = {"level": 0, "children": []}
    stack = [root]
    for level, id_, text in headings:
        while stack[-1]["level"] >= level:
            stack.pop()
        token = {"level": level, "id": id_, "name": html.escape(text, quote=False), "children": []}
        stack[-1]["children"].append(token)
        stack.append(token)
    return root["children"]


def on_page_content(content, page, config, files):
    "A notebook page's table of contents (and title) from its rendered headings"
    if not page.file.src_uri.endswith(".ipynb"):
        return content
    parser = _Headings()
    parser.feed(content)
    if parser.found:
        page.toc = get_toc(nest(parser.found))
        h1 = next((text for level, _, text in parser.found if level == 1), None)
        if h1:
            page.title = h1
    return content


def on_post_page(output, page, config):
    "MathJax and the widget renderer from the site's own copies, by a path relative to this page"
    up = "../" * page.url.count("/")  # "tutorials/x.html" -> "../"; "x/" (directory URLs) -> "../"
    output = output.replace(f'src="{VENDOR}', f'src="{up}{VENDOR}')
    output = WIDGETS.sub(f"var widgetRendererSrc = '{up}{VENDOR}html-manager/embed.js'", output)
    for m in REMOTE_SCRIPT.finditer(output):
        log.warning(f"{page.file.src_uri} loads a script from the network ({m.group(0)}): the site must work offline")
    return output


def on_post_build(config):
    "404.html's links relative to the site's root, where it lies: it must work opened from a folder, under any path"
    page = Path(config.site_dir) / "404.html"
    if page.exists():
        text = re.sub(r'((?:href|src)=")/(?!/)', r"\1", page.read_text(encoding="utf-8"))
        text = text.replace('"base": "/"', '"base": "."').replace('href=""', 'href="."')
        page.write_text(text, encoding="utf-8")
