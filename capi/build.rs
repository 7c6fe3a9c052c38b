//! Compiles the part of libcarry written in C: the functions that take a variable argument
//! list (`mpz_inits`, `gmp_printf`, ...) or a `FILE *` (`mpz_out_str`, `mpz_inp_str`, ...).

fn main() {
    println!("cargo:rerun-if-changed=src/stdio.c");
    println!("cargo:rerun-if-changed=../include/carry/gmp.h");
    cc::Build::new()
        .file("src/stdio.c")
        .include("../include")
        .opt_level(2)
        .warnings(true)
        .compile("carry_stdio");
}
