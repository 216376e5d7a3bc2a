#!/usr/bin/env bash
# Benchmarks/LVGL/run.sh — PanelKit beside LVGL v9.4.0, both in one run, on this machine.
#   list [ROWS...]  a list scrolled 7 px a frame on 800x480 XRGB8888 (default ROWS: 100 1000):
#                   lvlist.c (an lv_list, an object per row) and Benchmarks' ListScroll (a
#                   ListView reusing its cells); frame p50/p90/p99, peak RSS, LVGL's heap in use.
#   label           a TrueType label redrawn with a warm glyph cache, 18 px, 800 px wide:
#                   lvlabel.c (LVGL's FreeType font, DejaVu Sans falling back to WenQuanYi Micro
#                   Hei) and RenderBenchmarks' TextLabel_* (package-benchmark).
#   LVGL's sources come from a bare git clone of lvgl/lvgl (tag v9.4.0), configured as
#   LVGL's own benchmark harness does (32-bit colour, 8 MiB builtin heap) plus FreeType, and built with
#   gcc -O2 in a scratch directory; nothing of LVGL is kept in this repository.
# Usage: LVGL_GIT=<bare clone of lvgl/lvgl> Benchmarks/LVGL/run.sh list [ROWS...] | label
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
what=${1:?usage: Benchmarks/LVGL/run.sh list [ROWS...] | label}
shift
scratch=${SCRATCH:-${TMPDIR:-/tmp}/panelkit-lvgl}
mkdir -p "$scratch" && cd "$scratch"
if [[ ! -d lvgl/src ]]; then
    mkdir -p lvgl
    GIT_INDEX_FILE="$PWD/.lvgl-index" git --git-dir="${LVGL_GIT:?set LVGL_GIT to a bare git clone of lvgl/lvgl}" \
        --work-tree=lvgl checkout v9.4.0 -- src lvgl.h lvgl_private.h lv_conf_template.h lv_version.h
    rm -f .lvgl-index
fi
[[ -f lv_conf.h ]] || sed -e '15s/#if 0/#if 1/' -e 's/^#define LV_COLOR_DEPTH 16/#define LV_COLOR_DEPTH 32/' \
    -e 's/#define LV_MEM_SIZE (64 \* 1024U)/#define LV_MEM_SIZE (8 * 1024 * 1024U)/' \
    -e 's/^#define LV_BUILD_EXAMPLES 1/#define LV_BUILD_EXAMPLES 0/' -e 's/^#define LV_USE_FREETYPE 0/#define LV_USE_FREETYPE 1/' \
    lvgl/lv_conf_template.h > lv_conf.h
cflags="-O2 -DLV_CONF_INCLUDE_SIMPLE -I. -Ilvgl -I$here $(pkg-config --cflags freetype2)"
if [[ ! -f liblvgl.a ]]; then
    find lvgl/src -name '*.c' | xargs -P 2 -I{} sh -c "o=build/\$(echo {} | sed 's/\\.c\$/.o/'); mkdir -p \"\$(dirname \"\$o\")\"; gcc $cflags -c {} -o \"\$o\""
    find build -name '*.o' | xargs ar rcs liblvgl.a
fi
case "$what" in
    list)
        rows=("$@"); ((${#rows[@]})) || rows=(100 1000)
        gcc $cflags "$here/lvlist.c" liblvgl.a $(pkg-config --libs freetype2) -lm -o lvlist
        (cd "$root/Benchmarks" && swift build -c release --product ListScroll >/dev/null)
        listscroll="$(cd "$root/Benchmarks" && swift build -c release --show-bin-path)/ListScroll"
        for r in "${rows[@]}"; do
            ./lvlist "$r" 2000 200
            "$listscroll" "$r" 2000 200
        done
        ;;
    label)
        gcc $cflags "$here/lvlabel.c" liblvgl.a $(pkg-config --libs freetype2) -lm -o lvlabel
        ./lvlabel 2000 200
        cd "$root/Benchmarks"
        swift package --disable-sandbox benchmark --target RenderBenchmarks --filter 'TextLabel_.*' --no-progress
        ;;
    *) echo "run.sh: say list or label" >&2; exit 2 ;;
esac
