"""Sampled pass rate of the embedded SmolLM2-135M-Instruct on the bundled code tasks, per difficulty.

    .venv/bin/python bench/task_pass_rates.py [--split test] [--n 4] [--max-new-tokens 192] [--seed 0]

Each task is sampled n times at temperature 0.7; the code is extracted and run through the sandbox."""
import argparse, collections, time

from rlkit.core import seed_everything
from rlkit.generate import sample
from rlkit.models import load_policy
from rlkit.sandbox import Sandbox
from rlkit.tasks import bundled, extract_code

ap = argparse.ArgumentParser()
ap.add_argument("--split", default="test"); ap.add_argument("--n", type=int, default=4)
ap.add_argument("--max-new-tokens", type=int, default=192); ap.add_argument("--seed", type=int, default=0)
ap.add_argument("--batch", type=int, default=8, help="prompts per sampling batch")
a = ap.parse_args()

tasks = bundled("code", a.split)
model, tok = load_policy(lora=False)
seed_everything(a.seed)
t0, jobs, owners = time.time(), [], []
for i in range(0, len(tasks), a.batch):
    chunk = tasks[i:i + a.batch]
    s = sample(model, tok, [t.prompt for t in chunk], n=a.n, max_new_tokens=a.max_new_tokens, temperature=0.7)
    for g, text in zip(s.group.tolist(), s.texts):
        t = chunk[g]
        jobs.append((extract_code(text, t.entry_point), t.tests, t.entry_point)); owners.append(t)
gen_s = time.time() - t0
with Sandbox() as sb: results = sb.run_batch(jobs, workers=2)
per = collections.defaultdict(lambda: [0, 0]); solved = collections.defaultdict(set); verdicts = collections.Counter()
for t, r in zip(owners, results):
    d = t.meta["difficulty"]; per[d][0] += r.verdict == "passed"; per[d][1] += 1; verdicts[r.verdict] += 1
    if r.verdict == "passed": solved[d].add(t.id)
print(f"{len(tasks)} {a.split} tasks x {a.n} samples, {a.max_new_tokens} new tokens, seed {a.seed}; sampling took {gen_s:.0f} s")
for d in ("easy", "medium", "hard"):
    ok, n = per[d]; k = len({t.id for t in tasks if t.meta['difficulty'] == d})
    print(f"  {d:>6}: sampled pass rate {ok / max(n, 1):6.1%} ({ok}/{n}); tasks solved at least once {len(solved[d])}/{k}")
print("verdicts:", dict(verdicts))
