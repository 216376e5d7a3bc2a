#!/usr/bin/env bash
# Benchmarks/LVGL/run.sh — PanelKit beside LVGL v9.4.0, both in one run, on this machine.
#   list [ROWS...]  a list scrolled 7 px a frame on 800x480 XRGB8888 (default ROWS: 100 1000):
#                   lvlist.c (an lv_list, an object per row) and Benchmarks' ListScroll (a
#                   ListView reusing its cells); frame p50/p90/p99, peak RSS, LVGL's heap in use.
#   label           a TrueType label redrawn with a warm glyph cache, 18 px, 800 px wide:
#                   lvlabel.c (LVGL's FreeType font, DejaVu Sans falling back to WenQuanYi Micro
#                   Hei) and RenderBenchmarks' TextLabel_* (package-benchmark).
#   scrload [ROUNDS]  a screen pushed over another on 800x480 (and 1280x800) XRGB8888, 30 transitions
#                   of 350 ms a round: lvscrload.c (lv_screen_load_anim, move left) and Benchmarks'
#                   ScreenPush (a NavigationController push), alternating round by round (default 3
#                   rounds); then instructions per frame under callgrind, (N - 0 transitions) / frames.
#   chart [ROUNDS]  LVGL's chart scene on 800x480 XRGB8888, 4 series of 1000 points, one sample each
#                   per frame, shift and circular modes: lvchart.c (lv_chart) and Benchmarks'
#                   ChartFeed (a ChartView), alternating round by round (default 3 rounds); then
#                   instructions per frame under callgrind, (N - 0 frames) / N.
#   LVGL's sources come from a bare git clone of lvgl/lvgl (tag v9.4.0), configured as
#   LVGL's own benchmark harness does (32-bit colour, 8 MiB builtin heap) plus FreeType, and built with
#   gcc -O2 in a scratch directory; nothing of LVGL is kept in this repository.
# Usage: LVGL_GIT=<bare clone of lvgl/lvgl> Benchmarks/LVGL/run.sh list [ROWS...] | label
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
what=${1:?usage: Benchmarks/LVGL/run.sh list [ROWS...] | label | scrload [ROUNDS] | chart [ROUNDS]}
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
    scrload)
        rounds=${1:-3}
        gcc $cflags "$here/lvscrload.c" liblvgl.a $(pkg-config --libs freetype2) -lm -o lvscrload
        (cd "$root/Benchmarks" && swift build -c release --product ScreenPush >/dev/null)
        push="$(cd "$root/Benchmarks" && swift build -c release --show-bin-path)/ScreenPush"
        for ((r = 1; r <= rounds; r++)); do
            ./lvscrload 30 4
            "$push" 30 4
            ./lvscrload 30 4 1280 800
            "$push" 30 4 1280 800
        done
        # Instructions per frame: the same run with 0 and 10 timed transitions (2 warm-up), the
        # difference divided by the frames those 10 took.
        instructions() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 | sed -n 's/.*Collected : //p'; }
        for size in "800 480" "1280 800"; do
            set -- $size
            l0=$(instructions ./lvscrload 0 2 "$1" "$2"); l10=$(instructions ./lvscrload 10 2 "$1" "$2")
            p0=$(instructions "$push" 0 2 "$1" "$2"); p10=$(instructions "$push" 10 2 "$1" "$2")
            lf=$(./lvscrload 10 2 "$1" "$2" | sed -n 's/.* frames=\([0-9]*\).*/\1/p')
            pf=$("$push" 10 2 "$1" "$2" | sed -n 's/.* frames=\([0-9]*\).*/\1/p')
            echo "instructions per frame ${1}x${2}: LVGL $(( (l10 - l0) / lf )) ($lf frames), PanelKit $(( (p10 - p0) / pf )) ($pf frames)"
        done
        ;;
    chart)
        rounds=${1:-3}
        gcc $cflags "$here/lvchart.c" liblvgl.a $(pkg-config --libs freetype2) -lm -o lvchart
        (cd "$root/Benchmarks" && swift build -c release --product ChartFeed >/dev/null)
        feed="$(cd "$root/Benchmarks" && swift build -c release --show-bin-path)/ChartFeed"
        for ((r = 1; r <= rounds; r++)); do
            for mode in shift circular; do
                ./lvchart "$mode" 1000 100
                "$feed" "$mode" 1000 100
            done
        done
        # Instructions per frame: the same run with 0 and 200 timed frames (100 warm-up), the
        # difference divided by 200.
        instructions() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 | sed -n 's/.*Collected : //p'; }
        for mode in shift circular; do
            l0=$(instructions ./lvchart "$mode" 0 100); l200=$(instructions ./lvchart "$mode" 200 100)
            p0=$(instructions "$feed" "$mode" 0 100); p200=$(instructions "$feed" "$mode" 200 100)
            echo "instructions per frame $mode: LVGL $(( (l200 - l0) / 200 )), PanelKit $(( (p200 - p0) / 200 ))"
        done
        ;;
    *) echo "run.sh: say list, label, scrload or chart" >&2; exit 2 ;;
esac
