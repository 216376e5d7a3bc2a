/* LVGL v9.4.0 list-scroll harness: the peer of PanelKit's ListScroll (Benchmarks/Sources/ListScroll; run with Benchmarks/LVGL/run.sh list).
 * usage: lvlist ROWS [frames=2000] [warmup=200]
 * An 800x480 XRGB8888 display (one full-size buffer, partial mode, flush into RAM as lvtap does),
 * an lv_list filling the screen with ROWS buttons "Setting <i>" (LVGL creates every row object),
 * scrolled 7 px a frame (lv_obj_scroll_by, no animation) and redrawn at once (lv_refr_now): each
 * frame is timed. At the end of the list it jumps back to the top (not timed).
 * prints: lvgl-list rows=<r> frames=<f> p50_us=<> p90_us=<> p99_us=<> lv_mem_used_bytes=<> peak_rss_kb=<> */
#include "harness.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define W 800
#define H 480

/* VmHWM from /proc/self/status: the peak resident set, in kB. */
static long peak_rss_kb(void) {
    FILE *f = fopen("/proc/self/status", "r");
    if (!f) return -1;
    char line[256];
    long kb = -1;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, "VmHWM:", 6) == 0) kb = strtol(line + 6, NULL, 10);
    fclose(f);
    return kb;
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: lvlist ROWS [frames] [warmup]\n"); return 2; }
    int rows = atoi(argv[1]);
    int frames = argc > 2 ? atoi(argv[2]) : 2000;
    int warmup = argc > 3 ? atoi(argv[3]) : 200;
    if (rows < 1 || frames < 1 || warmup < 0) { fprintf(stderr, "lvlist: ROWS and frames must be positive\n"); return 2; }

    harness_display(W, H);

    lv_obj_t *list = lv_list_create(lv_screen_active());
    lv_obj_set_size(list, W, H);
    lv_obj_set_pos(list, 0, 0);
    char text[32];
    for (int i = 0; i < rows; i++) {
        snprintf(text, sizeof text, "Setting %d", i);
        lv_list_add_button(list, NULL, text);
    }
    lv_tick_inc(1000);
    lv_timer_handler();
    lv_refr_now(NULL);

    uint64_t *s = malloc(sizeof *s * (size_t)frames);
    for (int k = 0; k < warmup + frames; k++) {
        if (lv_obj_get_scroll_bottom(list) < 7) {
            lv_obj_scroll_to_y(list, 0, LV_ANIM_OFF);
            lv_refr_now(NULL);
        }
        lv_tick_inc(16);
        uint64_t t0 = now_ns();
        lv_obj_scroll_by(list, 0, -7, LV_ANIM_OFF);
        lv_refr_now(NULL);
        uint64_t t1 = now_ns();
        if (k >= warmup) s[k - warmup] = t1 - t0;
    }
    qsort(s, (size_t)frames, sizeof *s, cmp_u64);
    lv_mem_monitor_t mon;
    lv_mem_monitor(&mon);
    printf("lvgl-list rows=%d frames=%d p50_us=%.1f p90_us=%.1f p99_us=%.1f lv_mem_used_bytes=%u peak_rss_kb=%ld\n", rows, frames,
           percentile_us(s, frames, 50), percentile_us(s, frames, 90), percentile_us(s, frames, 99),
           (unsigned)(mon.total_size - mon.free_size), peak_rss_kb());
    return 0;
}
