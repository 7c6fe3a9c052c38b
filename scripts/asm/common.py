"""Helpers shared by the kernel generators: an `asm!` body under construction, memory operands,
and the 32-bit names of the registers."""

R32 = {
    "rax": "eax", "rbx": "ebx", "rcx": "ecx", "rdx": "edx",
    "rsi": "esi", "rdi": "edi", "rbp": "ebp", "rsp": "esp",
}


def r32(reg):
    """The 32-bit name of a register (`{name}` operands take the `:e` modifier)."""
    if reg.startswith("{"):
        return reg[:-1] + ":e}"
    return R32.get(reg, reg + "d")


def mem(base, offset=0, zero="plain"):
    """`qword ptr [base + offset]`; offset 0 is written `[base]` (`zero="plain"`) or
    `[base + 0]` (`zero="plus"`), as each kernel spells it."""
    if offset == 0 and zero == "plain":
        return f"qword ptr [{base}]"
    return f"qword ptr [{base} + {offset}]"


class Body:
    """The lines between `asm!(` and `);`: template strings, then operands and options."""

    def __init__(self):
        self.template = []
        self.operands = []

    def __call__(self, *instructions):
        """Append instructions (plain strings, quoted on output)."""
        for ins in instructions:
            self.template.append(f'"{ins}",')

    def note(self, text):
        """A comment line in the template."""
        self.template.append(f"// {text}")

    def raw(self, line):
        """Append a template line as it is (e.g. a `concat!`)."""
        self.template.append(line)

    def ops(self, *lines):
        """Append operand and option lines (the trailing comma added)."""
        for line in lines:
            self.operands.append(line + ",")

    def instructions(self):
        """The template's instructions, unquoted (for the scheduler)."""
        return [t[1:-2] for t in self.template if t.startswith('"')]

    def set_instructions(self, order):
        self.template = [f'"{ins}",' for ins in order]

    def lines(self):
        return self.template + self.operands
