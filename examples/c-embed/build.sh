#!/bin/sh
# Builds and runs the C embedding example from the repository root's build:
#   cargo build --release && examples/c-embed/build.sh [OUT_DIR]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
target=${CARGO_TARGET_DIR:-$root/target}
out=${1:-$target/c-embed}
mkdir -p "$out"
"$target/release/pjrtc" compile "$here/model.mlir" --emit obj -o "$out/model.o"
${CC:-cc} -O2 -I "$root/runtime-lib/include" -I "$out" "$here/main.c" "$out/model.o" \
    "$target/release/libpjrtc_runtime.a" -lm -lpthread -ldl -o "$out/c-embed"
"$out/c-embed"
