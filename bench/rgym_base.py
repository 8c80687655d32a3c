"""The untrained embedded model on reasoning-gym families, beside each family's best constant answer.

For each family (default: `rlkit.rgym.FEATURED`), on its first --n held-out instances (`split="test"`):
- the greedy pass rate (one answer per instance, first attempt, a pass = the dataset's `score_answer` gives 1.0);
- the share of replies that hold an answer `read_answer` finds (a tag, or "the answer is ...");
- the best constant answer on the family's `N_HELD` held-out instances (`constant_prior`): the prior a gain must beat.

    .venv/bin/python bench/rgym_base.py --n 100 [--families gcd chain_sum]

Writes bench/results/rgym_base.json (with the settings and seconds of each measurement) and prints the table."""
import argparse, json, os, time, warnings
from importlib.metadata import version
from pathlib import Path

warnings.filterwarnings("ignore")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
from rlkit.episodes import RolloutConfig
from rlkit.eval import evaluate
from rlkit.models import load_policy
from rlkit.rgym import FEATURED, N_HELD, constant_prior, read_answer, rg_split

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--families", nargs="*", default=list(FEATURED))
    ap.add_argument("--n", type=int, default=100, help="held-out instances per family for the model's rate")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default="bench/results/rgym_base.json")
    a = ap.parse_args()
    rollout = RolloutConfig(attempts=1)
    model, tok = load_policy(lora=False)
    rows = []
    for name in a.families:
        held = rg_split(name, "test")[:a.n]
        t0 = time.time()
        out = evaluate(model, held, tokenizer=tok, rollout=rollout, seed=a.seed, keep=True, desc=name)
        answered = sum(read_answer(e.turns[0].completion) is not None for e in out["episodes"]) / len(held)
        prior = constant_prior(name)
        rows.append(dict(family=name, n=len(held), greedy=out["pass_rate"], answered=answered,
                         prior=prior["pass_rate"], prior_answer=prior["answer"], prior_n=prior["n"],
                         greedy_s=time.time() - t0))
        r = rows[-1]
        print(f"{name:>16}: greedy {r['greedy']:6.1%}  answer read {r['answered']:6.1%}  "
              f"best constant {r['prior_answer']!r} {r['prior']:6.1%}  ({r['greedy_s']:.0f} s)", flush=True)
    settings = dict(n=a.n, prior_n=N_HELD, max_new_tokens=rollout.max_new_tokens, attempts=1, temperature=0.0,
                    seed=a.seed, reasoning_gym=version("reasoning-gym"), cpus=os.cpu_count())
    Path(a.out).parent.mkdir(parents=True, exist_ok=True)
    Path(a.out).write_text(json.dumps({"settings": settings, "families": rows}, indent=1))
    print("\n| family | greedy | answer read | best constant answer |")
    print("|---|---|---|---|")
    for r in rows:
        print(f"| {r['family']} | {r['greedy']:.1%} | {r['answered']:.1%} | {r['prior_answer']!r}: {r['prior']:.1%} |")

if __name__ == "__main__":
    main()
