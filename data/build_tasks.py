"""Build rlkit's bundled task sets in data/ (run: python data/build_tasks.py).

Code tasks are written for this project: each has a reference solution, used only here to compute the expected
values of its tests, never shipped in the task files. Math word problems come from templates with computed answers;
format tasks ask for JSON with given keys. Splits are fixed by a seeded shuffle, so the files are reproducible."""
import inspect, json, random, textwrap
from pathlib import Path

HERE = Path(__file__).resolve().parent

# (difficulty, what the function does, reference solution, test inputs)
CODE = [
    # ---- easy: one expression or one loop ----
    ("easy", "returns the sum of `a` and `b`", "def add(a, b):\n    return a + b", [(1, 2), (-1, 1), (10, 5), (0, 0)]),
    ("easy", "returns `a` minus `b`", "def subtract(a, b):\n    return a - b", [(5, 3), (0, 7), (-2, -2)]),
    ("easy", "returns the product of `a` and `b`", "def multiply(a, b):\n    return a * b", [(3, 4), (-2, 5), (0, 9)]),
    ("easy", "returns `n` squared", "def square(n):\n    return n * n", [(3,), (-4,), (0,)]),
    ("easy", "returns `n` cubed", "def cube(n):\n    return n ** 3", [(2,), (-3,), (0,)]),
    ("easy", "returns True if the integer `n` is even and False otherwise", "def is_even(n):\n    return n % 2 == 0", [(2,), (7,), (0,), (-3,)]),
    ("easy", "returns True if the integer `n` is odd and False otherwise", "def is_odd(n):\n    return n % 2 == 1", [(3,), (8,), (0,), (-5,)]),
    ("easy", "returns the absolute value of the number `x` without using `abs`", "def absolute(x):\n    return -x if x < 0 else x", [(-3,), (4,), (0,)]),
    ("easy", "returns the larger of the two numbers `a` and `b`", "def max_of_two(a, b):\n    return a if a >= b else b", [(1, 2), (5, -1), (3, 3)]),
    ("easy", "returns the smallest of the three numbers `a`, `b` and `c`", "def min_of_three(a, b, c):\n    return min(a, b, c)", [(1, 2, 3), (5, -1, 0), (4, 4, 2)]),
    ("easy", "returns the string `s` reversed", "def reverse_string(s):\n    return s[::-1]", [("abc",), ("",), ("racecar",), ("ab cd",)]),
    ("easy", "returns the length of the string `s` without using `len`", "def string_length(s):\n    n = 0\n    for _ in s:\n        n += 1\n    return n", [("hello",), ("",), ("a b",)]),
    ("easy", "returns the string `s` in upper case", "def to_upper(s):\n    return s.upper()", [("abc",), ("Hello World",), ("",)]),
    ("easy", "returns the first character of the non-empty string `s`", "def first_char(s):\n    return s[0]", [("hello",), ("x",), ("Zebra",)]),
    ("easy", "returns the last element of the non-empty list `xs`", "def last_element(xs):\n    return xs[-1]", [([1, 2, 3],), (["a"],), ([0, -1],)]),
    ("easy", "returns the sum of the numbers in the list `xs`", "def list_sum(xs):\n    return sum(xs)", [([1, 2, 3],), ([],), ([-1, 1, 5],)]),
    ("easy", "returns the product of the numbers in the list `xs` (1 for an empty list)", "def list_product(xs):\n    p = 1\n    for x in xs:\n        p *= x\n    return p", [([1, 2, 3, 4],), ([],), ([-2, 5],)]),
    ("easy", "returns the largest number in the non-empty list `xs`", "def list_max(xs):\n    return max(xs)", [([1, 5, 3],), ([-4, -2, -9],), ([7],)]),
    ("easy", "returns the smallest number in the non-empty list `xs`", "def list_min(xs):\n    return min(xs)", [([1, 5, 3],), ([-4, -2, -9],), ([7],)]),
    ("easy", "returns the average of the numbers in the non-empty list `xs`", "def average(xs):\n    return sum(xs) / len(xs)", [([1, 2, 3],), ([4],), ([1, 2],)]),
    ("easy", "returns how many elements of the list `xs` are equal to `x`", "def count_occurrences(xs, x):\n    return xs.count(x)", [([1, 2, 1, 1], 1), ([], 3), (["a", "b"], "c")]),
    ("easy", "returns True if `x` is in the list `xs` and False otherwise", "def contains(xs, x):\n    return x in xs", [([1, 2, 3], 2), ([1, 2, 3], 5), ([], 0)]),
    ("easy", "returns a new list with every element of `xs` doubled", "def double_all(xs):\n    return [2 * x for x in xs]", [([1, 2, 3],), ([],), ([-1, 0],)]),
    ("easy", "returns a list of the even numbers in `xs`, in order", "def evens(xs):\n    return [x for x in xs if x % 2 == 0]", [([1, 2, 3, 4],), ([1, 3],), ([0, -2, 5],)]),
    ("easy", "returns the number of vowels (a, e, i, o, u, in either case) in the string `s`", "def count_vowels(s):\n    return sum(c in 'aeiouAEIOU' for c in s)", [("hello",), ("AEIOU",), ("xyz",), ("",)]),
    ("easy", "converts the temperature `c` from Celsius to Fahrenheit", "def celsius_to_fahrenheit(c):\n    return c * 9 / 5 + 32", [(0,), (100,), (-40,), (37,)]),
    ("easy", "returns the area of a rectangle with sides `w` and `h`", "def rectangle_area(w, h):\n    return w * h", [(2, 3), (0, 5), (7, 7)]),
    ("easy", "returns the perimeter of a rectangle with sides `w` and `h`", "def rectangle_perimeter(w, h):\n    return 2 * (w + h)", [(2, 3), (0, 5), (7, 7)]),
    ("easy", "returns True if the string `s` is empty and False otherwise", "def is_empty(s):\n    return len(s) == 0", [("",), ("a",), (" ",)]),
    ("easy", "returns the string `s` repeated `n` times", "def repeat_string(s, n):\n    return s * n", [("ab", 3), ("x", 0), ("", 5)]),
    ("easy", "returns `s` with every space removed", "def remove_spaces(s):\n    return s.replace(' ', '')", [("a b c",), ("nospace",), ("  ",)]),
    ("easy", "returns the number of words in the string `s` (words are separated by whitespace)", "def word_count(s):\n    return len(s.split())", [("hello world",), ("",), ("  one  two three ",)]),
    ("easy", "returns True if the integer `n` is positive, False otherwise", "def is_positive(n):\n    return n > 0", [(5,), (0,), (-3,)]),
    ("easy", "returns the sign of `n`: 1 if positive, -1 if negative, 0 if zero", "def sign(n):\n    return (n > 0) - (n < 0)", [(5,), (0,), (-3,)]),
    ("easy", "returns the remainder of `a` divided by `b`", "def remainder(a, b):\n    return a % b", [(7, 3), (10, 5), (3, 7)]),
    ("easy", "returns the integer `n` as a string", "def int_to_string(n):\n    return str(n)", [(42,), (-7,), (0,)]),
    ("easy", "returns the first `n` elements of the list `xs`", "def take(xs, n):\n    return xs[:n]", [([1, 2, 3], 2), ([1], 5), ([], 1)]),
    ("easy", "returns the list `xs` without its first element", "def tail(xs):\n    return xs[1:]", [([1, 2, 3],), ([1],), (["a", "b"],)]),
    ("easy", "returns True if `a` is divisible by `b`", "def is_divisible(a, b):\n    return a % b == 0", [(10, 5), (7, 2), (0, 3)]),
    ("easy", "returns the number of digits of the non-negative integer `n`", "def count_digits(n):\n    return len(str(n))", [(0,), (12345,), (9,)]),
    ("easy", "returns the concatenation of the strings `a` and `b` with a single space between them", "def join_with_space(a, b):\n    return a + ' ' + b", [("hello", "world"), ("a", ""), ("", "")]),
    ("easy", "returns the dictionary `d`'s value for `key`, or `default` when the key is missing", "def get_or_default(d, key, default):\n    return d.get(key, default)", [({"a": 1}, "a", 0), ({}, "x", 5), ({"b": 2}, "a", None)]),
    ("easy", "returns the sorted list of the keys of the dictionary `d`", "def sorted_keys(d):\n    return sorted(d)", [({"b": 1, "a": 2},), ({},), ({"z": 0, "m": 1, "a": 2},)]),
    ("easy", "returns True if the string `s` starts with the string `prefix`", "def starts_with(s, prefix):\n    return s.startswith(prefix)", [("hello", "he"), ("hello", "lo"), ("", "")]),
    ("easy", "returns the number of characters in `s` that are digits", "def count_digits_in_string(s):\n    return sum(c.isdigit() for c in s)", [("a1b2c3",), ("abc",), ("2024",)]),
    ("easy", "returns the list `xs` sorted in ascending order", "def sort_list(xs):\n    return sorted(xs)", [([3, 1, 2],), ([],), ([5, -1, 5],)]),
    ("easy", "returns the list `xs` sorted in descending order", "def sort_descending(xs):\n    return sorted(xs, reverse=True)", [([3, 1, 2],), ([],), ([5, -1, 5],)]),
    ("easy", "returns the hypotenuse of a right triangle with legs `a` and `b`", "def hypotenuse(a, b):\n    return (a * a + b * b) ** 0.5", [(3, 4), (5, 12), (0, 2)]),
    ("easy", "returns the number of seconds in `h` hours", "def hours_to_seconds(h):\n    return h * 3600", [(1,), (0,), (2.5,)]),
    ("easy", "returns True if the year `y` is a leap year (divisible by 4, except centuries not divisible by 400)", "def is_leap_year(y):\n    return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)", [(2024,), (1900,), (2000,), (2023,)]),
    ("easy", "returns the sum of the integers from 1 to `n` inclusive (0 when `n` is 0)", "def sum_to_n(n):\n    return n * (n + 1) // 2", [(1,), (10,), (0,), (100,)]),
    ("easy", "returns `n` factorial", "def factorial(n):\n    r = 1\n    for i in range(2, n + 1):\n        r *= i\n    return r", [(0,), (1,), (5,), (10,)]),
    ("easy", "returns a list of the integers from 1 to `n` inclusive", "def one_to_n(n):\n    return list(range(1, n + 1))", [(3,), (0,), (1,)]),
    ("easy", "returns the string `s` with its first letter in upper case and the rest unchanged", "def capitalize_first(s):\n    return s[:1].upper() + s[1:]", [("hello",), ("",), ("hELLO",)]),
    ("easy", "returns the middle element of the list `xs`, which has odd length", "def middle(xs):\n    return xs[len(xs) // 2]", [([1, 2, 3],), ([5],), ([1, 2, 3, 4, 5],)]),
    ("easy", "returns a new list with the elements of `xs` followed by those of `ys`", "def concat_lists(xs, ys):\n    return xs + ys", [([1], [2, 3]), ([], []), (["a"], [])]),
    ("easy", "returns the number of negative numbers in the list `xs`", "def count_negatives(xs):\n    return sum(x < 0 for x in xs)", [([1, -2, -3],), ([],), ([0, 5],)]),
    ("easy", "returns True if all numbers in the list `xs` are positive", "def all_positive(xs):\n    return all(x > 0 for x in xs)", [([1, 2],), ([1, -2],), ([],)]),
    ("easy", "returns the string `s` in lower case with leading and trailing whitespace removed", "def normalize(s):\n    return s.strip().lower()", [("  Hello ",), ("ABC",), ("",)]),
    ("easy", "returns the last digit of the non-negative integer `n`", "def last_digit(n):\n    return n % 10", [(123,), (0,), (7,)]),
    # ---- medium: a few lines, a little care ----
    ("medium", "returns True if the string `s` reads the same forwards and backwards, ignoring case and non-letter characters", "def is_palindrome(s):\n    t = [c.lower() for c in s if c.isalpha()]\n    return t == t[::-1]", [("Racecar",), ("A man, a plan, a canal: Panama",), ("hello",), ("",)]),
    ("medium", "returns 'Fizz' if `n` is divisible by 3, 'Buzz' if by 5, 'FizzBuzz' if by both, and otherwise `str(n)`", "def fizzbuzz(n):\n    if n % 15 == 0:\n        return 'FizzBuzz'\n    if n % 3 == 0:\n        return 'Fizz'\n    if n % 5 == 0:\n        return 'Buzz'\n    return str(n)", [(3,), (10,), (15,), (7,)]),
    ("medium", "returns True if the integer `n` is a prime number", "def is_prime(n):\n    if n < 2:\n        return False\n    i = 2\n    while i * i <= n:\n        if n % i == 0:\n            return False\n        i += 1\n    return True", [(2,), (1,), (17,), (21,), (97,)]),
    ("medium", "returns the `n`-th Fibonacci number, where fib(0) = 0 and fib(1) = 1", "def fibonacci(n):\n    a, b = 0, 1\n    for _ in range(n):\n        a, b = b, a + b\n    return a", [(0,), (1,), (10,), (20,)]),
    ("medium", "returns the greatest common divisor of the positive integers `a` and `b`", "def gcd(a, b):\n    while b:\n        a, b = b, a % b\n    return a", [(12, 18), (7, 13), (100, 25)]),
    ("medium", "returns the least common multiple of the positive integers `a` and `b`", "def lcm(a, b):\n    x, y = a, b\n    while y:\n        x, y = y, x % y\n    return a * b // x", [(4, 6), (3, 7), (10, 5)]),
    ("medium", "returns the sum of the digits of the non-negative integer `n`", "def digit_sum(n):\n    return sum(int(c) for c in str(n))", [(123,), (0,), (9999,)]),
    ("medium", "returns the integer formed by reversing the digits of the non-negative integer `n`", "def reverse_digits(n):\n    return int(str(n)[::-1])", [(123,), (100,), (7,)]),
    ("medium", "returns a list of the elements of `xs` without duplicates, keeping the first occurrence of each, in order", "def unique(xs):\n    seen, out = set(), []\n    for x in xs:\n        if x not in seen:\n            seen.add(x)\n            out.append(x)\n    return out", [([1, 2, 1, 3, 2],), ([],), (["a", "a"],)]),
    ("medium", "returns a dictionary mapping each character of `s` to the number of times it occurs", "def char_counts(s):\n    d = {}\n    for c in s:\n        d[c] = d.get(c, 0) + 1\n    return d", [("hello",), ("",), ("aaa",)]),
    ("medium", "returns a dictionary mapping each word of `s` (split on whitespace) to its count", "def word_frequencies(s):\n    d = {}\n    for w in s.split():\n        d[w] = d.get(w, 0) + 1\n    return d", [("a b a",), ("",), ("the cat the hat the",)]),
    ("medium", "returns the second largest distinct number in the list `xs`, or None if there is none", "def second_largest(xs):\n    s = sorted(set(xs))\n    return s[-2] if len(s) >= 2 else None", [([1, 3, 2],), ([5, 5],), ([4, 1, 4, 3],)]),
    ("medium", "returns True if the strings `a` and `b` are anagrams of each other (same letters, same counts, case-sensitive)", "def is_anagram(a, b):\n    return sorted(a) == sorted(b)", [("listen", "silent"), ("abc", "abd"), ("", "")]),
    ("medium", "returns the list `xs` rotated left by `k` positions (k may be larger than the length)", "def rotate_left(xs, k):\n    if not xs:\n        return []\n    k %= len(xs)\n    return xs[k:] + xs[:k]", [([1, 2, 3, 4], 1), ([1, 2, 3], 5), ([], 2)]),
    ("medium", "returns a flat list of the elements of the list of lists `xss`", "def flatten(xss):\n    return [x for xs in xss for x in xs]", [([[1, 2], [3]],), ([],), ([[], [4], []],)]),
    ("medium", "returns the list of pairs `[a, b]` of elements at the same position in `xs` and `ys`, up to the shorter length", "def pairs(xs, ys):\n    return [[a, b] for a, b in zip(xs, ys)]", [([1, 2], ["a", "b"]), ([1, 2, 3], [4]), ([], [1])]),
    ("medium", "returns the number of times the substring `sub` occurs in `s`, counting overlapping occurrences", "def count_overlapping(s, sub):\n    return sum(s.startswith(sub, i) for i in range(len(s)))", [("aaaa", "aa"), ("abcabc", "abc"), ("abc", "d")]),
    ("medium", "returns the string `s` with each word's first letter in upper case and the rest in lower case", "def title_case(s):\n    return ' '.join(w[:1].upper() + w[1:].lower() for w in s.split())", [("hello world",), ("PYTHON is FUN",), ("",)]),
    ("medium", "returns the longest word in the string `s` (the first one if several are equally long), or '' for an empty string", "def longest_word(s):\n    best = ''\n    for w in s.split():\n        if len(w) > len(best):\n            best = w\n    return best", [("a quick brown fox",), ("",), ("aa bb c",)]),
    ("medium", "returns the run-length encoding of `s` as a string, e.g. 'aaabcc' becomes 'a3b1c2'", "def run_length(s):\n    out, i = [], 0\n    while i < len(s):\n        j = i\n        while j < len(s) and s[j] == s[i]:\n            j += 1\n        out.append(s[i] + str(j - i))\n        i = j\n    return ''.join(out)", [("aaabcc",), ("",), ("abc",)]),
    ("medium", "returns the binary representation of the non-negative integer `n` as a string without the '0b' prefix", "def to_binary(n):\n    return bin(n)[2:]", [(5,), (0,), (255,)]),
    ("medium", "returns the integer value of the binary string `s`", "def from_binary(s):\n    return int(s, 2)", [("101",), ("0",), ("11111111",)]),
    ("medium", "returns True if the brackets '()', '[]' and '{}' in `s` are balanced", "def balanced(s):\n    pairs, stack = {')': '(', ']': '[', '}': '{'}, []\n    for c in s:\n        if c in '([{':\n            stack.append(c)\n        elif c in pairs:\n            if not stack or stack.pop() != pairs[c]:\n                return False\n    return not stack", [("([]{})",), ("(]",), ("((",), ("",)]),
    ("medium", "returns the list of prime numbers less than or equal to `n`", "def primes_up_to(n):\n    return [p for p in range(2, n + 1) if all(p % d for d in range(2, int(p ** 0.5) + 1))]", [(10,), (1,), (30,)]),
    ("medium", "returns the list of positive divisors of the positive integer `n`, in ascending order", "def divisors(n):\n    return [d for d in range(1, n + 1) if n % d == 0]", [(12,), (1,), (13,)]),
    ("medium", "returns True if `n` is a perfect number (equal to the sum of its proper divisors)", "def is_perfect(n):\n    return n > 1 and sum(d for d in range(1, n) if n % d == 0) == n", [(6,), (28,), (12,), (1,)]),
    ("medium", "returns the list `xs` split into consecutive chunks of length `k` (the last may be shorter)", "def chunks(xs, k):\n    return [xs[i:i + k] for i in range(0, len(xs), k)]", [([1, 2, 3, 4, 5], 2), ([], 3), ([1, 2], 5)]),
    ("medium", "returns the dictionary `d` with keys and values swapped (values are unique)", "def invert_dict(d):\n    return {v: k for k, v in d.items()}", [({"a": 1, "b": 2},), ({},), ({1: "x"},)]),
    ("medium", "returns a new dictionary with the entries of `a` and `b`; where both have a key, the values are added", "def merge_add(a, b):\n    out = dict(a)\n    for k, v in b.items():\n        out[k] = out.get(k, 0) + v\n    return out", [({"a": 1}, {"a": 2, "b": 3}), ({}, {}), ({"x": 5}, {})]),
    ("medium", "returns the list of keys of the dictionary `d` whose value is the largest, sorted", "def argmax_keys(d):\n    if not d:\n        return []\n    m = max(d.values())\n    return sorted(k for k, v in d.items() if v == m)", [({"a": 1, "b": 3, "c": 3},), ({},), ({"x": 0},)]),
    ("medium", "returns the list of running sums of `xs`, e.g. [1, 2, 3] gives [1, 3, 6]", "def running_sum(xs):\n    out, t = [], 0\n    for x in xs:\n        t += x\n        out.append(t)\n    return out", [([1, 2, 3],), ([],), ([5, -5, 5],)]),
    ("medium", "returns the maximum difference `xs[j] - xs[i]` with `i < j` in the list `xs` of length at least 2", "def max_gain(xs):\n    best, lo = xs[1] - xs[0], xs[0]\n    for x in xs[1:]:\n        best = max(best, x - lo)\n        lo = min(lo, x)\n    return best", [([7, 1, 5, 3, 6, 4],), ([5, 4, 3],), ([1, 2],)]),
    ("medium", "returns the string `s` with vowels (a, e, i, o, u, either case) removed", "def remove_vowels(s):\n    return ''.join(c for c in s if c not in 'aeiouAEIOU')", [("hello world",), ("AEIOU",), ("",)]),
    ("medium", "returns the Caesar cipher of the lower-case string `s` shifted by `k` letters (other characters unchanged)", "def caesar(s, k):\n    return ''.join(chr((ord(c) - 97 + k) % 26 + 97) if c.islower() else c for c in s)", [("abc", 1), ("xyz", 3), ("hello, world", 13)]),
    ("medium", "returns True if the list `xs` is sorted in non-decreasing order", "def is_sorted(xs):\n    return all(a <= b for a, b in zip(xs, xs[1:]))", [([1, 2, 2, 3],), ([3, 1],), ([],)]),
    ("medium", "returns the index of `x` in the sorted list `xs` using binary search, or -1 if it is absent", "def binary_search(xs, x):\n    lo, hi = 0, len(xs) - 1\n    while lo <= hi:\n        mid = (lo + hi) // 2\n        if xs[mid] == x:\n            return mid\n        if xs[mid] < x:\n            lo = mid + 1\n        else:\n            hi = mid - 1\n    return -1", [([1, 3, 5, 7], 5), ([1, 3, 5, 7], 4), ([], 1)]),
    ("medium", "returns the list of indices where `x` occurs in `xs`", "def indices_of(xs, x):\n    return [i for i, v in enumerate(xs) if v == x]", [([1, 2, 1], 1), ([], 0), (["a", "b"], "c")]),
    ("medium", "returns the number of distinct elements in the list `xs`", "def count_distinct(xs):\n    return len(set(xs))", [([1, 2, 2, 3],), ([],), (["a", "a"],)]),
    ("medium", "returns the elements common to the lists `xs` and `ys`, without duplicates, sorted", "def common(xs, ys):\n    return sorted(set(xs) & set(ys))", [([1, 2, 3], [2, 3, 4]), ([], [1]), ([5, 5], [5])]),
    ("medium", "returns the transpose of the rectangular matrix `m` given as a list of rows", "def transpose(m):\n    return [list(r) for r in zip(*m)]", [([[1, 2], [3, 4]],), ([[1, 2, 3]],), ([[1], [2]],)]),
    ("medium", "returns the sum of the main diagonal of the square matrix `m`", "def trace(m):\n    return sum(m[i][i] for i in range(len(m)))", [([[1, 2], [3, 4]],), ([[5]],), ([[1, 0, 0], [0, 2, 0], [0, 0, 3]],)]),
    ("medium", "returns the number of uppercase and lowercase letters of `s` as a list `[upper, lower]`", "def case_counts(s):\n    return [sum(c.isupper() for c in s), sum(c.islower() for c in s)]", [("Hello World",), ("",), ("ABC def",)]),
    ("medium", "returns `s` with the order of its words reversed (words separated by single spaces in the result)", "def reverse_words(s):\n    return ' '.join(s.split()[::-1])", [("hello world",), ("one",), ("a b  c",)]),
    ("medium", "returns the acronym of `s`: the first letter of each word, in upper case", "def acronym(s):\n    return ''.join(w[0].upper() for w in s.split())", [("portable network graphics",), ("",), ("As Soon As Possible",)]),
    ("medium", "returns the Collatz sequence starting at the positive integer `n` and ending at 1, as a list", "def collatz(n):\n    out = [n]\n    while n != 1:\n        n = n // 2 if n % 2 == 0 else 3 * n + 1\n        out.append(n)\n    return out", [(6,), (1,), (7,)]),
    ("medium", "returns the number of steps the Collatz process takes to reach 1 from the positive integer `n`", "def collatz_steps(n):\n    k = 0\n    while n != 1:\n        n = n // 2 if n % 2 == 0 else 3 * n + 1\n        k += 1\n    return k", [(6,), (1,), (27,)]),
    ("medium", "returns the list `xs` with every occurrence of `old` replaced by `new`", "def replace_all(xs, old, new):\n    return [new if x == old else x for x in xs]", [([1, 2, 1], 1, 0), ([], 1, 2), (["a"], "b", "c")]),
    ("medium", "returns a dictionary grouping the words in the list `words` by their first letter: letter -> list of words in order", "def group_by_first(words):\n    d = {}\n    for w in words:\n        d.setdefault(w[0], []).append(w)\n    return d", [(["apple", "avocado", "banana"],), ([],), (["x"],)]),
    ("medium", "returns the median of the non-empty list of numbers `xs` (the mean of the two middle values for even length)", "def median(xs):\n    s = sorted(xs)\n    n = len(s)\n    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2", [([3, 1, 2],), ([4, 1, 3, 2],), ([5],)]),
    ("medium", "returns the most frequent element of the non-empty list `xs`; ties go to the element that appears first", "def mode(xs):\n    best = xs[0]\n    for x in xs:\n        if xs.count(x) > xs.count(best):\n            best = x\n    return best", [([1, 2, 2, 3],), ([4],), (["a", "b", "b", "a"],)]),
    ("medium", "returns True if `n` is a power of two (1, 2, 4, 8, ...)", "def is_power_of_two(n):\n    return n > 0 and n & (n - 1) == 0", [(1,), (16,), (18,), (0,)]),
    ("medium", "returns the string `s` with consecutive duplicate characters collapsed into one", "def squeeze(s):\n    return ''.join(c for i, c in enumerate(s) if i == 0 or s[i - 1] != c)", [("aabbbc",), ("",), ("abc",)]),
    ("medium", "returns the number of pairs `(i, j)` with `i < j` and `xs[i] + xs[j] == target`", "def count_pair_sums(xs, target):\n    return sum(xs[i] + xs[j] == target for i in range(len(xs)) for j in range(i + 1, len(xs)))", [([1, 2, 3, 4], 5), ([], 1), ([2, 2, 2], 4)]),
    ("medium", "returns the list `xs` with its elements in pairs swapped: [1, 2, 3, 4] gives [2, 1, 4, 3]; an odd last element stays", "def swap_pairs(xs):\n    out = list(xs)\n    for i in range(0, len(out) - 1, 2):\n        out[i], out[i + 1] = out[i + 1], out[i]\n    return out", [([1, 2, 3, 4],), ([1, 2, 3],), ([],)]),
    # ---- hard: small algorithms ----
    ("hard", "returns the length of the longest strictly increasing subsequence of `xs`", "def lis_length(xs):\n    best = [1] * len(xs)\n    for i in range(len(xs)):\n        for j in range(i):\n            if xs[j] < xs[i]:\n                best[i] = max(best[i], best[j] + 1)\n    return max(best, default=0)", [([10, 9, 2, 5, 3, 7, 101, 18],), ([],), ([5, 4, 3],)]),
    ("hard", "returns the Levenshtein edit distance between the strings `a` and `b`", "def edit_distance(a, b):\n    prev = list(range(len(b) + 1))\n    for i, ca in enumerate(a, 1):\n        cur = [i]\n        for j, cb in enumerate(b, 1):\n            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))\n        prev = cur\n    return prev[-1]", [("kitten", "sitting"), ("", "abc"), ("same", "same")]),
    ("hard", "returns the length of the longest common subsequence of the strings `a` and `b`", "def lcs_length(a, b):\n    dp = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]\n    for i in range(len(a)):\n        for j in range(len(b)):\n            dp[i + 1][j + 1] = dp[i][j] + 1 if a[i] == b[j] else max(dp[i][j + 1], dp[i + 1][j])\n    return dp[-1][-1]", [("abcde", "ace"), ("abc", "def"), ("", "a")]),
    ("hard", "returns the maximum sum of a non-empty contiguous sublist of `xs`", "def max_subarray(xs):\n    best = cur = xs[0]\n    for x in xs[1:]:\n        cur = max(x, cur + x)\n        best = max(best, cur)\n    return best", [([-2, 1, -3, 4, -1, 2, 1, -5, 4],), ([-3, -1],), ([5],)]),
    ("hard", "returns the list of all permutations of the list `xs`, in lexicographic order of positions (as `itertools.permutations` yields them), each as a list", "def permutations(xs):\n    if len(xs) <= 1:\n        return [list(xs)]\n    out = []\n    for i in range(len(xs)):\n        for p in permutations(xs[:i] + xs[i + 1:]):\n            out.append([xs[i]] + p)\n    return out", [([1, 2, 3],), ([],), (["a"],)]),
    ("hard", "returns the list of all subsets of the list `xs` as lists, ordered by the binary counting of which elements are included (first element is the lowest bit)", "def subsets(xs):\n    return [[xs[i] for i in range(len(xs)) if m >> i & 1] for m in range(2 ** len(xs))]", [([1, 2],), ([],), (["a", "b", "c"],)]),
    ("hard", "returns the number of ways to make the amount `n` from coins with the values in `coins` (order does not matter)", "def coin_ways(n, coins):\n    ways = [1] + [0] * n\n    for c in coins:\n        for v in range(c, n + 1):\n            ways[v] += ways[v - c]\n    return ways[n]", [(5, [1, 2, 5]), (3, [2]), (10, [10])]),
    ("hard", "returns the fewest coins with values in `coins` that make the amount `n`, or -1 if impossible", "def min_coins(n, coins):\n    inf = n + 1\n    best = [0] + [inf] * n\n    for v in range(1, n + 1):\n        for c in coins:\n            if c <= v:\n                best[v] = min(best[v], best[v - c] + 1)\n    return best[n] if best[n] < inf else -1", [(11, [1, 2, 5]), (3, [2]), (0, [1])]),
    ("hard", "returns the list of intervals `[start, end]` after merging the overlapping ones in the list `intervals`, sorted by start", "def merge_intervals(intervals):\n    out = []\n    for s, e in sorted(intervals):\n        if out and s <= out[-1][1]:\n            out[-1][1] = max(out[-1][1], e)\n        else:\n            out.append([s, e])\n    return out", [([[1, 3], [2, 6], [8, 10]],), ([],), ([[1, 4], [4, 5]],)]),
    ("hard", "returns the integer value of the Roman numeral `s`", "def roman_to_int(s):\n    v = {'I': 1, 'V': 5, 'X': 10, 'L': 50, 'C': 100, 'D': 500, 'M': 1000}\n    total = 0\n    for i, c in enumerate(s):\n        total += -v[c] if i + 1 < len(s) and v[s[i + 1]] > v[c] else v[c]\n    return total", [("III",), ("MCMXCIV",), ("IV",)]),
    ("hard", "returns the Roman numeral for the integer `n` between 1 and 3999", "def int_to_roman(n):\n    table = [(1000, 'M'), (900, 'CM'), (500, 'D'), (400, 'CD'), (100, 'C'), (90, 'XC'), (50, 'L'), (40, 'XL'), (10, 'X'), (9, 'IX'), (5, 'V'), (4, 'IV'), (1, 'I')]\n    out = ''\n    for v, r in table:\n        while n >= v:\n            out += r\n            n -= v\n    return out", [(3,), (1994,), (3999,)]),
    ("hard", "returns the number of islands (groups of 1s connected horizontally or vertically) in the grid `g` of 0s and 1s", "def count_islands(g):\n    seen, n = set(), 0\n    for r in range(len(g)):\n        for c in range(len(g[0])):\n            if g[r][c] == 1 and (r, c) not in seen:\n                n += 1\n                stack = [(r, c)]\n                while stack:\n                    y, x = stack.pop()\n                    if (y, x) in seen or not (0 <= y < len(g) and 0 <= x < len(g[0])) or g[y][x] != 1:\n                        continue\n                    seen.add((y, x))\n                    stack += [(y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)]\n    return n", [([[1, 1, 0], [0, 0, 1], [1, 0, 1]],), ([[0]],), ([[1, 1], [1, 1]],)]),
    ("hard", "returns the length of the shortest path from the top-left to the bottom-right cell of the grid `g` moving through 0 cells up, down, left or right, counting cells visited; -1 if there is none", "def shortest_path(g):\n    from collections import deque\n    h, w = len(g), len(g[0])\n    if g[0][0] or g[h - 1][w - 1]:\n        return -1\n    q, seen = deque([(0, 0, 1)]), {(0, 0)}\n    while q:\n        y, x, d = q.popleft()\n        if (y, x) == (h - 1, w - 1):\n            return d\n        for ny, nx in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):\n            if 0 <= ny < h and 0 <= nx < w and not g[ny][nx] and (ny, nx) not in seen:\n                seen.add((ny, nx))\n                q.append((ny, nx, d + 1))\n    return -1", [([[0, 0, 0], [1, 1, 0], [0, 0, 0]],), ([[0, 1], [1, 0]],), ([[0]],)]),
    ("hard", "returns the `k` most frequent words in the list `words`, most frequent first, ties broken alphabetically", "def top_k_words(words, k):\n    counts = {}\n    for w in words:\n        counts[w] = counts.get(w, 0) + 1\n    return sorted(counts, key=lambda w: (-counts[w], w))[:k]", [(["a", "b", "a", "c", "b", "a"], 2), ([], 3), (["x", "y"], 1)]),
    ("hard", "returns True if the string `s` can be split into a sequence of one or more words from the list `words`", "def word_break(s, words):\n    ok = [True] + [False] * len(s)\n    for i in range(1, len(s) + 1):\n        ok[i] = any(ok[j] and s[j:i] in words for j in range(i))\n    return ok[-1]", [("leetcode", ["leet", "code"]), ("catsandog", ["cats", "dog", "sand", "and", "cat"]), ("", ["a"])]),
    ("hard", "returns the number of distinct paths from the top-left to the bottom-right corner of an `r` by `c` grid moving only right or down", "def grid_paths(r, c):\n    row = [1] * c\n    for _ in range(1, r):\n        for j in range(1, c):\n            row[j] += row[j - 1]\n    return row[-1]", [(3, 7), (1, 1), (3, 3)]),
    ("hard", "returns the list of rows of Pascal's triangle with `n` rows", "def pascal(n):\n    rows = []\n    for i in range(n):\n        row = [1] * (i + 1)\n        for j in range(1, i):\n            row[j] = rows[-1][j - 1] + rows[-1][j]\n        rows.append(row)\n    return rows", [(1,), (5,), (0,)]),
    ("hard", "returns the list `xs` sorted with merge sort (do not use `sorted` or `list.sort`)", "def merge_sort(xs):\n    if len(xs) <= 1:\n        return list(xs)\n    a, b = merge_sort(xs[:len(xs) // 2]), merge_sort(xs[len(xs) // 2:])\n    out = []\n    while a and b:\n        out.append(a.pop(0) if a[0] <= b[0] else b.pop(0))\n    return out + a + b", [([5, 2, 4, 1, 3],), ([],), ([2, 2, 1],)]),
    ("hard", "returns the value of the arithmetic expression `s` containing non-negative integers, '+', '-', '*' and spaces, with the usual precedence", "def evaluate(s):\n    tokens = s.replace('+', ' + ').replace('-', ' - ').replace('*', ' * ').split()\n    terms, sign, i = [], 1, 0\n    while i < len(tokens):\n        v = int(tokens[i])\n        i += 1\n        while i < len(tokens) and tokens[i] == '*':\n            v *= int(tokens[i + 1])\n            i += 2\n        terms.append(sign * v)\n        if i < len(tokens):\n            sign = 1 if tokens[i] == '+' else -1\n            i += 1\n    return sum(terms)", [("1 + 2 * 3",), ("10 - 4 - 3",), ("2*3*4 + 1",)]),
    ("hard", "returns the longest palindromic substring of `s` (the first one if several are equally long)", "def longest_palindrome(s):\n    best = ''\n    for i in range(len(s)):\n        for j in range(i, len(s)):\n            t = s[i:j + 1]\n            if t == t[::-1] and len(t) > len(best):\n                best = t\n    return best", [("babad",), ("cbbd",), ("",)]),
    ("hard", "returns the length of the longest substring of `s` without repeating characters", "def longest_unique_substring(s):\n    best, start, last = 0, 0, {}\n    for i, c in enumerate(s):\n        if last.get(c, -1) >= start:\n            start = last[c] + 1\n        last[c] = i\n        best = max(best, i - start + 1)\n    return best", [("abcabcbb",), ("bbbbb",), ("",), ("pwwkew",)]),
    ("hard", "returns the list of prime factors of the integer `n` greater than 1, with repetition, in ascending order", "def prime_factors(n):\n    out, d = [], 2\n    while d * d <= n:\n        while n % d == 0:\n            out.append(d)\n            n //= d\n        d += 1\n    if n > 1:\n        out.append(n)\n    return out", [(12,), (13,), (360,)]),
    ("hard", "returns the number of inversions in `xs`: pairs `i < j` with `xs[i] > xs[j]`", "def inversions(xs):\n    return sum(xs[i] > xs[j] for i in range(len(xs)) for j in range(i + 1, len(xs)))", [([2, 4, 1, 3, 5],), ([],), ([5, 4, 3, 2, 1],)]),
    ("hard", "returns the spiral order (clockwise from the top-left) of the elements of the matrix `m`", "def spiral(m):\n    out = []\n    m = [list(r) for r in m]\n    while m:\n        out += m.pop(0)\n        m = [list(r) for r in zip(*m)][::-1]\n    return out", [([[1, 2, 3], [4, 5, 6], [7, 8, 9]],), ([[1]],), ([[1, 2], [3, 4], [5, 6]],)]),
    ("hard", "returns the product of the matrices `a` and `b`, given as lists of rows", "def matmul(a, b):\n    return [[sum(x * y for x, y in zip(r, c)) for c in zip(*b)] for r in a]", [([[1, 2], [3, 4]], [[5, 6], [7, 8]]), ([[1]], [[2]]), ([[1, 0, 2]], [[1], [2], [3]])]),
    ("hard", "returns True if `s` is a valid IPv4 address: four decimal numbers 0-255 separated by dots, without leading zeros", "def is_ipv4(s):\n    parts = s.split('.')\n    return len(parts) == 4 and all(p.isdigit() and str(int(p)) == p and int(p) <= 255 for p in parts)", [("192.168.0.1",), ("256.1.1.1",), ("01.2.3.4",), ("1.2.3",)]),
    ("hard", "returns the number of trailing zeros of `n` factorial", "def factorial_zeros(n):\n    k = 0\n    while n:\n        n //= 5\n        k += n\n    return k", [(5,), (100,), (3,)]),
    ("hard", "returns the `n`-th row (0-based) of the look-and-say sequence starting from '1'", "def look_and_say(n):\n    s = '1'\n    for _ in range(n):\n        out, i = '', 0\n        while i < len(s):\n            j = i\n            while j < len(s) and s[j] == s[i]:\n                j += 1\n            out += str(j - i) + s[i]\n            i = j\n        s = out\n    return s", [(0,), (3,), (5,)]),
    ("hard", "returns the list of lists of words from `words` that are anagrams of each other, each group in input order, groups ordered by their first word's position", "def group_anagrams(words):\n    groups = {}\n    for w in words:\n        groups.setdefault(''.join(sorted(w)), []).append(w)\n    return list(groups.values())", [(["eat", "tea", "tan", "ate", "nat", "bat"],), ([],), (["a"],)]),
    ("hard", "returns the maximum total value that fits in a knapsack of capacity `cap`, given the lists `weights` and `values` (each item at most once)", "def knapsack(cap, weights, values):\n    best = [0] * (cap + 1)\n    for w, v in zip(weights, values):\n        for c in range(cap, w - 1, -1):\n            best[c] = max(best[c], best[c - w] + v)\n    return best[cap]", [(5, [1, 3, 4], [15, 20, 30]), (0, [1], [5]), (10, [5, 4, 6, 3], [10, 40, 30, 50])]),
    ("hard", "returns the list of the nodes of the directed acyclic graph `g` (a dict from node to list of successors) in a topological order, choosing the smallest available node first", "def topo_sort(g):\n    nodes = set(g) | {v for vs in g.values() for v in vs}\n    indeg = {n: 0 for n in nodes}\n    for vs in g.values():\n        for v in vs:\n            indeg[v] += 1\n    out = []\n    ready = sorted(n for n in nodes if indeg[n] == 0)\n    while ready:\n        n = ready.pop(0)\n        out.append(n)\n        for v in g.get(n, []):\n            indeg[v] -= 1\n            if indeg[v] == 0:\n                ready = sorted(ready + [v])\n    return out", [({1: [2, 3], 2: [4], 3: [4]},), ({},), ({"b": ["a"], "c": []},)]),
    # ---- more easy and medium ----
    ("easy", "returns the number of elements of the list `xs` greater than `t`", "def count_greater(xs, t):\n    return sum(x > t for x in xs)", [([1, 5, 7], 4), ([], 0), ([3, 3], 3)]),
    ("easy", "returns the string `s` without its first and last characters", "def strip_ends(s):\n    return s[1:-1]", [("hello",), ("ab",), ("xyz",)]),
    ("easy", "returns the kilometres corresponding to `m` miles (1 mile is 1.609344 km)", "def miles_to_km(m):\n    return m * 1.609344", [(1,), (0,), (26.2,)]),
    ("easy", "returns the list of the squares of the numbers in `xs`", "def squares(xs):\n    return [x * x for x in xs]", [([1, 2, 3],), ([],), ([-4],)]),
    ("easy", "returns True if the character `c` is a vowel (a, e, i, o, u, either case)", "def is_vowel(c):\n    return c in 'aeiouAEIOU'", [("a",), ("B",), ("E",)]),
    ("medium", "returns the list `xs` with all zeros moved to the end, other elements keeping their order", "def zeros_to_end(xs):\n    return [x for x in xs if x != 0] + [0] * xs.count(0)", [([0, 1, 0, 3, 12],), ([],), ([0, 0],)]),
    ("medium", "returns True if every character of the string `s` occurs only once", "def all_unique_chars(s):\n    return len(set(s)) == len(s)", [("abc",), ("aba",), ("",)]),
    ("medium", "returns the string `s` with each letter's case swapped", "def swap_case(s):\n    return s.swapcase()", [("Hello",), ("",), ("aBC1",)]),
    ("medium", "returns the list of numbers from 1 to `n` whose digits sum to an even number", "def even_digit_sums(n):\n    return [k for k in range(1, n + 1) if sum(map(int, str(k))) % 2 == 0]", [(12,), (1,), (20,)]),
    ("medium", "returns the number of days in month `m` (1-12) of year `y`, taking leap years into account", "def days_in_month(m, y):\n    if m == 2:\n        return 29 if y % 4 == 0 and (y % 100 != 0 or y % 400 == 0) else 28\n    return 30 if m in (4, 6, 9, 11) else 31", [(2, 2024), (2, 1900), (4, 2023), (12, 2023)]),
]


def _signature(src: str):
    "Name and parameter list of the function a reference solution defines"
    line = src.split("\n", 1)[0]
    return line[len("def "):line.index("(")], line[line.index("(") + 1:line.rindex(")")]


def _call(name, args): return f"{name}({', '.join(map(repr, args))})"


def code_tasks() -> list[dict]:
    "Every code task with its tests, expected values computed by running the reference solution here"
    tasks = []
    for i, (difficulty, does, ref, inputs) in enumerate(CODE):
        name, params = _signature(ref)
        ns = {}
        exec(ref, ns)
        tests = []
        for args in inputs:
            want = ns[name](*[list(a) if isinstance(a, list) else a for a in args])
            if isinstance(want, float): tests.append(f"assert abs({_call(name, args)} - {want!r}) < 1e-6")
            else: tests.append(f"assert {_call(name, args)} == {want!r}")
        tasks.append(dict(id=f"code/{name}", domain="code", prompt=f"Write a Python function `{name}({params})` that {does}.",
                          tests="\n".join(tests), entry_point=name, answer=None, meta=dict(difficulty=difficulty)))
    return tasks


def math_tasks(n: int = 240, seed: int = 0) -> list[dict]:
    "Word problems from templates, answers computed"
    rng = random.Random(seed)
    names = ["Ana", "Ben", "Chen", "Dara", "Eli", "Fatima", "Goran", "Hana", "Ivan", "Jia"]
    items = ["apples", "pencils", "stickers", "marbles", "books", "cookies", "stamps", "shells"]
    templates = [
        ("easy", lambda a, b, c, p, q: (f"{p} has {a} {q}. {p} buys {b} more. How many {q} does {p} have now?", a + b)),
        ("easy", lambda a, b, c, p, q: (f"{p} had {a + b} {q} and gave {b} to a friend. How many {q} are left?", a)),
        ("easy", lambda a, b, c, p, q: (f"There are {a} boxes with {b} {q} in each box. How many {q} are there in total?", a * b)),
        ("medium", lambda a, b, c, p, q: (f"{p} shares {a * b} {q} equally among {a} friends. How many {q} does each friend get?", b)),
        ("medium", lambda a, b, c, p, q: (f"A shop sells {q} at {b} dollars each. {p} buys {a} of them and pays with a {a * b + c} dollar note. How much change does {p} get?", c)),
        ("medium", lambda a, b, c, p, q: (f"{p} reads {a} pages a day for {b} days, then {c} pages on the last day. How many pages did {p} read?", a * b + c)),
        ("medium", lambda a, b, c, p, q: (f"A train travels at {a * 10} km per hour for {b} hours. How many kilometres does it travel?", a * 10 * b)),
        ("hard", lambda a, b, c, p, q: (f"{p} has {a} {q}. {p} doubles them, then gives away {c}, then buys {b} more. How many {q} does {p} have?", 2 * a - c + b)),
        ("hard", lambda a, b, c, p, q: (f"A rectangle is {a + 2} cm long and {b + 1} cm wide. What is its perimeter in cm?", 2 * (a + 2 + b + 1))),
        ("hard", lambda a, b, c, p, q: (f"{p} saves {b} dollars every week. How many weeks does {p} need to save at least {a * b + c} dollars?", -(-(a * b + c) // b))),
        ("hard", lambda a, b, c, p, q: (f"What is {a * 4}% of {b * 25}?", a * 4 * b * 25 / 100)),
    ]
    out, seen = [], set()
    while len(out) < n:
        difficulty, t = rng.choice(templates)
        a, b = rng.randint(2, 12), rng.randint(2, 12)
        c = rng.randint(1, a)
        prompt, answer = t(a, b, c, rng.choice(names), rng.choice(items))
        if prompt in seen or answer < 0: continue
        seen.add(prompt)
        answer = int(answer) if float(answer).is_integer() else answer
        out.append(dict(id=f"math/{len(out):04d}", domain="math", prompt=prompt + " Give the final answer as a number on the last line.",
                        tests="", entry_point="", answer=answer, meta=dict(difficulty=difficulty)))
    return out


def format_tasks(n: int = 120, seed: int = 0) -> list[dict]:
    "Instructions with a checkable output format: a JSON object with exactly the given keys"
    rng = random.Random(seed)
    subjects = {"a book": ["title", "author", "year"], "a city": ["name", "country", "population"],
                "a person": ["name", "age", "job"], "a movie": ["title", "director", "year", "genre"],
                "a recipe": ["name", "ingredients", "minutes"], "a planet": ["name", "moons", "diameter_km"],
                "a song": ["title", "artist", "length_seconds"], "a car": ["make", "model", "year", "color"]}
    out, seen = [], set()
    while len(out) < n:
        subject, keys = rng.choice(list(subjects.items()))
        keys = rng.sample(keys, rng.randint(2, len(keys)))
        prompt = (f"Describe {subject} as a JSON object with exactly these keys: {', '.join(keys)}. "
                  "Answer with the JSON object only.")
        if prompt in seen: continue
        seen.add(prompt)
        out.append(dict(id=f"format/{len(out):04d}", domain="format", prompt=prompt, tests="", entry_point="",
                        answer=keys, meta=dict(difficulty="easy" if len(keys) <= 2 else "medium", format="json_keys")))
    return out


def split(tasks: list[dict], test_fraction: float = 0.25, seed: int = 0):
    "A seeded split into train and held-out test, stratified by difficulty"
    rng, train, test = random.Random(seed), [], []
    for d in ("easy", "medium", "hard"):
        group = [t for t in tasks if t["meta"]["difficulty"] == d]
        rng.shuffle(group)
        k = round(len(group) * test_fraction)
        test += group[:k]; train += group[k:]
    key = lambda t: t["id"]
    return sorted(train, key=key), sorted(test, key=key)


def write(name: str, tasks: list[dict]):
    with open(HERE / name, "w", encoding="utf-8") as f:
        for t in tasks: f.write(json.dumps(t, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    for domain, tasks in (("code", code_tasks()), ("math", math_tasks()), ("format", format_tasks())):
        ids = [t["id"] for t in tasks]
        assert len(ids) == len(set(ids)), f"duplicate ids in {domain}"
        train, test = split(tasks)
        write(f"{domain}_train.jsonl", train); write(f"{domain}_test.jsonl", test)
        print(f"{domain}: {len(train)} train, {len(test)} test")
