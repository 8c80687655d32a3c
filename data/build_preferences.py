"""Build rlkit's bundled preference pairs in data/ (run: python data/build_preferences.py).

Every pair is (prompt, chosen, rejected) with a `kind` saying what the preference is about:
- code_stub:    a correct solution (the task's reference) over an answer with a stub body (pass / return None / raise);
- code_bug:     a correct solution over the same code with one small bug (an operator or a constant changed),
                kept only when the bug really fails the task's tests;
- concise:      a short answer over a rambling one with the same final number (math tasks);
- format:       the requested JSON object over prose or JSON with a key missing (format tasks).
Splits follow the task splits, so no held-out pair shares a task with a training pair."""
import json, random, re, runpy
from pathlib import Path

HERE = Path(__file__).resolve().parent
B = runpy.run_path(str(HERE / "build_tasks.py"))
INTROS = ["Here is the function:", "Sure! Here's an implementation:", "You can write it like this:", "Here's a Python solution:"]
STUBS = ["    pass", "    return None", "    raise NotImplementedError", "    # TODO: implement this\n    pass"]
MUTATIONS = [(" + ", " - "), (" - ", " + "), (" < ", " <= "), (" > ", " >= "), (" == ", " != "), ("[1:]", "[2:]"),
             ("return True", "return False"), ("return False", "return True"), (" * ", " + "), ("% 2", "% 3"), ("max(", "min(")]


def _answer(code, rng): return f"{rng.choice(INTROS)}\n\n```python\n{code}\n```"


def _fails(ref, bug, name, inputs) -> bool:
    "True when the buggy code gives a different result than the reference on some test input"
    try:
        ns_ref, ns_bug = {}, {}
        exec(ref, ns_ref); exec(bug, ns_bug)
        return any(_safe(ns_bug[name], a) != _safe(ns_ref[name], a) for a in inputs)
    except Exception:
        return True


def _safe(f, args):
    try: return repr(f(*[list(x) if isinstance(x, list) else x for x in args]))
    except Exception as e: return f"raised {type(e).__name__}"


def code_pairs(rng) -> list[dict]:
    out = []
    for difficulty, does, ref, inputs in B["CODE"]:
        name, params = B["_signature"](ref)
        prompt = f"Write a Python function `{name}({params})` that {does}."
        head = ref.split("\n", 1)[0]
        out.append(dict(id=f"code_stub/{name}", task_id=f"code/{name}", kind="code_stub", prompt=prompt,
                        chosen=_answer(ref, rng), rejected=_answer(head + "\n" + rng.choice(STUBS), rng)))
        for a, b in rng.sample(MUTATIONS, len(MUTATIONS)):
            body = ref.split("\n", 1)[1] if "\n" in ref else ""
            if a in body:
                bug = head + "\n" + body.replace(a, b, 1)
                if _fails(ref, bug, name, inputs):
                    intro = rng.choice(INTROS)
                    out.append(dict(id=f"code_bug/{name}", task_id=f"code/{name}", kind="code_bug", prompt=prompt,
                                    chosen=f"{intro}\n\n```python\n{ref}\n```", rejected=f"{intro}\n\n```python\n{bug}\n```"))
                    break
    return out


RAMBLE = ["Let me think about this carefully, step by step, because it is important to get it right.",
          "First, we should restate the problem in our own words so that nothing is missed.",
          "There are many ways to approach a question like this one, and some are better than others.",
          "It is always a good idea to double-check the numbers before giving a final answer.",
          "Word problems like this one appear in many textbooks and exams, so they are worth practising.",
          "We could also draw a small picture, although it is not strictly necessary here."]


def concise_pairs(rng) -> list[dict]:
    out = []
    for t in B["math_tasks"]():
        ans = t["answer"]
        ramble = " ".join(rng.sample(RAMBLE, 4))
        out.append(dict(id=f"concise/{t['id']}", task_id=t["id"], kind="concise", prompt=t["prompt"],
                        chosen=f"The answer is {ans}.", rejected=f"{ramble} After all of that, the answer is {ans}."))
    return out


def format_pairs(rng) -> list[dict]:
    out = []
    for t in B["format_tasks"]():
        keys = t["answer"]
        good = json.dumps({k: f"<{k}>" for k in keys})
        bad = rng.choice([json.dumps({k: f"<{k}>" for k in keys[:-1]}),
                          "Sure! " + ", ".join(f"the {k} is <{k}>" for k in keys) + "."])
        out.append(dict(id=f"format/{t['id']}", task_id=t["id"], kind="format", prompt=t["prompt"], chosen=good, rejected=bad))
    return out


if __name__ == "__main__":
    rng = random.Random(0)
    pairs = code_pairs(rng) + concise_pairs(rng) + format_pairs(rng)
    test_ids = set()
    for domain in ("code", "math", "format"):
        test_ids |= {json.loads(l)["id"] for l in open(HERE / f"{domain}_test.jsonl")}
    for split, keep in (("train", lambda p: p["task_id"] not in test_ids), ("test", lambda p: p["task_id"] in test_ids)):
        rows = [p for p in pairs if keep(p)]
        with open(HERE / f"preferences_{split}.jsonl", "w", encoding="utf-8") as f:
            for p in rows: f.write(json.dumps(p, ensure_ascii=False) + "\n")
        kinds = {}
        for p in rows: kinds[p["kind"]] = kinds.get(p["kind"], 0) + 1
        print(f"preferences_{split}: {len(rows)} pairs {kinds}")
