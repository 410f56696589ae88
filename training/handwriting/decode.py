"""Greedy CTC decoding and the error measures the model card reports."""
from .charset import CHARSET


def greedy(logp_row):
    """Best path for one line: (steps, classes) log-probabilities to text."""
    best = logp_row.argmax(-1).tolist()
    out, prev = [], 0
    for c in best:
        if c and c != prev:
            out.append(CHARSET[c - 1])
        prev = c
    return "".join(out)


def edit_distance(a: str, b: str) -> int:
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]
