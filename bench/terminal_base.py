"""The embedded model's base success rate on the bundled terminal tasks (nbs/07b_environments), per kind and difficulty:
greedy, one episode per task of up to --max-turns turns, each command in a firejail session, scored by the tasks' checks.

    .venv/bin/python bench/terminal_base.py [--model NAME] [--max-turns 4] [--max-new-tokens 160]
"""
import argparse, json, time
from collections import defaultdict
from pathlib import Path

from rlkit.agents.terminal import terminal_tasks
from rlkit.models import load_policy
from rlkit.episodes import RolloutConfig, run_episodes
from rlkit.sandbox import Sandbox

if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default=None); ap.add_argument("--max-turns", type=int, default=4); ap.add_argument("--max-new-tokens", type=int, default=160)
    a = ap.parse_args()
    model, tok = load_policy(a.model, lora=False)
    tasks = terminal_tasks("all")
    t0 = time.time()
    episodes = []
    with Sandbox("firejail") as sb:
        for i in range(0, len(tasks), 32):
            episodes += run_episodes(model, tok, tasks[i:i + 32], RolloutConfig(max_turns=a.max_turns, max_new_tokens=a.max_new_tokens, temperature=0.0),
                                     n=1, sandbox=sb)
            print(f"{len(episodes)}/{len(tasks)} episodes, {time.time() - t0:.0f} s", flush=True)
    eps = {e.task_id: e for e in episodes}
    rows = defaultdict(lambda: [0, 0, 0.0, 0])  # (kind, difficulty) -> [tasks, solved, sum of check fractions, commands run]
    for t in tasks:
        e = eps[t.id]; r = rows[(t.meta["kind"], t.meta["difficulty"])]
        r[0] += 1; r[1] += e.rewards["correct"] >= 1; r[2] += e.rewards["checks"]; r[3] += sum(x.result is not None for x in e.turns)
    print(f"{a.model or 'the embedded SmolLM2-135M-Instruct'}, greedy, up to {a.max_turns} turns of {a.max_new_tokens} tokens, {len(tasks)} tasks, {time.time() - t0:.0f} s")
    print(f"{'kind':<6} {'difficulty':<10} {'tasks':>5} {'solved':>7} {'checks held':>12} {'commands/episode':>17}")
    out = {}
    for (kind, diff), (n, solved, frac, cmds) in sorted(rows.items()):
        print(f"{kind:<6} {diff:<10} {n:>5} {solved / n:>7.1%} {frac / n:>12.1%} {cmds / n:>17.2f}")
        out[f"{kind}/{diff}"] = {"tasks": n, "solved": solved / n, "checks": frac / n, "commands": cmds / n}
    Path("bench/results").mkdir(exist_ok=True)
    Path("bench/results/terminal_base.json").write_text(json.dumps(out, indent=2))
    ex = next((e for e in episodes if any(x.result is not None for x in e.turns)), episodes[0])
    print("\nan episode:", ex.task_id, "reward", ex.reward)
    for x in ex.turns: print("--- model:\n" + x.completion[:400] + ("\n--- observation:\n" + x.feedback[:300] if x.feedback else ""))
