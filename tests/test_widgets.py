"""The trajectory viewer and the run plots on a run directory made by a short tiny_policy() run \
with the repair loop on."""
import html, json
from pathlib import Path

import pytest

from rlkit.core import Trajectory
from rlkit.train import train
from rlkit.widgets import FILTERS, TrajectoryViewer, keep, load_trajectories, plot_run, sandbox_line
from toys import lowercase, lowercase_check, toy_config, toy_tasks

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("widgets")
    # float32 throughout: the KL view is exactly 0 before any update (bf16 shows its rounding)
    cfg = toy_config(tmp / "run", toy_tasks(tmp / "toy.jsonl"), steps=4, checkpoint_every=2,
                     rollout={"attempts": 2, "group_size": 4, "decode_dtype": "float32"},
                     update={"beta": 0.04, "update_dtype": "float32"})
    train(cfg, rewards={"lowercase": lowercase}, executor=lowercase_check, log=lambda s: None)
    return tmp / "run"


def test_viewer_shows_each_group_with_rewards_verdicts_and_repairs(run):
    v = TrajectoryViewer(run)
    assert list(v.step.options) == [1, 2, 3, 4] and v.step.value == 4
    for step in (1, 4):
        v.step.value = step
        for task in v.task.options:
            v.task.value = task
            group = v.group()
            assert len(group) == 4 and {t.task_id for t in group} == {task} and {t.step for t in group} == {step}
            for t in group:
                assert html.escape(t.turns[0].completion) in v.body.value and f"reward {t.reward:.3f}" in v.body.value
                assert f"tests {t.turns[0].result.tests_passed}/{t.turns[0].result.tests_total}" in v.body.value
    repaired = [t for t in load_trajectories(run) if len(t.turns) == 2]
    assert repaired
    v.step.value, v.task.value = repaired[0].step, repaired[0].task_id
    assert "attempt 2" in v.body.value and html.escape(repaired[0].turns[0].feedback.splitlines()[0]) in v.body.value


def test_filters_and_domain(run):
    v = TrajectoryViewer(run)
    trajs = load_trajectories(run)
    for f in FILTERS:
        v.filter.value = f
        for step in v.step.options:
            v.step.value = step
            want = sorted({t.task_id for t in trajs if t.step == step and keep(t, f)})
            assert list(v.task.options) == want, (f, step)
    v.filter.value, v.domain.value = "all", "toy"
    assert v.task.options
    v.filter.value = "timeout"  # no toy episode times out
    assert list(v.task.options) == [] and "nothing matches" in v.body.value


def test_viewer_follows_a_live_run(run, tmp_path):
    live = tmp_path / "live"
    live.mkdir()
    (live / "config.json").write_text((run / "config.json").read_text())
    # not splitlines(): completions may hold "\u2028"
    lines = (run / "trajectories.jsonl").read_text().rstrip("\n").split("\n")
    # step 1, and a line still being written
    (live / "trajectories.jsonl").write_text("\n".join(lines[:8]) + "\n" + lines[8][:40])
    v = TrajectoryViewer(live)
    assert list(v.step.options) == [1] and len(v.trajs) == 8
    (live / "trajectories.jsonl").write_text("\n".join(lines) + "\n")
    v.refresh()
    assert list(v.step.options) == [1, 2, 3, 4] and v.step.value == 1  # the chosen step stays


def test_kl_view_colours_tokens_by_their_log_ratio_to_the_reference(run):
    ("Trained episodes keep the reference logprobs of their tokens; the KL view shows the log-ratio, which is 0 "
     "before the first update")
    trajs = load_trajectories(run)
    trained = [t for t in trajs if not t.meta.get("zero_variance") and t.reward is not None]
    # credit="last": a repaired episode trains its last attempt only, so only that attempt has reference logprobs
    repaired = [t for t in trained if len(t.meta.get("attempts") or ()) > 1]
    whole = [t for t in trained if len(t.meta.get("attempts") or ()) <= 1]
    assert trained and repaired
    assert all(len(u.ref_logprobs) == len(u.token_ids) for t in repaired for u in t.turns[-1:])
    assert all(len(u.ref_logprobs) == len(u.token_ids) for t in whole for u in t.turns)
    assert all(u.ref_logprobs == [] for t in repaired for u in t.turns[:-1])
    assert all(u.ref_logprobs == [] for t in trajs if t.meta.get("zero_variance") for u in t.turns)
    def gap(step):
        return max(abs(a - b) for t in trained if t.step == step for u in t.turns
                   for a, b in zip(u.logprobs, u.ref_logprobs))
    assert gap(1) < 1e-3  # sampled before any update: the policy is the reference
    assert gap(4) > 0.05  # three updates later (lr 1e-2) the policy has moved
    v = TrajectoryViewer(run)
    t = max(trained, key=lambda t: t.step)
    v.step.value, v.task.value, v.view.value = t.step, t.task_id, "KL"
    u = t.turns[-1]
    assert f"log-ratio {u.logprobs[0] - u.ref_logprobs[0]:+.2f}" in v.body.value


def test_viewer_says_which_sandbox_ran_the_code(run, tmp_path):
    "run.json's sandbox entry is shown: quietly when isolated, in bold red when not; older runs say it was not recorded"
    d = tmp_path / "copy"
    d.mkdir()
    for f in ("config.json", "trajectories.jsonl"):
        (d / f).write_text((run / f).read_text())
    v = TrajectoryViewer(d)
    assert "sandbox: not recorded" in v.summary.value
    (d / "run.json").write_text(json.dumps({"sandbox": {"backend": "subprocess", "user": "root", "isolated": False}}))
    v.refresh()
    assert "font-weight: bold'>sandbox: subprocess as root — NOT isolated</div>" in v.summary.value
    (d / "run.json").write_text(json.dumps({"sandbox": {"backend": "firejail", "user": "rlkit-sandbox",
                                                        "isolated": True}}))
    v.refresh()
    assert "sandbox: firejail as rlkit-sandbox (isolated)" in v.summary.value
    assert "NOT isolated" not in v.summary.value and "font-weight: bold" not in v.summary.value
    (d / "run.json").write_text('{"sandbox": {"backend": "firej')  # torn: the viewer still opens
    v.refresh()
    assert "sandbox: not recorded (run.json is not valid JSON)" in v.summary.value
    # isolation not said: assume none
    (d / "run.json").write_text(json.dumps({"sandbox": {"backend": "firejail", "user": "x"}}))
    assert sandbox_line(d) == "sandbox: firejail as x — NOT isolated"
    # what train() writes with executor=...
    (d / "run.json").write_text(json.dumps({"sandbox": None, "executor": "custom"}))
    assert sandbox_line(d) == "sandbox: none (a custom executor ran the code)"
    (d / "run.json").write_text(json.dumps({"sandbox": None, "executor": None}))  # rewards only, no code
    assert sandbox_line(d) == "sandbox: none (no code was run)"


def test_not_a_run_directory(tmp_path):
    with pytest.raises(FileNotFoundError, match="not a run directory"):
        TrajectoryViewer(tmp_path)


def test_viewer_state_embeds_in_a_standalone_page(run, tmp_path):
    "ipywidgets' embed writes the viewer's state, completions and rewards included, into one HTML file"
    v = TrajectoryViewer(run)
    text = v.save_html(tmp_path / "viewer.html").read_text()
    t = v.group()[0]
    state = json.loads(text.split('<script type="application/vnd.jupyter.widget-state+json">', 1)[1]
                       .split("</script>", 1)[0])
    values = [m["state"].get("value") for m in state["state"].values()]
    assert any(isinstance(x, str) and html.escape(t.turns[0].completion) in x
               and f"reward {t.reward:.3f}" in x for x in values)


def test_plot_run_overlays_runs(run, tmp_path):
    fig = plot_run(run, run, labels=["a", "b"])
    titles = [a.get_title() for a in fig.axes]
    assert len(fig.axes[0].lines) == 2 and "KL to the reference" in titles
    assert not any("PPO" in t for t in titles), titles  # a GRPO run draws no empty PPO panels
    assert all(a.get_ylabel() and a.get_xlabel() == "step" for a in fig.axes)
    assert len(plot_run(run, panels="tutorial").axes) == 2
    fig.savefig(tmp_path / "run.png")
    assert (tmp_path / "run.png").stat().st_size > 10_000


RENDERER = ROOT / ".venv" / "share" / "rlkit" / "html-manager-1.0.15" / "dist" / "embed.js"


def _chromium():
    "A headless Chromium driven by selenium (installed by scripts/setup_browser.sh, which the test command runs)"
    import shutil
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    driver = shutil.which("chromedriver")
    assert driver and shutil.which("chromium") and RENDERER.exists(), \
        ("the browser tests need chromium, chromium-driver and the widget renderer: run `bash "
         "scripts/setup_browser.sh` (the test command does)")
    opts = webdriver.ChromeOptions()
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
              "--window-size=1400,1000"):
        opts.add_argument(a)
    return webdriver.Chrome(options=opts, service=Service(driver))


def test_viewer_renders_in_headless_chromium(run, tmp_path):
    ("The standalone page, opened in headless Chromium, shows a completion and its reward; a screenshot goes to "
     "test-output/")
    from selenium.webdriver.support.ui import WebDriverWait
    v = TrajectoryViewer(run)
    repaired = next(t for t in v.trajs if len(t.turns) == 2)  # a group with a repair attempt: the richest view
    v.step.value, v.task.value = repaired.step, repaired.task_id
    page = v.save_html(tmp_path / "viewer.html", embed_url=RENDERER.as_uri())
    browser = _chromium()
    try:
        browser.get(page.as_uri())
        WebDriverWait(browser, 30).until(lambda b: "attempt 2" in b.find_element("tag name", "body").text)
        text = browser.find_element("tag name", "body").text
        out = ROOT / "test-output" / "widgets"
        out.mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(str(out / "viewer.png"))
    finally:
        browser.quit()
    for t in v.group():
        assert f"reward {t.reward:.3f}" in text
        assert t.turns[0].result.detail in text  # the sandbox's (here: the toy executor's) detail of each attempt
    shown = [t for t in v.group() if t.turns[0].completion.strip()]
    assert any(t.turns[0].completion.strip()[:12] in text for t in shown), "no completion's text on the page"
    assert (out / "viewer.png").stat().st_size > 20_000


def test_viewer_and_plot_work_in_jupyterlab(run, tmp_path):
    ("In a real JupyterLab with a live kernel: the viewer renders, choosing another step in the browser redraws it, "
     "plot_run shows an image")
    import os, shutil, socket, subprocess, sys, time
    import nbformat
    from selenium.webdriver.support.ui import Select, WebDriverWait
    shutil.copytree(run, tmp_path / "run")
    cells = ["from rlkit.widgets import TrajectoryViewer, plot_run\nv = TrajectoryViewer('run')\nv", "plot_run('run')"]
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells],
                                            metadata={"kernelspec": {"name": "python3", "display_name": "python3",
                                                                     "language": "python"}}),
                   tmp_path / "viewer.ipynb")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = os.environ | {k: str(tmp_path / "jupyter" / d)
                        for k, d in (("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_RUNTIME_DIR", "runtime"))}
    log = open(tmp_path / "lab.log", "w")
    lab = subprocess.Popen([sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}",
                            "--IdentityProvider.token=t", "--allow-root", f"--ServerApp.root_dir={tmp_path}",
                            "--LabApp.expose_app_in_browser=True"], env=env, stdout=log, stderr=subprocess.STDOUT)
    browser = _chromium()
    def wait(cond, what, seconds=90):
        try:
            return WebDriverWait(browser, seconds).until(lambda b: cond())
        except Exception:
            raise AssertionError(f"JupyterLab: {what} (log: {tmp_path / 'lab.log'})") from None
    notebook_text = lambda: browser.find_element("css selector", ".jp-Notebook").text
    v = TrajectoryViewer(run)
    try:
        for _ in range(120):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.5)
        browser.get(f"http://127.0.0.1:{port}/lab/tree/viewer.ipynb?token=t")
        wait(lambda: browser.execute_script("const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;"
                                            "return !!(w && w.sessionContext && w.sessionContext.session && "
                                            "w.sessionContext.session.kernel"
                                            " && w.sessionContext.session.kernel.status === 'idle')"),
             "the notebook's kernel did not start")
        browser.execute_script("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        wait(lambda: all(f"reward {t.reward:.3f}" in notebook_text() for t in v.group()),
             "the viewer did not show the last step's rewards")
        wait(lambda: browser.find_elements("css selector", ".jp-OutputArea-output img"),
             "plot_run's figure did not show as an image")
        # the step picker
        Select(browser.find_elements("css selector", ".widget-dropdown select")[0]).select_by_visible_text("1")
        v.step.value = 1
        wait(lambda: all(f"reward {t.reward:.3f}" in notebook_text() for t in v.group()),
             "choosing step 1 did not redraw the viewer", 30)
        text = notebook_text()
        out = ROOT / "test-output" / "widgets"
        out.mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(str(out / "jupyterlab.png"))
    finally:
        browser.quit()
        lab.terminate()
        lab.wait(30)
        log.close()
    assert "step 1:" in text and "<Figure size" not in text


def test_viewer_shows_a_jobs_audit_log():
    "A violation's flags, denied connections, processes, files and reported attempts show under its attempt"
    from rlkit.core import ExecResult, Turn
    from rlkit.widgets import episode_html
    audit = {"flags": ["the proxy refused CONNECT evil.test:443 (not on the allow list)"], "processes": ["sleep 100"],
             "network": [{"method": "CONNECT", "host": "evil.test", "port": 443, "allowed": False,
                          "why": "not on the allow list"}],
             "files": [{"path": "out.txt", "kind": "file", "bytes": 12}],
             "reported": [{"kind": "write", "what": "open", "detail": "/etc/passwd"}]}
    t = Trajectory("code/x", 0, turns=[Turn("p", "```python\ndef f(): pass\n```",
                                            result=ExecResult("violation", 0, 1, detail="audit: ...", audit=audit))],
                   reward=-1.0, rewards={"violation": -1.0}, domain="code")
    page = episode_html(t)
    for s in ("audit log", "FLAGGED: the proxy refused CONNECT evil.test:443", "DENIED (not on the allow list)",
              "process: sleep 100", "file: out.txt (file, 12 bytes)", "attempted (write): open /etc/passwd"):
        assert html.escape(s) in page, s
    assert "audit log" not in episode_html(
        Trajectory("code/x", 0, turns=[Turn("p", "x", result=ExecResult("failed", 0, 1))], reward=0.0, domain="code"))


def test_viewer_shows_a_multi_turn_episodes_checks_and_final_diff():
    from rlkit.core import ExecResult, Turn
    from rlkit.widgets import episode_html
    t = Trajectory("terminal/x", 0,
                   turns=[Turn("p", "```bash\nls\n```",
                               result=ExecResult("passed", detail="$ ls", returncode=0, stdout="a.txt\n"),
                               feedback="exit code: 0"), Turn("p", "Done.")],
                   reward=0.5, domain="terminal",
                   meta={"env": {"passed": 1, "total": 2, "why": ["count.txt does not exist"], "cut": False,
                                 "diff": [{"path": "out.txt", "change": "added", "kind": "file", "bytes": 2,
                                           "diff": "+++ b/out.txt\n+3"}]}})
    page = episode_html(t)
    for s in ("$ ls", "checks: 1/2 held", "count.txt does not exist", "final filesystem diff", "added: out.txt", "+3"):
        assert html.escape(s) in page, s
