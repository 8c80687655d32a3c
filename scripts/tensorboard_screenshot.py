"""The TensorBoard picture on the tracking page (nbs/10a_tracking.ipynb): a run's records, sent through
`rlkit.tracking.Tracker` as a run sends them, shown by TensorBoard and photographed by headless Chromium.
`python scripts/tensorboard_screenshot.py RUN_DIR nbs/images/tensorboard.png` (needs `bash scripts/setup_browser.sh`)."""
import json, shutil, socket, subprocess, sys, tempfile, time
from pathlib import Path

from rlkit.runs import RunDir
from rlkit.tracking import Tracker


def replay(run:RunDir, logdir:Path):
    "The run's config, steps, events and measurements into `logdir/<run name>/tensorboard`, as `RunDir` sends them"
    t = Tracker("tensorboard")
    t.start(logdir / run.name, run.config())
    rows, events = run.metrics()
    for m in rows:
        t.log(m)
    t.events(events)
    t.evals(run.evals())
    t.finish()


def main(run_dir:str, out:str):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    logdir = Path(tempfile.mkdtemp())
    replay(RunDir(run_dir), logdir)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    tb = subprocess.Popen([sys.executable, "-m", "tensorboard.main", "--logdir", str(logdir), "--host", "127.0.0.1",
                           "--port", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    opts = webdriver.ChromeOptions()
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1300,1250"):
        opts.add_argument(a)
    browser = webdriver.Chrome(options=opts, service=Service(shutil.which("chromedriver")))
    try:
        time.sleep(8)  # TensorBoard reads the event files, then the page draws its charts
        browser.get(f"http://127.0.0.1:{port}/?pinnedCards=%5B%5D&tagFilter=train%2F(reward%7Cpass_rate%7Ckl)"
                    f"%24%7Ceval%2Fpass_rate%24#timeseries")
        time.sleep(12)
        for b in browser.find_elements("css selector", "button[aria-label*='lose']"):  # the settings pane
            if b.is_displayed():
                b.click()
                time.sleep(2)
                break
        browser.save_screenshot(out)
    finally:
        browser.quit()
        tb.terminate()
        shutil.rmtree(logdir, ignore_errors=True)
    print(json.dumps({"screenshot": out, "run": run_dir}))


if __name__ == "__main__":
    main(*sys.argv[1:3])
