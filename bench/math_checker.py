"""How often each math checker gives the verdict a person would, on the table of completions with known verdicts.

The table is tests/data/math_answers.jsonl: one row a completion, the task's answer (a number, or text such as "3/4" or
"x^2+1"), the expected verdict (right or wrong) and a tag for the kind of case. Three checkers score every row:
- `regex`: the baseline, a regex reader: the number after the last `\\boxed{`, else after the last `####`, else the
  first number after the last "answer is"/"answer:", else the last number in the text, compared with `math.isclose`
  (rel_tol=abs_tol=1e-6); a task whose answer is not a number cannot be scored (it raises);
- `math_verify`: math_verify's `parse` on the whole completion, with its default extraction, and `verify`;
- `rlkit`: `rlkit.rewards.math_answer`, math_verify behind rlkit's rules for where the answer is.

A false positive is a wrong answer scored right, a false negative a right answer scored wrong (or not scored at all).

    .venv/bin/python bench/math_checker.py

Writes bench/results/math_checker.json (the settings, each checker's accuracy overall and by tag, its false positives
and negatives, and each row's verdicts) and prints the table."""
import argparse, json, logging, math, os, re, time
from collections import defaultdict
from pathlib import Path

from rlkit.core import Task
from rlkit.rewards import math_answer
from rlkit.tasks import read_math_answer

logging.getLogger("math_verify").setLevel(logging.ERROR)
TABLE = Path(__file__).parents[1] / "tests" / "data" / "math_answers.jsonl"

# the regex baseline: 42, 1,000, 3.5, .5, 1e6, 2.5e-3, 3/4, a U+2212 minus sign; "1,6,0" is three numbers, not 160
_NUMBER = r"[-\u2212]?(?:\d{1,3}(?:,\d{3})+(?!\d)(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)(?:[eE][-+]?\d+)?(?:/\d+)?"
_MARKED = [re.compile(p, re.I) for p in (r"\\boxed\{\s*(" + _NUMBER + r")", r"####\s*(" + _NUMBER + ")",
                                         r"answer\s*(?:is|:)[\s:]*\$?(" + _NUMBER + ")")]

def _to_number(s:str) -> float:
    s = s.replace(",", "").replace("\u2212", "-")
    if "/" in s:
        a, b = s.split("/")
        return float(a) / float(b) if float(b) else float("nan")
    return float(s)

def regex_answer(completion:str) -> float|None:
    "The final numeric answer of a completion, or None when it contains no number"
    for pattern in _MARKED:
        found = pattern.findall(completion)
        if found:
            return _to_number(found[-1])
    numbers = re.findall(_NUMBER, completion)
    return _to_number(numbers[-1]) if numbers else None

def regex_checker(answer, completion:str) -> float|None:
    "1.0 or 0.0; None where the task's answer is not a number (the baseline raises there)"
    if not isinstance(answer, (int, float)):
        return None
    got = regex_answer(completion)
    return float(got is not None and math.isclose(got, answer, rel_tol=1e-6, abs_tol=1e-6))

def math_verify_checker(answer, completion:str) -> float:
    from math_verify import parse, verify
    return float(verify(list(read_math_answer(answer)), parse(completion)))

def rlkit_checker(answer, completion:str) -> float:
    t = Task("math/t", "math", "p", answer=0)
    t.answer = answer  # a text answer too: math_answer reads it
    return math_answer([t], [completion])[0]

CHECKERS = {"regex": regex_checker, "math_verify": math_verify_checker, "rlkit": rlkit_checker}

def summary(rows:list, name:str) -> dict:
    "Accuracy overall, on the rows with a numeric answer and by tag; the false positives and negatives"
    ok = lambda r: r[name] == (1.0 if r["verdict"] == "right" else 0.0)
    by_tag = defaultdict(list)
    for r in rows:
        by_tag[r["tag"]].append(ok(r))
    numeric = [ok(r) for r in rows if isinstance(r["answer"], (int, float))]
    row = lambda r: {k: r[k] for k in ("tag", "completion", "answer", "verdict")}
    return dict(accuracy=sum(map(ok, rows)) / len(rows), correct=sum(map(ok, rows)), rows=len(rows),
                accuracy_numeric_answers=sum(numeric) / len(numeric), numeric_rows=len(numeric),
                not_scored=sum(r[name] is None for r in rows),
                by_tag={t: sum(v) / len(v) for t, v in sorted(by_tag.items())},
                false_positives=[row(r) for r in rows if r["verdict"] == "wrong" and r[name] == 1.0],
                false_negatives=[row(r) for r in rows if r["verdict"] == "right" and r[name] != 1.0])

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default="bench/results/math_checker.json")
    a = ap.parse_args()
    rows = [json.loads(line) for line in TABLE.read_text().splitlines()]
    seconds = {}
    for name, fn in CHECKERS.items():
        fn(1, "warm-up: 1")  # imports and math_verify's first parse
        t0 = time.time()
        for r in rows:
            r[name] = fn(r["answer"], r["completion"])
        seconds[name] = (time.time() - t0) / len(rows)
    table = str(TABLE.relative_to(Path(__file__).parents[1]))
    out = {"settings": dict(table=table, rows=len(rows), cpus=os.cpu_count()),
           "checkers": {n: summary(rows, n) | {"seconds_per_completion": seconds[n]} for n in CHECKERS},
           "rows": rows}
    Path(a.out).parent.mkdir(parents=True, exist_ok=True)
    Path(a.out).write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")
    s = out["checkers"]
    print(f"{len(rows)} completions, {s['regex']['numeric_rows']} with a numeric answer\n")
    print("| checker | accuracy | numeric answers | false positives | false negatives | not scored | ms each |")
    print("|---|---|---|---|---|---|---|")
    for n, c in s.items():
        print(f"| {n} | {c['accuracy']:.1%} ({c['correct']}/{c['rows']}) | {c['accuracy_numeric_answers']:.1%} | "
              f"{len(c['false_positives'])} | {len(c['false_negatives'])} | {c['not_scored']} | "
              f"{1000 * c['seconds_per_completion']:.1f} |")
    tags = sorted({r["tag"] for r in rows})
    count = {t: sum(r["tag"] == t for r in rows) for t in tags}
    print("\n| tag | rows | " + " | ".join(CHECKERS) + " |\n|---|---|" + "---|" * len(CHECKERS))
    for t in tags:
        print(f"| {t} | {count[t]} | " + " | ".join(f"{s[n]['by_tag'][t]:.0%}" for n in CHECKERS) + " |")
    for n, c in s.items():
        for kind in ("false_positives", "false_negatives"):
            for r in c[kind]:
                print(f"{n} {kind[:-1].replace('_', ' ')}: [{r['tag']}] {r['completion']!r} (answer {r['answer']!r})")

if __name__ == "__main__":
    main()
