"""Extra training-only code tasks for rlkit (run: python data/build_code_more.py; writes data/code_more.jsonl).

Written after the bundled code splits (code_train / code_test / code_val from build_tasks.py), in the same format:
(difficulty, what the function does, reference solution, test inputs), turned into tasks by `build_tasks.code_tasks`,
which runs each reference to compute the expected values. These tasks are for training only. None of them does what a
test or val task does (nor a close variant of one), and none repeats a task of `CODE`; the checks below keep their
function names apart from every bundled task's."""
import json, sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_tasks import CODE, CODE_HELD_OUT, _signature, code_tasks, write  # noqa: E402

HERE = Path(__file__).resolve().parent

# (difficulty, what the function does, reference solution, test inputs)
CODE_MORE = [
    # ---- easy: numbers and conversions ----
    ("easy", "converts the temperature `f` from Fahrenheit to Celsius", r'''def fahrenheit_to_celsius(f):
    return (f - 32) * 5 / 9''', [(32,), (212,), (-40,), (98.6,)]),
    ("easy", "returns the miles corresponding to `km` kilometres (1 mile is 1.609344 km)", r'''def km_to_miles(km):
    return km / 1.609344''', [(1.609344,), (0,), (100,)]),
    ("easy", "returns the largest decimal digit of the non-negative integer `n`", r'''def largest_digit(n):
    return max(int(c) for c in str(n))''', [(4719,), (0,), (5,), (1000,)]),
    ("easy", "returns the product of the decimal digits of the non-negative integer `n` (so 0 gives 0)", r'''def product_of_digits(n):
    p = 1
    for c in str(n):
        p *= int(c)
    return p''', [(234,), (0,), (7,), (105,)]),
    ("easy", "returns `b` raised to the non-negative integer power `e` without using `**` or `pow` (1 when `e` is 0)", r'''def power(b, e):
    r = 1
    for _ in range(e):
        r *= b
    return r''', [(2, 10), (5, 0), (-3, 3), (1.5, 2)]),
    ("easy", "returns the profit from buying `qty` items at `cost` each and selling them at `price` each (negative for a loss)", r'''def profit(cost, price, qty):
    return (price - cost) * qty''', [(2, 5, 10), (4, 3, 2), (1, 1, 0)]),
    ("easy", "returns True if `age` is 18 or more, and False otherwise", r'''def is_adult(age):
    return age >= 18''', [(18,), (17,), (40,), (0,)]),
    ("easy", "returns the sum of the integers from `a` to `b`, both included (0 when `a` is greater than `b`)", r'''def range_sum(a, b):
    return sum(range(a, b + 1))''', [(1, 4), (-2, 2), (5, 3), (7, 7)]),
    ("easy", "returns the century of the positive year `y`: years 1 to 100 are century 1, 101 to 200 century 2, and so on", r'''def century(y):
    return (y + 99) // 100''', [(1900,), (1901,), (2024,), (1,)]),
    ("easy", "returns True if the positive integers `a` and `b` have no common divisor greater than 1, and False otherwise", r'''def are_coprime(a, b):
    import math
    return math.gcd(a, b) == 1''', [(8, 9), (12, 18), (1, 1), (7, 7)]),
    ("easy", "returns how many positive integers divide both of the positive integers `a` and `b`", r'''def common_factors(a, b):
    return sum(1 for d in range(1, min(a, b) + 1) if a % d == 0 and b % d == 0)''', [(12, 6), (25, 30), (1, 7), (36, 48)]),
    ("easy", "returns the smallest number of boxes holding `k` items each that are needed to pack `n` items (0 for 0 items)", r'''def boxes_needed(n, k):
    return -(-n // k)''', [(10, 3), (9, 3), (0, 5), (1, 10)]),
    ("easy", "returns the integer whose decimal digits are those of the non-negative integer `a` followed by those of the non-negative integer `b`, e.g. 12 and 345 give 12345", r'''def concat_numbers(a, b):
    return int(str(a) + str(b))''', [(12, 345), (0, 7), (5, 0), (10, 10)]),
    ("easy", "returns the age in dog years for `h` human years: 10.5 dog years for each of the first two human years and 4 for each year after that", r'''def dog_years(h):
    if h <= 2:
        return h * 10.5
    return 21 + (h - 2) * 4''', [(1,), (2,), (5,), (0,)]),
    ("easy", "returns the kinetic energy `m * v ** 2 / 2` of a body of mass `m` moving at speed `v`", r'''def kinetic_energy(m, v):
    return m * v ** 2 / 2''', [(2, 3), (0, 5), (1, -4)]),
    ("easy", "converts the angle `d` from degrees to radians (use `math.pi`)", r'''def degrees_to_radians(d):
    import math
    return d * math.pi / 180''', [(180,), (0,), (90,), (-45,)]),
    ("easy", "returns the sum `1 + 1/2 + 1/3 + ... + 1/n` for the non-negative integer `n` (0 when `n` is 0)", r'''def harmonic(n):
    return sum(1 / k for k in range(1, n + 1))''', [(1,), (4,), (0,), (10,)]),
    ("easy", "returns True if the square of the non-negative integer `n` ends with the digits of `n` (e.g. 25 * 25 = 625), and False otherwise", r'''def is_automorphic(n):
    return str(n * n).endswith(str(n))''', [(25,), (7,), (76,), (0,), (10,)]),
    ("easy", "returns the number of ways two six-sided dice, each showing 1 to 6, can show a total of `s` (counting the two dice as different)", r'''def dice_ways(s):
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + b == s)''', [(7,), (2,), (12,), (1,), (10,)]),
    ("easy", "returns True if bit `i` (counting from 0 for the least significant bit) of the non-negative integer `n` is 1, and False otherwise", r'''def is_bit_set(n, i):
    return (n >> i) & 1 == 1''', [(5, 0), (5, 1), (8, 3), (0, 4)]),
    ("easy", "returns the largest number obtainable from the positive integer `n`, whose digits are all 6 or 9, by changing at most one digit (a 6 into a 9 or a 9 into a 6)", r'''def max_69(n):
    return int(str(n).replace('6', '9', 1))''', [(9669,), (9999,), (6,), (696,)]),
    ("easy", "returns the pay for working `hours` hours at the hourly rate `rate`, where each hour beyond 40 is paid one and a half times `rate`", r'''def weekly_pay(hours, rate):
    if hours <= 40:
        return hours * rate
    return 40 * rate + (hours - 40) * rate * 1.5''', [(40, 10), (45, 10), (0, 15), (50, 20)]),
    ("easy", "returns the day number (0 to 6) of the week day that comes `n` days after the day number `day` (0 to 6), going round the week; `n` may be 0 or negative", r'''def weekday_after(day, n):
    return (day + n) % 7''', [(5, 3), (0, 0), (2, -3), (6, 15)]),
    ("easy", "returns the total cost of the list `items` of `[price, quantity]` pairs: the sum of price times quantity (0 for an empty list)", r'''def total_cost(items):
    return sum(p * q for p, q in items)''', [([[2, 3], [1.5, 2]],), ([],), ([[10, 0], [4, 1]],)]),
    # ---- easy: booleans and small lookups ----
    ("easy", "returns how many of the booleans in the list `bs` are True", r'''def count_true(bs):
    return sum(1 for b in bs if b)''', [([True, False, True],), ([],), ([False],)]),
    ("easy", "returns a new list with each boolean of the list `bs` negated", r'''def invert_bools(bs):
    return [not b for b in bs]''', [([True, False],), ([],), ([False, False, True],)]),
    ("easy", "returns the logical implication of the booleans `a` and `b`: False only when `a` is True and `b` is False, True otherwise", r'''def implies(a, b):
    return (not a) or b''', [(True, True), (True, False), (False, True), (False, False)]),
    ("easy", "returns True if the English day name `day` (capitalised, e.g. 'Monday') is 'Saturday' or 'Sunday', and False otherwise", r'''def is_weekend(day):
    return day in ('Saturday', 'Sunday')''', [("Saturday",), ("Monday",), ("Sunday",)]),
    ("easy", "returns the English name of the week day with number `n` from 0 to 6, where 0 is 'Monday' and 6 is 'Sunday'", r'''def weekday_name(n):
    return ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'][n]''', [(0,), (6,), (3,)]),
    ("easy", "returns the season of month number `m` (1-12) in the northern hemisphere: 'winter' for 12, 1 and 2, 'spring' for 3 to 5, 'summer' for 6 to 8 and 'autumn' for 9 to 11", r'''def season(m):
    if m in (12, 1, 2):
        return 'winter'
    if m <= 5:
        return 'spring'
    if m <= 8:
        return 'summer'
    return 'autumn'
''', [(1,), (12,), (4,), (8,), (11,)]),
    ("easy", "returns 'letter' if the single character `c` is a letter, 'digit' if it is a digit, 'space' if it is whitespace, and 'other' otherwise", r'''def char_kind(c):
    if c.isalpha():
        return 'letter'
    if c.isdigit():
        return 'digit'
    if c.isspace():
        return 'space'
    return 'other'
''', [("a",), ("7",), (" ",), ("?",), ("Q",)]),
    ("easy", "returns the quadrant of the point (`x`, `y`): 1 when both coordinates are positive, 2 when `x` is negative and `y` positive, 3 when both are negative, 4 when `x` is positive and `y` negative, and 0 when the point lies on an axis", r'''def quadrant(x, y):
    if x == 0 or y == 0:
        return 0
    if x > 0:
        return 1 if y > 0 else 4
    return 2 if y > 0 else 3''', [(3, 4), (-1, 2), (-5, -5), (2, -3), (0, 7)]),
    ("easy", "returns the winner of a rock-paper-scissors round in which player 1 plays `a` and player 2 plays `b` (each 'rock', 'paper' or 'scissors'): 1 or 2 for the winning player, or 0 for a draw; rock beats scissors, scissors beats paper and paper beats rock", r'''def rps_winner(a, b):
    if a == b:
        return 0
    beats = {'rock': 'scissors', 'scissors': 'paper', 'paper': 'rock'}
    return 1 if beats[a] == b else 2''', [("rock", "scissors"), ("rock", "paper"), ("paper", "paper"), ("scissors", "paper")]),
    ("easy", "returns the colour, 'black' or 'white', of the chessboard square `sq`, given as a file letter 'a'-'h' followed by a rank digit '1'-'8', where 'a1' is black and colours alternate along files and ranks", r'''def chess_square_color(sq):
    return 'black' if (ord(sq[0]) - ord('a') + int(sq[1]) - 1) % 2 == 0 else 'white'
''', [("a1",), ("h1",), ("e4",), ("d4",), ("a8",)]),
    ("easy", "returns the value of a resistor from its first two colour bands `colors`, a list of two of 'black', 'brown', 'red', 'orange', 'yellow', 'green', 'blue', 'violet', 'grey', 'white' (the digits 0 to 9 in that order): ten times the first band's digit plus the second band's digit", r'''def resistor_value(colors):
    order = ['black', 'brown', 'red', 'orange', 'yellow', 'green', 'blue', 'violet', 'grey', 'white']
    return 10 * order.index(colors[0]) + order.index(colors[1])''', [(["brown", "black"],), (["blue", "grey"],), (["black", "white"],)]),
    ("easy", "returns the RNA complement of the DNA strand `dna`: each 'G' becomes 'C', each 'C' becomes 'G', each 'T' becomes 'A' and each 'A' becomes 'U'", r'''def dna_to_rna(dna):
    return ''.join({'G': 'C', 'C': 'G', 'T': 'A', 'A': 'U'}[c] for c in dna)''', [("GCTA",), ("",), ("AAT",)]),
    # ---- easy: strings ----
    ("easy", "returns True if the string `s` ends with the string `suffix`, and False otherwise", r'''def ends_with(s, suffix):
    return s.endswith(suffix)''', [("hello", "lo"), ("hello", "he"), ("abc", ""), ("", "a")]),
    ("easy", "returns the string `s` with every occurrence of the character `c` removed", r'''def remove_char(s, c):
    return s.replace(c, '')''', [("banana", "a"), ("", "x"), ("abc", "d")]),
    ("easy", "returns True if the string `s` contains at least one letter and all its letters are upper case, and False otherwise", r'''def is_shouting(s):
    return any(c.isalpha() for c in s) and not any(c.islower() for c in s)''', [("HELLO!",), ("Hello",), ("123",), ("",), ("OK 2",)]),
    ("easy", "returns the last word of the string `s` (words are separated by whitespace), or '' if it has no words", r'''def last_word(s):
    words = s.split()
    return words[-1] if words else ''
''', [("hello big world",), ("",), ("  one  ",)]),
    ("easy", "returns the string `s` without the characters '.', ',', '!', '?', ';' and ':'", r'''def remove_punctuation(s):
    return ''.join(c for c in s if c not in '.,!?;:')''', [("Hi, there! How?",), ("",), ("a.b:c;d",)]),
    ("easy", "returns the number of lines in the string `s`: the number of '\\n' characters plus one, or 0 for the empty string", r'''def count_lines(s):
    return s.count('\n') + 1 if s else 0''', [("a\nb\nc",), ("",), ("one",), ("x\n",)]),
    ("easy", "returns the part of the email address `email` after the '@' (which it contains exactly once)", r'''def email_domain(email):
    return email.split('@')[1]''', [("ana@example.com",), ("x@y",), ("first.last@mail.co.uk",)]),
    ("easy", "returns the extension of the file name `name`: the part after its last '.', or '' if it has no '.'", r'''def file_extension(name):
    return name.rsplit('.', 1)[1] if '.' in name else ''
''', [("report.pdf",), ("archive.tar.gz",), ("README",), ("file.",)]),
    ("easy", "returns the last component of the '/'-separated path `path`: the part after its last '/', or the whole string if it has no '/'", r'''def basename(path):
    return path.rsplit('/', 1)[-1]''', [("/usr/bin/python",), ("file.txt",), ("dir/",)]),
    ("easy", "returns True if the string `s`, ignoring trailing whitespace, ends with '?', and False otherwise", r'''def is_question(s):
    return s.rstrip().endswith('?')''', [("How are you?",), ("Fine.",), ("Really?  ",), ("",)]),
    ("easy", "returns the string `s` with each character doubled, e.g. 'abc' gives 'aabbcc'", r'''def double_letters(s):
    return ''.join(c * 2 for c in s)''', [("abc",), ("",), ("a b",)]),
    ("easy", "returns a list with the two halves of the string `s`; when its length is odd the second half gets the extra character, e.g. 'abcde' gives ['ab', 'cde']", r'''def halves(s):
    k = len(s) // 2
    return [s[:k], s[k:]]''', [("abcd",), ("abcde",), ("",), ("a",)]),
    ("easy", "returns the string `s` with the string `t` inserted before the character at index `i`, where 0 <= `i` <= `len(s)` (an `i` equal to `len(s)` appends `t`)", r'''def insert_at(s, i, t):
    return s[:i] + t + s[i:]''', [("helo", 3, "l"), ("abc", 0, "x"), ("abc", 3, "!"), ("", 0, "a")]),
    ("easy", "returns the middle character of the non-empty string `s` when its length is odd, and its middle two characters when its length is even", r'''def middle_chars(s):
    k = len(s) // 2
    return s[k] if len(s) % 2 else s[k - 1:k + 1]''', [("abc",), ("abcd",), ("a",), ("ab",)]),
    ("easy", "returns the string `s` followed by '\\n' and a line of as many '-' characters as `s` has characters", r'''def underline(s):
    return s + '\n' + '-' * len(s)''', [("Title",), ("",), ("a b",)]),
    ("easy", "returns the string `s` without the string `p` at its start if `s` starts with `p`, and `s` unchanged otherwise", r'''def remove_prefix(s, p):
    return s[len(p):] if s.startswith(p) else s''', [("unhappy", "un"), ("happy", "un"), ("abc", ""), ("ab", "abc")]),
    ("easy", "returns the string `s` with the string `suf` added at its end, unless `s` already ends with `suf`", r'''def ensure_suffix(s, suf):
    return s if s.endswith(suf) else s + suf''', [("report", ".pdf"), ("report.pdf", ".pdf"), ("", ".x")]),
    ("easy", "returns the name `full`, a first name and a surname separated by one space, as the first name's initial, '. ' and the surname, e.g. 'Ada Lovelace' gives 'A. Lovelace'", r'''def initial_and_surname(full):
    first, last = full.split(' ')
    return first[0] + '. ' + last''', [("Ada Lovelace",), ("Alan Turing",), ("X Y",)]),
    ("easy", "returns the string `d` of exactly 10 digits formatted as a phone number '(ddd) ddd-dddd', e.g. '5551234567' gives '(555) 123-4567'", r'''def phone_format(d):
    return '(' + d[:3] + ') ' + d[3:6] + '-' + d[6:]''', [("5551234567",), ("0000000000",), ("1234567890",)]),
    ("easy", "returns the count `n` and the noun `word` as a phrase: '1 ' followed by `word` when `n` is 1, and otherwise `n`, a space and `word` with 's' added, e.g. '0 cats' or '3 cats'", r'''def plural(n, word):
    return f'{n} {word}' if n == 1 else f'{n} {word}s'
''', [(1, "apple"), (0, "cat"), (3, "dog")]),
    ("easy", "returns the number `x` as a string with exactly `d` digits after the decimal point (no decimal point when `d` is 0), rounded, e.g. 3.14159 and 2 give '3.14'", r'''def fixed_decimals(x, d):
    return f'{x:.{d}f}'
''', [(3.14159, 2), (2, 3), (7, 0), (-1.5, 1)]),
    ("easy", "returns the list of the hashtags in the string `s`: the words (split on whitespace) that start with '#' and have at least one more character, without their '#', in order", r'''def extract_hashtags(s):
    return [w[1:] for w in s.split() if w.startswith('#') and len(w) > 1]''', [("I love #python and #code",), ("",), ("# #a b#c",)]),
    ("easy", "returns the longer of the strings `a` and `b`, or `a` if they have the same length", r'''def longer_string(a, b):
    return b if len(b) > len(a) else a''', [("hi", "hello"), ("abc", "xyz"), ("", "a")]),
    ("easy", "returns the string of length `n` made by repeating the non-empty string `s` as often as needed and cutting the result, e.g. 'abc' and 7 give 'abcabca'", r'''def cycle_to_length(s, n):
    return (s * (n // len(s) + 1))[:n]''', [("abc", 7), ("ab", 0), ("x", 3), ("abcd", 2)]),
    ("easy", "returns the strings of the list `lines`, each preceded by its line number, counting from 1, and ': ', e.g. ['a', 'b'] gives ['1: a', '2: b']", r'''def number_lines(lines):
    return [f'{i}: {line}' for i, line in enumerate(lines, 1)]''', [(["a", "b"],), ([],), (["x", "", "y"],)]),
    ("easy", "returns the string `s` with `n` spaces added at the start of each of its lines (lines are separated by '\\n'); the empty string stays empty", r'''def indent(s, n):
    if not s:
        return ''
    return '\n'.join(' ' * n + line for line in s.split('\n'))''', [("a\nb", 2), ("x", 1), ("", 3), ("one\n two", 1)]),
    ("easy", "returns the string `line` cut just before its first '#' character, with trailing whitespace removed (the whole line, without trailing whitespace, if it has no '#')", r'''def strip_comment(line):
    return line.split('#', 1)[0].rstrip()''', [("x = 1  # set x",), ("# only comment",), ("no comment  ",), ("",)]),
    ("easy", "returns the string `s` with each '&' replaced by '&amp;', each '<' by '&lt;' and each '>' by '&gt;'", r'''def html_escape(s):
    return s.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;')''', [("a < b && c > d",), ("plain",), ("",)]),
    ("easy", "returns True if `w` is one of the words of the string `s` (split on whitespace), and False otherwise", r'''def has_word(s, w):
    return w in s.split()''', [("the cat sat", "cat"), ("concatenate", "cat"), ("", "a")]),
    ("easy", "returns the colour with red, green and blue components `r`, `g` and `b` (each 0-255) as a string '#rrggbb' of lower-case hexadecimal digits, two per component, e.g. 255, 0 and 128 give '#ff0080'", r'''def rgb_to_hex(r, g, b):
    return '#%02x%02x%02x' % (r, g, b)''', [(255, 0, 128), (0, 0, 0), (17, 34, 51)]),
    ("easy", "returns the integer value of the string `s` of hexadecimal digits (0-9 and a-f in either case)", r'''def hex_to_int(s):
    return int(s, 16)''', [("ff",), ("0",), ("1A",), ("10",)]),
    ("easy", "returns True if the list of strings `a` and the list of strings `b` give the same string when each list's strings are concatenated in order, and False otherwise", r'''def same_joined(a, b):
    return ''.join(a) == ''.join(b)''', [(["ab", "c"], ["a", "bc"]), (["a", "cb"], ["ab", "c"]), ([], [""])]),
    ("easy", "returns how many strings in the list `words` are prefixes of the string `s` (a string is a prefix of itself, and each element of `words` counts, even if repeated)", r'''def count_prefixes(words, s):
    return sum(1 for w in words if s.startswith(w))''', [(["a", "b", "ab", "abc", "ab"], "abc"), ([], "x"), (["", "x"], "y")]),
    ("easy", "returns how many strings in the list `words` consist only of characters that occur in the string `allowed` (the empty string counts)", r'''def count_consistent(allowed, words):
    return sum(1 for w in words if all(c in allowed for c in w))''', [("ab", ["ad", "bd", "aaab", "baa", "badab"]), ("abc", []), ("a", ["", "b"])]),
    # ---- easy: lists ----
    ("easy", "returns a new list with all the elements of the list `xs` except the last one (an empty list stays empty)", r'''def without_last(xs):
    return xs[:-1]''', [([1, 2, 3],), ([1],), ([],)]),
    ("easy", "returns a list with the first and the last element of the non-empty list `xs` (the same element twice for a list of one)", r'''def first_and_last(xs):
    return [xs[0], xs[-1]]''', [([1, 2, 3],), (["a"],), ([4, 5],)]),
    ("easy", "returns the list whose `i`-th element is the larger of `xs[i]` and `ys[i]`, for the lists of numbers `xs` and `ys`, which have the same length", r'''def elementwise_max(xs, ys):
    return [max(a, b) for a, b in zip(xs, ys)]''', [([1, 5, 3], [4, 2, 3]), ([], []), ([-1], [-2])]),
    ("easy", "returns the words of the list `words` that start with the string `p`, in order", r'''def starting_with(words, p):
    return [w for w in words if w.startswith(p)]''', [(["apple", "banana", "avocado"], "a"), ([], "x"), (["cat", "car"], "")]),
    ("easy", "returns a new list in which each element of `xs` appears `n` times in a row, in order, e.g. [1, 2] and 2 give [1, 1, 2, 2]", r'''def repeat_each(xs, n):
    return [x for x in xs for _ in range(n)]''', [([1, 2], 2), ([], 3), (["a", "b"], 0), ([7], 1)]),
    ("easy", "returns the longest of the lists in the non-empty list of lists `xss` (the first one if several are equally long)", r'''def longest_list(xss):
    best = xss[0]
    for xs in xss:
        if len(xs) > len(best):
            best = xs
    return best''', [([[1], [1, 2], [3, 4]],), ([[]],), ([[1, 2], [3]],)]),
    ("easy", "returns the shortest word in the string `s` (split on whitespace; the first one if several are equally short), or '' if there are no words", r'''def shortest_word(s):
    words = s.split()
    if not words:
        return ''
    best = words[0]
    for w in words:
        if len(w) < len(best):
            best = w
    return best''', [("the quick brown fox",), ("",), ("ab cd e",)]),
    ("easy", "returns the strings of the list `strs` that are not empty, in order", r'''def remove_empty(strs):
    return [s for s in strs if s != '']''', [(["a", "", "b", ""],), ([],), ([""],)]),
    ("easy", "returns `xs[0] - xs[1] + xs[2] - xs[3] + ...` for the list of numbers `xs` (0 for an empty list)", r'''def alternate_sum(xs):
    return sum(x if i % 2 == 0 else -x for i, x in enumerate(xs))''', [([1, 2, 3, 4],), ([],), ([5],), ([10, 3, 2],)]),
    ("easy", "returns a new list equal to `xs` without the element at index `i`, where 0 <= `i` < `len(xs)`", r'''def remove_at(xs, i):
    return xs[:i] + xs[i + 1:]''', [([1, 2, 3], 1), (["a"], 0), ([4, 5, 6], 2)]),
    ("easy", "returns how many positions `i` of the list `xs` hold the value `i` itself (counting positions from 0)", r'''def fixed_points(xs):
    return sum(1 for i, x in enumerate(xs) if x == i)''', [([0, 2, 2, 5],), ([],), ([1, 0],)]),
    ("easy", "returns a list of two lists: the elements of `xs` before index `i` and the elements from index `i` on, where 0 <= `i` <= `len(xs)`", r'''def split_at(xs, i):
    return [xs[:i], xs[i:]]''', [([1, 2, 3, 4], 1), ([], 0), ([1, 2], 2)]),
    ("easy", "returns a new list equal to `xs` without the first occurrence of `x` (unchanged if `x` does not occur)", r'''def remove_first(xs, x):
    out = list(xs)
    if x in out:
        out.remove(x)
    return out''', [([1, 2, 1], 1), ([1, 2], 3), ([], 0)]),
    ("easy", "returns the list of all pairs `[x, y]` with `x` from the list `xs` and `y` from the list `ys`, ordered by the position of `x` and then by the position of `y`", r'''def cartesian(xs, ys):
    return [[x, y] for x in xs for y in ys]''', [([1, 2], ["a", "b"]), ([], [1]), ([0], [5])]),
    ("easy", "returns the elements of the list `xs` whose position holds True in the list of booleans `mask`, which has the same length, in order", r'''def select(xs, mask):
    return [x for x, m in zip(xs, mask) if m]''', [([1, 2, 3], [True, False, True]), ([], []), (["a"], [False])]),
    ("easy", "returns the `n`-th element of the list `xs` counting from its end, where `n` = 1 means the last element (1 <= `n` <= `len(xs)`)", r'''def nth_from_end(xs, n):
    return xs[-n]''', [([1, 2, 3], 1), ([1, 2, 3], 3), (["a", "b"], 2)]),
    ("easy", "returns a list with 'pass' for each number of the list `scores` that is at least `t` and 'fail' for each other number, in order", r'''def pass_fail(scores, t):
    return ['pass' if s >= t else 'fail' for s in scores]''', [([50, 70, 65], 65), ([], 50), ([0], 0)]),
    ("easy", "returns a list of booleans telling, for each number of candies in the list `candies`, whether that child would have at least as many candies as every other child (the largest number in `candies`) after getting `extra` more", r'''def kids_with_candies(candies, extra):
    m = max(candies)
    return [c + extra >= m for c in candies]''', [([2, 3, 5, 1, 3], 3), ([4, 2, 1], 1), ([1], 0)]),
    ("easy", "returns the list whose `i`-th element is `xs[idx[i]]`, for the list `xs` and the list `idx` of valid indices of `xs`", r'''def permute_by(xs, idx):
    return [xs[i] for i in idx]''', [([10, 20, 30], [2, 0, 1]), ([1, 2], []), (["a", "b"], [1, 1, 0])]),
    ("easy", "returns the number of pairs of positions `i < j` of the list `xs` with `xs[i] == xs[j]`", r'''def equal_pairs(xs):
    return sum(1 for i in range(len(xs)) for j in range(i + 1, len(xs)) if xs[i] == xs[j])''', [([1, 2, 3, 1, 1, 3],), ([],), ([1, 1, 1, 1],)]),
    ("easy", "returns the number of positions at which the list of numbers `xs` differs from `xs` sorted in ascending order", r'''def height_checker(xs):
    return sum(1 for a, b in zip(xs, sorted(xs)) if a != b)''', [([1, 1, 4, 2, 1, 3],), ([],), ([5, 1, 2, 3, 4],)]),
    ("easy", "returns the tuple of two elements `t` with its two elements swapped, as a tuple", r'''def swap_tuple(t):
    return (t[1], t[0])''', [((1, 2),), (("a", "b"),), ((0, 0),)]),
    ("easy", "returns the point `p`, a tuple `(x, y)`, moved by `dx` along x and by `dy` along y, as a tuple", r'''def translate(p, dx, dy):
    return (p[0] + dx, p[1] + dy)''', [((1, 2), 3, -1), ((0, 0), 0, 0), ((-5, 5), 5, -5)]),
    ("easy", "returns the midpoint of the segment from the point (`x1`, `y1`) to the point (`x2`, `y2`) as a list `[x, y]`", r'''def midpoint(x1, y1, x2, y2):
    return [(x1 + x2) / 2, (y1 + y2) / 2]''', [(0, 0, 2, 4), (1, 1, 1, 1), (-1, 3, 2, -4)]),
    ("easy", "returns the slope of the line through the points (`x1`, `y1`) and (`x2`, `y2`), where `x1` differs from `x2`", r'''def slope(x1, y1, x2, y2):
    return (y2 - y1) / (x2 - x1)''', [(0, 0, 2, 4), (1, 5, 3, 5), (0, 0, 3, -1)]),
    # ---- easy: dictionaries, records and grids ----
    ("easy", "returns the sum of the values of the dictionary `d` (0 for an empty dictionary)", r'''def total_value(d):
    return sum(d.values())''', [({"a": 1, "b": 2},), ({},), ({"x": -5, "y": 5, "z": 3},)]),
    ("easy", "returns True if every element of the list `keys` is a key of the dictionary `d` (True for an empty list), and False otherwise", r'''def has_all_keys(d, keys):
    return all(k in d for k in keys)''', [({"a": 1, "b": 2}, ["a", "b"]), ({"a": 1}, ["a", "c"]), ({}, [])]),
    ("easy", "returns a dictionary mapping each element of the list `keys` (all distinct) to the element at the same position of the list `values`, which has the same length", r'''def zip_dict(keys, values):
    return dict(zip(keys, values))''', [(["a", "b"], [1, 2]), ([], []), (["x"], [None])]),
    ("easy", "returns a new dictionary equal to the dictionary of counts `d` but with the count for `key` increased by 1 (set to 1 if `key` is missing), leaving `d` unchanged", r'''def increment(d, key):
    out = dict(d)
    out[key] = out.get(key, 0) + 1
    return out''', [({"a": 1}, "a"), ({}, "x"), ({"a": 1}, "b")]),
    ("easy", "returns a new dictionary with the entries of the dictionaries `a` and `b`; where both have a key, the value from `b` is kept", r'''def merge_override(a, b):
    out = dict(a)
    out.update(b)
    return out''', [({"a": 1, "b": 2}, {"b": 3, "c": 4}), ({}, {}), ({"x": 1}, {})]),
    ("easy", "returns the total number of elements in all the lists that are the values of the dictionary `d`", r'''def total_items(d):
    return sum(len(v) for v in d.values())''', [({"a": [1, 2], "b": [3]},), ({},), ({"x": []},)]),
    ("easy", "returns the list of the values stored under `key` in the dictionaries of the list `records`, in order (every dictionary has that key)", r'''def pluck(records, key):
    return [r[key] for r in records]''', [([{"a": 1, "b": 2}, {"a": 3}], "a"), ([], "x"), ([{"n": "x"}], "n")]),
    ("easy", "returns the dictionaries of the list `records` whose value for `key` equals `value`, in order (dictionaries without `key` are left out)", r'''def where(records, key, value):
    return [r for r in records if key in r and r[key] == value]''', [([{"c": "red", "n": 1}, {"c": "blue", "n": 2}, {"n": 3}], "c", "red"), ([], "c", 1), ([{"a": 1}], "b", None)]),
    ("easy", "returns the largest number in the grid `g`, a non-empty list of non-empty rows of numbers", r'''def grid_max(g):
    return max(max(row) for row in g)''', [([[1, 5], [3, 2]],), ([[-1]],), ([[0, -2, 7], [7, 1, 1]],)]),
    ("easy", "returns how many times the value `v` occurs in the grid `g`, a list of rows", r'''def grid_count(g, v):
    return sum(row.count(v) for row in g)''', [([[1, 0], [0, 0]], 0), ([], 1), ([["a", "b"], ["b"]], "c")]),
    ("easy", "returns the list of the elements on the anti-diagonal of the square matrix `m` (a list of rows), from the top-right corner to the bottom-left corner", r'''def anti_diagonal(m):
    n = len(m)
    return [m[i][n - 1 - i] for i in range(n)]''', [([[1, 2], [3, 4]],), ([[5]],), ([[1, 2, 3], [4, 5, 6], [7, 8, 9]],), ([],)]),
    ("easy", "returns the list `[rows, columns]` giving the number of rows and the number of columns of the rectangular matrix `m`, a list of rows (`[0, 0]` for an empty list)", r'''def matrix_shape(m):
    return [len(m), len(m[0]) if m else 0]''', [([[1, 2, 3], [4, 5, 6]],), ([],), ([[1]],), ([[1], [2]],)]),
    ("easy", "returns True if the list of rows `m` has as many rows as each of its rows has elements, and False otherwise (True for an empty list)", r'''def is_square_matrix(m):
    return all(len(row) == len(m) for row in m)''', [([[1, 2], [3, 4]],), ([[1, 2, 3], [4, 5, 6]],), ([],), ([[1], [2, 3]],)]),
    # ---- easy: more small lookups and helpers ----
    ("easy", "returns True if every key of the dictionary `a` is also a key of the dictionary `b` with the same value, and False otherwise (True when `a` is empty)", r'''def is_subdict(a, b):
    return all(k in b and b[k] == v for k, v in a.items())''', [({"x": 1}, {"x": 1, "y": 2}), ({"x": 1}, {"x": 2}), ({}, {}), ({"z": None}, {})]),
    ("easy", "returns the four corner elements of the non-empty rectangular matrix `m` (a list of rows) as a list `[top_left, top_right, bottom_left, bottom_right]`", r'''def corners(m):
    return [m[0][0], m[0][-1], m[-1][0], m[-1][-1]]''', [([[1, 2, 3], [4, 5, 6]],), ([[7]],), ([[1, 2], [3, 4], [5, 6]],)]),
    ("easy", "returns the word `w` (at least two letters) stuttered: its first two letters followed by '... ', twice, then `w` and '?', e.g. 'incredible' gives 'in... in... incredible?'", r'''def stutter(w):
    return (w[:2] + '... ') * 2 + w + '?'
''', [("incredible",), ("go",), ("Hello",)]),
    ("easy", "returns the sum of the two smallest numbers of the list `xs`, which has at least two elements", r'''def sum_two_smallest(xs):
    s = sorted(xs)
    return s[0] + s[1]''', [([19, 5, 42, 2, 77],), ([1, 1],), ([-3, 4, -8],)]),
    ("easy", "returns True if the string `s`, ignoring case and leading or trailing whitespace, is 'true', 'yes', 'on' or '1', and False otherwise", r'''def parse_bool(s):
    return s.strip().lower() in ('true', 'yes', 'on', '1')''', [("True",), (" yes ",), ("0",), ("",), ("ON",)]),
    ("easy", "returns the string of the lower-case letters from the letter `a` to the letter `b`, both included, in alphabetical order ('' if `b` comes before `a`)", r'''def letter_range(a, b):
    return ''.join(chr(i) for i in range(ord(a), ord(b) + 1))''', [("a", "e"), ("x", "x"), ("d", "b")]),
    ("easy", "returns the element that comes after the first occurrence of `x` in the list `xs`, going back to the first element after the last one (`x` occurs in `xs`)", r'''def next_in_cycle(xs, x):
    return xs[(xs.index(x) + 1) % len(xs)]''', [(["red", "green", "blue"], "green"), (["red", "green", "blue"], "blue"), ([7], 7)]),
    ("easy", "returns the compass direction ('N', 'E', 'S' or 'W') faced after starting to face `d` and turning right by 90 degrees `n` times (`n` >= 0)", r'''def turn_right(d, n):
    order = 'NESW'
    return order[(order.index(d) + n) % 4]''', [("N", 1), ("W", 1), ("S", 0), ("E", 6)]),
    ("easy", "returns the result of applying the operator `op` ('+', '-', '*' or '/') to the numbers `a` and `b`, or None for a division by zero", r'''def calculate(a, op, b):
    if op == '+':
        return a + b
    if op == '-':
        return a - b
    if op == '*':
        return a * b
    return a / b if b != 0 else None''', [(2, "+", 3), (2, "-", 5), (4, "*", 2.5), (7, "/", 2), (1, "/", 0)]),
    ("easy", "returns the traffic light colour that follows `c`: 'green' is followed by 'yellow', 'yellow' by 'red' and 'red' by 'green'", r'''def next_light(c):
    return {'green': 'yellow', 'yellow': 'red', 'red': 'green'}[c]''', [("green",), ("yellow",), ("red",)]),
    ("easy", "returns the middle one of the three numbers `a`, `b` and `c` in sorted order (the median of the three)", r'''def middle_of_three(a, b, c):
    return sorted([a, b, c])[1]''', [(1, 2, 3), (9, 4, 6), (5, 5, 1), (-1, -3, -2)]),
    ("easy", "returns True if a box with the three side lengths in the list `item` fits inside a box with the three side lengths in the list `box`, turned so that the sides line up, each side of `item` no longer than the side of `box` it is matched with, and False otherwise", r'''def fits_in_box(box, item):
    return all(i <= b for i, b in zip(sorted(item), sorted(box)))''', [([3, 4, 5], [5, 3, 4]), ([1, 2, 3], [1, 1, 4]), ([10, 1, 1], [1, 9, 1])]),
    ("easy", "returns the string of '1' and '0' characters for the list of booleans `bs`, '1' for True and '0' for False, in order", r'''def bits_string(bs):
    return ''.join('1' if b else '0' for b in bs)''', [([True, False, True],), ([],), ([False],)]),
    ("easy", "returns how many space characters the string `s` starts with", r'''def leading_spaces(s):
    return len(s) - len(s.lstrip(' '))''', [("   x",), ("x  ",), ("",), ("    ",)]),
    ("easy", "returns a new dictionary with the same keys as the dictionary `d` and each value multiplied by `k`", r'''def scale_values(d, k):
    return {key: v * k for key, v in d.items()}''', [({"a": 1, "b": 2}, 3), ({}, 5), ({"x": 1.5}, 2)]),
    ("easy", "returns the host part of the URL `url`, which contains '://': the text after '://' up to the next '/', or up to the end if there is no further '/'", r'''def url_host(url):
    return url.split('://', 1)[1].split('/', 1)[0]''', [("https://www.example.com/path/x",), ("http://localhost",), ("ftp://a.b/",)]),
    ("easy", "returns the value in cents of `q` quarters (25 cents each), `d` dimes (10 cents), `n` nickels (5 cents) and `p` pennies (1 cent)", r'''def coin_total(q, d, n, p):
    return 25 * q + 10 * d + 5 * n + p''', [(1, 2, 3, 4), (0, 0, 0, 0), (4, 0, 0, 0)]),
    ("easy", "returns 1 if buying `q1` items for the total price `p1` costs less per item than buying `q2` items for the total price `p2`, 2 if it costs more per item, and 0 if the price per item is the same", r'''def better_deal(p1, q1, p2, q2):
    a, b = p1 * q2, p2 * q1
    return 1 if a < b else 2 if a > b else 0''', [(10, 4, 6, 2), (5, 1, 8, 2), (6, 3, 4, 2)]),
    ("easy", "returns the change to give back when `paid` is handed over for something costing `price`, or None if `paid` is less than `price`", r'''def change_due(price, paid):
    return paid - price if paid >= price else None''', [(7, 10), (5, 5), (9, 5), (2.5, 5)]),
    ("easy", "returns the league points of a team with `w` wins, `d` draws and `l` losses, where a win gives 3 points, a draw 1 and a loss 0", r'''def league_points(w, d, l):
    return 3 * w + d''', [(3, 2, 1), (0, 0, 5), (1, 0, 0)]),
    ("easy", "returns the string made of the last character of each word of `s` (split on whitespace), in order", r'''def word_endings(s):
    return ''.join(w[-1] for w in s.split())''', [("hello big world",), ("",), ("a bc",)]),
    ("easy", "returns a new list of new dictionaries, one for each dictionary of the list `records`, equal to it but with `key` set to `value`, leaving `records` unchanged", r'''def with_field(records, key, value):
    return [{**r, key: value} for r in records]''', [([{"a": 1}, {"a": 2, "b": 0}], "b", 9), ([], "x", 1), ([{"k": 1}], "k", 2)]),
    ("easy", "returns the size in degrees of each interior angle of a regular polygon with `n` sides (`n` >= 3)", r'''def interior_angle(n):
    return (n - 2) * 180 / n''', [(3,), (4,), (6,), (5,)]),
    ("easy", "returns True if the point (`x`, `y`) lies on the line `y = m * x + b`, and False otherwise", r'''def on_line(x, y, m, b):
    return y == m * x + b''', [(1, 3, 2, 1), (0, 0, 5, 1), (-2, -4, 2, 0)]),
    ("easy", "returns True if the positive integer `n` is divisible by 7 or has a 7 among its decimal digits, and False otherwise", r'''def is_boom(n):
    return n % 7 == 0 or '7' in str(n)''', [(14,), (17,), (22,), (70,), (1,)]),
    ("easy", "returns the sorted list of the keys that the dictionaries `a` and `b` both have", r'''def shared_keys(a, b):
    return sorted(k for k in a if k in b)''', [({"a": 1, "b": 2}, {"b": 3, "c": 4}), ({}, {"x": 1}), ({"z": 1, "y": 2}, {"y": 0, "z": 0})]),
    ("easy", "returns the total to pay for an order worth `subtotal`: the subtotal alone when it is 50 or more (free shipping), and otherwise the subtotal plus 5 for shipping", r'''def with_shipping(subtotal):
    return subtotal if subtotal >= 50 else subtotal + 5''', [(50,), (49.5,), (0,), (120,)]),
    ("easy", "returns the string `s` with every character `a` turned into `b` and every character `b` turned into `a`, where `a` and `b` are two different single characters", r'''def swap_chars(s, a, b):
    return ''.join(b if c == a else a if c == b else c for c in s)''', [("abba", "a", "b"), ("", "x", "y"), ("hello", "l", "o")]),
    ("easy", "returns the list of the lines of the string `s` (lines are separated by '\\n') that contain the non-empty string `word`, in order", r'''def grep_lines(s, word):
    return [line for line in s.split('\n') if word in line]''', [("apple pie\nbanana\npineapple", "apple"), ("", "x"), ("a\nb", "c")]),
    ("easy", "returns the list of strings `rows` as a grid: a list with, for each string, the list of its characters", r'''def to_char_grid(rows):
    return [list(r) for r in rows]''', [(["ab", "cd"],), ([],), (["", "x"],)]),
    ("easy", "returns the quarter of the year (1 to 4) that month number `m` (1 to 12) falls in: months 1 to 3 are quarter 1, 4 to 6 quarter 2, 7 to 9 quarter 3 and 10 to 12 quarter 4", r'''def quarter(m):
    return (m - 1) // 3 + 1''', [(1,), (3,), (4,), (12,), (8,)]),
    ("easy", "returns True if the list of dominoes `tiles`, each a list `[a, b]`, forms a chain in the given order: the second number of each domino equals the first number of the next one (True for zero or one domino), and False otherwise", r'''def is_domino_chain(tiles):
    return all(x[1] == y[0] for x, y in zip(tiles, tiles[1:]))''', [([[1, 2], [2, 3], [3, 1]],), ([[1, 2], [3, 4]],), ([],), ([[5, 5]],)]),
    # ---- medium ----
    ("medium", "returns the elements of the non-empty list of numbers `xs` that are greater than the average of `xs`, in order", r'''def above_average(xs):
    m = sum(xs) / len(xs)
    return [x for x in xs if x > m]''', [([1, 2, 3, 4],), ([5, 5],), ([10, 0, 0, 1],)]),
    ("medium", "returns the list of numbers `xs` sorted by absolute value in ascending order, numbers with equal absolute values keeping their order in `xs`", r'''def sort_by_abs(xs):
    return sorted(xs, key=abs)''', [([-3, 1, -2, 2],), ([],), ([5, -5],), ([0, -1, 1],)]),
    ("medium", "returns the `n` largest elements of the list `xs`, largest first (all of them, largest first, if `xs` has fewer than `n` elements)", r'''def largest_n(xs, n):
    return sorted(xs, reverse=True)[:n]''', [([3, 1, 4, 1, 5], 2), ([1], 3), ([], 0), ([2, 2, 1], 2)]),
    ("medium", "returns `[i, j]`, the positions `i < j` of two elements of `xs` adding up to `target`, choosing the smallest such `j` and then the smallest `i` for it, or None if there are none", r'''def two_sum(xs, target):
    for j in range(len(xs)):
        for i in range(j):
            if xs[i] + xs[j] == target:
                return [i, j]
    return None''', [([2, 7, 11, 15], 9), ([3, 2, 4], 6), ([1, 2], 5), ([3, 3, 3], 6)]),
    ("medium", "returns the smallest index `i` of the list `xs` such that the sum of the elements before position `i` equals the sum of the elements after it, or -1 if there is none", r'''def pivot_index(xs):
    total, left = sum(xs), 0
    for i, x in enumerate(xs):
        if left == total - left - x:
            return i
        left += x
    return -1''', [([1, 7, 3, 6, 5, 6],), ([1, 2, 3],), ([2, 1, -1],), ([],)]),
    ("medium", "returns the smallest absolute difference between two elements at different positions of the list of numbers `xs`, which has at least two elements", r'''def min_gap(xs):
    s = sorted(xs)
    return min(b - a for a, b in zip(s, s[1:]))''', [([4, 9, 1, 7],), ([5, 5],), ([-3, 10],)]),
    ("medium", "returns the element of the non-empty list of numbers `xs` closest to `t`; when two elements are equally close, the smaller one", r'''def closest_to(xs, t):
    return min(xs, key=lambda x: (abs(x - t), x))''', [([1, 5, 9], 6), ([1, 3], 2), ([7], -100), ([6, 4, 6], 5)]),
    ("medium", "returns the greatest common divisor of all the numbers in the non-empty list of positive integers `xs`", r'''def gcd_of_list(xs):
    g = 0
    for x in xs:
        while x:
            g, x = x, g % x
    return g''', [([12, 18, 24],), ([7],), ([5, 9],), ([100, 75, 50],)]),
    ("medium", "returns the representation of the non-negative integer `n` in base `b` (from 2 to 10) as a string of digits, e.g. 10 in base 3 is '101' ('0' for 0)", r'''def to_base(n, b):
    if n == 0:
        return '0'
    out = ''
    while n:
        out = str(n % b) + out
        n //= b
    return out''', [(10, 3), (0, 5), (255, 2), (64, 8)]),
    ("medium", "decodes the string `s`, made of letters each followed by a positive count written with one or more digits, into the letters each repeated its count times, e.g. 'a3b1c2' gives 'aaabcc' ('' gives '')", r'''def run_length_decode(s):
    out, i = [], 0
    while i < len(s):
        c = s[i]
        j = i + 1
        while j < len(s) and s[j].isdigit():
            j += 1
        out.append(c * int(s[i + 1:j]))
        i = j
    return ''.join(out)''', [("a3b1c2",), ("",), ("x10",), ("z1",)]),
    ("medium", "returns the final position `[x, y]` of a robot that starts at `[0, 0]` and follows the string of moves `moves`, where 'U' adds 1 to `y`, 'D' subtracts 1 from `y`, 'R' adds 1 to `x` and 'L' subtracts 1 from `x`", r'''def robot_position(moves):
    x = y = 0
    for m in moves:
        if m == 'U':
            y += 1
        elif m == 'D':
            y -= 1
        elif m == 'R':
            x += 1
        elif m == 'L':
            x -= 1
    return [x, y]''', [("UURDL",), ("",), ("LLLD",)]),
    ("medium", "returns how many of the up to eight cells around row `r`, column `c` of the grid `g` of 0s and 1s (a list of rows) hold 1; the cell itself does not count, and positions outside the grid are ignored", r'''def live_neighbors(g, r, c):
    n = 0
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr or dc) and 0 <= r + dr < len(g) and 0 <= c + dc < len(g[0]):
                n += g[r + dr][c + dc]
    return n''', [([[1, 1, 0], [0, 1, 0], [1, 0, 1]], 1, 1), ([[1, 1], [1, 1]], 0, 0), ([[0]], 0, 0), ([[1, 1, 0], [0, 1, 0], [1, 0, 1]], 2, 2)]),
    ("medium", "returns the sum of the elements on the outer border (the first and last rows and the first and last columns) of the non-empty rectangular matrix `m`, a list of rows, each element counted once", r'''def border_sum(m):
    h, w = len(m), len(m[0])
    return sum(m[r][c] for r in range(h) for c in range(w) if r in (0, h - 1) or c in (0, w - 1))''', [([[1, 2, 3], [4, 5, 6], [7, 8, 9]],), ([[5]],), ([[1, 2], [3, 4]],), ([[1], [2], [3]],)]),
    ("medium", "compares the version strings `a` and `b`, made of non-negative integers separated by dots, and returns -1 if `a` is lower, 1 if it is higher and 0 if they are equal; the parts are compared as numbers from the left, a missing part counting as 0 (so '1.2' equals '1.2.0')", r'''def compare_versions(a, b):
    x = [int(p) for p in a.split('.')]
    y = [int(p) for p in b.split('.')]
    n = max(len(x), len(y))
    x += [0] * (n - len(x))
    y += [0] * (n - len(y))
    return (x > y) - (x < y)''', [("1.2", "1.10"), ("2.0", "1.9.9"), ("1.0", "1"), ("1.0.1", "1")]),
    ("medium", "returns the simplified form of the absolute Unix path `p`: it starts with '/', has single '/' characters between names, no '/' at its end and no '.' (current directory) or '..' (parent directory; at the root it stays at the root) components; the root itself is '/'", r'''def simplify_path(p):
    parts = []
    for part in p.split('/'):
        if part in ('', '.'):
            continue
        if part == '..':
            if parts:
                parts.pop()
        else:
            parts.append(part)
    return '/' + '/'.join(parts)''', [("/a/./b/../c/",), ("/../",), ("//home//foo",), ("/",)]),
    ("medium", "returns how many leap years there are from year `a` to year `b`, both included (`a` <= `b`), a leap year being divisible by 4, except centuries not divisible by 400", r'''def leap_years_between(a, b):
    return sum(1 for y in range(a, b + 1) if y % 4 == 0 and (y % 100 != 0 or y % 400 == 0))''', [(2000, 2024), (1900, 1903), (2024, 2024), (1896, 1904)]),
    ("medium", "returns the smaller angle, in degrees, between the hour hand and the minute hand of an analog clock at `h` hours (0-23) and `m` minutes, where the hour hand moves on continuously as the minutes pass", r'''def clock_angle(h, m):
    a = abs(30 * (h % 12) + 0.5 * m - 6 * m)
    return min(a, 360 - a)''', [(3, 0), (12, 30), (9, 45), (0, 0), (18, 0)]),
    ("medium", "returns the average of the list of numbers `xs`, which has at least three elements, after removing one smallest element and one largest element", r'''def trimmed_mean(xs):
    s = sorted(xs)[1:-1]
    return sum(s) / len(s)''', [([1, 2, 3, 4, 100],), ([5, 5, 5],), ([1, 2, 4],)]),
    ("medium", "returns how many pairs of equal elements can be formed from the list `xs`, each element used in at most one pair, e.g. [1, 2, 1, 2, 1] gives 2", r'''def sock_pairs(xs):
    counts = {}
    for x in xs:
        counts[x] = counts.get(x, 0) + 1
    return sum(c // 2 for c in counts.values())''', [([1, 2, 1, 2, 1],), ([],), ([3, 3, 3, 3],), ([1, 2, 3],)]),
    ("medium", "returns the element of the list `xs` that occurs an odd number of times; exactly one element does", r'''def odd_occurrence(xs):
    for x in xs:
        if xs.count(x) % 2 == 1:
            return x''', [([1, 2, 1],), ([4],), ([7, 7, 3, 7, 3],)]),
    ("medium", "returns a dictionary that maps the value under `key` of each dictionary in the list `records` to that dictionary (every dictionary has `key`; when values repeat, the last such dictionary is kept)", r'''def index_by(records, key):
    return {r[key]: r for r in records}''', [([{"id": 1, "n": "a"}, {"id": 2, "n": "b"}], "id"), ([], "id"), ([{"k": "x", "v": 1}, {"k": "x", "v": 2}], "k")]),
    ("medium", "returns the sorted list of the keys that are in both of the dictionaries `a` and `b` but with different values", r'''def changed_keys(a, b):
    return sorted(k for k in a if k in b and a[k] != b[k])''', [({"x": 1, "y": 2, "z": 3}, {"y": 2, "z": 4, "x": 0, "w": 9}), ({}, {"a": 1}), ({"a": 1}, {"a": 1})]),
    ("medium", "returns True if the string `word` can be spelled with the characters of the string `letters`, each character of `letters` used at most once, and False otherwise", r'''def can_build(letters, word):
    pool = list(letters)
    for c in word:
        if c not in pool:
            return False
        pool.remove(c)
    return True''', [("aabbc", "abba"), ("abc", "aab"), ("xyz", ""), ("", "a")]),
    ("medium", "returns the words of `s` (split on whitespace) joined by single spaces, with each word that is in the list `bad` (compared case-sensitively) replaced by as many '*' characters as it has characters", r'''def censor(s, bad):
    return ' '.join('*' * len(w) if w in bad else w for w in s.split())''', [("this is darn bad", ["darn", "bad"]), ("", ["x"]), ("Darn it", ["darn"])]),
    ("medium", "returns the string `s` with every tag removed, a tag being a '<' and all the characters up to and including the next '>' (every '<' has a later '>')", r'''def strip_tags(s):
    out, inside = [], False
    for c in s:
        if c == '<':
            inside = True
        elif c == '>' and inside:
            inside = False
        elif not inside:
            out.append(c)
    return ''.join(out)''', [("<b>bold</b> text",), ("no tags",), ("<a href='x'>link</a>",), ("",)]),
    ("medium", "returns the sum of the numbers written in binary by the strings `a` and `b`, as a binary string without leading zeros ('0' for zero)", r'''def add_binary(a, b):
    return bin(int(a, 2) + int(b, 2))[2:]''', [("11", "1"), ("0", "0"), ("1010", "1011")]),
    ("medium", "returns True if the string `s` is a hex colour: '#' followed by exactly six characters, each 0-9, a-f or A-F, and False otherwise", r'''def is_hex_color(s):
    return len(s) == 7 and s[0] == '#' and all(c in '0123456789abcdefABCDEF' for c in s[1:])''', [("#1a2B3c",), ("#123",), ("123456",), ("#12345g",), ("#ffffff",)]),
    ("medium", "returns a list of `n` non-negative integers that add up to the non-negative integer `total` and differ from each other by at most 1, larger ones first, e.g. 10 and 3 give [4, 3, 3]", r'''def split_evenly(total, n):
    q, r = divmod(total, n)
    return [q + 1] * r + [q] * (n - r)''', [(10, 3), (6, 3), (2, 4), (0, 1)]),
    ("medium", "returns the winner of the tic-tac-toe position `board`, a list of three strings of three characters each 'X', 'O' or '.': 'X' or 'O' if that player has three in a row, a column or a diagonal, or '' if neither does (at most one player has such a line)", r'''def tic_tac_toe_winner(board):
    lines = [[(r, c) for c in range(3)] for r in range(3)] + [[(r, c) for r in range(3)] for c in range(3)]
    lines += [[(i, i) for i in range(3)], [(i, 2 - i) for i in range(3)]]
    for line in lines:
        cells = {board[r][c] for r, c in line}
        if len(cells) == 1 and cells != {'.'}:
            return cells.pop()
    return ''
''', [(["XXX", "OO.", "..."],), (["XO.", "XO.", ".O."],), (["X.O", ".XO", "O.X"],), (["XOX", "OXO", "OXO"],)]),
    ("medium", "returns the blackjack value of the list of cards `cards`, each '2' to '10', 'J', 'Q', 'K' or 'A': a number card counts its number, a face card 10 and an ace 11, except that, one ace at a time, aces count 1 instead while the total is above 21", r'''def hand_value(cards):
    total, aces = 0, 0
    for c in cards:
        if c == 'A':
            total += 11
            aces += 1
        elif c in ('J', 'Q', 'K'):
            total += 10
        else:
            total += int(c)
    while total > 21 and aces:
        total -= 10
        aces -= 1
    return total''', [(["A", "K"],), (["A", "A", "9"],), (["10", "9", "5"],), ([],), (["A", "A", "A"],)]),
    ("medium", "returns how many squares a chess knight can move to from the square `sq` of an empty board, where `sq` is a file letter 'a'-'h' followed by a rank digit '1'-'8'", r'''def knight_moves(sq):
    f, r = ord(sq[0]) - ord('a'), int(sq[1]) - 1
    jumps = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
    return sum(1 for a, b in jumps if 0 <= f + a < 8 and 0 <= r + b < 8)''', [("a1",), ("d4",), ("b1",), ("h8",)]),
    ("medium", "returns the part of the string `s` between the first occurrence of the string `start` and the next occurrence of the string `end` after it, or '' if either is missing", r'''def text_between(s, start, end):
    i = s.find(start)
    if i < 0:
        return ''
    i += len(start)
    j = s.find(end, i)
    return s[i:j] if j >= 0 else ''
''', [("say [hi] now", "[", "]"), ("a(b)c(d)", "(", ")"), ("none", "<", ">"), ("x<y", "<", ">")]),
    ("medium", "returns the hour `h` of a 24-hour clock (0-23) as on a 12-hour clock: the hour from 1 to 12, a space and 'AM' or 'PM', e.g. 0 gives '12 AM', 12 gives '12 PM' and 15 gives '3 PM'", r'''def twelve_hour(h):
    return f"{h % 12 or 12} {'AM' if h < 12 else 'PM'}"''', [(0,), (12,), (15,), (9,), (23,)]),
    ("medium", "returns the area of the intersection of the axis-aligned rectangles `a` and `b`, each given as `[x1, y1, x2, y2]` with `x1 < x2` and `y1 < y2` (0 if they do not overlap or only touch)", r'''def overlap_area(a, b):
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0''', [([0, 0, 2, 2], [1, 1, 3, 3]), ([0, 0, 1, 1], [1, 0, 2, 1]), ([0, 0, 4, 4], [1, 1, 2, 2]), ([0, 0, 1, 1], [5, 5, 6, 6])]),
    ("medium", "returns True if the points `p`, `q` and `r`, each a list `[x, y]` of integers, lie on one straight line, and False otherwise", r'''def collinear(p, q, r):
    return (q[0] - p[0]) * (r[1] - p[1]) == (q[1] - p[1]) * (r[0] - p[0])''', [([0, 0], [1, 1], [2, 2]), ([0, 0], [1, 2], [2, 3]), ([1, 5], [1, 7], [1, -2]), ([2, 2], [2, 2], [3, 4])]),
    ("medium", "returns `[min_x, min_y, max_x, max_y]`, the smallest axis-aligned rectangle containing all the points of the non-empty list `points` of `[x, y]` pairs", r'''def bounding_box(points):
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return [min(xs), min(ys), max(xs), max(ys)]''', [([[1, 2], [3, -1], [0, 4]],), ([[5, 5]],), ([[-2, 0], [2, 0]],)]),
    ("medium", "returns the point `[x, y]` whose coordinates are the average of the x coordinates and the average of the y coordinates of the points in the non-empty list `points` of `[x, y]` pairs", r'''def centroid(points):
    n = len(points)
    return [sum(p[0] for p in points) / n, sum(p[1] for p in points) / n]''', [([[0, 0], [2, 0], [2, 2], [0, 2]],), ([[3, 4]],), ([[0, 0], [1, 0]],)]),
    ("medium", "returns a progress bar string of `width` characters for `done` of `total` steps (0 <= `done` <= `total`, `total` > 0): `done * width // total` '#' characters followed by '-' characters for the rest", r'''def progress_bar(done, total, width):
    k = done * width // total
    return '#' * k + '-' * (width - k)''', [(5, 10, 10), (0, 4, 8), (3, 3, 5), (1, 3, 10)]),
    ("medium", "returns an `n` by `n` checkerboard as a list of `n` strings of '#' and '.' characters, where the top-left character is '#' and characters next to each other in a row or a column differ (an empty list for `n` = 0)", r'''def checkerboard(n):
    return [''.join('#' if (r + c) % 2 == 0 else '.' for c in range(n)) for r in range(n)]''', [(2,), (3,), (0,), (1,)]),
    ("medium", "returns the string `s` with the first letter of each sentence in upper case: the first letter in `s` and the first letter after each '.', '!' or '?'; all other characters unchanged", r'''def capitalize_sentences(s):
    out, start = [], True
    for c in s:
        if start and c.isalpha():
            c = c.upper()
            start = False
        elif c in '.!?':
            start = True
        out.append(c)
    return ''.join(out)''', [("hello. how are you? fine!",), ("",), ("already Fine. yes",)]),
    ("medium", "returns the closed interval `[start, end]` common to the closed intervals `a` and `b` (each `[start, end]` with `start <= end`), or None if they have no point in common", r'''def overlap_range(a, b):
    lo, hi = max(a[0], b[0]), min(a[1], b[1])
    return [lo, hi] if lo <= hi else None''', [([1, 5], [3, 8]), ([1, 3], [3, 5]), ([1, 2], [4, 6]), ([0, 10], [2, 3])]),
    ("medium", "returns the time needed to serve a queue of customers whose service times are in the list `customers`, with `n` tills: each customer, in order, goes to the till that becomes free first (any of them on ties), and the result is when the last till finishes (0 for no customers)", r'''def queue_time(customers, n):
    tills = [0] * n
    for c in customers:
        i = tills.index(min(tills))
        tills[i] += c
    return max(tills)''', [([5, 3, 4], 1), ([10, 2, 3, 3], 2), ([2, 3, 10], 2), ([], 3)]),
    ("medium", "returns the number (from 1 to `n`) of the last person left when `n` people numbered 1 to `n` stand in a circle and, counting from person 1 round the circle, every `k`-th remaining person is removed", r'''def josephus(n, k):
    people, i = list(range(1, n + 1)), 0
    while len(people) > 1:
        i = (i + k - 1) % len(people)
        people.pop(i)
    return people[0]''', [(7, 3), (1, 5), (5, 2), (6, 1)]),
    ("medium", "returns the sum of the fractions `a`/`b` and `c`/`d`, whose denominators are positive, as a list `[numerator, denominator]` in lowest terms with a positive denominator (zero is [0, 1])", r'''def add_fractions(a, b, c, d):
    import math
    n, m = a * d + c * b, b * d
    g = math.gcd(n, m)
    return [n // g, m // g]''', [(1, 2, 1, 3), (1, 4, 1, 4), (1, 2, -1, 2), (2, 3, -1, 1)]),
    ("medium", "returns True if the positive integer `n` has no prime factors other than 2, 3 and 5 (1 has none at all), and False otherwise", r'''def is_ugly(n):
    for p in (2, 3, 5):
        while n % p == 0:
            n //= p
    return n == 1''', [(30,), (14,), (1,), (125,)]),
    ("medium", "returns the list of the pairs `[a, b]` of positive integers with `a <= b` and `a * b == n`, for the positive integer `n`, ordered by `a`", r'''def factor_pairs(n):
    return [[a, n // a] for a in range(1, n + 1) if a * a <= n and n % a == 0]''', [(12,), (1,), (16,), (13,)]),
    ("medium", "returns the list of the triples `[a, b, c]` of positive integers with `a < b < c <= n` and `a * a + b * b == c * c`, ordered by `a` and then by `b`", r'''def pythagorean_triples(n):
    return [[a, b, c] for a in range(1, n + 1) for b in range(a + 1, n + 1) for c in range(b + 1, n + 1) if a * a + b * b == c * c]''', [(5,), (4,), (13,), (20,)]),
    ("medium", "returns the lower-case string `s` encrypted with the Vigenère cipher using the non-empty lower-case key `key`: each letter of `s` is shifted forward in the alphabet (wrapping from 'z' to 'a') by the alphabet position, counting 'a' as 0, of the next key letter, the key letters being used in turn and restarting from the first after the last; other characters are unchanged and use up no key letter", r'''def vigenere(s, key):
    out, i = [], 0
    for c in s:
        if c.islower():
            shift = ord(key[i % len(key)]) - 97
            out.append(chr((ord(c) - 97 + shift) % 26 + 97))
            i += 1
        else:
            out.append(c)
    return ''.join(out)''', [("attackatdawn", "lemon"), ("hello world", "b"), ("", "abc"), ("a-b", "bc")]),
    ("medium", "returns the words of the list `words` that can be typed using the letters of only one row of a US keyboard ('qwertyuiop', 'asdfghjkl' or 'zxcvbnm'), ignoring case, in order", r'''def keyboard_row(words):
    rows = [set('qwertyuiop'), set('asdfghjkl'), set('zxcvbnm')]
    return [w for w in words if any(set(w.lower()) <= r for r in rows)]''', [(["Hello", "Alaska", "Dad", "Peace"],), ([],), (["typewriter", "zoo"],)]),
    ("medium", "returns the spreadsheet column name of the positive column number `n`: 1 is 'A', 26 is 'Z', 27 is 'AA', 28 is 'AB', and so on", r'''def excel_column(n):
    out = ''
    while n:
        n, r = divmod(n - 1, 26)
        out = chr(65 + r) + out
    return out''', [(1,), (26,), (27,), (52,), (703,)]),
    ("medium", "returns 'perfect', 'abundant' or 'deficient' for the positive integer `n`, according to whether the sum of its positive divisors smaller than `n` is equal to, greater than or less than `n`", r'''def classify_number(n):
    s = sum(d for d in range(1, n) if n % d == 0)
    return 'perfect' if s == n else 'abundant' if s > n else 'deficient'
''', [(6,), (12,), (7,), (1,)]),
    ("medium", "returns the matrix of integers written in the string `s`, one row per line (lines separated by '\\n') with the numbers of a row separated by spaces, as a list of rows (an empty list for '')", r'''def parse_matrix(s):
    return [[int(t) for t in line.split()] for line in s.split('\n')] if s else []
''', [("1 2\n3 4",), ("",), ("5",), ("-1 0 7",)]),
    ("medium", "returns the largest product of two elements at different positions of the list of integers `xs`, which has at least two elements", r'''def largest_pair_product(xs):
    s = sorted(xs)
    return max(s[0] * s[1], s[-1] * s[-2])''', [([1, 5, 3, 4],), ([-10, -3, 5, 2],), ([0, -1],), ([-5, -2, -1],)]),
    ("medium", "returns True if three elements at different positions of the list `xs` add up to `t`, and False otherwise", r'''def has_triplet_sum(xs, t):
    n = len(xs)
    return any(xs[i] + xs[j] + xs[k] == t for i in range(n) for j in range(i + 1, n) for k in range(j + 1, n))''', [([1, 4, 6, 8], 18), ([1, 2], 3), ([0, 0, 0], 0), ([1, 2, 3], 7)]),
    ("medium", "returns how many non-empty contiguous sublists of the list of integers `xs` have elements adding up to `t`", r'''def count_subarrays_with_sum(xs, t):
    n = 0
    for i in range(len(xs)):
        s = 0
        for j in range(i, len(xs)):
            s += xs[j]
            if s == t:
                n += 1
    return n''', [([1, 1, 1], 2), ([1, 2, 3], 3), ([], 0), ([0, 0], 0)]),
    ("medium", "returns the sum of the elements of the matrix `g` (a list of rows) in rows `r1` to `r2` and columns `c1` to `c2`, all four bounds included (`r1 <= r2`, `c1 <= c2`)", r'''def region_sum(g, r1, c1, r2, c2):
    return sum(g[r][c] for r in range(r1, r2 + 1) for c in range(c1, c2 + 1))''', [([[1, 2, 3], [4, 5, 6], [7, 8, 9]], 0, 0, 1, 1), ([[1, 2, 3], [4, 5, 6], [7, 8, 9]], 1, 1, 2, 2), ([[5]], 0, 0, 0, 0), ([[1, 2, 3], [4, 5, 6]], 0, 2, 1, 2)]),
    ("medium", "returns True if the last index of the non-empty list of non-negative integers `xs` can be reached from index 0, where from index `i` you may jump forward by any number of positions from 1 to `xs[i]`, and False otherwise", r'''def can_reach_end(xs):
    far = 0
    for i, x in enumerate(xs):
        if i > far:
            return False
        far = max(far, i + x)
    return True''', [([2, 3, 1, 1, 4],), ([3, 2, 1, 0, 4],), ([0],), ([1, 0, 1],)]),
    ("medium", "returns the h-index of the list `citations` of citation counts: the largest `h` such that at least `h` of the counts are at least `h` (0 for an empty list)", r'''def h_index(citations):
    s = sorted(citations, reverse=True)
    h = 0
    while h < len(s) and s[h] >= h + 1:
        h += 1
    return h''', [([3, 0, 6, 1, 5],), ([],), ([10, 10],), ([0, 0],)]),
    ("medium", "returns the text typed by the keystrokes in the string `s`, where '#' is a backspace that deletes the last character typed so far, if there is one", r'''def apply_backspaces(s):
    out = []
    for c in s:
        if c == '#':
            if out:
                out.pop()
        else:
            out.append(c)
    return ''.join(out)''', [("ab#c",), ("a##b",), ("",), ("abc###",)]),
    ("medium", "returns the string left after repeatedly removing two adjacent equal characters from the string `s` until no two adjacent characters are equal, e.g. 'abbaca' gives 'ca'", r'''def remove_adjacent_pairs(s):
    out = []
    for c in s:
        if out and out[-1] == c:
            out.pop()
        else:
            out.append(c)
    return ''.join(out)''', [("abbaca",), ("",), ("aa",), ("abc",)]),
    ("medium", "returns True if the capitals in the non-empty word `w` of letters are used correctly: all letters upper case, all lower case, or only the first letter upper case; False otherwise", r'''def good_capitals(w):
    return w.isupper() or w.islower() or (w[0].isupper() and w[1:].islower()) or len(w) == 1
''', [("USA",), ("leetcode",), ("Google",), ("FlaG",), ("a",)]),
    ("medium", "returns True if the attendance record `s`, a string of 'A' (absent), 'L' (late) and 'P' (present), has fewer than 2 'A's and never 3 or more 'L's in a row, and False otherwise", r'''def attendance_ok(s):
    return s.count('A') < 2 and 'LLL' not in s''', [("PPALLP",), ("PPALLL",), ("APA",), ("",)]),
    ("medium", "returns a list giving, for each position of the string `s`, the distance to the nearest position holding the character `c`, which occurs in `s` at least once", r'''def distance_to_char(s, c):
    spots = [i for i, ch in enumerate(s) if ch == c]
    return [min(abs(i - j) for j in spots) for i in range(len(s))]''', [("loveleetcode", "e"), ("aaab", "b"), ("x", "x")]),
    ("medium", "returns True if each diagonal running from top-left to bottom-right in the non-empty rectangular matrix `m` (a list of rows) holds equal elements, and False otherwise", r'''def is_toeplitz(m):
    return all(m[r][c] == m[r - 1][c - 1] for r in range(1, len(m)) for c in range(1, len(m[0])))''', [([[1, 2, 3, 4], [5, 1, 2, 3], [9, 5, 1, 2]],), ([[1, 2], [2, 2]],), ([[7]],), ([[1, 2, 3]],)]),
    ("medium", "returns True if a lemonade stand that sells each lemonade for 5 dollars and starts with no money can give every customer the right change, when the customers, in the order of the list `bills`, each buy one lemonade and pay with a 5, 10 or 20 dollar bill (change can only be made from bills received before), and False otherwise", r'''def can_give_change(bills):
    fives = tens = 0
    for b in bills:
        if b == 5:
            fives += 1
        elif b == 10:
            if not fives:
                return False
            fives -= 1
            tens += 1
        else:
            if tens and fives:
                tens -= 1
                fives -= 1
            elif fives >= 3:
                fives -= 3
            else:
                return False
    return True''', [([5, 5, 5, 10, 20],), ([5, 5, 10, 10, 20],), ([10],), ([],), ([5, 5, 5, 5, 20, 20],)]),
    ("medium", "returns how many different addresses the list of email addresses `emails` reaches, where in the part before the '@' every '.' is ignored and so is everything from the first '+' on (the part after the '@' counts as it is)", r'''def count_unique_emails(emails):
    seen = set()
    for e in emails:
        local, domain = e.split('@')
        local = local.split('+')[0].replace('.', '')
        seen.add(local + '@' + domain)
    return len(seen)''', [(["a.b+x@m.com", "ab@m.com", "ab@n.com"],), ([],), (["x+1@a.b", "x+2@a.b", "x@a.b"],)]),
    ("medium", "returns True if the list `words` is sorted in non-decreasing order for the alphabet given by the string `order`, a permutation of the 26 lower-case letters (a word that is a prefix of another comes before it), and False otherwise", r'''def alien_sorted(words, order):
    rank = {c: i for i, c in enumerate(order)}
    keys = [[rank[c] for c in w] for w in words]
    return all(a <= b for a, b in zip(keys, keys[1:]))''', [(["hello", "leetcode"], "hlabcdefgijkmnopqrstuvwxyz"), (["word", "world", "row"], "worldabcefghijkmnpqstuvxyz"), (["apple", "app"], "abcdefghijklmnopqrstuvwxyz"), ([], "abcdefghijklmnopqrstuvwxyz")]),
    ("medium", "returns the shortest distance between stops `a` and `b` of a circular bus route, where `d[i]` is the distance from stop `i` to stop `(i + 1) % len(d)`, travelling in either direction", r'''def circular_distance(d, a, b):
    if a > b:
        a, b = b, a
    one_way = sum(d[a:b])
    return min(one_way, sum(d) - one_way)''', [([1, 2, 3, 4], 0, 1), ([1, 2, 3, 4], 0, 3), ([1, 2, 3, 4], 2, 2), ([7, 10, 1, 12, 11, 14, 5, 0], 7, 2)]),
    ("medium", "returns the largest number of pieces into which the string `s` of 'L' and 'R' characters, which has as many of each, can be cut so that every piece has as many 'L's as 'R's (0 for '')", r'''def balanced_splits(s):
    bal = n = 0
    for c in s:
        bal += 1 if c == 'L' else -1
        if bal == 0:
            n += 1
    return n''', [("RLRRLLRLRL",), ("RLLLLRRRLR",), ("",), ("LLRR",)]),
    ("medium", "returns the city with no outgoing route in the list `paths` of routes `[from, to]`, which join the cities in a single chain without loops", r'''def destination_city(paths):
    starts = {a for a, _ in paths}
    for _, b in paths:
        if b not in starts:
            return b''', [([["London", "New York"], ["New York", "Lima"], ["Lima", "Sao Paulo"]],), ([["B", "C"], ["D", "B"], ["C", "A"]],), ([["A", "Z"]],)]),
    ("medium", "returns the kind of the poker hand `cards`, a list of five cards each written as a rank followed by a one-letter suit (e.g. '10h', 'Ks'): 'Flush' if all five have the same suit; otherwise 'Three of a Kind' if at least three have the same rank; otherwise 'Pair' if two have the same rank; otherwise 'High Card'", r'''def poker_hand(cards):
    if len({c[-1] for c in cards}) == 1:
        return 'Flush'
    ranks = [c[:-1] for c in cards]
    most = max(ranks.count(r) for r in ranks)
    return 'Three of a Kind' if most >= 3 else 'Pair' if most == 2 else 'High Card'
''', [(["2h", "5h", "9h", "Jh", "Ah"],), (["10h", "10s", "10d", "2c", "3h"],), (["Kh", "Ks", "2d", "3c", "4h"],), (["2h", "5s", "9d", "Jc", "Ah"],)]),
    ("medium", "returns the number of the person holding a pillow after `t` seconds, when `n` people (at least 2) stand in a line numbered 1 to `n`, person 1 holds it at time 0, and each second it is passed to the next person in the line, the direction reversing each time it reaches either end", r'''def pass_pillow(n, t):
    t %= 2 * (n - 1)
    return t + 1 if t < n else 2 * n - 1 - t''', [(4, 5), (3, 2), (2, 0), (5, 8), (4, 3)]),
    ("medium", "returns the text produced by typing the characters of the string `s` in order on a faulty keyboard on which typing 'i' reverses the text typed so far instead of adding an 'i'", r'''def faulty_keyboard(s):
    out = ''
    for c in s:
        out = out[::-1] if c == 'i' else out + c
    return out''', [("string",), ("poiinter",), ("",), ("i",)]),
    ("medium", "returns the tax on the non-negative income `income`: nothing on the first 10000, 20 percent of the part between 10000 and 40000, and 40 percent of the part above 40000", r'''def income_tax(income):
    tax = 0.0
    if income > 10000:
        tax += 0.2 * (min(income, 40000) - 10000)
    if income > 40000:
        tax += 0.4 * (income - 40000)
    return tax''', [(5000,), (20000,), (40000,), (50000,)]),
    ("medium", "returns the list of strings `lines` drawn inside a frame of '*' characters: a row of '*'s, then each line as '* ', the line padded with spaces on the right to the length of the longest line, and ' *', then another row of '*'s as long as the other rows, e.g. ['ab', 'c'] gives ['******', '* ab *', '* c  *', '******']", r'''def frame(lines):
    w = max((len(x) for x in lines), default=0)
    border = '*' * (w + 4)
    return [border] + ['* ' + x.ljust(w) + ' *' for x in lines] + [border]''', [(["ab", "c"],), (["hello"],), ([],)]),
    ("medium", "returns True if the string `s` is non-empty, starts with an ASCII letter or '_' and contains only ASCII letters, digits and '_', and False otherwise", r'''def is_identifier(s):
    ok = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_'
    return bool(s) and s[0] in ok and all(c in ok or c in '0123456789' for c in s)''', [("_x1",), ("1x",), ("",), ("a-b",), ("ok",)]),
    ("medium", "returns the highest altitude reached on a trip that starts at altitude 0 and changes by each number of the list `gains` in turn (the start counts, so the result is at least 0)", r'''def highest_altitude(gains):
    alt = best = 0
    for g in gains:
        alt += g
        best = max(best, alt)
    return best''', [([-5, 1, 5, 0, -7],), ([],), ([-4, -3],), ([2, 2, -1, 3],)]),
    ("medium", "returns how many steps it takes to reduce the non-negative integer `n` to 0, where each step halves `n` if it is even and subtracts 1 from it if it is odd", r'''def steps_to_zero(n):
    k = 0
    while n:
        n = n // 2 if n % 2 == 0 else n - 1
        k += 1
    return k''', [(14,), (0,), (8,), (123,)]),
    ("medium", "returns the height of the binary tree `t`, given as None for an empty tree or as a list `[value, left, right]` whose `left` and `right` are trees: 0 for an empty tree, otherwise 1 plus the larger height of its two subtrees", r'''def tree_height(t):
    if t is None:
        return 0
    return 1 + max(tree_height(t[1]), tree_height(t[2]))''', [([1, [2, None, None], [3, [4, None, None], None]],), (None,), ([5, None, None],)]),
    ("medium", "returns the values of the binary tree `t` in in-order (left subtree, then the node, then the right subtree), where a tree is None when empty or a list `[value, left, right]` whose `left` and `right` are trees", r'''def inorder(t):
    if t is None:
        return []
    return inorder(t[1]) + [t[0]] + inorder(t[2])''', [([2, [1, None, None], [3, None, None]],), (None,), ([5, [3, None, [4, None, None]], None],)]),
    ("medium", "returns how many leaves (nodes whose two subtrees are both empty) the binary tree `t` has, where a tree is None when empty or a list `[value, left, right]` whose `left` and `right` are trees", r'''def count_leaves(t):
    if t is None:
        return 0
    if t[1] is None and t[2] is None:
        return 1
    return count_leaves(t[1]) + count_leaves(t[2])''', [([1, [2, None, None], [3, [4, None, None], [5, None, None]]],), (None,), ([7, None, None],), ([1, [2, [3, None, None], None], None],)]),
    ("medium", "returns the adjacency dictionary of the undirected graph given by the list `edges` of `[a, b]` pairs of distinct nodes: each node that appears in an edge mapped to the sorted list of its distinct neighbours", r'''def adjacency(edges):
    out = {}
    for a, b in edges:
        out.setdefault(a, set()).add(b)
        out.setdefault(b, set()).add(a)
    return {k: sorted(v) for k, v in out.items()}''', [([[1, 2], [1, 3], [3, 2], [2, 1]],), ([],), ([["x", "y"]],)]),
    ("medium", "returns the value at `x` of the polynomial whose coefficients are in the list `coeffs`, highest power first (e.g. [2, 0, 1] is `2 * x**2 + 1`; 0 for an empty list)", r'''def poly_eval(coeffs, x):
    v = 0
    for c in coeffs:
        v = v * x + c
    return v''', [([2, 0, 1], 3), ([], 5), ([1, -1], 1), ([4], 10)]),
    ("medium", "returns the coefficients of the derivative of the polynomial whose coefficients are in the list `coeffs`, constant term first (e.g. [5, 3, 2] is `5 + 3 * x + 2 * x**2`), also constant term first (an empty list for a constant or empty polynomial)", r'''def derivative(coeffs):
    return [i * c for i, c in enumerate(coeffs)][1:]''', [([5, 3, 2],), ([7],), ([],), ([0, 0, 0, 4],)]),
    ("medium", "returns the grid `g` (a list of rows) after a flood fill from row `r`, column `c`: that cell and every cell connected to it through up, down, left or right steps over cells of the same original value get the value `v`; `g` itself is left unchanged", r'''def flood_fill(g, r, c, v):
    out = [list(row) for row in g]
    old = out[r][c]
    if old == v:
        return out
    stack = [(r, c)]
    while stack:
        i, j = stack.pop()
        if 0 <= i < len(out) and 0 <= j < len(out[0]) and out[i][j] == old:
            out[i][j] = v
            stack += [(i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)]
    return out''', [([[1, 1, 1], [1, 1, 0], [1, 0, 1]], 1, 1, 2), ([[0, 0], [0, 0]], 0, 0, 0), ([[5]], 0, 0, 3)]),
    ("medium", "returns how many bins of capacity `cap` are used when the sizes in the list `items` (each at most `cap`) are placed in order, each into the first bin, in the order the bins were opened, that still has room for it, a new bin being opened when none has", r'''def first_fit(items, cap):
    bins = []
    for x in items:
        for i in range(len(bins)):
            if bins[i] + x <= cap:
                bins[i] += x
                break
        else:
            bins.append(x)
    return len(bins)''', [([4, 8, 1, 4, 2, 1], 10), ([], 5), ([5, 5, 5], 5), ([6, 5, 4], 10)]),
    ("medium", "returns how many bottles can be drunk when you start with `n` full bottles and can exchange every `k` empty bottles (`k` >= 2) for one new full bottle, as many times as possible", r'''def bottles_drunk(n, k):
    total, empty = 0, 0
    while n:
        total += n
        empty += n
        n, empty = empty // k, empty % k
    return total''', [(9, 3), (15, 4), (0, 2), (1, 2)]),
    ("medium", "returns the number of complete rows of a staircase built from `n` coins, where row `i` (counting from 1) needs exactly `i` coins and rows are filled in order", r'''def complete_rows(n):
    k = 0
    while n >= k + 1:
        k += 1
        n -= k
    return k''', [(5,), (8,), (0,), (1,), (10,)]),
    ("medium", "returns a dictionary mapping each name of the dictionary `d`, which maps names to non-empty lists of scores, to the average of that name's scores", r'''def average_scores(d):
    return {k: sum(v) / len(v) for k, v in d.items()}''', [({"ana": [90, 80], "ben": [70]},), ({},), ({"x": [1, 2, 3, 4]},)]),
    ("medium", "returns how many carries happen when the non-negative integers `a` and `b` are added digit by digit in decimal, from the rightmost digit", r'''def carry_count(a, b):
    carry = n = 0
    while a or b:
        carry = 1 if a % 10 + b % 10 + carry >= 10 else 0
        n += carry
        a //= 10
        b //= 10
    return n''', [(123, 456), (555, 555), (0, 0), (99, 1), (1, 99999)]),
    ("medium", "returns the sum of the sums of all the contiguous sublists of odd length of the list of numbers `xs` (0 for an empty list)", r'''def sum_odd_length_subarrays(xs):
    total = 0
    for i in range(len(xs)):
        for j in range(i + 1, len(xs) + 1, 2):
            total += sum(xs[i:j])
    return total''', [([1, 4, 2, 5, 3],), ([],), ([1, 2],), ([10, 11, 12],)]),
    ("medium", "returns the smallest number of moves that make all the elements of the non-empty list of integers `xs` equal, where a move adds 1 to or subtracts 1 from one element", r'''def moves_to_equal(xs):
    s = sorted(xs)
    m = s[len(s) // 2]
    return sum(abs(x - m) for x in xs)''', [([1, 2, 3],), ([1, 10, 2, 9],), ([5],), ([4, 4, 4, 8],)]),
    ("medium", "returns the total time poisoned, when each attack at the times in the sorted list `times` poisons the target for `d` time units from that moment (an attack during a poisoning restarts the `d` units from its own time, and overlapping time counts once)", r'''def poisoned_time(times, d):
    total = 0
    for i, t in enumerate(times):
        if i + 1 < len(times):
            total += min(d, times[i + 1] - t)
        else:
            total += d
    return total''', [([1, 4], 2), ([1, 2], 2), ([], 5), ([1, 2, 3, 10], 3)]),
    ("medium", "returns True if the binary tree `t` is a binary search tree: every value in a node's left subtree is smaller than the node's value and every value in its right subtree is larger, where a tree is None when empty or a list `[value, left, right]` whose `left` and `right` are trees; False otherwise", r'''def is_bst(t):
    def ok(t, lo, hi):
        if t is None:
            return True
        v = t[0]
        if (lo is not None and v <= lo) or (hi is not None and v >= hi):
            return False
        return ok(t[1], lo, v) and ok(t[2], v, hi)
    return ok(t, None, None)''', [([2, [1, None, None], [3, None, None]],), ([5, [1, None, None], [4, [3, None, None], [6, None, None]]],), (None,), ([5, [3, None, [6, None, None]], [8, None, None]],)]),
    ("medium", "returns the list of the sums of the values on each level of the binary tree `t`, from the root level down, where a tree is None when empty or a list `[value, left, right]` whose `left` and `right` are trees (an empty list for an empty tree)", r'''def level_sums(t):
    out, level = [], [t] if t is not None else []
    while level:
        out.append(sum(n[0] for n in level))
        level = [c for n in level for c in (n[1], n[2]) if c is not None]
    return out''', [([1, [2, [4, None, None], None], [3, None, [5, None, None]]],), (None,), ([7, None, None],)]),
    ("medium", "returns the integer written in the string `s`, an optional '+' or '-' sign followed by one or more decimal digits, without using `int`", r'''def parse_int(s):
    sign, i = 1, 0
    if s[0] in '+-':
        sign = -1 if s[0] == '-' else 1
        i = 1
    n = 0
    for c in s[i:]:
        n = n * 10 + ord(c) - ord('0')
    return sign * n''', [("123",), ("-45",), ("+0",), ("007",)]),
    ("medium", "returns the aspect ratio of a picture `w` wide and `h` high (positive integers) as a string 'a:b' in lowest terms, e.g. 1920 and 1080 give '16:9'", r'''def aspect_ratio(w, h):
    import math
    g = math.gcd(w, h)
    return str(w // g) + ':' + str(h // g)''', [(1920, 1080), (100, 100), (7, 3), (1024, 768)]),
    ("medium", "returns the positions `[row, column]` next to row `r`, column `c` (up, down, left and right, in that order) that lie inside a grid of `h` rows and `w` columns, rows and columns counted from 0", r'''def grid_neighbors(r, c, h, w):
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= r + dr < h and 0 <= c + dc < w:
            out.append([r + dr, c + dc])
    return out''', [(0, 0, 2, 2), (1, 1, 3, 3), (0, 0, 1, 1), (2, 1, 3, 2)]),
    ("medium", "returns the decimal digits of the non-negative integer `n` as a string with a '-' inserted between every two adjacent odd digits, e.g. 13578 gives '1-3-5-78'", r'''def dash_odds(n):
    s = str(n)
    out = s[0]
    for a, b in zip(s, s[1:]):
        if int(a) % 2 and int(b) % 2:
            out += '-'
        out += b
    return out''', [(13578,), (0,), (2468,), (1234,), (11,)]),
    ("medium", "returns a list `[lines, words, characters]` for the string `s`: the number of '\\n' characters in it, the number of its words (split on whitespace) and the number of its characters", r'''def wc(s):
    return [s.count('\n'), len(s.split()), len(s)]''', [("hello world\nbye\n",), ("",), ("one",)]),
    ("medium", "returns the town judge among the people numbered 1 to `n`, given the list `trust` of pairs `[a, b]` meaning that person `a` trusts person `b`: the judge trusts nobody and is trusted by everybody else; -1 if there is no such person", r'''def town_judge(n, trust):
    for p in range(1, n + 1):
        trusts = any(a == p for a, _ in trust)
        trusted_by = {a for a, b in trust if b == p}
        if not trusts and len(trusted_by) == n - 1:
            return p
    return -1''', [(2, [[1, 2]]), (3, [[1, 3], [2, 3], [3, 1]]), (1, []), (3, [[1, 3], [2, 3]])]),
    ("medium", "returns the number of valleys walked through on a hike described by the string `steps` of 'U' (one step up) and 'D' (one step down), starting at sea level: a valley is a stretch below sea level, from a step down from sea level to the next step up back to sea level", r'''def count_valleys(steps):
    level = valleys = 0
    for c in steps:
        if c == 'U':
            level += 1
            if level == 0:
                valleys += 1
        else:
            level -= 1
    return valleys''', [("UDDDUDUU",), ("DDUUDDUDUUUD",), ("",), ("UUDD",)]),
]


def _names(code):
    return {_signature(ref)[0] for _, _, ref, _ in code}


def build() -> list[dict]:
    tasks = code_tasks(CODE_MORE)
    ids = [t["id"] for t in tasks]
    assert len(ids) == len(set(ids)), "duplicate ids in CODE_MORE"
    taken = _names(CODE) | _names(CODE_HELD_OUT)
    with open(HERE / "code_demo.jsonl") as f:
        taken |= {json.loads(line)["entry_point"] for line in f if line.strip()}
    clash = sorted(t["entry_point"] for t in tasks if t["entry_point"] in taken)
    assert not clash, f"entry points already used by bundled tasks: {clash}"
    assert all(t["meta"]["difficulty"] in ("easy", "medium") for t in tasks)
    return sorted(tasks, key=lambda t: t["id"])


if __name__ == "__main__":
    tasks = build()
    write("code_more.jsonl", tasks)
    counts = {}
    for t in tasks:
        counts[t["meta"]["difficulty"]] = counts.get(t["meta"]["difficulty"], 0) + 1
    print(f"code_more: {len(tasks)} tasks ({', '.join(f'{v} {k}' for k, v in sorted(counts.items()))})")
