"""Generators of the Montgomery kernels (`limbs::mont_mul_4`/`mont_sqr_4` and the field's
`x86_64` folder), the field's modular addition and final subtraction, and the divstep block.

Each function returns the `Body` of one `asm!` call. The products run on MULX with two carry
chains (ADCX for one half of each word product, ADOX for the other) over a window of registers
that rotates as limbs become final; register names are those of the committed code."""

from common import Body, mem, r32


def mac(b, srcs, win, last_hi=None, lo_first=True, hi="rcx", lo="rax"):
    """Add rdx·srcs[j] into the window: the low half of product j into win[j], the high half
    into win[j + 1] (on ADOX and ADCX, or ADCX and ADOX when `lo_first` is false). With
    `last_hi`, the last product's high half goes straight into that register (a fresh top word;
    only its low half is added)."""
    lo_op, hi_op = ("adox", "adcx") if lo_first else ("adcx", "adox")
    for j, s in enumerate(srcs):
        if last_hi and j == len(srcs) - 1:
            b(f"mulx {last_hi}, {lo}, {s}", f"{lo_op} {win[j]}, {lo}")
        else:
            b(f"mulx {hi}, {lo}, {s}", f"{lo_op} {win[j]}, {lo}", f"{hi_op} {win[j + 1]}, {hi}")


def mac_sum(b, srcs, win, zero, his=("rcx", "r14"), lo="rax"):
    """Add rdx·srcs into the window on one pass: ADCX forms the row's words (the low half of
    product j plus the high half of product j − 1, the high halves alternating between the two
    `his` registers) and ADOX adds each into win[j]; the last high half takes the ADCX carry
    from `zero` (a register holding 0) and goes into win[len(srcs)] on ADOX. Each window word
    is thus added to once a row, and the ADCX chain does not wait for the window."""
    b(f"mulx {his[0]}, {lo}, {srcs[0]}", f"adox {win[0]}, {lo}")
    for j in range(1, len(srcs)):
        b(f"mulx {his[j % 2]}, {lo}, {srcs[j]}", f"adcx {lo}, {his[(j - 1) % 2]}",
          f"adox {win[j]}, {lo}")
    h = his[(len(srcs) - 1) % 2]
    b(f"adcx {h}, {zero}", f"adox {win[len(srcs)]}, {h}")


def words(base, n, zero="plus"):
    return [mem(base, 8 * j, zero) for j in range(n)]


def first_row(b, srcs, win, lo="rax"):
    """win = rdx·srcs on one MULX/ADD/ADC chain (win has len(srcs) + 1 registers)."""
    b(f"mulx {win[1]}, {win[0]}, {srcs[0]}")
    for j in range(1, len(srcs)):
        b(f"mulx {win[j + 1]}, {lo}, {srcs[j]}", f"{'add' if j == 1 else 'adc'} {win[j]}, {lo}")
    b(f"adc {win[len(srcs)]}, 0")


def close(b, *regs, zero="rax"):
    """End both carry chains into the top words: `zero` holds 0 (set here when it is rax)."""
    if zero == "rax":
        b("mov eax, 0")
    b(f"adcx {regs[0]}, {zero}", f"adox {regs[0]}, {zero}")


def m128(b, t0, t1, k, m0, m1, scratch="rdx", lo_into=None):
    """m = (t0 + t1·2^64)·(−p⁻¹) mod 2^128 with (−p⁻¹) at `k` (two words): m0 = lo(t0·q0)
    into `m0`, m1 = hi(t0·q0) + lo(t0·q1) + lo(t1·q0) into `m1`; leaves rdx = m0."""
    b(f"mov rdx, {t0}", f"mulx {m1}, {m0}, {k[0]}", f"imul rdx, {k[1]}", f"add {m1}, rdx",
      f"mov rdx, {t1}", f"imul rdx, {k[0]}", f"add {m1}, rdx")


def subtract_p(b, x, t, p, carry=None, cond="cmovnc", interleave=True):
    """x − p into t (each copy next to its subtraction, or all copies first), then `cond`
    takes it (on the borrow of x − p, less the carry word)."""
    if not interleave:
        for j in range(len(x)):
            b(f"mov {t[j]}, {x[j]}")
    for j in range(len(x)):
        if interleave:
            b(f"mov {t[j]}, {x[j]}")
        b(f"{'sub' if j == 0 else 'sbb'} {t[j]}, {p[j]}")
    if carry:
        b(f"sbb {carry}, 0")
    for j in range(len(x)):
        b(f"{cond} {x[j]}, {t[j]}")


# --- limbs::mont_mul_4 and mont_sqr_4: any odd 4-limb p, results below p -------------------


def mont_mul_4():
    """CIOS: four rounds, each a row a[i]·b and a REDC step m·p (m = t0·(−p⁻¹) mod 2^64) on
    the two carry chains, over a six-register window that moves one word a round; r15 holds 0."""
    b = Body()
    ring = ["r8", "r9", "r10", "r11", "r12", "r13"]
    b("xor r15d, r15d", "xor r13d, r13d", "xor r8d, r8d", "xor r9d, r9d", "xor r10d, r10d",
      "xor r11d, r11d", "xor r12d, r12d", "xor eax, eax")
    for i in range(4):
        t = ring[i:] + ring[:i]
        if i:
            b(f"mov rdx, qword ptr [rsi + {8 * i}]", "xor eax, eax")
        for step in ("row", "redc"):
            if step == "redc":
                b(f"mov rdx, {t[0]}", "imul rdx, qword ptr [r14 + 32]", "xor eax, eax")
            mac(b, words("rdi" if step == "row" else "r14", 4), t)
            b(f"adox {t[4]}, r15", f"adcx {t[5]}, r15", f"adox {t[5]}, r15")
    t = ring[4:] + ring[:4]
    subtract_p(b, t[:4], ["rax", "rcx", "rdx", "rsi"], words("r14", 4), carry=t[4],
               interleave=False)
    b.ops('inout("rdx") a[0] => _', 'inout("rsi") a.as_ptr() => _',
          'inout("rdi") b.as_ptr() => _', 'inout("r14") pk.as_ptr() => _',
          'out("r12") r0', 'out("r13") r1', 'out("r8") r2', 'out("r9") r3', 'out("r10") _',
          'out("r11") _', 'out("rax") _', 'out("rcx") _', 'out("r15") _',
          "options(pure, readonly, nostack)")
    return b


def square_4(b):
    """The eight-word square of a (a[0] in rdx, a[1..4] in rcx, r14, r13; also at rsi) into
    r8..r15: the cross products a[i]·a[j] (i < j) once, doubled on the CF chain while the
    diagonal squares go in on the OF chain."""
    b("mulx r15, r8, rdx", "mulx r10, r9, rcx", "mulx r11, rax, r14", "add r10, rax",
      "mulx r12, rax, r13", "adc r11, rax", "adc r12, 0",
      "mov rdx, rcx", "xor eax, eax")
    mac(b, [mem("rsi", 16, "plus"), mem("rsi", 24, "plus")], ["r11", "r12"], last_hi="r13")
    close(b, "r13")
    b("mov rdx, qword ptr [rsi + 16]", "mulx r14, rax, qword ptr [rsi + 24]", "add r13, rax",
      "adc r14, 0", "mov rdx, qword ptr [rsi + 8]", "xor eax, eax",
      "adcx r9, r9", "adox r9, r15", "mulx rcx, rax, rdx",
      "adcx r10, r10", "adox r10, rax", "adcx r11, r11", "adox r11, rcx",
      "mov rdx, qword ptr [rsi + 16]", "mulx rcx, rax, rdx",
      "adcx r12, r12", "adox r12, rax", "adcx r13, r13", "adox r13, rcx",
      "mov rdx, qword ptr [rsi + 24]", "mulx rcx, rax, rdx",
      "adcx r14, r14", "adox r14, rax", "mov r15d, 0", "adcx r15, rcx", "mov eax, 0",
      "adox r15, rax")


def redc_word(b, t, lo):
    """t += rdx·p (rdx = m for the word t[0], which this clears): the carry out of the top
    ends in t[0]'s register, so the four-register window has turned by one word."""
    mac(b, words("rdi", 3), t, lo=lo)
    b(f"mulx rcx, {lo}, qword ptr [rdi + 24]", f"adox {t[3]}, {lo}", f"adcx rcx, {t[0]}",
      f"adox rcx, {t[0]}", f"mov {t[0]}, rcx")


def mont_sqr_4():
    """The square (each cross product once), then four REDC rounds on its low half (each
    clears one word and leaves its carry there), the high half added and p subtracted once."""
    b = Body()
    square_4(b)
    ring = ["r8", "r9", "r10", "r11"]
    for k in range(4):
        t = ring[k:] + ring[:k]
        b(f"mov rdx, {t[0]}", "imul rdx, qword ptr [rdi + 32]", "xor eax, eax")
        redc_word(b, t, "rax")
    b("add r8, r12", "adc r9, r13", "adc r10, r14", "adc r11, r15", "mov eax, 0", "adc rax, 0")
    subtract_p(b, ring, ["r12", "r13", "r14", "r15"], words("rdi", 4), carry="rax")
    b.ops('inout("rdx") a[0] => _', 'inout("rcx") a[1] => _', 'inout("r14") a[2] => _',
          'inout("r13") a[3] => _', 'in("rsi") a.as_ptr()', 'in("rdi") pk.as_ptr()',
          'out("r8") r0', 'out("r9") r1', 'out("r10") r2', 'out("r11") r3', 'out("r12") _',
          'out("r15") _', 'out("rax") _', "options(pure, readonly, nostack)")
    return b



# --- the field's x86_64 folder: additions, final subtraction, divsteps ------------------------


def mod_add_4():
    """(a + b) mod p: a + b on the CF chain and a + (b − p) on the OF chain side by side; the
    second carries out exactly when a + b ≥ p, and CMOVO takes it. b and b − p come in
    registers (those of b − p become a + (b − p)); TEST clears both flags."""
    return two_chains(["test {t0}, {t0}"], "b[{j}]", "d[{j}]", "cmovo")


def mod_sub_4():
    """(a − b) mod p: a + ¬b + 1 = a − b + 2^256 on the CF chain (it carries out exactly when
    a ≥ b) and a + (p − b) on the OF chain side by side; CMOVNC takes the second on a borrow.
    ¬b and p − b come in registers (those of p − b become a + (p − b)); TEST clears both
    flags, STC sets CF for the + 1."""
    return two_chains(["test {t0}, {t0}", "stc"], "!b[{j}]", "e[{j}]", "cmovnc")


def two_chains(start, cf_operand, of_operand, pick):
    """Four limbs of a (registers s) plus `cf_operand` on the CF chain and plus `of_operand`
    (registers t) on the OF chain, after the `start` instructions; `pick` moves t into s."""
    b = Body()
    b(*start)
    for j in range(4):
        b(f"adox {{t{j}}}, {{s{j}}}", f"adcx {{s{j}}}, {{u{j}}}")
    for j in range(4):
        b(f"{pick} {{s{j}}}, {{t{j}}}")
    b.ops(*[f"s{j} = inout(reg) s{j}" for j in range(4)],
          *[f"t{j} = inout(reg) {of_operand.format(j=j)} => _" for j in range(4)],
          *[f"u{j} = in(reg) {cf_operand.format(j=j)}" for j in range(4)],
          "options(pure, nomem, nostack)")
    return b


def mod_sub_6():
    """(a − b) mod p for six limbs: a − b by SUB/SBB; `sbb t, t` sets ZF exactly when nothing
    was borrowed; then p where ZF is clear (MOV of zero and CMOVNZ from memory, neither
    touching the flags) added limb by limb on ADCX, which leaves ZF alone. Nine registers, one
    chain."""
    b = Body()
    for j in range(6):
        b(f"{'sub' if j == 0 else 'sbb'} {{s{j}}}, {mem('{b}', 8 * j)}")
    b("sbb {t}, {t}", "clc")
    for j in range(6):
        b("mov {t}, 0", f"cmovnz {{t}}, {mem('{p}', 8 * j)}", f"adcx {{s{j}}}, {{t}}")
    b.ops(*[f"s{j} = inout(reg) s{j}" for j in range(6)],
          "t = out(reg) _", "b = in(reg) b.as_ptr()", "p = in(reg) p.as_ptr()",
          "options(pure, readonly, nostack)")
    return b


def reduce_once(n):
    """x − p if x ≥ p, else x, for n-limb x < 2p: sub/sbb into copies, cmov on the borrow."""
    b = Body()
    subtract_p(b, [f"{{r{j}}}" for j in range(n)], [f"{{t{j}}}" for j in range(n)],
               [mem("{p}", 8 * j) for j in range(n)])
    b.ops(*[f"r{j} = inout(reg) r{j}" for j in range(n)],
          *[f"t{j} = out(reg) _" for j in range(n)],
          "p = in(reg) p.as_ptr()", "options(pure, readonly, nostack)")
    return b


def divsteps():
    """One divstep as CMOV selections on y = zeta + 1 and c = [y ≤ 0]: x = ±f by the sign of
    y; on a swap (g odd and y ≤ 0) f ← g and y negated, else y − 1; g ← (g odd ? g + x : g)/2."""
    b = Body()
    b("mov {x}, {f}", "neg {x}", "lea {z}, [{y} - 1]", "neg {y}", "cmovs {x}, {f}",
      "lea {t}, [{g} + {x}]", "test {g}, {c}", "cmovz {y}, {z}", "cmovnz {f}, {g}",
      "test {g}, 1", "cmovnz {g}, {t}", "sar {g}, 1", "lea {c}, [{y} - 1]", "shr {c}, 63")
    b.ops("f = inout(reg) f", "g = inout(reg) g", "y = inout(reg) y", "c = inout(reg) c",
          "x = out(reg) _", "t = out(reg) _", "z = out(reg) _", "options(pure, nomem, nostack)")
    return b



def mont_mul_25519():
    """p = 2^255 − 19, CIOS on two-limb digits: two rounds, each after two rows of a. A round
    takes m = (t mod 2^128)·19⁻¹ mod 2^128 and replaces t by ⌊t/2^128⌋ − s + m·2^127 with
    s = hi(19·m1) + [t1 < lo(19·m1)]: one MULX for all of m·p. p is subtracted at the end by
    adding 19 and testing bit 255. a[2] and a[3] go to the scratch array first."""
    b = Body()
    ring = ["r8", "r9", "r10", "r11", "r12", "r13"]
    b("mov qword ptr [rsi + 16], r8", "mov qword ptr [rsi + 24], r9")
    b.note("t = a0·b (r8..r12), then + a1·b·2^64 (r9..r13).")
    bw = words("rdi", 4, "plain")
    first_row(b, bw, ring[:5])
    for r in range(2):
        t = ring[2 * r:] + ring[:2 * r]
        if r:
            b.note("t += a2·b (r10..r13, r8), then a3·b·2^64 (r11..r13, r8, r9).")
            for i in (2, 3):
                w = ring[i:] + ring[:i]
                b(f"mov rdx, qword ptr [rsi + {8 * i}]", f"xor {r32(w[4])}, {r32(w[4])}")
                mac(b, bw, w)
                b("mov eax, 0", f"adox {w[4]}, rax")
        else:
            b("mov rdx, r13", "xor r13d, r13d")
            mac(b, bw, ring[1:])
            b("mov eax, 0", "adox r13, rax")
        if r == 0:
            b.note("m = (rcx, r15) from t0 = r8, t1 = r9; s = hi(19·m1) + [t1 < lo(19·m1)] in rdx.")
        else:
            b.note("The second round, from t0 = r10, t1 = r11, into r12, r13, r8, r9.")
        b(f"mov rdx, {t[0]}", "mulx r15, rcx, qword ptr [r14]", "imul rdx, qword ptr [r14 + 8]",
          "add r15, rdx", f"mov rax, {t[1]}", "imul rax, qword ptr [r14]", "add r15, rax",
          "mov rdx, r15", "mulx rdx, rax, qword ptr [r14 + 16]", f"cmp {t[1]}, rax",
          "adc rdx, 0")
        if r == 0:
            b.note("t = t[2..6] − s + m·2^127 in r10..r13.")
        b("mov rax, rcx", "shl rax, 63", "shrd rcx, r15, 1", "shr r15, 1",
          f"sub {t[2]}, rdx", f"sbb {t[3]}, 0", f"sbb {t[4]}, 0", f"sbb {t[5]}, 0",
          f"add {t[3]}, rax", f"adc {t[4]}, rcx", f"adc {t[5]}, r15")
    x = ["r12", "r13", "r8", "r9"]
    c = ["rax", "rcx", "rdx", "rsi"]
    b.note("Subtract p if t ≥ p: t + 19 reaches 2^255 exactly then.")
    for j in range(4):
        b(f"mov {c[j]}, {x[j]}")
    b("add rax, 19", "adc rcx, 0", "adc rdx, 0", "adc rsi, 0", "btr rsi, 63")
    for j in range(4):
        b(f"cmovc {x[j]}, {c[j]}")
    b.ops('inout("rdx") a[0] => _', 'inout("rsi") scratch.as_mut_ptr() as *mut u64 => _',
          'in("rdi") b.as_ptr()', 'in("r14") K25519.as_ptr()', 'out("r12") r0',
          'inout("r13") a[1] => r1', 'inout("r8") a[2] => r2', 'inout("r9") a[3] => r3',
          'out("r10") _', 'out("r11") _', 'out("rax") _', 'out("rcx") _', 'out("r15") _',
          "options(nostack)")
    return b


def mont_mul_pm256():
    """p = 2^256 − c with all-ones upper limbs: m·p = m·2^256 − m·c, whose low word cancels
    t0, so a round adds m at word 4 and subtracts hi(m·c) at word 1; the borrow joins the next
    round's subtraction (r15) and the last runs up the result. p is subtracted at the end by
    adding c and testing the carry out of 2^256. Row 0 takes b's words from registers."""
    b = Body()
    ring = ["r8", "r9", "r10", "r11", "r12", "r13"]
    first_row(b, ["r12", "rcx", "r15", "r13"], ring[:5])
    b("xor r13d, r13d")
    for r in range(4):
        t = ring[r:] + ring[:r]
        if r:
            b(f"mov rdx, qword ptr [rsi + {8 * r}]", f"xor {r32(t[5])}, {r32(t[5])}")
            mac(b, words("rdi", 4), t[:5])
            b("mov eax, 0", f"adox {t[4]}, rax", f"adcx {t[5]}, rax", f"adox {t[5]}, rax")
        b(f"mov rdx, {t[0]}", "imul rdx, qword ptr [r14]", f"mulx rcx, {t[0]}, qword ptr [r14 + 8]")
        if r:
            b("sub rcx, r15")
        b(f"sub {t[1]}, rcx", "sbb r15, r15", f"add {t[4]}, rdx", f"adc {t[5]}, 0")
    b("neg r15", "sub r13, r15", "sbb r8, 0", "sbb r9, 0", "sbb r10, 0",
      "mov rax, r12", "add rax, qword ptr [r14 + 8]", "mov rcx, r13", "adc rcx, 0",
      "mov rdx, r8", "adc rdx, 0", "mov rsi, r9", "adc rsi, 0", "adc r10, 0")
    for x, c in zip(["r12", "r13", "r8", "r9"], ["rax", "rcx", "rdx", "rsi"]):
        b(f"cmovnz {x}, {c}")
    b.ops('inout("rdx") a[0] => _', 'inout("rsi") a.as_ptr() => _', 'in("rdi") b.as_ptr()',
          'in("r14") k.as_ptr()', 'inout("r12") b[0] => r0', 'inout("r13") b[3] => r1',
          'inout("rcx") b[1] => _', 'inout("r15") b[2] => _', 'out("r8") r2', 'out("r9") r3',
          'out("r10") _', 'out("r11") _', 'out("rax") _', "options(pure, readonly, nostack)")
    return b



def mont_mul_6_nc():
    """Six-limb no-carry CIOS on one-limb digits: round i adds a[i]·b into the seven-register
    window (row 0 on one MULX/ADD/ADC chain), takes m = t0·(−p⁻¹) mod 2^64 with one IMUL and
    adds m·p as one row of words (`mac_sum`), which clears the window's low word; the window then moves one word up, the
    cleared register becoming its fresh top. rbx points to the scratch array that a[1..6] are
    stored to first (saved in an XMM register)."""
    b = Body()
    ring = ["rsi", "r8", "r9", "r10", "r11", "r12", "r13"]
    bw, pw = words("rdi", 6), words("r15", 6)
    b("vmovq {sb}, rbx", "mov rbx, r11")
    for i, r in zip(range(1, 6), ["r14", "rsi", "r8", "r9", "r10"]):
        b(f"mov qword ptr [rbx + {8 * i}], {r}")
    # m0 = a0·(b0·(−p⁻¹)) mod 2^64, in r14 (free once a[1] is stored): from a0 one IMUL
    # instead of the first row's MULX and then an IMUL, which shortens the chain from one
    # product's result to the next product's first reduction.
    b("mov r14, qword ptr [rdi]", f"imul r14, {mem('r15', 48, 'plus')}", "imul r14, rdx")
    for i in range(6):
        t = ring[i:] + ring[:i]
        if i == 0:
            first_row(b, bw, t)
            b("mov rdx, r14", "xor eax, eax")
        else:
            # t[6] is zero here (the word the last round cleared): the row's last high half
            # takes the carry from it, then t[6] takes that high half and the overflow.
            b(f"mov rdx, qword ptr [rbx + {8 * i}]", "xor eax, eax")
            mac(b, bw, t[:6], last_hi="rcx")
            b(f"adcx rcx, {t[6]}", f"adox {t[6]}, rcx")
            b(f"mov rdx, {t[0]}", f"imul rdx, {mem('r15', 48, 'plus')}", "xor eax, eax")
        # m·p as one row of words (ADCX) added into the window (ADOX): no addition waits for
        # the end of the window's chain (t[0] is zero once its ADOX has run).
        mac_sum(b, pw, t, t[0])
    b("vmovq rbx, {sb}")
    b.ops("sb = out(xmm_reg) _", 'inout("rdx") a[0] => _', 'inout("r14") a[1] => _',
          'inout("rsi") a[2] => r1', 'inout("r8") a[3] => r2', 'inout("r9") a[4] => r3',
          'inout("r10") a[5] => r4', 'inout("r11") scratch.as_mut_ptr() as *mut u64 => r5',
          'in("rdi") b.as_ptr()', 'in("r15") pk.as_ptr()', 'out("r13") r0', 'out("r12") _',
          'out("rax") _', 'out("rcx") _', "options(nostack)")
    return b


def mont_sqr_6_nc():
    """Six-limb no-carry Montgomery square. Row i adds a[i]·(a[i] + 2·⌊a/2^(64(i+1))⌋·2^64) at
    word 2i, so each cross product is computed once: the words of 2a come from one ADD/ADC
    chain, the word just above a[i] (doubled without the carry from a[i]) from `lea`, all before
    the first row; row 0 reads them from registers, later rows from the scratch array `ad`
    (a[1..6] at 0..40, (2a)[3..6] at 40..64, the `lea` words at 64..96). Round r (two-limb
    digits, as in the product) needs rows 0..=r; the order is rows 0 to 2, rounds 0 and 1,
    rows 3 to 5, round 2. Carries run only up to the highest word each partial sum can reach."""
    b = Body()
    w = ["r8", "r14", "r15", "rbx", "r9", "r10", "r11", "r12", "r13", "r8", "r14", "r15"]
    ad = lambda k: mem("rsi", k, "plus")  # noqa: E731
    pw = words("rdi", 6)
    k = [mem("rdi", 48, "plus"), mem("rdi", 56, "plus")]
    b("vmovq xmm14, rbx", "vmovq xmm15, rbp")
    for j, r in enumerate(["r9", "r10", "r11", "r12", "r13"]):
        b(f"mov {ad(8 * j)}, {r}")
    for j, r in enumerate(["r10", "r11", "r12", "r13"]):
        b(f"lea rax, [{r} + {r}]", f"mov {ad(64 + 8 * j)}, rax")
    b("add r9, r9", "adc r10, r10", "adc r11, r11", "adc r12, r12", "adc r13, r13")
    for j, r in enumerate(["r11", "r12", "r13"]):
        b(f"mov {ad(40 + 8 * j)}, {r}")
    first_row(b, ["rdx", "r9", "r10", "r11", "r12", "r13"], w[:7])

    def row(i, srcs, last_hi=None):
        b(f"mov rdx, {ad(8 * (i - 1))}", "xor eax, eax")
        mac(b, ["rdx"] + srcs, w[2 * i:], last_hi=last_hi)

    def rnd(r, tail):
        t = w[2 * r:]
        m128(b, t[0], t[1], k, "rax", "rbp")
        b("mov rdx, rax", "xor eax, eax")
        mac(b, pw, t[:7])
        b(*tail[0])
        b("mov rdx, rbp", "xor eax, eax")
        mac(b, pw, t[1:8])
        b(*tail[1])

    row(1, [ad(64), ad(40), ad(48), ad(56)], last_hi="r12")
    close(b, "r12")
    row(2, [ad(72), ad(48), ad(56)], last_hi="r13")
    close(b, "r13")
    rnd(0, [["adox r11, r8", "adcx r12, r8", "adox r12, r8", "adcx r13, r8", "adox r13, r8"],
            ["adox r12, r8", "adcx r13, r8", "adox r13, r8"]])
    rnd(1, [["adox r13, r15", "mov r8, r15", "adcx r8, r15", "adox r8, r15"], ["adox r8, r15"]])
    row(3, [ad(80), ad(56)])
    b("mov eax, 0", "adox r8, rax", "mov r14, rax", "adcx r14, rax", "adox r14, rax")
    row(4, [ad(88)])
    b("mov eax, 0", "adox r14, rax")
    row(5, [], last_hi="r15")
    close(b, "r15")
    rnd(2, [["adox r14, r9", "adcx r15, r9", "adox r15, r9"], ["adox r15, r9"]])
    b("vmovq rbx, xmm14", "vmovq rbp, xmm15")
    b.ops('inout("rdx") a[0] => _', 'inout("rsi") ad.as_mut_ptr() as *mut u64 => _',
          'in("rdi") pk.as_ptr()', 'out("r8") r3', 'out("r14") r4', 'out("r15") r5',
          'inout("r9") a[1] => _', 'inout("r10") a[2] => _', 'inout("r11") a[3] => r0',
          'inout("r12") a[4] => r1', 'inout("r13") a[5] => r2', 'out("rax") _', 'out("rcx") _',
          'out("xmm14") _', 'out("xmm15") _', "options(nostack)")
    return b



# --- the four-limb no-carry kernels: emitted round by round, then list-scheduled -------------


def mont_mul_4_nc():
    """Four-limb no-carry CIOS on two-limb digits: rows 0 and 1 of a·b, round 0 (m0·p and
    m1·p·2^64 with m = t mod 2^128 · (−p⁻¹) mod 2^128, which clears two words), rows 2 and 3,
    round 1; the six-register window moves two words a round. a[0] arrives in rdx, a[1] in
    r13, a[2] in r14 and a[3] in an XMM register; b at rsi, p and −p⁻¹ at rdi. The result is
    below 2p (no final subtraction). This is the order before scheduling."""
    b = Body()
    ring = ["r8", "r9", "r10", "r11", "r12", "r13"]
    first_row(b, words("rsi", 4, "plain"), ring[:5])
    bw, pw = words("rsi", 4), words("rdi", 4)
    k = [mem("rdi", 32, "plus"), mem("rdi", 40, "plus")]
    for r, digits in enumerate([(None, "mov rdx, r13"), ("mov rdx, r14", "vmovq rdx, {a3}")]):
        t = ring[2 * r:] + ring[:2 * r]
        if r:
            b(digits[0], "xor eax, eax")
            mac(b, bw, t[:5], last_hi=t[4])
            close(b, t[4])
        b(digits[1], "xor eax, eax")
        mac(b, bw, t[1:], last_hi=t[5])
        close(b, t[5])
        m128(b, t[0], t[1], k, "rcx", "r15")
        b("mov rdx, rcx", "xor eax, eax")
        mac(b, pw, t[:5])
        b(f"adox {t[4]}, {t[0]}", f"adcx {t[5]}, {t[0]}", f"adox {t[5]}, {t[0]}")
        b("mov rdx, r15", "xor eax, eax")
        mac(b, pw, t[1:])
        b(f"adox {t[5]}, {t[0]}")
    b.ops("a3 = in(xmm_reg) a[3]", 'inout("rdx") a[0] => _', 'inout("r13") a[1] => r1',
          'inout("r14") a[2] => _', 'in("rsi") b.as_ptr()', 'in("rdi") pk.as_ptr()',
          'out("r12") r0', 'out("r8") r2', 'out("r9") r3', 'out("r10") _', 'out("r11") _',
          'out("r15") _', 'out("rax") _', 'out("rcx") _', "options(pure, readonly, nostack)")
    return b


def mont_sqr_4_nc():
    """Four-limb no-carry Montgomery square: the square as in `mont_sqr_4`, then REDC on
    two-limb digits (m = t mod 2^128 · (−p⁻¹) mod 2^128, added as m0·p and m1·p·2^64), two
    rounds instead of four; the high half is added (the sum is below 2p: no carry word, no
    final subtraction). This is the order before scheduling."""
    b = Body()
    square_4(b)
    ring = ["r8", "r9", "r10", "r11"]
    k = [mem("rdi", 32, "plus"), mem("rdi", 40, "plus")]
    for r in range(2):
        t = ring[2 * r:] + ring[:2 * r]
        m128(b, t[0], t[1], k, "rsi", "rax")
        b("mov rdx, rsi", "xor ecx, ecx")
        redc_word(b, t, "rsi")
        b("mov rdx, rax", "xor ecx, ecx")
        redc_word(b, t[1:] + t[:1], "rsi")
    b("add r8, r12", "adc r9, r13", "adc r10, r14", "adc r11, r15")
    b.ops('inout("rdx") a[0] => _', 'inout("rcx") a[1] => _', 'inout("r14") a[2] => _',
          'inout("r13") a[3] => _', 'inout("rsi") a.as_ptr() => _', 'in("rdi") pk.as_ptr()',
          'out("r8") r0', 'out("r9") r1', 'out("r10") r2', 'out("r11") r3', 'out("r12") _',
          'out("r15") _', 'out("rax") _', "options(pure, readonly, nostack)")
    return b
