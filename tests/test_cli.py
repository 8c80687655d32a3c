import subprocess, sys


def test_rlkit_sample_prints_completions_with_timings():
    r = subprocess.run([sys.executable, "-m", "rlkit.cli", "sample", "--limit", "2", "--n", "1",
                        "--max-new-tokens", "24"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "=== demo/add" in r.stdout and "=== demo/is_even" in r.stdout
    assert "tokens/s" in r.stdout and "model loaded in" in r.stdout


def test_unknown_option_is_a_clear_error():
    r = subprocess.run([sys.executable, "-m", "rlkit.cli", "sample", "--bogus"],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "unrecognized arguments: --bogus" in r.stderr


def test_rlkit_sample_bad_input_is_one_line_before_the_model_loads(tmp_path):
    (tmp_path / "empty.jsonl").write_text("")
    for argv, msg in ((["--limit", "0"], "--limit 0: must be at least 1"), (["--n", "0"], "--n 0: must be at least 1"),
                      (["--tasks", str(tmp_path / "nope.jsonl")], "is neither a bundled domain, a task file nor"),
                      (["--tasks", str(tmp_path / "empty.jsonl")], "holds no tasks")):
        r = subprocess.run([sys.executable, "-m", "rlkit.cli", "sample", *argv],
                           capture_output=True, text=True, timeout=120)
        assert (r.returncode == 2 and r.stderr.startswith("rlkit sample: error: ") and msg in r.stderr
                and "Traceback" not in r.stderr), (argv, r.stderr[-500:])
