//! Links the programs with link.x (one RAM region at 0, as the mps2 boards of qemu have).
fn main() {
    let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap();
    println!("cargo:rustc-link-arg-bins=-T{dir}/link.x");
    println!("cargo:rerun-if-changed=link.x");
}
