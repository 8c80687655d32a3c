import subprocess, sys


def test_rlkit_sample_prints_completions_with_timings():
    r = subprocess.run([sys.executable, "-m", "rlkit.cli", "sample", "--limit", "2", "--n", "1", "--max-new-tokens", "24"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "=== demo/add" in r.stdout and "=== demo/is_even" in r.stdout
    assert "tokens/s" in r.stdout and "model loaded in" in r.stdout


def test_unknown_option_is_a_clear_error():
    r = subprocess.run([sys.executable, "-m", "rlkit.cli", "sample", "--bogus"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "unrecognized arguments: --bogus" in r.stderr
