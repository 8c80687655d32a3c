"""Screenshots of the built docs site as a reader without a network sees it: the home page, tutorial 00 and the GRPO
page, opened from _site/ (file://) in headless Chromium with its network cut, after MathJax has typeset them, each
scrolled to a table (home) or the first displayed equation.
`python scripts/site_screenshots.py OUTDIR` (build the site first: `bash scripts/docs.sh`; needs
`bash scripts/setup_browser.sh`). Writes OUTDIR/home.png, tutorial_00.png, grpo.png, 1400x1000 each."""
import shutil, sys, time
from pathlib import Path

SITE = Path(__file__).resolve().parent.parent / "_site"
# name -> (page, what to scroll to: the evidence that tables and equations render)
PAGES = {"home": ("index.html", "document.querySelector('article table')"),
         "tutorial_00": ("tutorials/00_policy_gradients.html", "document.querySelector('.MJXc-display')"),
         "grpo": ("08_grpo.html", "document.querySelector('.MJXc-display')")}
# Answers once MathJax has started and run every typeset queued before (false where MathJax never loaded). The
# setTimeout leaves the startup hook first: a queue entry pushed from inside it would wait on the startup forever.
TYPESET = """const done = arguments[arguments.length - 1];
if (!(window.MathJax && MathJax.Hub)) { done(false); }
else { MathJax.Hub.Register.StartupHook("End", () => setTimeout(() => MathJax.Hub.Queue(() => done(true)))); }"""


def offline_chromium(width=1400, height=1000):
    "Headless Chromium whose network is cut (file:// still loads), logging every request it tries"
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    opts = webdriver.ChromeOptions()
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", f"--window-size={width},{height}",
              "--proxy-server=http://127.0.0.1:9", "--proxy-bypass-list=<-loopback>"):
        opts.add_argument(a)
    opts.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    browser = webdriver.Chrome(options=opts, service=Service(shutil.which("chromedriver")))
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height,
                                                                  "deviceScaleFactor": 1, "mobile": False})
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": True, "latency": 0,
                                                                 "downloadThroughput": -1, "uploadThroughput": -1})
    browser.set_script_timeout(60)
    return browser


def open_typeset(browser, page:Path) -> bool:
    "Open `page` and wait until MathJax has typeset it; False when the page has no MathJax"
    browser.get(page.as_uri())
    return browser.execute_async_script(TYPESET)


def main(outdir:str):
    out = Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    browser = offline_chromium()
    try:
        for name, (rel, show) in PAGES.items():
            open_typeset(browser, SITE / rel)
            browser.execute_script(f"const e = {show}; if (e) {{ e.scrollIntoView(); window.scrollBy(0, -120); }}")
            time.sleep(0.5)  # the header's title slides in on scroll
            browser.save_screenshot(str(out / f"{name}.png"))
            print(out / f"{name}.png")
    finally:
        browser.quit()


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
