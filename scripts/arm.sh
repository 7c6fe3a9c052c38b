#!/usr/bin/env bash
# Builds carry for Cortex-M4 (thumbv7em-none-eabihf) and Cortex-M0+ (thumbv6m-none-eabi) with no
# std and no heap, then runs the known-answer program (cross/arm/src/bin/kat.rs: DH-3072
# exponentiations and a P-256 inverse) under qemu-system-arm with semihosting: the M4 build on
# the mps2-an386 board (Cortex-M4), the M0+ build on mps2-an385 (Cortex-M3, which runs the
# ARMv6-M instruction set; qemu has no Cortex-M0 board with this much RAM).
set -euo pipefail
cd "$(dirname "$0")/../cross/arm"
CARGO=${CARGO:-cargo}
for spec in thumbv7em-none-eabihf:mps2-an386 thumbv6m-none-eabi:mps2-an385; do
  target=${spec%%:*}
  board=${spec#*:}
  $CARGO build -q --release --target "$target" --bin kat
  echo "arm: $target on qemu-system-arm -M $board"
  timeout 600 qemu-system-arm -M "$board" -nographic -monitor none \
    -semihosting-config enable=on,target=native \
    -kernel "target/$target/release/kat"
done
