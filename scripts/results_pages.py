"""Write the results pages from bench/results: an index and one markdown page per benchmark.

    python scripts/results_pages.py docs            # writes docs/results/index.md and docs/results/NAME.md
    python scripts/results_pages.py --check docs    # exits 1 when the pages there differ from what it would write

Every number on a page is read at build time from bench/results: the JSON a benchmark wrote, and the .md tables and
.log files it left (included verbatim). What a benchmark measures is its script's module docstring (bench/NAME.py),
or the header comment of a shell script. The prose below only says how to read a table, and holds no number.
Figures are linked as ../../bench/results/NAME.png, so OUTDIR must be a folder one level below a root that holds
bench/results/: `docs` in the repository; `_docs_src/docs` in the docs site's staging folder, where scripts/docs.sh
copies bench/results/*.png to _docs_src/bench/results/. A file in bench/results that no page claims lands on "Other
results", so every result is on some page.
"""
from __future__ import annotations
import ast, fnmatch, json, os, sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
FIG = "../../bench/results/"  # from OUTDIR/results/NAME.md to the figures

# How to read each page (no numbers here: every number comes from bench/results).
PROSE = {
    "main_job": "Each row is one seed of the main job, the seeds run one after the other with nothing else running. "
        "The held-out instances are functions of the family that no run trains on; the probe is the hand-written "
        "held-out code tasks, a measure of transfer beyond the family. Every measurement is greedy, first attempt, "
        "paired with the untrained model instance by instance: *change* is the paired difference in points with its "
        "interval, *better / worse* count the instances whose answer flipped to a pass or to a fail. An interval whose "
        "two ends have the same sign is a change beyond the noise. `families_main_job.json` is the family as it is "
        "generated now (`bench/main_job.py` collects it from the runs), each instance at a level of its own, the easier "
        "one or the harder; `families_main_job_level2.json` was measured when every instance was drawn at the harder "
        "level (all three parts), and "
        "`families_main_job_first_names.json` on the first generator, which named every function generically and drew "
        "narrower parameters: their held-out sets are other ones. A file whose command adds options to `run.sh` "
        "measured that variant of the job: `families_main_job_no_amx_tps4.json` smaller, more frequent steps in a "
        "shorter budget; `families_main_job_no_amx_attempts1*.json` the repair turn off (`--attempts 1`), so that a "
        "step samples and trains on first attempts only. `families_main_job_stuck.json` runs the repair turn only in the "
        "groups where no first attempt passed (`--repair stuck`), with a shorter training budget (`--max-minutes 7`); "
        "the files before it repaired every failure, or none. "
        "`families_main_job_stuck_second_host.json` is the same job with four seeds more, on a faster host of the same "
        "kind, with the held-out evaluation at `batch=128`. The last of them ran from a fresh clone, its setup "
        "included, and is the one seed of that file whose interval includes `0`: it lost on new combinations, where "
        "the trained model leaves out the filter in functions that the untrained model wrote with it. "
        "`families_main_job_beta0_second_host.json` is one of them again without the KL penalty (`--beta 0`), which "
        "skips the reference pass and so fits more steps. `families_main_job_medium_second_host.json` trains on the "
        "harder level alone (`--difficulty medium`), on three of those seeds; its held-out set is the same, both "
        "levels. `families_main_job_fresh_seeds.json` measures the last "
        "checkpoints of the first three of those seeds on another held-out set, drawn by the same rules from seeds "
        "that no run and no other page reads: their gain carries beyond the fixed test split. Many of its instances "
        "compute a function the fixed split also holds (the family has only so many held-out functions); *functions "
        "the fixed split lacks* is the change on the rest alone. *Trivial* is the best pass rate of a trivial answer "
        "on that set. Every file above trained each attempt of a repaired episode on the episode's advantage "
        "(`--credit episode`), so that a failed first attempt whose repair passed was pushed up with it. "
        "`families_main_job_credit_last.json` is the job as `run.sh` runs it now, with GRPO's default "
        "`--credit last`: a repaired episode trains its last attempt alone, and the failed attempt stays in the "
        "sequence as context. Its seeds are the second host's four again, and one more from a fresh clone, its setup "
        "included. `families_main_job_fresh_seeds_credit_last.json` measures their last checkpoints on the other "
        "held-out set, as above.",
    "families": "Each family's held-out instances on the untrained model. *Greedy* is the first attempt's pass rate; "
        "*sampled* the pass rate of a group at the training temperature, the quantity RL optimises; *mixed groups* the "
        "share of instances whose group holds both a pass and a fail, the only groups GRPO learns from; *best trivial* "
        "the highest pass rate of any trivial policy (`return 0`, `return []`, the first argument, ...) on the "
        "held-out set: a family where it is above zero can be gamed.",
    "learning_curves": "Each table is one file. Every point is a checkpoint of a run measured greedy on its held-out "
        "tasks, paired by task with the untrained model: the hand-written held-out code tasks, or, for a run on a task "
        "family, the family's held-out instances, with the hand-written tasks as its *probe*; where the file holds "
        "them, also the tasks the run trains on. *Minutes* counts training time, not the evaluations. A run's first "
        "point is the untrained model. Files "
        "measured on different CPUs start from different untrained pass rates, because greedy answers in `bf16` (the "
        "default on CPUs with AMX) and in `float32` differ: compare a run with its own first point, not across files. "
        "Steps, not minutes, carry from one machine to another.",
    "payoff": "A run's last checkpoint against the untrained model, greedy and paired by task, on the tasks the run "
        "trained on and on the held-out ones. The gap between the two changes is what the run learnt without carrying "
        "it over. The examples are training tasks whose greedy answer went from a fail to a pass.",
    "headroom": "A greedy answer says which tasks the model's single most likely answer solves; sampling each task "
        "several times at the training temperature says which tasks it solves at all (pass@k, the most that sharpening "
        "its own answers could make greedy) and measures a change more tightly. The untrained model and the checkpoint "
        "are measured the same way, paired by task. *Kinds* sorts the greedy answers: a pass, a failed test, an error, "
        "a function of another name, no code. The renamed wrong-name answers of `headroom_norepair30_seed0.json` read "
        "none because the script then counted them by a verdict name the sandbox never gives; its other figures stand.",
    "ppo": "The main job's configuration trained with PPO instead of GRPO (`--configs ppo`, at PPO's own learning "
        "rate). Every point is a checkpoint measured greedy on the held-out code tasks and on the tasks the run trains "
        "on, paired by task with the untrained model. The log is a separate run at another learning rate, as its first "
        "line says.",
    "demonstrations": "A fresh LoRA adapter fine-tuned on reference solutions, then the held-out code tasks measured "
        "greedy and paired by task with the untrained model. The curve files hold a measurement after every few "
        "epochs. The last file starts the main job's RL from the fine-tuned model and measures everything with the "
        "main job's own `bf16` evaluation, against its own untrained baseline: compare its numbers with each other, "
        "not with the `float32` measurements above it.",
    "gpu": "Runs on a lent GPU machine. The JSON is a learning curve at a larger batch, with each step's timings; the "
        "logs are the GPU check's output, the replay of a batch whose gradient was not finite (each arm in its own "
        "process) and the learning-curve run that stopped on that batch.",
    "grpo_vs_trl": "Each side runs alone in a fresh process, the sides alternate in order, and the first table gives "
        "the median over the repeats: seconds per step and the whole process's peak resident memory. The roofline is "
        "the least time this machine could take for the same step. `grpo_vs_trl.json` runs each side on its own "
        "default allocator (rlkit on jemalloc, as `rlkit train` starts itself; TRL on glibc's malloc, as Python "
        "starts); `grpo_vs_trl_both_jemalloc.json` runs both on jemalloc, and `grpo_vs_trl_both_jemalloc_p512.json` "
        "too, with rlkit's update passes held to fewer positions (`--max-positions`), as a memory budget would choose. "
        "`engines.json` is the whole training loop instead, rlkit's and TRL's engine behind the same rollout and sandbox.",
    "memory": "`memory_compare.json` is the main job's first steps as whole processes side by side, the arms "
        "alternating: an arm is the allocator and, after a colon, the update's limit on the positions of a pass (none: "
        "the default; zero: no limit), so its first arm is the main job as it ran before jemalloc and that limit; "
        "`memory_compare_positions.json` sets the default against passes of fewer positions, on its first step's "
        "episodes the same in both arms. The "
        "other files are one process, one phase at a time. *Peak above* is how far the phase raised the resident "
        "memory above what the phases before it left; *left* is what it left resident. `memory_main_job.json` is the "
        "main job as `rlkit train` runs it (on jemalloc, passes of bounded positions); `memory_main_job_glibc.json` "
        "the same on glibc's allocator without that bound. Where a file has updates run again after the last step, "
        "they reuse that step's episodes with other settings. "
        "`memory_shapes.json` is one GRPO step on larger, Qwen-shaped models with random weights, each case in a fresh "
        "process: its measured peak beside the two estimates of the GPU appendix (`05_moving_to_a_gpu`), the weights "
        "alone (`weight_gb`) and the fuller budget (`budget_gb`, the same parts as the script's); a case stopped at "
        "the limit shows the limit it passed.",
    "math_checker": "Each checker scores every row of the table of completions with known verdicts. *Accuracy* is the "
        "share of rows where it gives the expected verdict; a false positive is a wrong answer scored right, a false "
        "negative a right answer scored wrong or not scored at all.",
    "terminal_base": "The untrained model, greedy, one episode per task. *Solved* is the share of tasks whose checks "
        "all hold at the end; *checks* the mean share of a task's checks that hold; *commands* the mean number of "
        "commands an episode ran.",
    "ablations": "The tables as `bench/ablation.py` wrote them (it writes no JSON). Each arm changes one piece or one "
        "hyperparameter of the default run and trains for the same time budget; its last checkpoint is measured "
        "greedy, paired by task with the untrained model. The `sweep_val` files measure the validation split and the "
        "tasks the run trains on: the split to choose settings on.",
    "reward_model": "The table as `bench/reward_model.py` printed it (it writes no JSON).",
    "decode": "The output of `bench/generate.py --ragged` and `--repair` as they printed it (they write no JSON), "
        "under the command and the machine that ran them, each against its baseline side by side in one process: the "
        "fast decode loop on rows that end at different steps, keeping every row to the end against dropping the "
        "ended ones; and a repair turn's prompts, prefilled in one pass padded to the longest against shortest first "
        "in chunks each cut to its own longest. `bench/eval_batch.py` (its section says what it measures) times the "
        "main job's held-out evaluation at `batch=64` against `batch=128`, the two alternating in one process, with "
        "the peak memory of each, on two hosts of the same kind: the larger batch, `evaluate`'s default, saves little "
        "on the first and more on the second, and its peak stays below a training step's.",
    "other": "Files in `bench/results` that no page describes yet, shown as they are.",
}

# name, title, the script whose docstring says what it measures, the files it shows (first page to match a file wins)
PAGES = [
    ("main_job", "The main job", "scripts/run.sh", ["families_main_job*"]),
    ("families", "Task families: base rates", "bench/families.py", ["families_*.json"]),
    ("ppo", "PPO against GRPO", "bench/learning_curve.py", ["learning_curve_ppo*", "ppo_*"]),
    ("gpu", "On a GPU", "bench/learning_curve.py",
     ["learning_curve_gpu*", "learning_curve_h200*", "gpu_check_*", "replay_fault_*"]),
    ("learning_curves", "Learning curves", "bench/learning_curve.py", ["learning_curve_*"]),
    ("payoff", "What a run learned: trained-on against held-out", "scripts/payoff.py", ["payoff_*.json"]),
    ("headroom", "Headroom on the held-out tasks", "bench/headroom.py", ["headroom_*.json"]),
    ("demonstrations", "Demonstrations instead of rewards", "bench/demonstrations.py", ["demonstrations*"]),
    ("grpo_vs_trl", "Speed and memory against TRL", "bench/grpo_vs_trl.py", ["grpo_vs_trl*", "engines*"]),
    ("memory", "Memory of the main job", "bench/memory.py", ["memory_*"]),
    ("math_checker", "Math answer checkers", "bench/math_checker.py", ["math_checker*"]),
    ("terminal_base", "Terminal tasks: base rates", "bench/terminal_base.py", ["terminal_base*"]),
    ("ablations", "Ablations and the hyperparameter sweep", "bench/ablation.py", ["ablation_*.md", "sweep_*.md"]),
    ("reward_model", "The reward model", "bench/reward_model.py", ["reward_model_*"]),
    ("decode", "Decode speed", "bench/generate.py", ["generate_*", "eval_batch*"]),
]
# A file that another script wrote: its docstring's first paragraph heads the file's section.
WRITTEN_BY = {"gpu_check_*": "scripts/gpu_check.py", "replay_fault_*": "bench/replay_fault.py",
              "memory_shapes*": "bench/memory_shapes.py", "engines*": "bench/engines.py",
              "eval_batch*": "bench/eval_batch.py", "families_main_job_fresh*": "bench/fresh_seeds.py"}


# ---------------------------------------------------------------- formatting
def pct(x) -> str: return "" if x is None else f"{100 * x:.1f}%"
def pts(x) -> str: return f"{100 * x:+.1f}"
def num(x, nd=1) -> str: return "" if x is None else f"{x:,.{nd}f}"


def change(d: dict | None) -> str:
    "A paired difference (`diff` or `change`, `lo`, `hi`) in points with its interval"
    x = (d or {}).get("diff", (d or {}).get("change"))
    if x is None:
        return ""
    return f"{pts(x)} [{pts(d['lo'])}, {pts(d['hi'])}]" if "lo" in d else pts(x)


def ci(d: dict | None) -> str:
    "The header of an interval column: its level where the file records it"
    level = (d or {}).get("level")
    return f"{100 * level:.0f}% CI" if level else "interval"


def cell(x) -> str:
    return str(x).replace("|", "\\|").replace("\n", " ")


def table(header: list, rows: list) -> str:
    lines = ["| " + " | ".join(map(cell, header)) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(map(cell, r)) + " |" for r in rows]
    return "\n".join(lines)


def code_cell(s: str) -> str:
    "A completion as an inline code span, its newlines shown as ⏎"
    s = s.replace("\n", " ⏎ ").replace("|", "¦")
    fence = "``" if "`" in s else "`"
    return f"{fence} {s} {fence}" if fence == "``" else f"`{s}`"


# ---------------------------------------------------------------- sources
def description(script: str) -> str:
    "What a script measures: its module docstring, or a shell script's header comment"
    p = ROOT / script
    if not p.exists():
        return ""
    if p.suffix == ".py":
        return ast.get_docstring(ast.parse(p.read_text())) or ""
    header = []
    for line in p.read_text().splitlines()[1:]:  # after the shebang, up to the first line that is not a comment
        if not line.startswith("#"):
            break
        header.append(line[2:])
    return "\n".join(header)


def summary(text: str) -> str: return text.split("\n\n")[0]


def verbatim_md(text: str) -> str:
    "An .md result as it is, but runs of log lines (`a | b` outside a table) kept as they are, in a text block"
    out, block = [], []
    for line in text.rstrip("\n").splitlines() + [""]:
        if " | " in line and not line.lstrip().startswith("|"):
            block.append(line)
            continue
        if block:
            out += ["```text", *block, "```"]
            block = []
        out.append(line)
    return "\n".join(out).rstrip() + "\n"


def meta(d: dict) -> list[str]:
    "The command, the machine and the notes a JSON records about itself"
    settings = d.get("settings") if isinstance(d.get("settings"), dict) else {}
    config = d.get("config") if isinstance(d.get("config"), dict) else {}
    machine = "not recorded in the file"
    if isinstance(d.get("machine"), str) or isinstance(d.get("_where"), str):
        machine = d.get("machine") or d["_where"]
    elif "cpus" in settings:
        machine = f"{settings['cpus']} CPU cores"
    elif "threads" in d or "threads" in config:
        machine = f"{d.get('threads', config.get('threads'))} torch threads"
    lines = [f"- Command: `{d['command']}`"] if isinstance(d.get("command"), str) else []
    lines.append(f"- Machine: {machine}")
    for key, label in (("held_out", "Held-out set"), ("probe", "Probe set"), ("adapter", "Adapter measured"),
                       ("_note", "Note")):
        if isinstance(d.get(key), str):
            lines.append(f"- {label}: {d[key]}")
    if d.get("_set"):
        lines.append("- Settings changed: " + ", ".join(f"`{s}`" for s in d["_set"]))
    shown = {k: v for k, v in settings.items() if k != "cpus" and not isinstance(v, (dict, list))}
    if shown:
        lines.append("- Settings: " + ", ".join(f"{k} `{v}`" for k, v in shown.items()))
    return lines


# ---------------------------------------------------------------- one renderer per kind of JSON
def r_main_job(d):
    rows = []
    for s in d["seeds"]:
        h, p = s["held_out"], s.get("probe", {})
        rows.append([s["seed"], f"{s['steps']} ({num(s.get('training_minutes'))})", num(s.get("wall_min")),
                     f"{pct(h['before'])} → {pct(h['after'])}", change(h),
                     f"{h.get('better', '')} / {h.get('worse', '')}",
                     f"{pct(p.get('before'))} → {pct(p.get('after'))}", change(p)])
    n = d["seeds"][0]["held_out"].get("tasks", "")
    m = d["seeds"][0].get("probe", {}).get("tasks", "")
    out = table(["seed", "steps (training min)", "wall min", f"held-out ({n})", "change [interval]", "better / worse",
                 f"probe ({m})", "change [interval]"], rows)
    parts = [[s["seed"], name, r["tasks"], f"{pct(r['before'])} → {pct(r['after'])}", change(r) if "lo" in r else ""]
             for s in d["seeds"] for name, r in s.get("by_part", {}).items()]
    if parts:
        out += "\n\nThe held-out change within each part of the held-out set:\n\n" + table(
            ["seed", "part", "instances", "before → after", "change [interval]"], parts)
    return out


def r_fresh(d):
    rows = [[r["seed"], r["checkpoint"], f"{pct(r['fresh']['before'])} → {pct(r['fresh']['after'])}", change(r["fresh"]),
             f"{r['fresh']['better']} / {r['fresh']['worse']}", change(r["fresh_new_functions"]),
             pts(r["fixed_split_change"])] for r in d["runs"]]
    n, k = d["tasks"], d["tasks"] - d["shared_with_fixed_split"]
    lo, hi = d["seeds"]
    return (f"Held-out seeds {lo:,} to {hi:,}; best trivial answer {pct(max(d['trivial'].values()))}.\n\n"
            + table(["seed", "checkpoint", f"fresh held-out ({n})", "change [interval]", "better / worse",
                     f"functions the fixed split lacks ({k})", "fixed split change"], rows))


def r_sampled(d):
    c = d["change"]
    return table(["run", "checkpoint", "held-out", "answers", "before (min)", "after (min)", "change [interval]",
                  "better / worse"],
                 [[d["run"], d["checkpoint"], d["held_out"], f"{d['n']} per instance at T={d['temperature']}",
                   f"{pct(d['before']['pass_rate'])} ({num(d['before']['minutes'])})",
                   f"{pct(d['after']['pass_rate'])} ({num(d['after']['minutes'])})",
                   f"{pts(c['diff'])} [{pts(c['lo'])}, {pts(c['hi'])}]", f"{c['better']} / {c['worse']}"]])


def r_families(d):
    rows = [[f["family"], f["domain"], f.get("level", ""), f"{f['n']} x {f['group']}", pct(f["greedy"]),
             pct(f["sampled"]), pct(f["mixed"]), f"{pct(f['trivial_max'])} of {f.get('trivial_n', '')}",
             num(f.get("greedy_s"), 0), num(f.get("sampled_s"), 0)] for f in d["families"]]
    return table(["family", "domain", "level", "instances x group", "greedy", "sampled", "mixed groups",
                  "best trivial", "greedy s", "sampled s"], rows)


def curves_of(d: dict) -> dict:
    if isinstance(d.get("curves"), dict):
        d = d["curves"]
    return {k: v for k, v in d.items() if not k.startswith("_") and isinstance(v, list) and v and "minutes" in v[0]}


def r_curves(d):
    curves = curves_of(d)
    trained = any("trained_on" in p for pts_ in curves.values() for p in pts_)
    probed = any("probe" in p for pts_ in curves.values() for p in pts_)  # the run's probe: hand-written tasks
    rows = []
    for run, points in curves.items():
        for p in points:
            row = [run, p["step"], num(p["minutes"]), pct(p["pass_rate"]), change(p) if "diff" in p else "untrained"]
            for key in [k for k, shown in (("trained_on", trained), ("probe", probed)) if shown]:
                t = p.get(key, {})
                row += [pct(t.get("pass_rate")), change(t) if "diff" in t else ("untrained" if t else "")]
            rows.append(row)
    later = [p for pts_ in curves.values() for p in pts_[1:]]  # the first point holds no task counts
    def named(what, tasks):  # the column's name, with its number of tasks where the file records it
        n = next((t["tasks"] for t in map(tasks, later) if t and "tasks" in t), None)
        return what if n is None else f"{what} ({n})"
    header = ["run", "step", "training min", named("held-out", lambda p: p), "change [interval]"]
    if trained:
        header += [named("trained on", lambda p: p.get("trained_on")), "change [interval]"]
    if probed:
        header += [named("probe", lambda p: p.get("probe")), "change [interval]"]
    out = table(header, rows)
    if isinstance(d.get("steps"), list) and d["steps"]:
        keys = [k for k in d["steps"][0] if k != "step"]
        shown = lambda x: num(x, 3) if isinstance(x, float) else ("" if x is None else x)
        rows = [[s["step"]] + [shown(s.get(k)) for k in keys] for s in d["steps"]]
        out += "\n\nEach training step:\n\n" + table(["step"] + keys, rows)
    return out


def r_payoff(d):
    c = d.get("config", {})
    rows = [[part, f"{d[part]['tasks']}", f"{pct(d[part]['before'])} → {pct(d[part]['after'])}",
             change(d[part]["difference"]), f"{d[part]['difference']['better']} / {d[part]['difference']['worse']}",
             f"{d[part]['difference']['sign_test_p']:.2g}"] for part in ("trained_on", "held_out")]
    attempts = c.get("rollout", {}).get("attempts", "")
    out = (f"- Run: `{d['run']}`, checkpoint `{d['checkpoint']}`: {d['steps']} steps, "
           f"{num(d['training_minutes'])} training minutes; tasks `{c.get('tasks')}`, seed {c.get('seed')}, "
           f"time budget `max_minutes={c.get('max_minutes')}`, attempts per episode `{attempts}`\n\n")
    out += table(["tasks", "count", "untrained → trained", f"change [{ci(d['held_out']['difference'])}]",
                  "better / worse", "sign test p"], rows)
    for e in d.get("examples", [])[:2]:
        out += (f"\n\n`{e['task']}` ({e.get('before_verdict', '')} before training): {e['prompt']}\n\n"
                f"Before:\n\n{e['before']}\n\nAfter:\n\n{e['after']}")
    return out


def r_headroom(d):
    b, a = d["before"], d["after"]
    rows = [["greedy pass rate", pct(b["greedy"]), pct(a["greedy"]), change(d["greedy_difference"])],
            [f"sampled pass rate ({d['n']} a task, T={d['temperature']})", pct(b["sampled"]["pass_rate"]),
             pct(a["sampled"]["pass_rate"]), change(d["sampled_difference"])]]
    for k in sorted((x for x in b["sampled"] if x.startswith("pass@") and x != "pass@1"), key=lambda x: int(x[5:])):
        rows.append([k, pct(b["sampled"][k]), pct(a["sampled"][k]), pts(a["sampled"][k] - b["sampled"][k])])
    rows.append(["tasks solved at least once", b["solved_ever"], a["solved_ever"], a["solved_ever"] - b["solved_ever"]])
    out = table(["held-out measure", "untrained", "trained", f"change [{ci(d['greedy_difference'])}]"], rows)
    kinds = sorted(set(b["kinds"]) | set(a["kinds"]), key=lambda k: -b["kinds"].get(k, 0))
    out += "\n\nKinds of greedy answer:\n\n" + table(["kind", "untrained", "trained"],
                                                      [[k, b["kinds"].get(k, 0), a["kinds"].get(k, 0)] for k in kinds])
    out += (f"\n\nWrong-name answers that pass once renamed: {b['wrong_name_renamed'][1]} of "
            f"{b['wrong_name_renamed'][0]} untrained, {a['wrong_name_renamed'][1]} of {a['wrong_name_renamed'][0]} "
            f"trained. Tasks no sample solved, before or after: {d.get('never_solved', '')}.")
    if d.get("power"):
        sizes = list(next(iter(d["power"].values()))["by_size"])
        out += ("\n\nThe power of each measure: the half-width of the paired 95% interval that this many held-out tasks "
                "would give, from the spread of the per-task differences here, and the seconds the evaluation before and "
                f"after would take on this machine ({d.get('cpus', '')} cores):\n\n") + table(
            ["measure"] + [f"{n} tasks" for n in sizes],
            [[f"{m} ({1 if m == 'greedy' else d['n']} a task)"]
             + [f"±{100 * v['half_width']:.1f} pts ({v['seconds']:.0f} s)" for v in p["by_size"].values()]
             for m, p in d["power"].items()])
    return out


def r_demos(d):
    diff = d["difference"]
    out = table(["demonstrations", "epochs", "seed", "lr", "training min", "held-out", f"change [{ci(diff)}]",
                 "better / worse"],
                [[d["train_tasks"], num(d["epochs"], 0), d["seed"], d["lr"], num(d["train_minutes"]),
                  f"{pct(d['before'])} → {pct(d['after'])}", change(diff), f"{diff['better']} / {diff['worse']}"]])
    if d.get("curve"):
        out += "\n\nAfter every few epochs:\n\n" + table(
            ["epoch", "training min", "held-out", f"change [{ci(diff)}]", "better / worse"],
            [[num(p["epoch"], 0), num(p["train_minutes"]), pct(p["pass_rate"]), change(p["difference"]),
              f"{p['difference']['better']} / {p['difference']['worse']}"] for p in d["curve"]])
    return out


def r_demos_then_rl(d):
    e = d["eval"]
    rows = [["held-out, fine-tuned (before RL)", pct(e["before"]["pass_rate"]),
             change(d["held_out_vs_untrained"]["fine_tuned"])],
            ["held-out, fine-tuned then RL", pct(e["after"]["pass_rate"]),
             change(d["held_out_vs_untrained"]["fine_tuned_then_rl"])],
            ["trained on, fine-tuned", pct(e["trained_on"]["before"]["pass_rate"]),
             change(d["trained_on_vs_untrained"]["fine_tuned"])],
            ["trained on, fine-tuned then RL", pct(e["trained_on"]["after"]["pass_rate"]),
             change(d["trained_on_vs_untrained"]["fine_tuned_then_rl"])]]
    ref = d["held_out_vs_untrained"]["fine_tuned"]
    rollbacks = "; ".join(d.get("rollbacks", [])) or "none"
    out = (f"- Untrained baseline: {d['untrained']['source']}\n- RL steps kept: {d['steps_kept']}, "
           f"{num(d['training_minutes'])} training minutes; rollbacks: {rollbacks}\n\n")
    out += table(["model", "pass rate", f"change from untrained [{ci(ref)}]"], rows)
    out += ("\n\nRL's own change, from the fine-tuned model: held-out " + change(e["difference"]) + ", trained on "
            + change(e["trained_on"]["difference"]) + ".")
    return out


def r_trl(d):
    med = d["median"]
    rows = [[side, num(m["step_s"]), num(m["peak_rss_mb"], 0), num(m["tokens_per_step"], 0),
             ", ".join(num(r["step_s"]) for r in d["runs"].get(side, []))] for side, m in med.items()]
    out = table(["side", "s a step (median)", "peak RSS MB (median)", "tokens a step", "s a step, each run"], rows)
    if "allocators" in d:
        out += "\n\nAllocators: " + ", ".join(f"{k} on `{v}`" for k, v in d["allocators"].items()) + "."
    if "max_positions" in d:
        out += f" rlkit's update passes hold at most {d['max_positions']:,} positions."
    if "rlkit" in med and "trl" in med:
        out += (f"\n\nrlkit's step takes **{med['rlkit']['step_s'] / med['trl']['step_s']:.2f}x** TRL's time, with "
                f"**{med['rlkit']['peak_rss_mb'] / med['trl']['peak_rss_mb']:.2f}x** its peak memory "
                f"({d.get('steps', '')} steps a run, {d.get('repeats', '')} repeats).")
    if "roofline" in d:
        r = d["roofline"]
        out += (f" Roofline: {num(r['total'])} s a step ({num(r['decode'])} s decoding, {num(r['update'])} s update);"
                f" rlkit takes {med['rlkit']['step_s'] / r['total']:.1f}x it.")
    return out


def r_engines(d):
    med, a = d["median"], d["args"]
    rows = [[e, num(m["step_s"]), num(m["generate_s"]), num(m["execute_s"]), num(m["update_s"]), num(m["peak_rss_mb"], 0),
             ", ".join(num(r["step_s"]) for r in d["runs"][e])] for e, m in med.items()]
    out = table(["engine", "s a step", "generate s", "execute s", "update s", "peak RSS MB", "s a step, each run"], rows)
    return out + (f"\n\n{a['steps']} steps of {a['tasks_per_step']} tasks x {a['group_size']} episodes, the median of "
                  f"{a['repeats']} fresh processes an engine, both on `{d.get('allocator', 'glibc')}`. TRL's engine takes "
                  f"**{med['trl']['step_s'] / med['rlkit']['step_s']:.2f}x** rlkit's step time and "
                  f"**{med['trl']['peak_rss_mb'] / med['rlkit']['peak_rss_mb']:.2f}x** its peak memory.")


def memory_peak(d) -> float:
    "A `bench/memory.py` file's peak: the largest phase's (earlier files: the process's ru_maxrss)"
    return d["peak_mb"] if "peak_mb" in d else d["ru_maxrss_mb"]


def r_memory(d):
    out = "Settings: " + ", ".join(f"{k} `{v}`" for k, v in d["config"].items()) + "\n\n"
    def chosen(p):
        if "max_positions" in p:
            return ", ".join(filter(None, (f"{p['max_positions']} positions" if p["max_positions"] else "no limit",
                                           "checkpointing" if p["checkpointing"] else "")))
        return "" if "micro_batch" not in p else f"{p['micro_batch']}{', checkpointing' if p['checkpointing'] else ''}"
    out += table(["phase", "resident before, MB", "peak above, MB", "left, MB", "s", "passes"],
                 [[p["phase"], num(p["rss_before_mb"], 0), num(p["peak_above_mb"], 0), num(p["left_mb"], 0),
                   num(p["s"]), chosen(p)] for p in d["phases"]])
    out += (f"\n\nThe process's peak resident memory: {num(memory_peak(d), 0)} MB; the sandbox's "
            f"processes: {num(d.get('sandbox_workers_mb'), 0)} MB.")
    return out


def r_memory_compare(d):
    "Whole processes side by side, alternating: each arm's median step time and peak, as ratios of the first arm's"
    med, first = d["median"], d["compare"][0]
    rows = [[arm, num(m["step_s"]), f"{m['step_s'] / med[first]['step_s']:.2f}x", num(m["peak_mb"], 0),
             f"{m['peak_mb'] / med[first]['peak_mb']:.2f}x",
             "; ".join(f"{' + '.join(num(x) for x in r['step_s'])} s, {num(r['peak_mb'], 0)} MB"
                       for r in d["runs"] if r["arm"] == arm)] for arm, m in med.items()]
    return (f"{d['steps']} steps a run, {d['repeats']} runs an arm, dtype `{d['dtype']}`, tasks `{d['tasks']}`.\n\n"
            + table(["arm", "s a step (median)", f"x {first}", "peak MB (median)", f"x {first}", "each run"], rows))


def r_memory_shapes(d):
    "Measured peak against tutorial 05's estimate and the fuller one, then the fuller estimate's parts and each phase"
    su, mb = d["setup"], lambda gb: gb * 1e9 / 2 ** 20
    out = (f"Setup: one prompt of {su['prompt_words']} words x {su['group']} completions x {su['max_new_tokens']} new "
           f"tokens, LoRA r={su['lora_r']}, micro-batch {su['micro_batch']}, vocabulary {su['vocab']:,}; allocator "
           f"`{d.get('allocator', '')}`; " + ", ".join(f"{k} {v}" for k, v in d["versions"].items()) + ".\n\n")
    def base(c):
        return c["base"] + (", checkpointing" if c.get("checkpointing") else "")
    def peak(c):
        if c["status"] == "ran":
            return num(c["peak_mb"], 0)
        return f"over {num(c['peak_mb_at_least'], 0)}" if "peak_mb_at_least" in c else "not measured"
    rows = []
    for c in d["cases"]:
        ran, f = c["status"] == "ran", c["fuller_mb"]
        rows.append([c["shape"], base(c), f"{c['params'] / 1e9:.2f} B", num(mb(c["tutorial05_gb"]), 0),
                     num(f["total"], 0), peak(c), f"{c['peak_mb'] / mb(c['tutorial05_gb']):.1f}x" if ran else "",
                     f"{c['peak_mb'] / f['total']:.2f}x" if ran else "", "" if ran else c["status"]])
    out += table(["shape", "base", "parameters", "tutorial 05's estimate (weights), MB", "fuller estimate, MB",
                  "measured peak, MB", "measured / tutorial 05", "measured / fuller", "note"], rows)
    parts = {"libraries": "libraries", "weights": "weights", "checkpoint": "checkpoint (mapped)",
             "decode_copy": "decode copy", "lora_adam": "LoRA + AdamW", "activations": "activations",
             "load": "load", "update": "update"}
    out += "\n\nThe fuller estimate, part by part (MB; its figure is the larger of *load* and *update*):\n\n" + table(
        ["shape", "base"] + list(parts.values()),
        [[c["shape"], base(c)] + [num(c["fuller_mb"][p], 0) for p in parts] for c in d["cases"]])
    names = [p["phase"].split(":")[0] for p in max((c.get("phases", []) for c in d["cases"]), key=len)]
    rows = []
    for c in d["cases"]:
        got = [num(p["peak_mb"], 0) for p in c.get("phases", [])]
        if len(got) < len(names) and "peak_mb_at_least" in c:
            got.append(f"over {num(c['peak_mb_at_least'], 0)}")  # where the limit stopped it
        left = num(c["phases"][-1]["rss_after_mb"], 0) if c["status"] == "ran" else ""
        rows.append([c["shape"], base(c)] + got + [""] * (len(names) - len(got)) + [left, c.get("decode", "")])
    out += ("\n\nMeasured, phase by phase: each phase's peak resident memory (VmHWM, MB), what the process held "
            "after the update, and how the rollout decoded:\n\n")
    return out + table(["shape", "base"] + names + ["held after the update", "decode"], rows)


def r_math(d):
    ch = d["checkers"]
    out = table(["checker", "accuracy", "correct / rows", "accuracy on numeric answers", "not scored",
                 "false positives", "false negatives", "ms a completion"],
                [[k, pct(c["accuracy"]), f"{c['correct']} / {c['rows']}", pct(c["accuracy_numeric_answers"]),
                  c["not_scored"], len(c["false_positives"]), len(c["false_negatives"]),
                  f"{1000 * c['seconds_per_completion']:.3f}"] for k, c in ch.items()])
    tags = sorted({t for c in ch.values() for t in c["by_tag"]})
    out += "\n\nAccuracy by kind of case:\n\n" + table(["tag"] + list(ch), [[t] + [pct(c["by_tag"].get(t)) for c in
                                                                              ch.values()] for t in tags])
    for k, c in ch.items():
        for kind in ("false_positives", "false_negatives"):
            if c[kind]:
                rows = [[r["tag"], code_cell(r["completion"]), code_cell(str(r["answer"])), r["verdict"]]
                        for r in c[kind]]
                out += f"\n\n`{k}`, {kind.replace('_', ' ')}:\n\n" + table(["tag", "completion", "answer", "expected"],
                                                                             rows)
    return out


def r_terminal(d):
    rows = [[k, v["tasks"], pct(v["solved"]), pct(v["checks"]), num(v["commands"])] for k, v in sorted(d.items())]
    total = sum(v["tasks"] for v in d.values())
    solved = sum(round(v["solved"] * v["tasks"]) for v in d.values())
    return table(["kind / difficulty", "tasks", "solved", "checks", "commands"], rows) + \
        f"\n\nSolved: {solved} of {total} tasks."


def r_generic(d):
    rows = []

    def walk(x, path):
        if isinstance(x, dict) and len(x) <= 25:
            for k, v in x.items():
                walk(v, f"{path}.{k}" if path else str(k))
        elif isinstance(x, (dict, list)):
            rows.append([path, f"{len(x)} entries"])
        else:
            rows.append([path, x])
    walk(d, "")
    return table(["field", "value"], rows[:60])


RENDERERS = [("families_main_job_sampled*", r_sampled), ("families_main_job_fresh*", r_fresh),
             ("learning_curve_*sampled*", r_sampled), ("families_main_job*", r_main_job), ("families_*", r_families),
             ("learning_curve_*", r_curves), ("payoff_*", r_payoff), ("headroom_*", r_headroom),
             ("demonstrations_then_rl*", r_demos_then_rl),
             ("demonstrations_*", r_demos), ("grpo_vs_trl*", r_trl), ("engines*", r_engines),
             ("memory_shapes*", r_memory_shapes), ("memory_compare*", r_memory_compare), ("memory_*", r_memory),
             ("math_checker*", r_math), ("terminal_base*", r_terminal)]


def renderer(name: str):
    "The table maker for a JSON file: the first pattern its name matches, else a generic one"
    return next((r for pat, r in RENDERERS if fnmatch.fnmatch(name, pat)), r_generic)


# ---------------------------------------------------------------- headline figures, for the index
def headline(page: str, data: dict) -> str:
    try:
        if page == "main_job":
            s = data["families_main_job_credit_last.json"]["seeds"]
            return "held-out functions, change per seed: " + ", ".join(change(x["held_out"]) for x in s) + " pts"
        if page == "families":
            f = data["families_base.json"]["families"]
            return "untrained greedy: " + ", ".join(f"{x['family']} level {x['level']} {pct(x['greedy'])}" for x in f)
        if page == "learning_curves" and (fam := data.get("learning_curve_families_60min.json")):
            curves = curves_of(fam)
            probe = [p["probe"]["diff"] for pts_ in curves.values() for p in pts_[1:]]
            return ("family held-out, " + "; ".join(
                run.split("/")[-1] + ": " + ", ".join(f"{pts(p['diff'])} at {p['minutes']:.0f} min" for p in pts_[1:])
                for run, pts_ in curves.items()) + f"; hand-written probe: {pts(min(probe))} to {pts(max(probe))} pts")
        if page in ("learning_curves", "ppo", "gpu"):
            name = {"learning_curves": "learning_curve_trained_on_default_amx.json", "ppo": "learning_curve_ppo.json",
                    "gpu": "learning_curve_gpu.json"}[page]
            last = [pts_[-1] for pts_ in curves_of(data[name]).values()]
            return ("last point, trained on: " + ", ".join(pts(p["trained_on"]["diff"]) for p in last)
                    + "; held-out: " + ", ".join(pts(p["diff"]) for p in last) + " pts")
        if page == "payoff":
            ds = [v for k, v in sorted(data.items()) if k.startswith("payoff_default")]
            return ("after " + ", ".join(str(d["steps"]) for d in ds) + " steps: trained on "
                    + ", ".join(pts(d["trained_on"]["difference"]["diff"]) for d in ds) + "; held-out "
                    + ", ".join(pts(d["held_out"]["difference"]["diff"]) for d in ds) + " pts")
        if page == "headroom":
            d = next(iter(data.values()))
            k = f"pass@{d['n']}"
            return (f"untrained: {k} {pct(d['before']['sampled'][k])}, greedy {pct(d['before']['greedy'])}; "
                    f"trained: greedy {change(d['greedy_difference'])} pts")
        if page == "demonstrations":
            ds = [data[k] for k in sorted(data) if k.startswith("demonstrations_more_seed")]
            return (f"held-out after fine-tuning on {ds[0]['train_tasks']} references: "
                    + ", ".join(pts(d["difference"]["diff"]) for d in ds) + " pts")
        if page == "grpo_vs_trl":
            m = data["grpo_vs_trl.json"]["median"]
            return (f"{m['rlkit']['step_s'] / m['trl']['step_s']:.2f}x TRL's step time, "
                    f"{m['rlkit']['peak_rss_mb'] / m['trl']['peak_rss_mb']:.2f}x its peak memory")
        if page == "memory":
            d, c = data["memory_main_job.json"], data.get("memory_compare.json")
            big = [x for x in data.get("memory_shapes.json", {}).get("cases", [])
                   if x["status"] == "ran" and x["base"] == "nf4"]
            first, now = (c["median"][arm] for arm in c["compare"]) if c else (None, None)
            return (f"peak {num(memory_peak(d), 0)} MB by default"
                    + (f" ({now['peak_mb'] / first['peak_mb']:.2f}x the peak and {now['step_s'] / first['step_s']:.2f}x "
                       f"the step time of `{c['compare'][0]}`)" if c else "")
                    + (f"; one GRPO step, {big[-1]['shape']} shape on nf4: {num(big[-1]['peak_mb'], 0)} MB"
                       if big else ""))
        if page == "math_checker":
            ch = data["math_checker.json"]["checkers"]
            return "accuracy: " + ", ".join(f"{k} {pct(c['accuracy'])}" for k, c in ch.items())
        if page == "terminal_base":
            d = data["terminal_base.json"]
            return (f"solved {sum(round(v['solved'] * v['tasks']) for v in d.values())} of "
                    f"{sum(v['tasks'] for v in d.values())} tasks")
    except (KeyError, IndexError, StopIteration, ZeroDivisionError, TypeError):
        pass
    return "tables below" if data else "see the page"


# ---------------------------------------------------------------- pages
def claim() -> dict:
    "page name -> the bench/results files it shows; unclaimed files go to 'other'"
    owned = {name: [] for name, *_ in PAGES}
    owned["other"] = []
    for f in sorted(p.name for p in RESULTS.iterdir() if p.is_file()):
        page = next((name for name, _, _, pats in PAGES if any(fnmatch.fnmatch(f, p) for p in pats)), "other")
        owned[page].append(f)
    return owned


def section(f: str, page_source: str) -> str:
    path, stem = RESULTS / f, Path(f).stem
    out = [f"## `{f}`", ""]
    by = next((s for pat, s in WRITTEN_BY.items() if fnmatch.fnmatch(f, pat)), None)
    if by and by != page_source and description(by):
        out += [f"Written by `{by}`: " + summary(description(by)), ""]
    if f.endswith(".json"):
        d = json.loads(path.read_text())
        out += meta(d) if isinstance(d, dict) else []
        out += ["", renderer(f)(d)]
    elif f.endswith(".md"):
        out += [verbatim_md(path.read_text())]
    elif f.endswith(".log"):
        out += ["```text", path.read_text().rstrip("\n"), "```"]
    else:
        return ""
    if (RESULTS / f"{stem}.png").exists() and not f.endswith(".png"):
        out += ["", f"![{stem}]({FIG}{stem}.png)"]
    return "\n".join(out).rstrip() + "\n"


def page(name: str, title: str, source: str, files: list) -> str:
    out = [f"# {title}", "", "*Generated by `scripts/results_pages.py` from `bench/results`; "
           "edit the benchmark or its results, not this page.*", "", PROSE[name], ""]
    if source:
        out += [f"## What `{source}` measures", "", description(source), ""]
    shown = [f for f in files if not f.endswith(".png")]
    after = {f: [] for f in [""] + shown}  # a figure without a result of its stem: after the nearest name
    for png in files:
        stem = Path(png).stem
        if png.endswith(".png") and not any(Path(f).stem == stem for f in shown):
            shared = [(len(os.path.commonprefix([stem, Path(f).stem])), i, f) for i, f in enumerate(shown)]
            best = max(shared, default=(0, 0, ""))
            after[best[2] if best[0] else ""].append(f"![{stem}]({FIG}{png})\n")
    out += after[""]
    for f in shown:
        out += [section(f, source)] + after[f]
    return "\n".join(out).rstrip() + "\n"


def pages() -> dict:
    "file name -> text of every page to write"
    owned, out, rows = claim(), {}, []
    for name, title, source, _ in PAGES + [("other", "Other results", "", [])]:
        files = owned[name]
        if not files:
            continue
        out[f"{name}.md"] = page(name, title, source, files)
        data = {f: json.loads((RESULTS / f).read_text()) for f in files if f.endswith(".json")}
        rows.append([f"[{title}]({name}.md)", headline(name, data),
                     ", ".join(f"`{f}`" for f in files if not f.endswith(".png"))])
    out["index.md"] = ("# Results\n\n*Generated by `scripts/results_pages.py` from `bench/results`: every number on "
                       "these pages is read from the files a benchmark wrote.*\n\n"
                       + table(["benchmark", "headline", "files"], rows) + "\n")
    return out


def main(argv: list) -> int:
    check = "--check" in argv
    args = [a for a in argv if a != "--check"]
    if len(args) != 1:
        sys.exit(__doc__)
    folder = Path(args[0]) / "results"
    want = pages()
    if check:
        have = {p.name: p.read_text() for p in folder.glob("*.md")} if folder.is_dir() else {}
        stale = sorted(n for n in set(want) | set(have) if want.get(n) != have.get(n))
        if stale:
            print(f"{folder} is out of date with bench/results ({', '.join(stale)}): "
                  f"run `python scripts/results_pages.py {args[0]}` and commit it", file=sys.stderr)
            return 1
        return 0
    folder.mkdir(parents=True, exist_ok=True)
    for p in folder.glob("*.md"):
        if p.name not in want:
            p.unlink()
    for n, text in want.items():
        (folder / n).write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
