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
#   observer [ROUNDS]  a dashboard bound to a model that changes 1000 times a second (4 gauges, a
#                   200-point chart, 20 labels; a 60 Hz frame takes the changes since the last one):
#                   lvobserver.c (lv_subject_t, lv_arc_bind_value, lv_label_bind_text, an observer
#                   feeding lv_chart) and Benchmarks' BoundDashboard (views bound through
#                   updateProperties to @Observable signals), alternating round by round (default 3
#                   rounds); then instructions per frame under callgrind, (N - 0 frames) / N.
#   layout [ROUNDS] a settings screen of 30 rows (a label and a switch each) on 800x480: lvflex.c
#                   (a flex column of flex rows) and Benchmarks' SettingsLayout (240 constraints),
#                   alternating round by round (default 3 rounds): the first layout of a built
#                   screen, and the layout after one row's height changes; then PanelKit's 10 000
#                   constraints (2 500 rows) solved once.
#   demo [ROUNDS]   LVGL's widgets demo on 800x480 XRGB8888 and PanelKit's rebuild of it
#                   (Examples/WidgetShowcase): lvdemo.c (lv_demo_widgets) and Benchmarks' WidgetsDemo,
#                   alternating round by round (default 3 rounds): create, first frame, full redraw,
#                   the photo's area redrawn, idle, tab switches per frame and whole, the animated
#                   dials; then instructions under callgrind for a full redraw, the photo's area
#                   and a warm tab switch; process start to the
#                   first frame, wall clock, median of 20 (lvdemo, and WidgetsDemo as
#                   scripts/build-for-board builds it, each `0 0 0 --phase first_frame`: create,
#                   first frame, exit; then lvdemo again beside the apps themselves built for a
#                   board, Examples/WidgetShowcase and Examples/DoorKeypad, each
#                   `--exit-after-first-frame`); LVGL's tabs as PNGs.
#   LVGL's sources come from a bare git clone of lvgl/lvgl (tag v9.4.0), configured as
#   LVGL's own benchmark harness does (32-bit colour, 8 MiB builtin heap) plus FreeType, and built with
#   gcc -O2 in a scratch directory; nothing of LVGL is kept in this repository.
# Usage: LVGL_GIT=<bare clone of lvgl/lvgl> Benchmarks/LVGL/run.sh list [ROWS...] | label | scrload | chart | observer | layout | demo
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
what=${1:?usage: Benchmarks/LVGL/run.sh list [ROWS...] | label | scrload [ROUNDS] | chart [ROUNDS] | observer [ROUNDS] | layout [ROUNDS] | demo [ROUNDS]}
shift
scratch=${SCRATCH:-${TMPDIR:-/tmp}/panelkit-lvgl}
cflags="-O2 -DLV_CONF_INCLUDE_SIMPLE -I. -Ilvgl -I$here $(pkg-config --cflags freetype2)"
# prepare DIR [demo]: LVGL's sources, lv_conf.h and liblvgl.a in DIR (kept between runs); with
# "demo", also its widgets demo and the Montserrat sizes the demo uses.
prepare() {
    mkdir -p "$1" && cd "$1"
    local parts=(src lvgl.h lvgl_private.h lv_conf_template.h lv_version.h) extra=()
    if [[ "${2:-}" == demo ]]; then
        parts+=(demos)
        extra=(-e 's/^\( *\)#define LV_USE_DEMO_WIDGETS 0/\1#define LV_USE_DEMO_WIDGETS 1/'
               -e 's/^#define LV_FONT_MONTSERRAT_\(12\|16\|18\|20\|24\) 0/#define LV_FONT_MONTSERRAT_\1 1/')
    fi
    if [[ ! -d lvgl/src ]]; then
        mkdir -p lvgl
        GIT_INDEX_FILE="$PWD/.lvgl-index" git --git-dir="${LVGL_GIT:?set LVGL_GIT to a bare git clone of lvgl/lvgl}" \
            --work-tree=lvgl checkout v9.4.0 -- "${parts[@]}"
        rm -f .lvgl-index
    fi
    [[ -f lv_conf.h ]] || sed -e '15s/#if 0/#if 1/' -e 's/^#define LV_COLOR_DEPTH 16/#define LV_COLOR_DEPTH 32/' \
        -e 's/#define LV_MEM_SIZE (64 \* 1024U)/#define LV_MEM_SIZE (8 * 1024 * 1024U)/' \
        -e 's/^#define LV_BUILD_EXAMPLES 1/#define LV_BUILD_EXAMPLES 0/' -e 's/^#define LV_USE_FREETYPE 0/#define LV_USE_FREETYPE 1/' \
        "${extra[@]}" lvgl/lv_conf_template.h > lv_conf.h
    if [[ ! -f liblvgl.a ]]; then
        local sources=(lvgl/src)
        [[ "${2:-}" == demo ]] && sources+=(lvgl/demos/lv_demos.c lvgl/demos/widgets)
        find "${sources[@]}" -name '*.c' | xargs -P 2 -I{} sh -c "o=build/\$(echo {} | sed 's/\\.c\$/.o/'); mkdir -p \"\$(dirname \"\$o\")\"; gcc $cflags -c {} -o \"\$o\""
        find build -name '*.o' | xargs ar rcs liblvgl.a
    fi
}
if [[ "$what" == demo ]]; then prepare "$scratch/demo" demo; else prepare "$scratch"; fi
# The instructions a whole run of BINARY ARGS executes, counted by callgrind. Debian 12's
# valgrind (3.19) cannot read the DWARF 5 debug information of a Swift 6.3 release build, so it
# counts a copy without debug information (its symbols kept), beside the binary, where its
# $ORIGIN run path still finds the libraries built with it. A count that is not a number fails.
instructions() {
    local binary=$1 counted count
    shift
    counted="$binary.counted"
    strip --strip-debug -o "$counted" "$binary"
    count=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$counted" "$@" 2>&1 | sed -n 's/.*Collected : //p')
    [[ "$count" =~ ^[0-9]+$ ]] || { echo "run.sh: callgrind counted nothing for $binary $*" >&2; return 1; }
    echo "$count"
}
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
        for mode in shift circular; do
            l0=$(instructions ./lvchart "$mode" 0 100); l200=$(instructions ./lvchart "$mode" 200 100)
            p0=$(instructions "$feed" "$mode" 0 100); p200=$(instructions "$feed" "$mode" 200 100)
            echo "instructions per frame $mode: LVGL $(( (l200 - l0) / 200 )), PanelKit $(( (p200 - p0) / 200 ))"
        done
        ;;
    observer)
        rounds=${1:-3}
        gcc $cflags "$here/lvobserver.c" liblvgl.a $(pkg-config --libs freetype2) -lm -o lvobserver
        (cd "$root/Benchmarks" && swift build -c release --product BoundDashboard >/dev/null)
        bound="$(cd "$root/Benchmarks" && swift build -c release --show-bin-path)/BoundDashboard"
        for ((r = 1; r <= rounds; r++)); do
            ./lvobserver 1000 100
            "$bound" 1000 100
        done
        # Instructions per frame (a changed frame and an idle one after it): 0 and 200 timed
        # frames (100 warm-up), the difference divided by 200.
        l0=$(instructions ./lvobserver 0 100); l200=$(instructions ./lvobserver 200 100)
        p0=$(instructions "$bound" 0 100); p200=$(instructions "$bound" 200 100)
        echo "instructions per changed frame + idle frame: LVGL $(( (l200 - l0) / 200 )), PanelKit $(( (p200 - p0) / 200 ))"
        ;;
    layout)
        rounds=${1:-3}
        gcc $cflags "$here/lvflex.c" liblvgl.a $(pkg-config --libs freetype2) -lm -o lvflex
        (cd "$root/Benchmarks" && swift build -c release --product SettingsLayout >/dev/null)
        settings="$(cd "$root/Benchmarks" && swift build -c release --show-bin-path)/SettingsLayout"
        for ((r = 1; r <= rounds; r++)); do
            ./lvflex 50 1000 100
            "$settings" 50 1000 100
        done
        ;;
    demo)
        rounds=${1:-3}
        gcc $cflags "$here/lvdemo.c" liblvgl.a $(pkg-config --libs freetype2) -lpng -lm -o lvdemo
        (cd "$root/Benchmarks" && swift build -c release --product WidgetsDemo >/dev/null)
        widgets="$(cd "$root/Benchmarks" && swift build -c release --show-bin-path)/WidgetsDemo"
        for ((r = 1; r <= rounds; r++)); do
            ./lvdemo
            "$widgets"
        done
        # LVGL's three tabs as PNGs, to set beside PanelKit's (WidgetShowcase --output).
        mkdir -p png && ./lvdemo --png-dir png && echo "screenshots: LVGL's tabs in $PWD/png"
        # Instructions: a full redraw and a warm tab switch, each the difference between the phase
        # run with N samples and with none, divided by N.
        l0=$(instructions ./lvdemo 0 0 0 --phase full_redraw); p0=$(instructions "$widgets" 0 0 0 --phase full_redraw)
        l1=$(instructions ./lvdemo 100 0 0 --phase full_redraw); p1=$(instructions "$widgets" 100 0 0 --phase full_redraw)
        echo "instructions per full redraw: LVGL $(( (l1 - l0) / 100 )), PanelKit $(( (p1 - p0) / 100 ))"
        l3=$(instructions ./lvdemo 0 0 0 --phase photo); p3=$(instructions "$widgets" 0 0 0 --phase photo)
        l4=$(instructions ./lvdemo 100 0 0 --phase photo); p4=$(instructions "$widgets" 100 0 0 --phase photo)
        echo "instructions per photo redraw: LVGL $(( (l4 - l3) / 100 )), PanelKit $(( (p4 - p3) / 100 ))"
        l2=$(instructions ./lvdemo 0 10 0 --phase switch); p2=$(instructions "$widgets" 0 10 0 --phase switch)
        lb=$(instructions ./lvdemo 0 0 0 --phase switch); pb=$(instructions "$widgets" 0 0 0 --phase switch)
        echo "instructions per warm tab switch: LVGL $(( (l2 - lb) / 10 )), PanelKit $(( (p2 - pb) / 10 ))"
        # Process start to the first frame, as an app starts on a board: the median of 20 runs.
        board_widgets="$("$root/scripts/build-for-board" --package-path "$root/Benchmarks" --scratch-path "$root/Benchmarks/.build-board" \
            --product WidgetsDemo 2>/dev/null | tail -n 1)/WidgetsDemo"
        startup_us() {
            local times=() t0
            for _ in $(seq 20); do
                t0=$(date +%s%N)
                "$@" >/dev/null
                times+=($((($(date +%s%N) - t0) / 1000)))
            done
            printf '%s\n' "${times[@]}" | sort -n | sed -n 10p
        }
        echo "process start to first frame, median of 20: LVGL $(startup_us ./lvdemo 0 0 0 --phase first_frame) us, PanelKit $(startup_us "$board_widgets" 0 0 0 --phase first_frame) us"
        # The apps themselves, as they ship (no benchmark harness linked: WidgetsDemo above brings
        # the malloc counter and SDL2): board bring-up on the mock board, first frame, exit.
        showcase_app="$("$root/scripts/build-for-board" --package-path "$root/Examples/WidgetShowcase" --product WidgetShowcase 2>/dev/null | tail -n 1)/WidgetShowcase"
        keypad_app="$("$root/scripts/build-for-board" --package-path "$root/Examples/DoorKeypad" --product DoorKeypad 2>/dev/null | tail -n 1)/DoorKeypad"
        echo "process start to first frame of the apps built for a board, median of 20: LVGL $(startup_us ./lvdemo 0 0 0 --phase first_frame) us, WidgetShowcase $(startup_us "$showcase_app" --exit-after-first-frame) us, DoorKeypad $(startup_us "$keypad_app" --exit-after-first-frame) us"
        ;;
    *) echo "run.sh: say list, label, scrload, chart, observer, layout or demo" >&2; exit 2 ;;
esac
