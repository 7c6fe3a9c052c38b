#!/usr/bin/env python3
"""Randomized list scheduling of a straight-line kernel (used by gen.py for the kernels listed
in schedules.txt).

`schedule(lines, seed, noise)` returns the instructions in a new order: a list scheduler that
always issues,
among the instructions whose inputs are ready, the one with the highest priority, where the
priority is the latency of the longest dependency chain from the instruction to the end
(MULX 4 cycles, IMUL 3, anything else 1) plus Gaussian noise of deviation NOISE. Dependencies
are those of the code as written: through registers (read after write, write after read, write
after write), through the carry flag, the overflow flag and the other flags, and through memory
(a store is ordered against every load and store), so every order it
returns computes the same result (`respects` checks that of any order). A kernel's seed and
noise are chosen by timing such orders in a dependent chain (scripts/asm/search.py) and
confirming the lead with `cargo bench`, and are recorded in schedules.txt; tests/field.rs
compares every kernel with its portable twin.
"""
import random
import re

REG64 = {}
for r in ["rax", "rbx", "rcx", "rdx", "rsi", "rdi", "rbp", "rsp"]:
    REG64[r] = r
    REG64["e" + r[1:]] = r
for i in range(8, 16):
    REG64[f"r{i}"] = f"r{i}"
    REG64[f"r{i}d"] = f"r{i}"
FLAGS = {"CF", "OF", "ZF"}


def registers(operand):
    """The 64-bit registers (and `{named}` operands) an operand mentions."""
    found = set()
    for tok in re.findall(r"\{[a-z0-9_]+(?::[a-z])?\}|[a-z0-9]+", operand):
        if tok.startswith("{"):
            found.add(tok.split(":")[0].rstrip("}") + "}")
        elif tok in REG64:
            found.add(REG64[tok])
    return found


def reads_writes(ins):
    """(resources read, resources written) by one instruction."""
    op, _, rest = ins.partition(" ")
    args = [a.strip() for a in rest.split(",")] if rest else []
    reads = set()
    for a in args:
        if "[" in a:
            reads |= registers(a)
    if any("[" in a for a in args[1:]):
        reads.add("MEM")
    src = [registers(a) if "[" not in a else set() for a in args]
    dst = registers(args[0]) if args and "[" not in args[0] else set()
    if op == "mov" and "[" in args[0]:
        # A store: ordered against every load and store (one resource for all memory).
        return reads | src[1] | {"MEM"}, {"MEM"}
    if op == "mulx":
        return reads | {"rdx"} | src[2], dst | registers(args[1])
    if op in ("adox", "adcx"):
        flag = "OF" if op == "adox" else "CF"
        return reads | dst | src[1] | {flag}, dst | {flag}
    if op in ("add", "sub", "imul"):
        return reads | dst | src[1], dst | FLAGS
    if op in ("adc", "sbb"):
        return reads | dst | src[1] | {"CF"}, dst | FLAGS
    if op == "xor":
        return (set() if args[0] == args[1] else reads | dst | src[1]), dst | FLAGS
    if op in ("mov", "vmovq"):
        return reads | src[1], dst
    if op == "lea":
        return registers(args[1]), dst
    if op in ("neg", "shl", "shr", "btr"):
        return reads | dst, dst | FLAGS
    if op in ("shld", "shrd"):
        return reads | dst | src[1], dst | FLAGS
    if op == "cmp":
        return reads | dst | src[1], FLAGS
    if op.startswith("cmov"):
        return reads | dst | src[1] | {"CF", "OF", "ZF"}, dst
    raise ValueError(f"unknown instruction: {ins}")


def schedule(lines, seed, noise):
    n = len(lines)
    rw = [reads_writes(x) for x in lines]
    pred = [set() for _ in range(n)]
    last_write, readers = {}, {}
    for i, (rd, wr) in enumerate(rw):
        for r in rd | wr:
            if r in last_write:
                pred[i].add(last_write[r])
        for r in wr:
            pred[i] |= readers.get(r, set())
        for r in rd:
            readers.setdefault(r, set()).add(i)
        for r in wr:
            last_write[r] = i
            readers[r] = set()
        pred[i].discard(i)
    succ = [set() for _ in range(n)]
    for i in range(n):
        for j in pred[i]:
            succ[j].add(i)
    height = [0] * n
    for i in reversed(range(n)):
        lat = {"mulx": 4, "imul": 3}.get(lines[i].split()[0], 1)
        height[i] = lat + max((height[j] for j in succ[i]), default=0)
    rng = random.Random(seed)
    priority = [height[i] + rng.gauss(0, noise) - 0.001 * i for i in range(n)]
    waiting = [len(p) for p in pred]
    ready = [i for i in range(n) if waiting[i] == 0]
    order = []
    while ready:
        ready.sort(key=lambda i: -priority[i])
        i = ready.pop(0)
        order.append(lines[i])
        for j in succ[i]:
            waiting[j] -= 1
            if waiting[j] == 0:
                ready.append(j)
    return order


def respects(order, lines):
    """Whether `order` (a permutation of `lines`) keeps every instruction between the same
    writers and readers of each register, flag and memory as `lines`: then both compute the
    same."""
    if sorted(order) != sorted(lines):
        return False
    n = len(lines)
    rw = [reads_writes(x) for x in lines]
    position = {}
    for pos, ins in enumerate(order):
        position.setdefault(ins, []).append(pos)
    at = [position[ins].pop(0) for ins in lines]
    for i in range(n):
        for j in range(i + 1, n):
            (ri, wi), (rj, wj) = rw[i], rw[j]
            if (wi & (rj | wj)) or (ri & wj):
                if at[i] > at[j]:
                    return False
    return True
