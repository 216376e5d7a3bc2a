#!/usr/bin/env bash
# Benchmarks/LVGLList/run.sh — a list scrolled frame by frame, LVGL v9.4.0 beside PanelKit, in one run.
#   LVGL: lvlist.c, an lv_list of ROWS buttons (LVGL makes every row object) on an 800x480
#   XRGB8888 display, 7 px a frame, lv_refr_now into RAM. PanelKit: Benchmarks' ListScroll, a
#   ListView of ROWS rows (cells reused) on an 800x480 XRGB8888 memory framebuffer, 7 points a
#   frame, runOnce. Both print per-frame p50/p90/p99 and peak RSS; LVGL also its heap in use.
#   LVGL's sources come from a bare git clone of lvgl/lvgl (tag v9.4.0), built with gcc -O2 in
#   a scratch directory; nothing of LVGL is kept in this repository.
# Usage: LVGL_GIT=<bare clone of lvgl/lvgl> Benchmarks/LVGLList/run.sh [ROWS...]   (default: 100 1000)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
scratch=${SCRATCH:-${TMPDIR:-/tmp}/panelkit-lvgl-list}
rows=("$@"); ((${#rows[@]})) || rows=(100 1000)
mkdir -p "$scratch" && cd "$scratch"
if [[ ! -d lvgl/src ]]; then
    mkdir -p lvgl
    GIT_INDEX_FILE="$PWD/.lvgl-index" git --git-dir="${LVGL_GIT:?set LVGL_GIT to a bare git clone of lvgl/lvgl}" \
        --work-tree=lvgl checkout v9.4.0 -- src lvgl.h lvgl_private.h lv_conf_template.h lv_version.h
    rm -f .lvgl-index
fi
# The template enabled, 32-bit colour, the builtin heap at 8 MiB, no examples (as ../shared/bench-lvgl).
[[ -f lv_conf.h ]] || sed -e '15s/#if 0/#if 1/' -e 's/^#define LV_COLOR_DEPTH 16/#define LV_COLOR_DEPTH 32/' \
    -e 's/#define LV_MEM_SIZE (64 \* 1024U)/#define LV_MEM_SIZE (8 * 1024 * 1024U)/' \
    -e 's/^#define LV_BUILD_EXAMPLES 1/#define LV_BUILD_EXAMPLES 0/' lvgl/lv_conf_template.h > lv_conf.h
if [[ ! -f liblvgl.a ]]; then
    find lvgl/src -name '*.c' | while read -r c; do echo "$c"; done |
        xargs -P 2 -I{} sh -c 'o=build/$(echo {} | sed "s/\.c$/.o/"); mkdir -p "$(dirname "$o")"; gcc -O2 -DLV_CONF_INCLUDE_SIMPLE -I. -Ilvgl -c {} -o "$o"'
    find build -name '*.o' | xargs ar rcs liblvgl.a
fi
gcc -O2 -DLV_CONF_INCLUDE_SIMPLE -I. -Ilvgl "$here/lvlist.c" liblvgl.a -lm -o lvlist
(cd "$root/Benchmarks" && swift build -c release --product ListScroll >/dev/null)
listscroll="$(cd "$root/Benchmarks" && swift build -c release --show-bin-path)/ListScroll"
for r in "${rows[@]}"; do
    ./lvlist "$r" 2000 200
    "$listscroll" "$r" 2000 200
done
