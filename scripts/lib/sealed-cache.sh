# scripts/lib/sealed-cache.sh — sourced, not run: files cached on the machine (outside the clone),
# each sealed by a checksum written beside it (FILE.sha256) once it is whole, so that a
# truncated download or a half-written image is detected and made again, never used.
#   sealed FILE           true when FILE and FILE.sha256 exist and agree
#   seal PARTIAL FILE     moves PARTIAL (a finished file) to FILE and writes FILE.sha256
#   unsealed_reason FILE  why FILE cannot be used (for the log): missing, unsealed or damaged
# shellcheck shell=bash
sealed() {
    [[ -f "$1" && -f "$1.sha256" ]] || return 1
    (cd "$(dirname "$1")" && sha256sum --quiet --strict -c "$(basename "$1").sha256" >/dev/null 2>&1)
}
seal() {
    local partial=$1 file=$2 sum
    rm -f "$file.sha256"
    mv "$partial" "$file"
    sum=$(sha256sum "$file" | cut -c1-64)
    printf '%s  %s\n' "$sum" "$(basename "$file")" > "$file.sha256.partial" && mv "$file.sha256.partial" "$file.sha256"
}
unsealed_reason() {
    if [[ ! -f "$1" ]]; then echo "not cached yet"
    elif [[ ! -f "$1.sha256" ]]; then echo "has no checksum (an interrupted write, or an older cache)"
    else echo "does not match its checksum (damaged or half-written)"
    fi
}
