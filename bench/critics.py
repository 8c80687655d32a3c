"""PPO's critic in a multi-domain run: one value head shared by every domain (the baseline) against one head per domain, in one script.

Both runs train the embedded model with PPO on the same task mix (default `code:2,math:1`), the same seed and the same
number of steps, without the held-out evaluation. Each step `ppo_step` logs the explained variance of the critic's values
before the update (the rollout's values against GAE's returns) on each domain's episodes. The script prints, per domain,
the mean explained variance over the later steps (the heads start at zero and need a few steps), and the value loss.

    .venv/bin/python bench/critics.py [--tasks code:2,math:1 --steps 8 --tasks-per-step 3 --lr 2e-4]

`--toy` runs the same comparison in about a minute on the tiny random model: two toy domains whose rewards sit at different
levels (the fraction of lowercase letters, plus 2 for domain b), 30 steps of 4 tasks x 8, PPO's value coefficient 1.
"""
import argparse, math, os, statistics, tempfile, time, warnings
from pathlib import Path

warnings.filterwarnings("ignore")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
from rlkit.ppo import PPOConfig
from rlkit.episodes import RolloutConfig
from rlkit.runs import read_metrics
from rlkit.train import TrainConfig, train


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tasks", default="code:2,math:1")
    ap.add_argument("--steps", type=int, default=8)
    ap.add_argument("--tasks-per-step", type=int, default=3)
    ap.add_argument("--lr", type=float, default=None, help="PPO's learning rate (default: PPOConfig's; --toy uses 1e-2); both critics use the same")
    ap.add_argument("--skip", type=int, default=2, help="first steps left out of the means (the heads start at zero)")
    ap.add_argument("--toy", action="store_true", help="the tiny random model on two toy domains (see above)")
    a = ap.parse_args()
    tmp, rows, rewards = Path(tempfile.mkdtemp()), {}, None
    if a.toy:
        from rlkit.core import Task, write_jsonl
        write_jsonl(tmp / "two.jsonl", [Task(f"{d}/{i}", d, f"Say {d}{i}.") for d in ("a", "b") for i in range(4)], append=False)
        a.tasks, a.steps, a.tasks_per_step = str(tmp / "two.jsonl"), 30, 4
        def lowercase_plus(ts, completions, results=None):  # domain b's rewards sit 2 higher: a shared head must learn the offset from the text
            return [sum(ch.islower() for ch in c) / max(1, len(c)) + (2.0 if t.domain == "b" else 0.0) for c, t in zip(completions, ts)]
        rewards = {"r": lowercase_plus}
    for critic in ("shared", "per_domain"):
        toy = dict(model="tiny", max_kl=math.inf, rollout=RolloutConfig(group_size=8, max_new_tokens=16, attempts=1, temperature=1.0),
                   ppo=PPOConfig(critic=critic, lr=1e-2, beta=0.0, vf_coef=1.0)) if a.toy else dict(rollout=RolloutConfig(), ppo=PPOConfig(critic=critic, **({"lr": a.lr} if a.lr is not None else {})))
        cfg = TrainConfig(tasks=a.tasks, algo="ppo", steps=a.steps, tasks_per_step=a.tasks_per_step, eval_samples=0, out=str(tmp / critic), **toy)
        t0 = time.time()
        train(cfg, rewards=rewards, log=(lambda s: None) if a.toy else print)
        rows[critic] = read_metrics(tmp / critic)[0][a.skip:]
        print(f"{critic}: {time.time() - t0:.0f} s", flush=True)
    domains = sorted({k.split(".", 1)[1] for r in rows["shared"] for k in r if k.startswith("explained_var.")})
    def mean(rs, k):
        xs = [r[k] for r in rs if r.get(k) is not None and math.isfinite(r[k])]
        return f"{statistics.mean(xs):+.2f} ({len(xs)})" if xs else "n/a"
    print(f"\nPPO on {'two toy domains (tiny model)' if a.toy else a.tasks}, {a.steps} steps of {a.tasks_per_step} tasks x {RolloutConfig().group_size}; means over steps {a.skip + 1}-{a.steps} (steps counted)")
    print(f"{'critic':12}" + "".join(f"{'expl. var ' + d:>22}" for d in domains) + f"{'expl. var all':>18}{'value loss':>14}")
    for c, rs in rows.items():
        print(f"{c:12}" + "".join(f"{mean(rs, 'explained_var.' + d):>22}" for d in domains) + f"{mean(rs, 'explained_var'):>18}{mean(rs, 'value_loss'):>14}")


if __name__ == "__main__":
    main()
