# scripts/lib/toolchain.sh — sourced: puts the Swift toolchain on PATH, from where it is, not
# from a path written here. The `swift` on PATH is used as it is; else $SWIFT_TOOLCHAIN (the
# folder holding the toolchain's usr/) is added; else the script stops, saying so. (sudo
# resets PATH: run such scripts with `sudo env PATH="$PATH" …`, or set SWIFT_TOOLCHAIN.)
# After it, $swift_toolchain is that folder.
if ! command -v swift >/dev/null 2>&1; then
    if [[ -n "${SWIFT_TOOLCHAIN:-}" && -x "$SWIFT_TOOLCHAIN/usr/bin/swift" ]]; then
        export PATH="$SWIFT_TOOLCHAIN/usr/bin:$PATH"
    else
        echo "$(basename "$0"): no Swift toolchain: put its usr/bin on PATH, or set SWIFT_TOOLCHAIN to the folder that holds its usr/ (install Swift 6.3: https://www.swift.org/install/linux/)" >&2
        exit 1
    fi
fi
swift_toolchain=$(cd "$(dirname "$(readlink -f "$(command -v swift)")")/../.." && pwd)
