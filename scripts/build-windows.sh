#!/usr/bin/env bash
# Builds the Gomocup release of Tengen for Windows (x86-64) on a Debian/Ubuntu machine:
#
#   scripts/build-windows.sh
#
# It installs what it needs (Debian packages mingw-w64, wine, wine64, xvfb through
# apt-get, as root or through sudo; the Rust target x86_64-pc-windows-gnu through rustup),
# cross-compiles target/x86_64-pc-windows-gnu/release/pbrain-tengen.exe, strips it,
# checks that it imports only DLLs that every Windows has, and writes
# dist/pbrain-tengen-<version>-windows-x86_64.zip in the layout Gomocup asks for:
# the exe at the top of the zip, plus pbrain-tengen.txt (version, rules, INFO keys).
#
# TENGEN_SKIP_APT=1 skips the package step (the packages are already there).
# Fails loudly (non-zero, a line on stderr) on any missing piece.
set -euo pipefail
cd "$(dirname "$0")/.."

TARGET=x86_64-pc-windows-gnu
EXE=target/$TARGET/release/pbrain-tengen.exe
PACKAGES=(mingw-w64 wine wine64 xvfb)

die() {
    echo "build-windows: $*" >&2
    exit 1
}

# --- packages -------------------------------------------------------------------
missing=()
for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})) && [[ ${TENGEN_SKIP_APT:-0} != 1 ]]; then
    echo "== apt-get install ${missing[*]}"
    if [[ $(id -u) == 0 ]]; then
        as_root=()
    elif sudo -n true 2>/dev/null; then
        as_root=(sudo)
    else
        die "packages ${missing[*]} are missing, and we are neither root nor allowed sudo to install them"
    fi
    command -v apt-get >/dev/null || die "packages ${missing[*]} are missing and there is no apt-get"
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q >/dev/null ||
        die "apt-get update failed: cannot install ${missing[*]}"
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null ||
        die "apt-get install ${missing[*]} failed"
fi
command -v x86_64-w64-mingw32-gcc >/dev/null || die "x86_64-w64-mingw32-gcc not found (package mingw-w64)"
command -v x86_64-w64-mingw32-objdump >/dev/null || die "x86_64-w64-mingw32-objdump not found (package mingw-w64)"
command -v zip >/dev/null || command -v python3 >/dev/null || die "neither zip nor python3 found to write the zip"

if ! rustup target list --installed | grep -qx "$TARGET"; then
    echo "== rustup target add $TARGET"
    rustup target add "$TARGET" || die "rustup target add $TARGET failed"
fi

# --- build ----------------------------------------------------------------------
echo "== cargo build --release --target $TARGET"
export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc
cargo build --release --target "$TARGET" --bin pbrain-tengen
x86_64-w64-mingw32-strip "$EXE"

# --- imports: system DLLs only ---------------------------------------------------
# A Gomocup machine has nothing but Windows itself: no MinGW runtime (libgcc_s_seh,
# libwinpthread), no Visual C++ redistributable. These are DLLs Windows always has.
ALLOWED='^(kernel32|ntdll|advapi32|user32|ws2_32|userenv|bcrypt|bcryptprimitives|msvcrt|shell32|ole32|oleaut32|api-ms-win-core-synch-l1-2-0|api-ms-win-crt-[a-z0-9-]+)\.dll$'
mapfile -t dlls < <(x86_64-w64-mingw32-objdump -p "$EXE" | sed -n 's/^\s*DLL Name: //p' | tr 'A-Z' 'a-z' | sort -u)
((${#dlls[@]})) || die "objdump found no DLL imports in $EXE"
for d in "${dlls[@]}"; do
    [[ $d =~ $ALLOWED ]] || die "$EXE imports $d, which is not a Windows system DLL"
done
size=$(stat -c %s "$EXE")
echo "pbrain-tengen.exe: $size bytes; imports: ${dlls[*]}"

# --- zip ------------------------------------------------------------------------
version=$(sed -n 's/^version *= *"\(.*\)"/\1/p' Cargo.toml | head -n1)
[[ -n $version ]] || die "no version in Cargo.toml"
stage=target/windows-dist
rm -rf "$stage"
mkdir -p "$stage" dist
cp "$EXE" "$stage/pbrain-tengen.exe"
cat >"$stage/pbrain-tengen.txt" <<EOF
Tengen $version, a Gomoku / Renju engine (Gomocup "pbrain" protocol)
Windows x86-64; needs nothing but Windows itself.

Rules (INFO rule): 0 freestyle (five or more), 1 standard (exactly five),
4 (or 2) renju, 8 caro, 9 caro with exactly five.
Boards: 5x5 to 22x22, square (START) or rectangular (RECTSTART).

INFO keys honoured: timeout_turn, timeout_match, time_left, time_increment,
max_memory, rule, hash_size, thread_num, max_depth, max_node, caution_factor,
game_type, folder, pondering, show_detail. Other keys (evaluate, ...) are ignored.

Optional commands: TAKEBACK, PLAY, RESTART, RECTSTART, SWAP2BOARD, and the
Yixin-Board commands YXBOARD, YXSTOP, YXNBEST, YXSHOWFORBID, YXHASHCLEAR,
YXSHOWINFO.

Source and documentation: the Tengen repository's README ("Windows / Gomocup").
EOF
sed -i 's/$/\r/' "$stage/pbrain-tengen.txt" # Notepad-friendly line ends
zipfile=dist/pbrain-tengen-$version-windows-x86_64.zip
rm -f "$zipfile"
if command -v zip >/dev/null; then
    (cd "$stage" && zip -q -X "../../$zipfile" pbrain-tengen.exe pbrain-tengen.txt)
else
    python3 - "$stage" "$zipfile" <<'EOF'
import sys, zipfile, os
stage, out = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
    for name in ("pbrain-tengen.exe", "pbrain-tengen.txt"):
        z.write(os.path.join(stage, name), name)
EOF
fi
echo "wrote $zipfile ($(stat -c %s "$zipfile") bytes)"
