/* LVGL v9.4.0 observer harness: the peer of PanelKit's BoundDashboard (Benchmarks/Sources/
 * BoundDashboard; run both with Benchmarks/LVGL/run.sh observer).
 * usage: lvobserver [frames=1000] [warmup=100]
 * A dashboard on an 800x480 XRGB8888 screen, default theme: 4 180x180 lv_arc bound to their
 * subjects (lv_arc_bind_value), a 500x270 line chart of 200 points fed by an observer of its
 * subject (lv_subject_add_observer_obj, lv_chart_set_next_value), and 20 120x24 labels bound to
 * theirs (lv_label_bind_text, "%d"). 25 int subjects, as the model's 25 signals. The model
 * changes 1000 times a second, one subject at a time in turn (lv_subject_set_int: the observers
 * run at once); a 60 Hz frame makes the 16 or 17 changes since the last one and then
 * lv_tick_inc(16), lv_timer_handler(), lv_refr_now(NULL). The values are the same as
 * BoundDashboard's.
 * prints: lvgl-observer frames=<n> frame_p50_us=<> frame_p99_us=<> frame_max_us=<>
 *         idle_frame_p50_us=<> scene_heap_bytes=<> (lv_mem_monitor) */
#include "harness.h"
#include <stdio.h>
#include <string.h>

#define SIGNALS 25

static lv_subject_t subjects[SIGNALS];
static long step_count = 0;
static int next_signal = 0;

static void frame_step(void) {
    lv_tick_inc(16);
    lv_timer_handler();
    lv_refr_now(NULL);
}

static uint32_t heap_in_use(void) {
    lv_mem_monitor_t mon;
    lv_mem_monitor(&mon);
    return (uint32_t)(mon.total_size - mon.free_size);
}

static void chart_observer(lv_observer_t *observer, lv_subject_t *subject) {
    lv_obj_t *chart = lv_observer_get_target_obj(observer);
    lv_chart_series_t *series = lv_chart_get_series_next(chart, NULL);
    lv_chart_set_next_value(chart, series, lv_subject_get_int(subject));
}

/* One change of the model: the next subject in turn takes its next value. */
static void change(void) {
    step_count++;
    lv_subject_set_int(&subjects[next_signal], (int32_t)((step_count * 37) % 100));
    next_signal = (next_signal + 1) % SIGNALS;
}

int main(int argc, char **argv) {
    int frames = argc > 1 ? atoi(argv[1]) : 1000;
    int warmup = argc > 2 ? atoi(argv[2]) : 100;
    if (frames < 0 || warmup < 0) {
        fprintf(stderr, "lvobserver: frames and warmup >= 0\n");
        return 2;
    }
    harness_display(800, 480);
    frame_step();
    uint32_t before = heap_in_use();
    lv_obj_t *screen = lv_screen_active();
    for (int i = 0; i < SIGNALS; i++) lv_subject_init_int(&subjects[i], i * 3);
    for (int i = 0; i < 4; i++) {
        lv_obj_t *arc = lv_arc_create(screen);
        lv_obj_set_size(arc, 180, 180);
        lv_obj_set_pos(arc, 10 + i * 195, 10);
        lv_arc_set_range(arc, 0, 100);
        lv_arc_bind_value(arc, &subjects[i]);
    }
    lv_obj_t *chart = lv_chart_create(screen);
    lv_obj_set_size(chart, 500, 270);
    lv_obj_set_pos(chart, 10, 200);
    lv_chart_set_type(chart, LV_CHART_TYPE_LINE);
    lv_chart_set_point_count(chart, 200);
    lv_chart_set_axis_range(chart, LV_CHART_AXIS_PRIMARY_Y, 0, 100);
    lv_obj_set_style_size(chart, 0, 0, LV_PART_INDICATOR);
    lv_chart_add_series(chart, lv_palette_main(LV_PALETTE_BLUE), LV_CHART_AXIS_PRIMARY_Y);
    lv_subject_add_observer_obj(&subjects[4], chart_observer, chart, NULL);
    for (int i = 0; i < 20; i++) {
        lv_obj_t *label = lv_label_create(screen);
        lv_obj_set_size(label, 120, 24);
        lv_obj_set_pos(label, 530 + (i % 2) * 130, 200 + (i / 2) * 27);
        lv_label_bind_text(label, &subjects[5 + i], "%d");
    }
    frame_step();
    frame_step();
    uint32_t scene_heap = heap_in_use() - before;

    uint64_t *times = malloc(sizeof *times * (size_t)(frames + 1));
    uint64_t *idle = malloc(sizeof *idle * (size_t)(frames + 1));
    double owed = 0;
    for (int k = 0; k < warmup + frames; k++) {
        uint64_t t0 = now_ns();
        owed += 1000.0 / 60.0;
        while (owed >= 1) {
            owed -= 1;
            change();
        }
        frame_step();
        uint64_t t1 = now_ns();
        frame_step();
        uint64_t t2 = now_ns();
        if (k >= warmup) {
            times[k - warmup] = t1 - t0;
            idle[k - warmup] = t2 - t1;
        }
    }
    qsort(times, (size_t)frames, sizeof *times, cmp_u64);
    qsort(idle, (size_t)frames, sizeof *idle, cmp_u64);
    printf("lvgl-observer frames=%d frame_p50_us=%.1f frame_p99_us=%.1f frame_max_us=%.1f idle_frame_p50_us=%.1f scene_heap_bytes=%u\n", frames,
           frames ? percentile_us(times, frames, 50) : 0, frames ? percentile_us(times, frames, 99) : 0,
           frames ? times[frames - 1] / 1000.0 : 0, frames ? percentile_us(idle, frames, 50) : 0, (unsigned)scene_heap);
    return 0;
}
