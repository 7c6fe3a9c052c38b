#!/usr/bin/env bash
# Code size on Cortex-M4 (thumbv7em-none-eabihf): `.text` of programs that export only
# constant-time DH-3072 modular exponentiation (cross/arm/src/bin/size_dh3072.rs) or only the
# P-256 field's mul, square, invert and sqrt (size_p256.rs), less the bare runtime (size_empty),
# at opt-level "s" and "z" (LTO, panic = abort). Prints the table of docs/embedded.md and fails
# when the DH library grows past 8 KiB.
set -euo pipefail
cd "$(dirname "$0")/../cross/arm"
CARGO=${CARGO:-cargo}
target=thumbv7em-none-eabihf
text() { llvm-size -A "$1" | awk '$1 == ".text" { print $2 }'; }
echo "| program | opt-level \"s\" | opt-level \"z\" |"
echo "|---|---|---|"
declare -A size
for profile in release size-z; do
  $CARGO build -q --profile "$profile" --target "$target" --bin size_empty --bin size_dh3072 --bin size_p256
  dir=target/$target/$profile
  base=$(text "$dir/size_empty")
  for bin in size_dh3072 size_p256; do
    size[$bin.$profile]=$(( $(text "$dir/$bin") - base ))
  done
done
echo "| DH-3072 constant-time exponentiation | ${size[size_dh3072.release]} | ${size[size_dh3072.size-z]} |"
echo "| P-256 field: mul, square, invert, sqrt | ${size[size_p256.release]} | ${size[size_p256.size-z]} |"
for p in release size-z; do
  if [ "${size[size_dh3072.$p]}" -gt 8192 ]; then
    echo "size: the DH-3072 library is ${size[size_dh3072.$p]} bytes ($p), over 8192"; exit 1
  fi
done
