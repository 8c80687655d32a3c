"""Each task family's base rates on the untrained embedded model, and what a trivial policy scores on its held-out set.

For every family (`rlkit.families.FAMILIES`), on its first --n held-out instances:
- the greedy pass rate (one answer per instance, first attempt);
- the sampled pass rate at the training temperature (`RolloutConfig().temperature`), --group answers per instance: the
  quantity RL optimises;
- the share of mixed groups: instances whose --group samples hold both a pass and a fail, the only groups GRPO learns from;
- the pass rate of each trivial policy on --trivial-n held-out instances, through the sandbox (code: `return 0`,
  `return []`, the first argument, ...; answer families: the best constant answer).

    .venv/bin/python bench/families.py --n 64 --group 8 [--families listfn records] [--level listfn=1]

A family that spreads its instances over levels (`Family.spread`) is measured as it trains, its level shown as a
range; --level NAME=L draws every instance at level L instead.

Writes bench/results/families_base.json (with the settings and seconds of each measurement) and prints the table."""
import argparse, collections, json, os, time, warnings
from pathlib import Path

warnings.filterwarnings("ignore")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
from rlkit.episodes import RolloutConfig
from rlkit.eval import evaluate
from rlkit.families import FAMILIES, TRIVIAL_CODE
from rlkit.models import load_policy
from rlkit.sandbox import Sandbox

def trivial_rates(fam, tasks, sb) -> dict:
    "Each trivial policy's pass rate on `tasks` (code: through the sandbox; answers: each constant answer's share)"
    if fam.domain != "code":
        counts = collections.Counter(t.answer for t in tasks)
        best, k = counts.most_common(1)[0]
        return {f"answer {best}": k / len(tasks)}
    out = {}
    for name, body in TRIVIAL_CODE.items():
        jobs = [(f"def {t.entry_point}(*args):\n    {body}", t.tests, t.entry_point) for t in tasks]
        out[name] = sum(r.verdict == "passed" for r in sb.run_batch(jobs)) / len(tasks)
    return out

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--families", nargs="*", default=list(FAMILIES))
    ap.add_argument("--n", type=int, default=64, help="held-out instances per family for the model's rates")
    ap.add_argument("--group", type=int, default=8, help="samples per instance (the GRPO group)")
    ap.add_argument("--level", nargs="*", default=[], help="NAME=LEVEL: every instance of that family at LEVEL")
    ap.add_argument("--attempts", type=int, default=1, help="1: first attempt only")
    ap.add_argument("--trivial-n", type=int, default=200, help="held-out instances the trivial policies are scored on")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default="bench/results/families_base.json")
    ap.add_argument("--merge", action="store_true", help="replace only these rows (family and level) in --out")
    a = ap.parse_args()
    for spec in a.level:
        name, level = spec.split("=")
        FAMILIES[name].level, FAMILIES[name].spread = int(level), False
    rollout = RolloutConfig(attempts=a.attempts)
    model, tok = load_policy(lora=False)
    rows = []
    with Sandbox() as sb:
        for name in a.families:
            fam = FAMILIES[name]
            held = fam.instances("test", max(a.n, a.trivial_n))
            t0 = time.time()
            greedy = evaluate(model, held[:a.n], tokenizer=tok, sandbox=sb, rollout=rollout, seed=a.seed, desc=f"{name} greedy")
            t1 = time.time()
            sampled = evaluate(model, held[:a.n], tokenizer=tok, sandbox=sb, rollout=rollout, n=a.group,
                               temperature=rollout.temperature, seed=a.seed, desc=f"{name} sampled")
            t2 = time.time()
            counts = sampled["counts"].values()
            trivial = trivial_rates(fam, held, sb)
            level = f"1-{fam.level}" if fam.spread else fam.level
            rows.append(dict(family=name, domain=fam.domain, level=level, n=a.n, held_out=len(held), group=a.group,
                             greedy=greedy["pass_rate"], sampled=sum(c for _, c in counts) / sum(k for k, _ in counts),
                             mixed=sum(0 < c < k for k, c in counts) / len(counts), trivial=trivial,
                             trivial_max=max(trivial.values()), greedy_s=t1 - t0, sampled_s=t2 - t1))
            r = rows[-1]
            print(f"{name:>9} (level {r['level']}): greedy {r['greedy']:6.1%}  sampled {r['sampled']:6.1%}  "
                  f"mixed groups {r['mixed']:6.1%}  best trivial {r['trivial_max']:5.1%}  "
                  f"({r['greedy_s']:.0f} s greedy, {r['sampled_s']:.0f} s sampled)", flush=True)
    settings = dict(n=a.n, group=a.group, temperature=rollout.temperature, max_new_tokens=rollout.max_new_tokens,
                    attempts=a.attempts, seed=a.seed, cpus=os.cpu_count())
    Path(a.out).parent.mkdir(parents=True, exist_ok=True)
    if a.merge and Path(a.out).exists():  # the other rows as they were measured, with the settings they were measured at
        old = json.loads(Path(a.out).read_text())
        if old["settings"] | {"note": None} != settings | {"note": None}:
            raise SystemExit(f"--merge: {a.out} was measured with other settings ({old['settings']}); measure all again")
        new = {(r["family"], str(r["level"])) for r in rows}
        rows = [r for r in old["families"] if (r["family"], str(r["level"])) not in new] + rows
        settings = old["settings"]
        order = {n: i for i, n in enumerate(FAMILIES)}
        rows.sort(key=lambda r: (order.get(r["family"], 99), str(r["level"])))
    Path(a.out).write_text(json.dumps({"settings": settings, "families": rows}, indent=1))
    print("\n| family | level | greedy | sampled (T=%.1f) | mixed groups | best trivial policy |" % rollout.temperature)
    print("|---|---|---|---|---|---|")
    for r in rows:
        best = max(r["trivial"], key=r["trivial"].get)
        print(f"| {r['family']} | {r['level']} | {r['greedy']:.1%} | {r['sampled']:.1%} | {r['mixed']:.1%} | "
              f"{best}: {r['trivial_max']:.1%} |")

if __name__ == "__main__":
    main()
