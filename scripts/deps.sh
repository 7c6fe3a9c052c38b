#!/usr/bin/env bash
# Installs the Debian packages that `make test` needs and a fresh machine may lack, with
# apt-get (as root, or through sudo), naming each package and what it is for before it does.
set -euo pipefail

# package | a command that succeeds when it is present | what it is for
needs=(
  "gcc|command -v cc|compiling GMP (behind the rug test oracle) and the C tests"
  "m4|command -v m4|the GMP build behind the rug test oracle"
  "valgrind|command -v valgrind|the constant-time check (make ct) and the C tests"
  "python3-venv|python3 -c 'import ensurepip'|the virtual environment of the Python tests"
  "qemu-user|command -v qemu-aarch64|running the aarch64 tests (make cross)"
  "qemu-system-arm|command -v qemu-system-arm|running the Cortex-M test program (make arm)"
  "gcc-aarch64-linux-gnu|command -v aarch64-linux-gnu-gcc|linking the aarch64 tests (make cross)"
  "gcc-i686-linux-gnu|command -v i686-linux-gnu-gcc|linking the i686 tests (make cross)"
  "llvm|command -v llvm-size|measuring code size (make size)"
)

# The Rust targets of make cross and make arm.
if command -v rustup >/dev/null; then
  installed=$(rustup target list --installed)
  for t in aarch64-unknown-linux-gnu i686-unknown-linux-gnu thumbv7em-none-eabihf thumbv6m-none-eabi wasm32-unknown-unknown; do
    if grep -qx "$t" <<< "$installed"; then
      echo "deps: the Rust target $t is present"
    else
      echo "deps: rustup target add $t (make cross, make arm)"
      rustup target add "$t"
    fi
  done
fi

missing=()
for need in "${needs[@]}"; do
  IFS='|' read -r pkg check why <<< "$need"
  if bash -c "$check" >/dev/null 2>&1; then
    echo "deps: $pkg is present"
  else
    echo "deps: installing the Debian package $pkg, for $why"
    missing+=("$pkg")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
[ "$(id -u)" = 0 ] || sudo=sudo
echo "deps: $sudo apt-get install -y ${missing[*]}"
$sudo apt-get update -qq
$sudo apt-get install -y -qq "${missing[@]}"
