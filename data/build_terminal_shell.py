"""Writes data/terminal_shell.jsonl: the bundled shell tasks of the terminal environment (nbs/07b_environments).

Run it from anywhere: `python data/build_terminal_shell.py`. Every task names its setup files, the checks on the final
state (the reward), and a reference bash script that solves it. Where an answer is a computation, the checks compute
it here in Python from the setup, independently of the shell reference, so that the test
(tests/test_terminal_tasks.py) cross-checks both. Only bash, coreutils, findutils, grep, sed, mawk, tar, gzip,
diffutils and python3 may be assumed inside the sandbox.

The working directory is the sandbox user's home, so firejail's default profile applies to its top-level names:
avoid bin/ and dotfiles/ (read-only there), *.key, *.kdb(x), Mail/, mail/, Private/ and snap/ (blacklisted)."""
import io, json, tarfile
from collections import Counter
from pathlib import Path

OUT = Path(__file__).parent / "terminal_shell.jsonl"
TASKS = []


def task(name, difficulty, split, prompt, setup, checks, reference, modes=None):
    meta = {"difficulty": difficulty, "kind": "shell", "setup": setup}
    if modes: meta["modes"] = modes
    meta.update(checks=checks, reference=reference, split=split)
    TASKS.append({"id": f"terminal/{name}", "domain": "terminal", "prompt": prompt, "meta": meta})


def lines(text): return text.strip("\n").split("\n")


def plain_tar(files, mode=0o644):
    "An uncompressed tar archive of `files` (path -> text) as a text string (ASCII, with NULs), trimmed to its end-of-archive blocks"
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.USTAR_FORMAT) as tf:
        for name, text in files.items():
            data = text.encode()
            ti = tarfile.TarInfo(name)
            ti.size, ti.mode, ti.mtime, ti.uid, ti.gid, ti.uname, ti.gname = len(data), mode, 1704067200, 1000, 1000, "user", "user"
            tf.addfile(ti, io.BytesIO(data))
    size = sum(512 + -(-len(t.encode()) // 512) * 512 for t in files.values()) + 1024
    return buf.getvalue()[:size].decode("ascii")


# The two original examples, kept as they were.
TASKS.append({"id": "terminal/count_lines", "domain": "terminal", "prompt": "Write the number of lines of notes.txt into count.txt.",
              "meta": {"difficulty": "easy", "kind": "shell", "setup": {"notes.txt": "a\nb\nc\n"}, "checks": [{"file": "count.txt", "number": 3}],
                       "reference": "wc -l < notes.txt > count.txt", "split": "train"}})
TASKS.append({"id": "terminal/archive_logs", "domain": "terminal",
              "prompt": "Put every .log file of logs/ into a gzip-compressed tar archive logs.tar.gz (paths as logs/NAME), then delete the .log files.",
              "meta": {"difficulty": "medium", "kind": "shell", "setup": {"logs/a.log": "x\n", "logs/b.log": "y\n", "logs/keep.txt": "z\n"},
                       "checks": [{"tar": "logs.tar.gz", "members": ["logs/a.log", "logs/b.log"]}, {"absent": "logs/a.log"}, {"absent": "logs/b.log"},
                                  {"unchanged": "logs/keep.txt"}],
                       "reference": "tar czf logs.tar.gz logs/*.log && rm logs/*.log", "split": "train"}})

# ---------------------------------------------------------------- train, easy
task("make_project_dirs", "easy", "train",
     "Create the directories project/src, project/tests and project/docs.",
     {"README.md": "# New project\n"},
     [{"dir": "project/src"}, {"dir": "project/tests"}, {"dir": "project/docs"}, {"unchanged": "README.md"}],
     "mkdir -p project/src project/tests project/docs")

CONFIG_INI = "[server]\nhost = 0.0.0.0\nport = 8080\n\n[log]\nlevel = info\n"
task("backup_config", "easy", "train",
     "Make a backup copy of config.ini named config.ini.bak, in the same directory. Keep config.ini as it is.",
     {"config.ini": CONFIG_INI},
     [{"file": "config.ini.bak", "exact": CONFIG_INI}, {"unchanged": "config.ini"}],
     "cp config.ini config.ini.bak")

DRAFT = "Quarterly plan\n- hire two engineers\n- ship the beta\n"
task("rename_draft", "easy", "train",
     "Rename draft.txt to final.txt.",
     {"draft.txt": DRAFT},
     [{"file": "final.txt", "exact": DRAFT}, {"absent": "draft.txt"}],
     "mv draft.txt final.txt")

ESSAY = ("The quick brown fox jumps over the lazy dog.\nIt was not the first time,\nand it would not be the last.\n\n"
         "Foxes are   patient animals; dogs are not.\n")
task("count_words", "easy", "train",
     "Count the words in essay.txt (words are separated by whitespace) and write the count into words.txt, as a single number.",
     {"essay.txt": ESSAY},
     [{"file": "words.txt", "number": len(ESSAY.split())}, {"unchanged": "essay.txt"}],
     "wc -w < essay.txt > words.txt")

HISTORY = "ls\ncd src\nmake\nmake test\ngit status\ngit add -A\ngit commit -m wip\ngit push\n"
task("last_three_lines", "easy", "train",
     "Save the last 3 lines of history.txt to recent.txt.",
     {"history.txt": HISTORY},
     [{"file": "recent.txt", "lines": lines(HISTORY)[-3:]}],
     "tail -n 3 history.txt > recent.txt")

NAMES = "Mallory\nAlice\nTrent\nBob\nEve\nCarol\nOscar\nDave\n"
task("sort_names", "easy", "train",
     "Sort the names in names.txt alphabetically and write them to sorted.txt, one per line.",
     {"names.txt": NAMES},
     [{"file": "sorted.txt", "lines": sorted(lines(NAMES))}, {"unchanged": "names.txt"}],
     "sort names.txt > sorted.txt")

COLORS = "red\nblue\ngreen\nred\nyellow\nblue\nred\npurple\ngreen\nblack\n"
task("count_distinct_colors", "easy", "train",
     "How many different lines does colors.txt contain? Write that number into distinct.txt.",
     {"colors.txt": COLORS},
     [{"file": "distinct.txt", "number": len(set(lines(COLORS)))}],
     "sort -u colors.txt | wc -l > distinct.txt")

APP_LOG = ("2024-05-01 10:00:01 INFO server started\n2024-05-01 10:00:05 ERROR cannot open cache.db\n"
           "2024-05-01 10:01:12 WARN slow request /api/users\n2024-05-01 10:02:40 INFO user alice logged in\n"
           "2024-05-01 10:03:03 ERROR timeout talking to payments\n2024-05-01 10:03:09 INFO retrying\n"
           "2024-05-01 10:04:44 ERROR payments unavailable\n2024-05-01 10:05:00 INFO shutdown\n")
task("grep_error_lines", "easy", "train",
     "Write every line of app.log that contains ERROR into errors.txt, keeping their order.",
     {"app.log": APP_LOG},
     [{"file": "errors.txt", "lines": [l for l in lines(APP_LOG) if "ERROR" in l]}, {"unchanged": "app.log"}],
     "grep ERROR app.log > errors.txt")

SETTINGS = ("# editor settings\ntheme = dark\n# font\nfont = mono\nsize = 12\n#disabled = true\ncolor = #ffffff\n"
            "# end of file\n")
task("count_comment_lines", "easy", "train",
     "Count the lines of settings.conf that start with a # character and write the count into comments.txt.",
     {"settings.conf": SETTINGS},
     [{"file": "comments.txt", "number": sum(l.startswith("#") for l in lines(SETTINGS))}],
     "grep -c '^#' settings.conf > comments.txt")

DEPLOY = "#!/bin/sh\necho deploying\n"
task("make_script_executable", "easy", "train",
     "Make deploy.sh executable for everyone: its permissions should be 755.",
     {"deploy.sh": DEPLOY},
     [{"mode": "deploy.sh", "bits": "755"}, {"unchanged": "deploy.sh"}],
     "chmod 755 deploy.sh")

SHOUT = "hello world\nthis is far too quiet\nnumbers 123 stay\n"
task("uppercase_file", "easy", "train",
     "Convert the text of shout.txt to upper case and write the result to loud.txt.",
     {"shout.txt": SHOUT},
     [{"file": "loud.txt", "lines": lines(SHOUT.upper())}, {"unchanged": "shout.txt"}],
     "tr 'a-z' 'A-Z' < shout.txt > loud.txt")

SALES = "region,amount\nnorth,120\nsouth,75\neast,230\nwest,42\nnorth,18\n"
task("sum_csv_column", "easy", "train",
     "sales.csv has a header line and the columns region,amount. Write the total of the amount column into total.txt, as a single number.",
     {"sales.csv": SALES},
     [{"file": "total.txt", "number": sum(int(l.split(",")[1]) for l in lines(SALES)[1:])}],
     "awk -F, 'NR > 1 { s += $2 } END { print s }' sales.csv > total.txt")

REPORT = "Monthly report\n==============\nAll systems nominal.\n"
task("gzip_report", "easy", "train",
     "Compress report.txt with gzip so that only report.txt.gz is left.",
     {"report.txt": REPORT},
     [{"gzip": "report.txt.gz", "text": REPORT}, {"absent": "report.txt"}],
     "gzip report.txt")

USERS = "id,email,name\n1,ann@example.com,Ann\n2,bo@example.org,Bo\n3,cy@mail.net,Cy\n4,dee@example.com,Dee\n"
task("cut_email_column", "easy", "train",
     "Write the second column (email) of users.csv into emails.txt, one address per line, without the header.",
     {"users.csv": USERS},
     [{"file": "emails.txt", "lines": [l.split(",")[1] for l in lines(USERS)[1:]]}, {"unchanged": "users.csv"}],
     "tail -n +2 users.csv | cut -d, -f2 > emails.txt")

task("delete_tmp_files", "easy", "train",
     "Delete every .tmp file in build/ and keep all other files.",
     {"build/cache.tmp": "x\n", "build/link.tmp": "y\n", "build/main.o": "binary\n", "build/notes.txt": "keep me\n"},
     [{"absent": "build/cache.tmp"}, {"absent": "build/link.tmp"}, {"unchanged": "build/main.o"}, {"unchanged": "build/notes.txt"}],
     "rm build/*.tmp")

STEPS = "preheat oven\nmix flour and eggs\npour into tin\nbake 40 minutes\nlet cool\n"
task("reverse_line_order", "easy", "train",
     "Write the lines of steps.txt in reverse order (the last line first) into reversed.txt.",
     {"steps.txt": STEPS},
     [{"file": "reversed.txt", "lines": lines(STEPS)[::-1]}],
     "tac steps.txt > reversed.txt")

PB_NAMES, PB_PHONES = "ann\nbo\ncy\n", "555-0101\n555-0199\n555-0142\n"
task("paste_phonebook", "easy", "train",
     "names.txt and phones.txt belong together line by line. Write phonebook.txt with one 'name,phone' line per person, e.g. ann,555-0101.",
     {"names.txt": PB_NAMES, "phones.txt": PB_PHONES},
     [{"file": "phonebook.txt", "lines": [f"{n},{p}" for n, p in zip(lines(PB_NAMES), lines(PB_PHONES))]}],
     "paste -d, names.txt phones.txt > phonebook.txt")

# ---------------------------------------------------------------- train, medium
YAML = "database:\n  host: localhost\n  port: 5432\ncache:\n  host: localhost\n  port: 6379\nname: localhost-demo\n"
task("sed_replace_host", "medium", "train",
     "In config.yaml, replace every occurrence of localhost with db.internal. Edit the file in place.",
     {"config.yaml": YAML},
     [{"file": "config.yaml", "lines": lines(YAML.replace("localhost", "db.internal"))}],
     "sed -i 's/localhost/db.internal/g' config.yaml")

WORDS_TEXT = ("the cat sat on the mat\nthe dog sat too\na cat and a dog\nsat sat sat said the bird\n"
              "on the mat sat a bird\n")
_word_counts = Counter(WORDS_TEXT.split()).most_common()
assert _word_counts[0][1] > _word_counts[1][1]
task("most_frequent_word", "medium", "train",
     "text.txt holds lowercase words separated by spaces and newlines. Write the word that occurs most often into top_word.txt (just the word).",
     {"text.txt": WORDS_TEXT},
     [{"file": "top_word.txt", "text": _word_counts[0][0]}],
     "tr -s ' ' '\\n' < text.txt | grep -v '^$' | sort | uniq -c | sort -rn | head -n 1 | awk '{print $2}' > top_word.txt")

task("rename_jpeg_to_jpg", "medium", "train",
     "Rename every .jpeg file in photos/ so that it ends in .jpg instead (beach.jpeg becomes beach.jpg). Leave other files alone.",
     {"photos/beach.jpeg": "img-beach\n", "photos/city.jpeg": "img-city\n", "photos/dog.jpeg": "img-dog\n", "photos/notes.txt": "captions\n"},
     [{"file": "photos/beach.jpg", "exact": "img-beach\n"}, {"file": "photos/city.jpg", "exact": "img-city\n"},
      {"file": "photos/dog.jpg", "exact": "img-dog\n"}, {"absent": "photos/beach.jpeg"}, {"absent": "photos/city.jpeg"},
      {"absent": "photos/dog.jpeg"}, {"unchanged": "photos/notes.txt"}],
     'for f in photos/*.jpeg; do mv "$f" "${f%.jpeg}.jpg"; done')

LARGEST = {"data/a.csv": "a" * 300 + "\n", "data/d.txt": "d" * 1200 + "\n", "data/raw/b.bin": "b" * 900 + "\n",
           "data/raw/deep/c.log": "c" * 1500 + "\n", "data/raw/e.txt": "e" * 40 + "\n"}
task("find_largest_file", "medium", "train",
     "Find the largest file (in bytes) anywhere under data/, subdirectories included, and write its path, in the form data/..., into largest.txt.",
     LARGEST,
     [{"file": "largest.txt", "text": max(LARGEST, key=lambda p: len(LARGEST[p]))}],
     "find data -type f -printf '%s %p\\n' | sort -n | tail -n 1 | cut -d' ' -f2 > largest.txt")

SCORES = "name,score\nann,91\nbo,79\ncy,80\ndee,45\neve,100\nfin,8\ngus,85\n"
task("awk_passing_scores", "medium", "train",
     "scores.csv has a header and the columns name,score. Write the names of everyone with a score of 80 or more into passed.txt, one per line, in the order of the file.",
     {"scores.csv": SCORES},
     [{"file": "passed.txt", "lines": [l.split(",")[0] for l in lines(SCORES)[1:] if int(l.split(",")[1]) >= 80]}],
     "awk -F, 'NR > 1 && $2 >= 80 { print $1 }' scores.csv > passed.txt")

IDS, AGES = "3 carol\n1 alice\n5 erin\n2 bob\n4 dave\n", "2 31\n1 28\n4 45\n3 39\n5 22\n"
_ages = dict(l.split() for l in lines(AGES))
task("join_names_ages", "medium", "train",
     "ids.txt has lines 'id name' and ages.txt has lines 'id age', both unsorted. Write people.txt with one 'name age' line per person, ordered by id.",
     {"ids.txt": IDS, "ages.txt": AGES},
     [{"file": "people.txt", "lines": [f"{n} {_ages[i]}" for i, n in sorted(l.split() for l in lines(IDS))]}],
     "join <(sort ids.txt) <(sort ages.txt) | sort -n | awk '{print $2, $3}' > people.txt")

LIST_A, LIST_B = "pear\napple\nkiwi\nmango\nplum\n", "grape\nplum\napple\nlime\npear\n"
task("common_lines", "medium", "train",
     "Write the lines that appear in both list_a.txt and list_b.txt into common.txt, sorted alphabetically, one per line.",
     {"list_a.txt": LIST_A, "list_b.txt": LIST_B},
     [{"file": "common.txt", "lines": sorted(set(lines(LIST_A)) & set(lines(LIST_B)))}, {"unchanged": "list_a.txt"}, {"unchanged": "list_b.txt"}],
     "comm -12 <(sort list_a.txt) <(sort list_b.txt) > common.txt")

task("tar_site_directory", "medium", "train",
     "Pack the directory site/ with everything in it into an uncompressed tar archive site.tar. Member paths start with site/ (e.g. site/index.html), "
     "and the directory entries site/ and site/css/ are included too. Keep site/ in place.",
     {"site/index.html": "<h1>Home</h1>\n", "site/about.html": "<h1>About</h1>\n", "site/css/style.css": "body { margin: 0 }\n"},
     [{"tar": "site.tar", "members": ["site", "site/index.html", "site/about.html", "site/css", "site/css/style.css"]},
      {"unchanged": "site/index.html"}, {"unchanged": "site/css/style.css"}],
     "tar cf site.tar site")

DATES = "01/02/2024\n15/08/1999\n31/12/2023\n07/07/2007\n"
task("dates_to_iso", "medium", "train",
     "dates.txt holds one date per line as DD/MM/YYYY. Write the same dates, in the same order, as YYYY-MM-DD into iso.txt.",
     {"dates.txt": DATES},
     [{"file": "iso.txt", "lines": ["-".join(reversed(d.split("/"))) for d in lines(DATES)]}],
     "sed -E 's#([0-9]{2})/([0-9]{2})/([0-9]{4})#\\3-\\2-\\1#' dates.txt > iso.txt")

task("chmod_shell_scripts", "medium", "train",
     "Give every .sh file in scripts/ the permissions 755. All other files in scripts/ must keep their current permissions (644).",
     {"scripts/build.sh": "#!/bin/sh\nmake\n", "scripts/test.sh": "#!/bin/sh\nmake test\n", "scripts/README.txt": "helper scripts\n",
      "scripts/helpers.py": "print('hi')\n"},
     [{"mode": "scripts/build.sh", "bits": "755"}, {"mode": "scripts/test.sh", "bits": "755"}, {"mode": "scripts/README.txt", "bits": "644"},
      {"mode": "scripts/helpers.py", "bits": "644"}],
     "chmod 755 scripts/*.sh")

DOCS_TODO = {"docs/api.md": "# API\nTODO: document errors\n", "docs/index.md": "# Welcome\nAll done here.\n",
             "docs/guide/setup.md": "Install it.\nSee also the todo list.\n", "docs/guide/usage.md": "Run it.\n<!-- TODO examples -->\n",
             "docs/guide/notes.txt": "TODO: ask Bo\n"}
task("find_files_with_todo", "medium", "train",
     "Find every file under docs/ (subdirectories included) that contains the text TODO in upper case. Write their paths, like docs/api.md, sorted, one per line, into todo_files.txt.",
     DOCS_TODO,
     [{"file": "todo_files.txt", "lines": sorted(p for p, t in DOCS_TODO.items() if "TODO" in t)}],
     "grep -rl TODO docs | sort > todo_files.txt")

EXPENSES = "category,amount\nfood,12\nrent,800\nfood,30\ntravel,150\nrent,50\nfood,8\ntravel,20\nbooks,35\n"
_exp = Counter()
for _l in lines(EXPENSES)[1:]: _exp[_l.split(",")[0]] += int(_l.split(",")[1])
task("sum_per_category", "medium", "train",
     "expenses.csv has a header and the columns category,amount. Write totals.txt with one 'category total' line per category (e.g. food 50), sorted by category name.",
     {"expenses.csv": EXPENSES},
     [{"file": "totals.txt", "lines": [f"{c} {_exp[c]}" for c in sorted(_exp)]}],
     "awk -F, 'NR > 1 { s[$1] += $2 } END { for (c in s) print c, s[c] }' expenses.csv | sort > totals.txt")

POEM = "Roses are red\nViolets are blue\n\nSugar is sweet\n\n\nAnd so are you\n"
task("number_nonempty_lines", "medium", "train",
     "Write the non-empty lines of poem.txt into numbered.txt, each prefixed with its number among them, a colon and a space, like '1: Roses are red'. Skip the empty lines.",
     {"poem.txt": POEM},
     [{"file": "numbered.txt", "lines": [f"{i}: {l}" for i, l in enumerate([l for l in lines(POEM) if l], 1)]}],
     "awk 'NF { print ++n \": \" $0 }' poem.txt > numbered.txt")

INI = "; main settings\n[main]\nname = shop\n\n; network\nport = 80\n;port = 8080\n\n[extra]\nmode = fast\n"
task("strip_ini_comments", "medium", "train",
     "Write config.ini into clean.ini without its comment lines (lines starting with ;) and without its empty lines. Keep config.ini unchanged.",
     {"config.ini": INI},
     [{"file": "clean.ini", "lines": [l for l in lines(INI) if l and not l.startswith(";")]}, {"unchanged": "config.ini"}],
     "sed -e '/^;/d' -e '/^$/d' config.ini > clean.ini")

task("tar_gz_python_sources", "medium", "train",
     "Create src.tar.gz, a gzip-compressed tar archive holding every .py file under src/ (subdirectories included) and nothing else: no other files and no directory entries. Member paths look like src/pkg/core.py.",
     {"src/main.py": "import pkg.core\n", "src/util.py": "def f(): pass\n", "src/pkg/core.py": "X = 1\n", "src/README.md": "# src\n",
      "src/pkg/data.json": "{}\n"},
     [{"tar": "src.tar.gz", "members": ["src/main.py", "src/util.py", "src/pkg/core.py"]}]
     + [{"unchanged": f} for f in ("src/main.py", "src/util.py", "src/pkg/core.py", "src/README.md", "src/pkg/data.json")],
     "find src -name '*.py' -type f | tar czf src.tar.gz -T -")

ERR_LOG = ("Error: disk full\nwarning: retrying\nERROR ERROR twice on one line\nno problems\nerrors found: 3\n"
           "TerrorBird is not an error? it is: error\n")
task("count_error_occurrences", "medium", "train",
     "Count how many times the letters 'error' occur in log.txt, in any letter case and also inside longer words (so 'errors' counts once). Count occurrences, not lines. Write the number into error_count.txt.",
     {"log.txt": ERR_LOG},
     [{"file": "error_count.txt", "number": ERR_LOG.lower().count("error")}],
     "grep -oi error log.txt | wc -l > error_count.txt")

MD_INDEX = "# Links\n- http://example.com\n- http://docs.example.com/start\n- https://secure.example.com\n"
MD_GUIDE = "Read http://example.org/guide first.\nThen http://example.org/faq.\n"
HTTP_NOTES = "old mirror: http://mirror.example.net\n"
task("https_in_markdown", "medium", "train",
     "Replace every http:// with https:// in the .md files of docs/, editing them in place. Do not touch the other files.",
     {"docs/index.md": MD_INDEX, "docs/guide.md": MD_GUIDE, "docs/notes.txt": HTTP_NOTES},
     [{"file": "docs/index.md", "lines": lines(MD_INDEX.replace("http://", "https://"))},
      {"file": "docs/guide.md", "lines": lines(MD_GUIDE.replace("http://", "https://"))}, {"unchanged": "docs/notes.txt"}],
     "sed -i 's#http://#https://#g' docs/*.md")

# ---------------------------------------------------------------- train, hard
PRODUCTS = ("name,category,price\nlaptop,tech,999.90\nmouse,tech,19.99\nmonitor,tech,1249.00\napple,food,0.50\n"
            "cheese,food,7.25\nbread,food,2.10\nnovel,books,12.00\natlas,books,45.50\ncookbook,books,29.95\n")
_best = {}
for _l in lines(PRODUCTS)[1:]:
    _n, _c, _p = _l.split(",")
    if _c not in _best or float(_p) > _best[_c][1]: _best[_c] = (_n, float(_p))
task("priciest_per_category", "hard", "train",
     "products.csv has a header and the columns name,category,price. For each category, find its most expensive product and write 'category,name' lines into top.txt, sorted by category.",
     {"products.csv": PRODUCTS},
     [{"file": "top.txt", "lines": [f"{c},{_best[c][0]}" for c in sorted(_best)]}],
     "awk -F, 'NR > 1 && (!($2 in m) || $3 + 0 > m[$2]) { m[$2] = $3 + 0; n[$2] = $1 } END { for (c in n) print c \",\" n[c] }' products.csv | sort > top.txt")

_reqs = [("10.0.0.1", "/", 200), ("10.0.0.2", "/login", 302), ("10.0.0.1", "/missing", 404), ("10.0.0.3", "/", 200),
         ("10.0.0.4", "/api", 500), ("10.0.0.2", "/home", 200), ("10.0.0.5", "/old", 404), ("10.0.0.1", "/logout", 302),
         ("10.0.0.3", "/api", 500), ("10.0.0.6", "/favicon.ico", 404), ("10.0.0.2", "/", 200), ("10.0.0.7", "/admin", 403)]
STATUS_LOG = "".join(f'{ip} - - [10/Oct/2024:13:{i:02d}:00 +0000] "GET {p} HTTP/1.1" {s} {100 + 7 * i}\n' for i, (ip, p, s) in enumerate(_reqs))
_status = Counter(str(s) for _, _, s in _reqs)
task("status_code_report", "hard", "train",
     "access.log is a web server log in common log format (the status code is the 9th space-separated field). Write status.txt with one 'code count' line per status code, sorted by count from most to fewest; break ties by the smaller code first.",
     {"access.log": STATUS_LOG},
     [{"file": "status.txt", "lines": [f"{c} {n}" for c, n in sorted(_status.items(), key=lambda x: (-x[1], int(x[0])))]}],
     "awk '{print $9}' access.log | sort | uniq -c | sort -k1,1nr -k2,2n | awk '{print $2, $1}' > status.txt")

EMAILS = "Ann@Example.com\nbo@example.org\nann@example.com\ncy@mail.net\nBO@EXAMPLE.ORG\ndee@example.com\nCy@Mail.Net\nann@example.COM\n"
_seen, _kept = set(), []
for _e in lines(EMAILS):
    if _e.lower() not in _seen: _seen.add(_e.lower()); _kept.append(_e)
task("dedupe_emails_ignore_case", "hard", "train",
     "Remove the duplicate addresses from emails.txt, editing it in place. Two addresses are duplicates if they differ only in letter case. Keep the first occurrence of each, with its original spelling, in the original order.",
     {"emails.txt": EMAILS},
     [{"file": "emails.txt", "lines": _kept}],
     "awk '!seen[tolower($0)]++' emails.txt > emails.tmp && mv emails.tmp emails.txt")

INBOX = {"inbox/report.pdf": "pdf-report\n", "inbox/scan.pdf": "pdf-scan\n", "inbox/photo.jpg": "jpg-photo\n",
         "inbox/notes.txt": "txt-notes\n", "inbox/todo.txt": "txt-todo\n"}
task("sort_inbox_by_extension", "hard", "train",
     "Move each file of inbox/ into a subdirectory of inbox/ named after its extension: inbox/report.pdf goes to inbox/pdf/report.pdf, inbox/notes.txt to inbox/txt/notes.txt, and so on.",
     INBOX,
     [{"file": f"inbox/{p.rsplit('.', 1)[1]}/{p.split('/')[1]}", "exact": t} for p, t in INBOX.items()] + [{"absent": p} for p in INBOX],
     'cd inbox && for f in *.*; do [ -f "$f" ] || continue; mkdir -p "${f##*.}" && mv "$f" "${f##*.}/"; done')

DUPS = {"files/a.txt": "alpha\n", "files/b.txt": "beta\n", "files/c.txt": "alpha\n", "files/d.txt": "gamma\n", "files/e.txt": "beta\n",
        "files/f.txt": "delta\n", "files/g.txt": "alpha \n"}
_by_content = Counter(DUPS.values())
task("find_duplicate_files", "hard", "train",
     "Some files in files/ have exactly the same content as another file there. Write the names of all such files (like a.txt, without the directory), sorted, one per line, into dups.txt.",
     DUPS,
     [{"file": "dups.txt", "lines": sorted(p.split("/")[1] for p, t in DUPS.items() if _by_content[t] > 1)}, {"unchanged": "files/a.txt"}],
     "cd files && md5sum * | sort | uniq -w32 -D | awk '{print $2}' | sort > ../dups.txt")

CUSTOMERS = "id,name\n1,ann\n2,bo\n3,cy\n4,dee\n"
ORDERS = "order_id,customer_id,amount\n100,2,30\n101,1,15\n102,2,45\n103,4,60\n104,1,5\n105,2,10\n"
_spend = {i: 0 for i in range(1, 5)}
for _l in lines(ORDERS)[1:]: _spend[int(_l.split(",")[1])] += int(_l.split(",")[2])
_cname = {int(l.split(",")[0]): l.split(",")[1] for l in lines(CUSTOMERS)[1:]}
task("customer_spend", "hard", "train",
     "customers.csv has the columns id,name and orders.csv the columns order_id,customer_id,amount (both with a header). Write spend.txt with one 'name,total' line per customer, where total is the sum of their order amounts (0 if they have no orders), sorted by total from largest to smallest.",
     {"customers.csv": CUSTOMERS, "orders.csv": ORDERS},
     [{"file": "spend.txt", "lines": [f"{_cname[i]},{t}" for i, t in sorted(_spend.items(), key=lambda x: -x[1])]}],
     "awk -F, 'NR == FNR { if (FNR > 1) { name[$1] = $2; t[$1] = 0 } next } FNR > 1 { t[$2] += $3 } "
     "END { for (i in name) print name[i] \",\" t[i] }' customers.csv orders.csv | sort -t, -k2,2nr > spend.txt")

APP_LOG2, DB_LOG = "app line 1\napp line 2\n", "db line 1\n"
task("rotate_logs", "hard", "train",
     "In logs/, compress every .log file except current.log with gzip (app.log becomes app.log.gz, and no uncompressed copy stays), then empty current.log: keep the file, with a size of zero bytes.",
     {"logs/app.log": APP_LOG2, "logs/db.log": DB_LOG, "logs/current.log": "live line 1\nlive line 2\n"},
     [{"gzip": "logs/app.log.gz", "text": APP_LOG2}, {"gzip": "logs/db.log.gz", "text": DB_LOG}, {"absent": "logs/app.log"},
      {"absent": "logs/db.log"}, {"file": "logs/current.log", "exact": ""}],
     'for f in logs/*.log; do [ "$f" = logs/current.log ] || gzip "$f"; done; : > logs/current.log')

MATRIX = "1 2 3 4\n5 6 7 8\n9 10 11 12\n"
task("transpose_matrix", "hard", "train",
     "matrix.txt holds a matrix: one row per line, numbers separated by single spaces. Write its transpose into transposed.txt in the same format (the first column becomes the first line).",
     {"matrix.txt": MATRIX},
     [{"file": "transposed.txt", "lines": [" ".join(col) for col in zip(*(l.split() for l in lines(MATRIX)))]}],
     "awk '{ for (i = 1; i <= NF; i++) a[i] = (NR == 1 ? $i : a[i] \" \" $i); n = NF } END { for (i = 1; i <= n; i++) print a[i] }' matrix.txt > transposed.txt")

APP_TAR = {"app/bin/start.sh": "#!/bin/sh\necho starting\n", "app/bin/stop.sh": "#!/bin/sh\necho stopping\n",
           "app/README": "Run bin/start.sh\n"}
task("install_from_tar", "hard", "train",
     "Unpack the uncompressed tar archive app.tar here (it creates app/), then make every .sh file under app/ executable with the permissions 755.",
     {"app.tar": plain_tar(APP_TAR)},
     [{"file": "app/README", "exact": APP_TAR["app/README"]}, {"file": "app/bin/start.sh", "exact": APP_TAR["app/bin/start.sh"]},
      {"mode": "app/bin/start.sh", "bits": "755"},
      {"mode": "app/bin/stop.sh", "bits": "755"}, {"mode": "app/README", "bits": "644"}],
     "tar xf app.tar && find app -name '*.sh' -exec chmod 755 {} +")

# ---------------------------------------------------------------- test, easy
task("make_keep_file", "easy", "test",
     "Create a directory named out that contains an empty file named .keep.",
     {},
     [{"dir": "out"}, {"file": "out/.keep", "exact": ""}],
     "mkdir -p out && touch out/.keep")

task("move_into_archive", "easy", "test",
     "Move report.pdf and summary.txt into a new directory archive/. Leave other.txt where it is.",
     {"report.pdf": "%PDF-1.4 fake\n", "summary.txt": "short summary\n", "other.txt": "stay\n"},
     [{"file": "archive/report.pdf", "exact": "%PDF-1.4 fake\n"}, {"file": "archive/summary.txt", "exact": "short summary\n"},
      {"absent": "report.pdf"}, {"absent": "summary.txt"}, {"unchanged": "other.txt"}],
     "mkdir -p archive && mv report.pdf summary.txt archive/")

DATA_CSV = "city,population\nparis,2100000\nlyon,520000\nnice,340000\nlille,230000\nnantes,320000\nbrest,140000\nmetz,120000\n"
task("count_csv_rows", "easy", "test",
     "data.csv starts with a header line. Write the number of data rows (not counting the header) into rows.txt, as a single number.",
     {"data.csv": DATA_CSV},
     [{"file": "rows.txt", "number": len(lines(DATA_CSV)) - 1}, {"unchanged": "data.csv"}],
     "tail -n +2 data.csv | wc -l > rows.txt")

CODE = "a1b2c3\nx9y8z7w\n42 is the answer\nno digits\n"
task("strip_digits", "easy", "test",
     "Remove every digit from code.txt and write the result into letters.txt (everything else stays, line by line).",
     {"code.txt": CODE},
     [{"file": "letters.txt", "lines": ["".join(ch for ch in l if not ch.isdigit()) for l in lines(CODE)]}, {"unchanged": "code.txt"}],
     "tr -d '0-9' < code.txt > letters.txt")

HOSTS = "web1.prod.example.com\nweb1.test.example.com\ndb.prod.example.com\ntest-runner.example.com\ncache.prod.example.com\n"
task("hosts_without_test", "easy", "test",
     "Write the lines of hosts.txt that do not contain the text 'test' into prod.txt, in their original order.",
     {"hosts.txt": HOSTS},
     [{"file": "prod.txt", "lines": [l for l in lines(HOSTS) if "test" not in l]}],
     "grep -v test hosts.txt > prod.txt")

task("private_key_mode", "easy", "test",
     "Make private.pem readable and writable by its owner only, and by nobody else (permissions 600).",
     {"private.pem": "-----BEGIN KEY-----\nabc123\n-----END KEY-----\n"},
     [{"mode": "private.pem", "bits": "600"}, {"unchanged": "private.pem"}],
     "chmod 600 private.pem")

NUMBERS = "17\n-4\n250\n99\n1024\n3\n-2000\n998\n"
task("largest_number", "easy", "test",
     "numbers.txt has one integer per line. Write the largest of them into max.txt.",
     {"numbers.txt": NUMBERS},
     [{"file": "max.txt", "number": max(int(x) for x in lines(NUMBERS))}],
     "sort -n numbers.txt | tail -n 1 > max.txt")

REV_WORDS = "stressed\ndrawer\nabc def\nlevel\n"
task("reverse_each_line", "easy", "test",
     "Reverse the characters of every line of words.txt (abc becomes cba) and write the lines, in the same order, into backwards.txt.",
     {"words.txt": REV_WORDS},
     [{"file": "backwards.txt", "lines": [l[::-1] for l in lines(REV_WORDS)]}],
     "rev words.txt > backwards.txt")

# ---------------------------------------------------------------- test, medium
FRUITS = "apple\nbanana\napple\ncherry\nbanana\napple\ndate\ncherry\napple\n"
_fruits = Counter(lines(FRUITS))
task("fruit_counts", "medium", "test",
     "fruits.txt has one fruit per line. Write counts.txt with one line per distinct fruit, as 'fruit: count' (e.g. 'date: 1'), sorted alphabetically by fruit.",
     {"fruits.txt": FRUITS},
     [{"file": "counts.txt", "lines": [f"{f}: {n}" for f, n in sorted(_fruits.items())]}],
     "sort fruits.txt | uniq -c | awk '{print $2 \": \" $1}' > counts.txt")

LIST8 = "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\n"
task("delete_line_range", "medium", "test",
     "Delete lines 3 to 5 (inclusive) of list.txt, editing the file in place.",
     {"list.txt": LIST8},
     [{"file": "list.txt", "lines": lines(LIST8)[:2] + lines(LIST8)[5:]}],
     "sed -i '3,5d' list.txt")

MEDIA = {"media/a.png": "p" * 1499 + "\n", "media/b.png": "p" * 199 + "\n", "media/sub/c.mp3": "m" * 2999 + "\n",
         "media/sub/d.txt": "t" * 999 + "\n", "media/e.wav": "w" * 1000 + "\n"}
task("files_over_1000_bytes", "medium", "test",
     "Write the paths of the files under media/ (subdirectories included) that are larger than 1000 bytes into big.txt, one per line, sorted, in the form media/sub/x.mp3.",
     MEDIA,
     [{"file": "big.txt", "lines": sorted(p for p, t in MEDIA.items() if len(t) > 1000)}],
     "find media -type f -size +1000c | sort > big.txt")

GRADES = "ann 91\nbo 67\ncy 78\ndee 85\neve 70\n"
task("average_grade", "medium", "test",
     "grades.txt has lines 'name score'. Write the average score into avg.txt, as a single number (two decimals are enough).",
     {"grades.txt": GRADES},
     [{"file": "avg.txt", "number": sum(int(l.split()[1]) for l in lines(GRADES)) / len(lines(GRADES)), "tol": 0.01}],
     "awk '{ s += $2; n++ } END { printf \"%.2f\\n\", s / n }' grades.txt > avg.txt")

JAN, FEB = "day,total\n1,10\n2,12\n", "day,total\n1,9\n2,14\n3,1\n"
task("gzip_each_csv", "medium", "test",
     "Compress each .csv file in exports/ separately with gzip (jan.csv becomes jan.csv.gz). No uncompressed .csv may remain, and readme.txt stays as it is.",
     {"exports/jan.csv": JAN, "exports/feb.csv": FEB, "exports/readme.txt": "monthly exports\n"},
     [{"gzip": "exports/jan.csv.gz", "text": JAN}, {"gzip": "exports/feb.csv.gz", "text": FEB}, {"absent": "exports/jan.csv"},
      {"absent": "exports/feb.csv"}, {"unchanged": "exports/readme.txt"}],
     "gzip exports/*.csv")

task("prefix_csv_names", "medium", "test",
     "Add the prefix 2024_ to the name of every .csv file in reports/ (q1.csv becomes 2024_q1.csv). Other files keep their names.",
     {"reports/q1.csv": "q,1\n", "reports/q2.csv": "q,2\n", "reports/notes.md": "# notes\n"},
     [{"file": "reports/2024_q1.csv", "exact": "q,1\n"}, {"file": "reports/2024_q2.csv", "exact": "q,2\n"}, {"absent": "reports/q1.csv"},
      {"absent": "reports/q2.csv"}, {"unchanged": "reports/notes.md"}],
     'cd reports && for f in *.csv; do mv "$f" "2024_$f"; done')

APP_CONF = "name=shop\nport=8080\nbackup_port=8080\nadmin_port=8081\ndebug=false\n"
task("set_port_in_config", "medium", "test",
     "In app.conf, change the port setting (the line port=8080) to 9090, editing the file in place. Every other line, backup_port included, must stay as it is.",
     {"app.conf": APP_CONF},
     [{"file": "app.conf", "lines": ["port=9090" if l == "port=8080" else l for l in lines(APP_CONF)]}],
     "sed -i 's/^port=.*/port=9090/' app.conf")

# ---------------------------------------------------------------- test, hard
_ips = ["192.168.1.10"] * 5 + ["10.1.1.1"] * 3 + ["172.16.0.5"] * 4 + ["10.9.9.9"] * 2 + ["8.8.8.8"]
_order = [0, 5, 8, 1, 12, 2, 6, 9, 13, 3, 7, 10, 14, 4, 11]  # interleave the requests
TOP_LOG = "".join(f'{_ips[k]} - - [11/Oct/2024:08:{j:02d}:00 +0000] "GET /p{j} HTTP/1.1" 200 {300 + j}\n' for j, k in enumerate(_order))
_top = Counter(_ips).most_common()
assert _top[2][1] > _top[3][1]
task("top_client_ips", "hard", "test",
     "access.log is a web server log whose first field is the client IP. Write the 3 IPs with the most requests into top_ips.txt as 'ip count' lines, the busiest first.",
     {"access.log": TOP_LOG},
     [{"file": "top_ips.txt", "lines": [f"{ip} {n}" for ip, n in _top[:3]]}],
     "awk '{print $1}' access.log | sort | uniq -c | sort -rn | head -n 3 | awk '{print $2, $1}' > top_ips.txt")

DATA_TAR = {"data/a.csv": "x,y\n1,2\n3,4\n", "data/b.csv": "x,y\n5,6\n7,8\n9,10\n", "data/notes.txt": "not\na\ncsv\nfile\n"}
task("untar_and_count_csv_lines", "hard", "test",
     "Unpack the uncompressed tar archive data.tar here, then write the total number of lines of all the .csv files it contains into lines.txt, as a single number.",
     {"data.tar": plain_tar(DATA_TAR)},
     [{"file": "data/a.csv", "exact": DATA_TAR["data/a.csv"]}, {"file": "data/b.csv", "exact": DATA_TAR["data/b.csv"]},
      {"file": "lines.txt", "number": sum(len(lines(t)) for p, t in DATA_TAR.items() if p.endswith(".csv"))}],
     "tar xf data.tar && cat $(tar tf data.tar | grep '\\.csv$') | wc -l > lines.txt")

TABLE = "id,list_price,name,price,qty\n1,10.00,pen,8.50,3\n2,25.00,mug,19.99,1\n3,5.00,clip,0.75,40\n4,60.00,lamp,45.10,2\n5,13.00,pad,12.01,7\n"
_pc = lines(TABLE)[0].split(",").index("price")
task("sum_column_by_header", "hard", "test",
     "table.csv has a header line. Find the column whose header is exactly price (its position is not fixed), add up its values, and write the sum into price_total.txt, as a single number.",
     {"table.csv": TABLE},
     [{"file": "price_total.txt", "number": round(sum(float(l.split(",")[_pc]) for l in lines(TABLE)[1:]), 2), "tol": 0.001}],
     "awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == \"price\") c = i; next } { s += $c } END { printf \"%.2f\\n\", s }' table.csv > price_total.txt")

OLD_PKGS, NEW_PKGS = "vim\ncurl\ngit\nnano\nwget\nhtop\n", "git\ncurl\nzsh\nhtop\njq\nvim\ntmux\n"
task("package_list_diff", "hard", "test",
     "old.txt and new.txt list package names, one per line, in no particular order. Write added.txt with the packages only in new.txt and removed.txt with those only in old.txt, each sorted alphabetically, one per line. Do not modify the input files.",
     {"old.txt": OLD_PKGS, "new.txt": NEW_PKGS},
     [{"file": "added.txt", "lines": sorted(set(lines(NEW_PKGS)) - set(lines(OLD_PKGS)))},
      {"file": "removed.txt", "lines": sorted(set(lines(OLD_PKGS)) - set(lines(NEW_PKGS)))},
      {"unchanged": "old.txt"}, {"unchanged": "new.txt"}],
     "comm -13 <(sort old.txt) <(sort new.txt) > added.txt && comm -23 <(sort old.txt) <(sort new.txt) > removed.txt")


if __name__ == "__main__":
    ids = [t["id"] for t in TASKS]
    assert len(ids) == len(set(ids)), [i for i in ids if ids.count(i) > 1]
    for t in TASKS: assert all(len(str(v).encode()) < 5000 for v in t["meta"]["setup"].values()), t["id"]
    OUT.write_text("".join(json.dumps(t) + "\n" for t in TASKS))
    by = Counter((t["meta"]["split"], t["meta"]["difficulty"]) for t in TASKS)
    print(f"wrote {len(TASKS)} tasks to {OUT}:", dict(sorted(by.items())))
