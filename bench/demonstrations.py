"""What demonstrations teach that RL on the same tasks does not: supervised fine-tuning on the training tasks' reference solutions.

RL on the bundled code tasks raises the pass rate of the tasks it trains on by 6-28 points and the held-out pass rate by
about 1 (README, "What the run learns"): a group where every sample fails teaches nothing, and most of the held-out tasks
are ones the model never solves. A reference solution is a signal on every task, solved or not. This script fine-tunes
a fresh LoRA adapter (the kit's defaults: r=16 on the embedded model; bf16 autocast where `--update-dtype auto` would use it) on the training tasks' reference solutions with
TRL's `SFTTrainer` (loss on the answer only), then measures the held-out greedy pass rate before and after, paired by task:

    .venv/bin/python bench/demonstrations.py                                  # the 93 bundled easy and medium tasks
    .venv/bin/python bench/demonstrations.py --more --merge-to runs/sft_model   # ... plus the 242 of data/code_more.jsonl
    .venv/bin/rlkit train --eval-trained-on --max-minutes 11 --model runs/sft_model   # then RL from the fine-tuned model

The references come from the build scripts (`data/build_tasks.py`, `data/build_code_more.py`), not from the task files,
which never ship them; no test task's function is among the training tasks (checked here). The answer it learns is the
reference in a fenced Python block, the format the reward's `extract_code` reads. Writes its figures to `--out` (JSON).
`--curve K` also measures the held-out pass rate after every K epochs, and `--plot PNG FILE...` draws those curves.
"""
import argparse, json, os, random, sys, time, warnings
from pathlib import Path

warnings.filterwarnings("ignore")
os.environ.setdefault("HF_HUB_OFFLINE", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "data"))
from build_code_more import CODE_MORE
from build_tasks import CODE, _signature
import torch
from datasets import Dataset
from transformers import TrainerCallback
from trl import SFTConfig, SFTTrainer

from rlkit.eval import difference_line, evaluate, paired_difference
from rlkit.generate import fast_bf16_cpu
from rlkit.models import load_policy
from rlkit.sandbox import Sandbox
from rlkit.tasks import load_task_spec


def references() -> dict:
    "Function name -> reference solution, for every training code task the build scripts define"
    return {_signature(ref)[0]: ref for _, _, ref, _ in CODE + CODE_MORE}


def plot(files:list, png:str):
    "The curves that `--curve` runs wrote: change in held-out greedy pass rate against training minutes, one line per run, its 95% interval shaded"
    from matplotlib.figure import Figure
    fig = Figure(figsize=(7, 4.5)); ax = fig.subplots()
    for i, f in enumerate(files):
        r = json.loads(Path(f).read_text())
        if not r.get("curve"): raise SystemExit(f"{f} has no curve: it was written without --curve K")
        x = [0] + [c["train_minutes"] for c in r["curve"]]
        d = [{"diff": 0, "lo": 0, "hi": 0}] + [c["difference"] for c in r["curve"]]
        ax.plot(x, [100 * q["diff"] for q in d], color=f"C{i}", marker="o", ms=4, label=f"{r['train_tasks']} demonstrations, seed {r['seed']}")
        ax.fill_between(x, [100 * q["lo"] for q in d], [100 * q["hi"] for q in d], color=f"C{i}", alpha=0.12)
    ax.axhline(0, color="k", lw=0.8); ax.axhline(10, color="k", ls=":", lw=0.8)
    ax.set_xlabel("training minutes on 2 CPU cores (an evaluation after every epoch or two, not counted)")
    ax.set_ylabel("held-out greedy pass rate, change (points)")
    ax.set_title("fine-tuning on reference solutions: the 119 held-out code tasks, paired with the untrained model", fontsize=9)
    ax.legend(); ax.grid(alpha=0.3)
    fig.savefig(png, dpi=100, bbox_inches="tight"); print(f"wrote {png}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--more", action="store_true", help="also the 242 tasks of data/code_more.jsonl (335 in all)")
    ap.add_argument("--epochs", type=float, default=3, help="passes over the demonstrations (default 3)")
    ap.add_argument("--lr", type=float, default=2e-4, help="learning rate, constant (default 2e-4)")
    ap.add_argument("--batch", type=int, default=16, help="demonstrations per optimizer step (default 16)")
    ap.add_argument("--subset", type=int, default=0, help="fine-tune on a random N of the training tasks, drawn with --seed (a point of a data-size curve; 0: all)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--limit", type=int, default=0, help="only the first N training and held-out tasks (a smoke test; 0: all)")
    ap.add_argument("--merge-to", default="", help="save the base with the adapter merged here, a model directory for `rlkit train --model`")
    ap.add_argument("--curve", type=int, default=0, metavar="K", help="also measure the held-out pass rate after every K epochs and the last (a curve; its time is not counted as training; 0: off)")
    ap.add_argument("--out", default="runs/demonstrations")
    ap.add_argument("--plot", metavar="PNG", help="only draw the curves of earlier --curve runs (their JSON files, given after) to PNG")
    ap.add_argument("results", nargs="*", help="with --plot: the runs' demonstrations.json files")
    a = ap.parse_args()
    if a.plot:
        if not a.results: raise SystemExit("--plot PNG needs the result files to draw: --plot PNG runs/X/demonstrations.json ...")
        return plot(a.results, a.plot)
    if a.curve < 0: raise SystemExit(f"--curve {a.curve}: pass K > 0 to measure every K epochs, or 0 for no curve")
    if a.results: raise SystemExit(f"{a.results}: result files are read only with --plot PNG")
    out = Path(a.out); out.mkdir(parents=True, exist_ok=True)
    refs = references()
    train = load_task_spec("code", "train", difficulty="easy,medium")[0] + (load_task_spec("data/code_more.jsonl")[0] if a.more else [])
    test = load_task_spec("code", "test")[0]
    if a.limit: train, test = train[:a.limit], test[:a.limit]
    if a.subset:
        if not 0 < a.subset <= len(train): raise SystemExit(f"--subset {a.subset}: there are {len(train)} training tasks; pass 1 to {len(train)}, or 0 for all")
        train = random.Random(a.seed).sample(train, a.subset)
    missing = [t.id for t in train if t.entry_point not in refs]
    if missing: raise SystemExit(f"no reference solution for {missing[:5]} in data/build_tasks.py or data/build_code_more.py")
    shared = {t.entry_point for t in test} & {t.entry_point for t in train}
    if shared: raise SystemExit(f"held-out tasks share functions with training tasks: {sorted(shared)}")
    model, tok = load_policy()
    sb, t0 = Sandbox(), time.time()
    def held_out(desc): return evaluate(model, test, tokenizer=tok, sandbox=sb, seed=a.seed, desc=desc)  # greedy: before, each curve point, after
    before = held_out("before")
    print(f"held-out before: {before['pass_rate']:.1%} ({time.time() - t0:.0f} s)", flush=True)
    ds = Dataset.from_list([{"prompt": [{"role": "user", "content": t.prompt}],
                             "completion": [{"role": "assistant", "content": f"```python\n{refs[t.entry_point]}\n```"}]} for t in train])
    args = SFTConfig(output_dir=str(out / "trainer"), num_train_epochs=a.epochs, learning_rate=a.lr, lr_scheduler_type="constant",
                     per_device_train_batch_size=a.batch, seed=a.seed, logging_steps=max(1, len(train) // a.batch),
                     save_strategy="no", report_to=[], bf16=torch.cuda.is_available() or fast_bf16_cpu(), use_cpu=not torch.cuda.is_available(),
                     max_length=1024, dataloader_pin_memory=False)
    curve, clock = [], {"start": time.time(), "evals": 0.0}
    class Curve(TrainerCallback):
        "After every `--curve` epochs: the held-out greedy pass rate, paired with the untrained model; the evaluation's time is kept off the clock"
        def on_epoch_end(self, args, state, control, **kw):
            if round(state.epoch) % a.curve and state.epoch < a.epochs - 1e-6: return
            t, minutes = time.time(), (time.time() - clock["start"] - clock["evals"]) / 60
            model.eval()
            r = held_out(f"epoch {state.epoch:g}")
            model.train()
            d = paired_difference(before, r)
            curve.append({"epoch": state.epoch, "train_minutes": minutes, "pass_rate": r["pass_rate"], "difference": d, "per_task": r["per_task"]})
            print(f"epoch {state.epoch:g} ({minutes:.1f} training min): held-out {r['pass_rate']:.1%}; " + difference_line(d, 1, 0.0), flush=True)
            clock["evals"] += time.time() - t
    SFTTrainer(model=model, args=args, train_dataset=ds, processing_class=tok, callbacks=[Curve()] if a.curve else None).train()
    minutes = (time.time() - clock["start"] - clock["evals"]) / 60
    print(f"fine-tuned on {len(train)} demonstrations x {a.epochs:g} epochs in {minutes:.1f} min", flush=True)
    model.eval()
    after = curve[-1] if curve and abs(curve[-1]["epoch"] - a.epochs) < 1e-6 else held_out("after")
    d = paired_difference(before, after)
    print(f"held-out after: {after['pass_rate']:.1%}; " + difference_line(d, 1, 0.0))
    model.save_pretrained(out / "adapter")
    if a.merge_to:
        model.merge_and_unload().save_pretrained(a.merge_to); tok.save_pretrained(a.merge_to)
        print(f"merged model: {a.merge_to}")
    res = {"train_tasks": len(train), "subset": a.subset, "more": a.more, "test_tasks": len(test), "epochs": a.epochs, "lr": a.lr, "batch": a.batch, "seed": a.seed,
           "train_minutes": minutes, "before": before["pass_rate"], "after": after["pass_rate"], "difference": d,
           "before_per_task": before["per_task"], "after_per_task": after["per_task"],
           "curve": [{k: v for k, v in c.items() if k != "per_task"} for c in curve]}
    (out / "demonstrations.json").write_text(json.dumps(res, indent=1, default=float))


if __name__ == "__main__": main()
