"""Build data/terminal_repo.jsonl: small multi-file Python projects to repair in a terminal (run: python data/build_terminal_repo.py).

Each project is a few top-level stdlib modules with one or more bugs and a visible failing test file (plain asserts, run as
`python3 test_x.py`). The reward is one hidden-tests check: the trusted side copies every module except the test file out of
the finished session, runs `from module import *` for each, and observes the hidden asserts (function calls on plain data).
`reference` is a bash script that fixes the project; tests/test_terminal_tasks.py plays it, and doing nothing, in the sandbox."""
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent


def prompt(test, extra=""):
    return f"The tests in this project fail: run `python3 {test}`, find the bug and fix it{extra}. Do not edit the test file."


# Each project: id, difficulty, split, prompt, files (name -> text), hidden (one `assert` per line), reference (bash)
PROJECTS = [
    dict(  # the original example, kept as it was
        id="mean", difficulty="medium", split="train",
        prompt="The project in this directory has a failing test: run `python3 test_calc.py`, find the bug in calc.py and fix it.",
        files={
            "calc.py": "from util import clamp\n\ndef mean(xs):\n    return sum(xs) / (len(xs) - 1)\n\ndef score(xs):\n    return clamp(mean(xs), 0, 10)\n",
            "util.py": "def clamp(x, lo, hi):\n    return max(lo, min(hi, x))\n",
            "test_calc.py": "from calc import mean\nassert mean([1, 2, 3]) == 2, mean([1, 2, 3])\nprint('ok')\n",
        },
        hidden=["assert mean([2, 4]) == 3", "assert mean([5]) == 5", "assert score([20, 40]) == 10", "assert clamp(-1, 0, 3) == 0"],
        reference="sed -i 's/(len(xs) - 1)/len(xs)/' calc.py",
    ),

    # ---------------------------------------------------------------- easy
    dict(  # wrong comparison
        id="inventory", difficulty="easy", split="train",
        prompt=prompt("test_inventory.py"),
        files={
            "inventory.py": '''\
def add_item(stock, name, qty):
    """A new stock dict with qty more of name."""
    new = dict(stock)
    new[name] = new.get(name, 0) + qty
    return new


def low_stock(stock, threshold):
    """Names whose quantity is at or below threshold, sorted."""
    return sorted(name for name, qty in stock.items() if qty < threshold)


def total_units(stock):
    return sum(stock.values())
''',
            "test_inventory.py": '''\
from inventory import add_item, low_stock, total_units

stock = add_item({"bolt": 3, "nut": 10}, "gear", 1)
assert total_units(stock) == 14, total_units(stock)
assert low_stock(stock, 3) == ["bolt", "gear"], low_stock(stock, 3)
print("ok")
''',
        },
        hidden=[
            'assert low_stock({"a": 5, "b": 6}, 5) == ["a"]',
            'assert low_stock({"x": 0}, 0) == ["x"]',
            'assert low_stock({}, 3) == []',
            'assert low_stock({"c": 1, "a": 2, "b": 9}, 4) == ["a", "c"]',
            'assert add_item({"a": 1}, "a", 2) == {"a": 3}',
            'assert total_units({"a": 2, "b": 5}) == 7',
        ],
        reference="sed -i 's/qty < threshold/qty <= threshold/' inventory.py",
    ),
    dict(  # integer vs float division
        id="grades", difficulty="easy", split="train",
        prompt=prompt("test_grades.py"),
        files={
            "grades.py": '''\
def average(scores):
    """The mean of a non-empty list of scores."""
    return sum(scores) // len(scores)


def letter(avg):
    if avg >= 90:
        return "A"
    if avg >= 80:
        return "B"
    if avg >= 70:
        return "C"
    return "F"


def report(scores):
    avg = average(scores)
    return f"{avg:.1f} {letter(avg)}"
''',
            "test_grades.py": '''\
from grades import average, report

assert average([90, 85]) == 87.5, average([90, 85])
assert report([89, 90]) == "89.5 B", report([89, 90])
print("ok")
''',
        },
        hidden=[
            "assert average([1, 2]) == 1.5",
            "assert average([3]) == 3",
            'assert report([89, 92]) == "90.5 A"',
            'assert report([69, 70]) == "69.5 F"',
            'assert letter(80) == "B"',
        ],
        reference="sed -i 's#sum(scores) // len(scores)#sum(scores) / len(scores)#' grades.py",
    ),
    dict(  # mutable default argument
        id="history", difficulty="easy", split="train",
        prompt=prompt("test_history.py"),
        files={
            "history.py": '''\
def record(event, log=[]):
    """Append event to log (a new list when none is given) and return the log."""
    log.append(event)
    return log


def session(events):
    """The log of one session: every event, in order."""
    log = []
    for e in events:
        log = record(e, log)
    return log
''',
            "report.py": '''\
from history import record, session


def format_log(log):
    return " > ".join(log) if log else "(empty)"


def quick(event):
    """The formatted log of a session holding just this one event."""
    return format_log(record(event))
''',
            "test_history.py": '''\
from history import record
from report import quick

assert record("login") == ["login"]
assert record("logout") == ["logout"], record("logout")
assert quick("boot") == "boot", quick("boot")
print("ok")
''',
        },
        hidden=[
            'assert [record("x"), record("y")] == [["x"], ["y"]]',
            'assert record("z", ["w"]) == ["w", "z"]',
            'assert [quick("a"), quick("b")] == ["a", "b"]',
            'assert [record("u", []), record("v")] == [["u"], ["v"]]',
            'assert session(["a", "b"]) == ["a", "b"]',
            'assert format_log([]) == "(empty)"',
        ],
        reference='''\
cat > history.py <<'EOF'
def record(event, log=None):
    """Append event to log (a new list when none is given) and return the log."""
    if log is None:
        log = []
    log.append(event)
    return log


def session(events):
    """The log of one session: every event, in order."""
    log = []
    for e in events:
        log = record(e, log)
    return log
EOF''',
    ),
    dict(  # wrong strip: a trailing hyphen survives
        id="slugify", difficulty="easy", split="train",
        prompt=prompt("test_urls.py"),
        files={
            "slug.py": '''\
import re


def slugify(title):
    """'Hello, World!' -> 'hello-world': lower case, runs of other characters become one hyphen."""
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).lstrip("-")
''',
            "urls.py": '''\
from slug import slugify


def unique_slug(title, taken):
    """The slug of title, with -2, -3, ... added until it is not in taken."""
    base = slugify(title)
    slug, n = base, 2
    while slug in taken:
        slug, n = f"{base}-{n}", n + 1
    return slug
''',
            "test_urls.py": '''\
from urls import unique_slug

assert unique_slug("Hello, World!", []) == "hello-world", unique_slug("Hello, World!", [])
assert unique_slug("Hi", ["hi"]) == "hi-2", unique_slug("Hi", ["hi"])
print("ok")
''',
        },
        hidden=[
            'assert slugify("  Python 3.12  ") == "python-3-12"',
            'assert slugify("---") == ""',
            'assert slugify("What?!") == "what"',
            'assert slugify("a") == "a"',
            'assert unique_slug("Go!", ["go", "go-2"]) == "go-3"',
        ],
        reference="""sed -i 's/\\.lstrip("-")/.strip("-")/' slug.py""",
    ),
    dict(  # a missing case in a table
        id="roman", difficulty="easy", split="train",
        prompt=prompt("test_roman.py"),
        files={
            "roman.py": '''\
TABLE = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
         (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (1, "I")]


def to_roman(n):
    out = ""
    for value, numeral in TABLE:
        while n >= value:
            out += numeral
            n -= value
    return out


def from_roman(s):
    values = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
    total = 0
    for i, ch in enumerate(s):
        v = values[ch]
        if i + 1 < len(s) and values[s[i + 1]] > v:
            total -= v
        else:
            total += v
    return total
''',
            "test_roman.py": '''\
from roman import to_roman, from_roman

assert to_roman(1994) == "MCMXCIV", to_roman(1994)
assert from_roman("MCMXCIV") == 1994
print("ok")
''',
        },
        hidden=[
            'assert to_roman(4) == "IV"',
            'assert to_roman(14) == "XIV"',
            'assert to_roman(3) == "III"',
            'assert to_roman(2024) == "MMXXIV"',
            'assert from_roman("XLIV") == 44',
            'assert from_roman(to_roman(3999)) == 3999',
        ],
        reference="""sed -i 's/(5, "V"), (1, "I")/(5, "V"), (4, "IV"), (1, "I")/' roman.py""",
    ),
    dict(  # string formatting in a helper module
        id="receipt", difficulty="easy", split="train",
        prompt=prompt("test_receipt.py"),
        files={
            "money.py": '''\
def fmt_money(cents):
    """An amount of cents as dollars: 105 -> '$1.05'."""
    return f"${cents // 100}.{cents % 100}"
''',
            "receipt.py": '''\
from money import fmt_money


def receipt(items):
    """One line per (name, cents) item, then the total."""
    lines = [f"{name}: {fmt_money(cents)}" for name, cents in items]
    lines.append(f"total: {fmt_money(sum(c for _, c in items))}")
    return lines
''',
            "test_receipt.py": '''\
from receipt import receipt

got = receipt([("tea", 250), ("bun", 105)])
assert got == ["tea: $2.50", "bun: $1.05", "total: $3.55"], got
print("ok")
''',
        },
        hidden=[
            'assert fmt_money(0) == "$0.00"',
            'assert fmt_money(7) == "$0.07"',
            'assert fmt_money(12345) == "$123.45"',
            'assert fmt_money(100) == "$1.00"',
            'assert receipt([]) == ["total: $0.00"]',
            'assert receipt([("pen", 5)]) == ["pen: $0.05", "total: $0.05"]',
        ],
        reference="""sed -i 's/{cents % 100}/{cents % 100:02d}/' money.py""",
    ),
    dict(  # operator precedence in a helper module
        id="temperature", difficulty="easy", split="test",
        prompt=prompt("test_stats.py"),
        files={
            "convert.py": '''\
def c_to_f(c):
    return c * 9 / 5 + 32


def f_to_c(f):
    return f - 32 * 5 / 9
''',
            "stats.py": '''\
from convert import f_to_c


def mean_c(readings_f):
    """The mean, in Celsius, of readings in Fahrenheit."""
    return sum(f_to_c(f) for f in readings_f) / len(readings_f)


def spread_c(readings_f):
    cs = [f_to_c(f) for f in readings_f]
    return max(cs) - min(cs)
''',
            "test_stats.py": '''\
from stats import mean_c, spread_c

assert mean_c([32, 212]) == 50, mean_c([32, 212])
assert spread_c([32, 212]) == 100, spread_c([32, 212])
print("ok")
''',
        },
        hidden=[
            "assert f_to_c(32) == 0",
            "assert f_to_c(212) == 100",
            "assert f_to_c(-40) == -40",
            "assert c_to_f(100) == 212",
            "assert mean_c([50]) == 10",
            "assert spread_c([41, 50, 59]) == 10",
        ],
        reference="sed -i 's#return f - 32 \\* 5 / 9#return (f - 32) * 5 / 9#' convert.py",
    ),
    dict(  # off-by-one: the closing edge is missed
        id="geometry", difficulty="easy", split="test",
        prompt=prompt("test_shapes.py"),
        files={
            "points.py": '''\
import math


def distance(a, b):
    return math.dist(a, b)
''',
            "shapes.py": '''\
from points import distance


def perimeter(points):
    """The perimeter of the closed polygon through points (0 for fewer than two)."""
    total = 0.0
    for i in range(len(points) - 1):
        total += distance(points[i], points[i + 1])
    return total


def area(points):
    """Shoelace formula."""
    n = len(points)
    s = sum(points[i][0] * points[(i + 1) % n][1] - points[(i + 1) % n][0] * points[i][1] for i in range(n))
    return abs(s) / 2
''',
            "test_shapes.py": '''\
from shapes import perimeter, area

tri = [(0, 0), (3, 0), (3, 4)]
assert area(tri) == 6, area(tri)
assert perimeter(tri) == 12, perimeter(tri)
print("ok")
''',
        },
        hidden=[
            "assert perimeter([(0, 0), (1, 0), (1, 1), (0, 1)]) == 4",
            "assert perimeter([(0, 0), (0, 5)]) == 10",
            "assert perimeter([]) == 0",
            "assert perimeter([(2, 2)]) == 0",
            "assert area([(0, 0), (4, 0), (4, 3)]) == 6",
            "assert distance((0, 0), (6, 8)) == 10",
        ],
        reference='''\
cat > shapes.py <<'EOF'
from points import distance


def perimeter(points):
    """The perimeter of the closed polygon through points (0 for fewer than two)."""
    total = 0.0
    n = len(points)
    for i in range(n):
        total += distance(points[i], points[(i + 1) % n])
    return total


def area(points):
    """Shoelace formula."""
    n = len(points)
    s = sum(points[i][0] * points[(i + 1) % n][1] - points[(i + 1) % n][0] * points[i][1] for i in range(n))
    return abs(s) / 2
EOF''',
    ),

    # ---------------------------------------------------------------- medium
    dict(  # tokenizer in a helper splits on one space; ties sorted by insertion order
        id="wordcount", difficulty="medium", split="train",
        prompt=prompt("test_wordcount.py", " (there may be more than one)"),
        files={
            "textutil.py": '''\
def tokenize(text):
    """The lower-cased words of text, split on any whitespace."""
    return text.lower().split(" ")
''',
            "wordcount.py": '''\
from textutil import tokenize


def count_words(text):
    counts = {}
    for w in tokenize(text):
        counts[w] = counts.get(w, 0) + 1
    return counts


def top_words(text, n):
    """The n most common (word, count) pairs, most common first; ties in alphabetical order."""
    pairs = sorted(count_words(text).items(), key=lambda kv: kv[1], reverse=True)
    return pairs[:n]
''',
            "test_wordcount.py": '''\
from wordcount import count_words, top_words

got = count_words("The cat\\nthe  dog")
assert got == {"the": 2, "cat": 1, "dog": 1}, got
assert top_words("z y z y x", 1) == [("y", 2)], top_words("z y z y x", 1)
print("ok")
''',
        },
        hidden=[
            'assert tokenize("a  b\\tc\\n") == ["a", "b", "c"]',
            'assert count_words("") == {}',
            'assert count_words("Hi hi\\n\\nHI") == {"hi": 3}',
            'assert top_words("b a b a c", 2) == [("a", 2), ("b", 2)]',
            'assert top_words("c b a c", 3) == [("c", 2), ("a", 1), ("b", 1)]',
            'assert top_words("", 3) == []',
        ],
        reference='''\
sed -i 's/text.lower().split(" ")/text.lower().split()/' textutil.py
sed -i 's/key=lambda kv: kv\\[1\\], reverse=True/key=lambda kv: (-kv[1], kv[0])/' wordcount.py''',
    ),
    dict(  # arguments swapped across modules
        id="cart", difficulty="medium", split="train",
        prompt=prompt("test_cart.py"),
        files={
            "pricing.py": '''\
def apply_discount(price, percent):
    """price less percent per cent."""
    return price * (100 - percent) / 100


def line_total(price, qty):
    return price * qty
''',
            "cart.py": '''\
from pricing import apply_discount, line_total


def cart_total(items, percent=0):
    """The total of (price, qty) items with a percent discount, rounded to cents."""
    subtotal = sum(line_total(price, qty) for price, qty in items)
    return round(apply_discount(percent, subtotal), 2)
''',
            "test_cart.py": '''\
from cart import cart_total

assert cart_total([(10.0, 2), (5.0, 1)], 10) == 22.5, cart_total([(10.0, 2), (5.0, 1)], 10)
print("ok")
''',
        },
        hidden=[
            "assert cart_total([(20.0, 1)], 50) == 10.0",
            "assert cart_total([(3.0, 3)]) == 9.0",
            "assert cart_total([], 20) == 0.0",
            "assert cart_total([(1.25, 4), (2.0, 1)], 25) == 5.25",
            "assert apply_discount(200.0, 25) == 150.0",
            "assert line_total(2.5, 4) == 10.0",
        ],
        reference="sed -i 's/apply_discount(percent, subtotal)/apply_discount(subtotal, percent)/' cart.py",
    ),
    dict(  # inner loop bound uses the wrong dimension
        id="matrix", difficulty="medium", split="train",
        prompt=prompt("test_matrix.py"),
        files={
            "matrix.py": '''\
def shape(a):
    return (len(a), len(a[0]) if a else 0)


def identity(n):
    return [[1 if i == j else 0 for j in range(n)] for i in range(n)]


def matmul(a, b):
    """The product of an n x m and an m x p matrix (lists of rows)."""
    rows, cols = len(a), len(b[0])
    return [[sum(a[i][k] * b[k][j] for k in range(len(a))) for j in range(cols)] for i in range(rows)]
''',
            "linalg.py": '''\
from matrix import matmul, identity


def power(a, n):
    """a multiplied by itself n times (the identity for n = 0)."""
    out = identity(len(a))
    for _ in range(n):
        out = matmul(out, a)
    return out


def dot(u, v):
    return matmul([u], [[x] for x in v])[0][0]
''',
            "test_matrix.py": '''\
from linalg import dot, power

assert power([[1, 1], [1, 0]], 5) == [[8, 5], [5, 3]], power([[1, 1], [1, 0]], 5)
assert dot([1, 2, 3], [4, 5, 6]) == 32, dot([1, 2, 3], [4, 5, 6])
print("ok")
''',
        },
        hidden=[
            "assert matmul([[1, 2], [3, 4]], [[5, 6], [7, 8]]) == [[19, 22], [43, 50]]",
            "assert matmul([[1], [2]], [[3, 4]]) == [[3, 4], [6, 8]]",
            "assert matmul([[1, 2, 3]], [[1], [1], [1]]) == [[6]]",
            "assert dot([2, 0, 1, 1], [1, 5, 2, 3]) == 7",
            "assert power([[2, 0], [0, 3]], 0) == [[1, 0], [0, 1]]",
            "assert shape([[1, 2, 3]]) == (1, 3)",
        ],
        reference="sed -i 's/for k in range(len(a))/for k in range(len(b))/' matrix.py",
    ),
    dict(  # wrong precedence of defaults in a helper, and a split that breaks on '=' in values
        id="config", difficulty="medium", split="train",
        prompt=prompt("test_config.py", " (there may be more than one)"),
        files={
            "defaults.py": '''\
DEFAULTS = {"port": "8080", "host": "localhost", "debug": "false"}


def with_defaults(cfg):
    """cfg with a value for every key of DEFAULTS that it does not set itself."""
    out = dict(cfg)
    out.update(DEFAULTS)
    return out
''',
            "config.py": '''\
from defaults import with_defaults


def parse(text):
    """'key = value' lines; blank lines and lines starting with # are skipped."""
    cfg = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, value = line.split("=")
        cfg[key.strip()] = value.strip()
    return cfg


def load(text):
    return with_defaults(parse(text))


def get_bool(cfg, key):
    return cfg.get(key, "false").lower() in ("1", "true", "yes", "on")
''',
            "test_config.py": '''\
from config import load

got = load("port = 9000\\n# a comment\\n\\nurl = http://x/?a=1\\n")
assert got == {"port": "9000", "host": "localhost", "debug": "false", "url": "http://x/?a=1"}, got
print("ok")
''',
        },
        hidden=[
            'assert with_defaults({}) == {"port": "8080", "host": "localhost", "debug": "false"}',
            'assert with_defaults({"host": "h"}) == {"port": "8080", "host": "h", "debug": "false"}',
            'assert parse("a = b=c") == {"a": "b=c"}',
            'assert load("debug = Yes")["debug"] == "Yes"',
            'assert get_bool(load("debug = on"), "debug") == True',
            'assert get_bool(load(""), "debug") == False',
        ],
        reference='''\
cat > defaults.py <<'EOF'
DEFAULTS = {"port": "8080", "host": "localhost", "debug": "false"}


def with_defaults(cfg):
    """cfg with a value for every key of DEFAULTS that it does not set itself."""
    out = dict(DEFAULTS)
    out.update(cfg)
    return out
EOF
sed -i 's/line.split("=")/line.split("=", 1)/' config.py''',
    ),
    dict(  # a misspelt name across files, and an off-by-one length check in the helper
        id="username", difficulty="medium", split="train",
        prompt=prompt("test_users.py", " (there may be more than one)"),
        files={
            "validators.py": '''\
import re


def normalize(name):
    return name.strip().lower()


def is_valid_name(name):
    """3 to 16 characters: lower-case letters, digits and underscores."""
    return 3 < len(name) <= 16 and re.fullmatch(r"[a-z0-9_]+", name) is not None
''',
            "users.py": '''\
from validators import is_valid_name, normalize


def register(users, name):
    """Add a user: (new list of users, None), or (users unchanged, 'invalid' or 'taken')."""
    name = normalize(name)
    if not is_valid_username(name):
        return users, "invalid"
    if name in users:
        return users, "taken"
    return users + [name], None
''',
            "test_users.py": '''\
from users import register

assert register([], "  Bob ") == (["bob"], None), register([], "  Bob ")
assert register(["bob"], "BOB") == (["bob"], "taken"), register(["bob"], "BOB")
print("ok")
''',
        },
        hidden=[
            'assert is_valid_name("abc") == True',
            'assert is_valid_name("ab") == False',
            'assert is_valid_name("a" * 16) == True',
            'assert is_valid_name("a" * 17) == False',
            'assert register(["amy"], "x y z") == (["amy"], "invalid")',
            'assert register(["amy"], "Zed") == (["amy", "zed"], None)',
        ],
        reference='''\
sed -i 's/is_valid_username(name)/is_valid_name(name)/' users.py
sed -i 's/3 < len(name)/3 <= len(name)/' validators.py''',
    ),
    dict(  # wrong sort key and an off-by-one when intervals touch
        id="intervals", difficulty="medium", split="train",
        prompt=prompt("test_calendar.py", " (there may be more than one)"),
        files={
            "intervals.py": '''\
def merge(intervals):
    """Merge overlapping or touching (start, end) intervals; the result is sorted by start."""
    out = []
    for start, end in sorted(intervals, key=lambda iv: iv[1]):
        if out and start < out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return out


def total_length(intervals):
    return sum(end - start for start, end in merge(intervals))
''',
            "calendar_busy.py": '''\
from intervals import merge


def free_slots(busy, day_start, day_end):
    """The gaps between busy (start, end) meetings within the day."""
    free, t = [], day_start
    for start, end in merge(busy):
        if start > t:
            free.append((t, start))
        t = max(t, end)
    if t < day_end:
        free.append((t, day_end))
    return free
''',
            "test_calendar.py": '''\
from calendar_busy import free_slots
from intervals import merge

assert merge([(1, 4), (4, 6)]) == [(1, 6)], merge([(1, 4), (4, 6)])
got = free_slots([(13, 14), (9, 10), (10, 11), (1, 12)], 0, 17)
assert got == [(0, 1), (12, 13), (14, 17)], got
assert free_slots([(9, 10), (10, 12)], 9, 12) == [], free_slots([(9, 10), (10, 12)], 9, 12)
print("ok")
''',
        },
        hidden=[
            "assert merge([(1, 3), (2, 6), (8, 10), (15, 18)]) == [(1, 6), (8, 10), (15, 18)]",
            "assert merge([(1, 4), (4, 5)]) == [(1, 5)]",
            "assert merge([(5, 6), (1, 10)]) == [(1, 10)]",
            "assert merge([]) == []",
            "assert total_length([(0, 2), (1, 3), (3, 4)]) == 4",
            "assert free_slots([], 8, 9) == [(8, 9)]",
        ],
        reference='''\
sed -i 's/key=lambda iv: iv\\[1\\]/key=lambda iv: iv[0]/' intervals.py
sed -i 's/start < out\\[-1\\]\\[1\\]/start <= out[-1][1]/' intervals.py''',
    ),
    dict(  # off-by-one and floor instead of ceiling, both in a helper module
        id="pagination", difficulty="medium", split="test",
        prompt=prompt("test_api.py", " (there may be more than one)"),
        files={
            "paging.py": '''\
def page_count(n_items, per_page):
    """How many pages n_items fill, per_page to a page."""
    return n_items // per_page


def page(items, number, per_page):
    """The items on page `number`, counting pages from 1."""
    start = number * per_page
    return items[start:start + per_page]
''',
            "api.py": '''\
from paging import page, page_count


def list_page(items, number, per_page=10):
    return {"items": page(items, number, per_page), "page": number, "pages": page_count(len(items), per_page)}
''',
            "test_api.py": '''\
from api import list_page

got = list_page(list(range(25)), 1, 10)
assert got == {"items": list(range(10)), "page": 1, "pages": 3}, got
print("ok")
''',
        },
        hidden=[
            "assert page_count(0, 10) == 0",
            "assert page_count(10, 10) == 1",
            "assert page_count(11, 10) == 2",
            "assert page([1, 2, 3], 2, 2) == [3]",
            'assert list_page(list(range(25)), 3) == {"items": [20, 21, 22, 23, 24], "page": 3, "pages": 3}',
            'assert list_page([], 1, 5) == {"items": [], "page": 1, "pages": 0}',
        ],
        reference='''\
cat > paging.py <<'EOF'
def page_count(n_items, per_page):
    """How many pages n_items fill, per_page to a page."""
    return (n_items + per_page - 1) // per_page


def page(items, number, per_page):
    """The items on page `number`, counting pages from 1."""
    start = (number - 1) * per_page
    return items[start:start + per_page]
EOF''',
    ),
    dict(  # arguments swapped across modules, and a regex that reads one digit
        id="durations", difficulty="medium", split="test",
        prompt=prompt("test_durations.py", " (there may be more than one)"),
        files={
            "units.py": '''\
UNITS = {"d": 86400, "h": 3600, "m": 60, "s": 1}


def to_seconds(amount, unit):
    return amount * UNITS[unit]


def split_seconds(total):
    """(days, hours, minutes, seconds) of a number of seconds."""
    days, rest = divmod(total, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, seconds = divmod(rest, 60)
    return days, hours, minutes, seconds
''',
            "durations.py": '''\
import re
from units import to_seconds, split_seconds


def parse_duration(text):
    """'1h30m' -> 5400, '45s' -> 45, '2d' -> 172800."""
    total = 0
    for amount, unit in re.findall(r"(\\d)([dhms])", text):
        total += to_seconds(unit, int(amount))
    return total


def format_duration(total):
    """5400 -> '1h30m', 0 -> '0s'; units that are zero are left out."""
    parts = zip("dhms", split_seconds(total))
    return "".join(f"{n}{u}" for u, n in parts if n) or "0s"
''',
            "test_durations.py": '''\
from durations import parse_duration, format_duration

assert parse_duration("1h30m") == 5400, parse_duration("1h30m")
assert parse_duration("90s") == 90, parse_duration("90s")
assert format_duration(3725) == "1h2m5s", format_duration(3725)
print("ok")
''',
        },
        hidden=[
            'assert parse_duration("2d") == 172800',
            'assert parse_duration("12m") == 720',
            'assert parse_duration("") == 0',
            'assert parse_duration("1d10h15m20s") == 123320',
            'assert format_duration(0) == "0s"',
            "assert parse_duration(format_duration(100000)) == 100000",
            "assert to_seconds(3, \"h\") == 10800",
        ],
        reference='''\
sed -i 's/to_seconds(unit, int(amount))/to_seconds(int(amount), unit)/' durations.py
sed -i 's/(\\\\d)(\\[dhms\\])/(\\\\d+)([dhms])/' durations.py''',
    ),
    dict(  # the last run is never written, and counts of more than one digit
        id="rle", difficulty="medium", split="test",
        prompt=prompt("test_rle.py", " (there may be more than one)"),
        files={
            "rle.py": '''\
def encode(text):
    """Run-length encoding: 'aaabcc' -> '3a1b2c'."""
    out, prev, n = [], None, 0
    for ch in text:
        if ch == prev:
            n += 1
        else:
            if prev is not None:
                out.append(f"{n}{prev}")
            prev, n = ch, 1
    return "".join(out)


def decode(code):
    """'3a1b2c' -> 'aaabcc'."""
    out = []
    for i in range(0, len(code), 2):
        out.append(code[i + 1] * int(code[i]))
    return "".join(out)
''',
            "test_rle.py": '''\
from rle import encode, decode

assert encode("aaabcc") == "3a1b2c", encode("aaabcc")
assert decode("3a1b2c") == "aaabcc", decode("3a1b2c")
assert decode(encode("x" * 12)) == "x" * 12, encode("x" * 12)
print("ok")
''',
        },
        hidden=[
            'assert encode("") == ""',
            'assert encode("abc") == "1a1b1c"',
            'assert encode("a" * 12) == "12a"',
            'assert decode("12a") == "a" * 12',
            'assert decode("") == ""',
            'assert decode("10x2y") == "x" * 10 + "yy"',
        ],
        reference='''\
cat > rle.py <<'EOF'
def encode(text):
    """Run-length encoding: 'aaabcc' -> '3a1b2c'."""
    out, prev, n = [], None, 0
    for ch in text:
        if ch == prev:
            n += 1
        else:
            if prev is not None:
                out.append(f"{n}{prev}")
            prev, n = ch, 1
    if prev is not None:
        out.append(f"{n}{prev}")
    return "".join(out)


def decode(code):
    """'3a1b2c' -> 'aaabcc'."""
    out, digits = [], ""
    for ch in code:
        if ch.isdigit():
            digits += ch
        else:
            out.append(ch * int(digits))
            digits = ""
    return "".join(out)
EOF''',
    ),

    # ---------------------------------------------------------------- hard
    dict(  # blank lines crash the parser (helper), and the amounts are formatted with one decimal
        id="csv_report", difficulty="hard", split="train",
        prompt=prompt("test_report.py", " (there may be more than one)"),
        files={
            "parse.py": '''\
def parse_line(line):
    return [cell.strip() for cell in line.split(",")]


def parse_rows(text):
    """The rows of a CSV text, without its header line; blank lines are skipped."""
    lines = text.split("\\n")[1:]
    return [parse_line(line) for line in lines]
''',
            "totals.py": '''\
def totals_by(rows):
    """Sum the amount (second column) of each name (first column)."""
    out = {}
    for name, amount in rows:
        out[name] = out.get(name, 0.0) + float(amount)
    return out
''',
            "report.py": '''\
from parse import parse_rows
from totals import totals_by


def format_report(totals):
    return "\\n".join(f"{name}: {value:.1f}" for name, value in sorted(totals.items()))


def summarize(text):
    return format_report(totals_by(parse_rows(text)))
''',
            "test_report.py": '''\
from report import summarize

got = summarize("name,amount\\nann,2.5\\nbob,1\\n\\nann,3\\n")
assert got == "ann: 5.50\\nbob: 1.00", got
print("ok")
''',
        },
        hidden=[
            'assert parse_rows("a,b\\n1,2\\n\\n3,4\\n") == [["1", "2"], ["3", "4"]]',
            'assert parse_rows("a,b") == []',
            'assert summarize("name,amount\\n") == ""',
            'assert summarize("name,amount\\nzed,1\\namy,2.25\\n") == "amy: 2.25\\nzed: 1.00"',
            'assert format_report({"b": 1.0, "a": 2.5}) == "a: 2.50\\nb: 1.00"',
            'assert totals_by([["x", "1"], ["x", "2"]]) == {"x": 3.0}',
        ],
        reference='''\
sed -i 's/for line in lines\\]/for line in lines if line.strip()]/' parse.py
sed -i 's/{value:.1f}/{value:.2f}/' report.py''',
    ),
    dict(  # priorities parsed as strings (helper), and a sort that reverses every field
        id="scheduler", difficulty="hard", split="train",
        prompt=prompt("test_scheduler.py", " (there may be more than one)"),
        files={
            "tasks.py": '''\
def parse_task(line):
    """'name:priority:due' -> {'name': name, 'priority': int, 'due': int}."""
    name, priority, due = line.strip().split(":")
    return {"name": name, "priority": priority, "due": int(due)}


def parse_tasks(text):
    return [parse_task(line) for line in text.splitlines() if line.strip()]
''',
            "scheduler.py": '''\
from tasks import parse_tasks


def order(tasks):
    """Highest priority first; then the earliest due; then by name."""
    return sorted(tasks, key=lambda t: (t["priority"], t["due"], t["name"]), reverse=True)


def plan(text, n):
    """The names of the first n tasks to do."""
    return [t["name"] for t in order(parse_tasks(text))[:n]]
''',
            "test_scheduler.py": '''\
from scheduler import plan

got = plan("write:2:5\\nship:10:3\\ntest:2:1\\n", 2)
assert got == ["ship", "test"], got
print("ok")
''',
        },
        hidden=[
            'assert parse_task("a:3:7") == {"name": "a", "priority": 3, "due": 7}',
            'assert plan("", 3) == []',
            'assert plan("a:1:1\\n", 0) == []',
            'assert plan("a:9:1\\nb:10:1\\n", 1) == ["b"]',
            'assert plan("a:1:2\\nc:1:1\\nb:1:1\\n", 3) == ["b", "c", "a"]',
            'assert [t["name"] for t in order([{"name": "x", "priority": 1, "due": 2}, {"name": "y", "priority": 1, "due": 1}])] == ["y", "x"]',
        ],
        reference='''\
sed -i 's/"priority": priority,/"priority": int(priority),/' tasks.py
sed -i 's/key=lambda t: (t\\["priority"\\], t\\["due"\\], t\\["name"\\]), reverse=True/key=lambda t: (-t["priority"], t["due"], t["name"])/' scheduler.py''',
    ),
    dict(  # list indexes not converted, and the default ignored, both in a helper module
        id="json_path", difficulty="hard", split="train",
        prompt=prompt("test_query.py", " (there may be more than one)"),
        files={
            "paths.py": '''\
def split_path(path):
    return path.split(".") if path else []


def get_path(data, path, default=None):
    """Follow a dotted path through dicts and lists ('users.0.name'); default when it leads nowhere."""
    cur = data
    for part in split_path(path):
        if isinstance(cur, dict) and part in cur:
            cur = cur[part]
        elif isinstance(cur, list) and part.isdigit() and int(part) < len(cur):
            cur = cur[part]
        else:
            return None
    return cur
''',
            "query.py": '''\
from paths import get_path

MISSING = "<missing>"


def pluck(records, path):
    """The value at path of each record that has one."""
    out = []
    for r in records:
        v = get_path(r, path, MISSING)
        if v != MISSING:
            out.append(v)
    return out


def count_where(records, path, value):
    return sum(1 for r in records if get_path(r, path) == value)
''',
            "test_query.py": '''\
from query import pluck

got = pluck([{"a": {"b": [1, 2]}}, {"a": {}}, {"a": {"b": [3]}}], "a.b.0")
assert got == [1, 3], got
print("ok")
''',
        },
        hidden=[
            'assert get_path({"x": [10, 20]}, "x.1") == 20',
            'assert get_path({}, "a", 5) == 5',
            'assert get_path([1], "3", "d") == "d"',
            'assert get_path({"a": 1}, "") == {"a": 1}',
            'assert pluck([{"n": None}, {}], "n") == [None]',
            'assert pluck([{"u": [{"id": 7}]}, {"u": []}], "u.0.id") == [7]',
            'assert count_where([{"k": [1]}, {"k": [2]}, {"k": [1]}], "k.0", 1) == 2',
        ],
        reference='''\
sed -i '/isinstance(cur, list)/{n;s/cur = cur\\[part\\]/cur = cur[int(part)]/}' paths.py
sed -i 's/return None/return default/' paths.py''',
    ),
    dict(  # a refused withdrawal of the whole balance (helper), and refusals counted the wrong way round
        id="bank", difficulty="hard", split="test",
        prompt=prompt("test_bank.py", " (there may be more than one)"),
        files={
            "ledger.py": '''\
def apply(balance, kind, amount):
    """(new balance, accepted): a withdrawal larger than the balance is refused."""
    if kind == "deposit":
        return balance + amount, True
    if kind == "withdraw":
        if amount >= balance:
            return balance, False
        return balance - amount, True
    raise ValueError(f"unknown kind {kind!r}")
''',
            "bank.py": '''\
from ledger import apply


def run(transactions, start=0):
    """Apply (kind, amount) transactions in order; (final balance, how many were refused)."""
    balance, refused = start, 0
    for kind, amount in transactions:
        balance, ok = apply(balance, kind, amount)
        if ok:
            refused += 1
    return balance, refused
''',
            "test_bank.py": '''\
from bank import run

got = run([("deposit", 50), ("withdraw", 80), ("withdraw", 50)])
assert got == (0, 1), got
print("ok")
''',
        },
        hidden=[
            'assert apply(10, "withdraw", 10) == (0, True)',
            'assert apply(5, "withdraw", 6) == (5, False)',
            'assert apply(5, "deposit", 0) == (5, True)',
            "assert run([]) == (0, 0)",
            'assert run([("deposit", 5)], 10) == (15, 0)',
            'assert run([("withdraw", 1), ("withdraw", 2)]) == (0, 2)',
            'assert run([("withdraw", 4), ("deposit", 1), ("withdraw", 3)], 6) == (0, 0)',
        ],
        reference='''\
sed -i 's/if amount >= balance:/if amount > balance:/' ledger.py
sed -i 's/        if ok:/        if not ok:/' bank.py''',
    ),
    dict(  # integer division for the bin width, and the top edge falls outside the last bin (helper module)
        id="histogram", difficulty="hard", split="test",
        prompt=prompt("test_chart.py", " (there may be more than one)"),
        files={
            "binning.py": '''\
def bin_width(lo, hi, bins):
    return (hi - lo) // bins


def bucket(value, lo, width, bins):
    """The index of the bin holding value; the top edge belongs to the last bin."""
    return int((value - lo) / width)


def histogram(values, lo, hi, bins):
    """How many values fall in each of `bins` equal bins over [lo, hi]; values outside are ignored."""
    width = bin_width(lo, hi, bins)
    counts = [0] * bins
    for v in values:
        if lo <= v <= hi:
            counts[bucket(v, lo, width, bins)] += 1
    return counts
''',
            "chart.py": '''\
from binning import histogram, bin_width


def chart(values, lo, hi, bins):
    width = bin_width(lo, hi, bins)
    lines = []
    for i, n in enumerate(histogram(values, lo, hi, bins)):
        start = lo + i * width
        lines.append(f"{start:g}-{start + width:g} | " + "#" * n)
    return lines
''',
            "test_chart.py": '''\
from chart import chart

got = chart([0.5, 1, 2.9, 3, 7], 0, 3, 2)
assert got == ["0-1.5 | ##", "1.5-3 | ##"], got
print("ok")
''',
        },
        hidden=[
            "assert bin_width(0, 1, 4) == 0.25",
            "assert bucket(10, 0, 2.5, 4) == 3",
            "assert histogram([], 0, 1, 3) == [0, 0, 0]",
            "assert histogram([0, 10], 0, 10, 5) == [1, 0, 0, 0, 1]",
            "assert histogram([1, 2, 3, -1], 0, 3, 3) == [0, 1, 2]",
            'assert chart([1], 0, 1, 2) == ["0-0.5 | ", "0.5-1 | #"]',
        ],
        reference='''\
sed -i 's#(hi - lo) // bins#(hi - lo) / bins#' binning.py
sed -i 's#return int((value - lo) / width)#return min(int((value - lo) / width), bins - 1)#' binning.py''',
    ),
]


def row(p):
    modules = sorted(n[:-3] for n in p["files"] if n.endswith(".py") and not n.startswith("test_"))
    check = {"hidden_tests": "\n".join(p["hidden"]), "modules": modules}
    meta = {"difficulty": p["difficulty"], "kind": "repo", "setup": p["files"], "checks": [check],
            "reference": p["reference"], "split": p["split"]}
    return {"id": f"terminal/repo_{p['id']}", "domain": "terminal", "prompt": p["prompt"], "meta": meta}


if __name__ == "__main__":
    rows = [row(p) for p in PROJECTS]
    assert len({r["id"] for r in rows}) == len(rows)
    assert all(line.startswith("assert ") for p in PROJECTS for line in p["hidden"])
    with open(HERE / "terminal_repo.jsonl", "w") as f:
        for r in rows: f.write(json.dumps(r) + "\n")
    print(f"wrote {len(rows)} projects to {HERE / 'terminal_repo.jsonl'}")
