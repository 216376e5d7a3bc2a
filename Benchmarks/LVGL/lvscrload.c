/* LVGL v9.4.0 screen-load harness: the peer of PanelKit's ScreenPush (Benchmarks/Sources/ScreenPush; run with Benchmarks/LVGL/run.sh scrload).
 * usage: lvscrload [transitions=30] [warmup=4] [width=800] [height=480]
 * Two screens, each 20 labelled buttons (92x105, five columns of four) and an lv_list (270x460) of a
 * text row and 12 buttons with a symbol and a label, default theme; an XRGB8888 display drawn into RAM.
 * A transition is lv_screen_load_anim(other, LV_SCREEN_LOAD_ANIM_MOVE_LEFT, 350, 0, false), timed with
 * the first frame; a frame is lv_tick_inc(16), lv_timer_handler(), lv_refr_now(NULL), until no
 * animation runs. Transitions alternate 1 -> 2 and 2 -> 1, the first `warmup` not timed.
 * prints: lvgl-scrload WxH transitions=<t> frames=<n> frames_per_transition=<a>..<b> frame_p50_us=<>
 *         frame_p90_us=<> frame_p99_us=<> frame_max_us=<> transition_p50_us=<> lv_mem_used_bytes=<> */
#include "harness.h"
#include <stdio.h>
#include <stdlib.h>

static void build_screen(lv_obj_t *scr, int tag) {
    char text[32];
    for (int i = 0; i < 20; i++) {
        lv_obj_t *b = lv_button_create(scr);
        lv_obj_set_pos(b, 10 + (i % 5) * 100, 10 + (i / 5) * 115);
        lv_obj_set_size(b, 92, 105);
        lv_obj_t *l = lv_label_create(b);
        snprintf(text, sizeof text, "S%d B%d", tag, i);
        lv_label_set_text(l, text);
        lv_obj_center(l);
    }
    lv_obj_t *list = lv_list_create(scr);
    lv_obj_set_pos(list, 520, 10);
    lv_obj_set_size(list, 270, 460);
    lv_list_add_text(list, tag == 1 ? "Screen one" : "Screen two");
    static const char *icons[] = {LV_SYMBOL_FILE, LV_SYMBOL_DIRECTORY, LV_SYMBOL_SAVE, LV_SYMBOL_CLOSE,
                                  LV_SYMBOL_WIFI, LV_SYMBOL_BLUETOOTH, LV_SYMBOL_GPS, LV_SYMBOL_SETTINGS};
    for (int k = 0; k < 12; k++) {
        snprintf(text, sizeof text, "Item %d.%d", tag, k);
        lv_list_add_button(list, icons[k % 8], text);
    }
}

static void frame_step(void) {
    lv_tick_inc(16);
    lv_timer_handler();
    lv_refr_now(NULL);
}

int main(int argc, char **argv) {
    int transitions = argc > 1 ? atoi(argv[1]) : 30;
    int warmup = argc > 2 ? atoi(argv[2]) : 4;
    int width = argc > 3 ? atoi(argv[3]) : 800;
    int height = argc > 4 ? atoi(argv[4]) : 480;
    if (transitions < 0 || warmup < 0 || width < 800 || height < 480) {
        fprintf(stderr, "lvscrload: transitions and warmup >= 0, the screen at least 800x480\n");
        return 2;
    }
    harness_display(width, height);
    lv_obj_t *scr[2];
    scr[0] = lv_screen_active();
    build_screen(scr[0], 1);
    scr[1] = lv_obj_create(NULL);
    build_screen(scr[1], 2);
    frame_step();
    frame_step();

    int capacity = transitions * 64 + 1;
    uint64_t *frames = malloc(sizeof *frames * (size_t)capacity);
    uint64_t *totals = malloc(sizeof *totals * (size_t)(transitions + 1));
    int n = 0, fewest = 1 << 30, most = 0, failures = 0;
    for (int k = 0; k < warmup + transitions; k++) {
        lv_obj_t *to = scr[(k + 1) % 2];
        int measured = k >= warmup, count = 0;
        uint64_t total = 0;
        do {
            uint64_t t0 = now_ns();
            if (count == 0) lv_screen_load_anim(to, LV_SCREEN_LOAD_ANIM_MOVE_LEFT, 350, 0, false);
            frame_step();
            uint64_t t1 = now_ns();
            count++;
            total += t1 - t0;
            if (measured && n < capacity) frames[n++] = t1 - t0;
        } while (lv_anim_count_running() > 0 && count < 1000);
        if (lv_screen_active() != to || count >= 1000) failures++;
        if (measured) {
            totals[k - warmup] = total;
            if (count < fewest) fewest = count;
            if (count > most) most = count;
        }
    }
    qsort(frames, (size_t)n, sizeof *frames, cmp_u64);
    qsort(totals, (size_t)transitions, sizeof *totals, cmp_u64);
    lv_mem_monitor_t mon;
    lv_mem_monitor(&mon);
    printf("lvgl-scrload %dx%d transitions=%d frames=%d frames_per_transition=%d..%d frame_p50_us=%.1f frame_p90_us=%.1f "
           "frame_p99_us=%.1f frame_max_us=%.1f transition_p50_us=%.1f lv_mem_used_bytes=%u failures=%d\n",
           width, height, transitions, n, transitions ? fewest : 0, most, n ? percentile_us(frames, n, 50) : 0,
           n ? percentile_us(frames, n, 90) : 0, n ? percentile_us(frames, n, 99) : 0, n ? frames[n - 1] / 1000.0 : 0,
           transitions ? percentile_us(totals, transitions, 50) : 0, (unsigned)(mon.total_size - mon.free_size), failures);
    return failures != 0;
}
