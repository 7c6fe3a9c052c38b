"""Generators of the `limbs::x86` kernels: carry chains, product rows, straight-line products,
the doubling pass of the schoolbook square, and the four-limb Montgomery product and square.

Each function returns the `Body` of one `asm!` call. Register names are those of the committed
code; `{name}` operands are register classes that the compiler allocates."""

from common import Body, mem, r32


def carry_chain():
    """`r = a ± b` over n limbs on one ADC/SBB chain (`$op` is "adc" or "sbb"): n mod 4 limbs
    one at a time, then groups of four; the borrow out becomes a mask, and `r`'s register ends
    at `r + n` (`end`). One temporary register
    (renaming keeps the limbs apart), so that a caller inlining the chain keeps its own values
    in the other caller-saved registers: an entry point around it then saves none."""
    b = Body()
    b("clc", "jrcxz 3f", "2:")
    b("mov {t0}, qword ptr [{a}]")
    b.raw('concat!($op, " {t0}, qword ptr [{b}]"),')
    b("mov qword ptr [{r}], {t0}")
    b("lea {a}, [{a} + 8]", "lea {b}, [{b} + 8]", "lea {r}, [{r} + 8]")
    b("dec rcx", "jnz 2b", "3:", "mov rcx, {groups}", "jrcxz 5f", ".p2align 4", "4:")
    for k in range(4):
        b(f"mov {{t0}}, {mem('{a}', 8 * k)}")
        b.raw(f'concat!($op, " {{t0}}, {mem("{b}", 8 * k)}"),')
        b(f"mov {mem('{r}', 8 * k)}, {{t0}}")
    b("lea {a}, [{a} + 32]", "lea {b}, [{b} + 32]", "lea {r}, [{r} + 32]")
    b("dec rcx", "jnz 4b", "5:", "sbb {t0}, {t0}")
    b.ops("r = inout(reg) $r => end", "a = inout(reg) $a => _", "b = inout(reg) $b => _",
          "groups = in(reg) $n / 4", 'inout("rcx") $n % 4 => _', "t0 = out(reg) flag",
          "options(nostack)")
    return b


def entry_dispatch(b, skip_ops):
    """The jump into a loop unrolled by four at step `{k}` (0..3); `skip_ops[k]` are the
    instructions that step k runs first (they clear the flags and set up the carry register)."""
    for k in (1, 2, 3):
        b(f"cmp {{k}}, {k}", f"je 6{k}f")
    b(*skip_ops[0], "jmp 60f")
    for k in (1, 2, 3):
        b(f"6{k}:", *skip_ops[k], f"jmp 7{k}f")


def addmul_row():
    """`r[..n] += a[..n]·b` (b in rdx): each step's product low limb joins the previous high
    limb on the ADCX chain and r on the ADOX chain. Unrolled by four, entered at any step."""
    b = Body()
    h = ["{h0}", "{h1}"]
    entry_dispatch(b, [["xor {h0:e}, {h0:e}"], ["xor {h1:e}, {h1:e}"],
                       ["xor {h0:e}, {h0:e}"], ["xor {h1:e}, {h1:e}"]])
    for s in range(4):
        b("60:" if s == 0 else f"7{s}:")
        b(f"mulx {h[(s + 1) % 2]}, {{lo}}, {mem('{a}', 8 * s)}",
          f"adcx {{lo}}, {h[s % 2]}",
          f"adox {{lo}}, {mem('{r}', 8 * s)}",
          f"mov {mem('{r}', 8 * s)}, {{lo}}")
    b("lea {a}, [{a} + 32]", "lea {r}, [{r} + 32]", "lea rcx, [rcx + 1]", "jrcxz 3f",
      "jmp 60b", "3:", "mov {lo:e}, 0", "adcx {h0}, {lo}", "adox {h0}, {lo}")
    b.ops("a = inout(reg) a.wrapping_sub(skip) => _", "r = inout(reg) r.wrapping_sub(skip) => _",
          "k = in(reg) skip", 'inout("rcx") -(passes as isize) => _', 'in("rdx") b',
          "h0 = out(reg) carry", "h1 = out(reg) _", "lo = out(reg) _", "options(nostack)")
    return b


def mul_1c():
    """`r[..n] = a[..n]·b + c`: one ADCX chain adds each low limb to the previous high limb.
    Unrolled by four, entered at any step (the carry-in moves to the register that step adds)."""
    b = Body()
    h = ["{h0}", "{h1}"]
    entry_dispatch(b, [["clc"], ["mov {h1}, {h0}", "clc"], ["clc"], ["mov {h1}, {h0}", "clc"]])
    for s in range(4):
        b("60:" if s == 0 else f"7{s}:")
        b(f"mulx {h[(s + 1) % 2]}, {{lo}}, {mem('{a}', 8 * s)}",
          f"adcx {{lo}}, {h[s % 2]}",
          f"mov {mem('{r}', 8 * s)}, {{lo}}")
    b("lea {a}, [{a} + 32]", "lea {r}, [{r} + 32]", "lea rcx, [rcx + 1]", "jrcxz 3f",
      "jmp 60b", "3:", "mov {lo:e}, 0", "adcx {h0}, {lo}")
    b.ops("a = inout(reg) a.wrapping_sub(skip) => _", "r = inout(reg) r.wrapping_sub(skip) => _",
          "k = in(reg) skip", 'inout("rcx") -(passes as isize) => _', 'in("rdx") b',
          "h0 = inout(reg) c => high", "h1 = out(reg) _", "lo = out(reg) _", "options(nostack)")
    return b


def submul_1():
    """`r[..n] -= a[..n]·b` as `r - x = !(!r + x)`: the subtraction rides the ADOX chain of an
    addition. n mod 4 limbs one at a time, then groups of four."""
    b = Body()
    h = ["{h0}", "{h1}"]

    def step(s, hi, carry):
        b(f"mulx {hi}, {{lo}}, {mem('{a}', 8 * s)}",
          f"adcx {{lo}}, {carry}",
          f"mov {{w}}, {mem('{r}', 8 * s)}",
          "not {w}", "adox {w}, {lo}", "not {w}",
          f"mov {mem('{r}', 8 * s)}, {{w}}")

    b("xor {t:e}, {t:e}", "jrcxz 4f", "5:")
    step(0, "{h1}", "{h0}")
    b("mov {h0}, {h1}", "lea {a}, [{a} + 8]", "lea {r}, [{r} + 8]", "lea rcx, [rcx + 1]",
      "jrcxz 4f", "jmp 5b", "4:", "mov rcx, {g}", "jrcxz 6f", "jmp 2f", "6:", "jmp 3f", "2:")
    for s in range(4):
        step(s, h[(s + 1) % 2], h[s % 2])
    b("lea {a}, [{a} + 32]", "lea {r}, [{r} + 32]", "lea rcx, [rcx + 1]", "jrcxz 3f",
      "jmp 2b", "3:", "adcx {h0}, {t}", "adox {h0}, {t}")
    b.ops("a = inout(reg) a.as_ptr() => _", "r = inout(reg) r.as_mut_ptr() => _",
          'inout("rcx") -((n % 4) as isize) => _', "g = in(reg) -((n / 4) as isize)",
          'in("rdx") b', "h0 = inout(reg) 0u64 => carry", "h1 = out(reg) _", "lo = out(reg) _",
          "t = out(reg) _", "w = out(reg) _", "options(nostack)")
    return b


def product_rows(b, n, a, bp, r, win, scr, zero, b_zero="plain", a_zero="plain"):
    """Straight-line `r = a·b` for n-limb a and b (n even): row 0 on the ADCX chain into the
    window `win` (n + 1 registers), then rows 1..n-1 on both chains. In a row, the limb at
    window position j takes the high half of product j - 1 on the ADCX chain and the low half
    of product j on the ADOX chain, so each chain adds a product half issued a step earlier
    than the one that needs it; the new top limb starts as the last high half and takes both
    carries. Each row stores the limb that becomes final and reuses its register for the low
    halves; `zero` is cleared first (which clears both flags) and ends the chains."""
    assert n % 2 == 0
    w = list(win)
    b(f"xor {r32(zero)}, {r32(zero)}", f"mov rdx, {mem(a, 0, a_zero)}")
    b(f"mulx {w[0]}, {scr}, {mem(bp, 0, b_zero)}", f"mov {mem(r, 0)}, {scr}")
    for j in range(1, n):
        b(f"mulx {w[j]}, {scr}, {mem(bp, 8 * j, b_zero)}", f"adcx {w[j - 1]}, {scr}")
    b(f"adcx {w[n - 1]}, {zero}")
    for i in range(1, n):
        top = w[n]
        his = [scr, top]
        b(f"mov rdx, {mem(a, 8 * i, a_zero)}")
        b(f"mulx {scr}, {top}, {mem(bp, 0, b_zero)}", f"adcx {w[0]}, {top}",
          f"mov {mem(r, 8 * i)}, {w[0]}")
        for j in range(1, n):
            b(f"mulx {his[j % 2]}, {w[0]}, {mem(bp, 8 * j, b_zero)}",
              f"adcx {w[j]}, {his[(j - 1) % 2]}", f"adox {w[j]}, {w[0]}")
        b(f"adcx {top}, {zero}", f"adox {top}, {zero}")
        w = w[1:] + w[:1]
    for j in range(n):
        b(f"mov {mem(r, 8 * (n + j))}, {w[j]}")


def mul_4x4():
    """`r = a·b` for four-limb a and b, the five-limb window in registers."""
    b = Body()
    product_rows(b, 4, "{a}", "{b}", "{r}", ["{w0}", "{w1}", "{w2}", "{w3}", "{w4}"],
                 "{scr}", "{zero}")
    b.ops("a = in(reg) a.as_ptr()", "b = in(reg) b.as_ptr()", "r = in(reg) r.as_mut_ptr()",
          'out("rdx") _', "w0 = out(reg) _", "w1 = out(reg) _", "w2 = out(reg) _",
          "w3 = out(reg) _", "w4 = out(reg) _", "scr = out(reg) _", "zero = out(reg) _",
          "options(nostack)")
    return b


WINDOW8 = ["r8", "r9", "r10", "r11", "r12", "r13", "r14", "rbx", "rbp"]


def mul_8x8():
    """`r = a·b` for eight-limb a and b, the nine-limb window in registers (rbx and rbp saved
    in xmm14 and xmm15)."""
    b = Body()
    b("vmovq xmm14, rbx", "vmovq xmm15, rbp")
    product_rows(b, 8, "rsi", "r15", "rdi", WINDOW8, "rax", "rcx",
                 b_zero="plus", a_zero="plus")
    b("vmovq rbx, xmm14", "vmovq rbp, xmm15")
    b.ops('in("rsi") a.as_ptr()', 'in("r15") b.as_ptr()', 'in("rdi") r.as_mut_ptr()',
          'out("rdx") _', 'out("rax") _', 'out("rcx") _',
          *[f'out("{x}") _' for x in ["r8", "r9", "r10", "r11", "r12", "r13", "r14"]],
          'out("xmm14") _', 'out("xmm15") _', "options(nostack)")
    return b


def mul_n8():
    """`r[..n + 8] = a·b` for n-limb a and eight-limb b: the rows of a's limbs over b with the
    eight-limb window in registers, the loop unrolled by eight (a full turn of the window) and
    entered at step `skip` with the window zero."""
    b = Body()
    w = ["r8", "r9", "r10", "r11", "r12", "r13", "r14", "rbp"]
    b("vmovq xmm14, rbx", "vmovq xmm15, rbp", "mov rbx, rdx")
    for x in w:
        b(f"xor {r32(x)}, {r32(x)}")
    b("test rax, rax", "je 20f")
    for k in range(1, 8):
        b(f"cmp rax, {k}", f"je 2{k}f")
    b("jmp 20f")
    for s in range(8):
        v = w[s:] + w[:s]
        b(f"2{s}:", f"mov rdx, {mem('rsi', 8 * s, 'plus')}", "xor eax, eax")
        for j in range(8):
            b(f"mulx r15, rax, {mem('rbx', 8 * j)}", f"adcx {v[j]}, rax",
              f"adox {v[(j + 1) % 8]}, r15")
            if j == 0:
                b(f"mov {mem('rdi', 8 * s, 'plus')}, {v[0]}", f"mov {r32(v[0])}, 0")
        b("mov eax, 0", f"adcx {v[0]}, rax")
    b("lea rsi, [rsi + 64]", "lea rdi, [rdi + 64]", "lea rcx, [rcx + 1]", "jrcxz 3f",
      "jmp 20b", "3:")
    for j in range(8):
        b(f"mov {mem('rdi', 8 * j, 'plus')}, {w[j]}")
    b("vmovq rbx, xmm14", "vmovq rbp, xmm15")
    b.ops('inout("rax") skip => _', 'inout("rdx") b.as_ptr() => _',
          'inout("rsi") a.as_ptr().wrapping_sub(skip) => _',
          'inout("rdi") r.as_mut_ptr().wrapping_sub(skip) => _',
          'inout("rcx") -(passes as isize) => _',
          *[f'out("{x}") _' for x in ["r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"]],
          'out("xmm14") _', 'out("xmm15") _', "options(nostack)")
    return b


SQR_WINDOW = ["r8", "r9", "r10", "r11", "r12", "r13", "r14", "rbp"]


def sqr_step(b, rot, products):
    """One step of the square's rows: rdx = the next limb of a (rsi), its products with the
    first `products` limbs of b (rbx) added into the window in rotation `rot`, the limb of r
    (rdi) that becomes final added on the ADOX chain, stored, and its register cleared."""
    w = SQR_WINDOW
    v = w[rot:] + w[:rot]
    b(f"mov rdx, {mem('rsi', 8 * rot, 'plus')}", "xor eax, eax")
    b(f"mulx r15, rax, {mem('rbx', 0, 'plus')}", f"adcx {v[0]}, rax",
      f"adox {v[0]}, {mem('rdi', 8 * rot, 'plus')}",
      f"mov {mem('rdi', 8 * rot, 'plus')}, {v[0]}", f"mov {r32(v[0])}, 0",
      f"adox {v[1]}, r15")
    for j in range(1, products):
        b(f"mulx r15, rax, {mem('rbx', 8 * j)}", f"adcx {v[j]}, rax",
          f"adox {v[(j + 1) % 8]}, r15")
    b("mov eax, 0", f"adcx {v[products % 8]}, rax")


def sqr_setup(b):
    b("vmovq xmm14, rbx", "vmovq xmm15, rbp", "mov rbx, rdx")
    for x in SQR_WINDOW:
        b(f"xor {r32(x)}, {r32(x)}")


SQR_OPS = ('inout("rdx") a.add(s) => _', 'inout("rsi") a.add(s + 1) => _',
           'inout("rdi") r.add(2 * s + 1) => _', 'inout("rcx") m => _', 'out("rax") _',
           *[f'out("{x}") _' for x in ["r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"]],
           'out("xmm14") _', 'out("xmm15") _', "options(nostack)")


def rows8_loop(b):
    """The full steps of `sqr_rows8` and `addmul_n8`: each limb of a (rsi) times all eight of b
    (rbx), rcx steps, unrolled by eight (a turn of the window) with an exit after each step
    that stores the window in the next step's rotation to r (rdi)."""
    w = SQR_WINDOW
    for rot in range(8):
        b(f"2{rot}:")
        sqr_step(b, rot, 8)
        if rot < 7:
            b("dec rcx", f"jz 3{rot + 1}f")
    b("lea rsi, [rsi + 64]", "lea rdi, [rdi + 64]", "dec rcx", "jnz 20b")
    for rot in range(8):
        v = w[rot:] + w[:rot]
        b(f"3{rot}:")
        for j in range(8):
            b(f"mov {mem('rdi', 8 * (rot + j), 'plus')}, {v[j]}")
        if rot < 7:
            b("jmp 4f")
    b("4:", "vmovq rbx, xmm14", "vmovq rbp, xmm15")


def sqr_rows8():
    """Eight rows of a square's off-diagonal triangle, b = a[s..s + 8] (rbx) against the limbs
    above it streamed from rsi = a + s + 1, the running sum r (rdi = r + 2s + 1) added in on the
    ADOX chain as each limb becomes final: seven triangle steps (step t multiplies a[s + t] by
    b[..t]), then `m` (rcx) full steps of eight products (`rows8_loop`), entered in the
    rotation the triangle leaves."""
    b = Body()
    sqr_setup(b)
    for t in range(1, 8):
        sqr_step(b, t - 1, t)
    b("test rcx, rcx", "jz 37f", "jmp 27f")
    rows8_loop(b)
    b.ops(*SQR_OPS)
    return b


def addmul_n8():
    """`r[..n + 8] = r[..n] + a·b` for n-limb a (rsi) and eight-limb b (rbx): `rows8_loop` from
    the first limb, the window starting at zero."""
    b = Body()
    sqr_setup(b)
    rows8_loop(b)
    b.ops('inout("rdx") b.as_ptr() => _', 'inout("rsi") a => _', 'inout("rdi") r => _',
          'inout("rcx") n => _', 'out("rax") _',
          *[f'out("{x}") _' for x in ["r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"]],
          'out("xmm14") _', 'out("xmm15") _', "options(nostack)")
    return b


def sqr_tri():
    """The off-diagonal triangle of the last u = m + 1 limbs of a square (2 <= u <= 7), b =
    a[s..n] (rbx): the first m triangle steps of `sqr_rows8`, then the m limbs of the window
    stored."""
    b = Body()
    w = SQR_WINDOW
    sqr_setup(b)
    for t in range(1, 7):
        sqr_step(b, t - 1, t)
        if t < 6:
            b(f"cmp rcx, {t}", f"je 3{t}f")
    for t in range(6, 0, -1):
        b(f"3{t}:")
        for j in range(t):
            b(f"mov {mem('rdi', 8 * (t + j), 'plus')}, {w[(t + j) % 8]}")
        if t > 1:
            b("jmp 4f")
    b("4:", "vmovq rbx, xmm14", "vmovq rbp, xmm15")
    b.ops(*SQR_OPS)
    return b


def double_add_diagonal():
    """`r[..2n] = 2·r[..2n] + Σ a_i²·B^(2i)`: the doubling on the ADCX chain, the squares on
    the ADOX chain, one limb of a a step."""
    b = Body()
    b("xor {lo:e}, {lo:e}", "2:", "mov rdx, qword ptr [{a}]", "mulx {hi}, {lo}, rdx",
      "mov {x0}, qword ptr [{r}]", "mov {x1}, qword ptr [{r} + 8]",
      "adcx {x0}, {x0}", "adcx {x1}, {x1}", "adox {x0}, {lo}", "adox {x1}, {hi}",
      "mov qword ptr [{r}], {x0}", "mov qword ptr [{r} + 8], {x1}",
      "lea {a}, [{a} + 8]", "lea {r}, [{r} + 16]", "lea rcx, [rcx + 1]", "jrcxz 3f",
      "jmp 2b", "3:")
    b.ops("a = inout(reg) a => _", "r = inout(reg) r => _", 'inout("rcx") -(n as isize) => _',
          'out("rdx") _', "lo = out(reg) _", "hi = out(reg) _", "x0 = out(reg) _",
          "x1 = out(reg) _", "options(nostack)")
    return b


def sqr_small(n):
    """`r[..2n] = a[..n]²` for 3 <= n <= 9, straight-line. The off-diagonal triangle first:
    row i multiplies a[i] (rdx) by a[i + 1..n] into the window of the running sum at word
    2i + 1, row 0 on the ADCX chain alone (each high half lands in the register of the word
    above, which the next low half joins), the later rows as `product_rows` does (the high
    half of product k - 1 on ADCX, the low half of product k on ADOX, the new top word taking
    both carries). Each row starts by clearing `zero`, which clears both flags: the next row's
    chains do not wait for the end of the previous row's, so the rows overlap (row i + 1
    starts at the word row i's third product reaches). Then the doubling (ADCX) and the
    diagonal squares (ADOX), one limb of a a step. The window's words stay in registers while
    registers last; a word that is final is stored to r when a register is needed, and loaded
    back by the doubling."""
    assert 3 <= n <= 9
    b = Body()
    free = [f"{{t{k}}}" for k in range(10)]
    used = []
    win = {}  # word -> register
    final = set()  # words of the triangle that no later row changes
    A = lambda j: mem("{a}", 8 * j)  # noqa: E731
    R = lambda p: mem("{r}", 8 * p)  # noqa: E731

    def alloc():
        if not free:
            p = min(q for q in win if q in final)
            b(f"mov {R(p)}, {win[p]}")
            free.append(win.pop(p))
        x = free.pop(0)
        if x not in used:
            used.append(x)
        return x

    def release(x):
        free.insert(0, x)

    def word(p):
        """The register holding triangle word p, loading it if it was stored."""
        if p in win:
            return win.pop(p)
        x = alloc()
        b(f"mov {x}, {R(p)}")
        return x

    zero = alloc()
    b(f"xor {r32(zero)}, {r32(zero)}", f"mov rdx, {A(0)}")
    win[1], win[2] = alloc(), alloc()
    b(f"mulx {win[2]}, {win[1]}, {A(1)}")
    final.add(1)
    s = alloc()
    for k in range(1, n - 1):
        win[k + 2] = alloc()
        b(f"mulx {win[k + 2]}, {s}, {A(k + 1)}", f"adcx {win[k + 1]}, {s}")
    b(f"adcx {win[n]}, {zero}")
    final.add(2)
    for i in range(1, n - 1):
        b(f"xor {r32(zero)}, {r32(zero)}", f"mov rdx, {A(i)}")
        prev = None
        for k in range(n - 1 - i):
            p = 2 * i + 1 + k
            h = alloc()
            b(f"mulx {h}, {s}, {A(i + 1 + k)}")
            if k == 0:
                b(f"adcx {win[p]}, {s}")
                final.add(p)
            else:
                b(f"adcx {win[p]}, {prev}", f"adox {win[p]}, {s}")
                release(prev)
            prev = h
        win[i + n] = prev
        b(f"adcx {prev}, {zero}")
        if n - 1 - i > 1:
            b(f"adox {prev}, {zero}")
        final.add(2 * i + 2)
    release(s)
    # The doubling and the diagonal: word 0 is the low half of a[0]², words 2k and 2k + 1 take
    # 2·(the triangle) and a[k]², word 2n − 1 (zero in the triangle) the two carries.
    b(f"xor {r32(zero)}, {r32(zero)}")
    for k in range(n):
        b(f"mov rdx, {A(k)}")
        h, lo = alloc(), alloc()
        b(f"mulx {h}, {lo}, rdx")
        if k == 0:
            b(f"mov {R(0)}, {lo}")
        else:
            x = word(2 * k)
            b(f"adcx {x}, {x}", f"adox {x}, {lo}", f"mov {R(2 * k)}, {x}")
            release(x)
        release(lo)
        if k < n - 1:
            x = word(2 * k + 1)
            b(f"adcx {x}, {x}", f"adox {x}, {h}", f"mov {R(2 * k + 1)}, {x}")
            release(x)
        else:
            b(f"adcx {h}, {zero}", f"adox {h}, {zero}", f"mov {R(2 * k + 1)}, {h}")
        release(h)
    assert not win
    b.ops("a = in(reg) a.as_ptr()", "r = in(reg) r.as_mut_ptr()", 'out("rdx") _',
          *[f"{x[1:-1]} = out(reg) _" for x in sorted(used, key=lambda x: int(x[2:-1]))],
          "options(nostack)")
    return b


def mac_signed():
    """acc + a·x for signed words: one IMUL (rdx:rax = rax·x) and an ADD/ADC into hi:lo."""
    b = Body()
    b("imul {x}", "add {lo}, rax", "adc {hi}, rdx")
    b.ops("x = in(reg) x", "lo = inout(reg) lo", "hi = inout(reg) hi", 'inout("rax") a => _',
          'out("rdx") _', "options(pure, nomem, nostack)")
    return b


def reciprocal_2by1():
    """(B² − 1 − B·d)/d by one DIV of !d:2^64−1 (the quotient fits since !d < d)."""
    b = Body()
    b("div {d}")
    b.ops("d = in(reg) d", 'inout("rax") u64::MAX => v', 'inout("rdx") !d => _',
          "options(pure, nomem, nostack)")
    return b


def div_2by1_hw():
    """(hi·B + lo) / d and the remainder by one DIV (the quotient fits since hi < d)."""
    b = Body()
    b("div {d}")
    b.ops("d = in(reg) d", 'inout("rax") lo => q', 'inout("rdx") hi => r',
          "options(pure, nomem, nostack)")
    return b


def hensel_1_odd():
    """`q = a / d` for odd d by Hensel's method, one limb a pass from index -n up to 0: the
    borrow bit kept in `{b}` as 0 or -1 between passes (`neg` makes it the carry flag again,
    `sbb` takes it off together with the high half in rdx, and saves the new one)."""
    b = Body()
    b("2:", "mov rax, qword ptr [{a} + 8*{i}]", "neg {b}", "sbb rax, rdx", "sbb {b}, {b}",
      "imul rax, {inv}", "mov qword ptr [{q} + 8*{i}], rax", "mul {d}", "inc {i}", "jnz 2b")
    b.ops("a = in(reg) a.as_ptr().wrapping_add(n)", "q = in(reg) q.as_mut_ptr().wrapping_add(n)",
          "i = inout(reg) n.wrapping_neg() => _", "inv = in(reg) inv", "d = in(reg) d",
          "b = inout(reg) 0u64 => b", 'inout("rdx") 0u64 => h', 'out("rax") _',
          "options(nostack)")
    return b


def lanes16(sub, vartime=False):
    """`r = a ± b + carry` over n limbs (n a positive multiple of 16) on AVX2, sixteen limbs a
    pass in four registers of four lanes, the carries between the lanes resolved by one
    carry-lookahead addition (the doc comment of `add_lanes16` in `x86/add.rs` says how).
    `{c}` points at
    `LANES`: the sign bits, the largest signed limb, the lane order that `vpermd` restores
    after two in-lane packs, each register's four lane bits of the mask (at byte 96), then the
    table of the sign bit plus 0 or 1 per lane for each four bits of the mask (at byte 224).

    The receiving lanes come from compares of the broadcast mask with each lane's bit, in time
    independent of the values; with `vartime`, from rows of the table indexed by the mask
    (fewer instructions, but the loads' addresses depend on the carries: variable time)."""
    op = "vpsubq" if sub else "vpaddq"
    b = Body()
    b("vmovdqu ymm15, ymmword ptr [{c}]")
    if not sub:
        b("vmovdqu ymm14, ymmword ptr [{c} + 32]")
    b("vmovdqu ymm13, ymmword ptr [{c} + 64]")

    def loads(first):
        if first:
            b.note("Each lane with its sign bit flipped (signed order is then unsigned order),")
            b.note("and the lane sums (differences) with their sign bits flipped.")
        for k in range(4):
            b(f"vpxor ymm{k}, ymm15, ymmword ptr [{{a}} + {32 * k}]" if k else
              "vpxor ymm0, ymm15, ymmword ptr [{a}]")
        for k in range(4):
            src = f"ymmword ptr [{{b}} + {32 * k}]" if k else "ymmword ptr [{b}]"
            b(f"{op} ymm{k + 8}, ymm{k}, {src}")

    def stores(back):
        for k in range(4):
            off = 32 * k - back
            at = "{r}" if off == 0 else f"{{r}} + {off}" if off > 0 else f"{{r}} - {-off}"
            b(f"vmovdqu ymmword ptr [{at}], ymm{k + 4}")

    def lanes(first):
        note = b.note if first else (lambda text: None)
        note("Generate: the lane wraps. Propagate: the lane is all ones (a sum) or zero.")
        for k in range(4):
            if sub:
                b(f"vpcmpgtq ymm{k}, ymm{k + 8}, ymm{k}")
            else:
                b(f"vpcmpgtq ymm{k}, ymm{k}, ymm{k + 8}")
        for k in range(4):
            b(f"vpcmpeqq ymm{k + 4}, ymm{k + 8}, ymm{15 if sub else 14}")
        note("Both masks to one word: bits 0-7 and 16-23 generate, 8-15 and 24-31 propagate.")
        b("vpackssdw ymm0, ymm0, ymm1", "vpackssdw ymm2, ymm2, ymm3",
          "vpackssdw ymm4, ymm4, ymm5", "vpackssdw ymm6, ymm6, ymm7",
          "vpackssdw ymm0, ymm0, ymm2", "vpackssdw ymm4, ymm4, ymm6",
          "vpermd ymm0, ymm13, ymm0", "vpermd ymm4, ymm13, ymm4",
          "vpacksswb ymm0, ymm0, ymm4", "vpmovmskb {m:e}, ymm0")
        note("The lookahead: (generate << 1 | carry) + propagate, the gaps between the two")
        note("bytes of each set to ones so that a carry crosses them; bit 32 is the carry out.")
        b("mov {x:e}, {m:e}", "and {x:e}, 0x00FF00FF", "lea {x}, [rax + 2*{x}]",
          "shr {m:e}, 8", "or {m:e}, 0xFF00FF00", "add {x}, {m}", "mov rax, {x}",
          "shr rax, 32", "xor {m:e}, {x:e}")
        if vartime:
            note("The receiving lanes, four bits a register, as offsets into the table (the")
            note("addresses depend on the carries: variable time).")
            b("lea {y:e}, [8*{m}]", "and {y:e}, 0x78", "mov {x:e}, {m:e}", "and {x:e}, 0xF0",
              "shr {m:e}, 16", "lea {z:e}, [8*{m}]", "and {z:e}, 0x78", "and {m:e}, 0xF0")
            idx = ["4*{y}", "2*{x}", "4*{z}", "2*{m}"]
            for k in range(4):
                b(f"{op} ymm{k + 4}, ymm{k + 8}, ymmword ptr [{{c}} + {idx[k]} + 224]")
            return
        note("The receiving lanes: the mask in every lane, each lane's bit picked by a compare,")
        note("the sign bit plus 1 where it is set (no address depends on the values).")
        b("vmovd xmm0, {m:e}", "vpbroadcastq ymm0, xmm0")
        for k in range(4):
            t = (k + 1) % 4
            bits = f"ymmword ptr [{{c}} + {96 + 32 * k}]"
            b(f"vpand ymm{t}, ymm0, {bits}", f"vpcmpeqq ymm{t}, ymm{t}, {bits}",
              f"vpsubq ymm{t}, ymm15, ymm{t}", f"{op} ymm{k + 4}, ymm{k + 8}, ymm{t}")

    b.note("The first pass on its own, so that the loop stores the pass before its own.")
    loads(True)
    lanes(True)
    b("sub {n}, 16", "jz 3f", ".p2align 4", "2:", "add {a}, 128", "add {b}, 128",
      "add {r}, 128")
    loads(False)
    b.note("The previous pass's lanes, stored after this pass's loads (see the doc comment).")
    stores(128)
    lanes(False)
    b("sub {n}, 16", "jnz 2b", "3:")
    stores(0)
    b("vzeroupper")
    b.ops("a = inout(reg) a => _", "b = inout(reg) b => _", "r = inout(reg) r => _",
          "n = inout(reg) n => _", 'inout("rax") carry => carry', "c = in(reg) &LANES",
          "m = out(reg) _", "x = out(reg) _")
    if vartime:
        b.ops("y = out(reg) _", "z = out(reg) _")
    regs = [k for k in range(16) if k != 12 and (sub is False or k != 14)]
    b.ops(*[f'out("ymm{k}") _' for k in regs], "options(nostack)")
    return b
